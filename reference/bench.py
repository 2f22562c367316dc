"""The benchmark behind ``dieproof bench`` (DESIGN section 8).

Per game and per configuration it measures, in one process on one core:

- random-playout steps per second through :func:`driver.play`: ``playout`` is the
  number DESIGN section 8 compares with OpenSpiel (every step goes through the checked
  ``apply``, which refuses an illegal action, and nothing else), ``with_invariants``
  also evaluates the game's invariants after every step, as ``dieproof simulate`` does;
- trace-replay steps per second: recorded games replayed through ``apply``;
- per game, the time of the z3 proofs and the refinement-check steps per second,
  when :mod:`dieproof.proofs` offers them.

Where OpenSpiel is installed (the ``bench`` extra), the same run measures three of its
Python games the same way, as anchors on the same machine: a step is one
``apply_action``, chance outcomes are sampled from ``chance_outcomes()``.

Each measurement runs for a fixed wall-time budget split into :data:`REPEATS` slices and
reports the median slice, which shrugs off a slice disturbed by the rest of the machine.
These are benchmarks, never timed tests.
"""

from __future__ import annotations

import enum
import importlib
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

import msgspec

from dieproof.reference import __version__
from dieproof.reference.core import driver
from dieproof.reference.core.game import JSON, Game
from dieproof.reference.core.types import Action, Config

REPEATS: Final = 5
"""Slices per measurement; the median slice is reported."""
ANCHORS: Final = ("python_tic_tac_toe", "python_block_dominoes", "python_kuhn_poker")
"""OpenSpiel's Python games used as speed anchors."""
ANCHOR_LABELS: Final = {
    "python_tic_tac_toe": "tic-tac-toe",
    "python_block_dominoes": "dominoes",
    "python_kuhn_poker": "Kuhn",
}
RECORDED_GAMES: Final = 8
"""Games recorded per configuration for the replay measurement."""
REFINEMENT_GAMES: Final = 3
"""Games per call of the refinement check."""

Progress = Callable[[str], None]
"""Told what is being measured, for a status line."""


@dataclass(frozen=True, slots=True)
class ConfigBench:
    """The speed of one configuration of one game."""

    label: str
    """Short name of the configuration, e.g. ``players=3 variant=birdhouse``."""
    config: str
    """The configuration's canonical JSON."""
    playout: float
    """Random-playout steps per second through the checked ``apply`` (the OpenSpiel
    comparison)."""
    with_invariants: float
    """Random-playout steps per second with the invariants evaluated after each step."""
    replay: float
    """Trace-replay steps per second (recorded actions through ``apply``)."""
    mean_length: float
    """Mean steps per recorded game, to read the other numbers against."""

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON; rates are steps per second."""
        return {
            "label": self.label,
            "config": self.config,
            "playout_steps_per_second": self.playout,
            "with_invariants_steps_per_second": self.with_invariants,
            "replay_steps_per_second": self.replay,
            "mean_game_length": self.mean_length,
        }


@dataclass(frozen=True, slots=True)
class GameBench:
    """The speed of one game: every configuration, the proofs, the refinement check."""

    game: str
    """The game id."""
    configs: tuple[ConfigBench, ...]
    """One entry per configuration of ``Game.configs()``."""
    proof_seconds: float | None
    """Median wall time of all the game's proof obligations; ``None`` if unavailable."""
    refinement: float | None
    """Refinement-check steps per second; ``None`` if unavailable."""

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON."""
        return {
            "game": self.game,
            "proof_seconds": self.proof_seconds,
            "refinement_steps_per_second": self.refinement,
            "configs": [c.to_json() for c in self.configs],
        }


@dataclass(frozen=True, slots=True)
class Anchor:
    """One OpenSpiel game measured in the same run."""

    name: str
    """The OpenSpiel game name, e.g. ``python_kuhn_poker``."""
    steps_per_second: float
    """Random-playout steps per second."""


@dataclass(frozen=True, slots=True)
class BenchReport:
    """Everything one ``dieproof bench`` run measured."""

    seconds: float
    """The wall-time budget of each measurement."""
    games: tuple[GameBench, ...]
    """The dieproof games."""
    anchors: tuple[Anchor, ...]
    """The OpenSpiel anchors (empty when OpenSpiel is absent or skipped)."""
    notes: tuple[str, ...]
    """What could not be measured, and why."""
    machine: dict[str, str]
    """Python, platform and processor, to compare runs across machines."""

    def ratios(self, rate: float) -> dict[str, float]:
        """``rate`` divided by each anchor's rate (above 1 beats the anchor)."""
        return {a.name: rate / a.steps_per_second for a in self.anchors}

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON; each configuration carries its playout ratio to each anchor."""
        games: list[JSON] = []
        for g in self.games:
            entry = g.to_json()
            entry["configs"] = [
                {**c.to_json(), "vs_anchors": dict(self.ratios(c.playout))} for c in g.configs
            ]
            games.append(entry)
        return {
            "dieproof": __version__,
            "seconds_per_measurement": self.seconds,
            "repeats": REPEATS,
            "machine": dict(self.machine),
            "games": games,
            "anchors": [
                {"game": a.name, "steps_per_second": a.steps_per_second} for a in self.anchors
            ],
            "notes": list(self.notes),
        }


# -- measuring ----------------------------------------------------------------------------


def measure(run: Callable[[int], int], seconds: float, repeats: int = REPEATS) -> float:
    """Steps per second of ``run(i)`` (which does some work and returns its steps).

    The budget is split into ``repeats`` slices; each slice calls ``run`` with the next
    index until its share of time is up (at least once) and the median slice rate is
    returned.
    """
    budget = seconds / repeats
    rates: list[float] = []
    index = 0
    for _ in range(repeats):
        steps = 0
        start = time.perf_counter()
        while True:
            steps += run(index)
            index += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                break
        rates.append(steps / elapsed if elapsed > 0 else float("inf"))
    return statistics.median(rates)


def bench_config(game: Game, config: Config, seconds: float) -> ConfigBench:
    """Measure one configuration: playouts without and with invariants, then replays."""

    def playout(seed: int) -> int:
        return len(driver.play(game, config, seed, check=False).actions)

    def with_invariants(seed: int) -> int:
        return len(driver.play(game, config, seed, check=True).actions)

    recorded: list[tuple[Action, ...]] = [
        driver.play(game, config, seed, check=False).actions for seed in range(RECORDED_GAMES)
    ]

    def replay(index: int) -> int:
        actions = recorded[index % len(recorded)]
        driver.replay(game, config, actions)
        return len(actions)

    return ConfigBench(
        label=config_label(game, config),
        config=game.dump_config(config),
        playout=measure(playout, seconds),
        with_invariants=measure(with_invariants, seconds),
        replay=measure(replay, seconds),
        mean_length=statistics.fmean(len(actions) for actions in recorded),
    )


def config_label(game: Game, config: Config) -> str:
    """``players=N`` and every field that differs from the default for N players.

    Nested values (a game's readings) are compared field by field, so a label names
    ``readings.winter_start=first`` rather than the whole readings object.
    """
    parts = [f"players={config.players}"]
    differences = _differences(config, game.default_config(config.players), "")
    parts.extend(f"{name}={value}" for name, value in differences if name != "players")
    return " ".join(parts)


def _differences(value: msgspec.Struct, default: object, prefix: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for name in value.__struct_fields__:
        mine: object = getattr(value, name)
        theirs: object = getattr(default, name, None)
        if mine == theirs:
            continue
        if isinstance(mine, msgspec.Struct) and type(theirs) is type(mine):
            found.extend(_differences(mine, theirs, f"{prefix}{name}."))
        else:
            found.append((prefix + name, plain(mine)))
    return found


def plain(value: object) -> str:
    """An enum member as its value, anything else as ``str``."""
    inner: object = getattr(value, "value", value) if isinstance(value, enum.Enum) else value
    return str(inner)


# -- dieproof.proofs, when present --------------------------------------------------------


def bench_proofs(game: Game, seconds: float) -> tuple[float | None, float | None, list[str]]:
    """Median proof time and refinement-check steps per second of one game, with notes.

    The proof time is :func:`dieproof.proofs.prove`'s own total (building the terms and
    every solver call); the refinement rate is :func:`dieproof.proofs.refine`'s own
    steps per second over :data:`REFINEMENT_GAMES` games, median over repeated calls.
    """
    try:
        # Imported here: the reference does not depend on the proofs (DESIGN section 1),
        # only this benchmark of the whole project does.
        from dieproof.proofs import CompiledModel, proof_game_ids, proofs_for, prove, refine
    except ImportError as error:
        return None, None, [f"dieproof.proofs cannot be imported: {error}"]
    if game.id not in proof_game_ids():
        return None, None, [f"{game.id}: no proofs yet"]
    proofs = proofs_for(game.id)
    model = proofs.model
    proof_times: list[float] = []
    deadline = time.perf_counter() + seconds
    while not proof_times or time.perf_counter() < deadline:
        proof_times.append(prove(model).seconds)
    compiled = CompiledModel.of(model)
    rates: list[float] = []
    seed = 0
    deadline = time.perf_counter() + seconds
    while not rates or time.perf_counter() < deadline:
        report = refine(game, proofs, games=REFINEMENT_GAMES, seed=seed, compiled=compiled)
        rates.append(report.steps_per_second)
        seed += 1
    return statistics.median(proof_times), statistics.median(rates), []


# -- OpenSpiel ------------------------------------------------------------------------------


class _SpielState(Protocol):
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...


class _SpielGame(Protocol):
    def new_initial_state(self) -> _SpielState: ...


def load_anchor(name: str) -> _SpielGame | str:
    """An OpenSpiel game, or why it cannot be loaded."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        # The python_* games register themselves with pyspiel on import.
        importlib.import_module("open_spiel.python.games")
    except ImportError as error:
        return f"OpenSpiel is not installed ({error}); `./dev bench` installs it"
    loaded: _SpielGame = pyspiel.load_game(name)
    return loaded


def spiel_playout(game: _SpielGame, rng: random.Random) -> int:
    """One random OpenSpiel game; returns its steps (``apply_action`` calls)."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ticket = rng.random()
            action = outcomes[-1][0]
            for outcome, probability in outcomes:
                ticket -= probability
                if ticket < 0:
                    action = outcome
                    break
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def bench_anchor(game: _SpielGame, seconds: float) -> float:
    """Random-playout steps per second of an OpenSpiel game."""
    rng = random.Random(0)
    return measure(lambda _: spiel_playout(game, rng), seconds)


# -- the whole run --------------------------------------------------------------------------


def run_bench(
    games: Sequence[Game],
    *,
    seconds: float = 2.0,
    openspiel: bool = True,
    progress: Progress | None = None,
) -> BenchReport:
    """Measure every configuration of ``games`` and, if wanted and present, the anchors."""
    tell: Progress = progress or (lambda _: None)
    notes: list[str] = []
    anchors: list[Anchor] = []
    if openspiel:
        for name in ANCHORS:
            loaded = load_anchor(name)
            if isinstance(loaded, str):
                notes.append(loaded)
                break
            tell(f"OpenSpiel {name}")
            anchors.append(Anchor(name, bench_anchor(loaded, seconds)))
    results: list[GameBench] = []
    for game in games:
        configs: list[ConfigBench] = []
        for config in game.configs():
            tell(f"{game.id} {config_label(game, config)}")
            configs.append(bench_config(game, config, seconds))
        tell(f"{game.id} proofs")
        proof_seconds, refinement, game_notes = bench_proofs(game, seconds)
        notes.extend(game_notes)
        results.append(GameBench(game.id, tuple(configs), proof_seconds, refinement))
    return BenchReport(seconds, tuple(results), tuple(anchors), tuple(notes), machine())


def machine() -> dict[str, str]:
    """What the numbers were measured on."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": str(os.cpu_count() or 1),
    }
