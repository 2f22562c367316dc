"""Until Daylight's derived quantities are kept up to date where their inputs change.

Objectives, experience and the leader token are updated only for the players whose
inputs a step changed (by identity); these tests play random games of every player
count and check at every step that computing them from scratch changes nothing, and
that the outcome tuples shared between states are the ones the weights give.
"""

from __future__ import annotations

import random

import pytest

from dieproof.reference.core import CHANCE, TERMINAL, Action
from dieproof.reference.core.chance import sample, weighted
from dieproof.reference.until_daylight import GAME, UdConfig
from dieproof.reference.until_daylight.base import settle
from dieproof.reference.until_daylight.rules import chance_weights

CONFIGS = list(GAME.configs())


@pytest.mark.rule("UD-SETUP-4", "UD-SETUP-5", "UD-SETUP-6")
@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}p" for c in CONFIGS])
def test_every_step_leaves_objectives_experience_and_leader_up_to_date(config: UdConfig) -> None:
    steps = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.initial_state(config)
        while GAME.to_move(state) != TERMINAL:
            action: Action
            if GAME.to_move(state) == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                assert outcomes == weighted(chance_weights(state))
                action = sample(outcomes, rng)
            else:
                options = GAME.legal_actions(state)
                action = options[rng.randrange(len(options))]
            after = GAME.apply(state, action)
            assert settle(after) == after, f"seed {seed}, step {steps}"
            state, steps = after, steps + 1
    assert steps > 200
