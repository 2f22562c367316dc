"""Squirrel or Die in z3: the model's variables and the small vocabulary its formulas use.

The model counts tiles by kind wherever they are (sack, grip, hands, face up, face
down, the players' piles), follows the step and the seat to move, each seat's
skull-equivalents, lives, food and sleep, and the grid's span and connectedness. The
numbers the rulebook prints (two skulls for the Bomb, three lives, three tiles in hand)
come from here or from the game's types, never from its rules modules: an independent
statement is what lets the refinement check catch a wrong constant in the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Literal

import z3

from dieproof.proofs.model import Sort, Vars
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER
from dieproof.reference.squirrel_or_die.types import MAX_PLAYERS, Phase, Step

SEATS = range(MAX_PLAYERS)
"""The model has a slot per possible seat; ``seat[i]`` says whether seat i plays."""

KINDS: Final = tuple(tile.value for tile in TILE_ORDER)
"""The tile kinds, by name."""

BOMB_SKULLS: Final = 2
"""The Bomb counts as two skulls (Special Tiles), restated here on purpose."""

SKULL_VALUE: Final = {"skull": 1, "bomb": BOMB_SKULLS}
"""Skulls a flipped tile adds to its flipper (the Confused Cat's goes to its recipient)."""

SETUP, AUTUMN, WINTER, OVER = 0, 1, 2, 3
PHASE_NUMBER: Final = {
    Phase.SETUP: SETUP,
    Phase.AUTUMN: AUTUMN,
    Phase.WINTER: WINTER,
    Phase.OVER: OVER,
}

DEAL, DRAW, PLACE, SWAP, TAKE, HIDE, GATHER, FLIP, GIVE, NONE = range(10)
STEP_NUMBER: Final = {
    Step.DEAL: DEAL,
    Step.DRAW: DRAW,
    Step.PLACE: PLACE,
    Step.SWAP: SWAP,
    Step.TAKE: TAKE,
    Step.HIDE: HIDE,
    Step.GATHER: GATHER,
    Step.FLIP: FLIP,
    Step.GIVE: GIVE,
    Step.NONE: NONE,
}

GLOBAL_INT = (
    "n",
    "side",
    "total",
    "landmark",
    "first",
    "phase",
    "step",
    "cur",
    "last",
    "width",
    "height",
    "bag",
    "held",
    "board",
    "faceup",
    "facedown",
    "collected",
    "standing",
    "winners",
)
GLOBAL_BOOL = (
    "limited",
    "taking",
    "finished",
    "connected",
    "winter_first",
    "cat_any",
    "bird_food",
)
PER_KIND = ("total", "bag", "held", "hands", "up", "down", "pile")
PER_SEAT_INT = ("hand", "skulls", "lives", "food")
PER_SEAT_BOOL = ("seat", "out", "win", "sleep")

CONSTANTS: Final = ("n", "side", "total", "landmark", "first", *(f"total.{k}" for k in KINDS))
CONSTANT_FLAGS: Final = ("limited", "winter_first", "cat_any", "bird_food")


def _variables() -> dict[str, Sort]:
    names: dict[str, Sort] = dict.fromkeys(GLOBAL_INT, "int")
    names.update(dict.fromkeys(GLOBAL_BOOL, "bool"))
    for pool in PER_KIND:
        for kind in KINDS:
            names[f"{pool}.{kind}"] = "int"
    for i in SEATS:
        for name in PER_SEAT_INT:
            names[f"{name}[{i}]"] = "int"
        for name in PER_SEAT_BOOL:
            names[f"{name}[{i}]"] = "bool"
    return names


VARIABLES: Final = _variables()

POOL_MEANING: Final = {
    "total": "tiles of kind {k} in the game",
    "bag": "{k} tiles in the sack (the middle, in Reverse or Die)",
    "held": "{k} tiles in the grip (a drawn tile, or a flipped Confused Cat)",
    "hands": "{k} tiles in all hands together",
    "up": "face-up {k} tiles on the table, the landmark excepted",
    "down": "face-down {k} tiles on the table",
    "pile": "{k} tiles in all players' piles together",
}

DESCRIPTIONS: dict[str, str] = {
    "n": "players at the table",
    "limited": "whether there is a shared grid with a limit (not Reverse or Die)",
    "side": "the grid limit: 5, or 4 with two players",
    "total": "tiles in the game after the setup removal",
    "landmark": "1 when the birdhouse variant's landmark is on the grid",
    "first": "the seat that went first",
    "phase": "0 setup, 1 Autumn, 2 Winter, 3 over",
    "step": "what the game waits for: 0 deal, 1 draw, 2 place, 3 swap, 4 take, 5 hide, "
    "6 gather, 7 flip, 8 give, 9 nothing",
    "cur": "the seat whose turn it is",
    "last": "the seat that took the last Autumn turn (-1 before one ends)",
    "taking": "a birdhouse-variant turn between its take and its hide",
    "width": "the shared grid's span in columns",
    "height": "the shared grid's span in rows",
    "connected": "every patch is one orthogonally connected piece",
    "bag": "tiles in the sack (the middle, in Reverse or Die)",
    "held": "a tile between two steps: drawn, or a flipped Confused Cat",
    "board": "tiles on the table",
    "faceup": "face-up tiles on the table, the landmark excepted",
    "facedown": "face-down tiles on the table",
    "collected": "tiles in the players' piles",
    "standing": "players still in",
    "finished": "the game is over",
    "winners": "how many players won",
    "winter_first": "SOD-A6 reads 'first': the first player opens Winter",
    "cat_any": "SOD-A9 reads 'any': the Confused Cat may go to a player who is out",
    "bird_food": "SOD-A11 reads 'food': the birdhouse counts as food in the tie-break",
    **{f"{pool}.{k}": text.format(k=k) for pool, text in POOL_MEANING.items() for k in KINDS},
    **{f"hand[{i}]": f"tiles in seat {i}'s hand" for i in SEATS},
    **{f"skulls[{i}]": f"seat {i}'s skull-equivalents" for i in SEATS},
    **{f"lives[{i}]": f"skulls that put seat {i} out" for i in SEATS},
    **{f"food[{i}]": f"seat {i}'s food for the tie-break" for i in SEATS},
    **{f"seat[{i}]": f"seat {i} is at the table" for i in SEATS},
    **{f"out[{i}]": f"seat {i} is out" for i in SEATS},
    **{f"win[{i}]": f"seat {i} won" for i in SEATS},
    **{f"sleep[{i}]": f"seat {i} will skip its next Winter turn" for i in SEATS},
}

Defect = Literal[
    "none",
    "grid-limit-off-by-one",
    "swap-keeps-face-up",
    "take-forgets-the-turn",
    "flip-loses-tile",
    "out-never-set",
    "no-end-at-one-standing",
    "cat-removes-a-skull",
]
"""A transition's planted defect: ``"none"`` in the model, one of the others in exactly
one wrong encoding each, so a wrong encoding differs from the model in one place."""


# -- small vocabulary -------------------------------------------------------------------

ONE, ZERO = z3.IntVal(1), z3.IntVal(0)


def seat_num(v: Vars, name: str, seat: int) -> z3.ArithRef:
    return v.num(f"{name}[{seat}]")


def seat_flag(v: Vars, name: str, seat: int) -> z3.BoolRef:
    return v.flag(f"{name}[{seat}]")


def kind_num(v: Vars, pool: str, kind: str) -> z3.ArithRef:
    return v.num(f"{pool}.{kind}")


def count(terms: Iterable[z3.BoolRef]) -> z3.ArithRef:
    return z3.Sum(*(z3.If(t, ONE, ZERO) for t in terms))


def in_hands(v: Vars) -> z3.ArithRef:
    return z3.Sum(*(seat_num(v, "hand", i) for i in SEATS))


def pool_total(v: Vars, pool: str) -> z3.ArithRef:
    return z3.Sum(*(kind_num(v, pool, k) for k in KINDS))


def standing(v: Vars, seat: int) -> z3.BoolRef:
    return z3.And(seat_flag(v, "seat", seat), z3.Not(seat_flag(v, "out", seat)))


def cur_standing(v: Vars, seat: int) -> z3.BoolRef:
    return z3.And(v.num("cur") == seat, standing(v, seat))


def basic(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("limited"), v.num("landmark") == 0)


def bird(v: Vars) -> z3.BoolRef:
    return v.num("landmark") == 1


def after(v: Vars, start: z3.ArithRef, seat: int | z3.ArithRef, *, inclusive: bool) -> z3.ArithRef:
    """How far clockwise ``seat`` is from ``start``: 0 (inclusive) or n (not) for
    ``start`` itself, else 1 to n-1 (no integer modulo: the compiler refuses it)."""
    n = v.num("n")
    same = ZERO if inclusive else n
    return z3.If(seat == start, same, z3.If(seat > start, seat - start, seat - start + n))


def first_from(
    v: Vars, start: z3.ArithRef, seat: int, ok: Callable[[int], z3.BoolRef], *, inclusive: bool
) -> z3.BoolRef:
    """``seat`` is the first seat clockwise from ``start`` for which ``ok`` holds."""
    here = after(v, start, seat, inclusive=inclusive)
    return z3.And(
        seat_flag(v, "seat", seat),
        ok(seat),
        *(
            z3.Implies(
                z3.And(seat_flag(v, "seat", m), ok(m)),
                after(v, start, m, inclusive=inclusive) > here,
            )
            for m in SEATS
            if m != seat
        ),
    )


def next_seat(v: Vars, seat: z3.ArithRef) -> z3.ArithRef:
    """The seat after ``seat``, clockwise."""
    return z3.If(seat + 1 >= v.num("n"), ZERO, seat + 1)


def rest(v: Vars, w: Vars, changed: Iterable[str]) -> list[z3.BoolRef]:
    """``name' = name`` for every variable not in ``changed``."""
    skip = set(changed)
    kept: list[z3.BoolRef] = []
    for name, sort in VARIABLES.items():
        if name in skip:
            continue
        kept.append(w.num(name) == v.num(name) if sort == "int" else w.flag(name) == v.flag(name))
    return kept


def seat_names(*names: str) -> list[str]:
    return [f"{name}[{i}]" for name in names for i in SEATS]


def kind_names(*pools: str) -> list[str]:
    return [f"{pool}.{k}" for pool in pools for k in KINDS]


def taken(v: Vars, w: Vars, pool: str, kind: str) -> z3.ArithRef:
    """How many ``kind`` tiles left ``pool`` in the step."""
    return kind_num(v, pool, kind) - kind_num(w, pool, kind)


def one_tile(
    v: Vars, w: Vars, source: str, target: str, *, when: z3.BoolRef | None = None
) -> list[z3.BoolRef]:
    """One tile of some kind moves from pool ``source`` to pool ``target`` (when ``when``
    holds; else neither changes). No disjunction over the kinds: each kind's count may
    only fall, and the falls add up to one."""
    parts: list[z3.BoolRef] = []
    for k in KINDS:
        moved = taken(v, w, source, k)
        parts += [
            moved >= 0,
            kind_num(w, source, k) >= 0,
            kind_num(w, target, k) == kind_num(v, target, k) + moved,
        ]
    total = z3.Sum(*(taken(v, w, source, k) for k in KINDS))
    parts.append(total == (ONE if when is None else z3.If(when, ONE, ZERO)))
    return parts


def aggregates(w: Vars) -> list[z3.BoolRef]:
    """The totals the invariants name, from the counts by kind."""
    return [
        w.num("bag") == pool_total(w, "bag"),
        w.num("held") == pool_total(w, "held"),
        w.num("faceup") == pool_total(w, "up"),
        w.num("facedown") == pool_total(w, "down"),
        w.num("collected") == pool_total(w, "pile"),
        w.num("board") == w.num("faceup") + w.num("facedown") + w.num("landmark"),
    ]


AGGREGATES: Final = ("bag", "held", "faceup", "facedown", "collected", "board")


def keep(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    return [
        w.num(name) == v.num(name) if VARIABLES[name] == "int" else w.flag(name) == v.flag(name)
        for name in names
    ]


def same(v: Vars, w: Vars, *pools: str) -> list[z3.BoolRef]:
    """The pools keep their counts, kind by kind."""
    return [kind_num(w, pool, k) == kind_num(v, pool, k) for pool in pools for k in KINDS]
