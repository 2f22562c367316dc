"""Until Daylight's contract with other implementations: the canonical order of the legal
actions of every kind, the conventions of the state's JSON, and when each chance step
comes. The oracle guide and the JSON Schemas show it (see
:class:`~dieproof.reference.core.game.Contract`); each order below is what
:func:`~dieproof.reference.until_daylight.rules.legal_actions` and
:func:`~dieproof.reference.until_daylight.rules.chance_weights` produce, and the tests in
``tests/test_oracle_contract.py`` check the places these sentences name.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Contract

CONTRACT: Final = Contract(
    decisions=(
        "A decision lists every open action in this order. At a `search` step: `draw` "
        "(while the rubble deck or its discard pile holds a card), then `build` "
        "(barricade before trap), `give`, `take`, `use`, `pass`, and the free `throw`s "
        "last. At an `act` step: every `attack` first, then `build`, `give`, `take`, "
        "`use` and `pass` as in a search (and the `throw`s under reading UD-A33 "
        "`own_turn`). Every other decision step offers one kind of action."
    ),
    orders={
        "first-player": (
            "At the `roll-off` step: one outcome per seat, ascending, each 1 / players "
            "(the roll-off, re-rolls of ties included, is one fair draw: UD-A5)."
        ),
        "choose": (
            "At a `choose` step: every character nobody has chosen, in content order "
            "(`content.characters`)."
        ),
        "objective": (
            "At an `objective` step: one outcome per secondary objective left in its pile "
            "(`secondary`), in content order (`content.objectives`), weighted by the "
            "copies left."
        ),
        "keep": "At a `keep` step: the objectives drawn (`offered`), in content order.",
        "clock": (
            "At a `clock` step: `gong: false` (weight `timer.tick`) before `gong: true` "
            "(weight `timer.gong`); an outcome of weight 0 is not listed, and once "
            "`search_actions` reaches `timer.limit` the gong is the only outcome."
        ),
        "draw": (
            "At a `search` step, first, while the rubble deck or its discard pile holds a card."
        ),
        "build": (
            "At a `search` or `act` step, after `draw` (or the attacks): one per token the "
            "player can craft now, barricade before trap."
        ),
        "give": (
            "After the builds: by receiving seat ascending (every seat but the player's), "
            "then by card in content order, then by count ascending (1 up to every card of "
            "an ammunition stack; 1 for any other card)."
        ),
        "take": (
            "After the gives: by owning seat ascending, then by card in content order, "
            "then by count ascending (as for `give` under reading UD-A32 `stack`; one card "
            "under `one`)."
        ),
        "throw": (
            "After `pass`: each card the player holds, in content order; at a `search` "
            "step, and at an `act` step under reading UD-A33 `own_turn`."
        ),
        "consent": "At a `consent` step: `agree: true` before `agree: false`.",
        "use": "After the takes: each food card the player holds, in content order.",
        "pass": "After the uses, before the throws.",
        "found": (
            "At a `found` step: one outcome per rubble card left in the deck (`rubble`), "
            "in content order (`content.rubble`), weighted by its count."
        ),
        "discard": (
            "At an `overflow` step: the card in transit (`held`) first, then every other "
            "card of the holder's inventory in content order. At a `discard` step: every "
            "card of the discarder's inventory, in content order."
        ),
        "fate": (
            "At a `fate` step: the six faces, each 1/6, in the order remove-enemy, "
            "add-enemy, discard, draw, heal, damage."
        ),
        "horde": (
            "At a `horde` step: one outcome per kind of horde card left in the deck, in "
            "the order raider, wanderer, brute, monster, survivor, weighted by its count; "
            "a card attracted once the regular ones are revealed (a noise event, the die "
            "of fate's addition) is drawn among the infected under reading UD-A31 "
            "`infected` (the default), among all enemies under `enemy`, and among all "
            "kinds under `card`."
        ),
        "attack": (
            "At an `act` step, first: by attacked area (seat ascending), then weapon "
            "(content order), then ammunition count ascending (0 for a melee weapon; for a "
            "distance weapon 1 up to the ammunition held, under reading UD-A25 `useful` no "
            "more than the first count that gives six dice), then `survivors: false` "
            "before `true` (both open under reading UD-A8 `optional` when the area holds "
            "a survivor); only attacks that roll at least one die."
        ),
        "roll": (
            "At a `roll` step of n dice (`roll_size`): every (heads, bodies, misses) with "
            "heads + bodies + misses = n, by heads ascending then bodies ascending, "
            "weighted by the multinomial count times head^heads * body^bodies * "
            "miss^misses for the combat die's faces (`content.die`); outcomes of weight 0 "
            "are not listed."
        ),
        "allot": (
            "At an `allot` step: `head` before `body`, each listed only if the dice left "
            "can destroy the target in front that way."
        ),
        "sacrifice": (
            "At a `sacrifice` step: counts from 0 up to the smaller of the damage waiting "
            "and the saved survivors, ascending."
        ),
    },
    conventions=(
        (
            "seats",
            "Players are seats 0 to players - 1; clockwise is seat + 1 (mod players). "
            "`current` is the seat to decide (at a chance node, the seat it concerns); "
            "`turn` is the seat whose search or combat turn it is. -1 means nobody.",
        ),
        (
            "content",
            "A state refers to content by index: `characters[p]` indexes "
            "`content.characters`, objectives index `content.objectives`, and every "
            "multiset of rubble cards (`inventories[p]`, `rubble`, `rubble_discard`) is an "
            "array of counts in the order of `content.rubble`. Actions name content by "
            "name. A config whose `content` is null plays dieproof's default content.",
        ),
        (
            "areas",
            "`areas[p]` is seat p's combat area: its horde cards in the order they were "
            "revealed, each new card at the end. The front is the first card still "
            "standing; an attack's eliminated cards stay in place (`attack.eliminated` "
            "lists their positions) until the attack ends.",
        ),
        (
            "decks",
            "The horde deck and its discard pile are objects with a count per kind. An "
            "empty deck takes its discard pile back before the next draw (UD-A3, UD-A4).",
        ),
        (
            "the queue",
            "After an action the game works through what it owes in this order: a card "
            "in transit (`held`, `held_count`, `holder`) is stowed, or its holder must "
            "discard (`overflow`); owed discards (`discards`, `discarder`); owed rubble "
            "draws (`draws`, `drawer`); owed horde reveals (`reveal`, `reveal_area`); then "
            "it moves on as `then` says.",
        ),
        (
            "dice",
            "No roll has more than six dice: an enemies' wave of more dice is rolled six "
            "at a time (`defense.dice_left` counts the rest).",
        ),
    ),
    chance=(
        (
            "the roll-off (`roll-off`)",
            "First of all: who chooses a character first and plays first.",
        ),
        (
            "secondary objectives (`objective`)",
            "After each character is chosen: two objectives drawn from the secondary pile "
            "one at a time (fewer if it runs out), then the player keeps one (`keep`).",
        ),
        (
            "the timer (`clock`)",
            "Before every search action: does the gong sound? If it does, the player "
            "whose turn it is receives the horde and the release begins.",
        ),
        (
            "rubble cards (`found`)",
            "One step per card drawn: a search action's draw, an enemy's reward, the die "
            "of fate's draw, each card its own step.",
        ),
        (
            "the die of fate (`fate`)",
            "At the start of the release of the horde, rolled for the player who received it.",
        ),
        (
            "the horde (`horde`)",
            "After the die of fate: one step per horde card revealed into the receiving "
            "area (players + round, one fewer or more by the die of fate); a noise event "
            "reveals one card into the drawer's area.",
        ),
        (
            "combat dice (`roll`)",
            "One step per roll of up to six dice: a character's attack once its weapon and "
            "ammunition are chosen, and each wave of the enemies' attack.",
        ),
    ),
)
"""Until Daylight's orders and conventions."""
