"""Until Daylight in z3: the abstract model (:mod:`~dieproof.proofs.until_daylight.model`,
over the variables of :mod:`~dieproof.proofs.until_daylight.vocabulary`, with the rules
every step obeys in :mod:`~dieproof.proofs.until_daylight.steps` and the transitions of
:mod:`~dieproof.proofs.until_daylight.transitions`), the abstraction function from reference
states (:mod:`~dieproof.proofs.until_daylight.abstraction`), and the goal witnesses from
real games (:mod:`~dieproof.proofs.until_daylight.witnesses`). Importing the package
registers the proofs.

The model counts what the invariants talk about: per seat the health and its maximum,
the inventory's slots and its limit, protection cards, barricades and traps, survivors
and enemies in the seat's area, experience and the damage taken through the damage
order; and globally the phase, the round and the final fight's cycle, the dice of the
current roll, the attack in progress (eliminated cards and the eliminated prefix of the
line), the leader, the cards of the game and the survivors that count for the win.
Constants come from the reference's types (STYLE habit 7), never from its rules.
"""

from __future__ import annotations

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.until_daylight.abstraction import ABSTRACTION, abstract
from dieproof.proofs.until_daylight.model import MODEL, WRONG
from dieproof.proofs.until_daylight.witnesses import (
    WITNESS_CONFIGS,
    eager,
    goal_games,
    goal_witnesses,
)
from dieproof.proofs.witnesses import uniform
from dieproof.reference.until_daylight import GAME

__all__ = [
    "MODEL",
    "WITNESS_CONFIGS",
    "WRONG",
    "abstract",
    "eager",
    "goal_games",
    "goal_witnesses",
    "uniform",
]


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL,
        abstract=abstract,
        values=ABSTRACTION.values,
        goal_witnesses=goal_witnesses,
        goal_games=goal_games,
    )


register_proofs(GAME.id, _proofs)
