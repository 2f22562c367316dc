"""Doom and Bloom SURVIVAL!: hostile states from outside (the referee's clients). A state
``check_state`` accepts is one the rules can be applied to: listing its actions ends,
and every step from it leads to a state that is accepted too."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dieproof.reference import game
from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.core.types import replace
from dieproof.reference.doom_and_bloom import rules
from dieproof.reference.doom_and_bloom.base import catalog
from dieproof.reference.doom_and_bloom.board import Topology
from dieproof.reference.doom_and_bloom.types import DabConfig, DabState, Phase, Then

GAME = game("doom-and-bloom")
CONFIGS = (
    DabConfig(players=3, length="short"),
    DabConfig(players=4, length="short", play="teams"),
    DabConfig(players=2, length="normal"),
)


@cache
def played() -> tuple[DabState, ...]:
    """Every state of a few seeded random games (solo and team play)."""
    found: list[DabState] = []
    for seed, config in enumerate(CONFIGS):
        rng = random.Random(seed)
        state = rules.initial_state(config)
        found.append(state)
        while rules.to_move(state) != TERMINAL and len(found) < 3000 * (seed + 1):
            if rules.to_move(state) == CHANCE:
                action = rng.choice(rules.chance_outcomes(state))[0]
            else:
                action = rng.choice(rules.legal_actions(state))
            state = rules.apply(state, action)
            found.append(state)
    return tuple(found)


def first(phase: Phase, teams: bool = False, **where: Any) -> DabState:
    """The first played state in ``phase`` (of a team game if ``teams``) whose fields
    have the values ``where`` names, in a turn (not the rewards of game start)."""
    for state in played():
        if (
            state.step is phase
            and state.config.teams == teams
            and state.then is not Then.START
            and all(getattr(state, k) == v for k, v in where.items())
        ):
            return state
    raise AssertionError(f"no played state in phase {phase.value}")


def successors_accepted(state: DabState) -> None:
    """Listing ends, a node has something to do, and every step is accepted again."""
    legal, outcomes = rules.legal_actions(state), rules.chance_outcomes(state)
    mover = rules.to_move(state)
    if mover == CHANCE:
        assert outcomes and not legal
    elif mover != TERMINAL:
        assert legal and not outcomes
    for action in (*legal, *(outcome for outcome, _ in outcomes)):
        GAME.check_state(rules.apply(state, action))


# -- the movement allowance -------------------------------------------------------------------


class _Counting(tuple[tuple[int, ...], ...]):
    """A board's neighbour lists that count how often they are looked up."""

    lookups = 0

    def __getitem__(self, index: Any) -> Any:
        type(self).lookups += 1
        return super().__getitem__(index)


def test_a_huge_allowance_walks_on_from_each_space_once() -> None:
    """A hostile state's movement allowance of 2**63 hung the referee (the move loop ran
    once per point of allowance); each space is now walked on from at most once."""
    top = catalog(DabConfig()).top
    counting = dataclasses.replace(top, steps=_Counting(top.steps))
    _Counting.lookups = 0
    far = counting.reach(top.center, 10_000, True)
    assert _Counting.lookups <= len(top.kinds)
    assert far == top.reach(top.center, len(top.kinds), True)


def _walks(top: Topology, start: int, allowance: int, center_open: bool) -> tuple[int, ...]:
    """Where a move may finish, by trying every walk (DAB-MOVE-2, DAB-MOVE-4)."""
    ends = {start}

    def walk(here: int, left: int) -> None:
        if left == 0:
            return
        for there in top.steps[here]:
            if there == top.center and not center_open:
                continue
            ends.add(there)
            if top.kinds[there] == "crossing" and top.regions[here] != top.gateway[there]:
                continue  # entered from outside: the move stops
            walk(there, left - 1)

    walk(start, allowance)
    return tuple(sorted(ends))


@pytest.mark.rule("DAB-MOVE-2")
@pytest.mark.rule("DAB-MOVE-4")
def test_reach_is_every_walk_within_the_allowance() -> None:
    top = catalog(DabConfig()).top
    starts = [s for s, kind in enumerate(top.kinds) if kind != "forest"]
    for start in starts[::3]:
        for allowance in range(5):
            for center_open in (True, False):
                expected = _walks(top, start, allowance, center_open)
                assert top.reach(start, allowance, center_open) == expected


def test_a_state_with_a_huge_allowance_lists_its_moves() -> None:
    state = replace(first(Phase.MOVE), roll=2**63)
    GAME.check_state(state)
    wide = replace(state, roll=len(catalog(state.config).top.kinds))
    assert GAME.legal_actions(state) == GAME.legal_actions(wide)


# -- states the audit refuses ----------------------------------------------------------------


def _all(value: Any) -> Callable[[DabState], tuple[Any, ...]]:
    return lambda state: (value,) * state.config.players


HOSTILE: dict[str, tuple[Phase, bool, dict[str, Any]]] = {
    # (where the edit starts, team play, the edit); today's code accepted each, and then
    # a step from it crashed or led to a state it refuses
    "a start roll with everyone rolled": (
        Phase.SETUP_ROLL,
        False,
        {"setup_rolls": _all(9)},
    ),
    "a character draw with every character drawn": (
        Phase.CHARACTER,
        False,
        {"characters": lambda s: tuple(range(s.config.players))},
    ),
    "a destination draw with every destination drawn": (
        Phase.DESTINATION,
        False,
        {"destinations": _all((0,))},
    ),
    "a gain of choice with none pending": (Phase.GAIN, False, {"pending_gain": 0}),
    "a loss of choice with none pending": (Phase.LOSE, False, {"pending_lose": 0}),
    "a Bonus draw with none pending": (Phase.BONUS, True, {"pending_bonus": 0}),
    "a card drawn in nobody's turn": (Phase.DRAW, True, {"active": -1}),
    "a card drawn for nobody": (Phase.DRAW, False, {"actor": -1}),
    "a gain for a seat that is not in its turn": (
        Phase.GAIN,
        True,
        {"actor": lambda s: (s.active + 1) % s.config.players},
    ),
    "setup rewards in a turn": (Phase.GAIN, False, {"then": Then.START}),
    "a final destination drawn during setup": (
        Phase.DESTINATION,
        False,
        {"final": lambda s: (0,) + (-1,) * (s.config.players - 1)},
    ),
    "an Event card at Center City": (
        Phase.POST_ROLL,
        False,
        {
            "space": lambda s: tuple(
                catalog(s.config).top.center if seat == s.active else where
                for seat, where in enumerate(s.space)
            ),
            "deck": "event",
        },
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_states_are_refused(name: str) -> None:
    phase, teams, edits = HOSTILE[name]
    state = first(phase, teams)
    changes = {k: v(state) if callable(v) else v for k, v in edits.items()}
    hostile = replace(state, **changes)
    with pytest.raises(InvalidState) as refused:
        GAME.check_state(hostile)
    assert refused.value.code == "DAB.STATE_INVALID"


def test_setup_rewards_are_still_accepted() -> None:
    """The milestone rewards a side takes at game start (no turn yet, ``then`` is
    ``start``) remain a state the audit accepts."""
    rewards = [s for s in played() if s.then is Then.START and s.step is not Phase.OVER]
    assert rewards
    for state in rewards:
        GAME.check_state(state)
        successors_accepted(state)


# -- the fuzz ------------------------------------------------------------------------------


def _mutate(rng: random.Random, value: Any) -> Any:
    """A copy of ``value`` (canonical JSON) with one leaf changed, often to an extreme."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.9:
        index = rng.randrange(len(value))
        return [*value[:index], _mutate(rng, value[index]), *value[index + 1 :]]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, -1, 2**63, rng.randint(-9, 9)])
    if isinstance(value, str):
        return rng.choice([*(p.value for p in Phase), *(t.value for t in Then), "", "event"])
    return value


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_an_accepted_hostile_state_has_only_accepted_successors(seed: int) -> None:
    rng = random.Random(seed)
    states = played()
    accepted = 0
    for _ in range(60):
        hostile = json.loads(GAME.dump_state(rng.choice(states)))
        for _ in range(rng.choice([1, 1, 2, 3])):
            hostile = _mutate(rng, hostile)
        try:
            state = GAME.load_state(json.dumps(hostile))
            GAME.check_state(state)
        except RulesError:
            continue
        assert isinstance(state, DabState)
        accepted += 1
        successors_accepted(state)
    assert accepted
