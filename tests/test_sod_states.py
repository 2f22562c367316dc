"""Squirrel or Die: the positions the referee refuses (issue 11).

``validate_state`` refuses every position the rules cannot reach, so that a state the
referee accepts has only successors it accepts too (``tests/test_accepted_states.py``
checks that property on hostile states). Each test here takes a reachable position,
changes one thing the rules assume, and expects the refusal; the unchanged position is
accepted.
"""

from __future__ import annotations

import pytest

from dieproof.reference.core import InvalidState, replace
from dieproof.reference.squirrel_or_die import (
    GAME,
    Cell,
    Phase,
    SodConfig,
    SodState,
    Step,
    Tile,
    Tiles,
    Variant,
    initial_state,
)

from .sod_helpers import draw, run_until

F, S = Tile.FOOD, Tile.SKULL


def refused(state: SodState, words: str) -> None:
    with pytest.raises(InvalidState) as caught:
        GAME.check_state(state)
    assert caught.value.code == "SOD.STATE_INVALID", caught.value
    assert words in caught.value.message, caught.value.message


def accepted(state: SodState) -> SodState:
    GAME.check_state(state)
    return state


def dealing(players: int = 3, variant: Variant = Variant.BASIC) -> SodState:
    """The grid dealt and the first player's hand begun."""
    state = initial_state(SodConfig(players=players, variant=variant))
    return accepted(draw(state, F, F, S, F, S))


@pytest.mark.rule("SOD-SETUP-2")
def test_a_start_grid_tile_away_from_its_corner_is_refused() -> None:
    state = accepted(draw(initial_state(SodConfig(players=3)), F, S))
    moved = (Cell(0, 0, F, False), Cell(0, 2, S, True))
    refused(replace(state, patches=(moved,)), "not on the 2x2 grid")
    flipped = (Cell(0, 0, F, True), Cell(0, 1, S, True))
    refused(replace(state, patches=(flipped,)), "wrong side up")


@pytest.mark.rule("SOD-BIRD-1")
def test_the_birdhouse_landmark_stays_face_up_on_the_grid() -> None:
    state = dealing(variant=Variant.BIRDHOUSE)
    grid = state.patches[0]
    hidden = (replace(grid[0], face_up=False), *grid[1:])
    refused(replace(state, patches=(hidden,)), "landmark")
    gone = (Cell(0, 0, F, True), *grid[1:])
    refused(replace(state, patches=(gone,), bag=state.bag.add(F, -1)), "landmark")


@pytest.mark.rule("SOD-SETUP-4")
def test_the_deal_goes_to_the_first_player_short_of_a_hand() -> None:
    state = dealing()
    assert state.current == 0 and state.hands[0].total() == 1
    refused(replace(state, current=1), "first one short")
    early = (state.hands[0], Tiles(food=1), Tiles())
    refused(replace(state, hands=early, bag=state.bag.add(F, -1)), "in turn")
    before_grid = draw(initial_state(SodConfig(players=3)), F)
    refused(replace(before_grid, current=2), "first player")


@pytest.mark.rule("SOD-AUTUMN-4")
def test_a_hide_step_with_a_face_up_tile_left_is_refused() -> None:
    state = run_until(
        initial_state(SodConfig(players=3)),
        lambda s: s.step is Step.HIDE,
    )
    accepted(state)
    grid = state.patches[0]
    shown = (replace(grid[0], face_up=True), *grid[1:])
    refused(replace(state, patches=(shown,)), "hide step")


@pytest.mark.rule("SOD-AUTUMN-2")
def test_hands_hold_three_tiles_while_tiles_are_drawn_and_swapped() -> None:
    state = accepted(run_until(initial_state(SodConfig(players=3)), lambda s: s.step is Step.SWAP))
    hands = (state.hands[0].add(F), *state.hands[1:])
    refused(replace(state, hands=hands, bag=state.bag.add(F, -1)), "does not hold 3")


@pytest.mark.rule("SOD-WINTER-1")
@pytest.mark.invariant("SOD-INV-STEP")
def test_nobody_flips_sleeps_or_leaves_before_winter() -> None:
    state = accepted(run_until(initial_state(SodConfig(players=3)), lambda s: s.step is Step.SWAP))
    asleep = replace(state, sleeping=(False, True, False))
    refused(asleep, "asleep")
    pile = (Tiles(food=1), Tiles(), Tiles())
    refused(replace(state, collected=pile, bag=state.bag.add(F, -1)), "pile holds tiles")


@pytest.mark.rule("SOD-AUTUMN-5")
@pytest.mark.invariant("SOD-INV-STEP")
def test_winter_starts_with_every_tile_hidden() -> None:
    state = accepted(
        run_until(initial_state(SodConfig(players=3)), lambda s: s.phase is Phase.WINTER)
    )
    grid = state.patches[0]
    last = grid[-1]
    kept = replace(state, patches=(grid[:-1],), hands=(Tiles().add(last.tile), *state.hands[1:]))
    refused(kept, "a hand or face up")
    refused(replace(state, last_autumn=-1), "last Autumn turn")


@pytest.mark.rule("SOD-REV-2")
def test_reverse_or_die_patches_are_face_down_and_hands_empty() -> None:
    state = accepted(
        run_until(
            initial_state(SodConfig(players=3, variant=Variant.REVERSE)),
            lambda s: bool(s.patches[0]) and s.current == 1,
        )
    )
    patch = state.patches[0]
    shown = (replace(patch[0], face_up=True), *patch[1:])
    refused(replace(state, patches=(shown, *state.patches[1:])), "face-up tile")
    cell = patch[0]
    held = replace(
        state,
        patches=(patch[1:], *state.patches[1:]),
        hands=(Tiles().add(cell.tile), *state.hands[1:]),
    )
    refused(held, "hand holds tiles")


def test_a_private_patch_tile_beyond_any_reach_is_refused() -> None:
    """A private patch of Reverse or Die with a tile 2**63 places away was accepted, and
    applying a step to it then failed to number it (found by the referee's fuzz test)."""
    state = accepted(
        run_until(
            initial_state(SodConfig(players=3, variant=Variant.REVERSE)),
            lambda s: bool(s.patches[0]) and s.current == 1,
        )
    )
    *rest, last = state.patches[0]

    def moved(row: int) -> tuple[tuple[Cell, ...], ...]:
        return ((*rest, replace(last, row=row)), *state.patches[1:])

    refused(replace(state, patches=moved(2**63)), "patch 0 has a tile")
    refused(replace(state, patches=moved(33)), "patch 0 has a tile")
    accepted(replace(state, patches=moved(32)))


@pytest.mark.invariant("SOD-INV-STEP")
def test_the_step_invariant_can_fail() -> None:
    """The reference's own check of SOD-INV-STEP (run after every simulated step) sees
    what validate_state refuses."""
    from dieproof.reference.squirrel_or_die import invariants

    state = run_until(initial_state(SodConfig(players=3)), lambda s: s.step is Step.SWAP)
    assert invariants(state) == ()
    broken = [v.invariant for v in invariants(replace(state, sleeping=(True, False, False)))]
    assert broken == ["SOD-INV-STEP"]
    held = [v.invariant for v in invariants(replace(state, held=Tile.CAT))]
    assert "SOD-INV-STEP" in held
