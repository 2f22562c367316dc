"""Squirrel or Die for the oracle: which rules decided a step, and whether a state that
came in as JSON is a position the rules can be applied to.

:func:`step_rules` names the rules a disagreement about a step is about (the oracle's
differential test reports them); :func:`validate_state` guards the referee against
hostile states passed by value.
"""

from __future__ import annotations

from typing import NoReturn

from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.squirrel_or_die import rules
from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
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
    the rules can be applied to. The invariants are checked after this, by the caller."""
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
    if state.step in (Step.DEAL, Step.DRAW) and state.bag.total() == 0:
        _invalid("a draw from an empty sack")
    if state.phase is Phase.WINTER and state.out[state.current]:
        _invalid(f"player {state.current} is out but to move")


def _invalid(message: str) -> NoReturn:
    raise InvalidState("SOD.STATE_INVALID", f"not a Squirrel or Die position: {message}")
