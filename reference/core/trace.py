"""Traces: a whole game as JSON Lines (DESIGN section 5).

Line 1 is a :class:`TraceHeader`; every further line is a :class:`TraceStep` holding one
action or chance outcome and, optionally, what another implementation expects to hold
after it. A trace with its chance outcomes fixes a game completely, so replaying it
through the reference is a check of any implementation that wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, TextIO

import msgspec

from dieproof.reference.core.comparison import comparison_sha256
from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import ENCODER, Game
from dieproof.reference.core.types import Action, Config, State

TRACE_FORMAT: Final = "dieproof-trace"
TRACE_VERSION: Final = 1


class TraceHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The first line of a trace."""

    format: str
    """Always ``"dieproof-trace"``."""
    version: int
    """The trace format version; this module reads version 1."""
    game: str
    """The game id."""
    config: msgspec.Raw
    """The game's configuration with every reading, as the game's canonical JSON."""
    generator: str = ""
    """Who wrote the trace, e.g. ``"dieproof 0.1.0"``."""


class Expect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """What must hold after a step; every field is optional. The checker compares them
    in the oracle's order (error, result, to_move, legal, chance, state, state_sha256),
    and, as everywhere in the oracle, never compares prose: a result by its winners and
    rule, a state in its comparison form (without any result's reason)."""

    # Raw | None does not decode in msgspec (a JSON object is refused as "expected null"),
    # and for ``result`` JSON null is a real expectation (the game still runs): UNSET is
    # "no expectation".
    error: str | None = None
    """The step must be rejected with this error code; the state stays as it was."""
    rule: str | None = None
    """With ``error``: the rule id the refusal must name."""
    result: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    """The result after the step (JSON ``null`` while the game runs), compared by its
    ``winners`` and ``rule``."""
    to_move: int | str | None = None
    """The player to move after the step: a seat, ``"chance"`` or ``"terminal"``."""
    legal: list[msgspec.Raw] | None = None
    """The legal actions after the step, in the game's canonical order: a player's
    decisions, so an empty list at a chance or terminal node."""
    chance: list[msgspec.Raw] | None = None
    """The chance outcomes after the step, in canonical order, each as
    ``{"outcome": <action>, "probability": "n/d"}``; an empty list except at a chance
    node."""
    state: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    """The canonical JSON of the state after the step, compared in its comparison form."""
    state_sha256: str | None = None
    """The sha256 of the comparison form of the state after the step."""


class TraceStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One action or chance outcome."""

    action: msgspec.Raw
    """The action (or chance outcome) in the game's JSON."""
    expect: Expect | None = None
    """What must hold after it, if the writer says."""


def state_sha256(game: Game, state: State) -> str:
    """The sha256 of the comparison form of ``state``: its canonical JSON without the
    prose of any result inside it (:mod:`~dieproof.reference.core.comparison`)."""
    return comparison_sha256(game, state)


def header_line(game: Game, config: Config, generator: str) -> str:
    header = TraceHeader(
        format=TRACE_FORMAT,
        version=TRACE_VERSION,
        game=game.id,
        config=msgspec.Raw(game.dump_config(config).encode()),
        generator=generator,
    )
    return ENCODER.encode(header).decode()


def step_line(game: Game, action: Action, expect: Expect | None = None) -> str:
    step = TraceStep(action=msgspec.Raw(game.dump_action(action).encode()), expect=expect)
    return ENCODER.encode(step).decode()


def write_trace(
    out: TextIO,
    game: Game,
    config: Config,
    actions: Iterable[Action],
    *,
    generator: str,
) -> int:
    """Write a trace; returns the number of steps written."""
    out.write(header_line(game, config, generator) + "\n")
    count = 0
    for action in actions:
        out.write(step_line(game, action) + "\n")
        count += 1
    return count


_HEADER_DECODER = msgspec.json.Decoder(TraceHeader)
_STEP_DECODER = msgspec.json.Decoder(TraceStep)


def read_header(line: str | bytes) -> TraceHeader:
    try:
        header = _HEADER_DECODER.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidState("TRACE.HEADER", f"line 1 is not a trace header: {error}") from None
    except RecursionError:
        raise InvalidState("TRACE.HEADER", "line 1 is nested too deeply") from None
    if header.format != TRACE_FORMAT or header.version != TRACE_VERSION:
        raise InvalidState(
            "TRACE.VERSION",
            f"unsupported trace {header.format!r} version {header.version}; "
            f"this reads {TRACE_FORMAT!r} version {TRACE_VERSION}",
        )
    return header


def read_step(line: str | bytes, number: int) -> TraceStep:
    """Decode the step on line ``number``; raises :class:`InvalidState` (``TRACE.STEP``)."""
    try:
        return _STEP_DECODER.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidState("TRACE.STEP", f"line {number} is not a trace step: {error}") from None
    except RecursionError:
        raise InvalidState("TRACE.STEP", f"line {number} is nested too deeply") from None


def read_steps(
    lines: Iterable[str | bytes], first_line: int = 2
) -> Iterator[tuple[int, TraceStep]]:
    """Decode step lines, yielding ``(line number, step)``; blank lines are skipped."""
    for number, line in enumerate(lines, start=first_line):
        if not line.strip():
            continue
        yield number, read_step(line, number)
