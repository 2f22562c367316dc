"""Don't Let It Die: the abstraction function from a reference state to the model's
variables (:mod:`~dieproof.proofs.dont_let_it_die.vocabulary`)."""

from __future__ import annotations

from dieproof.proofs.dont_let_it_die.vocabulary import DISCOVERIES, ITEMS, PHASE_OF, SEATS
from dieproof.reference.core.types import CHANCE, TERMINAL, State
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.types import (
    BERRY,
    BONE,
    COOKED_BERRY,
    COOKED_MEAT,
    FIBER,
    FKP,
    HIDE,
    MEAT,
    ROCK,
    STAT_CAP,
    USED_DAILY,
    WOOD,
    DlidConfig,
    DlidState,
    Step,
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


def expected_maxima(state: DlidState, character: int, weapons: tuple[int, ...]) -> tuple[int, int]:
    """A character's maxima restated from the rulebook rather than taken from the rules
    modules: the card's health, +2 with Relaxation; the card's stamina, +1 per Warmth
    unlocked, -1 per Club equipped; each within 0 and 10 (Fire Knowledge Points, Items,
    FAQ 2)."""
    card = content.box(state.config).characters[character]
    names = [d.name for d in content.box(state.config).tree]

    def unlocked(name: str) -> bool:
        return name in names and state.unlocked[names.index(name)]

    hp = card.health + (2 if unlocked("relaxation") else 0)
    st = card.stamina + sum(unlocked(f"warmth-{n}") for n in (1, 2, 3))
    st -= sum(1 for w in weapons if w == content.CLUB)
    return min(max(hp, 0), STAT_CAP), min(max(st, 0), STAT_CAP)


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


def event_effect(state: DlidState) -> str:
    """The effect of the night event card in force, "" before the first."""
    if state.event < 0:
        return ""
    return content.box(state.config).night_events[state.event].effect


def expected_morning_damage(state: DlidState, seat: int) -> int:
    """The damage the morning deals ``seat`` under the night event in force, restated
    from the rulebook rather than taken from the rules modules: everyone takes 1 (Morning
    Phase, step 3; 2 on the Hard side under DLID-A4's "two"), none with the Shelter, 1
    more after the volcano and in Challenge 8 (Fruitarianism); none after high morale,
    and none for Vog (his card)."""
    config = state.config
    e = event_effect(state)
    name = content.box(config).characters[state.members[seat].character].name
    if e == "morale" or name == "Vog":
        return 0
    hurt = 2 if config.tracker == "hard" and config.readings.hard_tracker_damage == "two" else 1
    if state.building >= 0 and content.items(config)[state.building].name == "Shelter":
        hurt = 0
    return hurt + (e == "volcano") + (config.challenge == "fruitarianism")


def expected_stamina_cut(state: DlidState) -> int:
    """How far below the maximum the morning refills stamina under the night event in
    force (DLID-NIGHT-2: screeching beasts 3, the cold wind 2, else 0)."""
    return {"screeching": 3, "cold-wind": 2}.get(event_effect(state), 0)


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


def abstract(state: State) -> dict[str, int | bool]:
    """The model's variables of ``state``."""
    assert isinstance(state, DlidState)
    config = state.config
    out: dict[str, int | bool] = {}
    for i in SEATS:
        m = state.members[i]
        card = content.box(config).characters[m.character]
        out[f"hp[{i}]"] = m.hp
        out[f"mhp[{i}]"] = m.max_hp
        out[f"st[{i}]"] = m.stamina
        out[f"mst[{i}]"] = m.max_stamina
        out[f"w[{i}]"] = len(m.weapons)
        out[f"t[{i}]"] = len(m.tools)
        out[f"ws[{i}]"] = card.weapon_slots
        out[f"ts[{i}]"] = card.tool_slots
        out[f"cmh[{i}]"], out[f"cms[{i}]"] = expected_maxima(state, m.character, m.weapons)
        out[f"card[{i}]"] = m.character
        out[f"daily[{i}]"] = bool(m.used & USED_DAILY)
        out[f"down[{i}]"] = m.down
        out[f"rev[{i}]"] = m.reviving
        out[f"mdmg[{i}]"] = expected_morning_damage(state, i)
        out[f"today[{i}]"] = m.investigations + sum(m.guards)
    t = state.tokens
    out["wood"] = t[WOOD]
    out["rock"] = t[ROCK]
    out["fiber"] = t[FIBER]
    out["berries"] = t[BERRY] + t[COOKED_BERRY]
    out["meats"] = t[MEAT] + t[COOKED_MEAT]
    out["bone"] = t[BONE]
    out["hide"] = t[HIDE]
    out["fkp"] = t[FKP] + sum(state.placed) + sum(state.unlocked)
    out["fkpool"] = t[FKP]
    out["held"] = sum(len(m.weapons) + len(m.tools) + len(m.spare) for m in state.members)
    out["mover"] = rules.to_move(state)
    out["expect"] = expected_mover(state)
    out["wtaken"] = state.wood_taken
    out["pit"] = state.pit
    out["pitfood"] = state.pit_food
    out["day"] = state.day
    out["last"] = 15 if config.readings.game_end == "day-15" else 14
    out["phase"] = PHASE_OF[state.step]
    out["cut"] = expected_stamina_cut(state)
    out["quiet"] = event_effect(state) in QUIET_EVENTS
    out["teach"] = event_effect(state) == "teaching"
    out["fresh"] = state.step is Step.NIGHT
    out["settled"] = state.step in (Step.BREAK_TOOL, Step.LOSE_ITEMS, Step.REFUEL)
    table = content.items(config)
    out["bld"] = sum(n for j, n in enumerate(state.made) if table[j].kind == "building")
    tree = content.box(config).tree
    out["fs"] = [d.name for d in tree].index("fire-starter")
    out["shared"] = config.readings.wood_supply == "shared"
    out["hard"] = config.tracker == "hard"
    result = state.result
    spare = [table[j].kind for m in state.members for j in m.spare]
    out["spw"] = spare.count("weapon")
    out["spt"] = spare.count("tool")
    out["losing"] = state.step is Step.LOSE_ITEMS
    out["owew"] = bool(state.to_lose & WEAPON_BIT)
    out["owet"] = bool(state.to_lose & TOOL_BIT)
    out["ended"] = result is not None
    out["won"] = result is not None and bool(result.winners)
    out["lostpit"] = result is not None and result.rule == "DLID-END-2"
    out["refuelok"] = config.readings.empty_pit == "after-refuel"
    out["nightend"] = config.readings.game_end == "night-14"
    for k in DISCOVERIES:
        if k < len(tree):
            requires = tree[k].requires
            out[f"u[{k}]"] = state.unlocked[k]
            out[f"pa[{k}]"] = requires[0] if requires else -1
            out[f"pb[{k}]"] = requires[1] if len(requires) > 1 else -1
        else:
            out[f"u[{k}]"] = False
            out[f"pa[{k}]"] = -1
            out[f"pb[{k}]"] = -1
    for j in ITEMS:
        out[f"made[{j}]"] = state.made[j]
    return out
