"""The reference-side invariants of Squirrel or Die notice broken states.

Each test breaks one invariant on purpose and checks that ``invariants`` names it, so
the checks that guard every simulated game can fail.
"""

from __future__ import annotations

import pytest

from dieproof.reference.core import Result, replace
from dieproof.reference.squirrel_or_die import (
    Cell,
    Phase,
    SodConfig,
    Step,
    Tile,
    Tiles,
    Variant,
    initial_state,
    invariants,
)

from .sod_helpers import draw, winter

F, S = Tile.FOOD, Tile.SKULL


def ids(state: object) -> set[str]:
    return {v.invariant for v in invariants(state)}  # type: ignore[arg-type]


def test_a_fresh_game_breaks_nothing() -> None:
    for players in (2, 3, 4):
        for variant in Variant:
            assert ids(initial_state(SodConfig(players=players, variant=variant))) == set()


@pytest.mark.invariant("SOD-INV-GRID")
def test_a_grid_six_wide_is_reported() -> None:
    state = winter(SodConfig(players=4), [F])
    board = state.patches[0]
    moved = replace(board[1], col=5)  # (0, 1) jumps to (0, 5): the row spans six
    state = replace(state, patches=((board[0], *board[2:], moved),))
    assert "SOD-INV-GRID" in ids(state)


@pytest.mark.invariant("SOD-INV-TILES")
def test_a_vanished_tile_is_reported() -> None:
    state = winter(SodConfig(players=4), [F])
    state = replace(state, patches=(state.patches[0][1:],))
    assert ids(state) == {"SOD-INV-TILES"}


@pytest.mark.invariant("SOD-INV-OUT")
def test_out_without_the_skulls_is_reported() -> None:
    state = winter(SodConfig(players=4), [F])
    assert ids(replace(state, out=(True, False, False, False))) >= {"SOD-INV-OUT"}
    piles = [Tiles(skull=3), Tiles(), Tiles(), Tiles()]
    full = winter(SodConfig(players=4), [F], collected=piles)
    assert ids(replace(full, out=(False,) * 4)) == {"SOD-INV-OUT"}


@pytest.mark.invariant("SOD-INV-HAND")
def test_a_hand_of_four_outside_a_birdhouse_turn_is_reported() -> None:
    state = draw(initial_state(SodConfig(players=4)), *[F] * 10, *[S] * 6)
    hands = (state.hands[0].add(S), *state.hands[1:])
    state = replace(state, hands=hands, bag=state.bag.add(S, -1))
    assert ids(state) == {"SOD-INV-HAND"}


@pytest.mark.invariant("SOD-INV-STANDING")
def test_everybody_out_is_reported() -> None:
    state = winter(SodConfig(players=2), [F])
    assert "SOD-INV-STANDING" in ids(replace(state, out=(True, True)))


@pytest.mark.invariant("SOD-INV-WINNER")
def test_a_result_that_breaks_the_winner_rules_is_reported() -> None:
    piles = [Tiles(), Tiles(skull=3), Tiles(skull=3)]
    state = winter(SodConfig(players=3), [F], collected=piles)
    over = replace(state, phase=Phase.OVER, step=Step.NONE)
    assert "SOD-INV-WINNER" in ids(over)  # over without a result
    wrong = replace(over, result=Result(winners=(1,), reason="x", rule="SOD-END-1"))
    assert "SOD-INV-WINNER" in ids(wrong)  # the winner is out
    right = replace(over, result=Result(winners=(0,), reason="x", rule="SOD-END-1"))
    assert "SOD-INV-WINNER" not in ids(right)


@pytest.mark.invariant("SOD-INV-GRID", "SOD-INV-TILES")
def test_reverse_patches_are_unlimited() -> None:
    state = initial_state(SodConfig(players=2, variant=Variant.REVERSE))
    long_patch = tuple(Cell(0, c, F, False) for c in range(8))
    state = replace(state, patches=(long_patch, ()), bag=state.bag.add(F, -8))
    assert ids(state) == set()
