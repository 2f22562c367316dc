"""The engineer's page of a game (``generated/<game-id>/engineering``): where each rule is
implemented and tested, the invariants with their z3 formulas and proof verdicts, the
abstract model, the wrong encodings, and the problems the traceability check finds.

Verdicts are proven on every build of the page (they are deterministic); the times next
to them come from ``docs/data/<game-id>/proof-times.json``, measured on purpose by
``./dev plots``, so that a rebuild does not change the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from dieproof.proofs.obligations import ObligationResult
from dieproof.proofs.traceability import CHECKS
from dieproof_docs.context import GameContext
from dieproof_docs.player import GENERATED_NOTE, figure_block, trace_label
from dieproof_docs.proofview import ProofView, pretty_z3
from dieproof_docs.rst import (
    admonition,
    bullets,
    code_block,
    details,
    esc,
    field_list,
    heading,
    inline,
    list_table,
    lit,
    ref,
    seconds,
)

__all__ = ["code_link", "proof_cell", "proof_summary", "render_engineering", "render_proofs"]

_KIND_TEXT = {"state": "holds in every reachable state", "step": "holds across every step"}


def render_engineering(ctx: GameContext, canonical: dict[str, str]) -> str:
    """The engineer's traceability page; ``canonical`` maps each ``implemented_by`` name
    to the documented object a link should point at (empty: the name does not resolve)."""
    info = ctx.spec.game
    page = [
        *GENERATED_NOTE,
        f".. _engineering-{ctx.id}:",
        "",
        *heading(f"{inline(info.title)}: traceability", "="),
        f"The engineer's view of :doc:`{esc(info.title)} <index>`: for every rule, the code",
        "that implements it, the tests that check it and the invariants that protect it.",
        "The invariants' z3 formulas and proofs, the abstract model and the deliberately",
        "wrong encodings are on :doc:`the proofs page <proofs>`.",
        "",
        *field_list(
            [
                ("Game id", lit(info.id)),
                ("Specification", lit(f"spec/{info.id}.toml")),
                ("Proofs", lit(f"proofs/{info.id.replace('-', '_')}.py")),
                ("Code", ":doc:`code`" if ctx.has_code_page else ""),
            ]
        ),
    ]
    page += _status(ctx)
    page += _matrix(ctx, canonical)
    page += _ambiguities(ctx)
    pictures = ctx.figures_at("engineering")
    if pictures:
        page += heading("The step machine", "-")
        page += [
            "Every step of every phase and every move between steps, as the reference",
            "plays them; the turn summary and the diagram of each phase are on the",
            ":doc:`game's page <index>`.",
            "",
        ]
        for placed in pictures:
            page += figure_block(placed)
    return "\n".join(page).rstrip() + "\n"


def render_proofs(ctx: GameContext) -> str:
    """The engineer's proofs page: invariants, the abstract model, wrong encodings."""
    pretty_z3()
    info = ctx.spec.game
    page = [
        *GENERATED_NOTE,
        *heading(f"{inline(info.title)}: invariants and proofs", "="),
        f"What the proofs of :doc:`{esc(info.title)} <index>` establish: every invariant with",
        "its z3 formula and the verdict of every obligation, the abstract model the proofs",
        "are about, and the deliberately wrong encodings they must refute. Which rule each",
        "invariant protects is on :doc:`the traceability page <engineering>`.",
        "",
        esc(proof_summary(ctx.proofs)),
        "",
    ]
    page += _invariants(ctx)
    page += _model(ctx)
    return "\n".join(page).rstrip() + "\n"


def proof_summary(proofs: ProofView | str) -> str:
    """A sentence on the proofs (no times: those change every run)."""
    if isinstance(proofs, str):
        return "Proofs: none yet."
    report = proofs.report
    counts = ", ".join(f"{n} {verdict}" for verdict, n in report.counts().items() if n)
    text = f"Proofs: {len(report.obligations)} obligations ({counts})"
    if proofs.wrong is None:
        return text + "; the wrong encodings were not run."
    caught = sum(w.caught for w in proofs.wrong)
    return text + f"; {caught} of {len(proofs.wrong)} deliberately wrong encodings refuted."


def proof_cell(proofs: ProofView | str) -> str:
    """The games table's proofs column."""
    if isinstance(proofs, str):
        return "**none yet**"
    report = proofs.report
    if report.ok:
        return f"{len(report.obligations)} PROVED"
    return f"**{len(report.failures)} of {len(report.obligations)} failing**"


def _status(ctx: GameContext) -> list[str]:
    spec, trace, proofs = ctx.spec, ctx.trace, ctx.proofs
    lines = heading("Status", "-")
    lines += bullets(
        [
            f"{len(spec.rules)} rules, {len(spec.ambiguities)} ambiguities"
            f" ({sum(a.config is not None for a in spec.ambiguities)} selectable in the config),"
            f" {len(spec.invariants)} invariants.",
            esc(proof_summary(proofs)),
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


def code_link(name: str, target: str, *, short: bool = False) -> str:
    """A link to the documented object, shown under the spec's name; a literal when the
    name does not resolve.

    ``:py:obj:`` renders an unresolved target as a plain literal without a warning (the
    docs are not built nitpicky), which is exactly "link where possible". ``short``
    drops the ``dieproof.reference.`` every game's code starts with.
    """
    shown = name.removeprefix("dieproof.reference.") if short else name
    if not target:
        return f"{lit(shown)} (**does not resolve**)"
    return f":py:obj:`{shown} <{target}>`"


def _short_test(test: str) -> str:
    """``tests/test_x.py::TestY::test_z`` -> ``test_x::TestY::test_z``."""
    path, _, name = test.partition("::")
    stem = path.rsplit("/", 1)[-1].removesuffix(".py")
    return f"{stem}::{name}" if name else stem


def _matrix(ctx: GameContext, canonical: dict[str, str]) -> list[str]:
    trace = ctx.trace
    lines = heading("Traceability matrix", "-")
    lines += [
        "Each rule (linked to its statement), the code that implements it (under",
        "``dieproof.reference``), the tests marked with its id (``tests/`` file and test),",
        "and the invariants that protect it with their proof status. The table scrolls",
        "sideways in its own box on a narrow screen.",
        "",
    ]
    proved = {row.invariant_id: row.proved for row in trace.invariants}
    lines += list_table(
        ["Rule", "Code", "Tests", "Invariants"],
        (
            [
                [f".. _{trace_label(row.rule_id)}:", "", ref(row.rule_id)],
                [f"- {code_link(c.name, canonical.get(c.name, ''), short=True)}" for c in row.code],
                [f"- {lit(_short_test(t))}" for t in row.tests] or ["**none**"],
                [
                    f"- {ref(i)}{'' if proved.get(i) else ' (**not proved**)'}"
                    for i in row.invariants
                ]
                or ["none"],
            ]
            for row in trace.rules
        ),
        widths="14 32 36 18",
        classes="matrix",
    )
    for check in CHECKS:
        found = trace.check(check)
        lines += [f"**{check.capitalize()}:** " + ("none." if not found else ""), ""]
        lines += bullets(inline(problem) for problem in found) if found else []
    return lines


def _ambiguities(ctx: GameContext) -> list[str]:
    lines = heading("Ambiguities", "-")
    if not ctx.spec.ambiguities:
        return [*lines, "None.", ""]
    lines += [
        "The ambiguity log in full is on the :doc:`open questions <open-questions>` page;",
        "here, what an implementation checked against dieproof must select.",
        "",
    ]
    lines += list_table(
        ["Id", "Default reading", "Selected by"],
        (
            [
                ref(a.id),
                lit(a.default),
                lit(a.config) if a.config is not None else "not selectable",
            ]
            for a in ctx.spec.ambiguities
        ),
        widths="20 40 40",
    )
    return lines


def _time(ctx: GameContext, obligation: str) -> str:
    if ctx.times is None:
        return ""
    measured = ctx.times.obligations.get(obligation)
    return seconds(measured) if measured is not None else "not measured"


def _invariants(ctx: GameContext) -> list[str]:
    spec, trace, proofs = ctx.spec, ctx.trace, ctx.proofs
    lines = heading("Invariants and proofs", "-")
    lines += [
        "Each invariant is a z3 formula over the abstract model's variables (a primed name",
        "is the state after a step). A state invariant is proven inductive: it holds",
        "initially and every abstract transition keeps it; a step invariant is proven of",
        "every transition. Only ``PROVED`` passes. The times were measured by ``./dev",
        f"plots`` (``docs/data/{ctx.id}/proof-times.json``), not by this build.",
        "",
    ]
    if not spec.invariants:
        return [*lines, "The specification names no invariant.", ""]
    rows = {row.invariant_id: row for row in trace.invariants}
    for invariant in spec.invariants:
        row = rows[invariant.id]
        lines += [f".. _{invariant.id}:", "", *heading(invariant.id, "~")]
        lines += [
            f".. rules:entry:: {invariant.id}",
            "   :kind: invariant",
            f"   :title: {inline(' '.join(invariant.statement.split())[:80])}",
            f"   :anchor: {invariant.id.lower()}",
            "",
        ]
        lines += [esc(" ".join(invariant.statement.split())), ""]
        lines += field_list(
            [
                ("Kind", f"{invariant.kind} ({_KIND_TEXT[invariant.kind]})"),
                ("Rules", ", ".join(ref(r) for r in invariant.rules)),
                ("Tests", ", ".join(lit(_short_test(t)) for t in row.tests) or "none"),
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
        lines += _obligation_table(ctx, results)
    return lines


def _obligation_table(ctx: GameContext, results: Sequence[ObligationResult]) -> list[str]:
    if not results:
        return ["**No proof obligation establishes it.**", ""]
    lines = list_table(
        ["Obligation", "Verdict", "Time"],
        ([lit(r.id), _verdict(str(r.verdict)), _time(ctx, r.id)] for r in results),
        widths="64 18 18",
    )
    for result in results:
        if result.verdict != "PROVED":
            lines += [f"{lit(result.id)}: {inline(result.detail)}", ""]
            if result.counterexample is not None:
                lines += code_block(result.counterexample.render())
    return lines


def _verdict(verdict: str) -> str:
    return verdict if verdict == "PROVED" else f"**{verdict}**"


def _model(ctx: GameContext) -> list[str]:
    proofs = ctx.proofs
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
        ([lit(n), s, inline(model.descriptions.get(n, ""))] for n, s in model.variables.items()),
        widths="25 10 65",
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
        formula = str(terms.transitions[transition.name])
        lines += details(
            f"{transition.name}: its formula ({len(formula.splitlines())} lines)",
            code_block(formula),
        )

    owned = {i.id for i in model.invariants} | {p.id for p in model.properties}
    overall = [r for r in report.obligations if r.subject not in owned]
    lines += heading("Model-wide obligations", "~")
    lines += _obligation_table(ctx, overall)
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
