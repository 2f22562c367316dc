"""``dieproof bench`` runs and reports well-formed numbers.

These are not timed tests: nothing here asserts a speed, only that every measurement
happened and is a positive number, with a tiny time budget.
"""

from __future__ import annotations

import importlib.util
import json
import math

import pytest

from dieproof.reference import game, game_ids
from dieproof.reference.bench import ANCHORS, config_label, measure, run_bench
from dieproof.reference.cli import main

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
    report = run_bench([sod], seconds=SECONDS, openspiel=False, progress=seen.append)
    [bench] = report.games
    assert bench.game == "squirrel-or-die"
    assert len(bench.configs) == len(sod.configs())
    for row in bench.configs:
        assert positive(row.playout)
        assert positive(row.with_invariants)
        assert positive(row.replay)
        assert positive(row.mean_length)
    if bench.proof_seconds is None:
        assert report.notes  # says why the proofs were not measured
    else:
        assert positive(bench.proof_seconds)
        assert positive(bench.refinement)
    assert report.anchors == ()
    assert any("proofs" in what for what in seen)
    data = report.to_json()
    assert json.loads(json.dumps(data)) == data


def test_openspiel_anchors() -> None:
    report = run_bench([], seconds=SECONDS, openspiel=True)
    if not has_openspiel:
        assert report.anchors == ()
        assert any("OpenSpiel is not installed" in note for note in report.notes)
        return
    assert [a.name for a in report.anchors] == list(ANCHORS)
    assert all(positive(a.steps_per_second) for a in report.anchors)
    ratios = report.ratios(1000.0)
    assert set(ratios) == set(ANCHORS)
    assert all(positive(r) for r in ratios.values())


@needs_squirrel
def test_bench_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "squirrel-or-die", "--seconds", str(SECONDS), "--json"]
    code = main(argv)
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["seconds_per_measurement"] == SECONDS
    [entry] = data["games"]
    for row in entry["configs"]:
        for key in (
            "playout_steps_per_second",
            "with_invariants_steps_per_second",
            "replay_steps_per_second",
        ):
            assert positive(row[key])
        anchors = {a["game"] for a in data["anchors"]}
        assert set(row["vs_anchors"]) == anchors
        assert all(positive(r) for r in row["vs_anchors"].values())
    assert {"python", "platform", "processor", "cpus"} <= set(data["machine"])


@needs_squirrel
def test_bench_command_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "squirrel-or-die", "--seconds", str(SECONDS), "--no-openspiel"])
    captured = capsys.readouterr()
    assert code == 0
    assert "playout steps/s" in captured.out
    assert "squirrel-or-die players=2" in captured.out
    assert "measuring" in captured.err


def test_bench_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "no-such-game", "--seconds", "0.01"]) == 2
    assert "no game" in capsys.readouterr().err


def test_bench_rejects_a_non_positive_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0"]) == 2
    assert "must be positive" in capsys.readouterr().err
