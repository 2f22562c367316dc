"""Doom and Bloom SURVIVAL! in z3: the rules every step obeys (the frame, a new turn's
reset, payments from a side's pool, the milestone rewards, how a step may end the game
or finish a teammate, the turn order, and the tail every resolving step shares), used by
the transitions of :mod:`~dieproof.proofs.doom_and_bloom.transitions` and the wrong
encodings of :mod:`~dieproof.proofs.doom_and_bloom.model`."""

from __future__ import annotations

import z3

from dieproof.proofs.doom_and_bloom.vocabulary import (
    ASSET_NAMES,
    CARD_BOOL,
    CARD_INT,
    OFFERED,
    OVER,
    SCRATCH,
    SEATS,
    SETUP_STEPS,
    SHOWN_BOOL,
    SHOWN_INT,
    STEP,
    VARIABLES,
    asset,
    at,
    count,
    flag_at,
    has_required,
    keep,
    partner,
    pooled,
    same_side,
    scratch_but,
    seat_names,
)
from dieproof.proofs.model import Vars
from dieproof.reference.doom_and_bloom.types import (
    FOOD_USES,
    MILESTONES,
    Phase,
)

ZERO = z3.IntVal(0)
ONE = z3.IntVal(1)
ASSETS_ALL = seat_names(*ASSET_NAMES)
PER_SEAT_MS = seat_names("ms", "rw")


def at_step(v: Vars, *phases: Phase) -> z3.BoolRef:
    return z3.Or(*(v.num("step") == STEP[p] for p in phases))


READ = frozenset((*OFFERED, *CARD_INT, *CARD_BOOL, *SHOWN_INT, *SHOWN_BOOL))
"""The variables read afresh at every state (what it offers or shows, the card in
play)."""


def frame(v: Vars, w: Vars, changes: set[str]) -> list[z3.BoolRef]:
    """Every variable not in ``changes`` keeps its value, but those read afresh at
    every state (:data:`READ`: stated by the background and the steps that use them)."""
    return keep(v, w, (name for name in VARIABLES if name not in changes and name not in READ))


def new_turn(w: Vars) -> z3.BoolRef:
    """A turn began: everything a turn keeps for itself is reset (DAB-MOVE-1 on)."""
    return z3.And(
        *(w.num(x) == 0 for x in SCRATCH if VARIABLES[x] == "int"),
        *(z3.Not(w.flag(x)) for x in SCRATCH if VARIABLES[x] == "bool"),
    )


def side_changes(v: Vars, w: Vars, seat: z3.ArithRef) -> list[z3.BoolRef]:
    """Only the mats of ``seat``'s side change."""
    return [
        z3.Implies(z3.Not(same_side(v, i, seat)), asset(w, j, i) == asset(v, j, i))
        for i in SEATS
        for j in range(5)
    ]


def pay(v: Vars, w: Vars, seat: z3.ArithRef, j: int, amount: int) -> list[z3.BoolRef]:
    """The side of ``seat`` pays ``amount`` of asset ``j`` from its pool (it holds it)."""
    found: list[z3.BoolRef] = []
    for i in SEATS:
        pool_i = pooled(v, j, i)
        found.append(
            z3.Implies(
                seat == i,
                z3.And(pool_i >= amount, pooled(w, j, i) == pool_i - amount),
            )
        )
        found.append(
            z3.If(
                same_side(v, i, seat),
                z3.And(asset(w, j, i) <= asset(v, j, i), asset(w, j, i) >= 0),
                asset(w, j, i) == asset(v, j, i),
            )
        )
    return found


def milestone_rewards(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """Milestones only grow, and each new one brings exactly one reward; teammates share
    theirs (DAB-ASSET-4, DAB-TEAM-5)."""
    return [
        c
        for i in SEATS
        for c in (
            at(w, "ms", i) >= at(v, "ms", i),
            at(w, "rw", i) - at(v, "rw", i) == at(w, "ms", i) - at(v, "ms", i),
            at(w, "ms", i) <= len(MILESTONES),
            z3.Implies(v.flag("teams"), at(w, "ms", i) == at(w, "ms", partner(i))),
        )
    ]


def ending(v: Vars, w: Vars) -> z3.BoolRef:
    """How a step may end the game or finish a teammate: a win by the active side at
    its final destination with the required assets (DAB-FINAL-2, DAB-TEAM-3), or the
    turn limit with no winner (DAB-END-1)."""
    active = v.num("active")
    wins = [flag_at(w, "won", i) for i in SEATS]
    winning = z3.And(
        w.flag("over"),
        w.num("step") == OVER,
        *(
            z3.Implies(
                flag_at(w, "won", i),
                z3.And(
                    same_side(v, i, active),
                    flag_at(w, "atf", i),
                    flag_at(w, "fin", i),
                    has_required(w, i),
                ),
            )
            for i in SEATS
        ),
        z3.Or(*wins),
        w.num("winners") == count(wins),
        *(
            z3.Implies(v.flag("teams"), flag_at(w, "won", i) == flag_at(w, "won", partner(i)))
            for i in SEATS
        ),
        z3.Implies(z3.Not(v.flag("teams")), w.num("winners") == 1),
    )
    nobody = z3.And(
        z3.Not(z3.Or(*wins)),
        w.num("winners") == 0,
        z3.Implies(w.flag("over"), z3.And(w.num("step") == OVER, w.num("turns") >= v.num("limit"))),
        z3.Implies(z3.Not(w.flag("over")), w.num("step") != OVER),
    )
    done_ok = z3.And(
        *(
            z3.Implies(
                z3.And(flag_at(w, "done", i), z3.Not(flag_at(v, "done", i))),
                z3.And(
                    v.flag("teams"),
                    active == i,
                    flag_at(w, "atf", i),
                    flag_at(w, "fin", i),
                    has_required(w, i),
                ),
            )
            for i in SEATS
        ),
        *(z3.Implies(flag_at(v, "done", i), flag_at(w, "done", i)) for i in SEATS),
    )
    return z3.And(z3.Or(winning, nobody), done_ok)


def skips_cleared(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """A single new turn clears the skip of every seat it passes (DAB-TRADE-2: a player
    who bartered its turn away skips that one turn, not more). Seat ``i`` is passed when
    it lies clockwise strictly between the seat whose turn ended and the seat whose turn
    begins; from a seat to itself the turn went round every other seat, unless it is an
    owed extra turn (one fewer owed), which passes nobody."""
    a = v.num("active")
    b = w.num("active")
    n = v.num("n")
    went_round = z3.Or(*(z3.And(a == j, at(w, "ex", j) == at(v, "ex", j)) for j in SEATS))
    ahead = z3.If(b > a, b - a, b - a + n)
    found: list[z3.BoolRef] = []
    for i in SEATS:
        gap = z3.If(a <= i, i - a, i - a + n)
        passed = z3.And(
            w.num("turns") == v.num("turns") + 1,
            a >= 0,
            b >= 0,
            n > i,
            gap >= 1,
            gap < ahead,
            z3.Or(b != a, went_round),
        )
        found.append(z3.Implies(passed, z3.Not(flag_at(w, "skip", i))))
    return found


def next_turns(v: Vars, w: Vars) -> z3.BoolRef:
    """The turn goes on, or one or more turns begin (skipped turns cleared, an owed
    extra turn taken, DAB-TRADE-2)."""
    return z3.Or(
        z3.And(
            w.num("turns") > v.num("turns"),
            new_turn(w),
            *skips_cleared(v, w),
            *(
                z3.And(
                    z3.Implies(flag_at(w, "skip", i), flag_at(v, "skip", i)),
                    at(w, "ex", i) <= at(v, "ex", i),
                    at(w, "ex", i) >= 0,
                )
                for i in SEATS
            ),
        ),
    )


def medkit_offered(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """DAB-ASSET-5: a turn in which the active player lost Survivors (before this step,
    or in it: its side holds fewer) does not pass on while its side holds a Medkit: the
    Medkit's choice comes first (the end-of-turn step)."""
    passes = z3.Or(
        w.num("turns") > v.num("turns"),
        z3.And(w.flag("over"), z3.Not(v.flag("over")), w.num("winners") == 0),
    )
    return [
        z3.Implies(
            z3.And(
                v.num("active") == i,
                passes,
                z3.Not(at_step(v, Phase.END)),
                z3.Or(v.num("lost") > 0, pooled(w, 3, i) < pooled(v, 3, i)),
            ),
            pooled(w, 4, i) == 0,
        )
        for i in SEATS
    ]


def tail(v: Vars, w: Vars, same_turn: list[z3.BoolRef]) -> list[z3.BoolRef]:
    """What may follow a step's own effect: the pending choices and draws, the next
    phase, the end of the turn (the Medkit's choice first) and the next turns."""
    return [
        *medkit_offered(v, w),
        w.num("step") > max(SETUP_STEPS),
        w.num("active") >= -1,
        w.num("active") < v.num("n"),
        *(
            z3.Implies(
                z3.And(w.num("active") == i, flag_at(w, "done", i)),
                z3.Or(
                    *(w.num("step") == STEP[p] for p in (Phase.REACTIVATE, Phase.END, Phase.OVER))
                ),
            )
            for i in SEATS
        ),
        z3.Or(
            z3.And(
                w.num("turns") == v.num("turns"),
                *same_turn,
                *keep(v, w, seat_names("skip", "ex")),
            ),
            next_turns(v, w),
            z3.And(
                w.flag("over"),
                w.num("turns") == v.num("turns"),
                w.num("turns") >= v.num("limit"),
                w.num("dice") == 0,
                w.num("food_uses") >= 0,
                w.num("food_uses") <= FOOD_USES,
                *keep(v, w, seat_names("skip", "ex")),
            ),
            z3.And(
                v.num("active") == -1,
                w.num("turns") == v.num("turns"),
                w.num("pend_gain") == w.num("pend_bonus"),
                w.num("pend_gain") >= 0,
                w.num("pend_gain") <= len(MILESTONES),
                w.num("pend_lose") == 0,
                *keep(v, w, scratch_but("pend_gain", "pend_lose", "pend_bonus")),
                *keep(v, w, seat_names("skip", "ex")),
            ),
        ),
    ]


TAIL_CHANGES = {
    "step",
    "active",
    "actor",
    "chooser",
    "turns",
    "over",
    "winners",
    *SCRATCH,
    *seat_names("skip", "ex", "done", "won"),
}


def no_win(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """No win and no finish: the game goes on, or ends at the turn limit (DAB-END-1)."""
    return [
        w.num("winners") == 0,
        *keep(v, w, seat_names("won", "done")),
        z3.Implies(w.flag("over"), z3.And(w.num("step") == OVER, w.num("turns") >= v.num("limit"))),
        z3.Implies(z3.Not(w.flag("over")), w.num("step") != OVER),
    ]
