"""Doom and Bloom SURVIVAL!: the board as data (loader, checks, default board, schema),
and the draft specification's own traceability while the game is not registered."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.doom_and_bloom.board import (
    board_schema,
    default_board,
    load_board,
    topology,
)
from dieproof.reference.doom_and_bloom.rules import initial_state
from dieproof.reference.doom_and_bloom.types import Board, DabConfig

DATA = Path(__file__).resolve().parent.parent / "reference" / "doom_and_bloom" / "data"


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "board.json").read_text())
    return data


def _space(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in data["spaces"] if s["id"] == name)
    return found


def _unknown_kind(d: dict[str, Any]) -> None:
    _space(d, "r3c6")["kind"] = "swamp"


def _center_eleven(d: dict[str, Any]) -> None:
    d["edges"] = [e for e in d["edges"] if e != ["center-city", "r3c5"]]


def _region_without_crossing(d: dict[str, Any]) -> None:
    for s in d["spaces"]:
        if s["kind"] == "crossing" and s.get("region") == "peaks":
            s["kind"] = "empty"
            del s["region"]
            s["arrows"] = []


def _unreachable_town(d: dict[str, Any]) -> None:
    d["edges"] = [e for e in d["edges"] if "r9c1" not in e]


def _arrow_into_nowhere(d: dict[str, Any]) -> None:
    _space(d, "r3c4")["arrows"] = ["r2c3", "r99c99"]


def _border_edge(d: dict[str, Any]) -> None:
    d["edges"].append(["r2c3", "r2c4"])


def _unknown_town(d: dict[str, Any]) -> None:
    town = next(s for s in d["spaces"] if s["kind"] == "town")
    town["town"] = "Atlantis"


def _edge_twice(d: dict[str, Any]) -> None:
    d["edges"].append(list(reversed(d["edges"][0])))


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "edge twice": (_edge_twice, "is listed twice"),
    "unknown town": (_unknown_town, "names no town of the town list"),
    "unknown kind": (_unknown_kind, "Invalid enum value 'swamp'"),
    "center": (_center_eleven, "Center City is joined to 11 spaces"),
    "region": (_region_without_crossing, "region 'peaks' has no crossing"),
    "town": (_unreachable_town, "town 'Bloomfield' cannot be reached"),
    "arrow": (_arrow_into_nowhere, "arrow into nowhere ('r99c99')"),
    "border": (_border_edge, "crosses an impassable border"),
}


@pytest.mark.rule("DAB-BOARD-1")
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_board_is_refused_in_one_line(case: str) -> None:
    data = _raw()
    mutate, message = BROKEN[case]
    mutate(data)
    with pytest.raises(InvalidConfig) as caught:
        load_board(json.dumps(data))
    assert message in caught.value.message
    assert "\n" not in caught.value.message and caught.value.code == "DAB.BOARD"


@pytest.mark.rule("DAB-BOARD-1")
def test_a_users_board_in_the_config_is_checked() -> None:
    data = _raw()
    _center_eleven(data)
    import msgspec

    board = msgspec.json.decode(json.dumps(data), type=Board)
    with pytest.raises(InvalidConfig):
        initial_state(DabConfig(board=board))
    good = msgspec.json.decode(json.dumps(_raw()), type=Board)
    assert initial_state(DabConfig(board=good)).config.board == good


@pytest.mark.rule("DAB-BOARD-1", "DAB-MOVE-3")
def test_the_default_board_has_every_feature_and_says_provisional() -> None:
    board = default_board()
    assert board.provisional and "provisional" in board.source
    top = topology(board)
    kinds = top.kinds
    assert kinds.count("center") == 1 and len(top.steps[top.center]) == 12
    assert len(board.towns) == 6 and kinds.count("town") == 6
    assert kinds.count("hospital") == 4
    assert "raider" in kinds and "forest" in kinds
    raider_icons = [top.icons[i] for i, k in enumerate(kinds) if k == "raider"]
    assert any(i >= 0 for i in raider_icons) and any(i < 0 for i in raider_icons)
    assert {r.terrain for r in board.regions} == {"water", "mountain"}
    for g in range(len(board.regions)):
        crossings = [c for c, x in enumerate(top.gateway) if x == g]
        assert crossings and all(top.arrows[c] for c in crossings)
        inside = [i for i, r in enumerate(top.regions) if r == g]
        assert any(top.icons[i] >= 0 for i in inside) and any(top.icons[i] < 0 for i in inside)
    forest = [i for i, k in enumerate(kinds) if k == "forest"]
    assert all(f not in top.steps[s] for s in range(len(kinds)) for f in forest)


def test_the_committed_schema_is_current_and_the_board_matches_it() -> None:
    import jsonschema

    schema = json.loads((DATA / "board.schema.json").read_text())
    assert schema == json.loads(json.dumps(board_schema()))
    jsonschema.validate(_raw(), schema)


# -- the specification ------------------------------------------------------------------

SPEC = Path(__file__).resolve().parent.parent / "spec" / "doom-and-bloom.toml"


def test_the_spec_parses_and_its_readings_default_as_the_config() -> None:
    from dieproof.spec import parse

    spec = parse(SPEC.read_text(encoding="utf-8"), SPEC.name, "doom-and-bloom")
    config = DabConfig()
    for a in spec.ambiguity:
        if a.config is not None:
            field = a.config.split(".")[-1]
            assert getattr(config.readings, field) == a.default
