"""Random Doom and Bloom SURVIVAL! configurations within what the rules allow, for the
differential test (``Rules.sample_config``): an official configuration (team play only
with four), any reading, a turn limit, and dieproof's content with another die."""

from __future__ import annotations

import random

from dieproof.reference.core.sampling import random_literals
from dieproof.reference.core.types import replace
from dieproof.reference.doom_and_bloom.content import DEFAULT_CONTENT
from dieproof.reference.doom_and_bloom.types import DabConfig


def sample_config(rng: random.Random) -> DabConfig:
    """A random configuration the rules accept (see the module's description)."""
    from dieproof.reference.doom_and_bloom.game import configs

    config = rng.choice(configs())
    die = rng.choice(((1, 2, 3), (1, 1, 2, 2, 3, 3), (1, 2, 2, 3)))
    content = replace(DEFAULT_CONTENT, die=die) if rng.random() < 0.5 else None
    return replace(
        config,
        readings=random_literals(config.readings, rng),
        turn_limit=rng.randint(4, 40),
        content=content,
    )
