"""The oracle: check another implementation of a game against the reference (DESIGN section 5).

:func:`check_trace` replays a JSON Lines trace and reports the first divergence.
"""

from dieproof.reference.oracle.check import (
    CheckReport,
    Divergence,
    DivergenceKind,
    MalformedTrace,
    ReplayedStep,
    check_file,
    check_trace,
)

__all__ = [
    "CheckReport",
    "Divergence",
    "DivergenceKind",
    "MalformedTrace",
    "ReplayedStep",
    "check_file",
    "check_trace",
]
