"""No Game Over in z3: the model's variables and the small vocabulary its formulas use.

The model follows every seat's lives, hand, equipment, curses beside the equipment, slot
overflow and 1st ROUND token; whose turn it is, who moves, who owes a choice and which roll
or grab chance owes; the combat (fighter, whether it is a Final Boss fight, the enemies,
the strength of both sides and the fighter's own, the items' bonus, doublings and
helpers, the escape value and the strictest cannot-escape icon, priority and passes, the
rewards due); the queued draws; the cards in decks, discard piles and on the table, and
the single-use items among the discards (lives and strength printed, Rings, GCA Lackeys,
Thyme Crisis); whether the active player won a combat this turn; and how the game ended. The numbers
the rulebook prints (six lives, the gain ceiling of five, five cards) come from the
game's types, never from its rules modules.
"""

from __future__ import annotations

from typing import Final

import z3

from dieproof.proofs.model import Sort, Vars
from dieproof.reference.no_game_over.types import MAX_PLAYERS, Block, Roll, Step

SEATS: Final = range(MAX_PLAYERS)
"""A slot per possible seat; ``seat[i]`` says whether seat i plays."""

STEP_NUMBER: Final = {step: i for i, step in enumerate(Step)}
"""Each step's number in the model."""
DEAL: Final = STEP_NUMBER[Step.DEAL]
ROLL_OFF: Final = STEP_NUMBER[Step.ROLL_OFF]
REWARD: Final = STEP_NUMBER[Step.REWARD]
PREPARE: Final = STEP_NUMBER[Step.PREPARE]
GHOST_DRAW: Final = STEP_NUMBER[Step.GHOST_DRAW]
COMBAT: Final = STEP_NUMBER[Step.COMBAT]
ESCAPE: Final = STEP_NUMBER[Step.ESCAPE]
END: Final = STEP_NUMBER[Step.END]
EASY: Final = STEP_NUMBER[Step.EASY]
OVER: Final = STEP_NUMBER[Step.OVER]

ROLL_NUMBER: Final = {roll: i for i, roll in enumerate(Roll)}
"""Each pending roll's number in the model (0: none)."""
ESCAPE_ROLL: Final = ROLL_NUMBER[Roll.ESCAPE]
BRAWLER_FOR: Final = ROLL_NUMBER[Roll.BRAWLER_FOR]
BRAWLER_AGAINST: Final = ROLL_NUMBER[Roll.BRAWLER_AGAINST]

BLOCK_NUMBER: Final = {block: i for i, block in enumerate(Block)}
"""Each cannot-escape icon's number in the model (0: none, 1: no dice, 2: no escape)."""

GLOBAL_INT: Final = (
    "n",
    "box",
    "active",
    "mover",
    "step",
    "fighter",
    "enemies",
    "princesses",
    "harm",
    "fpower",
    "epower",
    "rewards",
    "queued",
    "decks",
    "discards",
    "table",
    "winner",
    "rule",
    "loads",
    "fstrength",
    "bonus",
    "escape",
    "block",
    "priority",
    "passes",
    "roll",
    "owing",
    "heals",
    "rings",
    "pitems",
    "doublings",
    "helpers",
    "lackeys",
    "thymes",
)
GLOBAL_BOOL: Final = (
    "combat",
    "boss",
    "boss_main",
    "secondary",
    "level",
    "boss_pending",
    "over",
    "self_help",
    "snatch",
    "rewarded",
)
PER_SEAT_INT: Final = ("lives", "hand", "equip", "afl", "overflow")
PER_SEAT_BOOL: Final = ("seat", "owe", "token")


def _variables() -> dict[str, Sort]:
    names: dict[str, Sort] = dict.fromkeys(GLOBAL_INT, "int")
    names.update(dict.fromkeys(GLOBAL_BOOL, "bool"))
    for i in SEATS:
        for name in PER_SEAT_INT:
            names[f"{name}[{i}]"] = "int"
        for name in PER_SEAT_BOOL:
            names[f"{name}[{i}]"] = "bool"
    return names


VARIABLES: Final = _variables()

_GLOBAL_DESCRIPTIONS: Final = {
    "n": "players at the table",
    "box": "cards in the box (every deck)",
    "active": "whose turn it is (-1 during setup)",
    "mover": "who decides now (-1 chance, -2 nobody)",
    "step": "where the game is: " + ", ".join(f"{i} {s.value}" for s, i in STEP_NUMBER.items()),
    "fighter": "whom the enemies attack (-1: no combat)",
    "enemies": "the main enemy and a secondary one facing the fighter",
    "princesses": "Princess of Bersia curses in the combat",
    "harm": "strength items played against the fighter added",
    "fpower": "the fighter's side: strength, items, allied enemy, helpers, doublings",
    "epower": "the enemies' side: main, secondary, princesses, items against",
    "rewards": "reward cards the defeated enemies give (the allied one's excluded)",
    "queued": "draws still to make",
    "decks": "cards in the three decks",
    "discards": "cards in the three discard piles",
    "table": "the combat's cards (enemies, princesses)",
    "winner": "the winner (-1 while the game runs)",
    "rule": "how it was won: 1 the Final Boss, 2 the last with lives, 0 not yet",
    "loads": "times Load Game brought ghosts back",
    "combat": "a combat is on the table",
    "boss": "the combat is a Final Boss fight",
    "boss_main": "the enemy faced is a Final Boss card",
    "secondary": "a secondary enemy is in the combat",
    "level": "the next draw is the turn's Level card",
    "boss_pending": "the next draw is a Final Boss",
    "over": "the game is over",
    "fstrength": "the fighter's own strength: lives, and equipment unless a Spatuna lies beside it",
    "bonus": "strength the fighter's single-use items added (Strict Brawler's twice the roll)",
    "escape": "the fighter's escape value: 2, the equipment in use, the escape curses",
    "block": "the strictest cannot-escape icon facing the fighter: 0 none, 1 no dice, 2 none",
    "priority": "who holds priority in the combat's loop (-1: no combat)",
    "passes": "passes in a row in the combat's loop",
    "roll": "the die roll waited for: "
    + ", ".join(f"{i} {r.value}" for r, i in ROLL_NUMBER.items()),
    "owing": "who owes the first owed choice (-1: nobody)",
    "heals": "lives printed on the single-use items in the discard piles",
    "rings": "Zoomic Rings and Marcos Bros Coins in the discard piles",
    "pitems": "strength printed on the single-use items in the discard piles",
    "doublings": "GCA Lackeys the fighter played in this combat",
    "helpers": "players Thyme Crisis made help the fighter",
    "lackeys": "GCA Lackeys in the discard piles",
    "thymes": "Thyme Crisis cards in the discard piles",
    "self_help": "Thyme Crisis made the fighter help themselves",
    "snatch": "Steal Burglar's random card is being taken from a hand",
    "rewarded": "the active player won a combat this turn",
}
_SEAT_DESCRIPTIONS: Final = {
    "lives": "seat {i}'s lives",
    "hand": "cards in seat {i}'s hand",
    "equip": "seat {i}'s equipped cards",
    "afl": "curses beside seat {i}'s equipment",
    "overflow": "seat {i}'s equipped cards beyond the slots and Cheats",
    "seat": "seat {i} plays",
    "owe": "seat {i} owes taking equipment back after a Cheat left",
    "token": "seat {i} holds a 1st ROUND token",
}

DESCRIPTIONS: Final = {
    **_GLOBAL_DESCRIPTIONS,
    **{
        f"{name}[{i}]": text.format(i=i) for i in SEATS for name, text in _SEAT_DESCRIPTIONS.items()
    },
}
"""What each variable means, for the docs."""


def seat_num(v: Vars, name: str, i: int) -> z3.ArithRef:
    """The per-seat integer ``name`` of seat ``i``."""
    return v.num(f"{name}[{i}]")


def seat_flag(v: Vars, name: str, i: int) -> z3.BoolRef:
    """The per-seat boolean ``name`` of seat ``i``."""
    return v.flag(f"{name}[{i}]")


def at(v: Vars, name: str, index: z3.ArithRef) -> z3.ArithRef:
    """The per-seat integer ``name`` of the seat ``index`` names (0 for no seat)."""
    total: z3.ArithRef = z3.IntVal(0)
    for i in SEATS:
        total = z3.If(index == i, seat_num(v, name, i), total)
    return total


def alive(v: Vars) -> z3.ArithRef:
    """Players with lives."""
    return z3.Sum(*(z3.If(seat_num(v, "lives", i) > 0, 1, 0) for i in SEATS))


def total(v: Vars) -> z3.ArithRef:
    """Every card wherever it is: hands, equipment, curses beside it, decks, discard piles
    and the table."""
    return z3.Sum(
        *(seat_num(v, name, i) for i in SEATS for name in ("hand", "equip", "afl")),
        v.num("decks"),
        v.num("discards"),
        v.num("table"),
    )


def next_seat(v: Vars) -> z3.ArithRef:
    """The seat after the active one (the player on the right)."""
    active = v.num("active")
    return z3.If(active + 1 == v.num("n"), z3.IntVal(0), active + 1)
