"""Don't Let It Die: the night phase (one night event) and the morning phase (in its
order), and the end of the game by the calendar and by the fire pit."""

from __future__ import annotations

from itertools import product
from typing import Final

from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die import day as day_rules
from dieproof.reference.dont_let_it_die.base import (
    DOWN,
    DUB,
    NIRV,
    VOG,
    damage,
    find,
    gain,
    heal,
    over,
    refit,
    remember,
    set_member,
    spend,
    table_of,
)
from dieproof.reference.dont_let_it_die.types import (
    AT_BREAK_TOOL,
    AT_DUB,
    AT_LOSE_ITEMS,
    AT_MORNING,
    AT_NIGHT,
    AT_NIGHT_ROLL,
    AT_REFUEL,
    AT_TURN,
    BERRY,
    BONE,
    CHARACTERS_IN_PLAY,
    COOKED_BERRY,
    COOKED_MEAT,
    FIBER,
    FKP,
    LAST_DAY,
    MEAT,
    REVIVE_HP,
    USED_DUB,
    AddWood,
    BreakTool,
    DlidConfig,
    DlidState,
    Equip,
    Give,
    LoseItem,
    Member,
    Proceed,
    Redraw,
    Unequip,
    challenge_number,
)

WEAPON_BIT = 1
TOOL_BIT = 2


def night_effect(state: DlidState) -> str:
    return content.box(state.config).night_events[state.event].effect


def start_night(state: DlidState) -> DlidState:
    """All turns are over: the night comes; on night 14 without Fire Starter the game is
    lost (DLID-A1). Implements DLID-NIGHT-1 and DLID-END-4."""
    if state.config.readings.game_end == "night-14" and state.day >= LAST_DAY:
        return over(state, "night 14 came without Fire Starter", "DLID-END-4")
    members = state.members
    # Dub's redraw is once a night: the bit cleared, each member rebuilt only if some holds it
    if (members[0].used | members[1].used | members[2].used | members[3].used) & USED_DUB:
        members = tuple(replace(m, used=m.used & ~USED_DUB) for m in members)
    # the night's fields and draw_event's step in one state when the night deck has cards
    if sum(state.night_deck) == 0:
        state = replace(state, members=members, turn=state.first, actor=-1, wood_taken=False)
        return draw_event(state)
    return replace(
        state, members=members, turn=state.first, actor=-1, wood_taken=False, step=AT_NIGHT
    )


def draw_event(state: DlidState) -> DlidState:
    """Enter the NIGHT chance node (the night deck rebuilt from its discards if empty)."""
    if sum(state.night_deck) == 0:
        return replace(
            state,
            night_deck=state.night_discard,
            night_discard=tuple(0 for _ in state.night_discard),
            step=AT_NIGHT,
        )
    return replace(state, step=AT_NIGHT)


def event_drawn(state: DlidState, event: int) -> DlidState:
    """A night event drawn (the one before goes to the discard pile: :func:`discard_event`,
    in the same state); Dub may redraw."""
    deck = list(state.night_deck)
    deck[event] -= 1
    if state.event < 0:
        state = replace(state, night_deck=tuple(deck), event=event)
    else:
        pile = list(state.night_discard)
        pile[state.event] += 1
        state = replace(state, night_deck=tuple(deck), night_discard=tuple(pile), event=event)
    if _rival_damage(state, "on-draw"):
        # DLID-A24's "on-draw": Challenge 7's damage comes as the card is drawn
        state = everyone(state, 2)
        if state.result is not None:
            return state
    dub = find(state, DUB)
    if dub >= 0 and state.tokens[BONE] > 0 and not state.members[dub].used & USED_DUB:
        return replace(state, step=AT_DUB)
    return resolve_event(state)


def _rival_damage(state: DlidState, when: str) -> bool:
    """Whether Challenge 7's 2 damage to everyone comes now: the event is a Rival Tribe
    (a theft) and DLID-A24's reading puts the damage ``when`` (with the event or on the
    draw). Implements DLID-CHAL-7."""
    return (
        challenge_number(state.config) == 7
        and state.config.readings.rival_tribe_damage == when
        and content.box(state.config).night_events[state.event].effect == "steal"
    )


def discard_event(state: DlidState) -> DlidState:
    if state.event < 0:
        return state
    pile = list(state.night_discard)
    pile[state.event] += 1
    return replace(state, night_discard=tuple(pile))


def redraw(state: DlidState, action: Redraw) -> DlidState:
    """Dub: one bone to discard the event and draw another, once a night.
    Implements DLID-SKILL-5."""
    if not action.use:
        return resolve_event(state)
    dub = find(state, DUB)
    m = state.members[dub]
    state = set_member(state, dub, replace(m, used=m.used | USED_DUB))
    state = replace(discard_event(state), tokens=spend(state.tokens, BONE, 1), event=-1)
    return draw_event(state)


def everyone(state: DlidState, hurt: int) -> DlidState:
    for who in range(CHARACTERS_IN_PLAY):
        state = damage(state, who, hurt, day=False)
    return state


def fiber_as_berries(config: DlidConfig) -> bool:
    """Whether night events see fiber as raw berries: Challenge 3 under DLID-A25's
    "as-berries" reading."""
    return challenge_number(config) == 3 and config.readings.night_fiber == "as-berries"


def remove_stolen(state: DlidState, token: int, n: int) -> DlidState:
    """Remove ``n`` tokens of ``token``'s resource, cooked before raw (FAQ 13); under
    DLID-A25's "as-berries" reading a berry theft takes fiber after the raw berries, and a
    fiber theft finds none. Implements DLID-FAQ-13 and DLID-CHAL-3."""
    tokens = list(state.tokens)
    as_berries = fiber_as_berries(state.config)
    kinds = (
        ((COOKED_BERRY, BERRY, FIBER) if as_berries else (COOKED_BERRY, BERRY))
        if token == BERRY
        else (COOKED_MEAT, MEAT)
        if token == MEAT
        else ()
        if token == FIBER and as_berries
        else (token,)
    )
    for kind in kinds:
        take = min(n, tokens[kind])
        tokens[kind] -= take
        n -= take
    return replace(state, tokens=tuple(tokens))


def resolve_event(state: DlidState) -> DlidState:
    """Follow the night event's instructions; an event that does not apply is ignored;
    fractions round up. Implements DLID-NIGHT-2, DLID-NIGHT-3 and DLID-NIGHT-4."""
    event = content.box(state.config).night_events[state.event]
    e = event.effect
    if e == "steal":
        if _rival_damage(state, "with-event"):
            state = everyone(state, 2)
        nirv = find(state, NIRV)
        if nirv >= 0:
            for who in range(CHARACTERS_IN_PLAY):
                state = heal(state, who, 1)
        if state.result is not None:
            return state
        return replace(state, step=AT_NIGHT_ROLL)
    if e == "heal-all":
        for who in range(CHARACTERS_IN_PLAY):
            state = heal(state, who, event.amount)
    elif e == "broken-tool":
        # any character's equipped tool, a fallen one's too (they keep their equipment)
        if any(m.tools for m in state.members):
            return replace(state, step=AT_BREAK_TOOL)
    elif e == "stampede":
        first = next_roller(state, 0)
        if first >= 0:
            return replace(state, step=AT_NIGHT_ROLL, night_roll=first)
    elif e == "rainstorm":
        if not any(m.stamina >= 1 and not m.down for m in state.members):
            state = take_wood(state, 1)
    elif e == "sabertooths":
        if state.tokens[MEAT] > 0:
            n = state.tokens[MEAT] if state.config.readings.sabertooth_meat == "all" else 1
            state = replace(state, tokens=spend(state.tokens, MEAT, n))
        else:
            state = everyone(state, 2)
    elif e == "earthquake":
        spare = [content.items(state.config)[i].kind for m in state.members for i in m.spare]
        bits = (WEAPON_BIT if "weapon" in spare else 0) | (TOOL_BIT if "tool" in spare else 0)
        if bits:
            return replace(state, step=AT_LOSE_ITEMS, to_lose=bits)
    elif e == "teaching":
        state = gain(state, FKP, sum(1 for m in state.members if not m.down))
    elif e == "dead-boar":
        state = gain(state, MEAT, event.amount)
    elif e == "cold-wind":
        state = everyone(state, 1)
    elif e == "boars":
        # the raw berries (DLID-A25's "as-berries": with Challenge 3's fiber, taken after
        # the berry tokens); half of them, rounded up
        fiber = state.tokens[FIBER] if fiber_as_berries(state.config) else 0
        raw = state.tokens[BERRY] + fiber
        if raw > 0:
            half = (raw + 1) // 2
            berries = min(half, state.tokens[BERRY])
            tokens = spend(state.tokens, BERRY, berries)
            if half > berries:
                tokens = spend(tokens, FIBER, half - berries)
            state = replace(state, tokens=tokens)
        else:
            for who, m in enumerate(state.members):
                if not m.weapons:
                    state = damage(state, who, 2, day=False)
    return end_night(state)


def take_wood(state: DlidState, n: int) -> DlidState:
    """A night event removes wood from the pit; an empty pit loses at once unless
    DLID-A2 reads that the refuel comes first. Implements DLID-END-2."""
    pit = max(state.pit - n, 0)
    state = replace(state, pit=pit, pit_food=min(state.pit_food, pit), wood_taken=True)
    if pit == 0 and state.config.readings.empty_pit == "at-once":
        return over(state, "the fire pit is empty", "DLID-END-2")
    return state


def next_roller(state: DlidState, start: int) -> int:
    for who in range(start, CHARACTERS_IN_PLAY):
        if not state.members[who].down:
            return who
    return -1


def night_rolled(state: DlidState, value: int) -> DlidState:
    """A night event's Fire Die roll: a rival tribe steals that many; in a stampede a
    blank is 1 damage to the character rolling."""
    event = content.box(state.config).night_events[state.event]
    if event.effect == "steal":
        return end_night(remove_stolen(state, event.token, value))
    who = state.night_roll
    if value == 0:
        state = damage(state, who, 1, day=False)
        if state.result is not None:
            return state
    following = next_roller(state, who + 1)
    if following >= 0:
        return replace(state, night_roll=following)
    return end_night(replace(state, night_roll=0))


def break_options(state: DlidState) -> list[BreakTool]:
    return [
        BreakTool(who, slot) for who, m in enumerate(state.members) for slot in range(len(m.tools))
    ]


def break_tool(state: DlidState, action: BreakTool) -> DlidState:
    """The broken tool leaves play. Implements DLID-NIGHT-2."""
    m = state.members[action.who]
    tools = m.tools[: action.slot] + m.tools[action.slot + 1 :]
    guards = m.guards[: action.slot] + m.guards[action.slot + 1 :]
    state = set_member(state, action.who, replace(m, tools=tools, guards=guards))
    return end_night(state)


def lose_options(state: DlidState) -> list[LoseItem]:
    table = content.items(state.config)
    out = []
    for who, m in enumerate(state.members):
        for index, item in enumerate(m.spare):
            kind = table[item].kind
            bit = WEAPON_BIT if kind == "weapon" else TOOL_BIT
            if state.to_lose & bit:
                out.append(LoseItem(who, index))
    return out


def lose_item(state: DlidState, action: LoseItem) -> DlidState:
    m = state.members[action.who]
    item = m.spare[action.index]
    bit = WEAPON_BIT if content.items(state.config)[item].kind == "weapon" else TOOL_BIT
    state = set_member(
        state, action.who, replace(m, spare=m.spare[: action.index] + m.spare[action.index + 1 :])
    )
    left = state.to_lose & ~bit
    table = content.items(state.config)
    kinds = {table[i].kind for x in state.members for i in x.spare}
    if left & WEAPON_BIT and "weapon" not in kinds:
        left &= ~WEAPON_BIT
    if left & TOOL_BIT and "tool" not in kinds:
        left &= ~TOOL_BIT
    state = replace(state, to_lose=left)
    return state if left else end_night(state)


def end_night(state: DlidState) -> DlidState:
    """After the event: wood may still go on the fire if the event took some
    (the night's note), then the morning."""
    if state.result is not None:
        return state
    if state.wood_taken:
        return replace(state, step=AT_REFUEL)
    return morning(state)


def refuel_options(state: DlidState) -> list[AddWood | Proceed]:
    """The refuel window's choices: what may go onto the pit as in the day (a wood; in
    Challenge 9 a food too, DLID-A21), then on to the morning."""
    out: list[AddWood | Proceed] = [*day_rules.wood_offers(state, table_of(state.config))]
    out.append(_PROCEED)
    return out


def refuel(state: DlidState, action: AddWood | Proceed) -> DlidState:
    """The night's refuel window: wood (Challenge 9: food) onto the pit as in the day,
    or on to the morning. Implements DLID-NIGHT-5."""
    if isinstance(action, AddWood):
        return day_rules.do_add_wood(state, action)
    if state.pit == 0:
        return over(state, "the fire pit is empty", "DLID-END-2")
    return morning(replace(state, wood_taken=False))


def morning_damage(state: DlidState, who: int) -> int:
    """Damage the morning deals ``who``: 1 (the Hard side 2 under DLID-A4), none with the
    Shelter, +1 after the volcano, +1 in Challenge 8; none after high morale or for Vog.
    Implements DLID-MORNING-3, DLID-BUILD-2."""
    return morning_damages(state)[who]


def morning_damages(state: DlidState) -> list[int]:
    """:func:`morning_damage` of each seat, the night's and the configuration's part
    found once for the four (the morning's one call)."""
    e = night_effect(state) if state.event >= 0 else ""
    if e == "morale":
        return [0] * CHARACTERS_IN_PLAY
    base = (
        2
        if state.config.tracker == "hard" and state.config.readings.hard_tracker_damage == "two"
        else 1
    )
    if state.building == content.SHELTER:
        base = 0
    if e == "volcano":
        base += 1
    if challenge_number(state.config) == 8:
        base += 1
    return [0 if m.character == VOG else base for m in state.members]


def morning(state: DlidState) -> DlidState:
    """The morning, steps 1-4 (then the item window): wood off the fire, the day
    advances, the night's damage, stamina refilled. Implements DLID-MORNING-1 to
    DLID-MORNING-4 and DLID-END-2."""

    burn = content.wood_of(state.config, state.day)
    pit = max(state.pit - burn, 0)
    pit_food = max(state.pit_food - burn, 0)
    if pit == 0:
        return over(
            replace(state, pit=pit, pit_food=pit_food), "the fire pit is empty", "DLID-END-2"
        )
    day = state.day + 1
    state = replace(state, pit=pit, pit_food=pit_food, day=day)
    ending = state.config.readings.game_end
    if (ending == "day-14" and day >= LAST_DAY) or (ending == "day-15" and day > LAST_DAY):
        return over(state, f"day {day} came without Fire Starter", "DLID-END-4")
    hurt = morning_damages(state)
    if any(not m.down and m.hp <= n for m, n in zip(state.members, hurt, strict=True)):
        # somebody falls: damage's own way (the items passed on, everybody down)
        for who in range(CHARACTERS_IN_PLAY):
            state = damage(state, who, hurt[who], day=False)
        if state.result is not None:
            return state
        hurt = [0] * CHARACTERS_IN_PLAY
    e = night_effect(state) if state.event >= 0 else ""
    less = 3 if e == "screeching" else 2 if e == "cold-wind" else 0
    members = []
    # the damage (nobody falls now: only health changes) and the refresh in one member
    for m, n in zip(state.members, hurt, strict=True):
        guards = (0,) * len(m.tools)
        if m.down:
            fresh = replace(m, used=0, done=False, investigations=0, guards=guards)
        else:
            stamina = max(m.max_stamina - less, 0)
            fresh = replace(
                m, used=0, done=False, investigations=0, guards=guards, stamina=stamina, hp=m.hp - n
            )
        members.append(fresh)
    tokens = state.tokens
    if challenge_number(state.config) == 6:
        pool = list(tokens)
        for kind in (BERRY, COOKED_BERRY, MEAT, COOKED_MEAT):
            pool[kind] = 0
        tokens = tuple(pool)
    # the members refreshed, the pool and the step in one state
    return replace(state, members=tuple(members), planning_used=0, tokens=tokens, step=AT_MORNING)


def morning_options(state: DlidState) -> list[Equip | Unequip | Give | Proceed]:
    """The morning's item window: equip, unequip and hand over weapons and tools between
    characters in play, then proceed. Implements DLID-MORNING-5."""
    members = state.members
    # the seats in play read from a table by who is down (the flags read in C)
    up = _UP[tuple(map(DOWN, members))]
    config = state.config
    memo = table_of(config).morning
    out: list[Equip | Unequip | Give | Proceed] = []
    for who in up:
        m = members[who]
        if not m.spare:
            # nothing unequipped (most characters): the unequips of its slots, built once
            out += _UNEQUIPS[who, len(m.weapons), len(m.tools)]
            continue
        # one character's options read its equipment and who is in play: remembered
        key = (who, m.character, m.weapons, m.tools, m.spare, up)
        found = memo.get(key)
        if found is None:
            found = remember(memo, key, _morning_options(config, who, m, up))
        out += found
    out.append(_PROCEED)
    return out


_PROCEED: Final = Proceed()
_UNEQUIPS: Final = {
    (who, weapons, tools): (
        *(Unequip(who, False, slot) for slot in range(weapons)),
        *(Unequip(who, True, slot) for slot in range(tools)),
    )
    for who in range(CHARACTERS_IN_PLAY)
    for weapons in range(4)
    for tools in range(4)
}
"""The morning's options of a character with nothing unequipped, by seat and the numbers
of weapons and tools equipped (up to three each): :func:`_morning_options` with no item
to equip or give, its unequips in order."""
_UP: Final = {
    downs: tuple(seat for seat, down in enumerate(downs) if not down)
    for downs in product((False, True), repeat=CHARACTERS_IN_PLAY)
}
"""The seats in play by which of the four characters are down."""


def _morning_options(
    config: DlidConfig, who: int, m: Member, up: tuple[int, ...]
) -> tuple[Equip | Unequip | Give, ...]:
    """The morning's options of the character in seat ``who`` (``up``: the seats in play)."""
    table = content.items(config)
    out: list[Equip | Unequip | Give] = []
    for index, item in enumerate(m.spare):
        for slot in day_rules.equip_slots(config, m, item, table[item].kind):
            out.append(Equip(who, index, slot))
    out.extend([Unequip(who, False, slot) for slot in range(len(m.weapons))])
    out.extend([Unequip(who, True, slot) for slot in range(len(m.tools))])
    for index in range(len(m.spare)):
        out.extend([Give(who, index, to) for to in up if to != who])
    return tuple(out)


def equip_item(state: DlidState, action: Equip) -> DlidState:
    m = state.members[action.who]
    item = m.spare[action.index]
    m = replace(m, spare=m.spare[: action.index] + m.spare[action.index + 1 :])
    m = day_rules.equip(m, item, content.items(state.config)[item].kind, action.slot)
    return set_member(state, action.who, refit(state, m))


def unequip_item(state: DlidState, action: Unequip) -> DlidState:
    m = state.members[action.who]
    if action.tool:
        item = m.tools[action.slot]
        m = replace(
            m,
            tools=m.tools[: action.slot] + m.tools[action.slot + 1 :],
            guards=m.guards[: action.slot] + m.guards[action.slot + 1 :],
            spare=(*m.spare, item),
        )
    else:
        item = m.weapons[action.slot]
        m = replace(
            m,
            weapons=m.weapons[: action.slot] + m.weapons[action.slot + 1 :],
            spare=(*m.spare, item),
        )
    return set_member(state, action.who, refit(state, m))


def give_item(state: DlidState, action: Give) -> DlidState:
    m = state.members[action.who]
    item = m.spare[action.index]
    # both members in one state
    members = list(state.members)
    members[action.who] = replace(m, spare=m.spare[: action.index] + m.spare[action.index + 1 :])
    other = members[action.to]
    members[action.to] = replace(other, spare=(*other.spare, item))
    return replace(state, members=tuple(members))


def end_morning(state: DlidState) -> DlidState:
    """The morning's last step: the first player token passes left; revived characters
    return with 3 health and full stamina; the day begins. Implements DLID-MORNING-6 and
    DLID-DEATH-3."""
    members = []
    for m in state.members:
        if m.down and m.reviving:
            back = refit(state, replace(m, down=False, reviving=False, hp=REVIVE_HP))
            members.append(replace(back, stamina=back.max_stamina))
        else:
            members.append(m)
    first = (state.first + 1) % CHARACTERS_IN_PLAY
    m = members[first]
    if state.result is None and not state.mabe and not m.down and not m.done:
        # back_to_turn's move in the same state: the first player is in play
        return replace(state, members=tuple(members), first=first, turn=first, step=AT_TURN)
    state = replace(state, members=tuple(members), first=first, turn=first)
    return day_rules.back_to_turn(state)
