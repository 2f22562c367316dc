"""Squirrel or Die in z3: the abstract model (init, invariants, properties, goals, wrong
encodings) over the variables of :mod:`~dieproof.proofs.squirrel_or_die.vocabulary` and the
transitions of :mod:`~dieproof.proofs.squirrel_or_die.transitions`.

It states what the rulebook says each step does: a draw moves one tile of one kind from
the sack to the grip; a flip moves one tile of one kind from face down to the flipper's
pile and counts it (a skull one, the Bomb two, Squirrel Love one more life, food for the
tie-break, the Sleepy Squirrel a skipped turn, Again another turn, the Confused Cat into
the grip to be given); the turn passes clockwise past players who are out or asleep. So
a rules change that miscounts, misplaces or misroutes a tile, or passes the turn wrongly,
leaves a step no transition allows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import z3

from dieproof.proofs.model import Goal, Model, Named, Property, Transition, Vars, WrongEncoding
from dieproof.proofs.squirrel_or_die.transitions import (
    deal,
    draw,
    flip,
    gather,
    give,
    hide,
    place,
    swap,
    take,
)
from dieproof.proofs.squirrel_or_die.vocabulary import (
    AUTUMN,
    BOMB_SKULLS,
    DEAL,
    DESCRIPTIONS,
    DRAW,
    FLIP,
    GATHER,
    GIVE,
    HIDE,
    KINDS,
    NONE,
    ONE,
    OVER,
    PLACE,
    SEATS,
    SETUP,
    SWAP,
    TAKE,
    VARIABLES,
    WINTER,
    ZERO,
    Defect,
    aggregates,
    basic,
    bird,
    count,
    cur_standing,
    in_hands,
    kind_num,
    pool_total,
    seat_flag,
    seat_num,
    standing,
)
from dieproof.reference.squirrel_or_die import GAME
from dieproof.reference.squirrel_or_die.tiles import Tile
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    LIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_GRID,
    grid_side,
)

# -- init, invariants, properties -------------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains: seats, the grid limit, the tile total and the landmark follow from the
    config (SOD-SETUP-1, SOD-AUTUMN-1)."""
    n = v.num("n")
    return z3.And(
        n >= MIN_PLAYERS,
        n <= MAX_PLAYERS,
        *(seat_flag(v, "seat", i) == (n > i) for i in SEATS),
        v.num("side") == z3.If(n == 2, z3.IntVal(grid_side(2)), z3.IntVal(grid_side(4))),
        v.num("total") == z3.If(n == 2, z3.IntVal(grid_side(2) ** 2), z3.IntVal(grid_side(4) ** 2)),
        v.num("total") == pool_total(v, "total"),
        *(kind_num(v, "total", k) >= 0 for k in KINDS),
        z3.Or(v.num("landmark") == 0, v.num("landmark") == 1),
        z3.Implies(z3.Not(v.flag("limited")), v.num("landmark") == 0),
        z3.Implies(bird(v), kind_num(v, "total", Tile.BIRDHOUSE.value) >= 1),
        v.num("first") >= 0,
        v.num("first") < n,
        v.num("phase") >= SETUP,
        v.num("phase") <= OVER,
        v.num("cur") >= 0,
        v.num("cur") < n,
    )


def init(v: Vars) -> z3.BoolRef:
    """The table before the first draw (SOD-SETUP-2; SOD-REV-1; SOD-BIRD-1): every tile
    in the sack but the landmark, the first player to deal for (or gather)."""
    landmark = v.num("landmark")
    return z3.And(
        z3.If(
            v.flag("limited"),
            z3.And(v.num("phase") == SETUP, v.num("step") == DEAL),
            z3.And(v.num("phase") == AUTUMN, v.num("step") == GATHER),
        ),
        v.num("cur") == v.num("first"),
        v.num("last") == -1,
        *(
            kind_num(v, "bag", k)
            == kind_num(v, "total", k) - (landmark if k == Tile.BIRDHOUSE.value else ZERO)
            for k in KINDS
        ),
        *(
            kind_num(v, pool, k) == 0
            for pool in ("held", "hands", "up", "down", "pile")
            for k in KINDS
        ),
        *aggregates(v),
        v.num("width") == landmark,
        v.num("height") == landmark,
        v.flag("connected"),
        v.num("standing") == v.num("n"),
        v.num("winners") == 0,
        z3.Not(v.flag("finished")),
        z3.Not(v.flag("taking")),
        *(
            z3.And(
                seat_num(v, "hand", i) == 0,
                seat_num(v, "skulls", i) == 0,
                seat_num(v, "lives", i) == LIVES,
                seat_num(v, "food", i) == 0,
                z3.Not(seat_flag(v, "out", i)),
                z3.Not(seat_flag(v, "win", i)),
                z3.Not(seat_flag(v, "sleep", i)),
            )
            for i in SEATS
        ),
    )


def inv_grid(v: Vars) -> z3.BoolRef:
    """SOD-INV-GRID: the shared grid stays within its limit in both directions, and
    outside the birdhouse variant every patch is one connected piece until Winter
    lifts tiles off it."""
    return z3.And(
        v.num("width") >= 0,
        v.num("height") >= 0,
        z3.Implies(
            v.flag("limited"),
            z3.And(v.num("width") <= v.num("side"), v.num("height") <= v.num("side")),
        ),
        z3.Implies(z3.And(z3.Not(bird(v)), v.num("phase") <= AUTUMN), v.flag("connected")),
    )


def inv_tiles(v: Vars) -> z3.BoolRef:
    """SOD-INV-TILES: every tile is somewhere, exactly once, kind by kind."""
    landmark = v.num("landmark")
    pools = ("bag", "held", "hands", "up", "down", "pile")
    return z3.And(
        *(kind_num(v, pool, k) >= 0 for pool in pools for k in KINDS),
        v.num("held") <= 1,
        *aggregates(v),
        pool_total(v, "hands") == in_hands(v),
        *(
            z3.Sum(*(kind_num(v, pool, k) for pool in pools))
            + (landmark if k == Tile.BIRDHOUSE.value else ZERO)
            == kind_num(v, "total", k)
            for k in KINDS
        ),
    )


def inv_out(v: Vars) -> z3.BoolRef:
    """SOD-INV-OUT: out exactly when skulls reach lives; counts in their domains; the
    piles' skull-equivalents, extra lives and food are the players' (two skulls per
    Bomb, one per skull and Confused Cat, a life per Squirrel Love)."""
    pile = {k: kind_num(v, "pile", k) for k in KINDS}
    return z3.And(
        *(
            z3.If(
                seat_flag(v, "seat", i),
                z3.And(
                    seat_num(v, "skulls", i) >= 0,
                    seat_num(v, "lives", i) >= LIVES,
                    seat_num(v, "food", i) >= 0,
                    seat_flag(v, "out", i) == (seat_num(v, "skulls", i) >= seat_num(v, "lives", i)),
                ),
                z3.And(
                    seat_num(v, "skulls", i) == 0,
                    seat_num(v, "lives", i) == LIVES,
                    seat_num(v, "food", i) == 0,
                    z3.Not(seat_flag(v, "out", i)),
                ),
            )
            for i in SEATS
        ),
        z3.Sum(*(seat_num(v, "skulls", i) for i in SEATS))
        == pile["skull"] + BOMB_SKULLS * pile["bomb"] + pile["cat"],
        z3.Sum(*(seat_num(v, "lives", i) for i in SEATS)) == MAX_PLAYERS * LIVES + pile["love"],
        z3.Sum(*(seat_num(v, "food", i) for i in SEATS))
        == pile["food"] + z3.If(v.flag("bird_food"), pile["birdhouse"], ZERO),
    )


def inv_hand(v: Vars) -> z3.BoolRef:
    """SOD-INV-HAND: three tiles in hand, four between a take and a hide."""
    return z3.And(
        *(
            z3.And(
                seat_num(v, "hand", i) >= 0,
                seat_num(v, "hand", i)
                <= HAND_SIZE + z3.If(z3.And(v.flag("taking"), v.num("cur") == i), ONE, ZERO),
                z3.Implies(z3.Not(seat_flag(v, "seat", i)), seat_num(v, "hand", i) == 0),
            )
            for i in SEATS
        ),
        z3.Implies(v.flag("taking"), z3.And(v.num("phase") == AUTUMN, v.num("step") == HIDE)),
        *(
            z3.Implies(
                z3.And(v.num("step") == DEAL, v.num("board") >= START_GRID, v.num("cur") == i),
                seat_num(v, "hand", i) < HAND_SIZE,
            )
            for i in SEATS
        ),
    )


def inv_standing(v: Vars) -> z3.BoolRef:
    """SOD-INV-STANDING: someone is always in; two or more while Winter goes on, and the
    player to flip is one of them."""
    return z3.And(
        v.num("standing") == count(standing(v, i) for i in SEATS),
        v.num("standing") >= 1,
        z3.Implies(v.num("phase") <= AUTUMN, v.num("standing") == v.num("n")),
        z3.Implies(
            v.num("phase") == WINTER,
            z3.And(v.num("standing") >= 2, z3.Or(*(cur_standing(v, i) for i in SEATS))),
        ),
    )


def inv_winner(v: Vars) -> z3.BoolRef:
    """SOD-INV-WINNER: over exactly when finished; at least one winner, all still in, and
    exactly one after an elimination."""
    return z3.And(
        v.flag("finished") == (v.num("phase") == OVER),
        v.num("winners") == count(seat_flag(v, "win", i) for i in SEATS),
        z3.Implies(z3.Not(v.flag("finished")), v.num("winners") == 0),
        z3.Implies(v.flag("finished"), v.num("winners") >= 1),
        z3.Implies(z3.And(v.flag("finished"), v.num("standing") == 1), v.num("winners") == 1),
        *(z3.Implies(seat_flag(v, "win", i), standing(v, i)) for i in SEATS),
    )


def inv_step(v: Vars) -> z3.BoolRef:
    """SOD-INV-STEP: the step is one its phase and variant wait for; a tile is in the
    grip exactly at a place step (the drawn tile) or a give step (the Confused Cat);
    Winter starts with the sack, the hands and the face-up tiles empty; nobody's pile,
    sleep or exit happens before Winter."""
    step, phase = v.num("step"), v.num("phase")
    reverse = z3.Not(v.flag("limited"))
    autumn_steps = z3.If(
        reverse,
        step == GATHER,
        z3.Or(
            step == DRAW,
            step == PLACE,
            step == HIDE,
            z3.And(step == SWAP, basic(v)),
            z3.And(step == TAKE, bird(v)),
        ),
    )
    cat = kind_num(v, "held", Tile.CAT.value)
    return z3.And(
        (phase == SETUP) == (step == DEAL),
        z3.Implies(phase == SETUP, v.flag("limited")),
        z3.Implies(phase == AUTUMN, autumn_steps),
        z3.Implies(phase == WINTER, z3.Or(step == FLIP, step == GIVE)),
        (phase == OVER) == (step == NONE),
        (v.num("held") == 1) == z3.Or(step == PLACE, step == GIVE),
        (z3.And(cat == 1, phase == WINTER)) == (step == GIVE),
        z3.Implies(phase == SETUP, v.num("board") <= START_GRID),
        z3.Implies(
            z3.And(phase == SETUP, v.num("board") < START_GRID),
            z3.And(in_hands(v) == 0, v.num("cur") == v.num("first")),
        ),
        z3.Implies(z3.Or(step == DEAL, step == DRAW), v.num("bag") >= 1),
        z3.Implies(
            phase >= WINTER,
            z3.And(v.num("bag") == 0, in_hands(v) == 0, v.num("faceup") == 0, v.num("last") >= 0),
        ),
        z3.Implies(
            phase <= AUTUMN,
            z3.And(
                v.num("collected") == 0,
                *(z3.Not(seat_flag(v, "sleep", i)) for i in SEATS),
                *(z3.Not(seat_flag(v, "out", i)) for i in SEATS),
            ),
        ),
        v.num("last") >= -1,
        v.num("last") < v.num("n"),
        *(z3.Implies(seat_flag(v, "sleep", i), seat_flag(v, "seat", i)) for i in SEATS),
    )


def prop_skulls(v: Vars, w: Vars) -> z3.BoolRef:
    """SOD-INV-SKULLS: no skull count goes down."""
    return z3.And(*(seat_num(w, "skulls", i) >= seat_num(v, "skulls", i) for i in SEATS))


def prop_out_stays(v: Vars, w: Vars) -> z3.BoolRef:
    """SOD-INV-OUT-STAYS: out is for good."""
    return z3.And(*(z3.Implies(seat_flag(v, "out", i), seat_flag(w, "out", i)) for i in SEATS))


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
    return z3.Or(
        *(z3.And(v.num("cur") == i, seat_num(v, "hand", i) == HAND_SIZE + 1) for i in SEATS)
    )


def goal_extra_life(v: Vars) -> z3.BoolRef:
    return z3.Or(*(seat_num(v, "lives", i) == LIVES + 1 for i in SEATS))


def goal_out(v: Vars) -> z3.BoolRef:
    return z3.Or(*(z3.And(seat_flag(v, "seat", i), seat_flag(v, "out", i)) for i in SEATS))


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
    return WrongEncoding.swapping(defect, name, broken, catches=catches, what=what)


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
        Named.of("SOD-INV-STEP", inv_step),
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
