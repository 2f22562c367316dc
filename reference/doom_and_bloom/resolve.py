"""Doom and Bloom SURVIVAL!: resolving the space a pawn finishes on.

Arrival (which deck a space draws from), the cards (one-tag cards, comparisons, choices,
and the search and raider rolls with their benefits), the results (the card's effect,
then the space's rewards), the pending choices and draws a result leaves (losses, gains,
Bonus cards, in that order), crossings, the final destination, and the end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from dieproof.reference.core.errors import IllegalAction
from dieproof.reference.core.types import replace

# rules imports this module and this one calls back into rules (the end of a turn, the
# next setup reward): imported as a module, bound at import time, looked up per call.
# A function-level import instead cost about 2 us at every end of a turn.
from dieproof.reference.doom_and_bloom import rules
from dieproof.reference.doom_and_bloom.base import (
    Mats,
    bonus_plays,
    can_pay,
    catalog,
    has_required,
    holder,
    new_milestones,
    opponents,
    pooled,
)
from dieproof.reference.doom_and_bloom.types import (
    BENEFIT_COST,
    CENTER_REWARD,
    EXTRA_MILE_DICE,
    FOOD,
    FOOD_COST,
    FOOD_USES,
    MEDKITS,
    NORMAL_DICE,
    SPACE_DECKS,
    SURVIVORS,
    WEAPONRY,
    WEAPONRY_COST,
    Bypass,
    Card,
    DabAction,
    DabState,
    Dice,
    DrawBonus,
    DrawCard,
    Effect,
    EndTurn,
    Enter,
    ExtraMile,
    Gain,
    Lose,
    Option,
    Phase,
    Remain,
    RollDice,
    Settle,
    SpendFood,
    SpendWeaponry,
    Then,
    UseMedkit,
)

# Enum members as module constants: ``Phase.TURN`` goes through the enum metaclass's
# attribute hook (about 0.1 us in Python 3.11, ten times a global), and the rules read
# phases at every step (DESIGN section 8; Squirrel or Die does the same).
_TURN, _DRAW, _PRE_ROLL, _DICE = Phase.TURN, Phase.DRAW, Phase.PRE_ROLL, Phase.DICE
_POST_ROLL, _CHOICE, _LOSE, _GAIN = Phase.POST_ROLL, Phase.CHOICE, Phase.LOSE, Phase.GAIN
_BONUS, _CROSSING, _FINAL, _END = Phase.BONUS, Phase.CROSSING, Phase.FINAL, Phase.END
_OVER = Phase.OVER
_THEN_END, _THEN_CROSSING, _THEN_FINAL, _THEN_WIN = Then.END, Then.CROSSING, Then.FINAL, Then.WIN
_THEN_START, _THEN_TURN = Then.START, Then.TURN


# -- arrival -------------------------------------------------------------------------------


def arrive(
    state: DabState,
    space: int,
    spaces: tuple[int, ...] | None = None,
    moved: tuple[bool, ...] | None = None,
    origin: int | None = None,
) -> DabState:
    """Resolve the space the active player finished on (or stayed put on).

    Implements DAB-SPACE-1 (an empty space ends the turn), the
    Event spaces (board asset, hospital, town: DAB-EVENT-1) and the Attack spaces
    (raider territory, crossing, Center City: DAB-ATTACK-1), and DAB-HOSPITAL-2's
    reset when a different hospital is visited (DAB-A4).

    ``spaces``, ``moved`` and ``origin`` are the move (or the staying put) that led here,
    when the caller has not made them part of ``state``: they go into the same state
    build as the arrival (DESIGN section 8).
    """
    kind = (state.config.cat or catalog(state.config)).top.kinds[space]
    p = state.active
    last = state.last_hospital
    if (
        kind == "hospital"
        and state.config.readings.hospital_reset == "visit"
        and last[p] not in (-1, space)
    ):
        last = (*last[:p], -1, *last[p + 1 :])
    if spaces is None:
        spaces = state.space
    if moved is None:
        moved = state.moved
    if origin is None:
        origin = state.origin
    deck = SPACE_DECKS.get(kind)
    if deck is not None:
        return replace(
            state,
            space=spaces,
            moved=moved,
            origin=origin,
            last_hospital=last,
            step=_DRAW,
            deck=deck,
        )
    return end_turn(replace(state, space=spaces, moved=moved, origin=origin, last_hospital=last))


def _cards(state: DabState) -> tuple[Card, ...]:
    content = (state.config.cat or catalog(state.config)).content
    return content.events if state.deck == "event" else content.attacks


def draw_pile(state: DabState) -> tuple[int, ...]:
    """The deck's draw pile; an empty pile is the whole deck reshuffled (DAB-A15)."""
    pile = state.event_pile if state.deck == "event" else state.attack_pile
    if not any(pile):  # counts are never negative: an empty pile
        return tuple(c.copies for c in _cards(state))
    return pile


def bonus_pile(state: DabState) -> tuple[int, ...]:
    """The Bonus draw pile; an empty one is the discards reshuffled (DAB-A15)."""
    if any(state.bonus_pile):  # counts are never negative
        return state.bonus_pile
    bonuses = (state.config.cat or catalog(state.config)).content.bonuses
    held = [sum(h[k] for h in state.bonus) for k in range(len(bonuses))]
    return tuple(b.copies - held[k] for k, b in enumerate(bonuses))


# -- chance ------------------------------------------------------------------------------------


def apply_chance(state: DabState, action: DabAction) -> DabState:
    """The state after a card, a roll's total or a Bonus card drawn: the handler of its
    type in :data:`CHANCES`."""
    handler = CHANCES.get(type(action))
    if handler is None:
        raise IllegalAction("DAB.CHANCE", f"{action!r} is not an outcome here", "DAB-EVENT-1")
    return handler(state, action)


def _draw_card(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, DrawCard)
    pile = list(draw_pile(state))
    pile[action.card] -= 1
    # A card whose test opens a roll or a choice ends the step in this one state;
    # the others resolve from it (_start_card).
    test = _cards(state)[action.card].test
    step = _OPENS.get(test, state.step)
    if state.deck == "event":
        new = replace(state, card=action.card, event_pile=tuple(pile), step=step)
    else:
        new = replace(state, card=action.card, attack_pile=tuple(pile), step=step)
    if test in _OPENS:
        return new
    return _start_card(new)


def _dice(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Dice)
    return replace(state, step=_POST_ROLL, total=action.total)


def _draw_bonus(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, DrawBonus)
    pile = list(bonus_pile(state))
    pile[action.card] -= 1
    hands = [list(h) for h in state.bonus]
    hands[holder(state, state.actor, state.config.cat)][action.card] += 1
    return settle(
        replace(
            state,
            bonus_pile=tuple(pile),
            bonus=tuple(tuple(h) for h in hands),
            pending_bonus=state.pending_bonus - 1,
        )
    )


CHANCES: Final[dict[type, Callable[[DabState, DabAction], DabState]]] = {
    DrawCard: _draw_card,
    Dice: _dice,
    DrawBonus: _draw_bonus,
}
"""The handler of each chance outcome of the resolution, by action type; :mod:`rules`
dispatches to them directly."""


_OPENS: dict[str, Phase] = {"choice": _CHOICE, "search": _PRE_ROLL, "raiders": _PRE_ROLL}
"""The step a card's test opens, for the tests decided by a choice or a roll."""


def _start_card(state: DabState) -> DabState:
    """Resolve a drawn card's test. Implements DAB-EVENT-2 (one-tag cards, comparisons)
    and opens the roll (DAB-ROLL-1) or the choice (DAB-EVENT-3)."""
    card = _cards(state)[state.card]
    if card.test == "auto":
        return outcome(state, card.success is not None, card)
    if card.test in ("least", "most"):
        return outcome(state, _compare(state, card), card)
    if card.test == "choice":
        return replace(state, step=_CHOICE)
    return replace(state, step=_PRE_ROLL)


def _compare(state: DabState, card: Card) -> bool:
    """``least``: no other player holds less of the stat; ``most``: none holds more.
    In team play the sides' pools are compared (DAB-A6 selects single mats)."""
    p = state.active
    stat = card.stat
    if state.config.teams and state.config.readings.team_compare == "pool":
        mine = pooled(state, p, stat, state.config.cat)
        others = [pooled(state, o, stat, state.config.cat) for o in opponents(state, p)]
    else:
        mine = state.assets[p][stat]
        others = [state.assets[o][stat] for o in range(state.config.players) if o != p]
    if card.test == "least":
        return all(o >= mine for o in others)
    return all(o <= mine for o in others)


# -- decisions -----------------------------------------------------------------------------------


def legal_actions(state: DabState) -> tuple[DabAction, ...]:
    phase = state.step
    p = state.active
    if phase is _PRE_ROLL:
        if can_pay(state, p, BENEFIT_COST, state.config.cat):
            return _EXTRA_MILE_OR_ROLL
        return _ROLL
    if phase is _POST_ROLL:
        card = _cards(state)[state.card]
        acts: list[DabAction] = []
        if card.test == "search":
            if (
                state.food_uses < FOOD_USES
                and pooled(state, p, FOOD, state.config.cat) >= FOOD_COST
            ):
                acts.append(SpendFood())
        elif (
            not state.weaponry_used
            and pooled(state, p, WEAPONRY, state.config.cat) >= WEAPONRY_COST
        ):
            acts.append(SpendWeaponry())
        return (*acts, *_bonus_plays(state, card.test), _SETTLE)
    if phase is _CHOICE:
        card = _cards(state)[state.card]
        acts = []
        if can_pay(state, p, card.price, state.config.cat):
            if card.price_bonus == 0:
                acts.append(Option(option=0))
            else:
                hand = state.bonus[holder(state, p, state.config.cat)]
                acts.extend(
                    Option(option=0, card=k) for k, c in enumerate(hand) if c >= card.price_bonus
                )
        acts.append(Option(option=1))
        return tuple(acts)
    if phase is _LOSE:
        return tuple(
            _LOSSES[r] for r in range(3) if pooled(state, state.actor, r, state.config.cat) > 0
        )
    if phase is _GAIN:
        return _GAINS
    if phase is _CROSSING:
        top = (state.config.cat or catalog(state.config)).top
        here = state.space[p]
        return (
            tuple(Enter(space=s) for s in top.arrows[here])
            + tuple(Bypass(space=s) for s in top.bypass[here])
            + (Remain(),)
        )
    if phase is _END:
        return _MEDKIT_OR_END
    return ()


# Listings that never change, built once (actions are immutable values).
_EXTRA_MILE_OR_ROLL: tuple[DabAction, ...] = (ExtraMile(), RollDice())
_ROLL: tuple[DabAction, ...] = (RollDice(),)
_SETTLE: DabAction = Settle()
_LOSSES: tuple[DabAction, ...] = tuple(Lose(resource=r) for r in range(3))
_GAINS: tuple[DabAction, ...] = tuple(Gain(resource=r) for r in range(3))
_MEDKIT_OR_END: tuple[DabAction, ...] = (UseMedkit(), EndTurn())


def _bonus_plays(state: DabState, kind: str) -> tuple[DabAction, ...]:
    cat = state.config.cat or catalog(state.config)
    return bonus_plays(cat, state.bonus[cat.sides[state.active][0]], kind)


def play_bonus(state: DabState, card: int) -> DabState:
    """Play a Bonus card where its kind permits; several may be played in a turn and
    their effects add up. Implements DAB-BONUS-1."""
    bonus = (state.config.cat or catalog(state.config)).content.bonuses[card]
    hands = [list(h) for h in state.bonus]
    hands[holder(state, state.active, state.config.cat)][card] -= 1
    new = replace(state, bonus=tuple(tuple(h) for h in hands))
    if bonus.kind == "move":
        return replace(new, roll=new.roll + bonus.amount)
    if bonus.kind == "supply":
        return settle(replace(new, pending_gain=bonus.amount, then=_THEN_TURN))
    return replace(new, total=new.total + bonus.amount)


def apply_decision(state: DabState, action: DabAction) -> DabState:
    """The state after one of the resolution's decisions (the roll, its benefits, a
    choice card's option, a resource lost or gained, a crossing's move, the Medkit, the
    end of the turn): the handler of its type in :data:`DECISIONS`."""
    return DECISIONS.get(type(action), _not_open)(state, action)


def _not_open(state: DabState, action: DabAction) -> DabState:
    raise IllegalAction("DAB.NOT_LEGAL", f"{action!r} is not open here", "DAB-EVENT-1")


def _extra_mile(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state, state.config.cat)
    mats.apply(state.active, (-1, -1, -1, 0, 0))
    return replace(state, assets=mats.frozen(), dice=EXTRA_MILE_DICE, step=_DICE)


def _roll_dice(state: DabState, action: DabAction) -> DabState:
    return replace(state, dice=NORMAL_DICE, step=_DICE)


def _spend_food(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state, state.config.cat)
    mats.pay(state.active, FOOD, FOOD_COST)
    return replace(
        state, assets=mats.frozen(), food_uses=state.food_uses + 1, total=state.total + 1
    )


def _spend_weaponry(state: DabState, action: DabAction) -> DabState:
    mats = Mats(state, state.config.cat)
    mats.pay(state.active, WEAPONRY, WEAPONRY_COST)
    return replace(state, assets=mats.frozen(), weaponry_used=True, total=state.total + 1)


def _settle(state: DabState, action: DabAction) -> DabState:
    card = _cards(state)[state.card]
    tie = state.config.readings.tie == "success"
    won = state.total > card.target or (tie and state.total == card.target)
    return outcome(state, won, card)  # the roll's dice are put away there (dice=0)


def _option(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Option)
    if action.option == 1:
        return outcome(state, False)
    p = state.active
    card = _cards(state)[state.card]
    mats = Mats(state, state.config.cat)
    mats.apply(p, tuple(-c for c in card.price))  # type: ignore[arg-type]
    hands = [list(h) for h in state.bonus]
    if card.price_bonus:
        hands[holder(state, p, state.config.cat)][action.card] -= card.price_bonus
    new = replace(state, assets=mats.frozen(), lost=mats.lost, bonus=tuple(tuple(h) for h in hands))
    return outcome(new, True, card)


def _lose(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Lose)
    mats = Mats(state, state.config.cat)
    mats.pay(state.actor, action.resource, 1)
    return settle(replace(state, assets=mats.frozen(), pending_lose=state.pending_lose - 1))


def _gain(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Gain)
    mats = Mats(state, state.config.cat)
    mats.gain(state.actor, action.resource, 1)
    return settle(replace(state, assets=mats.frozen(), pending_gain=state.pending_gain - 1))


def _cross(state: DabState, action: DabAction) -> DabState:
    assert isinstance(action, Enter | Bypass)
    spaces = list(state.space)
    spaces[state.active] = action.space
    return end_turn(replace(state, space=tuple(spaces)))


def _remain(state: DabState, action: DabAction) -> DabState:
    return end_turn(state)


def _use_medkit(state: DabState, action: DabAction) -> DabState:
    p = state.active
    mats = Mats(state, state.config.cat)
    mats.pay(p, MEDKITS, 1)
    mats.gain(p, SURVIVORS, state.lost)
    mats.lost = 0
    new = _milestones(replace(state, assets=mats.frozen(), lost=0), mats)
    return settle(replace(new, then=_THEN_END))


def _end(state: DabState, action: DabAction) -> DabState:
    return rules.advance(state)


_Decision = Callable[[DabState, DabAction], DabState]

DECISIONS: Final[dict[type, _Decision]] = {
    ExtraMile: _extra_mile,
    RollDice: _roll_dice,
    SpendFood: _spend_food,
    SpendWeaponry: _spend_weaponry,
    Settle: _settle,
    Option: _option,
    Lose: _lose,
    Gain: _gain,
    Enter: _cross,
    Bypass: _cross,
    Remain: _remain,
    UseMedkit: _use_medkit,
    EndTurn: _end,
}
"""The handler of each decision of the resolution, by action type (a dict, not a chain
of isinstance tests); :mod:`rules` dispatches to them directly."""


# -- results ---------------------------------------------------------------------------------------


def outcome(state: DabState, success: bool, card: Card | None = None) -> DabState:
    """Apply the card's result, then the space's rewards on a success.

    Implements DAB-EVENT-1 (the Success or Failure tag), DAB-EVENT-4 (a board
    asset's icon, DAB-A2), DAB-RAIDER-1 (gain the board asset only where there is one),
    DAB-HOSPITAL-1, DAB-TOWN-1 and DAB-TOWN-2 (rewards; scouting in order),
    DAB-CENTER-2 (Center City's rewards, then the final destination), DAB-CROSS-2 and
    DAB-FINAL-2 (a win on success while still holding the required assets).

    The card's roll, if any, is over: its dice are put away (``dice`` 0). ``card``: the
    card being resolved, when the caller has it at hand. The result is built in one state.
    """
    p = state.active
    cat = state.config.cat or catalog(state.config)
    top = cat.top
    if card is None:
        card = _cards(state)[state.card]
    effect = (card.success if success else card.failure) or _NO_EFFECT
    mats = Mats(state, cat)
    mats.apply(p, effect.assets)
    pending_gain = effect.gain_choice
    pending_bonus = effect.bonus
    space = state.space[p]
    kind = top.kinds[space]
    icon = top.icons[space]
    then = _THEN_END
    last = state.last_hospital
    towns = state.scouted_towns
    scouted = state.scouted
    if success and icon >= 0:
        if kind == "asset":
            times = 2 if effect.board_asset and state.config.readings.board_asset == "both" else 1
            mats.gain(p, icon, times)
        elif effect.board_asset:
            mats.gain(p, icon, 1)
    if success and kind == "hospital":
        mats.gain(p, MEDKITS, 1)
        pending_bonus += 1
        last = (*last[:p], space, *last[p + 1 :])
    elif kind == "town":
        town = top.space_town[space]
        final = town == state.final[p]
        if success and (not final or state.config.readings.final_rewards == "town"):
            label = top.board.towns[town]
            pending_gain += label.reward_choice
            mats.gain(p, SURVIVORS, label.reward_survivors)
            pending_bonus += label.reward_bonus
            towns = (*towns[:p], towns[p] | 1 << town, *towns[p + 1 :])
            dests = state.destinations[p]
            k = scouted[p]
            if k < len(dests) and dests[k] == town:
                scouted = (*scouted[:p], k + 1, *scouted[p + 1 :])
        if success and final:
            then = _THEN_WIN
    elif kind == "center" and success:
        mats.apply(p, CENTER_REWARD)
        then = _THEN_FINAL
    elif kind == "crossing" and success:
        then = _THEN_CROSSING
    new = replace(
        state,
        assets=mats.frozen(),
        lost=mats.lost,
        success=success,
        dice=0,
        last_hospital=last,
        scouted_towns=towns,
        scouted=scouted,
        pending_lose=effect.lose_choice,
        pending_gain=pending_gain,
        pending_bonus=pending_bonus,
        then=then,
    )
    return settle(_milestones(new, mats))


_NO_EFFECT: Final = Effect()
"""The result of a tag the card does not have."""


def _milestones(state: DabState, mats: Mats) -> DabState:
    """Survivor milestones reached for the first time give a Bonus card and a resource of
    choice each (DAB-ASSET-4; a team earns them together, DAB-TEAM-5)."""
    p = state.active if state.active >= 0 else state.actor
    side = (state.config.cat or catalog(state.config)).sides[p]
    reached, fresh = new_milestones(state.milestones[p], mats.pooled(p, SURVIVORS))
    if not fresh:
        return state
    milestones = list(state.milestones)
    rewarded = list(state.rewarded)
    for m in side:
        milestones[m] = reached
        rewarded[m] += fresh
    return replace(
        state,
        milestones=tuple(milestones),
        rewarded=tuple(rewarded),
        pending_bonus=state.pending_bonus + fresh,
        pending_gain=state.pending_gain + fresh,
    )


def settle(state: DabState) -> DabState:
    """Work off what a result left pending: resources lost, resources gained, Bonus
    cards drawn (in that order), then what comes next."""
    if state.pending_lose > 0:
        if any(pooled(state, state.actor, r, state.config.cat) > 0 for r in range(3)):
            return replace(state, step=_LOSE)
        state = replace(state, pending_lose=0)
    if state.pending_gain > 0:
        return replace(state, step=_GAIN)
    if state.pending_bonus > 0:
        if any(bonus_pile(state)):
            return replace(state, step=_BONUS)
        state = replace(state, pending_bonus=0)
    then = state.then
    if then is _THEN_CROSSING:
        return replace(state, step=_CROSSING, then=_THEN_END)
    if then is _THEN_FINAL:
        return replace(state, step=_FINAL, then=_THEN_END)
    if then is _THEN_WIN:
        return _win(replace(state, then=_THEN_END))
    if then is _THEN_TURN:
        return replace(state, step=_TURN, then=_THEN_END)
    if then is _THEN_START:
        return rules.next_setup_reward(replace(state, then=_THEN_END, actor=-1))
    return end_turn(state)


def _win(state: DabState) -> DabState:
    """A success at the final destination wins while the side still holds the required
    assets (DAB-FINAL-2); in team play the teammate is done, and the team wins when both
    are (DAB-TEAM-3)."""
    p = state.active
    if not has_required(state, p):
        return end_turn(state)
    side = (state.config.cat or catalog(state.config)).sides[p]
    if len(side) == 1:
        return replace(
            state,
            step=_OVER,
            winners=(p,),
            reason=f"player {p} reached the final destination with the required assets",
            rule="DAB-FINAL-2",
        )
    finished = list(state.finished)
    finished[p] = True
    new = replace(state, finished=tuple(finished))
    if all(finished[m] for m in side):
        return replace(
            new,
            step=_OVER,
            winners=side,
            reason=f"team {side} both reached their final destinations with the assets",
            rule="DAB-TEAM-3",
        )
    return end_turn(new)


def end_turn(state: DabState) -> DabState:
    """The end of the turn: a Medkit may restore the survivors lost this turn
    (DAB-ASSET-5); without that choice the turn passes on."""
    if state.lost > 0 and pooled(state, state.active, MEDKITS, state.config.cat) > 0:
        return replace(state, step=_END)
    return rules.advance(state)
