"""Putting the site together: what is generated, from what, and when it is generated
again.

At ``builder-inited`` the extension writes ``docs/generated/`` (git-ignored): per game a
folder of pages and pictures (:mod:`~dieproof_docs.player`,
:mod:`~dieproof_docs.engineer`, :mod:`~dieproof_docs.figures`), and the shared pages
(the games index and tables, the CLI and API references, the oracle guide's generated
half). Only files whose text changed are written, so Sphinx rebuilds only the pages
that changed.

Generating a game's pages proves its model, refutes its wrong encodings and plays games
for its diagram: seconds, not milliseconds. So each game's files are cached (beside
Sphinx's doctrees) under a digest of everything they are made from: the game's
specification, package, proofs module, figures module and measured data, the shared
code of ``spec/``, ``reference/``, ``proofs/`` and this extension, the tests that name the
game's ids, and the versions of the tools that draw the pictures. A build in which
nothing of a game changed reuses its files without running anything.
"""

from __future__ import annotations

import hashlib
import json
import platform
import re
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

import msgspec
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

from dieproof.proofs.traceability import build as build_trace
from dieproof.proofs.traceability import model_kinds, scan_tests
from dieproof.spec import load, spec_ids
from dieproof_docs import code, engineer, player
from dieproof_docs.context import GENERATED, GameContext, Placed
from dieproof_docs.data import load_proof_times, load_simulation
from dieproof_docs.figures import Dot, Figure, FigureError, game_figures, render
from dieproof_docs.machine import COLOURS, observe, phase_dot, phase_steps_dot, step_dot, title_of
from dieproof_docs.plots import simulation_figures
from dieproof_docs.proofview import load_proofs
from dieproof_docs.rst import esc, heading, inline, list_table, lit

__all__ = [
    "CACHE_VERSION",
    "GameRow",
    "build_game",
    "generate",
    "render_front",
    "render_games_index",
    "render_games_table",
    "write",
]

LOGGER = logging.getLogger(__name__)

CACHE_VERSION = 1
"""Bump to invalidate every cached game (a change of this extension does too)."""

ROOT = Path(__file__).resolve().parents[3]
"""The repository."""


class GameRow(msgspec.Struct, frozen=True):
    """What the shared pages show of a game."""

    id: str
    title: str
    players: tuple[int, int] | None
    rules: int
    ambiguities: int
    invariants: int
    proofs: str
    """The proofs cell (reStructuredText)."""
    problems: int
    """Traceability problems."""
    topics: tuple[tuple[str, str], ...]
    """(page, title) of each rules page."""


class Cached(msgspec.Struct, frozen=True):
    digest: str
    files: dict[str, str]
    row: GameRow
    problems: tuple[str, ...]


# -- one game ---------------------------------------------------------------------------------


def build_game(
    game_id: str, tests: Mapping[str, Sequence[str]], *, wrong: bool = True
) -> tuple[dict[str, str], GameRow, list[str]]:
    """Every file of one game (path relative to the docs source -> text), its row for
    the shared pages, and the problems met (each a build warning)."""
    from dieproof import reference

    spec = load(game_id)
    proofs = load_proofs(game_id, wrong=wrong)
    g = reference.game(game_id) if game_id in reference.game_ids() else None
    model_ids = None if isinstance(proofs, str) else model_kinds(proofs.model)
    obligations = () if isinstance(proofs, str) else proofs.report.obligations
    trace = build_trace(spec, tests, source=g, model_ids=model_ids, obligations=obligations)
    ctx = GameContext(
        spec=spec,
        trace=trace,
        proofs=proofs,
        game=g,
        machine=observe(g) if g is not None else None,
        components=g.components(g.default_config()) if g is not None else (),
        simulation=load_simulation(game_id),
        times=load_proof_times(game_id),
    )
    files: dict[str, str] = {}
    code_page = code.render_code_page(spec)
    ctx.has_code_page = code_page is not None
    if code_page is not None:
        files[f"{ctx.folder}/code.rst"] = code_page
    files.update(_figures(ctx))
    files[f"{ctx.folder}/index.rst"] = player.render_overview(ctx)
    for topic in ctx.topics:
        files[f"{ctx.folder}/{topic.page}.rst"] = player.render_topic(ctx, topic)
    files[f"{ctx.folder}/open-questions.rst"] = player.render_open_questions(ctx)
    files[f"{ctx.folder}/questions.rst"] = player.render_questions(ctx)
    files[f"{ctx.folder}/card.rst"] = player.render_card(ctx, numbers(g))
    files[f"{ctx.folder}/engineering.rst"] = engineer.render_engineering(
        ctx, code.canonical_names(spec)
    )
    files[f"{ctx.folder}/proofs.rst"] = engineer.render_proofs(ctx)
    row = GameRow(
        id=game_id,
        title=spec.game.title,
        players=ctx.players(),
        rules=len(spec.rules),
        ambiguities=len(spec.ambiguities),
        invariants=len(spec.invariants),
        proofs=engineer.proof_cell(proofs),
        problems=len(trace.problems),
        topics=tuple((t.page, t.title) for t in ctx.topics),
    )
    return files, row, ctx.problems


LEGEND = (
    (COLOURS["player"][0], "a player decides"),
    (COLOURS["chance"][0], "chance: a roll, a draw, a timer"),
    (COLOURS["end"][0], "the game is over"),
)


def _generic_figures(ctx: GameContext) -> list[Figure]:
    """The figures every game gets: its phases, its steps, its simulated games."""
    found: list[Figure] = []
    machine = ctx.machine
    if machine is not None and machine.structured and machine.phases:
        phases = " → ".join(p.value for p in machine.phases)
        found.append(
            Figure(
                name="machine-phases",
                alt=f"Diagram of the phases of {ctx.title} and which follows which: {phases}.",
                caption="The phases, as the reference moves between them.",
                image=Dot(phase_dot(machine)),
                wide=True,
            )
        )
    if machine is not None and machine.structured:
        for phase in machine.phases:
            steps_here = [n for n in machine.steps_of(phase.value) if n.who != "end"]
            if len(steps_here) < 2:  # one step: the turn summary says all there is
                continue
            listed = ", ".join(f"{n.key[1]} ({n.who})" for n in steps_here)
            found.append(
                Figure(
                    name=f"machine-phase-{phase.value}",
                    alt=f"State diagram of the {phase.value} phase of {ctx.title}: its steps "
                    f"({listed}), the moves between them, and grey boxes for the phases it "
                    "comes from and goes to.",
                    caption=f"{title_of(phase.value)}: its steps and the moves between them "
                    "(grey: where the phase is entered from and left to).",
                    image=Dot(phase_steps_dot(machine, phase.value)),
                    wide=True,
                    legend=LEGEND,
                )
            )
    if machine is not None:
        steps = ", ".join(f"{n.key[0]} {n.key[1]}".strip() + f" ({n.who})" for n in machine.nodes)
        found.append(
            Figure(
                name="machine-steps",
                alt=f"State diagram of {ctx.title}'s steps grouped by phase, with an arrow "
                f"for every move seen in {machine.games} games played by the reference. "
                f"Steps: {steps}.",
                caption=f"Every step and every move between steps, observed in "
                f"{machine.games} games the reference played (seeded random games of every "
                "configuration, the rulebook's worked examples and the proofs' witness "
                "games). Labels name the moves where a step has more than one kind; dashed "
                "arrows lead back to an earlier phase.",
                image=Dot(step_dot(machine)),
                where="engineering",
                wide=True,
                natural=True,
                legend=LEGEND,
            )
        )
    if ctx.simulation is not None:
        titles = {r.id: r.title for r in ctx.spec.rules}
        found += simulation_figures(ctx.simulation, titles)
    return found


def _figures(ctx: GameContext) -> dict[str, str]:
    figures = _generic_figures(ctx)
    if ctx.game is not None:
        try:
            figures += game_figures(ctx.game)
        except Exception as error:  # a broken figures module is reported, not hidden
            ctx.problems.append(f"{ctx.id}: the figures module failed: {error}")
    places = {"overview", "engineering"} | {t.key for t in ctx.topics}
    places |= {r.id for r in ctx.spec.rules}
    files: dict[str, str] = {}
    for figure in figures:
        if figure.where not in places:
            ctx.problems.append(
                f"{ctx.id}: figure {figure.name!r} is placed at {figure.where!r}, which is "
                "neither 'overview', 'engineering', a rule topic nor a rule id"
            )
            continue
        try:
            svg = render(figure.image)
        except FigureError as error:
            ctx.problems.append(f"{ctx.id}: figure {figure.name!r}: {error}")
            continue
        except Exception as error:  # a drawing that crashes is reported, not hidden
            ctx.problems.append(f"{ctx.id}: figure {figure.name!r} failed: {error!r}")
            continue
        # Sphinx copies every image into one folder by its file name: keep names unique.
        name = f"{ctx.id}-{figure.name}.svg"
        files[f"{ctx.folder}/img/{name}"] = svg
        ctx.figures.append(Placed(figure, f"img/{name}", svg_width(svg)))
    return files


def svg_width(svg: str) -> int:
    """The width an SVG asks for, in CSS pixels (Graphviz and matplotlib give points)."""
    root = re.search(r"<svg\b[^>]*?\swidth=\"([\d.]+)(pt|px)?\"", svg)
    if root is None:
        return 0
    value = float(root.group(1))
    return round(value * 4 / 3 if root.group(2) in (None, "pt") else value)


def numbers(g: object) -> list[tuple[str, str, str]]:
    """The whole-number constants of the game's ``types`` module that carry a docstring
    (the numbers the rulebook fixes): (name, value, meaning)."""
    config_type = getattr(g, "config_type", None)
    if config_type is None:
        return []
    module_name = config_type.__module__
    try:
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
    except Exception:  # no source to read: no numbers
        return []
    import importlib

    module = importlib.import_module(module_name)
    found = []
    for (scope, name), lines in docs.items():
        value = getattr(module, name, None)
        if scope or not name.isupper() or isinstance(value, bool) or not isinstance(value, int):
            continue
        found.append((name, str(value), " ".join(" ".join(lines).split())))
    return found


# -- the shared pages ---------------------------------------------------------------------------


def render_games_table(rows: Sequence[GameRow]) -> str:
    """The engineer's table of games (links relative to ``docs/``)."""
    if not rows:
        return "No game has a specification yet.\n"
    body = (
        [
            f":doc:`{inline(r.title)} </{GENERATED}/{r.id}/index>`",
            lit(r.id),
            str(r.rules),
            str(r.ambiguities),
            str(r.invariants),
            r.proofs,
            f":doc:`{'complete' if not r.problems else f'{r.problems} problems'}"
            f" </{GENERATED}/{r.id}/engineering>`",
        ]
        for r in rows
    )
    headers = ["Game", "Id", "Rules", "Open questions", "Invariants", "Proofs", "Traceability"]
    return "\n".join(list_table(headers, body, classes="games")).rstrip() + "\n"


def render_front(rows: Sequence[GameRow]) -> str:
    """The front page's list of games: each with its rules pages, card and index."""
    if not rows:
        return "No game has a specification yet.\n"
    lines: list[str] = []
    for r in rows:
        players = f" ({r.players[0]} to {r.players[1]} players)" if r.players else ""
        base = f"/{GENERATED}/{r.id}"
        parts = " · ".join(f":doc:`{esc(title)} <{base}/{page}>`" for page, title in r.topics)
        lines += [
            f"- :doc:`{inline(r.title)} <{base}/index>`{esc(players)}",
            "",
            f"  Rules: {parts}",
            "",
            f"  :doc:`Quick reference <{base}/card>` · :doc:`What happens when ... "
            f"<{base}/questions>` · :doc:`Open questions <{base}/open-questions>` · "
            f":doc:`Engineer's view <{base}/engineering>`",
            "",
        ]
    return "\n".join(lines)


def render_games_index(rows: Sequence[GameRow]) -> str:
    """The page that lists the games (the front page's toctree points here)."""
    lines = [
        ".. Generated by docs/_ext/dieproof_docs; do not edit it.",
        "",
        *heading("Games", "="),
        "One part per game with a specification in ``spec/``: the rules for players, the",
        "traceability and proofs for engineers.",
        "",
    ]
    if not rows:
        return "\n".join([*lines, "No game has a specification yet.", ""])
    lines += render_games_table(rows).splitlines()
    lines += ["", ".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   {r.id}/index" for r in rows]
    return "\n".join(lines) + "\n"


def _render_oracle() -> str:
    """The generated half of the oracle guide (see ``oracle_docs``)."""
    from oracle_docs import render_oracle

    return render_oracle()


# -- digests and the cache ---------------------------------------------------------------------


def _package(game_id: str) -> str:
    return game_id.replace("-", "_")


def _files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found += sorted(
                p
                for p in path.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
            )
    return found


def _game_paths(game_id: str) -> list[Path]:
    package = _package(game_id)
    return [
        ROOT / "spec" / f"{game_id}.toml",
        ROOT / "reference" / package,
        ROOT / "proofs" / package,
        ROOT / "proofs" / f"{package}.py",
        ROOT / "docs" / "figures" / f"{package}.py",
        ROOT / "docs" / "data" / game_id,
    ]


def _common_paths(games: Iterable[str]) -> list[Path]:
    """spec/, reference/, proofs/ and this extension, less every game's own files."""
    own = {p for g in games for p in _files(_game_paths(g))}
    everything = _files([ROOT / "spec", ROOT / "reference", ROOT / "proofs", Path(__file__).parent])
    return [
        p
        for p in everything
        if p not in own and p.suffix in {".py", ".toml"} and "vectors" not in p.parts
    ]


@cache
def _tools() -> str:
    """The versions of what draws the pictures (their output is part of the files)."""
    import matplotlib
    import sphinx

    dot = shutil.which("dot")
    graphviz = ""
    if dot is not None:
        done = subprocess.run([dot, "-V"], capture_output=True, text=True, check=False)
        graphviz = (done.stderr or done.stdout).strip()
    return f"{platform.python_version()} {sphinx.__version__} {matplotlib.__version__} {graphviz}"


def _digest(paths: Iterable[Path], *extra: str) -> str:
    hasher = hashlib.sha256()
    hasher.update(f"{CACHE_VERSION}\0{_tools()}\0".encode())
    for value in extra:
        hasher.update(value.encode() + b"\0")
    for path in paths:
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        hasher.update(str(name).encode() + b"\0")
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


def _tests_of(spec_id: str, tests: Mapping[str, Sequence[str]]) -> str:
    prefix = load(spec_id).game.prefix + "-"
    return json.dumps({k: sorted(v) for k, v in sorted(tests.items()) if k.startswith(prefix)})


def generate(
    srcdir: Path, tests_dir: Path, cache_dir: Path | None = None
) -> tuple[dict[str, str], list[str]]:
    """Every generated file's text by its path relative to ``srcdir``, and the problems
    met. With ``cache_dir``, a game whose inputs did not change is not generated again."""
    del srcdir  # every path is relative to it; kept for the hook's signature
    from dieproof import reference

    tests = scan_tests(tests_dir) if tests_dir.is_dir() else {}
    ids = spec_ids()
    everyone = set(ids) | set(reference.game_ids())
    common = _common_paths(everyone)
    files: dict[str, str] = {}
    rows: list[GameRow] = []
    problems: list[str] = []
    for game_id in ids:
        digest = _digest([*common, *_files(_game_paths(game_id))], _tests_of(game_id, tests))
        cached = _read_cache(cache_dir, game_id, digest)
        if cached is None:
            game_files, row, found = build_game(game_id, tests)
            cached = Cached(digest, game_files, row, tuple(found))
            _write_cache(cache_dir, game_id, cached)
        files.update(cached.files)
        rows.append(cached.row)
        problems += cached.problems
    extension = Path(__file__).resolve().parent.parent  # docs/_ext: the oracle guide's too
    oracle_digest = _digest(_files([ROOT / "spec", ROOT / "reference", ROOT / "proofs", extension]))
    oracle = _read_cache(cache_dir, "oracle", oracle_digest)
    if oracle is None:
        oracle_files = {f"{GENERATED}/oracle.rst.inc": _render_oracle()}
        oracle = Cached(oracle_digest, oracle_files, _NO_ROW, ())
        _write_cache(cache_dir, "oracle", oracle)
    files.update(oracle.files)
    files[f"{GENERATED}/games.rst"] = render_games_index(rows)
    files[f"{GENERATED}/games-table.rst.inc"] = render_games_table(rows)
    files[f"{GENERATED}/front-games.rst.inc"] = render_front(rows)
    files[f"{GENERATED}/cli.rst.inc"] = code.render_cli()
    files[f"{GENERATED}/api-modules.rst.inc"] = code.render_api_modules()
    files[f"{GENERATED}/api-games.rst.inc"] = _api_games(rows, files)
    return files, problems


_NO_ROW = GameRow("", "", None, 0, 0, 0, "", 0, ())


def _api_games(rows: Sequence[GameRow], files: Mapping[str, str]) -> str:
    pages = [r for r in rows if f"{GENERATED}/{r.id}/code.rst" in files]
    if not pages:
        return "No game names code of its own yet.\n"
    return "".join(f"- :doc:`{inline(r.title)} </{GENERATED}/{r.id}/code>`\n" for r in pages)


def _cache_file(cache_dir: Path, name: str) -> Path:
    return cache_dir / f"{name}.json"


def _read_cache(cache_dir: Path | None, name: str, digest: str) -> Cached | None:
    if cache_dir is None:
        return None
    path = _cache_file(cache_dir, name)
    try:
        cached = msgspec.json.decode(path.read_bytes(), type=Cached)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return cached if cached.digest == digest else None


def _write_cache(cache_dir: Path | None, name: str, cached: Cached) -> None:
    if cache_dir is None:
        return
    cache_dir.mkdir(parents=True, exist_ok=True)
    _cache_file(cache_dir, name).write_bytes(msgspec.json.encode(cached))


# -- writing ---------------------------------------------------------------------------------


def write(srcdir: Path, files: Mapping[str, str]) -> list[str]:
    """Write ``files`` under ``srcdir``; touch only changed ones, delete stale ones.

    Returns the paths written. Leaving unchanged files alone keeps Sphinx's incremental
    builds incremental.
    """
    out = srcdir / GENERATED
    out.mkdir(exist_ok=True)
    written: list[str] = []
    for relative, text in files.items():
        path = srcdir / relative
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(relative)
    wanted = {srcdir / relative for relative in files}
    for stale in sorted(out.rglob("*"), reverse=True):
        if stale.is_file() and stale not in wanted:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()
    return written
