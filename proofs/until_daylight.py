"""Until Daylight in z3: the abstract model, its invariants, and the abstraction function.

The model counts what the invariants talk about: per seat the health and its maximum,
the inventory's slots and its limit, protection cards, barricades and traps, survivors
and enemies in the seat's area, experience and the damage taken through the damage
order; and globally the phase, the round and the final fight's cycle, the dice of the
current roll, the attack in progress (eliminated cards and the eliminated prefix of the
line), the leader, the cards of the game and the survivors that count for the win.

Transitions are relations (players choose, dice fall): each names the phases it runs
from and to, the rule's guard and effect, and what it keeps. One concrete ``apply`` may
run several rules in a row (an attack's last die, its reward draws, the enemies' traps
and the first enemy roll), so a transition says what holds after the step, not how it
got there. Constants come from the reference (STYLE habit 7), never restated.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import msgspec
import z3

from dieproof.proofs.compile import CompiledModel
from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.model import (
    Abstract,
    Goal,
    Model,
    Named,
    Property,
    Sort,
    Transition,
    Vars,
    WrongEncoding,
)
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Config, State
from dieproof.reference.until_daylight import GAME, combat, rules
from dieproof.reference.until_daylight.base import (
    Catalog,
    catalog,
    enemies_in,
    experience,
    horde_cards,
    max_health,
    rubble_cards,
    slot_limit,
    slots,
    survivors_in,
)
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import (
    BARRICADE_TOKENS,
    MAX_DICE,
    MAX_PLAYERS,
    MAX_TOKENS,
    MIN_PLAYERS,
    ROUNDS,
    TRAP_TOKENS,
    AbilityKind,
    AttackWith,
    Build,
    CombatDie,
    Consent,
    Content,
    Deck,
    Draw,
    Phase,
    Sacrifice,
    Step,
    Timer,
    UdAction,
    UdConfig,
    UdState,
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
)
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
)
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


def _i(v: Vars, name: str, seat: int) -> z3.ArithRef:
    return v.num(f"{name}[{seat}]")


def _b(v: Vars, name: str, seat: int) -> z3.BoolRef:
    return v.flag(f"{name}[{seat}]")


def _sum(v: Vars, name: str) -> z3.ArithRef:
    return z3.Sum(*(_i(v, name, i) for i in SEATS))


def _keep(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    """``name' = name`` for each name, whatever its sort."""
    kept: list[z3.BoolRef] = []
    for name in names:
        if VARIABLES[name] == "int":
            kept.append(w.num(name) == v.num(name))
        else:
            kept.append(w.flag(name) == v.flag(name))
    return kept


def _keep_seats(v: Vars, w: Vars, *names: str) -> list[z3.BoolRef]:
    return [c for i in SEATS for c in _keep(v, w, *(f"{name}[{i}]" for name in names))]


def _phase_in(v: Vars, *phases: int) -> z3.BoolRef:
    return z3.Or(*(v.num("phase") == p for p in phases))


def _xp_of(v: Vars, seat: z3.ArithRef) -> z3.ArithRef:
    """The experience of the seat ``seat`` names (0 for -1, nobody)."""
    term: z3.ArithRef = z3.IntVal(0)
    for i in SEATS:
        term = z3.If(seat == i, _i(v, "xp", i), term)
    return term


def _death(w: Vars) -> z3.BoolRef:
    """A character at 0 health, after setup."""
    return z3.Or(*(z3.And(_b(w, "seat", i), _i(w, "hp", i) == 0) for i in SEATS))


# -- the rules every step obeys -----------------------------------------------------------------

_MEMO: dict[tuple[object, ...], list[z3.BoolRef]] = {}


def _memo(key: str, v: Vars, w: Vars, build: Callable[[], list[z3.BoolRef]]) -> list[z3.BoolRef]:
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
    hp, hp2, top = _i(v, "hp", i), _i(w, "hp", i), _i(v, "top", i)
    healed = z3.And(hp2 > hp, hp2 <= top) if capped else hp2 > hp
    return z3.Or(hp2 == hp, healed, z3.And(hp2 < hp, hp2 >= 0))


def inventory_rule(v: Vars, w: Vars, i: int, *, fit: bool = True) -> z3.BoolRef:
    """A card enters an inventory only if it fits; otherwise it waits while its holder
    discards (UD-SEARCH-7). Protection cards are inventory cards."""
    s, s2, limit = _i(v, "slots", i), _i(w, "slots", i), _i(v, "limit", i)
    return z3.And(
        z3.Or(s2 <= s, s2 <= limit) if fit else s2 <= s + 1,
        s2 >= 0,
        _i(w, "prot", i) >= 0,
        _i(w, "prot", i) <= s2,
    )


def token_rule(v: Vars, w: Vars, i: int, *, cap: int = MAX_TOKENS) -> z3.BoolRef:
    """A token is built only by a player with fewer than two (UD-ENEMY-9); tokens leave
    when a trap fires or a barricade falls."""
    t = _i(v, "barr", i) + _i(v, "traps", i)
    t2 = _i(w, "barr", i) + _i(w, "traps", i)
    return z3.And(
        _i(w, "barr", i) >= 0,
        _i(w, "traps", i) >= 0,
        z3.Or(t2 <= t, z3.And(t2 == t + 1, t < cap)),
    )


def supply_rule(v: Vars, w: Vars) -> z3.BoolRef:
    """Tokens come out of the box: twelve barricades and six traps (What's in the Box?)."""
    return z3.And(
        z3.Or(_sum(w, "barr") <= _sum(v, "barr"), _sum(w, "barr") <= BARRICADE_TOKENS),
        z3.Or(_sum(w, "traps") <= _sum(v, "traps"), _sum(w, "traps") <= TRAP_TOKENS),
    )


def leader_rule(v: Vars, w: Vars, *, passes: bool = True) -> z3.BoolRef:
    """The token passes only to a player with strictly more experience than its holder
    (any, while nobody holds it), and its holder always has the most (UD-SETUP-6)."""
    lead, lead2 = v.num("leader"), w.num("leader")
    if not passes:
        return lead2 == lead
    return z3.And(
        z3.Or(lead2 == lead, _xp_of(w, lead2) > _xp_of(w, lead)),
        z3.Implies(lead2 == -1, z3.And(*(_i(w, "xp", i) == 0 for i in SEATS))),
        *(
            z3.Implies(lead2 == j, z3.And(*(_i(w, "xp", i) <= _i(w, "xp", j) for i in SEATS)))
            for j in SEATS
        ),
    )


def damage_order(v: Vars, w: Vars) -> z3.BoolRef:
    """Damage goes survivor, barricade, protection card, character (UD-ENEMY-5): a
    character is wounded, a barricade falls or (in the enemies' attack) a protection card
    is spent only once nothing before it is left; raiders' hits pass survivors by
    (UD-ENEMY-3)."""
    return _memo("order", v, w, lambda: [_damage_order(v, w)])[0]


def _damage_order(v: Vars, w: Vars) -> z3.BoolRef:
    raiders = v.num("wave") == RAIDERS
    in_enemies = v.num("phase") == ENEMIES
    parts: list[z3.BoolRef] = []
    for i in SEATS:
        survivors_gone = z3.Or(_i(w, "surv", i) == 0, raiders)
        parts += [
            z3.Implies(
                _i(w, "wounds", i) > _i(v, "wounds", i),
                z3.And(_i(w, "barr", i) == 0, _i(w, "prot", i) == 0, survivors_gone),
            ),
            z3.Implies(_i(w, "barr", i) < _i(v, "barr", i), survivors_gone),
            z3.Implies(
                z3.And(in_enemies, _i(w, "prot", i) < _i(v, "prot", i)),
                z3.And(_i(w, "barr", i) == 0, survivors_gone),
            ),
        ]
    return z3.And(*parts)


def sacrifice_rule(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """A character whose player keeps saved survivors loses health only once the player
    has been asked to sacrifice some (damage owed waits for the decision), whatever
    deals the damage; each survivor given up absorbs one point of the damage owed
    (UD-ENEMY-7)."""
    hp, hp2 = _i(v, "hp", i), _i(w, "hp", i)
    kept, kept2, owed = _i(v, "kept", i), _i(w, "kept", i), _i(v, "owed", i)
    given = kept - kept2
    return z3.And(
        z3.Implies(z3.And(hp2 < hp, kept > 0), owed > 0),
        z3.Implies(given > 0, z3.And(owed >= given, hp2 >= hp - owed + given)),
    )


def attract_rule(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """A card the noise event or the die of fate attracts is an infected (or an enemy):
    revealing it brings no survivor into any area (UD-SEARCH-10, UD-COMBAT-2, UD-A31)."""
    revealed = z3.And(w.num("attract") < v.num("attract"), v.num("reveal") == 0)
    return z3.Implies(revealed, _i(w, "surv", i) <= _i(v, "surv", i))


def save_rule(w: Vars) -> z3.BoolRef:
    """At the end of a round, survivors with no enemy left in their area are saved
    (UD-ROUND-2): no area keeps a lone survivor."""
    return z3.And(*(z3.Implies(_i(w, "foes", i) == 0, _i(w, "surv", i) == 0) for i in SEATS))


def _common(
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
    return _memo(
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
        *_keep(v, w, *CONSTANTS),
        *_keep_seats(v, w, "seat", "top", "limit"),
        w.num("horde") == v.num("horde"),
        w.num("rescued") >= 0,
        supply_rule(v, w),
        leader_rule(v, w, passes=passes),
    ]
    parts.append(
        w.num("cards") == v.num("cards")
        if conserved
        else z3.Or(w.num("cards") == v.num("cards"), w.num("cards") == v.num("cards") - 1)
    )
    if mortal:
        parts.append(z3.Implies(_death(w), z3.And(w.flag("lost"), w.num("phase") == OVER)))
    for i in SEATS:
        parts += [
            health_rule(v, w, i, capped=capped),
            inventory_rule(v, w, i, fit=fit),
            token_rule(v, w, i, cap=token_cap),
            _i(w, "xp", i) >= 0,
            _i(w, "surv", i) >= 0,
            _i(w, "foes", i) >= 0,
            _i(w, "wounds", i) >= _i(v, "wounds", i),
            _i(w, "kept", i) >= 0,
            _i(w, "owed", i) >= 0,
        ]
        if offered:
            parts.append(sacrifice_rule(v, w, i))
        if infected_only:
            parts.append(attract_rule(v, w, i))
    if not ending:
        parts += [
            w.flag("won") == v.flag("won"),
            w.flag("lost") == (_death(w) if mortal else v.flag("lost")),
            (w.num("phase") == OVER) == w.flag("lost"),
        ]
    return parts


def _no_attack(w: Vars) -> list[z3.BoolRef]:
    return [
        z3.Not(w.flag("attacking")),
        w.num("elim") == 0,
        w.num("prefix") == 0,
        w.num("arms") == 0,
        w.num("bonus") == 0,
        w.num("ammo") == 0,
    ]


def _quiet(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """No roll and no attack going on (setup, the search phase and the release)."""
    return [
        *_keep(
            v, w, "wave", "attacking", "elim", "prefix", "round", "cycle", "arms", "bonus", "ammo"
        ),
        w.num("dice") == 0,
    ]


# -- init, background, invariants, properties --------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains: three to six seats, the phases, waves and seats the numbers stand for."""
    n = v.num("n")
    parts: list[z3.BoolRef] = [
        n >= MIN_PLAYERS,
        n <= MAX_PLAYERS,
        v.num("phase") >= SETUP,
        v.num("phase") <= OVER,
        v.num("wave") >= NO_WAVE,
        v.num("wave") <= COLLATERAL,
        v.num("leader") >= -1,
        v.num("leader") < n,
        v.num("cap") >= 1,
        v.num("cards_total") >= 0,
        v.num("horde_total") >= 0,
        v.num("reveal") >= 0,
        v.num("attract") >= 0,
        v.num("arms") >= 0,
        v.num("ammo") >= 0,
        v.num("ammo") <= v.num("arms"),
        v.num("withdraw") >= 0,
        *(_i(v, "kept", i) >= 0 for i in SEATS),
        *(_i(v, "owed", i) >= 0 for i in SEATS),
    ]
    for i in SEATS:
        parts.append(_b(v, "seat", i) == (n > i))
        parts.append(
            z3.Implies(
                z3.Not(_b(v, "seat", i)),
                z3.And(*(_i(v, name, i) == 0 for name in PER_SEAT_INT)),
            )
        )
    return z3.And(*parts)


def init(v: Vars) -> z3.BoolRef:
    """The table before the roll-off (UD-SETUP-1)."""
    return z3.And(
        v.num("phase") == SETUP,
        v.num("round") == 1,
        v.num("cycle") == 0,
        v.num("dice") == 0,
        v.num("wave") == NO_WAVE,
        z3.Not(v.flag("attacking")),
        v.num("elim") == 0,
        v.num("prefix") == 0,
        v.num("leader") == -1,
        v.num("cards") == v.num("cards_total"),
        v.num("horde") == v.num("horde_total"),
        v.num("rescued") == 0,
        v.num("arms") == 0,
        v.num("bonus") == 0,
        v.num("ammo") == 0,
        v.num("reveal") == 0,
        v.num("attract") == 0,
        z3.Not(v.flag("won")),
        z3.Not(v.flag("lost")),
        *(_i(v, name, i) == 0 for i in SEATS for name in PER_SEAT_INT),
    )


def inv_inventory(v: Vars) -> z3.BoolRef:
    """UD-INV-INVENTORY: no inventory fills more slots than its character has."""
    return z3.And(
        *(
            z3.And(
                _i(v, "slots", i) >= 0,
                _i(v, "slots", i) <= _i(v, "limit", i),
                _i(v, "prot", i) >= 0,
                _i(v, "prot", i) <= _i(v, "slots", i),
            )
            for i in SEATS
        )
    )


def inv_tokens(v: Vars) -> z3.BoolRef:
    """UD-INV-TOKENS: at most two tokens per player, and no more than the box holds."""
    return z3.And(
        *(
            z3.And(
                _i(v, "barr", i) >= 0,
                _i(v, "traps", i) >= 0,
                _i(v, "barr", i) + _i(v, "traps", i) <= MAX_TOKENS,
            )
            for i in SEATS
        ),
        _sum(v, "barr") <= BARRICADE_TOKENS,
        _sum(v, "traps") <= TRAP_TOKENS,
    )


def inv_health(v: Vars) -> z3.BoolRef:
    """UD-INV-HEALTH: health stays between 0 and the character's maximum."""
    return z3.And(
        *(
            z3.And(
                _i(v, "hp", i) >= 0,
                _i(v, "hp", i) <= _i(v, "top", i),
                z3.Implies(
                    z3.And(_b(v, "seat", i), v.num("phase") != SETUP),
                    z3.And(_i(v, "top", i) >= 1, _i(v, "limit", i) >= 1),
                ),
                z3.Implies(v.num("phase") == SETUP, _i(v, "hp", i) == _i(v, "top", i)),
            )
            for i in SEATS
        )
    )


def inv_death_loss(v: Vars) -> z3.BoolRef:
    """UD-INV-DEATH-LOSS: a dead character means the game is lost."""
    return z3.Implies(
        z3.And(v.num("phase") != SETUP, _death(v)),
        z3.And(v.flag("lost"), v.num("phase") == OVER),
    )


def inv_rounds(v: Vars) -> z3.BoolRef:
    """UD-INV-ROUNDS: at most ten rounds; the final fight's cycles only in round ten."""
    return z3.And(
        v.num("round") >= 1,
        v.num("round") <= ROUNDS,
        v.num("cycle") >= 0,
        v.num("cycle") <= v.num("cap"),
        z3.Implies(v.num("phase") != OVER, v.num("cycle") < v.num("cap")),
        z3.Implies(v.num("round") < ROUNDS, v.num("cycle") == 0),
    )


def inv_leader(v: Vars) -> z3.BoolRef:
    """UD-INV-LEADER: nobody has more experience than the leader; nobody leads only
    while nobody has any."""
    lead = v.num("leader")
    return z3.And(
        *(_i(v, "xp", i) >= 0 for i in SEATS),
        z3.Implies(lead == -1, z3.And(*(_i(v, "xp", i) == 0 for i in SEATS))),
        *(
            z3.Implies(
                lead == j,
                z3.And(_b(v, "seat", j), *(_i(v, "xp", i) <= _i(v, "xp", j) for i in SEATS)),
            )
            for j in SEATS
        ),
    )


def inv_cards(v: Vars) -> z3.BoolRef:
    """UD-INV-CARDS: every rubble and horde card of the game is somewhere, exactly once."""
    return z3.And(
        v.num("cards") == v.num("cards_total"),
        v.num("horde") == v.num("horde_total"),
    )


def inv_end(v: Vars) -> z3.BoolRef:
    """UD-INV-END: the game is over exactly when won or lost, never both; a win has
    every character alive in round ten, no enemy left and a survivor saved."""
    alive = z3.And(*(z3.Implies(_b(v, "seat", i), _i(v, "hp", i) >= 1) for i in SEATS))
    return z3.And(
        (v.num("phase") == OVER) == z3.Or(v.flag("won"), v.flag("lost")),
        z3.Not(z3.And(v.flag("won"), v.flag("lost"))),
        z3.Implies(
            v.flag("won"),
            z3.And(v.num("round") == ROUNDS, _sum(v, "foes") == 0, v.num("rescued") >= 1, alive),
        ),
    )


def prop_six_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-SIX-DICE: no roll has more than six dice."""
    return z3.And(w.num("dice") >= 0, w.num("dice") <= MAX_DICE)


def attack_dice(arms: z3.ArithRef, bonus: z3.ArithRef) -> z3.ArithRef:
    """The dice of an attack: the weapon's dice and ammunition cards, plus the
    character's advantage less the drawback (never below 0), capped at six after every
    modifier (UD-COMBAT-5, UD-COMBAT-6)."""
    raw = z3.If(arms + bonus > 0, arms + bonus, 0)
    return z3.If(raw > MAX_DICE, MAX_DICE, raw)


def _declared(v: Vars, w: Vars) -> z3.BoolRef:
    """The step declares an attack."""
    return z3.And(z3.Not(v.flag("attacking")), w.flag("attacking"))


def prop_attack_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-ATTACK-DICE: a declared attack rolls its dice after the advantage and the
    drawback, capped at six: never more, and never fewer because cards were capped."""
    return z3.Implies(_declared(v, w), w.num("dice") == attack_dice(w.num("arms"), w.num("bonus")))


def prop_sacrifice(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-SACRIFICE: damage to a character whose player keeps saved survivors waits
    for the sacrifice decision, and each survivor given up absorbs one damage."""
    return z3.And(*(sacrifice_rule(v, w, i) for i in SEATS))


def prop_attract(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-ATTRACT: a card attracted by noise or the die of fate is no survivor."""
    return z3.And(*(attract_rule(v, w, i) for i in SEATS))


def prop_damage_order(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-DAMAGE-ORDER: survivor, barricade, protection card, character."""
    return damage_order(v, w)


def prop_elim_order(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-ELIM-ORDER: an attack eliminates a card only when every card before it in
    the line is eliminated: the eliminated cards are the line's first ones."""
    return z3.Implies(w.num("elim") > v.num("elim"), w.num("prefix") == w.num("elim"))


# -- transitions --------------------------------------------------------------------------------


def setup(v: Vars, w: Vars) -> z3.BoolRef:
    """Setup: the roll-off, then each player takes a character (full health, its slots,
    its basic weapon) and objectives (UD-SETUP-2 to UD-SETUP-4)."""
    chosen = [
        z3.Or(
            z3.And(*_keep(v, w, f"hp[{i}]", f"top[{i}]", f"limit[{i}]", f"slots[{i}]")),
            z3.And(
                _b(v, "seat", i),
                _i(w, "top", i) >= 1,
                _i(w, "hp", i) == _i(w, "top", i),
                _i(w, "limit", i) >= 1,
                _i(w, "slots", i) >= _i(w, "prot", i),
                _i(w, "slots", i) <= _i(w, "limit", i),
            ),
        )
        for i in SEATS
    ]
    ready = z3.And(
        *(
            z3.Implies(_b(w, "seat", i), z3.And(_i(w, "top", i) >= 1, _i(w, "limit", i) >= 1))
            for i in SEATS
        )
    )
    return z3.And(
        v.num("phase") == SETUP,
        *(_i(v, "kept", i) == 0 for i in SEATS),  # nobody has saved a survivor yet
        z3.Or(w.num("phase") == SETUP, z3.And(w.num("phase") == SEARCH, ready)),
        *_keep(v, w, *CONSTANTS, "cards", "horde", "rescued", "won", "lost", "leader"),
        *_quiet(v, w),
        *_keep_seats(
            v, w, "seat", "prot", "barr", "traps", "surv", "foes", "xp", "wounds", "kept", "owed"
        ),
        *chosen,
    )


def clock(v: Vars, w: Vars) -> z3.BoolRef:
    """The timer: the search phase goes on, or the gong sends the caught player's horde
    (UD-SEARCH-8)."""
    others = [name for name in VARIABLES if name not in ("phase", "dice")]
    return z3.And(
        v.num("phase") == SEARCH,
        w.num("dice") == 0,
        z3.Or(w.num("phase") == SEARCH, w.num("phase") == RELEASE),
        *_keep(v, w, *others),
    )


def search(
    v: Vars,
    w: Vars,
    *,
    fit: bool = True,
    token_cap: int = MAX_TOKENS,
    passes: bool = True,
    conserved: bool = True,
    infected_only: bool = True,
) -> z3.BoolRef:
    """A search action with its draws, events, sacrifices and discards (UD-SEARCH-1 to
    -11); enemies leave an area only to its traps (trap_timing = "arrival")."""
    return z3.And(
        v.num("phase") == SEARCH,
        _phase_in(w, SEARCH, OVER),
        *_common(
            v,
            w,
            fit=fit,
            token_cap=token_cap,
            passes=passes,
            conserved=conserved,
            infected_only=infected_only,
        ),
        *_quiet(v, w),
        w.num("rescued") <= v.num("rescued"),
        *_keep_seats(v, w, "wounds"),
        *(_i(w, "barr", i) >= _i(v, "barr", i) for i in SEATS),
        *(
            z3.Implies(_i(w, "foes", i) < _i(v, "foes", i), _i(w, "traps", i) < _i(v, "traps", i))
            for i in SEATS
        ),
        *(_i(w, "surv", i) >= _i(v, "surv", i) for i in SEATS),
    )


def release(v: Vars, w: Vars, *, capped: bool = True, offered: bool = True) -> z3.BoolRef:
    """The die of fate and the horde's cards (UD-COMBAT-1 to -3), with the sacrifices
    its damage may call for and the traps that fire on arrival (trap_timing =
    "arrival")."""
    return z3.And(
        v.num("phase") == RELEASE,
        _phase_in(w, RELEASE, ATTACKS, OVER),
        *_common(v, w, capped=capped, offered=offered),
        *_quiet(v, w),
        w.num("rescued") <= v.num("rescued"),
        *_keep_seats(v, w, "wounds", "barr"),
        *(_i(w, "foes", i) >= _i(v, "foes", i) for i in SEATS),
        *(_i(w, "surv", i) >= _i(v, "surv", i) for i in SEATS),
        *(_i(w, "traps", i) <= _i(v, "traps", i) for i in SEATS),
        fate_rule(v, w),
    )


def fate_rule(v: Vars, w: Vars) -> z3.BoolRef:
    """The horde's size: the players plus the round, one more or one fewer when the die of
    fate says so and fate_horde = "card" (UD-COMBAT-1, UD-COMBAT-2, UD-A31); under the
    other readings the die attracts one card at most, and withdraws one instead of
    shrinking the horde."""
    size = v.num("n") + v.num("round")
    revealed = w.num("reveal")
    return z3.And(
        z3.Implies(
            revealed > v.num("reveal"),
            z3.And(
                revealed >= size - 1,
                revealed <= size + 1,
                z3.Implies(z3.Not(v.flag("fate_card")), revealed == size),
            ),
        ),
        w.num("attract") <= z3.If(v.num("attract") > 1, v.num("attract"), z3.IntVal(1)),
        w.num("withdraw") >= 0,
        w.num("withdraw") <= z3.If(v.num("withdraw") > 1, v.num("withdraw"), z3.IntVal(1)),
    )


def attack(
    v: Vars, w: Vars, *, most: int = MAX_DICE, in_line: bool = True, cap_dice: bool = True
) -> z3.BoolRef:
    """The characters' attack: an action, or an attack whose dice are the weapon's,
    the ammunition's and the character's, capped at six after every modifier, and whose
    eliminations follow the line (UD-COMBAT-4 to -13), collateral damage included.
    ``cap_dice = False`` caps the cards instead, before the advantage (a wrong
    encoding)."""
    line = w.num("prefix") == w.num("elim") if in_line else w.num("prefix") <= w.num("elim")
    arms, bonus = w.num("arms"), w.num("bonus")
    capped_cards = z3.If(arms > MAX_DICE, MAX_DICE, arms) + bonus
    dice = attack_dice(arms, bonus) if cap_dice else capped_cards
    return z3.And(
        v.num("phase") == ATTACKS,
        _phase_in(w, ATTACKS, OVER),
        *_common(v, w),
        *_keep(v, w, "round", "cycle"),
        w.num("dice") >= 0,
        w.num("dice") <= most,
        z3.Or(w.num("wave") == NO_WAVE, w.num("wave") == COLLATERAL),
        w.num("rescued") <= v.num("rescued"),
        z3.Implies(w.flag("attacking"), z3.And(w.num("prefix") >= 0, line)),
        z3.Implies(z3.Not(w.flag("attacking")), z3.And(*_no_attack(w))),
        z3.Implies(_declared(v, w), w.num("dice") == dice),
        z3.Implies(
            z3.And(v.flag("attacking"), w.flag("attacking")),
            z3.And(*_keep(v, w, "arms", "bonus", "ammo")),
        ),
        # Under ammo_spend = "useful" (UD-A25) no card of ammunition is spent past the
        # one that brings the dice to six: without the last card, fewer than six.
        z3.Implies(
            z3.And(_declared(v, w), v.flag("useful"), w.num("ammo") > 1),
            arms - 1 + bonus < MAX_DICE,
        ),
        damage_order(v, w),
    )


def enemies(v: Vars, w: Vars, *, ordered: bool = True, mortal: bool = True) -> z3.BoolRef:
    """The enemies' attack: traps, then rolls of at most six dice resolved in the damage
    order (UD-ENEMY-1 to -10)."""
    in_enemies = v.num("phase") == ENEMIES
    return z3.And(
        _phase_in(v, ATTACKS, ENEMIES),
        _phase_in(w, ENEMIES, OVER),
        *_common(v, w, mortal=mortal),
        *_keep(v, w, "round", "cycle"),
        *_no_attack(w),
        w.num("dice") >= 0,
        w.num("dice") <= MAX_DICE,
        w.num("wave") != COLLATERAL,
        w.num("rescued") <= v.num("rescued"),
        *(
            z3.Implies(
                in_enemies,
                z3.And(
                    _i(w, "foes", i) <= _i(v, "foes", i),
                    _i(w, "surv", i) <= _i(v, "surv", i),
                    _i(w, "hp", i) <= _i(v, "hp", i),
                    # Nobody builds while the enemies attack: traps fire, barricades fall.
                    _i(w, "traps", i) <= _i(v, "traps", i),
                    _i(w, "barr", i) <= _i(v, "barr", i),
                ),
            )
            for i in SEATS
        ),
        damage_order(v, w) if ordered else z3.BoolVal(True),
    )


def _round_ends(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """The end of an enemies' attack, possibly in the same step as its last roll."""
    return [
        _phase_in(v, ATTACKS, ENEMIES),
        *_no_attack(w),
        w.num("dice") == 0,
        w.num("wave") == NO_WAVE,
        save_rule(w),
        damage_order(v, w),
    ]


def next_round(v: Vars, w: Vars, *, last: int = ROUNDS) -> z3.BoolRef:
    """The next round's search begins, never past round ten (UD-ROUND-1, UD-ROUND-2)."""
    return z3.And(
        *_common(v, w),
        v.num("round") < last,
        w.num("round") == v.num("round") + 1,
        w.num("phase") == SEARCH,
        *_keep(v, w, "cycle"),
    )


def _final(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return [
        v.num("round") == ROUNDS,
        w.num("round") == ROUNDS,
        w.num("cycle") == v.num("cycle") + 1,
    ]


def final_cycle(v: Vars, w: Vars) -> z3.BoolRef:
    """Round ten with enemies left: the final fight goes on (UD-ROUND-3)."""
    return z3.And(
        *_final(v, w),
        *_common(v, w),
        _sum(w, "foes") >= 1,
        w.num("cycle") < w.num("cap"),
        w.num("phase") == ATTACKS,
    )


def _ending(v: Vars, w: Vars, *, won: bool) -> list[z3.BoolRef]:
    return [
        *_final(v, w),
        *_common(v, w, ending=True),
        w.num("phase") == OVER,
        w.flag("won") == z3.BoolVal(won),
        w.flag("lost") == z3.BoolVal(not won),
        z3.Not(_death(w)),
    ]


def daylight(v: Vars, w: Vars, *, rescue: int = 1) -> z3.BoolRef:
    """The win: no enemy left, every character alive, a saved survivor (UD-END-1)."""
    return z3.And(*_ending(v, w, won=True), _sum(w, "foes") == 0, w.num("rescued") >= rescue)


def no_survivor(v: Vars, w: Vars) -> z3.BoolRef:
    """The loss with every enemy gone but no survivor saved (UD-END-3)."""
    return z3.And(*_ending(v, w, won=False), _sum(w, "foes") == 0, w.num("rescued") == 0)


def cut_off(v: Vars, w: Vars) -> z3.BoolRef:
    """dieproof's bound on the final fight (UD-A14): enemies are left after the last
    cycle allowed, and the night is lost (UD-ROUND-3)."""
    return z3.And(*_ending(v, w, won=False), _sum(w, "foes") >= 1, w.num("cycle") == w.num("cap"))


def round_end(v: Vars, w: Vars, *, last: int = ROUNDS, rescue: int = 1) -> z3.BoolRef:
    """The end of a round: lone survivors are saved, then the next round begins (rounds
    one to nine), or in round ten the final fight goes on, is won (UD-END-1), is lost for
    want of a saved survivor (UD-END-3) or reaches dieproof's bound (UD-A14)."""
    return z3.And(
        *_round_ends(v, w),
        z3.Or(
            next_round(v, w, last=last),
            final_cycle(v, w),
            daylight(v, w, rescue=rescue),
            no_survivor(v, w),
            cut_off(v, w),
        ),
    )


# -- goals and wrong encodings ------------------------------------------------------------------


def goal_win(v: Vars) -> z3.BoolRef:
    return v.flag("won")


def goal_death(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), _death(v))


def goal_no_survivor(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), z3.Not(_death(v)), _sum(v, "foes") == 0, v.num("rescued") == 0)


def goal_cut_off(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), z3.Not(_death(v)), v.num("cycle") == v.num("cap"))


def goal_six_dice(v: Vars) -> z3.BoolRef:
    return v.num("dice") == MAX_DICE


def goal_full_inventory(v: Vars) -> z3.BoolRef:
    return z3.Or(
        *(
            z3.And(_b(v, "seat", i), _i(v, "limit", i) >= 1, _i(v, "slots", i) == _i(v, "limit", i))
            for i in SEATS
        )
    )


def goal_two_tokens(v: Vars) -> z3.BoolRef:
    return z3.Or(*(_i(v, "barr", i) + _i(v, "traps", i) == MAX_TOKENS for i in SEATS))


def goal_final_fight(v: Vars) -> z3.BoolRef:
    return z3.And(v.num("round") == ROUNDS, v.num("phase") == ATTACKS)


def goal_leader(v: Vars) -> z3.BoolRef:
    return v.num("leader") >= 0


def goal_healed(v: Vars) -> z3.BoolRef:
    return z3.Or(
        *(z3.And(_i(v, "wounds", i) >= 1, _i(v, "hp", i) == _i(v, "top", i)) for i in SEATS)
    )


def goal_wounded_by_order(v: Vars) -> z3.BoolRef:
    return z3.Or(*(_i(v, "wounds", i) >= 1 for i in SEATS))


WRONG: tuple[WrongEncoding, ...] = (
    WrongEncoding(
        "seven-dice",
        "an attack may roll seven dice: UD-INV-SIX-DICE must fail.",
        lambda m: m.with_transition("attack", lambda v, w: attack(v, w, most=MAX_DICE + 1)),
    ),
    WrongEncoding(
        "wound-behind-a-barricade",
        "the enemies' dice skip the damage order: UD-INV-DAMAGE-ORDER must fail.",
        lambda m: m.with_transition("enemies", lambda v, w: enemies(v, w, ordered=False)),
    ),
    WrongEncoding(
        "eliminate-out-of-line",
        "an attack may eliminate a card behind one still standing: UD-INV-ELIM-ORDER must fail.",
        lambda m: m.with_transition("attack", lambda v, w: attack(v, w, in_line=False)),
    ),
    WrongEncoding(
        "no-fit-check",
        "a drawn card enters a full inventory: UD-INV-INVENTORY must fail.",
        lambda m: m.with_transition("search", lambda v, w: search(v, w, fit=False)),
    ),
    WrongEncoding(
        "third-token",
        "a player with two tokens builds a third: UD-INV-TOKENS must fail.",
        lambda m: m.with_transition("search", lambda v, w: search(v, w, token_cap=MAX_TOKENS + 1)),
    ),
    WrongEncoding(
        "heal-past-maximum",
        "the die of fate heals past the maximum: UD-INV-HEALTH must fail.",
        lambda m: m.with_transition("release", lambda v, w: release(v, w, capped=False)),
    ),
    WrongEncoding(
        "death-goes-unnoticed",
        "a character dies and the enemies' attack goes on: UD-INV-DEATH-LOSS must fail.",
        lambda m: m.with_transition("enemies", lambda v, w: enemies(v, w, mortal=False)),
    ),
    WrongEncoding(
        "eleventh-round",
        "a round ends into round eleven: UD-INV-ROUNDS must fail.",
        lambda m: m.with_transition("round_end", lambda v, w: round_end(v, w, last=ROUNDS + 1)),
    ),
    WrongEncoding(
        "leader-token-stuck",
        "experience changes but the token never moves: UD-INV-LEADER must fail.",
        lambda m: m.with_transition("search", lambda v, w: search(v, w, passes=False)),
    ),
    WrongEncoding(
        "card-vanishes",
        "a card may leave the game: UD-INV-CARDS must fail.",
        lambda m: m.with_transition("search", lambda v, w: search(v, w, conserved=False)),
    ),
    WrongEncoding(
        "cap-the-cards",
        "the six-dice cap applies to the cards, then the advantage or the drawback "
        "changes the dice: UD-INV-ATTACK-DICE must fail.",
        lambda m: m.with_transition("attack", lambda v, w: attack(v, w, cap_dice=False)),
    ),
    WrongEncoding(
        "no-sacrifice-for-fate",
        "the die of fate's damage reaches a character without the offer to sacrifice a "
        "saved survivor: UD-INV-SACRIFICE must fail.",
        lambda m: m.with_transition("release", lambda v, w: release(v, w, offered=False)),
    ),
    WrongEncoding(
        "noise-brings-a-survivor",
        "a noise event may bring a survivor: UD-INV-ATTRACT must fail.",
        lambda m: m.with_transition("search", lambda v, w: search(v, w, infected_only=False)),
    ),
    WrongEncoding(
        "win-without-survivor",
        "the night is won without a saved survivor: UD-INV-END must fail.",
        lambda m: m.with_transition("round_end", lambda v, w: round_end(v, w, rescue=0)),
    ),
)


MODEL = Model(
    game=GAME.id,
    variables=VARIABLES,
    init=init,
    invariants=(
        Named.of("UD-INV-INVENTORY", inv_inventory),
        Named.of("UD-INV-TOKENS", inv_tokens),
        Named.of("UD-INV-HEALTH", inv_health),
        Named.of("UD-INV-DEATH-LOSS", inv_death_loss),
        Named.of("UD-INV-ROUNDS", inv_rounds),
        Named.of("UD-INV-LEADER", inv_leader),
        Named.of("UD-INV-CARDS", inv_cards),
        Named.of("UD-INV-END", inv_end),
    ),
    transitions=(
        Transition.of("setup", setup),
        Transition.of("clock", clock),
        Transition.of("search", search),
        Transition.of("release", release),
        Transition.of("attack", attack),
        Transition.of("enemies", enemies),
        Transition.of("round_end", round_end),
    ),
    properties=(
        Property.of("UD-INV-SIX-DICE", prop_six_dice),
        Property.of("UD-INV-ATTACK-DICE", prop_attack_dice),
        Property.of("UD-INV-DAMAGE-ORDER", prop_damage_order),
        Property.of("UD-INV-ELIM-ORDER", prop_elim_order),
        Property.of("UD-INV-SACRIFICE", prop_sacrifice),
        Property.of("UD-INV-ATTRACT", prop_attract),
    ),
    goals=(
        Goal("win", "the night is won", goal_win),
        Goal("death", "a character dies and the game is lost", goal_death),
        Goal("no-survivor", "every enemy gone but no survivor saved: lost", goal_no_survivor),
        Goal("cut-off", "the final fight reaches dieproof's bound: lost", goal_cut_off),
        Goal("six-dice", "a roll of six dice, the cap", goal_six_dice),
        Goal("full-inventory", "an inventory fills every slot", goal_full_inventory),
        Goal("two-tokens", "a player has two tokens, the cap", goal_two_tokens),
        Goal("final-fight", "round ten's final fight", goal_final_fight),
        Goal("leader", "somebody holds the leader token", goal_leader),
        Goal("wounded", "a character is wounded through the damage order", goal_wounded_by_order),
        Goal("healed", "a wounded character is back at its maximum health", goal_healed),
    ),
    wrong=WRONG,
    background=background,
)
"""The abstract model of Until Daylight."""


# -- the abstraction function -------------------------------------------------------------------


def _prefix(state: UdState) -> int:
    """How many of the attacked line's first targets the attack has eliminated."""
    attack = state.attack
    if attack is None:
        return 0
    done = set(attack.eliminated)
    count = 0
    for position, kind in enumerate(state.areas[attack.area]):
        if not combat.is_target(attack.survivors, kind):
            continue
        if position not in done:
            break
        count += 1
    return count


def abstract(state: State) -> dict[str, int | bool]:
    """The model's view of a reference state."""
    if not isinstance(state, UdState):
        raise TypeError(f"not an Until Daylight state: {type(state).__name__}")
    config = state.config
    n = config.players
    cat = catalog(config)
    result = state.result
    kept = state.saved if config.readings.win_survivors == "kept" else state.saved_ever
    values: dict[str, int | bool] = {
        "n": n,
        "phase": PHASE_NUMBER[state.phase],
        "round": state.round,
        "cycle": state.cycle,
        "cap": config.final_cycles,
        "dice": state.roll_size,
        "wave": WAVE_NUMBER[state.defense.wave] if state.defense is not None else NO_WAVE,
        "elim": len(state.attack.eliminated) if state.attack is not None else 0,
        "prefix": _prefix(state),
        "leader": state.leader,
        "cards": rubble_cards(state),
        "cards_total": cat.rubble_total,
        "horde": horde_cards(state),
        "horde_total": cat.horde_total,
        "rescued": sum(kept),
        "arms": _arms(state, cat),
        "ammo": state.attack.ammo if state.attack is not None else 0,
        "withdraw": state.withdraw,
        "fate_card": config.readings.fate_horde == "card",
        "useful": config.readings.ammo_spend == "useful",
        "bonus": _bonus(state, cat),
        "reveal": state.reveal,
        "attract": state.attract,
        "won": result is not None and bool(result.winners),
        "lost": result is not None and not result.winners,
        "attacking": state.attack is not None,
    }
    for i in SEATS:
        seated = i < n
        chosen = seated and state.characters[i] >= 0
        values[f"seat[{i}]"] = seated
        values[f"hp[{i}]"] = state.health[i] if seated else 0
        values[f"top[{i}]"] = max_health(state, i) if chosen else 0
        values[f"slots[{i}]"] = slots(cat, state.inventories[i]) if seated else 0
        values[f"limit[{i}]"] = slot_limit(state, i) if chosen else 0
        values[f"prot[{i}]"] = sum(state.inventories[i][c] for c in cat.protection) if seated else 0
        values[f"barr[{i}]"] = state.barricades[i] if seated else 0
        values[f"traps[{i}]"] = state.traps[i] if seated else 0
        values[f"surv[{i}]"] = survivors_in(state.areas[i]) if seated else 0
        values[f"foes[{i}]"] = enemies_in(state.areas[i]) if seated else 0
        values[f"xp[{i}]"] = experience(state, i, cat) if seated else 0
        values[f"wounds[{i}]"] = state.wounds[i] if seated else 0
        values[f"kept[{i}]"] = state.saved[i] if seated else 0
        values[f"owed[{i}]"] = _owed(state, i) if seated else 0
    return values


def _arms(state: UdState, cat: Catalog) -> int:
    """The attack in progress's weapon dice and ammunition cards (0 without one)."""
    attack = state.attack
    if attack is None:
        return 0
    return cat.cards[cat.index[attack.weapon]].dice + attack.ammo


def _bonus(state: UdState, cat: Catalog) -> int:
    """The attacker's advantage (doubled while leading) less the drawback, for the
    weapon's kind of attack (0 without an attack)."""
    attack = state.attack
    if attack is None:
        return 0
    character = cat.characters[state.characters[attack.attacker]]
    kind = AbilityKind.MELEE_DICE if attack.melee else AbilityKind.DISTANCE_DICE
    bonus = 0
    if character.advantage.kind is kind:
        bonus += character.advantage.amount * (2 if state.leader == attack.attacker else 1)
    if character.drawback.kind is kind:
        bonus -= character.drawback.amount
    return bonus


def _owed(state: UdState, seat: int) -> int:
    """Damage waiting for ``seat``'s sacrifice decision."""
    defense = state.defense
    if state.step is Step.SACRIFICE and defense is not None and defense.defender == seat:
        return defense.damage
    return state.harm if state.harmed == seat else 0


# -- reachability witnesses ----------------------------------------------------------------------

Policy = Callable[[UdState, tuple[UdAction, ...], random.Random], UdAction]
"""How a witness game picks a decision among the legal ones."""


def uniform(state: UdState, legal: tuple[UdAction, ...], rng: random.Random) -> UdAction:
    """Uniform random play, as the simulator plays."""
    return legal[rng.randrange(len(legal))]


def eager(state: UdState, legal: tuple[UdAction, ...], rng: random.Random) -> UdAction:
    """A keen player: attacks when it can, else draws and builds; agrees to every take,
    never sacrifices a survivor; anything else at random."""
    for kinds in ((AttackWith,), (Draw, Build), (Consent,)):
        found = [a for a in legal if isinstance(a, kinds)]
        if found:
            if isinstance(found[0], Consent):
                return Consent(True)
            return found[rng.randrange(len(found))]
    if isinstance(legal[0], Sacrifice):
        return legal[0]
    return uniform(state, legal, rng)


def _content(
    *,
    health: int = 60,
    slots_each: int = 10,
    horde: Deck | None = None,
    die: CombatDie | None = None,
    rubble: Mapping[str, int] | None = None,
) -> Content:
    """dieproof's default content with other characters' health and slots, horde, combat
    die or rubble deck (``rubble``: the only cards in the deck, with their counts), and
    no objective cards: a user-supplied box, as the config allows (a small one: the
    witness games' vectors spell it out)."""
    base = DEFAULT_CONTENT
    characters = tuple(
        msgspec.structs.replace(c, health=health, slots=slots_each) for c in base.characters
    )
    cards = base.rubble
    if rubble is not None:
        cards = tuple(msgspec.structs.replace(c, count=rubble.get(c.name, 0)) for c in cards)
    return msgspec.structs.replace(
        base,
        characters=characters,
        rubble=cards,
        horde=base.horde if horde is None else horde,
        die=base.die if die is None else die,
        objectives=(),
    )


RUSH = Timer(gong=1, tick=0)
"""The gong sounds before the first search action: short witness games."""

WITNESS_CONFIGS: Mapping[str, tuple[tuple[UdConfig, Policy], ...]] = {
    "win": ((UdConfig(3, _content(horde=Deck(wanderer=1, survivor=3)), RUSH), eager),),
    "final-fight": ((UdConfig(3, _content(horde=Deck(wanderer=1, survivor=3)), RUSH), eager),),
    "no-survivor": ((UdConfig(3, _content(horde=Deck(wanderer=1)), RUSH), eager),),
    "cut-off": (
        (
            UdConfig(
                3,
                _content(health=500, horde=Deck(monster=1), die=CombatDie(1, 1, 4)),
                RUSH,
                final_cycles=1,
            ),
            eager,
        ),
    ),
    "full-inventory": ((UdConfig(3, _content(slots_each=2)), eager),),
    "death": ((UdConfig(3, _content(health=2), RUSH), uniform),),
    "six-dice": ((UdConfig(3, _content(horde=Deck(monster=20)), RUSH), uniform),),
    "two-tokens": (
        (UdConfig(3, _content(rubble={"plank": 20, "nails": 20, "rope": 20, "blade": 20})), eager),
    ),
}
"""The configurations and policies whose seeded games witness the goals that random play
of the default game seldom reaches."""

DEFAULT_WITNESS: tuple[tuple[UdConfig, Policy], ...] = (
    (UdConfig(players=3, timer=RUSH), eager),
    *((UdConfig(players=n), uniform) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
)


def _search(
    goal: Callable[[Mapping[str, int | bool]], bool],
    plans: Sequence[tuple[UdConfig, Policy]],
    seeds: int = 200,
) -> tuple[UdConfig, tuple[UdAction, ...], list[Abstract]]:
    """The first seeded game that reaches ``goal``: its configuration, its actions up to
    the goal, and its path of abstract states (one more than actions)."""
    for config, policy in plans:
        for seed in range(seeds):
            rng = random.Random(seed)
            state: UdState = rules.initial_state(config)
            path: list[Abstract] = [abstract(state)]
            actions: list[UdAction] = []
            while rules.to_move(state) != TERMINAL:
                if goal(path[-1]):
                    return config, tuple(actions), path
                if rules.to_move(state) == CHANCE:
                    action = rules.sample_chance(state, rng)
                else:
                    action = policy(state, rules.legal_actions(state), rng)
                state = rules.apply(state, action)
                actions.append(action)
                path.append(abstract(state))
            if goal(path[-1]):
                return config, tuple(actions), path
    raise LookupError("no seeded game reached the goal")


def _goal_searches() -> dict[str, tuple[UdConfig, tuple[UdAction, ...], list[Abstract]]]:
    """For every goal, the first seeded game that reaches it (see :func:`_search`)."""
    compiled = CompiledModel(MODEL)
    found: dict[str, tuple[UdConfig, tuple[UdAction, ...], list[Abstract]]] = {}
    for goal in MODEL.goals:
        name = goal.name

        def reached(a: Mapping[str, int | bool], name: str = name) -> bool:
            return name in compiled.goals_met(a)

        found[name] = _search(reached, WITNESS_CONFIGS.get(name, DEFAULT_WITNESS))
    return found


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and the concrete actions of the real game whose
    abstract path :func:`goal_witnesses` gives (the oracle's witness vectors)."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL, abstract=abstract, goal_witnesses=goal_witnesses, goal_games=goal_games
    )


register_proofs(GAME.id, _proofs)
