"""Don't Let It Die in z3: the goal witnesses, seeded real games whose abstract paths
reach every goal of the model. A keen tribe (:func:`keen`) plays most of them: it feeds
the fire, investigates, places FKP, eats and revives; random play finds the losses."""

from __future__ import annotations

import random
from collections.abc import Mapping

import msgspec

from dieproof.proofs.dont_let_it_die.abstraction import abstract
from dieproof.proofs.dont_let_it_die.model import MODEL
from dieproof.proofs.model import Abstract
from dieproof.proofs.witnesses import Found, Policy, Searcher, uniform
from dieproof.reference.core.types import Action, Config
from dieproof.reference.dont_let_it_die import content, rules
from dieproof.reference.dont_let_it_die.base import has
from dieproof.reference.dont_let_it_die.content import wood_of
from dieproof.reference.dont_let_it_die.types import (
    FKP,
    HUNT,
    WOOD,
    AddWood,
    Cook,
    Craft,
    DlidAction,
    DlidConfig,
    DlidState,
    DrawCard,
    Eat,
    EndTurn,
    Fight,
    Investigate,
    Pay,
    PlaceFkp,
    Proceed,
    Readings,
    Redraw,
    Reroll,
    Revive,
    Skill,
    Step,
    Trade,
)

DlidPolicy = Policy[DlidState, DlidAction]


def keen(state: DlidState, legal: tuple[DlidAction, ...], rng: random.Random) -> DlidAction:
    """A keen tribe: revives, builds, keeps the fire above the next morning's count,
    places FKP, eats when hurt, investigates, gathers wood when the fire needs it."""
    step = state.step
    if step is Step.FIGHT:
        fights = [a for a in legal if isinstance(a, Fight)]
        guarded = [a for a in fights if a.armour >= 0]
        return (guarded or fights)[0]
    if step is Step.PAY:
        cost = content.items(state.config)[content.SHELTER].cost
        pays = [a for a in legal if isinstance(a, Pay)]
        spare = [a for a in pays if a.token == FKP]
        surplus = [a for a in pays if a.token != WOOD and state.tokens[a.token] > cost[a.token]]
        return (spare or surplus or pays)[0]
    if step is Step.REROLL:
        return Reroll(state.roll <= 0)
    if step is Step.DUB:
        return Redraw(False)
    if step in (Step.MORNING, Step.REFUEL):
        wood = [a for a in legal if isinstance(a, AddWood)]
        return wood[0] if wood else Proceed()
    if step is not Step.TURN:
        return legal[rng.randrange(len(legal))]

    def first(kind: type) -> DlidAction | None:
        found = [a for a in legal if isinstance(a, kind)]
        return found[0] if found else None

    need = wood_of(state.config, state.day) + 1
    building = content.items(state.config)[content.SHELTER].cost
    missing = [k for k in range(len(building)) if state.tokens[k] < building[k]]
    builder = state.building < 0 and has(state, "crafting-3") and bool(missing)
    for choice in (
        first(Revive),
        next((a for a in legal if isinstance(a, Craft) and a.item >= content.SHELTER), None),
        next((a for a in legal if isinstance(a, Trade) and a.take in missing), None)
        if builder
        else None,
        first(Cook),
        next((a for a in legal if isinstance(a, DrawCard) and a.deck == HUNT), None),
        first(AddWood) if state.pit <= need else None,
        None if builder else _placement(state, legal),
        next((a for a in legal if isinstance(a, Eat) and state.members[a.who].hp <= 2), None),
        next((a for a in legal if isinstance(a, Trade) and a.take == WOOD), None)
        if state.pit + state.tokens[WOOD] <= need and sum(state.tokens) - state.tokens[FKP] >= 3
        else None,
        next((a for a in legal if isinstance(a, DrawCard) and a.deck in (1, 2)), None)
        if state.pit + state.tokens[WOOD] <= need + 1
        else None,
        first(Investigate),
        next((a for a in legal if isinstance(a, DrawCard)), None),
    ):
        if choice is not None:
            return choice
    return EndTurn()


PREFERENCE = ("crafting", "warmth", "cooking", "relaxation")


def _placement(state: DlidState, legal: tuple[DlidAction, ...]) -> DlidAction | None:
    """The FKP placement a keen tribe prefers: crafting, then warmth, cooking,
    relaxation, then the rest."""
    tree = content.box(state.config).tree
    placements = [a for a in legal if isinstance(a, PlaceFkp)]
    if not placements:
        return None

    def rank(a: PlaceFkp) -> int:
        name = tree[a.discovery].name
        return next((i for i, p in enumerate(PREFERENCE) if name.startswith(p)), len(PREFERENCE))

    return min(placements, key=rank)


def keeper(state: DlidState, legal: tuple[DlidAction, ...], rng: random.Random) -> DlidAction:
    """A tribe that keeps the fire and itself alive and never unlocks Fire Starter: it
    heals, trades for wood and feeds the fire first."""
    if state.step is Step.TURN:
        tree = content.box(state.config).tree
        need = wood_of(state.config, state.day) + 2
        heals = [
            a
            for a in legal
            if isinstance(a, Skill)
            and a.skill in ("tara-heal", "ajax-heal", "atouk-wood", "kara-gift")
        ]
        low = min(
            range(len(state.members)),
            key=lambda i: state.members[i].hp - (99 if state.members[i].down else 0) * 0,
        )
        for a in heals:
            if a.skill != "tara-heal" or a.target == low:
                return a
        wood = [a for a in legal if isinstance(a, AddWood)]
        if wood and state.pit <= need:
            return wood[0]
        build = [a for a in legal if isinstance(a, Craft) and a.item >= content.SHELTER]
        if build:
            return build[0]
        cost = content.items(state.config)[content.SHELTER].cost
        missing = [k for k in range(len(cost)) if state.tokens[k] < cost[k]]
        if state.building < 0 and has(state, "crafting-3") and state.pit > need:
            for choice in legal:
                if isinstance(choice, Trade) and choice.take in missing:
                    return choice
        trade = [a for a in legal if isinstance(a, Trade) and a.take == WOOD]
        if trade and state.pit + state.tokens[WOOD] <= need + 2:
            return trade[0]
        legal = tuple(
            a
            for a in legal
            if not (isinstance(a, PlaceFkp) and tree[a.discovery].name == "fire-starter")
        )
    return keen(state, legal, rng)


def night_feeder(state: DlidState, legal: tuple[DlidAction, ...], rng: random.Random) -> DlidAction:
    """A keen tribe of Challenge 9 that feeds the pit food only in the night's refuel
    window (the first food offered there), never in the day."""
    if state.step is Step.REFUEL:
        food = [a for a in legal if isinstance(a, AddWood) and a.food != WOOD]
        return food[0] if food else Proceed()
    by_day = tuple(a for a in legal if not (isinstance(a, AddWood) and a.food != WOOD))
    return keen(state, by_day, rng)


EASY = DlidConfig(tree="easy", characters=("Vog", "River", "Kara", "Atouk"))
LONG = DlidConfig(
    tree="easy",
    challenge="not-seen",
    characters=("Vog", "Ajax", "Tara", "Atouk"),
    readings=Readings(game_end="day-14"),
)
BUILDERS = DlidConfig(characters=("Vog", "Ajax", "Tara", "Atouk"))
NIGHT_14 = DlidConfig(
    tree="easy", challenge="not-seen", characters=("Vog", "Ajax", "Tara", "Atouk")
)
HUNTERS = DlidConfig(tree="easy", characters=("Thunk", "River", "Kara", "Vog"))
WITNESS_CONFIGS: Mapping[str, tuple[tuple[DlidConfig, DlidPolicy], ...]] = {
    "win": ((EASY, keen), (DlidConfig(tree="easy"), keen)),
    "calendar": ((NIGHT_14, keeper), (LONG, keeper)),
    "day-14": (
        (LONG, keeper),
        (msgspec.structs.replace(LONG, characters=("Vog", "Ajax", "Tara", "Kara")), keeper),
        (msgspec.structs.replace(LONG, characters=("Vog", "Ajax", "Tara", "Nibna")), keeper),
    ),
    "revival": ((HUNTERS, keen), (EASY, keen)),
    "building": ((BUILDERS, keeper), (BUILDERS, keen)),
    "stat-10": ((DlidConfig(characters=("Vog", "Grub", "Kara", "Cron")), uniform),),
    "night-food": ((DlidConfig(tree="hard", challenge="die-hard"), night_feeder),),
}
"""The configurations and policies whose seeded games witness the goals that random play
of the default game seldom reaches."""

DEFAULT_WITNESS: tuple[tuple[DlidConfig, DlidPolicy], ...] = ((DlidConfig(), uniform),)

SEARCH: Searcher[DlidConfig, DlidState, DlidAction] = Searcher(
    initial_state=rules.initial_state,
    to_move=rules.to_move,
    legal_actions=rules.legal_actions,  # type: ignore[arg-type]
    apply=rules.apply,
    sample_chance=rules.sample_chance,  # type: ignore[arg-type]
    abstract=abstract,
    seeds=200,
)


def _goal_searches() -> dict[str, Found[DlidConfig, DlidAction]]:
    return SEARCH.goal_searches(MODEL, WITNESS_CONFIGS, DEFAULT_WITNESS)


def goal_witnesses() -> dict[str, list[Abstract]]:
    """For every goal, a path of abstract states from a real game that reaches it."""
    return {name: path for name, (_, _, path) in _goal_searches().items()}


def goal_games() -> dict[str, tuple[Config, tuple[Action, ...]]]:
    """For every goal, the configuration and actions of the game :func:`goal_witnesses`
    follows."""
    return {name: (config, actions) for name, (config, actions, _) in _goal_searches().items()}
