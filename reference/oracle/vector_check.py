"""Checking conformance vector cases against the reference (``dieproof vectors --check``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import Fact, fact_holds, json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON, State
from dieproof.reference.oracle import compare
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
    malformed: bool = False
    """The file is not a readable case (bad JSON, a wrong shape): bad input rather than
    a disagreement about the rules."""

    @property
    def ok(self) -> bool:
        """Whether the case agrees with the reference."""
        return self.problem is None

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {
            "name": self.name,
            "ok": self.ok,
            "steps": self.steps,
            "problem": self.problem,
            "malformed": self.malformed,
        }


def check_case(case: Mapping[str, JSON], lookup: Callable[[str], Game]) -> CaseReport:
    """Replay ``case`` through the reference and compare every expectation. A case that
    is not well formed (a field of the wrong type, a value nested too deeply) is a failed
    report marked ``malformed``, never an exception."""
    name = str(case.get("name", "?"))[:200]
    try:
        steps = _check(case, lookup)
    except _Mismatch as mismatch:
        return CaseReport(name, mismatch.steps, mismatch.message)
    except (RulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        detail = error.message if isinstance(error, RulesError) else str(error)
        problem = f"not a well-formed case: {type(error).__name__}: {detail}"[:500]
        return CaseReport(name, 0, problem, malformed=True)
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
        if "position" in case:
            state = _position(g, case)
    except RulesError as error:
        if "error" in initial:
            _same_error(0, initial["error"], error)
            _same_content(g, case)
            return 0
        raise _Mismatch(0, f"the config is refused: {error.code}: {error.message}") from None
    if "error" in initial:
        raise _Mismatch(0, f"the config must be refused with {compare.text(initial['error'])}")
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
            f"content differs: the case assumes {compare.text(case.get('content'))}, the reference "
            f"has {compare.text(expected)}",
        )


def _position(g: Game, case: Mapping[str, JSON]) -> State:
    """The state a case that starts from a position starts from; its configuration must
    be the case's."""
    state = g.position(canonical(case["position"]))
    built = json_of(g.dump_config(g.config_of(state)))
    if canonical(built) != canonical(case.get("config")):
        raise _Mismatch(0, "the position's configuration is not the case's config")
    return state


def _same_error(step: int, expected: JSON, error: RulesError) -> None:
    actual = error_json(error)
    if canonical(expected) != canonical(actual):
        raise _Mismatch(
            max(step - 1, 0),
            f"step {step}: expected error {compare.text(expected)}, got {compare.text(actual)}",
        )


POST_ORDER: Final = (
    "result",
    "to_move",
    "legal",
    "legal_count",
    "legal_sha256",
    "chance",
    "chance_count",
    "chance_sha256",
    "state_sha256",
)
"""The fields of a post in the order they are compared: the oracle's order
(:data:`~dieproof.reference.oracle.compare.ORDER`)."""


def _compare_post(g: Game, step: int, expected: Mapping[str, JSON], seen: Observation) -> None:
    unknown = sorted(set(expected) - set(POST_ORDER))
    if unknown:
        raise _Mismatch(max(step - 1, 0), f"after step {step}: unknown post fields {unknown}")
    actual = post(seen, "full")
    lists: dict[str, list[JSON]] = {"legal": seen.legal, "chance": seen.chance}
    if "result" not in expected and seen.result is not None:
        raise _Mismatch(max(step - 1, 0), f"after step {step}: the game is over, unexpectedly")
    for key in POST_ORDER:
        if key not in expected:
            continue
        want = expected[key]
        base, _, suffix = key.rpartition("_")
        have: JSON
        if base in lists and suffix == "count":
            have = len(lists[base])
        elif base in lists and suffix == "sha256":
            have = digest(lists[base])
        elif key == "result":
            want, have = compare.result_key(want), compare.result_key(seen.result)
        else:
            have = actual.get(key)
        found = (
            compare.list_difference(want, have)
            if isinstance(want, list) and isinstance(have, list)
            else compare.first_difference(want, have)
        )
        if found is not None:
            where = f"{key}{found.pointer}"
            raise _Mismatch(
                max(step - 1, 0),
                f"after step {step}: {where} differs: expected {compare.text(found.left)}, "
                f"the reference says {compare.text(found.right)}",
            )


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
                f"{compare.text(found)}, expected {compare.text(fact.value)}",
            )


def check_paths(paths: Iterable[Path], lookup: Callable[[str], Game]) -> list[CaseReport]:
    """:func:`check_case` on every file; an unreadable file is a failed report."""
    reports = []
    for path in paths:
        try:
            case = read(path)
        except VectorError as error:
            reports.append(CaseReport(str(path), 0, str(error), malformed=True))
            continue
        reports.append(check_case(case, lookup))
    return reports
