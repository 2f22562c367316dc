"""The checks a mutant faces, each run in its own worker process with the mutant loaded.

A worker (:mod:`.worker`) installs the mutant first, then runs one job here
(:func:`run_job`) and prints what each of its checks said. The
checks, in the order the report lists them:

``unit``
    The game's own test files (``tests/test_<package>*.py``, ``tests/test_<prefix>_*.py``)
    under pytest, derandomized (hypothesis's ``ci`` profile), stopping at the first
    failure; the detail names the failing test.
``vectors``
    Every committed conformance vector of the game (``spec/vectors/<game>/``) replayed
    through the reference; the detail names the first case that disagrees.
``invariants``
    The game's own invariants after every step of the seeded random games that the
    refinement check plays (same configurations, seeds and count, so the two columns are
    comparable).
``simulate``
    Those same games as ``dieproof simulate`` and the conformance tests see them: no
    crash, every chance node's probabilities positive and summing to 1, every decision
    node with a legal action, every game ending within the step limit with a result.
``refinement``
    The refinement check of ``dieproof verify`` (:func:`~dieproof.proofs.refine`, same
    games and seed) with the game's own invariants hidden, so that they cannot be what
    fails it: its verdict, whatever failed (a crash of the reference during the run
    fails it too).
``model``
    The same run, counting only what the z3 model itself reports: a step no abstract
    transition allows, a broken two-state property, a broken model invariant or
    background fact, an abstraction that is not a model state. A mutant that crashes the
    reference before the model sees anything wrong is not the model's kill.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast

if TYPE_CHECKING:
    from dieproof.reference.core.game import Game
    from dieproof.reference.core.types import Config, State, Violation

CHECKS: Final = ("unit", "vectors", "invariants", "simulate", "refinement", "model")
"""Every check, in report order."""

GAMES: Final = 200
"""Random games of the ``invariants``, ``simulate`` and ``refinement`` checks: as many as
``dieproof verify``'s refinement check plays."""

SEED: Final = 0
"""Their seed (``dieproof verify``'s)."""

MAX_STEPS: Final = 100_000
"""Steps after which a random game counts as not ending."""

MODEL_KINDS: Final = frozenset(
    {"no-transition", "property", "model-invariant", "background", "abstraction", "init"}
)
"""Refinement failures that the model itself reports (not a crash of the reference)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one check said about one mutant."""

    killed: bool
    """Whether the check failed on the mutant."""
    detail: str
    """Why, for people: the failing test, case, invariant or refinement failure."""


# -- the checks --------------------------------------------------------------------------


def test_files(root: Path, package: str, prefix: str) -> list[Path]:
    """The game's own test files: named after its package or its rule prefix."""
    tests = root / "tests"
    found = set(tests.glob(f"test_{package}*.py")) | set(tests.glob(f"test_{prefix.lower()}_*.py"))
    return sorted(found)


def check_vectors(game_id: str, root: Path) -> Outcome:
    """Replay every committed vector of the game; the first disagreement kills."""
    from dieproof.reference import game as lookup
    from dieproof.reference.oracle.cases import case_files, read
    from dieproof.reference.oracle.vector_check import check_case

    folder = root / "spec" / "vectors" / game_id
    files = case_files(folder) if folder.is_dir() else []
    if not files:
        return Outcome(False, "no committed vectors")
    for path in files:
        name = path.relative_to(folder).as_posix()
        try:
            report = check_case(read(path), lookup)
        except Exception as error:  # a crash of the mutant is a disagreement too
            return Outcome(True, f"{name}: {type(error).__name__}: {error}")
        if not report.ok:
            return Outcome(True, f"{name}: {report.problem}")
    return Outcome(False, f"{len(files)} cases agree")


def _games(g: Game) -> list[tuple[int, random.Random, Config]]:
    """The refinement check's games: its seeds, in turn over its configurations."""
    from dieproof.proofs.core import proofs_for
    from dieproof.proofs.refinement import refinement_configs

    configs = refinement_configs(g, proofs_for(g.id))
    return [(i, random.Random(f"{SEED}/{i}"), configs[i % len(configs)]) for i in range(GAMES)]


def check_play(game_id: str) -> tuple[Outcome, Outcome]:
    """Play the refinement check's games; return the ``invariants`` and ``simulate``
    outcomes. A game that crashes stops (the next one is played); an invariant broken
    along the way is recorded and the game goes on, so each column sees every game."""
    from dieproof.reference import game as lookup
    from dieproof.reference.core.types import CHANCE, TERMINAL

    g = lookup(game_id)
    broken: str | None = None
    crash: str | None = None
    steps = 0
    for index, rng, config in _games(g):
        where = f"game {index}"
        try:
            state = g.initial_state(config)
            broken = broken or _broken(g.invariants(state), where, 0)
            for step in range(1, MAX_STEPS + 1):
                mover = g.to_move(state)
                if mover == TERMINAL:
                    if g.result(state) is None:
                        raise AssertionError("a finished game has no result")
                    break
                if mover == CHANCE:
                    outcomes = g.chance_outcomes(state)
                    total = sum((p for _, p in outcomes), Fraction(0))
                    if not outcomes or total != 1 or any(p <= 0 for _, p in outcomes):
                        raise AssertionError(f"chance probabilities sum to {total}")
                    action = g.sample_chance(state, rng)
                else:
                    if not g.legal_actions(state):
                        raise AssertionError(f"player {mover} has no legal action")
                    action = g.sample_legal_action(state, rng)
                state = g.apply(state, action)
                steps += 1
                broken = broken or _broken(g.invariants(state), where, step)
            else:
                raise AssertionError(f"the game did not end in {MAX_STEPS} steps")
        except Exception as error:  # every crash of the mutant is a finding
            crash = crash or f"{where}: {type(error).__name__}: {error}"
        if broken is not None and crash is not None:
            break
    invariants = Outcome(broken is not None, broken or f"{GAMES} games, {steps} steps hold")
    simulate = Outcome(crash is not None, crash or f"{GAMES} games, {steps} steps play")
    return invariants, simulate


def _broken(violations: tuple[Violation, ...], where: str, step: int) -> str | None:
    if not violations:
        return None
    first = violations[0]
    return f"{where} step {step}: {first.invariant}: {first.message}"


class _ModelOnly:
    """The game with its own invariants hidden, so the refinement check's verdict is the
    model's alone."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)

    def invariants(self, state: State) -> tuple[Violation, ...]:
        return ()


def check_refinement(game_id: str) -> tuple[Outcome, Outcome]:
    """``dieproof verify``'s refinement check with the game's own invariants hidden: the
    ``refinement`` outcome is its verdict (any failure, a crash of the reference during
    the run included), the ``model`` outcome only the failures the z3 model itself
    reports (a step no transition allows, a broken property, model invariant or
    background fact, an abstraction that is not a model state)."""
    from dieproof.proofs.core import proofs_for
    from dieproof.proofs.refinement import refine
    from dieproof.reference import game as lookup

    g = lookup(game_id)
    try:
        proofs = proofs_for(game_id)
    except LookupError:
        none = Outcome(False, "the game has no proofs")
        return none, none
    report = refine(cast("Game", _ModelOnly(g)), proofs, games=GAMES, seed=SEED)
    failure = report.failure
    if failure is None:
        passed = Outcome(False, f"{report.games} games, {report.steps} steps refine the model")
        return passed, passed
    found = Outcome(
        True, f"game {failure.game_index} step {failure.step}: {failure.kind}: {failure.message}"
    )
    if failure.kind in MODEL_KINDS:
        return found, found
    return found, Outcome(False, f"not the model: the reference failed first ({found.detail})")


WORKERS: Final[dict[str, Callable[[str, Path], dict[str, Outcome]]]] = {
    "vectors": lambda game_id, root: {"vectors": check_vectors(game_id, root)},
    "play": lambda game_id, _root: dict(
        zip(("invariants", "simulate"), check_play(game_id), strict=True)
    ),
    "refinement": lambda game_id, _root: dict(
        zip(("refinement", "model"), check_refinement(game_id), strict=True)
    ),
}
"""The in-process workers by name and the checks each answers (``unit`` runs pytest)."""

JOBS: Final = {
    "unit": ("unit",),
    "vectors": ("vectors",),
    "play": ("invariants", "simulate"),
    "refinement": ("refinement", "model"),
}
"""Each worker process and the checks it answers, in the order they run."""

ROOT: Final = Path(__file__).resolve().parents[2]
"""The repository (this file is ``proofs/mutation/checks.py``)."""


def hang_kills(check: str) -> bool:
    """Whether a check that hangs or crashes outright has caught the mutant: a test
    suite, a vector replay or a simulation that does fails in CI; a refinement run or an
    invariant check cut short has judged nothing (the crash is the simulate column's)."""
    return check in {"unit", "vectors", "simulate"}


def run_job(game_id: str, job: str, pytest_args: Sequence[str]) -> dict[str, Outcome]:
    """Run one worker job in this process (the mutant, if any, already installed)."""
    if job == "unit":
        return {"unit": run_pytest(pytest_args)}
    try:
        return WORKERS[job](game_id, ROOT)
    except Exception as error:  # the mutant broke the check's own machinery
        detail = f"{type(error).__name__}: {error}"
        return {c: Outcome(hang_kills(c), detail) for c in JOBS[job]}


def run_pytest(args: Sequence[str]) -> Outcome:
    """pytest in this process; the first failing test (or collection) is the detail."""
    import pytest

    failed: list[str] = []

    class Recorder:
        def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
            if report.failed and not failed:
                failed.append(report.nodeid)

        def pytest_collectreport(self, report: pytest.CollectReport) -> None:
            if report.failed and not failed:
                failed.append(f"collecting {report.nodeid}")

    code = pytest.main(list(args), plugins=[Recorder()])
    if code == 0:
        return Outcome(False, "every test passes")
    return Outcome(True, failed[0] if failed else f"pytest exited {int(code)}")
