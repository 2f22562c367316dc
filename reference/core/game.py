"""The game protocol (DESIGN section 2) and the registry of games.

Every game is a pure, immutable state machine behind one :class:`Game` interface, so
generic code (the random-play driver, the conformance tests, the CLI, the oracle) works
for every game without knowing it. A game implements :class:`Game` by subclassing
:class:`GameBase`, which supplies the codec and the narrowing of generic values to the
game's own types; the rules themselves live in typed module-level functions of the game.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Generic, Protocol, TypeVar, cast

import msgspec

from dieproof.reference.core import chance, types
from dieproof.reference.core.errors import (
    InvalidAction,
    InvalidConfig,
    InvalidState,
    RulesError,
    UnknownGame,
)
from dieproof.reference.core.examples import Example
from dieproof.reference.core.types import (
    CHANCE,
    TERMINAL,
    Action,
    Config,
    Result,
    State,
    Violation,
)

# A JSON value as Python builds it; defined (and documented) in core.types, kept here
# for the modules that import it from core.game.
JSON = types.JSON

ENCODER = msgspec.json.Encoder(order="sorted")
"""The canonical encoder: sorted keys, sets as sorted arrays, no whitespace."""


class Game(Protocol):
    """What every game offers; see DESIGN section 2 for the contract of each method."""

    @property
    def id(self) -> str:
        """The game's id, e.g. ``"squirrel-or-die"``."""

    @property
    def title(self) -> str:
        """The game's printed title."""

    @property
    def prefix(self) -> str:
        """The prefix of its rule ids and error codes, e.g. ``"SOD"``."""

    @property
    def config_type(self) -> type[Config]:
        """The class of its configurations."""

    @property
    def state_type(self) -> type[State]:
        """The class of its states."""

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        """Every action class, players' and chance's, in a fixed order."""

    def default_config(self, players: int | None = None) -> Config:
        """The official basic game with every ambiguity at its default reading."""

    def configs(self) -> Sequence[Config]:
        """Every player count with every official variant, at the default readings."""

    def initial_state(self, config: Config) -> State:
        """The state before the first move (setup draws are chance nodes)."""

    def to_move(self, state: State) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """The decisions open at a decision node, in the game's canonical order."""

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """The outcomes at a chance node with exact probabilities summing to 1."""

    def is_legal(self, state: State, action: Action) -> bool:
        """Whether ``apply`` would accept ``action``; never raises."""

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises InvalidAction or IllegalAction."""

    def result(self, state: State) -> Result | None:
        """``None`` while the game runs, else who won and why."""

    def invariants(self, state: State) -> tuple[Violation, ...]:
        """The invariants ``state`` breaks; empty when all hold."""

    def sample_legal_action(self, state: State, rng: random.Random) -> Action:
        """A uniformly random legal action (a game may do this faster than listing)."""

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """A chance outcome drawn with its probability; consumes ``rng`` exactly as
        ``chance.sample(chance_outcomes(state), rng)`` does, so seeds agree."""

    def players(self, state: State) -> int:
        """The number of players in the game ``state`` belongs to."""

    def config_of(self, state: State) -> Config:
        """The configuration ``state`` was set up with."""

    def dump_config(self, config: Config) -> str: ...
    def load_config(self, text: str | bytes) -> Config: ...
    def dump_state(self, state: State) -> str: ...
    def load_state(self, text: str | bytes) -> State: ...
    def dump_action(self, action: Action) -> str: ...
    def load_action(self, text: str | bytes) -> Action: ...
    def schemas(self) -> dict[str, dict[str, JSON]]:
        """JSON Schemas (2020-12) of the config, state, action and result."""

    # -- what the oracle asks of a game (GameBase gives each a default) -----------------

    def examples(self) -> tuple[Example, ...]:
        """The rulebook's worked examples as data (:mod:`~dieproof.reference.core.examples`);
        the oracle writes one conformance vector per example."""

    def step_rules(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """The ids of the rules that decided a step, most specific first: what a
        disagreement about this step's outcome is a disagreement about."""

    def check_state(self, state: State) -> None:
        """Raise :class:`InvalidState` unless ``state`` (usually decoded from a client's
        JSON) is a consistent position that the rules can be applied to."""


C = TypeVar("C", bound=Config)
S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


class GameBase(Generic[C, S, A]):
    """The shared half of every game: codec, schemas and narrowing.

    A subclass sets the class attributes and implements the rules methods; the
    ``_config``, ``_state`` and ``_action`` helpers turn generic values into the game's
    own types or raise the matching :class:`RulesError`.
    """

    id: str
    title: str
    prefix: str
    config_type: type[C]
    state_type: type[S]
    action_types: tuple[type[A], ...]

    @functools.cached_property
    def _action_union(self) -> object:
        return functools.reduce(operator.or_, self.action_types)

    @functools.cached_property
    def _action_decoder(self) -> msgspec.json.Decoder[A]:
        return cast("msgspec.json.Decoder[A]", msgspec.json.Decoder(self._action_union))

    @functools.cached_property
    def _state_decoder(self) -> msgspec.json.Decoder[S]:
        return msgspec.json.Decoder(self.state_type)

    @functools.cached_property
    def _config_decoder(self) -> msgspec.json.Decoder[C]:
        return msgspec.json.Decoder(self.config_type)

    # -- narrowing -------------------------------------------------------------------

    def _config(self, config: Config) -> C:
        if not isinstance(config, self.config_type):
            raise InvalidConfig(
                f"{self.prefix}.CONFIG_TYPE",
                f"{self.id} expects a {self.config_type.__name__}, got {type(config).__name__}",
            )
        return config

    def _state(self, state: State) -> S:
        if not isinstance(state, self.state_type):
            raise InvalidState(
                f"{self.prefix}.STATE_TYPE",
                f"{self.id} expects a {self.state_type.__name__}, got {type(state).__name__}",
            )
        return state

    def _action(self, action: Action) -> A:
        if not isinstance(action, self.action_types):
            raise InvalidAction(
                f"{self.prefix}.ACTION_TYPE",
                f"{self.id} has no action of type {type(action).__name__}",
            )
        return action

    # -- generic behaviour -----------------------------------------------------------

    def sample_legal_action(self, state: State, rng: random.Random) -> Action:
        actions = self.legal_actions(state)
        return actions[rng.randrange(len(actions))]

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        return chance.sample(self.chance_outcomes(state), rng)

    def to_move(self, state: State) -> int:
        raise NotImplementedError

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        raise NotImplementedError

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        raise NotImplementedError

    def apply(self, state: State, action: Action) -> State:
        raise NotImplementedError

    def invariants(self, state: State) -> tuple[Violation, ...]:
        raise NotImplementedError

    def is_legal(self, state: State, action: Action) -> bool:
        try:
            self.apply(state, action)
        except RulesError:
            return False
        return True

    # -- what the oracle asks of a game --------------------------------------------------

    def examples(self) -> tuple[Example, ...]:
        """No worked examples unless the game lists some (override to add them)."""
        return ()

    def step_rules(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """No rule attribution unless the game gives one (override to add it)."""
        return ()

    def validate_state(self, state: S) -> None:
        """Raise :class:`InvalidState` if ``state`` is structurally impossible: the
        game's own checks (lengths, ranges, step and phase agreeing) before the
        invariants run. The default checks nothing."""

    def check_state(self, state: State) -> None:
        """The game's structural checks, then its invariants, then that a game in progress
        waits for someone who has something to do; any failure (or any other exception on
        the way, since the state may be hostile) is an :class:`InvalidState` with code
        ``PREFIX.STATE_INVALID`` or ``PREFIX.STATE_INVARIANT``."""
        own = self._state(state)
        try:
            self.validate_state(own)
            violations = self.invariants(own)
        except RulesError:
            raise
        except Exception as error:  # a hostile state may break any assumption
            raise InvalidState(
                f"{self.prefix}.STATE_INVALID",
                f"inconsistent state ({type(error).__name__}: {error})",
            ) from None
        if violations:
            first = violations[0]
            raise InvalidState(
                f"{self.prefix}.STATE_INVARIANT",
                f"the state breaks {first.invariant}: {first.message}",
                first.invariant,
            )
        self._check_node(own)

    def _check_node(self, state: S) -> None:
        """A game in progress waits for someone: a decision node has a legal action and
        a chance node an outcome (a last line of defence behind the game's own checks)."""
        try:
            mover = self.to_move(state)
            waiting = bool(
                self.chance_outcomes(state)
                if mover == CHANCE
                else mover == TERMINAL or self.legal_actions(state)
            )
        except RulesError:
            raise
        except Exception as error:  # the rules met an assumption the checks missed
            raise InvalidState(
                f"{self.prefix}.STATE_INVALID",
                f"the rules cannot be applied to this state ({type(error).__name__}: {error})",
            ) from None
        if not waiting:
            raise InvalidState(
                f"{self.prefix}.STATE_INVALID",
                f"the game waits for {'chance' if mover == CHANCE else f'player {mover}'}, "
                "who has nothing to do",
            )

    # -- codec -------------------------------------------------------------------------

    def dump_config(self, config: Config) -> str:
        return ENCODER.encode(self._config(config)).decode()

    def load_config(self, text: str | bytes) -> C:
        try:
            config = self._config_decoder.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise InvalidConfig(f"{self.prefix}.CONFIG_JSON", f"bad config: {error}") from None
        self.validate_config(config)
        return config

    def validate_config(self, config: C) -> None:
        """Raise :class:`InvalidConfig` if ``config`` names an impossible game."""

    def dump_state(self, state: State) -> str:
        return ENCODER.encode(self._state(state)).decode()

    def load_state(self, text: str | bytes) -> S:
        try:
            return self._state_decoder.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise InvalidState(f"{self.prefix}.STATE_JSON", f"bad state: {error}") from None

    def dump_action(self, action: Action) -> str:
        return ENCODER.encode(self._action(action)).decode()

    def load_action(self, text: str | bytes) -> A:
        try:
            return self._action_decoder.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise InvalidAction(f"{self.prefix}.ACTION_JSON", f"bad action: {error}") from None

    def schemas(self) -> dict[str, dict[str, JSON]]:
        def schema(kind: object) -> dict[str, JSON]:
            document = cast("dict[str, JSON]", msgspec.json.schema(kind))
            return {"$schema": "https://json-schema.org/draft/2020-12/schema", **document}

        return {
            "config": schema(self.config_type),
            "state": schema(self.state_type),
            "action": schema(self._action_union),
            "result": schema(Result),
        }


# -- the registry -----------------------------------------------------------------------

_REGISTRY: dict[str, Game] = {}
_LOADERS: dict[str, Callable[[], Game]] = {}


def register(loader: Callable[[], Game], game_id: str) -> None:
    """Register a game under ``game_id``; ``loader`` builds it on first use."""
    if game_id in _LOADERS:
        raise ValueError(f"game {game_id!r} is registered twice")
    _LOADERS[game_id] = loader


def game(game_id: str) -> Game:
    """The game registered as ``game_id``; raises :class:`UnknownGame`."""
    found = _REGISTRY.get(game_id)
    if found is None:
        loader = _LOADERS.get(game_id)
        if loader is None:
            known = ", ".join(sorted(_LOADERS)) or "none"
            raise UnknownGame("CORE.UNKNOWN_GAME", f"no game {game_id!r}; known: {known}")
        found = _REGISTRY[game_id] = loader()
        if found.id != game_id:
            raise ValueError(f"game registered as {game_id!r} calls itself {found.id!r}")
    return found


def games() -> tuple[Game, ...]:
    """Every registered game, by id."""
    return tuple(game(game_id) for game_id in sorted(_LOADERS))


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    return tuple(sorted(_LOADERS))


def node_kind(g: Game, state: State) -> str:
    """``"chance"``, ``"terminal"`` or ``"decision"``, for reports."""
    mover = g.to_move(state)
    return "chance" if mover == CHANCE else "terminal" if mover == TERMINAL else "decision"


def iter_action_types(g: Game) -> Iterator[str]:
    """The JSON ``type`` tags of every action of ``g``."""
    for kind in g.action_types:
        tag = msgspec.inspect.type_info(kind)
        yield str(getattr(tag, "tag", kind.__name__))
