"""Squirrel or Die's contract with other implementations: the canonical order of the
legal actions of every kind, the conventions of the state's JSON, and when each chance
step comes. The oracle guide and the JSON Schemas show it (see
:class:`~dieproof.reference.core.game.Contract`); each order below is what
:func:`~dieproof.reference.squirrel_or_die.rules.legal_actions` and
:func:`~dieproof.reference.squirrel_or_die.rules.chance_outcomes` produce, and the tests
in ``tests/test_oracle_contract.py`` check the places these sentences name.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Contract

TILE_KINDS: Final = "food, skull, birdhouse, bomb, again, sleepy, love, cat"
"""The canonical order of tile kinds, as the sentences below name it."""

CONTRACT: Final = Contract(
    decisions=(
        "Only one kind of action is open at a time: the one the state's `step` names "
        "(`place`, `swap`, `take`, `hide`, `gather`, `flip` or `give`); at `deal` and "
        "`draw` chance moves (`draw` outcomes)."
    ),
    orders={
        "draw": (
            "At a `deal` or `draw` step: one outcome per kind of tile left in the sack "
            f"(`bag`), in tile-kind order ({TILE_KINDS}), with probability count / tiles "
            "in the sack."
        ),
        "place": (
            "At a `place` step: every empty place orthogonally next to a tile of the "
            "shared patch that keeps the grid within the limit (4 rows and 4 columns with "
            "two players, else 5) in each direction, sorted by (row, col)."
        ),
        "swap": (
            "At a `swap` step: for each kind of tile in the current player's hand "
            "(tile-kind order), each face-up tile of the shared patch sorted by "
            "(row, col)."
        ),
        "take": (
            "At a `take` step (birdhouse variant): each face-up tile of the shared patch "
            "except the birdhouse landmark, sorted by (row, col)."
        ),
        "hide": (
            "At a `hide` step: for each kind of tile in the current player's hand "
            "(tile-kind order), each place open as for `place`, sorted by (row, col)."
        ),
        "gather": (
            "At a `gather` step (Reverse or Die): for each kind of tile left in the middle "
            "(`bag`, tile-kind order), each empty place orthogonally next to a tile of the "
            "player's own patch, without a limit ((0, 0) while the patch is empty), "
            "sorted by (row, col)."
        ),
        "flip": (
            "At a `flip` step: every face-down tile, by patch index, then by (row, col) "
            "within the patch."
        ),
        "give": (
            "At a `give` step: every seat but the current one, ascending; only players "
            "still in the game under reading SOD-A9 `standing` (the default), any under "
            "`any`."
        ),
    },
    conventions=(
        (
            "seats",
            "Players are seats 0 to players - 1 in turn order; the turn passes from seat s "
            "to seat s + 1 (mod players). `current` is the seat to move (the seat being "
            "dealt to during setup).",
        ),
        (
            "places",
            "A place is an integer (row, col) pair relative to the patch's first tile at "
            "(0, 0); rows and columns may be negative. Neighbours are orthogonal only: "
            "(row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col). The grid "
            "limit counts the rows and the columns a patch spans.",
        ),
        (
            "patches",
            "`patches` holds one shared patch (the basic game, the birdhouse variant) or "
            "one per seat (Reverse or Die). A patch is an array of cells sorted by "
            "(row, col) ascending, each place at most once; a cell names its tile even "
            "face down (the referee sees everything).",
        ),
        (
            "the starting grid",
            "The deal fills (0, 0) face down (the secret tile), then (0, 1), (1, 0) and "
            "(1, 1) face up, one tile per chance step. In the birdhouse variant the "
            "birdhouse already lies face up at (0, 0) and the deal fills (0, 1), (1, 0), "
            "(1, 1).",
        ),
        (
            "piles",
            "The sack (`bag`; in Reverse or Die the tiles in the middle), each hand and "
            "each collected pile is a multiset: an object with a count for every tile "
            f"kind ({TILE_KINDS}), every key present, zeros included.",
        ),
        (
            "bookkeeping",
            "`held` is the drawn tile between `draw` and `place`, or the flipped Confused "
            "Cat between `flip` and `give`, else null. `last_autumn` is the seat that took "
            "the last Autumn turn (-1 before Winter): under reading SOD-A6 `next` Winter "
            "starts with the seat after it. `result` is null until the game is over.",
        ),
    ),
    chance=(
        (
            "the deal (`deal`, basic game and birdhouse variant)",
            "Setup: first the starting grid, one tile per step in the order of its cells; "
            "then the hands, one tile per step: seat `first_player` is dealt its three "
            "tiles first, then the next seat in turn order, and so on. After the last "
            "hand tile Autumn starts with `first_player`.",
        ),
        (
            "the draw (`draw`)",
            "At the start of every Autumn turn while the sack holds tiles: the current "
            "player draws one, and then places it (`place`). Once the sack is empty, "
            "Autumn turns have no chance step. Reverse or Die has no chance step at all.",
        ),
    ),
)
"""Squirrel or Die's orders and conventions."""
