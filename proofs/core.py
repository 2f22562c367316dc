"""The proof runner: the registry of per-game proofs and ``verify_game``.

This module also re-exports the whole public API of ``dieproof.proofs`` (the model
types, the prover, the compiler, witnesses and refinement), so a game's proof module
can ``from dieproof.proofs.core import Model, Named, ...``. A game module registers its
proofs on import with :func:`register_proofs`; ``dieproof verify`` runs
:func:`verify_game`, which bundles the obligations, the wrong encodings, the goal
witnesses and the refinement check into one :class:`VerifyReport`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import TYPE_CHECKING

from dieproof.proofs.compile import (
    Closure,
    CompiledModel,
    CompileError,
    Value,
    compile_formula,
    compile_relation,
)
from dieproof.proofs.model import (
    PRIME,
    Abstract,
    Goal,
    Model,
    ModelError,
    ModelTerms,
    Named,
    Property,
    Relation,
    Sort,
    StateFormula,
    Transition,
    Vars,
    WrongEncoding,
)
from dieproof.proofs.obligations import (
    DEFAULT_TIMEOUT_MS,
    KINDS,
    ExtraCheck,
    ObligationResult,
    ProofReport,
    WrongResult,
    prove,
    refute_wrong,
)
from dieproof.proofs.refinement import (
    GameProofs,
    RefinementFailure,
    RefinementReport,
    WitnessResult,
    check_witness,
    refine,
)
from dieproof.proofs.report import Counterexample, Json, Verdict

if TYPE_CHECKING:
    from dieproof.reference.core.game import Game

__all__ = [
    "DEFAULT_TIMEOUT_MS",
    "KINDS",
    "PRIME",
    "Abstract",
    "Closure",
    "CompileError",
    "CompiledModel",
    "Counterexample",
    "ExtraCheck",
    "GameProofs",
    "Goal",
    "Json",
    "Model",
    "ModelError",
    "ModelTerms",
    "Named",
    "ObligationResult",
    "ProofReport",
    "Property",
    "RefinementFailure",
    "RefinementReport",
    "Relation",
    "Sort",
    "StateFormula",
    "Transition",
    "Value",
    "Vars",
    "Verdict",
    "VerifyReport",
    "WitnessResult",
    "WrongEncoding",
    "WrongResult",
    "check_witness",
    "compile_formula",
    "compile_relation",
    "proof_game_ids",
    "proofs_for",
    "prove",
    "refine",
    "refute_wrong",
    "register_proofs",
    "verify_game",
]

# -- the registry ---------------------------------------------------------------------

_LOADERS: dict[str, Callable[[], GameProofs]] = {}
_LOADED: dict[str, GameProofs] = {}


def register_proofs(game_id: str, loader: Callable[[], GameProofs]) -> None:
    """Register the proofs of ``game_id``; ``loader`` builds them on first use."""
    if game_id in _LOADERS:
        raise ValueError(f"proofs for {game_id!r} are registered twice")
    _LOADERS[game_id] = loader


def proofs_for(game_id: str) -> GameProofs:
    """The proofs registered for ``game_id``; raises ``LookupError`` naming the known ids."""
    found = _LOADED.get(game_id)
    if found is None:
        loader = _LOADERS.get(game_id)
        if loader is None:
            known = ", ".join(sorted(_LOADERS)) or "none"
            raise LookupError(f"no proofs for game {game_id!r}; games with proofs: {known}")
        found = loader()
        if found.model.game != game_id:
            raise ValueError(f"proofs registered as {game_id!r} model {found.model.game!r}")
        _LOADED[game_id] = found
    return found


def proof_game_ids() -> tuple[str, ...]:
    """The ids of every game with registered proofs, sorted."""
    return tuple(sorted(_LOADERS))


# -- verify -----------------------------------------------------------------------------

WRONG_REFINEMENT_GAMES = 20
"""Games of the refinement check run on a wrong encoding that the proofs did not catch."""


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """Everything ``dieproof verify`` checks for one game."""

    game: str
    """The game's id."""
    proofs: ProofReport
    """Every proof obligation of the model."""
    wrong: tuple[WrongResult, ...]
    """Each deliberately wrong encoding, and whether it was caught."""
    witnesses: tuple[WitnessResult, ...]
    """One witness check per goal of the model."""
    refinement: RefinementReport
    """The randomized refinement check."""
    problems: tuple[str, ...]
    """Gaps found across the parts: a wrong encoding not caught, a goal without a
    witness, a transition nothing exercised, a model without wrong encodings."""
    seconds: float
    """Wall time of the whole verification."""

    @property
    def ok(self) -> bool:
        """Whether every part passed and there are no gaps."""
        return (
            self.proofs.ok
            and all(w.caught for w in self.wrong)
            and all(w.ok for w in self.witnesses)
            and self.refinement.ok
            and not self.problems
        )

    def render(self) -> str:
        """Every part in turn, then the gaps and the verdict."""
        parts = [f"== verify {self.game} ==", self.proofs.render()]
        if self.wrong:
            parts.append("wrong encodings:")
            parts.extend(indent_block(w.render()) for w in self.wrong)
        if self.witnesses:
            parts.append("goal witnesses:")
            parts.extend(indent_block(w.render()) for w in self.witnesses)
        parts.append(self.refinement.render())
        parts.extend(f"PROBLEM: {p}" for p in self.problems)
        parts.append(f"{self.game}: {'OK' if self.ok else 'FAILED'} in {self.seconds:.2f} s")
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict with every part's own ``to_json``."""
        return {
            "game": self.game,
            "ok": self.ok,
            "seconds": self.seconds,
            "proofs": self.proofs.to_json(),
            "wrong": [w.to_json() for w in self.wrong],
            "witnesses": [w.to_json() for w in self.witnesses],
            "refinement": self.refinement.to_json(),
            "problems": list(self.problems),
        }


def indent_block(text: str) -> str:
    """``text`` indented by two spaces."""
    return "\n".join("  " + line for line in text.splitlines())


def _witnesses(
    model: Model, paths: Mapping[str, Sequence[Abstract]], compiled: CompiledModel | None
) -> list[WitnessResult]:
    results: list[WitnessResult] = []
    for goal in model.goals:
        path = paths.get(goal.name)
        if path is None:
            results.append(WitnessResult(goal.name, False, 0, failure="no witness path supplied"))
        else:
            results.append(check_witness(model, path, goal.name, compiled=compiled))
    for name in paths:
        if all(g.name != name for g in model.goals):
            results.append(WitnessResult(name, False, len(paths[name]), failure="no such goal"))
    return results


def verify_game(
    game_id: str,
    *,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    refinement_games: int = 200,
    seed: int = 0,
    game: Game | None = None,
    proofs: GameProofs | None = None,
    on_step: Callable[[int, int], None] | None = None,
    jobs: int = 1,
) -> VerifyReport:
    """Prove, refute the wrong encodings, check the goal witnesses, run the refinement.

    ``jobs`` above 1 spreads the obligations and the refinement games over that many
    forked worker processes; the verdicts are the same.

    ``game`` and ``proofs`` default to the registered ones (tests pass their own). A
    wrong encoding the obligations do not refute is also run through the witnesses
    and a short refinement check (:data:`WRONG_REFINEMENT_GAMES` games), which catch
    encodings that are consistent but unfaithful (a loss that can never happen).
    """
    start = perf_counter()
    if proofs is None:
        proofs = proofs_for(game_id)
    if game is None:
        from dieproof.reference.core.game import game as lookup

        game = lookup(game_id)
    model = proofs.model
    if model.game != game_id:
        raise ValueError(f"verify_game({game_id!r}) was given the model of {model.game!r}")
    compiled = CompiledModel.of(model)
    proof_report = prove(model, timeout_ms=timeout_ms, jobs=jobs)
    paths = proofs.goal_witnesses() if proofs.goal_witnesses is not None else {}
    witnesses = _witnesses(model, paths, compiled)
    refinement = refine(
        game,
        proofs,
        games=refinement_games,
        seed=seed,
        on_step=on_step,
        compiled=compiled,
        jobs=jobs,
    )
    played = game

    def extra(mutated: Model) -> str | bool:
        for w in _witnesses(mutated, paths, None):
            if not w.ok:
                return f"the witness for goal {w.goal!r} ({w.failure})"
        short = refine(
            played,
            dataclasses.replace(proofs, model=mutated),
            games=min(refinement_games, WRONG_REFINEMENT_GAMES),
            seed=seed,
        )
        if short.failure is not None:
            return f"the refinement check ({short.failure.kind}: {short.failure.message})"
        return False

    wrong = tuple(refute_wrong(model, timeout_ms=timeout_ms, extra_checks=extra, jobs=jobs))
    problems: list[str] = []
    if not model.wrong:
        problems.append("the model has no wrong encodings: nothing shows its proofs can fail")
    problems.extend(f"wrong encoding {w.name!r} is not caught" for w in wrong if not w.caught)
    exercised = {name for name, count in refinement.coverage.items() if count}
    for w in witnesses:
        if w.ok:
            exercised.update(name for step in w.steps for name in step)
    problems.extend(
        f"transition {t.name!r} is exercised by neither the refinement check nor a witness"
        for t in model.transitions
        if t.name not in exercised
    )
    return VerifyReport(
        game_id,
        proof_report,
        wrong,
        tuple(witnesses),
        refinement,
        tuple(problems),
        perf_counter() - start,
    )
