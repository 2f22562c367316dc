"""``dieproof schema``, ``vectors``, ``serve`` and ``differential``: the oracle for other
implementations (DESIGN section 5)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from dieproof.reference import game, game_ids
from dieproof.reference.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    CommandFactory,
    err_console,
    get_game,
    json_flag,
    out_console,
    positive,
    positive_float,
    print_json,
    progress_bar,
    read_bytes,
    read_config,
)
from dieproof.reference.core import strict
from dieproof.reference.core.examples import json_of
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import JSON
from dieproof.reference.oracle import differential, vectors
from dieproof.reference.oracle.observe import observe
from dieproof.reference.oracle.referee import serve
from dieproof.reference.oracle.schemas import KIND_NAMES, schemas

DEFAULT_DIFFERENTIAL_GAMES: Final = 5
DEFAULT_SAMPLED_CONFIGS: Final = 10


def register(command: CommandFactory) -> None:
    """Add ``schema``, ``vectors``, ``serve`` and ``differential``."""
    sub = command(
        "schema",
        "print the JSON Schemas of a game's formats",
        "Print the JSON Schemas (draft 2020-12) of a game's canonical JSON: the config, "
        "state, action, chance outcome and result, a trace line, a conformance vector case, "
        "and the referee's requests and responses. Other implementations validate what "
        "they read and write against them.",
        "  dieproof schema squirrel-or-die\n"
        "  dieproof schema squirrel-or-die --kind vector > vector.schema.json",
        cmd_schema,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument(
        "--kind", choices=KIND_NAMES, help="only this schema (default: all, in one object)"
    )

    sub = command(
        "position",
        "build a state from a short position description",
        "Read a position description (JSON in the game's position schema: `dieproof schema "
        "GAME --kind position`) from FILE or stdin, fill in what it leaves out the way the "
        "rules would, validate the state like any state the referee receives, and print "
        "it as canonical JSON (or, with --show, the player to move and the legal actions "
        "or chance outcomes too). Bad descriptions exit 2 with the game's code.",
        "  dieproof position squirrel-or-die winter.json\n"
        '  echo \'{"characters": ["pillar", "hipster", "trigger"], '
        '"config": {"players": 3}}\' | dieproof position until-daylight - --show',
        cmd_position,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument("file", metavar="FILE", help="the description (JSON), or - for stdin")
    sub.add_argument(
        "--show", action="store_true", help="also the player to move and what they can do"
    )

    sub = command(
        "content",
        "list a game's content by name, with the index states use",
        "List the named content of a game under a configuration (the default one, or "
        "--config): for each kind (tile, character, card, objective, ...) the names in "
        "index order, the numbers states use for them.",
        "  dieproof content until-daylight\n  dieproof content until-daylight --json",
        cmd_content,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument("--config", type=Path, metavar="FILE.json", help="a configuration")
    json_flag(sub)

    sub = command(
        "vectors",
        "write the conformance vectors of a game, or check a folder of them",
        "Write a game's conformance vectors under DIR/GAME/KIND/NAME.json, one "
        "self-describing case per file: the worked examples of the rulebook (named after "
        "them), seeded random games for every configuration, the games that witness each "
        "goal of the z3 model, and one rejection per error code. The same dieproof writes "
        "the same bytes. With --check, replay every case under DIR through the reference "
        "instead and exit 1 if any disagrees.",
        "  dieproof vectors squirrel-or-die --out spec/vectors\n"
        "  dieproof vectors --out vectors --seeds 5 --readings\n"
        "  dieproof vectors --check spec/vectors --json",
        cmd_vectors,
    )
    sub.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    sub.add_argument("--out", type=Path, metavar="DIR", help="write the cases under DIR")
    sub.add_argument("--check", type=Path, metavar="DIR", help="check the cases under DIR")
    sub.add_argument(
        "--seeds",
        type=positive,
        default=vectors.RANDOM_SEEDS,
        metavar="N",
        help=f"random games per configuration (default {vectors.RANDOM_SEEDS})",
    )
    sub.add_argument(
        "--readings",
        action="store_true",
        help="also random games under every non-default reading",
    )
    sub.add_argument(
        "--no-witnesses", action="store_true", help="skip the z3 witness games (no proofs)"
    )
    json_flag(sub)

    sub = command(
        "serve",
        "answer referee requests: JSON Lines on stdin and stdout",
        "Run the referee: read one JSON request per line on stdin (ops: info, new, legal, "
        "chance, apply, result, schema; state passed by value) and write one JSON answer "
        "per line on stdout, a result or an error with code, message and rule id. It runs "
        "until stdin ends; nothing a client sends makes it crash.",
        '  dieproof serve\n  echo \'{"op": "new", "game": "squirrel-or-die"}\' | dieproof serve',
        cmd_serve,
    )

    sub = command(
        "differential",
        "test another implementation against the reference, step by step",
        "Start CMD, the other implementation's adapter speaking the referee protocol, and "
        "play the same games through it and the reference: every conformance vector, then "
        "N seeded random games per configuration and reading. After every step compare "
        "acceptance and error codes, the player to move, the legal actions, the chance "
        "outcomes with their probabilities, the state (whole, or the projection the adapter "
        "declares) and the result. Report the first divergence with the step, both answers "
        "and the rule id, and exit 1; exit 0 if everything agrees.",
        "  dieproof differential squirrel-or-die --against 'node port/adapter.js'\n"
        "  dieproof differential squirrel-or-die --against './my-port --referee' "
        "--games 50 --json",
        cmd_differential,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    sub.add_argument("--against", required=True, metavar="CMD", help="the adapter's command line")
    sub.add_argument(
        "--games",
        type=int,
        default=DEFAULT_DIFFERENTIAL_GAMES,
        metavar="N",
        help="random games per configuration and reading, 0 for none "
        f"(default {DEFAULT_DIFFERENTIAL_GAMES})",
    )
    sub.add_argument("--seed", type=int, default=0, help="seed of the first random game")
    sub.add_argument(
        "--configs",
        type=int,
        default=DEFAULT_SAMPLED_CONFIGS,
        metavar="N",
        help="also one random game on each of N configurations drawn within the rules "
        f"(other boxes, decks, characters, readings; default {DEFAULT_SAMPLED_CONFIGS})",
    )
    sub.add_argument(
        "--probes",
        type=int,
        default=differential.DEFAULT_PROBES,
        metavar="N",
        help="illegal or malformed actions tried at every step of a random game "
        f"(default {differential.DEFAULT_PROBES}, 0 for none)",
    )
    sub.add_argument(
        "--no-rule-ids",
        action="store_true",
        help="compare the error codes of refusals but not their rule ids",
    )
    sub.add_argument(
        "--vectors",
        type=Path,
        metavar="DIR",
        help="cases from this folder (default: the game's vectors, generated in memory)",
    )
    sub.add_argument("--no-vectors", action="store_true", help="random games only")
    sub.add_argument(
        "--timeout",
        type=positive_float,
        default=differential.DEFAULT_TIMEOUT,
        metavar="S",
        help=f"seconds to wait for an answer (default {differential.DEFAULT_TIMEOUT:g})",
    )
    sub.add_argument("--quiet", action="store_true", help="no progress bar")
    json_flag(sub)


# -- schema -------------------------------------------------------------------------------------


def cmd_schema(args: argparse.Namespace) -> int:
    """``dieproof schema``."""
    found = schemas(get_game(args.game))
    kind: str | None = args.kind
    print_json(found if kind is None else found[kind])
    return EXIT_OK


# -- position and content -----------------------------------------------------------------------


def cmd_position(args: argparse.Namespace) -> int:
    """``dieproof position``."""
    g = get_game(args.game)
    text = read_bytes(Path(args.file))
    try:
        strict.decode(text)
    except strict.JsonInputError as error:
        raise CliError(f"{args.file}: {error}", error=f"{g.prefix}.POSITION_JSON") from None
    state = g.position(text)
    if not args.show:
        print_json(json_of(g.dump_state(state)))
        return EXIT_OK
    seen = observe(g, state)
    print_json(
        {
            "state": json_of(seen.state),
            "to_move": seen.to_move,
            "legal": seen.legal,
            "chance": seen.chance,
            "result": seen.result,
        }
    )
    return EXIT_OK


def cmd_content(args: argparse.Namespace) -> int:
    """``dieproof content``."""
    g = get_game(args.game)
    config = g.default_config() if args.config is None else read_config(g, args.config)
    table = {kind: list(names) for kind, names in g.content(config).items()}
    if args.json:
        print_json(table)
        return EXIT_OK
    out = out_console()
    if not table:
        out.print(f"{g.id} names no content")
    for kind, names in table.items():
        out.print(f"{kind}: " + ", ".join(f"{index} {name}" for index, name in enumerate(names)))
    return EXIT_OK


# -- vectors ------------------------------------------------------------------------------------


def witness_games(g: Game) -> tuple[vectors.WitnessGames | None, str]:
    """The goal games of ``g``'s proofs, or ``None`` and why there are none: no proofs
    package, no proofs for the game, or proofs that give no goal games."""
    try:
        from dieproof.proofs import proof_game_ids, proofs_for
    except ImportError:
        return None, "dieproof.proofs cannot be imported"
    if g.id not in proof_game_ids():
        return None, "the game has no proofs"
    found = proofs_for(g.id).goal_games
    if found is None:
        return None, "its proofs give no goal games (GameProofs.goal_games is not set)"
    try:
        return found(), ""
    except Exception as error:  # a proof module's search is the game author's code
        raise CliError(
            f"{g.id}: the witness games of its proofs failed: {type(error).__name__}: {error}",
            EXIT_FAILURE,
            error="CLI.FAILED",
        ) from None


def generated(
    g: Game,
    witnesses: vectors.WitnessGames | None,
    *,
    seeds: int = vectors.RANDOM_SEEDS,
    readings: bool = False,
) -> list[dict[str, JSON]]:
    """Every case of ``g``; a failure inside generation is a one-line error, exit 1."""
    try:
        return vectors.generate(g, seeds=seeds, readings=readings, witnesses=witnesses)
    except Exception as error:  # a game's examples, rules or witnesses may fail
        raise CliError(
            f"{g.id}: generating its vectors failed: {type(error).__name__}: {error}",
            EXIT_FAILURE,
            error="CLI.FAILED",
        ) from None


def cmd_vectors(args: argparse.Namespace) -> int:
    """``dieproof vectors``."""
    as_json: bool = args.json
    check: Path | None = args.check
    out: Path | None = args.out
    if (check is None) == (out is None):
        raise CliError("give either --out DIR (write) or --check DIR (check)")
    if check is not None:
        return _check_vectors(check, as_json=as_json)
    assert out is not None
    wanted: list[str] = args.games
    games = [get_game(game_id) for game_id in wanted] if wanted else [game(i) for i in game_ids()]
    summary: list[JSON] = []
    err = err_console()
    for g in games:
        witnesses, why = (None, "--no-witnesses") if args.no_witnesses else witness_games(g)
        cases = generated(g, witnesses, seeds=args.seeds, readings=args.readings)
        try:
            written = vectors.write(cases, out)
        except OSError as error:
            raise CliError(
                f"cannot write the vectors under {out}: {error.strerror or error}", error="CLI.FILE"
            ) from None
        kinds: dict[str, JSON] = {
            kind: sum(1 for c in cases if c["kind"] == kind) for kind in vectors.KINDS
        }
        note = "" if witnesses else f" (no witness games: {why})"
        if not as_json:
            err.print(
                f"{g.id}: wrote {len(written)} cases to {out / g.id}: "
                + ", ".join(f"{count} {kind}" for kind, count in kinds.items())
                + note
            )
        entry: dict[str, JSON] = {"game": g.id, "cases": len(written), "kinds": kinds}
        if not witnesses:
            entry["no_witnesses"] = why
        summary.append(entry)
    if as_json:
        print_json({"ok": True, "out": str(out), "games": summary})
    return EXIT_OK


def _check_vectors(root: Path, *, as_json: bool) -> int:
    """Replay every case under ``root``. A file that is not a readable case is reported
    (malformed) and the others still run; the exit status is 2 if any file is malformed,
    else 1 if any case disagrees, else 0."""
    if not root.exists():
        raise CliError(f"{root} does not exist", error="CLI.FILE")
    reports = vectors.check_paths(vectors.case_files(root), game)
    failed = [r for r in reports if not r.ok]
    malformed = [r for r in failed if r.malformed]
    if as_json:
        print_json(
            {
                "ok": not failed and bool(reports),
                "cases": len(reports),
                "malformed": len(malformed),
                "failed": [r.to_json() for r in failed],
            }
        )
    else:
        out = out_console()
        for report in failed:
            what = "MALFORMED" if report.malformed else "FAILED"
            out.print(f"{what} {report.name}: {report.problem}")
        steps = sum(r.steps for r in reports)
        verdict = "OK" if not failed and reports else "FAILED"
        out.print(
            f"{len(reports)} cases, {steps:,} steps checked, {len(failed)} failed"
            + (f" ({len(malformed)} malformed)" if malformed else "")
            + f": {verdict}"
        )
    if malformed:
        return EXIT_USAGE
    return EXIT_OK if reports and not failed else EXIT_FAILURE


# -- serve --------------------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    """``dieproof serve``."""
    del args
    serve(sys.stdin.buffer, sys.stdout.buffer)
    return EXIT_OK


# -- differential -------------------------------------------------------------------------------


def cmd_differential(args: argparse.Namespace) -> int:
    """``dieproof differential``."""
    g = get_game(args.game)
    as_json: bool = args.json
    cases: list[differential.Case] = []
    if not args.no_vectors:
        cases += differential.vector_cases(_vector_source(g, args.vectors))
    games: int = args.games
    sampled: int = args.configs
    probes: int = args.probes
    for flag, value in (("--games", games), ("--configs", sampled), ("--probes", probes)):
        if value < 0:
            raise CliError(f"{flag} must be 0 or more")
    cases += differential.random_game_cases(g, games, args.seed, sampled=sampled)
    options = differential.Options(probes=probes, rule_ids=not args.no_rule_ids)
    if not cases:
        raise CliError("nothing to compare: no vectors and --games 0")
    try:
        with (
            differential.process_adapter(args.against, timeout=args.timeout) as adapter,
            progress_bar(args.quiet or as_json) as progress,
        ):
            task = progress.add_task(f"differential {g.id}", total=len(cases))
            report = differential.run(
                g,
                adapter,
                cases,
                on_case=lambda done: progress.update(task, completed=done),
                options=options,
            )
    except differential.AdapterError as error:
        raise CliError(str(error), error="CLI.ADAPTER") from None
    if as_json:
        print_json(report.to_json())
    else:
        _print_report(report)
    return EXIT_OK if report.ok else EXIT_FAILURE


def _vector_source(g: Game, folder: Path | None) -> Sequence[dict[str, JSON]]:
    if folder is None:
        return generated(g, witness_games(g)[0])
    paths = vectors.case_files(folder / g.id if (folder / g.id).is_dir() else folder)
    found = []
    for path in paths:
        try:
            case = vectors.read(path)
        except vectors.VectorError as error:
            raise CliError(str(error), error="CLI.JSON") from None
        if case.get("game") == g.id:
            found.append(case)
    if not found:
        raise CliError(f"no {g.id} cases under {folder}")
    return found


def _print_report(report: differential.Report) -> None:
    out_console().print(report.render())
