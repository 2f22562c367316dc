"""Until Daylight behind the generic :class:`~dieproof.reference.core.game.Game`
protocol, and the reference-side invariants."""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example
from dieproof.reference.core.game import GameBase, Rules
from dieproof.reference.core.types import Violation
from dieproof.reference.until_daylight import audit, combat, rules
from dieproof.reference.until_daylight.base import (
    catalog,
    enemies_on_table,
    experience,
    horde_cards,
    max_health,
    rubble_cards,
    slot_limit,
    slots,
)
from dieproof.reference.until_daylight.content import components
from dieproof.reference.until_daylight.contract import CONTRACT
from dieproof.reference.until_daylight.position import POSITIONS
from dieproof.reference.until_daylight.sampling import sample_config
from dieproof.reference.until_daylight.types import (
    ACTION_TYPES,
    BARRICADE_TOKENS,
    MAX_DICE,
    MAX_PLAYERS,
    MAX_TOKENS,
    MIN_PLAYERS,
    ROUNDS,
    TRAP_TOKENS,
    Phase,
    UdConfig,
    UdState,
)


def invariants(state: UdState) -> tuple[Violation, ...]:
    """The one-state invariants of ``spec/until-daylight.toml`` on a concrete state."""
    found: list[Violation] = []
    n = state.config.players
    cat = catalog(state.config)
    chosen = [p for p in range(n) if state.characters[p] >= 0]

    rolls = [state.roll_size]
    if state.attack is not None:
        rolls.append(state.attack.dice)
    if state.defense is not None:
        rolls.append(state.defense.dice)
    if max(rolls) > MAX_DICE or min(rolls) < 0:
        found.append(Violation("UD-INV-SIX-DICE", f"a roll of {max(rolls)} dice (at most 6)"))

    attack = state.attack
    if attack is not None:
        area = state.areas[attack.area]
        targets = [i for i, kind in enumerate(area) if combat.is_target(attack.survivors, kind)]
        k = len(attack.eliminated)
        if sorted(attack.eliminated) != targets[:k]:
            found.append(
                Violation(
                    "UD-INV-ELIM-ORDER",
                    f"eliminated positions {attack.eliminated} are not the first {k} of the "
                    f"targets {targets}",
                )
            )

    for p in chosen:
        used, limit = slots(cat, state.inventories[p]), slot_limit(state, p)
        if used > limit:
            found.append(Violation("UD-INV-INVENTORY", f"player {p} fills {used} of {limit} slots"))
        if min(state.inventories[p]) < 0:
            found.append(Violation("UD-INV-INVENTORY", f"player {p} holds a negative count"))
        tokens = state.barricades[p] + state.traps[p]
        if tokens > MAX_TOKENS or min(state.barricades[p], state.traps[p]) < 0:
            found.append(Violation("UD-INV-TOKENS", f"player {p} has {tokens} tokens"))
        top = max_health(state, p)
        if not 0 <= state.health[p] <= top:
            found.append(
                Violation("UD-INV-HEALTH", f"player {p} has {state.health[p]} of {top} health")
            )
        if state.health[p] == 0:
            result = state.result
            if result is None or result.winners or result.rule != "UD-END-2":
                found.append(
                    Violation("UD-INV-DEATH-LOSS", f"player {p} is dead but the result is {result}")
                )
    if sum(state.barricades) > BARRICADE_TOKENS or sum(state.traps) > TRAP_TOKENS:
        found.append(Violation("UD-INV-TOKENS", "more tokens on the table than in the box"))

    if not 1 <= state.round <= ROUNDS:
        found.append(Violation("UD-INV-ROUNDS", f"round {state.round} (1 to {ROUNDS})"))
    if state.round < ROUNDS and state.cycle:
        found.append(Violation("UD-INV-ROUNDS", f"final-fight cycle {state.cycle} before round 10"))
    if state.cycle > state.config.final_cycles:
        found.append(Violation("UD-INV-ROUNDS", f"final-fight cycle {state.cycle}"))

    if state.phase is not Phase.SETUP:
        xp = [experience(state, p, cat) for p in range(n)]
        if state.leader < 0 and any(xp):
            found.append(Violation("UD-INV-LEADER", f"nobody leads with experience {xp}"))
        if state.leader >= 0 and max(xp) > xp[state.leader]:
            found.append(
                Violation("UD-INV-LEADER", f"player {state.leader} leads with experience {xp}")
            )

    if rubble_cards(state) != cat.rubble_total:
        found.append(
            Violation("UD-INV-CARDS", f"{rubble_cards(state)} rubble cards of {cat.rubble_total}")
        )
    if horde_cards(state) != cat.horde_total:
        found.append(
            Violation("UD-INV-CARDS", f"{horde_cards(state)} horde cards of {cat.horde_total}")
        )

    over = state.phase is Phase.OVER
    if over != (state.result is not None):
        found.append(Violation("UD-INV-END", f"phase {state.phase.value} with {state.result}"))
    result = state.result
    if result is not None and result.winners:
        kept = sum(
            state.saved if state.config.readings.win_survivors == "kept" else state.saved_ever
        )
        alive = all(state.health[p] > 0 for p in range(n))
        if state.round != ROUNDS or enemies_on_table(state) or not kept or not alive:
            found.append(Violation("UD-INV-END", f"a win without its conditions: {result}"))
    return tuple(found)


def configs() -> tuple[UdConfig, ...]:
    """Every player count (3 to 6) at the default readings; the rulebook has no variants
    or challenges. Implements UD-SETUP-1's player range."""
    return tuple(UdConfig(players=n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))


def content_names(config: UdConfig) -> dict[str, tuple[str, ...]]:
    """The named content of ``config``: characters, rubble cards and objectives, each in
    content order (the indices states use)."""
    content = catalog(config).content
    return {
        "character": tuple(c.name for c in content.characters),
        "card": tuple(c.name for c in content.rubble),
        "objective": tuple(o.name for o in content.objectives),
    }


def _examples() -> tuple[Example, ...]:
    from dieproof.reference.until_daylight.examples import EXAMPLES

    return EXAMPLES


GAME: Final = GameBase(
    id="until-daylight",
    title="Until Daylight",
    prefix="UD",
    config_type=UdConfig,
    state_type=UdState,
    action_types=ACTION_TYPES,
    rules=Rules(
        default_config=lambda players: UdConfig() if players is None else UdConfig(players=players),
        configs=configs,
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
        sample_chance=rules.sample_chance,
        contract=CONTRACT,
        positions=POSITIONS,
        sample_config=sample_config,
        content=content_names,
        components=components,
    ),
)
"""Until Daylight (3-6 players): search against the clock, fight ten hordes."""
