"""The ``dieproof`` command line (DESIGN section 6).

Every command exits 0 on success, 1 when what it checks fails (a proof, an invariant, a
trace, a differential run), and 2 on bad input (an unknown game, a malformed trace or
config, a bad flag). Commands that a machine may read offer ``--json``; their human
output is rich tables on stdout, progress and status on stderr.

Tests and scripts call :func:`main` in-process with an argument list; the docs render
each command's help from :func:`build_parser`. Each command family lives in its own
module (:mod:`~dieproof.reference.cli.games`, :mod:`~dieproof.reference.cli.proofs`,
:mod:`~dieproof.reference.cli.simulate`, :mod:`~dieproof.reference.cli.traces`,
:mod:`~dieproof.reference.cli.oracle`), which adds its subcommands in ``register``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from dieproof.reference import __version__
from dieproof.reference.cli import games, oracle, proofs, simulate, traces
from dieproof.reference.cli.common import (
    CLI_ERRORS,
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    ArgumentParser,
    CliError,
    Handler,
    HelpFormatter,
)
from dieproof.reference.core.errors import RulesError

__all__ = [
    "CLI_ERRORS",
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CliError",
    "build_parser",
    "main",
]


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; each subcommand's ``handler`` default runs it."""
    parser = ArgumentParser(
        prog="dieproof",
        description="A verified rules specification and reference implementation of five "
        "survival tabletop games: proofs, random play, and an oracle for other "
        "implementations.",
        epilog="exit codes: 0 success, 1 a check failed, 2 bad input.\n\n"
        "examples:\n  dieproof list\n  dieproof verify\n"
        "  dieproof simulate squirrel-or-die -n 1000 --jobs 4\n"
        "  dieproof check my-port-game.jsonl\n"
        "  dieproof differential squirrel-or-die --against 'node my-port/adapter.js'",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"dieproof {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=ArgumentParser
    )

    def command(
        name: str, summary: str, description: str, examples: str, handler: Handler
    ) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(
            name,
            help=summary,
            description=description,
            epilog="examples:\n" + examples,
            formatter_class=HelpFormatter,
        )
        sub.set_defaults(handler=handler)
        return sub

    games.register(command)
    proofs.register(command)
    simulate.register(command)
    traces.register(command)
    oracle.register(command)
    return parser


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
        _error(args.command, str(error), error.error)
        return error.code
    except RulesError as error:  # bad input the rules refused (a config, a game id, ...)
        _error(args.command, error.message, error.code)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `dieproof play ... | head`: the reader left. Point stdout at /dev/null so the
        # interpreter's final flush does not fail again, and exit quietly.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    except Exception as error:  # a bug: one line, unless asked for the traceback
        if os.environ.get("DIEPROOF_TRACEBACK"):
            raise
        _error(args.command, f"internal error: {type(error).__name__}: {error}", "CLI.INTERNAL")
        return EXIT_FAILURE


def _error(command: str, message: str, code: str) -> None:
    """Print an error in one line on stderr (a long message is cut)."""
    text = " ".join(message.split())
    if len(text) > 500:
        text = text[:497] + "..."
    print(f"dieproof {command}: error: {text} [{code}]", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
