"""Doom and Bloom SURVIVAL!: the oracle contract's orders, the position builder, and the
refinement check catching planted bugs in the rules (the model carries the dice, the
roll's total after modifiers, the movement allowance and the benefits' costs)."""

from __future__ import annotations

import json
import random

import pytest

from dieproof.proofs import proofs_for, refine
from dieproof.reference import game
from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.types import replace
from dieproof.reference.doom_and_bloom import resolve, rules
from dieproof.reference.doom_and_bloom.types import (
    Barter,
    DabAction,
    DabState,
    PlayBonus,
    RollMove,
    SpendFood,
    StayPut,
    Trade,
)

GAME = game("doom-and-bloom")


def _position(**description: object) -> DabState:
    state = GAME.position(json.dumps(description))
    assert isinstance(state, DabState)
    return state


@pytest.mark.rule("DAB-TRADE-1", "DAB-TRADE-2")
def test_a_turn_lists_trades_barters_roll_stay_and_supply_in_order() -> None:
    state = _position(
        config={"players": 2},
        seats=[
            {"character": "Nurse", "space": "r3c6", "bonus": ["Supply Drop"]},
            {"character": "Farmer"},
        ],
    )
    legal = rules.legal_actions(state)
    kinds = [type(a) for a in legal]
    first_barter = kinds.index(Barter)
    assert all(k is Trade for k in kinds[:first_barter])
    trades = [(a.partner, a.give, a.get) for a in legal if isinstance(a, Trade)]
    assert trades == sorted(trades)
    assert kinds[-3:] == [RollMove, StayPut, PlayBonus]


@pytest.mark.rule("DAB-BOARD-1")
def test_positions_refuse_unknown_names() -> None:
    with pytest.raises(InvalidState, match="no space"):
        _position(
            config={"players": 2},
            seats=[{"character": "Nurse", "space": "nowhere"}, {"character": "Farmer"}],
        )
    with pytest.raises(InvalidState, match="2 seats"):
        _position(config={"players": 3}, seats=[{"character": "Nurse"}, {"character": "Farmer"}])


@pytest.mark.invariant("DAB-INV-DICE")
def test_refinement_catches_an_extra_mile_of_seven_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resolve, "EXTRA_MILE_DICE", 7)
    report = refine(GAME, proofs_for(GAME.id), games=40, seed=3)
    assert not report.ok


def test_refinement_catches_food_worth_two(monkeypatch: pytest.MonkeyPatch) -> None:
    # The rules dispatch each action type to its handler (rules._HANDLERS), so the
    # broken Food benefit stands in for the handler of SpendFood there.
    original = rules._HANDLERS[SpendFood]

    def broken(state: DabState, action: DabAction) -> DabState:
        after = original(state, action)
        return replace(after, total=after.total + 1)

    monkeypatch.setitem(rules._HANDLERS, SpendFood, broken)
    report = refine(GAME, proofs_for(GAME.id), games=40, seed=3)
    assert not report.ok


@pytest.mark.invariant("DAB-INV-MILESTONES")
def test_refinement_catches_a_milestone_rewarded_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    from dieproof.reference.doom_and_bloom.base import new_milestones as original

    def twice(reached: int, survivors: int) -> tuple[int, int]:
        bits, fresh = original(reached, survivors)
        return bits, 2 * fresh

    monkeypatch.setattr(resolve, "new_milestones", twice)
    report = refine(GAME, proofs_for(GAME.id), games=60, seed=3)
    assert not report.ok


@pytest.mark.rule("DAB-END-1", "DAB-TRADE-2")
def test_refinement_holds_over_sampled_configurations() -> None:
    """``dieproof verify`` plays the refinement check over ``configs()`` only; this plays
    it over sampled configurations (any reading, a turn limit of 4 to 40, another die),
    fixed seeds. Seed 1's game 9 caught the game ended at the turn limit after an owed
    extra turn had been used up (``rules.advance``)."""
    configs = [GAME.sample_config(random.Random(i)) for i in range(60)]
    proofs = proofs_for(GAME.id)
    for seed in (1, 2):
        report = refine(GAME, proofs, games=60, seed=seed, configs=configs)
        assert report.ok, report.failure
