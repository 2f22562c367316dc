"""Squirrel or Die (Bankrupt Games): the reference implementation.

Hide tiles in Autumn, flip them in Winter, and be the last squirrel standing.
See ``spec/squirrel-or-die.toml`` and the generated rules reference for every rule.
"""

from dieproof.reference.squirrel_or_die.game import GAME, invariants
from dieproof.reference.squirrel_or_die.rules import (
    apply,
    chance_outcomes,
    initial_state,
    legal_actions,
    result,
    to_move,
)
from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    Cell,
    Draw,
    Flip,
    Gather,
    Give,
    Hide,
    Phase,
    Place,
    Readings,
    SodAction,
    SodConfig,
    SodState,
    Step,
    Swap,
    Take,
    Variant,
)

__all__ = [
    "GAME",
    "Cell",
    "Draw",
    "Flip",
    "Gather",
    "Give",
    "Hide",
    "Phase",
    "Place",
    "Readings",
    "SodAction",
    "SodConfig",
    "SodState",
    "Step",
    "Swap",
    "Take",
    "Tile",
    "Tiles",
    "Variant",
    "apply",
    "chance_outcomes",
    "initial_state",
    "invariants",
    "legal_actions",
    "result",
    "to_move",
]
