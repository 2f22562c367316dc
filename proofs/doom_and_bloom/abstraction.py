"""Doom and Bloom SURVIVAL! in z3: the abstraction function from reference states, in
parts recomputed where the state changed."""

from __future__ import annotations

from collections.abc import Sequence

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.doom_and_bloom.model import MODEL
from dieproof.proofs.doom_and_bloom.vocabulary import (
    ASSET_NAMES,
    CARD_BOOL,
    CARD_INT,
    SEATS,
    SHOWN_BOOL,
    SHOWN_INT,
    STEP,
)
from dieproof.reference.core.types import State
from dieproof.reference.doom_and_bloom import rules
from dieproof.reference.doom_and_bloom.base import catalog
from dieproof.reference.doom_and_bloom.board import Topology
from dieproof.reference.doom_and_bloom.types import (
    BONUS_ITEM,
    DabState,
    Effect,
    Move,
    Phase,
    Trade,
)

_ROLLS = ("search", "raiders")
_NOTHING = (False, False, False, False, False, False)


def _config(state: DabState) -> Sequence[int | bool]:
    cat = catalog(state.config)
    faces = cat.content.die
    n = state.config.players
    return (
        n,
        state.config.teams,
        state.config.readings.team_compare == "pool",
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


def _card(state: DabState) -> Sequence[int | bool]:
    """Whether the card in play asks for a roll, or is a choice card; its target; the
    gains of its Success and Failure results; whether a tie succeeds."""
    tie = state.config.readings.tie == "success"
    if state.card < 0 or not state.deck:
        return (False, False, 0, *_NO_GAINS, *_NO_GAINS, *_NO_GAINS, 0, 0, tie)
    content = catalog(state.config).content
    card = (content.events if state.deck == "event" else content.attacks)[state.card]
    return (
        card.test in _ROLLS,
        card.test == "choice",
        card.target,
        *_gains(card.success),
        *_gains(card.failure),
        *(card.price if card.test == "choice" else _NO_GAINS),
        _COMPARE.get(card.test, 0),
        card.stat,
        tie,
    )


_NO_GAINS = (0, 0, 0, 0, 0)
_COMPARE = {"least": 1, "most": 2}


def _gains(effect: Effect | None) -> tuple[int, ...]:
    """What a result moves of each asset, as printed (negative: it takes)."""
    if effect is None:
        return _NO_GAINS
    return tuple(effect.assets)


def _moves(state: DabState) -> Sequence[bool]:
    """At the movement decision, which kinds of space the listing offers to finish on
    (the model's ``mv_*``), and whether the next destination to scout is within the roll
    over the board (``reach_next``). The listing is the reference's own
    (``legal_actions``); each listed space is classified by the player's destinations."""
    if state.step is not Phase.MOVE:
        return _NOTHING
    p = state.active
    cat = catalog(state.config)
    top = cat.top
    listed = {a.space for a in rules.legal_actions(state) if isinstance(a, Move)}
    dests = state.destinations[p]
    sc = state.scouted[p]
    final = state.final[p]
    nxt = top.town_space[dests[sc]] if sc < len(dests) else -1
    open_center = state.config.readings.pass_center == "allowed" or (sc == len(dests) and final < 0)
    reach_next = nxt >= 0 and _within(top, state.space[p], state.roll, open_center, nxt)
    later = dests[sc + 1 :]
    mv_later = mv_again = mv_final = False
    for s in listed:
        kind = top.kinds[s]
        if kind == "town":
            town = top.space_town[s]
            if town == final:
                mv_final = True
            elif town in later:
                mv_later = True
            elif state.scouted_towns[p] >> town & 1:
                mv_again = True
        elif kind == "hospital" and s == state.last_hospital[p]:
            mv_again = True
    return (nxt in listed, reach_next, mv_later, mv_again, mv_final, top.center in listed)


def _shown(state: DabState) -> Sequence[int | bool]:
    """What the state shows beyond the mats: the seat to move and whether a result is
    declared (the reference's own ``to_move`` and ``result``), the offer waiting for its
    answer, the result of the card resolved last, and the kind and icon of the active
    player's space."""
    offer = state.offer
    p = state.active
    if p >= 0:
        top = catalog(state.config).top
        space = state.space[p]
        kind = top.kinds[space]
        icon = top.icons[space]
    else:
        kind, icon = "", -1
    return (
        rules.to_move(state),
        min(offer.give, BONUS_ITEM) if offer is not None else -2,
        min(offer.get, BONUS_ITEM) if offer is not None else -2,
        offer.seat if offer is not None else -1,
        icon,
        rules.result(state) is not None,
        state.success,
        kind == "hospital",
        kind == "crossing",
    )


def _setup(state: DabState) -> Sequence[int]:
    """The start roll: the seat that won it, each seat's roll."""
    rolls = state.setup_rolls
    return (state.start_player, *(rolls[i] if i < len(rolls) else 0 for i in SEATS))


def _hands(state: DabState) -> Sequence[int]:
    """The Bonus cards left in the draw pile and in each seat's hand."""
    hands = state.bonus
    return (sum(state.bonus_pile), *(sum(hands[i]) if i < len(hands) else 0 for i in SEATS))


def _trades(state: DabState) -> Sequence[bool]:
    """At the start of a turn, which trade assets the listing offers to give (the
    reference's own ``legal_actions``), and whether the turn's offer was made."""
    if state.step is not Phase.TURN:
        return (False, False, False, False, state.offered)
    given = {a.give for a in rules.legal_actions(state) if isinstance(a, Trade)}
    return (0 in given, 1 in given, 2 in given, 3 in given, state.offered)


def _within(top: Topology, start: int, allowance: int, open_center: bool, goal: int) -> bool:
    """Whether a move of at most ``allowance`` steps from ``start`` can finish on
    ``goal``, restated from the rulebook for the abstraction (not the reference's
    ``reach``): a breadth-first walk along the board's steps, one step per unit of the
    allowance, never into Center City unless it is open (DAB-A3), stopping on a crossing
    entered from outside its region (DAB-MOVE-4); staying put finishes on ``start``."""
    if goal == start:
        return True
    walked = {start}
    frontier = [start]
    for _ in range(allowance):
        ahead: list[int] = []
        for here in frontier:
            for there in top.steps[here]:
                if there == top.center and not open_center:
                    continue
                if there == goal:
                    return True
                entering = top.kinds[there] == "crossing"
                if entering and top.regions[here] != top.gateway[there]:
                    continue
                if there not in walked:
                    walked.add(there)
                    ahead.append(there)
        if not ahead:
            return False
        frontier = ahead
    return False


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
    "pool_cmp",
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
        Part(
            (
                "config",
                "step",
                "active",
                "actor",
                "busy_seat",
                "offer",
                "space",
                "success",
                "winners",
                "reason",
                "rule",
            ),
            (*SHOWN_INT, *SHOWN_BOOL),
            _shown,
        ),
        Part(
            (
                "config",
                "step",
                "active",
                "assets",
                "bonus",
                "busy",
                "offered",
                "space",
                "final",
                "bartered",
                "moved",
            ),
            ("tg_food", "tg_fuel", "tg_weaponry", "tg_medkits", "made_offer"),
            _trades,
        ),
        Part(("start_player", "setup_rolls"), ("start", *(f"sr[{i}]" for i in SEATS)), _setup),
        Part(("bonus_pile", "bonus"), ("pile", *(f"hand[{i}]" for i in SEATS)), _hands),
        Part(
            ("config", "deck", "card"),
            ("card_roll", "card_choice", *CARD_INT, *CARD_BOOL),
            _card,
        ),
        Part(
            (
                "config",
                "step",
                "active",
                "space",
                "roll",
                "assets",
                "destinations",
                "scouted",
                "scouted_towns",
                "final",
                "last_hospital",
                "fuel_used",
                "bonus",
            ),
            ("mv_next", "reach_next", "mv_later", "mv_again", "mv_final", "mv_center"),
            _moves,
        ),
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
