"""No Game Over: dieproof's default cards, with the source of every entry.

The box holds 86 Item, 53 Level and 5 Final Boss cards (public reviews; see
CONTENT-SOURCES.md); the card list is not published. The cards the rulebook gives text
for carry that effect (their counts and numbers are ours); the remainder is provisional,
built only from the kinds of card the rulebook describes (equipment by body area with
strength and escape values, single-use items, enemies with strength, reward and
cannot-escape icons, curses), so that every rule can be reached (NGO-A3).
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Component
from dieproof.reference.no_game_over.types import (
    Block,
    Card,
    Content,
    Deck,
    Effect,
    Kind,
    NgoConfig,
    Slot,
)

ITEM_CARDS: Final = 86
LEVEL_CARDS: Final = 53
BOSS_CARDS: Final = 5
"""The box's deck sizes (public reviews, CONTENT-SOURCES.md)."""

_TEXT = "rulebook: {} (effect); count and numbers provisional"
_NAMED = "Items with Text"
_LEVELS = "Levels with Text"
_P = "provisional (NGO-A3)"

IT, L, B = Deck.ITEM, Deck.LEVEL, Deck.BOSS
E, S, EN, C = Kind.EQUIPMENT, Kind.SINGLE_USE, Kind.ENEMY, Kind.CURSE


def _named(name: str, effect: Effect, count: int, section: str = _NAMED, **kw: int) -> Card:
    deck = L if section == _LEVELS else IT
    kind = C if section == _LEVELS else S
    return Card(
        name=name,
        deck=deck,
        kind=kind,
        count=count,
        effect=effect,
        source=_TEXT.format(section),
        **kw,  # type: ignore[arg-type]
    )


CARDS: Final = (
    # -- Item deck: the cards with text (Items with Text; Single-use Items) -------------
    _named("Strict Brawler", Effect.BRAWLER, 2),
    _named("Killer Instinct", Effect.BRAWLER, 2),
    Card(
        name="Load Game",
        deck=IT,
        kind=S,
        count=1,
        effect=Effect.LOAD_GAME,
        provisional=False,
        source="rulebook: Load Game (a unique card of the Item deck)",
    ),
    _named("Steal Burglar", Effect.STEAL, 2),
    _named("Thyme Crisis", Effect.THYME, 2),
    _named("Solidaire", Effect.SOLIDAIRE, 2),
    _named("Cheat", Effect.CHEAT, 2),
    _named("GCA Lackeys", Effect.LACKEYS, 2),
    _named("Zoomic Rings", Effect.RINGS, 2),
    _named("Marcos Bros Coins", Effect.RINGS, 2),
    _named("Final Frenzy", Effect.FRENZY, 1),
    _named("Comfy Magic", Effect.FRENZY, 1),
    _named("Mobster", Effect.MOBSTER, 2),
    _named("Protection", Effect.MOBSTER, 2),
    Card(
        name="Cellda Fairy",
        deck=IT,
        kind=S,
        count=3,
        lives=2,
        source="rulebook: Single-use Items, Gain Life (+2 lives); count provisional",
    ),
    Card(
        name="Uncharter RPG",
        deck=IT,
        kind=S,
        count=3,
        strength=3,
        source="rulebook: Single-use Items, an Extra Hit card; count and strength provisional",
    ),
    # -- Item deck: provisional single-use items ----------------------------------------
    Card(name="Smoke Bomb", deck=IT, kind=S, count=3, effect=Effect.ESCAPE, source=_P),
    Card(
        name="Curse Breaker",
        deck=IT,
        kind=S,
        count=2,
        effect=Effect.CANCEL,
        source="rulebook: Card Icons (Cancel Curse); name and count provisional (NGO-A14)",
    ),
    Card(name="Small Heart", deck=IT, kind=S, count=3, lives=1, source=_P),
    Card(name="Power Up", deck=IT, kind=S, count=4, strength=2, source=_P),
    Card(name="Mega Hit", deck=IT, kind=S, count=2, strength=5, source=_P),
    # -- Item deck: provisional equipment -----------------------------------------------
    Card(name="Helmet", deck=IT, kind=E, count=4, strength=1, slot=Slot.HEAD, source=_P),
    Card(name="Cap of Speed", deck=IT, kind=E, count=2, escape=2, slot=Slot.HEAD, source=_P),
    Card(name="Armor", deck=IT, kind=E, count=4, strength=2, slot=Slot.BODY, source=_P),
    Card(
        name="Light Vest",
        deck=IT,
        kind=E,
        count=2,
        strength=1,
        escape=1,
        slot=Slot.BODY,
        source=_P,
    ),
    Card(name="Greaves", deck=IT, kind=E, count=3, strength=2, slot=Slot.LEGS, source=_P),
    Card(
        name="Running Shoes",
        deck=IT,
        kind=E,
        count=3,
        strength=1,
        escape=1,
        slot=Slot.LEGS,
        source=_P,
    ),
    Card(name="Sword", deck=IT, kind=E, count=6, strength=2, slot=Slot.HAND, source=_P),
    Card(name="Dagger", deck=IT, kind=E, count=4, strength=1, slot=Slot.HAND, source=_P),
    Card(name="Shield", deck=IT, kind=E, count=3, strength=2, slot=Slot.HAND, source=_P),
    Card(name="War Hammer", deck=IT, kind=E, count=2, strength=6, slot=Slot.HAND, source=_P),
    Card(name="Big Axe", deck=IT, kind=E, count=3, strength=7, slot=Slot.TWO_HANDS, source=_P),
    Card(
        name="Bow",
        deck=IT,
        kind=E,
        count=5,
        strength=4,
        escape=1,
        slot=Slot.TWO_HANDS,
        source=_P,
    ),
    # -- Level deck: the cards with text (Levels with Text; Clarifications) ------------
    Card(
        name="Princess of Bersia",
        deck=L,
        kind=C,
        count=1,
        reward=1,
        effect=Effect.PRINCESS,
        source=_TEXT.format(_LEVELS) + " (reward 1 provisional)",
    ),
    _named("Call of Fruitty", Effect.FRUITTY, 2, _LEVELS),
    _named("Warcio", Effect.WARCIO, 2, _LEVELS),
    _named("Kookoomari", Effect.KOOKOOMARI, 2, _LEVELS),
    _named("Spatuna", Effect.SPATUNA, 2, _LEVELS),
    _named("Gerby", Effect.GERBY, 1, _LEVELS),
    # -- Level deck: provisional curses (the kinds the rulebook names) -----------------
    Card(
        name="Lose a Life",
        deck=L,
        kind=C,
        count=4,
        effect=Effect.LOSE_LIFE,
        source="rulebook: Curse, Instant Curses (-1 life); count provisional",
    ),
    Card(
        name="Slippery Floor",
        deck=L,
        kind=C,
        count=2,
        escape=-1,
        effect=Effect.ESCAPE_CURSE,
        source=_P,
    ),
    Card(
        name="Heavy Chains",
        deck=L,
        kind=C,
        count=2,
        escape=-2,
        effect=Effect.ESCAPE_CURSE,
        source="rulebook: Escape (the -2 escape curse); count provisional",
    ),
    # -- Level deck: provisional enemies -------------------------------------------------
    Card(name="Slime", deck=L, kind=EN, count=5, strength=3, reward=1, source=_P),
    Card(name="Goblin", deck=L, kind=EN, count=5, strength=5, reward=1, source=_P),
    Card(name="Skeleton", deck=L, kind=EN, count=4, strength=7, reward=1, source=_P),
    Card(name="Orc", deck=L, kind=EN, count=4, strength=9, reward=2, source=_P),
    Card(
        name="Troll", deck=L, kind=EN, count=4, strength=11, reward=2, block=Block.DICE, source=_P
    ),
    Card(name="Golem", deck=L, kind=EN, count=3, strength=13, reward=2, source=_P),
    Card(name="Wyvern", deck=L, kind=EN, count=3, strength=15, reward=3, source=_P),
    Card(
        name="Vampire",
        deck=L,
        kind=EN,
        count=3,
        strength=17,
        reward=3,
        block=Block.DICE,
        source=_P,
    ),
    Card(name="Lich", deck=L, kind=EN, count=2, strength=18, reward=4, source=_P),
    Card(
        name="Dragon", deck=L, kind=EN, count=2, strength=20, reward=4, block=Block.ALL, source=_P
    ),
    # -- Final Boss deck: provisional ------------------------------------------------------
    *(
        Card(name=f"Final Boss {n}", deck=B, kind=Kind.BOSS, count=1, strength=s, source=_P)
        for n, s in ((1, 14), (2, 16), (3, 18), (4, 20), (5, 22))
    ),
)
"""dieproof's default cards, in index order."""

DEFAULT_CONTENT: Final = Content(cards=CARDS)


def components(config: NgoConfig) -> tuple[Component, ...]:
    """The cards under ``config``, by deck, with their sources."""
    cards = (config.content or DEFAULT_CONTENT).cards
    own = config.content is not None
    found: list[Component] = []
    for deck, title in ((IT, "Item deck"), (L, "Level deck"), (B, "Final Boss deck")):
        for provisional in (False, True):
            members = tuple(
                f"{c.name} x{c.count}"
                for c in cards
                if c.deck is deck and c.provisional is provisional
            )
            if not members:
                continue
            if own:
                source, cite = "user", "the configuration's content"
            elif provisional:
                source, cite = "provisional", "NGO-A3"
            else:
                source, cite = "rulebook", "Items with Text"
            label = f"{title}: {'provisional ' if provisional else ''}cards"
            found.append(Component(label, source, cite, members))  # type: ignore[arg-type]
    return tuple(found)
