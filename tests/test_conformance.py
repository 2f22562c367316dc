"""One conformance test over every registered game and every configuration it lists
(OpenSpiel's habit): whatever a game is, these properties hold of it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction

import msgspec
import pytest

from dieproof.reference import game, games
from dieproof.reference.core import CHANCE, TERMINAL, Action, Config, Game, RulesError, State
from dieproof.reference.core.chance import sample
from dieproof.reference.core.driver import play, replay
from dieproof.reference.core.game import GameBase

CASES = [
    pytest.param(g.id, config, id=f"{g.id}-{g.dump_config(config)}")
    for g in games()
    for config in g.configs()
]
SEEDS = range(3)


def walk(g: Game, config: Config, seed: int) -> Iterator[tuple[State, Action, State]]:
    """Every (before, action, after) of one seeded random game."""
    rng = random.Random(seed)
    state = g.initial_state(config)
    steps = 0
    while g.to_move(state) != TERMINAL:
        if g.to_move(state) == CHANCE:
            action = sample(g.chance_outcomes(state), rng)
        else:
            action = g.sample_legal_action(state, rng)
        after = g.apply(state, action)
        yield state, action, after
        state = after
        steps += 1
        assert steps < 100_000, "the game does not terminate"


def test_registry_lists_every_game() -> None:
    assert [g.id for g in games()] == sorted(g.id for g in games())
    for g in games():
        assert game(g.id) is g
        assert g.title and g.prefix.isupper()
        assert g.configs(), f"{g.id} lists no configs"


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_node_kinds_and_chance(game_id: str, config: Config) -> None:
    g = game(game_id)
    for seed in SEEDS:
        for state, _, _ in walk(g, config, seed):
            mover = g.to_move(state)
            assert g.result(state) is None
            if mover == CHANCE:
                outcomes = g.chance_outcomes(state)
                assert outcomes, "a chance node needs outcomes"
                assert sum((p for _, p in outcomes), Fraction(0)) == 1
                assert all(p > 0 for _, p in outcomes)
                assert len({g.dump_action(o) for o, _ in outcomes}) == len(outcomes)
                assert g.legal_actions(state) == ()
            else:
                assert 0 <= mover < g.players(state)
                assert g.chance_outcomes(state) == ()
                legal = g.legal_actions(state)
                assert legal, "a decision node needs legal actions"
                assert len(set(legal)) == len(legal), "legal actions repeat"


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_apply_accepts_exactly_the_legal_actions(game_id: str, config: Config) -> None:
    g = game(game_id)
    seen: dict[str, Action] = {}
    for seed in SEEDS:
        for state, _, _ in walk(g, config, seed):
            listed = (
                [o for o, _ in g.chance_outcomes(state)]
                if g.to_move(state) == CHANCE
                else list(g.legal_actions(state))
            )
            for action in listed:
                seen.setdefault(g.dump_action(action), action)
                assert g.is_legal(state, action)
                g.apply(state, action)
            allowed = {g.dump_action(a) for a in listed}
            # Every action seen anywhere in the game that is not listed here must be refused.
            for text, action in list(seen.items())[:200]:
                if text in allowed:
                    continue
                assert not g.is_legal(state, action), text
                with pytest.raises(RulesError):
                    g.apply(state, action)


LISTED_CASES = [
    case
    for case in CASES
    if isinstance(g := game(str(case.values[0])), GameBase) and g.rules.apply_listed is not None
]


def test_the_games_that_skip_the_second_listing() -> None:
    # Squirrel or Die and Until Daylight test an action's legality inside its handler
    # (a bit test, a lookup) and list nothing in apply, so they need no apply_listed.
    assert sorted({str(case.values[0]) for case in LISTED_CASES}) == [
        "dont-let-it-die",
        "doom-and-bloom",
        "no-game-over",
    ]


@pytest.mark.parametrize(("game_id", "config"), LISTED_CASES)
def test_apply_listed_equals_the_checked_apply(game_id: str, config: Config) -> None:
    """The adapter's shortcut (a listed action on the state just listed skips the second
    listing) returns what the game's checked apply returns, for every listed action."""
    g = game(game_id)
    assert isinstance(g, GameBase)
    checked, listed_apply = g.rules.apply, g.rules.apply_listed
    assert listed_apply is not None
    # One seeded game per configuration; at each node the first, middle and last listed
    # action (test_apply_accepts_exactly_the_legal_actions applies every one of them
    # through the adapter, which takes the shortcut there).
    for state, _, _ in walk(g, config, 0):
        listed = (
            [o for o, _ in g.chance_outcomes(state)]
            if g.to_move(state) == CHANCE
            else list(g.legal_actions(state))
        )
        for action in {
            id(a): a for a in (listed[0], listed[len(listed) // 2], listed[-1])
        }.values():
            expected = g.dump_state(checked(state, action))
            assert g.dump_state(listed_apply(state, action)) == expected
            g.legal_actions(state) if g.to_move(state) != CHANCE else g.chance_outcomes(state)
            assert g.dump_state(g.apply(state, action)) == expected


def test_the_shortcut_needs_the_very_state_listed() -> None:
    """An equal state that is not the object listed, or an action the listing lacks,
    goes through the checked apply (which refuses what is not legal)."""
    g = game("doom-and-bloom")
    states = [before for before, _, _ in walk(g, g.default_config(), 0)]
    state = next(s for s in states if g.to_move(s) >= 0)
    foreign = next(o for s in states if g.to_move(s) == CHANCE for o, _ in g.chance_outcomes(s))
    legal = g.legal_actions(state)
    copy = g.load_state(g.dump_state(state))
    assert copy is not state and copy == state
    assert g.dump_state(g.apply(copy, legal[0])) == g.dump_state(g.apply(state, legal[0]))
    g.legal_actions(state)
    with pytest.raises(RulesError):
        g.apply(state, foreign)


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_json_round_trip_and_immutability(game_id: str, config: Config) -> None:
    g = game(game_id)
    assert g.load_config(g.dump_config(config)) == config
    for state, action, after in walk(g, config, 0):
        text = g.dump_state(state)
        assert g.load_state(text) == state
        assert g.dump_state(g.load_state(text)) == text
        assert g.load_action(g.dump_action(action)) == action
        assert g.dump_state(state) == text, "apply changed the state it was given"
        assert g.dump_state(after) != text or after == state
    terminal = after
    assert g.result(terminal) is not None
    assert g.load_state(g.dump_state(terminal)) == terminal


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_deterministic_replay_and_termination(game_id: str, config: Config) -> None:
    g = game(game_id)
    for seed in SEEDS:
        first = play(g, config, seed)
        again = play(g, config, seed)
        assert first.actions == again.actions
        assert g.dump_state(first.final) == g.dump_state(again.final)
        assert replay(g, config, first.actions) == first.final
        assert g.to_move(first.final) == TERMINAL
        assert first.violations == ()
        assert g.invariants(first.final) == ()


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_invariants_hold_along_random_games(game_id: str, config: Config) -> None:
    g = game(game_id)
    for seed in range(10, 30):
        playout = play(g, config, seed, check=True)
        assert playout.violations == (), playout.violations[:3]


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_json_values_match_the_published_schemas(game_id: str, config: Config) -> None:
    from jsonschema import Draft202012Validator

    g = game(game_id)
    validators = {kind: Draft202012Validator(schema) for kind, schema in g.schemas().items()}
    for validator in validators.values():
        Draft202012Validator.check_schema(validator.schema)
    validators["config"].validate(json.loads(g.dump_config(config)))
    final = None
    for state, action, after in walk(g, config, 1):
        validators["state"].validate(json.loads(g.dump_state(state)))
        validators["action"].validate(json.loads(g.dump_action(action)))
        final = after
    assert final is not None
    validators["state"].validate(json.loads(g.dump_state(final)))
    result = g.result(final)
    assert result is not None
    validators["result"].validate(json.loads(msgspec.json.encode(result)))
    assert not validators["action"].is_valid({"type": "no-such-action"})
