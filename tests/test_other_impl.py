"""The worked example of the oracle: a second, independent Squirrel or Die in JavaScript
(``tests/other_impl/``), driven by ``dieproof differential`` through its adapter.

The clean implementation must agree with the reference on every vector and on seeded
random games of every configuration and reading; each planted bug must be caught, and
the report must name the rule the bug breaks. Node.js is required: ``.ci/run`` installs
it, and without it these tests fail (they never skip), since a differential test that
silently does not run proves nothing.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import pytest

from dieproof.reference import game
from dieproof.reference.cli import main
from dieproof.reference.oracle import differential, vectors

HERE = Path(__file__).resolve().parent
ADAPTER = HERE / "other_impl" / "adapter.js"
SOD = "squirrel-or-die"

PLANTED = {
    "grid-off-by-one": "SOD-AUTUMN-1",
    "bomb-one-skull": "SOD-SPECIAL-1",
    "cat-keeps-skull": "SOD-SPECIAL-5",
    "no-tie-rule": "SOD-END-2",
    "hide-anywhere": "SOD-AUTUMN-4",
    "wrong-rule": "SOD-AUTUMN-2",
    "one-cat-skull": "SOD-END-1",
}
"""Each planted bug and the rule the differential report must name."""

FEATURE = {
    "hide-anywhere": ("the probes", differential.Options(probes=0), None),
    "wrong-rule": ("the rule ids of refusals", differential.Options(rule_ids=False), None),
    "one-cat-skull": ("the sampled configurations", None, 0),
}
"""The bugs that only one part of the differential catches: that part, the options
without it, and the sampled configurations without it (``None``: unchanged)."""


def node() -> str:
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        pytest.fail(
            "Node.js is not installed, so the differential test of the JavaScript Squirrel "
            "or Die cannot run. Install it (`apt-get install -y nodejs`; .ci/run does this) "
            "and run the tests again."
        )
    return found


def command(bug: str | None = None) -> str:
    return f"{node()} {ADAPTER}" + (f" --bug {bug}" if bug else "")


SAMPLED = 30
"""Sampled configurations played (other boxes: some hold two Confused Cats)."""


@cache
def all_cases(sampled: int = SAMPLED) -> tuple[differential.Case, ...]:
    g = game(SOD)
    from dieproof.reference.cli.oracle import witness_games

    found = differential.vector_cases(vectors.generate(g, witnesses=witness_games(g)[0]))
    return (*found, *differential.random_game_cases(g, 10, 0, sampled=sampled))


def test_the_clean_implementation_agrees_with_the_reference() -> None:
    with differential.process_adapter(command()) as adapter:
        report = differential.run(game(SOD), adapter, all_cases())
    assert report.ok, report.render()
    assert report.cases == len(all_cases())
    assert report.steps > 10_000


@pytest.mark.parametrize(("bug", "rule"), sorted(PLANTED.items()))
def test_every_planted_bug_is_caught_and_named(bug: str, rule: str) -> None:
    with differential.process_adapter(command(bug)) as adapter:
        report = differential.run(game(SOD), adapter, all_cases())
    divergence = report.divergence
    assert divergence is not None, f"{bug} was not caught"
    assert divergence.rule == rule, divergence.render()
    assert divergence.kind != "protocol", divergence.render()


@pytest.mark.parametrize("bug", sorted(FEATURE))
def test_some_bugs_need_one_part_of_the_differential(bug: str) -> None:
    """Without the probes, the rule ids or the sampled configurations, these bugs pass:
    each part of the differential earns its place."""
    what, options, sampled = FEATURE[bug]
    cases = all_cases(SAMPLED if sampled is None else sampled)
    with differential.process_adapter(command(bug)) as adapter:
        report = differential.run(game(SOD), adapter, cases, options=options)
    assert report.ok, f"{bug} is caught without {what}: {report.render()}"


def test_the_command_line_reports_a_planted_bug_as_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["differential", SOD, "--against", command("bomb-one-skull"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["ok"] is False
    assert report["divergence"]["rule"] == "SOD-SPECIAL-1"
    assert report["divergence"]["case"] == "example/sod-special-1-the-bomb"


def test_the_command_line_passes_the_clean_implementation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["differential", SOD, "--against", command(), "--games", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("OK")


def test_the_adapter_rejects_unknown_bugs() -> None:
    import subprocess

    completed = subprocess.run(
        [node(), str(ADAPTER), "--bug", "no-such-bug"],
        input="",
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert completed.returncode != 0
    assert "unknown bug" in completed.stderr
