"""The trace checker behind ``dieproof check`` (DESIGN section 5).

A trace written by another implementation (a digital adaptation, a bot, a port) is
replayed through the reference, step by step. Each step's action must be accepted, and
whatever the writer says it expects after the step must match the reference:

``error``
    The step must be rejected with exactly this code. The state stays as it was and the
    replay continues from it, so a trace can probe illegal moves mid-game.
``state`` / ``state_sha256``
    The canonical JSON of the state after the step, or its sha256. The expected state is
    re-encoded through the game's codec first, so key order and whitespace never matter.
``legal``
    The legal actions after the step, in the game's canonical order; at a chance node,
    the chance outcomes in order (their probabilities are not part of the comparison).
``result``
    The result after the step, JSON ``null`` while the game runs.

The first mismatch is reported as a :class:`Divergence` with its line and step number,
both sides in canonical JSON, and, for a rejected action, the error code and rule id. A
trace that cannot be read at all raises :class:`MalformedTrace` instead: that is a
broken input, not a disagreement about the rules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from dieproof.reference.core.errors import InvalidAction, RulesError
from dieproof.reference.core.game import ENCODER, JSON, Game, game
from dieproof.reference.core.trace import Expect, TraceStep, read_header, read_steps
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Result, State

DivergenceKind = Literal[
    "illegal-action",
    "invalid-action",
    "missing-error",
    "wrong-error",
    "state",
    "state_sha256",
    "legal",
    "result",
]
"""What diverged:

- ``illegal-action``: the reference rejects a well-formed action (``code`` and ``rule``
  say which rule forbids it);
- ``invalid-action``: the action is malformed for this game (unknown type, bad field);
- ``missing-error``: the trace expects an error, the reference accepts the action;
- ``wrong-error``: both reject the action, with different codes;
- ``state``, ``state_sha256``, ``legal``, ``result``: the expectation of that name
  differs from the reference after the step.
"""


class MalformedTrace(RulesError):
    """The trace cannot be replayed: no header, a bad line, an unknown game or config."""

    line: int
    """The line at fault (1 is the header)."""

    def __init__(self, code: str, message: str, line: int) -> None:
        super().__init__(code, message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first place where the trace and the reference disagree."""

    line: int
    """The line of the trace file (the header is line 1)."""
    step: int
    """The step, counted from 1 (blank lines are not steps)."""
    kind: DivergenceKind
    """What diverged; see :data:`DivergenceKind`."""
    action: str
    """The step's action as written in the trace."""
    expected: str | None
    """What the trace expects, in canonical JSON (an error code for the error kinds)."""
    actual: str | None
    """What the reference says, in canonical JSON (an error code for the error kinds)."""
    code: str | None
    """The reference's error code when it rejected the action."""
    rule: str | None
    """The rule id the rejecting check enforces, when one applies."""
    message: str
    """One sentence for people: what differs, and where inside a JSON value."""

    def render(self) -> str:
        """A multi-line report for a terminal."""
        lines = [f"line {self.line} (step {self.step}): {self.message}"]
        lines.append(f"  action:   {self.action}")
        if self.code is not None:
            rule = f" (rule {self.rule})" if self.rule else ""
            lines.append(f"  error:    {self.code}{rule}")
        if self.expected is not None:
            lines.append(f"  expected: {self.expected}")
        if self.actual is not None and self.actual != self.code:
            lines.append(f"  actual:   {self.actual}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, JSON]:
        """The divergence as a JSON object (the fields of this class)."""
        return {
            "line": self.line,
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "expected": self.expected,
            "actual": self.actual,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The outcome of replaying one trace."""

    game: str
    """The game id from the header."""
    steps: int
    """Steps replayed and matched (the diverging step is not counted)."""
    divergence: Divergence | None
    """The first divergence, or ``None`` when the trace agrees with the reference."""
    result: str | None
    """The result after the last matched step, in canonical JSON; ``None`` while the
    game runs (a trace may stop before the end)."""

    @property
    def ok(self) -> bool:
        """Whether the whole trace agrees with the reference."""
        return self.divergence is None

    def render(self) -> str:
        """A short report for a terminal."""
        if self.divergence is None:
            ending = "game over: " + self.result if self.result else "game still running"
            return f"OK: {self.steps} steps of {self.game} agree with the reference ({ending})"
        return (
            f"DIVERGENCE in {self.game} after {self.steps} matching steps\n"
            + self.divergence.render()
        )

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        result: JSON = None if self.result is None else _decode(self.result.encode())
        return {
            "ok": self.ok,
            "game": self.game,
            "steps": self.steps,
            "result": result,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
        }


@dataclass(frozen=True, slots=True)
class ReplayedStep:
    """One step as the checker replayed it, for callers that show the game."""

    line: int
    """The line of the trace file."""
    step: int
    """The step, counted from 1."""
    mover: int
    """Who moved: a player index or :data:`~dieproof.reference.core.types.CHANCE`."""
    text: str
    """The action as written in the trace."""
    action: Action | None
    """The decoded action; ``None`` when it did not decode and the trace expected that."""
    before: State
    """The state before the step."""
    after: State
    """The state after it (``before`` again when the step was rejected as expected)."""
    error: RulesError | None
    """The expected error the step was rejected with, if any."""


def check_file(
    path: Path | str, *, on_step: Callable[[ReplayedStep], None] | None = None
) -> CheckReport:
    """:func:`check_trace` on a file (``"-"`` is not special here; the CLI handles stdin).

    The file is read as bytes: the JSON decoder checks the UTF-8, so a bad byte is a
    malformed line with its number rather than a decoding crash.
    """
    with Path(path).open("rb") as lines:
        return check_trace(lines, on_step=on_step)


def check_trace(
    lines: Iterable[str | bytes],
    *,
    on_step: Callable[[ReplayedStep], None] | None = None,
) -> CheckReport:
    """Replay a trace through the reference and report the first divergence.

    ``lines`` are the trace's lines (a file object will do). ``on_step`` is called after
    every step that matched, so ``dieproof play --trace`` can print the game as it goes.
    Raises :class:`MalformedTrace` when the trace cannot be read.
    """
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None or not first.strip():
        raise MalformedTrace("TRACE.EMPTY", "the trace is empty: line 1 must be the header", 1)
    try:
        header = read_header(first)
        g = game(header.game)
        config = g.load_config(bytes(header.config))
        state = g.initial_state(config)
    except RulesError as bad:
        where = "" if bad.message.startswith("line 1") else "line 1: "
        raise MalformedTrace(bad.code, where + bad.message, 1) from None

    steps = 0
    for line, step in _steps(iterator):
        number = steps + 1
        before = state
        mover = g.to_move(state)
        raw = bytes(step.action)
        # msgspec does not check the UTF-8 inside a Raw value; load_action below does.
        action_text = raw.decode(errors="replace")
        expect = step.expect or Expect()
        error: RulesError | None = None
        action: Action | None = None
        try:
            action = g.load_action(raw)
            state = g.apply(state, action)
        except RulesError as raised:
            error = raised
        divergence = _error_divergence(line, number, action_text, expect.error, error)
        if divergence is None:
            divergence = _expectation_divergence(
                g, state, expect, line=line, step=number, action=action_text
            )
        if divergence is not None:
            return CheckReport(g.id, steps, divergence, _result_json(g, before))
        steps = number
        if on_step is not None:
            on_step(ReplayedStep(line, number, mover, action_text, action, before, state, error))
    return CheckReport(g.id, steps, None, _result_json(g, state))


def _steps(lines: Iterator[str | bytes]) -> Iterator[tuple[int, TraceStep]]:
    try:
        yield from read_steps(lines)
    except RulesError as error:
        # read_steps names the line in its message; recover the number for the report.
        number = _line_number(error.message)
        raise MalformedTrace(error.code, error.message, number) from None


def _line_number(message: str) -> int:
    words = message.split()
    if len(words) >= 2 and words[0] == "line" and words[1].isdigit():
        return int(words[1])
    return 0


# -- comparisons ----------------------------------------------------------------------------


def _error_divergence(
    line: int, step: int, action: str, expected: str | None, error: RulesError | None
) -> Divergence | None:
    """Compare the step's rejection (or acceptance) with the trace's ``error``."""
    if expected is None and error is None:
        return None
    if expected is None and error is not None:
        kind: DivergenceKind = (
            "invalid-action" if isinstance(error, InvalidAction) else "illegal-action"
        )
        what = "malformed" if kind == "invalid-action" else "illegal"
        return Divergence(
            line,
            step,
            kind,
            action,
            None,
            error.code,
            error.code,
            error.rule,
            f"the reference rejects the action as {what}: {error.message}",
        )
    if error is None:
        return Divergence(
            line,
            step,
            "missing-error",
            action,
            expected,
            None,
            None,
            None,
            f"the trace expects error {expected}, but the reference accepts the action",
        )
    if error.code != expected:
        return Divergence(
            line,
            step,
            "wrong-error",
            action,
            expected,
            error.code,
            error.code,
            error.rule,
            f"the trace expects error {expected}, the reference rejects with {error.code}: "
            f"{error.message}",
        )
    return None


def _expectation_divergence(
    g: Game, state: State, expect: Expect, *, line: int, step: int, action: str
) -> Divergence | None:
    """Compare the state-level expectations of one step with the reference."""
    if not isinstance(expect.state, msgspec.UnsetType):
        actual = g.dump_state(state)
        expected, note = _canonical_state(g, expect.state)
        if expected != actual:
            where = note or _difference(expected, actual)
            return Divergence(
                line,
                step,
                "state",
                action,
                expected,
                actual,
                None,
                None,
                f"the state after the step differs {where}",
            )
    if expect.state_sha256 is not None:
        actual = hashlib.sha256(g.dump_state(state).encode()).hexdigest()
        if expect.state_sha256.lower() != actual:
            return Divergence(
                line,
                step,
                "state_sha256",
                action,
                expect.state_sha256,
                actual,
                None,
                None,
                "the sha256 of the state after the step differs",
            )
    if expect.legal is not None:
        expected_legal = [_canonical_action(g, raw) for raw in expect.legal]
        actual_legal = _legal(g, state)
        if expected_legal != actual_legal:
            return Divergence(
                line,
                step,
                "legal",
                action,
                "[" + ",".join(expected_legal) + "]",
                "[" + ",".join(actual_legal) + "]",
                None,
                None,
                "the legal actions after the step differ "
                + _list_difference(expected_legal, actual_legal),
            )
    if not isinstance(expect.result, msgspec.UnsetType):
        actual = _result_json(g, state) or "null"
        expected = _canonical_result(expect.result)
        if expected != actual:
            return Divergence(
                line,
                step,
                "result",
                action,
                expected,
                actual,
                None,
                None,
                f"the result after the step differs {_difference(expected, actual)}",
            )
    return None


def _legal(g: Game, state: State) -> list[str]:
    """The canonical JSON of the legal actions (or chance outcomes) at ``state``."""
    mover = g.to_move(state)
    if mover == TERMINAL:
        return []
    if mover == CHANCE:
        return [g.dump_action(outcome) for outcome, _ in g.chance_outcomes(state)]
    return [g.dump_action(action) for action in g.legal_actions(state)]


def _result_json(g: Game, state: State) -> str | None:
    result = g.result(state)
    return None if result is None else ENCODER.encode(result).decode()


def _canonical_state(g: Game, raw: msgspec.Raw) -> tuple[str, str | None]:
    """The expected state in canonical JSON, and a note when the game cannot decode it."""
    try:
        return g.dump_state(g.load_state(bytes(raw))), None
    except RulesError as error:
        return _generic(raw), f"(the expected state is not a valid state: {error.message})"


def _canonical_action(g: Game, raw: msgspec.Raw) -> str:
    try:
        return g.dump_action(g.load_action(bytes(raw)))
    except RulesError:
        # Not an action of this game: keep it, normalised, so the lists still differ.
        return _generic(raw)


_RESULT_DECODER = msgspec.json.Decoder(Result | None)


def _canonical_result(raw: msgspec.Raw) -> str:
    try:
        return ENCODER.encode(_RESULT_DECODER.decode(bytes(raw))).decode()
    except (msgspec.ValidationError, msgspec.DecodeError):
        return _generic(raw)


def _generic(raw: msgspec.Raw | bytes) -> str:
    """Any JSON value with sorted keys and no whitespace."""
    return ENCODER.encode(_decode(bytes(raw))).decode()


def _decode(text: bytes) -> JSON:
    decoded: JSON = msgspec.json.decode(text)
    return decoded


def _difference(expected: str, actual: str) -> str:
    """``at $.path: expected X, actual Y`` for the first difference of two JSON texts."""
    found = _first_difference(_decode(expected.encode()), _decode(actual.encode()), "$")
    if found is None:
        return ""
    path, left, right = found
    return f"at {path}: expected {_short(left)}, actual {_short(right)}"


_MISSING = "\x00missing"
"""Stands for an absent key in a difference (no JSON text decodes to it by accident)."""


def _first_difference(expected: JSON, actual: JSON, path: str) -> tuple[str, JSON, JSON] | None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(expected.keys() | actual.keys()):
            if key not in actual:
                return f"{path}.{key}", expected[key], _MISSING
            if key not in expected:
                return f"{path}.{key}", _MISSING, actual[key]
            found = _first_difference(expected[key], actual[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for index, (left, right) in enumerate(zip(expected, actual, strict=False)):
            found = _first_difference(left, right, f"{path}[{index}]")
            if found is not None:
                return found
        if len(expected) != len(actual):
            return f"{path} (length)", len(expected), len(actual)
        return None
    # bool is an int in Python; 1 and true must still differ.
    if type(expected) is not type(actual) or expected != actual:
        return path, expected, actual
    return None


def _list_difference(expected: list[str], actual: list[str]) -> str:
    for index, (left, right) in enumerate(zip(expected, actual, strict=False)):
        if left != right:
            return f"at index {index}: expected {left}, actual {right}"
    return f"in length: expected {len(expected)}, actual {len(actual)}"


def _short(value: JSON, limit: int = 200) -> str:
    text = "(missing)" if value == _MISSING else ENCODER.encode(value).decode()
    return text if len(text) <= limit else text[: limit - 3] + "..."
