"""Linking the model to the reference: goal witnesses and the refinement check.

The proofs show that the model keeps its invariants; these checks show that the model
is about the game. A *witness* is a path of abstract states, taken from the reference
playing a real game, that starts in ``init``, moves only by the model's transitions
and ends in a goal: so the goal is reachable in the model, and the proofs are not
vacuous. The *refinement check* plays many seeded random games of the reference and
after every step checks that the concrete step is one the proven model allows
(DESIGN section 4). A wrong reference fails it; a model too strict for the game fails
it; a model too loose fails its proofs.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter
from typing import TYPE_CHECKING, TypeVar

import z3

from dieproof.proofs.compile import CompiledModel, Values
from dieproof.proofs.model import Abstract, Model, ModelTerms
from dieproof.proofs.report import (
    Counterexample,
    Json,
    indent,
    json_map,
    seconds_text,
    table,
)
from dieproof.reference.core.types import CHANCE, TERMINAL

if TYPE_CHECKING:
    from dieproof.reference.core.game import Game
    from dieproof.reference.core.types import Action, Config, State


@dataclass(frozen=True, slots=True)
class GameProofs:
    """Everything the proof runner needs about one game."""

    model: Model
    """The abstract model."""
    abstract: Callable[[State], dict[str, int | bool]]
    """The abstraction function from a reference state to the model's variables."""
    values: Callable[[State, State | None, Values | None], Values] | None = None
    """The same abstraction as a tuple in the model's variable order, for speed:
    ``values(state, before, previous)``, where ``before`` is the state one step earlier
    and ``previous`` its tuple (both ``None`` for a first state), so that only the
    parts whose fields changed are recomputed. It must equal :attr:`abstract` (a generic
    test checks it over random games); the refinement check uses it when present."""
    goal_witnesses: Callable[[], Mapping[str, Sequence[Abstract]]] | None = None
    """Goal name -> a path of abstract states reaching it (built lazily: it may play
    reference games)."""
    goal_games: Callable[[], Mapping[str, tuple[Config, tuple[Action, ...]]]] | None = None
    """Goal name -> the configuration and actions of a real game reaching it: the same
    games as :attr:`goal_witnesses`, concretely (the oracle writes them as vectors)."""
    configs: Callable[[], Sequence[Config]] | None = None
    """The configurations the refinement check plays in turn, where the game's own
    (``game.configs()``, which the benchmark and ``simulate`` play too) leave rules
    unexercised: characters none of them seats, readings other than the defaults. Default:
    ``game.configs()``."""


def refinement_configs(game: Game, proofs: GameProofs) -> tuple[Config, ...]:
    """The configurations ``dieproof verify``'s refinement check plays: the proofs' own
    (:attr:`GameProofs.configs`), else the game's."""
    return tuple(proofs.configs() if proofs.configs is not None else game.configs())


_V = TypeVar("_V")

# -- witnesses -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WitnessResult:
    """Whether a path of abstract states shows a goal reachable in the model."""

    goal: str
    """The goal's name."""
    ok: bool
    """Whether the path starts in init, moves by transitions and ends in the goal."""
    length: int
    """The number of states in the path."""
    steps: tuple[tuple[str, ...], ...] = ()
    """For each step checked, the transitions that allow it (all of them)."""
    failure: str | None = None
    """What broke, for people."""
    index: int | None = None
    """The index of the state where it broke (for a step: the state after it)."""
    counterexample: Counterexample | None = None
    """The offending state, or the states before and after the offending step."""

    def render(self) -> str:
        """One line when it holds; the failure and the offending state(s) otherwise."""
        if self.ok:
            path = " -> ".join("|".join(s) for s in self.steps) or "(init is the goal)"
            return f"witness {self.goal}: OK, {self.length} states: {path}"
        where = "" if self.index is None else f" at state {self.index}"
        text = f"witness {self.goal}: FAILED{where}: {self.failure}"
        if self.counterexample is not None:
            text += "\n" + self.counterexample.render()
        return text

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict of every field."""
        cex = self.counterexample
        return {
            "goal": self.goal,
            "ok": self.ok,
            "length": self.length,
            "steps": [list(s) for s in self.steps],
            "failure": self.failure,
            "index": self.index,
            "counterexample": None if cex is None else cex.to_json(),
        }


class _Z3Evaluator:
    """Evaluates terms with z3 itself, independently of the compiler.

    It keeps one z3 model and overwrites the variables' values for each state: about
    ten times faster than ``substitute`` and ``simplify`` on models of game size.
    """

    def __init__(self, terms: ModelTerms) -> None:
        solver = z3.Solver()
        solver.check()
        self._model = solver.model()
        self._terms = terms
        self._loaded: dict[tuple[bool, str], int | bool] = {}

    def load(self, before: Abstract, after: Abstract | None = None) -> None:
        """Set the variables to ``before`` and their primed twins to ``after``.

        Only the variables whose values differ from what is loaded are set (a step of a
        path changes a few): setting a value costs a call into z3."""
        loaded = self._loaded
        for primed, v, state in ((False, self._terms.now, before), (True, self._terms.nxt, after)):
            if state is None:
                continue
            for name, term in v.items():
                value = state[name]
                key = (primed, name)
                old = loaded.get(key)
                if old is not None and old == value and type(old) is type(value):
                    continue
                literal = z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(value)
                self._model.update_value(term, literal)
                loaded[key] = value

    def holds(self, term: z3.BoolRef) -> bool:
        """Whether ``term`` is true in the loaded state(s)."""
        value = self._model.eval(term, model_completion=True)
        if z3.is_true(value):
            return True
        if z3.is_false(value):
            return False
        raise RuntimeError(f"z3 left {value} unevaluated with every variable set")


def check_witness(
    model: Model,
    path: Sequence[Abstract],
    goal_name: str,
    *,
    compiled: CompiledModel | None = None,
) -> WitnessResult:
    """Check that ``path`` is a run of ``model`` from ``init`` to goal ``goal_name``.

    Init, each step's transitions and the goal are evaluated both by z3 (its own
    model evaluator) and by the compiled model, and the two must agree: so a witness also
    tests the compiler. Every state must also satisfy the background and every
    invariant, since a reachable state that breaks one means the proofs are wrong.
    Raises ``LookupError`` for an unknown goal.
    """
    goal = model.goal(goal_name)
    cm = compiled if compiled is not None and compiled.model is model else CompiledModel.of(model)
    terms: ModelTerms = cm.terms
    n = len(path)

    def fail(
        why: str, index: int | None, cex: Counterexample | None, steps: list[tuple[str, ...]]
    ) -> WitnessResult:
        return WitnessResult(goal.name, False, n, tuple(steps), why, index, cex)

    if not path:
        return fail("the path is empty", None, None, [])
    for i, a in enumerate(path):
        problems = cm.abstract_problems(a)
        if problems:
            return fail("not a state of the model: " + "; ".join(problems), i, None, [])
    z3_eval = _Z3Evaluator(terms)
    first = path[0]
    z3_eval.load(first)
    in_init = z3_eval.holds(terms.init)
    if in_init != cm.satisfies_init(first):
        return fail("the compiler and z3 disagree on init", 0, Counterexample(first), [])
    if not in_init:
        return fail("the first state does not satisfy init", 0, Counterexample(first), [])
    steps: list[tuple[str, ...]] = []
    for i, a in enumerate(path):
        if not cm.background_holds(a):
            return fail("the state breaks the background", i, Counterexample(a), steps)
        broken = cm.violated_invariants(a)
        if broken:
            why = "the state breaks " + ", ".join(broken) + " (so the proofs are wrong)"
            return fail(why, i, Counterexample(a), steps)
        if i == 0:
            continue
        before = path[i - 1]
        z3_eval.load(before, a)
        by_z3 = tuple(k for k, t in terms.transitions.items() if z3_eval.holds(t))
        by_closure = tuple(cm.transitions_matching(before, a))
        cex = Counterexample(before, a)
        if by_z3 != by_closure:
            why = f"the compiler ({by_closure}) and z3 ({by_z3}) disagree on the transitions"
            return fail(why, i, cex, steps)
        if not by_z3:
            return fail("no transition of the model allows this step", i, cex, steps)
        steps.append(by_z3)
    last = path[-1]
    z3_eval.load(last)
    reached = z3_eval.holds(terms.goals[goal.name])
    if reached != cm.goal_met(last, goal.name):
        return fail("the compiler and z3 disagree on the goal", n - 1, Counterexample(last), steps)
    if not reached:
        return fail("the last state does not satisfy the goal", n - 1, Counterexample(last), steps)
    return WitnessResult(goal.name, True, n, tuple(steps))


# -- refinement --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RefinementFailure:
    """The first step of a random game that the model does not allow."""

    kind: str
    """``exception``, ``reference-invariant``, ``abstraction``, ``init``, ``background``,
    ``model-invariant``, ``no-transition`` or ``property``."""
    message: str
    """What failed, for people."""
    game_index: int
    """Which game of the run (0-based)."""
    game_seed: str
    """The seed of that game's ``random.Random``: replays it alone."""
    config: str
    """The game's configuration as canonical JSON."""
    step: int
    """Steps taken before the failure was seen (0: the initial state)."""
    action: str | None = None
    """The action (or chance outcome) of the failing step, as canonical JSON."""
    before: Mapping[str, int | bool] | None = None
    """The abstract state before the step."""
    after: Mapping[str, int | bool] | None = None
    """The abstract state after the step (or the only state, at step 0)."""

    def render(self) -> str:
        """The failure, where it happened, and the abstract states as a table."""
        text = (
            f"FAILED ({self.kind}) in game {self.game_index} (seed {self.game_seed!r}, "
            f"config {self.config}) at step {self.step}"
            + (f" after {self.action}" if self.action is not None else "")
            + f":\n  {self.message}"
        )
        if self.before is not None:
            text += "\n" + Counterexample(self.before, self.after).render()
        elif self.after is not None:
            text += "\n" + Counterexample(self.after).render()
        return text

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict of every field."""
        return {
            "kind": self.kind,
            "message": self.message,
            "game_index": self.game_index,
            "game_seed": self.game_seed,
            "config": self.config,
            "step": self.step,
            "action": self.action,
            "before": None if self.before is None else json_map(self.before),
            "after": None if self.after is None else json_map(self.after),
        }


@dataclass(frozen=True, slots=True)
class RefinementReport:
    """The result of playing seeded random games against the model."""

    game: str
    """The game's id."""
    seed: int
    """The run's seed; game ``i`` uses ``random.Random(f"{seed}/{i}")``."""
    games: int
    """Games played (up to and including a failing one)."""
    steps: int
    """Steps taken in all games."""
    seconds: float
    """Wall time."""
    coverage: Mapping[str, int] = field(default_factory=dict)
    """For each transition of the model, the steps it allowed (a step may match several)."""
    truncated: int = 0
    """Games stopped at ``max_steps`` before they ended."""
    failure: RefinementFailure | None = None
    """The first failure; ``None`` when every step checked out."""

    @property
    def ok(self) -> bool:
        """Whether every step of every game checked out."""
        return self.failure is None

    @property
    def uncovered(self) -> tuple[str, ...]:
        """Transitions that no step exercised."""
        return tuple(k for k, count in self.coverage.items() if count == 0)

    @property
    def steps_per_second(self) -> float:
        """Checked steps per second."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    def render(self) -> str:
        """Summary, coverage table, and the failure if any."""
        status = "OK" if self.ok else "FAILED"
        head = (
            f"refinement of {self.game}: {self.games} games, {self.steps} steps in "
            f"{seconds_text(self.seconds)} ({self.steps_per_second:,.0f} steps/s), "
            f"seed {self.seed}: {status}"
        )
        parts = [head]
        if self.truncated:
            parts.append(f"  {self.truncated} games stopped at the step limit")
        parts.append(
            table(["transition", "steps"], [[k, str(c)] for k, c in self.coverage.items()])
        )
        if self.uncovered:
            parts.append("  never exercised: " + ", ".join(self.uncovered))
        if self.failure is not None:
            parts.append(indent(self.failure.render(), "  "))
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """A plain dict of every field, plus ``ok``, ``uncovered`` and ``steps_per_second``."""
        return {
            "game": self.game,
            "ok": self.ok,
            "seed": self.seed,
            "games": self.games,
            "steps": self.steps,
            "seconds": self.seconds,
            "steps_per_second": self.steps_per_second,
            "coverage": json_map(self.coverage),
            "uncovered": list(self.uncovered),
            "truncated": self.truncated,
            "failure": None if self.failure is None else self.failure.to_json(),
        }


class _Failed(Exception):
    """Internal: stops the run at the first failure."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def refine(
    game: Game,
    proofs: GameProofs,
    *,
    games: int,
    seed: int,
    configs: Sequence[Config] | None = None,
    max_steps: int = 100_000,
    on_step: Callable[[int, int], None] | None = None,
    compiled: CompiledModel | None = None,
    jobs: int = 1,
    first: int = 0,
) -> RefinementReport:
    """Play ``games`` seeded random games and check every step against the model.

    Game ``i`` uses configuration ``configs[i % len(configs)]`` (default:
    :func:`refinement_configs`) and its own ``random.Random(f"{seed}/{i}")``,
    so a failure replays alone. Chance outcomes are drawn with their exact
    probabilities, decisions with ``game.sample_legal_action``. The initial state
    must satisfy ``init``; after every step: the reference's invariants hold, the
    abstraction is a state of the model satisfying the background and every
    invariant, the step satisfies at least one transition (all that match are counted
    for coverage), and every property holds. A game is cut at ``max_steps`` steps
    (counted in ``truncated``, not a failure). The run stops at the first failure.
    ``on_step(game_index, total_steps)`` is called after every step, for progress.

    With ``jobs`` above 1 the games are split into that many runs of consecutive games,
    each played by a forked worker; the report is the one a single run gives (the same
    games, steps, coverage and first failure), except its time, and ``on_step`` is told
    as each run finishes. ``first`` is the index of the first game (for such a split).
    """
    if jobs > 1 and games >= 2 * jobs and "fork" in multiprocessing.get_all_start_methods():
        return _refine_split(
            game, proofs, games=games, seed=seed, configs=configs, max_steps=max_steps,
            on_step=on_step, compiled=compiled, jobs=jobs,
        )  # fmt: skip
    model = proofs.model
    if model.game != game.id:
        raise ValueError(f"the model is of {model.game!r}, the game is {game.id!r}")
    cm = compiled if compiled is not None and compiled.model is model else CompiledModel.of(model)
    abstract = proofs.abstract
    chosen = refinement_configs(game, proofs) if configs is None else tuple(configs)
    if not chosen:
        raise ValueError("refine needs at least one configuration")
    coverage = dict.fromkeys((t.name for t in model.transitions), 0)
    total = truncated = played = 0
    start = perf_counter()
    values = proofs.values

    def abstraction(state: State, before: State | None, previous: Values | None) -> Values:
        if values is not None:
            found = values(state, before, previous)
        else:
            mapped = abstract(state)
            try:
                found = cm.pack(mapped) if len(mapped) == len(cm.names) else ()
            except KeyError:
                found = ()
            if cm.abstract_problems(found):  # name what is wrong from the mapping
                problems = cm.abstract_problems(mapped)
                raise _Failed(
                    "abstraction", "abstract(state) is not a model state: " + "; ".join(problems)
                )
        problems = cm.abstract_problems(found)
        if problems:
            raise _Failed(
                "abstraction", "abstract(state) is not a model state: " + "; ".join(problems)
            )
        return found

    def state_checks(state: State, a: Values) -> None:
        broken = game.invariants(state)
        if broken:
            text = "; ".join(f"{v.invariant}: {v.message}" for v in broken)
            raise _Failed("reference-invariant", "the reference breaks its own invariants: " + text)
        if not cm.background_holds(a):
            raise _Failed("background", "the abstract state breaks the model's background facts")
        violated = cm.violated_invariants(a)
        if violated:
            raise _Failed("model-invariant", "the abstract state breaks " + ", ".join(violated))

    for index in range(first, first + games):
        config = chosen[index % len(chosen)]
        game_seed = f"{seed}/{index}"
        rng = random.Random(game_seed)
        played += 1
        step = 0
        action: Action | None = None
        a: Values | None = None
        a2: Values | None = None
        try:
            state = game.initial_state(config)
            a2 = abstraction(state, None, None)
            state_checks(state, a2)
            if not cm.satisfies_init(a2):
                raise _Failed("init", "the initial state does not satisfy the model's init")
            a, a2 = a2, None
            while True:
                mover = game.to_move(state)
                if mover == TERMINAL:
                    break
                if step >= max_steps:
                    truncated += 1
                    break
                if mover == CHANCE:
                    action = game.sample_chance(state, rng)
                else:
                    action = game.sample_legal_action(state, rng)
                before, state = state, game.apply(state, action)
                step += 1
                total += 1
                a2 = abstraction(state, before, a)
                state_checks(state, a2)
                matched = cm.transitions_matching(a, a2)
                if not matched:
                    hint = (
                        " (the abstract state did not change: a stutter step?)" if a == a2 else ""
                    )
                    raise _Failed(
                        "no-transition", "no transition of the model allows this step" + hint
                    )
                for name in matched:
                    coverage[name] += 1
                broken_props = cm.violated_properties(a, a2)
                if broken_props:
                    raise _Failed("property", "the step breaks " + ", ".join(broken_props))
                a, a2 = a2, None
                action = None
                if on_step is not None:
                    on_step(index, total)
        except Exception as error:  # any crash of the reference is a finding, not a bug here
            kind, message = (
                (error.kind, error.message)
                if isinstance(error, _Failed)
                else ("exception", f"{type(error).__name__}: {error}")
            )
            failure = RefinementFailure(
                kind=kind,
                message=message,
                game_index=index,
                game_seed=game_seed,
                config=_dump(game.dump_config, config),
                step=step,
                action=None if action is None else _dump(game.dump_action, action),
                before=None if a is None else _readable(cm, a),
                after=None if a2 is None else _readable(cm, a2),
            )
            return RefinementReport(
                game.id, seed, played, total, perf_counter() - start, coverage, truncated, failure
            )
    return RefinementReport(
        game.id, seed, played, total, perf_counter() - start, coverage, truncated
    )


_SPLIT: list[Callable[[int, int], RefinementReport]] = []
"""The run a forked worker inherits (see :func:`_refine_split`)."""


def _refine_split(
    game: Game,
    proofs: GameProofs,
    *,
    games: int,
    seed: int,
    configs: Sequence[Config] | None,
    max_steps: int,
    on_step: Callable[[int, int], None] | None,
    compiled: CompiledModel | None,
    jobs: int,
) -> RefinementReport:
    start = perf_counter()
    bounds = [games * k // jobs for k in range(jobs + 1)]

    def run(low: int, high: int) -> RefinementReport:
        return refine(
            game, proofs, games=high - low, seed=seed, configs=configs, max_steps=max_steps,
            compiled=compiled, first=low,
        )  # fmt: skip

    _SPLIT.append(run)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            pending = [
                pool.apply_async(_split_work, (bounds[k], bounds[k + 1])) for k in range(jobs)
            ]
            reports: list[RefinementReport] = []
            for task in pending:
                reports.append(task.get())
                if on_step is not None:  # progress as each run of games finishes
                    on_step(bounds[len(reports)], sum(r.steps for r in reports))
                if reports[-1].failure is not None:
                    break
    finally:
        _SPLIT.pop()
    coverage = dict.fromkeys((t.name for t in proofs.model.transitions), 0)
    for report in reports:
        for name, count in report.coverage.items():
            coverage[name] += count
    return RefinementReport(
        game.id,
        seed,
        sum(r.games for r in reports),
        sum(r.steps for r in reports),
        perf_counter() - start,
        coverage,
        sum(r.truncated for r in reports),
        reports[-1].failure,
    )


def _split_work(low: int, high: int) -> RefinementReport:
    return _SPLIT[-1](low, high)


def _readable(cm: CompiledModel, values: Values) -> dict[str, int | bool]:
    """An abstract state as a mapping from variable names, for a report."""
    if len(values) != len(cm.names):
        return {f"#{i}": v for i, v in enumerate(values)}
    return cm.unpack(values)


def _dump(encode: Callable[[_V], str], value: _V) -> str:
    try:
        return encode(value)
    except Exception:  # a broken codec must not hide the failure being reported
        return repr(value)
