"""The parts every game shares: protocol, registry, chance, errors, codec, traces, driver."""

from dieproof.reference.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidConfig,
    InvalidState,
    RulesError,
    UnknownGame,
)
from dieproof.reference.core.game import Game, GameBase, game, game_ids, games, register
from dieproof.reference.core.types import (
    CHANCE,
    TERMINAL,
    Action,
    Config,
    Player,
    Result,
    State,
    Violation,
    replace,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Config",
    "Game",
    "GameBase",
    "IllegalAction",
    "InvalidAction",
    "InvalidConfig",
    "InvalidState",
    "Player",
    "Result",
    "RulesError",
    "State",
    "UnknownGame",
    "Violation",
    "game",
    "game_ids",
    "games",
    "register",
    "replace",
]
