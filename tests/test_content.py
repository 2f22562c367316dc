"""Content honesty (issue 7, item 15): every game lists its components with their
sources; every vector case and every referee game says which content it assumes and
which of it is provisional."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from dieproof.reference import game
from dieproof.reference.cli import main
from dieproof.reference.oracle import vectors
from dieproof.reference.oracle.content import content_json
from dieproof.reference.oracle.referee import Referee
from dieproof.reference.oracle.schemas import schemas
from dieproof.reference.squirrel_or_die import SodConfig, Tiles
from dieproof.reference.until_daylight import UdConfig
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.spec import load

GAMES = ("squirrel-or-die", "until-daylight")
COMMITTED = Path(__file__).resolve().parent.parent / "spec" / "vectors"

UD_PROVISIONAL = [
    "character health",
    "character abilities",
    "inventory slots",
    "rubble cards",
    "horde deck",
    "combat die",
    "craft recipes",
    "objectives",
]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_provisional_component_is_listed_and_logged(game_id: str) -> None:
    g = game(game_id)
    found = g.components(g.default_config())
    assert found and all(c.source in ("rulebook", "public", "provisional") for c in found)
    ambiguities = {a.id for a in load(game_id).ambiguities}
    for component in g.provisional(g.default_config()):
        assert component.items, component.name  # listed, not only "partly"
        cited = set(re.findall(rf"{g.prefix}-A\d+", component.citation))
        assert cited and cited <= ambiguities, component.citation


def test_squirrel_or_die_names_its_provisional_tile_mix() -> None:
    g = game("squirrel-or-die")
    record = content_json(g, g.default_config())
    assert record["provisional"] == ["the tile mix"]
    mix = next(c for c in g.components(g.default_config()) if c.name == "the tile mix")
    assert mix.items[:2] == ("food: 14", "skull: 8")
    printed = SodConfig(
        tiles=Tiles(food=13, skull=9, birdhouse=1, bomb=1, again=1, sleepy=1, love=1, cat=1)
    )
    assert content_json(g, printed)["provisional"] == []
    assert content_json(g, printed)["sha256"] != record["sha256"]


def test_until_daylight_names_its_provisional_components() -> None:
    g = game("until-daylight")
    assert content_json(g, g.default_config())["provisional"] == UD_PROVISIONAL
    health = next(c for c in g.components(g.default_config()) if c.name == "character health")
    assert health.items == (
        "pillar: 10",
        "hipster: 7",
        "trigger: 8",
        "haggler: 6",
        "drifter: 9",
        "psycho: 11",
    )
    own = UdConfig(content=DEFAULT_CONTENT)  # the same box, spelled out: the user's own
    assert content_json(g, own)["provisional"] == []
    sources = {c.name: c.source for c in g.components(own)}
    assert sources["combat die"] == "user" and sources["enemies"] == "rulebook"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_committed_case_records_its_content(game_id: str) -> None:
    g = game(game_id)
    seen_provisional = seen_none = 0
    for path in sorted((COMMITTED / game_id).rglob("*.json")):
        case: Any = vectors.read(path)
        assert case["content"] == content_json(g, case["config"]), path
        names = case["content"]["provisional"]
        seen_provisional += bool(names)
        seen_none += not names
    assert seen_provisional and seen_none  # default boxes and boxes spelled out


def test_a_case_with_the_wrong_content_fails() -> None:
    path = COMMITTED / "until-daylight" / "random" / "3p-seed-0.json"
    case: Any = vectors.read(path)
    assert vectors.check_case(case, game).ok
    case["content"] = {"provisional": [], "sha256": "0" * 64}
    case["_info"]["sha256"] = vectors.case_sha256(case)
    report = vectors.check_case(case, game)
    assert not report.ok and "content differs" in str(report.problem)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_vector_schema_requires_the_content_record(game_id: str) -> None:
    vector: Any = schemas(game(game_id))["vector"]
    assert "content" in vector["required"]
    record = vector["properties"]["content"]
    if "$ref" in record:  # the record is shared with the referee's answer to new
        record = vector["$defs"][record["$ref"].rsplit("/", 1)[-1]]
    assert set(record["required"]) == {"provisional", "sha256"}
    assert "provisional placeholders" in record["properties"]["provisional"]["description"]


def test_the_referee_says_which_content_a_game_assumes() -> None:
    referee = Referee()
    info: Any = referee.answer({"id": 1, "op": "info"})
    listed = {g["id"]: g["provisional"] for g in info["result"]["games"]}
    assert listed["until-daylight"] == UD_PROVISIONAL
    assert listed["squirrel-or-die"] == ["the tile mix"]
    new: Any = referee.answer({"id": 2, "op": "new", "game": "until-daylight"})
    assert new["ok"] is True
    assert new["result"]["content"]["provisional"] == UD_PROVISIONAL
    box = json.loads(game("until-daylight").dump_config(UdConfig(content=DEFAULT_CONTENT)))
    own: Any = referee.answer({"id": 3, "op": "new", "game": "until-daylight", "config": box})
    assert own["result"]["content"]["provisional"] == []


def test_the_components_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["components", "until-daylight", "--json"]) == 0
    listed = msgspec.json.decode(capsys.readouterr().out)
    assert [c["name"] for c in listed if c["source"] == "provisional"] == UD_PROVISIONAL
    assert main(["components", "no-such-game"]) != 0
