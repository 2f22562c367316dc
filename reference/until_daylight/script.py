"""Scripting Until Daylight games for the worked examples (:mod:`.examples`).

:class:`Script` plays a game from its initial state with every chance outcome given:
the roll-off, the secondary objectives drawn, each tick or gong of the timer, each
rubble card found, the die of fate, each horde card revealed and each roll of the
combat dice. Helpers play the common stretches (the setup, a search turn, a quiet
round) so that an example reads like the rulebook's: who holds what, what the horde
brings, what the dice show. It records the facts and the refused actions along the way.
"""

from __future__ import annotations

import json

from dieproof.reference.core.examples import Recorder
from dieproof.reference.core.types import JSON
from dieproof.reference.until_daylight import rules
from dieproof.reference.until_daylight.base import catalog
from dieproof.reference.until_daylight.types import (
    Allot,
    Choose,
    Clock,
    DrawObjective,
    Enemy,
    Face,
    Fate,
    FateRoll,
    FirstPlayer,
    Found,
    Keep,
    Pass,
    Phase,
    Reveal,
    Roll,
    Step,
    UdAction,
    UdConfig,
    UdState,
)
from dieproof.reference.until_daylight.types import Draw as DrawAction


class Script(Recorder[UdConfig, UdState, UdAction]):
    """Plays a game step by step and records the actions, facts and rejections."""

    def __init__(self, config: UdConfig) -> None:
        super().__init__(config, rules.initial_state(config), rules.apply)

    @classmethod
    def at(cls, **description: JSON) -> Script:
        """A game that starts from the position ``description`` names (the game's
        position builder, :mod:`~dieproof.reference.until_daylight.position`) rather than
        from the initial state: the example's vector carries the description, and every
        implementation starts there."""
        from dieproof.reference.until_daylight.game import GAME

        state = GAME.position(json.dumps(description))
        script = cls(state.config)
        script.state, script.start = state, description
        return script

    # -- moving --------------------------------------------------------------------------

    def setup(self, *characters: str, first: int = 0) -> Script:
        """The roll-off won by ``first``; ``characters`` chosen in turn order from
        ``first``; each player draws the first two secondary objectives of the pile (in
        content order) and keeps the first. The first search phase then waits for the
        timer."""
        self.do(FirstPlayer(first))
        objectives = catalog(self.config).content.objectives
        for name in characters:
            self.do(Choose(name))
            while self.state.step is Step.OBJECTIVE:
                index = next(i for i, count in enumerate(self.state.secondary) if count)
                self.do(DrawObjective(objectives[index].name))
            if self.state.step is Step.KEEP:
                self.do(Keep(objectives[self.state.offered[0]].name))
        if self.state.phase is not Phase.SEARCH:
            raise AssertionError("setup needs one character per player")
        return self

    def search(self, action: UdAction) -> Script:
        """The timer goes on and the player whose turn it is takes ``action``."""
        return self.do(Clock(False), action)

    def draw(self, card: str, *revealed: Enemy) -> Script:
        """The player whose turn it is draws ``card``; a noise event brings
        ``revealed`` into their area."""
        self.search(DrawAction()).do(Found(card))
        return self.reveal(*revealed)

    def passes(self, count: int = 1) -> Script:
        """``count`` players in turn do nothing (a search turn or a combat action)."""
        for _ in range(count):
            if self.state.phase is Phase.SEARCH:
                self.search(Pass())
            else:
                self.do(Pass())
        return self

    def gong(self, fate: Fate, *horde: Enemy) -> Script:
        """The gong sounds: the player whose turn it is rolls the die of fate and
        receives ``horde``."""
        return self.do(Clock(True), FateRoll(fate)).reveal(*horde)

    def reveal(self, *kinds: Enemy) -> Script:
        """Horde cards revealed, in order."""
        return self.do(*(Reveal(kind) for kind in kinds))

    def roll(self, heads: int, bodies: int, misses: int) -> Script:
        """The combat dice show ``heads``, ``bodies`` and ``misses``."""
        return self.do(Roll(heads, bodies, misses))

    def allot(self, *faces: Face) -> Script:
        """Choices of head or body damage for the target in front, in order."""
        return self.do(*(Allot(face) for face in faces))

    def quiet_round(self) -> Script:
        """A round in which nothing happens to anyone: the gong sounds before the first
        search action, the horde is a wanderer, which the die of fate withdraws, and
        survivors, everyone does nothing, and the survivors are saved by the active
        player."""
        size = self.config.players + self.state.round
        self.gong(Fate.REMOVE_ENEMY, Enemy.WANDERER, *[Enemy.SURVIVOR] * (size - 1))
        return self.passes(self.config.players)

    def misses_until_next_round(self) -> Script:
        """Every enemies' roll of this round misses: the round ends."""
        start = self.state.round
        while self.state.round == start and self.state.phase is Phase.ENEMIES:
            self.roll(0, 0, self.state.roll_size)
        return self

    # -- recording -----------------------------------------------------------------------

    def card(self, name: str) -> int:
        """A rubble card's index: its position in the state's card counts."""
        return catalog(self.config).index[name]


def horde_json(*kinds: Enemy) -> JSON:
    """An area's horde cards as the state's canonical JSON has them."""
    return [kind.value for kind in kinds]


def deck_json(**counts: int) -> JSON:
    """A horde deck or discard pile as canonical JSON (kinds not named count 0)."""
    return {kind.value: counts.get(kind.value, 0) for kind in Enemy}
