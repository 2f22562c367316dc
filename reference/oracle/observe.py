"""What the reference says about a state, as canonical JSON: the vocabulary that the
vectors, the referee and the differential test share.

Canonical JSON is the codec's (DESIGN section 5): keys sorted, no whitespace, integers
only, UTF-8. On top of it the oracle writes:

- the player to move as a seat index, or ``"chance"`` or ``"terminal"``;
- a chance outcome with its exact probability as
  ``{"outcome": <action>, "probability": "n/d"}`` (always with a denominator, reduced:
  ``"1/1"`` for a certain outcome);
- a list's digest as the sha256 (lower-case hex) of the list's canonical JSON, which is
  how vectors abbreviate long lists of legal actions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dieproof.reference.core.comparison import comparison_text
from dieproof.reference.core.examples import json_of, probability_json, to_move_json
from dieproof.reference.core.game import ENCODER, Game
from dieproof.reference.core.types import CHANCE, JSON, TERMINAL, Action, Result, State

__all__ = [
    "Observation",
    "canonical",
    "chance_json",
    "digest",
    "observe",
    "parse_probability",
    "probability_json",
    "result_json",
    "sha256_text",
    "to_move_json",
]


def canonical(value: object) -> str:
    """The canonical JSON text of any JSON-able value (game values included)."""
    return ENCODER.encode(value).decode()


def sha256_text(text: str) -> str:
    """The sha256 of ``text`` (UTF-8), lower-case hex."""
    return hashlib.sha256(text.encode()).hexdigest()


def digest(values: Sequence[JSON]) -> str:
    """The sha256 of the canonical JSON of a list."""
    return sha256_text(canonical(list(values)))


def chance_json(g: Game, outcomes: Sequence[tuple[Action, Fraction]]) -> list[JSON]:
    """Chance outcomes as ``{"outcome": ..., "probability": "n/d"}`` objects, in order."""
    return [
        {"outcome": json_of(g.dump_action(outcome)), "probability": probability_json(p)}
        for outcome, p in outcomes
    ]


def result_json(result: Result | None) -> JSON:
    """A result as JSON (``None`` while the game runs)."""
    return None if result is None else json_of(canonical(result))


def parse_probability(text: str) -> Fraction | None:
    """``"n/d"`` as a :class:`Fraction`; ``None`` unless it is exactly that form with
    ``0 <= n`` and ``0 < d`` (unreduced forms are accepted and reduced)."""
    numerator, slash, denominator = text.partition("/")
    if not slash or not numerator.isdigit() or not denominator.isdigit():
        return None
    if not numerator.isascii() or not denominator.isascii() or int(denominator) == 0:
        return None
    return Fraction(int(numerator), int(denominator))


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything the reference says about one state, as JSON."""

    state: str
    """The state's canonical JSON."""
    comparable: str
    """The canonical JSON of the state's comparison form (without a result's prose)."""
    to_move: JSON
    """A seat, ``"chance"`` or ``"terminal"``."""
    legal: list[JSON]
    """The legal actions in canonical order (empty except at a decision node)."""
    chance: list[JSON]
    """The chance outcomes with probabilities (empty except at a chance node)."""
    result: JSON
    """The result, ``None`` while the game runs."""

    @property
    def state_sha256(self) -> str:
        """The sha256 of the state's comparison form: what ``state_sha256`` is everywhere
        in the oracle."""
        return sha256_text(self.comparable)


def observe(g: Game, state: State) -> Observation:
    """Ask the reference everything about ``state``."""
    mover = g.to_move(state)
    legal: list[JSON] = []
    outcomes: list[JSON] = []
    if mover == CHANCE:
        outcomes = chance_json(g, g.chance_outcomes(state))
    elif mover != TERMINAL:
        legal = [json_of(g.dump_action(action)) for action in g.legal_actions(state)]
    text = g.dump_state(state)
    return Observation(
        state=text,
        comparable=comparison_text(g, state) if '"reason":' in text else text,
        to_move=to_move_json(mover),
        legal=legal,
        chance=outcomes,
        result=result_json(g.result(state)),
    )
