"""Until Daylight: a user's content is checked piece by piece, and the leader token's
tie-break (issue 11: mutants of these checks survived every other test).

Each broken content below differs from the default in one place, and
``validate_config`` must refuse it with its code; the default and a minimal die are
accepted.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from dieproof.reference.core import InvalidConfig, replace
from dieproof.reference.until_daylight import Timer, UdConfig
from dieproof.reference.until_daylight.base import _pass_leader, validate_config
from dieproof.reference.until_daylight.content import DEFAULT_CONTENT
from dieproof.reference.until_daylight.types import (
    Ability,
    AbilityKind,
    CardKind,
    CombatDie,
    Content,
)

from .ud_helpers import started

Edit = Callable[[Content], Content]


def _character(**changes: object) -> Edit:
    def apply(content: Content) -> Content:
        first = msgspec.structs.replace(content.characters[0], **changes)
        return msgspec.structs.replace(content, characters=(first, *content.characters[1:]))

    return apply


def _card(name: str, **changes: object) -> Edit:
    def apply(content: Content) -> Content:
        rubble = tuple(
            msgspec.structs.replace(card, **changes) if card.name == name else card
            for card in content.rubble
        )
        return msgspec.structs.replace(content, rubble=rubble)

    return apply


def _weapon_named(kind: CardKind) -> str:
    return next(card.name for card in DEFAULT_CONTENT.rubble if card.kind is kind)


def _distance_weapon() -> str:
    return next(
        card.name for card in DEFAULT_CONTENT.rubble if card.kind is CardKind.WEAPON and card.ammo
    )


def _event() -> str:
    return next(card.name for card in DEFAULT_CONTENT.rubble if card.kind is CardKind.EVENT)


BROKEN: dict[str, tuple[Edit, str]] = {
    "a basic weapon that is not a weapon": (
        _character(weapon=_weapon_named(CardKind.AMMO)),
        "UD.CONTENT",
    ),
    "a basic weapon that does not exist": (_character(weapon="no-such-card"), "UD.CONTENT"),
    "no health": (_character(health=0), "UD.CONTENT"),
    "no slots": (_character(slots=0), "UD.CONTENT"),
    "a negative advantage": (
        _character(advantage=Ability(AbilityKind.MELEE_DICE, -1)),
        "UD.CONTENT",
    ),
    "a negative drawback": (
        _character(drawback=Ability(AbilityKind.DISTANCE_DICE, -1)),
        "UD.CONTENT",
    ),
    "regeneration as a drawback": (
        _character(drawback=Ability(AbilityKind.REGENERATION, 1)),
        "UD.CONTENT",
    ),
    "a distance weapon without ammunition": (
        _card(_distance_weapon(), ammo="no-such-ammo"),
        "UD.CONTENT",
    ),
    "an event without an effect": (_card(_event(), event=None), "UD.CONTENT"),
    "a negative card count": (_card(_event(), count=-1), "UD.CONTENT"),
    "a recipe of unknown cards": (
        lambda c: msgspec.structs.replace(c, trap=("no-such-card",)),
        "UD.CONTENT",
    ),
    "an empty recipe": (lambda c: msgspec.structs.replace(c, barricade=()), "UD.CONTENT"),
    "a die without a head": (
        lambda c: msgspec.structs.replace(c, die=CombatDie(head=0, body=3, miss=3)),
        "UD.DIE",
    ),
    "a die with a negative face count": (
        lambda c: msgspec.structs.replace(c, die=CombatDie(head=2, body=2, miss=-1)),
        "UD.DIE",
    ),
    "an objective of nobody": (
        lambda c: msgspec.structs.replace(
            c,
            objectives=(
                msgspec.structs.replace(c.objectives[0], character="nobody"),
                *c.objectives[1:],
            ),
        ),
        "UD.CONTENT",
    ),
    "two objectives of one name": (
        lambda c: msgspec.structs.replace(c, objectives=(c.objectives[0], *c.objectives)),
        "UD.CONTENT",
    ),
}


@pytest.mark.rule("UD-SETUP-1")
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_content_is_refused(case: str) -> None:
    edit, code = BROKEN[case]
    with pytest.raises(InvalidConfig) as refused:
        validate_config(UdConfig(players=3, content=edit(DEFAULT_CONTENT)))
    assert refused.value.code == code


@pytest.mark.rule("UD-SETUP-1")
def test_a_minimal_die_and_the_default_content_are_accepted() -> None:
    validate_config(UdConfig(players=3, content=DEFAULT_CONTENT))
    one_head = msgspec.structs.replace(DEFAULT_CONTENT, die=CombatDie(head=1, body=0, miss=0))
    validate_config(UdConfig(players=3, content=one_head))


@pytest.mark.rule("UD-SEARCH-8")
@pytest.mark.parametrize(
    "timer", [Timer(gong=0, tick=0), Timer(gong=-1, tick=2), Timer(gong=1, tick=1, limit=-1)]
)
def test_an_impossible_timer_is_refused(timer: Timer) -> None:
    with pytest.raises(InvalidConfig) as refused:
        validate_config(UdConfig(players=3, timer=timer))
    assert refused.value.code == "UD.TIMER"


@pytest.mark.rule("UD-SETUP-6")
@pytest.mark.parametrize(("first", "leader"), [(0, 0), (1, 2), (2, 2)])
def test_the_token_goes_to_the_first_of_equals_in_turn_order(first: int, leader: int) -> None:
    """Seats 0 and 2 tie for the most experience while nobody leads: the token goes to
    the first of them in turn order from the player who chose first (UD-A12)."""
    state = replace(started(), first=first, experience=(2, 1, 2), leader=-1)
    assert _pass_leader(state).leader == leader
