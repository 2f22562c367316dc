"""The mutation page's generated half: the last committed ``./dev mutate`` run, per game.

At ``builder-inited`` it reads the reports in ``docs/mutation/*.json`` (written by
:mod:`dieproof.proofs.mutation`) and writes ``docs/mutation/report.rst.inc`` (git-ignored),
which ``docs/mutation.rst`` includes: for each game, what each check runs, the
score table per rules module and check, the surviving mutants, the mutants named
equivalent with the reason, and every sampled mutant with the checks that killed it.
The reports are data committed beside the docs, not computed at build time (a run takes
most of an hour), so the page says which commit each report measured.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from dieproof.proofs.mutation.checks import CHECKS
from dieproof.proofs.mutation.report import MutantResult, Report, Share, read

INCLUDE = "report.rst.inc"
"""The generated file, in ``docs/mutation/``."""

CHECK_TITLES = {
    "unit": "unit tests",
    "vectors": "vectors",
    "invariants": "invariants",
    "simulate": "simulate",
    "refinement": "refinement",
    "model": "model",
}
"""Column titles of the checks."""


def _share(share: Share) -> str:
    return f"{share.percent:.0f}% ({share.count}/{share.total})"


def _lit(text: str) -> str:
    """``text`` as an inline literal that survives any characters."""
    clean = " ".join(text.split()).replace("`", "'")
    return f"``{clean}``" if clean else "(empty)"


def _table(headers: list[str], rows: list[list[str]], widths: str = "auto") -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [headers, *rows]:
        first, *rest = row
        lines.append(f"   * - {first or ' '}")
        lines.extend(f"     - {cell or ' '}" for cell in rest)
    lines.append("")
    return lines


def _marks(mutant: MutantResult) -> list[str]:
    return ["✓" if mutant.checks[c].killed else "" for c in CHECKS]


def render(report: Report, title: str) -> list[str]:
    """The rst lines of one game's report."""
    lines = [title, "-" * len(title), ""]
    lines += [
        f"{len(report.mutants)} mutants: {report.per_module} sampled from each rules module "
        f"with seed {report.seed}, measured at commit ``{report.commit}`` in "
        f"{max(1, round(report.seconds / 60))} min. The *score* is the share of the "
        "non-equivalent mutants that some check kills; a check's column is the share it "
        "kills by itself; *model* is the part of the refinement check's kills that the z3 "
        "model itself reports (not a crash of the reference), and *model only* counts the "
        "mutants that nothing outside the refinement run catches.",
        "",
    ]
    lines += _table(
        ["check", "what it runs"],
        [[CHECK_TITLES[c], report.checks.get(c, "")] for c in CHECKS],
        "20 80",
    )
    headers = ["module", "points", "mutants", "equivalent", "score"]
    headers += [CHECK_TITLES[c] for c in CHECKS] + ["model only"]
    rows = []
    for sample in report.modules:
        name = sample.module
        every = [m for m in report.mutants if m.module == name]
        rows.append(
            [
                _lit(name),
                str(sample.points),
                str(len(every)),
                str(sum(1 for m in every if m.equivalent is not None)),
                _share(report.score(name)),
                *(_share(report.kills(c, name)) for c in CHECKS),
                str(report.only_model(name)),
            ]
        )
    rows.append(
        [
            "**total**",
            str(sum(s.points for s in report.modules)),
            str(len(report.mutants)),
            str(sum(1 for m in report.mutants if m.equivalent is not None)),
            _share(report.score()),
            *(_share(report.kills(c)) for c in CHECKS),
            str(report.only_model()),
        ]
    )
    lines += _table(headers, rows)
    survivors = report.survivors()
    lines += ["**Surviving mutants**", ""]
    if survivors:
        lines += _table(
            ["mutant", "where", "change"],
            [[_lit(m.id), _where(m), _describe(m)] for m in survivors],
            "30 25 45",
        )
    else:
        lines += ["None: some check kills every non-equivalent mutant.", ""]
    equivalent = [m for m in report.mutants if m.equivalent is not None]
    lines += ["**Equivalent mutants** (named in ``docs/mutation/equivalent.toml``)", ""]
    if equivalent:
        lines += _table(
            ["mutant", "change", "why no input can tell"],
            [[_lit(m.id), _describe(m), m.equivalent or ""] for m in equivalent],
            "25 30 45",
        )
    else:
        lines += ["None in this sample.", ""]
    for problem in report.problems():
        lines += [f".. warning:: {problem}", ""]
    lines += ["**Every sampled mutant**", ""]
    lines += _table(
        ["where", "change", *(CHECK_TITLES[c] for c in CHECKS)],
        [[_where(m), _describe(m), *_marks(m)] for m in report.mutants],
    )
    return lines


def _where(mutant: MutantResult) -> str:
    return _lit(f"{mutant.path.rsplit('/', 1)[-1]}:{mutant.line}")


def _describe(mutant: MutantResult) -> str:
    return f"{_lit(mutant.before)} → {_lit(mutant.after)}"


def render_all(folder: Path) -> str:
    """The include file: every committed report, one section per game."""
    paths = sorted(folder.glob("*.json"))
    lines: list[str] = []
    if not paths:
        lines = ["No mutation report is committed yet: run ``./dev mutate``.", ""]
    for path in paths:
        report = read(path)
        lines += render(report, _title(report.game))
    return "\n".join(lines) + "\n"


def _on_builder_inited(app: Sphinx) -> None:
    folder = Path(app.srcdir) / "mutation"
    out = folder / INCLUDE
    text = render_all(folder)
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def _title(game_id: str) -> str:
    from dieproof.reference import game

    try:
        return game(game_id).title
    except Exception:  # a report of a game no longer registered still renders
        return game_id


def setup(app: Sphinx) -> dict[str, object]:
    """Write the include file before the pages are read."""
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
