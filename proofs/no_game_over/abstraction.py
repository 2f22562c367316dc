"""No Game Over's abstraction function: the model's view of a reference state.

It reads the state's own fields and computes the quantities itself, from the rulebook:
the slots (one head, body and legs, two hands or one two-handed card, one more per
Cheat), a player's strength (equipment unless a Spatuna lies beside it, plus lives), the
fighter's side (items, allied enemy, helpers, doubled per GCA Lackeys as the reading
says), the enemies' side and the rewards of the defeated enemies. It calls nothing in
the rules modules but ``to_move``, so a wrong strength, reward or slot count in the rules
cannot hide by being counted the same wrong way here.
"""

from __future__ import annotations

from typing import Final

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.no_game_over.model import MODEL
from dieproof.proofs.no_game_over.vocabulary import BLOCK_NUMBER, ROLL_NUMBER, SEATS, STEP_NUMBER
from dieproof.reference.core.types import State
from dieproof.reference.no_game_over import rules
from dieproof.reference.no_game_over.base import catalog
from dieproof.reference.no_game_over.types import (
    BASE_ESCAPE,
    Card,
    Combat,
    Effect,
    Kind,
    NgoState,
    Slot,
)

_RULE_NUMBER: Final = {"NGO-VICTORY-1": 1, "NGO-VICTORY-2": 2}


def _excess(state: NgoState, worn: tuple[int, ...]) -> int:
    """Equipped cards beyond one head, body and legs card and two hands, less the
    Cheats."""
    cards = catalog(state.config).cards
    slots = [cards[c].slot for c in worn]
    cheats = sum(1 for c in worn if cards[c].effect is Effect.CHEAT)
    extra = sum(max(0, slots.count(s) - 1) for s in (Slot.HEAD, Slot.BODY, Slot.LEGS))
    one, two = slots.count(Slot.HAND), slots.count(Slot.TWO_HANDS)
    # Keep a two-handed card (and nothing else in hand) or up to two one-handed cards.
    hands = min(one + max(0, two - 1), max(0, one - 2) + two)
    return extra + hands - cheats


def _own_strength(state: NgoState, seat: int) -> int:
    cards = catalog(state.config).cards
    off = any(cards[c].effect is Effect.SPATUNA for c in state.afflictions[seat])
    worn = 0 if off else sum(cards[c].strength for c in state.equipment[seat])
    return state.lives[seat] + worn


def _escape(state: NgoState, seat: int) -> int:
    """The escape value (Escape): 2, plus the equipment's escape unless a Spatuna
    switches it off, plus the escape curses beside it."""
    cards = catalog(state.config).cards
    off = any(cards[c].effect is Effect.SPATUNA for c in state.afflictions[seat])
    value = BASE_ESCAPE + sum(cards[c].escape for c in state.afflictions[seat])
    if not off:
        value += sum(cards[c].escape for c in state.equipment[seat])
    return value


def _block(state: NgoState, fight: Combat) -> int:
    """The strictest cannot-escape icon of the enemies facing the fighter (Card Icons)."""
    cards = catalog(state.config).cards
    icons = [cards[fight.main].block]
    if fight.secondary >= 0:
        icons.append(cards[fight.secondary].block)
    return max(BLOCK_NUMBER[b] for b in icons)


def _seats(state: NgoState) -> list[int | bool]:
    n = state.config.players
    owing = {o.player for o in state.owed if o.what == "unequip"}
    values: list[int | bool] = []
    for i in SEATS:
        if i < n:
            values += [
                state.lives[i],
                sum(state.hands[i]),
                len(state.equipment[i]),
                len(state.afflictions[i]),
                _excess(state, state.equipment[i]),
                True,
                i in owing,
            ]
        else:
            values += [0, 0, 0, 0, 0, False, False]
    return values


def _seat_names() -> tuple[str, ...]:
    return tuple(
        f"{name}[{i}]"
        for i in SEATS
        for name in ("lives", "hand", "equip", "afl", "overflow", "seat", "owe")
    )


def _combat(state: NgoState) -> list[int | bool]:
    fight = state.combat
    if fight is None:
        return [-1, 0, 0, 0, 0, 0, 0, 0, False, False, False, False, 0, 0, 0, 0, -1, 0, 0, 0, False]
    cards = catalog(state.config).cards
    side = _own_strength(state, fight.fighter) + fight.bonus
    side += sum(_own_strength(state, h) for h in fight.helpers)
    if fight.allied >= 0:
        side += cards[fight.allied].strength
    factor = 2**fight.doublings
    if state.config.readings.lackeys == "all":
        fpower = side * factor
    else:
        base = _own_strength(state, fight.fighter)
        fpower = base * factor + (side - base)
    epower = fight.main_strength + sum(s for _, s in fight.princesses) + fight.harm
    rewards = cards[fight.main].reward + sum(cards[c].reward for c, _ in fight.princesses)
    if fight.secondary >= 0:
        epower += cards[fight.secondary].strength
        rewards += cards[fight.secondary].reward
    return [
        fight.fighter,
        1 + (fight.secondary >= 0),
        len(fight.princesses),
        fight.harm,
        fpower,
        epower,
        rewards,
        sum(fight.table),
        True,
        fight.boss,
        cards[fight.main].kind is Kind.BOSS,
        fight.secondary >= 0,
        _own_strength(state, fight.fighter),
        fight.bonus,
        _escape(state, fight.fighter),
        _block(state, fight),
        fight.priority,
        fight.passes,
        fight.doublings,
        len(fight.helpers),
        fight.fighter in fight.helpers,
    ]


def _items(state: NgoState) -> list[int | bool]:
    """The single-use items in the discard piles: lives printed, Rings, strength printed,
    GCA Lackeys, Thyme Crisis."""
    cards = catalog(state.config).cards
    heals = rings = power = lackeys = thymes = 0
    for pile in state.discards:
        for card, count in enumerate(pile):
            if not count:
                continue
            entry = cards[card]
            if entry.kind is not Kind.SINGLE_USE:
                continue
            if entry.effect is Effect.RINGS:
                rings += count
            elif entry.effect is Effect.LACKEYS:
                lackeys += count
            elif entry.effect is Effect.THYME:
                thymes += count
            elif entry.effect is Effect.NONE:
                heals += count * entry.lives
                power += count * entry.strength
    return [heals, rings, power, lackeys, thymes]


def _tokens(state: NgoState) -> list[int | bool]:
    n = state.config.players
    return [i < n and state.tokens[i] for i in SEATS]


_BOX: dict[int, tuple[tuple[Card, ...], int]] = {}
"""The cards in the box, per content (by the identity of its card tuple, which the entry
holds): counted once, not at every step."""


def _box(cards: tuple[Card, ...]) -> int:
    found = _BOX.get(id(cards))
    if found is None or found[0] is not cards:
        if len(_BOX) >= 64:
            _BOX.clear()
        found = _BOX[id(cards)] = (cards, sum(c.count for c in cards))
    return found[1]


def _turn(state: NgoState) -> list[int | bool]:
    first = state.draws[0].purpose if state.draws else ""
    result = state.result
    return [
        state.config.players,
        _box(catalog(state.config).cards),
        state.active,
        rules.to_move(state),
        STEP_NUMBER[state.step],
        len(state.draws),
        sum(map(sum, state.decks)),
        sum(map(sum, state.discards)),
        -1 if result is None else result.winners[0],
        0 if result is None else _RULE_NUMBER.get(result.rule, 0),
        state.loads,
        ROLL_NUMBER[state.roll],
        state.owed[0].player if state.owed else -1,
        first == "level",
        first == "boss",
        result is not None,
        state.snatch[0] >= 0,
        state.rewarded,
    ]


_ALL_FIELDS: Final = (
    "config",
    "step",
    "active",
    "lives",
    "hands",
    "equipment",
    "afflictions",
    "owed",
    "decks",
    "discards",
    "draws",
    "roll",
    "snatch",
    "combat",
    "result",
    "loads",
    "rewarded",
)

ABSTRACTION: Final = Abstraction(
    MODEL,
    (
        Part(
            ("config", "lives", "hands", "equipment", "afflictions", "owed"), _seat_names(), _seats
        ),
        Part(
            ("config", "lives", "equipment", "afflictions", "combat"),
            (
                "fighter",
                "enemies",
                "princesses",
                "harm",
                "fpower",
                "epower",
                "rewards",
                "table",
                "combat",
                "boss",
                "boss_main",
                "secondary",
                "fstrength",
                "bonus",
                "escape",
                "block",
                "priority",
                "passes",
                "doublings",
                "helpers",
                "self_help",
            ),
            _combat,
        ),
        Part(
            ("config", "discards"),
            ("heals", "rings", "pitems", "lackeys", "thymes"),
            _items,
        ),
        Part(("config", "tokens"), tuple(f"token[{i}]" for i in SEATS), _tokens),
        Part(
            _ALL_FIELDS,
            (
                "n",
                "box",
                "active",
                "mover",
                "step",
                "queued",
                "decks",
                "discards",
                "winner",
                "rule",
                "loads",
                "roll",
                "owing",
                "level",
                "boss_pending",
                "over",
                "snatch",
                "rewarded",
            ),
            _turn,
        ),
    ),
    kind=NgoState,
)
"""The abstraction in parts (each recomputed only when its fields change)."""


def abstract(state: State) -> dict[str, int | bool]:
    """The model's variables for a reference state."""
    return ABSTRACTION.mapping(state)
