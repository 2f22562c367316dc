"""Don't Let It Die: the abstraction function from a reference state to the model's
variables (:mod:`~dieproof.proofs.dont_let_it_die.vocabulary`)."""

from __future__ import annotations

from dieproof.proofs.dont_let_it_die.vocabulary import DISCOVERIES, ITEMS, PHASE_OF, SEATS
from dieproof.reference.core.types import State
from dieproof.reference.dont_let_it_die import content
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
    WOOD,
    DlidState,
)


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
        out[f"down[{i}]"] = m.down
        out[f"rev[{i}]"] = m.reviving
    t = state.tokens
    out["wood"] = t[WOOD]
    out["rock"] = t[ROCK]
    out["fiber"] = t[FIBER]
    out["berries"] = t[BERRY] + t[COOKED_BERRY]
    out["meats"] = t[MEAT] + t[COOKED_MEAT]
    out["bone"] = t[BONE]
    out["hide"] = t[HIDE]
    out["fkp"] = t[FKP] + sum(state.placed) + sum(state.unlocked)
    out["pit"] = state.pit
    out["pitfood"] = state.pit_food
    out["day"] = state.day
    out["last"] = 15 if config.readings.game_end == "day-15" else 14
    out["phase"] = PHASE_OF[state.step]
    table = content.items(config)
    out["bld"] = sum(n for j, n in enumerate(state.made) if table[j].kind == "building")
    tree = content.box(config).tree
    out["fs"] = [d.name for d in tree].index("fire-starter")
    out["shared"] = config.readings.wood_supply == "shared"
    out["hard"] = config.tracker == "hard"
    result = state.result
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
