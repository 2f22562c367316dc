"""No Game Over: the rules as a pure state machine.

The shape every game module has: setup, the node queries (``to_move``,
``legal_actions``, ``chance_outcomes``), ``apply``, ``result``, then private helpers.
The combat's priority loop and the cards' effects live in
:mod:`~dieproof.reference.no_game_over.combat` and
:mod:`~dieproof.reference.no_game_over.cards`; this module ties the turn together.

Who moves follows from the state in one order: a finished game is terminal; a queued draw,
die roll or Steal Burglar grab is chance; an owed choice (a curse's discards) belongs to
the player who owes it; then the step says (the active player, the fighter, or whoever
holds priority in a combat).
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_left
from collections.abc import Callable
from fractions import Fraction
from itertools import compress
from typing import Final, Literal, cast

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidAction
from dieproof.reference.core.types import CHANCE, TERMINAL, Result, replace
from dieproof.reference.no_game_over import cards, combat
from dieproof.reference.no_game_over.base import (
    DECK_INDEX,
    DEFAULT_CATALOG,
    FIGHTS,
    add_counts,
    catalog,
    holding,
    put,
    validate_config,
)
from dieproof.reference.no_game_over.types import (
    DIE_FACES,
    HAND_LIMIT,
    MAX_KINDS,
    MAX_PLAYERS,
    START_ITEMS,
    START_LEVELS,
    START_LIVES,
    Boss,
    Cast,
    Deck,
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
    NgoAction,
    NgoConfig,
    NgoState,
    Pass,
    Pending,
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

# The enum members the rules below test, bound once: a member read through its class
# goes through the enum metaclass's attribute hook, about the cost of a function call.
_DECK_ITEM: Final = Deck.ITEM
_DECK_LEVEL: Final = Deck.LEVEL

__all__ = [
    "apply",
    "chance_outcomes",
    "initial_state",
    "is_ghost",
    "legal_actions",
    "result",
    "sample_chance",
    "sample_legal_action",
    "to_move",
    "validate_config",
]

_DIE: Final = tuple((Die(value=v), Fraction(1, DIE_FACES)) for v in range(1, DIE_FACES + 1))
"""A roll of the d6: each face with probability 1/6 (NGO-A2)."""

_NO_ROLL: Final = Roll.NONE
_ROLL_OFF: Final = Step.ROLL_OFF
_DEAL: Final = Step.DEAL
_PREPARE: Final = Step.PREPARE
_COMBAT: Final = Step.COMBAT
_ESCAPE: Final = Step.ESCAPE
_REWARD: Final = Step.REWARD
_END: Final = Step.END
_EASY: Final = Step.EASY
_GHOST: Final = Step.GHOST
_GHOST_DRAW: Final = Step.GHOST_DRAW
"""The enum members the hot paths test, bound once (a member read through its class
costs a lookup on the enum's metaclass at every use)."""

# -- setup ----------------------------------------------------------------------------------


def initial_state(config: NgoConfig) -> NgoState:
    """The table before the deal: three shuffled decks, three lives each, and the deal
    queued (three Item then three Level cards per player, in seat order).
    Implements NGO-SETUP-1 and NGO-SETUP-2."""
    validate_config(config)
    cat = catalog(config)
    n = config.players
    empty = (0,) * len(cat.cards)
    deal = tuple(
        _queued(p, deck)[0]
        for p in range(n)
        for deck in (_DECK_ITEM,) * START_ITEMS + (_DECK_LEVEL,) * START_LEVELS
    )
    return NgoState(
        config=config,
        step=_DEAL,
        lives=(START_LIVES,) * n,
        hands=(empty,) * n,
        equipment=((),) * n,
        afflictions=((),) * n,
        tokens=(False,) * n,
        decks=cat.box,
        discards=(empty, empty, empty),
        draws=deal,
        rolls=(0,) * n,
        contenders=tuple(range(n)),
    )


# -- the node queries -----------------------------------------------------------------------


_DECIDES: list[object] = [None]
"""The state :func:`to_move` last found a decision node (neither finished nor chance):
:func:`legal_actions`, which a caller asks next, skips those tests for it (states are
immutable, so the identity of the state is enough; holding it keeps the id unused)."""


def to_move(state: NgoState) -> int:
    """A seat, :data:`CHANCE` or :data:`TERMINAL` (the order in the module docstring)."""
    if state.result is not None:
        return TERMINAL
    step = state.step
    if state.draws or state.roll is not _NO_ROLL or state.snatch[0] >= 0 or step is _ROLL_OFF:
        return CHANCE
    _DECIDES[0] = state
    if state.owed:
        return state.owed[0].player
    fight = state.combat
    if fight is None:
        return state.active
    if step is _COMBAT:
        return fight.priority
    if step is _ESCAPE or step is _REWARD:
        return fight.fighter
    return state.active


def chance_outcomes(state: NgoState) -> tuple[tuple[NgoAction, Fraction], ...]:
    """The outcomes of the chance node, in canonical order: a draw's cards by index
    weighted by their copies in the deck (a shuffled deck), a die's faces 1 to 6, a
    Steal Burglar grab's cards by index weighted by copies in the victim's hand.
    Implements NGO-DECK-1."""
    if state.draws:
        deck = state.draws[0].deck
        pile = state.decks[0 if deck is _DECK_ITEM else 1 if deck is _DECK_LEVEL else 2]
        pick = _PICKS.get(id(pile))
        if pick is None or pick[0] is not pile:
            pick = _pick(pile)
        return _draw_outcomes(pick)
    if state.roll is not _NO_ROLL or state.step is _ROLL_OFF:
        return _DIE
    if state.snatch[0] >= 0:
        return _weighted(state.hands[state.snatch[1]], Snatch)
    return ()


_DRAWS: Final = tuple(Draw(card=i) for i in range(MAX_KINDS))
_KINDS: Final = tuple(range(MAX_KINDS))
_SNATCHES: Final = tuple(Snatch(card=i) for i in range(MAX_KINDS))
"""The chance outcomes of every card index, built once."""


def _pairs(counts: tuple[int, ...], kind: type[Draw] | type[Snatch]) -> list[tuple[NgoAction, int]]:
    table = _DRAWS if kind is Draw else _SNATCHES
    return [(table[i], c) for i, c in enumerate(counts) if c > 0]


def _weighted(
    counts: tuple[int, ...], kind: type[Draw] | type[Snatch]
) -> tuple[tuple[NgoAction, Fraction], ...]:
    # The kinds held, picked out in C (compress, filter) before chance.counted walks them:
    # a deck holds a third to a half of the kinds, a hand a few.
    return chance.counted(
        tuple(compress(_DRAWS if kind is Draw else _SNATCHES, counts)),
        tuple(filter(None, counts)),
    )


Pick = tuple[tuple[int, ...], tuple[int, ...], tuple[Draw, ...], tuple[int, ...], int]
"""A deck's count vector, the kinds it holds (in index order), their draws, their
counts, and the cards in it."""

_PICKS: dict[int, Pick] = {}
"""The picks of the decks drawn from lately, by the identity of the deck's count vector
(the entry holds the vector, so its identity is not reused while remembered): a draw
derives the new deck's pick from the old one's (:func:`_draw`) instead of the chance
node walking every kind of the new deck. Bounded by :data:`PICKS_LIMIT`."""

PICKS_LIMIT: Final = 32
"""Decks :data:`_PICKS` remembers before it forgets them all."""


def _pick(pile: tuple[int, ...]) -> Pick:
    """The pick of a deck, walked (in C) and remembered."""
    weights = tuple(filter(None, pile))
    pick: Pick = (
        pile,
        tuple(compress(_KINDS, pile)),
        tuple(compress(_DRAWS, pile)),
        weights,
        sum(weights),
    )
    _remember_pick(pick)
    return pick


def _remember_pick(pick: Pick) -> None:
    if len(_PICKS) >= PICKS_LIMIT:
        _PICKS.clear()
    _PICKS[id(pick[0])] = pick


def _draw_outcomes(pick: Pick) -> tuple[tuple[NgoAction, Fraction], ...]:
    """The outcomes of a draw from the deck of ``pick``: what ``chance.counted`` gives for
    it (the same pairs, in the same order, and the same sampling table remembered for
    :func:`chance.sample`), built by :func:`chance.picked` from the pick. The table of the
    previous draw's outcomes is dropped (:func:`chance.forget`), so that its pairs are
    freed once the caller lets go of them: pairs kept alive by the tables were most of
    what the garbage collector walked."""
    _, _, draws, weights, total = pick
    last = _LAST_DRAW[0]
    if last is not None:
        chance.forget(last)
    outcomes = _LAST_DRAW[0] = chance.picked(draws, weights, total)
    return outcomes


_LAST_DRAW: list[tuple[tuple[NgoAction, Fraction], ...] | None] = [None]
"""The draw outcomes :func:`_draw_outcomes` built last."""


_LEGAL: list[object] = [None, ()]
"""The state whose legal actions were listed last, and the list: a playout lists them
and then applies one, and ``apply`` checks against the same list (states are immutable,
so the identity of the state is enough)."""


def legal_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """The decisions open to the player to move, in the canonical order: by action type
    in the order of ``ACTION_TYPES``, then by their fields in increasing order (see the
    oracle contract)."""
    if _LEGAL[0] is state:
        return _LEGAL[1]  # type: ignore[return-value]
    # A finished game or a chance node (to_move's first tests, inline, unless to_move has
    # just found this state a decision node): no decisions.
    step = state.step
    if _DECIDES[0] is not state and (
        state.result is not None
        or state.draws
        or state.roll is not _NO_ROLL
        or state.snatch[0] >= 0
        or step is _ROLL_OFF
    ):
        found: tuple[NgoAction, ...] = ()
    elif state.owed:
        found = cards.owed_actions(state)
    elif step is _COMBAT and state.combat is not None:
        # The priority loop, most listings: a hand already known to hold nothing to play
        # (base.holding) passes, without the loop's listing.
        hand = state.hands[state.combat.priority]
        cat = DEFAULT_CATALOG if state.config.content is None else catalog(state.config)
        known = cat.hands.get(id(hand))
        if known is not None and known[0] is hand and not known[3] & FIGHTS:
            found = combat.PASS_ONLY
        else:
            found = combat.priority_actions(state)
    else:
        lister = _LISTERS.get(step)
        found = () if lister is None else lister(state)
    _LEGAL[0], _LEGAL[1] = state, found
    return found


def _turn_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """The active player's options before and after the Level (Start; End of Turn)."""
    p = state.active
    known = holding(catalog(state.config), state.hands[p])
    found = cards.hand_actions(state, p, known=known)
    if state.step is _PREPARE:
        if cards.may_face_boss(state, p):
            found.append(_BOSS)
        if known[2] <= HAND_LIMIT:
            found.append(_REVEAL)
    elif known[2] <= HAND_LIMIT:
        found.append(_END_TURN)
    return tuple(found)


def _ghost_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """A ghost's turn after its draw: curses on players with lives, discards, the end.
    Implements NGO-GHOST-3."""
    p = state.active
    known = holding(catalog(state.config), state.hands[p])
    found = cards.hand_actions(state, p, ghost=True, known=known)
    if known[2] <= HAND_LIMIT:
        found.append(_END_TURN)
    return tuple(found)


def _reward_actions(state: NgoState) -> tuple[NgoAction, ...]:
    return tuple(Rewards(items=k) for k in range(combat.rewards_due(state) + 1))


_BOSS: Final = Boss()
_PASS: Final = combat.PASS
_REVEAL: Final = Reveal()
_END_TURN: Final = EndTurn()
_ESCAPE_CHOICES: Final[tuple[NgoAction, ...]] = (Flee(), GiveUp())
_EASY_CHOICES: Final[tuple[NgoAction, ...]] = (Take(deck="item"), Take(deck="level"), Decline())
_GHOST_DRAWS: Final[tuple[NgoAction, ...]] = (Take(deck="item"), Take(deck="level"))

_LISTERS: Final[dict[Step, Callable[[NgoState], tuple[NgoAction, ...]]]] = {
    Step.PREPARE: _turn_actions,
    Step.END: _turn_actions,
    Step.COMBAT: combat.priority_actions,
    Step.ESCAPE: lambda _state: _ESCAPE_CHOICES,
    Step.REWARD: _reward_actions,
    Step.EASY: lambda _state: _EASY_CHOICES,
    Step.GHOST_DRAW: lambda _state: _GHOST_DRAWS,
    Step.GHOST: _ghost_actions,
}
"""Each step's listing of a player's decisions (a step not here has none)."""


def sample_legal_action(state: NgoState, rng: random.Random) -> NgoAction:
    """A uniform draw from :func:`legal_actions` (``rng.randrange`` over the list)."""
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


def sample_chance(state: NgoState, rng: random.Random) -> NgoAction:
    """A chance outcome drawn as :func:`chance.sample` draws it, without building the
    fractions of a draw (:func:`chance.sample_weighted`)."""
    if state.draws:
        pile = state.decks[DECK_INDEX[state.draws[0].deck]]
        return chance.sample_weighted(_pairs(pile, Draw), rng)
    if state.snatch[0] >= 0 and state.roll is _NO_ROLL and state.step is not _ROLL_OFF:
        return chance.sample_weighted(_pairs(state.hands[state.snatch[1]], Snatch), rng)
    return chance.sample(chance_outcomes(state), rng)


# -- apply ----------------------------------------------------------------------------------


def apply(state: NgoState, action: NgoAction) -> NgoState:
    """The state after ``action``; raises :class:`IllegalAction` for an action the rules
    do not allow here and :class:`InvalidAction` for one that names no card or seat."""
    if state.result is not None:
        raise IllegalAction("NGO.OVER", "the game is over", "NGO-END-1")
    # to_move's chance test, inline (a playout has just asked to_move itself).
    if state.draws:
        waits: type[NgoAction] | None = Draw
    elif state.roll is not _NO_ROLL or state.step is _ROLL_OFF:
        waits = Die
    elif state.snatch[0] >= 0:
        waits = Snatch
    else:
        waits = None
    if waits is not None:
        if not isinstance(action, waits):
            raise IllegalAction(
                "NGO.CHANCE_NODE", "not the chance outcome this node waits for", "NGO-DECK-1"
            )
    elif isinstance(action, (Draw, Die, Snatch)):
        raise IllegalAction("NGO.NOT_CHANCE", "a player moves here, not chance", "NGO-DECK-1")
    elif action not in legal_actions(state):
        _explain(state, action)
    return apply_listed(state, action)


def apply_listed(state: NgoState, action: NgoAction) -> NgoState:
    """``apply`` for an action the state's listing contains (its legality known): one
    lookup by the action's type finds what it does (the listing's step and owed choice
    decide the few types that mean two things), without listing the actions again."""
    if action is _PASS:
        # The listing's own pass (most steps of a combat): priority moves on inline, by
        # the loop's next-seat table, unless the loop ends (combat.pass_priority).
        fight = state.combat
        assert fight is not None
        n = state.config.players
        fighter = fight.fighter
        if 0 <= fighter < n <= MAX_PLAYERS:
            _, after_seat, size = combat.SEATS[n][fight.boss][fighter]
            if fight.passes + 1 < size:
                return replace(
                    state,
                    combat=replace(
                        fight, passes=fight.passes + 1, priority=after_seat[fight.priority]
                    ),
                )
    handler = _HANDLERS.get(type(action))
    if handler is None:  # a subclass of an action type (never listed by the rules)
        handler = next(h for t, h in _HANDLERS.items() if isinstance(action, t))
    after = handler(state, action)
    # _settle's own first tests, inline: most steps queue no draw and deal nothing, and a
    # queued draw from a deck that still holds a card needs nothing.
    draws = after.draws
    if draws:
        if not any(after.decks[DECK_INDEX[draws[0].deck]]):
            return _settle(after)
    elif after.step is _DEAL:
        return _settle(after)
    return after


def _card_play(state: NgoState, action: NgoAction) -> NgoState:
    """A single-use item or a curse: in the combat's loop, or in the player's turn."""
    if state.step is _COMBAT:
        return combat.play(state, action)
    return cards.play_own(state, action)


def _discard(state: NgoState, action: NgoAction) -> NgoState:
    """A card of the hand: owed after a curse, or to the hand limit in the turn."""
    if state.owed:
        return cards.pay_owed(state, action)
    return cards.play_own(state, action)


Purpose = Literal["hand", "level", "boss"]


@functools.lru_cache(maxsize=64)
def _queued(player: int, deck: Deck, purpose: Purpose = "hand") -> tuple[Pending]:
    """The one queued draw ``Pending(player, deck, purpose)``, built once per seat, deck
    and purpose (an immutable value, shared between states)."""
    return (Pending(player=player, deck=deck, purpose=purpose),)


_DECK_BOSS: Final = Deck.BOSS


def _reveal(state: NgoState, action: NgoAction) -> NgoState:
    return replace(state, draws=_queued(state.active, _DECK_LEVEL, "level"))


def _boss(state: NgoState, action: NgoAction) -> NgoState:
    return replace(state, draws=_queued(state.active, _DECK_BOSS, "boss"))


def _take(state: NgoState, action: NgoAction) -> NgoState:
    assert isinstance(action, Take)
    draw = _queued(state.active, _DECK_ITEM if action.deck == "item" else _DECK_LEVEL)
    if state.step is _EASY:
        return _next_turn(state, draws=draw)
    return replace(state, draws=draw, step=_GHOST)


def _decline(state: NgoState, action: NgoAction) -> NgoState:
    return _next_turn(state)


def _explain(state: NgoState, action: NgoAction) -> None:
    """Raise the most specific error for an action that is not legal here."""
    carded = (Equip, Unequip, DiscardEquipment, Discard, Use, Cast, Enemy)
    if isinstance(action, carded) and not 0 <= action.card < len(catalog(state.config).cards):
        raise InvalidAction("NGO.NO_CARD", f"there is no card {action.card}")
    if isinstance(action, (Use, Cast)) and action.target >= state.config.players:
        raise InvalidAction("NGO.NO_SEAT", f"there is no seat {action.target}")
    fight = state.combat
    if isinstance(action, (Equip, Trade)) and fight is not None:
        raise IllegalAction(
            "NGO.IN_COMBAT", "no equipment change or trade during a combat", "NGO-COMBAT-6"
        )
    if isinstance(action, Reveal) and state.step is _PREPARE:
        raise IllegalAction(
            "NGO.HAND_LIMIT", "the hand must be down to 5 cards before the Level", "NGO-TURN-3"
        )
    if isinstance(action, EndTurn) and state.step in (_END, _GHOST):
        raise IllegalAction(
            "NGO.HAND_LIMIT", "the hand must be down to 5 cards to end the turn", "NGO-END-2"
        )
    if isinstance(action, Boss):
        raise IllegalAction(
            "NGO.BOSS",
            "a Final Boss only with 6 lives, in your turn, before the Level",
            "NGO-BOSS-1",
        )
    if isinstance(action, Trade):
        raise IllegalAction(
            "NGO.TRADE",
            "three cards of your hand for a life, below 5 lives, in your turn",
            "NGO-TURN-4",
        )
    if isinstance(action, Cast):
        raise IllegalAction(
            "NGO.CAST", "that curse cannot be cast on that player here", "NGO-CURSE-1"
        )
    if isinstance(action, Enemy):
        raise IllegalAction("NGO.ENEMY", "that enemy cannot join this combat", "NGO-COMBAT-4")
    raise IllegalAction("NGO.ILLEGAL", f"{type(action).__name__} is not legal here", None)


# -- chance -------------------------------------------------------------------------------


def _draw(state: NgoState, action: Draw) -> NgoState:
    """The first queued draw takes ``action.card`` from its deck. Implements NGO-DECK-1."""
    pending = state.draws[0]
    card = action.card
    decks = state.decks
    d = DECK_INDEX[pending.deck]
    left = list(decks[d])
    if not 0 <= card < len(left) or left[card] < 1:
        raise IllegalAction("NGO.NOT_IN_DECK", f"card {card} is not in that deck", "NGO-DECK-1")
    left[card] -= 1
    pile = tuple(left)
    pick = _PICKS.get(id(decks[d]))
    if pick is not None and pick[0] is decks[d]:
        # The new deck's pick from the old one's: one count less, or the kind gone.
        _, kinds, draws, weights, total = pick
        j = bisect_left(kinds, card)
        w = weights[j] - 1
        if w:
            weights = (*weights[:j], w, *weights[j + 1 :])
        else:
            kinds = kinds[:j] + kinds[j + 1 :]
            draws = draws[:j] + draws[j + 1 :]
            weights = weights[:j] + weights[j + 1 :]
        if len(_PICKS) >= PICKS_LIMIT:
            _PICKS.clear()
        _PICKS[id(pile)] = (pile, kinds, draws, weights, total - 1)
    if d == 0:
        decks = (pile, decks[1], decks[2])
    elif d == 1:
        decks = (decks[0], pile, decks[2])
    else:
        decks = (decks[0], decks[1], pile)
    purpose = pending.purpose
    if purpose == "hand":
        cat = DEFAULT_CATALOG if state.config.content is None else catalog(state.config)
        if not cat.load_game[card]:
            # A card into a hand (cards.receive without Load Game): one state build.
            p = pending.player
            hands = list(state.hands)
            hand = list(hands[p])
            hand[card] += 1
            hands[p] = tuple(hand)
            return replace(state, decks=decks, draws=state.draws[1:], hands=tuple(hands))
    state = replace(state, decks=decks, draws=state.draws[1:])
    if purpose == "level":
        return cards.reveal_level(state, card)
    if purpose == "boss":
        return combat.start(state, card, boss=True)
    return cards.receive(state, pending.player, card)


def _die(state: NgoState, action: Die) -> NgoState:
    """A die roll: the roll-off, an escape, or Strict Brawler."""
    if state.roll is not _NO_ROLL:
        return combat.rolled(state, action.value)
    return _roll_off(state, action.value)


def _roll_off(state: NgoState, value: int) -> NgoState:
    """The next contender rolls; once all have, the highest starts, ties re-roll.
    Implements NGO-SETUP-3."""
    waiting = [c for c in state.contenders if state.rolls[c] == 0]
    seat = waiting[0]
    rolls = put(state.rolls, seat, value)
    if len(waiting) > 1:
        return replace(state, rolls=rolls)
    best = max(rolls[c] for c in state.contenders)
    tied = tuple(c for c in state.contenders if rolls[c] == best)
    if len(tied) > 1:
        return replace(state, rolls=(0,) * len(rolls), contenders=tied)
    return _start_turn(replace(state, rolls=rolls, contenders=tied), tied[0])


# -- turns --------------------------------------------------------------------------------


def _end_turn(state: NgoState, action: NgoAction | None = None) -> NgoState:
    """End a turn; a player without a won combat this turn takes the 1st ROUND token, or,
    holding it already, may draw a free card. Implements NGO-END-3 and NGO-EASY-1."""
    p = state.active
    if state.step is _GHOST or state.lives[p] == 0:
        return _next_turn(state)
    if state.rewarded:
        return _next_turn(state, tokens=_set(state.tokens, p, False))
    if state.tokens[p]:
        return replace(state, tokens=_set(state.tokens, p, False), step=_EASY)
    return _next_turn(state, tokens=_set(state.tokens, p, True))


def _set(values: tuple[bool, ...], index: int, value: bool) -> tuple[bool, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _next_turn(
    state: NgoState,
    *,
    tokens: tuple[bool, ...] | None = None,
    draws: tuple[Pending, ...] | None = None,
) -> NgoState:
    """The player on the right (the next seat) starts (with the tokens or the queued
    draws the turn's end changed, in the same state build). Implements NGO-END-4."""
    seat = (state.active + 1) % state.config.players
    step = _PREPARE if state.lives[seat] > 0 else _GHOST_DRAW
    if tokens is not None:
        return replace(state, active=seat, step=step, rewarded=False, tokens=tokens)
    if draws is not None:
        return replace(state, active=seat, step=step, rewarded=False, draws=draws)
    return replace(state, active=seat, step=step, rewarded=False)


def _start_turn(state: NgoState, seat: int) -> NgoState:
    """A player's turn starts; a ghost's with its draw. Implements NGO-TURN-1 and
    NGO-GHOST-3."""
    step = _PREPARE if state.lives[seat] > 0 else _GHOST_DRAW
    return replace(state, active=seat, step=step, rewarded=False)


# -- after every action ---------------------------------------------------------------------


def _settle(state: NgoState) -> NgoState:
    """What follows by itself: an empty deck is replenished from its shuffled discard
    pile before a draw (a draw from two empty piles is skipped; a skipped Level ends the
    Level step), and the deal ends in the roll-off. Implements NGO-DECK-2."""
    while state.draws:
        pending = state.draws[0]
        d = DECK_INDEX[pending.deck]
        if any(state.decks[d]):  # counts are never negative: any card left
            break
        if any(state.discards[d]):
            decks = list(state.decks)
            discards = list(state.discards)
            decks[d] = add_counts(decks[d], discards[d])
            discards[d] = (0,) * len(discards[d])
            state = replace(
                state,
                decks=(decks[0], decks[1], decks[2]),
                discards=(discards[0], discards[1], discards[2]),
            )
            break
        state = replace(state, draws=state.draws[1:])
        if pending.purpose != "hand":
            state = replace(state, step=_END)
    if state.step is _DEAL and not state.draws:
        state = replace(state, step=_ROLL_OFF)
    return state


_HANDLERS: Final = cast(
    "dict[type[NgoAction], Callable[[NgoState, NgoAction], NgoState]]",
    {
        Draw: _draw,
        Die: _die,
        Snatch: cards.snatch,
        Pass: combat.pass_priority,
        Use: _card_play,
        Cast: _card_play,
        Enemy: combat.play,
        Discard: _discard,
        DiscardEquipment: cards.pay_owed,
        Unequip: cards.pay_owed,
        Equip: cards.play_own,
        Trade: cards.play_own,
        Flee: combat.escape_choice,
        GiveUp: combat.escape_choice,
        Rewards: combat.take_rewards,
        EndTurn: _end_turn,
        Reveal: _reveal,
        Boss: _boss,
        Take: _take,
        Decline: _decline,
    },
)
"""What each listed action does, by its type: a listing holds the types of one step (and
an owed choice lists only discards), so the type and, for the few types two steps share,
the step or the owed choice decide it."""


# -- result ---------------------------------------------------------------------------------


def result(state: NgoState) -> Result | None:
    """``None`` while the game runs; else the one winner: the Final Boss defeated
    (NGO-END-1) or the last player with lives (NGO-END-2)."""
    return state.result


def is_ghost(state: NgoState, player: int) -> bool:
    """A player without lives after the setup is a ghost (Game Over... Or Not?)."""
    return state.lives[player] == 0
