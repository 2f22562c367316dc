"""Doom and Bloom SURVIVAL!: dieproof's default content, each entry with its source.

The rulebook prints no card list, no character card but the Nurse's, and no die faces
beyond the movement die's 1 to 3. Every card the rulebook names is here with the effect
its examples show; what the examples leave open on such a card is provisional and says
so in its ``source``. The rest of each deck is a provisional remainder built from the
kinds of card the rulebook describes (search rolls, raider rolls, comparisons of assets,
choices, one-tag cards), sized to the printed deck counts (64 Events, 40 Attacks, 32
Bonus cards). The ambiguity log names every placeholder (DAB-A8).
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Component, Source
from dieproof.reference.doom_and_bloom.types import (
    ASSETS,
    DESTINATIONS,
    REQUIRED,
    TEAM_REQUIRED,
    BonusCard,
    Card,
    Character,
    Content,
    DabConfig,
    Effect,
)

EVENT_CARDS: Final = 64
ATTACK_CARDS: Final = 40
BONUS_CARDS: Final = 32
"""Deck sizes printed in the rulebook's Components list."""

_P = "provisional (DAB-A8)"


def _fx(
    food: int = 0,
    fuel: int = 0,
    weaponry: int = 0,
    survivors: int = 0,
    medkits: int = 0,
    *,
    gain: int = 0,
    lose: int = 0,
    bonus: int = 0,
    board: bool = False,
) -> Effect:
    return Effect(
        assets=(food, fuel, weaponry, survivors, medkits),
        gain_choice=gain,
        lose_choice=lose,
        bonus=bonus,
        board_asset=board,
    )


def _raiders(n: int, copies: int) -> Card:
    k = 1 if n <= 9 else 2 if n <= 12 else 3
    return Card(
        name=f"Attacked by {n} Raiders",
        test="raiders",
        target=n,
        success=_fx(gain=k, board=True),
        failure=_fx(survivors=-1 if n >= 11 else 0, lose=k),
        copies=copies,
        source=f"{_P}: the rulebook's raider-attack kind (Raider Territory example)",
    )


EVENTS: Final = (
    Card(
        name="Sitting Ducks",
        test="least",
        stat=2,
        success=_fx(weaponry=2, board=True),
        failure=_fx(weaponry=-1),
        copies=2,
        source="rulebook (Board Asset example): success when no other player has less "
        "Weaponry, gaining the board asset and 2 Weaponry; failure provisional",
        provisional=False,
    ),
    Card(
        name="Flipped Vehicle",
        test="search",
        target=10,
        success=_fx(gain=1, board=True),
        failure=_fx(fuel=-1),
        copies=3,
        source="rulebook (Town example): a five-dice search roll, success gains the board "
        "asset and 1 resource of choice (a total of 11 succeeds); target 10 and failure "
        "provisional",
        provisional=False,
    ),
    Card(
        name="Good Karma",
        test="choice",
        price_bonus=1,
        success=_fx(board=True),
        failure=_fx(lose=2),
        copies=2,
        source="rulebook (Hospital example): the first option needs a Bonus card, the "
        "other loses 2 resources of choice and is a failure; the first option's effect "
        "provisional",
        provisional=False,
    ),
    Card(
        name="Keep It Moving!",
        test="most",
        stat=1,
        success=_fx(fuel=1, board=True),
        failure=_fx(fuel=-1),
        copies=2,
        source="rulebook (Final Destination example): success when no other player has "
        "more Fuel; rewards and failure provisional",
        provisional=False,
    ),
    Card(
        name="Abandoned Farm",
        test="search",
        target=9,
        success=_fx(food=2, board=True),
        failure=_fx(food=-1),
        copies=6,
        source=_P,
    ),
    Card(
        name="Fuel Depot",
        test="search",
        target=10,
        success=_fx(fuel=2, board=True),
        failure=_fx(survivors=-1),
        copies=6,
        source=_P,
    ),
    Card(
        name="Gun Shop",
        test="search",
        target=11,
        success=_fx(weaponry=2, board=True),
        failure=_fx(lose=1),
        copies=6,
        source=_P,
    ),
    Card(
        name="Stragglers",
        test="search",
        target=10,
        success=_fx(survivors=1, board=True),
        failure=_fx(survivors=-1),
        copies=6,
        source=_P,
    ),
    Card(
        name="Pharmacy",
        test="search",
        target=12,
        success=_fx(medkits=1, board=True),
        copies=4,
        source=f"{_P}; a card with the success tag only",
    ),
    Card(
        name="Safe House",
        test="auto",
        success=_fx(gain=1, board=True),
        copies=8,
        source=f"{_P}; a card with the success tag only",
    ),
    Card(
        name="Sickness",
        test="auto",
        failure=_fx(survivors=-1),
        copies=4,
        source=f"{_P}; a card with the failure tag only",
    ),
    Card(
        name="Storm",
        test="auto",
        failure=_fx(lose=1),
        copies=4,
        source=f"{_P}; a card with the failure tag only",
    ),
    Card(
        name="Well Fed",
        test="least",
        stat=0,
        success=_fx(food=2, board=True),
        failure=_fx(food=-1),
        copies=3,
        source=_P,
    ),
    Card(
        name="Strength in Numbers",
        test="most",
        stat=3,
        success=_fx(bonus=1, board=True),
        failure=_fx(weaponry=-1),
        copies=3,
        source=_P,
    ),
    Card(
        name="Hungry Mouths",
        test="choice",
        price=(2, 0, 0, 0, 0),
        success=_fx(survivors=1, board=True),
        failure=_fx(survivors=-1),
        copies=3,
        source=_P,
    ),
    Card(
        name="Old Friend",
        test="auto",
        success=_fx(bonus=1, board=True),
        copies=2,
        source=f"{_P}; a card with the success tag only",
    ),
)
"""The Event deck: 64 cards."""

ATTACKS: Final = (
    Card(
        name="Attacked by 13 Raiders",
        test="raiders",
        target=13,
        success=_fx(gain=3, board=True),
        failure=_fx(lose=3),
        copies=1,
        source="rulebook (Raider Territory example): a five-dice raider roll, a total of "
        "8 fails and loses 3 resources of choice; success provisional",
        provisional=False,
    ),
    Card(
        name="Attacked by 8 Raiders",
        test="raiders",
        target=8,
        success=_fx(gain=1, board=True),
        failure=_fx(lose=1),
        copies=1,
        source="rulebook (Center City example): a five-dice raider roll, a total of 11 "
        "succeeds and gains the board asset and 1 resource of choice; failure provisional",
        provisional=False,
    ),
    Card(
        name="All Clear!",
        test="auto",
        success=_fx(),
        copies=3,
        source="rulebook (Crossing example): a success with no roll; no reward (provisional)",
        provisional=False,
    ),
    _raiders(7, 4),
    _raiders(9, 5),
    _raiders(10, 6),
    _raiders(11, 6),
    _raiders(12, 5),
    _raiders(14, 3),
    Card(
        name="Ambush",
        test="auto",
        failure=_fx(survivors=-1, lose=1),
        copies=3,
        source=f"{_P}; a card with the failure tag only",
    ),
    Card(
        name="Raider Toll",
        test="choice",
        price=(0, 0, 2, 0, 0),
        success=_fx(board=True),
        failure=_fx(survivors=-2),
        copies=3,
        source=_P,
    ),
)
"""The Attack deck: 40 cards."""

BONUSES: Final = (
    BonusCard(name="Second Wind", kind="search", amount=2, copies=8, source=_P),
    BonusCard(name="Covering Fire", kind="raiders", amount=2, copies=8, source=_P),
    BonusCard(name="Shortcut", kind="move", amount=2, copies=8, source=_P),
    BonusCard(name="Supply Drop", kind="supply", amount=2, copies=8, source=_P),
)
"""The Bonus deck: 32 cards, all provisional (the rulebook names none)."""

_NAMED = "provisional starting assets (DAB-A8); the name is the rulebook's (its examples)"

CHARACTERS: Final = (
    Character(
        name="Nurse",
        assets=(2, 1, 1, 3, 1),
        source="rulebook (Setup example): 2 Food, 1 Fuel, 1 Weaponry, 3 Survivors, 1 Medkit",
        provisional=False,
    ),
    Character(name="Doctor", assets=(1, 1, 1, 3, 2), source=_NAMED),
    Character(name="Engineer", assets=(1, 3, 2, 3, 0), source=_NAMED),
    Character(name="Farmer", assets=(3, 1, 1, 4, 0), source=_NAMED),
    Character(name="Hunter", assets=(2, 1, 3, 3, 0), source=_NAMED),
    Character(name="Mechanic", assets=(1, 3, 1, 4, 0), source=_P),
    Character(name="Teacher", assets=(2, 2, 1, 4, 0), source=_P),
    Character(name="Soldier", assets=(1, 1, 3, 4, 0), source=_P),
)
"""The eight character cards. Survivors of 3 or 4 keep every team of two at or above the
5 milestone at game start, and some at 7, as Team Play says."""

DEFAULT_CONTENT: Final = Content(
    events=EVENTS, attacks=ATTACKS, bonuses=BONUSES, characters=CHARACTERS
)


def content_of(config: DabConfig) -> Content:
    """The content a config plays with."""
    return config.content if config.content is not None else DEFAULT_CONTENT


def _assets(values: tuple[int, ...]) -> str:
    return ", ".join(f"{v} {name}" for v, name in zip(values, ASSETS, strict=True))


def components(config: DabConfig) -> tuple[Component, ...]:
    """The game's components under ``config``, each with its source."""
    from dieproof.reference.doom_and_bloom.board import default_board

    content = content_of(config)
    user = config.content is not None
    board = config.board if config.board is not None else default_board()
    board_source: Source = "provisional" if board.provisional else "public"
    if config.board is not None:
        board_source = "user"
    required = TEAM_REQUIRED if config.teams else REQUIRED

    def deck(name: str, cards: tuple[Card, ...]) -> Component:
        provisional = any(c.provisional for c in cards)
        return Component(
            name=name,
            source="user" if user else "provisional" if provisional else "rulebook",
            citation="DAB-A8; named cards: the rulebook's examples",
            items=tuple(
                f"{c.name} x{c.copies}{' (provisional)' if c.provisional else ''}" for c in cards
            ),
        )

    return (
        Component(
            name="the board",
            source=board_source,
            citation="DAB-A7",
            items=(
                f"{board.name}: {len(board.spaces)} spaces, {len(board.towns)} towns, "
                f"{sum(1 for s in board.spaces if s.kind == 'hospital')} hospitals",
            ),
        ),
        Component(
            name="required assets",
            source="rulebook",
            citation="Setup (the game length chart); Team Play",
            items=(
                f"{config.length}: {_assets(required[config.length])}; "
                f"{DESTINATIONS[config.length]} destinations",
            ),
        ),
        Component(
            name="character cards",
            source="user" if user else "provisional",
            citation="DAB-A8; the Nurse: Setup example",
            items=tuple(
                f"{c.name}: {_assets(c.assets)}{' (provisional)' if c.provisional else ''}"
                for c in content.characters
            ),
        ),
        deck("Event cards", content.events),
        deck("Attack cards", content.attacks),
        Component(
            name="Bonus cards",
            source="user" if user else "provisional",
            citation="DAB-A8",
            items=tuple(f"{b.name} ({b.kind} +{b.amount}) x{b.copies}" for b in content.bonuses),
        ),
        Component(
            name="special die faces",
            source="user" if user else "provisional",
            citation="DAB-A9; the movement die shows 1 to 3 (Movement)",
            items=(", ".join(str(f) for f in content.die),),
        ),
    )
