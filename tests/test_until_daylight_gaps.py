"""Until Daylight: the rules a mutation run found untested (issue 11).

Each test here fails on a planted bug that every other test let through: the leader's
doubled regeneration, the head damage a combined trap kill leaves behind, the bounds of
the area an attack names, and the rubble deck reshuffled when a draw finds it empty.
"""

from __future__ import annotations

import pytest

from dieproof.reference.core import InvalidAction, replace
from dieproof.reference.until_daylight import (
    AttackWith,
    Clock,
    Draw,
    Enemy,
    apply,
    chance_outcomes,
)
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import Readings, Step

from .test_until_daylight import enemies_start
from .ud_helpers import combat, config, give_cards, ok, place, set_tuple, started

B, M, W = Enemy.BRUTE, Enemy.MONSTER, Enemy.WANDERER


@pytest.mark.rule("UD-SETUP-6")
@pytest.mark.parametrize(("leader", "healed"), [(0, 2), (1, 1)])
def test_regeneration_is_doubled_for_the_leader(leader: int, healed: int) -> None:
    """The pillar regenerates one health at the end of every enemies' attack (a
    provisional advantage, UD-A2); as the leader, its advantage is doubled (UD-SETUP-6)."""
    state = started(config(3, content=DEFAULT_CONTENT), ["pillar", "hipster", "psycho"])
    state = replace(set_tuple(state, "health", 0, 5), leader=leader)
    after = enemies_start(state)  # no enemy anywhere: the attack is over at once
    assert after.round == state.round + 1 and after.step is Step.CLOCK
    assert after.health[0] == 5 + healed
    assert after.health[1:] == state.health[1:]


@pytest.mark.rule("UD-ENEMY-2")
def test_a_combined_trap_kill_leaves_no_head_damage_behind() -> None:
    """Under trap_damage = "combined" two traps add up on one enemy; but once a trap's
    damage has eliminated an enemy, the next trap starts afresh on the next one: a brute
    falls to the first trap, and the second gives the monster one head damage, not the
    two it needs."""
    readings = Readings(trap_damage="combined")
    state = set_tuple(started(config(3, readings=readings)), "traps", 0, 2)
    after = enemies_start(place(state, 0, [B, M, W]))
    assert after.areas[0] == (M, W)
    assert after.traps[0] == 0
    assert ok(after).horde_discard.count(B) == 1


@pytest.mark.rule("UD-COMBAT-5")
@pytest.mark.parametrize("area", [99, 3, -1, -3])
def test_an_attack_names_an_area_of_the_game(area: int) -> None:
    """Areas are the seats 0 to n-1: area 99 (or 3, with three players) is no area, and
    area -1 must not reach the last seat's area by negative indexing."""
    state = give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 2})
    state = combat(place(place(state, 0, [W]), 2, [W]), active=0)
    with pytest.raises(InvalidAction) as refused:
        apply(state, AttackWith(area, "gun", 1))
    assert refused.value.code == "UD.NO_SEAT"


@pytest.mark.rule("UD-SEARCH-1")
def test_an_empty_rubble_deck_takes_its_discard_pile_back() -> None:
    """A draw from an empty rubble deck shuffles the discard pile back in first (UD-A3):
    the card then comes from what had been discarded."""
    state = started(config(3))
    empty = tuple(0 for _ in state.rubble)
    state = replace(state, rubble=empty, rubble_discard=state.rubble)
    state = apply(apply(state, Clock(gong=False)), Draw())
    assert state.step is Step.FOUND
    assert state.rubble_discard == empty and sum(state.rubble) > 0
    outcomes = chance_outcomes(state)
    assert outcomes and sum(p for _, p in outcomes) == 1
