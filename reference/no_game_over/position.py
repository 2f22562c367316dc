"""No Game Over positions from a short description (``dieproof position no-game-over``,
the referee's ``position`` op, :meth:`GameBase.position`).

A :class:`Position` names what a rulebook check needs: each seat's lives, hand and
equipment by card name, the curses lying beside the equipment, the 1st ROUND tokens,
whose turn it is and where in it, and, for a combat, the enemy faced and what has been
played. :func:`fill` turns it into a whole
:class:`~dieproof.reference.no_game_over.types.NgoState`, which is then validated like
any state a client sends. What the description leaves out is filled in consistently:

- every card no hand, equipment, curse, discard pile or combat holds is in its deck;
- ``step`` ``"prepare"`` stands at the start of ``active``'s turn (a ghost's turn starts
  with ``"ghost-draw"``), ``"end"`` after the Level, ``"combat"`` at the priority loop
  with priority at the fighter (``active``) and no passes yet.

A description naming an impossible position (an unknown card, more copies than the box
holds, a seat that does not exist) is refused with ``NGO.POSITION``.
"""

from __future__ import annotations

from typing import Final, Literal, NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Positions
from dieproof.reference.core.types import Value
from dieproof.reference.no_game_over.base import bump, catalog, validate_config
from dieproof.reference.no_game_over.types import (
    START_LIVES,
    Combat,
    NgoConfig,
    NgoState,
    Step,
)

CODE: Final = "NGO.POSITION"
"""The code of a description that names an impossible position."""


class Fight(Value, frozen=True):
    """A combat in progress, by card names."""

    enemy: str
    """The main enemy (or Final Boss, or Princess of Bersia) facing the fighter."""
    strength: int | None = None
    """Its strength (default: the card's; a Princess of Bersia's: the fighter's)."""
    boss: bool = False
    """A Final Boss fight."""
    secondary: str = ""
    """A secondary enemy played by ``secondary_by`` ("" : none)."""
    secondary_by: int = -1
    """Who played it."""
    allied: str = ""
    """The fighter's allied enemy ("": none)."""
    bonus: int = 0
    """Strength the fighter's items already added."""
    harm: int = 0
    """Strength items played against the fighter already added."""


class Position(Value, frozen=True):
    """A No Game Over position in a few lines; the decks hold every other card."""

    config: NgoConfig = NgoConfig()
    """The game: players, content (null: dieproof's default), readings."""
    active: int = 0
    """Whose turn it is."""
    step: Literal["prepare", "end", "combat"] = "prepare"
    """Where the turn stands (a ghost's turn always starts at its draw)."""
    lives: tuple[int, ...] = ()
    """Each seat's lives in seat order (default 3)."""
    hands: tuple[tuple[str, ...], ...] = ()
    """Each seat's hand by card name, a card per element (default: empty)."""
    equipment: tuple[tuple[str, ...], ...] = ()
    """Each seat's equipped cards by name (default: none)."""
    afflictions: tuple[tuple[str, ...], ...] = ()
    """Each seat's non-instant curses beside the equipment (default: none)."""
    tokens: tuple[bool, ...] = ()
    """Who holds a 1st ROUND token (default: nobody)."""
    discards: tuple[str, ...] = ()
    """Cards in the discard piles, a card per element (each goes to its deck's pile)."""
    fight: Fight | None = None
    """The combat, with ``step`` ``"combat"``."""


def _refuse(message: str) -> NoReturn:
    raise InvalidState(CODE, f"not a No Game Over position: {message}")


def fill(position: Position) -> NgoState:
    """The whole state ``position`` describes. Implements the position builder."""
    config = position.config
    try:
        validate_config(config)
    except Exception as error:  # an InvalidConfig: report it as a position error
        _refuse(str(error))
    cat = catalog(config)
    n = config.players
    kinds = len(cat.cards)

    def index(name: str) -> int:
        found = cat.index.get(name)
        if found is None:
            _refuse(f"no card called {name!r}")
        return found

    def seats(name: str, values: tuple[object, ...]) -> None:
        if len(values) > n:
            _refuse(f"{name} lists {len(values)} seats for {n} players")

    for name, values in (
        ("lives", position.lives),
        ("hands", position.hands),
        ("equipment", position.equipment),
        ("afflictions", position.afflictions),
        ("tokens", position.tokens),
    ):
        seats(name, values)
    if not 0 <= position.active < n:
        _refuse(f"seat {position.active} does not exist")
    lives = tuple(position.lives[p] if p < len(position.lives) else START_LIVES for p in range(n))
    used = [0] * kinds
    hands: list[tuple[int, ...]] = []
    for p in range(n):
        hand = (0,) * kinds
        for name in position.hands[p] if p < len(position.hands) else ():
            hand = bump(hand, index(name), 1)
        hands.append(hand)
        used = [a + b for a, b in zip(used, hand, strict=True)]
    worn: list[tuple[int, ...]] = []
    cursed: list[tuple[int, ...]] = []
    for held, source in ((worn, position.equipment), (cursed, position.afflictions)):
        for p in range(n):
            cards = tuple(sorted(index(c) for c in (source[p] if p < len(source) else ())))
            for c in cards:
                used[c] += 1
            held.append(cards)
    discards = [(0,) * kinds for _ in range(3)]
    for name in position.discards:
        c = index(name)
        d = cat.deck_of[c]
        discards[d] = bump(discards[d], c, 1)
        used[c] += 1
    combat = None
    step = {"prepare": Step.PREPARE, "end": Step.END, "combat": Step.COMBAT}[position.step]
    if lives[position.active] == 0:
        step = Step.GHOST_DRAW
    if (position.fight is None) != (step is not Step.COMBAT):
        _refuse('a fight goes with step "combat", and only with it')
    if position.fight is not None:
        f = position.fight
        main = index(f.enemy)
        table = bump((0,) * kinds, main, 1)
        used[main] += 1
        secondary = index(f.secondary) if f.secondary else -1
        allied = index(f.allied) if f.allied else -1
        for extra in (secondary, allied):
            if extra >= 0:
                table = bump(table, extra, 1)
                used[extra] += 1
        strength = f.strength if f.strength is not None else cat.cards[main].strength
        combat = Combat(
            fighter=position.active,
            main=main,
            main_strength=max(0, strength),
            boss=f.boss,
            secondary=secondary,
            secondary_by=f.secondary_by if secondary >= 0 else -1,
            allied=allied,
            bonus=max(0, f.bonus),
            harm=max(0, f.harm),
            table=table,
            priority=position.active,
        )
    decks: list[tuple[int, ...]] = []
    for d in range(3):
        pile = list(cat.box[d])
        for c in range(kinds):
            if cat.deck_of[c] == d:
                pile[c] -= used[c]
                if pile[c] < 0:
                    _refuse(f"more copies of {cat.cards[c].name!r} than the box holds")
        decks.append(tuple(pile))
    tokens = tuple(position.tokens[p] if p < len(position.tokens) else False for p in range(n))
    return NgoState(
        config=config,
        step=step,
        active=position.active,
        lives=lives,
        hands=tuple(hands),
        equipment=tuple(worn),
        afflictions=tuple(cursed),
        tokens=tokens,
        decks=(decks[0], decks[1], decks[2]),
        discards=(discards[0], discards[1], discards[2]),
        combat=combat,
        rolls=(0,) * n,
    )


POSITIONS: Final = Positions(description=Position, fill=fill, code=CODE)
"""The No Game Over position builder."""
