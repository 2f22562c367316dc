"""``dieproof simulate`` and ``dieproof bench``: many seeded random games, and speed."""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

from rich.table import Table

from dieproof.reference import game
from dieproof.reference.bench import ANCHOR_LABELS, ROUNDS, Spread, run_bench
from dieproof.reference.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandFactory,
    Selected,
    all_games,
    config_flags,
    decode_json,
    err_console,
    get_game,
    json_flag,
    out_console,
    positive,
    positive_float,
    print_json,
    progress_bar,
    right_align,
    select_configs,
)
from dieproof.reference.core import driver
from dieproof.reference.core.game import JSON, Game

MAX_LISTED: Final = 20
"""Violations and errors printed in full by ``simulate``; the rest are counted."""


def register(command: CommandFactory) -> None:
    """Add ``simulate`` and ``bench``."""
    sub = command(
        "simulate",
        "play many seeded random games and report statistics",
        "Play N random games per configuration, game i with seed SEED+i, checking every "
        "invariant after every step. Configurations are every one of the game's official "
        "ones (filtered by --players and --variant) or the one in --config. The statistics "
        "do not depend on --jobs. Exits 1 if an invariant was violated or a game raised.",
        "  dieproof simulate squirrel-or-die -n 1000\n"
        "  dieproof simulate squirrel-or-die -n 200 --players 3 --variant birdhouse --jobs 4\n"
        "  dieproof simulate squirrel-or-die --config my-readings.json --json",
        cmd_simulate,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument(
        "-n",
        "--games",
        dest="count",
        type=positive,
        default=100,
        metavar="N",
        help="games per configuration (default 100)",
    )
    sub.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    config_flags(sub, many=True)
    sub.add_argument(
        "--jobs", type=positive, default=1, metavar="J", help="worker processes (default 1)"
    )
    sub.add_argument(
        "--no-check",
        action="store_true",
        help="skip the invariant checks (apply still checks legality)",
    )
    sub.add_argument("--quiet", action="store_true", help="no progress bar")
    json_flag(sub)

    sub = command(
        "bench",
        "measure playout, replay, refinement and proof speed beside OpenSpiel",
        "Measure, per game over all its configurations: random playouts through the public "
        "API (legal_actions or chance_outcomes, then the checked apply), the same through "
        "the fast samplers, with every invariant checked, trace replay, the refinement "
        "check and the proofs; and, where OpenSpiel is installed, three of its Python games "
        "played the same way as anchors. Every measurement is taken once per round, "
        "interleaved with the others; each figure is the median over the rounds with the "
        "lowest and highest, per CPU second and per wall second. A ratio to an anchor is "
        "measured in the same moments as the playout: a game's playout slice runs twice "
        "the budget, its short chunks alternating with chunks of each anchor. Single "
        "process, single core.",
        "  dieproof bench\n  dieproof bench squirrel-or-die --seconds 5 --rounds 9 --json",
        cmd_bench,
    )
    sub.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    sub.add_argument(
        "--seconds",
        type=positive_float,
        default=2.0,
        metavar="S",
        help="time budget of each measurement, split over the rounds (default 2)",
    )
    sub.add_argument(
        "--rounds", type=positive, default=ROUNDS, metavar="R", help=f"rounds (default {ROUNDS})"
    )
    sub.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel anchors")
    json_flag(sub)


@dataclass(slots=True)
class Chunk:
    """What one worker reports for a run of seeds (plain data, so it pickles)."""

    stats: driver.Stats = field(default_factory=driver.Stats)
    """Statistics of the games that finished."""
    errors: list[tuple[int, str]] = field(default_factory=list)
    """``(seed, error)`` for every game that raised."""

    def merge(self, other: Chunk) -> None:
        """Add ``other``; merging chunks in seed order keeps every list in seed order."""
        self.stats.merge(other.stats)
        self.errors.extend(other.errors)


def simulate_chunk(game_id: str, config_json: str, seeds: range, check: bool) -> Chunk:
    """Play the games of ``seeds``; runs in a worker process.

    The game and its configuration travel by id and canonical JSON: a worker resolves
    them through the registry, which it fills by importing :mod:`dieproof.reference`.
    """
    g = game(game_id)
    config = g.load_config(config_json)
    chunk = Chunk()
    for seed in seeds:
        try:
            playout = driver.play(g, config, seed, check=check)
        except Exception as error:  # a game that raises is a finding, reported with its seed
            chunk.errors.append((seed, f"{type(error).__name__}: {error}"))
            continue
        chunk.stats.add(playout)
    return chunk


def cmd_simulate(args: argparse.Namespace) -> int:
    """``dieproof simulate``."""
    g = get_game(args.game)
    selected = select_configs(g, args.config, args.players, args.variant)
    count: int = args.count
    first: int = args.seed
    jobs: int = args.jobs
    check = not args.no_check
    quiet: bool = args.quiet or args.json
    # Small chunks keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(50, count // (jobs * 8) or 1))
    plan = [
        (index, range(start, min(start + size, first + count)))
        for index in range(len(selected))
        for start in range(first, first + count, size)
    ]
    payloads = [g.dump_config(chosen.config) for chosen in selected]
    chunks = [Chunk() for _ in selected]
    begin = time.perf_counter()
    with contextlib.ExitStack() as stack:
        results: Iterator[tuple[int, range, Chunk]]
        if jobs == 1:
            results = (
                (index, seeds, simulate_chunk(g.id, payloads[index], seeds, check))
                for index, seeds in plan
            )
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            # Submit everything before the progress bar starts its thread: workers fork now.
            futures = [
                (index, seeds, pool.submit(simulate_chunk, g.id, payloads[index], seeds, check))
                for index, seeds in plan
            ]
            results = _in_order(futures)
        progress = stack.enter_context(progress_bar(quiet))
        task = progress.add_task(f"{g.id}", total=count * len(selected))
        for index, seeds, chunk in results:
            chunks[index].merge(chunk)
            progress.advance(task, len(seeds))
    seconds = time.perf_counter() - begin
    report = _simulation_json(g, selected, chunks, args, seconds)
    ok = bool(report["ok"])
    if args.json:
        print_json(report)
    else:
        _print_simulation(g, selected, chunks, seconds, check)
    return EXIT_OK if ok else EXIT_FAILURE


def _in_order(
    futures: list[tuple[int, range, Future[Chunk]]],
) -> Iterator[tuple[int, range, Chunk]]:
    """Results in submission order, so the merge is the same as with one job."""
    for index, seeds, future in futures:
        yield index, seeds, future.result()


def _simulation_json(
    g: Game,
    selected: list[Selected],
    chunks: list[Chunk],
    args: argparse.Namespace,
    seconds: float,
) -> dict[str, JSON]:
    configs: list[JSON] = []
    for chosen, chunk in zip(selected, chunks, strict=True):
        stats = chunk.stats
        configs.append(
            {
                "label": chosen.label,
                "config": decode_json(g.dump_config(chosen.config)),
                "games": stats.games,
                "steps": stats.steps,
                "decisions": stats.decisions,
                "min_steps": stats.min_steps,
                "mean_steps": stats.steps / stats.games if stats.games else 0,
                "max_steps": stats.max_steps,
                "wins": dict(sorted(stats.wins.items())),
                "endings": dict(sorted(stats.endings.items())),
                "violations": [
                    {"seed": seed, "step": step, "invariant": invariant, "message": message}
                    for seed, step, invariant, message in stats.violations
                ],
                "errors": [{"seed": seed, "error": error} for seed, error in chunk.errors],
            }
        )
    steps = sum(chunk.stats.steps for chunk in chunks)
    ok = all(not c.stats.violations and not c.errors for c in chunks)
    return {
        "ok": ok,
        "game": g.id,
        "seed": args.seed,
        "games_per_config": args.count,
        "check": not args.no_check,
        "jobs": args.jobs,
        "seconds": seconds,
        "steps_per_second": steps / seconds if seconds > 0 else 0,
        "configs": configs,
    }


def _print_simulation(
    g: Game, selected: list[Selected], chunks: list[Chunk], seconds: float, check: bool
) -> None:
    out = out_console()
    table = Table(
        "config",
        "games",
        "steps",
        "length min/mean/max",
        "wins",
        "endings",
        "problems",
        title=f"dieproof simulate {g.id}",
    )
    for chosen, chunk in zip(selected, chunks, strict=True):
        stats = chunk.stats
        mean = stats.steps / stats.games if stats.games else 0
        problems = len(stats.violations) + len(chunk.errors)
        table.add_row(
            chosen.label,
            str(stats.games),
            f"{stats.steps:,}",
            f"{stats.min_steps}/{mean:.1f}/{stats.max_steps}",
            ", ".join(f"{k}: {v}" for k, v in sorted(stats.wins.items())),
            ", ".join(f"{k}: {v}" for k, v in sorted(stats.endings.items())),
            "none" if problems == 0 else str(problems),
        )
    out.print(table)
    shown = 0
    for chosen, chunk in zip(selected, chunks, strict=True):
        for seed, step, invariant, message in chunk.stats.violations:
            if shown < MAX_LISTED:
                out.print(
                    f"VIOLATION {invariant} at step {step} of seed {seed} "
                    f"[{chosen.label}]: {message}"
                )
                out.print(f"  reproduce: dieproof play {g.id} --seed {seed} {chosen.reproduce}")
            shown += 1
        for seed, error in chunk.errors:
            if shown < MAX_LISTED:
                out.print(f"ERROR in seed {seed} [{chosen.label}]: {error}")
                out.print(f"  reproduce: dieproof play {g.id} --seed {seed} {chosen.reproduce}")
            shown += 1
    if shown > MAX_LISTED:
        out.print(f"... and {shown - MAX_LISTED} more (see --json)")
    games = sum(c.stats.games + len(c.errors) for c in chunks)
    steps = sum(c.stats.steps for c in chunks)
    rate = steps / seconds if seconds > 0 else 0.0
    checked = "invariants checked" if check else "invariants NOT checked"
    verdict = "OK" if shown == 0 else f"FAILED: {shown} problems"
    out.print(
        f"{games:,} games, {steps:,} steps in {seconds:.2f} s "
        f"({rate:,.0f} steps/s, {checked}): {verdict}"
    )


def cmd_bench(args: argparse.Namespace) -> int:
    """``dieproof bench``."""
    wanted: list[str] = args.games
    games = [get_game(game_id) for game_id in wanted] if wanted else list(all_games())
    as_json: bool = args.json
    err = err_console()
    report = run_bench(
        games,
        seconds=args.seconds,
        rounds=args.rounds,
        openspiel=not args.no_openspiel,
        progress=None if as_json else (lambda what: err.print(f"measuring {what} ...")),
    )
    if as_json:
        print_json(report.to_json())
        return EXIT_OK
    anchors = report.anchors
    table = Table(
        "game",
        "measurement",
        "per CPU second",
        "per wall second",
        title=f"dieproof bench ({report.rounds} rounds, median [lowest - highest])",
        caption="playout: random games through the public API, as OpenSpiel's are played; "
        "vs X: playout steps per CPU second over OpenSpiel X's, the two alternating in "
        f"{report.chunk:g} s chunks within each round (above 1 is faster)"
        if anchors
        else None,
    )
    for anchor in anchors:
        table.add_column(f"vs {ANCHOR_LABELS.get(anchor.name, anchor.name)}", justify="right")
    for bench in report.games:
        for name, measured in bench.measured.items():
            if name == "proof":
                cpu, wall = f"{_spread(measured.cpu_each, '{:.2f}')} s CPU each", ""
            else:
                cpu = f"{_spread(measured.per_cpu, '{:,.0f}')} steps"
                wall = f"{measured.per_wall.median:,.0f}"
            ratios = (
                [_spread(r, "{:.2f}") for r in bench.vs_anchors.values()]
                if name == "playout"
                else [""] * len(anchors)
            )
            table.add_row(bench.game, name, cpu, wall, *ratios)
    right_align(table, 2, 3)
    out = out_console()
    out.print(table)
    if anchors:
        anchor_table = Table(
            "OpenSpiel anchor", "steps per CPU second", "per wall second", title="same run"
        )
        for anchor in anchors:
            anchor_table.add_row(
                anchor.name, _spread(anchor.per_cpu, "{:,.0f}"), f"{anchor.per_wall.median:,.0f}"
            )
        right_align(anchor_table, 1, 2)
        out.print(anchor_table)
    load = report.load
    out.print(
        f"machine: {report.machine['cpus']} CPUs, {report.machine['processor']}, Python "
        f"{report.machine['python']}; load before {_loads(load['before'])}, "
        f"after {_loads(load['after'])}"
    )
    for note in report.notes:
        out.print(f"note: {note}")
    return EXIT_OK


def _spread(spread: Spread, form: str) -> str:
    return f"{form.format(spread.median)} [{form.format(spread.low)} - {form.format(spread.high)}]"


def _loads(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values) or "unknown"
