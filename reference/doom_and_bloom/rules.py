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
    Mats,
    can_pay,
    can_stay,
    catalog,
    center_open,
    has_required,
    holder,
    may_finish,
    pool,
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

_CHANCE_TYPES = frozenset({SetupRoll, DrawCharacter, DrawTown, MoveDie, DrawCard, Dice, DrawBonus})

CHANCE_PHASES = frozenset(
    {
        Phase.SETUP_ROLL,
        Phase.CHARACTER,
        Phase.DESTINATION,
        Phase.MOVE_ROLL,
        Phase.DRAW,
        Phase.DICE,
        Phase.BONUS,
        Phase.FINAL,
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
        step=Phase.SETUP_ROLL,
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
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    if phase is Phase.BUSY:
        return state.busy_seat
    if phase is Phase.ANSWER:
        assert state.offer is not None
        return state.offer.partner
    if phase is Phase.GAIN or phase is Phase.LOSE:
        return state.actor
    return state.active


def _items(state: DabState, seat: int) -> tuple[int, ...]:
    """The trade items ``seat``'s side holds, in item order (DAB-TRADE-1)."""
    found = [i for i in range(3) if pooled(state, seat, i) > 0]
    if pooled(state, seat, MEDKITS) > 0:
        found.append(3)
    hand = state.bonus[holder(state, seat)]
    found.extend(BONUS_ITEM + k for k, c in enumerate(hand) if c > 0)
    return tuple(found)


def may_give(state: DabState, seat: int, item: int) -> bool:
    """Whether ``seat`` may offer ``item`` in a trade: a player kept busy must still be
    able to stay put once the item is gone, so on its final destination it keeps the
    required assets (DAB-A25). Implements DAB-BUSY-1 with DAB-TRADE-1."""
    if not state.busy or item >= BONUS_ITEM:
        return True
    cat = catalog(state.config)
    town = cat.top.space_town[state.space[seat]]
    if town < 0 or town != state.final[seat]:
        return True
    asset = item if item < 3 else MEDKITS
    return pooled(state, seat, asset) > cat.required[asset]


def _bonus_plays(state: DabState, kind: str) -> list[DabAction]:
    hand = state.bonus[holder(state, state.active)]
    bonuses = catalog(state.config).content.bonuses
    return [PlayBonus(card=k) for k, c in enumerate(hand) if c > 0 and bonuses[k].kind == kind]


def destinations(state: DabState) -> tuple[int, ...]:
    """Where the active player may finish its movement, in space order. Implements
    DAB-MOVE-2 (up to the roll), DAB-MOVE-3, DAB-MOVE-4 and DAB-CENTER-1 (passing
    through Center City per DAB-A3). The reach itself is remembered in the catalog by
    its start, allowance and Center City."""
    p = state.active
    cat = catalog(state.config)
    open_center = state.config.readings.pass_center == "allowed" or center_open(state, p)
    key = (state.space[p], state.roll, open_center)
    reach = cat.reaches.get(key)
    if reach is None:
        reach = remember(cat.reaches, key, cat.top.reach(*key))
    plain = cat.plain
    return tuple(s for s in reach if s in plain or may_finish(state, p, s))


def legal_actions(state: DabState) -> tuple[DabAction, ...]:
    """The open decisions, in the canonical order of the contract."""
    phase = state.step
    if phase is Phase.TURN:
        return _turn_actions(state)
    if phase is Phase.MOVE:
        return _move_actions(state)
    if phase in CHANCE_PHASES or phase is Phase.OVER:
        return ()
    if phase is Phase.ANSWER:
        return _ANSWER
    if phase is Phase.BUSY:
        return _BUSY
    if phase is Phase.REACTIVATE:
        return _REACTIVATE
    return resolve.legal_actions(state)


_ANSWER: tuple[DabAction, ...] = (Accept(), Decline())
_BUSY: tuple[DabAction, ...] = (KeepBusy(), LetPass())
_REACTIVATE: tuple[DabAction, ...] = (Reactivate(), Rest())


def _side_items(state: DabState, seat: int) -> tuple[int, ...]:
    """:func:`_items`, remembered in the catalog by which of the four trade assets the
    side holds and by its Bonus hand."""
    cat = catalog(state.config)
    side = cat.sides[seat]
    have = state.assets[seat] if len(side) == 1 else pool(state, seat)
    held = (have[0] > 0) + 2 * (have[1] > 0) + 4 * (have[2] > 0) + 8 * (have[MEDKITS] > 0)
    key = (held, state.bonus[side[0]])
    found = cat.items.get(key)
    if found is None:
        found = remember(cat.items, key, _items(state, seat))
    return found


def _turn_actions(state: DabState) -> tuple[DabAction, ...]:
    """The start of a turn: trades, barters, the roll, staying put, supply Bonus cards
    in the canonical order, from trade and barter actions the catalog built once."""
    p = state.active
    cat = catalog(state.config)
    acts: list[DabAction] = []
    if not state.offered:
        mine = _side_items(state, p)
        if state.busy:
            mine = tuple(g for g in mine if may_give(state, p, g))
        rivals = cat.rivals[p]
        theirs = [_side_items(state, r) for r in rivals]
        for partner, items in zip(rivals, theirs, strict=True):
            table = cat.trades[partner]
            acts.extend([table[g][t] for g in mine for t in items if g != t])
        if not state.bartered[p]:
            for partner, items in zip(rivals, theirs, strict=True):
                barters = cat.barters[partner]
                acts.extend([barters[t] for t in items])
    if not state.busy:
        acts.append(_ROLL_MOVE)
    if can_stay(state, p):
        acts.append(_STAY_PUT)
    acts.extend(_bonus_plays(state, "supply"))
    return tuple(acts)


_ROLL_MOVE: DabAction = RollMove()
_STAY_PUT: DabAction = StayPut()


def _move_actions(state: DabState) -> tuple[DabAction, ...]:
    """The movement: Fuel, move Bonus cards, the destinations (or the end of the turn),
    in the canonical order, from actions the catalog built once."""
    p = state.active
    cat = catalog(state.config)
    acts: list[DabAction] = []
    if not state.fuel_used and pooled(state, p, FUEL) > 0:
        acts.append(_USE_FUEL)
    acts.extend(_bonus_plays(state, "move"))
    places = destinations(state)
    moves = cat.moves
    acts.extend([moves[s] for s in places])
    if not places:
        acts.append(_END_TURN)
    return tuple(acts)


_USE_FUEL: DabAction = UseFuel()
_END_TURN: DabAction = EndTurn()


def chance_outcomes(state: DabState) -> tuple[tuple[DabAction, Fraction], ...]:
    """The outcomes of a chance node with exact probabilities, in ascending order.

    The dice and the movement die give the very same tuple each time (built once in the
    catalog), so that :func:`chance.sample` reuses its sampling table for them; a draw
    pile's node is built by :func:`chance.counted` from the catalog's outcomes (DESIGN
    section 8)."""
    phase = state.step
    cat = catalog(state.config)
    if phase is Phase.DRAW:
        pile = resolve.draw_pile(state)
        return chance.counted(cat.draw_outcomes, pile)
    if phase is Phase.MOVE_ROLL:
        return cat.move_outcomes
    if phase is Phase.DICE:
        return cat.dice_outcomes[state.dice]
    if phase is Phase.BONUS:
        pile = resolve.bonus_pile(state)
        return chance.counted(cat.bonus_outcomes, pile)
    if phase is Phase.SETUP_ROLL:
        return cat.setup_outcomes
    if phase is Phase.CHARACTER:
        taken = set(state.characters)
        free = [c for c in range(len(cat.content.characters)) if c not in taken]
        return chance.uniform([DrawCharacter(character=c) for c in free])
    if phase is Phase.DESTINATION:
        seat = _next_drawer(state)
        drawn = state.destinations[seat]
        towns = [t for t in range(len(cat.top.town_space)) if t not in drawn]
        return chance.uniform([DrawTown(town=t) for t in towns])
    if phase is Phase.FINAL:
        return cat.final_outcomes
    return ()


# -- apply ------------------------------------------------------------------------------------


_KINDS: dict[Phase, frozenset[type]] = {
    Phase.SETUP_ROLL: frozenset({SetupRoll}),
    Phase.CHARACTER: frozenset({DrawCharacter}),
    Phase.DESTINATION: frozenset({DrawTown}),
    Phase.FINAL: frozenset({DrawTown}),
    Phase.MOVE_ROLL: frozenset({MoveDie}),
    Phase.DRAW: frozenset({DrawCard}),
    Phase.DICE: frozenset({Dice}),
    Phase.BONUS: frozenset({DrawBonus}),
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
    if state.step is Phase.OVER:
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
    if state.step is not Phase.OVER:
        return None
    return Result(winners=state.winners, reason=state.reason, rule=state.rule)


def _refusal_rule(state: DabState) -> str:
    return {
        Phase.BUSY: "DAB-BUSY-1",
        Phase.REACTIVATE: "DAB-TEAM-4",
        Phase.TURN: "DAB-MOVE-1",
        Phase.ANSWER: "DAB-TRADE-1",
        Phase.MOVE: "DAB-MOVE-2",
        Phase.CROSSING: "DAB-CROSS-2",
        Phase.END: "DAB-ASSET-5",
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
    assets[seat] = catalog(state.config).content.characters[action.character].assets
    new = replace(state, characters=tuple(chars), assets=tuple(assets))
    if all(c >= 0 for c in chars):
        return replace(new, step=Phase.DESTINATION)
    return new


def _draw_town(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, DrawTown)
    if state.step is Phase.FINAL:
        final = list(state.final)
        final[state.active] = action.town
        return resolve.settle(replace(state, final=tuple(final), then=Then.END))
    seat = _next_drawer(state)
    dests = list(state.destinations)
    dests[seat] = dests[seat] + (action.town,)
    new = replace(state, destinations=tuple(dests))
    if _next_drawer(new) < 0:
        return _setup_rewards(new)
    return new


def _move_die(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, MoveDie)
    return replace(state, step=Phase.MOVE, roll=action.value)


def _resolved_chance(state: DabState, action: DabAction) -> DabState:
    return resolve.apply_chance(state, action)


def _keep_busy(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state)
    mats.apply(state.busy_seat, tuple(-c for c in BENEFIT_COST))  # type: ignore[arg-type]
    return replace(state, assets=mats.frozen(), busy=True, busy_seat=-1, step=Phase.TURN)


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
    offer = Offer(seat=state.active, partner=action.partner, give=action.give, get=action.get)
    return replace(state, offer=offer, offered=True, step=Phase.ANSWER)


def _barter(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Barter)
    offer = Offer(seat=state.active, partner=action.partner, give=-1, get=action.get)
    return replace(state, offer=offer, offered=True, step=Phase.ANSWER)


def _accept_offer(state: DabState, action: DabAction) -> DabState:
    return _accept(state)


def _decline(state: DabState, action: DabAction) -> DabState:
    return replace(state, offer=None, step=Phase.TURN)


def _roll_move(state: DabState, action: DabAction) -> DabState:
    return replace(state, step=Phase.MOVE_ROLL, origin=state.space[state.active])


def _stay_put(state: DabState, action: DabAction) -> DabState:
    here = state.space[state.active]
    return resolve.arrive(replace(state, origin=here), here)


def _use_fuel(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state)
    mats.pay(state.active, FUEL, 1)
    return replace(state, assets=mats.frozen(), fuel_used=True, roll=state.roll + FUEL_BONUS)


def _play_bonus(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, PlayBonus)
    return resolve.play_bonus(state, action.card)


def _move(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Move)
    p = state.active
    moved = list(state.moved)
    moved[p] = True
    spaces = list(state.space)
    spaces[p] = action.space
    return resolve.arrive(replace(state, moved=tuple(moved), space=tuple(spaces)), action.space)


def _end_turn(state: DabState, action: DabAction) -> DabState:
    if state.step is Phase.MOVE:
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
    DrawCard: _resolved_chance,
    Dice: _resolved_chance,
    DrawBonus: _resolved_chance,
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
    EndTurn: _end_turn,
}
"""Each action type's handler (dispatch by type through a dict); the decisions of the
resolution go to :func:`resolve.apply_decision`."""


def _dispatch(state: DabState, action: DabAction) -> DabState:
    return _HANDLERS.get(type(action), _resolved)(state, action)


def _accept(state: DabState) -> DabState:
    """The partner accepts: the items change hands (DAB-TRADE-1), or for a barter the
    offerer skips its next turn and the partner gains one after its next (DAB-TRADE-2)."""
    offer = state.offer
    assert offer is not None
    mats = Mats(state)
    bonus = [list(h) for h in state.bonus]

    def move(item: int, giver: int, taker: int) -> None:
        if item < BONUS_ITEM:
            asset = item if item < 3 else MEDKITS
            mats.pay(giver, asset, 1)
            mats.gain(taker, asset, 1)
        else:
            bonus[holder(state, giver)][item - BONUS_ITEM] -= 1
            bonus[holder(state, taker)][item - BONUS_ITEM] += 1

    move(offer.get, offer.partner, offer.seat)
    new = state
    if offer.give >= 0:
        move(offer.give, offer.seat, offer.partner)
    else:
        bartered = list(state.bartered)
        skip = list(state.skip)
        extra = list(state.extra)
        bartered[offer.seat] = True
        skip[offer.seat] = True
        extra[offer.partner] += 1
        new = replace(new, bartered=tuple(bartered), skip=tuple(skip), extra=tuple(extra))
    return replace(
        new,
        assets=mats.frozen(),
        bonus=tuple(tuple(h) for h in bonus),
        offer=None,
        step=Phase.TURN,
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
    return replace(state, setup_rolls=tuple(rolls), start_player=tied[0], step=Phase.CHARACTER)


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
    k = catalog(state.config).destinations
    for seat in _order(state):
        if len(state.destinations[seat]) < k:
            return seat
    return -1


def _setup_rewards(state: DabState) -> DabState:
    """Milestones reached by the starting survivors are earned at game start, per side
    (DAB-TEAM-5; DAB-A14 for solo play), then the start player's first turn."""
    from dieproof.reference.doom_and_bloom.base import new_milestones
    from dieproof.reference.doom_and_bloom.types import SURVIVORS

    milestones = list(state.milestones)
    rewarded = list(state.rewarded)
    owed = list(state.owed)
    cat = catalog(state.config)
    for seat in _order(state):
        first = cat.sides[seat][0]
        if first != seat:
            continue
        reached, fresh = new_milestones(0, pooled(state, seat, SURVIVORS))
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
                    then=Then.START,
                )
            )
    return begin_turn(state, state.start_player)


# -- turn order -----------------------------------------------------------------------------------


def begin_turn(state: DabState, seat: int, extra: bool = False) -> DabState:
    """Start ``seat``'s turn: the turn limit (DAB-A10), a finished teammate's choice
    (DAB-TEAM-4), then the rivals' chance to keep it busy (DAB-BUSY-1)."""
    if state.turns >= state.config.turn_limit:
        return replace(
            state,
            step=Phase.OVER,
            active=-1,
            actor=-1,
            winners=(),
            reason=f"nobody won within {state.config.turn_limit} turns",
            rule="DAB-END-1",
        )
    if state.finished[seat]:
        if has_required(state, seat):
            return advance(_turn_start(state, seat, extra, state.step, -1))
        return _turn_start(state, seat, extra, Phase.REACTIVATE, -1)
    # What the rivals' choice reads (the mats, the pawn and its scouting) is not reset
    # at the start of a turn, so it is decided on ``state`` and the new turn built once.
    step, busy_seat = _busy_choice(state, seat, seat)
    return _turn_start(state, seat, extra, step, busy_seat)


def _turn_start(state: DabState, seat: int, extra: bool, step: Phase, busy_seat: int) -> DabState:
    """``state`` at the start of ``seat``'s turn, at ``step``: the turn counted, the turn's
    own variables reset (the fuel, the roll, the card, the dice, the pending choices and
    the survivors lost, per DAB-ASSET-5), everything else kept.

    Built in one constructor call with the fields in their declared order: msgspec's
    ``replace`` costs per keyword, and this one is made at every turn (DESIGN section 8).
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
        "",  # deck
        -1,  # card
        0,  # dice
        0,  # total
        0,  # food_uses
        False,  # weaponry_used
        False,  # success
        0,  # pending_lose
        0,  # pending_gain
        0,  # pending_bonus
        Then.END,
        0,  # lost
        state.winners,
        state.reason,
        state.rule,
    )


def _busy_choice(state: DabState, p: int, after: int) -> tuple[Phase, int]:
    """The next rival after seat ``after`` that may keep the active player ``p`` busy
    (the step and the rival), else the turn proper."""
    n = state.config.players
    if can_stay(state, p):
        rivals = catalog(state.config).rivals[p]
        for i in range(1, n):
            r = (after + i) % n
            if r == p:
                break
            if r in rivals and can_pay(state, r, BENEFIT_COST):
                return Phase.BUSY, r
    return Phase.TURN, -1


def _busy_window(state: DabState, after: int) -> DabState:
    """The next rival after seat ``after`` that may keep the active player busy, else
    the turn proper."""
    step, busy_seat = _busy_choice(state, state.active, after)
    return replace(state, step=step, busy_seat=busy_seat)


def advance(state: DabState) -> DabState:
    """After a turn: an extra turn owed by a barter comes right after the player's next
    turn; a player who bartered its turn away skips it (DAB-TRADE-2)."""
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
