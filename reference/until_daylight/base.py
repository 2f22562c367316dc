"""Until Daylight: what every part of the rules shares.

The :class:`Catalog` (the content indexed once per config), inventories and their
slots, health, experience and the leader token, and small tuple helpers. The rules
proper live in ``search.py``, ``combat.py`` and ``enemies.py``; ``rules.py`` ties them
together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import Result, replace
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import (
    INFECTED,
    MAX_AMOUNT,
    MAX_CARD_KINDS,
    MAX_CHARACTERS,
    MAX_COPIES,
    MAX_DICE,
    MAX_LIMIT,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RECIPE,
    MAX_SOURCE,
    MAX_WEIGHT,
    MIN_PLAYERS,
    AbilityKind,
    Area,
    CardKind,
    Cards,
    Character,
    Content,
    Enemy,
    ObjectiveKind,
    Phase,
    Roll,
    RubbleCard,
    Step,
    Then,
    UdAction,
    UdConfig,
    UdState,
)

T = TypeVar("T")

_SETUP = Phase.SETUP  # enum members as constants on the per-step path (see Squirrel or Die)


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """A content indexed for the rules: built once per content object."""

    content: Content
    names: tuple[str, ...]
    """Rubble card names in content order (the index of a card everywhere)."""
    index: Mapping[str, int]
    cards: tuple[RubbleCard, ...]
    stacks: tuple[bool, ...]
    """Ammunition: all cards of the kind share one slot (Accumulate Ammunitions)."""
    ammo: tuple[int, ...]
    """The ammunition cards' indices."""
    symbols: tuple[int, ...]
    protection: tuple[int, ...]
    food: tuple[int, ...]
    weapons: tuple[int, ...]
    deck: Cards
    """The rubble deck before the unchosen basic weapons join it."""
    barricade: Cards
    """The cards a barricade costs, as counts."""
    trap: Cards
    characters: tuple[Character, ...]
    character_index: Mapping[str, int]
    basic: tuple[int, ...]
    """Each character's basic weapon card."""
    objective_index: Mapping[str, int]
    character_objectives: tuple[tuple[int, ...], ...]
    """Each character's objective cards."""
    secondary: tuple[int, ...]
    """The secondary objective pile: copies of each objective (0 for character ones)."""
    rolls: tuple[tuple[tuple[Roll, int], ...], ...]
    """``rolls[n]``: every result of ``n`` combat dice with its integer weight."""
    rubble_total: int
    """Every rubble card of the game: the deck and the six (or so) basic weapons."""
    horde_total: int
    actions: dict[tuple[object, ...], tuple[UdAction, ...]] = field(
        default_factory=dict, repr=False
    )
    """Actions built once and shared (they are values): a small key -> the tuple of
    actions it names (the search's gives, takes, uses and throws)."""


_CACHE: dict[int, tuple[Content, Catalog]] = {}
_LAST: list[Catalog] = []
"""The catalog asked for last: nearly every call asks for the same one."""


def content_of(config: UdConfig) -> Content:
    """The config's content, or dieproof's default."""
    return DEFAULT_CONTENT if config.content is None else config.content


def catalog(config: UdConfig) -> Catalog:
    """The content of ``config`` indexed (cached by the content object's identity)."""
    content = DEFAULT_CONTENT if config.content is None else config.content
    if _LAST and _LAST[0].content is content:
        return _LAST[0]
    found = _CACHE.get(id(content))
    if found is not None and found[0] is content:
        built = found[1]
    else:
        built = _build(content)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[id(content)] = (content, built)
    _LAST[:] = [built]
    return built


def _counts(names: tuple[str, ...], index: Mapping[str, int], size: int) -> Cards:
    counts = [0] * size
    for name in names:
        counts[index[name]] += 1
    return tuple(counts)


def _build(content: Content) -> Catalog:
    cards = content.rubble
    names = tuple(card.name for card in cards)
    index = {name: i for i, name in enumerate(names)}
    size = len(cards)
    characters = content.characters
    objective_index = {o.name: i for i, o in enumerate(content.objectives)}
    die = content.die
    rolls: list[tuple[tuple[Roll, int], ...]] = [()]
    for n in range(1, MAX_DICE + 1):
        outcomes: list[tuple[Roll, int]] = []
        for heads in range(n + 1):
            for bodies in range(n - heads + 1):
                misses = n - heads - bodies
                ways = math.factorial(n) // (
                    math.factorial(heads) * math.factorial(bodies) * math.factorial(misses)
                )
                weight = ways * die.head**heads * die.body**bodies * die.miss**misses
                if weight:
                    outcomes.append((Roll(heads, bodies, misses), weight))
        rolls.append(tuple(outcomes))
    return Catalog(
        content=content,
        names=names,
        index=index,
        cards=cards,
        stacks=tuple(card.kind is CardKind.AMMO for card in cards),
        ammo=tuple(i for i, c in enumerate(cards) if c.kind is CardKind.AMMO),
        symbols=tuple(i for i, c in enumerate(cards) if c.kind is CardKind.SYMBOL),
        protection=tuple(i for i, c in enumerate(cards) if c.kind is CardKind.PROTECTION),
        food=tuple(i for i, c in enumerate(cards) if c.kind is CardKind.FOOD),
        weapons=tuple(i for i, c in enumerate(cards) if c.kind is CardKind.WEAPON),
        deck=tuple(card.count for card in cards),
        barricade=_counts(content.barricade, index, size),
        trap=_counts(content.trap, index, size),
        characters=characters,
        character_index={c.name: i for i, c in enumerate(characters)},
        basic=tuple(index.get(c.weapon, -1) for c in characters),
        objective_index=objective_index,
        character_objectives=tuple(
            tuple(i for i, o in enumerate(content.objectives) if o.character == c.name)
            for c in characters
        ),
        secondary=tuple(0 if o.character else o.count for o in content.objectives),
        rolls=tuple(rolls),
        rubble_total=sum(card.count for card in cards) + len(characters),
        horde_total=content.horde.total(),
    )


def validate_config(config: UdConfig) -> None:
    """Raise :class:`InvalidConfig` unless ``config`` describes a playable game.

    Implements UD-SETUP-1 (three to six players) and checks that a user's content is
    complete: every name it refers to exists and every count is sensible.
    """

    def bad(code: str, message: str, rule: str = "UD-SETUP-1") -> InvalidConfig:
        return InvalidConfig(code, message, rule)

    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise bad("UD.PLAYERS", f"Until Daylight is for 3 to 6 players, not {config.players}")
    content = content_of(config)
    too_big = _past_bounds(config)
    if too_big:
        raise bad("UD.CONTENT", f"the content is too large: {too_big}")
    names = [card.name for card in content.rubble]
    if len(set(names)) != len(names):
        raise bad("UD.CONTENT", "two rubble cards share a name")
    cards = {card.name: card for card in content.rubble}
    if any(card.count < 0 for card in content.rubble) or any(n < 0 for n in content.horde.counts()):
        raise bad("UD.CONTENT", "a card count is negative")
    if len(content.characters) < config.players:
        raise bad(
            "UD.CONTENT", f"{len(content.characters)} characters for {config.players} players"
        )
    if len({c.name for c in content.characters}) != len(content.characters):
        raise bad("UD.CONTENT", "two characters share a name")
    for character in content.characters:
        weapon = cards.get(character.weapon)
        if weapon is None or weapon.kind is not CardKind.WEAPON:
            raise bad("UD.CONTENT", f"{character.name}'s basic weapon is not a weapon card")
        if character.health < 1 or character.slots < 1:
            raise bad("UD.CONTENT", f"{character.name} needs health and slots of at least 1")
        if character.advantage.amount < 0 or character.drawback.amount < 0:
            raise bad("UD.CONTENT", f"{character.name} has a negative ability")
        if character.drawback.kind is AbilityKind.REGENERATION:
            raise bad("UD.CONTENT", f"{character.name}: regeneration is not a drawback")
    for card in content.rubble:
        if card.kind is CardKind.WEAPON and not card.melee:
            ammo = cards.get(card.ammo)
            if ammo is None or ammo.kind is not CardKind.AMMO:
                raise bad("UD.CONTENT", f"{card.name} has no ammunition card {card.ammo!r}")
        if card.kind is CardKind.EVENT and card.event is None:
            raise bad("UD.CONTENT", f"event card {card.name} has no effect")
    for recipe in (content.barricade, content.trap):
        if not recipe or any(name not in cards for name in recipe):
            raise bad("UD.CONTENT", f"a craft recipe names unknown cards: {recipe}", "UD-SEARCH-2")
    die = content.die
    if min(die.head, die.body, die.miss) < 0 or die.head < 1:
        raise bad("UD.DIE", "the combat die needs at least one head face and no negative count")
    who = {c.name for c in content.characters}
    for objective in content.objectives:
        if objective.character and objective.character not in who:
            raise bad("UD.CONTENT", f"objective {objective.name} names no character")
    if len({o.name for o in content.objectives}) != len(content.objectives):
        raise bad("UD.CONTENT", "two objectives share a name")
    timer = config.timer
    if min(timer.gong, timer.tick, timer.limit) < 0 or timer.gong + timer.tick < 1:
        raise bad(
            "UD.TIMER", "the timer's weights must be non-negative and not both 0", "UD-SEARCH-8"
        )
    if config.final_cycles < 1:
        raise bad(
            "UD.FINAL_CYCLES",
            f"the final fight lasts at least one cycle, not {config.final_cycles}",
            "UD-ROUND-3",
        )


def _past_bounds(config: UdConfig) -> str:
    """The first size bound of the types (``MAX_*``) that ``config`` passes, or ``""``:
    the decoder checks them for JSON, this for configurations built in Python."""
    content = content_of(config)
    sizes = (
        ("characters", len(content.characters), MAX_CHARACTERS),
        ("kinds of rubble card", len(content.rubble), MAX_CARD_KINDS),
        ("objectives", len(content.objectives), MAX_CARD_KINDS),
        ("cards in the barricade recipe", len(content.barricade), MAX_RECIPE),
        ("cards in the trap recipe", len(content.trap), MAX_RECIPE),
        ("the timer's limit", config.timer.limit, MAX_LIMIT),
        ("final_cycles", config.final_cycles, MAX_LIMIT),
        ("the timer's gong weight", config.timer.gong, MAX_WEIGHT),
        ("the timer's tick weight", config.timer.tick, MAX_WEIGHT),
        ("copies of a horde card", max(content.horde.counts()), MAX_COPIES),
        ("combat die faces", max(content.die.head, content.die.body, content.die.miss), MAX_AMOUNT),
    )
    for what, size, bound in sizes:
        if size > bound:
            return f"{size} {what}, at most {bound}"
    names = [c.name for c in content.characters] + [c.weapon for c in content.characters]
    names += [card.name for card in content.rubble] + [card.ammo for card in content.rubble]
    names += [o.name for o in content.objectives] + [o.character for o in content.objectives]
    names += [*content.barricade, *content.trap]
    if any(len(name) > MAX_NAME for name in names):
        return f"a name longer than {MAX_NAME} characters"
    amounts = [
        value
        for c in content.characters
        for value in (c.health, c.slots, c.advantage.amount, c.drawback.amount)
    ]
    amounts += [value for card in content.rubble for value in (card.dice, card.heal)]
    amounts += [value for o in content.objectives for value in (o.target, o.xp)]
    if any(value > MAX_AMOUNT for value in amounts):
        return f"a health, slot, dice, heal, target or experience value above {MAX_AMOUNT}"
    copies = [card.count for card in content.rubble] + [o.count for o in content.objectives]
    if any(value > MAX_COPIES for value in copies):
        return f"more than {MAX_COPIES} copies of a card"
    sources = [c.source for c in content.characters] + [card.source for card in content.rubble]
    sources += [o.source for o in content.objectives]
    if any(len(source) > MAX_SOURCE for source in sources):
        return f"a source longer than {MAX_SOURCE} characters"
    return ""


# -- tuples -------------------------------------------------------------------------------


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def bump(counts: tuple[int, ...], index: int, n: int) -> tuple[int, ...]:
    """``counts`` with ``n`` added at ``index``."""
    return (*counts[:index], counts[index] + n, *counts[index + 1 :])


def plus(a: Cards, b: Cards) -> Cards:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: Cards, b: Cards) -> Cards:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def covers(have: Cards, need: Cards) -> bool:
    """Whether ``have`` holds every card of ``need``."""
    return all(h >= n for h, n in zip(have, need, strict=True))


def next_seat(state: UdState, seat: int) -> int:
    return (seat + 1) % state.config.players


# -- inventories ----------------------------------------------------------------------------


def slots(cat: Catalog, cards: Cards) -> int:
    """Inventory slots ``cards`` fill: one per card, one per ammunition kind.

    Implements UD-SEARCH-9.
    """
    total = sum(cards)
    for i in cat.ammo:
        if cards[i] > 1:
            total -= cards[i] - 1
    return total


def slot_limit(state: UdState, player: int) -> int:
    """Rubble cards the player's character can keep: ten, or the Haggler's own number.

    Implements UD-SETUP-2.
    """
    cat = catalog(state.config)
    return cat.characters[state.characters[player]].slots


def fits(state: UdState, player: int, card: int) -> bool:
    """Whether one more ``card`` fits in ``player``'s inventory (UD-SEARCH-7)."""
    cat = catalog(state.config)
    cards = state.inventories[player]
    if cat.stacks[card] and cards[card] > 0:
        return True
    return slots(cat, cards) < slot_limit(state, player)


def card_total(cards: Cards) -> int:
    return sum(cards)


# -- health -------------------------------------------------------------------------------


def max_health(state: UdState, player: int) -> int:
    cat = catalog(state.config)
    return cat.characters[state.characters[player]].health


def heal(state: UdState, player: int, amount: int) -> UdState:
    """Restore health, never past the character's maximum (UD-SEARCH-5)."""
    top = max_health(state, player)
    value = min(top, state.health[player] + amount)
    return replace(state, health=put(state.health, player, value))


def hurt(state: UdState, player: int, amount: int, why: str) -> UdState:
    """Take ``amount`` damage; a character at 0 health dies and the game is lost.

    Implements UD-END-2.
    """
    if amount <= 0:
        return state
    value = max(0, state.health[player] - amount)
    state = replace(state, health=put(state.health, player, value))
    if value == 0:
        name = catalog(state.config).characters[state.characters[player]].name
        return lose(state, f"the {name} (player {player}) died: {why}", "UD-END-2")
    return state


def harm(state: UdState, player: int, amount: int, why: str) -> UdState:
    """Damage that reaches a character outside an attack on them (the die of fate, an
    injury event, collateral damage taken directly): a player who keeps saved survivors
    first decides how many to sacrifice, each absorbing one damage (UD-ENEMY-7), so the
    damage waits in the queue of ``rules.advance``; otherwise it is taken at once.

    Implements UD-ENEMY-7 outside the enemies' attack and UD-END-2."""
    if amount <= 0:
        return state
    if state.saved[player]:
        return replace(state, harm=state.harm + amount, harmed=player)
    return hurt(state, player, amount, why)


def lose(state: UdState, reason: str, rule: str) -> UdState:
    return replace(
        state,
        phase=Phase.OVER,
        step=Step.NONE,
        result=Result(winners=(), reason=reason, rule=rule),
        then=Then.NOTHING,
    )


def win(state: UdState, reason: str) -> UdState:
    return replace(
        state,
        phase=Phase.OVER,
        step=Step.NONE,
        result=Result(winners=tuple(range(state.config.players)), reason=reason, rule="UD-END-1"),
        then=Then.NOTHING,
    )


# -- experience, objectives, leader ---------------------------------------------------------


def symbols_held(state: UdState, player: int, cat: Catalog | None = None) -> int:
    cat = cat or catalog(state.config)
    cards = state.inventories[player]
    return sum(cards[i] for i in cat.symbols)


def experience(state: UdState, player: int, cat: Catalog | None = None) -> int:
    """Experience points: symbol cards held, monsters kept, saved survivors kept, and the
    objectives achieved. Implements UD-SETUP-5."""
    cat = cat or catalog(state.config)
    total = symbols_held(state, player, cat) + state.monsters[player] + state.saved[player]
    marks = state.achieved[player]
    if any(marks):
        objectives = cat.content.objectives
        total += sum(
            objectives[o].xp
            for o, done in zip(state.objectives[player], marks, strict=True)
            if done
        )
    return total


def objective_met(state: UdState, player: int, objective: int, cat: Catalog | None = None) -> bool:
    """Whether ``player`` fulfils objective card ``objective`` now (UD-SETUP-4)."""
    cat = cat or catalog(state.config)
    card = cat.content.objectives[objective]
    kind = card.kind
    if kind is ObjectiveKind.KILLS:
        have = state.kills[player]
    elif kind is ObjectiveKind.MONSTERS:
        have = state.monsters[player]
    elif kind is ObjectiveKind.SAVED:
        have = state.saved_ever[player]
    elif kind is ObjectiveKind.BUILT:
        have = state.built[player]
    else:
        have = symbols_held(state, player, cat)
    return have >= card.target


SETTLE_FIELDS = (
    "objectives",
    "achieved",
    "inventories",
    "monsters",
    "saved",
    "saved_ever",
    "kills",
    "built",
    "experience",
    "leader",
    "first",
)
"""The fields objectives, experience and the leader are computed from (and those
fields themselves): :func:`settle` has nothing to do after a step that kept all of them."""

_PER_PLAYER = (
    "objectives",
    "achieved",
    "inventories",
    "monsters",
    "saved",
    "saved_ever",
    "kills",
    "built",
)


def settle(state: UdState, before: UdState | None = None) -> UdState:
    """Claim fulfilled objectives, record every player's experience, then pass the
    leader token if someone has more experience than its holder. Implements UD-SETUP-4,
    UD-SETUP-5 and UD-SETUP-6.

    With ``before`` (the state before the step that made ``state``), they are updated
    only where their inputs changed: states are immutable and a step keeps the values it
    does not change (the very same objects), so a player whose inputs are all identical
    to before keeps their objectives and experience, and a step that changed none of
    :data:`SETTLE_FIELDS` changes nothing here."""
    if state.phase is _SETUP:
        return state
    players = range(state.config.players)
    if before is not None and before.phase is not _SETUP:
        if (  # SETTLE_FIELDS, spelled out: this runs after every step
            state.inventories is before.inventories
            and state.achieved is before.achieved
            and state.monsters is before.monsters
            and state.saved is before.saved
            and state.saved_ever is before.saved_ever
            and state.kills is before.kills
            and state.built is before.built
            and state.objectives is before.objectives
            and state.experience is before.experience
            and state.leader == before.leader
            and state.first == before.first
        ):
            return state
        changed = [p for p in players if _inputs_changed(state, before, p)]
    else:
        changed = list(players)
    cat = catalog(state.config)
    achieved = state.achieved
    for player in changed:
        marks = achieved[player]
        if all(marks):
            continue
        new = tuple(
            done or objective_met(state, player, o, cat)
            for o, done in zip(state.objectives[player], marks, strict=True)
        )
        if new != marks:
            achieved = put(achieved, player, new)
    if achieved is not state.achieved:
        state = replace(state, achieved=achieved)
    if len(changed) == len(players):  # everyone's: recorded afresh, whatever was there
        xp = tuple(experience(state, p, cat) for p in players)
    else:
        xp = state.experience
        for player in changed:
            points = experience(state, player, cat)
            if points != xp[player]:
                xp = put(xp, player, points)
    if xp != state.experience:
        state = replace(state, experience=xp)
    return _pass_leader(state)


def _inputs_changed(state: UdState, before: UdState, player: int) -> bool:
    for name in _PER_PLAYER:
        now: tuple[object, ...] = getattr(state, name)
        then: tuple[object, ...] = getattr(before, name)
        if now is not then and now[player] is not then[player]:
            return True
    return False


def _pass_leader(state: UdState) -> UdState:
    """Implements UD-SETUP-6: the token goes to a player with strictly more experience
    than its holder (any experience at all while nobody holds it); among several, the
    most experienced, ties in turn order from the first player (UD-A12)."""
    n = state.config.players
    xp = state.experience
    bar = xp[state.leader] if state.leader >= 0 else 0
    best = max(xp)
    if best <= bar:
        return state
    first = max(state.first, 0)
    for offset in range(n):
        seat = (first + offset) % n
        if xp[seat] == best:
            return replace(state, leader=seat)
    raise AssertionError("unreachable: some seat has the best experience")


def is_leader(state: UdState, player: int) -> bool:
    return state.leader == player


def enemy_roller(state: UdState) -> int:
    """Who rolls for the enemies: the leader, or the player who chose first while
    nobody leads. Implements UD-SETUP-7."""
    return state.leader if state.leader >= 0 else state.first


# -- areas ----------------------------------------------------------------------------------


def is_enemy(kind: Enemy) -> bool:
    return kind is not Enemy.SURVIVOR


def enemies_in(area: Area) -> int:
    return sum(1 for kind in area if kind is not Enemy.SURVIVOR)


def survivors_in(area: Area) -> int:
    return sum(1 for kind in area if kind is Enemy.SURVIVOR)


def infected_in(area: Area) -> int:
    return sum(1 for kind in area if kind in INFECTED)


def enemies_on_table(state: UdState) -> int:
    return sum(enemies_in(area) for area in state.areas)


def horde_cards(state: UdState) -> int:
    """Horde cards of the game wherever they are (conservation, UD-INV-CARDS)."""
    total = state.horde.total() + state.horde_discard.total()
    total += sum(len(area) for area in state.areas)
    total += sum(state.saved) + sum(state.monsters)
    return total


def rubble_cards(state: UdState) -> int:
    """Rubble cards of the game wherever they are (conservation, UD-INV-CARDS): the
    deck, the discard pile, the inventories, a card in transit and, during setup, the
    basic weapons still in the box."""
    total = sum(state.rubble) + sum(state.rubble_discard)
    total += sum(sum(cards) for cards in state.inventories)
    total += state.held_count if state.held >= 0 else 0
    if state.phase is Phase.SETUP:
        chosen = sum(1 for c in state.characters if c >= 0)
        total += len(catalog(state.config).characters) - chosen
    return total
