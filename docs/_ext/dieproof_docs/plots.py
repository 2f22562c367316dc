"""Plots of the committed simulation run (``docs/data/<game-id>/simulation.json``):
game length, how often each seat wins, and how games end, per configuration.

Drawn at build time from the committed numbers, so the build never plays a game for
them and the pictures change only when ``./dev plots`` is run again.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from dieproof_docs.data import ConfigRun, Simulation
from dieproof_docs.figures import PALETTE, Figure, Plot

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

__all__ = ["cooperative", "simulation_figures"]


def _expand(histogram: Mapping[str, int]) -> list[int]:
    return [
        int(value)
        for value, count in sorted(histogram.items(), key=lambda kv: int(kv[0]))
        for _ in range(count)
    ]


def cooperative(simulation: Simulation) -> bool:
    """Whether every game was won by everybody or by nobody (a cooperative game)."""
    return all(
        all(w in (0, run.games - run.nobody) for w in run.wins) and len(set(run.wins)) <= 1
        for run in simulation.configs
    )


def _height(rows: int) -> float:
    return max(2.4, 0.9 + 0.32 * rows)


def _labels(axes: Axes, runs: Sequence[ConfigRun]) -> None:
    axes.set_yticks(range(len(runs)), [r.label for r in runs])
    axes.invert_yaxis()


def simulation_figures(simulation: Simulation, rule_titles: Mapping[str, str]) -> list[Figure]:
    """The plots of one game's simulation run, with alt texts that carry the numbers."""
    runs = simulation.configs
    n = simulation.games_per_config
    where = "overview"
    figures = [_length(runs, n, where)]
    figures.append(_wins(runs, n, where, cooperative(simulation)))
    figures.append(_reasons(runs, n, where, rule_titles))
    return figures


def _length(runs: Sequence[ConfigRun], n: int, where: str) -> Figure:
    with_rounds = all(r.rounds for r in runs)
    medians = [statistics.median(_expand(r.decisions)) for r in runs]

    def draw(figure: MplFigure) -> None:
        panels = figure.subplots(1, 2 if with_rounds else 1, sharey=True, squeeze=False)[0]
        data = [_expand(r.decisions) for r in runs]
        left = panels[0]
        left.boxplot(
            data,
            orientation="horizontal",
            widths=0.6,
            showfliers=True,
            flierprops={"markersize": 2, "alpha": 0.4},
            medianprops={"color": PALETTE[1], "linewidth": 1.5},
            boxprops={"color": PALETTE[0]},
            whiskerprops={"color": PALETTE[0]},
            capprops={"color": PALETTE[0]},
            positions=range(len(runs)),
        )
        _labels(left, runs)
        left.set_xlabel("player decisions per game")
        left.grid(axis="x", alpha=0.3)
        if with_rounds:
            right = panels[1]
            rounds = [_expand(r.rounds or {}) for r in runs]
            top = max(max(values) for values in rounds)
            for row, values in enumerate(rounds):
                counts = [values.count(k) for k in range(1, top + 1)]
                right.scatter(
                    range(1, top + 1),
                    [row] * top,
                    s=[400 * c / len(values) for c in counts],
                    color=PALETTE[0],
                    alpha=0.7,
                )
            right.set_xticks(range(1, top + 1))
            right.set_xlabel("round the game ended in")
            right.grid(axis="x", alpha=0.3)

    spread = ", ".join(f"{r.label}: {m:g}" for r, m in zip(runs, medians, strict=True))
    alt = (
        f"Box plots of the number of player decisions per game over {n} seeded random "
        f"games of each configuration. Medians: {spread}."
    )
    if with_rounds:
        alt += " A second panel shows in which round the games ended."
    return Figure(
        name="sim-length",
        alt=alt,
        caption=f"Game length over {n} seeded random games per configuration (random "
        "play, so longer or shorter than a real table's games).",
        image=Plot(draw, height=_height(len(runs))),
        where=where,
    )


def _wins(runs: Sequence[ConfigRun], n: int, where: str, together: bool) -> Figure:
    if together:
        rates = [100 * (r.games - r.nobody) / r.games for r in runs]

        def draw(figure: MplFigure) -> None:
            axes = figure.subplots()
            axes.barh(range(len(runs)), rates, color=PALETTE[2], height=0.6)
            _labels(axes, runs)
            axes.set_xlim(0, 100)
            axes.set_xlabel("% of games the group won")
            for row, rate in enumerate(rates):
                axes.text(rate + 1, row, f"{rate:.1f} %", va="center", fontsize=8)

        summary = "; ".join(f"{r.label}: {rate:.1f} %" for r, rate in zip(runs, rates, strict=True))
        return Figure(
            name="sim-wins",
            alt=f"Bar chart of how often the group won, per configuration: {summary}.",
            caption="How often the players won together (a cooperative game: everybody "
            "wins or everybody loses).",
            image=Plot(draw, height=_height(len(runs))),
            where=where,
        )
    seats = max(r.players for r in runs)

    def draw_seats(figure: MplFigure) -> None:
        axes = figure.subplots()
        height = 0.8 / (seats + 1)
        for seat in range(seats):
            values = [100 * r.wins[seat] / r.games if seat < r.players else 0 for r in runs]
            offsets = [row - 0.4 + height * (seat + 0.5) for row in range(len(runs))]
            axes.barh(
                offsets,
                values,
                height=height,
                label=f"seat {seat + 1}",
                color=PALETTE[seat % len(PALETTE)],
            )
        nobody = [100 * r.nobody / r.games for r in runs]
        offsets = [row - 0.4 + height * (seats + 0.5) for row in range(len(runs))]
        axes.barh(offsets, nobody, height=height, label="nobody", color="#bbbbbb")
        _labels(axes, runs)
        axes.set_xlabel("% of games won")
        axes.legend(loc="lower right", ncols=2)
        axes.grid(axis="x", alpha=0.3)

    parts = []
    for r in runs:
        shares = ", ".join(f"seat {s + 1} {100 * w / r.games:.0f} %" for s, w in enumerate(r.wins))
        parts.append(f"{r.label}: {shares}")
    return Figure(
        name="sim-wins",
        alt="Grouped bar chart of each seat's share of wins per configuration. "
        + "; ".join(parts)
        + ".",
        caption="How often each seat won (seat 1 moves first; a shared win counts for "
        "every winner).",
        image=Plot(draw_seats, height=max(2.6, 0.9 + 0.5 * len(runs))),
        where=where,
    )


def _reasons(
    runs: Sequence[ConfigRun], n: int, where: str, rule_titles: Mapping[str, str]
) -> Figure:
    rules = sorted({rule for r in runs for rule in r.reasons})

    def name(rule: str) -> str:
        title = rule_titles.get(rule)
        return f"{rule}: {title}" if title else rule

    def draw(figure: MplFigure) -> None:
        axes = figure.subplots()
        left = [0.0] * len(runs)
        for index, rule in enumerate(rules):
            values = [100 * r.reasons.get(rule, 0) / r.games for r in runs]
            axes.barh(
                range(len(runs)),
                values,
                left=left,
                height=0.6,
                label=name(rule),
                color=PALETTE[index % len(PALETTE)],
            )
            left = [a + b for a, b in zip(left, values, strict=True)]
        _labels(axes, runs)
        axes.set_xlim(0, 100)
        axes.set_xlabel("% of games")
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25 - 0.02 * len(runs)), ncols=1)

    parts = []
    for r in runs:
        shares = ", ".join(
            f"{rule} {100 * count / r.games:.0f} %" for rule, count in sorted(r.reasons.items())
        )
        parts.append(f"{r.label}: {shares}")
    return Figure(
        name="sim-endings",
        alt="Stacked bar chart of the rule that ended each game, per configuration. "
        + "; ".join(parts)
        + ".",
        caption="How the games ended: the share of games each ending rule decided.",
        image=Plot(draw, height=_height(len(runs)) + 0.3 * len(rules) + 0.4),
        where=where,
    )
