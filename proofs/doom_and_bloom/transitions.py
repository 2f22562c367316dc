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
    partner,
    pooled,
    scratch_but,
    seat_names,
)
from dieproof.proofs.model import Vars
from dieproof.reference.doom_and_bloom.types import (
    CENTER_REWARD,
    EXTRA_MILE_DICE,
    FOOD_COST,
    FOOD_USES,
    FUEL_BONUS,
    MEDKITS,
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
        "start",
        *seat_names("sr"),
    }
    return z3.And(
        z3.Or(*(v.num("step") == s for s in SETUP_STEPS)),
        *frame(v, w, changes),
        *start_roll(v, w),
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


def start_roll(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """The start roll (DAB-SETUP-2, DAB-A13): each seat still in rolls once; the roll
    is over only when every seat in play has rolled (or dropped out of a tie), and the
    start player is the one whose roll is higher than every other seat's."""
    rolling = at_step(v, Phase.SETUP_ROLL)
    start = w.num("start")
    over = z3.And(
        *(z3.Implies(flag_at(v, "seat", i), at(w, "sr", i) != 0) for i in SEATS),
        *(
            z3.Implies(
                start == i,
                z3.And(
                    *(
                        z3.Implies(flag_at(v, "seat", o), at(w, "sr", o) < at(w, "sr", i))
                        for o in SEATS
                        if o != i
                    )
                ),
            )
            for i in SEATS
        ),
    )
    return [
        z3.If(
            rolling,
            z3.If(at_step(w, Phase.SETUP_ROLL), start == -1, over),
            z3.And(*keep(v, w, ("start", *seat_names("sr")))),
        )
    ]


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
        *frame(v, w, {"step", "chooser", *ASSETS_ALL, *HANDS, *seat_names("bt", "skip", "ex")}),
        *items,
        *traded(v, w),
        held(w) == held(v),
        *(asset(w, SURVIVORS, i) == asset(v, SURVIVORS, i) for i in SEATS),
        z3.Or(barter, z3.And(*keep(v, w, seat_names("bt", "skip", "ex")))),
    )


def traded(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """What an accepted offer moves (DAB-TRADE-1): the item offered goes from the
    offerer's side to the partner's mat, the item asked for from the partner's side to
    the offerer's mat; a side gives one of an item it holds, and the taker gains one,
    stopping at the cap (DAB-ASSET-1). The two sides are rivals (never one side)."""
    found: list[z3.BoolRef] = []
    moves = (
        (v.num("give"), v.num("offerer"), v.num("chooser")),
        (v.num("get"), v.num("chooser"), v.num("offerer")),
    )
    for item, giver, taker in moves:
        for x, j in enumerate((0, 1, 2, 4)):
            for i in SEATS:
                found.append(
                    z3.Implies(
                        z3.And(item == x, taker == i),
                        asset(w, j, i)
                        == z3.If(asset(v, j, i) < cap(j), asset(v, j, i) + 1, asset(v, j, i)),
                    )
                )
                found.append(
                    z3.Implies(
                        z3.And(item == x, giver == i), pooled(w, j, i) == pooled(v, j, i) - 1
                    )
                )
    return found


HANDS = ("pile", *seat_names("hand"))


def held(v: Vars) -> z3.ArithRef:
    """The Bonus cards in every hand together."""
    return z3.Sum(*(at(v, "hand", i) for i in SEATS))


def holds_hand(v: Vars, seat: z3.ArithRef, i: int) -> z3.BoolRef:
    """Whether seat ``i`` keeps the Bonus hand of ``seat``'s side: its own, or in team
    play the team's first seat (seats 0 and 2, 1 and 3 are teammates)."""
    if i >= 2:
        return z3.And(seat == i, z3.Not(v.flag("teams")))
    return z3.Or(seat == i, z3.And(v.flag("teams"), seat == i + 2))


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
        *frame(v, w, {"roll", "total", "pend_gain", "step", *HANDS}),
        held(w) == held(v) - 1,
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


def _clamp(x: z3.ArithRef, j: int) -> z3.ArithRef:
    """``x`` kept within asset ``j``'s track: a loss never goes below zero, a gain stops
    at the cap (DAB-ASSET-1, DAB-ASSET-2, DAB-A12)."""
    return z3.If(x < 0, z3.IntVal(0), z3.If(x > cap(j), z3.IntVal(cap(j)), x))


def compared(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """A comparison card's success for seat ``i`` (DAB-EVENT-2): no other player holds
    less (``least``) or more (``most``) of the compared asset; in team play with the
    ``pool`` reading the sides' pools are compared, else the single mats (DAB-A6). The
    card is the one drawn in this step (``w``); the holdings are before its result.
    Written per compared asset, so that each comparison stays a short term."""
    stat = w.num("stat")
    pools = z3.And(v.flag("teams"), v.flag("pool_cmp"))
    least = w.num("cmp") == 1
    cases = []
    for j in range(5):
        mine = z3.If(pools, pooled(v, j, i), asset(v, j, i))
        checks = []
        for o in SEATS:
            if o == i:
                continue
            theirs = z3.If(pools, pooled(v, j, o), asset(v, j, o))
            counted = z3.And(flag_at(v, "seat", o), z3.Not(z3.And(pools, o == partner(i))))
            checks.append(z3.Implies(counted, z3.If(least, theirs >= mine, theirs <= mine)))
        cases.append(z3.And(stat == j, *checks))
    return z3.Or(*cases)


def _result(v: Vars, w: Vars, i: int, card: Vars, prefix: str, *, price: bool) -> list[z3.BoolRef]:
    """What the result ``prefix`` (``s_`` or ``f_``) of ``card``'s card does to seat
    ``i``'s mat in a game without teams, after the price of a paid choice when ``price``:
    a Failure exactly that, a Success that and the space's rewards (see
    :func:`settlement`, which states its follow-up). The price is taken first, then
    the result: content may print a negative price (a gain), which stops at the cap
    before the result moves the asset (a price is offered only when the side holds it,
    so it never goes below zero). Each term is written once and short (no shared
    subterm), so the compiled relation stays lazy."""
    found: list[z3.BoolRef] = []
    success = prefix == "s_"
    for j, name in enumerate(ASSET_NAMES):
        x = asset(v, j, i)
        if price:  # only a choice card has one (0 for the others)
            x = x - card.num(f"p_{name}")
            x = z3.If(x > cap(j), z3.IntVal(cap(j)), x)
        after = _clamp(x + card.num(f"{prefix}{name}"), j)
        now = asset(w, j, i)
        if not success:
            found.append(now == after)
            continue
        hospital = z3.If(v.flag("sp_hospital"), 1, 0) if j == MEDKITS else z3.IntVal(0)
        center = z3.If(flag_at(v, "cc", i), CENTER_REWARD[j], 0)
        beyond = now - hospital - center
        found.append(z3.Or(beyond >= after, now == cap(j)))
        if j != SURVIVORS:
            found.append(beyond - z3.If(v.num("sp_icon") == j, 2, 0) <= after)
    return found


_PENDING = (Phase.LOSE, Phase.GAIN, Phase.BONUS)


def settlement(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """What a card's result does to the active player's mat, in a game without teams
    (DAB-EVENT-1 to DAB-EVENT-4, DAB-HOSPITAL-1, DAB-CENTER-2, DAB-CROSS-2): a choice
    card's paid option first takes its price (DAB-EVENT-3); the result's fixed gains and
    losses then move each asset within its track; a Failure gives nothing else, so each
    asset is exactly that; a Success adds the space's rewards: at least 1 Medkit at a
    hospital and Center City's rewards, at most those and twice the board asset printed
    on the space (the Survivors a town gives are left open). After a Success at a
    crossing the player chooses how to leave it, and after a Success in Center City the
    final destination is drawn, once the pending losses, gains and Bonus draws are taken.
    A comparison card succeeds as :func:`compared` says. The card is the one in play
    before the step (a roll or a choice) or the one drawn in it, which the state after
    still shows while the turn goes on (``success`` is then the result); a roll's result
    is its total against the target (DAB-ROLL-1); a choice that ended the turn shows no
    result, so either option's effect."""
    active = v.num("active")
    solo = z3.Not(v.flag("teams"))
    goes_on = z3.And(w.num("turns") == v.num("turns"), z3.Not(w.flag("over")))
    total, target = v.num("total"), v.num("target")
    won_roll = z3.Or(total > target, z3.And(v.flag("tie_wins"), total == target))
    drawn_resolved = z3.And(
        at_step(v, Phase.DRAW), goes_on, z3.Not(at_step(w, Phase.PRE_ROLL, Phase.CHOICE))
    )
    found: list[z3.BoolRef] = [
        z3.Implies(z3.And(at_step(v, Phase.POST_ROLL), goes_on), w.flag("success") == won_roll),
    ]
    rolled_or_chosen = at_step(v, Phase.POST_ROLL, Phase.CHOICE)
    shown = z3.Not(goes_on)  # a choice that ended the turn shows no result
    v_success = z3.Or(
        z3.And(at_step(v, Phase.POST_ROLL), won_roll),
        z3.And(at_step(v, Phase.CHOICE), z3.Or(shown, w.flag("success"))),
    )
    v_failure = z3.Or(
        z3.And(at_step(v, Phase.POST_ROLL), z3.Not(won_roll)),
        z3.And(at_step(v, Phase.CHOICE), z3.Or(shown, z3.Not(w.flag("success")))),
    )
    succeeded = z3.Or(
        z3.And(at_step(v, Phase.POST_ROLL), won_roll),
        z3.And(z3.Or(at_step(v, Phase.CHOICE), drawn_resolved), goes_on, w.flag("success")),
    )
    found.append(
        z3.Implies(z3.And(v.flag("sp_crossing"), succeeded), at_step(w, *_PENDING, Phase.CROSSING))
    )
    for i in SEATS:
        mine = z3.And(active == i, solo)
        found.append(
            z3.Implies(
                z3.And(active == i, flag_at(v, "cc", i), succeeded),
                at_step(w, *_PENDING, Phase.FINAL),
            )
        )
        in_play = z3.Or(
            z3.And(
                v_success,
                # a Success at a crossing or in Center City does not end the turn
                z3.Or(goes_on, z3.Not(z3.Or(v.flag("sp_crossing"), flag_at(v, "cc", i)))),
                *_result(v, w, i, v, "s_", price=True),
            ),
            z3.And(v_failure, *_result(v, w, i, v, "f_", price=False)),
        )
        drawn = z3.Or(
            z3.And(w.flag("success"), *_result(v, w, i, w, "s_", price=False)),
            z3.And(z3.Not(w.flag("success")), *_result(v, w, i, w, "f_", price=False)),
        )
        found.append(z3.Implies(z3.And(rolled_or_chosen, mine), in_play))
        found.append(z3.Implies(z3.And(drawn_resolved, mine), drawn))
        found.append(
            z3.Implies(
                z3.And(active == i, at_step(v, Phase.DRAW), goes_on, w.num("cmp") > 0),
                w.flag("success") == compared(v, w, i),
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
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL, *PER_SEAT_MS, *HANDS, *seat_names("sc")}),
        *side_changes(v, w, active),
        held(w) <= held(v),
        w.num("pile") == v.num("pile"),
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
        *settlement(v, w),
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
        *keep(v, w, ("pend_bonus", *HANDS)),
    )
    actor = v.num("actor")
    bonus = z3.And(
        at_step(v, Phase.BONUS),
        v.num("pend_bonus") > 0,
        *keep(v, w, seat_names("fin")),
        # the card drawn goes to the actor's side's hand (DAB-BONUS-2), from the pile, or
        # from the discards reshuffled when the pile is empty (DAB-A15)
        *(
            at(w, "hand", i) == at(v, "hand", i) + z3.If(holds_hand(v, actor, i), 1, 0)
            for i in SEATS
        ),
        z3.If(v.num("pile") > 0, w.num("pile") == v.num("pile") - 1, w.num("pile") >= 0),
        z3.Or(
            z3.And(w.num("pend_bonus") <= v.num("pend_bonus") - 1, w.num("pend_bonus") >= 0),
            v.num("active") == -1,
            w.num("turns") > v.num("turns"),
        ),
    )
    return z3.And(
        *frame(v, w, {*TAIL_CHANGES, *HANDS, *seat_names("fin")}),
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
