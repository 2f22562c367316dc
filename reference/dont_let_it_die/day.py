"""Don't Let It Die: the day phase. A character's turn is one decision node (``TURN``)
that lists the turn character's actions followed by the free-action window: any
character in play may eat, the group may add wood, place FKP or revive (DLID-A10).

Each kind of action has a generator (the legal actions of that kind, in canonical order)
and an effect; ``apply`` in :mod:`~dieproof.reference.dont_let_it_die.rules` accepts an
action exactly when its kind's generator lists it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, product
from operator import ge
from typing import Final

from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import content, night
from dieproof.reference.dont_let_it_die.base import (
    _TABLES,
    AJAX,
    ATOUK,
    AYLA,
    CRON,
    DOWN,
    DUB,
    GRONK,
    GRUB,
    ICE_AGE,
    KARA,
    MABE,
    NANUK,
    NIBNA,
    NIRV,
    RIVER,
    TARA,
    THUNK,
    VOG,
    ZEEBO,
    Table,
    add_stamina,
    cooking,
    damage,
    find,
    fkp_in_box,
    gain,
    gained,
    has,
    heal,
    in_box,
    over,
    pay_stamina,
    refit,
    refit_all,
    remember,
    set_member,
    spend,
    table_of,
    text_abilities,
    tier_open,
)
from dieproof.reference.dont_let_it_die.base import foods as _foods
from dieproof.reference.dont_let_it_die.content import PLANNING_HUT, STOCK_HUT
from dieproof.reference.dont_let_it_die.types import (
    AT_DRAW,
    AT_FIGHT,
    AT_MABE,
    AT_PAY,
    AT_PICK,
    AT_REROLL,
    AT_ROLL,
    AT_TURN,
    BERRY,
    BONE,
    CHARACTERS_IN_PLAY,
    COOKED_BERRY,
    COOKED_MEAT,
    COST_COOK,
    COST_CRAFT,
    COST_INVESTIGATE,
    COST_TRADE,
    DECK_COSTS,
    DECKS,
    FIBER,
    FKP,
    FORAGE,
    GATHER,
    HARVEST,
    HIDE,
    HUNT,
    ITEM_COPIES,
    MEAT,
    RAW_KINDS,
    REVIVE_HP,
    REVIVE_MEAT,
    ROCK,
    TOKEN_KINDS,
    TOKEN_SUPPLY,
    TRADE_RATE,
    TRADE_RATE_STOCK_HUT,
    USED_BERRY_STAMINA,
    USED_DAILY,
    USED_DOUBLE_MEAL,
    USED_FREE,
    USED_KILL_HEAL,
    USED_KNOWLEDGE_HUT,
    USED_MABE,
    USED_REROLL,
    WOOD,
    AddWood,
    Cook,
    Craft,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    EndTurn,
    Fight,
    Investigate,
    Keep,
    Member,
    Pay,
    PlaceFkp,
    Reroll,
    Revive,
    Skill,
    SkillName,
    Trade,
    challenge_number,
)

PLANNING_DRAWS: Final = 2
"""Planning Hut draws a day (Buildings)."""

MEALS: Final = {BERRY: (3, 1), MEAT: (2, 1), COOKED_BERRY: (2, 2), COOKED_MEAT: (1, 2)}
"""Food -> (tokens eaten, health) (Day Phase action 6; FAQ 4)."""
BERRY_FOODS: Final = frozenset({BERRY, COOKED_BERRY, FIBER})
MEAT_FOODS: Final = frozenset({MEAT, COOKED_MEAT})
FOOD_WOOD: Final = {BERRY: (3, 1), MEAT: (2, 1), COOKED_BERRY: (2, 2), COOKED_MEAT: (1, 2)}
"""Challenge 9: food -> (tokens, wood it stands for): its healing value."""


def effect(state: DlidState) -> str:
    """The effect of the night event in force ('' when none)."""
    event = state.event
    return "" if event < 0 else content.box(state.config).night_events[event].effect


def surcharge(state: DlidState) -> int:
    """Challenge 5 (Ice Age): every action costs 1 stamina more. Implements DLID-CHAL-5."""
    return 1 if state.config.challenge == ICE_AGE else 0


# -- the turn's actions ----------------------------------------------------------------------


def draw_cost(state: DlidState, who: int, deck: int) -> int:
    """Stamina a draw costs ``who``: Forage 2, Gather 2, Harvest 3, Hunt 3 (Ayla hunts for
    2). Implements DLID-DAY-2."""
    character = state.members[who].character
    cost = 2 if deck == HUNT and character == AYLA else DECK_COSTS[deck]
    return cost + surcharge(state)


def may_draw(member: Member, deck: int, fog: bool) -> bool:
    """Whether ``member`` may take the action of ``deck`` at all, the deck's cards aside
    (``fog``: the fog night event is in force). Implements DLID-DAY-3 and the characters'
    restrictions."""
    c = member.character
    if deck == HUNT and (not member.weapons or c in (GRUB, ATOUK)):
        return False
    if deck == HARVEST and not member.tools:
        return False
    if deck == FORAGE and c in (ATOUK, THUNK):
        return False
    if deck == GATHER and c == THUNK:
        return False
    return not (fog and deck in (HUNT, HARVEST))


_DRAW_ACTIONS: Final = tuple(
    (
        DrawCard(deck),
        DrawCard(deck, planning=True),
        DrawCard(deck, free=True),
        DrawCard(deck, free=True, planning=True),
    )
    for deck in range(DECKS)
)
"""Each deck's draws (plain, Planning Hut, free, free with the Planning Hut), built once."""

_DRAWS: dict[
    tuple[int, bool, bool, bool, int, bool, bool, int, tuple[bool, ...]], tuple[DrawCard, ...]
] = {}
"""The draws remembered per character, equipment, night event, stamina, the rest of what
they depend on and the decks with a card left."""


def _draws(
    state: DlidState,
    who: int,
    m: Member,
    fx: str,
    sur: int,
    *,
    planning: bool,
    left: tuple[bool, ...],
) -> tuple[DrawCard, ...]:
    """The turn character's draws; ``planning``: whether the Planning Hut's draw is open
    (:func:`_planning`), ``left``: the decks with a card left (:func:`_cards_left`)."""
    fog = fx == "fog"
    c = m.character
    nirv = c == NIRV and not m.used & USED_FREE
    key = (c, m.weapons == (), m.tools == (), fog, m.stamina, nirv, planning, sur, left)
    found = _DRAWS.get(key)
    if found is not None:
        return found
    out: list[DrawCard] = []
    for deck in range(DECKS):
        if not left[deck] or not may_draw(m, deck, fog):
            continue
        plain, planned, free, free_planned = _DRAW_ACTIONS[deck]
        if m.stamina >= draw_cost(state, who, deck):
            out.append(plain)
            if planning:
                out.append(planned)
        if deck == GATHER and nirv:
            out.append(free)
            if planning:
                out.append(free_planned)
    return remember(_DRAWS, key, tuple(out))


_OPENERS: dict[
    tuple[int, bool, bool, str, int, int, bool, int, tuple[bool, ...], bool],
    tuple[DrawCard | Investigate, ...],
] = {}
"""The turn's draws and Investigate Fire together, remembered per what both read."""


def _openers(
    state: DlidState, who: int, m: Member, fx: str, sur: int
) -> tuple[DrawCard | Investigate, ...]:
    """The first two parts of a turn's listing, :func:`_draws` and :func:`_investigations`,
    in one memo keyed by what both read (the character, its equipment, stamina, free use
    and Investigate Fire count, the night event, the Planning Hut, the surcharge and the
    decks with a card left): one call and one lookup where there were two of each.

    The key holds only what the two read of the event and the stamina: the event's effect
    when it is one of :data:`_OPENER_EFFECTS` (they compare it with nothing else), and the
    stamina up to :data:`_OPENER_STAMINA` plus the surcharge (they compare it with costs
    no higher), so that keys differing elsewhere share an entry.

    :func:`_planning` and the last answer of :func:`_cards_left` are read inline (a call
    each would cost as much as the lookup they make)."""
    planning = state.building == PLANNING_HUT and state.planning_used < PLANNING_DRAWS
    on_top, decks, discards = state.on_top, state.decks, state.discards
    last = _LEFT[0]
    if last[0] is on_top and last[1] is decks and last[2] is discards:
        left = last[3]
    else:
        left = _cards_left(state)
    stamina = m.stamina
    cap = _OPENER_STAMINA + sur
    key = (
        m.character,
        m.weapons == (),
        m.tools == (),
        fx if fx in _OPENER_EFFECTS else "",
        stamina if stamina < cap else cap,
        m.used & USED_FREE,
        planning,
        sur,
        left,
        m.investigations >= 1,
    )
    found = _OPENERS.get(key)
    if found is None:
        opened: tuple[DrawCard | Investigate, ...] = (
            *_draws(state, who, m, fx, sur, planning=planning, left=left),
            *_investigations(m, fx, sur),
        )
        found = remember(_OPENERS, key, opened)
    return found


_OPENER_EFFECTS: Final = frozenset({"fog", "sunburn", "winds"})
"""The night effects :func:`_draws` (the fog) and :func:`_investigations` (the sunburn, the
winds) test; any other effect lists as no effect."""

_OPENER_STAMINA: Final = max(*DECK_COSTS, COST_INVESTIGATE)
"""The highest cost before the surcharge a draw (:func:`draw_cost`: a deck's, or Ayla's
lower Hunt) or Investigate Fire compares the stamina with: any stamina from it plus the
surcharge up lists the same."""


_LEFT: list[
    tuple[
        tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[bool, ...]
    ]
] = [((), (), (), ())]
"""The last decks seen (on top, decks, discard piles: the very tuples) with the decks that
have a card left: a draw replaces them, any other action passes them on unchanged."""


def _cards_left(state: DlidState) -> tuple[bool, ...]:
    """Per deck, whether it has a card to draw: on top, in the deck or in its discard pile;
    the answer is kept with the tuples it read."""
    on_top, decks, discards = state.on_top, state.decks, state.discards
    # the four decks written out: a comprehension is a call of its own (Python 3.11)
    left = (
        on_top[FORAGE] >= 0 or any(decks[FORAGE]) or any(discards[FORAGE]),
        on_top[GATHER] >= 0 or any(decks[GATHER]) or any(discards[GATHER]),
        on_top[HARVEST] >= 0 or any(decks[HARVEST]) or any(discards[HARVEST]),
        on_top[HUNT] >= 0 or any(decks[HUNT]) or any(discards[HUNT]),
    )
    _LEFT[0] = (on_top, decks, discards, left)
    return left


def _planning(state: DlidState) -> bool:
    """Whether a draw may use the Planning Hut: built, and not yet used twice today."""
    return state.building == PLANNING_HUT and state.planning_used < PLANNING_DRAWS


_INVESTIGATE: Final = Investigate()
_INVESTIGATE_FREE: Final = Investigate(free=True)


def trade_rate(state: DlidState) -> int:
    """Tokens given per token taken: 3, or 2 with the Stock Hut. Implements DLID-BUILD-4."""
    return TRADE_RATE_STOCK_HUT if state.building == content.STOCK_HUT else TRADE_RATE


def available(state: DlidState, kind: int) -> int:
    return in_box(state, kind)


_TRADE_ACTIONS: Final = tuple(Trade(kind) for kind in (*RAW_KINDS, FKP))
_TRADE_FKP: Final = _TRADE_ACTIONS[-1]
_RAW_TRADES: Final = _TRADE_ACTIONS[:-1]
_COOK_ACTIONS: Final = {BERRY: Cook(BERRY), MEAT: Cook(MEAT)}


def _trades(state: DlidState, t: Table, m: Member) -> list[Trade]:
    if not t.trades or m.stamina < COST_TRADE + t.surcharge:
        return []
    if sum(state.tokens) < trade_rate(state):
        return []
    return _trade_offers(state, t)


def _trade_offers(state: DlidState, t: Table) -> list[Trade]:
    """:func:`_trades` once the Challenge, the stamina and the pool's size allow a trade
    (the turn's listing tests them inline)."""
    tokens = state.tokens
    # the raw kinds' supplies read the pool and, with the shared wood supply, the pit:
    # remembered per pool and pit
    extra = state.pit - state.pit_food if t.shared_wood else 0
    raw: tuple[Trade, ...] | None
    if extra >= 0 and sum(tokens) - tokens[FKP] + extra < TOKEN_SUPPLY:
        # fewer tokens out of the box than one supply holds, so every raw supply has one
        # left (most pools: no key to build, and the memo below misses on most new pools)
        raw = _RAW_TRADES
    else:
        key = (tokens, extra)
        raw = t.raw_trades.get(key)
        if raw is None:
            raw = remember(
                t.raw_trades,
                key,
                tuple(trade for trade in _RAW_TRADES if in_box(state, trade.take) > 0),
            )
    if fkp_in_box(state) > 0:
        return [*raw, _TRADE_FKP]
    return list(raw)


def _waivers(cost: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Atouk's choices: which (sorted) tokens of ``cost`` to leave out, 2 of them but
    never paying fewer than 2 (FAQ 16)."""
    total = sum(cost)
    k = min(2, max(total - 2, 0))
    if k == 0:
        return [()]
    kinds = [kind for kind in range(TOKEN_KINDS) for _ in range(cost[kind])]
    found: set[tuple[int, ...]] = set()
    for i in range(len(kinds)):
        if k == 1:
            found.add((kinds[i],))
            continue
        for j in range(i + 1, len(kinds)):
            found.add((kinds[i], kinds[j]))
    return sorted(found)


def craftable(state: DlidState, item: int) -> bool:
    """Whether the group may craft ``item`` at all: its tier unlocked, a copy left in the
    box, and for a building Crafting 3 and no building yet. Implements DLID-ITEMS-1,
    DLID-ITEMS-2, DLID-ITEMS-3 and DLID-BUILD-1."""
    spec = content.items(state.config)[item]
    if not tier_open(state, spec.tier):
        return False
    if spec.kind == "building":
        return state.building < 0 and has(state, "crafting-3")
    if state.config.readings.lost_items == "item" and lost_copy(state, item):
        return False
    return state.made[item] < ITEM_COPIES


def lost_copy(state: DlidState, item: int) -> bool:
    """Whether a copy of ``item`` has been lost or destroyed: one made (crafted or started
    with) that nobody holds, equipped or not (DLID-A27)."""
    held = sum(
        m.weapons.count(item) + m.tools.count(item) + m.spare.count(item) for m in state.members
    )
    return held < state.made[item]


def slots(config: DlidConfig, member: Member, kind: str) -> int:
    card = content.box(config).characters[member.character]
    return card.weapon_slots if kind == "weapon" else card.tool_slots


def equip_slots(config: DlidConfig, member: Member, item: int, kind: str) -> list[int]:
    """Slots ``item`` may go into: an occupied one (its item is unequipped) or the next
    free one; Ajax's two tools must differ. Implements DLID-ITEMS-5."""
    if kind == "building":
        return []
    held = member.weapons if kind == "weapon" else member.tools
    out = []
    for slot in range(min(len(held) + 1, slots(config, member, kind))):
        others = [x for i, x in enumerate(held) if i != slot]
        if kind == "tool" and member.character == AJAX and item in others:
            continue
        out.append(slot)
    return out


def craftable_items(state: DlidState, t: Table) -> tuple[int, ...]:
    """The items :func:`craftable` allows, in item order; remembered per configuration,
    unlocked discoveries, copies made and building, its only inputs (bounded like
    :data:`~dieproof.reference.core.chance.CACHE_LIMIT`). ``t``: the configuration's
    table."""
    if t.lost_closes:
        # DLID-A27's "item" reading reads the equipment too: not remembered, never "last"
        return tuple(i for i in range(len(t.items)) if craftable(state, i))
    unlocked, made, building = state.unlocked, state.made, state.building
    last = t.last_craftable
    # the tuples seldom change from one listing to the next: the very same ones first
    if last[0] is unlocked and last[1] is made and last[2] == building:
        return last[3]
    memo = t.craftable
    key = (unlocked, made, building)
    found = memo.get(key)
    if found is None:
        table = content.items(state.config)
        found = remember(memo, key, tuple(i for i in range(len(table)) if craftable(state, i)))
    t.last_craftable = (unlocked, made, building, found)
    return found


def craft_choices(
    config: DlidConfig, m: Member, item: int, waive: tuple[int, ...]
) -> tuple[Craft, ...]:
    """The crafts of ``item`` by ``m`` with ``waive``: kept unequipped, then into each slot
    :func:`equip_slots` allows; remembered per character and equipment."""
    memo = table_of(config).craft_choices
    key = (m.character, m.weapons, m.tools, item, waive)
    found = memo.get(key)
    if found is None:
        kind = content.items(config)[item].kind
        found = remember(
            memo,
            key,
            (
                Craft(item, -1, waive),
                *(Craft(item, slot, waive) for slot in equip_slots(config, m, item, kind)),
            ),
        )
    return found


def _crafts(state: DlidState, t: Table, m: Member) -> list[Craft]:
    if m.stamina < COST_CRAFT + t.surcharge:
        return []
    table = t.items
    tokens = state.tokens
    if t.challenge == 3:
        # Challenge 3: fiber tokens are raw berries only and pay no fiber cost (DLID-A13)
        tokens = (*tokens[:FIBER], 0, *tokens[FIBER + 1 :])
    config = state.config
    out: list[Craft] = []
    if m.character != ATOUK:
        # craftable_items' first answer inline: the very tuples it last answered for
        last = t.last_craftable
        if last[0] is state.unlocked and last[1] is state.made and last[2] == state.building:
            items = last[3]
        else:
            items = craftable_items(state, t)
        for item in items:
            if all(map(ge, tokens, table[item].cost)):
                out += craft_choices(config, m, item, ())
        return out
    for item in craftable_items(state, t):
        spec = table[item]
        for waive in _waivers(spec.cost):
            cost = list(spec.cost)
            for kind in waive:
                cost[kind] -= 1
            if all(map(ge, tokens, cost)):
                out += craft_choices(config, m, item, waive)
    return out


_SKILLS: dict[tuple[int, str, int], Skill] = {}


def _skill(who: int, name: SkillName, target: int = -1) -> Skill:
    """The skill action, built once per seat, skill and target."""
    key = (who, name, target)
    found = _SKILLS.get(key)
    if found is None:
        found = _SKILLS[key] = Skill(who, name, target)
    return found


def _gronk(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    return [] if m.used & USED_DAILY else [_skill(who, "gronk-rage")]


def _nibna(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    return [_skill(who, "nibna-share")]


def _cron(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 2:
        return []
    # the decks with a discard pile picked in C (compress, map) rather than a comprehension
    return list(compress(_CRON_SHUFFLES[who], map(any, state.discards)))


_CRON_SHUFFLES: Final = tuple(
    tuple(_skill(who, "cron-shuffle", deck) for deck in range(DECKS))
    for who in range(CHARACTERS_IN_PLAY)
)
"""Cron's shuffle of each deck from each seat, built once."""


def _ajax(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 2 or m.used & USED_DAILY:
        return []
    return [_skill(who, "ajax-heal")]


def _atouk(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 2 or m.used & USED_DAILY:
        return []
    return [_skill(who, "atouk-wood")]


def _ayla(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 1:
        return []
    if state.tokens[BERRY] > 0 and available(state, FIBER) > 0:
        return [_skill(who, "ayla-fiber")]
    return []


def _tara(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 2:
        return []
    return [
        _skill(who, "tara-heal", target)
        for target in range(CHARACTERS_IN_PLAY)
        if not state.members[target].down
    ]


def _mabe(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 3:
        return []
    tokens = state.tokens
    return [
        _skill(who, "mabe-copy", kind)
        for kind in range(FKP)
        if tokens[kind] > 0 and available(state, kind) > 0
    ]


def _zeebo(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    if fx == "mushroom" or m.stamina < 3 or state.last_card < 0:
        return []
    return [_skill(who, "zeebo-double")]


_SkillListing = Callable[[DlidState, int, Member, str], list[Skill]]

_SKILL_LISTINGS: Final[dict[int, _SkillListing]] = {
    GRONK: _gronk,
    NIBNA: _nibna,
    CRON: _cron,
    AJAX: _ajax,
    ATOUK: _atouk,
    AYLA: _ayla,
    TARA: _tara,
    MABE: _mabe,
    ZEEBO: _zeebo,
}
"""The skills a turn character may use as an action, by character (the mushrooms forbid
all but Gronk's and Nibna's); the other characters have none."""


def _skills(state: DlidState, who: int, m: Member, fx: str) -> list[Skill]:
    listing = _SKILL_LISTINGS.get(m.character)
    return [] if listing is None else listing(state, who, m, fx)


# -- the free-action window ------------------------------------------------------------------


def meal(state: DlidState, who: int, food: int) -> int:
    """Health ``who`` would gain from eating ``food`` (before the maximum): the food's
    value, doubled for Kara, for Nanuk's meat and for Nibna's meal at 1 health, plus 1 for
    Spices (discovery and night event) and 2 for the Cooking Hut. Implements DLID-DAY-6
    and DLID-BUILD-3."""
    m = state.members[who]
    base = MEALS[BERRY if food == FIBER else food][1]
    c = m.character
    nibna = c == NIBNA and m.hp == 1 and not m.used & USED_DOUBLE_MEAL
    if c == KARA or (c == NANUK and food in MEAT_FOODS) or nibna:
        base *= 2
    if text_abilities(state) and has(state, "spices"):
        base += 1
    if effect(state) == "spices":
        base += 1
    if state.building == content.COOKING_HUT:
        base += 2
    return base


foods: Final = _foods
"""The tokens that can be eaten under a configuration (:func:`base.foods
<dieproof.reference.dont_let_it_die.base.foods>`, read through the table)."""

_EAT_ACTIONS: Final = {
    (who, food): Eat(who, food)
    for who in range(CHARACTERS_IN_PLAY)
    for food in (BERRY, FIBER, MEAT, COOKED_BERRY, COOKED_MEAT)
}
"""Every meal as an action, built once."""


def _eats(state: DlidState, t: Table) -> list[Eat | Revive | AddWood | PlaceFkp | Skill]:
    tokens = state.tokens
    menu = [f for f in t.foods if tokens[f] >= MEALS[BERRY if f == FIBER else f][0]]
    if not menu:
        return []
    out: list[Eat | Revive | AddWood | PlaceFkp | Skill] = []
    for who, m in enumerate(state.members):
        if m.down:
            continue
        c = m.character
        # Vog's meals cost him stamina, which no action may use once his turn has ended
        if c == VOG and (m.stamina < 1 or m.done):
            continue
        for food in menu:
            if c == RIVER and food not in BERRY_FOODS:
                continue
            if c == NANUK and food not in MEAT_FOODS:
                continue
            out.append(_EAT_ACTIONS[who, food])
    return out


_REVIVE_ACTIONS: Final = tuple(Revive(who) for who in range(CHARACTERS_IN_PLAY))


_ADD_WOOD: Final = AddWood()
_ADD_FOOD: Final = {food: AddWood(food) for food in (BERRY, MEAT, COOKED_BERRY, COOKED_MEAT)}


def open_discovery(state: DlidState, index: int) -> bool:
    """Whether FKP may go on discovery ``index``: not unlocked, and every discovery an
    arrow leads from unlocked (Challenge 9: every other one before Fire Starter).
    Implements DLID-FKP-2 and DLID-FKP-3."""
    if state.unlocked[index]:
        return False
    tree = content.box(state.config).tree
    if challenge_number(state.config) == 9 and tree[index].name == "fire-starter":
        return all(u for i, u in enumerate(state.unlocked) if i != index)
    return all(state.unlocked[r] for r in tree[index].requires)


def _placements(state: DlidState, t: Table) -> tuple[PlaceFkp, ...]:
    tokens = state.tokens
    fkp = tokens[FKP] > 0
    bone = tokens[BONE] > 0 and find(state, DUB) >= 0
    if not (fkp or bone):
        return ()
    # remembered per configuration, unlocked discoveries and the two kinds of token
    key = (state.unlocked, fkp, bone)
    found = t.placements.get(key)
    if found is None:
        out: list[PlaceFkp] = []
        for index in range(len(state.unlocked)):
            if open_discovery(state, index):
                if fkp:
                    out.append(PlaceFkp(index))
                if bone:
                    out.append(PlaceFkp(index, bone=True))
        found = remember(t.placements, key, tuple(out))
    return found


_GIFT_ACTIONS: Final = tuple(
    tuple(Skill(kara, "kara-gift", target) for target in range(CHARACTERS_IN_PLAY))
    for kara in range(CHARACTERS_IN_PLAY)
)
"""Kara's gift from each seat to each seat, built once."""


_END_TURN: Final = EndTurn()


def _investigations(m: Member, fx: str, sur: int) -> list[Investigate]:
    """Investigate Fire: never Mabe, not in the sunburn, once in the winds."""
    if m.character == MABE or fx == "sunburn" or (fx == "winds" and m.investigations >= 1):
        return []
    out = [_INVESTIGATE] if m.stamina >= COST_INVESTIGATE + sur else []
    if m.character == RIVER and not m.used & USED_FREE:
        out.append(_INVESTIGATE_FREE)
    return out


def _cooks(state: DlidState, t: Table, m: Member, sur: int) -> list[Cook]:
    if m.stamina < COST_COOK + sur:
        return []
    # which foods the unlocked discoveries let the group cook: kept in the configuration's
    # table with the very tuple of unlocked discoveries it was found for (it seldom changes)
    unlocked = state.unlocked
    last = t.last_cooking
    if last[0] is unlocked:
        berry, meat = last[1]
    else:
        berry, meat = cooking(state, BERRY), cooking(state, MEAT)
        t.last_cooking = (unlocked, (berry, meat))
    tokens = state.tokens
    out = []
    if berry and tokens[BERRY] > 0:
        out.append(_COOK_ACTIONS[BERRY])
    if meat and tokens[MEAT] > 0:
        out.append(_COOK_ACTIONS[MEAT])
    return out


def _revivals(state: DlidState) -> list[Revive]:
    if state.tokens[COOKED_MEAT] < REVIVE_MEAT:
        return []
    return [_REVIVE_ACTIONS[i] for i, x in enumerate(state.members) if x.down and not x.reviving]


def wood_offers(state: DlidState, t: Table) -> list[AddWood]:
    """A wood for the pit while the pool has one; in Challenge 9 also each food of which
    the pool holds a meal's worth, at the wood its healing stands for (``t``: the
    configuration's table). Listed at every turn (DLID-DAY-7) and in the night's refuel
    window (DLID-NIGHT-5, DLID-A21). Implements DLID-CHAL-9."""
    tokens = state.tokens
    out = [_ADD_WOOD] if tokens[WOOD] > 0 else []
    if t.challenge == 9:
        for food in (BERRY, MEAT, COOKED_BERRY, COOKED_MEAT):
            if tokens[food] >= FOOD_WOOD[food][0]:
                out.append(_ADD_FOOD[food])
    return out


def _gifts(state: DlidState, t: Table) -> list[Skill]:
    members = state.members
    kara = t.kara  # find(state, KARA), the seat read from the table
    if kara < 0 or members[kara].down or members[kara].used & USED_DAILY:
        return []
    # the gifts found by who is down, read in C (attrgetter), in one lookup
    return list(_GIFTS[kara, tuple(map(DOWN, members))])


_GIFTS: Final = {
    (kara, downs): tuple(
        gift for i, gift in enumerate(_GIFT_ACTIONS[kara]) if i != kara and not downs[i]
    )
    for kara in range(CHARACTERS_IN_PLAY)
    for downs in product((False, True), repeat=CHARACTERS_IN_PLAY)
}
"""Kara's gifts from each seat, by which of the four are down: the others in play."""


def free_actions(state: DlidState, t: Table) -> list[Eat | Revive | AddWood | PlaceFkp | Skill]:
    """The free-action window open at every TURN node (DLID-A10): meals, revivals, wood,
    FKP and Kara's gifts (``t``: the configuration's table). Implements DLID-DAY-7."""
    out = _eats(state, t)
    out += _revivals(state)
    out += wood_offers(state, t)
    out += _placements(state, t)
    out += _gifts(state, t)
    return out


def _pool(state: DlidState, t: Table) -> tuple[bool, bool, bool, tuple[AddWood, ...], int]:
    """What the turn's listing reads of the pool alone: whether there is a meal's worth of
    some food, a food to cook, cooked meat for a revival, the wood actions and the pool's
    size (trades); remembered per configuration and pool."""
    tokens = state.tokens
    found = t.pool.get(tokens)
    if found is None:
        found = remember(
            t.pool,
            tokens,
            (
                any(tokens[f] >= MEALS[BERRY if f == FIBER else f][0] for f in t.foods),
                tokens[BERRY] > 0 or tokens[MEAT] > 0,
                tokens[COOKED_MEAT] >= REVIVE_MEAT,
                tuple(wood_offers(state, t)),
                sum(tokens),
            ),
        )
    return found


def _turn(state: DlidState) -> tuple[Table, int, Member, str, int]:
    """What every part of a turn's listing reads first: the configuration's table, the
    turn character's seat and member, the night event's effect and the surcharge."""
    t = table_of(state.config)
    who = state.turn
    event = state.event
    return t, who, state.members[who], t.effects[event] if event >= 0 else "", t.surcharge


def turn_actions(state: DlidState) -> tuple[object, ...]:
    """Every legal action at a TURN node, in canonical order: the turn character's draws,
    Investigate Fire, trades, cooking, crafts, skills, end of turn, then the free-action
    window (:func:`free_actions`). Implements DLID-DAY-3, DLID-DAY-4 and DLID-DAY-8.

    A part is listed only when the pool and the stamina allow any action of it (most
    parts are empty at most turns: the call is the cost)."""
    # _turn's and _pool's first reads inline (a call each costs as much as what they read)
    config = state.config
    t = _TABLES.get(id(config))
    if t is None or t.config is not config:
        t = table_of(config)
    who = state.turn
    m = state.members[who]
    event = state.event
    fx = t.effects[event] if event >= 0 else ""
    sur = t.surcharge
    tokens = state.tokens
    pool = t.pool.get(tokens)
    eat, cook, revive, woods, size = _pool(state, t) if pool is None else pool
    stamina = m.stamina
    out: list[object] = [*_openers(state, who, m, fx, sur)]
    # trades: none in Challenges 3 and 7, below a trade's stamina or with fewer tokens
    # than a trade gives (most turns that have none)
    # trade_rate's reading of the building inline (a call costs more than the test)
    rate = TRADE_RATE_STOCK_HUT if state.building == STOCK_HUT else TRADE_RATE
    if t.trades and stamina >= COST_TRADE + sur and size >= rate:
        out += _trade_offers(state, t)
    if cook:
        out += _cooks(state, t, m, sur)
    if stamina >= COST_CRAFT + sur:
        out += _crafts(state, t, m)
    skills = _SKILL_LISTINGS.get(m.character)
    if skills is not None:
        out += skills(state, who, m, fx)
    out.append(_END_TURN)
    if eat:
        out += _eats(state, t)
    if revive:
        out += _revivals(state)
    out += woods
    if tokens[FKP] > 0 or tokens[BONE] > 0:
        out += _placements(state, t)
    kara = t.kara
    if kara >= 0:
        giver = state.members[kara]
        # most turns Kara has given today (or is down): no call
        if not (giver.down or giver.used & USED_DAILY):
            out += _gifts(state, t)
    return tuple(out)


def of_kind(state: DlidState, kind: type) -> Sequence[object]:
    """The legal actions of one type at a TURN node (what ``apply`` checks against): the
    part of :func:`turn_actions` that lists that type."""
    t, who, m, fx, sur = _turn(state)
    if kind is DrawCard:
        return _draws(state, who, m, fx, sur, planning=_planning(state), left=_cards_left(state))
    if kind is Investigate:
        return _investigations(m, fx, sur)
    if kind is Trade:
        return _trades(state, t, m)
    if kind is Cook:
        return _cooks(state, t, m, sur)
    if kind is Craft:
        return _crafts(state, t, m)
    if kind is Skill:
        return [*_skills(state, who, m, fx), *_gifts(state, t)]
    if kind is EndTurn:
        return (_END_TURN,)
    if kind is Eat:
        return _eats(state, t)
    if kind is Revive:
        return _revivals(state)
    if kind is AddWood:
        return wood_offers(state, t)
    if kind is PlaceFkp:
        return _placements(state, t)
    return ()


# -- effects -------------------------------------------------------------------------------------


def _used(state: DlidState, who: int, bit: int) -> DlidState:
    m = state.members[who]
    return set_member(state, who, replace(m, used=m.used | bit))


_DRAW_BONUS: Final = {(GRUB, GATHER): FIBER, (TARA, FORAGE): BERRY, (THUNK, HUNT): MEAT}
"""The token a character's skill adds to a draw of a deck (FAQ 8)."""


def do_draw(state: DlidState, action: DrawCard) -> DlidState:
    """Pay and start the draw; the per-action bonuses of Grub, Tara and Thunk (FAQ 8) and
    Challenge 5's damage come with the action. Implements DLID-DAY-1, DLID-FAQ-8."""
    who = state.turn
    deck = action.deck
    m = state.members[who]
    if action.free:
        m = replace(m, used=m.used | USED_FREE)
    else:
        m = replace(m, stamina=m.stamina - draw_cost(state, who, deck))
    members = list(state.members)
    members[who] = m
    planning_used = state.planning_used + 1 if action.planning else state.planning_used
    bonus = _DRAW_BONUS.get((m.character, deck), -1)
    five = state.config.challenge == ICE_AGE  # Challenge 5 (its name: no call)
    # the skill's token (the supplies read the pool, which the payment does not change)
    tokens = state.tokens if bonus < 0 else gained(state, state.tokens, bonus, 1)
    if not five and not _rebuilt(state, deck):
        # the payment, the token, the draw and start_draw's step in one state (paying hurts
        # nobody)
        return replace(
            state,
            members=tuple(members),
            planning_used=planning_used,
            tokens=tokens,
            last_card=-1,
            actor=who,
            deck=deck,
            drawn=(),
            planning=action.planning,
            step=AT_DRAW,
        )
    state = replace(state, members=tuple(members), planning_used=planning_used, tokens=tokens)
    if five:
        m = state.members[who]
        if not any(t in content.ARMOUR for t in m.tools):
            state = damage(state, who, 1)
    if state.members[who].down or state.result is not None:
        return back_to_turn(replace(state, last_card=-1))
    return start_draw(
        replace(state, last_card=-1, actor=who, deck=deck, drawn=(), planning=action.planning)
    )


def _rebuilt(state: DlidState, deck: int) -> bool:
    """Whether a draw from ``deck`` first rebuilds it from its discard pile: no card on top
    and none left in it."""
    return state.on_top[deck] < 0 and sum(state.decks[deck]) == 0


def start_draw(state: DlidState) -> DlidState:
    """Enter the DRAW chance node; an empty deck is first rebuilt from its discard pile,
    only then (FAQ 5, 6). Implements DLID-CARDS-5."""
    deck = state.deck
    if _rebuilt(state, deck):
        decks = list(state.decks)
        discards = list(state.discards)
        decks[deck] = discards[deck]
        discards[deck] = tuple(0 for _ in discards[deck])
        return replace(state, decks=tuple(decks), discards=tuple(discards), step=AT_DRAW)
    return replace(state, step=AT_DRAW)


def discard_card(state: DlidState, deck: int, card: int) -> DlidState:
    return replace(state, discards=_discarded(state.discards, deck, card))


def after_draw(state: DlidState) -> DlidState:
    """What follows a card drawn (and its lightning roll): a second Planning Hut card,
    the choice between two, or the card's resolution."""
    if state.result is not None:
        return state
    if state.members[state.actor].down:
        for card in state.drawn:
            state = discard_card(state, state.deck, card)
        return back_to_turn(
            replace(state, drawn=(), actor=-1, deck=-1, planning=False, again=False)
        )
    if state.planning and len(state.drawn) == 1:
        deck = state.deck
        if state.on_top[deck] >= 0 or sum(state.decks[deck]) + sum(state.discards[deck]) > 0:
            return start_draw(state)
    if state.planning and len(state.drawn) == 2:
        return replace(state, step=AT_PICK)
    return resolve(state, state.drawn[0])


def keep(state: DlidState, action: Keep) -> DlidState:
    """The Planning Hut: keep one, discard the other unused. Implements DLID-BUILD-5.

    Under Challenge 4 the card put back on top is drawn first (``again``); the second card
    is a first draw, so keeping it goes back on top after its combat (DLID-CHAL-4)."""
    other = state.drawn[1 - action.index]
    state = discard_card(state, state.deck, other)
    if state.again and action.index == 1:
        state = replace(state, again=False)
    return resolve(state, state.drawn[action.index])


def resolve(
    state: DlidState, card_index: int, decks: tuple[tuple[int, ...], ...] | None = None
) -> DlidState:
    """Resolve a drawn card: take its tokens (and the tools', discoveries' and skills'
    extra tokens on matching draws), or fight its animal. Implements DLID-CARDS-1,
    DLID-CARDS-2 and DLID-FKP-5.

    ``decks``: the decks after the draw when the card is resolved as it is drawn (they go
    into the same state as the card's effect; nothing before reads them)."""
    if decks is None:
        decks = state.decks
    deck = state.deck
    who = state.actor
    t = table_of(state.config)
    card = t.box.decks[deck][card_index]
    m = state.members[who]
    if card.kind == "resource":
        # every token taken goes into the pool of the one state built below (gained: the
        # supplies read the pool so far, and the rest of the state, which nothing here
        # changes before it)
        tokens = gained(state, state.tokens, card.token, card.amount)
        for tool in m.tools:
            bonus = content.TOOL_BONUS.get(tool)
            if bonus is not None and bonus[0] == card.token:
                tokens = gained(state, tokens, bonus[1], 1)
        # the unlocked discoveries' extra tokens (none without text abilities), in
        # DISCOVERY_BONUS order: kept in the table with the very tuple of unlocked
        # discoveries they were found for
        unlocked = state.unlocked
        known = t.last_bonus
        if known[0] is unlocked:
            bonuses = known[1]
        else:
            bonuses = (
                tuple(token for name, token in content.DISCOVERY_BONUS.items() if has(state, name))
                if text_abilities(state)
                else ()
            )
            t.last_bonus = (unlocked, bonuses)
        for token in bonuses:
            if token == card.token:
                tokens = gained(state, tokens, token, 1)
        if m.character == ZEEBO and card.token == BERRY:
            state = heal(state, who, 1)
        last = card_index if m.character == ZEEBO else -1
        # the card remembered for Zeebo
        return _card_done(state, tokens, decks, card_index, (last, deck))
    if card.kind == "nothing":
        # River's FKP (a Nothing card hurts nobody, as a resource card, above)
        tokens = gained(state, state.tokens, FKP, 2) if m.character == RIVER else state.tokens
        return _card_done(state, tokens, decks, card_index, (state.last_card, state.last_deck))
    if m.character == GRUB:
        return finish_card(replace(state, decks=decks), *_put_away(state, deck, card_index))
    if m.character == AJAX and card.name == content.BEAST:
        state = replace(state, decks=decks, drawn=(card_index,))
        state = killed(state, who, card.life, MEAT, dead=False)
        return finish_card(state, *_put_away(state, deck, card_index))
    return replace(state, decks=decks, drawn=(card_index,), step=AT_FIGHT)


def _card_done(
    state: DlidState,
    tokens: tuple[int, ...],
    decks: tuple[tuple[int, ...], ...],
    card: int,
    last: tuple[int, int],
) -> DlidState:
    """A card that hurts nobody (a resource or Nothing card) dealt with, in one state: the
    pool ``tokens``, the decks ``decks``, the card discarded, finish_card's draw cleared,
    the card remembered for Zeebo (``last``: the card and its deck) and back_to_turn's move:
    the drawer, whose turn it is, is still in play (Mabe's roll first if her fall is
    pending)."""
    return replace(
        state,
        tokens=tokens,
        decks=decks,
        discards=_discarded(state.discards, state.deck, card),
        drawn=(),
        actor=-1,
        deck=-1,
        planning=False,
        again=False,
        last_card=last[0],
        last_deck=last[1],
        step=AT_MABE if state.mabe else AT_TURN,
    )


def _discarded(
    discards: tuple[tuple[int, ...], ...], deck: int, card: int
) -> tuple[tuple[int, ...], ...]:
    """The discard piles ``discards`` with one more ``card`` in ``deck``'s."""
    piles = list(discards)
    pile = list(piles[deck])
    pile[card] += 1
    piles[deck] = tuple(pile)
    return tuple(piles)


def _put_away(
    state: DlidState, deck: int, card: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """A Danger! card after combat: to the discard pile, or under Challenge 4 back on top
    of its deck the first time; the cards on top and the discard piles after it.
    Implements DLID-CHAL-4."""
    if challenge_number(state.config) == 4 and not state.again:
        on_top = list(state.on_top)
        on_top[deck] = card
        return tuple(on_top), state.discards
    return state.on_top, _discarded(state.discards, deck, card)


def put_away(state: DlidState, deck: int, card: int) -> DlidState:
    """:func:`_put_away` as a state."""
    on_top, discards = _put_away(state, deck, card)
    return replace(state, on_top=on_top, discards=discards)


def finish_card(
    state: DlidState,
    on_top: tuple[int, ...] | None = None,
    discards: tuple[tuple[int, ...], ...] | None = None,
) -> DlidState:
    """The draw is over (``on_top`` and ``discards``: the cards on top and the discard
    piles after the card is put away, if it was not yet): back to the turn. When the game
    runs and back_to_turn stays with the drawer (or Mabe's roll is pending), its move
    goes into the same state."""
    if on_top is None:
        on_top = state.on_top
    if discards is None:
        discards = state.discards
    step = state.step
    stays = False
    if state.result is None:
        m = state.members[state.turn]
        if state.mabe or not (m.down or m.done):
            step, stays = (AT_MABE if state.mabe else AT_TURN), True
    state = replace(
        state,
        on_top=on_top,
        discards=discards,
        drawn=(),
        actor=-1,
        deck=-1,
        planning=False,
        again=False,
        step=step,
    )
    return state if stays else back_to_turn(state)


def fight_options(state: DlidState) -> list[Fight]:
    """The ways to resolve the combat: which weapons (one, or two combined where a skill
    gives two weapon slots; a Sling Shot needs a rock), armour, Vog, Nanuk's spoils.
    Implements DLID-COMBAT-1 to DLID-COMBAT-5."""
    who = state.actor
    m = state.members[who]
    card = content.box(state.config).decks[state.deck][state.drawn[0]]
    table = content.items(state.config)
    rocks = state.tokens[ROCK]
    usable = [s for s, w in enumerate(m.weapons) if w != content.SLING_SHOT or rocks >= 1]
    choices: list[tuple[int, ...]] = [(s,) for s in usable]
    if len(usable) == 2:
        slings = sum(1 for s in usable if m.weapons[s] == content.SLING_SHOT)
        if rocks >= slings:
            choices.append((usable[0], usable[1]))
    if not choices:
        choices = [()]
    vog = find(state, VOG)
    out: list[Fight] = []
    for weapons in choices:
        power = sum(table[m.weapons[s]].damage for s in weapons)
        kill = bool(weapons) and power >= card.life
        reach = min((table[m.weapons[s]].range for s in weapons), default=0)
        hurt = (0 if reach >= 2 else 1) if kill else card.damage
        spoils = (MEAT, HIDE, BONE) if kill and m.character == NANUK else (MEAT,)
        for loot in spoils:
            out.append(Fight(weapons, -1, False, loot))
            if hurt > 0:
                for slot, tool in enumerate(m.tools):
                    if tool in content.ARMOUR and m.guards[slot] < content.ARMOUR[tool]:
                        out.append(Fight(weapons, slot, False, loot))
                if vog >= 0 and vog != who:
                    out.append(Fight(weapons, -1, True, loot))
    return out


def fight(state: DlidState, action: Fight) -> DlidState:
    """Resolve the combat (Danger! Cards, the three cases). Implements DLID-COMBAT-1 to
    DLID-COMBAT-5 and DLID-FAQ-1."""
    who = state.actor
    m = state.members[who]
    card_index = state.drawn[0]
    card = content.box(state.config).decks[state.deck][card_index]
    table = content.items(state.config)
    power = sum(table[m.weapons[s]].damage for s in action.weapons)
    kill = bool(action.weapons) and power >= card.life
    reach = min((table[m.weapons[s]].range for s in action.weapons), default=0)
    hurt = (0 if reach >= 2 else 1) if kill else card.damage
    slings = sum(1 for s in action.weapons if m.weapons[s] == content.SLING_SHOT)
    if slings:
        state = replace(state, tokens=spend(state.tokens, ROCK, slings))
    if action.armour >= 0 and hurt > 0:
        guards = list(m.guards)
        guards[action.armour] += 1
        state = set_member(state, who, replace(state.members[who], guards=tuple(guards)))
        hurt = 0
    target = find(state, VOG) if action.vog else who
    state = damage(state, target, hurt)
    if state.result is not None:
        return state
    if kill:
        state = killed(state, who, card.life, action.spoils, dead=state.members[who].down)
    return finish_card(state, *_put_away(state, state.deck, card_index))


def killed(state: DlidState, who: int, life: int, spoils: int, *, dead: bool) -> DlidState:
    """A Danger! card killed by ``who``: meat equal to its life unless the killer died too
    (FAQ 1), and every skill that reacts to a kill. Implements DLID-FAQ-1."""
    if not dead:
        state = gain(state, spoils, life)
        c = state.members[who].character
        if c == GRONK:
            state = add_stamina(state, who, 2)
        if find(state, CRON) >= 0:
            state = add_stamina(state, who, 1)
        if c == AYLA and not state.members[who].used & USED_KILL_HEAL:
            state = _used(heal(state, who, 2), who, USED_KILL_HEAL)
    nirv = find(state, NIRV)
    if nirv >= 0:
        state = heal(state, nirv, 1)
    if find(state, NANUK) >= 0:
        state = gain(state, FKP, 1)
    return state


def do_investigate(state: DlidState, action: Investigate) -> DlidState:
    """Investigate Fire: pay 3 stamina (River once a day free) and roll the Fire Die;
    Challenge 1 takes 1 FKP instead. Implements DLID-DAY-4 and DLID-CHAL-1."""
    who = state.turn
    m = state.members[who]
    # the payment (or River's free use) and the count in one member, then one state
    if action.free:
        m = replace(m, used=m.used | USED_FREE, investigations=m.investigations + 1)
    else:
        stamina = m.stamina - (COST_INVESTIGATE + surcharge(state))
        m = replace(m, stamina=stamina, investigations=m.investigations + 1)
    members = list(state.members)
    members[who] = m
    if challenge_number(state.config) == 1:
        return found_fire(replace(state, members=tuple(members), last_card=-1), who, 1)
    return replace(state, members=tuple(members), last_card=-1, step=AT_ROLL, actor=who)


def die_value(state: DlidState, value: int) -> int:
    """A Fire Die roll after the contaminated water's -1 (never below blank)."""
    return max(value - 1, 0) if effect(state) == "murky" else value


def rolled(state: DlidState, value: int) -> DlidState:
    """The Investigate Fire roll: Kara may have it re-rolled once a day."""
    value = die_value(state, value)
    kara = find(state, KARA)
    if kara >= 0 and not state.members[kara].used & USED_REROLL:
        return replace(state, step=AT_REROLL, roll=value)
    return found_fire(state, state.actor, value)


def reroll(state: DlidState, action: Reroll) -> DlidState:
    """Kara's re-roll. Implements DLID-SKILL-3."""
    if action.use:
        kara = find(state, KARA)
        # _used's member and the new roll's step in one state
        members = list(state.members)
        m = members[kara]
        members[kara] = replace(m, used=m.used | USED_REROLL)
        return replace(state, members=tuple(members), step=AT_ROLL, roll=-1)
    return found_fire(state, state.actor, state.roll)


def found_fire(state: DlidState, who: int, value: int) -> DlidState:
    """Take the FKP rolled, the Knowledge Hut's free one (once per character a day) and
    Dub's berry on a 1. Implements DLID-DAY-4 and DLID-BUILD-6."""
    # the tokens go into the pool of the one state built at the end (gained)
    tokens = gained(state, state.tokens, FKP, value)
    m = state.members[who]
    if state.building == content.KNOWLEDGE_HUT and not m.used & USED_KNOWLEDGE_HUT:
        tokens = gained(state, tokens, FKP, 1)
        state = _used(state, who, USED_KNOWLEDGE_HUT)
    if m.character == DUB and value == 1:
        tokens = gained(state, tokens, BERRY, 1)
    # back_to_turn's move in the same state: the investigator, whose turn it is, is still in
    # play and not done (a roll hurts nobody)
    step = AT_MABE if state.mabe else AT_TURN
    return replace(state, tokens=tokens, roll=-1, actor=-1, step=step)


def mabe_rolled(state: DlidState, value: int) -> DlidState:
    """Mabe's roll: a blank gives her 2 stamina, else 1 FKP. Implements DLID-SKILL-12."""
    value = die_value(state, value)
    mabe = find(state, MABE)
    state = replace(state, mabe=False)
    if mabe >= 0:
        state = _used(state, mabe, USED_MABE)
        state = add_stamina(state, mabe, 2) if value == 0 else gain(state, FKP, 1)
    return back_to_turn(state)


def do_trade(state: DlidState, action: Trade) -> DlidState:
    """Trade with the neighbouring tribe: 1 stamina, then the tokens given one by one.
    Implements DLID-DAY-5."""
    who = state.turn
    m = state.members[who]
    # pay_stamina's member and the trade's fields in one state (the rate reads the building)
    members = list(state.members)
    members[who] = replace(m, stamina=m.stamina - (COST_TRADE + surcharge(state)))
    return replace(
        state,
        members=tuple(members),
        step=AT_PAY,
        take=action.take,
        owed=trade_rate(state),
        last_card=-1,
    )


_PAY_ACTIONS: Final = tuple(Pay(kind) for kind in range(TOKEN_KINDS))


def pay_options(state: DlidState) -> tuple[Pay, ...]:
    """The tokens a trade may be paid with: any kind in the pool (remembered per pool)."""
    tokens = state.tokens
    found = _PAYS.get(tokens)
    if found is None:
        found = remember(
            _PAYS, tokens, tuple(_PAY_ACTIONS[k] for k in range(TOKEN_KINDS) if tokens[k] > 0)
        )
    return found


_PAYS: dict[tuple[int, ...], tuple[Pay, ...]] = {}


def pay(state: DlidState, action: Pay) -> DlidState:
    tokens = spend(state.tokens, action.token, 1)
    owed = state.owed - 1
    if owed > 0:
        return replace(state, tokens=tokens, owed=owed)
    # the last token given: the one taken, and back_to_turn's move in the same state (a
    # trade hurts nobody: the trader, whose turn it is, is still in play)
    step = AT_MABE if state.mabe else AT_TURN
    tokens = gained(state, tokens, state.take, 1)
    return replace(state, tokens=tokens, owed=0, take=-1, step=step)


def do_cook(state: DlidState, action: Cook) -> DlidState:
    """Cook one food token: flip it to its cooked side. Implements DLID-DAY-8."""
    state = pay_stamina(state, state.turn, COST_COOK + surcharge(state))
    tokens = spend(state.tokens, action.token, 1)
    tokens = spend(tokens, action.token + 1, -1)
    return replace(state, tokens=tokens, last_card=-1)


def do_craft(state: DlidState, action: Craft) -> DlidState:
    """Craft: pay 3 stamina and the cost (Atouk's waiver), take the item and equip it or
    keep it unequipped; a building goes by the fire. Implements DLID-DAY-9, DLID-ITEMS-4,
    DLID-SKILL-7 and DLID-FAQ-16."""
    who = state.turn
    spec = content.items(state.config)[action.item]
    state = pay_stamina(state, who, COST_CRAFT + surcharge(state))
    tokens = list(state.tokens)
    for kind in range(TOKEN_KINDS):
        tokens[kind] -= spec.cost[kind]
    for kind in action.waive:
        tokens[kind] += 1
    made = list(state.made)
    made[action.item] += 1
    state = replace(state, tokens=tuple(tokens), made=tuple(made), last_card=-1)
    if spec.kind == "building":
        return replace(state, building=action.item)
    m = state.members[who]
    if action.equip < 0:
        return set_member(state, who, replace(m, spare=(*m.spare, action.item)))
    return set_member(state, who, refit(state, equip(m, action.item, spec.kind, action.equip)))


def equip(m: Member, item: int, kind: str, slot: int) -> Member:
    """``m`` with ``item`` in slot ``slot`` of ``kind``; what was there is unequipped."""
    held = list(m.weapons if kind == "weapon" else m.tools)
    spare = list(m.spare)
    if slot < len(held):
        spare.append(held[slot])
        held[slot] = item
    else:
        held.append(item)
    if kind == "weapon":
        return replace(m, weapons=tuple(held), spare=tuple(spare))
    guards = list(m.guards) + [0] * (len(held) - len(m.guards))
    guards[slot] = 0
    return replace(m, tools=tuple(held), spare=tuple(spare), guards=tuple(guards))


def do_skill(state: DlidState, action: Skill) -> DlidState:
    """A character's skill (the characters' cards). Implements DLID-SKILL-1 to
    DLID-SKILL-17 where the skill is an action."""
    who = action.who
    s = action.skill
    last = state.last_card
    if last >= 0 and (s != "kara-gift" or state.config.readings.zeebo_double == "at-draw"):
        state = replace(state, last_card=-1)
    if s == "gronk-rage":
        state = _used(state, who, USED_DAILY)
        state = damage(state, who, 2)
        return back_to_turn(add_stamina(state, who, 2))
    if s == "kara-gift":
        return back_to_turn(add_stamina(_used(state, who, USED_DAILY), action.target, 2))
    if s == "cron-shuffle":
        decks = list(state.decks)
        discards = list(state.discards)
        t = action.target
        decks[t] = tuple(a + b for a, b in zip(decks[t], discards[t], strict=True))
        discards[t] = tuple(0 for _ in discards[t])
        # pay_stamina's member and the shuffle in one state
        members = list(state.members)
        m = members[who]
        members[who] = replace(m, stamina=m.stamina - 2)
        return replace(state, members=tuple(members), decks=tuple(decks), discards=tuple(discards))
    if s == "ajax-heal":
        return heal(_used(pay_stamina(state, who, 2), who, USED_DAILY), who, 2)
    if s == "atouk-wood":
        return gain(_used(pay_stamina(state, who, 2), who, USED_DAILY), WOOD, 1)
    if s == "ayla-fiber":
        state = pay_stamina(state, who, 1)
        return gain(replace(state, tokens=spend(state.tokens, BERRY, 1)), FIBER, 1)
    if s == "tara-heal":
        return heal(pay_stamina(state, who, 2), action.target, 1)
    if s == "mabe-copy":
        return gain(pay_stamina(state, who, 3), action.target, 1)
    if s == "nibna-share":
        state = damage(state, who, 2)
        for other in range(CHARACTERS_IN_PLAY):
            if other != who:
                state = heal(state, other, 1)
        return back_to_turn(state)
    # zeebo-double: the last resource card's tokens once more
    card = content.box(state.config).decks[state.last_deck][last]
    state = pay_stamina(state, who, 3)
    return gain(state, card.token, card.amount)


def before_free_action(state: DlidState) -> DlidState:
    """A free action begins: under DLID-A31's ``at-draw`` reading it closes Zeebo's
    double (nothing drawn last any more); under ``open`` the double stays open. The free
    actions are eating, feeding a revival, adding wood, placing FKP and Kara's gift."""
    if state.last_card >= 0 and state.config.readings.zeebo_double == "at-draw":
        return replace(state, last_card=-1)
    return state


def do_eat(state: DlidState, action: Eat) -> DlidState:
    """Eat the exact amount of one food; Vog pays 1 stamina; Tara's berry stamina.
    Implements DLID-DAY-6, DLID-FAQ-4, DLID-FAQ-9."""
    state = before_free_action(state)
    who = action.who
    m = state.members[who]
    food = action.food
    need = MEALS[BERRY if food == FIBER else food][0]
    gained = meal(state, who, food)
    if m.character == NIBNA and m.hp == 1:
        state = _used(state, who, USED_DOUBLE_MEAL)
    state = replace(state, tokens=spend(state.tokens, food, need))
    if m.character == VOG:
        state = pay_stamina(state, who, 1)
    state = heal(state, who, gained)
    m = state.members[who]
    # a full berry meal (FAQ 9), whether or not it heals her (she may be at full health)
    if m.character == TARA and food in BERRY_FOODS and not m.used & USED_BERRY_STAMINA:
        state = add_stamina(_used(state, who, USED_BERRY_STAMINA), who, 2)
    return state


def do_revive(state: DlidState, action: Revive) -> DlidState:
    """Feed 3 cooked meat to an incapacitated character: back with 3 health at the end of
    the next morning (skills that forbid meat do not matter). Implements DLID-DEATH-3."""
    state = before_free_action(state)
    m = state.members[action.who]
    state = replace(state, tokens=spend(state.tokens, COOKED_MEAT, REVIVE_MEAT))
    return set_member(state, action.who, replace(m, reviving=True, hp=min(REVIVE_HP, m.max_hp)))


def do_add_wood(state: DlidState, action: AddWood) -> DlidState:
    """Put wood on the fire (it stays there); Challenge 9: food by its healing value.
    Implements DLID-DAY-7 and DLID-CHAL-9."""
    state = before_free_action(state)
    if action.food == WOOD:
        return replace(state, tokens=spend(state.tokens, WOOD, 1), pit=state.pit + 1)
    need, wood = FOOD_WOOD[action.food]
    return replace(
        state,
        tokens=spend(state.tokens, action.food, need),
        pit=state.pit + wood,
        pit_food=state.pit_food + wood,
    )


def do_place(state: DlidState, action: PlaceFkp) -> DlidState:
    """Place one FKP (Dub: a bone) on a discovery; at its cost it is unlocked, its stat
    changes apply at once, and Fire Starter wins. Implements DLID-FKP-1, DLID-FKP-4,
    DLID-END-1 and DLID-SKILL-5."""
    state = before_free_action(state)
    kind = BONE if action.bone else FKP
    tokens = spend(state.tokens, kind, 1)
    placed = list(state.placed)
    placed[action.discovery] += 1
    tree = content.box(state.config).tree
    spec = tree[action.discovery]
    # the token spent and the tree's change in one state
    if placed[action.discovery] < spec.cost:
        return replace(state, tokens=tokens, placed=tuple(placed))
    placed[action.discovery] = 0
    unlocked = list(state.unlocked)
    unlocked[action.discovery] = True
    state = refit_all(replace(state, tokens=tokens, placed=tuple(placed), unlocked=tuple(unlocked)))
    if spec.name == "relaxation" and state.config.readings.relaxation == "heal-too":
        for who in range(CHARACTERS_IN_PLAY):
            state = heal(state, who, 2)
    if spec.name == "fire-starter":
        return over(state, "Fire Starter is unlocked", "DLID-END-1", won=True)
    return state


def end_turn(state: DlidState, action: EndTurn = _END_TURN) -> DlidState:
    """End the turn; left-over stamina stays unused. Implements DLID-DAY-10."""
    turn = state.turn
    members = list(state.members)
    members[turn] = replace(members[turn], done=True)
    # back_to_turn's next character, built in one state (at a TURN node the game runs and
    # no roll of Mabe's is pending)
    for k in range(1, CHARACTERS_IN_PLAY):
        seat = (turn + k) % CHARACTERS_IN_PLAY
        other = members[seat]
        if not other.down and not other.done:
            return replace(state, members=tuple(members), step=AT_TURN, turn=seat, last_card=-1)
    # back_to_turn would find nobody either (the turn character is done now): the night
    return night.start_night(replace(state, members=tuple(members), last_card=-1))


def back_to_turn(state: DlidState) -> DlidState:
    """Return to the day's decision node: Mabe's pending roll first, then the turn
    character if still in play and not done, else the next one on the left, else the
    night. Implements DLID-DAY-1."""
    if state.result is not None:
        return state
    if state.mabe:
        return state if state.step is AT_MABE else replace(state, step=AT_MABE)
    turn = state.turn
    m = state.members[turn]
    if not m.down and not m.done:
        # a skill used at the turn leaves the state at its step: no copy
        return state if state.step is AT_TURN else replace(state, step=AT_TURN)
    for k in range(1, CHARACTERS_IN_PLAY + 1):
        seat = (turn + k) % CHARACTERS_IN_PLAY
        other = state.members[seat]
        if not other.down and not other.done:
            return replace(state, step=AT_TURN, turn=seat, last_card=-1)
    return night.start_night(state)
