"""Until Daylight in z3: the goal witnesses, seeded real games whose abstract paths
reach every goal of the model."""

from __future__ import annotations

import random
from collections.abc import Mapping

import msgspec

from dieproof.proofs.model import Abstract
from dieproof.proofs.until_daylight.abstraction import abstract
from dieproof.proofs.until_daylight.model import MODEL
from dieproof.proofs.witnesses import Found, Policy, Searcher, uniform
from dieproof.reference.core.types import Action, Config
from dieproof.reference.until_daylight import rules
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    AttackWith,
    Build,
    CombatDie,
    Consent,
    Content,
    Deck,
    Draw,
    Sacrifice,
    Timer,
    UdAction,
    UdConfig,
    UdState,
)

# -- reachability witnesses ----------------------------------------------------------------------

UdPolicy = Policy[UdState, UdAction]
"""How a witness game picks a decision among the legal ones."""


def eager(state: UdState, legal: tuple[UdAction, ...], rng: random.Random) -> UdAction:
    """A keen player: attacks when it can, else draws and builds; agrees to every take,
    never sacrifices a survivor; anything else at random."""
    for kinds in ((AttackWith,), (Draw, Build), (Consent,)):
        found = [a for a in legal if isinstance(a, kinds)]
        if found:
            if isinstance(found[0], Consent):
                return Consent(True)
            return found[rng.randrange(len(found))]
    if isinstance(legal[0], Sacrifice):
        return legal[0]
    return uniform(state, legal, rng)


def _content(
    *,
    health: int = 60,
    slots_each: int = 10,
    horde: Deck | None = None,
    die: CombatDie | None = None,
    rubble: Mapping[str, int] | None = None,
) -> Content:
    """dieproof's default content with other characters' health and slots, horde, combat
    die or rubble deck (``rubble``: the only cards in the deck, with their counts), and
    no objective cards: a user-supplied box, as the config allows (a small one: the
    witness games' vectors spell it out)."""
    base = DEFAULT_CONTENT
    characters = tuple(
        msgspec.structs.replace(c, health=health, slots=slots_each) for c in base.characters
    )
    cards = base.rubble
    if rubble is not None:
        cards = tuple(msgspec.structs.replace(c, count=rubble.get(c.name, 0)) for c in cards)
    return msgspec.structs.replace(
        base,
        characters=characters,
        rubble=cards,
        horde=base.horde if horde is None else horde,
        die=base.die if die is None else die,
        objectives=(),
    )


RUSH = Timer(gong=1, tick=0)
"""The gong sounds before the first search action: short witness games."""

WITNESS_CONFIGS: Mapping[str, tuple[tuple[UdConfig, UdPolicy], ...]] = {
    "win": ((UdConfig(3, _content(horde=Deck(wanderer=1, survivor=3)), RUSH), eager),),
    "final-fight": ((UdConfig(3, _content(horde=Deck(wanderer=1, survivor=3)), RUSH), eager),),
    "no-survivor": ((UdConfig(3, _content(horde=Deck(wanderer=1)), RUSH), eager),),
    "cut-off": (
        (
            UdConfig(
                3,
                _content(health=500, horde=Deck(monster=1), die=CombatDie(1, 1, 4)),
                RUSH,
                final_cycles=1,
            ),
            eager,
        ),
    ),
    "full-inventory": ((UdConfig(3, _content(slots_each=2)), eager),),
    "death": ((UdConfig(3, _content(health=2), RUSH), uniform),),
    "six-dice": ((UdConfig(3, _content(horde=Deck(monster=20)), RUSH), uniform),),
    "two-tokens": (
        (UdConfig(3, _content(rubble={"plank": 20, "nails": 20, "rope": 20, "blade": 20})), eager),
    ),
}
"""The configurations and policies whose seeded games witness the goals that random play
of the default game seldom reaches."""

DEFAULT_WITNESS: tuple[tuple[UdConfig, UdPolicy], ...] = (
    (UdConfig(players=3, timer=RUSH), eager),
    *((UdConfig(players=n), uniform) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
)


SEARCH: Searcher[UdConfig, UdState, UdAction] = Searcher(
    initial_state=rules.initial_state,
    to_move=rules.to_move,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    sample_chance=rules.sample_chance,
    abstract=abstract,
    seeds=200,
)
"""Witness games: each plan's policy for decisions, chance by the fast sampler."""


def _goal_searches() -> dict[str, Found[UdConfig, UdAction]]:
    """For every goal, the first seeded game that reaches it (see :meth:`Searcher.search`)."""
    return SEARCH.goal_searches(MODEL, WITNESS_CONFIGS, DEFAULT_WITNESS)


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and the concrete actions of the real game whose
    abstract path :func:`goal_witnesses` gives (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}
