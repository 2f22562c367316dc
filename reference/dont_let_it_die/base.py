"""Don't Let It Die: the quantities every phase uses (supplies, damage, healing, the
maxima, the tree) as small functions over immutable values."""

from __future__ import annotations

from operator import attrgetter
from typing import Final, TypeVar

from dieproof.reference.core.chance import CACHE_LIMIT
from dieproof.reference.core.types import Result, replace
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die.types import (
    AT_MORNING,
    AT_OVER,
    BERRY,
    CHALLENGES,
    CHARACTERS_IN_PLAY,
    COOKED_BERRY,
    COOKED_MEAT,
    FIBER,
    FKP,
    FKP_SUPPLY,
    MEAT,
    STAT_CAP,
    SUPPLY_GROUPS,
    SUPPLY_OF,
    TOKEN_SUPPLY,
    USED_MABE,
    WOOD,
    AddWood,
    Craft,
    DlidConfig,
    DlidState,
    Equip,
    Give,
    Member,
    PlaceFkp,
    Trade,
    Unequip,
    challenge_number,
)

(
    GRONK,
    GRUB,
    KARA,
    CRON,
    DUB,
    AJAX,
    ATOUK,
    AYLA,
    RIVER,
    TARA,
    NIRV,
    MABE,
    NANUK,
    NIBNA,
    ZEEBO,
    THUNK,
    VOG,
) = range(17)
"""Character indices (content order)."""


ICE_AGE: Final = CHALLENGES[5]
"""Challenge 5's name (``surcharge`` compares names: it is asked several times a listing)."""

_K = TypeVar("_K")
_V = TypeVar("_V")


class Table:
    """What the turn's listing reads of a configuration, resolved once per configuration
    (found by identity, like :func:`~dieproof.reference.dont_let_it_die.content.box`),
    with the listing's memos of this configuration: the Challenge, the Ice Age surcharge,
    the night events' effects, the cooking discoveries, the foods, the wood supply's
    reading."""

    __slots__ = (
        "box",
        "challenge",
        "config",
        "craft_choices",
        "craftable",
        "effects",
        "foods",
        "items",
        "kara",
        "last_bonus",
        "last_cooking",
        "last_craftable",
        "lost_closes",
        "morning",
        "placements",
        "pool",
        "raw_trades",
        "shared_wood",
        "surcharge",
        "trades",
    )

    def __init__(self, config: DlidConfig) -> None:
        box = content.box(config)
        c = challenge_number(config)
        self.config: Final = config
        self.box: Final = box
        self.items: Final = content.items(config)
        self.challenge: Final = c
        self.surcharge: Final = 1 if config.challenge == ICE_AGE else 0
        self.effects: Final = tuple(e.effect for e in box.night_events)
        self.trades: Final = c not in (3, 7)
        self.foods: Final = foods(config)
        self.shared_wood: Final = config.readings.wood_supply == "shared"
        self.lost_closes: Final = config.readings.lost_items == "item"
        """DLID-A27's "item" reading: a lost copy closes the item's other copy too (what
        may be crafted then reads the equipment, which the craftable memo does not key)."""
        seats = [content.CHARACTER_INDEX[name] for name in config.characters]
        self.kara: Final = seats.index(KARA) if KARA in seats else -1
        """Kara's seat, or -1 (a valid state's seats hold the configuration's characters
        in order)."""
        self.last_craftable: tuple[tuple[bool, ...], tuple[int, ...], int, tuple[int, ...]] = (
            (),
            (),
            -1,
            (),
        )
        """The last craftable items found, with the very tuples they were found for."""
        self.last_bonus: tuple[tuple[bool, ...] | None, tuple[int, ...]] = (None, ())
        """The token kinds of the unlocked discoveries' extra tokens on a resource card
        (``content.DISCOVERY_BONUS`` order), with the very tuple of unlocked discoveries
        they were found for."""
        self.last_cooking: tuple[tuple[bool, ...] | None, tuple[bool, bool]] = (
            None,
            (False, False),
        )
        """Whether berries and meat may be cooked, with the very tuple of unlocked discoveries
        it was found for."""
        self.craftable: dict[tuple[tuple[bool, ...], tuple[int, ...], int], tuple[int, ...]] = {}
        self.craft_choices: dict[
            tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], tuple[Craft, ...]
        ] = {}
        self.placements: dict[tuple[tuple[bool, ...], bool, bool], tuple[PlaceFkp, ...]] = {}
        self.morning: dict[
            tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
            tuple[Equip | Unequip | Give, ...],
        ] = {}
        self.raw_trades: dict[tuple[tuple[int, ...], int], tuple[Trade, ...]] = {}
        self.pool: dict[tuple[int, ...], tuple[bool, bool, bool, tuple[AddWood, ...], int]] = {}
        """What a turn's listing reads of the pool alone (:func:`day._pool
        <dieproof.reference.dont_let_it_die.day._pool>`), per pool."""


_TABLES: dict[int, Table] = {}
"""Each configuration seen (by identity) with its table; the table holds the configuration,
so that its id cannot be reused meanwhile."""


def table_of(config: DlidConfig) -> Table:
    """The :class:`Table` of ``config`` (built on first use; bounded like
    :data:`~dieproof.reference.core.chance.CACHE_LIMIT`)."""
    found = _TABLES.get(id(config))
    if found is not None and found.config is config:
        return found
    if len(_TABLES) >= CACHE_LIMIT:
        _TABLES.clear()
    found = _TABLES[id(config)] = Table(config)
    return found


def remember(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """Store ``value`` under ``key`` in a bounded memo, emptied when full."""
    if len(memo) >= CACHE_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def discovery_index(config: DlidConfig, name: str) -> int:
    """The index of discovery ``name`` in ``config``'s tree, or -1."""
    return content.box(config).discovery.get(name, -1)


def has(state: DlidState, name: str) -> bool:
    """Whether discovery ``name`` is unlocked (False if the tree lacks it)."""
    i = content.box(state.config).discovery.get(name, -1)
    return i >= 0 and state.unlocked[i]


def text_abilities(state: DlidState) -> bool:
    """Whether discoveries' text abilities work (not under Challenge 9; DLID-A12)."""
    return challenge_number(state.config) != 9


def tier_open(state: DlidState, tier: int) -> bool:
    """Whether items of ``tier`` may be crafted. Implements DLID-ITEMS-3."""
    return tier == 0 or has(state, f"crafting-{tier}")


def cooking(state: DlidState, token: int) -> bool:
    """Whether ``token`` (BERRY, MEAT) may be cooked: Cooking 1 berries, Cooking 2 meat."""
    return has(state, "cooking-1" if token == BERRY else "cooking-2")


def foods(config: DlidConfig) -> tuple[int, ...]:
    """The tokens that can be eaten: berries, meat and their cooked sides, and Challenge 3's
    fiber (eaten as berries)."""
    if challenge_number(config) == 3:
        return (BERRY, FIBER, MEAT, COOKED_BERRY, COOKED_MEAT)
    return (BERRY, MEAT, COOKED_BERRY, COOKED_MEAT)


# -- supplies ----------------------------------------------------------------------------------


def in_box(state: DlidState, kind: int, tokens: tuple[int, ...] | None = None) -> int:
    """Tokens of ``kind``'s supply still in the box (FKP: :func:`fkp_in_box`); ``tokens``:
    the pool, when it is not yet ``state``'s (a state being built). Implements
    DLID-FAQ-11."""
    if tokens is None:
        tokens = state.tokens
    if kind == FKP:
        return fkp_in_box(state, tokens)
    group = SUPPLY_GROUPS[SUPPLY_OF[kind]]
    # a group is one kind or a raw kind and its cooked side: two reads, no generator
    used = tokens[kind] if len(group) == 1 else tokens[group[0]] + tokens[group[1]]
    if kind == WOOD and state.config.readings.wood_supply == "shared":
        used += state.pit - state.pit_food
    return TOKEN_SUPPLY - used


assert all(len(group) <= 2 for group in SUPPLY_GROUPS)  # in_box reads at most two kinds


def fkp_in_box(state: DlidState, tokens: tuple[int, ...] | None = None) -> int:
    """FKP tokens still in the box: 40 less the pool, those placed, and one flipped to an
    Unlocked token per discovery (``tokens``: as for :func:`in_box`). Implements
    DLID-FKP-6."""
    pool = state.tokens if tokens is None else tokens
    return FKP_SUPPLY - pool[FKP] - sum(state.placed) - sum(state.unlocked)


def gain(state: DlidState, kind: int, n: int) -> DlidState:
    """The state after the group takes ``n`` tokens of ``kind``, as many as the box
    holds (FAQ 11). Implements DLID-FAQ-11."""
    tokens = gained(state, state.tokens, kind, n)
    return state if tokens is state.tokens else replace(state, tokens=tokens)


def gained(state: DlidState, tokens: tuple[int, ...], kind: int, n: int) -> tuple[int, ...]:
    """:func:`gain`'s pool: ``tokens`` (the pool of a state being built from ``state``,
    whose other fields the supplies read are ``state``'s) after the group takes ``n``
    tokens of ``kind``, as many as the box holds; the very tuple when it takes none. An
    effect that takes tokens and changes other fields builds one state with it."""
    if n <= 0:
        return tokens
    n = min(n, in_box(state, kind, tokens))
    if n <= 0:
        return tokens
    out = list(tokens)
    out[kind] += n
    return tuple(out)


def spend(tokens: tuple[int, ...], kind: int, n: int) -> tuple[int, ...]:
    out = list(tokens)
    out[kind] -= n
    return tuple(out)


# -- characters -----------------------------------------------------------------------------------


def maxima(state: DlidState, member: Member) -> tuple[int, int]:
    """(max health, max stamina) of ``member`` now: the card's, +2 health for Relaxation,
    +1 stamina per Warmth, -1 stamina per Club equipped, within 0..10.
    Implements DLID-FKP-4, DLID-ITEMS-8 and DLID-FAQ-2."""
    # remembered per configuration, unlocked discoveries, character and weapons: its inputs
    key = (state.config, state.unlocked, member.character, member.weapons)
    found = _MAXIMA.get(key)
    if found is None:
        card = content.box(state.config).characters[member.character]
        hp = card.health + (2 if has(state, "relaxation") else 0)
        st = card.stamina + sum(1 for w in ("warmth-1", "warmth-2", "warmth-3") if has(state, w))
        st -= sum(1 for w in member.weapons if w == content.CLUB)
        found = min(max(hp, 0), STAT_CAP), min(max(st, 0), STAT_CAP)
        if len(_MAXIMA) >= CACHE_LIMIT:
            _MAXIMA.clear()
        _MAXIMA[key] = found
    return found


_MAXIMA: dict[tuple[DlidConfig, tuple[bool, ...], int, tuple[int, ...]], tuple[int, int]] = {}


def refit(state: DlidState, member: Member) -> Member:
    """``member`` with its maxima recomputed: a raised maximum leaves the current value,
    a lowered one clamps it (FAQ 14). Implements DLID-FAQ-14."""
    hp, st = maxima(state, member)
    if hp == member.max_hp and st == member.max_stamina:
        return member
    return replace(
        member,
        max_hp=hp,
        max_stamina=st,
        hp=min(member.hp, hp),
        stamina=min(member.stamina, st),
    )


def refit_all(state: DlidState) -> DlidState:
    return replace(state, members=tuple(refit(state, m) for m in state.members))


def set_member(state: DlidState, who: int, member: Member) -> DlidState:
    members = list(state.members)
    members[who] = member
    return replace(state, members=tuple(members))


def active(state: DlidState, who: int) -> bool:
    return not state.members[who].down


DOWN: Final = attrgetter("down")
"""A member's ``down`` flag, read in C: ``tuple(map(DOWN, state.members))`` is who is down."""


def find(state: DlidState, character: int) -> int:
    """The seat of ``character`` if it is in the tribe and not incapacitated, else -1."""
    for seat, m in enumerate(state.members):
        if m.character == character and not m.down:
            return seat
    return -1


def heal(state: DlidState, who: int, n: int) -> DlidState:
    """Heal ``who`` by ``n``, never above the maximum (Fire Knowledge Points)."""
    m = state.members[who]
    if m.down or n <= 0 or m.hp >= m.max_hp:
        return state
    return set_member(state, who, replace(m, hp=min(m.hp + n, m.max_hp)))


def poisoned(state: DlidState) -> bool:
    """The food poisoning night event holds for this day (no stamina gained)."""
    return (
        state.event >= 0
        and content.box(state.config).night_events[state.event].effect == "poisoning"
        and state.step not in (AT_MORNING,)
    )


def add_stamina(state: DlidState, who: int, n: int) -> DlidState:
    """Give ``who`` ``n`` stamina, never above the maximum; nothing under food poisoning."""
    m = state.members[who]
    if m.down or n <= 0 or poisoned(state) or m.stamina >= m.max_stamina:
        return state
    return set_member(state, who, replace(m, stamina=min(m.stamina + n, m.max_stamina)))


def pay_stamina(state: DlidState, who: int, n: int) -> DlidState:
    m = state.members[who]
    return set_member(state, who, replace(m, stamina=m.stamina - n))


def damage(state: DlidState, who: int, n: int, *, day: bool = True) -> DlidState:
    """``who`` loses ``n`` health; at 0 the character is incapacitated (their unequipped
    items go to the next character on the left still in play), and with everybody down
    the game is lost (with one fed back to life, it goes on under DLID-A26's "waits").
    Implements DLID-DEATH-1, DLID-DEATH-2 and DLID-END-3."""
    m = state.members[who]
    if m.down or n <= 0:
        return state
    hp = max(m.hp - n, 0)
    if hp > 0:
        state = set_member(state, who, replace(m, hp=hp))
        if day and m.character == MABE and hp < 3 <= m.hp and not m.used & USED_MABE:
            state = replace(state, mabe=True)
        return state
    spare = m.spare
    state = set_member(
        state, who, replace(m, hp=0, stamina=0, down=True, spare=(), done=True, reviving=False)
    )
    if spare:
        heir = _heir(state.members, who)
        if heir >= 0:
            h = state.members[heir]
            state = set_member(state, heir, replace(h, spare=h.spare + spare))
    if all(x.down for x in state.members) and not (
        state.config.readings.everybody_down == "waits" and any(x.reviving for x in state.members)
    ):
        state = over(state, "every member of the tribe is down", "DLID-END-3")
    return state


def _heir(members: tuple[Member, ...], who: int) -> int:
    """Who takes a fallen character's unequipped items: the next character on the left
    still in play (DLID-A14); with nobody in play (DLID-A26's "waits": the game goes on),
    the next one on the left fed back to life, who comes back first; -1 for none (the game
    is lost). Implements DLID-DEATH-2."""
    for k in range(1, CHARACTERS_IN_PLAY):
        seat = (who + k) % CHARACTERS_IN_PLAY
        if not members[seat].down:
            return seat
    for k in range(1, CHARACTERS_IN_PLAY):
        seat = (who + k) % CHARACTERS_IN_PLAY
        if members[seat].reviving:
            return seat
    return -1


def over(state: DlidState, reason: str, rule: str, *, won: bool = False) -> DlidState:
    """The finished game."""
    if state.result is not None:
        return state
    winners = tuple(range(state.config.players)) if won else ()
    if state.drawn:
        # the cards of an unfinished draw go to their discard pile
        discards = [list(pile) for pile in state.discards]
        for card in state.drawn:
            discards[state.deck][card] += 1
        state = replace(state, discards=tuple(tuple(pile) for pile in discards))
    return replace(
        state,
        step=AT_OVER,
        result=Result(winners=winners, reason=reason, rule=rule),
        actor=-1,
        deck=-1,
        drawn=(),
        planning=False,
        again=False,
        roll=-1,
        take=-1,
        owed=0,
        mabe=False,
    )


def controller(config: DlidConfig, who: int) -> int:
    """The player who controls character ``who``. Implements DLID-SETUP-1."""
    if config.controllers:
        return config.controllers[who]
    return who * config.players // CHARACTERS_IN_PLAY


EMPTY: Final = ()
