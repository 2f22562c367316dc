"""Doom and Bloom SURVIVAL! in z3: the abstract model (background, init, invariants,
properties, goals, wrong encodings) over the variables of
:mod:`~dieproof.proofs.doom_and_bloom.vocabulary`, with the rules every step obeys in
:mod:`~dieproof.proofs.doom_and_bloom.steps` and the transitions of
:mod:`~dieproof.proofs.doom_and_bloom.transitions`.

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

It also carries what a state offers, so that the refinement check sees an option withheld
or wrongly offered, not only the steps random play takes: whether the card in play asks
for a roll or a choice, and at the movement decision which kinds of space the listing
offers to finish on (the next destination, a later one, a scouted town or the hospital
used last, the final destination, Center City) beside whether the next destination is
within the roll; and the card in play as printed (its target, what its Success and
Failure results give), so that a settled roll must give what its result prints. The
background restates from the rulebook when each must and must not
be listed (:func:`offered`) and that no turn begins past the turn limit; the steps clear
the skip of every seat a new turn passes and hold the turn for the Medkit's choice after
Survivors were lost (:mod:`~dieproof.proofs.doom_and_bloom.steps`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import z3

from dieproof.proofs.doom_and_bloom.steps import (
    ASSETS_ALL,
    PER_SEAT_MS,
    TAIL_CHANGES,
    at_step,
    frame,
)
from dieproof.proofs.doom_and_bloom.transitions import (
    accept,
    arrive,
    bonus_card,
    decide,
    dice,
    draw_chance,
    end_of_turn,
    extra_mile,
    food,
    fuel,
    gain,
    keep_busy,
    leave_crossing,
    lose,
    move_die,
    resolve,
    roll_dice,
    setup,
    weaponry,
)
from dieproof.proofs.doom_and_bloom.vocabulary import (
    ASSET_NAMES,
    DESCRIPTIONS,
    OVER,
    SCRATCH,
    SEATS,
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
    BONUS_ITEM,
    EXTRA_MILE_DICE,
    FOOD_USES,
    MAX_PLAYERS,
    MILESTONES,
    MIN_PLAYERS,
    NORMAL_DICE,
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
        # a result's pending choices and draws wait in their own phases, losses first,
        # then gains, then Bonus cards (resolve.settle)
        z3.Implies(v.num("pend_lose") > 0, at_step(v, Phase.LOSE)),
        z3.Implies(v.num("pend_gain") > 0, at_step(v, Phase.LOSE, Phase.GAIN)),
        z3.Implies(v.num("pend_bonus") > 0, at_step(v, Phase.LOSE, Phase.GAIN, Phase.BONUS)),
        # no turn begins past dieproof's turn limit: the game ends there (DAB-A10)
        v.num("turns") <= v.num("limit"),
        offered(v),
        trades_offered(v),
        shown(v),
    )


_CHANCE_PHASES = (
    Phase.SETUP_ROLL,
    Phase.CHARACTER,
    Phase.DESTINATION,
    Phase.MOVE_ROLL,
    Phase.DRAW,
    Phase.DICE,
    Phase.BONUS,
    Phase.FINAL,
)


def shown(v: Vars) -> z3.BoolRef:
    """What a state shows, restated from the rulebook: a result is declared exactly when
    the game is over (DAB-END-1, DAB-FINAL-2); who is to move: chance for a shuffle, a
    roll or a draw, nobody once the game is over, the rival deciding to keep the active
    player busy (DAB-BUSY-1), the partner of an offer (DAB-TRADE-1), the actor taking
    losses or gains of choice (DAB-ASSET-3), else the active player; an offer waits only
    for its answer, made by the active player to a rival side, of an item its side holds
    (or its next turn, once per game, DAB-TRADE-2) for another item the partner's side
    holds, never Survivors (DAB-TRADE-1); the start player is known once the start roll
    is over (DAB-SETUP-2)."""
    mover = v.num("mover")
    active = v.num("active")
    partner_seat = v.num("chooser")
    answering = at_step(v, Phase.ANSWER)
    give, get = v.num("give"), v.num("get")
    return z3.And(
        v.flag("declared") == (v.num("step") == OVER),
        z3.Implies(at_step(v, *_CHANCE_PHASES), mover == -1),
        z3.Implies(v.num("step") == OVER, mover == -2),
        z3.Implies(at_step(v, Phase.BUSY, Phase.ANSWER), mover == partner_seat),
        z3.Implies(at_step(v, Phase.GAIN, Phase.LOSE), mover == v.num("actor")),
        z3.Implies(
            at_step(v, Phase.REACTIVATE, Phase.TURN, Phase.MOVE, Phase.PRE_ROLL),
            mover == active,
        ),
        z3.Implies(
            at_step(v, Phase.POST_ROLL, Phase.CHOICE, Phase.CROSSING, Phase.END),
            mover == active,
        ),
        z3.Implies(z3.Not(answering), z3.And(give == -2, get == -2, v.num("offerer") == -1)),
        z3.Implies(
            answering,
            z3.And(
                v.num("offerer") == active,
                give >= -1,
                give <= BONUS_ITEM,
                get >= 0,
                get <= BONUS_ITEM,
                z3.Or(give != get, give == BONUS_ITEM),
                *(
                    z3.Implies(
                        active == i,
                        z3.And(
                            z3.Not(same_side(v, i, partner_seat)),
                            partner_seat >= 0,
                            partner_seat < v.num("n"),
                            z3.Implies(give == -1, at(v, "bt", i) == 0),
                            *(
                                z3.Implies(give == x, pooled(v, _ITEM_ASSET[x], i) > 0)
                                for x in range(4)
                            ),
                        ),
                    )
                    for i in SEATS
                ),
                *(
                    z3.Implies(
                        z3.And(partner_seat == i, get == x), pooled(v, _ITEM_ASSET[x], i) > 0
                    )
                    for i in SEATS
                    for x in range(4)
                ),
            ),
        ),
        z3.Implies(at_step(v, Phase.SETUP_ROLL), v.num("start") == -1),
        z3.Implies(
            z3.Not(at_step(v, Phase.SETUP_ROLL)),
            z3.And(v.num("start") >= 0, v.num("start") < v.num("n")),
        ),
        v.num("pile") >= 0,
        *(at(v, "hand", i) >= 0 for i in SEATS),
    )


_ITEM_ASSET = (0, 1, 2, 4)
"""The asset of each trade item but the Bonus cards (3: a Medkit)."""


def offered(v: Vars) -> z3.BoolRef:
    """What a state offers, restated from the rulebook over the abstract quantities: a
    roll only with a search or raider card in play (DAB-ROLL-1), a choice only with a
    choice card (DAB-EVENT-3); at the movement decision, the next destination to scout
    listed exactly when it is within the roll (DAB-MOVE-2, DAB-TOWN-3), never a later
    destination (DAB-TOWN-3), a scouted town or the hospital used last (DAB-TOWN-4,
    DAB-HOSPITAL-2), the final destination only while the side holds the required assets
    (DAB-FINAL-1), Center City only with every destination scouted and before the final
    destination is drawn (DAB-CENTER-1); no Move listed but at the movement decision."""
    active = v.num("active")
    moving = at_step(v, Phase.MOVE)
    return z3.And(
        z3.Implies(at_step(v, Phase.PRE_ROLL, Phase.DICE, Phase.POST_ROLL), v.flag("card_roll")),
        z3.Implies(at_step(v, Phase.CHOICE), v.flag("card_choice")),
        z3.Implies(z3.Not(moving), z3.Not(v.flag("reach_next"))),
        *(z3.Implies(z3.Not(moving), z3.Not(v.flag(x))) for x in _MOVES),
        v.flag("mv_next") == v.flag("reach_next"),
        z3.Not(v.flag("mv_later")),
        z3.Not(v.flag("mv_again")),
        *(
            z3.Implies(
                active == i,
                z3.And(
                    z3.Implies(v.flag("reach_next"), at(v, "sc", i) < v.num("k")),
                    z3.Implies(
                        v.flag("mv_final"), z3.And(flag_at(v, "fin", i), has_required(v, i))
                    ),
                    z3.Implies(
                        v.flag("mv_center"),
                        z3.And(at(v, "sc", i) == v.num("k"), z3.Not(flag_at(v, "fin", i))),
                    ),
                ),
            )
            for i in SEATS
        ),
    )


_MOVES = ("mv_next", "mv_later", "mv_again", "mv_final", "mv_center")
_TRADE_GIVES = ("tg_food", "tg_fuel", "tg_weaponry", "tg_medkits")


def side_hand(v: Vars, o: int) -> z3.ArithRef:
    """The Bonus cards seat ``o``'s side holds (a team's hand is on its first seat)."""
    if o < 2:
        return at(v, "hand", o)
    return z3.If(v.flag("teams"), at(v, "hand", o - 2), at(v, "hand", o))


def trades_offered(v: Vars) -> z3.BoolRef:
    """DAB-TRADE-1 with DAB-BUSY-1 (DAB-A25): at the start of a turn, until the turn's one
    offer is made, the listing offers to give each trade asset (Food, Fuel, Weaponry, a
    Medkit) exactly when the active side holds it, may give it (a player kept busy on its
    final destination keeps the required assets) and a rival side holds another item to
    take in return (another trade asset or a Bonus card); nowhere else."""
    active = v.num("active")
    turn = at_step(v, Phase.TURN)
    found: list[z3.BoolRef] = [z3.Implies(z3.Not(turn), z3.Not(v.flag(x))) for x in _TRADE_GIVES]
    for i in SEATS:
        for x, name in enumerate(_TRADE_GIVES):
            j = _ITEM_ASSET[x]
            may_give = z3.Or(
                z3.Not(v.flag("busy")),
                z3.Not(flag_at(v, "atf", i)),
                pooled(v, j, i) > v.num(f"req_{ASSET_NAMES[j]}"),
            )
            rival_has = z3.Or(
                *(
                    z3.And(
                        flag_at(v, "seat", o),
                        z3.Not(same_side(v, i, z3.IntVal(o))),
                        z3.Or(
                            side_hand(v, o) > 0,
                            *(pooled(v, y, o) > 0 for y in _ITEM_ASSET if y != j),
                        ),
                    )
                    for o in SEATS
                    if o != i
                )
            )
            found.append(
                z3.Implies(
                    z3.And(turn, active == i),
                    v.flag(name)
                    == z3.And(
                        z3.Not(v.flag("made_offer")), pooled(v, j, i) > 0, may_give, rival_has
                    ),
                )
            )
    return z3.And(*found)


def init(v: Vars) -> z3.BoolRef:
    """Before the start roll (DAB-SETUP-5): empty mats, every pawn in Center City, no
    roll, no milestone, nothing scouted, no barter."""
    return z3.And(
        v.num("step") == STEP[Phase.SETUP_ROLL],
        v.num("active") == -1,
        v.num("turns") == 0,
        v.num("winners") == 0,
        v.num("start") == -1,
        z3.Not(v.flag("over")),
        *(v.num(x) == 0 for x in SCRATCH if VARIABLES[x] == "int"),
        *(z3.Not(v.flag(x)) for x in SCRATCH if VARIABLES[x] == "bool"),
        *(
            z3.And(
                *(asset(v, j, i) == 0 for j in range(5)),
                *(at(v, name, i) == 0 for name in ("ms", "rw", "sc", "bt", "ex", "sr", "hand")),
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
        at_step(v, Phase.GAIN),
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*(z3.And(actor == i, asset(w, 0, i) == asset(v, 0, i) + 1) for i in SEATS)),
    )


def _broken_lose(v: Vars, w: Vars) -> z3.BoolRef:
    actor = v.num("actor")
    return z3.And(
        at_step(v, Phase.LOSE),
        *frame(v, w, {*TAIL_CHANGES, *ASSETS_ALL}),
        z3.Or(*(z3.And(actor == i, asset(w, 0, i) == asset(v, 0, i) - 1) for i in SEATS)),
    )


def _broken_extra_mile(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        at_step(v, Phase.PRE_ROLL),
        *frame(v, w, {"step", "dice", *ASSETS_ALL}),
        w.num("dice") == EXTRA_MILE_DICE + 1,
    )


def _broken_milestone(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        at_step(v, Phase.END),
        *frame(v, w, {*TAIL_CHANGES, *PER_SEAT_MS}),
        *(at(w, "ms", i) == at(v, "ms", i) for i in SEATS),
        *(at(w, "rw", i) == at(v, "rw", i) + 1 for i in SEATS),
    )


def _broken_scout(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        at_step(v, Phase.POST_ROLL),
        *frame(v, w, {*TAIL_CHANGES, *seat_names("sc")}),
        *_active_adds(v, w, "sc", 2),
    )


def _broken_center(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        at_step(v, Phase.MOVE),
        *frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
        *(z3.Implies(active != i, flag_at(w, "cc", i) == flag_at(v, "cc", i)) for i in SEATS),
        *keep(v, w, seat_names("atf")),
    )


def _broken_final(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        at_step(v, Phase.MOVE),
        *frame(v, w, {*TAIL_CHANGES, *seat_names("cc", "atf")}),
        *(z3.Implies(active != i, flag_at(w, "atf", i) == flag_at(v, "atf", i)) for i in SEATS),
        *(z3.Implies(flag_at(w, "atf", i), flag_at(v, "fin", i)) for i in SEATS),
        *keep(v, w, seat_names("cc")),
    )


def _broken_barter(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        at_step(v, Phase.ANSWER),
        *frame(v, w, {"step", *seat_names("bt", "skip")}),
        *_active_adds(v, w, "bt", 1),
    )


def _broken_win(v: Vars, w: Vars) -> z3.BoolRef:
    active = v.num("active")
    return z3.And(
        at_step(v, Phase.DRAW),
        *frame(v, w, {"step", "over", "winners", *seat_names("won")}),
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
    # 183 small obligations: z3's plain solver gives the same verdicts without the
    # default solver's preprocessing (about 1.9 -> 1.1 s of CPU for `prove`).
    simple_solver=True,
)
"""The abstract model of Doom and Bloom SURVIVAL!."""
