"""No Game Over: goal witnesses, the first seeded real games that reach each goal of the
model, as abstract paths (for the proofs) and as actions (for the oracle's vectors)."""

from __future__ import annotations

from dieproof.proofs.model import Abstract
from dieproof.proofs.no_game_over.abstraction import abstract
from dieproof.proofs.no_game_over.model import MODEL
from dieproof.proofs.witnesses import Found, Searcher, uniform
from dieproof.reference.core.types import Action, Config
from dieproof.reference.no_game_over import GAME, rules
from dieproof.reference.no_game_over.types import NgoAction, NgoConfig, NgoState

SEARCH: Searcher[NgoConfig, NgoState, NgoAction] = Searcher(
    initial_state=rules.initial_state,
    to_move=rules.to_move,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    sample_chance=rules.sample_chance,
    abstract=abstract,
    seeds=400,
)
"""Witness games: uniform random play, chance drawn from the listed outcomes."""


def _goal_searches() -> dict[str, Found[NgoConfig, NgoAction]]:
    """For every goal, the first seeded game that reaches it (see :meth:`Searcher.search`)."""
    default = [(config, uniform) for config in GAME.configs()]
    return SEARCH.goal_searches(MODEL, {}, default)


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and the concrete actions of the real game whose
    abstract path :func:`goal_witnesses` gives (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}
