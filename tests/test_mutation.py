"""``./dev mutate``: the mutation points, the loading of a mutant, the checks and the report.

The run itself is too slow for the suite (it is not in CI); these tests pin down each
part: that the operators plant exactly one change where they say, never in a docstring,
an annotation or a message; that ids survive edits elsewhere; that a worker process
really runs the mutant; that the checks kill a planted bug and pass the real code; and
that the report's scores are counted right.
"""

from __future__ import annotations

import ast
import importlib
import sys
import textwrap
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from dieproof.proofs.mutation import checks, run, worker
from dieproof.proofs.mutation.operators import mutant_tree, points
from dieproof.proofs.mutation.report import (
    CheckResult,
    ModuleSample,
    MutantResult,
    Report,
    equivalents,
    read,
    write,
)
from dieproof.reference import game_ids

SAMPLE = textwrap.dedent(
    '''
    """A module docstring with 1 < 2."""
    from typing import Final

    CAP: Final = 6
    """The cap: a docstring that mentions 7."""


    def clamp(value: int, low: int = 0) -> int:
        """Clamp ``value`` to [low, CAP]."""
        if value < low:
            return low
        total = value + 1
        total = min(total, CAP)
        total -= 1
        if not value and low >= 0:
            raise ValueError(f"value {value} is not allowed, 3 times")
        for item in range(3):
            if item == 2:
                break
        return total if total > 0 else -total
    '''
)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "sample.py"
    path.write_text(SAMPLE)
    return path


def test_every_operator_finds_its_points(sample: Path) -> None:
    found = points(sample, "pkg.sample")
    operators = Counter(p.operator for p in found)
    for operator in (
        "+1",
        "Lt->LtE",
        "GtE->Gt",
        "Eq->NotEq",
        "Gt->GtE",
        "Add->Sub",
        "Sub->Add",
        "min->max",
        "And->Or",
        "drop-not",
        "drop-minus",
        "negate",
        "delete",
        "break->continue",
    ):
        assert operators[operator], f"no {operator} point in {sorted(operators)}"
    assert [p.index for p in found] == list(range(len(found)))
    assert len({p.id for p in found}) == len(found), "ids repeat"


def test_docstrings_annotations_and_messages_are_never_mutated(sample: Path) -> None:
    found = points(sample, "pkg.sample")
    lines = SAMPLE.splitlines()
    for point in found:
        text = lines[point.line - 1]
        assert '"""' not in text, point
        assert 'f"value' not in point.after or point.operator == "delete", point
    # The annotation ``low: int = 0`` offers the default (0 -> 1), not the annotation.
    assert [p.before for p in found if p.qualname == "clamp" and p.line == 9] == ["0"]


def test_only_a_rebinding_update_or_a_check_is_deleted(sample: Path) -> None:
    deleted = [p.before for p in points(sample, "pkg.sample") if p.operator == "delete"]
    assert "total = min(total, CAP)" in deleted  # rebinds total: a lost update
    assert "total -= 1" in deleted
    assert any(d.startswith("raise ValueError") for d in deleted)
    assert "return low" in deleted  # an early return
    assert "total = value + 1" not in deleted  # the first binding: only a NameError
    assert not any(d.startswith("return total") for d in deleted)  # the last statement


def test_a_mutant_changes_exactly_its_point(sample: Path) -> None:
    original = ast.dump(ast.parse(SAMPLE))
    for point in points(sample, "pkg.sample"):
        tree, applied = mutant_tree(sample, "pkg.sample", point.index)
        assert applied == point
        compile(tree, "sample.py", "exec")
        assert ast.dump(tree) != original, point
        if point.operator not in {"delete", "negate", "drop-not", "drop-minus"}:
            assert point.after in ast.unparse(tree), point


def test_ids_survive_edits_elsewhere(sample: Path, tmp_path: Path) -> None:
    edited = tmp_path / "edited.py"
    edited.write_text("def helper() -> int:\n    return 41 + 1\n\n" + SAMPLE)
    before = {p.id for p in points(sample, "pkg.sample")}
    after = {p.id for p in points(edited, "pkg.sample")}
    assert before < after
    assert len(after - before) == 3  # the helper's +, 41 and 1


def test_the_hook_loads_the_mutant_instead_of_the_file(sample: Path) -> None:
    package = sample.parent / "mutpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    target = package / "sample.py"
    target.write_text(SAMPLE)
    point = next(p for p in points(target, "mutpkg.sample") if p.operator == "min->max")
    tree, _ = mutant_tree(target, "mutpkg.sample", point.index)
    sys.path.insert(0, str(sample.parent))
    finders = list(sys.meta_path)
    try:
        worker.install("mutpkg.sample", target, compile(tree, str(target), "exec"))
        module = importlib.import_module("mutpkg.sample")
        assert module.clamp(10) == 10  # max(11, 6) - 1, where the real clamp gives 5
        assert isinstance(module.__loader__, worker.MutantLoader)
        assert target.read_text() == SAMPLE, "the file was written"
        with pytest.raises(RuntimeError, match="already imported"):
            worker.install("mutpkg.sample", target, compile(tree, str(target), "exec"))
    finally:
        sys.meta_path[:] = finders
        sys.path.remove(str(sample.parent))
        for name in ("mutpkg.sample", "mutpkg"):
            sys.modules.pop(name, None)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_rules_modules_and_a_reproducible_sample(game_id: str) -> None:
    package, prefix, modules = run.rules_modules(game_id)
    assert modules, f"{game_id} has no rules modules"
    assert {Path(p).stem for _, p in modules}.isdisjoint(run.NOT_RULES)
    assert checks.test_files(run.ROOT, package.rsplit(".", 1)[-1], prefix), "no unit tests"
    first = run.plan(game_id, per_module=4, seed=7)
    again = run.plan(game_id, per_module=4, seed=7)
    assert [p.id for _, p in first.mutants] == [p.id for _, p in again.mutants]
    other = run.plan(game_id, per_module=4, seed=8)
    assert [p.id for _, p in first.mutants] != [p.id for _, p in other.mutants]
    for path, point in first.mutants:
        tree, _ = mutant_tree(path, point.module, point.index)
        compile(tree, str(path), "exec")


def _bomb_point() -> tuple[Path, int]:
    """The mutant that makes a Bomb worth three skulls instead of two."""
    _, _, modules = run.rules_modules("squirrel-or-die")
    for name, path in modules:
        lines = path.read_text().splitlines()
        for point in points(path, name):
            if point.operator == "+1" and lines[point.line - 1].startswith("BOMB_SKULLS"):
                return path, point.index
    raise AssertionError("Squirrel or Die no longer defines BOMB_SKULLS in a rules module")


def test_a_worker_process_runs_the_mutant(tmp_path: Path) -> None:
    path, index = _bomb_point()
    target = run.plan("squirrel-or-die", per_module=0, seed=0)
    point = points(path, f"dieproof.reference.squirrel_or_die.{path.stem}")[index]
    code = run.compiled((path, point), tmp_path)
    command = run.worker_command(target, "vectors", (path, point), 600.0, code)
    result = run.run_worker(command, "vectors", 600.0)["vectors"]
    assert result.killed, result.detail
    clean = run.run_worker(run.worker_command(target, "vectors", None, 600.0), "vectors", 600.0)
    assert not clean["vectors"].killed, clean["vectors"].detail


def test_the_checks_pass_the_real_game_and_hide_its_invariants() -> None:
    invariants, simulate = checks.check_play("squirrel-or-die")
    assert not invariants.killed and not simulate.killed, (invariants, simulate)
    refinement, model = checks.check_refinement("squirrel-or-die")
    assert not refinement.killed and not model.killed, refinement.detail


def test_the_play_check_sees_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    from dieproof.reference import game
    from dieproof.reference.core.types import Violation

    g = game("squirrel-or-die")
    broken = (Violation("SOD-INV-PLANTED", "planted"),)
    monkeypatch.setattr(g, "invariants", lambda state: broken)
    invariants, simulate = checks.check_play("squirrel-or-die")
    assert invariants.killed and "SOD-INV-PLANTED" in invariants.detail
    assert not simulate.killed
    # The refinement column is the model's alone: the game's invariants are hidden.
    assert not any(o.killed for o in checks.check_refinement("squirrel-or-die"))


def _mutant(
    name: str, module: str, killers: tuple[str, ...], equivalent: str | None = None
) -> MutantResult:
    results = {c: CheckResult(c in killers, "why", 1.0) for c in checks.CHECKS}
    return MutantResult(
        id=name,
        module=module,
        path=f"reference/g/{module}.py",
        line=1,
        qualname="f",
        operator="+1",
        before="1",
        after="2",
        checks=results,
        equivalent=equivalent,
    )


def _report() -> Report:
    return Report(
        format="dieproof-mutation",
        version=1,
        game="g",
        commit="abc",
        seed=0,
        per_module=3,
        checks={c: c for c in checks.CHECKS},
        baseline={},
        modules=[ModuleSample("a", "a.py", 10, 3), ModuleSample("b", "b.py", 9, 3)],
        mutants=[
            _mutant("a1", "a", ("unit", "refinement", "model")),
            _mutant("a2", "a", ("refinement", "model")),
            _mutant("a3", "a", ()),
            _mutant("b1", "b", ("vectors",)),
            _mutant("b2", "b", (), equivalent="no input tells"),
            _mutant("b3", "b", ("unit",), equivalent="wrongly listed"),
        ],
        seconds=1.0,
    )


def test_scores_leave_the_equivalent_mutants_out() -> None:
    report = _report()
    assert (report.score("a").count, report.score("a").total) == (2, 3)
    assert (report.score("b").count, report.score("b").total) == (1, 1)
    assert (report.score().count, report.score().total) == (3, 4)
    assert (report.kills("refinement").count, report.kills("refinement").total) == (2, 4)
    assert report.only("refinement") == 0
    assert report.only_model() == 1
    assert (report.kills("model").count, report.kills("model").total) == (2, 4)
    assert [m.id for m in report.survivors()] == ["a3"]
    assert report.problems() == ["b3 is listed as equivalent but unit kills it"]
    assert [m.status for m in report.mutants] == [
        "killed",
        "killed",
        "survived",
        "killed",
        "equivalent",
        "equivalent",
    ]
    text = report.render()
    assert "survivors: 1" in text and "a3" in text and "PROBLEM" in text


def test_a_report_round_trips(tmp_path: Path) -> None:
    report = _report()
    write(report, tmp_path / "g.json")
    assert read(tmp_path / "g.json") == report


def test_the_journal_resumes_only_the_same_code(tmp_path: Path) -> None:
    import msgspec

    journal = tmp_path / "g.journal.jsonl"
    result = {"unit": CheckResult(True, "tests/x.py::t", 1.0)}
    lines = [
        msgspec.json.encode({"fingerprint": "abc:1", "id": "m1", "checks": result}),
        msgspec.json.encode({"fingerprint": "old:2", "id": "m2", "checks": result}),
        b'{"fingerprint": "abc:1", "id": "m3", "che',  # a run killed mid-write
    ]
    journal.write_bytes(b"\n".join(lines))
    assert run._journal(journal, "abc:1") == {"m1": result}
    assert run._journal(tmp_path / "absent.jsonl", "abc:1") == {}
    assert run._fingerprint().startswith(run._commit() + ":")


def test_the_equivalent_list_needs_unique_ids_and_reasons(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.toml"
    path.write_text('[[mutant]]\ngame = "g"\nid = "m:f:+1:abc"\nreason = "a cache key only"\n')
    assert equivalents(path, "g") == {"m:f:+1:abc": "a cache key only"}
    path.write_text(path.read_text() * 2)
    with pytest.raises(ValueError, match="twice"):
        equivalents(path, "g")
    path.write_text('[[mutant]]\ngame = "g"\nid = "m:f:+1:abc"\nreason = " "\n')
    with pytest.raises(ValueError, match="reason"):
        equivalents(path, "g")
    path.write_text('[[mutant]]\nid = "m:f:+1:abc"\nreason = "no game named"\n')
    with pytest.raises(msgspec.ValidationError, match="game"):
        equivalents(path, "g")
    assert equivalents(tmp_path / "absent.toml", "g") == {}


def test_an_equivalent_mutant_is_one_games_even_where_the_id_is_shared(tmp_path: Path) -> None:
    # An id names the module, not the game: the same point of two games' base modules
    # is equivalent in one of them only.
    path = tmp_path / "equivalent.toml"
    path.write_text(
        '[[mutant]]\ngame = "g"\nid = "base:catalog:+1:e78899"\nreason = "divided out"\n'
        '[[mutant]]\ngame = "h"\nid = "base:catalog:+1:e78899"\nreason = "also here"\n'
    )
    assert equivalents(path, "g") == {"base:catalog:+1:e78899": "divided out"}
    assert equivalents(path, "h") == {"base:catalog:+1:e78899": "also here"}
    assert equivalents(path, "other") == {}


def test_the_committed_reports_and_equivalent_list_read() -> None:
    folder = run.ROOT / "docs" / "mutation"
    for path in sorted(folder.glob("*.json")):
        report = read(path)
        assert report.game in game_ids()
        known = equivalents(folder / "equivalent.toml", report.game)
        assert not report.problems(), report.problems()
        for mutant in report.mutants:
            assert set(mutant.checks) == set(checks.CHECKS)
            assert mutant.equivalent == known.get(mutant.id)


def test_the_docs_page_renders_a_report_and_builds_without_warnings(tmp_path: Path) -> None:
    from sphinx.cmd.build import build_main

    sys.path.insert(0, str(run.ROOT / "docs" / "_ext"))
    try:
        import mutation_docs
    finally:
        sys.path.remove(str(run.ROOT / "docs" / "_ext"))
    folder = tmp_path / "src" / "mutation"
    folder.mkdir(parents=True)
    write(_report(), folder / "g.json")
    text = mutation_docs.render_all(folder)
    assert "**Surviving mutants**" in text and "``a3``" in text
    assert "no input tells" in text and "50% (2/4)" in text  # the model's kill rate
    assert "listed as equivalent but unit kills it" in text
    (folder / mutation_docs.INCLUDE).write_text(text)
    source = tmp_path / "src"
    (source / "conf.py").write_text('project = "t"\nexclude_patterns = ["**/*.rst.inc"]\n')
    (source / "index.rst").write_text(
        "Index\n=====\n\n.. include:: mutation/" + mutation_docs.INCLUDE + "\n"
    )
    warnings = tmp_path / "warnings.txt"
    options = ["-W", "--keep-going", "-q", "-w", str(warnings), "-b", "html"]
    status = build_main([*options, str(source), str(tmp_path / "html")])
    assert status == 0, warnings.read_text()


def test_a_partial_run_writes_no_report_unless_told_where(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checking one mutant (``--mutant ID --job unit``) once overwrote the committed
    report with a one-mutant one; a partial run now writes only to an ``--out`` it is
    given, and a whole run still writes docs/mutation/GAME.json."""
    written: list[Path] = []
    monkeypatch.setattr(run, "mutate", lambda game_id, **_: _report())
    monkeypatch.setattr(run, "write", lambda report, path: written.append(path))
    game_id = sorted(game_ids())[0]
    assert run.main([game_id, "--mutant", "a1", "--job", "unit"]) == 0
    assert written == []
    assert "no report written" in capsys.readouterr().err
    assert run.main([game_id, "--module", "rules", "--out", str(tmp_path)]) == 0
    assert written == [tmp_path / f"{game_id}.json"]
    monkeypatch.setattr(Path, "mkdir", lambda *_, **__: None)
    assert run.main([game_id]) == 0
    assert written[-1] == run.COMMITTED / f"{game_id}.json"
