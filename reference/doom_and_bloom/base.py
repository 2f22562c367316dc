"""Doom and Bloom SURVIVAL!: what every part of the rules shares.

The :class:`Catalog` (board, content and dice indexed once per config), the pooled
holdings of a side (a player, or a team in team play), gains capped at the asset caps,
losses that never go below zero, the survivor milestones, and where a pawn may finish.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, TypeVar

from dieproof.reference.core import chance
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.doom_and_bloom.board import Topology, check_board, default_board, topology
from dieproof.reference.doom_and_bloom.content import content_of
from dieproof.reference.doom_and_bloom.types import (
    BONUS_ITEM,
    CAPS,
    DESTINATIONS,
    EXTRA_MILE_DICE,
    MAX_PLAYERS,
    MEDKITS,
    MILESTONES,
    MIN_PLAYERS,
    NORMAL_DICE,
    REQUIRED,
    SETUP_DICE,
    SURVIVORS,
    TEAM_PLAYERS,
    TEAM_REQUIRED,
    Assets,
    Barter,
    Content,
    DabAction,
    DabConfig,
    DabState,
    Dice,
    DrawBonus,
    DrawCard,
    DrawTown,
    Move,
    MoveDie,
    PlayBonus,
    SetupRoll,
    Trade,
)

K = TypeVar("K")
V = TypeVar("V")

Outcomes = tuple[tuple[DabAction, Fraction], ...]
"""A chance node's outcomes with their probabilities."""


def _sums(faces: tuple[int, ...], dice: int) -> tuple[tuple[int, int], ...]:
    """(total, weight) of rolling ``dice`` dice with ``faces``, by ascending total."""
    weights = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, w in weights.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0) + w
        weights = nxt
    return tuple(sorted(weights.items()))


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """A config's board, content and dice, indexed for the rules (built once)."""

    config: DabConfig
    top: Topology
    content: Content
    required: Assets
    """The assets a side needs to visit its final destination and win."""
    destinations: int
    """Towns each player scouts."""
    teams: bool
    """Team play: each side is two seats (DAB-TEAM-1)."""
    sides: tuple[tuple[int, ...], ...]
    """Each seat's side: itself, or its team (seat order)."""
    rivals: tuple[tuple[int, ...], ...]
    """Each seat's opponents: the other players not on its side, in seat order."""
    askers: tuple[tuple[tuple[int, ...], ...], ...]
    """``askers[p][after]``: the rivals of ``p`` after seat ``after`` in turn order, up to
    ``p`` itself: those asked in turn whether they keep ``p`` busy (DAB-BUSY-1)."""
    payers: tuple[tuple[int, ...], ...]
    """Each seat's side with the seat first: whose mats pay its losses, in that order
    (DAB-ASSET-2)."""
    move_faces: tuple[tuple[int, int], ...]
    """(value, weight) of the movement die."""
    rolls: dict[int, tuple[tuple[int, int], ...]]
    """(total, weight) by number of dice."""
    setup_outcomes: Outcomes
    """The start-player roll's chance node (DAB-SETUP-2), built once."""
    move_outcomes: Outcomes
    """The movement die's chance node, built once."""
    dice_outcomes: dict[int, Outcomes]
    """The search or raider roll's chance node by number of dice, built once."""
    final_outcomes: Outcomes
    """The final destination's draw: every town alike (DAB-CENTER-2), built once."""
    plain: frozenset[int]
    """The spaces where a pawn may always finish (no forest, Center City, hospital or
    town: :func:`may_finish` refuses only on those), so that listing a move's
    destinations asks :func:`may_finish` only about the others."""
    special: tuple[int, ...]
    """The Center City, hospital and town spaces: those :func:`may_finish` may refuse."""
    moves: tuple[DabAction, ...]
    """``Move`` to each space, by space."""
    trades: tuple[tuple[tuple[DabAction, ...], ...], ...]
    """``Trade`` by partner, item given and item taken (trade items: DAB-TRADE-1)."""
    barters: tuple[tuple[DabAction, ...], ...]
    """``Barter`` by partner and item taken."""
    draw_outcomes: tuple[DabAction, ...]
    """``DrawCard`` of each card index of the longer deck (the outcomes of a draw)."""
    bonus_outcomes: tuple[DabAction, ...]
    """``DrawBonus`` of each Bonus card index."""
    # Tables filled as the games go, each keyed by the immutable parts of a state its
    # entry depends on (see :func:`remember`): the same tuple for the same position,
    # which spares building it again and lets :func:`chance.sample` reuse its table.
    hands: dict[tuple[int, ...], Hand] = field(default_factory=dict)
    """A Bonus hand prepared for the listings (:class:`Hand`), by the hand."""
    holdings: dict[Holding, int] = field(default_factory=dict)
    """A side's trade items as a bit set (see :attr:`items`) by its mat (a team's two
    mats) and its Bonus hand (:func:`holding`): mats repeat (most seats hold the same few
    rows), so the listings look the bits up instead of testing each asset."""
    items: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Trade items (DAB-TRADE-1) in item order, by their bit set (bit ``i`` for item
    ``i``): a side's items are the bits of the trade assets it holds and of its Bonus
    hand's cards (:attr:`Hand.bits`), so that the listings key their tables by ints."""
    places: dict[tuple[int, int, bool], Places] = field(default_factory=dict)
    """A move's reach (:meth:`Topology.reach`) by its start, allowance and Center City,
    split for the listing (see :class:`Places`)."""
    barred: dict[tuple[object, ...], frozenset[int]] = field(default_factory=dict)
    """The special spaces :func:`may_finish` refuses a seat, by what it reads of the seat
    (see :func:`barred`)."""
    narrowed: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[DabAction, ...]]] = field(
        default_factory=dict
    )
    """A reach's spaces and ``Move`` actions without the barred spaces, by the reach's key
    and the barred set (:attr:`barred`)."""
    trade_lists: dict[tuple[int, int, int], tuple[DabAction, ...]] = field(default_factory=dict)
    """A partner's trades at the start of a turn by the partner, a bit set of items the
    player may give and the bit set of the partner's items (see :attr:`items`): the
    listing asks for the items it may give among the trade assets and among the Bonus
    cards apart, so that the keys stay few whatever the hands."""
    barter_lists: dict[tuple[int, int], tuple[DabAction, ...]] = field(default_factory=dict)
    """A partner's barters at the start of a turn by the partner and its items' bit set."""
    plays: dict[tuple[str, tuple[int, ...]], tuple[DabAction, ...]] = field(default_factory=dict)
    """``PlayBonus`` of each card of one kind in a Bonus hand, by the kind and the hand."""


@dataclass(frozen=True, slots=True, eq=False)
class Hand:
    """A Bonus hand (card counts by content index) prepared for the listings, kept in the
    catalog by the hand (:func:`hand`)."""

    bits: int
    """The hand's trade items as a bit set: bit ``BONUS_ITEM + k`` for each card ``k`` held
    (DAB-TRADE-1; see :attr:`Catalog.items`)."""
    supply: tuple[DabAction, ...]
    """``PlayBonus`` of each supply card held (the start of a turn), in card order."""
    move: tuple[DabAction, ...]
    """``PlayBonus`` of each move card held (the movement), in card order."""


@dataclass(frozen=True, slots=True, eq=False)
class Places:
    """A move's reach prepared for listing its destinations: the dark forest is never a
    destination and only Center City, hospitals and towns are asked of
    :func:`may_finish` (it allows every other space)."""

    spaces: tuple[int, ...]
    """The reach without forest spaces, in space order."""
    moves: tuple[DabAction, ...]
    """``Move`` to each of :attr:`spaces`."""
    special: tuple[int, ...]
    """The Center City, hospital and town spaces among :attr:`spaces`."""


def catalog(config: DabConfig) -> Catalog:
    """The catalog of a (validated) config, kept with the config once built: every state
    of a game holds the very same config object, so the rules find it with one attribute
    lookup, ``config.cat or catalog(config)`` (see :class:`DabConfig`), not a call and a
    hash of the config (which msgspec computes afresh each time)."""
    found: Catalog | None = config.__dict__.get("cat")
    if found is None:
        found = config.__dict__["cat"] = _catalog(config)
    return found


def _asked(p: int, after: int, n: int, rivals: tuple[int, ...]) -> tuple[int, ...]:
    """The rivals of ``p`` after seat ``after`` in turn order, until ``p`` comes round."""
    found: list[int] = []
    for i in range(1, n):
        r = (after + i) % n
        if r == p:
            break
        if r in rivals:
            found.append(r)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _catalog(config: DabConfig) -> Catalog:
    board = config.board if config.board is not None else default_board()
    content = content_of(config)
    n = config.players
    if config.teams:
        sides = tuple(tuple(sorted((p, (p + 2) % n))) for p in range(n))
    else:
        sides = tuple((p,) for p in range(n))
    faces = content.die
    move: dict[int, int] = {}
    for f in faces:
        move[f] = move.get(f, 0) + 1
    top = topology(board)
    items = range(BONUS_ITEM + len(content.bonuses))
    move_faces = tuple(sorted(move.items()))
    rivals = tuple(tuple(q for q in range(n) if q not in side) for side in sides)
    rolls = {k: _sums(faces, k) for k in (NORMAL_DICE, EXTRA_MILE_DICE, SETUP_DICE)}
    return Catalog(
        config=config,
        top=top,
        content=content,
        required=(TEAM_REQUIRED if config.teams else REQUIRED)[config.length],
        destinations=DESTINATIONS[config.length],
        teams=config.teams,
        sides=sides,
        rivals=rivals,
        askers=tuple(tuple(_asked(p, after, n, rivals[p]) for after in range(n)) for p in range(n)),
        payers=tuple((p, *(m for m in sides[p] if m != p)) for p in range(n)),
        move_faces=move_faces,
        rolls=rolls,
        setup_outcomes=chance.weighted((SetupRoll(total=t), w) for t, w in rolls[SETUP_DICE]),
        move_outcomes=chance.weighted((MoveDie(value=v), w) for v, w in move_faces),
        dice_outcomes={
            k: chance.weighted((Dice(total=t), w) for t, w in rolls[k])
            for k in (NORMAL_DICE, EXTRA_MILE_DICE)
        },
        final_outcomes=chance.uniform([DrawTown(town=t) for t in range(len(top.town_space))]),
        plain=frozenset(
            s for s, k in enumerate(top.kinds) if k not in ("forest", "center", "hospital", "town")
        ),
        special=tuple(s for s, k in enumerate(top.kinds) if k in ("center", "hospital", "town")),
        moves=tuple(Move(space=s) for s in range(len(top.kinds))),
        trades=tuple(
            tuple(tuple(Trade(partner=q, give=g, get=t) for t in items) for g in items)
            for q in range(n)
        ),
        barters=tuple(tuple(Barter(partner=q, get=t) for t in items) for q in range(n)),
        draw_outcomes=tuple(
            DrawCard(card=i) for i in range(max(len(content.events), len(content.attacks)))
        ),
        bonus_outcomes=tuple(DrawBonus(card=i) for i in range(len(content.bonuses))),
    )


MEMO_LIMIT: Final = chance.CACHE_LIMIT
"""Entries kept in each of a catalog's tables; a full one is emptied and refilled,
which bounds memory whatever the games played."""


def remember(table: dict[K, V], key: K, value: V) -> V:
    """Keep ``value`` in one of a catalog's tables under ``key`` and return it; a full
    table (:data:`MEMO_LIMIT`) is emptied first."""
    if len(table) >= MEMO_LIMIT:
        table.clear()
    table[key] = value
    return value


def bonus_plays(cat: Catalog, hand: tuple[int, ...], kind: str) -> tuple[DabAction, ...]:
    """``PlayBonus`` of each card of ``kind`` in ``hand``, in card order (DAB-BONUS-1),
    remembered by the kind and the hand."""
    key = (kind, hand)
    found = cat.plays.get(key)
    if found is None:
        bonuses = cat.content.bonuses
        found = remember(
            cat.plays,
            key,
            tuple(
                PlayBonus(card=k) for k, c in enumerate(hand) if c > 0 and bonuses[k].kind == kind
            ),
        )
    return found


def hand(cat: Catalog, cards: tuple[int, ...]) -> Hand:
    """The Bonus hand ``cards`` prepared for the listings, remembered by the hand."""
    found = cat.hands.get(cards)
    if found is None:
        bits = 0
        for k, c in enumerate(cards):
            if c > 0:
                bits |= 1 << (BONUS_ITEM + k)
        found = remember(
            cat.hands,
            cards,
            Hand(
                bits=bits,
                supply=bonus_plays(cat, cards, "supply"),
                move=bonus_plays(cat, cards, "move"),
            ),
        )
    return found


Holding = (
    tuple[tuple[int, ...], tuple[int, ...]]
    | tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
)
"""What a side's trade items are read from: its mat and its Bonus hand, or for a team
both mats and the team's hand."""


def holding(cat: Catalog, key: Holding) -> int:
    """The trade items (DAB-TRADE-1) of a side holding the mat ``key[0]`` (and, for a
    team, ``key[1]`` as well: pooled) and the Bonus hand ``key[-1]``, as a bit set (see
    :attr:`Catalog.items`): Food, Fuel, Weaponry and a Medkit when the side holds any,
    and each Bonus card held; remembered by the key."""
    found = cat.holdings.get(key)
    if found is None:
        if len(key) == 2:
            have, cards = key
        else:
            a, b, cards = key
            have = tuple(x + y for x, y in zip(a, b, strict=True))
        found = remember(
            cat.holdings,
            key,
            (have[0] > 0)
            | (have[1] > 0) << 1
            | (have[2] > 0) << 2
            | (have[MEDKITS] > 0) << 3
            | hand(cat, cards).bits,
        )
    return found


def items(cat: Catalog, bits: int) -> tuple[int, ...]:
    """The trade items of the bit set ``bits``, in item order, remembered by it."""
    found = cat.items.get(bits)
    if found is None:
        found = remember(
            cat.items, bits, tuple(i for i in range(bits.bit_length()) if bits >> i & 1)
        )
    return found


def places(cat: Catalog, key: tuple[int, int, bool]) -> Places:
    """The reach of a move from ``key`` (start, allowance, Center City passable), prepared
    for listing and remembered by its key."""
    found = cat.places.get(key)
    if found is None:
        top = cat.top
        spaces = tuple(s for s in top.reach(*key) if top.kinds[s] != "forest")
        found = remember(
            cat.places,
            key,
            Places(
                spaces=spaces,
                moves=tuple(cat.moves[s] for s in spaces),
                special=tuple(s for s in spaces if s not in cat.plain),
            ),
        )
    return found


def validate_config(config: DabConfig) -> None:
    """Refuse a config the rules cannot play. Implements DAB-SETUP-1 (2 to 4 players;
    team play with exactly four) and DAB-BOARD-1 (a user's board is checked); a die
    needs two face values, or the start roll ties forever (DAB-SETUP-2, DAB-A13)."""
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig("DAB.PLAYERS", f"{config.players} players (2 to 4)", "DAB-SETUP-1")
    if config.teams and config.players != TEAM_PLAYERS:
        raise InvalidConfig(
            "DAB.TEAMS", f"team play needs 4 players, not {config.players}", "DAB-TEAM-1"
        )
    if config.board is not None:
        check_board(config.board)
    content = content_of(config)
    if len(content.characters) < config.players:
        raise InvalidConfig("DAB.CONTENT", "fewer characters than players", "DAB-SETUP-4")
    if any(f < 1 for f in content.die):
        raise InvalidConfig("DAB.CONTENT", "a die face below 1", "DAB-SETUP-3")
    if len(set(content.die)) < 2:
        # every start roll would tie, and the tied roll again forever (DAB-A13)
        raise InvalidConfig(
            "DAB.CONTENT",
            "a die whose faces are all alike: the start roll never ends",
            "DAB-SETUP-2",
        )
    for c in content.characters:
        if any(not 0 <= v <= cap for v, cap in zip(c.assets, CAPS, strict=True)):
            raise InvalidConfig(
                "DAB.CONTENT", f"character {c.name!r} starts outside the caps", "DAB-ASSET-1"
            )
    for card in content.events + content.attacks:
        if card.test == "auto" and (card.success is None) == (card.failure is None):
            raise InvalidConfig(
                "DAB.CONTENT",
                f"card {card.name!r}: a one-tag card needs exactly one tag",
                "DAB-CARD-1",
            )


# -- holdings ------------------------------------------------------------------------------


def pooled(state: DabState, seat: int, asset: int, cat: Catalog | None = None) -> int:
    """What ``seat``'s side holds of ``asset`` (a team pools its mats). Implements
    DAB-TEAM-2. (``cat``: the state's catalog, when the caller has it at hand.)"""
    side = (cat or catalog(state.config)).sides[seat]
    if len(side) == 1:
        return state.assets[seat][asset]
    a, b = side  # a team: two seats (DAB-TEAM-1)
    return state.assets[a][asset] + state.assets[b][asset]


def pool(state: DabState, seat: int, cat: Catalog | None = None) -> Assets:
    """Every asset of ``seat``'s side."""
    side = (cat or catalog(state.config)).sides[seat]
    if len(side) == 1:
        return state.assets[seat]
    a, b = state.assets[side[0]], state.assets[side[1]]  # a team: two seats (DAB-TEAM-2)
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def holder(state: DabState, seat: int, cat: Catalog | None = None) -> int:
    """The seat whose bonus hand and milestones ``seat`` uses (a team's first seat)."""
    return (cat or catalog(state.config)).sides[seat][0]


def can_pay(state: DabState, seat: int, cost: Assets, cat: Catalog | None = None) -> bool:
    """Whether ``seat``'s side holds ``cost``."""
    have = pool(state, seat, cat)
    # A loop rather than all() over a generator: this runs at every turn (DESIGN 8).
    for i in range(5):  # noqa: SIM110
        if cost[i] > 0 and have[i] < cost[i]:
            return False
    return True


def can_keep_busy(state: DabState, seat: int, cat: Catalog | None = None) -> bool:
    """Whether ``seat``'s side holds ``BENEFIT_COST`` (1 Food, 1 Fuel, 1 Weaponry):
    :func:`can_pay` for the cost asked at every turn start (DAB-BUSY-1)."""
    side = (cat or catalog(state.config)).sides[seat]
    have = state.assets[seat] if len(side) == 1 else pool(state, seat, cat)
    return have[0] > 0 and have[1] > 0 and have[2] > 0


def has_required(state: DabState, seat: int, cat: Catalog | None = None) -> bool:
    """Whether ``seat``'s side holds the required assets (or more) of all five."""
    if cat is None:
        cat = catalog(state.config)
    have = pool(state, seat, cat)
    req = cat.required
    return (
        have[0] >= req[0]
        and have[1] >= req[1]
        and have[2] >= req[2]
        and have[3] >= req[3]
        and have[4] >= req[4]
    )


class Mats:
    """Working copy of the player mats during one transition: the rows are the state's
    own tuples until one is written (a transition touches one or two of them, so copying
    every mat into lists and back cost more than the arithmetic)."""

    __slots__ = ("assets", "lost", "payers", "sides")

    def __init__(self, state: DabState, cat: Catalog | None = None) -> None:
        if cat is None:
            cat = catalog(state.config)
        self.assets: list[Assets] = list(state.assets)
        self.sides = cat.sides
        self.payers = cat.payers
        self.lost = state.lost

    def _add(self, seat: int, asset: int, amount: int) -> None:
        row = list(self.assets[seat])
        row[asset] += amount
        self.assets[seat] = (row[0], row[1], row[2], row[3], row[4])

    def gain(self, seat: int, asset: int, amount: int) -> int:
        """Add to ``seat``'s mat, stopping at the cap (the excess is lost). Implements
        DAB-ASSET-1."""
        have = self.assets[seat][asset]
        cap = CAPS[asset]
        got = (have + amount if have + amount < cap else cap) - have
        if got <= 0:  # at the cap already (or nothing to gain)
            return 0
        self._add(seat, asset, got)
        return got

    def pay(self, seat: int, asset: int, amount: int) -> int:
        """Take from ``seat``'s side, its own mat first, never below zero; a loss larger
        than the holdings takes what there is (DAB-A12). Implements DAB-ASSET-2."""
        left = amount
        for m in self.payers[seat]:
            take = min(left, self.assets[m][asset])
            if take:
                self._add(m, asset, -take)
            left -= take
        paid = amount - left
        if asset == SURVIVORS:
            self.lost += paid
        return paid

    def apply(self, seat: int, delta: Assets) -> None:
        """Gains to ``seat``'s mat, losses from its side."""
        for i, d in enumerate(delta):
            if d > 0:
                self.gain(seat, i, d)
            elif d < 0:
                self.pay(seat, i, -d)

    def pooled(self, seat: int, asset: int) -> int:
        side = self.sides[seat]
        if len(side) == 1:
            return self.assets[seat][asset]
        a, b = side  # a team: two seats (DAB-TEAM-1)
        return self.assets[a][asset] + self.assets[b][asset]

    def frozen(self) -> tuple[Assets, ...]:
        return tuple(self.assets)


def new_milestones(reached: int, survivors: int) -> tuple[int, int]:
    """The milestone bit set after a side holds ``survivors``, and how many milestones it
    reached for the first time. Implements DAB-ASSET-4: each is rewarded once."""
    if survivors < MILESTONES[0]:  # most results: below the first milestone
        return reached, 0
    fresh = 0
    for bit, m in enumerate(MILESTONES):
        if survivors >= m and not reached >> bit & 1:
            reached |= 1 << bit
            fresh += 1
    return reached, fresh


# -- where a pawn may finish ---------------------------------------------------------------


def all_scouted(state: DabState, seat: int) -> bool:
    return state.scouted[seat] == len(state.destinations[seat])


def center_open(state: DabState, seat: int) -> bool:
    """Center City may be entered only with every destination scouted and before the
    final destination is drawn. Implements DAB-CENTER-1."""
    return all_scouted(state, seat) and state.final[seat] < 0


def may_finish(state: DabState, seat: int, space: int, cat: Catalog | None = None) -> bool:
    """Whether ``seat`` may end its movement (or stay put) on ``space``.

    Implements DAB-MOVE-3 (the dark forest), DAB-HOSPITAL-2 (not the same hospital
    twice in a row), DAB-TOWN-3 and DAB-TOWN-4 (destinations in order; a scouted town
    never again unless it is the final destination), DAB-CENTER-1, and DAB-FINAL-1 (the
    final destination only with the required assets). The four places where staying put
    is forbidden (DAB-MOVE-5) are exactly the spaces this refuses after their rewards.
    """
    if cat is None:
        cat = catalog(state.config)
    if space in cat.plain:  # most spaces: nothing to refuse
        return True
    top = cat.top
    kind = top.kinds[space]
    if kind == "forest":
        return False
    if kind == "center":
        return center_open(state, seat)
    if kind == "hospital":
        return space != state.last_hospital[seat]
    if kind == "town":
        town = top.space_town[space]
        if town == state.final[seat]:
            return has_required(state, seat, cat)
        if state.scouted_towns[seat] >> town & 1:
            return False
        return town not in state.destinations[seat][state.scouted[seat] + 1 :]
    return True


def barred(state: DabState, seat: int, cat: Catalog) -> frozenset[int]:
    """The Center City, hospital and town spaces where ``seat`` may not finish now
    (:func:`may_finish`), remembered by all that it reads of the seat: the last hospital,
    the final destination (and, once drawn, whether the side holds the required assets),
    the scouting and the destinations."""
    final = state.final[seat]
    key = (
        state.last_hospital[seat],
        final,
        final >= 0 and has_required(state, seat, cat),
        state.scouted[seat],
        state.scouted_towns[seat],
        state.destinations[seat],
    )
    found = cat.barred.get(key)
    if found is None:
        found = remember(
            cat.barred,
            key,
            frozenset([s for s in cat.special if not may_finish(state, seat, s, cat)]),
        )
    return found


def can_stay(state: DabState, seat: int, cat: Catalog | None = None) -> bool:
    """Whether ``seat`` may stay put now: not on its first turn (it must leave Center
    City, DAB-MOVE-1) and not where it may not finish."""
    return state.moved[seat] and may_finish(state, seat, state.space[seat], cat)


def opponents(state: DabState, seat: int) -> tuple[int, ...]:
    """The other players not on ``seat``'s side, in seat order."""
    return catalog(state.config).rivals[seat]
