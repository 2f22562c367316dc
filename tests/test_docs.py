"""The rules reference (DESIGN section 7): the generated game pages hold every rule,
ambiguity and invariant id and a proof verdict per invariant, and build under ``-W``.

The whole site takes several seconds per game to build (the wrong encodings are proven
once each), so ``./dev test`` builds it separately with ``sphinx-build -W``. Here the
page generator is tested directly: on the fixture game (with a tiny z3 model, proved,
refuted or missing), and on every real game's page, each built in a small Sphinx
project with ``-W`` so that any text from a specification that would break the real
build breaks this test first.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest
import z3
from sphinx.cmd.build import build_main

from dieproof.proofs import ModelTerms, prove, refute_wrong
from dieproof.proofs.model import Goal, Model, Named, Property, Transition, Vars, WrongEncoding
from dieproof.proofs.traceability import build, model_kinds, scan_tests
from dieproof.spec import GameSpec, load, parse, spec_ids

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FIXTURE = TESTS / "fixtures" / "tiny-game.toml"
# The extension is a plain module beside the docs (Sphinx loads it from docs/_ext).
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import dieproof_docs  # noqa: E402

VERDICTS = ("PROVED", "REFUTED", "UNKNOWN")


# -- the fixture game and a tiny model of it ---------------------------------------------------


@functools.cache
def tiny() -> GameSpec:
    return parse(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)


def burn(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(v.num("wood") > 0, w.num("wood") == v.num("wood") - 1)


def unguarded_burn(v: Vars, w: Vars) -> z3.BoolRef:
    return w.num("wood") == v.num("wood") - 1


def tiny_model(*, broken: bool) -> Model:
    """The fixture's model; ``broken`` states the wood invariant as ``wood >= 1``, which
    burning the last wood refutes."""
    floor = 1 if broken else 0
    return Model(
        game="tiny-game",
        variables={"wood": "int"},
        init=lambda v: v.num("wood") == 3,
        invariants=(Named("TINY-INV-WOOD", "no negative wood", lambda v: v.num("wood") >= floor),),
        transitions=(Transition("burn", "one wood burns", burn),),
        properties=(
            Property(
                "TINY-INV-BURN", "wood never grows", lambda v, w: w.num("wood") <= v.num("wood")
            ),
        ),
        goals=(Goal("out", "the fire is out", lambda v: v.num("wood") == 0),),
        wrong=(
            WrongEncoding(
                "no-guard",
                "burns wood that is not there",
                lambda m: m.with_transition("burn", unguarded_burn),
            ),
        ),
    )


def tiny_page(variant: str) -> str:
    spec = tiny()
    tests = {"TINY-SETUP-1": ["tests/test_tiny.py::test_setup"]}
    if variant == "missing":
        trace = build(spec, tests, source=None, model_ids=None, obligations=())
        return dieproof_docs.render_game_page(spec, trace, "tiny-game has no proofs module yet.")
    model = tiny_model(broken=variant == "refuted")
    report = prove(model)
    view = dieproof_docs.ProofView(
        model, ModelTerms.build(model), report, tuple(refute_wrong(model))
    )
    trace = build(
        spec, tests, source=None, model_ids=model_kinds(model), obligations=report.obligations
    )
    return dieproof_docs.render_game_page(spec, trace, view)


def section(page: str, label: str) -> str:
    """The text from ``.. _label:`` to the next label."""
    start = page.index(f".. _{label}:")
    following = page.find("\n.. _", start + 1)
    return page[start : following if following != -1 else len(page)]


def assert_complete(spec: GameSpec, page: str) -> None:
    """Every id is a link target, and every invariant shows a proof verdict per
    obligation, or says plainly that it has none."""
    ids = [r.id for r in spec.rules] + [a.id for a in spec.ambiguities]
    for item in ids + [i.id for i in spec.invariants]:
        assert f"\n.. _{item}:\n" in page, f"{item} is not a link target"
    for invariant in spec.invariants:
        text = section(page, invariant.id)
        rows = re.findall(rf"``{re.escape(invariant.id)}/[^`]+``\n     - \**(\w+)", text)
        assert rows or "Not proven" in text or "does not encode" in text, invariant.id
        assert all(verdict in VERDICTS for verdict in rows), (invariant.id, rows)


# -- the fixture pages ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["proved", "refuted", "missing"])
def test_the_fixture_page_has_every_id_and_verdict(variant: str) -> None:
    assert_complete(tiny(), tiny_page(variant))


def test_a_proved_model_shows_its_formulas_and_proofs() -> None:
    page = tiny_page("proved")
    wood = section(page, "TINY-INV-WOOD")
    assert "   wood >= 0\n" in wood
    assert "``TINY-INV-WOOD/consecution/burn``\n     - PROVED" in wood
    burn_property = section(page, "TINY-INV-BURN")
    assert "   wood' <= wood\n" in burn_property
    assert "``TINY-INV-BURN/property/burn``\n     - PROVED" in burn_property
    assert "   And(wood > 0, wood' == wood - 1)\n" in page  # the transition
    assert "``no-guard``" in page
    assert "1 of 1 deliberately wrong encodings refuted" in page


def test_a_refuted_proof_shows_its_counterexample() -> None:
    wood = section(tiny_page("refuted"), "TINY-INV-WOOD")
    assert "``TINY-INV-WOOD/consecution/burn``\n     - **REFUTED**" in wood
    assert ":Proved: **no**" in wood
    assert re.search(r"\*\s+wood\s+1\s+0\n", wood), wood  # the step from 1 wood to 0


def test_a_game_without_a_proofs_module_is_a_sentence_not_an_error() -> None:
    assert dieproof_docs.load_proofs("no-such-game") == (
        "no-such-game has no proofs module yet: none of its invariants is proven."
    )


def test_a_game_without_proofs_says_so() -> None:
    page = tiny_page("missing")
    assert ".. attention::\n\n   tiny-game has no proofs module yet." in page
    assert "Proofs: none yet." in page


def test_the_fixture_page_shows_the_ambiguity_log_and_the_matrix() -> None:
    page = tiny_page("proved")
    a1 = section(page, "TINY-A1")
    assert "``before`` (default)" in a1
    assert ":Selected by: config field ``readings.burn``" in a1
    assert ":Selected by: not selectable" in section(page, "TINY-A2")
    matrix = page[page.index("Traceability matrix") :]
    assert ":ref:`TINY-PLAY-1 <TINY-PLAY-1>`" in matrix
    assert "``dieproof.spec.no_such_function`` (**does not resolve**)" in matrix
    assert "TINY-PLAY-2: no test is marked" in matrix


def test_specification_text_is_escaped() -> None:
    page = tiny_page("proved")
    assert "\nTiny \\*Fire\\* Game\n===" in page
    assert "some wood\\_ and a \\|substitution\\|" in page
    assert "\\.. not a comment, and \\`not a link\\`\\_ either." in page
    assert "- 1\\. one wood burns;" in page  # a numbered step stays one bullet


# -- the real games ------------------------------------------------------------------------


@functools.cache
def game_page(game_id: str) -> str:
    summary = dieproof_docs.summarize(game_id, scan_tests(TESTS), wrong=False)
    return dieproof_docs.render_game_page(summary.spec, summary.trace, summary.proofs)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_game_page_has_every_id_and_verdict(game_id: str) -> None:
    assert_complete(load(game_id), game_page(game_id))


def test_the_cli_reference_shows_every_subcommand() -> None:
    text = dieproof_docs.render_cli()
    assert ".. note::" not in text, text  # the note says why the help is missing
    for command in ("list", "verify", "prove", "check"):
        assert f"``dieproof {command}``" in text
        assert f"usage: dieproof {command}" in text


def test_the_api_reference_covers_every_module() -> None:
    text = dieproof_docs.render_api_modules()
    for module in ("dieproof.spec", "dieproof.reference.core.game", "dieproof.proofs.traceability"):
        assert f".. automodule:: {module}\n" in text


# -- building the pages with -W -----------------------------------------------------------------


def sphinx_build(tmp_path: Path, pages: dict[str, str]) -> str:
    """Build ``pages`` (name -> reStructuredText) with ``-W``; return the warnings."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('project = "t"\nexclude_patterns = ["_build"]\n')
    toctree = "".join(f"   {name}\n" for name in pages)
    (source / "index.rst").write_text(f"Index\n=====\n\n.. toctree::\n\n{toctree}")
    for name, text in pages.items():
        (source / f"{name}.rst").write_text(text, encoding="utf-8")
    warnings = tmp_path / "warnings.txt"
    doctrees, html = tmp_path / "doctrees", tmp_path / "html"
    options = ["-W", "--keep-going", "-q", "-w", str(warnings), "-b", "html", "-d", str(doctrees)]
    status = build_main([*options, str(source), str(html)])
    text = warnings.read_text() if warnings.exists() else ""
    assert status == 0 or text, "sphinx-build failed without a warning"
    return text


@pytest.mark.parametrize("variant", ["proved", "refuted", "missing"])
def test_the_fixture_page_builds_without_warnings(tmp_path: Path, variant: str) -> None:
    assert sphinx_build(tmp_path, {"tiny-game": tiny_page(variant)}) == ""


@pytest.mark.skipif(not spec_ids(), reason="no specification yet")
def test_every_game_page_builds_without_warnings(tmp_path: Path) -> None:
    pages = {game_id: game_page(game_id) for game_id in spec_ids()}
    assert sphinx_build(tmp_path, pages) == ""


def test_write_touches_only_changed_files_and_removes_stale_ones(tmp_path: Path) -> None:
    first = {"generated/a.rst": "A\n", "generated/b.rst": "B\n"}
    assert dieproof_docs.write(tmp_path, first) == ["generated/a.rst", "generated/b.rst"]
    second = {"generated/a.rst": "A\n", "generated/c.rst.inc": "C\n"}
    assert dieproof_docs.write(tmp_path, second) == ["generated/c.rst.inc"]
    assert sorted(p.name for p in (tmp_path / "generated").iterdir()) == ["a.rst", "c.rst.inc"]
