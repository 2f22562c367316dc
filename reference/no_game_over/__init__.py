"""No Game Over: the reference implementation.

A competitive card game for two or more players: each turn a player equips, trims the
hand, and reveals a Level card, an enemy to surpass in strength while the others play
cards against them, or a curse. Winning gives a life and rewards; at 0 lives a player
becomes a ghost who still plays. The game is won by defeating a Final Boss with six
lives, or by being the last player with lives. See ``spec/no-game-over.toml``.
"""

from dieproof.reference.no_game_over.game import GAME, invariants
from dieproof.reference.no_game_over.rules import (
    apply,
    chance_outcomes,
    initial_state,
    legal_actions,
    result,
    to_move,
)
from dieproof.reference.no_game_over.types import NgoAction, NgoConfig, NgoState

__all__ = [
    "GAME",
    "NgoAction",
    "NgoConfig",
    "NgoState",
    "apply",
    "chance_outcomes",
    "initial_state",
    "invariants",
    "legal_actions",
    "result",
    "to_move",
]
