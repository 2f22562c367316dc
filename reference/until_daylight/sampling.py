"""Random Until Daylight configurations within what the rules allow, for the differential
test (``Rules.sample_config``): any player count, any reading, another timer and bound
on the final fight, and content drawn from the content schema.

The sampled content starts from dieproof's default and changes what the rules leave to
the components: the characters' order and which of them are in the box (at least one
per player), their health, slots and abilities; every rubble card's count; the horde
deck's composition; the combat die's faces (at least one head face). Names, kinds and
recipes stay as they are, so every reference between entries holds.
"""

from __future__ import annotations

import random

from dieproof.reference.core.sampling import random_literals
from dieproof.reference.until_daylight.base import content_of
from dieproof.reference.until_daylight.types import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Ability,
    AbilityKind,
    CombatDie,
    Content,
    Deck,
    Timer,
    UdConfig,
)


def _content(rng: random.Random, players: int) -> Content:
    base = content_of(UdConfig())
    characters = list(base.characters)
    rng.shuffle(characters)
    keep = rng.randint(players, len(characters))
    chosen = tuple(
        c.__class__(
            name=c.name,
            health=rng.randint(1, 12),
            slots=rng.choice([c.slots, rng.randint(1, 12)]),
            advantage=Ability(c.advantage.kind, rng.randint(0, 2)),
            drawback=Ability(
                rng.choice([AbilityKind.MELEE_DICE, AbilityKind.DISTANCE_DICE]),
                rng.randint(0, 2),
            ),
            weapon=c.weapon,
            source="sampled",
        )
        for c in characters[:keep]
    )
    names = {c.name for c in chosen}
    rubble = tuple(
        card.__class__(
            name=card.name,
            kind=card.kind,
            count=card.count if card.count == 0 else rng.randint(0, 2 * card.count),
            dice=card.dice,
            melee=card.melee,
            ammo=card.ammo,
            noisy=card.noisy,
            kept=card.kept,
            heal=card.heal,
            event=card.event,
            source="sampled",
        )
        for card in base.rubble
    )
    horde = Deck(*(rng.randint(0, 2 * count + 2) for count in base.horde.counts()))
    objectives = tuple(o for o in base.objectives if not o.character or o.character in names)
    return Content(
        characters=chosen,
        rubble=rubble,
        horde=horde,
        die=CombatDie(head=rng.randint(1, 3), body=rng.randint(0, 3), miss=rng.randint(0, 3)),
        objectives=objectives,
        barricade=base.barricade,
        trap=base.trap,
    )


def sample_config(rng: random.Random) -> UdConfig:
    """A random configuration the rules accept (see the module's description)."""
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    gong = rng.randint(1, 3)
    config = UdConfig(
        players=players,
        content=_content(rng, players),
        timer=Timer(gong=gong, tick=rng.randint(0, 15), limit=rng.randint(1, 40)),
        final_cycles=rng.randint(1, 20),
    )
    return random_literals(config, rng)
