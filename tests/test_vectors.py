"""Conformance vectors and JSON Schemas (the oracle, DESIGN section 5).

The committed set under ``spec/vectors/`` must be exactly what ``dieproof vectors``
writes (under any hash seed), every case must replay through the reference and the
trace checker, validate against its schema, and a tampered case must fail the check.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from jsonschema import Draft202012Validator

from dieproof.reference import game, games
from dieproof.reference.core import CHANCE, TERMINAL, Game, State
from dieproof.reference.core.examples import Fact, fact_holds, resolve_pointer
from dieproof.reference.core.trace import Expect, header_line, step_line, write_trace
from dieproof.reference.core.types import JSON
from dieproof.reference.oracle import check_trace, vectors
from dieproof.reference.oracle.observe import chance_json, parse_probability, probability_json
from dieproof.reference.oracle.schemas import KIND_NAMES, schemas
from dieproof.spec import load

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "spec" / "vectors"
GAME_IDS = [g.id for g in games()]


def committed_cases(game_id: str) -> list[dict[str, JSON]]:
    return [vectors.read(path) for path in vectors.case_files(COMMITTED / game_id)]


def states(g: Game, seeds: int = 2) -> Iterator[State]:
    """Every state of a few seeded random games of every configuration."""
    from dieproof.reference.core import driver

    for config in g.configs():
        for seed in range(seeds):
            state = g.initial_state(config)
            yield state
            for action in driver.play(g, config, seed).actions:
                state = g.apply(state, action)
                yield state


# -- the committed set ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["0", "12345"])
def test_vectors_regenerate_byte_for_byte(tmp_path: Path, seed: str) -> None:
    out = tmp_path / "vectors"
    env = {**os.environ, "PYTHONHASHSEED": seed}
    completed = subprocess.run(
        [sys.executable, "-m", "dieproof.reference.cli", "vectors", "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    fresh = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.json"))}
    kept = {p.relative_to(COMMITTED): p.read_bytes() for p in sorted(COMMITTED.rglob("*.json"))}
    assert sorted(fresh) == sorted(kept), "run `./dev run vectors --out spec/vectors`"
    changed = [str(path) for path in fresh if fresh[path] != kept[path]]
    assert not changed, f"regenerate spec/vectors: {changed[:5]}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_committed_vectors_of_every_kind(game_id: str) -> None:
    kinds = {case["kind"] for case in committed_cases(game_id)}
    assert {"random", "rejection"} <= kinds
    g = game(game_id)
    if g.examples():
        assert "example" in kinds


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_committed_set_stays_modest(game_id: str) -> None:
    total = sum(path.stat().st_size for path in (COMMITTED / game_id).rglob("*.json"))
    assert total < 600_000


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_committed_case_replays_through_the_reference(game_id: str) -> None:
    paths = vectors.case_files(COMMITTED / game_id)
    reports = vectors.check_paths(paths, game)
    assert reports
    assert [r.problem for r in reports if not r.ok] == []


def test_the_check_command_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    from dieproof.reference.cli import main

    assert main(["vectors", "--check", str(COMMITTED), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["cases"] >= 60


def case_trace(case: dict[str, JSON]) -> list[str]:
    """A vector case as a trace with expectations, for the trace checker."""
    g = game(str(case["game"]))
    config = g.load_config(json.dumps(case["config"]))
    lines = [header_line(g, config, "test")]
    steps = case["steps"]
    assert isinstance(steps, list)
    for step in steps:
        assert isinstance(step, dict)
        error = step.get("error")
        post = step.get("post")
        expect = Expect()
        if isinstance(error, dict):
            expect = Expect(error=str(error["code"]))
        elif isinstance(post, dict):
            expect = Expect(
                state_sha256=post.get("state_sha256"),  # type: ignore[arg-type]
                result=_raw(post.get("result")),
            )
        action = step["action"]
        try:
            lines.append(step_line(g, g.load_action(json.dumps(action)), expect))
        except Exception:
            lines.append(json.dumps({"action": action, "expect": {"error": expect.error}}))
    return lines


def _raw(value: JSON) -> msgspec.Raw:
    return msgspec.Raw(json.dumps(value).encode())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_committed_case_replays_through_the_trace_checker(game_id: str) -> None:
    for case in committed_cases(game_id):
        initial = case["initial"]
        if isinstance(initial, dict) and "error" in initial:
            continue
        if "position" in case:
            continue  # a trace starts at the initial state; these cases start elsewhere
        report = check_trace(case_trace(case))
        assert report.ok, f"{case['name']}: {report.render()}"


# -- the schemas ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_schemas_are_valid_and_cover_every_kind(game_id: str) -> None:
    found = schemas(game(game_id))
    assert tuple(found) == KIND_NAMES
    for document in found.values():
        Draft202012Validator.check_schema(document)
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_real_values_validate(game_id: str) -> None:
    g = game(game_id)
    found = {kind: Draft202012Validator(doc) for kind, doc in schemas(g).items()}
    for config in g.configs():
        found["config"].validate(json.loads(g.dump_config(config)))
    # Each distinct action and outcome is validated once: the same trade or die face is
    # listed at thousands of nodes, and its JSON is the same every time.
    seen: set[str] = set()
    for state in states(g, seeds=1):
        found["state"].validate(json.loads(g.dump_state(state)))
        mover = g.to_move(state)
        if mover == CHANCE:
            for outcome in chance_json(g, g.chance_outcomes(state)):
                if (key := json.dumps(outcome, sort_keys=True)) not in seen:
                    seen.add(key)
                    found["outcome"].validate(outcome)
        elif mover != TERMINAL:
            for action in g.legal_actions(state):
                if (text := g.dump_action(action)) not in seen:
                    seen.add(text)
                    found["action"].validate(json.loads(text))
        else:
            result = g.result(state)
            assert result is not None
            found["result"].validate(json.loads(json.dumps(_plain(result))))


def _plain(value: object) -> JSON:
    decoded: JSON = msgspec.json.decode(msgspec.json.encode(value))
    return decoded


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_traces_and_vectors_validate(game_id: str) -> None:
    import io

    from dieproof.reference.core import driver

    g = game(game_id)
    validators = {kind: Draft202012Validator(doc) for kind, doc in schemas(g).items()}
    config = g.default_config()
    out = io.StringIO()
    write_trace(out, g, config, driver.play(g, config, 1).actions, generator="test")
    for line in out.getvalue().splitlines():
        validators["trace"].validate(json.loads(line))
    state = g.initial_state(config)
    expect = Expect(state_sha256="0" * 64, error="X.Y")
    first = (
        g.chance_outcomes(state)[0][0] if g.to_move(state) == CHANCE else g.legal_actions(state)[0]
    )
    validators["trace"].validate(json.loads(step_line(g, first, expect)))
    for case in committed_cases(game_id):
        validators["vector"].validate(case)


def test_a_broken_case_does_not_validate() -> None:
    g = game("squirrel-or-die")
    validator = Draft202012Validator(schemas(g)["vector"])
    case = committed_cases(g.id)[0]
    for breaking in (
        lambda c: c.pop("_info"),
        lambda c: c.update(format="other"),
        lambda c: c["steps"].append({"action": {"type": "draw", "tile": "food"}}),
        lambda c: c.update(name="Bad Name"),
    ):
        broken = copy.deepcopy(case)
        breaking(broken)  # type: ignore[no-untyped-call]
        assert not validator.is_valid(broken)


# -- the checker catches tampering -----------------------------------------------------------


def first_case(kind: str, with_steps: bool = True) -> dict[str, JSON]:
    for case in committed_cases("squirrel-or-die"):
        if case["kind"] == kind and bool(case["steps"]) == with_steps:
            return copy.deepcopy(case)
    raise AssertionError(kind)


def resealed(case: dict[str, JSON]) -> dict[str, JSON]:
    info = case["_info"]
    assert isinstance(info, dict)
    info["sha256"] = vectors.case_sha256(case)
    return case


def check(case: dict[str, JSON]) -> vectors.CaseReport:
    return vectors.check_case(case, game)


def test_a_wrong_sha256_in_info_fails() -> None:
    case = first_case("random")
    case["title"] = "changed"
    assert "sha256" in str(check(case).problem)


def test_a_wrong_state_digest_fails() -> None:
    case = first_case("random")
    steps = case["steps"]
    assert isinstance(steps, list) and isinstance(steps[3], dict)
    post = steps[3]["post"]
    assert isinstance(post, dict)
    post["state_sha256"] = "0" * 64
    report = check(resealed(case))
    assert not report.ok and report.steps == 3
    assert "state_sha256" in str(report.problem)


def test_a_wrong_legal_list_fails() -> None:
    case = first_case("random")
    steps = case["steps"]
    assert isinstance(steps, list)
    for step in steps:
        assert isinstance(step, dict)
        post = step["post"]
        assert isinstance(post, dict)
        if "legal_count" in post:
            post["legal_count"] = 1 + int(str(post["legal_count"]))
            break
    assert "legal_count" in str(check(resealed(case)).problem)


def test_a_rejection_that_is_accepted_or_coded_wrong_fails() -> None:
    case = first_case("rejection")
    steps = case["steps"]
    assert isinstance(steps, list) and isinstance(steps[-1], dict)
    error = steps[-1]["error"]
    assert isinstance(error, dict)
    error["code"] = "SOD.SOMETHING_ELSE"
    assert "expected error" in str(check(resealed(case)).problem)
    case = first_case("random")
    steps = case["steps"]
    assert isinstance(steps, list) and isinstance(steps[0], dict)
    steps[0]["error"] = {"code": "SOD.NOT_IN_BAG", "rule": "SOD-AUTUMN-1"}
    del steps[0]["post"]
    assert "must be rejected" in str(check(resealed(case)).problem)


def test_a_false_fact_fails() -> None:
    case = first_case("example")
    facts = case["facts"]
    assert isinstance(facts, list) and isinstance(facts[0], dict)
    facts[0]["value"] = "not what the reference says"
    assert "fact" in str(check(resealed(case)).problem)


def test_a_config_rejection_case() -> None:
    case = first_case("rejection", with_steps=False)
    initial = case["initial"]
    assert isinstance(initial, dict) and "error" in initial
    assert check(case).ok
    case["config"] = game("squirrel-or-die").dump_config(game("squirrel-or-die").default_config())
    case["config"] = json.loads(str(case["config"]))
    assert "must be refused" in str(check(resealed(case)).problem)


def test_an_unreadable_file_is_a_failed_report(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("[1, 2", encoding="utf-8")
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    reports = vectors.check_paths(vectors.case_files(tmp_path), game)
    assert [r.ok for r in reports] == [False, False]


# -- generation ----------------------------------------------------------------------------


def raised_codes(game_id: str) -> set[str]:
    """The error codes written in the game's reference package (its rules, its config
    checks), less the referee's state codes and the position builder's (which refuse
    descriptions, not actions or configurations)."""
    g = game(game_id)
    folder = ROOT / "reference" / game_id.replace("-", "_")
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for path in folder.glob("*.py")
        if path.name != "position.py"
    )
    codes = set(re.findall(rf'"({g.prefix}\.[A-Z_]+)"', source))
    return codes - {f"{g.prefix}.STATE_INVALID"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_rejection_per_error_code_the_rules_raise(game_id: str) -> None:
    g = game(game_id)
    raised = raised_codes(game_id)
    assert len(raised) >= 5, raised  # the scan finds the game's codes
    found = {
        str(case["name"]).removeprefix("rejection/")
        for case in committed_cases(game_id)
        if case["kind"] == "rejection"
    }
    prefix = g.prefix.lower() + "-"
    for code in sorted(raised):
        name = prefix + code.removeprefix(g.prefix + ".").lower().replace("_", "-")
        assert name in found or f"config-{name}" in found, code
    assert {prefix + "action-json", f"config-{prefix}config-json"} <= found
    for case in committed_cases(game_id):
        if case["kind"] != "rejection":
            continue
        steps = case["steps"]
        initial = case["initial"]
        assert isinstance(steps, list) and isinstance(initial, dict)
        last = steps[-1] if steps else initial
        assert isinstance(last, dict) and "error" in last, case["name"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_cases_with_readings_and_more_seeds(game_id: str) -> None:
    g = game(game_id)
    cases = vectors.random_cases(g, seeds=2, readings=True)
    assert len(cases) >= 2 * len(g.configs())
    assert all(vectors.check_case(c, game).ok for c in cases)


def test_reading_configs_follow_the_specification() -> None:
    g = game("squirrel-or-die")
    selectable = [a for a in load(g.id).ambiguities if a.config is not None]
    labels = [label for label, _ in vectors.reading_configs(g)]
    assert len(labels) == sum(len(a.readings) - 1 for a in selectable)


def test_the_render_parses_back_to_the_case() -> None:
    for case in committed_cases("squirrel-or-die")[:5]:
        assert json.loads(vectors.render(case)) == case


def test_duplicate_names_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    g = game("squirrel-or-die")
    example = g.examples()[0]
    monkeypatch.setattr(g, "examples", lambda: (example, example))
    with pytest.raises(ValueError, match="duplicate"):
        vectors.generate(g, kinds=("example",))


# -- worked examples and facts ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_worked_example_holds(game_id: str) -> None:
    g = game(game_id)
    names = [example.name for example in g.examples()]
    assert len(names) == len(set(names))
    spec_rules = {rule.id for rule in load(game_id).rules}
    for example in g.examples():
        assert set(example.rules) <= spec_rules, example.name
        report = vectors.check_case(vectors.example_case(g, example), game)
        assert report.ok, f"{example.name}: {report.problem}"


def test_fact_pointers() -> None:
    document: JSON = {"a": [1, {"b/c": True, "d~e": None}], "n": 0}
    assert resolve_pointer(document, "") == document
    assert resolve_pointer(document, "/a/1/b~1c") is True
    assert resolve_pointer(document, "/a/1/d~0e") is None
    for bad in ("a", "/x", "/a/2", "/a/01", "/n/0", "/a/-"):
        with pytest.raises(LookupError):
            resolve_pointer(document, bad)
    assert fact_holds(Fact(0, "state", "/n", 0, "zero"), document) == (True, 0)
    assert fact_holds(Fact(0, "state", "/n", False, "not false"), document)[0] is False
    assert fact_holds(Fact(0, "state", "/a", 2, "two", length=True), document) == (True, 2)
    assert fact_holds(Fact(0, "state", "/n", 1, "no length", length=True), document)[0] is False
    assert fact_holds(Fact(0, "state", "/zz", 1, "missing"), document)[0] is False


def test_probabilities_are_exact_strings() -> None:
    from fractions import Fraction

    assert probability_json(Fraction(1)) == "1/1"
    assert probability_json(Fraction(10, 25)) == "2/5"
    assert parse_probability("2/5") == Fraction(2, 5)
    assert parse_probability("4/10") == Fraction(2, 5)
    for bad in ("1", "1/0", "-1/2", "a/b", "1/2/3", "١/٢"):
        assert parse_probability(bad) is None


# -- the game hooks the oracle relies on -------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_step_rules_name_rules_of_the_specification(game_id: str) -> None:
    g = game(game_id)
    known = {rule.id for rule in load(game_id).rules}
    from dieproof.reference.core import driver

    for config in g.configs():
        state = g.initial_state(config)
        for action in driver.play(g, config, 3).actions:
            after = g.apply(state, action)
            named = g.step_rules(state, action, after)
            assert set(named) <= known, named
            state = after


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_reachable_state_passes_check_state(game_id: str) -> None:
    g = game(game_id)
    for state in states(g):
        g.check_state(state)


def test_hostile_states_are_refused() -> None:
    from dieproof.reference.core.errors import InvalidState

    g = game("squirrel-or-die")
    state = json.loads(g.dump_state(g.initial_state(g.default_config())))
    edits = [
        ("current", 9),
        ("current", -1),
        ("last_autumn", 7),
        ("step", "flip"),
        ("phase", "over"),
        ("held", "cat"),
        ("hands", []),
        ("out", [True, True, True, True]),
        ("bag", {"food": -1}),
    ]
    for name, value in edits:
        hostile = {**state, name: value}
        with pytest.raises(InvalidState) as caught:
            g.check_state(g.load_state(json.dumps(hostile)))
        assert caught.value.code.startswith("SOD.STATE_"), (name, caught.value)
