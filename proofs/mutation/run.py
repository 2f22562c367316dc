"""``./dev mutate [GAME]``: sample mutants of a game's rules modules and run every check.

For each registered game (or the ones named): the *rules modules* are the modules of the
game's package other than its types, content, examples, script, audit, adapter and
``__init__`` (the pattern every game follows), so a new game is covered without
registering anything. From each module, ``--per-module`` mutation points are sampled
with a fixed seed; each mutant then faces every check (:mod:`.checks`) in its own
worker processes, with a timeout of ten times the check's time on the unmutated code (at
least a minute), so a mutant that loops forever is a kill, not a hang. The report goes
to ``docs/mutation/<game>.json`` and its table to the terminal.

Workers run at a lower priority (``nice``) and one at a time unless ``--jobs`` says
otherwise: a mutation run is background work on a shared machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import marshal
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import msgspec

from dieproof.proofs.mutation import checks
from dieproof.proofs.mutation.checks import hang_kills
from dieproof.proofs.mutation.operators import Point, mutant_tree, points
from dieproof.proofs.mutation.report import (
    REPORT_FORMAT,
    REPORT_VERSION,
    CheckResult,
    ModuleSample,
    MutantResult,
    Report,
    equivalents,
    read,
    write,
)

ROOT: Final = checks.ROOT
"""The repository."""

COMMITTED: Final = ROOT / "docs" / "mutation"
"""Where the committed reports and the list of equivalent mutants live."""

WORKER: Final = Path(__file__).resolve().with_name("worker.py")
"""The worker script, run by its path (see :mod:`.worker` for why)."""

NOT_RULES: Final = frozenset(
    {
        "__init__",
        "types",
        "content",
        "examples",
        "script",
        "audit",
        "game",
        "position",
        "sampling",
        "contract",
    }
)
"""Modules of a game's package that are not rules: data, scripts, the adapter, the
structural checks of hostile states, and the oracle's helpers (the position builders, the
random configurations of the differential test, the contract's prose)."""

PER_MODULE: Final = 20
"""Mutants sampled per rules module by default."""

MIN_TIMEOUT: Final = 60.0
"""The least a worker may run before it counts as hanging, in seconds."""

RESULT: Final = "MUTATION-RESULT "
"""The prefix of a worker's answer line on its standard output (as :mod:`.worker` prints)."""


@dataclass(frozen=True, slots=True)
class Target:
    """One game's rules modules and their sampled mutants."""

    game: str
    package: str
    prefix: str
    modules: tuple[ModuleSample, ...]
    mutants: tuple[tuple[Path, Point], ...]


def rules_modules(game_id: str) -> tuple[str, str, list[tuple[str, Path]]]:
    """The game's package, its rule prefix, and its rules modules (dotted name, file)."""
    from dieproof.reference import game

    g = game(game_id)
    first = getattr(g, "rules", None)
    apply = getattr(first, "apply", None) if first is not None else None
    module_name = getattr(apply, "__module__", None) or type(g).__module__
    package = module_name.rsplit(".", 1)[0]
    imported = sys.modules[package]
    folder = Path(next(iter(imported.__path__))).resolve()
    found = []
    for path in sorted(folder.glob("*.py")):
        if path.stem not in NOT_RULES:
            found.append((f"{package}.{path.stem}", path.resolve()))
    return package, g.prefix, found


def plan(game_id: str, *, per_module: int, seed: int, only: Sequence[str] = ()) -> Target:
    """Sample ``per_module`` mutants of each rules module of the game (``only``: those
    modules' short names), reproducibly from ``seed``."""
    package, prefix, modules = rules_modules(game_id)
    if only:
        unknown = set(only) - {name.rsplit(".", 1)[-1] for name, _ in modules}
        if unknown:
            raise SystemExit(f"{game_id} has no rules module {', '.join(sorted(unknown))}")
        modules = [(n, p) for n, p in modules if n.rsplit(".", 1)[-1] in only]
    samples: list[ModuleSample] = []
    mutants: list[tuple[Path, Point]] = []
    for name, path in modules:
        found = points(path, name)
        rng = random.Random(f"{seed}/{name}")
        chosen = sorted(rng.sample(range(len(found)), min(per_module, len(found))))
        short = name.rsplit(".", 1)[-1]
        samples.append(ModuleSample(short, _relative(path), len(found), len(chosen)))
        mutants.extend((path, found[i]) for i in chosen)
    return Target(game_id, package.rsplit(".", 1)[-1], prefix, tuple(samples), tuple(mutants))


def _relative(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# -- workers ----------------------------------------------------------------------------------


def compiled(mutant: tuple[Path, Point], folder: Path) -> Path:
    """Compile the mutant and marshal its code object into ``folder``; the file's path."""
    path, point = mutant
    tree, applied = mutant_tree(path, point.module, point.index)
    if applied.id != point.id:
        raise RuntimeError(f"{point.id} is now {applied.id}: the file changed during the run")
    out = folder / f"{point.module}.{point.index}.code"
    out.write_bytes(marshal.dumps(compile(tree, str(path), "exec")))
    return out


def worker_command(
    target: Target,
    job: str,
    mutant: tuple[Path, Point] | None,
    timeout: float,
    code: Path | None = None,
) -> list[str]:
    """The command line of one worker process."""
    command = [sys.executable, str(WORKER), target.game, job]
    if mutant is not None and code is not None:
        path, point = mutant
        command += ["--module", point.module, "--path", str(path), "--code", str(code)]
    if job == "unit":
        files = checks.test_files(ROOT, target.package, target.prefix)
        per_test = max(MIN_TIMEOUT, timeout / 4)
        command += ["--", *(str(f) for f in files), "-x", "-q", "-p", "no:cacheprovider"]
        command += ["-o", f"timeout={per_test:.0f}"]
    return command


def run_worker(command: list[str], job: str, timeout: float) -> dict[str, CheckResult]:
    """Run one worker; a timeout or a crash of the worker is that check's verdict."""
    env = {
        **os.environ,
        "HYPOTHESIS_PROFILE": "ci",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    start = time.perf_counter()
    try:
        completed = subprocess.run(
            command,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            preexec_fn=_lower_priority if os.name == "posix" else None,
        )
    except subprocess.TimeoutExpired:
        seconds = time.perf_counter() - start
        return {
            check: CheckResult(hang_kills(check), f"timed out after {timeout:.0f} s", seconds)
            for check in checks.JOBS[job]
        }
    seconds = time.perf_counter() - start
    for line in reversed(completed.stdout.splitlines()):
        if line.startswith(RESULT):
            answers = json.loads(line[len(RESULT) :])
            return {
                check: CheckResult(bool(a["killed"]), str(a["detail"]), seconds)
                for check, a in answers.items()
            }
    tail = (completed.stderr or completed.stdout).strip().splitlines()[-1:] or ["no output"]
    detail = f"the worker exited {completed.returncode}: {tail[0][:300]}"
    return {check: CheckResult(hang_kills(check), detail, seconds) for check in checks.JOBS[job]}


def _lower_priority() -> None:
    """Run at niceness 10 (not more when ``./dev mutate`` itself runs under ``nice``)."""
    os.nice(max(0, 10 - os.nice(0)))


# -- the run ----------------------------------------------------------------------------------


def baseline(target: Target, jobs: Sequence[str]) -> dict[str, float]:
    """Run every worker on the unmutated code: each must pass, and its time sets the
    timeout. Raises ``SystemExit`` naming a check that fails without a mutant."""
    seconds: dict[str, float] = {}
    for job in jobs:
        command = worker_command(target, job, None, 3600.0)
        results = run_worker(command, job, 3600.0)
        for check, result in results.items():
            if result.killed:
                raise SystemExit(
                    f"{target.game}: the {check} check fails without a mutant: {result.detail}"
                )
        seconds[job] = round(max(r.seconds for r in results.values()), 2)
    return seconds


def run_mutant(
    target: Target, mutant: tuple[Path, Point], jobs: Sequence[str], base: dict[str, float]
) -> dict[str, CheckResult]:
    """Every check on one mutant."""
    results: dict[str, CheckResult] = {}
    with tempfile.TemporaryDirectory(prefix="dieproof-mutant-") as folder:
        code = compiled(mutant, Path(folder))
        for job in jobs:
            timeout = max(MIN_TIMEOUT, 10 * base[job])
            command = worker_command(target, job, mutant, timeout, code)
            results.update(run_worker(command, job, timeout))
    return results


def mutate(
    game_id: str,
    *,
    per_module: int = PER_MODULE,
    seed: int = 0,
    jobs: int = 1,
    only: Sequence[str] = (),
    select: Sequence[str] = (),
    jobs_to_run: Sequence[str] = tuple(checks.JOBS),
    equivalent_file: Path | None = None,
    journal: Path | None = None,
    progress: bool = True,
) -> Report:
    """The mutation run of one game (see the module docstring).

    Each finished mutant is appended to ``journal`` (JSON Lines) with a fingerprint of
    the code; a later run of the same code reuses the journal's results instead of
    running those mutants again, so an interrupted run resumes where it stopped.
    """
    start = time.perf_counter()
    target = plan(game_id, per_module=per_module, seed=seed, only=only)
    mutants = [m for m in target.mutants if not select or m[1].id in select]
    known = equivalents(equivalent_file or COMMITTED / "equivalent.toml", game_id)
    workers = [job for job in checks.JOBS if job in jobs_to_run]
    base = baseline(target, workers)
    commit, fingerprint = _commit(), f"{_fingerprint()}|{','.join(workers)}"
    reused = _journal(journal, fingerprint)
    if progress:
        print(
            f"{game_id}: baseline {base}; {len(mutants)} mutants, "
            f"{sum(1 for _, p in mutants if p.id in reused)} from the journal",
            file=sys.stderr,
        )
    done = 0
    lock = threading.Lock()

    def one(mutant: tuple[Path, Point]) -> MutantResult:
        nonlocal done
        path, point = mutant
        results = reused.get(point.id) or run_mutant(target, mutant, workers, base)
        for check in checks.CHECKS:  # a job left out (--job) neither kills nor passes
            results.setdefault(check, CheckResult(False, "not run", 0.0))
        result = MutantResult(
            id=point.id,
            module=point.module.rsplit(".", 1)[-1],
            path=_relative(path),
            line=point.line,
            qualname=point.qualname,
            operator=point.operator,
            before=point.before,
            after=point.after,
            checks=results,
            equivalent=known.get(point.id),
        )
        with lock:
            done += 1
            if journal is not None and point.id not in reused:
                entry = {"fingerprint": fingerprint, "id": point.id, "checks": results}
                with journal.open("ab") as out:
                    out.write(msgspec.json.encode(entry) + b"\n")
            if progress:
                killers = ", ".join(result.killers) or "SURVIVED"
                print(f"[{done}/{len(mutants)}] {point.id}: {killers}", file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, mutants))
    return Report(
        format=REPORT_FORMAT,
        version=REPORT_VERSION,
        game=game_id,
        commit=commit,
        seed=seed,
        per_module=per_module,
        checks=_describe(target),
        baseline=base,
        modules=list(target.modules),
        mutants=results,
        seconds=round(time.perf_counter() - start, 1),
    )


class _Entry(msgspec.Struct, frozen=True):
    fingerprint: str
    id: str
    checks: dict[str, CheckResult]


def _journal(path: Path | None, fingerprint: str) -> dict[str, dict[str, CheckResult]]:
    """The results a journal holds for code with ``fingerprint`` (unreadable lines, from
    a run killed mid-write, are skipped)."""
    found: dict[str, dict[str, CheckResult]] = {}
    if path is None or not path.exists():
        return found
    for line in path.read_bytes().splitlines():
        try:
            entry = msgspec.json.decode(line, type=_Entry)
        except msgspec.MsgspecError:
            continue
        if entry.fingerprint == fingerprint:
            found[entry.id] = entry.checks
    return found


def _fingerprint() -> str:
    """The commit, and a digest of the uncommitted changes to tracked files."""
    completed = subprocess.run(["git", "diff", "HEAD"], cwd=ROOT, capture_output=True, check=False)
    return f"{_commit()}:{hashlib.sha256(completed.stdout).hexdigest()[:16]}"


def relabel(report: Report, known: dict[str, str]) -> Report:
    """``report`` with the equivalent mutants of ``known`` (the committed list) marked."""
    mutants = [msgspec.structs.replace(m, equivalent=known.get(m.id)) for m in report.mutants]
    return msgspec.structs.replace(report, mutants=mutants)


def _describe(target: Target) -> dict[str, str]:
    files = " ".join(_relative(f) for f in checks.test_files(ROOT, target.package, target.prefix))
    games = f"{checks.GAMES} seeded random games (seed {checks.SEED}, as dieproof verify plays)"
    return {
        "unit": f"pytest {files} (hypothesis ci profile, first failure)",
        "vectors": f"replay spec/vectors/{target.game}/",
        "invariants": f"the game's invariants after every step of {games}",
        "simulate": f"no crash, no hang, exact chance, a move at every node in {games}",
        "refinement": f"the refinement check of {games}, the game's own invariants hidden",
        "model": "the same refinement run, counting only what the z3 model reports",
    }


def _commit() -> str:
    def git(*args: str) -> str:
        completed = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        return completed.stdout.strip()

    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", "reference", "proofs")
    return head + ("+dirty" if dirty else "")


# -- command line ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``./dev mutate [GAME ...]``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    from dieproof.reference import game_ids

    parser = argparse.ArgumentParser(
        prog="./dev mutate",
        description="Sample mutants of each rules module of a game, run every fast check on "
        "each (unit tests, vectors, invariants, simulate, refinement) and report which "
        "check killed which mutant. Writes docs/mutation/GAME.json.",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--per-module", type=int, default=PER_MODULE, help=f"default {PER_MODULE}")
    parser.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants at once (default 1)")
    parser.add_argument("--module", action="append", default=[], help="only this module")
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant id")
    parser.add_argument(
        "--job",
        action="append",
        choices=list(checks.JOBS),
        default=[],
        help="run only this worker (while improving one check; the report then shows the "
        "others as not run, so do not commit it)",
    )
    parser.add_argument("--list", action="store_true", help="list the sample and stop")
    parser.add_argument(
        "--relabel",
        action="store_true",
        help="apply docs/mutation/equivalent.toml to the committed reports, run nothing",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="report folder; '-' writes nothing. Default: docs/mutation for a whole run, "
        "nothing for a partial one (--module, --mutant or --job), so that checking one "
        "mutant never overwrites the committed report",
    )
    args = parser.parse_args(argv)
    if args.out is None:
        partial = bool(args.module or args.mutant or args.job)
        args.out = Path("-") if partial else COMMITTED
        if partial and not args.list:
            print(
                "a partial run (--module, --mutant or --job): no report written "
                "(give --out DIR to keep one)",
                file=sys.stderr,
            )
    chosen = args.games or list(game_ids())
    unknown = set(chosen) - set(game_ids())
    if unknown:
        parser.error(f"unknown game {', '.join(sorted(unknown))}")
    if args.relabel:
        for game_id in chosen:
            path = args.out / f"{game_id}.json"
            if path.exists():
                known = equivalents(COMMITTED / "equivalent.toml", game_id)
                report = relabel(read(path), known)
                write(report, path)
                print(report.render())
        return 0
    if str(args.out) != "-":
        args.out.mkdir(parents=True, exist_ok=True)
    for game_id in chosen:
        if args.list:
            target = plan(game_id, per_module=args.per_module, seed=args.seed, only=args.module)
            for sample in target.modules:
                print(f"{game_id} {sample.path}: {sample.sampled} of {sample.points} points")
            for path, point in target.mutants:
                where = f"{_relative(path)}:{point.line}"
                print(f"  {point.id}  {where}  {point.before}  ->  {point.after}")
            continue
        report = mutate(
            game_id,
            per_module=args.per_module,
            seed=args.seed,
            jobs=args.jobs,
            only=args.module,
            select=args.mutant,
            jobs_to_run=args.job or tuple(checks.JOBS),
            journal=None if str(args.out) == "-" else args.out / f"{game_id}.journal.jsonl",
        )
        print(report.render())
        if str(args.out) != "-":
            write(report, args.out / f"{game_id}.json")
    return 0
