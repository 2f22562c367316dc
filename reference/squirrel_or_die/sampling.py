"""Random Squirrel or Die configurations within what the rules allow, for the
differential test (``Rules.sample_config``): any player count and variant, any reading,
and a box of another composition.

The rulebook fixes how many tiles each player count removes and the grid's size, not the
box's mix (SOD-A1), so a sampled box keeps what the rules need (the removal's tiles, one
birdhouse, exactly a grid's worth of tiles left after the removal) and draws the rest:
each tile left in play is of a kind drawn at random, food and skulls most often.
"""

from __future__ import annotations

import random
from typing import Final

from dieproof.reference.core.sampling import random_literals
from dieproof.reference.squirrel_or_die import rules
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER, Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SodConfig,
    Variant,
    grid_side,
)

WEIGHTS: Final = {
    Tile.FOOD: 8,
    Tile.SKULL: 8,
    Tile.BIRDHOUSE: 0,
    Tile.BOMB: 1,
    Tile.AGAIN: 1,
    Tile.SLEEPY: 1,
    Tile.LOVE: 1,
    Tile.CAT: 1,
}
"""How often each kind is drawn for a sampled box (the birdhouse: one at most, placed
apart)."""


def sample_config(rng: random.Random) -> SodConfig:
    """A random configuration the rules accept: players, variant, first player, readings
    and the box."""
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    variant = rng.choice(list(Variant))
    removed = rules.removal(players, variant)
    side = grid_side(players)
    in_play = side * side
    kinds = [tile for tile in TILE_ORDER if WEIGHTS[tile]]
    weights = [WEIGHTS[tile] for tile in kinds]
    box = removed
    birdhouse = variant is Variant.BIRDHOUSE or rng.random() < 0.5
    if birdhouse and not removed.birdhouse:
        box = box.add(Tile.BIRDHOUSE)
        in_play -= 1
    for tile in rng.choices(kinds, weights, k=in_play):
        box = box.add(tile)
    config = SodConfig(
        players=players,
        variant=variant,
        first_player=rng.randrange(players),
        tiles=Tiles(*box.counts()),
    )
    return random_literals(config, rng)
