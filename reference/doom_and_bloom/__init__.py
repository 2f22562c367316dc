"""Doom and Bloom SURVIVAL!: the reference implementation (2 to 4 players, or two teams of
two). The board, the cards and the characters are data; most of them are provisional (the
printed components are not published). ``GAME`` is the game behind the generic protocol."""

from __future__ import annotations

from dieproof.reference.doom_and_bloom.game import GAME

__all__ = ["GAME"]
