"""Don't Let It Die's contract with other implementations: the canonical order of the
legal actions of every kind, the conventions of the state's JSON, and when each chance
step comes. The oracle guide and the JSON Schemas show it (see
:class:`~dieproof.reference.core.game.Contract`); each order is what
:func:`~dieproof.reference.dont_let_it_die.rules.legal_actions` and
:func:`~dieproof.reference.dont_let_it_die.rules.chance_outcomes` produce.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Contract

CONTRACT: Final = Contract(
    decisions=(
        "A `turn` step (a character's turn in the day) lists the turn character's actions "
        "then the free-action window (DLID-A10), in this order: `draw-card`, "
        "`investigate`, `trade`, `cook`, `craft`, the character's `skill`s, `end-turn`, "
        "then `eat`, `revive`, `add-wood`, `place-fkp` and Kara's `skill` gift. A "
        "`refuel` step lists `add-wood` then `proceed`; a `morning` step `equip`, "
        "`unequip` and `give` by character then `proceed` (see each order). Every other "
        "decision step offers one kind of action."
    ),
    orders={
        "draw-card": (
            "First at a `turn` step: by deck (0 forage, 1 gather, 2 harvest, 3 hunt); per "
            "deck the paid draw, then its Planning Hut variant (`planning: true`), then "
            "Nirv's free Gather and its Planning Hut variant."
        ),
        "investigate": "After the draws: the paid one, then River's free one (`free: true`).",
        "trade": (
            "After `investigate`: by the token taken, in the order wood, rock, fiber, "
            "berry, meat, bone, hide, fkp (token indices 0, 1, 2, 3, 5, 7, 8, 9)."
        ),
        "pay": "At a `pay` step: one per token kind the pool holds, by token index.",
        "cook": "After the trades: berry (3) before meat (5).",
        "craft": (
            "After `cook`: by item index; per item by Atouk's `waive` (sorted tuples in "
            "ascending order, `[]` for everyone else), then `equip` -1 (unequipped) "
            "before the slots ascending."
        ),
        "skill": (
            "After the crafts, the turn character's skill (one `skill` value, by `target` "
            "ascending); Kara's `kara-gift` is listed in the free window, last, by target "
            "seat."
        ),
        "end-turn": "After the skills, before the free window.",
        "eat": (
            "First in the free window: by character seat, then by food in the order berry "
            "(3), fiber (2, Challenge 3 only), meat (5), cooked berry (4), cooked meat (6)."
        ),
        "revive": "After the meals: by seat.",
        "add-wood": (
            "After the revivals: wood first, then under Challenge 9 the foods berry, meat, "
            "cooked berry, cooked meat. At a `refuel` step: the one wood, then `proceed`."
        ),
        "place-fkp": ("After `add-wood`: by discovery index; per discovery FKP before Dub's bone."),
        "keep": "At a `pick` step: `index` 0 then 1.",
        "fight": (
            "At a `fight` step: by weapon choice (each single weapon slot, then both "
            "combined, or `[]` without a usable weapon); per choice by spoils (meat, then "
            "Nanuk's hide and bone when the choice kills), and per spoils no armour, each "
            "armour slot that still guards today, then Vog's `vog: true` (these only when "
            "the choice leaves damage)."
        ),
        "reroll": "At a `reroll` step: `use: true` before `use: false`.",
        "redraw": "At a `dub` step: `use: true` before `use: false`.",
        "break-tool": "At a `break-tool` step: by seat, then by tool slot.",
        "lose-item": (
            "At a `lose-items` step: by seat, then by unequipped index, the items of a kind "
            "still owed (weapon, tool)."
        ),
        "equip": (
            "At a `morning` step, per character in play (by seat): every `equip` (by "
            "unequipped index, then slot), every `unequip` (weapons then tools, by slot), "
            "every `give` (by unequipped index, then receiving seat); `proceed` last."
        ),
        "unequip": "See `equip`: after a character's equips.",
        "give": "See `equip`: after a character's unequips.",
        "proceed": "Last at a `morning` or `refuel` step.",
        "card-drawn": (
            "At a `draw` step: one outcome per card kind left in the deck, by card index, "
            "weighted by the copies left; a card put back on top (Challenge 4) is the only "
            "outcome, with probability 1."
        ),
        "die-rolled": (
            "At a `roll`, `lightning`, `mabe` or `night-roll` step: the Fire Die, values 0 "
            "(blank) 1/6, 1 3/6, 2 1/6, 3 1/6, ascending."
        ),
        "event-drawn": (
            "At a `night` step: one outcome per night event left in the night deck, by "
            "event index, weighted by the copies left."
        ),
    },
    conventions=(
        (
            "tokens",
            "`tokens` counts the pool per token kind: 0 wood, 1 rock, 2 fiber, 3 berry, 4 "
            "cooked berry, 5 meat, 6 cooked meat, 7 bone, 8 hide, 9 FKP. A cooked token is "
            "the back of a raw one: berry and cooked berry share eight tokens, so do meat "
            "and cooked meat.",
        ),
        (
            "characters",
            "`members` are the four characters in seat order (the next seat is on the "
            "left); `member.character` indexes the content's characters (`dieproof "
            "content dont-let-it-die`).",
        ),
        (
            "items and discoveries",
            "Items are indices of the item table (Club 0 ... Knowledge Hut 18); "
            "`placed` and `unlocked` follow the configured tree's discovery order.",
        ),
        (
            "decks",
            "`decks` and `discards` hold per resource deck (forage, gather, harvest, hunt) "
            "the count of each card kind, in content order; `night_deck` likewise.",
        ),
    ),
    chance=(
        ("draw", "After a draw action (two with the Planning Hut): the card drawn."),
        ("lightning", "After each card drawn the day after the lightning storm: the Fire Die."),
        ("roll", "After Investigate Fire (and Kara's re-roll): the Fire Die."),
        ("mabe", "When Mabe falls below 3 health by day: the Fire Die."),
        ("night", "When every character has ended its turn (and after Dub's redraw): the event."),
        ("night-roll", "A rival tribe's roll, or each character's in a stampede: the Fire Die."),
    ),
)
