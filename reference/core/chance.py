"""Explicit chance with exact probabilities.

A deck, a sack or a die is a multiset of outcomes; a draw is a chance node whose
outcomes are weighted by their counts, which is equivalent to shuffling and drawing the
top card. Probabilities are :class:`fractions.Fraction` so that they sum to exactly 1.
Sampling uses integer arithmetic on a common denominator, so a seeded
:class:`random.Random` gives the same outcome on every platform.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")


def weighted(pairs: Iterable[tuple[T, int]]) -> tuple[tuple[T, Fraction], ...]:
    """Outcomes with probability proportional to a positive integer weight.

    Zero weights are dropped; the order of ``pairs`` is kept (it is the canonical order).
    """
    kept = [(outcome, weight) for outcome, weight in pairs if weight > 0]
    if any(weight < 0 for _, weight in kept):
        raise ValueError("negative weight")
    total = sum(weight for _, weight in kept)
    if total == 0:
        raise ValueError("a chance node needs at least one outcome")
    return tuple((outcome, Fraction(weight, total)) for outcome, weight in kept)


def uniform(outcomes: Sequence[T]) -> tuple[tuple[T, Fraction], ...]:
    """Every outcome equally likely."""
    return weighted((outcome, 1) for outcome in outcomes)


def sample(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome with its exact probability, using integers only."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for outcome, probability in outcomes:
        ticket -= probability.numerator * (denominator // probability.denominator)
        if ticket < 0:
            return outcome
    raise ValueError("probabilities sum to less than 1")


def sample_weighted(pairs: Sequence[tuple[T, int]], rng: random.Random) -> T:
    """Draw from integer weights without building fractions (a game's fast path).

    It consumes ``rng`` exactly as :func:`sample` does on ``weighted(pairs)`` and so
    returns the same outcome: the common denominator of the reduced probabilities is
    the total weight divided by the weights' greatest common divisor.
    """
    divisor = math.gcd(*(weight for _, weight in pairs))
    if divisor == 0:
        raise ValueError("a chance node needs at least one outcome")
    ticket = rng.randrange(sum(weight for _, weight in pairs) // divisor)
    for outcome, weight in pairs:
        ticket -= weight // divisor
        if ticket < 0:
            return outcome
    raise AssertionError("unreachable: the ticket is below the total")
