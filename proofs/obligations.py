"""Proof obligations of a model, each one solver call with a timeout, a time and a verdict.

Obligations and their ids (stable: the specification and the docs cite them):

==============================  ==================  ============================================
id                              kind                claim
==============================  ==================  ============================================
``init-sat``                    ``init-sat``        init is satisfiable (else all is vacuous)
``invariants-sat``              ``invariants-sat``  the invariants together are satisfiable
``INV/init``                    ``init``            init => INV
``INV/consecution/T``           ``consecution``     INV[all] and T => INV' (INV is inductive)
``PROP/property/T``             ``property``        INV[all] and T => PROP
``nonvacuous/T``                ``nonvacuous``      INV[all] and T is satisfiable
``goal-sat/G``                  ``goal-sat``        INV[all] and G is satisfiable
==============================  ==================  ============================================

The background (domain facts) is assumed of every state in every obligation. A claim
is proved by asserting its negation and getting ``unsat``; a satisfiability check
passes on ``sat``. ``unknown`` is always a failure. A refuted claim carries the
counterexample state(s); a failed satisfiability check names the conflicting parts
(an unsat core).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter

import z3

from dieproof.proofs.model import Model, ModelTerms, Vars
from dieproof.proofs.report import (
    Counterexample,
    Json,
    Verdict,
    indent,
    json_map,
    seconds_text,
    show,
    table,
)
from dieproof.proofs.tasks import (
    Key,
    Satisfiable,
    Task,
    Valid,
    run_tasks,
    satisfiable_key,
    valid_key,
)

DEFAULT_TIMEOUT_MS = 10_000
"""Per-obligation solver timeout; the obligations of these models take milliseconds."""
SHARED_SOLVERS = 64
"""How many solvers a runner keeps, one per set of assumptions (a model has one per
transition; more are dropped oldest first, and only cost time)."""

KINDS = ("init-sat", "invariants-sat", "init", "consecution", "property", "nonvacuous", "goal-sat")
"""Every obligation kind, in report order."""


@dataclass(frozen=True, slots=True)
class ObligationResult:
    """The verdict on one obligation."""

    id: str
    """Stable id, e.g. ``"SOD-INV-GRID/consecution/place"`` (see the module docstring)."""
    kind: str
    """One of :data:`KINDS`."""
    verdict: Verdict
    """``PROVED`` passes; ``REFUTED`` and ``UNKNOWN`` fail."""
    seconds: float
    """Wall time of the solver call, including building the solver."""
    counterexample: Counterexample | None = None
    """For a refuted claim: the state (or the states before and after) that breaks it."""
    detail: str = ""
    """A sentence for people: what failed, the unsat core, or an example state."""
    subject: str | None = None
    """The invariant, property or goal the obligation is about, if any."""
    transition: str | None = None
    """The transition it is about, if any."""

    @property
    def ok(self) -> bool:
        """Whether the obligation passed."""
        return self.verdict is Verdict.PROVED

    def render(self) -> str:
        """One paragraph: verdict, id, detail, then the counterexample table."""
        text = f"{self.verdict} {self.id}" + (f": {self.detail}" if self.detail else "")
        if self.counterexample is not None:
            text += "\n" + self.counterexample.render()
        return text

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict of every field."""
        cex = self.counterexample
        return {
            "id": self.id,
            "kind": self.kind,
            "verdict": str(self.verdict),
            "seconds": self.seconds,
            "counterexample": None if cex is None else cex.to_json(),
            "detail": self.detail,
            "subject": self.subject,
            "transition": self.transition,
        }


@dataclass(frozen=True, slots=True)
class ProofReport:
    """Every obligation of one model and its verdict."""

    game: str
    """The model's game id."""
    obligations: tuple[ObligationResult, ...]
    """One result per obligation, in the order of :data:`KINDS`."""
    seconds: float
    """Wall time of the whole run, including building the terms."""
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    """The per-obligation timeout used."""

    @property
    def ok(self) -> bool:
        """Whether every obligation was proved (and there was at least one)."""
        return bool(self.obligations) and all(r.ok for r in self.obligations)

    @property
    def failures(self) -> tuple[ObligationResult, ...]:
        """The refuted and unknown obligations."""
        return tuple(r for r in self.obligations if not r.ok)

    def counts(self) -> dict[str, int]:
        """How many obligations got each verdict."""
        return {str(v): sum(r.verdict is v for r in self.obligations) for v in Verdict}

    def result(self, id: str) -> ObligationResult:
        """The result of obligation ``id``; raises ``LookupError``."""
        for r in self.obligations:
            if r.id == id:
                return r
        raise LookupError(f"{self.game}: no obligation {id!r}")

    def summary(self) -> str:
        """One line: the game, the counts, the time."""
        counts = ", ".join(f"{n} {v}" for v, n in self.counts().items())
        return (
            f"{self.game}: {len(self.obligations)} obligations: {counts} "
            f"({seconds_text(self.seconds)})"
        )

    def render(self, *, only_failures: bool = False) -> str:
        """The summary, a table of obligations, then every failure with its evidence."""
        shown = self.failures if only_failures else self.obligations
        parts = [self.summary()]
        if shown:
            rows = [[r.id, r.kind, str(r.verdict), f"{r.seconds * 1000:.1f}"] for r in shown]
            parts.append(table(["obligation", "kind", "verdict", "ms"], rows))
        parts.extend(indent(r.render(), "  ") for r in self.failures)
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict: game, ok, counts, seconds, timeout and every result."""
        return {
            "game": self.game,
            "ok": self.ok,
            "counts": json_map(self.counts()),
            "seconds": self.seconds,
            "timeout_ms": self.timeout_ms,
            "obligations": [r.to_json() for r in self.obligations],
        }


def prove(model: Model, *, timeout_ms: int = DEFAULT_TIMEOUT_MS, jobs: int = 1) -> ProofReport:
    """Discharge every obligation of ``model``, each in its own solver check.

    With ``jobs`` above 1 the obligations are spread over that many worker processes
    (forked, so they share the terms already built); the verdicts are the same.
    Raises :class:`~dieproof.proofs.model.ModelError` if a formula is malformed; a
    claim that is false is not an exception but a ``REFUTED`` result.
    """
    start = perf_counter()
    return _prove(ModelTerms.of(model), _Runner(timeout_ms), start, jobs)


def _prove(terms: ModelTerms, runner: _Runner, start: float, jobs: int = 1) -> ProofReport:
    runner.terms = terms
    obligations = tuple(run_tasks(list(_obligations(terms)), runner, jobs))
    return ProofReport(terms.model.game, obligations, perf_counter() - start, runner.timeout_ms)


def _obligations(terms: ModelTerms) -> Iterator[Task]:
    model = terms.model
    bg = {"@background": terms.background}
    bg2 = {**bg, "@background'": terms.background_next}
    invs = {f"@invariant:{k}": f for k, f in terms.invariants.items()}
    yield Satisfiable("init-sat", "init-sat", {**bg, "@init": terms.init})
    yield Satisfiable("invariants-sat", "invariants-sat", {**bg, **invs})
    for inv in model.invariants:
        yield Valid(
            f"{inv.id}/init",
            "init",
            [terms.background, terms.init],
            terms.invariants[inv.id],
            f"init allows a state where {inv.id} fails",
            subject=inv.id,
        )
        for t in model.transitions:
            yield Valid(
                f"{inv.id}/consecution/{t.name}",
                "consecution",
                [
                    terms.background,
                    terms.background_next,
                    *terms.invariants.values(),
                    terms.transitions[t.name],
                ],
                terms.invariants_next[inv.id],
                f"every invariant holds before {t.name}, but {inv.id} fails after it",
                subject=inv.id,
                transition=t.name,
            )
    for prop in model.properties:
        for t in model.transitions:
            yield Valid(
                f"{prop.id}/property/{t.name}",
                "property",
                [
                    terms.background,
                    terms.background_next,
                    *terms.invariants.values(),
                    terms.transitions[t.name],
                ],
                terms.properties[prop.id],
                f"{t.name} breaks {prop.id} from a state where every invariant holds",
                subject=prop.id,
                transition=t.name,
            )
    for t in model.transitions:
        yield Satisfiable(
            f"nonvacuous/{t.name}",
            "nonvacuous",
            {**bg2, **invs, f"@transition:{t.name}": terms.transitions[t.name]},
            transition=t.name,
        )
    for goal in model.goals:
        yield Satisfiable(
            f"goal-sat/{goal.name}",
            "goal-sat",
            {**bg, **invs, f"@goal:{goal.name}": terms.goals[goal.name]},
            subject=goal.name,
        )


class _Runner:
    """Runs single obligations (each its own check; see :meth:`valid`) and turns answers
    into results.

    With ``known`` (the results of another model's run, by id, with what each
    asserted), an obligation asserting exactly the same formulas is not solved again.
    z3 shares identical terms, so equal AST ids mean identical formulas, as long as
    both models' terms are alive (the caller keeps them).
    """

    def __init__(
        self, timeout_ms: int, known: Mapping[str, tuple[Key, ObligationResult]] | None = None
    ) -> None:
        if timeout_ms <= 0:
            raise ValueError(f"timeout_ms must be positive, got {timeout_ms}")
        self.timeout_ms = timeout_ms
        self.terms: ModelTerms | None = None
        self.known = known
        self.seen: dict[str, tuple[Key, ObligationResult]] = {}
        """Every result of this runner with its key (the ``known`` of a later run)."""
        self._shared: dict[Key, z3.Solver] = {}
        """A solver per set of assumptions (their AST ids) that holds them; see :meth:`valid`."""

    def _vars(self) -> ModelTerms:
        if self.terms is None:  # pragma: no cover - _prove always sets it first
            raise RuntimeError("the runner has no model terms to read counterexamples from")
        return self.terms

    def reuses(self, id: str, key: Key) -> bool:
        """Whether obligation ``id`` asserting ``key`` takes a known verdict."""
        found = None if self.known is None else self.known.get(id)
        return found is not None and found[0] == key

    def _reuse(self, id: str, key: Key) -> ObligationResult | None:
        found = None if self.known is None else self.known.get(id)
        if found is None or found[0] != key:
            return None
        return dataclasses.replace(found[1], seconds=0.0)

    def _record(self, key: Key, result: ObligationResult) -> ObligationResult:
        self.seen[result.id] = (key, result)
        return result

    def _solver(self) -> z3.Solver:
        terms = self.terms
        simple = terms is not None and terms.model.simple_solver
        # z3's stubs leave SimpleSolver out; it returns a z3.Solver
        solver: z3.Solver = z3.SimpleSolver() if simple else z3.Solver()  # type: ignore[attr-defined]
        solver.set("timeout", self.timeout_ms)
        return solver

    def _holding(self, assumptions: Sequence[z3.BoolRef]) -> z3.Solver:
        """The solver that holds exactly ``assumptions`` (made on first use)."""
        key = tuple(t.get_id() for t in assumptions)
        solver = self._shared.get(key)
        if solver is None:
            if len(self._shared) >= SHARED_SOLVERS:
                del self._shared[next(iter(self._shared))]  # the oldest
            solver = self._shared[key] = self._solver()
            solver.add(*assumptions)
        return solver

    def _unknown(self, solver: z3.Solver) -> str:
        return f"the solver gave up ({solver.reason_unknown()}; timeout {self.timeout_ms} ms)"

    def valid(
        self,
        id: str,
        kind: str,
        assumptions: Sequence[z3.BoolRef],
        claim: z3.BoolRef,
        refuted: str,
        *,
        subject: str | None = None,
        transition: str | None = None,
    ) -> ObligationResult:
        """Prove ``assumptions => claim`` by showing its negation unsatisfiable.

        The negated claim is checked in its own scope (``push``, one ``check`` with the
        timeout, ``pop``) of a solver that already holds ``assumptions``: the obligations
        that assume the same formulas (for a transition, its consecution and property
        obligations) share one solver, which internalises the background, the invariants
        and the transition once instead of once per obligation (about 3x less solver time
        for Doom and Bloom's and Don't Let It Die's models). The verdict is the same as on
        a fresh solver: a scope adds only the negated claim, and ``pop`` removes it with
        everything derived from it. Each obligation still has its own check, time and
        verdict; the first of a group also pays for the internalisation.
        """
        key = valid_key(assumptions, claim)
        reused = self._reuse(id, key)
        if reused is not None:
            return self._record(key, reused)
        start = perf_counter()
        solver = self._holding(assumptions)
        solver.push()  # the claim's own scope: the shared assumptions outlive it
        try:
            solver.add(z3.Not(claim))
            answer = solver.check()
            cex: Counterexample | None = None
            if answer == z3.unsat:
                verdict, detail = Verdict.PROVED, ""
            elif answer == z3.sat:
                found = solver.model()
                terms = self._vars()
                after = _read(found, terms.nxt) if transition is not None else None
                cex = Counterexample(_read(found, terms.now), after)
                verdict, detail = Verdict.REFUTED, refuted
            else:
                verdict, detail = Verdict.UNKNOWN, self._unknown(solver)
        finally:
            solver.pop()
        seconds = perf_counter() - start
        result = ObligationResult(id, kind, verdict, seconds, cex, detail, subject, transition)
        return self._record(key, result)

    def satisfiable(
        self,
        id: str,
        kind: str,
        parts: Mapping[str, z3.BoolRef],
        *,
        subject: str | None = None,
        transition: str | None = None,
    ) -> ObligationResult:
        """Show the conjunction of ``parts`` satisfiable; on failure name an unsat core.

        Labels start with ``@``, which no variable name may contain, so a tracking
        constant can never be confused with a model variable.
        """
        key = satisfiable_key(parts)
        reused = self._reuse(id, key)
        if reused is not None:
            return self._record(key, reused)
        start = perf_counter()
        solver = self._solver()
        for label, part in parts.items():
            solver.assert_and_track(part, label)
        answer = solver.check()
        if answer == z3.sat:
            found = solver.model()
            terms = self._vars()
            now = _read(found, terms.now)
            example = ", ".join(f"{k}={show(v)}" for k, v in now.items())
            if transition is not None:
                after = _read(found, terms.nxt)
                example += " -> " + ", ".join(
                    f"{k}'={show(v)}" for k, v in after.items() if now.get(k) != v
                )
            verdict, detail = Verdict.PROVED, f"satisfiable, e.g. {example}"
        elif answer == z3.unsat:
            core = sorted(str(label).removeprefix("@") for label in solver.unsat_core())
            verdict = Verdict.REFUTED
            detail = "unsatisfiable: these contradict each other: " + ", ".join(core)
        else:
            verdict, detail = Verdict.UNKNOWN, self._unknown(solver)
        seconds = perf_counter() - start
        result = ObligationResult(id, kind, verdict, seconds, None, detail, subject, transition)
        return self._record(key, result)


def _read(found: z3.ModelRef, v: Vars) -> dict[str, int | bool]:
    """Every variable's value in ``found`` (completed, so unconstrained ones get one)."""
    state: dict[str, int | bool] = {}
    for name, term in v.items():
        value = found.eval(term, model_completion=True)
        if z3.is_int_value(value):
            state[name] = value.as_long()
        elif z3.is_true(value):
            state[name] = True
        elif z3.is_false(value):
            state[name] = False
        else:  # pragma: no cover - model completion always yields a numeral or a boolean
            raise RuntimeError(f"cannot read {name} = {value} from the solver's model")
    return state


# -- wrong encodings -----------------------------------------------------------------------

ExtraCheck = Callable[[Model], bool | str]
"""Further checks for a mutated model (witnesses, refinement): truthy when they catch it.

Return ``True`` or a non-empty string saying what caught it; ``False`` or ``""`` when
the mutated model passes them too.
"""


@dataclass(frozen=True, slots=True)
class WrongResult:
    """Whether one deliberately wrong encoding was caught, and by what."""

    name: str
    """The wrong encoding's name."""
    doc: str
    """What is wrong with it."""
    caught: bool
    """Whether some obligation refuted it (or an extra check caught it)."""
    refuted_by: tuple[str, ...]
    """Ids of the obligations that were refuted on the mutated model."""
    unknown: tuple[str, ...] = ()
    """Ids of obligations that came back unknown (these never count as catching it)."""
    caught_by: str | None = None
    """The first refuted obligation, or what the extra check reported."""
    counterexample: Counterexample | None = None
    """The counterexample of the first refuted obligation that has one."""
    detail: str = ""
    """The detail of the first refuted obligation."""
    report: ProofReport | None = field(default=None, repr=False, compare=False)
    """The full proof report of the mutated model."""

    def render(self) -> str:
        """A paragraph: caught or not, by what, and the counterexample."""
        head = f"{'caught' if self.caught else 'NOT CAUGHT'}  {self.name}: {self.doc}"
        if not self.caught:
            return head + "\n  every obligation still holds: the proofs cannot tell it apart"
        by = f"\n  by {self.caught_by}" + (f": {self.detail}" if self.detail else "")
        cex = "" if self.counterexample is None else "\n" + self.counterexample.render()
        return head + by + cex

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict (without the mutated model's full report)."""
        cex = self.counterexample
        return {
            "name": self.name,
            "doc": self.doc,
            "caught": self.caught,
            "caught_by": self.caught_by,
            "refuted_by": list(self.refuted_by),
            "unknown": list(self.unknown),
            "counterexample": None if cex is None else cex.to_json(),
            "detail": self.detail,
        }


def refute_wrong(
    model: Model,
    *,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    extra_checks: ExtraCheck | None = None,
    jobs: int = 1,
) -> list[WrongResult]:
    """Prove every wrong encoding of ``model`` and report which ones the proofs catch.

    A wrong encoding is caught when an obligation is ``REFUTED`` on the mutated model
    that is not refuted on ``model`` itself (so a model that already fails cannot
    "catch" anything); ``UNKNOWN`` never counts. Only if no obligation catches it,
    ``extra_checks`` (when given) runs on the mutated model, since it is usually far
    slower than the proofs.

    ``model`` is proved first; then each mutated model's obligations that assert
    exactly the same formulas as ``model``'s are not solved again but take its verdict
    (with ``seconds`` 0): a wrong encoding usually changes one transition, so most of
    its obligations are unchanged.
    """
    base_terms = ModelTerms.of(model)  # kept alive: reuse compares its AST ids
    base_runner = _Runner(timeout_ms)
    base = _prove(base_terms, base_runner, perf_counter(), jobs)
    base_refuted = {r.id for r in base.obligations if r.verdict is Verdict.REFUTED}
    results: list[WrongResult] = []
    for wrong in model.wrong:
        start = perf_counter()
        mutated = wrong.mutate(model)
        terms = ModelTerms.build(mutated, base=base_terms)  # only the changed formula is new
        report = _prove(terms, _Runner(timeout_ms, base_runner.seen), start, jobs)
        refuted = [
            r
            for r in report.obligations
            if r.verdict is Verdict.REFUTED and r.id not in base_refuted
        ]
        unknown = tuple(r.id for r in report.obligations if r.verdict is Verdict.UNKNOWN)
        if refuted:
            first = next((r for r in refuted if r.counterexample is not None), refuted[0])
            results.append(
                WrongResult(
                    wrong.name,
                    wrong.doc,
                    caught=True,
                    refuted_by=tuple(r.id for r in refuted),
                    unknown=unknown,
                    caught_by=f"obligation {first.id}",
                    counterexample=first.counterexample,
                    detail=first.detail,
                    report=report,
                )
            )
            continue
        extra = extra_checks(mutated) if extra_checks is not None else False
        results.append(
            WrongResult(
                wrong.name,
                wrong.doc,
                caught=bool(extra),
                refuted_by=(),
                unknown=unknown,
                caught_by=(extra if isinstance(extra, str) else "an extra check")
                if extra
                else None,
                report=report,
            )
        )
    return results
