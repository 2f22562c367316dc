"""Squirrel or Die's tiles: the kinds and the multiset of tiles."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Final

import msgspec

from dieproof.reference.core.types import IdentityEnum, Value

BOMB_SKULLS: Final = 2
"""The Bomb counts as two skulls (Special Tiles)."""


class Tile(IdentityEnum):
    """The kinds of tile."""

    FOOD = "food"
    SKULL = "skull"
    BIRDHOUSE = "birdhouse"
    BOMB = "bomb"
    AGAIN = "again"
    SLEEPY = "sleepy"
    LOVE = "love"
    CAT = "cat"


TILE_ORDER: Final = tuple(Tile)
"""The canonical order of tile kinds (chance outcomes and actions list them this way)."""
TILE_INDEX: Final = {tile: index for index, tile in enumerate(TILE_ORDER)}
"""Tile -> its place in :data:`TILE_ORDER` (and in :meth:`Tiles.counts`)."""

_FIELD: Final = {tile: tile.value for tile in Tile}
"""Tile -> the :class:`Tiles` field counting it (``Enum.value`` is slow to look up)."""


class Tiles(Value, frozen=True):
    """A multiset of tiles: a count per kind (the sack, a hand, a player's pile)."""

    food: int = 0
    """Food tiles (the tie-break counts them)."""
    skull: int = 0
    """Skull tiles (one skull each)."""
    birdhouse: int = 0
    """The birdhouse (food in the tie-break only under reading SOD-A11 ``food``)."""
    bomb: int = 0
    """Bombs (two skulls each)."""
    again: int = 0
    """Again tiles (flip once more)."""
    sleepy: int = 0
    """Sleepy Squirrels (skip your next turn)."""
    love: int = 0
    """Squirrel Love tiles (one more life each)."""
    cat: int = 0
    """Confused Cats (a skull for the player it is given to)."""

    def count(self, tile: Tile) -> int:
        """How many tiles of kind ``tile``."""
        return COUNT[tile](self)

    def counts(self) -> tuple[int, ...]:
        """The count of every kind, in :data:`TILE_ORDER`."""
        return msgspec.structs.astuple(self)

    def total(self) -> int:
        """How many tiles in all."""
        return (
            self.food + self.skull + self.birdhouse + self.bomb
            + self.again + self.sleepy + self.love + self.cat
        )  # fmt: skip

    def add(self, tile: Tile, n: int = 1) -> Tiles:
        """A copy with ``n`` more of ``tile`` (``n`` may be negative)."""
        return ADD[tile](self, n)

    def kinds(self) -> tuple[Tile, ...]:
        """The kinds present, in canonical order."""
        return tuple(
            tile for tile, count in zip(TILE_ORDER, self.counts(), strict=True) if count > 0
        )

    def skulls(self) -> int:
        """Skull-equivalents in this pile: skulls, two per Bomb, one per Confused Cat."""
        return self.skull + BOMB_SKULLS * self.bomb + self.cat

    def minus(self, other: Tiles) -> Tiles:
        """The pile without ``other`` (counts may go negative; callers validate)."""
        return Tiles(*(a - b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def plus(self, other: Tiles) -> Tiles:
        """The union of two piles."""
        return Tiles(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))


_replace = msgspec.structs.replace

COUNT: Final[dict[Tile, Callable[[Tiles], int]]] = {
    tile: operator.attrgetter(field) for tile, field in _FIELD.items()
}
"""Tile -> how many of it a pile holds (the rules' fast path of :meth:`Tiles.count`)."""

ADD: Final[dict[Tile, Callable[[Tiles, int], Tiles]]] = {
    # One function per field: a keyword spelled out is several times faster than a
    # ``**{field: ...}`` built per call, and the rules add and remove tiles every step.
    Tile.FOOD: lambda p, n: _replace(p, food=p.food + n),
    Tile.SKULL: lambda p, n: _replace(p, skull=p.skull + n),
    Tile.BIRDHOUSE: lambda p, n: _replace(p, birdhouse=p.birdhouse + n),
    Tile.BOMB: lambda p, n: _replace(p, bomb=p.bomb + n),
    Tile.AGAIN: lambda p, n: _replace(p, again=p.again + n),
    Tile.SLEEPY: lambda p, n: _replace(p, sleepy=p.sleepy + n),
    Tile.LOVE: lambda p, n: _replace(p, love=p.love + n),
    Tile.CAT: lambda p, n: _replace(p, cat=p.cat + n),
}
"""Tile -> a pile with ``n`` more of it (the rules' fast path of :meth:`Tiles.add`)."""
