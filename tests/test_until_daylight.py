"""Until Daylight: one test per rule, and every worked example of the rulebook with its
own numbers (the tests are named after the examples)."""

from __future__ import annotations

import random
from fractions import Fraction

import msgspec
import pytest

from dieproof.reference.core import CHANCE, IllegalAction, InvalidConfig, replace
from dieproof.reference.until_daylight import (
    GAME,
    Allot,
    AttackWith,
    Build,
    Choose,
    Clock,
    Consent,
    Deck,
    Discard,
    Draw,
    DrawObjective,
    Enemy,
    Face,
    Fate,
    FateRoll,
    FirstPlayer,
    Found,
    Give,
    Keep,
    Pass,
    Phase,
    Readings,
    Reveal,
    Roll,
    Sacrifice,
    Step,
    Take,
    Throw,
    Timer,
    Token,
    UdConfig,
    UdState,
    Use,
    Wave,
    apply,
    chance_outcomes,
    initial_state,
    invariants,
    legal_actions,
    to_move,
)
from dieproof.reference.until_daylight.base import (
    catalog,
    enemy_roller,
    experience,
    slot_limit,
    slots,
)
from dieproof.reference.until_daylight.combat import attack_dice, horde_size, kill_options
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT, RUBBLE_IN_BOX
from dieproof.reference.until_daylight.rules import sample_chance, sample_legal_action
from dieproof.reference.until_daylight.types import CombatDie

from .ud_helpers import (
    B,
    M,
    R,
    S,
    W,
    combat,
    config,
    give_cards,
    ok,
    place,
    run_until,
    set_tuple,
    settled,
    started,
)

# -- Setup ----------------------------------------------------------------------------------


@pytest.mark.rule("UD-SETUP-1")
def test_three_to_six_players() -> None:
    assert [c.players for c in GAME.configs()] == [3, 4, 5, 6]
    for players in (2, 7):
        with pytest.raises(InvalidConfig) as caught:
            initial_state(UdConfig(players=players))
        assert (caught.value.code, caught.value.rule) == ("UD.PLAYERS", "UD-SETUP-1")
    state = initial_state(UdConfig(players=4))
    assert state.step is Step.ROLL_OFF and to_move(state) == CHANCE
    assert state.leader == -1  # nobody leads at the start


@pytest.mark.rule("UD-SETUP-1")
@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"die": CombatDie(head=0, body=3, miss=3)}, "UD.DIE"),
        ({"trap": ("rope", "no-such-card")}, "UD.CONTENT"),
        ({"characters": DEFAULT_CONTENT.characters[:2]}, "UD.CONTENT"),
        ({"horde": Deck(raider=-1)}, "UD.CONTENT"),
    ],
)
def test_impossible_content_is_refused(change: dict[str, object], code: str) -> None:
    content = msgspec.structs.replace(DEFAULT_CONTENT, **change)
    with pytest.raises(InvalidConfig) as caught:
        initial_state(UdConfig(players=3, content=content))
    assert caught.value.code == code
    with pytest.raises(InvalidConfig) as timer:
        initial_state(UdConfig(players=3, timer=Timer(gong=0, tick=0)))
    assert timer.value.code == "UD.TIMER"


@pytest.mark.rule("UD-SETUP-1")
def test_a_printed_box_is_supplied_as_json() -> None:
    # A user with the printed components writes them into the config; it round-trips
    # through JSON and plays to the end with every invariant holding.
    content = msgspec.structs.replace(DEFAULT_CONTENT, horde=Deck(wanderer=30, survivor=5))
    text = GAME.dump_config(UdConfig(players=5, content=content))
    loaded = GAME.load_config(text)
    assert loaded.content == content
    from dieproof.reference.core.driver import play

    game = play(GAME, loaded, seed=4)
    assert game.violations == () and game.result.rule.startswith("UD-")
    with pytest.raises(InvalidConfig):
        GAME.load_config(text.replace('"players":5', '"players":9'))


@pytest.mark.rule("UD-SETUP-2")
def test_characters_health_slots_and_basic_weapons() -> None:
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["pillar", "haggler", "psycho"])
    cat = catalog(cfg)
    assert state.health == (10, 6, 11)
    assert [slot_limit(state, p) for p in range(3)] == [10, 12, 10]  # the Haggler's exception
    for seat, name in enumerate(("pillar", "haggler", "psycho")):
        assert state.inventories[seat][cat.index[f"basic-{name}"]] == 1
        assert state.rubble[cat.index[f"basic-{name}"]] == 0
    for name in ("hipster", "trigger", "drifter"):  # unchosen: shuffled into the deck
        assert state.rubble[cat.index[f"basic-{name}"]] == 1
    assert RUBBLE_IN_BOX == sum(c.count for c in DEFAULT_CONTENT.rubble) + 6 == 185
    assert sum(state.rubble) == 179 + 3


@pytest.mark.rule("UD-SETUP-3")
def test_roll_off_then_characters_chosen_clockwise() -> None:
    state = initial_state(config(4))
    outcomes = chance_outcomes(state)
    assert outcomes == tuple((FirstPlayer(seat), Fraction(1, 4)) for seat in range(4))
    state = apply(state, FirstPlayer(2))
    assert to_move(state) == 2 and state.step is Step.CHOOSE
    assert len(legal_actions(state)) == 6
    state = started(config(4), ["psycho", "pillar", "hipster", "trigger"], first=2)
    assert state.characters[2] == 5 and state.characters[3] == 0  # seat 2, then seat 3
    assert state.characters[0] == 1 and state.characters[1] == 2  # seats 0 and 1 last
    assert state.turn == 2 and state.first == 2  # the first player starts the search
    chooser = apply(apply(initial_state(config(4)), FirstPlayer(0)), Choose("psycho"))
    chooser = apply(chooser, DrawObjective("kills-4"))
    chooser = apply(apply(chooser, DrawObjective("kills-7")), Keep("kills-4"))
    assert chooser.current == 1
    with pytest.raises(IllegalAction) as caught:
        apply(chooser, Choose("psycho"))
    assert (caught.value.code, caught.value.rule) == ("UD.TAKEN", "UD-SETUP-3")


@pytest.mark.rule("UD-SETUP-4")
def test_objectives_draw_two_keep_one() -> None:
    cfg = config(3)
    cat = catalog(cfg)
    state = apply(apply(initial_state(cfg), FirstPlayer(0)), Choose("pillar"))
    own = tuple(cat.objective_index[f"pillar-{k}"] for k in (1, 2, 3))
    assert state.objectives[0] == own
    assert state.step is Step.OBJECTIVE
    odds = dict(chance_outcomes(state))
    assert odds[DrawObjective("kills-4")] == Fraction(3, 29)
    state = apply(apply(state, DrawObjective("kills-4")), DrawObjective("built-1"))
    assert legal_actions(state) == (Keep("kills-4"), Keep("built-1"))
    with pytest.raises(IllegalAction) as caught:
        apply(state, Keep("saved-1"))
    assert (caught.value.code, caught.value.rule) == ("UD.NOT_OFFERED", "UD-SETUP-4")
    state = apply(state, Keep("built-1"))
    assert state.objectives[0] == (*own, cat.objective_index["built-1"])
    assert sum(state.secondary) == 27  # the other card is discarded
    # The objective is claimed as soon as it is met: one barricade built gives its 1 point.
    state = run_until(state, lambda s: s.phase is Phase.SEARCH)
    state = apply(give_cards(state, 0, {"plank": 1, "nails": 1}), Clock(False))
    assert experience(state, 0) == 0
    state = apply(state, Build(Token.BARRICADE))
    assert state.achieved[0][-1] and experience(state, 0) == 1


@pytest.mark.rule("UD-SETUP-5")
def test_experience_comes_from_symbols_monsters_survivors_and_objectives() -> None:
    state = started(config(3))
    state = give_cards(state, 0, {"symbol": 2})
    assert experience(state, 0) == 2
    state = set_tuple(set_tuple(state, "monsters", 0, 1), "saved", 0, 3)
    assert experience(state, 0) == 6
    marks = (True, False, False, state.achieved[0][3])
    state = replace(state, achieved=(marks, *state.achieved[1:]))
    assert experience(state, 0) == 6 + 1  # pillar-1: build two tokens, 1 point


@pytest.mark.rule("UD-SETUP-6")
def test_the_leader_needs_strictly_more_experience() -> None:
    state = settled(give_cards(started(config(3)), 1, {"symbol": 1}))
    assert state.leader == 1  # the first experience point takes the free token
    state = settled(give_cards(state, 2, {"symbol": 1}))
    assert state.leader == 1  # a tie is not enough
    state = settled(give_cards(state, 2, {"symbol": 1}))
    assert state.leader == 2  # one more point is
    assert invariants(state) == ()


@pytest.mark.rule("UD-SETUP-6")
def test_psycho_becomes_leader_example() -> None:
    # Round 5: the Psycho picks up a symbol card and has more experience than the leader;
    # he takes the token and his advantage doubles: two extra dice with a melee weapon.
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["psycho", "pillar", "hipster"])
    state = settled(give_cards(state, 1, {"symbol": 1}))
    state = give_cards(replace(state, round=5), 0, {"symbol": 1})
    assert state.leader == 1
    axe = catalog(cfg).index["basic-psycho"]
    assert attack_dice(state, 0, axe, 0) == (2 + 1, 2 + 1)
    state = apply(apply(state, Clock(False)), Draw())
    state = apply(state, Found("symbol"))
    assert experience(state, 0) == 2 > experience(state, 1)
    assert state.leader == 0
    assert attack_dice(state, 0, axe, 0) == (2 + 2, 2 + 2)


@pytest.mark.rule("UD-SETUP-7")
def test_the_leader_rolls_for_the_enemies() -> None:
    state = started(config(3), first=1)
    assert state.leader == -1 and enemy_roller(state) == 1  # the player who chose first
    state = settled(give_cards(state, 2, {"symbol": 1}))
    assert enemy_roller(state) == 2


# -- Search phase ---------------------------------------------------------------------------


@pytest.mark.rule("UD-SEARCH-1")
def test_search_draw_and_next() -> None:
    state = started(config(3))
    assert state.step is Step.CLOCK and to_move(state) == CHANCE
    state = apply(state, Clock(False))
    assert to_move(state) == 0 and legal_actions(state)[0] == Draw()
    state = apply(state, Draw())
    assert state.step is Step.FOUND
    odds = dict(chance_outcomes(state))
    assert odds[Found("plank")] == Fraction(12, 179 + 3)
    state = ok(apply(state, Found("plank")))
    assert state.inventories[0][catalog(state.config).index["plank"]] == 1
    assert state.step is Step.CLOCK and state.turn == 1  # "Next"


@pytest.mark.rule("UD-SEARCH-2")
def test_build_a_barricade_or_a_trap() -> None:
    state = apply(give_cards(started(config(3)), 0, {"plank": 1, "nails": 1}), Clock(False))
    assert Build(Token.BARRICADE) in legal_actions(state)
    assert Build(Token.TRAP) not in legal_actions(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, Build(Token.TRAP))
    assert (caught.value.code, caught.value.rule) == ("UD.CANNOT_BUILD", "UD-SEARCH-2")
    after = ok(apply(state, Build(Token.BARRICADE)))
    cat = catalog(state.config)
    assert after.barricades[0] == 1 and after.built[0] == 1
    assert after.inventories[0][cat.index["plank"]] == 0
    assert after.rubble_discard[cat.index["nails"]] == 1


@pytest.mark.rule("UD-SEARCH-3")
def test_give_a_card() -> None:
    state = apply(give_cards(started(config(3)), 0, {"plank": 2}), Clock(False))
    cat = catalog(state.config)
    assert Give(2, "plank", 1) in legal_actions(state)
    assert Give(2, "plank", 2) not in legal_actions(state)  # one card, unless ammunition
    after = ok(apply(state, Give(2, "plank", 1)))
    assert after.inventories[0][cat.index["plank"]] == 1
    assert after.inventories[2][cat.index["plank"]] == 1
    with pytest.raises(IllegalAction) as caught:
        apply(state, Give(0, "plank", 1))
    assert caught.value.rule == "UD-SEARCH-3"


@pytest.mark.rule("UD-SEARCH-4")
def test_take_needs_the_owners_consent() -> None:
    state = apply(give_cards(started(config(3)), 1, {"medkit": 1}), Clock(False))
    cat = catalog(state.config)
    asked = apply(state, Take(1, "medkit", 1))
    assert asked.step is Step.CONSENT and to_move(asked) == 1
    assert legal_actions(asked) == (Consent(True), Consent(False))
    agreed = ok(apply(asked, Consent(True)))
    assert agreed.inventories[0][cat.index["medkit"]] == 1
    assert agreed.inventories[1][cat.index["medkit"]] == 0
    refused = ok(apply(asked, Consent(False)))
    assert refused.inventories == state.inventories
    assert refused.turn == 1 and refused.search_actions == 1  # the action is spent


@pytest.mark.rule("UD-SEARCH-5")
def test_use_food_heals_up_to_the_maximum() -> None:
    state = give_cards(started(config(3)), 0, {"canned-food": 1, "medkit": 1})
    state = apply(set_tuple(state, "health", 0, 5), Clock(False))
    assert state.health[0] == 5
    assert apply(state, Use("canned-food")).health[0] == 6
    full = set_tuple(state, "health", 0, 9)
    assert apply(full, Use("medkit")).health[0] == 10  # pillar's maximum
    with pytest.raises(IllegalAction) as caught:
        apply(state, Use("basic-pillar"))
    assert caught.value.code == "UD.NOT_USABLE"


@pytest.mark.rule("UD-SEARCH-6")
def test_do_nothing() -> None:
    state = apply(started(config(3)), Clock(False))
    legal = legal_actions(state)
    assert legal[-2:] == (Pass(), Throw("basic-pillar"))  # doing nothing, then the free throws
    after = ok(apply(state, Pass()))
    assert after.inventories == state.inventories
    assert after.turn == 1 and after.step is Step.CLOCK and after.search_actions == 1


@pytest.mark.rule("UD-SEARCH-7")
def test_a_full_inventory_forces_a_discard_first() -> None:
    state = started(config(3))
    cat = catalog(state.config)
    state = give_cards(state, 0, {"plank": 9})  # nine planks and the basic weapon
    assert slots(cat, state.inventories[0]) == 10
    state = apply(apply(apply(state, Clock(False)), Draw()), Found("helmet"))
    assert state.step is Step.OVERFLOW and to_move(state) == 0
    assert legal_actions(state)[:2] == (Discard("helmet"), Discard("basic-pillar"))
    assert ok(state).search_actions == 1
    after = ok(apply(state, Discard("plank")))
    assert after.inventories[0][cat.index["helmet"]] == 1
    assert after.search_actions == 1  # discarding is not an action
    assert after.step is Step.CLOCK and after.turn == 1
    kept = apply(state, Discard("helmet"))
    assert kept.inventories[0] == state.inventories[0] and kept.turn == 1


@pytest.mark.rule("UD-SEARCH-8")
def test_the_timer_and_the_caught_player() -> None:
    state = started(config(3, timer=Timer(gong=1, tick=9, limit=40)))
    assert chance_outcomes(state) == (
        (Clock(False), Fraction(9, 10)),
        (Clock(True), Fraction(1, 10)),
    )
    late = replace(state, search_actions=40, turn=2, current=2)
    assert chance_outcomes(late) == ((Clock(True), Fraction(1)),)
    with pytest.raises(IllegalAction) as caught:
        apply(late, Clock(False))
    assert caught.value.rule == "UD-SEARCH-8"
    caught_state = apply(late, Clock(True))
    assert caught_state.phase is Phase.RELEASE and caught_state.active == 2
    revealed = apply(caught_state, FateRoll(Fate.HEAL))
    assert revealed.step is Step.HORDE and revealed.reveal_area == 2


@pytest.mark.rule("UD-SEARCH-9")
def test_ammunition_of_one_kind_shares_a_slot() -> None:
    state = started(config(3))
    cat = catalog(state.config)
    gun = give_cards(state, 0, {"gun-ammo": 5})
    assert slots(cat, gun.inventories[0]) == 2  # the stack and the basic weapon
    both = give_cards(gun, 0, {"arrows": 1})
    assert slots(cat, both.inventories[0]) == 3
    both = apply(both, Clock(False))
    gives = [a for a in legal_actions(both) if isinstance(a, Give) and a.to == 1]
    assert [a.count for a in gives if a.card == "gun-ammo"] == [1, 2, 3, 4, 5]
    after = ok(apply(both, Give(1, "gun-ammo", 3)))
    assert after.inventories[1][cat.index["gun-ammo"]] == 3
    assert slots(cat, after.inventories[1]) == 2


@pytest.mark.rule("UD-SEARCH-10")
def test_red_events_resolve_at_once() -> None:
    state = apply(apply(started(config(3)), Clock(False)), Draw())
    cat = catalog(state.config)
    hurt = ok(apply(state, Found("injury")))
    assert hurt.health[0] == state.health[0] - 1
    assert hurt.inventories[0] == state.inventories[0]
    assert hurt.rubble_discard[cat.index["injury"]] == 1
    lost = apply(state, Found("loss"))
    assert lost.step is Step.DISCARD and to_move(lost) == 0
    assert legal_actions(lost) == (Discard("basic-pillar"),)
    assert sum(ok(apply(lost, Discard("basic-pillar"))).inventories[0]) == 0
    noise = apply(state, Found("noise"))
    assert noise.step is Step.HORDE
    assert ok(apply(noise, Reveal(Enemy.BRUTE))).areas[0] == (B,)


# -- Combat: the release of the horde ---------------------------------------------------------


@pytest.mark.rule("UD-COMBAT-1")
def test_horde_count_in_round_3() -> None:
    # Round 3 with six players: 6 + 3 = 9 horde cards; the die of fate adds an infected:
    # the group draws 10 cards into the active player's area.
    state = started(config(6))
    assert horde_size(6, 3) == 9
    state = replace(state, round=3, turn=4, current=4)
    state = apply(state, Clock(True))
    assert state.active == 4
    state = apply(state, FateRoll(Fate.ADD_ENEMY))
    assert (state.reveal, state.attract, state.reveal_area) == (9, 1, 4)  # 9, then 1 infected
    for _ in range(10):
        state = apply(state, sample_chance(state, random.Random(1)))
    assert len(state.areas[4]) == 10 and state.phase is Phase.ATTACKS
    assert sum(len(a) for a in state.areas) == 10
    ok(state)


@pytest.mark.rule("UD-COMBAT-2")
@pytest.mark.parametrize(
    ("face", "reveal", "attract", "withdraw", "health", "step"),
    [
        (Fate.REMOVE_ENEMY, 4, 0, 1, 10, Step.HORDE),
        (Fate.ADD_ENEMY, 4, 1, 0, 10, Step.HORDE),
        (Fate.DISCARD, 4, 0, 0, 10, Step.DISCARD),
        (Fate.DRAW, 4, 0, 0, 10, Step.FOUND),
        (Fate.HEAL, 4, 0, 0, 10, Step.HORDE),
        (Fate.DAMAGE, 4, 0, 0, 9, Step.HORDE),
    ],
)
def test_die_of_fate(
    face: Fate, reveal: int, attract: int, withdraw: int, health: int, step: Step
) -> None:
    state = apply(started(config(3)), Clock(True))
    assert chance_outcomes(state) == tuple((FateRoll(f), Fraction(1, 6)) for f in Fate)
    after = ok(apply(state, FateRoll(face)))
    assert (after.reveal, after.attract, after.withdraw) == (reveal, attract, withdraw)
    assert (after.health[0], after.step) == (health, step)
    hurt = apply(set_tuple(state, "health", 0, 7), FateRoll(Fate.HEAL))
    assert hurt.health[0] == 8


@pytest.mark.rule("UD-COMBAT-3")
def test_the_horde_keeps_its_release_order() -> None:
    state = place(started(config(3)), 0, [W])  # an enemy left from an earlier round
    state = apply(apply(state, Clock(True)), FateRoll(Fate.HEAL))
    for kind in (R, S, M, B):
        state = apply(state, Reveal(kind))
    assert state.areas[0] == (W, R, S, M, B)
    assert ok(state).horde.raider == DEFAULT_CONTENT.horde.raider - 1


@pytest.mark.rule("UD-COMBAT-4")
def test_each_player_acts_once_from_the_active_player() -> None:
    state = combat(started(config(3)), active=1)
    seen = []
    while state.phase is Phase.ATTACKS:
        seen.append(to_move(state))
        state = apply(state, Pass())
    assert seen == [1, 2, 0]
    assert state.phase is Phase.SEARCH and state.round == 2  # no enemies: the round ends


@pytest.mark.rule("UD-COMBAT-5")
def test_weapons_ammunition_and_abilities_set_the_dice() -> None:
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["hipster", "pillar", "psycho"])
    cat = catalog(cfg)
    gun, bat, axe = cat.index["gun"], cat.index["baseball-bat"], cat.index["axe"]
    assert attack_dice(state, 0, gun, 3) == (4, 4)  # three ammo, the Hipster's +1
    assert attack_dice(state, 0, bat, 0) == (1, 1)  # two dice, the Hipster's -1
    assert attack_dice(state, 1, gun, 3) == (2, 2)  # the Pillar's -1 with distance
    state = place(give_cards(state, 0, {"axe": 1, "gun": 1, "gun-ammo": 2}), 0, [W, W])
    state = combat(state, active=0)
    attacks = [a for a in legal_actions(state) if isinstance(a, AttackWith)]
    assert attacks == [
        AttackWith(0, "basic-hipster", 0),
        AttackWith(0, "gun", 1),
        AttackWith(0, "gun", 2),
        AttackWith(0, "axe", 0),
    ]
    after = apply(state, AttackWith(0, "axe", 0))
    assert after.step is Step.ROLL and after.roll_size == 3  # four dice, the Hipster's -1
    assert after.inventories[0][axe] == 0  # an axe is discarded when used
    shot = apply(state, AttackWith(0, "gun", 2))
    assert shot.inventories[0][cat.index["gun-ammo"]] == 0 and shot.inventories[0][gun] == 1
    assert len(chance_outcomes(shot)) == 10  # the results of three dice


@pytest.mark.rule("UD-COMBAT-6")
def test_the_six_dice_rule() -> None:
    # "7 gun ammo will only give you 6 attack dice": the Hipster's +1 distance die makes
    # 5 ammunition cards six dice already; a sixth card would add no die.
    cfg = config(3, content=DEFAULT_CONTENT)
    state = started(cfg, ["hipster", "pillar", "psycho"])
    state = place(give_cards(state, 0, {"gun": 1, "gun-ammo": 7}), 0, [W])
    state = combat(state, active=0)
    ammo = [a.ammo for a in legal_actions(state) if isinstance(a, AttackWith) and a.weapon == "gun"]
    assert ammo == [1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction) as caught:
        apply(state, AttackWith(0, "gun", 6))  # six cards and the advantage: seven dice
    assert (caught.value.code, caught.value.rule) == ("UD.AMMO", "UD-COMBAT-6")
    gun = catalog(cfg).index["gun"]
    assert attack_dice(state, 0, gun, 6) == (6, 7)
    rolled = apply(state, AttackWith(0, "gun", 5))
    assert rolled.roll_size == 6
    assert sum(p for _, p in chance_outcomes(rolled)) == 1
    rolls = [r for r, _ in chance_outcomes(rolled) if isinstance(r, Roll)]
    assert len(rolls) == 28 and all(r.heads + r.bodies + r.misses == 6 for r in rolls)


@pytest.mark.rule("UD-COMBAT-7", "UD-COMBAT-8")
def test_four_enemy_attack_example() -> None:
    # A raider, two wanderers and a monster; a gun and 6 gun ammo: 6 dice roll 1 X, 2 head
    # and 3 body. Two body damage eliminate the raider, a head each the two wanderers, and
    # the last body damage goes to the monster, which stays.
    state = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 6}), 0, [R, W, W, M])
    state = apply(combat(state, active=0), AttackWith(0, "gun", 6))
    state = apply(state, Roll(heads=2, bodies=3, misses=1))
    assert state.step is Step.ALLOT and to_move(state) == 0
    assert legal_actions(state) == (Allot(Face.HEAD), Allot(Face.BODY))  # the raider
    state = ok(apply(state, Allot(Face.BODY)))
    assert state.areas[0] == (M,)
    assert state.kills[0] == 3 and state.horde_discard == Deck(raider=1, wanderer=2)
    assert state.step is Step.FOUND and state.draws == 1  # a rubble card for the raider


@pytest.mark.rule("UD-COMBAT-7", "UD-COMBAT-8")
def test_ten_enemy_attack_example() -> None:
    # Ten enemies; a gun and 5 gun ammo roll 5 body damage: two eliminate the raider, the
    # brute needs a head, so the other three go to it and the attack stops.
    line = [R, B, W, W, M, R, R, W, M, B]
    state = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 5}), 0, line)
    state = apply(combat(state, active=0), AttackWith(0, "gun", 5))
    assert state.roll_size == 5
    state = ok(apply(state, Roll(heads=0, bodies=5, misses=0)))
    assert state.areas[0] == tuple(line[1:])
    assert state.kills[0] == 1


@pytest.mark.rule("UD-COMBAT-8")
def test_what_eliminates_each_enemy() -> None:
    assert kill_options(W, 1, 0) == (Face.HEAD,)
    assert kill_options(R, 0, 2) == (Face.BODY,)
    assert kill_options(W, 1, 2) == (Face.HEAD, Face.BODY)
    assert kill_options(B, 0, 6) == ()  # a brute needs a head
    assert kill_options(M, 1, 6) == ()  # a monster needs two
    assert kill_options(M, 2, 0) == (Face.HEAD,)
    assert kill_options(S, 0, 1) == (Face.BODY,)  # a survivor dies of any damage
    # Every die is assigned: a head and two bodies against one wanderer leave two dice
    # with no enemy to go to, and they are lost with the attack.
    state = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 3}), 0, [W])
    state = apply(combat(state, active=0), AttackWith(0, "gun", 3))
    state = apply(apply(state, Roll(1, 2, 0)), Allot(Face.HEAD))
    assert state.areas[0] == () and state.attack is None


@pytest.mark.rule("UD-COMBAT-9")
def test_no_melee_elsewhere_with_enemies_at_home() -> None:
    state = place(place(started(config(3)), 0, [W]), 1, [W])
    state = combat(state, active=0)
    melee = [a for a in legal_actions(state) if isinstance(a, AttackWith)]
    assert melee == [AttackWith(0, "basic-pillar", 0)]
    with pytest.raises(IllegalAction) as caught:
        apply(state, AttackWith(1, "basic-pillar", 0))
    assert (caught.value.code, caught.value.rule) == ("UD.MELEE_RESTRICTION", "UD-COMBAT-9")
    home_clear = combat(place(started(config(3)), 1, [W]), active=0)
    assert AttackWith(1, "basic-pillar", 0) in legal_actions(home_clear)


@pytest.mark.rule("UD-COMBAT-10")
def test_damage_is_reset_after_every_attack() -> None:
    state = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 1}), 0, [W, M])
    state = give_cards(state, 1, {"gun": 1, "gun-ammo": 1})
    state = apply(combat(state, active=0), AttackWith(0, "gun", 1))
    state = apply(state, Roll(0, 1, 0))  # one body damage: the wanderer stands
    assert state.areas[0] == (W, M) and state.turn == 1
    state = apply(state, AttackWith(0, "gun", 1))
    state = ok(apply(state, Roll(0, 1, 0)))  # another: it does not add to the first
    assert state.areas[0] == (W, M)
    # Eliminated monsters stay with their killer; the others are discarded.
    killer = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 2}), 0, [M, W])
    killer = apply(combat(killer, active=0), AttackWith(0, "gun", 2))
    killer = ok(apply(killer, Roll(2, 0, 0)))
    assert killer.monsters[0] == 1 and killer.horde_discard == Deck()
    assert killer.areas[0] == (W,)


@pytest.mark.rule("UD-COMBAT-11")
def test_collateral_damage_from_misses() -> None:
    base = give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 3})
    base = place(place(base, 1, [W, S]), 1, [])
    base = set_tuple(base, "barricades", 1, 1)
    state = apply(combat(base, active=0), AttackWith(1, "gun", 3))
    state = ok(apply(state, Roll(0, 0, 3)))  # three misses in player 1's area
    assert state.areas[1] == (W,)  # the survivor takes the first, the barricade the second
    assert state.barricades[1] == 0 and state.health[1] == 7 - 1
    plain = replace(base, config=config(3, readings=Readings(collateral="character")))
    direct = apply(combat(plain, active=0), AttackWith(1, "gun", 3))
    direct = ok(apply(direct, Roll(0, 0, 3)))
    assert direct.health[1] == 7 - 3 and direct.areas[1] == (W, S)
    melee = combat(place(started(config(3)), 1, [W, W]), active=0)
    swung = ok(apply(apply(melee, AttackWith(1, "basic-pillar", 0)), Roll(0, 0, 2)))
    assert swung.health[1] == 7  # no collateral damage with melee weapons


@pytest.mark.rule("UD-COMBAT-12")
def test_taming_the_horde_example() -> None:
    # Three players. Player 2 (seat 1), with no infected at home, attacks with a gun in
    # player 1's zone (seat 0), which holds six infected, and eliminates two: two of the
    # four left move to player 2's area.
    state = place(started(config(3)), 0, [W, W, W, B, W, M])
    state = give_cards(state, 1, {"gun": 1, "gun-ammo": 2})
    state = apply(combat(state, active=0, turn=1), AttackWith(0, "gun", 2))
    state = ok(apply(state, Roll(2, 0, 0)))
    assert len(state.areas[0]) == 2 and len(state.areas[1]) == 2
    assert state.areas[1] == (W, B)  # the first two of the four left, in order
    assert state.areas[0] == (W, M)
    bow = place(started(config(3)), 0, [W, W, W])
    bow = give_cards(bow, 1, {"bow": 1, "arrows": 1})
    bow = apply(combat(bow, active=0, turn=1), AttackWith(0, "bow", 1))
    bow = ok(apply(bow, Roll(1, 0, 0)))
    assert bow.areas[1] == () and bow.areas[0] == (W, W)  # a bow is silent


@pytest.mark.rule("UD-COMBAT-13")
def test_rewards_for_eliminations() -> None:
    state = place(give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 4}), 0, [R, B, M])
    state = apply(combat(state, active=0), AttackWith(0, "gun", 4))
    state = apply(state, Roll(4, 0, 0))
    assert state.draws == 1 + 1 + 2 and state.drawer == 0 and state.step is Step.FOUND
    assert state.monsters[0] == 1 and experience(state, 0) == 1
    assert state.leader == 0  # the monster's point makes the attacker the leader
    for _ in range(4):
        state = apply(state, Found("plank"))
    assert ok(state).inventories[0][catalog(state.config).index["plank"]] == 4
    assert state.turn == 1


# -- The enemies' attack --------------------------------------------------------------------


def enemies_start(state: UdState, active: int = 0) -> UdState:
    """Let every player pass, so that the enemies attack."""
    n = state.config.players
    state = combat(state, active=active, turn=(active + n - 1) % n, acted=n - 1)
    return apply(state, Pass())


def waves(state: UdState) -> tuple[UdState, list[tuple[int, Wave, int]]]:
    """Roll misses for every enemy roll until the enemies' attack is over."""
    order = []
    while state.phase is Phase.ENEMIES:
        assert state.step is Step.ROLL and state.defense is not None
        order.append((state.defense.defender, state.defense.wave, state.roll_size))
        state = apply(state, Roll(0, 0, state.roll_size))
    return state, order


@pytest.mark.rule("UD-ENEMY-1")
def test_enemies_attack_area_by_area_raiders_first() -> None:
    state = place(place(started(config(3)), 2, [W, R, R, R, R]), 1, [W])
    state = enemies_start(state, active=2)
    assert enemy_roller(state) == 0 and state.step is Step.ROLL
    state, order = waves(state)
    assert order == [
        (2, Wave.RAIDERS, 6),
        (2, Wave.RAIDERS, 2),
        (2, Wave.INFECTED, 1),
        (1, Wave.INFECTED, 1),
    ]
    assert state.phase is Phase.SEARCH
    by_kind = started(config(3, readings=Readings(enemy_order="kind")))
    by_kind = enemies_start(place(place(by_kind, 2, [W, R]), 1, [R]), active=2)
    _, order = waves(by_kind)
    assert order == [
        (2, Wave.RAIDERS, 2),
        (1, Wave.RAIDERS, 2),
        (2, Wave.INFECTED, 1),
    ]


@pytest.mark.rule("UD-ENEMY-2")
def test_trap_example() -> None:
    # Round 4: five enemies in the active player's area, one trap. The first enemy, a
    # brute, is eliminated by the trap before the horde attacks; a monster would only
    # have taken one head damage. The trap is discarded either way.
    state = replace(set_tuple(started(config(3)), "traps", 0, 1), round=4)
    brute = enemies_start(place(state, 0, [B, W, W, R, W]))
    assert brute.areas[0] == (W, W, R, W) and brute.traps[0] == 0
    assert brute.horde_discard == Deck(brute=1) and ok(brute).step is Step.ROLL
    monster = enemies_start(place(state, 0, [M, W, W, R, W]))
    assert monster.areas[0] == (M, W, W, R, W) and monster.traps[0] == 0
    survivors = enemies_start(place(state, 0, [S]))
    assert survivors.traps[0] == 1  # no enemy: the trap waits


@pytest.mark.rule("UD-ENEMY-2")
@pytest.mark.parametrize(("reading", "left"), [("combined", (W,)), ("separate", (M, W))])
def test_two_traps_on_a_monster(reading: str, left: tuple[Enemy, ...]) -> None:
    readings = Readings(trap_damage=reading)  # type: ignore[arg-type]
    state = set_tuple(started(config(3, readings=readings)), "traps", 0, 2)
    after = enemies_start(place(state, 0, [M, W]))
    assert after.areas[0] == left and after.traps[0] == 0
    two = enemies_start(place(state, 0, [W, W, B]))
    assert two.areas[0] == (B,)


@pytest.mark.rule("UD-ENEMY-3")
def test_raider_attack_example() -> None:
    # Four raiders (2 dice each) and two survivors. The first six dice: 3 X and 3 body:
    # 1 damage and a discarded card, and the X eliminate both survivors. The last raider's
    # two dice: 1 head and 1 body: another damage and another discarded card.
    state = give_cards(started(config(3)), 0, {"plank": 2})
    state = enemies_start(place(state, 0, [R, R, S, R, R, S]))
    assert state.roll_size == 6 and state.defense is not None
    assert state.defense.wave is Wave.RAIDERS
    state = apply(state, Roll(heads=0, bodies=3, misses=3))
    assert state.areas[0] == (R, R, R, R)
    assert state.health[0] == 10 - 1
    assert state.step is Step.DISCARD and to_move(state) == 0
    state = ok(apply(state, Discard("plank")))
    assert state.roll_size == 2
    state = apply(state, Roll(heads=1, bodies=1, misses=0))
    assert state.health[0] == 10 - 2 and state.step is Step.DISCARD
    state = ok(apply(state, Discard("basic-pillar")))
    assert sum(state.inventories[0]) == 1 and state.phase is Phase.SEARCH


@pytest.mark.rule("UD-ENEMY-4")
def test_infected_attack_example() -> None:
    # Six wanderers, two survivors, a monster and two brutes: 6 + 3 + 4 = 13 dice, rolled
    # 6, 6 and 1. First: 2 X, 2 head, 2 body: the heads eliminate both survivors, the two
    # bodies cost 1 health. Second: 2 X and 4 body: 2 damage. Third: 1 X.
    line = [W, W, S, W, W, M, W, S, B, W, B]
    state = enemies_start(place(started(config(3)), 0, line))
    assert state.defense is not None and state.defense.wave is Wave.INFECTED
    assert state.roll_size == 6 and state.defense.dice_left == 7
    state = apply(state, Roll(heads=2, bodies=2, misses=2))
    assert legal_actions(state) == (Allot(Face.HEAD), Allot(Face.BODY))  # a survivor
    state = apply(apply(state, Allot(Face.HEAD)), Allot(Face.HEAD))
    assert S not in state.areas[0] and state.health[0] == 10 - 1
    assert state.roll_size == 6
    state = apply(state, Roll(heads=0, bodies=4, misses=2))
    assert state.health[0] == 10 - 3 and state.roll_size == 1
    state = ok(apply(state, Roll(heads=0, bodies=0, misses=1)))
    assert state.health[0] == 7 and state.phase is Phase.SEARCH


@pytest.mark.rule("UD-ENEMY-5")
def test_damage_order_survivor_barricade_protection_character() -> None:
    state = give_cards(started(config(3)), 0, {"helmet": 1})
    state = set_tuple(place(state, 0, [W, W, S, W, W]), "barricades", 0, 1)
    state = apply(enemies_start(state), Roll(heads=2, bodies=2, misses=0))
    assert to_move(state) == 0 and legal_actions(state) == (Allot(Face.HEAD), Allot(Face.BODY))
    after = ok(apply(state, Allot(Face.BODY)))  # body on the survivor
    # then a head for the barricade (one body cannot), a head for the helmet, and the
    # last body alone does no damage to the character
    assert S not in after.areas[0] and after.barricades[0] == 0
    assert after.inventories[0][catalog(after.config).index["helmet"]] == 0
    assert after.health[0] == 10 and after.wounds[0] == 0
    other = apply(state, Allot(Face.HEAD))
    assert other.step is Step.ALLOT  # head or two bodies for the barricade
    led = started(config(3, readings=Readings(defense_choice="leader")), first=2)
    led = set_tuple(place(led, 0, [W, W, S, W, W]), "barricades", 0, 1)
    led = apply(enemies_start(led), Roll(heads=2, bodies=2, misses=0))
    assert to_move(led) == 2  # the player who chose first rolls and allots


@pytest.mark.rule("UD-ENEMY-6")
def test_two_barricades_example() -> None:
    # Two barricades; a monster (3 dice) and a brute (2) attack: 1 X and 4 body. The
    # first two bodies destroy the first barricade, the other two the second.
    state = set_tuple(place(started(config(3)), 0, [M, B]), "barricades", 0, 2)
    state = enemies_start(state)
    assert state.roll_size == 5
    state = ok(apply(state, Roll(heads=0, bodies=4, misses=1)))
    assert state.barricades[0] == 0 and state.health[0] == 10
    lone = set_tuple(place(started(config(3)), 0, [W]), "barricades", 0, 1)
    lone = ok(apply(enemies_start(lone), Roll(0, 1, 0)))
    assert lone.barricades[0] == 1  # one body does not destroy a barricade


@pytest.mark.rule("UD-ENEMY-7")
def test_sacrificing_saved_survivors() -> None:
    state = started(config(3))
    state = replace(state, horde=state.horde.add(S, -2), saved=(2, 0, 0), saved_ever=(2, 0, 0))
    state = settled(place(state, 0, [W, W, W]))
    assert experience(state, 0) == 2 + 2  # two kept, and pillar-2 (save two) is achieved
    state = apply(enemies_start(state), Roll(heads=3, bodies=0, misses=0))
    assert state.step is Step.SACRIFICE and to_move(state) == 0
    assert legal_actions(state) == (Sacrifice(0), Sacrifice(1), Sacrifice(2))
    after = ok(apply(state, Sacrifice(2)))
    assert after.health[0] == 10 - 1 and after.saved[0] == 0
    assert after.horde_discard.survivor == 2 and experience(after, 0) == 2  # the objective stays
    with pytest.raises(IllegalAction) as caught:
        apply(state, Sacrifice(3))
    assert caught.value.rule == "UD-ENEMY-7"


@pytest.mark.rule("UD-ENEMY-8")
def test_a_survivor_dies_of_any_damage() -> None:
    state = enemies_start(place(started(config(3)), 0, [S, W]))
    after = ok(apply(state, Roll(0, 1, 0)))
    assert after.areas[0] == (W,) and after.horde_discard.survivor == 1
    shot = give_cards(place(started(config(3)), 0, [S, W]), 0, {"gun": 1, "gun-ammo": 1})
    shot = apply(combat(shot, active=0), AttackWith(0, "gun", 1))
    assert ok(apply(shot, Roll(1, 0, 0))).areas[0] == (S,)  # attacks pass survivors by
    blocking = config(3, readings=Readings(survivors_in_line="blocking"))
    line = give_cards(place(started(blocking), 0, [S, W]), 0, {"gun": 1, "gun-ammo": 1})
    line = apply(combat(line, active=0), AttackWith(0, "gun", 1, survivors=True))
    assert ok(apply(line, Roll(0, 1, 0))).areas[0] == (W,)


@pytest.mark.rule("UD-ENEMY-9")
def test_at_most_two_tokens() -> None:
    state = give_cards(started(config(3)), 0, {"plank": 1, "nails": 1, "rope": 1, "blade": 1})
    state = set_tuple(set_tuple(state, "barricades", 0, 1), "traps", 0, 1)
    state = apply(state, Clock(False))
    assert not any(isinstance(a, Build) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as caught:
        apply(state, Build(Token.TRAP))
    assert (caught.value.code, caught.value.rule) == ("UD.CANNOT_BUILD", "UD-ENEMY-9")
    one = apply(set_tuple(state, "traps", 0, 0), Build(Token.TRAP))
    assert one.traps[0] == 1 and one.barricades[0] == 1


@pytest.mark.rule("UD-ENEMY-10")
def test_two_body_damage_make_one_damage() -> None:
    state = enemies_start(place(started(config(3)), 0, [W, W, W]))
    after = ok(apply(state, Roll(0, 3, 0)))
    assert after.health[0] == 10 - 1  # the third body is lost
    assert after.wounds[0] == 1


# -- End of the round, the last round, the end -------------------------------------------------


@pytest.mark.rule("UD-ROUND-1")
def test_a_round_is_a_search_then_a_combat() -> None:
    state = started(config(3))
    phases = [state.phase]
    while state.round == 1 and state.result is None:
        state = apply(
            state,
            sample_chance(state, random.Random(3))
            if to_move(state) == CHANCE
            else sample_legal_action(state, random.Random(3)),
        )
        if state.phase is not phases[-1]:
            phases.append(state.phase)
    assert phases[:3] == [Phase.SEARCH, Phase.RELEASE, Phase.ATTACKS]
    assert phases[-1] is Phase.SEARCH and state.round == 2


@pytest.mark.rule("UD-ROUND-2")
def test_end_of_round_saves_lone_survivors() -> None:
    state = place(place(started(config(3)), 0, [S, S]), 1, [B, S])
    state, _ = waves(enemies_start(state, active=0))
    assert state.saved == (2, 0, 0) and state.saved_ever == (2, 0, 0)
    assert state.areas[0] == () and state.areas[1] == (B, S)  # enemies stay
    assert experience(state, 0) == 2 + 2 and state.leader == 0  # and pillar-2: save two
    assert state.round == 2 and state.phase is Phase.SEARCH
    assert state.turn == 1 and state.active == -1  # after the active player
    ok(state)


@pytest.mark.rule("UD-ROUND-3")
def test_the_final_fight_repeats_until_one_side_falls() -> None:
    state = replace(place(started(config(3)), 0, [W]), round=10)
    state, _ = waves(enemies_start(state, active=1))
    assert state.phase is Phase.ATTACKS and state.round == 10 and state.cycle == 1
    assert state.turn == 1 and to_move(state) == 1  # no more search phases
    cut = replace(place(started(config(3, final_cycles=1)), 0, [W]), round=10)
    cut, _ = waves(enemies_start(cut))
    assert cut.result is not None and cut.result.rule == "UD-ROUND-3"
    assert cut.result.winners == ()


@pytest.mark.rule("UD-END-1")
def test_the_win() -> None:
    state = replace(place(started(config(3)), 0, [S]), round=10)
    state = ok(enemies_start(state))
    assert state.result is not None and state.result.rule == "UD-END-1"
    assert state.result.winners == (0, 1, 2)
    assert GAME.result(state) == state.result and legal_actions(state) == ()
    with pytest.raises(IllegalAction):
        apply(state, Pass())


@pytest.mark.rule("UD-END-2")
def test_a_dead_character_loses_the_game() -> None:
    state = set_tuple(place(started(config(3)), 0, [W]), "health", 0, 1)
    state = ok(apply(enemies_start(state), Roll(1, 0, 0)))
    assert state.health[0] == 0
    assert state.result is not None and state.result.rule == "UD-END-2"
    assert state.result.winners == () and to_move(state) < 0


@pytest.mark.rule("UD-END-3")
@pytest.mark.parametrize(("reading", "won"), [("kept", False), ("ever", True)])
def test_no_survivor_saved_loses(reading: str, won: bool) -> None:
    readings = Readings(win_survivors=reading)  # type: ignore[arg-type]
    state = replace(started(config(3, readings=readings)), round=10)
    state = replace(state, saved_ever=(1, 0, 0), horde_discard=Deck(survivor=1))
    state = replace(state, horde=state.horde.add(S, -1))
    state = ok(enemies_start(state))
    assert state.result is not None
    assert bool(state.result.winners) is won
    assert state.result.rule == ("UD-END-1" if won else "UD-END-3")


# -- fast paths agree with the exact lists -----------------------------------------------------


@pytest.mark.rule("UD-SEARCH-8", "UD-COMBAT-6")
def test_integer_chance_sampling_matches_the_fractions() -> None:
    from dieproof.reference.core.chance import sample

    state = started(config(4))
    rng = random.Random(5)
    for _ in range(400):
        if to_move(state) != CHANCE:
            state = apply(state, sample_legal_action(state, rng))
            continue
        seed = rng.randrange(2**30)
        assert sample_chance(state, random.Random(seed)) == sample(
            chance_outcomes(state), random.Random(seed)
        )
        state = apply(state, sample_chance(state, rng))
        if state.result is not None:
            state = started(config(4))
