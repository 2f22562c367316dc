"""The generated half of the oracle guide (``docs/oracle.rst``).

:func:`render_oracle` writes ``generated/oracle.rst.inc``: the field tables of the
oracle's formats, read from the JSON Schemas (:mod:`dieproof.reference.oracle.schemas`);
then, per registered game, real examples of each format produced by the reference at
build time (a configuration, the actions, chance outcomes, a trace, a whole vector case,
a referee session) and the table of its error codes with their rule ids. Nothing here is
written by hand, so the guide cannot drift from the code.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping, Sequence

from dieproof_docs import code_block, heading, inline, list_table, lit

from dieproof.reference import games
from dieproof.reference.core import CHANCE, TERMINAL, driver
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.game import Game
from dieproof.reference.core.trace import write_trace
from dieproof.reference.core.types import JSON
from dieproof.reference.oracle import vectors
from dieproof.reference.oracle.observe import chance_json
from dieproof.reference.oracle.referee import PROTOCOL_ERRORS, Referee
from dieproof.reference.oracle.schemas import OPS, schemas

LINE: int = 180
"""Referee answers longer than this are shortened in the sample session."""

PARTS: tuple[tuple[str, str], ...] = (
    ("OraclePost", "post: what must hold after a step"),
    ("OracleError", "error: what a rejection must be"),
    ("OracleOutcome", "a chance outcome with its probability"),
    ("OracleFact", "a fact of a worked example"),
    ("OracleTraceHeader", "a trace's first line"),
    ("OracleExpect", "what a trace step expects"),
)
"""The oracle's own schema parts shown as field tables, with a caption."""


def _type(schema: JSON) -> str:
    """A short description of a schema's type, for a table cell."""
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "const" in schema:
        return f"the constant {json.dumps(schema['const'])}"
    if "enum" in schema:
        options = schema["enum"]
        assert isinstance(options, list)
        return "one of " + ", ".join(json.dumps(option) for option in options)
    for combinator in ("anyOf", "oneOf"):
        options = schema.get(combinator)
        if isinstance(options, list):
            return " or ".join(_type(option) for option in options)
    kind = schema.get("type")
    if kind == "array":
        return f"array of {_type(schema.get('items'))}"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if isinstance(kind, str):
        pattern = schema.get("pattern")
        return f"{kind} matching {pattern}" if isinstance(pattern, str) else kind
    return "any JSON"


def field_table(schema: Mapping[str, JSON]) -> list[str]:
    """A table of an object schema's properties: name, type, required, meaning."""
    properties = schema.get("properties")
    required = schema.get("required")
    needed = set(required) if isinstance(required, list) else set()
    rows: list[list[str]] = []
    if isinstance(properties, dict):
        for name, part in properties.items():
            meaning = part.get("description", "") if isinstance(part, dict) else ""
            rows.append(
                [
                    lit(name),
                    inline(_type(part)),
                    "yes" if name in needed else "",
                    inline(str(meaning)),
                ]
            )
    return list_table(("field", "type", "required", "meaning"), rows, widths="18 30 10 42")


def pretty(value: JSON) -> str:
    """Indented JSON with sorted keys."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


def _formats(g: Game) -> list[str]:
    found = schemas(g)
    defs = found["vector"]["$defs"]
    assert isinstance(defs, dict)
    lines = heading("The fields of each format", "-")
    lines += [
        "Every table below is read from the JSON Schemas that "
        f"{lit('dieproof schema GAME')} prints (here {lit(g.id)}'s); the game's own types "
        "(configuration, state, action, result) are documented by their schemas.",
        "",
    ]
    lines += heading("A vector case", "~")
    lines += field_table(found["vector"])
    for name, caption in PARTS:
        part = defs.get(name)
        if isinstance(part, dict):
            lines += heading(inline(caption[0].upper() + caption[1:]), "~")
            description = part.get("description")
            if isinstance(description, str):
                lines += [inline(description), ""]
            lines += field_table(part)
    steps = defs.get("OracleStep")
    if isinstance(steps, dict) and isinstance(steps.get("description"), str):
        lines += heading("A step", "~")
        lines += [inline(str(steps["description"])), ""]
    return lines


def _actions(g: Game) -> tuple[list[str], JSON, JSON]:
    """One action of each type seen in a few seeded games, the first chance outcomes
    and a result."""
    seen: dict[str, str] = {}
    outcomes: JSON = None
    result: JSON = None
    for config in g.configs():
        state = g.initial_state(config)
        if outcomes is None and g.to_move(state) == CHANCE:
            outcomes = chance_json(g, g.chance_outcomes(state))
        playout = driver.play(g, config, 0)
        for action in playout.actions:
            text = g.dump_action(action)
            seen.setdefault(str(json.loads(text).get("type")), text)
        if result is None:
            result = json.loads(json.dumps(_plain(playout.result)))
    return [seen[tag] for tag in sorted(seen)], outcomes, result


def _plain(value: object) -> JSON:
    import msgspec

    decoded: JSON = msgspec.json.decode(msgspec.json.encode(value))
    return decoded


def _session(g: Game) -> list[str]:
    """A referee session: requests and the answers of the real referee."""
    referee = Referee()
    config = g.default_config(min(c.players for c in g.configs()))
    state = json.loads(g.dump_state(g.initial_state(config)))
    first: JSON = None
    reference_state = g.initial_state(config)
    if g.to_move(reference_state) == CHANCE:
        first = json.loads(g.dump_action(g.chance_outcomes(reference_state)[0][0]))
    elif g.to_move(reference_state) != TERMINAL:
        first = json.loads(g.dump_action(g.legal_actions(reference_state)[0]))
    wrong: JSON = {"type": "no-such-action"}
    illegal: JSON = wrong
    for text in _actions(g)[0]:
        try:
            g.apply(reference_state, g.load_action(text))
        except RulesError as error:
            if not error.code.endswith("_JSON"):
                illegal = json.loads(text)
                break
    requests: list[object] = [
        {"id": 1, "op": "info"},
        {"id": 2, "op": "new", "game": g.id, "config": {"players": config.players}},
        {"id": 3, "op": "chance", "game": g.id, "state": state},
        {"id": 4, "op": "legal", "game": g.id, "state": state},
        {"id": 5, "op": "apply", "game": g.id, "state": state, "action": first},
        {"id": 6, "op": "apply", "game": g.id, "state": state, "action": illegal},
        {"id": 7, "op": "apply", "game": g.id, "state": state, "action": wrong},
        {"id": 8, "op": "result", "game": g.id, "state": state},
        {"id": 9, "op": "dance"},
    ]
    out: list[str] = []
    for request in requests:
        line = json.dumps(request, separators=(",", ":"))
        answer = referee.answer_line(line).decode()
        out += [_shorten(line), "   " + _shorten(answer)]
    out.append("not json at all")
    out.append("   " + _shorten(referee.answer_line(b"not json at all").decode()))
    return code_block("\n".join(out), "text")


def _shorten(line: str) -> str:
    return line if len(line) <= LINE else line[: LINE - 5] + " ..."


def _trace(g: Game) -> str:
    config = g.default_config()
    out = io.StringIO()
    write_trace(out, g, config, driver.play(g, config, 0).actions[:3], generator="dieproof")
    return out.getvalue()


def _smallest_case(cases: Iterable[Mapping[str, JSON]]) -> Mapping[str, JSON] | None:
    with_steps = [c for c in cases if c["kind"] == "rejection" and c["steps"]]
    return min(with_steps, key=lambda c: len(vectors.render(c)), default=None)


def _codes(cases: Sequence[Mapping[str, JSON]]) -> list[str]:
    rows = []
    for case in cases:
        if case["kind"] != "rejection":
            continue
        initial = case["initial"]
        steps = case["steps"]
        error: JSON = None
        if isinstance(initial, dict) and "error" in initial:
            error = initial["error"]
        elif isinstance(steps, list) and steps and isinstance(steps[-1], dict):
            error = steps[-1].get("error")
        if isinstance(error, dict):
            rows.append(
                [
                    lit(str(error.get("code"))),
                    lit(str(error["rule"])) if error.get("rule") else "",
                    lit(str(case["name"])),
                ]
            )
    return list_table(("code", "rule", "vector"), rows, widths="30 25 45")


def render_game(g: Game) -> list[str]:
    """The examples of one game's formats."""
    cases = vectors.generate(g, kinds=("rejection",))
    actions, outcomes, result = _actions(g)
    lines = heading(inline(f"{g.title} ({g.id})"), "~")
    lines += ["A configuration with every reading (the default one):", ""]
    lines += code_block(pretty(json.loads(g.dump_config(g.default_config()))), "json")
    lines += ["The initial state of that configuration:", ""]
    lines += code_block(
        pretty(json.loads(g.dump_state(g.initial_state(g.default_config())))), "json"
    )
    lines += ["One action of each type, in canonical JSON:", ""]
    lines += code_block("\n".join(actions), "json")
    if outcomes is not None:
        lines += ["The chance outcomes at the first chance node, with exact probabilities:", ""]
        lines += code_block(pretty(outcomes), "json")
    lines += ["A result:", ""]
    lines += code_block(pretty(result), "json")
    lines += ["The first lines of a trace:", ""]
    lines += code_block(_trace(g), "json")
    small = _smallest_case(cases)
    if small is not None:
        lines += [f"A whole vector case, {lit(str(small['name']))}, as its file reads:", ""]
        lines += code_block(vectors.render(small), "json")
    lines += ["A referee session (requests, then indented answers; long lines shortened):", ""]
    lines += _session(g)
    lines += [
        "The error codes of the rules, each with the rule it enforces and the vector that "
        "shows it:",
        "",
    ]
    lines += _codes(cases)
    return lines


def render_oracle() -> str:
    """The whole generated fragment of the oracle guide."""
    registered = list(games())
    lines: list[str] = []
    lines += heading("Referee operations and error codes", "-")
    lines += [
        "The operations, in the order the referee lists them: "
        + ", ".join(lit(op) for op in OPS)
        + ". Besides the rules' own codes, a request can be refused with:",
        "",
    ]
    lines += list_table(
        ("code", "meaning"),
        [[lit(code), inline(meaning)] for code, meaning in PROTOCOL_ERRORS.items()],
        widths="30 70",
    )
    if registered:
        lines += _formats(registered[0])
    lines += heading("Examples, per game", "-")
    lines += [
        "Everything below is produced by the reference while these docs are built.",
        "",
    ]
    for g in registered:
        lines += render_game(g)
    return "\n".join(lines) + "\n"
