"""Squirrel or Die in z3: the abstract model (:mod:`~dieproof.proofs.squirrel_or_die.model`,
over the variables of :mod:`~dieproof.proofs.squirrel_or_die.vocabulary`, with the
transitions of :mod:`~dieproof.proofs.squirrel_or_die.transitions` and the turn order of
:mod:`~dieproof.proofs.squirrel_or_die.turns`), the abstraction function from reference
states (:mod:`~dieproof.proofs.squirrel_or_die.abstraction`), and the goal witnesses from
real games (:mod:`~dieproof.proofs.squirrel_or_die.witnesses`). Importing the package
registers the proofs."""

from __future__ import annotations

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.squirrel_or_die.abstraction import ABSTRACTION, abstract
from dieproof.proofs.squirrel_or_die.model import MODEL, WRONG, WRONG_DOCS
from dieproof.proofs.squirrel_or_die.witnesses import goal_games, goal_witnesses
from dieproof.reference.squirrel_or_die import GAME

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
