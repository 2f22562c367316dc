"""Traceability (DESIGN section 3): every rule implemented and tested, every invariant
proven, every reading reachable from the config, no orphaned id.

The first tests run the checks on every game in ``dieproof.spec``, one test per check and
game, so a failure names both and lists each problem. The rest run the same machinery on
small fixtures and show that each check can fail: an unresolvable name, a rule with no
test, an orphaned marker, an unproven invariant, an unreachable reading.
"""

from __future__ import annotations

import enum
import functools
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec
import pytest

from dieproof.proofs.traceability import (
    ObligationLike,
    ResolveError,
    Traceability,
    accepted_values,
    build,
    matrix,
    orphaned_markers,
    resolve,
    scan_tests,
)
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import Config, Value
from dieproof.spec import GameSpec, load, parse, spec_ids

TESTS = Path(__file__).resolve().parent
FIXTURE = TESTS / "fixtures" / "tiny-game.toml"


# -- every game in the specification ------------------------------------------------------


@functools.cache
def game_matrix(game_id: str) -> Traceability:
    """Built once per game per session: it runs the game's proofs."""
    return matrix(game_id, TESTS)


def report(game_id: str, what: str, problems: tuple[str, ...]) -> str:
    return f"{game_id}: {what}; {len(problems)} problems:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_rule_is_implemented(game_id: str) -> None:
    problems = game_matrix(game_id).unimplemented
    assert not problems, report(game_id, "every implemented_by name must resolve", problems)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_rule_is_tested(game_id: str) -> None:
    problems = game_matrix(game_id).untested
    assert not problems, report(game_id, "every rule needs a marked test", problems)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_invariant_is_proven(game_id: str) -> None:
    problems = game_matrix(game_id).unproven
    assert not problems, report(game_id, "every invariant needs a passing proof", problems)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_reading_is_reachable_from_the_config(game_id: str) -> None:
    problems = game_matrix(game_id).unreachable
    assert not problems, report(game_id, "every reading must be selectable", problems)


@pytest.mark.parametrize("game_id", spec_ids())
def test_no_id_is_orphaned(game_id: str) -> None:
    problems = game_matrix(game_id).orphaned
    assert not problems, report(game_id, "every id in tests and proofs must be specified", problems)


def test_no_marker_names_an_id_outside_every_specification() -> None:
    problems = tuple(orphaned_markers(scan_tests(TESTS), [load(i) for i in spec_ids()]))
    assert not problems, report("tests", "every marked id must be specified", problems)


# -- scan_tests ----------------------------------------------------------------------------

MARKED = """
import pytest
from pytest import mark

pytestmark = pytest.mark.rule("TINY-PLAY-2")
ANOTHER = "TINY-SETUP-1"


@pytest.mark.rule("TINY-SETUP-1", "TINY-PLAY-1")
def test_setup():
    pass


@mark.invariant("TINY-INV-WOOD")
def test_wood():
    pass


def test_plain():
    pass


def helper():
    pass


@pytest.mark.rule("TINY-PLAY-1")
class TestBurn:
    pytestmark = [pytest.mark.invariant("TINY-INV-BURN")]

    def test_one(self):
        pass

    @pytest.mark.rule("TINY-X-9")
    def test_two(self):
        pass


@pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.rule("TINY-SETUP-1"))])
def test_param(n):
    pass


@pytest.mark.rule(ANOTHER)  # not a literal: cannot be read without running the file
def test_dynamic():
    pass
"""

MACHINE = """
import pytest
from hypothesis.stateful import RuleBasedStateMachine, rule


@pytest.mark.rule("TINY-PLAY-1")
class Machine(RuleBasedStateMachine):
    @rule()
    def burn(self):
        pass


class Helper:
    def test_not_marked(self):
        pass
"""


def write_tests(root: Path) -> Path:
    tests = root / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "test_a.py").write_text(textwrap.dedent(MARKED))
    (tests / "sub" / "test_b.py").write_text(textwrap.dedent(MACHINE))
    (tests / "test_unmarked.py").write_text("def test_nothing():\n    pass\n")
    return tests


def test_scan_tests_reads_every_way_of_marking(tmp_path: Path) -> None:
    found = scan_tests(write_tests(tmp_path))
    a = "tests/test_a.py::"
    module_tests = ["setup", "wood", "plain", "param", "dynamic"]
    assert found == {
        "TINY-PLAY-2": sorted(
            [a + f"test_{name}" for name in module_tests]
            + [a + "TestBurn::test_one", a + "TestBurn::test_two"]
        ),
        "TINY-SETUP-1": [a + "test_param", a + "test_setup"],
        "TINY-PLAY-1": [
            "tests/sub/test_b.py::Machine",
            a + "TestBurn::test_one",
            a + "TestBurn::test_two",
            a + "test_setup",
        ],
        "TINY-INV-WOOD": [a + "test_wood"],
        "TINY-INV-BURN": [a + "TestBurn::test_one", a + "TestBurn::test_two"],
        "TINY-X-9": [a + "TestBurn::test_two"],
    }


def test_scan_tests_of_an_empty_folder(tmp_path: Path) -> None:
    assert scan_tests(tmp_path) == {}


# -- resolve -------------------------------------------------------------------------------


def test_resolve_finds_modules_classes_and_methods() -> None:
    import dieproof.spec

    assert resolve("dieproof.spec") is dieproof.spec
    assert resolve("dieproof.spec.GameSpec") is GameSpec
    assert resolve("dieproof.spec.GameSpec.rule_by_id") is GameSpec.rule_by_id
    assert resolve("dieproof.reference.core.errors.RulesError") is not None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("dieproof.spec.no_such_function", "'dieproof.spec' has no attribute 'no_such_function'"),
        ("dieproof.spec.GameSpec.nope", "'dieproof.spec.GameSpec' has no attribute 'nope'"),
        ("no_such_package_for_dieproof.f", "no module 'no_such_package_for_dieproof'"),
        ("dieproof.spec.", "is not a dotted Python name"),
        ("dieproof spec", "is not a dotted Python name"),
    ],
)
def test_resolve_says_which_part_is_missing(name: str, message: str) -> None:
    with pytest.raises(ResolveError, match=message.replace(".", r"\.")):
        resolve(name)


def test_resolve_reports_a_module_that_fails_to_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A module that exists but cannot import must not be mistaken for a missing one
    # (which would silently try a shorter prefix and blame the wrong name).
    (tmp_path / "dieproof_fixture_broken.py").write_text("import dieproof_no_such_dep\n")
    (tmp_path / "dieproof_fixture_raises.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(tmp_path)
    with pytest.raises(ResolveError, match="importing 'dieproof_fixture_broken' failed"):
        resolve("dieproof_fixture_broken.f")
    with pytest.raises(ResolveError, match="RuntimeError"):
        resolve("dieproof_fixture_raises.f")


# -- build: the fixture game -----------------------------------------------------------------


class TinyReadings(Value, frozen=True):
    burn: Literal["before", "after"] = "before"
    """TINY-A1."""


class TinyConfig(Config, frozen=True):
    players: int = 1
    readings: TinyReadings = TinyReadings()


class TinyGame:
    """The fixture game's configs and codec (a ``ConfigSource``)."""

    def __init__(self, default: TinyConfig | None = None, reject: str | None = None) -> None:
        self._default = default or TinyConfig()
        self._reject = reject

    def default_config(self) -> Config:
        return self._default

    def dump_config(self, config: Config) -> str:
        return msgspec.json.encode(config).decode()

    def load_config(self, text: str) -> Config:
        config = msgspec.json.decode(text, type=TinyConfig)
        if config.readings.burn == self._reject:
            raise InvalidConfig("TINY.READING", f"reading {self._reject!r} is not supported")
        return config


@dataclass(frozen=True)
class Obligation:
    id: str
    verdict: str
    subject: str | None


PROVED: tuple[ObligationLike, ...] = (
    Obligation("init-sat", "PROVED", None),
    Obligation("TINY-INV-WOOD/init", "PROVED", "TINY-INV-WOOD"),
    Obligation("TINY-INV-WOOD/consecution/burn", "PROVED", "TINY-INV-WOOD"),
    Obligation("TINY-INV-BURN/property/burn", "PROVED", "TINY-INV-BURN"),
    Obligation("nonvacuous/burn", "PROVED", None),
)
MODEL = {"TINY-INV-WOOD": "state", "TINY-INV-BURN": "step"}
ALL_MARKED = {
    "TINY-SETUP-1": ["tests/test_tiny.py::test_setup"],
    "TINY-PLAY-1": ["tests/test_tiny.py::test_burn"],
    "TINY-PLAY-2": ["tests/test_tiny.py::test_nothing_else"],
}


@functools.cache
def tiny() -> GameSpec:
    return parse(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)


def tiny_matrix(
    *,
    spec: GameSpec | None = None,
    tests: dict[str, list[str]] | None = None,
    source: TinyGame | None = None,
    model: dict[str, str] | None = MODEL,
    obligations: tuple[ObligationLike, ...] = PROVED,
) -> Traceability:
    return build(
        spec or tiny(),
        ALL_MARKED if tests is None else tests,
        source=source or TinyGame(),
        model_ids=model,
        obligations=obligations,
    )


def with_ambiguity(**changes: object) -> GameSpec:
    spec = tiny()
    changed = msgspec.structs.replace(spec.ambiguity[0], **changes)
    return msgspec.structs.replace(spec, ambiguity=(changed, *spec.ambiguity[1:]))


def test_the_fixture_has_only_its_planted_problem() -> None:
    trace = tiny_matrix()
    assert trace.problems == [
        "TINY-PLAY-1: cannot resolve 'dieproof.spec.no_such_function':"
        " 'dieproof.spec' has no attribute 'no_such_function'"
    ]
    rows = {row.rule_id: row for row in trace.rules}
    assert [row.rule_id for row in trace.rules] == ["TINY-SETUP-1", "TINY-PLAY-1", "TINY-PLAY-2"]
    assert rows["TINY-SETUP-1"].implemented
    assert not rows["TINY-PLAY-1"].implemented
    assert [c.ok for c in rows["TINY-PLAY-1"].code] == [True, False]
    assert rows["TINY-PLAY-1"].proved is True
    assert rows["TINY-PLAY-2"].proved is None  # it names no invariant
    assert all(row.proved for row in trace.invariants)


def test_a_rule_without_a_test_is_reported() -> None:
    tests = {k: v for k, v in ALL_MARKED.items() if k != "TINY-PLAY-2"}
    assert tiny_matrix(tests=tests).untested == (
        'TINY-PLAY-2: no test is marked @pytest.mark.rule("TINY-PLAY-2")',
    )


def test_orphaned_markers_and_model_ids_are_reported() -> None:
    tests = {**ALL_MARKED, "TINY-PLAY-9": ["t::a"], "OTHER-X-1": ["t::b"]}
    trace = tiny_matrix(tests=tests, model={**MODEL, "TINY-INV-GHOST": "state"})
    assert trace.orphaned == (
        "TINY-PLAY-9: marked by t::a but not in the tiny-game specification",
        "TINY-INV-GHOST: the proofs model encodes it but the specification has no such invariant",
    )
    # An id with another game's prefix belongs to that game's matrix; across all
    # specifications it is an orphan.
    assert orphaned_markers(tests, [tiny()]) == [
        "TINY-PLAY-9: marked by t::a but defined in no specification",
        "OTHER-X-1: marked by t::b but defined in no specification",
    ]


def test_a_game_without_proofs_proves_nothing() -> None:
    trace = tiny_matrix(model=None, obligations=())
    assert trace.unproven == (
        "TINY-INV-WOOD: the game has no proofs module yet",
        "TINY-INV-BURN: the game has no proofs module yet",
    )
    assert not any(row.proved for row in trace.invariants)
    assert {row.rule_id: row.proved for row in trace.rules}["TINY-SETUP-1"] is False


def test_an_invariant_the_model_lacks_or_misclassifies_is_unproven() -> None:
    missing = tiny_matrix(model={"TINY-INV-WOOD": "state"})
    assert missing.unproven == (
        "TINY-INV-BURN: the proofs model has no invariant or property with this id",
    )
    swapped = tiny_matrix(model={"TINY-INV-WOOD": "step", "TINY-INV-BURN": "step"})
    assert swapped.unproven == (
        "TINY-INV-WOOD: the spec says it is a state invariant but the model encodes it as a"
        " step one",
    )


def test_a_refuted_or_missing_obligation_is_unproven() -> None:
    refuted = (
        *PROVED[:2],
        Obligation("TINY-INV-WOOD/consecution/burn", "REFUTED", "TINY-INV-WOOD"),
    )
    trace = tiny_matrix(obligations=(*refuted, *PROVED[3:]))
    assert trace.unproven == ("TINY-INV-WOOD: TINY-INV-WOOD/consecution/burn is REFUTED",)
    assert {row.invariant_id: row.proved for row in trace.invariants} == {
        "TINY-INV-WOOD": False,
        "TINY-INV-BURN": True,
    }
    unrun = tiny_matrix(obligations=tuple(o for o in PROVED if o.subject != "TINY-INV-BURN"))
    assert unrun.unproven == ("TINY-INV-BURN: no proof obligation establishes it",)


def test_a_failing_model_wide_obligation_discredits_every_proof() -> None:
    vacuous = (*PROVED[:-1], Obligation("nonvacuous/burn", "UNKNOWN", None))
    trace = tiny_matrix(obligations=vacuous)
    assert trace.unproven == (
        "TINY proofs model: nonvacuous/burn is UNKNOWN, so no proof of this model can be trusted",
    )
    assert not any(row.proved for row in trace.invariants)


# -- build: readings against the config ----------------------------------------------------


def test_a_config_field_that_does_not_exist_is_reported() -> None:
    assert tiny_matrix(spec=with_ambiguity(config="readings.burnt")).unreachable == (
        "TINY-A1: config field 'readings.burnt' does not exist: readings (TinyReadings) has"
        " no field 'burnt'",
    )
    assert tiny_matrix(spec=with_ambiguity(config="rules.burn")).unreachable == (
        "TINY-A1: config field 'rules.burn' does not exist: TinyConfig (TinyConfig) has no"
        " field 'rules'",
    )


def test_readings_must_be_exactly_the_values_the_field_accepts() -> None:
    readings = {"before": "burn, then check", "during": "burn while checking"}
    assert tiny_matrix(spec=with_ambiguity(readings=readings)).unreachable == (
        "TINY-A1: reading 'during' is not a value of config field 'readings.burn' (it"
        " accepts 'after', 'before')",
        "TINY-A1: config field 'readings.burn' accepts 'after', which is not a reading in the spec",
    )


def test_the_default_reading_must_be_the_default_config() -> None:
    source = TinyGame(default=TinyConfig(readings=TinyReadings(burn="after")))
    assert tiny_matrix(source=source).unreachable == (
        "TINY-A1: the default reading is 'before' but the default config has"
        " readings.burn = 'after'",
    )


def test_every_reading_must_load() -> None:
    assert tiny_matrix(source=TinyGame(reject="after")).unreachable == (
        "TINY-A1: a config with reading 'after' does not load: reading 'after' is not supported",
    )


def test_a_game_without_a_reference_cannot_select_readings() -> None:
    trace = build(tiny(), ALL_MARKED, source=None, model_ids=MODEL, obligations=PROVED)
    assert trace.unreachable == (
        "tiny-game: no reference implementation is registered, so no reading can be selected",
    )


class Weather(enum.Enum):
    DRY = "dry"
    WET = "wet"


@pytest.mark.parametrize(
    ("annotation", "accepted"),
    [
        (Literal["next", "first"], {"next": "next", "first": "first"}),
        (Literal[1, 2], {"1": 1, "2": 2}),
        (bool, {"true": True, "false": False}),
        (Weather, {"dry": Weather.DRY, "wet": Weather.WET}),
        (str, None),
        (int, None),
    ],
)
def test_accepted_values(annotation: object, accepted: dict[str, object] | None) -> None:
    assert accepted_values(annotation) == accepted
