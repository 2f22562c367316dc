"""The value types every game builds on.

States, actions, configs and chance outcomes are frozen, slotted ``msgspec.Struct``
values: immutable, hashable, cheap to copy with :func:`replace`, and exactly what the
canonical JSON codec of DESIGN section 5 encodes. A game's own types subclass the bases
below, so generic code (the driver, the CLI, the oracle) can pass any game's values
around while each game narrows them to its own types.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Final, TypeVar

import msgspec

JSON = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""A JSON value as Python builds it."""

Player = int
"""A seat at the table, counted from 0 in turn order."""

CHANCE: Final = -1
""":meth:`Game.to_move` at a chance node (a die roll, a draw from the sack)."""
TERMINAL: Final = -2
""":meth:`Game.to_move` once the game is over."""


class IdentityEnum(enum.Enum):
    """Base of the games' enums: members hash by identity.

    ``enum.Enum`` hashes a member by hashing its name, in Python; the rules look members
    up in tables on every step. Members are singletons compared by identity, so the
    identity hash (computed in C) is equivalent, and no order dieproof produces depends on
    hashes (sets of members are never iterated into output).
    """

    __hash__ = object.__hash__


class Value(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every immutable value of a game: unknown JSON fields are rejected."""


class Config(Value, frozen=True):
    """Base of every game's configuration."""

    players: int
    """The number of players at the table."""


class State(Value, frozen=True):
    """Base of every game's state."""


class Action(Value, frozen=True, tag_field="type"):
    """Base of every action, of a player or of chance; JSON names it with ``"type"``."""


class Result(Value, frozen=True):
    """How a finished game ended."""

    winners: tuple[Player, ...]
    """The winning players in seat order; empty when everybody lost."""
    reason: str
    """Why the game ended, for people."""
    rule: str
    """The id of the rule that ended it."""


class Violation(Value, frozen=True):
    """One invariant that a state breaks."""

    invariant: str
    """The invariant's id in the specification."""
    message: str
    """What is wrong, with the offending numbers."""


A = TypeVar("A", bound=Action)

Outcomes = tuple[tuple[A, Fraction], ...]
"""Chance outcomes with their exact probabilities, in canonical order."""

V = TypeVar("V", bound=Value)


replace: Final = msgspec.structs.replace
"""``replace(value, **changes)``: a copy of ``value`` with ``changes`` applied (the only way
to "change" one). It is msgspec's own function, written in C: the rules call it on every
step, and a Python wrapper around it would cost as much as the copy."""
