"""Until Daylight read again against its rulebook (issue 7): the six-dice rule on dice,
the sacrifice against any damage, infected-only noise and die of fate, attacking a
survivor, throwing cards away, the traps' readings, the logged edges of the raiders'
attack and of takes, the provisional content's honesty and experience in the state.

Every test names its rule and uses the rulebook's words and numbers; each would fail on
the behaviour before the issue."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from dieproof.reference.core import IllegalAction, InvalidState, replace
from dieproof.reference.until_daylight import (
    GAME,
    AttackWith,
    Build,
    Clock,
    Draw,
    Enemy,
    Fate,
    FateRoll,
    Found,
    Pass,
    Phase,
    Readings,
    Reveal,
    Roll,
    Sacrifice,
    Step,
    Take,
    Throw,
    Token,
    UdState,
    apply,
    chance_outcomes,
    legal_actions,
    to_move,
)
from dieproof.reference.until_daylight.base import catalog, experience
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import CardKind, RubbleCard

from .ud_helpers import (
    B,
    M,
    R,
    S,
    W,
    combat,
    config,
    empty_inventory,
    give_cards,
    ok,
    place,
    set_tuple,
    settled,
    started,
)


def attacks(state: UdState, weapon: str) -> list[AttackWith]:
    return [a for a in legal_actions(state) if isinstance(a, AttackWith) and a.weapon == weapon]


def saving(state: UdState, seat: int, count: int) -> UdState:
    """``seat`` keeps ``count`` saved survivors (taken from the horde deck)."""
    state = replace(state, horde=state.horde.add(S, -count))
    state = set_tuple(set_tuple(state, "saved", seat, count), "saved_ever", seat, count)
    return settled(state)


# -- 1. The 6-Dice Rule caps dice, after every modifier --------------------------------------


@pytest.mark.rule("UD-COMBAT-6")
def test_seven_gun_ammo_with_a_drawback_give_six_dice() -> None:
    # "7 gun ammo will only give you 6 attack dice" -- also for the Pillar, whose
    # drawback takes one distance die: seven cards less one die are six dice.
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["pillar", "hipster", "psycho"])
    state = combat(place(give_cards(state, 0, {"gun": 1, "gun-ammo": 7}), 0, [W]), active=0)
    assert [a.ammo for a in attacks(state, "gun")] == [2, 3, 4, 5, 6, 7]  # one card: no die
    rolled = ok(apply(state, AttackWith(0, "gun", 7)))
    assert rolled.roll_size == 6
    assert rolled.attack is not None and rolled.attack.ammo == 7
    assert rolled.inventories[0][catalog(cfg).index["gun-ammo"]] == 0


@pytest.mark.rule("UD-COMBAT-6")
@pytest.mark.parametrize(
    ("reading", "counts"), [("useful", [1, 2, 3, 4, 5]), ("any", [*range(1, 8)])]
)
def test_cards_past_the_sixth_die(reading: str, counts: list[int]) -> None:
    # The Hipster's advantage adds a die: five gun ammo already make six dice. Under the
    # default reading a sixth card is not spent; under "any" it may be, for six dice.
    readings = Readings(ammo_spend=reading)  # type: ignore[arg-type]
    cfg = config(3, content=DEFAULT_CONTENT, readings=readings)
    state = started(cfg, ["hipster", "pillar", "psycho"])
    state = combat(place(give_cards(state, 0, {"gun": 1, "gun-ammo": 7}), 0, [W]), active=0)
    assert [a.ammo for a in attacks(state, "gun")] == counts
    assert apply(state, AttackWith(0, "gun", counts[-1])).roll_size == 6


@pytest.mark.rule("UD-COMBAT-6", "UD-SETUP-6")
def test_the_leaders_doubled_advantage_is_capped_on_dice() -> None:
    # The Psycho leads: his melee advantage doubles to two dice; an axe's four dice and
    # two more would be six, a seventh is never rolled.
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["psycho", "pillar", "hipster"])
    state = settled(give_cards(state, 0, {"symbol": 1, "axe": 1, "machete": 1}))
    assert state.leader == 0
    state = combat(place(state, 0, [W]), active=0)
    assert apply(state, AttackWith(0, "axe", 0)).roll_size == 6  # 4 + 2
    assert apply(state, AttackWith(0, "machete", 0)).roll_size == 5  # 3 + 2


# -- 2. A saved survivor absorbs any damage -------------------------------------------------


@pytest.mark.rule("UD-ENEMY-7", "UD-COMBAT-2")
def test_a_survivor_absorbs_the_die_of_fate() -> None:
    # "A player can sacrifice (discard) a saved survivor to absorb one additional
    # damage": the die of fate's damage too, and it would kill the Pillar at 1 health.
    state = set_tuple(saving(started(config(3)), 0, 1), "health", 0, 1)
    state = apply(apply(state, Clock(True)), FateRoll(Fate.DAMAGE))
    assert state.step is Step.SACRIFICE and to_move(state) == 0
    assert legal_actions(state) == (Sacrifice(0), Sacrifice(1))
    GAME.check_state(state)
    saved = ok(apply(state, Sacrifice(1)))
    assert saved.health[0] == 1 and saved.saved[0] == 0 and saved.result is None
    assert saved.step is Step.HORDE and saved.reveal == 4  # the release goes on
    dead = apply(state, Sacrifice(0))
    assert dead.result is not None and dead.result.rule == "UD-END-2"


@pytest.mark.rule("UD-ENEMY-7", "UD-SEARCH-10")
def test_a_survivor_absorbs_an_injury_event() -> None:
    state = set_tuple(saving(started(config(3)), 0, 2), "health", 0, 1)
    state = apply(apply(apply(state, Clock(False)), Draw()), Found("injury"))
    assert state.step is Step.SACRIFICE and legal_actions(state)[-1] == Sacrifice(1)
    after = ok(apply(state, Sacrifice(1)))
    assert (after.health[0], after.saved[0]) == (1, 1)
    assert after.step is Step.CLOCK and after.turn == 1  # "Next"


@pytest.mark.rule("UD-ENEMY-7", "UD-COMBAT-11")
@pytest.mark.parametrize("reading", ["damage_order", "character"])
def test_a_survivor_absorbs_collateral_damage(reading: str) -> None:
    # A miss with a gun in the Pillar's area is collateral damage to the Pillar, under
    # either reading of the damage order; the Pillar, at 1 health, may sacrifice.
    readings = Readings(collateral=reading)  # type: ignore[arg-type]
    state = set_tuple(saving(started(config(3, readings=readings)), 0, 1), "health", 0, 1)
    state = give_cards(place(state, 0, [W, W]), 1, {"gun": 1, "gun-ammo": 1})
    state = apply(combat(state, active=0, turn=1), AttackWith(0, "gun", 1))
    state = apply(state, Roll(0, 0, 1))
    assert state.step is Step.SACRIFICE and to_move(state) == 0
    after = ok(apply(state, Sacrifice(1)))
    assert after.health[0] == 1 and after.result is None and to_move(after) == 2


# -- 3. Noise and the die of fate bring infected ------------------------------------------------


@pytest.mark.rule("UD-SEARCH-10")
def test_noise_attracts_an_infected() -> None:
    # "Noise attracts infected in a specific area": never a raider or a survivor.
    state = apply(apply(apply(started(config(3)), Clock(False)), Draw()), Found("noise"))
    assert state.step is Step.HORDE and state.attract == 1 and state.reveal_area == 0
    assert chance_outcomes(state) == (
        (Reveal(W), Fraction(40, 65)),
        (Reveal(B), Fraction(15, 65)),
        (Reveal(M), Fraction(10, 65)),
    )
    with pytest.raises(IllegalAction) as caught:
        apply(state, Reveal(S))
    assert (caught.value.code, caught.value.rule) == ("UD.NOT_IN_DECK", "UD-SEARCH-10")
    after = ok(apply(state, Reveal(B)))
    assert after.areas[0] == (B,) and after.step is Step.CLOCK


@pytest.mark.rule("UD-COMBAT-2")
def test_the_die_of_fate_adds_one_infected() -> None:
    # "The die of fate can add ... one infected": 3 players + round 1 = 4 cards from the
    # whole deck, then one infected.
    state = apply(apply(started(config(3)), Clock(True)), FateRoll(Fate.ADD_ENEMY))
    for kind in (S, R, S, R):
        state = apply(state, Reveal(kind))
    assert state.step is Step.HORDE and state.reveal == 0 and state.attract == 1
    assert {r.enemy for r, _ in chance_outcomes(state) if isinstance(r, Reveal)} == {W, B, M}
    state = ok(apply(state, Reveal(M)))
    assert state.areas[0] == (S, R, S, R, M) and state.phase is Phase.ATTACKS


@pytest.mark.rule("UD-COMBAT-2")
def test_the_die_of_fate_withdraws_one_infected() -> None:
    # "... or withdraw one infected": the first infected of the wave is withdrawn; the
    # survivors and the raider stay.
    state = apply(apply(started(config(3)), Clock(True)), FateRoll(Fate.REMOVE_ENEMY))
    assert (state.reveal, state.withdraw) == (4, 1)
    for kind in (S, R, W, W):
        state = apply(state, Reveal(kind))
    ok(state)
    assert state.areas[0] == (S, R, W) and state.horde_discard.wanderer == 1
    none = apply(apply(started(config(3)), Clock(True)), FateRoll(Fate.REMOVE_ENEMY))
    for kind in (S, R, S, R):
        none = apply(none, Reveal(kind))
    assert none.areas[0] == (S, R, S, R) and none.withdraw == 0  # no infected to withdraw


@pytest.mark.rule("UD-COMBAT-2")
@pytest.mark.parametrize(
    ("reading", "kinds", "regular"),
    [("enemy", {R, W, B, M}, 4), ("card", {R, W, B, M, S}, 5)],
)
def test_the_die_of_fates_other_readings(reading: str, kinds: set[Enemy], regular: int) -> None:
    readings = Readings(fate_horde=reading)  # type: ignore[arg-type]
    state = apply(
        apply(started(config(3, readings=readings)), Clock(True)), FateRoll(Fate.ADD_ENEMY)
    )
    assert state.reveal == regular
    for _ in range(regular):
        state = apply(state, Reveal(S))
    if reading == "enemy":
        assert {r.enemy for r, _ in chance_outcomes(state) if isinstance(r, Reveal)} == kinds
        state = apply(state, Reveal(R))
    assert len(ok(state).areas[0]) == 5 and state.phase is Phase.ATTACKS


# -- 4. A player can attack a survivor ----------------------------------------------------------


@pytest.mark.rule("UD-ENEMY-8")
def test_a_player_can_attack_a_survivor() -> None:
    # "A player can attack a survivor (not yet saved)": an option, not an obligation.
    state = give_cards(place(started(config(3)), 0, [S, W]), 0, {"gun": 1, "gun-ammo": 1})
    state = combat(state, active=0)
    assert attacks(state, "gun") == [
        AttackWith(0, "gun", 1, survivors=False),
        AttackWith(0, "gun", 1, survivors=True),
    ]
    past = ok(apply(apply(state, AttackWith(0, "gun", 1)), Roll(1, 0, 0)))
    assert past.areas[0] == (S,)  # the attack passes the survivor by
    shot = ok(apply(apply(state, AttackWith(0, "gun", 1, survivors=True)), Roll(0, 1, 0)))
    assert shot.areas[0] == (W,) and shot.horde_discard.survivor == 1
    alone = give_cards(place(started(config(3)), 0, [S]), 0, {"gun": 1, "gun-ammo": 1})
    assert attacks(combat(alone, active=0), "gun") == [AttackWith(0, "gun", 1, survivors=True)]


@pytest.mark.rule("UD-ENEMY-8")
def test_skipped_and_blocking_readings_leave_no_choice() -> None:
    skipped = config(3, readings=Readings(survivors_in_line="skipped"))
    state = give_cards(place(started(skipped), 0, [S, W]), 0, {"gun": 1, "gun-ammo": 1})
    state = combat(state, active=0)
    assert attacks(state, "gun") == [AttackWith(0, "gun", 1)]
    with pytest.raises(IllegalAction) as caught:
        apply(state, AttackWith(0, "gun", 1, survivors=True))
    assert (caught.value.code, caught.value.rule) == ("UD.NO_TARGET", "UD-ENEMY-8")
    blocking = config(3, readings=Readings(survivors_in_line="blocking"))
    state = give_cards(place(started(blocking), 0, [S, W]), 0, {"gun": 1, "gun-ammo": 1})
    assert attacks(combat(state, active=0), "gun") == [AttackWith(0, "gun", 1, survivors=True)]


# -- 5. Throwing away rubble cards does not count as an action ---------------------------------


@pytest.mark.rule("UD-SEARCH-11")
def test_throwing_cards_away_is_not_an_action() -> None:
    state = apply(give_cards(started(config(3)), 0, {"plank": 2}), Clock(False))
    cat = catalog(state.config)
    assert Throw("plank") in legal_actions(state)
    after = ok(apply(state, Throw("plank")))
    assert after.inventories[0][cat.index["plank"]] == 1
    assert after.rubble_discard[cat.index["plank"]] == 1
    assert after.step is Step.SEARCH and to_move(after) == 0  # the turn goes on
    assert after.search_actions == state.search_actions  # and the timer does not run
    drawn = apply(after, Draw())  # the player still takes their action
    assert drawn.step is Step.FOUND and drawn.search_actions == 1


@pytest.mark.rule("UD-SEARCH-11")
@pytest.mark.parametrize(("reading", "allowed"), [("search_turn", False), ("own_turn", True)])
def test_throwing_away_during_the_characters_attack(reading: str, allowed: bool) -> None:
    readings = Readings(throw_away=reading)  # type: ignore[arg-type]
    state = combat(give_cards(started(config(3, readings=readings)), 0, {"plank": 1}), active=0)
    assert (Throw("plank") in legal_actions(state)) is allowed
    if allowed:
        assert ok(apply(state, Throw("plank"))).step is Step.ACT
    else:
        with pytest.raises(IllegalAction) as caught:
            apply(state, Throw("plank"))
        assert caught.value.rule == "UD-SEARCH-11"


# -- 6. Traps: when they fire and whom they hit -------------------------------------------------


@pytest.mark.rule("UD-ENEMY-2")
def test_a_trap_fires_as_enemies_sweep_in_under_the_arrival_reading() -> None:
    # "Traps ... eliminate enemies who sweep in their area. The effects of traps are
    # resolved immediately": under trap_timing = "arrival" the brute that sweeps in is
    # eliminated at once, before the characters' attack.
    arrival = config(3, readings=Readings(trap_timing="arrival"))
    state = set_tuple(started(arrival), "traps", 0, 1)
    state = apply(apply(state, Clock(True)), FateRoll(Fate.HEAL))
    state = apply(state, Reveal(S))
    assert state.traps[0] == 1  # a survivor is no enemy: the trap waits
    state = ok(apply(state, Reveal(B)))
    assert state.areas[0] == (S,) and state.traps[0] == 0
    assert state.horde_discard.brute == 1
    default = set_tuple(started(config(3)), "traps", 0, 1)
    default = apply(apply(default, Clock(True)), FateRoll(Fate.HEAL))
    default = apply(apply(default, Reveal(S)), Reveal(B))
    assert default.areas[0] == (S, B) and default.traps[0] == 1  # before the enemies attack


@pytest.mark.rule("UD-ENEMY-2")
def test_a_trap_built_among_enemies_fires_at_once_under_the_arrival_reading() -> None:
    arrival = config(3, readings=Readings(trap_timing="arrival"))
    state = give_cards(place(started(arrival), 0, [W, R]), 0, {"rope": 1, "blade": 1})
    after = ok(apply(apply(state, Clock(False)), Build(Token.TRAP)))
    assert after.areas[0] == (R,) and after.traps[0] == 0 and after.built[0] == 1


@pytest.mark.rule("UD-ENEMY-2", "UD-ENEMY-1")
@pytest.mark.parametrize(("reading", "left"), [("line", (R, W)), ("attacker", (W, W))])
def test_the_trap_hits_the_first_enemy_or_the_first_attacker(
    reading: str, left: tuple[Enemy, ...]
) -> None:
    # "A trap causes 1 head damage to the first enemy in the character's area" / "the
    # first enemy (raider or infected) who attacks" -- raiders attack first.
    readings = Readings(trap_target=reading)  # type: ignore[arg-type]
    state = set_tuple(started(config(3, readings=readings)), "traps", 0, 1)
    state = place(state, 0, [W, R, W])
    n = state.config.players
    state = apply(combat(state, active=0, turn=n - 1, acted=n - 1), Pass())
    assert state.areas[0] == left and state.traps[0] == 0


# -- 7. The logged edges: raiders' discards and misses, takes of ammunition -----------------------


@pytest.mark.rule("UD-ENEMY-3")
def test_a_raiders_damage_to_an_empty_inventory_costs_nothing_more() -> None:
    # UD-A34: "discard a card from your inventory ... for each damage": none to discard.
    empty = empty_inventory(place(started(config(3)), 0, [R]), 0)
    assert sum(empty.inventories[0]) == 0
    n = empty.config.players
    empty = apply(combat(empty, active=0, turn=n - 1, acted=n - 1), Pass())
    after = ok(apply(empty, Roll(1, 0, 1)))  # a head: one damage; a miss, no survivor
    assert after.health[0] == 10 - 1 and after.step is not Step.DISCARD
    assert after.phase is Phase.SEARCH and after.discards == 0


@pytest.mark.rule("UD-SEARCH-4", "UD-SEARCH-9")
@pytest.mark.parametrize(("reading", "counts"), [("stack", [1, 2, 3]), ("one", [1])])
def test_taking_ammunition(reading: str, counts: list[int]) -> None:
    readings = Readings(take_ammo=reading)  # type: ignore[arg-type]
    state = give_cards(started(config(3, readings=readings)), 1, {"gun-ammo": 3})
    state = apply(state, Clock(False))
    takes = [a.count for a in legal_actions(state) if isinstance(a, Take) and a.card == "gun-ammo"]
    assert takes == counts
    if reading == "one":
        with pytest.raises(IllegalAction) as caught:
            apply(state, Take(1, "gun-ammo", 2))
        assert (caught.value.code, caught.value.rule) == ("UD.NOT_IN_INVENTORY", "UD-SEARCH-4")


# -- 8. The provisional content says what the rulebook says ---------------------------------------


@pytest.mark.rule("UD-SETUP-2")
def test_every_character_has_a_different_number_of_health_points() -> None:
    health = [c.health for c in DEFAULT_CONTENT.characters]
    assert len(set(health)) == len(health) == 6


@pytest.mark.rule("UD-COMBAT-5", "UD-COMBAT-10")
def test_used_weapons_are_discarded_unless_marked() -> None:
    # "Discards the Rubble cards used during the attack (except weapons marked as not
    # discarded when used)": unmarked is the default, and the default box marks only the
    # basic weapons and the gun.
    assert RubbleCard("club", CardKind.WEAPON, 1, dice=2, melee=True).kept is False
    marked = {c.name for c in DEFAULT_CONTENT.rubble if c.kind is CardKind.WEAPON and c.kept}
    assert marked == {f"basic-{c.name}" for c in DEFAULT_CONTENT.characters} | {"gun"}
    state = give_cards(place(started(config(3)), 0, [W]), 0, {"baseball-bat": 1})
    after = apply(combat(state, active=0), AttackWith(0, "baseball-bat", 0))
    bat = catalog(after.config).index["baseball-bat"]
    assert after.inventories[0][bat] == 0 and after.rubble_discard[bat] == 1


# -- 9. Experience points are in the state ---------------------------------------------------


@pytest.mark.rule("UD-SETUP-5")
def test_experience_is_in_the_state() -> None:
    state = give_cards(started(config(3)), 1, {"symbol": 1})
    state = apply(state, Clock(False))  # any step brings the state's experience up to date
    assert state.experience == (0, 1, 0) == tuple(experience(state, p) for p in range(3))
    assert msgspec.json.decode(GAME.dump_state(state))["experience"] == [0, 1, 0]
    state = give_cards(place(state, 0, [M]), 0, {"gun": 1, "gun-ammo": 2})
    state = apply(apply(combat(state, active=0), AttackWith(0, "gun", 2)), Roll(2, 0, 0))
    assert state.experience[0] == 1  # "you ... win 1 experience point when you eliminate a Monster"
    wrong = replace(state, experience=(5, 1, 0))
    with pytest.raises(InvalidState) as caught:
        GAME.check_state(wrong)
    assert caught.value.code == "UD.STATE_INVALID"


@pytest.mark.rule("UD-SETUP-5", "UD-ENEMY-7")
def test_a_sacrifice_costs_the_experience_point_in_the_state() -> None:
    # "The survivor is now worth one experience point" -- until it is sacrificed.
    state = set_tuple(saving(started(config(3)), 0, 1), "health", 0, 1)
    assert state.experience[0] == 1
    state = apply(apply(state, Clock(True)), FateRoll(Fate.DAMAGE))
    assert apply(state, Sacrifice(1)).experience[0] == 0
