"""Don't Let It Die in z3: the model's variables and the vocabulary its formulas use.

Per seat: health, stamina and their maxima, incapacitated and being revived, weapons and
tools equipped and the slots for them. Globally: the pool's tokens by supply (wood,
rock, fiber, berries raw and cooked, meat raw and cooked, bone, hide) and the FKP tokens
out of the box, the pit and the food burning in it, the day and the last day, the phase,
the result, the tree (unlocked discoveries and their arrows), the copies of each item
made and the buildings. And what the abstraction restates from the rulebook for the night
and the morning: the night event in force (the stamina the morning's refill cuts, whether
it touches anybody's health, teaching), the step of the night (the event about to be
drawn, or settled), the earthquake's losses owed and the group's unequipped weapons and
tools, and whether the game has a result. The setup the configuration's Challenge names
(the first day, each resource deck's cards, whether food may go onto the pit) and the
night event cards of the box; the steps the rulebook links (the Investigate Fire roll and
Kara's re-roll, the night event's draw, whether it hurts nobody then, the earthquake, the
stampede's roller).
Constants come from the reference's types, never its rules.
"""

from __future__ import annotations

from typing import Final

import z3

from dieproof.proofs.model import Sort, Vars
from dieproof.reference.dont_let_it_die.content import CHARACTERS
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    CHARACTERS_IN_PLAY,
    COOKED_BERRY,
    COOKED_MEAT,
    COST_INVESTIGATE,
    DECK_COSTS,
    FKP_SUPPLY,
    ITEM_COPIES,
    LAST_DAY,
    MEAT,
    REVIVE_HP,
    STAT_CAP,
    TOKEN_SUPPLY,
    Step,
)

SEATS: Final = range(CHARACTERS_IN_PLAY)
_CARD_NAMES: Final = [c.name for c in CHARACTERS]
AJAX, ATOUK, AYLA, CRON, GRUB, MABE, NANUK, RIVER, THUNK, VOG = (
    _CARD_NAMES.index(n)
    for n in ("Ajax", "Atouk", "Ayla", "Cron", "Grub", "Mabe", "Nanuk", "River", "Thunk", "Vog")
)
"""The character cards the offers depend on (content order)."""
CRON_COST: Final = 2
AJAX_COST: Final = 2
COOK_COST: Final = 1
DRAW_COSTS: Final = DECK_COSTS
INVESTIGATE_COST: Final = COST_INVESTIGATE
"""Stamina for Cron's reshuffle and Ajax's heal (their cards), cooking a food token
(Action 10, Cook Food), a draw from each deck (Forage, Gather,
Harvest, Hunt) and Investigate Fire (the reference card's costs)."""
FORAGE_DECK, GATHER_DECK, HARVEST_DECK, HUNT_DECK = range(4)
MEALS: Final = {BERRY: (3, 1), MEAT: (2, 1), COOKED_BERRY: (2, 2), COOKED_MEAT: (1, 2)}
"""Each food's meal (Action Cards, Eating): the tokens it eats and the health it heals; 3
raw berries or 2 raw meat heal 1, 2 cooked berries or 1 cooked meat heal 2. Challenge 9
burns a meal on the pit as the wood of its health."""
DISCOVERIES: Final = range(15)
"""Slots for the discoveries of the largest tree (a smaller tree leaves the rest locked,
without arrows)."""
ITEMS: Final = range(19)

CAP: Final = STAT_CAP
SUPPLY: Final = TOKEN_SUPPLY
FKP_TOKENS: Final = FKP_SUPPLY
COPIES: Final = ITEM_COPIES
REVIVED_HP: Final = REVIVE_HP
LAST: Final = LAST_DAY

DAY, NIGHT, REFUEL, MORNING, OVER = range(5)
PHASE_OF: Final = {
    Step.TURN: DAY,
    Step.DRAW: DAY,
    Step.LIGHTNING: DAY,
    Step.PICK: DAY,
    Step.FIGHT: DAY,
    Step.ROLL: DAY,
    Step.REROLL: DAY,
    Step.PAY: DAY,
    Step.MABE: DAY,
    Step.NIGHT: NIGHT,
    Step.DUB: NIGHT,
    Step.NIGHT_ROLL: NIGHT,
    Step.BREAK_TOOL: NIGHT,
    Step.LOSE_ITEMS: NIGHT,
    Step.REFUEL: REFUEL,
    Step.MORNING: MORNING,
    Step.OVER: OVER,
}

SEAT_INT: Final = ("hp", "mhp", "st", "mst", "w", "t", "ws", "ts")
SEAT_BOOL: Final = ("down", "rev")
SEAT_FACTS: Final[tuple[tuple[str, Sort], ...]] = (
    ("cmh", "int"),
    ("cms", "int"),
    ("card", "int"),
    ("daily", "bool"),
    ("mdmg", "int"),
    ("today", "int"),
    ("fin", "bool"),
)
"""Per seat, what the background holds each state to (the maxima the rulebook computes,
the character card, today's once-a-day skill used, today's investigations and armour
uses, the day's turn ended: ``fin``) or the morning's transition reads (the morning's
damage under the night event in force, restated by the abstraction); no transition keeps
or sets them."""
GOODS: Final = ("rock", "fiber", "berries", "meats", "bone", "hide")
"""Token supplies of eight besides wood."""
GLOBAL_INT: Final = (
    "wood",
    *GOODS,
    "fkp",
    "pit",
    "pitfood",
    "day",
    "last",
    "phase",
    "bld",
    "fs",
    "fkpool",
    "held",
    "mover",
    "expect",
    "cut",
    "spw",
    "spt",
    "day0",
    *(f"{x}[{d}]" for d in range(4) for x in ("dk", "dk0", "dall")),
    "nroll",
    "stok",
    "nev",
    "nev0",
)
GLOBAL_BOOL: Final = (
    "shared",
    "hard",
    "won",
    "lostpit",
    "refuelok",
    "nightend",
    "foodwood",
    "waits",
    "fiberb",
    "wtaken",
    "quiet",
    "teach",
    "fresh",
    "settled",
    "ended",
    "losing",
    "owew",
    "owet",
    "drawing",
    "calm",
    "quake",
    "rain",
    "stamp",
    "rolling",
    "rerolling",
    "kfresh",
    "nrolling",
)
OFFER_INT: Final = (
    "tturn",
    "tcard",
    "tst",
    "tw",
    "tt",
    "sur",
    "inv",
    "discs",
    "menub",
    "menum",
    "lcron",
    "leat",
    "lrev",
    "ltrade",
    "pend",
    "fseat",
    "fhurt",
    "lvog",
    "rawb",
    "rawm",
    "lcook",
    "nopen",
    "lplace",
    "lajax",
    "ckb",
    "ckm",
    "lfwood",
)
OFFER_BOOL: Final = (
    "tnode",
    "fnode",
    "fog",
    "poison",
    "sun",
    "winds",
    "mush",
    "crev",
    "tradeok",
    "linv",
    "lwood",
    *(f"{x}[{d}]" for d in range(4) for x in ("left", "ldraw")),
    "cook1",
    "cook2",
    "dub",
    "tdaily",
    "lrwood",
    "tfree",
    "lfinv",
)
"""What a state offers, and what the rulebook decides it by (``tnode``, ``fnode``: the
state is a turn's, a fight's decision node) (the background holds each
state to it; no transition keeps or sets them): at the decision node of a turn, the seat
whose turn it is (``tturn``, -1 at any other node), the stamina surcharge (``sur``), the
night event in force (fog, sunburn, the winds, the mushrooms), whether each deck has a
card (``left[d]``, Forage, Gather, Harvest, Hunt), the turn's character's Investigate
Fire actions today (``inv``), the decks with a card in their discard pile (``discs``),
the berry and meat meals the pool affords (``menub``, ``menum``), whether it affords a
revival (``crev``); and, read from the reference's listing of the node, whether a plain
draw from each deck (``ldraw[d]``), a plain Investigate Fire (``linv``) and a wood for
the pit (``lwood``) are offered, how many reshuffles of Cron's (``lcron``), meals
(``leat``) and revivals (``lrev``). At a fight's decision node: the fighter (``fseat``,
else -1), the plain ways to fight listed that leave the fighter hurt (``fhurt``, by the
combat rules restated) and Vog's covers listed (``lvog``). ``pend``: the decision fields
a finished game still holds (the fighter, the deck, the cards drawn, a pending roll,
choice or payment). Also at a turn's node: the raw berries and meat (``rawb``,
``rawm``; in the refuel window too), Cooking 1 and 2 unlocked (``cook1``, ``cook2``), the
open discoveries (``nopen``), Dub in play (``dub``), the once-a-day skill used
(``tdaily``), and the foods to cook (``lcook``), the placements (``lplace``) and Ajax's
heal (``lajax``) listed; in the refuel window, whether a wood for the pit is listed
(``lrwood``). At a turn's node and in the refuel window: the cooked berries and meat
(``ckb``, ``ckm``) and the foods listed for the pit in Challenge 9 (``lfwood``)."""
OFFER_DESCRIPTIONS: Final = {
    "tnode": "the state is a turn's decision node (the actions of the turn's character)",
    "fnode": "the state is a fight's decision node",
    "tturn": "at a turn's node, the seat whose turn it is",
    "tcard": "at a turn's node, that character's card",
    "tst": "at a turn's node, that character's stamina",
    "tw": "at a turn's node, that character's weapons equipped",
    "tt": "at a turn's node, that character's tools equipped",
    "sur": "Challenge 5's stamina surcharge on every action (0 or 1)",
    "inv": "at a turn's node, that character's Investigate Fire actions today",
    "discs": "at a turn's node, the decks with a card in their discard pile",
    "menub": "at a turn's node, the berry meals the pool affords (3 berries, 2 cooked; "
    "Challenge 3: 3 fiber)",
    "menum": "at a turn's node, the meat meals the pool affords (2 meat, 1 cooked)",
    "crev": "at a turn's node, the pool has the cooked meat a revival eats",
    "fog": "the fog night event is in force",
    "poison": "the food poisoning night event is in force (no stamina gained by day)",
    "sun": "the sunburn night event is in force",
    "winds": "the winds night event is in force",
    "mush": "at a turn's node, the mushroom night event is in force",
    "lcron": "listed at a turn's node: Cron's reshuffles",
    "leat": "listed at a turn's node: the meals",
    "lrev": "listed at a turn's node: the revivals",
    "linv": "listed at a turn's node: a plain Investigate Fire",
    "tfree": "the character whose turn it is has used its free action today (River, Nirv)",
    "lfinv": "listed at a turn's node: River's free Investigate Fire",
    "lwood": "listed at a turn's node: a wood for the pit",
    "tradeok": "at a turn's node, the character may trade (stamina, tokens to give, not "
    "Challenge 3 or 7)",
    "ltrade": "listed at a turn's node: the trades (one per token kind taken)",
    **{
        f"left[{d}]": f"at a turn's node, deck {d} (Forage, Gather, Harvest, Hunt) has a card"
        for d in range(4)
    },
    **{f"ldraw[{d}]": f"listed at a turn's node: a plain draw of deck {d}" for d in range(4)},
    "fseat": "at a fight's node, the fighter's seat",
    "fhurt": "listed at a fight's node: the plain ways to fight that leave the fighter hurt",
    "lvog": "listed at a fight's node: Vog's covers",
    "rawb": "at a turn's node or in the refuel window, the raw berry tokens in the pool",
    "rawm": "at a turn's node or in the refuel window, the raw meat tokens in the pool",
    "ckb": "at a turn's node or in the refuel window, the cooked berry tokens in the pool",
    "ckm": "at a turn's node or in the refuel window, the cooked meat tokens in the pool",
    "lfwood": "listed at a turn's node or in the refuel window: the foods for the pit "
    "(Challenge 9)",
    "cook1": "at a turn's node, Cooking 1 (berries) is unlocked",
    "cook2": "at a turn's node, Cooking 2 (meat) is unlocked",
    "lcook": "listed at a turn's node: the foods to cook",
    "nopen": "at a turn's node, the open discoveries (locked, every arrow's discovery "
    "unlocked; Challenge 9: Fire Starter after every other)",
    "dub": "at a turn's node, Dub is in the tribe and in play (his bones count as FKP)",
    "lplace": "listed at a turn's node: the FKP and bone placements",
    "tdaily": "at a turn's node, that character's once-a-day skill is used today",
    "lajax": "listed at a turn's node: Ajax's heal",
    "lrwood": "listed in the refuel window: a wood for the pit",
    "day0": "the first day the configuration's Challenge names (5 in Challenge 2, else 1)",
    **{f"dk[{d}]": f"the cards left in resource deck {d} (not its discard pile)" for d in range(4)},
    **{
        f"dk0[{d}]": f"resource deck {d}'s cards at setup (Challenge 8: no Danger! cards)"
        for d in range(4)
    },
    **{
        f"dall[{d}]": f"resource deck {d}'s cards wherever they are: the deck, its discard "
        "pile, back on top (Challenge 4) or drawn and not yet put away"
        for d in range(4)
    },
    "nroll": "the character whose stampede roll is next (0 when none)",
    "nrolling": "the state is a night event's roll (the rival tribes', the stampede's)",
    "nev": "the night event cards in the night deck, its discard pile and in force",
    "nev0": "the night event cards of the box",
    "drawing": "the state draws the night event (or Dub chooses to keep it)",
    "calm": "the night event in force hurts nobody when drawn (the rival tribes only in "
    "Challenge 7)",
    "quake": "the night event in force is the earthquake",
    "rain": "the night event in force is the rainstorm",
    "stamp": "the night event in force is the mammoth stampede",
    "stok": "the supply the rival tribes in force take (:data:`SUPPLIES`' index; -1 for "
    "another event or none)",
    "rolling": "the state is the Investigate Fire roll",
    "rerolling": "the state is Kara's choice to re-roll",
    "kfresh": "Kara is in play and has not had a roll re-rolled today",
    "pend": "decision fields set (fighter, deck, cards drawn, roll, choice, payment, ...)",
}
"""What each variable of :data:`OFFER_INT` and :data:`OFFER_BOOL` means, for the docs."""
CONSTANTS: Final = (
    "last",
    "fs",
    "shared",
    "hard",
    "refuelok",
    "nightend",
    "foodwood",
    "waits",
    "fiberb",
)
"""Fixed by the configuration: never change (``waits``: DLID-A26's "waits" reading, the game
going on with every member down and one fed back to life; ``fiberb``: Challenge 3 under
DLID-A25's "as-berries" reading, fiber seen as raw berries by the night's events)."""
SUPPLIES: Final = ("wood", *GOODS)
"""The pool's supplies a rival tribe may take, in the order ``stok`` counts them."""


def _variables() -> dict[str, Sort]:
    out: dict[str, Sort] = {}
    for i in SEATS:
        for name in SEAT_INT:
            out[f"{name}[{i}]"] = "int"
        for name in SEAT_BOOL:
            out[f"{name}[{i}]"] = "bool"
        for name, sort in SEAT_FACTS:
            out[f"{name}[{i}]"] = sort
    for name in GLOBAL_INT:
        out[name] = "int"
    for name in GLOBAL_BOOL:
        out[name] = "bool"
    for name in OFFER_INT:
        out[name] = "int"
    for name in OFFER_BOOL:
        out[name] = "bool"
    for k in DISCOVERIES:
        out[f"u[{k}]"] = "bool"
        out[f"pa[{k}]"] = "int"
        out[f"pb[{k}]"] = "int"
    for j in ITEMS:
        out[f"made[{j}]"] = "int"
    return out


VARIABLES: Final = _variables()


def at(v: Vars, name: str, i: int) -> z3.ArithRef:
    return v.num(f"{name}[{i}]")


def flag_at(v: Vars, name: str, i: int) -> z3.BoolRef:
    return v.flag(f"{name}[{i}]")


def keep(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    """``name' = name`` for each name."""
    out: list[z3.BoolRef] = []
    for name in names:
        if VARIABLES[name] == "int":
            out.append(w.num(name) == v.num(name))
        else:
            out.append(w.flag(name) == v.flag(name))
    return out


def keep_constants(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """The configuration's constants and the tree's arrows never change."""
    names = [*CONSTANTS]
    names += [f"{x}[{i}]" for i in SEATS for x in ("ws", "ts")]
    names += [f"{x}[{k}]" for k in DISCOVERIES for x in ("pa", "pb")]
    return keep(v, w, *names)


def keep_seat(v: Vars, w: Vars, i: int) -> list[z3.BoolRef]:
    return keep(v, w, *(f"{x}[{i}]" for x in (*SEAT_INT, *SEAT_BOOL)))


def fallen_seat(v: Vars, w: Vars, i: int) -> list[z3.BoolRef]:
    """A fallen character over a night step: as it was, but for an equipped tool the night
    may break (the broken tool takes any character's tool; the fallen keep theirs)."""
    kept = keep(v, w, *(f"{x}[{i}]" for x in (*SEAT_INT, *SEAT_BOOL) if x != "t"))
    return [*kept, at(w, "t", i) <= at(v, "t", i), at(w, "t", i) >= 0]


def keep_tokens(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return keep(v, w, "wood", *GOODS, "fkp")


def keep_tree(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return keep(v, w, *(f"u[{k}]" for k in DISCOVERIES))


def keep_items(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return keep(v, w, "bld", *(f"made[{j}]" for j in ITEMS))


def unlocked_at(v: Vars, index: z3.ArithRef) -> z3.BoolRef:
    """Whether the discovery ``index`` names is unlocked (true for -1: no arrow), for an
    index within -1 and the last slot (the background bounds every arrow and ``fs``):
    one clause per slot, ``index = k => u[k]``, which the solver propagates at once (a
    disjunction of ``index = k and u[k]`` cost it several times more)."""
    return z3.And(*(z3.Implies(index == k, flag_at(v, "u", k)) for k in DISCOVERIES))


_PREREQUISITES: dict[tuple[int, int, int], z3.BoolRef] = {}
"""Built terms of :func:`prerequisites` by the AST ids of the arrows and of ``u[0]`` (z3
shares equal terms, and the cache keeps them alive, so an id names one term): the tree's
invariant and every transition that may unlock ask for the same terms."""


def prerequisites(v: Vars, k: int) -> z3.BoolRef:
    """Every arrow into discovery ``k`` starts at an unlocked discovery of ``v``: for
    each slot ``j``, an arrow from ``j`` (either of the two) means ``j`` is unlocked."""
    pa, pb = at(v, "pa", k), at(v, "pb", k)
    key = (pa.get_id(), pb.get_id(), flag_at(v, "u", 0).get_id())
    found = _PREREQUISITES.get(key)
    if found is None:
        found = _PREREQUISITES[key] = z3.And(
            *(z3.Implies(z3.Or(pa == j, pb == j), flag_at(v, "u", j)) for j in DISCOVERIES)
        )
    return found


def fire_starter(v: Vars) -> z3.BoolRef:
    """Fire Starter is unlocked."""
    return unlocked_at(v, v.num("fs"))


def wood_out(v: Vars) -> z3.ArithRef:
    """Wood tokens out of the box: the pool's, and the pit's unless kept apart (DLID-A6)."""
    return v.num("wood") + z3.If(v.flag("shared"), v.num("pit") - v.num("pitfood"), 0)


def burn(v: Vars) -> z3.ArithRef:
    """Wood the morning after ``day`` removes (the Day Tracker, both sides): Normal 1 on
    days 1-3, 2 on 4-6, 3 on 7-9, 4 on 10-11, 5 from 12; Hard 1, 1, 2, 2, 2, 3, 3, 3, 4,
    4, 5, 5, 6, 6."""
    d = v.num("day")
    normal = z3.If(d <= 3, 1, z3.If(d <= 6, 2, z3.If(d <= 9, 3, z3.If(d <= 11, 4, 5))))
    hard = z3.If(
        d <= 2,
        1,
        z3.If(d <= 5, 2, z3.If(d <= 8, 3, z3.If(d <= 10, 4, z3.If(d <= 12, 5, 6)))),
    )
    return z3.If(v.flag("hard"), hard, normal)
