"""The oracle: check another implementation of a game against the reference (DESIGN section 5).

- :mod:`~dieproof.reference.oracle.check`: :func:`check_trace` replays a JSON Lines trace
  and reports the first divergence;
- :mod:`~dieproof.reference.oracle.schemas`: the JSON Schemas of every format, per game;
- :mod:`~dieproof.reference.oracle.vectors`: the conformance vectors and where they come
  from, with :mod:`~dieproof.reference.oracle.cases` (the case format),
  :mod:`~dieproof.reference.oracle.rejections` (one case per error code) and
  :mod:`~dieproof.reference.oracle.vector_check` (``dieproof vectors --check``);
- :mod:`~dieproof.reference.oracle.referee`: the referee behind ``dieproof serve``;
- :mod:`~dieproof.reference.oracle.differential`: another implementation driven through
  its adapter (:mod:`~dieproof.reference.oracle.adapters`) beside the reference, with
  probes made by :mod:`~dieproof.reference.oracle.mutations` and its findings in
  :mod:`~dieproof.reference.oracle.report`;
- :mod:`~dieproof.reference.oracle.compare`: what is compared, in which order, and how a
  difference is reported (the trace checker, the vector checker and the differential
  share it);
- :mod:`~dieproof.reference.oracle.observe`: the JSON vocabulary they share.

Everything here is generic over the registered games and never imports the proofs (the
CLI passes the z3 witness games in), so the referee runs without z3.
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
