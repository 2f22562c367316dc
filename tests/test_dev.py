"""``./dev`` leaves stdout to the command: the machine output of every command that has one
(``--json``, ``schema``, ``serve``, ``position``) is valid JSON or JSON Lines when run
through ``./dev run`` too, the script's own words ("+ command", pip) going to stderr.
Each command runs in a subprocess, exactly as a user or a CI job would run it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOD = "squirrel-or-die"
BIN = Path(sys.executable).parent


def dev(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "dev"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=600,
    )


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dev") / "game.jsonl"
    completed = dev("run", "play", SOD, "--seed", "3", "--out", str(path))
    assert completed.returncode == 0, completed.stderr
    return path


@pytest.fixture(scope="module")
def description(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dev") / "position.json"
    path.write_text(
        json.dumps({"config": {"players": 2}, "phase": "winter", "current": 1}), "utf-8"
    )
    return path


COMMANDS: list[tuple[str, ...]] = [
    ("list", "--json"),
    ("info", "--json"),
    ("schema", SOD),
    ("schema", SOD, "--kind", "response"),
    ("prove", SOD, "--json"),
    ("verify", SOD, "--json", "--games", "5"),
    ("simulate", SOD, "-n", "2", "--players", "2", "--json"),
    ("bench", SOD, "--seconds", "0.05", "--no-openspiel", "--json"),
    ("check", "{trace}", "--json"),
    ("vectors", "--check", f"spec/vectors/{SOD}", "--json"),
    ("content", "until-daylight", "--json"),
    ("position", SOD, "{description}"),
    (
        "differential",
        SOD,
        "--against",
        f"{BIN / 'dieproof'} serve",
        "--no-vectors",
        "--games",
        "0",
        "--configs",
        "1",
        "--json",
    ),
]
"""Every command's machine output, as ``./dev run`` gives it."""


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_machine_output_through_dev_is_json(
    args: tuple[str, ...], trace: Path, description: Path
) -> None:
    argv = [{"{trace}": str(trace), "{description}": str(description)}.get(a, a) for a in args]
    completed = dev("run", *argv)
    # verify's verdict on a handful of games is not the point here (exit 1 is a failed
    # check, and its report is JSON too); anything else must succeed
    ok = (0, 1) if args[0] == "verify" else (0,)
    assert completed.returncode in ok, completed.stderr[-2000:]
    json.loads(completed.stdout)  # the whole of stdout is one JSON document
    assert "+ " in completed.stderr  # the script's echo went to stderr


def test_serve_through_dev_answers_json_lines_only() -> None:
    requests = [{"id": 1, "op": "info"}, {"id": 2, "op": "new", "game": SOD}, "not json"]
    stdin = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    completed = dev("run", "serve", stdin=stdin)
    assert completed.returncode == 0, completed.stderr
    answers = [json.loads(line) for line in completed.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, True, False]


def test_bad_input_through_dev_is_one_line_and_exit_2() -> None:
    completed = dev("run", "play", SOD, "--players", "7")
    assert completed.returncode == 2
    assert completed.stdout == ""
    errors = [line for line in completed.stderr.splitlines() if not line.startswith("+ ")]
    assert errors == [
        "dieproof play: error: Squirrel or Die is for 2 to 4 players, not 7 [SOD.PLAYERS]"
    ]


def test_dev_does_not_reinstall_when_nothing_was_added() -> None:
    dev("run", "list")  # brings the environment up to date, if a module was added
    completed = dev("run", "list")
    assert completed.returncode == 0
    assert "pip" not in completed.stderr, completed.stderr
