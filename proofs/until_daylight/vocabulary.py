"""Until Daylight in z3: the model's variables and the small vocabulary its formulas use."""

from __future__ import annotations

import z3

from dieproof.proofs.model import (
    Sort,
    Vars,
)
from dieproof.reference.until_daylight.types import (
    MAX_PLAYERS,
    Phase,
    Wave,
)

SEATS = range(MAX_PLAYERS)
"""The model has a slot per possible seat; ``seat[i]`` says whether seat i plays."""

SETUP, SEARCH, RELEASE, ATTACKS, ENEMIES, OVER = range(6)
PHASE_NUMBER = {
    Phase.SETUP: SETUP,
    Phase.SEARCH: SEARCH,
    Phase.RELEASE: RELEASE,
    Phase.ATTACKS: ATTACKS,
    Phase.ENEMIES: ENEMIES,
    Phase.OVER: OVER,
}
NO_WAVE, RAIDERS, INFECTED, COLLATERAL = range(4)
WAVE_NUMBER = {
    Wave.NONE: NO_WAVE,
    Wave.RAIDERS: RAIDERS,
    Wave.INFECTED: INFECTED,
    Wave.COLLATERAL: COLLATERAL,
}

GLOBAL_INT = (
    "n",
    "phase",
    "round",
    "cycle",
    "cap",
    "dice",
    "wave",
    "elim",
    "prefix",
    "leader",
    "cards",
    "cards_total",
    "horde",
    "horde_total",
    "rescued",
    "arms",
    "bonus",
    "ammo",
    "withdraw",
    "reveal",
    "attract",
    "active",
    "turn",
    "acted",
    "misclaimed",
    "least",
    "events",
    "built",
    "offered",
    "secondary",
)
"""Besides the counts above: ``active`` is the seat receiving the round's horde (-1 in
setup and the search phase), ``turn`` the seat whose turn it is, ``acted`` the players
who have acted in the characters' attack (areas done in the enemies' attack),
``misclaimed`` the objective cards whose mark disagrees with their count (fulfilled but
not claimed, or claimed though a count that never falls is short), ``least`` the least
number among every card count, pile and debt of the state (never negative), ``events``
the red event cards in the rubble discard pile, ``built`` the tokens built in the game,
``offered`` the secondary objectives drawn for the player choosing one, ``secondary``
the secondary objective cards left in their pile."""
GLOBAL_BOOL = ("won", "lost", "attacking", "fate_card", "useful")
PER_SEAT_INT = (
    "hp",
    "top",
    "slots",
    "limit",
    "prot",
    "barr",
    "traps",
    "surv",
    "foes",
    "xp",
    "wounds",
    "kept",
    "owed",
    "loose",
)
"""Per seat (``name[i]``); ``loose`` counts the rubble cards of the seat's inventory that
are not ammunition, which move one at a time."""
PER_SEAT_BOOL = ("seat",)


def _variables() -> dict[str, Sort]:
    names: dict[str, Sort] = {}
    for name in GLOBAL_INT:
        names[name] = "int"
    for name in GLOBAL_BOOL:
        names[name] = "bool"
    for i in SEATS:
        for name in PER_SEAT_INT:
            names[f"{name}[{i}]"] = "int"
        for name in PER_SEAT_BOOL:
            names[f"{name}[{i}]"] = "bool"
    return names


VARIABLES = _variables()

CONSTANTS = ("n", "cap", "cards_total", "horde_total", "fate_card", "useful")

# -- small vocabulary -----------------------------------------------------------------------


def at(v: Vars, name: str, seat: int) -> z3.ArithRef:
    return v.num(f"{name}[{seat}]")


def flag_at(v: Vars, name: str, seat: int) -> z3.BoolRef:
    return v.flag(f"{name}[{seat}]")


def seat_sum(v: Vars, name: str) -> z3.ArithRef:
    return z3.Sum(*(at(v, name, i) for i in SEATS))


def keep(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    """``name' = name`` for each name, whatever its sort."""
    kept: list[z3.BoolRef] = []
    for name in names:
        if VARIABLES[name] == "int":
            kept.append(w.num(name) == v.num(name))
        else:
            kept.append(w.flag(name) == v.flag(name))
    return kept


def keep_seats(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    return [c for i in SEATS for c in keep(v, w, *(f"{name}[{i}]" for name in names))]


def phase_in(v: Vars, *phases: int) -> z3.BoolRef:
    return z3.Or(*(v.num("phase") == p for p in phases))


def xp_of(v: Vars, seat: z3.ArithRef) -> z3.ArithRef:
    """The experience of the seat ``seat`` names (0 for -1, nobody)."""
    term: z3.ArithRef = z3.IntVal(0)
    for i in SEATS:
        term = z3.If(seat == i, at(v, "xp", i), term)
    return term


def death(w: Vars) -> z3.BoolRef:
    """A character at 0 health, after setup."""
    return z3.Or(*(z3.And(flag_at(w, "seat", i), at(w, "hp", i) == 0) for i in SEATS))
