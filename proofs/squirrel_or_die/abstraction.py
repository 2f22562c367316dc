"""Squirrel or Die's abstraction function: the model's view of a reference state.

It reads the state's own fields and computes every quantity itself, from the rulebook:
the tiles each player count removes, a tile's skull value, the lives Squirrel Love
adds, the grid's span and connectedness. It calls nothing in the rules modules, so a
wrong count in the rules cannot hide by being counted the same wrong way here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from dieproof.proofs.squirrel_or_die.vocabulary import (
    BOMB_SKULLS,
    KINDS,
    PHASE_NUMBER,
    SEATS,
    STEP_NUMBER,
)
from dieproof.reference.core.types import State
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


def abstract(state: State) -> dict[str, int | bool]:
    """The model's view of a reference state."""
    if not isinstance(state, SodState):
        raise TypeError(f"not a Squirrel or Die state: {type(state).__name__}")
    config = state.config
    n = config.players
    limited = config.variant is not Variant.REVERSE
    bird = config.variant is Variant.BIRDHOUSE
    landmark = 1 if bird else 0
    totals = game_tiles(config)
    cells = [cell for patch in state.patches for cell in patch]
    down = dict.fromkeys(KINDS, 0)
    up = dict.fromkeys(KINDS, 0)
    for cell in cells:
        if not cell.face_up:
            down[cell.tile.value] += 1
        elif not (bird and cell.tile.value == "birdhouse"):
            up[cell.tile.value] += 1
    pools = {
        "total": totals,
        "bag": {k: int(getattr(state.bag, k)) for k in KINDS},
        "held": {k: int(state.held is not None and state.held.value == k) for k in KINDS},
        "hands": {k: sum(int(getattr(h, k)) for h in state.hands) for k in KINDS},
        "up": up,
        "down": down,
        "pile": {k: sum(int(getattr(p, k)) for p in state.collected) for k in KINDS},
    }
    width, height = _span(state.patches[0]) if limited else (0, 0)
    hand = [sum(int(getattr(h, k)) for k in KINDS) for h in state.hands]
    winners = state.result.winners if state.result is not None else ()
    readings = config.readings
    values: dict[str, int | bool] = {
        "n": n,
        "limited": limited,
        "side": grid_side(n),
        "total": sum(totals.values()),
        "landmark": landmark,
        "first": config.first_player,
        "phase": PHASE_NUMBER[state.phase],
        "step": STEP_NUMBER[state.step],
        "cur": state.current,
        "last": state.last_autumn,
        "width": width,
        "height": height,
        "bag": sum(pools["bag"].values()),
        "held": sum(pools["held"].values()),
        "board": len(cells),
        "faceup": sum(up.values()),
        "facedown": sum(down.values()),
        "collected": sum(pools["pile"].values()),
        "standing": sum(1 for p in range(n) if not state.out[p]),
        "winners": len(winners),
        "taking": bird and state.step is Step.HIDE and hand[state.current] > HAND_SIZE,
        "finished": state.phase is Phase.OVER,
        "connected": all(_connected(patch) for patch in state.patches),
        "winter_first": readings.winter_start == "first",
        "cat_any": readings.cat_recipient == "any",
        "bird_food": readings.birdhouse_tiebreak == "food",
    }
    for pool, counts in pools.items():
        for k in KINDS:
            values[f"{pool}.{k}"] = counts[k]
    for i in SEATS:
        seated = i < n
        pile = state.collected[i] if seated else None
        values[f"seat[{i}]"] = seated
        values[f"hand[{i}]"] = hand[i] if seated else 0
        values[f"skulls[{i}]"] = (
            pile.skull + BOMB_SKULLS * pile.bomb + pile.cat if pile is not None else 0
        )
        values[f"lives[{i}]"] = LIVES + pile.love if pile is not None else LIVES
        values[f"food[{i}]"] = (
            pile.food + (pile.birdhouse if readings.birdhouse_tiebreak == "food" else 0)
            if pile is not None
            else 0
        )
        values[f"out[{i}]"] = state.out[i] if seated else False
        values[f"win[{i}]"] = i in winners
        values[f"sleep[{i}]"] = state.sleeping[i] if seated else False
    return values
