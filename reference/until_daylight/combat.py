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
    harm,
    heal,
    put,
    survivors_in,
)
from dieproof.reference.until_daylight.types import (
    ENEMIES,
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
    are revealed into the active player's area. The die adds or withdraws one infected
    (fate_horde = "infected"), one enemy ("enemy") or one horde card ("card"): an added
    infected or enemy is drawn among those of the horde deck after the regular cards; a
    withdrawn one is the first such card of the wave, which goes to the horde discard
    pile (UD-A31). Its damage may be absorbed by a sacrifice (UD-ENEMY-7).

    Implements UD-COMBAT-1 and UD-COMBAT-2."""
    active = state.active
    size = horde_size(state.config.players, state.round)
    face = action.face
    reading = state.config.readings.fate_horde
    state = replace(state, reveal_area=active, then=Then.ATTACKS)
    if face in (Fate.REMOVE_ENEMY, Fate.ADD_ENEMY):
        if reading == "card":
            size += 1 if face is Fate.ADD_ENEMY else -1
        else:
            state = replace(
                state,
                attract=1 if face is Fate.ADD_ENEMY else 0,
                withdraw=1 if face is Fate.REMOVE_ENEMY else 0,
                attract_raiders=reading == "enemy",
            )
    state = replace(state, reveal=max(0, size))
    if face is Fate.DISCARD:
        return replace(state, discards=1, discarder=active)
    if face is Fate.DRAW:
        return replace(state, draws=1, drawer=active)
    if face is Fate.HEAL:
        return heal(state, active, 1)
    if face is Fate.DAMAGE:
        return harm(state, active, 1, "the die of fate")
    return state


def attractable(state: UdState) -> frozenset[Enemy]:
    """The kinds an attracted card (noise, the die of fate's addition) or a withdrawn
    one may be: the infected, and raiders too under fate_horde = "enemy" (UD-A31)."""
    return ENEMIES if state.attract_raiders else INFECTED


def horde_weights(state: UdState) -> tuple[tuple[Reveal, int], ...]:
    """Every horde card left in the deck, weighted by its count; once the regular cards
    are revealed, an attracted card is drawn among the infected (or enemies) only."""
    kinds = attractable(state) if not state.reveal else None
    return tuple(
        (Reveal(kind), count)
        for kind, count in zip(ENEMY_ORDER, state.horde.counts(), strict=True)
        if count and (kinds is None or kind in kinds)
    )


def horde_outcomes(state: UdState) -> tuple[tuple[Reveal, Fraction], ...]:
    return chance.weighted(horde_weights(state))


def do_reveal(state: UdState, action: Reveal) -> UdState:
    """A horde card joins the end of the area, keeping the release order; an attracted
    card is an infected (or an enemy); a card the die of fate withdraws goes to the
    horde discard pile instead; under trap_timing = "arrival" the area's traps fire at
    once. Implements UD-COMBAT-3 (and UD-COMBAT-2, UD-SEARCH-10, UD-ENEMY-2)."""
    kind = action.enemy
    if state.horde.count(kind) < 1:
        raise IllegalAction(
            "UD.NOT_IN_DECK", f"no {kind.value} is left in the horde deck", "UD-COMBAT-3"
        )
    kinds = attractable(state)
    if not state.reveal and kind not in kinds:
        raise IllegalAction(
            "UD.NOT_IN_DECK",
            f"an attracted horde card is one of {sorted(k.value for k in kinds)}, "
            f"not a {kind.value}",
            "UD-COMBAT-2" if state.phase is Phase.RELEASE else "UD-SEARCH-10",
        )
    seat = state.reveal_area
    state = replace(state, horde=state.horde.add(kind, -1))
    if state.reveal:
        state = replace(state, reveal=state.reveal - 1)
        if state.withdraw and kind in kinds:
            return replace(
                state, withdraw=state.withdraw - 1, horde_discard=state.horde_discard.add(kind)
            )
    else:
        state = replace(state, attract=state.attract - 1)
    state = replace(state, areas=put(state.areas, seat, (*state.areas[seat], kind)))
    return enemies.on_arrival(state, seat)


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


def is_target(survivors: bool, kind: Enemy) -> bool:
    """Whether a character's attack deals damage to this card: enemies, and survivors
    when the attack targets them (``AttackWith.survivors``, UD-A8)."""
    return survivors or kind is not Enemy.SURVIVOR


def survivor_choices(state: UdState, area: int) -> tuple[bool, ...]:
    """The values ``AttackWith.survivors`` may take for an attack on ``area``: the
    attacker's choice under survivors_in_line = "optional" when the area holds a
    survivor (else only false), always true under "blocking", always false under
    "skipped". Implements UD-A8 (UD-ENEMY-8: a player can attack a survivor)."""
    reading = state.config.readings.survivors_in_line
    if reading == "blocking":
        return (True,)
    if reading == "optional" and survivors_in(state.areas[area]):
        return (False, True)
    return (False,)


def attack_dice(state: UdState, player: int, weapon: int, ammo: int) -> tuple[int, int]:
    """(dice rolled, dice before the six-dice cap) of an attack: the weapon's dice, one
    per ammunition card, the advantage (doubled for the leader) and the drawback; the
    cap applies to the dice after every modifier.

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


def ammo_counts(state: UdState, player: int, weapon: int) -> range:
    """How many ammunition cards an attack with distance ``weapon`` may spend: from one
    to every card held under ammo_spend = "any"; under "useful" (the default) no more
    than the first count whose dice, after the advantage and the drawback, reach six,
    since a card past it adds no die (UD-A25). Implements UD-COMBAT-6."""
    cat = catalog(state.config)
    card = cat.cards[weapon]
    held = state.inventories[player][cat.index[card.ammo]]
    if state.config.readings.ammo_spend == "any":
        return range(1, held + 1)
    most = 1
    while most < held and attack_dice(state, player, weapon, most)[1] < MAX_DICE:
        most += 1
    return range(1, min(held, most) + 1)


def attack_options(state: UdState) -> list[UdAction]:
    """Every attack open to the player whose turn it is: by area (seat order), weapon
    (content order), ammunition (ascending), then survivors not targeted before
    targeted. Implements UD-COMBAT-5, UD-COMBAT-6 and the melee restriction UD-COMBAT-9."""
    player = state.turn
    cat = catalog(state.config)
    mine = state.inventories[player]
    own_busy = enemies_in(state.areas[player]) > 0
    actions: list[UdAction] = []
    for seat, area in enumerate(state.areas):
        choices = tuple(
            flag
            for flag in survivor_choices(state, seat)
            if any(is_target(flag, kind) for kind in area)
        )
        if not choices:
            continue
        for weapon in cat.weapons:
            if not mine[weapon]:
                continue
            card = cat.cards[weapon]
            if card.melee:
                if seat != player and own_busy:
                    continue
                if attack_dice(state, player, weapon, 0)[0] >= 1:
                    actions.extend(AttackWith(seat, card.name, 0, flag) for flag in choices)
                continue
            for count in ammo_counts(state, player, weapon):
                if attack_dice(state, player, weapon, count)[0] >= 1:
                    actions.extend(AttackWith(seat, card.name, count, flag) for flag in choices)
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
    if action.survivors not in survivor_choices(state, action.area):
        why = {
            "optional": "there is no survivor to attack in that area",
            "skipped": "attacks pass survivors by (survivors_in_line = skipped)",
            "blocking": "survivors in the line are always targets (survivors_in_line = blocking)",
        }[state.config.readings.survivors_in_line]
        raise IllegalAction(
            "UD.NO_TARGET",
            f"survivors={str(action.survivors).lower()} is not an option here: {why}",
            "UD-ENEMY-8",
        )
    if not any(is_target(action.survivors, kind) for kind in area):
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
        counts = ammo_counts(state, player, weapon)
        if action.ammo not in counts:
            held = mine[ammo]
            why = (
                f"player {player} holds {held}"
                if action.ammo > held or action.ammo < 1
                else "more would add no die: six dice at most, after the character's "
                "advantage and drawback"
            )
            raise IllegalAction(
                "UD.AMMO",
                f"{action.weapon} can spend 1 to {counts.stop - 1} {card.ammo}, not "
                f"{action.ammo}: {why}",
                "UD-COMBAT-6" if 1 <= action.ammo <= held else "UD-COMBAT-5",
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
        ammo=action.ammo,
        survivors=action.survivors,
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
        if position not in done and is_target(attack.survivors, kind):
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
    tamed = seat != attacker and (attack.melee or attack.noisy) and infected > 0
    if tamed:
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
    if tamed:
        state = enemies.on_arrival(state, attacker)
    collateral = attack.misses if seat != attacker and not attack.melee else 0
    if not collateral:
        return state
    if state.config.readings.collateral == "character":
        return harm(state, seat, collateral, "collateral damage")
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
