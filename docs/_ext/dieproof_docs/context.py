"""Everything the pages of one game are generated from, gathered once per build.

:func:`topics` groups a game's rules for the player's pages: by the topic in the middle
of their ids (``SOD-AUTUMN-2`` is in ``AUTUMN``), in the order the specification first
uses each, which follows the rulebook. A topic's title is the ``[game].topics`` entry if
the specification gives one, else the rulebook section all its rules share, else the
topic word itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath

from dieproof.proofs.traceability import Traceability
from dieproof.reference.core.game import Component, Game
from dieproof.spec import Ambiguity, GameSpec, Rule
from dieproof_docs.data import ProofTimes, Simulation
from dieproof_docs.figures import Figure
from dieproof_docs.machine import Machine
from dieproof_docs.proofview import ProofView
from dieproof_docs.rst import slug

__all__ = ["GENERATED", "GameContext", "Topic", "rule_topic", "topics"]

GENERATED = "generated"
"""The folder, under the docs source folder, that the extension owns."""


def rule_topic(rule_id: str) -> str:
    """``"SOD-AUTUMN-2"`` -> ``"AUTUMN"``."""
    return rule_id.split("-")[1]


@dataclass(frozen=True, slots=True)
class Topic:
    """A group of rules with a page of its own."""

    key: str
    """The topic in the ids, e.g. ``"AUTUMN"``."""
    title: str
    page: str
    """The page's name inside the game's folder, e.g. ``"rules-autumn"``."""
    rules: tuple[Rule, ...]


def topics(spec: GameSpec) -> tuple[Topic, ...]:
    """The game's rules grouped by topic, in the specification's order."""
    grouped: dict[str, list[Rule]] = {}
    for rule in spec.rules:
        grouped.setdefault(rule_topic(rule.id), []).append(rule)
    titles = spec.game.topics
    found = []
    for key, rules in grouped.items():
        sections = {r.section for r in rules}
        title = titles.get(key) or (
            next(iter(sections)) if len(sections) == 1 else key.capitalize()
        )
        found.append(Topic(key, title, f"rules-{slug(key)}", tuple(rules)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Placed:
    """A figure with the file it was rendered to (relative to the page that shows it)."""

    figure: Figure
    file: str
    width: int = 0
    """The picture's own width in CSS pixels (0: unknown)."""


@dataclass(slots=True)
class GameContext:
    """One game's inputs, and the helpers every page of it uses."""

    spec: GameSpec
    trace: Traceability
    proofs: ProofView | str
    game: Game | None
    """The registered reference implementation, if any."""
    machine: Machine | None
    components: tuple[Component, ...]
    simulation: Simulation | None
    times: ProofTimes | None
    has_code_page: bool = False
    """Whether the rules name code of the game's own, documented on its code page."""
    figures: list[Placed] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """What could not be generated (each becomes a build warning)."""

    @property
    def id(self) -> str:
        return self.spec.game.id

    @property
    def title(self) -> str:
        return self.spec.game.title

    @property
    def folder(self) -> PurePosixPath:
        """The game's folder under the docs source, e.g. ``generated/until-daylight``."""
        return PurePosixPath(GENERATED) / self.id

    def doc(self, page: str) -> str:
        """An absolute docname for ``:doc:`` links (``/generated/<id>/<page>``)."""
        return f"/{self.folder / page}"

    @property
    def topics(self) -> tuple[Topic, ...]:
        return topics(self.spec)

    def topic_of(self, rule_id: str) -> Topic:
        key = rule_topic(rule_id)
        return next(t for t in self.topics if t.key == key)

    def ambiguities_of(self, rule_id: str) -> list[Ambiguity]:
        return [a for a in self.spec.ambiguities if rule_id in a.rules]

    def figures_at(self, where: str) -> list[Placed]:
        return [p for p in self.figures if p.figure.where == where]

    def players(self) -> tuple[int, int] | None:
        """The fewest and most players the game's configurations list."""
        if self.game is None:
            return None
        counts = [self.game.players(self.game.initial_state(c)) for c in self.game.configs()]
        return (min(counts), max(counts)) if counts else None
