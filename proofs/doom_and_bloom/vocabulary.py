"""Doom and Bloom SURVIVAL! in z3: the model's variables and the small vocabulary its
formulas use (pooled holdings, paying from a side, keeping variables, the turn passing)."""

from __future__ import annotations

from collections.abc import Iterable

import z3

from dieproof.proofs.model import Sort, Vars
from dieproof.reference.doom_and_bloom.types import CAPS, MAX_PLAYERS, Phase

SEATS = range(MAX_PLAYERS)
"""The model has a slot per possible seat; ``seat[i]`` says whether seat i plays."""

STEP = {phase: i for i, phase in enumerate(Phase)}
"""The number of each phase of the reference (the model's ``step``)."""
SETUP_STEPS = (STEP[Phase.SETUP_ROLL], STEP[Phase.CHARACTER], STEP[Phase.DESTINATION])
OVER = STEP[Phase.OVER]

ASSET_NAMES = ("food", "fuel", "weaponry", "survivors", "medkits")
RESOURCES = range(3)

GLOBAL_INT = (
    "n",
    "step",
    "active",
    "actor",
    "chooser",
    "dice",
    "total",
    "food_uses",
    "roll",
    "pend_gain",
    "pend_lose",
    "pend_bonus",
    "lost",
    "k",
    "req_food",
    "req_fuel",
    "req_weaponry",
    "req_survivors",
    "req_medkits",
    "fmin",
    "fmax",
    "turns",
    "limit",
    "winners",
    "start",
    "pile",
)
"""``step`` is the reference's phase (:data:`STEP`); ``active`` the seat whose turn it
is (-1 in setup), ``actor`` the seat taking pending gains, ``chooser`` the rival deciding
to keep the active player busy or the partner of an offer; ``dice`` the dice of the
search or raider roll in progress (0: none), ``total`` its total after modifiers,
``food_uses`` the Food benefits used this turn, ``roll`` the movement allowance after
modifiers; ``pend_*`` the losses, gains and Bonus draws a result left; ``lost`` the
Survivors lost this turn; ``k`` the destinations per player, ``req_*`` the required
assets, ``fmin``/``fmax`` the lowest and highest die face, ``turns`` the turns begun and
``limit`` dieproof's turn limit; ``winners`` the winning seats; ``start`` the seat that
won the start roll (-1 before); ``pile`` the Bonus cards left in the draw pile (0 also
when the discards are to be reshuffled)."""
GLOBAL_BOOL = ("teams", "pool_cmp", "fuel_used", "weapon_used", "busy", "over")
OFFERED = (
    "card_roll",
    "card_choice",
    "mv_next",
    "reach_next",
    "mv_later",
    "mv_again",
    "mv_final",
    "mv_center",
    "tg_food",
    "tg_fuel",
    "tg_weaponry",
    "tg_medkits",
    "made_offer",
)
CARD_INT = (
    "target",
    *(f"s_{name}" for name in ASSET_NAMES),
    *(f"f_{name}" for name in ASSET_NAMES),
    *(f"p_{name}" for name in ASSET_NAMES),
    "cmp",
    "stat",
)
"""The card in play as printed: ``target`` the total its roll must beat; ``s_*`` and
``f_*`` what its Success and its Failure result move of each asset (a gain, or a loss
as a negative number; 0 where the result moves none); ``p_*`` what a choice card's paid
option costs (0 for the other cards); ``cmp`` whether it compares the players'
holdings (0 no, 1 success when no other holds less, 2 when no other holds more) and
``stat`` the asset it compares; with ``tie_wins`` (the ``tie`` reading: a total equal
to the target succeeds). Read afresh at every state, like :data:`OFFERED`."""
CARD_BOOL = ("tie_wins",)
SHOWN_INT = ("mover", "give", "get", "offerer", "sp_icon")
"""What a state shows beyond the mats, read afresh at every state: ``mover`` the seat the
reference says is to move (``to_move``: -1 chance, -2 the game is over); while an offer
waits for its answer, ``give`` and ``get`` the items it moves (0-2 the resources, 3 a
Medkit, 4 on a Bonus card, -1 the offerer's next turn; -2 when no offer waits) and
``offerer`` the seat that made it; ``sp_icon`` the asset icon printed on the active
player's space (-1 none)."""
SHOWN_BOOL = ("declared", "success", "sp_hospital", "sp_crossing")
"""``declared`` whether the reference declares a result (``result``); ``success``
whether the card resolved last this turn succeeded; ``sp_*`` whether the active player's
space is a hospital or a crossing."""
"""What the state shows or offers, read from the card in play and from the listing of the
movement's destinations (DAB-MOVE-2 to DAB-MOVE-4, DAB-HOSPITAL-2, DAB-TOWN-3, DAB-TOWN-4,
DAB-CENTER-1, DAB-FINAL-1): ``card_roll``/``card_choice`` whether the card in play asks for
a search or raider roll, or is a choice card; at a movement decision, ``mv_next`` whether
a Move onto the next destination to scout is listed and ``reach_next`` whether that
town's space is within the roll; ``mv_later`` a Move onto a destination further down the
list, ``mv_again`` onto a town already scouted (not the final destination) or the hospital
used last, ``mv_final`` onto the final destination, ``mv_center`` into Center City. They
are read afresh at every state, so no step keeps them (:func:`frame` leaves them free).
At the start of a turn, ``tg_*`` whether the listing offers a trade giving Food, Fuel,
Weaponry or a Medkit (DAB-TRADE-1), and ``made_offer`` whether the turn's one offer was
made."""
PER_SEAT_INT = (*ASSET_NAMES, "ms", "rw", "sc", "bt", "ex", "sr", "hand")
"""Per seat: its five assets; ``ms`` the survivor milestones its side has reached,
``rw`` the milestone rewards its side was granted; ``sc`` the destinations scouted;
``bt`` the barters it made; ``ex`` the additional turns it is owed; ``sr`` its start
roll (0 not rolled yet, -1 out of a tie); ``hand`` the Bonus cards its side holds (on
the side's first seat, 0 on the other)."""
PER_SEAT_BOOL = ("seat", "fin", "cc", "atf", "skip", "done", "won", "again")
"""Per seat: whether it plays; whether its final destination is drawn; whether its pawn
is in Center City, or on its final destination; whether it skips its next turn; whether
it is done (team play), won, or has reactivated."""

CONSTANTS = (
    "n",
    "teams",
    "pool_cmp",
    "k",
    "req_food",
    "req_fuel",
    "req_weaponry",
    "req_survivors",
    "req_medkits",
    "fmin",
    "fmax",
    "limit",
    *(f"seat[{i}]" for i in SEATS),
)
SCRATCH = (
    "dice",
    "total",
    "food_uses",
    "roll",
    "fuel_used",
    "weapon_used",
    "busy",
    "lost",
    "pend_gain",
    "pend_lose",
    "pend_bonus",
)
"""What a turn keeps for itself; all of it is reset when a turn begins."""


def scratch_but(*names: str) -> tuple[str, ...]:
    """The turn's own variables (:data:`SCRATCH`) other than ``names``, in order."""
    unknown = set(names) - set(SCRATCH)
    if unknown:
        raise ValueError(f"not turn variables: {sorted(unknown)}")
    return tuple(n for n in SCRATCH if n not in names)


def _variables() -> dict[str, Sort]:
    names: dict[str, Sort] = {}
    for name in GLOBAL_INT:
        names[name] = "int"
    for name in GLOBAL_BOOL:
        names[name] = "bool"
    for name in OFFERED:
        names[name] = "bool"
    for name in CARD_INT:
        names[name] = "int"
    for name in CARD_BOOL:
        names[name] = "bool"
    for name in SHOWN_INT:
        names[name] = "int"
    for name in SHOWN_BOOL:
        names[name] = "bool"
    for i in SEATS:
        for name in PER_SEAT_INT:
            names[f"{name}[{i}]"] = "int"
        for name in PER_SEAT_BOOL:
            names[f"{name}[{i}]"] = "bool"
    return names


VARIABLES = _variables()

DESCRIPTIONS = {
    "step": "the reference's phase, numbered in the order of Phase",
    "dice": "dice in the search or raider roll in progress (0 none, 5, or 6)",
    "total": "that roll's total after food, weaponry and Bonus cards",
    "roll": "the movement allowance after fuel and Bonus cards",
    **{f"ms[{i}]": f"survivor milestones seat {i}'s side has reached" for i in SEATS},
    **{f"rw[{i}]": f"milestone rewards seat {i}'s side was granted" for i in SEATS},
    **{f"sc[{i}]": f"destinations seat {i} has scouted, in order" for i in SEATS},
    **{f"bt[{i}]": f"turns seat {i} has bartered away" for i in SEATS},
    "card_roll": "the card in play asks for a search or raider roll",
    "card_choice": "the card in play is a choice card",
    "mv_next": "a Move onto the next destination to scout is listed",
    "reach_next": "the next destination to scout is within the movement roll",
    "mv_later": "a Move onto a destination further down the list is listed",
    "mv_again": "a Move onto a scouted town (not the final) or the last hospital is listed",
    "mv_final": "a Move onto the final destination is listed",
    "mv_center": "a Move into Center City is listed",
    "target": "the total the roll of the card in play must beat",
    "tie_wins": "a roll equal to the target succeeds (the tie reading)",
    "pool_cmp": "team play compares the sides' pools (the team_compare reading)",
    **{
        f"s_{name}": f"{name} the card's Success result moves (negative: takes)"
        for name in ASSET_NAMES
    },
    **{
        f"f_{name}": f"{name} the card's Failure result moves (negative: takes)"
        for name in ASSET_NAMES
    },
}


# -- small vocabulary ---------------------------------------------------------------------


def at(v: Vars, name: str, seat: int) -> z3.ArithRef:
    return v.num(f"{name}[{seat}]")


def flag_at(v: Vars, name: str, seat: int) -> z3.BoolRef:
    return v.flag(f"{name}[{seat}]")


def asset(v: Vars, j: int, seat: int) -> z3.ArithRef:
    return at(v, ASSET_NAMES[j], seat)


def partner(i: int) -> int:
    return (i + 2) % MAX_PLAYERS


def pooled(v: Vars, j: int, i: int) -> z3.ArithRef:
    """Asset ``j`` of seat ``i``'s side (a team pools its two mats)."""
    own = asset(v, j, i)
    return z3.If(v.flag("teams"), own + asset(v, j, partner(i)), own)


def required(v: Vars, j: int) -> z3.ArithRef:
    return v.num(f"req_{ASSET_NAMES[j]}")


def has_required(v: Vars, i: int) -> z3.BoolRef:
    return z3.And(*(pooled(v, j, i) >= required(v, j) for j in range(5)))


def same_side(v: Vars, i: int, seat: z3.ArithRef) -> z3.BoolRef:
    """Whether seat ``i`` is on the side of the seat ``seat`` names."""
    return z3.Or(seat == i, z3.And(v.flag("teams"), seat == partner(i)))


def is_seat(term: z3.ArithRef, i: int) -> z3.BoolRef:
    return term == i


def cap(j: int) -> int:
    return CAPS[j]


def keep(v: Vars, w: Vars, names: Iterable[str]) -> list[z3.BoolRef]:
    """``name' = name`` for each name, whatever its sort."""
    kept: list[z3.BoolRef] = []
    for name in names:
        if VARIABLES[name] == "int":
            kept.append(w.num(name) == v.num(name))
        else:
            kept.append(w.flag(name) == v.flag(name))
    return kept


def seat_names(*names: str) -> tuple[str, ...]:
    return tuple(f"{name}[{i}]" for i in SEATS for name in names)


def count(flags: Iterable[z3.BoolRef]) -> z3.ArithRef:
    return z3.Sum(*(z3.If(f, z3.IntVal(1), z3.IntVal(0)) for f in flags))
