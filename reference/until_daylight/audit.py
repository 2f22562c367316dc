"""Until Daylight for the oracle: which rules decided a step, and whether a state that
came in as JSON is a position the rules can be applied to.

:func:`step_rules` names the rules a disagreement about a step is about (the oracle's
differential test reports them). :func:`validate_state` guards the referee against
hostile states passed by value: it refuses (``UD.STATE_INVALID``) every state whose
fields disagree with one another in a way no game can produce, before the invariants
run, so that the rules never meet a state they would crash on. The checks follow the
state machine of ``rules.py``: which steps each phase waits at, what the queue of
``advance`` leaves behind at each of its steps (a card in transit, owed discards, draws
and reveals), which seats have chosen a character during setup, and the character's
attack or the damage being resolved.
"""

from __future__ import annotations

from typing import Final, NoReturn

from dieproof.reference.core.errors import InvalidState, RulesError
from dieproof.reference.until_daylight import combat, enemies
from dieproof.reference.until_daylight.base import (
    Catalog,
    catalog,
    experience,
    validate_config,
)
from dieproof.reference.until_daylight.search import take_counts
from dieproof.reference.until_daylight.types import (
    MAX_DICE,
    MAX_TOKENS,
    OFFERED_OBJECTIVES,
    Allot,
    AttackWith,
    Build,
    Choose,
    Clock,
    Consent,
    Discard,
    Draw,
    DrawObjective,
    Enemy,
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
    UdState,
    Use,
    Wave,
)

# -- the rules behind a step ----------------------------------------------------------------

ACTION_RULES: Final[dict[type[UdAction], tuple[str, ...]]] = {
    FirstPlayer: ("UD-SETUP-3",),
    Choose: ("UD-SETUP-3", "UD-SETUP-2"),
    DrawObjective: ("UD-SETUP-4",),
    Keep: ("UD-SETUP-4",),
    Clock: ("UD-SEARCH-8",),
    Draw: ("UD-SEARCH-1",),
    Build: ("UD-SEARCH-2", "UD-ENEMY-9"),
    Give: ("UD-SEARCH-3",),
    Take: ("UD-SEARCH-4",),
    Consent: ("UD-SEARCH-4",),
    Use: ("UD-SEARCH-5",),
    Pass: ("UD-SEARCH-6",),
    Throw: ("UD-SEARCH-11",),
    FateRoll: ("UD-COMBAT-2", "UD-COMBAT-1"),
    AttackWith: ("UD-COMBAT-5",),
    Sacrifice: ("UD-ENEMY-7",),
}
"""The rule each kind of action carries out, where it does not depend on the moment."""

WAVE_RULES: Final[dict[Wave, str]] = {
    Wave.RAIDERS: "UD-ENEMY-3",
    Wave.INFECTED: "UD-ENEMY-4",
    Wave.COLLATERAL: "UD-COMBAT-11",
}
"""The rule behind each kind of damage against a player."""


def step_rules(before: UdState, action: UdAction, after: UdState) -> tuple[str, ...]:
    """The rules that decided the step ``before`` -> ``after``, most specific first: the
    rule the action carries out, then the rules behind what else the step changed."""
    found = [*_action_rules(before, action, after)]
    found.extend(ACTION_RULES.get(type(action), ()))
    if before.phase is Phase.ATTACKS and isinstance(action, Build | Give | Take | Use | Pass):
        found.append("UD-COMBAT-4")
    found.extend(_consequences(before, after))
    return tuple(dict.fromkeys(found))


def _action_rules(before: UdState, action: UdAction, after: UdState) -> list[str]:
    """The rules an action follows that depend on when it is taken."""
    found: list[str] = []
    if isinstance(action, Give | Take) and action.count > 1:
        found.append("UD-SEARCH-9")
    elif isinstance(action, Found):
        found.append("UD-SEARCH-1")
        if before.phase is Phase.RELEASE:
            found.append("UD-COMBAT-2")
        elif before.phase is Phase.ATTACKS:
            found.append("UD-COMBAT-13")
        card = catalog(before.config).index.get(action.card)
        if card is not None and catalog(before.config).cards[card].event is not None:
            found.insert(0, "UD-SEARCH-10")
    elif isinstance(action, Discard):
        found.extend(_discard_rules(before))
    elif isinstance(action, Reveal):
        if before.reveal:
            found.append("UD-COMBAT-3")
            if before.withdraw and after.horde_discard != before.horde_discard:
                found.append("UD-COMBAT-2")  # the die of fate withdraws it
        elif before.phase is Phase.RELEASE and before.attract_raiders:
            found.append("UD-COMBAT-2")  # the die of fate adds an enemy
        else:
            found.append("UD-SEARCH-10" if before.phase is not Phase.RELEASE else "UD-COMBAT-2")
    elif isinstance(action, Clock) and action.gong:
        found.append("UD-COMBAT-1")
    elif isinstance(action, AttackWith):
        found.extend(_attack_rules(before, action, after))
    elif isinstance(action, Roll | Allot):
        found.extend(_resolution_rules(before, action, after))
    return found


def _discard_rules(before: UdState) -> tuple[str, ...]:
    """Why a player discards: room for a card (UD-SEARCH-7), a raider's damage, or a
    loss event; during the release, the die of fate (or a loss event it drew)."""
    if before.step is Step.OVERFLOW:
        return ("UD-SEARCH-7",)
    if before.phase is Phase.ENEMIES:
        return ("UD-ENEMY-3",)
    if before.phase is Phase.RELEASE:
        return ("UD-COMBAT-2", "UD-SEARCH-10")
    return ("UD-SEARCH-10",)


def _attack_rules(before: UdState, action: AttackWith, after: UdState) -> list[str]:
    found: list[str] = ["UD-COMBAT-5"]
    attack = after.attack
    if attack is not None:
        cat = catalog(before.config)
        weapon = cat.index[action.weapon]
        _, raw = combat.attack_dice(before, before.turn, weapon, action.ammo)
        if raw >= MAX_DICE:
            found.append("UD-COMBAT-6")
        if action.survivors:
            found.append("UD-ENEMY-8")
        if attack.melee and action.area != before.turn:
            found.append("UD-COMBAT-9")
        if before.leader == before.turn:
            found.append("UD-SETUP-6")
    return found


def _resolution_rules(before: UdState, action: Roll | Allot, after: UdState) -> list[str]:
    """A roll or a choice of damage: a character's attack, or damage against a player."""
    found: list[str] = []
    attack = before.attack
    if attack is not None:
        found.extend(("UD-COMBAT-8", "UD-COMBAT-7"))
        if after.attack is None:
            found.append("UD-COMBAT-10")
            if (
                attack.area != attack.attacker
                and not attack.melee
                and attack.misses + (action.misses if isinstance(action, Roll) else 0)
            ):
                found.append("UD-COMBAT-11")
            if after.areas[attack.attacker] != before.areas[attack.attacker]:
                found.append("UD-COMBAT-12")
            if after.draws > before.draws or after.monsters != before.monsters:
                found.append("UD-COMBAT-13")
        return found
    defense = before.defense
    if defense is not None:
        found.extend((WAVE_RULES[defense.wave], "UD-ENEMY-5"))
        if isinstance(action, Allot) and before.config.readings.defense_choice == "leader":
            found.append("UD-SETUP-7")
        if isinstance(action, Roll) and defense.dice_left:
            found.append("UD-COMBAT-6")  # the wave has more dice than six: rolled in parts
    return found


def _consequences(before: UdState, after: UdState) -> list[str]:
    """Rules behind what a step changed besides its own effect."""
    found: list[str] = []
    n = before.config.players
    if after.step is Step.OVERFLOW and before.step is not Step.OVERFLOW:
        found.append("UD-SEARCH-7")
    if before.phase is Phase.SETUP and after.phase is Phase.SEARCH:
        found.extend(("UD-SETUP-2", "UD-SETUP-3"))
    if before.phase is Phase.SEARCH and after.phase is Phase.RELEASE:
        found.extend(("UD-SEARCH-8", "UD-COMBAT-1"))
    if before.phase is Phase.RELEASE and after.phase is Phase.ATTACKS:
        found.append("UD-COMBAT-4")
    if after.phase is Phase.ENEMIES and before.phase is not Phase.ENEMIES:
        found.append("UD-ENEMY-1")
    if any(after.traps[p] < before.traps[p] for p in range(n)):
        found.append("UD-ENEMY-2")
    if any(after.barricades[p] < before.barricades[p] for p in range(n)):
        found.append("UD-ENEMY-6")
    if after.horde_discard.count(Enemy.SURVIVOR) > before.horde_discard.count(Enemy.SURVIVOR):
        found.append("UD-ENEMY-8")
    if any(after.wounds[p] > before.wounds[p] for p in range(n)):
        found.append("UD-ENEMY-10")
    if after.harm > before.harm:
        found.append("UD-ENEMY-7")
    if after.round > before.round:
        found.extend(("UD-ROUND-2", "UD-ROUND-1"))
    elif any(after.saved_ever[p] > before.saved_ever[p] for p in range(n)):
        found.append("UD-ROUND-2")
    if after.cycle > before.cycle:
        found.append("UD-ROUND-3")
    if after.achieved != before.achieved:
        found.append("UD-SETUP-4")
    if after.leader != before.leader:
        found.extend(("UD-SETUP-6", "UD-SETUP-5"))
    if after.result is not None and before.result is None:
        found.append(after.result.rule)
    return found


# -- validating a state from a stranger -------------------------------------------------------

PHASE_STEPS: Final[dict[Phase, frozenset[Step]]] = {
    Phase.SETUP: frozenset({Step.ROLL_OFF, Step.CHOOSE, Step.OBJECTIVE, Step.KEEP}),
    Phase.SEARCH: frozenset(
        {
            Step.CLOCK,
            Step.SEARCH,
            Step.CONSENT,
            Step.FOUND,
            Step.OVERFLOW,
            Step.DISCARD,
            Step.HORDE,
            Step.SACRIFICE,
        }
    ),
    Phase.RELEASE: frozenset(
        {Step.FATE, Step.FOUND, Step.OVERFLOW, Step.DISCARD, Step.HORDE, Step.SACRIFICE}
    ),
    Phase.ATTACKS: frozenset(
        {
            Step.ACT,
            Step.CONSENT,
            Step.FOUND,
            Step.OVERFLOW,
            Step.DISCARD,
            Step.HORDE,
            Step.ROLL,
            Step.ALLOT,
            Step.SACRIFICE,
        }
    ),
    Phase.ENEMIES: frozenset({Step.ROLL, Step.ALLOT, Step.SACRIFICE, Step.DISCARD}),
    Phase.OVER: frozenset({Step.NONE}),
}
"""The steps each phase can wait at."""

QUEUE_STEPS: Final = frozenset({Step.FOUND, Step.OVERFLOW, Step.DISCARD, Step.HORDE})
"""The steps the queue of ``rules.advance`` stops at: a continuation is pending there,
and nowhere else (besides a sacrifice for damage owed outside an attack, which the
queue also waits at: :func:`_queued`)."""


def _queued(state: UdState) -> bool:
    """Whether the state waits at a step of the queue of ``rules.advance``."""
    return state.step in QUEUE_STEPS or (state.step is Step.SACRIFICE and state.harm > 0)


PHASE_THEN: Final[dict[Phase, Then]] = {
    Phase.SEARCH: Then.NEXT_SEARCHER,
    Phase.RELEASE: Then.ATTACKS,
    Phase.ATTACKS: Then.NEXT_ACTOR,
    Phase.ENEMIES: Then.ENEMIES,
}
"""The continuation a queue step of each phase resumes with."""

PHASE_WAVES: Final[dict[Phase, frozenset[Wave]]] = {
    Phase.ATTACKS: frozenset({Wave.COLLATERAL}),
    Phase.ENEMIES: frozenset({Wave.RAIDERS, Wave.INFECTED}),
}
"""The damage a phase resolves against a player."""


def validate_state(state: UdState) -> None:
    """Raise :class:`InvalidState` (``UD.STATE_INVALID``) if ``state`` is not a position
    the rules can be applied to. The invariants are checked after this, by the caller."""
    try:
        validate_config(state.config)
    except RulesError as error:
        _invalid(f"its config is impossible: {error.message}")
    cat = catalog(state.config)
    _shapes(state, cat)
    _seats(state, cat)
    _counts(state, cat)
    _setup(state, cat)
    _flow(state)
    if state.phase is Phase.OVER:
        return  # the game stopped where it was: nothing more is resolved
    _queue(state, cat)
    _consent(state, cat)
    _attack(state, cat)
    _defense(state)


def _invalid(message: str) -> NoReturn:
    raise InvalidState("UD.STATE_INVALID", f"not an Until Daylight position: {message}")


def _shapes(state: UdState, cat: Catalog) -> None:
    """Every per-player field has one entry per seat, every card count one per kind."""
    n = state.config.players
    for name in (
        "characters",
        "health",
        "inventories",
        "areas",
        "barricades",
        "traps",
        "saved",
        "monsters",
        "kills",
        "built",
        "saved_ever",
        "wounds",
        "objectives",
        "achieved",
        "experience",
    ):
        length = len(getattr(state, name))
        if length != n:
            _invalid(f"{name} has {length} entries for {n} players")
    kinds = len(cat.names)
    for name, cards in (
        ("rubble", state.rubble),
        ("rubble_discard", state.rubble_discard),
        *((f"inventories[{p}]", inventory) for p, inventory in enumerate(state.inventories)),
    ):
        if len(cards) != kinds:
            _invalid(f"{name} counts {len(cards)} kinds of rubble card, not {kinds}")
    if len(state.secondary) != len(cat.content.objectives):
        _invalid(f"secondary counts {len(state.secondary)} objectives")
    for p in range(n):
        if len(state.achieved[p]) != len(state.objectives[p]):
            _invalid(
                f"player {p} has {len(state.objectives[p])} objectives but marks for "
                f"{len(state.achieved[p])}"
            )
    if len(state.offered) > OFFERED_OBJECTIVES:
        _invalid(f"{len(state.offered)} secondary objectives offered")


def _seats(state: UdState, cat: Catalog) -> None:
    """Fields naming a seat name one (or -1 where the field allows it)."""
    n = state.config.players
    seats = range(n)
    for name in ("current", "turn"):
        if getattr(state, name) not in seats:
            _invalid(f"{name} {getattr(state, name)} is not a seat")
    for name in (
        "first",
        "active",
        "leader",
        "drawer",
        "discarder",
        "reveal_area",
        "holder",
        "asker",
    ):
        value = getattr(state, name)
        if value != -1 and value not in seats:
            _invalid(f"{name} {value} is not a seat or -1")
    if not 0 <= state.acted <= n:
        _invalid(f"acted {state.acted} is not between 0 and {n}")
    for index in state.characters:
        if index != -1 and index not in range(len(cat.characters)):
            _invalid(f"character {index} is not in the content")


def _counts(state: UdState, cat: Catalog) -> None:
    """No count is negative, and the secondary pile holds no more than its cards."""
    for name in (
        "search_actions",
        "cycle",
        "draws",
        "discards",
        "reveal",
        "held_count",
        "roll_size",
        "harm",
        "attract",
        "withdraw",
    ):
        if getattr(state, name) < 0:
            _invalid(f"{name} is negative")
    if state.roll_size > MAX_DICE:
        _invalid(f"a roll of {state.roll_size} dice")
    lists = ("barricades", "traps", "saved", "monsters", "kills", "built", "saved_ever", "wounds")
    for name in lists:
        if min(getattr(state, name)) < 0:
            _invalid(f"{name} has a negative entry")
    for name in ("barricades", "traps"):
        if max(getattr(state, name)) > MAX_TOKENS:
            _invalid(f"{name} has more than {MAX_TOKENS} tokens in an area")
    piles = [("rubble", state.rubble), ("rubble_discard", state.rubble_discard)]
    piles += [(f"inventories[{p}]", cards) for p, cards in enumerate(state.inventories)]
    for name, cards in piles:
        if cards and min(cards) < 0:
            _invalid(f"{name} has a negative count")
    for name, deck in (("horde", state.horde), ("horde_discard", state.horde_discard)):
        if min(deck.counts()) < 0:
            _invalid(f"{name} has a negative count")
    for index, (left, printed) in enumerate(zip(state.secondary, cat.secondary, strict=True)):
        if not 0 <= left <= printed:
            name = cat.content.objectives[index].name
            _invalid(f"the secondary pile holds {left} {name} of {printed}")
    for p in range(state.config.players):
        if state.saved[p] > state.saved_ever[p]:
            _invalid(f"player {p} keeps more survivors than they ever saved")
    if state.phase is not Phase.SETUP:
        xp = tuple(experience(state, p, cat) for p in range(state.config.players))
        if state.experience != xp:
            _invalid(
                f"experience {state.experience} is not what the cards and objectives give {xp}"
            )
    elif any(state.experience):
        _invalid("experience during setup")


def _setup(state: UdState, cat: Catalog) -> None:
    """Characters and objectives: chosen in turn order from the first player during
    setup, by everyone after it; each player's objectives are their character's, then
    at most one secondary objective."""
    n = state.config.players
    chosen = [index for index in state.characters if index >= 0]
    if len(set(chosen)) != len(chosen):
        _invalid("two seats share a character")
    if state.phase is Phase.SETUP:
        if state.step is Step.ROLL_OFF:
            expected: set[int] = set()
            if state.first != -1:
                _invalid("the roll-off is not yet rolled but a first player is named")
        else:
            if state.first == -1:
                _invalid("setup goes on without a first player")
            done = (state.current - state.first) % n
            if state.step is not Step.CHOOSE:
                done += 1
            expected = {(state.first + k) % n for k in range(done)}
    else:
        if state.first == -1:
            _invalid("the game has no first player")
        expected = set(range(n))
    have = {p for p in range(n) if state.characters[p] >= 0}
    if have != expected:
        _invalid(f"seats {sorted(have)} have characters, expected {sorted(expected)}")
    objectives = cat.content.objectives
    for p in range(n):
        mine = state.objectives[p]
        if any(o not in range(len(objectives)) for o in mine):
            _invalid(f"player {p} has an objective that is not in the content")
        if p not in have:
            if mine or state.health[p] or sum(state.inventories[p]):
                _invalid(f"player {p} has no character but objectives, health or cards")
            continue
        own = cat.character_objectives[state.characters[p]]
        extra = mine[len(own) :]
        if mine[: len(own)] != own or len(extra) > 1 or any(not cat.secondary[o] for o in extra):
            _invalid(f"player {p}'s objectives are not their character's and one secondary")
    if any(o not in range(len(objectives)) or not cat.secondary[o] for o in state.offered):
        _invalid("a secondary objective offered is not one")
    if state.step is Step.OBJECTIVE:
        if len(state.offered) >= OFFERED_OBJECTIVES or not sum(state.secondary):
            _invalid("a secondary objective drawn with two offered or an empty pile")
    elif state.step is Step.KEEP:
        if not state.offered:
            _invalid("a secondary objective kept with none offered")
    elif state.offered:
        _invalid(f"secondary objectives are offered at a {state.step.value} step")


def _flow(state: UdState) -> None:
    """The phase, the step, the continuation and the players whose turn it is agree."""
    phase, step = state.phase, state.step
    n = state.config.players
    if step not in PHASE_STEPS[phase]:
        _invalid(f"phase {phase.value} never waits for {step.value}")
    if (phase is Phase.OVER) != (state.result is not None):
        _invalid(f"phase {phase.value} with result {state.result}")
    if state.result is not None and state.result.winners not in ((), tuple(range(n))):
        _invalid(f"the players win or lose together, not {state.result.winners}")
    if _queued(state):
        if state.then is not PHASE_THEN.get(phase):
            _invalid(
                f"a {step.value} step of the {phase.value} phase goes on with {state.then.value}"
            )
    elif state.then is not Then.NOTHING:
        _invalid(f"a {step.value} step has a pending continuation ({state.then.value})")
    combat_phase = phase in (Phase.RELEASE, Phase.ATTACKS, Phase.ENEMIES)
    if combat_phase and state.active == -1:
        _invalid(f"the {phase.value} phase has no active player")
    if phase in (Phase.SETUP, Phase.SEARCH) and state.active != -1:
        _invalid(f"an active player during the {phase.value} phase")
    if step in (Step.CLOCK, Step.SEARCH, Step.ACT, Step.FATE) and state.current != state.turn:
        _invalid(f"player {state.current} is to move in player {state.turn}'s turn")
    if step is Step.FATE and state.turn != state.active:
        _invalid("the die of fate is not the active player's")
    if phase is Phase.ATTACKS and state.turn != (state.active + state.acted) % n:
        _invalid(f"player {state.turn} acts after {state.acted} players from the active one")
    if phase is Phase.ATTACKS and state.acted >= n:
        _invalid("every player has acted but the characters' attack goes on")
    if state.next_wave is Wave.COLLATERAL:
        _invalid("collateral damage is not a wave of the enemies' attack")


def _queue(state: UdState, cat: Catalog) -> None:
    """What the queue of ``rules.advance`` leaves at each step: a card in transit only
    at an overflow, owed discards, draws and reveals in that order, each with its
    player, and a pile to draw from."""
    step = state.step
    if (state.held >= 0) != (step is Step.OVERFLOW):
        _invalid(
            f"a card in transit at a {step.value} step"
            if state.held >= 0
            else "an overflow without a card in transit"
        )
    if state.held >= 0:
        if state.held not in range(len(cat.names)):
            _invalid(f"card {state.held} in transit is not in the content")
        if state.holder != state.current or state.held_count < 1:
            _invalid("the card in transit is not the overflowing player's")
        if state.held_count > 1 and not cat.stacks[state.held]:
            _invalid(f"{state.held_count} {cat.names[state.held]} in transit at once")
    elif state.held != -1 or state.held_count or state.holder != -1:
        _invalid("no card in transit, but a count or a holder for one")
    for count, who, name in (
        (state.draws, state.drawer, "draws"),
        (state.discards, state.discarder, "discards"),
        (state.reveal, state.reveal_area, "reveals"),
        (state.attract, state.reveal_area, "attracted cards"),
        (state.harm, state.harmed, "damage"),
    ):
        if count and who == -1:
            _invalid(f"{count} {name} owed by nobody")
    if not state.harm and state.harmed != -1:
        _invalid("no damage owed, but a player it is owed to")
    if state.harm and (
        step is not Step.SACRIFICE
        or state.current != state.harmed
        or not state.saved[state.harmed]
        or state.defense is not None
    ):
        _invalid("damage owed outside an attack waits only for its player's sacrifice")
    if state.phase is not Phase.RELEASE and (state.withdraw or state.attract_raiders):
        _invalid("the die of fate's addition or withdrawal outside the release")
    if state.attract_raiders and state.config.readings.fate_horde != "enemy":
        _invalid("an enemy attracted by the die of fate under another reading")
    if step is Step.DISCARD:
        if not state.discards or state.discarder != state.current:
            _invalid("a discard step without a discard owed by the player to move")
        if not sum(state.inventories[state.current]):
            _invalid("a discard owed from an empty inventory")
    if step is Step.FOUND and (state.discards or not state.draws or not sum(state.rubble)):
        _invalid("a rubble draw before the discards, or with none owed, or from no deck")
    if step is Step.HORDE and (
        state.discards
        or state.draws
        or not (state.reveal or state.attract)
        or not combat.horde_weights(state)
    ):
        _invalid("a horde reveal before draws and discards, or none owed, or no card to draw")


def _consent(state: UdState, cat: Catalog) -> None:
    """A take waits for its owner's answer only at a consent step, for cards they hold."""
    card, count = state.request
    if state.step is not Step.CONSENT:
        if state.asker != -1 or state.request != (-1, 0):
            _invalid(f"a request to take a card at a {state.step.value} step")
        return
    owner, asker = state.current, state.asker
    if asker != state.turn or owner == asker:
        _invalid("a take asked by someone other than the player whose turn it is")
    if card not in range(len(cat.names)):
        _invalid(f"card {card} asked for is not in the content")
    if count not in take_counts(state, card, state.inventories[owner][card]):
        _invalid(f"player {owner} cannot hand over {count} {cat.names[card]}")


def _attack(state: UdState, cat: Catalog) -> None:
    """A character's attack is rolled or distributed by the player whose turn it is."""
    attack = state.attack
    waits = state.phase is Phase.ATTACKS and state.step is Step.ROLL
    if attack is None:
        if waits:
            _invalid("a roll in the characters' attack without an attack")
        return
    if state.phase is not Phase.ATTACKS or state.step not in (Step.ROLL, Step.ALLOT):
        _invalid(f"an attack at a {state.step.value} step of the {state.phase.value} phase")
    if state.defense is not None:
        _invalid("an attack and damage against a player resolved at once")
    n = state.config.players
    if attack.attacker != state.turn or attack.area not in range(n):
        _invalid("the attack is not the acting player's, or not on a seat's area")
    weapon = cat.index.get(attack.weapon)
    if weapon is None or weapon not in cat.weapons:
        _invalid(f"the attack's weapon {attack.weapon!r} is not a weapon card")
    if not 1 <= attack.dice <= MAX_DICE or state.roll_size != attack.dice:
        _invalid(f"an attack of {attack.dice} dice with a roll of {state.roll_size}")
    if min(attack.heads, attack.bodies, attack.misses, attack.ammo) < 0:
        _invalid("the attack has negative damage or ammunition")
    if attack.melee and attack.ammo:
        _invalid("a melee attack spent ammunition")
    reading = state.config.readings.survivors_in_line
    if (reading == "skipped" and attack.survivors) or (
        reading == "blocking" and not attack.survivors
    ):
        _invalid(f"an attack targets survivors={attack.survivors} under reading {reading}")
    area = state.areas[attack.area]
    if len(set(attack.eliminated)) != len(attack.eliminated) or any(
        i not in range(len(area)) for i in attack.eliminated
    ):
        _invalid("the attack eliminated positions that are not in the area")
    if state.step is Step.ROLL:
        if attack.rolled or attack.heads or attack.bodies or attack.misses or attack.eliminated:
            _invalid("an attack rolled twice")
        return
    if not attack.rolled or state.current != attack.attacker:
        _invalid("the attacker distributes dice that are not rolled")
    if combat.front(state, attack) < 0 or len(combat.allot_options(state)) < 2:
        _invalid("the attacker has no choice of head or body damage to make")


def _defense(state: UdState) -> None:
    """Damage against a player: a wave of the enemies' attack, or collateral damage
    during the characters' attack, with its roll, choice or sacrifice."""
    defense = state.defense
    phase, step = state.phase, state.step
    if defense is None:
        if phase is Phase.ENEMIES:
            _invalid("the enemies' attack resolves no damage")
        if (step is Step.SACRIFICE and not state.harm) or (
            step is Step.ALLOT and state.attack is None
        ):
            _invalid(f"a {step.value} step without damage to resolve")
        return
    if phase not in PHASE_WAVES or defense.wave not in PHASE_WAVES[phase]:
        _invalid(f"{defense.wave.value} damage during the {phase.value} phase")
    if phase is Phase.ATTACKS and step not in (Step.ALLOT, Step.SACRIFICE):
        _invalid(f"collateral damage at a {step.value} step")
    if defense.defender not in range(state.config.players):
        _invalid(f"defender {defense.defender} is not a seat")
    numbers = (
        defense.dice_left,
        defense.dice,
        defense.heads,
        defense.bodies,
        defense.misses,
        defense.damage,
    )
    if min(numbers) < 0 or defense.dice > MAX_DICE:
        _invalid("the damage being resolved has negative or too many dice")
    if step is Step.ROLL:
        if not 1 <= defense.dice == state.roll_size or defense.heads or defense.bodies:
            _invalid(f"an enemies' roll of {state.roll_size} dice for a wave of {defense.dice}")
    elif step is Step.SACRIFICE:
        seat = defense.defender
        if state.current != seat or not defense.damage or not state.saved[seat]:
            _invalid("a sacrifice without damage, without saved survivors or by another player")
    elif step is Step.ALLOT:
        if len(enemies.defense_options(state)) < 2:
            _invalid("no choice of head or body damage to make")
    elif defense.damage:
        _invalid(f"damage waits for a sacrifice at a {step.value} step")
