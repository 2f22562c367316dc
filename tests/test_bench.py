"""``dieproof bench`` runs and reports well-formed numbers.

These are not timed tests: nothing here asserts a speed, only that every measurement
happened and is a positive number, with a tiny time budget.
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
import time
from collections.abc import Callable

import pytest

from dieproof.reference import game, game_ids
from dieproof.reference.bench import (
    ANCHORS,
    MEASUREMENTS,
    api_playout,
    config_label,
    measure,
    paired_slice,
    run_bench,
)
from dieproof.reference.cli import main
from dieproof.reference.core import driver

SECONDS = 0.02
"""Budget per measurement: enough for a few playouts, not a benchmark."""

needs_squirrel = pytest.mark.skipif(
    "squirrel-or-die" not in game_ids(), reason="squirrel-or-die is not registered"
)
has_openspiel = importlib.util.find_spec("pyspiel") is not None


def positive(value: object) -> bool:
    return isinstance(value, float | int) and math.isfinite(value) and value > 0


def test_measure_calls_with_fresh_indices_and_returns_a_rate() -> None:
    seen: list[int] = []

    def run(index: int) -> int:
        seen.append(index)
        return 10

    rate = measure(run, 0.01, repeats=3)
    assert positive(rate)
    assert len(seen) >= 3  # at least one call per slice
    assert seen == list(range(len(seen)))


def test_measure_counts_the_steps_it_is_told() -> None:
    # a run that reports no steps has a rate of zero, however long it takes
    assert measure(lambda _: 0, 0.005, repeats=2) == 0


@needs_squirrel
def test_config_label_names_what_differs_from_the_default() -> None:
    sod = game("squirrel-or-die")
    labels = [config_label(sod, config) for config in sod.configs()]
    assert "players=2" in labels
    assert "players=3 variant=birdhouse" in labels
    assert len(set(labels)) == len(labels)


@needs_squirrel
def test_bench_squirrel_or_die_gives_positive_numbers() -> None:
    sod = game("squirrel-or-die")
    seen: list[str] = []
    report = run_bench([sod], seconds=SECONDS, rounds=2, openspiel=False, progress=seen.append)
    [bench] = report.games
    assert bench.game == "squirrel-or-die"
    assert list(bench.measured) == list(MEASUREMENTS)
    for name, measured in bench.measured.items():
        for spread in (measured.per_cpu, measured.per_wall, measured.cpu_each):
            assert positive(spread.median), name
            assert spread.low <= spread.median <= spread.high
    assert report.anchors == () and bench.vs_anchors == {}
    assert report.rounds == 2
    assert any("round 2/2" in what and "refinement" in what for what in seen)
    assert set(report.load) == {"before", "after"}
    data = report.to_json()
    assert json.loads(json.dumps(data)) == data


@needs_squirrel
def test_every_measurement_is_taken_once_per_round_in_rotated_order() -> None:
    seen: list[str] = []
    run_bench(
        [game("squirrel-or-die")], seconds=0.0, rounds=3, openspiel=False, progress=seen.append
    )
    rounds = [
        [what.split(": ", 1)[1] for what in seen if what.startswith(f"round {r}/3")]
        for r in (1, 2, 3)
    ]
    expected = sorted(f"squirrel-or-die {name}" for name in MEASUREMENTS)
    assert all(sorted(taken) == expected for taken in rounds)
    assert len({taken[0] for taken in rounds}) > 1  # each round starts elsewhere


def test_api_playout_plays_a_game_to_its_end() -> None:
    sod = game("squirrel-or-die")
    steps = api_playout(sod, sod.default_config(), random.Random(4))
    record = driver.play(sod, sod.default_config(), 4, check=False)
    # The fast samplers consume the seed as drawing from the lists does: the same game.
    assert steps == len(record.actions) > 20


def test_openspiel_anchors() -> None:
    report = run_bench([game("squirrel-or-die")], seconds=SECONDS, rounds=2, openspiel=True)
    if not has_openspiel:
        assert report.anchors == ()
        assert any("OpenSpiel is not installed" in note for note in report.notes)
        return
    assert [a.name for a in report.anchors] == list(ANCHORS)
    assert all(positive(a.per_cpu.median) for a in report.anchors)
    [bench] = report.games
    assert set(bench.vs_anchors) == set(ANCHORS)
    assert all(positive(r.median) for r in bench.vs_anchors.values())


@needs_squirrel
def test_bench_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "squirrel-or-die", "--seconds", str(SECONDS), "--rounds", "2", "--json"]
    code = main(argv)
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["seconds_per_measurement"] == SECONDS and data["rounds"] == 2
    [entry] = data["games"]
    assert set(entry["measurements"]) == set(MEASUREMENTS)
    for measured in entry["measurements"].values():
        for key in ("per_cpu_second", "per_wall_second", "cpu_seconds_each"):
            assert positive(measured[key]["median"])
    anchors = {a["game"] for a in data["anchors"]}
    assert set(entry["playout_vs_anchors"]) == anchors
    assert {"python", "platform", "processor", "cpus"} <= set(data["machine"])


@needs_squirrel
def test_bench_command_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "squirrel-or-die", "--seconds", str(SECONDS), "--rounds", "2"]
    code = main([*argv, "--no-openspiel"])
    captured = capsys.readouterr()
    assert code == 0
    assert "per CPU second" in captured.out and "playout" in captured.out
    assert "squirrel-or-die" in captured.out and "load before" in captured.out
    assert "measuring" in captured.err


def test_bench_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "no-such-game", "--seconds", "0.01"]) == 2
    assert "no game" in capsys.readouterr().err


def test_bench_rejects_a_non_positive_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0"]) == 2
    assert "must be positive" in capsys.readouterr().err


def test_paired_slice_alternates_the_first_run_with_each_other() -> None:
    calls: list[str] = []

    def run(name: str, units: float) -> Callable[[int], float]:
        def played(index: int) -> float:
            calls.append(f"{name}{index}")
            return units

        return played

    took = paired_slice([run("g", 3), run("a", 5), run("b", 7)], 0.0, [10, 0, 4])
    # a zero budget is one pass: the game before each anchor, one call a chunk
    assert calls == ["g10", "a0", "g11", "b4"]
    assert [(units, index) for units, _, _, index in took] == [(6, 12), (5, 1), (7, 5)]
    assert all(cpu >= 0 and wall >= 0 for _, cpu, wall, _ in took)


def test_paired_slice_runs_until_its_budget_and_gives_each_run_its_chunks() -> None:
    counts = {"g": 0, "a": 0}

    def count(name: str) -> Callable[[int], float]:
        def played(index: int) -> float:
            counts[name] += 1
            return 1

        return played

    began = time.perf_counter()
    took = paired_slice([count("g"), count("a")], 0.02, [0, 0], chunk=0.001)
    assert time.perf_counter() - began >= 0.02
    assert counts["g"] >= 1 and counts["a"] >= 1
    # units and next indices count every call of each run
    assert [units for units, _, _, _ in took] == [counts["g"], counts["a"]]
    assert [index for _, _, _, index in took] == [counts["g"], counts["a"]]


def test_paired_slice_refuses_runs_and_starts_that_do_not_match() -> None:
    with pytest.raises(ValueError, match="one start per run"):
        paired_slice([lambda _: 1], 0.0, [0, 0])
    with pytest.raises(ValueError, match="one start per run"):
        paired_slice([], 0.0, [])
