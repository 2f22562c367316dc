"""Builders of Squirrel or Die positions for the rule tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from dieproof.reference.core import CHANCE, TERMINAL, replace
from dieproof.reference.core.chance import sample
from dieproof.reference.squirrel_or_die import (
    Cell,
    Draw,
    Phase,
    SodConfig,
    SodState,
    Step,
    Tile,
    Tiles,
    apply,
    chance_outcomes,
    initial_state,
    legal_actions,
    to_move,
)
from dieproof.reference.squirrel_or_die.rules import game_tiles
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER
from dieproof.reference.squirrel_or_die.types import grid_side


def draw(state: SodState, *tiles: Tile) -> SodState:
    """Apply chance draws of ``tiles`` in order."""
    for tile in tiles:
        state = apply(state, Draw(tile))
    return state


def run_until(state: SodState, done: Callable[[SodState], bool], seed: int = 0) -> SodState:
    """Play random moves and draws until ``done`` holds (or the game ends)."""
    rng = random.Random(seed)
    while not done(state) and to_move(state) != TERMINAL:
        if to_move(state) == CHANCE:
            state = apply(state, sample(chance_outcomes(state), rng))
        else:
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
    return state


def winter(
    config: SodConfig,
    first_row: Sequence[Tile],
    *,
    collected: Sequence[Tiles] | None = None,
    current: int = 0,
) -> SodState:
    """A consistent Winter position: ``first_row`` lies face down at (0, 0), (0, 1), ...
    and the rest of the game's tiles (less ``collected``) fill the grid after it."""
    players = config.players
    piles = tuple(collected) if collected is not None else (Tiles(),) * players
    rest = game_tiles(config)
    for pile in piles:
        rest = rest.minus(pile)
    for tile in first_row:
        rest = rest.add(tile, -1)
    tiles = list(first_row) + [t for t in TILE_ORDER for _ in range(rest.count(t))]
    side = grid_side(players)
    cells = tuple(
        Cell(index // side, index % side, tile, False) for index, tile in enumerate(tiles)
    )
    state = initial_state(config)
    out = tuple(pile.skulls() >= 3 + pile.love for pile in piles)
    return replace(
        state,
        phase=Phase.WINTER,
        step=Step.FLIP,
        current=current,
        bag=Tiles(),
        hands=(Tiles(),) * players,
        patches=(cells,),
        collected=piles,
        out=out,
        last_autumn=(current - 1) % players,
    )
