"""Doom and Bloom SURVIVAL!'s contract with other implementations: the canonical order of
the legal actions of every kind, the conventions of the state's JSON, and when each
chance step comes (see :class:`~dieproof.reference.core.game.Contract`). Each order is
what :func:`~dieproof.reference.doom_and_bloom.rules.legal_actions` and
:func:`~dieproof.reference.doom_and_bloom.rules.chance_outcomes` produce; the tests in
``tests/test_doom_and_bloom_oracle.py`` check them.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Contract

CONTRACT: Final = Contract(
    decisions=(
        "A decision lists every open action in this order. At a `turn` step: every "
        "`trade`, then every `barter`, then `roll-move`, `stay-put`, and the `play-bonus` "
        "of supply cards. At a `move` step: `use-fuel`, the `play-bonus` of move cards, "
        "every `move`, and `end-turn` only when no space may be finished on (DAB-A11). At "
        "a `post-roll` phase: `spend-food` (search) or `spend-weaponry` (raiders), the "
        "`play-bonus` of the matching cards, `settle`. At a `crossing` step: every "
        "`enter`, every `bypass`, `remain`. Every other phase offers one kind of action "
        "or a fixed pair."
    ),
    orders={
        "keep-busy": "At a `busy` step: `keep-busy` before `let-pass`.",
        "let-pass": "At a `busy` step, after `keep-busy`.",
        "reactivate": "At a `reactivate` step: `reactivate` before `rest`.",
        "rest": "At a `reactivate` step, after `reactivate`.",
        "trade": (
            "At a `turn` step, first, while the player has made no offer this turn: by "
            "partner seat ascending (players of another side only), then by the item "
            "given ascending, then by the item asked ascending; items are 0 Food, 1 Fuel, "
            "2 Weaponry, 3 Medkit, 4 + k the Bonus card of content index k, each listed "
            "only if its owner's side holds it, and never the same item both ways."
        ),
        "barter": (
            "At a `turn` step, after the trades, while no offer was made this turn and "
            "the player never bartered: by partner seat ascending, then by item asked "
            "ascending."
        ),
        "accept": "At an `answer` step: `accept` before `decline`.",
        "decline": "At an `answer` step, after `accept`.",
        "roll-move": "At a `turn` step, after the offers, unless the player was kept busy.",
        "stay-put": (
            "At a `turn` step, after `roll-move`, where the player may stay put (never on "
            "its first turn, nor where it may not finish)."
        ),
        "use-fuel": "At a `move` step, first, once per turn, while the side holds Fuel.",
        "play-bonus": (
            "By card content index ascending, for each Bonus card the side holds whose kind "
            "permits it now: supply cards last at a `turn` step, move cards after "
            "`use-fuel`, search or raider cards after the food or weaponry benefit."
        ),
        "move": (
            "At a `move` step, after the Bonus cards: one per space the pawn may finish "
            "on within the allowance, by space index ascending (the pawn's own space "
            "included where it may stay)."
        ),
        "extra-mile": "At a `pre-roll` step: `extra-mile` (when affordable) before `roll-dice`.",
        "roll-dice": "At a `pre-roll` step, last.",
        "spend-food": "At a `post-roll` step of a search roll, first (twice per turn).",
        "spend-weaponry": "At a `post-roll` step of a raider roll, first (once per turn).",
        "settle": "At a `post-roll` step, last.",
        "option": (
            "At a `choice` step: option 0 (one per Bonus card kind that pays the price, by "
            "content index, or one with card -1 when the price is in assets), then option 1."
        ),
        "gain": "At a `gain` step: resources 0, 1, 2 (Food, Fuel, Weaponry).",
        "lose": "At a `lose` step: the resources the side holds, ascending.",
        "enter": "At a `crossing` step, first: the arrows' spaces by index ascending.",
        "bypass": "At a `crossing` step, after `enter`: the region's other crossings ascending.",
        "remain": "At a `crossing` step, last.",
        "use-medkit": "At an `end` step: `use-medkit` before `end-turn`.",
        "end-turn": (
            "At an `end` step after `use-medkit`; at a `move` step only when no space may "
            "be finished on."
        ),
        "setup-roll": (
            "At a `setup-roll` step: totals of six dice ascending, weighted by the number "
            "of ways the die faces (`content.die`) make them."
        ),
        "draw-character": (
            "At a `character` step: every character nobody holds, by content index, each "
            "equally likely."
        ),
        "draw-town": (
            "At a `destination` step: every town the drawing player has not drawn yet, by "
            "town index, equally likely; at a `final` step every town, equally likely."
        ),
        "move-die": (
            "At a `move-roll` step: each face value ascending, weighted by how many faces show it."
        ),
        "draw-card": (
            "At a `draw` step: each card of the deck's draw pile by content index, weighted "
            "by its copies left (the whole deck when the pile is empty, DAB-A15)."
        ),
        "dice": (
            "At a `dice` step: totals of `dice` dice ascending, weighted by the number of "
            "ways the faces make them."
        ),
        "draw-bonus": (
            "At a `bonus` step: each Bonus card of the draw pile by content index, weighted "
            "by its copies left (the discards when the pile is empty)."
        ),
    },
    conventions=(
        (
            "seats",
            "Players are seats 0 to players - 1; clockwise is seat + 1 (mod players). In "
            "team play seats 0 and 2 play against 1 and 3 (DAB-A18). `active` is the seat "
            "whose turn it is; -1 means nobody.",
        ),
        (
            "assets",
            "Every asset tuple is [Food, Fuel, Weaponry, Survivors, Medkits]. A team's "
            "Bonus cards and milestones are kept on both teammates' entries (`bonus` on "
            "the team's first seat only).",
        ),
        (
            "board",
            "Spaces are indexed in the order of the board's `spaces` list, towns in the "
            "order of its `towns` list. A config whose `board` is null plays dieproof's "
            "provisional board (DAB-A7); whose `content` is null, dieproof's content.",
        ),
        (
            "the pending results",
            "After a card's result the game works through what it left in this order: "
            "resources lost (`pending_lose`), resources gained (`pending_gain`), Bonus "
            "cards drawn (`pending_bonus`); then what `then` says.",
        ),
        (
            "dice",
            "A search or raider roll has five dice, six with the extra mile; `total` is the "
            "roll after food, weaponry and Bonus cards.",
        ),
    ),
    chance=(
        ("the start roll (`setup-roll`)", "First: each player's six dice, in seat order."),
        ("characters (`draw-character`)", "From the start player clockwise, one each."),
        (
            "destinations (`draw-town`)",
            "From the start player clockwise: one, two or three towns each, by length.",
        ),
        ("the movement die (`move-die`)", "After `roll-move`."),
        ("a card (`draw-card`)", "When a pawn finishes on an Event or Attack space."),
        ("dice (`dice`)", "After `roll-dice` or `extra-mile`."),
        ("Bonus cards (`draw-bonus`)", "One step per card a result or milestone gives."),
        ("the final destination (`draw-town`)", "After clearing Center City's Attack."),
    ),
)
"""Doom and Bloom SURVIVAL!'s orders and conventions."""
