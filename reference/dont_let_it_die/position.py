"""Don't Let It Die positions from a short description (``dieproof position
dont-let-it-die``, the referee's ``position`` op, :meth:`GameBase.position`).

A :class:`Position` names what a rulebook check needs: the day, the wood in the pit, the
group's tokens by name, each character's health, stamina and equipment by item name, the
discoveries unlocked, the building, the night event in force and whose turn it is. The
rest is filled in consistently: maxima as the discoveries and Clubs make them, the decks
full, the night events not in force in the night deck, items counted as made. The
position stands at a ``turn`` step (a character's turn in the day phase). A description
naming something the game does not have is refused with ``DLID.POSITION``; one that
breaks an invariant is refused by the state checks that follow.
"""

from __future__ import annotations

from typing import Final, NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Positions
from dieproof.reference.core.types import Value, replace
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die.base import refit_all
from dieproof.reference.dont_let_it_die.rules import initial_state, validate_config
from dieproof.reference.dont_let_it_die.types import (
    TOKEN_NAMES,
    DlidConfig,
    DlidState,
)

CODE: Final = "DLID.POSITION"
"""The code of a description that names an impossible position."""


class Character(Value, frozen=True):
    """One character's state in a position (a field left out keeps the setup's value)."""

    hp: int | None = None
    """Current health (default: the maximum)."""
    stamina: int | None = None
    """Current stamina (default: the maximum)."""
    weapons: tuple[str, ...] | None = None
    """Weapons equipped, by item name (default: the starting item, if a weapon)."""
    tools: tuple[str, ...] | None = None
    """Tools equipped, by item name (default: the starting item, if a tool)."""
    spare: tuple[str, ...] = ()
    """Unequipped items, by item name."""
    done: bool = False
    """The character has ended its turn today."""


class Position(Value, frozen=True):
    """A Don't Let It Die position in a few lines, at a character's turn in the day."""

    config: DlidConfig = DlidConfig()
    """The game: players, characters, tree, tracker, challenge, readings."""
    day: int = 1
    """The day, 1 to 14."""
    pit: int = 3
    """Wood in the fire pit."""
    tokens: dict[str, int] = {}  # noqa: RUF012 (msgspec copies defaults)
    """The group's pool by token name (wood, rock, fiber, berry, cooked-berry, meat,
    cooked-meat, bone, hide, fkp); a name left out is 0."""
    characters: tuple[Character, ...] = ()
    """The four characters in seat order (empty: as set up)."""
    unlocked: tuple[str, ...] = ()
    """The discoveries unlocked, by name (each with its prerequisites)."""
    building: str | None = None
    """The building standing, by name, or null."""
    event: str | None = None
    """The night event in force this day, by name, or null."""
    turn: int = 0
    """The seat whose turn it is."""
    first: int | None = None
    """The seat holding the first player token (default: ``turn``)."""


def _refuse(message: str) -> NoReturn:
    raise InvalidState(CODE, f"impossible position: {message}")


def _item(name: str) -> int:
    if name not in content.ITEM_INDEX:
        _refuse(f"no item {name!r}; known: {', '.join(content.ITEM_NAMES)}")
    return content.ITEM_INDEX[name]


def fill(p: Position) -> DlidState:
    """The whole state ``p`` describes."""
    try:
        validate_config(p.config)
    except Exception as error:  # an InvalidConfig, reported as a position error
        _refuse(str(error))
    state = initial_state(p.config)
    table = content.items(p.config)
    tokens = [0] * len(TOKEN_NAMES)
    for name, n in p.tokens.items():
        if name not in TOKEN_NAMES:
            _refuse(f"no token {name!r}; known: {', '.join(TOKEN_NAMES)}")
        tokens[TOKEN_NAMES.index(name)] = n
    made = [0] * len(table)
    members = list(state.members)
    if p.characters and len(p.characters) != len(members):
        _refuse("give all four characters or none")
    for seat, (old, c) in enumerate(zip(members, p.characters, strict=False)):
        weapons = old.weapons if c.weapons is None else tuple(_item(n) for n in c.weapons)
        tools = old.tools if c.tools is None else tuple(_item(n) for n in c.tools)
        spare = tuple(_item(n) for n in c.spare)
        new = replace(old, weapons=weapons, tools=tools, guards=(0,) * len(tools), spare=spare)
        new = replace(new, done=c.done)
        if c.hp is not None:
            new = replace(new, hp=c.hp, down=c.hp == 0)
        if c.stamina is not None or new.down:
            new = replace(new, stamina=0 if new.down else c.stamina)
        members[seat] = new
    for m in members:
        for item in (*m.weapons, *m.tools, *m.spare):
            made[item] += 1
    if not p.characters:
        made = list(state.made)
    tree = [d.name for d in content.box(p.config).tree]
    unlocked = [False] * len(tree)
    for name in p.unlocked:
        if name not in tree:
            _refuse(f"no discovery {name!r} on the {p.config.tree} tree")
        unlocked[tree.index(name)] = True
    building = -1
    if p.building is not None:
        building = _item(p.building)
        if table[building].kind != "building":
            _refuse(f"{p.building} is not a building")
        made[building] = 1
    event = -1
    night_deck = list(state.night_deck)
    if p.event is not None:
        names = [e.name for e in content.box(p.config).night_events]
        if p.event not in names:
            _refuse(f"no night event {p.event!r}")
        event = names.index(p.event)
        night_deck[event] = 0
    if not 0 <= p.turn < len(members):
        _refuse(f"seat {p.turn}")
    first = p.turn if p.first is None else p.first
    state = replace(
        state,
        day=p.day,
        pit=p.pit,
        tokens=tuple(tokens),
        members=tuple(members),
        made=tuple(made),
        unlocked=tuple(unlocked),
        building=building,
        event=event,
        night_deck=tuple(night_deck),
        turn=p.turn,
        first=first,
    )
    return refit_all(state)


POSITIONS: Final = Positions(description=Position, fill=fill, code=CODE)
