"""The ``dieproof`` command line (DESIGN section 6).

Every command exits 0 on success, 1 when what it checks fails (a proof, an invariant, a
trace), and 2 on bad input (an unknown game, a malformed trace or config, a bad flag).
Commands that a machine may read offer ``--json``; their human output is rich tables on
stdout, progress and status on stderr.

Tests and scripts call :func:`main` in-process with an argument list; the docs render
each command's help from :func:`build_parser`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Final, cast

import msgspec
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from dieproof.reference import __version__, game, game_ids
from dieproof.reference.bench import ANCHOR_LABELS, config_label, plain, run_bench
from dieproof.reference.core import driver
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.game import JSON, Game
from dieproof.reference.core.trace import write_trace
from dieproof.reference.core.types import CHANCE, Action, Config, Result, State
from dieproof.reference.oracle.check import (
    CheckReport,
    MalformedTrace,
    ReplayedStep,
    check_file,
    check_trace,
)

if TYPE_CHECKING:
    from dieproof.proofs import ProofReport

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
"""A check failed: a proof, an invariant, a trace divergence, a game that raised."""
EXIT_USAGE: Final = 2
"""Bad input: unknown game, malformed trace or config, bad flags (argparse's code)."""

DEFAULT_REFINEMENT_GAMES: Final = 200
DEFAULT_TIMEOUT_MS: Final = 10_000
MAX_LISTED: Final = 20
"""Violations and errors printed in full by ``simulate``; the rest are counted."""


class CliError(Exception):
    """A failure to report in one line, without a traceback."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


# -- the parser -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; each subcommand's ``handler`` default runs it."""
    parser = argparse.ArgumentParser(
        prog="dieproof",
        description="A verified rules specification and reference implementation of five "
        "survival tabletop games: proofs, random play, and an oracle for other "
        "implementations.",
        epilog="exit codes: 0 success, 1 a check failed, 2 bad input.\n\n"
        "examples:\n  dieproof list\n  dieproof verify\n"
        "  dieproof simulate squirrel-or-die -n 1000 --jobs 4\n"
        "  dieproof check my-port-game.jsonl",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"dieproof {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(
        name: str, summary: str, description: str, examples: str, handler: Handler
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=summary,
            description=description,
            epilog="examples:\n" + examples,
            formatter_class=_HelpFormatter,
        )
        sub.set_defaults(handler=handler)
        return sub

    sub = command(
        "list",
        "list the registered games",
        "List every registered game: id, title, rule prefix and player counts.",
        "  dieproof list\n  dieproof list --json",
        cmd_list,
    )
    _json_flag(sub)

    sub = command(
        "info",
        "versions and games, for bug reports",
        "Print the dieproof, Python, z3 and msgspec versions and the registered games.",
        "  dieproof info\n  dieproof info --json",
        cmd_info,
    )
    _json_flag(sub)

    sub = command(
        "verify",
        "prove every obligation and run the refinement check (the main job)",
        "For each game: discharge every z3 proof obligation, check that every deliberately "
        "wrong encoding is refuted, find the reachability witnesses, and play random games "
        "through the reference checking that each concrete step is one the proven model "
        "allows. Exits 1 if anything fails and prints each failure in full.",
        "  dieproof verify\n  dieproof verify squirrel-or-die --games 1000 --seed 7\n"
        "  dieproof verify --json > verify.json",
        cmd_verify,
    )
    sub.add_argument(
        "games", nargs="*", metavar="GAME", help="game ids (default: every game with proofs)"
    )
    sub.add_argument(
        "--games",
        dest="refinement_games",
        type=_positive,
        default=DEFAULT_REFINEMENT_GAMES,
        metavar="N",
        help=f"refinement-check games per game (default {DEFAULT_REFINEMENT_GAMES})",
    )
    sub.add_argument("--seed", type=int, default=0, help="seed of the refinement games (default 0)")
    _timeout_flag(sub)
    _json_flag(sub)

    sub = command(
        "prove",
        "discharge the z3 proof obligations only",
        "For each game, run every z3 proof obligation of its abstract model (each its own "
        "solver call) and print the verdicts. Exits 1 if any obligation is not proved.",
        "  dieproof prove\n  dieproof prove squirrel-or-die --json",
        cmd_prove,
    )
    sub.add_argument(
        "games", nargs="*", metavar="GAME", help="game ids (default: every game with proofs)"
    )
    _timeout_flag(sub)
    _json_flag(sub)

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
        type=_positive,
        default=100,
        metavar="N",
        help="games per configuration (default 100)",
    )
    sub.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    _config_flags(sub, many=True)
    sub.add_argument(
        "--jobs", type=_positive, default=1, metavar="J", help="worker processes (default 1)"
    )
    sub.add_argument(
        "--no-check",
        action="store_true",
        help="skip the invariant checks (apply still checks legality)",
    )
    sub.add_argument("--quiet", action="store_true", help="no progress bar")
    _json_flag(sub)

    sub = command(
        "play",
        "play one seeded random game, or replay a trace, step by step",
        "Play one random game with --seed and print every step (who moved and the action "
        "as JSON), or replay the trace given with --trace. --out writes the game as a "
        "trace that `dieproof check` and other implementations can read.",
        "  dieproof play squirrel-or-die --seed 42\n"
        "  dieproof play squirrel-or-die --seed 42 --players 3 --out game.jsonl\n"
        "  dieproof play --trace game.jsonl --show",
        cmd_play,
    )
    sub.add_argument("game", nargs="?", metavar="GAME", help="the game id (not with --trace)")
    sub.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    _config_flags(sub, many=False)
    sub.add_argument("--out", type=Path, metavar="TRACE.jsonl", help="write the game as a trace")
    sub.add_argument("--trace", type=Path, metavar="TRACE.jsonl", help="replay this trace instead")
    sub.add_argument("--show", action="store_true", help="print the state after every step")

    sub = command(
        "check",
        "replay a trace through the reference and report the first divergence",
        "Replay a JSON Lines trace (a header, then one action per line with optional "
        "expectations: error, state, state_sha256, legal, result) and report OK or the "
        "first divergence with its line, step, both sides and the rule id. Exits 1 on a "
        "divergence and 2 on a malformed trace. TRACE may be - for stdin.",
        "  dieproof check game.jsonl\n  my-port --trace | dieproof check - --json",
        cmd_check,
    )
    sub.add_argument("trace", metavar="TRACE", help="the trace file, or - for stdin")
    _json_flag(sub)

    sub = command(
        "schema",
        "print the JSON Schemas of a game's config, state, action and result",
        "Print the JSON Schemas (draft 2020-12) of a game's canonical JSON, for other "
        "implementations to validate what they read and write.",
        "  dieproof schema squirrel-or-die\n  dieproof schema squirrel-or-die --kind action",
        cmd_schema,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument(
        "--kind",
        choices=("config", "state", "action", "result"),
        help="only this schema (default: all four in one object)",
    )

    sub = command(
        "bench",
        "measure playout, replay, proof and refinement speed",
        "Measure, per game and configuration, random-playout steps per second with and "
        "without the invariant checks, trace-replay steps per second, the proof time and "
        "the refinement-check speed; and, where OpenSpiel is installed, three of its Python "
        "games the same way as anchors. Single process, single core; each number is the "
        "median of five slices of the time budget.",
        "  dieproof bench\n  dieproof bench squirrel-or-die --seconds 5 --json",
        cmd_bench,
    )
    sub.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    sub.add_argument(
        "--seconds",
        type=_positive_float,
        default=2.0,
        metavar="S",
        help="wall-time budget of each measurement (default 2)",
    )
    sub.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel anchors")
    _json_flag(sub)
    return parser


Handler = Callable[[argparse.Namespace], int]


class _HelpFormatter(argparse.HelpFormatter):
    """Wraps prose to the terminal like argparse does, but keeps indented lines (the
    examples of an epilog) exactly as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(
            indent + line
            if not line or line.startswith("  ")
            else super(_HelpFormatter, self)._fill_text(line, width, indent)
            for line in text.splitlines()
        )


def _json_flag(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--json", action="store_true", help="print JSON on stdout for machines")


def _timeout_flag(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--timeout-ms",
        type=_positive,
        default=DEFAULT_TIMEOUT_MS,
        metavar="T",
        help=f"per-obligation solver timeout (default {DEFAULT_TIMEOUT_MS})",
    )


def _config_flags(sub: argparse.ArgumentParser, *, many: bool) -> None:
    if many:
        sub.add_argument(
            "--players",
            type=int,
            nargs="+",
            action="extend",
            metavar="P",
            help="only configurations with these player counts",
        )
        sub.add_argument(
            "--variant",
            nargs="+",
            action="extend",
            metavar="V",
            help="only configurations with these variants (as the config JSON names them)",
        )
    else:
        sub.add_argument(
            "--players", type=int, metavar="P", help="the player count (default: the game's)"
        )
        sub.add_argument(
            "--variant",
            metavar="V",
            help="the official variant (as the config JSON names it; default: the basic game)",
        )
    sub.add_argument(
        "--config",
        type=Path,
        metavar="FILE.json",
        help="a configuration in the game's JSON instead",
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


# -- list, info, schema -----------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    """``dieproof list``."""
    rows: list[dict[str, JSON]] = []
    for g in _all_games():
        players: list[JSON] = [*sorted({c.players for c in g.configs()})]
        rows.append({"id": g.id, "title": g.title, "prefix": g.prefix, "players": players})
    if args.json:
        _print_json(rows)
        return EXIT_OK
    table = Table("id", "title", "prefix", "players")
    for row in rows:
        counts = cast("list[int]", row["players"])
        table.add_row(str(row["id"]), str(row["title"]), str(row["prefix"]), _ranges(counts))
    _out().print(table)
    return EXIT_OK


def cmd_info(args: argparse.Namespace) -> int:
    """``dieproof info``."""
    try:
        proof_ids: JSON = list(_proofs().proof_game_ids())
    except CliError as error:
        proof_ids = f"unavailable: {error}"
    info: dict[str, JSON] = {
        "dieproof": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "z3": _version("z3-solver"),
        "msgspec": _version("msgspec"),
        "rich": _version("rich"),
        "open_spiel": _version("open-spiel"),
        "games": list(game_ids()),
        "proofs": proof_ids,
    }
    if args.json:
        _print_json(info)
        return EXIT_OK
    table = Table("", "", show_header=False, box=None)
    for key, value in info.items():
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        table.add_row(key, "-" if value is None else shown)
    _out().print(table)
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    """``dieproof schema``."""
    schemas = _game(args.game).schemas()
    kind: str | None = args.kind
    _print_json(schemas if kind is None else schemas[kind])
    return EXIT_OK


# -- verify, prove --------------------------------------------------------------------------


def _proofs() -> ModuleType:
    """:mod:`dieproof.proofs`, imported on first use: it loads z3, which ``list`` and
    ``simulate`` do not need."""
    try:
        return importlib.import_module("dieproof.proofs")
    except ImportError as error:
        raise CliError(f"dieproof.proofs cannot be imported: {error}", EXIT_FAILURE) from None


def _proof_games(wanted: Sequence[str]) -> list[str]:
    from dieproof.proofs import proof_game_ids

    available = list(proof_game_ids())
    if not wanted:
        if not available:
            raise CliError("no game has proofs yet", EXIT_FAILURE)
        return available
    for game_id in wanted:
        _game(game_id)  # an unknown id is bad input (exit 2) ...
        if game_id not in available:  # ... a game without proofs is a failure (exit 1)
            have = ", ".join(available) or "none"
            raise CliError(f"{game_id} has no proofs yet (games with proofs: {have})", EXIT_FAILURE)
    return list(wanted)


def cmd_verify(args: argparse.Namespace) -> int:
    """``dieproof verify``."""
    _proofs()
    from dieproof.proofs import VerifyReport, verify_game

    as_json: bool = args.json
    games: int = args.refinement_games
    reports: list[VerifyReport] = []
    start = time.perf_counter()
    with _progress(as_json) as progress:
        for game_id in _proof_games(args.games):
            task = progress.add_task(f"verify {game_id}", total=games)

            def advance(game_index: int, steps: int, task: TaskID = task) -> None:
                del steps
                progress.update(task, completed=game_index)

            reports.append(
                verify_game(
                    game_id,
                    timeout_ms=args.timeout_ms,
                    refinement_games=games,
                    seed=args.seed,
                    on_step=advance,
                )
            )
            progress.update(task, completed=games)
    ok = all(report.ok for report in reports)
    if as_json:
        _print_json({"ok": ok, "games": [r.to_json() for r in reports]})
        return EXIT_OK if ok else EXIT_FAILURE
    out = _out()
    table = Table(
        "game",
        "obligations proved",
        "wrong encodings refuted",
        "witnesses",
        "refinement steps",
        "transitions covered",
        "time",
        "verdict",
        title="dieproof verify",
    )
    for report in reports:
        covered = sum(1 for count in report.refinement.coverage.values() if count)
        table.add_row(
            report.game,
            _proved(report.proofs),
            f"{sum(w.caught for w in report.wrong)}/{len(report.wrong)}",
            f"{sum(w.ok for w in report.witnesses)}/{len(report.witnesses)}",
            f"{report.refinement.steps:,} in {report.refinement.games} games",
            f"{covered}/{len(report.refinement.coverage)}",
            f"{report.seconds:.2f} s",
            "OK" if report.ok else "FAILED",
        )
    _right(table, 1, 2, 3, 4, 5, 6)
    out.print(table)
    for report in reports:
        if not report.ok:
            out.print()
            out.print(report.render())
    seconds = time.perf_counter() - start
    verdict = "all verified" if ok else "FAILED"
    out.print(f"{len(reports)} games in {seconds:.2f} s: {verdict}")
    return EXIT_OK if ok else EXIT_FAILURE


def cmd_prove(args: argparse.Namespace) -> int:
    """``dieproof prove``."""
    _proofs()
    from dieproof.proofs import proofs_for, prove

    as_json: bool = args.json
    reports: list[ProofReport] = []
    for game_id in _proof_games(args.games):
        with _status(f"proving {game_id}", quiet=as_json):
            reports.append(prove(proofs_for(game_id).model, timeout_ms=args.timeout_ms))
    ok = all(report.ok for report in reports)
    if as_json:
        _print_json({"ok": ok, "games": [r.to_json() for r in reports]})
        return EXIT_OK if ok else EXIT_FAILURE
    out = _out()
    table = Table(
        "game", "obligations proved", "slowest", "time", "verdict", title="dieproof prove"
    )
    for report in reports:
        slowest = max(report.obligations, key=lambda o: o.seconds, default=None)
        table.add_row(
            report.game,
            _proved(report),
            "-" if slowest is None else f"{slowest.seconds * 1000:.1f} ms {slowest.id}",
            f"{report.seconds:.2f} s",
            "OK" if report.ok else "FAILED",
        )
    _right(table, 1, 3)
    out.print(table)
    for report in reports:
        if not report.ok:
            out.print()
            out.print(report.render(only_failures=True))
    return EXIT_OK if ok else EXIT_FAILURE


def _proved(report: ProofReport) -> str:
    return f"{report.counts().get('PROVED', 0)}/{len(report.obligations)}"


def _right(table: Table, *columns: int) -> None:
    for column in columns:
        table.columns[column].justify = "right"


# -- simulate ---------------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class _Selected:
    config: Config
    label: str
    reproduce: str
    """The flags that pick this configuration again in ``dieproof play``."""


def cmd_simulate(args: argparse.Namespace) -> int:
    """``dieproof simulate``."""
    g = _game(args.game)
    selected = _select(g, args.config, args.players, args.variant)
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
        progress = stack.enter_context(_progress(quiet))
        task = progress.add_task(f"{g.id}", total=count * len(selected))
        for index, seeds, chunk in results:
            chunks[index].merge(chunk)
            progress.advance(task, len(seeds))
    seconds = time.perf_counter() - begin
    report = _simulation_json(g, selected, chunks, args, seconds)
    ok = bool(report["ok"])
    if args.json:
        _print_json(report)
    else:
        _print_simulation(g, selected, chunks, seconds, check)
    return EXIT_OK if ok else EXIT_FAILURE


def _in_order(
    futures: list[tuple[int, range, Future[Chunk]]],
) -> Iterator[tuple[int, range, Chunk]]:
    """Results in submission order, so the merge is the same as with one job."""
    for index, seeds, future in futures:
        yield index, seeds, future.result()


def _select(
    g: Game, config_file: Path | None, players: list[int] | None, variants: list[str] | None
) -> list[_Selected]:
    """The configurations to play: the one in ``--config``, or the filtered official ones."""
    if config_file is not None:
        if players or variants:
            raise CliError("--config excludes --players and --variant")
        config = _read_config(g, config_file)
        label = f"{config_file.name}: {config_label(g, config)}"
        return [_Selected(config, label, f"--config {config_file}")]
    chosen = []
    for config in g.configs():
        variant = _variant(config)
        if players and config.players not in players:
            continue
        if variants and variant not in variants:
            continue
        flags = f"--players {config.players}" + (f" --variant {variant}" if variant else "")
        chosen.append(_Selected(config, config_label(g, config), flags))
    if not chosen:
        known = sorted({_variant(c) or "-" for c in g.configs()})
        counts = sorted({c.players for c in g.configs()})
        raise CliError(
            f"no configuration of {g.id} matches; players: {_ranges(counts)}, "
            f"variants: {', '.join(known)}"
        )
    return chosen


def _variant(config: Config) -> str | None:
    """The configuration's ``variant`` as its JSON value; ``None`` if the game has none."""
    value: object = getattr(config, "variant", None)
    return None if value is None else plain(value)


def _read_config(g: Game, path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    try:
        return g.load_config(text)
    except RulesError as error:
        raise CliError(f"{path}: {error.message} [{error.code}]") from None


def _simulation_json(
    g: Game,
    selected: list[_Selected],
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
                "config": _decode(g.dump_config(chosen.config)),
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
    g: Game, selected: list[_Selected], chunks: list[Chunk], seconds: float, check: bool
) -> None:
    out = _out()
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


# -- play -----------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    """``dieproof play``."""
    trace: Path | None = args.trace
    if trace is not None:
        if args.game or args.out or args.config or args.players is not None or args.variant:
            raise CliError("--trace replays the trace's own game and config; drop the others")
        return _play_trace(trace, show=args.show)
    if not args.game:
        raise CliError("play needs a GAME or --trace")
    g = _game(args.game)
    seed: int = args.seed
    players: int | None = args.players
    variant: str | None = args.variant
    if args.config or variant is not None:
        if players is None and variant is not None:
            players = g.default_config().players
        picked = _select(
            g,
            args.config,
            None if players is None else [players],
            None if variant is None else [variant],
        )
        config = picked[0].config
    else:
        config = g.default_config(players)
    out = _out()
    out.print(f"{g.title} ({g.id}), {config_label(g, config)}, seed {seed}")
    show: bool = args.show
    steps = 0

    # Print as the game goes, so a game that raises still shows how it got there.
    def on_step(before: State, action: Action, after: State) -> None:
        nonlocal steps
        steps += 1
        mover = g.to_move(before)
        odds = ""
        if mover == CHANCE:
            odds = next(
                (f"  p={p}" for outcome, p in g.chance_outcomes(before) if outcome == action), ""
            )
        out.print(f"{steps:5}  {_mover(mover):9} {g.dump_action(action)}{odds}")
        if show:
            out.print(_show_state(g, after))

    playout = driver.play(g, config, seed, check=True, on_step=on_step)
    out.print(_ending(playout.result, len(playout.actions)))
    for step, violation in playout.violations:
        out.print(f"VIOLATION {violation.invariant} at step {step}: {violation.message}")
    target: Path | None = args.out
    if target is not None:
        with target.open("w", encoding="utf-8") as file:
            write_trace(file, g, config, playout.actions, generator=f"dieproof {__version__}")
        _err().print(f"wrote {len(playout.actions)} steps to {target}")
    return EXIT_FAILURE if playout.violations else EXIT_OK


def _play_trace(path: Path, *, show: bool) -> int:
    out = _out()
    trace_game = _peek_game(path)

    def on_step(step: ReplayedStep) -> None:
        note = f"  (rejected as expected: {step.error.code})" if step.error is not None else ""
        out.print(f"{step.step:5}  {_mover(step.mover):9} {step.text}{note}")
        if show and step.error is None:
            out.print(_show_state(game(trace_game), step.after))

    report = _run_check(path, on_step)
    if report is None:
        return EXIT_USAGE
    if report.divergence is not None:
        out.print(report.render())
        return EXIT_FAILURE
    result = None if report.result is None else _result(report.result)
    out.print(_ending(result, report.steps))
    return EXIT_OK


def _peek_game(path: Path) -> str:
    """The game id of a trace's header, for printing states while it replays."""
    try:
        with path.open(encoding="utf-8") as file:
            header: object = json.loads(file.readline() or "{}")
    except (OSError, ValueError):
        return ""
    value = header.get("game") if isinstance(header, dict) else None
    return value if isinstance(value, str) else ""


def _mover(mover: int) -> str:
    return "chance" if mover == CHANCE else f"player {mover}"


def _show_state(g: Game, state: State) -> str:
    """A game's own ``render_state`` if it has one, else the state's canonical JSON."""
    render: Callable[[State], str] | None = getattr(g, "render_state", None)
    text = render(state) if render is not None else g.dump_state(state)
    return "\n".join("         " + line for line in text.splitlines())


def _ending(result: Result | None, steps: int) -> str:
    if result is None:
        return f"after {steps} steps the game is still running"
    if result.winners:
        who = " and ".join(f"player {w}" for w in result.winners)
        return f"after {steps} steps {who} won: {result.reason} [{result.rule}]"
    return f"after {steps} steps everybody lost: {result.reason} [{result.rule}]"


def _result(text: str) -> Result:
    return msgspec.json.decode(text, type=Result)


# -- check --------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace) -> int:
    """``dieproof check``."""
    as_json: bool = args.json
    source: str = args.trace
    try:
        if source == "-":
            # bytes where there are (a real stdin), so bad UTF-8 is a malformed line
            stdin: Iterable[str | bytes] = getattr(sys.stdin, "buffer", sys.stdin)
            report = check_trace(stdin)
        else:
            report = check_file(Path(source))
    except MalformedTrace as error:
        if as_json:
            _print_json(
                {
                    "ok": False,
                    "malformed": {"code": error.code, "line": error.line, "message": error.message},
                }
            )
        raise CliError(f"malformed trace: {error.message} [{error.code}]") from None
    except OSError as error:
        raise CliError(f"cannot read {source}: {error.strerror}") from None
    if as_json:
        _print_json(report.to_json())
    else:
        _out().print(report.render())
    return EXIT_OK if report.ok else EXIT_FAILURE


# -- bench --------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace) -> int:
    """``dieproof bench``."""
    wanted: list[str] = args.games
    games = [_game(game_id) for game_id in wanted] if wanted else list(_all_games())
    as_json: bool = args.json
    err = _err()
    report = run_bench(
        games,
        seconds=args.seconds,
        openspiel=not args.no_openspiel,
        progress=None if as_json else (lambda what: err.print(f"measuring {what} ...")),
    )
    if as_json:
        _print_json(report.to_json())
        return EXIT_OK
    anchors = report.anchors
    table = Table(
        "game / config",
        "steps/s checked",
        "steps/s unchecked",
        "replay steps/s",
        "proof s",
        "refinement steps/s",
        title="dieproof bench",
        caption="vs X: checked steps/s divided by OpenSpiel X's steps/s (above 1 is faster)"
        if anchors
        else None,
    )
    for anchor in anchors:
        table.add_column(f"vs {ANCHOR_LABELS.get(anchor.name, anchor.name)}", justify="right")
    for bench in report.games:
        for index, row in enumerate(bench.configs):
            first = index == 0
            ratios = [f"{r:.2f}" for r in report.ratios(row.checked).values()]
            table.add_row(
                f"{bench.game} {row.label}",
                f"{row.checked:,.0f}",
                f"{row.unchecked:,.0f}",
                f"{row.replay:,.0f}",
                _optional(bench.proof_seconds, "{:.3f}") if first else "",
                _optional(bench.refinement, "{:,.0f}") if first else "",
                *ratios,
            )
    _right(table, 1, 2, 3, 4, 5)
    out = _out()
    out.print(table)
    if anchors:
        anchor_table = Table("OpenSpiel anchor", "steps/s", title="same machine, same run")
        for anchor in anchors:
            anchor_table.add_row(anchor.name, f"{anchor.steps_per_second:,.0f}")
        _right(anchor_table, 1)
        out.print(anchor_table)
    for note in report.notes:
        out.print(f"note: {note}")
    return EXIT_OK


def _optional(value: float | None, form: str) -> str:
    return "-" if value is None else form.format(value)


# -- shared helpers -----------------------------------------------------------------------


def _game(game_id: str) -> Game:
    try:
        return game(game_id)
    except RulesError as error:
        raise CliError(error.message) from None


def _all_games() -> Iterator[Game]:
    for game_id in game_ids():
        yield _game(game_id)


def _run_check(path: Path, on_step: Callable[[ReplayedStep], None]) -> CheckReport | None:
    try:
        return check_file(path, on_step=on_step)
    except MalformedTrace as error:
        _err().print(f"dieproof: error: malformed trace: {error.message} [{error.code}]")
    except OSError as error:
        _err().print(f"dieproof: error: cannot read {path}: {error.strerror}")
    return None


def _ranges(counts: Sequence[int]) -> str:
    if not counts:
        return "-"
    if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts)


def _version(distribution: str) -> str | None:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def _decode(text: str) -> JSON:
    decoded: JSON = json.loads(text)
    return decoded


def _plain_json(data: Mapping[str, object]) -> JSON:
    """A report's JSON through a JSON round trip (its values are JSON already)."""
    return _decode(json.dumps(data))


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def _out() -> Console:
    # markup off: actions, rule ids and JSON are full of square brackets.
    # soft_wrap: long JSON lines stay whole, for copying; tables still fit the width.
    console = Console(markup=False, highlight=False, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        # Piped into a file or a CI log: room for the tables rather than the default 80.
        console.width = 160
    return console


def _err() -> Console:
    return Console(stderr=True, markup=False, highlight=False)


@contextlib.contextmanager
def _status(message: str, *, quiet: bool) -> Iterator[None]:
    if quiet:
        yield
        return
    with _err().status(message):
        yield


@contextlib.contextmanager
def _progress(quiet: bool) -> Iterator[Progress]:
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_err(),
        disable=quiet,
    )
    with progress:
        yield progress


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    handler: Handler = args.handler
    try:
        return handler(args)
    except CliError as error:
        print(f"dieproof {args.command}: error: {error}", file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `dieproof play ... | head`: the reader left. Point stdout at /dev/null so the
        # interpreter's final flush does not fail again, and exit quietly.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
