"""``dieproof play`` and ``dieproof check``: one game step by step, and trace replay."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import msgspec

from dieproof.reference import __version__, game
from dieproof.reference.bench import config_label
from dieproof.reference.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    CliError,
    CommandFactory,
    config_flags,
    err_console,
    get_game,
    json_flag,
    out_console,
    print_json,
    select_configs,
)
from dieproof.reference.core import driver
from dieproof.reference.core.game import Game
from dieproof.reference.core.trace import write_trace
from dieproof.reference.core.types import CHANCE, JSON, Action, Result, State
from dieproof.reference.oracle.check import (
    CheckReport,
    MalformedTrace,
    ReplayedStep,
    bounded_lines,
    check_file,
    check_trace,
)


def register(command: CommandFactory) -> None:
    """Add ``play`` and ``check``."""
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
    config_flags(sub, many=False)
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
    json_flag(sub)


def cmd_play(args: argparse.Namespace) -> int:
    """``dieproof play``."""
    trace: Path | None = args.trace
    if trace is not None:
        if args.game or args.out or args.config or args.players is not None or args.variant:
            raise CliError("--trace replays the trace's own game and config; drop the others")
        return _play_trace(trace, show=args.show)
    if not args.game:
        raise CliError("play needs a GAME or --trace")
    g = get_game(args.game)
    seed: int = args.seed
    players: int | None = args.players
    variant: str | None = args.variant
    if args.config or variant is not None:
        if players is None and variant is not None:
            players = g.default_config().players
        picked = select_configs(
            g,
            args.config,
            None if players is None else [players],
            None if variant is None else [variant],
        )
        config = picked[0].config
    else:
        config = g.default_config(players)
    # A configuration the rules refuse is bad input, found before anything is printed.
    config = g.load_config(g.dump_config(config))
    target: Path | None = args.out
    if target is not None:
        try:
            target.open("a", encoding="utf-8").close()
        except OSError as error:
            raise CliError(f"cannot write {target}: {error.strerror}", error="CLI.FILE") from None
    out = out_console()
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
    if target is not None:
        with target.open("w", encoding="utf-8") as file:
            write_trace(file, g, config, playout.actions, generator=f"dieproof {__version__}")
        err_console().print(f"wrote {len(playout.actions)} steps to {target}")
    return EXIT_FAILURE if playout.violations else EXIT_OK


def _play_trace(path: Path, *, show: bool) -> int:
    out = out_console()
    trace_game = _peek_game(path)

    def on_step(step: ReplayedStep) -> None:
        note = f"  (rejected as expected: {step.error.code})" if step.error is not None else ""
        out.print(f"{step.step:5}  {_mover(step.mover):9} {step.text}{note}")
        if show and step.error is None:
            out.print(_show_state(game(trace_game), step.after))

    report = run_check(path, on_step)
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


def _result(value: JSON) -> Result:
    return msgspec.convert(value, Result)


def cmd_check(args: argparse.Namespace) -> int:
    """``dieproof check``."""
    as_json: bool = args.json
    source: str = args.trace
    try:
        if source == "-":
            # bytes where there are (a real stdin), so bad UTF-8 is a malformed line
            buffer = getattr(sys.stdin, "buffer", None)
            stdin: Iterable[str | bytes] = sys.stdin if buffer is None else bounded_lines(buffer)
            report = check_trace(stdin)
        else:
            report = check_file(Path(source))
    except MalformedTrace as error:
        if as_json:
            print_json(
                {
                    "ok": False,
                    "malformed": {"code": error.code, "line": error.line, "message": error.message},
                }
            )
        raise CliError(f"malformed trace: {error.message}", error=error.code) from None
    except OSError as error:
        raise CliError(f"cannot read {source}: {error.strerror}", error="CLI.FILE") from None
    if as_json:
        print_json(report.to_json())
    else:
        out_console().print(report.render())
    return EXIT_OK if report.ok else EXIT_FAILURE


def run_check(path: Path, on_step: Callable[[ReplayedStep], None]) -> CheckReport:
    """:func:`check_file`; a malformed or unreadable trace is a :class:`CliError`."""
    try:
        return check_file(path, on_step=on_step)
    except MalformedTrace as error:
        raise CliError(f"malformed trace: {error.message}", error=error.code) from None
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}", error="CLI.FILE") from None
