"""Squirrel or Die: the rules as a pure state machine.

Every function here takes a :class:`SodState` and returns a new one or a value; nothing
is mutated. Rule ids in docstrings (``Implements SOD-AUTUMN-2.``) tie the code to
``spec/squirrel-or-die.toml``. The shape follows every game module: setup, the node
queries (``to_move``, ``legal_actions``, ``chance_outcomes``), ``apply``, ``result``,
then private helpers.

Speed (DESIGN section 8, and the pattern in the design notes): each patch is also kept
as bitmasks (the state's layout, :mod:`~dieproof.reference.squirrel_or_die.board`), so
that legality in ``apply`` is a bit test and a step updates only the masks it changes;
actions and chance outcomes come from tables built once
(:mod:`~dieproof.reference.squirrel_or_die.listing`); ``apply`` dispatches on the
action's type through a dict, and every step builds its new state once. The readable
cell-by-cell statements of adjacency and the limit (:func:`open_places`,
:func:`is_open`, :func:`extent`) stay here; tests check the masks against them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidConfig
from dieproof.reference.core.types import CHANCE, TERMINAL, Result
from dieproof.reference.squirrel_or_die import listing, turns
from dieproof.reference.squirrel_or_die.board import (
    DOWN,
    NEIGHBOURS,
    OCCUPIED,
    UP,
    Layout,
    Position,
    add_cell,
    carry,
    extent,
    grid_extent,
    is_open,
    layout,
    open_mask,
    open_places,
    put_at,
    remove_cell,
    replace,
)
from dieproof.reference.squirrel_or_die.listing import cat_recipients
from dieproof.reference.squirrel_or_die.tiles import ADD, COUNT, TILE_ORDER, Tile, Tiles
from dieproof.reference.squirrel_or_die.turns import (
    check_out,
    end_autumn_turn,
    end_winter_turn,
    next_turn,
)
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    LIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_GRID,
    Cell,
    Draw,
    Flip,
    Gather,
    Give,
    Hide,
    Patch,
    Phase,
    Place,
    SodAction,
    SodConfig,
    SodState,
    Step,
    Swap,
    Take,
    Variant,
    grid_side,
)

__all__ = [
    "NEIGHBOURS",
    "apply",
    "cat_recipients",
    "chance_outcomes",
    "extent",
    "grid_extent",
    "initial_state",
    "is_open",
    "legal_actions",
    "open_places",
    "result",
    "sample_draw",
    "sample_legal_action",
    "to_move",
    "validate_config",
]


START_CELLS: tuple[tuple[int, int, bool], ...] = (
    (0, 0, False),
    (0, 1, True),
    (1, 0, True),
    (1, 1, True),
)
"""The 2x2 starting grid as (row, col, face up): the secret tile at (0, 0) (SOD-SETUP-2).
Which corner is secret does not matter; fixing it makes states canonical."""


DRAWS: Final = {tile: Draw(tile) for tile in TILE_ORDER}
"""The chance outcome of drawing each kind, built once."""

# Enum members as module constants: in Python 3.11 ``Phase.OVER`` goes through the enum
# metaclass's ``__getattr__`` hook (about 0.1 us), and the rules ask on every step.
_SETUP, _AUTUMN, _WINTER, _OVER = Phase.SETUP, Phase.AUTUMN, Phase.WINTER, Phase.OVER
_DEAL, _DRAW, _PLACE, _SWAP = Step.DEAL, Step.DRAW, Step.PLACE, Step.SWAP
_TAKE, _HIDE, _GATHER, _FLIP, _GIVE, _NONE = (
    Step.TAKE, Step.HIDE, Step.GATHER, Step.FLIP, Step.GIVE, Step.NONE,
)  # fmt: skip
_BASIC, _BIRDHOUSE, _REVERSE = Variant.BASIC, Variant.BIRDHOUSE, Variant.REVERSE
_CAT, _SLEEPY, _AGAIN = Tile.CAT, Tile.SLEEPY, Tile.AGAIN


# -- setup --------------------------------------------------------------------------------


def removal(players: int, variant: Variant) -> Tiles:
    """The tiles taken out of the box for ``players`` players.

    Implements SOD-SETUP-1 and, for the birdhouse variant, SOD-BIRD-1.
    """
    if players == 4:
        removed = Tiles(food=2, birdhouse=1)
    elif players == 3:
        removed = Tiles(skull=3)
    else:
        removed = Tiles(skull=6, food=5, birdhouse=1)
    if variant is Variant.BIRDHOUSE and removed.birdhouse:
        # The birdhouse stays in and one more food goes out instead (SOD-A3).
        removed = Tiles(food=removed.food + 1, skull=removed.skull)
    return removed


@functools.lru_cache(maxsize=256)
def game_tiles(config: SodConfig) -> Tiles:
    """The tiles in play: the box less the removal. Implements SOD-SETUP-1.

    Remembered per configuration (configurations are immutable values): the invariants
    and the abstraction ask on every step."""
    return config.tiles.minus(removal(config.players, config.variant))


def validate_config(config: SodConfig) -> None:
    """Raise :class:`InvalidConfig` unless ``config`` describes a playable game."""
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "SOD.PLAYERS", f"Squirrel or Die is for 2 to 4 players, not {config.players}",
            "SOD-SETUP-1",
        )  # fmt: skip
    if not 0 <= config.first_player < config.players:
        raise InvalidConfig(
            "SOD.FIRST_PLAYER",
            f"first_player {config.first_player} is not a seat of {config.players}",
            "SOD-SETUP-3",
        )
    tiles = game_tiles(config)
    short = [t.value for t in TILE_ORDER if tiles.count(t) < 0]
    if short:
        raise InvalidConfig(
            "SOD.TILES_SHORT",
            f"the box has too few {', '.join(short)} tiles for the {config.players}-player removal",
            "SOD-SETUP-1",
        )
    side = grid_side(config.players)
    if tiles.total() != side * side:
        raise InvalidConfig(
            "SOD.TILES_TOTAL",
            f"{tiles.total()} tiles remain after the removal; the {side}x{side} grid "
            f"needs exactly {side * side}",
            "SOD-SETUP-1",
        )
    if config.variant is Variant.BIRDHOUSE and tiles.birdhouse < 1:
        raise InvalidConfig(
            "SOD.NO_BIRDHOUSE", "the birdhouse variant needs the birdhouse tile", "SOD-BIRD-1"
        )


def initial_state(config: SodConfig) -> SodState:
    """The table before the first draw. Implements SOD-SETUP-2 and SOD-REV-1."""
    validate_config(config)
    players = config.players
    tiles = game_tiles(config)
    if config.variant is Variant.REVERSE:
        patches: tuple[Patch, ...] = ((),) * players
        phase, step = Phase.AUTUMN, Step.GATHER
    else:
        phase, step = Phase.SETUP, Step.DEAL
        if config.variant is Variant.BIRDHOUSE:
            # The landmark takes the secret tile's corner, face up (SOD-BIRD-1).
            patches = ((Cell(0, 0, Tile.BIRDHOUSE, True),),)
            tiles = tiles.add(Tile.BIRDHOUSE, -1)
        else:
            patches = ((),)
    return SodState(
        config=config,
        phase=phase,
        step=step,
        current=config.first_player,
        bag=tiles,
        hands=(Tiles(),) * players,
        held=None,
        patches=patches,
        collected=(Tiles(),) * players,
        out=(False,) * players,
        sleeping=(False,) * players,
    )


# -- node queries -------------------------------------------------------------------------


def to_move(state: SodState) -> int:
    """The seat to act, :data:`CHANCE` for a draw, or :data:`TERMINAL`."""
    if state.phase is _OVER:
        return TERMINAL
    step = state.step
    if step is _DRAW or step is _DEAL:
        return CHANCE
    return state.current


_OUTCOMES: dict[Tiles, tuple[tuple[Draw, Fraction], ...]] = {}


def chance_outcomes(state: SodState) -> tuple[tuple[Draw, Fraction], ...]:
    """Each kind left in the sack, weighted by its count. Implements SOD-AUTUMN-1.

    The outcomes of a sack are built once and shared by every state with that sack."""
    step = state.step
    if state.phase is _OVER or (step is not _DRAW and step is not _DEAL):
        return ()
    bag = state.bag
    found = _OUTCOMES.get(bag)
    if found is None:
        if len(_OUTCOMES) >= chance.CACHE_LIMIT:
            _OUTCOMES.clear()
        found = _OUTCOMES[bag] = chance.weighted(
            (DRAWS[tile], count) for tile, count in zip(TILE_ORDER, bag.counts(), strict=True)
        )
    return found


def sample_draw(state: SodState, rng: random.Random) -> Draw:
    """A draw from the sack with :func:`chance_outcomes`' probabilities."""
    return chance.sample(chance_outcomes(state), rng)


def legal_actions(state: SodState) -> tuple[SodAction, ...]:
    """The decisions open to the player to move, in canonical order (see
    :mod:`~dieproof.reference.squirrel_or_die.listing`)."""
    if state.phase is _OVER:
        return ()
    lister = listing.LISTERS.get(state.step)
    return () if lister is None else lister(state)


def sample_legal_action(state: SodState, rng: random.Random) -> SodAction:
    """``legal_actions(state)[rng.randrange(len(...))]``: the lists come from tables, so
    drawing from the list is the fast path too."""
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


# -- apply --------------------------------------------------------------------------------


def apply(state: SodState, action: SodAction) -> SodState:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    if state.phase is _OVER:
        raise IllegalAction("SOD.GAME_OVER", "the game is over", "SOD-END-1")
    entry = _HANDLERS.get(type(action))
    step = state.step
    if entry is None or step not in entry[0]:
        expected = _EXPECTED[step]
        if entry is None and isinstance(action, expected):  # a subclass of the right type
            return _HANDLERS[expected][1](state, action)
        raise IllegalAction(
            "SOD.WRONG_STEP",
            f"the game waits for {step.value} ({expected.__name__}), not {type(action).__name__}",
            _STEP_RULE[step],
        )
    return entry[1](state, action)


def _draw(state: SodState, action: SodAction) -> SodState:
    """A tile out of the sack. Implements SOD-SETUP-2, SOD-SETUP-4 and SOD-AUTUMN-1."""
    assert isinstance(action, Draw)
    tile = action.tile
    if COUNT[tile](state.bag) < 1:
        raise IllegalAction(
            "SOD.NOT_IN_BAG", f"no {tile.value} tile is left in the sack", "SOD-AUTUMN-1"
        )
    bag = ADD[tile](state.bag, -1)
    lay = state.__dict__.get("layout") or layout(state)
    if state.step is _DRAW:
        return carry(replace(state, bag=bag, held=tile, step=_PLACE), lay)
    board = state.patches[0]
    if len(board) < START_GRID:
        row, col, face_up = START_CELLS[len(board)]
        patches, lay = add_cell(state, lay, 0, (row, col, tile, face_up))
        if len(board) + 1 < START_GRID:
            return carry(replace(state, bag=bag, patches=patches), lay)
        return _deal_next(state, lay, bag, state.hands, patches)
    # Hands: each seat from the first player draws three (SOD-SETUP-4).
    seat = state.current
    hands = put_at(state.hands, seat, ADD[tile](state.hands[seat], 1))
    return _deal_next(state, lay, bag, hands, state.patches)


def _deal_next(
    state: SodState, lay: Layout, bag: Tiles, hands: tuple[Tiles, ...], patches: tuple[Patch, ...]
) -> SodState:
    """Point the deal at the next seat short of a full hand, or start Autumn."""
    config = state.config
    players = config.players
    for offset in range(players):
        seat = (config.first_player + offset) % players
        if hands[seat].total() < HAND_SIZE:
            return carry(replace(state, bag=bag, hands=hands, patches=patches, current=seat), lay)
    phase, step, current = next_turn(
        state, lay, bag, hands, seat=config.first_player, last=state.last_autumn
    )
    after = replace(
        state, bag=bag, hands=hands, patches=patches, phase=phase, step=step, current=current
    )
    return carry(after, lay)


def _place(state: SodState, action: SodAction) -> SodState:
    """Put the drawn tile face up. Implements SOD-AUTUMN-1."""
    assert isinstance(action, Place)
    held = state.held
    assert held is not None  # a PLACE step always holds the drawn tile
    lay = state.__dict__.get("layout") or layout(state)
    place = (action.row, action.col)
    _require_open(state, lay, 0, place, "SOD-AUTUMN-1")
    patches, lay = add_cell(state, lay, 0, (*place, held, True))
    step = _TAKE if state.config.variant is _BIRDHOUSE else _SWAP
    return carry(replace(state, patches=patches, held=None, step=step), lay)


def _swap(state: SodState, action: SodAction) -> SodState:
    """Swap a hand tile face down for a face-up one. Implements SOD-AUTUMN-2."""
    assert isinstance(action, Swap)
    hand = _require_in_hand(state, action.tile, "SOD-AUTUMN-2")
    g, masks = lay = state.__dict__.get("layout") or layout(state)
    bit = _require_swappable(lay, action.row, action.col, "SOD-AUTUMN-2")
    board = state.patches[0]
    occupied, across, down, up = masks[0]
    at = (occupied & ((1 << bit) - 1)).bit_count()
    hand = ADD[board[at].tile](ADD[action.tile](hand, -1), 1)
    board = (*board[:at], g.cells[action.tile, False][bit], *board[at + 1 :])
    flag = 1 << bit
    lay = (g, ((occupied, across, down | flag, up & ~flag),))
    hands = put_at(state.hands, state.current, hand)
    return end_autumn_turn(state, lay, state.bag, hands, (board,))


def _take(state: SodState, action: SodAction) -> SodState:
    """Take a face-up tile into hand (birdhouse variant). Implements SOD-BIRD-2."""
    assert isinstance(action, Take)
    lay = state.__dict__.get("layout") or layout(state)
    bit = _require_swappable(lay, action.row, action.col, "SOD-BIRD-2")
    patches, lay, cell = remove_cell(state, lay, 0, bit)
    hands = put_at(state.hands, state.current, ADD[cell.tile](state.hands[state.current], 1))
    return carry(replace(state, patches=patches, hands=hands, step=_HIDE), lay)


def _hide(state: SodState, action: SodAction) -> SodState:
    """Put a hand tile face down in a new place. Implements SOD-AUTUMN-4 and SOD-BIRD-2."""
    assert isinstance(action, Hide)
    rule = "SOD-BIRD-2" if state.config.variant is _BIRDHOUSE else "SOD-AUTUMN-4"
    hand = _require_in_hand(state, action.tile, rule)
    lay = state.__dict__.get("layout") or layout(state)
    place = (action.row, action.col)
    _require_open(state, lay, 0, place, rule)
    patches, lay = add_cell(state, lay, 0, (*place, action.tile, False))
    hands = put_at(state.hands, state.current, ADD[action.tile](hand, -1))
    return end_autumn_turn(state, lay, state.bag, hands, patches)


def _gather(state: SodState, action: SodAction) -> SodState:
    """Move a middle tile face down into one's own patch. Implements SOD-REV-2."""
    assert isinstance(action, Gather)
    tile = action.tile
    if COUNT[tile](state.bag) < 1:
        raise IllegalAction(
            "SOD.NOT_IN_MIDDLE", f"no {tile.value} tile is left in the middle", "SOD-REV-2"
        )
    seat = state.current
    lay = state.__dict__.get("layout") or layout(state)
    place = (action.row, action.col)
    _require_open(state, lay, seat, place, "SOD-REV-2")
    patches, lay = add_cell(state, lay, seat, (*place, tile, False))
    return end_autumn_turn(state, lay, ADD[tile](state.bag, -1), state.hands, patches)


def _flip(state: SodState, action: SodAction) -> SodState:
    """Flip a face-down tile and resolve it. Implements SOD-WINTER-1 and the special
    tiles SOD-SPECIAL-1 to SOD-SPECIAL-5."""
    assert isinstance(action, Flip)
    index = action.patch
    if not 0 <= index < len(state.patches):
        raise IllegalAction("SOD.NO_PATCH", f"there is no patch {index}", "SOD-WINTER-1")
    lay = state.__dict__.get("layout") or layout(state)
    g, masks = lay
    bit = g.index(action.row, action.col)
    down = masks[index][DOWN]
    if bit < 0 or not down >> bit & 1:
        raise IllegalAction(
            "SOD.NOT_FACE_DOWN",
            f"no face-down tile at ({action.row}, {action.col}) of patch {index}",
            "SOD-WINTER-1",
        )
    patches, lay, cell = remove_cell(state, lay, index, bit)
    flips: tuple[Flip, ...] | None = state.__dict__.get("flips")
    if flips is not None:  # the list of flips, less this one (in the listing's order)
        at = (down & ((1 << bit) - 1)).bit_count()
        if index:
            at += sum(m[DOWN].bit_count() for m in masks[:index])
        flips = (*flips[:at], *flips[at + 1 :])
    seat = state.current
    tile = cell.tile
    if tile is _CAT:
        return carry(replace(state, patches=patches, held=_CAT, step=_GIVE), lay, flips)
    collected = put_at(state.collected, seat, ADD[tile](state.collected[seat], 1))
    out = check_out(state.out, collected, seat)
    sleeping = put_at(state.sleeping, seat, True) if tile is _SLEEPY else state.sleeping
    after = end_winter_turn(
        state, lay, patches, collected, out=out, sleeping=sleeping, again=tile is _AGAIN
    )
    return carry(after, lay, flips)


def _give(state: SodState, action: SodAction) -> SodState:
    """Give the Confused Cat away. Implements SOD-SPECIAL-5."""
    assert isinstance(action, Give)
    recipients = cat_recipients(state)
    if action.player not in recipients:
        raise IllegalAction(
            "SOD.CAT_RECIPIENT",
            f"player {action.player} cannot receive the Confused Cat "
            f"(choose from {list(recipients)})",
            "SOD-SPECIAL-5",
        )
    seat = action.player
    collected = put_at(state.collected, seat, ADD[_CAT](state.collected[seat], 1))
    out = check_out(state.out, collected, seat)
    lay = state.__dict__.get("layout") or layout(state)
    after = end_winter_turn(
        state, lay, state.patches, collected, out=out, sleeping=state.sleeping, again=False
    )
    return carry(after, lay, state.__dict__.get("flips"))


_Handler = Callable[[SodState, SodAction], SodState]

_HANDLERS: Final[dict[type, tuple[tuple[Step, ...], _Handler]]] = {
    Draw: ((Step.DEAL, Step.DRAW), _draw),
    Place: ((Step.PLACE,), _place),
    Swap: ((Step.SWAP,), _swap),
    Take: ((Step.TAKE,), _take),
    Hide: ((Step.HIDE,), _hide),
    Gather: ((Step.GATHER,), _gather),
    Flip: ((Step.FLIP,), _flip),
    Give: ((Step.GIVE,), _give),
}
"""Each action type: the steps that accept it and its handler (dispatch by type)."""


# -- result -------------------------------------------------------------------------------


def result(state: SodState) -> Result | None:
    """``None`` while the game runs; the winners and the ending rule once it is over."""
    return state.result


def skulls(state: SodState, player: int) -> int:
    """Skull-equivalents ``player`` holds. Implements SOD-WINTER-2 and SOD-SPECIAL-1."""
    return state.collected[player].skulls()


def lives(state: SodState, player: int) -> int:
    """Skulls that take ``player`` out: three, one more per Squirrel Love (SOD-SPECIAL-4)."""
    return LIVES + state.collected[player].love


def food(state: SodState, player: int) -> int:
    """The tie-break count of ``player``. Implements SOD-END-2 under SOD-A11."""
    return turns.food(state.config, state.collected[player])


# -- private helpers ----------------------------------------------------------------------

_EXPECTED: dict[Step, type] = {
    Step.DEAL: Draw,
    Step.DRAW: Draw,
    Step.PLACE: Place,
    Step.SWAP: Swap,
    Step.TAKE: Take,
    Step.HIDE: Hide,
    Step.GATHER: Gather,
    Step.FLIP: Flip,
    Step.GIVE: Give,
}

_STEP_RULE: dict[Step, str] = {
    Step.DEAL: "SOD-SETUP-2",
    Step.DRAW: "SOD-AUTUMN-1",
    Step.PLACE: "SOD-AUTUMN-1",
    Step.SWAP: "SOD-AUTUMN-2",
    Step.TAKE: "SOD-BIRD-2",
    Step.HIDE: "SOD-AUTUMN-4",
    Step.GATHER: "SOD-REV-2",
    Step.FLIP: "SOD-WINTER-1",
    Step.GIVE: "SOD-SPECIAL-5",
}


def _require_open(state: SodState, lay: Layout, index: int, place: Position, rule: str) -> None:
    g, masks = lay
    row, col = place
    bit = g.index(row, col)
    if bit >= 0 and open_mask(state, index) >> bit & 1:
        return
    taken = bit >= 0 and masks[index][OCCUPIED] >> bit & 1
    why = "is taken" if taken else "is not a legal place"
    config = state.config
    limit = None if config.variant is _REVERSE else grid_side(config.players)
    raise IllegalAction(
        "SOD.BAD_PLACE",
        f"({row}, {col}) {why}: a tile must go next to another, no diagonals"
        + (f", within {limit} in each direction" if limit is not None else ""),
        rule,
    )


def _require_in_hand(state: SodState, tile: Tile, rule: str) -> Tiles:
    hand = state.hands[state.current]
    if COUNT[tile](hand) < 1:
        raise IllegalAction("SOD.NOT_IN_HAND", f"no {tile.value} tile in hand", rule)
    return hand


def _require_swappable(lay: Layout, row: int, col: int, rule: str) -> int:
    """The bit of the face-up tile at (row, col) that may be taken (not the landmark)."""
    g, masks = lay
    bit = g.index(row, col)
    if bit < 0 or not masks[0][UP] >> bit & 1:
        raise IllegalAction("SOD.NOT_FACE_UP", f"no face-up tile to take at ({row}, {col})", rule)
    return bit


def _find(patch: Patch, row: int, col: int) -> Cell | None:
    for cell in patch:
        if cell.row == row and cell.col == col:
            return cell
    return None
