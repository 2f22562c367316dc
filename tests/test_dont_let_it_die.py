"""Don't Let It Die against its rulebook: setup, the day's actions and free-action window,
cards and combat (the rulebook's four examples with its numbers), the night, the morning
in its order (the Normal wood schedule), Fire Knowledge, items, buildings, death and
revival, the FAQ's rulings and the end of the game. Skills and challenges are in
``test_dont_let_it_die_skills.py``."""

from __future__ import annotations

import pytest

from dieproof.reference.core import IllegalAction
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import CHANCE, replace
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.base import gain
from dieproof.reference.dont_let_it_die.game import invariants
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    BONE,
    CHALLENGES,
    COOKED_BERRY,
    COOKED_MEAT,
    FIBER,
    FKP,
    FORAGE,
    GATHER,
    HARVEST,
    HIDE,
    HUNT,
    MEAT,
    ROCK,
    WOOD,
    AddWood,
    CardDrawn,
    Cook,
    Craft,
    DieRolled,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    EndTurn,
    EventDrawn,
    Fight,
    Investigate,
    Keep,
    Pay,
    PlaceFkp,
    Proceed,
    Readings,
    Revive,
    Step,
    Trade,
)

from .dlid_helpers import (
    at_turn,
    card,
    drawn,
    event,
    last_fall,
    member,
    night_of,
    play,
    spent,
    start,
    tokens,
    unlock,
)

KARA, CRON = 2, 3  # seats in the default tribe: Gronk, Grub, Kara, Cron


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.rule("DLID-SETUP-1")
def test_four_characters_shared_by_the_players() -> None:
    movers = [
        rules.to_move(at_turn(start(players=p), seat)) for p in (1, 2, 4) for seat in range(4)
    ]
    assert movers == [0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 2, 3]
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(characters=("Gronk", "Grub", "Kara")))
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(characters=("Gronk", "Gronk", "Kara", "Cron")))
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(players=5))
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(players=2, controllers=(0, 0, 0, 0)))


@pytest.mark.rule("DLID-SETUP-2", "DLID-SKILL-4", "DLID-SKILL-14", "DLID-SKILL-16")
def test_stats_and_starting_items() -> None:
    s = start(characters=("Cron", "Nibna", "Thunk", "Vog"))
    assert [(m.hp, m.max_hp, m.stamina, m.max_stamina) for m in s.members] == [
        (5, 5, 6, 6), (7, 7, 6, 6), (6, 6, 6, 6), (10, 10, 5, 5),
    ]  # fmt: skip
    assert s.members[0].tools == (content.HIDE_ARMOR,)
    assert s.members[1].tools == (content.BAG,)
    assert s.members[2].weapons == (content.SHARP_STICK,)
    assert s.made[content.SHARP_STICK] == 1


@pytest.mark.rule("DLID-SETUP-3", "DLID-SETUP-4")
def test_setup_day_wood_first_player_and_decks() -> None:
    s = start(first_player=2, tree="hard", tracker="hard")
    assert (s.day, s.pit, s.first, s.turn, s.step) == (1, 3, 2, 2, Step.TURN)
    assert [sum(d) for d in s.decks] == [8, 8, 9, 12]
    assert sum(s.night_deck) == 27
    s = play(s, DrawCard(GATHER))
    assert rules.to_move(s) == CHANCE
    outcomes = rules.chance_outcomes(s)
    assert len(outcomes) == 8 and sum(p for _, p in outcomes) == 1


# -- the day ------------------------------------------------------------------------------------


@pytest.mark.rule("DLID-DAY-1", "DLID-DAY-10")
def test_turns_go_left_and_end_with_stamina_left() -> None:
    s = start(first_player=3)
    s = play(s, EndTurn())
    assert s.turn == 0 and s.members[3].stamina == 6  # Cron keeps it, unusable
    s = replace(
        s,
        members=tuple(
            replace(m, down=True, hp=0) if i == 1 else m for i, m in enumerate(s.members)
        ),
    )
    s = play(s, EndTurn())
    assert s.turn == 2  # Grub is down: skipped
    s = play(s, EndTurn())
    assert s.step is Step.NIGHT


@pytest.mark.rule("DLID-DAY-2", "DLID-DAY-3")
def test_draw_costs_and_requirements() -> None:
    s = at_turn(start(), KARA)
    for deck, cost in ((FORAGE, 2), (GATHER, 2)):
        assert play(s, DrawCard(deck)).members[KARA].stamina == 5 - cost
    assert DrawCard(HUNT) not in rules.legal_actions(s)  # no weapon
    assert DrawCard(HARVEST) not in rules.legal_actions(s)  # no tool
    s = member(s, KARA, weapons=(content.CLUB,), tools=(content.BAG,), stamina=4)
    assert play(s, DrawCard(HUNT)).members[KARA].stamina == 1
    assert play(s, DrawCard(HARVEST)).members[KARA].stamina == 1
    poor = member(s, KARA, stamina=2)
    assert DrawCard(HUNT) not in rules.legal_actions(poor)
    with pytest.raises(IllegalAction):
        rules.apply(poor, DrawCard(HUNT))


@pytest.mark.rule("DLID-DAY-4", "DLID-FKP-6")
def test_investigate_fire() -> None:
    s = at_turn(start(), CRON)
    s = play(s, Investigate())
    assert s.step is Step.ROLL and s.members[CRON].stamina == 3
    faces = {a.value: p for a, p in rules.chance_outcomes(s) if isinstance(a, DieRolled)}
    assert faces == {
        0: pytest.approx(1 / 6),
        1: pytest.approx(3 / 6),
        2: pytest.approx(1 / 6),
        3: pytest.approx(1 / 6),
    }
    # Kara (seat 2) may re-roll: she lets it stand
    s = play(s, DieRolled(3))
    assert s.step is Step.REROLL
    from dieproof.reference.dont_let_it_die.types import Reroll

    assert play(s, Reroll(False)).tokens[FKP] == 3


@pytest.mark.rule("DLID-DAY-5", "DLID-DAY-11", "DLID-FKP-6")
def test_trade_three_for_one() -> None:
    s = tokens(at_turn(start(), KARA), rock=2, fkp=1, cooked_meat=1)
    s = play(s, Trade(WOOD))
    assert s.step is Step.PAY and s.members[KARA].stamina == 4
    s = play(play(play(s, Pay(ROCK)), Pay(FKP)), Pay(COOKED_MEAT))
    assert s.step is Step.TURN
    assert (s.tokens[WOOD], s.tokens[ROCK], s.tokens[FKP], s.tokens[COOKED_MEAT]) == (1, 1, 0, 0)
    # a cooked token cannot be taken; fewer than 3 tokens: no trade
    assert Trade(COOKED_MEAT) not in rules.legal_actions(tokens(at_turn(start(), KARA), rock=3))
    assert not [
        a
        for a in rules.legal_actions(tokens(at_turn(start(), KARA), rock=2))
        if isinstance(a, Trade)
    ]


@pytest.mark.rule("DLID-DAY-5", "DLID-FAQ-11")
def test_no_trade_takes_from_a_supply_with_no_token_left() -> None:
    def takes(state: DlidState) -> set[int]:
        return {a.take for a in rules.legal_actions(state) if isinstance(a, Trade)}

    # the pit's three wood count against the shared wood supply: five in the pool leave none
    shared = takes(tokens(at_turn(start(), KARA), wood=5))
    assert WOOD not in shared and ROCK in shared
    separate = at_turn(start(readings=Readings(wood_supply="separate")), KARA)
    assert WOOD in takes(tokens(separate, wood=5))
    # eight tokens out of the box in all: the one supply they are from is empty; seven: none
    full = takes(tokens(separate, rock=8))
    assert ROCK not in full and WOOD in full
    assert ROCK in takes(tokens(separate, rock=7))


@pytest.mark.rule("DLID-FAQ-11", "DLID-CHAL-9")
def test_food_in_the_pit_is_no_wood_token_of_the_shared_supply() -> None:
    # Challenge 9: the pit holds 5, of which 2 are food; only its 3 wood tokens count
    # against the 8 (DLID-A6, shared): with 3 in the pool, 2 wood are left in the box
    s = replace(tokens(start(challenge="die-hard", tree="hard"), wood=3), pit=5, pit_food=2)
    assert gain(s, WOOD, 5).tokens[WOOD] == 5
    assert gain(replace(s, pit_food=0), WOOD, 5).tokens[WOOD] == 3


@pytest.mark.rule("DLID-DAY-6", "DLID-FAQ-4")
def test_the_eating_values() -> None:
    s = member(start(), CRON, hp=1)
    for food, n, healed in ((BERRY, 3, 1), (MEAT, 2, 1), (COOKED_BERRY, 2, 2), (COOKED_MEAT, 1, 2)):
        fed = tokens(s, **{content_name(food): n})
        after = play(fed, Eat(CRON, food))
        assert after.members[CRON].hp == 1 + healed
        assert after.tokens[food] == 0
        assert all(after.members[i].hp == s.members[i].hp for i in range(3))  # only the eater
        short = tokens(s, **{content_name(food): n - 1})
        assert Eat(CRON, food) not in rules.legal_actions(short)  # exact amounts only
    full = tokens(start(), cooked_meat=1)
    assert play(full, Eat(CRON, COOKED_MEAT)).members[CRON].hp == 5  # never above the maximum


def fights(state: DlidState) -> list[Fight]:
    return [a for a in rules.legal_actions(state) if isinstance(a, Fight)]


def content_name(token: int) -> str:
    return (
        "wood",
        "rock",
        "fiber",
        "berry",
        "cooked_berry",
        "meat",
        "cooked_meat",
        "bone",
        "hide",
        "fkp",
    )[token]


@pytest.mark.rule("DLID-DAY-7", "DLID-FAQ-7", "DLID-FAQ-3", "DLID-FAQ-10")
def test_free_actions_any_time_of_the_day_by_anyone() -> None:
    s = tokens(at_turn(start(), 0), wood=1, berry=3, fkp=1)
    legal = rules.legal_actions(s)
    assert Eat(CRON, BERRY) in legal  # not Cron's turn
    assert AddWood() in legal and PlaceFkp(0) in legal
    assert play(s, AddWood()).pit == 4
    # Kara's gift costs no stamina: a free action out of her turn
    from dieproof.reference.dont_let_it_die.types import Skill

    assert Skill(KARA, "kara-gift", CRON) in legal
    # no window inside a combat, nor at night
    assert rules.legal_actions(night_of(s)) == ()
    fight = drawn(s, 0, GATHER, "Beast")
    assert fight.step is Step.FIGHT
    assert not any(isinstance(a, (Eat, AddWood)) for a in rules.legal_actions(fight))


@pytest.mark.rule("DLID-DAY-8")
def test_cooking_once_unlocked() -> None:
    s = tokens(at_turn(start(), KARA), berry=1, meat=1)
    assert not [a for a in rules.legal_actions(s) if isinstance(a, Cook)]
    s = unlock(s, "warmth-1", "cooking-1")
    assert [a for a in rules.legal_actions(s) if isinstance(a, Cook)] == [Cook(BERRY)]
    s = play(s, Cook(BERRY))
    assert (s.tokens[BERRY], s.tokens[COOKED_BERRY], s.members[KARA].stamina) == (0, 1, 4)
    s = unlock(s, "cooking-2")
    assert Cook(MEAT) in rules.legal_actions(s)


@pytest.mark.rule("DLID-DAY-9", "DLID-ITEMS-2", "DLID-ITEMS-3", "DLID-ITEMS-4", "DLID-ITEMS-8")
def test_crafting_the_club_and_tiers() -> None:
    s = tokens(at_turn(start(), KARA), wood=1, fiber=1, rock=2)
    crafts = [a for a in rules.legal_actions(s) if isinstance(a, Craft)]
    assert {a.item for a in crafts} == {content.CLUB}  # Rock Knife waits for Crafting 1
    s2 = play(s, Craft(content.CLUB, equip=0))
    k = s2.members[KARA]
    assert k.weapons == (content.CLUB,) and k.max_stamina == 4 and k.stamina == 2  # 5-3, -1 max
    assert s2.tokens[WOOD] == 0 and s2.made[content.CLUB] == 1
    kept = play(s, Craft(content.CLUB))
    assert kept.members[KARA].spare == (content.CLUB,) and kept.members[KARA].max_stamina == 5
    s3 = unlock(s, "warmth-1", "cooking-1", "crafting-1")
    assert content.ROCK_KNIFE in {a.item for a in rules.legal_actions(s3) if isinstance(a, Craft)}


@pytest.mark.rule("DLID-ITEMS-1", "DLID-INV-COPIES")
def test_two_copies_lost_for_good() -> None:
    s = tokens(at_turn(start(), KARA), wood=3)
    s = replace(s, made=tuple(2 if i == content.CLUB else n for i, n in enumerate(s.made)))
    assert not [a for a in rules.legal_actions(s) if isinstance(a, Craft)]


# -- cards and combat ------------------------------------------------------------------------


@pytest.mark.rule("DLID-CARDS-1", "DLID-CARDS-2", "DLID-ITEMS-7", "DLID-FKP-5")
def test_resource_cards_and_matching_bonuses() -> None:
    s = at_turn(start(), KARA)
    after = drawn(s, KARA, GATHER, "2 wood")
    assert after.tokens[WOOD] == 2 and after.step is Step.TURN
    assert sum(after.discards[GATHER]) == 1 and sum(after.decks[GATHER]) == 7
    # the Hatchet adds a meat to a wood card, Resource 2 a wood
    s2 = unlock(
        member(s, KARA, tools=(content.HATCHET,)),
        "warmth-1",
        "cooking-1",
        "crafting-1",
        "crafting-2",
        "crafting-3",
        "resource-2",
    )
    after = drawn(s2, KARA, GATHER, "1 wood")
    assert (after.tokens[WOOD], after.tokens[MEAT]) == (2, 1)
    # a rock card triggers neither
    after = drawn(s2, KARA, GATHER, "1 rock")
    assert (after.tokens[ROCK], after.tokens[WOOD], after.tokens[MEAT]) == (1, 0, 0)


@pytest.mark.rule("DLID-CARDS-3", "DLID-CARDS-4", "DLID-COMBAT-1")
def test_combat_example_no_weapon_saber_tooth() -> None:
    # "with no weapon equipped, drawing Saber Tooth (1 Life, Damage 2) costs you 2 Health"
    s = drawn(at_turn(start(), CRON), CRON, GATHER, "Saber Tooth")
    assert s.step is Step.FIGHT
    assert all(isinstance(a, Fight) for a in rules.legal_actions(s))
    after = play(s, Fight())
    assert after.members[CRON].hp == 3 and after.tokens[MEAT] == 0
    assert [(c.name, c.life, c.damage) for c in content.DECK_CARDS[HUNT] if c.kind == "danger"] == [
        ("Beast", 1, 1), ("Saber Tooth", 1, 2), ("Boar", 2, 2), ("Bear", 2, 3), ("Mammoth", 3, 3),
    ]  # fmt: skip


@pytest.mark.rule("DLID-COMBAT-1")
def test_combat_example_sharp_stick_against_boar() -> None:
    s = member(at_turn(start(), CRON), CRON, weapons=(content.SHARP_STICK,))
    after = play(drawn(s, CRON, HUNT, "Boar"), Fight((0,)))
    assert after.members[CRON].hp == 3 and after.tokens[MEAT] == 0


@pytest.mark.rule("DLID-COMBAT-2")
def test_combat_example_rock_knife_against_saber_tooth() -> None:
    s = member(at_turn(start(), CRON), CRON, weapons=(content.ROCK_KNIFE,))
    after = play(drawn(s, CRON, HUNT, "Saber Tooth"), Fight((0,)))
    assert after.members[CRON].hp == 4 and after.tokens[MEAT] == 1


@pytest.mark.rule("DLID-COMBAT-3")
def test_combat_example_spear_against_boar() -> None:
    s = member(at_turn(start(), CRON), CRON, weapons=(content.SPEAR,))
    after = play(drawn(s, CRON, HUNT, "Boar"), Fight((0,)))
    assert after.members[CRON].hp == 5 and after.tokens[MEAT] == 2


@pytest.mark.rule("DLID-COMBAT-4", "DLID-SKILL-1")
def test_two_weapons_combined_at_the_lower_range() -> None:
    s = member(at_turn(start(), 0), 0, weapons=(content.SPEAR, content.SHARP_STICK))
    f = drawn(s, 0, HUNT, "Mammoth")
    options = {a.weapons for a in fights(f)}
    assert options == {(0,), (1,), (0, 1)}
    after = play(f, Fight((0, 1)))  # 3 damage at range 1 kills the mammoth: 1 damage
    assert after.members[0].hp == 6 and after.tokens[MEAT] == 3
    assert play(f, Fight((0,))).members[0].hp == 4  # the spear alone is too weak


@pytest.mark.rule("DLID-COMBAT-5")
def test_the_sling_shot_needs_a_rock() -> None:
    s = member(at_turn(start(), CRON), CRON, weapons=(content.SLING_SHOT,))
    assert {a.weapons for a in fights(drawn(s, CRON, HUNT, "Bear"))} == {()}
    s = tokens(s, rock=1)
    after = play(drawn(s, CRON, HUNT, "Bear"), Fight((0,)))
    assert after.tokens[ROCK] == 0 and after.tokens[MEAT] == 2 and after.members[CRON].hp == 5


@pytest.mark.rule("DLID-ITEMS-9")
def test_armour_once_a_day() -> None:
    s = at_turn(start(), CRON)  # Cron starts with Hide Armor
    f = drawn(s, CRON, GATHER, "Boar")
    assert Fight((), 0) in rules.legal_actions(f)
    s = play(f, Fight((), 0))
    assert s.members[CRON].hp == 5
    f = drawn(s, CRON, GATHER, "Beast")
    assert Fight((), 0) not in rules.legal_actions(f)


@pytest.mark.rule("DLID-FAQ-1")
def test_no_meat_when_the_kill_kills_you() -> None:
    s = member(at_turn(start(), CRON), CRON, weapons=(content.ROCK_KNIFE,), hp=1)
    after = play(drawn(s, CRON, HUNT, "Saber Tooth"), Fight((0,)))
    assert after.members[CRON].down and after.tokens[MEAT] == 0


@pytest.mark.rule("DLID-CARDS-5", "DLID-FAQ-5", "DLID-FAQ-6")
def test_decks_rebuilt_from_discards_only_when_empty() -> None:
    s = at_turn(start(), KARA)
    s = replace(s, decks=((0,) * 8, *s.decks[1:]), discards=((1,) * 8, *s.discards[1:]))
    s = play(s, DrawCard(FORAGE))
    assert sum(s.decks[FORAGE]) == 8 and sum(s.discards[FORAGE]) == 0
    s2 = play(at_turn(start(), KARA), DrawCard(FORAGE))
    assert sum(s2.decks[FORAGE]) == 8  # not rebuilt while cards remain


# -- night and morning -----------------------------------------------------------------------------


@pytest.mark.rule("DLID-NIGHT-1", "DLID-NIGHT-3", "DLID-FAQ-13")
def test_a_rival_tribe_takes_cooked_first() -> None:
    s = tokens(start(), berry=2, cooked_berry=2)
    s = event(night_of(s), "Rival Tribe (berries)")
    assert s.step is Step.NIGHT_ROLL
    s = play(s, DieRolled(3))
    assert (s.tokens[COOKED_BERRY], s.tokens[BERRY]) == (0, 1)


@pytest.mark.rule("DLID-NIGHT-2", "DLID-NIGHT-3")
def test_starving_boars_take_half_rounded_up() -> None:
    s = event(night_of(tokens(start(), berry=5)), "Starving boars")
    assert s.tokens[BERRY] == 2
    hurt = event(night_of(start()), "Starving boars")
    assert [m.hp for m in hurt.members] == [
        7 - 2 - 1,
        4 - 2 - 1,
        4 - 2 - 1,
        5 - 2 - 1,
    ]  # then the morning


@pytest.mark.rule("DLID-NIGHT-4")
def test_an_event_that_does_not_apply_is_ignored() -> None:
    s = event(night_of(start(characters=("Gronk", "Grub", "Kara", "Vog"))), "Broken tool")
    assert s.step is Step.MORNING  # no equipped tool: nothing breaks


@pytest.mark.rule("DLID-NIGHT-5", "DLID-END-2")
def test_rain_takes_wood_and_the_pit_can_be_refuelled() -> None:
    tired = spent(start())
    s = tokens(replace(tired, pit=2), wood=1)
    s = event(night_of(s), "Rainstorm")
    assert s.step is Step.REFUEL and s.pit == 1
    assert play(play(s, AddWood()), Proceed()).pit == 1  # 2, less the morning's 1
    lost = event(night_of(replace(tired, pit=1)), "Rainstorm")
    assert lost.result is not None and lost.result.rule == "DLID-END-2" and lost.pit == 0


@pytest.mark.rule("DLID-MORNING-1", "DLID-MORNING-2")
def test_the_normal_wood_schedule() -> None:
    assert [content.wood_count("normal", d) for d in range(1, 14)] == [
        1,
        1,
        1,
        2,
        2,
        2,
        3,
        3,
        3,
        4,
        4,
        5,
        5,
    ]
    s = replace(start(), day=4, pit=5)
    s = event(night_of(s), "Calm night")
    assert (s.day, s.pit) == (5, 3)


@pytest.mark.rule("DLID-MORNING-3", "DLID-MORNING-4", "DLID-FAQ-12")
def test_morning_damage_and_stamina() -> None:
    s = start()
    s = replace(s, members=tuple(replace(m, stamina=0, used=1) for m in s.members))
    s = event(night_of(s), "Calm night")
    assert [m.hp for m in s.members] == [6, 3, 3, 4]
    assert [m.stamina for m in s.members] == [4, 7, 5, 6] and all(m.used == 0 for m in s.members)
    s2 = event(night_of(start()), "Screeching beasts")
    assert [m.stamina for m in s2.members] == [1, 4, 2, 3]


@pytest.mark.rule("DLID-MORNING-5", "DLID-MORNING-6", "DLID-ITEMS-6", "DLID-ITEMS-5")
def test_items_change_hands_in_the_morning() -> None:
    from dieproof.reference.dont_let_it_die.types import Equip, Give, Unequip

    s = member(start(), KARA, spare=(content.CLUB,))
    assert not [a for a in rules.legal_actions(s) if isinstance(a, (Equip, Give))]  # not by day
    s = event(night_of(s), "Calm night")
    assert s.step is Step.MORNING
    # Gronk's two weapon slots: the first weapon unequipped, the second stays
    g = play(member(s, 0, weapons=(content.CLUB, content.SPEAR)), Unequip(0, False, 0))
    assert g.members[0].weapons == (content.SPEAR,) and g.members[0].spare[-1] == content.CLUB
    s = play(s, Give(KARA, 0, CRON))
    s = play(s, Equip(CRON, 0, 0))
    assert s.members[CRON].weapons == (content.CLUB,) and s.members[CRON].max_stamina == 5
    assert Equip(CRON, 0, 1) not in rules.legal_actions(s)  # one weapon slot
    s = play(s, Proceed())
    assert s.first == 1 and s.turn == 1 and s.step is Step.TURN


# -- the end ----------------------------------------------------------------------------------


@pytest.mark.rule("DLID-END-1", "DLID-INV-END")
def test_fire_starter_wins() -> None:
    s = at_turn(start(), KARA)
    names = [d.name for d in content.TREES["normal"]]
    s = unlock(s, *[n for n in names if n != "fire-starter"])
    s = replace(s, placed=tuple(14 if n == "fire-starter" else 0 for n in names))
    s = tokens(s, fkp=1)
    won = play(s, PlaceFkp(names.index("fire-starter")))
    assert won.result is not None and won.result.winners == (0,) and won.result.rule == "DLID-END-1"
    assert not invariants(won)


@pytest.mark.rule("DLID-END-3", "DLID-DEATH-1")
def test_everybody_down_loses() -> None:
    s = start()
    s = replace(s, members=tuple(replace(m, hp=1) for m in s.members))
    s = event(night_of(s), "Calm night")
    assert s.result is not None and s.result.rule == "DLID-END-3"
    assert all(m.down and m.hp == 0 for m in s.members)


@pytest.mark.rule("DLID-END-3", "DLID-DEATH-3")
def test_every_member_down_and_one_fed_under_lost_loses() -> None:
    """DLID-A26's default ("lost"): the fed member is down too, so the game is lost."""
    _, lost = last_fall("lost")
    assert lost.result is not None and lost.result.rule == "DLID-END-3"


@pytest.mark.rule("DLID-END-3", "DLID-DEATH-2", "DLID-DEATH-3")
def test_every_member_down_and_one_fed_under_waits_goes_on_to_the_morning() -> None:
    """DLID-A26's "waits": the game goes on; with nobody to act the night comes at once,
    the fallen's Club goes to the fed member (nobody is in play), and the morning brings
    it back with 3 health and full stamina, to take the first turn as the token passes."""
    _, after = last_fall("waits")
    assert after.result is None and after.step is Step.NIGHT
    assert all(m.down for m in after.members)
    assert after.members[1].spare == (content.CLUB,) and after.members[CRON].spare == ()
    morning = event(after, "Calm night")
    assert morning.step is Step.MORNING and rules.legal_actions(morning) == (Proceed(),)
    assert morning.members[1].hp == 3  # down at night: no morning damage
    day = play(morning, Proceed())
    grub = day.members[1]
    assert not grub.down and grub.hp == 3 and grub.stamina == grub.max_stamina
    assert grub.spare == (content.CLUB,)
    assert day.step is Step.TURN and day.turn == 1 and day.day == 2
    assert all(m.down for i, m in enumerate(day.members) if i != 1)  # the others stay down


@pytest.mark.rule("DLID-END-4")
@pytest.mark.parametrize(("reading", "lost_on"), [("night-14", 14), ("day-14", 13), ("day-15", 14)])
def test_the_calendar(reading: str, lost_on: int) -> None:
    readings = Readings(game_end=reading)  # type: ignore[arg-type]
    s = replace(start(readings=readings), day=13, pit=8)
    s = night_of(s)
    if reading == "day-14":
        s = event(s, "Calm night")
        assert s.result is not None and s.day == 14
        return
    s = event(s, "Calm night")
    assert s.result is None and s.day == 14
    s = play(s, Proceed())
    s = night_of(s)
    if reading == "night-14":
        assert s.result is not None and s.result.rule == "DLID-END-4"
    else:
        s = event(replace(s, pit=8), "Sunburn")
        assert s.result is not None and s.day == 15


# -- fire knowledge --------------------------------------------------------------------------------


@pytest.mark.rule("DLID-FKP-1", "DLID-FKP-2", "DLID-INV-TREE")
def test_placing_fkp_partially_and_in_order() -> None:
    s = tokens(start(), fkp=3)
    legal = [a.discovery for a in rules.legal_actions(s) if isinstance(a, PlaceFkp)]
    assert legal == [0]  # only Warmth 1 on the Normal tree
    s = play(play(s, PlaceFkp(0)), PlaceFkp(0))
    assert s.placed[0] == 2 and not s.unlocked[0]
    s = play(s, PlaceFkp(0))
    assert s.unlocked[0] and s.placed[0] == 0
    assert {
        a.discovery for a in rules.legal_actions(tokens(s, fkp=1)) if isinstance(a, PlaceFkp)
    } == {1, 3}


@pytest.mark.rule("DLID-FKP-3", "DLID-FKP-7")
def test_two_arrows_need_both() -> None:
    tree = content.TREES["easy"]
    spices = [d.name for d in tree].index("spices")
    s = unlock(tokens(start(tree="easy"), fkp=1), "warmth-1", "warmth-2", "warmth-3")
    assert PlaceFkp(spices) not in rules.legal_actions(s)
    s = unlock(s, "cooking-1", "crafting-1")
    assert PlaceFkp(spices) in rules.legal_actions(s)
    assert [len(content.TREES[t]) for t in ("easy", "normal", "normal-plus", "hard")] == [
        9,
        15,
        15,
        15,
    ]


@pytest.mark.rule("DLID-FKP-4", "DLID-FAQ-14")
def test_a_raised_maximum_leaves_the_current_value() -> None:
    s = unlock(member(start(), KARA, stamina=2), "warmth-1")
    assert (s.members[KARA].stamina, s.members[KARA].max_stamina) == (2, 6)
    lowered = member(s, KARA, weapons=(content.CLUB,))
    from dieproof.reference.dont_let_it_die.base import refit

    m = refit(lowered, replace(lowered.members[KARA], stamina=6))
    assert (m.stamina, m.max_stamina) == (5, 5)


@pytest.mark.rule("DLID-FAQ-2", "DLID-INV-STAT-CAPS")
def test_at_most_ten() -> None:
    s = start(characters=("Vog", "Grub", "Kara", "Cron"), tree="normal")
    s = unlock(s, "warmth-1", "cooking-1", "cooking-2", "relaxation")
    assert s.members[0].max_hp == 10 and s.members[1].max_stamina == 8
    s = unlock(s, "warmth-2", "warmth-3")
    assert s.members[1].max_stamina == 10


@pytest.mark.rule("DLID-FAQ-11", "DLID-INV-SUPPLY")
def test_eight_tokens_of_each_resource() -> None:
    s = tokens(at_turn(start(), KARA), berry=6, cooked_berry=1)
    after = drawn(s, KARA, FORAGE, "3 berry")
    assert after.tokens[BERRY] == 7  # one token left in the box
    s = tokens(start(), wood=5)  # three are on the fire
    assert drawn(at_turn(s, KARA), KARA, GATHER, "2 wood").tokens[WOOD] == 5
    sep = tokens(start(readings=Readings(wood_supply="separate")), wood=5)
    assert drawn(at_turn(sep, KARA), KARA, GATHER, "2 wood").tokens[WOOD] == 7


# -- buildings ------------------------------------------------------------------------------------

ALL_NORMAL = ("warmth-1", "cooking-1", "crafting-1", "crafting-2", "crafting-3")


@pytest.mark.rule("DLID-BUILD-1", "DLID-INV-BUILDING")
def test_one_building_after_crafting_3() -> None:
    s = tokens(at_turn(start(), KARA), fiber=6, rock=6, meat=4, bone=4)
    assert content.SHELTER not in {a.item for a in rules.legal_actions(s) if isinstance(a, Craft)}
    s = unlock(s, *ALL_NORMAL)
    s = play(s, Craft(content.SHELTER))
    assert s.building == content.SHELTER and s.members[KARA].spare == ()
    s = member(s, KARA, stamina=5)
    assert not {a.item for a in rules.legal_actions(s) if isinstance(a, Craft)} & {
        14,
        15,
        16,
        17,
        18,
    }


@pytest.mark.rule("DLID-BUILD-2", "DLID-BUILD-3", "DLID-BUILD-4")
def test_shelter_cooking_hut_stock_hut() -> None:
    s = replace(start(), building=content.SHELTER)
    assert [m.hp for m in event(night_of(s), "Calm night").members] == [7, 4, 4, 5]
    s = tokens(member(replace(start(), building=content.COOKING_HUT), CRON, hp=1), cooked_meat=1)
    assert play(s, Eat(CRON, COOKED_MEAT)).members[CRON].hp == 5  # 1 + 2 + 2
    s = tokens(at_turn(replace(start(), building=content.STOCK_HUT), KARA), rock=2)
    s = play(s, Trade(WOOD))
    assert play(play(s, Pay(ROCK)), Pay(ROCK)).tokens[WOOD] == 1


@pytest.mark.rule("DLID-BUILD-5")
def test_planning_hut_draw_two_keep_one_twice_a_day() -> None:
    s = at_turn(replace(start(), building=content.PLANNING_HUT), KARA)
    s = play(s, DrawCard(GATHER, planning=True))
    s = play(s, CardDrawn(card(GATHER, "2 wood")))
    s = play(s, CardDrawn(card(GATHER, "2 rock")))
    assert s.step is Step.PICK
    s = play(s, Keep(1))
    assert (s.tokens[WOOD], s.tokens[ROCK], sum(s.discards[GATHER])) == (0, 2, 2)
    s = replace(s, planning_used=2)
    assert DrawCard(GATHER, planning=True) not in rules.legal_actions(member(s, KARA, stamina=5))


@pytest.mark.rule("DLID-BUILD-6")
def test_knowledge_hut_once_per_character() -> None:
    s = at_turn(
        replace(start(characters=("Gronk", "Grub", "Vog", "Cron")), building=content.KNOWLEDGE_HUT),
        CRON,
    )
    s = play(play(s, Investigate()), DieRolled(1))
    assert s.tokens[FKP] == 2
    s = play(play(member(s, CRON, stamina=3), Investigate()), DieRolled(1))
    assert s.tokens[FKP] == 3


def test_the_sampled_configurations() -> None:
    configs = rules.configs()
    assert {(c.tree, c.tracker) for c in configs if c.players == 1 and c.challenge == "none"} == {
        (tree, side)
        for tree in ("easy", "normal", "normal-plus", "hard")
        for side in ("normal", "hard")
    }
    assert {c.players for c in configs} == {1, 2, 3, 4}
    assert [c.challenge for c in configs if c.challenge != "none"] == list(CHALLENGES[1:])


@pytest.mark.rule("DLID-COMBAT-1")
def test_armour_is_offered_only_against_damage() -> None:
    # Cron's Hide Armor: a Spear (range 2) kills the Beast unhurt, so no armour is offered;
    # without a weapon the Beast's damage comes, and the armour may take it
    s = member(at_turn(start(), CRON), CRON, weapons=(content.SPEAR,))
    assert s.members[CRON].tools == (content.HIDE_ARMOR,)
    legal = rules.legal_actions(drawn(s, CRON, GATHER, "Beast"))
    assert Fight((0,)) in legal and Fight((0,), 0) not in legal
    bare = rules.legal_actions(drawn(member(s, CRON, weapons=()), CRON, GATHER, "Beast"))
    assert Fight(()) in bare and Fight((), 0) in bare


# -- death ----------------------------------------------------------------------------------------


@pytest.mark.rule("DLID-DEATH-2")
def test_the_fallens_items() -> None:
    s = member(at_turn(start(), CRON), CRON, hp=1, spare=(content.CLUB,))
    s = play(drawn(s, CRON, GATHER, "Beast"), Fight())
    assert s.members[CRON].down and s.members[CRON].tools == (content.HIDE_ARMOR,)
    assert s.members[0].spare == (content.CLUB,)  # the next on the left in play
    assert s.members[1].spare == () and s.members[2].spare == ()  # and only to that one


@pytest.mark.rule("DLID-DAY-1", "DLID-DEATH-1")
def test_a_fall_mid_turn_passes_the_turn_left() -> None:
    """Cron (seat 3) falls to a Beast in the middle of his turn: the turn goes to the next
    seat on the left, Gronk (seat 0), then Grub, then Kara, and the night comes after."""
    s = member(at_turn(start(), CRON), CRON, hp=1)
    s = play(drawn(s, CRON, GATHER, "Beast"), Fight())
    assert s.members[CRON].down
    order = []
    while s.step is Step.TURN:
        order.append(s.turn)
        s = play(s, EndTurn())
    assert order == [0, 1, 2] and s.step is Step.NIGHT


@pytest.mark.rule("DLID-DEATH-3", "DLID-INV-REVIVAL")
def test_revival_with_three_cooked_meat() -> None:
    s = member(start(), CRON, hp=0, stamina=0, down=True)
    assert Revive(CRON) not in rules.legal_actions(tokens(s, cooked_meat=2))
    s = play(tokens(s, cooked_meat=3), Revive(CRON))
    assert s.members[CRON].reviving and s.members[CRON].hp == 3 and s.tokens[COOKED_MEAT] == 0
    assert not invariants(s)
    s = event(night_of(s), "Calm night")
    assert s.members[CRON].down and s.members[CRON].hp == 3  # no morning damage
    s = play(s, Proceed())
    m = s.members[CRON]
    assert not m.down and m.hp == 3 and m.stamina == 6
    # revival overrides River's berries-only diet
    r = member(start(characters=("River", "Grub", "Kara", "Cron")), 0, hp=0, down=True, stamina=0)
    assert Revive(0) in rules.legal_actions(tokens(r, cooked_meat=3))


@pytest.mark.rule("DLID-FAQ-16", "DLID-SKILL-7")
def test_atouks_crafting() -> None:
    s = tokens(
        at_turn(start(characters=("Atouk", "Grub", "Kara", "Cron")), 0), fiber=2, rock=2, meat=1
    )
    s = unlock(s, *ALL_NORMAL[:4])
    spear = [
        a
        for a in rules.legal_actions(s)
        if isinstance(a, Craft) and a.item == content.SPEAR and a.equip < 0
    ]
    assert {a.waive for a in spear} == {(ROCK, ROCK), (ROCK, FIBER), (ROCK, MEAT), (FIBER, MEAT)}
    s2 = play(s, Craft(content.SPEAR, -1, (ROCK, ROCK)))
    assert (s2.tokens[FIBER], s2.tokens[ROCK], s2.tokens[MEAT]) == (1, 2, 0)
    knife = {
        a.waive
        for a in rules.legal_actions(s)
        if isinstance(a, Craft) and a.item == content.ROCK_KNIFE
    }
    assert knife == {(FIBER,), (ROCK,)}  # costs 3: only 1 left out, 2 paid
    club = {
        a.waive
        for a in rules.legal_actions(tokens(s, wood=1))
        if isinstance(a, Craft) and a.item == content.CLUB
    }
    assert club == {()}


def test_every_listed_action_applies_and_nothing_else_does() -> None:
    s = tokens(at_turn(start(), KARA), wood=2, berry=3, fkp=2, rock=3)
    for a in rules.legal_actions(s):
        rules.apply(s, a)
    with pytest.raises(IllegalAction):
        rules.apply(s, Eat(KARA, HIDE))
    with pytest.raises(IllegalAction):
        rules.apply(s, EventDrawn(0))


def test_hunt_tools_and_bone_names() -> None:
    assert content.TOOL_BONUS[content.PICK_AXE] == (ROCK, BONE)
    assert content.DISCOVERY_BONUS["hunt-1"] == MEAT
