"""Until Daylight: the rules as a pure state machine.

The shape every game module has: setup, the node queries (``to_move``,
``legal_actions``, ``chance_outcomes``), ``apply``, ``result``, then private helpers.
The phases' rules live beside this module (``search.py``, ``combat.py``,
``enemies.py``); this module ties them together with one queue: after an action, any
card on its way into an inventory is stowed (or waits for a discard), owed discards,
rubble draws and horde reveals are done in that order, and then the game moves on as
the state's ``then`` says.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Final

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidAction
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Result, replace
from dieproof.reference.until_daylight import combat, enemies, search
from dieproof.reference.until_daylight.base import (
    bump,
    catalog,
    fits,
    hurt,
    put,
    settle,
    validate_config,
)
from dieproof.reference.until_daylight.types import (
    OFFERED_OBJECTIVES,
    Allot,
    AttackWith,
    Build,
    Choose,
    Clock,
    Consent,
    Deck,
    Discard,
    Draw,
    DrawObjective,
    FateRoll,
    FirstPlayer,
    Found,
    Give,
    Keep,
    Pass,
    Phase,
    Reveal,
    Roll,
    Sacrifice,
    Step,
    Take,
    Then,
    Throw,
    UdAction,
    UdConfig,
    UdState,
    Use,
)

__all__ = [
    "apply",
    "chance_outcomes",
    "initial_state",
    "legal_actions",
    "result",
    "sample_chance",
    "sample_legal_action",
    "to_move",
    "validate_config",
]

CHANCE_STEPS: Final = frozenset(
    {Step.ROLL_OFF, Step.OBJECTIVE, Step.CLOCK, Step.FOUND, Step.FATE, Step.HORDE, Step.ROLL}
)

# -- setup ------------------------------------------------------------------------------------


def initial_state(config: UdConfig) -> UdState:
    """The table before the roll-off: decks shuffled, nobody seated with a character.

    Implements UD-SETUP-1."""
    validate_config(config)
    cat = catalog(config)
    n = config.players
    zeros = (0,) * n
    empty = (0,) * len(cat.names)
    return UdState(
        config=config,
        phase=Phase.SETUP,
        step=Step.ROLL_OFF,
        round=1,
        current=0,
        characters=(-1,) * n,
        health=zeros,
        inventories=(empty,) * n,
        rubble=cat.deck,
        rubble_discard=empty,
        horde=cat.content.horde,
        horde_discard=Deck(),
        areas=((),) * n,
        barricades=zeros,
        traps=zeros,
        saved=zeros,
        monsters=zeros,
        kills=zeros,
        built=zeros,
        saved_ever=zeros,
        wounds=zeros,
        objectives=((),) * n,
        achieved=((),) * n,
        secondary=cat.secondary,
        experience=zeros,
    )


def _roll_off(state: UdState, action: FirstPlayer) -> UdState:
    """The combat-dice roll-off picks the first player; dieproof models it, re-rolls of
    ties included, as one fair draw among the seats (UD-A5). Implements UD-SETUP-3."""
    if not 0 <= action.seat < state.config.players:
        raise InvalidAction("UD.NO_SEAT", f"seat {action.seat} is not a seat of this game")
    return replace(
        state, first=action.seat, current=action.seat, turn=action.seat, step=Step.CHOOSE
    )


def _choose(state: UdState, action: Choose) -> UdState:
    """Take a character: full health, experience 0, its objectives and its basic
    weapon. Implements UD-SETUP-2, UD-SETUP-3 and UD-SETUP-4."""
    cat = catalog(state.config)
    index = cat.character_index.get(action.character)
    if index is None:
        raise InvalidAction("UD.UNKNOWN_CHARACTER", f"there is no character {action.character!r}")
    if index in state.characters:
        raise IllegalAction("UD.TAKEN", f"the {action.character} is already chosen", "UD-SETUP-3")
    seat = state.current
    character = cat.characters[index]
    weapon = cat.basic[index]
    own = cat.character_objectives[index]
    state = replace(
        state,
        characters=put(state.characters, seat, index),
        health=put(state.health, seat, character.health),
        inventories=put(state.inventories, seat, bump(state.inventories[seat], weapon, 1)),
        objectives=put(state.objectives, seat, own),
        achieved=put(state.achieved, seat, (False,) * len(own)),
    )
    if sum(state.secondary):
        return replace(state, step=Step.OBJECTIVE)
    return _next_chooser(state)


def _draw_objective(state: UdState, action: DrawObjective) -> UdState:
    """Draw a secondary objective; after two (or an empty pile) the player keeps one.
    Implements UD-SETUP-4."""
    cat = catalog(state.config)
    index = cat.objective_index.get(action.objective)
    if index is None:
        raise InvalidAction("UD.UNKNOWN_OBJECTIVE", f"there is no objective {action.objective!r}")
    if state.secondary[index] < 1:
        raise IllegalAction(
            "UD.NOT_IN_PILE", f"no {action.objective} is left in the pile", "UD-SETUP-4"
        )
    pile = bump(state.secondary, index, -1)
    offered = (*state.offered, index)
    done = len(offered) >= OFFERED_OBJECTIVES or not sum(pile)
    return replace(
        state, secondary=pile, offered=offered, step=Step.KEEP if done else Step.OBJECTIVE
    )


def _keep(state: UdState, action: Keep) -> UdState:
    """Keep one secondary objective; the other is discarded. Implements UD-SETUP-4."""
    cat = catalog(state.config)
    index = cat.objective_index.get(action.objective)
    if index is None or index not in state.offered:
        raise IllegalAction(
            "UD.NOT_OFFERED", f"{action.objective} is not one of the objectives drawn", "UD-SETUP-4"
        )
    seat = state.current
    state = replace(
        state,
        objectives=put(state.objectives, seat, (*state.objectives[seat], index)),
        achieved=put(state.achieved, seat, (*state.achieved[seat], False)),
        offered=(),
    )
    return _next_chooser(state)


def _next_chooser(state: UdState) -> UdState:
    """The next player clockwise chooses; after the last, the unchosen basic weapons
    join the rubble deck and round one's search phase starts with the first player.
    Implements UD-SETUP-2 and UD-SETUP-3."""
    seat = (state.current + 1) % state.config.players
    if seat != state.first:
        return replace(state, current=seat, turn=seat, step=Step.CHOOSE)
    cat = catalog(state.config)
    rubble = state.rubble
    for index, weapon in enumerate(cat.basic):
        if index not in state.characters:
            rubble = bump(rubble, weapon, 1)
    return replace(
        state,
        rubble=rubble,
        phase=Phase.SEARCH,
        step=Step.CLOCK,
        current=state.first,
        turn=state.first,
        search_actions=0,
    )


# -- node queries -----------------------------------------------------------------------------


def to_move(state: UdState) -> int:
    """The seat to decide, :data:`CHANCE` for a draw or a roll, or :data:`TERMINAL`."""
    if state.result is not None:
        return TERMINAL
    if state.step in CHANCE_STEPS:
        return CHANCE
    return state.current


def chance_weights(state: UdState) -> tuple[tuple[UdAction, int], ...]:
    """The chance node's outcomes with integer weights, in canonical order: seats,
    objectives and cards in content order, horde kinds in :data:`ENEMY_ORDER`, the die
    of fate's faces in :data:`FATE_ORDER`, rolls by heads then bodies ascending, the
    timer's "go on" before its gong."""
    step = state.step
    if step is Step.ROLL_OFF:
        return tuple((FirstPlayer(seat), 1) for seat in range(state.config.players))
    if step is Step.OBJECTIVE:
        content = catalog(state.config).content
        return tuple(
            (DrawObjective(content.objectives[i].name), count)
            for i, count in enumerate(state.secondary)
            if count
        )
    if step is Step.CLOCK:
        return search.clock_weights(state)
    if step is Step.FOUND:
        return search.found_weights(state)
    if step is Step.FATE:
        return tuple((outcome, 1) for outcome, _ in combat.fate_outcomes())
    if step is Step.HORDE:
        return combat.horde_weights(state)
    if step is Step.ROLL:
        return catalog(state.config).rolls[state.roll_size]
    return ()


def chance_outcomes(state: UdState) -> tuple[tuple[UdAction, Fraction], ...]:
    """The outcomes of a chance node with exact probabilities (empty elsewhere)."""
    if to_move(state) != CHANCE:
        return ()
    return chance.weighted(chance_weights(state))


def sample_chance(state: UdState, rng: random.Random) -> UdAction:
    """A chance outcome drawn as :func:`chance.sample` would draw it from
    :func:`chance_outcomes`, with integer weights only."""
    return chance.sample_weighted(chance_weights(state), rng)


def legal_actions(state: UdState) -> tuple[UdAction, ...]:
    """The decisions open to the player to move, in the canonical order documented on
    each list: characters and objectives in content order; a search turn's draw, then
    builds, gives, takes, uses and do-nothing; a combat turn's attacks first; consent
    yes before no; the card in transit before the inventory's cards; head before body;
    sacrifices ascending."""
    if to_move(state) < 0:
        return ()
    step = state.step
    cat = catalog(state.config)
    if step is Step.CHOOSE:
        return tuple(
            Choose(c.name) for i, c in enumerate(cat.characters) if i not in state.characters
        )
    if step is Step.KEEP:
        objectives = cat.content.objectives
        return tuple(Keep(objectives[i].name) for i in sorted(set(state.offered)))
    if step is Step.SEARCH:
        return tuple(search.search_actions(state))
    if step is Step.ACT:
        return (*combat.attack_options(state), *search.turn_actions(state))
    if step is Step.CONSENT:
        return (Consent(True), Consent(False))
    if step is Step.OVERFLOW:
        return tuple(search.overflow_options(state))
    if step is Step.DISCARD:
        return tuple(search.discard_options(state))
    if step is Step.ALLOT:
        return tuple(Allot(face) for face in combat.allot_options(state))
    if step is Step.SACRIFICE:
        return tuple(enemies.sacrifice_options(state))
    return ()


def sample_legal_action(state: UdState, rng: random.Random) -> UdAction:
    """``legal_actions(state)[rng.randrange(len(...))]``."""
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


# -- apply ------------------------------------------------------------------------------------

_EXPECTED: Final[dict[Step, tuple[type[Action], ...]]] = {
    Step.ROLL_OFF: (FirstPlayer,),
    Step.CHOOSE: (Choose,),
    Step.OBJECTIVE: (DrawObjective,),
    Step.KEEP: (Keep,),
    Step.CLOCK: (Clock,),
    Step.SEARCH: (Draw, Build, Give, Take, Use, Pass, Throw),
    Step.CONSENT: (Consent,),
    Step.FOUND: (Found,),
    Step.OVERFLOW: (Discard,),
    Step.DISCARD: (Discard,),
    Step.FATE: (FateRoll,),
    Step.HORDE: (Reveal,),
    Step.ACT: (AttackWith, Build, Give, Take, Use, Pass, Throw),
    Step.ROLL: (Roll,),
    Step.ALLOT: (Allot,),
    Step.SACRIFICE: (Sacrifice,),
}

_STEP_RULE: Final[dict[Step, str]] = {
    Step.ROLL_OFF: "UD-SETUP-3",
    Step.CHOOSE: "UD-SETUP-3",
    Step.OBJECTIVE: "UD-SETUP-4",
    Step.KEEP: "UD-SETUP-4",
    Step.CLOCK: "UD-SEARCH-8",
    Step.SEARCH: "UD-SEARCH-1",
    Step.CONSENT: "UD-SEARCH-4",
    Step.FOUND: "UD-SEARCH-1",
    Step.OVERFLOW: "UD-SEARCH-7",
    Step.DISCARD: "UD-ENEMY-3",
    Step.FATE: "UD-COMBAT-2",
    Step.HORDE: "UD-COMBAT-3",
    Step.ACT: "UD-COMBAT-4",
    Step.ROLL: "UD-COMBAT-6",
    Step.ALLOT: "UD-COMBAT-8",
    Step.SACRIFICE: "UD-ENEMY-7",
}


def apply(state: UdState, action: UdAction) -> UdState:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it
    (and :class:`InvalidAction` if it names a card, seat or character that does not
    exist)."""
    if state.result is not None:
        raise IllegalAction("UD.GAME_OVER", "the game is over", "UD-END-1")
    expected = _EXPECTED[state.step]
    if not isinstance(action, expected):
        names = ", ".join(kind.__name__ for kind in expected)
        raise IllegalAction(
            "UD.WRONG_STEP",
            f"the game waits for {state.step.value} ({names}), not {type(action).__name__}",
            _STEP_RULE[state.step],
        )
    return settle(advance(_dispatch(state, action)))


def _dispatch(state: UdState, action: UdAction) -> UdState:
    if isinstance(action, FirstPlayer):
        return _roll_off(state, action)
    if isinstance(action, Choose):
        return _choose(state, action)
    if isinstance(action, DrawObjective):
        return _draw_objective(state, action)
    if isinstance(action, Keep):
        return _keep(state, action)
    if isinstance(action, Clock):
        return search.do_clock(state, action)
    if isinstance(action, Draw):
        return search.do_draw(state)
    if isinstance(action, Build):
        return search.do_build(state, action)
    if isinstance(action, Give):
        return search.do_give(state, action)
    if isinstance(action, Take):
        return search.do_take(state, action)
    if isinstance(action, Consent):
        return search.do_consent(state, action)
    if isinstance(action, Use):
        return search.do_use(state, action)
    if isinstance(action, Pass):
        return search.do_pass(state)
    if isinstance(action, Throw):
        return search.do_throw(state, action)
    if isinstance(action, Found):
        return search.do_found(state, action)
    if isinstance(action, Discard):
        return search.do_discard(state, action)
    if isinstance(action, FateRoll):
        return combat.do_fate(state, action)
    if isinstance(action, Reveal):
        return combat.do_reveal(state, action)
    if isinstance(action, AttackWith):
        return combat.do_attack(state, action)
    if isinstance(action, Roll):
        return combat.do_roll(state, action)
    if isinstance(action, Allot):
        return combat.do_allot(state, action)
    return enemies.do_sacrifice(state, action)


def advance(state: UdState) -> UdState:
    """Run the queue, then move on as ``then`` says, until a node waits.

    A state whose ``then`` is NOTHING waits at its ``step``. Otherwise, in order: a
    card in transit is stowed if it fits, else its holder must discard (UD-SEARCH-7);
    damage owed outside an attack, which waits for its player's sacrifice decision
    (UD-ENEMY-7); owed discards; owed rubble draws (an empty deck takes its discard
    pile back); owed horde reveals (likewise; with both piles empty the rest is not
    revealed, UD-A4); then the attracted cards (an infected, or an enemy, from the
    deck; none left there, none attracted: UD-A31); and then the continuation."""
    while state.result is None and state.then is not Then.NOTHING:
        if state.held >= 0:
            if fits(state, state.holder, state.held):
                holder = state.holder
                cards = bump(state.inventories[holder], state.held, state.held_count)
                state = replace(
                    state,
                    inventories=put(state.inventories, holder, cards),
                    held=-1,
                    held_count=0,
                    holder=-1,
                )
                continue
            return replace(state, step=Step.OVERFLOW, current=state.holder)
        if state.harm:
            if state.saved[state.harmed]:
                return replace(state, step=Step.SACRIFICE, current=state.harmed)
            state = hurt(replace(state, harm=0, harmed=-1), state.harmed, state.harm, "damage")
            continue
        if state.discards:
            if sum(state.inventories[state.discarder]):
                return replace(state, step=Step.DISCARD, current=state.discarder)
            state = replace(state, discards=0, discarder=-1)
            continue
        if state.draws:
            if not sum(state.rubble):
                if not sum(state.rubble_discard):
                    state = replace(state, draws=0, drawer=-1)
                    continue
                state = search.reshuffle(state)
            return replace(state, step=Step.FOUND)
        if state.reveal:
            if not state.horde.total():
                if not state.horde_discard.total():
                    state = replace(state, reveal=0, reveal_area=-1)
                    continue
                state = combat.reshuffle_horde(state)
            return replace(state, step=Step.HORDE)
        if state.attract:
            if not combat.horde_weights(state):
                if state.horde.total() or not combat.horde_weights(combat.reshuffle_horde(state)):
                    state = replace(state, attract=0)
                    continue
                state = combat.reshuffle_horde(state)
            return replace(state, step=Step.HORDE)
        state = _continue(state)
    return state


def _continue(state: UdState) -> UdState:
    then = state.then
    state = replace(
        state, drawer=-1, discarder=-1, reveal_area=-1, withdraw=0, attract_raiders=False
    )
    if then is Then.NEXT_SEARCHER:
        return search.next_searcher(state)
    if then is Then.ATTACKS:
        return combat.start_attacks(state)
    if then is Then.NEXT_ACTOR:
        return combat.next_actor(state)
    if then is Then.ENEMIES:
        return enemies.proceed(state)
    raise AssertionError(f"no continuation for {then}")


# -- result -----------------------------------------------------------------------------------


def result(state: UdState) -> Result | None:
    """``None`` while the night goes on; the win or the loss and its rule once over."""
    return state.result
