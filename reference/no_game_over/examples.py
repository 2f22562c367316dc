"""No Game Over's worked examples, with the rulebook's own numbers.

The rulebook's numbers: five lives and equipment of strength 1, 2, 6, 2 and 2 make a
strength of 18, which beats an enemy of 17 and not one of 18; the escape values (base 2
escapes on 1 or 2; +1 on 1 to 3; -2 never with the die; +1 and -2 only on a 1); Cellda
Fairy's two lives at three, four and five lives (the ceiling and the five-to-six rule
decide, NGO-A5); three cards traded for a life. Each example starts from a position
(:mod:`~dieproof.reference.no_game_over.position`) in dieproof's default content, whose
numbers are provisional: the examples pick cards with the strengths and escape values
the rulebook's numbers need. The oracle writes one conformance vector per example.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example, Fact, Rejection
from dieproof.reference.core.types import JSON
from dieproof.reference.no_game_over.base import catalog
from dieproof.reference.no_game_over.types import (
    Block,
    Card,
    Cast,
    Content,
    Deck,
    Die,
    Draw,
    Effect,
    Equip,
    Flee,
    Kind,
    NgoConfig,
    Pass,
    Reveal,
    Rewards,
    Slot,
    Trade,
    Use,
)

_CONFIG: Final = NgoConfig(players=2)
_INDEX: Final = catalog(_CONFIG).index


def _card(name: str) -> int:
    return _INDEX[name]


def _start(**fields: JSON) -> JSON:
    return {"config": {"players": 2}, **fields}


_WORN: Final[JSON] = ["Helmet", "Armor", "War Hammer", "Greaves", "Sword"]
"""Strengths 1, 2, 6, 2 and 2 (a Cheat-free fit: head, body, legs and two hands)."""


def _strength(enemy: str, strength: int, wins: bool) -> Example:
    word = "beats" if wins else "does not beat"
    return Example(
        name=f"ngo-combat-2-strength-18-{'beats-17' if wins else 'not-18'}",
        title=f"Five lives and equipment 1+2+6+2+2 give strength 18, which {word} {strength}",
        rules=("NGO-COMBAT-1", "NGO-COMBAT-2", "NGO-WIN-1"),
        config=_CONFIG,
        start=_start(
            lives=[5, 3],
            equipment=[_WORN, []],
            step="combat",
            fight={"enemy": enemy},
        ),
        actions=(Pass(), Pass()),
        facts=(
            Fact(0, "state", "/lives/0", 5, "five lives before the fight"),
            Fact(
                2,
                "state",
                "/step",
                "reward" if wins else "escape",
                f"18 against {strength}: {'a win, its rewards next' if wins else 'a loss'}",
            ),
            Fact(
                2,
                "state",
                "/lives/0",
                6 if wins else 5,
                "the won combat is the way from five lives to six" if wins else "no life yet",
            ),
        ),
    )


def _escape(
    name: str,
    title: str,
    equipment: list[JSON],
    curses: list[JSON],
    rolls: tuple[tuple[int, bool], ...],
) -> list[Example]:
    """One example per roll: lost against the Lich (18), then the escape roll."""
    found: list[Example] = []
    for roll, flees in rolls:
        found.append(
            Example(
                name=f"ngo-escape-1-{name}-roll-{roll}",
                title=f"{title}: a roll of {roll} {'flees' if flees else 'fails'}",
                rules=("NGO-ESCAPE-1", "NGO-ESCAPE-2"),
                config=_CONFIG,
                start=_start(
                    equipment=[equipment, []],
                    afflictions=[curses, []],
                    step="combat",
                    fight={"enemy": "Lich"},
                ),
                actions=(Pass(), Pass(), Flee(), Die(value=roll)),
                facts=(
                    Fact(2, "state", "/step", "escape", "the fight is lost: try to flee"),
                    Fact(
                        4,
                        "state",
                        "/lives/0",
                        3 if flees else 2,
                        "fleeing costs no life" if flees else "failing costs a life",
                    ),
                ),
            )
        )
    return found


def _no_roll() -> Example:
    return Example(
        name="ngo-escape-1-minus-2-no-roll",
        title="A -2 escape curse: no roll can flee, the lost fight costs a life at once",
        rules=("NGO-ESCAPE-1", "NGO-CURSE-9"),
        config=_CONFIG,
        start=_start(afflictions=[["Heavy Chains"], []], step="combat", fight={"enemy": "Lich"}),
        actions=(Pass(), Pass()),
        facts=(
            Fact(2, "state", "/step", "end", "no escape step: the escape value is 0"),
            Fact(2, "state", "/lives/0", 2, "the lost fight costs a life"),
        ),
        rejections=(Rejection(2, Flee(), "NGO.ILLEGAL", None, "there is nothing to roll for"),),
    )


def _cellda(lives: int) -> Example:
    after = max(lives, min(lives + 2, 5))
    return Example(
        name=f"ngo-card-11-cellda-fairy-at-{lives}",
        title=f"Cellda Fairy (+2 lives) played at {lives} lives leaves {after}",
        rules=("NGO-CARD-11", "NGO-LIFE-2"),
        config=_CONFIG,
        start=_start(lives=[lives, 3], hands=[["Cellda Fairy"], []]),
        actions=(Use(card=_card("Cellda Fairy")),),
        facts=(
            Fact(
                1,
                "state",
                "/lives/0",
                after,
                "lives from a card stop at five: the sixth comes only from a won combat",
            ),
        ),
    )


def _trade() -> Example:
    slime, goblin = _card("Slime"), _card("Goblin")
    triple = tuple(sorted((slime, slime, goblin)))
    return Example(
        name="ngo-turn-4-three-cards-for-a-life",
        title="Three cards of the hand traded for a life, below five lives and not at five",
        rules=("NGO-TURN-4",),
        config=_CONFIG,
        start=_start(lives=[3, 3], hands=[["Slime", "Slime", "Goblin", "Helmet"], []]),
        actions=(Trade(cards=(triple[0], triple[1], triple[2])),),
        facts=(
            Fact(1, "state", "/lives/0", 4, "three lives and three cards make four lives"),
            Fact(1, "state", f"/hands/0/{_card('Helmet')}", 1, "the fourth card stays"),
        ),
    )


def _last_life() -> Example:
    lose = _card("Lose a Life")
    return Example(
        name="ngo-life-3-no-last-life-by-curse",
        title="Nobody casts Lose a Life on a player's last life",
        rules=("NGO-LIFE-3", "NGO-CURSE-8"),
        config=_CONFIG,
        start=_start(lives=[3, 1], hands=[["Lose a Life"], []], step="end"),
        actions=(),
        rejections=(
            Rejection(
                0,
                Cast(card=lose, target=1),
                "NGO.CAST",
                "NGO-CURSE-1",
                "player 1 has one life; only their own turn can take it",
            ),
        ),
    )


_OWN: Final = Content(
    cards=(
        Card(
            name="Stick",
            deck=Deck.ITEM,
            kind=Kind.EQUIPMENT,
            count=2,
            strength=1,
            slot=Slot.HAND,
            source="user",
        ),
        Card(name="Potion", deck=Deck.ITEM, kind=Kind.SINGLE_USE, count=1, lives=1, source="user"),
        Card(
            name="Rat",
            deck=Deck.LEVEL,
            kind=Kind.ENEMY,
            count=3,
            strength=2,
            reward=1,
            source="user",
        ),
        Card(
            name="Wolf",
            deck=Deck.LEVEL,
            kind=Kind.ENEMY,
            count=1,
            strength=9,
            reward=2,
            block=Block.DICE,
            source="user",
        ),
        Card(
            name="Lose a Life",
            deck=Deck.LEVEL,
            kind=Kind.CURSE,
            count=1,
            effect=Effect.LOSE_LIFE,
            source="user",
        ),
        Card(name="Big Boss", deck=Deck.BOSS, kind=Kind.BOSS, count=1, strength=10, source="user"),
    )
)
"""A user's own small box, to show content supplied in the configuration."""


def _own_cards() -> Example:
    config = NgoConfig(players=2, content=_OWN)
    stick, rat, potion = 0, 2, 1
    return Example(
        name="ngo-box-1-a-users-own-cards",
        title="A user's own card list: equip a Stick (1), beat a Rat (2), take its reward",
        rules=("NGO-BOX-1", "NGO-WIN-2"),
        config=config,
        start={
            "config": {"players": 2, "content": _own_json()},
            "hands": [["Stick"], []],
        },
        actions=(
            Equip(card=stick),
            Reveal(),
            Draw(card=rat),
            Pass(),
            Pass(),
            Rewards(items=1),
            Draw(card=potion),
        ),
        facts=(
            Fact(3, "state", "/step", "combat", "the Rat starts a combat"),
            Fact(5, "state", "/lives/0", 4, "3 lives + 1 (Stick) = 4 beats 2: a life"),
            Fact(7, "state", f"/hands/0/{potion}", 1, "the reward card drawn from the Item deck"),
        ),
    )


def _own_json() -> JSON:
    import msgspec

    value: JSON = msgspec.json.decode(msgspec.json.encode(_OWN))
    return value


def _examples() -> tuple[Example, ...]:
    found: list[Example] = [_strength("Vampire", 17, True), _strength("Lich", 18, False)]
    found += _escape("base-2", "Base escape value 2", [], [], ((1, True), (2, True), (3, False)))
    found += _escape(
        "plus-1", "Equipment +1 escape: value 3", ["Running Shoes"], [], ((3, True), (4, False))
    )
    found += _escape(
        "plus-1-minus-2",
        "Equipment +1 and a -2 curse: value 1",
        ["Running Shoes"],
        ["Heavy Chains"],
        ((1, True), (2, False)),
    )
    found.append(_no_roll())
    found += [_cellda(3), _cellda(4), _cellda(5)]
    found.append(_trade())
    found.append(_last_life())
    found.append(_own_cards())
    return tuple(found)


EXAMPLES: Final = _examples()
"""Every worked example, in the order of the rulebook."""
