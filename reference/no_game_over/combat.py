"""No Game Over: the combat, as an explicit priority loop.

The order dieproof defines (NGO-COMBAT-5): priority starts with the fighter and passes
from seat to seat in turn order (the next seat is the player on the right), ghosts
included. The player holding priority plays one card (a single-use item, a curse or an
enemy) or passes; after a play, priority passes on and the count of passes starts again.
When every player who may play has passed in a row, the strengths are compared. In a
Final Boss fight only the fighter holds priority. Every play spends a card from a hand,
so the loop ends.
"""

from __future__ import annotations

from itertools import compress
from typing import Final

from dieproof.reference.core.types import Result, replace
from dieproof.reference.no_game_over import cards
from dieproof.reference.no_game_over.base import (
    CURSE,
    DECKS,
    ENEMY,
    FIGHTS,
    HELPS,
    SINGLE_USE,
    add_counts,
    block,
    bump,
    catalog,
    enemy_power,
    escape_value,
    fighter_power,
    holding,
)
from dieproof.reference.no_game_over.cards import USES
from dieproof.reference.no_game_over.types import (
    MAX_KINDS,
    MAX_LIVES,
    MAX_PLAYERS,
    Block,
    Cast,
    Combat,
    Deck,
    Effect,
    Enemy,
    Flee,
    Kind,
    NgoAction,
    NgoState,
    Pass,
    Pending,
    Rewards,
    Roll,
    Step,
    Use,
)

# The enum members the rules below test, bound once: a member read through its class
# goes through the enum metaclass's attribute hook, about the cost of a function call.
_BLOCK_ALL: Final = Block.ALL
_BLOCK_NONE: Final = Block.NONE
_DECK_ITEM: Final = Deck.ITEM
_DECK_LEVEL: Final = Deck.LEVEL
_EFFECT_BRAWLER: Final = Effect.BRAWLER
_EFFECT_CANCEL: Final = Effect.CANCEL
_EFFECT_ESCAPE: Final = Effect.ESCAPE
_EFFECT_FRENZY: Final = Effect.FRENZY
_EFFECT_LACKEYS: Final = Effect.LACKEYS
_EFFECT_RINGS: Final = Effect.RINGS
_EFFECT_SOLIDAIRE: Final = Effect.SOLIDAIRE
_EFFECT_THYME: Final = Effect.THYME
_KIND_BOSS: Final = Kind.BOSS
_ROLL_BRAWLER_AGAINST: Final = Roll.BRAWLER_AGAINST
_ROLL_BRAWLER_FOR: Final = Roll.BRAWLER_FOR
_ROLL_ESCAPE: Final = Roll.ESCAPE
_ROLL_NONE: Final = Roll.NONE
_STEP_COMBAT: Final = Step.COMBAT
_STEP_END: Final = Step.END
_STEP_ESCAPE: Final = Step.ESCAPE
_STEP_OVER: Final = Step.OVER
_STEP_PREPARE: Final = Step.PREPARE
_STEP_REWARD: Final = Step.REWARD


def start(
    state: NgoState, card: int, *, boss: bool = False, main_strength: int | None = None
) -> NgoState:
    """A combat starts against ``card`` (the Level's enemy, a Princess of Bersia, or a
    Final Boss); priority goes to the fighter. Implements NGO-TURN-5 and NGO-COMBAT-5."""
    cat = catalog(state.config)
    p = state.active
    table = cat.singles[card]
    fight = Combat(
        fighter=p,
        main=card,
        main_strength=cat.cards[card].strength if main_strength is None else main_strength,
        boss=boss,
        table=table,
        priority=p,
    )
    return replace(state, combat=fight, step=_STEP_COMBAT)


def eligible(state: NgoState) -> tuple[int, ...]:
    """Who may play in the loop, in priority order from the fighter: every seat, or only
    the fighter against a Final Boss. Implements NGO-COMBAT-5 and NGO-BOSS-2."""
    fight = state.combat
    assert fight is not None
    return _loop(fight.fighter, state.config.players, fight.boss)[0]


Loop = tuple[tuple[int, ...], tuple[int, ...], int]
"""A priority loop's order of seats, by seat the seat priority passes to next (-1: a seat
that does not play), and how many seats play."""


def _build_loop(fighter: int, n: int, boss: bool) -> Loop:
    order = (fighter,) if boss else tuple((fighter + k) % n for k in range(n))
    after = [-1] * n
    for i, seat in enumerate(order):
        after[seat] = order[(i + 1) % len(order)]
    return (order, tuple(after), len(order))


SEATS: Final = tuple(
    tuple(tuple(_build_loop(f, n, boss) for f in range(n)) for boss in (False, True))
    for n in range(MAX_PLAYERS + 1)
)
"""``SEATS[players][boss][fighter]``: every loop of a supported player count, built once
and read by three indexings (no key to build and hash on each pass)."""


def _loop(fighter: int, n: int, boss: bool) -> Loop:
    """The loop of ``fighter`` at ``n`` players (a Final Boss fight: the fighter alone)."""
    if 0 <= fighter < n <= MAX_PLAYERS:
        return SEATS[n][boss][fighter]
    return _build_loop(fighter, n, boss)


def priority_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """What the player holding priority may play, then Pass.

    The fighter: items for their side (strength, Strict Brawler, GCA Lackeys, Thyme
    Crisis, Solidaire, Final Frenzy, escape cards, lives), curses on others, one allied
    enemy. Another player (a ghost too): items against the fighter (strength, Strict
    Brawler, Solidaire), curses, one secondary enemy. Implements NGO-COMBAT-3,
    NGO-COMBAT-4 and NGO-COMBAT-5."""
    fight = state.combat
    assert fight is not None
    q = fight.priority
    cat = catalog(state.config)
    hand = state.hands[q]
    _, held, _, roles = holding(cat, hand)
    if not roles & FIGHTS:
        return PASS_ONLY  # most hands in the loop: nothing to play but equipment
    mine = q == fight.fighter
    if not mine and not roles & (HELPS | CURSE) and (fight.secondary >= 0 or not roles & ENEMY):
        # Another player holding only items the fighter alone may play (and no enemy it
        # may still add): nothing to play, without the walk (a third of the full listings).
        return PASS_ONLY
    n = state.config.players
    # A ghost may also help: its strength items for the fighter's side (NGO-A16).
    helper = not mine and state.lives[q] == 0
    uses: list[NgoAction] = []
    casts: list[NgoAction] = []
    enemies: list[NgoAction] = []
    role = cat.role
    # The kinds the hand holds, found once per hand (holding) rather than by a walk over every kind.
    for card in held:
        bits = role[card]
        if bits & SINGLE_USE:
            entry = cat.cards[card]
            effect = entry.effect
            if (effect is _PLAIN and entry.strength) or effect is _EFFECT_BRAWLER:
                uses.append(USES[card])
                if helper:
                    uses.append(Use(card=card, target=fight.fighter))
            elif effect is _EFFECT_SOLIDAIRE:
                uses.extend(Use(card=card, pick=e) for e in held if role[e] & ENEMY)
            elif not mine:
                continue
            elif (
                effect is _PLAIN and entry.lives and cards.may_gain(state, q)
            ) or effect is _EFFECT_LACKEYS:
                uses.append(USES[card])
            elif effect is _EFFECT_THYME:
                uses.extend(
                    Use(card=card, target=t)
                    for t in range(n)
                    if t != q and state.lives[t] > 0 and t not in fight.helpers
                )
            elif effect is _EFFECT_FRENZY and not fight.boss:
                uses.extend(
                    Use(card=card, target=t) for t in range(n) if t != q and state.lives[t] > 0
                )
            elif effect is _EFFECT_ESCAPE and block(state) is not _BLOCK_ALL:
                uses.append(USES[card])
            elif effect is _EFFECT_CANCEL:
                uses.extend(cards.cancel_actions(state, q, card))
            elif effect is _EFFECT_RINGS and cards.may_gain(state, q):
                uses.extend(cards.ring_actions(hand, card))
        elif bits & CURSE:
            casts.extend(cards.cast_actions(state, cat, q, card))
        elif bits & ENEMY and ((mine and fight.allied < 0) or (not mine and fight.secondary < 0)):
            enemies.append(_ENEMIES[card])
    return (*uses, *casts, *enemies, PASS)


_PLAIN: Final = Effect.NONE
_ENEMIES: Final = tuple(Enemy(card=i) for i in range(MAX_KINDS + 1))
"""``Enemy(card=i)`` for every card index, built once."""
PASS: Final = Pass()
PASS_ONLY: Final = (PASS,)
"""The pass, and a listing of the pass alone, built once."""


def pass_priority(state: NgoState, _action: NgoAction | None = None) -> NgoState:
    """A pass: priority moves on, or, once every player who may play has passed in a row,
    the strengths are compared (``_action``: the pass, unused; the rules dispatch every
    action with the state). Implements NGO-COMBAT-5."""
    fight = state.combat
    assert fight is not None
    _, after, size = _loop(fight.fighter, state.config.players, fight.boss)
    if fight.passes + 1 >= size:
        return _resolve(state)
    return replace(
        state, combat=replace(fight, passes=fight.passes + 1, priority=after[fight.priority])
    )


def play(state: NgoState, action: NgoAction) -> NgoState:
    """A card played in the loop (a pass is :func:`pass_priority`): priority passes on and
    the count of passes starts again. Implements NGO-COMBAT-5."""
    fight = state.combat
    assert fight is not None
    q = fight.priority
    if isinstance(action, Use):
        state = _use(state, q, action)
    elif isinstance(action, Cast):
        state = cards.cast(state, q, action.card, action.target)
    elif isinstance(action, Enemy):
        state = _enemy(state, q, action.card)
    fight = state.combat
    if state.step is not _STEP_COMBAT or fight is None or fight.priority != q:
        return state  # the combat ended (an escape card) or moved (Final Frenzy)
    after = _loop(fight.fighter, state.config.players, fight.boss)[1]
    return replace(state, combat=replace(fight, passes=0, priority=after[q]))


def _use(state: NgoState, q: int, action: Use) -> NgoState:
    """A single-use item in the combat: discarded, then it acts for the fighter's side or
    against it. Implements NGO-CARD-1, NGO-CARD-4, NGO-CARD-5, NGO-CARD-7, NGO-CARD-9,
    NGO-CARD-12 and NGO-CARD-13."""
    fight = state.combat
    assert fight is not None
    cat = catalog(state.config)
    entry = cat.cards[action.card]
    # The fighter's own cards, and a ghost's played to help (target: the fighter).
    mine = fight.fighter in (q, action.target)
    state = cards.discard_from_hand(state, q, action.card)
    effect = entry.effect
    if effect is _PLAIN and entry.strength:
        if mine:
            return _set(state, bonus=fight.bonus + entry.strength)
        return _set(state, harm=fight.harm + entry.strength)
    if effect is _EFFECT_BRAWLER:
        return replace(state, roll=_ROLL_BRAWLER_FOR if mine else _ROLL_BRAWLER_AGAINST)
    if effect is _EFFECT_SOLIDAIRE:
        hand = bump(state.hands[q], action.pick, -1)
        hands = (*state.hands[:q], hand, *state.hands[q + 1 :])
        fight = replace(
            fight,
            main=action.pick,
            main_strength=cat.cards[action.pick].strength,
            secondary=-1,
            secondary_by=-1,
            princesses=(),
            table=bump(fight.table, action.pick, 1),
        )
        return replace(state, hands=hands, combat=fight)
    if effect is _EFFECT_LACKEYS:
        return _set(state, doublings=fight.doublings + 1)
    if effect is _EFFECT_THYME:
        return replace(state, combat=replace(fight, helpers=(*fight.helpers, action.target)))
    if effect is _EFFECT_FRENZY:
        moved = replace(
            fight,
            fighter=action.target,
            bonus=0,
            doublings=0,
            helpers=(),
            allied=-1,
            priority=action.target,
            passes=0,
        )
        return replace(state, combat=moved)
    if effect is _EFFECT_ESCAPE:
        return _end(state, _STEP_END)
    if effect is _EFFECT_CANCEL:
        return cards.cancel(state, q, action.pick)
    if effect is _EFFECT_RINGS:
        state = cards.discard_from_hand(state, q, action.pick)
        return cards.gain(state, q, 1)
    return cards.gain(state, q, entry.lives)


def _set(state: NgoState, **changes: int) -> NgoState:
    fight = state.combat
    assert fight is not None
    return replace(state, combat=replace(fight, **changes))


def _enemy(state: NgoState, q: int, card: int) -> NgoState:
    """An enemy from the hand joins: the fighter's allied enemy or another player's
    secondary enemy. Implements NGO-COMBAT-3 and NGO-COMBAT-4."""
    fight = state.combat
    assert fight is not None
    hand = bump(state.hands[q], card, -1)
    state = replace(state, hands=(*state.hands[:q], hand, *state.hands[q + 1 :]))
    table = bump(fight.table, card, 1)
    if q == fight.fighter:
        return replace(state, combat=replace(fight, allied=card, table=table))
    return replace(state, combat=replace(fight, secondary=card, secondary_by=q, table=table))


def princess(state: NgoState, card: int) -> NgoState:
    """A Princess of Bersia cast on the fighter: an enemy as strong as the fighter is now,
    even beyond two enemies. Implements NGO-CURSE-2."""
    fight = state.combat
    assert fight is not None
    power = fighter_power(state)
    fight = replace(
        fight,
        princesses=(*fight.princesses, (card, power)),
        table=bump(fight.table, card, 1),
    )
    return replace(state, combat=fight)


# -- the outcome ----------------------------------------------------------------------------


def _resolve(state: NgoState) -> NgoState:
    """Everyone passed: the fighter wins by surpassing the enemies; a loser may roll to
    escape unless an icon or an escape value below 1 forbids it.
    Implements NGO-COMBAT-2 and NGO-ESCAPE-1 to NGO-ESCAPE-3."""
    fight = state.combat
    assert fight is not None
    if fighter_power(state) > enemy_power(state):
        return _win(state)
    icon = block(state)
    if icon is not _BLOCK_NONE or escape_value(state, fight.fighter) < 1:
        return _lose(state)
    return replace(state, step=_STEP_ESCAPE)


def rewards_due(state: NgoState) -> int:
    """The reward cards of the defeated enemies: the main one, the secondary one and any
    Princess of Bersia, never the allied one. Implements NGO-WIN-2."""
    fight = state.combat
    assert fight is not None
    cat = catalog(state.config)
    total = cat.cards[fight.main].reward + sum(cat.cards[c].reward for c, _ in fight.princesses)
    if fight.secondary >= 0:
        total += cat.cards[fight.secondary].reward
    return total


def _win(state: NgoState) -> NgoState:
    """A won combat: one life (six at most: the only way from five to six), then the
    rewards; a Final Boss defeated wins the game. Implements NGO-WIN-1, NGO-LIFE-1,
    NGO-BOSS-3 and NGO-VICTORY-1."""
    fight = state.combat
    assert fight is not None
    f = fight.fighter
    cat = catalog(state.config)
    lives = min(MAX_LIVES, state.lives[f] + 1)
    state = replace(state, lives=(*state.lives[:f], lives, *state.lives[f + 1 :]))
    if fight.boss and cat.cards[fight.main].kind is _KIND_BOSS:
        won = Result(winners=(f,), reason=f"player {f} defeated a Final Boss", rule="NGO-VICTORY-1")
        return replace(state, result=won, step=_STEP_OVER)
    if f == state.active:
        state = replace(state, rewarded=True)
    if rewards_due(state):
        return replace(state, step=_STEP_REWARD)
    return _end(state, _STEP_END)


def take_rewards(state: NgoState, action: Rewards) -> NgoState:
    """The reward cards, ``items`` from the Item deck and the rest from the Level deck,
    all chosen before any is drawn (unseen until all are drawn). Implements NGO-WIN-2."""
    fight = state.combat
    assert fight is not None
    due = rewards_due(state)
    f = fight.fighter
    draws = tuple(
        Pending(player=f, deck=_DECK_ITEM if k < action.items else _DECK_LEVEL) for k in range(due)
    )
    return _end(replace(state, draws=(*state.draws, *draws)), _STEP_END)


def escape_choice(state: NgoState, action: NgoAction) -> NgoState:
    """Roll to flee, or take the loss. Implements NGO-ESCAPE-2."""
    if isinstance(action, Flee):
        return replace(state, roll=_ROLL_ESCAPE)
    return _lose(state)


def rolled(state: NgoState, value: int) -> NgoState:
    """A die roll in a combat: the escape roll (at most the escape value flees) or Strict
    Brawler's (twice the roll to its side). Implements NGO-ESCAPE-1 and NGO-CARD-1."""
    fight = state.combat
    assert fight is not None
    kind = state.roll
    state = replace(state, roll=_ROLL_NONE)
    if kind is _ROLL_BRAWLER_FOR:
        return _set(state, bonus=fight.bonus + 2 * value)
    if kind is _ROLL_BRAWLER_AGAINST:
        return _set(state, harm=fight.harm + 2 * value)
    if value <= escape_value(state, fight.fighter):
        return _end(state, _STEP_END)
    return _lose(state)


def _lose(state: NgoState) -> NgoState:
    """A lost combat without escape: the fighter loses a life (the last one only in their
    own turn). Implements NGO-ESCAPE-2 and NGO-LIFE-3."""
    fight = state.combat
    assert fight is not None
    state = _end(state, _STEP_END)
    return cards.lose_life(state, fight.fighter)


def _end(state: NgoState, step: Step) -> NgoState:
    """The combat is over: its cards (not the equipment) are discarded, and so are the
    curses beside the fighter's equipment, which have acted. After a Final Boss fight that
    was not won, NGO-A9 decides whether the turn goes on to the Level.
    Implements NGO-END-1 and NGO-CURSE-5."""
    fight = state.combat
    assert fight is not None
    cat = catalog(state.config)
    discards = list(state.discards)
    table = fight.table
    # The kinds on the table, picked out in C (compress) rather than a walk over every kind.
    for card in compress(cat.kinds, table):
        d = cat.deck_of[card]
        discards[d] = bump(discards[d], card, table[card])
    f = fight.fighter
    for card in state.afflictions[f]:
        d = cat.deck_of[card]
        discards[d] = bump(discards[d], card, 1)
    afflictions = (*state.afflictions[:f], (), *state.afflictions[f + 1 :])
    draws = state.draws
    if fight.boss and state.result is None and state.config.readings.after_boss == "level":
        draws = (*draws, Pending(player=state.active, deck=_DECK_LEVEL, purpose="level"))
        step = _STEP_PREPARE
    return replace(
        state,
        combat=None,
        step=step,
        discards=(discards[0], discards[1], discards[2]),
        afflictions=afflictions,
        draws=draws,
    )


__all__ = ["DECKS", "add_counts"]
