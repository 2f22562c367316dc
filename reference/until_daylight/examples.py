"""Until Daylight's worked examples, with the rulebook's own numbers.

Every example the rulebook prints is here, named after the rule it illustrates: the
Psycho becoming the leader, consuming food, ammunition sharing a slot, the horde of
round 3, seven gun ammo giving six dice, the attacks on four and on ten enemies, one
area per attack, collateral damage, taming the horde, the trap, the two barricades, the
raiders' attack and the infected's attack. Each is played from the initial state with
every chance outcome scripted (:class:`~dieproof.reference.until_daylight.script.Script`):
the search phase brings the cards the example needs (rubble draws, gifts of ammunition,
noise events that draw horde cards into an area), the gong sounds when the example's
player is to act, and the horde and the dice are the rulebook's. The oracle writes one
conformance vector per example (``spec/vectors/``), and a test replays every one and
checks its facts.

The rulebook's attacks roll exactly the dice of the weapon and the ammunition, so the
examples whose numbers are dice counts use :data:`EXAMPLE_CONTENT`, dieproof's default
content with every character's advantage and drawback at 0; the others use the default
content, whose characters are provisional (UD-A2), and name the characters they need.
"""

from __future__ import annotations

from typing import Final

import msgspec

from dieproof.reference.core.examples import Example
from dieproof.reference.core.types import JSON
from dieproof.reference.until_daylight.base import catalog
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.script import Script, deck_json, horde_json
from dieproof.reference.until_daylight.types import (
    Ability,
    AbilityKind,
    AttackWith,
    Build,
    Choose,
    Clock,
    Content,
    Discard,
    DrawObjective,
    Enemy,
    Face,
    Fate,
    FateRoll,
    FirstPlayer,
    Found,
    Give,
    Keep,
    Pass,
    Sacrifice,
    Throw,
    Token,
    UdConfig,
    Use,
)
from dieproof.reference.until_daylight.types import Draw as DrawAction

R, W, B, M, S = Enemy.RAIDER, Enemy.WANDERER, Enemy.BRUTE, Enemy.MONSTER, Enemy.SURVIVOR
HEAD, BODY = Face.HEAD, Face.BODY


def _plain(content: Content) -> Content:
    characters = tuple(
        msgspec.structs.replace(
            character,
            advantage=Ability(AbilityKind.MELEE_DICE, 0),
            drawback=Ability(AbilityKind.DISTANCE_DICE, 0),
        )
        for character in content.characters
    )
    return msgspec.structs.replace(content, characters=characters, objectives=())


EXAMPLE_CONTENT: Final = _plain(DEFAULT_CONTENT)
"""The default content with no advantage or drawback, so that an attack rolls one die
per ammunition card (plus a melee weapon's own dice) as in the rulebook's examples, and
no objective cards (these examples need none)."""

PLAIN: Final = UdConfig(players=3, content=EXAMPLE_CONTENT)
"""Three players with :data:`EXAMPLE_CONTENT`."""
THREE: Final = ("pillar", "hipster", "trigger")
"""The characters of the three-player examples, in seat order from seat 0."""


def attack_json(area: int, weapon: str, ammo: int, survivors: bool = False) -> JSON:
    """An attack as the canonical JSON of a legal action has it."""
    return {"ammo": ammo, "area": area, "survivors": survivors, "type": "attack", "weapon": weapon}


def secondary_objectives() -> Example:
    """UD-SETUP-4: a player draws two secondary objectives and keeps one."""
    script = Script(UdConfig(players=3)).do(FirstPlayer(0), Choose("pillar"))
    index = catalog(script.config).objective_index
    own: list[JSON] = [index[f"pillar-{k}"] for k in (1, 2, 3)]
    script.fact("state", "/objectives/0", own, "the pillar's three objective cards come with it")
    script.fact(
        "chance",
        "/0",
        {"outcome": {"objective": "kills-4", "type": "objective"}, "probability": "3/29"},
        "a secondary objective is drawn at random from the pile of 29",
    )
    script.reject(DrawObjective("pillar-1"), "a character's objective is not in the pile")
    script.do(DrawObjective("kills-10"), DrawObjective("built-3"))
    script.fact(
        "legal",
        "",
        [{"objective": "kills-10", "type": "keep"}, {"objective": "built-3", "type": "keep"}],
        "two are drawn: the player keeps one of them",
    )
    script.reject(Keep("saved-1"), "only an objective drawn can be kept")
    script.do(Keep("built-3"))
    script.fact("state", "/objectives/0", [*own, index["built-3"]], "and discards the other")
    script.fact("state", f"/secondary/{index['kills-10']}", 2, "which leaves the pile")
    script.fact("to_move", "", 1, "the next player clockwise chooses a character")
    return script.example(
        "ud-setup-4-two-secondary-objectives-keep-one",
        "With the character come its objectives; of two secondary objectives drawn, one is kept",
        "UD-SETUP-4",
        "UD-SETUP-3",
    )


def psycho_becomes_leader() -> Example:
    """UD-SETUP-6: the rulebook's example of the Psycho taking the leader token."""
    script = Script(UdConfig(players=3)).setup("pillar", "psycho", "hipster")
    script.draw("symbol").draw("symbol")
    symbol = script.card("symbol")
    script.fact("state", f"/inventories/1/{symbol}", 1, "a symbol card each: 1 point each")
    script.fact("state", "/leader", 0, "the pillar's came first; a tie does not take the token")
    script.gong(Fate.REMOVE_ENEMY, W, W, W, W)  # the die of fate withdraws the first
    script.passes(2).do(AttackWith(2, "basic-psycho"))
    script.fact("state", "/roll_size", 3, "not yet leading: the Psycho's melee attack rolls 2 + 1")
    script.roll(0, 0, 3).misses_until_next_round()
    for _ in range(3):  # rounds 2 to 4: the gong at once, the horde's dice all miss
        script.gong(Fate.REMOVE_ENEMY, *[W] * (3 + script.state.round))
        script.passes(3).misses_until_next_round()
    script.fact("state", "/round", 5, "the 5th round")
    script.passes().draw("symbol")
    script.fact("state", "/leader", 1, "2 points beat the leader's 1: the Psycho leads at once")
    script.passes().gong(Fate.REMOVE_ENEMY, *[W] * 8).passes().do(AttackWith(1, "basic-psycho"))
    script.fact("state", "/roll_size", 4, "his advantage doubles: two extra melee dice")
    return script.example(
        "ud-setup-6-the-psycho-becomes-leader",
        "In round 5 the Psycho picks up a symbol, passes the leader and doubles his advantage",
        "UD-SETUP-6",
        "UD-SETUP-5",
    )


def consuming_food() -> Example:
    """UD-SEARCH-5: using a card that needs an action, such as consuming food."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    script.draw("injury").passes(2)
    script.fact("state", "/health/0", 9, "the injury event costs the pillar a health point")
    script.draw("canned-food").passes(2)
    script.search(Use("canned-food"))
    script.fact("state", "/health/0", 10, "eating canned food heals it")
    food = script.card("canned-food")
    script.fact("state", f"/rubble_discard/{food}", 1, "and the food is discarded")
    script.passes(2)
    script.reject(Use("basic-pillar"), "a weapon is not a card used with an action")
    return script.example(
        "ud-search-5-consuming-food",
        "A wounded character uses an action to eat canned food and heals",
        "UD-SEARCH-5",
    )


def ammunition_slots() -> Example:
    """UD-SEARCH-9: gun ammo stacks in one slot; gun ammo and arrows take two."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    # The pillar fills their ten slots (the basic weapon, eight cards and gun ammo)
    # while the others draw gun ammo and hand over both cards of a stack in one action.
    singles = ("plank", "nails", "rope", "blade", "helmet", "plank", "nails", "helmet")
    for turn, card in enumerate(singles):
        script.draw(card)
        if turn % 3 == 2:
            script.search(Give(0, "gun-ammo", 2)).search(Give(0, "gun-ammo", 2))
        elif turn < 6:
            script.draw("gun-ammo").draw("gun-ammo")
        else:
            script.passes(2)
    ammo = script.card("gun-ammo")
    script.fact("state", f"/inventories/0/{ammo}", 8, "eight gun ammo, given two at a time")
    script.draw("gun-ammo").passes(2)
    script.fact("state", f"/inventories/0/{ammo}", 9, "one more joins the stack")
    script.fact("to_move", "", "chance", "ten slots filled, nothing to discard: the turn passes")
    script.draw("arrows")
    script.fact("to_move", "", 0, "arrows need an eleventh slot: the pillar must discard first")
    script.fact("legal", "/0", {"card": "arrows", "type": "discard"}, "the arrows, or another card")
    return script.example(
        "ud-search-9-ammunition-shares-a-slot",
        "Gun ammo stacks in one inventory slot; gun ammo and arrows take two",
        "UD-SEARCH-9",
        "UD-SEARCH-7",
    )


def horde_of_round_3() -> Example:
    """UD-COMBAT-1: six players in round 3 make nine horde cards, and the die of fate
    adds one."""
    six = ("pillar", "hipster", "trigger", "haggler", "drifter", "psycho")
    script = Script(UdConfig(players=6)).setup(*six)
    script.quiet_round().quiet_round()
    script.fact("state", "/round", 3, "round 3")
    script.do(Clock(True))
    script.fact("state", "/active", 2, "the gong caught seat 2: the active player")
    script.do(FateRoll(Fate.ADD_ENEMY))
    script.fact("state", "/reveal", 9, "6 players + round 3 = 9 horde cards")
    script.fact("state", "/attract", 1, "and the die of fate adds another infected")
    script.fact("state", "/reveal_area", 2, "into the active player's area")
    script.fact(
        "chance",
        "",
        [
            {"outcome": {"enemy": kind.value, "type": "horde"}, "probability": odds}
            for kind, odds in ((R, "3/16"), (W, "19/40"), (B, "3/16"), (M, "1/8"), (S, "1/40"))
        ],
        "the nine come from the whole horde deck: 15 raiders, 38 wanderers, 15 brutes, "
        "10 monsters and 2 survivors left",
    )
    script.reveal(W, W, R, W, B, W, S, W, M)
    script.fact(
        "chance",
        "",
        [
            {"outcome": {"enemy": kind.value, "type": "horde"}, "probability": odds}
            for kind, odds in ((W, "33/56"), (B, "1/4"), (M, "9/56"))
        ],
        "the tenth, the die of fate's, comes from the 33 wanderers, 14 brutes and 9 "
        "monsters left: an infected, never a raider or a survivor",
    )
    script.reveal(W)
    script.fact("state", "/areas/2", 10, "the group picks the 10 cards", length=True)
    script.fact("to_move", "", 2, "and the characters' attack begins with the active player")
    return script.example(
        "ud-combat-1-ten-horde-cards-in-round-3",
        "Round 3 with six players: 6 + 3 = 9 horde cards, and the die of fate adds one",
        "UD-COMBAT-1",
        "UD-COMBAT-2",
    )


_BARE = ("pillar", "hipster", "haggler", "drifter")
BARE_BOX: Final = msgspec.structs.replace(
    DEFAULT_CONTENT,
    characters=tuple(c for c in DEFAULT_CONTENT.characters if c.name in _BARE),
    rubble=tuple(
        msgspec.structs.replace(card, count=0, source="dieproof example: none in the box")
        for card in DEFAULT_CONTENT.rubble
        if card.name in {f"basic-{name}" for name in _BARE} | {"plank", "nails", "rope", "blade"}
    ),
    objectives=(),
)
"""A user's box with four characters, no rubble card but their basic weapons, and no
objectives: with three players, one basic weapon is all the rubble deck holds."""


def no_rubble_left() -> Example:
    """UD-SEARCH-1 at its edge (reading UD-A3): with the deck and the discard pile both
    empty there is nothing to draw."""
    script = Script(UdConfig(players=3, content=BARE_BOX)).setup("pillar", "hipster", "haggler")
    script.search(DrawAction())
    script.fact("chance", "", 1, "the deck: the basic weapon nobody chose", length=True)
    script.do(Found("basic-drifter"))
    script.fact("state", "/inventories/0/0", 1, "the pillar keeps it")
    script.do(Clock(False))
    script.fact("legal", "/0/type", "give", "the deck and the discard pile are empty: no draw")
    script.reject(DrawAction(), "no rubble card is left to draw")
    return script.example(
        "ud-search-1-no-rubble-card-left",
        "With the rubble deck and its discard pile both empty, a player cannot draw",
        "UD-SEARCH-1",
    )


def weapons_and_abilities() -> Example:
    """UD-COMBAT-5: the weapon, the ammunition and the character's drawback set the
    dice; an attack that would roll none is refused."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    script.draw("gun").passes(2).draw("gun-ammo").passes(2).draw("gun-ammo").passes(2)
    script.gong(Fate.REMOVE_ENEMY, W, W, W, W)
    script.fact(
        "legal",
        "/0",
        attack_json(0, "basic-pillar", 0),
        "the pillar's basic weapon: melee, its own dice",
    )
    script.fact(
        "legal",
        "/1",
        attack_json(0, "gun", 2),
        "the gun with both ammunition cards: 2 dice, less 1 for the pillar's drawback",
    )
    script.reject(AttackWith(0, "gun", 1), "one ammunition card less the drawback: no die")
    script.do(AttackWith(0, "gun", 2))
    script.fact("state", "/roll_size", 1, "1 die")
    ammo, gun = script.card("gun-ammo"), script.card("gun")
    script.fact("state", f"/rubble_discard/{ammo}", 2, "the ammunition spent is discarded")
    script.fact("state", f"/inventories/0/{gun}", 1, "the gun is kept")
    return script.example(
        "ud-combat-5-weapons-ammunition-and-abilities",
        "A gun, its ammunition and the pillar's drawback make the dice; no die, no attack",
        "UD-COMBAT-5",
    )


def seven_gun_ammo() -> Example:
    """UD-COMBAT-6: 7 gun ammo only give 6 attack dice. The cap is on the dice, after
    every modifier: the Pillar, whose drawback takes a distance die, rolls 6 dice with 7
    gun ammo (with no modifier the seventh card would add no die and is not spent; a
    test shows it)."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    script.draw("gun").draw("gun-ammo").draw("gun-ammo")
    script.draw("gun-ammo").draw("gun-ammo").draw("gun-ammo")
    script.draw("gun-ammo").draw("gun-ammo").draw("gun-ammo")
    script.passes().search(Give(0, "gun-ammo", 3)).search(Give(0, "gun-ammo", 2))
    ammo = script.card("gun-ammo")
    script.fact("state", f"/inventories/0/{ammo}", 7, "the pillar holds a gun and 7 gun ammo")
    script.gong(Fate.HEAL, W, W, W, W)
    script.fact("legal", "/1", attack_json(0, "gun", 2), "one card less the drawback is no die")
    script.fact("legal", "/6", attack_json(0, "gun", 7), "seven cards less the drawback: six dice")
    script.reject(AttackWith(0, "gun", 8), "the pillar holds only seven")
    script.do(AttackWith(0, "gun", 7))
    script.fact("state", "/roll_size", 6, "7 gun ammo give 6 attack dice, drawback and all")
    script.fact("state", f"/inventories/0/{ammo}", 0, "all seven cards are spent")
    script.fact("chance", "", 28, "the 28 results of six dice", length=True)
    return script.example(
        "ud-combat-6-seven-gun-ammo-give-six-dice",
        "7 gun ammo only give 6 attack dice, counted after the pillar's drawback",
        "UD-COMBAT-6",
        "UD-COMBAT-5",
    )


def four_enemies() -> Example:
    """UD-COMBAT-7 and UD-COMBAT-8: the rulebook's attack on four enemies."""
    script = Script(PLAIN).setup(*THREE)
    script.draw("gun").draw("gun-ammo").draw("gun-ammo")
    script.draw("gun-ammo").draw("gun-ammo").draw("gun-ammo")
    script.draw("gun-ammo").search(Give(0, "gun-ammo", 2)).search(Give(0, "gun-ammo", 2))
    script.gong(Fate.HEAL, R, W, W, M)
    script.fact("state", "/areas/0", horde_json(R, W, W, M), "a raider, 2 wanderers, a monster")
    script.do(AttackWith(0, "gun", 6))
    script.fact("state", "/roll_size", 6, "a gun and 6 gun ammo: 6 dice")
    script.roll(2, 3, 1)
    script.fact("to_move", "", 0, "1 X, 2 heads, 3 bodies: the attacker distributes them")
    script.fact(
        "legal",
        "",
        [{"face": "head", "type": "allot"}, {"face": "body", "type": "allot"}],
        "a head or two bodies for the raider in front",
    )
    script.allot(BODY)
    script.fact("state", "/areas/0", horde_json(M), "2 bodies, then a head each: 3 eliminated")
    script.fact("state", "/kills/0", 3, "the raider and both wanderers")
    script.fact("state", "/horde_discard", deck_json(raider=1, wanderer=2), "are discarded")
    script.fact(
        "to_move",
        "",
        "chance",
        "the last body does not eliminate the monster; the raider's reward card is drawn",
    )
    return script.example(
        "ud-combat-7-four-enemies",
        "A gun and 6 gun ammo against a raider, two wanderers and a monster",
        "UD-COMBAT-7",
        "UD-COMBAT-8",
    )


def ten_enemies() -> Example:
    """UD-COMBAT-7: the rulebook's attack on ten enemies that stops at the brute."""
    script = Script(PLAIN).setup(*THREE)
    # Round 1: a raider stays in the pillar's area (the die of fate withdraws the
    # wanderer; the raider's two misses eliminate both survivors).
    script.gong(Fate.REMOVE_ENEMY, W, R, S, S).passes(3).roll(0, 0, 2)
    # Round 2, from seat 1: the pillar gets a gun and 5 gun ammo, and noise attracts
    # four infected into its area.
    script.draw("gun-ammo").draw("gun-ammo").draw("gun")
    script.draw("gun-ammo").draw("gun-ammo").draw("gun-ammo")
    script.search(Give(0, "gun-ammo", 2)).search(Give(0, "gun-ammo", 2))
    for kind in (B, W, W, M):  # noise attracts the infected into the pillar's area
        script.draw("noise", kind).passes(2)
    script.gong(Fate.HEAL, R, R, W, M, B)
    line = (R, B, W, W, M, R, R, W, M, B)
    script.fact("state", "/areas/0", horde_json(*line), "the rulebook's ten enemies")
    script.do(AttackWith(0, "gun", 5))
    script.fact("state", "/roll_size", 5, "a gun and 5 gun ammo: 5 dice")
    script.roll(0, 5, 0)
    script.fact(
        "state",
        "/areas/0",
        horde_json(*line[1:]),
        "2 bodies eliminate the raider; 3 bodies cannot eliminate the brute, and the attack stops",
    )
    script.fact("state", "/kills/0", 1, "one enemy eliminated")
    return script.example(
        "ud-combat-7-ten-enemies",
        "Five body damage against ten enemies: the raider falls, the brute stops the attack",
        "UD-COMBAT-7",
        "UD-COMBAT-8",
    )


def one_area_per_attack() -> Example:
    """UD-COMBAT-10: damage left over after clearing one's own area is lost."""
    script = Script(UdConfig(players=3)).setup("hipster", "pillar", "trigger")
    script.draw("gun").draw("noise", W).draw("gun-ammo")
    script.draw("gun-ammo").draw("gun-ammo").draw("gun-ammo")
    script.draw("gun-ammo").search(Give(0, "gun-ammo", 1)).search(Give(0, "gun-ammo", 1))
    script.gong(Fate.REMOVE_ENEMY, W, W, W, W)
    script.do(AttackWith(0, "gun", 4))
    script.fact("state", "/roll_size", 5, "the hipster's gun and 4 gun ammo: 5 dice")
    script.roll(3, 2, 0).allot(HEAD, HEAD)
    script.fact("state", "/attack/bodies", 2, "a head for each wanderer, 2 body damage left")
    script.allot(HEAD)
    script.fact("state", "/areas/0", [], "every enemy of the hipster's area is eliminated")
    script.fact("state", "/attack", None, "the attack is over: the 2 bodies are lost")
    script.fact("state", "/areas/1", horde_json(W), "the wanderer next door is untouched")
    script.fact("to_move", "", 1, "the next player acts")
    return script.example(
        "ud-combat-10-one-area-per-attack",
        "An attack clears its own area with 2 body damage to spare; they cannot go elsewhere",
        "UD-COMBAT-10",
    )


def collateral_damage() -> Example:
    """UD-COMBAT-11: a miss with a distance weapon in another area hurts its player."""
    script = Script(UdConfig(players=3)).setup("pillar", "hipster", "drifter")
    script.passes().draw("gun").draw("gun-ammo")
    script.passes().passes().search(Give(1, "gun-ammo", 1))
    script.gong(Fate.REMOVE_ENEMY, W, W, W, W)
    script.passes().do(AttackWith(0, "gun", 1)).roll(1, 0, 1)
    script.fact("state", "/health/0", 9, "the hipster's miss in the pillar's area: 1 damage")
    script.fact("state", "/wounds/0", 1, "through the damage order, to the character")
    script.do(AttackWith(0, "basic-drifter")).roll(0, 0, 3)
    script.fact("state", "/health/0", 9, "three misses with a melee weapon: no damage")
    return script.example(
        "ud-combat-11-collateral-damage",
        "A miss with a gun in another player's area is collateral damage; a melee miss is not",
        "UD-COMBAT-11",
    )


def taming_the_horde() -> Example:
    """UD-COMBAT-12: the rulebook's example of taming the horde."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    script.draw("noise", W).draw("gun").draw("gun-ammo")
    script.passes(2).search(Give(1, "gun-ammo", 1))
    script.gong(Fate.ADD_ENEMY, W, W, B, W, M)
    script.fact("state", "/areas/0", horde_json(W, W, W, B, W, M), "6 infected in player 1's area")
    script.passes().do(AttackWith(0, "gun", 1)).roll(2, 0, 0)
    script.fact("state", "/kills/1", 2, "player 2's gun eliminates 2 of them")
    script.fact("state", "/areas/1", horde_json(W, B), "2 of the 4 left follow player 2 home")
    script.fact("state", "/areas/0", horde_json(W, M), "the other 2 stay")
    return script.example(
        "ud-combat-12-taming-the-horde",
        "A gun in another player's area eliminates 2 infected; 2 more follow the attacker",
        "UD-COMBAT-12",
    )


def trap_and_brute() -> Example:
    """UD-ENEMY-2: the rulebook's trap example, in round 4."""
    # Round 4's search phase: player 0 has built a trap.
    script = Script.at(characters=list(THREE), config={"players": 3}, round=4, traps=[1])
    script.gong(Fate.HEAL, B, W, S, W, R, S, W)
    script.fact("state", "/round", 4, "round 4, the release of the hordes")
    script.fact("state", "/traps/0", 1, "the active player has one trap set up")
    script.fact("state", "/areas/0", horde_json(B, W, S, W, R, S, W), "5 enemies, a brute first")
    script.passes(3)
    script.fact("state", "/areas/0", horde_json(W, S, W, R, S, W), "the trap eliminates the brute")
    script.fact("state", "/horde_discard/brute", 1, "before the horde attacks")
    script.fact("state", "/traps/0", 0, "and goes back to the box")
    return script.example(
        "ud-enemy-2-a-trap-and-a-brute",
        "Round 4: a trap eliminates the brute in front before the horde attacks",
        "UD-ENEMY-2",
    )


def trap_and_monster() -> Example:
    """UD-ENEMY-2: the rulebook's trap example, had the first enemy been a monster."""
    # Round 1's search phase: player 0 has built a trap.
    script = Script.at(characters=list(THREE), config={"players": 3}, traps=[1])
    script.gong(Fate.REMOVE_ENEMY, W, M, W, W)
    script.passes(3)
    script.fact("state", "/areas/0", horde_json(M, W, W), "1 head damage: the monster stands")
    script.fact("state", "/traps/0", 0, "the trap is discarded nonetheless")
    script.fact("state", "/roll_size", 5, "and the monster attacks with the wanderers: 3 + 1 + 1")
    return script.example(
        "ud-enemy-2-a-trap-and-a-monster",
        "Had the first enemy been a monster, the trap's head damage would not eliminate it",
        "UD-ENEMY-2",
    )


def two_barricades() -> Example:
    """UD-ENEMY-6: the rulebook's example of two barricades."""
    script = Script(UdConfig(players=3)).setup(*THREE)
    script.draw("plank").draw("nails").draw("plank")
    script.draw("nails").search(Give(0, "nails", 1)).search(Give(0, "plank", 1))
    script.search(Build(Token.BARRICADE)).passes(2).search(Build(Token.BARRICADE)).passes(2)
    script.gong(Fate.REMOVE_ENEMY, W, W, M, B)
    script.fact("state", "/barricades/0", 2, "the active player has two barricades")
    script.do(AttackWith(0, "basic-pillar")).roll(1, 0, 1).passes(2)
    script.fact("state", "/areas/0", horde_json(M, B), "a monster (3 dice) and a brute (2)")
    script.fact("state", "/roll_size", 5, "the leader rolls 5 dice")
    script.roll(0, 4, 1)
    script.fact("state", "/barricades/0", 0, "1 X and 4 bodies: 2 destroy each barricade")
    script.fact("state", "/health/0", 10, "the character takes no damage")
    return script.example(
        "ud-enemy-6-two-barricades",
        "A monster and a brute roll 4 bodies: each barricade takes 2 and is destroyed",
        "UD-ENEMY-6",
        "UD-ENEMY-5",
    )


def raiders_attack() -> Example:
    """UD-ENEMY-3: the rulebook's example of a raiders' attack."""
    script = Script(UdConfig(players=5)).setup(*THREE, "haggler", "drifter")
    script.draw("plank").passes(4)
    script.gong(Fate.HEAL, R, R, S, R, R, S)
    script.passes(5)
    script.fact("state", "/roll_size", 6, "4 raiders, 2 dice each: the first 6 dice")
    script.roll(0, 3, 3)
    script.fact("state", "/areas/0", horde_json(R, R, R, R), "3 X: both survivors eliminated")
    script.fact("state", "/health/0", 9, "3 bodies: 1 damage")
    script.fact(
        "legal",
        "",
        [{"card": "basic-pillar", "type": "discard"}, {"card": "plank", "type": "discard"}],
        "and a rubble card of the player's choice discarded",
    )
    script.do(Discard("plank"))
    script.fact("state", "/roll_size", 2, "the last raider's 2 dice")
    script.roll(1, 1, 0)
    script.fact("state", "/health/0", 8, "a head and a body: another damage")
    script.fact("to_move", "", 0, "and another card to throw away")
    script.do(Discard("basic-pillar"))
    script.fact("state", "/inventories/0", [0] * len(DEFAULT_CONTENT.rubble), "nothing is left")
    return script.example(
        "ud-enemy-3-the-raiders-attack",
        "Four raiders roll 6 then 2 dice: two damage, two discards, two survivors lost",
        "UD-ENEMY-3",
    )


def infected_attack() -> Example:
    """UD-ENEMY-4: the rulebook's example of an infected attack (the drifter, who does
    not heal at the end of the round, takes it)."""
    script = Script(UdConfig(players=3)).setup("drifter", "hipster", "trigger")
    for kind in (W, W, W, W, M, B):  # noise attracts infected into the drifter's area
        script.draw("noise", kind).passes(2)
    script.gong(Fate.ADD_ENEMY, W, S, W, S, B)  # 4 horde cards and an infected from fate
    script.passes(3)
    script.fact("state", "/defense/dice_left", 7, "6 + 3 + 4 = 13 dice: 6 now, 7 to come")
    script.roll(2, 2, 2).allot(HEAD, HEAD)
    script.fact(
        "state",
        "/areas/0",
        horde_json(W, W, W, W, M, B, W, W, B),
        "2 heads eliminate both survivors",
    )
    script.fact("state", "/health/0", 8, "2 bodies hit the player: 1 health point")
    script.roll(0, 4, 2)
    script.fact("state", "/health/0", 6, "2 X and 4 bodies: 2 damage points")
    script.fact("state", "/roll_size", 1, "the last wave: 1 die")
    script.roll(0, 0, 1)
    script.fact("state", "/health/0", 6, "1 X: no additional damage")
    script.fact("state", "/round", 2, "the enemies have attacked: the round is over")
    return script.example(
        "ud-enemy-4-the-infected-attack",
        "Thirteen infected dice in waves of 6, 6 and 1, survivors first",
        "UD-ENEMY-4",
        "UD-ENEMY-5",
    )


def sacrificing_a_survivor() -> Example:
    """UD-ENEMY-7: a saved survivor is discarded to absorb one damage (the drifter, who
    does not heal at the end of the round, takes it)."""
    script = Script(UdConfig(players=3)).setup("drifter", "hipster", "trigger").quiet_round()
    script.fact("state", "/saved/0", 3, "the drifter saved the 3 survivors of round 1")
    script.passes(2).gong(Fate.REMOVE_ENEMY, W, W, W, W, W).passes(3).roll(2, 0, 2)
    script.fact("to_move", "", 0, "2 heads reach the drifter, who may sacrifice survivors")
    script.fact(
        "legal",
        "",
        [{"count": k, "type": "sacrifice"} for k in range(3)],
        "none, one or two: one per damage",
    )
    script.reject(Sacrifice(3), "three survivors for two damage: one too many")
    script.do(Sacrifice(1))
    script.fact("state", "/health/0", 8, "one survivor absorbs one damage; the other hurts")
    script.fact("state", "/saved/0", 2, "the survivor is discarded")
    return script.example(
        "ud-enemy-7-a-survivor-absorbs-a-damage",
        "A player discards a saved survivor to absorb one of two damage",
        "UD-ENEMY-7",
    )


def sacrifice_against_fate() -> Example:
    """UD-ENEMY-7: a saved survivor absorbs the die of fate's damage too."""
    script = Script(UdConfig(players=3)).setup("drifter", "hipster", "trigger").quiet_round()
    script.fact("state", "/saved/0", 3, "the drifter saved the 3 survivors of round 1")
    script.fact("state", "/experience/0", 4, "one point each, and one for saving a survivor")
    script.passes(2).do(Clock(True), FateRoll(Fate.DAMAGE))
    script.fact("to_move", "", 0, "the die of fate deals the drifter one damage: a sacrifice?")
    script.fact("legal", "", [{"count": k, "type": "sacrifice"} for k in range(2)], "none or one")
    script.do(Sacrifice(1))
    script.fact("state", "/health/0", 9, "the survivor absorbs it")
    script.fact("state", "/experience/0", 3, "and its experience point is gone")
    script.fact("state", "/reveal", 5, "then the horde of round 2 is revealed")
    return script.example(
        "ud-enemy-7-a-survivor-absorbs-the-die-of-fate",
        "The die of fate's damage waits for the sacrifice of a saved survivor",
        "UD-ENEMY-7",
        "UD-COMBAT-2",
    )


def attacking_a_survivor() -> Example:
    """UD-ENEMY-8: a player can attack a survivor (not yet saved); throwing cards away
    is no action (UD-SEARCH-11)."""
    script = Script(UdConfig(players=3)).setup("hipster", "pillar", "trigger")
    script.draw("plank").draw("gun-ammo").draw("gun")
    script.do(Clock(False), Throw("plank"))
    script.fact("to_move", "", 0, "throwing a card away is no action: the turn goes on")
    script.fact("state", "/search_actions", 3, "and the timer does not count it")
    script.do(Pass()).search(Give(0, "gun-ammo", 1)).search(Give(0, "gun", 1))
    script.gong(Fate.HEAL, S, W, W, W)
    script.fact("legal", "/2", attack_json(0, "gun", 1), "the gun may pass the survivor by")
    script.fact("legal", "/3", attack_json(0, "gun", 1, True), "or attack it too")
    script.do(AttackWith(0, "gun", 1, survivors=True)).roll(0, 1, 1)
    script.fact("state", "/areas/0", horde_json(W, W, W), "one body: the survivor is eliminated")
    return script.example(
        "ud-enemy-8-a-player-attacks-a-survivor",
        "A player may throw a card away, and attack a survivor in the line",
        "UD-ENEMY-8",
        "UD-SEARCH-11",
    )


def build() -> tuple[Example, ...]:
    """Every example, in the rulebook's order."""
    return (
        secondary_objectives(),
        psycho_becomes_leader(),
        no_rubble_left(),
        consuming_food(),
        ammunition_slots(),
        horde_of_round_3(),
        weapons_and_abilities(),
        seven_gun_ammo(),
        four_enemies(),
        ten_enemies(),
        one_area_per_attack(),
        collateral_damage(),
        taming_the_horde(),
        trap_and_brute(),
        trap_and_monster(),
        two_barricades(),
        raiders_attack(),
        infected_attack(),
        sacrificing_a_survivor(),
        sacrifice_against_fate(),
        attacking_a_survivor(),
    )


EXAMPLES: Final = build()
"""Until Daylight's worked examples (see the module docstring)."""
