"""No Game Over: one test per rule, and the rulebook's worked numbers as tests (named
after them)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dieproof.reference.core import CHANCE, TERMINAL, IllegalAction, InvalidConfig, InvalidState
from dieproof.reference.no_game_over import GAME, NgoConfig, NgoState
from dieproof.reference.no_game_over.base import (
    catalog,
    enemy_power,
    escape_value,
    fighter_power,
    strength,
)
from dieproof.reference.no_game_over.game import box_count
from dieproof.reference.no_game_over.position import Fight, Position, fill
from dieproof.reference.no_game_over.types import (
    Boss,
    Cast,
    Decline,
    Die,
    Discard,
    DiscardEquipment,
    Draw,
    EndTurn,
    Enemy,
    Equip,
    Flee,
    GiveUp,
    Pass,
    Readings,
    Reveal,
    Rewards,
    Roll,
    Snatch,
    Step,
    Take,
    Trade,
    Unequip,
    Use,
)

CARDS = catalog(NgoConfig()).index


def card(name: str) -> int:
    return CARDS[name]


def pos(**fields: object) -> NgoState:
    """A validated position (the position builder, then the state checks)."""
    state = fill(Position(**fields))  # type: ignore[arg-type]
    GAME.check_state(state)
    return state


def go(state: NgoState, *actions: object) -> NgoState:
    for action in actions:
        state = GAME.apply(state, action)  # type: ignore[arg-type]
        assert not GAME.invariants(state), GAME.invariants(state)
    return state


def pass_all(state: NgoState) -> NgoState:
    """Everybody passes until the combat loop ends."""
    while state.step is Step.COMBAT and GAME.to_move(state) >= 0:
        state = go(state, Pass())
    return state


def draw(state: NgoState, name: str) -> NgoState:
    return go(state, Draw(card=card(name)))


def illegal(state: NgoState, action: object, rule_id: str | None = None) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)  # type: ignore[arg-type]
    if rule_id is not None:
        assert caught.value.rule == rule_id


def seats(state: NgoState) -> int:
    return state.config.players


# -- setup -------------------------------------------------------------------------------


@pytest.mark.rule("NGO-SETUP-1")
def test_two_to_six_players_and_one_configuration_each() -> None:
    assert [c.players for c in GAME.configs()] == [2, 3, 4, 5, 6]
    for bad in ('{"players": 1}', '{"players": 7}'):
        with pytest.raises(InvalidConfig):
            GAME.load_config(bad)


@pytest.mark.rule("NGO-SETUP-2")
def test_the_deal_gives_three_items_three_levels_and_three_lives() -> None:
    state = GAME.initial_state(NgoConfig(players=3))
    assert state.lives == (3, 3, 3)
    assert len(state.draws) == 18 and state.step is Step.DEAL
    rng = random.Random(1)
    while state.draws:
        assert GAME.to_move(state) == CHANCE
        state = go(state, GAME.sample_chance(state, rng))
    cat = catalog(state.config)
    items = 0
    for p in range(3):
        hand = state.hands[p]
        items += sum(n for c, n in enumerate(hand) if cat.deck_of[c] == 0)
        assert sum(n for c, n in enumerate(hand) if cat.deck_of[c] == 1) == 3
    # Load Game, if dealt, is discarded at once (NGO-A7): nine Item cards either way.
    assert items + state.discards[0][card("Load Game")] == 9
    assert state.step is Step.ROLL_OFF


@pytest.mark.rule("NGO-SETUP-3")
def test_the_roll_off_rerolls_ties_and_the_highest_starts() -> None:
    state = GAME.initial_state(NgoConfig(players=3))
    rng = random.Random(0)
    while state.step is Step.DEAL:
        state = go(state, GAME.sample_chance(state, rng))
    assert GAME.chance_outcomes(state) == tuple((Die(value=v), Fraction(1, 6)) for v in range(1, 7))
    state = go(state, Die(value=5), Die(value=2), Die(value=5))
    assert state.contenders == (0, 2) and state.rolls == (0, 0, 0)
    state = go(state, Die(value=1), Die(value=4))
    assert state.active == 2 and state.step is Step.PREPARE


@pytest.mark.rule("NGO-END-3")
def test_the_next_turn_is_the_next_seat() -> None:
    state = pos(config=NgoConfig(players=3), active=2, step="end", tokens=(False, False, True))
    state = go(state, EndTurn())
    # Player 2 held the token and won nothing: the free card first.
    assert state.step is Step.EASY
    state = go(state, Decline())
    assert state.active == 0 and state.step is Step.PREPARE


# -- the turn ------------------------------------------------------------------------------


@pytest.mark.rule("NGO-EQUIP-1")
def test_equip_in_your_turn_and_a_swap_keeps_the_old_card() -> None:
    state = pos(hands=(("Sword", "Shield", "Helmet"),))
    state = go(state, Equip(card=card("Helmet")))
    assert state.equipment[0] == (card("Helmet"),)
    state = go(state, Equip(card=card("Sword")), Equip(card=card("Shield")))
    # Two hands are full: a third hand card only as a swap.
    state2 = pos(hands=(("Dagger",),), equipment=(("Sword", "Shield"),))
    assert Equip(card=card("Dagger")) not in GAME.legal_actions(state2)
    swapped = go(state2, Equip(card=card("Dagger"), replace=card("Sword")))
    assert swapped.hands[0][card("Sword")] == 1
    assert sorted(swapped.equipment[0]) == sorted((card("Dagger"), card("Shield")))


@pytest.mark.rule("NGO-EQUIP-2")
def test_the_slots_head_body_legs_two_hands_or_one_two_handed() -> None:
    state = pos(equipment=(("Bow",),), hands=(("Sword", "Helmet", "Armor", "Greaves"),))
    legal = GAME.legal_actions(state)
    assert Equip(card=card("Sword")) not in legal
    assert Equip(card=card("Sword"), replace=card("Bow")) in legal
    for name in ("Helmet", "Armor", "Greaves"):
        assert Equip(card=card(name)) in legal
    full = pos(equipment=(("Helmet",),), hands=(("Cap of Speed",),))
    assert Equip(card=card("Cap of Speed")) not in GAME.legal_actions(full)


@pytest.mark.rule("NGO-EQUIP-3", "NGO-CARD-6")
def test_cheat_allows_one_more_card_and_its_loss_returns_one() -> None:
    state = pos(equipment=(("Helmet",),), hands=(("Cheat", "Cap of Speed"),))
    assert Equip(card=card("Cap of Speed")) not in GAME.legal_actions(state)
    state = go(state, Equip(card=card("Cheat")), Equip(card=card("Cap of Speed")))
    assert len(state.equipment[0]) == 3
    # Warcio takes the Cheat: one head card goes back to the hand.
    warcio = pos(
        config=NgoConfig(players=2),
        active=1,
        equipment=(("Cheat", "Helmet", "Cap of Speed"),),
        hands=((), ("Warcio",)),
    )
    state = go(warcio, Cast(card=card("Warcio"), target=0))
    assert GAME.to_move(state) == 0
    state = go(state, DiscardEquipment(card=card("Cheat")))
    heads = sorted((card("Helmet"), card("Cap of Speed")))
    assert GAME.legal_actions(state) == tuple(Unequip(card=c) for c in heads)
    state = go(state, Unequip(card=card("Helmet")))
    assert state.hands[0][card("Helmet")] == 1 and not state.owed
    # Taking back a card that frees no slot leaves the debt.
    bow = pos(
        config=NgoConfig(players=2),
        active=1,
        equipment=(("Cheat", "Helmet", "Cap of Speed", "Bow"),),
        hands=((), ("Warcio",)),
    )
    bow = go(bow, Cast(card=card("Warcio"), target=0), DiscardEquipment(card=card("Cheat")))
    bow = go(bow, Unequip(card=card("Bow")))
    assert bow.owed and bow.owed[0].player == 0 and bow.owed[0].what == "unequip"
    bow = go(bow, Unequip(card=card("Cap of Speed")))
    assert not bow.owed and bow.equipment[0] == (card("Helmet"),)


@pytest.mark.rule("NGO-TURN-1")
def test_the_turn_starts_before_the_level_with_the_active_player() -> None:
    state = pos(active=1, config=NgoConfig(players=2), hands=((), ("Sword",)))
    assert GAME.to_move(state) == 1
    assert GAME.legal_actions(state) == (Equip(card=card("Sword")), Reveal())


@pytest.mark.rule("NGO-TURN-3")
def test_the_hand_must_be_five_before_the_level() -> None:
    six = ("Slime", "Goblin", "Orc", "Troll", "Golem", "Wyvern")
    state = pos(hands=(six,))
    illegal(state, Reveal(), "NGO-TURN-3")
    assert GAME.legal_actions(state)[0] == Discard(card=card("Slime"))
    state = go(state, Discard(card=card("Orc")))
    assert Reveal() in GAME.legal_actions(state)
    # At five cards, no discard is offered (NGO-A6's default reading).
    assert not any(isinstance(a, Discard) for a in GAME.legal_actions(state))
    anyway = pos(config=NgoConfig(readings=Readings(voluntary_discard="any")), hands=(("Slime",),))
    assert Discard(card=card("Slime")) in GAME.legal_actions(anyway)


@pytest.mark.rule("NGO-TURN-4")
def test_trade_three_cards_for_a_life() -> None:
    hand = ("Slime", "Slime", "Goblin", "Helmet")
    state = pos(hands=(hand,), lives=(3, 3, 3, 3))
    slime, goblin = sorted((card("Slime"), card("Goblin")))
    traded = (slime, slime, goblin) if slime == card("Slime") else (slime, goblin, goblin)
    state = go(state, Trade(cards=traded))
    assert state.lives[0] == 4 and sum(state.hands[0]) == 1
    # Below five lives only; never during a combat.
    at_five = pos(hands=(hand,), lives=(5, 3, 3, 3))
    assert not any(isinstance(a, Trade) for a in GAME.legal_actions(at_five))
    fighting = pos(hands=(hand,), step="combat", fight=Fight(enemy="Slime"))
    assert not any(isinstance(a, Trade) for a in GAME.legal_actions(fighting))
    illegal(fighting, Trade(cards=(card("Slime"), card("Slime"), card("Goblin"))), "NGO-COMBAT-6")


@pytest.mark.rule("NGO-TURN-5", "NGO-DECK-1")
def test_one_level_card_an_enemy_starts_a_combat_a_curse_hits_you() -> None:
    state = pos()
    state = go(state, Reveal())
    assert GAME.to_move(state) == CHANCE
    outcomes = GAME.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[Draw(card=card("Slime"))] == Fraction(5, 53)
    fight = draw(state, "Goblin")
    assert fight.step is Step.COMBAT and fight.combat is not None
    assert fight.combat.main == card("Goblin")
    cursed = draw(state, "Lose a Life")
    assert cursed.lives[0] == 2 and cursed.step is Step.END
    assert Reveal() not in GAME.legal_actions(cursed)


# -- combat -------------------------------------------------------------------------------


@pytest.mark.rule("NGO-COMBAT-1", "NGO-COMBAT-2")
def test_five_lives_and_equipment_1_2_6_2_2_make_18_which_beats_17_not_18() -> None:
    worn = ("Helmet", "Armor", "War Hammer", "Greaves", "Sword")
    for enemy, wins in (("Vampire", True), ("Lich", False)):
        state = pos(
            config=NgoConfig(players=2),
            lives=(5, 3),
            equipment=(worn,),
            step="combat",
            fight=Fight(enemy=enemy),
        )
        assert strength(state, 0) == 18
        assert fighter_power(state) == 18
        assert enemy_power(state) == (17 if wins else 18)
        after = pass_all(state)
        assert (after.lives[0] == 6) is wins


@pytest.mark.rule("NGO-COMBAT-3")
def test_others_play_items_curses_and_one_secondary_enemy() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(4, 3, 3),
        hands=((), ("Goblin", "Slime", "Power Up"), ("Orc",)),
        step="combat",
        fight=Fight(enemy="Slime"),
    )
    state = go(state, Pass())  # the fighter passes; seat 1 holds priority
    assert GAME.to_move(state) == 1
    legal = GAME.legal_actions(state)
    assert Use(card=card("Power Up")) in legal and Enemy(card=card("Goblin")) in legal
    state = go(state, Enemy(card=card("Goblin")))
    assert state.combat is not None and state.combat.secondary == card("Goblin")
    assert enemy_power(state) == 3 + 5
    # Seat 2 may not add a third enemy.
    assert GAME.to_move(state) == 2
    assert Enemy(card=card("Orc")) not in GAME.legal_actions(state)
    state = go(state, Pass(), Pass())  # seat 2, the fighter
    assert GAME.to_move(state) == 1
    state = go(state, Use(card=card("Power Up")))
    assert enemy_power(state) == 3 + 5 + 2


@pytest.mark.rule("NGO-COMBAT-4")
def test_the_fighter_plays_items_and_one_allied_enemy() -> None:
    state = pos(
        config=NgoConfig(players=2),
        lives=(3, 3),
        hands=(("Goblin", "Slime", "Mega Hit"), ()),
        step="combat",
        fight=Fight(enemy="Orc"),
    )
    state = go(state, Enemy(card=card("Goblin")))
    assert fighter_power(state) == 3 + 5
    state = go(state, Pass())  # seat 1
    assert Enemy(card=card("Slime")) not in GAME.legal_actions(state)
    state = go(state, Use(card=card("Mega Hit")))
    assert fighter_power(state) == 3 + 5 + 5
    state = pass_all(state)
    # Won against the Orc (9): its reward (2), not the allied Goblin's.
    assert state.step is Step.REWARD
    assert GAME.legal_actions(state) == (Rewards(items=0), Rewards(items=1), Rewards(items=2))


@pytest.mark.rule("NGO-COMBAT-5")
def test_the_priority_loop_ends_when_all_pass_in_a_row() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(6, 3, 0),
        hands=((), ("Power Up",), ("Mega Hit",)),
        step="combat",
        fight=Fight(enemy="Slime"),
    )
    order = []
    state = go(state, Pass())
    order.append(GAME.to_move(state))
    state = go(state, Use(card=card("Power Up")))  # seat 1 plays: passes start again
    assert state.combat is not None and state.combat.passes == 0
    order.append(GAME.to_move(state))
    # The ghost in seat 2 may play against the fighter too.
    state = go(state, Use(card=card("Mega Hit")))
    order.append(GAME.to_move(state))
    assert order == [1, 2, 0]
    state = go(state, Pass(), Pass())
    assert state.step is Step.COMBAT
    state = go(state, Pass())
    assert state.step is not Step.COMBAT
    # 6 + 0 against 3 + 2 + 5: a tie is not a win; a d6 escape at 2.
    assert state.step is Step.ESCAPE


@pytest.mark.rule("NGO-COMBAT-6")
def test_no_equipment_change_during_a_combat() -> None:
    state = pos(hands=(("Sword",),), step="combat", fight=Fight(enemy="Slime"))
    assert not any(isinstance(a, Equip) for a in GAME.legal_actions(state))
    illegal(state, Equip(card=card("Sword")), "NGO-COMBAT-6")


# -- winning a combat ----------------------------------------------------------------------


@pytest.mark.rule("NGO-WIN-1", "NGO-LIFE-2")
def test_a_won_combat_gives_one_life_the_only_way_from_five_to_six() -> None:
    state = pos(
        lives=(5, 3, 3, 3), equipment=(("Sword",),), step="combat", fight=Fight(enemy="Slime")
    )
    state = pass_all(state)
    assert state.lives[0] == 6
    at_six = pos(lives=(6, 3, 3, 3), step="combat", fight=Fight(enemy="Slime"))
    assert pass_all(at_six).lives[0] == 6


@pytest.mark.rule("NGO-WIN-2")
def test_rewards_are_chosen_then_drawn_unseen() -> None:
    state = pos(
        config=NgoConfig(players=2),
        lives=(5, 3),
        equipment=(("Big Axe", "Helmet", "Armor", "Greaves"),),
        hands=((), ("Goblin",)),
        step="combat",
        fight=Fight(enemy="Orc"),
    )
    state = go(state, Pass(), Enemy(card=card("Goblin")))
    state = pass_all(state)
    assert state.step is Step.REWARD and state.lives[0] == 6
    state = go(state, Rewards(items=1))
    assert [d.deck.value for d in state.draws] == ["item", "level", "level"]
    assert state.combat is None and state.step is Step.END
    assert state.discards[1][card("Orc")] == 1 and state.discards[1][card("Goblin")] == 1


# -- escape -------------------------------------------------------------------------------


def _lost(**fields: object) -> NgoState:
    state = pos(config=NgoConfig(players=2), step="combat", fight=Fight(enemy="Lich"), **fields)
    return pass_all(state)


@pytest.mark.rule("NGO-ESCAPE-1")
def test_the_escape_values_base_2_plus_1_minus_2_and_both() -> None:
    base = _lost()
    assert base.step is Step.ESCAPE and escape_value(base, 0) == 2
    shoes = _lost(equipment=(("Running Shoes",),))
    assert escape_value(shoes, 0) == 3
    chains = _lost(afflictions=(("Heavy Chains",),))
    # -2: no roll can succeed, the combat is lost at once.
    assert chains.step is Step.END and chains.lives[0] == 2
    both = _lost(equipment=(("Running Shoes",),), afflictions=(("Heavy Chains",),))
    assert both.step is Step.ESCAPE
    rolled = go(both, Flee())
    assert rolled.roll is Roll.ESCAPE and escape_value(rolled, 0) == 1
    assert go(rolled, Die(value=1)).lives[0] == 3
    assert go(rolled, Die(value=2)).lives[0] == 2
    for value, fled in ((1, True), (2, True), (3, False)):
        after = go(base, Flee(), Die(value=value))
        assert (after.lives[0] == 3) is fled
    for value, fled in ((3, True), (4, False)):
        assert (go(shoes, Flee(), Die(value=value)).lives[0] == 3) is fled


@pytest.mark.rule("NGO-ESCAPE-2")
def test_fleeing_gives_nothing_failing_costs_a_life() -> None:
    base = _lost()
    fled = go(base, Flee(), Die(value=1))
    assert fled.lives[0] == 3 and not fled.rewarded and fled.step is Step.END
    given = go(base, GiveUp())
    assert given.lives[0] == 2 and given.combat is None


@pytest.mark.rule("NGO-ESCAPE-3", "NGO-CARD-13")
def test_cannot_escape_icons_and_escape_cards() -> None:
    troll = pos(config=NgoConfig(players=2), step="combat", fight=Fight(enemy="Troll"))
    assert pass_all(troll).lives[0] == 2  # no die against the Troll
    with_card = pos(
        config=NgoConfig(players=2),
        hands=(("Smoke Bomb",),),
        step="combat",
        fight=Fight(enemy="Troll"),
    )
    fled = go(with_card, Use(card=card("Smoke Bomb")))
    assert fled.combat is None and fled.lives[0] == 3
    dragon = pos(
        config=NgoConfig(players=2),
        hands=(("Smoke Bomb",),),
        step="combat",
        fight=Fight(enemy="Dragon"),
    )
    assert Use(card=card("Smoke Bomb")) not in GAME.legal_actions(dragon)


# -- end of turn and the 1st ROUND token -------------------------------------------------------


@pytest.mark.rule("NGO-END-1")
def test_the_fight_cards_are_discarded_the_equipment_kept() -> None:
    state = pos(
        config=NgoConfig(players=2),
        equipment=(("Sword",),),
        step="combat",
        fight=Fight(enemy="Lich"),
        afflictions=(("Slippery Floor",),),
    )
    state = go(pass_all(state), GiveUp())
    assert state.equipment[0] == (card("Sword"),) and state.afflictions[0] == ()
    assert state.discards[1][card("Lich")] == 1
    assert state.discards[1][card("Slippery Floor")] == 1


@pytest.mark.rule("NGO-END-2")
def test_the_hand_at_most_five_to_end_the_turn() -> None:
    six = ("Slime", "Goblin", "Orc", "Troll", "Golem", "Wyvern")
    state = pos(step="end", hands=(six,))
    illegal(state, EndTurn(), "NGO-END-2")
    state = go(state, Discard(card=card("Golem")))
    assert EndTurn() in GAME.legal_actions(state)


@pytest.mark.rule("NGO-EASY-1")
def test_two_turns_without_reward_give_a_free_card() -> None:
    state = pos(config=NgoConfig(players=2), step="end")
    state = go(state, EndTurn())
    assert state.tokens[0] and state.active == 1
    state = go(state, Reveal(), Draw(card=card("Lose a Life")), EndTurn())
    state = go(state, Reveal(), Draw(card=card("Spatuna")))
    state = go(state, EndTurn())
    assert state.step is Step.EASY and state.active == 0 and not state.tokens[0]
    assert GAME.legal_actions(state) == (Take(deck="item"), Take(deck="level"), Decline())
    state = go(state, Take(deck="level"))
    assert state.draws[0].player == 0 and state.active == 1
    # A won combat takes the token away.
    winner = pos(tokens=(True,), lives=(4, 3, 3, 3), step="combat", fight=Fight(enemy="Slime"))
    winner = go(pass_all(winner), Rewards(items=0), Draw(card=card("Slime")), EndTurn())
    assert not winner.tokens[0] and winner.active == 1


# -- lives ----------------------------------------------------------------------------------


@pytest.mark.rule("NGO-LIFE-1")
def test_never_above_six_lives() -> None:
    state = pos(lives=(6, 3, 3, 3), hands=(("Cellda Fairy",),))
    state = go(state, Use(card=card("Cellda Fairy")))
    assert state.lives[0] == 6
    with pytest.raises(InvalidState):
        pos(lives=(7, 3, 3, 3))


@pytest.mark.rule("NGO-CARD-11", "NGO-LIFE-2")
def test_cellda_fairy_at_three_four_and_five_lives() -> None:
    for before, after in ((3, 5), (4, 5), (5, 5)):
        state = pos(lives=(before, 3, 3, 3), hands=(("Cellda Fairy",),))
        assert go(state, Use(card=card("Cellda Fairy"))).lives[0] == after
    refused = NgoConfig(readings=Readings(gain_at_five="refused"))
    state = pos(config=refused, lives=(5, 3, 3, 3), hands=(("Cellda Fairy",),))
    assert Use(card=card("Cellda Fairy")) not in GAME.legal_actions(state)


@pytest.mark.rule("NGO-LIFE-3", "NGO-CURSE-8")
def test_the_last_life_only_in_your_own_turn() -> None:
    state = pos(config=NgoConfig(players=3), lives=(3, 1, 2), hands=(("Lose a Life",),), step="end")
    legal = GAME.legal_actions(state)
    assert Cast(card=card("Lose a Life"), target=1) not in legal
    assert Cast(card=card("Lose a Life"), target=2) in legal
    illegal(state, Cast(card=card("Lose a Life"), target=1), "NGO-CURSE-1")
    # Revealed in your own Level, it takes the last life.
    own = pos(config=NgoConfig(players=3), lives=(1, 2, 2))
    ghost = go(own, Reveal(), Draw(card=card("Lose a Life")))
    assert ghost.lives[0] == 0 and ghost.step is Step.GHOST_DRAW


@pytest.mark.rule("NGO-CARD-9", "NGO-LIFE-3")
def test_final_frenzy_sends_the_enemies_and_spares_a_last_life() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(3, 1, 3),
        hands=(("Final Frenzy",), (), ()),
        step="combat",
        fight=Fight(enemy="Lich"),
    )
    state = go(state, Use(card=card("Final Frenzy"), target=1))
    assert state.combat is not None and state.combat.fighter == 1
    assert GAME.to_move(state) == 1
    state = pass_all(state)
    state = go(state, GiveUp())
    assert state.lives == (3, 1, 3) and state.active == 0


# -- ghosts ---------------------------------------------------------------------------------


@pytest.mark.rule("NGO-GHOST-1")
def test_at_zero_lives_discard_everything_and_draw() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(1, 2, 2),
        hands=(("Sword", "Slime"),),
        equipment=(("Helmet",),),
        afflictions=(("Spatuna",),),
        step="combat",
        fight=Fight(enemy="Dragon"),
    )
    state = pass_all(state)
    assert state.lives[0] == 0 and sum(state.hands[0]) == 0
    assert state.equipment[0] == () and state.afflictions[0] == ()
    assert GAME.legal_actions(state) == (Take(deck="item"), Take(deck="level"))
    state = go(state, Take(deck="level"), Draw(card=card("Warcio")))
    assert Cast(card=card("Warcio"), target=1) in GAME.legal_actions(state)
    state = go(state, Cast(card=card("Warcio"), target=1), EndTurn())
    assert state.active == 1


@pytest.mark.rule("NGO-GHOST-2", "NGO-GHOST-3")
def test_a_ghost_turn_draws_and_curses_never_hit_ghosts() -> None:
    state = pos(config=NgoConfig(players=3), lives=(0, 2, 2), hands=((), (), ("Kookoomari",)))
    assert state.step is Step.GHOST_DRAW
    state = go(state, Take(deck="item"), Draw(card=card("Sword")))
    assert state.step is Step.GHOST and state.hands[0][card("Sword")] == 1
    assert not any(isinstance(a, Equip) for a in GAME.legal_actions(state))
    state = go(state, EndTurn())
    assert state.active == 1
    curse = pos(config=NgoConfig(players=3), active=2, lives=(0, 2, 2), hands=((), (), ("Gerby",)))
    assert Cast(card=card("Gerby"), target=0) not in GAME.legal_actions(curse)
    full = pos(
        config=NgoConfig(players=3),
        lives=(0, 2, 2),
        hands=(("Slime", "Goblin", "Orc", "Troll", "Golem"),),
    )
    full = go(full, Take(deck="item"), Draw(card=card("Sword")))
    illegal(full, EndTurn(), "NGO-END-2")


@pytest.mark.rule("NGO-GHOST-4", "NGO-CARD-2")
def test_load_game_brings_every_ghost_back_with_one_life() -> None:
    state = pos(config=NgoConfig(players=4), lives=(0, 2, 0, 2), hands=(("Slime",),))
    state = go(state, Take(deck="item"), Draw(card=card("Load Game")))
    assert state.lives == (1, 2, 1, 2)
    assert state.hands[0][card("Slime")] == 1 and state.discards[0][card("Load Game")] == 1


# -- the Final Boss and winning -----------------------------------------------------------------


@pytest.mark.rule("NGO-BOSS-1")
def test_the_final_boss_only_with_six_lives_before_the_level() -> None:
    assert Boss() not in GAME.legal_actions(pos(lives=(5, 3, 3, 3)))
    six = pos(lives=(6, 3, 3, 3))
    assert Boss() in GAME.legal_actions(six)
    assert Boss() not in GAME.legal_actions(pos(lives=(6, 3, 3, 3), step="end"))
    illegal(pos(lives=(5, 3, 3, 3)), Boss(), "NGO-BOSS-1")
    state = go(six, Boss())
    assert GAME.chance_outcomes(state)[0][1] == Fraction(1, 5)


@pytest.mark.rule("NGO-BOSS-2")
def test_nobody_intervenes_in_a_final_boss_fight_and_escape_is_allowed() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(6, 3, 3),
        hands=((), ("Mega Hit", "Goblin"), ()),
        equipment=(("Sword",),),
        step="combat",
        fight=Fight(enemy="Final Boss 5", boss=True),
    )
    state = go(state, Pass())
    assert state.step is Step.ESCAPE  # only the fighter held priority
    assert go(state, GiveUp()).lives[0] == 5


@pytest.mark.rule("NGO-BOSS-3", "NGO-VICTORY-1")
def test_defeating_the_final_boss_wins() -> None:
    state = pos(
        config=NgoConfig(players=2),
        lives=(6, 3),
        equipment=(("Big Axe",),),
        hands=(("Mega Hit",),),
        step="combat",
        fight=Fight(enemy="Final Boss 1", boss=True),
    )
    state = go(state, Use(card=card("Mega Hit")), Pass())
    assert GAME.to_move(state) == TERMINAL
    result = GAME.result(state)
    assert result is not None and result.winners == (0,) and result.rule == "NGO-VICTORY-1"


@pytest.mark.rule("NGO-VICTORY-2")
def test_the_last_player_with_lives_wins() -> None:
    state = pos(config=NgoConfig(players=3), lives=(1, 2, 0))
    state = go(state, Reveal(), Draw(card=card("Lose a Life")))
    result = GAME.result(state)
    assert result is not None and result.winners == (1,) and result.rule == "NGO-VICTORY-2"


@pytest.mark.rule("NGO-BOSS-1")
def test_after_a_lost_boss_fight_the_reading_decides_the_level() -> None:
    for reading, step in (("end", Step.END), ("level", Step.PREPARE)):
        config = NgoConfig(players=2, readings=Readings(after_boss=reading))  # type: ignore[arg-type]
        state = pos(
            config=config,
            lives=(6, 3),
            step="combat",
            fight=Fight(enemy="Final Boss 5", boss=True),
        )
        state = go(state, Pass(), GiveUp())
        assert state.step is step
        assert bool(state.draws) is (reading == "level")


# -- decks ----------------------------------------------------------------------------------------


@pytest.mark.rule("NGO-DECK-2")
def test_an_empty_deck_is_replenished_from_its_discard_pile() -> None:
    state = pos(config=NgoConfig(players=2), step="end", tokens=(True, False))
    cat = catalog(state.config)
    items = tuple(0 for _ in cat.cards)
    emptied = state.__class__(
        **{
            **{f: getattr(state, f) for f in state.__struct_fields__},
            "decks": (items, state.decks[1], state.decks[2]),
            "discards": (state.decks[0], state.discards[1], state.discards[2]),
        }
    )
    GAME.check_state(emptied)
    after = go(emptied, EndTurn(), Take(deck="item"))
    assert sum(after.decks[0]) == 86 and sum(after.discards[0]) == 0
    assert box_count(after) == box_count(emptied)


# -- cards with text ----------------------------------------------------------------------------


def _fight(hands: tuple[tuple[str, ...], ...], enemy: str = "Orc", **fields: object) -> NgoState:
    return pos(
        config=NgoConfig(players=3), hands=hands, step="combat", fight=Fight(enemy=enemy), **fields
    )


@pytest.mark.rule("NGO-CARD-1")
def test_strict_brawler_adds_twice_the_roll() -> None:
    state = go(_fight((("Strict Brawler",), (), ())), Use(card=card("Strict Brawler")))
    assert state.roll is Roll.BRAWLER_FOR and GAME.to_move(state) == CHANCE
    state = go(state, Die(value=4))
    assert fighter_power(state) == 3 + 8
    against = go(_fight(((), ("Killer Instinct",), ())), Pass(), Use(card=card("Killer Instinct")))
    against = go(against, Die(value=3))
    assert enemy_power(against) == 9 + 6


@pytest.mark.rule("NGO-CARD-3")
def test_steal_burglar_takes_an_equipped_card_or_a_random_hand_card() -> None:
    state = pos(
        config=NgoConfig(players=2),
        hands=(("Steal Burglar",), ("Slime", "Slime", "Goblin")),
        equipment=((), ("Sword",)),
    )
    legal = GAME.legal_actions(state)
    assert Use(card=card("Steal Burglar"), target=1, pick=card("Sword")) in legal
    taken = go(state, Use(card=card("Steal Burglar"), target=1, pick=card("Sword")))
    assert taken.hands[0][card("Sword")] == 1 and taken.equipment[1] == ()
    random_card = go(state, Use(card=card("Steal Burglar"), target=1))
    assert GAME.chance_outcomes(random_card) == (
        (Snatch(card=card("Slime")), Fraction(2, 3)),
        (Snatch(card=card("Goblin")), Fraction(1, 3)),
    )
    after = go(random_card, Snatch(card=card("Goblin")))
    assert after.hands[0][card("Goblin")] == 1 and after.hands[1][card("Goblin")] == 0


@pytest.mark.rule("NGO-CARD-4")
def test_thyme_crisis_adds_another_players_strength() -> None:
    state = _fight((("Thyme Crisis",), (), ()), equipment=((), ("Big Axe",), ()))
    state = go(state, Use(card=card("Thyme Crisis"), target=1))
    assert fighter_power(state) == 3 + (3 + 7)


@pytest.mark.rule("NGO-CARD-5")
def test_solidaire_replaces_the_enemies_with_one_from_the_hand() -> None:
    state = _fight((("Solidaire", "Slime"), (), ()), enemy="Lich")
    state = go(state, Use(card=card("Solidaire"), pick=card("Slime")))
    assert state.combat is not None and state.combat.main == card("Slime")
    assert enemy_power(state) == 3
    assert state.combat.table[card("Lich")] == 1


@pytest.mark.rule("NGO-CARD-7")
def test_gca_lackeys_doubles_the_power_including_equipment() -> None:
    state = _fight((("GCA Lackeys", "Power Up"), (), ()), equipment=(("Sword",),))
    state = go(state, Use(card=card("GCA Lackeys")))
    assert fighter_power(state) == 2 * (3 + 2)
    state = go(state, Pass(), Pass(), Use(card=card("Power Up")))
    assert fighter_power(state) == 2 * (3 + 2 + 2)
    base = NgoConfig(players=3, readings=Readings(lackeys="base"))
    other = pos(
        config=base,
        hands=(("GCA Lackeys", "Power Up"),),
        equipment=(("Sword",),),
        step="combat",
        fight=Fight(enemy="Orc"),
    )
    other = go(other, Use(card=card("GCA Lackeys")), Pass(), Pass(), Use(card=card("Power Up")))
    assert fighter_power(other) == 2 * (3 + 2) + 2


@pytest.mark.rule("NGO-CARD-8")
def test_zoomic_rings_with_another_card_give_a_life() -> None:
    state = pos(lives=(3, 3, 3, 3), hands=(("Zoomic Rings", "Slime"),))
    state = go(state, Use(card=card("Zoomic Rings"), pick=card("Slime")))
    assert state.lives[0] == 4 and sum(state.hands[0]) == 0


@pytest.mark.rule("NGO-CARD-10")
def test_mobster_takes_a_card_from_a_discard_pile() -> None:
    state = pos(hands=(("Mobster",),), discards=("Sword", "Orc"))
    legal = GAME.legal_actions(state)
    assert Use(card=card("Mobster"), pick=card("Sword")) in legal
    assert Use(card=card("Mobster"), pick=card("Orc")) in legal
    state = go(state, Use(card=card("Mobster"), pick=card("Orc")))
    assert state.hands[0][card("Orc")] == 1 and state.discards[0][card("Mobster")] == 1


@pytest.mark.rule("NGO-CARD-12")
def test_an_extra_hit_adds_its_strength() -> None:
    state = go(_fight((("Uncharter RPG",), (), ())), Use(card=card("Uncharter RPG")))
    assert fighter_power(state) == 3 + 3


# -- curses -------------------------------------------------------------------------------------


@pytest.mark.rule("NGO-CURSE-1")
def test_curses_are_cast_on_others_and_discarded() -> None:
    state = pos(config=NgoConfig(players=2), hands=(("Gerby",),), equipment=((), ("Sword",)))
    assert Cast(card=card("Gerby"), target=0) not in GAME.legal_actions(state)
    state = go(state, Cast(card=card("Gerby"), target=1))
    assert state.equipment[1] == () and state.discards[1][card("Gerby")] == 1


@pytest.mark.rule("NGO-CURSE-2")
def test_princess_of_bersia_is_as_strong_as_the_player() -> None:
    state = pos(config=NgoConfig(players=2), lives=(4, 3), equipment=(("Sword",),))
    state = go(state, Reveal(), Draw(card=card("Princess of Bersia")))
    assert state.combat is not None and enemy_power(state) == fighter_power(state) == 6
    # Cast during a combat, even beyond two enemies.
    fight = pos(
        config=NgoConfig(players=3),
        lives=(4, 3, 3),
        hands=((), ("Princess of Bersia",), ()),
        step="combat",
        fight=Fight(enemy="Slime", secondary="Goblin", secondary_by=2),
    )
    fight = go(fight, Pass(), Cast(card=card("Princess of Bersia"), target=0))
    assert enemy_power(fight) == 3 + 5 + 4


@pytest.mark.rule("NGO-CURSE-3")
def test_call_of_fruitty_everybody_discards_but_its_caster() -> None:
    state = pos(
        config=NgoConfig(players=3),
        hands=(("Call of Fruitty", "Slime"), ("Goblin",), ("Orc", "Troll")),
        lives=(3, 3, 3),
    )
    state = go(state, Cast(card=card("Call of Fruitty"), target=1))
    assert [o.player for o in state.owed] == [1, 2]
    state = go(state, Discard(card=card("Goblin")), Discard(card=card("Troll")))
    assert state.hands[0][card("Slime")] == 1 and sum(state.hands[2]) == 1


@pytest.mark.rule("NGO-CURSE-4")
def test_warcio_discards_one_equipped_card_of_the_players_choice() -> None:
    state = pos(equipment=(("Sword", "Helmet"),))
    state = go(state, Reveal(), Draw(card=card("Warcio")))
    worn = sorted((card("Helmet"), card("Sword")))
    assert GAME.legal_actions(state) == tuple(DiscardEquipment(card=c) for c in worn)
    state = go(state, DiscardEquipment(card=card("Helmet")))
    assert state.equipment[0] == (card("Sword"),)


@pytest.mark.rule("NGO-CURSE-5")
def test_spatuna_switches_the_equipment_off_in_the_next_combat() -> None:
    state = pos(equipment=(("Big Axe",),))
    state = go(state, Reveal(), Draw(card=card("Spatuna")))
    assert state.afflictions[0] == (card("Spatuna"),)
    assert strength(state, 0) == 3
    fight = pos(
        config=NgoConfig(players=2),
        equipment=(("Big Axe",),),
        hands=((), ("Spatuna",)),
        step="combat",
        fight=Fight(enemy="Goblin"),
    )
    assert fighter_power(fight) == 10
    fight = go(fight, Pass(), Cast(card=card("Spatuna"), target=0))
    assert fighter_power(fight) == 3
    fight = go(pass_all(fight), GiveUp())
    assert fight.afflictions[0] == ()


@pytest.mark.rule("NGO-CURSE-6")
def test_gerby_takes_every_equipped_card() -> None:
    state = pos(equipment=(("Sword", "Helmet", "Armor"),))
    state = go(state, Reveal(), Draw(card=card("Gerby")))
    assert state.equipment[0] == ()


@pytest.mark.rule("NGO-CURSE-7")
def test_kookoomari_discards_two_cards_of_the_players_choice() -> None:
    state = pos(hands=(("Slime", "Goblin", "Orc"),))
    state = go(state, Reveal(), Draw(card=card("Kookoomari")))
    state = go(state, Discard(card=card("Slime")), Discard(card=card("Orc")))
    assert sum(state.hands[0]) == 1 and not state.owed


@pytest.mark.rule("NGO-CURSE-9")
def test_escape_curses_last_until_after_the_next_combat() -> None:
    state = pos(config=NgoConfig(players=2), hands=(("Slippery Floor",),))
    state = go(state, Cast(card=card("Slippery Floor"), target=1))
    assert escape_value(state, 1) == 1


@pytest.mark.rule("NGO-BOX-1")
def test_the_box_counts_and_user_content() -> None:
    cat = catalog(NgoConfig())
    assert [sum(deck) for deck in cat.box] == [86, 53, 5]
    with pytest.raises(InvalidConfig):
        GAME.load_config(
            '{"players": 2, "content": {"cards": [{"name": "X", "deck": "item",'
            ' "kind": "enemy", "count": 1}]}}'
        )


def test_random_games_keep_the_invariants_and_end() -> None:
    for players in range(2, 7):
        for seed in range(3):
            rng = random.Random(seed)
            state = GAME.initial_state(NgoConfig(players=players))
            for _ in range(20_000):
                if GAME.to_move(state) == TERMINAL:
                    break
                if GAME.to_move(state) == CHANCE:
                    action = GAME.sample_chance(state, rng)
                else:
                    action = GAME.sample_legal_action(state, rng)
                state = GAME.apply(state, action)
                assert not GAME.invariants(state)
            assert GAME.result(state) is not None


@pytest.mark.rule("NGO-CARD-14")
def test_cancel_curse_discards_a_curse_beside_the_equipment() -> None:
    state = pos(hands=(("Curse Breaker",),), afflictions=(("Spatuna", "Heavy Chains"),))
    legal = GAME.legal_actions(state)
    assert Use(card=card("Curse Breaker"), pick=card("Spatuna")) in legal
    state = go(state, Use(card=card("Curse Breaker"), pick=card("Heavy Chains")))
    assert state.afflictions[0] == (card("Spatuna"),)
    assert state.discards[1][card("Heavy Chains")] == 1
    fight = pos(
        hands=(("Curse Breaker",),),
        afflictions=(("Spatuna",),),
        equipment=(("Sword",),),
        step="combat",
        fight=Fight(enemy="Goblin"),
    )
    assert fighter_power(fight) == 3
    fight = go(fight, Use(card=card("Curse Breaker"), pick=card("Spatuna")))
    assert fighter_power(fight) == 5


@pytest.mark.rule("NGO-GHOST-2")
def test_a_ghost_may_help_or_harm_a_fighter() -> None:
    state = pos(
        config=NgoConfig(players=3),
        lives=(3, 2, 0),
        hands=((), (), ("Power Up", "Strict Brawler")),
        step="combat",
        fight=Fight(enemy="Orc"),
    )
    state = go(state, Pass(), Pass())
    assert GAME.to_move(state) == 2
    legal = GAME.legal_actions(state)
    assert Use(card=card("Power Up")) in legal and Use(card=card("Power Up"), target=0) in legal
    helped = go(state, Use(card=card("Power Up"), target=0))
    assert fighter_power(helped) == 3 + 2 and enemy_power(helped) == 9
    harmed = go(state, Use(card=card("Power Up")))
    assert fighter_power(harmed) == 3 and enemy_power(harmed) == 9 + 2
    # A player with lives only harms.
    alive = pos(
        config=NgoConfig(players=3),
        hands=((), ("Power Up",), ()),
        step="combat",
        fight=Fight(enemy="Orc"),
    )
    alive = go(alive, Pass())
    assert Use(card=card("Power Up"), target=0) not in GAME.legal_actions(alive)


@pytest.mark.rule("NGO-BOX-1")
def test_a_box_of_the_largest_size_lists_its_last_cards() -> None:
    # The listings' prebuilt actions (a Use, a Discard, an Enemy per card index) must
    # reach the last index a content may have (MAX_KINDS cards).
    from dieproof.reference.no_game_over.content import DEFAULT_CONTENT
    from dieproof.reference.no_game_over.types import MAX_KINDS, Card, Content, Deck, Kind

    base = DEFAULT_CONTENT.cards
    fillers = tuple(
        Card(name=f"Filler {i}", deck=Deck.LEVEL, kind=Kind.ENEMY, count=1, strength=1)
        for i in range(MAX_KINDS - len(base) - 2)
    )
    last = (
        Card(name="Last Enemy", deck=Deck.LEVEL, kind=Kind.ENEMY, count=1, strength=1),
        Card(
            name="Last Potion", deck=Deck.ITEM, kind=Kind.SINGLE_USE, count=1, strength=2, lives=1
        ),
    )
    config = NgoConfig(players=2, content=Content(cards=base + fillers + last))
    potion, enemy = MAX_KINDS - 1, MAX_KINDS - 2
    hand = ("Last Potion", "Last Enemy", "Goblin", "Goblin", "Orc", "Orc")
    state = pos(config=config, lives=(2, 3), hands=(hand, ()))
    legal = GAME.legal_actions(state)
    assert Use(card=potion) in legal
    assert Discard(card=potion) in legal
    fight = pos(
        config=config,
        hands=(("Last Potion", "Last Enemy"), ()),
        step="combat",
        fight=Fight(enemy="Goblin"),
    )
    legal = GAME.legal_actions(fight)
    assert Use(card=potion) in legal
    assert Enemy(card=enemy) in legal


def test_a_draws_outcomes_are_the_counted_ones_and_sample_alike() -> None:
    """The draw's outcomes built from a deck's remembered pick (derived from the previous
    deck's at each draw) are what ``chance.counted`` gives for the deck, and sample the
    same with a fresh table; so does an older outcome tuple whose table was dropped."""
    from dieproof.reference.core import chance
    from dieproof.reference.no_game_over import rules

    draws = 0
    for players in range(2, 7):
        rng = random.Random(players)
        state = GAME.initial_state(NgoConfig(players=players))
        older: tuple[tuple[object, Fraction], ...] = ()
        while GAME.to_move(state) != TERMINAL:
            if GAME.to_move(state) == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                if state.draws:
                    draws += 1
                    pile = state.decks[("item", "level", "boss").index(state.draws[0].deck.value)]
                    known = rules._PICKS.get(id(pile))
                    if known is not None and known[0] is pile:
                        assert known == rules._pick(pile)
                    assert outcomes == chance.counted(rules._DRAWS, pile)
                    seed = rng.random()
                    fresh = tuple((a, Fraction(p)) for a, p in outcomes)
                    assert chance.sample(fresh, random.Random(seed)) == chance.sample(
                        outcomes, random.Random(seed)
                    )
                    if older:
                        again = tuple((a, Fraction(p)) for a, p in older)
                        assert chance.sample(older, random.Random(seed)) == chance.sample(
                            again, random.Random(seed)
                        )
                    older = outcomes
                action = chance.sample(outcomes, rng)
            else:
                actions = GAME.legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            state = GAME.apply(state, action)
    assert draws > 200


def test_the_adapter_hands_a_listed_draw_to_the_checked_apply() -> None:
    """No Game Over's ``apply`` tests a chance outcome itself (``apply_checks_chance``):
    through the adapter, right after the outcomes were listed, a drawn card in the deck
    is applied as the listing's, and one not in the deck, a die or a decision refused."""
    from dieproof.reference.no_game_over import rules

    state = GAME.initial_state(NgoConfig(players=2))
    outcomes = GAME.chance_outcomes(state)
    listed = {a.card for a, _ in outcomes if isinstance(a, Draw)}
    assert GAME.rules.apply_checks_chance
    for action, _ in outcomes[:3]:
        assert isinstance(action, Draw)
        assert GAME.apply(state, action) == rules.apply(state, action)
    absent = next(c for c in range(len(CARDS)) if c not in listed)
    for wrong in (Draw(card=absent), Die(value=3), Pass()):
        GAME.chance_outcomes(state)
        with pytest.raises(IllegalAction):
            GAME.apply(state, wrong)
