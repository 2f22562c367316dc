"""Until Daylight: the combat phase up to the enemies' attack: the die of fate, the
release of the horde, and the characters' attacks (dice, damage distribution in the
order of appearance, collateral damage, taming the horde, rewards).
"""

from __future__ import annotations

from fractions import Fraction

from dieproof.reference.core import chance
from dieproof.reference.core.errors import IllegalAction, InvalidAction
from dieproof.reference.core.types import replace
from dieproof.reference.until_daylight import enemies
from dieproof.reference.until_daylight.base import (
    bump,
    catalog,
    enemies_in,
    heal,
    hurt,
    put,
)
from dieproof.reference.until_daylight.types import (
    ENEMY_ORDER,
    FATE_ORDER,
    INFECTED,
    KILL_BY_BODIES,
    KILL_BY_HEADS,
    MAX_DICE,
    REWARD_DRAWS,
    AbilityKind,
    Allot,
    Area,
    Attack,
    AttackWith,
    Deck,
    Enemy,
    Face,
    Fate,
    FateRoll,
    Phase,
    Reveal,
    Roll,
    Step,
    Then,
    UdAction,
    UdState,
)

# -- the release of the horde ---------------------------------------------------------------


def fate_outcomes() -> tuple[tuple[FateRoll, Fraction], ...]:
    """The die of fate: six faces, one per effect, equally likely (UD-COMBAT-2)."""
    return chance.uniform([FateRoll(face) for face in FATE_ORDER])


def horde_size(players: int, round_number: int) -> int:
    """The horde before the die of fate: players plus the round. Implements UD-COMBAT-1."""
    return players + round_number


def do_fate(state: UdState, action: FateRoll) -> UdState:
    """The active player rolls the die of fate; the horde's size is set and its cards
    are revealed into the active player's area. Implements UD-COMBAT-1 and UD-COMBAT-2."""
    active = state.active
    size = horde_size(state.config.players, state.round)
    face = action.face
    if face is Fate.REMOVE_ENEMY:
        size -= 1
    elif face is Fate.ADD_ENEMY:
        size += 1
    state = replace(state, reveal=max(0, size), reveal_area=active, then=Then.ATTACKS)
    if face is Fate.DISCARD:
        return replace(state, discards=1, discarder=active)
    if face is Fate.DRAW:
        return replace(state, draws=1, drawer=active)
    if face is Fate.HEAL:
        return heal(state, active, 1)
    if face is Fate.DAMAGE:
        return hurt(state, active, 1, "the die of fate")
    return state


def horde_weights(state: UdState) -> tuple[tuple[Reveal, int], ...]:
    """Every horde card left in the deck, weighted by its count."""
    return tuple(
        (Reveal(kind), count)
        for kind, count in zip(ENEMY_ORDER, state.horde.counts(), strict=True)
        if count
    )


def horde_outcomes(state: UdState) -> tuple[tuple[Reveal, Fraction], ...]:
    return chance.weighted(horde_weights(state))


def do_reveal(state: UdState, action: Reveal) -> UdState:
    """A horde card joins the end of the area, keeping the release order. Implements
    UD-COMBAT-3."""
    kind = action.enemy
    if state.horde.count(kind) < 1:
        raise IllegalAction(
            "UD.NOT_IN_DECK", f"no {kind.value} is left in the horde deck", "UD-COMBAT-3"
        )
    seat = state.reveal_area
    return replace(
        state,
        horde=state.horde.add(kind, -1),
        areas=put(state.areas, seat, (*state.areas[seat], kind)),
        reveal=state.reveal - 1,
    )


def reshuffle_horde(state: UdState) -> UdState:
    """An empty horde deck takes its discard pile back, shuffled (UD-A4)."""
    return replace(state, horde=state.horde_discard, horde_discard=Deck())


def start_attacks(state: UdState) -> UdState:
    """The characters' attack: one action each, from the active player clockwise.
    Implements UD-COMBAT-4."""
    active = state.active
    return replace(
        state,
        phase=Phase.ATTACKS,
        acted=0,
        turn=active,
        current=active,
        step=Step.ACT,
        then=Then.NOTHING,
    )


def next_actor(state: UdState) -> UdState:
    """The next player acts, or the enemies attack. Implements UD-COMBAT-4."""
    acted = state.acted + 1
    n = state.config.players
    if acted >= n:
        return enemies.start(replace(state, acted=acted))
    seat = (state.active + acted) % n
    return replace(state, acted=acted, turn=seat, current=seat, step=Step.ACT, then=Then.NOTHING)


# -- the characters' attack ------------------------------------------------------------------


def is_target(state: UdState, kind: Enemy) -> bool:
    """Whether a character's attack deals damage to this card: enemies, and survivors
    when they block the line (UD-A8)."""
    if kind is not Enemy.SURVIVOR:
        return True
    return state.config.readings.survivors_in_line == "blocking"


def attack_dice(state: UdState, player: int, weapon: int, ammo: int) -> tuple[int, int]:
    """(dice rolled, dice before the six-dice cap) of an attack: the weapon's dice, one
    per ammunition card, the advantage (doubled for the leader) and the drawback.

    Implements UD-COMBAT-5 and UD-COMBAT-6 and the leader's double advantage UD-SETUP-6.
    """
    cat = catalog(state.config)
    card = cat.cards[weapon]
    character = cat.characters[state.characters[player]]
    kind = AbilityKind.MELEE_DICE if card.melee else AbilityKind.DISTANCE_DICE
    raw = card.dice + ammo
    if character.advantage.kind is kind:
        raw += character.advantage.amount * (2 if state.leader == player else 1)
    if character.drawback.kind is kind:
        raw -= character.drawback.amount
    raw = max(0, raw)
    return min(MAX_DICE, raw), raw


def attack_options(state: UdState) -> list[UdAction]:
    """Every attack open to the player whose turn it is: by area (seat order), weapon
    (content order) and ammunition (ascending). Implements UD-COMBAT-5, UD-COMBAT-6 and
    the melee restriction UD-COMBAT-9."""
    player = state.turn
    cat = catalog(state.config)
    mine = state.inventories[player]
    own_busy = enemies_in(state.areas[player]) > 0
    actions: list[UdAction] = []
    for seat, area in enumerate(state.areas):
        if not any(is_target(state, kind) for kind in area):
            continue
        for weapon in cat.weapons:
            if not mine[weapon]:
                continue
            card = cat.cards[weapon]
            if card.melee:
                if seat != player and own_busy:
                    continue
                if attack_dice(state, player, weapon, 0)[0] >= 1:
                    actions.append(AttackWith(seat, card.name, 0))
                continue
            ammo = cat.index[card.ammo]
            for count in range(1, min(mine[ammo], MAX_DICE) + 1):
                if attack_dice(state, player, weapon, count)[0] >= 1:
                    actions.append(AttackWith(seat, card.name, count))
    return actions


def do_attack(state: UdState, action: AttackWith) -> UdState:
    """Declare an attack: weapon, ammunition, area; the dice are then rolled.

    Implements UD-COMBAT-5 (weapons and ammunition), UD-COMBAT-6 (six dice at most) and
    UD-COMBAT-9 (no melee in another area while enemies stand in one's own)."""
    player = state.turn
    if not 0 <= action.area < state.config.players:
        raise InvalidAction("UD.NO_SEAT", f"area {action.area} is not a seat of this game")
    cat = catalog(state.config)
    weapon = cat.index.get(action.weapon)
    if weapon is None:
        raise InvalidAction("UD.UNKNOWN_CARD", f"there is no rubble card {action.weapon!r}")
    card = cat.cards[weapon]
    mine = state.inventories[player]
    if weapon not in cat.weapons or mine[weapon] < 1:
        raise IllegalAction(
            "UD.NO_WEAPON", f"player {player} has no weapon {action.weapon}", "UD-COMBAT-5"
        )
    area = state.areas[action.area]
    if not any(is_target(state, kind) for kind in area):
        raise IllegalAction(
            "UD.NO_TARGET", f"area {action.area} holds no enemy to attack", "UD-COMBAT-5"
        )
    if card.melee:
        if action.ammo != 0:
            raise IllegalAction("UD.AMMO", "a melee weapon takes no ammunition", "UD-COMBAT-5")
        if action.area != player and enemies_in(state.areas[player]) > 0:
            raise IllegalAction(
                "UD.MELEE_RESTRICTION",
                f"player {player} has enemies in their own area and cannot go into "
                f"area {action.area} with a melee weapon",
                "UD-COMBAT-9",
            )
        ammo = -1
    else:
        ammo = cat.index[card.ammo]
        if not 1 <= action.ammo <= min(mine[ammo], MAX_DICE):
            raise IllegalAction(
                "UD.AMMO",
                f"{action.weapon} needs 1 to {min(mine[ammo], MAX_DICE)} {card.ammo} "
                f"(six dice at most), not {action.ammo}",
                "UD-COMBAT-6",
            )
    dice, _ = attack_dice(state, player, weapon, action.ammo)
    if dice < 1:
        raise IllegalAction("UD.NO_DICE", "this attack would roll no die", "UD-COMBAT-5")
    used = mine
    discard = state.rubble_discard
    if ammo >= 0:
        used = bump(used, ammo, -action.ammo)
        discard = bump(discard, ammo, action.ammo)
    if not card.kept:
        used = bump(used, weapon, -1)
        discard = bump(discard, weapon, 1)
    attack = Attack(
        attacker=player,
        area=action.area,
        weapon=card.name,
        melee=card.melee,
        noisy=card.noisy,
        dice=dice,
    )
    return replace(
        state,
        inventories=put(state.inventories, player, used),
        rubble_discard=discard,
        attack=attack,
        roll_size=dice,
        step=Step.ROLL,
        then=Then.NOTHING,
    )


def roll_outcomes(state: UdState) -> tuple[tuple[Roll, Fraction], ...]:
    return chance.weighted(catalog(state.config).rolls[state.roll_size])


def kill_options(kind: Enemy, heads: int, bodies: int) -> tuple[Face, ...]:
    """The ways to eliminate one card with the dice left: one head (two for a monster),
    or two body damage (one for a survivor). Implements UD-COMBAT-8."""
    options: list[Face] = []
    if heads >= KILL_BY_HEADS[kind]:
        options.append(Face.HEAD)
    need = KILL_BY_BODIES[kind]
    if need and bodies >= need:
        options.append(Face.BODY)
    return tuple(options)


def front(state: UdState, attack: Attack) -> int:
    """The position of the first card still standing that the attack can damage, or -1.

    Eliminated cards stay in place until the attack ends (UD-COMBAT-10)."""
    done = attack.eliminated
    for position, kind in enumerate(state.areas[attack.area]):
        if position not in done and is_target(state, kind):
            return position
    return -1


def allot_options(state: UdState) -> tuple[Face, ...]:
    attack = state.attack
    if attack is not None:
        kind = state.areas[attack.area][front(state, attack)]
        return kill_options(kind, attack.heads, attack.bodies)
    return enemies.defense_options(state)


def do_roll(state: UdState, action: Roll) -> UdState:
    """The combat dice land: for an attack, distribute them; for the enemies, resolve
    them against the defender."""
    if (
        action.heads + action.bodies + action.misses != state.roll_size
        or min(action.heads, action.bodies, action.misses) < 0
    ):
        raise IllegalAction(
            "UD.BAD_ROLL",
            f"{state.roll_size} dice cannot show {action.heads} heads, {action.bodies} "
            f"bodies and {action.misses} misses",
            "UD-COMBAT-6",
        )
    if (action.heads, action.bodies, action.misses) not in (
        (r.heads, r.bodies, r.misses) for r, _ in catalog(state.config).rolls[state.roll_size]
    ):
        raise IllegalAction("UD.BAD_ROLL", "the combat die has no such face", "UD-COMBAT-6")
    attack = state.attack
    if attack is None:
        return enemies.roll(state, action)
    attack = replace(
        attack, heads=action.heads, bodies=action.bodies, misses=action.misses, rolled=True
    )
    return distribute(replace(state, attack=attack))


def distribute(state: UdState) -> UdState:
    """Assign the dice in the order of appearance: the front enemy must be eliminated
    before any die goes to the next; when the dice left cannot eliminate it, they all go
    to it and the attack stops. Only a real choice (head or body damage) waits for the
    attacker. Implements UD-COMBAT-7 and UD-COMBAT-8."""
    attack = state.attack
    assert attack is not None  # only called during an attack
    area = state.areas[attack.area]
    while True:
        position = front(state, attack)
        if position < 0 or attack.heads + attack.bodies == 0:
            break
        options = kill_options(area[position], attack.heads, attack.bodies)
        if not options:
            attack = replace(attack, heads=0, bodies=0, stopped=True)
            break
        if len(options) > 1:
            return replace(
                state, attack=attack, step=Step.ALLOT, current=attack.attacker, then=Then.NOTHING
            )
        attack = _spend(attack, area[position], options[0], position)
    return finish(replace(state, attack=attack))


def _spend(attack: Attack, kind: Enemy, face: Face, position: int) -> Attack:
    if face is Face.HEAD:
        heads, bodies = attack.heads - KILL_BY_HEADS[kind], attack.bodies
    else:
        heads, bodies = attack.heads, attack.bodies - KILL_BY_BODIES[kind]
    return replace(attack, heads=heads, bodies=bodies, eliminated=(*attack.eliminated, position))


def do_allot(state: UdState, action: Allot) -> UdState:
    """The attacker's (or defender's) choice of head or body damage for the target in
    front. Implements UD-COMBAT-8 and UD-ENEMY-5."""
    options = allot_options(state)
    if action.face not in options:
        raise IllegalAction(
            "UD.ALLOT",
            f"{action.face.value} damage cannot eliminate the target in front "
            f"(choose from {[f.value for f in options]})",
            "UD-COMBAT-8" if state.attack is not None else "UD-ENEMY-5",
        )
    attack = state.attack
    if attack is None:
        return enemies.allot(state, action.face)
    position = front(state, attack)
    attack = _spend(attack, state.areas[attack.area][position], action.face, position)
    return distribute(replace(state, attack=attack))


def finish(state: UdState) -> UdState:
    """The end of an attack: eliminated cards leave (monsters stay with the attacker),
    rewards are drawn, infected follow a noisy attacker home, collateral damage lands,
    and any damage not assigned is lost. Implements UD-COMBAT-10 (damage reset),
    UD-COMBAT-11 (collateral), UD-COMBAT-12 (taming) and UD-COMBAT-13 (rewards)."""
    attack = state.attack
    assert attack is not None
    attacker, seat = attack.attacker, attack.area
    area = state.areas[seat]
    gone = set(attack.eliminated)
    killed = [area[i] for i in attack.eliminated]
    left: Area = tuple(kind for i, kind in enumerate(area) if i not in gone)
    discard = state.horde_discard
    for kind in killed:
        if kind is not Enemy.MONSTER:
            discard = discard.add(kind)
    monsters = sum(1 for kind in killed if kind is Enemy.MONSTER)
    kills = sum(1 for kind in killed if kind is not Enemy.SURVIVOR)
    areas = put(state.areas, seat, left)
    infected = sum(1 for kind in killed if kind in INFECTED)
    if seat != attacker and (attack.melee or attack.noisy) and infected:
        areas = _tame(areas, seat, attacker, infected)
    draws = sum(REWARD_DRAWS[kind] for kind in killed)
    state = replace(
        state,
        areas=areas,
        horde_discard=discard,
        monsters=bump(state.monsters, attacker, monsters),
        kills=bump(state.kills, attacker, kills),
        draws=state.draws + draws,
        drawer=attacker if draws else state.drawer,
        attack=None,
        roll_size=0,
        current=state.turn,
        then=Then.NEXT_ACTOR,
    )
    collateral = attack.misses if seat != attacker and not attack.melee else 0
    if not collateral:
        return state
    if state.config.readings.collateral == "character":
        return hurt(state, seat, collateral, "collateral damage")
    return enemies.collateral(state, seat, collateral)


def _tame(areas: tuple[Area, ...], seat: int, attacker: int, count: int) -> tuple[Area, ...]:
    """Move the first ``count`` infected still in ``seat``'s area to the end of the
    attacker's area, in their order (UD-COMBAT-12)."""
    moving: list[int] = []
    for position, kind in enumerate(areas[seat]):
        if len(moving) == count:
            break
        if kind in INFECTED:
            moving.append(position)
    moved = tuple(areas[seat][i] for i in moving)
    stay = tuple(kind for i, kind in enumerate(areas[seat]) if i not in moving)
    areas = put(areas, seat, stay)
    return put(areas, attacker, (*areas[attacker], *moved))
