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
import operator
from collections.abc import Mapping
from typing import Final, cast

import msgspec

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
)
"""Every schema :func:`schemas` returns, in the order the guide shows them."""

PROTOCOL_VERSION: Final = 1
"""The referee protocol's version (``info`` reports it)."""

OPS: Final = ("info", "new", "legal", "chance", "apply", "result", "schema")
"""The referee's operations."""

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


def _game_parts(g: Game) -> tuple[dict[str, JSON], dict[str, JSON]]:
    """The game's config, state, action and result schemas (as references) and the
    ``$defs`` they need."""
    union = functools.reduce(operator.or_, g.action_types)
    kinds = [g.config_type, g.state_type, union, Result]
    refs, components = msgspec.json.schema_components(kinds, ref_template="#/$defs/{name}")
    names = ("config", "state", "action", "result")
    parts = cast("dict[str, JSON]", dict(zip(names, refs, strict=True)))
    return parts, cast("dict[str, JSON]", components)


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
    return {
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
            "content": _object(
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
            ),
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


def _protocol(g: Game) -> tuple[dict[str, JSON], dict[str, JSON]]:
    """The referee's request and response schemas for game ``g``."""
    parts, _ = _game_parts(g)
    ident: JSON = {
        "description": "Echoed in the answer; any string, integer or null.",
        "type": ["string", "integer", "null"],
    }
    game_id: JSON = {"const": g.id}

    def op(name: str, fields: Mapping[str, JSON], required: tuple[str, ...]) -> JSON:
        return _object({"op": {"const": name}, "id": ident, **fields}, ("op", *required))

    request: dict[str, JSON] = {
        "description": "One line the referee reads.",
        "oneOf": [
            op("info", {"game": game_id}, ()),
            op("new", {"game": game_id, "config": parts["config"]}, ("game",)),
            op("legal", {"game": game_id, "state": parts["state"]}, ("game", "state")),
            op("chance", {"game": game_id, "state": parts["state"]}, ("game", "state")),
            op(
                "apply",
                {"game": game_id, "state": parts["state"], "action": parts["action"]},
                ("game", "state", "action"),
            ),
            op("result", {"game": game_id, "state": parts["state"]}, ("game", "state")),
            op("schema", {"game": game_id, "kind": {"enum": list(KIND_NAMES)}}, ("game",)),
        ],
    }
    error = _object(
        {
            "code": ERROR_CODE,
            "message": {"type": "string"},
            "rule": {"type": ["string", "null"]},
        },
        ("code", "message", "rule"),
    )
    response: dict[str, JSON] = {
        "description": "One line the referee writes for every line it reads.",
        "oneOf": [
            _object(
                {"id": ident, "ok": {"const": True}, "result": {"type": "object"}},
                ("id", "ok", "result"),
            ),
            _object(
                {"id": ident, "ok": {"const": False}, "error": error},
                ("id", "ok", "error"),
            ),
        ],
    }
    return request, response


def schemas(g: Game) -> dict[str, dict[str, JSON]]:
    """Every schema of game ``g`` by kind (see :data:`KIND_NAMES`)."""
    parts, components = _game_parts(g)
    defs: dict[str, JSON] = {**components, **oracle_defs(g)}
    request, response = _protocol(g)
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
