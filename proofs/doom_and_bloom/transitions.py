"""Doom and Bloom SURVIVAL! in z3: the named transitions, one per kind of step (setup,
the start-of-turn decisions, keeping a rival busy, an accepted offer, the movement die,
fuel, Bonus cards, arrival, the search or raider roll and its benefits, a card's result,
losses and gains of choice, chance draws, leaving a crossing, the end of a turn).

Each states what its step does: the exact dice (5, or 6 for the extra mile), +1 per food
or weaponry benefit, +3 per fuel, the exact costs of every benefit taken from the side's
pool, one resource gained (stopping at the cap) or lost (never below zero), one
milestone reward per milestone. Card effects are content: a result may move the active
side's assets anywhere within the tracks, which the caps are about."""

from __future__ import annotations

import z3

from dieproof.proofs.doom_and_bloom.steps import (
    ASSETS_ALL,
    PER_SEAT_MS,
    TAIL_CHANGES,
    at_step,
    ending,
    frame,
    milestone_rewards,
    no_win,
    pay,
    side_changes,
    tail,
)
from dieproof.proofs.doom_and_bloom.vocabulary import (
    ASSET_NAMES,
    OVER,
    RESOURCES,
    SCRATCH,
    SEATS,
    SETUP_STEPS,
    STEP,
    asset,
    at,
    cap,
    flag_at,
    has_required,
    keep,
    pooled,
    scratch_but,
    seat_names,
)
from dieproof.proofs.model import Vars
from dieproof.reference.doom_and_bloom.types import (
    EXTRA_MILE_DICE,
    FOOD_COST,
    FOOD_USES,
    FUEL_BONUS,
    MILESTONES,
    NORMAL_DICE,
    SURVIVORS,
    Phase,
)

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
        *frame(v, w, changes),
        *milestone_rewards(v, w),
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
        at_step(v, Phase.BUSY, Phase.TURN, Phase.ANSWER, Phase.REACTIVATE),
        *frame(v, w, {*TAIL_CHANGES, *seat_names("again")}),
        *(
            z3.If(
                z3.And(at_step(v, Phase.REACTIVATE), active == i, flag_at(v, "done", i)),
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
        *tail(v, w, keep(v, w, SCRATCH)),
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
        at_step(v, Phase.BUSY),
        *frame(v, w, {"step", "chooser", "busy", *ASSETS_ALL}),
        w.flag("busy"),
        w.num("step") == STEP[Phase.TURN],
        *(c for j in RESOURCES for c in pay(v, w, chooser, j, 1)),
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
        at_step(v, Phase.ANSWER),
        w.num("step") == STEP[Phase.TURN],
        *frame(v, w, {"step", "chooser", *ASSETS_ALL, *seat_names("bt", "skip", "ex")}),
        *items,
        *(asset(w, SURVIVORS, i) == asset(v, SURVIVORS, i) for i in SEATS),
        z3.Or(barter, z3.And(*keep(v, w, seat_names("bt", "skip", "ex")))),
    )


def sum_over(v: Vars, j: int) -> z3.ArithRef:
    return z3.Sum(*(asset(v, j, i) for i in SEATS))


def move_die(v: Vars, w: Vars) -> z3.BoolRef:
    """The movement die: the allowance is one face (DAB-MOVE-2)."""
    return z3.And(
        at_step(v, Phase.MOVE_ROLL),
        w.num("step") == STEP[Phase.MOVE],
        *frame(v, w, {"step", "roll"}),
        w.num("roll") >= v.num("fmin"),
        w.num("roll") <= v.num("fmax"),
    )


def fuel(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Fuel adds 3 to the movement roll, once per turn (DAB-MOVE-6)."""
    return z3.And(
        at_step(v, Phase.MOVE),
        *frame(v, w, {"roll", "fuel_used", *ASSETS_ALL}),
        z3.Not(v.flag("fuel_used")),
        w.flag("fuel_used"),
        w.num("roll") == v.num("roll") + FUEL_BONUS,
        *pay(v, w, v.num("active"), 1, 1),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (0, 2, 3, 4)),
    )


def bonus_card(v: Vars, w: Vars) -> z3.BoolRef:
    """A Bonus card played (DAB-BONUS-1): it raises the movement allowance, the roll's
    total, or gives resources of choice to take."""
    return z3.And(
        *frame(v, w, {"roll", "total", "pend_gain", "step"}),
        z3.Or(
            z3.And(
                at_step(v, Phase.MOVE),
                w.num("roll") > v.num("roll"),
                *keep(v, w, ("total", "pend_gain", "step")),
            ),
            z3.And(
                at_step(v, Phase.POST_ROLL),
                v.num("dice") > 0,
                w.num("total") > v.num("total"),
                *keep(v, w, ("roll", "pend_gain", "step")),
            ),
            z3.And(
                at_step(v, Phase.TURN),
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
        at_step(v, Phase.TURN, Phase.MOVE),
        *frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
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
        *tail(v, w, keep(v, w, SCRATCH)),
        *no_win(v, w),
    )


def extra_mile(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Food, 1 Fuel, 1 Weaponry: six dice instead of five (DAB-ROLL-2)."""
    return z3.And(
        at_step(v, Phase.PRE_ROLL),
        v.num("dice") == 0,
        w.num("step") == STEP[Phase.DICE],
        *frame(v, w, {"step", "dice", *ASSETS_ALL}),
        w.num("dice") == EXTRA_MILE_DICE,
        *(c for j in RESOURCES for c in pay(v, w, v.num("active"), j, 1)),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (3, 4)),
    )


def roll_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """Five dice for a search or raider roll (DAB-ROLL-1)."""
    return z3.And(
        at_step(v, Phase.PRE_ROLL),
        v.num("dice") == 0,
        w.num("step") == STEP[Phase.DICE],
        *frame(v, w, {"step", "dice"}),
        w.num("dice") == NORMAL_DICE,
    )


def dice(v: Vars, w: Vars) -> z3.BoolRef:
    """The roll's total is the sum of its dice: between dice x lowest face and dice x
    highest face (DAB-SETUP-3)."""
    n = v.num("dice")
    low = z3.If(n == EXTRA_MILE_DICE, EXTRA_MILE_DICE * v.num("fmin"), NORMAL_DICE * v.num("fmin"))
    high = z3.If(n == EXTRA_MILE_DICE, EXTRA_MILE_DICE * v.num("fmax"), NORMAL_DICE * v.num("fmax"))
    return z3.And(
        at_step(v, Phase.DICE),
        n > 0,
        w.num("step") == STEP[Phase.POST_ROLL],
        *frame(v, w, {"step", "total"}),
        w.num("total") >= low,
        w.num("total") <= high,
    )


def food(v: Vars, w: Vars) -> z3.BoolRef:
    """2 Food add 1 to a search roll, at most twice per turn (DAB-ROLL-3)."""
    return z3.And(
        at_step(v, Phase.POST_ROLL),
        v.num("dice") > 0,
        v.num("food_uses") < FOOD_USES,
        *frame(v, w, {"total", "food_uses", *ASSETS_ALL}),
        w.num("total") == v.num("total") + 1,
        w.num("food_uses") == v.num("food_uses") + 1,
        *pay(v, w, v.num("active"), 0, FOOD_COST),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (1, 2, 3, 4)),
    )


def weaponry(v: Vars, w: Vars) -> z3.BoolRef:
    """1 Weaponry adds 1 to a raider roll, once per turn (DAB-ROLL-4)."""
    return z3.And(
        at_step(v, Phase.POST_ROLL),
        v.num("dice") > 0,
        z3.Not(v.flag("weapon_used")),
        *frame(v, w, {"total", "weapon_used", *ASSETS_ALL}),
        w.flag("weapon_used"),
        w.num("total") == v.num("total") + 1,
        *pay(v, w, v.num("active"), 2, 1),
        *(asset(w, j, i) == asset(v, j, i) for i in SEATS for j in (0, 1, 3, 4)),
    )


def settled_gains(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """A settled roll (DAB-ROLL-1, DAB-EVENT-1): a total above the card's target (or
    equal to it, with the tie reading) takes the Success result, else the Failure one;
    each asset the result gives lands on the active player's own mat, stopping at the
    cap (DAB-ASSET-1). A result that gives an asset takes none of it, the space's rewards
    may add more, nothing else in the step takes it away: so the mat holds at least that
    much afterwards."""
    active = v.num("active")
    total, target = v.num("total"), v.num("target")
    won = z3.Or(total > target, z3.And(v.flag("tie_wins"), total == target))
    found: list[z3.BoolRef] = []
    for i in SEATS:
        for j, name in enumerate(ASSET_NAMES):
            gets = z3.If(won, v.num(f"s_{name}"), v.num(f"f_{name}"))
            have = asset(v, j, i)
            least = z3.If(have + gets <= cap(j), have + gets, z3.IntVal(cap(j)))
            found.append(
                z3.Implies(
                    z3.And(at_step(v, Phase.POST_ROLL), active == i, gets > 0),
                    asset(w, j, i) >= least,
                )
            )
    return found


def resolve(v: Vars, w: Vars) -> z3.BoolRef:
    """A card's result (DAB-EVENT-1) with the space's rewards: only the active side's
    assets change, the roll is over, a destination may be scouted (the next one only,
    DAB-TOWN-2), milestones bring one reward each; then pending choices, the crossing,
    the final destination, the win or the end of the turn."""
    active = v.num("active")
    return z3.And(
        at_step(v, Phase.DRAW, Phase.POST_ROLL, Phase.CHOICE),
        z3.Implies(at_step(v, Phase.DRAW), v.num("dice") == 0),
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL, *PER_SEAT_MS, *seat_names("sc")}),
        *side_changes(v, w, active),
        *milestone_rewards(v, w),
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
        *settled_gains(v, w),
        *tail(
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
        ending(v, w),
    )


def lose(v: Vars, w: Vars) -> z3.BoolRef:
    """One resource of choice lost from the side's pool, which holds it (DAB-ASSET-2,
    DAB-ASSET-3)."""
    actor = v.num("actor")
    pays = [
        z3.And(
            *pay(v, w, actor, j, 1),
            *(asset(w, x, i) == asset(v, x, i) for i in SEATS for x in range(5) if x != j),
        )
        for j in RESOURCES
    ]
    return z3.And(
        at_step(v, Phase.LOSE),
        v.num("pend_lose") > 0,
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*pays),
        *tail(
            v,
            w,
            [
                # one loss taken; the rest is dropped only when the side holds none of
                # the three resources any more (DAB-A12)
                z3.Or(
                    w.num("pend_lose") == v.num("pend_lose") - 1,
                    z3.And(
                        w.num("pend_lose") == 0,
                        *(
                            z3.Or(*(z3.And(actor == i, pooled(w, j, i) == 0) for i in SEATS))
                            for j in RESOURCES
                        ),
                    ),
                ),
                *keep(v, w, scratch_but("pend_lose", "pend_bonus")),
                w.num("pend_bonus") <= v.num("pend_bonus"),
                w.num("pend_bonus") >= 0,
            ],
        ),
        ending(v, w),
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
        at_step(v, Phase.GAIN),
        v.num("pend_gain") > 0,
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*gains),
        *tail(
            v,
            w,
            [
                w.num("pend_gain") == v.num("pend_gain") - 1,
                w.num("pend_bonus") <= v.num("pend_bonus"),
                w.num("pend_bonus") >= 0,
                *keep(v, w, scratch_but("pend_gain", "pend_bonus")),
            ],
        ),
        ending(v, w),
    )


def draw_chance(v: Vars, w: Vars) -> z3.BoolRef:
    """A Bonus card drawn (DAB-BONUS-2), or the final destination drawn after clearing
    Center City with every destination scouted (DAB-CENTER-2)."""
    active = v.num("active")
    final = z3.And(
        at_step(v, Phase.FINAL),
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
        at_step(v, Phase.BONUS),
        v.num("pend_bonus") > 0,
        *keep(v, w, seat_names("fin")),
        z3.Or(
            z3.And(w.num("pend_bonus") <= v.num("pend_bonus") - 1, w.num("pend_bonus") >= 0),
            v.num("active") == -1,
            w.num("turns") > v.num("turns"),
        ),
    )
    return z3.And(
        *frame(v, w, {*TAIL_CHANGES, *seat_names("fin")}),
        z3.Or(final, bonus),
        *tail(
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
                z3.Or(at_step(v, Phase.BONUS), w.num("pend_bonus") == v.num("pend_bonus")),
            ],
        ),
        ending(v, w),
    )


def leave_crossing(v: Vars, w: Vars) -> z3.BoolRef:
    """After clearing a crossing: enter its region, bypass to another crossing, or remain
    (DAB-CROSS-2); the turn ends."""
    return z3.And(
        at_step(v, Phase.CROSSING),
        *frame(v, w, TAIL_CHANGES),
        *tail(v, w, keep(v, w, SCRATCH)),
        *no_win(v, w),
    )


def end_of_turn(v: Vars, w: Vars) -> z3.BoolRef:
    """The end of the turn: 1 Medkit from the side restores the Survivors lost this turn
    on the active mat (stopping at the cap, DAB-ASSET-5), or the turn just ends."""
    active = v.num("active")
    medkit = z3.And(
        v.num("lost") > 0,
        *pay(v, w, active, 4, 1),
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
        *milestone_rewards(v, w),
    )
    plain = z3.And(*keep(v, w, (*ASSETS_ALL, *PER_SEAT_MS)))
    return z3.And(
        at_step(v, Phase.END),
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL, *PER_SEAT_MS}),
        z3.Or(medkit, plain),
        *tail(
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
        *no_win(v, w),
    )
