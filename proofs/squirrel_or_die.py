"""Squirrel or Die in z3: the abstract model, its invariants, and the abstraction function.

The model counts tiles where they are (sack, hands, held, table, piles), tracks the
grid's span, and each seat's skulls, lives and status; it knows nothing of positions or
tile kinds beyond what the invariants need. Transitions are relations (the rules leave
choices: which seat draws, which tile is flipped), each with its guard and effect;
quantities a transition does not mention are unconstrained, so every transition says
what it keeps. Constants come from the reference (STYLE habit 7), never restated.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Literal

import z3

from dieproof.proofs.compile import CompiledModel
from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.model import (
    Abstract,
    Goal,
    Model,
    Named,
    Property,
    Sort,
    Transition,
    Vars,
    WrongEncoding,
)
from dieproof.reference.core import chance
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Config, State
from dieproof.reference.squirrel_or_die import GAME, rules
from dieproof.reference.squirrel_or_die.tiles import BOMB_SKULLS
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    LIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Phase,
    SodAction,
    SodConfig,
    SodState,
    Step,
    Variant,
    grid_side,
)

SEATS = range(MAX_PLAYERS)
"""The model has a slot per possible seat; ``seat[i]`` says whether seat i plays."""

SETUP, AUTUMN, WINTER, OVER = 0, 1, 2, 3
PHASE_NUMBER = {Phase.SETUP: SETUP, Phase.AUTUMN: AUTUMN, Phase.WINTER: WINTER, Phase.OVER: OVER}

PER_SEAT_INT = ("hand", "skulls", "lives")
PER_SEAT_BOOL = ("seat", "out", "win")


def _variables() -> dict[str, Sort]:
    names: dict[str, Sort] = {
        "n": "int",
        "limited": "bool",
        "side": "int",
        "total": "int",
        "landmark": "int",
        "phase": "int",
        "cur": "int",
        "taking": "bool",
        "width": "int",
        "height": "int",
        "bag": "int",
        "held": "int",
        "board": "int",
        "faceup": "int",
        "facedown": "int",
        "collected": "int",
        "standing": "int",
        "finished": "bool",
        "winners": "int",
    }
    for i in SEATS:
        for name in PER_SEAT_INT:
            names[f"{name}[{i}]"] = "int"
        for name in PER_SEAT_BOOL:
            names[f"{name}[{i}]"] = "bool"
    return names


VARIABLES = _variables()

DESCRIPTIONS: dict[str, str] = {
    "n": "players at the table",
    "limited": "whether there is a shared grid with a limit (not Reverse or Die)",
    "side": "the grid limit: 5, or 4 with two players",
    "total": "tiles in the game after the setup removal",
    "landmark": "1 when the birdhouse variant's landmark is on the grid",
    "phase": "0 setup, 1 Autumn, 2 Winter, 3 over",
    "cur": "the seat whose turn it is",
    "taking": "a birdhouse-variant turn between its take and its hide",
    "width": "the shared grid's span in columns",
    "height": "the shared grid's span in rows",
    "bag": "tiles in the sack (the middle, in Reverse or Die)",
    "held": "a tile between two steps: drawn, or a flipped Confused Cat",
    "board": "tiles on the table",
    "faceup": "face-up tiles on the table, the landmark excepted",
    "facedown": "face-down tiles on the table",
    "collected": "tiles in the players' piles",
    "standing": "players still in",
    "finished": "the game is over",
    "winners": "how many players won",
    **{f"hand[{i}]": f"tiles in seat {i}'s hand" for i in SEATS},
    **{f"skulls[{i}]": f"seat {i}'s skull-equivalents" for i in SEATS},
    **{f"lives[{i}]": f"skulls that put seat {i} out" for i in SEATS},
    **{f"seat[{i}]": f"seat {i} is at the table" for i in SEATS},
    **{f"out[{i}]": f"seat {i} is out" for i in SEATS},
    **{f"win[{i}]": f"seat {i} won" for i in SEATS},
}

CONSTANTS = ("n", "side", "total", "landmark")
CONSTANT_FLAGS = ("limited",)

Defect = Literal[
    "none",
    "grid-limit-off-by-one",
    "swap-keeps-face-up",
    "take-forgets-the-turn",
    "flip-loses-tile",
    "out-never-set",
    "no-end-at-one-standing",
    "cat-removes-a-skull",
]
"""A transition's planted defect: ``"none"`` in the model, one of the others in exactly
one wrong encoding each, so a wrong encoding differs from the model in one place."""


# -- small vocabulary -------------------------------------------------------------------


def _i(v: Vars, name: str, seat: int) -> z3.ArithRef:
    return v.num(f"{name}[{seat}]")


def _b(v: Vars, name: str, seat: int) -> z3.BoolRef:
    return v.flag(f"{name}[{seat}]")


def _count(terms: Iterable[z3.BoolRef]) -> z3.ArithRef:
    return z3.Sum(*(z3.If(t, z3.IntVal(1), z3.IntVal(0)) for t in terms))


def _hands(v: Vars) -> z3.ArithRef:
    return z3.Sum(*(_i(v, "hand", i) for i in SEATS))


def _standing(v: Vars, seat: int) -> z3.BoolRef:
    return z3.And(_b(v, "seat", seat), z3.Not(_b(v, "out", seat)))


def _keep(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    """``name' = name`` for each name, whatever its sort."""
    kept: list[z3.BoolRef] = []
    for name in names:
        if VARIABLES[name] == "int":
            kept.append(w.num(name) == v.num(name))
        else:
            kept.append(w.flag(name) == v.flag(name))
    return kept


def _keep_seat(v: Vars, w: Vars, seat: int, *names: str) -> list[z3.BoolRef]:
    return _keep(v, w, *(f"{name}[{seat}]" for name in names))


def _others_kept(v: Vars, w: Vars, seat: int, *names: str) -> list[z3.BoolRef]:
    """Every seat but ``seat`` keeps ``names``."""
    return [z3.And(*_keep_seat(v, w, j, *names)) for j in SEATS if j != seat]


def _frame(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """What no transition changes: the table's size and the seats."""
    return [
        *_keep(v, w, *CONSTANTS, *CONSTANT_FLAGS),
        *(_b(w, "seat", i) == _b(v, "seat", i) for i in SEATS),
    ]


def _players_kept(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """Autumn and setup leave every seat's skulls, lives, status and wins alone."""
    kept = _keep(v, w, "standing", "finished", "winners", "collected")
    for i in SEATS:
        kept += _keep_seat(v, w, i, "skulls", "lives", "out", "win")
    return kept


def _hands_kept(v: Vars, w: Vars, *, but: int | None = None) -> list[z3.BoolRef]:
    return [_i(w, "hand", i) == _i(v, "hand", i) for i in SEATS if i != but]


def _span_grows(v: Vars, w: Vars, slack: int = 0) -> list[z3.BoolRef]:
    """A new tile widens the grid by at most one, and never past the limit (the rule's
    guard, SOD-AUTUMN-1); ``slack`` loosens the limit for a wrong encoding."""
    side = v.num("side") + slack
    return [
        w.num("width") >= v.num("width"),
        w.num("width") <= v.num("width") + 1,
        w.num("height") >= v.num("height"),
        w.num("height") <= v.num("height") + 1,
        z3.Implies(v.flag("limited"), w.num("width") <= side),
        z3.Implies(v.flag("limited"), w.num("height") <= side),
    ]


def _span_kept(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return _keep(v, w, "width", "height")


def _autumn_or_winter(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """Autumn goes on, or ends with every tile face down (SOD-AUTUMN-5)."""
    winter_ready = z3.And(
        w.num("bag") == 0, w.num("held") == 0, w.num("faceup") == 0, _hands(w) == 0
    )
    return [
        z3.Or(w.num("phase") == AUTUMN, w.num("phase") == WINTER),
        z3.Implies(w.num("phase") == WINTER, winter_ready),
        z3.Implies(w.num("phase") == WINTER, z3.Or(*(_is_cur_standing(w, i) for i in SEATS))),
    ]


def _is_cur_standing(v: Vars, seat: int) -> z3.BoolRef:
    return z3.And(v.num("cur") == seat, _standing(v, seat))


def _winter_end(v: Vars, w: Vars, defect: Defect = "none") -> list[z3.BoolRef]:
    """After a flip resolves: the end checks of SOD-END-1 and SOD-END-2, else the turn
    passes to a player still in."""
    alone = w.num("standing") == 1 if defect != "no-end-at-one-standing" else z3.BoolVal(False)
    tie = z3.And(w.num("standing") >= 2, w.num("facedown") == 0, w.num("held") == 0)
    return [
        w.num("winners") == _count(_b(w, "win", i) for i in SEATS),
        w.flag("finished") == z3.Or(alone, tie),
        w.num("phase") == z3.If(w.flag("finished"), z3.IntVal(OVER), z3.IntVal(WINTER)),
        z3.Implies(alone, z3.And(*(_b(w, "win", i) == _standing(w, i) for i in SEATS))),
        z3.Implies(
            tie,
            z3.And(
                w.num("winners") >= 1,
                *(z3.Implies(_b(w, "win", i), _standing(w, i)) for i in SEATS),
            ),
        ),
        z3.Implies(
            z3.Not(w.flag("finished")),
            z3.And(
                w.num("winners") == 0,
                *(z3.Not(_b(w, "win", i)) for i in SEATS),
                z3.Or(*(_is_cur_standing(w, i) for i in SEATS)),
            ),
        ),
        w.flag("taking") == z3.BoolVal(False),
    ]


# -- init, invariants, properties -------------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains: seats, the grid limit, the tile total and the landmark follow from the
    config (SOD-SETUP-1, SOD-AUTUMN-1)."""
    n = v.num("n")
    return z3.And(
        n >= MIN_PLAYERS,
        n <= MAX_PLAYERS,
        *(_b(v, "seat", i) == (n > i) for i in SEATS),
        v.num("side") == z3.If(n == 2, z3.IntVal(grid_side(2)), z3.IntVal(grid_side(4))),
        v.num("total") == v.num("side") * v.num("side"),
        z3.Or(v.num("landmark") == 0, v.num("landmark") == 1),
        z3.Implies(z3.Not(v.flag("limited")), v.num("landmark") == 0),
        v.num("phase") >= SETUP,
        v.num("phase") <= OVER,
        v.num("cur") >= 0,
        v.num("cur") < n,
    )


def init(v: Vars) -> z3.BoolRef:
    """The table before the first draw (SOD-SETUP-2; SOD-REV-1; SOD-BIRD-1)."""
    return z3.And(
        z3.If(v.flag("limited"), v.num("phase") == SETUP, v.num("phase") == AUTUMN),
        v.num("bag") == v.num("total") - v.num("landmark"),
        v.num("board") == v.num("landmark"),
        v.num("width") == v.num("landmark"),
        v.num("height") == v.num("landmark"),
        v.num("held") == 0,
        v.num("faceup") == 0,
        v.num("facedown") == 0,
        v.num("collected") == 0,
        v.num("standing") == v.num("n"),
        v.num("winners") == 0,
        z3.Not(v.flag("finished")),
        z3.Not(v.flag("taking")),
        *(
            z3.And(
                _i(v, "hand", i) == 0,
                _i(v, "skulls", i) == 0,
                _i(v, "lives", i) == LIVES,
                z3.Not(_b(v, "out", i)),
                z3.Not(_b(v, "win", i)),
            )
            for i in SEATS
        ),
    )


def inv_grid(v: Vars) -> z3.BoolRef:
    """SOD-INV-GRID: the shared grid stays within its limit in both directions."""
    return z3.And(
        v.num("width") >= 0,
        v.num("height") >= 0,
        z3.Implies(
            v.flag("limited"),
            z3.And(v.num("width") <= v.num("side"), v.num("height") <= v.num("side")),
        ),
    )


def inv_tiles(v: Vars) -> z3.BoolRef:
    """SOD-INV-TILES: every tile is somewhere, exactly once."""
    pools = ("bag", "held", "board", "faceup", "facedown", "collected")
    return z3.And(
        *(v.num(p) >= 0 for p in pools),
        v.num("held") <= 1,
        v.num("board") == v.num("faceup") + v.num("facedown") + v.num("landmark"),
        v.num("bag") + v.num("held") + _hands(v) + v.num("board") + v.num("collected")
        == v.num("total"),
    )


def inv_out(v: Vars) -> z3.BoolRef:
    """SOD-INV-OUT: out exactly when skulls reach lives; counts in their domains."""
    return z3.And(
        *(
            z3.If(
                _b(v, "seat", i),
                z3.And(
                    _i(v, "skulls", i) >= 0,
                    _i(v, "lives", i) >= LIVES,
                    _b(v, "out", i) == (_i(v, "skulls", i) >= _i(v, "lives", i)),
                ),
                z3.And(
                    _i(v, "skulls", i) == 0,
                    _i(v, "lives", i) == LIVES,
                    z3.Not(_b(v, "out", i)),
                ),
            )
            for i in SEATS
        )
    )


def inv_hand(v: Vars) -> z3.BoolRef:
    """SOD-INV-HAND: three tiles in hand, four between a take and a hide."""
    return z3.And(
        *(
            z3.And(
                _i(v, "hand", i) >= 0,
                _i(v, "hand", i)
                <= HAND_SIZE
                + z3.If(z3.And(v.flag("taking"), v.num("cur") == i), z3.IntVal(1), z3.IntVal(0)),
                z3.Implies(z3.Not(_b(v, "seat", i)), _i(v, "hand", i) == 0),
            )
            for i in SEATS
        ),
        z3.Implies(v.flag("taking"), v.num("phase") == AUTUMN),
    )


def inv_standing(v: Vars) -> z3.BoolRef:
    """SOD-INV-STANDING: someone is always in; two or more while Winter goes on, and the
    player to flip is one of them."""
    return z3.And(
        v.num("standing") == _count(_standing(v, i) for i in SEATS),
        v.num("standing") >= 1,
        z3.Implies(v.num("phase") <= AUTUMN, v.num("standing") == v.num("n")),
        z3.Implies(
            v.num("phase") == WINTER,
            z3.And(v.num("standing") >= 2, z3.Or(*(_is_cur_standing(v, i) for i in SEATS))),
        ),
    )


def inv_winner(v: Vars) -> z3.BoolRef:
    """SOD-INV-WINNER: over exactly when finished; at least one winner, all still in, and
    exactly one after an elimination."""
    return z3.And(
        v.flag("finished") == (v.num("phase") == OVER),
        v.num("winners") == _count(_b(v, "win", i) for i in SEATS),
        z3.Implies(z3.Not(v.flag("finished")), v.num("winners") == 0),
        z3.Implies(v.flag("finished"), v.num("winners") >= 1),
        z3.Implies(z3.And(v.flag("finished"), v.num("standing") == 1), v.num("winners") == 1),
        *(z3.Implies(_b(v, "win", i), _standing(v, i)) for i in SEATS),
    )


def prop_skulls(v: Vars, w: Vars) -> z3.BoolRef:
    """SOD-INV-SKULLS: no skull count goes down."""
    return z3.And(*(_i(w, "skulls", i) >= _i(v, "skulls", i) for i in SEATS))


def prop_out_stays(v: Vars, w: Vars) -> z3.BoolRef:
    """SOD-INV-OUT-STAYS: out is for good."""
    return z3.And(*(z3.Implies(_b(v, "out", i), _b(w, "out", i)) for i in SEATS))


# -- transitions ------------------------------------------------------------------------


def deal(v: Vars, w: Vars) -> z3.BoolRef:
    """Setup: a tile from the sack to the 2x2 grid or to a hand (SOD-SETUP-2, -4)."""
    to_grid = z3.And(
        w.num("board") == v.num("board") + 1,
        w.num("faceup") + w.num("facedown") == v.num("faceup") + v.num("facedown") + 1,
        w.num("faceup") >= v.num("faceup"),
        w.num("facedown") >= v.num("facedown"),
        w.num("width") <= 2,
        w.num("height") <= 2,
        w.num("width") >= v.num("width"),
        w.num("height") >= v.num("height"),
        *_hands_kept(v, w),
    )
    to_hand = z3.And(
        *_keep(v, w, "board", "faceup", "facedown", "width", "height"),
        z3.Or(
            *(
                z3.And(
                    _b(v, "seat", i),
                    _i(w, "hand", i) == _i(v, "hand", i) + 1,
                    _i(w, "hand", i) <= HAND_SIZE,
                    *_hands_kept(v, w, but=i),
                )
                for i in SEATS
            )
        ),
    )
    return z3.And(
        *_frame(v, w),
        *_players_kept(v, w),
        v.num("phase") == SETUP,
        z3.Or(w.num("phase") == SETUP, w.num("phase") == AUTUMN),
        v.num("bag") >= 1,
        w.num("bag") == v.num("bag") - 1,
        *_keep(v, w, "held"),
        z3.Not(w.flag("taking")),
        z3.Or(to_grid, to_hand),
    )


def _autumn_step(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return [*_frame(v, w), *_players_kept(v, w), v.num("phase") == AUTUMN]


def draw(v: Vars, w: Vars) -> z3.BoolRef:
    """Autumn: a tile from the sack into the drawer's grip (SOD-AUTUMN-1)."""
    return z3.And(
        *_autumn_step(v, w),
        v.num("bag") >= 1,
        v.num("held") == 0,
        z3.Not(v.flag("taking")),
        w.num("bag") == v.num("bag") - 1,
        w.num("held") == 1,
        w.num("phase") == AUTUMN,
        z3.Not(w.flag("taking")),
        *_keep(v, w, "board", "faceup", "facedown", "width", "height", "cur"),
        *_hands_kept(v, w),
    )


def place(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Autumn: the drawn tile goes face up next to the grid, within the limit."""
    slack = 1 if defect == "grid-limit-off-by-one" else 0
    return z3.And(
        *_autumn_step(v, w),
        v.flag("limited"),
        v.num("held") == 1,
        z3.Not(v.flag("taking")),
        w.num("held") == 0,
        w.num("board") == v.num("board") + 1,
        w.num("faceup") == v.num("faceup") + 1,
        w.num("phase") == AUTUMN,
        z3.Not(w.flag("taking")),
        *_span_grows(v, w, slack),
        *_keep(v, w, "bag", "facedown", "cur"),
        *_hands_kept(v, w),
    )


def swap(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Autumn: a hand tile face down for a face-up one; hands keep their size."""
    lifted = 0 if defect == "swap-keeps-face-up" else 1
    return z3.And(
        *_autumn_step(v, w),
        v.flag("limited"),
        v.num("held") == 0,
        v.num("faceup") >= 1,
        w.num("faceup") == v.num("faceup") - lifted,
        w.num("facedown") == v.num("facedown") + 1,
        z3.Not(v.flag("taking")),
        z3.Not(w.flag("taking")),
        *_keep(v, w, "bag", "held", "board"),
        *_span_kept(v, w),
        *_hands_kept(v, w),
        *_autumn_or_winter(v, w),
    )


def take(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Birdhouse variant: a face-up tile into the current hand (SOD-BIRD-2)."""
    marks_turn = defect != "take-forgets-the-turn"
    return z3.And(
        *_autumn_step(v, w),
        v.flag("limited"),
        v.num("held") == 0,
        v.num("faceup") >= 1,
        z3.Not(v.flag("taking")),
        w.flag("taking") == marks_turn,
        w.num("phase") == AUTUMN,
        w.num("faceup") == v.num("faceup") - 1,
        w.num("board") == v.num("board") - 1,
        w.num("width") <= v.num("width"),
        w.num("height") <= v.num("height"),
        w.num("width") >= 1,
        w.num("height") >= 1,
        *_keep(v, w, "bag", "held", "facedown", "cur"),
        z3.Or(
            *(
                z3.And(
                    v.num("cur") == i,
                    _i(w, "hand", i) == _i(v, "hand", i) + 1,
                    *_hands_kept(v, w, but=i),
                )
                for i in SEATS
            )
        ),
    )


def hide(v: Vars, w: Vars) -> z3.BoolRef:
    """Autumn: a hand tile face down in a new place (SOD-AUTUMN-4, SOD-BIRD-2)."""
    return z3.And(
        *_autumn_step(v, w),
        v.flag("limited"),
        v.num("held") == 0,
        z3.Not(w.flag("taking")),
        w.num("board") == v.num("board") + 1,
        w.num("facedown") == v.num("facedown") + 1,
        *_span_grows(v, w),
        *_keep(v, w, "bag", "held", "faceup"),
        z3.Or(
            *(
                z3.And(
                    v.num("cur") == i,
                    _i(v, "hand", i) >= 1,
                    _i(w, "hand", i) == _i(v, "hand", i) - 1,
                    *_hands_kept(v, w, but=i),
                )
                for i in SEATS
            )
        ),
        *_autumn_or_winter(v, w),
    )


def gather(v: Vars, w: Vars) -> z3.BoolRef:
    """Reverse or Die: a middle tile face down into the current player's patch."""
    return z3.And(
        *_autumn_step(v, w),
        z3.Not(v.flag("limited")),
        v.num("bag") >= 1,
        z3.Not(v.flag("taking")),
        w.num("bag") == v.num("bag") - 1,
        w.num("board") == v.num("board") + 1,
        w.num("facedown") == v.num("facedown") + 1,
        z3.Not(w.flag("taking")),
        *_keep(v, w, "held", "faceup", "width", "height"),
        *_hands_kept(v, w),
        *_autumn_or_winter(v, w),
    )


def _winter_step(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return [
        *_frame(v, w),
        v.num("phase") == WINTER,
        z3.Not(v.flag("finished")),
        *_keep(v, w, "bag", "faceup"),
        # Flipping lifts tiles off the grid, so its span can only shrink.
        w.num("width") <= v.num("width"),
        w.num("height") <= v.num("height"),
        w.num("width") >= 0,
        w.num("height") >= 0,
        *_hands_kept(v, w),
    ]


def flip(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Winter: the current player flips a face-down tile (SOD-WINTER-1/2, SOD-SPECIAL-1-4);
    a Confused Cat waits in the grip to be given."""

    def resolve(i: int) -> z3.BoolRef:
        skulls, skulls2 = _i(v, "skulls", i), _i(w, "skulls", i)
        lives, lives2 = _i(v, "lives", i), _i(w, "lives", i)
        gained = skulls2 - skulls
        kept = _others_kept(v, w, i, "skulls", "lives", "out")
        return z3.And(
            _is_cur_standing(v, i),
            *kept,
            z3.Or(
                # The Confused Cat: nothing happens to anyone until it is given.
                z3.And(
                    w.num("held") == 1,
                    *_keep(v, w, "collected", "standing"),
                    *_keep_seat(v, w, i, "skulls", "lives", "out"),
                    w.num("phase") == WINTER,
                    z3.Not(w.flag("finished")),
                    w.num("winners") == 0,
                    *(z3.Not(_b(w, "win", j)) for j in SEATS),
                    w.num("cur") == v.num("cur"),
                    z3.Not(w.flag("taking")),
                ),
                # Any other tile lands in the flipper's pile.
                z3.And(
                    w.num("held") == 0,
                    w.num("collected")
                    == v.num("collected") + (0 if defect == "flip-loses-tile" else 1),
                    gained >= 0,
                    gained <= BOMB_SKULLS,
                    z3.Or(lives2 == lives, z3.And(lives2 == lives + 1, gained == 0)),
                    _b(w, "out", i)
                    == (_b(v, "out", i) if defect == "out-never-set" else skulls2 >= lives2),
                    w.num("standing")
                    == v.num("standing") - z3.If(_b(w, "out", i), z3.IntVal(1), z3.IntVal(0)),
                    *_winter_end(v, w, defect),
                ),
            ),
        )

    return z3.And(
        *_winter_step(v, w),
        v.num("held") == 0,
        v.num("facedown") >= 1,
        w.num("facedown") == v.num("facedown") - 1,
        w.num("board") == v.num("board") - 1,
        z3.Or(*(resolve(i) for i in SEATS)),
    )


def give(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Winter: the Confused Cat to another seat, one skull for them (SOD-SPECIAL-5)."""
    skull = -1 if defect == "cat-removes-a-skull" else 1

    def to(j: int) -> z3.BoolRef:
        newly_out = z3.And(_b(w, "out", j), z3.Not(_b(v, "out", j)))
        return z3.And(
            v.num("cur") != j,
            _b(v, "seat", j),
            _i(w, "skulls", j) == _i(v, "skulls", j) + skull,
            *_keep_seat(v, w, j, "lives"),
            _b(w, "out", j) == (_i(w, "skulls", j) >= _i(w, "lives", j)),
            w.num("standing") == v.num("standing") - z3.If(newly_out, z3.IntVal(1), z3.IntVal(0)),
            *_others_kept(v, w, j, "skulls", "lives", "out"),
        )

    return z3.And(
        *_winter_step(v, w),
        v.num("held") == 1,
        w.num("held") == 0,
        w.num("collected") == v.num("collected") + 1,
        *_keep(v, w, "board", "facedown"),
        z3.Or(*(to(j) for j in SEATS)),
        *_winter_end(v, w),
    )


# -- goals and wrong encodings ----------------------------------------------------------


def goal_elimination(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("finished"), v.num("standing") == 1)


def goal_tie(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("finished"), v.num("standing") >= 2)


def goal_grid_full(v: Vars) -> z3.BoolRef:
    return z3.And(
        v.flag("limited"), v.num("width") == v.num("side"), v.num("height") == v.num("side")
    )


def goal_hand_of_four(v: Vars) -> z3.BoolRef:
    return z3.Or(*(z3.And(v.num("cur") == i, _i(v, "hand", i) == HAND_SIZE + 1) for i in SEATS))


def goal_extra_life(v: Vars) -> z3.BoolRef:
    return z3.Or(*(_i(v, "lives", i) == LIVES + 1 for i in SEATS))


def goal_out(v: Vars) -> z3.BoolRef:
    return z3.Or(*(z3.And(_b(v, "seat", i), _b(v, "out", i)) for i in SEATS))


WRONG_DOCS: dict[Defect, tuple[str, Callable[..., z3.BoolRef], str, str]] = {
    "grid-limit-off-by-one": ("place", place, "SOD-INV-GRID", "the grid may grow to six"),
    "swap-keeps-face-up": ("swap", swap, "SOD-INV-TILES", "the face-up tile stays as well"),
    "take-forgets-the-turn": ("take", take, "SOD-INV-HAND", "a hand of four, unmarked"),
    "flip-loses-tile": ("flip", flip, "SOD-INV-TILES", "the flipped tile lands nowhere"),
    "out-never-set": ("flip", flip, "SOD-INV-OUT", "nobody is ever put out"),
    "no-end-at-one-standing": ("flip", flip, "SOD-INV-STANDING", "play goes on with one left"),
    "cat-removes-a-skull": ("give", give, "SOD-INV-SKULLS", "the cat takes a skull away"),
}
"""Each planted defect: the transition it lives in, the invariant or property that must
refute it, and what is wrong."""


def _wrong(defect: Defect) -> WrongEncoding:
    name, relation, catches, what = WRONG_DOCS[defect]
    broken = partial(relation, defect=defect)
    doc = f"{name}: {what}; {catches} must be refuted"
    return WrongEncoding(defect, doc, lambda m: m.with_transition(name, broken))


WRONG: tuple[WrongEncoding, ...] = tuple(_wrong(defect) for defect in WRONG_DOCS)


MODEL = Model(
    game=GAME.id,
    variables=VARIABLES,
    init=init,
    invariants=(
        Named.of("SOD-INV-GRID", inv_grid),
        Named.of("SOD-INV-TILES", inv_tiles),
        Named.of("SOD-INV-OUT", inv_out),
        Named.of("SOD-INV-HAND", inv_hand),
        Named.of("SOD-INV-STANDING", inv_standing),
        Named.of("SOD-INV-WINNER", inv_winner),
    ),
    transitions=(
        Transition.of("deal", deal),
        Transition.of("draw", draw),
        Transition.of("place", place),
        Transition.of("swap", swap),
        Transition.of("take", take),
        Transition.of("hide", hide),
        Transition.of("gather", gather),
        Transition.of("flip", flip),
        Transition.of("give", give),
    ),
    properties=(
        Property.of("SOD-INV-SKULLS", prop_skulls),
        Property.of("SOD-INV-OUT-STAYS", prop_out_stays),
    ),
    goals=(
        Goal("win-by-elimination", "one squirrel left standing wins", goal_elimination),
        Goal("win-by-tie", "the tiles run out with two or more in", goal_tie),
        Goal("grid-full", "the grid reaches its limit both ways", goal_grid_full),
        Goal("hand-of-four", "a birdhouse-variant hand holds four mid-turn", goal_hand_of_four),
        Goal("extra-life", "Squirrel Love raises a player's lives to four", goal_extra_life),
        Goal("player-out", "a player is out", goal_out),
    ),
    wrong=WRONG,
    background=background,
    descriptions=DESCRIPTIONS,
)
"""The abstract model of Squirrel or Die."""


# -- the abstraction function -----------------------------------------------------------


def abstract(state: State) -> dict[str, int | bool]:
    """The model's view of a reference state."""
    if not isinstance(state, SodState):
        raise TypeError(f"not a Squirrel or Die state: {type(state).__name__}")
    config = state.config
    n = config.players
    limited = config.variant is not Variant.REVERSE
    landmark = 1 if config.variant is Variant.BIRDHOUSE else 0
    height, width = rules.extent(state.patches[0]) if limited else (0, 0)
    cells = [cell for patch in state.patches for cell in patch]
    facedown = sum(1 for cell in cells if not cell.face_up)
    winners = state.result.winners if state.result is not None else ()
    values: dict[str, int | bool] = {
        "n": n,
        "limited": limited,
        "side": grid_side(n),
        "total": rules.game_tiles(config).total(),
        "landmark": landmark,
        "phase": PHASE_NUMBER[state.phase],
        "cur": state.current,
        "taking": config.variant is Variant.BIRDHOUSE
        and state.step is Step.HIDE
        and state.hands[state.current].total() > HAND_SIZE,
        "width": width,
        "height": height,
        "bag": state.bag.total(),
        "held": 0 if state.held is None else 1,
        "board": len(cells),
        "faceup": len(cells) - facedown - landmark,
        "facedown": facedown,
        "collected": sum(pile.total() for pile in state.collected),
        "standing": sum(1 for p in range(n) if not state.out[p]),
        "finished": state.phase is Phase.OVER,
        "winners": len(winners),
    }
    for i in SEATS:
        seated = i < n
        values[f"seat[{i}]"] = seated
        values[f"hand[{i}]"] = state.hands[i].total() if seated else 0
        values[f"skulls[{i}]"] = rules.skulls(state, i) if seated else 0
        values[f"lives[{i}]"] = rules.lives(state, i) if seated else LIVES
        values[f"out[{i}]"] = state.out[i] if seated else False
        values[f"win[{i}]"] = i in winners
    return values


# -- reachability witnesses -------------------------------------------------------------


def _search(
    goal: Callable[[Mapping[str, int | bool]], bool],
    configs: Sequence[SodConfig],
    seeds: int = 400,
) -> tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]:
    """The first seeded random game that reaches ``goal``: its configuration, its
    actions up to the goal, and its path of abstract states (one more than actions)."""
    for config in configs:
        for seed in range(seeds):
            rng = random.Random(seed)
            state: SodState = rules.initial_state(config)
            path: list[Abstract] = [abstract(state)]
            actions: list[SodAction] = []
            while rules.to_move(state) != TERMINAL:
                if goal(path[-1]):
                    return config, tuple(actions), path
                action: SodAction
                if rules.to_move(state) == CHANCE:
                    action = chance.sample(rules.chance_outcomes(state), rng)
                else:
                    options = rules.legal_actions(state)
                    action = options[rng.randrange(len(options))]
                state = rules.apply(state, action)
                actions.append(action)
                path.append(abstract(state))
            if goal(path[-1]):
                return config, tuple(actions), path
    raise LookupError("no seeded game reached the goal")


def _goal_searches() -> dict[str, tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]]:
    """For every goal, the first seeded game that reaches it (see :func:`_search`)."""
    compiled = CompiledModel(MODEL)
    # Every goal is reached under the default box (SOD-A1 keeps the tie reachable).
    configs: dict[str, Sequence[SodConfig]] = {
        "hand-of-four": (SodConfig(players=3, variant=Variant.BIRDHOUSE),),
    }
    default = GAME.configs()
    found: dict[str, tuple[SodConfig, tuple[SodAction, ...], list[Abstract]]] = {}
    for goal in MODEL.goals:
        name = goal.name

        def reached(a: Mapping[str, int | bool], name: str = name) -> bool:
            return name in compiled.goals_met(a)

        found[name] = _search(reached, configs.get(name, default))
    return found


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and the concrete actions of the real game whose
    abstract path :func:`goal_witnesses` gives (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL, abstract=abstract, goal_witnesses=goal_witnesses, goal_games=goal_games
    )


register_proofs(GAME.id, _proofs)
