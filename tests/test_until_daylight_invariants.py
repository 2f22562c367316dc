"""The invariants of Until Daylight notice broken states and steps.

Each test breaks one invariant on purpose: a state invariant must be named by the
reference's ``invariants`` and by the z3 model on ``abstract(state)``; a step property
(six dice, damage order, elimination order) must be named by the model on the step. So
the checks that guard every simulated game and every refinement run can fail.
"""

from __future__ import annotations

import pytest

from dieproof.proofs import CompiledModel, proofs_for, refine
from dieproof.proofs.until_daylight import MODEL, abstract
from dieproof.reference import game
from dieproof.reference.core import Result, replace
from dieproof.reference.until_daylight import (
    AttackWith,
    Clock,
    Deck,
    Draw,
    Enemy,
    Fate,
    FateRoll,
    Found,
    Phase,
    Reveal,
    Roll,
    Sacrifice,
    Step,
    UdState,
    apply,
    enemies,
    initial_state,
    invariants,
)
from dieproof.reference.until_daylight.types import Attack, Defense

from .ud_helpers import S, W, combat, config, give_cards, place, set_tuple, started

COMPILED = CompiledModel(MODEL)


def ids(state: UdState) -> set[str]:
    return {v.invariant for v in invariants(state)}


def model_ids(state: UdState) -> set[str]:
    return set(COMPILED.violated_invariants(abstract(state)))


def test_fresh_games_break_nothing() -> None:
    for players in range(3, 7):
        state = initial_state(config(players))
        assert ids(state) == set() and model_ids(state) == set()
        assert COMPILED.satisfies_init(abstract(state))
        assert ids(started(config(players))) == set()


@pytest.mark.invariant("UD-INV-SIX-DICE")
def test_a_roll_of_seven_dice_is_reported() -> None:
    state = replace(started(), roll_size=7)
    assert ids(state) == {"UD-INV-SIX-DICE"}
    before = abstract(started())
    assert COMPILED.violated_properties(before, abstract(state)) == ["UD-INV-SIX-DICE"]


@pytest.mark.invariant("UD-INV-DAMAGE-ORDER")
def test_a_wound_behind_a_barricade_is_reported() -> None:
    state = set_tuple(place(started(), 0, [W]), "barricades", 0, 1)
    state = replace(state, phase=Phase.ENEMIES)
    wounded = set_tuple(set_tuple(state, "wounds", 0, 1), "health", 0, 9)
    broken = COMPILED.violated_properties(abstract(state), abstract(wounded))
    assert broken == ["UD-INV-DAMAGE-ORDER"]
    fallen = set_tuple(set_tuple(wounded, "barricades", 0, 0), "wounds", 0, 1)
    assert COMPILED.violated_properties(abstract(state), abstract(fallen)) == []
    survivor = place(set_tuple(state, "barricades", 0, 0), 0, [S])
    behind = set_tuple(survivor, "wounds", 0, 1)
    assert COMPILED.violated_properties(abstract(survivor), abstract(behind)) == [
        "UD-INV-DAMAGE-ORDER"
    ]


@pytest.mark.invariant("UD-INV-ELIM-ORDER")
def test_an_elimination_out_of_line_is_reported() -> None:
    state = combat(place(started(), 0, [W, W]), active=0)
    attack = Attack(attacker=0, area=0, weapon="basic-pillar", melee=True, noisy=False, dice=2)
    before = replace(state, attack=attack, roll_size=2)
    after = replace(before, attack=replace(attack, eliminated=(1,), rolled=True))
    assert ids(after) == {"UD-INV-ELIM-ORDER"}
    assert COMPILED.violated_properties(abstract(before), abstract(after)) == ["UD-INV-ELIM-ORDER"]
    good = replace(before, attack=replace(attack, eliminated=(0,), rolled=True))
    assert ids(good) == set()


@pytest.mark.invariant("UD-INV-INVENTORY")
def test_an_overfull_inventory_is_reported() -> None:
    state = give_cards(started(), 0, {"plank": 10})
    assert ids(state) == {"UD-INV-INVENTORY"}
    assert model_ids(state) == {"UD-INV-INVENTORY"}


@pytest.mark.invariant("UD-INV-TOKENS")
def test_a_third_token_is_reported() -> None:
    state = set_tuple(set_tuple(started(), "barricades", 1, 2), "traps", 1, 1)
    assert ids(state) == {"UD-INV-TOKENS"}
    assert model_ids(state) == {"UD-INV-TOKENS"}


@pytest.mark.invariant("UD-INV-HEALTH")
def test_health_out_of_bounds_is_reported() -> None:
    state = started()  # seat 2 plays the trigger: 8 health
    top = state.health[2]
    assert top == 8 and ids(state) == set()
    assert ids(set_tuple(state, "health", 2, top + 1)) == {"UD-INV-HEALTH"}
    assert model_ids(set_tuple(state, "health", 2, top + 1)) == {"UD-INV-HEALTH"}
    assert "UD-INV-HEALTH" in ids(set_tuple(state, "health", 2, -1))


@pytest.mark.invariant("UD-INV-DEATH-LOSS")
def test_a_dead_character_in_a_running_game_is_reported() -> None:
    state = set_tuple(started(), "health", 1, 0)
    assert ids(state) == {"UD-INV-DEATH-LOSS"}
    assert model_ids(state) == {"UD-INV-DEATH-LOSS"}
    won = replace(state, phase=Phase.OVER, result=Result((0, 1, 2), "x", "UD-END-1"))
    assert "UD-INV-DEATH-LOSS" in ids(won)


@pytest.mark.invariant("UD-INV-ROUNDS")
def test_an_eleventh_round_is_reported() -> None:
    assert ids(replace(started(), round=11)) == {"UD-INV-ROUNDS"}
    assert model_ids(replace(started(), round=11)) == {"UD-INV-ROUNDS"}
    assert ids(replace(started(), round=9, cycle=1)) == {"UD-INV-ROUNDS"}


@pytest.mark.invariant("UD-INV-LEADER")
def test_a_leader_with_less_experience_is_reported() -> None:
    state = give_cards(started(), 2, {"symbol": 1})
    assert ids(state) == {"UD-INV-LEADER"}  # nobody leads, but player 2 has a point
    assert model_ids(state) == {"UD-INV-LEADER"}
    assert ids(replace(state, leader=1)) == {"UD-INV-LEADER"}
    assert ids(replace(state, leader=2)) == set()


@pytest.mark.invariant("UD-INV-CARDS")
def test_a_vanished_card_is_reported() -> None:
    state = started()
    gone = replace(state, rubble=(state.rubble[0] + 1, *state.rubble[1:]))
    assert ids(gone) == {"UD-INV-CARDS"}
    assert model_ids(gone) == {"UD-INV-CARDS"}
    extra = replace(state, horde_discard=Deck(monster=1))
    assert ids(extra) == {"UD-INV-CARDS"}


@pytest.mark.invariant("UD-INV-END")
def test_an_ending_without_its_conditions_is_reported() -> None:
    state = started()
    assert ids(replace(state, phase=Phase.OVER, step=Step.NONE)) == {"UD-INV-END"}
    win = Result((0, 1, 2), "daylight", "UD-END-1")
    early = replace(state, phase=Phase.OVER, step=Step.NONE, result=win)
    assert ids(early) == {"UD-INV-END"}  # round 1, no survivor saved
    assert model_ids(early) == {"UD-INV-END"}


@pytest.mark.invariant("UD-INV-DAMAGE-ORDER")
def test_the_refinement_check_catches_a_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    # Infected that go past survivors to the character: every reference invariant still
    # holds, but the step breaks the proven damage order.
    real = enemies.target

    def skip_survivors(state: UdState, defense: Defense) -> tuple[str, int, int]:
        found = real(state, defense)
        return ("character", 0, 0) if found[0] == "survivor" else found

    monkeypatch.setattr(enemies, "target", skip_survivors)
    report = refine(game("until-daylight"), proofs_for("until-daylight"), games=60, seed=3)
    failure = report.failure
    assert failure is not None and failure.kind == "no-transition"
    assert failure.before is not None and failure.after is not None
    assert COMPILED.violated_properties(failure.before, failure.after) == ["UD-INV-DAMAGE-ORDER"]


def test_an_attack_in_progress_is_abstracted() -> None:
    state = give_cards(place(started(), 0, [W, W, W]), 0, {"gun": 1, "gun-ammo": 3})
    state = apply(combat(state, active=0), AttackWith(0, "gun", 3))
    state = apply(state, Roll(1, 2, 0))
    a = abstract(state)
    assert a["attacking"] and a["elim"] == 0 and a["dice"] == 3


# -- the properties issue 7 added: dice after modifiers, sacrifices, attracted infected -----------


@pytest.mark.invariant("UD-INV-ATTACK-DICE")
def test_an_attack_capped_on_cards_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Pillar's drawback takes a distance die: 7 gun ammo give 6 dice. A reference
    # that caps the cards at six before the drawback rolls 5: the model finds no
    # transition for that step, and names the property it breaks.
    from dieproof.reference.until_daylight import combat as rules_combat
    from dieproof.reference.until_daylight.content import DEFAULT_CONTENT

    cfg = config(3, content=DEFAULT_CONTENT)
    before = started(cfg, ["pillar", "hipster", "psycho"])
    before = combat(place(give_cards(before, 0, {"gun": 1, "gun-ammo": 7}), 0, [W]), active=0)
    good = apply(before, AttackWith(0, "gun", 7))
    assert COMPILED.transitions_matching(abstract(before), abstract(good)) == ["attack"]
    real = rules_combat.attack_dice

    def cards_capped(state: UdState, player: int, weapon: int, ammo: int) -> tuple[int, int]:
        return real(state, player, weapon, min(ammo, 6))

    monkeypatch.setattr(rules_combat, "attack_dice", cards_capped)
    bad = apply(before, AttackWith(0, "gun", 7))
    assert bad.roll_size == 5
    assert COMPILED.transitions_matching(abstract(before), abstract(bad)) == []
    assert COMPILED.violated_properties(abstract(before), abstract(bad)) == ["UD-INV-ATTACK-DICE"]


@pytest.mark.invariant("UD-INV-SACRIFICE")
def test_damage_past_a_saved_survivor_without_the_offer_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The die of fate's damage with a saved survivor kept: the fixed reference asks for
    # the sacrifice; one that deals the damage at once breaks UD-INV-SACRIFICE.
    from dieproof.reference.until_daylight import base
    from dieproof.reference.until_daylight import combat as rules_combat

    state = replace(started(), horde=started().horde.add(S, -1), saved=(1, 0, 0))
    state = replace(state, saved_ever=(1, 0, 0))
    before = apply(settled_state(state), Clock(True))
    good = apply(before, FateRoll(Fate.DAMAGE))
    assert good.step is Step.SACRIFICE
    assert COMPILED.violated_properties(abstract(before), abstract(good)) == []
    asked = abstract(good)
    absorbed = apply(good, Sacrifice(1))
    assert COMPILED.violated_properties(asked, abstract(absorbed)) == []
    monkeypatch.setattr(rules_combat, "harm", base.hurt)
    bad = apply(before, FateRoll(Fate.DAMAGE))
    assert bad.health[0] == good.health[0] - 1
    assert COMPILED.transitions_matching(abstract(before), abstract(bad)) == []
    assert COMPILED.violated_properties(abstract(before), abstract(bad)) == ["UD-INV-SACRIFICE"]


@pytest.mark.invariant("UD-INV-ATTRACT")
def test_a_survivor_brought_by_noise_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from dieproof.reference.until_daylight import combat as rules_combat

    before = apply(apply(apply(started(), Clock(False)), Draw()), Found("noise"))
    good = apply(before, Reveal(Enemy.WANDERER))
    assert COMPILED.violated_properties(abstract(before), abstract(good)) == []
    monkeypatch.setattr(rules_combat, "attractable", lambda state: frozenset(Enemy))
    bad = apply(before, Reveal(Enemy.SURVIVOR))
    assert bad.areas[0] == (Enemy.SURVIVOR,)
    assert COMPILED.transitions_matching(abstract(before), abstract(bad)) == []
    assert COMPILED.violated_properties(abstract(before), abstract(bad)) == ["UD-INV-ATTRACT"]


def settled_state(state: UdState) -> UdState:
    from dieproof.reference.until_daylight.base import settle

    return settle(state)


def test_each_ud_wrong_encoding_is_refuted_by_the_invariant_it_targets() -> None:
    import re

    from dieproof.proofs import refute_wrong
    from dieproof.proofs.until_daylight import WRONG

    results = {r.name: r for r in refute_wrong(MODEL)}
    for wrong in WRONG:
        found = re.search(r"(UD-INV-[A-Z-]+) must fail", wrong.doc)
        assert found, wrong.name
        result = results[wrong.name]
        assert result.caught, result.render()
        assert any(o.startswith(f"{found.group(1)}/") for o in result.refuted_by), result.render()
