"""Squirrel or Die: the rules as a pure state machine.

Every function here takes a :class:`SodState` and returns a new one or a value; nothing
is mutated. Rule ids in docstrings (``Implements SOD-AUTUMN-2.``) tie the code to
``spec/squirrel-or-die.toml``. The shape follows every game module: setup, the node
queries (``to_move``, ``legal_actions``, ``chance_outcomes``), ``apply``, ``result``,
then private helpers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from typing import TypeVar

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidConfig
from dieproof.reference.core.types import CHANCE, TERMINAL, Result, replace
from dieproof.reference.squirrel_or_die.tiles import TILE_ORDER, Tile, Tiles
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

Position = tuple[int, int]
T = TypeVar("T")

START_CELLS: tuple[tuple[int, int, bool], ...] = (
    (0, 0, False),
    (0, 1, True),
    (1, 0, True),
    (1, 1, True),
)
"""The 2x2 starting grid as (row, col, face up): the secret tile at (0, 0) (SOD-SETUP-2).
Which corner is secret does not matter; fixing it makes states canonical."""

NEIGHBOURS: tuple[Position, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""Orthogonal neighbours only: the rulebook forbids diagonals."""


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


def game_tiles(config: SodConfig) -> Tiles:
    """The tiles in play: the box less the removal. Implements SOD-SETUP-1."""
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
    if state.phase is Phase.OVER:
        return TERMINAL
    if state.step in (Step.DEAL, Step.DRAW):
        return CHANCE
    return state.current


def chance_outcomes(state: SodState) -> tuple[tuple[Draw, Fraction], ...]:
    """Each kind left in the sack, weighted by its count. Implements SOD-AUTUMN-1."""
    if to_move(state) != CHANCE:
        return ()
    return chance.weighted((Draw(tile), state.bag.count(tile)) for tile in TILE_ORDER)


def sample_draw(state: SodState, rng: random.Random) -> Draw:
    """A draw from the sack with :func:`chance_outcomes`' probabilities, without fractions."""
    pairs = [
        (Draw(tile), count)
        for tile, count in zip(TILE_ORDER, state.bag.counts(), strict=True)
        if count
    ]
    return chance.sample_weighted(pairs, rng)


def legal_actions(state: SodState) -> tuple[SodAction, ...]:
    """The decisions open to the player to move, in canonical order.

    The order: by action field order, tiles in :data:`TILE_ORDER`, places by
    (row, col), patches and players by index.
    """
    step = state.step
    if to_move(state) < 0:
        return ()
    board = state.patches[0]
    if step is Step.PLACE:
        return tuple(Place(r, c) for r, c in open_places(board, _limit(state)))
    if step is Step.SWAP:
        ups = _swappable(state)
        hand = state.hands[state.current]
        return tuple(Swap(t, c.row, c.col) for t in hand.kinds() for c in ups)
    if step is Step.TAKE:
        return tuple(Take(c.row, c.col) for c in _swappable(state))
    if step is Step.HIDE:
        places = open_places(board, _limit(state))
        hand = state.hands[state.current]
        return tuple(Hide(t, r, c) for t in hand.kinds() for r, c in places)
    if step is Step.GATHER:
        places = open_places(state.patches[state.current], None)
        return tuple(Gather(t, r, c) for t in state.bag.kinds() for r, c in places)
    if step is Step.FLIP:
        return tuple(
            Flip(index, cell.row, cell.col)
            for index, patch in enumerate(state.patches)
            for cell in patch
            if not cell.face_up
        )
    if step is Step.GIVE:
        return tuple(Give(p) for p in cat_recipients(state))
    return ()


def sample_legal_action(state: SodState, rng: random.Random) -> SodAction:
    """``legal_actions(state)[rng.randrange(len(...))]`` without building the list.

    Most steps' legal actions are a product (tile kinds by places, or places alone), so
    the chosen index is decoded instead; it consumes ``rng`` exactly as indexing the
    full list would, so a seed plays the same game either way (a test checks this).
    """
    step = state.step
    if step is Step.FLIP:
        hidden = [
            (index, cell)
            for index, patch in enumerate(state.patches)
            for cell in patch
            if not cell.face_up
        ]
        index, cell = hidden[rng.randrange(len(hidden))]
        return Flip(index, cell.row, cell.col)
    if step is Step.PLACE:
        places = open_places(state.patches[0], _limit(state))
        row, col = places[rng.randrange(len(places))]
        return Place(row, col)
    if step in (Step.SWAP, Step.HIDE, Step.GATHER):
        if step is Step.SWAP:
            places = tuple((c.row, c.col) for c in _swappable(state))
            kinds = state.hands[state.current].kinds()
        elif step is Step.HIDE:
            places = open_places(state.patches[0], _limit(state))
            kinds = state.hands[state.current].kinds()
        else:
            places = open_places(state.patches[state.current], None)
            kinds = state.bag.kinds()
        tile_index, place_index = divmod(rng.randrange(len(kinds) * len(places)), len(places))
        row, col = places[place_index]
        kind = (Swap, Hide, Gather)[(Step.SWAP, Step.HIDE, Step.GATHER).index(step)]
        return kind(kinds[tile_index], row, col)
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


def cat_recipients(state: SodState) -> tuple[int, ...]:
    """Who may receive the Confused Cat. Implements SOD-SPECIAL-5 under SOD-A9."""
    anyone = state.config.readings.cat_recipient == "any"
    return tuple(
        p
        for p in range(state.config.players)
        if p != state.current and (anyone or not state.out[p])
    )


def open_places(patch: Patch, limit: int | None) -> tuple[Position, ...]:
    """Empty places orthogonally next to a tile of ``patch`` that keep the patch within
    ``limit`` tiles in each direction; the origin for an empty patch.

    Implements SOD-AUTUMN-1 (adjacency, the limit) and SOD-REV-2 (no diagonals).
    """
    if not patch:
        return ((0, 0),)
    occupied = {(cell.row, cell.col) for cell in patch}
    candidates = {(r + dr, c + dc) for r, c in occupied for dr, dc in NEIGHBOURS} - occupied
    if limit is not None:
        top, bottom, left, right = _bounds(patch)
        # A place keeps the span within the limit if it lies inside the window of rows
        # (columns) that still fits around the current span.
        low_row, high_row = bottom - limit + 1, top + limit - 1
        low_col, high_col = right - limit + 1, left + limit - 1
        candidates = {
            (r, c) for r, c in candidates if low_row <= r <= high_row and low_col <= c <= high_col
        }
    return tuple(sorted(candidates))


def is_open(patch: Patch, place: Position, limit: int | None) -> bool:
    """Whether ``place`` is one of :func:`open_places` (without listing them all)."""
    if not patch:
        return place == (0, 0)
    row, col = place
    touches = False
    for cell in patch:
        dr, dc = cell.row - row, cell.col - col
        if dr == 0 and dc == 0:
            return False
        if abs(dr) + abs(dc) == 1:
            touches = True
    if not touches:
        return False
    if limit is None:
        return True
    top, bottom, left, right = _bounds(patch)
    return max(bottom, row) - min(top, row) < limit and max(right, col) - min(left, col) < limit


def _bounds(patch: Patch) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of a non-empty patch (sorted by row, so rows are cheap)."""
    cols = [cell.col for cell in patch]
    return patch[0].row, patch[-1].row, min(cols), max(cols)


def extent(patch: Patch) -> tuple[int, int]:
    """(height, width) of the smallest rectangle around ``patch``; (0, 0) when empty."""
    if not patch:
        return 0, 0
    rows = [cell.row for cell in patch]
    cols = [cell.col for cell in patch]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


# -- apply --------------------------------------------------------------------------------


def apply(state: SodState, action: SodAction) -> SodState:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    if state.phase is Phase.OVER:
        raise IllegalAction("SOD.GAME_OVER", "the game is over", "SOD-END-1")
    expected = _EXPECTED[state.step]
    if not isinstance(action, expected):
        raise IllegalAction(
            "SOD.WRONG_STEP",
            f"the game waits for {state.step.value} ({expected.__name__}), "
            f"not {type(action).__name__}",
            _STEP_RULE[state.step],
        )
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Swap):
        return _swap(state, action)
    if isinstance(action, Take):
        return _take(state, action)
    if isinstance(action, Hide):
        return _hide(state, action)
    if isinstance(action, Gather):
        return _gather(state, action)
    if isinstance(action, Flip):
        return _flip(state, action)
    return _give(state, action)


def _draw(state: SodState, action: Draw) -> SodState:
    """A tile out of the sack. Implements SOD-SETUP-2, SOD-SETUP-4 and SOD-AUTUMN-1."""
    tile = action.tile
    if state.bag.count(tile) < 1:
        raise IllegalAction(
            "SOD.NOT_IN_BAG", f"no {tile.value} tile is left in the sack", "SOD-AUTUMN-1"
        )
    bag = state.bag.add(tile, -1)
    if state.step is Step.DRAW:
        return replace(state, bag=bag, held=tile, step=Step.PLACE)
    board = state.patches[0]
    if len(board) < START_GRID:
        row, col, face_up = START_CELLS[len(board)]
        board = _with(board, Cell(row, col, tile, face_up))
        state = replace(state, bag=bag, patches=(board,))
        return state if len(board) < START_GRID else _deal_next(state)
    # Hands: each seat from the first player draws three (SOD-SETUP-4).
    seat = state.current
    hands = _set(state.hands, seat, state.hands[seat].add(tile))
    return _deal_next(replace(state, bag=bag, hands=hands))


def _deal_next(state: SodState) -> SodState:
    """Point the deal at the next seat short of a full hand, or start Autumn."""
    players = state.config.players
    for offset in range(players):
        seat = (state.config.first_player + offset) % players
        if state.hands[seat].total() < HAND_SIZE:
            return replace(state, current=seat)
    return _start_turn(replace(state, phase=Phase.AUTUMN, current=state.config.first_player))


def _place(state: SodState, action: Place) -> SodState:
    """Put the drawn tile face up. Implements SOD-AUTUMN-1."""
    held = state.held
    assert held is not None  # a PLACE step always holds the drawn tile
    board = state.patches[0]
    _require_open(board, (action.row, action.col), _limit(state), "SOD-AUTUMN-1")
    board = _with(board, Cell(action.row, action.col, held, True))
    step = Step.TAKE if state.config.variant is Variant.BIRDHOUSE else Step.SWAP
    return replace(state, patches=(board,), held=None, step=step)


def _swap(state: SodState, action: Swap) -> SodState:
    """Swap a hand tile face down for a face-up one. Implements SOD-AUTUMN-2."""
    hand = _require_in_hand(state, action.tile, "SOD-AUTUMN-2")
    board = state.patches[0]
    cell = _require_swappable(state, action.row, action.col, "SOD-AUTUMN-2")
    hand = hand.add(action.tile, -1).add(cell.tile)
    board = _with(_without(board, cell), Cell(cell.row, cell.col, action.tile, False))
    state = replace(state, patches=(board,), hands=_set(state.hands, state.current, hand))
    return _end_autumn_turn(state)


def _take(state: SodState, action: Take) -> SodState:
    """Take a face-up tile into hand (birdhouse variant). Implements SOD-BIRD-2."""
    cell = _require_swappable(state, action.row, action.col, "SOD-BIRD-2")
    hand = state.hands[state.current].add(cell.tile)
    board = _without(state.patches[0], cell)
    return replace(
        state, patches=(board,), hands=_set(state.hands, state.current, hand), step=Step.HIDE
    )


def _hide(state: SodState, action: Hide) -> SodState:
    """Put a hand tile face down in a new place. Implements SOD-AUTUMN-4 and SOD-BIRD-2."""
    rule = "SOD-BIRD-2" if state.config.variant is Variant.BIRDHOUSE else "SOD-AUTUMN-4"
    hand = _require_in_hand(state, action.tile, rule)
    board = state.patches[0]
    _require_open(board, (action.row, action.col), _limit(state), rule)
    board = _with(board, Cell(action.row, action.col, action.tile, False))
    hands = _set(state.hands, state.current, hand.add(action.tile, -1))
    return _end_autumn_turn(replace(state, patches=(board,), hands=hands))


def _gather(state: SodState, action: Gather) -> SodState:
    """Move a middle tile face down into one's own patch. Implements SOD-REV-2."""
    if state.bag.count(action.tile) < 1:
        raise IllegalAction(
            "SOD.NOT_IN_MIDDLE", f"no {action.tile.value} tile is left in the middle", "SOD-REV-2"
        )
    seat = state.current
    patch = state.patches[seat]
    _require_open(patch, (action.row, action.col), None, "SOD-REV-2")
    patch = _with(patch, Cell(action.row, action.col, action.tile, False))
    state = replace(
        state, bag=state.bag.add(action.tile, -1), patches=_set(state.patches, seat, patch)
    )
    return _end_autumn_turn(state)


def _flip(state: SodState, action: Flip) -> SodState:
    """Flip a face-down tile and resolve it. Implements SOD-WINTER-1 and the special
    tiles SOD-SPECIAL-1 to SOD-SPECIAL-5."""
    if not 0 <= action.patch < len(state.patches):
        raise IllegalAction("SOD.NO_PATCH", f"there is no patch {action.patch}", "SOD-WINTER-1")
    patch = state.patches[action.patch]
    cell = _find(patch, action.row, action.col)
    if cell is None or cell.face_up:
        raise IllegalAction(
            "SOD.NOT_FACE_DOWN",
            f"no face-down tile at ({action.row}, {action.col}) of patch {action.patch}",
            "SOD-WINTER-1",
        )
    state = replace(state, patches=_set(state.patches, action.patch, _without(patch, cell)))
    seat = state.current
    if cell.tile is Tile.CAT:
        return replace(state, held=Tile.CAT, step=Step.GIVE)
    collected = _set(state.collected, seat, state.collected[seat].add(cell.tile))
    state = _check_out(replace(state, collected=collected), seat)
    if cell.tile is Tile.SLEEPY:
        state = replace(state, sleeping=_set(state.sleeping, seat, True))
    return _end_winter_turn(state, again=cell.tile is Tile.AGAIN)


def _give(state: SodState, action: Give) -> SodState:
    """Give the Confused Cat away. Implements SOD-SPECIAL-5."""
    if action.player not in cat_recipients(state):
        raise IllegalAction(
            "SOD.CAT_RECIPIENT",
            f"player {action.player} cannot receive the Confused Cat "
            f"(choose from {list(cat_recipients(state))})",
            "SOD-SPECIAL-5",
        )
    seat = action.player
    collected = _set(state.collected, seat, state.collected[seat].add(Tile.CAT))
    state = _check_out(replace(state, collected=collected, held=None), seat)
    return _end_winter_turn(state, again=False)


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
    pile = state.collected[player]
    bonus = pile.birdhouse if state.config.readings.birdhouse_tiebreak == "food" else 0
    return pile.food + bonus


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


def _limit(state: SodState) -> int:
    return grid_side(state.config.players)


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _key(cell: Cell) -> Position:
    return cell.row, cell.col


def _with(patch: Patch, cell: Cell) -> Patch:
    return tuple(sorted((*patch, cell), key=_key))


def _without(patch: Patch, cell: Cell) -> Patch:
    return tuple(c for c in patch if c is not cell and (c.row, c.col) != (cell.row, cell.col))


def _find(patch: Patch, row: int, col: int) -> Cell | None:
    for cell in patch:
        if cell.row == row and cell.col == col:
            return cell
    return None


def _is_landmark(state: SodState, cell: Cell) -> bool:
    """The birdhouse variant's birdhouse stays face up where it is (SOD-BIRD-3)."""
    return state.config.variant is Variant.BIRDHOUSE and cell.tile is Tile.BIRDHOUSE


def _swappable(state: SodState) -> tuple[Cell, ...]:
    return tuple(c for c in state.patches[0] if c.face_up and not _is_landmark(state, c))


def _require_open(patch: Patch, place: Position, limit: int | None, rule: str) -> None:
    if not is_open(patch, place, limit):
        why = "is taken" if _find(patch, *place) is not None else "is not a legal place"
        raise IllegalAction(
            "SOD.BAD_PLACE",
            f"({place[0]}, {place[1]}) {why}: a tile must go next to another, no diagonals"
            + (f", within {limit} in each direction" if limit is not None else ""),
            rule,
        )


def _require_in_hand(state: SodState, tile: Tile, rule: str) -> Tiles:
    hand = state.hands[state.current]
    if hand.count(tile) < 1:
        raise IllegalAction("SOD.NOT_IN_HAND", f"no {tile.value} tile in hand", rule)
    return hand


def _require_swappable(state: SodState, row: int, col: int, rule: str) -> Cell:
    cell = _find(state.patches[0], row, col)
    if cell is None or not cell.face_up or _is_landmark(state, cell):
        raise IllegalAction("SOD.NOT_FACE_UP", f"no face-up tile to take at ({row}, {col})", rule)
    return cell


def _face_up_left(state: SodState) -> bool:
    return bool(_swappable(state))


def _start_turn(state: SodState) -> SodState:
    """Set the step of the current player's Autumn turn, or start Winter.

    Implements SOD-AUTUMN-3 (the turns once the sack is empty), SOD-AUTUMN-4 (the
    face-down placements) and SOD-AUTUMN-5 (the end of Autumn).
    """
    variant = state.config.variant
    if variant is Variant.REVERSE:
        if state.bag.total():
            return replace(state, step=Step.GATHER)
    elif state.bag.total():
        return replace(state, step=Step.DRAW)
    elif _face_up_left(state):
        return replace(state, step=Step.TAKE if variant is Variant.BIRDHOUSE else Step.SWAP)
    elif any(hand.total() for hand in state.hands):
        if state.hands[state.current].total():
            return replace(state, step=Step.HIDE)
        return _start_turn(replace(state, current=_next_seat(state, state.current)))
    return _start_winter(state)


def _end_autumn_turn(state: SodState) -> SodState:
    state = replace(state, last_autumn=state.current)
    return _start_turn(replace(state, current=_next_seat(state, state.current)))


def _start_winter(state: SodState) -> SodState:
    """Implements SOD-WINTER-1 (who flips first: SOD-A6)."""
    if state.config.readings.winter_start == "first":
        first = state.config.first_player
    else:
        first = _next_seat(state, state.last_autumn)
    return replace(state, phase=Phase.WINTER, step=Step.FLIP, current=first)


def _next_seat(state: SodState, seat: int) -> int:
    return (seat + 1) % state.config.players


def _check_out(state: SodState, player: int) -> SodState:
    """A player with as many skulls as lives is out. Implements SOD-WINTER-2."""
    if state.out[player] or skulls(state, player) < lives(state, player):
        return state
    return replace(state, out=_set(state.out, player, True))


def _face_down_left(state: SodState) -> bool:
    return any(not cell.face_up for patch in state.patches for cell in patch)


def _end_winter_turn(state: SodState, *, again: bool) -> SodState:
    """Check for the end, then pass the turn. Implements SOD-END-1, SOD-END-2,
    SOD-SPECIAL-2 (Again) and SOD-SPECIAL-3 (the Sleepy Squirrel)."""
    standing = [p for p in range(state.config.players) if not state.out[p]]
    if len(standing) == 1:
        return _over(state, (standing[0],), "the last squirrel standing wins", "SOD-END-1")
    if not _face_down_left(state):
        best = max(food(state, p) for p in standing)
        winners = tuple(p for p in standing if food(state, p) == best)
        return _over(state, winners, f"tie broken by food ({best})", "SOD-END-2")
    if again and not state.out[state.current]:
        return replace(state, step=Step.FLIP)
    seat, sleeping = state.current, list(state.sleeping)
    while True:
        seat = _next_seat(state, seat)
        if state.out[seat]:
            continue
        if sleeping[seat]:
            sleeping[seat] = False
            continue
        return replace(state, current=seat, sleeping=tuple(sleeping), step=Step.FLIP)


def _over(state: SodState, winners: Iterable[int], reason: str, rule: str) -> SodState:
    return replace(
        state,
        phase=Phase.OVER,
        step=Step.NONE,
        result=Result(winners=tuple(winners), reason=reason, rule=rule),
    )
