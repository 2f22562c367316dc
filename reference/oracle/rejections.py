"""One rejection case per error code: probes of random games, worked examples and
configurations.

The search runs in three passes, and an error code takes its case from the first pass
that finds it (within a pass, from the shortest game):

1. every official configuration is played with seeded random games; at every state the
   probes are one action of every type played so far, the first two and the last open
   actions with a field changed (integers nudged, values taken from other actions) and
   malformed ones;
2. the same games with wider probes: the first open action of every type, each field
   changed to every value of its enumeration in the game's action schema, to any value
   seen in an action so far, or to a name that means nothing, and one action of every
   type seen open so far;
3. the game's worked examples, probed the same way, with the refusals they record.

Configurations are probed with each field nudged, changed or of the wrong type, and
pairs of integer fields moved in opposite directions; then the worked examples'
configurations (a content spelled out, say) with each field changed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from dieproof.reference.core import driver
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, Action, Config, State
from dieproof.reference.oracle.cases import (
    Recorder,
    error_json,
    make_case,
    refusal,
    set_path,
    slug,
)
from dieproof.reference.oracle.observe import canonical, observe

REJECTION_SEEDS: Final = 2
"""Random games per configuration probed for rejections."""

NONSENSE: Final = "-nonsense"
"""Appended to a string field's value: a name that means nothing to the game."""


@dataclass(frozen=True, slots=True)
class _Found:
    config: Config
    prefix: tuple[Action, ...]
    action: JSON
    error: RulesError
    start: JSON = None
    """The position description the game starts from (``None``: the initial state)."""


@dataclass(slots=True)
class _Search:
    """The best probe found for each code, by (pass, game length), first found first."""

    found: dict[str, tuple[tuple[int, int], _Found]] = field(default_factory=dict)

    def offer(
        self,
        rank: int,
        config: Config,
        prefix: Sequence[Action],
        probe: JSON,
        error: RulesError,
        *,
        start: JSON = None,
    ) -> None:
        key = (rank, len(prefix))
        best = self.found.get(error.code)
        if best is None or key < best[0]:
            self.found[error.code] = (key, _Found(config, tuple(prefix), probe, error, start))


def rejection_cases(g: Game, seeds: int = REJECTION_SEEDS) -> list[dict[str, JSON]]:
    """One case per error code: the best probe found that the rules reject so."""
    search = _Search()
    enums = schema_enums(g)
    games: list[tuple[Config, tuple[Action, ...]]] = [
        (config, tuple(driver.play(g, config, seed).actions))
        for config in sorted(g.vector_configs(), key=lambda c: c.players)
        for seed in range(seeds)
    ]
    for rank, wide in ((1, False), (2, True)):
        zoo: dict[str, JSON] = {}
        last: Config | None = None
        for config, actions in games:
            if config is not last:
                zoo, last = {}, config
            _probe_game(
                g, search, config, actions, rank=rank, zoo=zoo, enums=enums if wide else None
            )
    for example in g.examples():
        zoo = {}
        _probe_game(
            g,
            search,
            example.config,
            example.actions,
            rank=3,
            zoo=zoo,
            enums=enums,
            start=example.start,
        )
        for rejection in example.rejections:
            probe = json_of(g.dump_action(rejection.action))
            prefix = example.actions[: rejection.step]
            error = refusal(g, _replay(g, g.example_start(example), prefix), probe)
            if error is not None:
                search.offer(3, example.config, prefix, probe, error, start=example.start)
    cases = [_action_case(g, code, item) for code, (_, item) in sorted(search.found.items())]
    cases += _config_cases(g)
    return cases


def _replay(g: Game, state: State, actions: Iterable[Action]) -> State:
    for action in actions:
        state = g.apply(state, action)
    return state


def _probe_game(
    g: Game,
    search: _Search,
    config: Config,
    actions: Sequence[Action],
    *,
    rank: int,
    zoo: dict[str, JSON],
    enums: Mapping[str, list[JSON]] | None,
    start: JSON = None,
) -> None:
    """Probe every state of the game ``actions`` play from the initial state of
    ``config`` (or the position ``start`` describes); the zoo of one action of every type
    carries over between the games of one configuration."""
    state = g.initial_state(config) if start is None else g.position(canonical(start))
    for done in range(len(actions) + 1):
        probes = _probes(g, state, zoo) if enums is None else _wide_probes(g, state, zoo, enums)
        for probe in probes:
            error = refusal(g, state, probe)
            if error is not None:
                search.offer(rank, config, actions[:done], probe, error, start=start)
        if done == len(actions):
            break
        action = actions[done]
        zoo.setdefault(_tag(g, action), json_of(g.dump_action(action)))
        state = g.apply(state, action)


def schema_enums(g: Game) -> dict[str, list[JSON]]:
    """Every value an action field may take where the game's action schema enumerates
    them (an enumeration type), by field name."""
    document = g.schemas()["action"]
    definitions = document.get("$defs")
    found: dict[str, dict[str, JSON]] = {}
    if not isinstance(definitions, dict):
        return {}
    for definition in definitions.values():
        properties = definition.get("properties") if isinstance(definition, dict) else None
        if not isinstance(properties, dict):
            continue
        for name, schema in properties.items():
            if name == "type" or not isinstance(schema, dict):
                continue
            target = schema
            ref = schema.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                resolved = definitions.get(ref.removeprefix("#/$defs/"))
                target = resolved if isinstance(resolved, dict) else {}
            values = target.get("enum")
            if isinstance(values, list):
                for value in values:
                    found.setdefault(name, {})[canonical(value)] = value
    return {name: [values[k] for k in sorted(values)] for name, values in found.items()}


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


def _wide_probes(
    g: Game, state: State, zoo: dict[str, JSON], enums: Mapping[str, list[JSON]]
) -> Iterator[JSON]:
    """The second pass's probes: one of every type seen open so far, the first open
    action of every type with each field changed to every value its schema enumerates,
    any value seen so far or a name that means nothing."""
    seen = observe(g, state)
    open_actions: list[JSON] = [*seen.legal]
    for item in seen.chance:
        if isinstance(item, dict):
            open_actions.append(item["outcome"])
    firsts: dict[str, JSON] = {}
    for action in open_actions:
        if isinstance(action, dict):
            firsts.setdefault(str(action.get("type")), action)
    for tag, action in firsts.items():
        zoo.setdefault(tag, action)
    yield from (zoo[tag] for tag in sorted(zoo))
    values = _field_values([*open_actions, *zoo.values()])
    for name, enumerated in enums.items():
        merged = {canonical(v): v for v in (*values.get(name, []), *enumerated)}
        values[name] = [merged[k] for k in sorted(merged)]
    for tag in sorted(firsts):
        action = firsts[tag]
        yield from _mutations(action, values)
        if isinstance(action, dict):
            for name in sorted(action):
                value = action[name]
                if name != "type" and isinstance(value, str):
                    yield {**action, name: value + NONSENSE}


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
    if item.start is None:
        recorder = Recorder.start(g, item.config, "brief")
    else:
        recorder = Recorder.at(g, g.position(canonical(item.start)), "brief")
    for action in item.prefix:
        recorder.play(action)
    recorder.mark_last_full()
    recorder.reject(item.action, expected=item.error)
    return make_case(
        g,
        "rejection",
        slug(code),
        title=f"An action the rules reject with {code}"
        + (f" (rule {item.error.rule})" if item.error.rule else ""),
        config=json_of(g.dump_config(item.config)),
        initial=recorder.initial,
        steps=recorder.steps,
        rules=recorder.rules,
        position=item.start,
    )


def _config_cases(g: Game) -> list[dict[str, JSON]]:
    """One case per configuration error code: a configuration that must be refused."""
    found: dict[str, tuple[JSON, RulesError]] = {}

    def probe(candidates: Iterable[JSON]) -> None:
        for candidate in candidates:
            try:
                g.initial_state(g.load_config(canonical(candidate)))
            except RulesError as refused:
                found.setdefault(refused.code, (candidate, refused))

    official = [json_of(g.dump_config(config)) for config in g.configs()]
    for base in official:
        probe(_config_mutations(base))
    seen = {canonical(base) for base in official}
    for example in g.examples():
        base = json_of(g.dump_config(example.config))
        if canonical(base) not in seen:
            seen.add(canonical(base))
            probe(_deep_mutations(base))
    cases = []
    for code, (candidate, error) in sorted(found.items()):
        cases.append(
            make_case(
                g,
                "rejection",
                # A code may refuse both a configuration and an action: keep both cases.
                "config-" + slug(code),
                title=f"A configuration the rules reject with {code}"
                + (f" (rule {error.rule})" if error.rule else ""),
                config=candidate,
                initial={"error": error_json(error)},
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
            yield set_path(base, path, value + NONSENSE)
        yield set_path(base, path, [value])
    numbers = [(p, v) for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    for (first, a), (second, b) in itertools.permutations(numbers, 2):
        yield set_path(set_path(base, first, a + 1), second, b - 1)


def _deep_mutations(base: JSON) -> Iterator[JSON]:
    """Each leaf, inside arrays too, nudged, changed or of the wrong type."""
    for path, value in _deep_leaves(base, ()):
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            for changed in (value - 1, value + 1, 0, -1, 99):
                if changed != value:
                    yield _deep_set(base, path, changed)
        elif isinstance(value, str):
            yield _deep_set(base, path, value + NONSENSE)
        yield _deep_set(base, path, [value])


def _deep_leaves(
    value: JSON, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], JSON]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _deep_leaves(value[key], (*path, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _deep_leaves(item, (*path, index))
    elif path:
        yield path, value


def _deep_set(document: JSON, path: Sequence[str | int], value: JSON) -> JSON:
    """A copy of ``document`` with the member or element at ``path`` set to ``value``."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(document, list) and isinstance(head, int):
        return [*document[:head], _deep_set(document[head], rest, value), *document[head + 1 :]]
    if isinstance(document, dict) and isinstance(head, str):
        return {**document, head: _deep_set(document[head], rest, value)}
    raise KeyError(head)


def _leaves(value: JSON, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], JSON]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], (*path, key))
    elif path:
        yield path, value
