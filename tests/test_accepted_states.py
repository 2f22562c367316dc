"""States the referee accepts are states the rules keep in shape (issue 11).

``check_state`` is the promise the oracle makes to a stranger's state: either it is
refused up front, or it is a position the rules can be applied to. This test holds every
registered game to the stronger promise that such a position is one the rules treat like
a reachable one: from every hostile state that ``check_state`` accepts, every successor
(after each legal action or chance outcome) is accepted too, and so on for several steps
along random paths. A state accepted here but whose successor is refused is a position
"one legal step from a state the referee itself refuses": ``validate_state`` misses a
property that the invariants or the rules assume.

The hostile states keep their JSON types (an integer stays an integer, a name is swapped
for another name the game uses in that place, a list loses, gains or swaps an element),
so most of them decode and reach the game's own checks instead of the codec's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from dieproof.reference import game, games
from dieproof.reference.core import CHANCE, TERMINAL, Action, Game, RulesError, State
from dieproof.reference.core.chance import sample
from dieproof.reference.core.driver import play

GAME_IDS = [g.id for g in games()]
SEEDS = range(4)
HOSTILE_PER_SEED = 150
"""Hostile states tried per game and seed."""
DEPTH = 4
"""Steps along each random path from an accepted state."""
FAN_OUT = 12
"""Successors checked at each step (all of them when a node has fewer)."""


@cache
def reachable(game_id: str) -> tuple[dict[str, Any], ...]:
    """Canonical states of seeded random games of every configuration and of every worked
    example: the positions the hostile states start from."""
    g = game(game_id)
    played = [
        (g.initial_state(config), play(g, config, seed).actions)
        for config in g.configs()
        for seed in (0, 1)
    ]
    played += [(g.example_start(example), example.actions) for example in g.examples()]
    found: list[dict[str, Any]] = []
    for start, actions in played:
        state = start
        found.append(json.loads(g.dump_state(state)))
        for index, action in enumerate(actions):
            state = g.apply(state, action)
            if index % 2 == 0:
                found.append(json.loads(g.dump_state(state)))
    return tuple(found)


@cache
def names_by_key(game_id: str) -> dict[str, tuple[str, ...]]:
    """Every string value seen under each key in the reachable states: the names a
    hostile state may swap in (a phase for a phase, a reading for a reading)."""
    seen: dict[str, set[str]] = {}

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str):
            seen.setdefault(key, set()).add(value)

    for state in reachable(game_id):
        walk(state, "")
    return {key: tuple(sorted(values)) for key, values in seen.items()}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (itself included)."""
    yield prefix
    if isinstance(value, dict):
        for key in sorted(value):
            yield from paths(value[key], (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def tweak(rng: random.Random, value: Any, key: str, names: dict[str, tuple[str, ...]]) -> Any:
    """``value`` changed a little, keeping its JSON type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, -1, value + 2, value * 2])
    if isinstance(value, str):
        others = [name for name in names.get(key, ()) if name != value]
        return rng.choice(others) if others else value
    if isinstance(value, list) and value:
        roll = rng.random()
        copy = list(value)
        if roll < 0.3:
            del copy[rng.randrange(len(copy))]
        elif roll < 0.6:
            copy.insert(rng.randrange(len(copy) + 1), rng.choice(copy))
        elif len(copy) > 1:
            i, j = rng.sample(range(len(copy)), 2)
            copy[i], copy[j] = copy[j], copy[i]
        return copy
    return value  # null, an empty list, an object: left as they are


def hostile(rng: random.Random, game_id: str) -> dict[str, Any]:
    """A reachable state with one to three small, type-keeping changes."""
    state: dict[str, Any] = json.loads(json.dumps(rng.choice(reachable(game_id))))
    names = names_by_key(game_id)
    for _ in range(rng.choice([1, 1, 2, 3])):
        where = rng.choice([p for p in paths(state) if p])
        parent = state
        for step in where[:-1]:
            parent = parent[step]
        last = where[-1]
        key = next((str(step) for step in reversed(where) if isinstance(step, str)), "")
        parent[last] = tweak(rng, parent[last], key, names)
    return state


def accepted(g: Game, text: str) -> State | None:
    """The state if ``check_state`` accepts it, else ``None``."""
    try:
        state = g.load_state(text)
        g.check_state(state)
    except RulesError:
        return None
    return state


def successors(g: Game, state: State, rng: random.Random) -> list[tuple[Action, State]]:
    """Up to FAN_OUT (action, successor) pairs of ``state``; rules errors are refusals."""
    if g.to_move(state) == CHANCE:
        options = [outcome for outcome, _ in g.chance_outcomes(state)]
    else:
        options = list(g.legal_actions(state))
    if len(options) > FAN_OUT:
        options = rng.sample(options, FAN_OUT)
    return [(action, g.apply(state, action)) for action in options]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_successor_of_an_accepted_hostile_state_is_accepted(game_id: str, seed: int) -> None:
    g = game(game_id)
    rng = random.Random(f"{game_id}/{seed}")
    taken = 0
    for _ in range(HOSTILE_PER_SEED):
        text = json.dumps(hostile(rng, game_id))
        state = accepted(g, text)
        if state is None:
            continue
        taken += 1
        for depth in range(DEPTH):
            if g.to_move(state) == TERMINAL:
                break
            following = successors(g, state, rng)
            for action, after in following:
                try:
                    g.check_state(g.load_state(g.dump_state(after)))
                except RulesError as error:
                    pytest.fail(
                        f"{game_id}: an accepted state's successor is refused after "
                        f"{depth + 1} steps by {g.dump_action(action)}: {error.code}: "
                        f"{error.message}\naccepted state: {text}"
                    )
            state = following[rng.randrange(len(following))][1]
    # Not all noise: a good share of the hostile states get past every check.
    assert taken >= HOSTILE_PER_SEED // 10, f"only {taken} hostile states were accepted"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_successors_of_reachable_states_are_accepted(game_id: str) -> None:
    """The same check on the unmodified states: the baseline the hostile test relies on."""
    g = game(game_id)
    rng = random.Random(0)
    for state_json in reachable(game_id)[::7]:
        state = accepted(g, json.dumps(state_json))
        assert state is not None, state_json
        if g.to_move(state) == TERMINAL:
            continue
        for _, after in successors(g, state, rng):
            g.check_state(after)
        if g.to_move(state) == CHANCE:
            g.check_state(g.apply(state, sample(g.chance_outcomes(state), rng)))
