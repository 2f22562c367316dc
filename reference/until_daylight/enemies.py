"""Until Daylight: the enemies' attack (traps, raiders, infected, the damage order,
barricades, sacrifices), collateral damage through the damage order, and the end of a
round (survivors saved, the next round, the final fight and the end of the game).
"""

from __future__ import annotations

from dieproof.reference.core.errors import IllegalAction
from dieproof.reference.core.types import replace
from dieproof.reference.until_daylight.base import (
    bump,
    catalog,
    enemies_in,
    enemies_on_table,
    enemy_roller,
    heal,
    hurt,
    lose,
    put,
    survivors_in,
    win,
)
from dieproof.reference.until_daylight.types import (
    ATTACK_DICE,
    BARRICADE_BODIES,
    BARRICADE_HEADS,
    BODIES_PER_DAMAGE,
    INFECTED,
    KILL_BY_HEADS,
    MAX_DICE,
    ROUNDS,
    AbilityKind,
    Area,
    Defense,
    Enemy,
    Face,
    Phase,
    Roll,
    Sacrifice,
    Step,
    Then,
    UdAction,
    UdState,
    Wave,
)

# -- the flow of the enemies' attack --------------------------------------------------------


def start(state: UdState) -> UdState:
    """Every player has acted: the enemies attack, area by area clockwise from the
    active player. Implements UD-ENEMY-1."""
    state = replace(
        state,
        phase=Phase.ENEMIES,
        acted=0,
        raiders_done=False,
        defense=None,
        turn=state.active,
        current=state.active,
        then=Then.ENEMIES,
    )
    return _start_area(state)


def _second_pass(state: UdState) -> bool:
    return state.config.readings.enemy_order == "kind" and state.raiders_done


def _start_area(state: UdState) -> UdState:
    if _second_pass(state):
        return replace(state, trap_pass=True, next_wave=Wave.INFECTED)
    return replace(state, trap_pass=False, next_wave=Wave.RAIDERS)


def proceed(state: UdState) -> UdState:
    """Run the enemies' attack up to the next roll (or the end of the round).

    Per area: its traps fire, then its raiders attack, then its infected; with
    ``enemy_order = "kind"`` (UD-A9) every area's traps and raiders go first and a
    second pass brings every area's infected. Implements UD-ENEMY-1 to UD-ENEMY-4."""
    n = state.config.players
    while state.result is None:
        defense = state.defense
        if defense is not None:
            if defense.dice_left > 0:
                size = min(MAX_DICE, defense.dice_left)
                defense = replace(defense, dice=size, dice_left=defense.dice_left - size)
                return replace(
                    state,
                    defense=defense,
                    roll_size=size,
                    step=Step.ROLL,
                    current=enemy_roller(state),
                    then=Then.NOTHING,
                )
            state = replace(state, defense=None, roll_size=0)
            continue
        if state.acted >= n:
            if state.config.readings.enemy_order == "kind" and not state.raiders_done:
                state = _start_area(replace(state, raiders_done=True, acted=0))
                continue
            return end_of_round(state)
        seat = (state.active + state.acted) % n
        if not state.trap_pass:
            state = replace(fire_traps(state, seat), trap_pass=True)
            continue
        wave = state.next_wave
        if wave is Wave.NONE:
            state = replace(state, acted=state.acted + 1)
            if state.acted < n:
                state = _start_area(state)
            continue
        area = state.areas[seat]
        if wave is Wave.RAIDERS:
            dice = ATTACK_DICE[Enemy.RAIDER] * sum(1 for k in area if k is Enemy.RAIDER)
            by_area = state.config.readings.enemy_order == "area"
            state = replace(state, next_wave=Wave.INFECTED if by_area else Wave.NONE)
        else:
            dice = sum(ATTACK_DICE[k] for k in area if k in INFECTED)
            state = replace(state, next_wave=Wave.NONE)
        if dice:
            state = replace(state, defense=Defense(defender=seat, wave=wave, dice_left=dice))
    return state


def on_arrival(state: UdState, seat: int) -> UdState:
    """Enemies have swept into ``seat``'s area (a horde card revealed there, infected
    following a noisy attacker home) or a trap was built there: under trap_timing =
    "arrival" its traps fire at once (UD-A29). Implements UD-ENEMY-2."""
    if state.config.readings.trap_timing != "arrival":
        return state
    return fire_traps(state, seat)


def trap_target(state: UdState, area: list[Enemy]) -> int:
    """The position of the enemy a trap hits, or -1: the first enemy in the line, or
    under trap_target = "attacker" the first to attack, a raider before any infected
    (UD-A30)."""
    if state.config.readings.trap_target == "attacker":
        raider = next((i for i, k in enumerate(area) if k is Enemy.RAIDER), -1)
        if raider >= 0:
            return raider
    return next((i for i, k in enumerate(area) if k is not Enemy.SURVIVOR), -1)


def fire_traps(state: UdState, seat: int) -> UdState:
    """Each of the area's traps deals one head damage to the first enemy (UD-A30) and
    is spent: before the area's enemies attack, or as soon as an enemy is there under
    trap_timing = "arrival" (UD-A29). Under ``trap_damage = "combined"`` (UD-A6, the
    publisher's FAQ) two traps add up on one enemy, so they eliminate a monster.
    Implements UD-ENEMY-2."""
    traps = state.traps[seat]
    if not traps:
        return state
    area = list(state.areas[seat])
    combined = state.config.readings.trap_damage == "combined"
    discard = state.horde_discard
    spent = 0
    heads = 0
    while spent < traps:
        position = trap_target(state, area)
        if position < 0:
            break
        spent += 1
        heads = heads + 1 if combined else 1
        kind = area[position]
        if heads >= KILL_BY_HEADS[kind]:
            discard = discard.add(kind)
            del area[position]
            heads = 0
    return replace(
        state,
        traps=bump(state.traps, seat, -spent),
        areas=put(state.areas, seat, tuple(area)),
        horde_discard=discard,
    )


# -- resolving a roll against a player --------------------------------------------------------


def roll(state: UdState, action: Roll) -> UdState:
    """An enemies' roll lands: a raider's miss eliminates a survivor in the area; the
    other dice go through the damage order. Implements UD-ENEMY-3 and UD-ENEMY-4."""
    defense = state.defense
    assert defense is not None  # a roll without an attack is an enemies' roll
    defense = replace(defense, heads=action.heads, bodies=action.bodies, misses=action.misses)
    if defense.wave is Wave.RAIDERS and action.misses:
        seat = defense.defender
        state = _kill_survivors(state, seat, action.misses)
    return defend(replace(state, defense=defense))


def _kill_survivors(state: UdState, seat: int, count: int) -> UdState:
    area = list(state.areas[seat])
    killed = 0
    while killed < count and Enemy.SURVIVOR in area:
        area.remove(Enemy.SURVIVOR)
        killed += 1
    return replace(
        state,
        areas=put(state.areas, seat, tuple(area)),
        horde_discard=state.horde_discard.add(Enemy.SURVIVOR, killed),
    )


def collateral(state: UdState, seat: int, misses: int) -> UdState:
    """Collateral damage through the damage order (UD-A7): each miss is one full damage
    for the owner of the area. Implements UD-COMBAT-11."""
    defense = Defense(defender=seat, wave=Wave.COLLATERAL, dice=misses, heads=misses)
    return defend(replace(state, defense=defense))


def target(state: UdState, defense: Defense) -> tuple[str, int, int]:
    """The target in front and the head or body damage that destroys it: a survivor in
    the area (not for raiders' hits), a barricade, a protection card, else the
    character. Implements UD-ENEMY-5, UD-ENEMY-6 and UD-ENEMY-8."""
    seat = defense.defender
    if defense.wave is not Wave.RAIDERS and Enemy.SURVIVOR in state.areas[seat]:
        return "survivor", 1, 1
    if state.barricades[seat]:
        return "barricade", BARRICADE_HEADS, BARRICADE_BODIES
    if protection_card(state, seat) >= 0:
        return "protection", 1, BODIES_PER_DAMAGE
    return "character", 0, 0


def protection_card(state: UdState, seat: int) -> int:
    """The first protection card the player holds, in content order, or -1 (UD-A15)."""
    cards = state.inventories[seat]
    for index in catalog(state.config).protection:
        if cards[index]:
            return index
    return -1


def defense_options(state: UdState) -> tuple[Face, ...]:
    defense = state.defense
    assert defense is not None
    _, heads, bodies = target(state, defense)
    options: list[Face] = []
    if heads and defense.heads >= heads:
        options.append(Face.HEAD)
    if bodies and defense.bodies >= bodies:
        options.append(Face.BODY)
    return tuple(options)


def defend(state: UdState) -> UdState:
    """Allot the roll's damage in the damage order: survivor, barricade, protection
    card, character. Each target takes exactly the damage that destroys it before any
    goes further; dice that cannot destroy the target in front are lost on it; whatever
    reaches the character is one damage per head and per two bodies. Only a real choice
    (head or body) waits for a player. Implements UD-ENEMY-5, UD-ENEMY-6, UD-ENEMY-8 and
    UD-ENEMY-10."""
    defense = state.defense
    assert defense is not None
    while defense.heads + defense.bodies:
        kind, _, _ = target(state, defense)
        if kind == "character":
            damage = defense.heads + defense.bodies // BODIES_PER_DAMAGE
            defense = replace(defense, heads=0, bodies=0)
            seat = defense.defender
            if damage and state.saved[seat]:
                return replace(
                    state,
                    defense=replace(defense, damage=damage),
                    step=Step.SACRIFICE,
                    current=seat,
                    then=Then.NOTHING,
                )
            state = wound(replace(state, defense=defense), damage)
            if state.result is not None:
                return state
            defense = replace(defense, damage=0)
            continue
        options = defense_options(replace(state, defense=defense))
        if not options:
            defense = replace(defense, heads=0, bodies=0)
            break
        if len(options) > 1:
            decider = defense.defender
            if state.config.readings.defense_choice == "leader":
                decider = enemy_roller(state)
            return replace(
                state, defense=defense, step=Step.ALLOT, current=decider, then=Then.NOTHING
            )
        state, defense = _destroy(state, defense, kind, options[0])
    return _roll_done(replace(state, defense=defense))


def allot(state: UdState, face: Face) -> UdState:
    """A player's head-or-body choice for the target in front (UD-ENEMY-5)."""
    defense = state.defense
    assert defense is not None
    kind, _, _ = target(state, defense)
    state, defense = _destroy(state, defense, kind, face)
    return defend(replace(state, defense=defense))


def _destroy(state: UdState, defense: Defense, kind: str, face: Face) -> tuple[UdState, Defense]:
    seat = defense.defender
    if face is Face.HEAD:
        defense = replace(defense, heads=defense.heads - 1)
    else:
        spent = 1 if kind == "survivor" else BARRICADE_BODIES
        defense = replace(defense, bodies=defense.bodies - spent)
    if kind == "survivor":
        area = list(state.areas[seat])
        area.remove(Enemy.SURVIVOR)
        state = replace(
            state,
            areas=put(state.areas, seat, tuple(area)),
            horde_discard=state.horde_discard.add(Enemy.SURVIVOR),
        )
    elif kind == "barricade":
        state = replace(state, barricades=bump(state.barricades, seat, -1))
    else:
        card = protection_card(state, seat)
        state = replace(
            state,
            inventories=put(state.inventories, seat, bump(state.inventories[seat], card, -1)),
            rubble_discard=bump(state.rubble_discard, card, 1),
        )
    return state, defense


def wound(state: UdState, damage: int) -> UdState:
    """Damage reaches the character; each point a raider deals also costs a rubble
    card of the player's choice. Implements UD-ENEMY-3 and UD-END-2."""
    defense = state.defense
    assert defense is not None
    if damage <= 0:
        return state
    seat = defense.defender
    why = {
        Wave.RAIDERS: "the raiders' attack",
        Wave.INFECTED: "the infected's attack",
        Wave.COLLATERAL: "collateral damage",
    }.get(defense.wave, "damage")
    state = replace(state, wounds=bump(state.wounds, seat, damage))
    state = hurt(state, seat, damage, why)
    if state.result is None and defense.wave is Wave.RAIDERS:
        state = replace(state, discards=state.discards + damage, discarder=seat)
    return state


def owed(state: UdState) -> tuple[int, int]:
    """(the player deciding a sacrifice, the damage waiting for it): an attack on them
    (``defense``) or damage outside one (``harm``)."""
    defense = state.defense
    if defense is not None:
        return defense.defender, defense.damage
    return state.harmed, state.harm


def sacrifice_options(state: UdState) -> list[UdAction]:
    """None to as many saved survivors as damage points waiting, ascending."""
    seat, damage = owed(state)
    most = min(damage, state.saved[seat])
    return [Sacrifice(k) for k in range(most + 1)]


def do_sacrifice(state: UdState, action: Sacrifice) -> UdState:
    """Discard saved survivors, each absorbing one damage that would reach the
    character, whatever deals it. Implements UD-ENEMY-7."""
    seat, waiting = owed(state)
    most = min(waiting, state.saved[seat])
    if not 0 <= action.count <= most:
        raise IllegalAction(
            "UD.SACRIFICE",
            f"player {seat} can sacrifice 0 to {most} saved survivors, not {action.count}",
            "UD-ENEMY-7",
        )
    state = replace(
        state,
        saved=bump(state.saved, seat, -action.count),
        horde_discard=state.horde_discard.add(Enemy.SURVIVOR, action.count),
    )
    if state.defense is None:
        rest = waiting - action.count
        state = replace(state, harm=0, harmed=-1)
        return hurt(state, seat, rest, "damage not absorbed by a sacrifice")
    state = replace(state, defense=replace(state.defense, damage=0))
    state = wound(state, waiting - action.count)
    if state.result is not None:
        return state
    return defend(state)


def _roll_done(state: UdState) -> UdState:
    defense = state.defense
    assert defense is not None
    defense = replace(defense, heads=0, bodies=0, misses=0, damage=0)
    if defense.wave is Wave.COLLATERAL:
        return replace(state, defense=None, then=Then.NEXT_ACTOR, current=state.turn)
    return replace(state, defense=defense, then=Then.ENEMIES)


# -- the end of a round -----------------------------------------------------------------------


def end_of_round(state: UdState) -> UdState:
    """Survivors alone in an area are saved by its player; enemies stay on the table;
    the next round starts with the player after the active one. In round ten the fight
    goes on until one side falls. Implements UD-ROUND-2, UD-ROUND-3, UD-END-1 and
    UD-END-3."""
    n = state.config.players
    areas, saved, saved_ever = state.areas, state.saved, state.saved_ever
    for offset in range(n):
        seat = (state.active + offset) % n
        area: Area = areas[seat]
        found = survivors_in(area)
        if found and not enemies_in(area):
            areas = put(areas, seat, ())
            saved = bump(saved, seat, found)
            saved_ever = bump(saved_ever, seat, found)
    state = replace(state, areas=areas, saved=saved, saved_ever=saved_ever, defense=None)
    state = _regenerate(state)
    if state.round < ROUNDS:
        seat = (state.active + 1) % n
        return replace(
            state,
            phase=Phase.SEARCH,
            step=Step.CLOCK,
            round=state.round + 1,
            active=-1,
            turn=seat,
            current=seat,
            search_actions=0,
            acted=0,
            roll_size=0,
            then=Then.NOTHING,
        )
    state = replace(state, cycle=state.cycle + 1)
    if not enemies_on_table(state):
        kept = sum(state.saved if state.config.readings.win_survivors == "kept" else saved_ever)
        if kept:
            return win(state, f"daylight: every enemy is eliminated and {kept} survivors saved")
        return lose(state, "every enemy is eliminated but no survivor was saved", "UD-END-3")
    if state.cycle >= state.config.final_cycles:
        return lose(
            state,
            f"the final fight did not end in {state.config.final_cycles} cycles",
            "UD-ROUND-3",
        )
    return replace(
        state,
        phase=Phase.ATTACKS,
        step=Step.ACT,
        acted=0,
        turn=state.active,
        current=state.active,
        roll_size=0,
        then=Then.NOTHING,
    )


def _regenerate(state: UdState) -> UdState:
    """Characters with regeneration heal at the end of every enemies' attack (doubled
    for the leader): a provisional advantage (UD-A2)."""
    cat = catalog(state.config)
    for seat in range(state.config.players):
        advantage = cat.characters[state.characters[seat]].advantage
        if advantage.kind is AbilityKind.REGENERATION and advantage.amount:
            amount = advantage.amount * (2 if state.leader == seat else 1)
            state = heal(state, seat, amount)
    return state
