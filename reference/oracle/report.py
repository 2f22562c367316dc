"""What a differential run reports (``dieproof differential``): the first
:class:`Divergence` between the reference and another implementation, with the JSON
pointer of the difference and both values there, and the :class:`Report` of a run; and
the :class:`Options` that make a run compare more than the adapter declares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from dieproof.reference.core.types import JSON
from dieproof.reference.oracle import compare
from dieproof.reference.oracle.adapters import Capabilities

__all__ = ["DEFAULT_PROBES", "Divergence", "DivergenceKind", "Options", "Report"]

DEFAULT_PROBES: Final = 1
"""Probes (illegal or malformed actions) sent at every step of a random game."""

DivergenceKind = Literal[
    "config",
    "accepted",
    "rejected",
    "error-code",
    "error-rule",
    "result",
    "to_move",
    "legal",
    "chance",
    "state",
    "protocol",
]
"""What diverged: the configuration was accepted by one side only (``config``); the
other implementation accepted what the reference rejects (``accepted``) or rejected
what it accepts (``rejected``); both rejected with different codes (``error-code``) or
with the same code and different rule ids (``error-rule``); an answer after a step
differs (``result``, ``to_move``, ``legal``, ``chance``, ``state``, in the order they are
compared); or the adapter broke the protocol (``protocol``: a crash, a timeout, a
malformed answer)."""


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first disagreement between the reference and the other implementation."""

    case: str
    """The case: a vector's name, or ``random/<config>/seed-<n>``."""
    step: int
    """Steps played before it (0: in the initial state)."""
    kind: DivergenceKind
    """What diverged."""
    action: JSON
    """The step's action (``None`` for the initial state; a long one cut:
    :func:`~dieproof.reference.oracle.compare.shown`)."""
    probe: bool
    """The action is a probe (an illegal or malformed action made from a legal one),
    not a step of the game."""
    pointer: str | None
    """Where the first difference is, as an RFC 6901 pointer into the compared value
    (the state, the result, the list of legal actions or chance outcomes); ``None`` when
    the disagreement is not inside a value (a refusal, the protocol)."""
    reference: JSON
    """What the reference says (at ``pointer``, when there is one)."""
    other: JSON
    """What the other implementation says (at ``pointer``, when there is one)."""
    rule: str | None
    """The rule the disagreement is most likely about."""
    rules: tuple[str, ...]
    """Every rule the step turns on, most specific first."""
    message: str
    """One sentence for people."""

    def render(self) -> str:
        """A multi-line report for a terminal."""
        lines = [f"DIVERGENCE in {self.case} at step {self.step} ({self.kind}): {self.message}"]
        if self.action is not None:
            what = "probe:    " if self.probe else "action:   "
            lines.append(f"  {what} {compare.text(self.action)}")
        if self.pointer is not None:
            lines.append(f"  at:        {self.pointer or '(the whole value)'}")
        lines.append(f"  reference: {compare.text(self.reference)}")
        lines.append(f"  other:     {compare.text(self.other)}")
        if self.rule is not None:
            more = [r for r in self.rules if r != self.rule]
            also = f" (the step also turns on {', '.join(more)})" if more else ""
            lines.append(f"  rule:      {self.rule}{also}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, JSON]:
        """The divergence as a JSON object."""
        rules: list[JSON] = [*self.rules]
        return {
            "case": self.case,
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "probe": self.probe,
            "pointer": self.pointer,
            "reference": self.reference,
            "other": self.other,
            "rule": self.rule,
            "rules": rules,
            "message": self.message,
        }


@dataclass(slots=True)
class Report:
    """The outcome of a differential run."""

    game: str
    cases: int = 0
    """Cases (vectors and random games) that agreed completely."""
    steps: int = 0
    """Steps compared."""
    probes: int = 0
    """Probes (illegal or malformed actions) compared."""
    skipped: int = 0
    """Cases that start from a position an adapter without the ``position`` op and with
    states of its own cannot take."""
    requests: int = 0
    """Requests sent to the adapter."""
    seconds: float = 0.0
    divergence: Divergence | None = None
    capabilities: Capabilities = field(default_factory=Capabilities)

    @property
    def ok(self) -> bool:
        """Whether everything agreed."""
        return self.divergence is None

    def render(self) -> str:
        """A short report for a terminal."""
        rate = self.steps / self.seconds if self.seconds > 0 else 0.0
        head = (
            f"{self.cases} cases{f' ({self.skipped} skipped)' if self.skipped else ''}, "
            f"{self.steps:,} steps, {self.probes:,} probes, "
            f"{self.requests:,} requests in {self.seconds:.2f} s ({rate:,.0f} steps/s)"
        )
        if self.divergence is None:
            return f"OK: {self.game}: the other implementation agrees: {head}"
        return f"{self.divergence.render()}\n{head} agreed before it"

    def to_json(self) -> dict[str, JSON]:
        """The report as a JSON object."""
        return {
            "ok": self.ok,
            "game": self.game,
            "cases": self.cases,
            "steps": self.steps,
            "probes": self.probes,
            "skipped": self.skipped,
            "requests": self.requests,
            "seconds": self.seconds,
            "state_comparison": self.capabilities.state,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Options:
    """How much a run compares beyond what the adapter declares."""

    probes: int = DEFAULT_PROBES
    """Probes per step of a random game (0: none)."""
    rule_ids: bool = True
    """Compare the rule id of every refusal (with its code)."""
