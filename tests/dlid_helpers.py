"""Helpers for the Don't Let It Die tests: states built from the initial state by
replacing a few fields, and short ways to draw a chosen card or night event."""

from __future__ import annotations

from typing import Literal

from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.base import refit_all
from dieproof.reference.dont_let_it_die.game import invariants
from dieproof.reference.dont_let_it_die.night import start_night
from dieproof.reference.dont_let_it_die.types import (
    GATHER,
    CardDrawn,
    DlidAction,
    DlidConfig,
    DlidState,
    DrawCard,
    EventDrawn,
    Fight,
    Readings,
    Redraw,
    Step,
)

TOKEN_FIELDS = (
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
)


def start(**fields: object) -> DlidState:
    return rules.initial_state(DlidConfig(**fields))  # type: ignore[arg-type]


def play(state: DlidState, action: DlidAction) -> DlidState:
    """Apply ``action`` and check the invariants of the state reached."""
    after = rules.apply(state, action)
    problems = invariants(after)
    assert not problems, problems
    return after


def at_turn(state: DlidState, seat: int) -> DlidState:
    return replace(state, turn=seat)


def member(state: DlidState, seat: int, **changes: object) -> DlidState:
    members = list(state.members)
    members[seat] = replace(members[seat], **changes)
    return replace(state, members=tuple(members))


def tokens(state: DlidState, **counts: int) -> DlidState:
    pool = list(state.tokens)
    for name, n in counts.items():
        pool[TOKEN_FIELDS.index(name)] = n
    return replace(state, tokens=tuple(pool))


def unlock(state: DlidState, *names: str) -> DlidState:
    tree = [d.name for d in content.TREES[state.config.tree]]
    unlocked = list(state.unlocked)
    for name in names:
        unlocked[tree.index(name)] = True
    return refit_all(replace(state, unlocked=tuple(unlocked)))


def card(deck: int, name: str) -> int:
    return [c.name for c in content.DECK_CARDS[deck]].index(name)


def drawn(state: DlidState, seat: int, deck: int, name: str, **draw: bool) -> DlidState:
    """``seat`` takes the draw action of ``deck`` and draws the card called ``name``."""
    state = play(at_turn(state, seat), DrawCard(deck, **draw))
    return play(state, CardDrawn(card(deck, name)))


def night_of(state: DlidState) -> DlidState:
    """Every character ends its turn: the night's chance node."""
    return start_night(replace(state, members=tuple(replace(m, done=True) for m in state.members)))


def event(state: DlidState, name: str) -> DlidState:
    """Draw the night event called ``name`` (Dub lets it stand)."""
    assert state.step is Step.NIGHT, state.step
    index = [e.name for e in content.NIGHT_EVENTS].index(name)
    state = play(state, EventDrawn(index))
    if state.step is Step.DUB:
        state = play(state, Redraw(False))
    return state


def spent(state: DlidState, **fields: object) -> DlidState:
    """Every character's stamina spent, and ``fields`` of the state replaced."""
    return replace(state, members=tuple(replace(m, stamina=0) for m in state.members), **fields)


def rained_on(state: DlidState, **pool: int) -> DlidState:
    """``state`` with every stamina spent, the pit at 3 and the pool's ``pool`` tokens set,
    through the night's rainstorm: the refuel window, the pit at 2."""
    return event(night_of(tokens(spent(state, pit=3), **pool)), "Rainstorm")


def last_fall(reading: Literal["lost", "waits"]) -> tuple[DlidState, DlidState]:
    """Gronk and Kara down, Grub fed back to life and waiting, Cron (1 health, a Club
    unequipped) fights a Boar and falls: the fight, and the state after it."""
    s = start(readings=Readings(everybody_down=reading))
    for seat in (0, 2):
        s = member(s, seat, hp=0, down=True, done=True, stamina=0)
    s = member(s, 1, hp=3, down=True, reviving=True, done=True, stamina=0)
    s = at_turn(member(s, 3, hp=1, spare=(content.CLUB,)), 3)
    fight = drawn(s, 3, GATHER, "Boar")
    return fight, play(fight, Fight())
