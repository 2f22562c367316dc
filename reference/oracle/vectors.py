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

from collections.abc import Mapping, Sequence
from typing import Final

from dieproof.reference.core import driver
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import Example, json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, Action, Config
from dieproof.reference.oracle.cases import (
    FULL_LIST_MAX,
    GENERATOR,
    KINDS,
    VECTOR_FORMAT,
    VECTOR_VERSION,
    Kind,
    Recorder,
    VectorError,
    case_files,
    case_path,
    case_sha256,
    make_case,
    read,
    record_game,
    render,
    set_path,
    slug,
    write,
)
from dieproof.reference.oracle.observe import canonical
from dieproof.reference.oracle.rejections import REJECTION_SEEDS, rejection_cases
from dieproof.reference.oracle.vector_check import CaseReport, check_case, check_paths

__all__ = [
    "FULL_LIST_MAX",
    "GENERATOR",
    "KINDS",
    "RANDOM_SEEDS",
    "REJECTION_SEEDS",
    "VECTOR_FORMAT",
    "VECTOR_VERSION",
    "CaseReport",
    "Kind",
    "VectorError",
    "WitnessGames",
    "case_files",
    "case_path",
    "case_sha256",
    "check_case",
    "check_paths",
    "config_slug",
    "example_case",
    "generate",
    "random_cases",
    "read",
    "reading_configs",
    "record_game",
    "rejection_cases",
    "render",
    "witness_cases",
    "write",
]

RANDOM_SEEDS: Final = 1
"""Seeded random games per configuration in the default (committed) set."""

WitnessGames = Mapping[str, tuple[Config, Sequence[Action]]]
"""Goal name -> a configuration and the actions of a game that reaches the goal."""


# -- the sources of cases -------------------------------------------------------------------


def example_case(g: Game, example: Example) -> dict[str, JSON]:
    """The case of one worked example: its actions, rejections and facts."""
    recorder = Recorder.at(g, g.example_start(example), "brief")
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
        position=example.start,
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
            found.append((f"{ambiguity.id.lower()}-{slug(reading)}", config))
    return found


def config_slug(g: Game, config: Config) -> str:
    """``2p-basic`` style: the player count and every field that is a short string
    (a variant), in field order."""
    data = json_of(g.dump_config(config))
    words = [f"{config.players}p"]
    if isinstance(data, dict):
        words += [slug(v) for k, v in data.items() if isinstance(v, str) and k != "players"]
    return "-".join(words)


def random_cases(
    g: Game, seeds: int = RANDOM_SEEDS, *, readings: bool = False
) -> list[dict[str, JSON]]:
    """Seeded random games for every official configuration and, with ``readings``,
    for the default configuration under every non-default reading."""
    configs = [(config_slug(g, c), c) for c in g.vector_configs()]
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
            slug(goal),
            title=f"A game that reaches the goal {goal!r} of the z3 model",
            config=config,
            actions=actions,
        )
        for goal, (config, actions) in sorted(witnesses.items())
    ]


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
