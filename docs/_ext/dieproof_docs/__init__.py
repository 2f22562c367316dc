"""A Sphinx extension that writes dieproof's rules reference from the code (DESIGN
section 7): for players, per game, an overview with the turn at a glance, diagrams and
plots, the rules by part with the open questions where they bite, a "what happens when"
index and a one-page quick reference; for engineers, per game, the traceability matrix,
the invariants with their proofs, the abstract model and the wrong encodings.

Nothing is copied by hand: the pages come from ``dieproof.spec``, the reference
implementations (each game's own phase and step structure, its constants, its
components), the proofs and a scan of ``tests/``, and the committed measurements in
``docs/data/``. The modules, by concern:

:mod:`~dieproof_docs.rst`
    reStructuredText helpers (escaping, tables, admonitions);
:mod:`~dieproof_docs.context`
    one game's inputs, and how its rules are grouped into pages;
:mod:`~dieproof_docs.player`, :mod:`~dieproof_docs.engineer`, :mod:`~dieproof_docs.code`
    the pages;
:mod:`~dieproof_docs.machine`
    the phase and step machine observed from the reference, and its diagrams;
:mod:`~dieproof_docs.figures`
    pictures, and the extension point through which a game adds its own
    (``docs/figures/<package>.py``);
:mod:`~dieproof_docs.plots`, :mod:`~dieproof_docs.data`, :mod:`~dieproof_docs.measure`
    the simulated games and proof times: measured by ``./dev plots``, committed,
    plotted at build time;
:mod:`~dieproof_docs.domain`
    rules as search objects, so that a search lands on the rule;
:mod:`~dieproof_docs.build`
    generating, caching and writing it all.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.util import logging

from dieproof_docs.build import generate, write
from dieproof_docs.context import GENERATED
from dieproof_docs.domain import RulesDomain
from dieproof_docs.rst import (
    admonition,
    bullets,
    code_block,
    esc,
    field_list,
    heading,
    inline,
    list_table,
    lit,
    prose,
    ref,
)

if TYPE_CHECKING:
    from docutils.parsers.rst.states import Inliner
    from sphinx.application import Sphinx

__all__ = [
    "GENERATED",
    "admonition",
    "bullets",
    "code_block",
    "esc",
    "field_list",
    "heading",
    "inline",
    "list_table",
    "lit",
    "prose",
    "ref",
    "setup",
    "setup_markup",
]

LOGGER = logging.getLogger(__name__)


def _badge(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner, *args: object
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:badge:`provisional``` -> a small label styled by its class."""
    del name, rawtext, lineno, inliner, args
    return [nodes.inline(text, text, classes=["badge", f"badge-{text.lower()}"])], []


def _swatch(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner, *args: object
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:swatch:`dbe8fb a player decides``` -> a colour square and its meaning."""
    del name, rawtext, lineno, args
    colour, _, meaning = text.partition(" ")
    if not all(c in "0123456789abcdefABCDEF" for c in colour) or len(colour) not in (3, 6):
        message = inliner.reporter.error(f"swatch colour {colour!r} is not hex")
        return [], [message]
    square = nodes.raw(
        "", f'<span class="swatch" style="background:#{colour}"></span>', format="html"
    )
    return [square, nodes.inline(meaning, meaning, classes=["swatch-text"])], []


def _on_builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    configured: str = app.config.dieproof_tests_dir
    tests_dir = Path(configured) if configured else srcdir.parent / "tests"
    cache_dir = Path(app.doctreedir) / "dieproof-cache"
    files, problems = generate(srcdir, tests_dir, cache_dir)
    for problem in problems:
        LOGGER.warning("dieproof: %s", problem)
    written = write(srcdir, files)
    LOGGER.info("dieproof: %d of %d generated files changed", len(written), len(files))


def setup_markup(app: Sphinx) -> None:
    """What the generated pages use: the rules domain and the ``badge`` and ``swatch``
    roles (a test builds pages with these alone, without generating the site)."""
    app.add_domain(RulesDomain)
    app.add_role("badge", _badge)
    app.add_role("swatch", _swatch)


def setup(app: Sphinx) -> dict[str, object]:
    """Register the generator, the rules domain and the roles the pages use."""
    app.add_config_value("dieproof_tests_dir", "", "env", types=frozenset({str}))
    setup_markup(app)
    app.add_css_file("dieproof.css")
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
