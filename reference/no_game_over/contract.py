"""No Game Over's contract with other implementations: the canonical order of the legal
actions of every kind, the conventions of the state's JSON, and when each chance step
comes (see :class:`~dieproof.reference.core.game.Contract`). Each order below is what
:func:`~dieproof.reference.no_game_over.rules.legal_actions` and
:func:`~dieproof.reference.no_game_over.rules.chance_outcomes` produce.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Contract

_CARD = "card index ascending"

CONTRACT: Final = Contract(
    decisions=(
        "The legal actions are listed by type in this order: equip, unequip, "
        "discard-equipment, discard, trade, use, cast, enemy, pass, boss, reveal, flee, "
        "give-up, rewards, take, decline, end-turn; within a type by their fields in the "
        "order the type's description gives. An owed choice (`owed` not empty) comes "
        "before anything else: only its `discard`, `discard-equipment` or `unequip` "
        "actions are open, for the player who owes it."
    ),
    orders={
        "draw": (
            "Whenever `draws` is not empty: one outcome per card kind left in the deck of "
            f"the first queued draw, {_CARD}, with probability copies / cards in that deck."
        ),
        "die": (
            "At the roll-off and whenever `roll` is not `none`: the faces 1 to 6 ascending, "
            "each with probability 1/6."
        ),
        "snatch": (
            "While `snatch` names a thief and a victim: one outcome per card kind in the "
            f"victim's hand, {_CARD}, with probability copies / cards in that hand."
        ),
        "equip": (
            "In the active player's turn outside a combat (`prepare`, `end`): for each "
            f"equipment or Cheat card in the hand ({_CARD}), first adding it (`replace` -1) "
            "if it fits, then swapping it for each equipped card kind it may replace "
            "(ascending)."
        ),
        "unequip": f"Owed after a Cheat left: each equipped card kind but Cheat, {_CARD}.",
        "discard-equipment": f"Owed after Warcio: each equipped card kind, {_CARD}.",
        "discard": (
            f"Each card kind in the hand, {_CARD}: owed after Kookoomari or Call of "
            "Fruitty, or in one's own turn while the hand holds more than five cards "
            "(reading NGO-A6 `any`: always in one's own turn)."
        ),
        "trade": (
            "In the active player's turn outside a combat, below five lives: every sorted "
            "triple of card kinds the hand holds (repeats as far as the copies allow), in "
            "lexicographic order."
        ),
        "use": (
            "Single-use items, by (card, target, pick) ascending, `target` and `pick` -1 "
            "where unused: outside a combat the active player's life cards, Zoomic Rings "
            "(pick: another card of the hand), Mobster (pick: a card in the Item or Level "
            "discard pile) and Steal Burglar (target: another seat; pick: -1 for a random "
            "hand card, else an equipped card kind); in a combat, the fighter's strength "
            "items, Strict Brawler, Solidaire (pick: an enemy in the hand), life cards, "
            "GCA Lackeys, Thyme Crisis (target), Final Frenzy (target), escape cards and "
            "Zoomic Rings, and another player's strength items, Strict Brawler and "
            "Solidaire."
        ),
        "cast": (
            "Curses from the hand by (card, target) ascending: on another player with "
            "lives; Lose a Life only on a player with two lives or more; Princess of "
            "Bersia only on the fighter of a combat that is not a Final Boss fight."
        ),
        "enemy": (
            f"In a combat, enemy cards of the priority holder's hand, {_CARD}: the "
            "fighter's allied enemy while none is played, another player's secondary "
            "enemy while none is played."
        ),
        "pass": "In a combat, always last for the player holding priority.",
        "boss": (
            "At `prepare`, with six lives and at most five cards in hand, while a Final "
            "Boss card is in the deck or its discard pile."
        ),
        "reveal": "At `prepare`, with at most five cards in hand.",
        "flee": "At `escape`: first.",
        "give-up": "At `escape`: after `flee`.",
        "rewards": (
            "At `reward`: `items` from 0 to the reward cards due, ascending (the rest come "
            "from the Level deck)."
        ),
        "take": ("At `easy` and `ghost-draw`: the Item deck, then the Level deck."),
        "decline": "At `easy`: after the two `take` actions.",
        "end-turn": "At `end` and `ghost`, with at most five cards in hand: last.",
    },
    conventions=(
        (
            "seats",
            "Players are seats 0 to players - 1 in turn order (counterclockwise at the "
            "table): the turn passes from seat s to seat s + 1 (mod players). `active` is "
            "whose turn it is, -1 during the setup.",
        ),
        (
            "cards",
            "A card is named by its index in the content's `cards` (the default content "
            "or the configuration's own). Decks, discard piles and hands are multisets: "
            "arrays of one count per card index. `decks` and `discards` list the Item, "
            "Level and Final Boss piles in that order.",
        ),
        (
            "equipment",
            "`equipment` and `afflictions` hold each seat's cards as sorted arrays of "
            "card indices (repeats allowed); Cheat cards lie in `equipment`.",
        ),
        (
            "the priority loop",
            "In a combat priority starts with the fighter and passes seat by seat in turn "
            "order (ghosts included); after any play it passes to the next seat and "
            "`passes` starts again from 0; when `passes` reaches the number of players "
            "(1 in a Final Boss fight, where only the fighter holds priority) the "
            "strengths are compared: the fighter wins only with a strictly greater total.",
        ),
        (
            "bookkeeping",
            "`owed` lists choices owed before play goes on (first first); `rewarded` says "
            "whether the active player won a combat this turn; `loads` counts the times "
            "Load Game brought ghosts back; `result` is null until the game is over.",
        ),
    ),
    chance=(
        (
            "the deal (`draw`)",
            "Setup: three Item then three Level cards for seat 0, then seat 1, and so on, "
            "one draw per step. A Load Game drawn is discarded without a replacement.",
        ),
        (
            "the roll-off (`die`)",
            "After the deal: each contender in seat order rolls once; the highest starts; "
            "if several tie for the highest, they roll again in seat order.",
        ),
        (
            "the Level and the Final Boss (`draw`)",
            "After `reveal` (or `boss`): one draw from the Level (Final Boss) deck.",
        ),
        (
            "rewards and free cards (`draw`)",
            "After `rewards`: the Item draws first, then the Level draws, all to the "
            "fighter; after `take`, one draw to the player taking.",
        ),
        (
            "rolls (`die`)",
            "After `flee`: the escape roll, which flees when at most the escape value. "
            "After Strict Brawler: its roll, twice the value added to its side.",
        ),
        (
            "Steal Burglar (`snatch`)",
            "After Steal Burglar with `pick` -1: the card taken at random from the victim's hand.",
        ),
        (
            "empty decks",
            "Before any draw, a deck with no card takes its whole discard pile back "
            "(shuffled: a draw is weighted by copies); a draw from a deck and a pile both "
            "empty is dropped, and a dropped Level ends the Level step.",
        ),
    ),
)
"""No Game Over's orders and conventions."""
