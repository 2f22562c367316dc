"""Doom and Bloom SURVIVAL!: what the speed work (issue 14) remembers or builds in one call
equals what the rules compute afresh.

The tables a catalog keeps (a side's trade items, a move's reach) are keyed by the parts
of the state they read; a key that left one out would hand a later state an earlier
state's answer. The listings are assembled from actions built once, the chance nodes from
tables built once. Random games of every configuration visit the same keys from many
states, and each listing and chance node is compared with the plain computation.
"""

from __future__ import annotations

import random

import msgspec

from dieproof.reference.core import chance
from dieproof.reference.core.types import CHANCE, TERMINAL, replace
from dieproof.reference.doom_and_bloom import GAME, resolve, rules
from dieproof.reference.doom_and_bloom.base import (
    Mats,
    can_keep_busy,
    can_pay,
    can_stay,
    catalog,
    center_open,
    may_finish,
    pooled,
)
from dieproof.reference.doom_and_bloom.types import (
    BENEFIT_COST,
    FUEL,
    Barter,
    DabAction,
    DabState,
    Dice,
    DrawBonus,
    DrawCard,
    DrawTown,
    EndTurn,
    Move,
    MoveDie,
    Phase,
    RollMove,
    SetupRoll,
    StayPut,
    Then,
    Trade,
    UseFuel,
)


def _positions(games: int) -> list[DabState]:
    """Every state of ``games`` random games per configuration (turn limit 80)."""
    found: list[DabState] = []
    for config in GAME.configs():
        for seed in range(games):
            rng = random.Random(seed)
            state = GAME.initial_state(replace(config, turn_limit=80))
            while (mover := GAME.to_move(state)) != TERMINAL:
                found.append(state)
                if mover == CHANCE:
                    action = chance.sample(GAME.chance_outcomes(state), rng)
                else:
                    actions = GAME.legal_actions(state)
                    action = actions[rng.randrange(len(actions))]
                state = GAME.apply(state, action)
    return found


POSITIONS = _positions(3)


def _plain_destinations(state: DabState) -> tuple[int, ...]:
    """Every space the reach allows, each asked of may_finish (DAB-MOVE-2 to 4)."""
    p = state.active
    open_center = state.config.readings.pass_center == "allowed" or center_open(state, p)
    reach = catalog(state.config).top.reach(state.space[p], state.roll, open_center)
    return tuple(s for s in reach if may_finish(state, p, s))


def _plain_turn(state: DabState) -> tuple[DabAction, ...]:
    """The start of a turn's listing built action by action, in the contract's order."""
    p = state.active
    acts: list[DabAction] = []
    rivals = [q for q in range(state.config.players) if q not in catalog(state.config).sides[p]]
    if not state.offered:
        mine = tuple(g for g in rules._items(state, p) if rules.may_give(state, p, g))
        for partner in rivals:
            theirs = rules._items(state, partner)
            acts.extend(
                Trade(partner=partner, give=g, get=t) for g in mine for t in theirs if g != t
            )
    if not state.offered and not state.bartered[p]:
        for partner in rivals:
            acts.extend(Barter(partner=partner, get=t) for t in rules._items(state, partner))
    if not state.busy:
        acts.append(RollMove())
    if can_stay(state, p):
        acts.append(StayPut())
    acts.extend(rules._bonus_plays(state, "supply"))
    return tuple(acts)


def _plain_move(state: DabState) -> tuple[DabAction, ...]:
    """The movement's listing built action by action, in the contract's order."""
    p = state.active
    acts: list[DabAction] = []
    if not state.fuel_used and pooled(state, p, FUEL) > 0:
        acts.append(UseFuel())
    acts.extend(rules._bonus_plays(state, "move"))
    places = _plain_destinations(state)
    acts.extend(Move(space=s) for s in places)
    if not places:
        acts.append(EndTurn())
    return tuple(acts)


def _plain_outcomes(state: DabState) -> tuple[tuple[DabAction, object], ...]:
    """The chance node built from the weights, as before anything was remembered."""
    cat = catalog(state.config)
    phase = state.step
    if phase is Phase.SETUP_ROLL:
        return chance.weighted((SetupRoll(total=t), w) for t, w in cat.rolls[6])
    if phase is Phase.MOVE_ROLL:
        return chance.weighted((MoveDie(value=v), w) for v, w in cat.move_faces)
    if phase is Phase.DICE:
        return chance.weighted((Dice(total=t), w) for t, w in cat.rolls[state.dice])
    if phase is Phase.DRAW:
        pile = resolve.draw_pile(state)
        return chance.weighted((DrawCard(card=i), c) for i, c in enumerate(pile) if c > 0)
    if phase is Phase.BONUS:
        pile = resolve.bonus_pile(state)
        return chance.weighted((DrawBonus(card=i), c) for i, c in enumerate(pile) if c > 0)
    if phase is Phase.FINAL:
        return chance.uniform([DrawTown(town=t) for t in range(len(cat.top.town_space))])
    return tuple(rules.chance_outcomes(state))


def test_the_positions_cover_every_remembered_listing() -> None:
    steps = {s.step for s in POSITIONS}
    assert {Phase.TURN, Phase.MOVE, Phase.DRAW, Phase.BONUS, Phase.DICE, Phase.BUSY} <= steps
    assert any(s.step is Phase.TURN and s.busy for s in POSITIONS)
    assert any(s.step is Phase.TURN and s.offered for s in POSITIONS)


def test_remembered_listings_equal_the_plain_ones() -> None:
    for state in POSITIONS:
        if state.step is Phase.TURN:
            assert rules.legal_actions(state) == _plain_turn(state), state
        elif state.step is Phase.MOVE:
            assert rules.destinations(state) == _plain_destinations(state), state
            assert rules.legal_actions(state) == _plain_move(state), state


def test_remembered_chance_nodes_equal_the_plain_ones() -> None:
    for state in POSITIONS:
        if state.step in rules.CHANCE_PHASES:
            assert rules.chance_outcomes(state) == _plain_outcomes(state), state


def test_a_chance_node_is_the_same_tuple_each_time() -> None:
    """So that chance.sample finds its sampling table by the tuple's identity."""
    for state in POSITIONS:
        if state.step in (Phase.SETUP_ROLL, Phase.MOVE_ROLL, Phase.DICE, Phase.FINAL):
            assert rules.chance_outcomes(state) is rules.chance_outcomes(state)


def test_the_start_of_a_turn_built_in_one_call_equals_replace() -> None:
    for state in POSITIONS[::7]:
        for seat in range(state.config.players):
            for extra in (False, True):
                built = rules._turn_start(state, seat, extra, Phase.BUSY, 1)
                assert built == replace(
                    state,
                    step=Phase.BUSY,
                    active=seat,
                    actor=seat,
                    turns=state.turns + 1,
                    extra_turn=extra,
                    busy=False,
                    busy_seat=1,
                    offered=False,
                    offer=None,
                    roll=0,
                    fuel_used=False,
                    origin=state.space[seat],
                    deck="",
                    card=-1,
                    dice=0,
                    total=0,
                    food_uses=0,
                    weaponry_used=False,
                    success=False,
                    pending_lose=0,
                    pending_gain=0,
                    pending_bonus=0,
                    then=Then.END,
                    lost=0,
                )


def test_the_busy_check_equals_can_pay_of_the_benefit_cost() -> None:
    """``can_keep_busy`` is ``can_pay`` for 1 Food, 1 Fuel, 1 Weaponry, on every seat."""
    seen = set()
    for state in POSITIONS[::3]:
        for seat in range(state.config.players):
            expected = can_pay(state, seat, BENEFIT_COST)
            assert can_keep_busy(state, seat) == expected, (state, seat)
            seen.add(expected)
    assert seen == {True, False}


def test_the_working_mats_pool_a_team_as_the_state_does() -> None:
    """``Mats`` copies a mat only when it is written; its pooled holdings are the side's
    (a team's two mats, DAB-TEAM-2) and it hands back the state's own assets untouched."""
    teams = 0
    for state in POSITIONS[::5]:
        mats = Mats(state)
        assert mats.frozen() == state.assets
        for seat in range(state.config.players):
            for asset in range(5):
                assert mats.pooled(seat, asset) == pooled(state, seat, asset), (state, seat)
            if state.config.teams and pooled(state, seat, 3) != state.assets[seat][3]:
                teams += 1
    assert teams > 0


def test_a_state_decoded_from_json_steps_as_the_original() -> None:
    """The rules keep a config's catalog with the config object (``config.cat``, set by
    ``catalog``) and read it as ``state.config.cat or catalog(state.config)``. A state
    decoded from JSON holds a new config without one, so the first rule that reads the
    catalog on it must build it: every kind of step taken from such a state (the first
    open action, applied without listing and with the checked apply) gives the state the
    original gives."""
    steps = set()
    for state in POSITIONS[::3]:
        if state.step in rules.CHANCE_PHASES:
            action = rules.chance_outcomes(state)[0][0]
        else:
            action = rules.legal_actions(state)[0]
        expected = rules.apply_listed(state, action)
        for step in (rules.apply_listed, rules.apply):
            fresh = msgspec.json.decode(GAME.dump_state(state), type=DabState)
            assert fresh.config.cat is None
            assert step(fresh, action) == expected, (state, action)
        steps.add(state.step)
    # The end of a turn from the Medkit's choice (END) reads the catalog first in the
    # rivals' busy check; the others read it first in their own handlers.
    assert {Phase.TURN, Phase.ANSWER, Phase.BUSY, Phase.MOVE_ROLL, Phase.MOVE} <= steps
    assert {Phase.DRAW, Phase.DICE, Phase.POST_ROLL, Phase.GAIN, Phase.LOSE} <= steps
    assert {Phase.BONUS, Phase.END} <= steps
