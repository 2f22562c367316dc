"""Don't Let It Die's worked examples: the rulebook's numbers as data (each becomes a
conformance vector and a test). The four combat examples of DANGER! Cards, the meals of
the Day Phase and FAQ 4, FAQ 1 (no meat for a kill that kills), FAQ 16 (Atouk), the
revival of Death, the Normal Day Tracker's wood, and a user's own cards in the
configuration's content."""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example, Fact
from dieproof.reference.core.types import JSON
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die.types import (
    COOKED_MEAT,
    GATHER,
    HUNT,
    MEAT,
    WOOD,
    CardDrawn,
    Craft,
    DlidConfig,
    DlidContent,
    DrawCard,
    Eat,
    EndTurn,
    EventDrawn,
    Fight,
    Proceed,
    Revive,
    UserCard,
    UserCharacter,
)

CONFIG: Final = DlidConfig()
KARA: Final = 2

OWN_CONTENT: Final = DlidContent(
    characters=(UserCharacter("Kara", health=8, stamina=5),),
    gather=(
        UserCard("nothing", "nothing"),
        UserCard("Cave Bear", "danger", life=2, damage=3),
        UserCard("3 wood", "resource", count=2, token="wood", amount=3),
    ),
)
"""A user's own cards: Kara printed with 8 health, a Gather deck of four cards (a Cave
Bear among them)."""
OWN_CONTENT_JSON: Final[JSON] = {
    "characters": [{"name": "Kara", "health": 8, "stamina": 5}],
    "gather": [
        {"name": "nothing", "kind": "nothing"},
        {"name": "Cave Bear", "kind": "danger", "life": 2, "damage": 3},
        {"name": "3 wood", "kind": "resource", "count": 2, "token": "wood", "amount": 3},
    ],
}


def _card(deck: int, name: str) -> int:
    return [c.name for c in content.DECK_CARDS[deck]].index(name)


def _kara(weapon: str | None, **extra: JSON) -> JSON:
    characters: list[JSON] = [{}, {}, {"weapons": [weapon] if weapon else []}, {}]
    return {"config": {}, "turn": KARA, "characters": characters, **extra}


def _combat(  # noqa: PLR0917 (a table row per rulebook example)
    name: str,
    title: str,
    rule: str,
    weapon: str | None,
    deck: int,
    animal: str,
    hp: int,
    meat: int,
    says: str,
) -> Example:
    return Example(
        name=name,
        title=title,
        rules=(rule,),
        config=CONFIG,
        start=_kara(weapon),
        actions=(
            DrawCard(deck),
            CardDrawn(_card(deck, animal)),
            Fight((0,) if weapon else ()),
        ),
        facts=(
            Fact(3, "state", f"/members/{KARA}/hp", hp, says),
            Fact(3, "state", f"/tokens/{MEAT}", meat, says),
        ),
    )


EXAMPLES: Final = (
    _combat(
        "combat-no-weapon",
        "No weapon against a Saber Tooth",
        "DLID-COMBAT-1",
        None,
        GATHER,
        "Saber Tooth",
        2,
        0,
        "Without a weapon a Saber Tooth (1 life, damage 2) costs 2 health: Kara 4 -> 2.",
    ),
    _combat(
        "combat-sharp-stick-boar",
        "A Sharp Stick against a Boar",
        "DLID-COMBAT-1",
        "Sharp Stick",
        HUNT,
        "Boar",
        2,
        0,
        "A Sharp Stick (damage 1) is weaker than a Boar's 2 life: 2 health lost, no meat.",
    ),
    _combat(
        "combat-rock-knife-saber-tooth",
        "A Rock Knife against a Saber Tooth",
        "DLID-COMBAT-2",
        "Rock Knife",
        HUNT,
        "Saber Tooth",
        3,
        1,
        "A Rock Knife (damage 2, range 1) kills a Saber Tooth: 1 health lost, 1 meat.",
    ),
    _combat(
        "combat-spear-boar",
        "A Spear against a Boar",
        "DLID-COMBAT-3",
        "Spear",
        HUNT,
        "Boar",
        4,
        2,
        "A Spear (damage 2, range 2) kills a Boar without a wound: 0 health lost, 2 meat.",
    ),
    Example(
        name="faq-1-no-meat",
        title="A kill that kills the hunter brings no meat",
        rules=("DLID-FAQ-1",),
        config=CONFIG,
        start=_kara("Rock Knife", characters=[{}, {}, {"weapons": ["Rock Knife"], "hp": 1}, {}]),
        actions=(DrawCard(HUNT), CardDrawn(_card(HUNT, "Saber Tooth")), Fight((0,))),
        facts=(
            Fact(3, "state", f"/members/{KARA}/down", True, "Kara falls to 0 health."),
            Fact(3, "state", f"/tokens/{MEAT}", 0, "No meat (FAQ 1)."),
        ),
    ),
    Example(
        name="eating-cooked-meat",
        title="One cooked meat heals 2",
        rules=("DLID-DAY-6", "DLID-FAQ-4"),
        config=CONFIG,
        start={"config": {}, "characters": [{}, {}, {}, {"hp": 1}], "tokens": {"cooked-meat": 1}},
        actions=(Eat(3, COOKED_MEAT),),
        facts=(Fact(1, "state", "/members/3/hp", 3, "Cron eats 1 cooked meat: 1 + 2 = 3."),),
    ),
    Example(
        name="revival",
        title="Three cooked meat bring a character back with 3 health",
        rules=("DLID-DEATH-3",),
        config=CONFIG,
        start={
            "config": {},
            "characters": [{}, {}, {}, {"hp": 0, "stamina": 0, "weapons": [], "tools": []}],
            "tokens": {"cooked-meat": 3},
        },
        actions=(
            Revive(3),
            EndTurn(),
            EndTurn(),
            EndTurn(),
            EventDrawn([e.name for e in content.NIGHT_EVENTS].index("Calm night")),
            Proceed(),
        ),
        facts=(
            Fact(1, "state", "/members/3/hp", 3, "Fed, Cron waits with 3 health."),
            Fact(6, "state", "/members/3/down", False, "He returns at the morning's end."),
            Fact(6, "state", "/members/3/hp", 3, "With 3 health."),
        ),
    ),
    Example(
        name="normal-wood-day-4",
        title="The morning after day 4 burns 2 wood",
        rules=("DLID-MORNING-1",),
        config=CONFIG,
        start={"config": {}, "day": 4, "pit": 5},
        actions=(
            EndTurn(),
            EndTurn(),
            EndTurn(),
            EndTurn(),
            EventDrawn([e.name for e in content.NIGHT_EVENTS].index("Calm night")),
        ),
        facts=(
            Fact(5, "state", "/pit", 3, "Days 4-6 burn 2 wood: 5 - 2 = 3."),
            Fact(5, "state", "/day", 5, "The day advances to 5."),
        ),
    ),
    Example(
        name="faq-16-atouk",
        title="Atouk crafts a Rock Knife for 2 resources",
        rules=("DLID-FAQ-16",),
        config=DlidConfig(characters=("Atouk", "Grub", "Kara", "Cron")),
        start={
            "config": {"characters": ["Atouk", "Grub", "Kara", "Cron"]},
            "tokens": {"fiber": 1, "rock": 2},
            "unlocked": ["warmth-1", "cooking-1", "crafting-1"],
        },
        actions=(Craft(content.ROCK_KNIFE, 0, (1,)),),
        facts=(
            Fact(1, "state", "/tokens/1", 1, "A cost of 3 loses only 1: 2 paid, 1 rock kept."),
            Fact(1, "state", "/tokens/2", 0, "The fiber is paid."),
        ),
    ),
    Example(
        name="box-1-a-users-own-cards",
        title="A user's own cards: Kara with 8 health meets the user's Cave Bear, then "
        "draws 3 wood",
        rules=("DLID-BOX-1", "DLID-COMBAT-1", "DLID-CARDS-1"),
        config=DlidConfig(content=OWN_CONTENT),
        start={"config": {"content": OWN_CONTENT_JSON}, "turn": KARA},
        actions=(
            DrawCard(GATHER),
            CardDrawn(1),
            Fight(),
            DrawCard(GATHER),
            CardDrawn(2),
        ),
        facts=(
            Fact(0, "state", f"/members/{KARA}/hp", 8, "The user's Kara card: 8 health."),
            Fact(1, "chance", "", 3, "The user's Gather deck: three kinds of card.", length=True),
            Fact(
                1,
                "chance",
                "/2/probability",
                "1/2",
                "Two of its four cards are 3 wood.",
            ),
            Fact(3, "state", f"/members/{KARA}/hp", 5, "Unarmed, the Cave Bear's 3 damage."),
            Fact(5, "state", f"/tokens/{WOOD}", 3, "The user's 3 wood card."),
        ),
    ),
)
