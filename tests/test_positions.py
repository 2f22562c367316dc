"""Position builders: a short description in, a whole validated state out, for Squirrel or
Die and Until Daylight; and content looked up by name. A built state is checked like any
state a client sends, and what the description leaves out is filled in the way the rules
would have it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dieproof.reference import game
from dieproof.reference.core.errors import InvalidConfig, InvalidState, RulesError
from dieproof.reference.core.types import CHANCE
from dieproof.reference.oracle.referee import Referee
from dieproof.reference.squirrel_or_die import rules as sod_rules
from dieproof.reference.squirrel_or_die.tiles import Tile
from dieproof.reference.squirrel_or_die.types import Flip, Phase, SodConfig, SodState, Step
from dieproof.reference.until_daylight.base import catalog, experience
from dieproof.reference.until_daylight.types import AttackWith, UdState
from dieproof.reference.until_daylight.types import Phase as UdPhase
from dieproof.reference.until_daylight.types import Step as UdStep

SOD = game("squirrel-or-die")
UD = game("until-daylight")


def sod(**description: Any) -> SodState:
    state = SOD.position(json.dumps(description))
    assert isinstance(state, SodState)
    return state


def ud(**description: Any) -> UdState:
    state = UD.position(json.dumps(description))
    assert isinstance(state, UdState)
    return state


def cell(row: int, col: int, tile: str, face_up: bool = False) -> dict[str, Any]:
    return {"row": row, "col": col, "tile": tile, "face_up": face_up}


# -- Squirrel or Die ---------------------------------------------------------------------------


def test_an_autumn_position_puts_the_rest_in_the_sack() -> None:
    state = sod(
        config={"players": 3},
        current=1,
        grid=[cell(0, 0, "skull"), cell(0, 1, "food", True), cell(1, 0, "food", True)],
        hands=[["food", "skull", "bomb"], ["food", "food", "cat"], ["skull", "skull", "food"]],
    )
    game_tiles = sod_rules.game_tiles(state.config)
    assert state.bag.total() == game_tiles.total() - 3 - 9
    assert state.bag.bomb == game_tiles.bomb - 1
    assert (state.phase, state.step, state.current) == (Phase.AUTUMN, Step.DRAW, 1)
    assert SOD.to_move(state) == CHANCE
    assert not SOD.invariants(state)


def test_the_step_is_the_one_the_rules_reach() -> None:
    # two players: 16 tiles in play, 10 on the grid (one face up) and 3 in each hand
    in_play = sod_rules.game_tiles(SodConfig(players=2))
    tiles = [t.value for t in Tile for _ in range(in_play.count(t))]
    places = [(r, c) for r in range(4) for c in range(4)][:10]
    grid = [cell(r, c, tiles[i], (r, c) == (0, 1)) for i, (r, c) in enumerate(places)]
    full = {"config": {"players": 2}, "grid": grid, "hands": [tiles[10:13], tiles[13:16]]}
    assert sod(**full).step is Step.SWAP  # the sack is empty, a face-up tile left
    start = [cell(0, 0, "food"), cell(0, 1, "food", True), cell(1, 0, "skull", True)]
    # a tile held: place it
    assert sod(config={"players": 2}, grid=start, held="skull").step is Step.PLACE
    # while the sack holds tiles: draw (every hand dealt its three)
    drawing = sod(config={"players": 2}, grid=start)
    assert drawing.step is Step.DRAW
    assert [hand.total() for hand in drawing.hands] == [3, 3]
    # Winter with the Confused Cat in hand: give it
    winter = sod(config={"players": 2}, phase="winter", held="cat", grid=start[:1])
    assert (winter.phase, winter.step) == (Phase.WINTER, Step.GIVE)


def test_a_winter_position_lays_the_rest_face_down_and_the_bomb_takes_a_player_out() -> None:
    state = sod(
        config={"players": 2},
        phase="winter",
        current=1,
        grid=[cell(0, 0, "bomb")],
        collected=[["skull"], ["skull"]],
    )
    assert state.bag.total() == 0
    assert all(not c.face_up for c in state.patches[0])
    assert len(state.patches[0]) == 16 - 2  # the 4 x 4 grid less the two flipped tiles
    assert state.step is Step.FLIP and state.last_autumn == 0
    after = SOD.apply(state, Flip(0, 0, 0))
    assert isinstance(after, SodState)
    assert after.out == (False, True)  # one skull and the Bomb's two: out
    assert after.result is not None and after.result.winners == (0,)


def test_players_with_as_many_skulls_as_lives_are_out() -> None:
    state = sod(
        config={"players": 3},
        phase="winter",
        collected=[["skull", "bomb"], ["skull", "skull", "skull", "love"], []],
        current=2,
    )
    assert state.out == (True, False, False)


def test_the_birdhouse_variant_places_its_landmark() -> None:
    state = sod(config={"players": 3, "variant": "birdhouse"})
    assert state.patches[0][0].tile is Tile.BIRDHOUSE and state.patches[0][0].face_up


def test_reverse_or_die_has_a_patch_per_seat() -> None:
    state = sod(
        config={"players": 2, "variant": "reverse"},
        patches=[[cell(0, 0, "food")], [cell(0, 0, "skull"), cell(1, 0, "bomb")]],
    )
    assert len(state.patches) == 2 and state.step is Step.GATHER


@pytest.mark.parametrize(
    ("description", "code"),
    [
        ({"current": 9}, "SOD.POSITION"),
        ({"grid": [cell(0, 0, "food"), cell(0, 0, "skull")]}, "SOD.POSITION"),
        ({"config": {"players": 2}, "hands": [["bomb", "bomb"]]}, "SOD.POSITION"),
        ({"hands": [[], [], [], [], []]}, "SOD.POSITION"),
        ({"patches": [[]]}, "SOD.POSITION"),
        ({"config": {"players": 9}}, "SOD.PLAYERS"),
        ({"colour": "red"}, "SOD.POSITION_JSON"),
        ({"grid": [cell(0, 0, "food"), cell(5, 5, "food")]}, "SOD.STATE_INVARIANT"),
        ({"hands": [["food"]]}, "SOD.STATE_INVALID"),  # one tile in hand while drawing
    ],
)
def test_impossible_descriptions_are_refused(description: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as caught:
        SOD.position(json.dumps(description))
    assert caught.value.code == code, caught.value


def test_a_key_given_twice_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        SOD.position('{"current": 0, "current": 1}')
    assert caught.value.code == "SOD.POSITION_JSON"


# -- Until Daylight ----------------------------------------------------------------------------


def test_characters_and_inventories_by_name() -> None:
    state = ud(
        characters=["pillar", "hipster", "trigger", "psycho"],
        inventories=[["basic-pillar", "gun", "gun-ammo", "gun-ammo"]],
    )
    cat = catalog(state.config)
    assert [cat.characters[i].name for i in state.characters] == [
        "pillar",
        "hipster",
        "trigger",
        "psycho",
    ]
    assert state.inventories[0][cat.index["gun-ammo"]] == 2
    # seats left out keep their basic weapon
    assert state.inventories[1][cat.index["basic-hipster"]] == 1
    assert state.health == tuple(cat.characters[i].health for i in state.characters)
    assert (state.phase, state.step) == (UdPhase.SEARCH, UdStep.CLOCK)
    assert not UD.invariants(state)


def test_the_decks_hold_the_rest() -> None:
    state = ud(
        characters=["pillar", "hipster", "trigger"],
        config={"players": 3},
        areas=[["raider", "monster"], [], ["survivor"]],
        saved=[1, 0, 0],
        monsters=[0, 2, 0],
    )
    printed = catalog(state.config).content.horde
    assert state.horde.raider == printed.raider - 1
    assert state.horde.monster == printed.monster - 3
    assert state.horde.survivor == printed.survivor - 2
    # the unchosen characters' basic weapons are in the rubble deck
    cat = catalog(state.config)
    assert state.rubble[cat.index["basic-psycho"]] == 1
    assert state.rubble[cat.index["basic-pillar"]] == 0


def test_the_characters_attack_and_the_leader() -> None:
    state = ud(
        characters=["pillar", "hipster", "psycho"],
        config={"players": 3},
        round=3,
        phase="attacks",
        active=1,
        acted=1,
        inventories=[["basic-pillar"], ["basic-hipster"], ["basic-psycho", "symbol", "symbol"]],
        areas=[[], ["raider", "wanderer"], []],
    )
    assert (state.phase, state.step, state.turn) == (UdPhase.ATTACKS, UdStep.ACT, 2)
    assert state.leader == 2 and experience(state, 2) == 2
    attacks = [a for a in UD.legal_actions(state) if isinstance(a, AttackWith)]
    assert {a.area for a in attacks} == {1}


@pytest.mark.parametrize(
    ("description", "code"),
    [
        ({"characters": ["pillar"]}, "UD.POSITION"),
        ({"characters": ["pillar", "pillar", "hipster", "psycho"]}, "UD.POSITION"),
        ({"characters": ["nobody", "pillar", "hipster", "psycho"]}, "UD.POSITION"),
        (
            {"characters": ["pillar", "hipster", "trigger", "psycho"], "inventories": [["x"]]},
            "UD.POSITION",
        ),
        ({"characters": ["pillar", "hipster", "trigger", "psycho"], "round": 11}, "UD.POSITION"),
        (
            {"characters": ["pillar", "hipster", "trigger", "psycho"], "monsters": [999]},
            "UD.POSITION",
        ),
        (
            {"characters": ["pillar", "hipster", "trigger", "psycho"], "health": [99]},
            "UD.STATE_INVARIANT",
        ),
        ({"characters": "pillar"}, "UD.POSITION_JSON"),
    ],
)
def test_impossible_until_daylight_descriptions_are_refused(
    description: dict[str, Any], code: str
) -> None:
    with pytest.raises(RulesError) as caught:
        UD.position(json.dumps(description))
    assert caught.value.code == code, caught.value


# -- content by name, and the referee ---------------------------------------------------------


def test_content_by_name() -> None:
    config = UD.default_config()
    names = UD.content(config)
    assert set(names) == {"character", "card", "objective"}
    assert UD.lookup(config, "character", "Psycho") == list(names["character"]).index("psycho")
    assert SOD.lookup(SOD.default_config(), "tile", "bomb") == 3
    with pytest.raises(InvalidConfig):
        UD.lookup(config, "character", "nobody")
    with pytest.raises(InvalidConfig):
        UD.lookup(config, "weather", "rain")


def test_the_referee_builds_positions() -> None:
    referee = Referee()
    answer = referee.answer(
        {
            "op": "position",
            "game": SOD.id,
            "position": {"config": {"players": 2}, "phase": "winter"},
        }
    )
    assert answer["ok"] is True, answer
    result = answer["result"]
    assert isinstance(result, dict)
    state = SOD.load_state(json.dumps(result["state"]))
    SOD.check_state(state)
    refused = referee.answer({"op": "position", "game": SOD.id, "position": {"current": 7}})
    assert refused["ok"] is False
    error = refused["error"]
    assert isinstance(error, dict) and error["code"] == "SOD.POSITION"
