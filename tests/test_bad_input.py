"""Bad input to every command is one line on stderr with its code, and exit 2: never a
traceback. The sweep covers every subcommand of ``dieproof`` (a test checks that none is
left out), then the hostile files of ``dieproof check`` and ``dieproof vectors --check``
one by one: nesting 5,000 levels deep, duplicate keys, undecodable expectations, an
endless line, a 10 MB action."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dieproof.reference import game
from dieproof.reference.cli import build_parser, main
from dieproof.reference.core.trace import header_line
from dieproof.reference.oracle.check import check_trace

SOD = "squirrel-or-die"
ONE_LINE = re.compile(r"^dieproof( [a-z]+)?: error: .+ \[[A-Z][A-Z0-9]*\.[A-Z0-9_]+\]$")
DEEP = 5_000


def files(tmp: Path) -> dict[str, Path]:
    """Hostile files, by name."""
    header = header_line(game(SOD), game(SOD).default_config(2), "test")
    found = {
        "p7": '{"players": 7}',
        "notjson": "not json",
        "dup": '{"players": 2, "players": 3}',
        "deep": '{"a":' * DEEP + "1" + "}" * DEEP,
        "deeptrace": header + '\n{"action":' + "[" * DEEP + "]" * DEEP + "}\n",
        "dupstep": header + '\n{"action":{"type":"draw","tile":"food","tile":"skull"}}\n',
        "deepexpect": header
        + '\n{"action":{"type":"draw","tile":"food"},"expect":{"result":'
        + "[" * DEEP
        + "]" * DEEP
        + "}}\n",
        "badexpect": header + '\n{"action":{"type":"draw","tile":"food"},"expect":{"x":1}}\n',
        "badheader": '{"format": "dieproof-trace"}\n',
        "position": '{"config": {"players": 2}, "current": 5}',
        "position-dup": '{"current": 0, "current": 1}',
        "position-unknown": '{"grid": [], "colour": "red"}',
    }
    paths = {}
    for name, text in found.items():
        path = tmp / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths


SWEEP: list[tuple[str, ...]] = [
    ("list", "--bogus"),
    ("info", "extra"),
    ("verify", "nogame"),
    ("verify", "--games", "0"),
    ("prove", "nogame"),
    ("prove", "--timeout-ms", "0"),
    ("simulate", "nogame"),
    ("simulate", SOD, "--players", "7"),
    ("simulate", SOD, "--variant", "nope"),
    ("simulate", SOD, "--config", "{missing}"),
    ("simulate", SOD, "--config", "{notjson}"),
    ("simulate", SOD, "--config", "{dup}"),
    ("simulate", SOD, "--config", "{deep}"),
    ("simulate", SOD, "--config", "{p7}"),
    ("simulate", SOD, "-n", "0"),
    ("simulate", SOD, "--jobs", "0"),
    ("bench", "nogame"),
    ("bench", "--seconds", "0"),
    ("play", SOD, "--players", "7"),
    ("play", SOD, "--players", "7", "--variant", "basic"),
    ("play", SOD, "--variant", "nope"),
    ("play", SOD, "--config", "{p7}"),
    ("play", SOD, "--config", "{dup}"),
    ("play", SOD, "--out", "/nonexistent/folder/game.jsonl"),
    ("play", "--trace", "{missing}"),
    ("play", "--trace", "{deeptrace}"),
    ("play", "nogame"),
    ("play",),
    ("check", "{missing}"),
    ("check", "{deeptrace}"),
    ("check", "{dupstep}"),
    ("check", "{deepexpect}"),
    ("check", "{badexpect}"),
    ("check", "{badheader}"),
    ("check", "{deep}"),
    ("check", "{tmp}"),
    ("schema", "nogame"),
    ("schema", SOD, "--kind", "nope"),
    ("vectors",),
    ("vectors", "--check", "{missing}"),
    ("vectors", "--check", "{deep}"),
    ("vectors", "nogame", "--out", "{tmp}"),
    ("vectors", SOD, "--out", "/proc/no/such/folder"),
    ("vectors", SOD, "--out", "{tmp}", "--seeds", "0"),
    ("serve", "extra"),
    ("differential", "nogame", "--against", "x"),
    ("differential", SOD, "--against", ""),
    ("differential", SOD, "--against", "/no/such/adapter", "--games", "0"),
    ("differential", SOD, "--against", "'unclosed"),
    ("differential", SOD, "--against", "x", "--games", "-1"),
    ("differential", SOD, "--against", "x", "--probes", "-1"),
    ("differential", SOD, "--against", "x", "--vectors", "{missing}"),
    ("differential", SOD, "--against", "x", "--timeout", "0"),
    ("position", "nogame", "{position}"),
    ("position", SOD, "{missing}"),
    ("position", SOD, "{notjson}"),
    ("position", SOD, "{deep}"),
    ("position", SOD, "{position}"),
    ("position", SOD, "{position-dup}"),
    ("position", SOD, "{position-unknown}"),
    ("content", "nogame"),
    ("components", "nogame"),
    ("components", SOD, "--bogus"),
    ("content", SOD, "--config", "{notjson}"),
]
"""(subcommand, arguments...) of bad input; ``{name}`` is a hostile file, ``{tmp}`` a
folder, ``{missing}`` a file that does not exist."""


def test_the_sweep_covers_every_subcommand() -> None:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    commands = set(action.choices or ())
    assert {args[0] for args in SWEEP} == commands


@pytest.mark.parametrize("args", SWEEP, ids=" ".join)
def test_bad_input_is_one_line_with_its_code_and_exit_2(
    args: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = {f"{{{name}}}": str(path) for name, path in files(tmp_path).items()}
    paths["{tmp}"] = str(tmp_path)
    paths["{missing}"] = str(tmp_path / "missing.json")
    argv = [paths.get(arg, arg) for arg in args]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    if args[:2] == ("vectors", "--check"):
        # a malformed vector file is reported on stdout and the run goes on
        if lines:
            assert len(lines) == 1 and ONE_LINE.match(lines[0]), err
        else:
            assert "MALFORMED" in out
        return
    assert len(lines) == 1 and ONE_LINE.match(lines[0]), err


# -- check, one hostile file at a time ------------------------------------------------------


def test_an_endless_line_stops_at_the_referees_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dieproof.reference.oracle import check

    monkeypatch.setattr(check, "MAX_LINE", 1_000)
    header = header_line(game(SOD), game(SOD).default_config(2), "test")
    trace = tmp_path / "long.jsonl"
    trace.write_text(header + "\n" + '{"action":"' + "x" * 5_000 + '"}\n', encoding="utf-8")
    code = main(["check", str(trace), "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    assert json.loads(out)["malformed"]["code"] == "TRACE.TOO_LONG"
    assert "[TRACE.TOO_LONG]" in err


def test_the_line_limit_is_the_referees() -> None:
    from dieproof.reference.oracle import check, referee

    assert check.MAX_LINE == referee.MAX_LINE


def test_a_huge_action_is_not_echoed_in_full(tmp_path: Path) -> None:
    g = game(SOD)
    header = header_line(g, g.default_config(2), "test")
    huge = {"type": "draw", "tile": "x" * 10_000_000}
    report = check_trace([header, json.dumps({"action": huge})])
    assert report.divergence is not None
    rendered = json.dumps(report.to_json())
    assert len(rendered) < 5_000
    assert "bytes, cut" in str(report.divergence.action)
    assert len(report.render()) < 5_000


def test_one_bad_vector_file_is_reported_and_the_others_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    committed = Path(__file__).resolve().parents[1] / "spec" / "vectors" / SOD / "rejection"
    good = sorted(committed.glob("*.json"))[:3]
    for path in good:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "deep.json").write_text("[" * DEEP + "]" * DEEP, encoding="utf-8")
    (tmp_path / "dup.json").write_text('{"name": "a", "name": "b"}', encoding="utf-8")
    (tmp_path / "shape.json").write_text(
        json.dumps(
            {
                "format": "dieproof-vector",
                "version": 1,
                "game": SOD,
                "name": "x",
                "steps": [[]],
                "initial": {},
                "config": {},
                "_info": {},
            }
        ),
        encoding="utf-8",
    )
    code = main(["vectors", "--check", str(tmp_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 2
    assert report["cases"] == len(good) + 3
    assert report["malformed"] == 2
    names = {item["name"] for item in report["failed"]}
    assert len(names) == 3 and all(item["steps"] == 0 for item in report["failed"])
