"""The conformance vector format: the constants, a case recorded step by step through the
reference, its ``_info`` and sha256, and its file layout (see
:mod:`~dieproof.reference.oracle.vectors` for the format and where cases come from)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

from dieproof.reference import __version__
from dieproof.reference.core import strict
from dieproof.reference.core.errors import InvalidAction, RulesError
from dieproof.reference.core.examples import json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, Action, Config, State
from dieproof.reference.oracle.content import content_json
from dieproof.reference.oracle.observe import Observation, canonical, digest, observe, sha256_text

VECTOR_FORMAT: Final = "dieproof-vector"
VECTOR_VERSION: Final = 1
GENERATOR: Final = "dieproof.reference.oracle.vectors"
FULL_LIST_MAX: Final = 3
"""Lists of legal actions or chance outcomes up to this long are written out in full;
longer ones as their length and sha256 (always in full at a case's checkpoints)."""

Kind = Literal["example", "random", "witness", "rejection"]
KINDS: Final[tuple[Kind, ...]] = ("example", "random", "witness", "rejection")


class VectorError(ValueError):
    """A file is not a readable vector case."""


Detail = Literal["brief", "digest", "full"]
"""How much a step's ``post`` says: ``brief`` only the player to move; ``digest``
everything, long lists as length and sha256; ``full`` everything in full."""


@dataclass(slots=True)
class Recorder:
    """Plays actions through the reference and writes each step's expectations."""

    g: Game
    config: Config
    state: State
    initial: JSON
    detail: Detail
    steps: list[JSON] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)

    @classmethod
    def start(cls, g: Game, config: Config, detail: Detail) -> Recorder:
        """A recorder at the initial state of ``config``, its full post taken."""
        return cls.at(g, g.initial_state(config), detail)

    @classmethod
    def at(cls, g: Game, state: State, detail: Detail) -> Recorder:
        """A recorder at ``state`` (a position), its full post taken."""
        return cls(g, g.config_of(state), state, post(observe(g, state), "full"), detail)

    def play(self, action: Action, *, full: bool = False) -> None:
        """Apply ``action`` and record the step with its post (in full at a checkpoint)."""
        before = self.state
        self.state = self.g.apply(before, action)
        self.rules.update(self.g.step_rules(before, action, self.state))
        result = self.g.result(self.state)
        if result is not None:
            self.rules.add(result.rule)
        self.steps.append(
            {
                "action": json_of(self.g.dump_action(action)),
                "post": post(observe(self.g, self.state), "full" if full else self.detail),
            }
        )

    def reject(self, action: JSON, *, expected: RulesError | None = None) -> None:
        """Record a step the rules refuse (with ``expected``, the refusal already found)."""
        error = expected or refusal(self.g, self.state, action)
        if error is None:
            raise AssertionError(f"{canonical(action)} is accepted")
        if error.rule:
            self.rules.add(error.rule)
        self.steps.append({"action": action, "error": error_json(error)})

    def mark_last_full(self) -> None:
        """Write the last step's expectations in full (a checkpoint)."""
        if self.steps:
            last = self.steps[-1]
            if isinstance(last, dict) and "post" in last:
                last["post"] = post(observe(self.g, self.state), "full")


def post(seen: Observation, detail: Detail) -> dict[str, JSON]:
    """The expectations after a step: the player to move and, unless ``brief``, the
    state's sha256, the legal actions or chance outcomes (in full, or as length and
    sha256) and the result once the game is over."""
    found: dict[str, JSON] = {"to_move": seen.to_move}
    if detail == "brief":
        return found
    found["state_sha256"] = seen.state_sha256
    full = detail == "full"
    if seen.to_move == "chance":
        _list(found, "chance", seen.chance, full=full)
    elif seen.to_move != "terminal":
        _list(found, "legal", seen.legal, full=full)
    if seen.result is not None:
        found["result"] = seen.result
    return found


def _list(into: dict[str, JSON], name: str, values: list[JSON], *, full: bool) -> None:
    if full or len(values) <= FULL_LIST_MAX:
        into[name] = values
    else:
        into[f"{name}_count"] = len(values)
        into[f"{name}_sha256"] = digest(values)


def error_json(error: RulesError) -> JSON:
    return {"code": error.code, "rule": error.rule}


def make_case(
    g: Game,
    kind: Kind,
    slug: str,
    *,
    title: str,
    config: JSON,
    initial: JSON,
    steps: list[JSON],
    rules: Iterable[str],
    facts: list[JSON] | None = None,
    position: JSON = None,
) -> dict[str, JSON]:
    """A case as JSON, with the content it assumes (:mod:`.content`) and its ``_info``
    (rule ids covered and the sha256); a case that starts from a position rather than
    the initial state has its description as ``position``."""
    case: dict[str, JSON] = {
        "format": VECTOR_FORMAT,
        "version": VECTOR_VERSION,
        "game": g.id,
        "name": f"{kind}/{slug}",
        "kind": kind,
        "title": title,
        "config": config,
        "content": content_json(g, config),
        "initial": initial,
        "steps": steps,
    }
    if facts:
        case["facts"] = facts
    if position is not None:
        case["position"] = position
    rule_ids: list[JSON] = [*sorted(set(rules))]
    case["_info"] = {
        "dieproof": __version__,
        "generator": GENERATOR,
        "rules": rule_ids,
        "sha256": case_sha256(case),
    }
    return case


def case_sha256(case: Mapping[str, JSON]) -> str:
    """The sha256 of the canonical JSON of ``case`` without ``_info``."""
    return sha256_text(canonical({k: v for k, v in case.items() if k != "_info"}))


def record_game(
    g: Game,
    kind: Kind,
    slug: str,
    *,
    title: str,
    config: Config,
    actions: Sequence[Action],
    rules: Iterable[str] = (),
    detail: Detail = "brief",
) -> dict[str, JSON]:
    """A case that plays ``actions`` from the initial state of ``config``, with
    ``detail`` posts and a full one after the last step."""
    recorder = Recorder.start(g, config, detail)
    for action in actions:
        recorder.play(action)
    recorder.mark_last_full()
    return make_case(
        g,
        kind,
        slug,
        title=title,
        config=json_of(g.dump_config(config)),
        initial=recorder.initial,
        steps=recorder.steps,
        rules={*rules, *recorder.rules},
    )


def refusal(g: Game, state: State, probe: JSON) -> RulesError | None:
    """The error the reference refuses ``probe`` with at ``state`` (malformed or
    illegal), or ``None`` if it accepts it."""
    try:
        action = g.load_action(canonical(probe))
    except InvalidAction as error:
        return error
    try:
        g.apply(state, action)
    except RulesError as error:
        return error
    return None


def set_path(document: JSON, path: Sequence[str], value: JSON) -> JSON:
    """A copy of ``document`` with the object member at ``path`` set to ``value``."""
    if not path:
        return value
    if not isinstance(document, dict):
        raise KeyError(path[0])
    copy = dict(document)
    copy[path[0]] = set_path(document.get(path[0]), path[1:], value)
    return copy


def slug(text: str) -> str:
    """``text`` in lower case with runs of other characters as one hyphen."""
    kept = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in kept.split("-") if part)


# -- files --------------------------------------------------------------------------------


def render(case: Mapping[str, JSON]) -> str:
    """A case's file text: canonical JSON laid out one member per line and one step
    (or fact) per line, so diffs are readable; parsing it gives the case back."""
    lines = []
    for key in sorted(case):
        value = case[key]
        if isinstance(value, list) and value:
            inner = ",\n".join(canonical(item) for item in value)
            lines.append(f"{canonical(key)}:[\n{inner}\n]")
        else:
            lines.append(f"{canonical(key)}:{canonical(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def case_path(case: Mapping[str, JSON]) -> Path:
    """Where a case lives under the output folder: ``GAME/KIND/NAME.json``."""
    return Path(str(case["game"])) / f"{case['name']}.json"


def write(cases: Iterable[Mapping[str, JSON]], out: Path) -> list[Path]:
    """Write each case under ``out``; returns the paths written, sorted."""
    written = []
    for case in cases:
        path = out / case_path(case)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render(case).encode())
        written.append(path)
    return sorted(written)


def read(path: Path) -> dict[str, JSON]:
    """Read one case file; raises :class:`VectorError` if it is not a JSON object."""
    try:
        data = strict.decode(path.read_bytes())
    except (OSError, strict.JsonInputError) as error:
        raise VectorError(f"{path}: {error}") from None
    if not isinstance(data, dict):
        raise VectorError(f"{path}: a case is a JSON object")
    return data


def case_files(root: Path) -> list[Path]:
    """Every ``*.json`` under ``root`` (or ``root`` itself), sorted."""
    if root.is_file():
        return [root]
    return sorted(root.rglob("*.json"))
