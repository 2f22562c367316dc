"""The generated half of the oracle guide (``docs/oracle.rst``), in two renderings.

Everything an implementer must match is read from the code: the referee's operations and
the schema of each answer, the fields of every format with their descriptions (the field
docstrings, :mod:`dieproof.reference.core.describe`), and per game its contract (the
canonical order of every kind of action, the conventions of its JSON, when each chance
step comes: :class:`~dieproof.reference.core.game.Contract`), the meaning of every
selectable reading (the game's ambiguity log), every field of its configuration, state
and actions, and real examples produced by the reference (a configuration, a state, the
actions, a trace, a vector case, a referee session, a position built from a
description, the error codes).

The same blocks are rendered twice:

- as reStructuredText, at build time (:func:`render_oracle`, which ``dieproof_docs``
  writes into ``docs/generated/oracle.rst.inc`` for the guide);
- as Markdown and JSON committed under ``docs/oracle/generated/`` (:func:`committed`),
  so that an implementer reading the repository sees the contract and the example
  session without building the docs. A test checks they are current; regenerate them
  with ``.venv/bin/python docs/_ext/oracle_docs.py`` (``--check`` only compares).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import operator
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dieproof.reference import games
from dieproof.reference.cli.common import CLI_ERRORS
from dieproof.reference.core import CHANCE, TERMINAL, driver
from dieproof.reference.core.describe import reachable
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.game import Game
from dieproof.reference.core.trace import write_trace
from dieproof.reference.core.types import JSON, Result
from dieproof.reference.oracle import compare, vectors
from dieproof.reference.oracle.observe import chance_json
from dieproof.reference.oracle.referee import PROTOCOL_ERRORS, Referee
from dieproof.reference.oracle.schemas import FIELDS, KIND_NAMES, OP_SUMMARIES, OPS, schemas

HERE = Path(__file__).resolve().parent
COMMITTED = HERE.parent / "oracle" / "generated"
"""Where the committed rendering lives."""

LINE: int = 180
"""Referee lines longer than this are shortened in the sample session."""

# -- a small document model, rendered as reStructuredText and as Markdown -----------------


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    level: int
    """1 for the top of a generated part."""


@dataclass(frozen=True, slots=True)
class Para:
    text: str
    """Prose; `backticks` mark code."""


@dataclass(frozen=True, slots=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Code:
    text: str
    language: str = "json"


@dataclass(frozen=True, slots=True)
class Bullets:
    items: tuple[str, ...]


Block = Heading | Para | Table | Code | Bullets

RST_UNDERLINES = "-~^\"'"
"""Underlines by level: the generated part sits below the guide's own sections."""

_CODE = re.compile(r"``(.+?)``|`([^`]+)`")
"""A code span: reStructuredText's double backticks (docstrings) or single ones (prose)."""


def _rst_text(text: str) -> str:
    """Prose with `code` spans as reStructuredText on one line."""
    out: list[str] = []
    last = 0
    text = " ".join(text.split())
    for match in _CODE.finditer(text):
        out.append(_rst_escape(text[last : match.start()]))
        out.append(f"``{match.group(1) or match.group(2)}``")
        last = match.end()
    out.append(_rst_escape(text[last:]))
    joined = "".join(out)
    if re.match(r"^(\.\.|[-*+] |\d+\. |\|)", joined):
        joined = "\\" + joined
    return joined


def _rst_escape(text: str) -> str:
    return re.sub(r"([\\*|_<>])", r"\\\1", text)


def _md_text(text: str) -> str:
    out: list[str] = []
    last = 0
    text = " ".join(text.split())
    for match in _CODE.finditer(text):
        out.append(re.sub(r"([\\*|_<>\[\]])", r"\\\1", text[last : match.start()]))
        out.append(f"`{match.group(1) or match.group(2)}`")
        last = match.end()
    out.append(re.sub(r"([\\*|_<>\[\]])", r"\\\1", text[last:]))
    return "".join(out)


def to_rst(blocks: Iterable[Block]) -> str:
    """The blocks as reStructuredText."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            title = _rst_text(block.text)
            lines += [title, RST_UNDERLINES[block.level - 1] * len(title), ""]
        elif isinstance(block, Para):
            lines += [_rst_text(block.text), ""]
        elif isinstance(block, Bullets):
            lines += [f"- {_rst_text(item)}" for item in block.items] + [""]
        elif isinstance(block, Code):
            body = [("   " + line).rstrip() for line in block.text.rstrip("\n").splitlines()]
            lines += [f".. code-block:: {block.language}", "", *body, ""]
        else:
            lines += [".. list-table::", "   :header-rows: 1", ""]
            for row in (block.headers, *block.rows):
                for index, cell in enumerate(row):
                    marker = "   * - " if index == 0 else "     - "
                    lines.append((marker + _rst_text(cell)).rstrip())
            lines.append("")
    return "\n".join(lines) + "\n"


def to_md(blocks: Iterable[Block]) -> str:
    """The blocks as (GitHub) Markdown."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            lines += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Para):
            lines += [_md_text(block.text), ""]
        elif isinstance(block, Bullets):
            lines += [f"- {_md_text(item)}" for item in block.items] + [""]
        elif isinstance(block, Code):
            lines += [f"```{block.language}", block.text.rstrip("\n"), "```", ""]
        else:
            lines.append("| " + " | ".join(_md_text(h) for h in block.headers) + " |")
            lines.append("|" + "---|" * len(block.headers))
            lines += [
                "| " + " | ".join(_md_text(cell) for cell in row) + " |" for row in block.rows
            ]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def docstring_blocks(text: str) -> list[Block]:
    """A docstring as blocks: paragraphs (lines joined, so an inline literal may span a
    line break) and bullet lists (``- `` items, continued by indented lines)."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        items: list[str] = []
        prose: list[str] = []
        for line in chunk.splitlines():
            if line.lstrip().startswith("- "):
                items.append(line.lstrip()[2:])
            elif items and line.startswith(" "):
                items[-1] += " " + line.strip()
            else:
                prose.append(line)
        if prose:
            blocks.append(Para(" ".join(prose)))
        if items:
            blocks.append(Bullets(tuple(items)))
    return blocks


# -- schema helpers -------------------------------------------------------------------------


def _type(schema: JSON) -> str:
    """A short description of a schema's type, for a table cell."""
    if not isinstance(schema, dict):
        return "any JSON"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "const" in schema:
        return f"the constant `{json.dumps(schema['const'])}`"
    if "enum" in schema:
        options = schema["enum"]
        assert isinstance(options, list)
        return "one of " + ", ".join(f"`{json.dumps(option)}`" for option in options)
    for combinator in ("anyOf", "oneOf", "allOf"):
        options = schema.get(combinator)
        if isinstance(options, list):
            return " or ".join(_type(option) for option in options)
    kind = schema.get("type")
    if kind == "array":
        return f"array of {_type(schema.get('items'))}"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if isinstance(kind, str):
        bounds = [
            f"{word} {schema[key]}"
            for key, word in (
                ("minimum", "at least"),
                ("maximum", "at most"),
                ("maxLength", "at most characters:"),
                ("maxItems", "at most items:"),
            )
            if key in schema
        ]
        pattern = schema.get("pattern")
        text = f"{kind} matching `{pattern}`" if isinstance(pattern, str) else kind
        return text + (f" ({', '.join(bounds)})" if bounds else "")
    return "any JSON"


def field_table(schema: Mapping[str, JSON]) -> Table:
    """A table of an object schema's properties: name, type, required, meaning."""
    properties = schema.get("properties")
    required = schema.get("required")
    needed = set(required) if isinstance(required, list) else set()
    rows: list[tuple[str, ...]] = []
    if isinstance(properties, dict):
        for name, part in properties.items():
            meaning = part.get("description", "") if isinstance(part, dict) else ""
            rows.append((f"`{name}`", _type(part), "yes" if name in needed else "", str(meaning)))
    return Table(("field", "type", "required", "meaning"), tuple(rows))


def pretty(value: JSON) -> str:
    """Indented JSON with sorted keys."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


def compact(value: Mapping[str, JSON]) -> str:
    """An object one member per line, each value on one line, keys in their order."""
    members = [f"  {json.dumps(key)}: {json.dumps(item)}" for key, item in value.items()]
    return "{\n" + ",\n".join(members) + "\n}"


def _plain(value: object) -> JSON:
    decoded: JSON = json.loads(compare.canonical(value))
    return decoded


# -- the protocol and the formats (every game shares them) -----------------------------------

PARTS: tuple[tuple[str, str], ...] = (
    ("OraclePost", "post: what must hold after a step"),
    ("OracleError", "error: what a rejection must be"),
    ("OracleOutcome", "a chance outcome with its probability"),
    ("OracleFact", "a fact of a worked example"),
    ("OracleTraceHeader", "a trace's first line"),
    ("OracleTraceStep", "a trace step"),
    ("OracleExpect", "what a trace step expects"),
)
"""The oracle's own schema parts shown as field tables, with a caption."""


def protocol_blocks(g: Game) -> list[Block]:
    """The referee's operations, their answers and error codes, and the fields of every
    format (read from ``g``'s schemas; the oracle's parts are the same for every game)."""
    found = schemas(g)
    defs = found["response"]["$defs"]
    assert isinstance(defs, dict)
    blocks: list[Block] = [
        Heading("Referee operations", 1),
        Para(
            "A request carries `op`, an optional `id` and exactly the op's fields (any "
            "other field is refused with `REFEREE.FIELD`). Each answer's `result` has the "
            "shape below (its schema is `OracleAnswer...` in the `$defs` of "
            "`dieproof schema GAME --kind response`)."
        ),
        Table(
            ("op", "fields", "answer"),
            tuple(
                (
                    f"`{op}`",
                    ", ".join(f"`{f}`" for f in sorted(FIELDS[op] - {"op", "id"})) or "(none)",
                    OP_SUMMARIES[op],
                )
                for op in OPS
            ),
        ),
    ]
    for op in OPS:
        name = "OracleAnswer" + op.capitalize()
        part = defs.get(name)
        if isinstance(part, dict) and "properties" in part:
            blocks += [Heading(f"The answer to {op}", 2), field_table(part)]
    blocks += [
        Heading("Error codes of the protocol", 2),
        Para(
            "Besides the rules' own codes (each game's table below), a request can be "
            "refused with these (`PREFIX` is the game's prefix, e.g. `SOD`):"
        ),
        Table(
            ("code", "meaning"),
            tuple((f"`{code}`", meaning) for code, meaning in PROTOCOL_ERRORS.items()),
        ),
        Heading("Error codes of the command line", 2),
        Para(
            "Every command reports bad input in one line on stderr, `dieproof COMMAND: "
            "error: MESSAGE [CODE]`, and exits 2 (1 when a check fails); the code is the "
            "game's own (`SOD.PLAYERS`) or one of these:"
        ),
        Table(
            ("code", "meaning"),
            tuple((f"`{code}`", meaning) for code, meaning in CLI_ERRORS.items()),
        ),
        Heading("The fields of each format", 1),
        Para(
            "Every table is read from the JSON Schemas that `dieproof schema GAME` prints; "
            "the game's own types are in each game's section. Schema kinds: "
            + ", ".join(f"`{kind}`" for kind in KIND_NAMES)
            + "."
        ),
        Heading("A vector case", 2),
        field_table(found["vector"]),
    ]
    for name, caption in PARTS:
        part = defs.get(name)
        if isinstance(part, dict):
            blocks.append(Heading(caption[0].upper() + caption[1:], 2))
            description = part.get("description")
            if isinstance(description, str):
                blocks.append(Para(description))
            blocks.append(field_table(part))
    steps = defs.get("OracleStep")
    if isinstance(steps, dict) and isinstance(steps.get("description"), str):
        blocks += [Heading("A vector step", 2), Para(str(steps["description"]))]
    return blocks


# -- one game ------------------------------------------------------------------------------


def contract_blocks(g: Game) -> list[Block]:
    """The game's orders, conventions and chance steps."""
    contract = g.contract()
    if contract is None:
        return [Para(f"{g.title} declares no contract yet (`Rules.contract`).")]
    return [
        Heading("Legal actions and chance outcomes: the canonical order", 2),
        Para(contract.decisions),
        Table(
            ("type", "when it is open, and its order"),
            tuple((f"`{tag}`", text) for tag, text in sorted(contract.orders.items())),
        ),
        Heading("Conventions", 2),
        Table(("topic", "convention"), tuple(contract.conventions)),
        Heading("Chance steps, in the order they come", 2),
        Para(
            "Each is one chance node: `legal` lists nothing there, `chance` lists the "
            "outcomes with exact probabilities, and `apply` takes the outcome like an "
            "action."
        ),
        Table(("chance step", "when it comes"), tuple(contract.chance)),
    ]


def readings_blocks(g: Game) -> list[Block]:
    """Every selectable reading of the game's ambiguity log, with its meaning."""
    try:
        from dieproof.spec import SpecError, load

        spec = load(g.id)
    except (ImportError, SpecError):
        return []
    rows = []
    for ambiguity in spec.ambiguities:
        if ambiguity.config is None:
            continue
        for key, meaning in sorted(ambiguity.readings.items()):
            default = " (default)" if key == ambiguity.default else ""
            rows.append(
                (
                    f"`{ambiguity.config}`",
                    f"`{key}`{default}",
                    ambiguity.id,
                    " ".join(meaning.split()),
                )
            )
    if not rows:
        return []
    return [
        Heading("Readings an implementation can select", 2),
        Para(
            "Where the rulebook can be read two ways, the configuration says which reading "
            "a game plays; a vector or a differential run is checked under the reading its "
            "configuration names. The ambiguity log in the rules reference has the "
            "question, the evidence and why the default."
        ),
        Table(("config field", "reading", "ambiguity", "meaning"), tuple(rows)),
    ]


def fields_blocks(g: Game) -> list[Block]:
    """Every struct and enumeration of the game's configuration, state and actions."""
    found = schemas(g)
    defs = found["state"]["$defs"]
    assert isinstance(defs, dict)
    union = functools.reduce(operator.or_, g.action_types)
    blocks: list[Block] = [
        Heading("Every field", 2),
        Para(
            "The configuration, the state and the actions, as the JSON Schemas describe "
            "them (`dieproof schema " + g.id + "`). Bookkeeping fields are part of the "
            "canonical state and are compared like any other."
        ),
    ]
    for cls in reachable(g.config_type, g.state_type, union, Result):
        part = defs.get(cls.__name__)
        if not isinstance(part, dict):
            continue
        blocks.append(Heading(cls.__name__, 3))
        description = part.get("description")
        if isinstance(description, str):
            blocks += docstring_blocks(description)
        if "properties" in part:
            blocks.append(field_table(part))
    return blocks


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
            result = _plain(playout.result)
    return [seen[tag] for tag in sorted(seen)], outcomes, result


def _session(g: Game) -> str:
    """A referee session: requests and the answers of the real referee."""
    referee = Referee()
    config = g.default_config(min(c.players for c in g.configs()))
    reference_state = g.initial_state(config)
    state = json.loads(g.dump_state(reference_state))
    first: JSON = None
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
        {"id": 9, "op": "legal", "game": g.id, "state": state, "player": 0},
        {"id": 10, "op": "dance"},
    ]
    example = POSITION_EXAMPLES.get(g.id)
    if example is not None:
        requests.insert(-2, {"id": 11, "op": "position", "game": g.id, "position": example})
    out: list[str] = []
    for request in requests:
        line = json.dumps(request, separators=(",", ":"))
        answer = referee.answer_line(line).decode()
        out += [_shorten(line), "   " + _shorten(answer)]
    out.append("not json at all")
    out.append("   " + _shorten(referee.answer_line(b"not json at all").decode()))
    return "\n".join(out)


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


def _codes(cases: Sequence[Mapping[str, JSON]]) -> Table:
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
                (
                    f"`{error.get('code')}`",
                    f"`{error['rule']}`" if error.get("rule") else "",
                    f"`{case['name']}`",
                )
            )
    return Table(("code", "rule", "vector"), tuple(rows))


POSITION_EXAMPLES: dict[str, JSON] = {
    "dont-let-it-die": {
        "config": {"players": 2, "tree": "normal"},
        "day": 4,
        "pit": 5,
        "tokens": {"wood": 2, "fkp": 3, "cooked-meat": 1},
        "unlocked": ["warmth-1", "cooking-1"],
        "characters": [
            {"hp": 3},
            {"stamina": 2},
            {"weapons": ["Spear"]},
            {"hp": 4, "done": True},
        ],
        "turn": 2,
    },
    "doom-and-bloom": {
        "config": {"players": 2, "length": "short"},
        "seats": [
            {
                "character": "Doctor",
                "assets": [6, 6, 6, 7, 2],
                "space": "r7c3",
                "destinations": ["Haven"],
                "scouted": 1,
                "final": "Bloomfield",
            },
            {"character": "Nurse", "space": "r3c4"},
        ],
        "phase": "move",
        "roll": 3,
    },
    "no-game-over": {
        "config": {"players": 3},
        "active": 0,
        "lives": [5, 2, 0],
        "equipment": [["Helmet", "Armor", "War Hammer", "Greaves", "Sword"], [], []],
        "hands": [["Mega Hit"], ["Goblin", "Power Up"], ["Spatuna"]],
        "step": "combat",
        "fight": {"enemy": "Vampire"},
    },
    "squirrel-or-die": {
        "config": {"players": 2},
        "phase": "winter",
        "current": 1,
        "grid": [{"row": 0, "col": 0, "tile": "bomb", "face_up": False}],
        "collected": [["skull"], ["skull"]],
    },
    "until-daylight": {
        "config": {"players": 3},
        "characters": ["pillar", "hipster", "psycho"],
        "round": 3,
        "phase": "attacks",
        "active": 1,
        "inventories": [["basic-pillar"], ["basic-hipster", "gun", "gun-ammo"], ["basic-psycho"]],
        "areas": [[], ["raider", "wanderer", "survivor", "monster"], []],
        "traps": [0, 1, 0],
    },
}
"""A position description per game, shown in the guide with the state it builds."""


def position_blocks(g: Game) -> list[Block]:
    """A position description and what the builder makes of it."""
    example = POSITION_EXAMPLES.get(g.id)
    schema = g.position_schema()
    if example is None or schema is None:
        return [Para(f"{g.title} has no position builder yet.")]
    state = g.position(json.dumps(example))
    mover = g.to_move(state)
    listed = (
        [o for o, _ in g.chance_outcomes(state)]
        if mover == CHANCE
        else list(g.legal_actions(state))
    )
    shown = "\n".join(g.dump_action(a) for a in listed[:6])
    more = f"\n... ({len(listed)} in all)" if len(listed) > 6 else ""
    definition = schema.get("$defs", {})
    assert isinstance(definition, dict)
    name = next(iter(definition), "")
    part = definition.get(name)
    blocks: list[Block] = [
        Heading("Setting up a position", 2),
        Para(
            "`dieproof position " + g.id + " FILE` (or the referee's `position` op, or "
            "`game(...).position(text)` in Python) reads a short description and fills "
            "in the rest the way the rules would; the state is then validated like any "
            "state a client sends. This description:"
        ),
        Code(compact(example) if isinstance(example, dict) else pretty(example)),
        Para(
            f"builds a state where the player to move is `{compare.canonical(mover)}` "
            f"({'chance' if mover == CHANCE else 'a seat'}), with these open actions:"
        ),
        Code(shown + more, "text"),
    ]
    if isinstance(part, dict):
        blocks += [Para("The fields of a description:"), field_table(part)]
    return blocks


def examples_blocks(g: Game) -> list[Block]:
    """Real values of every format, produced by the reference."""
    cases = vectors.generate(g, kinds=("rejection",))
    actions, outcomes, result = _actions(g)
    blocks: list[Block] = [
        Heading("Examples", 2),
        Para("A configuration with every reading (the default one):"),
        Code(pretty(json.loads(g.dump_config(g.default_config())))),
        Para("The initial state of that configuration:"),
        Code(pretty(json.loads(g.dump_state(g.initial_state(g.default_config()))))),
        Para("One action of each type, in canonical JSON:"),
        Code("\n".join(actions)),
    ]
    if outcomes is not None:
        blocks += [
            Para("The chance outcomes at the first chance node, with exact probabilities:"),
            Code(pretty(outcomes)),
        ]
    blocks += [
        Para("A result (its `reason` is prose and never compared):"),
        Code(pretty(result)),
        Para("The first lines of a trace:"),
        Code(_trace(g)),
    ]
    small = _smallest_case(cases)
    if small is not None:
        blocks += [
            Para(f"A whole vector case, `{small['name']}`, as its file reads:"),
            Code(vectors.render(small)),
        ]
    blocks += [
        Para("A referee session (requests, then indented answers; long lines shortened):"),
        Code(_session(g), "text"),
        Para(
            "The error codes of the rules, each with the rule it enforces and the vector "
            "that shows it:"
        ),
        _codes(cases),
    ]
    return blocks


def game_blocks(g: Game) -> list[Block]:
    """Everything about one game, starting at a level-1 heading."""
    return [
        Heading(f"{g.title} ({g.id})", 1),
        *contract_blocks(g),
        *readings_blocks(g),
        *position_blocks(g),
        *fields_blocks(g),
        *examples_blocks(g),
    ]


# -- the two renderings ---------------------------------------------------------------------


def render_oracle() -> str:
    """The generated part of the oracle guide, as reStructuredText."""
    registered = list(games())
    blocks: list[Block] = []
    if registered:
        blocks += protocol_blocks(registered[0])
    for g in registered:
        blocks += game_blocks(g)
    return to_rst(blocks)


def committed() -> dict[str, str]:
    """The committed rendering: path below ``docs/oracle/generated/`` -> text."""
    registered = list(games())
    files: dict[str, str] = {}
    index: list[Block] = [
        Heading("The oracle contract, generated", 1),
        Para(
            "Generated from the code by `docs/_ext/oracle_docs.py` (regenerate with "
            "`.venv/bin/python docs/_ext/oracle_docs.py`; a test checks these files are "
            "current). The guide itself is `docs/oracle.rst`."
        ),
        Bullets(
            (
                "protocol.md: the referee's operations, their answers, the error codes and "
                "the fields of every format",
                *(
                    f"{g.id}.md: the contract of {g.title} (orders, conventions, chance steps, "
                    f"readings, every field, examples); {g.id}.schemas.json: its JSON Schemas"
                    for g in registered
                ),
            )
        ),
    ]
    files["README.md"] = to_md(index)
    if registered:
        files["protocol.md"] = to_md(protocol_blocks(registered[0]))
    for g in registered:
        files[f"{g.id}.md"] = to_md(game_blocks(g))
        files[f"{g.id}.schemas.json"] = one_document(g)
    return files


def one_document(g: Game) -> str:
    """Every schema of ``g`` in one JSON Schema document: the shared ``$defs`` once, each
    kind as ``$defs/kind-<KIND>`` (what ``dieproof schema GAME --kind KIND`` prints is
    that definition with the ``$defs`` beside it)."""
    defs: dict[str, JSON] = {}
    for kind, found in schemas(g).items():
        inner = found.get("$defs")
        if isinstance(inner, dict):
            defs.update(inner)
        defs[f"kind-{kind}"] = {k: v for k, v in found.items() if k not in {"$schema", "$defs"}}
    document: dict[str, JSON] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{g.title}: every format of the oracle",
        "description": "Each kind of value is $defs/kind-KIND, KIND one of "
        + ", ".join(KIND_NAMES)
        + ".",
        "$defs": defs,
    }
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the committed rendering (or, with ``--check``, compare it); 1 if stale."""
    parser = argparse.ArgumentParser(description="Regenerate docs/oracle/generated/.")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = parser.parse_args(argv)
    files = committed()
    stale = [
        name
        for name, text in files.items()
        if not (COMMITTED / name).exists() or (COMMITTED / name).read_text("utf-8") != text
    ]
    extra = (
        sorted(p.name for p in COMMITTED.glob("*") if p.is_file() and p.name not in files)
        if COMMITTED.is_dir()
        else []
    )
    if args.check:
        for name in [*stale, *extra]:
            print(f"stale: docs/oracle/generated/{name}", file=sys.stderr)
        return 1 if stale or extra else 0
    COMMITTED.mkdir(parents=True, exist_ok=True)
    for name in stale:
        (COMMITTED / name).write_text(files[name], encoding="utf-8")
    for name in extra:
        (COMMITTED / name).unlink()
    print(f"wrote {len(stale)} files, removed {len(extra)} under {COMMITTED}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
