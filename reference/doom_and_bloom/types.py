"""Doom and Bloom SURVIVAL!: constants the rulebook fixes, and the value types (board,
cards, characters, configs, states, actions).

Everything here is a frozen ``msgspec.Struct``. The board, the cards and the characters
are data inside the config (``None``: dieproof's provisional default), so a user with the
printed components can supply their own; :mod:`~dieproof.reference.doom_and_bloom.content`
and :mod:`~dieproof.reference.doom_and_bloom.board` hold the defaults and check them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Final, Literal

import msgspec

from dieproof.reference.core.types import Action, Config, IdentityEnum, State, Value

if TYPE_CHECKING:
    from dieproof.reference.doom_and_bloom.base import Catalog
else:  # base imports this module; at run time the annotation needs a name only
    Catalog = object

# -- constants the rulebook fixes -------------------------------------------------------

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
"""Two to four players (the publisher's FAQ; the rulebook has four player mats)."""
TEAM_PLAYERS: Final = 4
"""Team play is two teams of two (Team Play)."""
ASSET_CAP: Final = 20
"""No asset track goes above 20 (Resolution) ..."""
MEDKIT_CAP: Final = 10
"""... except Medkits, which stop at 10."""
FOOD, FUEL, WEAPONRY, SURVIVORS, MEDKITS = range(5)
"""Indices of the five assets in every asset tuple, in the rulebook's order."""
ASSETS: Final = ("food", "fuel", "weaponry", "survivors", "medkits")
"""The assets' names, in index order."""
CAPS: Final = (ASSET_CAP, ASSET_CAP, ASSET_CAP, ASSET_CAP, MEDKIT_CAP)
"""The cap of each asset, in index order."""
RESOURCES: Final = ("food", "fuel", "weaponry")
"""The three resources (assets that are not survivors or medkits)."""
MILESTONES: Final = (5, 7, 9, 11)
"""Survivor milestones, each rewarded the first time it is reached (Special Benefits)."""
NORMAL_DICE: Final = 5
"""A search roll or a raider roll uses five dice ..."""
EXTRA_MILE_DICE: Final = 6
"""... six when the player goes the extra mile; there are six dice in the box."""
MAX_DICE: Final = 6
"""No roll ever uses more than the six dice in the box."""
SETUP_DICE: Final = 6
"""Each player rolls all six dice to choose the start player (Setup step 4)."""
FUEL_BONUS: Final = 3
"""Fuel adds 3 to a movement roll, once per turn."""
FOOD_COST: Final = 2
"""Two Food add 1 to a search roll, at most twice per turn."""
FOOD_USES: Final = 2
WEAPONRY_COST: Final = 1
"""One Weaponry adds 1 to a raider roll, once per turn."""
BENEFIT_COST: Final = (1, 1, 1, 0, 0)
"""Going the extra mile and keeping a rival busy each cost 1 Food, 1 Fuel, 1 Weaponry."""
CENTER_REWARD: Final = (1, 1, 1, 1, 0)
"""Center City's Attack rewards: 1 Food, 1 Fuel, 1 Weaponry, 1 Survivor."""
CENTER_LINKS: Final = 12
"""Center City is joined to the twelve spaces around it."""
SPACE_DECKS: Final[dict[str, Literal["event", "attack"]]] = {
    "asset": "event",
    "hospital": "event",
    "town": "event",
    "raider": "attack",
    "crossing": "attack",
    "center": "attack",
}
"""The deck each kind of space draws from (DAB-EVENT-1, DAB-ATTACK-1): Event spaces (a
board asset, a hospital, a town) and Attack spaces (raider territory, a crossing, Center
City); the others draw none."""

Length = Literal["short", "normal", "long"]
LENGTHS: Final[tuple[Length, ...]] = ("short", "normal", "long")
DESTINATIONS: Final[dict[str, int]] = {"short": 1, "normal": 2, "long": 3}
"""Towns each player scouts before returning to Center City (Setup step 6)."""
REQUIRED: Final[dict[str, tuple[int, int, int, int, int]]] = {
    "short": (6, 6, 6, 7, 2),
    "normal": (10, 10, 10, 10, 4),
    "long": (15, 15, 15, 15, 6),
}
"""Required assets to win, solo (the Setup chart and the quick reference)."""
TEAM_REQUIRED: Final[dict[str, tuple[int, int, int, int, int]]] = {
    "short": (10, 10, 10, 12, 4),
    "normal": (15, 15, 15, 16, 6),
    "long": (20, 20, 20, 20, 8),
}
"""Required assets to win, pooled per team (Team Play, the team chart)."""

MAX_NAME: Final = 60
MAX_SOURCE: Final = 300
MAX_SPACES: Final = 400
MAX_CARDS: Final = 200
MAX_COPIES: Final = 64
MAX_AMOUNT: Final = 20
MAX_TURN_LIMIT: Final = 100_000

Assets = tuple[int, int, int, int, int]
"""Food, Fuel, Weaponry, Survivors, Medkits, in that order."""

# -- the board ----------------------------------------------------------------------------

SpaceKind = Literal["center", "empty", "asset", "hospital", "town", "raider", "crossing", "forest"]
Icon = Literal["food", "fuel", "weaponry", "survivors"]


class Space(Value, frozen=True):
    """One space of the board."""

    id: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The space's name, unique on the board (edges and arrows name spaces by it)."""
    kind: SpaceKind
    """``center`` (Center City, exactly one), ``empty``, ``asset`` (a board asset icon),
    ``hospital``, ``town``, ``raider`` (raider territory, with or without an icon),
    ``crossing`` (a gateway into a region), ``forest`` (the dark forest: never entered)."""
    x: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    """Column of the space in the picture (and nowhere else)."""
    y: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    """Row of the space in the picture, counted downwards."""
    icon: Icon | None = None
    """The asset icon on an ``asset`` space (required) or a ``raider`` space (optional)."""
    region: str | None = None
    """The water or mountain region the space lies in (``empty`` and ``asset`` spaces
    only), or the region a ``crossing`` leads into (required for crossings)."""
    town: str | None = None
    """The town's name, for a ``town`` space (required)."""
    arrows: tuple[str, ...] = ()
    """A crossing's arrows: the region spaces its free move may enter."""


class Region(Value, frozen=True):
    """A water or mountain region, surrounded by impassable borders."""

    id: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The region's name, used by spaces and crossings."""
    terrain: Literal["water", "mountain"]
    """Water or mountain."""


class Town(Value, frozen=True):
    """A town token and the town's label."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The town's name, also on its token."""
    color: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] = ""
    """The town's colour on the board."""
    reward_choice: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 1
    """Resources of the player's choice gained on a successful Event here."""
    reward_survivors: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 1
    """Survivors gained on a successful Event here."""
    reward_bonus: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 1
    """Bonus cards drawn on a successful Event here."""
    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)] = "provisional"
    """Where the town's name and rewards come from."""


class Board(Value, frozen=True):
    """The game board as data (see ``data/board.json`` and its JSON Schema)."""

    name: Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
    """The board's name, for people."""
    provisional: bool
    """True for dieproof's placeholder board; the printed board is not published."""
    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)]
    """Where the board comes from (the printed board, or a placeholder)."""
    spaces: Annotated[tuple[Space, ...], msgspec.Meta(min_length=1, max_length=MAX_SPACES)]
    """Every space; states name spaces by their index in this list."""
    edges: tuple[tuple[str, str], ...]
    """Undirected adjacencies between spaces (never between a region space and a space
    outside its region: those are impassable borders; crossings enter by arrows)."""
    regions: tuple[Region, ...] = ()
    """The water and mountain regions."""
    towns: tuple[Town, ...] = ()
    """The town tokens in the bag, in index order (states name towns by this index)."""


# -- cards and characters -----------------------------------------------------------------


class Effect(Value, frozen=True):
    """What a card's success or failure result does to the active player."""

    assets: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Fixed gains (positive) and losses (negative) of each asset."""
    gain_choice: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 0
    """Resources of the player's choice gained, one at a time."""
    lose_choice: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 0
    """Resources of the player's choice lost, one at a time."""
    bonus: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 0
    """Bonus cards drawn."""
    board_asset: bool = False
    """The card says to gain the board asset (ignored where there is none)."""


Test = Literal["auto", "search", "raiders", "least", "most", "choice"]


class Card(Value, frozen=True):
    """An Event or Attack card."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The card's name."""
    test: Test
    """``auto``: the card shows one tag only; ``search``/``raiders``: a five-dice roll
    against ``target``; ``least``/``most``: success when no other player holds less
    (more) of ``stat``; ``choice``: pay ``price`` for success, or take the failure."""
    success: Effect | None = None
    """The Success result (None: the card has no Success tag)."""
    failure: Effect | None = None
    """The Failure result (None: the card has no Failure tag)."""
    target: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    """The number a search or raider roll must meet."""
    stat: Annotated[int, msgspec.Meta(ge=0, le=4)] = 0
    """The asset a least/most card compares (0 Food to 4 Medkits)."""
    price: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """The assets a ``choice`` card's success option costs."""
    price_bonus: Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)] = 0
    """Bonus cards a ``choice`` card's success option discards."""
    copies: Annotated[int, msgspec.Meta(ge=1, le=MAX_COPIES)] = 1
    """Copies in its deck."""
    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)] = "provisional"
    """Where each part of the card comes from."""
    provisional: bool = True
    """True when any part of the card is dieproof's placeholder."""


BonusKind = Literal["search", "raiders", "move", "supply"]


class BonusCard(Value, frozen=True):
    """A Bonus card (all provisional: the rulebook names none)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The card's name."""
    kind: BonusKind
    """When it may be played: after a search roll, after a raider roll, after the
    movement roll, or at the start of the player's own turn (``supply``)."""
    amount: Annotated[int, msgspec.Meta(ge=1, le=MAX_AMOUNT)]
    """Points added to the roll, or resources of choice gained."""
    copies: Annotated[int, msgspec.Meta(ge=1, le=MAX_COPIES)] = 1
    """Copies in the Bonus deck."""
    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)] = "provisional"
    """Where the card comes from."""
    provisional: bool = True
    """True for dieproof's placeholder cards."""


class Character(Value, frozen=True):
    """A character card and its starting assets."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    """The character's name."""
    assets: tuple[int, int, int, int, int]
    """Starting Food, Fuel, Weaponry, Survivors, Medkits."""
    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)] = "provisional"
    """Where the card's numbers come from."""
    provisional: bool = True
    """True when the starting assets are dieproof's placeholder."""


class Content(Value, frozen=True):
    """Everything the rulebook does not print: cards, characters, the die's faces."""

    events: Annotated[tuple[Card, ...], msgspec.Meta(min_length=1, max_length=MAX_CARDS)]
    """The Event deck (64 cards by default)."""
    attacks: Annotated[tuple[Card, ...], msgspec.Meta(min_length=1, max_length=MAX_CARDS)]
    """The Attack deck (40 cards by default)."""
    bonuses: Annotated[tuple[BonusCard, ...], msgspec.Meta(min_length=1, max_length=MAX_CARDS)]
    """The Bonus deck (32 cards by default)."""
    characters: Annotated[tuple[Character, ...], msgspec.Meta(min_length=4, max_length=16)]
    """The character cards (eight by default)."""
    die: Annotated[tuple[int, ...], msgspec.Meta(min_length=1, max_length=12)] = (
        1,
        1,
        2,
        2,
        3,
        3,
    )
    """The faces of each special die; the rulebook says a die shows 1, 2 or 3."""


# -- configuration ------------------------------------------------------------------------


class Readings(Value, frozen=True):
    """The chosen reading of each selectable ambiguity (spec/doom-and-bloom.toml)."""

    tie: Literal["success", "failure"] = "success"
    """DAB-A1: a search or raider total equal to the card's number."""
    board_asset: Literal["once", "both"] = "once"
    """DAB-A2: a board-asset space and a card that says "gain the board asset"."""
    pass_center: Literal["allowed", "forbidden"] = "allowed"
    """DAB-A3: moving through Center City while it may not be entered."""
    hospital_reset: Literal["visit", "success"] = "visit"
    """DAB-A4: what "visited a different Hospital" takes."""
    final_rewards: Literal["town", "none"] = "town"
    """DAB-A5: a success at the final destination also gives the town's rewards."""
    team_compare: Literal["pool", "player"] = "pool"
    """DAB-A6: whose holdings a least/most card compares in team play."""


class DabConfig(Config, frozen=True, dict=True):
    """A game of Doom and Bloom SURVIVAL!."""

    # Beside its fields, a config keeps its catalog (the board, content and tables the
    # rules index once: dieproof.reference.doom_and_bloom.base.Catalog) in the instance
    # __dict__, set by base.catalog: never encoded, compared or hashed, and built again
    # from the fields when absent (a config decoded from JSON or made by replace). The
    # rules read it as ``config.cat or catalog(config)``, one attribute lookup. Kept out
    # of the docstring, which is the schema's description for implementers.
    cat: ClassVar[Catalog | None] = None

    players: int = 3
    """Two to four (checked by the rules: ``DAB.PLAYERS``)."""
    length: Length = "normal"
    """The game length: short, normal or long (destinations and required assets)."""
    play: Literal["solo", "teams"] = "solo"
    """``teams``: team play (four players only), seats 0 and 2 against seats 1 and 3."""
    board: Board | None = None
    """The board; ``None``: dieproof's provisional default board."""
    content: Content | None = None
    """Cards, characters and dice; ``None``: dieproof's default (mostly provisional)."""
    turn_limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_TURN_LIMIT)] = 200
    """dieproof's bound: the game ends with no winner after this many turns (DAB-A10)."""
    readings: Readings = Readings()
    """The reading of each selectable ambiguity."""

    @property
    def teams(self) -> bool:
        """Whether this is team play."""
        return self.play == "teams"


# -- state ---------------------------------------------------------------------------------


class Phase(IdentityEnum):
    """Where the game stands; the docstring of each says who acts."""

    SETUP_ROLL = "setup-roll"
    """Chance: a player's six-dice roll for the start player."""
    CHARACTER = "character"
    """Chance: a player's character card."""
    DESTINATION = "destination"
    """Chance: a town token for a player's destinations."""
    BUSY = "busy"
    """A rival may keep the active player busy (``KeepBusy`` / ``LetPass``)."""
    REACTIVATE = "reactivate"
    """A finished teammate may reactivate (``Reactivate`` / ``Rest``)."""
    TURN = "turn"
    """The active player: trade, barter, play supply, roll to move or stay put."""
    ANSWER = "answer"
    """The partner of an offer accepts or declines."""
    MOVE_ROLL = "move-roll"
    """Chance: the movement die."""
    MOVE = "move"
    """The active player: fuel, a move bonus card, or where to finish."""
    DRAW = "draw"
    """Chance: the top Event or Attack card."""
    PRE_ROLL = "pre-roll"
    """The active player: go the extra mile or roll."""
    DICE = "dice"
    """Chance: the total of the search or raider roll."""
    POST_ROLL = "post-roll"
    """The active player: food, weaponry, bonus cards, or settle the roll."""
    CHOICE = "choice"
    """The active player picks a choice card's option."""
    LOSE = "lose"
    """The actor picks a resource to lose."""
    GAIN = "gain"
    """The actor picks a resource to gain."""
    BONUS = "bonus"
    """Chance: a Bonus card drawn."""
    CROSSING = "crossing"
    """The active player cleared a crossing: enter, bypass or remain."""
    FINAL = "final"
    """Chance: the final destination drawn from the bag."""
    END = "end"
    """The active player may spend a Medkit, then ends the turn."""
    OVER = "over"


class Stage(IdentityEnum):
    """The part of the game a step belongs to (the ``phase`` property of a state)."""

    SETUP = "setup"
    """The start roll, the characters and the destinations."""
    START = "start"
    """The start of a turn: keeping busy, reactivating, offers, supply cards."""
    MOVE = "move"
    """The movement roll and the move."""
    CARD = "card"
    """The card, its roll and its results."""
    END = "end"
    """Crossings, the final destination, the medkit."""
    OVER = "over"
    """The game is over."""


STAGE_OF: Final = {
    Phase.SETUP_ROLL: Stage.SETUP,
    Phase.CHARACTER: Stage.SETUP,
    Phase.DESTINATION: Stage.SETUP,
    Phase.BUSY: Stage.START,
    Phase.REACTIVATE: Stage.START,
    Phase.TURN: Stage.START,
    Phase.ANSWER: Stage.START,
    Phase.MOVE_ROLL: Stage.MOVE,
    Phase.MOVE: Stage.MOVE,
    Phase.DRAW: Stage.CARD,
    Phase.PRE_ROLL: Stage.CARD,
    Phase.DICE: Stage.CARD,
    Phase.POST_ROLL: Stage.CARD,
    Phase.CHOICE: Stage.CARD,
    Phase.LOSE: Stage.CARD,
    Phase.GAIN: Stage.CARD,
    Phase.BONUS: Stage.CARD,
    Phase.CROSSING: Stage.END,
    Phase.FINAL: Stage.END,
    Phase.END: Stage.END,
    Phase.OVER: Stage.OVER,
}
"""The stage of each step."""


class Then(IdentityEnum):
    """What follows once the pending choices and draws of a result are done."""

    END = "end"
    CROSSING = "crossing"
    FINAL = "final"
    WIN = "win"
    START = "start"
    """Setup rewards done: the next side's, or the first turn."""
    TURN = "turn"
    """Back to the start of the active player's turn (after a supply card)."""


class Offer(Value, frozen=True):
    """An offer waiting for its partner's answer."""

    seat: int
    """Who offers (the active player)."""
    partner: int
    """The seat the offer is made to."""
    give: int
    """The item offered (-1: the offerer's next turn, a barter); see :data:`ITEMS`."""
    get: int
    """The item asked for in return."""


ITEMS: Final = ("food", "fuel", "weaponry", "medkits")
"""Trade items: 0-2 the resources, 3 a Medkit, 4 + k a Bonus card of content index k."""
BONUS_ITEM: Final = 4


class DabState(State, frozen=True):
    """A position; every tuple indexed by seat has one entry per player. ``step`` says
    where the game stands and who acts (see :class:`Phase`)."""

    config: DabConfig
    """The configuration the game was set up with."""
    step: Phase
    """Where the game stands (see Phase)."""
    active: int = -1
    """The seat whose turn it is (-1 during setup)."""
    actor: int = -1
    """The seat whose mat the pending gains go to (the active player, or a team's first
    seat for the milestone rewards earned at game start)."""
    turns: int = 0
    """Turns started so far."""
    start_player: int = -1
    """The seat that won the start roll (-1 before)."""
    setup_rolls: tuple[int, ...] = ()
    """Six-dice totals of the start-player roll (0: not rolled yet; -1: out of a tie)."""
    characters: tuple[int, ...] = ()
    """Each seat's character (content index; -1 not drawn yet)."""
    assets: tuple[Assets, ...] = ()
    """Each seat's player mat: Food, Fuel, Weaponry, Survivors, Medkits."""
    space: tuple[int, ...] = ()
    """Each seat's pawn (board space index)."""
    destinations: tuple[tuple[int, ...], ...] = ()
    """Each seat's destination towns (board town indices) in the order drawn."""
    scouted: tuple[int, ...] = ()
    """How many of its destinations each seat has scouted (always in order)."""
    scouted_towns: tuple[int, ...] = ()
    """Each seat's scouted towns as a bit set over town indices."""
    final: tuple[int, ...] = ()
    """Each seat's final destination (-1: not drawn)."""
    last_hospital: tuple[int, ...] = ()
    """The hospital (space index) each seat may not visit until another (-1: none)."""
    owed: tuple[int, ...] = ()
    """Milestone rewards each side still has to take at game start (on its first
    seat)."""
    milestones: tuple[int, ...] = ()
    """Survivor milestones reached, per seat, as a bit set over MILESTONES (teammates
    share theirs)."""
    rewarded: tuple[int, ...] = ()
    """Milestone rewards granted to each seat's side so far (teammates share theirs):
    one per milestone reached, never more (DAB-INV-MILESTONES)."""
    bonus: tuple[tuple[int, ...], ...] = ()
    """Bonus cards held per seat, as counts per content index (teammates share theirs:
    the team's hand is kept on its first seat)."""
    moved: tuple[bool, ...] = ()
    """Whether each seat has taken its first turn (and so left Center City)."""
    bartered: tuple[bool, ...] = ()
    """Whether each seat has bartered its turn away (once per game)."""
    skip: tuple[bool, ...] = ()
    """Seats that skip their next turn (bartered away)."""
    extra: tuple[int, ...] = ()
    """Additional turns owed to each seat after its next turn."""
    finished: tuple[bool, ...] = ()
    """Team play: teammates done at their final destination."""
    reactivated: tuple[bool, ...] = ()
    """Team play: teammates that have reactivated after being done."""
    event_pile: tuple[int, ...] = ()
    """Event cards left in the draw pile, as counts per content index."""
    attack_pile: tuple[int, ...] = ()
    """Attack cards left in the draw pile, as counts per content index."""
    bonus_pile: tuple[int, ...] = ()
    """Bonus cards left in the draw pile, as counts per content index."""
    # -- the turn in progress --
    busy_seat: int = -1
    """The rival deciding whether to keep the active player busy."""
    busy: bool = False
    """The active player was kept busy: they must stay put."""
    offered: bool = False
    """The active player has made this turn's one offer."""
    offer: Offer | None = None
    """The offer waiting for an answer (step answer only)."""
    extra_turn: bool = False
    """This turn is an additional turn from a barter."""
    roll: int = 0
    """The movement allowance: die plus fuel and move bonus cards."""
    fuel_used: bool = False
    """Whether the Fuel benefit was used this turn."""
    origin: int = -1
    """Where the pawn started this turn's movement."""
    deck: Literal["", "event", "attack"] = ""
    """The deck of the card being drawn or resolved (\"\" none)."""
    card: int = -1
    """The card being resolved (content index in ``deck``; -1 none)."""
    dice: int = 0
    """Dice in the current search or raider roll (0: none; 5, or 6 with the extra mile)."""
    total: int = 0
    """The roll's total after modifiers."""
    food_uses: int = 0
    """Food benefits used this turn (at most 2)."""
    weaponry_used: bool = False
    """Whether the Weaponry benefit was used this turn."""
    success: bool = False
    """The result of the card resolved last this turn."""
    pending_lose: int = 0
    """Resources of choice still to lose (from the actor's side)."""
    pending_gain: int = 0
    """Resources of choice still to gain (on the actor's mat)."""
    pending_bonus: int = 0
    """Bonus cards still to draw for the actor."""
    then: Then = Then.END
    """What follows once the pending results are taken."""
    lost: int = 0
    """Survivors lost this turn (what a Medkit restores)."""
    winners: tuple[int, ...] = ()
    """The winning seats (one player, or a team), once the game is over."""
    reason: str = ""
    """Why the game ended, for people (\"\" while it runs)."""
    rule: str = ""
    """The rule that ended the game (\"\" while it runs)."""

    @property
    def phase(self) -> Stage:
        """The stage of the game the step belongs to (derived; not in the JSON)."""
        return STAGE_OF[self.step]


# -- actions ------------------------------------------------------------------------------


class KeepBusy(Action, frozen=True, tag="keep-busy"):
    """The deciding rival pays 1 Food, 1 Fuel, 1 Weaponry: the active player stays put."""


class LetPass(Action, frozen=True, tag="let-pass"):
    """The deciding rival does not keep the active player busy."""


class Reactivate(Action, frozen=True, tag="reactivate"):
    """A finished teammate starts taking turns again."""


class Rest(Action, frozen=True, tag="rest"):
    """A finished teammate stays done this turn."""


class Trade(Action, frozen=True, tag="trade"):
    """Offer one item for one item of a player of another side (see :data:`ITEMS`)."""

    partner: int
    """The seat the offer is made to (a player of another side)."""
    give: int
    """The item offered (see ITEMS)."""
    get: int
    """The item asked for in return."""


class Barter(Action, frozen=True, tag="barter"):
    """Offer one's next turn for one item (once per game)."""

    partner: int
    """The seat offered the turn (a player of another side)."""
    get: int
    """The item asked for (see ITEMS: 0-2 resources, 3 a Medkit, 4 + k a Bonus card)."""


class Accept(Action, frozen=True, tag="accept"):
    """The partner accepts the offer."""


class Decline(Action, frozen=True, tag="decline"):
    """The partner declines the offer."""


class RollMove(Action, frozen=True, tag="roll-move"):
    """Roll the movement die."""


class StayPut(Action, frozen=True, tag="stay-put"):
    """Stay put: resolve the current space as if just moved into."""


class UseFuel(Action, frozen=True, tag="use-fuel"):
    """Spend 1 Fuel: +3 to the movement roll (once per turn)."""


class PlayBonus(Action, frozen=True, tag="play-bonus"):
    """Play a Bonus card (content index) where its kind permits."""

    card: int
    """The Bonus card played (content index)."""


class Move(Action, frozen=True, tag="move"):
    """Finish the movement on a space (board index) within the roll."""

    space: int
    """The space to finish on (board space index)."""


class ExtraMile(Action, frozen=True, tag="extra-mile"):
    """Spend 1 Food, 1 Fuel, 1 Weaponry: roll six dice instead of five."""


class RollDice(Action, frozen=True, tag="roll-dice"):
    """Roll for the search or raider test."""


class SpendFood(Action, frozen=True, tag="spend-food"):
    """After a search roll: 2 Food for +1 (twice per turn)."""


class SpendWeaponry(Action, frozen=True, tag="spend-weaponry"):
    """After a raider roll: 1 Weaponry for +1 (once per turn)."""


class Settle(Action, frozen=True, tag="settle"):
    """Keep the roll's total: success or failure follows."""


class Option(Action, frozen=True, tag="option"):
    """A choice card's option: 0 pays the price for success, 1 takes the failure."""

    option: int
    """0: pay the price for success; 1: take the failure."""
    card: int = -1
    """The Bonus card kind (content index) discarded for a price in Bonus cards."""


class Gain(Action, frozen=True, tag="gain"):
    """Gain one resource of choice (0 Food, 1 Fuel, 2 Weaponry)."""

    resource: int
    """0 Food, 1 Fuel, 2 Weaponry."""


class Lose(Action, frozen=True, tag="lose"):
    """Lose one resource of choice (0 Food, 1 Fuel, 2 Weaponry)."""

    resource: int
    """0 Food, 1 Fuel, 2 Weaponry (one the side holds)."""


class Enter(Action, frozen=True, tag="enter"):
    """After clearing a crossing: a free move along one of its arrows."""

    space: int
    """The region space the arrow points to (board space index)."""


class Bypass(Action, frozen=True, tag="bypass"):
    """After clearing a crossing: a free move to another crossing of its region."""

    space: int
    """The other crossing of the region (board space index)."""


class Remain(Action, frozen=True, tag="remain"):
    """After clearing a crossing: stay on it."""


class UseMedkit(Action, frozen=True, tag="use-medkit"):
    """End of turn: 1 Medkit restores the survivors lost this turn."""


class EndTurn(Action, frozen=True, tag="end-turn"):
    """End the turn."""


class SetupRoll(Action, frozen=True, tag="setup-roll"):
    """Chance: a player's six-dice total for the start player."""

    total: int
    """The sum of the six dice."""


class DrawCharacter(Action, frozen=True, tag="draw-character"):
    """Chance: a character card (content index)."""

    character: int
    """The character drawn (content index)."""


class DrawTown(Action, frozen=True, tag="draw-town"):
    """Chance: a town token (board town index), a destination or the final one."""

    town: int
    """The town token drawn (board town index)."""


class MoveDie(Action, frozen=True, tag="move-die"):
    """Chance: the movement die."""

    value: int
    """The face rolled."""


class DrawCard(Action, frozen=True, tag="draw-card"):
    """Chance: the top Event or Attack card (content index in that deck)."""

    card: int
    """The card drawn (content index in the deck being drawn from)."""


class Dice(Action, frozen=True, tag="dice"):
    """Chance: the total of a search or raider roll."""

    total: int
    """The sum of the dice."""


class DrawBonus(Action, frozen=True, tag="draw-bonus"):
    """Chance: a Bonus card (content index)."""

    card: int
    """The Bonus card drawn (content index)."""


DabAction = (
    KeepBusy
    | LetPass
    | Reactivate
    | Rest
    | Trade
    | Barter
    | Accept
    | Decline
    | RollMove
    | StayPut
    | UseFuel
    | PlayBonus
    | Move
    | ExtraMile
    | RollDice
    | SpendFood
    | SpendWeaponry
    | Settle
    | Option
    | Gain
    | Lose
    | Enter
    | Bypass
    | Remain
    | UseMedkit
    | EndTurn
    | SetupRoll
    | DrawCharacter
    | DrawTown
    | MoveDie
    | DrawCard
    | Dice
    | DrawBonus
)
"""Every action of Doom and Bloom SURVIVAL!, players' and chance's."""

ACTION_TYPES: Final[tuple[type[DabAction], ...]] = (
    KeepBusy,
    LetPass,
    Reactivate,
    Rest,
    Trade,
    Barter,
    Accept,
    Decline,
    RollMove,
    StayPut,
    UseFuel,
    PlayBonus,
    Move,
    ExtraMile,
    RollDice,
    SpendFood,
    SpendWeaponry,
    Settle,
    Option,
    Gain,
    Lose,
    Enter,
    Bypass,
    Remain,
    UseMedkit,
    EndTurn,
    SetupRoll,
    DrawCharacter,
    DrawTown,
    MoveDie,
    DrawCard,
    Dice,
    DrawBonus,
)
