"""Squirrel or Die: the legal actions of each step, in canonical order.

The order (the oracle guide documents it): by action field order, tiles in
:data:`~dieproof.reference.squirrel_or_die.tiles.TILE_ORDER`, places by (row, col),
patches and players by index. The places come from the state's layout (bitmasks,
:mod:`~dieproof.reference.squirrel_or_die.board`) and the actions from the geometry's
tables of actions built once, so a list costs one tuple and no new action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from dieproof.reference.squirrel_or_die.board import DOWN, UP, Geometry, kinds, layout, open_mask
from dieproof.reference.squirrel_or_die.types import (
    MAX_PLAYERS,
    Flip,
    Give,
    SodAction,
    SodState,
    Step,
)

A = TypeVar("A")

GIVES: Final = tuple(Give(p) for p in range(MAX_PLAYERS))
"""Giving the Confused Cat to each seat, built once."""


def cat_recipients(state: SodState) -> tuple[int, ...]:
    """Who may receive the Confused Cat. Implements SOD-SPECIAL-5 under SOD-A9."""
    anyone = state.config.readings.cat_recipient == "any"
    current, out = state.current, state.out
    return tuple(p for p in range(state.config.players) if p != current and (anyone or not out[p]))


def _product(
    table: tuple[tuple[A, ...], ...], kinds: tuple[int, ...], spots: tuple[int, ...]
) -> tuple[A, ...]:
    """The actions of every kind (outer) at every place (inner)."""
    if len(kinds) == 1:
        row = table[kinds[0]]
        return tuple([row[i] for i in spots])
    return tuple([row[i] for k in kinds for row in (table[k],) for i in spots])


def place(state: SodState) -> tuple[SodAction, ...]:
    g = layout(state)[0]
    spots = g.bits(open_mask(state, 0))
    row = g.place
    return tuple([row[i] for i in spots])


def swap(state: SodState) -> tuple[SodAction, ...]:
    g, patches = layout(state)
    return _product(g.swap, kinds(state.hands[state.current]), g.bits(patches[0][UP]))


def take(state: SodState) -> tuple[SodAction, ...]:
    g, patches = layout(state)
    row = g.take
    return tuple([row[i] for i in g.bits(patches[0][UP])])


def hide(state: SodState) -> tuple[SodAction, ...]:
    g = layout(state)[0]
    spots = g.bits(open_mask(state, 0))
    return _product(g.hide, kinds(state.hands[state.current]), spots)


def gather(state: SodState) -> tuple[SodAction, ...]:
    g = layout(state)[0]
    spots = g.bits(open_mask(state, state.current))
    return _product(g.gather, kinds(state.bag), spots)


def flip(state: SodState) -> tuple[SodAction, ...]:
    """Every face-down tile of every patch. The list of a state's flips is kept with the
    state, and a flip passes it on less the tile flipped (see :func:`flips_after`)."""
    found: tuple[Flip, ...] | None = state.__dict__.get("flips")
    if found is None:
        g, patches = layout(state)
        found = state.__dict__["flips"] = flips_of(g, tuple(masks[DOWN] for masks in patches))
    return found


def flips_of(g: Geometry, downs: tuple[int, ...]) -> tuple[Flip, ...]:
    """The flips of the face-down places ``downs`` (one mask per patch)."""
    if len(downs) == 1:
        row = g.flip(0)
        return tuple([row[i] for i in g.bits(downs[0])])
    return tuple([g.flip(p)[i] for p, down in enumerate(downs) for i in g.bits(down)])


def give(state: SodState) -> tuple[SodAction, ...]:
    return tuple([GIVES[p] for p in cat_recipients(state)])


LISTERS: Final[dict[Step, Callable[[SodState], tuple[SodAction, ...]]]] = {
    Step.PLACE: place,
    Step.SWAP: swap,
    Step.TAKE: take,
    Step.HIDE: hide,
    Step.GATHER: gather,
    Step.FLIP: flip,
    Step.GIVE: give,
}
"""The lister of each decision step (chance steps and the end list nothing)."""
