"""Until Daylight in z3: the named transitions, one per part of the game (setup, the
timer, a search action, the release, the characters' attack, the enemies' attack, the end
of a round).

Transitions are relations (players choose, dice fall): each names the phases it runs
from and to, the rule's guard and effect, and what it keeps. One concrete ``apply`` may
run several rules in a row (an attack's last die, its reward draws, the enemies' traps
and the first enemy roll), so a transition says what holds after the step, not how it
got there."""

from __future__ import annotations

import z3

from dieproof.proofs.model import (
    Vars,
)
from dieproof.proofs.until_daylight.steps import (
    attack_dice,
    common,
    damage_order,
    declared,
    no_attack,
    quiet,
    save_rule,
    seat_after,
    wound_rule,
)
from dieproof.proofs.until_daylight.vocabulary import (
    ATTACKS,
    COLLATERAL,
    CONSTANTS,
    ENEMIES,
    NO_WAVE,
    OVER,
    RELEASE,
    SEARCH,
    SEATS,
    SETUP,
    VARIABLES,
    at,
    death,
    flag_at,
    keep,
    keep_seats,
    phase_in,
    seat_sum,
)
from dieproof.reference.until_daylight.types import (
    MAX_DICE,
    MAX_TOKENS,
    OFFERED_OBJECTIVES,
    ROUNDS,
)

# -- transitions --------------------------------------------------------------------------------


def setup(v: Vars, w: Vars) -> z3.BoolRef:
    """Setup: the roll-off, then each player takes a character (full health, its slots,
    its basic weapon) and objectives (UD-SETUP-2 to UD-SETUP-4)."""
    chosen = [
        z3.Or(
            z3.And(*keep(v, w, f"hp[{i}]", f"top[{i}]", f"limit[{i}]", f"slots[{i}]")),
            z3.And(
                flag_at(v, "seat", i),
                at(w, "top", i) >= 1,
                at(w, "hp", i) == at(w, "top", i),
                at(w, "limit", i) >= 1,
                at(w, "slots", i) >= at(w, "prot", i),
                at(w, "slots", i) <= at(w, "limit", i),
            ),
        )
        for i in SEATS
    ]
    ready = z3.And(
        *(
            z3.Implies(flag_at(w, "seat", i), z3.And(at(w, "top", i) >= 1, at(w, "limit", i) >= 1))
            for i in SEATS
        )
    )
    return z3.And(
        v.num("phase") == SETUP,
        *(at(v, "kept", i) == 0 for i in SEATS),  # nobody has saved a survivor yet
        z3.Or(w.num("phase") == SETUP, z3.And(w.num("phase") == SEARCH, ready)),
        *keep(v, w, *CONSTANTS, "cards", "horde", "rescued", "won", "lost", "leader"),
        *quiet(v, w),
        *keep_seats(
            v, w, "seat", "prot", "barr", "traps", "surv", "foes", "xp", "wounds", "kept", "owed"
        ),
        *chosen,
        *keep(v, w, "events", "built"),
        z3.Implies(w.num("phase") == SEARCH, w.num("misclaimed") == 0),
        # Secondary objectives: two drawn, one at a time, then one kept (UD-SETUP-4),
        # fewer only if the pile runs out.
        z3.Or(
            z3.And(*keep(v, w, "offered", "secondary")),
            z3.And(
                w.num("offered") == v.num("offered") + 1,
                w.num("secondary") == v.num("secondary") - 1,
            ),
            z3.And(
                w.num("offered") == 0,
                w.num("secondary") == v.num("secondary"),
                z3.Or(v.num("offered") == OFFERED_OBJECTIVES, v.num("secondary") == 0),
            ),
        ),
    )


def clock(v: Vars, w: Vars) -> z3.BoolRef:
    """The timer: the search phase goes on, or the gong sends the caught player's horde
    (UD-SEARCH-8)."""
    others = [name for name in VARIABLES if name not in ("phase", "dice", "active")]
    return z3.And(
        v.num("phase") == SEARCH,
        w.num("dice") == 0,
        z3.Or(w.num("phase") == SEARCH, w.num("phase") == RELEASE),
        # The player caught playing at the gong receives the horde (UD-SEARCH-8).
        w.num("active") == z3.If(w.num("phase") == RELEASE, v.num("turn"), v.num("active")),
        *keep(v, w, *others),
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
        phase_in(w, SEARCH, OVER),
        *common(
            v,
            w,
            fit=fit,
            token_cap=token_cap,
            passes=passes,
            conserved=conserved,
            infected_only=infected_only,
        ),
        *quiet(v, w),
        w.num("rescued") <= v.num("rescued"),
        *keep_seats(v, w, "wounds"),
        *(at(w, "barr", i) >= at(v, "barr", i) for i in SEATS),
        *(
            z3.Implies(at(w, "foes", i) < at(v, "foes", i), at(w, "traps", i) < at(v, "traps", i))
            for i in SEATS
        ),
        *(at(w, "surv", i) >= at(v, "surv", i) for i in SEATS),
        # A give, a take, a draw, a use or a discard moves one card that is not
        # ammunition (UD-SEARCH-3, UD-SEARCH-4, UD-SEARCH-9); only a build takes several.
        *(
            z3.And(
                at(w, "loose", i) <= at(v, "loose", i) + 1,
                z3.Implies(
                    at(w, "loose", i) < at(v, "loose", i) - 1, w.num("built") > v.num("built")
                ),
            )
            for i in SEATS
        ),
        # "Next": the turn passes clockwise, one player at a time (UD-SEARCH-1).
        z3.Or(w.num("turn") == v.num("turn"), w.num("turn") == seat_after(v, v.num("turn"), 1)),
        # Only a red noise event, discarded as it is drawn, attracts an infected
        # (UD-SEARCH-10): the event pile grows by one (or restarts, after a reshuffle).
        z3.Implies(
            w.num("attract") > v.num("attract"),
            z3.Or(w.num("events") == v.num("events") + 1, w.num("events") == 1),
        ),
    )


def release(v: Vars, w: Vars, *, capped: bool = True, offered: bool = True) -> z3.BoolRef:
    """The die of fate and the horde's cards (UD-COMBAT-1 to -3), with the sacrifices
    its damage may call for and the traps that fire on arrival (trap_timing =
    "arrival")."""
    return z3.And(
        v.num("phase") == RELEASE,
        phase_in(w, RELEASE, ATTACKS, OVER),
        *common(v, w, capped=capped, offered=offered),
        *quiet(v, w),
        w.num("rescued") <= v.num("rescued"),
        *keep_seats(v, w, "wounds", "barr"),
        *(at(w, "foes", i) >= at(v, "foes", i) for i in SEATS),
        *(at(w, "surv", i) >= at(v, "surv", i) for i in SEATS),
        *(at(w, "traps", i) <= at(v, "traps", i) for i in SEATS),
        fate_rule(v, w),
        # The characters' attack begins with the horde's receiver (UD-COMBAT-4).
        z3.Implies(
            w.num("phase") == ATTACKS,
            z3.And(w.num("turn") == w.num("active"), w.num("acted") == 0),
        ),
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
        phase_in(w, ATTACKS, OVER),
        *common(v, w),
        *keep(v, w, "round", "cycle"),
        w.num("dice") >= 0,
        w.num("dice") <= most,
        z3.Or(w.num("wave") == NO_WAVE, w.num("wave") == COLLATERAL),
        w.num("rescued") <= v.num("rescued"),
        z3.Implies(w.flag("attacking"), z3.And(w.num("prefix") >= 0, line)),
        z3.Implies(z3.Not(w.flag("attacking")), z3.And(*no_attack(w))),
        z3.Implies(declared(v, w), w.num("dice") == dice),
        z3.Implies(
            z3.And(v.flag("attacking"), w.flag("attacking")),
            z3.And(*keep(v, w, "arms", "bonus", "ammo")),
        ),
        # Under ammo_spend = "useful" (UD-A25) no card of ammunition is spent past the
        # one that brings the dice to six: without the last card, fewer than six.
        z3.Implies(
            z3.And(declared(v, w), v.flag("useful"), w.num("ammo") > 1),
            arms - 1 + bonus < MAX_DICE,
        ),
        damage_order(v, w),
        # One action per player, clockwise from the horde's receiver (UD-COMBAT-4).
        w.num("active") == v.num("active"),
        z3.Implies(
            w.num("phase") == ATTACKS,
            z3.And(
                w.num("acted") < v.num("n"),
                z3.Or(
                    z3.And(w.num("acted") == v.num("acted"), w.num("turn") == v.num("turn")),
                    z3.And(
                        w.num("acted") == v.num("acted") + 1,
                        w.num("turn") == seat_after(v, v.num("active"), w.num("acted")),
                    ),
                ),
            ),
        ),
        *(z3.Implies(at(w, "wounds", i) > at(v, "wounds", i), wound_rule(v, w, i)) for i in SEATS),
    )


def enemies(v: Vars, w: Vars, *, ordered: bool = True, mortal: bool = True) -> z3.BoolRef:
    """The enemies' attack: traps, then rolls of at most six dice resolved in the damage
    order (UD-ENEMY-1 to -10)."""
    in_enemies = v.num("phase") == ENEMIES
    return z3.And(
        phase_in(v, ATTACKS, ENEMIES),
        phase_in(w, ENEMIES, OVER),
        *common(v, w, mortal=mortal),
        *keep(v, w, "round", "cycle"),
        *no_attack(w),
        w.num("dice") >= 0,
        w.num("dice") <= MAX_DICE,
        w.num("wave") != COLLATERAL,
        w.num("rescued") <= v.num("rescued"),
        *(
            z3.Implies(
                in_enemies,
                z3.And(
                    at(w, "foes", i) <= at(v, "foes", i),
                    at(w, "surv", i) <= at(v, "surv", i),
                    at(w, "hp", i) <= at(v, "hp", i),
                    # Nobody builds while the enemies attack: traps fire, barricades fall.
                    at(w, "traps", i) <= at(v, "traps", i),
                    at(w, "barr", i) <= at(v, "barr", i),
                ),
            )
            for i in SEATS
        ),
        damage_order(v, w) if ordered else z3.BoolVal(True),
        w.num("active") == v.num("active"),
        # The enemies attack once every player has acted (UD-COMBAT-4, UD-ENEMY-1).
        z3.Implies(z3.Not(in_enemies), v.num("acted") == v.num("n") - 1),
        *(z3.Implies(in_enemies, wound_rule(v, w, i)) for i in SEATS),
    )


def _round_ends(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """The end of an enemies' attack, possibly in the same step as its last roll."""
    return [
        phase_in(v, ATTACKS, ENEMIES),
        *no_attack(w),
        w.num("dice") == 0,
        w.num("wave") == NO_WAVE,
        save_rule(w),
        damage_order(v, w),
    ]


def next_round(v: Vars, w: Vars, *, last: int = ROUNDS) -> z3.BoolRef:
    """The next round's search begins, never past round ten (UD-ROUND-1, UD-ROUND-2)."""
    return z3.And(
        *common(v, w),
        v.num("round") < last,
        w.num("round") == v.num("round") + 1,
        w.num("phase") == SEARCH,
        *keep(v, w, "cycle"),
        # The player after the horde's receiver starts the new round (UD-ROUND-2).
        w.num("turn") == seat_after(v, v.num("active"), 1),
        w.num("acted") == 0,
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
        *common(v, w),
        seat_sum(w, "foes") >= 1,
        w.num("cycle") < w.num("cap"),
        w.num("phase") == ATTACKS,
        # Each cycle of the final fight is one more characters' attack from the same
        # receiver (UD-ROUND-3, UD-COMBAT-4).
        *keep(v, w, "active"),
        w.num("turn") == v.num("active"),
        w.num("acted") == 0,
    )


def _ending(v: Vars, w: Vars, *, won: bool) -> list[z3.BoolRef]:
    return [
        *_final(v, w),
        *common(v, w, ending=True),
        w.num("phase") == OVER,
        w.flag("won") == z3.BoolVal(won),
        w.flag("lost") == z3.BoolVal(not won),
        z3.Not(death(w)),
    ]


def daylight(v: Vars, w: Vars, *, rescue: int = 1) -> z3.BoolRef:
    """The win: no enemy left, every character alive, a saved survivor (UD-END-1)."""
    return z3.And(*_ending(v, w, won=True), seat_sum(w, "foes") == 0, w.num("rescued") >= rescue)


def no_survivor(v: Vars, w: Vars) -> z3.BoolRef:
    """The loss with every enemy gone but no survivor saved (UD-END-3)."""
    return z3.And(*_ending(v, w, won=False), seat_sum(w, "foes") == 0, w.num("rescued") == 0)


def cut_off(v: Vars, w: Vars) -> z3.BoolRef:
    """dieproof's bound on the final fight (UD-A14): enemies are left after the last
    cycle allowed, and the night is lost (UD-ROUND-3)."""
    return z3.And(
        *_ending(v, w, won=False), seat_sum(w, "foes") >= 1, w.num("cycle") == w.num("cap")
    )


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
