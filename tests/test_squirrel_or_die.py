"""Squirrel or Die: one test per rule, with the rulebook's own numbers."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dieproof.reference.core import CHANCE, TERMINAL, IllegalAction, InvalidConfig, replace
from dieproof.reference.core.chance import sample
from dieproof.reference.squirrel_or_die import (
    GAME,
    Cell,
    Draw,
    Flip,
    Gather,
    Give,
    Hide,
    Phase,
    Place,
    Readings,
    SodConfig,
    Step,
    Swap,
    Take,
    Tile,
    Tiles,
    Variant,
    apply,
    chance_outcomes,
    initial_state,
    invariants,
    legal_actions,
    to_move,
)
from dieproof.reference.squirrel_or_die.content import BOX_TOTAL, DEFAULT_TILES
from dieproof.reference.squirrel_or_die.rules import (
    extent,
    game_tiles,
    is_open,
    open_places,
    removal,
    sample_legal_action,
)
from dieproof.reference.squirrel_or_die.types import grid_side

from .sod_helpers import draw, run_until, winter

F, S, B = Tile.FOOD, Tile.SKULL, Tile.BIRDHOUSE

# -- Setup ------------------------------------------------------------------------------


@pytest.mark.rule("SOD-SETUP-1")
@pytest.mark.parametrize(
    ("players", "removed", "left", "side"),
    [
        (4, Tiles(food=2, birdhouse=1), 25, 5),
        (3, Tiles(skull=3), 25, 5),
        (2, Tiles(skull=6, food=5, birdhouse=1), 16, 4),
    ],
)
def test_removal_counts_leave_the_grid_size(
    players: int, removed: Tiles, left: int, side: int
) -> None:
    assert removal(players, Variant.BASIC) == removed
    assert BOX_TOTAL - removed.total() == left
    assert game_tiles(SodConfig(players=players)).total() == left == side * side
    assert grid_side(players) == side
    assert DEFAULT_TILES.total() == BOX_TOTAL == 28


@pytest.mark.rule("SOD-SETUP-1")
def test_three_players_keep_the_birdhouse_in_the_sack() -> None:
    tiles = game_tiles(SodConfig(players=3))
    assert tiles.birdhouse == 1
    assert tiles.skull == DEFAULT_TILES.skull - 3


@pytest.mark.rule("SOD-SETUP-1")
@pytest.mark.parametrize(
    ("config", "code"),
    [
        (SodConfig(players=1), "SOD.PLAYERS"),
        (SodConfig(players=5), "SOD.PLAYERS"),
        (SodConfig(players=2, tiles=Tiles(food=22, birdhouse=1, skull=5)), "SOD.TILES_SHORT"),
        (SodConfig(players=4, tiles=DEFAULT_TILES.add(Tile.FOOD)), "SOD.TILES_TOTAL"),
    ],
)
def test_impossible_configs_are_refused(config: SodConfig, code: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        initial_state(config)
    assert caught.value.code == code
    assert caught.value.rule == "SOD-SETUP-1"


@pytest.mark.rule("SOD-SETUP-2")
def test_starting_grid_is_two_by_two_with_one_secret_tile() -> None:
    state = initial_state(SodConfig(players=4))
    assert to_move(state) == CHANCE
    outcomes = dict(chance_outcomes(state))
    # 25 tiles in the sack: 12 food, 8 skulls and one of each special tile.
    assert outcomes[Draw(F)] == Fraction(12, 25)
    assert outcomes[Draw(S)] == Fraction(8, 25)
    assert Draw(B) not in outcomes
    state = draw(state, S, F, F, Tile.BOMB)
    board = state.patches[0]
    assert [(c.row, c.col, c.face_up) for c in board] == [
        (0, 0, False), (0, 1, True), (1, 0, True), (1, 1, True),
    ]  # fmt: skip
    assert board[0].tile is S
    assert state.bag.total() == 21


@pytest.mark.rule("SOD-SETUP-3")
def test_first_player_comes_from_the_config() -> None:
    state = draw(initial_state(SodConfig(players=3, first_player=2)), *[F] * 8, *[S] * 5)
    assert state.phase is Phase.AUTUMN
    assert state.current == 2
    with pytest.raises(InvalidConfig) as caught:
        initial_state(SodConfig(players=3, first_player=3))
    assert caught.value.code == "SOD.FIRST_PLAYER"


@pytest.mark.rule("SOD-SETUP-4")
def test_every_player_draws_three_tiles() -> None:
    state = draw(initial_state(SodConfig(players=4, first_player=1)), F, F, F, F)
    state = draw(state, S, S, S)
    assert state.hands[1] == Tiles(skull=3)  # the first player draws first
    state = draw(state, *[F] * 6, *[S] * 3)
    assert [h.total() for h in state.hands] == [3, 3, 3, 3]
    assert state.bag.total() == 25 - 4 - 12
    assert state.step is Step.DRAW


# -- Autumn -----------------------------------------------------------------------------


def autumn(players: int = 4) -> object:
    return draw(initial_state(SodConfig(players=players)), *[F] * (4 + 3 * players))


@pytest.mark.rule("SOD-AUTUMN-1")
def test_drawn_tile_goes_face_up_next_to_the_grid_no_diagonals() -> None:
    state = draw(initial_state(SodConfig(players=4)), *[F] * 10, *[S] * 6)
    state = draw(state, S)
    assert state.step is Step.PLACE and state.held is S
    places = {(a.row, a.col) for a in legal_actions(state) if isinstance(a, Place)}
    assert places == {(-1, 0), (-1, 1), (0, -1), (1, -1), (0, 2), (1, 2), (2, 0), (2, 1)}
    assert (-1, -1) not in places  # diagonal only
    with pytest.raises(IllegalAction) as caught:
        apply(state, Place(2, 2))
    assert (caught.value.code, caught.value.rule) == ("SOD.BAD_PLACE", "SOD-AUTUMN-1")
    after = apply(state, Place(0, 2))
    assert Cell(0, 2, S, True) in after.patches[0]


@pytest.mark.rule("SOD-AUTUMN-1")
@pytest.mark.parametrize(("players", "limit"), [(4, 5), (3, 5), (2, 4)])
def test_no_direction_exceeds_the_limit(players: int, limit: int) -> None:
    row = tuple(Cell(0, c, F, True) for c in range(limit))
    assert open_places(row, limit) == tuple(
        sorted([(-1, c) for c in range(limit)] + [(1, c) for c in range(limit)])
    )
    column = tuple(Cell(r, 0, F, True) for r in range(limit - 1))
    assert (limit - 1, 0) in open_places(column, limit)
    assert (-1, 0) in open_places(column, limit)
    longer = (*column, Cell(limit - 1, 0, F, True))
    assert (limit, 0) not in open_places(longer, limit)
    assert (-1, 0) not in open_places(longer, limit)


@pytest.mark.rule("SOD-AUTUMN-2")
def test_swap_hides_a_hand_tile_and_takes_the_face_up_one() -> None:
    hands = [S, S, S, *[F] * 6, *[S] * 3]
    state = draw(initial_state(SodConfig(players=4)), F, F, F, F, *hands, Tile.BOMB)
    state = apply(state, Place(0, 2))
    assert state.step is Step.SWAP
    swaps = legal_actions(state)
    assert Swap(S, 0, 2) in swaps and Swap(S, 0, 0) not in swaps  # (0, 0) is face down
    after = apply(state, Swap(S, 0, 2))
    assert Cell(0, 2, S, False) in after.patches[0]
    assert after.hands[0] == Tiles(skull=2, bomb=1)
    assert after.hands[0].total() == 3
    assert after.current == 1
    with pytest.raises(IllegalAction) as caught:
        apply(state, Swap(F, 0, 1))
    assert (caught.value.code, caught.value.rule) == ("SOD.NOT_IN_HAND", "SOD-AUTUMN-2")


@pytest.mark.rule("SOD-AUTUMN-3")
def test_after_the_sack_is_empty_a_turn_is_only_the_swap() -> None:
    state = run_until(initial_state(SodConfig(players=4)), lambda s: s.bag.total() == 0)
    state = run_until(state, lambda s: s.step is not Step.SWAP or s.held is None)
    state = run_until(state, lambda s: s.step in (Step.SWAP, Step.HIDE))
    assert state.bag.total() == 0
    assert state.step is Step.SWAP
    assert all(isinstance(a, Swap) for a in legal_actions(state))


@pytest.mark.rule("SOD-AUTUMN-4")
def test_without_face_up_tiles_a_turn_is_a_face_down_placement() -> None:
    state = run_until(initial_state(SodConfig(players=4)), lambda s: s.step is Step.HIDE)
    assert not any(c.face_up for c in state.patches[0])
    actions = legal_actions(state)
    assert actions and all(isinstance(a, Hide) for a in actions)
    hide = actions[0]
    assert isinstance(hide, Hide)
    before = state.hands[state.current].total()
    after = apply(state, hide)
    assert after.hands[state.current].total() == before - 1
    assert Cell(hide.row, hide.col, hide.tile, False) in after.patches[0]


@pytest.mark.rule("SOD-AUTUMN-5")
@pytest.mark.parametrize(("players", "side"), [(4, 5), (3, 5), (2, 4)])
def test_autumn_ends_with_a_full_face_down_grid(players: int, side: int) -> None:
    state = run_until(initial_state(SodConfig(players=players)), lambda s: s.phase is Phase.WINTER)
    board = state.patches[0]
    assert len(board) == side * side
    assert not any(c.face_up for c in board)
    assert {(c.row - board[0].row, c.col - min(x.col for x in board)) for c in board} == {
        (r, c) for r in range(side) for c in range(side)
    }
    assert all(h.total() == 0 for h in state.hands)


# -- Winter -----------------------------------------------------------------------------


@pytest.mark.rule("SOD-WINTER-1")
def test_flipping_moves_the_tile_in_front_of_the_flipper() -> None:
    state = winter(SodConfig(players=4), [F])
    assert len(legal_actions(state)) == 25
    after = apply(state, Flip(0, 0, 0))
    assert after.collected[0] == Tiles(food=1)
    assert len(after.patches[0]) == 24
    with pytest.raises(IllegalAction) as caught:
        apply(after, Flip(0, 0, 0))
    assert (caught.value.code, caught.value.rule) == ("SOD.NOT_FACE_DOWN", "SOD-WINTER-1")


@pytest.mark.rule("SOD-WINTER-2")
def test_three_skulls_put_a_player_out() -> None:
    state = winter(SodConfig(players=4), [S], collected=[Tiles(skull=2), *[Tiles()] * 3])
    assert not state.out[0]
    after = apply(state, Flip(0, 0, 0))
    assert after.collected[0].skull == 3
    assert after.out[0]
    assert after.current == 1
    food = apply(winter(SodConfig(players=4), [F]), Flip(0, 0, 0))
    assert food.out == (False,) * 4 and food.current == 1


@pytest.mark.rule("SOD-WINTER-3")
def test_the_turn_skips_players_who_are_out() -> None:
    piles = [Tiles(), Tiles(skull=3), Tiles(), Tiles()]
    state = winter(SodConfig(players=4), [F], collected=piles)
    assert state.out == (False, True, False, False)
    assert apply(state, Flip(0, 0, 0)).current == 2


# -- Game over --------------------------------------------------------------------------


@pytest.mark.rule("SOD-END-1")
def test_last_squirrel_standing_wins() -> None:
    piles = [Tiles(), Tiles(skull=2), Tiles(skull=3)]
    state = winter(SodConfig(players=3), [S], collected=piles, current=1)
    after = apply(state, Flip(0, 0, 0))
    assert after.phase is Phase.OVER
    assert after.result is not None
    assert after.result.winners == (0,)
    assert after.result.rule == "SOD-END-1"
    assert GAME.result(after) == after.result
    with pytest.raises(IllegalAction):
        apply(after, Flip(0, 0, 1))


@pytest.mark.rule("SOD-END-2")
def test_tie_goes_to_the_most_food() -> None:
    config = SodConfig(players=2, tiles=Tiles(food=21, skull=6, birdhouse=1))
    piles = [Tiles(food=7), Tiles(food=8)]
    state = winter(config, [F], collected=piles)
    after = apply(state, Flip(0, 0, 0))
    assert after.result is not None
    assert after.result.rule == "SOD-END-2"
    assert after.result.winners == (0, 1)  # 8 food each: a shared win (SOD-A12)
    state = winter(config, [F], collected=[Tiles(food=6), Tiles(food=9)])
    after = apply(state, Flip(0, 0, 0))
    assert after.result is not None and after.result.winners == (1,)


@pytest.mark.rule("SOD-END-2")
def test_tie_break_counts_only_players_still_in() -> None:
    tiles = Tiles(food=16, skull=9, bomb=1, again=1, birdhouse=1)
    config = SodConfig(players=3, tiles=tiles)
    piles = [
        Tiles(food=2, again=1, birdhouse=1),
        Tiles(food=9, skull=4, bomb=1),
        Tiles(food=4, skull=2),
    ]
    state = winter(config, [F], collected=piles)
    assert state.out == (False, True, False)
    after = apply(state, Flip(0, 0, 0))
    assert after.result is not None
    assert after.result.winners == (2,)  # player 1 has more food but is out


# -- Special tiles ----------------------------------------------------------------------


@pytest.mark.rule("SOD-SPECIAL-1")
def test_the_bomb_counts_as_two_skulls() -> None:
    state = winter(SodConfig(players=4), [Tile.BOMB], collected=[Tiles(skull=1), *[Tiles()] * 3])
    after = apply(state, Flip(0, 0, 0))
    assert after.collected[0].skulls() == 3
    assert after.out[0]
    assert Tiles(bomb=1).skulls() == 2


@pytest.mark.rule("SOD-SPECIAL-2")
def test_again_gives_another_turn_at_once() -> None:
    state = winter(SodConfig(players=4), [Tile.AGAIN], current=2)
    after = apply(state, Flip(0, 0, 0))
    assert after.current == 2 and after.step is Step.FLIP
    assert after.collected[2] == Tiles(again=1)


@pytest.mark.rule("SOD-SPECIAL-3")
def test_the_sleepy_squirrel_skips_the_next_turn() -> None:
    state = winter(SodConfig(players=3), [Tile.SLEEPY, F, F, F], current=0)
    state = apply(state, Flip(0, 0, 0))
    assert state.sleeping == (True, False, False)
    state = apply(state, Flip(0, 0, 1))  # player 1
    state = apply(state, Flip(0, 0, 2))  # player 2; player 0 sleeps through
    assert state.current == 1
    assert state.sleeping == (False, False, False)


@pytest.mark.rule("SOD-SPECIAL-4")
def test_squirrel_love_takes_four_skulls_to_go_out() -> None:
    piles = [Tiles(skull=2, love=1), Tiles(), Tiles(), Tiles()]
    state = winter(SodConfig(players=4), [S, S], collected=piles)
    state = apply(state, Flip(0, 0, 0))
    assert state.collected[0].skull == 3 and not state.out[0]
    state = replace(state, current=0)
    state = apply(state, Flip(0, 0, 1))
    assert state.out[0]


@pytest.mark.rule("SOD-SPECIAL-5")
def test_the_confused_cat_goes_to_another_player() -> None:
    piles = [Tiles(), Tiles(skull=3), Tiles(skull=2), Tiles()]
    state = winter(SodConfig(players=4), [Tile.CAT], collected=piles)
    state = apply(state, Flip(0, 0, 0))
    assert state.step is Step.GIVE and state.held is Tile.CAT
    assert legal_actions(state) == (Give(2), Give(3))  # not the flipper, not player 1 (out)
    with pytest.raises(IllegalAction) as caught:
        apply(state, Give(0))
    assert (caught.value.code, caught.value.rule) == ("SOD.CAT_RECIPIENT", "SOD-SPECIAL-5")
    after = apply(state, Give(2))
    assert after.collected[2].skulls() == 3 and after.out[2]
    assert after.collected[0] == Tiles()
    assert after.current == 3


@pytest.mark.rule("SOD-SPECIAL-5")
def test_the_cat_may_go_to_an_eliminated_player_under_the_any_reading() -> None:
    config = SodConfig(players=4, readings=Readings(cat_recipient="any"))
    piles = [Tiles(), Tiles(skull=3), Tiles(), Tiles()]
    state = apply(winter(config, [Tile.CAT], collected=piles), Flip(0, 0, 0))
    assert legal_actions(state) == (Give(1), Give(2), Give(3))
    after = apply(state, Give(1))
    assert after.collected[1].skulls() == 4 and after.out[1]


# -- Readings ---------------------------------------------------------------------------


@pytest.mark.rule("SOD-WINTER-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_who_flips_first_in_winter(players: int) -> None:
    def first_flipper(reading: str) -> tuple[int, int]:
        readings = Readings(winter_start=reading)  # type: ignore[arg-type]
        config = SodConfig(players=players, first_player=1, readings=readings)
        state = run_until(initial_state(config), lambda s: s.phase is Phase.WINTER)
        return state.last_autumn, state.current

    last, current = first_flipper("next")
    assert current == (last + 1) % players
    assert first_flipper("first")[1] == 1


@pytest.mark.rule("SOD-END-2")
@pytest.mark.parametrize(("reading", "winners"), [("not_food", (1,)), ("food", (0, 1))])
def test_birdhouse_in_the_tie_break(reading: str, winners: tuple[int, ...]) -> None:
    tiles = Tiles(food=17, skull=9, birdhouse=1, bomb=1)
    config = SodConfig(players=3, tiles=tiles, readings=Readings(birdhouse_tiebreak=reading))  # type: ignore[arg-type]
    piles = [Tiles(food=5, birdhouse=1), Tiles(food=5), Tiles(food=6, skull=6, bomb=1)]
    after = apply(winter(config, [F], collected=piles, current=1), Flip(0, 0, 0))
    assert after.result is not None
    assert after.result.winners == winners


# -- Variant One: the Birdhouse ---------------------------------------------------------


@pytest.mark.rule("SOD-BIRD-1")
@pytest.mark.parametrize(
    ("players", "removed"),
    [(4, Tiles(food=3)), (3, Tiles(skull=3)), (2, Tiles(food=6, skull=6))],
)
def test_birdhouse_setup(players: int, removed: Tiles) -> None:
    config = SodConfig(players=players, variant=Variant.BIRDHOUSE)
    assert removal(players, Variant.BIRDHOUSE) == removed
    state = initial_state(config)
    assert state.patches[0] == (Cell(0, 0, B, True),)
    assert state.bag.birdhouse == 0
    assert state.bag.total() == grid_side(players) ** 2 - 1
    state = draw(state, F, F, F)
    assert len(state.patches[0]) == 4
    assert all(c.face_up for c in state.patches[0])


@pytest.mark.rule("SOD-BIRD-2")
def test_take_then_hide() -> None:
    config = SodConfig(players=4, variant=Variant.BIRDHOUSE)
    state = draw(initial_state(config), F, S, F, S, S, S, *[F] * 6, *[S] * 3, Tile.BOMB)
    state = apply(state, Place(0, 2))
    assert state.step is Step.TAKE
    takes = legal_actions(state)
    assert Take(0, 0) not in takes  # the landmark
    assert Take(0, 2) in takes and Take(1, 0) in takes
    state = apply(state, Take(1, 0))
    assert state.hands[0].total() == 4
    assert invariants(state) == ()
    assert state.step is Step.HIDE
    hides = legal_actions(state)
    assert Hide(S, 1, 0) in hides  # the hole left by the take is a legal place
    after = apply(state, Hide(S, 1, 0))
    assert after.hands[0] == Tiles(skull=3)
    assert Cell(1, 0, S, False) in after.patches[0]


@pytest.mark.rule("SOD-BIRD-3")
def test_the_birdhouse_stays_put() -> None:
    config = SodConfig(players=4, variant=Variant.BIRDHOUSE)
    state = draw(initial_state(config), F, S, F, S, S, S, *[F] * 6, *[S] * 3, Tile.BOMB)
    state = apply(state, Place(0, 2))
    with pytest.raises(IllegalAction) as caught:
        apply(state, Take(0, 0))
    assert (caught.value.code, caught.value.rule) == ("SOD.NOT_FACE_UP", "SOD-BIRD-2")
    end = run_until(state, lambda s: s.phase is Phase.WINTER)
    assert Cell(0, 0, B, True) in end.patches[0]
    assert Flip(0, 0, 0) not in legal_actions(end)
    assert len(end.patches[0]) == 25


# -- Variant Two: Reverse or Die --------------------------------------------------------


@pytest.mark.rule("SOD-REV-1")
@pytest.mark.parametrize(("players", "tiles"), [(4, 25), (3, 25), (2, 16)])
def test_reverse_setup_puts_every_tile_in_the_middle(players: int, tiles: int) -> None:
    state = initial_state(SodConfig(players=players, variant=Variant.REVERSE))
    assert state.phase is Phase.AUTUMN and state.step is Step.GATHER
    assert state.bag.total() == tiles
    assert all(h.total() == 0 for h in state.hands)
    assert state.patches == ((),) * players
    assert to_move(state) == 0


@pytest.mark.rule("SOD-REV-2")
def test_gathering_builds_a_private_patch_without_diagonals() -> None:
    state = initial_state(SodConfig(players=2, variant=Variant.REVERSE))
    gathers = [a for a in legal_actions(state) if isinstance(a, Gather)]
    assert {(a.row, a.col) for a in gathers} == {(0, 0)}
    state = apply(state, Gather(S, 0, 0))
    state = apply(state, Gather(F, 0, 0))  # player 1's own patch starts at its origin
    gathers = [a for a in legal_actions(state) if isinstance(a, Gather)]
    options = {(a.row, a.col) for a in gathers if a.tile is F}
    assert options == {(-1, 0), (0, -1), (0, 1), (1, 0)}
    with pytest.raises(IllegalAction) as caught:
        apply(state, Gather(F, 1, 1))
    assert (caught.value.code, caught.value.rule) == ("SOD.BAD_PLACE", "SOD-REV-2")
    end = run_until(state, lambda s: s.phase is Phase.WINTER)
    assert sum(len(p) for p in end.patches) == 16
    assert sorted(len(p) for p in end.patches) == [8, 8]


@pytest.mark.rule("SOD-REV-3")
def test_winter_flips_in_any_patch() -> None:
    state = run_until(
        initial_state(SodConfig(players=3, variant=Variant.REVERSE)),
        lambda s: s.phase is Phase.WINTER,
    )
    patches = {a.patch for a in legal_actions(state) if isinstance(a, Flip)}
    assert patches == {0, 1, 2}
    other = next(
        a for a in legal_actions(state) if isinstance(a, Flip) and a.patch != state.current
    )
    after = apply(state, other)
    assert len(after.patches[other.patch]) == len(state.patches[other.patch]) - 1


# -- fast paths agree with the exact lists -----------------------------------------------


@pytest.mark.rule("SOD-AUTUMN-1")
@given(
    cells=st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=14),
    limit=st.sampled_from([None, 4, 5]),
)
def test_is_open_agrees_with_open_places(cells: set[tuple[int, int]], limit: int | None) -> None:
    patch = tuple(Cell(r, c, F, True) for r, c in sorted(cells))
    # The domain: a patch already within the limit (SOD-INV-GRID).
    assume(limit is None or max(extent(patch)) <= limit)
    places = set(open_places(patch, limit))
    for row in range(-5, 6):
        for col in range(-5, 6):
            assert is_open(patch, (row, col), limit) == ((row, col) in places)


@pytest.mark.rule("SOD-AUTUMN-1")
@given(seed=st.integers(0, 2**20), players=st.sampled_from([2, 3, 4]))
@pytest.mark.parametrize("variant", list(Variant))
def test_fast_sampling_picks_what_the_list_would(seed: int, players: int, variant: Variant) -> None:
    """The sampler decodes an index into the legal list instead of building it: along a
    whole game it must choose exactly what indexing the full list would."""
    state = initial_state(SodConfig(players=players, variant=variant))
    rng = random.Random(seed)
    while to_move(state) != TERMINAL:
        if to_move(state) == CHANCE:
            state = apply(state, sample(chance_outcomes(state), rng))
            continue
        probe = rng.getstate()
        fast = sample_legal_action(state, rng)
        slow_rng = random.Random()
        slow_rng.setstate(probe)
        options = legal_actions(state)
        assert fast == options[slow_rng.randrange(len(options))]
        assert rng.getstate() == slow_rng.getstate()
        state = apply(state, fast)
