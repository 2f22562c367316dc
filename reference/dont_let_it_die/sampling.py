"""Random Don't Let It Die configurations within what the rules allow (the differential
test plays them): any player count with a random share of the characters, four distinct
characters a challenge allows, a tree and tracker side it allows, any reading."""

from __future__ import annotations

import random

from dieproof.reference.core.sampling import random_literals
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die.types import (
    CHALLENGES,
    CHARACTERS_IN_PLAY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    DlidConfig,
    Readings,
)


def sample_config(rng: random.Random) -> DlidConfig:
    """A random configuration :func:`~dieproof.reference.dont_let_it_die.rules.validate_config`
    accepts."""
    number = rng.randrange(len(CHALLENGES))
    allowed = content.CHALLENGE_TRIBES.get(number, frozenset(content.CHARACTER_NAMES))
    allowed = allowed - content.CHALLENGE_BANNED.get(number, frozenset())
    characters = tuple(rng.sample(sorted(allowed), CHARACTERS_IN_PLAY))
    trees = sorted(content.CHALLENGE_TREES.get(number, frozenset(content.TREES)))
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    controllers = list(range(players)) + [
        rng.randrange(players) for _ in range(CHARACTERS_IN_PLAY - players)
    ]
    rng.shuffle(controllers)
    return DlidConfig(
        players=players,
        characters=characters,
        controllers=tuple(controllers),
        first_player=rng.randrange(CHARACTERS_IN_PLAY),
        tree=rng.choice(trees),  # type: ignore[arg-type]
        tracker=rng.choice(("normal", "hard")),
        challenge=CHALLENGES[number],
        readings=random_literals(Readings(), rng),
    )
