"""Don't Let It Die: the components, each entry with its source.

The rulebook prints the items, the Danger! animals and the Normal Day Tracker's wood
counts. The rest (characters, trees, decks, night events, the Fire Die, the Hard side of
the tracker) are facts transcribed from the Board Game Arena adaptation's data files
(repository Cutch/dont-let-it-die, ``modules/php/data-files/`` and ``modules/php/Game.php``,
base game only); each entry names its file. Conflicts with the rulebook are in the
ambiguity log (DLID-A1 to DLID-A9).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

import msgspec
from msgspec import UNSET

from dieproof.reference.core import chance
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.game import Component, Source
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    BONE,
    FIBER,
    FKP_SUPPLY,
    HIDE,
    LAST_DAY,
    MEAT,
    RAW_KINDS,
    ROCK,
    STAT_CAP,
    TOKEN_KINDS,
    TOKEN_NAMES,
    TOKEN_SUPPLY,
    WOOD,
    Card,
    Character,
    DieRolled,
    Discovery,
    DlidConfig,
    DlidContent,
    Item,
    NightEffect,
    NightEvent,
    UserCard,
    UserCharacter,
    UserNightEvent,
    UserTree,
)

RULEBOOK: Final = "rulebook"
BGA: Final = "github:Cutch/dont-let-it-die modules/php/data-files/"
BGA_CHARACTERS: Final = BGA + "DLD_Characters.php; src/assets/characters-data.js"
BGA_DECKS: Final = BGA + "DLD_Decks.php; src/assets/decks-data.js"
BGA_ITEMS: Final = BGA + "DLD_Items.php"
BGA_BOARDS: Final = BGA + "DLD_Boards.php; DLD_KnowledgeTree.php"
BGA_GAME: Final = "github:Cutch/dont-let-it-die modules/php/Game.php"


def cost(**counts: int) -> tuple[int, ...]:
    """Ten token counts from keyword counts (wood, rock, fiber, meat, bone, hide)."""
    index = {"wood": WOOD, "rock": ROCK, "fiber": FIBER, "meat": MEAT, "bone": BONE, "hide": HIDE}
    out = [0] * TOKEN_KINDS
    for name, n in counts.items():
        out[index[name]] = n
    return tuple(out)


# -- characters (the 17 of the base game) ------------------------------------------------------

CHARACTERS: Final = (
    Character(
        "Gronk",
        7,
        4,
        2,
        1,
        "",
        (
            "Once a day: take 2 damage to gain 2 stamina.",
            "Gains 2 stamina on killing a Danger! card.",
            "Two weapon slots.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Grub",
        4,
        7,
        1,
        1,
        "",
        (
            "Cannot Hunt.",
            "Escapes every Danger! card at once (no damage, no meat).",
            "Takes 1 fiber on every Gather.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Kara",
        4,
        5,
        1,
        1,
        "",
        (
            "Her meals heal double.",
            "Once a day: re-roll anybody's Investigate Fire.",
            "Once a day: give 2 stamina to another character.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Cron",
        5,
        6,
        1,
        1,
        "Hide Armor",
        (
            "A character who kills a Danger! card gains 1 stamina.",
            "2 stamina: shuffle a discard pile back into its deck.",
            "Starts with Hide Armor.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Dub",
        5,
        4,
        1,
        1,
        "",
        (
            "Bones may be placed as FKP.",
            "Once a night: discard the night event for 1 bone and draw another.",
            "Takes 1 berry when he rolls a 1 on the Fire Die.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Ajax",
        8,
        5,
        1,
        2,
        "",
        (
            "Once a day, 2 stamina: heal 2.",
            "Kills a Beast at once: 1 meat, no damage.",
            "Two tool slots.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Atouk",
        4,
        6,
        1,
        1,
        "",
        (
            "Cannot Forage or Hunt.",
            "His crafts cost 2 resources fewer, never below 2.",
            "Once a day, 2 stamina: take 1 wood.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Ayla",
        6,
        5,
        1,
        1,
        "",
        (
            "Hunting costs her 2 stamina.",
            "1 stamina: turn 1 raw berry into 1 fiber.",
            "Once a day: heal 2 on killing a Danger! card.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "River",
        6,
        4,
        1,
        1,
        "",
        (
            "Eats berries only.",
            "Takes 2 FKP on drawing a Nothing card.",
            "Once a day: a free Investigate Fire.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Tara",
        6,
        5,
        1,
        1,
        "",
        (
            "Once a day: gains 2 stamina when she eats a berry meal.",
            "Takes 1 berry on every Forage.",
            "2 stamina: heal any character 1.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Nirv",
        6,
        3,
        1,
        1,
        "",
        (
            "Heals 1 whenever a character kills a Danger! card.",
            "A Rival Tribe night event heals everyone 1.",
            "Once a day: a free Gather.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Mabe",
        5,
        5,
        1,
        1,
        "",
        (
            "Once a day phase, on falling below 3 health: roll; blank +2 stamina, else +1 FKP.",
            "3 stamina: take one more of a resource the group has.",
            "Cannot Investigate Fire.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Nanuk",
        6,
        5,
        1,
        1,
        "",
        (
            "Eats meat only, healing double.",
            "The group gains 1 FKP for every Danger! card killed.",
            "May take hide or bone in place of the meat of a kill.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Nibna",
        7,
        6,
        1,
        1,
        "Bag",
        (
            "Once a day: a meal eaten at 1 health heals double.",
            "Take 2 damage: heal every other character 1.",
            "Starts with a Bag.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Zeebo",
        4,
        6,
        1,
        0,
        "",
        (
            "Cannot equip tools.",
            "Heals 1 on drawing a berry card.",
            "3 stamina after drawing a resource card: take its amount again.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Thunk",
        6,
        6,
        1,
        1,
        "Sharp Stick",
        (
            "Cannot Forage or Gather.",
            "Takes 1 meat on every Hunt.",
            "Starts with a Sharp Stick.",
        ),
        BGA_CHARACTERS,
    ),
    Character(
        "Vog",
        10,
        5,
        1,
        1,
        "",
        (
            "Takes no damage in the morning.",
            "Eating costs him 1 stamina.",
            "May take the damage of a Danger! card meant for another character.",
        ),
        BGA_CHARACTERS,
    ),
)
CHARACTER_NAMES: Final = tuple(c.name for c in CHARACTERS)
CHARACTER_INDEX: Final = {c.name: i for i, c in enumerate(CHARACTERS)}

# -- items ---------------------------------------------------------------------------------------

_W: Final[Literal["weapon"]] = "weapon"
_T: Final[Literal["tool"]] = "tool"
_B: Final[Literal["building"]] = "building"
_BUILDING_COST: Final = cost(fiber=3, rock=3, meat=2, bone=2)
_BUILDING_COST_BGA: Final = cost(fiber=3, rock=3, hide=2, bone=2)

ITEM_NAMES: Final = (
    "Club",
    "Sharp Stick",
    "Rock Knife",
    "Sling Shot",
    "Spear",
    "Bone Club",
    "Bow and Arrow",
    "Bag",
    "Pick Axe",
    "Hide Armor",
    "Carving Knife",
    "Bone Scythe",
    "Bone Armor",
    "Hatchet",
    "Shelter",
    "Cooking Hut",
    "Stock Hut",
    "Planning Hut",
    "Knowledge Hut",
)
(
    CLUB,
    SHARP_STICK,
    ROCK_KNIFE,
    SLING_SHOT,
    SPEAR,
    BONE_CLUB,
    BOW,
    BAG,
    PICK_AXE,
    HIDE_ARMOR,
    CARVING_KNIFE,
    BONE_SCYTHE,
    BONE_ARMOR,
    HATCHET,
    SHELTER,
    COOKING_HUT,
    STOCK_HUT,
    PLANNING_HUT,
    KNOWLEDGE_HUT,
) = range(19)
ITEM_INDEX: Final = {name: i for i, name in enumerate(ITEM_NAMES)}

ITEMS_RULEBOOK: Final = (
    Item("Club", _W, 0, cost(wood=1), 1, 1, RULEBOOK),
    Item("Sharp Stick", _W, 1, cost(hide=1, rock=1), 1, 1, RULEBOOK),
    Item("Rock Knife", _W, 1, cost(fiber=1, rock=2), 2, 1, RULEBOOK),
    Item("Sling Shot", _W, 2, cost(fiber=1, meat=1), 3, 2, RULEBOOK),
    Item("Spear", _W, 2, cost(fiber=1, rock=2, meat=1), 2, 2, RULEBOOK),
    Item("Bone Club", _W, 2, cost(fiber=1, rock=1, meat=1, bone=2), 3, 1, RULEBOOK),
    Item("Bow and Arrow", _W, 3, cost(fiber=2, rock=2, bone=1, meat=1), 3, 2, RULEBOOK),
    Item("Bag", _T, 1, cost(fiber=2, meat=1), source=RULEBOOK),
    Item("Pick Axe", _T, 1, cost(fiber=2, meat=1, bone=1), source=RULEBOOK),
    Item("Hide Armor", _T, 1, cost(fiber=1, meat=2), source=RULEBOOK),
    Item("Carving Knife", _T, 2, cost(fiber=2, bone=1, hide=2), source=RULEBOOK),
    Item("Bone Scythe", _T, 2, cost(fiber=2, bone=2), source=RULEBOOK),
    Item("Bone Armor", _T, 2, cost(fiber=1, bone=3, hide=1), source=RULEBOOK),
    Item("Hatchet", _T, 3, cost(fiber=2, meat=1, bone=2), source=RULEBOOK),
    Item("Shelter", _B, 3, _BUILDING_COST, source=RULEBOOK),
    Item("Cooking Hut", _B, 3, _BUILDING_COST, source=RULEBOOK),
    Item("Stock Hut", _B, 3, _BUILDING_COST, source=RULEBOOK),
    Item("Planning Hut", _B, 3, _BUILDING_COST, source=RULEBOOK),
    Item("Knowledge Hut", _B, 3, _BUILDING_COST, source=RULEBOOK),
)
"""The rulebook's item tables (Items: Starting Item, Tools, Weapons, Buildings)."""

ITEMS_BGA: Final = (
    Item("Club", _W, 0, cost(wood=1), 1, 1, BGA_ITEMS),
    Item("Sharp Stick", _W, 1, cost(wood=1, rock=1), 1, 1, BGA_ITEMS),
    Item("Rock Knife", _W, 1, cost(fiber=1, rock=2), 2, 1, BGA_ITEMS),
    Item("Sling Shot", _W, 2, cost(fiber=1, hide=1, wood=1), 3, 2, BGA_ITEMS),
    Item("Spear", _W, 2, cost(fiber=1, rock=2, wood=1), 2, 2, BGA_ITEMS),
    Item("Bone Club", _W, 3, cost(fiber=1, rock=1, wood=1, bone=2), 3, 1, BGA_ITEMS),
    Item("Bow and Arrow", _W, 3, cost(fiber=2, rock=2, wood=1, hide=1), 3, 2, BGA_ITEMS),
    Item("Bag", _T, 1, cost(fiber=2, hide=1), source=BGA_ITEMS),
    Item("Pick Axe", _T, 1, cost(fiber=2, wood=1, rock=1), source=BGA_ITEMS),
    Item("Hide Armor", _T, 1, cost(fiber=1, hide=2), source=BGA_ITEMS),
    Item("Carving Knife", _T, 2, cost(fiber=2, rock=2, bone=1), source=BGA_ITEMS),
    Item("Bone Scythe", _T, 2, cost(fiber=2, bone=2), source=BGA_ITEMS),
    Item("Bone Armor", _T, 2, cost(fiber=1, bone=3, rock=1), source=BGA_ITEMS),
    Item("Hatchet", _T, 3, cost(fiber=2, wood=1, rock=2), source=BGA_ITEMS),
    Item("Shelter", _B, 3, _BUILDING_COST_BGA, source=BGA_ITEMS),
    Item("Cooking Hut", _B, 3, _BUILDING_COST_BGA, source=BGA_ITEMS),
    Item("Stock Hut", _B, 3, _BUILDING_COST_BGA, source=BGA_ITEMS),
    Item("Planning Hut", _B, 3, _BUILDING_COST_BGA, source=BGA_ITEMS),
    Item("Knowledge Hut", _B, 3, _BUILDING_COST_BGA, source=BGA_ITEMS),
)
"""The adaptation's costs and tiers (DLID-A3): its costs name wood and hide where the
rulebook's tables name meat, and it puts the Bone Club in tier 3."""

TOOL_BONUS: Final = {
    BAG: (BERRY, FIBER),
    PICK_AXE: (ROCK, BONE),
    CARVING_KNIFE: (MEAT, BONE),
    BONE_SCYTHE: (FIBER, FIBER),
    HATCHET: (WOOD, MEAT),
}
"""Tool -> (the resource card it reacts to, the token it adds) (Items: Tools)."""
ARMOUR: Final = {HIDE_ARMOR: 1, BONE_ARMOR: 2}
"""Armour -> Danger! cards whose damage it ignores per day (Items: Tools)."""

# -- resource decks -----------------------------------------------------------------------------


def _res(token: int, amount: int) -> Card:
    from dieproof.reference.dont_let_it_die.types import TOKEN_NAMES

    return Card(f"{amount} {TOKEN_NAMES[token]}", "resource", 1, token, amount, source=BGA_DECKS)


def _danger(name: str, life: int, damage: int) -> Card:
    return Card(name, "danger", 1, life=life, damage=damage, source=BGA_DECKS)


_NOTHING: Final = Card("nothing", "nothing", 1, source=BGA_DECKS)
BEAST: Final = "Beast"

DECK_CARDS: Final = (
    (
        _NOTHING,
        _danger("Beast", 1, 1),
        _danger("Saber Tooth", 1, 2),
        _res(BERRY, 1),
        _res(BERRY, 2),
        _res(BERRY, 3),
        _res(FIBER, 1),
        _res(FIBER, 2),
    ),
    (
        _NOTHING,
        _danger("Beast", 1, 1),
        _danger("Saber Tooth", 1, 2),
        _danger("Boar", 2, 2),
        _res(WOOD, 1),
        _res(WOOD, 2),
        _res(ROCK, 1),
        _res(ROCK, 2),
    ),
    (
        _NOTHING,
        _danger("Beast", 1, 1),
        _danger("Saber Tooth", 1, 2),
        _danger("Boar", 2, 2),
        _res(WOOD, 2),
        _res(WOOD, 3),
        _res(WOOD, 4),
        _res(ROCK, 2),
        _res(ROCK, 3),
    ),
    (
        _danger("Beast", 1, 1),
        _danger("Saber Tooth", 1, 2),
        _danger("Boar", 2, 2),
        _danger("Bear", 2, 3),
        _danger("Mammoth", 3, 3),
        _res(MEAT, 1),
        _res(MEAT, 2),
        _res(MEAT, 3),
        _res(BONE, 1),
        _res(BONE, 2),
        _res(HIDE, 1),
        _res(HIDE, 2),
    ),
)
"""The four resource decks (forage, gather, harvest, hunt): 8 + 8 + 9 + 12 = 37 cards,
one copy of each; the Danger! animals' life and damage agree with the rulebook's list."""

# -- night events ------------------------------------------------------------------------------


def _night(name: str, effect: str, token: int = -1, amount: int = 0) -> NightEvent:
    return NightEvent(name, effect, token, amount, BGA_DECKS)


NIGHT_EVENTS: Final = (
    _night("Rival Tribe (fiber)", "steal", FIBER),
    _night("Rival Tribe (berries)", "steal", BERRY),
    _night("Thick fog", "fog"),
    _night("Food poisoning", "poisoning"),
    _night("Rival Tribe (wood)", "steal", WOOD),
    _night("Rival Tribe (rock)", "steal", ROCK),
    _night("Rival Tribe (meat)", "steal", MEAT),
    _night("Healing smoke", "heal-all", amount=2),
    _night("Spices", "spices"),
    _night("Screeching beasts", "screeching"),
    _night("High morale", "morale"),
    _night("Lightning storm", "lightning"),
    _night("Broken tool", "broken-tool"),
    _night("Mammoth stampede", "stampede"),
    _night("Volcano", "volcano"),
    _night("Rainstorm", "rainstorm"),
    _night("Sunburn", "sunburn"),
    _night("Sabertooths", "sabertooths"),
    _night("Earthquake", "earthquake"),
    _night("Teaching", "teaching"),
    _night("High winds", "winds"),
    _night("Strange mushroom", "mushroom"),
    _night("Dead boar", "dead-boar", amount=2),
    _night("Cold wind", "cold-wind"),
    _night("Starving boars", "boars"),
    _night("Calm night", "calm"),
    _night("Contaminated water", "murky"),
)
"""The 27 base-game night events (cards night-event-7_0 to 7_15, 8_4 to 8_6, 8_8, 8_10 to
8_15 and 9_9 of the adaptation), one copy each, in our words."""
RIVAL_TRIBE: Final = frozenset(i for i, e in enumerate(NIGHT_EVENTS) if e.effect == "steal")

# -- Fire Knowledge Trees ------------------------------------------------------------------------


def _tree(*entries: tuple[str, int, tuple[str, ...]]) -> tuple[Discovery, ...]:
    names = [name for name, _, _ in entries]
    return tuple(
        Discovery(name, cost_, tuple(names.index(r) for r in requires))
        for name, cost_, requires in entries
    )


TREES: Final = {
    "easy": _tree(
        ("warmth-1", 3, ()),
        ("warmth-2", 4, ("warmth-1",)),
        ("warmth-3", 5, ("warmth-2",)),
        ("spices", 5, ("warmth-3", "crafting-1")),
        ("cooking-1", 3, ("warmth-1",)),
        ("cooking-2", 3, ("cooking-1",)),
        ("crafting-1", 4, ("cooking-1",)),
        ("crafting-2", 4, ("crafting-1",)),
        ("fire-starter", 15, ("crafting-2", "spices")),
    ),
    "normal": _tree(
        ("warmth-1", 3, ()),
        ("warmth-2", 4, ("warmth-1",)),
        ("warmth-3", 5, ("warmth-2",)),
        ("cooking-1", 3, ("warmth-1",)),
        ("cooking-2", 4, ("cooking-1",)),
        ("relaxation", 5, ("cooking-2",)),
        ("crafting-1", 3, ("cooking-1",)),
        ("forage-1", 4, ("crafting-1",)),
        ("forage-2", 5, ("forage-1",)),
        ("hunt-1", 6, ("forage-2",)),
        ("crafting-2", 4, ("crafting-1",)),
        ("resource-1", 4, ("crafting-2",)),
        ("crafting-3", 5, ("crafting-2",)),
        ("resource-2", 6, ("crafting-3",)),
        ("fire-starter", 15, ("resource-2", "hunt-1")),
    ),
    "normal-plus": _tree(
        ("crafting-1", 3, ()),
        ("resource-1", 3, ("crafting-1",)),
        ("crafting-2", 5, ("resource-1",)),
        ("crafting-3", 5, ("crafting-2",)),
        ("relaxation", 5, ("crafting-3",)),
        ("cooking-1", 3, ("crafting-1",)),
        ("warmth-1", 3, ("resource-1", "cooking-1")),
        ("forage-1", 4, ("warmth-1",)),
        ("warmth-2", 4, ("forage-1",)),
        ("forage-2", 4, ("warmth-2",)),
        ("warmth-3", 4, ("forage-2",)),
        ("cooking-2", 5, ("forage-2",)),
        ("hunt-1", 6, ("cooking-2",)),
        ("resource-2", 6, ("forage-1",)),
        ("fire-starter", 15, ("resource-2", "hunt-1")),
    ),
    "hard": _tree(
        ("warmth-1", 5, ()),
        ("crafting-1", 5, ("warmth-1",)),
        ("resource-1", 5, ("crafting-1",)),
        ("crafting-2", 7, ("resource-1",)),
        ("relaxation", 7, ("crafting-2",)),
        ("crafting-3", 7, ("relaxation",)),
        ("resource-2", 7, ("crafting-3",)),
        ("hunt-1", 9, ("relaxation",)),
        ("cooking-1", 6, ("warmth-1",)),
        ("warmth-2", 7, ("cooking-1",)),
        ("cooking-2", 7, ("warmth-2",)),
        ("warmth-3", 7, ("cooking-2",)),
        ("forage-1", 7, ("crafting-2", "cooking-2")),
        ("forage-2", 9, ("forage-1",)),
        ("fire-starter", 20, ("forage-2", "hunt-1")),
    ),
}
"""The four Fire Knowledge Trees (DLD_Boards.php): discoveries, FKP costs, arrows."""

DISCOVERY_BONUS: Final = {
    "forage-1": BERRY,
    "forage-2": FIBER,
    "resource-1": ROCK,
    "resource-2": WOOD,
    "hunt-1": MEAT,
}
"""+1 resource discoveries: the resource card they react to (and the token they add)
(DLD_KnowledgeTree.php)."""

# -- the Day Tracker ---------------------------------------------------------------------------

WOOD_NORMAL: Final = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5)
"""Wood removed in the morning after day d (index d-1), Normal side: the rulebook's
counts for days 1-13; day 14's 5 is the adaptation's (Game.php), used only when the
calendar runs to day 15 (DLID-A1)."""
WOOD_HARD: Final = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6)
"""The Hard side (the adaptation's Game.php, getFirewoodCost)."""


def wood_count(tracker: str, day: int) -> int:
    """Wood the morning after ``day`` removes from the pit. Implements DLID-MORNING-1."""
    table = WOOD_HARD if tracker == "hard" else WOOD_NORMAL
    return table[min(max(day, 1), len(table)) - 1]


# -- challenges ---------------------------------------------------------------------------------

CHALLENGE_TRIBES: Final = {
    1: frozenset({"Gronk", "Atouk", "Ayla", "Vog", "Grub"}),
    3: frozenset({"Nibna", "Tara", "River", "Grub"}),
}
"""Challenges that allow only some characters."""
CHALLENGE_BANNED: Final = {4: frozenset({"Atouk"}), 8: frozenset({"Nanuk"})}
"""Challenges that forbid a character."""
CHALLENGE_TREES: Final = {
    1: frozenset({"normal", "normal-plus", "hard"}),
    2: frozenset({"easy", "normal", "normal-plus", "hard"}),
    3: frozenset({"normal", "normal-plus", "hard"}),
    4: frozenset({"normal", "normal-plus", "hard"}),
    5: frozenset({"normal-plus", "hard"}),
    6: frozenset({"normal", "normal-plus", "hard"}),
    7: frozenset({"normal", "normal-plus", "hard"}),
    8: frozenset({"hard"}),
    9: frozenset({"hard"}),
}
"""The difficulties (trees) each challenge allows."""


def items(config: DlidConfig) -> tuple[Item, ...]:
    """The item table under ``config``'s reading (DLID-A3)."""
    return ITEMS_BGA if config.readings.items == "bga" else ITEMS_RULEBOOK


# -- the content of a configuration: dieproof's default or the user's ---------------------

FIRE_DIE_FACES: Final = (0, 1, 1, 1, 2, 3)
"""The Fire Die's faces: blank, 1, 1, 1, 2, 3 (DLID-A8, Game.php)."""
DECK_FIELDS: Final = ("forage", "gather", "harvest", "hunt")
"""The fields of :class:`DlidContent` that replace each resource deck, in deck order."""
CONTENT: Final = "DLID.CONTENT"
"""The error code of a user's content the rules cannot be played with."""

MAX_CARD_COPIES: Final = 10
MAX_NIGHT_COPIES: Final = 5
MAX_DECK_KINDS: Final = 24
MAX_NIGHT_KINDS: Final = 40
MAX_DISCOVERIES: Final = 20
MAX_FACES: Final = 12
MAX_SLOTS: Final = 3
"""Bounds on a user's content: copies per card, kinds per deck, discoveries per tree, Fire
Die faces, slots of one kind (three where a skill gives them, FAQ 15)."""
DISCOVERY_NAMES: Final = tuple(sorted({d.name for tree in TREES.values() for d in tree}))
"""The discoveries a tree may hold: those of the base game's four trees (their effects
are the rulebook's)."""


@dataclass(frozen=True, slots=True)
class Box:
    """The components a configuration plays with, resolved once: dieproof's default, or
    the user's content over it."""

    characters: tuple[Character, ...]
    """The 17 character cards, in the base game's order (a member's ``character``)."""
    decks: tuple[tuple[Card, ...], ...]
    """The four resource decks' card kinds."""
    night_events: tuple[NightEvent, ...]
    """The night deck's event kinds."""
    tree: tuple[Discovery, ...]
    """The configuration's Fire Knowledge Tree."""
    discovery: dict[str, int]
    """Each discovery of ``tree`` by name: its index."""
    fire_die: tuple[int, ...]
    """The Fire Die's faces."""
    die: tuple[tuple[DieRolled, Fraction], ...]
    """The Fire Die's outcomes, value by value, weighted by faces."""
    wood: tuple[int, ...]
    """Wood removed in the morning after day d (index d - 1) on the configuration's side."""
    user: frozenset[str]
    """The components the user's content replaced (``characters``, ``decks``,
    ``night events``, ``tree``, ``fire die``, ``wood``)."""


def _resolve(content: DlidContent | None, tree_name: str, tracker: str, own: frozenset[str]) -> Box:
    """The box of a content (None: the default) for a tree and tracker side."""
    characters: tuple[Character, ...] = CHARACTERS
    decks: tuple[tuple[Card, ...], ...] = DECK_CARDS
    events: tuple[NightEvent, ...] = NIGHT_EVENTS
    tree = TREES[tree_name]
    faces: tuple[int, ...] = FIRE_DIE_FACES
    wood: tuple[int, ...] = WOOD_HARD if tracker == "hard" else WOOD_NORMAL
    if content is not None:
        characters = _characters(content.characters)
        decks = _decks(content)
        events = _night_events(content.night_events)
        tree = _user_tree(content.trees, tree_name)
        faces = content.fire_die if content.fire_die is not None else faces
        chosen = content.wood_hard if tracker == "hard" else content.wood_normal
        wood = chosen if chosen is not None else wood
    weights: dict[int, int] = {}
    for face in faces:
        weights[face] = weights.get(face, 0) + 1
    return Box(
        characters=characters,
        decks=decks,
        night_events=events,
        tree=tree,
        discovery={d.name: i for i, d in enumerate(tree)},
        fire_die=faces,
        die=chance.weighted(tuple((DieRolled(v), n) for v, n in sorted(weights.items()))),
        wood=wood,
        user=own,
    )


_DEFAULT_BOX: Final = {
    (tree, side): _resolve(None, tree, side, frozenset())
    for tree in TREES
    for side in ("normal", "hard")
}


def box(config: DlidConfig) -> Box:
    """The components ``config`` plays with (cached; the default's are built once).
    Raises InvalidConfig (``DLID.CONTENT``) for a user's content no game can be played
    with. Implements DLID-BOX-1."""
    found = _BOX_OF.get(id(config))
    if found is not None and found[0] is config:
        return found[1]
    content = config.content
    if content is UNSET:
        resolved = _DEFAULT_BOX[config.tree, config.tracker]
    else:
        resolved = _user_box(content, config.tree, config.tracker)
    if len(_BOX_OF) >= chance.CACHE_LIMIT:
        _BOX_OF.clear()
    # the configuration is kept with its box, so that its id cannot be reused meanwhile
    _BOX_OF[id(config)] = (config, resolved)
    return resolved


_BOX_OF: dict[int, tuple[DlidConfig, Box]] = {}
"""Each configuration seen (by identity) with its box: the rules ask on nearly every step,
and one configuration object is shared by every state of a game."""


@functools.lru_cache(maxsize=64)
def _user_box(content: DlidContent, tree: str, tracker: str) -> Box:
    validate_content(content)
    own = {"characters": bool(content.characters)}
    own["decks"] = any(getattr(content, f) is not None for f in DECK_FIELDS) or bool(
        content.animals
    )
    own["night events"] = content.night_events is not None
    own["tree"] = any(t.name == tree for t in content.trees)
    own["fire die"] = content.fire_die is not None
    chosen = content.wood_hard if tracker == "hard" else content.wood_normal
    own["wood"] = chosen is not None
    return _resolve(content, tree, tracker, frozenset(k for k, v in own.items() if v))


def wood_of(config: DlidConfig, day: int) -> int:
    """Wood the morning after ``day`` removes from the pit under ``config``'s content
    and side of the Day Tracker. Implements DLID-MORNING-1."""
    table = box(config).wood
    return table[min(max(day, 1), len(table)) - 1]


# -- a user's content: validation and resolution ---------------------------------------------


def _bad(message: str) -> InvalidConfig:
    return InvalidConfig(CONTENT, f"content: {message}")


def _within(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise _bad(f"{what} must be {low} to {high}, not {value}")


_RAW_NAMES: Final = tuple(TOKEN_NAMES[k] for k in RAW_KINDS)
_EFFECTS: Final = tuple(e.value for e in NightEffect)
_AMOUNT_EFFECTS: Final = ("heal-all", "dead-boar")


def _raw(what: str, name: str) -> int:
    if name not in _RAW_NAMES:
        raise _bad(f"{what}: no resource {name!r}; known: {', '.join(_RAW_NAMES)}")
    return TOKEN_NAMES.index(name)


def validate_content(content: DlidContent) -> None:
    """Raise InvalidConfig (``DLID.CONTENT``, one line) unless a user's content can be
    played: known names (characters, starting items, resources, effects, discoveries),
    no name twice, every number within its range, Danger! cards with a life, trees with
    Fire Starter whose arrows come from discoveries of the same tree and make no circle,
    14 days of wood per side. Implements DLID-BOX-1."""
    _characters(content.characters)
    _decks(content)
    _night_events(content.night_events)
    for tree in content.trees:
        _user_tree((tree,), tree.name)
    names = [t.name for t in content.trees]
    for name in names:
        if names.count(name) > 1:
            raise _bad(f"the {name} tree is given twice")
    if content.fire_die is not None:
        _within("the Fire Die's number of faces", len(content.fire_die), 1, MAX_FACES)
        for face in content.fire_die:
            _within("a Fire Die face", face, 0, 3)
    for side, table in (("normal", content.wood_normal), ("hard", content.wood_hard)):
        if table is None:
            continue
        if len(table) != LAST_DAY:
            raise _bad(f"wood_{side} must give the wood of days 1 to {LAST_DAY}, not {len(table)}")
        for day, n in enumerate(table, 1):
            _within(f"wood_{side} of day {day}", n, 0, TOKEN_SUPPLY)


def _characters(given: tuple[UserCharacter, ...]) -> tuple[Character, ...]:
    if not given:
        return CHARACTERS
    out = list(CHARACTERS)
    seen: set[str] = set()
    for card in given:
        if card.name not in CHARACTER_INDEX:
            known = ", ".join(CHARACTER_NAMES)
            raise _bad(f"no character {card.name!r} in the base game; known: {known}")
        if card.name in seen:
            raise _bad(f"character {card.name!r} is given twice")
        seen.add(card.name)
        where = f"character {card.name!r}"
        _within(f"{where}: health", card.health, 1, STAT_CAP)
        _within(f"{where}: stamina", card.stamina, 1, STAT_CAP)
        _within(f"{where}: weapon_slots", card.weapon_slots, 0, MAX_SLOTS)
        _within(f"{where}: tool_slots", card.tool_slots, 0, MAX_SLOTS)
        if card.starts_with:
            if card.starts_with not in ITEM_INDEX:
                raise _bad(f"{where}: no item {card.starts_with!r}; known: {', '.join(ITEM_NAMES)}")
            kind = ITEMS_RULEBOOK[ITEM_INDEX[card.starts_with]].kind
            slots = {"weapon": card.weapon_slots, "tool": card.tool_slots}.get(kind, 0)
            if slots == 0:
                raise _bad(
                    f"{where} starts with a {kind} ({card.starts_with}) but has no slot for it"
                )
        index = CHARACTER_INDEX[card.name]
        out[index] = Character(
            card.name,
            card.health,
            card.stamina,
            card.weapon_slots,
            card.tool_slots,
            card.starts_with,
            CHARACTERS[index].skills,
            card.source,
        )
    return tuple(out)


def _cards(deck: str, given: tuple[UserCard, ...]) -> tuple[Card, ...]:
    _within(f"the {deck} deck's number of cards", len(given), 1, MAX_DECK_KINDS)
    out: list[Card] = []
    seen: set[str] = set()
    for card in given:
        where = f"{deck} card {card.name!r}"
        if not card.name:
            raise _bad(f"a {deck} card has no name")
        if card.name in seen:
            raise _bad(f"{where} is given twice")
        seen.add(card.name)
        _within(f"{where}: count", card.count, 1, MAX_CARD_COPIES)
        if card.kind == "resource":
            token = _raw(where, card.token)
            _within(f"{where}: amount", card.amount, 1, TOKEN_SUPPLY)
            if card.life or card.damage:
                raise _bad(f"{where}: a resource card has no life or damage")
            out.append(
                Card(card.name, "resource", card.count, token, card.amount, source=card.source)
            )
            continue
        if card.token or card.amount:
            raise _bad(f"{where}: only a resource card gives tokens")
        if card.kind == "danger":
            _within(f"{where}: life", card.life, 1, STAT_CAP)
            _within(f"{where}: damage", card.damage, 0, STAT_CAP)
            out.append(
                Card(
                    card.name,
                    "danger",
                    card.count,
                    life=card.life,
                    damage=card.damage,
                    source=card.source,
                )
            )
            continue
        if card.life or card.damage:
            raise _bad(f"{where}: a Nothing card has no life or damage")
        out.append(Card(card.name, "nothing", card.count, source=card.source))
    return tuple(out)


def _decks(content: DlidContent) -> tuple[tuple[Card, ...], ...]:
    decks = [
        DECK_CARDS[d] if getattr(content, field) is None else _cards(field, getattr(content, field))
        for d, field in enumerate(DECK_FIELDS)
    ]
    seen: set[str] = set()
    for animal in content.animals:
        where = f"animal {animal.name!r}"
        if animal.name in seen:
            raise _bad(f"{where} is given twice")
        seen.add(animal.name)
        _within(f"{where}: life", animal.life, 1, STAT_CAP)
        _within(f"{where}: damage", animal.damage, 0, STAT_CAP)
        found = False
        for d, cards in enumerate(decks):
            changed = []
            for old in cards:
                card = old
                if card.kind == "danger" and card.name == animal.name:
                    found = True
                    card = msgspec.structs.replace(card, life=animal.life, damage=animal.damage)
                changed.append(card)
            decks[d] = tuple(changed)
        if not found:
            dangers = sorted({c.name for cards in decks for c in cards if c.kind == "danger"})
            raise _bad(f"{where} is no Danger! card of the decks; known: {', '.join(dangers)}")
    return tuple(decks)


def _night_events(given: tuple[UserNightEvent, ...] | None) -> tuple[NightEvent, ...]:
    if given is None:
        return NIGHT_EVENTS
    _within("the night deck's number of events", len(given), 1, MAX_NIGHT_KINDS)
    out: list[NightEvent] = []
    seen: set[str] = set()
    for event in given:
        where = f"night event {event.name!r}"
        if not event.name:
            raise _bad("a night event has no name")
        if event.name in seen:
            raise _bad(f"{where} is given twice")
        seen.add(event.name)
        if event.effect not in _EFFECTS:
            raise _bad(f"{where}: no effect {event.effect!r}; known: {', '.join(_EFFECTS)}")
        _within(f"{where}: count", event.count, 1, MAX_NIGHT_COPIES)
        token = -1
        if event.effect == "steal":
            token = _raw(where, event.token)
        elif event.token:
            raise _bad(f"{where}: only a rival tribe (steal) names a resource")
        if event.effect in _AMOUNT_EFFECTS:
            _within(f"{where}: amount", event.amount, 1, TOKEN_SUPPLY)
        elif event.amount:
            raise _bad(f"{where}: only heal-all and dead-boar have an amount")
        out.append(
            NightEvent(event.name, event.effect, token, event.amount, event.source, event.count)
        )
    return tuple(out)


def _user_tree(given: tuple[UserTree, ...], name: str) -> tuple[Discovery, ...]:
    chosen = [t for t in given if t.name == name]
    if not chosen:
        return TREES[name]
    tree = chosen[-1]
    where = f"the {name} tree"
    _within(f"{where}'s number of discoveries", len(tree.discoveries), 1, MAX_DISCOVERIES)
    names = [d.name for d in tree.discoveries]
    for d in tree.discoveries:
        if d.name not in DISCOVERY_NAMES:
            raise _bad(f"{where}: no discovery {d.name!r}; known: {', '.join(DISCOVERY_NAMES)}")
        if names.count(d.name) > 1:
            raise _bad(f"{where}: {d.name} is given twice")
        _within(f"{where}: {d.name}'s cost", d.cost, 1, FKP_SUPPLY)
        if len(d.requires) > 2:
            raise _bad(f"{where}: {d.name} has more than two arrows")
        for r in d.requires:
            if r not in names:
                raise _bad(f"{where}: {d.name} requires {r!r}, which the tree does not hold")
            if r == d.name or d.requires.count(r) > 1:
                raise _bad(f"{where}: {d.name} names {r} twice or requires itself")
    if "fire-starter" not in names:
        raise _bad(f"{where} has no fire-starter")
    requires = {d.name: d.requires for d in tree.discoveries}
    state: dict[str, int] = {}

    def visit(n: str, path: tuple[str, ...]) -> None:
        if state.get(n) == 2:
            return
        if state.get(n) == 1:
            raise _bad(f"{where}: the arrows make a circle ({' -> '.join((*path, n))})")
        state[n] = 1
        for r in requires[n]:
            visit(r, (*path, n))
        state[n] = 2

    for n in names:
        visit(n, ())
    return tuple(
        Discovery(d.name, d.cost, tuple(names.index(r) for r in d.requires))
        for d in tree.discoveries
    )


def components(config: DlidConfig) -> tuple[Component, ...]:
    """The components under ``config``, each with its source: ``user`` for those the
    configuration's content replaced."""
    b = box(config)

    def source(part: str, default: Source, cite: str) -> tuple[Source, str]:
        return ("user", "the configuration's content") if part in b.user else (default, cite)

    items_rulebook = config.readings.items == "rulebook"
    wood_source: Source = "rulebook" if config.tracker == "normal" else "public"
    return (
        Component(
            "characters",
            *source("characters", "public", BGA_CHARACTERS),
            tuple(f"{c.name}: {c.health} health, {c.stamina} stamina" for c in b.characters),
        ),
        Component(
            "items",
            "rulebook" if items_rulebook else "public",
            "Items" if items_rulebook else BGA_ITEMS,
            tuple(f"{i.name} ({i.kind}, tier {i.tier})" for i in items(config)),
        ),
        Component(
            "resource decks",
            *source("decks", "public", BGA_DECKS),
            _deck_lines(b)
            if "decks" in b.user
            else tuple(f"{n}: {len(d)} cards" for n, d in zip(DECK_FIELDS, b.decks, strict=True)),
        ),
        Component(
            "night events",
            *source("night events", "public", BGA_DECKS),
            tuple(e.name if e.count == 1 else f"{e.name} x{e.count}" for e in b.night_events),
        ),
        Component(
            f"the {config.tree} Fire Knowledge Tree",
            *source("tree", "public", BGA_BOARDS),
            tuple(f"{d.name}: {d.cost} FKP" for d in b.tree),
        ),
        Component(
            "the Fire Die",
            *source("fire die", "public", BGA_GAME),
            tuple("blank" if f == 0 else str(f) for f in b.fire_die),
        ),
        Component(
            f"the Day Tracker ({config.tracker} side)",
            *source(
                "wood", wood_source, "Morning Phase" if config.tracker == "normal" else BGA_GAME
            ),
            tuple(str(n) for n in b.wood),
        ),
    )


def _deck_lines(b: Box) -> tuple[str, ...]:
    """A user's decks, card by card (the default lists only each deck's size)."""
    out: list[str] = []
    for name, cards in zip(DECK_FIELDS, b.decks, strict=True):
        for c in cards:
            what = (
                f"{c.amount} {TOKEN_NAMES[c.token]}"
                if c.kind == "resource"
                else f"life {c.life}, damage {c.damage}"
                if c.kind == "danger"
                else "nothing"
            )
            out.append(f"{name}: {c.name} ({what}) x{c.count}")
    return tuple(out)
