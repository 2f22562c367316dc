"""The performance page: generated from the committed ``dieproof bench --json`` run.

No speed is asserted (tests never depend on the machine): the committed run must have
the shape ``dieproof bench`` writes today, and the page and its figure must show every
measurement it holds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dieproof.reference.bench import ANCHORS, MEASUREMENTS, run_bench

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import performance_docs  # noqa: E402


def test_the_committed_run_has_the_shape_bench_writes() -> None:
    committed = performance_docs.load(DOCS / performance_docs.DATA)
    fresh = run_bench([], seconds=0.0, rounds=1, openspiel=False).to_json()
    assert set(committed) == set(fresh)
    assert {"before", "after"} == set(committed["load"])
    assert [a["game"] for a in committed["anchors"]] == list(ANCHORS)
    for game in committed["games"]:
        assert list(game["measurements"]) == list(MEASUREMENTS)
        assert set(game["playout_vs_anchors"]) == set(ANCHORS)


def test_the_page_shows_every_measurement_and_the_machine(tmp_path: Path) -> None:
    run = performance_docs.load(DOCS / performance_docs.DATA)
    text = performance_docs.page(run)
    for game in run["games"]:
        assert f"``{game['game']}``" in text
        playout = game["measurements"]["playout"]["per_cpu_second"]
        assert f"{playout['median']:,.0f}" in text
    for name in MEASUREMENTS:
        assert performance_docs.LABELS[name] in text
    assert run["machine"]["processor"] in text and "load averages" in text
    performance_docs.plot(run, tmp_path / "figure.svg")
    svg = (tmp_path / "figure.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "python_kuhn_poker" in svg
