"""Don't Let It Die with a user's own components (the configuration's ``content``): each
component replaced changes the game as printed, a content the rules cannot play is refused
with one line (``DLID.CONTENT``; exit 2 through the command), the schema describes it, and
the content record names what the user replaced."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from dieproof.reference import game
from dieproof.reference.cli import main
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import CHANCE, TERMINAL
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.game import invariants
from dieproof.reference.dont_let_it_die.types import (
    GATHER,
    WOOD,
    CardDrawn,
    DieRolled,
    DlidConfig,
    DlidContent,
    DlidState,
    DrawCard,
    EndTurn,
    Investigate,
    UserCard,
    UserCharacter,
    UserDiscovery,
    UserNightEvent,
    UserTree,
)
from dieproof.reference.oracle.content import content_json

from .dlid_helpers import at_turn, event, night_of, play

GAME = game("dont-let-it-die")
KARA = 2


def load(content_json_: dict[str, object], **config: object) -> DlidConfig:
    """A configuration decoded from JSON, as a user writes it."""
    loaded = GAME.load_config(json.dumps({**config, "content": content_json_}))
    assert isinstance(loaded, DlidConfig)
    return loaded


# -- each component replaced ---------------------------------------------------------------


@pytest.mark.rule("DLID-BOX-1")
def test_the_default_content_is_the_same_with_or_without_an_empty_content() -> None:
    plain, empty = DlidConfig(), DlidConfig(content=DlidContent())
    assert rules.initial_state(plain).members == rules.initial_state(empty).members
    assert GAME.components(plain) == GAME.components(empty)
    assert '"content"' not in GAME.dump_config(plain)  # the default's JSON is unchanged


@pytest.mark.rule("DLID-BOX-1")
def test_a_users_character_cards() -> None:
    config = load(
        {
            "characters": [
                {"name": "Kara", "health": 9, "stamina": 3, "starts_with": "Sharp Stick"},
                {"name": "Gronk", "health": 5, "stamina": 6, "weapon_slots": 3},
            ]
        }
    )
    state = rules.initial_state(config)
    kara, gronk = state.members[KARA], state.members[0]
    assert (kara.hp, kara.max_hp, kara.stamina, kara.max_stamina) == (9, 9, 3, 3)
    assert kara.weapons == (content.SHARP_STICK,)
    assert (gronk.hp, gronk.stamina) == (5, 6)
    assert content.box(config).characters[0].weapon_slots == 3
    # the skills stay the rulebook's
    assert content.box(config).characters[0].skills == content.CHARACTERS[0].skills


@pytest.mark.rule("DLID-BOX-1")
def test_a_users_deck_and_animals() -> None:
    config = load(
        {
            "gather": [
                {"name": "Cave Bear", "kind": "danger", "life": 2, "damage": 3},
                {"name": "5 wood", "kind": "resource", "token": "wood", "amount": 5, "count": 3},
            ],
            "animals": [{"name": "Beast", "life": 4, "damage": 5}],
        }
    )
    state = at_turn(rules.initial_state(config), KARA)
    state = play(state, DrawCard(GATHER))
    assert rules.chance_outcomes(state) == (
        (CardDrawn(0), Fraction(1, 4)),
        (CardDrawn(1), Fraction(3, 4)),
    )
    after = play(state, CardDrawn(1))
    assert after.tokens[WOOD] == 5
    beasts = [c for deck in content.box(config).decks for c in deck if c.name == "Beast"]
    assert beasts and all((c.life, c.damage) == (4, 5) for c in beasts)


@pytest.mark.rule("DLID-BOX-1")
def test_a_users_fire_die() -> None:
    config = load({"fire_die": [3, 3, 0]})
    state = at_turn(rules.initial_state(config), KARA)
    state = play(state, Investigate())
    assert rules.chance_outcomes(state) == (
        (DieRolled(0), Fraction(1, 3)),
        (DieRolled(3), Fraction(2, 3)),
    )


@pytest.mark.rule("DLID-BOX-1", "DLID-MORNING-1")
def test_a_users_wood_schedule_on_each_side() -> None:
    schedule = [2] * 14
    for side, field in (("normal", "wood_normal"), ("hard", "wood_hard")):
        config = load({field: schedule}, tracker=side)
        assert [content.wood_of(config, d) for d in range(1, 15)] == schedule
        state = event(night_of(rules.initial_state(config)), "Calm night")
        assert (state.day, state.pit) == (2, 1), side  # 3 - the user's 2
    # the other side keeps the default
    config = load({"wood_hard": schedule})
    assert content.wood_of(config, 1) == content.WOOD_NORMAL[0]


@pytest.mark.rule("DLID-BOX-1", "DLID-NIGHT-1")
def test_a_users_night_deck() -> None:
    config = load(
        {
            "night_events": [
                {"name": "Quiet", "effect": "calm", "count": 3},
                {"name": "Raiders", "effect": "steal", "token": "meat"},
                {"name": "Feast", "effect": "dead-boar", "amount": 4},
            ]
        }
    )
    state = rules.initial_state(config)
    assert state.night_deck == (3, 1, 1)
    state = night_of(state)
    assert [p for _, p in rules.chance_outcomes(state)] == [
        Fraction(3, 5),
        Fraction(1, 5),
        Fraction(1, 5),
    ]


@pytest.mark.rule("DLID-BOX-1", "DLID-FKP-1")
def test_a_users_tree() -> None:
    tree = {
        "name": "easy",
        "discoveries": [
            {"name": "warmth-1", "cost": 1},
            {"name": "crafting-1", "cost": 2, "requires": ["warmth-1"]},
            {"name": "fire-starter", "cost": 3, "requires": ["warmth-1", "crafting-1"]},
        ],
    }
    config = load({"trees": [tree]}, tree="easy")
    state = rules.initial_state(config)
    assert [d.name for d in content.box(config).tree] == ["warmth-1", "crafting-1", "fire-starter"]
    assert content.box(config).tree[2].requires == (0, 1)
    assert len(state.placed) == len(state.unlocked) == 3
    # the other trees keep the default
    assert content.box(load({"trees": [tree]})).tree == content.TREES["normal"]


@pytest.mark.rule("DLID-BOX-1")
def test_random_games_with_a_users_content_keep_the_invariants_and_end() -> None:
    own = DlidContent(
        characters=(UserCharacter("Gronk", 10, 10, 2, 1),),
        hunt=(
            UserCard("Mammoth", "danger", 2, life=3, damage=4),
            UserCard("4 meat", "resource", 3, token="meat", amount=4),
        ),
        night_events=(
            UserNightEvent("Calm", "calm", 2),
            UserNightEvent("Storm", "rainstorm"),
            UserNightEvent("Thieves", "steal", token="wood"),
        ),
        trees=(
            UserTree(
                "normal",
                (
                    UserDiscovery("crafting-1", 1),
                    UserDiscovery("fire-starter", 2, ("crafting-1",)),
                ),
            ),
        ),
        fire_die=(1, 2, 3),
        wood_normal=(0,) * 14,
    )
    config = DlidConfig(content=own)
    rng = random.Random(5)
    endings = set()
    for _ in range(20):
        state = rules.initial_state(config)
        for _ in range(5_000):
            who = rules.to_move(state)
            if who == TERMINAL:
                break
            if who == CHANCE:
                action = rules.sample_chance(state, rng)
            else:
                action = rules.sample_legal_action(state, rng)
            state = rules.apply(state, action)
            assert not invariants(state)
        assert state.result is not None
        endings.add(state.result.rule)
    assert "DLID-END-1" in endings  # the user's short tree is won


# -- refused content -------------------------------------------------------------------------

BAD: tuple[tuple[dict[str, object], str], ...] = (
    ({"characters": [{"name": "Ugg", "health": 5, "stamina": 5}]}, "no character 'Ugg'"),
    (
        {"characters": [{"name": "Kara", "health": 5, "stamina": 5}] * 2},
        "character 'Kara' is given twice",
    ),
    ({"characters": [{"name": "Kara", "health": 11, "stamina": 5}]}, "health must be 1 to 10"),
    ({"characters": [{"name": "Kara", "health": 5, "stamina": 0}]}, "stamina must be 1 to 10"),
    (
        {"characters": [{"name": "Kara", "health": 5, "stamina": 5, "tool_slots": 4}]},
        "tool_slots must be 0 to 3",
    ),
    (
        {"characters": [{"name": "Kara", "health": 5, "stamina": 5, "starts_with": "Axe"}]},
        "no item 'Axe'",
    ),
    (
        {
            "characters": [
                {
                    "name": "Zeebo",
                    "health": 5,
                    "stamina": 5,
                    "tool_slots": 0,
                    "starts_with": "Bag",
                }
            ]
        },
        "has no slot",
    ),
    ({"forage": []}, "the forage deck's number of cards must be 1 to"),
    (
        {"forage": [{"name": "x", "kind": "resource", "token": "gold", "amount": 1}]},
        "no resource 'gold'",
    ),
    (
        {"forage": [{"name": "x", "kind": "resource", "token": "berry", "amount": 9}]},
        "amount must be 1 to 8",
    ),
    ({"hunt": [{"name": "Bear", "kind": "danger", "life": 0, "damage": 2}]}, "life must be 1"),
    (
        {"hunt": [{"name": "Bear", "kind": "danger", "life": 2, "damage": 2, "count": 11}]},
        "count must be 1 to 10",
    ),
    ({"hunt": [{"name": "Bear", "kind": "danger", "life": 2, "token": "meat"}]}, "only a resource"),
    ({"gather": [{"name": "a", "kind": "nothing"}] * 2}, "gather card 'a' is given twice"),
    ({"animals": [{"name": "Dragon", "life": 3, "damage": 3}]}, "animal 'Dragon' is no Danger!"),
    ({"animals": [{"name": "Boar", "life": 3, "damage": 11}]}, "damage must be 0 to 10"),
    ({"night_events": []}, "the night deck's number of events must be 1"),
    ({"night_events": [{"name": "X", "effect": "flood"}]}, "no effect 'flood'"),
    ({"night_events": [{"name": "X", "effect": "steal"}]}, "no resource ''"),
    ({"night_events": [{"name": "X", "effect": "calm", "amount": 2}]}, "only heal-all"),
    ({"night_events": [{"name": "X", "effect": "heal-all"}]}, "amount must be 1 to 8"),
    ({"night_events": [{"name": "X", "effect": "calm", "count": 6}]}, "count must be 1 to 5"),
    (
        {"trees": [{"name": "easy", "discoveries": [{"name": "warmth-1", "cost": 2}]}]},
        "the easy tree has no fire-starter",
    ),
    (
        {"trees": [{"name": "easy", "discoveries": [{"name": "fire-mastery", "cost": 2}]}]},
        "no discovery 'fire-mastery'",
    ),
    (
        {
            "trees": [
                {
                    "name": "hard",
                    "discoveries": [{"name": "fire-starter", "cost": 5, "requires": ["hunt-1"]}],
                }
            ]
        },
        "requires 'hunt-1', which the tree does not hold",
    ),
    (
        {
            "trees": [
                {
                    "name": "hard",
                    "discoveries": [
                        {"name": "warmth-1", "cost": 5, "requires": ["fire-starter"]},
                        {"name": "fire-starter", "cost": 5, "requires": ["warmth-1"]},
                    ],
                }
            ]
        },
        "the arrows make a circle",
    ),
    (
        {"trees": [{"name": "hard", "discoveries": [{"name": "fire-starter", "cost": 41}]}]},
        "cost must be 1 to 40",
    ),
    ({"fire_die": []}, "number of faces must be 1 to 12"),
    ({"fire_die": [1, 4]}, "a Fire Die face must be 0 to 3, not 4"),
    ({"wood_normal": [1] * 13}, "wood_normal must give the wood of days 1 to 14, not 13"),
    ({"wood_hard": [1] * 13 + [9]}, "wood_hard of day 14 must be 0 to 8, not 9"),
)


@pytest.mark.rule("DLID-BOX-1")
@pytest.mark.parametrize(("given", "says"), BAD, ids=[says for _, says in BAD])
def test_a_content_the_rules_cannot_play_is_refused_with_one_line(
    given: dict[str, object], says: str
) -> None:
    with pytest.raises(InvalidConfig) as refused:
        load(given)
    assert refused.value.code == "DLID.CONTENT"
    assert says in refused.value.message and "\n" not in refused.value.message
    with pytest.raises(InvalidConfig):  # the API refuses it too
        rules.initial_state(DlidConfig(content=_decoded(given)))


def _decoded(given: dict[str, object]) -> DlidContent:
    """The content decoded without validation (what a caller of the API may build)."""
    import msgspec

    return msgspec.json.decode(json.dumps(given), type=DlidContent)


@pytest.mark.rule("DLID-BOX-1")
def test_a_misspelt_field_is_a_config_json_error() -> None:
    with pytest.raises(InvalidConfig) as refused:
        load({"decks": []})
    assert refused.value.code == "DLID.CONFIG_JSON"


@pytest.mark.rule("DLID-BOX-1")
def test_the_command_refuses_a_bad_content_with_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"content": {"fire_die": [7]}}))
    code = main(["play", "dont-let-it-die", "--config", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and not out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "DLID.CONTENT" in lines[0] and "Fire Die face" in lines[0]


# -- schema and content record -----------------------------------------------------------------


@pytest.mark.rule("DLID-BOX-1")
def test_the_schema_describes_a_users_content() -> None:
    schema = GAME.schemas()["config"]
    validator = Draft202012Validator(schema)
    good = {
        "content": {
            "characters": [{"name": "Kara", "health": 8, "stamina": 5}],
            "gather": [{"name": "nothing", "kind": "nothing"}],
            "fire_die": [0, 1, 2, 3],
        }
    }
    assert not list(validator.iter_errors(good))
    assert list(validator.iter_errors({"content": {"gather": [{"name": "x", "kind": "gold"}]}}))
    defs = schema["$defs"]
    assert isinstance(defs, dict)
    described = json.dumps(defs["DlidContent"])
    assert "replaces" in described and "Fire Die" in described


@pytest.mark.rule("DLID-BOX-1")
def test_the_content_record_says_user_for_what_the_content_replaced() -> None:
    config = load({"gather": [{"name": "nothing", "kind": "nothing"}], "wood_normal": [1] * 14})
    sources = {c.name: c.source for c in GAME.components(config)}
    assert sources["resource decks"] == "user"
    assert sources["the Day Tracker (normal side)"] == "user"
    assert sources["characters"] == "public" and sources["night events"] == "public"
    assert content_json(GAME, config)["sha256"] != content_json(GAME, DlidConfig())["sha256"]
    gather = next(c for c in GAME.components(config) if c.name == "resource decks")
    assert "gather: nothing (nothing) x1" in gather.items


@pytest.mark.rule("DLID-BOX-1")
def test_the_worked_example_of_a_users_cards() -> None:
    example = next(e for e in GAME.examples() if e.name == "box-1-a-users-own-cards")
    state = GAME.example_start(example)
    for action in example.actions:
        state = GAME.apply(state, action)
    assert isinstance(state, DlidState)
    assert state.members[KARA].hp == 5 and state.tokens[WOOD] == 3
    assert re.fullmatch(r"[0-9a-f]{64}", str(content_json(GAME, example.config)["sha256"]))
    assert EndTurn() in GAME.legal_actions(state)
