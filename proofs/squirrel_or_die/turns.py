"""Squirrel or Die in z3: how a turn ends, in Autumn and in Winter.

Both are functions of the state after a move: the step and seat that come next follow
from what is left (tiles to draw, face-up tiles, hands), from who is out or asleep, and
from the readings of the ambiguities (who opens Winter, SOD-A6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from dieproof.proofs.model import Vars
from dieproof.proofs.squirrel_or_die.vocabulary import (
    AUTUMN,
    DRAW,
    FLIP,
    GATHER,
    HIDE,
    NONE,
    OVER,
    SEATS,
    SWAP,
    TAKE,
    WINTER,
    Defect,
    after,
    bird,
    count,
    first_from,
    in_hands,
    next_seat,
    seat_flag,
    seat_names,
    seat_num,
    standing,
)

# -- how a turn ends --------------------------------------------------------------------


def start_turn(v: Vars, w: Vars, start: z3.ArithRef) -> list[z3.BoolRef]:
    """The step after a turn (or the deal) ends, for the seat ``start`` and on: draw
    while the sack has tiles (gather, in Reverse or Die), then swap (take) while face-up
    tiles are left, then hide from the hands, skipping empty hands; with nothing left,
    Winter, opened by the first player or the one after the last Autumn turn (SOD-A6).
    Implements SOD-AUTUMN-3 to SOD-AUTUMN-5 and SOD-WINTER-1 in the model."""
    reverse = z3.Not(v.flag("limited"))
    face_up_step = z3.If(bird(v), z3.IntVal(TAKE), z3.IntVal(SWAP))
    autumn = w.num("phase") == AUTUMN
    opener = z3.If(v.flag("winter_first"), v.num("first"), next_seat(v, w.num("last")))
    winter = z3.And(
        w.num("phase") == WINTER,
        w.num("step") == FLIP,
        w.num("cur") == opener,
        w.num("bag") == 0,
        w.num("faceup") == 0,
        in_hands(w) == 0,
    )
    hide_from = z3.And(
        *(
            (w.num("cur") == j)
            == first_from(w, start, j, lambda m: seat_num(w, "hand", m) > 0, inclusive=True)
            for j in SEATS
        )
    )
    return [
        z3.Not(w.flag("taking")),
        z3.If(
            w.num("bag") > 0,
            z3.And(
                autumn,
                w.num("step") == z3.If(reverse, z3.IntVal(GATHER), z3.IntVal(DRAW)),
                w.num("cur") == start,
            ),
            z3.If(
                z3.And(w.num("faceup") > 0, v.flag("limited")),
                z3.And(autumn, w.num("step") == face_up_step, w.num("cur") == start),
                z3.If(
                    z3.And(in_hands(w) > 0, v.flag("limited")),
                    z3.And(autumn, w.num("step") == HIDE, hide_from),
                    winter,
                ),
            ),
        ),
    ]


def autumn_turn_ends(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """A swap, a hide or a gather ends the turn: it is the last Autumn turn so far, and
    the next seat clockwise goes on (SOD-AUTUMN-1 to -5, SOD-REV-2)."""
    return [w.num("last") == v.num("cur"), *start_turn(v, w, next_seat(v, v.num("cur")))]


TURN_VARIABLES: Final = ("phase", "step", "cur", "last", "taking")


def winter_turn_ends(
    v: Vars, w: Vars, *, again: z3.BoolRef, mid: Callable[[int], z3.BoolRef], defect: Defect
) -> list[z3.BoolRef]:
    """After a flip resolves: one player left wins (SOD-END-1); no face-down tile left,
    the most food among those still in wins (SOD-END-2, SOD-A11); Again gives its
    flipper another turn (SOD-SPECIAL-2); else the turn passes clockwise to the next
    player still in who is not asleep, waking each sleeper it passes (SOD-WINTER-3,
    SOD-SPECIAL-3). ``mid`` is who sleeps once the flip itself is resolved."""
    alone = w.num("standing") == 1 if defect != "no-end-at-one-standing" else z3.BoolVal(False)
    tie = z3.And(w.num("standing") >= 2, w.num("facedown") == 0)
    finished = z3.Or(alone, tie)
    cur, cur2 = v.num("cur"), w.num("cur")
    best = [
        z3.And(
            standing(w, i),
            *(
                z3.Implies(standing(w, m), seat_num(w, "food", m) <= seat_num(w, "food", i))
                for m in SEATS
                if m != i
            ),
        )
        for i in SEATS
    ]
    awake = [z3.And(standing(w, j), z3.Not(mid(j))) for j in SEATS]

    def sleep_after(woken: Callable[[int], z3.BoolRef]) -> list[z3.BoolRef]:
        return [
            seat_flag(w, "sleep", m) == z3.If(woken(m), z3.BoolVal(False), mid(m)) for m in SEATS
        ]

    someone_awake = z3.Or(*awake)
    passed = z3.If(
        someone_awake,
        z3.And(
            *(
                (cur2 == j) == first_from(w, cur, j, lambda m: awake[m], inclusive=False)
                for j in SEATS
            ),
            *sleep_after(
                lambda m: z3.And(
                    standing(w, m),
                    after(v, cur, m, inclusive=False) < after(v, cur, cur2, inclusive=False),
                )
            ),
        ),
        z3.And(
            *(
                (cur2 == j) == first_from(w, cur, j, lambda m: standing(w, m), inclusive=False)
                for j in SEATS
            ),
            *sleep_after(lambda m: standing(w, m)),
        ),
    )
    return [
        w.num("winners") == count(seat_flag(w, "win", i) for i in SEATS),
        w.flag("finished") == finished,
        w.num("phase") == z3.If(finished, z3.IntVal(OVER), z3.IntVal(WINTER)),
        w.num("step") == z3.If(finished, z3.IntVal(NONE), z3.IntVal(FLIP)),
        z3.Implies(alone, z3.And(*(seat_flag(w, "win", i) == standing(w, i) for i in SEATS))),
        z3.Implies(
            z3.And(z3.Not(alone), tie), z3.And(*(seat_flag(w, "win", i) == best[i] for i in SEATS))
        ),
        z3.Implies(
            finished, z3.And(cur2 == cur, *(seat_flag(w, "sleep", m) == mid(m) for m in SEATS))
        ),
        z3.Implies(z3.Not(finished), z3.And(*(z3.Not(seat_flag(w, "win", i)) for i in SEATS))),
        z3.Implies(
            z3.Not(finished),
            z3.If(
                z3.And(again, cur_standing_after(v, w)),
                z3.And(cur2 == cur, *(seat_flag(w, "sleep", m) == mid(m) for m in SEATS)),
                passed,
            ),
        ),
        w.flag("taking") == z3.BoolVal(False),
        w.num("last") == v.num("last"),
    ]


def cur_standing_after(v: Vars, w: Vars) -> z3.BoolRef:
    """The player who flipped is still in after the flip."""
    return z3.Or(*(z3.And(v.num("cur") == i, z3.Not(seat_flag(w, "out", i))) for i in SEATS))


WINTER_END: Final = (
    "winners",
    "finished",
    *seat_names("win", "sleep"),
    *TURN_VARIABLES,
)
