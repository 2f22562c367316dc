"""Squirrel or Die for the oracle: which rules decided a step, and whether a state that
came in as JSON is a position the rules can be applied to.

:func:`step_rules` names the rules a disagreement about a step is about (the oracle's
differential test reports them); :func:`validate_state` guards the referee against
hostile states passed by value.
"""

from __future__ import annotations

from typing import NoReturn

from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.squirrel_or_die import board, rules
from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    HAND_SIZE,
    START_GRID,
    Cell,
    Draw,
    Flip,
    Gather,
    Hide,
    Phase,
    Place,
    SodAction,
    SodState,
    Step,
    Swap,
    Take,
    Variant,
)

FLIP_RULES: dict[Tile, tuple[str, ...]] = {
    Tile.FOOD: ("SOD-WINTER-2",),
    Tile.BIRDHOUSE: ("SOD-WINTER-2",),
    Tile.SKULL: ("SOD-WINTER-2",),
    Tile.BOMB: ("SOD-SPECIAL-1", "SOD-WINTER-2"),
    Tile.AGAIN: ("SOD-SPECIAL-2",),
    Tile.SLEEPY: ("SOD-SPECIAL-3",),
    Tile.LOVE: ("SOD-SPECIAL-4",),
    Tile.CAT: ("SOD-SPECIAL-5",),
}
"""The rules that say what flipping each kind of tile does."""

PILE_RULES: tuple[tuple[Tile, str], ...] = (
    (Tile.BOMB, "SOD-SPECIAL-1"),
    (Tile.CAT, "SOD-SPECIAL-5"),
    (Tile.LOVE, "SOD-SPECIAL-4"),
)
"""Tiles in a pile that change when its owner is out (the skull count and the lives)."""


def step_rules(before: SodState, action: SodAction, after: SodState) -> tuple[str, ...]:
    """The rules that decided the step ``before`` -> ``after``, most specific first."""
    found: list[str] = []
    variant = before.config.variant
    if isinstance(action, Draw):
        if before.step is Step.DEAL:
            found.append("SOD-SETUP-2" if len(before.patches[0]) < 4 else "SOD-SETUP-4")
        else:
            found.append("SOD-AUTUMN-1")
    elif isinstance(action, Place):
        found.append("SOD-AUTUMN-1")
    elif isinstance(action, Swap):
        found.append("SOD-AUTUMN-2")
        if before.bag.total() == 0:
            found.append("SOD-AUTUMN-3")
    elif isinstance(action, Take):
        found.extend(("SOD-BIRD-2", "SOD-BIRD-3"))  # any face-up tile but the landmark
    elif isinstance(action, Hide):
        found.append("SOD-BIRD-2" if variant is Variant.BIRDHOUSE else "SOD-AUTUMN-4")
    elif isinstance(action, Gather):
        found.append("SOD-REV-2")
    elif isinstance(action, Flip):
        cell = rules._find(before.patches[action.patch], action.row, action.col)
        if cell is not None:
            found.extend(FLIP_RULES[cell.tile])
        found.append("SOD-WINTER-1")
        if variant is Variant.REVERSE:
            found.append("SOD-REV-3")
    else:
        found.append("SOD-SPECIAL-5")
    found.extend(_consequences(before, after))
    return tuple(dict.fromkeys(found))


def _consequences(before: SodState, after: SodState) -> list[str]:
    """Rules behind what a step changed besides its own effect."""
    found: list[str] = []
    for player in range(before.config.players):
        if after.out[player] and not before.out[player]:
            found.append("SOD-WINTER-2")
            pile = after.collected[player]
            found.extend(rule for tile, rule in PILE_RULES if pile.count(tile))
    if any(after.sleeping[p] != before.sleeping[p] for p in range(before.config.players)):
        found.append("SOD-SPECIAL-3")
    if before.phase is Phase.SETUP and after.phase is Phase.AUTUMN:
        found.append("SOD-SETUP-4")
    if before.phase is Phase.AUTUMN and after.phase is not Phase.AUTUMN:
        found.extend(("SOD-AUTUMN-5", "SOD-WINTER-1"))
    if before.phase is Phase.AUTUMN and after.step is Step.HIDE and before.step is not Step.HIDE:
        found.append("SOD-AUTUMN-4")
    winter = before.phase is Phase.WINTER and after.phase is Phase.WINTER
    if winter and after.current != before.current:
        found.append("SOD-WINTER-3")
    if after.result is not None and before.result is None:
        found.append(after.result.rule)
    return found


_STEPS: dict[Phase, frozenset[Step]] = {
    Phase.SETUP: frozenset({Step.DEAL}),
    Phase.AUTUMN: frozenset({Step.DRAW, Step.PLACE, Step.SWAP, Step.TAKE, Step.HIDE, Step.GATHER}),
    Phase.WINTER: frozenset({Step.FLIP, Step.GIVE}),
    Phase.OVER: frozenset({Step.NONE}),
}
"""The steps each phase can wait for."""

_VARIANT_STEPS: dict[Step, frozenset[Variant]] = {
    Step.DEAL: frozenset({Variant.BASIC, Variant.BIRDHOUSE}),
    Step.DRAW: frozenset({Variant.BASIC, Variant.BIRDHOUSE}),
    Step.PLACE: frozenset({Variant.BASIC, Variant.BIRDHOUSE}),
    Step.SWAP: frozenset({Variant.BASIC}),
    Step.TAKE: frozenset({Variant.BIRDHOUSE}),
    Step.HIDE: frozenset({Variant.BASIC, Variant.BIRDHOUSE}),
    Step.GATHER: frozenset({Variant.REVERSE}),
}
"""The variants in which a step occurs (the others occur in all three)."""


def validate_state(state: SodState) -> None:
    """Raise :class:`InvalidState` (``SOD.STATE_INVALID``) if ``state`` is not a position
    the rules can reach: every structural property that the invariants and the rules
    assume, checked before the invariants run (by the caller). A state this accepts has
    only successors it accepts too (a test plays several steps from hostile states)."""
    try:
        rules.validate_config(state.config)
    except RulesError as error:
        _invalid(f"its config is impossible: {error.message}")
    config = state.config
    players = config.players
    for name in ("hands", "collected", "out", "sleeping"):
        length = len(getattr(state, name))
        if length != players:
            _invalid(f"{name} has {length} entries for {players} players")
    patches = players if config.variant is Variant.REVERSE else 1
    if len(state.patches) != patches:
        _invalid(f"{len(state.patches)} patches, expected {patches}")
    for index, patch in enumerate(state.patches):
        places = [(cell.row, cell.col) for cell in patch]
        if places != sorted(set(places)):
            _invalid(f"patch {index} is not sorted by (row, col) without repeats")
        widest = max((max(abs(row), abs(col)) for row, col in places), default=0)
        if widest > board.MAX_REACH:
            _invalid(
                f"patch {index} has a tile {widest} places from the origin (no game "
                f"reaches further than {board.MAX_REACH})"
            )
    piles: list[tuple[str, Tiles]] = [("bag", state.bag)]
    piles += [(f"hands[{p}]", hand) for p, hand in enumerate(state.hands)]
    piles += [(f"collected[{p}]", pile) for p, pile in enumerate(state.collected)]
    for name, pile in piles:
        if any(count < 0 for count in pile.counts()):
            _invalid(f"{name} has a negative count")
    if not 0 <= state.current < players:
        _invalid(f"current {state.current} is not a seat")
    if not -1 <= state.last_autumn < players:
        _invalid(f"last_autumn {state.last_autumn} is not a seat or -1")
    if state.step not in _STEPS[state.phase]:
        _invalid(f"phase {state.phase.value} never waits for {state.step.value}")
    variants = _VARIANT_STEPS.get(state.step)
    if variants is not None and config.variant not in variants:
        _invalid(f"step {state.step.value} does not occur in the {config.variant.value} game")
    if state.step is Step.PLACE and state.held is None:
        _invalid("a place step without a drawn tile")
    if state.step is Step.GIVE and state.held is not Tile.CAT:
        _invalid("a give step without the Confused Cat")
    if state.step not in (Step.PLACE, Step.GIVE) and state.held is not None:
        _invalid(f"a tile is held at a {state.step.value} step")
    if state.step in (Step.DEAL, Step.DRAW, Step.GATHER) and state.bag.total() == 0:
        _invalid("a draw from an empty sack")
    _check_landmark(state)
    if state.phase is Phase.SETUP:
        _check_setup(state)
    elif state.phase is Phase.AUTUMN:
        _check_autumn(state)
    else:
        _check_winter(state)


def _face_up(state: SodState) -> list[Cell]:
    """The face-up tiles on the table, the birdhouse variant's landmark excepted."""
    bird = state.config.variant is Variant.BIRDHOUSE
    return [
        cell
        for patch in state.patches
        for cell in patch
        if cell.face_up and not (bird and cell.tile is Tile.BIRDHOUSE)
    ]


def _check_landmark(state: SodState) -> None:
    """The birdhouse variant's only birdhouse is its landmark: face up on the grid for the
    whole game, never in the sack, a hand or a pile (SOD-BIRD-1, SOD-BIRD-3)."""
    if state.config.variant is not Variant.BIRDHOUSE:
        return
    found = [cell for cell in state.patches[0] if cell.tile is Tile.BIRDHOUSE]
    if len(found) != 1 or not found[0].face_up:
        _invalid("the birdhouse variant's landmark is not face up on the grid")
    elsewhere = state.bag.birdhouse + sum(p.birdhouse for p in (*state.hands, *state.collected))
    if elsewhere or state.held is Tile.BIRDHOUSE:
        _invalid("the birdhouse variant's landmark has left the grid")


def _quiet_before_winter(state: SodState) -> None:
    """Before Winter nobody has flipped, been put out, fallen asleep or won."""
    if any(pile.total() for pile in state.collected):
        _invalid(f"a pile holds tiles in {state.phase.value}")
    if any(state.out) or any(state.sleeping):
        _invalid(f"a player is out or asleep in {state.phase.value}")


def _check_setup(state: SodState) -> None:
    """The deal: the 2x2 grid's cells in their order and faces (SOD-SETUP-2, the
    birdhouse in the secret corner in its variant), then three tiles to each hand from
    the first player on, the seat being dealt to the first one short (SOD-SETUP-4)."""
    config = state.config
    _quiet_before_winter(state)
    if state.last_autumn != -1:
        _invalid("a last Autumn turn during the setup")
    grid = state.patches[0]
    bird = config.variant is Variant.BIRDHOUSE
    if len(grid) > START_GRID:
        _invalid(f"the setup grid has {len(grid)} tiles")
    layout = sorted(rules.START_CELLS[: len(grid)])
    for cell, (row, col, face_up) in zip(grid, layout, strict=True):
        secret = (row, col) == rules.START_CELLS[0][:2]
        if (cell.row, cell.col) != (row, col):
            _invalid(f"a setup tile lies at ({cell.row}, {cell.col}), not on the 2x2 grid")
        wanted = True if bird and secret else face_up
        if cell.face_up != wanted:
            _invalid(f"the setup tile at ({row}, {col}) has the wrong side up")
    hands = [hand.total() for hand in state.hands]
    if len(grid) < START_GRID:
        if any(hands):
            _invalid("hands are dealt before the grid is full")
        if state.current != config.first_player:
            _invalid("the grid is dealt for someone other than the first player")
        return
    order = [(config.first_player + k) % config.players for k in range(config.players)]
    short = [seat for seat in order if hands[seat] < HAND_SIZE]
    if not short or state.current != short[0]:
        _invalid(f"the deal goes to seat {state.current}, not the first one short of a hand")
    position = order.index(short[0])
    if any(hands[seat] != HAND_SIZE for seat in order[:position]) or any(
        hands[seat] for seat in order[position + 1 :]
    ):
        _invalid("the hands are not dealt in turn from the first player")


def _check_autumn(state: SodState) -> None:
    """Autumn: three tiles in every hand while tiles are drawn, swapped or taken; a
    face-down hide only once the sack and the face-up tiles are used up (but the
    birdhouse turn's hide after its take); a patch of one's own only in Reverse or Die,
    all face down (SOD-AUTUMN-1 to -5, SOD-BIRD-2, SOD-REV-2)."""
    config = state.config
    _quiet_before_winter(state)
    hands = [hand.total() for hand in state.hands]
    step = state.step
    if config.variant is Variant.REVERSE:
        if any(hands):
            _invalid("a hand holds tiles in Reverse or Die")
        if any(cell.face_up for patch in state.patches for cell in patch):
            _invalid("a face-up tile in a private patch")
        return
    face_up = _face_up(state)
    sack = state.bag.total() + (state.held is not None)
    if step in (Step.DRAW, Step.PLACE, Step.SWAP, Step.TAKE) and any(
        size != HAND_SIZE for size in hands
    ):
        _invalid(f"a hand does not hold {HAND_SIZE} tiles at a {step.value} step")
    if step in (Step.SWAP, Step.TAKE) and not face_up:
        _invalid(f"a {step.value} step without a face-up tile")
    if step is Step.HIDE:
        taking = config.variant is Variant.BIRDHOUSE and hands[state.current] == HAND_SIZE + 1
        if taking:
            if any(size != HAND_SIZE for seat, size in enumerate(hands) if seat != state.current):
                _invalid(f"a hand does not hold {HAND_SIZE} tiles during a birdhouse turn")
        elif sack or face_up:
            _invalid("a hide step while tiles are left to draw or face up")
        elif not hands[state.current]:
            _invalid(f"player {state.current} has nothing to hide")


def _check_winter(state: SodState) -> None:
    """Winter and the end: every tile drawn, hidden and face down (but the landmark),
    and the last Autumn turn known (SOD-AUTUMN-5, SOD-WINTER-1)."""
    hands = [hand.total() for hand in state.hands]
    if state.bag.total() or any(hands) or _face_up(state):
        _invalid(f"tiles are left in the sack, a hand or face up in {state.phase.value}")
    if state.last_autumn < 0:
        _invalid(f"{state.phase.value} without a last Autumn turn")
    if state.phase is Phase.WINTER and state.result is not None:
        _invalid("a result while Winter goes on")


def _invalid(message: str) -> NoReturn:
    raise InvalidState("SOD.STATE_INVALID", f"not a Squirrel or Die position: {message}")
