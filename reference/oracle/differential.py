"""Differential testing of another implementation against the reference
(``dieproof differential GAME --against CMD``).

CMD is the other implementation's adapter: a program that speaks the referee protocol
(:mod:`~dieproof.reference.oracle.referee`) on stdin/stdout. dieproof drives the
reference and the adapter through the same games, the conformance vectors first and
then seeded random games for every configuration and reading, and after every step
compares what both say: whether the step is accepted (and the error code when it is
not), the player to move, the legal actions in order, the chance outcomes with their
exact probabilities, the state and the result. The first divergence is reported with
the case, the step, both answers and the rule ids the step turns on.

The adapter's ``info`` answer may say how much to compare:

``"state": "canonical"`` (the default)
    its states are the game's canonical JSON and are compared whole;
``"state": {"projection": ["/phase", "/collected", ...]}``
    its states are its own JSON objects, which agree with the canonical state at these
    RFC 6901 pointers (an implementation that keeps less state); only those are compared;
``"state": "opaque"``
    states are not compared at all (the other answers still are);
``"error_codes": false``
    rejections are compared as rejected or not, without the codes.

Results are compared by ``winners`` and ``rule``; ``reason`` is prose for people.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NoReturn

from dieproof.reference.core import chance as chance_module
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import PointerError, json_of, resolve_pointer
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import CHANCE, JSON, TERMINAL, Action, State
from dieproof.reference.oracle.adapters import (
    DEFAULT_TIMEOUT,
    Adapter,
    AdapterError,
    Capabilities,
    InProcessAdapter,
    ProcessAdapter,
    process_adapter,
)
from dieproof.reference.oracle.observe import canonical, chance_json, result_json, to_move_json
from dieproof.reference.oracle.vectors import config_slug, reading_configs

__all__ = [
    "DEFAULT_TIMEOUT",
    "Adapter",
    "AdapterError",
    "Capabilities",
    "Case",
    "Differential",
    "Divergence",
    "DivergenceKind",
    "InProcessAdapter",
    "ProcessAdapter",
    "Report",
    "process_adapter",
    "random_game_cases",
    "run",
    "vector_cases",
]

DivergenceKind = Literal[
    "config",
    "accepted",
    "rejected",
    "error-code",
    "to_move",
    "legal",
    "chance",
    "state",
    "result",
    "protocol",
]
"""What diverged: the configuration was accepted by one side only (``config``); the
other implementation accepted what the reference rejects (``accepted``) or rejected
what it accepts (``rejected``); both rejected with different codes (``error-code``);
an answer after a step differs (``to_move``, ``legal``, ``chance``, ``state``,
``result``); or the adapter broke the protocol (``protocol``: a crash, a timeout, a
malformed answer)."""


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first disagreement between the reference and the other implementation."""

    case: str
    """The case: a vector's name, or ``random/<config>/seed-<n>``."""
    step: int
    """Steps played before it (0: in the initial state)."""
    kind: DivergenceKind
    """What diverged."""
    action: JSON
    """The step's action (``None`` for the initial state)."""
    reference: JSON
    """What the reference says."""
    other: JSON
    """What the other implementation says."""
    rule: str | None
    """The rule the disagreement is most likely about."""
    rules: tuple[str, ...]
    """Every rule the step turns on, most specific first."""
    message: str
    """One sentence for people."""

    def render(self) -> str:
        """A multi-line report for a terminal."""
        lines = [f"DIVERGENCE in {self.case} at step {self.step} ({self.kind}): {self.message}"]
        if self.action is not None:
            lines.append(f"  action:    {_short(self.action)}")
        lines.append(f"  reference: {_short(self.reference)}")
        lines.append(f"  other:     {_short(self.other)}")
        if self.rule is not None:
            more = [r for r in self.rules if r != self.rule]
            also = f" (the step also turns on {', '.join(more)})" if more else ""
            lines.append(f"  rule:      {self.rule}{also}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, JSON]:
        """The divergence as a JSON object."""
        rules: list[JSON] = [*self.rules]
        return {
            "case": self.case,
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "reference": self.reference,
            "other": self.other,
            "rule": self.rule,
            "rules": rules,
            "message": self.message,
        }


@dataclass(slots=True)
class Report:
    """The outcome of a differential run."""

    game: str
    cases: int = 0
    """Cases (vectors and random games) that agreed completely."""
    steps: int = 0
    """Steps compared."""
    requests: int = 0
    """Requests sent to the adapter."""
    seconds: float = 0.0
    divergence: Divergence | None = None
    capabilities: Capabilities = field(default_factory=Capabilities)

    @property
    def ok(self) -> bool:
        """Whether everything agreed."""
        return self.divergence is None

    def render(self) -> str:
        """A short report for a terminal."""
        rate = self.steps / self.seconds if self.seconds > 0 else 0.0
        head = (
            f"{self.cases} cases, {self.steps:,} steps, {self.requests:,} requests in "
            f"{self.seconds:.2f} s ({rate:,.0f} steps/s)"
        )
        if self.divergence is None:
            return f"OK: {self.game}: the other implementation agrees: {head}"
        return f"{self.divergence.render()}\n{head} agreed before it"

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {
            "ok": self.ok,
            "game": self.game,
            "cases": self.cases,
            "steps": self.steps,
            "requests": self.requests,
            "seconds": self.seconds,
            "state_comparison": self.capabilities.state,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
        }


# -- cases ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    """A game to play through both sides."""

    name: str
    config: JSON
    """The configuration's JSON (possibly one the rules refuse)."""
    steps: tuple[tuple[JSON, bool], ...] = ()
    """(action, must be rejected) in order; empty for a random game."""
    seed: int | None = None
    """For a random game: the seed choosing chance outcomes and decisions."""


def vector_cases(vectors: Sequence[Mapping[str, JSON]]) -> list[Case]:
    """The cases of conformance vectors (their expectations are not needed: the
    reference is asked live)."""
    cases = []
    for vector in vectors:
        raw_steps = vector.get("steps")
        steps: list[tuple[JSON, bool]] = []
        if isinstance(raw_steps, list):
            for step in raw_steps:
                if isinstance(step, dict):
                    steps.append((step.get("action"), "error" in step))
        cases.append(Case(str(vector.get("name")), vector.get("config"), tuple(steps)))
    return cases


def random_game_cases(g: Game, games: int, seed: int) -> list[Case]:
    """``games`` seeded random games per official configuration and per reading."""
    configs = [(config_slug(g, c), c) for c in g.configs()]
    configs += [(f"{config_slug(g, c)}-{label}", c) for label, c in reading_configs(g)]
    return [
        Case(f"random/{label}/seed-{s}", json_of(g.dump_config(config)), (), s)
        for label, config in configs
        for s in range(seed, seed + games)
    ]


# -- the run ----------------------------------------------------------------------------------


class _Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.message)
        self.divergence = divergence


@dataclass(slots=True)
class _Side:
    """The other implementation's view of the current game."""

    state: JSON
    """Its state, as it gave it (passed back by value)."""


@dataclass(frozen=True, slots=True)
class _At:
    """Where in a run: the case, the step number and the step's action."""

    case: str
    step: int
    action: JSON = None

    def diverge(
        self,
        kind: DivergenceKind,
        message: str,
        *,
        reference: JSON = None,
        other: JSON = None,
        rules: Sequence[str | None] = (),
    ) -> NoReturn:
        """Stop the run with a :class:`Divergence` here; the first rule is the primary."""
        named = tuple(rule for rule in rules if rule)
        found = Divergence(
            self.case,
            self.step,
            kind,
            self.action,
            reference,
            other,
            named[0] if named else None,
            tuple(dict.fromkeys(named)),
            message,
        )
        raise _Diverged(found)

    def protocol(self, message: str) -> NoReturn:
        """Stop the run: the adapter broke the protocol."""
        self.diverge("protocol", message)


class Differential:
    """Plays cases through the reference and an adapter, comparing every answer."""

    def __init__(self, g: Game, adapter: Adapter) -> None:
        self.g = g
        self.adapter = adapter
        self.report = Report(g.id)
        self.capabilities = Capabilities()

    def start(self) -> None:
        """Ask the adapter's ``info`` and check it offers the game."""
        at = _At("info", 0)
        info = self._result_of(at, self._ask(at, [{"op": "info"}])[0], "info")
        self.capabilities = Capabilities.from_info(info)
        self.report.capabilities = self.capabilities
        games = info.get("games") if isinstance(info, dict) else None
        ids = [
            item.get("id") if isinstance(item, dict) else item
            for item in (games if isinstance(games, list) else [])
        ]
        if self.g.id not in ids:
            at.diverge(
                "protocol",
                f"the adapter does not list {self.g.id} among its games",
                reference=self.g.id,
                other=info,
            )

    def run(self, cases: Sequence[Case], on_case: Callable[[int], None] | None = None) -> Report:
        """Play every case until the first divergence."""
        begin = time.perf_counter()
        try:
            self.start()
            for index, case in enumerate(cases, start=1):
                self.play(case)
                self.report.cases += 1
                if on_case is not None:
                    on_case(index)
        except _Diverged as diverged:
            self.report.divergence = diverged.divergence
        self.report.seconds = time.perf_counter() - begin
        return self.report

    # -- one case -----------------------------------------------------------------------

    def play(self, case: Case) -> None:
        """Play one case; raises :class:`_Diverged` at the first disagreement."""
        g = self.g
        at = _At(case.name, 0)
        reference: State | None = None
        refused: RulesError | None = None
        try:
            reference = g.initial_state(g.load_config(canonical(case.config)))
        except RulesError as error:
            refused = error
        answer = self._ask(at, [{"op": "new", "game": g.id, "config": case.config}])[0]
        if refused is not None or reference is None:
            if answer.get("ok") is True:
                at.diverge(
                    "config",
                    "the other implementation accepts a configuration the rules refuse",
                    reference=_error_json(refused),
                    other=answer.get("result"),
                    rules=(refused.rule if refused else None,),
                )
            self._same_code(at, refused, answer)
            return
        result = self._result_of(at, answer, "new")
        if not isinstance(result, dict) or "state" not in result:
            at.protocol("new answered without a state")
        side = _Side(result.get("state"))
        self._compare(at, reference, side, ())
        rng = random.Random(case.seed) if case.seed is not None else None
        steps = iter(case.steps)
        number = 0
        while True:
            if rng is not None:
                if g.to_move(reference) == TERMINAL:
                    return
                raw: JSON = json_of(g.dump_action(self._pick(reference, rng)))
                must_reject = False
            else:
                try:
                    raw, must_reject = next(steps)
                except StopIteration:
                    return
            number += 1
            reference = self._step(_At(case.name, number, raw), reference, side, must_reject)
            self.report.steps += 1

    def _pick(self, state: State, rng: random.Random) -> Action:
        g = self.g
        if g.to_move(state) == CHANCE:
            return chance_module.sample(g.chance_outcomes(state), rng)
        return g.sample_legal_action(state, rng)

    def _step(self, at: _At, before: State, side: _Side, must_reject: bool) -> State:
        g = self.g
        error: RulesError | None = None
        after: State | None = None
        try:
            after = g.apply(before, g.load_action(canonical(at.action)))
        except RulesError as refused:
            error = refused
        request: dict[str, JSON] = {
            "op": "apply",
            "game": g.id,
            "state": side.state,
            "action": at.action,
        }
        answer = self._ask(at, [request])[0]
        if error is not None or after is None:
            if answer.get("ok") is True:
                at.diverge(
                    "accepted",
                    "the other implementation accepts an action the rules reject"
                    + (f" ({error.code}: {error.message})" if error else ""),
                    reference=_error_json(error),
                    other=answer.get("result"),
                    rules=(error.rule if error else None,),
                )
            self._same_code(at, error, answer)
            if not must_reject:
                at.protocol("the reference rejects a step the case expects to be accepted")
            return before
        rules = g.step_rules(before, g.load_action(canonical(at.action)), after)
        if answer.get("ok") is not True:
            at.diverge(
                "rejected",
                "the other implementation rejects an action the rules allow",
                reference="accepted",
                other=answer.get("error"),
                rules=rules,
            )
        result = self._result_of(at, answer, "apply")
        if not isinstance(result, dict) or "state" not in result:
            at.protocol("apply answered without a state")
        side.state = result.get("state")
        self._compare(at, after, side, rules)
        return after

    # -- comparing ------------------------------------------------------------------------

    def _compare(self, at: _At, state: State, side: _Side, rules: tuple[str, ...]) -> None:
        """Compare, in this order, the result, the player to move, the legal actions, the
        chance outcomes and the state: the first difference is the most telling one (a
        wrong winner is a result, not a state, divergence)."""
        g = self.g
        requests: list[dict[str, JSON]] = [
            {"op": op, "game": g.id, "state": side.state} for op in ("result", "legal", "chance")
        ]
        result_answer, legal_answer, chance_answer = self._ask(at, requests)
        result = result_json(g.result(state))
        answered = self._result_of(at, result_answer, "result")
        their_result = answered.get("result") if isinstance(answered, dict) else None
        if _result_key(result) != _result_key(their_result):
            rule = result.get("rule") if isinstance(result, dict) else None
            if not isinstance(rule, str) and isinstance(their_result, dict):
                rule = their_result.get("rule")
            at.diverge(
                "result",
                "the result differs (winners or ending rule)",
                reference=result,
                other=their_result,
                rules=(rule if isinstance(rule, str) else None, *rules),
            )
        mover = to_move_json(g.to_move(state))
        legal = self._result_of(at, legal_answer, "legal")
        their_mover = legal.get("to_move") if isinstance(legal, dict) else None
        if canonical(their_mover) != canonical(mover):
            at.diverge(
                "to_move",
                "the player to move differs",
                reference=mover,
                other=their_mover,
                rules=rules,
            )
        ours = [json_of(g.dump_action(a)) for a in g.legal_actions(state)]
        theirs = legal.get("actions") if isinstance(legal, dict) else None
        if not _same_list(ours, theirs):
            self._legal_divergence(at, state, ours, theirs, rules)
        odds = chance_json(g, g.chance_outcomes(state))
        outcomes = self._result_of(at, chance_answer, "chance")
        their_odds = outcomes.get("outcomes") if isinstance(outcomes, dict) else None
        if not _same_list(odds, their_odds):
            self._chance_divergence(at, state, odds, their_odds, rules)
        self._compare_state(at, state, side.state, rules)

    def _compare_state(self, at: _At, state: State, theirs: JSON, rules: tuple[str, ...]) -> None:
        mode = self.capabilities.state
        if mode == "opaque":
            return
        ours = json_of(self.g.dump_state(state))
        if mode == "canonical":
            if canonical(theirs) != canonical(ours):
                where = _first_difference(ours, theirs, "")
                at.diverge(
                    "state",
                    f"the state differs at {where or '/'}",
                    reference=ours,
                    other=theirs,
                    rules=rules,
                )
            return
        for pointer in self.capabilities.projection:
            try:
                mine = resolve_pointer(ours, pointer)
            except PointerError:
                at.protocol(f"the projection {pointer!r} is not in the canonical state")
            try:
                other = resolve_pointer(theirs, pointer)
            except PointerError as error:
                at.diverge(
                    "state",
                    f"the other state has nothing at {pointer} ({error})",
                    reference=mine,
                    rules=rules,
                )
            if canonical(mine) != canonical(other):
                at.diverge(
                    "state",
                    f"the state differs at {pointer}",
                    reference=mine,
                    other=other,
                    rules=rules,
                )

    def _legal_divergence(
        self, at: _At, state: State, ours: list[JSON], theirs: JSON, rules: tuple[str, ...]
    ) -> NoReturn:
        """Name the rule behind the first action one side lists and the other does not."""
        g = self.g
        listed = theirs if isinstance(theirs, list) else []
        mine = {canonical(a) for a in ours}
        other = {canonical(a) for a in listed}
        extra = [a for a in listed if canonical(a) not in mine]
        missing = [a for a in ours if canonical(a) not in other]
        found: Sequence[str | None] = rules
        why = "the order differs"
        if extra:
            refused = _refusal(g, state, extra[0])
            found = (refused.rule if refused else None, *rules)
            why = f"the other lists {canonical(extra[0])}, which the rules refuse" + (
                f" ({refused.code})" if refused else ""
            )
        elif missing:
            action = g.load_action(canonical(missing[0]))
            found = (*g.step_rules(state, action, g.apply(state, action)), *rules)
            why = f"the other does not list {canonical(missing[0])}"
        at.diverge(
            "legal", f"the legal actions differ: {why}", reference=ours, other=theirs, rules=found
        )

    def _chance_divergence(
        self, at: _At, state: State, ours: list[JSON], theirs: JSON, rules: tuple[str, ...]
    ) -> NoReturn:
        g = self.g
        listed = theirs if isinstance(theirs, list) else []
        found: Sequence[str | None] = rules
        for index, mine in enumerate(ours):
            other = listed[index] if index < len(listed) else None
            if canonical(mine) != canonical(other) and isinstance(mine, dict):
                outcome = g.load_action(canonical(mine["outcome"]))
                found = (*g.step_rules(state, outcome, g.apply(state, outcome)), *rules)
                break
        at.diverge(
            "chance",
            "the chance outcomes or their probabilities differ",
            reference=ours,
            other=theirs,
            rules=found,
        )

    def _same_code(self, at: _At, error: RulesError | None, answer: Mapping[str, JSON]) -> None:
        """Both sides rejected: compare the codes (unless the adapter has none)."""
        theirs = answer.get("error")
        code = theirs.get("code") if isinstance(theirs, dict) else None
        if error is None or not self.capabilities.error_codes or code == error.code:
            return
        at.diverge(
            "error-code",
            f"both reject, the reference with {error.code}, the other with {code}",
            reference=_error_json(error),
            other=theirs,
            rules=(error.rule,),
        )

    # -- plumbing ---------------------------------------------------------------------------

    def _ask(self, at: _At, requests: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
        self.report.requests += len(requests)
        try:
            answers = self.adapter.ask(requests)
        except AdapterError as error:
            at.protocol(str(error))
        if len(answers) != len(requests):
            at.protocol("the adapter answered a different number of lines")
        return answers

    def _result_of(self, at: _At, answer: Mapping[str, JSON], op: str) -> JSON:
        if answer.get("ok") is not True:
            at.diverge(
                "protocol",
                f"the other implementation answers {op} with an error",
                reference=f"an answer to {op}",
                other=answer.get("error"),
            )
        return answer.get("result")


def _error_json(error: RulesError | None) -> JSON:
    if error is None:
        return None
    return {"code": error.code, "message": error.message, "rule": error.rule}


def _refusal(g: Game, state: State, raw: JSON) -> RulesError | None:
    try:
        g.apply(state, g.load_action(canonical(raw)))
    except RulesError as error:
        return error
    return None


def _same_list(ours: list[JSON], theirs: JSON) -> bool:
    if not isinstance(theirs, list) or len(theirs) != len(ours):
        return False
    return all(canonical(a) == canonical(b) for a, b in zip(ours, theirs, strict=True))


def _result_key(result: JSON) -> str:
    if not isinstance(result, dict):
        return canonical(result)
    return canonical({"winners": result.get("winners"), "rule": result.get("rule")})


def _first_difference(ours: JSON, theirs: JSON, path: str) -> str | None:
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in sorted(ours.keys() | theirs.keys()):
            if key not in ours or key not in theirs:
                return f"{path}/{key}"
            found = _first_difference(ours[key], theirs[key], f"{path}/{key}")
            if found is not None:
                return found
        return None
    if isinstance(ours, list) and isinstance(theirs, list):
        for index, (left, right) in enumerate(zip(ours, theirs, strict=False)):
            found = _first_difference(left, right, f"{path}/{index}")
            if found is not None:
                return found
        return None if len(ours) == len(theirs) else path
    return None if canonical(ours) == canonical(theirs) else path


def _short(value: JSON, limit: int = 300) -> str:
    text = canonical(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def run(
    g: Game,
    adapter: Adapter,
    cases: Sequence[Case],
    on_case: Callable[[int], None] | None = None,
) -> Report:
    """Play ``cases`` through the reference and ``adapter``; the first divergence ends it."""
    return Differential(g, adapter).run(cases, on_case)
