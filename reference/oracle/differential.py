"""Differential testing of another implementation against the reference
(``dieproof differential GAME --against CMD``).

CMD is the other implementation's adapter: a program that speaks the referee protocol
(:mod:`~dieproof.reference.oracle.referee`) on stdin/stdout. dieproof drives the
reference and the adapter through the same games: the conformance vectors first, then
seeded random games for every official configuration, every non-default reading, and
configurations sampled within what the rules allow (other boxes, decks and characters:
:meth:`Game.sample_config`). After every step it compares what both say, in the oracle's
order (:mod:`~dieproof.reference.oracle.compare`, the same as ``dieproof check``):
whether the step is accepted (and the error code and rule id when it is not), the result
(winners and rule), the player to move, the legal actions in order, the chance outcomes
with their exact probabilities, and the state in its comparison form. In random games,
every step also sends *probes*: legal actions changed into illegal or malformed ones
(:mod:`~dieproof.reference.oracle.mutations`), whose refusals must agree too. The first
divergence is reported with the case, the step, the JSON pointer of the first
difference, the two values found there and the rule ids the step turns on.

The adapter's ``info`` answer may say how much to compare:

``"state": "canonical"`` (the default)
    its states are the game's canonical JSON and are compared whole (in their comparison
    form: a result's ``reason`` is prose and never compared);
``"state": {"projection": ["/phase", "/result/winners", ...]}``
    its states are its own JSON objects, which agree with the canonical state at these
    RFC 6901 pointers (an implementation that keeps less state); only those are compared,
    and a pointer with nothing behind it on both sides (``/result/winners`` while the
    game runs) agrees;
``"state": "opaque"``
    states are not compared at all (the other answers still are);
``"error_codes": false``
    rejections are compared as rejected or not, without the codes or rule ids;
``"error_rules": false``
    error codes are compared, rule ids not (``--no-rule-ids`` does the same).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from dieproof.reference.core import chance as chance_module
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import PointerError, json_of, resolve_pointer
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import CHANCE, JSON, TERMINAL, Action, State
from dieproof.reference.oracle import compare, mutations
from dieproof.reference.oracle.adapters import (
    DEFAULT_TIMEOUT,
    Adapter,
    AdapterError,
    Capabilities,
    InProcessAdapter,
    ProcessAdapter,
    process_adapter,
)
from dieproof.reference.oracle.cases import refusal
from dieproof.reference.oracle.compare import canonical
from dieproof.reference.oracle.observe import chance_json, result_json, to_move_json
from dieproof.reference.oracle.rejections import schema_enums
from dieproof.reference.oracle.report import (
    DEFAULT_PROBES,
    Divergence,
    DivergenceKind,
    Options,
    Report,
)
from dieproof.reference.oracle.vectors import config_slug, reading_configs

__all__ = [
    "DEFAULT_PROBES",
    "DEFAULT_TIMEOUT",
    "Adapter",
    "AdapterError",
    "Capabilities",
    "Case",
    "Differential",
    "Divergence",
    "DivergenceKind",
    "InProcessAdapter",
    "Options",
    "ProcessAdapter",
    "Report",
    "process_adapter",
    "random_game_cases",
    "run",
    "vector_cases",
]

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
    """For a random game: the seed choosing chance outcomes, decisions and probes."""
    position: JSON = None
    """A vector that starts from a position: its description (``None``: the initial
    state of ``config``)."""


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
        name = str(vector.get("name"))
        cases.append(Case(name, vector.get("config"), tuple(steps), None, vector.get("position")))
    return cases


def random_game_cases(g: Game, games: int, seed: int, *, sampled: int = 0) -> list[Case]:
    """``games`` seeded random games per official configuration and per reading, then one
    game on each of ``sampled`` configurations drawn by :meth:`Game.sample_config`
    (configuration ``i`` drawn with seed ``seed + i``)."""
    configs = [(config_slug(g, c), c) for c in g.configs()]
    configs += [(f"{config_slug(g, c)}-{label}", c) for label, c in reading_configs(g)]
    cases = [
        Case(f"random/{label}/seed-{s}", json_of(g.dump_config(config)), (), s)
        for label, config in configs
        for s in range(seed, seed + games)
    ]
    for index in range(seed, seed + sampled):
        config = g.sample_config(random.Random(index))
        name = f"random/sampled-{index}/seed-{index}"
        cases.append(Case(name, json_of(g.dump_config(config)), (), index))
    return cases


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
    probe: bool = False

    def diverge(
        self,
        kind: DivergenceKind,
        message: str,
        *,
        pointer: str | None = None,
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
            None if self.action is None and self.step == 0 else compare.shown(self.action),
            self.probe,
            pointer,
            compare.shown(reference),
            compare.shown(other),
            named[0] if named else None,
            tuple(dict.fromkeys(named)),
            ("a probe (an illegal or malformed action): " if self.probe else "") + message,
        )
        raise _Diverged(found)

    def at_difference(
        self,
        kind: DivergenceKind,
        message: str,
        found: compare.Difference,
        rules: Sequence[str | None] = (),
    ) -> NoReturn:
        """Stop the run at a difference inside a value, with both sides there."""
        self.diverge(
            kind,
            f"{message} at {found.pointer or '(the whole value)'}",
            pointer=found.pointer,
            reference=compare.part(found.left),
            other=compare.part(found.right),
            rules=rules,
        )

    def protocol(self, message: str) -> NoReturn:
        """Stop the run: the adapter broke the protocol."""
        self.diverge("protocol", message)


class Differential:
    """Plays cases through the reference and an adapter, comparing every answer."""

    def __init__(self, g: Game, adapter: Adapter, options: Options | None = None) -> None:
        self.g = g
        self.adapter = adapter
        self.options = options or Options()
        self.report = Report(g.id)
        self.capabilities = Capabilities()
        self._enums: dict[str, list[JSON]] | None = None

    @property
    def rule_ids(self) -> bool:
        """Whether refusals are compared by rule id too."""
        caps = self.capabilities
        return self.options.rule_ids and caps.error_codes and caps.error_rules

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
        if case.position is not None:
            started = self._start_at_position(at, case)
            if started is not None:
                self._compare(at, started[0], started[1], ())
                self._play_steps(case, *started)
            return
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
            self._same_refusal(at, refused, answer)
            return
        result = self._result_of(at, answer, "new")
        if not isinstance(result, dict) or "state" not in result:
            at.protocol("new answered without a state")
        side = _Side(result.get("state"))
        self._compare(at, reference, side, ())
        self._play_steps(case, reference, side)

    def _start_at_position(self, at: _At, case: Case) -> tuple[State, _Side] | None:
        """Both sides at a vector's starting position: the adapter builds it with its
        own ``position`` op if it has one, else takes the reference's canonical state
        (``None``: it can do neither, and the case is skipped)."""
        g = self.g
        reference = g.position(canonical(case.position))
        if "position" in self.capabilities.ops:
            request: dict[str, JSON] = {"op": "position", "game": g.id, "position": case.position}
            result = self._result_of(at, self._ask(at, [request])[0], "position")
            if not isinstance(result, dict) or "state" not in result:
                at.protocol("position answered without a state")
            return reference, _Side(result.get("state"))
        if self.capabilities.state != "canonical":
            self.report.skipped += 1
            return None
        return reference, _Side(json_of(g.dump_state(reference)))

    def _play_steps(self, case: Case, reference: State, side: _Side) -> None:
        """The case's steps (or a random game's), compared one by one."""
        g = self.g
        rng = random.Random(case.seed) if case.seed is not None else None
        # The probes draw from their own generator, so they never change the game played.
        probing = random.Random(f"probes-{case.seed}") if case.seed is not None else None
        zoo: dict[str, JSON] = {}
        steps = iter(case.steps)
        number = 0
        while True:
            if rng is not None:
                if g.to_move(reference) == TERMINAL:
                    return
                if probing is not None and self.options.probes:
                    self._probes(
                        case=case.name, number=number, state=reference, side=side,
                        rng=probing, zoo=zoo,
                    )  # fmt: skip
                raw: JSON = json_of(g.dump_action(self._pick(reference, rng)))
                must_reject = False
            else:
                try:
                    raw, must_reject = next(steps)
                except StopIteration:
                    return
            if isinstance(raw, dict) and isinstance(raw.get("type"), str):
                zoo.setdefault(str(raw["type"]), raw)
            number += 1
            reference = self._step(_At(case.name, number, raw), reference, side, must_reject)
            self.report.steps += 1

    def _pick(self, state: State, rng: random.Random) -> Action:
        g = self.g
        if g.to_move(state) == CHANCE:
            return chance_module.sample(g.chance_outcomes(state), rng)
        return g.sample_legal_action(state, rng)

    def _probes(
        self,
        *,
        case: str,
        number: int,
        state: State,
        side: _Side,
        rng: random.Random,
        zoo: Mapping[str, JSON],
    ) -> None:
        """Send this step's probes: open actions changed into (most likely) refused ones."""
        g = self.g
        if self._enums is None:
            self._enums = schema_enums(g)
        open_actions: list[JSON]
        if g.to_move(state) == CHANCE:
            open_actions = [json_of(g.dump_action(o)) for o, _ in g.chance_outcomes(state)]
        else:
            open_actions = [json_of(g.dump_action(a)) for a in g.legal_actions(state)]
        if not open_actions:
            return
        for _ in range(self.options.probes):
            base = open_actions[rng.randrange(len(open_actions))]
            _, probe = mutations.mutate(
                base, rng, open_actions=open_actions, zoo=zoo, enums=self._enums
            )
            self._probe(_At(case, number, probe, probe=True), state, side)
            self.report.probes += 1

    def _probe(self, at: _At, state: State, side: _Side) -> None:
        """Both must refuse the probe alike; if the rules happen to accept it, both must
        accept it and agree on the state it leads to."""
        g = self.g
        error = refusal(g, state, at.action)
        answer = self._ask_apply(at, side, error)
        if error is not None:
            return
        after = g.apply(state, g.load_action(canonical(at.action)))
        rules = g.step_rules(state, g.load_action(canonical(at.action)), after)
        self._compare_state(at, after, self._applied_state(at, answer, rules), rules)

    def _step(self, at: _At, before: State, side: _Side, must_reject: bool) -> State:
        g = self.g
        try:
            after = g.apply(before, g.load_action(canonical(at.action)))
        except RulesError as error:
            self._ask_apply(at, side, error)
            if not must_reject:
                at.protocol("the reference rejects a step the case expects to be accepted")
            return before
        answer = self._ask_apply(at, side, None)
        rules = g.step_rules(before, g.load_action(canonical(at.action)), after)
        side.state = self._applied_state(at, answer, rules)
        self._compare(at, after, side, rules)
        return after

    def _ask_apply(self, at: _At, side: _Side, error: RulesError | None) -> Mapping[str, JSON]:
        """The other's answer to applying ``at.action`` to its state; when the reference
        refuses the action (``error``), the other must refuse it alike."""
        request: dict[str, JSON] = {
            "op": "apply",
            "game": self.g.id,
            "state": side.state,
            "action": at.action,
        }
        answer = self._ask(at, [request])[0]
        if error is not None:
            if answer.get("ok") is True:
                at.diverge(
                    "accepted",
                    f"the other implementation accepts an action the rules reject "
                    f"({error.code}: {error.message})",
                    reference=_error_json(error),
                    other=answer.get("result"),
                    rules=(error.rule,),
                )
            self._same_refusal(at, error, answer)
        return answer

    def _applied_state(self, at: _At, answer: Mapping[str, JSON], rules: tuple[str, ...]) -> JSON:
        """The state the other answers an action the rules allow with."""
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
        return result.get("state")

    # -- comparing ------------------------------------------------------------------------

    def _compare(self, at: _At, state: State, side: _Side, rules: tuple[str, ...]) -> None:
        """Compare, in the oracle's order, the result, the player to move, the legal
        actions, the chance outcomes and the state: the first difference is the most
        telling one (a wrong winner is a result, not a state, divergence). When the other
        answers one of those questions about its own state with an error, its state is
        compared first: a state that differs explains the error."""
        g = self.g
        requests: list[dict[str, JSON]] = [
            {"op": op, "game": g.id, "state": side.state} for op in ("result", "legal", "chance")
        ]
        result_answer, legal_answer, chance_answer = self._ask(at, requests)
        if any(a.get("ok") is not True for a in (result_answer, legal_answer, chance_answer)):
            # The other refuses to answer about the state it returned: a state that differs
            # from the reference's explains that better than the refusal does.
            self._compare_state(at, state, side.state, rules)
        result = result_json(g.result(state))
        answered = self._result_of(at, result_answer, "result")
        their_result = answered.get("result") if isinstance(answered, dict) else None
        found = compare.first_difference(
            compare.result_key(result), compare.result_key(their_result)
        )
        if found is not None:
            rule = result.get("rule") if isinstance(result, dict) else None
            if not isinstance(rule, str) and isinstance(their_result, dict):
                rule = their_result.get("rule")
            at.at_difference(
                "result",
                "the result differs (winners or ending rule)",
                found,
                rules=(rule if isinstance(rule, str) else None, *rules),
            )
        mover = to_move_json(g.to_move(state))
        legal = self._result_of(at, legal_answer, "legal")
        their_mover = legal.get("to_move") if isinstance(legal, dict) else None
        if canonical(their_mover) != canonical(mover):
            at.diverge(
                "to_move",
                "the player to move differs",
                pointer="",
                reference=mover,
                other=their_mover,
                rules=rules,
            )
        ours = [json_of(g.dump_action(a)) for a in g.legal_actions(state)]
        theirs = legal.get("actions") if isinstance(legal, dict) else None
        if not isinstance(theirs, list):
            at.protocol("legal answered without a list of actions")
        if compare.list_difference(ours, theirs) is not None:
            self._legal_divergence(at, state, ours, theirs, rules)
        odds = chance_json(g, g.chance_outcomes(state))
        outcomes = self._result_of(at, chance_answer, "chance")
        their_odds = outcomes.get("outcomes") if isinstance(outcomes, dict) else None
        if not isinstance(their_odds, list):
            at.protocol("chance answered without a list of outcomes")
        if compare.list_difference(odds, their_odds) is not None:
            self._chance_divergence(at, state, odds, their_odds, rules)
        self._compare_state(at, state, side.state, rules)

    def _compare_state(self, at: _At, state: State, theirs: JSON, rules: tuple[str, ...]) -> None:
        mode = self.capabilities.state
        if mode == "opaque":
            return
        g = self.g
        text = g.dump_state(state)
        if mode == "canonical" and text == canonical(theirs):
            return  # the same canonical JSON: the same comparison form (the common case)
        ours = compare.comparison_form(g, json_of(text))
        if mode == "canonical":
            found = compare.first_difference(ours, compare.comparison_form(g, theirs))
            if found is not None:
                at.at_difference("state", "the state differs", found, rules)
            return
        for pointer in self.capabilities.projection:
            mine: JSON | compare._Missing
            other: JSON | compare._Missing
            try:
                mine = resolve_pointer(ours, pointer)
            except PointerError:
                mine = compare.MISSING
            try:
                other = resolve_pointer(compare.comparison_form(g, theirs), pointer)
            except PointerError:
                other = compare.MISSING
            if isinstance(mine, compare._Missing) and isinstance(other, compare._Missing):
                continue
            if isinstance(mine, compare._Missing) or isinstance(other, compare._Missing):
                at.at_difference(
                    "state", "the state differs", compare.Difference(pointer, mine, other), rules
                )
            found = compare.first_difference(mine, other, pointer)
            if found is not None:
                at.at_difference("state", "the state differs", found, rules)

    def _legal_divergence(
        self, at: _At, state: State, ours: list[JSON], theirs: list[JSON], rules: tuple[str, ...]
    ) -> NoReturn:
        """Show the first differing element and name the rule behind the first action one
        side lists and the other does not."""
        g = self.g
        mine = {canonical(a) for a in ours}
        other = {canonical(a) for a in theirs}
        extra = [a for a in theirs if canonical(a) not in mine]
        missing = [a for a in ours if canonical(a) not in other]
        found_rules: Sequence[str | None] = rules
        why = "the order differs"
        if extra:
            refused = refusal(g, state, extra[0])
            found_rules = (refused.rule if refused else None, *rules)
            why = f"the other lists {compare.text(extra[0])}, which the rules refuse" + (
                f" ({refused.code})" if refused else ""
            )
        elif missing:
            action = g.load_action(canonical(missing[0]))
            found_rules = (*g.step_rules(state, action, g.apply(state, action)), *rules)
            why = f"the other does not list {compare.text(missing[0])}"
        found = compare.list_difference(ours, theirs)
        assert found is not None
        at.at_difference(
            "legal",
            f"the legal actions differ ({why}; the reference lists {len(ours)}, "
            f"the other {len(theirs)})",
            found,
            rules=found_rules,
        )

    def _chance_divergence(
        self, at: _At, state: State, ours: list[JSON], theirs: list[JSON], rules: tuple[str, ...]
    ) -> NoReturn:
        g = self.g
        found = compare.list_difference(ours, theirs)
        assert found is not None
        found_rules: Sequence[str | None] = rules
        mine = found.left
        if isinstance(mine, dict):
            outcome = g.load_action(canonical(mine["outcome"]))
            found_rules = (*g.step_rules(state, outcome, g.apply(state, outcome)), *rules)
        at.at_difference(
            "chance",
            f"the chance outcomes or their probabilities differ (the reference lists "
            f"{len(ours)}, the other {len(theirs)})",
            found,
            rules=found_rules,
        )

    def _same_refusal(self, at: _At, error: RulesError | None, answer: Mapping[str, JSON]) -> None:
        """Both sides rejected: compare the codes, then the rule ids (as far as the adapter
        and the options say)."""
        theirs = answer.get("error")
        code = theirs.get("code") if isinstance(theirs, dict) else None
        if error is None or not self.capabilities.error_codes:
            return
        if code != error.code:
            at.diverge(
                "error-code",
                f"both reject, the reference with {error.code}, the other with {code}",
                reference=_error_json(error),
                other=theirs,
                rules=(error.rule,),
            )
        rule = theirs.get("rule") if isinstance(theirs, dict) else None
        if self.rule_ids and rule != error.rule:
            at.diverge(
                "error-rule",
                f"both reject with {error.code}, the reference naming rule {error.rule}, "
                f"the other {rule}",
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


def run(
    g: Game,
    adapter: Adapter,
    cases: Sequence[Case],
    on_case: Callable[[int], None] | None = None,
    options: Options | None = None,
) -> Report:
    """Play ``cases`` through the reference and ``adapter``; the first divergence ends it."""
    return Differential(g, adapter, options).run(cases, on_case)
