"""Illegal and malformed actions made from legal ones, for the differential test.

At every step of a random game, ``dieproof differential`` also sends a few *probes*:
an open action (a legal action, or a chance outcome) changed so that it is most likely
refused, and compares both implementations' answers (refused or not, the error code, the
rule id). :func:`mutate` makes one probe, chosen with a seeded ``random.Random`` so a run
is reproducible. The kinds of change, each a way an implementation can be too lenient or
too strict:

``nudge``
    an integer field moved by one or two, or set to -1 or 99 (a seat, a place, a count
    off by one or out of range);
``borrow``
    a field given a value another open action has for it (a legal value in the wrong
    combination);
``enum``
    a field set to another value its schema enumerates;
``nonsense``
    a string field given a name that means nothing;
``retype``
    an action of another type that has been open in this game, played now (the wrong
    step);
``tag``
    the ``type`` tag changed to one that does not exist;
``wrong-type``
    a field's value wrapped in an array;
``drop`` / ``extra``
    a field left out, or an unknown field added;
``not-object``
    not a JSON object at all.

A mutation may happen to be legal (a nudged place that is also open): the differential
then checks that both implementations accept it and agree on the state it leads to.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from dieproof.reference.core.types import JSON

KINDS: Final = (
    "nudge",
    "borrow",
    "enum",
    "nonsense",
    "retype",
    "tag",
    "wrong-type",
    "drop",
    "extra",
    "not-object",
)
"""Every kind of change :func:`mutate` makes."""

NONSENSE: Final = "-nonsense"
"""Appended to a string to make a name that means nothing."""


def _fields(action: Mapping[str, JSON]) -> list[str]:
    return sorted(name for name in action if name != "type")


def mutate(
    action: JSON,
    rng: random.Random,
    *,
    open_actions: Sequence[JSON] = (),
    zoo: Mapping[str, JSON] | None = None,
    enums: Mapping[str, Sequence[JSON]] | None = None,
) -> tuple[str, JSON]:
    """One probe made from ``action``: (the kind of change, the probe). ``open_actions``
    lend values for ``borrow``; ``zoo`` (one action per type tag seen so far) feeds
    ``retype``; ``enums`` (field name -> the values its schema enumerates) feeds
    ``enum``. Kinds that do not apply to ``action`` fall through to ones that do."""
    kinds = list(KINDS)
    rng.shuffle(kinds)
    for kind in kinds:
        probe = _apply(
            kind, action, rng, open_actions=open_actions, zoo=zoo or {}, enums=enums or {}
        )
        if probe is not None:
            return kind, probe
    return "not-object", 7


def _apply(
    kind: str,
    action: JSON,
    rng: random.Random,
    *,
    open_actions: Sequence[JSON],
    zoo: Mapping[str, JSON],
    enums: Mapping[str, Sequence[JSON]],
) -> JSON | None:
    if kind == "not-object":
        return rng.choice([7, "draw", None, [action]])
    if not isinstance(action, dict):
        return None
    names = _fields(action)
    tag = action.get("type")
    if kind == "tag":
        return {**action, "type": f"{tag}{NONSENSE}"}
    if kind == "extra":
        return {**action, "unexpected": 1}
    if kind == "retype":
        others = [zoo[name] for name in sorted(zoo) if name != tag]
        return rng.choice(others) if others else None
    if not names:
        return None
    if kind == "drop":
        name = rng.choice(names)
        return {key: value for key, value in action.items() if key != name}
    if kind == "wrong-type":
        name = rng.choice(names)
        return {**action, name: [action[name]]}
    if kind == "nudge":
        numbers = [n for n in names if _is_int(action[n])]
        if not numbers:
            return None
        name = rng.choice(numbers)
        value = action[name]
        assert isinstance(value, int)
        changed = rng.choice([value - 1, value + 1, value + 2, -1, 99])
        return {**action, name: changed if changed != value else value + 1}
    if kind == "nonsense":
        strings = [n for n in names if isinstance(action[n], str)]
        if not strings:
            return None
        name = rng.choice(strings)
        return {**action, name: f"{action[name]}{NONSENSE}"}
    if kind == "borrow":
        choices = [
            (name, other[name])
            for other in open_actions
            if isinstance(other, dict)
            for name in names
            if name in other and other[name] != action[name]
        ]
        if not choices:
            return None
        name, value = rng.choice(choices)
        return {**action, name: value}
    if kind == "enum":
        choices = [
            (name, value)
            for name in names
            for value in enums.get(name, ())
            if value != action[name]
        ]
        if not choices:
            return None
        name, value = rng.choice(choices)
        return {**action, name: value}
    return None


def _is_int(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
