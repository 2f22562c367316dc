"""``dieproof verify`` and ``dieproof prove``: the z3 proofs and the refinement check."""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Final

from rich.progress import TaskID
from rich.table import Table

from dieproof.reference.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    CliError,
    CommandFactory,
    get_game,
    json_flag,
    out_console,
    positive,
    print_json,
    progress_bar,
    right_align,
    status,
    timeout_flag,
)

if TYPE_CHECKING:
    from dieproof.proofs import ProofReport

DEFAULT_REFINEMENT_GAMES: Final = 200


def register(command: CommandFactory) -> None:
    """Add ``verify`` and ``prove``."""
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
        type=positive,
        default=DEFAULT_REFINEMENT_GAMES,
        metavar="N",
        help=f"refinement-check games per game (default {DEFAULT_REFINEMENT_GAMES})",
    )
    sub.add_argument("--seed", type=int, default=0, help="seed of the refinement games (default 0)")
    jobs_flag(sub)
    timeout_flag(sub)
    json_flag(sub)

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
    jobs_flag(sub)
    timeout_flag(sub)
    json_flag(sub)


def jobs_flag(parser: argparse.ArgumentParser) -> None:
    """``--jobs``: worker processes for the obligations (and the refinement games)."""
    parser.add_argument(
        "--jobs",
        type=positive,
        default=1,
        metavar="J",
        help="worker processes for the obligations and refinement games; the verdicts "
        "do not depend on it (default 1)",
    )


def proofs_module() -> ModuleType:
    """:mod:`dieproof.proofs`, imported on first use: it loads z3, which ``list`` and
    ``simulate`` do not need."""
    try:
        return importlib.import_module("dieproof.proofs")
    except ImportError as error:
        raise CliError(
            f"dieproof.proofs cannot be imported: {error}", EXIT_FAILURE, error="CLI.FAILED"
        ) from None


def _proof_games(wanted: Sequence[str]) -> list[str]:
    from dieproof.proofs import proof_game_ids

    available = list(proof_game_ids())
    if not wanted:
        if not available:
            raise CliError("no game has proofs yet", EXIT_FAILURE, error="CLI.NO_PROOFS")
        return available
    for game_id in wanted:
        get_game(game_id)  # an unknown id is bad input (exit 2) ...
        if game_id not in available:  # ... a game without proofs is a failure (exit 1)
            have = ", ".join(available) or "none"
            raise CliError(
                f"{game_id} has no proofs yet (games with proofs: {have})",
                EXIT_FAILURE,
                error="CLI.NO_PROOFS",
            )
    return list(wanted)


def cmd_verify(args: argparse.Namespace) -> int:
    """``dieproof verify``."""
    proofs_module()
    from dieproof.proofs import VerifyReport, verify_game

    as_json: bool = args.json
    games: int = args.refinement_games
    reports: list[VerifyReport] = []
    start = time.perf_counter()
    with progress_bar(as_json) as progress:
        for game_id in _proof_games(args.games):
            task = progress.add_task(f"verify {game_id}", total=games)

            shown = [-1]

            def advance(
                game_index: int, steps: int, task: TaskID = task, shown: list[int] = shown
            ) -> None:
                del steps
                if game_index != shown[0]:  # once per game, not on every step
                    shown[0] = game_index
                    progress.update(task, completed=game_index)

            reports.append(
                verify_game(
                    game_id,
                    timeout_ms=args.timeout_ms,
                    refinement_games=games,
                    seed=args.seed,
                    on_step=advance,
                    jobs=args.jobs,
                )
            )
            progress.update(task, completed=games)
    ok = all(report.ok for report in reports)
    if as_json:
        print_json({"ok": ok, "games": [r.to_json() for r in reports]})
        return EXIT_OK if ok else EXIT_FAILURE
    out = out_console()
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
    right_align(table, 1, 2, 3, 4, 5, 6)
    out.print(table)
    for report in reports:
        if not report.ok:
            out.print()
            out.print(report.render())
    seconds = time.perf_counter() - start
    verdict = "all verified" if ok else "FAILED"
    out.print(
        f"{len(reports)} {'game' if len(reports) == 1 else 'games'} in {seconds:.2f} s: {verdict}"
    )
    return EXIT_OK if ok else EXIT_FAILURE


def cmd_prove(args: argparse.Namespace) -> int:
    """``dieproof prove``."""
    proofs_module()
    from dieproof.proofs import proofs_for, prove

    as_json: bool = args.json
    reports: list[ProofReport] = []
    for game_id in _proof_games(args.games):
        with status(f"proving {game_id}", quiet=as_json):
            model = proofs_for(game_id).model
            reports.append(prove(model, timeout_ms=args.timeout_ms, jobs=args.jobs))
    ok = all(report.ok for report in reports)
    if as_json:
        print_json({"ok": ok, "games": [r.to_json() for r in reports]})
        return EXIT_OK if ok else EXIT_FAILURE
    out = out_console()
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
    right_align(table, 1, 3)
    out.print(table)
    for report in reports:
        if not report.ok:
            out.print()
            out.print(report.render(only_failures=True))
    return EXIT_OK if ok else EXIT_FAILURE


def _proved(report: ProofReport) -> str:
    return f"{report.counts().get('PROVED', 0)}/{len(report.obligations)}"
