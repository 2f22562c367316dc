"""Squirrel or Die: constants and value types (states, actions, configs)."""

from __future__ import annotations

from typing import Final, Literal

from dieproof.reference.core.types import Action, Config, IdentityEnum, Result, State, Value
from dieproof.reference.squirrel_or_die.content import DEFAULT_TILES
from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles

# -- constants the rulebook fixes -------------------------------------------------------

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
HAND_SIZE: Final = 3
"""Tiles each player draws at setup and keeps in hand through Autumn (Setup step 4)."""
START_GRID: Final = 4
"""The 2x2 starting grid (Setup step 2)."""
LIVES: Final = 3
"""Skulls that take a player out (Game Over)."""


def grid_side(players: int) -> int:
    """The grid's limit in each direction: 4 for two players, else 5 (Autumn step 1)."""
    return 4 if players == 2 else 5


class Variant(IdentityEnum):
    """The basic game and the rulebook's two variants."""

    BASIC = "basic"
    BIRDHOUSE = "birdhouse"
    """Variant One: the birdhouse is a face-up landmark; take a face-up tile, hide one."""
    REVERSE = "reverse"
    """Variant Two, Reverse or Die: every tile face up in the middle, private patches."""


class Readings(Value, frozen=True):
    """The chosen reading of every selectable ambiguity (see the ambiguity log)."""

    winter_start: Literal["next", "first"] = "next"
    """SOD-A6: who flips first in Winter: the player after the last Autumn turn, or the
    player who went first in Autumn."""
    cat_recipient: Literal["standing", "any"] = "standing"
    """SOD-A9: the Confused Cat goes to another player still in the game, or to any
    other player, eliminated ones included."""
    birdhouse_tiebreak: Literal["not_food", "food"] = "not_food"
    """SOD-A11: in the food tie-break, the birdhouse does not count, or counts as food."""


class SodConfig(Config, frozen=True):
    """A game of Squirrel or Die.

    The default configuration plays dieproof's provisional tile mix (SOD-A1): the
    rulebook prints no composition, so 14 food, 8 skulls and one each of the Bomb,
    Again, the Sleepy Squirrel, Squirrel Love and the Confused Cat are placeholders
    (the birdhouse, one tile, and the box's 28 tiles are sourced). Supply a printed
    box's counts as ``tiles``.
    """

    players: int = 4
    """2, 3 or 4."""
    variant: Variant = Variant.BASIC
    """The basic game or one of the variants."""
    first_player: int = 0
    """The seat that goes first (the rulebook leaves this to the table: Setup step 3)."""
    tiles: Tiles = DEFAULT_TILES
    """The box's tiles before the player-count removal. The default is provisional
    (SOD-A1): 14 food, 8 skulls, the birdhouse and one of each special tile, a mix that
    keeps every rule, the tie included, reachable; a printed box's counts go here."""
    readings: Readings = Readings()
    """The reading of each selectable ambiguity."""


class Phase(IdentityEnum):
    """Where the game is."""

    SETUP = "setup"
    AUTUMN = "autumn"
    WINTER = "winter"
    OVER = "over"


class Step(IdentityEnum):
    """What the current node waits for."""

    DEAL = "deal"
    """Chance: the next setup tile (the starting grid, then the hands)."""
    DRAW = "draw"
    """Chance: the current player draws a tile from the sack (Autumn step 1)."""
    PLACE = "place"
    """The current player places the drawn tile face up (Autumn step 1)."""
    SWAP = "swap"
    """The current player swaps a hand tile face down for a face-up tile (Autumn step 2)."""
    TAKE = "take"
    """Birdhouse variant: the current player takes a face-up tile into hand."""
    HIDE = "hide"
    """The current player places a hand tile face down in a new place."""
    GATHER = "gather"
    """Reverse or Die: the current player moves a middle tile into their own patch."""
    FLIP = "flip"
    """Winter: the current player flips a face-down tile."""
    GIVE = "give"
    """Winter: the current player gives the Confused Cat to another player."""
    NONE = "none"
    """The game is over."""


class Cell(Value, frozen=True):
    """One tile on the table."""

    row: int
    """The row of its place. Places are integer (row, col) pairs relative to the first
    tile of the patch at (0, 0); rows and columns may be negative, neighbours are
    orthogonal: (row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)."""
    col: int
    """The column of its place (see ``row``)."""
    tile: Tile
    """The tile lying there (known to the referee even when face down)."""
    face_up: bool
    """Whether it lies face up."""


Patch = tuple[Cell, ...]
"""Tiles laid out together, sorted by (row, col). The basic game and the birdhouse
variant have one shared patch; Reverse or Die has one per player."""


class SodState(State, frozen=True, dict=True):
    """A Squirrel or Die position, hidden tiles included (the referee sees everything)."""

    # Beside its fields, a state may carry derived data that the rules computed from them
    # (the patches as bitmasks: dieproof.reference.squirrel_or_die.board.layout). It lives
    # in the instance __dict__, outside the fields: never encoded, compared or hashed, and
    # recomputed from the fields when absent (a state decoded from JSON). Kept out of the
    # docstring, which is the schema's description for implementers.

    config: SodConfig
    """The game being played (with the default box filled in)."""
    phase: Phase
    """Setup, Autumn, Winter, or over."""
    step: Step
    """What the node waits for: a chance draw (``deal``, ``draw``) or the current
    player's decision of that kind."""
    current: int
    """The seat whose turn it is (the dealing seat during setup)."""
    bag: Tiles
    """The sack; in Reverse or Die, the face-up tiles in the middle."""
    hands: tuple[Tiles, ...]
    """Each player's hidden hand."""
    held: Tile | None
    """A tile between two steps: the drawn tile before it is placed, or a flipped
    Confused Cat before it is given away."""
    patches: tuple[Patch, ...]
    """The tiles on the table: one shared patch in the basic game and the birdhouse
    variant (``patches[0]``), one per player in Reverse or Die (``patches[p]`` is seat
    ``p``'s). Each patch lists its cells sorted by (row, col), no place twice."""
    collected: tuple[Tiles, ...]
    """The tiles each player has flipped in Winter or been given."""
    out: tuple[bool, ...]
    """Players who are out of the game."""
    sleeping: tuple[bool, ...]
    """Players who will skip their next turn (the Sleepy Squirrel)."""
    last_autumn: int = -1
    """The seat that took the last Autumn turn (SOD-A6), -1 before Winter."""
    result: Result | None = None
    """How the game ended, once it has."""


# -- actions ------------------------------------------------------------------------------


class Draw(Action, frozen=True, tag="draw"):
    """Chance: a tile comes out of the sack."""

    tile: Tile
    """The kind of tile drawn."""


class Place(Action, frozen=True, tag="place"):
    """Place the drawn tile face up at (row, col)."""

    row: int
    """The row of the place (see Cell)."""
    col: int
    """The column of the place."""


class Swap(Action, frozen=True, tag="swap"):
    """Put a hand tile of kind ``tile`` face down where the face-up tile at (row, col)
    lies, and take that tile into hand."""

    tile: Tile
    """The kind of hand tile put face down."""
    row: int
    """The row of the face-up tile taken."""
    col: int
    """The column of the face-up tile taken."""


class Take(Action, frozen=True, tag="take"):
    """Birdhouse variant: take the face-up tile at (row, col) into hand."""

    row: int
    """The row of the face-up tile taken."""
    col: int
    """The column of the face-up tile taken."""


class Hide(Action, frozen=True, tag="hide"):
    """Place a hand tile of kind ``tile`` face down at the empty place (row, col)."""

    tile: Tile
    """The kind of hand tile placed."""
    row: int
    """The row of the empty place."""
    col: int
    """The column of the empty place."""


class Gather(Action, frozen=True, tag="gather"):
    """Reverse or Die: take a ``tile`` from the middle and put it face down at (row, col)
    of one's own patch."""

    tile: Tile
    """The kind of middle tile taken."""
    row: int
    """The row of the empty place in one's own patch."""
    col: int
    """The column of the empty place in one's own patch."""


class Flip(Action, frozen=True, tag="flip"):
    """Winter: flip the face-down tile at (row, col) of patch ``patch``."""

    patch: int
    """The index of the patch in ``patches`` (0 unless in Reverse or Die, where it is
    the owner's seat)."""
    row: int
    """The row of the face-down tile."""
    col: int
    """The column of the face-down tile."""


class Give(Action, frozen=True, tag="give"):
    """Winter: give the flipped Confused Cat to ``player``."""

    player: int
    """The seat that receives it."""


SodAction = Draw | Place | Swap | Take | Hide | Gather | Flip | Give
"""Every Squirrel or Die action; :class:`Draw` is chance's."""

ACTION_TYPES: Final = (Draw, Place, Swap, Take, Hide, Gather, Flip, Give)
