"""The measured data the docs show, committed under ``docs/data/<game-id>/`` and refreshed
on purpose by ``./dev plots`` (:mod:`dieproof_docs.measure`), never during a build.

Two files per game:

``simulation.json``
    seeded random games of every configuration the game lists: per configuration the
    distribution of the game's length (player decisions, and rounds where the state
    counts them), how often each seat won, and the ending rules; plus the first few games
    in full, which a test replays to notice when the rules have changed under the data.
``proof-times.json``
    the wall time of every proof obligation, measured once. Times change on every run,
    so keeping them out of the build keeps the engineer's pages (and Sphinx's
    incremental build) stable; the verdicts themselves are proven on every build.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

__all__ = [
    "DATA",
    "FORMAT",
    "ConfigRun",
    "ProofTimes",
    "SampleGame",
    "Simulation",
    "data_dir",
    "dumps",
    "load_proof_times",
    "load_simulation",
]

DATA = Path(__file__).resolve().parents[2] / "data"
"""``docs/data``."""

FORMAT = 1
"""The version of both file formats."""


class SampleGame(msgspec.Struct, frozen=True, array_like=True):
    """One game in full (as a JSON array): enough to notice that the rules changed."""

    seed: int
    decisions: int
    rounds: int | None
    winners: tuple[int, ...]
    rule: str


class ConfigRun(msgspec.Struct, frozen=True):
    """The games of one configuration."""

    label: str
    """What sets this configuration apart, e.g. ``"3 players, birdhouse"``."""
    players: int
    games: int
    decisions: dict[str, int]
    """Player decisions per game -> how many games took that many."""
    rounds: dict[str, int] | None
    """Rounds reached -> games, for a game whose state counts rounds; else ``None``."""
    wins: tuple[int, ...]
    """Games each seat won (a shared win counts for every winner)."""
    nobody: int
    """Games that nobody won."""
    reasons: dict[str, int]
    """The rule that ended a game -> how many games it ended."""
    sample: tuple[SampleGame, ...]
    """The first games in full, seeds 0, 1, ..."""


class Simulation(msgspec.Struct, frozen=True):
    """A game's committed simulation run."""

    format: int
    game: str
    games_per_config: int
    configs: tuple[ConfigRun, ...]


class ProofTimes(msgspec.Struct, frozen=True):
    """A game's measured proof times."""

    format: int
    game: str
    total: float
    """Seconds for all obligations together."""
    obligations: dict[str, float]
    """Obligation id -> seconds."""


def data_dir(game_id: str) -> Path:
    """Where ``game_id``'s measured data lives."""
    return DATA / game_id


def load_simulation(game_id: str) -> Simulation | None:
    """The committed simulation run of ``game_id``, or ``None`` if there is none."""
    path = data_dir(game_id) / "simulation.json"
    if not path.is_file():
        return None
    return msgspec.json.decode(path.read_bytes(), type=Simulation)


def load_proof_times(game_id: str) -> ProofTimes | None:
    """The committed proof times of ``game_id``, or ``None`` if there are none."""
    path = data_dir(game_id) / "proof-times.json"
    if not path.is_file():
        return None
    return msgspec.json.decode(path.read_bytes(), type=ProofTimes)


def dumps(value: msgspec.Struct) -> str:
    """Stable, diff-friendly JSON: sorted keys, two-space indent, a final newline."""
    plain = json.loads(msgspec.json.encode(value))
    return json.dumps(plain, indent=2, sort_keys=True) + "\n"
