"""Squirrel or Die's components: the tiles in the box.

The rulebook names the tile kinds and fixes how many tiles each player count removes,
but not how many of each kind the box holds. The publisher gives 28 tiles in all. The
split below is dieproof's provisional default (ambiguity SOD-A1): it has exactly 28
tiles, honours every removal count of the rulebook (at least 6 skulls and 5 food), and
leaves 25 tiles for 3 or 4 players and 16 for 2. A user with the printed box supplies
its counts as the config's ``tiles``.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles

BOX_TOTAL: Final = 28
"""Tiles in the box. Source: the publisher's component list (see CONTENT-SOURCES)."""

DEFAULT_TILES: Final = Tiles(
    food=12,  # provisional: rulebook gives no count; needs >= 6 (2-player birdhouse variant)
    skull=10,  # provisional: rulebook gives no count; needs >= 6 (2-player removal)
    birdhouse=1,  # rulebook: "the birdhouse" (one tile), Setup and Variant One
    bomb=1,  # rulebook names one Bomb (Special Tiles); count provisional
    again=1,  # rulebook names one Again tile (Special Tiles); count provisional
    sleepy=1,  # rulebook names one Sleepy Squirrel (Special Tiles); count provisional
    love=1,  # rulebook names one Squirrel Love (Special Tiles); count provisional
    cat=1,  # rulebook names one Confused Cat (Special Tiles); count provisional
)
"""The provisional box composition: 12 food, 10 skulls, the birdhouse and one of each
special tile (SOD-A1)."""

SOURCES: Final[dict[Tile, str]] = {
    Tile.FOOD: "provisional",
    Tile.SKULL: "provisional",
    Tile.BIRDHOUSE: "rulebook",
    Tile.BOMB: "provisional",
    Tile.AGAIN: "provisional",
    Tile.SLEEPY: "provisional",
    Tile.LOVE: "provisional",
    Tile.CAT: "provisional",
}
"""Where each count of :data:`DEFAULT_TILES` comes from."""
