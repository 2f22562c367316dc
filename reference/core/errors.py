"""The exception hierarchy of the reference implementations.

Every error a game raises is a :class:`RulesError`. Each carries a stable machine
``code`` (``"SOD.GRID_LIMIT"``) and, where a rule of the specification is enforced, the
``rule`` id (``"SOD-AUTUMN-2"``). Messages are for people; codes are for machines and
never change meaning once published.
"""

from __future__ import annotations


class RulesError(Exception):
    """Root of every error raised by dieproof's reference implementations."""

    code: str
    """Stable machine code, ``PREFIX.NAME``."""
    rule: str | None
    """The id of the rule the check enforces, when one applies."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule

    @property
    def message(self) -> str:
        """The human-readable message."""
        return str(self.args[0])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, rule={self.rule!r}, {self.message!r})"


class InvalidAction(RulesError):
    """The action is malformed: wrong type, unknown tag, a field out of its domain."""


class IllegalAction(RulesError):
    """The action is well formed but the rules do not allow it in this state."""


class InvalidConfig(RulesError):
    """The configuration names an impossible or unsupported game."""


class InvalidState(RulesError):
    """A state (usually decoded from JSON) is malformed or belongs to another game."""


class UnknownGame(RulesError):
    """No game is registered under the requested id."""
