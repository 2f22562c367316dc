"""Doom and Bloom SURVIVAL!'s z3 model sees what a state offers and how turns pass: each
rule the model restates (the movement's listing, the card in play, the turn limit, a
skipped turn cleared, the Medkit's choice before the turn passes) accepts the real
steps of seeded games and refutes the same step with the one quantity made wrong."""

from __future__ import annotations

import functools
import random
from typing import TypeVar

from dieproof.proofs.compile import CompiledModel
from dieproof.proofs.doom_and_bloom import MODEL, abstract
from dieproof.proofs.doom_and_bloom.vocabulary import ASSET_NAMES, SEATS, STEP
from dieproof.reference.core.game import game
from dieproof.reference.core.types import CHANCE, TERMINAL, replace
from dieproof.reference.doom_and_bloom.content import DEFAULT_CONTENT
from dieproof.reference.doom_and_bloom.rules import apply
from dieproof.reference.doom_and_bloom.types import (
    CAPS,
    DabConfig,
    Effect,
    Move,
    MoveDie,
    Option,
    Phase,
    RollMove,
)
from tests.dab_helpers import at_turn, card, play, set_assets, set_seat, setup, space

Step = tuple[dict[str, int | bool], dict[str, int | bool]]


@functools.cache
def _compiled() -> CompiledModel:
    return CompiledModel.of(MODEL)


@functools.cache
def _steps() -> tuple[Step, ...]:
    """The abstract steps of a few seeded random games of every configuration."""
    g = game("doom-and-bloom")
    found: list[Step] = []
    for index, config in enumerate(g.configs()):
        rng = random.Random(f"model/{index}")
        state = g.initial_state(config)
        a = abstract(state)
        while g.to_move(state) != TERMINAL:
            if g.to_move(state) == CHANCE:
                action = g.sample_chance(state, rng)
            else:
                action = g.sample_legal_action(state, rng)
            state = g.apply(state, action)
            a2 = abstract(state)
            found.append((a, a2))
            a = a2
    return tuple(found)


def _states() -> list[dict[str, int | bool]]:
    return [a for a, _ in _steps()]


def _holds(a: dict[str, int | bool]) -> bool:
    return _compiled().background_holds(_compiled().pack(a))


def _moves(a: dict[str, int | bool], b: dict[str, int | bool]) -> bool:
    return bool(_compiled().transitions_matching(_compiled().pack(a), _compiled().pack(b)))


def _only_with(a: dict[str, int | bool], b: dict[str, int | bool], name: str) -> None:
    """The model allows the real step ``a -> b``, and refutes it with ``name`` left as it was."""
    assert _moves(a, b)
    assert not _moves(a, {**b, name: a[name]})


T = TypeVar("T")


def _first(states: list[T], what: str) -> T:
    assert states, f"no state of the seeded games {what}"
    return states[0]


def test_every_real_state_and_step_is_accepted() -> None:
    steps = _steps()
    assert all(_holds(a) for a, _ in steps)
    assert all(_moves(a, b) for a, b in steps[:3000])


def test_a_listing_that_withholds_the_next_destination_is_refuted() -> None:
    a = _first([s for s in _states() if s["mv_next"]], "lists the next destination")
    assert a["reach_next"]
    assert not _holds({**a, "mv_next": False})
    b = _first(
        [s for s in _states() if s["step"] == STEP[Phase.MOVE] and not s["reach_next"]],
        "moves without the next destination in reach",
    )
    assert not _holds({**b, "mv_next": True})


def test_a_listing_that_offers_a_forbidden_space_is_refuted() -> None:
    a = _first(
        [
            s
            for s in _states()
            if s["step"] == STEP[Phase.MOVE] and s[f"sc[{s['active']}]"] < s["k"]
        ],
        "moves before every destination is scouted",
    )
    assert _holds(a)
    for flag in ("mv_later", "mv_again", "mv_final", "mv_center"):
        assert not _holds({**a, flag: True}), flag
    turn = _first([s for s in _states() if s["step"] == STEP[Phase.TURN]], "starts a turn")
    assert not _holds({**turn, "mv_center": True})


def test_a_roll_or_a_choice_needs_its_card() -> None:
    a = _first([s for s in _states() if s["step"] == STEP[Phase.PRE_ROLL]], "rolls")
    assert a["card_roll"]
    assert not _holds({**a, "card_roll": False})
    c = _first([s for s in _states() if s["step"] == STEP[Phase.CHOICE]], "chooses")
    assert c["card_choice"]
    assert not _holds({**c, "card_choice": False})


def test_no_turn_begins_past_the_turn_limit() -> None:
    a = _states()[-1]
    assert _holds({**a, "turns": a["limit"]})
    assert not _holds({**a, "turns": a["limit"] + 1})


def test_a_skipped_turn_is_cleared_when_the_turn_passes_it() -> None:
    cleared = [
        (a, b, i)
        for a, b in _steps()
        for i in SEATS
        if a[f"skip[{i}]"] and not b[f"skip[{i}]"] and b["turns"] == a["turns"] + 1
    ]
    assert cleared, "no seeded game clears a skipped turn"
    a, b, i = cleared[0]
    assert _moves(a, b)
    assert not _moves(a, {**b, f"skip[{i}]": True})


def test_the_turn_does_not_pass_over_the_medkit_choice() -> None:
    medkits = ASSET_NAMES.index("medkits")
    passing = [
        (a, b)
        for a, b in _steps()
        if b["turns"] == a["turns"] + 1
        and a["step"] != STEP[Phase.END]
        and a["active"] >= 0
        and b[f"{ASSET_NAMES[medkits]}[{a['active']}]"] > 0
        and a["lost"] == 0
    ]
    assert passing, "no seeded turn passes while its player holds a Medkit"
    a, b = passing[0]
    assert _moves(a, b)
    assert not _moves({**a, "lost": 1}, b)


def test_a_settled_roll_gives_what_its_result_prints() -> None:
    settled = []
    for a, b in _steps():
        if a["step"] != STEP[Phase.POST_ROLL] or b["step"] == STEP[Phase.POST_ROLL]:
            continue
        won = a["total"] > a["target"] or (a["tie_wins"] and a["total"] == a["target"])
        for name in ASSET_NAMES:
            gets = a[f"s_{name}"] if won else a[f"f_{name}"]
            mine = f"{name}[{a['active']}]"
            if gets > 0 and b[mine] > a[mine]:
                settled.append((a, b, mine))
    assert settled, "no seeded roll settles with a gain"
    a, b, mine = settled[0]
    _only_with(a, b, mine)


def test_the_seat_to_move_and_the_result_are_the_rulebook_s() -> None:
    answer = _first([s for s in _states() if s["step"] == STEP[Phase.ANSWER]], "answers")
    assert answer["mover"] == answer["chooser"] != answer["active"]
    assert not _holds({**answer, "mover": answer["active"]})
    chance = _first([s for s in _states() if s["step"] == STEP[Phase.DRAW]], "draws")
    assert not _holds({**chance, "mover": chance["active"]})
    running = _states()[-1]
    assert not running["declared"]
    assert not _holds({**running, "declared": True})


def test_an_offer_is_made_to_a_rival_of_what_the_sides_hold() -> None:
    answer = _first(
        [s for s in _states() if s["step"] == STEP[Phase.ANSWER] and 0 <= s["give"] < 3],
        "offers a resource",
    )
    giver = answer["active"]
    assert _holds(answer)
    assert not _holds({**answer, "offerer": answer["chooser"]})
    assert not _holds({**answer, "get": answer["give"]})
    name = ASSET_NAMES[answer["give"]]
    assert not _holds({**answer, **{f"{name}[{i}]": 0 for i in SEATS}}), giver
    turn = _first([s for s in _states() if s["step"] == STEP[Phase.TURN]], "starts a turn")
    assert not _holds({**turn, "give": 0, "get": 1})


def test_an_accepted_trade_moves_each_item_across() -> None:
    traded = [
        (a, b)
        for a, b in _steps()
        if a["step"] == STEP[Phase.ANSWER]
        and 0 <= a["give"] < 3
        and b["step"] == STEP[Phase.TURN]
        and any(a[f"{n}[{i}]"] != b[f"{n}[{i}]"] for n in ASSET_NAMES for i in SEATS)
    ]
    assert traded, "no seeded offer of a resource is accepted"
    a, b = traded[0]
    taker = f"{ASSET_NAMES[a['give']]}[{a['chooser']}]"
    assert b[taker] == a[taker] + 1
    _only_with(a, b, taker)


def test_the_start_roll_ends_only_when_every_seat_rolled() -> None:
    ended = [
        (a, b)
        for a, b in _steps()
        if a["step"] == STEP[Phase.SETUP_ROLL] and b["step"] != STEP[Phase.SETUP_ROLL]
    ]
    assert ended, "no seeded game ends its start roll"
    a, b = ended[0]
    assert _moves(a, b)
    assert not _moves(a, {**b, "sr[1]": 0})
    loser = next(i for i in SEATS if b[f"seat[{i}]"] and i != b["start"])
    assert not _moves(a, {**b, "start": loser})


def test_a_bonus_card_drawn_goes_to_the_actor_s_hand() -> None:
    drawn = [(a, b) for a, b in _steps() if a["step"] == STEP[Phase.BONUS]]
    assert drawn, "no seeded game draws a Bonus card"
    a, b = drawn[0]
    hand = f"hand[{a['actor']}]"
    assert b[hand] == a[hand] + 1
    _only_with(a, b, hand)


def _resolved(kind: str) -> list[Step]:
    """Seeded steps that settle a roll with a Success where ``kind`` holds of the
    space, in a game without teams, the turn going on."""
    found = []
    for a, b in _steps():
        if a["step"] != STEP[Phase.POST_ROLL] or b["step"] == STEP[Phase.POST_ROLL]:
            continue
        won = a["total"] > a["target"] or (a["tie_wins"] and a["total"] == a["target"])
        if won and not a["teams"] and b["turns"] == a["turns"] and a[kind]:
            found.append((a, b))
    return found


def test_a_hospital_gives_one_medkit_on_a_success() -> None:
    a, b = _first(
        [(a, b) for a, b in _resolved("sp_hospital") if b[f"medkits[{a['active']}]"] < 9],
        "succeeds at a hospital",
    )
    mine = f"medkits[{a['active']}]"
    assert _moves(a, b)
    assert not _moves(a, {**b, mine: b[mine] + 1})
    assert not _moves(a, {**b, mine: a[mine]})


def test_a_crossing_cleared_is_left_by_choice() -> None:
    a, b = _first(_resolved("sp_crossing"), "clears a crossing")
    assert _moves(a, b)
    assert not _moves(a, {**b, "step": STEP[Phase.END]})


def test_a_failure_moves_exactly_what_it_prints() -> None:
    failed = []
    for a, b in _steps():
        if a["step"] != STEP[Phase.POST_ROLL] or b["step"] == STEP[Phase.POST_ROLL]:
            continue
        won = a["total"] > a["target"] or (a["tie_wins"] and a["total"] == a["target"])
        if not won and not a["teams"]:
            failed.append((a, b))
    a, b = _first(failed, "fails a roll")
    mine = f"food[{a['active']}]"
    assert _moves(a, b)
    assert not _moves(a, {**b, mine: b[mine] + 1})


def test_the_trades_offered_are_the_rulebook_s() -> None:
    turn = _first(
        [
            s
            for s in _states()
            if s["step"] == STEP[Phase.TURN] and s["tg_weaponry"] and not s["teams"]
        ],
        "offers to trade Weaponry",
    )
    assert _holds(turn)
    assert not _holds({**turn, "tg_weaponry": False})
    assert not _holds({**turn, "made_offer": True})
    seat = turn["active"]
    assert not _holds({**turn, f"weaponry[{seat}]": 0})
    withheld = _first(
        [s for s in _states() if s["step"] == STEP[Phase.TURN] and s["busy"] and s["tg_food"]],
        "offers Food while kept busy",
    )
    assert not _holds({**withheld, "tg_food": False})


def test_a_comparison_card_succeeds_as_the_holdings_compare() -> None:
    compared = [
        (a, b)
        for a, b in _steps()
        if a["step"] == STEP[Phase.DRAW]
        and b["cmp"] > 0
        and b["turns"] == a["turns"]
        and not b["over"]
    ]
    a, b = _first(compared, "draws a comparison card")
    assert _moves(a, b)
    assert not _moves(a, {**b, "success": not b["success"]})


def test_a_paid_choice_takes_its_price_then_its_result() -> None:
    """A choice card's paid option takes its price, then the Success result, each
    within the track (DAB-EVENT-3, DAB-ASSET-1). Content may print any price, a
    negative one too (a gain): at the Fuel cap, a price of -1 Fuel (capped, no gain)
    and a Success of -2 Fuel leave cap - 2, not cap - 1 as one sum would. Found by the
    refinement check over sampled content."""
    events = DEFAULT_CONTENT.events
    karma = next(c for c in events if c.name == "Good Karma")
    odd = replace(
        karma, price=(0, -1, 0, 0, 0), price_bonus=0, success=Effect(assets=(0, -2, 0, 0, 0))
    )
    content = replace(DEFAULT_CONTENT, events=tuple(odd if c is karma else c for c in events))
    config = DabConfig(players=3, content=content)
    state = at_turn(setup(config), 0)
    state = set_seat(state, "moved", 0, True)
    state = set_seat(state, "space", 0, space(config, "r3c8"))
    state = set_assets(state, 0, (2, CAPS[1], 2, 3, 0))
    state = play(state, RollMove(), MoveDie(value=1), Move(space=space(config, "r2c8")))
    state = apply(state, card(config, "event", "Good Karma"))
    assert state.step is Phase.CHOICE
    after = apply(state, Option(option=0))
    assert after.assets[0][1] == CAPS[1] - 2
    a, b = abstract(state), abstract(after)
    assert _moves(a, b)
    assert not _moves(a, {**b, "fuel[0]": CAPS[1] - 1})
