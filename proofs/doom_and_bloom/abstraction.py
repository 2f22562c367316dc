"""Doom and Bloom SURVIVAL! in z3: the abstraction function from reference states, in
parts recomputed where the state changed."""

from __future__ import annotations

from collections.abc import Sequence

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.doom_and_bloom.model import MODEL
from dieproof.proofs.doom_and_bloom.vocabulary import ASSET_NAMES, SEATS, STEP
from dieproof.reference.core.types import State
from dieproof.reference.doom_and_bloom.base import catalog
from dieproof.reference.doom_and_bloom.types import DabState, Phase


def _config(state: DabState) -> Sequence[int | bool]:
    cat = catalog(state.config)
    faces = cat.content.die
    n = state.config.players
    return (
        n,
        state.config.teams,
        cat.destinations,
        *cat.required,
        min(faces),
        max(faces),
        state.config.turn_limit,
        *(i < n for i in SEATS),
    )


def _turn(state: DabState) -> Sequence[int | bool]:
    offer = state.offer
    return (
        STEP[state.step],
        state.active,
        state.actor,
        offer.partner if offer is not None else state.busy_seat,
        state.dice,
        state.total,
        state.food_uses,
        state.roll,
        state.pending_gain,
        state.pending_lose,
        state.pending_bonus,
        state.lost,
        state.turns,
        len(state.winners),
        state.fuel_used,
        state.weaponry_used,
        state.busy,
        state.step is Phase.OVER,
    )


def _seat(values: tuple[int, ...] | tuple[bool, ...], i: int, default: int | bool) -> int | bool:
    return values[i] if i < len(values) else default


def _assets(state: DabState) -> Sequence[int]:
    found: list[int] = []
    for i in SEATS:
        row = state.assets[i] if i < len(state.assets) else (0, 0, 0, 0, 0)
        found.extend(row)
    return found


def _progress(state: DabState) -> Sequence[int | bool]:
    cat = catalog(state.config)
    center = cat.top.center
    found: list[int | bool] = []
    n = state.config.players
    for i in SEATS:
        if i >= n:
            found.extend((0, 0, 0, 0, 0, False, False, False, False, False, False, False))
            continue
        final = state.final[i]
        at_final = final >= 0 and state.space[i] == cat.top.town_space[final]
        found.extend(
            (
                bin(state.milestones[i]).count("1"),
                state.rewarded[i],
                state.scouted[i],
                int(state.bartered[i]),
                state.extra[i],
                final >= 0,
                state.space[i] == center,
                at_final,
                state.skip[i],
                state.finished[i],
                i in state.winners,
                state.reactivated[i],
            )
        )
    return found


_CONFIG_NAMES = (
    "n",
    "teams",
    "k",
    *(f"req_{name}" for name in ASSET_NAMES),
    "fmin",
    "fmax",
    "limit",
    *(f"seat[{i}]" for i in SEATS),
)
_TURN_NAMES = (
    "step",
    "active",
    "actor",
    "chooser",
    "dice",
    "total",
    "food_uses",
    "roll",
    "pend_gain",
    "pend_lose",
    "pend_bonus",
    "lost",
    "turns",
    "winners",
    "fuel_used",
    "weapon_used",
    "busy",
    "over",
)
_ASSET_NAMES = tuple(f"{name}[{i}]" for i in SEATS for name in ASSET_NAMES)
_PROGRESS_NAMES = tuple(
    f"{name}[{i}]"
    for i in SEATS
    for name in (
        "ms",
        "rw",
        "sc",
        "bt",
        "ex",
        "fin",
        "cc",
        "atf",
        "skip",
        "done",
        "won",
        "again",
    )
)

ABSTRACTION: Abstraction[DabState] = Abstraction(
    MODEL,
    (
        Part(("config",), _CONFIG_NAMES, _config),
        Part(
            (
                "step",
                "active",
                "actor",
                "offer",
                "busy_seat",
                "dice",
                "total",
                "food_uses",
                "roll",
                "pending_gain",
                "pending_lose",
                "pending_bonus",
                "lost",
                "turns",
                "winners",
                "fuel_used",
                "weaponry_used",
                "busy",
            ),
            _TURN_NAMES,
            _turn,
        ),
        Part(("assets",), _ASSET_NAMES, _assets),
        Part(
            (
                "config",
                "milestones",
                "rewarded",
                "scouted",
                "bartered",
                "extra",
                "final",
                "space",
                "skip",
                "finished",
                "winners",
                "reactivated",
            ),
            _PROGRESS_NAMES,
            _progress,
        ),
    ),
    kind=DabState,
)


def abstract(state: State) -> dict[str, int | bool]:
    """The model's variables for a reference state."""
    return ABSTRACTION.mapping(state)
