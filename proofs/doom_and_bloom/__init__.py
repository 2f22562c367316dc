"""Doom and Bloom SURVIVAL! in z3: the abstract model
(:mod:`~dieproof.proofs.doom_and_bloom.model`, over the variables of
:mod:`~dieproof.proofs.doom_and_bloom.vocabulary`), the abstraction function from
reference states (:mod:`~dieproof.proofs.doom_and_bloom.abstraction`), and the goal
witnesses from real games (:mod:`~dieproof.proofs.doom_and_bloom.witnesses`). Importing
the package registers the proofs."""

from __future__ import annotations

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.doom_and_bloom.abstraction import ABSTRACTION, abstract
from dieproof.proofs.doom_and_bloom.model import MODEL, WRONG, WRONG_DOCS
from dieproof.proofs.doom_and_bloom.witnesses import goal_games, goal_witnesses
from dieproof.reference.doom_and_bloom import GAME

__all__ = ["MODEL", "WRONG", "WRONG_DOCS", "abstract", "goal_games", "goal_witnesses"]


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL,
        abstract=abstract,
        values=ABSTRACTION.values,
        goal_witnesses=goal_witnesses,
        goal_games=goal_games,
    )


register_proofs(GAME.id, _proofs)
