"""Random No Game Over configurations within what the rules allow, for the differential
test (``Rules.sample_config``): any player count, any reading, and the default cards with
other copies, strengths, escape values and rewards (names, decks, kinds and texts stay,
so every rule stays reachable)."""

from __future__ import annotations

import random

from dieproof.reference.core.sampling import random_literals
from dieproof.reference.core.types import replace
from dieproof.reference.no_game_over.content import CARDS
from dieproof.reference.no_game_over.types import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Content,
    Kind,
    NgoConfig,
)


def sample_config(rng: random.Random) -> NgoConfig:
    """A random configuration: player count, readings and card numbers."""
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    cards = []
    for card in CARDS:
        count = rng.randint(1, 4) if card.count > 1 else 1
        strength = card.strength
        if card.kind in (Kind.ENEMY, Kind.BOSS, Kind.EQUIPMENT) or strength:
            strength = max(0, strength + rng.randint(-2, 2))
        reward = rng.randint(0, 3) if card.kind is Kind.ENEMY else card.reward
        cards.append(replace(card, count=count, strength=strength, reward=reward))
    config = NgoConfig(players=players, content=Content(cards=tuple(cards)))
    return random_literals(config, rng)
