"""Squirrel or Die: what the mutation run of the five rules modules (issue 11, 12
mutants per module) found untested.

Each test here fails on a planted bug that every other test let through: the grid's
width read from the layout's masks, the cell-by-cell check of an open place (the
reference the masks are tested against), and the union of two tile piles.
"""

from __future__ import annotations

import random

import pytest

from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.chance import sample
from dieproof.reference.squirrel_or_die import (
    GAME,
    SodAction,
    SodConfig,
    Tiles,
    Variant,
    apply,
    chance_outcomes,
    legal_actions,
    to_move,
)
from dieproof.reference.squirrel_or_die.board import extent, is_open, open_places
from dieproof.reference.squirrel_or_die.rules import grid_extent
from dieproof.reference.squirrel_or_die.types import grid_side

CONFIGS = [c for c in GAME.configs() if c.variant is not Variant.REVERSE]


@pytest.mark.invariant("SOD-INV-GRID")
@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}{c.variant.value}" for c in CONFIGS])
def test_the_grids_extent_from_its_masks_is_its_cells_extent(config: SodConfig) -> None:
    """The grid's height and width from the layout's masks equal the smallest rectangle
    around its cells, at every step of seeded games: a grid two columns wide is two
    columns wide."""
    wide = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.initial_state(config)
        while to_move(state) != TERMINAL:
            assert grid_extent(state) == extent(state.patches[0])
            wide += extent(state.patches[0])[1] >= 2
            action: SodAction
            if to_move(state) == CHANCE:
                action = sample(chance_outcomes(state), rng)
            else:
                options = legal_actions(state)
                action = options[rng.randrange(len(options))]
            state = apply(state, action)
    assert wide  # the games did lay grids out over several columns


@pytest.mark.rule("SOD-AUTUMN-1")
def test_the_first_tile_of_an_empty_grid_goes_at_the_origin() -> None:
    """On an empty grid the only open place is the origin, in the masks and cell by
    cell alike."""
    limit = grid_side(3)
    assert open_places((), limit) == ((0, 0),)
    assert is_open((), (0, 0), limit)
    for place in ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1)):
        assert not is_open((), place, limit)


@pytest.mark.invariant("SOD-INV-TILES")
def test_two_piles_of_tiles_add_up_kind_by_kind() -> None:
    """A union of piles counts every kind of both: nothing lost, nothing made up."""
    a = Tiles(food=3, skull=2, bomb=1, cat=1)
    b = Tiles(food=1, skull=4, love=2, cat=1)
    union = a.plus(b)
    assert union == Tiles(food=4, skull=6, bomb=1, love=2, cat=2)
    assert union.minus(b) == a and union.minus(a) == b
