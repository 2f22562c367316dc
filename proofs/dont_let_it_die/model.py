"""Don't Let It Die in z3: the initial condition, the named invariants of
``spec/dont-let-it-die.toml``, the transitions (one per kind of step), the goals and the
wrong encodings the proofs must refute.

A transition says what holds after a step of its kind: the rule's guard on the state
before and the rule's computation (a clamp, a wood count, a day + 1) where the step
determines it, and the range the rules leave where several rules run in one step (a
fight, its damage and its meat). Quantities a transition does not mention are free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from dieproof.proofs.dont_let_it_die.vocabulary import (
    AJAX,
    AJAX_COST,
    ATOUK,
    AYLA,
    CAP,
    COOK_COST,
    COPIES,
    CRON,
    CRON_COST,
    DAY,
    DISCOVERIES,
    DRAW_COSTS,
    FKP_TOKENS,
    FORAGE_DECK,
    GATHER_DECK,
    GOODS,
    GRUB,
    HARVEST_DECK,
    HUNT_DECK,
    INVESTIGATE_COST,
    ITEMS,
    LAST,
    MABE,
    MEALS,
    MORNING,
    NANUK,
    NIGHT,
    OFFER_DESCRIPTIONS,
    OVER,
    REFUEL,
    REVIVED_HP,
    RIVER,
    SEATS,
    SUPPLIES,
    SUPPLY,
    THUNK,
    VARIABLES,
    VOG,
    at,
    burn,
    fallen_seat,
    fire_starter,
    flag_at,
    keep,
    keep_constants,
    keep_items,
    keep_seat,
    keep_tokens,
    keep_tree,
    prerequisites,
    wood_out,
)
from dieproof.proofs.model import Goal, Model, Named, Transition, Vars, WrongEncoding
from dieproof.reference.dont_let_it_die.content import SHELTER

# -- background, init ---------------------------------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains of the constants: slots 0-2, arrows -1 or a discovery, Fire Starter a
    discovery, the last day 14 or 15. And seven facts of every state that no transition
    needs, which the refinement check holds every reference state to: the player to move
    is the one the rulebook names (``mover``, the reference's answer, equals ``expect``,
    the abstraction's own restatement); the game has a result exactly when it is over
    (``ended``: nothing is played after the End Of Game); the morning starts the day's
    counts afresh (``today``: Investigate Fire actions and armour uses, none in the
    morning phase); the refuel flag is set exactly in the refuel window of a running
    game; the FKP pool is part of the FKP out of the box; each maximum is the one the
    rulebook computes (``cmh``, ``cms``: the card's, the discoveries', the Clubs', within
    0 and 10, restated by the abstraction); only a character whose card has a once-a-day
    skill has used it today (``daily``, by the character card ``card``); in the refuel
    window a wood for the pit is listed exactly when the pool has one (``lrwood``), and
    the foods for it as :func:`foods_for_wood` says (``lfwood``); no
    character is left to roll (``nroll``, the stampede's roller, 0) outside the night's
    rolls (``nrolling``) of a running game; every night event card of the box
    (``nev0``, restated) is in the night deck, its discard pile or in force (``nev``), and
    every card of each resource deck at setup (``dk0``) is in the deck, its discard pile,
    back on top or drawn (``dall``): no card is lost or made."""
    parts: list[z3.BoolRef] = [
        v.num("mover") == v.num("expect"),
        v.flag("ended") == (v.num("phase") == OVER),
        *(z3.Implies(v.num("phase") == MORNING, at(v, "today", i) == 0) for i in SEATS),
        z3.Implies(v.num("phase") != OVER, v.flag("wtaken") == (v.num("phase") == REFUEL)),
        v.num("fkpool") >= 0,
        v.num("fkpool") <= v.num("fkp"),
        *(at(v, "mhp", i) == at(v, "cmh", i) for i in SEATS),
        *(at(v, "mst", i) == at(v, "cms", i) for i in SEATS),
        *(
            z3.Implies(flag_at(v, "daily", i), z3.Or(*(at(v, "card", i) == c for c in DAILY)))
            for i in SEATS
        ),
        v.num("fs") >= 0,
        v.num("fs") < len(DISCOVERIES),
        z3.Or(v.num("last") == LAST, v.num("last") == LAST + 1),
        z3.Implies(v.flag("nightend"), v.num("last") == LAST),
        v.num("phase") >= DAY,
        v.num("phase") <= OVER,
        z3.Implies(v.flag("ended"), v.num("pend") == 0),
        z3.Implies(v.num("phase") == REFUEL, v.flag("lrwood") == (v.num("wood") >= 1)),
        z3.Implies(v.num("phase") == REFUEL, v.num("lfwood") == foods_for_wood(v)),
        z3.Implies(z3.And(z3.Not(v.flag("nrolling")), v.num("phase") != OVER), v.num("nroll") == 0),
        v.num("nev") == v.num("nev0"),
        *(at(v, "dall", d) == at(v, "dk0", d) for d in DECKS),
        *offers(v),
    ]
    for i in SEATS:
        parts += [
            at(v, "ws", i) >= 0,
            at(v, "ws", i) <= 2,
            at(v, "ts", i) >= 0,
            at(v, "ts", i) <= 2,
        ]
    for k in DISCOVERIES:
        for x in ("pa", "pb"):
            parts += [at(v, x, k) >= -1, at(v, x, k) < len(DISCOVERIES)]
    return z3.And(*parts)


DECKS: Final = range(4)
"""Forage, Gather, Harvest, Hunt."""


def meals(v: Vars, i: int) -> z3.ArithRef:
    """The meals seat ``i`` may eat from the pool (Eating; the characters' cards): none
    when down, none for Vog without the stamina his meal costs or once his turn has ended
    (Day Phase: stamina is not used after the turn); River only berries, Nanuk only
    meat."""
    card = at(v, "card", i)
    menub, menum = v.num("menub"), v.num("menum")
    choice = z3.If(card == RIVER, menub, z3.If(card == NANUK, menum, menub + menum))
    vog_out = z3.Or(at(v, "st", i) < 1, flag_at(v, "fin", i))
    starved = z3.Or(flag_at(v, "down", i), z3.And(card == VOG, vog_out))
    return z3.If(starved, 0, choice)


def may_draw(v: Vars, deck: int) -> z3.BoolRef:
    """The character whose turn it is may take the plain draw of ``deck`` (Action
    Cards; the characters' cards): the stamina (Forage and Gather 2, Harvest and Hunt 3,
    Ayla hunts for 2; plus Challenge 5's surcharge) and a card left; Forage not for
    Atouk or Thunk, Gather not for Thunk; Harvest needs a tool, Hunt a weapon and not
    Grub or Atouk; neither in the fog."""
    card = v.num("tcard")
    cost = DRAW_COSTS[deck] + v.num("sur")
    if deck == HUNT_DECK:
        cost = z3.If(card == AYLA, DRAW_COSTS[deck] - 1, DRAW_COSTS[deck]) + v.num("sur")
    parts = [v.num("tst") >= cost, flag_at(v, "left", deck)]
    if deck == FORAGE_DECK:
        parts += [card != ATOUK, card != THUNK]
    elif deck == GATHER_DECK:
        parts += [card != THUNK]
    elif deck == HARVEST_DECK:
        parts += [v.num("tt") >= 1, z3.Not(v.flag("fog"))]
    else:
        parts += [v.num("tw") >= 1, card != GRUB, card != ATOUK, z3.Not(v.flag("fog"))]
    return z3.And(*parts)


def in_box(v: Vars) -> z3.ArithRef:
    """The token kinds a trade may take: the seven resources and FKP with a token left in
    the box (FAQ 11: berries and meat counted with their cooked side, wood with the
    pit's when shared)."""
    left = [wood_out(v) < SUPPLY, *(v.num(g) < SUPPLY for g in GOODS), v.num("fkp") < FKP_TOKENS]
    return z3.Sum(*(z3.If(x, 1, 0) for x in left))


FOOD_FOR_WOOD: Final = tuple(MEALS.values())
"""Challenge 9: the food that may go onto the pit, and the wood it stands for, by the
health it heals (:data:`MEALS`), in the order raw berries, raw meat, cooked berries,
cooked meat."""
FOOD_KINDS: Final = ("rawb", "rawm", "ckb", "ckm")
"""The four foods' tokens in the pool, in :data:`FOOD_FOR_WOOD`'s order."""
FOODS: Final = ("berries", "meats")
"""The supplies Challenge 9 lets onto the pit (raw and cooked together)."""


def foods_for_wood(v: Vars) -> z3.ArithRef:
    """How many foods may go onto the pit at a turn's node or in the refuel window: in
    Challenge 9 (``foodwood``), each food of which the pool holds the amount that heals
    (:data:`FOOD_FOR_WOOD`), whenever wood may go there (DLID-CHAL-9, DLID-A21); none
    otherwise."""
    count = z3.Sum(
        *(
            z3.If(v.num(kind) >= need, 1, 0)
            for kind, (need, _) in zip(FOOD_KINDS, FOOD_FOR_WOOD, strict=True)
        )
    )
    return z3.If(v.flag("foodwood"), count, 0)


def offers(v: Vars) -> list[z3.BoolRef]:
    """What a decision node offers, restated from the rulebook in the abstract
    quantities; the refinement check holds the reference's listing to it at every such
    node (``tnode``, ``fnode``: a turn's, a fight's), so an option withheld or wrongly
    offered is seen. At a turn (``tcard``, ``tst``, ``tw``, ``tt``: the card, stamina,
    weapons and tools of the character whose turn it is): a plain draw of each deck
    exactly as :func:`may_draw` says (DLID-DAY-2, DLID-DAY-3); a plain Investigate Fire
    exactly when the character is not Mabe, has the stamina and neither sunburn nor, after
    one investigation today, the winds forbid it; River's free one (``lfinv``) exactly when
    she has not used it today (``tfree``) and neither forbids it; Cron's reshuffle once per
    deck with a discard pile, when he has 2 stamina and the mushrooms do not forbid skills;
    one meal
    per character in play and food it may eat from the menu the pool affords; a wood for
    the pit exactly when the pool has one; a revival per character down and not being
    revived, when the pool has the cooked meat; when the character may trade, one trade
    per kind left in the box (:func:`in_box`); for 1 stamina (and the surcharge) one
    cooking per raw food in the pool whose Cooking is unlocked (Action 10: Cooking 1
    berries, Cooking 2 meat, DLID-A19); one placement per open discovery for FKP in the
    pool, and one more per open discovery for Dub's bones when Dub is in play and the pool
    has a bone (Fire Knowledge Points); Ajax's heal once a day for 2 stamina, not under
    the mushrooms (his card). In the refuel window (in :func:`background`): a wood for the
    pit exactly when the pool has one (DLID-NIGHT-5). In a fight: Vog's cover once per
    plain way to fight that hurts, when Vog is in play and not the fighter
    (DLID-COMBAT)."""
    turn = v.num("tturn")
    card, stamina = v.num("tcard"), v.num("tst")
    investigate = z3.And(
        card != MABE,
        stamina >= INVESTIGATE_COST + v.num("sur"),
        z3.Not(v.flag("sun")),
        z3.Not(z3.And(v.flag("winds"), v.num("inv") >= 1)),
    )
    # River's free Investigate Fire, once a day, whatever her stamina (her card)
    free_investigate = z3.And(
        card == RIVER,
        z3.Not(v.flag("tfree")),
        z3.Not(v.flag("sun")),
        z3.Not(z3.And(v.flag("winds"), v.num("inv") >= 1)),
    )
    cron = z3.And(card == CRON, stamina >= CRON_COST, z3.Not(v.flag("mush")))
    waiting = z3.Sum(
        *(z3.If(z3.And(flag_at(v, "down", i), z3.Not(flag_at(v, "rev", i))), 1, 0) for i in SEATS)
    )
    fighter = v.num("fseat")
    vog = z3.Or(
        *(
            z3.And(at(v, "card", i) == VOG, z3.Not(flag_at(v, "down", i)), fighter != i)
            for i in SEATS
        )
    )
    cook = z3.If(z3.And(v.num("rawb") >= 1, v.flag("cook1")), 1, 0) + z3.If(
        z3.And(v.num("rawm") >= 1, v.flag("cook2")), 1, 0
    )
    opened = v.num("nopen")
    bones = z3.If(z3.And(v.num("bone") >= 1, v.flag("dub")), opened, 0)
    ajax = z3.And(
        card == AJAX, stamina >= AJAX_COST, z3.Not(v.flag("mush")), z3.Not(v.flag("tdaily"))
    )
    at_turn = [
        *(flag_at(v, "ldraw", d) == may_draw(v, d) for d in DECKS),
        v.flag("linv") == investigate,
        v.flag("lfinv") == free_investigate,
        v.num("lcron") == z3.If(cron, v.num("discs"), 0),
        v.num("leat") == z3.Sum(*(meals(v, i) for i in SEATS)),
        v.flag("lwood") == (v.num("wood") >= 1),
        v.num("lrev") == z3.If(v.flag("crev"), waiting, 0),
        v.num("ltrade") == z3.If(v.flag("tradeok"), in_box(v), 0),
        v.num("lcook") == z3.If(stamina >= COOK_COST + v.num("sur"), cook, 0),
        v.num("lplace") == z3.If(v.num("fkpool") >= 1, opened, 0) + bones,
        v.num("lajax") == z3.If(ajax, 1, 0),
        v.num("lfwood") == foods_for_wood(v),
    ]
    seat = [
        z3.Implies(
            turn == i,
            z3.And(
                card == at(v, "card", i),
                stamina == at(v, "st", i),
                v.num("tw") == at(v, "w", i),
                v.num("tt") == at(v, "t", i),
                v.flag("tdaily") == flag_at(v, "daily", i),
            ),
        )
        for i in SEATS
    ]
    return [
        z3.Implies(
            v.flag("tnode"),
            z3.And(v.num("phase") == DAY, turn >= 0, turn < len(SEATS), *seat, *at_turn),
        ),
        z3.Implies(
            v.flag("fnode"),
            z3.And(
                v.num("phase") == DAY,
                fighter >= 0,
                fighter < len(SEATS),
                v.num("lvog") == z3.If(vog, v.num("fhurt"), 0),
            ),
        ),
    ]


def init(v: Vars) -> z3.BoolRef:
    """Setup: day 1 (5 in Challenge 2: ``day0``, the first day the configuration's
    Challenge names, restated by the abstraction), each resource deck whole (``dk0``: its
    cards, less the Danger! cards in Challenge 8, restated), three wood in the pit, an
    empty pool, nothing unlocked, at most the starting items made, no building; every
    character at full health and stamina (within 10), in play, with at most one weapon
    and one tool."""
    parts: list[z3.BoolRef] = [
        z3.Or(v.num("day") == 1, v.num("day") == 5),
        v.num("day") == v.num("day0"),
        *(at(v, "dk", d) == at(v, "dk0", d) for d in DECKS),
        v.num("pit") == 3,
        v.num("pitfood") == 0,
        v.num("wood") == 0,
        v.num("fkp") == 0,
        v.num("phase") == DAY,
        v.num("bld") == 0,
        z3.Not(v.flag("won")),
        z3.Not(v.flag("lostpit")),
    ]
    parts += [v.num(g) == 0 for g in GOODS]
    parts += [z3.Not(flag_at(v, "u", k)) for k in DISCOVERIES]
    parts += [z3.And(at(v, "made", j) >= 0, at(v, "made", j) <= 1) for j in ITEMS]
    for i in SEATS:
        parts += [
            at(v, "hp", i) == at(v, "mhp", i),
            at(v, "st", i) == at(v, "mst", i),
            at(v, "mhp", i) >= 1,
            at(v, "mhp", i) <= CAP,
            at(v, "mst", i) >= 0,
            at(v, "mst", i) <= CAP,
            z3.Not(flag_at(v, "down", i)),
            z3.Not(flag_at(v, "rev", i)),
            at(v, "w", i) >= 0,
            at(v, "w", i) <= z3.If(at(v, "ws", i) < 1, at(v, "ws", i), 1),
            at(v, "t", i) >= 0,
            at(v, "t", i) <= z3.If(at(v, "ts", i) < 1, at(v, "ts", i), 1),
        ]
    return z3.And(*parts)


# -- invariants -------------------------------------------------------------------------------


def stat_caps(v: Vars) -> z3.BoolRef:
    """Every character's health and stamina lie within 0 and their maxima, and every
    maximum within 0 and 10."""
    return z3.And(
        *(
            z3.And(
                at(v, "hp", i) >= 0,
                at(v, "hp", i) <= at(v, "mhp", i),
                at(v, "mhp", i) <= CAP,
                at(v, "st", i) >= 0,
                at(v, "st", i) <= at(v, "mst", i),
                at(v, "mst", i) <= CAP,
            )
            for i in SEATS
        )
    )


def supply(v: Vars) -> z3.BoolRef:
    """At most 8 tokens of each resource out of the box (the pit's wood too when shared),
    at most 40 FKP; no count negative."""
    return z3.And(
        v.num("wood") >= 0,
        wood_out(v) <= SUPPLY,
        *(z3.And(v.num(g) >= 0, v.num(g) <= SUPPLY) for g in GOODS),
        v.num("fkp") >= 0,
        v.num("fkp") <= FKP_TOKENS,
        v.num("pitfood") >= 0,
        v.num("pitfood") <= v.num("pit"),
    )


def wood(v: Vars) -> z3.BoolRef:
    """The game is lost exactly when the pit is empty: a running game has wood in the pit
    (but in the refuel window under the after-refuel reading), and a game lost to the pit
    has none."""
    running = v.num("phase") != OVER
    window = z3.And(v.num("phase") == REFUEL, v.flag("refuelok"))
    return z3.And(
        v.num("pit") >= 0,
        z3.Implies(z3.And(running, z3.Not(window)), v.num("pit") > 0),
        z3.Implies(v.flag("lostpit"), z3.And(v.num("phase") == OVER, v.num("pit") == 0)),
    )


def day_bounds(v: Vars) -> z3.BoolRef:
    """The day lies between 1 and the last day (14, or 15 under DLID-A1's day-15)."""
    return z3.And(v.num("day") >= 1, v.num("day") <= v.num("last"))


def building(v: Vars) -> z3.BoolRef:
    """At most one building."""
    return z3.And(v.num("bld") >= 0, v.num("bld") <= 1)


def copies(v: Vars) -> z3.BoolRef:
    """At most two copies of an item ever made."""
    return z3.And(*(z3.And(at(v, "made", j) >= 0, at(v, "made", j) <= COPIES) for j in ITEMS))


def slots(v: Vars) -> z3.BoolRef:
    """Equipment within the slots."""
    return z3.And(
        *(
            z3.And(
                at(v, "w", i) >= 0,
                at(v, "w", i) <= at(v, "ws", i),
                at(v, "t", i) >= 0,
                at(v, "t", i) <= at(v, "ts", i),
            )
            for i in SEATS
        )
    )


def tree(v: Vars) -> z3.BoolRef:
    """A discovery is unlocked only after the discoveries its arrows come from."""
    return z3.And(*(z3.Implies(flag_at(v, "u", k), prerequisites(v, k)) for k in DISCOVERIES))


def revival(v: Vars) -> z3.BoolRef:
    """A character being revived is down with exactly 3 health."""
    return z3.And(
        *(
            z3.Implies(
                flag_at(v, "rev", i), z3.And(flag_at(v, "down", i), at(v, "hp", i) == REVIVED_HP)
            )
            for i in SEATS
        )
    )


def down(v: Vars) -> z3.BoolRef:
    """A character not being revived is down exactly at 0 health."""
    return z3.And(
        *(
            z3.Implies(z3.Not(flag_at(v, "rev", i)), flag_at(v, "down", i) == (at(v, "hp", i) == 0))
            for i in SEATS
        )
    )


def end(v: Vars) -> z3.BoolRef:
    """Won exactly when Fire Starter is unlocked, and then the game is over."""
    return z3.And(
        v.flag("won") == fire_starter(v),
        z3.Implies(v.flag("won"), v.num("phase") == OVER),
        z3.Implies(v.flag("lostpit"), z3.Not(v.flag("won"))),
    )


INVARIANTS = (
    Named.of("DLID-INV-STAT-CAPS", stat_caps),
    Named.of("DLID-INV-SUPPLY", supply),
    Named.of("DLID-INV-WOOD", wood),
    Named.of("DLID-INV-DAY", day_bounds),
    Named.of("DLID-INV-BUILDING", building),
    Named.of("DLID-INV-COPIES", copies),
    Named.of("DLID-INV-SLOTS", slots),
    Named.of("DLID-INV-TREE", tree),
    Named.of("DLID-INV-REVIVAL", revival),
    Named.of("DLID-INV-DOWN", down),
    Named.of("DLID-INV-END", end),
)

# -- the rules every step obeys ---------------------------------------------------------------


def refit(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """Maxima within 0..10; a current value never above its (new) maximum: a raised
    maximum leaves it, a lowered one clamps it (FAQ 14)."""
    return z3.And(
        at(w, "mhp", i) >= 0,
        at(w, "mhp", i) <= CAP,
        at(w, "mst", i) >= 0,
        at(w, "mst", i) <= CAP,
        at(w, "hp", i) <= at(w, "mhp", i),
        at(w, "st", i) <= at(w, "mst", i),
        at(w, "hp", i) >= 0,
        at(w, "st", i) >= 0,
    )


def seat_by_day(v: Vars, w: Vars, i: int, revived: int = REVIVED_HP) -> z3.BoolRef:
    """One character over one step of the day: in play it stays in play within its
    maxima or falls to 0 (incapacitated, no stamina); down it stays down, or is fed and
    waits with 3 health; a revived one waits; one more item equipped at most (the
    crafter's), within the slots; under the food poisoning no stamina gained."""
    alive = z3.Not(flag_at(v, "down", i))
    stays = z3.And(z3.Not(flag_at(w, "down", i)), at(w, "hp", i) >= 1, refit(v, w, i))
    falls = z3.And(flag_at(w, "down", i), at(w, "hp", i) == 0, at(w, "st", i) == 0, refit(v, w, i))
    still = z3.And(
        flag_at(w, "down", i),
        flag_at(w, "rev", i) == flag_at(v, "rev", i),
        at(w, "hp", i) == at(v, "hp", i),
        at(w, "st", i) == at(v, "st", i),
        refit(v, w, i),
    )
    fed = z3.And(
        z3.Not(flag_at(v, "rev", i)),
        flag_at(w, "down", i),
        flag_at(w, "rev", i),
        at(w, "hp", i) == revived,
        at(w, "st", i) == at(v, "st", i),
        refit(v, w, i),
    )
    return z3.And(
        z3.If(alive, z3.And(z3.Not(flag_at(w, "rev", i)), z3.Or(stays, falls)), z3.Or(still, fed)),
        # the food poisoning: no stamina gained by day (a night event, DLID-NIGHT-2)
        z3.Implies(
            z3.And(v.num("phase") == DAY, v.flag("poison")), at(w, "st", i) <= at(v, "st", i)
        ),
        at(w, "mhp", i) >= 0,
        at(w, "mhp", i) <= CAP,
        at(w, "mst", i) >= 0,
        at(w, "mst", i) <= CAP,
        at(w, "w", i) >= 0,
        at(w, "t", i) >= 0,
        at(w, "w", i) <= at(v, "w", i) + 1,
        at(w, "t", i) <= at(v, "t", i) + 1,
        z3.Or(at(w, "w", i) <= at(v, "w", i), at(w, "w", i) <= at(w, "ws", i)),
        z3.Or(at(w, "t", i) <= at(v, "t", i), at(w, "t", i) <= at(w, "ts", i)),
    )


def tokens_by_supply(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """FAQ 11: a supply never goes negative, and tokens come out of the box only while
    it has them (a count that rises stays within 8, FKP within 40)."""
    out = [w.num("wood") >= 0, z3.Or(wood_out(w) <= wood_out(v), wood_out(w) <= SUPPLY)]
    for g in GOODS:
        out += [w.num(g) >= 0, z3.Or(w.num(g) <= v.num(g), w.num(g) <= SUPPLY)]
    out += [w.num("fkp") >= 0, z3.Or(w.num("fkp") <= v.num("fkp"), w.num("fkp") <= FKP_TOKENS)]
    return out


def crafting(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """At most one item crafted a step: a copy left in the box; a building only if none
    was built."""
    parts: list[z3.BoolRef] = []
    for j in ITEMS:
        made, made2 = at(v, "made", j), at(w, "made", j)
        parts += [made2 >= made, made2 <= made + 1, z3.Implies(made2 > made, made < COPIES)]
    parts += [
        w.num("bld") >= v.num("bld"),
        w.num("bld") <= v.num("bld") + 1,
        z3.Implies(w.num("bld") > v.num("bld"), v.num("bld") == 0),
    ]
    return parts


def unlocking(v: Vars, w: Vars) -> list[z3.BoolRef]:
    """Unlocked stays unlocked; a discovery newly unlocked had its arrows' discoveries
    unlocked before (FKP go only on an open discovery)."""
    return [
        z3.And(
            z3.Implies(flag_at(v, "u", k), flag_at(w, "u", k)),
            z3.Implies(z3.And(flag_at(w, "u", k), z3.Not(flag_at(v, "u", k))), prerequisites(v, k)),
        )
        for k in DISCOVERIES
    ]


def items_kept(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return keep_items(v, w)


def seats_kept(v: Vars, w: Vars) -> list[z3.BoolRef]:
    return [c for i in SEATS for c in keep_seat(v, w, i)]


# -- transitions ---------------------------------------------------------------------------------


def day_effects(v: Vars, w: Vars, revived: int = REVIVED_HP) -> list[z3.BoolRef]:
    """What a step of the day does: wood only goes onto the pit; items crafted one at a
    time; tokens within their supplies; discoveries unlocked only when open, never Fire
    Starter; each character as :func:`seat_by_day` says."""
    return [
        v.num("phase") == DAY,
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit"),
        w.num("pit") >= v.num("pit"),
        w.num("pitfood") >= v.num("pitfood"),
        w.num("pitfood") - v.num("pitfood") <= w.num("pit") - v.num("pit"),
        z3.Not(fire_starter(w)),
        *unlocking(v, w),
        *crafting(v, w),
        *tokens_by_supply(v, w),
        fkp_placed(v, w),
        items_held(v, w),
        kara_rerolls(v, w),
        *(seat_by_day(v, w, i, revived) for i in SEATS),
    ]


def kara_rerolls(v: Vars, w: Vars) -> z3.BoolRef:
    """Kara, in play and with today's re-roll unused (``kfresh``), may have the
    Investigate Fire roll re-rolled (her card): the step that rolls it (``rolling``)
    leads to her choice (``rerolling``)."""
    return z3.Implies(z3.And(v.flag("rolling"), v.flag("kfresh")), w.flag("rerolling"))


def items_held(v: Vars, w: Vars) -> z3.BoolRef:
    """By day the tribe's weapons and tools (equipped or not) change only by the one
    crafted: a fallen character's unequipped items go to the next character in play,
    none is lost (a building is crafted but held by nobody)."""
    made = z3.Sum(*(at(v, "made", j) for j in HANDHELD))
    made2 = z3.Sum(*(at(w, "made", j) for j in HANDHELD))
    return w.num("held") - v.num("held") == made2 - made


def progress(v: Vars) -> z3.ArithRef:
    """FKP on the tree: placed on discoveries, and one Unlocked token per discovery."""
    return v.num("fkp") - v.num("fkpool")


def fkp_placed(v: Vars, w: Vars) -> z3.BoolRef:
    """FKP reach the tree only from the pool (or as Dub's bones): the tree gains at most
    what the pool and the bones lost in the step (an unlocking returns the placed
    tokens but one to the box)."""
    pool = v.num("fkpool") - w.num("fkpool")
    bones = v.num("bone") - w.num("bone")
    return progress(w) - progress(v) <= z3.If(pool > 0, pool, 0) + z3.If(bones > 0, bones, 0)


def someone_up(w: Vars) -> z3.BoolRef:
    return z3.Or(*(z3.Not(flag_at(w, "down", i)) for i in SEATS))


def someone_fed(w: Vars) -> z3.BoolRef:
    """A member fed back to life and waiting for the morning."""
    return z3.Or(*(flag_at(w, "rev", i) for i in SEATS))


def going_on(w: Vars) -> z3.BoolRef:
    """The tribe can go on: somebody in play, or (DLID-A26's "waits", ``waits``) somebody
    fed back to life who waits for the morning."""
    return z3.Or(someone_up(w), z3.And(w.flag("waits"), someone_fed(w)))


def day_step(v: Vars, w: Vars) -> z3.BoolRef:
    """A step of the day (an action, a free action, a draw, a fight, a roll, a payment)
    after which the day goes on."""
    return z3.And(*day_effects(v, w), w.num("phase") == DAY, going_on(w))


def nightfall(v: Vars, w: Vars) -> z3.BoolRef:
    """The step that ends the last turn of the day (its action's effects as a day step):
    the night event is drawn next; under the night-14 reading not after day 14."""
    return z3.And(
        *day_effects(v, w),
        w.num("phase") == NIGHT,
        going_on(w),
        z3.Or(z3.Not(v.flag("nightend")), v.num("day") < LAST),
    )


def night_14(v: Vars, w: Vars) -> z3.BoolRef:
    """The step that ends the last turn of day 14 under the night-14 reading: night 14
    comes and the game is lost."""
    return z3.And(
        *day_effects(v, w),
        w.num("phase") == OVER,
        going_on(w),
        v.flag("nightend"),
        v.num("day") >= LAST,
    )


def win(v: Vars, w: Vars) -> z3.BoolRef:
    """The last FKP on Fire Starter, in a day phase: the game is won."""
    return z3.And(
        v.num("phase") == DAY,
        w.num("phase") == OVER,
        *keep_constants(v, w),
        *keep(v, w, "day", "pit", "pitfood", "lostpit"),
        w.flag("won"),
        z3.Not(fire_starter(v)),
        fire_starter(w),
        kara_rerolls(v, w),
        *unlocking(v, w),
        *keep_items(v, w),
        *tokens_by_supply(v, w),
        *(seat_by_day(v, w, i) for i in SEATS),
    )


def everybody_down(v: Vars, w: Vars) -> z3.BoolRef:
    """The last character in play falls, by day or by night: the game is lost, a member
    fed back to life and waiting for the morning included (DLID-A26's "lost": it is down
    too), who stays as it was; under DLID-A26's "waits" (``waits``) only with nobody fed."""
    return z3.And(
        v.num("phase") != OVER,
        w.num("phase") == OVER,
        z3.Or(z3.Not(w.flag("waits")), z3.Not(someone_fed(w))),
        *keep_constants(v, w),
        *keep_tree(v, w),
        *keep_items(v, w),
        z3.Not(w.flag("won")),
        z3.Not(w.flag("lostpit")),
        w.num("pit") > 0,
        w.num("pitfood") >= 0,
        w.num("pitfood") <= w.num("pit"),
        w.num("day") >= v.num("day"),
        w.num("day") <= v.num("day") + 1,
        w.num("day") <= w.num("last"),
        *tokens_by_supply(v, w),
        theft(v, w),
        *(
            z3.Or(
                z3.And(flag_at(v, "rev", i), *keep_seat(v, w, i)),
                z3.And(
                    flag_at(w, "down", i),
                    at(w, "hp", i) == 0,
                    at(w, "st", i) == 0,
                    z3.Not(flag_at(w, "rev", i)),
                    refit(v, w, i),
                    at(w, "w", i) >= 0,
                    at(w, "t", i) >= 0,
                    z3.Or(at(w, "w", i) <= at(v, "w", i), at(w, "w", i) <= at(w, "ws", i)),
                    z3.Or(at(w, "t", i) <= at(v, "t", i), at(w, "t", i) <= at(w, "ts", i)),
                ),
            )
            for i in SEATS
        ),
    )


def night_seat(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """One character over a night step: in play, hurt (to 0: down) or healed within its
    maximum; equipment only lost; down ones stay as they are but for a broken tool."""
    alive = z3.Not(flag_at(v, "down", i))
    return z3.And(
        z3.If(
            alive,
            z3.And(
                z3.Not(flag_at(w, "rev", i)),
                flag_at(w, "down", i) == (at(w, "hp", i) == 0),
                refit(v, w, i),
                at(w, "hp", i) >= at(v, "hp", i) - NIGHT_HURT,
                at(w, "st", i) <= at(v, "st", i),
                at(w, "w", i) <= at(v, "w", i),
                at(w, "t", i) <= at(v, "t", i),
                at(w, "w", i) >= 0,
                at(w, "t", i) >= 0,
            ),
            z3.And(*fallen_seat(v, w, i)),
        ),
        *keep(v, w, f"mhp[{i}]", f"mst[{i}]"),
    )


HANDHELD: Final = range(SHELTER)
"""The weapons and tools among the items (the buildings follow them, from the Shelter)."""

DAILY: Final = (0, 2, 5, 6)
"""The character cards with a once-a-day skill tracked by the daily bit: Gronk's rage,
Kara's gift of stamina, Ajax's heal, Atouk's wood (content order)."""

NIGHT_HURT: Final = 2
"""The most one step of a night event takes from a character: the sabertooths, the
starving boars and Challenge 7's rival tribes 2, the cold wind and a stampede's roll 1."""


def earthquake_loss(v: Vars, w: Vars) -> z3.BoolRef:
    """A step of the earthquake's losses (``losing``) takes exactly one unequipped item,
    of a kind still owed (``owew``, ``owet``: the earthquake takes one unequipped weapon
    and one unequipped tool, DLID-NIGHT-2); ``spw`` and ``spt`` count the group's
    unequipped weapons and tools. The kind lost is settled; the other, still owed, stays
    owed."""

    def lost(count: str, owed: str, other: str, other_owed: str) -> z3.BoolRef:
        return z3.And(
            v.flag(owed),
            w.num(count) == v.num(count) - 1,
            w.num(other) == v.num(other),
            z3.Implies(
                w.flag("losing"),
                z3.And(z3.Not(w.flag(owed)), w.flag(other_owed) == v.flag(other_owed)),
            ),
        )

    weapon, tool = lost("spw", "owew", "spt", "owet"), lost("spt", "owet", "spw", "owew")
    return z3.Implies(v.flag("losing"), z3.Or(weapon, tool))


def calm_draw(v: Vars, w: Vars) -> z3.BoolRef:
    """Drawing (or keeping, after Dub's choice, ``drawing``) an event that hurts nobody
    when drawn (``calm``, restated by the abstraction: the rival tribes only in Challenge
    7) takes nobody's health in that step."""
    return z3.Implies(
        z3.And(v.flag("drawing"), w.flag("calm")),
        z3.And(*(at(w, "hp", i) >= at(v, "hp", i) for i in SEATS)),
    )


def quake_owed(v: Vars, w: Vars) -> z3.BoolRef:
    """The earthquake, drawn (``quake``), takes one unequipped weapon and one unequipped
    tool when the group has them (DLID-NIGHT-2): a step that draws it and leads to the
    losses owes exactly the kinds the group has unequipped; a step that draws it and ends
    the night finds none."""
    drawn = z3.And(v.flag("drawing"), w.flag("quake"))
    owed = z3.And(w.flag("owew") == (v.num("spw") >= 1), w.flag("owet") == (v.num("spt") >= 1))
    none = z3.And(v.num("spw") == 0, v.num("spt") == 0)
    return z3.Implies(drawn, z3.If(w.flag("losing"), owed, z3.Or(none, w.num("phase") == NIGHT)))


def dry(v: Vars) -> z3.BoolRef:
    """Nobody in play has a stamina left: the rainstorm puts out 1 wood of the pit."""
    return z3.And(*(z3.Or(flag_at(v, "down", i), at(v, "st", i) == 0) for i in SEATS))


def rainstorm(v: Vars, w: Vars) -> z3.BoolRef:
    """The rainstorm (``rain``), drawn and kept in this step (``drawing`` before, not
    after: Dub's choice comes first), takes exactly 1 wood from the pit when nobody in play
    has a stamina left, and none otherwise (DLID-NIGHT-2)."""
    kept = z3.And(v.flag("drawing"), w.flag("rain"), z3.Not(w.flag("drawing")))
    return z3.Implies(kept, (w.num("pit") == v.num("pit") - 1) == dry(v))


ROLL_MOST: Final = 3
"""The Fire Die's highest face (a user's die has faces 0 to 3): the most a theft takes."""


def theft(v: Vars, w: Vars) -> z3.BoolRef:
    """The rival tribes' roll (``nrolling``, taking the supply ``stok``), which ends the
    night: the supply named loses at most :data:`ROLL_MOST` tokens, every other keeps its
    tokens (DLID-NIGHT-2, FAQ 13), but for what the morning of Challenge 6 throws out (the
    berries and meat, to 0). In Challenge 3 under DLID-A25's "as-berries" (``fiberb``) a
    berry theft may take fiber too, once no berry is left, and a fiber theft takes none."""
    stolen = v.num("stok")
    berries = SUPPLIES.index("berries")
    as_berries = z3.And(v.flag("fiberb"), stolen == berries)
    parts: list[z3.BoolRef] = [w.num("fkp") == v.num("fkp")]
    for k, name in enumerate(SUPPLIES):
        before, after = v.num(name), w.num(name)
        named = stolen == k
        if name == "fiber":
            named = z3.Or(z3.And(named, z3.Not(v.flag("fiberb"))), as_berries)
            parts.append(z3.Implies(z3.And(as_berries, after < before), w.num("berries") == 0))
        kept = after == before
        if name in FOODS:  # Challenge 6's morning
            kept = z3.Or(kept, after == 0)
        parts.append(
            z3.If(
                named, z3.And(after <= before, z3.Or(after >= before - ROLL_MOST, after == 0)), kept
            )
        )
    return z3.Implies(
        z3.And(v.flag("nrolling"), stolen >= 0, stolen < len(SUPPLIES)), z3.And(*parts)
    )


def first_up(v: Vars) -> z3.ArithRef:
    """The first seat in play, counted from 0 (the last seat when every one is down)."""
    seat: z3.ArithRef = z3.IntVal(len(SEATS) - 1)
    for i in reversed(SEATS[:-1]):
        seat = z3.If(z3.Not(flag_at(v, "down", i)), i, seat)
    return seat


def stampede(v: Vars, w: Vars) -> z3.BoolRef:
    """The mammoth stampede (``stamp``), drawn and kept in this step, has every character
    in play roll the Fire Die in seat order (DLID-NIGHT-2): the step leads to the first
    seat in play's roll (``nrolling``, ``nroll``); with nobody in play, to no roll."""
    kept = z3.And(v.flag("drawing"), w.flag("stamp"), z3.Not(w.flag("drawing")))
    rolls = z3.And(w.flag("nrolling"), w.num("nroll") == first_up(v))
    return z3.Implies(kept, z3.If(someone_up(v), rolls, z3.Not(w.flag("nrolling"))))


def night_step(v: Vars, w: Vars) -> z3.BoolRef:
    """A night event (and its rolls and choices): damage and healing, tokens taken or
    given within their supplies, equipment lost; the pit loses at most 1 wood (rain),
    which opens the refuel window, and empties only under the after-refuel reading."""
    rain = w.num("pit") == v.num("pit") - 1
    return z3.And(
        v.num("phase") == NIGHT,
        w.num("phase") == z3.If(rain, REFUEL, NIGHT),
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        z3.Or(w.num("pit") == v.num("pit"), rain),
        z3.Implies(w.num("pit") == 0, w.flag("refuelok")),
        w.num("pitfood") == z3.If(v.num("pitfood") > w.num("pit"), w.num("pit"), v.num("pitfood")),
        *tokens_by_supply(v, w),
        earthquake_loss(v, w),
        calm_draw(v, w),
        quake_owed(v, w),
        rainstorm(v, w),
        stampede(v, w),
        *(night_seat(v, w, i) for i in SEATS),
    )


def refuel(v: Vars, w: Vars) -> z3.BoolRef:
    """The refuel window: one wood from the pool onto the pit; in Challenge 9 a food
    instead, at the wood it stands for (:data:`FOOD_FOR_WOOD`; DLID-A21), which burns as
    food (``pitfood``). The berries and meat supplies count raw and cooked together, so
    each food is told apart by what it spends and what it adds."""
    wood = z3.And(
        v.num("wood") >= 1,
        w.num("pit") == v.num("pit") + 1,
        w.num("wood") == v.num("wood") - 1,
        *keep(v, w, "pitfood", *FOODS, *FOOD_KINDS),
    )
    fed = [
        z3.And(
            v.num(kind) >= need,
            v.num(supply) >= need,
            w.num(kind) == v.num(kind) - need,
            w.num(supply) == v.num(supply) - need,
            *keep(v, w, *(k for k in FOOD_KINDS if k != kind)),
            *keep(v, w, *(s for s in FOODS if s != supply)),
            w.num("pit") == v.num("pit") + burns,
        )
        for kind, supply, (need, burns) in zip(FOOD_KINDS, FOODS * 2, FOOD_FOR_WOOD, strict=True)
    ]
    food = z3.And(
        v.flag("foodwood"),
        *keep(v, w, "wood"),
        z3.Or(*fed),
        w.num("pitfood") - v.num("pitfood") == w.num("pit") - v.num("pit"),
    )
    return z3.And(
        v.num("phase") == REFUEL,
        w.num("phase") == REFUEL,
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit", *(g for g in GOODS if g not in FOODS), "fkp"),
        *keep_tree(v, w),
        *keep_items(v, w),
        *seats_kept(v, w),
        z3.Or(wood, food),
    )


def morning_seat(v: Vars, w: Vars, i: int) -> z3.BoolRef:
    """One character through the night's end and the morning: hurt (to 0: down), healed
    within its maximum, its stamina refilled to the maximum less the night event's cut
    (``cut``: 0, 2 or 3); down ones stay down (a broken tool aside). Where the night event
    was settled before this step (a broken tool, an earthquake's losses, the refuel
    window) or is drawn in it and touches nobody's health (``quiet``), the health lost is
    exactly the morning's damage (``mdmg``, restated by the abstraction), to 0 at the
    least."""
    alive = z3.Not(flag_at(v, "down", i))
    cut = w.num("cut")
    refill = at(w, "st", i) == z3.If(at(w, "mst", i) - cut > 0, at(w, "mst", i) - cut, 0)
    hurt = at(w, "mdmg", i)
    exact = z3.Or(v.flag("settled"), z3.And(v.flag("fresh"), w.flag("quiet")))
    left = at(v, "hp", i) - hurt
    return z3.And(
        z3.If(
            alive,
            z3.And(
                z3.Not(flag_at(w, "rev", i)),
                z3.If(
                    at(w, "hp", i) == 0,
                    z3.And(flag_at(w, "down", i), at(w, "st", i) == 0),
                    z3.And(z3.Not(flag_at(w, "down", i)), refill),
                ),
                z3.Implies(exact, at(w, "hp", i) == z3.If(left > 0, left, 0)),
                refit(v, w, i),
                at(w, "w", i) <= at(v, "w", i),
                at(w, "t", i) <= at(v, "t", i),
                at(w, "w", i) >= 0,
                at(w, "t", i) >= 0,
            ),
            z3.And(*fallen_seat(v, w, i)),
        ),
        *keep(v, w, f"mhp[{i}]", f"mst[{i}]"),
    )


def morning(v: Vars, w: Vars) -> z3.BoolRef:
    """The end of the night and the morning's first four steps: the Day Tracker's wood
    leaves the pit (food first) and some stays, the day goes up by one within the last
    day, damage, stamina refilled. Teaching, drawn in this step, gives each character in
    play 1 FKP, as many as the box holds (DLID-NIGHT-2, FAQ 11); a rainstorm drawn in this
    step found somebody in play with a stamina left (:func:`rainstorm`)."""
    left = v.num("pit") - burn(v)
    up = z3.Sum(*(z3.If(flag_at(v, "down", i), 0, 1) for i in SEATS))
    taught = z3.If(v.num("fkp") + up < FKP_TOKENS, v.num("fkp") + up, FKP_TOKENS)
    return z3.And(
        z3.Or(v.num("phase") == NIGHT, v.num("phase") == REFUEL),
        w.num("phase") == MORNING,
        *keep_constants(v, w),
        *keep(v, w, "won", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        w.num("day") == v.num("day") + 1,
        w.num("day") <= w.num("last"),
        z3.Or(w.flag("nightend"), w.num("day") < w.num("last")),
        z3.Implies(v.num("phase") == REFUEL, w.num("pit") == left),
        z3.Implies(v.num("phase") == NIGHT, w.num("pit") == left),
        w.num("pit") > 0,
        w.num("pitfood") == z3.If(v.num("pitfood") - burn(v) > 0, v.num("pitfood") - burn(v), 0),
        *tokens_by_supply(v, w),
        z3.Implies(z3.And(v.flag("fresh"), w.flag("teach")), w.num("fkp") == taught),
        # the rainstorm kept in this step found somebody with stamina: no wood put out
        z3.Implies(z3.And(v.flag("drawing"), w.flag("rain")), z3.Not(dry(v))),
        theft(v, w),
        stampede(v, w),
        earthquake_loss(v, w),
        quake_owed(v, w),
        *(morning_seat(v, w, i) for i in SEATS),
    )


def pit_out(v: Vars, w: Vars) -> z3.BoolRef:
    """The pit runs out (the morning's wood, or a night event's): the game is lost."""
    return z3.And(
        v.num("phase") != DAY,
        v.num("phase") != OVER,
        w.num("phase") == OVER,
        *keep_constants(v, w),
        *keep(v, w, "won", "day"),
        *keep_tree(v, w),
        *keep_items(v, w),
        w.flag("lostpit"),
        w.num("pit") == 0,
        w.num("pitfood") == 0,
        z3.Or(v.num("pit") - burn(v) <= 0, v.num("pit") <= 1),
        *tokens_by_supply(v, w),
        theft(v, w),
        *(night_seat(v, w, i) for i in SEATS),
    )


def calendar(v: Vars, w: Vars) -> z3.BoolRef:
    """A morning reaches the last day (day 14, or 15, under DLID-A1's other readings),
    after the night event's effects and the morning's wood: the game is lost."""
    return z3.And(
        z3.Or(v.num("phase") == NIGHT, v.num("phase") == REFUEL),
        w.num("phase") == OVER,
        z3.Not(v.flag("nightend")),
        w.num("day") == v.num("day") + 1,
        w.num("day") == w.num("last"),
        w.num("pit") == v.num("pit") - burn(v),
        w.num("pit") > 0,
        w.num("pitfood") == z3.If(v.num("pitfood") - burn(v) > 0, v.num("pitfood") - burn(v), 0),
        *keep_constants(v, w),
        *keep(v, w, "won", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        *tokens_by_supply(v, w),
        theft(v, w),
        *(night_seat(v, w, i) for i in SEATS),
    )


def trades(v: Vars, w: Vars) -> z3.BoolRef:
    """The morning's item window: equipment changes within the slots; maxima follow (the
    Club); the tribe's weapons and tools (``held``, equipped or not) are only equipped,
    unequipped or handed over, none lost (DLID-MORNING-5); nothing else changes."""
    parts: list[z3.BoolRef] = []
    for i in SEATS:
        parts += [
            *keep(v, w, f"hp[{i}]", f"down[{i}]", f"rev[{i}]"),
            z3.Implies(flag_at(v, "down", i), z3.And(*keep_seat(v, w, i))),
            at(w, "w", i) >= 0,
            at(w, "t", i) >= 0,
            z3.Or(at(w, "w", i) <= at(v, "w", i), at(w, "w", i) <= at(w, "ws", i)),
            z3.Or(at(w, "t", i) <= at(v, "t", i), at(w, "t", i) <= at(w, "ts", i)),
            refit(v, w, i),
            z3.Or(at(w, "st", i) == at(v, "st", i), at(w, "st", i) == at(w, "mst", i)),
            at(w, "mhp", i) == at(v, "mhp", i),
        ]
    return z3.And(
        v.num("phase") == MORNING,
        w.num("phase") == MORNING,
        *keep_constants(v, w),
        *keep(v, w, "day", "pit", "pitfood", "won", "lostpit", "held"),
        *keep_tokens(v, w),
        *keep_tree(v, w),
        *keep_items(v, w),
        *parts,
    )


def dawn(v: Vars, w: Vars) -> z3.BoolRef:
    """The morning's end: the first player token passes; a revived character returns
    with 3 health and full stamina; the day phase begins."""
    parts: list[z3.BoolRef] = []
    for i in SEATS:
        back = z3.And(
            z3.Not(flag_at(w, "down", i)),
            z3.Not(flag_at(w, "rev", i)),
            at(w, "hp", i) == REVIVED_HP,
            refit(v, w, i),
            at(w, "st", i) == at(w, "mst", i),
            *keep(v, w, f"w[{i}]", f"t[{i}]"),
        )
        parts.append(z3.If(flag_at(v, "rev", i), back, z3.And(*keep_seat(v, w, i))))
    return z3.And(
        v.num("phase") == MORNING,
        w.num("phase") == DAY,
        *keep_constants(v, w),
        *keep(v, w, "day", "pit", "pitfood", "won", "lostpit"),
        *keep_tokens(v, w),
        *keep_tree(v, w),
        *keep_items(v, w),
        *parts,
    )


def night_or_refuel(v: Vars, w: Vars) -> z3.BoolRef:
    """A step of the night that does not end it: the event and its rolls and choices
    (:func:`night_step`), or one wood put on the pit in the refuel window
    (:func:`refuel`). What both keep is also stated once outside the disjunction (the
    same relation; see :func:`day_over`)."""
    return z3.And(
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        z3.Or(night_step(v, w), refuel(v, w)),
    )


def day_over(v: Vars, w: Vars) -> z3.BoolRef:
    """A step of the day ends the game: Fire Starter is unlocked (won), the last
    character in play falls, or the last turn of day 14 ends (night 14 comes).

    What the three ways have in common (the constants, the tree unlocked only where open,
    the supplies) is also stated once outside the disjunction: the relation is the same,
    and the solver no longer splits on the three ways to see it (the tree's consecution
    over this transition took most of the proof time)."""
    return z3.And(
        v.num("phase") == DAY,
        *keep_constants(v, w),
        *unlocking(v, w),
        *tokens_by_supply(v, w),
        z3.Or(win(v, w), everybody_down(v, w), night_14(v, w)),
    )


def night_over(v: Vars, w: Vars) -> z3.BoolRef:
    """A step of the night ends the game (the event, its rolls, the morning's wood and
    damage): the pit is empty, everybody is down, or a morning reaches the last day.
    The constants and the tree, which all three keep, are also stated once outside the
    disjunction (the same relation, as in :func:`day_over`)."""
    return z3.And(
        z3.Or(v.num("phase") == NIGHT, v.num("phase") == REFUEL),
        *keep_constants(v, w),
        *keep_tree(v, w),
        z3.Or(pit_out(v, w), everybody_down(v, w), calendar(v, w)),
    )


TRANSITIONS = (
    Transition.of("day-step", day_step),
    Transition.of("nightfall", nightfall),
    Transition.of("night-step", night_or_refuel),
    Transition.of("morning", morning),
    Transition.of("trades", trades),
    Transition.of("dawn", dawn),
    Transition.of("day-over", day_over),
    Transition.of("night-over", night_over),
)

GOALS = (
    Goal("win", "Fire Starter unlocked: the tribe wins", lambda v: v.flag("won")),
    Goal("pit-out", "the fire pit runs out", lambda v: v.flag("lostpit")),
    Goal(
        "everybody-down",
        "every character is down",
        lambda v: z3.And(
            *(flag_at(v, "down", i) for i in SEATS),
            z3.Not(z3.Or(*(flag_at(v, "rev", i) for i in SEATS))),
        ),
    ),
    Goal(
        "calendar",
        "night 14 comes (the night-14 reading)",
        lambda v: z3.And(
            v.num("phase") == OVER,
            v.flag("nightend"),
            z3.Not(v.flag("won")),
            z3.Not(v.flag("lostpit")),
            v.num("day") >= LAST,
        ),
    ),
    Goal(
        "day-14",
        "a morning reaches the last day (the day-14 and day-15 readings)",
        lambda v: z3.And(
            v.num("phase") == OVER,
            z3.Not(v.flag("nightend")),
            z3.Not(v.flag("won")),
            z3.Not(v.flag("lostpit")),
            v.num("day") == v.num("last"),
        ),
    ),
    Goal(
        "revival",
        "a character is fed back to life",
        lambda v: z3.Or(*(flag_at(v, "rev", i) for i in SEATS)),
    ),
    Goal("building", "a building stands", lambda v: v.num("bld") == 1),
    Goal(
        "stat-10",
        "a maximum at 10",
        lambda v: z3.Or(*(z3.Or(at(v, "mhp", i) == CAP, at(v, "mst", i) == CAP) for i in SEATS)),
    ),
    Goal(
        "night-food",
        "food in the fire pit during the night's refuel window (Challenge 9); its witness "
        "keeps food off the pit by day, so the food went on at night (DLID-A21)",
        lambda v: z3.And(v.num("phase") == REFUEL, v.num("pitfood") >= 1),
    ),
)


# -- wrong encodings ---------------------------------------------------------------------------


def _wrong(name: str, doc: str, mutate: Callable[[Model], Model]) -> WrongEncoding:
    return WrongEncoding(name, doc, mutate)


def _heal_unclamped(v: Vars, w: Vars) -> z3.BoolRef:
    """day-step where eating may heal past the maximum (the clamp forgotten)."""
    loose = z3.And(
        *(
            z3.Or(at(w, "hp", i) <= at(w, "mhp", i), at(w, "hp", i) == at(v, "hp", i) + 2)
            for i in SEATS
        )
    )
    return z3.And(
        v.num("phase") == DAY,
        w.num("phase") == DAY,
        *keep_constants(v, w),
        *keep(
            v,
            w,
            "day",
            "won",
            "lostpit",
            "pit",
            "pitfood",
            "mhp[0]",
            "st[0]",
            "mst[0]",
            "down[0]",
            "rev[0]",
        ),
        z3.Not(flag_at(v, "down", 0)),
        at(w, "hp", 0) == at(v, "hp", 0) + 2,
        loose,
    )


def _morning_no_wood(v: Vars, w: Vars) -> z3.BoolRef:
    """morning that burns no wood."""
    return z3.And(morning_without_burn(v, w))


def morning_without_burn(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(
        z3.Or(v.num("phase") == NIGHT, v.num("phase") == REFUEL),
        w.num("phase") == MORNING,
        *keep_constants(v, w),
        *keep(v, w, "won", "lostpit", "pit", "pitfood"),
        *keep_tree(v, w),
        *keep_items(v, w),
        w.num("day") == v.num("day") + 1,
        w.num("day") <= w.num("last"),
        z3.Or(w.flag("nightend"), w.num("day") < w.num("last")),
        *tokens_by_supply(v, w),
        *(morning_seat(v, w, i) for i in SEATS),
    )


def _morning_may_empty(v: Vars, w: Vars) -> z3.BoolRef:
    """morning that lets the pit reach 0 and the game go on."""
    left = v.num("pit") - burn(v)
    return z3.And(
        z3.Or(v.num("phase") == NIGHT, v.num("phase") == REFUEL),
        w.num("phase") == MORNING,
        *keep_constants(v, w),
        *keep(v, w, "won", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        w.num("day") == v.num("day") + 1,
        w.num("day") <= w.num("last"),
        z3.Or(w.flag("nightend"), w.num("day") < w.num("last")),
        w.num("pit") == z3.If(left > 0, left, 0),
        w.num("pitfood") == 0,
        *tokens_by_supply(v, w),
        *(morning_seat(v, w, i) for i in SEATS),
    )


def _unlock_anything(v: Vars, w: Vars) -> z3.BoolRef:
    """day-step that unlocks a discovery without its prerequisites."""
    return z3.And(
        v.num("phase") == DAY,
        w.num("phase") == DAY,
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit", "pit", "pitfood"),
        *keep_tokens(v, w),
        *keep_items(v, w),
        *seats_kept(v, w),
        z3.Not(fire_starter(w)),
        *(z3.Implies(flag_at(v, "u", k), flag_at(w, "u", k)) for k in DISCOVERIES),
    )


def _second_building(v: Vars, w: Vars) -> z3.BoolRef:
    """day-step that lets a second building be crafted."""
    return z3.And(
        v.num("phase") == DAY,
        w.num("phase") == DAY,
        *keep_constants(v, w),
        *keep(v, w, "day", "won", "lostpit", "pit", "pitfood"),
        *keep_tokens(v, w),
        *keep_tree(v, w),
        *seats_kept(v, w),
        *(at(w, "made", j) == at(v, "made", j) for j in ITEMS),
        w.num("bld") == v.num("bld") + 1,
    )


def _revive_at_two(v: Vars, w: Vars) -> z3.BoolRef:
    """day-step where a fed character waits with 2 health."""
    return z3.And(*day_effects(v, w, REVIVED_HP - 1), w.num("phase") == DAY, going_on(w))


def _win_without_fire(v: Vars, w: Vars) -> z3.BoolRef:
    """win declared without unlocking Fire Starter."""
    return z3.And(
        v.num("phase") == DAY,
        w.num("phase") == OVER,
        *keep_constants(v, w),
        *keep(v, w, "day", "pit", "pitfood", "lostpit"),
        *keep_tree(v, w),
        *keep_items(v, w),
        *keep_tokens(v, w),
        *seats_kept(v, w),
        w.flag("won"),
    )


def _cap_of_nine(v: Vars) -> z3.BoolRef:
    """stat caps of 9 instead of 10."""
    return z3.And(*(z3.And(at(v, "mhp", i) <= CAP - 1, at(v, "mst", i) <= CAP - 1) for i in SEATS))


WRONG = (
    _wrong(
        "heal-unclamped",
        "Eating heals past the maximum: STAT-CAPS must fail.",
        lambda m: m.with_transition("day-step", _heal_unclamped),
    ),
    _wrong(
        "no-wood-burnt",
        "The morning burns no wood: the refinement check must fail.",
        lambda m: m.with_transition("morning", _morning_no_wood),
    ),
    _wrong(
        "empty-pit-plays-on",
        "The morning may empty the pit and play on: WOOD must fail.",
        lambda m: m.with_transition("morning", _morning_may_empty),
    ),
    _wrong(
        "unlock-without-arrows",
        "A discovery unlocked without its prerequisites: TREE must fail.",
        lambda m: m.with_transition("day-step", _unlock_anything),
    ),
    _wrong(
        "second-building",
        "A second building: BUILDING must fail.",
        lambda m: m.with_transition("day-step", _second_building),
    ),
    _wrong(
        "revived-at-two",
        "A fed character waits with 2 health: REVIVAL must fail.",
        lambda m: m.with_transition("day-step", _revive_at_two),
    ),
    _wrong(
        "win-without-fire",
        "A win without Fire Starter: END must fail.",
        lambda m: m.with_transition(
            "day-over",
            lambda v, w: z3.Or(_win_without_fire(v, w), everybody_down(v, w), night_14(v, w)),
        ),
    ),
    _wrong(
        "cap-of-nine",
        "Maxima capped at 9: init or the refinement check must refute it.",
        lambda m: m.with_invariant("DLID-INV-STAT-CAPS", _cap_of_nine),
    ),
)

MODEL = Model(
    game="dont-let-it-die",
    variables=VARIABLES,
    init=init,
    invariants=INVARIANTS,
    transitions=TRANSITIONS,
    goals=GOALS,
    wrong=WRONG,
    background=background,
    descriptions=OFFER_DESCRIPTIONS,
    simple_solver=True,
)
