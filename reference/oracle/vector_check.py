"""Checking conformance vector cases against the reference (``dieproof vectors --check``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import Fact, fact_holds, json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, State
from dieproof.reference.oracle.cases import (
    VECTOR_FORMAT,
    VECTOR_VERSION,
    VectorError,
    case_sha256,
    error_json,
    post,
    read,
    refusal,
)
from dieproof.reference.oracle.content import content_json
from dieproof.reference.oracle.observe import Observation, canonical, digest, observe


@dataclass(frozen=True, slots=True)
class CaseReport:
    """The outcome of replaying one case through the reference."""

    name: str
    """The case's name (or its file, if it has none)."""
    steps: int
    """Steps that matched."""
    problem: str | None = None
    """What did not match, for people; ``None`` when the case agrees."""

    @property
    def ok(self) -> bool:
        """Whether the case agrees with the reference."""
        return self.problem is None

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {"name": self.name, "ok": self.ok, "steps": self.steps, "problem": self.problem}


def check_case(case: Mapping[str, JSON], lookup: Callable[[str], Game]) -> CaseReport:
    """Replay ``case`` through the reference and compare every expectation."""
    name = str(case.get("name", "?"))
    try:
        steps = _check(case, lookup)
    except _Mismatch as mismatch:
        return CaseReport(name, mismatch.steps, mismatch.message)
    return CaseReport(name, steps)


class _Mismatch(Exception):
    def __init__(self, steps: int, message: str) -> None:
        super().__init__(message)
        self.steps = steps
        self.message = message


def _check(case: Mapping[str, JSON], lookup: Callable[[str], Game]) -> int:
    if case.get("format") != VECTOR_FORMAT or case.get("version") != VECTOR_VERSION:
        raise _Mismatch(0, f"not a {VECTOR_FORMAT} version {VECTOR_VERSION} case")
    info = case.get("_info")
    if not isinstance(info, dict) or info.get("sha256") != case_sha256(case):
        raise _Mismatch(0, "_info.sha256 does not match the case's canonical JSON")
    try:
        g = lookup(str(case.get("game")))
    except RulesError as error:
        raise _Mismatch(0, error.message) from None
    initial = case.get("initial")
    steps = case.get("steps")
    if not isinstance(initial, dict) or not isinstance(steps, list):
        raise _Mismatch(0, "a case needs an initial object and a steps array")
    try:
        state = g.initial_state(g.load_config(canonical(case.get("config"))))
    except RulesError as error:
        if "error" in initial:
            _same_error(0, initial["error"], error)
            _same_content(g, case)
            return 0
        raise _Mismatch(0, f"the config is refused: {error.code}: {error.message}") from None
    if "error" in initial:
        raise _Mismatch(0, f"the config must be refused with {canonical(initial['error'])}")
    _same_content(g, case)
    _compare_post(g, 0, initial, observe(g, state))
    states = [state]
    for number, step in enumerate(steps, start=1):
        if not isinstance(step, dict) or "action" not in step:
            raise _Mismatch(number - 1, f"step {number} has no action")
        refused = refusal(g, state, step["action"])
        if "error" in step:
            if refused is None:
                raise _Mismatch(number - 1, f"step {number} must be rejected, but is accepted")
            _same_error(number, step["error"], refused)
        else:
            if refused is not None:
                raise _Mismatch(
                    number - 1, f"step {number} is rejected: {refused.code}: {refused.message}"
                )
            state = g.apply(state, g.load_action(canonical(step["action"])))
            expected = step.get("post")
            if isinstance(expected, dict):
                _compare_post(g, number, expected, observe(g, state))
        states.append(state)
    _check_facts(g, case.get("facts"), states)
    return len(steps)


def _same_content(g: Game, case: Mapping[str, JSON]) -> None:
    """The case's ``content`` record is the reference's for its configuration."""
    expected = content_json(g, case.get("config"))
    if canonical(case.get("content")) != canonical(expected):
        raise _Mismatch(
            0,
            f"content differs: the case assumes {_short(case.get('content'))}, the reference "
            f"has {_short(expected)}",
        )


def _same_error(step: int, expected: JSON, error: RulesError) -> None:
    actual = error_json(error)
    if canonical(expected) != canonical(actual):
        raise _Mismatch(
            max(step - 1, 0),
            f"step {step}: expected error {canonical(expected)}, got {canonical(actual)}",
        )


def _compare_post(g: Game, step: int, expected: Mapping[str, JSON], seen: Observation) -> None:
    actual = post(seen, "full")
    lists: dict[str, list[JSON]] = {"legal": seen.legal, "chance": seen.chance}
    for key in sorted(expected):
        base, _, suffix = key.rpartition("_")
        have: JSON
        if base in lists and suffix == "count":
            have = len(lists[base])
        elif base in lists and suffix == "sha256":
            have = digest(lists[base])
        else:
            have = actual.get(key)
        if canonical(expected[key]) != canonical(have):
            raise _Mismatch(
                max(step - 1, 0),
                f"after step {step}: {key} differs: expected {_short(expected[key])}, "
                f"the reference says {_short(have)}",
            )
    if "result" not in expected and seen.result is not None:
        raise _Mismatch(max(step - 1, 0), f"after step {step}: the game is over, unexpectedly")


def _check_facts(g: Game, facts: JSON, states: Sequence[State]) -> None:
    if facts is None:
        return
    if not isinstance(facts, list):
        raise _Mismatch(len(states) - 1, "facts is not an array")
    for item in facts:
        if not isinstance(item, dict):
            raise _Mismatch(len(states) - 1, "a fact is not an object")
        after = item.get("after")
        if not isinstance(after, int) or not 0 <= after < len(states):
            raise _Mismatch(len(states) - 1, f"a fact is after step {after}")
        subject = item.get("subject")
        seen = observe(g, states[after])
        subjects: dict[str, JSON] = {
            "state": json_of(seen.state),
            "result": seen.result,
            "legal": seen.legal,
            "chance": seen.chance,
            "to_move": seen.to_move,
        }
        if subject not in subjects:
            raise _Mismatch(after, f"a fact about {subject!r}")
        fact = Fact(
            after,
            str(subject),  # type: ignore[arg-type]
            str(item.get("pointer", "")),
            item.get("value"),
            str(item.get("says", "")),
            bool(item.get("length", False)),
        )
        holds, found = fact_holds(fact, subjects[str(subject)])
        if not holds:
            raise _Mismatch(
                after,
                f"fact after step {after} ({fact.says}): {subject}{fact.pointer} is "
                f"{_short(found)}, expected {_short(fact.value)}",
            )


def _short(value: JSON, limit: int = 160) -> str:
    text = canonical(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_paths(paths: Iterable[Path], lookup: Callable[[str], Game]) -> list[CaseReport]:
    """:func:`check_case` on every file; an unreadable file is a failed report."""
    reports = []
    for path in paths:
        try:
            case = read(path)
        except VectorError as error:
            reports.append(CaseReport(str(path), 0, str(error)))
            continue
        reports.append(check_case(case, lookup))
    return reports
