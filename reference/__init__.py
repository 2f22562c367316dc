"""dieproof's reference implementations: ``game(id)`` returns one, ``games()`` lists them.

>>> from dieproof.reference import game
>>> game("squirrel-or-die").title
'Squirrel or Die'
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from dieproof.reference.core import Game, game, game_ids, games, register

try:
    __version__ = version("dieproof")
except PackageNotFoundError:  # running from a bare checkout
    __version__ = "0+unknown"


def _dont_let_it_die() -> Game:
    from dieproof.reference.dont_let_it_die import GAME

    return GAME


def _squirrel_or_die() -> Game:
    from dieproof.reference.squirrel_or_die import GAME

    return GAME


def _until_daylight() -> Game:
    from dieproof.reference.until_daylight import GAME

    return GAME


def _no_game_over() -> Game:
    from dieproof.reference.no_game_over import GAME

    return GAME


def _doom_and_bloom() -> Game:
    from dieproof.reference.doom_and_bloom import GAME

    return GAME


register(_dont_let_it_die, "dont-let-it-die")
register(_doom_and_bloom, "doom-and-bloom")
register(_no_game_over, "no-game-over")
register(_squirrel_or_die, "squirrel-or-die")
register(_until_daylight, "until-daylight")

__all__ = ["Game", "__version__", "game", "game_ids", "games", "register"]
