"""Squirrel or Die in z3: the transitions, one per kind of step.

Each transition is a relation between the state before and after: its guard (the
phase and step it happens at), what it does to the counts by kind (one tile of one kind
moves from one place to another; no disjunction over the kinds: each count may only
fall, and the falls add up to one), how the turn ends, and :func:`rest` keeping every
variable it does not name.
"""

from __future__ import annotations

from typing import Final

import z3

from dieproof.proofs.model import Vars
from dieproof.proofs.squirrel_or_die.turns import (
    TURN_VARIABLES,
    WINTER_END,
    autumn_turn_ends,
    start_turn,
    winter_turn_ends,
)
from dieproof.proofs.squirrel_or_die.vocabulary import (
    AGGREGATES,
    AUTUMN,
    BOMB_SKULLS,
    DEAL,
    DRAW,
    FLIP,
    GATHER,
    GIVE,
    HIDE,
    KINDS,
    ONE,
    PLACE,
    SEATS,
    SETUP,
    SWAP,
    TAKE,
    WINTER,
    ZERO,
    Defect,
    aggregates,
    basic,
    bird,
    count,
    first_from,
    keep,
    kind_names,
    kind_num,
    one_tile,
    rest,
    same,
    seat_flag,
    seat_names,
    seat_num,
    standing,
    taken,
)
from dieproof.reference.squirrel_or_die.tiles import Tile
from dieproof.reference.squirrel_or_die.types import HAND_SIZE, START_GRID

# -- transitions ------------------------------------------------------------------------


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


def _connected_unless_bird(v: Vars, w: Vars) -> z3.BoolRef:
    """Tiles go next to another, no diagonals (SOD-AUTUMN-1, SOD-REV-2)."""
    return z3.Implies(z3.Not(bird(v)), w.flag("connected"))


def _hand_moves(v: Vars, w: Vars, by: int | z3.ArithRef) -> list[z3.BoolRef]:
    """The current seat's hand changes by ``by``, the others' not."""
    return [
        seat_num(w, "hand", i) == seat_num(v, "hand", i) + z3.If(v.num("cur") == i, by, 0)
        for i in SEATS
    ]


def deal(v: Vars, w: Vars) -> z3.BoolRef:
    """Setup: a tile from the sack to the 2x2 grid (the first face down, the others face
    up; the birdhouse's landmark takes the secret corner) or, once the grid is full, to
    the hand of the seat being dealt, three each from the first player on (SOD-SETUP-2,
    SOD-SETUP-4, SOD-BIRD-1)."""
    board2 = w.num("board")
    grid = v.num("board") < START_GRID
    secret = z3.And(grid, basic(v), v.num("board") == 0)
    shown = z3.And(grid, z3.Not(secret))
    parts: list[z3.BoolRef] = []
    for k in KINDS:
        dealt = taken(v, w, "bag", k)
        parts += [
            dealt >= 0,
            kind_num(w, "bag", k) >= 0,
            kind_num(w, "down", k) == kind_num(v, "down", k) + z3.If(secret, dealt, ZERO),
            kind_num(w, "up", k) == kind_num(v, "up", k) + z3.If(shown, dealt, ZERO),
            kind_num(w, "hands", k) == kind_num(v, "hands", k) + z3.If(grid, ZERO, dealt),
        ]
    parts.append(z3.Sum(*(taken(v, w, "bag", k) for k in KINDS)) == 1)
    short = [seat_num(w, "hand", i) < HAND_SIZE for i in SEATS]
    more = z3.Or(*(z3.And(seat_flag(w, "seat", i), short[i]) for i in SEATS))
    next_seat = [
        (w.num("cur") == j) == first_from(w, v.num("first"), j, lambda m: short[m], inclusive=True)
        for j in SEATS
    ]
    dealing = z3.And(w.num("phase") == SETUP, w.num("step") == DEAL, z3.Not(w.flag("taking")))
    changed = [
        *kind_names("bag", "up", "down", "hands"),
        *seat_names("hand"),
        *AGGREGATES,
        "width",
        "height",
        "connected",
        *TURN_VARIABLES,
    ]
    return z3.And(
        v.num("phase") == SETUP,
        v.num("step") == DEAL,
        *parts,
        *aggregates(w),
        *_hand_moves(v, w, z3.If(grid, ZERO, ONE)),
        w.num("last") == v.num("last"),
        z3.If(
            grid,
            z3.And(
                w.num("width") == z3.If(board2 >= 2, z3.IntVal(2), ONE),
                w.num("height") == z3.If(board2 >= 3, z3.IntVal(2), ONE),
                w.flag("connected"),
                dealing,
                w.num("cur") == v.num("first"),
            ),
            z3.And(
                *keep(v, w, "width", "height", "connected"),
                z3.If(more, z3.And(dealing, *next_seat), z3.And(*start_turn(v, w, v.num("first")))),
            ),
        ),
        *rest(v, w, changed),
    )


def draw(v: Vars, w: Vars) -> z3.BoolRef:
    """Autumn: a tile of one kind from the sack into the drawer's grip, to be placed
    (SOD-AUTUMN-1)."""
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == DRAW,
        v.num("held") == 0,
        *one_tile(v, w, "bag", "held"),
        *aggregates(w),
        w.num("step") == PLACE,
        *rest(v, w, [*kind_names("bag", "held"), *AGGREGATES, "step"]),
    )


def place(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Autumn: the drawn tile goes face up next to the grid, within the limit; then the
    swap (the take, in the birdhouse variant) (SOD-AUTUMN-1, SOD-BIRD-2)."""
    slack = 1 if defect == "grid-limit-off-by-one" else 0
    changed = [*kind_names("held", "up"), *AGGREGATES, "step", "width", "height", "connected"]
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == PLACE,
        v.flag("limited"),
        *one_tile(v, w, "held", "up"),
        *aggregates(w),
        w.num("step") == z3.If(bird(v), z3.IntVal(TAKE), z3.IntVal(SWAP)),
        *_span_grows(v, w, slack),
        _connected_unless_bird(v, w),
        *rest(v, w, changed),
    )


def swap(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Autumn, basic game: a hand tile goes face down where a face-up tile was, which
    goes into the hand; the turn ends (SOD-AUTUMN-2)."""
    parts: list[z3.BoolRef] = []
    for k in KINDS:
        given = kind_num(w, "down", k) - kind_num(v, "down", k)
        taken = kind_num(w, "hands", k) - kind_num(v, "hands", k) + given
        lifted = ZERO if defect == "swap-keeps-face-up" else taken
        parts += [
            given >= 0,
            taken >= 0,
            kind_num(w, "hands", k) >= 0,
            kind_num(w, "up", k) >= 0,
            kind_num(w, "up", k) == kind_num(v, "up", k) - lifted,
        ]
    parts += [
        z3.Sum(*(kind_num(w, "down", k) - kind_num(v, "down", k) for k in KINDS)) == 1,
        z3.Sum(*(kind_num(w, "hands", k) - kind_num(v, "hands", k) for k in KINDS)) == 0,
    ]
    changed = [*kind_names("hands", "up", "down"), *AGGREGATES, *TURN_VARIABLES]
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == SWAP,
        *parts,
        *aggregates(w),
        *autumn_turn_ends(v, w),
        *rest(v, w, changed),
    )


def take(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Birdhouse variant: a face-up tile (never the landmark) into the current hand,
    which then hides one (SOD-BIRD-2, SOD-BIRD-3)."""
    marks_turn = defect != "take-forgets-the-turn"
    changed = [
        *kind_names("up", "hands"),
        *AGGREGATES,
        *seat_names("hand"),
        "step",
        "taking",
        "width",
        "height",
        "connected",
    ]
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == TAKE,
        *one_tile(v, w, "up", "hands"),
        *aggregates(w),
        *_hand_moves(v, w, ONE),
        w.num("step") == HIDE,
        w.flag("taking") == marks_turn,
        w.num("width") <= v.num("width"),
        w.num("height") <= v.num("height"),
        w.num("width") >= 1,
        w.num("height") >= 1,
        *rest(v, w, changed),
    )


def hide(v: Vars, w: Vars) -> z3.BoolRef:
    """Autumn: a hand tile face down in a new place next to the grid; the turn ends
    (SOD-AUTUMN-4, SOD-BIRD-2)."""
    changed = [
        *kind_names("hands", "down"),
        *AGGREGATES,
        *seat_names("hand"),
        "width",
        "height",
        "connected",
        *TURN_VARIABLES,
    ]
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == HIDE,
        v.flag("limited"),
        *one_tile(v, w, "hands", "down"),
        *aggregates(w),
        z3.Or(*(z3.And(v.num("cur") == i, seat_num(v, "hand", i) >= 1) for i in SEATS)),
        *_hand_moves(v, w, z3.IntVal(-1)),
        *_span_grows(v, w),
        _connected_unless_bird(v, w),
        *autumn_turn_ends(v, w),
        *rest(v, w, changed),
    )


def gather(v: Vars, w: Vars) -> z3.BoolRef:
    """Reverse or Die: a middle tile face down into the current player's own patch,
    next to its tiles; the turn ends (SOD-REV-2)."""
    changed = [*kind_names("bag", "down"), *AGGREGATES, "connected", *TURN_VARIABLES]
    return z3.And(
        v.num("phase") == AUTUMN,
        v.num("step") == GATHER,
        z3.Not(v.flag("limited")),
        *one_tile(v, w, "bag", "down"),
        *aggregates(w),
        w.flag("connected"),
        *autumn_turn_ends(v, w),
        *rest(v, w, changed),
    )


def _shrinks(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """Flipping lifts a tile off the table, so the grid's span can only shrink."""
    return [
        w.num("width") <= v.num("width"),
        w.num("height") <= v.num("height"),
        w.num("width") >= 0,
        w.num("height") >= 0,
    ]


WINTER_CHANGED: Final = (
    *kind_names("down", "held", "pile"),
    *AGGREGATES,
    *seat_names("skulls", "lives", "food", "out"),
    "standing",
    "width",
    "height",
    "connected",
    *WINTER_END,
)


def flip(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Winter: the current player flips a face-down tile. The Confused Cat waits in the
    grip to be given; any other tile goes to the flipper's pile and counts: a skull one
    skull, the Bomb two, Squirrel Love one more life, food (and the birdhouse under
    SOD-A11's food reading) for the tie-break, the Sleepy Squirrel a skipped turn, Again
    another turn (SOD-WINTER-1, SOD-WINTER-2, SOD-SPECIAL-1 to -5)."""
    cur = v.num("cur")
    flipped = {k: taken(v, w, "down", k) for k in KINDS}
    cat = flipped[Tile.CAT.value]
    gripped = cat == 1
    kept = 0 if defect == "flip-loses-tile" else 1
    gain = flipped["skull"] + BOMB_SKULLS * flipped["bomb"]
    more_lives = flipped["love"]
    food = flipped["food"] + z3.If(v.flag("bird_food"), flipped["birdhouse"], ZERO)
    parts: list[z3.BoolRef] = [
        *(flipped[k] >= 0 for k in KINDS),
        *(kind_num(w, "down", k) >= 0 for k in KINDS),
        z3.Sum(*flipped.values()) == 1,
        *(
            kind_num(w, "pile", k)
            == kind_num(v, "pile", k) + (0 if k == Tile.CAT.value else kept * flipped[k])
            for k in KINDS
        ),
        *(
            kind_num(w, "held", k)
            == kind_num(v, "held", k) + (cat if k == Tile.CAT.value else ZERO)
            for k in KINDS
        ),
    ]
    for i in SEATS:
        mine = cur == i
        skulls2 = seat_num(v, "skulls", i) + z3.If(mine, gain, ZERO)
        lives2 = seat_num(v, "lives", i) + z3.If(mine, more_lives, ZERO)
        out2 = z3.If(mine, skulls2 >= lives2, seat_flag(v, "out", i))
        parts += [
            seat_num(w, "skulls", i) == skulls2,
            seat_num(w, "lives", i) == lives2,
            seat_num(w, "food", i) == seat_num(v, "food", i) + z3.If(mine, food, ZERO),
            seat_flag(w, "out", i)
            == (seat_flag(v, "out", i) if defect == "out-never-set" else out2),
        ]
    sleepy = flipped[Tile.SLEEPY.value] == 1
    resolved = z3.And(
        w.num("standing") == count(standing(w, i) for i in SEATS),
        *winter_turn_ends(
            v,
            w,
            again=flipped[Tile.AGAIN.value] == 1,
            mid=lambda j: z3.Or(seat_flag(v, "sleep", j), z3.And(sleepy, cur == j)),
            defect=defect,
        ),
    )
    grip = z3.And(
        w.num("step") == GIVE, *keep(v, w, *(n for n in WINTER_END if n != "step"), "standing")
    )
    return z3.And(
        v.num("phase") == WINTER,
        v.num("step") == FLIP,
        z3.Not(v.flag("finished")),
        v.num("held") == 0,
        *parts,
        *aggregates(w),
        *_shrinks(v, w),
        z3.If(gripped, grip, resolved),
        *rest(v, w, WINTER_CHANGED),
    )


def give(v: Vars, w: Vars, defect: Defect = "none") -> z3.BoolRef:
    """Winter: the Confused Cat goes to another player (still in, under SOD-A9's default
    reading), one skull for them; then the turn passes (SOD-SPECIAL-5)."""
    skull = -1 if defect == "cat-removes-a-skull" else 1
    cat = Tile.CAT.value

    def gets(j: int) -> list[z3.BoolRef]:
        gained = seat_num(w, "skulls", j) - seat_num(v, "skulls", j)
        may = z3.And(
            v.num("cur") != j,
            seat_flag(v, "seat", j),
            z3.Or(v.flag("cat_any"), z3.Not(seat_flag(v, "out", j))),
        )
        return [gained * skull >= 0, z3.Implies(gained != 0, may)]

    return z3.And(
        v.num("phase") == WINTER,
        v.num("step") == GIVE,
        kind_num(v, "held", cat) == 1,
        *one_tile(v, w, "held", "pile"),
        *same(v, w, "down"),
        *aggregates(w),
        *keep(v, w, "width", "height", "connected", *seat_names("lives", "food")),
        *(part for j in SEATS for part in gets(j)),
        z3.Sum(*(seat_num(w, "skulls", j) - seat_num(v, "skulls", j) for j in SEATS)) == skull,
        *(
            seat_flag(w, "out", j) == (seat_num(w, "skulls", j) >= seat_num(v, "lives", j))
            for j in SEATS
        ),
        w.num("standing") == count(standing(w, i) for i in SEATS),
        *winter_turn_ends(
            v, w, again=z3.BoolVal(False), mid=lambda j: seat_flag(v, "sleep", j), defect="none"
        ),
        *rest(v, w, WINTER_CHANGED),
    )
