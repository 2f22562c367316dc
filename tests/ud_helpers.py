"""Builders of Until Daylight positions for the rule tests.

Positions are built from a real setup and then arranged by hand: cards put in an
inventory come out of the rubble deck and horde cards put in an area come out of the
horde deck, so every card stays accounted for and the reference's invariants hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import msgspec

from dieproof.reference.core import CHANCE, TERMINAL, replace
from dieproof.reference.until_daylight import (
    Choose,
    Content,
    DrawObjective,
    Enemy,
    FirstPlayer,
    Keep,
    Phase,
    Readings,
    Step,
    Timer,
    UdConfig,
    UdState,
    apply,
    initial_state,
    invariants,
    legal_actions,
    to_move,
)
from dieproof.reference.until_daylight.base import catalog
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.rules import sample_chance
from dieproof.reference.until_daylight.types import Ability, AbilityKind

R, W, B, M, S = Enemy.RAIDER, Enemy.WANDERER, Enemy.BRUTE, Enemy.MONSTER, Enemy.SURVIVOR


def neutral(content: Content = DEFAULT_CONTENT) -> Content:
    """The default content with every advantage and drawback at 0: attacks roll exactly
    the weapon's and the ammunition's dice, as in the rulebook's examples."""
    characters = tuple(
        msgspec.structs.replace(
            c,
            advantage=Ability(AbilityKind.MELEE_DICE, 0),
            drawback=Ability(AbilityKind.DISTANCE_DICE, 0),
        )
        for c in content.characters
    )
    return msgspec.structs.replace(content, characters=characters)


NEUTRAL = neutral()


def config(
    players: int = 3,
    *,
    content: Content | None = NEUTRAL,
    readings: Readings | None = None,
    timer: Timer | None = None,
    final_cycles: int = 100,
) -> UdConfig:
    return UdConfig(
        players=players,
        content=content,
        readings=readings or Readings(),
        timer=timer or Timer(),
        final_cycles=final_cycles,
    )


def started(cfg: UdConfig | None = None, characters: Sequence[str] = (), first: int = 0) -> UdState:
    """A game right after setup: the roll-off won by ``first``, characters chosen in
    turn order (``characters`` or the content's first ones), each player keeping the
    first secondary objective drawn (the draws take the pile's first cards)."""
    cfg = cfg or config()
    state = apply(initial_state(cfg), FirstPlayer(first))
    cat = catalog(cfg)
    names = list(characters) or [c.name for c in cat.characters][: cfg.players]
    for name in names:
        state = apply(state, Choose(name))
        while state.step is Step.OBJECTIVE:
            index = next(i for i, count in enumerate(state.secondary) if count)
            state = apply(state, DrawObjective(cat.content.objectives[index].name))
        if state.step is Step.KEEP:
            state = apply(state, Keep(cat.content.objectives[state.offered[0]].name))
    assert state.phase is Phase.SEARCH, state.phase
    return state


def give_cards(state: UdState, player: int, cards: Mapping[str, int]) -> UdState:
    """Move cards from the rubble deck into ``player``'s inventory."""
    cat = catalog(state.config)
    inventory = list(state.inventories[player])
    deck = list(state.rubble)
    for name, count in cards.items():
        index = cat.index[name]
        if deck[index] < count:
            raise ValueError(f"the deck has {deck[index]} {name}, not {count}")
        deck[index] -= count
        inventory[index] += count
    inventories = list(state.inventories)
    inventories[player] = tuple(inventory)
    return replace(state, rubble=tuple(deck), inventories=tuple(inventories))


def empty_inventory(state: UdState, player: int) -> UdState:
    """Return ``player``'s cards to the rubble deck."""
    deck = tuple(a + b for a, b in zip(state.rubble, state.inventories[player], strict=True))
    inventories = list(state.inventories)
    inventories[player] = tuple(0 for _ in deck)
    return replace(state, rubble=deck, inventories=tuple(inventories))


def place(state: UdState, seat: int, cards: Sequence[Enemy]) -> UdState:
    """Put horde cards (taken from the horde deck) at the end of ``seat``'s area."""
    horde = state.horde
    for kind in cards:
        if horde.count(kind) < 1:
            raise ValueError(f"no {kind.value} left in the horde deck")
        horde = horde.add(kind, -1)
    areas = list(state.areas)
    areas[seat] = (*areas[seat], *cards)
    return replace(state, horde=horde, areas=tuple(areas))


def combat(state: UdState, active: int, turn: int | None = None, *, acted: int = 0) -> UdState:
    """The characters' attack with ``active`` holding this round's horde; ``turn`` acts
    (by default the active player) with ``acted`` players already done."""
    n = state.config.players
    turn = active if turn is None else turn
    if acted == 0 and turn != active:
        acted = (turn - active) % n
    return replace(
        state,
        phase=Phase.ATTACKS,
        step=Step.ACT,
        active=active,
        turn=turn,
        current=turn,
        acted=acted,
    )


def set_tuple(state: UdState, field: str, seat: int, value: int) -> UdState:
    values = list(getattr(state, field))
    values[seat] = value
    return replace(state, **{field: tuple(values)})


def settled(state: UdState) -> UdState:
    """``state`` after the leader token and the objectives catch up with its numbers."""
    from dieproof.reference.until_daylight.base import settle

    return settle(state)


def ok(state: UdState) -> UdState:
    """Assert the reference's invariants hold, and return the state."""
    assert invariants(state) == (), invariants(state)
    return state


def run_until(
    state: UdState, done: Callable[[UdState], bool], seed: int = 0, limit: int = 200_000
) -> UdState:
    """Play random decisions and chance until ``done`` holds (or the game ends)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or to_move(state) == TERMINAL:
            return state
        if to_move(state) == CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
    raise AssertionError("no end in sight")
