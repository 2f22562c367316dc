"""Don't Let It Die in z3: the abstract model (:mod:`~dieproof.proofs.dont_let_it_die.model`,
over the variables of :mod:`~dieproof.proofs.dont_let_it_die.vocabulary`), the
abstraction function from reference states
(:mod:`~dieproof.proofs.dont_let_it_die.abstraction`) and the goal witnesses from real
games (:mod:`~dieproof.proofs.dont_let_it_die.witnesses`). Importing the package
registers the proofs.

The model counts what the named invariants talk about: per character health, stamina,
their maxima, incapacitation and revival, equipment and slots; the pool's tokens by
supply and the FKP tokens out of the box; the fire pit; the day; the phase and the
result; the tree's unlocked discoveries and arrows; the items made and the building.
And what a decision node offers: at a turn's, the plain draws, Investigate Fire, Cron's
reshuffles, the meals, the wood for the pit and the revivals the reference lists, beside
what the rulebook decides them by; at a fight's, Vog's covers. The background holds each
listing to the rulebook, so the refinement check sees an option withheld or wrongly
offered (issue 12).
"""

from __future__ import annotations

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.dont_let_it_die.abstraction import ABSTRACTION, abstract
from dieproof.proofs.dont_let_it_die.model import MODEL, WRONG
from dieproof.proofs.dont_let_it_die.witnesses import goal_games, goal_witnesses
from dieproof.reference.dont_let_it_die.game import GAME

__all__ = ["MODEL", "PROOFS", "WRONG", "abstract", "goal_games", "goal_witnesses"]


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL,
        abstract=abstract,
        values=ABSTRACTION.values,
        goal_witnesses=goal_witnesses,
        goal_games=goal_games,
    )


PROOFS = _proofs
register_proofs(GAME.id, _proofs)
