"""What every command shares: exit codes, errors, flags, consoles and small helpers."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Final, NoReturn

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from dieproof.reference import game, game_ids
from dieproof.reference.bench import config_label, plain
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.game import JSON, Game
from dieproof.reference.core.types import Config

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
"""A check failed: a proof, an invariant, a trace divergence, a game that raised."""
EXIT_USAGE: Final = 2
"""Bad input: unknown game, malformed trace or config, bad flags (argparse's code)."""

DEFAULT_TIMEOUT_MS: Final = 10_000


class CliError(Exception):
    """A failure to report in one line, without a traceback:
    ``dieproof COMMAND: error: MESSAGE [CODE]``, then exit with ``code``."""

    def __init__(self, message: str, code: int = EXIT_USAGE, *, error: str = "CLI.USAGE") -> None:
        super().__init__(message)
        self.code = code
        """The exit status: :data:`EXIT_USAGE` for bad input, :data:`EXIT_FAILURE` for a
        failed check."""
        self.error = error
        """The stable machine code: a game's (``SOD.PLAYERS``) or the command line's own
        (:data:`CLI_ERRORS`)."""

    @classmethod
    def of(cls, error: RulesError, context: str = "") -> CliError:
        """Bad input the rules refused (exit 2), with its code."""
        prefix = f"{context}: " if context else ""
        return cls(prefix + error.message, EXIT_USAGE, error=error.code)


CLI_ERRORS: Final = {
    "CLI.USAGE": "a flag or argument is missing, unknown or out of range",
    "CLI.FILE": "a file cannot be read or written",
    "CLI.JSON": "a file is not JSON, nests too deeply, or repeats a key",
    "CLI.ADAPTER": "the adapter of `dieproof differential` cannot be started",
    "CLI.NO_PROOFS": "the game has no proofs (exit 1)",
    "CLI.FAILED": "a step of the command failed (exit 1): a dieproof or game bug",
    "CLI.INTERNAL": "dieproof failed unexpectedly: a bug, please report it "
    "(DIEPROOF_TRACEBACK=1 shows the traceback)",
}
"""The command line's own error codes; the games' codes (``SOD.PLAYERS``) come from the
rules."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse with its usage errors in one line, like every other error:
    ``dieproof COMMAND: error: MESSAGE (see dieproof COMMAND --help) [CLI.USAGE]``."""

    def error(self, message: str) -> NoReturn:
        hint = f"(see {self.prog} --help)"
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} {hint} [CLI.USAGE]\n")


Handler = Callable[[argparse.Namespace], int]
"""Runs one subcommand with its parsed arguments; returns the exit code."""

CommandFactory = Callable[[str, str, str, str, Handler], argparse.ArgumentParser]
"""``command(name, summary, description, examples, handler)`` adds a subcommand."""


class HelpFormatter(argparse.HelpFormatter):
    """Wraps prose to the terminal like argparse does, but keeps indented lines (the
    examples of an epilog) exactly as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(
            indent + line
            if not line or line.startswith("  ")
            else super(HelpFormatter, self)._fill_text(line, width, indent)
            for line in text.splitlines()
        )


def json_flag(sub: argparse.ArgumentParser) -> None:
    """Add ``--json``."""
    sub.add_argument("--json", action="store_true", help="print JSON on stdout for machines")


def timeout_flag(sub: argparse.ArgumentParser) -> None:
    """Add ``--timeout-ms``, the per-obligation solver timeout."""
    sub.add_argument(
        "--timeout-ms",
        type=positive,
        default=DEFAULT_TIMEOUT_MS,
        metavar="T",
        help=f"per-obligation solver timeout (default {DEFAULT_TIMEOUT_MS})",
    )


def config_flags(sub: argparse.ArgumentParser, *, many: bool) -> None:
    """Add ``--players``, ``--variant`` (several of each with ``many``) and ``--config``."""
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


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0."""
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


@dataclass(frozen=True, slots=True)
class Selected:
    """A configuration picked from the command line, with its label and the flags that
    pick it again."""

    config: Config
    label: str
    reproduce: str
    """The flags that pick this configuration again in ``dieproof play``."""


def select_configs(
    g: Game, config_file: Path | None, players: list[int] | None, variants: list[str] | None
) -> list[Selected]:
    """The configurations to play: the one in ``--config``, or the filtered official ones."""
    if config_file is not None:
        if players or variants:
            raise CliError("--config excludes --players and --variant")
        config = read_config(g, config_file)
        label = f"{config_file.name}: {config_label(g, config)}"
        return [Selected(config, label, f"--config {config_file}")]
    chosen = []
    for config in g.configs():
        variant = variant_of(config)
        if players and config.players not in players:
            continue
        if variants and variant not in variants:
            continue
        flags = f"--players {config.players}" + (f" --variant {variant}" if variant else "")
        chosen.append(Selected(config, config_label(g, config), flags))
    if not chosen:
        known = sorted({variant_of(c) or "-" for c in g.configs()})
        counts = sorted({c.players for c in g.configs()})
        raise CliError(
            f"no configuration of {g.id} matches; players: {ranges(counts)}, "
            f"variants: {', '.join(known)}"
        )
    return chosen


def variant_of(config: Config) -> str | None:
    """The configuration's ``variant`` as its JSON value; ``None`` if the game has none."""
    value: object = getattr(config, "variant", None)
    return None if value is None else plain(value)


def read_config(g: Game, path: Path) -> Config:
    """The configuration in the JSON file ``path``; bad input is a :class:`CliError`."""
    text = read_bytes(path)
    try:
        return g.load_config(text)
    except RulesError as error:
        raise CliError.of(error, str(path)) from None


def read_bytes(path: Path) -> bytes:
    """The bytes of the file ``path`` (``-``: stdin); an unreadable file is a
    :class:`CliError` (CLI.FILE)."""
    try:
        if str(path) == "-":
            return sys.stdin.buffer.read()
        return path.read_bytes()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}", error="CLI.FILE") from None


def right_align(table: Table, *columns: int) -> None:
    """Right-align the given columns of ``table`` (numbers)."""
    for column in columns:
        table.columns[column].justify = "right"


def get_game(game_id: str) -> Game:
    """The registered game ``game_id``; an unknown id is a :class:`CliError`."""
    try:
        return game(game_id)
    except RulesError as error:
        raise CliError.of(error) from None


def all_games() -> Iterator[Game]:
    """Every registered game, by id."""
    for game_id in game_ids():
        yield get_game(game_id)


def ranges(counts: Sequence[int]) -> str:
    """``2-4`` for consecutive counts, else a comma-separated list."""
    if not counts:
        return "-"
    if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts)


def dist_version(distribution: str) -> str | None:
    """The installed version of ``distribution``, or ``None``."""
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def decode_json(text: str) -> JSON:
    """Parse JSON text."""
    decoded: JSON = json.loads(text)
    return decoded


def plain_json(data: Mapping[str, object]) -> JSON:
    """A report's JSON through a JSON round trip (its values are JSON already)."""
    return decode_json(json.dumps(data))


def print_json(data: object) -> None:
    """Print ``data`` as indented JSON on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def out_console() -> Console:
    """The console for results (stdout)."""
    # markup off: actions, rule ids and JSON are full of square brackets.
    # soft_wrap: long JSON lines stay whole, for copying; tables still fit the width.
    console = Console(markup=False, highlight=False, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        # Piped into a file or a CI log: room for the tables rather than the default 80.
        console.width = 160
    return console


def err_console() -> Console:
    """The console for progress and status (stderr)."""
    return Console(stderr=True, markup=False, highlight=False)


@contextlib.contextmanager
def status(message: str, *, quiet: bool) -> Iterator[None]:
    """A spinner with ``message`` on stderr while the block runs, unless ``quiet``."""
    if quiet:
        yield
        return
    with err_console().status(message):
        yield


@contextlib.contextmanager
def progress_bar(quiet: bool) -> Iterator[Progress]:
    """A progress bar on stderr (disabled when ``quiet``)."""
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        disable=quiet,
    )
    with progress:
        yield progress
