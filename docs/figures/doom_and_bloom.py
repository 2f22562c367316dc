"""Doom and Bloom SURVIVAL!'s own figures (the docs' per-game figures module; see
``docs/_ext/dieproof_docs/figures.py``): the board, drawn from the board data the rules
play on (``reference/doom_and_bloom/data/board.json``, provisional), and the turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dieproof_docs.figures import Dot, Figure, Plot

from dieproof.reference.core.game import Game
from dieproof.reference.doom_and_bloom.board import default_board, topology

if TYPE_CHECKING:
    from matplotlib.figure import Figure as MplFigure
    from matplotlib.patches import Rectangle

FONT = "DejaVu Sans"

COLOURS = {
    "center": "#f2c94c",
    "empty": "#e8efe0",
    "asset": "#b7dfa0",
    "hospital": "#ffffff",
    "town": "#7fb3e6",
    "raider": "#f0a07a",
    "crossing": "#ffe680",
    "forest": "#2f4f2f",
}
REGION_COLOURS = {"water": "#9ec9f0", "mountain": "#b9a98f"}
ICON_LETTER = {"food": "Fo", "fuel": "Fu", "weaponry": "W", "survivors": "S"}


def figures(game: Game) -> Iterable[Figure]:
    del game
    yield _board()
    yield _turn()


def _board() -> Figure:
    board = default_board()
    top = topology(board)
    regions = {r.id: r.terrain for r in board.regions}

    def draw(fig: MplFigure) -> None:
        ax = fig.add_subplot(1, 1, 1)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.invert_yaxis()
        spaces = board.spaces
        # adjacency first, under the spaces
        for a, b in board.edges:
            sa = next(s for s in spaces if s.id == a)
            sb = next(s for s in spaces if s.id == b)
            if sa.kind == "center":
                continue
            if sb.kind == "center":
                continue
            ax.plot([sa.x, sb.x], [sa.y, sb.y], color="#999999", linewidth=0.6, zorder=1)
        for c, targets in enumerate(top.arrows):
            for t in targets:
                sc, st = spaces[c], spaces[t]
                ax.annotate(
                    "",
                    xy=(st.x, st.y),
                    xytext=(sc.x, sc.y),
                    arrowprops={"arrowstyle": "->", "color": "#8a6d00", "linewidth": 1.2},
                    zorder=2,
                )
        for s in spaces:
            if s.kind == "center":
                ax.add_patch(_rect(s.x - 1.45, s.y - 1.45, 2.9, COLOURS["center"], edge="#7a5c00"))
                ax.text(s.x, s.y, "Center\nCity", ha="center", va="center", fontsize=8)
                continue
            colour = COLOURS[s.kind]
            if s.region is not None and s.kind != "crossing":
                colour = REGION_COLOURS[regions[s.region]]
                if s.kind == "asset":
                    colour = "#7fb0d9" if regions[s.region] == "water" else "#a08f70"
            ax.add_patch(_rect(s.x - 0.45, s.y - 0.45, 0.9, colour, edge="#555555"))
            label = ""
            if s.kind == "town" and s.town:
                label = s.town
            elif s.kind == "hospital":
                label = "+"
            elif s.kind == "crossing":
                label = "X"
            if s.icon is not None:
                label = (label + " " if label else "") + ICON_LETTER[s.icon]
            if label:
                size = 5 if s.kind == "town" else 7
                ax.text(s.x, s.y, label, ha="center", va="center", fontsize=size)
        xs = [s.x for s in spaces]
        ys = [s.y for s in spaces]
        ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
        ax.set_ylim(max(ys) + 0.6, min(ys) - 0.6)

    return Figure(
        name="board",
        alt=(
            f"The provisional board drawn from its data: {len(board.spaces)} spaces on a "
            "grid with a dark forest rim, Center City in the middle joined to the twelve "
            "spaces around it, a lake in the north-west behind three crossings and a "
            "mountain region in the south-east behind two, six towns, four hospitals, "
            "raider territory and board assets."
        ),
        caption=(
            "PROVISIONAL: dieproof's placeholder board (the printed board is not "
            "published), drawn from reference/doom_and_bloom/data/board.json. Yellow X: "
            "crossings, with arrows into their region; orange: raider territory; green: "
            "board assets (Fo Food, Fu Fuel, W Weaponry, S Survivors); blue squares: "
            "towns; +: hospitals; dark green: the dark forest."
        ),
        image=Plot(draw, width=7.0, height=6.0),
        where="overview",
        natural=True,
        legend=(
            (COLOURS["town"], "town"),
            (COLOURS["hospital"], "hospital"),
            (COLOURS["raider"], "raider territory"),
            (COLOURS["crossing"], "crossing"),
            (COLOURS["asset"], "board asset"),
            (REGION_COLOURS["water"], "water"),
            (REGION_COLOURS["mountain"], "mountain"),
            (COLOURS["forest"], "dark forest"),
        ),
    )


def _rect(x: float, y: float, size: float, face: str, *, edge: str) -> Rectangle:
    from matplotlib.patches import Rectangle

    return Rectangle((x, y), size, size, facecolor=face, edgecolor=edge, linewidth=0.5, zorder=3)


def _turn() -> Figure:
    body = [
        '  busy [label="rivals may keep\\nthe player busy"];',
        '  turn [label="trade / barter,\\nsupply cards"];',
        '  move [label="roll (fuel +3)\\nand move"];',
        '  stay [label="stay put"];',
        '  card [label="Event or Attack card"];',
        '  roll [label="5 dice (6: extra mile)\\nfood +1, weaponry +1"];',
        '  result [label="success or failure:\\ncard, then space rewards"];',
        '  end [label="medkit, next player"];',
        "  busy -> turn; turn -> move; turn -> stay; move -> card; stay -> card;",
        "  card -> roll; roll -> result; card -> result; result -> end; move -> end;",
    ]
    source = "\n".join(
        [
            "digraph dab {",
            f'  graph [rankdir=LR, fontname="{FONT}", bgcolor="transparent"];',
            f'  node [fontname="{FONT}", fontsize=10, shape=box, style="filled,rounded",'
            ' fillcolor="#dbe8fb", color="#3b5e99"];',
            f'  edge [fontname="{FONT}", fontsize=9, color="#666666"];',
            *body,
            "}",
            "",
        ]
    )
    return Figure(
        name="turn",
        alt="A turn: rivals may keep the player busy; trades; movement or staying put; "
        "the card; the roll and its benefits; the result; the medkit and the next player.",
        caption="One turn of Doom and Bloom SURVIVAL!.",
        image=Dot(source),
        where="MOVE",
    )
