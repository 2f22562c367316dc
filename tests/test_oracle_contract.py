"""The oracle's contract, written down: every field of every registered game described in
its JSON Schemas, an order for every action type, the orders the contracts state holding
of the lists the games produce, every reading's meaning in the config schema, a schema
for every referee answer, the guide's committed generated part current, and the guide's
Python snippets running."""

from __future__ import annotations

import enum
import functools
import json
import operator
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator

from dieproof.reference import game, games
from dieproof.reference.core import driver
from dieproof.reference.core.describe import field_docs, reachable
from dieproof.reference.core.game import Game, iter_action_types
from dieproof.reference.core.types import CHANCE, TERMINAL, Result, State
from dieproof.reference.oracle.referee import Referee
from dieproof.reference.oracle.schemas import OPS, schemas
from dieproof.spec import load

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = [g.id for g in games()]
SOD, UD = "squirrel-or-die", "until-daylight"


def struct_classes(g: Game) -> Iterator[type]:
    union = functools.reduce(operator.or_, g.action_types)
    for cls in reachable(g.config_type, g.state_type, union, Result):
        if not issubclass(cls, enum.Enum):
            yield cls


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_field_of_every_game_is_described_in_the_schemas(game_id: str) -> None:
    g = game(game_id)
    found = schemas(g)
    missing = []
    for kind in ("config", "state", "action", "result"):
        defs = found[kind]["$defs"]
        assert isinstance(defs, dict)
        for cls in struct_classes(g):
            part = defs.get(cls.__name__)
            if not isinstance(part, dict):
                continue
            if not part.get("description"):
                missing.append(f"{cls.__name__} (the class)")
            properties = part.get("properties", {})
            assert isinstance(properties, dict)
            for name, schema in properties.items():
                if name == "type":
                    continue  # the action's tag, described by the action itself
                if not isinstance(schema, dict) or not schema.get("description"):
                    missing.append(f"{cls.__name__}.{name}")
    assert not missing, (
        f"{game_id}: write a docstring under each of these fields: {sorted(set(missing))}"
    )


def test_field_docs_reads_docstrings_under_fields_and_bases() -> None:
    class Base(msgspec.Struct):
        a: int
        """the a"""

    class Child(Base):
        b: int
        """the b"""
        c: int

    assert field_docs(Child) == {"a": "the a", "b": "the b"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_type_has_its_order_written_down(game_id: str) -> None:
    g = game(game_id)
    contract = g.contract()
    assert contract is not None, f"{game_id}: give Rules a contract (Contract)"
    tags = set(iter_action_types(g))
    assert set(contract.orders) == tags, set(contract.orders) ^ tags
    assert contract.decisions and contract.conventions and contract.chance
    actions = schemas(g)["action"]["$defs"]
    assert isinstance(actions, dict)
    for kind in g.action_types:
        definition = actions[kind.__name__]
        assert isinstance(definition, dict)
        description = definition["description"]
        assert isinstance(description, str) and "Listed: " in description


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_reading_is_explained_in_the_config_schema(game_id: str) -> None:
    g = game(game_id)
    text = json.dumps(schemas(g)["config"])
    selectable = [a for a in load(game_id).ambiguities if a.config is not None]
    assert selectable
    for ambiguity in selectable:
        assert f"{ambiguity.id}: " in text
        for key, meaning in ambiguity.readings.items():
            assert f"`{key}`" in text
            assert json.dumps(" ".join(meaning.split()))[1:-1][:40] in text, (ambiguity.id, key)


# -- the orders hold -------------------------------------------------------------------------


def states(game_id: str, seeds: int = 3) -> Iterator[State]:
    g = game(game_id)
    for config in g.configs():
        for seed in range(seeds):
            state = g.initial_state(config)
            yield state
            for action in driver.play(g, config, seed).actions:
                state = g.apply(state, action)
                yield state


def plain(g: Game, value: object) -> Any:
    return json.loads(g.dump_action(value))  # type: ignore[arg-type]


def test_squirrel_or_die_lists_in_the_order_its_contract_states() -> None:
    g = game(SOD)
    kinds = ["food", "skull", "birdhouse", "bomb", "again", "sleepy", "love", "cat"]
    for state in states(SOD):
        mover = g.to_move(state)
        if mover == TERMINAL:
            continue
        if mover == CHANCE:
            tiles = [plain(g, o)["tile"] for o, _ in g.chance_outcomes(state)]
            assert tiles == sorted(tiles, key=kinds.index)
            continue
        listed = [plain(g, a) for a in g.legal_actions(state)]
        assert len({a["type"] for a in listed}) == 1  # one kind at a time
        keys = [
            (
                kinds.index(a["tile"]) if "tile" in a else 0,
                a.get("patch", 0),
                a.get("row", 0),
                a.get("col", 0),
                a.get("player", 0),
            )
            for a in listed
        ]
        if listed[0]["type"] == "flip":
            keys = [(a["patch"], a["row"], a["col"], 0, 0) for a in listed]
        assert keys == sorted(keys), listed


def test_until_daylight_lists_in_the_order_its_contract_states() -> None:
    g = game(UD)
    search = ["draw", "build", "give", "take", "use", "pass"]
    act = ["attack", "build", "give", "take", "use", "pass"]
    seen_roll = False
    for state in states(UD, seeds=2):
        mover = g.to_move(state)
        if mover == TERMINAL:
            continue
        if mover == CHANCE:
            outcomes = [plain(g, o) for o, _ in g.chance_outcomes(state)]
            if outcomes[0]["type"] == "roll":
                seen_roll = True
                keys = [(o["heads"], o["bodies"]) for o in outcomes]
                assert keys == sorted(keys)
            if outcomes[0]["type"] == "clock" and len(outcomes) == 2:
                assert [o["gong"] for o in outcomes] == [False, True]
            continue
        listed = [plain(g, a) for a in g.legal_actions(state)]
        types = [a["type"] for a in listed]
        order = act if "attack" in types or "draw" not in types else search
        if set(types) <= set(order):
            assert types == sorted(types, key=order.index), types
        if types[0] == "attack":
            areas = [a["area"] for a in listed if a["type"] == "attack"]
            assert areas == sorted(areas)
        if types[0] == "consent":
            assert [a["agree"] for a in listed] == [True, False]
        if types[0] == "sacrifice":
            counts = [a["count"] for a in listed]
            assert counts == list(range(len(counts)))
        if types[0] == "allot":
            assert [a["face"] for a in listed] in (["head"], ["body"], ["head", "body"])
    assert seen_roll


@functools.cache
def _docs_oracle() -> Any:
    """The guide's generator (a module beside the docs, not part of the package)."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    import oracle_docs

    return oracle_docs


@pytest.fixture(scope="module")
def docs_oracle() -> Any:
    return _docs_oracle()


# -- the referee's answers ---------------------------------------------------------------------


def test_every_referee_answer_follows_the_schema_of_its_op() -> None:
    referee = Referee()
    for g in games():
        found = schemas(g)
        document = found["response"]
        defs = document["$defs"]
        assert isinstance(defs, dict)
        config = g.default_config()
        state = json.loads(g.dump_state(g.initial_state(config)))
        first = g.initial_state(config)
        outcome = (
            g.chance_outcomes(first)[0][0]
            if g.to_move(first) == CHANCE
            else g.legal_actions(first)[0]
        )
        requests: dict[str, dict[str, object]] = {
            "info": {"op": "info"},
            "new": {"op": "new", "game": g.id},
            "legal": {"op": "legal", "game": g.id, "state": state},
            "chance": {"op": "chance", "game": g.id, "state": state},
            "apply": {
                "op": "apply",
                "game": g.id,
                "state": state,
                "action": json.loads(g.dump_action(outcome)),
            },
            "result": {"op": "result", "game": g.id, "state": state},
            "schema": {"op": "schema", "game": g.id, "kind": "state"},
        }
        requests["position"] = {
            "op": "position",
            "game": g.id,
            "position": _docs_oracle().POSITION_EXAMPLES[g.id],
        }
        assert set(requests) == set(OPS)
        envelope = Draft202012Validator(document)
        for op, request in requests.items():
            answer = referee.answer(request)
            assert answer["ok"] is True, (op, answer)
            envelope.validate(answer)
            specific = {**document, "$ref": f"#/$defs/OracleAnswer{op.capitalize()}"}
            specific.pop("oneOf", None)
            Draft202012Validator(specific).validate(answer["result"])


# -- the guide ---------------------------------------------------------------------------------


def test_the_committed_generated_guide_is_current(docs_oracle: Any) -> None:
    files = docs_oracle.committed()
    folder = ROOT / "docs" / "oracle" / "generated"
    stale = [
        name
        for name, text in files.items()
        if not (folder / name).exists() or (folder / name).read_text("utf-8") != text
    ]
    extra = [p.name for p in folder.iterdir() if p.name not in files]
    assert not stale and not extra, (
        f"docs/oracle/generated is stale ({stale + extra}): run "
        "`.venv/bin/python docs/_ext/oracle_docs.py`"
    )
    for g in games():
        assert f"{g.id}.md" in files and f"{g.id}.schemas.json" in files
        Draft202012Validator.check_schema(json.loads(files[f"{g.id}.schemas.json"]))
        assert "canonical order" in files[f"{g.id}.md"]


def python_blocks(path: Path) -> list[str]:
    """The ``.. code-block:: python`` blocks of a reStructuredText file."""
    text = path.read_text("utf-8")
    blocks = []
    for match in re.finditer(r"\.\. code-block:: python\n\n((?:(?:   .*)?\n)+)", text):
        lines = [
            line[4:] if line.startswith("    ") else "" for line in match.group(1).splitlines()
        ]
        blocks.append("\n".join(lines))
    return blocks


class Reference:
    """The reference seen through the guide's ``impl`` interface."""

    def __init__(self, g: Game) -> None:
        self.g = g

    def to_move(self, state: State) -> object:
        mover = self.g.to_move(state)
        return "chance" if mover == CHANCE else "terminal" if mover == TERMINAL else mover

    def result(self, state: State) -> object:
        result = self.g.result(state)
        return None if result is None else json.loads(msgspec.json.encode(result))

    def legal(self, state: State) -> list[object]:
        return [json.loads(self.g.dump_action(a)) for a in self.g.legal_actions(state)]

    def chance(self, state: State) -> list[object]:
        return [
            {
                "outcome": json.loads(self.g.dump_action(o)),
                "probability": f"{p.numerator}/{p.denominator}",
            }
            for o, p in self.g.chance_outcomes(state)
        ]

    def to_canonical(self, state: State) -> Any:
        return json.loads(self.g.dump_state(state))


def test_the_guides_python_runs_and_check_post_passes_every_committed_vector() -> None:
    blocks = python_blocks(ROOT / "docs" / "oracle.rst")
    assert len(blocks) >= 2
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "docs/oracle.rst", "exec"), namespace)
    check_post = namespace["check_post"]
    checked = 0
    for path in sorted((ROOT / "spec" / "vectors").rglob("*.json")):
        case = json.loads(path.read_text("utf-8"))
        g = game(case["game"])
        impl = Reference(g)
        if "error" in case["initial"]:
            continue
        if "position" in case:  # a case that starts from a position
            state = g.position(json.dumps(case["position"]))
        else:
            state = g.initial_state(g.load_config(json.dumps(case["config"])))
        check_post(case["initial"], impl, state)
        for step in case["steps"]:
            if "error" in step:
                continue
            state = g.apply(state, g.load_action(json.dumps(step["action"])))
            check_post(step["post"], impl, state)
            checked += 1
    assert checked > 3000


def test_the_guides_check_post_catches_a_wrong_post() -> None:
    namespace: dict[str, Any] = {}
    for block in python_blocks(ROOT / "docs" / "oracle.rst"):
        exec(compile(block, "docs/oracle.rst", "exec"), namespace)
    g = game(SOD)
    state = g.initial_state(g.default_config())
    impl = Reference(g)
    good = {"to_move": "chance", "chance": impl.chance(state)}
    namespace["check_post"](good, impl, state)
    for wrong in ({**good, "to_move": 0}, {**good, "chance": impl.chance(state)[::-1]}):
        with pytest.raises(AssertionError):
            namespace["check_post"](wrong, impl, state)
