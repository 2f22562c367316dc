"""No Game Over behind the generic :class:`~dieproof.reference.core.game.Game` protocol,
and the reference-side invariants."""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example
from dieproof.reference.core.game import GameBase, Rules
from dieproof.reference.core.types import Violation
from dieproof.reference.no_game_over import audit, rules
from dieproof.reference.no_game_over.base import catalog, cheats, overflow
from dieproof.reference.no_game_over.content import components
from dieproof.reference.no_game_over.contract import CONTRACT
from dieproof.reference.no_game_over.position import POSITIONS
from dieproof.reference.no_game_over.sampling import sample_config
from dieproof.reference.no_game_over.types import (
    ACTION_TYPES,
    HAND_LIMIT,
    MAX_ENEMY_SLOTS,
    MAX_LIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NgoConfig,
    NgoState,
    Step,
)


def box_count(state: NgoState) -> tuple[int, ...]:
    """Every card's copies wherever they are: decks, discard piles, hands, equipment,
    curses beside equipment and the combat's table (card conservation). The multisets
    are added kind by kind in one ``zip`` (in C; the lengths must agree)."""
    rows = (*state.decks, *state.discards, *state.hands)
    if state.combat is not None:
        rows = (*rows, state.combat.table)
    counts = list(map(sum, zip(*rows, strict=True)))
    for worn in (*state.equipment, *state.afflictions):
        for card in worn:
            counts[card] += 1
    return tuple(counts)


def invariants(state: NgoState) -> tuple[Violation, ...]:
    """The one-state invariants of ``spec/no-game-over.toml`` on a concrete state."""
    found: list[Violation] = []
    cat = catalog(state.config)
    n = state.config.players
    for p in range(n):
        lives = state.lives[p]
        if not 0 <= lives <= MAX_LIVES:
            found.append(Violation("NGO-INV-SIX-LIVES", f"player {p} has {lives} lives"))
        worn = state.equipment[p]
        if lives == 0 and state.step is not Step.DEAL and (worn or state.afflictions[p]):
            found.append(Violation("NGO-INV-GHOST", f"ghost {p} has equipment or curses {worn}"))
        if overflow(cat, worn) > cheats(cat, worn) and not any(
            o.player == p and o.what == "unequip" for o in state.owed
        ):
            found.append(Violation("NGO-INV-SLOTS", f"player {p} wears {worn} beyond the slots"))
        if min(state.hands[p], default=0) < 0:
            found.append(Violation("NGO-INV-CARDS", f"player {p} holds a negative count"))
    box = tuple(map(sum, zip(*cat.box, strict=True)))
    if box_count(state) != box:
        found.append(Violation("NGO-INV-CARDS", "the cards on the table are not the box's"))
    fight = state.combat
    if fight is not None and not state.lives[fight.fighter] > 0:
        found.append(Violation("NGO-INV-GHOST", f"ghost {fight.fighter} is fighting"))
    if fight is not None:
        enemies = 1 + (fight.secondary >= 0)
        if enemies > MAX_ENEMY_SLOTS:
            found.append(Violation("NGO-INV-ENEMIES", f"{enemies} enemies against the fighter"))
        if fight.boss and (fight.secondary >= 0 or fight.princesses or fight.harm):
            found.append(Violation("NGO-INV-BOSS", "someone intervened in a Final Boss fight"))
        if fight.boss and fight.fighter != state.active:
            found.append(Violation("NGO-INV-BOSS", "a Final Boss fights another player"))
    level = state.step is Step.PREPARE and state.draws and state.draws[0].purpose == "level"
    if level and sum(state.hands[state.active]) > HAND_LIMIT:
        found.append(Violation("NGO-INV-HAND", "more than 5 cards at the Level"))
    result = state.result
    if (state.step is Step.OVER) != (result is not None):
        found.append(Violation("NGO-INV-END", f"step {state.step.value} with result {result}"))
    if result is not None:
        alive = [p for p in range(n) if state.lives[p] > 0]
        if len(result.winners) != 1:
            found.append(Violation("NGO-INV-END", f"winners {result.winners}"))
        elif result.rule == "NGO-VICTORY-2" and alive != list(result.winners):
            found.append(Violation("NGO-INV-END", f"last standing {result.winners}, alive {alive}"))
        elif result.rule not in ("NGO-VICTORY-1", "NGO-VICTORY-2"):
            found.append(Violation("NGO-INV-END", f"won by {result.rule}"))
    elif state.step is not Step.DEAL and sum(1 for v in state.lives if v > 0) < 2:
        found.append(Violation("NGO-INV-END", "the game runs with fewer than two players alive"))
    return tuple(found)


def configs() -> tuple[NgoConfig, ...]:
    """Every supported player count (2 to 6, NGO-A1) at the default readings; the
    rulebook has no variants. Implements NGO-SETUP-1."""
    return tuple(NgoConfig(players=n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))


def content_names(config: NgoConfig) -> dict[str, tuple[str, ...]]:
    """The named content of ``config``: the cards in index order."""
    return {"card": tuple(c.name for c in catalog(config).cards)}


def _examples() -> tuple[Example, ...]:
    from dieproof.reference.no_game_over.examples import EXAMPLES

    return EXAMPLES


GAME: Final = GameBase(
    id="no-game-over",
    title="No Game Over",
    prefix="NGO",
    config_type=NgoConfig,
    state_type=NgoState,
    action_types=ACTION_TYPES,
    rules=Rules(
        default_config=lambda players: (
            NgoConfig() if players is None else NgoConfig(players=players)
        ),
        configs=configs,
        initial_state=rules.initial_state,
        to_move=rules.to_move,
        legal_actions=rules.legal_actions,
        chance_outcomes=rules.chance_outcomes,
        apply=rules.apply,
        apply_listed=rules.apply_listed,
        apply_checks_chance=True,
        result=rules.result,
        invariants=invariants,
        players=lambda state: state.config.players,
        config_of=lambda state: state.config,
        validate_config=rules.validate_config,
        validate_state=audit.validate_state,
        step_rules=audit.step_rules,
        examples=_examples,
        contract=CONTRACT,
        sample_config=sample_config,
        sample_legal_action=rules.sample_legal_action,
        sample_chance=rules.sample_chance,
        content=content_names,
        positions=POSITIONS,
        components=components,
    ),
)
"""No Game Over (2-6 players): fight a Level card a turn, reach six lives and defeat a
Final Boss, or be the last player with lives."""
