"""Worked examples: a game's rulebook examples as data (the hook behind the oracle's
example vectors).

A game offers its worked examples through :meth:`Game.examples
<dieproof.reference.core.game.Game.examples>`: each an :class:`Example` with a name, the
rules it illustrates, a configuration, the actions (and chance outcomes) that play it
from the initial state, the :class:`Fact` s the rulebook's numbers say hold along the
way and, optionally, a last action the rules must reject. Everything is plain data in
the game's own types, so the oracle turns each example into a conformance vector named
after it without knowing the game, and a test replays each one through the reference.

A :class:`Fact` points into the canonical JSON of something the reference computes after a step,
with an RFC 6901 JSON pointer (``""`` is the whole value):

``state``
    the state (``"/collected/0/skull"``);
``result``
    the result, ``null`` while the game runs (``"/winners"``);
``legal``
    the array of legal actions in canonical order (``""`` for all of them);
``chance``
    the array of chance outcomes as ``{"outcome": ..., "probability": "n/d"}`` objects;
``to_move``
    the player to move, or ``"chance"`` or ``"terminal"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Literal, Self, TypeVar

import msgspec

from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.types import CHANCE, JSON, TERMINAL, Action, Config, State

FactSubject = Literal["state", "result", "legal", "chance", "to_move"]
"""What a :class:`Fact` points into."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing a worked example says holds after a step."""

    step: int
    """After how many of the example's actions (0: in the initial state)."""
    subject: FactSubject
    """What the pointer points into; see the module docstring."""
    pointer: str
    """An RFC 6901 JSON pointer into the subject's canonical JSON."""
    value: JSON
    """The value found there."""
    says: str
    """The rulebook's point, in our words, with its numbers."""
    length: bool = False
    """Compare the length of the array (or object) at the pointer with ``value``,
    rather than the value itself."""


@dataclass(frozen=True, slots=True)
class Rejection:
    """An action that the rules refuse at some point of an example; the state does not
    change and the example goes on."""

    step: int
    """After how many of the example's actions it is tried."""
    action: Action
    """The action."""
    code: str
    """The error code the reference raises."""
    rule: str | None
    """The rule id the check enforces."""
    says: str
    """Why, in our words."""


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example of a rulebook, as a game played from its initial state, or from
    a position the game's position builder makes from a short description."""

    name: str
    """A stable slug naming the example after its rule, e.g. ``"sod-special-1-the-bomb"``;
    the vector file is named after it."""
    title: str
    """The example in a sentence, for people."""
    rules: tuple[str, ...]
    """The rule ids it illustrates."""
    config: Config
    """The configuration it is played in."""
    actions: tuple[Action, ...]
    """Every action and chance outcome from the start, in order."""
    facts: tuple[Fact, ...] = ()
    """What holds along the way."""
    rejections: tuple[Rejection, ...] = ()
    """Actions the rules refuse along the way."""
    start: JSON = None
    """The position description it starts from (:meth:`Game.position
    <dieproof.reference.core.game.Game.position>`), or ``None``: the initial state of
    ``config``. The description's configuration is ``config``."""


def to_move_json(mover: int) -> JSON:
    """The JSON of :meth:`Game.to_move`: a seat, ``"chance"`` or ``"terminal"``."""
    if mover == CHANCE:
        return "chance"
    if mover == TERMINAL:
        return "terminal"
    return mover


def probability_json(probability: Fraction) -> str:
    """An exact probability as the string ``"n/d"`` (always with a denominator)."""
    return f"{probability.numerator}/{probability.denominator}"


C = TypeVar("C", bound=Config)
S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


class Recorder(Generic[C, S, A]):
    """Plays a game from its initial state and records what an :class:`Example` holds:
    the actions, the facts and the refused actions. Each game's script subclasses it
    with the moves its examples need."""

    def __init__(self, config: C, state: S, apply: Callable[[S, A], S], start: JSON = None) -> None:
        self.config = config
        self.state = state
        self._apply = apply
        self.start = start
        """The position description the game starts from (``None``: the initial state)."""
        self.actions: list[A] = []
        self.facts: list[Fact] = []
        self.rejections: list[Rejection] = []

    def do(self, *actions: A) -> Self:
        """Apply ``actions`` in order."""
        for action in actions:
            self.state = self._apply(self.state, action)
            self.actions.append(action)
        return self

    @property
    def step(self) -> int:
        """How many actions so far."""
        return len(self.actions)

    def fact(
        self, subject: FactSubject, pointer: str, value: JSON, says: str, *, length: bool = False
    ) -> Self:
        """Record that ``value`` is at ``pointer`` of ``subject`` now."""
        self.facts.append(Fact(self.step, subject, pointer, value, says, length))
        return self

    def reject(self, action: A, says: str) -> Self:
        """Record that ``action`` is refused here (the state does not change)."""
        try:
            self._apply(self.state, action)
        except RulesError as error:
            self.rejections.append(Rejection(self.step, action, error.code, error.rule, says))
            return self
        raise AssertionError(f"{action} is not refused")

    def example(self, name: str, title: str, *rule_ids: str) -> Example:
        """The recorded game as an :class:`Example`."""
        return Example(
            name=name,
            title=title,
            rules=rule_ids,
            config=self.config,
            actions=tuple(self.actions),
            facts=tuple(self.facts),
            rejections=tuple(self.rejections),
            start=self.start,
        )


class PointerError(LookupError):
    """A JSON pointer does not resolve in a document."""


def resolve_pointer(document: JSON, pointer: str) -> JSON:
    """The value at RFC 6901 ``pointer`` in ``document``; raises :class:`PointerError`."""
    if pointer == "":
        return document
    if not pointer.startswith("/"):
        raise PointerError(f"a JSON pointer starts with '/': {pointer!r}")
    value = document
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict):
            if token not in value:
                raise PointerError(f"{pointer!r}: no key {token!r}")
            value = value[token]
        elif isinstance(value, list):
            if not token.isdigit() or (token != "0" and token.startswith("0")):
                raise PointerError(f"{pointer!r}: {token!r} is not an array index")
            index = int(token)
            if index >= len(value):
                raise PointerError(f"{pointer!r}: index {index} is past the end")
            value = value[index]
        else:
            raise PointerError(f"{pointer!r}: {token!r} goes inside a scalar")
    return value


def json_of(text: str | bytes) -> JSON:
    """Decode JSON text."""
    decoded: JSON = msgspec.json.decode(text)
    return decoded


def fact_holds(fact: Fact, subject: JSON) -> tuple[bool, JSON]:
    """Whether ``fact`` holds of the canonical JSON of its subject, and what was found
    there (the value, or its length); a pointer that does not resolve does not hold."""
    try:
        found = resolve_pointer(subject, fact.pointer)
    except PointerError as error:
        return False, str(error)
    if fact.length:
        if not isinstance(found, list | dict):
            return False, found
        return len(found) == fact.value, len(found)
    return _same(found, fact.value), found


def _same(left: JSON, right: JSON) -> bool:
    """JSON equality (``true`` is not ``1``)."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_same, left, right))
    return type(left) is type(right) and left == right
