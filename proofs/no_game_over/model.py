"""No Game Over in z3: the abstract model (init, invariants, transitions, properties,
goals, wrong encodings) over the variables of
:mod:`~dieproof.proofs.no_game_over.vocabulary`.

It states what the rulebook says about lives in each kind of step: a card or a trade
gives lives up to five, to the player who decides; a won combat (the fighter's side
strictly stronger) gives one life up to six; a life is lost one at a time, a last one
only by the active player in their own Level or lost combat, and the last player with
lives wins; Load Game gives every ghost one life; every other step keeps every life.
Every step keeps the cards of the box, passes the turn only to the next seat with at
most five cards in the active hand, and lets nobody into a Final Boss fight.

It also carries what the rules compute along the way, each restated from the rulebook:
who moves (in the background, with the combat's steps, the escape roll offered only to a
loser whose icons and escape value allow it, the reward step only after a win); the
combat step by step (its start, priority from seat to seat, a pass or a card spent per
decision, an item's printed strength, Strict Brawler's doubled roll, one doubling per GCA
Lackeys and one helper per Thyme Crisis, Final Frenzy's new fighter on their own
strength, a lost combat without a roll only where it is forbidden); the lives a gain gives
(one per trade or Zoomic Rings, else the item's printed lives); where a turn starts; and
the 1st ROUND token. So a rules change that miscounts a life, a strength, a reward or a
card, or that hands the decision to the wrong player, leaves a step no transition allows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Literal

import z3

from dieproof.proofs.model import Goal, Model, Named, Property, Transition, Vars, WrongEncoding
from dieproof.proofs.no_game_over.vocabulary import (
    BRAWLER_AGAINST,
    BRAWLER_FOR,
    COMBAT,
    DEAL,
    DESCRIPTIONS,
    EASY,
    END,
    ESCAPE,
    ESCAPE_ROLL,
    GHOST_DRAW,
    OVER,
    PREPARE,
    REWARD,
    ROLL_OFF,
    SEATS,
    VARIABLES,
    alive,
    at,
    next_seat,
    seat_flag,
    seat_num,
    total,
)
from dieproof.reference.core.types import CHANCE, TERMINAL
from dieproof.reference.no_game_over import GAME
from dieproof.reference.no_game_over.types import (
    DIE_FACES,
    GAIN_CEILING,
    HAND_LIMIT,
    MAX_LIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_ITEMS,
    START_LEVELS,
    START_LIVES,
)

Defect = Literal[
    "",
    "gain-to-six",
    "win-above-six",
    "last-life-anywhere",
    "ghost-keeps-equipment",
    "no-last-standing",
    "rewards-lose-a-card",
    "boss-at-five",
    "level-with-six-cards",
    "boss-intervention",
    "win-on-a-tie",
]
"""The wrong encodings, by name ("" is the right model)."""

# -- background, init -------------------------------------------------------------------


def background(v: Vars) -> z3.BoolRef:
    """Domains: seats 2 to 6, counts never negative, no combat quantities outside a
    combat, seats and winners within the table (NGO-SETUP-1)."""
    n = v.num("n")
    combat = v.flag("combat")
    counts = (
        "box",
        "princesses",
        "harm",
        "fpower",
        "epower",
        "rewards",
        "queued",
        "decks",
        "discards",
        "table",
        "loads",
    )
    return z3.And(
        n >= MIN_PLAYERS,
        n <= MAX_PLAYERS,
        *(v.num(c) >= 0 for c in counts),
        *(
            z3.And(
                seat_flag(v, "seat", i) == (n > i),
                seat_num(v, "lives", i) >= 0,
                seat_num(v, "hand", i) >= 0,
                seat_num(v, "equip", i) >= 0,
                seat_num(v, "afl", i) >= 0,
                z3.Implies(
                    z3.Not(seat_flag(v, "seat", i)),
                    z3.And(
                        seat_num(v, "lives", i) == 0,
                        seat_num(v, "hand", i) == 0,
                        seat_num(v, "equip", i) == 0,
                        seat_num(v, "afl", i) == 0,
                        seat_num(v, "overflow", i) <= 0,
                        z3.Not(seat_flag(v, "owe", i)),
                    ),
                ),
            )
            for i in SEATS
        ),
        v.num("active") >= -1,
        v.num("active") < n,
        v.num("fighter") >= -1,
        v.num("fighter") < n,
        v.num("winner") >= -1,
        v.num("winner") < n,
        v.num("rule") >= 0,
        v.num("rule") <= 2,
        combat == (v.num("fighter") >= 0),
        v.num("enemies") == z3.If(combat, 1 + z3.If(v.flag("secondary"), 1, 0), 0),
        z3.Implies(
            z3.Not(combat),
            z3.And(
                z3.Not(v.flag("boss")),
                z3.Not(v.flag("boss_main")),
                z3.Not(v.flag("secondary")),
                v.num("princesses") == 0,
                v.num("harm") == 0,
                v.num("fpower") == 0,
                v.num("epower") == 0,
                v.num("rewards") == 0,
                v.num("table") == 0,
                v.num("fstrength") == 0,
                v.num("bonus") == 0,
                v.num("escape") == 0,
                v.num("block") == 0,
                v.num("priority") == -1,
                v.num("passes") == 0,
                v.num("doublings") == 0,
                v.num("helpers") == 0,
                v.num("roll") == 0,
            ),
        ),
        v.num("bonus") >= 0,
        v.num("passes") >= 0,
        v.num("block") >= 0,
        v.num("block") <= 2,
        v.num("roll") >= 0,
        v.num("roll") <= BRAWLER_AGAINST,
        v.num("owing") >= -1,
        v.num("owing") < n,
        *(
            v.num(c) >= 0
            for c in ("heals", "rings", "pitems", "lackeys", "thymes", "doublings", "helpers")
        ),
        z3.Implies(
            combat, z3.And(v.num("priority") >= 0, v.num("priority") < n, v.num("fstrength") >= 1)
        ),
        facts(v),
    )


def facts(v: Vars) -> z3.BoolRef:
    """What the rulebook says of every position, checked on each state the refinement
    check reaches: who moves (chance first, then an owed choice, then the step's player;
    NGO-DECK-1), the combat on the table exactly in the combat's steps, the escape roll
    offered only to a loser whose icons and escape value allow it (NGO-ESCAPE-1 to
    NGO-ESCAPE-3), the reward step only after a win (NGO-WIN-2), a game over exactly at
    the over step, and Thyme Crisis never the fighter's own strength (NGO-CARD-7)."""
    step = v.num("step")
    mover = v.num("mover")
    combat = v.flag("combat")
    chance = z3.Or(v.num("queued") > 0, v.num("roll") > 0, v.flag("snatch"), step == ROLL_OFF)
    fighting = z3.Or(step == COMBAT, step == ESCAPE, step == REWARD)
    decides = z3.If(
        v.num("owing") >= 0,
        mover == v.num("owing"),
        z3.If(
            step == COMBAT,
            mover == v.num("priority"),
            z3.If(
                z3.Or(step == ESCAPE, step == REWARD),
                mover == v.num("fighter"),
                mover == v.num("active"),
            ),
        ),
    )
    return z3.And(
        v.flag("over") == (step == OVER),
        z3.If(
            v.flag("over"),
            mover == TERMINAL,
            z3.If(chance, mover == CHANCE, decides),
        ),
        z3.Implies(fighting, combat),
        z3.Implies(combat, z3.Or(fighting, step == OVER)),
        z3.Implies(
            step == ESCAPE,
            z3.And(
                v.num("block") == 0,
                v.num("escape") >= 1,
                v.num("fpower") <= v.num("epower"),
            ),
        ),
        z3.Implies(step == REWARD, z3.And(v.num("rewards") > 0, v.num("fpower") > v.num("epower"))),
        z3.Implies(v.num("roll") == ESCAPE_ROLL, step == ESCAPE),
        z3.Implies(v.num("roll") >= BRAWLER_FOR, step == COMBAT),
        z3.Not(v.flag("self_help")),
    )


def init(v: Vars) -> z3.BoolRef:
    """The table before the deal (NGO-SETUP-2): three lives each, nothing in hand, every
    card in its deck, six draws a player queued, nobody's turn yet."""
    return z3.And(
        v.num("step") == DEAL,
        v.num("active") == -1,
        z3.Not(v.flag("combat")),
        v.num("queued") == (START_ITEMS + START_LEVELS) * v.num("n"),
        v.num("decks") == v.num("box"),
        v.num("discards") == 0,
        z3.Not(v.flag("level")),
        z3.Not(v.flag("boss_pending")),
        z3.Not(v.flag("over")),
        v.num("winner") == -1,
        v.num("rule") == 0,
        v.num("loads") == 0,
        *(
            z3.If(
                seat_flag(v, "seat", i),
                z3.And(
                    seat_num(v, "lives", i) == START_LIVES,
                    seat_num(v, "hand", i) == 0,
                    seat_num(v, "equip", i) == 0,
                    seat_num(v, "afl", i) == 0,
                    seat_num(v, "overflow", i) <= 0,
                    z3.Not(seat_flag(v, "owe", i)),
                ),
                z3.BoolVal(True),
            )
            for i in SEATS
        ),
    )


# -- invariants ----------------------------------------------------------------------------


def inv_six_lives(v: Vars) -> z3.BoolRef:
    """NGO-INV-SIX-LIVES: every player has 0 to 6 lives."""
    return z3.And(*(seat_num(v, "lives", i) <= MAX_LIVES for i in SEATS))


def inv_ghost(v: Vars) -> z3.BoolRef:
    """NGO-INV-GHOST: a player without lives has no equipment and no curse beside it, and
    never fights."""
    return z3.And(
        *(
            z3.Implies(
                seat_num(v, "lives", i) == 0,
                z3.And(seat_num(v, "equip", i) == 0, seat_num(v, "afl", i) == 0),
            )
            for i in SEATS
        ),
        z3.Implies(v.flag("combat"), at(v, "lives", v.num("fighter")) >= 1),
    )


def inv_enemies(v: Vars) -> z3.BoolRef:
    """NGO-INV-ENEMIES: at most two enemies face the fighter."""
    return v.num("enemies") <= 2


def inv_cards(v: Vars) -> z3.BoolRef:
    """NGO-INV-CARDS: the cards everywhere add up to the box."""
    return total(v) == v.num("box")


def inv_slots(v: Vars) -> z3.BoolRef:
    """NGO-INV-SLOTS: nobody wears more than the slots and Cheats allow, unless they owe
    taking cards back."""
    return z3.And(*(z3.Or(seat_num(v, "overflow", i) <= 0, seat_flag(v, "owe", i)) for i in SEATS))


def inv_boss(v: Vars) -> z3.BoolRef:
    """NGO-INV-BOSS: a Final Boss fight is the active player's, with no secondary enemy,
    no Princess of Bersia and no item played against them."""
    return z3.Implies(
        v.flag("boss"),
        z3.And(
            v.num("fighter") == v.num("active"),
            z3.Not(v.flag("secondary")),
            v.num("princesses") == 0,
            v.num("harm") == 0,
        ),
    )


def inv_end(v: Vars) -> z3.BoolRef:
    """NGO-INV-END: a finished game has one winner, by the Final Boss or as the only
    player with lives; a running one has at least two players with lives."""
    winner = v.num("winner")
    return z3.If(
        v.flag("over"),
        z3.And(
            winner >= 0,
            z3.Or(
                v.num("rule") == 1,
                z3.And(v.num("rule") == 2, alive(v) == 1, at(v, "lives", winner) >= 1),
            ),
        ),
        z3.And(alive(v) >= 2, winner == -1, v.num("rule") == 0),
    )


# -- properties ----------------------------------------------------------------------------


def prop_five_to_six(v: Vars, v2: Vars) -> z3.BoolRef:
    """NGO-INV-FIVE-TO-SIX: from five lives to six only as the fighter of a combat whose
    side is strictly stronger."""
    return z3.And(
        *(
            z3.Implies(
                z3.And(seat_num(v, "lives", i) == GAIN_CEILING, seat_num(v2, "lives", i) == 6),
                z3.And(v.flag("combat"), v.num("fighter") == i, v.num("fpower") > v.num("epower")),
            )
            for i in SEATS
        )
    )


def prop_last_life(v: Vars, v2: Vars) -> z3.BoolRef:
    """NGO-INV-LAST-LIFE: from one life to none only for the active player, at their
    Level or in a combat they lost."""
    return z3.And(
        *(
            z3.Implies(
                z3.And(seat_num(v, "lives", i) == 1, seat_num(v2, "lives", i) == 0),
                _own_loss(v, i),
            )
            for i in SEATS
        )
    )


def _own_loss(v: Vars, i: int) -> z3.BoolRef:
    lost = z3.And(v.flag("combat"), v.num("fighter") == i, v.num("fpower") <= v.num("epower"))
    return z3.And(v.num("active") == i, z3.Or(lost, v.flag("level")))


def prop_hand(v: Vars, v2: Vars) -> z3.BoolRef:
    """NGO-INV-HAND: the turn passes, and the Level comes, only with at most five cards
    in the active hand."""
    hand = at(v, "hand", v.num("active"))
    return z3.And(
        z3.Implies(
            z3.And(
                v.num("active") >= 0, v2.num("active") != v.num("active"), z3.Not(v2.flag("over"))
            ),
            hand <= HAND_LIMIT,
        ),
        z3.Implies(z3.And(z3.Not(v.flag("level")), v2.flag("level")), hand <= HAND_LIMIT),
    )


def prop_boss_six(v: Vars, v2: Vars) -> z3.BoolRef:
    """NGO-INV-BOSS-SIX: a Final Boss fight begins only with six lives."""
    return z3.Implies(
        z3.And(z3.Not(v.flag("boss")), v2.flag("boss")),
        at(v, "lives", v.num("active")) == MAX_LIVES,
    )


# -- transitions -----------------------------------------------------------------------------


def _same_lives(v: Vars, v2: Vars, *, but: z3.ArithRef | None = None) -> z3.BoolRef:
    return z3.And(
        *(
            z3.Or(
                seat_num(v2, "lives", i) == seat_num(v, "lives", i),
                z3.BoolVal(False) if but is None else but == i,
            )
            for i in SEATS
        )
    )


def _next_of(v: Vars, seat: z3.ArithRef) -> z3.ArithRef:
    return z3.If(seat + 1 == v.num("n"), z3.IntVal(0), seat + 1)


def _loop(v: Vars, v2: Vars) -> z3.BoolRef:
    """A decision of the combat's priority loop that leaves the loop running with the
    same fighter (a pass, or a play that neither ended the combat nor moved it)."""
    return z3.And(
        v.num("step") == COMBAT,
        v.num("mover") >= 0,
        v.num("owing") == -1,
        v2.num("step") == COMBAT,
        v2.num("fighter") == v.num("fighter"),
    )


def _combat_steps(v: Vars, v2: Vars) -> z3.BoolRef:
    """The combat, step by step (NGO-COMBAT-1, NGO-COMBAT-5, NGO-CARD-1, NGO-CARD-12):
    it starts with the active player as the fighter holding priority, their own strength
    against the enemy, nothing played yet; priority passes from seat to seat (only the
    fighter's in a Final Boss fight) and every decision either passes (one more pass in a
    row) or spends a card from the hand (the count starts again); a strength item adds
    its printed strength to the side of whoever played it (a ghost may add it to the
    fighter's); a GCA Lackeys adds a doubling, a Thyme Crisis a helper; Strict Brawler
    adds twice a roll of the die; when Final Frenzy sends the
    enemies to another player, that player faces them with their own strength alone and
    holds priority."""
    q = v.num("priority")
    fighter2 = v2.num("fighter")
    dbonus = v2.num("bonus") - v.num("bonus")
    dharm = v2.num("harm") - v.num("harm")
    hand = at(v, "hand", q)
    hand2 = at(v2, "hand", q)
    doubled = [2 * k for k in range(1, DIE_FACES + 1)]
    fresh = z3.And(
        v2.num("priority") == fighter2,
        v2.num("passes") == 0,
        v2.num("fpower") == v2.num("fstrength"),
        v2.num("step") == COMBAT,
    )
    return z3.And(
        z3.Implies(
            z3.And(z3.Not(v.flag("combat")), v2.flag("combat")),
            z3.And(
                fresh,
                fighter2 == v.num("active"),
                v2.num("harm") == 0,
                v2.num("princesses") == 0,
                z3.Not(v2.flag("secondary")),
            ),
        ),
        z3.Implies(
            z3.And(v.flag("combat"), v2.flag("combat"), fighter2 != v.num("fighter")),
            z3.And(fresh, z3.Not(v.flag("boss"))),
        ),
        z3.Implies(
            _loop(v, v2),
            z3.And(
                v2.num("priority") == z3.If(v.flag("boss"), v.num("fighter"), _next_of(v, q)),
                z3.If(
                    hand2 == hand,
                    z3.And(v2.num("passes") == v.num("passes") + 1, dbonus == 0, dharm == 0),
                    z3.And(v2.num("passes") == 0, hand2 < hand),
                ),
                z3.Or(
                    dbonus + dharm == 0,
                    z3.And(
                        dbonus + dharm == v2.num("pitems") - v.num("pitems"),
                        dbonus + dharm > 0,
                    ),
                ),
                z3.Implies(dbonus > 0, z3.Or(q == v.num("fighter"), at(v, "lives", q) == 0)),
                z3.Implies(dharm > 0, q != v.num("fighter")),
                _one_card(v, v2, "doublings", "lackeys"),
                _one_card(v, v2, "helpers", "thymes"),
            ),
        ),
        z3.Implies(
            v.num("roll") == BRAWLER_FOR,
            z3.And(dharm == 0, z3.Or(*(dbonus == d for d in doubled))),
        ),
        z3.Implies(
            v.num("roll") == BRAWLER_AGAINST,
            z3.And(dbonus == 0, z3.Or(*(dharm == d for d in doubled))),
        ),
        z3.Implies(v.num("roll") == ESCAPE_ROLL, z3.Not(v2.flag("combat"))),
    )


def _one_card(v: Vars, v2: Vars, count: str, pile: str) -> z3.BoolRef:
    """In the loop, ``count`` grows by one exactly when one card of its kind is played:
    one more in the discard piles, unless a Zoomic Rings took it along (NGO-CARD-4,
    NGO-CARD-7)."""
    grown = v2.num(count) - v.num(count)
    played = v2.num(pile) - v.num(pile)
    return z3.And(
        z3.Or(grown == 0, grown == 1),
        z3.Implies(grown == 1, played == 1),
        z3.Implies(z3.And(played == 1, v2.num("rings") == v.num("rings")), grown == 1),
    )


def _tokens(v: Vars, v2: Vars, rewarded: z3.BoolRef) -> z3.BoolRef:
    """The 1st ROUND token (NGO-END-3, NGO-EASY-1): a turn remembers whether its player
    won a combat (``rewarded``: the new value this step gives it, unless the turn
    passes); a living player ending their turn after a won combat gives the token back,
    one holding it already gives it back for the free card, anyone else takes it; a new
    ghost loses it; nothing else moves a token."""
    active = v.num("active")
    passing = v2.num("active") != active
    easy = v2.num("step") == EASY
    seats = []
    for i in SEATS:
        token, token2 = seat_flag(v, "token", i), seat_flag(v2, "token", i)
        ending = z3.And(
            active == i, v.num("step") == END, seat_num(v, "lives", i) > 0, z3.Or(passing, easy)
        )
        died = z3.And(seat_num(v, "lives", i) > 0, seat_num(v2, "lives", i) == 0)
        seats.append(
            z3.If(
                ending,
                z3.If(
                    v.flag("rewarded"),
                    z3.And(z3.Not(token2), z3.Not(easy)),
                    z3.If(
                        token,
                        z3.And(z3.Not(token2), easy, z3.Not(passing)),
                        z3.And(token2, z3.Not(easy)),
                    ),
                ),
                z3.If(died, z3.Not(token2), token2 == token),
            )
        )
    return z3.And(
        z3.If(passing, z3.Not(v2.flag("rewarded")), v2.flag("rewarded") == rewarded),
        *seats,
    )


def _common(v: Vars, v2: Vars, defect: Defect, *, rewarded: z3.BoolRef | None = None) -> z3.BoolRef:
    """What every step keeps: the game runs, the table and the box stay, the cards add
    up as before, a ghost gets no equipment or curse, no fighter without lives, slots
    kept or owed, the turn passes only to the next seat with at most five cards in the
    active hand (or from the roll-off) and starts before the Level (a ghost's at its
    draw), the Level only with at most five cards; the combat's steps and the 1st ROUND
    token as :func:`_combat_steps` and :func:`_tokens` say."""
    hand = at(v, "hand", v.num("active"))
    limit = HAND_LIMIT + (1 if defect == "level-with-six-cards" else 0)
    lose_card = 1 if defect == "rewards-lose-a-card" else 0
    return z3.And(
        z3.Not(v.flag("over")),
        v2.num("n") == v.num("n"),
        v2.num("box") == v.num("box"),
        total(v2) == total(v) - lose_card,
        *(
            z3.Implies(
                z3.And(seat_num(v, "lives", i) == 0, seat_num(v2, "lives", i) == 0),
                z3.And(seat_num(v2, "equip", i) == 0, seat_num(v2, "afl", i) == 0),
            )
            for i in SEATS
        ),
        z3.Implies(v2.flag("combat"), at(v2, "lives", v2.num("fighter")) >= 1),
        *(z3.Implies(seat_num(v2, "overflow", i) > 0, seat_flag(v2, "owe", i)) for i in SEATS),
        z3.Or(
            v2.num("active") == v.num("active"),
            z3.And(
                v.num("active") >= 0,
                z3.Not(v.flag("combat")),
                v2.num("active") == next_seat(v),
                hand <= HAND_LIMIT,
            ),
            z3.And(v.num("active") == -1, v.num("step") == ROLL_OFF),
        ),
        z3.Implies(z3.And(z3.Not(v.flag("level")), v2.flag("level")), hand <= limit),
        v2.num("loads") >= v.num("loads"),
        # A turn starts before the Level, a ghost's with its draw (NGO-TURN-1, NGO-GHOST-3).
        z3.Implies(
            z3.And(v2.num("active") != v.num("active"), z3.Not(v2.flag("over"))),
            v2.num("step")
            == z3.If(
                at(v2, "lives", v2.num("active")) > 0, z3.IntVal(PREPARE), z3.IntVal(GHOST_DRAW)
            ),
        ),
        _combat_steps(v, v2),
        _tokens(v, v2, v.flag("rewarded") if rewarded is None else rewarded),
    )


def _keep_boss(v: Vars, v2: Vars, defect: Defect) -> z3.BoolRef:
    """No step but a Final Boss draw starts a boss fight; in one, nobody else plays."""
    quiet = z3.And(z3.Not(v2.flag("secondary")), v2.num("princesses") == 0, v2.num("harm") == 0)
    if defect == "boss-intervention":
        quiet = z3.BoolVal(True)
    return z3.Implies(
        v2.flag("boss"),
        z3.And(v.flag("boss"), v2.num("fighter") == v.num("fighter"), quiet),
    )


def _ended(v2: Vars, *, over: bool = False) -> z3.BoolRef:
    return z3.And(
        v2.flag("over") == over,
        *(() if over else (v2.num("winner") == -1, v2.num("rule") == 0)),
    )


def quiet(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """Every step that changes no life (draws, equipping, discards, curses without a
    life, plays in a combat, fleeing, the end of a turn): at most one more draw queued,
    none from a reward step, and the game goes on. Implements NGO-END-3, NGO-TURN-3."""
    return z3.And(
        _common(v, v2, defect),
        _keep_boss(v, v2, defect),
        _same_lives(v, v2),
        v.num("step") != REWARD,
        v2.num("queued") <= v.num("queued") + 1,
        v2.num("loads") == v.num("loads"),
        _ended(v2),
    )


def boss_start(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """A Final Boss is drawn: the active player, with six lives, fights it alone.
    Implements NGO-BOSS-1 and NGO-BOSS-2."""
    lives = MAX_LIVES - (1 if defect == "boss-at-five" else 0)
    return z3.And(
        _common(v, v2, defect),
        v.flag("boss_pending"),
        z3.Not(v.flag("combat")),
        v2.num("active") == v.num("active"),
        at(v, "lives", v.num("active")) == lives,
        _same_lives(v, v2),
        v2.flag("boss"),
        v2.num("fighter") == v.num("active"),
        z3.Not(v2.flag("secondary")),
        v2.num("princesses") == 0,
        v2.num("harm") == 0,
        v2.num("queued") == v.num("queued") - 1,
        v2.num("loads") == v.num("loads"),
        _ended(v2),
    )


def gain(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """The player who decides gains lives from a card or a trade, to five at most: one
    for three cards traded or a Zoomic Rings (with another card), else the lives printed
    on the item discarded. Implements NGO-LIFE-2, NGO-TURN-4, NGO-CARD-8 and NGO-CARD-11."""
    g = v.num("mover")
    ceiling = MAX_LIVES if defect == "gain-to-six" else GAIN_CEILING
    lives = at(v, "lives", g)
    one = z3.Or(v2.num("rings") > v.num("rings"), v2.num("discards") == v.num("discards") + 3)
    amount = z3.If(one, z3.IntVal(1), v2.num("heals") - v.num("heals"))
    given = z3.If(lives + amount > GAIN_CEILING, z3.IntVal(GAIN_CEILING), lives + amount)
    if defect == "gain-to-six":
        given = at(v2, "lives", g)
    return z3.And(
        _common(v, v2, defect),
        _keep_boss(v, v2, defect),
        v.num("step") != REWARD,
        g >= 0,
        lives >= 1,
        at(v2, "lives", g) > lives,
        at(v2, "lives", g) <= ceiling,
        at(v2, "lives", g) == given,
        _same_lives(v, v2, but=g),
        v2.num("queued") <= v.num("queued") + 1,
        v2.num("loads") == v.num("loads"),
        _ended(v2),
    )


def win(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """A won combat: the fighter's side strictly stronger; one life, six at most; a Final
    Boss defeated ends the game, other enemies' rewards are taken next (or none are due).
    Implements NGO-COMBAT-2, NGO-WIN-1, NGO-LIFE-1 and NGO-VICTORY-1."""
    f = v.num("fighter")
    before = at(v, "lives", f)
    after = before + 1
    if defect != "win-above-six":
        after = z3.If(before + 1 > MAX_LIVES, z3.IntVal(MAX_LIVES), before + 1)
    stronger = (
        v.num("fpower") >= v.num("epower")
        if defect == "win-on-a-tie"
        else v.num("fpower") > v.num("epower")
    )
    normal = z3.And(
        _ended(v2),
        z3.If(
            v.num("rewards") > 0,
            z3.And(
                v2.num("step") == REWARD,
                v2.flag("combat"),
                v2.num("fighter") == f,
                v2.num("rewards") == v.num("rewards"),
            ),
            z3.Not(v2.flag("combat")),
        ),
        v2.num("queued") == v.num("queued"),
    )
    boss = z3.And(v2.flag("over"), v2.num("winner") == f, v2.num("rule") == 1)
    final = z3.And(v.flag("boss"), v.flag("boss_main"))
    rewarded = z3.Or(v.flag("rewarded"), z3.And(z3.Not(final), f == v.num("active")))
    return z3.And(
        _common(v, v2, defect, rewarded=rewarded),
        _keep_boss(v, v2, defect),
        v.flag("combat"),
        v.num("step") != REWARD,
        v2.num("active") == v.num("active"),
        stronger,
        at(v2, "lives", f) == after,
        _same_lives(v, v2, but=f),
        v2.num("loads") == v.num("loads"),
        z3.If(final, boss, normal),
    )


def take_rewards(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """The reward cards are queued, as many as the defeated enemies give, and the fight's
    cards leave the table. Implements NGO-WIN-2 and NGO-END-1."""
    return z3.And(
        _common(v, v2, defect),
        v.num("step") == REWARD,
        v.flag("combat"),
        z3.Not(v2.flag("combat")),
        v2.num("queued") == v.num("queued") + v.num("rewards"),
        _same_lives(v, v2),
        v2.num("loads") == v.num("loads"),
        _ended(v2),
    )


def lose(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """One player loses one life: a curse, the Level, a lost combat (a fighter loses only
    a fight their side did not win). A last life goes only for the active player at their
    Level or in their lost combat; then everything they hold is discarded, and if one
    player alone has lives, that player wins. Implements NGO-LIFE-3, NGO-ESCAPE-2,
    NGO-GHOST-1, NGO-CURSE-8 and NGO-VICTORY-2."""
    disjuncts = []
    for i in SEATS:
        lives = seat_num(v, "lives", i)
        lives2 = seat_num(v2, "lives", i)
        allowed = z3.Or(lives >= 2, _own_loss(v, i))
        if defect == "last-life-anywhere":
            allowed = z3.BoolVal(True)
        bare = z3.And(
            seat_num(v2, "hand", i) == 0,
            seat_num(v2, "equip", i) == 0,
            seat_num(v2, "afl", i) == 0,
        )
        if defect == "ghost-keeps-equipment":
            bare = seat_num(v2, "hand", i) == 0
        last_standing = z3.If(
            alive(v2) == 1,
            z3.And(
                v2.flag("over"),
                v2.num("rule") == 2,
                v2.num("winner") >= 0,
                at(v2, "lives", v2.num("winner")) >= 1,
            ),
            _ended(v2),
        )
        if defect == "no-last-standing":
            last_standing = _ended(v2)
        fought = z3.Implies(
            z3.And(v.flag("combat"), z3.Not(v2.flag("combat")), v.num("fighter") == i),
            z3.And(
                v.num("fpower") <= v.num("epower"),
                # Lost without the roll only where an icon or the escape value forbids it,
                # and a roll fails only below an escape value of 6 (NGO-ESCAPE-1 to -3).
                z3.Implies(
                    v.num("step") == COMBAT,
                    z3.Or(v.num("block") > 0, v.num("escape") < 1),
                ),
                z3.Implies(v.num("roll") == ESCAPE_ROLL, v.num("escape") < DIE_FACES),
            ),
        )
        disjuncts.append(
            z3.And(
                seat_flag(v, "seat", i),
                lives >= 1,
                lives2 == lives - 1,
                allowed,
                fought,
                z3.If(lives2 == 0, z3.And(bare, last_standing), _ended(v2)),
            )
        )
    return z3.And(
        _common(v, v2, defect),
        _keep_boss(v, v2, defect),
        v.num("step") != REWARD,
        z3.Or(*disjuncts),
        _same_lives(v, v2, but=_loser(v, v2)),
        v2.num("queued") <= v.num("queued") + 1,
        v2.num("loads") == v.num("loads"),
    )


def _loser(v: Vars, v2: Vars) -> z3.ArithRef:
    """The seat whose lives fell (the first, if several: the frame then fails)."""
    found: z3.ArithRef = z3.IntVal(-1)
    for i in reversed(SEATS):
        found = z3.If(seat_num(v2, "lives", i) < seat_num(v, "lives", i), z3.IntVal(i), found)
    return found


def revive(v: Vars, v2: Vars, *, defect: Defect = "") -> z3.BoolRef:
    """Load Game: every ghost comes back with one life, every other player keeps theirs.
    Implements NGO-GHOST-4."""
    return z3.And(
        _common(v, v2, defect),
        _keep_boss(v, v2, defect),
        v.num("step") != REWARD,
        *(
            seat_num(v2, "lives", i)
            == z3.If(
                z3.And(seat_flag(v, "seat", i), seat_num(v, "lives", i) == 0),
                z3.IntVal(1),
                seat_num(v, "lives", i),
            )
            for i in SEATS
        ),
        alive(v) < v.num("n"),
        v2.num("loads") == v.num("loads") + 1,
        v2.num("queued") <= v.num("queued"),
        _ended(v2),
    )


# -- goals ---------------------------------------------------------------------------------


def goal_boss(v: Vars) -> z3.BoolRef:
    """A player defeated a Final Boss."""
    return z3.And(v.flag("over"), v.num("rule") == 1)


def goal_last(v: Vars) -> z3.BoolRef:
    """One player is the last with lives."""
    return z3.And(v.flag("over"), v.num("rule") == 2)


def goal_revived(v: Vars) -> z3.BoolRef:
    """Load Game brought a ghost back."""
    return v.num("loads") >= 1


def goal_six(v: Vars) -> z3.BoolRef:
    """A player has six lives."""
    return z3.Or(*(seat_num(v, "lives", i) == MAX_LIVES for i in SEATS))


# -- the model -------------------------------------------------------------------------------

TRANSITIONS: dict[str, Callable[..., z3.BoolRef]] = {
    "quiet": quiet,
    "boss-start": boss_start,
    "gain": gain,
    "win": win,
    "take-rewards": take_rewards,
    "lose": lose,
    "revive": revive,
}

WRONG_DOCS: dict[Defect, tuple[str, str, str]] = {
    "gain-to-six": ("gain", "NGO-INV-FIVE-TO-SIX", "a card may give the sixth life"),
    "win-above-six": ("win", "NGO-INV-SIX-LIVES", "a won combat adds a life beyond six"),
    "last-life-anywhere": ("lose", "NGO-INV-LAST-LIFE", "anyone may take a last life"),
    "ghost-keeps-equipment": ("lose", "NGO-INV-GHOST", "a new ghost keeps its equipment"),
    "no-last-standing": ("lose", "NGO-INV-END", "the game goes on with one player alive"),
    "rewards-lose-a-card": ("take-rewards", "NGO-INV-CARDS", "a card vanishes with the rewards"),
    "boss-at-five": ("boss-start", "NGO-INV-BOSS-SIX", "a Final Boss fought with five lives"),
    "level-with-six-cards": ("quiet", "NGO-INV-HAND", "the Level comes with six cards in hand"),
    "boss-intervention": ("quiet", "NGO-INV-BOSS", "others play into a Final Boss fight"),
    "win-on-a-tie": ("win", "NGO-INV-FIVE-TO-SIX", "an equal strength wins"),
}
"""Each wrong encoding: the transition it breaks, what must refute it, what it says."""


def _wrong(defect: Defect) -> WrongEncoding:
    name, catches, what = WRONG_DOCS[defect]
    broken = partial(TRANSITIONS[name], defect=defect)
    return WrongEncoding.swapping(defect, name, broken, catches=catches, what=what)


WRONG: tuple[WrongEncoding, ...] = tuple(_wrong(d) for d in WRONG_DOCS)

MODEL = Model(
    game=GAME.id,
    variables=VARIABLES,
    init=init,
    invariants=(
        Named.of("NGO-INV-SIX-LIVES", inv_six_lives),
        Named.of("NGO-INV-GHOST", inv_ghost),
        Named.of("NGO-INV-ENEMIES", inv_enemies),
        Named.of("NGO-INV-CARDS", inv_cards),
        Named.of("NGO-INV-SLOTS", inv_slots),
        Named.of("NGO-INV-BOSS", inv_boss),
        Named.of("NGO-INV-END", inv_end),
    ),
    transitions=tuple(Transition.of(name, relation) for name, relation in TRANSITIONS.items()),
    properties=(
        Property.of("NGO-INV-FIVE-TO-SIX", prop_five_to_six),
        Property.of("NGO-INV-LAST-LIFE", prop_last_life),
        Property.of("NGO-INV-HAND", prop_hand),
        Property.of("NGO-INV-BOSS-SIX", prop_boss_six),
    ),
    goals=(
        Goal("boss-victory", "a player defeats a Final Boss", goal_boss),
        Goal("last-standing", "a player is the last with lives", goal_last),
        Goal("ghost-revived", "Load Game brings a ghost back", goal_revived),
        Goal("six-lives", "a player has six lives", goal_six),
    ),
    wrong=WRONG,
    background=background,
    descriptions=DESCRIPTIONS,
)
"""The abstract model of No Game Over."""
