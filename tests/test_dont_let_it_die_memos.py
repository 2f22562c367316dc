"""Don't Let It Die: the listing's memos answer what the rules compute afresh (no machine
speed is measured here)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from dieproof.reference.core import chance
from dieproof.reference.core.types import TERMINAL
from dieproof.reference.dont_let_it_die import day, night, rules
from dieproof.reference.dont_let_it_die.base import gain, gained, table_of
from dieproof.reference.dont_let_it_die.types import (
    AT_MORNING,
    AT_TURN,
    TOKEN_KINDS,
    DlidState,
    Proceed,
)


def _states(games: int) -> Iterator[DlidState]:
    """Every state of ``games`` seeded random games of each configuration."""
    for config in rules.configs():
        for seed in range(games):
            rng = random.Random(seed)
            state = rules.initial_state(config)
            while True:
                yield state
                mover = rules.to_move(state)
                if mover == TERMINAL:
                    break
                if mover < 0:
                    action = chance.sample(rules.chance_outcomes(state), rng)
                else:
                    actions = rules.legal_actions(state)
                    action = actions[rng.randrange(len(actions))]
                state = rules.apply(state, action)


def test_the_openers_memo_answers_the_draws_and_investigations_afresh() -> None:
    """``_openers`` keys the event by the effects its parts test and the stamina up to the
    highest cost: its answer, often remembered from another state, is the draws and
    Investigate Fire computed with empty memos."""
    turns = 0
    for state in _states(12):
        if state.step is not AT_TURN:
            continue
        turns += 1
        t = table_of(state.config)
        who = state.turn
        m = state.members[who]
        fx = t.effects[state.event] if state.event >= 0 else ""
        remembered = day._openers(state, who, m, fx, t.surcharge)
        day._DRAWS.clear()
        fresh = (
            *day._draws(
                state,
                who,
                m,
                fx,
                t.surcharge,
                planning=day._planning(state),
                left=day._cards_left(state),
            ),
            *day._investigations(m, fx, t.surcharge),
        )
        assert remembered == fresh, state
    assert turns > 500


def test_gained_is_gains_pool() -> None:
    """``gained`` on a state's pool is the pool ``gain`` leaves, for every kind and a few
    amounts (the supplies full, empty and between)."""
    for state in _states(1):
        for kind in range(TOKEN_KINDS):
            for n in (0, 1, 3, 9):
                assert gained(state, state.tokens, kind, n) == gain(state, kind, n).tokens


def test_the_morning_listing_answers_each_seat_afresh() -> None:
    """The morning's listing (a seat with nothing unequipped read from a table, the others
    remembered) is each seat's options computed afresh, then Proceed."""
    mornings = 0
    for state in _states(6):
        if state.step is not AT_MORNING:
            continue
        mornings += 1
        up = tuple(seat for seat, m in enumerate(state.members) if not m.down)
        fresh = [
            option
            for who in up
            for option in night._morning_options(state.config, who, state.members[who], up)
        ]
        assert night.morning_options(state) == [*fresh, Proceed()], state
    assert mornings > 100
