"""Squirrel or Die: goal witnesses, the first seeded real games that reach each goal of
the model, as abstract paths (for the proofs) and as actions (for the oracle's vectors)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from dieproof.proofs.compile import CompiledModel
from dieproof.proofs.model import Abstract
from dieproof.proofs.squirrel_or_die.abstraction import abstract
from dieproof.proofs.squirrel_or_die.model import MODEL
from dieproof.reference.core import chance
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Config
from dieproof.reference.squirrel_or_die import GAME, rules
from dieproof.reference.squirrel_or_die.types import SodAction, SodConfig, SodState, Variant


def _search(
    goal: Callable[[Mapping[str, int | bool]], bool],
    configs: Sequence[SodConfig],
    seeds: int = 400,
) -> tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]:
    """The first seeded random game that reaches ``goal``: its configuration, its
    actions up to the goal, and its path of abstract states (one more than actions)."""
    for config in configs:
        for seed in range(seeds):
            rng = random.Random(seed)
            state: SodState = rules.initial_state(config)
            path: list[Abstract] = [abstract(state)]
            actions: list[SodAction] = []
            while rules.to_move(state) != TERMINAL:
                if goal(path[-1]):
                    return config, tuple(actions), path
                action: SodAction
                if rules.to_move(state) == CHANCE:
                    action = chance.sample(rules.chance_outcomes(state), rng)
                else:
                    options = rules.legal_actions(state)
                    action = options[rng.randrange(len(options))]
                state = rules.apply(state, action)
                actions.append(action)
                path.append(abstract(state))
            if goal(path[-1]):
                return config, tuple(actions), path
    raise LookupError("no seeded game reached the goal")


def _goal_searches() -> dict[str, tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]]:
    """For every goal, the first seeded game that reaches it (see :func:`_search`)."""
    compiled = CompiledModel(MODEL)
    # Every goal is reached under the default box (SOD-A1 keeps the tie reachable).
    configs: dict[str, Sequence[SodConfig]] = {
        "hand-of-four": (SodConfig(players=3, variant=Variant.BIRDHOUSE),),
    }
    default = GAME.configs()
    found: dict[str, tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]] = {}
    for goal in MODEL.goals:
        name = goal.name

        def reached(a: Mapping[str, int | bool], name: str = name) -> bool:
            return name in compiled.goals_met(a)

        found[name] = _search(reached, configs.get(name, default))
    return found


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and the concrete actions of the real game whose
    abstract path :func:`goal_witnesses` gives (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}
