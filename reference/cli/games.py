"""``dieproof list``, ``dieproof info`` and ``dieproof components``: what is installed."""

from __future__ import annotations

import argparse
import platform
import sys
from typing import cast

from rich.table import Table

from dieproof.reference import __version__, game_ids
from dieproof.reference.cli.common import (
    EXIT_OK,
    CliError,
    CommandFactory,
    all_games,
    dist_version,
    get_game,
    json_flag,
    out_console,
    print_json,
    ranges,
)
from dieproof.reference.cli.proofs import proofs_module
from dieproof.reference.core.game import JSON


def register(command: CommandFactory) -> None:
    """Add ``list``, ``info`` and ``components``."""
    sub = command(
        "list",
        "list the registered games",
        "List every registered game: id, title, rule prefix and player counts.",
        "  dieproof list\n  dieproof list --json",
        cmd_list,
    )
    json_flag(sub)

    sub = command(
        "info",
        "versions and games, for bug reports",
        "Print the dieproof, Python, z3 and msgspec versions and the registered games.",
        "  dieproof info\n  dieproof info --json",
        cmd_info,
    )
    json_flag(sub)

    sub = command(
        "components",
        "a game's components and where each comes from",
        "List the components of a game's default configuration, item by item, with the "
        "source of each: printed in the rulebook, a public source, or provisional "
        "(dieproof's placeholder where nothing published gives it, named in the ambiguity "
        "log). Conformance vectors on the default configuration assume the provisional "
        "ones.",
        "  dieproof components until-daylight\n  dieproof components squirrel-or-die --json",
        cmd_components,
    )
    sub.add_argument("game", metavar="GAME", help="the game id")
    json_flag(sub)


def cmd_components(args: argparse.Namespace) -> int:
    """``dieproof components GAME``."""
    from dieproof.reference.oracle.content import component_json

    g = get_game(args.game)
    found = g.components(g.default_config())
    if args.json:
        print_json([component_json(c) for c in found])
        return EXIT_OK
    table = Table("component", "source", "citation", "items")
    for c in found:
        table.add_row(c.name, c.source, c.citation, "\n".join(c.items))
    out_console().print(table)
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """``dieproof list``."""
    rows: list[dict[str, JSON]] = []
    for g in all_games():
        players: list[JSON] = [*sorted({c.players for c in g.configs()})]
        rows.append({"id": g.id, "title": g.title, "prefix": g.prefix, "players": players})
    if args.json:
        print_json(rows)
        return EXIT_OK
    table = Table("id", "title", "prefix", "players")
    for row in rows:
        counts = cast("list[int]", row["players"])
        table.add_row(str(row["id"]), str(row["title"]), str(row["prefix"]), ranges(counts))
    out_console().print(table)
    return EXIT_OK


def cmd_info(args: argparse.Namespace) -> int:
    """``dieproof info``."""
    try:
        proof_ids: JSON = list(proofs_module().proof_game_ids())
    except CliError as error:
        proof_ids = f"unavailable: {error}"
    info: dict[str, JSON] = {
        "dieproof": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "z3": dist_version("z3-solver"),
        "msgspec": dist_version("msgspec"),
        "rich": dist_version("rich"),
        "open_spiel": dist_version("open-spiel"),
        "games": list(game_ids()),
        "proofs": proof_ids,
    }
    if args.json:
        print_json(info)
        return EXIT_OK
    table = Table("", "", show_header=False, box=None)
    for key, value in info.items():
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        table.add_row(key, "-" if value is None else shown)
    out_console().print(table)
    return EXIT_OK
