"""Don't Let It Die: the reference implementation.

A cooperative survival game for one to four players sharing four characters: forage,
hunt and craft by day, survive a night event, feed the fire every morning, and unlock
Fire Starter on the Fire Knowledge Tree before night 14. See
``spec/dont-let-it-die.toml`` for every rule.
"""

from dieproof.reference.dont_let_it_die.game import GAME, invariants
from dieproof.reference.dont_let_it_die.rules import (
    apply,
    chance_outcomes,
    initial_state,
    legal_actions,
    result,
    to_move,
)
from dieproof.reference.dont_let_it_die.types import DlidAction, DlidConfig, DlidState, Readings

__all__ = [
    "GAME",
    "DlidAction",
    "DlidConfig",
    "DlidState",
    "Readings",
    "apply",
    "chance_outcomes",
    "initial_state",
    "invariants",
    "legal_actions",
    "result",
    "to_move",
]
