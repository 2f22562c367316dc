"""Don't Let It Die: the seventeen characters' skills, the night events one by one, and
the nine Challenges with their restrictions."""

from __future__ import annotations

from typing import Literal

import pytest

from dieproof.reference.core.errors import InvalidConfig, RulesError
from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import audit, content, rules
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    BONE,
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
    BreakTool,
    CardDrawn,
    Craft,
    DieRolled,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    EventDrawn,
    Fight,
    Investigate,
    Keep,
    LoseItem,
    PlaceFkp,
    Proceed,
    Readings,
    Redraw,
    Reroll,
    Revive,
    Skill,
    Step,
    Trade,
)

from .dlid_helpers import (
    at_turn,
    card,
    drawn,
    event,
    member,
    night_of,
    play,
    rained_on,
    start,
    tokens,
    unlock,
)


def tribe(*names: str, **fields: object) -> object:
    return start(characters=names, **fields)


# -- skills ------------------------------------------------------------------------------------


@pytest.mark.rule("DLID-SKILL-1")
def test_gronk() -> None:
    s = at_turn(start(), 0)
    s = member(s, 0, stamina=1)
    s = play(s, Skill(0, "gronk-rage"))
    assert (s.members[0].hp, s.members[0].stamina) == (5, 3)
    assert Skill(0, "gronk-rage") not in rules.legal_actions(s)
    s = member(s, 0, weapons=(content.ROCK_KNIFE,), stamina=2)
    after = play(drawn(s, 0, GATHER, "Beast"), Fight((0,)))
    assert after.members[0].stamina == 0 + 2 + 1  # his 2, and Cron's 1


@pytest.mark.rule("DLID-SKILL-2", "DLID-FAQ-8")
def test_grub() -> None:
    s = at_turn(start(), 1)
    s = member(s, 1, weapons=(content.CLUB,))
    assert DrawCard(HUNT) not in rules.legal_actions(s)
    after = drawn(s, 1, GATHER, "Boar")
    assert after.step is Step.TURN and after.members[1].hp == 4 and after.tokens[FIBER] == 1
    assert after.tokens[MEAT] == 0


@pytest.mark.rule("DLID-SKILL-3")
def test_kara() -> None:
    s = tokens(member(start(), 2, hp=1), cooked_meat=1)
    assert play(s, Eat(2, 6)).members[2].hp == 4  # 2 doubled, to her maximum of 4
    s = play(at_turn(start(), 3), Investigate())
    s = play(play(s, DieRolled(0)), Reroll(True))
    assert s.step is Step.ROLL
    s = play(s, DieRolled(2))
    assert s.step is Step.TURN and s.tokens[FKP] == 2  # no second re-roll
    s = at_turn(member(start(), 3, stamina=1), 0)
    s = play(s, Skill(2, "kara-gift", 3))
    assert s.members[3].stamina == 3
    assert not [
        a for a in rules.legal_actions(s) if isinstance(a, Skill) and a.skill == "kara-gift"
    ]


@pytest.mark.rule("DLID-SKILL-4")
def test_cron() -> None:
    s = at_turn(start(), 3)
    s = replace(s, discards=(s.decks[0], *s.discards[1:]), decks=((0,) * 8, *s.decks[1:]))
    s = play(s, Skill(3, "cron-shuffle", FORAGE))
    assert sum(s.decks[FORAGE]) == 8 and s.members[3].stamina == 4
    k = member(at_turn(start(), 2), 2, weapons=(content.SPEAR,), stamina=2)
    assert play(drawn(k, 2, GATHER, "Boar"), Fight((0,))).members[2].stamina == 1


@pytest.mark.rule("DLID-SKILL-5")
def test_dub() -> None:
    s = tokens(start(characters=("Dub", "Grub", "Kara", "Cron")), bone=2)
    assert PlaceFkp(0, bone=True) in rules.legal_actions(s)
    # without a bone in the pool Dub's tribe places FKP only
    bare = tokens(start(characters=("Dub", "Grub", "Kara", "Cron")), fkp=1)
    listed = rules.legal_actions(bare)
    assert PlaceFkp(0) in listed and PlaceFkp(0, bone=True) not in listed
    # a single bone and no FKP: the bone alone opens the placements
    one = rules.legal_actions(tokens(start(characters=("Dub", "Grub", "Kara", "Cron")), bone=1))
    assert PlaceFkp(0, bone=True) in one and PlaceFkp(0) not in one
    s = play(s, PlaceFkp(0, bone=True))
    assert s.placed[0] == 1 and s.tokens[BONE] == 1
    n = night_of(s)
    n = play(n, content_event("Calm night"))
    assert n.step is Step.DUB
    n = play(n, Redraw(True))
    assert n.step is Step.NIGHT and n.tokens[BONE] == 0 and n.night_discard[25] == 1
    d = at_turn(start(characters=("Dub", "Grub", "Vog", "Cron")), 0)
    d = play(play(d, Investigate()), DieRolled(1))
    assert (d.tokens[FKP], d.tokens[BERRY]) == (1, 1)


def content_event(name: str) -> EventDrawn:
    return EventDrawn([e.name for e in content.NIGHT_EVENTS].index(name))


@pytest.mark.rule("DLID-SKILL-6", "DLID-FAQ-15")
def test_ajax() -> None:
    s = at_turn(member(start(characters=("Ajax", "Grub", "Kara", "Cron")), 0, hp=5), 0)
    s = play(s, Skill(0, "ajax-heal"))
    assert (s.members[0].hp, s.members[0].stamina) == (7, 3)
    after = drawn(s, 0, GATHER, "Beast")
    assert after.step is Step.TURN and after.tokens[MEAT] == 1 and after.members[0].hp == 7
    assert content.CHARACTERS[5].tool_slots == 2 and content.CHARACTERS[0].weapon_slots == 2
    m = replace(s.members[0], tools=(content.BAG,), spare=(content.BAG, content.PICK_AXE))
    from dieproof.reference.dont_let_it_die.day import equip_slots

    assert equip_slots(s.config, m, content.BAG, "tool") == [0]  # two different tools
    assert equip_slots(s.config, m, content.PICK_AXE, "tool") == [0, 1]


@pytest.mark.rule("DLID-SKILL-7")
def test_atouk() -> None:
    s = at_turn(start(characters=("Atouk", "Grub", "Kara", "Cron")), 0)
    s = member(s, 0, weapons=(content.CLUB,))
    legal = rules.legal_actions(s)
    assert DrawCard(FORAGE) not in legal and DrawCard(HUNT) not in legal
    s = play(s, Skill(0, "atouk-wood"))
    assert s.tokens[WOOD] == 1 and s.members[0].stamina == 4


@pytest.mark.rule("DLID-SKILL-8")
def test_ayla() -> None:
    s = at_turn(start(characters=("Ayla", "Grub", "Kara", "Cron")), 0)
    s = member(s, 0, weapons=(content.ROCK_KNIFE,), hp=3)
    h = play(s, DrawCard(HUNT))
    assert h.members[0].stamina == 3
    won = play(play(h, CardDrawn(card(HUNT, "Beast"))), Fight((0,)))
    assert won.members[0].hp == 3 - 1 + 2
    s = play(tokens(s, berry=1), Skill(0, "ayla-fiber"))
    assert (s.tokens[BERRY], s.tokens[FIBER], s.members[0].stamina) == (0, 1, 4)


@pytest.mark.rule("DLID-SKILL-9")
def test_river() -> None:
    s = tokens(
        member(start(characters=("River", "Grub", "Kara", "Cron")), 0, hp=1), meat=2, berry=3
    )
    assert Eat(0, MEAT) not in rules.legal_actions(s) and Eat(0, BERRY) in rules.legal_actions(s)
    s = at_turn(s, 0)
    assert drawn(s, 0, FORAGE, "nothing").tokens[FKP] == 2
    free = play(s, Investigate(free=True))
    assert free.members[0].stamina == 4


@pytest.mark.rule("DLID-SKILL-10", "DLID-FAQ-9")
def test_tara() -> None:
    s = tokens(
        member(start(characters=("Tara", "Grub", "Kara", "Cron")), 0, hp=1, stamina=1), berry=3
    )
    s = play(s, Eat(0, BERRY))
    assert (s.members[0].hp, s.members[0].stamina) == (2, 3)
    assert tokens(s, berry=1).tokens[BERRY] == 1 and Eat(0, BERRY) not in rules.legal_actions(
        tokens(s, berry=1)
    )
    f = drawn(at_turn(member(s, 0, stamina=5), 0), 0, FORAGE, "nothing")
    assert f.tokens[BERRY] == 1
    h = play(
        member(at_turn(start(characters=("Tara", "Grub", "Kara", "Cron")), 0), 3, hp=2),
        Skill(0, "tara-heal", 3),
    )
    assert h.members[3].hp == 3


@pytest.mark.rule("DLID-SKILL-10", "DLID-FAQ-9")
def test_tara_gains_her_stamina_from_a_berry_meal_at_full_health_too() -> None:
    """FAQ 9 asks for a full berry meal, not for the meal to heal her (BGA: onEat)."""
    s = tokens(member(start(characters=("Tara", "Grub", "Kara", "Cron")), 0, stamina=1), berry=6)
    assert s.members[0].hp == s.members[0].max_hp
    fed = play(s, Eat(0, BERRY))
    assert (fed.members[0].hp, fed.members[0].stamina) == (s.members[0].hp, 3)
    assert play(fed, Eat(0, BERRY)).members[0].stamina == 3  # once a day
    # the heal costs 2 stamina: offered with exactly 2, not with 1
    t = at_turn(start(characters=("Tara", "Grub", "Kara", "Cron")), 0)
    assert Skill(0, "tara-heal", 3) in rules.legal_actions(member(t, 0, stamina=2))
    assert Skill(0, "tara-heal", 3) not in rules.legal_actions(member(t, 0, stamina=1))


@pytest.mark.rule("DLID-SKILL-11")
def test_nirv() -> None:
    s = start(characters=("Nirv", "Grub", "Kara", "Cron"))
    s = member(s, 0, hp=3)
    k = member(at_turn(s, 2), 2, weapons=(content.SPEAR,))
    assert play(drawn(k, 2, GATHER, "Beast"), Fight((0,))).members[0].hp == 4
    n = event(night_of(member(s, 1, hp=2)), "Rival Tribe (wood)")
    assert n.members[1].hp == 3 and n.members[0].hp == 4
    free = play(at_turn(s, 0), DrawCard(GATHER, free=True))
    assert free.members[0].stamina == 3


@pytest.mark.rule("DLID-SKILL-12")
def test_mabe() -> None:
    s = at_turn(start(characters=("Mabe", "Grub", "Kara", "Cron")), 0)
    assert not [a for a in rules.legal_actions(s) if isinstance(a, Investigate)]
    s = member(s, 0, hp=3)
    s = drawn(s, 0, GATHER, "Beast")
    s = play(s, Fight())
    assert s.step is Step.MABE
    s = play(s, DieRolled(2))
    assert s.tokens[FKP] == 1 and s.step is Step.TURN
    c = play(
        tokens(at_turn(start(characters=("Mabe", "Grub", "Kara", "Cron")), 0), rock=1),
        Skill(0, "mabe-copy", ROCK),
    )
    assert c.tokens[ROCK] == 2 and c.members[0].stamina == 2


@pytest.mark.rule("DLID-SKILL-13")
def test_nanuk() -> None:
    s = tokens(
        member(start(characters=("Nanuk", "Grub", "Kara", "Cron")), 0, hp=1), berry=3, meat=2
    )
    assert Eat(0, BERRY) not in rules.legal_actions(s)
    assert play(s, Eat(0, MEAT)).members[0].hp == 3
    k = member(at_turn(s, 0), 0, weapons=(content.SPEAR,), hp=6)
    f = drawn(k, 0, HUNT, "Boar")
    assert {a.spoils for a in rules.legal_actions(f) if isinstance(a, Fight)} == {MEAT, HIDE, BONE}
    after = play(f, Fight((0,), spoils=HIDE))
    assert (after.tokens[HIDE], after.tokens[FKP]) == (2, 1)


@pytest.mark.rule("DLID-SKILL-14")
def test_nibna() -> None:
    s = tokens(member(start(characters=("Nibna", "Grub", "Kara", "Cron")), 0, hp=1), cooked_berry=4)
    s = play(s, Eat(0, COOKED_BERRY))
    assert s.members[0].hp == 5
    s = play(member(s, 0, hp=1), Eat(0, COOKED_BERRY))
    assert s.members[0].hp == 3  # once a day
    t = at_turn(
        member(member(start(characters=("Nibna", "Grub", "Kara", "Cron")), 1, hp=2), 2, hp=2), 0
    )
    t = play(t, Skill(0, "nibna-share"))
    assert [m.hp for m in t.members] == [5, 3, 3, 5]


@pytest.mark.rule("DLID-SKILL-15")
def test_zeebo() -> None:
    s = at_turn(start(characters=("Zeebo", "Grub", "Kara", "Cron")), 0)
    assert content.CHARACTERS[14].tool_slots == 0
    s = member(s, 0, hp=2)
    s = drawn(s, 0, FORAGE, "2 berry")
    assert s.members[0].hp == 3 and s.tokens[BERRY] == 2
    s = play(s, Skill(0, "zeebo-double"))
    assert s.tokens[BERRY] == 4 and s.members[0].stamina == 1


_DOUBLE = Skill(0, "zeebo-double")


@pytest.mark.rule("DLID-SKILL-15", "DLID-DAY-7", "DLID-FAQ-7", "DLID-FAQ-10")
@pytest.mark.parametrize("reading", ["open", "at-draw"])
def test_zeebo_double_after_a_free_action(reading: Literal["open", "at-draw"]) -> None:
    """DLID-A31: right after Zeebo's draw both readings offer the double; each free action
    (another's meal, a revival, wood on the fire, an FKP placed, Kara's gift) leaves it
    open under "open" and closes it under "at-draw"."""
    s = start(characters=("Zeebo", "Grub", "Kara", "Cron"), readings=Readings(zeebo_double=reading))
    s = member(member(s, 3, hp=0, stamina=0, down=True), 1, stamina=1, hp=2)
    s = drawn(tokens(s, cooked_meat=3, fkp=1, wood=1), 0, FORAGE, "2 berry")
    assert _DOUBLE in rules.legal_actions(s)
    free = (Eat(1, COOKED_MEAT), Revive(3), AddWood(), PlaceFkp(0), Skill(2, "kara-gift", 1))
    for action in free:
        assert action in rules.legal_actions(s), action
        after = play(s, action)
        assert after.step is Step.TURN and after.turn == 0, action
        assert (_DOUBLE in rules.legal_actions(after)) is (reading == "open"), action


@pytest.mark.rule("DLID-SKILL-15", "DLID-SKILL-3")
@pytest.mark.parametrize("reading", ["open", "at-draw"])
def test_kara_pays_for_zeebos_double(reading: Literal["open", "at-draw"]) -> None:
    """DLID-A31: Zeebo left with 1 stamina by his draw cannot double; Kara's gift of 2
    lets him under "open" (2 berries again, his 3 stamina spent), never under "at-draw"."""
    s = start(characters=("Zeebo", "Grub", "Kara", "Cron"), readings=Readings(zeebo_double=reading))
    s = drawn(member(s, 0, stamina=3), 0, FORAGE, "2 berry")
    assert s.members[0].stamina == 1 and _DOUBLE not in rules.legal_actions(s)
    s = play(s, Skill(2, "kara-gift", 0))
    assert s.members[0].stamina == 3
    if reading == "at-draw":
        assert _DOUBLE not in rules.legal_actions(s)
        return
    s = play(s, _DOUBLE)
    assert s.tokens[BERRY] == 4 and s.members[0].stamina == 0


@pytest.mark.rule("DLID-SKILL-16", "DLID-FAQ-8")
def test_thunk() -> None:
    s = at_turn(start(characters=("Thunk", "Grub", "Kara", "Cron")), 0)
    legal = rules.legal_actions(s)
    assert DrawCard(FORAGE) not in legal and DrawCard(GATHER) not in legal
    h = drawn(s, 0, HUNT, "2 hide")
    assert (h.tokens[MEAT], h.tokens[HIDE]) == (1, 2)


@pytest.mark.rule("DLID-SKILL-17")
def test_vog() -> None:
    s = start(characters=("Vog", "Grub", "Kara", "Cron"))
    m = event(night_of(s), "Calm night")
    assert m.members[0].hp == 10
    e = play(tokens(member(s, 0, hp=5), cooked_meat=1), Eat(0, 6))
    assert (e.members[0].hp, e.members[0].stamina) == (7, 4)
    f = drawn(at_turn(s, 2), 2, GATHER, "Boar")
    after = play(f, Fight((), vog=True))
    assert after.members[2].hp == 4 and after.members[0].hp == 8


@pytest.mark.rule("DLID-SKILL-17", "DLID-DAY-1")
def test_vog_eats_no_more_once_his_turn_has_ended() -> None:
    """His meals cost stamina, and no action may use stamina once a turn has ended (Day
    Phase); before and during his turn he may eat (a free action, DLID-A22)."""
    s = at_turn(tokens(start(characters=("Vog", "Grub", "Kara", "Cron")), cooked_meat=1), 1)
    s = member(s, 0, hp=5)
    assert Eat(0, COOKED_MEAT) in rules.legal_actions(s)  # before his turn
    ended = member(s, 0, done=True)
    assert Eat(0, COOKED_MEAT) not in rules.legal_actions(ended)
    assert Eat(1, COOKED_MEAT) in rules.legal_actions(member(ended, 1, hp=2))
    with pytest.raises(RulesError):
        rules.apply(ended, Eat(0, COOKED_MEAT))


# -- the night events ------------------------------------------------------------------


@pytest.mark.rule("DLID-NIGHT-2")
def test_night_events_of_the_next_day() -> None:
    s = start()
    s = member(s, 2, weapons=(content.CLUB,), tools=(content.BAG,))
    fog = play(event(night_of(s), "Thick fog"), Proceed())
    fog = at_turn(fog, 2)
    assert DrawCard(HUNT) not in rules.legal_actions(fog) and DrawCard(
        HARVEST
    ) not in rules.legal_actions(fog)
    sun = at_turn(play(event(night_of(s), "Sunburn"), Proceed()), 3)
    assert Investigate() not in rules.legal_actions(sun)
    wind = at_turn(play(event(night_of(s), "High winds"), Proceed()), 3)
    wind = play(play(wind, Investigate()), DieRolled(1))
    wind = play(wind, Reroll(False)) if wind.step is Step.REROLL else wind
    assert Investigate() not in rules.legal_actions(member(wind, 3, stamina=6))
    murky = at_turn(play(event(night_of(s), "Contaminated water"), Proceed()), 3)
    murky = play(play(murky, Investigate()), DieRolled(1))
    assert murky.roll == 0
    storm = at_turn(play(event(night_of(s), "Lightning storm"), Proceed()), 3)
    storm = play(play(storm, DrawCard(GATHER)), CardDrawn(card(GATHER, "1 rock")))
    assert storm.step is Step.LIGHTNING
    storm = play(storm, DieRolled(0))
    assert storm.members[3].hp == 3 and storm.tokens[ROCK] == 1
    spice = tokens(member(play(event(night_of(s), "Spices"), Proceed()), 3, hp=1), meat=2)
    assert play(spice, Eat(3, MEAT)).members[3].hp == 3
    sick = at_turn(play(event(night_of(s), "Food poisoning"), Proceed()), 0)
    sick = member(sick, 0, stamina=0)
    assert play(sick, Skill(0, "gronk-rage")).members[0].stamina == 0
    shroom = at_turn(play(event(night_of(s), "Strange mushroom"), Proceed()), 3)
    shroom = replace(shroom, discards=((1,) * 8, *shroom.discards[1:]))
    assert not [
        a for a in rules.legal_actions(shroom) if isinstance(a, Skill) and a.skill == "cron-shuffle"
    ]


@pytest.mark.rule("DLID-NIGHT-2", "DLID-END-3")
def test_a_stampede_that_fells_the_last_one_standing_ends_the_game_there() -> None:
    """The last character in play falls to a stampede's blank: the game is lost at that
    roll, the state as the roll left it (the roller still named)."""
    s = start()
    for seat in (0, 1, 2):
        s = member(s, seat, hp=0, down=True, done=True, stamina=0)
    herd = event(night_of(member(s, 3, hp=1)), "Mammoth stampede")
    assert herd.step is Step.NIGHT_ROLL and herd.night_roll == 3
    lost = play(herd, DieRolled(0))
    assert lost.result is not None and lost.result.rule == "DLID-END-3"
    assert lost.night_roll == 3 and lost.day == s.day


@pytest.mark.rule("DLID-NIGHT-2")
def test_a_broken_tool_takes_its_own_armour_count_with_it() -> None:
    """Ajax's first tool breaks; the second keeps its armour uses (seen in the state the
    morning leaves when it empties the pit, before any refresh)."""
    s = start(characters=("Ajax", "Grub", "Kara", "Cron"))
    s = member(s, 0, tools=(content.BAG, content.HIDE_ARMOR), guards=(0, 1))
    broken = event(night_of(replace(s, pit=1)), "Broken tool")
    out = play(broken, BreakTool(0, 0))
    assert out.result is not None and out.result.rule == "DLID-END-2"
    assert out.members[0].tools == (content.HIDE_ARMOR,) and out.members[0].guards == (1,)


@pytest.mark.rule("DLID-NIGHT-2")
def test_night_events_of_the_night_and_morning() -> None:
    s = start()
    heal = event(night_of(member(s, 0, hp=2)), "Healing smoke")
    assert heal.members[0].hp == 3  # 2 + 2, then the morning's 1
    morale = event(night_of(s), "High morale")
    assert [m.hp for m in morale.members] == [7, 4, 4, 5]
    volcano = event(night_of(s), "Volcano")
    assert [m.hp for m in volcano.members] == [5, 2, 2, 3]
    cold = event(night_of(s), "Cold wind")
    assert [m.hp for m in cold.members] == [5, 2, 2, 3] and [m.stamina for m in cold.members] == [
        2,
        5,
        3,
        4,
    ]
    boar = event(night_of(s), "Dead boar")
    assert boar.tokens[MEAT] == 2
    teach = event(night_of(s), "Teaching")
    assert teach.tokens[FKP] == 4
    saber = event(night_of(tokens(s, meat=3)), "Sabertooths")
    assert saber.tokens[MEAT] == 0 and saber.members[0].hp == 6
    one = event(
        night_of(tokens(start(readings=Readings(sabertooth_meat="one")), meat=3)), "Sabertooths"
    )
    assert one.tokens[MEAT] == 2
    hungry = event(night_of(s), "Sabertooths")
    assert hungry.members[0].hp == 4
    herd = event(night_of(s), "Mammoth stampede")
    assert herd.step is Step.NIGHT_ROLL and herd.night_roll == 0
    for value in (0, 1, 0, 2):
        herd = play(herd, DieRolled(value))
    assert [m.hp for m in herd.members] == [5, 3, 2, 4]
    broken = event(night_of(s), "Broken tool")
    assert rules.legal_actions(broken) == (BreakTool(3, 0),)
    assert play(broken, BreakTool(3, 0)).members[3].tools == ()
    # a fallen character keeps its equipped tool, and the event may take it (BGA 7_12)
    fallen = member(s, 1, hp=0, down=True, done=True, stamina=0, tools=(content.BAG,))
    broken = event(night_of(fallen), "Broken tool")
    assert rules.legal_actions(broken) == (BreakTool(1, 0), BreakTool(3, 0))
    assert play(broken, BreakTool(1, 0)).members[1].tools == ()
    quake = member(s, 1, spare=(content.CLUB, content.BAG, content.SPEAR))
    quake = event(night_of(quake), "Earthquake")
    assert quake.step is Step.LOSE_ITEMS
    quake = play(play(quake, LoseItem(1, 0)), LoseItem(1, 0))
    assert quake.members[1].spare == (content.SPEAR,) and quake.step is Step.MORNING


# -- challenges ------------------------------------------------------------------------


@pytest.mark.rule("DLID-CHAL-10")
def test_challenge_restrictions_are_config_errors() -> None:
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(challenge="fire-hot"))  # Kara, Cron not allowed
    with pytest.raises(InvalidConfig):
        rules.validate_config(
            DlidConfig(
                characters=("Gronk", "Atouk", "Ayla", "Vog"), challenge="fire-hot", tree="easy"
            )
        )
    with pytest.raises(InvalidConfig):
        rules.validate_config(
            DlidConfig(characters=("Atouk", "Grub", "Kara", "Cron"), challenge="mating-season")
        )
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(challenge="fruitarianism", tree="normal"))
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(challenge="ten"))  # type: ignore[arg-type]
    for c in range(1, 10):
        rules.validate_config(rules.challenge_config(c))


@pytest.mark.rule("DLID-CHAL-1")
def test_fire_hot() -> None:
    s = at_turn(start(characters=("Gronk", "Atouk", "Ayla", "Vog"), challenge="fire-hot"), 3)
    s = play(s, Investigate())
    assert s.step is Step.TURN and s.tokens[FKP] == 1 and s.members[3].stamina == 2


@pytest.mark.rule("DLID-CHAL-2")
def test_day_five() -> None:
    assert start(challenge="not-seen").day == 5


@pytest.mark.rule("DLID-CHAL-3")
def test_berries_everywhere() -> None:
    s = tokens(
        member(start(characters=("Nibna", "Tara", "River", "Grub"), challenge="berries"), 3, hp=1),
        fiber=3,
        rock=5,
    )
    legal = rules.legal_actions(s)
    assert Eat(3, FIBER) in legal and not [a for a in legal if isinstance(a, Trade)]
    assert play(s, Eat(3, FIBER)).members[3].hp == 2


@pytest.mark.rule("DLID-CHAL-3")
def test_berries_everywhere_fiber_pays_no_fiber_cost() -> None:
    """Challenge 3: fiber tokens are raw berries only (DLID-A13), so an item whose cost
    has fiber cannot be crafted with them; one without fiber can."""
    pool = {"fiber": 3, "rock": 5, "hide": 1, "meat": 2, "wood": 1, "bone": 1}
    tribe_3 = ("Nibna", "Tara", "River", "Grub")

    def crafted(state: DlidState) -> set[int]:
        return {a.item for a in rules.legal_actions(state) if isinstance(a, Craft)}

    s = tokens(unlock(start(characters=tribe_3, challenge="berries"), "crafting-1"), **pool)
    assert crafted(s) == {content.CLUB, content.SHARP_STICK}
    with pytest.raises(RulesError):
        rules.apply(s, Craft(content.ROCK_KNIFE, -1))
    # the same pool without the challenge pays the Rock Knife's and the Bag's fiber
    plain = tokens(unlock(start(characters=tribe_3), "crafting-1"), **pool)
    assert {content.ROCK_KNIFE, content.BAG} <= crafted(plain)


_TRIBE_3 = ("Nibna", "Tara", "River", "Grub")


def _berries_night(reading: Literal["own-token", "as-berries"], **pool: int) -> DlidState:
    """Challenge 3 under DLID-A25's ``reading``, with ``pool`` in the pool, at night."""
    s = start(characters=_TRIBE_3, challenge="berries", readings=Readings(night_fiber=reading))
    return night_of(tokens(s, **pool))


@pytest.mark.rule("DLID-CHAL-3", "DLID-NIGHT-2", "DLID-FAQ-13")
@pytest.mark.parametrize(
    ("reading", "berry_theft", "fiber_theft"),
    [("own-token", (0, 0, 3), 1), ("as-berries", (0, 0, 2), 3)],
)
def test_berries_everywhere_rival_tribes_and_fiber(
    reading: Literal["own-token", "as-berries"],
    berry_theft: tuple[int, int, int],
    fiber_theft: int,
) -> None:
    """DLID-A25: a berry theft of 3 takes the cooked berry, the raw berry, then (as
    berries) one fiber; a fiber theft of 2 takes two fiber, or (as berries) finds none."""
    s = event(_berries_night(reading, cooked_berry=1, berry=1, fiber=3), "Rival Tribe (berries)")
    s = play(s, DieRolled(3))
    assert (s.tokens[COOKED_BERRY], s.tokens[BERRY], s.tokens[FIBER]) == berry_theft
    s = event(_berries_night(reading, fiber=3), "Rival Tribe (fiber)")
    assert play(s, DieRolled(2)).tokens[FIBER] == fiber_theft


@pytest.mark.rule("DLID-CHAL-3", "DLID-NIGHT-2", "DLID-NIGHT-3")
def test_berries_everywhere_starving_boars_and_fiber() -> None:
    """DLID-A25: the starving boars eat half the raw berries, rounded up: as berries, 1
    berry and 4 fiber are 5, so the berry and 2 fiber go; as a token of its own, the
    berry alone. With fiber only, the boars eat 1 of 2 as berries, and otherwise find no
    berries and hurt every character without a weapon by 2."""
    own = event(_berries_night("own-token", berry=1, fiber=4), "Starving boars")
    as_berries = event(_berries_night("as-berries", berry=1, fiber=4), "Starving boars")
    assert (own.tokens[BERRY], own.tokens[FIBER]) == (0, 4)
    assert (as_berries.tokens[BERRY], as_berries.tokens[FIBER]) == (0, 2)
    own = event(_berries_night("own-token", fiber=2), "Starving boars")
    as_berries = event(_berries_night("as-berries", fiber=2), "Starving boars")
    assert (own.tokens[FIBER], as_berries.tokens[FIBER]) == (2, 1)
    unarmed = [not m.weapons for m in own.members]
    assert any(unarmed)
    assert [b.hp - a.hp for a, b in zip(own.members, as_berries.members, strict=True)] == [
        2 if u else 0 for u in unarmed
    ]
    # outside Challenge 3 the reading changes nothing: the boars find no berries
    plain = night_of(tokens(start(readings=Readings(night_fiber="as-berries")), fiber=2))
    assert event(plain, "Starving boars").tokens[FIBER] == 2


@pytest.mark.rule("DLID-CHAL-4", "DLID-BUILD-5")
def test_mating_season_with_the_planning_hut_puts_a_new_danger_back_on_top() -> None:
    """The card on top is drawn first; the Planning Hut's second card is a first draw:
    kept and fought, it goes back on top, while the card drawn again is discarded."""
    s = at_turn(replace(start(challenge="mating-season"), building=content.PLANNING_HUT), 2)
    beast, boar = card(GATHER, "Beast"), card(GATHER, "Boar")
    s = play(drawn(s, 2, GATHER, "Beast"), Fight())
    assert s.on_top[GATHER] == beast
    s = play(play(s, DrawCard(GATHER, planning=True)), CardDrawn(beast))
    s = play(s, CardDrawn(boar))
    assert s.step is Step.PICK and s.drawn == (beast, boar)
    s = play(play(s, Keep(1)), Fight())
    assert s.on_top[GATHER] == boar
    assert s.discards[GATHER][beast] == 1 and s.discards[GATHER][boar] == 0


@pytest.mark.rule("DLID-CHAL-4")
def test_mating_season() -> None:
    s = at_turn(start(challenge="mating-season"), 2)
    s = play(drawn(s, 2, GATHER, "Beast"), Fight())
    assert s.on_top[GATHER] == card(GATHER, "Beast") and sum(s.discards[GATHER]) == 0
    s = play(s, DrawCard(GATHER))
    assert [a for a, _ in rules.chance_outcomes(s)] == [CardDrawn(card(GATHER, "Beast"))]
    s = play(play(s, CardDrawn(card(GATHER, "Beast"))), Fight())
    assert s.on_top[GATHER] == -1 and sum(s.discards[GATHER]) == 1


@pytest.mark.rule("DLID-CHAL-5")
def test_ice_age() -> None:
    s = at_turn(start(challenge="ice-age", tree="hard"), 2)
    s = play(s, DrawCard(GATHER))
    assert s.members[2].stamina == 2 and s.members[2].hp == 3
    c = play(at_turn(start(challenge="ice-age", tree="hard"), 3), DrawCard(GATHER))
    assert c.members[3].stamina == 3 and c.members[3].hp == 5  # Hide Armor


@pytest.mark.rule("DLID-CHAL-6")
def test_fast_food() -> None:
    s = event(
        night_of(tokens(start(challenge="fast-food"), berry=2, cooked_meat=1, rock=1)), "Calm night"
    )
    assert (s.tokens[BERRY], s.tokens[6], s.tokens[ROCK]) == (0, 0, 1)


@pytest.mark.rule("DLID-CHAL-7")
def test_rival_tribes() -> None:
    s = tokens(at_turn(start(challenge="rival-tribes"), 2), rock=5)
    assert not [a for a in rules.legal_actions(s) if isinstance(a, Trade)]
    n = event(night_of(start(challenge="rival-tribes")), "Rival Tribe (rock)")
    assert [m.hp for m in n.members] == [5, 2, 2, 3]


@pytest.mark.rule("DLID-CHAL-7", "DLID-SKILL-5")
@pytest.mark.parametrize(("reading", "on_draw"), [("with-event", 0), ("on-draw", 2)])
def test_rival_tribes_damage_and_dub_s_redraw(
    reading: Literal["with-event", "on-draw"], on_draw: int
) -> None:
    """DLID-A24: the 2 damage comes with the card's effect (none if Dub redraws it away)
    or as it is drawn (before Dub's choice); a card kept deals it once either way."""
    tribe_7 = ("Dub", "Grub", "Kara", "Cron")
    config = {"characters": tribe_7, "challenge": "rival-tribes"}
    s = tokens(start(**config, readings=Readings(rival_tribe_damage=reading)), bone=2)
    hp = [m.hp for m in s.members]
    drawn_ = play(night_of(s), content_event("Rival Tribe (rock)"))
    assert drawn_.step is Step.DUB
    assert [m.hp for m in drawn_.members] == [h - on_draw for h in hp]
    redrawn = play(play(drawn_, Redraw(True)), content_event("Calm night"))
    # the calm night ends the night: the morning's 1 damage each comes on top
    assert redrawn.day == s.day + 1
    assert [m.hp for m in redrawn.members] == [h - on_draw - 1 for h in hp]
    kept = play(drawn_, Redraw(False))
    assert kept.step is Step.NIGHT_ROLL  # the theft's roll, before the morning
    assert [m.hp for m in kept.members] == [h - 2 for h in hp]


@pytest.mark.rule("DLID-ITEMS-1")
@pytest.mark.parametrize(("reading", "closed"), [("copy", False), ("item", True)])
def test_a_lost_copy_and_the_item_s_other_copy(
    reading: Literal["copy", "item"], closed: bool
) -> None:
    """DLID-A27: a Bag made and held by nobody (lost) closes the other copy under the
    "item" reading only; a Bag held closes nothing."""
    s = start(readings=Readings(lost_items=reading))
    s = at_turn(tokens(unlock(s, "crafting-1"), fiber=4, meat=2), 2)
    made = list(s.made)
    made[content.BAG] = 1
    lost = replace(s, made=tuple(made))
    crafts = {a.item for a in rules.legal_actions(lost) if isinstance(a, Craft)}
    assert (content.BAG not in crafts) == closed
    held = member(lost, 1, spare=(content.BAG,))
    assert content.BAG in {a.item for a in rules.legal_actions(held) if isinstance(a, Craft)}
    if closed:
        with pytest.raises(RulesError):
            rules.apply(lost, Craft(content.BAG, -1))


@pytest.mark.rule("DLID-CHAL-8")
def test_fruitarianism() -> None:
    s = start(challenge="fruitarianism", tree="hard")
    assert all(
        n == 0
        for deck, counts in enumerate(s.decks)
        for i, n in enumerate(counts)
        if content.DECK_CARDS[deck][i].kind == "danger"
    )
    assert [m.hp for m in event(night_of(s), "Calm night").members] == [5, 2, 2, 3]


@pytest.mark.rule("DLID-CHAL-9", "DLID-NIGHT-5")
def test_die_hard_food_feeds_the_pit_in_the_refuel_window_too() -> None:
    """DLID-A21: the food that stands in for wood in the day does in the refuel window."""
    pool = {"wood": 0, "berry": 3, "cooked_meat": 1}
    s = rained_on(start(challenge="die-hard", tree="hard"), **pool)
    assert s.step is Step.REFUEL and s.pit == 2
    three_berries, one_cooked_meat = AddWood(BERRY), AddWood(COOKED_MEAT)
    assert rules.legal_actions(s) == (three_berries, one_cooked_meat, Proceed())
    fed = play(s, one_cooked_meat)
    assert fed.step is Step.REFUEL and fed.pit == 4 and fed.pit_food == 2
    assert fed.tokens[COOKED_MEAT] == 0
    assert rules.legal_actions(fed) == (three_berries, Proceed())
    fed = play(fed, three_berries)
    assert fed.pit == 5 and fed.pit_food == 3 and fed.tokens[BERRY] == 0
    # outside Challenge 9 the same pool offers nothing for the pit
    s = rained_on(start(tree="hard"), **pool)
    assert s.step is Step.REFUEL and rules.legal_actions(s) == (Proceed(),)


@pytest.mark.rule("DLID-CHAL-9", "DLID-NIGHT-5")
def test_the_refuel_window_steps_name_the_refuel_rule() -> None:
    """What the vectors' ``_info`` lists for a step of the refuel window: the refuel rule
    (and Challenge 9's for food), not the day's free action or the morning's token."""
    s = rained_on(start(challenge="die-hard", tree="hard"), wood=1, cooked_meat=1)
    food, wood = AddWood(COOKED_MEAT), AddWood()
    assert audit.step_rules(s, food, play(s, food)) == ("DLID-CHAL-9", "DLID-NIGHT-5")
    assert audit.step_rules(s, wood, play(s, wood)) == ("DLID-NIGHT-5",)
    ended = audit.step_rules(s, Proceed(), play(s, Proceed()))
    assert "DLID-NIGHT-5" in ended and "DLID-MORNING-6" not in ended
    # in the day, the same food is the day's free action and Challenge 9's
    day = tokens(start(challenge="die-hard", tree="hard"), cooked_meat=1)
    assert audit.step_rules(day, food, play(day, food)) == ("DLID-CHAL-9", "DLID-DAY-7")


@pytest.mark.rule("DLID-CHAL-9")
def test_die_hard() -> None:
    s = tokens(start(challenge="die-hard", tree="hard"), cooked_meat=1, berry=3)
    assert AddWood(6) in rules.legal_actions(s)
    s = play(s, AddWood(6))
    assert s.pit == 5 and s.pit_food == 2
    names = [d.name for d in content.TREES["hard"]]
    s = unlock(
        tokens(s, fkp=1),
        "forage-2",
        "hunt-1",
        "warmth-1",
        "crafting-1",
        "resource-1",
        "crafting-2",
        "relaxation",
        "forage-1",
        "cooking-1",
        "warmth-2",
        "cooking-2",
    )
    assert PlaceFkp(names.index("fire-starter")) not in rules.legal_actions(s)
    s = at_turn(unlock(s, "forage-1", "crafting-3"), 2)
    after = drawn(s, 2, FORAGE, "1 berry")
    assert after.tokens[BERRY] == 4  # Forage 1's text ability is off
