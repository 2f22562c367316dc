"""Don't Let It Die: the abstraction function from a reference state to the model's
variables (:mod:`~dieproof.proofs.dont_let_it_die.vocabulary`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from dieproof.proofs.abstraction import Abstraction, Part
from dieproof.proofs.dont_let_it_die.model import MODEL
from dieproof.proofs.dont_let_it_die.vocabulary import DISCOVERIES, ITEMS, MEALS, PHASE_OF, SEATS
from dieproof.reference.core.types import CHANCE, TERMINAL, State
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    BONE,
    CHALLENGES,
    COOKED_BERRY,
    COOKED_MEAT,
    DECKS,
    FIBER,
    FKP,
    HIDE,
    MEAT,
    REVIVE_MEAT,
    ROCK,
    STAT_CAP,
    USED_DAILY,
    USED_FREE,
    USED_REROLL,
    WOOD,
    AddWood,
    Cook,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    Fight,
    Investigate,
    PlaceFkp,
    Revive,
    Skill,
    Step,
    Trade,
)

_CHANCE_STEPS = (
    Step.DRAW,
    Step.LIGHTNING,
    Step.ROLL,
    Step.MABE,
    Step.NIGHT,
    Step.NIGHT_ROLL,
)
WEAPON_BIT, TOOL_BIT = 1, 2
"""The bits of ``DlidState.to_lose``: an unequipped weapon, an unequipped tool owed."""
KARA_CARD, DUB_CARD = 2, 4
"""The character cards whose skills decide a node (content order)."""


QUIET_EVENTS = frozenset(
    {
        "fog",
        "poisoning",
        "spices",
        "screeching",
        "morale",
        "lightning",
        "broken-tool",
        "volcano",
        "rainstorm",
        "sunburn",
        "earthquake",
        "teaching",
        "winds",
        "mushroom",
        "dead-boar",
        "murky",
        "calm",
    }
)
"""The night events whose instructions touch nobody's health at night (DLID-NIGHT-2: the
rival tribes, the healing smoke, the stampede, the sabertooths, the cold wind and the
starving boars do)."""


def _player_of(config: DlidConfig, seat: int) -> int:
    """The player who controls the character in ``seat`` (Setup): the config's
    controllers, else the characters shared out in seat order."""
    if config.controllers:
        return config.controllers[seat]
    return seat * config.players // 4


def expected_mover(state: DlidState) -> int:
    """Who decides at ``state``, restated from the rulebook rather than taken from the
    rules modules: chance at a draw or roll, nobody once the game is over, else the
    player controlling the character concerned (the one whose turn it is, the one
    fighting or keeping a card, Kara for her re-roll, Dub for his redraw; the first
    player for the night's and the morning's group choices)."""
    step = state.step
    if step in _CHANCE_STEPS:
        return CHANCE
    if step is Step.OVER:
        return TERMINAL
    seats = [m.character for m in state.members]
    if step in (Step.TURN, Step.PAY):
        seat = state.turn
    elif step in (Step.FIGHT, Step.PICK):
        seat = state.actor
    elif step is Step.REROLL:
        seat = seats.index(KARA_CARD)
    elif step is Step.DUB:
        seat = seats.index(DUB_CARD)
    else:
        seat = state.first
    return _player_of(state.config, seat)


@dataclass(frozen=True, slots=True)
class _Box:
    """What the abstraction reads of a configuration, computed once per configuration."""

    health: tuple[int, ...]
    stamina: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    relaxation: int
    warmths: tuple[int, ...]
    kinds: tuple[str, ...]
    effects: tuple[str, ...]
    stolen: tuple[int, ...]
    shelter: tuple[int, ...]
    stock: tuple[int, ...]
    requires: tuple[tuple[int, ...], ...]
    cooking: tuple[int, int]
    constants: tuple[int | bool, ...]


_SUPPLY_OF: Final = {WOOD: 0, ROCK: 1, FIBER: 2, BERRY: 3, MEAT: 4, BONE: 5, HIDE: 6}
"""The raw token a rival tribe names -> its supply's index in ``stok``'s order (wood, then
the model's GOODS)."""

_BOXES: dict[DlidConfig, _Box] = {}


def _box(config: DlidConfig) -> _Box:
    found = _BOXES.get(config)
    if found is None:
        box = content.box(config)
        tree = [d.name for d in box.tree]
        table = content.items(config)
        last = 15 if config.readings.game_end == "day-15" else 14
        arrows: list[int] = []
        fire = tree.index("fire-starter")
        requires_all = tuple(
            tuple(j for j in range(len(tree)) if j != k)
            if config.challenge == CHALLENGES[9] and k == fire
            else box.tree[k].requires
            for k in range(len(tree))
        )
        whole = tuple(
            sum(
                0 if config.challenge == CHALLENGES[8] and card.kind == "danger" else card.count
                for card in box.decks[d]
            )
            for d in range(DECKS)
        )
        for k in DISCOVERIES:
            requires = box.tree[k].requires if k < len(tree) else ()
            arrows += [requires[0] if requires else -1, requires[1] if len(requires) > 1 else -1]
        found = _BOXES[config] = _Box(
            health=tuple(c.health for c in box.characters),
            stamina=tuple(c.stamina for c in box.characters),
            slots=tuple((c.weapon_slots, c.tool_slots) for c in box.characters),
            names=tuple(c.name for c in box.characters),
            relaxation=tree.index("relaxation") if "relaxation" in tree else -1,
            warmths=tuple(tree.index(f"warmth-{n}") for n in (1, 2, 3) if f"warmth-{n}" in tree),
            kinds=tuple(item.kind for item in table),
            effects=tuple(e.effect for e in box.night_events),
            stolen=tuple(_SUPPLY_OF.get(e.token, -1) for e in box.night_events),
            shelter=tuple(j for j, item in enumerate(table) if item.name == "Shelter"),
            stock=tuple(j for j, item in enumerate(table) if item.name == "Stock Hut"),
            requires=requires_all,
            cooking=(
                tree.index("cooking-1") if "cooking-1" in tree else -1,
                tree.index("cooking-2") if "cooking-2" in tree else -1,
            ),
            constants=(
                last,
                tree.index("fire-starter"),
                config.readings.wood_supply == "shared",
                config.tracker == "hard",
                config.readings.empty_pit == "after-refuel",
                config.readings.game_end == "night-14",
                1 if config.challenge == CHALLENGES[5] else 0,
                *arrows,
                5 if config.challenge == CHALLENGES[2] else 1,
                *whole,
                sum(e.count for e in box.night_events),
                config.challenge == CHALLENGES[9],
                config.readings.everybody_down == "waits",
                config.challenge == CHALLENGES[3] and config.readings.night_fiber == "as-berries",
            ),
        )
        if len(_BOXES) > 64:
            _BOXES.clear()
    return found


def _effect(state: DlidState) -> str:
    return "" if state.event < 0 else _box(state.config).effects[state.event]


def _seat_names() -> tuple[str, ...]:
    names = (
        *("hp", "mhp", "st", "mst", "w", "t", "ws", "ts", "cmh", "cms", "card", "daily"),
        *("down", "rev", "mdmg", "today", "fin"),
    )
    return tuple(f"{x}[{i}]" for i in SEATS for x in names)


def _seats(state: DlidState) -> list[int | bool]:
    """Each character: its counts and flags; the maxima restated from the rulebook, not
    taken from the rules modules (the card's health, +2 with Relaxation; the card's
    stamina, +1 per Warmth unlocked, -1 per Club equipped; each within 0 and 10: Fire
    Knowledge Points, Items, FAQ 2); and the damage its morning deals (Morning Phase,
    step 3: 1 each, 2 on the Hard side under DLID-A4's "two", none with the Shelter, 1
    more after the volcano and in Challenge 8; none after high morale, none for Vog)."""
    config = state.config
    box = _box(config)
    e = _effect(state)
    unlocked = state.unlocked
    relax = 2 if box.relaxation >= 0 and unlocked[box.relaxation] else 0
    warm = sum(1 for k in box.warmths if unlocked[k])
    hurt = 2 if config.tracker == "hard" and config.readings.hard_tracker_damage == "two" else 1
    if state.building >= 0 and state.building in box.shelter:
        hurt = 0
    hurt += (e == "volcano") + (config.challenge == "fruitarianism")
    out: list[int | bool] = []
    for m in state.members:
        c = m.character
        ws, ts = box.slots[c]
        hp = min(max(box.health[c] + relax, 0), STAT_CAP)
        st = box.stamina[c] + warm - sum(1 for w in m.weapons if w == content.CLUB)
        st = min(max(st, 0), STAT_CAP)
        dmg = 0 if e == "morale" or box.names[c] == "Vog" else hurt
        out += (m.hp, m.max_hp, m.stamina, m.max_stamina, len(m.weapons), len(m.tools), ws, ts)
        out += (hp, st, c, bool(m.used & USED_DAILY), m.down, m.reviving, dmg)
        out += (m.investigations + sum(m.guards), m.done)
    return out


_TOKEN_NAMES: Final = ("wood", "rock", "fiber", "berries", "meats", "bone", "hide", "fkp", "fkpool")


def _tokens(state: DlidState) -> tuple[int, ...]:
    t = state.tokens
    fkp = t[FKP] + sum(state.placed) + sum(state.unlocked)
    return (
        t[WOOD],
        t[ROCK],
        t[FIBER],
        t[BERRY] + t[COOKED_BERRY],
        t[MEAT] + t[COOKED_MEAT],
        t[BONE],
        t[HIDE],
        fkp,
        t[FKP],
    )


def _held(state: DlidState) -> tuple[int, ...]:
    kinds = _box(state.config).kinds
    spare = [kinds[j] for m in state.members for j in m.spare]
    held = sum(len(m.weapons) + len(m.tools) + len(m.spare) for m in state.members)
    return held, spare.count("weapon"), spare.count("tool")


def _mover(state: DlidState) -> tuple[int, ...]:
    return rules.to_move(state), expected_mover(state)


def _step(state: DlidState) -> tuple[int | bool, ...]:
    step = state.step
    return (
        PHASE_OF[step],
        step is Step.NIGHT,
        step in (Step.BREAK_TOOL, Step.LOSE_ITEMS, Step.REFUEL),
        step is Step.LOSE_ITEMS,
        step in (Step.NIGHT, Step.DUB),
        step is Step.ROLL,
        step is Step.REROLL,
        step is Step.NIGHT_ROLL,
    )


def _kara(state: DlidState) -> tuple[bool]:
    """Kara is in play and has not had a roll re-rolled today (her card: once a day)."""
    return (
        any(
            m.character == KARA_CARD and not m.down and not m.used & USED_REROLL
            for m in state.members
        ),
    )


def _event(state: DlidState) -> tuple[int | bool, ...]:
    """The night event in force and what the rulebook says follows from it: the stamina
    the morning's refill cuts, whether it touches anybody's health at night
    (``quiet``), teaching, the fog, the sunburn, the winds; whether drawing it hurts
    nobody (``calm``: a quiet event, the healing smoke, or the rival tribes outside
    Challenge 7, whose text has everyone take 2), the earthquake, the food poisoning, the
    rainstorm, the stampede and the supply a rival tribe takes."""
    e = _effect(state)
    cut = {"screeching": 3, "cold-wind": 2}.get(e, 0)
    quiet = e in QUIET_EVENTS
    calm = quiet or e == "heal-all" or (e == "steal" and state.config.challenge != CHALLENGES[7])
    return (
        cut,
        quiet,
        e == "teaching",
        e == "fog",
        e == "sunburn",
        e == "winds",
        calm,
        e == "earthquake",
        e == "poisoning",
        e == "rainstorm",
        e == "stampede",
        -1 if state.event < 0 else _box(state.config).stolen[state.event],
    )


_CONFIG_NAMES: Final = (
    "last",
    "fs",
    "shared",
    "hard",
    "refuelok",
    "nightend",
    "sur",
    *(f"{x}[{k}]" for k in DISCOVERIES for x in ("pa", "pb")),
    "day0",
    *(f"dk0[{d}]" for d in range(DECKS)),
    "nev0",
    "foodwood",
    "waits",
    "fiberb",
)


def _config(state: DlidState) -> tuple[int | bool, ...]:
    return _box(state.config).constants


def _deck_cards(state: DlidState) -> tuple[int, ...]:
    """The cards left in each resource deck (not its discard pile)."""
    return tuple(sum(deck) for deck in state.decks)


def _all_cards(state: DlidState) -> tuple[int, ...]:
    """Each resource deck's cards wherever they are: in the deck, in its discard pile, back
    on top (Challenge 4) or drawn by the pending draw."""
    return tuple(
        sum(state.decks[d])
        + sum(state.discards[d])
        + (state.on_top[d] >= 0)
        + (len(state.drawn) if state.deck == d else 0)
        for d in range(DECKS)
    )


def _night_cards(state: DlidState) -> tuple[int]:
    """The night event cards in the night deck, in its discard pile and in force."""
    return (sum(state.night_deck) + sum(state.night_discard) + (state.event >= 0),)


def _result(state: DlidState) -> tuple[bool, ...]:
    result = state.result
    return (
        result is not None,
        result is not None and bool(result.winners),
        result is not None and result.rule == "DLID-END-2",
    )


def _tree(state: DlidState) -> tuple[bool, ...]:
    unlocked = state.unlocked
    n = len(unlocked)
    return tuple(unlocked[k] if k < n else False for k in DISCOVERIES)


def _made(state: DlidState) -> tuple[int, ...]:
    kinds = _box(state.config).kinds
    made = state.made
    return (*made, sum(n for j, n in enumerate(made) if kinds[j] == "building"))


def _pending(state: DlidState) -> tuple[int]:
    """The decision fields set (a finished game holds none)."""
    return (
        (state.actor >= 0)
        + (state.deck >= 0)
        + len(state.drawn)
        + state.planning
        + state.again
        + (state.roll >= 0)
        + (state.take >= 0)
        + state.owed
        + state.mabe,
    )


MEAL_COST: Final = {food: eats for food, (eats, _) in MEALS.items()}
"""The tokens a meal eats (:data:`MEALS`); Challenge 3 adds fiber as berries (3)."""
_DRAWS: Final = tuple(DrawCard(deck) for deck in range(DECKS))
_INVESTIGATE: Final = Investigate()
_INVESTIGATE_FREE: Final = Investigate(free=True)
_WOOD: Final = AddWood()
_OFFER_NAMES: Final = (
    "tnode",
    "fnode",
    "tturn",
    "tcard",
    "tst",
    "tw",
    "tt",
    "inv",
    "discs",
    "menub",
    "menum",
    "crev",
    "mush",
    "linv",
    "lwood",
    "lcron",
    "leat",
    "lrev",
    "tradeok",
    "ltrade",
    *(f"{x}[{d}]" for d in range(DECKS) for x in ("left", "ldraw")),
    "fseat",
    "fhurt",
    "lvog",
    *("rawb", "rawm", "cook1", "cook2", "lcook", "nopen", "dub", "lplace", "tdaily", "lajax"),
    "lrwood",
    *("ckb", "ckm", "lfwood"),
    *("tfree", "lfinv"),
)
_NO_TURN: Final = (
    *(False, False, -1, 0, 0, 0, 0, 0, 0, 0, 0),
    *(False, False, False, False, 0, 0, 0, False, 0),
    *(False,) * 8,
)
_NO_TURN_MORE: Final = (0, 0, False, False, 0, 0, False, 0, False, 0)


def _offers(state: DlidState) -> tuple[int | bool, ...]:
    """At a decision node of a turn or a fight, what the rulebook decides its offers by
    (restated from the state, not from the rules modules) and what the reference's
    listing offers."""
    step = state.step
    if step is Step.FIGHT:
        return (
            *(False, True, *_NO_TURN[2:], *_fight(state), *_NO_TURN_MORE, False, 0, 0, 0),
            *(False, False),
        )
    if step is Step.REFUEL:
        actions = rules.legal_actions(state)
        t = state.tokens
        return (
            *_NO_TURN,
            *(-1, 0, 0),
            *(t[BERRY], t[MEAT], *_NO_TURN_MORE[2:]),
            _WOOD in actions,
            *_foods(state, actions),
            *(False, False),
        )
    if step is not Step.TURN:
        return (*_NO_TURN, -1, 0, 0, *_NO_TURN_MORE, False, 0, 0, 0, False, False)
    who = state.turn
    t = state.tokens
    berries = (t[BERRY] >= MEAL_COST[BERRY]) + (t[COOKED_BERRY] >= MEAL_COST[COOKED_BERRY])
    if state.config.challenge == CHALLENGES[3]:
        berries += t[FIBER] >= MEAL_COST[BERRY]
    meats = (t[MEAT] >= MEAL_COST[MEAT]) + (t[COOKED_MEAT] >= MEAL_COST[COOKED_MEAT])
    actions = rules.legal_actions(state)
    cron = eat = revive = trade = cook = place = ajax = 0
    for a in actions:
        if isinstance(a, PlaceFkp):
            place += 1
        elif isinstance(a, Cook):
            cook += 1
        elif isinstance(a, Trade):
            trade += 1
        elif isinstance(a, Eat):
            eat += 1
        elif isinstance(a, Revive):
            revive += 1
        elif isinstance(a, Skill) and a.skill == "cron-shuffle":
            cron += 1
        elif isinstance(a, Skill) and a.skill == "ajax-heal":
            ajax += 1
    decks: list[bool] = []
    for d in range(DECKS):
        left = state.on_top[d] >= 0 or any(state.decks[d]) or any(state.discards[d])
        decks += (left, _DRAWS[d] in actions)
    m = state.members[who]
    box = _box(state.config)
    unlocked = state.unlocked
    opened = sum(
        1
        for k, requires in enumerate(box.requires)
        if not unlocked[k] and all(unlocked[j] for j in requires)
    )
    c1, c2 = box.cooking
    dub = any(x.character == DUB_CARD and not x.down for x in state.members)
    return (
        True,
        False,
        who,
        m.character,
        m.stamina,
        len(m.weapons),
        len(m.tools),
        m.investigations,
        sum(1 for pile in state.discards if any(pile)),
        berries,
        meats,
        t[COOKED_MEAT] >= REVIVE_MEAT,
        _effect(state) == "mushroom",
        _INVESTIGATE in actions,
        _WOOD in actions,
        cron,
        eat,
        revive,
        _may_trade(state),
        trade,
        *decks,
        -1,
        0,
        0,
        t[BERRY],
        t[MEAT],
        c1 >= 0 and unlocked[c1],
        c2 >= 0 and unlocked[c2],
        cook,
        opened,
        dub,
        place,
        bool(m.used & USED_DAILY),
        ajax,
        False,
        *_foods(state, actions),
        bool(m.used & USED_FREE),
        _INVESTIGATE_FREE in actions,
    )


def _foods(state: DlidState, actions: Sequence[object]) -> tuple[int, int, int]:
    """The cooked berries and meat in the pool, and the foods the listing offers for the
    pit (an AddWood of anything but wood)."""
    t = state.tokens
    foods = sum(1 for a in actions if isinstance(a, AddWood) and a.food != WOOD)
    return t[COOKED_BERRY], t[COOKED_MEAT], foods


TRADE_COST: Final = 1
TRADE_GIVE: Final = 3
TRADE_GIVE_STOCK_HUT: Final = 2
NO_TRADE: Final = (CHALLENGES[3], CHALLENGES[7])


def _may_trade(state: DlidState) -> bool:
    """Whether the turn's character may trade at all, restated from the rulebook (Trade:
    1 stamina, plus Challenge 5's surcharge, and 3 tokens from the pool for one, 2 with
    the Stock Hut; none in Challenges 3 and 7)."""
    config = state.config
    if config.challenge in NO_TRADE:
        return False
    ice = 1 if config.challenge == CHALLENGES[5] else 0
    if state.members[state.turn].stamina < TRADE_COST + ice:
        return False
    give = TRADE_GIVE_STOCK_HUT if state.building in _box(config).stock else TRADE_GIVE
    return sum(state.tokens) >= give


def _fight(state: DlidState) -> tuple[int, int, int]:
    """The fighter, the plain ways to fight listed that leave the fighter hurt, and
    Vog's covers listed. A fight hurts, restated from the combat rules (DLID-COMBAT-1 to
    DLID-COMBAT-5): the weapons chosen kill when their damage reaches the card's life,
    and then the fighter takes 1 unless every weapon chosen reaches 2 or more; otherwise
    the fighter takes the card's damage."""
    who = state.actor
    card = content.box(state.config).decks[state.deck][state.drawn[0]]
    table = content.items(state.config)
    weapons = state.members[who].weapons
    hurt = vog = 0
    for a in rules.legal_actions(state):
        if not isinstance(a, Fight):
            continue
        if a.vog:
            vog += 1
        elif a.armour < 0:
            chosen = [table[weapons[s]] for s in a.weapons]
            kill = bool(chosen) and sum(w.damage for w in chosen) >= card.life
            reach = min((w.range for w in chosen), default=0)
            hurt += ((0 if reach >= 2 else 1) if kill else card.damage) > 0
    return who, hurt, vog


_FIELDS_ALL: Final = tuple(DlidState.__struct_fields__)


def _parts() -> tuple[Part[DlidState], ...]:
    c = ("config",)
    return (
        Part((*c, "members", "unlocked", "event", "building"), _seat_names(), _seats),
        Part(("tokens", "placed", "unlocked"), _TOKEN_NAMES, _tokens),
        Part((*c, "members"), ("held", "spw", "spt"), _held),
        Part(
            (*c, "step", "turn", "actor", "first", "members", "result"),
            ("mover", "expect"),
            _mover,
        ),
        Part(
            ("step",),
            (
                *("phase", "fresh", "settled", "losing", "drawing", "rolling", "rerolling"),
                "nrolling",
            ),
            _step,
        ),
        Part((*c, "members"), ("kfresh",), _kara),
        Part(
            (*c, "event"),
            (
                *("cut", "quiet", "teach", "fog", "sun", "winds", "calm", "quake", "poison"),
                *("rain", "stamp", "stok"),
            ),
            _event,
        ),
        Part(
            ("wood_taken", "pit", "pit_food", "day"),
            ("wtaken", "pit", "pitfood", "day"),
            lambda s: (s.wood_taken, s.pit, s.pit_food, s.day),
        ),
        Part(c, _CONFIG_NAMES, _config),
        Part(
            ("to_lose",),
            ("owew", "owet"),
            lambda s: (bool(s.to_lose & WEAPON_BIT), bool(s.to_lose & TOOL_BIT)),
        ),
        Part(("result",), ("ended", "won", "lostpit"), _result),
        Part(("decks",), tuple(f"dk[{d}]" for d in range(DECKS)), _deck_cards),
        Part(
            ("decks", "discards", "on_top", "drawn", "deck"),
            tuple(f"dall[{d}]" for d in range(DECKS)),
            _all_cards,
        ),
        Part(("night_roll",), ("nroll",), lambda s: (s.night_roll,)),
        Part(("night_deck", "night_discard", "event"), ("nev",), _night_cards),
        Part(("unlocked",), tuple(f"u[{k}]" for k in DISCOVERIES), _tree),
        Part((*c, "made"), (*(f"made[{j}]" for j in ITEMS), "bld"), _made),
        Part(
            ("actor", "deck", "drawn", "planning", "again", "roll", "take", "owed", "mabe"),
            ("pend",),
            _pending,
        ),
        Part(_FIELDS_ALL, _OFFER_NAMES, _offers),
    )


ABSTRACTION: Final = Abstraction(MODEL, _parts(), kind=DlidState)


def abstract(state: State) -> dict[str, int | bool]:
    """The model's variables of ``state``."""
    assert isinstance(state, DlidState)
    return ABSTRACTION.mapping(state)
