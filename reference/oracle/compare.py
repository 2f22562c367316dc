"""What the oracle compares, and how a difference is reported: one module that the trace
checker (``dieproof check``), the vector checker (``dieproof vectors --check``) and the
differential test (``dieproof differential``) share, so the three agree.

**What is compared.** After every step, in this order (the first difference is the most
telling one: a wrong winner is a result divergence, not a state divergence):

1. whether the step is accepted, and the error code (and rule id) of a refusal;
2. the result, by its ``winners`` and ``rule`` only;
3. the player to move;
4. the legal actions, in order (empty except at a decision node);
5. the chance outcomes with their probabilities, in order (empty except at a chance
   node);
6. the state, in its *comparison form*.

**Prose is never compared.** A result's ``reason`` is for people. The comparison form of
a state is its canonical JSON with the ``reason`` of every result inside it left out
(:func:`comparison_form`); ``state_sha256`` is the digest of that form. Error messages are
never compared either.

**Reports.** A difference inside a JSON value is reported at its RFC 6901 pointer, with
the two values found there (:func:`first_difference`); a difference between two lists
names the first index where they differ, with the two elements. Actions in reports are
JSON values; one whose canonical text is longer than :data:`ACTION_LIMIT` bytes is
replaced by a string of its beginning and its length (:func:`shown`), so a hostile 10 MB
action never fills a report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from dieproof.reference.core.comparison import (
    comparison_form,
    comparison_sha256,
    comparison_text,
    result_key,
    result_paths,
)
from dieproof.reference.core.game import ENCODER
from dieproof.reference.core.types import JSON

__all__ = [
    "ACTION_LIMIT",
    "MISSING",
    "ORDER",
    "VALUE_LIMIT",
    "Difference",
    "canonical",
    "comparison_form",
    "comparison_sha256",
    "comparison_text",
    "first_difference",
    "list_difference",
    "part",
    "result_key",
    "result_paths",
    "shown",
    "text",
]

ORDER: Final = ("error", "result", "to_move", "legal", "chance", "state")
"""What is compared after a step, in order."""

ACTION_LIMIT: Final = 1_000
"""Actions whose canonical JSON is longer than this (bytes) are cut in reports."""

VALUE_LIMIT: Final = 300
"""Values in one-line messages are cut to this many characters."""


def canonical(value: object) -> str:
    """The canonical JSON text of any JSON-able value."""
    return ENCODER.encode(value).decode()


# -- differences --------------------------------------------------------------------------


class _Missing:
    """Stands for "nothing there" on one side of a difference."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = _Missing()


@dataclass(frozen=True, slots=True)
class Difference:
    """Where two JSON values first differ, and what each has there."""

    pointer: str
    """The RFC 6901 pointer (``""``: the values themselves differ)."""
    left: JSON | _Missing
    """The first value's part there, or :data:`MISSING`."""
    right: JSON | _Missing
    """The second value's part there, or :data:`MISSING`."""


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def first_difference(left: JSON, right: JSON, pointer: str = "") -> Difference | None:
    """The first place, in sorted key and index order, where two JSON values differ
    (``None`` if they are equal). A list of another length differs at the first index
    one of them lacks."""
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(left.keys() | right.keys()):
            at = f"{pointer}/{_escape(key)}"
            if key not in right:
                return Difference(at, left[key], MISSING)
            if key not in left:
                return Difference(at, MISSING, right[key])
            found = first_difference(left[key], right[key], at)
            if found is not None:
                return found
        return None
    if isinstance(left, list) and isinstance(right, list):
        for index in range(max(len(left), len(right))):
            at = f"{pointer}/{index}"
            if index >= len(right):
                return Difference(at, left[index], MISSING)
            if index >= len(left):
                return Difference(at, MISSING, right[index])
            found = first_difference(left[index], right[index], at)
            if found is not None:
                return found
        return None
    # bool is an int in Python: 1 and true must still differ.
    if type(left) is not type(right) or left != right:
        return Difference(pointer, left, right)
    return None


def list_difference(left: Sequence[JSON], right: Sequence[JSON]) -> Difference | None:
    """The first index at which two lists differ, with the two elements there."""
    for index in range(max(len(left), len(right))):
        a: JSON | _Missing = left[index] if index < len(left) else MISSING
        b: JSON | _Missing = right[index] if index < len(right) else MISSING
        if isinstance(a, _Missing) or isinstance(b, _Missing) or canonical(a) != canonical(b):
            return Difference(f"/{index}", a, b)
    return None


def part(value: JSON | _Missing) -> JSON:
    """A side of a difference as JSON (``null`` for :data:`MISSING`)."""
    return None if isinstance(value, _Missing) else value


def text(value: JSON | _Missing, limit: int = VALUE_LIMIT) -> str:
    """A side of a difference as one short line of text."""
    if isinstance(value, _Missing):
        return "(nothing)"
    shown_text = canonical(value)
    return shown_text if len(shown_text) <= limit else shown_text[: limit - 3] + "..."


def shown(action: JSON) -> JSON:
    """An action for a report: itself, or, when its canonical JSON is longer than
    :data:`ACTION_LIMIT`, a string with its beginning and its size."""
    try:
        encoded = canonical(action)
    except (TypeError, RecursionError):
        return "(an action that cannot be shown)"
    if len(encoded) <= ACTION_LIMIT:
        return action
    return f"{encoded[:200]}... ({len(encoded):,} bytes, cut)"
