"""Explicit chance with exact probabilities.

A deck, a sack or a die is a multiset of outcomes; a draw is a chance node whose
outcomes are weighted by their counts, which is equivalent to shuffling and drawing the
top card. Probabilities are :class:`fractions.Fraction` so that they sum to exactly 1.
Sampling uses integer arithmetic on a common denominator, so a seeded
:class:`random.Random` gives the same outcome on every platform.

Speed (DESIGN section 8): inside the rules a chance node is a list of integer weights;
fractions appear only at the boundary, in :func:`weighted`, and each one is built once
per ``(weight, total)`` and then reused (:func:`probability`). A tuple of outcomes that
:func:`weighted` built, or that :func:`sample` has seen, remembers its integer sampling
table, so drawing from it again costs one ``randrange`` and one bisection. Games that
return the same outcome tuple for the same position (see Squirrel or Die's sack) get
that for free.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import accumulate, compress
from operator import itemgetter
from typing import Final, TypeVar, cast

T = TypeVar("T")

CACHE_LIMIT: Final = 1 << 15
"""Entries kept in each of this module's caches; a full cache is emptied and refilled,
which bounds memory whatever the games ask for."""

_PROBABILITIES: dict[tuple[int, int], Fraction] = {}


def probability(weight: int, total: int) -> Fraction:
    """``Fraction(weight, total)``, built once per pair and then shared (fractions are
    immutable, so sharing is safe; building one costs a gcd and an object)."""
    key = (weight, total)
    found = _PROBABILITIES.get(key)
    if found is None:
        if len(_PROBABILITIES) >= CACHE_LIMIT:
            _PROBABILITIES.clear()
        found = _PROBABILITIES[key] = Fraction(weight, total)
    return found


_Sampler = tuple[Sequence[tuple[object, Fraction]], int, tuple[int, ...]]
"""An outcome tuple (kept so its id cannot be reused while cached), the common
denominator of its probabilities, and the cumulative numerators over it."""

_SAMPLERS: dict[int, _Sampler] = {}


def _remember(
    outcomes: Sequence[tuple[object, Fraction]], denominator: int, counts: Iterable[int]
) -> _Sampler:
    if len(_SAMPLERS) >= CACHE_LIMIT:
        _SAMPLERS.clear()
    entry: _Sampler = (outcomes, denominator, tuple(accumulate(counts)))
    _SAMPLERS[id(outcomes)] = entry
    return entry


_RECENT: dict[int, _Sampler] = {}
"""The sampling tables of the outcome tuples :func:`counted` built most recently. A deck's
composition seldom repeats, so such a tuple is drawn from once, right after it is built:
a few entries are all that is ever looked up, and keeping thousands (as :data:`_SAMPLERS`
may) only gives the garbage collector more to walk, a fifth of No Game Over's playout."""

RECENT_LIMIT: Final = 64
"""Entries kept in :data:`_RECENT` before it is emptied and refilled."""


_WEIGHTED: dict[tuple[tuple[object, int], ...], tuple[tuple[object, Fraction], ...]] = {}


def weighted(pairs: Iterable[tuple[T, int]]) -> tuple[tuple[T, Fraction], ...]:
    """Outcomes with probability proportional to a non-negative integer weight.

    Zero weights are dropped; the order of ``pairs`` is kept (it is the canonical order).
    Raises ``ValueError`` for a negative weight or when no weight is positive.

    Given a tuple (outcomes are immutable values), the result is remembered for equal
    weights: a game's chance node with the same weights gets the very same outcome tuple
    back, and with it the sampling table :func:`sample` remembers for it.
    """
    if type(pairs) is tuple:
        try:
            known = _WEIGHTED.get(pairs)
        except TypeError:  # an unhashable outcome: nothing to remember it by
            return _weighted(pairs)
        if known is not None:
            return cast("tuple[tuple[T, Fraction], ...]", known)
        built = _weighted(pairs)
        if len(_WEIGHTED) >= CACHE_LIMIT:
            _WEIGHTED.clear()
        _WEIGHTED[pairs] = built
        return built
    return _weighted(pairs)


def _weighted(pairs: Iterable[tuple[T, int]]) -> tuple[tuple[T, Fraction], ...]:
    kept: list[tuple[T, int]] = []
    total = 0
    for outcome, weight in pairs:
        if weight > 0:
            kept.append((outcome, weight))
            total += weight
        elif weight < 0:
            raise ValueError("negative weight")
    if total == 0:
        raise ValueError("a chance node needs at least one outcome")
    outcomes = tuple((outcome, probability(weight, total)) for outcome, weight in kept)
    divisor = math.gcd(*(weight for _, weight in kept))
    _remember(outcomes, total // divisor, (weight // divisor for _, weight in kept))
    return outcomes


_ROWS: dict[int, tuple[Fraction, ...]] = {}


def _row(total: int) -> tuple[Fraction, ...]:
    """``Fraction(w, total)`` for every ``w`` from 0 to ``total``, built once per total."""
    found = _ROWS.get(total)
    if found is None:
        if len(_ROWS) >= CACHE_LIMIT:
            _ROWS.clear()
        found = _ROWS[total] = tuple(probability(w, total) for w in range(total + 1))
    return found


def counted(table: Sequence[T], counts: Sequence[int]) -> tuple[tuple[T, Fraction], ...]:
    """``weighted((table[i], c) for i, c in enumerate(counts))``: the same outcomes and
    sampling table, built faster for a multiset given as a count per kind (a deck, a
    hand): a kind with no copy costs no pair, and the fractions of each total are built
    once. Raises ``ValueError`` as :func:`weighted` does."""
    if counts and min(counts) < 0:
        raise ValueError("negative weight")
    weights = tuple(filter(None, counts))
    if not weights:
        raise ValueError("a chance node needs at least one outcome")
    # The kinds held and their counts are picked out in C (compress, filter).
    return picked(tuple(compress(table, counts)), weights, sum(weights))


def picked(
    outcomes: Sequence[T], weights: Sequence[int], total: int
) -> tuple[tuple[T, Fraction], ...]:
    """:func:`counted` of a multiset whose kinds held are already picked out: ``outcomes``
    the kinds with at least one copy, in the canonical order, ``weights`` their counts
    (each positive), ``total`` the sum of the counts. The same pairs and the same sampling
    table as :func:`counted` of the whole count vector, built in C (the fractions taken
    from the total's row by one ``itemgetter``, the pairs zipped).

    For a game that keeps its multiset's pick from one draw to the next (No Game Over's
    decks); the pick is the caller's to keep right: only an empty one is refused, with
    ``ValueError`` as :func:`counted` refuses it."""
    if total <= 0 or not weights:
        raise ValueError("a chance node needs at least one outcome")
    row = _ROWS.get(total) or _row(total)
    # One itemgetter picks every fraction (a map over the row's __getitem__ would call a
    # slot wrapper per kind); zip without strict=: parsing a keyword costs as much as a
    # few pairs, and a pick's two parts have one length by construction.
    fractions = itemgetter(*weights)(row) if len(weights) > 1 else (row[weights[0]],)
    pairs: tuple[tuple[T, Fraction], ...] = tuple(zip(outcomes, fractions))  # noqa: B905
    divisor = math.gcd(*weights)
    if len(_RECENT) >= RECENT_LIMIT:
        _RECENT.clear()
    _RECENT[id(pairs)] = (
        pairs,
        total // divisor,
        tuple(accumulate(weights if divisor == 1 else [w // divisor for w in weights])),
    )
    return pairs


def forget(outcomes: Sequence[tuple[object, Fraction]]) -> None:
    """Drop the sampling table :func:`counted` or :func:`picked` remembered for
    ``outcomes``, so that its pairs are freed once the caller lets go of them. Sampling
    from ``outcomes`` later still works: it builds the table again, with the same draw."""
    entry = _RECENT.get(id(outcomes))
    if entry is not None and entry[0] is outcomes:
        del _RECENT[id(outcomes)]


def uniform(outcomes: Sequence[T]) -> tuple[tuple[T, Fraction], ...]:
    """Every outcome equally likely."""
    return weighted((outcome, 1) for outcome in outcomes)


def sample(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome with its exact probability, using integers only.

    It draws ``rng.randrange(D)`` for the least common denominator ``D`` of the
    probabilities and walks the outcomes in order, each covering ``p * D`` tickets:
    the same draw on every platform, which seeds rely on.
    """
    entry = _SAMPLERS.get(id(outcomes))
    if entry is None or entry[0] is not outcomes:
        entry = _RECENT.get(id(outcomes))
        if entry is None or entry[0] is not outcomes:
            entry = _sampler(outcomes)
    ticket = rng.randrange(entry[1])
    index = bisect_right(entry[2], ticket)
    if index == len(outcomes):
        raise ValueError("probabilities sum to less than 1")
    return outcomes[index][0]


def _sampler(outcomes: Sequence[tuple[T, Fraction]]) -> _Sampler:
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    counts = [p.numerator * (denominator // p.denominator) for _, p in outcomes]
    if isinstance(outcomes, tuple):  # immutable: safe to remember by identity
        return _remember(outcomes, denominator, counts)
    return (outcomes, denominator, tuple(accumulate(counts)))


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
