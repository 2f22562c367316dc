"""Don't Let It Die's own figures (the docs' per-game figures module; see
``docs/_ext/dieproof_docs/figures.py``): the four Fire Knowledge Trees, each drawn from the
reference's content (discoveries, FKP costs and arrows), and the wood the morning burns
on each side of the Day Tracker, from the reference's ``wood_count``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dieproof_docs.figures import Dot, Figure, Plot

from dieproof.reference.core.game import Game
from dieproof.reference.dont_let_it_die import content

if TYPE_CHECKING:
    from matplotlib.figure import Figure as MplFigure

FONT = "DejaVu Sans"
TREES = (("easy", "Easy"), ("normal", "Normal"), ("normal-plus", "Normal+"), ("hard", "Hard"))


def figures(game: Game) -> Iterable[Figure]:
    del game
    for key, title in TREES:
        yield _tree(key, title)
    yield _wood()


def _tree(key: str, title: str) -> Figure:
    tree = content.TREES[key]
    lines = [
        "digraph tree {",
        f'  graph [rankdir=LR, fontname="{FONT}", bgcolor="transparent",'
        " nodesep=0.25, ranksep=0.35];",
        f'  node [fontname="{FONT}", fontsize=10, shape=box, style="filled,rounded",'
        ' fillcolor="#fbe7cf", color="#99603b", margin="0.10,0.05"];',
        '  edge [color="#c9a227", penwidth=1.6];',
    ]
    for i, d in enumerate(tree):
        fill = ', fillcolor="#f7c6a3", penwidth=2' if d.name == "fire-starter" else ""
        lines.append(f'  d{i} [label="{d.name}\\n{d.cost} FKP"{fill}];')
    for i, d in enumerate(tree):
        lines.extend(f"  d{r} -> d{i};" for r in d.requires)
    lines.append("}")
    total = sum(d.cost for d in tree)
    return Figure(
        name=f"tree-{key}",
        alt=(
            f"The {title} Fire Knowledge Tree: {len(tree)} discoveries with their FKP costs, "
            "arrows from each discovery to those it opens, ending at Fire Starter."
        ),
        caption=(
            f"The {title} tree ({len(tree)} discoveries, {total} FKP in all). FKP go on a "
            "discovery once every arrow into it starts at an unlocked one."
        ),
        image=Dot("\n".join(lines)),
        where="FKP",
        wide=True,
    )


def _wood() -> Figure:
    days = list(range(1, 14))

    def draw(fig: MplFigure) -> None:
        ax = fig.add_subplot()
        for side, style in (("normal", "-o"), ("hard", "--s")):
            ax.plot(days, [content.wood_count(side, d) for d in days], style, label=f"{side} side")
        ax.set_xlabel("day")
        ax.set_ylabel("wood removed the next morning")
        ax.set_xticks(days)
        ax.legend()
        ax.grid(alpha=0.3)

    return Figure(
        name="wood-schedule",
        alt="Wood removed each morning by day, Normal and Hard sides of the Day Tracker.",
        caption=(
            "The morning's wood: Normal side 1 after days 1-3, 2 after 4-6, 3 after 7-9, 4 "
            "after 10-11, 5 after 12-13; the Hard side (the adaptation's counts) climbs faster."
        ),
        image=Plot(draw),
        where="MORNING",
    )
