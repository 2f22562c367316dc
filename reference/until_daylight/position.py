"""Until Daylight positions from a short description (``dieproof position
until-daylight``, the referee's ``position`` op, :meth:`GameBase.position`).

A :class:`Position` says what a rulebook check needs: the characters at the table by
name, the round and where in it the game stands, each character's health and inventory
by card name, the horde cards in each combat area, the tokens built and the survivors
saved; :func:`fill` turns it into a whole
:class:`~dieproof.reference.until_daylight.types.UdState`, which the referee's checks
then validate like any state a client sends. What the description leaves out is filled
in consistently:

- each character starts at full health with its basic weapon (when the description
  gives no inventory) and its own objectives, plus the secondary objective named in
  ``secondary``, if any; objectives already fulfilled are marked achieved, and the
  leader token goes to the most experienced player, as the rules do after every step;
- the rubble deck holds every card of the game that no inventory and no discard pile
  holds (the unchosen characters' basic weapons included); the horde deck every horde
  card not in an area, not kept as a monster or saved survivor and not discarded; the
  secondary objective pile every copy not kept;
- ``phase`` ``"search"`` stands before the timer's next tick (a ``clock`` chance node) in
  the turn of ``turn``; ``"attacks"`` stands at the characters' attack, where the seat
  ``active`` received the horde and ``acted`` players have already acted, so the seat
  ``(active + acted) % players`` is to act.

A description that names an impossible position (a card or character the content does
not have, more cards of a kind than the game has, a seat that does not exist) is refused
with ``UD.POSITION``; one that decodes but breaks an invariant is refused by the state
checks that follow.
"""

from __future__ import annotations

from typing import Final, Literal, NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Positions
from dieproof.reference.core.types import Value
from dieproof.reference.until_daylight.base import bump, catalog, settle, validate_config
from dieproof.reference.until_daylight.types import (
    ROUNDS,
    Area,
    Cards,
    Deck,
    Enemy,
    Phase,
    Step,
    UdConfig,
    UdState,
)

CODE: Final = "UD.POSITION"
"""The code of a description that names an impossible position."""


class Position(Value, frozen=True):
    """An Until Daylight position in a few lines; everything it leaves out is filled in
    consistently (full health, the basic weapons, the decks holding the rest, the
    objectives and the leader as the rules would have them)."""

    characters: tuple[str, ...]
    """Each seat's character, by name, in seat order (one per player)."""
    config: UdConfig = UdConfig()
    """The game: players, content (null: dieproof's default), timer, readings. Its
    ``players`` must match ``characters``."""
    round: int = 1
    """The round, 1 to 10."""
    phase: Literal["search", "attacks"] = "search"
    """Where the round stands: the search phase, before the timer's next tick; or the
    characters' attack, at a player's action."""
    first: int = 0
    """The seat that won the roll-off (it breaks ties for the leader token and rolls for
    the enemies while nobody leads)."""
    turn: int | None = None
    """The searching seat in the search phase (default: ``first``)."""
    active: int | None = None
    """The seat that received the horde, in the characters' attack (default: ``first``)."""
    acted: int = 0
    """Players who have already acted in the characters' attack."""
    search_actions: int = 0
    """Search actions already taken in this search phase (the timer's limit counts them)."""
    health: tuple[int, ...] = ()
    """Each seat's health, in seat order (default: the character's full health)."""
    inventories: tuple[tuple[str, ...], ...] = ()
    """Each seat's rubble cards by name, a card per element (repeats allowed), in seat
    order (default: the character's basic weapon only)."""
    areas: tuple[tuple[Enemy, ...], ...] = ()
    """Each seat's combat area: its horde cards in release order (the front first);
    seats left out have an empty area."""
    barricades: tuple[int, ...] = ()
    """Barricade tokens in each seat's area (default 0)."""
    traps: tuple[int, ...] = ()
    """Trap tokens in each seat's area (default 0)."""
    saved: tuple[int, ...] = ()
    """Saved survivors each seat keeps (default 0)."""
    monsters: tuple[int, ...] = ()
    """Monster cards each seat keeps (default 0)."""
    kills: tuple[int, ...] = ()
    """Enemies each seat has eliminated in its own attacks (default 0)."""
    built: tuple[int, ...] = ()
    """Traps and barricades each seat has built (default: its tokens on the table)."""
    saved_ever: tuple[int, ...] = ()
    """Survivors each seat has saved over the game (default: the ones it keeps)."""
    secondary: tuple[str, ...] = ()
    """Each seat's secondary objective, by name ("" or left out: none)."""
    rubble_discard: tuple[str, ...] = ()
    """The rubble discard pile, a card per element."""
    horde_discard: Deck = Deck()
    """The horde discard pile."""


def _refuse(message: str) -> NoReturn:
    raise InvalidState(CODE, f"not an Until Daylight position: {message}")


def _per_seat(name: str, values: tuple[int, ...], players: int, default: int = 0) -> list[int]:
    if len(values) > players:
        _refuse(f"{name} lists {len(values)} seats for {players} players")
    return [values[p] if p < len(values) else default for p in range(players)]


def _seat(name: str, value: int, players: int) -> int:
    if not 0 <= value < players:
        _refuse(f"{name} {value} is not a seat of {players}")
    return value


def fill(position: Position) -> UdState:
    """The whole state ``position`` describes (validated afterwards by the caller)."""
    config = position.config
    validate_config(config)
    n = config.players
    cat = catalog(config)
    if len(position.characters) != n:
        _refuse(f"{len(position.characters)} characters for {n} players")
    characters: list[int] = []
    for name in position.characters:
        index = cat.character_index.get(name)
        if index is None:
            _refuse(f"no character {name!r}; known: {', '.join(cat.character_index)}")
        if index in characters:
            _refuse(f"the {name} sits at two seats")
        characters.append(index)
    if not 1 <= position.round <= ROUNDS:
        _refuse(f"round {position.round} is not 1 to {ROUNDS}")
    first = _seat("first", position.first, n)

    def cards(names: tuple[str, ...], what: str) -> Cards:
        counts: Cards = (0,) * len(cat.names)
        for name in names:
            index = cat.index.get(name)
            if index is None:
                _refuse(f"{what}: no rubble card {name!r}")
            counts = bump(counts, index, 1)
        return counts

    if len(position.inventories) > n:
        _refuse(f"inventories lists {len(position.inventories)} seats for {n} players")
    inventories = tuple(
        cards(position.inventories[p], f"seat {p}'s inventory")
        if p < len(position.inventories)
        else bump((0,) * len(cat.names), cat.basic[characters[p]], 1)
        for p in range(n)
    )
    discard = cards(position.rubble_discard, "the rubble discard pile")
    deck = list(cat.deck)
    for weapon in cat.basic:  # every basic weapon is in play after setup
        deck[weapon] += 1
    for pile in (*inventories, discard):
        for index, count in enumerate(pile):
            deck[index] -= count
    short = [cat.names[i] for i, count in enumerate(deck) if count < 0]
    if short:
        _refuse(f"more {', '.join(short)} cards than the game has")

    if len(position.areas) > n:
        _refuse(f"areas lists {len(position.areas)} seats for {n} players")
    areas: tuple[Area, ...] = tuple(
        position.areas[p] if p < len(position.areas) else () for p in range(n)
    )
    saved = _per_seat("saved", position.saved, n)
    monsters = _per_seat("monsters", position.monsters, n)
    horde = cat.content.horde
    for area in areas:
        for kind in area:
            horde = horde.add(kind, -1)
    horde = horde.add(Enemy.SURVIVOR, -sum(saved)).add(Enemy.MONSTER, -sum(monsters))
    for kind, count in zip(Enemy, position.horde_discard.counts(), strict=True):
        horde = horde.add(kind, -count)
    short = [kind.value for kind, count in zip(Enemy, horde.counts(), strict=True) if count < 0]
    if short:
        _refuse(f"more {', '.join(short)} horde cards than the game has")

    objectives: list[tuple[int, ...]] = []
    left = list(cat.secondary)
    if len(position.secondary) > n:
        _refuse(f"secondary lists {len(position.secondary)} seats for {n} players")
    for p in range(n):
        own = cat.character_objectives[characters[p]]
        name = position.secondary[p] if p < len(position.secondary) else ""
        if not name:
            objectives.append(own)
            continue
        index = cat.objective_index.get(name)
        if index is None or not cat.secondary[index]:
            _refuse(f"seat {p}: no secondary objective {name!r}")
        if left[index] < 1:
            _refuse(f"more {name} objectives than the pile has")
        left[index] -= 1
        objectives.append((*own, index))

    barricades = _per_seat("barricades", position.barricades, n)
    traps = _per_seat("traps", position.traps, n)
    health = [
        position.health[p] if p < len(position.health) else cat.characters[characters[p]].health
        for p in range(n)
    ]
    if len(position.health) > n:
        _refuse(f"health lists {len(position.health)} seats for {n} players")
    attacks = position.phase == "attacks"
    if attacks:
        active = _seat("active", first if position.active is None else position.active, n)
        if not 0 <= position.acted < n:
            _refuse(f"acted {position.acted}: between 0 and {n - 1} players have acted")
        turn = (active + position.acted) % n
    else:
        turn = _seat("turn", first if position.turn is None else position.turn, n)
        active = -1
    zeros = (0,) * n
    state = UdState(
        config=config,
        phase=Phase.ATTACKS if attacks else Phase.SEARCH,
        step=Step.ACT if attacks else Step.CLOCK,
        round=position.round,
        current=turn,
        turn=turn,
        first=first,
        active=active,
        leader=-1,
        characters=tuple(characters),
        health=tuple(health),
        inventories=inventories,
        rubble=tuple(deck),
        rubble_discard=discard,
        horde=horde,
        horde_discard=position.horde_discard,
        areas=areas,
        barricades=tuple(barricades),
        traps=tuple(traps),
        saved=tuple(saved),
        monsters=tuple(monsters),
        kills=tuple(_per_seat("kills", position.kills, n)),
        built=tuple(
            _per_seat("built", position.built, n, 0)
            if position.built
            else [b + t for b, t in zip(barricades, traps, strict=True)]
        ),
        saved_ever=tuple(
            _per_seat("saved_ever", position.saved_ever, n) if position.saved_ever else saved
        ),
        wounds=zeros,
        objectives=tuple(objectives),
        achieved=tuple((False,) * len(mine) for mine in objectives),
        secondary=tuple(left),
        search_actions=0 if attacks else position.search_actions,
        acted=position.acted if attacks else 0,
    )
    return settle(state)


POSITIONS: Final = Positions(Position, fill, "UD.POSITION_JSON")
"""Until Daylight's position builder (registered in its rules table)."""
