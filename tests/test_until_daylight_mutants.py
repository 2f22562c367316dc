"""Until Daylight: rules that the second, larger mutation sample (issue 11, 12 mutants
per rules module) found untested by the unit tests.

Each test here fails on a planted bug that the other unit tests let through (the
vectors or the refinement check caught some of them, but a unit test names the rule).
"""

from __future__ import annotations

import pytest

from dieproof.reference.core import IllegalAction, replace
from dieproof.reference.until_daylight import Clock, Draw, Enemy, Found, apply
from dieproof.reference.until_daylight.base import catalog
from dieproof.reference.until_daylight.types import Phase, Step

from .test_until_daylight import enemies_start, waves
from .ud_helpers import config, place, started

W = Enemy.WANDERER


@pytest.mark.rule("UD-SEARCH-1")
def test_a_card_no_longer_in_the_deck_cannot_be_drawn() -> None:
    """A drawn card comes off the rubble deck: a card with no copy left in the deck is
    refused (UD.NOT_IN_DECK), and the deck is unchanged."""
    state = apply(apply(started(config(3)), Clock(gong=False)), Draw())
    assert state.step is Step.FOUND
    cat = catalog(state.config)
    index = next(i for i, count in enumerate(state.rubble) if count)
    state = replace(state, rubble=tuple(0 if i == index else n for i, n in enumerate(state.rubble)))
    with pytest.raises(IllegalAction) as refused:
        apply(state, Found(cat.names[index]))
    assert refused.value.code == "UD.NOT_IN_DECK"
    assert refused.value.rule == "UD-SEARCH-1"


@pytest.mark.rule("UD-ROUND-3")
def test_each_cycle_of_the_final_fight_starts_without_dice() -> None:
    """Round ten, enemies left after the enemies' attack: the final fight's next
    characters' attack starts from the horde's receiver, nobody has acted yet, and no
    roll is pending (the combat dice are reset to 0 at the end of every attack)."""
    state = replace(place(started(config(3)), 0, [W]), round=10)
    state, _ = waves(enemies_start(state, active=1))
    assert state.phase is Phase.ATTACKS and state.step is Step.ACT and state.cycle == 1
    assert state.turn == 1 and state.active == 1 and state.acted == 0
    assert state.roll_size == 0
    assert state.defense is None and state.attack is None
