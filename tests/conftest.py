"""Shared test configuration: hypothesis profiles (VERIFICATION.md).

``dev`` is the default; ``ci`` is chosen when ``CI`` is set (derandomized, no example
database, so CI runs are reproducible); ``nightly`` is for long runs:
``HYPOTHESIS_PROFILE=nightly ./dev test``. Every profile drops the explain phase and the
deadline: state machines that evaluate z3 terms are slow to explain and have uneven
step times.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

_PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)

settings.register_profile(
    "dev",
    max_examples=50,
    stateful_step_count=20,
    deadline=None,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=60,
    stateful_step_count=60,
    deadline=None,
    phases=_PHASES,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "nightly",
    max_examples=1000,
    stateful_step_count=100,
    deadline=None,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's tables are read as a pipe gets them (160 columns, see
    ``reference/cli/common.py``); pytest-xdist's workers run with ``COLUMNS=80`` set,
    which the CLI rightly obeys, so the tests drop it."""
    monkeypatch.delenv("COLUMNS", raising=False)
