"""No Game Over for the oracle: which rules decided a step, and whether a state that came
in as JSON is a position the rules can be applied to.

:func:`step_rules` names the rules a disagreement about a step is about;
:func:`validate_state` guards the referee against hostile states passed by value: every
length, index, count and combination the rules rely on is checked before the invariants
run.
"""

from __future__ import annotations

from typing import NoReturn

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.no_game_over.base import catalog, validate_config
from dieproof.reference.no_game_over.types import (
    MAX_LIVES,
    Boss,
    Cast,
    Decline,
    Die,
    Discard,
    DiscardEquipment,
    Draw,
    EndTurn,
    Enemy,
    Equip,
    Flee,
    GiveUp,
    Kind,
    NgoAction,
    NgoState,
    Pass,
    Reveal,
    Rewards,
    Roll,
    Snatch,
    Step,
    Take,
    Trade,
    Unequip,
    Use,
)

_ACTION_RULES: dict[type, tuple[str, ...]] = {
    Equip: ("NGO-EQUIP-1", "NGO-EQUIP-2"),
    Unequip: ("NGO-EQUIP-3",),
    DiscardEquipment: ("NGO-CURSE-4",),
    Trade: ("NGO-TURN-4",),
    Cast: ("NGO-CURSE-1",),
    Enemy: ("NGO-COMBAT-3", "NGO-COMBAT-4"),
    Pass: ("NGO-COMBAT-5",),
    Boss: ("NGO-BOSS-1",),
    Reveal: ("NGO-TURN-5",),
    Flee: ("NGO-ESCAPE-1", "NGO-ESCAPE-2"),
    GiveUp: ("NGO-ESCAPE-2",),
    Rewards: ("NGO-WIN-2",),
    Decline: ("NGO-EASY-1",),
    EndTurn: ("NGO-END-2", "NGO-END-3"),
    Snatch: ("NGO-CARD-3",),
}


def step_rules(before: NgoState, action: NgoAction, after: NgoState) -> tuple[str, ...]:
    """The rules that decided the step ``before`` -> ``after``, most specific first."""
    found: list[str] = []
    if after.result is not None and before.result is None:
        found.append(after.result.rule)
    for a, b in zip(before.lives, after.lives, strict=True):
        if b > a:
            won = before.combat is not None and after.combat is None and b == a + 1
            found.append("NGO-WIN-1" if won else "NGO-LIFE-2")
        elif b < a:
            found.append("NGO-GHOST-1" if b == 0 else "NGO-LIFE-3")
    if isinstance(action, Draw):
        found.append("NGO-SETUP-2" if before.step is Step.DEAL else "NGO-DECK-1")
    elif isinstance(action, Die):
        found.append(
            "NGO-SETUP-3"
            if before.roll is Roll.NONE
            else "NGO-ESCAPE-1"
            if before.roll is Roll.ESCAPE
            else "NGO-CARD-1"
        )
    elif isinstance(action, Take):
        found.append("NGO-EASY-1" if before.step is Step.EASY else "NGO-GHOST-2")
    elif isinstance(action, Discard):
        found.append("NGO-CURSE-7" if before.owed else "NGO-TURN-3")
    elif isinstance(action, Use):
        found.append("NGO-CARD-12")
    else:
        found.extend(_ACTION_RULES.get(type(action), ()))
    if before.combat is not None and after.combat is None:
        found.append("NGO-END-1")
    return tuple(dict.fromkeys(found))


def validate_state(state: NgoState) -> None:
    """Refuse a state the rules cannot be applied to: wrong lengths, out-of-range seats
    and card indices, negative counts, a step without what it needs."""
    try:
        validate_config(state.config)
    except Exception as error:
        _invalid(f"its config: {error}")
    cat = catalog(state.config)
    kinds = len(cat.cards)
    n = state.config.players
    for name in ("lives", "hands", "equipment", "afflictions", "tokens", "rolls"):
        if len(getattr(state, name)) != n:
            _invalid(f"{name} has {len(getattr(state, name))} entries for {n} players")
    for pile in (*state.decks, *state.discards, *state.hands):
        if len(pile) != kinds or min(pile, default=0) < 0:
            _invalid("a deck, discard pile or hand is not one count per card kind")
    for lives in state.lives:
        if not 0 <= lives <= MAX_LIVES:
            _invalid(f"{lives} lives")
    for worn in (*state.equipment, *state.afflictions):
        if any(not 0 <= c < kinds for c in worn) or list(worn) != sorted(worn):
            _invalid("equipment and curses are sorted card indices")
    for worn in state.equipment:
        if any(
            cat.cards[c].kind is not Kind.EQUIPMENT and cat.cards[c].effect.value != "cheat"
            for c in worn
        ):
            _invalid("only equipment and Cheat cards are equipped")
    for cursed in state.afflictions:
        if any(cat.cards[c].effect.value not in ("spatuna", "escape-curse") for c in cursed):
            _invalid("only non-instant curses lie beside the equipment")
    seat = range(n)
    if state.step not in (Step.DEAL, Step.ROLL_OFF) and state.active not in seat:
        _invalid(f"active seat {state.active}")
    if state.step in (Step.DEAL, Step.ROLL_OFF) and state.active != -1:
        _invalid("nobody is active during the setup")
    if state.step is Step.DEAL and not state.draws:
        _invalid("the deal needs queued draws")
    if state.step is Step.ROLL_OFF and (
        not state.contenders
        or any(c not in seat for c in state.contenders)
        or list(state.contenders) != sorted(set(state.contenders))
    ):
        _invalid("the roll-off needs contenders")
    for pending in state.draws:
        if pending.player not in seat:
            _invalid(f"a draw for seat {pending.player}")
    for owed in state.owed:
        if owed.player not in seat:
            _invalid(f"a choice owed by seat {owed.player}")
    thief, victim = state.snatch
    if (thief, victim) != (-1, -1) and (thief not in seat or victim not in seat or thief == victim):
        _invalid("Steal Burglar's thief and victim")
    if thief >= 0 and not sum(state.hands[victim]):
        _invalid("Steal Burglar's victim has no card")
    fight = state.combat
    combat_steps = (Step.COMBAT, Step.ESCAPE, Step.REWARD)
    if state.step in combat_steps and fight is None:
        _invalid(f"step {state.step.value} without a combat")
    if fight is not None and state.step not in (*combat_steps, Step.OVER):
        _invalid(f"a combat at step {state.step.value}")
    if state.roll is not Roll.NONE and fight is None:
        _invalid("a combat roll without a combat")
    if fight is not None:
        if fight.fighter not in seat or fight.priority not in seat:
            _invalid("the combat's fighter or priority is not a seat")
        if len(fight.table) != kinds or min(fight.table, default=0) < 0:
            _invalid("the combat's table is not one count per card kind")
        for card in (fight.main, fight.secondary, fight.allied):
            if not -1 <= card < kinds:
                _invalid(f"card {card} in the combat")
        if fight.main < 0 or fight.table[fight.main] < 1:
            _invalid("the main enemy is not on the table")
        for card in (fight.secondary, fight.allied):
            if card >= 0 and fight.table[card] < 1:
                _invalid("an enemy of the combat is not on the table")
        if fight.secondary >= 0 and fight.secondary_by not in seat:
            _invalid("a secondary enemy without its player")
        if any(h not in seat for h in fight.helpers):
            _invalid("a Thyme Crisis helper is not a seat")
        if any(not 0 <= c < kinds for c, _ in fight.princesses):
            _invalid("a Princess of Bersia is not a card")
        if fight.passes >= (1 if fight.boss else n):
            _invalid("more passes than players")
    if state.result is not None and (
        len(state.result.winners) != 1 or state.result.winners[0] not in seat
    ):
        _invalid("a result names no seat")


def _invalid(message: str) -> NoReturn:
    raise InvalidState("NGO.STATE_INVALID", f"not a No Game Over position: {message}")
