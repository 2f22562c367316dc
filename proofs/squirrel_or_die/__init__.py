"""Squirrel or Die in z3: the abstract model (:mod:`.model`, over the variables of
:mod:`.vocabulary`, with the transitions of :mod:`.transitions` and the turn order of
:mod:`.turns`), the abstraction function from reference states (:mod:`.abstraction`),
and the goal witnesses from real games (:mod:`.witnesses`). Importing the package
registers the proofs.
"""

from __future__ import annotations

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.squirrel_or_die.abstraction import abstract
from dieproof.proofs.squirrel_or_die.model import MODEL, WRONG, WRONG_DOCS
from dieproof.proofs.squirrel_or_die.witnesses import goal_games, goal_witnesses
from dieproof.reference.squirrel_or_die import GAME

__all__ = ["MODEL", "WRONG", "WRONG_DOCS", "abstract", "goal_games", "goal_witnesses"]


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL, abstract=abstract, goal_witnesses=goal_witnesses, goal_games=goal_games
    )


register_proofs(GAME.id, _proofs)
