"""Squirrel or Die: the default box keeps every rule reachable, and the edges of the
rulebook's text that the ambiguity log settles (SOD-A11, SOD-A15 to SOD-A18)."""

from __future__ import annotations

import random

import pytest

from dieproof.reference.core import CHANCE, TERMINAL, replace
from dieproof.reference.squirrel_or_die import (
    GAME,
    Cell,
    Flip,
    Gather,
    Hide,
    Phase,
    Place,
    Readings,
    SodConfig,
    SodState,
    Step,
    Take,
    Tile,
    Tiles,
    Variant,
    apply,
    initial_state,
    invariants,
    legal_actions,
)
from dieproof.reference.squirrel_or_die.content import DEFAULT_TILES
from dieproof.reference.squirrel_or_die.rules import extent, game_tiles, open_places
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER
from dieproof.spec import load

from .sod_helpers import draw, run_until

F, S, B = Tile.FOOD, Tile.SKULL, Tile.BIRDHOUSE


def _play(config: SodConfig, seed: int) -> tuple[SodState, set[str]]:
    """A seeded random game under ``config``; its last state and every rule its steps
    name (:meth:`Game.step_rules`) or its result gives."""
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    seen: set[str] = set()
    while GAME.to_move(state) != TERMINAL:
        if GAME.to_move(state) == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = GAME.sample_legal_action(state, rng)
        after = GAME.apply(state, action)
        seen.update(GAME.step_rules(state, action, after))
        state = after
    result = GAME.result(state)
    assert result is not None
    seen.add(result.rule)
    return state, seen


# -- SOD-A1: the default box leaves every rule reachable ----------------------------------


def _skull_equivalents(tiles: Tiles) -> int:
    return tiles.skull + 2 * tiles.bomb + tiles.cat


@pytest.mark.rule("SOD-END-2", "SOD-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_default_box_leaves_room_for_a_tie(players: int) -> None:
    # A tie needs two players still in, each short of their lives, when the last tile is
    # flipped: the skull-equivalents in play must fall at least two short of the lives.
    tiles = game_tiles(SodConfig(players=players))
    lives = 3 * players + tiles.love
    assert _skull_equivalents(tiles) <= lives - 2
    assert (
        Tiles(food=14, skull=8, birdhouse=1, bomb=1, again=1, sleepy=1, love=1, cat=1)
        == DEFAULT_TILES
    )


@pytest.mark.rule("SOD-END-2", "SOD-END-1")
@pytest.mark.parametrize("config", GAME.configs(), ids=lambda c: f"{c.players}p-{c.variant.value}")
def test_both_endings_happen_in_default_games(config: SodConfig) -> None:
    # "In the unlikely event of a tie": unlikely, not impossible. Under the default box
    # seeded random games of every official configuration end both ways.
    endings: set[str] = set()
    for seed in range(200):
        state, _ = _play(config, seed)
        assert state.result is not None
        endings.add(state.result.rule)
        if endings == {"SOD-END-1", "SOD-END-2"}:
            break
    assert endings == {"SOD-END-1", "SOD-END-2"}


SETUP_RULES = {
    Variant.BASIC: {"SOD-SETUP-1", "SOD-SETUP-3"},
    Variant.BIRDHOUSE: {"SOD-SETUP-1", "SOD-SETUP-3", "SOD-BIRD-1"},
    Variant.REVERSE: {"SOD-SETUP-1", "SOD-SETUP-3", "SOD-REV-1"},
}
"""The rules :func:`initial_state` carries out for each variant (no step names them)."""


@pytest.mark.rule("SOD-END-2", "SOD-SPECIAL-5", "SOD-REV-3", "SOD-BIRD-3")
def test_every_rule_is_reachable_under_the_default_box() -> None:
    # Every rule of the specification decides a step of some seeded random game played
    # with the default box, in one of the official configurations.
    # The setup rules decide the initial state of every game of their configuration.
    wanted = {rule.id for rule in load(GAME.id).rules}
    seen: set[str] = set()
    for seed in range(40):
        for config in GAME.configs():
            seen |= _play(config, seed)[1] | SETUP_RULES[config.variant]
        if wanted <= seen:
            break
    assert sorted(wanted - seen) == []


# -- SOD-A11: the birdhouse in three-player Reverse or Die ------------------------------


@pytest.mark.rule("SOD-END-2", "SOD-REV-3")
@pytest.mark.parametrize(("reading", "winners"), [("not_food", (1,)), ("food", (0, 1))])
def test_the_birdhouse_counts_in_a_three_player_reverse_tie(
    reading: str, winners: tuple[int, ...]
) -> None:
    # The three-player removal keeps the birdhouse, and in Reverse or Die it is gathered
    # into a patch and flipped like any tile: the tie-break reading matters there too.
    readings = Readings(birdhouse_tiebreak=reading)  # type: ignore[arg-type]
    config = SodConfig(players=3, variant=Variant.REVERSE, readings=readings)
    assert game_tiles(config).birdhouse == 1
    # Winter's last flip: the birdhouse in player 0's patch; player 2 is out.
    piles = (
        Tiles(food=6, again=1, sleepy=1, love=1),
        Tiles(food=7),
        Tiles(food=1, skull=5, bomb=1, cat=1),
    )
    state = replace(
        initial_state(config),
        phase=Phase.WINTER,
        step=Step.FLIP,
        bag=Tiles(),
        patches=((Cell(0, 0, B, False),), (), ()),
        collected=piles,
        out=(False, False, True),
        last_autumn=2,  # Autumn's last turn, as every Winter has one (SOD-INV-STEP)
    )
    assert invariants(state) == ()
    after = apply(state, Flip(0, 0, 0))
    assert after.collected[0].birdhouse == 1
    assert after.result is not None and after.result.rule == "SOD-END-2"
    assert after.result.winners == winners


# -- SOD-A15: an empty hand during the face-down placements --------------------------------


@pytest.mark.rule("SOD-AUTUMN-4")
@pytest.mark.parametrize("variant", [Variant.BASIC, Variant.BIRDHOUSE])
def test_hands_stay_even_so_no_turn_is_skipped(variant: Variant) -> None:
    # From the rulebook's setup every hand holds three tiles when the face-down
    # placements begin, and the hands run out in the same round: nobody is skipped.
    for seed in range(20):
        state = run_until(
            initial_state(SodConfig(players=3, variant=variant)),
            lambda s: (
                s.step is Step.HIDE
                and s.bag.total() == 0
                and not _face_up(s)
                and all(hand.total() == 3 for hand in s.hands)
            ),
            seed=seed,
        )
        assert [hand.total() for hand in state.hands] == [3, 3, 3]
        turns = []
        while state.phase is Phase.AUTUMN:
            turns.append(state.current)
            state = apply(state, legal_actions(state)[0])
        assert turns == [(turns[0] + k) % 3 for k in range(9)]


def _face_up(state: SodState) -> bool:
    return any(c.face_up and c.tile is not B for c in state.patches[0])


@pytest.mark.rule("SOD-AUTUMN-4", "SOD-AUTUMN-5")
def test_an_empty_hand_is_skipped_in_a_given_position() -> None:
    # SOD-A15: in a position with uneven hands (a referee may be given one), a player
    # with nothing to place is passed over, and Autumn still ends with the full grid.
    config = SodConfig(players=2)
    tiles = game_tiles(config)
    kinds = [tile for tile in TILE_ORDER for _ in range(tiles.count(tile))]
    places = [(r, c) for r in range(4) for c in range(4)]
    board = tuple(
        Cell(r, c, tile, False) for (r, c), tile in zip(places[:14], kinds[:14], strict=True)
    )
    rest = Tiles()
    for tile in kinds[14:]:
        rest = rest.add(tile)
    assert rest.total() == 2
    state = replace(
        initial_state(config),
        phase=Phase.AUTUMN,
        step=Step.HIDE,
        current=0,
        bag=Tiles(),
        patches=(board,),
        hands=(rest, Tiles()),
    )
    assert invariants(state) == ()
    GAME.check_state(state)
    kind = rest.kinds()[0]
    state = apply(state, Hide(kind, 3, 2))
    assert state.phase is Phase.AUTUMN and state.current == 0  # player 1 has no tile
    last = rest.add(kind, -1).kinds()[0]
    state = apply(state, Hide(last, 3, 3))
    assert state.phase is Phase.WINTER and len(state.patches[0]) == 16


# -- SOD-A16: a Reverse or Die patch has no span limit --------------------------------------


@pytest.mark.rule("SOD-REV-2")
def test_a_reverse_patch_may_grow_past_the_grid_limit() -> None:
    # "Any shape they desire": a line of six tiles is a patch; the basic game's limit of
    # five (four with two players) does not apply to private patches.
    state = initial_state(SodConfig(players=4, variant=Variant.REVERSE))
    for col in range(6):
        for _ in range(4):  # each player in turn adds a tile to the end of their line
            state = apply(state, Gather(state.bag.kinds()[0], 0, col))
    assert extent(state.patches[0]) == (1, 6)
    assert invariants(state) == ()
    assert state.current == 0 and state.bag.total() == 1
    assert Gather(state.bag.kinds()[0], 0, 6) in legal_actions(state)
    assert (0, 6) in open_places(state.patches[0], None)


# -- SOD-A17 and SOD-A18: the birdhouse variant --------------------------------------------


@pytest.mark.rule("SOD-BIRD-2")
def test_a_take_may_leave_a_tile_joined_only_at_a_corner() -> None:
    # The 2x2 start with the birdhouse at (0, 0); a tile placed at (0, 2), then the take
    # of (0, 1) leaves (0, 2) touching the grid only at the corner of (1, 1). The take is
    # legal ("any faceup tile"), and the hole is a legal place to hide into.
    config = SodConfig(players=4, variant=Variant.BIRDHOUSE)
    state = draw(initial_state(config), F, S, F, *[S] * 6, *[F] * 6, F)
    assert state.step is Step.PLACE
    state = apply(state, Place(0, 2))
    state = apply(state, Take(0, 1))
    places = {(c.row, c.col) for c in state.patches[0]}
    assert places == {(0, 0), (1, 0), (1, 1), (0, 2)}  # (0, 2) meets (1, 1) at a corner
    assert invariants(state) == ()
    assert Hide(S, 0, 1) in legal_actions(state)
    end = run_until(state, lambda s: s.phase is not Phase.AUTUMN)
    assert len(end.patches[0]) == 25 and max(extent(end.patches[0])) == 5


@pytest.mark.rule("SOD-AUTUMN-5", "SOD-BIRD-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_birdhouse_autumn_ends_with_the_landmark_face_up(players: int) -> None:
    # "Autumn ends when all the tiles are facedown": in the variant every tile but the
    # birdhouse, which stays face up; Winter flips the other tiles only.
    config = SodConfig(players=players, variant=Variant.BIRDHOUSE)
    state = run_until(initial_state(config), lambda s: s.phase is Phase.WINTER, seed=players)
    up = [c for c in state.patches[0] if c.face_up]
    assert up == [Cell(0, 0, B, True)]
    side = 4 if players == 2 else 5
    assert len(state.patches[0]) == side * side
    flips = [a for a in legal_actions(state) if isinstance(a, Flip)]
    assert len(flips) == side * side - 1
