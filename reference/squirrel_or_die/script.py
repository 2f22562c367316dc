"""Scripting Squirrel or Die games for the worked examples (:mod:`.examples`).

:class:`Script` plays a game from its initial state: chance outcomes and decisions are
given where an example needs them, and elsewhere it takes the first chance outcome or the
first legal action in canonical order, so every example is one fixed sequence. It
records the facts and the refused actions along the way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Final

from dieproof.reference.core.examples import Recorder
from dieproof.reference.core.types import CHANCE, JSON, TERMINAL
from dieproof.reference.squirrel_or_die import rules
from dieproof.reference.squirrel_or_die.tiles import Tile
from dieproof.reference.squirrel_or_die.types import (
    Draw,
    Flip,
    Phase,
    SodAction,
    SodConfig,
    SodState,
)

F, S = Tile.FOOD, Tile.SKULL


class Script(Recorder[SodConfig, SodState, SodAction]):
    """Plays a game step by step and records the actions, facts and rejections."""

    def __init__(self, config: SodConfig) -> None:
        super().__init__(config, rules.initial_state(config), rules.apply)

    @classmethod
    def at(cls, **description: JSON) -> Script:
        """A game that starts from the position ``description`` names (the game's
        position builder, :mod:`~dieproof.reference.squirrel_or_die.position`) rather than
        from the initial state: the example's vector carries the description, and every
        implementation starts there."""
        from dieproof.reference.squirrel_or_die.game import GAME

        state = GAME.position(json.dumps(description))
        script = cls(state.config)
        script.state, script.start = state, description
        return script

    # -- moving --------------------------------------------------------------------------

    def draw(self, *tiles: Tile) -> Script:
        """Chance draws of ``tiles`` in order."""
        return self.do(*(Draw(tile) for tile in tiles))

    def first(self) -> Script:
        """One step: the first chance outcome or the first legal action."""
        if rules.to_move(self.state) == CHANCE:
            return self.do(rules.chance_outcomes(self.state)[0][0])
        return self.do(rules.legal_actions(self.state)[0])

    def until(self, done: Callable[[SodState], bool]) -> Script:
        """:meth:`first` until ``done`` holds."""
        while not done(self.state):
            if rules.to_move(self.state) == TERMINAL:
                raise AssertionError("the game ended before the example's position")
            self.first()
        return self

    def to_winter(self) -> Script:
        """Play Autumn out with first choices."""
        return self.until(lambda s: s.phase is Phase.WINTER)

    def flip(self, tile: Tile) -> Script:
        """The player to move flips a face-down ``tile`` (the first in canonical order)."""
        for index, patch in enumerate(self.state.patches):
            for cell in patch:
                if not cell.face_up and cell.tile is tile:
                    return self.do(Flip(index, cell.row, cell.col))
        raise AssertionError(f"no face-down {tile.value} left")

    def flip_round(self, flipper: int, tile: Tile, others: Tile = F) -> Script:
        """``flipper`` flips ``tile`` on their next turn; everyone before them ``others``."""
        while self.state.current != flipper:
            self.flip(others)
        return self.flip(tile)

    # -- recording -----------------------------------------------------------------------

    @property
    def current(self) -> int:
        """The seat to move."""
        return self.state.current


def cell_json(row: int, col: int, tile: Tile, face_up: bool) -> JSON:
    """A cell as the state's canonical JSON has it."""
    return {"col": col, "face_up": face_up, "row": row, "tile": tile.value}


def tiles_json(**counts: int) -> JSON:
    """A pile of tiles as canonical JSON (kinds not named count 0)."""
    return {tile.value: counts.get(tile.value, 0) for tile in Tile}


def draws_json(probabilities: dict[Tile, str]) -> JSON:
    """Chance outcomes (draws) with their probabilities, as the oracle writes them."""
    return [
        {"outcome": {"tile": tile.value, "type": "draw"}, "probability": p}
        for tile, p in probabilities.items()
    ]


HANDS: Final = ((S, S, Tile.BOMB), (F, F, F), (F, F, F), (S, S, S))
"""The hands :func:`_dealt` deals, by seat."""


def dealt(players: int) -> Script:
    """A game dealt with a known starting grid and hands: the secret food at (0, 0),
    face-up food at (0, 1) and (1, 0) and the Confused Cat at (1, 1); the hands are
    :data:`HANDS` (no more skulls than the two-player sack holds)."""
    script = Script(SodConfig(players=players)).draw(F, F, F, Tile.CAT)
    for hand in HANDS[:players]:
        script.draw(*hand)
    return script
