"""The mutation report: what each check did to each sampled mutant, and the scores.

A report is plain JSON (``docs/mutation/<game>.json``, committed, rendered on the
engineers' pages) with one entry per mutant: where it is, what it changes, and for each
check whether it killed the mutant and why. Scores are computed from the entries, never
stored twice: a module's *mutation score* is the share of its non-equivalent mutants
that some check kills; a check's *kill rate* is the share it kills by itself.

Equivalent mutants (changes no input can observe) are named in a committed TOML file,
``docs/mutation/equivalent.toml``, each with the reason; they are left out of every
denominator, and a mutant listed there that a check does kill is reported as a problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import msgspec

from dieproof.proofs.mutation.checks import CHECKS

REPORT_FORMAT: Final = "dieproof-mutation"
REPORT_VERSION: Final = 1


class CheckResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one check said about one mutant."""

    killed: bool
    """Whether the check failed on the mutant."""
    detail: str
    """Why: the failing test, case, invariant or model failure (or what passed)."""
    seconds: float
    """How long the check's worker ran."""


class MutantResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One sampled mutant and what every check said."""

    id: str
    """Its stable id (module, function, operator, digest)."""
    module: str
    """The mutated module's short name, e.g. ``combat``."""
    path: str
    """The file, relative to the repository."""
    line: int
    """The changed line."""
    qualname: str
    """The enclosing function."""
    operator: str
    """The mutation operator."""
    before: str
    """The code before."""
    after: str
    """The code after."""
    checks: dict[str, CheckResult]
    """Each check's result, by check name."""
    equivalent: str | None = None
    """The reason it is equivalent, when ``equivalent.toml`` names it."""

    @property
    def killers(self) -> tuple[str, ...]:
        """The checks that killed it, in report order."""
        return tuple(c for c in CHECKS if c in self.checks and self.checks[c].killed)

    @property
    def status(self) -> str:
        """``killed``, ``survived`` or ``equivalent``."""
        if self.equivalent is not None:
            return "equivalent"
        return "killed" if self.killers else "survived"


class ModuleSample(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rules module and how many of its mutation points were sampled."""

    module: str
    """The module's short name."""
    path: str
    """The file, relative to the repository."""
    points: int
    """Every mutation point of the module."""
    sampled: int
    """How many of them the report ran."""


class Report(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A mutation run of one game."""

    format: str
    """Always ``dieproof-mutation``."""
    version: int
    """The report format's version."""
    game: str
    """The game's id."""
    commit: str
    """The git commit the run measured (``+dirty`` when the tree had changes)."""
    seed: int
    """The sampling seed."""
    per_module: int
    """Mutants sampled from each module (all of them when a module has fewer)."""
    checks: dict[str, str]
    """Each check and what it runs."""
    baseline: dict[str, float]
    """Each worker's seconds on the unmutated code (the timeouts derive from them)."""
    modules: list[ModuleSample]
    """The game's rules modules."""
    mutants: list[MutantResult]
    """Every sampled mutant, by module then line."""
    seconds: float
    """Wall time of the run."""

    # -- scores ---------------------------------------------------------------------------

    def live(self, module: str | None = None) -> list[MutantResult]:
        """The non-equivalent mutants (of one module, or all)."""
        return [
            m
            for m in self.mutants
            if m.equivalent is None and (module is None or m.module == module)
        ]

    def score(self, module: str | None = None) -> Share:
        """Killed / non-equivalent mutants."""
        live = self.live(module)
        return Share(sum(1 for m in live if m.killers), len(live))

    def kills(self, check: str, module: str | None = None) -> Share:
        """Mutants ``check`` kills by itself / non-equivalent mutants."""
        live = self.live(module)
        return Share(sum(1 for m in live if check in m.killers), len(live))

    def only(self, check: str, module: str | None = None) -> int:
        """Mutants that ``check`` alone kills (no other check does)."""
        return sum(1 for m in self.live(module) if m.killers == (check,))

    def only_model(self, module: str | None = None) -> int:
        """Mutants that the model kills and no check outside the refinement run does."""
        return sum(
            1
            for m in self.live(module)
            if "model" in m.killers and set(m.killers) <= {"refinement", "model"}
        )

    def survivors(self) -> list[MutantResult]:
        """Non-equivalent mutants no check kills."""
        return [m for m in self.live() if not m.killers]

    def problems(self) -> list[str]:
        """Mutants listed as equivalent that a check kills."""
        return [
            f"{m.id} is listed as equivalent but {', '.join(m.killers)} kills it"
            for m in self.mutants
            if m.equivalent is not None and m.killers
        ]

    def render(self) -> str:
        """The score table, per module and in total, then the survivors."""
        names = [m.module for m in self.modules]
        headers = ["module", "mutants", "equiv", "score", *CHECKS, "model only"]
        rows = [self._row(name, name) for name in names]
        rows.append(self._row("total", None))
        widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
        lines = [
            f"{self.game}: {len(self.mutants)} mutants ({self.per_module} per module, "
            f"seed {self.seed}) at {self.commit} in {self.seconds:.0f} s",
        ]
        for row in [headers, *rows]:
            lines.append(
                "  " + "  ".join(str(c).rjust(w) for c, w in zip(row, widths, strict=True))
            )
        survivors = self.survivors()
        lines.append(f"survivors: {len(survivors)}")
        lines.extend(f"  {m.id}  {m.path}:{m.line}  {m.before}  ->  {m.after}" for m in survivors)
        lines.extend(f"PROBLEM: {p}" for p in self.problems())
        return "\n".join(lines)

    def _row(self, label: str, module: str | None) -> list[str]:
        every = [m for m in self.mutants if module is None or m.module == module]
        equivalent = sum(1 for m in every if m.equivalent is not None)
        return [
            label,
            str(len(every)),
            str(equivalent),
            str(self.score(module)),
            *(str(self.kills(c, module)) for c in CHECKS),
            str(self.only_model(module)),
        ]


@dataclass(frozen=True, slots=True)
class Share:
    """A count out of a total, printed with its percentage."""

    count: int
    total: int

    @property
    def percent(self) -> float:
        """The share in percent (0 for an empty total)."""
        return 100.0 * self.count / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{self.count}/{self.total} {self.percent:.0f}%"


# -- files --------------------------------------------------------------------------------


def write(report: Report, path: Path) -> None:
    """Write ``report`` as indented, key-sorted JSON."""
    text = msgspec.json.format(msgspec.json.encode(report, order="sorted"), indent=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text + b"\n")


def read(path: Path) -> Report:
    """Read a report written by :func:`write`."""
    return msgspec.json.decode(path.read_bytes(), type=Report)


class _Equivalent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    id: str
    reason: str


class _EquivalentFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    mutant: list[_Equivalent] = msgspec.field(default_factory=list)


def equivalents(path: Path, game: str) -> dict[str, str]:
    """Mutant id -> why it is equivalent, for ``game``'s mutants, from ``equivalent.toml``
    (empty if absent). Each entry names its game: an id names the module, and the games'
    modules share names (and sometimes code), so one id can be a point of several games."""
    if not path.exists():
        return {}
    data = msgspec.convert(tomllib.loads(path.read_text()), type=_EquivalentFile)
    seen: set[tuple[str, str]] = set()
    found: dict[str, str] = {}
    for entry in data.mutant:
        if (entry.game, entry.id) in seen:
            raise ValueError(f"{path}: {entry.id} of {entry.game} is listed twice")
        seen.add((entry.game, entry.id))
        if not entry.reason.strip():
            raise ValueError(f"{path}: {entry.id} of {entry.game} needs a reason")
        if entry.game == game:
            found[entry.id] = entry.reason.strip()
    return found


def by_module(mutants: Sequence[MutantResult]) -> Mapping[str, list[MutantResult]]:
    """The mutants grouped by module, in order."""
    groups: dict[str, list[MutantResult]] = {}
    for m in mutants:
        groups.setdefault(m.module, []).append(m)
    return groups
