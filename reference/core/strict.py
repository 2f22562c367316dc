"""Reading JSON that strangers send: one strict decoder for every way in.

The referee's request lines, the lines of a trace, a vector file, a configuration or a
position description given on the command line all pass through :func:`decode` (or
:func:`refuse_duplicates` when a typed decoder reads the text itself). It refuses, with a
:class:`JsonInputError` naming the reason, what a lenient parser would silently accept or
die on:

- text that is not JSON, or not UTF-8 (msgspec's own checks);
- values nested so deeply that decoding them would exhaust the stack (a
  ``RecursionError`` inside the decoder becomes an ordinary refusal);
- an object with the same key twice. Most parsers keep the last value, so
  ``{"players": 2, "players": 7}`` would mean different things to different readers;
  dieproof refuses it, as it refuses unknown keys.

The duplicate check costs almost nothing for compact input: a text that is exactly the
compact encoding of what it decodes to cannot repeat a key. Anything else (indented JSON,
escapes, a repeated key) is parsed once more by :mod:`json` with a hook that sees every
object's pairs before they become a ``dict``.
"""

from __future__ import annotations

import json
from typing import Final

import msgspec

from dieproof.reference.core.types import JSON

_DECODER: Final = msgspec.json.Decoder()
_ENCODER: Final = msgspec.json.Encoder()


class JsonInputError(ValueError):
    """JSON input refused: malformed, nested too deeply, or with a duplicate key."""


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return found


def decode(text: str | bytes) -> JSON:
    """Decode JSON text strictly; raises :class:`JsonInputError`."""
    try:
        value: JSON = _DECODER.decode(text)
    except msgspec.DecodeError as error:
        raise JsonInputError(f"not JSON: {error}") from None
    except RecursionError:
        raise JsonInputError("the JSON is nested too deeply") from None
    refuse_duplicates(text, value)
    return value


_UNSET: Final = object()


def refuse_duplicates(text: str | bytes, value: object = _UNSET) -> None:
    """Raise :class:`JsonInputError` if an object in ``text`` (valid JSON) repeats a key.

    ``value`` is what ``text`` decodes to, if the caller has it: compact input is then
    recognised without a second parse."""
    raw = text.encode() if isinstance(text, str) else bytes(text)
    raw = raw.strip()
    if value is not _UNSET:
        try:
            if _ENCODER.encode(value) == raw:
                return
        except (TypeError, RecursionError):
            pass
    elif b'"' not in raw:
        return  # no string, so no key at all
    try:
        json.loads(raw, object_pairs_hook=_pairs)
    except _Duplicate as duplicate:
        raise JsonInputError(
            f"an object has the key {duplicate.key[:80]!r} twice (duplicate keys are refused)"
        ) from None
    except RecursionError:
        raise JsonInputError("the JSON is nested too deeply") from None
    except ValueError:
        # msgspec accepted it; json is stricter about nothing we rely on. Keep msgspec's word.
        return
