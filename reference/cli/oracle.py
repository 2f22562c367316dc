"""``dieproof schema``, ``vectors``, ``serve`` and ``differential``: the oracle."""

from __future__ import annotations

import argparse

from dieproof.reference.cli.common import EXIT_OK, CommandFactory, get_game, print_json


def register(command: CommandFactory) -> None:
    """Add the oracle commands."""
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


def cmd_schema(args: argparse.Namespace) -> int:
    """``dieproof schema``."""
    schemas = get_game(args.game).schemas()
    kind: str | None = args.kind
    print_json(schemas if kind is None else schemas[kind])
    return EXIT_OK
