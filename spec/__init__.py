"""The specification: one TOML file per game, and its loader (DESIGN section 3).

Each ``<game-id>.toml`` beside this module holds the game's rules (with ids, our own
statements, rulebook sections and the code that implements them), its ambiguity log and
its invariants. :func:`load` validates a file strictly: unknown keys, missing keys,
duplicate ids and dangling references are :class:`SpecError` s. This package imports
nothing else of dieproof.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Literal

import msgspec

__all__ = [
    "Ambiguity",
    "GameInfo",
    "GameSpec",
    "Invariant",
    "Rule",
    "SpecError",
    "load",
    "spec_ids",
]

RULE_ID = re.compile(r"^[A-Z]+-[A-Z]+-[0-9]+$")
AMBIGUITY_ID = re.compile(r"^[A-Z]+-A[0-9]+$")
INVARIANT_ID = re.compile(r"^[A-Z]+-INV-[A-Z0-9-]+$")


class SpecError(ValueError):
    """A specification file is malformed."""


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class GameInfo(_Strict, frozen=True):
    """Which game a file specifies and where its rulebook is."""

    id: str
    """The game id, e.g. ``"squirrel-or-die"``."""
    title: str
    """The printed title."""
    prefix: str
    """The prefix of every id in the file, e.g. ``"SOD"``."""
    rulebook: str
    """The rulebook's file name in the shared rulebooks folder."""
    sections: tuple[str, ...]
    """The rulebook's section titles in order; every rule cites one of them."""
    summary: str
    """A paragraph on the game, in our words, for the top of its docs page."""
    topics: dict[str, str] = {}
    """Optional titles of the rules reference's pages: topic (the middle of the rule ids,
    ``AUTUMN`` in ``SOD-AUTUMN-2``) -> title (``"Phase I: Autumn"``). A topic not listed
    is titled after the rulebook section all its rules share, else after the topic word."""


class Rule(_Strict, frozen=True):
    """One rule, stated in our own words."""

    id: str
    """``PREFIX-TOPIC-N``, e.g. ``"SOD-WINTER-3"``."""
    section: str
    """The rulebook section the rule comes from."""
    title: str
    """A few words naming the rule."""
    statement: str
    """The rule in our own words."""
    implemented_by: tuple[str, ...]
    """Dotted names of the code that implements it; each must resolve."""
    invariants: tuple[str, ...] = ()
    """Ids of the invariants that protect it."""


class Ambiguity(_Strict, frozen=True):
    """A question the rulebook leaves open, with its readings."""

    id: str
    """``PREFIX-AN``, e.g. ``"SOD-A3"``."""
    rules: tuple[str, ...]
    """The rules it affects."""
    question: str
    """The question, in our words."""
    evidence: str
    """Where the rulebook says what (quoting only the few words it turns on)."""
    readings: dict[str, str]
    """Reading key -> its meaning."""
    default: str
    """The reading dieproof plays by default."""
    rationale: str
    """Why that default, and why a reading is or is not selectable."""
    config: str | None = None
    """The config field that selects the reading, when two or more are plausible."""


class Invariant(_Strict, frozen=True):
    """A property every reachable state (or every step) has, proven in z3."""

    id: str
    """``PREFIX-INV-NAME``."""
    statement: str
    """The property in our own words."""
    rules: tuple[str, ...]
    """The rules it follows from."""
    kind: Literal["state", "step"]
    """``state``: a one-state invariant; ``step``: a two-state property of every step."""


class GameSpec(_Strict, frozen=True):
    """A whole specification file."""

    game: GameInfo
    rule: tuple[Rule, ...]
    ambiguity: tuple[Ambiguity, ...] = ()
    invariant: tuple[Invariant, ...] = ()

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.rule

    @property
    def ambiguities(self) -> tuple[Ambiguity, ...]:
        return self.ambiguity

    @property
    def invariants(self) -> tuple[Invariant, ...]:
        return self.invariant

    def rule_by_id(self, rule_id: str) -> Rule:
        for rule in self.rule:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)


def spec_ids() -> tuple[str, ...]:
    """The ids of every game with a specification file."""
    names = (entry.name for entry in resources.files(__name__).iterdir())
    return tuple(sorted(name.removesuffix(".toml") for name in names if name.endswith(".toml")))


@functools.cache
def load(game_id: str) -> GameSpec:
    """Load and validate the specification of ``game_id``."""
    resource = resources.files(__name__) / f"{game_id}.toml"
    if not resource.is_file():
        raise SpecError(f"no specification for {game_id!r}; known: {', '.join(spec_ids())}")
    return parse(resource.read_text(encoding="utf-8"), f"{game_id}.toml", game_id)


def parse(text: str, source: str, game_id: str | None = None) -> GameSpec:
    """Parse and validate specification text; ``source`` names it in errors."""
    try:
        spec = msgspec.toml.decode(text.encode(), type=GameSpec)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise SpecError(f"{source}: {error}") from None
    _validate(spec, source, game_id)
    return spec


def _validate(spec: GameSpec, source: str, game_id: str | None) -> None:
    problems: list[str] = []
    info = spec.game
    if game_id is not None and info.id != game_id:
        problems.append(f"[game].id is {info.id!r}, expected {game_id!r}")
    seen: set[str] = set()
    for kind, ids, pattern in (
        ("rule", [r.id for r in spec.rule], RULE_ID),
        ("ambiguity", [a.id for a in spec.ambiguity], AMBIGUITY_ID),
        ("invariant", [i.id for i in spec.invariant], INVARIANT_ID),
    ):
        for item_id in ids:
            if item_id in seen:
                problems.append(f"duplicate id {item_id!r}")
            seen.add(item_id)
            if not pattern.match(item_id) or not item_id.startswith(info.prefix + "-"):
                problems.append(f"{kind} id {item_id!r} does not have the form {pattern.pattern}")
    used_topics = {r.id.split("-")[1] for r in spec.rule}
    problems.extend(
        f"[game].topics names {topic!r}, which no rule id uses"
        for topic in info.topics
        if topic not in used_topics
    )
    rule_ids = {r.id for r in spec.rule}
    invariant_ids = {i.id for i in spec.invariant}
    sections = set(info.sections)
    for rule in spec.rule:
        if rule.section not in sections:
            problems.append(f"{rule.id}: section {rule.section!r} is not in [game].sections")
        if not rule.implemented_by:
            problems.append(f"{rule.id}: implemented_by is empty")
        problems.extend(
            f"{rule.id}: unknown invariant {inv!r}"
            for inv in rule.invariants
            if inv not in invariant_ids
        )
    for ambiguity in spec.ambiguity:
        problems.extend(
            f"{ambiguity.id}: unknown rule {r!r}" for r in ambiguity.rules if r not in rule_ids
        )
        if ambiguity.default not in ambiguity.readings:
            problems.append(f"{ambiguity.id}: default {ambiguity.default!r} is not a reading")
        if ambiguity.config is not None and len(ambiguity.readings) < 2:
            problems.append(f"{ambiguity.id}: a selectable ambiguity needs two readings")
    for invariant in spec.invariant:
        problems.extend(
            f"{invariant.id}: unknown rule {r!r}" for r in invariant.rules if r not in rule_ids
        )
    if problems:
        raise SpecError(f"{source}: " + "; ".join(problems))
