"""Tests of the proof runner (dieproof.proofs): obligations, the term compiler, goal
witnesses, the refinement driver and verify, on toy models small enough to check by hand.

Every check here is also shown to fail: a wrong cap is refuted with the expected
counterexample, a vacuous transition is caught, an unreachable goal's witness fails,
an unknown answer fails, and a broken fake game fails the refinement check.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from fractions import Fraction

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from dieproof.proofs import core
from dieproof.proofs.compile import CompiledModel, CompileError, compile_formula, compile_relation
from dieproof.proofs.core import (
    GameProofs,
    Goal,
    Model,
    ModelError,
    Named,
    Property,
    Transition,
    Vars,
    Verdict,
    WrongEncoding,
    check_witness,
    proof_game_ids,
    proofs_for,
    prove,
    refine,
    refute_wrong,
    register_proofs,
    verify_game,
)
from dieproof.proofs.model import Abstract, ModelTerms, Relation
from dieproof.proofs.obligations import _prove, _Runner
from dieproof.reference.core.errors import IllegalAction
from dieproof.reference.core.game import GameBase, Rules
from dieproof.reference.core.types import (
    CHANCE,
    TERMINAL,
    Action,
    Config,
    Result,
    State,
    Violation,
)

# -- a counter with a cap of 5 ------------------------------------------------------------

CAP = 5


def _range(v: Vars) -> z3.BoolRef:
    return z3.And(v.num("c") >= 0, v.num("c") <= CAP)


def _inc(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(v.num("c") < CAP, w.num("c") == v.num("c") + 1)


def _inc_wrong_cap(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(v.num("c") <= CAP, w.num("c") == v.num("c") + 1)


def _reset(v: Vars, w: Vars) -> z3.BoolRef:
    return w.num("c") == 0


def counter(**changes: object) -> Model:
    """init c = 0; inc: c < 5 and c' = c + 1; reset: c' = 0; 0 <= c <= 5; c' <= c + 1."""
    model = Model(
        game="counter",
        variables={"c": "int"},
        init=lambda v: v.num("c") == 0,
        invariants=(Named("CTR-INV-RANGE", "0 <= c <= 5", _range),),
        transitions=(
            Transition("inc", "add one below the cap", _inc),
            Transition("reset", "", _reset),
        ),
        properties=(
            Property(
                "CTR-PROP-STEP", "c grows by one at most", lambda v, w: w.num("c") <= v.num("c") + 1
            ),
        ),
        goals=(Goal("two", "c reaches 2", lambda v: v.num("c") == 2),),
    )
    return dataclasses.replace(model, **changes)  # type: ignore[arg-type]


COUNTER_IDS = [
    "init-sat",
    "invariants-sat",
    "CTR-INV-RANGE/init",
    "CTR-INV-RANGE/consecution/inc",
    "CTR-INV-RANGE/consecution/reset",
    "CTR-PROP-STEP/property/inc",
    "CTR-PROP-STEP/property/reset",
    "nonvacuous/inc",
    "nonvacuous/reset",
    "goal-sat/two",
]


def test_counter_model_proves_every_obligation() -> None:
    report = prove(counter())
    assert [o.id for o in report.obligations] == COUNTER_IDS
    assert all(o.verdict is Verdict.PROVED for o in report.obligations), report.render()
    assert report.ok
    assert report.result("CTR-INV-RANGE/consecution/inc").transition == "inc"
    assert report.counts() == {"PROVED": len(COUNTER_IDS), "REFUTED": 0, "UNKNOWN": 0}
    assert "10 PROVED" in report.render()
    json.dumps(report.to_json())


def test_a_wrong_cap_is_refuted_with_the_counterexample_5_to_6() -> None:
    model = counter().with_transition("inc", _inc_wrong_cap)
    report = prove(model)
    assert not report.ok
    refuted = report.result("CTR-INV-RANGE/consecution/inc")
    assert refuted.verdict is Verdict.REFUTED
    assert [f.id for f in report.failures] == ["CTR-INV-RANGE/consecution/inc"]
    cex = refuted.counterexample
    assert cex is not None
    assert cex.before == {"c": 5}
    assert cex.after == {"c": 6}
    assert cex.changed == ("c",)
    lines = cex.render().splitlines()
    assert lines[-1].split() == ["*", "c", "5", "6"]
    assert "REFUTED CTR-INV-RANGE/consecution/inc" in report.render(only_failures=True)
    assert json.loads(json.dumps(refuted.to_json()))["counterexample"]["after"] == {"c": 6}


def test_a_property_is_refuted_by_a_step_that_breaks_it() -> None:
    model = counter(
        transitions=(
            Transition(
                "jump", "", lambda v, w: z3.And(v.num("c") < 4, w.num("c") == v.num("c") + 2)
            ),
        )
    )
    refuted = prove(model).result("CTR-PROP-STEP/property/jump")
    assert refuted.verdict is Verdict.REFUTED
    assert refuted.counterexample is not None
    before, after = refuted.counterexample.before, refuted.counterexample.after
    assert after is not None
    assert after["c"] == before["c"] + 2


def test_obligations_sharing_assumptions_share_a_solver_with_fresh_verdicts() -> None:
    """The consecution and property obligations of one transition assume the same
    formulas and are checked on one solver, each claim in its own scope: a claim left
    behind would make every later check of the transition unsatisfiable, so a refuted
    property after a proved consecution (jump) and a refuted consecution before a proved
    property (the wrong cap) both show that each scope is popped. Every verdict equals a
    fresh solver's."""
    jump = Transition("jump", "", lambda v, w: z3.And(v.num("c") < 4, w.num("c") == v.num("c") + 2))
    for model in (
        counter(transitions=(*counter().transitions, jump)),
        counter().with_transition("inc", _inc_wrong_cap),
    ):
        terms = ModelTerms.of(model)
        runner = _Runner(10_000)
        report = _prove(terms, runner, 0.0)
        assert len(runner._shared) == len(model.transitions) + 1  # one more: init's
        for result in report.obligations:
            if result.kind not in ("init", "consecution", "property"):
                continue
            fresh = z3.SimpleSolver()  # type: ignore[attr-defined]
            name = result.transition
            if name is None:
                fresh.add(terms.background, terms.init)
            else:
                fresh.add(
                    terms.background,
                    terms.background_next,
                    *terms.invariants.values(),
                    terms.transitions[name],
                )
            claim = (
                terms.properties[str(result.subject)]
                if result.kind == "property"
                else (terms.invariants if name is None else terms.invariants_next)[
                    str(result.subject)
                ]
            )
            fresh.add(z3.Not(claim))
            expected = Verdict.PROVED if fresh.check() == z3.unsat else Verdict.REFUTED
            assert result.verdict is expected, result.id
    wrong = prove(counter().with_transition("inc", _inc_wrong_cap))
    assert wrong.result("CTR-INV-RANGE/consecution/inc").verdict is Verdict.REFUTED
    assert wrong.result("CTR-PROP-STEP/property/inc").verdict is Verdict.PROVED
    jumped = prove(counter(transitions=(*counter().transitions, jump)))
    assert jumped.result("CTR-INV-RANGE/consecution/jump").verdict is Verdict.PROVED
    assert jumped.result("CTR-PROP-STEP/property/jump").verdict is Verdict.REFUTED


def test_an_unsatisfiable_init_is_caught() -> None:
    report = prove(counter(init=lambda v: z3.And(v.num("c") == 0, v.num("c") == 1)))
    init_sat = report.result("init-sat")
    assert init_sat.verdict is Verdict.REFUTED
    assert "init" in init_sat.detail
    # ... while init => INV holds vacuously: why init-sat exists.
    assert report.result("CTR-INV-RANGE/init").verdict is Verdict.PROVED


def test_contradictory_invariants_are_caught_by_the_nonvacuity_checks() -> None:
    contradictory = (
        Named("CTR-INV-LOW", "", lambda v: v.num("c") <= 2),
        Named("CTR-INV-HIGH", "", lambda v: v.num("c") >= 3),
    )
    report = prove(counter(invariants=contradictory))
    # Consecution holds vacuously under contradictory invariants ...
    assert report.result("CTR-INV-LOW/consecution/inc").verdict is Verdict.PROVED
    # ... which the satisfiability checks expose, naming the conflict.
    both = report.result("invariants-sat")
    assert both.verdict is Verdict.REFUTED
    assert "invariant:CTR-INV-LOW" in both.detail
    assert "invariant:CTR-INV-HIGH" in both.detail
    assert report.result("nonvacuous/inc").verdict is Verdict.REFUTED
    assert report.result("nonvacuous/reset").verdict is Verdict.REFUTED
    assert not report.ok


def test_a_transition_whose_guard_contradicts_the_invariants_is_vacuous() -> None:
    never = Transition("overflow", "", lambda v, w: z3.And(v.num("c") > CAP, w.num("c") == 0))
    report = prove(counter(transitions=(*counter().transitions, never)))
    vacuous = report.result("nonvacuous/overflow")
    assert vacuous.verdict is Verdict.REFUTED
    assert "transition:overflow" in vacuous.detail
    assert [f.id for f in report.failures] == ["nonvacuous/overflow"]


def test_an_unreachable_goal_fails_its_satisfiability_check() -> None:
    report = prove(counter(goals=(Goal("seven", "", lambda v: v.num("c") == 7),)))
    assert report.result("goal-sat/seven").verdict is Verdict.REFUTED


def test_unknown_from_a_timeout_is_a_failure() -> None:
    # x^3 + y^3 = z^3 has no positive solution (Fermat, n = 3), which z3 cannot prove.
    def no_cubes(v: Vars) -> z3.BoolRef:
        x, y, z = v.num("x"), v.num("y"), v.num("z")
        return z3.Not(z3.And(x > 0, y > 0, z > 0, x * x * x + y * y * y == z * z * z))

    model = Model(
        game="fermat",
        variables={"x": "int", "y": "int", "z": "int"},
        init=lambda v: z3.And(v.num("x") == 0, v.num("y") == 0, v.num("z") == 0),
        invariants=(Named("FERMAT-3", "", no_cubes),),
        transitions=(Transition("any", "", lambda v, w: z3.BoolVal(True)),),
    )
    report = prove(model, timeout_ms=50)
    unknown = report.result("FERMAT-3/consecution/any")
    assert unknown.verdict is Verdict.UNKNOWN
    assert not unknown.ok
    assert "gave up" in unknown.detail
    assert not report.ok
    # On a loaded machine other obligations may hit the 50 ms timeout too: the summary
    # counts every UNKNOWN, and the test must not depend on how many there are.
    unknowns = report.counts()["UNKNOWN"]
    assert unknowns >= 1
    assert f"{unknowns} UNKNOWN" in report.summary()


def test_unknown_never_passes_a_satisfiability_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(z3.Solver, "check", lambda self, *assumptions: z3.unknown)
    report = prove(counter())
    assert {o.verdict for o in report.obligations} == {Verdict.UNKNOWN}
    assert not report.ok


def test_a_positive_timeout_is_required() -> None:
    with pytest.raises(ValueError, match="timeout"):
        prove(counter(), timeout_ms=0)


# -- wrong encodings ------------------------------------------------------------------------


def test_refute_wrong_reports_what_caught_each_encoding() -> None:
    same_reset = WrongEncoding(
        "reset-rewritten",
        "equivalent to the right model",
        lambda m: m.with_transition("reset", _reset),
    )
    model = counter(
        wrong=(
            WrongEncoding(
                "cap-6",
                "inc's guard allows c = 5",
                lambda m: m.with_transition("inc", _inc_wrong_cap),
            ),
            same_reset,
        )
    )
    cap, same = refute_wrong(model)
    assert cap.caught
    assert cap.caught_by == "obligation CTR-INV-RANGE/consecution/inc"
    assert cap.counterexample is not None
    assert (cap.counterexample.before, cap.counterexample.after) == ({"c": 5}, {"c": 6})
    assert not same.caught
    assert same.refuted_by == ()
    assert "NOT CAUGHT" in same.render()
    json.dumps([cap.to_json(), same.to_json()])

    extra = refute_wrong(model, extra_checks=lambda mutated: "a witness")
    assert extra[1].caught
    assert extra[1].caught_by == "a witness"


def test_refute_wrong_solves_only_the_obligations_a_mutation_changes() -> None:
    model = counter(
        wrong=(WrongEncoding("cap-6", "", lambda m: m.with_transition("inc", _inc_wrong_cap)),)
    )
    (cap,) = refute_wrong(model)
    assert cap.report is not None
    solved = {o.id for o in cap.report.obligations if o.seconds > 0}
    assert solved == {
        "CTR-INV-RANGE/consecution/inc",
        "CTR-PROP-STEP/property/inc",
        "nonvacuous/inc",
    }
    assert all(o.ok for o in cap.report.obligations if o.id not in solved)


def test_a_model_that_already_fails_catches_nothing() -> None:
    broken = counter().with_transition("inc", _inc_wrong_cap)
    model = dataclasses.replace(
        broken, wrong=(WrongEncoding("noop", "changes nothing", lambda m: m.with_init(m.init)),)
    )
    (noop,) = refute_wrong(model)
    assert noop.report is not None and not noop.report.ok
    assert not noop.caught


def test_a_wrong_encoding_naming_a_missing_transition_fails_loudly() -> None:
    with pytest.raises(LookupError, match="no transition 'inx'"):
        counter().with_transition("inx", _inc)


# -- malformed models -----------------------------------------------------------------------


def test_malformed_models_are_rejected_with_the_offending_name() -> None:
    with pytest.raises(ModelError, match="variable name"):
        counter(variables={"c'": "int"})
    with pytest.raises(ModelError, match="duplicate transition name 'inc'"):
        counter(transitions=(Transition("inc", "", _inc), Transition("inc", "", _reset)))
    with pytest.raises(ModelError, match=r"building invariant CTR-INV-X failed.*'d'"):
        prove(counter(invariants=(Named("CTR-INV-X", "", lambda v: v.num("d") >= 0),)))
    with pytest.raises(ModelError, match="must return a z3 boolean"):
        prove(counter(init=lambda v: v.num("c") + 1))
    stray = z3.Int("k")
    with pytest.raises(ModelError, match="mentions k"):
        prove(counter(init=lambda v: v.num("c") == stray))
    with pytest.raises(ModelError, match="mentions c'"):
        prove(counter(init=lambda v: v.num("c") == z3.Int("c'")))
    f = z3.Function("f", z3.IntSort(), z3.IntSort())
    with pytest.raises(ModelError, match="mentions f"):
        prove(counter(init=lambda v: f(v.num("c")) == 0))


def test_vars_name_what_a_model_lacks() -> None:
    v = Vars({"c": "int", "p": "bool"}, game="counter")
    assert v.num("c").eq(z3.Int("c"))
    assert v.flag("p").eq(z3.Bool("p"))
    assert list(v) == ["c", "p"]
    with pytest.raises(KeyError, match="no variable 'x'; known: c, p"):
        v["x"]
    with pytest.raises(KeyError, match="no bool variable 'c'"):
        v.flag("c")
    assert Vars({"c": "int"}, primed=True).num("c").eq(z3.Int("c'"))


def test_the_z3_stub_keeps_terms_out_of_int_and_bool_positions() -> None:
    """A type-level test as much as a run-time one: mypy --strict runs with
    warn_unused_ignores, so if the stub ever accepted a term where an int or a bool
    belongs, these ignores would become unused and mypy would fail."""
    c = z3.Int("c")
    with pytest.raises(TypeError):
        range(c)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        [1, 2][c]  # type: ignore[call-overload]
    with pytest.raises(z3.Z3Exception):
        z3.IntVal(c)  # type: ignore[arg-type]
    claim = c > 3
    with pytest.raises(z3.Z3Exception):
        _ = "yes" if claim else "no"  # type: ignore[truthy-bool]


# -- the compiler ---------------------------------------------------------------------------

X, Y, Z = z3.Ints("x y z")
P, Q = z3.Bools("p q")
X2, P2 = z3.Int("x'"), z3.Bool("p'")
NAMES = ("x", "y", "z", "p", "q")

FIXED_TERMS: list[z3.ExprRef] = [
    X + Y * Z - 3,
    -X + 2 * Y,
    z3.Sum(X, Y, Z, 7),
    z3.Abs(X - Y),
    z3.If(P, X, Y - Z),
    z3.If(z3.And(P, X > Y), z3.If(Q, X * X, -Z), X - Y - Z),
    z3.And(X >= 0, X <= 5, z3.Or(P, Q), z3.Not(Y == Z)),
    z3.Implies(P, X < Y),
    z3.Xor(P, Q),
    P == Q,
    z3.Distinct(X, Y, Z),
    z3.Distinct(X, Y, Z, 0),
    z3.Distinct(P, Q),
    X != 3,
    z3.Or(X > 2 * Y, z3.And(Q, Z >= X), z3.Not(P)),
    z3.And(),
    z3.Or(),
    z3.And(P, z3.BoolVal(True)),
    z3.Or(P, z3.BoolVal(False), Q),
    z3.IntVal(-4) * X,
    X * Y * Z,
    z3.If(X > 0, z3.IntVal(3), z3.IntVal(-3)) + z3.If(z3.BoolVal(False), X, Y),
]

Y2, Z2, Q2 = z3.Int("y'"), z3.Int("z'"), z3.Bool("q'")

TWO_STATE_TERMS: list[z3.ExprRef] = [
    z3.And(X < 5, X2 == X + 1),
    z3.Or(z3.Not(P) == P2, X2 <= X),
    z3.If(P2, X2 - X, X - X2) >= Y,
    # Conjunctions of simple equations, which the compiler checks in batches; the
    # equations pair different names so that swapping states or sides would show.
    z3.And(X2 == X, Y2 == Y, P2 == P, Q2 == Q),
    z3.And(X2 == Y, Y2 == Z, Z > -2),
    z3.And(X == 1, Y == 0, P),
    z3.And(X2 == 1, Y2 == 0, z3.Not(P2)),
    z3.And(X == Y, Z == X, P == Q),
    z3.And(X2 == Y2, Z2 == X2, Q2 == P2),
    z3.And(Y == X2, Z == Y2, Q),
    z3.And(P, z3.And(X2 == Y, z3.And(Y2 == Z, Q), X == 0), Z2 == 1),
]


def _z3_model(values: dict[str, int | bool]) -> z3.ModelRef:
    """A z3 model fixing every variable to ``values`` (names ending in ' are primed)."""
    solver = z3.Solver()
    for name, value in values.items():
        if isinstance(value, bool):
            solver.add(z3.Bool(name) == z3.BoolVal(value))
        else:
            solver.add(z3.Int(name) == value)
    assert solver.check() == z3.sat
    return solver.model()


def _z3_value(found: z3.ModelRef, term: z3.ExprRef) -> int | bool:
    """``term`` evaluated by z3's own ``Model.eval``."""
    result = found.eval(term, model_completion=True)
    if z3.is_int_value(result):
        return result.as_long()
    assert z3.is_true(result) or z3.is_false(result), result
    return z3.is_true(result)


FIXED_COMPILED = [(term, compile_formula(term, NAMES)) for term in FIXED_TERMS]
TWO_STATE_COMPILED = [(term, compile_relation(term, NAMES)) for term in TWO_STATE_TERMS]

SMALL = st.integers(-2, 2) | st.integers(-50, 50)
"""Mostly tiny values, so that equations and guards hold often enough to matter."""

STATES = st.fixed_dictionaries(
    {
        "x": SMALL | st.integers(),
        "y": SMALL,
        "z": SMALL,
        "p": st.booleans(),
        "q": st.booleans(),
    }
)


@settings(max_examples=300, deadline=None)
@given(STATES, STATES)
def test_compiled_terms_agree_with_z3_model_eval(
    a: dict[str, int | bool], b: dict[str, int | bool]
) -> None:
    found = _z3_model({**a, **{k + "'": v for k, v in b.items()}})
    for term, one in FIXED_COMPILED:
        compiled, expected = one(a), _z3_value(found, term)
        assert compiled == expected and type(compiled) is type(expected), term
    for term, two in TWO_STATE_COMPILED:
        compiled, expected = two(a, b), _z3_value(found, term)
        assert compiled == expected and type(compiled) is type(expected), term


def test_compiled_terms_agree_with_z3_on_every_tiny_state_pair() -> None:
    """Exhaustive over x, y, z, x', y', z' in {0, 1} and every boolean: 1,024 pairs."""
    solver = z3.Solver()
    solver.check()
    found = solver.model()
    ints, bools = ("x", "y", "z"), ("p", "q")
    for bits in itertools.product((0, 1), repeat=6):
        for flags in itertools.product((False, True), repeat=4):
            a: dict[str, int | bool] = {
                **dict(zip(ints, bits[:3], strict=False)),
                **dict(zip(bools, flags[:2], strict=False)),
            }
            b: dict[str, int | bool] = {
                **dict(zip(ints, bits[3:], strict=False)),
                **dict(zip(bools, flags[2:], strict=False)),
            }
            for suffix, state in (("", a), ("'", b)):
                for name, value in state.items():
                    literal = z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(value)
                    found.update_value(
                        z3.Bool(name + suffix) if name in bools else z3.Int(name + suffix), literal
                    )
            for term, one in FIXED_COMPILED:
                assert one(a) == _z3_value(found, term), (term, a)
            for term, two in TWO_STATE_COMPILED:
                assert two(a, b) == _z3_value(found, term), (term, a, b)


def _int_terms() -> st.SearchStrategy[z3.ArithRef]:
    leaves: st.SearchStrategy[z3.ArithRef] = st.sampled_from([X, Y, Z, X2]) | st.builds(
        z3.IntVal, st.integers(-9, 9)
    )

    def extend(inner: st.SearchStrategy[z3.ArithRef]) -> st.SearchStrategy[z3.ArithRef]:
        pairs = st.tuples(inner, inner)
        return st.one_of(
            pairs.map(lambda t: t[0] + t[1]),
            pairs.map(lambda t: t[0] - t[1]),
            pairs.map(lambda t: t[0] * t[1]),
            inner.map(lambda t: -t),
            inner.map(z3.Abs),
            st.tuples(_comparisons(inner), inner, inner).map(lambda t: z3.If(t[0], t[1], t[2])),
        )

    return st.recursive(leaves, extend, max_leaves=12)


def _comparisons(ints: st.SearchStrategy[z3.ArithRef]) -> st.SearchStrategy[z3.BoolRef]:
    pairs = st.tuples(ints, ints)
    return st.one_of(
        st.sampled_from([P, Q, P2]),
        pairs.map(lambda t: t[0] < t[1]),
        pairs.map(lambda t: t[0] <= t[1]),
        pairs.map(lambda t: t[0] == t[1]),
        pairs.map(lambda t: t[0] != t[1]),
        st.tuples(ints, ints, ints).map(lambda t: z3.Distinct(*t)),
    )


def _bool_terms() -> st.SearchStrategy[z3.BoolRef]:
    def extend(inner: st.SearchStrategy[z3.BoolRef]) -> st.SearchStrategy[z3.BoolRef]:
        pairs = st.tuples(inner, inner)
        return st.one_of(
            st.lists(inner, min_size=0, max_size=4).map(lambda ts: z3.And(*ts)),
            st.lists(inner, min_size=0, max_size=4).map(lambda ts: z3.Or(*ts)),
            inner.map(z3.Not),
            pairs.map(lambda t: z3.Implies(t[0], t[1])),
            pairs.map(lambda t: z3.Xor(t[0], t[1])),
            pairs.map(lambda t: t[0] == t[1]),
            st.tuples(inner, inner, inner).map(lambda t: z3.If(t[0], t[1], t[2])),
        )

    return st.recursive(_comparisons(_int_terms()), extend, max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_int_terms(), _bool_terms()), STATES, STATES)
def test_random_terms_compile_to_what_z3_evaluates(
    term: z3.ExprRef, a: dict[str, int | bool], b: dict[str, int | bool]
) -> None:
    expected = _z3_value(_z3_model({**a, **{k + "'": v for k, v in b.items()}}), term)
    compiled = compile_relation(term, NAMES)(a, b)
    assert compiled == expected and type(compiled) is type(expected), term


@pytest.mark.parametrize(
    ("term", "reason"),
    [
        (X / 2 > 1, "integer division"),
        (X % 2 == 0, "mod"),
        (X**2 > 1, "power"),
        (z3.BitVec("b", 8) + 1 > 3, "bit-vector"),
        (z3.Real("r") > 1, "real"),
        (z3.ForAll([X], X >= Y), "quantifier"),
        (z3.Function("f", z3.IntSort(), z3.IntSort())(X) == 1, "uninterpreted function"),
        (z3.Int("w") > 1, "unknown variable 'w'"),
        (X2 > 1, "primed variable"),
    ],
)
def test_the_compiler_refuses_what_python_would_evaluate_differently(
    term: z3.ExprRef, reason: str
) -> None:
    with pytest.raises(CompileError, match=reason):
        compile_formula(term, NAMES)


def test_compiled_model_evaluates_every_part_of_the_counter() -> None:
    cm = CompiledModel(counter())
    assert cm.satisfies_init({"c": 0})
    assert not cm.satisfies_init({"c": 1})
    assert cm.violated_invariants({"c": 6}) == ["CTR-INV-RANGE"]
    assert cm.violated_invariants({"c": 5}) == []
    assert cm.transitions_matching({"c": 2}, {"c": 3}) == ["inc"]
    assert cm.transitions_matching({"c": 0}, {"c": 0}) == ["reset"]
    assert cm.transitions_matching({"c": 5}, {"c": 6}) == []
    assert cm.violated_properties({"c": 0}, {"c": 3}) == ["CTR-PROP-STEP"]
    assert cm.goals_met({"c": 2}) == ["two"]
    assert cm.abstract_problems({"c": 3}) == []
    assert cm.abstract_problems({"c": True}) == ["c is an int variable but holds True"]
    assert cm.abstract_problems({"d": 1}) == [
        "missing: c",
        "not in the model: d",
    ]


# -- witnesses ------------------------------------------------------------------------------


def _path(*counts: int) -> list[Abstract]:
    return [{"c": c} for c in counts]


def test_a_witness_path_reaches_its_goal() -> None:
    result = check_witness(counter(), _path(0, 1, 0, 1, 2), "two")
    assert result.ok, result.render()
    assert result.steps == (("inc",), ("reset",), ("inc",), ("inc",))
    assert "OK" in result.render()


@pytest.mark.parametrize(
    ("path", "index", "why"),
    [
        (_path(1, 2), 0, "does not satisfy init"),
        (_path(0, 2), 1, "no transition"),
        (_path(0, 1), 1, "does not satisfy the goal"),
        ([], None, "empty"),
        ([{"c": 0}, {"d": 1}], 1, "missing: c"),
    ],
)
def test_a_broken_witness_says_where_it_breaks(
    path: list[Abstract], index: int | None, why: str
) -> None:
    result = check_witness(counter(), path, "two")
    assert not result.ok
    assert result.index == index
    assert result.failure is not None and why in result.failure
    assert why in result.render()


def test_an_unreachable_goal_has_no_witness() -> None:
    model = counter(goals=(Goal("six", "", lambda v: v.num("c") == 6),))
    result = check_witness(model, _path(0, 1, 2, 3, 4, 5, 6), "six")
    assert not result.ok
    assert result.index == 6
    assert result.counterexample is not None
    with pytest.raises(LookupError, match="no goal 'seven'"):
        check_witness(model, _path(0), "seven")


def test_witnesses_cross_check_the_compiler_against_z3(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CompiledModel, "transitions_matching", lambda self, a, b: ["reset"])
    result = check_witness(counter(), _path(0, 1, 2), "two")
    assert not result.ok
    assert result.failure is not None and "disagree" in result.failure


# -- a fake game for the refinement driver ----------------------------------------------------


class CounterConfig(Config, frozen=True):
    cap: int = CAP


class CounterState(State, frozen=True):
    count: int = 0
    rolling: bool = False
    over: bool = False


class Roll(Action, frozen=True, tag="roll"):
    pass


class Reset(Action, frozen=True, tag="reset"):
    pass


class Stop(Action, frozen=True, tag="stop"):
    pass


class Add(Action, frozen=True, tag="add"):
    n: int


CounterAction = Roll | Reset | Stop | Add


CounterGameType = GameBase[CounterConfig, CounterState, CounterAction]


def CounterGame(bug: str | None = None) -> CounterGameType:
    """One player rolls a die that adds 1 (2 in 3) or 0 up to a cap; may reset or stop.

    ``bug`` breaks it: ``"add-two"`` adds 2, ``"crash"`` crashes on reset.
    """

    def to_move(s: CounterState) -> int:
        return TERMINAL if s.over else CHANCE if s.rolling else 0

    def legal_actions(s: CounterState) -> tuple[CounterAction, ...]:
        return (Roll(), Reset(), Stop()) if to_move(s) == 0 else ()

    def chance_outcomes(s: CounterState) -> tuple[tuple[CounterAction, Fraction], ...]:
        if s.count >= CAP:
            return ((Add(0), Fraction(1)),)
        up = Add(2 if bug == "add-two" else 1)
        return ((up, Fraction(2, 3)), (Add(0), Fraction(1, 3)))

    def apply(s: CounterState, act: CounterAction) -> CounterState:
        mover = to_move(s)
        if isinstance(act, Add) and mover == CHANCE:
            return CounterState(count=s.count + act.n)
        if mover != 0:
            raise IllegalAction("CTR.ILLEGAL", f"{act} is not allowed now")
        if isinstance(act, Roll):
            return CounterState(count=s.count, rolling=True)
        if isinstance(act, Reset):
            if bug == "crash":
                raise RuntimeError("boom")
            return CounterState()
        if isinstance(act, Stop):
            return CounterState(count=s.count, over=True)
        raise IllegalAction("CTR.ILLEGAL", f"{act} is not allowed now")

    def result(s: CounterState) -> Result | None:
        return Result(winners=(0,), reason="stopped", rule="CTR-1") if s.over else None

    def invariants(s: CounterState) -> tuple[Violation, ...]:
        if 0 <= s.count <= CAP:
            return ()
        return (Violation(invariant="CTR-INV-CAP", message=f"count {s.count}"),)

    return CounterGameType(
        id="test-counter",
        title="Counter",
        prefix="CTR",
        config_type=CounterConfig,
        state_type=CounterState,
        action_types=(Roll, Reset, Stop, Add),
        rules=Rules(
            default_config=lambda players: CounterConfig(players=1),
            configs=lambda: (CounterConfig(players=1),),
            initial_state=lambda config: CounterState(),
            to_move=to_move,
            legal_actions=legal_actions,
            chance_outcomes=chance_outcomes,
            apply=apply,
            result=result,
            invariants=invariants,
            players=lambda s: 1,
            config_of=lambda s: CounterConfig(players=1),
        ),
    )


def _game_inc(cap: int) -> Relation:
    def inc(v: Vars, w: Vars) -> z3.BoolRef:
        return z3.And(
            v.flag("rolling"),
            v.num("c") < cap,
            w.num("c") == v.num("c") + 1,
            z3.Not(w.flag("rolling")),
            w.flag("over") == v.flag("over"),
        )

    return inc


def _game_model() -> Model:
    def idle(v: Vars) -> z3.BoolRef:
        return z3.And(z3.Not(v.flag("rolling")), z3.Not(v.flag("over")))

    return Model(
        game="test-counter",
        variables={"c": "int", "rolling": "bool", "over": "bool"},
        init=lambda v: z3.And(v.num("c") == 0, idle(v)),
        background=lambda v: v.num("c") >= 0,
        invariants=(
            Named("CTR-INV-CAP", "c <= 5", lambda v: v.num("c") <= CAP),
            Named(
                "CTR-INV-OVER",
                "no roll after the end",
                lambda v: z3.Implies(v.flag("over"), z3.Not(v.flag("rolling"))),
            ),
        ),
        transitions=(
            Transition(
                "roll",
                "",
                lambda v, w: z3.And(
                    idle(v), w.flag("rolling"), w.num("c") == v.num("c"), z3.Not(w.flag("over"))
                ),
            ),
            Transition("inc", "", _game_inc(CAP)),
            Transition(
                "stay",
                "",
                lambda v, w: z3.And(
                    v.flag("rolling"),
                    w.num("c") == v.num("c"),
                    z3.Not(w.flag("rolling")),
                    w.flag("over") == v.flag("over"),
                ),
            ),
            Transition("reset", "", lambda v, w: z3.And(idle(v), w.num("c") == 0, idle(w))),
            Transition(
                "stop",
                "",
                lambda v, w: z3.And(
                    idle(v), w.num("c") == v.num("c"), z3.Not(w.flag("rolling")), w.flag("over")
                ),
            ),
        ),
        properties=(Property("CTR-PROP-STEP", "", lambda v, w: w.num("c") <= v.num("c") + 1),),
        goals=(
            Goal("full", "the counter reaches the cap", lambda v: v.num("c") == CAP),
            Goal("over", "the player stops", lambda v: v.flag("over")),
        ),
        wrong=(
            WrongEncoding(
                "cap-6",
                "inc allowed at the cap",
                lambda m: m.with_transition("inc", _game_inc(CAP + 1)),
            ),
            WrongEncoding(
                "too-strict",
                "inc stops at 4: consistent, but the game reaches 5",
                lambda m: m.with_transition("inc", _game_inc(CAP - 1)),
            ),
        ),
    )


def _abstract(state: State) -> dict[str, int | bool]:
    assert isinstance(state, CounterState)
    return {"c": state.count, "rolling": state.rolling, "over": state.over}


def _witnesses() -> dict[str, list[Abstract]]:
    full: list[Abstract] = [{"c": 0, "rolling": False, "over": False}]
    for count in range(1, CAP + 1):
        full.append({"c": count - 1, "rolling": True, "over": False})
        full.append({"c": count, "rolling": False, "over": False})
    over: list[Abstract] = [full[0], {"c": 0, "rolling": False, "over": True}]
    return {"full": full, "over": over}


GAME_PROOFS = GameProofs(model=_game_model(), abstract=_abstract, goal_witnesses=_witnesses)


def test_refinement_passes_on_a_faithful_game_and_covers_every_transition() -> None:
    seen: list[int] = []
    report = refine(
        CounterGame(), GAME_PROOFS, games=40, seed=7, on_step=lambda game, steps: seen.append(steps)
    )
    assert report.ok, report.render()
    assert report.games == 40
    assert report.steps == len(seen) > 40
    assert report.uncovered == ()
    assert set(report.coverage) == {"roll", "inc", "stay", "reset", "stop"}
    assert "OK" in report.render()
    again = refine(CounterGame(), GAME_PROOFS, games=40, seed=7)
    assert (again.steps, dict(again.coverage)) == (report.steps, dict(report.coverage))
    json.dumps(report.to_json())


def _broken_abstraction(state: State) -> dict[str, int | bool]:
    values = _abstract(state)
    values["rolling"] = int(values["rolling"])
    return values


@pytest.mark.parametrize(
    ("game", "proofs", "kind"),
    [
        (CounterGame("add-two"), GAME_PROOFS, "no-transition"),
        (CounterGame("crash"), GAME_PROOFS, "exception"),
        (
            CounterGame(),
            dataclasses.replace(GAME_PROOFS, abstract=_broken_abstraction),
            "abstraction",
        ),
        (
            CounterGame(),
            dataclasses.replace(
                GAME_PROOFS, model=GAME_PROOFS.model.with_init(lambda v: v.num("c") == 1)
            ),
            "init",
        ),
    ],
)
def test_refinement_fails_on_a_step_the_model_forbids(
    game: CounterGameType, proofs: GameProofs, kind: str
) -> None:
    report = refine(game, proofs, games=40, seed=7)
    assert not report.ok
    failure = report.failure
    assert failure is not None
    assert failure.kind == kind, failure.render()
    assert failure.game_seed == f"7/{failure.game_index}"
    assert "FAILED" in report.render()
    json.dumps(report.to_json())
    if kind == "no-transition":
        assert failure.action == '{"n":2,"type":"add"}'
        assert failure.before is not None and failure.after is not None
        assert failure.after["c"] == failure.before["c"] + 2
        assert "* " not in failure.render() or "c" in failure.render()


def test_refinement_counts_games_cut_at_the_step_limit() -> None:
    report = refine(CounterGame(), GAME_PROOFS, games=5, seed=1, max_steps=1)
    assert report.ok
    assert report.steps <= 5
    assert report.truncated >= 1


# -- verify and the registry -------------------------------------------------------------------


def test_verify_bundles_everything_and_catches_a_too_strict_model_by_its_witness() -> None:
    report = verify_game(
        "test-counter", refinement_games=30, game=CounterGame(), proofs=GAME_PROOFS
    )
    assert report.ok, report.render()
    cap6, strict = report.wrong
    assert cap6.caught_by is not None and cap6.caught_by.startswith("obligation CTR-INV-CAP")
    assert strict.refuted_by == ()
    assert strict.caught_by is not None and "witness for goal 'full'" in strict.caught_by
    assert [w.goal for w in report.witnesses] == ["full", "over"]
    assert "test-counter: OK" in report.render()
    json.dumps(report.to_json())


def test_verify_reports_gaps_a_green_part_would_hide() -> None:
    proofs = dataclasses.replace(
        GAME_PROOFS,
        model=dataclasses.replace(GAME_PROOFS.model, wrong=()),
        goal_witnesses=lambda: {"over": _witnesses()["over"]},
    )
    report = verify_game("test-counter", refinement_games=3, game=CounterGame(), proofs=proofs)
    assert not report.ok
    assert any("no wrong encodings" in p for p in report.problems)
    full = next(w for w in report.witnesses if w.goal == "full")
    assert full.failure == "no witness path supplied"


def test_the_registry_loads_once_and_names_what_it_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "_LOADERS", {})
    monkeypatch.setattr(core, "_LOADED", {})
    calls: list[int] = []

    def loader() -> GameProofs:
        calls.append(1)
        return GAME_PROOFS

    register_proofs("test-counter", loader)
    assert proof_game_ids() == ("test-counter",)
    assert proofs_for("test-counter") is proofs_for("test-counter") is GAME_PROOFS
    assert calls == [1]
    with pytest.raises(ValueError, match="twice"):
        register_proofs("test-counter", loader)
    with pytest.raises(
        LookupError, match="no proofs for game 'nope'; games with proofs: test-counter"
    ):
        proofs_for("nope")
    register_proofs("misnamed", loader)
    with pytest.raises(ValueError, match="model 'test-counter'"):
        proofs_for("misnamed")


def test_the_package_exports_the_api_and_registers_squirrel_or_die() -> None:
    import dieproof.proofs as proofs

    assert set(core.__all__) <= set(dir(proofs))
    assert "squirrel-or-die" in proofs.proof_game_ids()


def test_descriptions_may_only_name_model_variables() -> None:
    assert counter(descriptions={"c": "the counter"}).descriptions == {"c": "the counter"}
    with pytest.raises(ModelError, match="descriptions of unknown d"):
        counter(descriptions={"d": "no such variable"})


def test_of_documents_a_formula_by_its_docstring() -> None:
    def capped(v: Vars) -> z3.BoolRef:
        """The counter stays
        within its cap.

        Details nobody needs in a table."""
        return v.num("c") <= CAP

    named = Named.of("CTR-INV-CAP", capped)
    assert (named.id, named.doc, named.formula) == (
        "CTR-INV-CAP",
        "The counter stays within its cap.",
        capped,
    )
    assert Transition.of("inc", _inc).doc == ""


# -- abstraction in parts --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Pair:
    left: tuple[int, ...]
    right: tuple[int, ...]


def _pair_model() -> Model:
    return Model(
        game="pair",
        variables={"l": "int", "r": "int", "both": "int"},
        init=lambda v: v.num("l") == 0,
        invariants=(),
        transitions=(),
    )


def test_an_abstraction_in_parts_recomputes_only_what_changed() -> None:
    from dieproof.proofs.abstraction import Abstraction, Part

    calls: list[str] = []

    def left(state: _Pair) -> tuple[int]:
        calls.append("left")
        return (len(state.left),)

    def right(state: _Pair) -> tuple[int, int]:
        calls.append("right")
        return len(state.right), len(state.left) + len(state.right)

    abstraction = Abstraction(
        _pair_model(),
        (Part(("left",), ("l",), left), Part(("left", "right"), ("r", "both"), right)),
        kind=_Pair,
    )
    first = _Pair((1,), (2, 3))
    values = abstraction.values(first, None, None)
    assert values == (1, 2, 3) and calls == ["left", "right"]
    calls.clear()
    second = _Pair(first.left, (4,))  # the left tuple is the very same object
    assert abstraction.values(second, first, values) == (1, 1, 2)
    assert calls == ["right"]
    assert abstraction.mapping(second) == {"l": 1, "r": 1, "both": 2}
    with pytest.raises(TypeError, match="not a _Pair"):
        abstraction.values("a string", None, None)


def test_the_parts_of_an_abstraction_cover_each_variable_once() -> None:
    from dieproof.proofs.abstraction import Abstraction, Part

    def nothing(state: _Pair) -> tuple[int]:
        return (0,)

    with pytest.raises(ValueError, match=r"missing \['r', 'both'\]"):
        Abstraction(_pair_model(), (Part(("left",), ("l",), nothing),), kind=_Pair)
    with pytest.raises(ValueError, match=r"twice \['l'\]"):
        Abstraction(
            _pair_model(),
            (Part((), ("l", "r", "both"), nothing), Part((), ("l",), nothing)),
            kind=_Pair,
        )


def test_the_compiled_model_shows_its_generated_source() -> None:
    cm = CompiledModel(counter())
    assert "def f0(a, b):" in cm.source
    assert cm.names == ("c",)
    assert cm.pack({"c": 4}) == (4,) and cm.unpack((4,)) == {"c": 4}
    assert cm.abstract_problems((True,)) == ["c is an int variable but holds True"]
    assert cm.abstract_problems((1, 2)) == ["2 values for 1 variables"]
