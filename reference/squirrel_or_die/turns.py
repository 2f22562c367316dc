"""Squirrel or Die: whose turn comes next, and when the game ends.

What follows a step that ends a turn: the next Autumn turn's player and step (or the
start of Winter), and in Winter the end of the game or the next player to flip, with
the Sleepy Squirrel's skipped turn and the Again tile's extra one. Each function takes
the fields the step has decided and builds the next state once.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.types import Result
from dieproof.reference.squirrel_or_die.board import DOWN, UP, Layout, carry, put_at, replace
from dieproof.reference.squirrel_or_die.tiles import Tiles
from dieproof.reference.squirrel_or_die.types import (
    LIVES,
    Patch,
    Phase,
    SodConfig,
    SodState,
    Step,
    Variant,
)

# Enum members as module constants (see the note in rules.py).
_AUTUMN, _WINTER, _OVER = Phase.AUTUMN, Phase.WINTER, Phase.OVER
_DRAW, _SWAP, _TAKE, _HIDE, _GATHER = Step.DRAW, Step.SWAP, Step.TAKE, Step.HIDE, Step.GATHER
_FLIP, _NONE = Step.FLIP, Step.NONE
_BIRDHOUSE, _REVERSE = Variant.BIRDHOUSE, Variant.REVERSE

FIRST: Final = "first"
"""The reading of SOD-A6 under which the first Autumn player also flips first."""


def food(config: SodConfig, pile: Tiles) -> int:
    """The tie-break count of a pile. Implements SOD-END-2 under SOD-A11."""
    bonus = pile.birdhouse if config.readings.birdhouse_tiebreak == "food" else 0
    return pile.food + bonus


def next_turn(
    state: SodState, lay: Layout, bag: Tiles, hands: tuple[Tiles, ...], *, seat: int, last: int
) -> tuple[Phase, Step, int]:
    """The phase, step and player of the next Autumn turn, from ``seat`` on, or the start
    of Winter (``last``: the seat of the last Autumn turn).

    Implements SOD-AUTUMN-3 (the turns once the sack is empty), SOD-AUTUMN-4 (the
    face-down placements), SOD-AUTUMN-5 (the end of Autumn) and SOD-WINTER-1 (who
    flips first: SOD-A6).
    """
    config = state.config
    variant = config.variant
    if bag.total():
        return _AUTUMN, (_GATHER if variant is _REVERSE else _DRAW), seat
    if variant is not _REVERSE:
        if lay[1][0][UP]:
            return _AUTUMN, (_TAKE if variant is _BIRDHOUSE else _SWAP), seat
        if any(hand.total() for hand in hands):
            while not hands[seat].total():
                seat = (seat + 1) % config.players
            return _AUTUMN, _HIDE, seat
    if config.readings.winter_start == FIRST:
        return _WINTER, _FLIP, config.first_player
    return _WINTER, _FLIP, (last + 1) % config.players


def end_autumn_turn(
    state: SodState, lay: Layout, bag: Tiles, hands: tuple[Tiles, ...], patches: tuple[Patch, ...]
) -> SodState:
    """The state after the current player's Autumn turn ends."""
    seat = state.current
    following = (seat + 1) % state.config.players
    phase, step, current = next_turn(state, lay, bag, hands, seat=following, last=seat)
    after = replace(
        state,
        bag=bag,
        hands=hands,
        patches=patches,
        phase=phase,
        step=step,
        current=current,
        last_autumn=seat,
    )
    return carry(after, lay)


def check_out(out: tuple[bool, ...], collected: tuple[Tiles, ...], player: int) -> tuple[bool, ...]:
    """A player with as many skulls as lives is out. Implements SOD-WINTER-2."""
    pile = collected[player]
    if out[player] or pile.skulls() < LIVES + pile.love:
        return out
    return put_at(out, player, True)


def end_winter_turn(
    state: SodState,
    lay: Layout,
    patches: tuple[Patch, ...],
    collected: tuple[Tiles, ...],
    *,
    out: tuple[bool, ...],
    sleeping: tuple[bool, ...],
    again: bool,
) -> SodState:
    """Check for the end, then pass the turn. Implements SOD-END-1, SOD-END-2,
    SOD-SPECIAL-2 (Again) and SOD-SPECIAL-3 (the Sleepy Squirrel)."""
    players = state.config.players
    over: Result | None = None
    if out.count(False) == 1:
        over = Result(
            winners=(out.index(False),), reason="the last squirrel standing wins", rule="SOD-END-1"
        )
    elif not _face_down_left(lay):
        standing = [p for p in range(players) if not out[p]]
        foods = [food(state.config, collected[p]) for p in standing]
        best = max(foods)
        winners = tuple(p for p, f in zip(standing, foods, strict=True) if f == best)
        over = Result(winners=winners, reason=f"tie broken by food ({best})", rule="SOD-END-2")
    if over is not None:
        return replace(
            state,
            patches=patches,
            collected=collected,
            out=out,
            sleeping=sleeping,
            held=None,
            phase=_OVER,
            step=_NONE,
            result=over,
        )
    seat = state.current
    if not again or out[seat]:
        while True:
            seat = (seat + 1) % players
            if out[seat]:
                continue
            if sleeping[seat]:  # skips this turn, and wakes up (SOD-SPECIAL-3)
                sleeping = put_at(sleeping, seat, False)
                continue
            break
    return replace(
        state,
        patches=patches,
        collected=collected,
        out=out,
        sleeping=sleeping,
        held=None,
        current=seat,
        step=_FLIP,
    )


def _face_down_left(lay: Layout) -> bool:
    # A loop rather than any() over a generator: this runs on every flip.
    for masks in lay[1]:  # noqa: SIM110
        if masks[DOWN]:
            return True
    return False
