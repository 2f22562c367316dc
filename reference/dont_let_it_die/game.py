"""Don't Let It Die behind the generic :class:`~dieproof.reference.core.game.Game`
protocol, and the reference-side invariants (the concrete twins of the z3 invariants)."""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example
from dieproof.reference.core.game import GameBase, Rules
from dieproof.reference.core.types import Violation
from dieproof.reference.dont_let_it_die import audit, content, rules
from dieproof.reference.dont_let_it_die.base import has
from dieproof.reference.dont_let_it_die.contract import CONTRACT
from dieproof.reference.dont_let_it_die.position import POSITIONS
from dieproof.reference.dont_let_it_die.sampling import sample_config
from dieproof.reference.dont_let_it_die.types import (
    ACTION_TYPES,
    FKP,
    FKP_SUPPLY,
    ITEM_COPIES,
    LAST_DAY,
    STAT_CAP,
    SUPPLY_GROUPS,
    TOKEN_SUPPLY,
    WOOD,
    DlidConfig,
    DlidState,
    Step,
)


def invariants(state: DlidState) -> tuple[Violation, ...]:
    """The one-state invariants of ``spec/dont-let-it-die.toml`` on a concrete state."""
    found: list[Violation] = []
    config = state.config
    for seat, m in enumerate(state.members):
        if not (0 <= m.hp <= m.max_hp <= STAT_CAP and 0 <= m.stamina <= m.max_stamina <= STAT_CAP):
            found.append(
                Violation(
                    "DLID-INV-STAT-CAPS",
                    f"character {seat}: health {m.hp}/{m.max_hp}, "
                    f"stamina {m.stamina}/{m.max_stamina}",
                )
            )
        card = content.box(config).characters[m.character]
        if len(m.weapons) > card.weapon_slots or len(m.tools) > card.tool_slots:
            found.append(Violation("DLID-INV-SLOTS", f"character {seat} holds more than its slots"))
        if m.down != (m.hp == 0) and not m.reviving:
            found.append(
                Violation("DLID-INV-DOWN", f"character {seat}: down {m.down} at {m.hp} health")
            )
        if m.reviving and (not m.down or m.hp != 3):
            found.append(
                Violation("DLID-INV-REVIVAL", f"character {seat} revives with {m.hp} health")
            )
    if min(state.tokens) < 0:
        found.append(Violation("DLID-INV-SUPPLY", f"a negative pool {state.tokens}"))
    for group in SUPPLY_GROUPS:
        used = sum(state.tokens[k] for k in group)
        if group == (WOOD,) and config.readings.wood_supply == "shared":
            used += state.pit - state.pit_food
        if used > TOKEN_SUPPLY:
            found.append(Violation("DLID-INV-SUPPLY", f"{used} tokens of {group} (8 in the box)"))
    fkp = state.tokens[FKP] + sum(state.placed) + sum(state.unlocked)
    if fkp > FKP_SUPPLY:
        found.append(Violation("DLID-INV-SUPPLY", f"{fkp} FKP tokens out (40 in the box)"))
    running = state.result is None
    if (
        running
        and state.pit <= 0
        and not (state.step is Step.REFUEL and config.readings.empty_pit == "after-refuel")
    ):
        found.append(Violation("DLID-INV-WOOD", "a running game with an empty fire pit"))
    if (
        not running
        and state.result is not None
        and state.result.rule == "DLID-END-2"
        and state.pit != 0
    ):
        found.append(Violation("DLID-INV-WOOD", f"lost to an empty pit with {state.pit} wood"))
    top = LAST_DAY + 1 if config.readings.game_end == "day-15" else LAST_DAY
    if not 1 <= state.day <= top:
        found.append(Violation("DLID-INV-DAY", f"day {state.day}"))
    if state.building >= 0 and content.items(config)[state.building].kind != "building":
        found.append(Violation("DLID-INV-BUILDING", "the building is not a building"))
    buildings = sum(
        n for i, n in enumerate(state.made) if content.items(config)[i].kind == "building"
    )
    if buildings > 1:
        found.append(Violation("DLID-INV-BUILDING", f"{buildings} buildings"))
    if max(state.made) > ITEM_COPIES:
        found.append(Violation("DLID-INV-COPIES", f"copies made {state.made}"))
    tree = content.box(config).tree
    for i, d in enumerate(tree):
        if state.unlocked[i] and not all(state.unlocked[r] for r in d.requires):
            found.append(Violation("DLID-INV-TREE", f"{d.name} unlocked before its prerequisites"))
        if state.placed[i] and (state.unlocked[i] or state.placed[i] >= d.cost):
            found.append(Violation("DLID-INV-TREE", f"{state.placed[i]} FKP on {d.name}"))
    if (state.step is Step.OVER) != (state.result is not None):
        found.append(
            Violation("DLID-INV-END", f"step {state.step.value} with result {state.result}")
        )
    if state.result is not None and bool(state.result.winners) != has(state, "fire-starter"):
        found.append(Violation("DLID-INV-END", "won exactly when Fire Starter is unlocked"))
    return tuple(found)


def _examples() -> tuple[Example, ...]:
    from dieproof.reference.dont_let_it_die.examples import EXAMPLES

    return EXAMPLES


GAME: Final = GameBase(
    id="dont-let-it-die",
    title="Don't Let It Die",
    prefix="DLID",
    config_type=DlidConfig,
    state_type=DlidState,
    action_types=ACTION_TYPES,
    rules=Rules(
        default_config=lambda players: (
            DlidConfig() if players is None else DlidConfig(players=players)
        ),
        configs=rules.configs,
        initial_state=rules.initial_state,
        to_move=rules.to_move,
        legal_actions=rules.legal_actions,
        chance_outcomes=rules.chance_outcomes,
        apply=rules.apply,
        apply_listed=rules.apply_listed,
        result=rules.result,
        invariants=invariants,
        players=lambda state: state.config.players,
        config_of=lambda state: state.config,
        validate_config=rules.validate_config,
        validate_state=audit.validate_state,
        step_rules=audit.step_rules,
        examples=_examples,
        sample_legal_action=rules.sample_legal_action,
        sample_chance=rules.sample_chance,
        components=content.components,
        contract=CONTRACT,
        positions=POSITIONS,
        sample_config=sample_config,
    ),
)
"""Don't Let It Die (1-4 players, four characters): keep the fire alive until Fire Starter."""
