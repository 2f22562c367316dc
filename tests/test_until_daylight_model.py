"""The step rules issue 11 added to Until Daylight's z3 model notice planted bugs.

Each test takes a real step of the reference, which some transition of the model
allows, and the same step with one planted defect (the turn skipping a player, health
not lost to a wound, a token out of nowhere, two cards handed over at once, an infected
attracted without a noise event, an objective claimed though unfulfilled, the wrong
player starting the next round): no transition allows the planted step, so the
refinement check would fail on it.
"""

from __future__ import annotations

import pytest

from dieproof.proofs import CompiledModel
from dieproof.proofs.until_daylight import MODEL, abstract
from dieproof.reference.core import replace
from dieproof.reference.until_daylight import Clock, Draw, Found, Give, Pass, Roll, UdState, apply
from dieproof.reference.until_daylight.base import catalog
from dieproof.reference.until_daylight.types import ObjectiveKind, Phase, Step

from .test_until_daylight import enemies_start
from .ud_helpers import W, combat, config, empty_inventory, give_cards, place, set_tuple, started

COMPILED = CompiledModel(MODEL)


def allowed(before: UdState, after: UdState) -> list[str]:
    """The model's transitions that allow the step from ``before`` to ``after``."""
    return COMPILED.transitions_matching(abstract(before), abstract(after))


def searching() -> UdState:
    """Round one's search phase, the first player about to act."""
    return apply(started(config(3)), Clock(gong=False))


@pytest.mark.rule("UD-COMBAT-4")
def test_the_characters_attack_goes_clockwise_one_player_at_a_time() -> None:
    before = combat(started(config(3)), active=1)
    good = apply(before, Pass())
    assert (good.turn, good.acted) == (2, 1)
    assert allowed(before, good) == ["attack"]
    assert allowed(before, replace(good, turn=0, acted=2)) == []  # a player skipped
    assert allowed(before, replace(good, turn=1)) == []  # the same player again


@pytest.mark.rule("UD-ENEMY-10")
def test_a_wound_costs_the_character_its_health() -> None:
    # A wanderer in areas 0 and 1: area 1's roll is still to come after area 0's.
    state = empty_inventory(place(place(started(config(3)), 0, [W]), 1, [W]), 0)
    before = enemies_start(state)
    assert before.phase is Phase.ENEMIES and before.step is Step.ROLL and before.roll_size == 1
    good = apply(before, Roll(1, 0, 0))
    assert good.wounds[0] == 1 and good.health[0] == before.health[0] - 1
    assert "enemies" in allowed(before, good)
    assert allowed(before, replace(good, health=before.health)) == []


@pytest.mark.rule("UD-SEARCH-2")
def test_a_token_comes_only_from_a_build() -> None:
    before = searching()
    good = apply(before, Pass())
    assert allowed(before, good) == ["search"]
    assert allowed(before, set_tuple(good, "traps", 1, 1)) == []


@pytest.mark.rule("UD-SEARCH-3")
def test_a_give_hands_over_one_card_that_is_not_ammunition() -> None:
    before = give_cards(searching(), 0, {"plank": 2})
    good = apply(before, Give(1, "plank"))
    assert "search" in allowed(before, good)
    cat = catalog(before.config)
    plank = cat.index["plank"]
    two = replace(
        good,
        inventories=(
            tuple(n - 2 if i == plank else n for i, n in enumerate(before.inventories[0])),
            tuple(n + 2 if i == plank else n for i, n in enumerate(before.inventories[1])),
            before.inventories[2],
        ),
    )
    assert allowed(before, two) == []


@pytest.mark.rule("UD-SEARCH-10")
def test_only_a_noise_event_attracts_an_infected() -> None:
    before = apply(searching(), Draw())
    noise = apply(before, Found("noise"))
    assert noise.attract == 1 and "search" in allowed(before, noise)
    plank = apply(before, Found("plank"))
    assert plank.attract == 0 and "search" in allowed(before, plank)
    assert allowed(before, replace(plank, attract=1, reveal_area=0, step=Step.HORDE)) == []


@pytest.mark.rule("UD-SETUP-4")
def test_an_objective_is_claimed_only_once_fulfilled() -> None:
    before = searching()
    good = apply(before, Pass())
    cards = catalog(before.config).content.objectives
    dealt = good.objectives[0]
    slot = next(k for k, o in enumerate(dealt) if cards[o].kind is not ObjectiveKind.SYMBOLS)
    assert not good.achieved[0][slot]
    marks = tuple(k == slot for k in range(len(dealt)))
    claimed = replace(good, achieved=(marks, *good.achieved[1:]))
    assert allowed(before, claimed) == []


@pytest.mark.rule("UD-ROUND-2")
def test_the_player_after_the_receiver_starts_the_next_round() -> None:
    before = enemies_start(started(config(3)), active=1)  # nobody on the table
    assert before.phase is Phase.SEARCH and before.round == 2 and before.turn == 2
    attack = combat(started(config(3)), active=1, turn=0, acted=2)
    after = apply(attack, Pass())
    assert after.turn == 2 and "round_end" in allowed(attack, after)
    assert allowed(attack, replace(after, turn=0, current=0)) == []


@pytest.mark.rule("UD-ROUND-3")
def test_each_cycle_of_the_final_fight_starts_with_the_receiver() -> None:
    state = replace(place(started(config(3)), 0, [W]), round=10)
    rolling = apply(combat(state, active=1, turn=0, acted=2), Pass())
    assert rolling.phase is Phase.ENEMIES and rolling.roll_size == 1
    after = apply(rolling, Roll(0, 0, 1))
    assert after.phase is Phase.ATTACKS and after.cycle == 1 and after.turn == 1
    assert allowed(rolling, after) == ["round_end"]
    assert allowed(rolling, replace(after, turn=2, current=2)) == []


def test_no_count_of_cards_dice_or_debts_is_negative() -> None:
    """A pile, an inventory or a debt below zero is no state of the model: the
    background's natural numbers (``least``) refuse it, and the turn order's seats too."""
    state = searching()
    assert COMPILED.background_holds(abstract(state))
    plank = catalog(state.config).index["plank"]
    short = tuple(-1 if i == plank else n for i, n in enumerate(state.inventories[1]))
    for bad in (
        replace(state, inventories=(state.inventories[0], short, state.inventories[2])),
        replace(state, discards=-1),
        replace(state, turn=3),
        replace(state, active=0),  # a horde's receiver during the search phase
    ):
        assert not COMPILED.background_holds(abstract(bad))


@pytest.mark.rule("UD-END-2")
def test_a_death_in_a_search_turn_ends_the_game_with_nobody_active() -> None:
    """An injury found in a search turn can kill; the game is over with no attacker
    ever chosen. The model's background once tied "nobody active" to the setup and
    search phases only, so this step broke it (found by the benchmark's refinement run,
    seed 70, which ``dieproof verify``'s seeds never reached)."""
    state = searching()
    state = replace(state, health=(1, *state.health[1:]))
    drawn = apply(state, Draw())
    over = apply(drawn, Found(card="injury"))
    assert over.phase is Phase.OVER and over.active == -1 and over.health[0] == 0
    assert over.result is not None and over.result.rule == "UD-END-2"
    assert allowed(drawn, over) == ["search"]
    assert COMPILED.background_holds(abstract(over))
    assert COMPILED.violated_invariants(abstract(over)) == []
