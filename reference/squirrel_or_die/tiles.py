"""Squirrel or Die's tiles: the kinds and the multiset of tiles."""

from __future__ import annotations

import enum
from typing import Final

import msgspec

from dieproof.reference.core.types import Value

BOMB_SKULLS: Final = 2
"""The Bomb counts as two skulls (Special Tiles)."""


class Tile(enum.Enum):
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


class Tiles(Value, frozen=True):
    """A multiset of tiles: a count per kind (the sack, a hand, a player's pile)."""

    food: int = 0
    skull: int = 0
    birdhouse: int = 0
    bomb: int = 0
    again: int = 0
    sleepy: int = 0
    love: int = 0
    cat: int = 0

    def count(self, tile: Tile) -> int:
        """How many tiles of kind ``tile``."""
        return int(getattr(self, tile.value))

    def total(self) -> int:
        """How many tiles in all."""
        return (
            self.food + self.skull + self.birdhouse + self.bomb
            + self.again + self.sleepy + self.love + self.cat
        )  # fmt: skip

    def add(self, tile: Tile, n: int = 1) -> Tiles:
        """A copy with ``n`` more of ``tile`` (``n`` may be negative)."""
        return msgspec.structs.replace(self, **{tile.value: self.count(tile) + n})

    def kinds(self) -> tuple[Tile, ...]:
        """The kinds present, in canonical order."""
        return tuple(tile for tile in TILE_ORDER if self.count(tile) > 0)

    def skulls(self) -> int:
        """Skull-equivalents in this pile: skulls, two per Bomb, one per Confused Cat."""
        return self.skull + BOMB_SKULLS * self.bomb + self.cat

    def minus(self, other: Tiles) -> Tiles:
        """The pile without ``other`` (counts may go negative; callers validate)."""
        return Tiles(**{t.value: self.count(t) - other.count(t) for t in TILE_ORDER})

    def plus(self, other: Tiles) -> Tiles:
        """The union of two piles."""
        return Tiles(**{t.value: self.count(t) + other.count(t) for t in TILE_ORDER})
