"""One rejection case per error code: probes of random games and configurations.

Every official configuration is played with seeded random games; at every state the
probes are one action of every type seen so far, the open actions with a field changed
(integers nudged, values taken from other actions) and malformed ones. Configurations
are probed with each field nudged, changed or of the wrong type, and pairs of integer
fields moved in opposite directions. For each error code the shortest probe is kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
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
                    error = refusal(g, state, probe)
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
    recorder = Recorder.start(g, item.config, "brief")
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
