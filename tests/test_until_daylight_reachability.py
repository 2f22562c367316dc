"""Until Daylight: every rule is reachable under dieproof's default (provisional)
content, so the placeholders hide no rule of the rulebook.

Random play with the default content always ends in a death (UD-END-2) within a few
rounds; the other endings are reached by games that choose every chance outcome (each
of them possible, with its nonzero probability): "lucky" games in which the players'
dice all show heads and the enemies' all miss. They show that the default content leaves
the win (UD-END-1), the loss for want of a saved survivor (UD-END-3) and the final
fight's bound (UD-ROUND-3) within reach.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from dieproof.proofs.until_daylight import eager, uniform
from dieproof.reference.core.types import CHANCE, TERMINAL
from dieproof.reference.until_daylight import (
    GAME,
    Allot,
    AttackWith,
    Clock,
    Consent,
    Enemy,
    Face,
    Fate,
    FateRoll,
    Pass,
    Readings,
    Reveal,
    Roll,
    Sacrifice,
    UdAction,
    UdConfig,
    UdState,
    apply,
    chance_outcomes,
    initial_state,
    legal_actions,
    to_move,
)
from dieproof.reference.until_daylight.base import enemies_in
from dieproof.reference.until_daylight.rules import sample_chance, sample_legal_action
from dieproof.spec import load

Pick = Callable[[UdState, list[UdAction]], UdAction]


def lucky_chance(state: UdState, reveal: tuple[Enemy, ...], crowd: bool = False) -> UdAction:
    """A chance outcome a lucky table could see: the gong at once (with ``crowd``, once
    the turn comes to a player whose area already holds enemies, if any does), the die
    of fate withdrawing an infected, horde cards in the order ``reveal`` prefers, the
    players' dice all heads and the enemies' all misses; otherwise the first outcome."""
    outcomes = [outcome for outcome, _ in chance_outcomes(state)]
    if Clock(True) in outcomes:
        crowded = [enemies_in(area) for area in state.areas]
        waiting = crowd and any(crowded) and not crowded[state.turn]
        return Clock(False) if waiting and Clock(False) in outcomes else Clock(True)
    if FateRoll(Fate.REMOVE_ENEMY) in outcomes:
        return FateRoll(Fate.REMOVE_ENEMY)
    reveals = [o for o in outcomes if isinstance(o, Reveal)]
    if reveals:
        return min(reveals, key=lambda o: reveal.index(o.enemy))
    rolls = [o for o in outcomes if isinstance(o, Roll)]
    if rolls:
        if state.attack is not None:
            return max(rolls, key=lambda r: r.heads)
        return max(rolls, key=lambda r: r.misses)
    return outcomes[0]


def fighter(state: UdState, legal: list[UdAction]) -> UdAction:
    """Attack one's own area if one can, else any area; a head for every target; never
    sacrifice, never hand a card over; otherwise do nothing."""
    attacks = [a for a in legal if isinstance(a, AttackWith) and not a.survivors]
    if attacks:
        own = [a for a in attacks if a.area == state.turn]
        return max(own or attacks, key=lambda a: (a.ammo, a.weapon))
    for wanted in (Allot(Face.HEAD), Sacrifice(0), Consent(False), Pass()):
        if wanted in legal:
            return wanted
    return legal[0]


def bystander(state: UdState, legal: list[UdAction]) -> UdAction:
    """Never attack: do nothing whenever one may."""
    for wanted in (Pass(), Sacrifice(0), Consent(False)):
        if wanted in legal:
            return wanted
    return legal[0]


def lucky_game(
    config: UdConfig,
    pick: Pick,
    first_wave: tuple[Enemy, ...],
    later: tuple[Enemy, ...],
    *,
    crowd: bool = False,
) -> tuple[UdState, set[str]]:
    """A game under ``config`` with chance chosen by :func:`lucky_chance` (the first
    round's horde in ``first_wave`` order of preference, later ones in ``later``) and
    decisions by ``pick``; its last state and the rules its steps named."""
    state = initial_state(config)
    seen: set[str] = set()
    for _ in range(200_000):
        if to_move(state) == TERMINAL:
            result = GAME.result(state)
            assert result is not None
            seen.add(result.rule)
            return state, seen
        if to_move(state) == CHANCE:
            action = lucky_chance(state, first_wave if state.round == 1 else later, crowd)
        else:
            action = pick(state, list(legal_actions(state)))
        after = apply(state, action)
        seen.update(GAME.step_rules(state, action, after))
        state = after
    raise AssertionError("the lucky game does not end")


SURVIVORS_FIRST = (Enemy.SURVIVOR, Enemy.WANDERER, Enemy.BRUTE, Enemy.RAIDER, Enemy.MONSTER)
ENEMIES_FIRST = (Enemy.WANDERER, Enemy.BRUTE, Enemy.RAIDER, Enemy.MONSTER, Enemy.SURVIVOR)


@pytest.mark.rule("UD-END-1", "UD-ROUND-3")
def test_the_night_can_be_won_with_the_default_content() -> None:
    # Round 1's horde is all survivors, saved at the end of the round; every later wave
    # is enemies, whose dice all miss, and the players' dice all show heads until the
    # final fight has eliminated every enemy revealed.
    state, seen = lucky_game(UdConfig(players=3), fighter, SURVIVORS_FIRST, ENEMIES_FIRST)
    assert state.result is not None and state.result.rule == "UD-END-1"
    assert state.round == 10 and sum(state.saved) >= 1
    assert all(not enemies_in(area) for area in state.areas)
    assert {"UD-ROUND-3", "UD-ROUND-2"} <= seen


def ruthless(state: UdState, legal: list[UdAction]) -> UdAction:
    """The fighter, who also attacks the survivors in the line (UD-A8): none is saved."""
    attacks = [a for a in legal if isinstance(a, AttackWith) and a.survivors]
    if attacks:
        own = [a for a in attacks if a.area == state.turn]
        return max(own or attacks, key=lambda a: (a.ammo, a.weapon))
    return fighter(state, legal)


@pytest.mark.rule("UD-END-3", "UD-ENEMY-8")
def test_the_night_can_end_with_no_survivor_saved_under_the_default_content() -> None:
    # Every wave joins enemies already there, and the survivors that come with the last
    # waves are attacked with the enemies (UD-A8): none is ever alone to be saved.
    state, _ = lucky_game(UdConfig(players=3), ruthless, ENEMIES_FIRST, ENEMIES_FIRST, crowd=True)
    assert state.result is not None and state.result.rule == "UD-END-3"
    assert sum(state.saved) == 0 and state.result.winners == ()


@pytest.mark.rule("UD-ROUND-3")
def test_the_final_fights_bound_is_reachable_under_the_default_content() -> None:
    # Nobody attacks and every enemy misses: the final fight reaches its bound (UD-A14).
    config = UdConfig(players=3, final_cycles=3)
    state, _ = lucky_game(config, bystander, ENEMIES_FIRST, ENEMIES_FIRST)
    assert state.result is not None and state.result.rule == "UD-ROUND-3"
    assert state.cycle == 3


def test_every_rule_is_reachable_under_the_default_content() -> None:
    wanted = {rule.id for rule in load(GAME.id).rules}
    seen = {"UD-SETUP-1"}  # initial_state: every game is set up by it
    # Random and keen play (the proofs' witness policies): everything but the endings of
    # the night.
    for policy in (uniform, eager):
        for players in range(3, 7):
            for seed in range(40):
                rng = random.Random(seed)
                state = initial_state(UdConfig(players=players))
                while to_move(state) != TERMINAL:
                    if to_move(state) == CHANCE:
                        action = sample_chance(state, rng)
                    else:
                        action = policy(state, legal_actions(state), rng)
                    after = apply(state, action)
                    seen.update(GAME.step_rules(state, action, after))
                    state = after
    # the win, and no survivor saved
    seen |= lucky_game(UdConfig(players=3), fighter, SURVIVORS_FIRST, ENEMIES_FIRST)[1]
    seen |= lucky_game(UdConfig(players=3), ruthless, ENEMIES_FIRST, ENEMIES_FIRST, crowd=True)[1]
    # The leader rolls, and under the reading defense_choice = "leader" allots, the
    # enemies' dice; the default content is the same.
    leader = UdConfig(players=3, readings=Readings(defense_choice="leader"))
    for seed in range(10):
        rng = random.Random(seed)
        state = initial_state(leader)
        while to_move(state) != TERMINAL and "UD-SETUP-7" not in seen:
            action = (
                sample_chance(state, rng)
                if to_move(state) == CHANCE
                else sample_legal_action(state, rng)
            )
            after = apply(state, action)
            seen.update(GAME.step_rules(state, action, after))
            state = after
    missing = sorted(wanted - seen)
    assert missing == [], missing
