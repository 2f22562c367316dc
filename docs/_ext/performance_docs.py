"""The performance page's generated half: tables and a plot from a committed benchmark run.

``docs/data/bench/bench.json`` is the output of ``dieproof bench --json`` on a stated
machine (``docs/data/bench/README`` says how to make a new one). At ``builder-inited``
this extension writes ``generated/performance.rst.inc`` (the machine and its load, and
every measurement as a table) and ``generated/performance.svg`` (playout steps per CPU
second of each game beside OpenSpiel's anchors, with the spread over the rounds), which
``performance.rst`` includes. Nothing is measured at build time.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict, cast

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

DATA = Path("data") / "bench" / "bench.json"
"""The committed run, relative to the docs' source folder."""
OUT = Path("generated")

LABELS = {
    "playout": "playout through the public API (the comparison with OpenSpiel)",
    "fast": "playout through the fast samplers (as ``dieproof simulate`` plays)",
    "invariants": "fast playout with every invariant checked after every step",
    "replay": "replay of recorded games through ``apply``",
    "refinement": "refinement check (every step checked against the proven model)",
    "proof": "all proof obligations",
}
"""What each measurement is, for the table."""


class Spread(TypedDict):
    median: float
    min: float
    max: float


class Measured(TypedDict):
    per_cpu_second: Spread
    per_wall_second: Spread
    cpu_seconds_each: Spread


class GameRun(TypedDict):
    game: str
    measurements: dict[str, Measured]
    playout_vs_anchors: dict[str, Spread]


class AnchorRun(Measured):
    game: str


class Run(TypedDict):
    dieproof: str
    seconds_per_measurement: float
    rounds: int
    chunk_seconds: float
    machine: dict[str, str]
    load: dict[str, list[float]]
    games: list[GameRun]
    anchors: list[AnchorRun]
    notes: list[str]


def load(path: Path) -> Run:
    """The committed run."""
    return cast("Run", json.loads(path.read_text(encoding="utf-8")))


def spread(value: Spread, form: str) -> str:
    """``median [min - max]``."""
    low, high = form.format(value["min"]), form.format(value["max"])
    return f"{form.format(value['median'])} [{low} - {high}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], widths: str) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in (header, *rows):
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return [*lines, ""]


def page(run: Run) -> str:
    """The generated half of the performance page, as reStructuredText."""
    machine = run["machine"]
    before = " / ".join(f"{v:.2f}" for v in run["load"].get("before", []))
    after = " / ".join(f"{v:.2f}" for v in run["load"].get("after", []))
    lines = [
        f"Measured with dieproof {run['dieproof']} on {machine['cpus']} CPUs "
        f"({machine['processor']}, {machine['platform']}), Python {machine['python']}; "
        f"{run['rounds']} rounds, {run['seconds_per_measurement']:g} s per measurement; "
        f"the ratios to the anchors from paired slices of {run['chunk_seconds']:g} s chunks. "
        f"The machine was shared: load averages (1 / 5 / 15 minutes) {before} before the "
        f"run and {after} after it, on {machine['cpus']} CPUs.",
        "",
        ".. figure:: generated/performance.svg",
        "   :alt: playout steps per CPU second of each game beside OpenSpiel's games",
        "",
        "   Random playout through the public API, steps per CPU second: the median over "
        "the rounds, the bar from the lowest to the highest round.",
        "",
    ]
    anchors = run["anchors"]
    rows: list[list[str]] = []
    for game in run["games"]:
        vs = game["playout_vs_anchors"]
        for name, measured in game["measurements"].items():
            if name == "proof":
                cpu = spread(measured["cpu_seconds_each"], "{:.2f}") + " s CPU each"
                wall = ""
            else:
                cpu = spread(measured["per_cpu_second"], "{:,.0f}")
                wall = f"{measured['per_wall_second']['median']:,.0f}"
            ratios = [spread(vs[a["game"]], "{:.2f}") if name == "playout" else "" for a in anchors]
            rows.append([f"``{game['game']}``", LABELS.get(name, name), cpu, wall, *ratios])
    header = [
        "game",
        "measurement",
        "steps per CPU second",
        "per wall second",
        *(f"vs ``{a['game']}``" for a in anchors),
    ]
    widths = " ".join(["14", "30", "22", "12"] + ["14"] * len(anchors))
    lines.extend(_table(header, rows, widths))
    if anchors:
        lines.append("OpenSpiel's games, played the same way in the same run:")
        lines.append("")
        lines.extend(
            _table(
                ["anchor", "steps per CPU second", "per wall second"],
                [
                    [
                        f"``{a['game']}``",
                        spread(a["per_cpu_second"], "{:,.0f}"),
                        f"{a['per_wall_second']['median']:,.0f}",
                    ]
                    for a in anchors
                ],
                "30 40 30",
            )
        )
    lines.extend(f"Note: {note}" for note in run["notes"])
    return "\n".join(lines) + "\n"


def plot(run: Run, path: Path) -> None:
    """The figure: every game's playouts (public API and fast samplers) and the anchors."""
    from matplotlib.figure import Figure

    labels: list[str] = []
    medians: list[float] = []
    errors: list[tuple[float, float]] = []
    colours: list[str] = []

    def bar(label: str, value: Spread, colour: str) -> None:
        labels.append(label)
        medians.append(value["median"])
        errors.append((value["median"] - value["min"], value["max"] - value["median"]))
        colours.append(colour)

    for game in run["games"]:
        measured = game["measurements"]
        bar(f"{game['game']} (public API)", measured["playout"]["per_cpu_second"], "#2a6f97")
        bar(f"{game['game']} (fast samplers)", measured["fast"]["per_cpu_second"], "#61a5c2")
    for anchor in run["anchors"]:
        bar(f"OpenSpiel {anchor['game']}", anchor["per_cpu_second"], "#b5838d")
    figure = Figure(figsize=(7.5, 0.45 * len(labels) + 1.2))
    axes = figure.add_subplot()
    positions = list(range(len(labels)))[::-1]
    axes.barh(
        positions,
        medians,
        xerr=[[e[0] for e in errors], [e[1] for e in errors]],
        color=colours,
        capsize=3,
    )
    axes.set_yticks(positions, labels)
    axes.set_xlabel("random-playout steps per CPU second")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    import matplotlib

    # Reproducible SVG: no date, and a fixed salt for the ids matplotlib writes.
    with matplotlib.rc_context({"svg.hashsalt": "dieproof-performance"}):
        figure.savefig(path, format="svg", metadata={"Date": None})


def generate(source: Path) -> None:
    """Write the page's generated half and its figure beside the docs' other output."""
    run = load(source / DATA)
    out = source / OUT
    out.mkdir(parents=True, exist_ok=True)
    text = page(run)
    target = out / "performance.rst.inc"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    plot(run, out / "performance.svg")


def _on_builder_inited(app: Sphinx) -> None:
    generate(Path(app.srcdir))


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the generator."""
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
