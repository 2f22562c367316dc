"""JSON Schemas (draft 2020-12) of everything the oracle reads and writes, per game.

``dieproof schema GAME`` prints them; the oracle guide renders them. The game's own
values (config, state, action, result) come from its msgspec types; the oracle's formats
(chance outcomes, trace lines, vector cases, referee requests and responses) are
written here on top of them. Every schema is one self-contained document: its ``$defs``
hold the game's types and the oracle's parts, the latter named with an ``Oracle``
prefix so they never clash with a game's names.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Mapping
from typing import Final, cast

import msgspec

from dieproof.reference.core.describe import describe
from dieproof.reference.core.game import Game
from dieproof.reference.core.trace import TRACE_FORMAT, TRACE_VERSION
from dieproof.reference.core.types import JSON, Result

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"

KIND_NAMES: Final = (
    "config",
    "state",
    "action",
    "outcome",
    "result",
    "trace",
    "vector",
    "request",
    "response",
    "position",
)
"""Every schema :func:`schemas` returns, in the order the guide shows them."""

PROTOCOL_VERSION: Final = 1
"""The referee protocol's version (``info`` reports it)."""

OPS: Final = ("info", "new", "legal", "chance", "apply", "result", "schema", "position")
"""The referee's operations."""

FIELDS: Final[dict[str, frozenset[str]]] = {
    "info": frozenset({"op", "id", "game"}),
    "new": frozenset({"op", "id", "game", "config"}),
    "legal": frozenset({"op", "id", "game", "state"}),
    "chance": frozenset({"op", "id", "game", "state"}),
    "apply": frozenset({"op", "id", "game", "state", "action"}),
    "result": frozenset({"op", "id", "game", "state"}),
    "schema": frozenset({"op", "id", "game", "kind"}),
    "position": frozenset({"op", "id", "game", "position"}),
}
"""The fields each operation reads; any other field is refused (REFEREE.FIELD)."""

SHA256: Final[dict[str, JSON]] = {
    "type": "string",
    "pattern": "^[0-9a-f]{64}$",
    "description": "A sha256, lower-case hex.",
}
PROBABILITY: Final[dict[str, JSON]] = {
    "type": "string",
    "pattern": "^(0|[1-9][0-9]*)/[1-9][0-9]*$",
    "description": 'An exact probability "n/d", reduced ("1/1" for a certain outcome).',
    "examples": ["2/5", "1/25", "1/1"],
}
ERROR_CODE: Final[dict[str, JSON]] = {
    "type": "string",
    "pattern": "^[A-Z][A-Z0-9]*\\.[A-Z0-9_]+$",
    "description": "A stable machine code, PREFIX.NAME.",
}


def _ref(name: str) -> dict[str, JSON]:
    return {"$ref": f"#/$defs/{name}"}


def _object(
    properties: Mapping[str, JSON],
    required: tuple[str, ...] = (),
    description: str | None = None,
) -> dict[str, JSON]:
    found: dict[str, JSON] = {
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
        "additionalProperties": False,
    }
    if description is not None:
        found["description"] = description
    return found


_PARTS: dict[tuple[str, int], tuple[str, str]] = {}
"""The game parts per game (by id and identity), as JSON text: built once, copied out."""


def _game_parts_cached(g: Game) -> tuple[str, str]:
    key = (g.id, id(g))
    found = _PARTS.get(key)
    if found is None:
        found = _PARTS[key] = _build_game_parts(g)
    return found


def _build_game_parts(g: Game) -> tuple[str, str]:
    union = functools.reduce(operator.or_, g.action_types)
    kinds = [g.config_type, g.state_type, union, Result]
    refs, components = msgspec.json.schema_components(kinds, ref_template="#/$defs/{name}")
    definitions = cast("dict[str, JSON]", components)
    describe(definitions, *kinds)
    _add_contract(g, definitions)
    _add_readings(g, definitions)
    names = ("config", "state", "action", "result")
    parts = dict(zip(names, refs, strict=True))
    contract = g.contract()
    if contract is not None:
        parts["action"] = {
            **parts["action"],
            "description": "An action of a player or of chance, tagged by `type`. "
            + contract.decisions,
        }
    return msgspec.json.encode(parts).decode(), msgspec.json.encode(definitions).decode()


def _game_parts(g: Game) -> tuple[dict[str, JSON], dict[str, JSON]]:
    """The game's config, state, action and result schemas (as references) and the
    ``$defs`` they need, every field described (its docstring), every action with the
    order it is listed in (the game's :class:`~dieproof.reference.core.game.Contract`)
    and every selectable reading with its meaning (the game's ambiguity log)."""
    parts, definitions = _game_parts_cached(g)
    return cast("dict[str, JSON]", json.loads(parts)), cast(
        "dict[str, JSON]", json.loads(definitions)
    )


def _add_contract(g: Game, definitions: dict[str, JSON]) -> None:
    """Each action's order into its description; the conventions and the chance steps
    into the state's."""
    contract = g.contract()
    if contract is None:
        return
    for kind in g.action_types:
        info = msgspec.inspect.type_info(kind)
        assert isinstance(info, msgspec.inspect.StructType)
        definition = definitions.get(kind.__name__)
        order = contract.orders.get(str(info.tag))
        if isinstance(definition, dict) and order:
            before = definition.get("description")
            head = f"{before}\n" if isinstance(before, str) else ""
            definition["description"] = f"{head}Listed: {order}"
    state = definitions.get(g.state_type.__name__)
    if isinstance(state, dict):
        lines = [str(state.get("description", ""))]
        lines += [f"- {topic}: {text}" for topic, text in contract.conventions]
        if contract.chance:
            lines.append("Chance steps, in the order they come:")
            lines += [f"- {step}: {text}" for step, text in contract.chance]
        state["description"] = "\n".join(line for line in lines if line)


def _add_readings(g: Game, definitions: dict[str, JSON]) -> None:
    """The meaning of every reading of every selectable ambiguity (from the game's
    specification) into the description of the config field that selects it."""
    try:
        from dieproof.spec import SpecError, load

        spec = load(g.id)
    except (ImportError, SpecError):
        return
    for ambiguity in spec.ambiguities:
        if ambiguity.config is None:
            continue
        found = _field_definition(g.config_type, ambiguity.config.split("."), definitions)
        if found is None:
            continue
        readings = "".join(
            f"\n- `{key}`{' (the default)' if key == ambiguity.default else ''}: {meaning}"
            for key, meaning in sorted(ambiguity.readings.items())
        )
        before = found.get("description")
        head = f"{before}\n" if isinstance(before, str) else ""
        found["description"] = (
            f"{head}{ambiguity.id}: {' '.join(ambiguity.question.split())} Readings:{readings}"
        )


def _field_definition(
    root: type, path: list[str], definitions: dict[str, JSON]
) -> dict[str, JSON] | None:
    """The property schema of the field at ``path`` (field names) below the struct
    ``root``, inside ``definitions``."""
    info: msgspec.inspect.Type = msgspec.inspect.type_info(root)
    for index, name in enumerate(path):
        if not isinstance(info, msgspec.inspect.StructType):
            return None
        field = next((f for f in info.fields if f.name == name), None)
        if field is None:
            return None
        if index == len(path) - 1:
            definition = definitions.get(info.cls.__name__)
            properties = definition.get("properties") if isinstance(definition, dict) else None
            part = properties.get(field.encode_name) if isinstance(properties, dict) else None
            return part if isinstance(part, dict) else None
        info = field.type
    return None


def oracle_defs(g: Game) -> dict[str, JSON]:
    """The ``$defs`` of the oracle's own formats for game ``g``."""
    parts, _ = _game_parts(g)
    action, config, state, result = (
        parts["action"],
        parts["config"],
        parts["state"],
        parts["result"],
    )
    to_move: JSON = {
        "description": 'The seat to move (from 0), or "chance" or "terminal".',
        "anyOf": [{"type": "integer", "minimum": 0}, {"enum": ["chance", "terminal"]}],
    }
    error = _object(
        {
            "code": ERROR_CODE,
            "rule": {"type": ["string", "null"], "description": "The rule id, if one applies."},
        },
        ("code", "rule"),
        "What a rejection must be: the error code and the rule id.",
    )
    outcome = _object(
        {"outcome": action, "probability": _ref("OracleProbability")},
        ("outcome", "probability"),
        "A chance outcome (an action of the chance player) with its exact probability.",
    )
    post = _object(
        {
            "to_move": _ref("OracleToMove"),
            "state_sha256": _ref("OracleSha256"),
            "legal": {"type": "array", "items": action},
            "legal_count": {"type": "integer", "minimum": 0},
            "legal_sha256": _ref("OracleSha256"),
            "chance": {"type": "array", "items": _ref("OracleOutcome")},
            "chance_count": {"type": "integer", "minimum": 0},
            "chance_sha256": _ref("OracleSha256"),
            "result": result,
        },
        ("to_move",),
        "What must hold after a step; absent fields are not checked, except result: "
        "no result means the game is still running.",
    )
    fact = _object(
        {
            "after": {"type": "integer", "minimum": 0},
            "subject": {"enum": ["state", "result", "legal", "chance", "to_move"]},
            "pointer": {"type": "string", "description": "An RFC 6901 JSON pointer."},
            "value": {},
            "length": {"type": "boolean", "const": True},
            "says": {"type": "string"},
        },
        ("after", "subject", "pointer", "value", "says"),
        "A worked example's fact: after that many steps, the subject's canonical JSON has "
        "value at pointer (or, with length, that many elements there).",
    )
    step: dict[str, JSON] = {
        "description": "An action or chance outcome and what must hold after it; a step "
        "without post must be rejected with error, and the state stays as it was.",
        "oneOf": [
            _object({"action": action, "post": _ref("OraclePost")}, ("action", "post")),
            _object(
                {"action": {"description": "Any JSON: it may be malformed on purpose."},
                 "error": _ref("OracleError")},
                ("action", "error"),
            ),
        ],
    }  # fmt: skip
    header = _object(
        {
            "format": {"const": TRACE_FORMAT},
            "version": {"const": TRACE_VERSION},
            "game": {"const": g.id},
            "config": config,
            "generator": {"type": "string"},
        },
        ("format", "version", "game", "config"),
        "The first line of a trace.",
    )
    expect = _object(
        {
            "state": state,
            "state_sha256": _ref("OracleSha256"),
            "legal": {"type": "array", "items": action},
            "result": {"anyOf": [result, {"type": "null"}]},
            "error": {"anyOf": [ERROR_CODE, {"type": "null"}]},
        },
        (),
        "What another implementation expects after a trace step (all optional).",
    )
    trace_step = _object(
        {"action": action, "expect": {"anyOf": [_ref("OracleExpect"), {"type": "null"}]}},
        ("action",),
        "A trace line after the header: one action or chance outcome.",
    )
    content = _object(
        {
            "provisional": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The components the configuration leaves to "
                "dieproof's provisional placeholders (nothing published gives "
                "them): passing the case requires playing with exactly those, as "
                "dieproof ships them. Empty when the case assumes none (content "
                "from the rulebook, a public source or spelled out in the config).",
            },
            "sha256": {
                **SHA256,
                "description": "The sha256 of the canonical JSON of every "
                "component under the configuration, each as {name, source, "
                "citation, items}, in the game's order: the exact content the case "
                "was generated with (the digest of [] for a refused configuration).",
            },
        },
        ("provisional", "sha256"),
        "The content the case assumes, and which of it is provisional.",
    )
    return {
        "OracleContent": content,
        "OracleToMove": to_move,
        "OracleSha256": SHA256,
        "OracleProbability": PROBABILITY,
        "OracleError": error,
        "OracleOutcome": outcome,
        "OraclePost": post,
        "OracleFact": fact,
        "OracleStep": step,
        "OracleTraceHeader": header,
        "OracleExpect": expect,
        "OracleTraceStep": trace_step,
    }


def _vector(g: Game, config: JSON) -> dict[str, JSON]:
    info = _object(
        {
            "dieproof": {"type": "string"},
            "generator": {"type": "string"},
            "rules": {"type": "array", "items": {"type": "string"}},
            "sha256": _ref("OracleSha256"),
        },
        ("dieproof", "generator", "rules", "sha256"),
        "Who wrote the case, the rule ids it covers, and the sha256 of the case's "
        "canonical JSON without _info.",
    )
    body = _object(
        {
            "format": {"const": "dieproof-vector"},
            "version": {"const": 1},
            "game": {"const": g.id},
            "name": {
                "type": "string",
                "pattern": "^(example|random|witness|rejection)/[a-z0-9][a-z0-9-]*$",
            },
            "kind": {"enum": ["example", "random", "witness", "rejection"]},
            "title": {"type": "string"},
            "config": {
                "type": "object",
                "description": "The configuration with every reading; one the rules "
                "refuse when initial is an error.",
            },
            "content": _ref("OracleContent"),
            "position": {
                **_ref("OraclePositionDescription"),
                "description": "A case that starts from a position, not from the initial "
                "state: the position's description (the game's position builder: `dieproof "
                "position GAME`, the referee's position op). Its configuration is config; "
                "initial is the post of the state it builds.",
            },
            "initial": {
                "anyOf": [
                    _ref("OraclePost"),
                    _object({"error": _ref("OracleError")}, ("error",)),
                ]
            },
            "steps": {"type": "array", "items": _ref("OracleStep")},
            "facts": {"type": "array", "items": _ref("OracleFact")},
            "_info": info,
        },
        (
            "format",
            "version",
            "game",
            "name",
            "kind",
            "title",
            "config",
            "content",
            "initial",
            "steps",
        ),
        f"One conformance vector case of {g.title}.",
    )
    body["required"] = [*cast("list[JSON]", body["required"]), "_info"]
    # A valid config unless the case is a configuration the rules refuse.
    body["if"] = {"properties": {"initial": {"required": ["to_move"]}}}
    body["then"] = {"properties": {"config": config}}
    return body


def _protocol(g: Game) -> tuple[dict[str, JSON], dict[str, JSON], dict[str, JSON]]:
    """The referee's request and response schemas for game ``g``, and the ``$defs`` of
    each operation's result (``OracleAnswerInfo``, ``OracleAnswerNew``, ...)."""
    parts, _ = _game_parts(g)
    ident: JSON = {
        "description": "Echoed in the answer; any string, integer or null.",
        "type": ["string", "integer", "null"],
    }
    game_id: JSON = {"const": g.id, "description": "The game's id."}
    state: JSON = {**_as_dict(parts["state"]), "description": "A state, passed by value."}

    def op(name: str, fields: Mapping[str, JSON], required: tuple[str, ...]) -> JSON:
        body = _object({"op": {"const": name}, "id": ident, **fields}, ("op", *required))
        body["description"] = OP_SUMMARIES[name]
        return body

    request: dict[str, JSON] = {
        "description": "One line the referee reads: a JSON object with an op, an optional "
        "id and the op's fields; any other field is refused (REFEREE.FIELD), as is a key "
        "given twice (REFEREE.JSON).",
        "oneOf": [
            op("info", {"game": game_id}, ()),
            op("new", {"game": game_id, "config": parts["config"]}, ("game",)),
            op("legal", {"game": game_id, "state": state}, ("game", "state")),
            op("chance", {"game": game_id, "state": state}, ("game", "state")),
            op(
                "apply",
                {"game": game_id, "state": state, "action": parts["action"]},
                ("game", "state", "action"),
            ),
            op("result", {"game": game_id, "state": state}, ("game", "state")),
            op("schema", {"game": game_id, "kind": {"enum": list(KIND_NAMES)}}, ("game",)),
            op(
                "position",
                {"game": game_id, "position": _ref("OraclePositionDescription")},
                ("game", "position"),
            ),
        ],
    }
    answers = _answers(g, parts)
    error = _object(
        {
            "code": {**ERROR_CODE, "description": "The stable machine code."},
            "message": {"type": "string", "description": "For people; never compared."},
            "rule": {
                "type": ["string", "null"],
                "description": "The id of the rule the refusal enforces, or null.",
            },
        },
        ("code", "message", "rule"),
        "Why the request is refused.",
    )
    response: dict[str, JSON] = {
        "description": "One line the referee writes for every line it reads, in order. The "
        "result's shape depends on the op (OracleAnswerInfo, OracleAnswerNew, ... in "
        "$defs).",
        "oneOf": [
            _object(
                {
                    "id": ident,
                    "ok": {"const": True},
                    "result": {"anyOf": [_ref(name) for name in answers]},
                },
                ("id", "ok", "result"),
                "The request is answered.",
            ),
            _object(
                {"id": ident, "ok": {"const": False}, "error": error},
                ("id", "ok", "error"),
                "The request is refused.",
            ),
        ],
    }
    return request, response, answers


OP_SUMMARIES: Final = {
    "info": "The protocol version, dieproof's version, the games and the ops.",
    "new": "The initial state of a configuration (the default one without config).",
    "legal": "The player to move and the legal actions in canonical order (none at a "
    "chance or terminal node).",
    "chance": "The player to move and the chance outcomes with exact probabilities "
    "(none except at a chance node).",
    "apply": "The state after an action or chance outcome, or the rules' refusal.",
    "result": "The player to move and the result (null while the game runs).",
    "schema": "The game's JSON Schemas, or the one of that kind.",
    "position": "The state a short position description names, filled in and validated "
    "like any state.",
}
"""What each operation answers, in a sentence (the request schema and the guide)."""


def _answers(g: Game, parts: Mapping[str, JSON]) -> dict[str, JSON]:
    """The schema of each operation's ``result``, by ``$defs`` name."""
    to_move = _ref("OracleToMove")
    count: JSON = {"type": "integer", "minimum": 1}
    listed: JSON = _object(
        {
            "id": {"type": "string", "description": "The game's id."},
            "title": {"type": "string", "description": "Its printed title."},
            "prefix": {"type": "string", "description": "The prefix of its ids and codes."},
            "players": {
                "type": "array",
                "items": count,
                "description": "The player counts it plays.",
            },
            "provisional": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The components its default configuration leaves to "
                "dieproof's provisional placeholders.",
            },
        },
        ("id", "title", "prefix", "players", "provisional"),
        "A game the referee knows.",
    )
    return {
        "OracleAnswerInfo": _object(
            {
                "protocol": {"const": PROTOCOL_VERSION, "description": "The protocol version."},
                "dieproof": {"type": "string", "description": "dieproof's version."},
                "games": {"type": "array", "items": listed},
                "ops": {"type": "array", "items": {"enum": list(OPS)}},
                "state": {
                    "const": "canonical",
                    "description": "States are the games' canonical JSON.",
                },
                "error_codes": {"const": True, "description": "Refusals carry dieproof's codes."},
                "error_rules": {
                    "const": True,
                    "description": "Refusals carry the rule ids they enforce.",
                },
            },
            ("protocol", "dieproof", "games", "ops", "state", "error_codes", "error_rules"),
            "The answer to info.",
        ),
        "OracleAnswerNew": _object(
            {
                "config": {
                    **_as_dict(parts["config"]),
                    "description": "The configuration with every field filled in.",
                },
                "state": {**_as_dict(parts["state"]), "description": "The initial state."},
                "content": _ref("OracleContent"),
            },
            ("config", "state", "content"),
            "The answer to new.",
        ),
        "OracleAnswerLegal": _object(
            {
                "to_move": to_move,
                "actions": {
                    "type": "array",
                    "items": parts["action"],
                    "description": "The legal actions in canonical order; empty at a "
                    "chance or terminal node.",
                },
            },
            ("to_move", "actions"),
            "The answer to legal.",
        ),
        "OracleAnswerChance": _object(
            {
                "to_move": to_move,
                "outcomes": {
                    "type": "array",
                    "items": _ref("OracleOutcome"),
                    "description": "The chance outcomes in canonical order with exact "
                    "probabilities summing to 1; empty except at a chance node.",
                },
            },
            ("to_move", "outcomes"),
            "The answer to chance.",
        ),
        "OracleAnswerApply": _object(
            {"state": {**_as_dict(parts["state"]), "description": "The state after the step."}},
            ("state",),
            "The answer to apply, when the rules accept the action.",
        ),
        "OracleAnswerResult": _object(
            {
                "to_move": to_move,
                "result": {
                    "anyOf": [parts["result"], {"type": "null"}],
                    "description": "How the game ended; null while it runs.",
                },
            },
            ("to_move", "result"),
            "The answer to result.",
        ),
        "OracleAnswerSchema": {
            "description": "The answer to schema: every schema by kind, or the one asked for.",
            "oneOf": [
                _object(
                    {
                        "schemas": {
                            "type": "object",
                            "propertyNames": {"enum": list(KIND_NAMES)},
                            "additionalProperties": {"type": "object"},
                        }
                    },
                    ("schemas",),
                ),
                _object({"schema": {"type": "object"}}, ("schema",)),
            ],
        },
        "OracleAnswerPosition": _object(
            {
                "state": {
                    **_as_dict(parts["state"]),
                    "description": "The state the description names, checked like any "
                    "state a client sends.",
                }
            },
            ("state",),
            "The answer to position.",
        ),
    }


def _shape(schema: JSON) -> JSON:
    """A schema without its descriptions and titles: what it accepts (a default given as
    a tuple compares equal to the same list)."""
    if isinstance(schema, dict):
        return {k: _shape(v) for k, v in schema.items() if k not in {"description", "title"}}
    if isinstance(schema, list | tuple):  # a default of () is the JSON array []
        return [_shape(item) for item in schema]
    return schema


def _as_dict(part: JSON) -> dict[str, JSON]:
    return dict(part) if isinstance(part, dict) else {"allOf": [part]}


def _position_defs(g: Game) -> dict[str, JSON]:
    """``OraclePositionDescription`` (the game's position description, or a schema no
    value matches when the game has no builder) and the ``$defs`` it needs."""
    document = g.position_schema()
    if document is None:
        return {
            "OraclePositionDescription": {
                "description": f"{g.title} has no position builder: no description is valid.",
                "not": {},
            }
        }
    found = dict(document)
    found.pop("$schema", None)
    inner = found.pop("$defs", {})
    defs: dict[str, JSON] = dict(inner) if isinstance(inner, dict) else {}
    defs["OraclePositionDescription"] = found
    return defs


def schemas(g: Game) -> dict[str, dict[str, JSON]]:
    """Every schema of game ``g`` by kind (see :data:`KIND_NAMES`)."""
    parts, components = _game_parts(g)
    request, response, answers = _protocol(g)
    positions = _position_defs(g)
    defs: dict[str, JSON] = {**components, **oracle_defs(g), **answers}
    for name, definition in positions.items():
        if name in defs:
            # The game's own types appear in descriptions too (a config, a cell): keep
            # the game's definition, richer in descriptions, if the shape is the same.
            if _shape(defs[name]) != _shape(definition):
                raise ValueError(f"{g.id}: the position description's {name} clashes")
            continue
        defs[name] = definition
    bodies: dict[str, dict[str, JSON]] = {
        "config": _wrap(parts["config"]),
        "state": _wrap(parts["state"]),
        "action": _wrap(parts["action"]),
        "outcome": _ref("OracleOutcome"),
        "result": _wrap(parts["result"]),
        "trace": {
            "description": "One line of a trace: the header first, then steps.",
            "anyOf": [_ref("OracleTraceHeader"), _ref("OracleTraceStep")],
        },
        "vector": _vector(g, parts["config"]),
        "request": request,
        "response": response,
        "position": _ref("OraclePositionDescription"),
    }
    titles = {
        "config": "configuration",
        "state": "state",
        "action": "action or chance outcome",
        "outcome": "chance outcome with its probability",
        "result": "result",
        "trace": "trace line",
        "vector": "conformance vector case",
        "request": "referee request",
        "response": "referee response",
        "position": "position description",
    }
    return {
        kind: {
            "$schema": DRAFT,
            "title": f"{g.title}: {titles[kind]}",
            **bodies[kind],
            "$defs": defs,
        }
        for kind in KIND_NAMES
    }


def _wrap(part: JSON) -> dict[str, JSON]:
    if isinstance(part, dict):
        return dict(part)
    return {"allOf": [part]}
