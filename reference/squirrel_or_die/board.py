"""Squirrel or Die's table as bitmasks: the representation the rules compute with.

A state's patches are tuples of :class:`Cell` (that is the canonical JSON, DESIGN
section 5); beside every state the rules keep its :data:`Layout`: each patch as four
integers (:data:`Masks`): a bit per place holding a tile, the same transposed, a bit per
face-down tile and a bit per face-up tile that may be taken. Adjacency, the grid's limit
and legality then cost a few integer operations instead of loops over cells, and the
actions a player may take come from tables of actions built once per :class:`Geometry`.

Places are numbered by a :class:`Geometry`: place ``(row, col)`` is bit
``(row + o) * w + (col + o)`` with ``o = reach + 1`` and ``w = 2 * reach + 3``. Bit order
is then ``(row, col)`` order (the canonical order of actions), and the four neighbours of
a tile within ``reach`` of the origin are bits ``±1`` and ``±w``, with no wrap-around
between rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import msgspec

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER, Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    Cell,
    Flip,
    Gather,
    Hide,
    Patch,
    Place,
    SodConfig,
    SodState,
    Swap,
    Take,
    Variant,
    grid_side,
)

T = TypeVar("T")

Masks = tuple[int, int, int, int]
"""One patch as integers: ``(occupied, across, down, up)``: the places holding a tile;
the same places transposed (bit of ``(col, row)``, for the column bounds); the face-down
tiles; the face-up tiles that may be swapped or taken (not the birdhouse landmark)."""

OCCUPIED: Final = 0
ACROSS: Final = 1
DOWN: Final = 2
UP: Final = 3

CACHE_LIMIT: Final = 4096
"""Entries kept per cache of a geometry before it is emptied and refilled."""


class Geometry:
    """The numbering of the places within ``reach`` of the origin, and what is built
    from it once: the place of each bit, the actions and cells naming each place, the
    windows that keep a grid within its limit."""

    __slots__ = (
        "_flips",
        "_windows",
        "cells",
        "gather",
        "hide",
        "offset",
        "place",
        "places",
        "reach",
        "rows",
        "swap",
        "take",
        "width",
    )

    def __init__(self, reach: int) -> None:
        self.reach: Final = reach
        """Tiles lie in rows and columns ``-reach`` to ``reach``."""
        self.offset: Final = reach + 1
        self.width: Final = 2 * reach + 3
        span = range(-self.offset, self.offset + 1)
        self.places: Final = tuple((r, c) for r in span for c in span)
        """Bit -> (row, col)."""
        self.rows: Final[dict[tuple[int, int], tuple[int, ...]]] = {}
        """(row bit, row's bits) -> the bits, for :meth:`bits` (filled on use)."""
        self.place: Final = tuple(Place(r, c) for r, c in self.places)
        """Bit -> the action placing the drawn tile there; likewise :attr:`take`."""
        self.take: Final = tuple(Take(r, c) for r, c in self.places)
        self.swap: Final = tuple(tuple(Swap(t, r, c) for r, c in self.places) for t in TILE_ORDER)
        """Tile index -> bit -> the action; likewise :attr:`hide` and :attr:`gather`."""
        self.hide: Final = tuple(tuple(Hide(t, r, c) for r, c in self.places) for t in TILE_ORDER)
        self.gather: Final = tuple(
            tuple(Gather(t, r, c) for r, c in self.places) for t in TILE_ORDER
        )
        self.cells: Final = {
            (t, up): tuple(Cell(r, c, t, up) for r, c in self.places)
            for t in TILE_ORDER
            for up in (False, True)
        }
        """(tile, face up) -> bit -> the cell (cells are values: sharing them is safe)."""
        self._flips: list[tuple[Flip, ...]] = []
        self._windows: dict[tuple[int, int, int, int], int] = {}

    def index(self, row: int, col: int) -> int:
        """The bit of ``(row, col)``, or -1 beyond the neighbours of the reach."""
        o = self.offset
        if -o <= row <= o and -o <= col <= o:
            return (row + o) * self.width + col + o
        return -1

    def holds(self, row: int, col: int) -> bool:
        """Whether a tile at ``(row, col)`` lies within the reach."""
        r = self.reach
        return -r <= row <= r and -r <= col <= r

    def flip(self, patch: int) -> tuple[Flip, ...]:
        """Bit -> the action flipping that place of patch ``patch``."""
        while len(self._flips) <= patch:
            index = len(self._flips)
            self._flips.append(tuple(Flip(index, r, c) for r, c in self.places))
        return self._flips[patch]

    def window(self, low_row: int, high_row: int, low_col: int, high_col: int) -> int:
        """The places with ``low_row <= row <= high_row`` and ``low_col <= col <=
        high_col`` (clipped to the numbering)."""
        key = (low_row, high_row, low_col, high_col)
        found = self._windows.get(key)
        if found is None:
            o, w = self.offset, self.width
            cols = 0
            for c in range(max(low_col, -o), min(high_col, o) + 1):
                cols |= 1 << (c + o)
            found = 0
            for r in range(max(low_row, -o), min(high_row, o) + 1):
                found |= cols << ((r + o) * w)
            if len(self._windows) >= CACHE_LIMIT:
                self._windows.clear()
            self._windows[key] = found
        return found

    def open_places(self, masks: Masks, limit: int | None) -> int:
        """The empty places next to a tile of the patch, inside the window of rows and
        columns that keeps it within ``limit`` in each direction; the origin for an
        empty patch (SOD-AUTUMN-1, SOD-REV-2)."""
        occupied = masks[0]
        if not occupied:
            return 1 << self.index(0, 0)
        w = self.width
        found = ((occupied << 1) | (occupied >> 1) | (occupied << w) | (occupied >> w)) & ~occupied
        if limit is not None:
            across = masks[1]
            o = self.offset
            top = ((occupied & -occupied).bit_length() - 1) // w - o
            bottom = (occupied.bit_length() - 1) // w - o
            left = ((across & -across).bit_length() - 1) // w - o
            right = (across.bit_length() - 1) // w - o
            found &= self.window(
                bottom - limit + 1, top + limit - 1, right - limit + 1, left + limit - 1
            )
        return found

    def bounds(self, masks: Masks) -> tuple[int, int, int, int]:
        """(top, bottom, left, right) of a non-empty patch."""
        occupied, across = masks[0], masks[1]
        o, w = self.offset, self.width
        return (
            ((occupied & -occupied).bit_length() - 1) // w - o,
            (occupied.bit_length() - 1) // w - o,
            ((across & -across).bit_length() - 1) // w - o,
            (across.bit_length() - 1) // w - o,
        )

    def bits(self, mask: int) -> tuple[int, ...]:
        """The set bits of ``mask``, lowest first, a row at a time from a table."""
        found: tuple[int, ...] = ()
        if not mask:
            return found
        w = self.width
        full = (1 << w) - 1
        rows = self.rows
        base = ((mask & -mask).bit_length() - 1) // w * w
        mask >>= base
        while mask:
            chunk = mask & full
            if chunk:
                key = (base, chunk)
                part = rows.get(key)
                if part is None:
                    part = rows[key] = tuple(base + i for i in range(w) if chunk >> i & 1)
                found += part
            mask >>= w
            base += w
        return found


_GEOMETRIES: dict[int, Geometry] = {}


def geometry(reach: int) -> Geometry:
    """The shared :class:`Geometry` of ``reach`` (a few are kept; a game uses one)."""
    found = _GEOMETRIES.get(reach)
    if found is None:
        if len(_GEOMETRIES) >= GEOMETRIES_KEPT:
            _GEOMETRIES.clear()
        found = _GEOMETRIES[reach] = Geometry(reach)
    return found


GEOMETRIES_KEPT: Final = 8
"""Geometries kept at once (every configuration of the game needs one of five)."""


Layout = tuple[Geometry, tuple[Masks, ...]]
"""A state's patches as :data:`Masks`, numbered by one geometry."""


def masks_of(g: Geometry, patch: Patch, landmark: Tile | None) -> Masks:
    """The masks of ``patch`` (``landmark``: the face-up tile that stays, if any)."""
    o, w = g.offset, g.width
    occupied = across = down = up = 0
    for cell in patch:
        bit = 1 << ((cell.row + o) * w + cell.col + o)
        occupied |= bit
        across |= 1 << ((cell.col + o) * w + cell.row + o)
        if not cell.face_up:
            down |= bit
        elif cell.tile is not landmark:
            up |= bit
    return occupied, across, down, up


MAX_REACH: Final = 32
"""No position the rules can reach has a tile further from the origin: a patch grows
from the origin one neighbour at a time and a game has at most 25 tiles (a grid's worth,
SOD-SETUP-1). A state with a tile beyond it is refused rather than numbered (its masks
and tables would grow with the distance)."""


def layout_of(patches: Sequence[Patch], reach: int, landmark: Tile | None) -> Layout:
    """The layout of ``patches`` in a geometry that holds every tile of them; raises
    :class:`InvalidState` for a tile beyond :data:`MAX_REACH`."""
    widest = max((max(abs(c.row), abs(c.col)) for p in patches for c in p), default=0)
    if widest > MAX_REACH:
        raise InvalidState(
            "SOD.STATE_INVALID",
            f"not a Squirrel or Die position: a tile lies {widest} places from the origin "
            f"(no game reaches further than {MAX_REACH})",
        )
    g = geometry(max(reach, widest))
    return g, tuple(masks_of(g, patch, landmark) for patch in patches)


def layout(state: SodState) -> Layout:
    """The patches of ``state`` as bitmasks: passed on by the step that made the state,
    or computed from its cells (a state decoded from JSON or built by hand).

    It is kept in the state's ``__dict__`` (see :class:`SodState`): derived from the
    fields, never encoded, compared or hashed."""
    found: Layout | None = state.__dict__.get("layout")
    if found is None:
        config = state.config
        found = state.__dict__["layout"] = layout_of(state.patches, reach(config), landmark(config))
    return found


def open_mask(state: SodState, index: int) -> int:
    """The open places of patch ``index`` of ``state`` (:meth:`Geometry.open_places`
    under the grid's limit, none in Reverse or Die), kept with the state: listing the
    actions and checking one ask for the same mask."""
    derived = state.__dict__
    found: tuple[int, int] | None = derived.get("open")
    if found is not None and found[0] == index:
        return found[1]
    g, patches = layout(state)
    config = state.config
    limit = None if config.variant is Variant.REVERSE else grid_side(config.players)
    mask = g.open_places(patches[index], limit)
    derived["open"] = (index, mask)
    return mask


def reach(config: SodConfig) -> int:
    """How far from the origin a tile can lie: the grid's limit less one; in Reverse or
    Die, the most tiles one patch can gather less one (the tiles, one grid's worth, are
    gathered in turn). A layout widens for a state that goes further."""
    side = grid_side(config.players)
    if config.variant is not Variant.REVERSE:
        return side - 1
    return max(0, -(-side * side // config.players) - 1)


def landmark(config: SodConfig) -> Tile | None:
    """The face-up tile that stays where it is: the birdhouse, in the birdhouse variant
    (SOD-BIRD-3)."""
    return Tile.BIRDHOUSE if config.variant is Variant.BIRDHOUSE else None


def kinds(pile: Tiles) -> tuple[int, ...]:
    """The indices (in :data:`TILE_ORDER`) of the kinds present in ``pile``."""
    return _KINDS[
        (pile.food > 0)
        | (pile.skull > 0) << 1
        | (pile.birdhouse > 0) << 2
        | (pile.bomb > 0) << 3
        | (pile.again > 0) << 4
        | (pile.sleepy > 0) << 5
        | (pile.love > 0) << 6
        | (pile.cat > 0) << 7
    ]


_KINDS: Final = tuple(
    tuple(i for i in range(len(TILE_ORDER)) if mask >> i & 1)
    for mask in range(1 << len(TILE_ORDER))
)
"""A set of kinds as a bitmask -> the kinds' indices in order."""


# -- editing the patches, layout and all -------------------------------------------------

replace: Final = msgspec.structs.replace
"""Direct struct replacement (``msgspec.structs.replace``): a step builds its state once."""


def carry(after: SodState, lay: Layout, flips: tuple[Flip, ...] | None = None) -> SodState:
    """``after`` with the layout of its patches (and the list of its flips, if known)
    passed on from the step that made it (see :func:`layout`)."""
    derived = after.__dict__
    derived["layout"] = lay
    if flips is not None:
        derived["flips"] = flips
    return after


def put_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index``."""
    # Concatenation is faster than unpacking into a new tuple here.
    return items[:index] + (value,) + items[index + 1 :]  # noqa: RUF005


def add_cell(
    state: SodState, lay: Layout, index: int, cell: tuple[int, int, Tile, bool]
) -> tuple[tuple[Patch, ...], Layout]:
    """The patches and layout with a new cell ``(row, col, tile, face up)`` in patch
    ``index`` (at an open place)."""
    g, layout_masks = lay
    row, col, tile, face_up = cell
    patch = state.patches[index]
    reach = g.reach
    if not (-reach <= row <= reach and -reach <= col <= reach):  # lay the patches out wider
        patch = tuple(sorted((*patch, Cell(*cell)), key=lambda c: (c.row, c.col)))
        patches = put_at(state.patches, index, patch)
        widest = max(g.reach, abs(row), abs(col))
        return patches, layout_of(patches, widest, landmark(state.config))
    o, w = g.offset, g.width
    bit = (row + o) * w + col + o
    flag = 1 << bit
    occupied, across, down, up = layout_masks[index]
    at = (occupied & (flag - 1)).bit_count()
    patch = (*patch[:at], g.cells[tile, face_up][bit], *patch[at:])
    if not face_up:
        down |= flag
    elif tile is not landmark(state.config):
        up |= flag
    masks: Masks = (occupied | flag, across | 1 << ((col + o) * w + row + o), down, up)
    if len(layout_masks) == 1:  # one shared grid: no slicing
        return (patch,), (g, (masks,))
    return put_at(state.patches, index, patch), (g, put_at(layout_masks, index, masks))


def remove_cell(
    state: SodState, lay: Layout, index: int, bit: int
) -> tuple[tuple[Patch, ...], Layout, Cell]:
    """The patches and layout without the cell at ``bit`` of patch ``index``, and the cell."""
    g, layout_masks = lay
    occupied, across, down, up = layout_masks[index]
    flag = 1 << bit
    at = (occupied & (flag - 1)).bit_count()
    patch = state.patches[index]
    cell = patch[at]
    o, w = g.offset, g.width
    masks: Masks = (
        occupied & ~flag,
        across & ~(1 << ((cell.col + o) * w + cell.row + o)),
        down & ~flag,
        up & ~flag,
    )
    patch = patch[:at] + patch[at + 1 :]
    if len(layout_masks) == 1:  # one shared grid: no slicing
        return (patch,), (g, (masks,)), cell
    return put_at(state.patches, index, patch), (g, put_at(layout_masks, index, masks)), cell


# -- the rule cell by cell ---------------------------------------------------------------

Position = tuple[int, int]

NEIGHBOURS: Final[tuple[Position, ...]] = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""Orthogonal neighbours only: the rulebook forbids diagonals."""


def open_places(patch: Patch, limit: int | None) -> tuple[Position, ...]:
    """Empty places orthogonally next to a tile of ``patch`` that keep the patch within
    ``limit`` tiles in each direction; the origin for an empty patch.

    Implements SOD-AUTUMN-1 (adjacency, the limit) and SOD-REV-2 (no diagonals), cell by
    cell: the rules use the layout's masks (:meth:`Geometry.open_places`), which a test
    checks against this.
    """
    if not patch:
        return ((0, 0),)
    occupied = {(cell.row, cell.col) for cell in patch}
    candidates = {(r + dr, c + dc) for r, c in occupied for dr, dc in NEIGHBOURS} - occupied
    if limit is not None:
        top, bottom, left, right = _bounds(patch)
        # A place keeps the span within the limit if it lies inside the window of rows
        # (columns) that still fits around the current span.
        low_row, high_row = bottom - limit + 1, top + limit - 1
        low_col, high_col = right - limit + 1, left + limit - 1
        candidates = {
            (r, c) for r, c in candidates if low_row <= r <= high_row and low_col <= c <= high_col
        }
    return tuple(sorted(candidates))


def is_open(patch: Patch, place: Position, limit: int | None) -> bool:
    """Whether ``place`` is one of :func:`open_places`, cell by cell."""
    if not patch:
        return place == (0, 0)
    row, col = place
    touches = False
    for cell in patch:
        dr, dc = cell.row - row, cell.col - col
        if dr == 0 and dc == 0:
            return False
        if abs(dr) + abs(dc) == 1:
            touches = True
    if not touches:
        return False
    if limit is None:
        return True
    top, bottom, left, right = _bounds(patch)
    return max(bottom, row) - min(top, row) < limit and max(right, col) - min(left, col) < limit


def _bounds(patch: Patch) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of a non-empty patch (sorted by row, so rows are cheap)."""
    cols = [cell.col for cell in patch]
    return patch[0].row, patch[-1].row, min(cols), max(cols)


def extent(patch: Patch) -> tuple[int, int]:
    """(height, width) of the smallest rectangle around ``patch``; (0, 0) when empty."""
    if not patch:
        return 0, 0
    rows = [cell.row for cell in patch]
    cols = [cell.col for cell in patch]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def grid_extent(state: SodState) -> tuple[int, int]:
    """:func:`extent` of the shared grid, from the layout's masks."""
    g, patches = layout(state)
    if not patches[0][OCCUPIED]:
        return 0, 0
    top, bottom, left, right = g.bounds(patches[0])
    return bottom - top + 1, right - left + 1
