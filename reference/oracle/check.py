"""The trace checker behind ``dieproof check`` (DESIGN section 5).

A trace written by another implementation (a digital adaptation, a bot, a port) is
replayed through the reference, step by step. Each step's action must be accepted, and
whatever the writer says it expects after the step must match the reference, compared
in the oracle's order (:mod:`~dieproof.reference.oracle.compare`, the same order as
``dieproof differential``):

``error`` (and ``rule``)
    The step must be rejected with exactly this code (and rule id). The state stays as it
    was and the replay continues from it, so a trace can probe illegal moves mid-game.
``result``
    The result after the step, JSON ``null`` while the game runs; compared by its
    ``winners`` and ``rule`` (the ``reason`` is prose).
``to_move``
    The player to move: a seat, ``"chance"`` or ``"terminal"``.
``legal``
    The legal actions after the step, in the game's canonical order: a player's
    decisions, so ``[]`` at a chance or terminal node.
``chance``
    The chance outcomes after the step with their probabilities, in order; ``[]`` except
    at a chance node.
``state`` / ``state_sha256``
    The state after the step in its comparison form (canonical JSON without the prose of
    a result), or the sha256 of that form. The expected state is re-encoded through the
    game's codec first, so key order and whitespace never matter.

The first mismatch is reported as a :class:`Divergence` with its line and step number,
the RFC 6901 pointer of the first difference and the two values found there. A trace
that cannot be read at all raises :class:`MalformedTrace` instead: that is a broken
input, not a disagreement about the rules. Lines are read up to the referee's limit
(:data:`~dieproof.reference.oracle.referee.MAX_LINE`); a longer line, a line that is not
JSON, nests too deeply or repeats a key is a malformed trace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final, Literal

import msgspec

from dieproof.reference.core import strict
from dieproof.reference.core.errors import InvalidAction, RulesError
from dieproof.reference.core.examples import json_of
from dieproof.reference.core.game import Game, game
from dieproof.reference.core.trace import Expect, read_header, read_step
from dieproof.reference.core.types import JSON, Action, State
from dieproof.reference.oracle import compare
from dieproof.reference.oracle.observe import observe

MAX_LINE: Final = 16 * 1024 * 1024
"""The longest trace line read (bytes): the referee's limit."""

DivergenceKind = Literal[
    "illegal-action",
    "invalid-action",
    "missing-error",
    "wrong-error",
    "wrong-rule",
    "result",
    "to_move",
    "legal",
    "chance",
    "state",
    "state_sha256",
]
"""What diverged:

- ``illegal-action``: the reference rejects a well-formed action (``code`` and ``rule``
  say which rule forbids it);
- ``invalid-action``: the action is malformed for this game (unknown type, bad field);
- ``missing-error``: the trace expects an error, the reference accepts the action;
- ``wrong-error``: both reject the action, with different codes;
- ``wrong-rule``: both reject it with the same code, the trace names another rule;
- ``result``, ``to_move``, ``legal``, ``chance``, ``state``, ``state_sha256``: the
  expectation of that name differs from the reference after the step.
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
    action: JSON
    """The step's action as JSON (a long one cut: :func:`compare.shown`)."""
    pointer: str | None
    """Where inside the compared value the first difference is (RFC 6901; ``""``: the
    whole value), or ``None`` for an error divergence."""
    expected: JSON
    """What the trace expects there (an error code for the error kinds)."""
    actual: JSON
    """What the reference says there (an error code for the error kinds)."""
    code: str | None
    """The reference's error code when it rejected the action."""
    rule: str | None
    """The rule id the rejecting check enforces, when one applies."""
    message: str
    """One sentence for people: what differs, and where."""

    def render(self) -> str:
        """A multi-line report for a terminal."""
        lines = [f"line {self.line} (step {self.step}): {self.message}"]
        lines.append(f"  action:   {compare.text(self.action)}")
        if self.code is not None:
            rule = f" (rule {self.rule})" if self.rule else ""
            lines.append(f"  error:    {self.code}{rule}")
        if self.pointer is not None:
            lines.append(f"  at:       {self.pointer or '(the whole value)'}")
        if self.expected is not None or self.pointer is not None:
            lines.append(f"  expected: {compare.text(self.expected)}")
        if (self.actual is not None and self.actual != self.code) or self.pointer is not None:
            lines.append(f"  actual:   {compare.text(self.actual)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, JSON]:
        """The divergence as a JSON object (the fields of this class)."""
        return {
            "line": self.line,
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "pointer": self.pointer,
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
    result: JSON
    """The result after the last matched step; ``None`` while the game runs (a trace
    may stop before the end)."""

    @property
    def ok(self) -> bool:
        """Whether the whole trace agrees with the reference."""
        return self.divergence is None

    def render(self) -> str:
        """A short report for a terminal."""
        if self.divergence is None:
            ending = (
                "game over: " + compare.canonical(self.result)
                if self.result is not None
                else "game still running"
            )
            return f"OK: {self.steps} steps of {self.game} agree with the reference ({ending})"
        return (
            f"DIVERGENCE in {self.game} after {self.steps} matching steps\n"
            + self.divergence.render()
        )

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {
            "ok": self.ok,
            "game": self.game,
            "steps": self.steps,
            "result": self.result,
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
    """The action's canonical JSON (a long one cut)."""
    action: Action | None
    """The decoded action; ``None`` when it did not decode and the trace expected that."""
    before: State
    """The state before the step."""
    after: State
    """The state after it (``before`` again when the step was rejected as expected)."""
    error: RulesError | None
    """The expected error the step was rejected with, if any."""


def bounded_lines(stream: BinaryIO, max_line: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of ``stream``, each at most ``max_line`` bytes; a longer line raises
    :class:`MalformedTrace` (``TRACE.TOO_LONG``) without reading the rest of it."""
    number = 0
    while True:
        line = stream.readline(max_line + 1)
        if not line:
            return
        number += 1
        if len(line) > max_line and not line.endswith(b"\n"):
            raise MalformedTrace(
                "TRACE.TOO_LONG", f"line {number} is longer than {max_line} bytes", number
            )
        yield line


def check_file(
    path: Path | str, *, on_step: Callable[[ReplayedStep], None] | None = None
) -> CheckReport:
    """:func:`check_trace` on a file (``"-"`` is not special here; the CLI handles stdin).

    The file is read as bytes, line by line up to :data:`MAX_LINE`: the JSON decoder
    checks the UTF-8, so a bad byte is a malformed line with its number rather than a
    decoding crash.
    """
    with Path(path).open("rb") as stream:
        return check_trace(bounded_lines(stream), on_step=on_step)


def check_trace(
    lines: Iterable[str | bytes],
    *,
    on_step: Callable[[ReplayedStep], None] | None = None,
) -> CheckReport:
    """Replay a trace through the reference and report the first divergence.

    ``lines`` are the trace's lines (:func:`bounded_lines` of a file will do). ``on_step``
    is called after every step that matched, so ``dieproof play --trace`` can print the
    game as it goes. Raises :class:`MalformedTrace` when the trace cannot be read.
    """
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None or not first.strip():
        raise MalformedTrace("TRACE.EMPTY", "the trace is empty: line 1 must be the header", 1)
    _check_line(first, 1)
    try:
        header = read_header(first)
        g = game(header.game)
        config = g.load_config(bytes(header.config))
        state = g.initial_state(config)
    except RulesError as bad:
        where = "" if bad.message.startswith("line 1") else "line 1: "
        raise MalformedTrace(bad.code, where + bad.message, 1) from None

    steps = 0
    for number, line in enumerate(iterator, start=2):
        if not line.strip():
            continue
        _check_line(line, number)
        try:
            step = read_step(line, number)
            expect = step.expect or Expect()
            raw = bytes(step.action)
            action_json = json_of(raw)
            expected = _Expected.read(g, expect)
        except RulesError as bad:
            raise MalformedTrace(bad.code, bad.message, number) from None
        except (msgspec.DecodeError, RecursionError, ValueError) as bad:
            raise MalformedTrace("TRACE.STEP", f"line {number}: {bad}", number) from None
        count = steps + 1
        before = state
        mover = g.to_move(state)
        error: RulesError | None = None
        action: Action | None = None
        try:
            action = g.load_action(raw)
            state = g.apply(state, action)
        except RulesError as raised:
            error = raised
        at = _At(number, count, compare.shown(action_json))
        divergence = _error_divergence(at, expect, error)
        if divergence is None and error is None:
            divergence = _expectation_divergence(g, state, expected, at)
        if divergence is not None:
            return CheckReport(g.id, steps, divergence, _result(g, before))
        steps = count
        if on_step is not None:
            text = compare.text(at.action, compare.ACTION_LIMIT)
            on_step(ReplayedStep(number, count, mover, text, action, before, state, error))
    return CheckReport(g.id, steps, None, _result(g, state))


def _check_line(line: str | bytes, number: int) -> None:
    """Refuse a line that is too long, nests too deeply or repeats a key."""
    if len(line) > MAX_LINE:
        raise MalformedTrace(
            "TRACE.TOO_LONG", f"line {number} is longer than {MAX_LINE} bytes", number
        )
    try:
        strict.decode(line)
    except strict.JsonInputError as error:
        if number == 1:
            raise MalformedTrace(
                "TRACE.HEADER", f"line 1 is not a trace header: {error}", number
            ) from None
        raise MalformedTrace(
            "TRACE.STEP", f"line {number} is not a trace step: {error}", number
        ) from None


def _result(g: Game, state: State) -> JSON:
    result = g.result(state)
    return None if result is None else json_of(compare.canonical(result))


# -- comparisons ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _At:
    line: int
    step: int
    action: JSON

    def diverge(
        self,
        kind: DivergenceKind,
        message: str,
        *,
        pointer: str | None = None,
        expected: JSON = None,
        actual: JSON = None,
        error: RulesError | None = None,
    ) -> Divergence:
        return Divergence(
            self.line,
            self.step,
            kind,
            self.action,
            pointer,
            expected,
            actual,
            None if error is None else error.code,
            None if error is None else error.rule,
            message,
        )


@dataclass(frozen=True, slots=True)
class _Expected:
    """A step's expectations as JSON, each re-encoded through the game's codec where it
    decodes (so key order and whitespace never matter)."""

    result: JSON
    has_result: bool
    to_move: JSON
    legal: list[JSON] | None
    chance: list[JSON] | None
    state: JSON
    state_note: str | None
    has_state: bool
    state_sha256: str | None

    @classmethod
    def read(cls, g: Game, expect: Expect) -> _Expected:
        has_result = not isinstance(expect.result, msgspec.UnsetType)
        result: JSON = None
        if not isinstance(expect.result, msgspec.UnsetType):
            result = json_of(bytes(expect.result))
        has_state = not isinstance(expect.state, msgspec.UnsetType)
        state: JSON = None
        note = None
        if not isinstance(expect.state, msgspec.UnsetType):
            raw = bytes(expect.state)
            try:
                state = compare.comparison_form(g, json_of(g.dump_state(g.load_state(raw))))
            except RulesError as error:
                state = compare.comparison_form(g, json_of(raw))
                note = f" (the expected state is not a valid state: {error.message})"
        legal = None if expect.legal is None else [_action(g, raw) for raw in expect.legal]
        chance = None if expect.chance is None else [_outcome(g, raw) for raw in expect.chance]
        return cls(
            result,
            has_result,
            expect.to_move,
            legal,
            chance,
            state,
            note,
            has_state,
            None if expect.state_sha256 is None else expect.state_sha256.lower(),
        )


def _action(g: Game, raw: msgspec.Raw) -> JSON:
    """An expected action in canonical JSON; one that is not an action of this game is
    kept as it is, so the lists still differ."""
    try:
        return json_of(g.dump_action(g.load_action(bytes(raw))))
    except RulesError:
        return json_of(bytes(raw))


def _outcome(g: Game, raw: msgspec.Raw) -> JSON:
    value = json_of(bytes(raw))
    if isinstance(value, dict) and "outcome" in value:
        return {**value, "outcome": _action(g, msgspec.Raw(compare.canonical(value["outcome"])))}
    return value


def _error_divergence(at: _At, expect: Expect, error: RulesError | None) -> Divergence | None:
    """Compare the step's rejection (or acceptance) with the trace's ``error``/``rule``."""
    expected = expect.error
    if expected is None and error is None:
        return None
    if expected is None and error is not None:
        kind: DivergenceKind = (
            "invalid-action" if isinstance(error, InvalidAction) else "illegal-action"
        )
        what = "malformed" if kind == "invalid-action" else "illegal"
        return at.diverge(
            kind,
            f"the reference rejects the action as {what}: {error.message}",
            actual=error.code,
            error=error,
        )
    if error is None:
        return at.diverge(
            "missing-error",
            f"the trace expects error {expected}, but the reference accepts the action",
            expected=expected,
        )
    if error.code != expected:
        return at.diverge(
            "wrong-error",
            f"the trace expects error {expected}, the reference rejects with {error.code}: "
            f"{error.message}",
            expected=expected,
            actual=error.code,
            error=error,
        )
    if expect.rule is not None and expect.rule != error.rule:
        return at.diverge(
            "wrong-rule",
            f"both reject with {error.code}; the trace names rule {expect.rule}, the "
            f"reference {error.rule}",
            expected=expect.rule,
            actual=error.rule,
            error=error,
        )
    return None


def _expectation_divergence(
    g: Game, state: State, expected: _Expected, at: _At
) -> Divergence | None:
    """Compare the expectations of one step with the reference, in the oracle's order."""
    seen = observe(g, state)
    if expected.has_result:
        mine, theirs = compare.result_key(seen.result), compare.result_key(expected.result)
        found = compare.first_difference(theirs, mine)
        if found is not None:
            return _at_pointer(at, "result", "the result after the step differs", found)
    if expected.to_move is not None and expected.to_move != seen.to_move:
        return at.diverge(
            "to_move",
            "the player to move after the step differs",
            pointer="",
            expected=expected.to_move,
            actual=seen.to_move,
        )
    for kind, mine_list, theirs_list in (
        ("legal", seen.legal, expected.legal),
        ("chance", seen.chance, expected.chance),
    ):
        if theirs_list is None:
            continue
        found = compare.list_difference(theirs_list, mine_list)
        if found is not None:
            name = "legal actions" if kind == "legal" else "chance outcomes"
            return _at_pointer(
                at,
                kind,  # type: ignore[arg-type]
                f"the {name} after the step differ at index {found.pointer[1:]} "
                f"(the trace lists {len(theirs_list)}, the reference {len(mine_list)})",
                found,
            )
    if expected.has_state:
        actual = compare.comparison_form(g, json_of(seen.state))
        found = compare.first_difference(expected.state, actual)
        if found is not None:
            return _at_pointer(
                at, "state", "the state after the step differs" + (expected.state_note or ""), found
            )
    if expected.state_sha256 is not None:
        digest = seen.state_sha256
        if expected.state_sha256 != digest:
            return at.diverge(
                "state_sha256",
                "the sha256 of the state after the step differs",
                pointer="",
                expected=expected.state_sha256,
                actual=digest,
            )
    return None


def _at_pointer(
    at: _At, kind: DivergenceKind, message: str, found: compare.Difference
) -> Divergence:
    where = found.pointer or "(the whole value)"
    return at.diverge(
        kind,
        f"{message} at {where}: expected {compare.text(found.left)}, "
        f"actual {compare.text(found.right)}",
        pointer=found.pointer,
        expected=compare.part(found.left),
        actual=compare.part(found.right),
    )
