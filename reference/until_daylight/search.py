"""Until Daylight: the search phase, and the actions it shares with the characters'
attack (build, give, take, use, do nothing), rubble draws and discards.

Every ``do_*`` function checks its action and returns the state after it, with
``then`` naming what follows once the pending draws, discards and reveals are done;
``rules.apply`` runs that queue. Rule ids in docstrings tie the code to the spec.
"""

from __future__ import annotations

from fractions import Fraction

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidAction
from dieproof.reference.core.types import replace
from dieproof.reference.until_daylight import enemies
from dieproof.reference.until_daylight.base import (
    Catalog,
    bump,
    catalog,
    covers,
    harm,
    heal,
    minus,
    next_seat,
    plus,
    put,
)
from dieproof.reference.until_daylight.types import (
    BARRICADE_TOKENS,
    MAX_TOKENS,
    TOKEN_ORDER,
    TRAP_TOKENS,
    CardKind,
    Clock,
    Consent,
    Discard,
    Draw,
    EventKind,
    Found,
    Give,
    Pass,
    Phase,
    Step,
    Take,
    Then,
    Throw,
    Token,
    UdAction,
    UdState,
    Use,
)
from dieproof.reference.until_daylight.types import Build as BuildAction

# -- the timer ------------------------------------------------------------------------------


def clock_weights(state: UdState) -> tuple[tuple[Clock, int], ...]:
    """The timer's chance node as integer weights. Implements UD-SEARCH-8 (UD-A1)."""
    timer = state.config.timer
    if state.search_actions >= timer.limit:
        return ((Clock(True), 1),)
    return tuple((c, w) for c, w in ((Clock(False), timer.tick), (Clock(True), timer.gong)) if w)


def clock_outcomes(state: UdState) -> tuple[tuple[Clock, Fraction], ...]:
    return chance.weighted(clock_weights(state))


def do_clock(state: UdState, action: Clock) -> UdState:
    """The gong ends the search phase; the player whose turn it is was caught playing
    and receives the horde. Implements UD-SEARCH-8 and UD-COMBAT-1."""
    if action not in (c for c, _ in clock_weights(state)):
        raise IllegalAction("UD.TIMER", "the timer has run out: the gong must sound", "UD-SEARCH-8")
    if not action.gong:
        return replace(state, step=Step.SEARCH, current=state.turn)
    return replace(
        state, phase=Phase.RELEASE, step=Step.FATE, active=state.turn, current=state.turn
    )


# -- the actions of a turn ------------------------------------------------------------------


def can_build(state: UdState, player: int, token: Token) -> bool:
    """Whether ``player`` may build ``token`` now. Implements UD-SEARCH-2 and the
    two-token limit UD-ENEMY-9."""
    if state.barricades[player] + state.traps[player] >= MAX_TOKENS:
        return False
    cat = catalog(state.config)
    if token is Token.BARRICADE:
        if sum(state.barricades) >= BARRICADE_TOKENS:
            return False
        return covers(state.inventories[player], cat.barricade)
    if sum(state.traps) >= TRAP_TOKENS:
        return False
    return covers(state.inventories[player], cat.trap)


def gift_counts(cat: Catalog, card: int, have: int) -> range:
    """How many cards of a kind go in one give: any part of an ammunition stack, else
    one (UD-SEARCH-9)."""
    return range(1, have + 1) if cat.stacks[card] else range(1, min(have, 1) + 1)


def take_counts(state: UdState, card: int, have: int) -> range:
    """How many cards of a kind go in one take: as in a give under take_ammo = "stack",
    one card under "one" (UD-A32)."""
    cat = catalog(state.config)
    if state.config.readings.take_ammo == "one":
        return range(1, min(have, 1) + 1)
    return gift_counts(cat, card, have)


def can_throw(state: UdState) -> bool:
    """Whether the player whose turn it is may throw cards away now: during their search
    turn, and under throw_away = "own_turn" during their combat turn too (UD-A33)."""
    if state.step is Step.SEARCH:
        return True
    return state.step is Step.ACT and state.config.readings.throw_away == "own_turn"


def throw_options(state: UdState) -> list[UdAction]:
    """The cards the player may throw away, in content order (UD-SEARCH-11)."""
    if not can_throw(state):
        return []
    names = catalog(state.config).names
    return [Throw(names[i]) for i, c in enumerate(state.inventories[state.turn]) if c]


def turn_actions(state: UdState) -> list[UdAction]:
    """Build, give, take, use, do nothing and throw away: the actions both phases
    offer, in canonical order (tokens in :data:`TOKEN_ORDER`; players by seat; cards in
    content order; counts ascending; the free throws last). Implements UD-SEARCH-2 to
    UD-SEARCH-6 and UD-SEARCH-11."""
    player = state.turn
    cat = catalog(state.config)
    actions: list[UdAction] = [BuildAction(t) for t in TOKEN_ORDER if can_build(state, player, t)]
    n = state.config.players
    names = cat.names
    mine = state.inventories[player]
    others = [p for p in range(n) if p != player]
    for to in others:
        for card, have in enumerate(mine):
            if have:
                actions.extend(Give(to, names[card], k) for k in gift_counts(cat, card, have))
    for owner in others:
        for card, have in enumerate(state.inventories[owner]):
            if have:
                actions.extend(Take(owner, names[card], k) for k in take_counts(state, card, have))
    actions.extend(Use(names[card]) for card in cat.food if mine[card])
    actions.append(Pass())
    actions.extend(throw_options(state))
    return actions


def can_draw(state: UdState) -> bool:
    return bool(sum(state.rubble) or sum(state.rubble_discard))


def search_actions(state: UdState) -> list[UdAction]:
    """The search actions: draw first, then :func:`turn_actions`. Implements UD-SEARCH-1."""
    actions: list[UdAction] = [Draw()] if can_draw(state) else []
    actions.extend(turn_actions(state))
    return actions


def after_action(state: UdState) -> Then:
    """What follows a finished action: the next searcher, or the next actor."""
    return Then.NEXT_SEARCHER if state.phase is Phase.SEARCH else Then.NEXT_ACTOR


def start_action(state: UdState) -> UdState:
    """Count a search action against the timer's limit (UD-A1)."""
    if state.phase is Phase.SEARCH:
        return replace(state, search_actions=state.search_actions + 1)
    return state


def do_draw(state: UdState) -> UdState:
    """Draw a rubble card (a search action). Implements UD-SEARCH-1."""
    if not can_draw(state):
        raise IllegalAction("UD.DECK_EMPTY", "no rubble card is left to draw", "UD-SEARCH-1")
    state = start_action(state)
    return replace(state, draws=1, drawer=state.turn, then=Then.NEXT_SEARCHER)


def do_build(state: UdState, action: BuildAction) -> UdState:
    """Craft a trap or barricade from its rubble cards. Implements UD-SEARCH-2 and the
    token limit UD-ENEMY-9."""
    player = state.turn
    if not can_build(state, player, action.token):
        total = state.barricades[player] + state.traps[player]
        why = (
            f"player {player} already has {total} tokens (at most {MAX_TOKENS})"
            if total >= MAX_TOKENS
            else f"player {player} cannot build a {action.token.value} now "
            "(the cards for it, or a token left in the box, are missing)"
        )
        rule = "UD-ENEMY-9" if total >= MAX_TOKENS else "UD-SEARCH-2"
        raise IllegalAction("UD.CANNOT_BUILD", why, rule)
    cat = catalog(state.config)
    recipe = cat.barricade if action.token is Token.BARRICADE else cat.trap
    state = start_action(state)
    inventories = put(state.inventories, player, minus(state.inventories[player], recipe))
    if action.token is Token.BARRICADE:
        state = replace(state, barricades=bump(state.barricades, player, 1))
    else:
        state = replace(state, traps=bump(state.traps, player, 1))
    state = replace(
        state,
        inventories=inventories,
        rubble_discard=plus(state.rubble_discard, recipe),
        built=bump(state.built, player, 1),
        then=after_action(state),
    )
    return enemies.on_arrival(state, player) if action.token is Token.TRAP else state


def _card(state: UdState, name: str) -> int:
    found = catalog(state.config).index.get(name)
    if found is None:
        raise InvalidAction("UD.UNKNOWN_CARD", f"there is no rubble card {name!r}")
    return found


def _seat(state: UdState, seat: int, what: str) -> None:
    if not 0 <= seat < state.config.players:
        raise InvalidAction("UD.NO_SEAT", f"{what} {seat} is not a seat of this game")


def _check_gift(state: UdState, owner: int, card: int, count: int, rule: str) -> None:
    cat = catalog(state.config)
    have = state.inventories[owner][card]
    giving = rule == "UD-SEARCH-3"
    counts = gift_counts(cat, card, have) if giving else take_counts(state, card, have)
    if count not in counts:
        raise IllegalAction(
            "UD.NOT_IN_INVENTORY",
            f"player {owner} cannot hand over {count} {cat.names[card]} (has {have}; "
            "only ammunition of one slot goes more than one at a time"
            + (", and a take moves one card (take_ammo = one)" if rule == "UD-SEARCH-4" else "")
            + ")",
            rule,
        )


def do_give(state: UdState, action: Give) -> UdState:
    """Hand rubble cards to another player. Implements UD-SEARCH-3."""
    _seat(state, action.to, "player")
    giver = state.turn
    if action.to == giver:
        raise IllegalAction("UD.SELF", "a player cannot give a card to themselves", "UD-SEARCH-3")
    card = _card(state, action.card)
    _check_gift(state, giver, card, action.count, "UD-SEARCH-3")
    state = start_action(state)
    inventories = put(state.inventories, giver, bump(state.inventories[giver], card, -action.count))
    return replace(
        state,
        inventories=inventories,
        held=card,
        held_count=action.count,
        holder=action.to,
        then=after_action(state),
    )


def do_take(state: UdState, action: Take) -> UdState:
    """Ask to take another player's card; the owner must agree. Implements UD-SEARCH-4."""
    _seat(state, action.owner, "player")
    taker = state.turn
    if action.owner == taker:
        raise IllegalAction("UD.SELF", "a player cannot take their own card", "UD-SEARCH-4")
    card = _card(state, action.card)
    _check_gift(state, action.owner, card, action.count, "UD-SEARCH-4")
    state = start_action(state)
    return replace(
        state,
        step=Step.CONSENT,
        current=action.owner,
        asker=taker,
        request=(card, action.count),
        then=Then.NOTHING,
    )


def do_consent(state: UdState, action: Consent) -> UdState:
    """The owner agrees (the cards go to the asker) or refuses (nothing moves; the
    asker's action is spent: UD-A13). Implements UD-SEARCH-4."""
    card, count = state.request
    owner, asker = state.current, state.asker
    state = replace(state, asker=-1, request=(-1, 0), current=state.turn)
    if not action.agree:
        return replace(state, then=after_action(state))
    inventories = put(state.inventories, owner, bump(state.inventories[owner], card, -count))
    return replace(
        state,
        inventories=inventories,
        held=card,
        held_count=count,
        holder=asker,
        then=after_action(state),
    )


def do_use(state: UdState, action: Use) -> UdState:
    """Use a card that needs an action: eating food heals. Implements UD-SEARCH-5."""
    card = _card(state, action.card)
    cat = catalog(state.config)
    player = state.turn
    if cat.cards[card].kind is not CardKind.FOOD:
        raise IllegalAction(
            "UD.NOT_USABLE", f"{action.card} is not a card used with an action", "UD-SEARCH-5"
        )
    if state.inventories[player][card] < 1:
        raise IllegalAction(
            "UD.NOT_IN_INVENTORY", f"player {player} has no {action.card}", "UD-SEARCH-5"
        )
    state = start_action(state)
    inventories = put(state.inventories, player, bump(state.inventories[player], card, -1))
    state = replace(
        state,
        inventories=inventories,
        rubble_discard=bump(state.rubble_discard, card, 1),
        then=after_action(state),
    )
    return heal(state, player, cat.cards[card].heal)


def do_pass(state: UdState) -> UdState:
    """Do nothing. Implements UD-SEARCH-6."""
    state = start_action(state)
    return replace(state, then=after_action(state))


def do_throw(state: UdState, action: Throw) -> UdState:
    """Throw a rubble card away: it goes to the discard pile, and since this is not an
    action the player's turn goes on (no timer node, no search action counted).
    Implements UD-SEARCH-11 (UD-A33)."""
    card = _card(state, action.card)
    player = state.turn
    if not can_throw(state):
        raise IllegalAction(
            "UD.NOT_USABLE",
            "cards are thrown away during one's search turn (throw_away = search_turn)",
            "UD-SEARCH-11",
        )
    if state.inventories[player][card] < 1:
        raise IllegalAction(
            "UD.NOT_IN_INVENTORY", f"player {player} has no {action.card}", "UD-SEARCH-11"
        )
    inventories = put(state.inventories, player, bump(state.inventories[player], card, -1))
    return replace(
        state, inventories=inventories, rubble_discard=bump(state.rubble_discard, card, 1)
    )


def next_searcher(state: UdState) -> UdState:
    """The action is done: "Next", and the timer runs on. Implements UD-SEARCH-1."""
    seat = next_seat(state, state.turn)
    return replace(state, turn=seat, current=seat, step=Step.CLOCK, then=Then.NOTHING)


# -- draws, events and discards ---------------------------------------------------------------


def found_weights(state: UdState) -> tuple[tuple[Found, int], ...]:
    """Every rubble card left in the deck, weighted by its count (UD-SEARCH-1)."""
    names = catalog(state.config).names
    return tuple((Found(names[i]), count) for i, count in enumerate(state.rubble) if count)


def found_outcomes(state: UdState) -> tuple[tuple[Found, Fraction], ...]:
    return chance.weighted(found_weights(state))


def do_found(state: UdState, action: Found) -> UdState:
    """A rubble card comes off the deck: a red event is resolved at once; any other card
    heads for the drawer's inventory. Implements UD-SEARCH-1 and UD-SEARCH-10."""
    card = _card(state, action.card)
    if state.rubble[card] < 1:
        raise IllegalAction(
            "UD.NOT_IN_DECK", f"no {action.card} is left in the rubble deck", "UD-SEARCH-1"
        )
    cat = catalog(state.config)
    drawer = state.drawer
    state = replace(state, rubble=bump(state.rubble, card, -1), draws=state.draws - 1)
    event = cat.cards[card].event
    if event is None:
        return replace(state, held=card, held_count=1, holder=drawer)
    state = replace(state, rubble_discard=bump(state.rubble_discard, card, 1))
    if event is EventKind.INJURY:
        return harm(state, drawer, 1, f"the {action.card} event")
    if event is EventKind.LOSS:
        return replace(state, discards=state.discards + 1, discarder=drawer)
    return replace(state, attract=state.attract + 1, reveal_area=drawer)


def reshuffle(state: UdState) -> UdState:
    """An empty rubble deck takes its discard pile back, shuffled (UD-A3)."""
    empty = tuple(0 for _ in state.rubble)
    return replace(state, rubble=state.rubble_discard, rubble_discard=empty)


def overflow_options(state: UdState) -> list[UdAction]:
    """The cards the holder of a card that does not fit may discard: the held card, then
    the inventory's, in content order (UD-SEARCH-7)."""
    names = catalog(state.config).names
    options: list[UdAction] = [Discard(names[state.held])]
    cards = state.inventories[state.holder]
    options.extend(Discard(names[i]) for i, c in enumerate(cards) if c and i != state.held)
    return options


def discard_options(state: UdState) -> list[UdAction]:
    """The cards a player owing a discard may throw away, in content order."""
    names = catalog(state.config).names
    return [Discard(names[i]) for i, c in enumerate(state.inventories[state.discarder]) if c]


def do_discard(state: UdState, action: Discard) -> UdState:
    """Discard one rubble card: to make room (UD-SEARCH-7), or as owed by a raider's
    damage (UD-ENEMY-3), a loss event (UD-SEARCH-10) or the die of fate (UD-COMBAT-2)."""
    card = _card(state, action.card)
    discard = bump(state.rubble_discard, card, 1)
    if state.step is Step.OVERFLOW:
        if card == state.held:
            left = state.held_count - 1
            return replace(
                state,
                held=card if left else -1,
                held_count=left,
                holder=state.holder if left else -1,
                rubble_discard=discard,
            )
        owner, rule = state.holder, "UD-SEARCH-7"
    else:
        owner, rule = state.discarder, "UD-ENEMY-3"
    if state.inventories[owner][card] < 1:
        raise IllegalAction(
            "UD.NOT_IN_INVENTORY", f"player {owner} has no {action.card} to discard", rule
        )
    inventories = put(state.inventories, owner, bump(state.inventories[owner], card, -1))
    state = replace(state, inventories=inventories, rubble_discard=discard)
    if state.step is Step.DISCARD:
        state = replace(state, discards=state.discards - 1)
    return state
