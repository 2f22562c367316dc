"""Don't Let It Die: setup, whose move it is, the legal actions and chance outcomes of
every node, ``apply`` and the result. The phases' rules are in
:mod:`~dieproof.reference.dont_let_it_die.day` and
:mod:`~dieproof.reference.dont_let_it_die.night`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidConfig, RulesError
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Result, replace
from dieproof.reference.dont_let_it_die import content, day, night
from dieproof.reference.dont_let_it_die.base import (
    DUB,
    KARA,
    controller,
    damage,
    find,
    refit,
    remember,
)
from dieproof.reference.dont_let_it_die.types import (
    AT_BREAK_TOOL,
    AT_DRAW,
    AT_DUB,
    AT_FIGHT,
    AT_LIGHTNING,
    AT_LOSE_ITEMS,
    AT_MABE,
    AT_MORNING,
    AT_NIGHT,
    AT_NIGHT_ROLL,
    AT_OVER,
    AT_PAY,
    AT_PICK,
    AT_REFUEL,
    AT_REROLL,
    AT_ROLL,
    AT_TURN,
    CHALLENGES,
    CHARACTERS_IN_PLAY,
    DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_WOOD,
    TOKEN_KINDS,
    AddWood,
    BreakTool,
    CardDrawn,
    Cook,
    Craft,
    DieRolled,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    EndTurn,
    Equip,
    EventDrawn,
    Fight,
    Give,
    Investigate,
    Keep,
    LoseItem,
    Member,
    Pay,
    PlaceFkp,
    Proceed,
    Redraw,
    Reroll,
    Revive,
    Skill,
    Step,
    Trade,
    TreeName,
    Unequip,
    challenge_number,
)

# -- configuration ----------------------------------------------------------------------------


def validate_config(config: DlidConfig) -> None:
    """Raise InvalidConfig for a game the rules do not allow: four distinct characters of
    the base game, 1-4 players each controlling at least one, a first player among the
    four, a challenge's tribe and difficulty. Implements DLID-SETUP-1, DLID-CHAL-0."""

    def bad(message: str) -> InvalidConfig:
        return InvalidConfig("DLID.CONFIG", message)

    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise bad(f"players must be 1 to 4, not {config.players}")
    names = config.characters
    if len(names) != CHARACTERS_IN_PLAY:
        raise bad(f"the game has exactly four characters, not {len(names)}")
    for name in names:
        if name not in content.CHARACTER_INDEX:
            raise bad(f"no character {name!r}; known: {', '.join(content.CHARACTER_NAMES)}")
    if len(set(names)) != len(names):
        raise bad("a character can be chosen only once")
    if config.controllers:
        if len(config.controllers) != CHARACTERS_IN_PLAY:
            raise bad("controllers must name a player for each of the four characters")
        if sorted(set(config.controllers)) != list(range(config.players)):
            raise bad("every player controls at least one character, and only players 0..n-1")
    if not 0 <= config.first_player < CHARACTERS_IN_PLAY:
        raise bad(f"first_player must be a character 0-3, not {config.first_player}")
    if config.challenge not in CHALLENGES:
        raise bad(f"no challenge {config.challenge!r}; known: {', '.join(CHALLENGES)}")
    c = challenge_number(config)
    if c:
        allowed = content.CHALLENGE_TRIBES.get(c)
        if allowed is not None and not set(names) <= allowed:
            raise bad(f"challenge {c} allows only {', '.join(sorted(allowed))}")
        banned = content.CHALLENGE_BANNED.get(c, frozenset())
        if set(names) & banned:
            raise bad(f"challenge {c} does not allow {', '.join(sorted(banned))}")
        if config.tree not in content.CHALLENGE_TREES[c]:
            trees = ", ".join(sorted(content.CHALLENGE_TREES[c]))
            raise bad(f"challenge {c} is played on the {trees} tree(s), not {config.tree}")
    content.box(config)  # a user's content: DLID.CONTENT unless it can be played


def configs() -> tuple[DlidConfig, ...]:
    """Every tree on both sides of the Day Tracker (one player), every player count on
    the Normal tree and side, and each challenge with a tribe and tree it allows
    (default readings)."""
    out = [
        DlidConfig(players=1, tree=tree, tracker=side)
        for tree in ("easy", "normal", "normal-plus", "hard")
        for side in ("normal", "hard")
    ]
    out += [DlidConfig(players=n) for n in range(MIN_PLAYERS + 1, MAX_PLAYERS + 1)]
    for c in range(1, 10):
        out.append(challenge_config(c))
    return tuple(out)


def challenge_config(c: int, players: int = 1) -> DlidConfig:
    """A configuration of challenge ``c`` with a tribe and tree it allows."""
    tribes = {
        1: ("Gronk", "Atouk", "Ayla", "Vog"),
        3: ("Nibna", "Tara", "River", "Grub"),
        4: ("Gronk", "Grub", "Kara", "Cron"),
        8: ("Gronk", "Grub", "Kara", "Cron"),
    }
    tree: TreeName = "hard" if c in (5, 8, 9) else "normal"
    return DlidConfig(
        players=players,
        characters=tribes.get(c, ("Gronk", "Grub", "Kara", "Cron")),
        tree=tree,
        challenge=CHALLENGES[c],
    )


# -- setup ---------------------------------------------------------------------------------------


def initial_state(config: DlidConfig) -> DlidState:
    """Setup: the four characters at full health and stamina with their starting items
    equipped, every deck shuffled (a draw is a chance node), day 1 (Challenge 2: day 5),
    three wood in the pit, the first player token. Implements DLID-SETUP-1 to
    DLID-SETUP-4, DLID-CHAL-2 and DLID-CHAL-8.

    A pure function of the configuration: the state (immutable) is remembered with the
    very configuration object it was set up for (a configuration is validated once)."""
    found = _INITIAL.get(id(config))
    if found is not None and found.config is config:
        return found
    return remember(_INITIAL, id(config), _set_up(config))


_INITIAL: dict[int, DlidState] = {}
"""Each configuration seen (by identity) with its initial state, which holds it (so that
its id cannot be reused meanwhile)."""


def _set_up(config: DlidConfig) -> DlidState:
    validate_config(config)
    table = content.items(config)
    box = content.box(config)
    made = [0] * len(table)
    members: list[Member] = []
    for name in config.characters:
        index = content.CHARACTER_INDEX[name]
        card = box.characters[index]
        m = Member(index, card.health, card.health, card.stamina, card.stamina)
        if card.starts_with:
            item = content.ITEM_INDEX[card.starts_with]
            made[item] += 1
            m = day.equip(m, item, table[item].kind, 0)
        members.append(m)
    decks = tuple(
        tuple(
            0 if challenge_number(config) == 8 and card.kind == "danger" else card.count
            for card in box.decks[deck]
        )
        for deck in range(DECKS)
    )
    tree = box.tree
    state = DlidState(
        config=config,
        step=AT_TURN,
        day=5 if challenge_number(config) == 2 else 1,
        pit=START_WOOD,
        tokens=(0,) * TOKEN_KINDS,
        members=tuple(members),
        first=config.first_player,
        turn=config.first_player,
        decks=decks,
        discards=tuple(tuple(0 for _ in d) for d in decks),
        night_deck=tuple(e.count for e in box.night_events),
        night_discard=tuple(0 for _ in box.night_events),
        placed=(0,) * len(tree),
        unlocked=(False,) * len(tree),
        made=tuple(made),
    )
    return replace(state, members=tuple(refit(state, m) for m in state.members))


# -- nodes ---------------------------------------------------------------------------------------

_DECISION_ACTOR: Final = {AT_FIGHT, AT_PICK}
_CHANCE_STEPS: Final = {
    AT_DRAW,
    AT_LIGHTNING,
    AT_ROLL,
    AT_MABE,
    AT_NIGHT,
    AT_NIGHT_ROLL,
}


def to_move(state: DlidState) -> int:
    """The player deciding (the controller of the character concerned), CHANCE or
    TERMINAL."""
    mover = _MOVER[state.step]
    if mover < 0:
        return mover
    config = state.config
    if config.players == 1:
        # one player controls the four characters (DLID-SETUP-1): whichever character the
        # node is about, player 0 decides (most configurations; no character to find)
        return 0
    if mover == _TURN:
        who = state.turn
    elif mover == _ACTOR:
        who = state.actor
    elif mover == _FIRST:
        who = state.first
    else:
        who = find(state, KARA if mover == _KARA else DUB)
    return controller(config, who)


_TURN, _ACTOR, _KARA, _DUB, _FIRST = range(5)
_MOVER: Final[dict[Step, int]] = {
    **dict.fromkeys(_CHANCE_STEPS, CHANCE),
    AT_OVER: TERMINAL,
    AT_TURN: _TURN,
    AT_PAY: _TURN,
    **dict.fromkeys(_DECISION_ACTOR, _ACTOR),
    AT_REROLL: _KARA,
    AT_DUB: _DUB,
    **{
        step: _FIRST
        for step in Step
        if step not in _CHANCE_STEPS
        and step not in _DECISION_ACTOR
        and step not in (AT_OVER, AT_TURN, AT_PAY, AT_REROLL, AT_DUB)
    },
}
"""Who moves at each kind of node: chance, nobody, or the character concerned."""


def legal_actions(state: DlidState) -> tuple[Action, ...]:
    """The decisions open at a decision node, in canonical order (the oracle contract)."""
    listing = _LISTINGS.get(state.step)
    return () if listing is None else listing(state)


_KEEP: Final = (Keep(0), Keep(1))
_REROLL: Final = (Reroll(True), Reroll(False))
_REDRAW: Final = (Redraw(True), Redraw(False))

_LISTINGS: Final[dict[Step, Callable[[DlidState], tuple[Action, ...]]]] = {
    AT_TURN: day.turn_actions,  # type: ignore[dict-item]
    AT_FIGHT: lambda s: tuple(day.fight_options(s)),
    AT_PICK: lambda s: _KEEP,
    AT_PAY: day.pay_options,
    AT_REROLL: lambda s: _REROLL,
    AT_DUB: lambda s: _REDRAW,
    AT_BREAK_TOOL: lambda s: tuple(night.break_options(s)),
    AT_LOSE_ITEMS: lambda s: tuple(night.lose_options(s)),
    AT_REFUEL: lambda s: tuple(night.refuel_options(s)),
    AT_MORNING: lambda s: tuple(night.morning_options(s)),
}
"""Each decision node's listing."""


_OUTCOMES: dict[
    tuple[Callable[[int], Action], tuple[int, ...]], tuple[tuple[Action, Fraction], ...]
] = {}

_KINDS: dict[tuple[Callable[[int], Action], int], tuple[Action, ...]] = {}
"""``outcome(i)`` for each card (or event) of a deck of ``n`` kinds, built once."""


def _outcomes(
    counts: tuple[int, ...], outcome: Callable[[int], Action]
) -> tuple[tuple[Action, Fraction], ...]:
    """A deck's draw, ``outcome(i)`` weighted by the copies of card ``i`` left: the outcome
    tuple :func:`chance.counted` builds (the same as :func:`chance.weighted`'s), remembered
    per kind and counts so that the same deck gives the very same tuple (and
    :func:`chance.sample` its table) without building the pairs again."""
    key = (outcome, counts)
    found = _OUTCOMES.get(key)
    if found is None:
        kinds = _KINDS.get((outcome, len(counts)))
        if kinds is None:
            kinds = _KINDS[outcome, len(counts)] = tuple(map(outcome, range(len(counts))))
        found = remember(_OUTCOMES, key, chance.counted(kinds, counts))
    return found


def chance_outcomes(state: DlidState) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes at a chance node: a card by its count, a night event by its count,
    the Fire Die by its faces (by default blank 1/6, 1 3/6, 2 1/6, 3 1/6)."""
    step = state.step
    if step is AT_DRAW:
        top = state.on_top[state.deck]
        if top >= 0:
            return ((CardDrawn(top), Fraction(1)),)
        return _outcomes(state.decks[state.deck], CardDrawn)
    if step is AT_NIGHT:
        return _outcomes(state.night_deck, EventDrawn)
    if step in (AT_LIGHTNING, AT_ROLL, AT_MABE, AT_NIGHT_ROLL):
        return content.box(state.config).die
    return ()


# -- apply -----------------------------------------------------------------------------------------

_RULE_OF: Final[dict[type, str]] = {
    DrawCard: "DLID-DAY-2",
    Investigate: "DLID-DAY-4",
    Trade: "DLID-DAY-5",
    Pay: "DLID-DAY-5",
    Cook: "DLID-DAY-8",
    Craft: "DLID-DAY-9",
    EndTurn: "DLID-DAY-10",
    Eat: "DLID-DAY-6",
    Revive: "DLID-DEATH-3",
    AddWood: "DLID-DAY-7",
    PlaceFkp: "DLID-FKP-1",
    Skill: "DLID-SKILL-1",
    Keep: "DLID-BUILD-5",
    Fight: "DLID-COMBAT-1",
    Reroll: "DLID-SKILL-3",
    Redraw: "DLID-SKILL-5",
    BreakTool: "DLID-NIGHT-2",
    LoseItem: "DLID-NIGHT-2",
    Equip: "DLID-MORNING-5",
    Unequip: "DLID-MORNING-5",
    Give: "DLID-MORNING-5",
    Proceed: "DLID-MORNING-5",
    CardDrawn: "DLID-CARDS-1",
    DieRolled: "DLID-DAY-4",
    EventDrawn: "DLID-NIGHT-1",
}

_TURN_EFFECTS: Final[dict[type, Callable[[DlidState, Action], DlidState]]] = {
    DrawCard: day.do_draw,  # type: ignore[dict-item]
    Investigate: day.do_investigate,  # type: ignore[dict-item]
    Trade: day.do_trade,  # type: ignore[dict-item]
    Cook: day.do_cook,  # type: ignore[dict-item]
    Craft: day.do_craft,  # type: ignore[dict-item]
    EndTurn: day.end_turn,  # type: ignore[dict-item]
    Eat: day.do_eat,  # type: ignore[dict-item]
    Revive: day.do_revive,  # type: ignore[dict-item]
    AddWood: day.do_add_wood,  # type: ignore[dict-item]
    PlaceFkp: day.do_place,  # type: ignore[dict-item]
    Skill: day.do_skill,  # type: ignore[dict-item]
}


WRONG_STEP: Final = "DLID.WRONG_STEP"
"""The action's type is not one this kind of node offers (a fight at a turn)."""
NOT_ALLOWED: Final = "DLID.NOT_ALLOWED"
"""The node offers the type, but the rules forbid this action now (no stamina, no food,
a locked discovery, a slot that does not exist)."""
NOT_AN_OUTCOME: Final = "DLID.NOT_AN_OUTCOME"
"""At a chance node: not one of the outcomes (a card no longer in the deck)."""
GAME_OVER: Final = "DLID.GAME_OVER"
"""The game is over."""

_TYPES_AT: Final[dict[Step, frozenset[type]]] = {
    AT_TURN: frozenset(_TURN_EFFECTS),
    AT_FIGHT: frozenset({Fight}),
    AT_PICK: frozenset({Keep}),
    AT_PAY: frozenset({Pay}),
    AT_REROLL: frozenset({Reroll}),
    AT_DUB: frozenset({Redraw}),
    AT_BREAK_TOOL: frozenset({BreakTool}),
    AT_LOSE_ITEMS: frozenset({LoseItem}),
    AT_REFUEL: frozenset({AddWood, Proceed}),
    AT_MORNING: frozenset({Equip, Unequip, Give, Proceed}),
    AT_DRAW: frozenset({CardDrawn}),
    AT_NIGHT: frozenset({EventDrawn}),
    AT_LIGHTNING: frozenset({DieRolled}),
    AT_ROLL: frozenset({DieRolled}),
    AT_MABE: frozenset({DieRolled}),
    AT_NIGHT_ROLL: frozenset({DieRolled}),
}


def _refuse(state: DlidState, action: Action) -> RulesError:
    """The error for an action the node does not list, with the rule it breaks."""
    kind = type(action)
    rule = _RULE_OF.get(kind, "DLID-DAY-1")
    if state.step is AT_OVER:
        return IllegalAction(GAME_OVER, "the game is over", "DLID-END-1")
    if kind not in _TYPES_AT.get(state.step, frozenset()):
        return IllegalAction(WRONG_STEP, f"no {kind.__name__} at a {state.step.value} node", rule)
    if state.step in _CHANCE_STEPS:
        return IllegalAction(NOT_AN_OUTCOME, f"{action!r} is not an outcome here", rule)
    return IllegalAction(NOT_ALLOWED, f"the rules do not allow {action!r} now", rule)


def _is_outcome(state: DlidState, action: Action) -> bool:
    return any(a == action for a, _ in chance_outcomes(state))


def apply(state: DlidState, action: Action) -> DlidState:
    """The state after ``action``; raises InvalidAction or IllegalAction (the rule it
    breaks named) for anything the node does not list."""
    step = state.step
    kind = type(action)
    if step is AT_TURN:
        effect = _TURN_EFFECTS.get(kind)
        if effect is None or action not in day.of_kind(state, kind):
            raise _refuse(state, action)
        return effect(state, action)
    if step in _CHANCE_STEPS:
        if not _is_outcome(state, action):
            raise _refuse(state, action)
        return _chance(state, action)
    if action not in legal_actions(state):
        raise _refuse(state, action)
    return _decide(state, action)


def apply_listed(state: DlidState, action: Action) -> DlidState:
    """``apply`` for an action the state's listing contains (its legality known)."""
    step = state.step
    if step is AT_TURN:
        return _TURN_EFFECTS[type(action)](state, action)
    return _EFFECTS[step](state, action)


def _decide(state: DlidState, action: Action) -> DlidState:
    """A legal action at a decision node other than a day turn."""
    return _EFFECTS[state.step](state, action)


def _morning(state: DlidState, action: Action) -> DlidState:
    """A legal action of the morning's item window."""
    if isinstance(action, Equip):
        return night.equip_item(state, action)
    if isinstance(action, Unequip):
        return night.unequip_item(state, action)
    if isinstance(action, Give):
        return night.give_item(state, action)
    return night.end_morning(state)


def _chance(state: DlidState, action: Action) -> DlidState:
    step = state.step
    if step is AT_DRAW:
        assert isinstance(action, CardDrawn)
        deck = state.deck
        drawn = (*state.drawn, action.card)
        if state.on_top[deck] >= 0:
            on_top = list(state.on_top)
            on_top[deck] = -1
            state = replace(state, on_top=tuple(on_top), drawn=drawn, again=True)
        else:
            decks = list(state.decks)
            cards = list(decks[deck])
            cards[action.card] -= 1
            decks[deck] = tuple(cards)
            if not state.planning and day.effect(state) != "lightning":
                # one card, resolved as it is drawn (after_draw's way for one card): the
                # deck's new count goes into the state of the card's effect
                return day.resolve(state, action.card, tuple(decks))
            state = replace(state, decks=tuple(decks), drawn=drawn)
        if day.effect(state) == "lightning":
            return replace(state, step=AT_LIGHTNING)
        return day.after_draw(state)
    assert isinstance(action, (DieRolled, EventDrawn))
    if step is AT_NIGHT:
        assert isinstance(action, EventDrawn)
        return night.event_drawn(state, action.event)
    assert isinstance(action, DieRolled)
    if step is AT_LIGHTNING:
        if action.value == 0:
            state = damage(state, state.actor, 1)
        return day.after_draw(state)
    if step is AT_ROLL:
        return day.rolled(state, action.value)
    if step is AT_MABE:
        return day.mabe_rolled(state, action.value)
    return night.night_rolled(state, action.value)


_EFFECTS: Final[dict[Step, Callable[[DlidState, Action], DlidState]]] = {
    AT_FIGHT: day.fight,  # type: ignore[dict-item]
    AT_PICK: day.keep,  # type: ignore[dict-item]
    AT_PAY: day.pay,  # type: ignore[dict-item]
    AT_REROLL: day.reroll,  # type: ignore[dict-item]
    AT_DUB: night.redraw,  # type: ignore[dict-item]
    AT_BREAK_TOOL: night.break_tool,  # type: ignore[dict-item]
    AT_LOSE_ITEMS: night.lose_item,  # type: ignore[dict-item]
    AT_REFUEL: night.refuel,  # type: ignore[dict-item]
    AT_MORNING: _morning,
    **dict.fromkeys(_CHANCE_STEPS, _chance),
}
"""Each node's effect of a legal action (a day turn's by the action's type)."""


def result(state: DlidState) -> Result | None:
    """None while the game runs; else won (Fire Starter) or lost, and why."""
    return state.result


def sample_chance(state: DlidState, rng: random.Random) -> Action:
    return chance.sample(chance_outcomes(state), rng)


def sample_legal_action(state: DlidState, rng: random.Random) -> Action:
    actions: Sequence[Action] = legal_actions(state)
    return actions[rng.randrange(len(actions))]
