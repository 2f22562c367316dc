"""Doom and Bloom SURVIVAL!: checks of states from outside (a client's JSON) and the rules
behind each step (what a disagreement about a step is a disagreement about)."""

from __future__ import annotations

from typing import Final, NoReturn

from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.core.types import replace
from dieproof.reference.doom_and_bloom.base import (
    Catalog,
    can_stay,
    catalog,
    center_open,
    validate_config,
)
from dieproof.reference.doom_and_bloom.types import (
    BONUS_ITEM,
    EXTRA_MILE_DICE,
    FOOD_USES,
    MILESTONES,
    NORMAL_DICE,
    SPACE_DECKS,
    Accept,
    Barter,
    Bypass,
    DabAction,
    DabState,
    Decline,
    Dice,
    DrawBonus,
    DrawCard,
    DrawCharacter,
    DrawTown,
    EndTurn,
    Enter,
    ExtraMile,
    Gain,
    KeepBusy,
    LetPass,
    Lose,
    Move,
    MoveDie,
    Option,
    Phase,
    PlayBonus,
    Reactivate,
    Remain,
    Rest,
    RollDice,
    RollMove,
    Settle,
    SetupRoll,
    SpendFood,
    SpendWeaponry,
    StayPut,
    Then,
    Trade,
    UseFuel,
    UseMedkit,
)

ACTION_RULES: Final[dict[type[DabAction], tuple[str, ...]]] = {
    SetupRoll: ("DAB-SETUP-2",),
    DrawCharacter: ("DAB-SETUP-4",),
    KeepBusy: ("DAB-BUSY-1",),
    LetPass: ("DAB-BUSY-1",),
    Reactivate: ("DAB-TEAM-4",),
    Rest: ("DAB-TEAM-4",),
    Trade: ("DAB-TRADE-1",),
    Barter: ("DAB-TRADE-2",),
    Accept: ("DAB-TRADE-1",),
    Decline: ("DAB-TRADE-1",),
    RollMove: ("DAB-MOVE-2",),
    StayPut: ("DAB-MOVE-5",),
    UseFuel: ("DAB-MOVE-6",),
    PlayBonus: ("DAB-BONUS-1",),
    Move: ("DAB-MOVE-2", "DAB-MOVE-3", "DAB-MOVE-4"),
    MoveDie: ("DAB-MOVE-2", "DAB-SETUP-3"),
    DrawCard: ("DAB-EVENT-2", "DAB-ATTACK-1", "DAB-BONUS-2"),
    ExtraMile: ("DAB-ROLL-2",),
    RollDice: ("DAB-ROLL-1",),
    Dice: ("DAB-ROLL-1", "DAB-SETUP-3"),
    SpendFood: ("DAB-ROLL-3",),
    SpendWeaponry: ("DAB-ROLL-4",),
    Settle: ("DAB-ROLL-1", "DAB-EVENT-1"),
    Option: ("DAB-EVENT-3", "DAB-EVENT-1"),
    Gain: ("DAB-ASSET-3", "DAB-ASSET-1"),
    Lose: ("DAB-ASSET-3", "DAB-ASSET-2"),
    DrawBonus: ("DAB-BONUS-2",),
    Enter: ("DAB-CROSS-2",),
    Bypass: ("DAB-CROSS-2",),
    Remain: ("DAB-CROSS-2",),
    UseMedkit: ("DAB-ASSET-5",),
    EndTurn: ("DAB-ASSET-5",),
}
"""The rules each kind of action carries out, where they do not depend on the moment."""


def step_rules(before: DabState, action: DabAction, after: DabState) -> tuple[str, ...]:
    """The rules that decided the step ``before`` -> ``after``, most specific first."""
    found: list[str] = []
    if isinstance(action, DrawTown):
        found.append("DAB-CENTER-2" if before.step is Phase.FINAL else "DAB-SETUP-6")
    found.extend(ACTION_RULES.get(type(action), ()))
    if after.step is Phase.OVER and before.step is not Phase.OVER:
        found.append(after.rule)
    if after.milestones != before.milestones:
        found.append("DAB-ASSET-4")
    if after.scouted != before.scouted:
        found.append("DAB-TOWN-2")
    if after.final != before.final:
        found.append("DAB-CENTER-2")
    return tuple(dict.fromkeys(found))


def _invalid(message: str) -> NoReturn:
    raise InvalidState("DAB.STATE_INVALID", f"not a Doom and Bloom position: {message}")


def validate_state(state: DabState) -> None:
    """Raise :class:`InvalidState` (``DAB.STATE_INVALID``) if ``state`` is not a position
    the rules can be applied to; the invariants are checked after this, by the caller."""
    try:
        validate_config(state.config)
    except RulesError as error:
        _invalid(f"its config is impossible: {error.message}")
    cat = catalog(state.config)
    _shapes(state, cat)
    _ranges(state, cat)
    _flow(state, cat)


def _shapes(state: DabState, cat: Catalog) -> None:
    n = state.config.players
    for name in (
        "setup_rolls",
        "characters",
        "assets",
        "space",
        "destinations",
        "scouted",
        "scouted_towns",
        "final",
        "last_hospital",
        "owed",
        "milestones",
        "rewarded",
        "bonus",
        "moved",
        "bartered",
        "skip",
        "extra",
        "finished",
        "reactivated",
    ):
        if len(getattr(state, name)) != n:
            _invalid(f"{name} has {len(getattr(state, name))} entries for {n} players")
    content = cat.content
    for name, size in (
        ("event_pile", len(content.events)),
        ("attack_pile", len(content.attacks)),
        ("bonus_pile", len(content.bonuses)),
    ):
        if len(getattr(state, name)) != size:
            _invalid(f"{name} has {len(getattr(state, name))} counts for {size} cards")
    if any(len(hand) != len(content.bonuses) for hand in state.bonus):
        _invalid("a Bonus hand does not have one count per Bonus card")


def _ranges(state: DabState, cat: Catalog) -> None:
    n = state.config.players
    content = cat.content
    spaces = len(cat.top.kinds)
    towns = len(cat.top.town_space)
    for name in ("active", "actor", "busy_seat", "start_player"):
        value = getattr(state, name)
        if not -1 <= value < n:
            _invalid(f"{name} {value} is not a seat")
    for p in range(n):
        if not -1 <= state.characters[p] < len(content.characters):
            _invalid(f"seat {p}'s character {state.characters[p]} is unknown")
        if not 0 <= state.space[p] < spaces or cat.top.kinds[state.space[p]] == "forest":
            _invalid(f"seat {p}'s pawn is on no space it can stand on")
        if len(state.destinations[p]) > cat.destinations or any(
            not 0 <= t < towns for t in state.destinations[p]
        ):
            _invalid(f"seat {p}'s destinations {state.destinations[p]} are impossible")
        if len(set(state.destinations[p])) != len(state.destinations[p]):
            _invalid(f"seat {p} drew a town twice")
        if not -1 <= state.final[p] < towns:
            _invalid(f"seat {p}'s final destination is unknown")
        if state.last_hospital[p] != -1 and state.last_hospital[p] not in cat.top.hospitals:
            _invalid(f"seat {p}'s last hospital is not a hospital")
        if state.scouted_towns[p] < 0 or state.scouted_towns[p] >> towns:
            _invalid(f"seat {p}'s scouted towns name unknown towns")
        if state.milestones[p] < 0 or state.milestones[p] >> len(MILESTONES):
            _invalid(f"seat {p}'s milestones name unknown milestones")
        if state.extra[p] < 0 or state.owed[p] < 0 or state.rewarded[p] < 0:
            _invalid(f"seat {p} has a negative count")
        if any(not 0 <= v <= 1000 for v in state.assets[p]):
            _invalid(f"seat {p}'s assets are out of any range")
        if any(c < 0 for c in state.bonus[p]):
            _invalid(f"seat {p} holds a negative number of Bonus cards")
    for pile, cards in (
        (state.event_pile, content.events),
        (state.attack_pile, content.attacks),
    ):
        if any(not 0 <= c <= card.copies for c, card in zip(pile, cards, strict=True)):
            _invalid("a draw pile holds more copies of a card than the deck")
    for k, bonus in enumerate(content.bonuses):
        held = sum(h[k] for h in state.bonus) + state.bonus_pile[k]
        if state.bonus_pile[k] < 0 or held > bonus.copies:
            _invalid(f"more {bonus.name} cards than the deck holds")
    if state.dice not in (0, NORMAL_DICE, EXTRA_MILE_DICE):
        _invalid(f"a roll of {state.dice} dice")
    if not 0 <= state.food_uses <= FOOD_USES:
        _invalid(f"food used {state.food_uses} times")
    for name in ("pending_lose", "pending_gain", "pending_bonus", "lost", "roll", "turns"):
        if getattr(state, name) < 0:
            _invalid(f"{name} is negative")


def _flow(state: DabState, cat: Catalog) -> None:
    phase = state.step
    n = state.config.players
    setup = phase in (Phase.SETUP_ROLL, Phase.CHARACTER, Phase.DESTINATION)
    if not setup and phase is not Phase.OVER and state.start_player < 0:
        _invalid("the game is under way without a start player")
    if setup and state.active >= 0:
        _invalid("a turn is under way during setup")
    _setup_flow(state, cat)
    if not setup and phase is not Phase.OVER:
        if state.then is Then.START:
            # a side's milestone rewards at game start: no turn yet, the side's first
            # seat takes them (DAB-TEAM-5)
            if state.active >= 0 or phase not in (Phase.GAIN, Phase.BONUS):
                _invalid("setup rewards are taken during a turn")
            if not 0 <= state.actor < n or cat.sides[state.actor][0] != state.actor:
                _invalid("setup rewards go to no side's first seat")
        elif not 0 <= state.active < n or state.actor != state.active:
            _invalid(f"phase {phase.value} is nobody's turn")
    if phase in (Phase.GAIN, Phase.LOSE) and state.actor < 0:
        _invalid(f"nobody takes the pending {phase.value}")
    _pending(state)
    if state.then is not Then.END and phase not in _WAITING:
        _invalid(f"what follows a result ({state.then.value}) waits in phase {phase.value}")
    if any(state.owed) and (
        state.then is not Then.START
        or any(o and cat.sides[s][0] != s for s, o in enumerate(state.owed))
    ):
        _invalid("milestone rewards owed outside the start of the game")
    kept = state.busy and (phase in (Phase.TURN, Phase.ANSWER) or state.then is Then.TURN)
    # keeping a player busy is offered only where staying put is allowed (DAB-BUSY-1),
    # and a kept player's trades keep it so (DAB-A25)
    if (kept or phase is Phase.BUSY) and (
        not 0 <= state.active < n or not can_stay(state, state.active)
    ):
        _invalid("a player kept busy who may not stay put")
    if phase is Phase.ANSWER:
        offer = state.offer
        if offer is None or not 0 <= offer.partner < state.config.players:
            _invalid("an answer is awaited without an offer")
        elif offer.seat != state.active or offer.partner in cat.sides[offer.seat]:
            _invalid("the offer is not the active player's to another side")
        elif offer.get < 0 or offer.give < -1:
            _invalid("the offer names no item")
        elif max(offer.give, offer.get) >= BONUS_ITEM + len(cat.content.bonuses):
            _invalid("the offer names an unknown item")
        else:
            from dieproof.reference.doom_and_bloom.rules import _items, legal_actions

            if offer.get not in _items(state, offer.partner):
                _invalid("the partner does not hold the item asked for")
            if offer.give >= 0 and offer.give not in _items(state, offer.seat):
                _invalid("the offerer does not hold the item offered")
            if offer.give == -1 and state.bartered[offer.seat]:
                _invalid("a second barter is offered")
            before = replace(state, step=Phase.TURN, offered=False, offer=None)
            made = (
                Trade(partner=offer.partner, give=offer.give, get=offer.get)
                if offer.give >= 0
                else Barter(partner=offer.partner, get=offer.get)
            )
            if made not in legal_actions(before):
                _invalid("the offer is not one the active player could make")
    elif state.offer is not None:
        _invalid("an offer waits outside the answer phase")
    if phase is Phase.BUSY and not 0 <= state.busy_seat < state.config.players:
        _invalid("nobody decides whether to keep the player busy")
    if phase in (Phase.DRAW, Phase.PRE_ROLL, Phase.DICE, Phase.POST_ROLL, Phase.CHOICE):
        if state.deck not in ("event", "attack"):
            _invalid("a card is resolved without a deck")
        cards = cat.content.events if state.deck == "event" else cat.content.attacks
        if phase is not Phase.DRAW and not 0 <= state.card < len(cards):
            _invalid("a card is resolved without a card")
        if phase in (Phase.PRE_ROLL, Phase.DICE, Phase.POST_ROLL) and (
            0 <= state.card < len(cards) and cards[state.card].test not in ("search", "raiders")
        ):
            _invalid("a roll for a card that does not roll")
        if phase is Phase.CHOICE and cards[state.card].test != "choice":
            _invalid("a choice for a card that offers none")
        p = state.active
        kind = cat.top.kinds[state.space[p]] if 0 <= p < state.config.players else ""
        if state.deck != SPACE_DECKS.get(kind):
            _invalid(f"a {state.deck} card on a {kind or 'missing'} space")
        if kind == "center" and not center_open(state, p):
            _invalid("a card at Center City before it may be entered")
    if (phase is Phase.DICE or phase is Phase.POST_ROLL) != (state.dice > 0):
        _invalid(f"{state.dice} dice in phase {phase.value}")
    p = state.active
    ready = p >= 0 and (
        state.scouted[p] == len(state.destinations[p]) == cat.destinations
        and state.final[p] < 0
        and state.space[p] == cat.top.center
    )
    if (phase is Phase.FINAL or state.then is Then.FINAL) and not ready:
        _invalid("a final destination is drawn away from Center City or too early")
    if (phase is Phase.CROSSING or state.then is Then.CROSSING) and (
        p < 0 or cat.top.kinds[state.space[p]] != "crossing"
    ):
        _invalid("a crossing's choice off a crossing")
    if phase is Phase.CROSSING and cat.top.kinds[state.space[state.active]] != "crossing":
        _invalid("a crossing's choice off a crossing")


def _setup_flow(state: DabState, cat: Catalog) -> None:
    """A setup step has someone left to roll, to draw a character or to draw a town."""
    phase = state.step
    if phase not in (Phase.SETUP_ROLL, Phase.CHARACTER, Phase.DESTINATION):
        return
    if (phase is Phase.SETUP_ROLL) != (state.start_player < 0):
        _invalid("a start player before the start roll, or none after it")
    if (
        state.turns
        or any(state.moved)
        or any(state.scouted)
        or any(state.scouted_towns)
        or any(f >= 0 for f in state.final)
    ):
        _invalid("a setup step after the game began")
    if phase is Phase.SETUP_ROLL and 0 not in state.setup_rolls:
        _invalid("a start-player roll with everyone rolled")
    if phase is Phase.CHARACTER and -1 not in state.characters:
        _invalid("a character draw with every character drawn")
    if phase is Phase.DESTINATION and all(len(d) >= cat.destinations for d in state.destinations):
        _invalid("a destination draw with every destination drawn")


_WAITING: Final = {
    Phase.LOSE: ("pending_lose",),
    Phase.GAIN: ("pending_gain",),
    Phase.BONUS: ("pending_bonus",),
}
"""What each phase of a result's pending choices and draws waits for."""


def _pending(state: DabState) -> None:
    """Losses, gains and Bonus draws of a result are taken in that order, each in its own
    phase: one still pending in its phase, none of an earlier kind, none elsewhere."""
    phase = state.step
    order = ("pending_lose", "pending_gain", "pending_bonus")
    waiting = _WAITING.get(phase)
    if waiting is not None and getattr(state, waiting[0]) <= 0:
        _invalid(f"phase {phase.value} with nothing pending")
    done = order.index(waiting[0]) if waiting is not None else len(order)
    for name in order[:done]:
        if getattr(state, name) != 0:
            _invalid(f"{name} is left in phase {phase.value}")
