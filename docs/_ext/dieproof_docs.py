"""A small Sphinx extension that writes the rules reference from the code (DESIGN section 7).

At ``builder-inited`` it writes into ``docs/generated/`` (git-ignored, rewritten on every
build, only files whose text changed are touched):

- ``games.rst``: the index of games, and ``games-table.rst.inc``, its table, which the
  front page includes;
- ``<game-id>.rst`` per game with a specification: the rules in rulebook order with their
  ids as link targets, the ambiguity log, the invariants with their z3 formulas and proof
  results, the wrong encodings, the abstract transitions and the traceability matrix;
- ``code-<game-id>.rst`` per game: autodoc entries for the code the rules name, so the
  ``implemented_by`` links resolve;
- ``oracle.rst.inc``: the generated half of the oracle guide (``oracle_docs.py``);
- ``api-modules.rst.inc`` (autodoc of every module of the shared packages),
  ``api-games.rst.inc`` (the toctree of the code pages) and ``cli.rst.inc`` (the help of
  every ``dieproof`` subcommand), included by the hand-written API and CLI pages.

Nothing is copied by hand: the pages come from ``dieproof.spec``, the proofs models, the
reference's config types and a scan of ``tests/``. Text from the specification is escaped,
so a stray ``*`` in a statement can never break the ``-W`` build. The proofs run once per
game per build: the obligations take well under a second, the wrong encodings (each a
whole proof run of a mutated model) a few seconds.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import inspect
import os
import pkgutil
import re
import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util import logging

from dieproof.proofs.traceability import (
    CHECKS,
    ConfigSource,
    ResolveError,
    Traceability,
    build,
    model_kinds,
    resolve,
    scan_tests,
)
from dieproof.spec import GameSpec, load, spec_ids

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from dieproof.proofs.model import Model, ModelTerms
    from dieproof.proofs.obligations import ObligationResult, ProofReport, WrongResult

__all__ = [
    "GameSummary",
    "ProofView",
    "generate",
    "load_proofs",
    "render_api_modules",
    "render_cli",
    "render_code_page",
    "render_game_page",
    "render_games_index",
    "render_games_table",
    "setup",
    "summarize",
    "write",
]

LOGGER = logging.getLogger(__name__)

GENERATED = "generated"
"""The folder, under the docs source folder, that this extension owns."""

DOCUMENTED_PACKAGES = (
    "dieproof.reference.core",
    "dieproof.reference.oracle",
    "dieproof.spec",
    "dieproof.proofs",
)
"""Packages the hand-written API reference documents; code pages only link to them."""

CLI_WIDTH = 88
"""Terminal width for rendering ``--help``, so the page does not depend on the builder's."""


# -- proofs -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProofView:
    """What a game page shows of the game's proofs."""

    model: Model
    terms: ModelTerms
    """Every formula of the model as a z3 term (their ``str`` is what the page prints)."""
    report: ProofReport
    wrong: tuple[WrongResult, ...] | None
    """The wrong encodings' results; ``None`` when they were not run."""


def load_proofs(game_id: str, *, wrong: bool = True) -> ProofView | str:
    """Prove ``game_id``'s model once; or say, in a sentence, why there is nothing to show.

    ``wrong=False`` skips the wrong encodings, which take most of the time (each is a
    whole proof run of a mutated model); tests of the page text use it.

    A missing proofs module is normal while a game is being written, so it is a sentence
    on the page. Proofs that crash are a bug: that is logged as a Sphinx warning (an error
    under ``-W``) and the page shows the error.
    """
    try:
        from dieproof import proofs
        from dieproof.proofs.model import ModelTerms
    except ImportError as error:
        return f"The proofs package cannot be imported ({error}), so nothing is proven yet."
    if game_id not in proofs.proof_game_ids():
        return f"{game_id} has no proofs module yet: none of its invariants is proven."
    try:
        model = proofs.proofs_for(game_id).model
        terms = ModelTerms.build(model)
        report = proofs.prove(model)
        refuted = tuple(proofs.refute_wrong(model)) if wrong else None
    except Exception as error:  # any crash of a model is reported, not hidden
        LOGGER.warning("dieproof: the proofs of %s failed to run: %s", game_id, error)
        return f"The proofs of {game_id} failed to run: {error}"
    return ProofView(model, terms, report, refuted)


def _pretty_z3() -> None:
    """Let z3 print whole formulas: its defaults cut long ones off with ``...``."""
    import z3

    z3.set_param(max_args=100_000, max_lines=100_000, max_depth=100_000, max_visited=10**7)
    z3.set_param(max_width=CLI_WIDTH)


# -- reStructuredText helpers -------------------------------------------------------------------

_INLINE = re.compile(r"([\\`*_|\[\]<>])")
_BLOCK_START = re.compile(r"^(?:[-+#]|\d+[.)]|\.\.)(?:\s|$)")
_ITEM = re.compile(r"^(?:[-*•]|\d+[.)])\s+")


def esc(text: str) -> str:
    """``text`` as literal reStructuredText inline content (markup characters escaped)."""
    return _INLINE.sub(r"\\\1", text)


def inline(text: str) -> str:
    """``text`` on one line (runs of whitespace, newlines included, become one space),
    escaped: for table cells, titles and other places a line break would end. A leading
    ``..``, ``-`` or ``1.`` is escaped too, so it cannot open a comment or a list."""
    text = esc(" ".join(text.split()))
    return "\\" + text if _BLOCK_START.match(text) else text


def lit(text: str) -> str:
    """An inline literal of ``text`` on one line."""
    text = " ".join(text.split())
    return f"``{text}``" if "`" not in text else esc(text)


def ref(target: str, title: str | None = None) -> str:
    """A ``:ref:`` to a rule, ambiguity or invariant id (labels are the ids)."""
    return f":ref:`{esc(title or target)} <{target}>`"


def prose(text: str) -> list[str]:
    """Specification prose as paragraphs: wrapped lines joined, list items kept apart.

    A line that starts with ``-``, ``*``, ``•`` or ``1.`` starts a bullet; a number is
    kept as text, so the rulebook's numbering survives whatever number a list starts at.
    """
    lines: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        current: list[str] = []
        items: list[tuple[str, list[str]]] = []
        for raw in paragraph.splitlines():
            line = raw.strip()
            marker = _ITEM.match(line)
            if marker is not None:
                number = marker.group(0).strip()
                # "1." inside a bullet would open a nested list: escape its dot.
                kept = number[:-1] + "\\" + number[-1] + " " if number[0].isdigit() else ""
                items.append((kept, [line[marker.end() :]]))
            elif items:
                items[-1][1].append(line)
            else:
                current.append(line)
        if current:
            joined = esc(" ".join(current))
            lines += ["\\" + joined if _BLOCK_START.match(joined) else joined, ""]
        lines += [f"- {kept}{esc(' '.join(words))}" for kept, words in items]
        if items:
            lines.append("")
    return lines


def heading(text: str, char: str) -> list[str]:
    """A section title (already escaped) with its underline."""
    return [text, char * len(text), ""]


def field_list(fields: Iterable[tuple[str, str]]) -> list[str]:
    """``:name: value`` lines; an empty value is left out."""
    return [f":{name}: {value}" for name, value in fields if value] + [""]


def list_table(
    headers: Sequence[str], rows: Iterable[Sequence[Sequence[str] | str]], *, widths: str = ""
) -> list[str]:
    """A ``list-table``; a cell is one line or a list of lines of reStructuredText."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in [list(headers), *rows]:
        for index, cell in enumerate(row):
            cell_lines = [cell] if isinstance(cell, str) else list(cell) or [""]
            marker = "   * - " if index == 0 else "     - "
            lines.append((marker + cell_lines[0]).rstrip())
            lines += [("       " + c).rstrip() for c in cell_lines[1:]]
    return [*lines, ""]


def code_block(text: str, language: str = "text") -> list[str]:
    """A literal block, shown as is."""
    body = textwrap.indent(text.rstrip("\n"), "   ")
    return [f".. code-block:: {language}", "", *body.splitlines(), ""]


def admonition(kind: str, body: Sequence[str]) -> list[str]:
    """An admonition such as ``.. attention::`` (content, not a Sphinx build warning)."""
    return [f".. {kind}::", "", *(("   " + line).rstrip() for line in body), ""]


def bullets(items: Iterable[str]) -> list[str]:
    """A bullet list of already escaped items."""
    return [*(f"- {item}" for item in items), ""]


def _seconds(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


# -- the per-game page ---------------------------------------------------------------------------


def render_game_page(
    spec: GameSpec, trace: Traceability, proofs: ProofView | str, *, code_page: str | None = None
) -> str:
    """The reStructuredText of one game's page.

    ``proofs`` is the proven model, or the sentence saying why there is none;
    ``code_page`` names the generated page that documents the game's code, if any.
    """
    _pretty_z3()
    info = spec.game
    page: list[str] = [
        ".. This page is generated by docs/_ext/dieproof_docs.py from",
        f"   spec/{info.id}.toml, the proofs model and tests/; do not edit it.",
        "",
        f".. _game-{info.id}:",
        "",
        *heading(inline(info.title), "="),
        *prose(info.summary),
        *field_list(
            [
                ("Game id", lit(info.id)),
                ("Id prefix", lit(info.prefix)),
                ("Rulebook", f"{lit(info.rulebook)}, sections: {inline('; '.join(info.sections))}"),
                ("Specification", lit(f"spec/{info.id}.toml")),
                ("Code", f":doc:`{code_page}`" if code_page else ""),
            ]
        ),
    ]
    page += _status(spec, trace, proofs)
    page += _rules(spec, trace)
    page += _ambiguities(spec)
    page += _invariants(spec, trace, proofs)
    page += _flow(info.id)
    page += _model(proofs)
    page += _matrix(trace)
    return "\n".join(page).rstrip() + "\n"


def _status(spec: GameSpec, trace: Traceability, proofs: ProofView | str) -> list[str]:
    lines = heading("Status", "-")
    lines += bullets(
        [
            f"{len(spec.rules)} rules, {len(spec.ambiguities)} ambiguities"
            f" ({sum(a.config is not None for a in spec.ambiguities)} selectable in the config),"
            f" {len(spec.invariants)} invariants.",
            _proof_summary(proofs),
            "Traceability: "
            + (
                "complete: every rule implemented and tested, every invariant proven,"
                " every reading reachable, no orphaned id."
                if not trace.problems
                else f"{len(trace.problems)} open problems (listed below)."
            ),
        ]
    )
    if isinstance(proofs, str):
        lines += admonition("attention", [inline(proofs)])
    if trace.problems:
        lines += admonition(
            "attention",
            [
                "The traceability check finds these problems (the test suite fails on"
                " each of them):",
                "",
                *bullets(inline(problem) for problem in trace.problems),
            ],
        )
    return lines


def _proof_summary(proofs: ProofView | str) -> str:
    if isinstance(proofs, str):
        return "Proofs: none yet."
    report = proofs.report
    counts = ", ".join(f"{n} {verdict}" for verdict, n in report.counts().items() if n)
    text = f"Proofs: {len(report.obligations)} obligations ({counts}) in {_seconds(report.seconds)}"
    if proofs.wrong is None:
        return text + "; the wrong encodings were not run."
    caught = sum(w.caught for w in proofs.wrong)
    return text + f"; {caught} of {len(proofs.wrong)} deliberately wrong encodings refuted."


def _rules(spec: GameSpec, trace: Traceability) -> list[str]:
    rows = {row.rule_id: row for row in trace.rules}
    ambiguities: dict[str, list[str]] = {}
    for ambiguity in spec.ambiguities:
        for rule_id in ambiguity.rules:
            ambiguities.setdefault(rule_id, []).append(ambiguity.id)
    lines = heading("Rules", "-")
    lines += [
        "The rules in the rulebook's order, each in our own words, with the code that",
        "implements it, the tests that check it and the invariants that protect it.",
        "",
    ]
    if spec.rules:
        example = spec.rules[0].id
        lines += [
            f"Every id is a link target: ``:ref:`{example}``` from any page of these docs,",
            f"or ``#{example.lower()}`` after this page's address.",
            "",
        ]
    for section in spec.game.sections:
        rules = [rule for rule in spec.rules if rule.section == section]
        if not rules:
            continue
        lines += heading(inline(section), "~")
        for rule in rules:
            row = rows[rule.id]
            lines += [f".. _{rule.id}:", "", *heading(f"{rule.id}: {inline(rule.title)}", "^")]
            lines += prose(rule.statement)
            lines += field_list(
                [
                    ("Rulebook section", inline(rule.section)),
                    ("Implemented by", ", ".join(_code_link(c.name, c.ok) for c in row.code)),
                    ("Invariants", ", ".join(ref(i) for i in rule.invariants)),
                    ("Ambiguities", ", ".join(ref(a) for a in ambiguities.get(rule.id, ()))),
                    ("Tests", ", ".join(lit(t) for t in row.tests) or "**none**"),
                ]
            )
    return lines


def _code_link(name: str, ok: bool, *, short: bool = False) -> str:
    """A link to the documented object, shown under the spec's name; a literal otherwise.

    ``:py:obj:`` renders an unresolved target as a plain literal without a warning (the
    docs are not built nitpicky), which is exactly "link where possible". ``short``
    drops the ``dieproof.reference.`` every game's code starts with (for the matrix).
    """
    shown = name.removeprefix("dieproof.reference.") if short else name
    if not ok:
        return f"{lit(shown)} (**does not resolve**)"
    return f":py:obj:`{shown} <{_canonical(name)[1]}>`"


def _ambiguities(spec: GameSpec) -> list[str]:
    lines = heading("Ambiguity log", "-")
    if not spec.ambiguities:
        return [*lines, "The rulebook leaves no question open that the rules depend on.", ""]
    lines += [
        "Questions the rulebook leaves open, the readings we considered, the one dieproof",
        "plays by default and why. A selectable ambiguity names the config field that picks",
        "its reading, so another implementation can be checked under its own reading.",
        "",
    ]
    for ambiguity in spec.ambiguities:
        lines += [
            f".. _{ambiguity.id}:",
            "",
            *heading(f"{ambiguity.id}: {inline(ambiguity.question)}", "~"),
        ]
        lines += field_list([("Rules", ", ".join(ref(r) for r in ambiguity.rules))])
        lines += ["**Evidence.**", "", *prose(ambiguity.evidence)]
        lines += list_table(
            ["Reading", "Meaning"],
            (
                [
                    lit(key) + (" (default)" if key == ambiguity.default else ""),
                    inline(meaning),
                ]
                for key, meaning in ambiguity.readings.items()
            ),
            widths="25 75",
        )
        lines += ["**Rationale.**", "", *prose(ambiguity.rationale)]
        selected = (
            f"config field {lit(ambiguity.config)}"
            if ambiguity.config is not None
            else "not selectable (see the rationale)"
        )
        lines += field_list([("Selected by", selected), ("Default", lit(ambiguity.default))])
    return lines


def _invariants(spec: GameSpec, trace: Traceability, proofs: ProofView | str) -> list[str]:
    lines = heading("Invariants and proofs", "-")
    lines += [
        "Each invariant is a z3 formula over the abstract model's variables (a primed name",
        "is the state after a step). A state invariant is proven inductive: it holds",
        "initially and every abstract transition keeps it; a step invariant is proven of",
        "every transition. Only ``PROVED`` passes; the time is each solver call's.",
        "",
    ]
    if not spec.invariants:
        return [*lines, "The specification names no invariant.", ""]
    rows = {row.invariant_id: row for row in trace.invariants}
    for invariant in spec.invariants:
        row = rows[invariant.id]
        lines += [f".. _{invariant.id}:", "", *heading(invariant.id, "~")]
        lines += prose(invariant.statement)
        lines += field_list(
            [
                ("Kind", f"{invariant.kind} ({_KIND_TEXT[invariant.kind]})"),
                ("Rules", ", ".join(ref(r) for r in invariant.rules)),
                ("Tests", ", ".join(lit(t) for t in row.tests) or "none"),
                ("Proved", "yes" if row.proved else "**no**"),
            ]
        )
        if isinstance(proofs, str):
            lines += ["Not proven: the game has no proofs yet.", ""]
            continue
        formula = proofs.terms.invariants.get(invariant.id)
        if formula is None:
            formula = proofs.terms.properties.get(invariant.id)
        if formula is None:
            lines += ["**The proofs model does not encode this invariant.**", ""]
            continue
        lines += code_block(str(formula))
        results = [r for r in proofs.report.obligations if r.subject == invariant.id]
        lines += _obligation_table(results)
    return lines


_KIND_TEXT = {"state": "holds in every reachable state", "step": "holds across every step"}


def _obligation_table(results: Sequence[ObligationResult]) -> list[str]:
    if not results:
        return ["**No proof obligation establishes it.**", ""]
    lines = list_table(
        ["Obligation", "Verdict", "Time"],
        ([lit(r.id), _verdict(str(r.verdict)), _seconds(r.seconds)] for r in results),
        widths="60 20 20",
    )
    for result in results:
        if result.verdict != "PROVED":
            lines += [f"{lit(result.id)}: {inline(result.detail)}", ""]
            if result.counterexample is not None:
                lines += code_block(result.counterexample.render())
    return lines


def _verdict(verdict: str) -> str:
    return verdict if verdict == "PROVED" else f"**{verdict}**"


FLOW_SEEDS = 12
"""Seeded games per configuration behind the phase diagram."""


def observed_flow(game_id: str, seeds: int = FLOW_SEEDS) -> dict[str, dict[str, int]]:
    """Which kind of step follows which, over seeded random games of every configuration.

    Keys are action ``type`` tags (chance outcomes are marked ``(chance)``), plus
    ``start`` and ``end: RULE`` for the ending rule; values count how often each
    successor was seen. It is generated from the reference, so it shows what the code
    does, never a hand-drawn idea of it.
    """
    from dieproof.reference import game
    from dieproof.reference.core import CHANCE
    from dieproof.reference.core.driver import play

    g = game(game_id)
    flow: dict[str, dict[str, int]] = {}

    def count(step: str, successor: str) -> None:
        successors = flow.setdefault(step, {})
        successors[successor] = successors.get(successor, 0) + 1

    for config in g.configs():
        for seed in range(seeds):
            playout = play(g, config, seed, check=False)
            state, previous = g.initial_state(config), "start"
            for action in playout.actions:
                tag = str(type(action).__struct_config__.tag)
                now = f"{tag} (chance)" if g.to_move(state) == CHANCE else tag
                count(previous, now)
                state, previous = g.apply(state, action), now
            count(previous, f"end: {playout.result.rule}")
    return flow


def _flow(game_id: str) -> list[str]:
    from dieproof.reference import game_ids

    if game_id not in game_ids():
        note = [f"No reference implementation of {lit(game_id)} is registered yet."]
        return heading("Phase diagram", "-") + admonition("attention", note)
    flow = observed_flow(game_id)
    lines = heading("Phase diagram", "-")
    lines += [
        f"Which kind of step follows which, counted over {FLOW_SEEDS} seeded random games",
        "of every configuration the game lists. It is generated from the reference",
        "implementation when the docs are built, so it shows what the code does.",
        "",
    ]
    order = sorted(flow, key=lambda k: (k != "start", k))
    lines += list_table(
        ["Step", "Can be followed by (times seen)"],
        (
            [
                lit(step),
                ", ".join(
                    f"{lit(nxt)} ({count})"
                    for nxt, count in sorted(flow[step].items(), key=lambda kv: -kv[1])
                ),
            ]
            for step in order
        ),
        widths="25 75",
    )
    return lines


def _model(proofs: ProofView | str) -> list[str]:
    lines = heading("The abstract model", "-")
    if isinstance(proofs, str):
        return [*lines, inline(proofs), ""]
    model, terms, report = proofs.model, proofs.terms, proofs.report
    lines += [
        "The quantities the invariants talk about, the initial condition, the transitions",
        "of the game in the abstract and the obligations about the model as a whole (that",
        "it is not vacuous and its goals are reachable).",
        "",
    ]
    lines += heading("Variables", "~")
    lines += list_table(
        ["Variable", "Sort", "Meaning"],
        ([lit(n), s, model.descriptions.get(n, "")] for n, s in model.variables.items()),
    )
    lines += ["**Initial condition.**", "", *code_block(str(terms.init))]
    if model.background is not None:
        lines += ["**Background** (domain facts assumed of every state).", ""]
        lines += code_block(str(terms.background))

    lines += heading("Transitions", "~")
    lines += [
        "Every step of the reference maps to one of these abstract transitions (the",
        "refinement check of the test suite verifies that). Quantities a transition does",
        "not mention are unconstrained after it.",
        "",
    ]
    lines += list_table(
        ["Transition", "What it abstracts"],
        ([lit(t.name), inline(t.doc)] for t in model.transitions),
        widths="25 75",
    )
    for transition in model.transitions:
        lines += [
            f"{lit(transition.name)}:",
            "",
            *code_block(str(terms.transitions[transition.name])),
        ]

    owned = {i.id for i in model.invariants} | {p.id for p in model.properties}
    overall = [r for r in report.obligations if r.subject not in owned]
    lines += heading("Model-wide obligations", "~")
    lines += _obligation_table(overall)
    if model.goals:
        lines += list_table(
            ["Goal", "Meaning", "Formula"],
            ([lit(g.name), inline(g.doc), lit(str(terms.goals[g.name]))] for g in model.goals),
            widths="15 45 40",
        )

    lines += heading("Wrong encodings", "~")
    lines += [
        "Deliberately wrong variants of the model. Each must be refuted by some",
        "obligation, which shows that the proofs can fail.",
        "",
    ]
    if proofs.wrong is None:
        return [*lines, "Not run for this build.", ""]
    if not proofs.wrong:
        return [*lines, "**The model lists no wrong encoding.**", ""]
    lines += list_table(
        ["Wrong encoding", "What is wrong", "Refuted", "Caught by"],
        (
            [
                lit(w.name),
                inline(w.doc),
                "yes" if w.caught else "**no**",
                lit(w.caught_by) if w.caught_by else "",
            ]
            for w in proofs.wrong
        ),
        widths="20 45 10 25",
    )
    return lines


def _matrix(trace: Traceability) -> list[str]:
    lines = heading("Traceability matrix", "-")
    lines += [
        "Rule, the code that implements it (under ``dieproof.reference``), the tests",
        "marked with its id, and the invariants that protect it with their proof status.",
        "",
    ]
    proved = {row.invariant_id: row.proved for row in trace.invariants}
    lines += list_table(
        ["Rule", "Code", "Tests", "Invariants (proved?)"],
        (
            [
                ref(row.rule_id),
                [f"- {_code_link(c.name, c.ok, short=True)}" for c in row.code],
                [f"- {lit(t)}" for t in row.tests] or ["**none**"],
                [f"- {ref(i)}: {'yes' if proved.get(i) else '**no**'}" for i in row.invariants]
                or ["none"],
            ]
            for row in trace.rules
        ),
        widths="14 30 36 20",
    )
    for check in CHECKS:
        found = trace.check(check)
        lines += [f"**{check.capitalize()}:** " + ("none." if not found else ""), ""]
        lines += bullets(inline(problem) for problem in found) if found else []
    return lines


# -- the code behind the rules ---------------------------------------------------------------


def _canonical(name: str) -> tuple[str, str]:
    """(autodoc directive, documented name) for the object ``name`` resolves to.

    Functions and classes are documented where they are defined, so a name re-exported
    by a package still finds its one description; data is documented under the name the
    specification uses.
    """
    try:
        found = resolve(name)
    except ResolveError:
        return "", name
    if inspect.ismodule(found):
        return "automodule", found.__name__
    if inspect.isclass(found) or inspect.isroutine(found):
        function = getattr(found, "__func__", found)
        module = getattr(function, "__module__", None)
        qualname = getattr(function, "__qualname__", None)
        if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
            target = f"{module}.{qualname}"
            if inspect.isclass(found):
                return "autoclass", target
            return ("automethod" if "." in qualname else "autofunction"), target
        return "", name
    parent, _, attribute = name.rpartition(".")
    with contextlib.suppress(ResolveError):
        owner = resolve(parent)
        if inspect.isclass(owner):
            return "autoattribute", name
        if inspect.ismodule(owner):
            return "autodata", f"{_defining_module(owner.__name__, attribute)}.{attribute}"
    return "autodata", name


def _defining_module(module: str, attribute: str, depth: int = 0) -> str:
    """The module that assigns ``attribute``, following ``from X import attribute``.

    Data has no ``__module__``: a constant a module imports (``HAND_SIZE`` in ``rules``,
    from ``types``) would otherwise be documented where it is imported, with the
    docstring of ``int`` instead of its own.
    """
    try:
        source = inspect.getsource(importlib.import_module(module))
    except (ImportError, OSError, TypeError):
        return module
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and depth < 5:
            for alias in node.names:
                if alias.name == attribute and alias.asname in (None, attribute):
                    return _defining_module(node.module, attribute, depth + 1)
    return module


def render_code_page(spec: GameSpec) -> str | None:
    """Autodoc entries for every object the rules of ``spec`` name, or ``None`` if none.

    Objects of the packages the API reference documents, and objects outside dieproof,
    are left out: a link to them resolves there, or stays a literal.
    """
    entries: dict[str, tuple[str, list[str]]] = {}
    for rule in spec.rules:
        for name in rule.implemented_by:
            directive, target = _canonical(name)
            if not directive or not target.startswith("dieproof."):
                continue
            if target.startswith(DOCUMENTED_PACKAGES):
                continue
            entries.setdefault(target, (directive, []))[1].append(rule.id)
    if not entries:
        return None
    title = f"Code behind the rules of {spec.game.title}"  # in the order the rules name it
    page = [
        ".. Generated by docs/_ext/dieproof_docs.py from the implemented_by names of",
        f"   spec/{spec.game.id}.toml; do not edit it.",
        "",
        *heading(inline(title), "="),
        f"Every object that a rule of :ref:`game-{spec.game.id}` names as its",
        "implementation, with the rules it implements.",
        "",
    ]
    for target, (directive, rules) in entries.items():
        page += [f".. {directive}:: {target}"]
        # A module, or a class some of whose members are entries of their own, is shown
        # without members: autodoc would describe those members twice.
        if directive == "automodule" or any(t.startswith(target + ".") for t in entries):
            page += ["   :no-members:"]
        page += ["", f"   Implements {', '.join(ref(r) for r in dict.fromkeys(rules))}.", ""]
    return "\n".join(page).rstrip() + "\n"


# -- the index of games and the CLI ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One row of the games table."""

    spec: GameSpec
    trace: Traceability
    proofs: ProofView | str


def render_games_table(games: Sequence[GameSummary]) -> str:
    """The table of games the front page includes (links relative to ``docs/``)."""
    if not games:
        return "No game has a specification yet.\n"
    rows = (
        [
            f":doc:`{inline(g.spec.game.title)} <{GENERATED}/{g.spec.game.id}>`",
            lit(g.spec.game.id),
            str(len(g.spec.rules)),
            str(len(g.spec.ambiguities)),
            str(len(g.spec.invariants)),
            _proof_cell(g.proofs),
            "complete" if not g.trace.problems else f"**{len(g.trace.problems)} problems**",
        ]
        for g in games
    )
    headers = ["Game", "Id", "Rules", "Ambiguities", "Invariants", "Proofs", "Traceability"]
    return "\n".join(list_table(headers, rows)).rstrip() + "\n"


def _proof_cell(proofs: ProofView | str) -> str:
    if isinstance(proofs, str):
        return "**none yet**"
    report = proofs.report
    if report.ok:
        return f"{len(report.obligations)} PROVED"
    return f"**{len(report.failures)} of {len(report.obligations)} failing**"


def render_games_index(games: Sequence[GameSummary]) -> str:
    """The page that lists the games (the front page's toctree points here)."""
    lines = [
        ".. Generated by docs/_ext/dieproof_docs.py; do not edit it.",
        "",
        *heading("Games", "="),
        "One page per game with a specification in ``spec/``: its rules, ambiguity log,",
        "invariants with their proofs, abstract model and traceability matrix.",
        "",
    ]
    if not games:
        return "\n".join([*lines, "No game has a specification yet.", ""])
    lines += [".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   {g.spec.game.id}" for g in games]
    return "\n".join(lines) + "\n"


def render_cli() -> str:
    """The ``--help`` of ``dieproof`` and of every subcommand, from its argparse parser.

    The CLI exposes ``dieproof.reference.cli.build_parser()``; until it does, a note.
    """
    try:
        cli = importlib.import_module("dieproof.reference.cli")
    except ImportError as error:
        return f".. note::\n\n   The CLI module cannot be imported yet: {inline(str(error))}\n"
    build_parser = getattr(cli, "build_parser", None)
    parser = build_parser() if callable(build_parser) else None
    if not isinstance(parser, argparse.ArgumentParser):
        return (
            ".. note::\n\n   ``dieproof.reference.cli`` has no ``build_parser()`` returning an"
            " ``argparse.ArgumentParser`` yet, so its help cannot be shown here.\n"
        )
    lines: list[str] = []
    with _columns(CLI_WIDTH):
        for name, command in _commands(parser, ()):
            lines += heading(lit(" ".join(name)) if name else "``dieproof``", "-")
            lines += code_block(command.format_help())
    return "\n".join(lines)


def _commands(
    parser: argparse.ArgumentParser, name: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """The parser and every subcommand's parser, depth first, as (words, parser)."""
    yield name or ("dieproof",), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for word, sub in action.choices.items():
                if id(sub) not in seen:  # aliases share a parser
                    seen.add(id(sub))
                    yield from _commands(sub, (*(name or ("dieproof",)), word))


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    """argparse wraps help to ``$COLUMNS``; fix it so the page is the same everywhere."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def render_api_modules() -> str:
    """Autodoc sections for every module of :data:`DOCUMENTED_PACKAGES`, found by walking
    the packages, so a new or renamed module can never leave the reference stale.

    A package that has submodules gets its docstring only (its re-exports are documented
    once, where they are defined); every module gets its members.
    """
    lines: list[str] = []
    for package in DOCUMENTED_PACKAGES:
        try:
            imported = importlib.import_module(package)
        except ImportError as error:
            lines += heading(lit(package), "-")
            lines += admonition(
                "attention", [f"{lit(package)} cannot be imported: {inline(str(error))}"]
            )
            continue
        paths = getattr(imported, "__path__", None)
        submodules = (
            sorted(
                info.name
                for info in pkgutil.walk_packages(paths, prefix=package + ".")
                if not info.name.rpartition(".")[2].startswith("_")
            )
            if paths is not None
            else []
        )
        lines += heading(lit(package), "-")
        lines += [f".. automodule:: {package}"]
        lines += ["   :no-members:", ""] if submodules else [""]
        for name in submodules:
            lines += heading(lit(name), "~")
            lines += [f".. automodule:: {name}", ""]
    return "\n".join(lines)


# -- putting it together ---------------------------------------------------------------------


def summarize(
    game_id: str, tests: Mapping[str, Sequence[str]], *, wrong: bool = True
) -> GameSummary:
    """Load, prove and cross-check one game (the proofs run once, here)."""
    spec = load(game_id)
    proofs = load_proofs(game_id, wrong=wrong)
    source: ConfigSource | None = None
    from dieproof import reference

    if game_id in reference.game_ids():
        source = reference.game(game_id)
    model_ids = None if isinstance(proofs, str) else model_kinds(proofs.model)
    obligations = () if isinstance(proofs, str) else proofs.report.obligations
    trace = build(spec, tests, source=source, model_ids=model_ids, obligations=obligations)
    return GameSummary(spec, trace, proofs)


def generate(srcdir: Path, tests_dir: Path) -> dict[str, str]:
    """Every generated file's text, by its path relative to ``srcdir``."""
    tests = scan_tests(tests_dir) if tests_dir.is_dir() else {}
    games = [summarize(game_id, tests) for game_id in spec_ids()]
    files = {
        f"{GENERATED}/games.rst": render_games_index(games),
        f"{GENERATED}/games-table.rst.inc": render_games_table(games),
        f"{GENERATED}/cli.rst.inc": render_cli(),
        f"{GENERATED}/api-modules.rst.inc": render_api_modules(),
        f"{GENERATED}/oracle.rst.inc": _render_oracle(),
    }
    code_pages: list[str] = []
    for game in games:
        game_id = game.spec.game.id
        code = render_code_page(game.spec)
        if code is not None:
            files[f"{GENERATED}/code-{game_id}.rst"] = code
            code_pages.append(f"code-{game_id}")
        files[f"{GENERATED}/{game_id}.rst"] = render_game_page(
            game.spec, game.trace, game.proofs, code_page=code_pages[-1] if code else None
        )
    files[f"{GENERATED}/api-games.rst.inc"] = (
        ".. toctree::\n   :maxdepth: 1\n\n"
        + "".join(f"   {GENERATED}/{page}\n" for page in code_pages)
        if code_pages
        else "No game names code of its own yet.\n"
    )
    return files


def _render_oracle() -> str:
    """The generated half of the oracle guide (see ``oracle_docs``, imported here since it
    uses this module's helpers)."""
    from oracle_docs import render_oracle

    return render_oracle()


def write(srcdir: Path, files: Mapping[str, str]) -> list[str]:
    """Write ``files`` under ``srcdir``; touch only changed ones, delete stale ones.

    Returns the paths written. Leaving unchanged files alone keeps Sphinx's incremental
    builds incremental.
    """
    out = srcdir / GENERATED
    out.mkdir(exist_ok=True)
    written: list[str] = []
    for relative, text in files.items():
        path = srcdir / relative
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(relative)
    wanted = {srcdir / relative for relative in files}
    for stale in out.iterdir():
        if stale.is_file() and stale not in wanted:
            stale.unlink()
    return written


def _on_builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    configured: str = app.config.dieproof_tests_dir
    tests_dir = Path(configured) if configured else srcdir.parent / "tests"
    written = write(srcdir, generate(srcdir, tests_dir))
    LOGGER.info("dieproof: generated %d changed files in %s/", len(written), GENERATED)


def setup(app: Sphinx) -> dict[str, object]:
    """Register the generator; the pages are plain reStructuredText files after that."""
    app.add_config_value("dieproof_tests_dir", "", "env", types=frozenset({str}))
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
