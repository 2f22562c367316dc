"""Figures: diagrams and plots generated at build time, and the extension point through
which each game adds its own.

Every picture on the site is a :class:`Figure`: a name, alternative text, a caption,
where it goes, and an image made at build time, either Graphviz source (:class:`Dot`,
rendered by the ``dot`` program of the Debian ``graphviz`` package) or a matplotlib
drawing (:class:`Plot`). Both become SVG files beside the generated pages, shown with
their alt text.

**The extension point.** A game adds figures of its own, without touching this
extension, by providing ``docs/figures/<package>.py`` (``<package>`` is the game id with
``_`` for ``-``: ``docs/figures/dont_let_it_die.py``) with a function::

    def figures(game: Game) -> Iterable[Figure]: ...

which receives the registered game and returns its figures. ``where`` places each one:
``"overview"`` (the game's front page), ``"engineering"`` (its traceability page), a
rule topic such as ``"AUTUMN"`` (the page of the rules whose ids are ``SOD-AUTUMN-n``),
or a rule id (right under that rule).
Draw from the reference (its constants, content and seeded games), never by hand, so a
figure changes when the rules do. ``docs/design.rst`` explains it for game authors.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure as MplFigure

    from dieproof.reference.core.game import Game

__all__ = [
    "FIGURES",
    "PALETTE",
    "Dot",
    "Figure",
    "FigureError",
    "Plot",
    "game_figures",
    "module_path",
    "render",
]

FIGURES = Path(__file__).resolve().parents[2] / "figures"
"""``docs/figures``: one module per game that draws its own figures."""

PALETTE = ("#3b6ea5", "#e08a2e", "#4a9a5b", "#b8473e", "#7d5ba6", "#8c6d4f", "#c768a7", "#6b6b6b")
"""Colours for plots, in order (distinguishable for the common colour blindnesses in
this order of use: blue, orange, green first)."""


class FigureError(Exception):
    """A figure could not be made (the build reports it as a warning, an error with -W)."""


@dataclass(frozen=True, slots=True)
class Dot:
    """Graphviz source, laid out by ``engine`` (``dot``, ``neato``, ``fdp``, ...)."""

    source: str
    engine: str = "dot"


@dataclass(frozen=True, slots=True)
class Plot:
    """A matplotlib drawing: ``draw`` fills the figure it is given."""

    draw: Callable[[MplFigure], None]
    width: float = 6.4
    """Inches."""
    height: float = 3.6
    """Inches."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One picture and where it goes."""

    name: str
    """A file-name stem, unique within the game (``[a-z0-9-]+``)."""
    alt: str
    """The alternative text: what the picture shows, for someone who cannot see it."""
    caption: str
    """A sentence or two under the picture (plain text; it is escaped)."""
    image: Dot | Plot
    where: str = "overview"
    """``"overview"``, ``"engineering"`` (the traceability page), a rule topic
    (``"AUTUMN"``) or a rule id (``"SOD-AUTUMN-1"``)."""
    wide: bool = False
    """Keep the picture legible on a phone: it scrolls sideways in its own box rather
    than shrinking to the screen's width."""
    natural: bool = False
    """Show the picture at its own size, scrolling in its box if it is wider than the
    column (a big diagram that must stay legible)."""
    legend: tuple[tuple[str, str], ...] = field(default=())
    """(colour, meaning) pairs shown under the picture, e.g. the kinds of node."""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", self.name):
            raise FigureError(f"figure name {self.name!r} must match [a-z0-9-]+")
        if not self.alt.strip():
            raise FigureError(f"figure {self.name!r} has no alt text")


def module_path(game_id: str) -> Path:
    """Where ``game_id``'s own figures module lives."""
    return FIGURES / (game_id.replace("-", "_") + ".py")


def game_figures(g: Game) -> list[Figure]:
    """The figures ``g``'s module draws, or none if it has no module."""
    path = module_path(g.id)
    if not path.is_file():
        return []
    spec = importlib.util.spec_from_file_location(f"dieproof_figures_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise FigureError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    make = getattr(module, "figures", None)
    if not callable(make):
        raise FigureError(f"{path} has no figures(game) function")
    found = list(make(g))
    for item in found:
        if not isinstance(item, Figure):
            raise FigureError(f"{path}: figures() returned {type(item).__name__}, not a Figure")
    names = [f.name for f in found]
    if len(set(names)) != len(names):
        raise FigureError(f"{path}: figure names repeat: {names}")
    return found


# -- rendering ------------------------------------------------------------------------------


def render(image: Dot | Plot) -> str:
    """The SVG text of ``image``, the same bytes for the same input."""
    if isinstance(image, Dot):
        return _dot(image)
    return _plot(image)


def _dot(image: Dot) -> str:
    program = shutil.which(image.engine)
    if program is None:
        raise FigureError(
            f"Graphviz's {image.engine!r} is not installed (Debian package 'graphviz'; "
            "./dev installs it)"
        )
    done = subprocess.run(
        [program, "-Tsvg"],
        input=image.source,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise FigureError(f"{image.engine} failed: {done.stderr.strip()}")
    # Graphviz writes its version into a comment: drop it, so the file depends only on
    # the drawing.
    return re.sub(r"<!-- Generated by graphviz[^>]*-->\n", "", done.stdout)


@contextlib.contextmanager
def plot_style() -> Iterator[None]:
    """The house style of every plot, and a renderer that writes the same SVG every time."""
    import matplotlib
    from cycler import cycler

    matplotlib.use("Agg", force=True)

    style: dict[Any, Any] = {
        "font.family": "DejaVu Sans",
        "font.size": 9,
        "axes.titlesize": 10,
        "axes.labelsize": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.prop_cycle": cycler(color=list(PALETTE)),
        "legend.frameon": False,
        "legend.fontsize": 8,
        "svg.hashsalt": "dieproof",
        "svg.fonttype": "path",
        "figure.dpi": 100,
    }
    with matplotlib.rc_context(style):
        yield


def _plot(image: Plot) -> str:
    from matplotlib.figure import Figure as MplFigure

    with plot_style():
        figure = MplFigure(figsize=(image.width, image.height), layout="constrained")
        image.draw(figure)
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    return out.getvalue()
