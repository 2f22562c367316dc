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

import random
from fractions import Fraction
from itertools import compress
from typing import Final

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidAction
from dieproof.reference.core.types import CHANCE, TERMINAL, Result, replace
from dieproof.reference.no_game_over import cards, combat
from dieproof.reference.no_game_over.base import (
    DECK_INDEX,
    add_counts,
    bump,
    catalog,
    put,
    validate_config,
)
from dieproof.reference.no_game_over.types import (
    DIE_FACES,
    HAND_LIMIT,
    MAX_KINDS,
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

_TURN_STEPS: Final = frozenset({Step.PREPARE, Step.END})

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
        Pending(player=p, deck=deck)
        for p in range(n)
        for deck in (Deck.ITEM,) * START_ITEMS + (Deck.LEVEL,) * START_LEVELS
    )
    return NgoState(
        config=config,
        step=Step.DEAL,
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


def to_move(state: NgoState) -> int:
    """A seat, :data:`CHANCE` or :data:`TERMINAL` (the order in the module docstring)."""
    if state.result is not None:
        return TERMINAL
    if state.draws or state.roll is not Roll.NONE or state.snatch[0] >= 0:
        return CHANCE
    if state.step is Step.ROLL_OFF:
        return CHANCE
    if state.owed:
        return state.owed[0].player
    fight = state.combat
    if state.step is Step.COMBAT and fight is not None:
        return fight.priority
    if state.step in (Step.ESCAPE, Step.REWARD) and fight is not None:
        return fight.fighter
    return state.active


def chance_outcomes(state: NgoState) -> tuple[tuple[NgoAction, Fraction], ...]:
    """The outcomes of the chance node, in canonical order: a draw's cards by index
    weighted by their copies in the deck (a shuffled deck), a die's faces 1 to 6, a
    Steal Burglar grab's cards by index weighted by copies in the victim's hand.
    Implements NGO-DECK-1."""
    if state.draws:
        pending = state.draws[0]
        pile = state.decks[DECK_INDEX[pending.deck]]
        return _weighted(pile, Draw)
    if state.roll is not Roll.NONE or state.step is Step.ROLL_OFF:
        return _DIE
    if state.snatch[0] >= 0:
        return _weighted(state.hands[state.snatch[1]], Snatch)
    return ()


_DRAWS: Final = tuple(Draw(card=i) for i in range(MAX_KINDS))
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
    found = _list_legal(state)
    _LEGAL[0], _LEGAL[1] = state, found
    return found


def _list_legal(state: NgoState) -> tuple[NgoAction, ...]:
    step = state.step
    # A finished game or a chance node (to_move's first tests, inline): no decisions.
    if (
        state.result is not None
        or state.draws
        or state.roll is not Roll.NONE
        or state.snatch[0] >= 0
        or step is Step.ROLL_OFF
    ):
        return ()
    if state.owed:
        return cards.owed_actions(state)
    if step in _TURN_STEPS:
        return _turn_actions(state)
    if step is Step.COMBAT:
        return combat.priority_actions(state)
    if step is Step.ESCAPE:
        return (Flee(), GiveUp())
    if step is Step.REWARD:
        fight = state.combat
        assert fight is not None
        return tuple(Rewards(items=k) for k in range(combat.rewards_due(state) + 1))
    if step is Step.EASY:
        return (Take(deck="item"), Take(deck="level"), Decline())
    if step is Step.GHOST_DRAW:
        return (Take(deck="item"), Take(deck="level"))
    if step is Step.GHOST:
        return _ghost_actions(state)
    return ()


def _turn_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """The active player's options before and after the Level (Start; End of Turn)."""
    p = state.active
    found: list[NgoAction] = []
    found.extend(cards.equip_actions(state, p))
    found.extend(cards.discard_actions(state, p))
    found.extend(cards.trade_actions(state, p))
    found.extend(cards.own_item_actions(state, p))
    found.extend(cards.cast_actions(state, p))
    hand = sum(state.hands[p])
    if state.step is Step.PREPARE:
        if cards.may_face_boss(state, p):
            found.append(Boss())
        if hand <= HAND_LIMIT:
            found.append(Reveal())
    elif hand <= HAND_LIMIT:
        found.append(EndTurn())
    return tuple(found)


def _ghost_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """A ghost's turn after its draw: curses on players with lives, discards, the end.
    Implements NGO-GHOST-3."""
    p = state.active
    found: list[NgoAction] = []
    found.extend(cards.discard_actions(state, p))
    found.extend(cards.cast_actions(state, p))
    if sum(state.hands[p]) <= HAND_LIMIT:
        found.append(EndTurn())
    return tuple(found)


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
    if state.snatch[0] >= 0 and state.roll is Roll.NONE and state.step is not Step.ROLL_OFF:
        return chance.sample_weighted(_pairs(state.hands[state.snatch[1]], Snatch), rng)
    return chance.sample(chance_outcomes(state), rng)


# -- apply ----------------------------------------------------------------------------------


def apply(state: NgoState, action: NgoAction) -> NgoState:
    """The state after ``action``; raises :class:`IllegalAction` for an action the rules
    do not allow here and :class:`InvalidAction` for one that names no card or seat."""
    if state.result is not None:
        raise IllegalAction("NGO.OVER", "the game is over", "NGO-END-1")
    # to_move's chance test, inline (a playout has just asked to_move itself).
    roll_off = state.step is Step.ROLL_OFF
    if state.draws or state.roll is not Roll.NONE or state.snatch[0] >= 0 or roll_off:
        if state.draws:
            if isinstance(action, Draw):
                return _settle(_draw(state, action))
        elif state.roll is not Roll.NONE or roll_off:
            if isinstance(action, Die):
                return _settle(_die(state, action))
        elif isinstance(action, Snatch):
            return _settle(cards.snatch(state, action))
        raise IllegalAction(
            "NGO.CHANCE_NODE", "not the chance outcome this node waits for", "NGO-DECK-1"
        )
    if isinstance(action, (Draw, Die, Snatch)):
        raise IllegalAction("NGO.NOT_CHANCE", "a player moves here, not chance", "NGO-DECK-1")
    if action not in legal_actions(state):
        _explain(state, action)
    return _settle(_play(state, action))


def apply_listed(state: NgoState, action: NgoAction) -> NgoState:
    """``apply`` for an action the state's listing contains (its legality known): the
    same dispatch as :func:`apply` without listing the player's actions again."""
    if state.draws:
        return _settle(_draw(state, action))  # type: ignore[arg-type]
    if state.roll is not Roll.NONE or state.step is Step.ROLL_OFF:
        return _settle(_die(state, action))  # type: ignore[arg-type]
    if state.snatch[0] >= 0:
        return _settle(cards.snatch(state, action))  # type: ignore[arg-type]
    return _settle(_play(state, action))


def _play(state: NgoState, action: NgoAction) -> NgoState:
    """Dispatch a legal player action."""
    if state.owed:
        return cards.pay_owed(state, action)
    step = state.step
    if step is Step.COMBAT:
        return combat.play(state, action)
    if step is Step.ESCAPE:
        return combat.escape_choice(state, action)
    if step is Step.REWARD:
        assert isinstance(action, Rewards)
        return combat.take_rewards(state, action)
    if isinstance(action, EndTurn):
        return _end_turn(state)
    if isinstance(action, Reveal):
        return replace(
            state, draws=(Pending(player=state.active, deck=Deck.LEVEL, purpose="level"),)
        )
    if isinstance(action, Boss):
        return replace(state, draws=(Pending(player=state.active, deck=Deck.BOSS, purpose="boss"),))
    if isinstance(action, Take):
        deck = Deck.ITEM if action.deck == "item" else Deck.LEVEL
        draw = (Pending(player=state.active, deck=deck),)
        if step is Step.EASY:
            return _next_turn(replace(state, draws=draw))
        return replace(state, draws=draw, step=Step.GHOST)
    if isinstance(action, Decline):
        return _next_turn(state)
    return cards.play_own(state, action)


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
    if isinstance(action, Reveal) and state.step is Step.PREPARE:
        raise IllegalAction(
            "NGO.HAND_LIMIT", "the hand must be down to 5 cards before the Level", "NGO-TURN-3"
        )
    if isinstance(action, EndTurn) and state.step in (Step.END, Step.GHOST):
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
    d = DECK_INDEX[pending.deck]
    pile = state.decks[d]
    if not 0 <= action.card < len(pile) or pile[action.card] < 1:
        raise IllegalAction(
            "NGO.NOT_IN_DECK", f"card {action.card} is not in that deck", "NGO-DECK-1"
        )
    decks = list(state.decks)
    decks[d] = bump(pile, action.card, -1)
    state = replace(state, decks=(decks[0], decks[1], decks[2]), draws=state.draws[1:])
    if pending.purpose == "level":
        return cards.reveal_level(state, action.card)
    if pending.purpose == "boss":
        return combat.start(state, action.card, boss=True)
    return cards.receive(state, pending.player, action.card)


def _die(state: NgoState, action: Die) -> NgoState:
    """A die roll: the roll-off, an escape, or Strict Brawler."""
    if state.roll is not Roll.NONE:
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


def _end_turn(state: NgoState) -> NgoState:
    """End a turn; a player without a won combat this turn takes the 1st ROUND token, or,
    holding it already, may draw a free card. Implements NGO-END-3 and NGO-EASY-1."""
    p = state.active
    if state.step is Step.GHOST or state.lives[p] == 0:
        return _next_turn(state)
    if state.rewarded:
        return _next_turn(replace(state, tokens=_set(state.tokens, p, False)))
    if state.tokens[p]:
        return replace(state, tokens=_set(state.tokens, p, False), step=Step.EASY)
    return _next_turn(replace(state, tokens=_set(state.tokens, p, True)))


def _set(values: tuple[bool, ...], index: int, value: bool) -> tuple[bool, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _next_turn(state: NgoState) -> NgoState:
    """The player on the right (the next seat) starts. Implements NGO-END-4."""
    return _start_turn(state, (state.active + 1) % state.config.players)


def _start_turn(state: NgoState, seat: int) -> NgoState:
    """A player's turn starts; a ghost's with its draw. Implements NGO-TURN-1 and
    NGO-GHOST-3."""
    step = Step.PREPARE if state.lives[seat] > 0 else Step.GHOST_DRAW
    return replace(state, active=seat, step=step, rewarded=False)


# -- after every action ---------------------------------------------------------------------


def _settle(state: NgoState) -> NgoState:
    """What follows by itself: an empty deck is replenished from its shuffled discard
    pile before a draw (a draw from two empty piles is skipped; a skipped Level ends the
    Level step), and the deal ends in the roll-off. Implements NGO-DECK-2."""
    while state.draws:
        pending = state.draws[0]
        d = DECK_INDEX[pending.deck]
        if sum(state.decks[d]):
            break
        if sum(state.discards[d]):
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
            state = replace(state, step=Step.END)
    if state.step is Step.DEAL and not state.draws:
        state = replace(state, step=Step.ROLL_OFF)
    return state


# -- result ---------------------------------------------------------------------------------


def result(state: NgoState) -> Result | None:
    """``None`` while the game runs; else the one winner: the Final Boss defeated
    (NGO-END-1) or the last player with lives (NGO-END-2)."""
    return state.result


def is_ghost(state: NgoState, player: int) -> bool:
    """A player without lives after the setup is a ghost (Game Over... Or Not?)."""
    return state.lives[player] == 0
