"""Don't Let It Die: the cases the first mutation run (``./dev mutate dont-let-it-die
--per-module 12``) showed no other test pinned down: the earthquake's choices and its end,
the refuel window under the after-refuel reading, a first player beyond the four
characters, and a maximum stamina that a Club takes to 0 (a user's character card)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dieproof.reference import game
from dieproof.reference.core import IllegalAction
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import content, day, rules
from dieproof.reference.dont_let_it_die.base import add_stamina, fkp_in_box, poisoned, table_of
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    GATHER,
    HUNT,
    MEAT,
    WOOD,
    AddWood,
    CardDrawn,
    Cook,
    DieRolled,
    DlidConfig,
    DlidContent,
    DlidState,
    DrawCard,
    EndTurn,
    EventDrawn,
    Fight,
    LoseItem,
    Proceed,
    Readings,
    Skill,
    Step,
    UserCharacter,
    UserNightEvent,
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
    spent,
    start,
    tokens,
    unlock,
)

GAME = game("dont-let-it-die")


def _quake(*spares: tuple[int, ...]) -> DlidState:
    """The earthquake drawn with each seat holding ``spares[seat]`` unequipped."""
    s = start()
    made = list(s.made)
    for seat, spare in enumerate(spares):
        s = member(s, seat, spare=spare)
        for item in spare:
            made[item] += 1
    s = replace(s, made=tuple(made))
    return event(night_of(s), "Earthquake")


@pytest.mark.rule("DLID-NIGHT-2")
def test_the_earthquake_offers_only_the_kinds_still_to_lose() -> None:
    s = _quake((content.SHARP_STICK, content.BAG, content.PICK_AXE), (content.ROCK_KNIFE,))
    assert s.step is Step.LOSE_ITEMS and s.to_lose == 3
    s = play(s, LoseItem(0, 1))  # the Bag: the tool is lost, the Pick Axe stays
    assert s.step is Step.LOSE_ITEMS and s.to_lose == 1
    assert s.members[0].spare == (content.SHARP_STICK, content.PICK_AXE)
    # only the weapons are offered now
    assert rules.legal_actions(s) == (LoseItem(0, 0), LoseItem(1, 0))


@pytest.mark.rule("DLID-NIGHT-2")
def test_the_earthquake_ends_when_no_kind_is_left_to_lose() -> None:
    only_tool = _quake((content.BAG,))
    assert only_tool.to_lose == 2
    after = play(only_tool, LoseItem(0, 0))
    assert after.step is Step.MORNING and after.to_lose == 0
    both = _quake((content.SHARP_STICK, content.BAG))
    assert both.to_lose == 3
    left = play(both, LoseItem(0, 0))
    assert left.step is Step.LOSE_ITEMS and left.to_lose == 2


@pytest.mark.rule("DLID-NIGHT-2")
@pytest.mark.parametrize("held", ["weapon", "tool"])
def test_a_kind_nobody_holds_is_not_waited_for(held: str) -> None:
    """A client's state may ask for both kinds while only one is held (the audit accepts
    it): after that one is lost the night goes on."""
    item = content.SHARP_STICK if held == "weapon" else content.BAG
    quake = replace(_quake((content.SHARP_STICK, content.BAG)), to_lose=3)
    quake = member(quake, 0, spare=(item,))
    made = list(quake.made)
    made[content.SHARP_STICK] = made[content.BAG] = 0
    made[item] = 1
    quake = replace(quake, made=tuple(made))
    GAME.check_state(quake)
    after = play(quake, LoseItem(0, 0))
    assert after.step is Step.MORNING and after.to_lose == 0


@pytest.mark.rule("DLID-NIGHT-5", "DLID-END-2")
def test_after_refuel_an_empty_pit_loses_when_the_window_closes() -> None:
    """Under the after-refuel reading the pit may be empty while the window is open; it
    loses when the window closes, even if the morning would burn no wood (a user's
    schedule of zeros)."""
    own = DlidContent(wood_normal=(0,) * 14)
    tired = spent(start(readings=Readings(empty_pit="after-refuel"), content=own), pit=1)
    s = event(night_of(tired), "Rainstorm")
    assert s.step is Step.REFUEL and s.pit == 0 and s.result is None
    lost = rules.apply(s, Proceed())
    assert lost.result is not None and lost.result.rule == "DLID-END-2"
    assert lost.step is Step.OVER and lost.day == 1
    assert lost.wood_taken  # lost in the window, as under at-once: the flag stays set


@pytest.mark.rule("DLID-NIGHT-5")
def test_the_refuel_window_closes_once() -> None:
    s = rained_on(start(), wood=1)
    assert s.step is Step.REFUEL and s.wood_taken
    after = play(s, Proceed())
    assert after.step is Step.MORNING and not after.wood_taken
    assert after.tokens[WOOD] == 1 and after.pit == 1  # 3 - rain 1 - morning 1


@pytest.mark.rule("DLID-SETUP-1")
@pytest.mark.parametrize("first", [-1, 4])
def test_the_first_player_is_one_of_the_four(first: int) -> None:
    with pytest.raises(InvalidConfig):
        rules.validate_config(DlidConfig(first_player=first))
    rules.validate_config(DlidConfig(first_player=3))


@pytest.mark.rule("DLID-ITEMS-8", "DLID-FAQ-2", "DLID-BOX-1")
def test_a_club_can_take_the_maximum_stamina_to_zero() -> None:
    own = DlidContent(characters=(UserCharacter("Kara", 4, 1, starts_with="Club"),))
    s = rules.initial_state(DlidConfig(content=own))
    kara = s.members[2]
    assert (kara.max_stamina, kara.stamina, kara.max_hp) == (0, 0, 4)


@pytest.mark.rule("DLID-FKP-6")
def test_fkp_in_the_box_counts_one_unlocked_token_per_discovery() -> None:
    s = unlock(tokens(start(), fkp=5), "warmth-1", "cooking-1")
    placed = list(s.placed)
    placed[2] = 3
    s = replace(s, placed=tuple(placed))
    assert fkp_in_box(s) == 40 - 5 - 3 - 2


@pytest.mark.rule("DLID-NIGHT-3", "DLID-BOX-1")
def test_food_poisoning_as_the_first_event_of_a_users_night_deck() -> None:
    own = DlidContent(
        night_events=(UserNightEvent("Bad berries", "poisoning"), UserNightEvent("Calm", "calm"))
    )
    s = night_of(start(content=own))
    s = play(s, EventDrawn(0))
    s = play(s, Proceed())  # the morning's trades
    assert s.step is Step.TURN and s.event == 0
    kara = s.members[2]
    tired = member(s, 2, stamina=kara.max_stamina - 3)
    assert poisoned(tired)
    assert add_stamina(tired, 2, 2).members[2].stamina == kara.max_stamina - 3


@pytest.mark.rule("DLID-NIGHT-2", "DLID-BOX-1")
def test_fog_as_the_first_event_of_a_users_night_deck_closes_the_hunt() -> None:
    # The sampled mutant day:_turn:GtE->Gt: the night event at index 0 read as no event by
    # the check apply makes (of_kind), so a user's deck with the fog first let Hunt be drawn.
    own = DlidContent(night_events=(UserNightEvent("Fog", "fog"), UserNightEvent("Calm", "calm")))
    s = play(play(night_of(start(content=own)), EventDrawn(0)), Proceed())
    assert s.step is Step.TURN and s.event == 0
    s = member(at_turn(s, 2), 2, weapons=(content.SPEAR,))
    assert DrawCard(HUNT) not in rules.legal_actions(s)
    with pytest.raises(IllegalAction):
        rules.apply(s, DrawCard(HUNT))


@pytest.mark.rule("DLID-MORNING-6", "DLID-DAY-1")
def test_the_first_player_token_passes_to_a_fallen_character_and_play_goes_on_left() -> None:
    # The sampled mutant night:end_morning:drop-not: the day begun with the token's holder
    # when that character is down, so a fallen character had the first turn.
    s = member(start(), 1, hp=0, down=True, stamina=0)
    morning = event(night_of(s), "Calm night")
    assert morning.step is Step.MORNING
    day_ = play(morning, Proceed())
    assert day_.first == 1 and day_.step is Step.TURN and day_.turn == 2


@pytest.mark.rule("DLID-NIGHT-1")
def test_the_event_before_goes_to_the_discard_pile_the_deck_s_first_too() -> None:
    # The event in force is the night deck's first (index 0, drawn the night before):
    # drawing the next one discards it as any other (event_drawn tells "no event yet",
    # -1, from index 0).
    s = night_of(start())
    deck = list(s.night_deck)
    deck[0] -= 1
    s = replace(s, night_deck=tuple(deck), event=0)
    before = s.night_discard
    s = play(s, EventDrawn(2))  # Thick fog
    assert s.event == 2
    assert s.night_discard[0] == before[0] + 1
    assert sum(s.night_discard) == sum(before) + 1
    assert s.night_deck[2] == deck[2] - 1


@pytest.mark.rule("DLID-SKILL-6")
def test_ajax_heals_with_exactly_two_stamina() -> None:
    s = start(characters=("Ajax", "Grub", "Kara", "Cron"))
    s = at_turn(member(s, 0, hp=5, stamina=2), 0)
    assert Skill(0, "ajax-heal") in rules.legal_actions(s)
    assert Skill(0, "ajax-heal") not in rules.legal_actions(member(s, 0, stamina=1))


@pytest.mark.rule("DLID-NIGHT-2")
def test_the_stampede_s_last_roll_clears_the_next_roller() -> None:
    herd = event(night_of(start()), "Mammoth stampede")
    assert herd.step is Step.NIGHT_ROLL and herd.night_roll == 0
    for _ in range(4):
        herd = play(herd, DieRolled(1))
    assert herd.step is Step.MORNING and herd.night_roll == 0


@pytest.mark.rule("DLID-SKILL-12", "DLID-NIGHT-2")
def test_mabe_s_roll_comes_only_by_day() -> None:
    # The sampled mutant night:night_rolled:not: a stampede's blank dealt as day damage,
    # so Mabe falling below 3 health at night was owed his roll.
    s = member(start(characters=("Mabe", "Grub", "Kara", "Cron")), 0, hp=3)
    herd = event(night_of(s), "Mammoth stampede")
    assert herd.step is Step.NIGHT_ROLL and herd.night_roll == 0
    hurt = play(herd, DieRolled(0))
    assert hurt.members[0].hp == 2 and not hurt.mabe and hurt.night_roll == 1


@pytest.mark.rule("DLID-DEATH-2")
def test_the_last_fallen_s_items_go_to_the_fed_member_on_the_left() -> None:
    # The sampled mutant base:_heir:Add->Sub: under DLID-A26's "waits", with nobody in play
    # the items went to the fed member on the right.
    s = start(readings=Readings(everybody_down="waits"))
    for seat in (0, 2):
        s = member(s, seat, hp=3, down=True, reviving=True, done=True, stamina=0)
    s = member(s, 1, hp=0, down=True, done=True, stamina=0)
    s = at_turn(member(s, 3, hp=1, spare=(content.CLUB,)), 3)
    after = play(drawn(s, 3, GATHER, "Boar"), Fight())
    assert after.result is None
    assert after.members[0].spare == (content.CLUB,) and after.members[2].spare == ()


@pytest.mark.rule("DLID-NIGHT-5")
def test_the_refuel_window_offers_wood_only_with_wood_in_the_pool() -> None:
    s = event(night_of(spent(start(), pit=3)), "Rainstorm")
    assert s.step is Step.REFUEL
    assert rules.legal_actions(tokens(s, wood=0)) == (Proceed(),)
    assert rules.legal_actions(tokens(s, wood=1)) == (AddWood(), Proceed())


@pytest.mark.rule("DLID-MORNING-3")
def test_the_hard_side_s_morning_deals_two_under_the_two_reading() -> None:
    health = [m.hp for m in start().members]
    two = start(tracker="hard", readings=Readings(hard_tracker_damage="two"))
    two = event(night_of(replace(two, pit=6)), "Calm night")
    assert two.step is Step.MORNING
    assert [m.hp for m in two.members] == [h - 2 for h in health]
    one = event(night_of(replace(start(tracker="hard"), pit=6)), "Calm night")
    assert [m.hp for m in one.members] == [h - 1 for h in health]


@pytest.mark.rule("DLID-DAY-8")
def test_cooking_offers_only_the_raw_food_in_the_pool() -> None:
    # The fourth speed push's sample: day:_cooks:Gt->GtE (meat cooked with no meat). With
    # both cooking discoveries, each food is offered only while the pool holds it.
    s = unlock(at_turn(start(), 2), "warmth-1", "cooking-1", "cooking-2")  # Kara's turn
    cooks = [Cook(BERRY), Cook(MEAT)]
    for pool, offered in (
        ({"berry": 1}, [Cook(BERRY)]),
        ({"meat": 1}, [Cook(MEAT)]),
        ({"berry": 1, "meat": 1}, cooks),
    ):
        listed = tokens(s, **pool)
        assert [a for a in rules.legal_actions(listed) if isinstance(a, Cook)] == offered
        for cook in cooks:
            assert GAME.is_legal(listed, cook) is (cook in offered)


@pytest.mark.rule("DLID-SETUP-1")
def test_a_configurations_controllers_decide_who_moves() -> None:
    # The fourth speed push's sample: base:controller:delete:d6392c (the controllers
    # given ignored for the even share). Two players, the share given the other way round.
    s = start(players=2, controllers=(1, 1, 0, 0))
    assert [rules.to_move(at_turn(s, seat)) for seat in range(4)] == [1, 1, 0, 0]


@pytest.mark.rule("DLID-DAY-7")
def test_free_actions_lists_the_window_the_turn_lists() -> None:
    # The fourth speed push's sample: day:free_actions:Add->Sub:c07154. The turn's listing
    # joins the window's parts itself; free_actions, which the specification names, must
    # list the same window: meals, revivals, wood, FKP and Kara's gifts.
    s = tokens(at_turn(start(), 0), berry=3, wood=1, fkp=1)
    listed = rules.legal_actions(s)
    window = listed[listed.index(EndTurn()) + 1 :]
    assert any(isinstance(a, Skill) and a.skill == "kara-gift" for a in window)
    assert tuple(day.free_actions(s, table_of(s.config))) == window


@pytest.mark.rule("DLID-CHAL-4", "DLID-CARDS-5")
def test_a_card_on_top_of_an_empty_deck_leaves_the_discard_pile_alone() -> None:
    # The Challenge 9 refuel change's sample: day:_rebuilt:Lt->LtE (no card on top read
    # as index 0 or none). The Hunt deck's first card is the Beast: put back on top of an
    # emptied deck, it is drawn next, and the discard pile is reshuffled only when the deck
    # and its top are both out (FAQ 5, 6).
    s = at_turn(start(challenge="mating-season"), 2)
    s = member(s, 2, weapons=(content.CLUB,), stamina=5)
    beast = card(HUNT, "Beast")
    assert beast == 0
    pile = (0, 1, *(0,) * (len(s.decks[HUNT]) - 2))  # a Saber Tooth discarded
    s = replace(
        s,
        on_top=(-1, -1, -1, beast),
        decks=(*s.decks[:HUNT], (0,) * len(s.decks[HUNT])),
        discards=(*s.discards[:HUNT], pile),
    )
    drawing = play(s, DrawCard(HUNT))
    assert drawing.step is Step.DRAW
    assert drawing.decks[HUNT] == (0,) * len(s.decks[HUNT]) and drawing.discards[HUNT] == pile
    assert rules.chance_outcomes(drawing) == ((CardDrawn(beast), Fraction(1)),)


@pytest.mark.rule("DLID-SKILL-1")
def test_kara_in_the_first_seat_gives_too() -> None:
    # The same sample: day:turn_actions:GtE->Gt (Kara's gifts listed only when she sits
    # beyond the first seat). Her gift is a free action (FAQ 10), listed at every turn.
    s = at_turn(start(characters=("Kara", "Gronk", "Grub", "Cron")), 1)
    gifts = [a for a in rules.legal_actions(s) if isinstance(a, Skill) and a.skill == "kara-gift"]
    assert gifts == [Skill(0, "kara-gift", target) for target in (1, 2, 3)]


@pytest.mark.rule("DLID-CHAL-4")
def test_the_card_on_top_is_drawn_even_the_decks_first() -> None:
    # The fourth speed push's sample: rules:chance_outcomes:+1:69a478 (a card on top
    # counted only from index 1). A Danger! card put back on top is the next card drawn,
    # whatever its index in the deck's list (a user's deck may list its Danger! card first).
    s = replace(start(challenge="mating-season"), step=Step.DRAW, actor=0, deck=3)
    for index in (0, 2):
        on_top = replace(s, on_top=(-1, -1, -1, index))
        assert rules.chance_outcomes(on_top) == ((CardDrawn(index), Fraction(1)),)
