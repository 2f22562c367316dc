"""The ``dieproof`` command line, run in-process through ``main``.

Most tests use a tiny counter game registered under a test-only id, so they check the
CLI and the trace checker rather than any real game's rules; a few run the same commands
on Squirrel or Die.
"""

from __future__ import annotations

import argparse
import enum
import io
import json
import sys
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
import pytest

from dieproof.reference import __version__, game, game_ids
from dieproof.reference.cli import build_parser, main
from dieproof.reference.core import driver
from dieproof.reference.core.errors import IllegalAction, InvalidConfig
from dieproof.reference.core.game import _LOADERS, _REGISTRY, GameBase, Rules
from dieproof.reference.core.trace import Expect, header_line, state_sha256, step_line
from dieproof.reference.core.types import (
    CHANCE,
    TERMINAL,
    Action,
    Config,
    Result,
    State,
    Violation,
    replace,
)

# -- a counter game with a die --------------------------------------------------------------

FAKE_ID = "test-counter"


class Length(enum.Enum):
    """The counter game's variants: how far the counter must go."""

    SHORT = "short"
    LONG = "long"


class CounterConfig(Config, frozen=True):
    players: int = 2
    variant: Length = Length.SHORT
    buggy: bool = False
    """Report a made-up invariant violation once the counter reaches 4."""
    crash: bool = False
    """Raise a non-rules error once the counter reaches 4 (a reference bug)."""


class CounterState(State, frozen=True):
    config: CounterConfig
    counter: int = 0
    turn: int = 0
    roll: int = 0
    """The die roll the current player may use; 0 while the die is to be rolled."""
    winner: int = -1


class Roll(Action, frozen=True, tag="roll"):
    value: int


class Advance(Action, frozen=True, tag="advance"):
    amount: int


CounterAction = Roll | Advance


def target(config: CounterConfig) -> int:
    return 8 if config.variant is Length.SHORT else 15


def _validate(config: CounterConfig) -> None:
    if not 1 <= config.players <= 4:
        raise InvalidConfig("FAKE.PLAYERS", f"1-4 players, not {config.players}")


def _to_move(s: CounterState) -> int:
    if s.winner >= 0:
        return TERMINAL
    return CHANCE if s.roll == 0 else s.turn


def _legal(s: CounterState) -> tuple[CounterAction, ...]:
    if s.winner >= 0 or s.roll == 0:
        return ()
    return tuple(Advance(amount) for amount in range(1, s.roll + 1))


def _chance(s: CounterState) -> tuple[tuple[CounterAction, Fraction], ...]:
    return tuple((Roll(value), Fraction(1, 3)) for value in (1, 2, 3))


def _apply(s: CounterState, a: CounterAction) -> CounterState:
    if s.winner >= 0:
        raise IllegalAction("FAKE.GAME_OVER", "the game is over", "FAKE-END-1")
    if isinstance(a, Roll):
        if s.roll != 0:
            raise IllegalAction("FAKE.NOT_CHANCE", "a player moves now", "FAKE-TURN-1")
        if not 1 <= a.value <= 3:
            raise IllegalAction("FAKE.DIE", f"no face {a.value}", "FAKE-DIE-1")
        return replace(s, roll=a.value)
    if s.roll == 0:
        raise IllegalAction("FAKE.CHANCE_NODE", "the die is to be rolled", "FAKE-TURN-1")
    if not 1 <= a.amount <= s.roll:
        raise IllegalAction("FAKE.TOO_FAR", f"{a.amount} > roll {s.roll}", "FAKE-MOVE-1")
    if s.config.crash and s.counter >= 4:
        raise RuntimeError("the counter overflowed (a deliberate bug)")
    counter = s.counter + a.amount
    winner = s.turn if counter >= target(s.config) else -1
    turn = (s.turn + 1) % s.config.players
    return replace(s, counter=counter, turn=turn, roll=0, winner=winner)


def _result(s: CounterState) -> Result | None:
    if s.winner < 0:
        return None
    return Result(winners=(s.winner,), reason="reached the target", rule="FAKE-END-1")


def _invariants(s: CounterState) -> tuple[Violation, ...]:
    found: list[Violation] = []
    if s.counter < 0:
        found.append(Violation("FAKE-INV-COUNT", f"counter {s.counter}"))
    if s.config.buggy and s.counter >= 4:
        found.append(Violation("FAKE-INV-BUGGY", f"counter {s.counter} >= 4"))
    return tuple(found)


CounterGame = GameBase[CounterConfig, CounterState, CounterAction]
"""Roll a three-sided die, advance the counter by up to the roll; reach the target."""

FAKE = CounterGame(
    id=FAKE_ID,
    title="Test Counter",
    prefix="FAKE",
    config_type=CounterConfig,
    state_type=CounterState,
    action_types=(Roll, Advance),
    rules=Rules(
        default_config=lambda players: CounterConfig(players=players or 2),
        configs=lambda: tuple(CounterConfig(players=p, variant=v) for p in (2, 3) for v in Length),
        initial_state=lambda config: CounterState(config=config),
        to_move=_to_move,
        legal_actions=_legal,
        chance_outcomes=_chance,
        apply=_apply,
        result=_result,
        invariants=_invariants,
        players=lambda s: s.config.players,
        config_of=lambda s: s.config,
        validate_config=_validate,
    ),
)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> CounterGame:
    """The counter game, registered for one test only."""
    monkeypatch.setitem(_LOADERS, FAKE_ID, lambda: FAKE)
    monkeypatch.setitem(_REGISTRY, FAKE_ID, FAKE)
    return FAKE


# -- helpers ------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` with its exit code, stdout and stderr."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    code, out, _ = run(capsys, *argv)
    data: dict[str, object] = json.loads(out)
    return code, data


def configs_of(data: dict[str, object]) -> list[dict[str, object]]:
    configs = data["configs"]
    assert isinstance(configs, list)
    return configs


def subcommands() -> list[str]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted(action.choices)
    raise AssertionError("no subcommands")


def write_lines(path: Path, lines: Sequence[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def recorded_game(seed: int = 5) -> tuple[CounterConfig, tuple[Action, ...]]:
    config = CounterConfig(players=2)
    return config, driver.play(FAKE, config, seed).actions


def states_along(config: CounterConfig, actions: Sequence[Action]) -> Iterator[CounterState]:
    """The state after each action."""
    state = FAKE.initial_state(config)
    for action in actions:
        state = FAKE.apply(state, action)
        yield state


# -- help, list, info ---------------------------------------------------------------------


def test_every_command_is_listed() -> None:
    expected = {"list", "info", "verify", "prove", "simulate", "play", "check", "bench"}
    expected |= {"schema", "vectors", "serve", "differential"}
    assert expected <= set(subcommands())


@pytest.mark.parametrize("command", [[], *([name] for name in subcommands())])
def test_help_works_and_has_an_example(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert "usage: dieproof" in out
    assert "example" in out


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert "--help" in err
    assert err.count("\n") == 1


def test_list_json(fake: CounterGame, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0
    rows = json.loads(out)
    mine = next(row for row in rows if row["id"] == FAKE_ID)
    assert mine == {"id": FAKE_ID, "title": "Test Counter", "prefix": "FAKE", "players": [2, 3]}
    assert [row["id"] for row in rows] == sorted(game_ids())


def test_list_table(fake: CounterGame, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "Test Counter" in out
    assert "2-3" in out


def test_info_json(fake: CounterGame, capsys: pytest.CaptureFixture[str]) -> None:
    code, info = run_json(capsys, "info", "--json")
    assert code == 0
    assert info["dieproof"] == __version__
    assert isinstance(info["python"], str)
    assert isinstance(info["z3"], str)
    assert isinstance(info["msgspec"], str)
    assert FAKE_ID in info["games"]  # type: ignore[operator]


def test_schema_prints_every_schema(fake: CounterGame, capsys: pytest.CaptureFixture[str]) -> None:
    code, schemas = run_json(capsys, "schema", FAKE_ID)
    assert code == 0
    assert set(schemas) == {
        "config",
        "state",
        "action",
        "outcome",
        "result",
        "trace",
        "vector",
        "request",
        "response",
        "position",
    }
    code, action = run_json(capsys, "schema", FAKE_ID, "--kind", "action")
    assert code == 0
    assert action == schemas["action"]


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "no-such-game", "-n", "1")
    assert code == 2
    assert "no game 'no-such-game'" in err
    assert "Traceback" not in err


# -- simulate -------------------------------------------------------------------------------


def test_simulate_plays_every_config_with_seeds_in_order(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(capsys, "simulate", FAKE_ID, "-n", "12", "--seed", "100", "--json")
    assert code == 0
    assert data["ok"] is True
    configs = configs_of(data)
    assert len(configs) == 4
    for entry, config in zip(configs, FAKE.configs(), strict=True):
        # game i uses seed SEED+i: recompute the statistics directly
        playouts = [driver.play(FAKE, config, 100 + i) for i in range(12)]
        lengths = [len(p.actions) for p in playouts]
        assert entry["games"] == 12
        assert entry["steps"] == sum(lengths)
        assert entry["min_steps"] == min(lengths)
        assert entry["max_steps"] == max(lengths)
        assert entry["endings"] == {"FAKE-END-1": 12}
        wins = entry["wins"]
        assert isinstance(wins, dict)
        assert sum(wins.values()) == 12
        assert set(wins) <= {f"player {p}" for p in range(config.players)}
        assert entry["violations"] == []
        assert entry["errors"] == []


def test_simulate_filters_by_players_and_variant(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(
        capsys, "simulate", FAKE_ID, "-n", "3", "--players", "3", "--variant", "long", "--json"
    )
    assert code == 0
    [entry] = configs_of(data)
    assert entry["config"] == json.loads(FAKE.dump_config(CounterConfig(3, Length.LONG)))
    code, data = run_json(capsys, "simulate", FAKE_ID, "-n", "2", "--players", "2", "3", "--json")
    assert len(configs_of(data)) == 4


def test_simulate_no_matching_config_is_a_usage_error(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "simulate", FAKE_ID, "--variant", "medium")
    assert code == 2
    assert "no configuration" in err
    assert "long, short" in err


def test_simulate_jobs_give_identical_statistics(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    timing = ("seconds", "steps_per_second", "jobs")
    _, one = run_json(capsys, "simulate", FAKE_ID, "-n", "40", "--seed", "3", "--json")
    _, two = run_json(
        capsys, "simulate", FAKE_ID, "-n", "40", "--seed", "3", "--jobs", "2", "--json"
    )
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }
    _, other = run_json(capsys, "simulate", FAKE_ID, "-n", "40", "--seed", "1000", "--json")
    assert configs_of(other) != configs_of(one)  # the seed matters, so the check can fail


def test_simulate_reports_invariant_violations(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "buggy.json"
    config.write_text(FAKE.dump_config(CounterConfig(buggy=True)))
    code, data = run_json(capsys, "simulate", FAKE_ID, "-n", "5", "--config", str(config), "--json")
    assert code == 1
    assert data["ok"] is False
    [entry] = configs_of(data)
    violations = entry["violations"]
    assert isinstance(violations, list)
    first = violations[0]
    assert first["seed"] == 0
    assert first["invariant"] == "FAKE-INV-BUGGY"
    # the step is the first one after which the counter is 4 or more
    playout = driver.play(FAKE, CounterConfig(buggy=True), 0)
    counters = [s.counter for s in states_along(CounterConfig(buggy=True), playout.actions)]
    assert first["step"] == next(i for i, c in enumerate(counters, 1) if c >= 4)

    code, out, _ = run(capsys, "simulate", FAKE_ID, "-n", "5", "--config", str(config))
    assert code == 1
    assert "VIOLATION FAKE-INV-BUGGY" in out
    assert f"reproduce: dieproof play {FAKE_ID} --seed 0 --config" in out
    assert "FAILED" in out


def test_simulate_without_checks_ignores_invariants(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "buggy.json"
    config.write_text(FAKE.dump_config(CounterConfig(buggy=True)))
    code, _ = run_json(
        capsys, "simulate", FAKE_ID, "-n", "5", "--config", str(config), "--no-check", "--json"
    )
    assert code == 0


def test_simulate_reports_games_that_raise(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "crash.json"
    config.write_text(FAKE.dump_config(CounterConfig(crash=True, variant=Length.LONG)))
    for jobs in ("1", "2"):
        code, data = run_json(
            capsys,
            "simulate",
            FAKE_ID,
            "-n",
            "4",
            "--config",
            str(config),
            "--jobs",
            jobs,
            "--json",
        )
        assert code == 1
        [entry] = configs_of(data)
        errors = entry["errors"]
        assert isinstance(errors, list)
        assert [e["seed"] for e in errors] == [0, 1, 2, 3]
        assert "RuntimeError: the counter overflowed" in errors[0]["error"]


def test_simulate_bad_config_file(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 9}')
    code, _, err = run(capsys, "simulate", FAKE_ID, "--config", str(bad))
    assert code == 2
    assert "FAKE.PLAYERS" in err
    code, _, err = run(capsys, "simulate", FAKE_ID, "--config", str(tmp_path / "missing.json"))
    assert code == 2
    assert "cannot read" in err


def test_simulate_human_output(fake: CounterGame, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", FAKE_ID, "-n", "5")
    assert code == 0
    assert "players=3 variant=long" in out
    assert "FAKE-END-1: 5" in out
    assert "OK" in out
    assert "20/20" in err  # the progress bar, on stderr
    _, _, err = run(capsys, "simulate", FAKE_ID, "-n", "5", "--quiet")
    assert "20/20" not in err


needs_squirrel = pytest.mark.skipif(
    "squirrel-or-die" not in game_ids(), reason="squirrel-or-die is not registered"
)


@needs_squirrel
def test_simulate_squirrel_or_die(capsys: pytest.CaptureFixture[str]) -> None:
    timing = ("seconds", "steps_per_second", "jobs")
    code, one = run_json(capsys, "simulate", "squirrel-or-die", "-n", "4", "--json")
    assert code == 0, one
    assert all(entry["games"] == 4 for entry in configs_of(one))
    code, two = run_json(capsys, "simulate", "squirrel-or-die", "-n", "4", "--jobs", "2", "--json")
    assert code == 0
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }


# -- play and check -------------------------------------------------------------------------


def test_play_prints_every_step_and_writes_a_trace_check_accepts(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "play", FAKE_ID, "--seed", "9", "--out", str(trace))
    assert code == 0
    playout = driver.play(FAKE, FAKE.default_config(), 9)
    assert f"after {len(playout.actions)} steps player" in out
    assert '{"type":"roll","value":' in out
    assert "p=1/3" in out
    lines = trace.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["generator"] == f"dieproof {__version__}"
    assert header["game"] == FAKE_ID
    assert len(lines) == 1 + len(playout.actions)
    code, report = run_json(capsys, "check", str(trace), "--json")
    assert code == 0
    assert report["ok"] is True
    assert report["steps"] == len(playout.actions)
    assert report["result"] == {
        "winners": [playout.result.winners[0]],
        "reason": "reached the target",
        "rule": "FAKE-END-1",
    }
    code, out, _ = run(capsys, "check", str(trace))
    assert code == 0
    assert out.startswith("OK:")


def test_play_with_players_variant_and_show(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "play", FAKE_ID, "--seed", "1", "--players", "3", "--variant", "long", "--show"
    )
    assert code == 0
    assert "players=3 variant=long" in out
    assert '"counter":' in out  # the state after each step


def test_play_replays_a_trace(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    trace = write_lines(
        tmp_path / "t.jsonl",
        [header_line(FAKE, config, "test")] + [step_line(FAKE, a) for a in actions],
    )
    code, out, _ = run(capsys, "play", "--trace", str(trace))
    assert code == 0
    assert f"after {len(actions)} steps player" in out
    assert run(capsys, "play", FAKE_ID, "--trace", str(trace))[0] == 2


def check_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: Sequence[str]
) -> tuple[int, dict[str, object]]:
    trace = write_lines(tmp_path / "trace.jsonl", lines)
    return run_json(capsys, "check", str(trace), "--json")


def games_of(data: dict[str, object]) -> list[dict[str, Any]]:
    games = data["games"]
    assert isinstance(games, list)
    return games


def divergence(report: dict[str, object]) -> dict[str, object]:
    found = report["divergence"]
    assert isinstance(found, dict)
    return found


def test_check_reports_a_tampered_action(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    # step 3 is a die roll; an Advance there is against the turn order
    assert isinstance(actions[2], Roll)
    steps = [step_line(FAKE, a) for a in actions]
    steps[2] = step_line(FAKE, Advance(1))
    code, report = check_lines(capsys, tmp_path, [header_line(FAKE, config, "t"), *steps])
    assert code == 1
    assert report["ok"] is False
    assert report["steps"] == 2
    found = divergence(report)
    assert found["step"] == 3
    assert found["line"] == 4
    assert found["kind"] == "illegal-action"
    assert found["code"] == "FAKE.CHANCE_NODE"
    assert found["rule"] == "FAKE-TURN-1"
    code, out, _ = run(capsys, "check", str(tmp_path / "trace.jsonl"))
    assert code == 1
    assert "line 4 (step 3)" in out
    assert "FAKE.CHANCE_NODE (rule FAKE-TURN-1)" in out


def test_check_reports_a_malformed_action(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    lines = [header_line(FAKE, config, "t"), step_line(FAKE, actions[0]), '{"action":{"type":"x"}}']
    code, report = check_lines(capsys, tmp_path, lines)
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["kind"], found["code"]) == (
        2,
        "invalid-action",
        "FAKE.ACTION_JSON",
    )


def test_check_reports_a_tampered_expected_state(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    states = list(states_along(config, actions))
    k = next(i for i, a in enumerate(actions) if isinstance(a, Advance)) + 1
    wrong = replace(states[k - 1], counter=states[k - 1].counter + 1)
    steps = [step_line(FAKE, a) for a in actions]
    steps[k - 1] = step_line(
        FAKE, actions[k - 1], Expect(state=msgspec.Raw(FAKE.dump_state(wrong).encode()))
    )
    code, report = check_lines(capsys, tmp_path, [header_line(FAKE, config, "t"), *steps])
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["line"], found["kind"]) == (k, k + 1, "state")
    assert found["pointer"] == "/counter"
    assert found["expected"] == wrong.counter
    assert found["actual"] == states[k - 1].counter
    assert "/counter" in str(found["message"])
    code, out, _ = run(capsys, "check", str(tmp_path / "trace.jsonl"))
    assert "expected: " in out
    assert "actual:   " in out


def test_check_accepts_correct_expectations_in_any_key_order(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    states = list(states_along(config, actions))
    steps: list[str] = []
    for action, state in zip(actions, states, strict=True):
        # the writer's JSON need not be canonical: reverse the keys, add whitespace
        loose = json.dumps(
            dict(reversed(json.loads(FAKE.dump_state(state)).items())), separators=(" , ", " : ")
        )
        # legal: a player's decisions (none at a chance node); chance: the outcomes
        legal = [msgspec.Raw(FAKE.dump_action(a).encode()) for a in FAKE.legal_actions(state)]
        odds = [
            msgspec.Raw(
                json.dumps(
                    {"probability": f"{p.numerator}/{p.denominator}",
                     "outcome": json.loads(FAKE.dump_action(o))}
                ).encode()
            )
            for o, p in FAKE.chance_outcomes(state)
            if FAKE.to_move(state) == CHANCE
        ]  # fmt: skip
        result = FAKE.result(state)
        mover = FAKE.to_move(state)
        expect = Expect(
            state=msgspec.Raw(loose.encode()),
            state_sha256=state_sha256(FAKE, state),
            legal=legal,
            chance=odds,
            to_move="chance" if mover == CHANCE else "terminal" if mover < 0 else mover,
            result=msgspec.Raw(msgspec.json.encode(result)),
        )
        steps.append(step_line(FAKE, action, expect))
    code, report = check_lines(capsys, tmp_path, [header_line(FAKE, config, "t"), *steps])
    assert code == 0, report["divergence"]
    assert report["steps"] == len(actions)


@pytest.mark.parametrize("kind", ["state_sha256", "legal", "result"])
def test_check_reports_each_kind_of_wrong_expectation(
    kind: str, fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    # after step 1 (a roll) a player is to move with at least one legal Advance
    expect = {
        "state_sha256": Expect(state_sha256="0" * 64),
        "legal": Expect(legal=[msgspec.Raw(b'{"type":"advance","amount":9}')]),
        "result": Expect(result=msgspec.Raw(b'{"winners":[0],"reason":"x","rule":"FAKE-END-1"}')),
    }[kind]
    steps = [step_line(FAKE, actions[0], expect), *(step_line(FAKE, a) for a in actions[1:])]
    code, report = check_lines(capsys, tmp_path, [header_line(FAKE, config, "t"), *steps])
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["line"], found["kind"]) == (1, 2, kind)
    assert found["expected"] != found["actual"]


def test_check_expected_errors(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    header = header_line(FAKE, config, "t")
    steps = [step_line(FAKE, a) for a in actions]
    probe = step_line(FAKE, Advance(1), Expect(error="FAKE.CHANCE_NODE"))
    # an illegal step rejected with the expected code leaves the state alone: replay goes on
    code, report = check_lines(capsys, tmp_path, [header, probe, *steps])
    assert code == 0, report
    assert report["steps"] == len(actions) + 1

    too_far = step_line(FAKE, Advance(3), Expect(error="FAKE.TOO_FAR"))
    if actions[0] != Roll(3):  # Advance(3) after a roll of 1 or 2 goes too far
        code, report = check_lines(capsys, tmp_path, [header, steps[0], too_far, *steps[1:]])
        assert code == 0, report

    wrong_code = step_line(FAKE, Advance(1), Expect(error="FAKE.TOO_FAR"))
    code, report = check_lines(capsys, tmp_path, [header, wrong_code, *steps])
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["kind"]) == (1, "wrong-error")
    assert (found["expected"], found["actual"]) == ("FAKE.TOO_FAR", "FAKE.CHANCE_NODE")

    not_rejected = step_line(FAKE, actions[0], Expect(error="FAKE.BOGUS"))
    code, report = check_lines(capsys, tmp_path, [header, not_rejected, *steps[1:]])
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["line"], found["kind"]) == (1, 2, "missing-error")
    assert found["expected"] == "FAKE.BOGUS"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "empty"),
        (["not json"], "not a trace header"),
        (['{"format":"dieproof-trace","version":2,"game":"g","config":{}}'], "version 2"),
        (['{"format":"dieproof-trace","version":1,"game":"nope","config":{}}'], "no game 'nope'"),
        (
            [
                f'{{"format":"dieproof-trace","version":1,"game":"{FAKE_ID}","config":{{"players":0}}}}'
            ],
            "1-4 players",
        ),
        (
            [
                f'{{"format":"dieproof-trace","version":1,"game":"{FAKE_ID}","config":{{}}}}',
                "{oops",
            ],
            "line 2 is not a trace step",
        ),
    ],
)
def test_check_malformed_trace_exits_2_with_a_message(
    lines: list[str],
    message: str,
    fake: CounterGame,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    trace = write_lines(tmp_path / "bad.jsonl", lines)
    code, out, err = run(capsys, "check", str(trace))
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out
    code, out, _ = run(capsys, "check", str(trace), "--json")
    assert code == 2
    assert json.loads(out)["ok"] is False


def test_check_bad_utf8(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = header_line(FAKE, CounterConfig(), "t").encode()
    trace = tmp_path / "latin1.jsonl"
    trace.write_bytes(header.replace(b'"t"', b'"\xff"') + b"\n")
    code, _, err = run(capsys, "check", str(trace))
    assert code == 2
    assert "line 1 is not a trace header" in err
    # a bad byte inside an action is a malformed line too, not a disagreement
    trace.write_bytes(header + b'\n{"action":{"type":"roll","value":"\xff"}}\n')
    code, report = run_json(capsys, "check", str(trace), "--json")
    assert code == 2
    malformed = report["malformed"]
    assert isinstance(malformed, dict) and malformed["line"] == 2


def test_check_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "check", str(tmp_path / "nothing.jsonl"))
    assert code == 2
    assert "cannot read" in err


def test_check_reads_stdin(
    fake: CounterGame, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config, actions = recorded_game()
    text = "\n".join([header_line(FAKE, config, "t"), *(step_line(FAKE, a) for a in actions)])
    monkeypatch.setattr("sys.stdin", io.StringIO(text + "\n"))
    code, report = run_json(capsys, "check", "-", "--json")
    assert code == 0
    assert report["steps"] == len(actions)


@needs_squirrel
def test_squirrel_trace_round_trip_and_tampering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "sod.jsonl"
    code, _, _ = run(capsys, "play", "squirrel-or-die", "--seed", "11", "--out", str(trace))
    assert code == 0
    assert run(capsys, "check", str(trace))[0] == 0
    lines = trace.read_text().splitlines()
    steps = [json.loads(line) for line in lines[1:]]
    # put a player's decision where a chance outcome belongs
    chance = next(i for i, s in enumerate(steps) if s["action"]["type"] == "draw")
    decision = next(s for s in steps if s["action"]["type"] != "draw")
    lines[1 + chance] = json.dumps(decision)
    code, report = check_lines(capsys, tmp_path, lines)
    assert code == 1
    found = divergence(report)
    assert (found["step"], found["line"]) == (chance + 1, chance + 2)
    assert found["kind"] == "illegal-action"
    assert str(found["code"]).startswith("SOD.")


# -- prove and verify -----------------------------------------------------------------------


def _has_proofs() -> bool:
    try:
        from dieproof import proofs
    except ImportError:
        return False
    return hasattr(proofs, "verify_game") and "squirrel-or-die" in proofs.proof_game_ids()


needs_proofs = pytest.mark.skipif(not _has_proofs(), reason="dieproof.proofs is not ready")


@needs_proofs
def test_prove_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "prove", "squirrel-or-die", "--json")
    assert code == 0
    assert data["ok"] is True
    [report] = games_of(data)
    assert report["game"] == "squirrel-or-die"
    assert report["obligations"]
    code, out, _ = run(capsys, "prove", "squirrel-or-die")
    assert code == 0
    assert "squirrel-or-die" in out


@needs_proofs
def test_verify_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    # enough games to reach every configuration, so every transition is exercised
    games = str(2 * len(game("squirrel-or-die").configs()))
    code, data = run_json(capsys, "verify", "squirrel-or-die", "--games", games, "--json")
    assert code == 0, data
    [report] = games_of(data)
    assert report["ok"] is True
    assert report["refinement"]["games"] == int(games)
    code, out, _ = run(capsys, "verify", "squirrel-or-die", "--games", games, "--seed", "1")
    assert code == 0
    assert "all verified" in out
    assert f"in {games} games" in out


def test_verify_game_without_proofs_fails(
    fake: CounterGame, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "verify", FAKE_ID)
    assert code == 1
    assert "no proofs" in err or "cannot be imported" in err
    assert run(capsys, "verify", "no-such-game")[0] in {1, 2}


def test_proof_commands_fail_cleanly_without_the_proofs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a None entry in sys.modules makes the import fail, as if the package were absent
    monkeypatch.setitem(sys.modules, "dieproof.proofs", None)
    for command in ("verify", "prove"):
        code, _, err = run(capsys, command)
        assert code == 1
        assert "dieproof.proofs cannot be imported" in err
        assert "Traceback" not in err
    code, info = run_json(capsys, "info", "--json")
    assert code == 0
    assert str(info["proofs"]).startswith("unavailable")


# -- the oracle commands ----------------------------------------------------------------------


def test_verify_summary_says_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "verify", "squirrel-or-die", "--games", "2")
    assert "1 game in" in out
    assert "1 games" not in out


def test_vectors_needs_exactly_one_of_out_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "vectors")[0] == 2
    assert run(capsys, "vectors", "--out", "a", "--check", "b")[0] == 2
    assert run(capsys, "vectors", "--check", "/no/such/folder")[0] == 2


def test_vectors_write_and_check(
    fake: CounterGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = run_json(capsys, "vectors", FAKE_ID, "--out", str(tmp_path), "--json")
    assert code == 0
    games = report["games"]
    assert isinstance(games, list) and games[0]["game"] == FAKE_ID
    assert (tmp_path / FAKE_ID / "random").is_dir()
    code, checked = run_json(capsys, "vectors", "--check", str(tmp_path / FAKE_ID), "--json")
    assert code == 0 and checked["ok"] is True
    first = sorted((tmp_path / FAKE_ID / "random").glob("*.json"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace('"version":1', '"version":2'))
    code, out, _ = run(capsys, "vectors", "--check", str(tmp_path))
    assert code == 1
    assert "FAILED" in out


def test_vectors_say_why_there_are_no_witness_games(
    fake: CounterGame,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dieproof.proofs import core as proofs_core
    from dieproof.proofs.refinement import GameProofs

    code, _, err = run(capsys, "vectors", FAKE_ID, "--out", str(tmp_path))
    assert code == 0
    assert "no witness games: the game has no proofs" in " ".join(err.split())
    real = proofs_core.proofs_for("squirrel-or-die")
    without = GameProofs(model=real.model, abstract=real.abstract)
    monkeypatch.setitem(proofs_core._LOADED, "squirrel-or-die", without)
    code, report = run_json(capsys, "vectors", "squirrel-or-die", "--out", str(tmp_path), "--json")
    assert code == 0
    games = report["games"]
    assert isinstance(games, list)
    assert "goal_games is not set" in str(games[0]["no_witnesses"])
    code, _, err = run(capsys, "vectors", "squirrel-or-die", "--out", str(tmp_path))
    err = " ".join(err.split())
    assert "no witness games: its proofs give no goal games" in err
    assert "has no proofs" not in err


def test_vectors_report_a_failure_in_generation(
    fake: CounterGame,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken() -> tuple[object, ...]:
        raise ValueError("the example does not play")

    monkeypatch.setattr(fake, "examples", broken)
    code, out, err = run(capsys, "vectors", FAKE_ID, "--out", str(tmp_path))
    assert code == 1
    assert "Traceback" not in err + out
    err = " ".join(err.split())
    assert f"{FAKE_ID}: generating its vectors failed: ValueError: the example does not play" in err
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.undo()
    monkeypatch.setitem(_LOADERS, FAKE_ID, lambda: FAKE)
    monkeypatch.setitem(_REGISTRY, FAKE_ID, FAKE)
    code, _, err = run(capsys, "vectors", FAKE_ID, "--out", str(blocked))
    assert code == 2 and "cannot write the vectors" in " ".join(err.split())


def test_serve_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Stdin:
        buffer = io.BytesIO(b'{"op": "info", "id": 1}\nnope\n')

    class Stdout:
        buffer = io.BytesIO()

    monkeypatch.setattr("sys.stdin", Stdin)
    monkeypatch.setattr("sys.stdout", Stdout)
    assert main(["serve"]) == 0
    answers = [json.loads(line) for line in Stdout.buffer.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False]
