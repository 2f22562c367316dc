"""Until Daylight's components: dieproof's default content, each entry with its source.

The rulebook gives the rules, the box's card counts (185 rubble, 95 horde, 18
character objectives, 29 secondary objectives), the character names it mentions (the
Haggler, the Psycho), the Psycho's advantage (its example), every enemy's dice and kill
threshold, the six faces of the die of fate and the token counts. The public component
list (see ``../shared/CONTENT-SOURCES.md``) names the six characters. Nothing public
gives the combat die's faces, the characters' health, abilities and basic weapons, the
composition of the rubble and horde decks, the craft recipes or the objectives: those
entries are ``provisional`` (ambiguity UD-A2) and a user with the printed game supplies
their own :class:`~dieproof.reference.until_daylight.types.Content` in the config.
"""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.game import Component
from dieproof.reference.until_daylight.types import (
    ATTACK_DICE,
    ENEMY_ORDER,
    KILL_BY_BODIES,
    KILL_BY_HEADS,
    REWARD_DRAWS,
    Ability,
    AbilityKind,
    CardKind,
    Character,
    CombatDie,
    Content,
    Deck,
    EventKind,
    Objective,
    ObjectiveKind,
    RubbleCard,
    UdConfig,
)

RUBBLE_IN_BOX: Final = 185
"""Rubble cards in the box (What's in the Box?), basic weapons included (UD-A3)."""
HORDE_IN_BOX: Final = 95
"""Horde cards in the box (What's in the Box?)."""
CHARACTER_OBJECTIVES: Final = 18
SECONDARY_OBJECTIVES: Final = 29

PUBLIC_NAMES: Final = "public: the publisher's character list (CONTENT-SOURCES.md)"
"""The source of the character names the rulebook does not print."""

MELEE: Final = AbilityKind.MELEE_DICE
DISTANCE: Final = AbilityKind.DISTANCE_DICE
REGENERATION: Final = AbilityKind.REGENERATION

CHARACTERS: Final = (
    Character(
        name="pillar",
        health=10,
        slots=10,
        advantage=Ability(REGENERATION, 1),
        drawback=Ability(DISTANCE, 1),
        weapon="basic-pillar",
        source=f"name: {PUBLIC_NAMES}; slots: rulebook; the rest provisional",
    ),
    Character(
        name="hipster",
        health=7,
        slots=10,
        advantage=Ability(DISTANCE, 1),
        drawback=Ability(MELEE, 1),
        weapon="basic-hipster",
        source=f"name: {PUBLIC_NAMES}; slots: rulebook; the rest provisional",
    ),
    Character(
        name="trigger",
        health=8,
        slots=10,
        advantage=Ability(DISTANCE, 1),
        drawback=Ability(MELEE, 1),
        weapon="basic-trigger",
        source=f"name: {PUBLIC_NAMES}; slots: rulebook; the rest provisional",
    ),
    Character(
        name="haggler",
        health=6,
        slots=12,
        advantage=Ability(MELEE, 1),
        drawback=Ability(DISTANCE, 1),
        weapon="basic-haggler",
        source="name and a slot count other than ten: rulebook (Game Setup); "
        "12 slots and the rest provisional",
    ),
    Character(
        name="drifter",
        health=9,
        slots=10,
        advantage=Ability(MELEE, 1),
        drawback=Ability(DISTANCE, 1),
        weapon="basic-drifter",
        source=f"name: {PUBLIC_NAMES}; slots: rulebook; the rest provisional",
    ),
    Character(
        name="psycho",
        health=11,
        slots=10,
        advantage=Ability(MELEE, 1),
        drawback=Ability(DISTANCE, 1),
        weapon="basic-psycho",
        source="name and advantage (one extra melee die, two as leader): rulebook "
        "(Experience Points example); slots: rulebook; the rest provisional",
    ),
)
"""The six characters."""


def _basic(character: str, *, melee: bool = True) -> RubbleCard:
    """A basic weapon: the character's name is on the card (Game Setup). dieproof marks
    it "not discarded when used" (provisional: a character's own weapon lasts)."""
    source = (
        "a basic weapon bearing the character's name: rulebook; its dice and its "
        "not-discarded mark provisional"
    )
    if melee:
        return RubbleCard(
            f"basic-{character}", CardKind.WEAPON, 0, dice=2, melee=True, kept=True, source=source
        )
    return RubbleCard(
        f"basic-{character}",
        CardKind.WEAPON,
        0,
        ammo="gun-ammo",
        noisy=True,
        kept=True,
        source=source,
    )


RUBBLE: Final = (
    # Basic weapons: in the deck only if their character is not chosen (Game Setup).
    _basic("pillar"),
    _basic("hipster"),
    _basic("trigger", melee=False),
    _basic("haggler"),
    _basic("drifter"),
    _basic("psycho"),
    # Weapons. The rulebook names guns and gun ammo, arrows, melee and distance weapons,
    # firearms, and weapons marked as not discarded when used (the others are discarded
    # at the end of the attack); the cards and which are marked are provisional: here
    # the gun is marked, the other five kinds are spent in one attack.
    RubbleCard("gun", CardKind.WEAPON, 6, ammo="gun-ammo", noisy=True, kept=True),
    RubbleCard("bow", CardKind.WEAPON, 4, ammo="arrows"),
    RubbleCard("shotgun", CardKind.WEAPON, 3, dice=1, ammo="shells", noisy=True),
    RubbleCard("baseball-bat", CardKind.WEAPON, 6, dice=2, melee=True),
    RubbleCard("machete", CardKind.WEAPON, 5, dice=3, melee=True),
    RubbleCard("axe", CardKind.WEAPON, 3, dice=4, melee=True),
    # Ammunition: one slot per kind (Accumulate Ammunitions), one die per card.
    RubbleCard("gun-ammo", CardKind.AMMO, 25),
    RubbleCard("arrows", CardKind.AMMO, 12),
    RubbleCard("shells", CardKind.AMMO, 10),
    # Food heals (the rulebook's example of using a card); amounts provisional.
    RubbleCard("canned-food", CardKind.FOOD, 16, heal=1),
    RubbleCard("medkit", CardKind.FOOD, 6, heal=2),
    # Symbol cards: one experience point each while held (Experience Points).
    RubbleCard("symbol", CardKind.SYMBOL, 14, source="effect: rulebook; count provisional"),
    # Protection cards take damage after barricades (Damage Order); one damage each.
    RubbleCard("helmet", CardKind.PROTECTION, 12),
    # Craft materials (Icons Index: "combine two cards to craft").
    RubbleCard("plank", CardKind.MATERIAL, 12),
    RubbleCard("nails", CardKind.MATERIAL, 10),
    RubbleCard("rope", CardKind.MATERIAL, 8),
    RubbleCard("blade", CardKind.MATERIAL, 8),
    # Red bad-luck events (Icons Index), resolved at once; effects provisional.
    # The noise event's effect follows the Icons Index ("noise attracts infected in a
    # specific area"): one infected into the drawer's area.
    RubbleCard("injury", CardKind.EVENT, 7, event=EventKind.INJURY),
    RubbleCard("loss", CardKind.EVENT, 6, event=EventKind.LOSS),
    RubbleCard(
        "noise",
        CardKind.EVENT,
        6,
        event=EventKind.NOISE,
        source="effect: rulebook (Icons Index, infected into the drawer's area); count provisional",
    ),
)
"""The rubble cards: 179 in the deck plus the six basic weapons make the box's 185."""

HORDE: Final = Deck(raider=15, wanderer=40, brute=15, monster=10, survivor=15)
"""The horde deck: 95 cards (rulebook count); the split by kind is provisional."""

DIE: Final = CombatDie(head=2, body=2, miss=2)
"""The combat die: six faces (rulebook: head, body, miss); the split is provisional."""


def _objectives() -> tuple[Objective, ...]:
    kills, monsters = ObjectiveKind.KILLS, ObjectiveKind.MONSTERS
    saved, built, symbols = ObjectiveKind.SAVED, ObjectiveKind.BUILT, ObjectiveKind.SYMBOLS
    per_character = {
        "pillar": ((built, 2, 1), (saved, 2, 2), (kills, 6, 2)),
        "hipster": ((symbols, 2, 1), (saved, 1, 1), (kills, 8, 2)),
        "trigger": ((kills, 5, 1), (kills, 10, 2), (monsters, 1, 1)),
        "haggler": ((symbols, 3, 2), (built, 1, 1), (saved, 2, 2)),
        "drifter": ((saved, 1, 1), (built, 2, 1), (kills, 8, 2)),
        "psycho": ((kills, 6, 1), (monsters, 2, 2), (kills, 12, 3)),
    }
    cards = [
        Objective(f"{who}-{i + 1}", kind, target, xp, character=who)
        for who, goals in per_character.items()
        for i, (kind, target, xp) in enumerate(goals)
    ]
    secondary = (
        (kills, 4, 1, 3),
        (kills, 7, 2, 3),
        (kills, 10, 3, 3),
        (monsters, 1, 1, 3),
        (monsters, 2, 2, 2),
        (saved, 1, 1, 3),
        (saved, 3, 2, 2),
        (built, 1, 1, 3),
        (built, 3, 2, 2),
        (symbols, 2, 1, 3),
        (symbols, 4, 2, 2),
    )
    cards += [
        Objective(f"{kind.value}-{target}", kind, target, xp, count=count)
        for kind, target, xp, count in secondary
    ]
    return tuple(cards)


OBJECTIVES: Final = _objectives()
"""18 character objectives (three per character) and 29 secondary objective cards
(rulebook counts); every condition and reward is provisional."""

DEFAULT_CONTENT: Final = Content(
    characters=CHARACTERS,
    rubble=RUBBLE,
    horde=HORDE,
    die=DIE,
    objectives=OBJECTIVES,
    barricade=("plank", "nails"),
    trap=("rope", "blade"),
)
"""dieproof's default components (provisional where no source gives them: UD-A2)."""


def _ability(ability: Ability) -> str:
    kind = {
        AbilityKind.MELEE_DICE: "melee dice",
        AbilityKind.DISTANCE_DICE: "distance dice",
        AbilityKind.REGENERATION: "health regained each round",
    }[ability.kind]
    return f"{ability.amount} {kind}"


def _card(card: RubbleCard) -> str:
    if card.kind is CardKind.WEAPON:
        what = (
            f"melee weapon, {card.dice} dice"
            if card.melee
            else f"distance weapon ({card.ammo}{f', {card.dice} dice' if card.dice else ''})"
        )
        what += ", firearm" if card.noisy else ""
        what += ", not discarded when used" if card.kept else ", discarded when used"
    elif card.kind is CardKind.FOOD:
        what = f"food, heals {card.heal}"
    elif card.kind is CardKind.EVENT and card.event is not None:
        what = {
            EventKind.INJURY: "event: one damage to the drawer",
            EventKind.LOSS: "event: the drawer discards a card",
            EventKind.NOISE: "event: one infected into the drawer's area",
        }[card.event]
    else:
        what = {
            CardKind.AMMO: "ammunition, one die each, one slot per kind",
            CardKind.SYMBOL: "symbol, one experience point while held",
            CardKind.PROTECTION: "protection, absorbs one damage",
            CardKind.MATERIAL: "craft material",
        }.get(card.kind, card.kind.value)
    if card.kind is CardKind.WEAPON and card.count == 0:
        return f"{card.name}: {what}; in the deck only if its character is not played"
    return f"{card.name} x{card.count}: {what}"


def components(config: UdConfig) -> tuple[Component, ...]:
    """The components of a game under ``config``, each with its source (what the docs
    list and every vector records): the rulebook's enemies, die of fate, tokens and box
    totals; the public character names; and the content, which is dieproof's
    provisional default (UD-A2) unless the config supplies the user's own."""
    content = DEFAULT_CONTENT if config.content is None else config.content
    own = config.content is not None

    def placeholder(name: str, items: tuple[str, ...], why: str = "UD-A2") -> Component:
        if own:
            return Component(name, "user", "the config's content", items)
        return Component(name, "provisional", why, items)

    people = content.characters
    names = Component(
        "character names",
        "user" if own else "public",
        "the config's content"
        if own
        else "the Haggler and the Psycho: rulebook (Game Setup, Experience Points); the "
        "six: the publisher's character list (CONTENT-SOURCES.md)",
        tuple(c.name for c in people),
    )
    enemies = tuple(
        f"{kind.value}: {ATTACK_DICE[kind]} dice, eliminated by {KILL_BY_HEADS[kind]} head"
        + (f" or {KILL_BY_BODIES[kind]} body" if KILL_BY_BODIES[kind] else "")
        + f", {REWARD_DRAWS[kind]} rubble cards drawn"
        for kind in ENEMY_ORDER
    )
    return (
        names,
        placeholder("character health", tuple(f"{c.name}: {c.health}" for c in people)),
        placeholder(
            "character abilities",
            tuple(
                f"{c.name}: advantage {_ability(c.advantage)}, drawback {_ability(c.drawback)}"
                for c in people
            ),
            "UD-A2 (the Psycho's one extra melee die: rulebook, Experience Points)",
        ),
        placeholder(
            "inventory slots",
            tuple(f"{c.name}: {c.slots}" for c in people),
            "UD-A2 (ten for all but the Haggler: rulebook, Game Setup)",
        ),
        placeholder(
            "rubble cards",
            tuple(_card(card) for card in content.rubble),
            "UD-A2 (185 cards with the basic weapons, and what symbols and noise do: rulebook)",
        ),
        placeholder(
            "horde deck",
            tuple(f"{kind.value}: {content.horde.count(kind)}" for kind in ENEMY_ORDER),
            "UD-A2 (95 cards: rulebook)",
        ),
        placeholder(
            "combat die",
            (f"head: {content.die.head}", f"body: {content.die.body}", f"miss: {content.die.miss}"),
            "UD-A2 (six faces of head, body and miss: rulebook)",
        ),
        placeholder(
            "craft recipes",
            (f"barricade: {' + '.join(content.barricade)}", f"trap: {' + '.join(content.trap)}"),
        ),
        placeholder(
            "objectives",
            tuple(
                f"{o.name}{f' ({o.character})' if o.character else f' x{o.count}'}: "
                f"{o.kind.value} {o.target}, {o.xp} experience"
                for o in content.objectives
            ),
            "UD-A2 (18 character and 29 secondary cards: rulebook)",
        ),
        Component("enemies", "rulebook", "The Different Types of Hordes", enemies),
        Component(
            "die of fate",
            "rulebook",
            "Icons Index",
            (
                "remove 1 enemy from the wave",
                "add 1 enemy to the wave",
                "discard 1 rubble card",
                "draw 1 rubble card",
                "heal 1 damage",
                "take 1 damage",
            ),
        ),
        Component(
            "tokens",
            "rulebook",
            "What's in the Box?; Rules of Protection Token",
            ("12 barricades", "6 traps", "at most 2 per player"),
        ),
        Component(
            "box totals",
            "rulebook",
            "What's in the Box?",
            (
                f"{RUBBLE_IN_BOX} rubble cards",
                f"{HORDE_IN_BOX} horde cards",
                f"{CHARACTER_OBJECTIVES} character objectives",
                f"{SECONDARY_OBJECTIVES} secondary objectives",
                "6 combat dice",
            ),
        ),
    )
