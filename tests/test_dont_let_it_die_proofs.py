"""Don't Let It Die's model holds what a decision node offers (issue 12): the background
refutes a listing that withholds an option or offers one the rulebook forbids, and the
refinement check sees a rules module that does."""

from __future__ import annotations

import random

import pytest

from dieproof.proofs import CompiledModel, proofs_for, refine
from dieproof.proofs.dont_let_it_die import REFINEMENT_TRIBES, other_readings, refinement_configs
from dieproof.reference import game
from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.chance import sample
from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import content, day, night, rules
from dieproof.reference.dont_let_it_die.rules import challenge_config
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    COOKED_MEAT,
    GATHER,
    AddWood,
    DieRolled,
    DlidConfig,
    DlidState,
    Investigate,
    LoseItem,
    Member,
    Proceed,
    Readings,
    Skill,
    Step,
)

from .dlid_helpers import (
    at_turn,
    drawn,
    event,
    last_fall,
    member,
    night_of,
    rained_on,
    spent,
    start,
    tokens,
)

GAME_ID = "dont-let-it-die"


def _turn_offering(*names: str) -> dict[str, int | bool]:
    """The abstraction of the first turn node of seeded random games at which every flag
    in ``names`` is true."""
    g, proofs = game(GAME_ID), proofs_for(GAME_ID)
    configs = list(g.configs())
    for seed in range(100):
        rng = random.Random(seed)
        state = g.initial_state(configs[seed % len(configs)])
        while g.to_move(state) != TERMINAL:
            a = proofs.abstract(state)
            if a["tnode"] and all(a[n] for n in names):
                return a
            action = (
                sample(g.chance_outcomes(state), rng)
                if g.to_move(state) == CHANCE
                else g.sample_legal_action(state, rng)
            )
            state = g.apply(state, action)
    raise AssertionError(f"no turn node offers {names}")


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("ldraw[0]", "flip"),
        ("ldraw[1]", "flip"),
        ("ldraw[2]", "flip"),
        ("linv", "flip"),
        ("lwood", "flip"),
        ("leat", "add"),
        ("lcron", "add"),
        ("lrev", "add"),
        ("ltrade", "add"),
    ],
)
def test_a_listing_that_withholds_or_adds_an_option_breaks_the_background(
    name: str, change: str
) -> None:
    cm = CompiledModel.of(proofs_for(GAME_ID).model)
    a = _turn_offering("ldraw[0]", "ldraw[1]", "ldraw[2]", "linv", "lwood", "leat", "tradeok")
    assert cm.background_holds(cm.pack(a))
    wrong = dict(a)
    wrong[name] = (not a[name]) if change == "flip" else int(a[name]) + 1
    assert not cm.background_holds(cm.pack(wrong))


def test_refinement_sees_a_harvest_withheld(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sampled mutant day:may_draw:And->Or: a character without a tool may draw from
    # no deck, and nobody may Harvest. Every state is one the model allows; only the
    # listing shows it.
    def may_draw(member: Member, deck: int, fog: bool) -> bool:
        return deck != 2 and bool(member.tools) and not fog

    monkeypatch.setattr(day, "may_draw", may_draw)
    monkeypatch.setattr(day, "_DRAWS", {})  # the draws remembered with the rules'
    monkeypatch.setattr(day, "_OPENERS", {})  # and with Investigate Fire
    report = refine(game(GAME_ID), proofs_for(GAME_ID), games=40, seed=0)
    assert report.failure is not None
    assert report.failure.kind == "background"


def test_refinement_sees_investigate_fire_under_sunburn(monkeypatch: pytest.MonkeyPatch) -> None:
    # Investigate Fire offered whatever the night event (sunburn forbids it).
    listed = day._investigations

    def investigations(m: Member, fx: str, sur: int) -> list[Investigate]:
        return listed(m, "", sur)

    monkeypatch.setattr(day, "_investigations", investigations)
    monkeypatch.setattr(day, "_OPENERS", {})  # remembered with the draws
    report = refine(game(GAME_ID), proofs_for(GAME_ID), games=200, seed=0)
    assert report.failure is not None
    assert report.failure.kind == "background"


@pytest.mark.parametrize("name", ["lcook", "lplace"])
def test_a_cooking_or_placement_withheld_or_added_breaks_the_background(name: str) -> None:
    cm = CompiledModel.of(proofs_for(GAME_ID).model)
    a = _turn_offering(name)
    assert cm.background_holds(cm.pack(a))
    for listed in (int(a[name]) - 1, int(a[name]) + 1):
        assert not cm.background_holds(cm.pack({**a, name: listed}))


@pytest.mark.parametrize(("challenge", "day0"), [(0, 1), (2, 5), (8, 1)])
def test_init_holds_the_first_day_and_the_decks_each_configuration_names(
    challenge: int, day0: int
) -> None:
    proofs = proofs_for(GAME_ID)
    cm = CompiledModel.of(proofs.model)
    config = challenge_config(challenge) if challenge else DlidConfig(players=1)
    a = proofs.abstract(game(GAME_ID).initial_state(config))
    assert a["day"] == a["day0"] == day0
    assert cm.satisfies_init(cm.pack(a))
    assert not cm.satisfies_init(cm.pack({**a, "day": 1 if day0 == 5 else 5}))
    for d in range(4):
        assert not cm.satisfies_init(cm.pack({**a, f"dk[{d}]": int(a[f"dk[{d}]"]) + 1}))


def test_the_night_cards_and_the_stampede_roller_are_background() -> None:
    cm = CompiledModel.of(proofs_for(GAME_ID).model)
    a = _turn_offering()
    assert cm.background_holds(cm.pack(a))
    assert not cm.background_holds(cm.pack({**a, "nev": int(a["nev"]) - 1}))
    assert not cm.background_holds(cm.pack({**a, "nroll": 1}))


def test_the_refinement_check_seats_every_character_and_plays_every_reading() -> None:
    played = refinement_configs()
    assert played[: len(rules.configs())] == rules.configs()
    # the game's configurations leave seven characters unseated; the two tribes seat them
    unseated = set(content.CHARACTER_NAMES) - {n for c in rules.configs() for n in c.characters}
    assert len(unseated) == 7 and unseated <= {n for t in REFINEMENT_TRIBES for n in t}
    assert {n for c in played for n in c.characters} == set(content.CHARACTER_NAMES)
    for reading in other_readings():
        assert any(c.readings == reading and c.challenge == "berries" for c in played)
        assert any(c.readings == reading and c.challenge == "rival-tribes" for c in played)
        assert any(c.readings == reading and "Zeebo" in c.characters for c in played)
    assert proofs_for(GAME_ID).configs is refinement_configs


def test_refinement_over_every_other_reading() -> None:
    # dieproof verify's refinement check plays both sets of other readings on a few
    # configurations; every selectable reading must refine the model (its constants restate
    # them: ``last``, ``shared``, ``refuelok``, ``nightend``, ``waits``) on each
    # configuration of rules.configs() (every tree and side, player count and challenge).
    chosen = [replace(c, readings=r) for r in other_readings() for c in rules.configs()]
    assert {c.readings.everybody_down for c in chosen} == {"waits"}
    report = refine(
        game(GAME_ID), proofs_for(GAME_ID), games=4 * len(chosen), seed=0, configs=chosen
    )
    assert report.failure is None, report.failure
    assert report.games == 4 * len(chosen) and report.steps > 0


def test_refinement_sees_kara_never_asked_to_reroll(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sampled mutant day:rolled:drop-not: Kara's re-roll offered only once used, so
    # never. Every state is one the model allows; the roll's step leads to no choice.
    def rolled(state: DlidState, value: int) -> DlidState:
        return day.found_fire(state, state.actor, day.die_value(state, value))

    monkeypatch.setattr(day, "rolled", rolled)
    report = refine(game(GAME_ID), proofs_for(GAME_ID), games=200, seed=0)
    assert report.failure is not None
    assert report.failure.kind == "no-transition"


@pytest.mark.rule("DLID-CHAL-9", "DLID-NIGHT-5")
def test_the_model_holds_challenge_9_s_food_for_the_pit_to_its_exact_wood() -> None:
    # DLID-A21: in the refuel window 1 cooked meat burns as 2 wood and 3 raw berries as 1;
    # the model allows exactly those steps, and holds the listing of the foods to the pool.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    s = rained_on(start(challenge="die-hard", tree="hard"), wood=0, berry=3, cooked_meat=1)
    a = proofs.abstract(s)
    assert a["foodwood"] and a["lfwood"] == 2 and not a["lrwood"]
    assert cm.background_holds(cm.pack(a))
    for listed in (1, 3):
        assert not cm.background_holds(cm.pack({**a, "lfwood": listed}))
    assert not cm.background_holds(cm.pack({**a, "foodwood": False}))
    for food, pit in ((AddWood(COOKED_MEAT), 4), (AddWood(BERRY), 3)):
        after = rules.apply(s, food)
        b = proofs.abstract(after)
        assert after.pit == pit and b["pitfood"] == pit - 2  # the rain left 2
        assert cm.transitions_matching(a, b) == ["night-step"]
        # the same food burning as the other amount of wood is no step of the model
        wrong = {**b, "pit": 7 - pit, "pitfood": 5 - pit}
        assert cm.transitions_matching(a, wrong) == []


def test_refinement_sees_challenge_9_s_food_listed_outside_it() -> None:
    # The sampled mutant day:_woods:negate: the foods for the pit listed in every game but
    # Challenge 9. At a turn's node with a meal's worth of food, the listing breaks the
    # background.
    cm = CompiledModel.of(proofs_for(GAME_ID).model)
    a = _turn_offering("lfwood")
    assert a["foodwood"] and cm.background_holds(cm.pack(a))
    assert not cm.background_holds(cm.pack({**a, "lfwood": 0}))
    assert not cm.background_holds(cm.pack({**a, "foodwood": False}))


@pytest.mark.rule("DLID-END-3", "DLID-DEATH-3")
def test_the_last_fall_with_a_fed_member_waiting_is_a_loss_the_model_allows() -> None:
    # DLID-A26 ("lost"): a member fed back to life waits, down, for the morning; when the
    # last one in play falls, the game is lost. The model's everybody-down step once asked
    # every member to be unfed, so this step of the reference matched no transition.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    fight, lost = last_fall("lost")
    assert lost.result is not None and lost.result.rule == "DLID-END-3"
    a, b = proofs.abstract(fight), proofs.abstract(lost)
    assert not a["waits"] and b["rev[1]"] and cm.background_holds(cm.pack(b))
    assert cm.transitions_matching(a, b) == ["day-over"]
    # the fed member does not change on the way: a changed one is no step of the model
    assert cm.transitions_matching(a, {**b, "hp[1]": 2}) == []
    # under DLID-A26's "waits" (the constant ``waits``) this loss is no step of the model
    assert cm.transitions_matching({**a, "waits": True}, {**b, "waits": True}) == []


@pytest.mark.rule("DLID-END-3", "DLID-DEATH-3")
def test_under_waits_the_model_goes_on_with_every_member_down_and_one_fed() -> None:
    # DLID-A26's "waits": the last fall with a fed member waiting leads to the night, a
    # step the model allows (nightfall) only under that reading.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    fight, after = last_fall("waits")
    a, b = proofs.abstract(fight), proofs.abstract(after)
    assert a["waits"] and b["rev[1]"] and cm.background_holds(cm.pack(b))
    assert not cm.violated_invariants(cm.pack(b))
    assert cm.transitions_matching(a, b) == ["nightfall"]
    assert cm.transitions_matching({**a, "waits": False}, {**b, "waits": False}) == []


@pytest.mark.rule("DLID-NIGHT-2")
def test_the_rainstorm_puts_out_a_wood_exactly_when_nobody_has_stamina(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``rain``: kept with every stamina spent, the rainstorm takes 1 wood (the refuel window
    # opens); with a stamina left, none (the morning comes). The sampled mutant
    # night:resolve_event:delete (no wood taken) is no step of the model.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    dry = night_of(spent(start(), pit=3))
    wet = event(dry, "Rainstorm")
    a, b = proofs.abstract(dry), proofs.abstract(wet)
    assert b["rain"] and wet.pit == 2 and cm.transitions_matching(a, b) == ["night-step"]
    spare = night_of(member(spent(start(), pit=5), 2, stamina=1))
    kept = event(spare, "Rainstorm")
    assert kept.step is Step.MORNING
    assert cm.transitions_matching(proofs.abstract(spare), proofs.abstract(kept)) == ["morning"]
    monkeypatch.setattr(night, "take_wood", lambda state, n: state)
    missed = proofs.abstract(event(dry, "Rainstorm"))
    assert not missed["wtaken"] and missed["day"] == dry.day + 1  # on to the morning
    assert cm.transitions_matching(a, missed) == []


@pytest.mark.rule("DLID-NIGHT-2", "DLID-FAQ-13", "DLID-CHAL-3")
def test_a_theft_takes_only_its_supply() -> None:
    # ``stok``: the rival tribes' roll takes at most 3 of the supply they name and nothing
    # else; in Challenge 3 under DLID-A25's "as-berries" (``fiberb``) a berry theft takes
    # fiber once the berries are gone, which the model refuses without the reading.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    tribe_3 = ("Nibna", "Tara", "River", "Grub")
    s = start(characters=tribe_3, challenge="berries", readings=Readings(night_fiber="as-berries"))
    s = event(
        night_of(tokens(s, cooked_berry=1, berry=1, fiber=3, rock=2)), "Rival Tribe (berries)"
    )
    after = rules.apply(s, DieRolled(3))
    a, b = proofs.abstract(s), proofs.abstract(after)
    assert a["fiberb"] and a["stok"] == 3 and (b["berries"], b["fiber"]) == (0, 2)
    assert cm.transitions_matching(a, b) == ["morning"]
    assert cm.transitions_matching({**a, "fiberb": False}, {**b, "fiberb": False}) == []
    for wrong in ({"rock": 1}, {"berries": 1, "fiber": 1}, {"fkp": b["fkp"] + 1}):
        assert cm.transitions_matching(a, {**b, **wrong}) == []
    # a fiber theft under the same reading finds none: taking fiber is no step of the model
    f = start(characters=tribe_3, challenge="berries", readings=Readings(night_fiber="as-berries"))
    f = event(night_of(tokens(f, fiber=3)), "Rival Tribe (fiber)")
    c, d = proofs.abstract(f), proofs.abstract(rules.apply(f, DieRolled(2)))
    assert d["fiber"] == 3 and cm.transitions_matching(c, d) == ["morning"]
    assert cm.transitions_matching(c, {**d, "fiber": 1}) == []


@pytest.mark.rule("DLID-NIGHT-2")
def test_the_stampede_starts_with_the_first_seat_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``stamp``: kept, the stampede leads to the roll of the first seat in play (seat 1,
    # Gronk being down). The sampled mutants night:resolve_event:delete (no roll: on to
    # the morning) and night:next_roller:drop-not (a fallen character rolls) are no step of
    # the model.
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    s = night_of(member(start(), 0, hp=0, down=True, stamina=0))
    herd = event(s, "Mammoth stampede")
    a, b = proofs.abstract(s), proofs.abstract(herd)
    assert b["stamp"] and b["nrolling"] and b["nroll"] == 1
    assert cm.transitions_matching(a, b) == ["night-step"]
    assert cm.transitions_matching(a, {**b, "nroll": 0}) == []
    monkeypatch.setattr(night, "next_roller", lambda state, start: -1)
    unrolled = proofs.abstract(event(s, "Mammoth stampede"))
    assert not unrolled["nrolling"] and unrolled["day"] == s.day + 1  # on to the morning
    assert cm.transitions_matching(a, unrolled) == []


@pytest.mark.rule("DLID-CARDS-1", "DLID-CARDS-5")
def test_every_card_of_a_resource_deck_is_somewhere() -> None:
    # The background holds each deck's cards (the deck, its discard pile, back on top,
    # drawn) to its cards at setup: a card lost or made breaks it (the sampled mutant
    # day:resolve:delete, a resource card resolved and never discarded).
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    s = drawn(start(), 2, GATHER, "Beast")
    a = proofs.abstract(s)
    assert a["dall[1]"] == a["dk0[1]"] and cm.background_holds(cm.pack(a))
    for wrong in (a["dall[1]"] - 1, a["dall[1]"] + 1):
        assert not cm.background_holds(cm.pack({**a, "dall[1]": wrong}))


@pytest.mark.rule("DLID-NIGHT-2")
def test_an_earthquake_loss_settles_the_kind_it_took() -> None:
    # A weapon lost settles the weapon owed and leaves the tool owed (the sampled mutant
    # night:lose_item:negate settled the other kind).
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    s = member(start(), 1, spare=(content.CLUB, content.BAG, content.SPEAR))
    quake = event(night_of(s), "Earthquake")
    assert quake.step is Step.LOSE_ITEMS
    after = rules.apply(quake, LoseItem(1, 0))  # the Club
    a, b = proofs.abstract(quake), proofs.abstract(after)
    assert b["losing"] and not b["owew"] and b["owet"]
    assert cm.transitions_matching(a, b) == ["night-step"]
    assert cm.transitions_matching(a, {**b, "owew": True, "owet": False}) == []


@pytest.mark.rule("DLID-SKILL-9")
def test_the_model_holds_river_s_free_investigate_fire_to_her_card() -> None:
    # Listed for River, once a day (the sampled mutant day:_investigations:Eq->NotEq
    # offered it to everyone but her).
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    tribe = ("Nibna", "Tara", "River", "Grub")
    s = at_turn(start(characters=tribe, challenge="berries"), 2)
    a = proofs.abstract(s)
    assert a["lfinv"] and not a["tfree"] and cm.background_holds(cm.pack(a))
    assert not cm.background_holds(cm.pack({**a, "lfinv": False}))
    assert not cm.background_holds(cm.pack({**a, "tfree": True}))
    other = proofs.abstract(at_turn(s, 0))
    assert not other["lfinv"] and not cm.background_holds(cm.pack({**other, "lfinv": True}))


@pytest.mark.rule("DLID-NIGHT-2")
def test_no_stamina_is_gained_by_day_under_the_food_poisoning() -> None:
    # Kara's gift gives nothing under the food poisoning; a step that gave it is no
    # transition of the model (the sampled mutant base:poisoned:Eq->NotEq).
    cm, proofs = CompiledModel.of(proofs_for(GAME_ID).model), proofs_for(GAME_ID)
    morning = event(night_of(start()), "Food poisoning")
    assert morning.step is Step.MORNING
    day = member(rules.apply(morning, Proceed()), 0, stamina=1)  # Gronk, seat 0
    assert day.step is Step.TURN and day.members[2].character == content.CHARACTER_INDEX["Kara"]
    day = at_turn(day, 2)
    given = rules.apply(day, Skill(2, "kara-gift", 0))
    a, b = proofs.abstract(day), proofs.abstract(given)
    assert b["poison"] and b["st[0]"] == a["st[0]"] == 1
    assert cm.transitions_matching(a, b) == ["day-step"]
    assert cm.transitions_matching(a, {**b, "st[0]": 3}) == []
