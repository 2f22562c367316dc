"""The comparison form of a state: what the oracle compares of a position.

A result's ``reason`` is prose for people; no comparison anywhere in dieproof looks at
it. The *comparison form* of a state is its canonical JSON with the ``reason`` of every
result inside it left out; a state's ``state_sha256`` (in traces and vectors) is the
sha256 of that form, and a result is compared by its :func:`result_key`. Where a
:class:`~dieproof.reference.core.types.Result` can sit inside a state is read from the
state's type (:func:`result_paths`), so every game gets this without declaring anything.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator, Sequence

import msgspec

from dieproof.reference.core.game import ENCODER, Game
from dieproof.reference.core.types import JSON, Result, State


def canonical(value: object) -> str:
    """The canonical JSON text of any JSON-able value."""
    return ENCODER.encode(value).decode()


def _json(text: str | bytes) -> JSON:
    decoded: JSON = msgspec.json.decode(text)
    return decoded


def result_key(result: JSON) -> JSON:
    """What is compared of a result: ``{"winners": ..., "rule": ...}``; anything that is
    not an object (``null`` while the game runs) as it is."""
    if not isinstance(result, dict):
        return result
    return {"winners": result.get("winners"), "rule": result.get("rule")}


Path = tuple[str | None, ...]
"""Object keys from the root; ``None`` stands for every element of an array or object."""


@functools.cache
def result_paths(state_type: type) -> tuple[Path, ...]:
    """Where a :class:`Result` can sit inside a state of ``state_type``, found from the
    type itself (so every game gets it without declaring anything)."""
    found: list[Path] = []

    def walk(info: msgspec.inspect.Type, path: Path, seen: frozenset[type]) -> None:
        if isinstance(info, msgspec.inspect.StructType):
            if info.cls is Result:
                found.append(path)
                return
            if info.cls in seen:
                return
            for field in info.fields:
                walk(field.type, (*path, field.encode_name), seen | {info.cls})
        elif isinstance(info, msgspec.inspect.UnionType):
            for option in info.types:
                walk(option, path, seen)
        elif isinstance(
            info,
            msgspec.inspect.ListType
            | msgspec.inspect.VarTupleType
            | msgspec.inspect.SetType
            | msgspec.inspect.FrozenSetType,
        ):
            walk(info.item_type, (*path, None), seen)
        elif isinstance(info, msgspec.inspect.TupleType):
            for item in info.item_types:
                walk(item, (*path, None), seen)
        elif isinstance(info, msgspec.inspect.DictType):
            walk(info.value_type, (*path, None), seen)

    walk(msgspec.inspect.type_info(state_type), (), frozenset())
    return tuple(dict.fromkeys(found))


def _results_at(value: JSON, path: Path) -> Iterator[dict[str, JSON]]:
    if not path:
        if isinstance(value, dict):
            yield value
        return
    head, rest = path[0], path[1:]
    if head is None:
        if isinstance(value, dict):
            for item in value.values():
                yield from _results_at(item, rest)
        elif isinstance(value, list):
            for item in value:
                yield from _results_at(item, rest)
    elif isinstance(value, dict) and head in value:
        yield from _results_at(value[head], rest)


def _strip(value: JSON, paths: Sequence[Path]) -> JSON:
    """A copy of ``value`` without the ``reason`` of the results at ``paths``."""
    copy: JSON = _json(canonical(value))
    for path in paths:
        for result in _results_at(copy, path):
            result.pop("reason", None)
    return copy


def comparison_form(g: Game, state: JSON) -> JSON:
    """The state's JSON as the oracle compares it: the canonical JSON without the
    ``reason`` of any result inside it (prose is never compared)."""
    return _strip(state, result_paths(g.state_type))


def comparison_text(g: Game, state: State) -> str:
    """The canonical text of the comparison form of a reference state."""
    text = g.dump_state(state)
    if '"reason":' not in text:
        return text
    return canonical(comparison_form(g, _json(text)))


def comparison_sha256(g: Game, state: State) -> str:
    """The sha256 (lower-case hex) of the comparison form of a reference state."""
    return hashlib.sha256(comparison_text(g, state).encode()).hexdigest()
