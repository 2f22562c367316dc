"""Doom and Bloom SURVIVAL! in z3: goal witnesses, seeded real games whose abstract paths
reach every goal of the model (played by a purposeful policy: random play seldom gathers
the required assets)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence

from dieproof.proofs.doom_and_bloom.abstraction import abstract
from dieproof.proofs.doom_and_bloom.model import MODEL
from dieproof.proofs.model import Abstract
from dieproof.proofs.witnesses import Found, Policy, Searcher
from dieproof.reference.core import chance
from dieproof.reference.core.types import Action, Config
from dieproof.reference.doom_and_bloom import rules
from dieproof.reference.doom_and_bloom.base import all_scouted, catalog, has_required, pool
from dieproof.reference.doom_and_bloom.board import Topology
from dieproof.reference.doom_and_bloom.types import (
    Accept,
    Barter,
    Card,
    DabAction,
    DabConfig,
    DabState,
    Decline,
    EndTurn,
    ExtraMile,
    Gain,
    KeepBusy,
    LetPass,
    Lose,
    Move,
    Option,
    PlayBonus,
    Reactivate,
    Remain,
    Rest,
    RollDice,
    RollMove,
    Settle,
    SpendFood,
    SpendWeaponry,
    StayPut,
    Trade,
    UseFuel,
    UseMedkit,
)


@functools.lru_cache(maxsize=8)
def _distances(top: Topology) -> tuple[tuple[int, ...], ...]:
    """Steps between every pair of spaces over the board's plain adjacency."""
    n = len(top.kinds)
    table: list[tuple[int, ...]] = []
    for start in range(n):
        dist = [10_000] * n
        dist[start] = 0
        todo = [start]
        for here in todo:
            for there in top.steps[here] + top.arrows[here]:
                if dist[there] > dist[here] + 1:
                    dist[there] = dist[here] + 1
                    todo.append(there)
        table.append(tuple(dist))
    return tuple(table)


def _targets(state: DabState) -> list[int]:
    """Where the active player wants to go next."""
    p = state.active
    cat = catalog(state.config)
    top = cat.top
    if state.final[p] >= 0:
        if has_required(state, p):
            return [top.town_space[state.final[p]]]
        need = [
            j
            for j, (have, want) in enumerate(zip(pool(state, p), cat.required, strict=True))
            if have < want
        ]
        places = [s for s, icon in enumerate(top.icons) if icon in need and top.kinds[s] == "asset"]
        if 4 in need or 3 in need:
            places.extend(top.hospitals)
            places.extend(
                s for t, s in enumerate(top.town_space) if not state.scouted_towns[p] >> t & 1
            )
        return places or [top.center]
    if not all_scouted(state, p):
        return [top.town_space[state.destinations[p][state.scouted[p]]]]
    return [top.center]


def _card(state: DabState) -> Card:
    content = catalog(state.config).content
    cards = content.events if state.deck == "event" else content.attacks
    return cards[state.card]


def purposeful(state: DabState, legal: tuple[DabAction, ...], rng: random.Random) -> DabAction:
    """A player heading for its next goal: it declines and makes no offers, never keeps
    a rival busy, walks towards its destination (or the assets it lacks), uses every
    benefit that helps a roll, gains what it lacks most and loses what it has most."""
    p = state.active
    first = legal[0]
    if isinstance(first, KeepBusy | LetPass):
        return LetPass()
    if isinstance(first, Reactivate | Rest):
        return Reactivate()
    if isinstance(first, Accept | Decline):
        return Decline()
    if isinstance(first, Gain | Lose):
        have = pool(state, state.actor)
        req = catalog(state.config).required
        gap = [have[j] - req[j] for j in range(3)]
        options = [a.resource for a in legal if isinstance(a, Gain | Lose)]
        if isinstance(first, Gain):
            return Gain(resource=min(options, key=lambda j: (gap[j], j)))
        return Lose(resource=max(options, key=lambda j: (gap[j], -j)))
    plays = [a for a in legal if isinstance(a, PlayBonus)]
    if any(isinstance(a, Settle) for a in legal):
        card = _card(state)
        short = card.target - state.total
        if short > 0 and plays:
            return plays[0]
        for kind in (SpendFood, SpendWeaponry):
            found = [a for a in legal if isinstance(a, kind)]
            if found and 0 < short <= 2:
                return found[0]
        return Settle()
    if any(isinstance(a, RollDice) for a in legal):
        return RollDice()
    if isinstance(first, ExtraMile):
        return RollDice()
    if any(isinstance(a, Option) for a in legal):
        return legal[0]
    if any(isinstance(a, RollMove | StayPut) for a in legal):
        return RollMove() if RollMove() in legal else StayPut()
    moves = [a for a in legal if isinstance(a, Move)]
    if moves or any(isinstance(a, UseFuel) for a in legal):
        top = catalog(state.config).top
        dist = _distances(top)
        targets = _targets(state)
        here = state.space[p]
        best_here = min(dist[here][t] for t in targets)
        if UseFuel() in legal and best_here > state.roll and pool(state, p)[1] > 8:
            return UseFuel()
        if not moves:
            return EndTurn()
        return min(moves, key=lambda m: (min(dist[m.space][t] for t in targets), rng.random()))
    if any(isinstance(a, UseMedkit) for a in legal):
        return UseMedkit()
    if Remain() in legal:
        return Remain()
    quiet = [a for a in legal if not isinstance(a, Trade | Barter | PlayBonus)]
    return quiet[0] if quiet else legal[0]


SEARCH: Searcher[DabConfig, DabState, DabAction] = Searcher(
    initial_state=rules.initial_state,
    to_move=rules.to_move,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    sample_chance=lambda state, rng: chance.sample(rules.chance_outcomes(state), rng),
    abstract=abstract,
    seeds=40,
)
"""Witness games: the purposeful policy, chance drawn from the listed outcomes."""

SOLO = DabConfig(players=2, length="short")
TEAMS = DabConfig(players=4, length="short", play="teams")


def _goal_searches() -> dict[str, Found[DabConfig, DabAction]]:
    policy: Policy[DabState, DabAction] = purposeful
    plans: dict[str, Sequence[tuple[DabConfig, Policy[DabState, DabAction]]]] = {
        "solo-win": ((SOLO, policy),),
        "team-win": ((TEAMS, policy),),
        "reactivated": ((TEAMS, policy),),
        "every-milestone": ((SOLO, policy), (TEAMS, policy)),
    }
    return SEARCH.goal_searches(MODEL, plans, ((SOLO, policy),))


@functools.cache
def _cached() -> dict[str, Found[DabConfig, DabAction]]:
    return _goal_searches()


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _cached().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and actions of the real game behind
    :func:`goal_witnesses` (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _cached().items()}


def _unused(_: Mapping[str, object]) -> None:
    """Keeps the import of Mapping for readers of the signatures above."""
