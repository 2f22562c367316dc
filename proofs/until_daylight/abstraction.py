"""Until Daylight in z3: the abstraction function from reference states, in parts
recomputed where the state changed."""

from __future__ import annotations

from collections.abc import Callable

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.until_daylight.model import MODEL
from dieproof.proofs.until_daylight.vocabulary import (
    NO_WAVE,
    PHASE_NUMBER,
    SEATS,
    WAVE_NUMBER,
)
from dieproof.reference.core.types import State
from dieproof.reference.until_daylight import combat
from dieproof.reference.until_daylight.base import (
    Catalog,
    catalog,
    enemies_in,
    experience,
    horde_cards,
    max_health,
    rubble_cards,
    slot_limit,
    slots,
    survivors_in,
)
from dieproof.reference.until_daylight.types import (
    AbilityKind,
    ObjectiveKind,
    Step,
    UdState,
)

# -- the abstraction function -------------------------------------------------------------------


def _prefix(state: UdState) -> int:
    """How many of the attacked line's first targets the attack has eliminated."""
    attack = state.attack
    if attack is None:
        return 0
    done = set(attack.eliminated)
    count = 0
    for position, kind in enumerate(state.areas[attack.area]):
        if not combat.is_target(attack.survivors, kind):
            continue
        if position not in done:
            break
        count += 1
    return count


def _arms(state: UdState, cat: Catalog) -> int:
    """The attack in progress's weapon dice and ammunition cards (0 without one)."""
    attack = state.attack
    if attack is None:
        return 0
    return cat.cards[cat.index[attack.weapon]].dice + attack.ammo


def _bonus(state: UdState, cat: Catalog) -> int:
    """The attacker's advantage (doubled while leading) less the drawback, for the
    weapon's kind of attack (0 without an attack)."""
    attack = state.attack
    if attack is None:
        return 0
    character = cat.characters[state.characters[attack.attacker]]
    kind = AbilityKind.MELEE_DICE if attack.melee else AbilityKind.DISTANCE_DICE
    bonus = 0
    if character.advantage.kind is kind:
        bonus += character.advantage.amount * (2 if state.leader == attack.attacker else 1)
    if character.drawback.kind is kind:
        bonus -= character.drawback.amount
    return bonus


def _owed(state: UdState, seat: int) -> int:
    """Damage waiting for ``seat``'s sacrifice decision."""
    defense = state.defense
    if state.step is Step.SACRIFICE and defense is not None and defense.defender == seat:
        return defense.damage
    return state.harm if state.harmed == seat else 0


def _game(state: UdState) -> tuple[int | bool, ...]:
    config = state.config
    cat = catalog(config)
    return (
        config.players,
        config.final_cycles,
        cat.rubble_total,
        cat.horde_total,
        config.readings.fate_horde == "card",
        config.readings.ammo_spend == "useful",
        *(i < config.players for i in SEATS),
    )


def _clock(state: UdState) -> tuple[int | bool, ...]:
    return PHASE_NUMBER[state.phase], state.round, state.cycle, state.roll_size


def _fight(state: UdState) -> tuple[int | bool, ...]:
    cat = catalog(state.config)
    attack = state.attack
    return (
        WAVE_NUMBER[state.defense.wave] if state.defense is not None else NO_WAVE,
        len(attack.eliminated) if attack is not None else 0,
        _prefix(state),
        attack is not None,
        _arms(state, cat),
        attack.ammo if attack is not None else 0,
        _bonus(state, cat),
    )


def _end(state: UdState) -> tuple[int | bool, ...]:
    result = state.result
    return result is not None and bool(result.winners), result is not None and not result.winners


def _rescued(state: UdState) -> tuple[int | bool, ...]:
    kept = state.saved if state.config.readings.win_survivors == "kept" else state.saved_ever
    return (sum(kept),)


_COUNTS: dict[ObjectiveKind, str] = {
    ObjectiveKind.KILLS: "kills",
    ObjectiveKind.MONSTERS: "monsters",
    ObjectiveKind.SAVED: "saved_ever",
    ObjectiveKind.BUILT: "built",
}
"""The state's count each kind of objective is about (symbols are counted in the
inventory); these counts never fall, so a claimed objective stays fulfilled."""


def _misclaimed(state: UdState) -> tuple[int]:
    """Objective cards whose mark disagrees with their count, restated from the
    rulebook's Objectives section (not from the rules modules): fulfilled but not
    claimed, or claimed though a count that never falls is short of the target."""
    cat = catalog(state.config)
    cards = cat.content.objectives
    wrong = 0
    for player in range(state.config.players):
        dealt, marks = state.objectives[player], state.achieved[player]
        for objective, done in zip(dealt, marks, strict=False):
            card = cards[objective]
            field = _COUNTS.get(card.kind)
            if field is None:
                held = state.inventories[player]
                have = sum(held[i] for i in cat.symbols)
            else:
                counts: tuple[int, ...] = getattr(state, field)
                have = counts[player]
            met = have >= card.target
            if met != done and (not done or field is not None):
                wrong += 1
    return (wrong,)


def _least(state: UdState) -> tuple[int]:
    """The least number among the state's card counts, piles and debts (0 when all are
    natural numbers, as they must be)."""
    least = min(
        0,
        *map(min, (state.rubble, state.rubble_discard, *state.inventories)),
        *state.horde.counts(),
        *state.horde_discard.counts(),
        *state.saved,
        *state.monsters,
        state.held_count,
        state.draws,
        state.discards,
        state.harm,
    )
    attack = state.attack
    if attack is not None:
        least = min(least, attack.dice, attack.ammo, attack.heads, attack.bodies, attack.misses)
    defense = state.defense
    if defense is not None:
        least = min(
            least,
            defense.dice_left,
            defense.dice,
            defense.heads,
            defense.bodies,
            defense.misses,
            defense.damage,
        )
    return (least,)


_EVENTS: dict[int, tuple[Catalog, tuple[int, ...]]] = {}
"""Per catalogue (by identity, kept alive here): the indices of its red event cards."""


def _event_cards(cat: Catalog) -> tuple[int, ...]:
    found = _EVENTS.get(id(cat))
    if found is None or found[0] is not cat:
        if len(_EVENTS) > 64:
            _EVENTS.clear()
        indices = tuple(i for i, card in enumerate(cat.cards) if card.event is not None)
        found = _EVENTS[id(cat)] = (cat, indices)
    return found[1]


def _loose(state: UdState, seat: int) -> int:
    """The seat's rubble cards other than ammunition."""
    cards = state.inventories[seat]
    return sum(cards) - sum(cards[i] for i in catalog(state.config).ammo)


def _events(state: UdState) -> tuple[int]:
    """Red event cards in the rubble discard pile."""
    pile = state.rubble_discard
    return (sum(pile[i] for i in _event_cards(catalog(state.config))),)


def _per_seat(
    fields: tuple[str, ...],
    name: str,
    value: Callable[[UdState, int], int],
    *,
    chosen: bool = False,
) -> Part[UdState]:
    """``name[i]`` for every seat from ``fields``: ``value(state, i)`` for a seat at the
    table (with a character, if ``chosen``), 0 elsewhere."""

    def compute(state: UdState) -> tuple[int, ...]:
        n = state.config.players
        return tuple(
            value(state, i) if i < n and (not chosen or state.characters[i] >= 0) else 0
            for i in SEATS
        )

    return Part(("config", *fields), tuple(f"{name}[{i}]" for i in SEATS), compute)


ABSTRACTION: Abstraction[UdState] = Abstraction(
    MODEL,
    (
        Part(
            ("config",),
            (
                "n",
                "cap",
                "cards_total",
                "horde_total",
                "fate_card",
                "useful",
                *(f"seat[{i}]" for i in SEATS),
            ),
            _game,
        ),
        Part(("phase", "round", "cycle", "roll_size"), ("phase", "round", "cycle", "dice"), _clock),
        Part(
            ("config", "attack", "defense", "areas", "characters", "leader"),
            ("wave", "elim", "prefix", "attacking", "arms", "ammo", "bonus"),
            _fight,
        ),
        Part(("leader",), ("leader",), lambda state: (state.leader,)),
        Part(
            (
                "config",
                "phase",
                "rubble",
                "rubble_discard",
                "inventories",
                "held",
                "held_count",
                "characters",
            ),
            ("cards",),
            lambda state: (rubble_cards(state),),
        ),
        Part(
            ("horde", "horde_discard", "areas", "saved", "monsters"),
            ("horde",),
            lambda state: (horde_cards(state),),
        ),
        Part(("config", "saved", "saved_ever"), ("rescued",), _rescued),
        Part(("reveal",), ("reveal",), lambda state: (state.reveal,)),
        Part(("withdraw",), ("withdraw",), lambda state: (state.withdraw,)),
        Part(("attract",), ("attract",), lambda state: (state.attract,)),
        Part(("result",), ("won", "lost"), _end),
        Part(
            ("active", "turn", "acted"),
            ("active", "turn", "acted"),
            lambda state: (state.active, state.turn, state.acted),
        ),
        Part(
            (
                "config",
                "objectives",
                "achieved",
                "kills",
                "monsters",
                "saved_ever",
                "built",
                "inventories",
            ),
            ("misclaimed",),
            _misclaimed,
        ),
        Part(
            (
                "rubble",
                "rubble_discard",
                "inventories",
                "horde",
                "horde_discard",
                "saved",
                "monsters",
                "held_count",
                "draws",
                "discards",
                "harm",
                "attack",
                "defense",
            ),
            ("least",),
            _least,
        ),
        Part(("config", "rubble_discard"), ("events",), _events),
        Part(("built",), ("built",), lambda state: (sum(state.built),)),
        Part(
            ("offered", "secondary"),
            ("offered", "secondary"),
            lambda state: (len(state.offered), sum(state.secondary)),
        ),
        _per_seat(("health",), "hp", lambda state, i: state.health[i]),
        _per_seat(("characters",), "top", max_health, chosen=True),
        _per_seat(
            ("inventories",), "slots", lambda s, i: slots(catalog(s.config), s.inventories[i])
        ),
        _per_seat(("characters",), "limit", slot_limit, chosen=True),
        _per_seat(
            ("inventories",),
            "prot",
            lambda s, i: sum(s.inventories[i][c] for c in catalog(s.config).protection),
        ),
        _per_seat(("barricades",), "barr", lambda state, i: state.barricades[i]),
        _per_seat(("traps",), "traps", lambda state, i: state.traps[i]),
        _per_seat(("areas",), "surv", lambda state, i: survivors_in(state.areas[i])),
        _per_seat(("areas",), "foes", lambda state, i: enemies_in(state.areas[i])),
        _per_seat(
            ("inventories", "monsters", "saved", "objectives", "achieved"),
            "xp",
            experience,
        ),
        _per_seat(("wounds",), "wounds", lambda state, i: state.wounds[i]),
        _per_seat(("inventories",), "loose", _loose),
        _per_seat(("saved",), "kept", lambda state, i: state.saved[i]),
        _per_seat(("step", "defense", "harm", "harmed"), "owed", _owed),
    ),
    kind=UdState,
)
"""The model's view of a reference state, in parts recomputed where the state changed."""


def abstract(state: State) -> dict[str, int | bool]:
    """The model's view of a reference state."""
    if not isinstance(state, UdState):
        raise TypeError(f"not an Until Daylight state: {type(state).__name__}")
    return ABSTRACTION.mapping(state)
