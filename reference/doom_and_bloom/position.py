"""Doom and Bloom SURVIVAL! positions from a short description (``dieproof position
doom-and-bloom``, the referee's ``position`` op, :meth:`GameBase.position`).

A :class:`Position` names, per seat, the character, the assets, the pawn's space, the
destinations in order and how many are scouted, the final destination and the Bonus
cards by name; and whose turn it is, at its start (nobody keeping it busy) or after its
movement roll. What it leaves out is filled in consistently: setup is over with seat 0
as the start player; the characters' starting assets; every pawn in Center City; the
first destination of each length's count (towns 0, 1, 2); the milestones reached by each
side's Survivors, rewarded; the decks full but for the Bonus cards held; a pawn that is
not in Center City has taken its first turn. A description naming something the content
or the board does not have is refused with ``DAB.POSITION``; one that decodes but breaks
an invariant is refused by the state checks that follow.
"""

from __future__ import annotations

from typing import Final, Literal, NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Positions
from dieproof.reference.core.types import Value, replace
from dieproof.reference.doom_and_bloom.base import catalog, new_milestones, validate_config
from dieproof.reference.doom_and_bloom.types import (
    SURVIVORS,
    Assets,
    DabConfig,
    DabState,
    Phase,
)

CODE: Final = "DAB.POSITION"


class Seat(Value, frozen=True):
    """One player's mat and pawn."""

    character: str
    """The character card, by name."""
    assets: Assets | None = None
    """Food, Fuel, Weaponry, Survivors, Medkits (default: the character's starting assets)."""
    space: str | None = None
    """The pawn's space, by its id on the board (default: Center City)."""
    destinations: tuple[str, ...] = ()
    """The destination towns by name, in the order drawn (default: the first towns)."""
    scouted: int = 0
    """How many of the destinations are scouted (always the first ones)."""
    final: str | None = None
    """The final destination's town, by name (needs every destination scouted)."""
    bonus: tuple[str, ...] = ()
    """Bonus cards held, by name, a card per element (a team keeps them on its first seat)."""


class Position(Value, frozen=True):
    """A Doom and Bloom SURVIVAL! position in a few lines."""

    seats: tuple[Seat, ...]
    """One entry per player, in seat order."""
    config: DabConfig = DabConfig()
    """The game: players (must match ``seats``), length, teams, board, content, readings."""
    active: int = 0
    """Whose turn it is."""
    phase: Literal["turn", "move"] = "turn"
    """At the start of the turn (nobody keeping the player busy), or after the movement
    roll with ``roll`` to move."""
    roll: int = 0
    """The movement allowance in phase ``move``."""


def _refuse(message: str) -> NoReturn:
    raise InvalidState(CODE, f"not a Doom and Bloom position: {message}")


def fill(position: Position) -> DabState:
    """The whole state ``position`` describes (validated afterwards by the caller)."""
    from dieproof.reference.doom_and_bloom.rules import initial_state

    config = position.config
    validate_config(config)
    n = config.players
    if len(position.seats) != n:
        _refuse(f"{len(position.seats)} seats for {n} players")
    if not 0 <= position.active < n:
        _refuse(f"active seat {position.active} for {n} players")
    cat = catalog(config)
    content = cat.content
    characters = [c.name for c in content.characters]
    towns = [t.name for t in cat.top.board.towns]
    spaces = [s.id for s in cat.top.board.spaces]
    bonuses = [b.name for b in content.bonuses]
    state = initial_state(config)

    def index(names: list[str], name: str, what: str) -> int:
        if name not in names:
            _refuse(f"no {what} {name!r}")
        return names.index(name)

    chars, assets, where, dests, scouted, final, towns_done = [], [], [], [], [], [], []
    hands = [[0] * len(bonuses) for _ in range(n)]
    for p, seat in enumerate(position.seats):
        c = index(characters, seat.character, "character")
        if c in chars:
            _refuse(f"character {seat.character!r} is at the table twice")
        chars.append(c)
        assets.append(seat.assets if seat.assets is not None else content.characters[c].assets)
        where.append(index(spaces, seat.space, "space") if seat.space else cat.top.center)
        drawn = tuple(index(towns, t, "town") for t in seat.destinations) or tuple(
            range(cat.destinations)
        )
        if len(drawn) != cat.destinations:
            _refuse(f"seat {p} has {len(drawn)} destinations ({cat.destinations} needed)")
        if not 0 <= seat.scouted <= len(drawn):
            _refuse(f"seat {p} scouted {seat.scouted} of {len(drawn)}")
        dests.append(drawn)
        scouted.append(seat.scouted)
        towns_done.append(sum(1 << t for t in drawn[: seat.scouted]))
        final.append(index(towns, seat.final, "town") if seat.final else -1)
        holder = cat.sides[p][0]
        for name in seat.bonus:
            hands[holder][index(bonuses, name, "Bonus card")] += 1
    milestones = [0] * n
    rewarded = [0] * n
    for side in set(cat.sides):
        total = sum(assets[m][SURVIVORS] for m in side)
        bits, fresh = new_milestones(0, total)
        for m in side:
            milestones[m] = bits
            rewarded[m] = fresh
    pile = tuple(b.copies - sum(h[k] for h in hands) for k, b in enumerate(content.bonuses))
    if any(c < 0 for c in pile):
        _refuse("more Bonus cards held than the deck has")
    return replace(
        state,
        step=Phase.TURN if position.phase == "turn" else Phase.MOVE,
        active=position.active,
        actor=position.active,
        turns=1,
        start_player=0,
        setup_rolls=(0,) * n,
        characters=tuple(chars),
        assets=tuple(assets),
        space=tuple(where),
        destinations=tuple(dests),
        scouted=tuple(scouted),
        scouted_towns=tuple(towns_done),
        final=tuple(final),
        milestones=tuple(milestones),
        rewarded=tuple(rewarded),
        bonus=tuple(tuple(h) for h in hands),
        bonus_pile=pile,
        moved=tuple(s != cat.top.center for s in where),
        roll=position.roll if position.phase == "move" else 0,
        origin=where[position.active],
    )


POSITIONS: Final = Positions(Position, fill, "DAB.POSITION_JSON")
"""Doom and Bloom SURVIVAL!'s position builder (registered in its rules table)."""
