"""Squirrel or Die's own figures (the docs' per-game figures module; see
``docs/_ext/dieproof_docs/figures.py``): the starting grid and where a drawn tile may
go, both taken from seeded games of the reference through its public protocol (states
in their canonical JSON, the legal actions), so they show what the code allows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from dieproof_docs.figures import PALETTE, Figure, Plot

from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, State
from dieproof.reference.squirrel_or_die.types import grid_side

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

Cell = tuple[int, int]

TILE_COLOURS = {
    "food": "#9fd39f",
    "skull": "#5a5a5a",
    "birdhouse": "#e6c47e",
}
SPECIAL = "#c9a6e0"
FACE_DOWN = "#34445a"


def figures(game: Game) -> Iterable[Figure]:
    yield _start(game)
    yield _placement(game)


def _states(game: Game, players: int, seed: int) -> Iterator[tuple[State, dict[str, JSON]]]:
    """Every state of one seeded basic game, with its canonical JSON."""
    rng = random.Random(seed)
    state = game.initial_state(game.default_config(players))
    while game.to_move(state) != TERMINAL:
        yield state, json.loads(game.dump_state(state))
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, game.sample_legal_action(state, rng))


def _cells(plain: dict[str, JSON]) -> dict[Cell, tuple[str, bool]]:
    patches = plain["patches"]
    assert isinstance(patches, list) and patches
    board = patches[0]
    assert isinstance(board, list)
    found: dict[Cell, tuple[str, bool]] = {}
    for cell in board:
        assert isinstance(cell, dict)
        row, col, tile, up = cell["row"], cell["col"], cell["tile"], cell["face_up"]
        assert isinstance(row, int) and isinstance(col, int) and isinstance(tile, str)
        found[(row, col)] = (tile, bool(up))
    return found


def _draw_grid(
    axes: Axes,
    cells: dict[Cell, tuple[str, bool]],
    legal: set[Cell] = frozenset(),  # type: ignore[assignment]
    blocked: set[Cell] = frozenset(),  # type: ignore[assignment]
    window: tuple[int, int, int, int] | None = None,
) -> None:
    from matplotlib.patches import Rectangle

    every = set(cells) | legal | blocked
    rows = [r for r, _ in every]
    cols = [c for _, c in every]
    for (row, col), (tile, up) in cells.items():
        colour = (TILE_COLOURS.get(tile, SPECIAL)) if up else FACE_DOWN
        axes.add_patch(Rectangle((col, -row), 0.92, 0.92, color=colour, ec="#222", lw=0.8))
        text = tile if up else "face\ndown"
        axes.text(
            col + 0.46,
            -row + 0.46,
            text,
            ha="center",
            va="center",
            fontsize=7,
            color="white" if (not up or tile == "skull") else "#111",
        )
    for row, col in legal:
        axes.add_patch(
            Rectangle((col, -row), 0.92, 0.92, fc="#e6f5e6", ec=PALETTE[2], lw=1.4, ls="--")
        )
        axes.text(
            col + 0.46, -row + 0.46, "+", ha="center", va="center", fontsize=14, color=PALETTE[2]
        )
    for row, col in blocked:
        axes.add_patch(
            Rectangle((col, -row), 0.92, 0.92, fc="white", ec=PALETTE[3], lw=1.0, ls=":")
        )
        axes.text(
            col + 0.46, -row + 0.46, "×", ha="center", va="center", fontsize=14, color=PALETTE[3]
        )
    if window is not None:
        top, left, height, width = window
        axes.add_patch(
            Rectangle(
                (left - 0.06, -(top + height - 1) - 0.06),
                width + 0.04,
                height + 0.04,
                fill=False,
                ec=PALETTE[0],
                lw=1.5,
                ls="-.",
            )
        )
    axes.set_xlim(min(cols) - 0.3, max(cols) + 1.2)
    axes.set_ylim(-max(rows) - 0.3, -min(rows) + 1.2)
    axes.set_aspect("equal")
    axes.axis("off")


def _start(game: Game) -> Figure:
    for state, plain in _states(game, 3, 0):
        cells = _cells(plain)
        if len(cells) == 4 and game.to_move(state) == CHANCE:
            break
    up = sum(face_up for _, face_up in cells.values())

    def draw(figure: MplFigure) -> None:
        _draw_grid(figure.subplots(), cells)

    return Figure(
        name="start-grid",
        alt=f"The starting grid of a seeded three-player game: a 2 by 2 square of four "
        f"tiles, {4 - up} face down and {up} face up.",
        caption="The starting grid as the reference deals it: four tiles from the sack in "
        "a 2x2 square, one face down (unseen by anyone), three face up.",
        image=Plot(draw, width=2.6, height=2.2),
        where="SOD-SETUP-2",
    )


NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _placement(game: Game) -> Figure:
    """A moment of Autumn where the limit on the grid's size rules out places next to it."""
    for seed in range(200):
        for state, plain in _states(game, 3, seed):
            if plain.get("step") != "place":
                continue
            cells = _cells(plain)
            legal = {
                (int(a["row"]), int(a["col"]))
                for a in (json.loads(game.dump_action(x)) for x in game.legal_actions(state))
            }
            touching = {(r + dr, c + dc) for r, c in cells for dr, dc in NEIGHBOURS} - set(cells)
            blocked = touching - legal
            if len(cells) >= 12 and len(blocked) >= 3:
                return _placement_figure(game, state, cells, legal, blocked)
    raise AssertionError("no seeded game reached a placement limited by the grid's size")


def _placement_figure(
    game: Game,
    state: State,
    cells: dict[Cell, tuple[str, bool]],
    legal: set[Cell],
    blocked: set[Cell],
) -> Figure:
    players = game.players(state)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    height, width = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    side = grid_side(players)

    def draw(figure: MplFigure) -> None:
        _draw_grid(figure.subplots(), cells, legal, blocked)

    return Figure(
        name="placement",
        alt=f"A grid of {len(cells)} tiles, {height} rows by {width} columns, in a seeded "
        f"{players}-player game. {len(legal)} empty places next to it are legal for the "
        f"drawn tile (marked +); {len(blocked)} places also next to it are ruled out "
        f"(marked ×) because the grid would span more than {side} tiles.",
        caption=f"Where the drawn tile may go, as the reference lists it ({players} "
        f"players: the grid may never span more than {side} tiles in either direction). "
        "+ marks a legal place: empty and sharing a side with a tile. × marks a place "
        "that shares a side but would make the grid too long or too wide; corners alone "
        "never count.",
        image=Plot(draw, width=4.2, height=3.6),
        where="SOD-AUTUMN-1",
    )
