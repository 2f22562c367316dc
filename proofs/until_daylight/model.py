"""Until Daylight in z3: the abstract model (background, init, named invariants, two-state
properties, goals and wrong encodings) over the variables of
:mod:`~dieproof.proofs.until_daylight.vocabulary` and the transitions of
:mod:`~dieproof.proofs.until_daylight.transitions`."""

from __future__ import annotations

import z3

from dieproof.proofs.model import (
    Goal,
    Model,
    Named,
    Property,
    Transition,
    Vars,
    WrongEncoding,
)
from dieproof.proofs.until_daylight.steps import (
    attack_dice,
    attract_rule,
    damage_order,
    declared,
    sacrifice_rule,
)
from dieproof.proofs.until_daylight.transitions import (
    attack,
    clock,
    enemies,
    release,
    round_end,
    search,
    setup,
)
from dieproof.proofs.until_daylight.vocabulary import (
    ATTACKS,
    COLLATERAL,
    ENEMIES,
    NO_WAVE,
    OVER,
    PER_SEAT_INT,
    RELEASE,
    SEARCH,
    SEATS,
    SETUP,
    VARIABLES,
    at,
    death,
    flag_at,
    phase_in,
    seat_sum,
)
from dieproof.reference.until_daylight import GAME
from dieproof.reference.until_daylight.types import (
    BARRICADE_TOKENS,
    MAX_DICE,
    MAX_PLAYERS,
    MAX_TOKENS,
    MIN_PLAYERS,
    OFFERED_OBJECTIVES,
    ROUNDS,
    TRAP_TOKENS,
)

# -- init, background, invariants, properties --------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains: three to six seats, the phases, waves and seats the numbers stand for;
    every count of cards, dice or debts is a natural number (``least``); a horde's
    receiver exactly from the gong to the end of the round."""
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
        *(at(v, "kept", i) >= 0 for i in SEATS),
        *(at(v, "owed", i) >= 0 for i in SEATS),
        v.num("active") >= -1,
        v.num("active") < n,
        # Nobody is active before the release; somebody is from the release to the
        # enemies. A game over keeps the seat it ended with: nobody when a search turn
        # ended it (a found injury that kills), the attacker or the seat last in turn
        # when an attack or the enemies did.
        z3.Implies(phase_in(v, SETUP, SEARCH), v.num("active") == -1),
        z3.Implies(phase_in(v, RELEASE, ATTACKS, ENEMIES), v.num("active") != -1),
        v.num("turn") >= 0,
        v.num("turn") < n,
        v.num("acted") >= 0,
        v.num("acted") <= n,
        v.num("misclaimed") >= 0,
        v.num("least") >= 0,
        v.num("events") >= 0,
        v.num("built") >= 0,
        v.num("offered") >= 0,
        v.num("offered") <= OFFERED_OBJECTIVES,
        v.num("secondary") >= 0,
    ]
    for i in SEATS:
        parts.append(flag_at(v, "seat", i) == (n > i))
        parts.append(
            z3.Implies(
                z3.Not(flag_at(v, "seat", i)),
                z3.And(*(at(v, name, i) == 0 for name in PER_SEAT_INT)),
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
        v.num("acted") == 0,
        v.num("misclaimed") == 0,
        v.num("events") == 0,
        v.num("built") == 0,
        v.num("offered") == 0,
        z3.Not(v.flag("won")),
        z3.Not(v.flag("lost")),
        *(at(v, name, i) == 0 for i in SEATS for name in PER_SEAT_INT),
    )


def inv_inventory(v: Vars) -> z3.BoolRef:
    """UD-INV-INVENTORY: no inventory fills more slots than its character has."""
    return z3.And(
        *(
            z3.And(
                at(v, "slots", i) >= 0,
                at(v, "slots", i) <= at(v, "limit", i),
                at(v, "prot", i) >= 0,
                at(v, "prot", i) <= at(v, "slots", i),
            )
            for i in SEATS
        )
    )


def inv_tokens(v: Vars) -> z3.BoolRef:
    """UD-INV-TOKENS: at most two tokens per player, and no more than the box holds."""
    return z3.And(
        *(
            z3.And(
                at(v, "barr", i) >= 0,
                at(v, "traps", i) >= 0,
                at(v, "barr", i) + at(v, "traps", i) <= MAX_TOKENS,
            )
            for i in SEATS
        ),
        seat_sum(v, "barr") <= BARRICADE_TOKENS,
        seat_sum(v, "traps") <= TRAP_TOKENS,
    )


def inv_health(v: Vars) -> z3.BoolRef:
    """UD-INV-HEALTH: health stays between 0 and the character's maximum."""
    return z3.And(
        *(
            z3.And(
                at(v, "hp", i) >= 0,
                at(v, "hp", i) <= at(v, "top", i),
                z3.Implies(
                    z3.And(flag_at(v, "seat", i), v.num("phase") != SETUP),
                    z3.And(at(v, "top", i) >= 1, at(v, "limit", i) >= 1),
                ),
                z3.Implies(v.num("phase") == SETUP, at(v, "hp", i) == at(v, "top", i)),
            )
            for i in SEATS
        )
    )


def inv_death_loss(v: Vars) -> z3.BoolRef:
    """UD-INV-DEATH-LOSS: a dead character means the game is lost."""
    return z3.Implies(
        z3.And(v.num("phase") != SETUP, death(v)),
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
        *(at(v, "xp", i) >= 0 for i in SEATS),
        z3.Implies(lead == -1, z3.And(*(at(v, "xp", i) == 0 for i in SEATS))),
        *(
            z3.Implies(
                lead == j,
                z3.And(flag_at(v, "seat", j), *(at(v, "xp", i) <= at(v, "xp", j) for i in SEATS)),
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
    alive = z3.And(*(z3.Implies(flag_at(v, "seat", i), at(v, "hp", i) >= 1) for i in SEATS))
    return z3.And(
        (v.num("phase") == OVER) == z3.Or(v.flag("won"), v.flag("lost")),
        z3.Not(z3.And(v.flag("won"), v.flag("lost"))),
        z3.Implies(
            v.flag("won"),
            z3.And(
                v.num("round") == ROUNDS, seat_sum(v, "foes") == 0, v.num("rescued") >= 1, alive
            ),
        ),
    )


def prop_six_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-SIX-DICE: no roll has more than six dice."""
    return z3.And(w.num("dice") >= 0, w.num("dice") <= MAX_DICE)


def prop_attack_dice(v: Vars, w: Vars) -> z3.BoolRef:
    """UD-INV-ATTACK-DICE: a declared attack rolls its dice after the advantage and the
    drawback, capped at six: never more, and never fewer because cards were capped."""
    return z3.Implies(declared(v, w), w.num("dice") == attack_dice(w.num("arms"), w.num("bonus")))


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


# -- goals and wrong encodings ------------------------------------------------------------------


def goal_win(v: Vars) -> z3.BoolRef:
    return v.flag("won")


def goal_death(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), death(v))


def goal_no_survivor(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), z3.Not(death(v)), seat_sum(v, "foes") == 0, v.num("rescued") == 0)


def goal_cut_off(v: Vars) -> z3.BoolRef:
    return z3.And(v.flag("lost"), z3.Not(death(v)), v.num("cycle") == v.num("cap"))


def goal_six_dice(v: Vars) -> z3.BoolRef:
    return v.num("dice") == MAX_DICE


def goal_full_inventory(v: Vars) -> z3.BoolRef:
    return z3.Or(
        *(
            z3.And(
                flag_at(v, "seat", i),
                at(v, "limit", i) >= 1,
                at(v, "slots", i) == at(v, "limit", i),
            )
            for i in SEATS
        )
    )


def goal_two_tokens(v: Vars) -> z3.BoolRef:
    return z3.Or(*(at(v, "barr", i) + at(v, "traps", i) == MAX_TOKENS for i in SEATS))


def goal_final_fight(v: Vars) -> z3.BoolRef:
    return z3.And(v.num("round") == ROUNDS, v.num("phase") == ATTACKS)


def goal_leader(v: Vars) -> z3.BoolRef:
    return v.num("leader") >= 0


def goal_healed(v: Vars) -> z3.BoolRef:
    return z3.Or(
        *(z3.And(at(v, "wounds", i) >= 1, at(v, "hp", i) == at(v, "top", i)) for i in SEATS)
    )


def goal_wounded_by_order(v: Vars) -> z3.BoolRef:
    return z3.Or(*(at(v, "wounds", i) >= 1 for i in SEATS))


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
