"""Shared pieces of every proof report: verdicts, counterexamples, plain-text tables.

Reports render for people (``render()``, also ``str()``) and serialise to plain JSON
values (``to_json()``) for ``dieproof verify --json`` and the generated docs.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Json = dict[str, "Json"] | list["Json"] | str | int | float | bool | None
"""A JSON value as Python builds it."""


class Verdict(enum.StrEnum):
    """The outcome of one solver call. Only ``PROVED`` passes."""

    PROVED = "PROVED"
    """The claim holds (for a satisfiability check: the formula is satisfiable)."""
    REFUTED = "REFUTED"
    """The claim fails; a counterexample (or an unsat core) says why."""
    UNKNOWN = "UNKNOWN"
    """The solver gave up (timeout, incomplete theory): a failure, never a pass."""


def json_map(mapping: Mapping[str, Json]) -> dict[str, Json]:
    """A copy of ``mapping`` typed as a JSON object (``dict`` is invariant, ``Mapping`` is not)."""
    return dict(mapping)


def show(value: int | bool | None) -> str:
    """A value as JSON writes it (``true``, ``5``), ``-`` for a missing one."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, indent: str = "  ") -> str:
    """A left-aligned plain-text table (numbers are right-aligned by the caller's padding)."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    lines = [
        indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in (headers, *rows)
    ]
    lines.insert(1, indent + "  ".join("-" * w for w in widths))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Counterexample:
    """An abstract state, or a pair of them, that breaks a claim.

    ``before`` and ``after`` are plain dicts (variable -> int or bool) in the model's
    variable order, for programmatic use; :meth:`render` prints them as a table with
    the variables a step changed marked ``*``.
    """

    before: Mapping[str, int | bool]
    """The state (for a one-state claim) or the state before the step."""
    after: Mapping[str, int | bool] | None = None
    """The state after the step, for two-state claims."""

    @property
    def changed(self) -> tuple[str, ...]:
        """The variables whose value differs between ``before`` and ``after``."""
        after = self.after
        if after is None:
            return ()
        return tuple(
            name
            for name in {**self.before, **after}
            if type(self.before.get(name)) is not type(after.get(name))
            or self.before.get(name) != after.get(name)
        )

    def render(self) -> str:
        """The state(s) as a table; ``*`` marks a changed variable."""
        after = self.after
        if after is None:
            return table(["variable", "value"], [[k, show(v)] for k, v in self.before.items()])
        changed = set(self.changed)
        rows = [
            [
                "*" if name in changed else "",
                name,
                show(self.before.get(name)),
                show(after.get(name)),
            ]
            for name in {**self.before, **after}
        ]
        return table(["", "variable", "before", "after"], rows)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Json]:
        """``{"before": {...}, "after": {...} | null, "changed": [...]}``."""
        after = self.after
        return {
            "before": json_map(self.before),
            "after": None if after is None else json_map(after),
            "changed": list(self.changed),
        }


def indent(text: str, prefix: str = "    ") -> str:
    """``text`` with every line indented."""
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def seconds_text(seconds: float) -> str:
    """A duration for people: ``3.1 ms`` or ``1.25 s``."""
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
