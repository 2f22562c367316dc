"""Doom and Bloom SURVIVAL! behind the generic
:class:`~dieproof.reference.core.game.Game` protocol, and the reference-side invariants."""

from __future__ import annotations

from typing import Final

from dieproof.reference.core.examples import Example
from dieproof.reference.core.game import GameBase, Rules
from dieproof.reference.core.types import Violation, replace
from dieproof.reference.doom_and_bloom import audit, rules
from dieproof.reference.doom_and_bloom.base import catalog, has_required, validate_config
from dieproof.reference.doom_and_bloom.content import components
from dieproof.reference.doom_and_bloom.contract import CONTRACT
from dieproof.reference.doom_and_bloom.position import POSITIONS
from dieproof.reference.doom_and_bloom.sampling import sample_config
from dieproof.reference.doom_and_bloom.types import (
    ACTION_TYPES,
    CAPS,
    EXTRA_MILE_DICE,
    LENGTHS,
    MAX_PLAYERS,
    MILESTONES,
    MIN_PLAYERS,
    NORMAL_DICE,
    TEAM_PLAYERS,
    DabConfig,
    DabState,
    Phase,
)


def invariants(state: DabState) -> tuple[Violation, ...]:
    """The one-state invariants of ``spec/doom-and-bloom.toml`` on a concrete state."""
    found: list[Violation] = []
    cat = catalog(state.config)
    n = state.config.players
    for p in range(n):
        for i, (v, cap) in enumerate(zip(state.assets[p], CAPS, strict=True)):
            if not 0 <= v <= cap:
                found.append(
                    Violation("DAB-INV-CAPS", f"player {p} holds {v} of asset {i} (0 to {cap})")
                )
    for side in cat.sides:
        if len({(state.milestones[m], state.rewarded[m]) for m in side}) != 1:
            found.append(Violation("DAB-INV-MILESTONES", f"team {side} disagrees on milestones"))
        bits = state.milestones[side[0]]
        if state.rewarded[side[0]] != bin(bits).count("1") or bits >> len(MILESTONES):
            found.append(
                Violation(
                    "DAB-INV-MILESTONES",
                    f"side {side}: {state.rewarded[side[0]]} rewards for milestones {bits:b}",
                )
            )
    if state.dice not in (0, NORMAL_DICE, EXTRA_MILE_DICE):
        found.append(Violation("DAB-INV-DICE", f"a roll of {state.dice} dice (5 or 6)"))
    for p in range(n):
        dests = state.destinations[p]
        k = state.scouted[p]
        if not 0 <= k <= len(dests):
            found.append(Violation("DAB-INV-SCOUT", f"player {p} scouted {k} of {dests}"))
        elif any(not state.scouted_towns[p] >> t & 1 for t in dests[:k]):
            found.append(Violation("DAB-INV-SCOUT", f"player {p}'s scouted prefix is unmarked"))
        if state.final[p] >= 0 and k != len(dests):
            found.append(
                Violation("DAB-INV-CENTER", f"player {p} has a final destination unscouted")
            )
        if state.skip[p] and not state.bartered[p]:
            found.append(Violation("DAB-INV-BARTER", f"player {p} skips without a barter"))
    over = state.step is Phase.OVER
    if over != bool(state.rule):
        found.append(Violation("DAB-INV-END", f"phase {state.step.value}, rule {state.rule!r}"))
    for w in state.winners:
        final = state.final[w]
        at = cat.top.town_space[final] if final >= 0 else -2
        if state.space[w] != at or not has_required(state, w):
            found.append(
                Violation(
                    "DAB-INV-END",
                    f"winner {w} is not at its final destination with the required assets",
                )
            )
    if state.winners and len({cat.sides[w] for w in state.winners}) != 1:
        found.append(Violation("DAB-INV-END", f"winners {state.winners} are not one side"))
    return tuple(found)


def configs() -> tuple[DabConfig, ...]:
    """Every player count (2 to 4) and game length, and team play with four. Implements
    DAB-SETUP-1."""
    solo = tuple(
        DabConfig(players=n, length=length)
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        for length in LENGTHS
    )
    teams = tuple(
        DabConfig(players=TEAM_PLAYERS, length=length, play="teams") for length in LENGTHS
    )
    return solo + teams


VECTOR_TURNS: Final = 12
"""Turns in each seeded random conformance vector game (DAB-A10): enough for every
phase of a turn, few enough to keep the committed set small."""


def vector_configs() -> tuple[DabConfig, ...]:
    """The official configurations with dieproof's turn limit at :data:`VECTOR_TURNS`,
    for the random conformance vectors."""
    return tuple(replace(c, turn_limit=VECTOR_TURNS) for c in configs())


def content_names(config: DabConfig) -> dict[str, tuple[str, ...]]:
    """The named content of ``config``: characters, cards, towns and spaces, each in the
    index order states use."""
    cat = catalog(config)
    content = cat.content
    return {
        "character": tuple(c.name for c in content.characters),
        "event": tuple(c.name for c in content.events),
        "attack": tuple(c.name for c in content.attacks),
        "bonus": tuple(b.name for b in content.bonuses),
        "town": tuple(t.name for t in cat.top.board.towns),
        "space": tuple(s.id for s in cat.top.board.spaces),
    }


def _examples() -> tuple[Example, ...]:
    from dieproof.reference.doom_and_bloom.examples import EXAMPLES

    return EXAMPLES


GAME: Final = GameBase(
    id="doom-and-bloom",
    title="Doom and Bloom SURVIVAL!",
    prefix="DAB",
    config_type=DabConfig,
    state_type=DabState,
    action_types=ACTION_TYPES,
    rules=Rules(
        default_config=lambda players: (
            DabConfig() if players is None else DabConfig(players=players)
        ),
        configs=configs,
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
        validate_config=validate_config,
        validate_state=audit.validate_state,
        step_rules=audit.step_rules,
        examples=_examples,
        contract=CONTRACT,
        vector_configs=vector_configs,
        sample_config=sample_config,
        positions=POSITIONS,
        content=content_names,
        components=components,
    ),
)
"""Doom and Bloom SURVIVAL! (2-4 players, or two teams of two)."""
