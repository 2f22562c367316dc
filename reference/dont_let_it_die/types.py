"""Don't Let It Die: the constants the rulebook fixes, and the value types (content,
configs, states, actions).

Everything is a frozen ``msgspec.Struct``, untracked by the garbage collector (``gc=False``:
the comment above ``Card`` says why). Quantities in a state are plain integers indexed
by the tables below (a token kind, a deck, a card, an item, a discovery, a character), so
that a step copies a few small tuples; the oracle guide lists every index.
"""

from __future__ import annotations

from typing import Final, Literal

from msgspec import UNSET, UnsetType

from dieproof.reference.core.types import Action, Config, IdentityEnum, Result, State, Value

# -- constants the rulebook fixes ------------------------------------------------------------

CHARACTERS_IN_PLAY: Final = 4
"""The game is always played with four characters (Setup)."""
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
"""One to four players share the four characters (Setup)."""
START_WOOD: Final = 3
"""Wood on the fire pit at setup (Setup)."""
STAT_CAP: Final = 10
"""No current or maximum health or stamina above 10 (FAQ 2)."""
TOKEN_SUPPLY: Final = 8
"""Tokens of each resource in the box (FAQ 11; 56 resource tokens in Box Contents)."""
FKP_SUPPLY: Final = 40
"""Fire Knowledge Point / Unlocked tokens in the box (Box Contents)."""
ITEM_COPIES: Final = 2
"""Copies of each weapon and tool (Items)."""
REVIVE_MEAT: Final = 3
"""Cooked meat the group spends to revive a character (Death)."""
REVIVE_HP: Final = 3
"""Health a revived character returns with (Death)."""
LAST_DAY: Final = 14
"""The last day on the Day Tracker (End Of Game)."""
TRADE_RATE: Final = 3
TRADE_RATE_STOCK_HUT: Final = 2
"""Tokens given per token taken from the neighbouring tribe, without and with the Stock
Hut (Day Phase, Buildings)."""
COST_FORAGE: Final = 2
COST_GATHER: Final = 2
COST_HUNT: Final = 3
COST_HARVEST: Final = 3
COST_INVESTIGATE: Final = 3
COST_TRADE: Final = 1
COST_COOK: Final = 1
COST_CRAFT: Final = 3
"""Stamina per action (Day Phase)."""

# -- token kinds (indices of DlidState.tokens) ---------------------------------------------

WOOD: Final = 0
ROCK: Final = 1
FIBER: Final = 2
BERRY: Final = 3
COOKED_BERRY: Final = 4
MEAT: Final = 5
COOKED_MEAT: Final = 6
BONE: Final = 7
HIDE: Final = 8
FKP: Final = 9
TOKEN_KINDS: Final = 10
TOKEN_NAMES: Final = (
    "wood",
    "rock",
    "fiber",
    "berry",
    "cooked-berry",
    "meat",
    "cooked-meat",
    "bone",
    "hide",
    "fkp",
)
"""The token kinds in index order: the group's pool is a tuple of ten counts."""
RAW_KINDS: Final = (WOOD, ROCK, FIBER, BERRY, MEAT, BONE, HIDE)
"""The seven resources, raw side up: what a trade can take (with FKP)."""
SUPPLY_GROUPS: Final = (
    (WOOD,),
    (ROCK,),
    (FIBER,),
    (BERRY, COOKED_BERRY),
    (MEAT, COOKED_MEAT),
    (BONE,),
    (HIDE,),
)
"""Token kinds that share one set of eight tokens (a cooked token is the back of a raw
one; FAQ 11). Wood in the fire pit counts against the wood tokens (DLID-A6)."""
SUPPLY_OF: Final = (0, 1, 2, 3, 3, 4, 4, 5, 6, -1)
"""The supply group of each token kind (-1: FKP, whose supply is the 40 tokens)."""

# -- decks -------------------------------------------------------------------------------------

FORAGE: Final = 0
GATHER: Final = 1
HARVEST: Final = 2
HUNT: Final = 3
DECKS: Final = 4
DECK_NAMES: Final = ("forage", "gather", "harvest", "hunt")
DECK_COSTS: Final = (COST_FORAGE, COST_GATHER, COST_HARVEST, COST_HUNT)


class CardKind(IdentityEnum):
    """What a resource-deck card is."""

    RESOURCE = "resource"
    DANGER = "danger"
    NOTHING = "nothing"


# Every struct of this module is declared ``gc=False``: each is frozen, and its fields are
# ints, bools, strings, enum members, tuples of these and other structs of this module (the
# state's ``result`` a core ``Result``: a tuple of ints and two strings), as the rules and the
# decoder build them, so none can be part of a reference cycle and the cyclic garbage
# collector need not track them. The memos of the listings and the chance outcomes hold many
# thousands of actions, and the states hold members and their configuration: every full
# collection walked them all. ``gc`` is no field: the JSON, the schemas and the vectors do not
# change.


class Card(Value, frozen=True, gc=False):
    """One kind of card of a resource deck."""

    name: str
    """``"2 wood"``, ``"Boar"``, ``"nothing"``."""
    kind: Literal["resource", "danger", "nothing"]
    count: int
    """Copies of the card in its deck."""
    token: int = -1
    """A resource card: the token kind it gives (index of TOKEN_NAMES)."""
    amount: int = 0
    """A resource card: tokens it gives."""
    life: int = 0
    """A Danger! card: its life."""
    damage: int = 0
    """A Danger! card: its damage."""
    source: str = ""
    """Where the entry comes from."""


class NightEffect(IdentityEnum):
    """What a night event does (each base-game event is one of these)."""

    STEAL = "steal"
    """A rival tribe: roll the Fire Die, remove that many of one resource."""
    FOG = "fog"
    """No Harvest or Hunt the next day."""
    POISONING = "poisoning"
    """No stamina gained beyond the morning's the next day."""
    HEAL_ALL = "heal-all"
    """Everyone heals (amount)."""
    SPICES = "spices"
    """Eating the next day heals 1 more."""
    SCREECHING = "screeching"
    """Start the next morning with 3 stamina fewer."""
    MORALE = "morale"
    """Skip the next morning's damage."""
    LIGHTNING = "lightning"
    """The next day, each card drawn rolls the Fire Die; a blank is 1 damage."""
    BROKEN_TOOL = "broken-tool"
    """Remove one equipped tool of any character from play."""
    STAMPEDE = "stampede"
    """Each character rolls the Fire Die; a blank is 1 damage."""
    VOLCANO = "volcano"
    """1 more damage in the next morning."""
    RAINSTORM = "rainstorm"
    """Unless a character has stamina left, remove 1 wood from the pit."""
    SUNBURN = "sunburn"
    """No Investigate Fire the next day."""
    SABERTOOTHS = "sabertooths"
    """Throw out the raw meat, or everyone takes 2 damage."""
    EARTHQUAKE = "earthquake"
    """Remove one unequipped weapon and one unequipped tool from play."""
    TEACHING = "teaching"
    """Each character gets 1 FKP."""
    WINDS = "winds"
    """One Investigate Fire per character the next day."""
    MUSHROOM = "mushroom"
    """No skill that costs stamina the next day."""
    DEAD_BOAR = "dead-boar"
    """The group receives (amount) meat."""
    COLD_WIND = "cold-wind"
    """Everyone takes 1 damage and starts the morning with 2 stamina fewer."""
    BOARS = "boars"
    """Half the raw berries go, or every unarmed character takes 2 damage."""
    CALM = "calm"
    """Nothing happens."""
    MURKY = "murky"
    """Every Fire Die roll the next day is 1 lower."""


class NightEvent(Value, frozen=True, gc=False):
    """One night event card."""

    name: str
    effect: str
    """A NightEffect value."""
    token: int = -1
    """STEAL: the token kind stolen (raw and cooked)."""
    amount: int = 0
    """HEAL_ALL, DEAD_BOAR: the amount."""
    source: str = ""
    count: int = 1
    """Copies of the card in the night deck."""


class ItemKind(IdentityEnum):
    WEAPON = "weapon"
    TOOL = "tool"
    BUILDING = "building"


class Item(Value, frozen=True, gc=False):
    """One item card (weapon, tool or building)."""

    name: str
    kind: Literal["weapon", "tool", "building"]
    tier: int
    """0 (the Club), 1, 2 or 3: the Crafting discovery that unlocks it."""
    cost: tuple[int, ...]
    """Tokens per kind (ten counts, TOKEN_NAMES order)."""
    damage: int = 0
    range: int = 0
    source: str = ""


class Discovery(Value, frozen=True, gc=False):
    """One discovery of a Fire Knowledge Tree."""

    name: str
    """``"warmth-1"``, ``"fire-starter"``."""
    cost: int
    """FKP that unlock it."""
    requires: tuple[int, ...]
    """Indices (in the same tree) of the discoveries that must be unlocked first."""


class Character(Value, frozen=True, gc=False):
    """One character card."""

    name: str
    health: int
    stamina: int
    weapon_slots: int
    tool_slots: int
    starts_with: str = ""
    """The item the character starts with equipped, or ``""``."""
    skills: tuple[str, ...] = ()
    """The card's three lines, in our words."""
    source: str = ""


# -- a user's own content (the configuration's ``content``) -------------------------------


class UserCharacter(Value, frozen=True, gc=False):
    """A character card's numbers, as a user's content spells them (its skills stay the
    rulebook's)."""

    name: str
    """The name of one of the base game's 17 characters (``"Gronk"``)."""
    health: int
    """Health (current and maximum at setup), 1 to 10."""
    stamina: int
    """Stamina (current and maximum at setup), 1 to 10."""
    weapon_slots: int = 1
    """Weapon slots, 0 to 3."""
    tool_slots: int = 1
    """Tool slots, 0 to 3."""
    starts_with: str = ""
    """The weapon or tool the character starts with equipped (an item's name), or ``""``."""
    source: str = "user"
    """Where the entry comes from (free text)."""


class UserCard(Value, frozen=True, gc=False):
    """One kind of card of a resource deck, as a user's content spells it."""

    name: str
    """The card's name, unique in its deck (``"2 wood"``, ``"Boar"``, ``"nothing"``); a
    Danger! card named ``"Beast"`` is the one Ajax kills at once."""
    kind: Literal["resource", "danger", "nothing"]
    """A resource card, a Danger! card (an animal) or a Nothing card."""
    count: int = 1
    """Copies of the card in its deck, 1 to 10."""
    token: str = ""
    """A resource card: the resource it gives (wood, rock, fiber, berry, meat, bone,
    hide); empty for the other kinds."""
    amount: int = 0
    """A resource card: tokens it gives, 1 to 8."""
    life: int = 0
    """A Danger! card: its life, 1 to 10."""
    damage: int = 0
    """A Danger! card: its damage, 0 to 10."""
    source: str = "user"
    """Where the entry comes from (free text)."""


class Animal(Value, frozen=True, gc=False):
    """A Danger! card's numbers, changed in every deck that holds it."""

    name: str
    """The name of a Danger! card of the decks (``"Boar"``)."""
    life: int
    """Its life, 1 to 10."""
    damage: int
    """Its damage, 0 to 10."""


class UserNightEvent(Value, frozen=True, gc=False):
    """One night event card, as a user's content spells it."""

    name: str
    """The card's name, unique in the night deck."""
    effect: str
    """What it does: one of the base game's effects (the NightEffect values: ``steal``,
    ``fog``, ``heal-all``, ...)."""
    count: int = 1
    """Copies in the night deck, 1 to 5."""
    token: str = ""
    """``steal``: the resource the rival tribe takes (wood, rock, fiber, berry, meat,
    bone, hide); empty for the other effects."""
    amount: int = 0
    """``heal-all``, ``dead-boar``: the health healed or the meat received, 1 to 8; 0 for
    the other effects."""
    source: str = "user"
    """Where the entry comes from (free text)."""


class UserDiscovery(Value, frozen=True, gc=False):
    """One discovery of a user's Fire Knowledge Tree."""

    name: str
    """A discovery of the base game's trees (``"warmth-1"``, ``"crafting-3"``,
    ``"fire-starter"``): its effect is the rulebook's."""
    cost: int
    """FKP that unlock it, 1 to 40."""
    requires: tuple[str, ...] = ()
    """The discoveries of the same tree its arrows come from (at most two: two arrows
    mean both)."""


class UserTree(Value, frozen=True, gc=False):
    """A Fire Knowledge Tree that replaces the one of the same name."""

    name: TreeName
    """Which tree it replaces: easy, normal, normal-plus or hard."""
    discoveries: tuple[UserDiscovery, ...]
    """Its discoveries, in the order that gives their indices (1 to 20, Fire Starter
    among them)."""


class DlidContent(Value, frozen=True, gc=False):
    """A user's own components, for a user with the printed cards: each field given
    replaces dieproof's default of that component, each field left out keeps it."""

    characters: tuple[UserCharacter, ...] = ()
    """Character cards that replace the base game's card of the same name (health,
    stamina, slots, starting item); their skills stay the rulebook's."""
    forage: tuple[UserCard, ...] | None = None
    """The Forage deck, or null for the default."""
    gather: tuple[UserCard, ...] | None = None
    """The Gather deck, or null for the default."""
    harvest: tuple[UserCard, ...] | None = None
    """The Harvest deck, or null for the default."""
    hunt: tuple[UserCard, ...] | None = None
    """The Hunt deck, or null for the default."""
    animals: tuple[Animal, ...] = ()
    """Danger! cards whose life and damage change in every deck that holds them."""
    night_events: tuple[UserNightEvent, ...] | None = None
    """The night deck, or null for the default."""
    trees: tuple[UserTree, ...] = ()
    """Fire Knowledge Trees that replace the default tree of the same name."""
    fire_die: tuple[int, ...] | None = None
    """The Fire Die's faces (0 is the blank; each 0 to 3, 1 to 12 faces), or null for
    blank, 1, 1, 1, 2, 3."""
    wood_normal: tuple[int, ...] | None = None
    """Wood removed in the morning after each day, days 1 to 14, on the Normal side of
    the Day Tracker (each 0 to 8), or null for the default."""
    wood_hard: tuple[int, ...] | None = None
    """The same on the Hard side."""


# -- configuration -------------------------------------------------------------------------

TreeName = Literal["easy", "normal", "normal-plus", "hard"]
TrackerSide = Literal["normal", "hard"]


class Readings(Value, frozen=True, gc=False):
    """The selected reading of every ambiguity with two plausible readings (the ambiguity
    log in ``spec/dont-let-it-die.toml`` says what each means)."""

    game_end: Literal["night-14", "day-14", "day-15"] = "night-14"
    """DLID-A1: when the calendar loses the game."""
    empty_pit: Literal["at-once", "after-refuel"] = "at-once"
    """DLID-A2: whether a pit emptied by a night event loses before the refuel."""
    items: Literal["rulebook", "bga"] = "rulebook"
    """DLID-A3: item costs and tiers from the rulebook's tables or the adaptation's data."""
    hard_tracker_damage: Literal["one", "two"] = "one"
    """DLID-A4: morning damage on the Hard side of the Day Tracker."""
    relaxation: Literal["max-only", "heal-too"] = "max-only"
    """DLID-A5: whether Relaxation also heals what it adds to the maximum."""
    wood_supply: Literal["shared", "separate"] = "shared"
    """DLID-A6: whether wood in the pit counts against the eight wood tokens."""
    sabertooth_meat: Literal["all", "one"] = "all"
    """DLID-A7: how much raw meat the sabertooths night event throws out."""
    rival_tribe_damage: Literal["with-event", "on-draw"] = "with-event"
    """DLID-A24: Challenge 7's damage comes with the Rival Tribe card's effect (none if Dub
    redraws it away) or with its drawing."""
    night_fiber: Literal["own-token", "as-berries"] = "own-token"
    """DLID-A25: in Challenge 3, night events see fiber as a token of its own, or as raw
    berries (berry thefts and the starving boars take it after the berry tokens; fiber
    thefts find none)."""
    everybody_down: Literal["lost", "waits"] = "lost"
    """DLID-A26: every member down with one fed back to life loses the game, or the game
    goes on to the morning that brings the fed member back."""
    lost_items: Literal["copy", "item"] = "copy"
    """DLID-A27: a lost copy of an item closes only itself, or the item's other copy too."""
    zeebo_double: Literal["open", "at-draw"] = "open"
    """DLID-A31: Zeebo's double stays open through free actions until his next action, or
    comes right at the draw (any action after it, a free one too, closes it)."""


CHARACTER_NAMES_DEFAULT: Final = ("Gronk", "Grub", "Kara", "Cron")


ChallengeName = Literal[
    "none",
    "fire-hot",
    "not-seen",
    "berries",
    "mating-season",
    "ice-age",
    "fast-food",
    "rival-tribes",
    "fruitarianism",
    "die-hard",
]
CHALLENGES: Final = (
    "none",
    "fire-hot",
    "not-seen",
    "berries",
    "mating-season",
    "ice-age",
    "fast-food",
    "rival-tribes",
    "fruitarianism",
    "die-hard",
)
"""The Challenges by number (0: none)."""


_CHALLENGE_NUMBER: Final = {name: number for number, name in enumerate(CHALLENGES)}


def challenge_number(config: DlidConfig) -> int:
    """The number (1-9) of ``config``'s Challenge, 0 for none (a dictionary lookup: the
    rules ask on nearly every step)."""
    return _CHALLENGE_NUMBER[config.challenge]


class DlidConfig(Config, frozen=True, gc=False):
    """A game of Don't Let It Die: always four characters shared by one to four players."""

    players: int = 1
    """1 to 4 players."""
    characters: tuple[str, ...] = CHARACTER_NAMES_DEFAULT
    """The four characters, in seat order (left of a character is the next one)."""
    controllers: tuple[int, ...] = ()
    """Which player controls each character; empty: shared out as evenly as possible,
    in seat order (character ``i`` to player ``i * players // 4``)."""
    first_player: int = 0
    """The character (0-3) who starts with the first player token."""
    tree: TreeName = "normal"
    """The Fire Knowledge Tree: easy, normal, normal-plus (the rulebook's Normal+) or hard."""
    tracker: TrackerSide = "normal"
    """The side of the Day Tracker."""
    challenge: ChallengeName = "none"
    """The rulebook's Challenge played, or ``"none"``: 1 fire-hot, 2 not-seen, 3 berries,
    4 mating-season, 5 ice-age, 6 fast-food, 7 rival-tribes, 8 fruitarianism, 9 die-hard."""
    readings: Readings = Readings()
    """The reading of each selectable ambiguity."""
    content: DlidContent | UnsetType = UNSET
    """A user's own components (see DlidContent); left out: dieproof's default content
    (the rulebook's and the adaptation's, each entry cited)."""


# -- states ------------------------------------------------------------------------------------


class Step(IdentityEnum):
    """Where the game is: each value is one kind of node."""

    TURN = "turn"
    """A character's turn in the day phase, with the free-action window."""
    DRAW = "draw"
    """Chance: the card drawn from ``deck``."""
    LIGHTNING = "lightning"
    """Chance: the lightning storm's Fire Die roll after a draw."""
    PICK = "pick"
    """The Planning Hut: keep one of the two cards drawn."""
    FIGHT = "fight"
    """Combat against the Danger! card just drawn."""
    ROLL = "roll"
    """Chance: the Fire Die of Investigate Fire."""
    REROLL = "reroll"
    """Kara may have the roll re-rolled."""
    PAY = "pay"
    """A trade: tokens given one at a time."""
    MABE = "mabe"
    """Chance: Mabe's Fire Die roll after falling below 3 health."""
    NIGHT = "night"
    """Chance: the night event drawn."""
    DUB = "dub"
    """Dub may pay a bone to redraw the night event."""
    NIGHT_ROLL = "night-roll"
    """Chance: a Fire Die roll a night event asks for."""
    BREAK_TOOL = "break-tool"
    """The group picks the equipped tool the night breaks."""
    LOSE_ITEMS = "lose-items"
    """The group picks the unequipped weapon and tool the ground swallows."""
    REFUEL = "refuel"
    """After a night event took wood from the pit: wood may still be added."""
    MORNING = "morning"
    """The morning's item trades and equipment changes."""
    OVER = "over"


AT_TURN: Final = Step.TURN
AT_DRAW: Final = Step.DRAW
AT_LIGHTNING: Final = Step.LIGHTNING
AT_PICK: Final = Step.PICK
AT_FIGHT: Final = Step.FIGHT
AT_ROLL: Final = Step.ROLL
AT_REROLL: Final = Step.REROLL
AT_PAY: Final = Step.PAY
AT_MABE: Final = Step.MABE
AT_NIGHT: Final = Step.NIGHT
AT_DUB: Final = Step.DUB
AT_NIGHT_ROLL: Final = Step.NIGHT_ROLL
AT_BREAK_TOOL: Final = Step.BREAK_TOOL
AT_LOSE_ITEMS: Final = Step.LOSE_ITEMS
AT_REFUEL: Final = Step.REFUEL
AT_MORNING: Final = Step.MORNING
AT_OVER: Final = Step.OVER
"""Each step as a module constant: reading ``Step.TURN`` goes through the enum's class
(about 0.13 us on Python 3.11, several times a step), a module constant does not."""


class Phase(IdentityEnum):
    """The three phases of a day (and the end), as the rulebook names them."""

    DAY = "day"
    NIGHT = "night"
    MORNING = "morning"
    OVER = "over"


class Member(Value, frozen=True, gc=False):
    """One character at the table."""

    character: int
    """Index of the character card (content order)."""
    hp: int
    """Current health."""
    max_hp: int
    """Maximum health now: the card's, plus discoveries, at most 10."""
    stamina: int
    """Current stamina."""
    max_stamina: int
    """Maximum stamina now: the card's, plus discoveries, minus one per Club equipped."""
    weapons: tuple[int, ...] = ()
    """Items equipped in weapon slots."""
    tools: tuple[int, ...] = ()
    """Items equipped in tool slots."""
    spare: tuple[int, ...] = ()
    """Items the character holds unequipped."""
    guards: tuple[int, ...] = ()
    """Per tool slot: armour uses today."""
    used: int = 0
    """Bit set of once-per-day (or once-per-night) uses, see USED_* bits."""
    done: bool = False
    """The character has ended the day's turn."""
    down: bool = False
    """Incapacitated (0 health)."""
    reviving: bool = False
    """Fed while down: returns to play at the end of the next morning."""
    investigations: int = 0
    """Investigate Fire actions today."""


USED_DAILY: Final = 1
"""Gronk, Kara's stamina gift, Ajax's heal, Atouk's wood: the card's once-per-day skill."""
USED_REROLL: Final = 2
USED_FREE: Final = 4
"""River's free Investigate Fire, Nirv's free Gather."""
USED_KILL_HEAL: Final = 8
USED_BERRY_STAMINA: Final = 16
USED_DOUBLE_MEAL: Final = 32
USED_MABE: Final = 64
USED_KNOWLEDGE_HUT: Final = 128
USED_DUB: Final = 256


class DlidState(State, frozen=True, gc=False):
    """A position of Don't Let It Die."""

    config: DlidConfig
    """The configuration the game was set up with."""
    step: Step
    """The kind of node the game is at."""
    day: int
    """The Current Day token."""
    pit: int
    """Wood in the fire pit."""
    tokens: tuple[int, ...]
    """The group's pool, per token kind (TOKEN_NAMES order)."""
    members: tuple[Member, ...]
    """The four characters in seat order."""
    first: int
    """The character holding the first player token."""
    turn: int
    """The character whose turn it is (day phase), else the first player."""
    decks: tuple[tuple[int, ...], ...]
    """Per resource deck, cards left per card kind (content order)."""
    discards: tuple[tuple[int, ...], ...]
    """Per resource deck, discarded cards per card kind."""
    night_deck: tuple[int, ...]
    """Night events left in the night deck, per event (content order)."""
    night_discard: tuple[int, ...]
    """Night events discarded, per event."""
    placed: tuple[int, ...]
    """FKP on each discovery of the tree not yet unlocked."""
    unlocked: tuple[bool, ...]
    """Per discovery of the tree: unlocked."""
    made: tuple[int, ...]
    """Per item: copies that have left the box (crafted or started with), lost ones too."""
    building: int = -1
    """The group's building (an item index), or -1."""
    event: int = -1
    """The night event in effect for this day and the next morning, or -1."""
    on_top: tuple[int, ...] = (-1, -1, -1, -1)
    """Challenge 4: per deck, a Danger! card put back on top (card index), or -1."""
    planning_used: int = 0
    """Planning Hut draws today."""
    actor: int = -1
    """The character the pending step is about (drawer, investigator)."""
    deck: int = -1
    """The deck being drawn from."""
    drawn: tuple[int, ...] = ()
    """Cards drawn by the pending draw (two with the Planning Hut)."""
    planning: bool = False
    """The pending draw uses the Planning Hut."""
    again: bool = False
    """Challenge 4: the card in ``drawn`` was drawn a second time (discard it after)."""
    roll: int = -1
    """The pending Fire Die result (REROLL), else -1."""
    take: int = -1
    """The token kind a pending trade takes."""
    owed: int = 0
    """Tokens a pending trade still has to give."""
    last_card: int = -1
    """The resource card (index in ``deck``'s list) the turn's character drew last, for
    Zeebo's double; -1 after any other action (DLID-A31: a free action too under its
    ``at-draw`` reading)."""
    last_deck: int = -1
    """The deck of ``last_card``."""
    pit_food: int = 0
    """Challenge 9: wood-equivalents of food in the pit (they use no wood token)."""
    mabe: bool = False
    """Mabe fell below 3 health: her roll comes next."""
    night_roll: int = 0
    """STAMPEDE: the next character to roll."""
    to_lose: int = 0
    """EARTHQUAKE: bit 1 a weapon, bit 2 a tool still to remove."""
    wood_taken: bool = False
    """The night event removed wood from the pit (the refuel window opens)."""
    result: Result | None = None
    """How the game ended, or null while it runs."""

    @property
    def phase(self) -> Phase:
        """The rulebook's phase the step belongs to (derived from ``step``; not in the
        JSON)."""
        return PHASE_OF_STEP[self.step]


PHASE_OF_STEP: Final = {
    Step.TURN: Phase.DAY,
    Step.DRAW: Phase.DAY,
    Step.LIGHTNING: Phase.DAY,
    Step.PICK: Phase.DAY,
    Step.FIGHT: Phase.DAY,
    Step.ROLL: Phase.DAY,
    Step.REROLL: Phase.DAY,
    Step.PAY: Phase.DAY,
    Step.MABE: Phase.DAY,
    Step.NIGHT: Phase.NIGHT,
    Step.DUB: Phase.NIGHT,
    Step.NIGHT_ROLL: Phase.NIGHT,
    Step.BREAK_TOOL: Phase.NIGHT,
    Step.LOSE_ITEMS: Phase.NIGHT,
    Step.REFUEL: Phase.NIGHT,
    Step.MORNING: Phase.MORNING,
    Step.OVER: Phase.OVER,
}
"""The phase of each step."""

# -- actions -------------------------------------------------------------------------------------


class DrawCard(Action, frozen=True, tag="draw-card", gc=False):
    """Forage, Gather, Harvest or Hunt: spend stamina and draw from ``deck``."""

    deck: int
    """0 forage, 1 gather, 2 harvest, 3 hunt."""
    free: bool = False
    """Nirv's free Gather (once per day)."""
    planning: bool = False
    """Use the Planning Hut: draw two, keep one."""


class Investigate(Action, frozen=True, tag="investigate", gc=False):
    """Investigate Fire: spend stamina and roll the Fire Die for FKP."""

    free: bool = False
    """River's free Investigate Fire (once per day)."""


class Trade(Action, frozen=True, tag="trade", gc=False):
    """Trade with the neighbouring tribe: 1 stamina, then give tokens (Pay) for ``take``."""

    take: int
    """A raw resource kind or FKP."""


class Pay(Action, frozen=True, tag="pay", gc=False):
    """Give one token to a pending trade."""

    token: int
    """A token kind (index of the pool)."""


class Cook(Action, frozen=True, tag="cook", gc=False):
    """Cook one raw food token (1 stamina)."""

    token: int
    """BERRY or MEAT."""


class Craft(Action, frozen=True, tag="craft", gc=False):
    """Craft an item: 3 stamina plus its cost."""

    item: int
    """The item's index in the item table."""
    equip: int = -1
    """-1: keep it unequipped; k: equip it in slot k of its kind (what was there is
    unequipped)."""
    waive: tuple[int, ...] = ()
    """Atouk: the token kinds (sorted) of the cost he leaves out."""


class EndTurn(Action, frozen=True, tag="end-turn", gc=False):
    """End the turn (left-over stamina is lost for the day)."""


class Eat(Action, frozen=True, tag="eat", gc=False):
    """Free: a character eats the exact amount of one food."""

    who: int
    """The seat of the character who eats."""
    food: int
    """BERRY (3), MEAT (2), COOKED_BERRY (2), COOKED_MEAT (1), FIBER (challenge 3: 3)."""


class Revive(Action, frozen=True, tag="revive", gc=False):
    """Free: feed 3 cooked meat to an incapacitated character."""

    who: int
    """The seat of the character fed."""


class AddWood(Action, frozen=True, tag="add-wood", gc=False):
    """Free: put one wood (challenge 9: food worth one wood) on the fire pit."""

    food: int = WOOD
    """WOOD, or under challenge 9 BERRY, MEAT, COOKED_BERRY or COOKED_MEAT."""


class PlaceFkp(Action, frozen=True, tag="place-fkp", gc=False):
    """Free: place one FKP (Dub: a bone) on a discovery."""

    discovery: int
    """The discovery's index in the tree."""
    bone: bool = False
    """Dub's skill: a bone in place of the FKP."""


SkillName = Literal[
    "gronk-rage",
    "kara-gift",
    "cron-shuffle",
    "ajax-heal",
    "atouk-wood",
    "ayla-fiber",
    "tara-heal",
    "mabe-copy",
    "nibna-share",
    "zeebo-double",
]
"""The skills that are actions of their own."""


class Skill(Action, frozen=True, tag="skill", gc=False):
    """A character's skill that is an action of its own."""

    who: int
    """The seat of the character using it."""
    skill: SkillName
    """Which skill (the character's card)."""
    target: int = -1
    """A character (Kara, Tara), a deck (Cron) or a token kind (Mabe)."""


class Keep(Action, frozen=True, tag="keep", gc=False):
    """The Planning Hut: keep the ``index``-th card drawn."""

    index: int
    """0 or 1: the first or second card drawn."""


class Fight(Action, frozen=True, tag="fight", gc=False):
    """Resolve combat against the Danger! card drawn."""

    weapons: tuple[int, ...] = ()
    """Weapon slots used (several combined only where a skill gives slots)."""
    armour: int = -1
    """A tool slot whose armour ignores the damage, or -1."""
    vog: bool = False
    """Give the damage to Vog instead."""
    spoils: int = MEAT
    """Nanuk: HIDE or BONE in place of the meat."""


class Reroll(Action, frozen=True, tag="reroll", gc=False):
    """Kara re-rolls the Investigate Fire roll (``True``) or lets it stand."""

    use: bool
    """Whether to re-roll."""


class Redraw(Action, frozen=True, tag="redraw", gc=False):
    """Dub discards the night event for a bone and draws again (``True``), or not."""

    use: bool
    """Whether to redraw."""


class BreakTool(Action, frozen=True, tag="break-tool", gc=False):
    """The night breaks this equipped tool."""

    who: int
    """The seat of the character whose tool breaks."""
    slot: int
    """The tool slot."""


class LoseItem(Action, frozen=True, tag="lose-item", gc=False):
    """The night swallows this unequipped item."""

    who: int
    """The seat of the holder."""
    index: int
    """Index in the character's unequipped items."""


class Equip(Action, frozen=True, tag="equip", gc=False):
    """Morning: equip an unequipped item in slot ``slot`` of its kind."""

    who: int
    """The seat of the character."""
    index: int
    """Index in the character's unequipped items."""
    slot: int
    """The slot of the item's kind."""


class Unequip(Action, frozen=True, tag="unequip", gc=False):
    """Morning: unequip a weapon (``tool`` false) or tool."""

    who: int
    """The seat of the character."""
    tool: bool
    """True: a tool; false: a weapon."""
    slot: int
    """The slot."""


class Give(Action, frozen=True, tag="give", gc=False):
    """Morning: hand an unequipped item to another character."""

    who: int
    """The seat of the giver."""
    index: int
    """Index in the giver's unequipped items."""
    to: int
    """The seat of the receiver."""


class Proceed(Action, frozen=True, tag="proceed", gc=False):
    """Close a window: the morning trades, the night's refuel."""


class CardDrawn(Action, frozen=True, tag="card-drawn", gc=False):
    """Chance: a card of the pending deck (index in its card list)."""

    card: int
    """The card's index in its deck's card list (content order)."""


class DieRolled(Action, frozen=True, tag="die-rolled", gc=False):
    """Chance: the Fire Die (0 is blank)."""

    value: int
    """0 (blank), 1, 2 or 3."""


class EventDrawn(Action, frozen=True, tag="event-drawn", gc=False):
    """Chance: a night event (index in the night deck's list)."""

    event: int
    """The event's index (content order)."""


DlidAction = (
    DrawCard
    | Investigate
    | Trade
    | Pay
    | Cook
    | Craft
    | EndTurn
    | Eat
    | Revive
    | AddWood
    | PlaceFkp
    | Skill
    | Keep
    | Fight
    | Reroll
    | Redraw
    | BreakTool
    | LoseItem
    | Equip
    | Unequip
    | Give
    | Proceed
    | CardDrawn
    | DieRolled
    | EventDrawn
)

ACTION_TYPES: Final = (
    DrawCard,
    Investigate,
    Trade,
    Pay,
    Cook,
    Craft,
    EndTurn,
    Eat,
    Revive,
    AddWood,
    PlaceFkp,
    Skill,
    Keep,
    Fight,
    Reroll,
    Redraw,
    BreakTool,
    LoseItem,
    Equip,
    Unequip,
    Give,
    Proceed,
    CardDrawn,
    DieRolled,
    EventDrawn,
)

FIRE_DIE: Final = ((0, 1), (1, 3), (2, 1), (3, 1))
"""The Fire Die's faces as (value, faces): blank, 1, 1, 1, 2, 3 (DLID-A8, public)."""
