"""The README's examples run (python-chess's habit: a README that lies is a bug)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_readme_opens_with_the_two_set_up_commands() -> None:
    first = blocks("sh")[0].strip().splitlines()
    assert [line.split("#")[0].strip() for line in first] == ["./dev verify", "./dev test"]


def test_readme_python_examples_run() -> None:
    code = blocks("python")
    assert code
    for block in code:
        completed = subprocess.run(
            [sys.executable, "-c", block], capture_output=True, text=True, check=False
        )
        assert completed.returncode == 0, completed.stderr
        assert "Draw" in completed.stdout
