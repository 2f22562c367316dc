"""Squirrel or Die's abstraction function: the model's view of a reference state.

It reads the state's own fields and computes every quantity itself, from the rulebook:
the tiles each player count removes, a tile's skull value, the lives Squirrel Love
adds, the grid's span and connectedness. It calls nothing in the rules modules, so a
wrong count in the rules cannot hide by being counted the same wrong way here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.squirrel_or_die.model import MODEL
from dieproof.proofs.squirrel_or_die.vocabulary import (
    BOMB_SKULLS,
    KINDS,
    PHASE_NUMBER,
    SEATS,
    STEP_NUMBER,
)
from dieproof.reference.core.types import State
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER, Tiles
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    LIVES,
    Cell,
    Phase,
    SodConfig,
    SodState,
    Step,
    Variant,
    grid_side,
)

REMOVAL: Final[dict[int, dict[str, int]]] = {
    4: {"food": 2, "birdhouse": 1},
    3: {"skull": 3},
    2: {"skull": 6, "food": 5, "birdhouse": 1},
}
"""The tiles each player count takes out of the box (Setup: Basic Game, step 1)."""


def game_tiles(config: SodConfig) -> dict[str, int]:
    """The tiles in play by kind: the box less the removal; in the birdhouse variant the
    birdhouse stays and one more food goes instead (Variant One; SOD-A3)."""
    removed = dict(REMOVAL[config.players])
    if config.variant is Variant.BIRDHOUSE and removed.get("birdhouse"):
        removed["food"] = removed.get("food", 0) + removed.pop("birdhouse")
    return {k: int(getattr(config.tiles, k)) - removed.get(k, 0) for k in KINDS}


def _span(cells: Iterable[Cell]) -> tuple[int, int]:
    rows = [cell.row for cell in cells]
    cols = [cell.col for cell in cells]
    if not rows:
        return 0, 0
    return max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def _connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one orthogonally connected piece (or none)."""
    places = {(cell.row, cell.col) for cell in cells}
    if not places:
        return True
    start = next(iter(places))
    seen = {start}
    todo = [start]
    while todo:
        row, col = todo.pop()
        for step in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if step in places and step not in seen:
                seen.add(step)
                todo.append(step)
    return len(seen) == len(places)


def _game(state: SodState) -> list[int | bool]:
    config = state.config
    n = config.players
    totals = game_tiles(config)
    readings = config.readings
    return [
        n,
        config.variant is not Variant.REVERSE,
        grid_side(n),
        sum(totals.values()),
        1 if config.variant is Variant.BIRDHOUSE else 0,
        config.first_player,
        readings.winter_start == "first",
        readings.cat_recipient == "any",
        readings.birdhouse_tiebreak == "food",
        *(totals[k] for k in KINDS),
        *(i < n for i in SEATS),
    ]


def _turn(state: SodState) -> list[int | bool]:
    winners = state.result.winners if state.result is not None else ()
    return [
        PHASE_NUMBER[state.phase],
        STEP_NUMBER[state.step],
        state.current,
        state.last_autumn,
        state.phase is Phase.OVER,
        len(winners),
        *(i in winners for i in SEATS),
    ]


def _table(state: SodState) -> list[int | bool]:
    config = state.config
    bird = config.variant is Variant.BIRDHOUSE
    down = [0] * len(KINDS)
    up = [0] * len(KINDS)
    board = 0
    for patch in state.patches:
        board += len(patch)
        for cell in patch:
            kind = _INDEX[cell.tile]
            if not cell.face_up:
                down[kind] += 1
            elif not (bird and kind == _BIRDHOUSE):
                up[kind] += 1
    width, height = _span(state.patches[0]) if config.variant is not Variant.REVERSE else (0, 0)
    return [
        width,
        height,
        board,
        sum(up),
        sum(down),
        all(_connected(patch) for patch in state.patches),
        *up,
        *down,
    ]


def _counts(pile: Tiles) -> tuple[int, ...]:
    """A pile's count of every kind, in :data:`KINDS` order (its fields' order)."""
    return msgspec.structs.astuple(pile)


def _bag(state: SodState) -> list[int | bool]:
    bag = _counts(state.bag)
    return [sum(bag), *bag]


def _held(state: SodState) -> list[int | bool]:
    held = [0] * len(KINDS)
    if state.held is not None:
        held[_INDEX[state.held]] = 1
    return [sum(held), *held]


def _hands(state: SodState) -> list[int | bool]:
    n = state.config.players
    counts = [_counts(h) for h in state.hands]
    hand = [sum(c) for c in counts]
    taking = (
        state.config.variant is Variant.BIRDHOUSE
        and state.step is Step.HIDE
        and hand[state.current] > HAND_SIZE
    )
    return [
        taking,
        *(sum(column) for column in zip(*counts, strict=True)),
        *(hand[i] if i < n else 0 for i in SEATS),
    ]


def _piles(state: SodState) -> list[int | bool]:
    n = state.config.players
    food_bird = state.config.readings.birdhouse_tiebreak == "food"
    pile = [sum(column) for column in zip(*map(_counts, state.collected), strict=True)]
    seats = [state.collected[i] if i < n else None for i in SEATS]
    return [
        sum(pile),
        *pile,
        *(p.skull + BOMB_SKULLS * p.bomb + p.cat if p is not None else 0 for p in seats),
        *(LIVES + p.love if p is not None else LIVES for p in seats),
        *(p.food + (p.birdhouse if food_bird else 0) if p is not None else 0 for p in seats),
    ]


def _out(state: SodState) -> list[int | bool]:
    n = state.config.players
    return [
        sum(1 for p in range(n) if not state.out[p]),
        *(state.out[i] if i < n else False for i in SEATS),
    ]


def _asleep(state: SodState) -> list[int | bool]:
    n = state.config.players
    return [state.sleeping[i] if i < n else False for i in SEATS]


_INDEX: Final = {tile: KINDS.index(tile.value) for tile in TILE_ORDER}
"""A tile -> its place in :data:`KINDS` (``Tile.value`` is slow to read)."""
_BIRDHOUSE: Final = KINDS.index("birdhouse")
assert tuple(Tiles.__struct_fields__) == KINDS, "a pile's fields are the kinds, in order"


def _per_kind(pool: str) -> tuple[str, ...]:
    return tuple(f"{pool}.{k}" for k in KINDS)


def _per_seat(name: str) -> tuple[str, ...]:
    return tuple(f"{name}[{i}]" for i in SEATS)


ABSTRACTION: Final[Abstraction[SodState]] = Abstraction(
    MODEL,
    (
        Part(
            ("config",),
            (
                "n", "limited", "side", "total", "landmark", "first", "winter_first",
                "cat_any", "bird_food", *_per_kind("total"), *_per_seat("seat"),
            ),
            _game,
        ),
        Part(
            ("phase", "step", "current", "last_autumn", "result"),
            ("phase", "step", "cur", "last", "finished", "winners", *_per_seat("win")),
            _turn,
        ),
        Part(
            ("config", "patches"),
            (
                "width", "height", "board", "faceup", "facedown", "connected",
                *_per_kind("up"), *_per_kind("down"),
            ),
            _table,
        ),
        Part(("bag",), ("bag", *_per_kind("bag")), _bag),
        Part(("held",), ("held", *_per_kind("held")), _held),
        Part(
            ("config", "hands", "step", "current"),
            ("taking", *_per_kind("hands"), *_per_seat("hand")),
            _hands,
        ),
        Part(
            ("config", "collected"),
            (
                "collected", *_per_kind("pile"), *_per_seat("skulls"), *_per_seat("lives"),
                *_per_seat("food"),
            ),
            _piles,
        ),
        Part(("config", "out"), ("standing", *_per_seat("out")), _out),
        Part(("config", "sleeping"), _per_seat("sleep"), _asleep),
    ),
    kind=SodState,
)  # fmt: skip
"""The model's view of a reference state, in parts recomputed where the state changed
(:mod:`dieproof.proofs.abstraction`)."""


def abstract(state: State) -> dict[str, int | bool]:
    """The model's view of a reference state."""
    if not isinstance(state, SodState):
        raise TypeError(f"not a Squirrel or Die state: {type(state).__name__}")
    return ABSTRACTION.mapping(state)
