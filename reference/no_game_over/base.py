"""No Game Over: the catalogue of a configuration's cards and the quantities the rules
compute from a state (strength, escape value, the slots), each in one place."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from functools import reduce
from itertools import compress
from operator import add, or_
from typing import Final, cast

from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.no_game_over.content import DEFAULT_CONTENT
from dieproof.reference.no_game_over.types import (
    BASE_ESCAPE,
    HAND_SLOTS,
    Block,
    Card,
    Cast,
    Content,
    Deck,
    Effect,
    Equip,
    Kind,
    NgoConfig,
    NgoState,
    Slot,
)

# The enum members the rules below test, bound once: a member read through its class
# goes through the enum metaclass's attribute hook, about the cost of a function call.
_BLOCK_ALL: Final = Block.ALL
_BLOCK_DICE: Final = Block.DICE
_BLOCK_NONE: Final = Block.NONE
_DECK_ITEM: Final = Deck.ITEM
_DECK_LEVEL: Final = Deck.LEVEL
_EFFECT_CHEAT: Final = Effect.CHEAT
_EFFECT_LOAD_GAME: Final = Effect.LOAD_GAME
_EFFECT_SPATUNA: Final = Effect.SPATUNA
_KIND_BOSS: Final = Kind.BOSS
_KIND_CURSE: Final = Kind.CURSE
_KIND_ENEMY: Final = Kind.ENEMY
_KIND_EQUIPMENT: Final = Kind.EQUIPMENT
_KIND_SINGLE_USE: Final = Kind.SINGLE_USE
_SLOT_BODY: Final = Slot.BODY
_SLOT_HAND: Final = Slot.HAND
_SLOT_HEAD: Final = Slot.HEAD
_SLOT_LEGS: Final = Slot.LEGS
_SLOT_NONE: Final = Slot.NONE
_SLOT_TWO_HANDS: Final = Slot.TWO_HANDS

MEMO_LIMIT: Final = 1 << 15
"""Entries kept in each of a catalogue's memos; a full memo is emptied and refilled."""

DECKS: Final = (Deck.ITEM, Deck.LEVEL, Deck.BOSS)
"""The decks in the order states list them (``decks[0]`` is the Item deck)."""
DECK_INDEX: Final = {Deck.ITEM: 0, Deck.LEVEL: 1, Deck.BOSS: 2}

_KINDS_OF: Final = {
    Deck.ITEM: frozenset({Kind.EQUIPMENT, Kind.SINGLE_USE}),
    Deck.LEVEL: frozenset({Kind.ENEMY, Kind.CURSE}),
    Deck.BOSS: frozenset({Kind.BOSS}),
}
"""Which kinds of card each deck holds (Card Types and Their Use)."""

_FIGHTABLE: Final = frozenset({Kind.SINGLE_USE, Kind.CURSE, Kind.ENEMY})
"""The kinds of card a player may play in a combat's priority loop (Combat)."""


EQUIPS: Final = 1
SINGLE_USE: Final = 2
CURSE: Final = 4
ENEMY: Final = 8
HELPS: Final = 16
"""The bits of :attr:`Catalog.role`; :data:`HELPS`: a single-use item a player other
than the fighter may play in the loop (a strength item, Strict Brawler, Solidaire)."""
FIGHTS: Final = SINGLE_USE | CURSE | ENEMY
"""The roles the priority loop may play (:attr:`Catalog.fightable`)."""
TURNS: Final = EQUIPS | SINGLE_USE | CURSE
"""The roles a turn's listing offers beyond discards and trades."""


Holding = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""A hand, the kinds it holds (in index order), how many cards, and the roles of its
kinds or-ed together (see :func:`holding`): ``roles & FIGHTS`` is whether the priority
loop may play any of them, ``roles & TURNS`` whether a turn lists more than discards and
trades."""

HANDS_LIMIT: Final = 256
"""Hands :func:`holding` remembers by identity before it forgets them all."""
HOLDINGS_LIMIT: Final = 8192
"""Hands :func:`holding` remembers by value before it forgets them all."""


@dataclass(frozen=True, slots=True)
class Catalog:
    """A configuration's cards, indexed once."""

    cards: tuple[Card, ...]
    index: dict[str, int]
    box: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Each deck's full composition (counts per card kind)."""
    deck_of: tuple[int, ...]
    """Each card kind's deck, as an index into ``DECKS``."""
    kinds: tuple[int, ...]
    """Every card index, in order: ``compress(kinds, counts)`` lists the kinds a multiset
    holds (a walk in C instead of a Python loop over every kind)."""
    fightable: tuple[bool, ...]
    """Per card kind, whether the priority loop may list it at all (a single-use item, a
    curse or an enemy): a hand holding none of them can only pass."""
    equippable: tuple[bool, ...]
    """Per card kind, whether it goes on as equipment (an equipment card or a Cheat)."""
    single_use: tuple[bool, ...]
    """Per card kind, whether it is a single-use item."""
    curse: tuple[bool, ...]
    """Per card kind, whether it is a curse."""
    load_game: tuple[bool, ...]
    """Per card kind, whether it is a Load Game (used at once when drawn)."""
    spatuna: tuple[bool, ...]
    """Per card kind, whether it is a Spatuna (switches the equipment off)."""
    strengths: tuple[int, ...]
    """Per card kind, its printed strength."""
    escapes: tuple[int, ...]
    """Per card kind, its change to the escape value."""
    singles: tuple[tuple[int, ...], ...]
    """Per card kind, the multiset of that one card (a combat's table when it starts)."""
    role: tuple[int, ...]
    """Per card kind, what a listing does with it, as bits: :data:`EQUIPS` (goes on as
    equipment), :data:`SINGLE_USE` (a single-use item), :data:`CURSE` (a curse),
    :data:`ENEMY` (an enemy, played only in a combat), :data:`HELPS` (a single-use item
    another player than the fighter may play)."""
    equip_options: dict[tuple[tuple[int, ...], int], tuple[Equip, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The equipment changes of one card from the hand onto one equipment (see
    :func:`~dieproof.reference.no_game_over.cards.hand_actions`), remembered: they
    depend on nothing else, and a player's equipment changes far more rarely than it is
    listed. Bounded by :data:`MEMO_LIMIT`."""
    hands: dict[int, Holding] = field(default_factory=dict, compare=False, repr=False)
    """:func:`holding`'s answers by the identity of the hand (see there)."""
    holdings: dict[tuple[int, ...], tuple[tuple[int, ...], int, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """:func:`holding`'s answers by the hand's value: two thirds of the hands it has not
    seen by identity are equal to one it has seen (a hand of one or two cards recurs), and
    hashing a hand costs less than walking it. Bounded by :data:`HOLDINGS_LIMIT`."""
    casts: dict[tuple[int, int, tuple[int, ...], int, bool], tuple[Cast, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The casts of one curse by one player, per the table's lives and the combat's
    fighter and Final Boss flag (``(card, caster, lives, fighter, boss)``, fighter -1
    outside a combat: nothing else decides them), remembered. Bounded by
    :data:`MEMO_LIMIT`."""


def content_of(config: NgoConfig) -> Content:
    """The cards of ``config``: the user's, or dieproof's default."""
    return DEFAULT_CONTENT if config.content is None else config.content


@functools.lru_cache(maxsize=64)
def _catalog(content: Content) -> Catalog:
    cards = content.cards
    deck_of = tuple(DECK_INDEX[c.deck] for c in cards)
    box = tuple(
        tuple(c.count if deck_of[i] == d else 0 for i, c in enumerate(cards)) for d in range(3)
    )
    return Catalog(
        cards=cards,
        index={c.name: i for i, c in enumerate(cards)},
        box=(box[0], box[1], box[2]),
        deck_of=deck_of,
        kinds=tuple(range(len(cards))),
        fightable=tuple(c.kind in _FIGHTABLE for c in cards),
        equippable=tuple(c.kind is _KIND_EQUIPMENT or c.effect is _EFFECT_CHEAT for c in cards),
        single_use=tuple(c.kind is _KIND_SINGLE_USE for c in cards),
        curse=tuple(c.kind is _KIND_CURSE for c in cards),
        load_game=tuple(c.effect is _EFFECT_LOAD_GAME for c in cards),
        spatuna=tuple(c.effect is _EFFECT_SPATUNA for c in cards),
        strengths=tuple(c.strength for c in cards),
        escapes=tuple(c.escape for c in cards),
        singles=tuple(
            tuple(1 if k == i else 0 for k in range(len(cards))) for i in range(len(cards))
        ),
        role=tuple(
            (EQUIPS if c.kind is _KIND_EQUIPMENT or c.effect is _EFFECT_CHEAT else 0)
            | (SINGLE_USE if c.kind is _KIND_SINGLE_USE else 0)
            | (CURSE if c.kind is _KIND_CURSE else 0)
            | (ENEMY if c.kind is _KIND_ENEMY else 0)
            | (
                HELPS
                if c.kind is _KIND_SINGLE_USE
                and (
                    (c.effect is Effect.NONE and c.strength)
                    or c.effect in (Effect.BRAWLER, Effect.SOLIDAIRE)
                )
                else 0
            )
            for c in cards
        ),
    )


DEFAULT_CATALOG: Final = _catalog(DEFAULT_CONTENT)
"""The catalogue of dieproof's default cards (a configuration without content of its
own), built once: most configurations use it, and the hot paths read it without a call."""

_LAST: list[object] = [DEFAULT_CONTENT, DEFAULT_CATALOG]
"""The content last catalogued and its catalogue: states share their config's content
object, so most calls are answered by one identity test instead of hashing the cards."""


def catalog(config: NgoConfig) -> Catalog:
    """The catalogue of ``config``'s cards (cached per content)."""
    content = config.content
    if content is None:
        return DEFAULT_CATALOG
    if _LAST[0] is content:
        return cast("Catalog", _LAST[1])
    cat = _catalog(content)
    _LAST[0], _LAST[1] = content, cat
    return cat


def holding(cat: Catalog, hand: tuple[int, ...]) -> Holding:
    """``(hand, kinds held, cards held, their roles or-ed)``, remembered by
    the hand's identity: a state built from another shares every hand that did not
    change, so the hands of a combat's players or of a turn are walked once, not at
    every decision (the entry holds the hand, so its identity is not reused while
    remembered)."""
    memo = cat.hands
    found = memo.get(id(hand))
    if found is not None and found[0] is hand:
        return found
    known = cat.holdings
    parts = known.get(hand)
    if parts is None:
        held = tuple(compress(cat.kinds, hand))
        parts = (held, sum(hand), reduce(or_, map(cat.role.__getitem__, held), 0))
        if len(known) >= HOLDINGS_LIMIT:
            known.clear()
        known[hand] = parts
    entry = (hand, *parts)
    if len(memo) >= HANDS_LIMIT:
        memo.clear()
    memo[id(hand)] = entry
    return entry


_VALIDATED: list[object] = [None]
"""The content :func:`validate_config` last accepted: contents are immutable and every
game of a configuration starts with this check, so a content accepted once is not walked
again at each game (about 18 us, a tenth of a short game's steps)."""


def validate_config(config: NgoConfig) -> None:
    """Refuse a configuration no game can be played with: a card in the wrong deck, a
    duplicate name, an equipment without a body area, an empty Item or Level deck.
    Implements NGO-SETUP-1 and NGO-BOX-1."""
    content = content_of(config)
    if content is _VALIDATED[0]:
        return
    seen: set[str] = set()
    for card in content.cards:
        where = f"card {card.name!r}"
        if card.name in seen:
            raise InvalidConfig("NGO.CONTENT", f"{where} is listed twice")
        seen.add(card.name)
        if card.kind not in _KINDS_OF[card.deck]:
            raise InvalidConfig(
                "NGO.CONTENT",
                f"{where}: a {card.kind.value} card cannot be in the {card.deck.value} deck",
            )
        if (card.kind is _KIND_EQUIPMENT) != (
            card.slot is not _SLOT_NONE
        ) and card.effect is not _EFFECT_CHEAT:
            raise InvalidConfig(
                "NGO.CONTENT", f"{where}: equipment needs a body area, and only equipment has one"
            )
        if card.effect is _EFFECT_CHEAT and card.kind is not _KIND_SINGLE_USE:
            raise InvalidConfig("NGO.CONTENT", f"{where}: Cheat is an item of the Item deck")
        if card.block is not _BLOCK_NONE and card.kind not in (_KIND_ENEMY, _KIND_BOSS):
            raise InvalidConfig("NGO.CONTENT", f"{where}: only enemies carry a cannot-escape icon")
        if card.escape < 0 and card.kind is not _KIND_CURSE:
            raise InvalidConfig("NGO.CONTENT", f"{where}: only curses lower the escape value")
    for deck in (_DECK_ITEM, _DECK_LEVEL):
        if not any(c.deck is deck for c in content.cards):
            raise InvalidConfig("NGO.CONTENT", f"the {deck.value} deck has no cards")
    _VALIDATED[0] = content


# -- small tuple helpers ------------------------------------------------------------------


def put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with ``values[index] = value``."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added at ``index`` (through a list: for a count per card
    kind, half the cost of joining two slices)."""
    changed = list(values)
    changed[index] += delta
    return tuple(changed)


def add_counts(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The union of two multisets (of one length: a ``ValueError`` otherwise)."""
    if len(a) != len(b):
        raise ValueError("multisets of different lengths")
    return tuple(map(add, a, b))


# -- equipment ----------------------------------------------------------------------------


def overflow(cat: Catalog, equipped: tuple[int, ...]) -> int:
    """How many equipped cards are beyond the slots: one head, one body, one legs and two
    hands (a two-handed card fills both); Cheat cards are not counted here.
    Implements NGO-EQUIP-2."""
    head = body = legs = one = two = 0
    for index in equipped:
        slot = cat.cards[index].slot
        if slot is _SLOT_HEAD:
            head += 1
        elif slot is _SLOT_BODY:
            body += 1
        elif slot is _SLOT_LEGS:
            legs += 1
        elif slot is _SLOT_HAND:
            one += 1
        elif slot is _SLOT_TWO_HANDS:
            two += 1
    extra = max(0, head - 1) + max(0, body - 1) + max(0, legs - 1)
    # The fewest hand cards to take off so that one-handed + 2 x two-handed <= 2.
    best = one + two
    for keep_two in range(min(two, 1) + 1):
        keep_one = min(one, HAND_SLOTS - 2 * keep_two)
        best = min(best, (one - keep_one) + (two - keep_two))
    return extra + best


def cheats(cat: Catalog, equipped: tuple[int, ...]) -> int:
    """Cheat cards lying with the equipment: each allows one card beyond the slots.
    Implements NGO-CARD-6."""
    return sum(1 for i in equipped if cat.cards[i].effect is _EFFECT_CHEAT)


def fits(cat: Catalog, equipped: tuple[int, ...]) -> bool:
    """Whether ``equipped`` is within the slots and its Cheat cards' extra places."""
    return overflow(cat, equipped) <= cheats(cat, equipped)


def equipment_strength(cat: Catalog, equipped: tuple[int, ...]) -> int:
    """The strength the equipment gives (Equipment)."""
    return sum(map(cat.strengths.__getitem__, equipped))


# -- strength and escape ------------------------------------------------------------------


def disabled(state: NgoState, player: int) -> bool:
    """Whether a Spatuna beside the player's equipment switches it off in this combat.
    Implements NGO-CURSE-5."""
    cat = catalog(state.config)
    return any(map(cat.spatuna.__getitem__, state.afflictions[player]))


def strength(state: NgoState, player: int) -> int:
    """A player's strength: equipment (unless Spatuna switches it off) plus lives.
    Implements NGO-COMBAT-1."""
    cat = catalog(state.config)
    lives = state.lives[player]
    if any(map(cat.spatuna.__getitem__, state.afflictions[player])):
        return lives
    return lives + sum(map(cat.strengths.__getitem__, state.equipment[player]))


def fighter_power(state: NgoState) -> int:
    """The fighter's side in the current combat: strength, items, the allied enemy and
    Thyme Crisis helpers, doubled once per GCA Lackeys (NGO-A11 says what is doubled).
    Implements NGO-COMBAT-1, NGO-CARD-4 and NGO-CARD-7."""
    combat = state.combat
    assert combat is not None
    cat = catalog(state.config)
    base = strength(state, combat.fighter)
    extra = combat.bonus
    if combat.helpers:
        extra += sum(strength(state, h) for h in combat.helpers)
    if combat.allied >= 0:
        extra += cat.cards[combat.allied].strength
    factor = 1 << combat.doublings
    if state.config.readings.lackeys == "all":
        return (base + extra) * factor
    return base * factor + extra


def enemy_power(state: NgoState) -> int:
    """The enemies' side: the main enemy, the secondary one, Princess of Bersia curses and
    the items played against the fighter. Implements NGO-COMBAT-3."""
    combat = state.combat
    assert combat is not None
    cat = catalog(state.config)
    total = combat.main_strength + sum(s for _, s in combat.princesses) + combat.harm
    if combat.secondary >= 0:
        total += cat.cards[combat.secondary].strength
    return total


def escape_value(state: NgoState, player: int) -> int:
    """Base 2, plus the escape of the equipment in use, plus the escape curses beside it
    (negative). A roll at most this value escapes. Implements NGO-ESCAPE-1."""
    cat = catalog(state.config)
    afflictions = state.afflictions[player]
    value = BASE_ESCAPE + sum(map(cat.escapes.__getitem__, afflictions))
    if not any(map(cat.spatuna.__getitem__, afflictions)):
        value += sum(map(cat.escapes.__getitem__, state.equipment[player]))
    return value


def block(state: NgoState) -> Block:
    """The strictest cannot-escape icon among the enemies facing the fighter.
    Implements NGO-ESCAPE-3."""
    combat = state.combat
    assert combat is not None
    cat = catalog(state.config)
    found = cat.cards[combat.main].block
    if combat.secondary >= 0:
        other = cat.cards[combat.secondary].block
        if other is _BLOCK_ALL or (other is _BLOCK_DICE and found is _BLOCK_NONE):
            found = other
    return found
