"""No Game Over: what cards do outside the combat loop, and the lives.

Equipping, discarding, the trade of three cards for a life, the single-use items a
player uses on themselves in their turn, casting curses, the curses' effects, the choices
a curse makes a player owe, the Level card, and the lives (gains under the ceiling, the
last life, becoming a ghost, Load Game). Each function names the rules it implements.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, combinations_with_replacement, compress
from operator import or_
from typing import Final

from dieproof.reference.core.errors import IllegalAction
from dieproof.reference.core.types import Result, replace
from dieproof.reference.no_game_over.base import (
    CURSE,
    DECKS,
    EQUIPS,
    MEMO_LIMIT,
    SINGLE_USE,
    TURNS,
    Catalog,
    Holding,
    bump,
    catalog,
    cheats,
    fits,
    holding,
    overflow,
    put,
    strength,
)
from dieproof.reference.no_game_over.types import (
    GAIN_CEILING,
    HAND_LIMIT,
    MAX_KINDS,
    MAX_LIVES,
    TRADE_BELOW,
    TRADE_CARDS,
    Boss,
    Card,
    Cast,
    Discard,
    DiscardEquipment,
    Effect,
    Equip,
    Kind,
    NgoAction,
    NgoState,
    Owed,
    Snatch,
    Step,
    Trade,
    Unequip,
    Use,
)

# The enum members the rules below test, bound once: a member read through its class
# goes through the enum metaclass's attribute hook, about the cost of a function call.
_EFFECT_CANCEL: Final = Effect.CANCEL
_EFFECT_CHEAT: Final = Effect.CHEAT
_EFFECT_ESCAPE_CURSE: Final = Effect.ESCAPE_CURSE
_EFFECT_FRUITTY: Final = Effect.FRUITTY
_EFFECT_GERBY: Final = Effect.GERBY
_EFFECT_KOOKOOMARI: Final = Effect.KOOKOOMARI
_EFFECT_LOAD_GAME: Final = Effect.LOAD_GAME
_EFFECT_LOSE_LIFE: Final = Effect.LOSE_LIFE
_EFFECT_MOBSTER: Final = Effect.MOBSTER
_EFFECT_NONE: Final = Effect.NONE
_EFFECT_PRINCESS: Final = Effect.PRINCESS
_EFFECT_RINGS: Final = Effect.RINGS
_EFFECT_SPATUNA: Final = Effect.SPATUNA
_EFFECT_STEAL: Final = Effect.STEAL
_EFFECT_WARCIO: Final = Effect.WARCIO
_KIND_ENEMY: Final = Kind.ENEMY
_STEP_END: Final = Step.END
_STEP_GHOST_DRAW: Final = Step.GHOST_DRAW
_STEP_OVER: Final = Step.OVER
_STEP_PREPARE: Final = Step.PREPARE

_OUTSIDE_EFFECTS: Final = frozenset({Effect.RINGS, Effect.MOBSTER, Effect.STEAL})
"""Items with text a player uses on themselves outside a combat (NGO-A10)."""


# -- queries ------------------------------------------------------------------------------


def hand_size(state: NgoState, player: int) -> int:
    """Cards in a player's hand."""
    return sum(state.hands[player])


def may_face_boss(state: NgoState, player: int) -> bool:
    """Six lives, in the turn, at the Level (so with at most five cards in hand), and a
    Final Boss card to draw. Implements NGO-BOSS-1."""
    return (
        state.step is _STEP_PREPARE
        and state.lives[player] == MAX_LIVES
        and hand_size(state, player) <= HAND_LIMIT
        and bool(sum(state.decks[2]) or sum(state.discards[2]))
    )


def gained(lives: int, amount: int) -> int:
    """Lives after a card or a trade gives ``amount``: never above five this way (the
    sixth life comes only from a won combat), never fewer than before.
    Implements NGO-LIFE-2 and NGO-CARD-11."""
    return max(lives, min(lives + amount, GAIN_CEILING))


def may_gain(state: NgoState, player: int) -> bool:
    """Whether a life-gaining card may be played (NGO-A5: at five lives or more it is
    played without effect, or refused)."""
    return state.config.readings.gain_at_five == "no_effect" or state.lives[player] < GAIN_CEILING


# -- the listings -----------------------------------------------------------------------------


def hand_actions(
    state: NgoState, player: int, *, ghost: bool = False, known: Holding | None = None
) -> list[NgoAction]:
    """What a turn offers from the hand, in the contract's order: equipment changes,
    discards, trades, the player's own single-use items, curses (a ghost: discards and
    curses). The hand's kinds are picked out once (``compress``, in C) and sorted by
    their role in the catalogue; a hand without equipment, single-use items or curses
    (about half the turns' listings) skips that walk. ``known``: the hand's
    :func:`holding`, when the caller has it. Implements NGO-EQUIP-1, NGO-EQUIP-2,
    NGO-TURN-3, NGO-TURN-4, NGO-CARD-3, NGO-CARD-8, NGO-CARD-10, NGO-CARD-11,
    NGO-CURSE-1, NGO-GHOST-3 and NGO-LIFE-3."""
    cat = catalog(state.config)
    hand = state.hands[player]
    found: list[NgoAction] = []
    items: list[int] = []
    curses: list[int] = []
    _, held, size, roles = holding(cat, hand) if known is None else known
    if roles & TURNS:
        role = cat.role
        worn = state.equipment[player]
        memo = cat.equip_options
        for card in held:
            bits = role[card]
            if not bits & TURNS:
                continue
            if bits & EQUIPS and not ghost:
                options = memo.get((worn, card))
                if options is None:
                    if len(memo) >= MEMO_LIMIT:
                        memo.clear()
                    options = memo[worn, card] = equip_actions(cat, worn, card)
                found.extend(options)
            if bits & SINGLE_USE:
                items.append(card)
            elif bits & CURSE:
                curses.append(card)
    found.extend(discard_actions(state, hand, size))
    if not ghost:
        if size >= TRADE_CARDS and state.lives[player] < TRADE_BELOW and state.combat is None:
            found.extend(trade_actions(hand, held, size))
        for card in items:
            found.extend(_own_item(state, player, card, cat.cards[card]))
    for card in curses:
        found.extend(cast_actions(state, cat, player, card))
    return found


def equip_actions(cat: Catalog, worn: tuple[int, ...], card: int) -> tuple[Equip, ...]:
    """An equipment (or Cheat) card from the hand: ``card`` put on beside ``worn``, then
    swapped for each equipped card (which goes back to the hand), where the result fits.
    Implements NGO-EQUIP-1 and NGO-EQUIP-2."""
    found: list[Equip] = []
    if fits(cat, tuple(sorted((*worn, card)))):
        found.append(Equip(card=card))
    for old in sorted(set(worn)):
        if old != card and fits(cat, _swap(worn, old, card)):
            found.append(Equip(card=card, replace=old))
    return tuple(found)


def _swap(worn: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    items = list(worn)
    items.remove(old)
    items.append(new)
    return tuple(sorted(items))


DISCARDS: Final = tuple(Discard(card=i) for i in range(MAX_KINDS + 1))
"""``Discard(card=i)`` for every card index, built once: ``compress(DISCARDS, hand)``
lists a hand's discards without building an action."""

USES: Final = tuple(Use(card=i) for i in range(MAX_KINDS + 1))
"""``Use(card=i)`` (no target, no pick) for every card index, built once."""


def discard_actions(state: NgoState, hand: tuple[int, ...], size: int) -> Iterable[Discard]:
    """Discards from the hand (``size`` cards): over the limit, or always under NGO-A6's
    ``any`` reading. Implements NGO-TURN-3."""
    if size > HAND_LIMIT or state.config.readings.voluntary_discard != "over_limit":
        return compress(DISCARDS, hand)
    return ()


_TRADES: dict[tuple[object, ...], tuple[Trade, ...]] = {}
"""The trades of a hand, by the kinds it holds (and their counts when a kind is held
twice): a hand's listing is asked again at each decision of a turn. Bounded by
:data:`MEMO_LIMIT`."""


def trade_actions(hand: tuple[int, ...], held: tuple[int, ...], size: int) -> tuple[Trade, ...]:
    """Three cards of the hand for one life (sorted card triples). Implements
    NGO-TURN-4."""
    key: tuple[object, ...] = held if size == len(held) else (held, tuple(filter(None, hand)))
    found = _TRADES.get(key)
    if found is None:
        if size == len(held):  # one copy of each kind: no triple repeats a card
            found = tuple(Trade(cards=triple) for triple in combinations(held, TRADE_CARDS))
        else:
            found = tuple(
                Trade(cards=triple)
                for triple in combinations_with_replacement(held, TRADE_CARDS)
                if all(triple.count(k) <= hand[k] for k in set(triple))
            )
        if len(_TRADES) >= MEMO_LIMIT:
            _TRADES.clear()
        _TRADES[key] = found
    return found


def _own_item(state: NgoState, player: int, card: int, entry: Card) -> list[NgoAction]:
    """A single-use item a player uses on themselves in their turn outside a combat:
    gaining lives, Zoomic Rings, Cancel Curse, Mobster, Steal Burglar.
    Implements NGO-CARD-3, NGO-CARD-8, NGO-CARD-10 and NGO-CARD-11."""
    hand = state.hands[player]
    found: list[NgoAction] = []
    effect = entry.effect
    if entry.lives and effect is _EFFECT_NONE and may_gain(state, player):
        found.append(USES[card])
    elif effect is _EFFECT_RINGS and may_gain(state, player):
        found.extend(ring_actions(hand, card))
    elif effect is _EFFECT_CANCEL:
        found.extend(cancel_actions(state, player, card))
    elif effect is _EFFECT_MOBSTER:
        # The kinds in either discard pile, in index order, picked out in C.
        piles = map(or_, state.discards[0], state.discards[1])
        found.extend(Use(card=card, pick=c) for c in compress(range(len(hand)), piles))
    elif effect is _EFFECT_STEAL:
        for target in range(state.config.players):
            if target == player:
                continue
            if sum(state.hands[target]):
                found.append(Use(card=card, target=target))
            found.extend(
                Use(card=card, target=target, pick=e) for e in sorted(set(state.equipment[target]))
            )
    return found


def cancel_actions(state: NgoState, player: int, card: int) -> list[NgoAction]:
    """Cancel Curse on each kind of curse lying beside the player's equipment.
    Implements NGO-CARD-14."""
    return [Use(card=card, pick=c) for c in sorted(set(state.afflictions[player]))]


def ring_actions(hand: tuple[int, ...], card: int) -> list[NgoAction]:
    """Zoomic Rings with each other card of the hand (the same kind needs two copies)."""
    # The kinds held, in index order, picked out in C; the ring itself needs a second copy.
    return [
        Use(card=card, pick=o) for o in compress(range(len(hand)), hand) if o != card or hand[o] > 1
    ]


def cast_actions(state: NgoState, cat: Catalog, player: int, card: int) -> tuple[Cast, ...]:
    """A curse from the hand on other players with lives (Lose a Life never on a last
    life; Princess of Bersia only on the fighter of a combat open to interventions),
    remembered per (curse, caster, lives, fighter, Final Boss fight): all that
    :func:`may_curse` reads. Implements NGO-CURSE-1, NGO-CURSE-2 and NGO-LIFE-3."""
    fight = state.combat
    if fight is None:
        key = (card, player, state.lives, -1, False)
    else:
        key = (card, player, state.lives, fight.fighter, fight.boss)
    memo = cat.casts
    found = memo.get(key)
    if found is None:
        found = tuple(
            Cast(card=card, target=t)
            for t in range(state.config.players)
            if may_curse(state, card, player, t)
        )
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = found
    return found


def may_curse(state: NgoState, card: int, caster: int, target: int) -> bool:
    """Whether ``caster`` may cast curse ``card`` on ``target`` now: another player with
    lives (curses do not affect ghosts); Lose a Life never on a last life; Princess of
    Bersia only on the fighter of a combat open to interventions.
    Implements NGO-CURSE-1, NGO-CURSE-2, NGO-GHOST-3 and NGO-LIFE-3."""
    if target == caster or state.lives[target] == 0:
        return False
    effect = catalog(state.config).cards[card].effect
    if effect is _EFFECT_LOSE_LIFE and state.lives[target] < 2:
        return False
    if effect is _EFFECT_PRINCESS:
        fight = state.combat
        return fight is not None and not fight.boss and fight.fighter == target
    return True


def owed_actions(state: NgoState) -> tuple[NgoAction, ...]:
    """The choices of the first owed payment: a card of the hand, an equipped card to
    discard, or an equipped card to take back into the hand (not a Cheat)."""
    owed = state.owed[0]
    p = owed.player
    cat = catalog(state.config)
    if owed.what == "hand":
        return tuple(compress(DISCARDS, state.hands[p]))
    worn = sorted(set(state.equipment[p]))
    if owed.what == "equipment":
        return tuple(DiscardEquipment(card=c) for c in worn)
    return tuple(Unequip(card=c) for c in worn if cat.cards[c].effect is not _EFFECT_CHEAT)


# -- the player's own actions -------------------------------------------------------------


def play_own(state: NgoState, action: NgoAction) -> NgoState:
    """A legal action of the turn (before or after the Level) or of a ghost's turn."""
    p = state.active
    if isinstance(action, Equip):
        return equip(state, p, action)
    if isinstance(action, Discard):
        return discard_from_hand(state, p, action.card)
    if isinstance(action, Trade):
        for card in action.cards:
            state = discard_from_hand(state, p, card)
        return replace(state, lives=put(state.lives, p, gained(state.lives[p], 1)))
    if isinstance(action, Use):
        return use_own(state, p, action)
    if isinstance(action, Cast):
        return cast(state, p, action.card, action.target)
    if isinstance(action, Boss):  # pragma: no cover - dispatched by the rules module
        raise IllegalAction("NGO.BOSS", "not here", "NGO-BOSS-1")
    raise IllegalAction("NGO.ILLEGAL", f"{type(action).__name__} is not legal here")


def equip(state: NgoState, player: int, action: Equip) -> NgoState:
    """Put the card on; a swapped card goes back to the hand (Clarifications).
    Implements NGO-EQUIP-1."""
    hand = bump(state.hands[player], action.card, -1)
    worn = state.equipment[player]
    if action.replace >= 0:
        worn = _swap(worn, action.replace, action.card)
        hand = bump(hand, action.replace, 1)
    else:
        worn = tuple(sorted((*worn, action.card)))
    return replace(
        state,
        hands=_put_hand(state, player, hand),
        equipment=_put_worn(state, player, worn),
    )


def use_own(state: NgoState, player: int, action: Use) -> NgoState:
    """A single-use item on yourself: it is discarded, then acts.
    Implements NGO-CARD-3, NGO-CARD-8, NGO-CARD-10 and NGO-CARD-11."""
    cat = catalog(state.config)
    entry = cat.cards[action.card]
    if entry.effect is _EFFECT_MOBSTER:
        # The card is taken before the Mobster joins the pile, so never itself.
        d = cat.deck_of[action.pick]
        state = _put_discard(state, d, bump(state.discards[d], action.pick, -1))
        state = discard_from_hand(state, player, action.card)
        return receive(state, player, action.pick)
    state = discard_from_hand(state, player, action.card)
    if entry.effect is _EFFECT_CANCEL:
        return cancel(state, player, action.pick)
    if entry.effect is _EFFECT_RINGS:
        state = discard_from_hand(state, player, action.pick)
        return gain(state, player, 1)
    if entry.effect is _EFFECT_STEAL:
        if action.pick < 0:
            return replace(state, snatch=(player, action.target))
        worn = list(state.equipment[action.target])
        worn.remove(action.pick)
        state = replace(state, equipment=_put_worn(state, action.target, tuple(worn)))
        state = receive(state, player, action.pick)
        return check_overflow(state, action.target)
    return gain(state, player, entry.lives)


def cancel(state: NgoState, player: int, curse: int) -> NgoState:
    """A curse beside the player's equipment is discarded before it acts.
    Implements NGO-CARD-14."""
    kept = list(state.afflictions[player])
    kept.remove(curse)
    state = replace(state, afflictions=_put_worn_in(state.afflictions, player, tuple(kept)))
    return discard_card(state, curse)


def snatch(state: NgoState, action: Snatch) -> NgoState:
    """Steal Burglar's random card from the victim's hand. Implements NGO-CARD-3."""
    thief, victim = state.snatch
    hand = state.hands[victim]
    if not 0 <= action.card < len(hand) or hand[action.card] < 1:
        raise IllegalAction(
            "NGO.NOT_IN_HAND", f"card {action.card} is not in that hand", "NGO-CARD-3"
        )
    state = replace(
        state, hands=_put_hand(state, victim, bump(hand, action.card, -1)), snatch=(-1, -1)
    )
    return receive(state, thief, action.card)


def gain(state: NgoState, player: int, amount: int) -> NgoState:
    """Lives from a card or a trade, under the five-life bound. Implements NGO-LIFE-2."""
    return replace(state, lives=put(state.lives, player, gained(state.lives[player], amount)))


# -- curses -------------------------------------------------------------------------------


def cast(state: NgoState, caster: int, card: int, target: int) -> NgoState:
    """Cast a curse from the hand: it leaves the hand and acts on the target (Call of
    Fruitty spares its caster). Implements NGO-CURSE-1."""
    state = replace(state, hands=_put_hand(state, caster, bump(state.hands[caster], card, -1)))
    return curse(state, card, target, caster)


def curse(state: NgoState, card: int, target: int, caster: int) -> NgoState:
    """A curse's effect on ``target`` (``caster`` -1: revealed as the Level). The card is
    discarded, except a non-instant curse, which lies beside the target's equipment until
    after their next combat, and a Princess of Bersia, which joins the combat.
    Implements NGO-CURSE-1 to NGO-CURSE-9."""
    cat = catalog(state.config)
    effect = cat.cards[card].effect
    if effect in (_EFFECT_SPATUNA, _EFFECT_ESCAPE_CURSE):
        return replace(
            state,
            afflictions=_put_worn_in(
                state.afflictions, target, tuple(sorted((*state.afflictions[target], card)))
            ),
        )
    if effect is _EFFECT_PRINCESS:
        return combat.princess(state, card)
    state = discard_card(state, card)
    if effect is _EFFECT_LOSE_LIFE:
        return lose_life(state, target)
    if effect is _EFFECT_WARCIO and state.equipment[target]:
        return replace(state, owed=(*state.owed, Owed(player=target, what="equipment")))
    if effect is _EFFECT_KOOKOOMARI and hand_size(state, target):
        count = min(2, hand_size(state, target))
        return replace(state, owed=(*state.owed, Owed(player=target, what="hand", count=count)))
    if effect is _EFFECT_GERBY:
        for worn in state.equipment[target]:
            state = discard_card(state, worn)
        return replace(state, equipment=_put_worn(state, target, ()))
    if effect is _EFFECT_FRUITTY:
        n = state.config.players
        start = max(state.active, 0)
        owed = list(state.owed)
        for k in range(n):
            seat = (start + k) % n
            if seat != caster and state.lives[seat] > 0 and hand_size(state, seat):
                owed.append(Owed(player=seat, what="hand"))
        return replace(state, owed=tuple(owed))
    return state


def reveal_level(state: NgoState, card: int) -> NgoState:
    """The turn's Level card: an enemy starts a combat, a curse hits the active player
    (Princess of Bersia as an enemy as strong as they are). Implements NGO-TURN-5."""
    entry = catalog(state.config).cards[card]
    if entry.kind is _KIND_ENEMY:
        return combat.start(state, card)
    if entry.effect is _EFFECT_PRINCESS:
        return combat.start(state, card, main_strength=strength(state, state.active))
    state = replace(state, step=_STEP_END)
    return curse(state, card, state.active, -1)


def pay_owed(state: NgoState, action: NgoAction) -> NgoState:
    """Pay one card of the first owed choice. Implements NGO-CURSE-4, NGO-CURSE-7,
    NGO-CURSE-3 and NGO-EQUIP-3."""
    owed = state.owed[0]
    p = owed.player
    if isinstance(action, Discard):
        state = discard_from_hand(state, p, action.card)
    elif isinstance(action, (DiscardEquipment, Unequip)):
        worn = list(state.equipment[p])
        worn.remove(action.card)
        state = replace(state, equipment=_put_worn(state, p, tuple(worn)))
        if isinstance(action, Unequip):
            state = replace(state, hands=_put_hand(state, p, bump(state.hands[p], action.card, 1)))
        else:
            state = discard_card(state, action.card)
    rest = state.owed[1:]
    if owed.count > 1 and owed.what != "unequip":
        rest = (replace(owed, count=owed.count - 1), *rest)
    state = replace(state, owed=rest)
    if isinstance(action, (DiscardEquipment, Unequip)):
        # What is still beyond the slots is owed again, first (a card taken back that
        # freed no slot leaves the debt as it was).
        state = check_overflow(state, p, first=True)
    return prune_owed(state)


def prune_owed(state: NgoState) -> NgoState:
    """Drop owed choices that can no longer be paid (an empty hand, no equipment, the
    equipment within its slots again)."""
    cat = catalog(state.config)
    kept: list[Owed] = []
    for owed in state.owed:
        p = owed.player
        if owed.what == "hand" and not hand_size(state, p):
            continue
        if owed.what == "equipment" and not state.equipment[p]:
            continue
        if owed.what == "unequip" and fits(cat, state.equipment[p]):
            continue
        kept.append(owed)
    return replace(state, owed=tuple(kept)) if len(kept) != len(state.owed) else state


def check_overflow(state: NgoState, player: int, *, first: bool = False) -> NgoState:
    """After a card left the equipment: if a Cheat went and the rest no longer fits, the
    player owes taking cards back into the hand. Implements NGO-EQUIP-3."""
    cat = catalog(state.config)
    worn = state.equipment[player]
    extra = overflow(cat, worn) - cheats(cat, worn)
    if extra <= 0:
        return state
    debt = Owed(player=player, what="unequip", count=extra)
    return replace(state, owed=(debt, *state.owed) if first else (*state.owed, debt))


# -- lives ----------------------------------------------------------------------------------


def lose_life(state: NgoState, player: int) -> NgoState:
    """One life lost; the last one only in the player's own turn (elsewhere it is kept).
    A player at 0 lives becomes a ghost. Implements NGO-LIFE-3 and NGO-GHOST-1."""
    lives = state.lives[player]
    if lives == 1 and player != state.active:
        return state
    state = replace(state, lives=put(state.lives, player, lives - 1))
    if lives - 1 == 0:
        return become_ghost(state, player)
    return state


def become_ghost(state: NgoState, player: int) -> NgoState:
    """The last life lost: every equipped card, hand card and curse beside the equipment
    is discarded; if one player alone has lives they win; else the new ghost draws a
    Level or Item card of their choice and may cast a drawn curse before the turn ends.
    Implements NGO-GHOST-1 and NGO-VICTORY-2."""
    cat = catalog(state.config)
    hand = state.hands[player]
    for card in compress(cat.kinds, hand):
        for _ in range(hand[card]):
            state = discard_card(state, card)
    for card in (*state.equipment[player], *state.afflictions[player]):
        state = discard_card(state, card)
    state = replace(
        state,
        hands=_put_hand(state, player, (0,) * len(cat.cards)),
        equipment=_put_worn(state, player, ()),
        afflictions=_put_worn_in(state.afflictions, player, ()),
        tokens=(*state.tokens[:player], False, *state.tokens[player + 1 :]),
        owed=tuple(o for o in state.owed if o.player != player),
    )
    alive = [p for p in range(state.config.players) if state.lives[p] > 0]
    if len(alive) == 1:
        won = Result(
            winners=(alive[0],),
            reason=f"player {alive[0]} is the last player with lives",
            rule="NGO-VICTORY-2",
        )
        return replace(state, result=won, step=_STEP_OVER)
    return replace(state, step=_STEP_GHOST_DRAW)


def receive(state: NgoState, player: int, card: int) -> NgoState:
    """A card comes into a hand; Load Game is used at once instead: discarded, and every
    ghost comes back with one life and its cards. Implements NGO-GHOST-4 and NGO-CARD-2."""
    cat = catalog(state.config)
    if cat.cards[card].effect is _EFFECT_LOAD_GAME:
        state = discard_card(state, card)
        if 0 not in state.lives:
            return state
        lives = tuple(1 if n == 0 else n for n in state.lives)
        return replace(state, lives=lives, loads=state.loads + 1)
    return replace(state, hands=_put_hand(state, player, bump(state.hands[player], card, 1)))


# -- moving cards ---------------------------------------------------------------------------


def discard_from_hand(state: NgoState, player: int, card: int) -> NgoState:
    """A card of the hand to its deck's discard pile."""
    hand = state.hands[player]
    if hand[card] < 1:
        raise IllegalAction("NGO.NOT_IN_HAND", f"card {card} is not in the hand", "NGO-DECK-2")
    state = replace(state, hands=_put_hand(state, player, bump(hand, card, -1)))
    return discard_card(state, card)


def discard_card(state: NgoState, card: int) -> NgoState:
    """A card onto its own deck's discard pile (How to Discard Cards). Implements
    NGO-DECK-2."""
    d = catalog(state.config).deck_of[card]
    return _put_discard(state, d, bump(state.discards[d], card, 1))


def _put_discard(state: NgoState, d: int, pile: tuple[int, ...]) -> NgoState:
    piles = list(state.discards)
    piles[d] = pile
    return replace(state, discards=(piles[0], piles[1], piles[2]))


def _put_hand(state: NgoState, player: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*state.hands[:player], hand, *state.hands[player + 1 :])


def _put_worn(state: NgoState, player: int, worn: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return _put_worn_in(state.equipment, player, worn)


def _put_worn_in(
    table: tuple[tuple[int, ...], ...], player: int, cards: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*table[:player], cards, *table[player + 1 :])


__all__ = ["DECKS"]

# The combat imports this module; imported last, once this module's names exist (an
# import inside the functions that need it ran at every call: a Level revealed, every curse).
from dieproof.reference.no_game_over import combat  # noqa: E402
