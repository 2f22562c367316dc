"""An abstraction function in parts, recomputed only where the state changed.

The refinement check abstracts the reference state after every step. A game writes its
abstraction as :class:`Part`\\ s: each names the state fields it reads and computes some
of the model's variables from them. States are immutable and a step keeps the fields
it does not change (the very same objects), so after a step only the parts whose fields
are not identical to the state before need computing; the others keep their values.

:class:`Abstraction` assembles the parts into the two forms the proofs use: a mapping
(:meth:`Abstraction.mapping`, the readable form every report shows) and a tuple in the
model's variable order (:meth:`Abstraction.values`, what the compiled model evaluates).
A generic test checks, over random games of every game, that the tuple updated step by
step equals the mapping computed from scratch, which catches a part that reads a field
it does not declare.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from dieproof.proofs.compile import Values
from dieproof.proofs.model import Model

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Part(Generic[S]):
    """Some of the model's variables, computed from some fields of the state."""

    fields: tuple[str, ...]
    """The state fields ``compute`` reads (compared by identity after a step)."""
    names: tuple[str, ...]
    """The variables ``compute`` returns, in its order."""
    compute: Callable[[S], Sequence[int | bool]]
    """The values of :attr:`names` for a state."""


class Abstraction(Generic[S]):
    """A model's abstraction function made of :class:`Part`\\ s covering every variable
    exactly once."""

    def __init__(self, model: Model, parts: Sequence[Part[S]], *, kind: type[S]) -> None:
        names = tuple(model.variables)
        position = {name: i for i, name in enumerate(names)}
        covered = [n for part in parts for n in part.names]
        missing = [n for n in names if n not in covered]
        extra = sorted({n for n in covered if n not in position})
        twice = sorted({n for n in covered if covered.count(n) > 1})
        if missing or extra or twice:
            raise ValueError(
                f"the parts of {model.game!r}'s abstraction must cover each variable once: "
                f"missing {missing}, unknown {extra}, twice {twice}"
            )
        self.model = model
        self.names = names
        self._kind = kind
        self._parts = tuple(
            (part, frozenset(part.fields), _slots(tuple(position[n] for n in part.names)))
            for part in parts
        )
        fields = sorted({field for part in parts for field in part.fields})
        self._fields = tuple(fields)
        # One C call reads every field the parts depend on, of a state.
        self._read: Callable[[object], tuple[object, ...]] = (
            operator.attrgetter(*fields)
            if len(fields) > 1
            else lambda state: (getattr(state, fields[0]),)
        )

    def _own(self, state: object) -> S:
        if not isinstance(state, self._kind):
            raise TypeError(f"not a {self._kind.__name__}: {type(state).__name__}")
        return state

    def values(self, state: object, before: object | None, previous: Values | None) -> Values:
        """The abstraction of ``state`` as a tuple in the model's variable order.

        With the state one step ``before`` and its tuple ``previous``, only the parts
        whose fields changed (by identity) are computed again."""
        own = self._own(state)
        if before is None or previous is None or not self._fields:
            slots: list[int | bool] = [0] * len(self.names)
            for part, _, positions in self._parts:
                _write(slots, positions, part.compute(own))
            return tuple(slots)
        changed = {
            field
            for field, now, then in zip(
                self._fields, self._read(own), self._read(before), strict=True
            )
            if now is not then
        }
        if not changed:
            return previous
        slots = list(previous)
        for part, fields, positions in self._parts:
            if changed.isdisjoint(fields):
                continue
            _write(slots, positions, part.compute(own))
        return tuple(slots)

    def mapping(self, state: object) -> dict[str, int | bool]:
        """The abstraction of ``state`` as a mapping from the model's variables."""
        return dict(zip(self.names, self.values(state, None, None), strict=True))


def _slots(positions: tuple[int, ...]) -> slice | tuple[int, ...]:
    """A part's places in the tuple: a slice where they follow each other (the usual
    case, written in one step), else the positions themselves."""
    if positions and positions == tuple(range(positions[0], positions[0] + len(positions))):
        return slice(positions[0], positions[0] + len(positions))
    return positions


def _write(
    slots: list[int | bool], positions: slice | tuple[int, ...], values: Sequence[int | bool]
) -> None:
    """Write a part's computed values to its places; a part that computes the wrong
    number of values is an error, as ``zip(strict=True)`` made it before."""
    if isinstance(positions, slice):
        if len(values) != positions.stop - positions.start:
            raise ValueError(f"a part computed {len(values)} values for {positions}")
        slots[positions] = values
        return
    for i, value in zip(positions, values, strict=True):
        slots[i] = value
