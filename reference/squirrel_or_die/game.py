"""Squirrel or Die behind the generic :class:`~dieproof.reference.core.game.Game` protocol,
and the reference-side invariants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import msgspec

from dieproof.reference.core.examples import Example
from dieproof.reference.core.game import Component, GameBase, Rules
from dieproof.reference.core.types import Violation
from dieproof.reference.squirrel_or_die import audit, rules
from dieproof.reference.squirrel_or_die.content import BOX_TOTAL, DEFAULT_TILES, SOURCES
from dieproof.reference.squirrel_or_die.contract import CONTRACT
from dieproof.reference.squirrel_or_die.position import POSITIONS
from dieproof.reference.squirrel_or_die.sampling import sample_config
from dieproof.reference.squirrel_or_die.tiles import (
    BOMB_SKULLS,
    TILE_INDEX,
    TILE_ORDER,
    Tile,
    Tiles,
)
from dieproof.reference.squirrel_or_die.types import (
    ACTION_TYPES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Phase,
    SodConfig,
    SodState,
    Step,
    Variant,
    grid_side,
)


def tiles_in_play(state: SodState) -> Tiles:
    """Every tile of the game wherever it is: sack, hands, held, table, piles."""
    piles = (state.bag, *state.hands, *state.collected)
    counts = [sum(column) for column in zip(*map(msgspec.structs.astuple, piles), strict=True)]
    if state.held is not None:
        counts[TILE_INDEX[state.held]] += 1
    for patch in state.patches:
        for cell in patch:
            counts[TILE_INDEX[cell.tile]] += 1
    return Tiles(*counts)


def hand_limit(state: SodState, player: int) -> int:
    """Hand tiles a player may hold: three, four between Take and Hide (birdhouse)."""
    between = (
        state.config.variant is Variant.BIRDHOUSE
        and state.step is Step.HIDE
        and player == state.current
    )
    return HAND_SIZE + 1 if between else HAND_SIZE


def invariants(state: SodState) -> tuple[Violation, ...]:
    """The one-state invariants of ``spec/squirrel-or-die.toml`` on a concrete state."""
    found: list[Violation] = []
    config = state.config
    side = grid_side(config.players)
    if config.variant is not Variant.REVERSE:
        height, width = rules.extent(state.patches[0])
        if height > side or width > side:
            found.append(
                Violation("SOD-INV-GRID", f"the grid is {height} tall and {width} wide (> {side})")
            )
    expected = rules.game_tiles(config)
    if tiles_in_play(state) != expected:
        found.append(
            Violation("SOD-INV-TILES", f"tiles in play {tiles_in_play(state)} != dealt {expected}")
        )
    for player in range(config.players):
        skulls, lives = rules.skulls(state, player), rules.lives(state, player)
        if state.out[player] != (skulls >= lives):
            found.append(
                Violation(
                    "SOD-INV-OUT",
                    f"player {player} has {skulls} skulls of {lives} lives but out="
                    f"{state.out[player]}",
                )
            )
        size = state.hands[player].total()
        if size > hand_limit(state, player):
            found.append(Violation("SOD-INV-HAND", f"player {player} holds {size} tiles"))
    standing = [p for p in range(config.players) if not state.out[p]]
    if not standing:
        found.append(Violation("SOD-INV-STANDING", "every player is out"))
    over = state.phase is Phase.OVER
    if over != (state.result is not None):
        found.append(Violation("SOD-INV-WINNER", f"phase {state.phase.value} with {state.result}"))
    if state.result is not None:
        winners = state.result.winners
        if not winners or any(state.out[w] for w in winners):
            found.append(Violation("SOD-INV-WINNER", f"winners {winners} of standing {standing}"))
        if len(standing) == 1 and winners != tuple(standing):
            found.append(Violation("SOD-INV-WINNER", f"{standing} stands but {winners} won"))
    found.extend(_step_violations(state))
    return tuple(found)


def _step_violations(state: SodState) -> list[Violation]:
    """SOD-INV-STEP: the step agrees with the phase and the grip; Winter begins with every
    tile drawn, hidden and face down; nobody flips, sleeps or leaves before it."""
    found: list[str] = []
    phase, step = state.phase, state.step
    if (phase is Phase.SETUP) != (step is Step.DEAL) or (phase is Phase.OVER) != (
        step is Step.NONE
    ):
        found.append(f"step {step.value} in phase {phase.value}")
    if (state.held is not None) != (step in (Step.PLACE, Step.GIVE)):
        found.append(f"held {state.held} at step {step.value}")
    if (step is Step.GIVE) != (state.held is Tile.CAT and phase is Phase.WINTER):
        found.append("the Confused Cat waits to be given at another step")
    if phase in (Phase.WINTER, Phase.OVER):
        bird = state.config.variant is Variant.BIRDHOUSE
        shown = any(
            cell.face_up and not (bird and cell.tile is Tile.BIRDHOUSE)
            for patch in state.patches
            for cell in patch
        )
        hands = sum(hand.total() for hand in state.hands)
        if state.bag.total() or hands or shown or state.last_autumn < 0:
            found.append(f"{phase.value} with tiles left to draw, hide or turn face down")
    elif any(pile.total() for pile in state.collected) or any(state.out) or any(state.sleeping):
        found.append(f"a tile flipped, a player out or asleep in {phase.value}")
    return [Violation("SOD-INV-STEP", message) for message in found]


TILE_EFFECTS: Final[dict[Tile, str]] = {
    Tile.FOOD: "food: harmless; counts in the tie-break",
    Tile.SKULL: "skull: one skull",
    Tile.BIRDHOUSE: "birdhouse: harmless; the birdhouse variant's face-up landmark",
    Tile.BOMB: f"Bomb: {BOMB_SKULLS} skulls",
    Tile.AGAIN: "Again: another turn at once",
    Tile.SLEEPY: "Sleepy Squirrel: skip the next turn",
    Tile.LOVE: "Squirrel Love: one more life",
    Tile.CAT: "Confused Cat: one skull, given to another player",
}
"""What each kind of tile does (Special Tiles; Phase II: Winter)."""


def components(config: SodConfig) -> tuple[Component, ...]:
    """The components of a game under ``config``, each with its source: the tile kinds
    and their effects are printed in the rulebook, the box's 28 tiles are the
    publisher's count, and the mix of kinds is dieproof's provisional default (SOD-A1)
    unless the config supplies the user's own."""
    tiles = config.tiles
    default = tiles == DEFAULT_TILES
    counts = tuple(
        f"{tile.value}: {tiles.count(tile)}"
        + (" (rulebook)" if default and SOURCES[tile] == "rulebook" else "")
        for tile in TILE_ORDER
    )
    return (
        Component(
            "tile kinds",
            "rulebook",
            "Special Tiles; Phase II: Winter",
            tuple(TILE_EFFECTS[tile] for tile in TILE_ORDER),
        ),
        Component(
            "tiles in the box",
            "public",
            "the publisher's component list (CONTENT-SOURCES.md)",
            (f"{BOX_TOTAL} tiles",),
        ),
        Component(
            "the tile mix",
            "provisional" if default else "user",
            "SOD-A1" if default else "the config's tiles",
            counts,
        ),
    )


def _examples() -> tuple[Example, ...]:
    from dieproof.reference.squirrel_or_die.examples import EXAMPLES

    return EXAMPLES


def _configs() -> Sequence[SodConfig]:
    return tuple(
        SodConfig(players=players, variant=variant)
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        for variant in Variant
    )


GAME: Final = GameBase(
    id="squirrel-or-die",
    title="Squirrel or Die",
    prefix="SOD",
    config_type=SodConfig,
    state_type=SodState,
    action_types=ACTION_TYPES,
    rules=Rules(
        default_config=lambda players: (
            SodConfig() if players is None else SodConfig(players=players)
        ),
        configs=_configs,
        initial_state=rules.initial_state,
        to_move=rules.to_move,
        legal_actions=rules.legal_actions,
        chance_outcomes=rules.chance_outcomes,
        apply=rules.apply,
        result=rules.result,
        invariants=invariants,
        players=lambda state: state.config.players,
        config_of=lambda state: state.config,
        validate_config=rules.validate_config,
        validate_state=audit.validate_state,
        step_rules=audit.step_rules,
        examples=_examples,
        sample_legal_action=rules.sample_legal_action,
        sample_chance=rules.sample_draw,
        contract=CONTRACT,
        positions=POSITIONS,
        sample_config=sample_config,
        content=lambda config: {"tile": [tile.value for tile in TILE_ORDER]},
        components=components,
    ),
)
"""Squirrel or Die (2-4 players): hide tiles in Autumn, flip them in Winter."""
