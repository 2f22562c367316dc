"""Until Daylight for the oracle: hostile states refused, the rules behind a step, the
worked examples as data, and the witness games of the proofs."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from dieproof.reference import game
from dieproof.reference.core import CHANCE, TERMINAL, InvalidState, replace
from dieproof.reference.oracle import vectors
from dieproof.reference.oracle.referee import Referee
from dieproof.reference.until_daylight import (
    GAME,
    AttackWith,
    Clock,
    Pass,
    Phase,
    Roll,
    Step,
    UdState,
    apply,
    legal_actions,
    to_move,
)
from dieproof.reference.until_daylight.rules import sample_chance
from dieproof.spec import load

from .ud_helpers import B, R, S, W, combat, config, give_cards, place, set_tuple, started

UD = "until-daylight"


def played(seed: int = 0, steps: int = 400) -> list[UdState]:
    """The states of a seeded random game of the default configuration."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.default_config())
    found = [state]
    while to_move(state) != TERMINAL and len(found) < steps:
        if to_move(state) == CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
        found.append(state)
    return found


def first_at(predicate: Callable[[UdState], bool]) -> dict[str, Any]:
    """The canonical JSON of the first state of a few random games that ``predicate``
    holds of."""
    for seed in range(20):
        for state in played(seed):
            if predicate(state):
                found: dict[str, Any] = json.loads(GAME.dump_state(state))
                return found
    raise AssertionError("no such state")


# -- hostile states ----------------------------------------------------------------------------

HOSTILE: list[tuple[str, Callable[[UdState], bool], dict[str, object]]] = [
    ("a seat out of range", lambda s: s.step is Step.SEARCH, {"current": 9}),
    ("an index-sized seat", lambda s: s.step is Step.SEARCH, {"turn": 2**63}),
    ("a step of another phase", lambda s: s.step is Step.SEARCH, {"step": "roll"}),
    ("a continuation of another phase", lambda s: s.step is Step.FOUND, {"then": "attacks"}),
    (
        "a pending continuation at a decision",
        lambda s: s.step is Step.SEARCH,
        {"then": "next-searcher"},
    ),
    (
        "a card in transit out of place",
        lambda s: s.step is Step.CLOCK,
        {"held": 3, "holder": 0, "held_count": 1},
    ),
    ("a roll of no dice", lambda s: s.step is Step.ROLL, {"roll_size": 0}),
    ("a roll of seven dice", lambda s: s.step is Step.ROLL, {"roll_size": 7}),
    ("a short inventory list", lambda s: s.step is Step.SEARCH, {"inventories": []}),
    ("a negative deck count", lambda s: s.step is Step.CLOCK, {"rubble": [-1] * 27}),
    (
        "characters not chosen after setup",
        lambda s: s.step is Step.CLOCK,
        {"characters": [-1, -1, -1, -1]},
    ),
    (
        "an objective draw from an empty pile",
        lambda s: s.step is Step.OBJECTIVE,
        {"secondary": [0] * 29},
    ),
    ("three objectives offered", lambda s: s.step is Step.KEEP, {"offered": [20, 21, 22]}),
    ("a horde reveal from an empty deck", lambda s: s.step is Step.HORDE, {"horde": {}}),
    ("a rubble draw owed by nobody", lambda s: s.step is Step.FOUND, {"drawer": -1}),
    ("an enemies' attack with no damage", lambda s: s.phase is Phase.ENEMIES, {"defense": None}),
    (
        "a lone winner",
        lambda s: s.phase is Phase.OVER,
        {"result": {"winners": [1], "reason": "x", "rule": "UD-END-1"}},
    ),
    (
        "a request out of a consent",
        lambda s: s.step is Step.SEARCH,
        {"asker": 1, "request": [3, 1]},
    ),
]


@pytest.mark.parametrize(("why", "where", "edit"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_states_are_refused(
    why: str, where: Callable[[UdState], bool], edit: dict[str, object]
) -> None:
    state = first_at(where)
    GAME.check_state(GAME.load_state(json.dumps(state)))
    hostile = {**state, **edit}
    with pytest.raises(InvalidState) as caught:
        GAME.check_state(GAME.load_state(json.dumps(hostile)))
    assert caught.value.code in ("UD.STATE_INVALID", "UD.STATE_INVARIANT"), why
    for op in ("legal", "chance", "apply", "result"):
        request: dict[str, object] = {"op": op, "game": UD, "state": hostile}
        if op == "apply":
            request["action"] = {"type": "pass"}
        answer = Referee().answer(request)
        assert answer["ok"] is False
        error = answer["error"]
        assert isinstance(error, dict) and str(error["code"]).startswith("UD.STATE_"), error


def test_an_attack_that_eliminated_cards_not_in_the_area_is_refused() -> None:
    state = give_cards(started(config(3)), 0, {"gun": 1, "gun-ammo": 6})
    state = apply(combat(place(state, 0, [R, W, W, B]), active=0), AttackWith(0, "gun", 6))
    state = apply(state, Roll(heads=2, bodies=3, misses=1))
    assert state.step is Step.ALLOT
    GAME.check_state(state)
    assert state.attack is not None
    for eliminated in ((9,), (0, 0)):
        hostile = replace(state, attack=replace(state.attack, eliminated=eliminated))
        with pytest.raises(InvalidState):
            GAME.check_state(hostile)


def test_the_referee_refuses_what_used_to_crash_it() -> None:
    # The fuzz found an objective draw with an empty pile: the chance node had no
    # outcome and the referee answered REFEREE.INTERNAL.
    state = first_at(lambda s: s.step is Step.OBJECTIVE)
    state["secondary"] = [0] * len(state["secondary"])
    answer = Referee().answer({"op": "chance", "game": UD, "state": state})
    assert answer["ok"] is False
    error = answer["error"]
    assert isinstance(error, dict) and error["code"] == "UD.STATE_INVALID"


# -- the rules behind a step --------------------------------------------------------------------


def rules_of(before: UdState, action: Any) -> tuple[str, ...]:
    return GAME.step_rules(before, action, apply(before, action))


def test_step_rules_name_the_action_first_and_then_its_consequences() -> None:
    start = started(config(3))
    gong = rules_of(start, Clock(True))
    assert gong[0] == "UD-COMBAT-1" and "UD-SEARCH-8" in gong
    # Taming the horde: a gun in another player's area moves the infected home.
    tame = place(give_cards(start, 1, {"gun": 1, "gun-ammo": 2}), 0, [W, W, W, B, W])
    tame = apply(combat(tame, active=0, turn=1), AttackWith(0, "gun", 2))
    named = rules_of(tame, Roll(2, 0, 0))
    assert named[:2] == ("UD-COMBAT-8", "UD-COMBAT-7")
    assert {"UD-COMBAT-10", "UD-COMBAT-12"} <= set(named)
    assert "UD-COMBAT-11" not in named  # no miss, no collateral damage
    # A trap fires when the enemies' attack begins.
    trapped = set_tuple(place(start, 0, [B, W]), "traps", 0, 1)
    trapped = combat(trapped, active=0, turn=2, acted=2)
    named = rules_of(trapped, Pass())
    assert named[0] == "UD-SEARCH-6" and {"UD-ENEMY-1", "UD-ENEMY-2"} <= set(named)
    # The round ends: lone survivors are saved and the next round begins.
    saving = combat(place(start, 0, [S]), active=0, turn=2, acted=2)
    named = rules_of(saving, Pass())
    assert {"UD-ROUND-2", "UD-ROUND-1", "UD-SETUP-6"} <= set(named)


def test_step_rules_name_rules_of_the_specification_in_eager_games() -> None:
    from dieproof.proofs.until_daylight import WITNESS_CONFIGS, eager

    known = {rule.id for rule in load(UD).rules}
    named: set[str] = set()
    for plans in WITNESS_CONFIGS.values():
        for cfg, _ in plans:
            rng = random.Random(1)
            state = GAME.initial_state(cfg)
            for _ in range(1500):
                if to_move(state) == TERMINAL:
                    break
                if to_move(state) == CHANCE:
                    action = sample_chance(state, rng)
                else:
                    action = eager(state, legal_actions(state), rng)
                after = apply(state, action)
                found = GAME.step_rules(state, action, after)
                assert found and set(found) <= known, (action, found)
                GAME.check_state(after)
                named.update(found)
                state = after
    assert len(named) >= 35, sorted(known - named)


# -- the worked examples ------------------------------------------------------------------------

RULEBOOK_EXAMPLES = {
    # the rulebook's "Example" paragraphs, by what they show
    "ud-setup-6-the-psycho-becomes-leader": "UD-SETUP-6",
    "ud-search-5-consuming-food": "UD-SEARCH-5",
    "ud-search-9-ammunition-shares-a-slot": "UD-SEARCH-9",
    "ud-combat-1-ten-horde-cards-in-round-3": "UD-COMBAT-1",
    "ud-combat-6-seven-gun-ammo-give-six-dice": "UD-COMBAT-6",
    "ud-combat-7-four-enemies": "UD-COMBAT-7",
    "ud-combat-7-ten-enemies": "UD-COMBAT-7",
    "ud-combat-10-one-area-per-attack": "UD-COMBAT-10",
    "ud-combat-12-taming-the-horde": "UD-COMBAT-12",
    "ud-enemy-2-a-trap-and-a-brute": "UD-ENEMY-2",
    "ud-enemy-2-a-trap-and-a-monster": "UD-ENEMY-2",
    "ud-enemy-6-two-barricades": "UD-ENEMY-6",
    "ud-enemy-3-the-raiders-attack": "UD-ENEMY-3",
    "ud-enemy-4-the-infected-attack": "UD-ENEMY-4",
    # situations the rules describe without a printed example
    "ud-combat-11-collateral-damage": "UD-COMBAT-11",
    "ud-setup-4-two-secondary-objectives-keep-one": "UD-SETUP-4",
    "ud-search-1-no-rubble-card-left": "UD-SEARCH-1",
    "ud-combat-5-weapons-ammunition-and-abilities": "UD-COMBAT-5",
    "ud-enemy-7-a-survivor-absorbs-a-damage": "UD-ENEMY-7",
    # the rules read again against the rulebook (issue 7)
    "ud-enemy-7-a-survivor-absorbs-the-die-of-fate": "UD-ENEMY-7",
    "ud-enemy-8-a-player-attacks-a-survivor": "UD-ENEMY-8",
}


def test_every_example_of_the_rulebook_is_a_worked_example() -> None:
    # The rulebook prints 13 worked examples ("consuming food" twice); the trap's, with
    # its monster aside, makes two: 14 here, 5 situations the rules describe and 2 that
    # the second reading of the rulebook added.
    by_name = {example.name: example for example in GAME.examples()}
    assert set(by_name) == set(RULEBOOK_EXAMPLES)
    assert len(RULEBOOK_EXAMPLES) == 14 + 5 + 2
    for name, rule in RULEBOOK_EXAMPLES.items():
        assert by_name[name].rules[0] == rule, name
        assert by_name[name].facts, name


@pytest.mark.parametrize("name", sorted(RULEBOOK_EXAMPLES))
def test_a_worked_example_plays_from_its_start(name: str) -> None:
    """From the initial state, or from the position the example describes."""
    example = next(e for e in GAME.examples() if e.name == name)
    report = vectors.check_case(vectors.example_case(GAME, example), game)
    assert report.ok, report.problem
    state = GAME.example_start(example)
    for action in example.actions:  # every position on the way is one the referee takes
        state = GAME.apply(state, action)
        GAME.check_state(state)
    for rejection in example.rejections:
        assert rejection.code.startswith("UD.") and rejection.rule in known_rules()


def test_the_rulebook_numbers_are_the_facts() -> None:
    facts = {e.name: {(f.pointer, json.dumps(f.value)) for f in e.facts} for e in GAME.examples()}
    assert ("/roll_size", "6") in facts["ud-combat-7-four-enemies"]
    assert ("/kills/0", "3") in facts["ud-combat-7-four-enemies"]
    assert ("/roll_size", "5") in facts["ud-combat-7-ten-enemies"]
    assert ("/reveal", "9") in facts["ud-combat-1-ten-horde-cards-in-round-3"]  # 6 + 3
    assert ("/attract", "1") in facts["ud-combat-1-ten-horde-cards-in-round-3"]  # + 1 infected
    assert ("/areas/2", "10") in facts["ud-combat-1-ten-horde-cards-in-round-3"]
    assert ("/leader", "1") in facts["ud-setup-6-the-psycho-becomes-leader"]
    assert ("/roll_size", "4") in facts["ud-setup-6-the-psycho-becomes-leader"]
    assert ("/round", "5") in facts["ud-setup-6-the-psycho-becomes-leader"]
    assert ("/defense/dice_left", "7") in facts["ud-enemy-4-the-infected-attack"]
    assert ("/barricades/0", "0") in facts["ud-enemy-6-two-barricades"]
    assert ("/round", "4") in facts["ud-enemy-2-a-trap-and-a-brute"]
    seven = next(e for e in GAME.examples() if e.name.startswith("ud-combat-6"))
    assert [r.code for r in seven.rejections] == ["UD.AMMO"]


def known_rules() -> set[str]:
    return {rule.id for rule in load(UD).rules}


# -- the witness games ----------------------------------------------------------------------------


def test_the_witness_games_reach_their_goals() -> None:
    from dieproof.proofs import proofs_for
    from dieproof.proofs.compile import CompiledModel

    proofs = proofs_for(UD)
    assert proofs.goal_games is not None
    games = proofs.goal_games()
    compiled = CompiledModel(proofs.model)
    assert set(games) == {goal.name for goal in proofs.model.goals}
    for name, (cfg, actions) in games.items():
        state = GAME.initial_state(cfg)
        for action in actions:
            state = GAME.apply(state, action)
            GAME.check_state(state)
        assert name in compiled.goals_met(proofs.abstract(state)), name
