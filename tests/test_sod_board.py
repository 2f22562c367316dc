"""Squirrel or Die's fast representation agrees with the rules stated cell by cell.

The rules keep each patch as bitmasks beside the state (the layout), pass the masks and
the list of flips on from step to step, and list actions from tables. These tests play
random games of every configuration and check, at every step, that what was passed on
equals what the cells say from scratch, and that every list of actions is the one the
cell-by-cell definitions give.
"""

from __future__ import annotations

import random

import pytest

from dieproof.reference.core import CHANCE, TERMINAL, replace
from dieproof.reference.core.chance import sample
from dieproof.reference.squirrel_or_die import (
    GAME,
    Cell,
    Flip,
    Gather,
    Hide,
    Place,
    SodAction,
    SodConfig,
    SodState,
    Step,
    Swap,
    Take,
    Tile,
    Tiles,
    Variant,
    apply,
    chance_outcomes,
    legal_actions,
    to_move,
)
from dieproof.reference.squirrel_or_die.board import (
    geometry,
    landmark,
    layout,
    layout_of,
    open_places,
    reach,
)
from dieproof.reference.squirrel_or_die.rules import grid_extent
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER
from dieproof.reference.squirrel_or_die.types import grid_side

CONFIGS = list(GAME.configs())


def _fresh(state: SodState) -> SodState:
    """The same state without anything passed on (as if decoded from JSON)."""
    return GAME.load_state(GAME.dump_state(state))


def _expected_actions(state: SodState) -> tuple[object, ...]:
    """The legal actions, from the cells and the piles alone."""
    config = state.config
    limit = None if config.variant is Variant.REVERSE else grid_side(config.players)
    hand = state.hands[state.current]
    board = state.patches[0]
    swappable = [
        c
        for c in board
        if c.face_up and not (config.variant is Variant.BIRDHOUSE and c.tile is Tile.BIRDHOUSE)
    ]
    if state.step is Step.PLACE:
        return tuple(Place(r, c) for r, c in open_places(board, limit))
    if state.step is Step.SWAP:
        return tuple(Swap(t, c.row, c.col) for t in hand.kinds() for c in swappable)
    if state.step is Step.TAKE:
        return tuple(Take(c.row, c.col) for c in swappable)
    if state.step is Step.HIDE:
        return tuple(Hide(t, r, c) for t in hand.kinds() for r, c in open_places(board, limit))
    if state.step is Step.GATHER:
        places = open_places(state.patches[state.current], None)
        return tuple(Gather(t, r, c) for t in state.bag.kinds() for r, c in places)
    if state.step is Step.FLIP:
        return tuple(
            Flip(i, c.row, c.col) for i, patch in enumerate(state.patches) for c in patch
            if not c.face_up
        )  # fmt: skip
    return legal_actions(_fresh(state))


@pytest.mark.rule("SOD-AUTUMN-1")
@pytest.mark.rule("SOD-REV-2")
@pytest.mark.rule("SOD-WINTER-1")
@pytest.mark.parametrize("config", CONFIGS, ids=[str(c.players) + c.variant.value for c in CONFIGS])
def test_the_layout_passed_on_is_the_layout_of_the_cells(config: SodConfig) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.initial_state(config)
        while to_move(state) != TERMINAL:
            fresh = _fresh(state)
            assert layout(state) == layout(fresh)
            assert legal_actions(state) == legal_actions(fresh) == _expected_actions(state)
            if config.variant is not Variant.REVERSE:
                assert grid_extent(state) == grid_extent(fresh)
            action: SodAction
            if to_move(state) == CHANCE:
                action = sample(chance_outcomes(state), rng)
            else:
                options = legal_actions(state)
                action = options[rng.randrange(len(options))]
            state = apply(state, action)
        assert layout(state) == layout(_fresh(state))


@pytest.mark.rule("SOD-REV-2")
def test_a_patch_beyond_the_geometry_is_laid_out_wider() -> None:
    config = SodConfig(players=2, variant=Variant.REVERSE)
    far = reach(config) + 3
    row = tuple(Cell(0, c, Tile.FOOD, False) for c in range(far + 1))
    # Not a reachable position (a patch of more tiles than one player gathers), but one
    # the rules must still handle: the layout widens instead of numbering wrongly.
    state = replace(GAME.initial_state(config), patches=(row, ()), bag=Tiles(food=3))
    g = layout(state)[0]
    assert g.reach >= far
    after = apply(state, Gather(Tile.FOOD, 0, far + 1))
    assert layout(after) == layout_of(after.patches, reach(config), landmark(config))
    assert layout(after)[0].holds(0, far + 1)


def test_the_geometry_numbers_places_in_row_then_column_order() -> None:
    g = geometry(4)
    indices = [g.index(r, c) for r, c in sorted(g.places)]
    assert indices == sorted(indices) == list(range(len(g.places)))
    assert g.index(g.offset + 1, 0) == -1
    assert g.bits(sum(1 << i for i in (3, 17, 40))) == (3, 17, 40)
    assert len(TILE_ORDER) == len(g.swap)


@pytest.mark.rule("SOD-REV-2")
def test_a_tile_beyond_any_reachable_place_is_refused_not_numbered() -> None:
    from dieproof.reference.core import InvalidState

    config = SodConfig(players=2, variant=Variant.REVERSE)
    far = (Cell(10**9, 0, Tile.FOOD, False),)
    state = replace(GAME.initial_state(config), patches=(far, ()), bag=Tiles(food=3))
    with pytest.raises(InvalidState) as caught:
        GAME.check_state(state)
    assert caught.value.code in {"SOD.STATE_INVALID", "SOD.STATE_INVARIANT"}
    with pytest.raises(InvalidState) as caught:  # the rules refuse to lay it out
        legal_actions(state)
    assert caught.value.code == "SOD.STATE_INVALID"
