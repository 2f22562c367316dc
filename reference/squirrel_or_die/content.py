"""Squirrel or Die's components: the tiles in the box.

The rulebook names the tile kinds and fixes how many tiles each player count removes,
but not how many of each kind the box holds. The publisher gives 28 tiles in all. The
split below is dieproof's provisional default (ambiguity SOD-A1): it has exactly 28
tiles, honours every removal count of the rulebook (at least 6 skulls and 5 food, 6 food
for the two-player birdhouse variant), and leaves 25 tiles for 3 or 4 players and 16 for
2. A user with the printed box supplies its counts as the config's ``tiles``.

Why 14 food and 8 skulls: every rule of the rulebook must be reachable under the default
box, the tie rule (SOD-END-2) included. A tie needs two players still in when the last
face-down tile is flipped, each short of their lives, so the skull-equivalents in play
(skulls, two per Bomb, one for the Confused Cat) must fall at least two short of the
players' lives (three each, one more for Squirrel Love). With two players, whose removal
takes out six skulls, that allows at most 8 skulls in the box; 8 is the most that keeps
the tie reachable at every player count, and the secondary source's 14 food (see SOD-A1)
fills the rest. Under random play a tie then ends roughly 15% (two players) to 50% (four
players) of games; the rulebook calls a tie unlikely, which suggests the printed box has
more skulls, but no public source says how many.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles

BOX_TOTAL: Final = 28
"""Tiles in the box. Source: the publisher's component list (see CONTENT-SOURCES)."""

DEFAULT_TILES: Final = Tiles(
    food=14,  # provisional: rulebook gives no count; needs >= 6 (2-player birdhouse variant)
    skull=8,  # provisional: rulebook gives no count; needs >= 6 (2-player removal), <= 8 (tie)
    birdhouse=1,  # rulebook: "the birdhouse" (one tile), Setup and Variant One
    bomb=1,  # rulebook names one Bomb (Special Tiles); count provisional
    again=1,  # rulebook names one Again tile (Special Tiles); count provisional
    sleepy=1,  # rulebook names one Sleepy Squirrel (Special Tiles); count provisional
    love=1,  # rulebook names one Squirrel Love (Special Tiles); count provisional
    cat=1,  # rulebook names one Confused Cat (Special Tiles); count provisional
)
"""The provisional box composition: 14 food, 8 skulls, the birdhouse and one of each
special tile (SOD-A1); 8 skulls keep the tie rule reachable at every player count."""

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
