"""Doom and Bloom SURVIVAL!: the state machine (setup, turns, movement, trades).

The resolution of spaces and cards lives in
:mod:`~dieproof.reference.doom_and_bloom.resolve`; this module ties the phases together:
``initial_state``, ``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply`` and
``result``, in that order, then the private helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction
from dieproof.reference.core.types import CHANCE, TERMINAL, Result, replace
from dieproof.reference.doom_and_bloom import resolve
from dieproof.reference.doom_and_bloom.base import (
    Catalog,
    Holding,
    Mats,
    barred,
    bonus_plays,
    can_keep_busy,
    can_stay,
    catalog,
    center_open,
    hand,
    has_required,
    holder,
    holding,
    items,
    may_finish,
    new_milestones,
    places,
    pooled,
    remember,
    validate_config,
)
from dieproof.reference.doom_and_bloom.types import (
    BENEFIT_COST,
    BONUS_ITEM,
    FUEL,
    FUEL_BONUS,
    MEDKITS,
    SURVIVORS,
    Accept,
    Barter,
    DabAction,
    DabConfig,
    DabState,
    Decline,
    Dice,
    DrawBonus,
    DrawCard,
    DrawCharacter,
    DrawTown,
    EndTurn,
    KeepBusy,
    LetPass,
    Move,
    MoveDie,
    Offer,
    Phase,
    PlayBonus,
    Reactivate,
    Rest,
    RollMove,
    SetupRoll,
    StayPut,
    Then,
    Trade,
    UseFuel,
)

# Enum members as module constants: ``Phase.TURN`` goes through the enum metaclass's
# attribute hook (about 0.1 us in Python 3.11, ten times a global), and the rules read
# phases at every step (DESIGN section 8; Squirrel or Die does the same).
_SETUP_ROLL, _CHARACTER, _DESTINATION, _BUSY = (
    Phase.SETUP_ROLL,
    Phase.CHARACTER,
    Phase.DESTINATION,
    Phase.BUSY,
)
_REACTIVATE, _TURN, _ANSWER, _MOVE_ROLL = (
    Phase.REACTIVATE,
    Phase.TURN,
    Phase.ANSWER,
    Phase.MOVE_ROLL,
)
_MOVE, _DRAW, _DICE, _LOSE = Phase.MOVE, Phase.DRAW, Phase.DICE, Phase.LOSE
_GAIN, _BONUS, _CROSSING, _FINAL = Phase.GAIN, Phase.BONUS, Phase.CROSSING, Phase.FINAL
_END, _OVER = Phase.END, Phase.OVER
_THEN_END, _THEN_START = Then.END, Then.START

_CHANCE_TYPES = frozenset({SetupRoll, DrawCharacter, DrawTown, MoveDie, DrawCard, Dice, DrawBonus})

CHANCE_PHASES = frozenset(
    {
        _SETUP_ROLL,
        _CHARACTER,
        _DESTINATION,
        _MOVE_ROLL,
        _DRAW,
        _DICE,
        _BONUS,
        _FINAL,
    }
)


def _illegal(code: str, message: str, rule: str) -> IllegalAction:
    return IllegalAction(f"DAB.{code}", message, rule)


# -- setup ----------------------------------------------------------------------------------


def initial_state(config: DabConfig) -> DabState:
    """Before the start-player roll: every pawn in Center City, the decks shuffled.
    Implements DAB-SETUP-1 and DAB-SETUP-5 (everyone starts in Center City)."""
    validate_config(config)
    cat = catalog(config)
    n = config.players
    content = cat.content
    return DabState(
        config=config,
        step=_SETUP_ROLL,
        setup_rolls=(0,) * n,
        characters=(-1,) * n,
        assets=((0, 0, 0, 0, 0),) * n,
        space=(cat.top.center,) * n,
        destinations=((),) * n,
        scouted=(0,) * n,
        scouted_towns=(0,) * n,
        final=(-1,) * n,
        last_hospital=(-1,) * n,
        owed=(0,) * n,
        milestones=(0,) * n,
        rewarded=(0,) * n,
        bonus=((0,) * len(content.bonuses),) * n,
        moved=(False,) * n,
        bartered=(False,) * n,
        skip=(False,) * n,
        extra=(0,) * n,
        finished=(False,) * n,
        reactivated=(False,) * n,
        event_pile=tuple(c.copies for c in content.events),
        attack_pile=tuple(c.copies for c in content.attacks),
        bonus_pile=tuple(c.copies for c in content.bonuses),
    )


# -- who moves, what is open ----------------------------------------------------------------


def to_move(state: DabState) -> int:
    phase = state.step
    if phase is _TURN:  # the most frequent step of a game, asked first
        return state.active
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase is _OVER:
        return TERMINAL
    if phase is _BUSY:
        return state.busy_seat
    if phase is _ANSWER:
        assert state.offer is not None
        return state.offer.partner
    if phase is _GAIN or phase is _LOSE:
        return state.actor
    return state.active


def _items(state: DabState, seat: int) -> tuple[int, ...]:
    """The trade items ``seat``'s side holds, in item order (DAB-TRADE-1)."""
    found = [i for i in range(3) if pooled(state, seat, i, state.config.cat) > 0]
    if pooled(state, seat, MEDKITS, state.config.cat) > 0:
        found.append(3)
    cards = state.bonus[holder(state, seat, state.config.cat)]
    found.extend(BONUS_ITEM + k for k, c in enumerate(cards) if c > 0)
    return tuple(found)


def may_give(state: DabState, seat: int, item: int) -> bool:
    """Whether ``seat`` may offer ``item`` in a trade: a player kept busy must still be
    able to stay put once the item is gone, so on its final destination it keeps the
    required assets (DAB-A25). Implements DAB-BUSY-1 with DAB-TRADE-1."""
    if not state.busy or item >= BONUS_ITEM:
        return True
    cat = state.config.cat or catalog(state.config)
    town = cat.top.space_town[state.space[seat]]
    if town < 0 or town != state.final[seat]:
        return True
    asset = item if item < 3 else MEDKITS
    return pooled(state, seat, asset, state.config.cat) > cat.required[asset]


def _bonus_plays(state: DabState, kind: str) -> tuple[DabAction, ...]:
    cat = state.config.cat or catalog(state.config)
    return bonus_plays(cat, state.bonus[cat.sides[state.active][0]], kind)


def destinations(state: DabState) -> tuple[int, ...]:
    """Where the active player may finish its movement, in space order. Implements
    DAB-MOVE-2 (up to the roll), DAB-MOVE-3, DAB-MOVE-4 and DAB-CENTER-1 (passing
    through Center City per DAB-A3)."""
    return _destinations(state, state.config.cat or catalog(state.config))[0]


def _destinations(state: DabState, cat: Catalog) -> tuple[tuple[int, ...], tuple[DabAction, ...]]:
    """:func:`destinations` and their ``Move`` actions. The reach is remembered in the
    catalog by its start, allowance and Center City, with the spaces :func:`may_finish`
    may refuse (Center City, hospitals, towns); the spaces it refuses the player are
    remembered by what it reads of the player (:func:`~base.barred`). When the reach
    holds none of them, the remembered tuples are the answer, else the ones without
    them, also remembered."""
    p = state.active
    open_center = state.config.readings.pass_center == "allowed" or center_open(state, p)
    key = (state.space[p], state.roll, open_center)
    reach = cat.places.get(key) or places(cat, key)
    if not reach.special:
        return reach.spaces, reach.moves
    refused = barred(state, p, cat).intersection(reach.special)
    if not refused:
        return reach.spaces, reach.moves
    narrow_key = (key, refused)
    found = cat.narrowed.get(narrow_key)
    if found is None:
        spaces = tuple([s for s in reach.spaces if s not in refused])
        moves = cat.moves
        found = remember(cat.narrowed, narrow_key, (spaces, tuple([moves[s] for s in spaces])))
    return found


def legal_actions(state: DabState) -> tuple[DabAction, ...]:
    """The open decisions, in the canonical order of the contract."""
    phase = state.step
    if phase is _TURN:
        return _turn_actions(state)
    if phase is _MOVE:
        return _move_actions(state)
    if phase in CHANCE_PHASES or phase is _OVER:
        return ()
    if phase is _ANSWER:
        return _ANSWERS
    if phase is _BUSY:
        return _BUSY_CHOICES
    if phase is _REACTIVATE:
        return _REACTIVATE_CHOICES
    return resolve.legal_actions(state)


_ANSWERS: tuple[DabAction, ...] = (Accept(), Decline())
_BUSY_CHOICES: tuple[DabAction, ...] = (KeepBusy(), LetPass())
_REACTIVATE_CHOICES: tuple[DabAction, ...] = (Reactivate(), Rest())


def _turn_actions(state: DabState) -> tuple[DabAction, ...]:
    """The start of a turn: trades, barters, the roll, staying put, supply Bonus cards
    in the canonical order. Each side's trade items are a bit set
    (:func:`~base.holding`, remembered by its pooled mat and its Bonus hand); each
    partner's trades are remembered in the catalog by the partner, the items the player
    may give (the trade assets and the Bonus cards apart) and the partner's items, its
    barters by the partner and its items; the rest is a constant per the busy and stay
    flags and the hand's supply cards (:func:`~base.hand`)."""
    p = state.active
    cat = state.config.cat or catalog(state.config)
    sides = cat.sides
    bonus = state.bonus
    cards = bonus[sides[p][0]]
    busy = state.busy
    stay = state.moved[p] and may_finish(state, p, state.space[p], cat)
    tail = _TAILS[busy][stay] + (cat.hands.get(cards) or hand(cat, cards)).supply
    if state.offered:
        return tail
    assets = state.assets
    known = cat.holdings
    teams = cat.teams
    key: Holding
    if teams:
        a, b = sides[p]
        key = (assets[a], assets[b], cards)
    else:
        key = (assets[p], cards)
    given = known.get(key)
    if given is None:
        given = holding(cat, key)
    if busy:
        given = _givable(state, cat, given)
    assets_given = given & _ASSET_BITS
    cards_given = given & ~_ASSET_BITS
    lists = cat.trade_lists
    rivals = cat.rivals[p]
    theirs: list[int] = []
    block: tuple[DabAction, ...] = ()
    for partner in rivals:
        if teams:
            a, b = sides[partner]
            key = (assets[a], assets[b], bonus[a])
        else:
            key = (assets[partner], bonus[partner])
        taken = known.get(key)
        if taken is None:
            taken = holding(cat, key)
        theirs.append(taken)
        if assets_given:
            part = (partner, assets_given, taken)
            found = lists.get(part)
            block += _trades(cat, part) if found is None else found
        if cards_given:
            part = (partner, cards_given, taken)
            found = lists.get(part)
            block += _trades(cat, part) if found is None else found
    if not state.bartered[p]:
        barter_lists = cat.barter_lists
        for partner, taken in zip(rivals, theirs, strict=True):
            barter_key = (partner, taken)
            found = barter_lists.get(barter_key)
            if found is None:
                barters = cat.barters[partner]
                found = remember(
                    barter_lists, barter_key, tuple([barters[t] for t in items(cat, taken)])
                )
            block += found
    return block + tail


_ASSET_BITS: Final = (1 << BONUS_ITEM) - 1
"""The bits of the trade assets (Food, Fuel, Weaponry, a Medkit) in a bit set of trade
items; the others are Bonus cards."""


def _trades(cat: Catalog, key: tuple[int, int, int]) -> tuple[DabAction, ...]:
    """``Trade`` with the partner ``key[0]`` of each item of the bit set ``key[1]`` for
    each item of the bit set ``key[2]`` but itself, in item order, remembered."""
    table = cat.trades[key[0]]
    takes = items(cat, key[2])
    return remember(
        cat.trade_lists,
        key,
        tuple([table[g][t] for g in items(cat, key[1]) for t in takes if g != t]),
    )


def _givable(state: DabState, cat: Catalog, given: int) -> int:
    """The bit set ``given`` less the items the active player may not give
    (:func:`may_give`)."""
    for g in items(cat, given):
        if not may_give(state, state.active, g):
            given &= ~(1 << g)
    return given


_ROLL_MOVE: DabAction = RollMove()
_STAY_PUT: DabAction = StayPut()
_TAILS: tuple[tuple[tuple[DabAction, ...], ...], ...] = (
    ((_ROLL_MOVE,), (_ROLL_MOVE, _STAY_PUT)),
    ((), (_STAY_PUT,)),
)
"""The end of a turn's listing before the supply cards, by the busy flag and whether
the player may stay put (DAB-MOVE-1, DAB-BUSY-1)."""


def _move_actions(state: DabState) -> tuple[DabAction, ...]:
    """The movement: Fuel, move Bonus cards, the destinations (or the end of the turn),
    in the canonical order, from tuples the catalog keeps."""
    p = state.active
    cat = state.config.cat or catalog(state.config)
    moves = _destinations(state, cat)[1] or _END_ALONE
    cards = state.bonus[cat.sides[p][0]]
    plays = (cat.hands.get(cards) or hand(cat, cards)).move
    if not state.fuel_used and pooled(state, p, FUEL, cat) > 0:
        return (_USE_FUEL, *plays, *moves)
    return plays + moves


_USE_FUEL: DabAction = UseFuel()
_END_TURN: DabAction = EndTurn()
_END_ALONE: tuple[DabAction, ...] = (_END_TURN,)


def chance_outcomes(state: DabState) -> tuple[tuple[DabAction, Fraction], ...]:
    """The outcomes of a chance node with exact probabilities, in ascending order.

    The dice and the movement die give the very same tuple each time (built once in the
    catalog), so that :func:`chance.sample` reuses its sampling table for them; a draw
    pile's node is built by :func:`chance.counted` from the catalog's outcomes (DESIGN
    section 8)."""
    phase = state.step
    cat = state.config.cat or catalog(state.config)
    if phase is _DRAW:
        pile = resolve.draw_pile(state)
        return chance.counted(cat.draw_outcomes, pile)
    if phase is _MOVE_ROLL:
        return cat.move_outcomes
    if phase is _DICE:
        return cat.dice_outcomes[state.dice]
    if phase is _BONUS:
        pile = resolve.bonus_pile(state)
        return chance.counted(cat.bonus_outcomes, pile)
    if phase is _SETUP_ROLL:
        return cat.setup_outcomes
    if phase is _CHARACTER:
        taken = set(state.characters)
        free = [c for c in range(len(cat.content.characters)) if c not in taken]
        return chance.uniform([DrawCharacter(character=c) for c in free])
    if phase is _DESTINATION:
        seat = _next_drawer(state)
        drawn = state.destinations[seat]
        towns = [t for t in range(len(cat.top.town_space)) if t not in drawn]
        return chance.uniform([DrawTown(town=t) for t in towns])
    if phase is _FINAL:
        return cat.final_outcomes
    return ()


# -- apply ------------------------------------------------------------------------------------


_KINDS: dict[Phase, frozenset[type]] = {
    _SETUP_ROLL: frozenset({SetupRoll}),
    _CHARACTER: frozenset({DrawCharacter}),
    _DESTINATION: frozenset({DrawTown}),
    _FINAL: frozenset({DrawTown}),
    _MOVE_ROLL: frozenset({MoveDie}),
    _DRAW: frozenset({DrawCard}),
    _DICE: frozenset({Dice}),
    _BONUS: frozenset({DrawBonus}),
}
"""The one kind of outcome of each chance phase (a quick refusal of any other)."""


def apply(state: DabState, action: DabAction) -> DabState:
    """The state after ``action``; raises IllegalAction when it is not open."""
    if state.step in CHANCE_PHASES:
        if type(action) not in _KINDS[state.step] or action not in [
            a for a, _ in chance_outcomes(state)
        ]:
            raise _illegal("CHANCE", f"{action!r} is not an outcome here", "DAB-SETUP-1")
        return _dispatch(state, action)
    if state.step is _OVER:
        raise _illegal("OVER", "the game is over", "DAB-FINAL-2")
    if type(action) in _CHANCE_TYPES or action not in legal_actions(state):
        raise _illegal(
            "NOT_LEGAL",
            f"{type(action).__name__} is not open in phase {state.step.value}",
            _refusal_rule(state),
        )
    return _dispatch(state, action)


def apply_listed(state: DabState, action: DabAction) -> DabState:
    """``apply`` for an action the state's listing contains (its legality known)."""
    return _HANDLERS.get(type(action), _resolved)(state, action)


def is_legal(state: DabState, action: DabAction) -> bool:
    if state.step in CHANCE_PHASES:
        return action in [a for a, _ in chance_outcomes(state)]
    return action in legal_actions(state)


def result(state: DabState) -> Result | None:
    if state.step is not _OVER:
        return None
    return Result(winners=state.winners, reason=state.reason, rule=state.rule)


def _refusal_rule(state: DabState) -> str:
    return {
        _BUSY: "DAB-BUSY-1",
        _REACTIVATE: "DAB-TEAM-4",
        _TURN: "DAB-MOVE-1",
        _ANSWER: "DAB-TRADE-1",
        _MOVE: "DAB-MOVE-2",
        _CROSSING: "DAB-CROSS-2",
        _END: "DAB-ASSET-5",
    }.get(state.step, "DAB-EVENT-1")


def _setup_roll_of(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, SetupRoll)
    return _setup_roll(state, action.total)


def _draw_character(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, DrawCharacter)
    seat = _next_character_seat(state)
    chars = list(state.characters)
    chars[seat] = action.character
    assets = list(state.assets)
    assets[seat] = (
        (state.config.cat or catalog(state.config)).content.characters[action.character].assets
    )
    new = replace(state, characters=tuple(chars), assets=tuple(assets))
    if all(c >= 0 for c in chars):
        return replace(new, step=_DESTINATION)
    return new


def _draw_town(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, DrawTown)
    if state.step is _FINAL:
        final = list(state.final)
        final[state.active] = action.town
        return resolve.settle(replace(state, final=tuple(final), then=_THEN_END))
    seat = _next_drawer(state)
    dests = list(state.destinations)
    dests[seat] = dests[seat] + (action.town,)
    new = replace(state, destinations=tuple(dests))
    if _next_drawer(new) < 0:
        return _setup_rewards(new)
    return new


def _move_die(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, MoveDie)
    return replace(state, step=_MOVE, roll=action.value)


def _keep_busy(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state, state.config.cat)
    mats.apply(state.busy_seat, tuple(-c for c in BENEFIT_COST))  # type: ignore[arg-type]
    return replace(state, assets=mats.frozen(), busy=True, busy_seat=-1, step=_TURN)


def _let_pass(state: DabState, action: DabAction) -> DabState:
    return _busy_window(state, state.busy_seat)


def _reactivate(state: DabState, action: DabAction) -> DabState:
    p = state.active
    finished = list(state.finished)
    finished[p] = False
    again = list(state.reactivated)
    again[p] = True
    return _busy_window(replace(state, finished=tuple(finished), reactivated=tuple(again)), p)


def _rest(state: DabState, action: DabAction) -> DabState:
    return advance(state)


def _trade(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Trade)
    offer = Offer(state.active, action.partner, action.give, action.get)
    return replace(state, offer=offer, offered=True, step=_ANSWER)


def _barter(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Barter)
    offer = Offer(seat=state.active, partner=action.partner, give=-1, get=action.get)
    return replace(state, offer=offer, offered=True, step=_ANSWER)


def _accept_offer(state: DabState, action: DabAction) -> DabState:
    return _accept(state)


def _decline(state: DabState, action: DabAction) -> DabState:
    return replace(state, offer=None, step=_TURN)


def _roll_move(state: DabState, action: DabAction) -> DabState:
    return replace(state, step=_MOVE_ROLL, origin=state.space[state.active])


def _stay_put(state: DabState, action: DabAction) -> DabState:
    here = state.space[state.active]
    return resolve.arrive(state, here, origin=here)


def _use_fuel(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state, state.config.cat)
    mats.pay(state.active, FUEL, 1)
    return replace(state, assets=mats.frozen(), fuel_used=True, roll=state.roll + FUEL_BONUS)


def _play_bonus(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, PlayBonus)
    return resolve.play_bonus(state, action.card)


def _move(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Move)
    p = state.active
    spaces = list(state.space)
    spaces[p] = action.space
    if state.moved[p]:  # every turn but the first: the flag is already set
        return resolve.arrive(state, action.space, spaces=tuple(spaces))
    moved = list(state.moved)
    moved[p] = True
    return resolve.arrive(state, action.space, spaces=tuple(spaces), moved=tuple(moved))


def _end_turn(state: DabState, action: DabAction) -> DabState:
    if state.step is _MOVE:
        moved = list(state.moved)
        moved[state.active] = True
        return resolve.end_turn(replace(state, moved=tuple(moved)))
    return resolve.apply_decision(state, action)


def _resolved(state: DabState, action: DabAction) -> DabState:
    # Looked up on the module at each call, so that a test may stand in for it.
    return resolve.apply_decision(state, action)


_Handler = Callable[[DabState, DabAction], DabState]

_HANDLERS: Final[dict[type, _Handler]] = {
    SetupRoll: _setup_roll_of,
    DrawCharacter: _draw_character,
    DrawTown: _draw_town,
    MoveDie: _move_die,
    **resolve.CHANCES,
    KeepBusy: _keep_busy,
    LetPass: _let_pass,
    Reactivate: _reactivate,
    Rest: _rest,
    Trade: _trade,
    Barter: _barter,
    Accept: _accept_offer,
    Decline: _decline,
    RollMove: _roll_move,
    StayPut: _stay_put,
    UseFuel: _use_fuel,
    PlayBonus: _play_bonus,
    Move: _move,
    **resolve.DECISIONS,
    EndTurn: _end_turn,
}
"""Each action type's handler (dispatch by type through a dict); the decisions of the
resolution go to :func:`resolve.apply_decision`."""


def _dispatch(state: DabState, action: DabAction) -> DabState:
    return _HANDLERS.get(type(action), _resolved)(state, action)


def _accept(state: DabState) -> DabState:
    """The partner accepts: the items change hands (DAB-TRADE-1), or for a barter the
    offerer skips its next turn and the partner gains one after its next (DAB-TRADE-2).
    Built in one ``replace``; the Bonus hands are copied only when a card changes hands."""
    offer = state.offer
    assert offer is not None
    mats = Mats(state, state.config.cat)
    hands: list[tuple[int, ...]] | None = None
    for item, giver, taker in (
        (offer.get, offer.partner, offer.seat),
        (offer.give, offer.seat, offer.partner),
    ):
        if item < 0:  # a barter gives no item
            continue
        if item < BONUS_ITEM:
            asset = item if item < 3 else MEDKITS
            mats.pay(giver, asset, 1)
            mats.gain(taker, asset, 1)
        else:
            if hands is None:
                hands = list(state.bonus)
            card = item - BONUS_ITEM
            for seat, d in (
                (holder(state, giver, state.config.cat), -1),
                (holder(state, taker, state.config.cat), 1),
            ):
                hand = list(hands[seat])
                hand[card] += d
                hands[seat] = tuple(hand)
    bonus = state.bonus if hands is None else tuple(hands)
    if offer.give >= 0:
        return replace(state, assets=mats.frozen(), bonus=bonus, offer=None, step=_TURN)
    bartered = list(state.bartered)
    skip = list(state.skip)
    extra = list(state.extra)
    bartered[offer.seat] = True
    skip[offer.seat] = True
    extra[offer.partner] += 1
    return replace(
        state,
        assets=mats.frozen(),
        bonus=bonus,
        bartered=tuple(bartered),
        skip=tuple(skip),
        extra=tuple(extra),
        offer=None,
        step=_TURN,
    )


# -- setup helpers ------------------------------------------------------------------------------


def _setup_roll(state: DabState, total: int) -> DabState:
    """Record a six-dice total; when everyone still in has rolled, the single highest
    starts, and tied players roll again (DAB-A13). Implements DAB-SETUP-2."""
    rolls = list(state.setup_rolls)
    seat = rolls.index(0)
    rolls[seat] = total
    if 0 in rolls:
        return replace(state, setup_rolls=tuple(rolls))
    top = max(rolls)
    tied = [s for s, r in enumerate(rolls) if r == top]
    if len(tied) > 1:
        return replace(state, setup_rolls=tuple(0 if r == top else -1 for r in rolls))
    return replace(state, setup_rolls=tuple(rolls), start_player=tied[0], step=_CHARACTER)


def _order(state: DabState) -> list[int]:
    n = state.config.players
    return [(state.start_player + i) % n for i in range(n)]


def _next_character_seat(state: DabState) -> int:
    """Characters are drawn from the start player clockwise (DAB-SETUP-4)."""
    for seat in _order(state):
        if state.characters[seat] < 0:
            return seat
    return -1


def _next_drawer(state: DabState) -> int:
    """Destinations are drawn from the start player clockwise (DAB-SETUP-6)."""
    k = (state.config.cat or catalog(state.config)).destinations
    for seat in _order(state):
        if len(state.destinations[seat]) < k:
            return seat
    return -1


def _setup_rewards(state: DabState) -> DabState:
    """Milestones reached by the starting survivors are earned at game start, per side
    (DAB-TEAM-5; DAB-A14 for solo play), then the start player's first turn."""
    milestones = list(state.milestones)
    rewarded = list(state.rewarded)
    owed = list(state.owed)
    cat = state.config.cat or catalog(state.config)
    for seat in _order(state):
        first = cat.sides[seat][0]
        if first != seat:
            continue
        reached, fresh = new_milestones(0, pooled(state, seat, SURVIVORS, state.config.cat))
        for m in cat.sides[seat]:
            milestones[m] = reached
            rewarded[m] += fresh
        owed[seat] = fresh
    new = replace(state, milestones=tuple(milestones), rewarded=tuple(rewarded), owed=tuple(owed))
    return next_setup_reward(new)


def next_setup_reward(state: DabState) -> DabState:
    """Hand the next side its owed milestone rewards, or start the first turn."""
    for seat in _order(state):
        if state.owed[seat] > 0:
            owed = list(state.owed)
            k = owed[seat]
            owed[seat] = 0
            return resolve.settle(
                replace(
                    state,
                    owed=tuple(owed),
                    actor=seat,
                    pending_bonus=k,
                    pending_gain=k,
                    then=_THEN_START,
                )
            )
    return begin_turn(state, state.start_player)


# -- turn order -----------------------------------------------------------------------------------


def begin_turn(state: DabState, seat: int, extra: bool = False) -> DabState:
    """Start ``seat``'s turn: the turn limit (DAB-A10), a finished teammate's choice
    (DAB-TEAM-4), then the rivals' chance to keep it busy (DAB-BUSY-1)."""
    if state.turns >= state.config.turn_limit:
        return _out_of_turns(state)
    if state.finished[seat]:
        if has_required(state, seat):
            return advance(_turn_start(state, seat, extra, state.step, -1))
        return _turn_start(state, seat, extra, _REACTIVATE, -1)
    # What the rivals' choice reads (the mats, the pawn and its scouting) is not reset
    # at the start of a turn, so it is decided on ``state`` and the new turn built once.
    step, busy_seat = _busy_choice(state, seat, seat)
    return _turn_start(state, seat, extra, step, busy_seat)


def _out_of_turns(state: DabState) -> DabState:
    """The turn limit is reached: the game ends with no winner before another turn
    begins (DAB-END-1), so the turn order stands as it is (an extra turn still owed, a
    bartered turn not yet skipped)."""
    return replace(
        state,
        step=_OVER,
        active=-1,
        actor=-1,
        winners=(),
        reason=f"nobody won within {state.config.turn_limit} turns",
        rule="DAB-END-1",
    )


def _turn_start(state: DabState, seat: int, extra: bool, step: Phase, busy_seat: int) -> DabState:
    """``state`` at the start of ``seat``'s turn, at ``step``: the turn counted, the turn's
    own variables reset (the fuel, the roll, the card, the dice, the pending choices and
    the survivors lost, per DAB-ASSET-5), everything else kept.

    Built in one constructor call with the fields in their declared order: msgspec's
    ``replace`` costs per keyword, and this one is made at every turn (DESIGN section 8).
    A turn starts only in a game that runs, so the fields after ``origin`` are left to
    their defaults (the end of a game sets ``winners``, ``reason`` and ``rule``, and
    starts no turn).
    ``tests/test_doom_and_bloom.py`` checks it against the same state made by ``replace``.
    """
    return DabState(
        state.config,
        step,
        seat,  # active
        seat,  # actor
        state.turns + 1,
        state.start_player,
        state.setup_rolls,
        state.characters,
        state.assets,
        state.space,
        state.destinations,
        state.scouted,
        state.scouted_towns,
        state.final,
        state.last_hospital,
        state.owed,
        state.milestones,
        state.rewarded,
        state.bonus,
        state.moved,
        state.bartered,
        state.skip,
        state.extra,
        state.finished,
        state.reactivated,
        state.event_pile,
        state.attack_pile,
        state.bonus_pile,
        busy_seat,
        False,  # busy
        False,  # offered
        None,  # offer
        extra,  # extra_turn
        0,  # roll
        False,  # fuel_used
        state.space[seat],  # origin
        # The fields after ``origin`` take their defaults: the turn's own ("" deck, card
        # -1, no dice, total, benefits, success or pending choices, then END, no
        # survivors lost), and winners, reason and rule, empty while the game runs.
    )


def _busy_choice(state: DabState, p: int, after: int) -> tuple[Phase, int]:
    """The next rival after seat ``after`` that may keep the active player ``p`` busy
    (the step and the rival), else the turn proper."""
    cat = state.config.cat or catalog(state.config)
    if can_stay(state, p, cat):
        if cat.teams:
            for r in cat.askers[p][after]:
                if can_keep_busy(state, r, cat):
                    return _BUSY, r
        else:  # can_keep_busy on a solo mat, inline: this runs at every turn
            assets = state.assets
            for r in cat.askers[p][after]:
                have = assets[r]
                if have[0] > 0 and have[1] > 0 and have[2] > 0:
                    return _BUSY, r
    return _TURN, -1


def _busy_window(state: DabState, after: int) -> DabState:
    """The next rival after seat ``after`` that may keep the active player busy, else
    the turn proper."""
    step, busy_seat = _busy_choice(state, state.active, after)
    return replace(state, step=step, busy_seat=busy_seat)


def advance(state: DabState) -> DabState:
    """After a turn: an extra turn owed by a barter comes right after the player's next
    turn; a player who bartered its turn away skips it (DAB-TRADE-2). At the turn limit
    the game ends first: no turn begins, so none is taken or skipped (DAB-END-1)."""
    if state.turns >= state.config.turn_limit:
        return _out_of_turns(state)
    p = state.active
    if not state.extra_turn and state.extra[p] > 0:
        extra = list(state.extra)
        extra[p] -= 1
        return begin_turn(replace(state, extra=tuple(extra)), p, extra=True)
    n = state.config.players
    skip = state.skip
    q = p
    for _ in range(2 * n):
        q = (q + 1) % n
        if skip[q]:
            skip = (*skip[:q], False, *skip[q + 1 :])
            continue
        break
    if skip is not state.skip:
        state = replace(state, skip=skip)
    return begin_turn(state, q)
