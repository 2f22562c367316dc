"""Until Daylight: constants the rulebook fixes, and the value types (content, configs,
states, actions).

Everything here is a frozen ``msgspec.Struct``. The content (characters, rubble cards,
horde deck, dice, objectives) is data inside the config, so a user with the printed
components can supply their own; :mod:`~dieproof.reference.until_daylight.content`
holds dieproof's default, with the source of every entry.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

import msgspec

from dieproof.reference.core.types import Action, Config, IdentityEnum, Result, State, Value

# -- constants the rulebook fixes -------------------------------------------------------

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6
"""Until Daylight is for 3 to 6 players (the rulebook's first page)."""
ROUNDS: Final = 10
"""The night lasts ten rounds; the tenth ends in the final fight (Last Round)."""
MAX_DICE: Final = 6
"""No roll has more than six combat dice: an attack, or one wave of an enemies' attack
(The 6-Dice Rule; Begin the Enemies' Attack)."""
MAX_TOKENS: Final = 2
"""A player has at most two protection tokens, traps and barricades together."""
INVENTORY_SLOTS: Final = 10
"""Rubble cards a character can keep (every character but the Haggler)."""
BARRICADE_TOKENS: Final = 12
"""Barricade tokens in the box (What's in the Box?)."""
TRAP_TOKENS: Final = 6
"""Trap tokens in the box (What's in the Box?)."""
OFFERED_OBJECTIVES: Final = 2
"""Secondary objectives drawn at setup, of which the player keeps one."""
RAIDER_DICE: Final = 2
"""Combat dice per raider (The Different Types of Hordes)."""
FATE_FACES: Final = 6
"""The die of fate has six faces, one per effect (Icons Index)."""


class Enemy(IdentityEnum):
    """The kinds of horde card. Survivors are horde cards but not enemies."""

    RAIDER = "raider"
    WANDERER = "wanderer"
    BRUTE = "brute"
    MONSTER = "monster"
    SURVIVOR = "survivor"


ENEMY_ORDER: Final = tuple(Enemy)
"""The canonical order of horde kinds (chance outcomes list them this way)."""

INFECTED: Final = frozenset({Enemy.WANDERER, Enemy.BRUTE, Enemy.MONSTER})
"""The three kinds of infected (not raiders, not survivors)."""

ENEMIES: Final = frozenset({Enemy.RAIDER, *INFECTED})
"""Every kind of enemy: the raiders and the infected (survivors are not enemies)."""

ATTACK_DICE: Final = {
    Enemy.RAIDER: RAIDER_DICE,
    Enemy.WANDERER: 1,
    Enemy.BRUTE: 2,
    Enemy.MONSTER: 3,
    Enemy.SURVIVOR: 0,
}
"""Combat dice each horde card attacks with (The Different Types of Hordes)."""

KILL_BY_HEADS: Final = {
    Enemy.RAIDER: 1,
    Enemy.WANDERER: 1,
    Enemy.BRUTE: 1,
    Enemy.MONSTER: 2,
    Enemy.SURVIVOR: 1,
}
"""Head damage that eliminates each kind (a survivor dies of any one damage)."""

KILL_BY_BODIES: Final = {
    Enemy.RAIDER: 2,
    Enemy.WANDERER: 2,
    Enemy.BRUTE: 0,
    Enemy.MONSTER: 0,
    Enemy.SURVIVOR: 1,
}
"""Body damage that eliminates each kind; 0: body damage alone never does."""

REWARD_DRAWS: Final = {
    Enemy.RAIDER: 1,
    Enemy.WANDERER: 0,
    Enemy.BRUTE: 1,
    Enemy.MONSTER: 2,
    Enemy.SURVIVOR: 0,
}
"""Rubble cards the attacker draws for eliminating each kind."""

BARRICADE_HEADS: Final = 1
BARRICADE_BODIES: Final = 2
"""A barricade falls to one head or two body damage (Barricades)."""
BODIES_PER_DAMAGE: Final = 2
"""Two body damage make one full damage (Combat Dice)."""


class Face(IdentityEnum):
    """A combat die's result."""

    HEAD = "head"
    BODY = "body"
    MISS = "miss"


class Fate(IdentityEnum):
    """The six faces of the die of fate (Icons Index), each rolled with probability 1/6."""

    REMOVE_ENEMY = "remove-enemy"
    ADD_ENEMY = "add-enemy"
    DISCARD = "discard"
    DRAW = "draw"
    HEAL = "heal"
    DAMAGE = "damage"


FATE_ORDER: Final = tuple(Fate)


class CardKind(IdentityEnum):
    """What a rubble card does."""

    WEAPON = "weapon"
    AMMO = "ammo"
    FOOD = "food"
    SYMBOL = "symbol"
    PROTECTION = "protection"
    MATERIAL = "material"
    EVENT = "event"


class EventKind(IdentityEnum):
    """The red bad-luck cards, resolved as soon as they are drawn."""

    INJURY = "injury"
    """The drawer takes one damage."""
    LOSS = "loss"
    """The drawer discards a rubble card of their choice."""
    NOISE = "noise"
    """Noise attracts one infected (drawn among the infected of the horde deck) into the
    drawer's area (Icons Index)."""


class Token(IdentityEnum):
    """The two protection tokens."""

    BARRICADE = "barricade"
    TRAP = "trap"


TOKEN_ORDER: Final = tuple(Token)


class AbilityKind(IdentityEnum):
    """What a character's advantage or drawback changes."""

    MELEE_DICE = "melee-dice"
    """Dice added to (advantage) or taken from (drawback) a melee attack."""
    DISTANCE_DICE = "distance-dice"
    """Dice added to or taken from a distance attack."""
    REGENERATION = "regeneration"
    """Health healed at the end of every round (an advantage only)."""


class ObjectiveKind(IdentityEnum):
    """What an objective card asks for (dieproof's provisional objectives)."""

    KILLS = "kills"
    """Eliminate this many enemies in one's own attacks, over the game."""
    MONSTERS = "monsters"
    """Keep this many monster cards."""
    SAVED = "saved"
    """Save this many survivors over the game."""
    BUILT = "built"
    """Build this many traps or barricades over the game."""
    SYMBOLS = "symbols"
    """Hold this many symbol cards at once."""


# -- content ------------------------------------------------------------------------------

# Bounds on a user's content, so that no configuration (6 MB of content, say) makes the
# referee's answers or memory grow without limit. The schema states them and the decoder
# refuses a configuration past them (UD.CONFIG_JSON); validate_config checks the same for
# configurations built in Python (UD.CONTENT). Each is far beyond the printed game.
MAX_NAME: Final = 64
"""Characters in a name of a card, character or objective."""
MAX_CHARACTERS: Final = 32
"""Character cards in a content."""
MAX_CARD_KINDS: Final = 128
"""Kinds of rubble card (and objective cards) in a content."""
MAX_RECIPE: Final = 16
"""Cards in a craft recipe."""
MAX_COPIES: Final = 1_000
"""Copies of one kind of card, of one kind of horde card, or of an objective."""
MAX_AMOUNT: Final = 1_000
"""Health, slots, dice, heal, die faces, targets and experience of one entry."""
MAX_SOURCE: Final = 300
"""Characters in an entry's ``source``."""

Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
"""A name in the content (at most :data:`MAX_NAME` characters)."""
Copies = Annotated[int, msgspec.Meta(le=MAX_COPIES)]
"""A count of copies (at most :data:`MAX_COPIES`)."""
Amount = Annotated[int, msgspec.Meta(le=MAX_AMOUNT)]
"""A small quantity of one entry (at most :data:`MAX_AMOUNT`)."""
MAX_WEIGHT: Final = 1_000_000
"""The timer's weights (``gong``, ``tick``)."""
MAX_LIMIT: Final = 10_000
"""The timer's ``limit`` and ``final_cycles``."""
SourceText = Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)]
"""Where an entry comes from (at most :data:`MAX_SOURCE` characters)."""


class Ability(Value, frozen=True):
    """An advantage or a drawback."""

    kind: AbilityKind
    """What the ability changes."""
    amount: Amount
    """How much; an advantage's amount doubles while its character leads the group."""


class Character(Value, frozen=True):
    """A character card."""

    name: Name
    """The character's name, lower case."""
    health: Amount
    """Health points at the start (the damage wheel at NONE)."""
    slots: Amount
    """Inventory slots: ten, except for the Haggler."""
    advantage: Ability
    """What the character does better (doubled while leading)."""
    drawback: Ability
    """What the character does worse."""
    weapon: Name
    """The name of the character's basic weapon card."""
    source: SourceText
    """Where the entry comes from: ``rulebook``, a cited public source, or ``provisional``."""


class RubbleCard(Value, frozen=True):
    """A kind of rubble card and how many the deck holds."""

    name: Name
    """The card's name, unique in the content."""
    kind: CardKind
    """What the card does."""
    count: Copies
    """Copies in the rubble deck before setup (0 for the basic weapons, which enter the
    deck only if their character is not chosen)."""
    dice: Amount = 0
    """A weapon's own combat dice (a melee weapon's dice; a distance weapon adds one die
    per ammunition card)."""
    melee: bool = False
    """A melee weapon (no ammunition, no collateral damage)."""
    ammo: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] = ""
    """A distance weapon's ammunition card."""
    noisy: bool = False
    """A firearm: attacking another player's area with it tames the horde."""
    kept: bool = False
    """The weapon is marked "not discarded when used" and stays after an attack; an
    unmarked weapon is discarded with the other cards the attack used (At the End of an
    Attack)."""
    heal: Amount = 0
    """Health a food card restores."""
    event: EventKind | None = None
    """A red event card's effect."""
    source: SourceText = "provisional"
    """Where the entry comes from: ``rulebook``, a cited public source, or
    ``provisional``."""


class Deck(Value, frozen=True):
    """A multiset of horde cards: a count per kind (a deck, a discard pile)."""

    raider: Copies = 0
    """Raiders."""
    wanderer: Copies = 0
    """Wanderers."""
    brute: Copies = 0
    """Brutes."""
    monster: Copies = 0
    """Monsters."""
    survivor: Copies = 0
    """Survivors."""

    def counts(self) -> tuple[int, int, int, int, int]:
        """The count of every kind, in :data:`ENEMY_ORDER`."""
        return (self.raider, self.wanderer, self.brute, self.monster, self.survivor)

    def total(self) -> int:
        return self.raider + self.wanderer + self.brute + self.monster + self.survivor

    def count(self, kind: Enemy) -> int:
        return int(getattr(self, kind.value))

    def add(self, kind: Enemy, n: int = 1) -> Deck:
        field = kind.value
        return msgspec.structs.replace(self, **{field: int(getattr(self, field)) + n})


class CombatDie(Value, frozen=True):
    """The faces of a combat die: how many of its six faces show each result."""

    head: Amount
    """Faces showing a head."""
    body: Amount
    """Faces showing a body."""
    miss: Amount
    """Faces showing a miss (X)."""


class Objective(Value, frozen=True):
    """An objective card."""

    name: Name
    """The objective's name, unique in the content."""
    kind: ObjectiveKind
    """What it counts."""
    target: Amount
    """How many it needs."""
    xp: Amount
    """Experience points it gives once achieved."""
    character: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] = ""
    """The character it belongs to; empty for a secondary objective."""
    count: Copies = 1
    """Copies of a secondary objective in its pile."""
    source: SourceText = "provisional"
    """Where the entry comes from: ``rulebook``, a cited public source, or
    ``provisional``."""


class Content(Value, frozen=True):
    """The components: everything the rulebook does not print, as data."""

    characters: Annotated[tuple[Character, ...], msgspec.Meta(max_length=MAX_CHARACTERS)]
    """The character cards."""
    rubble: Annotated[tuple[RubbleCard, ...], msgspec.Meta(max_length=MAX_CARD_KINDS)]
    """Every kind of rubble card, basic weapons included; this order is the canonical
    order of cards in states and actions."""
    horde: Deck
    """The horde deck's composition."""
    die: CombatDie
    """The combat die."""
    objectives: Annotated[tuple[Objective, ...], msgspec.Meta(max_length=MAX_CARD_KINDS)]
    """The character objectives and the secondary objective pile."""
    barricade: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_RECIPE)]
    """The rubble cards a barricade is crafted from."""
    trap: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_RECIPE)]
    """The rubble cards a trap is crafted from."""


class Timer(Value, frozen=True):
    """dieproof's model of the search phase's real-time timer (UD-A1).

    Before every search action a chance node decides whether the gong sounds:
    with probability ``gong / (gong + tick)``, and surely once ``limit`` actions have
    been taken in the phase (a sandtimer runs out).
    """

    gong: Annotated[int, msgspec.Meta(le=MAX_WEIGHT)] = 1
    """The weight of "the gong sounds" at each chance node."""
    tick: Annotated[int, msgspec.Meta(le=MAX_WEIGHT)] = 9
    """The weight of "the search goes on"."""
    limit: Annotated[int, msgspec.Meta(le=MAX_LIMIT)] = 40
    """Search actions after which the gong surely sounds."""


class Readings(Value, frozen=True):
    """The chosen reading of every selectable ambiguity (see the ambiguity log)."""

    trap_damage: Literal["combined", "separate"] = "combined"
    """UD-A6: two traps in one area add their head damage on the same enemy, or each
    trap is its own attack."""
    trap_timing: Literal["attack", "arrival"] = "attack"
    """UD-A29: an area's traps fire at the start of its enemies' attack, or as soon as an
    enemy is in the area (when it sweeps in, or when the trap is built among enemies)."""
    trap_target: Literal["line", "attacker"] = "line"
    """UD-A30: a trap hits the first enemy in the area's line, or the first enemy to
    attack (the first raider, since raiders attack first; else the first infected)."""
    collateral: Literal["damage_order", "character"] = "damage_order"
    """UD-A7: a miss's collateral damage follows the damage order, or hits the
    character directly."""
    survivors_in_line: Literal["optional", "skipped", "blocking"] = "optional"
    """UD-A8: the attacker chooses, for each attack, whether the survivors in the line
    are targets (``AttackWith.survivors``); or an attack always passes them by; or it
    must always spend a die on each survivor before the enemies behind it."""
    enemy_order: Literal["area", "kind"] = "area"
    """UD-A9: the enemies' attack goes area by area (raiders, then infected, in each), or
    all raiders of the table first and then all infected."""
    defense_choice: Literal["defender", "leader"] = "defender"
    """UD-A10: which player allots the enemies' dice among survivors, barricades,
    protection cards and the character."""
    win_survivors: Literal["kept", "ever"] = "kept"
    """UD-A11: the win needs a saved survivor still kept, or any survivor ever saved."""
    ammo_spend: Literal["useful", "any"] = "useful"
    """UD-A25: an attack spends at most the ammunition cards that still add a die after
    the character's advantage and drawback (six dice at most), or any number held (the
    dice still capped at six)."""
    fate_horde: Literal["infected", "enemy", "card"] = "infected"
    """UD-A31: the die of fate adds (or withdraws) one infected, one enemy (raider or
    infected), or simply one horde card more (or fewer), whatever it is."""
    take_ammo: Literal["stack", "one"] = "stack"
    """UD-A32: a take may move any part of an ammunition stack, as a give may, or one
    card only."""
    throw_away: Literal["search_turn", "own_turn"] = "search_turn"
    """UD-A33: a player throws rubble cards away (not an action) during their search
    turn, or during any turn of theirs, the characters' attack included."""


class UdConfig(Config, frozen=True):
    """A game of Until Daylight.

    With ``content = None`` the game plays dieproof's default components, most of them
    provisional (UD-A2): the combat die's faces (2 head, 2 body, 2 miss), the characters'
    health, abilities, slot counts beyond the rulebook's and basic weapons, the rubble
    deck (kinds, counts, weapons marked not discarded, food, protection, materials and
    events), the horde deck's split by kind, the craft recipes and the objectives. The
    names of the characters, the enemies' dice and thresholds, the die of fate, the
    tokens and the card totals are the rulebook's or public. ``dieproof components
    until-daylight`` and the rules reference list every item.
    """

    players: int = 4
    """3 to 6."""
    content: Content | None = None
    """The components; ``None`` plays dieproof's default content, which is provisional
    where nothing public gives it (UD-A2: the combat die, health, abilities, basic
    weapons, the rubble and horde decks' make-up, recipes, events and objectives)."""
    timer: Timer = Timer()
    """dieproof's model of the search phase's timer (UD-A1)."""
    final_cycles: Annotated[int, msgspec.Meta(le=MAX_LIMIT)] = 100
    """dieproof's bound on the final fight (UD-A14): after this many cycles of attacks
    with enemies still standing, the night is lost."""
    readings: Readings = Readings()
    """The reading of each selectable ambiguity."""


# -- states ---------------------------------------------------------------------------------


class Phase(IdentityEnum):
    """Where the round is."""

    SETUP = "setup"
    SEARCH = "search"
    RELEASE = "release"
    """The release of the horde: the die of fate, then the horde cards."""
    ATTACKS = "attacks"
    """The characters' attack: one action per player in turn."""
    ENEMIES = "enemies"
    """The enemies' attack."""
    OVER = "over"


class Step(IdentityEnum):
    """What the current node waits for."""

    ROLL_OFF = "roll-off"
    """Chance: the roll-off for the first player."""
    CHOOSE = "choose"
    """A player chooses a character."""
    OBJECTIVE = "objective"
    """Chance: a secondary objective is drawn."""
    KEEP = "keep"
    """The player keeps one of the two secondary objectives drawn."""
    CLOCK = "clock"
    """Chance: does the gong sound before the next search action?"""
    SEARCH = "search"
    """The current player's search action."""
    CONSENT = "consent"
    """The owner of a card another player asked to take agrees or refuses."""
    FOUND = "found"
    """Chance: a rubble card is drawn."""
    OVERFLOW = "overflow"
    """A player with a card that does not fit discards until it does."""
    DISCARD = "discard"
    """A player owes a discard (a raider's damage, a loss event, the die of fate)."""
    FATE = "fate"
    """Chance: the active player's die of fate."""
    HORDE = "horde"
    """Chance: a horde card is revealed."""
    ACT = "act"
    """The current player's action in the characters' attack."""
    ROLL = "roll"
    """Chance: combat dice are rolled."""
    ALLOT = "allot"
    """A player chooses which die goes to the target in front."""
    SACRIFICE = "sacrifice"
    """A player may sacrifice saved survivors to absorb damage."""
    NONE = "none"
    """The game is over."""


class Then(IdentityEnum):
    """What the game does once its pending draws, discards and reveals are done."""

    NOTHING = "nothing"
    NEXT_SEARCHER = "next-searcher"
    RELEASE = "release"
    """The die of fate is resolved: reveal the horde."""
    ATTACKS = "attacks"
    """The horde is in place: the characters' attack begins."""
    NEXT_ACTOR = "next-actor"
    ENEMIES = "enemies"
    """Continue the enemies' attack."""


class Wave(IdentityEnum):
    """Which damage is being resolved against a player."""

    NONE = "none"
    RAIDERS = "raiders"
    INFECTED = "infected"
    COLLATERAL = "collateral"


class Attack(Value, frozen=True):
    """A character's attack in progress."""

    attacker: int
    """The attacking player."""
    area: int
    """The player whose area is attacked."""
    weapon: str
    """The weapon card used."""
    melee: bool
    """A melee weapon (no collateral damage)."""
    noisy: bool
    """A firearm (it tames the horde)."""
    dice: int
    """Combat dice rolled: the dice after every modifier, capped at six."""
    ammo: int = 0
    """Ammunition cards spent on the attack (0 for a melee weapon)."""
    survivors: bool = False
    """The survivors in the line are targets of this attack (UD-A8)."""
    heads: int = 0
    """Head damage not yet assigned."""
    bodies: int = 0
    """Body damage not yet assigned."""
    misses: int = 0
    """Misses rolled (collateral damage in another player's area)."""
    eliminated: tuple[int, ...] = ()
    """Positions in the attacked area of the horde cards eliminated by this attack."""
    stopped: bool = False
    """The front enemy could not be eliminated: the attack went no further."""
    rolled: bool = False
    """The dice have been rolled."""


class Defense(Value, frozen=True):
    """Damage being resolved against one player (an enemies' wave, or collateral)."""

    defender: int
    """The player taking the damage."""
    wave: Wave
    """What deals it."""
    dice_left: int = 0
    """Dice of this wave still to roll after the current roll."""
    dice: int = 0
    """Dice in the current roll."""
    heads: int = 0
    """Head damage of the current roll not yet allotted."""
    bodies: int = 0
    """Body damage of the current roll not yet allotted."""
    misses: int = 0
    """Misses of the current roll."""
    damage: int = 0
    """Full damage waiting for the sacrifice decision."""


Cards = tuple[int, ...]
"""A multiset of rubble cards: a count per kind, in the content's order."""
Area = tuple[Enemy, ...]
"""A combat area's horde cards in release order."""


class UdState(State, frozen=True):
    """An Until Daylight position, everything included (the referee sees all)."""

    config: UdConfig
    """The game being played."""
    phase: Phase
    """Where the round is."""
    step: Step
    """What the current node waits for."""
    round: int
    """1 to 10."""
    current: int
    """The seat to act (or, at a chance node, the seat it concerns)."""
    turn: int = 0
    """The seat whose search or combat turn it is (another seat may be deciding a
    discard or a consent in the middle of it)."""
    first: int = -1
    """The seat that won the roll-off and chose first; -1 before the roll-off."""
    active: int = -1
    """The player who receives this round's horde; -1 during the search phase."""
    leader: int = -1
    """The holder of the leader token; -1 while there is none."""
    characters: tuple[int, ...] = ()
    """Each seat's character (index in the content), -1 before choosing."""
    health: tuple[int, ...] = ()
    """Each character's health (0 before choosing; 0 after setup means dead)."""
    inventories: tuple[Cards, ...] = ()
    """Each player's rubble cards, as counts in content order."""
    rubble: Cards = ()
    """The rubble deck (the two piles count as one: UD-A3)."""
    rubble_discard: Cards = ()
    """The rubble discard pile."""
    horde: Deck = Deck()
    """The horde deck."""
    horde_discard: Deck = Deck()
    """The horde discard pile (eliminated enemies and survivors)."""
    areas: tuple[Area, ...] = ()
    """Each player's combat area: its horde cards in release order."""
    barricades: tuple[int, ...] = ()
    """Barricade tokens in each player's area."""
    traps: tuple[int, ...] = ()
    """Trap tokens in each player's area."""
    saved: tuple[int, ...] = ()
    """Saved survivors each player keeps."""
    monsters: tuple[int, ...] = ()
    """Monster cards each player keeps."""
    kills: tuple[int, ...] = ()
    """Enemies each player has eliminated in their own attacks."""
    built: tuple[int, ...] = ()
    """Traps and barricades each player has built."""
    saved_ever: tuple[int, ...] = ()
    """Survivors each player has saved over the game."""
    wounds: tuple[int, ...] = ()
    """Damage each character has taken through the damage order (enemies' attacks and
    collateral damage): what the damage-order invariant watches."""
    objectives: tuple[tuple[int, ...], ...] = ()
    """Each player's objective cards (indices in the content)."""
    achieved: tuple[tuple[bool, ...], ...] = ()
    """Which of each player's objectives are achieved (aligned with ``objectives``)."""
    secondary: tuple[int, ...] = ()
    """The secondary objective pile: a count per objective (0 for character ones)."""
    offered: tuple[int, ...] = ()
    """The secondary objectives drawn and not yet chosen from."""
    held: int = -1
    """A rubble card on its way into an inventory (drawn or handed over), or -1."""
    held_count: int = 0
    """How many cards of the kind ``held`` are in transit (an ammunition stack)."""
    holder: int = -1
    """The player the card in transit goes to."""
    search_actions: int = 0
    """Search actions taken in this search phase (the timer's limit)."""
    acted: int = 0
    """Players who have acted in this characters' attack; areas done in an enemies' attack."""
    cycle: int = 0
    """Cycles of the final fight completed (round ten)."""
    draws: int = 0
    """Rubble cards owed to ``drawer``."""
    drawer: int = -1
    """The player who draws the owed rubble cards."""
    discards: int = 0
    """Rubble cards ``discarder`` owes."""
    discarder: int = -1
    """The player who owes the discards."""
    reveal: int = 0
    """Horde cards still to reveal into ``reveal_area``."""
    reveal_area: int = -1
    """The area the owed horde cards go to."""
    then: Then = Then.NOTHING
    """What follows once the owed draws, discards and reveals are done (NOTHING: the
    state waits at ``step``)."""
    asker: int = -1
    """The player asking to take a card, at a consent step."""
    request: tuple[int, int] = (-1, 0)
    """The card and count asked for, at a consent step."""
    attack: Attack | None = None
    """The character's attack being resolved, if any."""
    defense: Defense | None = None
    """The damage being resolved against a player, if any."""
    harm: int = 0
    """Damage owed to ``harmed``'s character outside an attack on them (the die of fate,
    an injury event, collateral damage under collateral = "character"), waiting for
    their decision to sacrifice saved survivors (UD-ENEMY-7)."""
    harmed: int = -1
    """The player the owed ``harm`` is for, or -1."""
    attract: int = 0
    """Horde cards still to reveal into ``reveal_area`` after the regular ones, drawn
    among the infected only (or among all enemies, with ``attract_raiders``): the noise
    event's and the die of fate's additions (UD-A31)."""
    withdraw: int = 0
    """Infected (or enemies, with ``attract_raiders``) the die of fate withdraws from the
    horde wave being revealed: the next such card revealed goes to the horde discard
    pile instead of the area (UD-A31)."""
    attract_raiders: bool = False
    """The die of fate's addition or withdrawal may be a raider (fate_horde = "enemy")."""
    experience: tuple[int, ...] = ()
    """Each player's experience points (UD-SETUP-5): symbol cards held, monsters and
    saved survivors kept, achieved objectives; updated after every step. The leader
    token follows it (UD-SETUP-6)."""
    roll_size: int = 0
    """Dice in the roll pending or resolving (at most six)."""
    trap_pass: bool = False
    """The enemies' attack has fired the current area's traps."""
    next_wave: Wave = Wave.NONE
    """The next wave to attack the current area in the enemies' attack (NONE: the area
    is done)."""
    raiders_done: bool = False
    """In the enemies' attack by kind (UD-A9): every area's raiders have attacked, and
    the second pass over the areas brings the infected."""
    result: Result | None = None
    """How the game ended, once it has."""


# -- actions --------------------------------------------------------------------------------


class FirstPlayer(Action, frozen=True, tag="first-player"):
    """Chance: the roll-off's winner."""

    seat: int
    """The seat that chooses first and plays first."""


class Choose(Action, frozen=True, tag="choose"):
    """Choose a character."""

    character: str
    """The character's name, as in the content."""


class DrawObjective(Action, frozen=True, tag="objective"):
    """Chance: a secondary objective comes off its pile."""

    objective: str
    """The objective's name, as in the content."""


class Keep(Action, frozen=True, tag="keep"):
    """Keep one of the two secondary objectives drawn (the other is discarded)."""

    objective: str
    """The name of the objective kept."""


class Clock(Action, frozen=True, tag="clock"):
    """Chance: the gong sounds (``gong``), or the search phase goes on."""

    gong: bool
    """True: the gong sounds and the search phase ends."""


class Draw(Action, frozen=True, tag="draw"):
    """Draw a rubble card (a search action)."""


class Build(Action, frozen=True, tag="build"):
    """Craft a trap or a barricade from rubble cards."""

    token: Token
    """The token built."""


class Give(Action, frozen=True, tag="give"):
    """Give ``count`` rubble cards of kind ``card`` (more than one only for ammunition of
    one slot) to player ``to``."""

    to: int
    """The seat that receives the cards."""
    card: str
    """The rubble card's name."""
    count: int = 1
    """How many cards of that kind."""


class Take(Action, frozen=True, tag="take"):
    """Ask player ``owner`` to let you take ``count`` cards of kind ``card``."""

    owner: int
    """The seat whose cards are asked for."""
    card: str
    """The rubble card's name."""
    count: int = 1
    """How many cards of that kind."""


class Consent(Action, frozen=True, tag="consent"):
    """The owner's answer to a take."""

    agree: bool
    """True: the cards change hands."""


class Use(Action, frozen=True, tag="use"):
    """Use a rubble card that needs an action (food)."""

    card: str
    """The rubble card's name."""


class Pass(Action, frozen=True, tag="pass"):
    """Do nothing."""


class Throw(Action, frozen=True, tag="throw"):
    """Throw away one rubble card of kind ``card``: not an action, the turn goes on
    (UD-SEARCH-11)."""

    card: str
    """The rubble card's name."""


class Found(Action, frozen=True, tag="found"):
    """Chance: the rubble card drawn."""

    card: str
    """The rubble card's name."""


class Discard(Action, frozen=True, tag="discard"):
    """Discard one rubble card of kind ``card``."""

    card: str
    """The rubble card's name."""


class FateRoll(Action, frozen=True, tag="fate"):
    """Chance: the die of fate's face."""

    face: Fate
    """The face rolled."""


class Reveal(Action, frozen=True, tag="horde"):
    """Chance: the horde card revealed."""

    enemy: Enemy
    """The kind of horde card; it joins the end of the receiving area."""


class AttackWith(Action, frozen=True, tag="attack"):
    """Attack the enemies in player ``area``'s combat area with ``weapon`` and ``ammo``
    ammunition cards; with ``survivors``, the survivors in the line are targets too."""

    area: int
    """The seat whose combat area is attacked."""
    weapon: str
    """The weapon card's name."""
    ammo: int = 0
    """Ammunition cards spent (0 for a melee weapon)."""
    survivors: bool = False
    """The attack targets the survivors in the line as well as the enemies (they take
    dice in line order, one die of any kind eliminating one): a choice under
    survivors_in_line = "optional" in an area holding a survivor, always true under
    "blocking" and always false under "skipped" (UD-A8)."""


class Roll(Action, frozen=True, tag="roll"):
    """Chance: the combat dice show this many heads, bodies and misses."""

    heads: int
    """Dice showing a head."""
    bodies: int
    """Dice showing a body."""
    misses: int
    """Dice showing a miss."""


class Allot(Action, frozen=True, tag="allot"):
    """Spend head or body damage on the target in front."""

    face: Face
    """Which damage to spend."""


class Sacrifice(Action, frozen=True, tag="sacrifice"):
    """Discard ``count`` saved survivors, each absorbing one damage."""

    count: int
    """How many survivors (0: none)."""


UdAction = (
    FirstPlayer
    | Choose
    | DrawObjective
    | Keep
    | Clock
    | Draw
    | Build
    | Give
    | Take
    | Consent
    | Use
    | Pass
    | Throw
    | Found
    | Discard
    | FateRoll
    | Reveal
    | AttackWith
    | Roll
    | Allot
    | Sacrifice
)
"""Every Until Daylight action; FirstPlayer, DrawObjective, Clock, Found, FateRoll,
Reveal and Roll are chance's."""

ACTION_TYPES: Final = (
    FirstPlayer,
    Choose,
    DrawObjective,
    Keep,
    Clock,
    Draw,
    Build,
    Give,
    Take,
    Consent,
    Use,
    Pass,
    Throw,
    Found,
    Discard,
    FateRoll,
    Reveal,
    AttackWith,
    Roll,
    Allot,
    Sacrifice,
)
