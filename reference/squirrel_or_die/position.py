"""Squirrel or Die positions from a short description (``dieproof position
squirrel-or-die``, the referee's ``position`` op, :meth:`GameBase.position`).

A :class:`Position` says what matters for a rulebook check: the configuration, the phase
and whose turn it is, the tiles on the table, in the hands and collected; :func:`fill`
turns it into a whole :class:`~dieproof.reference.squirrel_or_die.types.SodState`, and
the referee's checks then validate it like any state a client sends. What the
description leaves out is filled in consistently:

- in Autumn (but Reverse or Die) a seat whose hand the description leaves out holds
  three tiles, dealt from the rest in tile-kind order, and the sack (``bag``) holds every
  other tile of the game that the description does not place (the box less the
  player-count removal, less the grid, the hands, the collected piles and a held tile);
- in Winter, when the sack is empty, those tiles lie face down in the free places of the
  grid's square (its limit in rows and columns, from the top left corner of the cells
  given, or (0, 0)), in (row, col) order, in tile-kind order;
- in the birdhouse variant the birdhouse lies face up at (0, 0) unless the description
  puts it elsewhere;
- a player whose collected pile holds as many skulls as lives is out;
- the step is the one the rules reach there: in Autumn, placing a held tile, else drawing
  while the sack holds tiles (gathering from the middle in Reverse or Die), else swapping
  (taking, in the birdhouse variant) while a face-up tile can be taken, else hiding; in
  Winter, giving a held Confused Cat, else flipping;
- ``last_autumn`` is -1 in Autumn and the seat before the current one in Winter.

A description that names an impossible position (more tiles of a kind than the game has,
a seat that does not exist, two tiles in one place) is refused with ``SOD.POSITION``; one
that decodes but breaks an invariant is refused by the state checks that follow.
"""

from __future__ import annotations

import itertools
from typing import Final, Literal, NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Positions
from dieproof.reference.core.types import Value, replace
from dieproof.reference.squirrel_or_die import rules
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER, Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    LIVES,
    Cell,
    Patch,
    Phase,
    SodConfig,
    SodState,
    Step,
    Variant,
    grid_side,
)

CODE: Final = "SOD.POSITION"
"""The code of a description that names an impossible position."""


class Position(Value, frozen=True):
    """A Squirrel or Die position in a few lines; everything it leaves out is filled in
    consistently (the sack holds the rest of the game's tiles, players with as many
    skulls as lives are out, the step is the one the rules reach)."""

    config: SodConfig = SodConfig()
    """The game: players, variant, first player, box and readings (the default: the
    basic game for four)."""
    phase: Literal["autumn", "winter"] = "autumn"
    """Autumn (hiding tiles) or Winter (flipping them)."""
    current: int | None = None
    """The seat to move (default: the config's first player)."""
    grid: tuple[Cell, ...] = ()
    """The shared patch's cells, in any order (basic game and birdhouse variant). Places
    are (row, col) relative to the first tile at (0, 0)."""
    patches: tuple[tuple[Cell, ...], ...] = ()
    """Reverse or Die: each seat's patch, in seat order (seats left out have none yet)."""
    hands: tuple[tuple[Tile, ...], ...] = ()
    """Each seat's hand, a tile per element (repeats allowed), in seat order; in Autumn a
    seat left out holds three tiles from the rest (in tile-kind order), else nothing."""
    collected: tuple[tuple[Tile, ...], ...] = ()
    """The tiles each seat has flipped or been given, as for ``hands``."""
    bag: tuple[Tile, ...] | None = None
    """The sack (the middle, in Reverse or Die), a tile per element; default: every tile
    of the game the description does not place elsewhere."""
    held: Tile | None = None
    """A drawn tile waiting to be placed (Autumn), or a flipped Confused Cat waiting to be
    given (Winter)."""
    step: Step | None = None
    """The step, when not the one the rules reach (see the module's description)."""
    sleeping: tuple[int, ...] = ()
    """Seats that skip their next turn (the Sleepy Squirrel)."""
    last_autumn: int | None = None
    """The seat that took the last Autumn turn (default: -1 in Autumn, the seat before
    ``current`` in Winter)."""


def _refuse(message: str) -> NoReturn:
    raise InvalidState(CODE, f"not a Squirrel or Die position: {message}")


def _pile(tiles: tuple[Tile, ...]) -> Tiles:
    pile = Tiles()
    for tile in tiles:
        pile = pile.add(tile)
    return pile


def _per_seat(name: str, values: tuple[tuple[Tile, ...], ...], players: int) -> list[Tiles]:
    if len(values) > players:
        _refuse(f"{name} lists {len(values)} seats for {players} players")
    return [_pile(values[p]) if p < len(values) else Tiles() for p in range(players)]


def _patch(name: str, cells: tuple[Cell, ...]) -> Patch:
    ordered = tuple(sorted(cells, key=lambda cell: (cell.row, cell.col)))
    for before, after in itertools.pairwise(ordered):
        if (before.row, before.col) == (after.row, after.col):
            _refuse(f"{name} has two tiles at ({after.row}, {after.col})")
    return ordered


def fill(position: Position) -> SodState:
    """The whole state ``position`` describes (validated afterwards by the caller)."""
    config = position.config
    rules.validate_config(config)
    players = config.players
    reverse = config.variant is Variant.REVERSE
    current = config.first_player if position.current is None else position.current
    if not 0 <= current < players:
        _refuse(f"current {current} is not a seat of {players}")
    if reverse:
        if position.grid:
            _refuse("Reverse or Die has a patch per seat: use patches, not grid")
        if len(position.patches) > players:
            _refuse(f"patches lists {len(position.patches)} seats for {players} players")
        patches = tuple(
            _patch(f"patch {p}", position.patches[p]) if p < len(position.patches) else ()
            for p in range(players)
        )
    else:
        if position.patches:
            _refuse("the shared patch is grid; patches is for Reverse or Die")
        grid = position.grid
        hands_and_piles = (*position.hands, *position.collected)
        listed = any(cell.tile is Tile.BIRDHOUSE for cell in grid) or any(
            Tile.BIRDHOUSE in pile for pile in hands_and_piles
        )
        free = all((cell.row, cell.col) != (0, 0) for cell in grid)
        if config.variant is Variant.BIRDHOUSE and not listed and free:
            grid = (Cell(0, 0, Tile.BIRDHOUSE, True), *grid)
        patches = (_patch("the grid", grid),)
    hands = _per_seat("hands", position.hands, players)
    collected = _per_seat("collected", position.collected, players)
    placed = Tiles()
    for pile in (*hands, *collected):
        placed = placed.plus(pile)
    for patch in patches:
        for cell in patch:
            placed = placed.add(cell.tile)
    if position.held is not None:
        placed = placed.add(position.held)
    game = rules.game_tiles(config)
    if position.bag is None:
        bag = game.minus(placed)
        short = [t.value for t in TILE_ORDER if bag.count(t) < 0]
        if short:
            _refuse(f"it places more {', '.join(short)} tiles than the game has ({game})")
    else:
        bag = _pile(position.bag)
    winter = position.phase == "winter"
    if not winter and not reverse and position.bag is None:
        # Autumn: a seat whose hand the description leaves out holds three tiles, dealt
        # from the rest in tile-kind order (hands hold three until the hides).
        for seat in range(len(position.hands), players):
            for _ in range(HAND_SIZE):
                kind = next((t for t in TILE_ORDER if bag.count(t) > 0), None)
                if kind is None:
                    break
                bag = bag.add(kind, -1)
                hands[seat] = hands[seat].add(kind)
    if winter and position.bag is None and bag.total():
        if reverse:
            _refuse(f"in Winter every tile is in a patch or collected; {bag} are not")
        patches = (_fill_grid(patches[0], bag, grid_side(players)),)
        bag = Tiles()
    out = tuple(pile.skulls() >= LIVES + pile.love for pile in collected)
    for seat in position.sleeping:
        if not 0 <= seat < players:
            _refuse(f"sleeping seat {seat} is not a seat of {players}")
    state = SodState(
        config=config,
        phase=Phase.WINTER if winter else Phase.AUTUMN,
        step=Step.NONE,
        current=current,
        bag=bag,
        hands=tuple(hands),
        held=position.held,
        patches=patches,
        collected=tuple(collected),
        out=out,
        sleeping=tuple(p in position.sleeping for p in range(players)),
        last_autumn=(
            position.last_autumn
            if position.last_autumn is not None
            else (current - 1) % players
            if winter
            else -1
        ),
    )
    return replace(state, step=position.step if position.step is not None else _step(state))


def _fill_grid(patch: Patch, rest: Tiles, side: int) -> Patch:
    """Winter: the tiles the description does not place, face down in the free places of
    the side x side square whose top left corner is the patch's (or (0, 0)), in (row,
    col) order, the tiles in tile-kind order."""
    top = min((cell.row for cell in patch), default=0)
    left = min((cell.col for cell in patch), default=0)
    taken = {(cell.row, cell.col) for cell in patch}
    free = [
        (row, col)
        for row in range(top, top + side)
        for col in range(left, left + side)
        if (row, col) not in taken
    ]
    tiles = [tile for tile in TILE_ORDER for _ in range(rest.count(tile))]
    if len(tiles) > len(free):
        _refuse(f"{len(tiles)} tiles left to place and {len(free)} free places in the grid")
    cells = [Cell(row, col, tile, False) for (row, col), tile in zip(free, tiles, strict=False)]
    return _patch("the grid", (*patch, *cells))


def _step(state: SodState) -> Step:
    """The step the rules reach in this position (see the module's description)."""
    variant = state.config.variant
    if state.phase is Phase.WINTER:
        return Step.GIVE if state.held is not None else Step.FLIP
    if state.held is not None:
        return Step.PLACE
    if state.bag.total():
        return Step.GATHER if variant is Variant.REVERSE else Step.DRAW
    face_up = any(
        cell.face_up and not (variant is Variant.BIRDHOUSE and cell.tile is Tile.BIRDHOUSE)
        for cell in state.patches[0]
    )
    if face_up and variant is not Variant.REVERSE:
        return Step.TAKE if variant is Variant.BIRDHOUSE else Step.SWAP
    return Step.HIDE


POSITIONS: Final = Positions(Position, fill, "SOD.POSITION_JSON")
"""Squirrel or Die's position builder (registered in its rules table)."""
