"""Goal witnesses from real games, shared by every game's model.

A goal of a model is witnessed by the first seeded game that reaches it: its
configuration, its actions up to the goal and its path of abstract states. The proofs
check the path against the model; the oracle's vectors replay the actions. A game
supplies its rules, its abstraction, how chance is drawn and, per goal, the
configurations (each with a policy for the decisions) worth trying.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from dieproof.proofs.compile import CompiledModel
from dieproof.proofs.model import Abstract, Model
from dieproof.reference.core.types import CHANCE, TERMINAL

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")

Policy = Callable[[S, tuple[A, ...], random.Random], A]
"""How a witness game picks a decision among the legal ones."""

Found = tuple[C, tuple[A, ...], list[Abstract]]
"""A witness game: its configuration, its actions and its abstract path."""


def uniform(state: object, legal: tuple[A, ...], rng: random.Random) -> A:
    """Uniform random play, as the simulator plays."""
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True, slots=True)
class Searcher(Generic[C, S, A]):
    """What a game lends the witness search."""

    initial_state: Callable[[C], S]
    to_move: Callable[[S], object]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, A], S]
    sample_chance: Callable[[S, random.Random], A]
    """Draws a chance outcome (the game's own way, so witness games stay as recorded)."""
    abstract: Callable[[S], Abstract]
    seeds: int
    """Seeds tried per configuration."""

    def search(
        self,
        goal: Callable[[Mapping[str, int | bool]], bool],
        plans: Sequence[tuple[C, Policy[S, A]]],
    ) -> Found[C, A]:
        """The first seeded game that reaches ``goal``: its configuration, its actions up
        to the goal, and its path of abstract states (one more than actions)."""
        for config, policy in plans:
            for seed in range(self.seeds):
                rng = random.Random(seed)
                state = self.initial_state(config)
                path: list[Abstract] = [self.abstract(state)]
                actions: list[A] = []
                while self.to_move(state) != TERMINAL:
                    if goal(path[-1]):
                        return config, tuple(actions), path
                    if self.to_move(state) == CHANCE:
                        action = self.sample_chance(state, rng)
                    else:
                        action = policy(state, self.legal_actions(state), rng)
                    state = self.apply(state, action)
                    actions.append(action)
                    path.append(self.abstract(state))
                if goal(path[-1]):
                    return config, tuple(actions), path
        raise LookupError("no seeded game reached the goal")

    def goal_searches(
        self,
        model: Model,
        plans: Mapping[str, Sequence[tuple[C, Policy[S, A]]]],
        default: Sequence[tuple[C, Policy[S, A]]],
    ) -> dict[str, Found[C, A]]:
        """For every goal of ``model``, the first seeded game that reaches it, trying the
        goal's own plans (or ``default``)."""
        compiled = CompiledModel.of(model)
        found: dict[str, Found[C, A]] = {}
        for goal in model.goals:
            name = goal.name

            def reached(a: Mapping[str, int | bool], name: str = name) -> bool:
                return name in compiled.goals_met(a)

            found[name] = self.search(reached, plans.get(name, default))
        return found
