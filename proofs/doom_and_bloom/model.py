"""Doom and Bloom SURVIVAL! in z3: the abstract model (init, invariants, transitions,
properties, goals, wrong encodings) over the variables of
:mod:`~dieproof.proofs.doom_and_bloom.vocabulary`.

The model carries what the named invariants talk about and what the rules compute on the
way: every seat's five assets, the dice of the roll in progress and its total after food,
weaponry and Bonus cards, the movement allowance after fuel, the benefits used this
turn, the losses and gains of choice still to take, the milestones reached and the
rewards granted, the destinations scouted, Center City and the final destination, the
barters and the skipped and extra turns, and the end. Each transition states what its
step does: the exact dice (5, or 6 for the extra mile), +1 per food or weaponry benefit,
+3 per fuel, the exact costs of every benefit taken from the side's pool, one resource
gained (stopping at the cap) or lost (never below zero), one milestone reward per
milestone. Card effects are content: a result may move the active side's assets
anywhere within the tracks, which the caps are about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import z3

from dieproof.proofs.doom_and_bloom.vocabulary import (
    ASSET_NAMES,
    DESCRIPTIONS,
    OVER,
    RESOURCES,
    SCRATCH,
    SEATS,
    SETUP_STEPS,
    STEP,
    VARIABLES,
    asset,
    at,
    cap,
    count,
    flag_at,
    has_required,
    keep,
    partner,
    pooled,
    same_side,
    seat_names,
)
from dieproof.proofs.model import Goal, Model, Named, Property, Transition, Vars, WrongEncoding
from dieproof.reference.doom_and_bloom import GAME
from dieproof.reference.doom_and_bloom.types import (
    EXTRA_MILE_DICE,
    FOOD_COST,
    FOOD_USES,
    FUEL_BONUS,
    MAX_PLAYERS,
    MILESTONES,
    MIN_PLAYERS,
    NORMAL_DICE,
    SURVIVORS,
    Phase,
)

Defect = Literal[
    "gain-past-the-cap",
    "lose-below-zero",
    "seven-dice",
    "milestone-twice",
    "scout-skips-ahead",
    "center-unscouted",
    "final-without-assets",
    "barter-twice",
    "win-without-assets",
]

ZERO = z3.IntVal(0)
ONE = z3.IntVal(1)
ASSETS_ALL = seat_names(*ASSET_NAMES)
PER_SEAT_MS = seat_names("ms", "rw")


def _step(v: Vars, *phases: Phase) -> z3.BoolRef:
    return z3.Or(*(v.num("step") == STEP[p] for p in phases))


def _frame(v: Vars, w: Vars, changes: set[str]) -> list[z3.BoolRef]:
    """Every variable not in ``changes`` keeps its value."""
    return keep(v, w, (name for name in VARIABLES if name not in changes))


def _new_turn(w: Vars) -> z3.BoolRef:
    """A turn began: everything a turn keeps for itself is reset (DAB-MOVE-1 on)."""
    return z3.And(
        *(w.num(x) == 0 for x in SCRATCH if VARIABLES[x] == "int"),
        *(z3.Not(w.flag(x)) for x in SCRATCH if VARIABLES[x] == "bool"),
    )


def _side_changes(v: Vars, w: Vars, seat: z3.ArithRef) -> list[z3.BoolRef]:
    """Only the mats of ``seat``'s side change."""
    return [
        z3.Implies(z3.Not(same_side(v, i, seat)), asset(w, j, i) == asset(v, j, i))
        for i in SEATS
        for j in range(5)
    ]


def _pay(v: Vars, w: Vars, seat: z3.ArithRef, j: int, amount: int) -> list[z3.BoolRef]:
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


def _milestones(v: Vars, w: Vars) -> list[z3.BoolRef]:
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


def _ending(v: Vars, w: Vars) -> z3.BoolRef:
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


def _turns(v: Vars, w: Vars) -> z3.BoolRef:
    """The turn goes on, or one or more turns begin (skipped turns cleared, an owed
    extra turn taken, DAB-TRADE-2)."""
    return z3.Or(
        z3.And(
            w.num("turns") > v.num("turns"),
            _new_turn(w),
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


def _tail(v: Vars, w: Vars, same_turn: list[z3.BoolRef]) -> list[z3.BoolRef]:
    """What may follow a step's own effect: the pending choices and draws, the next
    phase, the end of the turn and the next turns."""
    return [
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
            _turns(v, w),
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
                *keep(
                    v,
                    w,
                    (
                        "dice",
                        "total",
                        "food_uses",
                        "roll",
                        "fuel_used",
                        "weapon_used",
                        "busy",
                        "lost",
                    ),
                ),
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


def _no_win(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """No win and no finish: the game goes on, or ends at the turn limit (DAB-END-1)."""
    return [
        w.num("winners") == 0,
        *keep(v, w, seat_names("won", "done")),
        z3.Implies(w.flag("over"), z3.And(w.num("step") == OVER, w.num("turns") >= v.num("limit"))),
        z3.Implies(z3.Not(w.flag("over")), w.num("step") != OVER),
    ]


# -- transitions ----------------------------------------------------------------------------


def setup(v: Vars, w: Vars) -> z3.BoolRef:
    """Setup (DAB-SETUP-2 to DAB-SETUP-6, DAB-TEAM-5): the start roll, the characters'
    starting assets, the destinations; then the first turn, or the milestone rewards of
    the starting Survivors."""
    changes = {
        "step",
        "active",
        "actor",
        "chooser",
        "turns",
        "pend_gain",
        "pend_bonus",
        *ASSETS_ALL,
        *PER_SEAT_MS,
    }
    return z3.And(
        z3.Or(*(v.num("step") == s for s in SETUP_STEPS)),
        *_frame(v, w, changes),
        *_milestones(v, w),
        w.num("pend_gain") == w.num("pend_bonus"),
        w.num("pend_gain") >= 0,
        w.num("pend_gain") <= len(MILESTONES),
        w.num("turns") >= v.num("turns"),
        w.num("turns") <= 1,
        w.num("step") != OVER,
        w.num("active") >= -1,
        w.num("active") < v.num("n"),
        *(z3.Not(flag_at(w, "done", i)) for i in SEATS),
        *(z3.And(asset(w, j, i) >= 0, asset(w, j, i) <= cap(j)) for i in SEATS for j in range(5)),
    )


def decide(v: Vars, w: Vars) -> z3.BoolRef:
    """A decision that changes nothing counted: a rival lets the active player pass
    (DAB-BUSY-1), an offer is made or declined (DAB-TRADE-1), the movement roll is
    chosen, a finished teammate rests, or reactivates while its team is short
    (DAB-TEAM-4)."""
    active = v.num("active")
    return z3.And(
        _step(v, Phase.BUSY, Phase.TURN, Phase.ANSWER, Phase.REACTIVATE),
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("again")}),
        *(
            z3.If(
                z3.And(_step(v, Phase.REACTIVATE), active == i, flag_at(v, "done", i)),
                z3.Or(
                    z3.And(flag_at(w, "done", i), flag_at(w, "again", i) == flag_at(v, "again", i)),
                    z3.And(
                        z3.Not(flag_at(w, "done", i)),
                        flag_at(w, "again", i),
                        z3.Not(has_required(v, i)),
                    ),
                ),
                z3.And(
                    flag_at(w, "done", i) == flag_at(v, "done", i),
                    flag_at(w, "again", i) == flag_at(v, "again", i),
                ),
            )
            for i in SEATS
        ),
        *_tail(v, w, keep(v, w, SCRATCH)),
        w.num("winners") == 0,
        *keep(v, w, seat_names("won")),
        z3.Implies(w.flag("over"), z3.And(w.num("step") == OVER, w.num("turns") >= v.num("limit"))),
        z3.Implies(z3.Not(w.flag("over")), w.num("step") != OVER),
    )


def keep_busy(v: Vars, w: Vars) -> z3.BoolRef:
    """A rival pays 1 Food, 1 Fuel, 1 Weaponry; the active player must stay put
    (DAB-BUSY-1)."""
    chooser = v.num("chooser")
    return z3.And(
        _step(v, Phase.BUSY),
        *_frame(v, w, {"step", "chooser", "busy", *ASSETS_ALL}),
        w.flag("busy"),
        w.num("step") == STEP[Phase.TURN],
        *(c for j in RESOURCES for c in _pay(v, w, chooser, j, 1)),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (3, 4)),
    )


def accept(v: Vars, w: Vars) -> z3.BoolRef:
    """An offer accepted (DAB-TRADE-1, DAB-TRADE-2): one item each way, never Survivors;
    for a barter, the offerer's one barter, its skipped turn and the partner's extra
    turn."""
    active = v.num("active")
    items = [
        z3.And(
            sum_over(w, j) <= sum_over(v, j),
            *(
                z3.And(
                    asset(w, j, i) - asset(v, j, i) <= 1,
                    asset(v, j, i) - asset(w, j, i) <= 1,
                    asset(w, j, i) >= 0,
                    asset(w, j, i) <= cap(j),
                )
                for i in SEATS
            ),
        )
        for j in (0, 1, 2, 4)
    ]
    barter = z3.And(
        *(
            z3.If(
                active == i,
                z3.And(at(v, "bt", i) == 0, at(w, "bt", i) == 1, flag_at(w, "skip", i)),
                z3.And(
                    at(w, "bt", i) == at(v, "bt", i), flag_at(w, "skip", i) == flag_at(v, "skip", i)
                ),
            )
            for i in SEATS
        ),
        z3.Sum(*(at(w, "ex", i) for i in SEATS)) == z3.Sum(*(at(v, "ex", i) for i in SEATS)) + 1,
        *(at(w, "ex", i) >= at(v, "ex", i) for i in SEATS),
    )
    return z3.And(
        _step(v, Phase.ANSWER),
        w.num("step") == STEP[Phase.TURN],
        *_frame(v, w, {"step", "chooser", *ASSETS_ALL, *seat_names("bt", "skip", "ex")}),
        *items,
        *(asset(w, SURVIVORS, i) == asset(v, SURVIVORS, i) for i in SEATS),
        z3.Or(barter, z3.And(*keep(v, w, seat_names("bt", "skip", "ex")))),
    )


def sum_over(v: Vars, j: int) -> z3.ArithRef:
    return z3.Sum(*(asset(v, j, i) for i in SEATS))


def move_die(v: Vars, w: Vars) -> z3.BoolRef:
    """The movement die: the allowance is one face (DAB-MOVE-2)."""
    return z3.And(
        _step(v, Phase.MOVE_ROLL),
        w.num("step") == STEP[Phase.MOVE],
        *_frame(v, w, {"step", "roll"}),
        w.num("roll") >= v.num("fmin"),
        w.num("roll") <= v.num("fmax"),
    )


def fuel(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Fuel adds 3 to the movement roll, once per turn (DAB-MOVE-6)."""
    return z3.And(
        _step(v, Phase.MOVE),
        *_frame(v, w, {"roll", "fuel_used", *ASSETS_ALL}),
        z3.Not(v.flag("fuel_used")),
        w.flag("fuel_used"),
        w.num("roll") == v.num("roll") + FUEL_BONUS,
        *_pay(v, w, v.num("active"), 1, 1),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (0, 2, 3, 4)),
    )


def bonus_card(v: Vars, w: Vars) -> z3.BoolRef:
    """A Bonus card played (DAB-BONUS-1): it raises the movement allowance, the roll's
    total, or gives resources of choice to take."""
    return z3.And(
        *_frame(v, w, {"roll", "total", "pend_gain", "step"}),
        z3.Or(
            z3.And(
                _step(v, Phase.MOVE),
                w.num("roll") > v.num("roll"),
                *keep(v, w, ("total", "pend_gain", "step")),
            ),
            z3.And(
                _step(v, Phase.POST_ROLL),
                v.num("dice") > 0,
                w.num("total") > v.num("total"),
                *keep(v, w, ("roll", "pend_gain", "step")),
            ),
            z3.And(
                _step(v, Phase.TURN),
                w.num("pend_gain") > v.num("pend_gain"),
                w.num("step") == STEP[Phase.GAIN],
                *keep(v, w, ("roll", "total")),
            ),
        ),
    )


def arrive(v: Vars, w: Vars) -> z3.BoolRef:
    """The active player finishes its movement (or stays put): Center City only with
    every destination scouted and no final destination yet (DAB-CENTER-1), the final
    destination only with the required assets (DAB-FINAL-1); then its card is drawn, or
    the turn ends (DAB-SPACE-1)."""
    active = v.num("active")
    return z3.And(
        _step(v, Phase.TURN, Phase.MOVE),
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
        *(
            z3.Implies(
                active != i,
                z3.And(*keep(v, w, (f"cc[{i}]", f"atf[{i}]"))),
            )
            for i in SEATS
        ),
        *(
            z3.Implies(
                z3.And(active == i, flag_at(w, "cc", i)),
                z3.And(at(v, "sc", i) == v.num("k"), z3.Not(flag_at(v, "fin", i))),
            )
            for i in SEATS
        ),
        *(
            z3.Implies(
                z3.And(active == i, flag_at(w, "atf", i)),
                z3.And(flag_at(v, "fin", i), has_required(v, i)),
            )
            for i in SEATS
        ),
        *_tail(v, w, keep(v, w, SCRATCH)),
        *_no_win(v, w),
    )


def extra_mile(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Food, 1 Fuel, 1 Weaponry: six dice instead of five (DAB-ROLL-2)."""
    return z3.And(
        _step(v, Phase.PRE_ROLL),
        v.num("dice") == 0,
        w.num("step") == STEP[Phase.DICE],
        *_frame(v, w, {"step", "dice", *ASSETS_ALL}),
        w.num("dice") == EXTRA_MILE_DICE,
        *(c for j in RESOURCES for c in _pay(v, w, v.num("active"), j, 1)),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (3, 4)),
    )


def roll_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """Five dice for a search or raider roll (DAB-ROLL-1)."""
    return z3.And(
        _step(v, Phase.PRE_ROLL),
        v.num("dice") == 0,
        w.num("step") == STEP[Phase.DICE],
        *_frame(v, w, {"step", "dice"}),
        w.num("dice") == NORMAL_DICE,
    )


def dice(v: Vars, w: Vars) -> z3.BoolRef:
    """The roll's total is the sum of its dice: between dice x lowest face and dice x
    highest face (DAB-SETUP-3)."""
    n = v.num("dice")
    low = z3.If(n == EXTRA_MILE_DICE, EXTRA_MILE_DICE * v.num("fmin"), NORMAL_DICE * v.num("fmin"))
    high = z3.If(n == EXTRA_MILE_DICE, EXTRA_MILE_DICE * v.num("fmax"), NORMAL_DICE * v.num("fmax"))
    return z3.And(
        _step(v, Phase.DICE),
        n > 0,
        w.num("step") == STEP[Phase.POST_ROLL],
        *_frame(v, w, {"step", "total"}),
        w.num("total") >= low,
        w.num("total") <= high,
    )


def food(v: Vars, w: Vars) -> z3.BoolRef:
    """2 Food add 1 to a search roll, at most twice per turn (DAB-ROLL-3)."""
    return z3.And(
        _step(v, Phase.POST_ROLL),
        v.num("dice") > 0,
        v.num("food_uses") < FOOD_USES,
        *_frame(v, w, {"total", "food_uses", *ASSETS_ALL}),
        w.num("total") == v.num("total") + 1,
        w.num("food_uses") == v.num("food_uses") + 1,
        *_pay(v, w, v.num("active"), 0, FOOD_COST),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (1, 2, 3, 4)),
    )


def weaponry(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Weaponry adds 1 to a raider roll, once per turn (DAB-ROLL-4)."""
    return z3.And(
        _step(v, Phase.POST_ROLL),
        v.num("dice") > 0,
        z3.Not(v.flag("weapon_used")),
        *_frame(v, w, {"total", "weapon_used", *ASSETS_ALL}),
        w.flag("weapon_used"),
        w.num("total") == v.num("total") + 1,
        *_pay(v, w, v.num("active"), 2, 1),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (0, 1, 3, 4)),
    )


def resolve(v: Vars, w: Vars) -> z3.BoolRef:
    """A card's result (DAB-EVENT-1) with the space's rewards: only the active side's
    assets change, the roll is over, a destination may be scouted (the next one only,
    DAB-TOWN-2), milestones bring one reward each; then pending choices, the crossing,
    the final destination, the win or the end of the turn."""
    active = v.num("active")
    return z3.And(
        _step(v, Phase.DRAW, Phase.POST_ROLL, Phase.CHOICE),
        z3.Implies(_step(v, Phase.DRAW), v.num("dice") == 0),
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL, *PER_SEAT_MS, *seat_names("sc")}),
        *_side_changes(v, w, active),
        *_milestones(v, w),
        *(
            z3.If(
                active == i,
                z3.Or(
                    at(w, "sc", i) == at(v, "sc", i),
                    z3.And(at(w, "sc", i) == at(v, "sc", i) + 1, at(v, "sc", i) < v.num("k")),
                ),
                at(w, "sc", i) == at(v, "sc", i),
            )
            for i in SEATS
        ),
        *(z3.And(asset(w, j, i) >= 0, asset(w, j, i) <= cap(j)) for i in SEATS for j in range(5)),
        *_tail(
            v,
            w,
            [
                w.num("dice") == 0,
                *keep(v, w, ("food_uses", "roll", "fuel_used", "weapon_used", "busy")),
                w.num("lost") >= v.num("lost"),
                w.num("pend_gain") >= 0,
                w.num("pend_lose") >= 0,
                w.num("pend_bonus") >= 0,
            ],
        ),
        _ending(v, w),
    )


def lose(v: Vars, w: Vars) -> z3.BoolRef:
    """One resource of choice lost from the side's pool, which holds it (DAB-ASSET-2,
    DAB-ASSET-3)."""
    actor = v.num("actor")
    pays = [
        z3.And(
            *_pay(v, w, actor, j, 1),
            *(asset(w, x, i) == asset(v, x, i) for i in SEATS for x in range(5) if x != j),
        )
        for j in RESOURCES
    ]
    return z3.And(
        _step(v, Phase.LOSE),
        v.num("pend_lose") > 0,
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*pays),
        *_tail(
            v,
            w,
            [
                w.num("pend_lose") <= v.num("pend_lose") - 1,
                w.num("pend_lose") >= 0,
                *keep(
                    v,
                    w,
                    (
                        "dice",
                        "total",
                        "food_uses",
                        "roll",
                        "fuel_used",
                        "weapon_used",
                        "busy",
                        "lost",
                        "pend_gain",
                    ),
                ),
                w.num("pend_bonus") <= v.num("pend_bonus"),
                w.num("pend_bonus") >= 0,
            ],
        ),
        _ending(v, w),
    )


def gain(v: Vars, w: Vars) -> z3.BoolRef:
    """One resource of choice gained on the actor's mat, stopping at the cap
    (DAB-ASSET-1, DAB-ASSET-3)."""
    actor = v.num("actor")
    gains = [
        z3.And(
            *(
                z3.If(
                    z3.And(actor == i, x == j),
                    asset(w, x, i)
                    == z3.If(asset(v, x, i) < cap(x), asset(v, x, i) + 1, asset(v, x, i)),
                    asset(w, x, i) == asset(v, x, i),
                )
                for i in SEATS
                for x in range(5)
            )
        )
        for j in RESOURCES
    ]
    return z3.And(
        _step(v, Phase.GAIN),
        v.num("pend_gain") > 0,
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*gains),
        *_tail(
            v,
            w,
            [
                w.num("pend_gain") == v.num("pend_gain") - 1,
                w.num("pend_bonus") <= v.num("pend_bonus"),
                w.num("pend_bonus") >= 0,
                *keep(
                    v,
                    w,
                    (
                        "dice",
                        "total",
                        "food_uses",
                        "roll",
                        "fuel_used",
                        "weapon_used",
                        "busy",
                        "lost",
                        "pend_lose",
                    ),
                ),
            ],
        ),
        _ending(v, w),
    )


def draw_chance(v: Vars, w: Vars) -> z3.BoolRef:
    """A Bonus card drawn (DAB-BONUS-2), or the final destination drawn after clearing
    Center City with every destination scouted (DAB-CENTER-2)."""
    active = v.num("active")
    final = z3.And(
        _step(v, Phase.FINAL),
        *(
            z3.If(
                active == i,
                z3.And(
                    z3.Not(flag_at(v, "fin", i)),
                    flag_at(v, "cc", i),
                    at(v, "sc", i) == v.num("k"),
                    flag_at(w, "fin", i),
                ),
                flag_at(w, "fin", i) == flag_at(v, "fin", i),
            )
            for i in SEATS
        ),
        *keep(v, w, ("pend_bonus",)),
    )
    bonus = z3.And(
        _step(v, Phase.BONUS),
        v.num("pend_bonus") > 0,
        *keep(v, w, seat_names("fin")),
        z3.Or(
            z3.And(w.num("pend_bonus") <= v.num("pend_bonus") - 1, w.num("pend_bonus") >= 0),
            v.num("active") == -1,
            w.num("turns") > v.num("turns"),
        ),
    )
    return z3.And(
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("fin")}),
        z3.Or(final, bonus),
        *_tail(
            v,
            w,
            [
                *keep(
                    v,
                    w,
                    (
                        "dice",
                        "total",
                        "food_uses",
                        "roll",
                        "fuel_used",
                        "weapon_used",
                        "busy",
                        "lost",
                        "pend_lose",
                        "pend_gain",
                    ),
                ),
                z3.Or(_step(v, Phase.BONUS), w.num("pend_bonus") == v.num("pend_bonus")),
            ],
        ),
        _ending(v, w),
    )


def leave_crossing(v: Vars, w: Vars) -> z3.BoolRef:
    """After clearing a crossing: enter its region, bypass to another crossing, or remain
    (DAB-CROSS-2); the turn ends."""
    return z3.And(
        _step(v, Phase.CROSSING),
        *_frame(v, w, TAIL_CHANGES),
        *_tail(v, w, keep(v, w, SCRATCH)),
        *_no_win(v, w),
    )


def end_of_turn(v: Vars, w: Vars) -> z3.BoolRef:
    """The end of the turn: 1 Medkit from the side restores the Survivors lost this turn
    on the active mat (stopping at the cap, DAB-ASSET-5), or the turn just ends."""
    active = v.num("active")
    medkit = z3.And(
        v.num("lost") > 0,
        *_pay(v, w, active, 4, 1),
        *(
            z3.If(
                active == i,
                asset(w, SURVIVORS, i)
                == z3.If(
                    asset(v, SURVIVORS, i) + v.num("lost") <= cap(SURVIVORS),
                    asset(v, SURVIVORS, i) + v.num("lost"),
                    z3.IntVal(cap(SURVIVORS)),
                ),
                asset(w, SURVIVORS, i) == asset(v, SURVIVORS, i),
            )
            for i in SEATS
        ),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in RESOURCES),
        *_milestones(v, w),
    )
    plain = z3.And(*keep(v, w, (*ASSETS_ALL, *PER_SEAT_MS)))
    return z3.And(
        _step(v, Phase.END),
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL, *PER_SEAT_MS}),
        z3.Or(medkit, plain),
        *_tail(
            v,
            w,
            [
                w.num("lost") == 0,
                *keep(
                    v,
                    w,
                    (
                        "dice",
                        "total",
                        "food_uses",
                        "roll",
                        "fuel_used",
                        "weapon_used",
                        "busy",
                        "pend_lose",
                    ),
                ),
                w.num("pend_gain") >= 0,
                w.num("pend_bonus") >= 0,
            ],
        ),
        *_no_win(v, w),
    )


# -- init, invariants, properties ---------------------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains fixed by the config: 2 to 4 seats, team play with four, 1 to 3
    destinations, die faces from 1, the requirements within what a side can hold."""
    n = v.num("n")
    return z3.And(
        n >= MIN_PLAYERS,
        n <= MAX_PLAYERS,
        *(flag_at(v, "seat", i) == (n > i) for i in SEATS),
        z3.Implies(v.flag("teams"), n == MAX_PLAYERS),
        v.num("k") >= 1,
        v.num("k") <= 3,
        v.num("fmin") >= 1,
        v.num("fmax") >= v.num("fmin"),
        v.num("limit") >= 1,
        *(v.num(f"req_{name}") >= 0 for name in ASSET_NAMES),
        v.num("step") >= 0,
        v.num("step") <= OVER,
    )


def init(v: Vars) -> z3.BoolRef:
    """Before the start roll (DAB-SETUP-5): empty mats, every pawn in Center City, no
    roll, no milestone, nothing scouted, no barter."""
    return z3.And(
        v.num("step") == STEP[Phase.SETUP_ROLL],
        v.num("active") == -1,
        v.num("turns") == 0,
        v.num("winners") == 0,
        z3.Not(v.flag("over")),
        *(v.num(x) == 0 for x in SCRATCH if VARIABLES[x] == "int"),
        *(z3.Not(v.flag(x)) for x in SCRATCH if VARIABLES[x] == "bool"),
        *(
            z3.And(
                *(asset(v, j, i) == 0 for j in range(5)),
                *(at(v, name, i) == 0 for name in ("ms", "rw", "sc", "bt", "ex")),
                flag_at(v, "cc", i) == flag_at(v, "seat", i),
                *(
                    z3.Not(flag_at(v, name, i))
                    for name in ("fin", "atf", "skip", "done", "won", "again")
                ),
            )
            for i in SEATS
        ),
    )


def inv_caps(v: Vars) -> z3.BoolRef:
    """DAB-INV-CAPS: every asset on every mat is within 0 and 20, Medkits within 0 and
    10."""
    return z3.And(
        *(z3.And(asset(v, j, i) >= 0, asset(v, j, i) <= cap(j)) for i in SEATS for j in range(5))
    )


def inv_milestones(v: Vars) -> z3.BoolRef:
    """DAB-INV-MILESTONES: a side holds one reward per milestone reached, never more;
    teammates agree."""
    return z3.And(
        *(
            z3.And(
                at(v, "ms", i) >= 0,
                at(v, "ms", i) <= len(MILESTONES),
                at(v, "rw", i) == at(v, "ms", i),
                z3.Implies(v.flag("teams"), at(v, "ms", i) == at(v, "ms", partner(i))),
            )
            for i in SEATS
        )
    )


def inv_scout(v: Vars) -> z3.BoolRef:
    """DAB-INV-SCOUT: the scouted destinations are a prefix of the list; a final
    destination exists only once all are scouted, and a pawn is on it only then."""
    return z3.And(
        *(z3.And(at(v, "sc", i) >= 0, at(v, "sc", i) <= v.num("k")) for i in SEATS),
        inv_center(v),
    )


def inv_center(v: Vars) -> z3.BoolRef:
    """A final destination exists only with every destination scouted, and a pawn is on
    it only then."""
    return z3.And(
        *(
            z3.And(
                z3.Implies(flag_at(v, "fin", i), at(v, "sc", i) == v.num("k")),
                z3.Implies(flag_at(v, "atf", i), flag_at(v, "fin", i)),
            )
            for i in SEATS
        )
    )


def inv_dice(v: Vars) -> z3.BoolRef:
    """DAB-INV-DICE: a roll has no dice, five, or six: never more than six."""
    d = v.num("dice")
    return z3.And(
        z3.Or(d == 0, d == NORMAL_DICE, d == EXTRA_MILE_DICE),
        v.num("food_uses") >= 0,
        v.num("food_uses") <= FOOD_USES,
    )


def inv_barter(v: Vars) -> z3.BoolRef:
    """DAB-INV-BARTER: each player barters its turn away at most once, and skips a turn
    only for it."""
    return z3.And(
        *(
            z3.And(
                at(v, "bt", i) >= 0,
                at(v, "bt", i) <= 1,
                z3.Implies(flag_at(v, "skip", i), at(v, "bt", i) == 1),
                at(v, "ex", i) >= 0,
            )
            for i in SEATS
        )
    )


def inv_end(v: Vars) -> z3.BoolRef:
    """DAB-INV-END: the game is over exactly at the end; a winner is one player (or one
    team, both teammates) at its final destination with the required assets."""
    wins = [flag_at(v, "won", i) for i in SEATS]
    return z3.And(
        v.flag("over") == (v.num("step") == OVER),
        v.num("winners") == count(wins),
        z3.Implies(z3.Not(v.flag("over")), v.num("winners") == 0),
        *(
            z3.Implies(
                flag_at(v, "won", i),
                z3.And(flag_at(v, "seat", i), flag_at(v, "atf", i), has_required(v, i)),
            )
            for i in SEATS
        ),
        z3.Implies(z3.Not(v.flag("teams")), v.num("winners") <= 1),
        *(
            z3.Implies(v.flag("teams"), flag_at(v, "won", i) == flag_at(v, "won", partner(i)))
            for i in SEATS
        ),
        z3.Not(z3.And(z3.Or(wins[0], wins[2]), z3.Or(wins[1], wins[3]))),
        v.num("active") >= -1,
        v.num("active") < v.num("n"),
        *(
            z3.Implies(
                z3.And(v.num("active") == i, flag_at(v, "done", i)),
                z3.Or(
                    *(v.num("step") == STEP[p] for p in (Phase.REACTIVATE, Phase.END, Phase.OVER))
                ),
            )
            for i in SEATS
        ),
        *(
            z3.Implies(flag_at(v, "done", i), z3.And(v.flag("teams"), flag_at(v, "atf", i)))
            for i in SEATS
        ),
    )


def prop_center(v: Vars, w: Vars) -> z3.BoolRef:
    """DAB-INV-CENTER (step): a pawn enters Center City only with every destination
    scouted and before its final destination is drawn."""
    return z3.And(
        *(
            z3.Implies(
                z3.And(flag_at(w, "cc", i), z3.Not(flag_at(v, "cc", i))),
                z3.And(at(v, "sc", i) == v.num("k"), z3.Not(flag_at(v, "fin", i))),
            )
            for i in SEATS
        )
    )


def prop_final(v: Vars, w: Vars) -> z3.BoolRef:
    """DAB-INV-FINAL: a pawn enters its final destination only while its side holds the
    required assets."""
    return z3.And(
        *(
            z3.Implies(
                z3.And(flag_at(w, "atf", i), z3.Not(flag_at(v, "atf", i))),
                has_required(v, i),
            )
            for i in SEATS
        )
    )


# -- goals and wrong encodings ---------------------------------------------------------------


def goal_solo_win(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("over"), z3.Not(v.flag("teams")), v.num("winners") == 1)


def goal_team_win(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("over"), v.flag("teams"), v.num("winners") == 2)


def goal_reactivated(v: Vars) -> z3.BoolRef:
    return z3.Or(*(flag_at(v, "again", i) for i in SEATS))


def goal_milestones(v: Vars) -> z3.BoolRef:
    return z3.Or(*(at(v, "ms", i) == len(MILESTONES) for i in SEATS))


def _active_adds(v: Vars, w: Vars, name: str, amount: int) -> list[z3.BoolRef]:
    """The active seat's count ``name`` grows by ``amount``; every other seat's stays."""
    active = v.num("active")
    return [at(w, name, i) == at(v, name, i) + z3.If(active == i, amount, 0) for i in SEATS]


def _broken_gain(v: Vars, w: Vars) -> z3.BoolRef:
    actor = v.num("actor")
    return z3.And(
        _step(v, Phase.GAIN),
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*(z3.And(actor == i, asset(w, 0, i) == asset(v, 0, i) + 1) for i in SEATS)),
    )


def _broken_lose(v: Vars, w: Vars) -> z3.BoolRef:
    actor = v.num("actor")
    return z3.And(
        _step(v, Phase.LOSE),
        *_frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*(z3.And(actor == i, asset(w, 0, i) == asset(v, 0, i) - 1) for i in SEATS)),
    )


def _broken_extra_mile(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        _step(v, Phase.PRE_ROLL),
        *_frame(v, w, {"step", "dice", *ASSETS_ALL}),
        w.num("dice") == EXTRA_MILE_DICE + 1,
    )


def _broken_milestone(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        _step(v, Phase.END),
        *_frame(v, w, {*TAIL_CHANGES, *PER_SEAT_MS}),
        *(at(w, "ms", i) == at(v, "ms", i) for i in SEATS),
        *(at(w, "rw", i) == at(v, "rw", i) + 1 for i in SEATS),
    )


def _broken_scout(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        _step(v, Phase.POST_ROLL),
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("sc")}),
        *_active_adds(v, w, "sc", 2),
    )


def _broken_center(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        _step(v, Phase.MOVE),
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
        *(z3.Implies(active != i, flag_at(w, "cc", i) == flag_at(v, "cc", i)) for i in SEATS),
        *keep(v, w, seat_names("atf")),
    )


def _broken_final(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        _step(v, Phase.MOVE),
        *_frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
        *(z3.Implies(active != i, flag_at(w, "atf", i) == flag_at(v, "atf", i)) for i in SEATS),
        *(z3.Implies(flag_at(w, "atf", i), flag_at(v, "fin", i)) for i in SEATS),
        *keep(v, w, seat_names("cc")),
    )


def _broken_barter(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        _step(v, Phase.ANSWER),
        *_frame(v, w, {"step", *seat_names("bt", "skip")}),
        *_active_adds(v, w, "bt", 1),
    )


def _broken_win(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        _step(v, Phase.DRAW),
        *_frame(v, w, {"step", "over", "winners", *seat_names("won")}),
        w.flag("over"),
        w.num("step") == OVER,
        w.num("winners") == 1,
        *(flag_at(w, "won", i) == (active == i) for i in SEATS),
        z3.Not(v.flag("teams")),
    )


WRONG_DOCS: dict[Defect, tuple[str, Callable[[Vars, Vars], z3.BoolRef], str, str]] = {
    "gain-past-the-cap": ("gain", _broken_gain, "DAB-INV-CAPS", "a gain ignores the cap"),
    "lose-below-zero": ("lose", _broken_lose, "DAB-INV-CAPS", "a loss goes below zero"),
    "seven-dice": ("extra-mile", _broken_extra_mile, "DAB-INV-DICE", "the extra mile rolls seven"),
    "milestone-twice": ("end-of-turn", _broken_milestone, "DAB-INV-MILESTONES", "a second reward"),
    "scout-skips-ahead": ("resolve", _broken_scout, "DAB-INV-SCOUT", "two destinations at once"),
    "center-unscouted": ("arrive", _broken_center, "DAB-INV-CENTER", "Center City unguarded"),
    "final-without-assets": ("arrive", _broken_final, "DAB-INV-FINAL", "the final unguarded"),
    "barter-twice": ("accept", _broken_barter, "DAB-INV-BARTER", "a second barter"),
    "win-without-assets": ("resolve", _broken_win, "DAB-INV-END", "a win anywhere"),
}
"""Each planted defect: the transition it replaces, the invariant or property that must
refute it, and what is wrong."""


def _wrong(defect: Defect) -> WrongEncoding:
    name, relation, catches, what = WRONG_DOCS[defect]
    return WrongEncoding.swapping(defect, name, relation, catches=catches, what=what)


WRONG: tuple[WrongEncoding, ...] = tuple(_wrong(defect) for defect in WRONG_DOCS)

MODEL = Model(
    game=GAME.id,
    variables=VARIABLES,
    init=init,
    invariants=(
        Named.of("DAB-INV-CAPS", inv_caps),
        Named.of("DAB-INV-MILESTONES", inv_milestones),
        Named.of("DAB-INV-SCOUT", inv_scout),
        Named.of("DAB-INV-DICE", inv_dice),
        Named.of("DAB-INV-BARTER", inv_barter),
        Named.of("DAB-INV-END", inv_end),
    ),
    transitions=(
        Transition.of("setup", setup),
        Transition.of("decide", decide),
        Transition.of("keep-busy", keep_busy),
        Transition.of("accept", accept),
        Transition.of("move-die", move_die),
        Transition.of("fuel", fuel),
        Transition.of("bonus-card", bonus_card),
        Transition.of("arrive", arrive),
        Transition.of("extra-mile", extra_mile),
        Transition.of("roll-dice", roll_dice),
        Transition.of("dice", dice),
        Transition.of("food", food),
        Transition.of("weaponry", weaponry),
        Transition.of("resolve", resolve),
        Transition.of("lose", lose),
        Transition.of("gain", gain),
        Transition.of("draw", draw_chance),
        Transition.of("leave-crossing", leave_crossing),
        Transition.of("end-of-turn", end_of_turn),
    ),
    properties=(
        Property.of("DAB-INV-CENTER", prop_center),
        Property.of("DAB-INV-FINAL", prop_final),
    ),
    goals=(
        Goal("solo-win", "a player wins a game without teams", goal_solo_win),
        Goal("team-win", "a team wins", goal_team_win),
        Goal("reactivated", "a finished teammate reactivates", goal_reactivated),
        Goal("every-milestone", "a side reaches all four milestones", goal_milestones),
    ),
    wrong=WRONG,
    background=background,
    descriptions=DESCRIPTIONS,
)
"""The abstract model of Doom and Bloom SURVIVAL!."""
