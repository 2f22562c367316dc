"""No Game Over: constants the rulebook fixes, and the value types (cards, content,
configs, states, actions).

Everything here is a frozen ``msgspec.Struct``. The cards are data inside the config, so a
user with the printed cards can supply their own list;
:mod:`~dieproof.reference.no_game_over.content` holds dieproof's default, with the source
of every entry. A card is named in states and actions by its index in the content (its
*kind*); decks, discard piles and hands are multisets written as one count per kind.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

import msgspec

from dieproof.reference.core.types import Action, Config, IdentityEnum, Result, State, Value

# -- constants the rulebook fixes -------------------------------------------------------

MIN_PLAYERS: Final = 2
"""Two players at least: one way to win is to be the last player with lives (NGO-A1)."""
MAX_PLAYERS: Final = 6
"""The largest table dieproof supports (NGO-A1 gives the reason)."""
MAX_LIVES: Final = 6
"""Nobody has more than six lives (Setup; Clarifications)."""
GAIN_CEILING: Final = 5
"""Lives a card or a trade can bring a player to: the sixth life comes only from winning a
combat (Final Boss Deck; Clarifications)."""
START_LIVES: Final = 3
"""Lives each player starts with (Setup)."""
START_ITEMS: Final = 3
START_LEVELS: Final = 3
"""Item and Level cards dealt to each player (Setup)."""
HAND_LIMIT: Final = 5
"""Cards a hand may hold at the Level and at the end of a turn (Start; End of Turn)."""
TRADE_CARDS: Final = 3
"""Cards traded for one life (Start; Clarifications)."""
TRADE_BELOW: Final = 5
"""The trade is open only below this many lives (Quick Start)."""
BASE_ESCAPE: Final = 2
"""Everyone's escape value before equipment and curses (Escape)."""
DIE_FACES: Final = 6
"""The die is a d6: the escape roll of "1 or 2" and Strict Brawler's roll (NGO-A2)."""
MAX_ENEMY_SLOTS: Final = 2
"""Enemies against a player: the main one and at most one secondary (Combat)."""
HAND_SLOTS: Final = 2
"""Hands a player has for equipment (Card Types and Their Use: Equipment)."""
MAX_COPIES: Final = 200
MAX_KINDS: Final = 120
MAX_NAME: Final = 60
MAX_VALUE: Final = 99


# -- cards ------------------------------------------------------------------------------


class Deck(IdentityEnum):
    """The three decks (Setup). Each has its own discard pile."""

    ITEM = "item"
    LEVEL = "level"
    BOSS = "boss"


class Kind(IdentityEnum):
    """What a card is (Card Types and Their Use)."""

    EQUIPMENT = "equipment"
    SINGLE_USE = "single-use"
    ENEMY = "enemy"
    CURSE = "curse"
    BOSS = "boss"


class Slot(IdentityEnum):
    """The body area an equipment card goes to (Equipment; Card Icons)."""

    NONE = "none"
    HEAD = "head"
    BODY = "body"
    LEGS = "legs"
    HAND = "hand"
    TWO_HANDS = "two-hands"


class Block(IdentityEnum):
    """What an enemy's cannot-escape icon forbids (Enemy; Card Icons)."""

    NONE = "none"
    """Escape as usual."""
    DICE = "dice"
    """No escape with the die; an escape card still works."""
    ALL = "all"
    """No escape at all."""


class Effect(IdentityEnum):
    """A card's text (Items with Text; Levels with Text; Card Icons)."""

    NONE = "none"
    """No text: the card's numbers say everything."""
    BRAWLER = "brawler"
    """Strict Brawler / Killer Instinct: roll the die, add twice the roll."""
    LOAD_GAME = "load-game"
    """Load Game: discarded when drawn; every ghost comes back with one life."""
    STEAL = "steal"
    """Steal Burglar: take an equipped card of your choice or a random card from a hand."""
    THYME = "thyme"
    """Thyme Crisis: another player's strength is added to yours."""
    SOLIDAIRE = "solidaire"
    """Solidaire: the enemies facing the fighter are replaced by one from your hand."""
    CHEAT = "cheat"
    """Cheat: one extra equipment card beyond the slots."""
    LACKEYS = "lackeys"
    """GCA Lackeys: your power is doubled, equipment included."""
    RINGS = "rings"
    """Zoomic Rings / Marcos Bros Coins: discard it with another card, gain one life."""
    FRENZY = "frenzy"
    """Final Frenzy / Comfy Magic: the enemies attack another player of your choice."""
    MOBSTER = "mobster"
    """Mobster / Protection: take a card of your choice from a discard pile."""
    ESCAPE = "escape"
    """An escape card: flee the combat without the die (Card Icons)."""
    CANCEL = "cancel-curse"
    """A Cancel Curse card: discard a curse lying beside your equipment before it acts
    (Card Icons; NGO-A14)."""
    PRINCESS = "princess"
    """Princess of Bersia: an enemy as strong as the player it faces."""
    FRUITTY = "fruitty"
    """Call of Fruitty: everybody discards a card, except whoever played it."""
    WARCIO = "warcio"
    """Warcio: discard one equipped card of your choice."""
    KOOKOOMARI = "kookoomari"
    """Kookoomari: discard two cards of your choice."""
    SPATUNA = "spatuna"
    """Spatuna: no equipment in your current or next combat."""
    GERBY = "gerby"
    """Gerby: lose every equipped card."""
    LOSE_LIFE = "lose-life"
    """Lose a Life: an instant curse, one life."""
    ESCAPE_CURSE = "escape-curse"
    """A curse that changes the escape value (its ``escape``) until after the next
    combat (Curse: non-instant; Card Icons)."""


Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
Amount = Annotated[int, msgspec.Meta(ge=0, le=MAX_VALUE)]
Signed = Annotated[int, msgspec.Meta(ge=-MAX_VALUE, le=MAX_VALUE)]
Copies = Annotated[int, msgspec.Meta(ge=1, le=MAX_COPIES)]
SourceText = Annotated[str, msgspec.Meta(max_length=200)]


class Card(Value, frozen=True):
    """One kind of card and how many copies the box holds."""

    name: Name
    """The card's name (unique in the content)."""
    deck: Deck
    """The deck it belongs to."""
    kind: Kind
    """What it is."""
    count: Copies
    """Copies in the box."""
    strength: Amount = 0
    """Strength: an equipment's or single-use item's bonus, an enemy's or boss's strength."""
    escape: Signed = 0
    """Change to the escape value: equipment (while used) and escape curses."""
    slot: Slot = Slot.NONE
    """Body area of an equipment card (``none`` for every other card)."""
    lives: Amount = 0
    """Lives a single-use item gives (Gain Life)."""
    reward: Amount = 0
    """Cards gained for defeating the enemy (Reward)."""
    block: Block = Block.NONE
    """An enemy's cannot-escape icon."""
    effect: Effect = Effect.NONE
    """The card's text."""
    provisional: bool = True
    """Whether any number of this entry is dieproof's placeholder (the card list is not
    published); ``false`` only when the rulebook fixes everything about it."""
    source: SourceText = "provisional"
    """Where its effect and numbers come from."""


class Content(Value, frozen=True):
    """Every card of the box, in the order that gives their indices."""

    cards: Annotated[tuple[Card, ...], msgspec.Meta(min_length=1, max_length=MAX_KINDS)]
    """The card kinds; a card is named in states and actions by its index here."""


class Readings(Value, frozen=True):
    """The chosen reading of each selectable ambiguity (spec/no-game-over.toml)."""

    gain_at_five: Literal["no_effect", "refused"] = "no_effect"
    """NGO-A5: a life-gaining card played at five lives is played without effect, or is
    refused."""
    after_boss: Literal["end", "level"] = "end"
    """NGO-A9: after a Final Boss fight that was not won, the turn goes to its end, or
    on to the Level."""
    voluntary_discard: Literal["over_limit", "any"] = "over_limit"
    """NGO-A6: in their turn a player discards only while over the hand limit, or any
    card at any time."""
    lackeys: Literal["all", "base"] = "all"
    """NGO-A11: GCA Lackeys doubles the whole power (items and allies included), or only
    equipment and lives."""


class NgoConfig(Config, frozen=True):
    """A game of No Game Over: player count, the box's cards, the readings."""

    players: Annotated[int, msgspec.Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS)] = 4
    """Players at the table, 2 to 6 (NGO-A1)."""
    content: Content | None = None
    """The cards; ``null``: dieproof's default (mostly provisional, see the components)."""
    readings: Readings = Readings()
    """The reading of each selectable ambiguity."""


# -- states -----------------------------------------------------------------------------


class Step(IdentityEnum):
    """Where a game is (the player to move follows from it; chance draws and rolls queued
    in the state come first)."""

    DEAL = "deal"
    """Setup: the cards are being dealt (chance)."""
    ROLL_OFF = "roll-off"
    """Setup: the contenders roll the die for the first turn (chance)."""
    PREPARE = "prepare"
    """The active player's turn before the Level: equip, use cards, trade, discard,
    face the Final Boss, reveal the Level."""
    COMBAT = "combat"
    """A combat's priority loop: the player holding priority plays a card or passes."""
    ESCAPE = "escape"
    """A lost combat: the fighter tries to flee with the die, or gives up."""
    REWARD = "reward"
    """A won combat: the fighter says how many reward cards come from the Item deck."""
    END = "end"
    """The active player's turn after the Level: equip, use cards, trade, discard, end."""
    EASY = "easy"
    """The 1st ROUND token: the active player may draw a free card."""
    GHOST_DRAW = "ghost-draw"
    """A ghost (or a player who just became one) picks the deck to draw from."""
    GHOST = "ghost"
    """A ghost's turn after the draw: cast curses, discard to five, end the turn."""
    OVER = "over"
    """The game is over."""


class Phase(IdentityEnum):
    """The parts of the game the steps fall into (derived from the step, never stored)."""

    SETUP = "setup"
    """The deal and the roll-off."""
    LEVEL = "level"
    """A player's turn up to the Level: equipping, trimming the hand, the Level card."""
    COMBAT = "combat"
    """A combat: the priority loop, the escape, the rewards."""
    END = "end"
    """A player's turn after the Level, and the 1st ROUND token's free card."""
    GHOST = "ghost"
    """A ghost's turn."""
    OVER = "over"
    """The game is over."""


PHASE_OF: Final = {
    Step.DEAL: Phase.SETUP,
    Step.ROLL_OFF: Phase.SETUP,
    Step.PREPARE: Phase.LEVEL,
    Step.COMBAT: Phase.COMBAT,
    Step.ESCAPE: Phase.COMBAT,
    Step.REWARD: Phase.COMBAT,
    Step.END: Phase.END,
    Step.EASY: Phase.END,
    Step.GHOST_DRAW: Phase.GHOST,
    Step.GHOST: Phase.GHOST,
    Step.OVER: Phase.OVER,
}
"""Each step's phase."""


class Roll(IdentityEnum):
    """What a pending die roll is for."""

    NONE = "none"
    ESCAPE = "escape"
    """The fighter's escape roll."""
    BRAWLER_FOR = "brawler-for"
    """Strict Brawler played by the fighter: twice the roll for the fighter."""
    BRAWLER_AGAINST = "brawler-against"
    """Strict Brawler played against the fighter: twice the roll for the enemies."""


Seat = Annotated[int, msgspec.Meta(ge=-1, le=MAX_PLAYERS)]
Count = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Counts = tuple[Count, ...]
"""A multiset of cards: one count per card kind, in content order."""


class Owed(Value, frozen=True):
    """A choice a curse or a lost card makes a player owe before play goes on."""

    player: Seat
    """Who owes it."""
    what: Literal["hand", "equipment", "unequip"]
    """``hand``: discard cards of their choice from the hand (Kookoomari, Call of
    Fruitty); ``equipment``: discard equipped cards of their choice (Warcio);
    ``unequip``: return an equipped card to the hand because a Cheat left (NGO-EQUIP-3)."""
    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_VALUE)] = 1
    """How many."""


class Pending(Value, frozen=True):
    """One queued draw: a card from a deck, for a purpose."""

    player: Seat
    """Who draws."""
    deck: Deck
    """From which deck."""
    purpose: Literal["hand", "level", "boss"] = "hand"
    """``hand``: into the player's hand; ``level``: the turn's Level card; ``boss``: a
    Final Boss to fight."""


class Combat(Value, frozen=True):
    """The fight on the table (Combat)."""

    fighter: Seat
    """Whom the enemies attack: the active player, unless Final Frenzy sent them away."""
    main: int
    """The opposing enemy's card (the Level card, the Final Boss, or Solidaire's)."""
    main_strength: Amount
    """Its strength (a Princess of Bersia's is the fighter's strength when it came)."""
    boss: bool = False
    """A Final Boss fight: nobody but the fighter may play anything."""
    secondary: int = -1
    """The secondary enemy's card, -1: none."""
    secondary_by: Seat = -1
    """Who played it."""
    allied: int = -1
    """The fighter's allied enemy's card, -1: none."""
    princesses: tuple[tuple[int, Amount], ...] = ()
    """(card, strength) of each Princess of Bersia curse cast on the fighter in this
    combat: each an enemy as strong as the fighter was when it came."""
    bonus: Amount = 0
    """Strength the fighter's single-use items add."""
    harm: Amount = 0
    """Strength single-use items played against the fighter add to the enemies."""
    doublings: Amount = 0
    """GCA Lackeys played by the fighter (each doubles the power)."""
    helpers: tuple[int, ...] = ()
    """Players Thyme Crisis forced to help (their strength is added)."""
    table: Counts = ()
    """The fight's cards other than equipment and afflictions: discarded when it ends."""
    priority: Seat = -1
    """Who holds priority in the loop."""
    passes: Count = 0
    """Consecutive passes; the loop ends when every player who may play passed in a row."""


class NgoState(State, frozen=True):
    """A position of No Game Over. Seats count from 0 in turn order (counterclockwise at
    the table); the next seat is the player on the right."""

    config: NgoConfig
    """The configuration."""
    step: Step
    """Where the game is."""
    active: Seat = -1
    """Whose turn it is (-1 during setup)."""
    lives: tuple[Count, ...] = ()
    """Lives per player; 0: a ghost."""
    hands: tuple[Counts, ...] = ()
    """Each player's hand."""
    equipment: tuple[tuple[int, ...], ...] = ()
    """Each player's equipped cards (card indices, sorted), Cheat cards included."""
    afflictions: tuple[tuple[int, ...], ...] = ()
    """Non-instant curses lying beside each player's equipment (sorted): they act in the
    player's next combat and are discarded after it."""
    tokens: tuple[bool, ...] = ()
    """Who holds a 1st ROUND token."""
    decks: tuple[Counts, Counts, Counts] = ((), (), ())
    """The Item, Level and Final Boss decks (face down; a draw is a chance outcome)."""
    discards: tuple[Counts, Counts, Counts] = ((), (), ())
    """Their discard piles."""
    draws: tuple[Pending, ...] = ()
    """Draws still to make, first first (chance)."""
    roll: Roll = Roll.NONE
    """A die roll still to make (chance)."""
    snatch: tuple[int, int] = (-1, -1)
    """(thief, victim) while Steal Burglar's random card is drawn from a hand (chance)."""
    owed: tuple[Owed, ...] = ()
    """Choices owed before play goes on, first first."""
    combat: Combat | None = None
    """The fight on the table, if any."""
    rewarded: bool = False
    """Whether the active player won a combat this turn (the 1st ROUND token)."""
    rolls: tuple[Count, ...] = ()
    """The roll-off: each contender's roll this round (0: not rolled or not contending)."""
    contenders: tuple[int, ...] = ()
    """The roll-off's contenders (every seat, then the tied highest)."""
    loads: Count = 0
    """How many times Load Game has brought ghosts back (bookkeeping for reports)."""
    result: Result | None = None
    """How the game ended, once it has."""

    @property
    def phase(self) -> Phase:
        """The phase the step falls into (derived; not part of the JSON)."""
        return PHASE_OF[self.step]


# -- actions ----------------------------------------------------------------------------

# Actions are struct values of ints and tuples of ints, so they can never be part of a
# reference cycle: ``gc=False`` keeps them out of the collector's sight. The listings'
# memos (trades, casts, equipment changes) hold tens of thousands of them in a long run,
# and every full collection walked them all (a tenth of the playout's time).

Index = Annotated[int, msgspec.Meta(ge=-1, le=MAX_KINDS)]


class Draw(Action, frozen=True, tag="draw", gc=False):
    """Chance: the card drawn for the first queued draw."""

    card: Index
    """The card kind drawn (its index in the content)."""


class Die(Action, frozen=True, tag="die", gc=False):
    """Chance: a roll of the die (roll-off, escape, Strict Brawler)."""

    value: Annotated[int, msgspec.Meta(ge=1, le=DIE_FACES)]
    """The face rolled, 1 to 6."""


class Snatch(Action, frozen=True, tag="snatch", gc=False):
    """Chance: the card Steal Burglar takes at random from the victim's hand."""

    card: Index
    """The card kind taken from the victim's hand."""


class Equip(Action, frozen=True, tag="equip", gc=False):
    """Put an equipment (or Cheat) card from the hand on the table; ``replace``: an
    equipped card that goes back to the hand (-1: none)."""

    card: Index
    """The equipment or Cheat card from the hand."""
    replace: Index = -1
    """The equipped card it replaces, which goes back to the hand (-1: none)."""


class Unequip(Action, frozen=True, tag="unequip", gc=False):
    """Owed after a Cheat left: return an equipped card to the hand."""

    card: Index
    """The equipped card taken back into the hand."""


class DiscardEquipment(Action, frozen=True, tag="discard-equipment", gc=False):
    """Owed after Warcio: discard an equipped card of your choice."""

    card: Index
    """The equipped card discarded."""


class Discard(Action, frozen=True, tag="discard", gc=False):
    """Discard a card from the hand (to the hand limit, or owed after a curse)."""

    card: Index
    """The card of the hand discarded."""


class Trade(Action, frozen=True, tag="trade", gc=False):
    """Discard three cards from the hand for one life (sorted card indices)."""

    cards: tuple[Index, Index, Index]
    """The three cards of the hand, as sorted card indices."""


class Use(Action, frozen=True, tag="use", gc=False):
    """Play a single-use item. ``target``: a player (Thyme Crisis, Final Frenzy, Steal
    Burglar); ``pick``: a card (Zoomic Rings' other card, Mobster's card from a discard
    pile, Solidaire's enemy, Steal Burglar's equipped card, -1 for a random hand card)."""

    card: Index
    """The single-use item played."""
    target: Seat = -1
    """The player it acts on (Thyme Crisis, Final Frenzy, Steal Burglar); -1: none."""
    pick: Index = -1
    """The card it names (Zoomic Rings, Mobster, Solidaire, Steal Burglar); -1: none, or
    a random hand card for Steal Burglar."""


class Cast(Action, frozen=True, tag="cast", gc=False):
    """Cast a curse from the hand on ``target``."""

    card: Index
    """The curse from the hand."""
    target: Seat
    """The player it is cast on."""


class Enemy(Action, frozen=True, tag="enemy", gc=False):
    """Play an enemy from the hand into the combat: a secondary enemy (another player)
    or the fighter's allied enemy."""

    card: Index
    """The enemy card from the hand."""


class Pass(Action, frozen=True, tag="pass", gc=False):
    """Pass priority in the combat loop."""


class Boss(Action, frozen=True, tag="boss", gc=False):
    """Face a Final Boss (six lives, before the Level)."""


class Reveal(Action, frozen=True, tag="reveal", gc=False):
    """Reveal the turn's Level card."""


class Flee(Action, frozen=True, tag="flee", gc=False):
    """Roll the die to escape a lost combat."""


class GiveUp(Action, frozen=True, tag="give-up", gc=False):
    """Do not try to escape: take the loss."""


class Rewards(Action, frozen=True, tag="rewards", gc=False):
    """How many of the reward cards come from the Item deck (the rest: Level deck)."""

    items: Annotated[int, msgspec.Meta(ge=0, le=MAX_VALUE)]
    """Reward cards drawn from the Item deck; the rest come from the Level deck."""


class Take(Action, frozen=True, tag="take", gc=False):
    """Draw a card from the chosen deck: a ghost's draw, or the 1st ROUND free card."""

    deck: Literal["item", "level"]
    """The deck drawn from."""


class Decline(Action, frozen=True, tag="decline", gc=False):
    """Do not take the 1st ROUND free card."""


class EndTurn(Action, frozen=True, tag="end-turn", gc=False):
    """End the turn (the hand within the limit)."""


NgoAction = (
    Draw
    | Die
    | Snatch
    | Equip
    | Unequip
    | DiscardEquipment
    | Discard
    | Trade
    | Use
    | Cast
    | Enemy
    | Pass
    | Boss
    | Reveal
    | Flee
    | GiveUp
    | Rewards
    | Take
    | Decline
    | EndTurn
)
"""Every action of No Game Over, chance's and the players'."""

ACTION_TYPES: Final = (
    Draw,
    Die,
    Snatch,
    Equip,
    Unequip,
    DiscardEquipment,
    Discard,
    Trade,
    Use,
    Cast,
    Enemy,
    Pass,
    Boss,
    Reveal,
    Flee,
    GiveUp,
    Rewards,
    Take,
    Decline,
    EndTurn,
)
"""The action classes in their canonical order (legal actions are listed in it)."""
