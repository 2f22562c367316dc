"""Conformance vectors: self-describing JSON test cases for any implementation of a game
(DESIGN section 5; the shape follows ethereum/consensus-specs' test formats).

One file is one case. A case names its game and its configuration (every reading
spelled out), then lists steps: an action or chance outcome, and either ``post``, what
must hold after it, or ``error``, the code and rule id it must be rejected with. As in
consensus-specs, a step without a post-state must be rejected; the state then stays as
it was and the case goes on. ``_info`` says who wrote the case, which rule ids it
covers and the sha256 of the case's canonical JSON without ``_info``.

Cases come from four sources, all generic over the registered games:

``example``
    every worked example the game lists (:meth:`Game.examples`), named after it, with
    the facts its rulebook numbers give;
``random``
    seeded random games for every official configuration and for every non-default
    reading of every selectable ambiguity in the game's specification;
``witness``
    the games that reach each goal of the game's z3 model (a win, each loss, every cap
    reached), passed in by the caller (the CLI takes them from :mod:`dieproof.proofs`,
    which this package does not import);
``rejection``
    one case per error code the rules raise, found by probing random games with
    mutated and misplaced actions and the default configurations with mutated fields.

Random cases check everything after every step (long lists as their length and
sha256); example, witness and rejection cases name the player to move after every step
and check everything at their checkpoints: the initial state, each fact and rejection of
an example, and the last accepted step. That keeps the committed set to a few hundred
kilobytes per game.

Regeneration is deterministic: the same dieproof writes the same bytes, whatever the
hash seed (lists are in canonical order, no set or dict iteration order leaks, no
times or paths are written).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

from dieproof.reference import __version__
from dieproof.reference.core import driver
from dieproof.reference.core.errors import InvalidAction, RulesError
from dieproof.reference.core.examples import Example, fact_holds, json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, Action, Config, State
from dieproof.reference.oracle.observe import (
    Observation,
    canonical,
    digest,
    observe,
    sha256_text,
)

VECTOR_FORMAT: Final = "dieproof-vector"
VECTOR_VERSION: Final = 1
GENERATOR: Final = "dieproof.reference.oracle.vectors"
FULL_LIST_MAX: Final = 3
"""Lists of legal actions or chance outcomes up to this long are written out in full;
longer ones as their length and sha256 (always in full at a case's checkpoints)."""
RANDOM_SEEDS: Final = 1
"""Seeded random games per configuration in the default (committed) set."""
REJECTION_SEEDS: Final = 2
"""Random games per configuration probed for rejections."""

Kind = Literal["example", "random", "witness", "rejection"]
KINDS: Final[tuple[Kind, ...]] = ("example", "random", "witness", "rejection")

WitnessGames = Mapping[str, tuple[Config, Sequence[Action]]]
"""Goal name -> a configuration and the actions of a game that reaches the goal."""


class VectorError(ValueError):
    """A file is not a readable vector case."""


# -- recording a case ---------------------------------------------------------------------


Detail = Literal["brief", "digest", "full"]
"""How much a step's ``post`` says: ``brief`` only the player to move; ``digest``
everything, long lists as length and sha256; ``full`` everything in full."""


@dataclass(slots=True)
class _Recorder:
    """Plays actions through the reference and writes each step's expectations."""

    g: Game
    config: Config
    state: State
    initial: JSON
    detail: Detail
    steps: list[JSON] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)

    @classmethod
    def start(cls, g: Game, config: Config, detail: Detail) -> _Recorder:
        """A recorder at the initial state of ``config``, its full post taken."""
        state = g.initial_state(config)
        return cls(g, config, state, post(observe(g, state), "full"), detail)

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
        error = expected or _rejection(self.g, self.state, action)
        if error is None:
            raise AssertionError(f"{canonical(action)} is accepted")
        if error.rule:
            self.rules.add(error.rule)
        self.steps.append({"action": action, "error": _error_json(error)})

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


def _error_json(error: RulesError) -> JSON:
    return {"code": error.code, "rule": error.rule}


def _rejection(g: Game, state: State, action: JSON) -> RulesError | None:
    """The error the reference rejects ``action`` with, or ``None`` if it accepts it."""
    try:
        g.apply(state, g.load_action(canonical(action)))
    except RulesError as error:
        return error
    return None


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
) -> dict[str, JSON]:
    """A case as JSON, with its ``_info`` (rule ids covered and the sha256)."""
    case: dict[str, JSON] = {
        "format": VECTOR_FORMAT,
        "version": VECTOR_VERSION,
        "game": g.id,
        "name": f"{kind}/{slug}",
        "kind": kind,
        "title": title,
        "config": config,
        "initial": initial,
        "steps": steps,
    }
    if facts:
        case["facts"] = facts
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
    recorder = _Recorder.start(g, config, detail)
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


# -- the sources of cases -------------------------------------------------------------------


def example_case(g: Game, example: Example) -> dict[str, JSON]:
    """The case of one worked example: its actions, rejections and facts."""
    recorder = _Recorder.start(g, example.config, "brief")
    facts: list[JSON] = []
    checkpoints = {fact.step for fact in example.facts}
    checkpoints.update(rejection.step for rejection in example.rejections)

    def settle(done: int) -> None:
        for rejection in example.rejections:
            if rejection.step == done:
                recorder.reject(json_of(g.dump_action(rejection.action)))
        for fact in example.facts:
            if fact.step == done:
                item: dict[str, JSON] = {
                    "after": len(recorder.steps),
                    "subject": fact.subject,
                    "pointer": fact.pointer,
                    "value": fact.value,
                    "says": fact.says,
                }
                if fact.length:
                    item["length"] = True
                facts.append(item)

    settle(0)
    for done, action in enumerate(example.actions, start=1):
        recorder.play(action, full=done in checkpoints or done == len(example.actions))
        settle(done)
    return make_case(
        g,
        "example",
        example.name,
        title=example.title,
        config=json_of(g.dump_config(example.config)),
        initial=recorder.initial,
        steps=recorder.steps,
        rules={*example.rules, *recorder.rules},
        facts=facts,
    )


def reading_configs(g: Game) -> list[tuple[str, Config]]:
    """The default configuration with each non-default reading of each selectable
    ambiguity of the game's specification, as (label, config); empty without a spec."""
    try:
        from dieproof.spec import SpecError, load

        spec = load(g.id)
    except (ImportError, SpecError):
        return []
    found: list[tuple[str, Config]] = []
    base = json_of(g.dump_config(g.default_config()))
    for ambiguity in spec.ambiguities:
        if ambiguity.config is None:
            continue
        for reading in sorted(ambiguity.readings):
            if reading == ambiguity.default:
                continue
            changed = set_path(base, ambiguity.config.split("."), reading)
            try:
                config = g.load_config(canonical(changed))
            except RulesError:
                continue
            found.append((f"{ambiguity.id.lower()}-{_slug(reading)}", config))
    return found


def set_path(document: JSON, path: Sequence[str], value: JSON) -> JSON:
    """A copy of ``document`` with the object member at ``path`` set to ``value``."""
    if not path:
        return value
    if not isinstance(document, dict):
        raise KeyError(path[0])
    copy = dict(document)
    copy[path[0]] = set_path(document.get(path[0]), path[1:], value)
    return copy


def config_slug(g: Game, config: Config) -> str:
    """``2p-basic`` style: the player count and every field that is a short string
    (a variant), in field order."""
    data = json_of(g.dump_config(config))
    words = [f"{config.players}p"]
    if isinstance(data, dict):
        words += [_slug(v) for k, v in data.items() if isinstance(v, str) and k != "players"]
    return "-".join(words)


def random_cases(
    g: Game, seeds: int = RANDOM_SEEDS, *, readings: bool = False
) -> list[dict[str, JSON]]:
    """Seeded random games for every official configuration and, with ``readings``,
    for the default configuration under every non-default reading."""
    configs = [(config_slug(g, c), c) for c in g.configs()]
    if readings:
        configs += [(f"{config_slug(g, c)}-{label}", c) for label, c in reading_configs(g)]
    cases = []
    for label, config in configs:
        for seed in range(seeds):
            played = driver.play(g, config, seed)
            cases.append(
                record_game(
                    g,
                    "random",
                    f"{label}-seed-{seed}",
                    title=f"A random game ({label}), seed {seed}",
                    config=config,
                    actions=played.actions,
                    detail="digest",
                )
            )
    return cases


def witness_cases(g: Game, witnesses: WitnessGames) -> list[dict[str, JSON]]:
    """One case per goal of the z3 model, from the game that witnesses it."""
    return [
        record_game(
            g,
            "witness",
            _slug(goal),
            title=f"A game that reaches the goal {goal!r} of the z3 model",
            config=config,
            actions=actions,
        )
        for goal, (config, actions) in sorted(witnesses.items())
    ]


# -- rejections -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Found:
    config: Config
    prefix: tuple[Action, ...]
    action: JSON
    error: RulesError


def rejection_cases(g: Game, seeds: int = REJECTION_SEEDS) -> list[dict[str, JSON]]:
    """One case per error code: the shortest probe found that the rules reject so."""
    found: dict[str, _Found] = {}
    for config in sorted(g.configs(), key=lambda c: c.players):
        zoo: dict[str, JSON] = {}
        for seed in range(seeds):
            played = driver.play(g, config, seed)
            state = g.initial_state(config)
            prefix: list[Action] = []
            for action in (*played.actions, None):
                for probe in _probes(g, state, zoo):
                    error = _rejection_or_invalid(g, state, probe)
                    if error is None:
                        continue
                    best = found.get(error.code)
                    if best is None or len(prefix) < len(best.prefix):
                        found[error.code] = _Found(config, tuple(prefix), probe, error)
                if action is None:
                    break
                zoo.setdefault(_tag(g, action), json_of(g.dump_action(action)))
                state = g.apply(state, action)
                prefix.append(action)
    cases = [_action_case(g, code, item) for code, item in sorted(found.items())]
    cases += _config_cases(g)
    return cases


def _rejection_or_invalid(g: Game, state: State, probe: JSON) -> RulesError | None:
    try:
        action = g.load_action(canonical(probe))
    except InvalidAction as error:
        return error
    try:
        g.apply(state, action)
    except RulesError as error:
        return error
    return None


def _tag(g: Game, action: Action) -> str:
    data = json_of(g.dump_action(action))
    tag = data.get("type") if isinstance(data, dict) else None
    return tag if isinstance(tag, str) else type(action).__name__


def _probes(g: Game, state: State, zoo: Mapping[str, JSON]) -> Iterator[JSON]:
    """Candidate actions that may be refused at ``state``: one of every type seen so far,
    the open actions with a field changed, and malformed ones."""
    yield from (zoo[tag] for tag in sorted(zoo))
    seen = observe(g, state)
    open_actions: list[JSON] = [*seen.legal]
    for item in seen.chance:
        if isinstance(item, dict):
            open_actions.append(item["outcome"])
    picked = open_actions[:2] + open_actions[-1:]
    values = _field_values([*open_actions, *zoo.values()])
    for action in picked:
        yield from _mutations(action, values)
    if open_actions:
        first = open_actions[0]
        if isinstance(first, dict):
            yield {**first, "type": "no-such-action"}
            for name in sorted(first):
                if name != "type":
                    yield {**first, name: [first[name]]}


def _field_values(actions: Iterable[JSON]) -> dict[str, list[JSON]]:
    """Every value seen for each field name, in canonical order."""
    values: dict[str, dict[str, JSON]] = {}
    for action in actions:
        if isinstance(action, dict):
            for name, value in action.items():
                if name != "type":
                    values.setdefault(name, {})[canonical(value)] = value
    return {name: [found[k] for k in sorted(found)] for name, found in values.items()}


def _mutations(action: JSON, values: Mapping[str, list[JSON]]) -> Iterator[JSON]:
    if not isinstance(action, dict):
        return
    for name in sorted(action):
        if name == "type":
            continue
        value = action[name]
        if isinstance(value, int) and not isinstance(value, bool):
            for changed in (value - 1, value + 1, value + 2, -1, 99):
                if changed != value:
                    yield {**action, name: changed}
        for other in values.get(name, []):
            if other != value:
                yield {**action, name: other}


def _action_case(g: Game, code: str, item: _Found) -> dict[str, JSON]:
    recorder = _Recorder.start(g, item.config, "brief")
    for action in item.prefix:
        recorder.play(action)
    recorder.mark_last_full()
    recorder.reject(item.action, expected=item.error)
    return make_case(
        g,
        "rejection",
        _slug(code),
        title=f"An action the rules reject with {code}"
        + (f" (rule {item.error.rule})" if item.error.rule else ""),
        config=json_of(g.dump_config(item.config)),
        initial=recorder.initial,
        steps=recorder.steps,
        rules=recorder.rules,
    )


def _config_cases(g: Game) -> list[dict[str, JSON]]:
    """One case per configuration error code: a configuration that must be refused."""
    found: dict[str, tuple[JSON, RulesError]] = {}
    for config in g.configs():
        base = json_of(g.dump_config(config))
        for candidate in _config_mutations(base):
            try:
                g.initial_state(g.load_config(canonical(candidate)))
            except RulesError as refused:
                found.setdefault(refused.code, (candidate, refused))
    cases = []
    for code, (candidate, error) in sorted(found.items()):
        cases.append(
            make_case(
                g,
                "rejection",
                _slug(code),
                title=f"A configuration the rules reject with {code}"
                + (f" (rule {error.rule})" if error.rule else ""),
                config=candidate,
                initial={"error": _error_json(error)},
                steps=[],
                rules=[error.rule] if error.rule else [],
            )
        )
    return cases


def _config_mutations(base: JSON) -> Iterator[JSON]:
    """Each integer field nudged, each string field changed, each field of the wrong
    type; then pairs of integer fields moved in opposite directions."""
    leaves = list(_leaves(base, ()))
    for path, value in leaves:
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            for changed in (value - 1, value + 1, 0, -1, 99):
                if changed != value:
                    yield set_path(base, path, changed)
        elif isinstance(value, str):
            yield set_path(base, path, value + "-nonsense")
        yield set_path(base, path, [value])
    numbers = [(p, v) for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    for (first, a), (second, b) in itertools.permutations(numbers, 2):
        yield set_path(set_path(base, first, a + 1), second, b - 1)


def _leaves(value: JSON, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], JSON]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], (*path, key))
    elif path:
        yield path, value


def _slug(text: str) -> str:
    kept = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in kept.split("-") if part)


# -- everything, written and read -----------------------------------------------------------


def generate(
    g: Game,
    *,
    seeds: int = RANDOM_SEEDS,
    readings: bool = False,
    witnesses: WitnessGames | None = None,
    kinds: Sequence[Kind] = KINDS,
) -> list[dict[str, JSON]]:
    """Every case of ``g``, sorted by name (the committed set uses the defaults)."""
    cases: list[dict[str, JSON]] = []
    if "example" in kinds:
        cases += [example_case(g, example) for example in g.examples()]
    if "random" in kinds:
        cases += random_cases(g, seeds, readings=readings)
    if "witness" in kinds and witnesses:
        cases += witness_cases(g, witnesses)
    if "rejection" in kinds:
        cases += rejection_cases(g)
    names = [str(case["name"]) for case in cases]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise ValueError(f"{g.id}: duplicate case names {duplicates}")
    return sorted(cases, key=lambda case: str(case["name"]))


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
        data = json_of(path.read_bytes())
    except (OSError, ValueError) as error:
        raise VectorError(f"{path}: {error}") from None
    if not isinstance(data, dict):
        raise VectorError(f"{path}: a case is a JSON object")
    return data


def case_files(root: Path) -> list[Path]:
    """Every ``*.json`` under ``root`` (or ``root`` itself), sorted."""
    if root.is_file():
        return [root]
    return sorted(root.rglob("*.json"))


# -- checking a case against the reference -------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaseReport:
    """The outcome of replaying one case through the reference."""

    name: str
    """The case's name (or its file, if it has none)."""
    steps: int
    """Steps that matched."""
    problem: str | None = None
    """What did not match, for people; ``None`` when the case agrees."""

    @property
    def ok(self) -> bool:
        """Whether the case agrees with the reference."""
        return self.problem is None

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {"name": self.name, "ok": self.ok, "steps": self.steps, "problem": self.problem}


def check_case(case: Mapping[str, JSON], lookup: Callable[[str], Game]) -> CaseReport:
    """Replay ``case`` through the reference and compare every expectation."""
    name = str(case.get("name", "?"))
    try:
        steps = _check(case, lookup)
    except _Mismatch as mismatch:
        return CaseReport(name, mismatch.steps, mismatch.message)
    return CaseReport(name, steps)


class _Mismatch(Exception):
    def __init__(self, steps: int, message: str) -> None:
        super().__init__(message)
        self.steps = steps
        self.message = message


def _check(case: Mapping[str, JSON], lookup: Callable[[str], Game]) -> int:
    if case.get("format") != VECTOR_FORMAT or case.get("version") != VECTOR_VERSION:
        raise _Mismatch(0, f"not a {VECTOR_FORMAT} version {VECTOR_VERSION} case")
    info = case.get("_info")
    if not isinstance(info, dict) or info.get("sha256") != case_sha256(case):
        raise _Mismatch(0, "_info.sha256 does not match the case's canonical JSON")
    try:
        g = lookup(str(case.get("game")))
    except RulesError as error:
        raise _Mismatch(0, error.message) from None
    initial = case.get("initial")
    steps = case.get("steps")
    if not isinstance(initial, dict) or not isinstance(steps, list):
        raise _Mismatch(0, "a case needs an initial object and a steps array")
    try:
        state = g.initial_state(g.load_config(canonical(case.get("config"))))
    except RulesError as error:
        if "error" in initial:
            _same_error(0, initial["error"], error)
            return 0
        raise _Mismatch(0, f"the config is refused: {error.code}: {error.message}") from None
    if "error" in initial:
        raise _Mismatch(0, f"the config must be refused with {canonical(initial['error'])}")
    _compare_post(g, 0, initial, observe(g, state))
    states = [state]
    for number, step in enumerate(steps, start=1):
        if not isinstance(step, dict) or "action" not in step:
            raise _Mismatch(number - 1, f"step {number} has no action")
        refused = _rejection_or_invalid(g, state, step["action"])
        if "error" in step:
            if refused is None:
                raise _Mismatch(number - 1, f"step {number} must be rejected, but is accepted")
            _same_error(number, step["error"], refused)
        else:
            if refused is not None:
                raise _Mismatch(
                    number - 1, f"step {number} is rejected: {refused.code}: {refused.message}"
                )
            state = g.apply(state, g.load_action(canonical(step["action"])))
            expected = step.get("post")
            if isinstance(expected, dict):
                _compare_post(g, number, expected, observe(g, state))
        states.append(state)
    _check_facts(g, case.get("facts"), states)
    return len(steps)


def _same_error(step: int, expected: JSON, error: RulesError) -> None:
    actual = _error_json(error)
    if canonical(expected) != canonical(actual):
        raise _Mismatch(
            max(step - 1, 0),
            f"step {step}: expected error {canonical(expected)}, got {canonical(actual)}",
        )


def _compare_post(g: Game, step: int, expected: Mapping[str, JSON], seen: Observation) -> None:
    actual = post(seen, "full")
    lists: dict[str, list[JSON]] = {"legal": seen.legal, "chance": seen.chance}
    for key in sorted(expected):
        base, _, suffix = key.rpartition("_")
        have: JSON
        if base in lists and suffix == "count":
            have = len(lists[base])
        elif base in lists and suffix == "sha256":
            have = digest(lists[base])
        else:
            have = actual.get(key)
        if canonical(expected[key]) != canonical(have):
            raise _Mismatch(
                max(step - 1, 0),
                f"after step {step}: {key} differs: expected {_short(expected[key])}, "
                f"the reference says {_short(have)}",
            )
    if "result" not in expected and seen.result is not None:
        raise _Mismatch(max(step - 1, 0), f"after step {step}: the game is over, unexpectedly")


def _check_facts(g: Game, facts: JSON, states: Sequence[State]) -> None:
    if facts is None:
        return
    if not isinstance(facts, list):
        raise _Mismatch(len(states) - 1, "facts is not an array")
    from dieproof.reference.core.examples import Fact

    for item in facts:
        if not isinstance(item, dict):
            raise _Mismatch(len(states) - 1, "a fact is not an object")
        after = item.get("after")
        if not isinstance(after, int) or not 0 <= after < len(states):
            raise _Mismatch(len(states) - 1, f"a fact is after step {after}")
        subject = item.get("subject")
        seen = observe(g, states[after])
        subjects: dict[str, JSON] = {
            "state": json_of(seen.state),
            "result": seen.result,
            "legal": seen.legal,
            "chance": seen.chance,
            "to_move": seen.to_move,
        }
        if subject not in subjects:
            raise _Mismatch(after, f"a fact about {subject!r}")
        fact = Fact(
            after,
            str(subject),  # type: ignore[arg-type]
            str(item.get("pointer", "")),
            item.get("value"),
            str(item.get("says", "")),
            bool(item.get("length", False)),
        )
        holds, found = fact_holds(fact, subjects[str(subject)])
        if not holds:
            raise _Mismatch(
                after,
                f"fact after step {after} ({fact.says}): {subject}{fact.pointer} is "
                f"{_short(found)}, expected {_short(fact.value)}",
            )


def _short(value: JSON, limit: int = 160) -> str:
    text = canonical(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_paths(paths: Iterable[Path], lookup: Callable[[str], Game]) -> list[CaseReport]:
    """:func:`check_case` on every file; an unreadable file is a failed report."""
    reports = []
    for path in paths:
        try:
            case = read(path)
        except VectorError as error:
            reports.append(CaseReport(str(path), 0, str(error)))
            continue
        reports.append(check_case(case, lookup))
    return reports
