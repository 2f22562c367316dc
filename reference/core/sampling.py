"""Random configurations within what the rules allow (the differential test plays them).

:func:`random_literals` is the generic part: every field of a configuration whose type is
a ``Literal`` (the selectable readings of the ambiguities, a variant spelled as a
literal) set to one of its values at random, through nested structs. A game that has
content (boxes, decks, characters) also draws that in its ``Rules.sample_config`` and
calls this for the rest.
"""

from __future__ import annotations

import random
from typing import TypeVar

import msgspec

from dieproof.reference.core.types import Value

V = TypeVar("V", bound=Value)


def random_literals(value: V, rng: random.Random) -> V:
    """A copy of ``value`` with every ``Literal`` field (in nested structs too) set to a
    value drawn from its options, in field order."""
    info = msgspec.inspect.type_info(type(value))
    assert isinstance(info, msgspec.inspect.StructType)
    changes: dict[str, object] = {}
    for field in info.fields:
        current = getattr(value, field.name)
        kind = field.type
        if isinstance(kind, msgspec.inspect.LiteralType):
            changes[field.name] = rng.choice(sorted(kind.values, key=repr))
        elif isinstance(current, Value):
            changes[field.name] = random_literals(current, rng)
    return msgspec.structs.replace(value, **changes)
