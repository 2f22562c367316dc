"""Don't Let It Die in z3: the abstract model (:mod:`~dieproof.proofs.dont_let_it_die.model`,
over the variables of :mod:`~dieproof.proofs.dont_let_it_die.vocabulary`), the
abstraction function from reference states
(:mod:`~dieproof.proofs.dont_let_it_die.abstraction`) and the goal witnesses from real
games (:mod:`~dieproof.proofs.dont_let_it_die.witnesses`). Importing the package
registers the proofs.

The model counts what the named invariants talk about: per character health, stamina,
their maxima, incapacitation and revival, equipment and slots; the pool's tokens by
supply and the FKP tokens out of the box; the fire pit; the day; the phase and the
result; the tree's unlocked discoveries and arrows; the items made and the building.
And what a decision node offers: at a turn's, the plain draws, Investigate Fire, Cron's
reshuffles, the meals, the wood for the pit and the revivals the reference lists, beside
what the rulebook decides them by; at a fight's, Vog's covers. The background holds each
listing to the rulebook, so the refinement check sees an option withheld or wrongly
offered (issue 12).
"""

from __future__ import annotations

from typing import Final

import msgspec

from dieproof.proofs.core import GameProofs, register_proofs
from dieproof.proofs.dont_let_it_die.abstraction import ABSTRACTION, abstract
from dieproof.proofs.dont_let_it_die.model import MODEL, WRONG
from dieproof.proofs.dont_let_it_die.witnesses import goal_games, goal_witnesses
from dieproof.reference.core.types import replace
from dieproof.reference.dont_let_it_die.game import GAME
from dieproof.reference.dont_let_it_die.rules import challenge_config, configs
from dieproof.reference.dont_let_it_die.types import DlidConfig, Readings

__all__ = [
    "MODEL",
    "PROOFS",
    "REFINEMENT_TRIBES",
    "WRONG",
    "abstract",
    "goal_games",
    "goal_witnesses",
    "other_readings",
    "refinement_configs",
]


REFINEMENT_TRIBES: Final = (("Dub", "Ajax", "Nirv", "Mabe"), ("Nanuk", "Zeebo", "Thunk", "Kara"))
"""Two tribes that seat the seven characters none of the game's configurations seats."""


def other_readings() -> tuple[Readings, ...]:
    """Every reading of the ambiguity log but the defaults, in two sets: each field at its
    first other value, then at its last (DLID-A1 has three)."""
    default = Readings()
    info = msgspec.inspect.type_info(Readings)
    assert isinstance(info, msgspec.inspect.StructType)
    out = []
    for pick in (0, -1):
        changes: dict[str, object] = {}
        for field in info.fields:
            assert isinstance(field.type, msgspec.inspect.LiteralType)
            values = (str(v) for v in field.type.values)
            changes[field.name] = sorted(v for v in values if v != getattr(default, field.name))[
                pick
            ]
        out.append(msgspec.structs.replace(default, **changes))
    return tuple(out)


def refinement_configs() -> tuple[DlidConfig, ...]:
    """What the refinement check plays: the game's configurations (every tree and side,
    player count and challenge), the two tribes of :data:`REFINEMENT_TRIBES`, and under
    both sets of :func:`other_readings` the Normal game on each tracker side, Challenges 3
    and 7 (whose readings DLID-A25 and DLID-A24 are) and the two tribes (the second seats
    Zeebo, whose double DLID-A31 reads)."""
    tribes = tuple(DlidConfig(players=1, characters=t) for t in REFINEMENT_TRIBES)
    under = (
        DlidConfig(players=1),
        DlidConfig(players=1, tracker="hard"),
        challenge_config(3),
        challenge_config(7),
        *tribes,
    )
    readings = tuple(replace(c, readings=r) for r in other_readings() for c in under)
    return (*configs(), *tribes, *readings)


def _proofs() -> GameProofs:
    return GameProofs(
        model=MODEL,
        abstract=abstract,
        values=ABSTRACTION.values,
        goal_witnesses=goal_witnesses,
        goal_games=goal_games,
        configs=refinement_configs,
    )


PROOFS = _proofs
register_proofs(GAME.id, _proofs)
