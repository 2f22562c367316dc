"""Don't Let It Die: the structural checks of a state a client sends
(:func:`validate_state`), before the invariants, and the rules behind a step
(:func:`step_rules`)."""

from __future__ import annotations

from typing import Final, NoReturn

from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.dont_let_it_die import content
from dieproof.reference.dont_let_it_die.base import DUB, KARA, MABE, ZEEBO, find
from dieproof.reference.dont_let_it_die.rules import validate_config
from dieproof.reference.dont_let_it_die.types import (
    BONE,
    CHARACTERS_IN_PLAY,
    DECKS,
    LAST_DAY,
    REVIVE_HP,
    STAT_CAP,
    TOKEN_KINDS,
    USED_DUB,
    USED_REROLL,
    WOOD,
    AddWood,
    DlidAction,
    DlidState,
    Member,
    Step,
    challenge_number,
)

_USED_BITS: Final = 512


def _invalid(message: str) -> NoReturn:
    raise InvalidState("DLID.STATE_INVALID", f"not a Don't Let It Die position: {message}")


def validate_state(state: DlidState) -> None:
    """Raise :class:`InvalidState` (``DLID.STATE_INVALID``) unless ``state`` is a position
    the rules can be applied to; the invariants are checked after this, by the caller."""
    try:
        validate_config(state.config)
    except RulesError as error:
        _invalid(f"its config is impossible: {error.message}")
    _shapes(state)
    _members(state)
    _cards(state)
    _items(state)
    _tree(state)
    _step(state)


def _shapes(state: DlidState) -> None:
    tree = content.box(state.config).tree
    checks = (
        ("members", len(state.members), CHARACTERS_IN_PLAY),
        ("tokens", len(state.tokens), TOKEN_KINDS),
        ("decks", len(state.decks), DECKS),
        ("discards", len(state.discards), DECKS),
        ("on_top", len(state.on_top), DECKS),
        ("night_deck", len(state.night_deck), len(content.box(state.config).night_events)),
        ("night_discard", len(state.night_discard), len(content.box(state.config).night_events)),
        ("placed", len(state.placed), len(tree)),
        ("unlocked", len(state.unlocked), len(tree)),
        ("made", len(state.made), len(content.ITEMS_RULEBOOK)),
    )
    for name, got, want in checks:
        if got != want:
            _invalid(f"{name} has {got} entries, not {want}")
    for d in range(DECKS):
        if len(state.decks[d]) != len(content.box(state.config).decks[d]) or len(
            state.discards[d]
        ) != len(content.box(state.config).decks[d]):
            _invalid(f"deck {d} lists {len(state.decks[d])} card kinds")
    if min(state.tokens) < 0:
        _invalid("a negative token count")
    top = LAST_DAY + 1 if state.config.readings.game_end == "day-15" else LAST_DAY
    if not 1 <= state.day <= top:
        _invalid(f"day {state.day}")
    if state.pit < 0 or not 0 <= state.pit_food <= state.pit:
        _invalid(f"pit {state.pit} with {state.pit_food} of food")
    if state.pit_food and challenge_number(state.config) != 9:
        _invalid("food in the pit outside Challenge 9")
    if not 0 <= state.first < CHARACTERS_IN_PLAY or not 0 <= state.turn < CHARACTERS_IN_PLAY:
        _invalid("first player or turn out of range")
    if not -1 <= state.event < len(content.box(state.config).night_events):
        _invalid(f"night event {state.event}")
    if not 0 <= state.planning_used <= 2:
        _invalid(f"{state.planning_used} Planning Hut draws")
    if (state.step is Step.OVER) != (state.result is not None):
        _invalid("a result exactly when the game is over")


def _members(state: DlidState) -> None:
    table = content.items(state.config)
    for seat, m in enumerate(state.members):
        expected = content.CHARACTER_INDEX[state.config.characters[seat]]
        if m.character != expected:
            _invalid(f"seat {seat} holds character {m.character}, not {expected}")
        card = content.box(state.config).characters[m.character]
        if not (0 <= m.hp <= m.max_hp <= STAT_CAP and 0 <= m.stamina <= m.max_stamina <= STAT_CAP):
            _invalid(f"seat {seat}'s health or stamina")
        if len(m.weapons) > card.weapon_slots or len(m.tools) > card.tool_slots:
            _invalid(f"seat {seat} holds more than its slots")
        for item in (*m.weapons, *m.tools, *m.spare):
            if not 0 <= item < len(table) or table[item].kind == "building":
                _invalid(f"seat {seat} holds item {item}")
        if any(table[i].kind != "weapon" for i in m.weapons):
            _invalid(f"seat {seat} has a non-weapon in a weapon slot")
        if any(table[i].kind != "tool" for i in m.tools):
            _invalid(f"seat {seat} has a non-tool in a tool slot")
        if len(m.guards) != len(m.tools):
            _invalid(f"seat {seat}'s armour uses do not match its tools")
        for slot, tool in enumerate(m.tools):
            if not 0 <= m.guards[slot] <= content.ARMOUR.get(tool, 0):
                _invalid(f"seat {seat}'s armour used {m.guards[slot]} times")
        if card.tool_slots == 2 and len(m.tools) == 2 and m.tools[0] == m.tools[1]:
            _invalid(f"seat {seat} has the same tool twice")
        if not 0 <= m.used < _USED_BITS or m.investigations < 0:
            _invalid(f"seat {seat}'s daily marks")
        if m.down != (m.hp == 0) and not m.reviving:
            _invalid(f"seat {seat} is down at {m.hp} health")
        if m.reviving and (not m.down or m.hp != REVIVE_HP):
            _invalid(f"seat {seat} is revived at {m.hp} health")
        if m.down and m.stamina:
            _invalid(f"seat {seat} is down with stamina")
        if m.down and m.spare and state.result is None and not _heir_waiting(state, m):
            _invalid(f"seat {seat} is down with unequipped items")


def _heir_waiting(state: DlidState, m: Member) -> bool:
    """Whether ``m`` may hold a fallen character's unequipped items though down: fed back
    to life while nobody is in play, under DLID-A26's "waits" (DLID-DEATH-2)."""
    return (
        m.reviving
        and state.config.readings.everybody_down == "waits"
        and all(x.down for x in state.members)
    )


def _cards(state: DlidState) -> None:
    challenge = challenge_number(state.config)
    for d in range(DECKS):
        top = state.on_top[d]
        if top != -1 and (
            challenge != 4
            or not 0 <= top < len(content.box(state.config).decks[d])
            or content.box(state.config).decks[d][top].kind != "danger"
        ):
            _invalid(f"deck {d} has card {top} on top")
        for c, card in enumerate(content.box(state.config).decks[d]):
            held = state.decks[d][c] + state.discards[d][c] + (top == c)
            if d == state.deck:
                held += state.drawn.count(c)
            if min(state.decks[d][c], state.discards[d][c]) < 0:
                _invalid(f"deck {d} holds a negative count")
            want = 0 if challenge == 8 and card.kind == "danger" else card.count
            if held != want:
                _invalid(f"deck {d} card {c} ({card.name}) counted {held} times, not {want}")
    for e in range(len(content.box(state.config).night_events)):
        n = state.night_deck[e] + state.night_discard[e] + (state.event == e)
        if min(state.night_deck[e], state.night_discard[e]) < 0 or n != 1:
            _invalid(f"night event {e} counted {n} times")


def _items(state: DlidState) -> None:
    table = content.items(state.config)
    held = [0] * len(table)
    for m in state.members:
        for item in (*m.weapons, *m.tools, *m.spare):
            held[item] += 1
    for item, n in enumerate(state.made):
        if not held[item] <= n <= 2:
            _invalid(f"item {item}: {n} made, {held[item]} held")
    buildings = [i for i, n in enumerate(state.made) if n and table[i].kind == "building"]
    if state.building == -1:
        if buildings:
            _invalid("a building made but not standing")
    elif buildings != [state.building] or state.made[state.building] != 1:
        _invalid(f"building {state.building} with {buildings} made")


def _tree(state: DlidState) -> None:
    tree = content.box(state.config).tree
    for i, d in enumerate(tree):
        if not 0 <= state.placed[i] < d.cost or (state.unlocked[i] and state.placed[i]):
            _invalid(f"{state.placed[i]} FKP on {d.name}")
        if state.unlocked[i] and not all(state.unlocked[r] for r in d.requires):
            _invalid(f"{d.name} unlocked before its prerequisites")
        if state.placed[i] and not all(state.unlocked[r] for r in d.requires):
            _invalid(f"FKP on {d.name} before its prerequisites")
    fire = [d.name for d in tree].index("fire-starter")
    if state.unlocked[fire] != (state.result is not None and bool(state.result.winners)):
        _invalid("Fire Starter unlocked exactly when the game is won")


_DAY_STEPS: Final = frozenset(
    {
        Step.TURN,
        Step.DRAW,
        Step.LIGHTNING,
        Step.PICK,
        Step.FIGHT,
        Step.ROLL,
        Step.REROLL,
        Step.PAY,
        Step.MABE,
    }
)


def _step(state: DlidState) -> None:
    step = state.step
    members = state.members
    if step is Step.OVER:
        return
    drawing = step in (Step.DRAW, Step.LIGHTNING, Step.PICK, Step.FIGHT)
    if drawing != (state.deck >= 0) or (
        not drawing and (state.drawn or state.planning or state.again)
    ):
        _invalid("a pending draw outside a draw")
    if step in (Step.DRAW, Step.LIGHTNING, Step.PICK, Step.FIGHT, Step.ROLL, Step.REROLL):
        if not 0 <= state.actor < CHARACTERS_IN_PLAY:
            _invalid("no character acts")
        if state.actor != state.turn:
            _invalid("the acting character is not the turn's")
    elif state.actor != -1:
        _invalid("an actor outside an action")
    if step in _DAY_STEPS and step is not Step.MABE:
        m = members[state.turn]
        if m.done or (m.down and step is Step.TURN):
            _invalid("the turn belongs to a character who cannot act")
    elif any(not m.done for m in members if not m.down) and step not in (Step.MORNING,):
        _invalid("a night while a character has a turn to take")
    if drawing:
        if not 0 <= state.deck < DECKS:
            _invalid(f"deck {state.deck}")
        if not state.planning and len(state.drawn) > 1:
            _invalid("two cards drawn without the Planning Hut")
        if state.planning and state.building != content.PLANNING_HUT:
            _invalid("a Planning Hut draw without the hut")
        if state.again and challenge_number(state.config) != 4:
            _invalid("a second draw of a card outside Challenge 4")
        if any(not 0 <= c < len(content.box(state.config).decks[state.deck]) for c in state.drawn):
            _invalid("a drawn card out of range")
    if step is Step.DRAW:
        deck = state.deck
        if len(state.drawn) >= (2 if state.planning else 1):
            _invalid("every card of the draw is drawn")
        if state.on_top[deck] < 0 and sum(state.decks[deck]) == 0:
            _invalid("a draw from an empty deck")
    if step is Step.LIGHTNING and (not state.drawn or state.event < 0):
        _invalid("a lightning roll without a card")
    if (
        step is Step.LIGHTNING
        and content.box(state.config).night_events[state.event].effect != "lightning"
    ):
        _invalid("a lightning roll without the storm")
    if step is Step.PICK and (not state.planning or len(state.drawn) != 2):
        _invalid("a pick without two cards")
    if step is Step.FIGHT:
        if len(state.drawn) != 1:
            _invalid("a fight without one card")
        if content.box(state.config).decks[state.deck][state.drawn[0]].kind != "danger":
            _invalid("a fight without a Danger! card")
    if (step is Step.REROLL) != (state.roll >= 0) or state.roll > 3:
        _invalid(f"roll {state.roll} at a {step.value} step")
    if step is Step.REROLL:
        kara = find(state, KARA)
        if kara < 0 or members[kara].used & USED_REROLL:
            _invalid("a re-roll without Kara")
    if (step is Step.PAY) != (state.owed > 0) or (step is Step.PAY) != (state.take >= 0):
        _invalid("a payment outside a trade")
    if step is Step.PAY and (state.owed > 3 or sum(state.tokens) < state.owed or state.take > 9):
        _invalid(f"a trade owing {state.owed}")
    if state.mabe and (find(state, MABE) < 0 or step not in (Step.MABE, *_DAY_STEPS)):
        _invalid("Mabe's roll without Mabe by day")
    if step is Step.MABE and not state.mabe:
        _invalid("Mabe's roll not owed")
    if state.last_card >= 0:
        if members[state.turn].character != ZEEBO or not 0 <= state.last_deck < DECKS:
            _invalid("a last card outside Zeebo's turn")
        cards = content.box(state.config).decks[state.last_deck]
        if state.last_card >= len(cards) or cards[state.last_card].kind != "resource":
            _invalid("Zeebo's last card is not a resource card")
    if step is Step.NIGHT and sum(state.night_deck) == 0:
        _invalid("a night draw from an empty night deck")
    if step is Step.DUB:
        dub = find(state, DUB)
        if dub < 0 or state.tokens[BONE] < 1 or members[dub].used & USED_DUB or state.event < 0:
            _invalid("Dub's redraw without Dub or a bone")
    night = step in (Step.DUB, Step.NIGHT_ROLL, Step.BREAK_TOOL, Step.LOSE_ITEMS)
    effect = content.box(state.config).night_events[state.event].effect if state.event >= 0 else ""
    if night and state.event < 0:
        _invalid("a night step without an event")
    if step is Step.NIGHT_ROLL:
        if effect not in ("steal", "stampede"):
            _invalid("a night roll for an event without one")
        if effect == "stampede" and (
            not 0 <= state.night_roll < CHARACTERS_IN_PLAY or members[state.night_roll].down
        ):
            _invalid("a stampede roll for a character not in play")
    if step is Step.BREAK_TOOL and (effect != "broken-tool" or not any(m.tools for m in members)):
        _invalid("a broken tool without a tool")
    if step is Step.LOSE_ITEMS:
        table = content.items(state.config)
        kinds = {table[i].kind for m in members for i in m.spare}
        bits = state.to_lose
        if effect != "earthquake" or not 1 <= bits <= 3:
            _invalid("items to lose without the earthquake")
        if not ((bits & 1 and "weapon" in kinds) or (bits & 2 and "tool" in kinds)):
            _invalid("items to lose that nobody holds")
    elif state.to_lose:
        _invalid("items to lose outside the earthquake")
    if (step is Step.REFUEL) != state.wood_taken:
        _invalid("the refuel window exactly when a night event took wood")
    if state.pit == 0 and not (
        step is Step.REFUEL and state.config.readings.empty_pit == "after-refuel"
    ):
        _invalid("a running game with an empty pit")


ACTION_RULES: Final[dict[str, tuple[str, ...]]] = {
    "DrawCard": ("DLID-DAY-2", "DLID-DAY-3"),
    "Investigate": ("DLID-DAY-4",),
    "Trade": ("DLID-DAY-5",),
    "Pay": ("DLID-DAY-5",),
    "Cook": ("DLID-DAY-8",),
    "Craft": ("DLID-DAY-9", "DLID-ITEMS-1", "DLID-ITEMS-4"),
    "EndTurn": ("DLID-DAY-10", "DLID-DAY-1"),
    "Eat": ("DLID-DAY-6", "DLID-FAQ-4"),
    "Revive": ("DLID-DEATH-3",),
    "AddWood": ("DLID-DAY-7",),
    "PlaceFkp": ("DLID-FKP-1", "DLID-FKP-2"),
    "Skill": ("DLID-SKILL-1",),
    "Keep": ("DLID-BUILD-5",),
    "Fight": ("DLID-COMBAT-1", "DLID-COMBAT-2", "DLID-COMBAT-3"),
    "Reroll": ("DLID-SKILL-3",),
    "Redraw": ("DLID-SKILL-5",),
    "BreakTool": ("DLID-NIGHT-2",),
    "LoseItem": ("DLID-NIGHT-2",),
    "Equip": ("DLID-MORNING-5",),
    "Unequip": ("DLID-MORNING-5",),
    "Give": ("DLID-MORNING-5",),
    "Proceed": ("DLID-MORNING-6",),
    "CardDrawn": ("DLID-CARDS-1",),
    "DieRolled": ("DLID-DAY-4",),
    "EventDrawn": ("DLID-NIGHT-1", "DLID-NIGHT-2"),
}


def step_rules(before: DlidState, action: DlidAction, after: DlidState) -> tuple[str, ...]:
    """The rules that decided a step, most specific first: the end of the game, the
    morning and the night if the step reached them, then the action's own rules."""
    found: list[str] = []
    if after.result is not None and before.result is None:
        found.append(after.result.rule)
    if after.day != before.day:
        found += ["DLID-MORNING-1", "DLID-MORNING-2", "DLID-MORNING-3", "DLID-MORNING-4"]
    if after.step is Step.NIGHT and before.step is not Step.NIGHT:
        found.append("DLID-NIGHT-1")
    if isinstance(action, AddWood) and action.food != WOOD:
        found.append("DLID-CHAL-9")
    if before.step is Step.REFUEL:
        # the night's refuel window: its wood and its end are the refuel rule's, not the
        # day's free action or the morning's token (the morning's own rules come above)
        found.append("DLID-NIGHT-5")
    else:
        found += ACTION_RULES.get(type(action).__name__, ())
    return tuple(dict.fromkeys(found))
