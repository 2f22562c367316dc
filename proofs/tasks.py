"""Proof obligations as tasks, run in order or spread over forked worker processes.

:mod:`dieproof.proofs.obligations` lists a model's obligations as :class:`Valid` and
:class:`Satisfiable` tasks; :func:`run_tasks` runs them on a runner (a solver check per
obligation), in this process or, with ``jobs`` above 1, in that many forked workers that
inherit the z3 terms already built. The verdicts are the same either way; an obligation
whose verdict another run already knows (the same formulas, by z3 AST id) stays here.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar, cast

import z3

Key = tuple[object, ...]
"""What an obligation asserts, as z3 AST ids (equal ids: identical formulas)."""


class Result(Protocol):
    """An obligation's result, as far as running tasks needs it."""

    @property
    def id(self) -> str: ...


R = TypeVar("R", bound=Result)


class Runner(Protocol[R]):
    """What runs one obligation, each its own solver check (the prover's runner)."""

    seen: dict[str, tuple[Key, R]]
    """Every result so far with what its obligation asserted."""

    def reuses(self, id: str, key: Key) -> bool: ...

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
    ) -> R: ...

    def satisfiable(
        self,
        id: str,
        kind: str,
        parts: Mapping[str, z3.BoolRef],
        *,
        subject: str | None = None,
        transition: str | None = None,
    ) -> R: ...


@dataclass(frozen=True, slots=True)
class Valid:
    """An obligation ``assumptions => claim`` (see :meth:`Runner.valid`)."""

    id: str
    kind: str
    assumptions: Sequence[z3.BoolRef]
    claim: z3.BoolRef
    refuted: str
    subject: str | None = None
    transition: str | None = None

    def key(self) -> Key:
        return valid_key(self.assumptions, self.claim)

    def run(self, runner: Runner[R]) -> R:
        return runner.valid(
            self.id,
            self.kind,
            self.assumptions,
            self.claim,
            self.refuted,
            subject=self.subject,
            transition=self.transition,
        )


@dataclass(frozen=True, slots=True)
class Satisfiable:
    """An obligation that ``parts`` hold together (see :meth:`Runner.satisfiable`)."""

    id: str
    kind: str
    parts: Mapping[str, z3.BoolRef]
    subject: str | None = None
    transition: str | None = None

    def key(self) -> Key:
        return satisfiable_key(self.parts)

    def run(self, runner: Runner[R]) -> R:
        return runner.satisfiable(
            self.id, self.kind, self.parts, subject=self.subject, transition=self.transition
        )


Task = Valid | Satisfiable

_PENDING: list[tuple[list[Task], object]] = []
"""The work a forked worker inherits (a worker process reads it, never a thread)."""


def run_tasks(tasks: list[Task], runner: Runner[R], jobs: int) -> list[R]:
    """Run ``tasks`` in order, or in ``jobs`` forked workers each taking every
    ``jobs``-th task; their results (and what the runner saw) come back in order."""
    results: list[R | None] = [None] * len(tasks)
    solve: list[int] = []
    for index, task in enumerate(tasks):  # verdicts known from another run stay here
        if runner.reuses(task.id, task.key()):
            results[index] = task.run(runner)
        else:
            solve.append(index)
    if jobs <= 1 or len(solve) < 2 * jobs or not _can_fork():
        return [r if r is not None else tasks[i].run(runner) for i, r in enumerate(results)]
    _PENDING.append(([tasks[i] for i in solve], runner))
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(jobs) as pool:
            parts = cast(
                "list[list[tuple[int, Key, R]]]",
                pool.map(_work, [(k, jobs) for k in range(jobs)]),
            )
    finally:
        _PENDING.pop()
    for part in parts:
        for index, key, result in part:
            results[solve[index]] = result
            runner.seen[result.id] = (key, result)
    done = [r for r in results if r is not None]
    assert len(done) == len(tasks), "a worker lost an obligation"
    return done


def _work(share: tuple[int, int]) -> list[tuple[int, Key, Result]]:
    """In a forked worker: run every ``jobs``-th inherited task from ``first`` on."""
    first, jobs = share
    tasks, inherited = _PENDING[-1]
    runner = cast("Runner[Result]", inherited)
    found: list[tuple[int, Key, Result]] = []
    for index in range(first, len(tasks), jobs):
        result = tasks[index].run(runner)
        found.append((index, runner.seen[result.id][0], result))
    return found


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def valid_key(assumptions: Sequence[z3.BoolRef], claim: z3.BoolRef) -> Key:
    return (*(t.get_id() for t in assumptions), "=>", claim.get_id())


def satisfiable_key(parts: Mapping[str, z3.BoolRef]) -> Key:
    return tuple(x for label, part in parts.items() for x in (label, part.get_id()))
