"""The benchmark behind ``dieproof bench`` (DESIGN section 8).

Per game it measures, in one process on one core:

- ``playout``: random games through the public API, as another implementation's tests
  would drive it: ``to_move``, then ``legal_actions`` (one drawn with ``randrange``) or
  ``chance_outcomes`` (one drawn with :func:`chance.sample`), then the checked
  ``apply``. This is the number compared with OpenSpiel's games, which are played the
  same way (``legal_actions`` or ``chance_outcomes``, then ``apply_action``);
- ``fast``: the same games through the game's fast samplers (:func:`driver.play`,
  ``sample_legal_action`` and ``sample_chance``), as ``dieproof simulate`` plays them;
- ``invariants``: ``fast`` with every invariant evaluated after every step;
- ``replay``: recorded games replayed through ``apply``;
- ``refinement``: the refinement check (every step checked against the proven model);
- ``proof``: CPU seconds of all the game's proof obligations.

Every game cycles through all its configurations. Where OpenSpiel is installed (the
``bench`` extra), three of its Python games are measured the same way, as anchors.

The machine is shared, so nothing is measured once: the run is :data:`ROUNDS` rounds,
and each round measures every game's every measurement and every anchor for a slice of
the time budget, in an order rotated from round to round. Each number is the median
over the rounds with its spread (lowest and highest), in steps per CPU second (the
process's own time, which others' jobs disturb far less) beside steps per wall second.

A ratio to an anchor is measured in the same moments as the playout it compares: with
the anchors present, a game's playout slice is a *paired* slice (:func:`paired_slice`),
twice the budget long, in which :data:`CHUNK`-second chunks of the playout alternate with
chunks of each anchor in turn. The playout's figure is its chunks' total; the ratio to an
anchor is the playout's steps per CPU second over the anchor's in the same slice, per
round, then summarised the same way. (Slices a minute apart, the earlier way, let the
machine's drift between them into the ratio: on this project's shared 2-CPU machine two
slices of the same code measured seconds apart differ by up to a third.) The anchors' own
figures come from their own slices. These are benchmarks, never timed tests.
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
from dataclasses import dataclass, field
from typing import Final, Protocol

import msgspec

from dieproof.reference import __version__
from dieproof.reference.core import chance, driver
from dieproof.reference.core.game import JSON, Game
from dieproof.reference.core.types import CHANCE, TERMINAL, Action, Config

ROUNDS: Final = 5
"""Rounds of the run; every measurement is taken once per round."""
ANCHORS: Final = ("python_kuhn_poker", "python_tic_tac_toe", "python_block_dominoes")
"""OpenSpiel's Python games used as speed anchors (Kuhn poker first: the target)."""
ANCHOR_LABELS: Final = {
    "python_tic_tac_toe": "tic-tac-toe",
    "python_block_dominoes": "dominoes",
    "python_kuhn_poker": "Kuhn",
}
MEASUREMENTS: Final = ("playout", "fast", "invariants", "replay", "refinement", "proof")
"""What is measured per game (see the module docstring), in report order."""
RECORDED_GAMES: Final = 4
"""Games recorded per configuration for the replay measurement."""
REFINEMENT_GAMES: Final = 3
"""Games per call of the refinement check."""
CHUNK: Final = 0.05
"""Seconds of one chunk of a paired slice (:func:`paired_slice`): short beside the
machine's drift, long beside one game of any game here."""

Progress = Callable[[str], None]
"""Told what is being measured, for a status line."""


@dataclass(frozen=True, slots=True)
class Spread:
    """A median over the rounds, with the lowest and highest round."""

    median: float
    low: float
    high: float

    @staticmethod
    def of(values: Sequence[float]) -> Spread:
        return Spread(statistics.median(values), min(values), max(values))

    def to_json(self) -> dict[str, JSON]:
        return {"median": self.median, "min": self.low, "max": self.high}


@dataclass(slots=True)
class Slices:
    """What the slices of one measurement counted: per round, units done and the CPU
    and wall seconds they took."""

    units: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    def per_cpu(self) -> Spread:
        """Units per CPU second."""
        return Spread.of(
            [u / c if c > 0 else 0.0 for u, c in zip(self.units, self.cpu, strict=True)]
        )

    def per_wall(self) -> Spread:
        """Units per wall second."""
        return Spread.of(
            [u / w if w > 0 else 0.0 for u, w in zip(self.units, self.wall, strict=True)]
        )

    def cpu_each(self) -> Spread:
        """CPU seconds per unit."""
        return Spread.of(
            [c / u if u > 0 else 0.0 for u, c in zip(self.units, self.cpu, strict=True)]
        )


def timed_slice(
    run: Callable[[int], float], seconds: float, start: int = 0
) -> tuple[float, float, float, int]:
    """Call ``run(i)`` with ``i = start, start + 1, ...`` until ``seconds`` of wall time
    have passed (at least once); returns (units counted, CPU s, wall s, next index)."""
    units = 0.0
    index = start
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while True:
        units += run(index)
        index += 1
        wall = time.perf_counter() - wall0
        if wall >= seconds:
            return units, time.process_time() - cpu0, wall, index


def paired_slice(
    runs: Sequence[Callable[[int], float]],
    seconds: float,
    starts: Sequence[int],
    chunk: float = CHUNK,
) -> list[tuple[float, float, float, int]]:
    """Chunks of ``runs[0]`` alternating with chunks of each other run in turn (``runs[0]``,
    ``runs[1]``, ``runs[0]``, ``runs[2]``, ..., ``runs[0]``, ``runs[1]``, ...), each
    :func:`timed_slice` of ``chunk`` seconds, until ``seconds`` of wall time have passed
    (at least one chunk of every run). Per run, its chunks' totals: (units counted, CPU
    s, wall s, next index), the indices starting at ``starts``.

    Every run is measured in the same moments, so that a ratio between two of them does
    not depend on the machine's speed drifting between slices measured apart."""
    if len(runs) != len(starts) or not runs:
        raise ValueError("paired_slice needs one start per run, and a run")
    totals = [[0.0, 0.0, 0.0, float(start)] for start in starts]
    # runs[0] before each other run: it gets half the time, the others share the rest
    order = [which for other in range(1, len(runs)) for which in (0, other)] or [0]
    # a slice shorter than one pass of full chunks (the tests' tiny budgets) is one pass
    chunk = min(chunk, seconds / len(order))
    began = time.perf_counter()
    while True:
        for which in order:
            total = totals[which]
            units, cpu, wall, index = timed_slice(runs[which], chunk, int(total[3]))
            total[0] += units
            total[1] += cpu
            total[2] += wall
            total[3] = index
        if time.perf_counter() - began >= seconds:
            return [(units, cpu, wall, int(index)) for units, cpu, wall, index in totals]


def measure(run: Callable[[int], float], seconds: float, repeats: int = ROUNDS) -> float:
    """Units per wall second of ``run(i)``: the median of ``repeats`` slices of the
    budget (kept for quick, one-off measurements)."""
    rates: list[float] = []
    index = 0
    for _ in range(repeats):
        units, _, wall, index = timed_slice(run, seconds / repeats, index)
        rates.append(units / wall if wall > 0 else float("inf"))
    return statistics.median(rates)


# -- what is measured ------------------------------------------------------------------------


def api_playout(game: Game, config: Config, rng: random.Random) -> int:
    """One random game through the public API (see the module docstring); its steps."""
    state = game.initial_state(config)
    steps = 0
    to_move, legal, outcomes, apply = (
        game.to_move, game.legal_actions, game.chance_outcomes, game.apply,
    )  # fmt: skip
    sample = chance.sample
    while True:
        mover = to_move(state)
        if mover == TERMINAL:
            return steps
        if mover == CHANCE:
            action = sample(outcomes(state), rng)
        else:
            actions = legal(state)
            action = actions[rng.randrange(len(actions))]
        state = apply(state, action)
        steps += 1


Workload = Callable[[int], float]
"""One call's work for call index ``i``: returns the units done (steps, or proofs)."""


def game_workloads(game: Game) -> tuple[dict[str, Workload], list[str]]:
    """The measurements of one game, and notes on what cannot be measured."""
    configs = list(game.configs())
    recorded: list[tuple[Config, tuple[Action, ...]]] = [
        (config, driver.play(game, config, seed, check=False).actions)
        for config in configs
        for seed in range(RECORDED_GAMES)
    ]

    def playout(index: int) -> float:
        return api_playout(game, configs[index % len(configs)], random.Random(index))

    def fast(index: int) -> float:
        return len(driver.play(game, configs[index % len(configs)], index, check=False).actions)

    def invariants(index: int) -> float:
        return len(driver.play(game, configs[index % len(configs)], index, check=True).actions)

    def replay(index: int) -> float:
        config, actions = recorded[index % len(recorded)]
        driver.replay(game, config, actions)
        return len(actions)

    workloads: dict[str, Workload] = {
        "playout": playout,
        "fast": fast,
        "invariants": invariants,
        "replay": replay,
    }
    notes: list[str] = []
    try:
        # Imported here: the reference does not depend on the proofs (DESIGN section 1),
        # only this benchmark of the whole project does.
        from dieproof.proofs import CompiledModel, proof_game_ids, proofs_for, prove, refine
    except ImportError as error:
        return workloads, [f"dieproof.proofs cannot be imported: {error}"]
    if game.id not in proof_game_ids():
        return workloads, [f"{game.id}: no proofs yet"]
    proofs = proofs_for(game.id)
    compiled = CompiledModel.of(proofs.model)

    def refinement(index: int) -> float:
        report = refine(game, proofs, games=REFINEMENT_GAMES, seed=index, compiled=compiled)
        if not report.ok:
            raise RuntimeError(f"the refinement check failed: {report.render()}")
        return report.steps

    def proof(index: int) -> float:
        del index
        if not prove(proofs.model).ok:
            raise RuntimeError(f"{game.id}: a proof obligation failed")
        return 1

    workloads["refinement"] = refinement
    workloads["proof"] = proof
    return workloads, notes


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


def _anchor_workload(game: _SpielGame) -> Workload:
    rng = random.Random(0)

    def playout(index: int) -> float:
        del index
        return spiel_playout(game, rng)

    return playout


# -- the report --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Measured:
    """One measurement over the rounds."""

    name: str
    """One of :data:`MEASUREMENTS`, or an anchor's name."""
    per_cpu: Spread
    """Steps per CPU second (for ``proof``: proof runs per CPU second)."""
    per_wall: Spread
    """Steps per wall second."""
    cpu_each: Spread
    """CPU seconds per unit (for ``proof``: CPU seconds of one run of every obligation)."""

    @staticmethod
    def of(name: str, slices: Slices) -> Measured:
        return Measured(name, slices.per_cpu(), slices.per_wall(), slices.cpu_each())

    def to_json(self) -> dict[str, JSON]:
        return {
            "per_cpu_second": self.per_cpu.to_json(),
            "per_wall_second": self.per_wall.to_json(),
            "cpu_seconds_each": self.cpu_each.to_json(),
        }


@dataclass(frozen=True, slots=True)
class GameBench:
    """One game's measurements and its playout's ratio to each anchor."""

    game: str
    measured: dict[str, Measured]
    """By measurement name (:data:`MEASUREMENTS`, those that could be taken)."""
    vs_anchors: dict[str, Spread]
    """Anchor name -> this game's playout steps per CPU second over the anchor's, both
    measured in the same paired slice of each round (above 1 is faster)."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "measurements": {k: m.to_json() for k, m in self.measured.items()},
            "playout_vs_anchors": {k: s.to_json() for k, s in self.vs_anchors.items()},
        }


@dataclass(frozen=True, slots=True)
class BenchReport:
    """Everything one ``dieproof bench`` run measured."""

    seconds: float
    """The time budget of each measurement (split over the rounds)."""
    rounds: int
    games: tuple[GameBench, ...]
    anchors: tuple[Measured, ...]
    """The OpenSpiel anchors (empty when OpenSpiel is absent or skipped)."""
    notes: tuple[str, ...]
    """What could not be measured, and why."""
    machine: dict[str, str]
    """Python, platform, processor and CPUs, to compare runs across machines."""
    load: dict[str, list[float]]
    """The system's load averages (1, 5 and 15 minutes) before and after the run."""
    chunk: float = CHUNK
    """Seconds of one chunk of the paired playout slices the ratios come from."""

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON."""
        return {
            "dieproof": __version__,
            "seconds_per_measurement": self.seconds,
            "rounds": self.rounds,
            "chunk_seconds": self.chunk,
            "machine": dict(self.machine),
            "load": {k: list(v) for k, v in self.load.items()},
            "games": [g.to_json() for g in self.games],
            "anchors": [{"game": a.name, **a.to_json()} for a in self.anchors],
            "notes": list(self.notes),
        }


def run_bench(
    games: Sequence[Game],
    *,
    seconds: float = 2.0,
    rounds: int = ROUNDS,
    openspiel: bool = True,
    progress: Progress | None = None,
) -> BenchReport:
    """Measure ``games`` and, if wanted and present, the anchors, interleaved."""
    tell: Progress = progress or (lambda _: None)
    load_before = _load()
    notes: list[str] = []
    slots: list[tuple[str, str, Workload]] = []
    # Each anchor again, for the paired playout slices: its own game and random stream, so
    # that the anchor's own slices measure what they did before pairing.
    paired: list[tuple[str, Workload]] = []
    if openspiel:
        for name in ANCHORS:
            loaded = load_anchor(name)
            if isinstance(loaded, str):
                notes.append(loaded)
                break
            slots.append(("anchor", name, _anchor_workload(loaded)))
            paired.append((name, _anchor_workload(loaded)))
    for game in games:
        tell(f"{game.id}: recording games")
        workloads, game_notes = game_workloads(game)
        notes.extend(game_notes)
        slots.extend((game.id, name, run) for name, run in workloads.items())
    found: dict[tuple[str, str], Slices] = {(owner, name): Slices() for owner, name, _ in slots}
    for game in games:
        found.update({(game.id, _beside(name)): Slices() for name, _ in paired})
    cursor: dict[tuple[str, str], int] = dict.fromkeys(found, 0)
    budget = seconds / rounds
    for round_ in range(rounds):
        shift = (round_ * 3) % len(slots) if slots else 0
        for owner, name, run in slots[shift:] + slots[:shift]:
            tell(f"round {round_ + 1}/{rounds}: {owner} {name}")
            if owner == "anchor" or name != "playout" or not paired:
                _took(found, cursor, (owner, name), timed_slice(run, budget, cursor[owner, name]))
                continue
            keys = [(owner, name), *((owner, _beside(anchor)) for anchor, _ in paired)]
            runs = [run, *(anchor_run for _, anchor_run in paired)]
            took = paired_slice(runs, 2 * budget, [cursor[key] for key in keys])
            for key, taken in zip(keys, took, strict=True):
                _took(found, cursor, key, taken)
    anchors = tuple(Measured.of(name, found[(o, name)]) for o, name, _ in slots if o == "anchor")
    results: list[GameBench] = []
    for game in games:
        measured = {
            name: Measured.of(name, found[(game.id, name)])
            for name in MEASUREMENTS
            if (game.id, name) in found
        }
        vs: dict[str, Spread] = {}
        playout = found[(game.id, "playout")]
        for anchor in anchors:
            theirs = found[(game.id, _beside(anchor.name))]
            vs[anchor.name] = Spread.of(
                [
                    (u / c) / (au / ac) if c > 0 and ac > 0 and au > 0 else 0.0
                    for u, c, au, ac in zip(
                        playout.units, playout.cpu, theirs.units, theirs.cpu, strict=True
                    )
                ]
            )
        results.append(GameBench(game.id, measured, vs))
    return BenchReport(
        seconds,
        rounds,
        tuple(results),
        anchors,
        tuple(notes),
        machine(),
        {"before": load_before, "after": _load()},
    )


def _beside(anchor: str) -> str:
    """The key of an anchor's chunks in a game's paired playout slices."""
    return f"playout beside {anchor}"


def _took(
    found: dict[tuple[str, str], Slices],
    cursor: dict[tuple[str, str], int],
    key: tuple[str, str],
    taken: tuple[float, float, float, int],
) -> None:
    """Record one slice's (units, CPU s, wall s, next index) under ``key``."""
    units, cpu, wall, cursor[key] = taken
    found[key].units.append(units)
    found[key].cpu.append(cpu)
    found[key].wall.append(wall)


def machine() -> dict[str, str]:
    """What the numbers were measured on."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": str(os.cpu_count() or 1),
    }


def _load() -> list[float]:
    try:
        return list(os.getloadavg())
    except OSError:  # pragma: no cover - platforms without load averages
        return []


# -- labels ------------------------------------------------------------------------------


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
