"""The referee behind ``dieproof serve``: the reference over JSON Lines on stdin/stdout.

Each line read is one request, a JSON object; each line written is its answer, in the
same order, one per line read (blank and malformed lines included)::

    {"id": 1, "op": "new", "game": "squirrel-or-die", "config": {"players": 2}}
    {"id": 1, "ok": true, "result": {"config": {...}, "state": {...}}}

State is passed by value: the referee keeps nothing between lines, so a client sends
the state it was given back with the next request. A request is answered with
``{"id", "ok": true, "result": {...}}`` or ``{"id", "ok": false, "error": {"code",
"message", "rule"}}``; ``id`` echoes the request's (a string, an integer or null).

Operations (:data:`~dieproof.reference.oracle.schemas.OPS`):

``info``
    the protocol version, dieproof's version and the games, each with the components
    its default configuration leaves to dieproof's provisional placeholders;
``new`` (``game``, optional ``config``)
    the initial state, the configuration with every field filled in, and the content
    it assumes (:mod:`~dieproof.reference.oracle.content`: the provisional components'
    names and a digest of every component);
``legal`` (``game``, ``state``)
    the player to move and the legal actions in canonical order;
``chance`` (``game``, ``state``)
    the player to move and the chance outcomes with probabilities ``"n/d"``;
``apply`` (``game``, ``state``, ``action``)
    the next state, or the error the rules reject the action with;
``result`` (``game``, ``state``)
    the player to move and the result (``null`` while the game runs);
``schema`` (``game``, optional ``kind``)
    the game's JSON Schemas;
``position`` (``game``, ``position``)
    the state a short position description names (the game's position builder), filled
    in and validated like any state a client sends.

Nothing a client sends can crash the referee: malformed JSON, unknown operations, fields
of the wrong type, hostile states (checked by :meth:`Game.check_state`) and illegal
actions are all answered with a structured error, and a state is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import BinaryIO, Final

import msgspec

from dieproof.reference import __version__
from dieproof.reference.core import strict
from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.examples import json_of, probability_json
from dieproof.reference.core.game import Game, game, game_ids
from dieproof.reference.core.types import JSON, Config, State
from dieproof.reference.oracle.content import content_json
from dieproof.reference.oracle.observe import canonical, result_json, to_move_json
from dieproof.reference.oracle.schemas import FIELDS, KIND_NAMES, OPS, PROTOCOL_VERSION, schemas

PROTOCOL_ERRORS: Final = {
    "REFEREE.JSON": "the line is not JSON (or is empty, not UTF-8, nested too deeply, or "
    "an object in it repeats a key)",
    "REFEREE.REQUEST": "the request is not an object, or its op or id has the wrong type",
    "REFEREE.OP": "the op is not one of the referee's operations",
    "REFEREE.FIELD": "a field the op needs is missing, the request has a field the op does "
    "not know, or game or kind is not one of the values listed",
    "REFEREE.TOO_LONG": "the line is longer than the referee reads",
    "REFEREE.INTERNAL": "the reference failed unexpectedly: a dieproof bug, please report it",
    "CORE.UNKNOWN_GAME": "no game is registered under that id",
    "PREFIX.CONFIG_JSON": "the config does not decode as the game's configuration",
    "PREFIX.STATE_JSON": "the state does not decode as the game's state",
    "PREFIX.STATE_INVALID": "the state decodes but is not a position the rules apply to",
    "PREFIX.STATE_INVARIANT": "the state breaks one of the game's invariants (rule: its id)",
    "PREFIX.ACTION_JSON": "the action does not decode as one of the game's actions",
}
"""The referee's own error codes and the game-level input codes (``PREFIX`` is the
game's prefix, e.g. ``SOD``); the rules' codes come with their rule ids."""

MAX_LINE: Final = 16 * 1024 * 1024
"""The longest request line read (bytes); longer lines are answered REFEREE.TOO_LONG."""

KNOWN_STATES: Final = 512
"""States the referee remembers as checked (see :class:`Referee`); the oldest goes first."""


class RefereeError(Exception):
    """A request the referee answers with an error (not a rules error)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_DECODER: Final = msgspec.json.Decoder()
_ENCODER: Final = msgspec.json.Encoder()


class Referee:
    """Answers requests; holds no game state, only caches.

    A client sends the state back with every request, and checking a state it sends
    (:meth:`Game.check_state`) costs more than most operations. So the referee
    remembers, by game and canonical JSON, the last :data:`KNOWN_STATES` states it has
    checked or produced itself (``new``, and ``apply`` to a state it knows): a state
    sent again is taken as it is, neither decoded nor checked again. Any other state is
    checked as always; the cache changes no answer.
    """

    def __init__(self, lookup: Callable[[str], Game] = game) -> None:
        self._lookup = lookup
        self._schemas: dict[str, dict[str, dict[str, JSON]]] = {}
        self._known: dict[tuple[str, str], State] = {}
        self._handlers: dict[str, Callable[[Mapping[str, JSON]], JSON]] = {
            "info": self._info,
            "new": self._new,
            "legal": self._legal,
            "chance": self._chance,
            "apply": self._apply,
            "result": self._result,
            "schema": self._schema,
            "position": self._position,
        }

    # -- lines ------------------------------------------------------------------------

    def answer_line(self, line: bytes | str) -> bytes:
        """The answer to one request line, as one JSON line without the newline."""
        if not line.strip():
            return _encode(_error(None, "REFEREE.JSON", "empty line", None))
        try:
            request = strict.decode(line)
        except strict.JsonInputError as error:
            return _encode(_error(None, "REFEREE.JSON", str(error), None))
        return _encode(self.answer(request))

    def answer(self, request: object) -> dict[str, JSON]:
        """The answer to one decoded request (the request is never modified)."""
        ident: JSON = None
        try:
            if not isinstance(request, dict):
                raise RefereeError("REFEREE.REQUEST", "a request is a JSON object")
            raw_id = request.get("id")
            if raw_id is not None and (
                not isinstance(raw_id, str | int) or isinstance(raw_id, bool)
            ):
                raise RefereeError("REFEREE.REQUEST", "id is a string, an integer or null")
            ident = raw_id
            op = request.get("op")
            if not isinstance(op, str):
                raise RefereeError("REFEREE.REQUEST", "op is a string: " + ", ".join(OPS))
            handler = self._handlers.get(op)
            if handler is None:
                raise RefereeError("REFEREE.OP", f"unknown op {op[:80]!r}; ops: {', '.join(OPS)}")
            unknown = sorted(set(request) - FIELDS[op])
            if unknown:
                raise RefereeError(
                    "REFEREE.FIELD",
                    f"{op} has no field {unknown[0][:80]!r}; its fields: "
                    + ", ".join(sorted(FIELDS[op])),
                )
            return {"id": ident, "ok": True, "result": handler(request)}
        except RefereeError as error:
            return _error(ident, error.code, error.message, None)
        except RulesError as error:
            return _error(ident, error.code, error.message, error.rule)
        except RecursionError:
            return _error(ident, "REFEREE.REQUEST", "the request is nested too deeply", None)
        except Exception as error:  # the referee must answer every line, whatever happens
            message = f"internal error: {type(error).__name__}: {error}"
            return _error(ident, "REFEREE.INTERNAL", message[:500], None)

    # -- operations ---------------------------------------------------------------------

    def _info(self, request: Mapping[str, JSON]) -> JSON:
        del request
        listed: list[JSON] = []
        for game_id in game_ids():
            g = self._lookup(game_id)
            players: list[JSON] = [*sorted({c.players for c in g.configs()})]
            provisional = content_json(g, g.default_config())["provisional"]
            listed.append(
                {
                    "id": g.id,
                    "title": g.title,
                    "prefix": g.prefix,
                    "players": players,
                    "provisional": provisional,
                }
            )
        ops: list[JSON] = [*OPS]
        return {
            "protocol": PROTOCOL_VERSION,
            "dieproof": __version__,
            "games": listed,
            "ops": ops,
            "state": "canonical",
            "error_codes": True,
            "error_rules": True,
        }

    def _new(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        config = self._config(g, request)
        state = g.initial_state(config)
        return {
            "config": json_of(g.dump_config(config)),
            "content": content_json(g, config),
            "state": self._emit(g, state),
        }

    def _legal(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        state = self._state(g, request)
        # The whole list through the canonical codec at once: the same JSON per action
        # as ``dump_action``, in one pass instead of one per action.
        actions = json_of(canonical(g.legal_actions(state)))
        return {"to_move": to_move_json(g.to_move(state)), "actions": actions}

    def _chance(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        state = self._state(g, request)
        found = g.chance_outcomes(state)
        # As chance_json writes them, the outcomes encoded in one pass (see _legal).
        encoded = json_of(canonical([outcome for outcome, _ in found]))
        assert isinstance(encoded, list)
        outcomes: list[JSON] = [
            {"outcome": outcome, "probability": probability_json(p)}
            for outcome, (_, p) in zip(encoded, found, strict=True)
        ]
        return {"to_move": to_move_json(g.to_move(state)), "outcomes": outcomes}

    def _apply(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        state = self._state(g, request)
        action = g.load_action(_field_text(request, "action"))
        return {"state": self._emit(g, g.apply(state, action))}

    def _result(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        state = self._state(g, request)
        return {"to_move": to_move_json(g.to_move(state)), "result": result_json(g.result(state))}

    def _schema(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        found = self._schemas.get(g.id)
        if found is None:
            found = self._schemas[g.id] = schemas(g)
        kind = request.get("kind")
        if kind is None:
            documents: dict[str, JSON] = dict(found)
            return {"schemas": documents}
        if not isinstance(kind, str) or kind not in found:
            raise RefereeError("REFEREE.FIELD", f"kind is one of {', '.join(KIND_NAMES)}")
        return {"schema": found[kind]}

    def _position(self, request: Mapping[str, JSON]) -> JSON:
        g = self._game(request)
        return {"state": self._emit(g, g.position(_field_text(request, "position")))}

    # -- fields -------------------------------------------------------------------------

    def _game(self, request: Mapping[str, JSON]) -> Game:
        game_id = request.get("game")
        if not isinstance(game_id, str):
            raise RefereeError("REFEREE.FIELD", "game is a string: " + ", ".join(game_ids()))
        return self._lookup(game_id)

    def _config(self, g: Game, request: Mapping[str, JSON]) -> Config:
        if request.get("config") is None:
            return g.default_config()
        return g.load_config(_field_text(request, "config"))

    def _state(self, g: Game, request: Mapping[str, JSON]) -> State:
        key = (g.id, _field_text(request, "state"))
        state = self._known.get(key)
        if state is None:
            state = g.load_state(key[1])
            g.check_state(state)
            self._remember(key, state)
        return state

    def _emit(self, g: Game, state: State) -> JSON:
        """A state the referee answers with (and remembers as known)."""
        text = g.dump_state(state)
        self._remember((g.id, text), state)
        return json_of(text)

    def _remember(self, key: tuple[str, str], state: State) -> None:
        known = self._known
        if len(known) >= KNOWN_STATES:
            del known[next(iter(known))]
        known[key] = state


def _field_text(request: Mapping[str, JSON], name: str) -> str:
    """A field of ``request`` as JSON text, for the game's decoder (which refuses a value
    of the wrong shape with the game's own code, ``PREFIX.ACTION_JSON`` and the like,
    exactly as the rules refuse it anywhere else)."""
    if name not in request:
        raise RefereeError("REFEREE.FIELD", f"the request needs {name}")
    return canonical(request[name])


def _error(ident: JSON, code: str, message: str, rule: str | None) -> dict[str, JSON]:
    return {"id": ident, "ok": False, "error": {"code": code, "message": message, "rule": rule}}


def _encode(answer: Mapping[str, JSON]) -> bytes:
    return _ENCODER.encode(answer)


def serve(
    stdin: BinaryIO,
    stdout: BinaryIO,
    *,
    referee: Referee | None = None,
    max_line: int = MAX_LINE,
) -> int:
    """Answer every line of ``stdin`` on ``stdout`` until end of input; returns the
    number of lines answered. Each answer is flushed at once (clients wait for it)."""
    ref = referee or Referee()
    answered = 0
    while True:
        line = stdin.readline(max_line + 1)
        if not line:
            return answered
        if len(line) > max_line and not line.endswith(b"\n"):
            while True:  # drop the rest of the long line
                rest = stdin.readline(max_line)
                if not rest or rest.endswith(b"\n"):
                    break
            answer = _encode(
                _error(
                    None, "REFEREE.TOO_LONG", f"a request line is at most {max_line} bytes", None
                )
            )
        else:
            answer = ref.answer_line(line.rstrip(b"\r\n"))
        stdout.write(answer + b"\n")
        stdout.flush()
        answered += 1
