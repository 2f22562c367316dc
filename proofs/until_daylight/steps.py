"""Until Daylight in z3: the rules every step obeys (health, inventories, tokens, the
leader, the damage order, sacrifices, attracted cards, saved survivors), shared by the
transitions of :mod:`~dieproof.proofs.until_daylight.transitions`."""

from __future__ import annotations

from collections.abc import Callable

import z3

from dieproof.proofs.model import (
    Vars,
)
from dieproof.proofs.until_daylight.vocabulary import (
    CONSTANTS,
    ENEMIES,
    OVER,
    RAIDERS,
    SEATS,
    at,
    death,
    keep,
    keep_seats,
    seat_sum,
    xp_of,
)
from dieproof.reference.until_daylight.types import (
    BARRICADE_TOKENS,
    MAX_DICE,
    MAX_TOKENS,
    TRAP_TOKENS,
)

# -- the rules every step obeys -----------------------------------------------------------------

_MEMO: dict[tuple[object, ...], list[z3.BoolRef]] = {}


def memo(key: str, v: Vars, w: Vars, build: Callable[[], list[z3.BoolRef]]) -> list[z3.BoolRef]:
    """Build a list of terms once: several transitions (and every wrong encoding's copy
    of the model) share them, and building z3 terms in Python is the slow part of
    proving a model. A term depends only on the names of the variables it is built
    from, which ``v`` and ``w`` fix (the model's variables, unprimed or primed)."""
    names = (key, v.primed, w.primed, tuple(v), tuple(w))
    found = _MEMO.get(names)
    if found is None:
        found = _MEMO[names] = build()
    return found


def health_rule(v: Vars, w: Vars, i: int, *, capped: bool = True) -> z3.BoolRef:
    """Health moves by healing, capped at the maximum, or by damage, floored at 0
    (UD-SEARCH-5, UD-ENEMY-10)."""
    hp, hp2, top = at(v, "hp", i), at(w, "hp", i), at(v, "top", i)
    healed = z3.And(hp2 > hp, hp2 <= top) if capped else hp2 > hp
    return z3.Or(hp2 == hp, healed, z3.And(hp2 < hp, hp2 >= 0))


def inventory_rule(v: Vars, w: Vars, i: int, *, fit: bool = True) -> z3.BoolRef:
    """A card enters an inventory only if it fits; otherwise it waits while its holder
    discards (UD-SEARCH-7). Protection cards are inventory cards."""
    s, s2, limit = at(v, "slots", i), at(w, "slots", i), at(v, "limit", i)
    return z3.And(
        z3.Or(s2 <= s, s2 <= limit) if fit else s2 <= s + 1,
        s2 >= 0,
        at(w, "prot", i) >= 0,
        at(w, "prot", i) <= s2,
    )


def token_rule(v: Vars, w: Vars, i: int, *, cap: int = MAX_TOKENS) -> z3.BoolRef:
    """A token is built only by a player with fewer than two (UD-ENEMY-9); tokens leave
    when a trap fires or a barricade falls."""
    t = at(v, "barr", i) + at(v, "traps", i)
    t2 = at(w, "barr", i) + at(w, "traps", i)
    return z3.And(
        at(w, "barr", i) >= 0,
        at(w, "traps", i) >= 0,
        z3.Or(t2 <= t, z3.And(t2 == t + 1, t < cap)),
    )


def supply_rule(v: Vars, w: Vars) -> z3.BoolRef:
    """Tokens come out of the box: twelve barricades and six traps (What's in the Box?)."""
    return z3.And(
        z3.Or(seat_sum(w, "barr") <= seat_sum(v, "barr"), seat_sum(w, "barr") <= BARRICADE_TOKENS),
        z3.Or(seat_sum(w, "traps") <= seat_sum(v, "traps"), seat_sum(w, "traps") <= TRAP_TOKENS),
    )


def leader_rule(v: Vars, w: Vars, *, passes: bool = True) -> z3.BoolRef:
    """The token passes only to a player with strictly more experience than its holder
    (any, while nobody holds it), and its holder always has the most (UD-SETUP-6)."""
    lead, lead2 = v.num("leader"), w.num("leader")
    if not passes:
        return lead2 == lead
    return z3.And(
        z3.Or(lead2 == lead, xp_of(w, lead2) > xp_of(w, lead)),
        z3.Implies(lead2 == -1, z3.And(*(at(w, "xp", i) == 0 for i in SEATS))),
        *(
            z3.Implies(lead2 == j, z3.And(*(at(w, "xp", i) <= at(w, "xp", j) for i in SEATS)))
            for j in SEATS
        ),
    )


def damage_order(v: Vars, w: Vars) -> z3.BoolRef:
    """Damage goes survivor, barricade, protection card, character (UD-ENEMY-5): a
    character is wounded, a barricade falls or (in the enemies' attack) a protection card
    is spent only once nothing before it is left; raiders' hits pass survivors by
    (UD-ENEMY-3)."""
    return memo("order", v, w, lambda: [_damage_order(v, w)])[0]


def _damage_order(v: Vars, w: Vars) -> z3.BoolRef:
    raiders = v.num("wave") == RAIDERS
    in_enemies = v.num("phase") == ENEMIES
    parts: list[z3.BoolRef] = []
    for i in SEATS:
        survivors_gone = z3.Or(at(w, "surv", i) == 0, raiders)
        parts += [
            z3.Implies(
                at(w, "wounds", i) > at(v, "wounds", i),
                z3.And(at(w, "barr", i) == 0, at(w, "prot", i) == 0, survivors_gone),
            ),
            z3.Implies(at(w, "barr", i) < at(v, "barr", i), survivors_gone),
            z3.Implies(
                z3.And(in_enemies, at(w, "prot", i) < at(v, "prot", i)),
                z3.And(at(w, "barr", i) == 0, survivors_gone),
            ),
        ]
    return z3.And(*parts)


def sacrifice_rule(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """A character whose player keeps saved survivors loses health only once the player
    has been asked to sacrifice some (damage owed waits for the decision), whatever
    deals the damage; each survivor given up absorbs one point of the damage owed
    (UD-ENEMY-7)."""
    hp, hp2 = at(v, "hp", i), at(w, "hp", i)
    kept, kept2, owed = at(v, "kept", i), at(w, "kept", i), at(v, "owed", i)
    given = kept - kept2
    return z3.And(
        z3.Implies(z3.And(hp2 < hp, kept > 0), owed > 0),
        z3.Implies(given > 0, z3.And(owed >= given, hp2 >= hp - owed + given)),
    )


def attract_rule(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """A card the noise event or the die of fate attracts is an infected (or an enemy):
    revealing it brings no survivor into any area (UD-SEARCH-10, UD-COMBAT-2, UD-A31)."""
    revealed = z3.And(w.num("attract") < v.num("attract"), v.num("reveal") == 0)
    return z3.Implies(revealed, at(w, "surv", i) <= at(v, "surv", i))


def save_rule(w: Vars) -> z3.BoolRef:
    """At the end of a round, survivors with no enemy left in their area are saved
    (UD-ROUND-2): no area keeps a lone survivor."""
    return z3.And(*(z3.Implies(at(w, "foes", i) == 0, at(w, "surv", i) == 0) for i in SEATS))


def common(
    v: Vars,
    w: Vars,
    *,
    ending: bool = False,
    fit: bool = True,
    capped: bool = True,
    token_cap: int = MAX_TOKENS,
    passes: bool = True,
    conserved: bool = True,
    mortal: bool = True,
    offered: bool = True,
    infected_only: bool = True,
) -> list[z3.BoolRef]:
    """What every step after setup obeys: the table and the characters do not change,
    cards are conserved, and every rule above; unless ``ending``, the game is lost
    exactly when a character dies (UD-END-2). The keywords switch single rules off for
    the wrong encodings."""
    key = (
        f"common{ending}{fit}{capped}{token_cap}{passes}{conserved}{mortal}{offered}{infected_only}"
    )
    return memo(
        key,
        v,
        w,
        lambda: _build_common(
            v,
            w,
            ending=ending,
            fit=fit,
            capped=capped,
            token_cap=token_cap,
            passes=passes,
            conserved=conserved,
            mortal=mortal,
            offered=offered,
            infected_only=infected_only,
        ),
    )


def _build_common(
    v: Vars,
    w: Vars,
    *,
    ending: bool,
    fit: bool,
    capped: bool,
    token_cap: int,
    passes: bool,
    conserved: bool,
    mortal: bool,
    offered: bool,
    infected_only: bool,
) -> list[z3.BoolRef]:
    parts: list[z3.BoolRef] = [
        *keep(v, w, *CONSTANTS),
        *keep_seats(v, w, "seat", "top", "limit"),
        w.num("horde") == v.num("horde"),
        w.num("rescued") >= 0,
        # Objectives are claimed as soon as they are fulfilled, and only then (UD-SETUP-4).
        w.num("misclaimed") == 0,
        *keep(v, w, "offered", "secondary"),
        build_rule(v, w),
        supply_rule(v, w),
        leader_rule(v, w, passes=passes),
    ]
    parts.append(
        w.num("cards") == v.num("cards")
        if conserved
        else z3.Or(w.num("cards") == v.num("cards"), w.num("cards") == v.num("cards") - 1)
    )
    if mortal:
        parts.append(z3.Implies(death(w), z3.And(w.flag("lost"), w.num("phase") == OVER)))
    for i in SEATS:
        parts += [
            health_rule(v, w, i, capped=capped),
            inventory_rule(v, w, i, fit=fit),
            token_rule(v, w, i, cap=token_cap),
            at(w, "xp", i) >= 0,
            at(w, "surv", i) >= 0,
            at(w, "foes", i) >= 0,
            at(w, "wounds", i) >= at(v, "wounds", i),
            at(w, "kept", i) >= 0,
            at(w, "owed", i) >= 0,
        ]
        if offered:
            parts.append(sacrifice_rule(v, w, i))
        if infected_only:
            parts.append(attract_rule(v, w, i))
    if not ending:
        parts += [
            w.flag("won") == v.flag("won"),
            w.flag("lost") == (death(w) if mortal else v.flag("lost")),
            (w.num("phase") == OVER) == w.flag("lost"),
        ]
    return parts


def no_attack(w: Vars) -> list[z3.BoolRef]:
    return [
        z3.Not(w.flag("attacking")),
        w.num("elim") == 0,
        w.num("prefix") == 0,
        w.num("arms") == 0,
        w.num("bonus") == 0,
        w.num("ammo") == 0,
    ]


def quiet(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """No roll and no attack going on (setup, the search phase and the release)."""
    return [
        *keep(
            v,
            w,
            *("wave", "attacking", "elim", "prefix", "round", "cycle", "arms", "bonus", "ammo"),
            *("active", "acted"),
        ),
        w.num("dice") == 0,
    ]


def build_rule(v: Vars, w: Vars) -> z3.BoolRef:
    """A token comes onto the table only by a build, one per action (UD-SEARCH-2,
    UD-ENEMY-9): the tokens on the table grow by no more than the builds."""
    built, built2 = v.num("built"), w.num("built")
    tokens = seat_sum(v, "barr") + seat_sum(v, "traps")
    tokens2 = seat_sum(w, "barr") + seat_sum(w, "traps")
    return z3.And(built2 >= built, built2 <= built + 1, tokens2 - tokens <= built2 - built)


def seat_after(v: Vars, seat: z3.ArithRef, steps: z3.ArithRef | int) -> z3.ArithRef:
    """The seat ``steps`` places clockwise after ``seat`` (both below ``n``, ``steps``
    at most ``n``)."""
    n, ahead = v.num("n"), seat + steps
    return z3.If(ahead >= n, ahead - n, ahead)


def wound_rule(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """Damage through the damage order that reaches a character costs that many health
    points, down to 0 (UD-ENEMY-5, UD-ENEMY-10): ``wounds`` counts it."""
    taken = at(w, "wounds", i) - at(v, "wounds", i)
    left = at(v, "hp", i) - taken
    return at(w, "hp", i) == z3.If(left > 0, left, 0)


def attack_dice(arms: z3.ArithRef, bonus: z3.ArithRef) -> z3.ArithRef:
    """The dice of an attack: the weapon's dice and ammunition cards, plus the
    character's advantage less the drawback (never below 0), capped at six after every
    modifier (UD-COMBAT-5, UD-COMBAT-6)."""
    raw = z3.If(arms + bonus > 0, arms + bonus, 0)
    return z3.If(raw > MAX_DICE, MAX_DICE, raw)


def declared(v: Vars, w: Vars) -> z3.BoolRef:
    """The step declares an attack."""
    return z3.And(z3.Not(v.flag("attacking")), w.flag("attacking"))
