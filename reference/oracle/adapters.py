"""Talking to another implementation's adapter: the referee protocol over a pipe.

An adapter is a program that answers referee requests on stdin/stdout
(:mod:`~dieproof.reference.oracle.referee`); :class:`ProcessAdapter` runs one and
numbers its requests, :class:`InProcessAdapter` wraps the reference's own referee, and
:class:`Capabilities` reads what an adapter's ``info`` says it offers.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Final, Literal

import msgspec

from dieproof.reference.core.examples import json_of
from dieproof.reference.core.types import JSON
from dieproof.reference.oracle.observe import canonical

DEFAULT_TIMEOUT: Final = 30.0
"""Seconds to wait for one answer of the adapter."""

EXIT_WAIT: Final = 10.0
"""Seconds to wait, once an adapter has closed its output, for it to exit and for the
rest of its stderr."""


class AdapterError(Exception):
    """The adapter broke the protocol: it exited, timed out or answered nonsense."""


# -- talking to an adapter ---------------------------------------------------------------


class Adapter:
    """An implementation reached through the referee protocol."""

    def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
        """Send ``requests`` in one batch and return their answers, in order."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the adapter."""


class ProcessAdapter(Adapter):
    """An adapter run as a subprocess; ``command`` is split like a shell would
    (``shlex.split``), without a shell."""

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        try:
            argv = shlex.split(command)
            if not argv:
                raise ValueError("the command is empty")
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except (OSError, ValueError) as error:
            raise AdapterError(f"cannot start {command!r}: {error}") from None
        self._answers: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: list[bytes] = []
        assert self._process.stdout is not None and self._process.stderr is not None
        self._reader = threading.Thread(
            target=_pump, args=(self._process.stdout, self._answers), daemon=True
        )
        self._reader.start()
        self._errors = threading.Thread(
            target=_drain, args=(self._process.stderr, self._stderr), daemon=True
        )
        self._errors.start()
        self._next_id = 0

    def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
        """Write the requests (numbered by this adapter's own ids), then read one answer
        per request; any failure is an :class:`AdapterError` naming what went wrong."""
        stdin = self._process.stdin
        assert stdin is not None
        ids = []
        lines = []
        for request in requests:
            self._next_id += 1
            ids.append(self._next_id)
            lines.append(canonical({**request, "id": self._next_id}) + "\n")
        try:
            stdin.write("".join(lines).encode())
            stdin.flush()
        except OSError as error:
            raise AdapterError(
                f"cannot write to the adapter: {error} ({self._exited()}){self._tail()}"
            ) from None
        answers = []
        for ident in ids:
            try:
                line = self._answers.get(timeout=self.timeout)
            except queue.Empty:
                raise AdapterError(f"no answer within {self.timeout:g} s") from None
            if line is None:
                raise AdapterError(f"the adapter exited ({self._exited()}){self._tail()}")
            try:
                answer = json_of(line)
            except (msgspec.DecodeError, ValueError) as error:
                raise AdapterError(f"the answer is not JSON ({error}): {line[:200]!r}") from None
            if not isinstance(answer, dict):
                raise AdapterError(f"the answer is not a JSON object: {line[:200]!r}")
            if answer.get("id") != ident:
                raise AdapterError(f"answer for id {answer.get('id')!r}, expected {ident}")
            answers.append(answer)
        return answers

    def _exited(self) -> str:
        """Wait for the adapter that closed its output to exit, then for its stderr to be
        read to the end, and say how it ended. Without the waits the report races the
        adapter: its status may not be known yet, nor its last words on stderr."""
        try:
            status = self._process.wait(timeout=EXIT_WAIT)
        except subprocess.TimeoutExpired:
            self._process.kill()
            status = self._process.wait()
            self._errors.join(timeout=EXIT_WAIT)
            return f"it closed its output but did not exit; killed, status {status}"
        self._errors.join(timeout=EXIT_WAIT)
        return f"status {status}"

    def _tail(self) -> str:
        text = b"".join(self._stderr).decode(errors="replace").strip()
        return f"; its stderr ends: {text[-600:]}" if text else ""

    def close(self) -> None:
        """Close the adapter's stdin, give it two seconds to exit, then kill it."""
        with contextlib.suppress(OSError):
            if self._process.stdin is not None:
                self._process.stdin.close()
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


def _pump(stream: IO[bytes], into: queue.Queue[bytes | None]) -> None:
    for line in stream:
        into.put(line)
    into.put(None)


def _drain(stream: IO[bytes], into: list[bytes]) -> None:
    for line in stream:
        into.append(line)
        if len(into) > 200:
            del into[:100]


class InProcessAdapter(Adapter):
    """The reference's own referee, in this process (tests and self-checks)."""

    def __init__(self, answer: Callable[[object], dict[str, JSON]]) -> None:
        self._answer = answer

    def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
        """Answer each request through a JSON round trip, as a process would see it."""
        return [self._answer(json_of(canonical(r))) for r in requests]


# -- what the adapter says ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What the adapter's ``info`` says it offers."""

    state: Literal["canonical", "projection", "opaque"] = "canonical"
    """How states are compared: whole, at the projection's pointers, or not at all."""
    projection: tuple[str, ...] = ()
    """The RFC 6901 pointers compared when ``state`` is ``"projection"``."""
    error_codes: bool = True
    """The adapter refuses with dieproof's error codes."""
    error_rules: bool = True
    """The adapter names dieproof's rule ids in its refusals."""
    ops: tuple[str, ...] = ()
    """The operations the adapter lists in ``info`` (empty: it does not say)."""

    @classmethod
    def from_info(cls, info: JSON) -> Capabilities:
        """Read an ``info`` result; unknown or missing fields keep the defaults."""
        if not isinstance(info, dict):
            return cls()
        codes = info.get("error_codes", True) is not False
        rules = info.get("error_rules", True) is not False
        listed = info.get("ops")
        ops = tuple(op for op in listed if isinstance(op, str)) if isinstance(listed, list) else ()
        state = info.get("state", "canonical")
        if isinstance(state, dict):
            pointers = state.get("projection")
            if isinstance(pointers, list) and all(isinstance(p, str) for p in pointers):
                return cls("projection", tuple(str(p) for p in pointers), codes, rules, ops)
        if state == "opaque":
            return cls("opaque", (), codes, rules, ops)
        return cls("canonical", (), codes, rules, ops)


@contextlib.contextmanager
def process_adapter(command: str, *, timeout: float = DEFAULT_TIMEOUT) -> Iterator[Adapter]:
    """A :class:`ProcessAdapter`, stopped on exit."""
    adapter = ProcessAdapter(command, timeout=timeout)
    try:
        yield adapter
    finally:
        adapter.close()
