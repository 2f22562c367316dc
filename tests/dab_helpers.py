"""Shared helpers of the Doom and Bloom SURVIVAL! tests: positions built by playing the
setup with chosen chance outcomes, then setting the fields an example names."""

from __future__ import annotations

from typing import Any

from dieproof.reference.core.types import replace
from dieproof.reference.doom_and_bloom.base import catalog
from dieproof.reference.doom_and_bloom.rules import apply, chance_outcomes, initial_state
from dieproof.reference.doom_and_bloom.types import (
    DabAction,
    DabConfig,
    DabState,
    DrawCard,
    DrawCharacter,
    DrawTown,
    Phase,
    SetupRoll,
)


def names(config: DabConfig, kind: str) -> list[str]:
    cat = catalog(config)
    if kind == "space":
        return [s.id for s in cat.top.board.spaces]
    if kind == "town":
        return [t.name for t in cat.top.board.towns]
    if kind == "character":
        return [c.name for c in cat.content.characters]
    if kind == "event":
        return [c.name for c in cat.content.events]
    if kind == "attack":
        return [c.name for c in cat.content.attacks]
    return [b.name for b in cat.content.bonuses]


def space(config: DabConfig, name: str) -> int:
    return names(config, "space").index(name)


def town(config: DabConfig, name: str) -> int:
    return names(config, "town").index(name)


def card(config: DabConfig, deck: str, name: str) -> DrawCard:
    return DrawCard(card=names(config, deck).index(name))


def setup(
    config: DabConfig | None = None,
    characters: tuple[int, ...] | None = None,
    towns: tuple[tuple[int, ...], ...] | None = None,
) -> DabState:
    """Seat 0 starts (it rolls 18, the others 6); seat i draws character i (or the given
    ones) and towns 0, 1, 2 in order (or the given ones). Stops at the first decision."""
    config = config or DabConfig()
    n = config.players
    state = initial_state(config)
    for seat in range(n):
        state = apply(state, SetupRoll(total=18 if seat == 0 else 6))
    chars = characters or tuple(range(n))
    for seat in range(n):
        state = apply(state, DrawCharacter(character=chars[seat]))
    k = catalog(config).destinations
    for seat in range(n):
        for t in towns[seat] if towns else tuple(range(k)):
            state = apply(state, DrawTown(town=t))
    return state


def play(state: DabState, *actions: DabAction) -> DabState:
    for action in actions:
        state = apply(state, action)
    return state


def with_(state: DabState, **changes: Any) -> DabState:
    return replace(state, **changes)


def at_turn(state: DabState, seat: int, **changes: Any) -> DabState:
    """``seat``'s turn with nobody keeping it busy, with ``changes`` applied."""
    return replace(state, active=seat, actor=seat, step=Phase.TURN, busy=False, **changes)


def set_assets(state: DabState, seat: int, assets: tuple[int, int, int, int, int]) -> DabState:
    rows = list(state.assets)
    rows[seat] = assets
    return replace(state, assets=tuple(rows))


def set_seat(state: DabState, field: str, seat: int, value: object) -> DabState:
    row = list(getattr(state, field))
    row[seat] = value
    return replace(state, **{field: tuple(row)})


def outcomes(state: DabState) -> list[DabAction]:
    return [a for a, _ in chance_outcomes(state)]
