"""Seeded random play: the engine behind ``dieproof simulate``, ``play`` and the benchmarks.

Chance outcomes are drawn with their exact probabilities (:func:`chance.sample`),
decisions uniformly from the legal ones with :meth:`Game.sample_legal_action`. The same
seed gives the same game on every machine, so a failing game is reproduced by its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from dieproof.reference.core.game import Game
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Config, Result, State, Violation


class GameTooLong(Exception):
    """A game did not end within the step limit (a termination bug)."""


@dataclass(frozen=True, slots=True)
class Playout:
    """One finished random game."""

    seed: int
    """The seed that reproduces it."""
    config: Config
    """Its configuration."""
    actions: tuple[Action, ...]
    """Every action and chance outcome, in order."""
    final: State
    """The terminal state."""
    result: Result
    """How it ended."""
    violations: tuple[tuple[int, Violation], ...] = ()
    """``(step, violation)`` for every invariant broken along the way (checked runs)."""
    decisions: int = 0
    """How many of the steps were players' decisions (the rest are chance)."""


@dataclass(slots=True)
class Stats:
    """Running statistics over many playouts."""

    games: int = 0
    steps: int = 0
    decisions: int = 0
    min_steps: int = 0
    max_steps: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    """How often each seat won (a shared win counts for each winner)."""
    endings: dict[str, int] = field(default_factory=dict)
    """How often each ending rule ended a game."""
    violations: list[tuple[int, int, str, str]] = field(default_factory=list)
    """``(seed, step, invariant, message)`` for each violation seen."""

    def add(self, playout: Playout) -> None:
        steps = len(playout.actions)
        self.min_steps = steps if self.games == 0 else min(self.min_steps, steps)
        self.max_steps = max(self.max_steps, steps)
        self.games += 1
        self.steps += steps
        self.decisions += playout.decisions
        for winner in playout.result.winners or (-1,):
            key = "nobody" if winner < 0 else f"player {winner}"
            self.wins[key] = self.wins.get(key, 0) + 1
        self.endings[playout.result.rule] = self.endings.get(playout.result.rule, 0) + 1
        for step, violation in playout.violations:
            self.violations.append((playout.seed, step, violation.invariant, violation.message))

    def merge(self, other: Stats) -> None:
        if other.games == 0:
            return
        self.min_steps = (
            other.min_steps if self.games == 0 else min(self.min_steps, other.min_steps)
        )
        self.max_steps = max(self.max_steps, other.max_steps)
        self.games += other.games
        self.steps += other.steps
        self.decisions += other.decisions
        for key, count in other.wins.items():
            self.wins[key] = self.wins.get(key, 0) + count
        for key, count in other.endings.items():
            self.endings[key] = self.endings.get(key, 0) + count
        self.violations.extend(other.violations)


def play(
    game: Game,
    config: Config,
    seed: int,
    *,
    check: bool = True,
    max_steps: int = 1_000_000,
    on_step: Callable[[State, Action, State], None] | None = None,
) -> Playout:
    """Play one seeded random game to the end.

    With ``check``, every state's invariants are evaluated and every decision goes
    through the checked :meth:`Game.apply` (which it always does; ``check`` only adds
    the invariant evaluation).
    """
    rng = random.Random(seed)
    state = game.initial_state(config)
    actions: list[Action] = []
    violations: list[tuple[int, Violation]] = []
    decisions = 0
    while True:
        mover = game.to_move(state)
        if mover == TERMINAL:
            break
        if len(actions) >= max_steps:
            raise GameTooLong(f"{game.id} seed {seed}: no end after {max_steps} steps")
        if mover == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = game.sample_legal_action(state, rng)
            decisions += 1
        after = game.apply(state, action)
        actions.append(action)
        if check:
            violations.extend((len(actions), v) for v in game.invariants(after))
        if on_step is not None:
            on_step(state, action, after)
        state = after
    result = game.result(state)
    if result is None:
        raise AssertionError(f"{game.id}: terminal state without a result")
    return Playout(
        seed=seed,
        config=config,
        actions=tuple(actions),
        final=state,
        result=result,
        violations=tuple(violations),
        decisions=decisions,
    )


def replay(game: Game, config: Config, actions: tuple[Action, ...]) -> State:
    """Apply ``actions`` from the initial state, checking each."""
    state = game.initial_state(config)
    for action in actions:
        state = game.apply(state, action)
    return state
