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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Literal, Protocol, TypeVar, cast

import msgspec

from dieproof.reference.core import chance, describe, sampling, strict, types
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
    Value,
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

    def vector_configs(self) -> Sequence[Config]:
        """The configurations of the seeded random conformance vectors: ``configs()``,
        unless the game bounds its vector games more tightly (to keep the set small)."""

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

    def position_schema(self) -> dict[str, JSON] | None:
        """The JSON Schema of the game's position descriptions (``None``: no builder)."""

    def position(self, text: str | bytes) -> State:
        """The validated state a short position description names."""

    def components(self, config: Config) -> tuple[Component, ...]:
        """The game's components under ``config``, each with its source."""

    def contract(self) -> Contract | None:
        """The orders and conventions an implementer must match."""

    def provisional(self, config: Config) -> tuple[Component, ...]:
        """The components under ``config`` that are our placeholders."""

    def content(self, config: Config) -> Mapping[str, Sequence[str]]:
        """The game's named content under ``config``: per kind, names in index order."""

    def sample_config(self, rng: random.Random) -> Config:
        """A random configuration the rules allow: any player count and variant, any
        reading, and content drawn within what the rules accept."""

    def lookup(self, config: Config, kind: str, name: str) -> int:
        """The index of the content of ``kind`` called ``name``."""

    def example_start(self, example: Example) -> State:
        """The state a worked example starts from: its position, or the initial state."""


C = TypeVar("C", bound=Config)
S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)
P = TypeVar("P", bound=Value)
S_co = TypeVar("S_co", bound=State, covariant=True)


Source = Literal["rulebook", "public", "provisional", "user"]
"""Where a component's data comes from: printed in the ``rulebook``; a ``public`` source
(cited); ``provisional``, our placeholder for what nobody publishes (named in the
ambiguity log); or supplied by the ``user`` in the configuration."""


@dataclass(frozen=True, slots=True)
class Component:
    """One kind of game content under a configuration, and where its data comes from
    (DESIGN section 2): what the docs list, and what vectors and referee answers record
    so that an implementer knows which of our placeholders a case assumes."""

    name: str
    """What it is, e.g. ``"combat die faces"`` or ``"the tile mix"``."""
    source: Source
    """Where its data comes from."""
    citation: str
    """The rulebook section, the public source, or the ambiguity id that names the
    placeholder."""
    items: tuple[str, ...] = ()
    """Its members in a few words each, where listing them helps (``"Pillar: 6 health"``)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """What an implementer must match that the types alone do not say (DESIGN section
    6): the canonical order of the legal actions of every kind, the conventions of the
    state's JSON, and when each chance step comes.

    The oracle guide shows it for every game and the JSON Schemas carry it in their
    descriptions (each action's order in its own schema); a test requires an order for
    every action type, players' and chance's, of every registered game.
    """

    decisions: str
    """How the list of one decision is ordered when several kinds of action are open at
    once (``legal`` lists every open action in this order)."""
    orders: Mapping[str, str]
    """For each action type tag: when such actions are open and in which order they are
    listed (for chance's: the order of the outcomes and their weights)."""
    conventions: tuple[tuple[str, str], ...] = ()
    """(topic, convention) pairs: seats, coordinates, the order of cells, how multisets
    and references to content are written."""
    chance: tuple[tuple[str, str], ...] = ()
    """(chance step, when it comes and what it decides), in the order they come in a
    game: each is one chance node, one outcome applied like an action."""


def _accept(_value: object) -> None:
    """The default structural check: nothing to refuse."""


class PositionBuilder(Protocol[S_co]):
    """A game's position builder (DESIGN section 5): a short description in, a state out.

    The description is JSON in the builder's own schema; the builder fills in what the
    description leaves out consistently (the sack, the decks, the bookkeeping fields), and
    :meth:`GameBase.position` then validates the result like any state a client sends.
    """

    def schema(self) -> dict[str, JSON]:
        """The JSON Schema of a description."""
        ...

    def build(self, text: str | bytes) -> S_co:
        """Decode a description and build the state; raises :class:`RulesError`."""
        ...


@dataclass(frozen=True, slots=True)
class Positions(Generic[P, S]):
    """The usual :class:`PositionBuilder`: a ``msgspec`` description type and a function
    that turns a decoded description into a state."""

    description: type[P]
    """The description's type; its fields and docstrings are the schema."""
    fill: Callable[[P], S]
    """Builds the state; raises :class:`RulesError` for a description that names an
    impossible position."""
    code: str
    """The error code of an undecodable description, e.g. ``"SOD.POSITION_JSON"``."""

    def schema(self) -> dict[str, JSON]:
        document = cast("dict[str, JSON]", msgspec.json.schema(self.description))
        definitions = document.get("$defs")
        if isinstance(definitions, dict):
            describe.describe(definitions, self.description)
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", **document}

    def build(self, text: str | bytes) -> S:
        try:
            description = msgspec.json.decode(text, type=self.description)
            strict.refuse_duplicates(text)
        except (msgspec.ValidationError, msgspec.DecodeError, strict.JsonInputError) as error:
            raise InvalidState(self.code, f"bad position: {_short(error)}") from None
        except RecursionError:
            raise InvalidState(self.code, "bad position: nested too deeply") from None
        return self.fill(description)


@dataclass(frozen=True, slots=True)
class Rules(Generic[C, S, A]):
    """The table a game registers once: its typed rule functions, which
    :class:`GameBase` narrows to and forwards every protocol method to.

    Each entry takes and returns the game's own types; nothing here is a method of
    a class, so a game's modules stay plain functions over immutable values.
    """

    default_config: Callable[[int | None], C]
    """The basic game at the default readings, for a player count or the default one."""
    configs: Callable[[], Sequence[C]]
    """Every player count with every official variant, at the default readings."""
    initial_state: Callable[[C], S]
    to_move: Callable[[S], int]
    legal_actions: Callable[[S], Sequence[A]]
    chance_outcomes: Callable[[S], Sequence[tuple[A, Fraction]]]
    apply: Callable[[S, A], S]
    result: Callable[[S], Result | None]
    invariants: Callable[[S], tuple[Violation, ...]]
    players: Callable[[S], int]
    config_of: Callable[[S], C]
    validate_config: Callable[[C], None] = _accept
    """Raise :class:`InvalidConfig` for an impossible game (called by ``load_config``)."""
    validate_state: Callable[[S], None] = _accept
    """Raise :class:`InvalidState` for a structurally impossible state, before the
    invariants run (the first half of ``check_state``)."""
    step_rules: Callable[[S, A, S], tuple[str, ...]] | None = None
    """The rules that decided a step, most specific first (see :meth:`Game.step_rules`)."""
    examples: Callable[[], tuple[Example, ...]] | None = None
    """The worked examples; called once, on first use (so they may import lazily)."""
    sample_legal_action: Callable[[S, random.Random], A] | None = None
    """A faster uniform draw from the legal actions; must match listing them and
    drawing with ``rng.randrange``."""
    sample_chance: Callable[[S, random.Random], A] | None = None
    """A faster chance draw; must consume ``rng`` as :func:`chance.sample` does."""
    apply_listed: Callable[[S, A], S] | None = None
    """``apply`` for an action the state's own listing (``legal_actions`` or
    ``chance_outcomes``) contains, without testing its legality again: for such an
    action it must return what ``apply`` returns. :class:`GameBase` calls it only when
    the state is the very one it listed last and the action is in that listing (see
    :meth:`GameBase.apply`), so a caller that lists and then applies, as every client
    and playout does, pays for one listing instead of two."""
    apply_checks_chance: bool = False
    """Whether the game's checked ``apply`` tests a chance outcome by itself, as cheaply as
    ``apply_listed`` runs (the card in the deck, say), rather than by listing the
    outcomes: :class:`GameBase` then hands an action on a chance node it has just listed
    straight to ``apply``, without first looking it up among the outcomes (a walk that
    compares it with every outcome before it)."""
    positions: PositionBuilder[S] | None = None
    """The game's position builder (DESIGN section 5)."""
    components: Callable[[C], tuple[Component, ...]] | None = None
    """The game's components under a configuration, each with its source: what is
    printed, public, provisional or the user's own."""
    content: Callable[[C], Mapping[str, Sequence[str]]] | None = None
    """The game's named content under a configuration: for each kind (``"tile"``,
    ``"character"``, ``"card"``) the names in index order, so that the index of a name
    is the number a state uses for it."""
    contract: Contract | None = None
    """The orders and conventions an implementer must match (see :class:`Contract`)."""
    sample_config: Callable[[random.Random], C] | None = None
    """A random configuration the rules allow, content included (other boxes, decks,
    characters); without it, an official configuration with random readings."""
    vector_configs: Callable[[], Sequence[C]] | None = None
    """The configurations of the seeded random conformance vectors (default:
    ``configs``); a game whose random games run long may bound them here."""


class GameBase(Generic[C, S, A]):
    """The one adapter every game uses: codec, schemas, narrowing, and the forwarding of
    each protocol method to the game's :class:`Rules` table.

    A game builds one instance, ``GameBase(id=..., rules=Rules(...), ...)``; the
    ``_config``, ``_state`` and ``_action`` helpers turn generic values into the game's
    own types or raise the matching :class:`RulesError`.
    """

    def __init__(
        self,
        *,
        id: str,
        title: str,
        prefix: str,
        config_type: type[C],
        state_type: type[S],
        action_types: tuple[type[A], ...],
        rules: Rules[C, S, A],
    ) -> None:
        self.id = id
        self.title = title
        self.prefix = prefix
        self.config_type = config_type
        self.state_type = state_type
        self.action_types = action_types
        self.rules = rules
        # The hot path (DESIGN section 8): the rules' entries as attributes of their own,
        # and the exact action classes as a set, so that narrowing a value costs one
        # type test and forwarding one call.
        self._to_move = rules.to_move
        self._legal_actions = rules.legal_actions
        self._chance_outcomes = rules.chance_outcomes
        self._apply = rules.apply
        self._apply_listed = rules.apply_listed
        # What ``apply`` calls for an action of the last listing (only kept when the game
        # has ``apply_listed``; the checked ``apply`` otherwise, never called that way).
        self._apply_listed_or_checked = rules.apply_listed or rules.apply
        self._apply_checks_chance = rules.apply_checks_chance
        self._exact_actions = frozenset(action_types)
        # The last listing this adapter returned: (state, its legal actions, its chance
        # outcomes), one of the two empty; replaced as one tuple so that a reader on
        # another thread never pairs one state with another state's listing. Holding the
        # state keeps its id from being reused.
        self._listed: tuple[object, tuple[Action, ...], tuple[tuple[Action, Fraction], ...]]
        self._listed = (_NOTHING_LISTED, (), ())

    def __repr__(self) -> str:
        return f"<game {self.id}>"

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
        if type(action) in self._exact_actions:
            return cast("A", action)
        if not isinstance(action, self.action_types):
            raise InvalidAction(
                f"{self.prefix}.ACTION_TYPE",
                f"{self.id} has no action of type {type(action).__name__}",
            )
        return action

    # -- the protocol, forwarded to the rules table -------------------------------------

    def default_config(self, players: int | None = None) -> C:
        return self.rules.default_config(players)

    def configs(self) -> Sequence[C]:
        return self.rules.configs()

    def vector_configs(self) -> Sequence[C]:
        found = self.rules.vector_configs
        return found() if found is not None else self.rules.configs()

    def initial_state(self, config: Config) -> S:
        return self.rules.initial_state(self._config(config))

    # The four methods a playout calls on every step narrow inline (one isinstance)
    # rather than through ``_state``: a method call costs as much as the test.

    def to_move(self, state: State) -> int:
        if isinstance(state, self.state_type):
            return self._to_move(state)
        return self._to_move(self._state(state))

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        own = state if isinstance(state, self.state_type) else self._state(state)
        listed = self._legal_actions(own)
        actions = listed if type(listed) is tuple else tuple(listed)
        if self._apply_listed is not None:
            self._listed = (own, actions, ())
        return actions

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        own = state if isinstance(state, self.state_type) else self._state(state)
        listed = self._chance_outcomes(own)
        # The game's own tuple is returned as it is: games share outcome tuples between
        # states, which lets :func:`chance.sample` reuse its table for them.
        outcomes = listed if type(listed) is tuple else tuple(listed)
        if self._apply_listed is not None:
            self._listed = (own, (), outcomes)
        return outcomes

    def apply(self, state: State, action: Action) -> S:
        """The state after ``action``, checked: an action the state does not allow raises.

        When ``state`` is the very state this adapter listed last and ``action`` is in
        that listing, the listing was the check, and the game's ``apply_listed`` runs
        without listing again (the state is immutable, so its listing cannot have
        changed). Anything else goes through the game's own checked ``apply``, and so
        does an action on a chance node of a game whose ``apply`` tests chance outcomes
        by itself (:attr:`Rules.apply_checks_chance`).
        """
        listed = self._listed
        if listed[0] is state and type(action) in self._exact_actions:
            # The state is the one listed last: the listing narrowed it to the game's type,
            # and only a game with ``apply_listed`` keeps a listing.
            if action in listed[1]:
                return self._apply_listed_or_checked(state, action)  # type: ignore[arg-type]
            if listed[2] and not self._apply_checks_chance and action in map(_first, listed[2]):
                return self._apply_listed_or_checked(state, action)  # type: ignore[arg-type]
            return self._apply(state, action)  # type: ignore[arg-type]
        if type(action) in self._exact_actions and isinstance(state, self.state_type):
            # The action's class is one of the game's own (the line above): no cast call.
            return self._apply(state, action)  # type: ignore[arg-type]
        return self._apply(self._state(state), self._action(action))

    def result(self, state: State) -> Result | None:
        return self.rules.result(self._state(state))

    def invariants(self, state: State) -> tuple[Violation, ...]:
        return self.rules.invariants(self._state(state))

    def players(self, state: State) -> int:
        return self.rules.players(self._state(state))

    def config_of(self, state: State) -> C:
        return self.rules.config_of(self._state(state))

    def is_legal(self, state: State, action: Action) -> bool:
        try:
            self.apply(state, action)
        except RulesError:
            return False
        return True

    def sample_legal_action(self, state: State, rng: random.Random) -> Action:
        own = self._state(state)
        if self.rules.sample_legal_action is not None:
            return self.rules.sample_legal_action(own, rng)
        actions = self.rules.legal_actions(own)
        return actions[rng.randrange(len(actions))]

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        own = self._state(state)
        if self.rules.sample_chance is not None:
            return self.rules.sample_chance(own, rng)
        return chance.sample(self.rules.chance_outcomes(own), rng)

    def validate_config(self, config: C) -> None:
        """Raise :class:`InvalidConfig` if ``config`` names an impossible game."""
        self.rules.validate_config(config)

    def validate_state(self, state: S) -> None:
        """Raise :class:`InvalidState` if ``state`` is structurally impossible: the
        game's own checks (lengths, ranges, step and phase agreeing) before the
        invariants run."""
        self.rules.validate_state(state)

    # -- what the oracle asks of a game --------------------------------------------------

    @functools.cached_property
    def _examples(self) -> tuple[Example, ...]:
        return () if self.rules.examples is None else self.rules.examples()

    def examples(self) -> tuple[Example, ...]:
        """The game's worked examples (none unless its rules table lists some)."""
        return self._examples

    def step_rules(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """The rules behind a step (none unless the game's rules table attributes them)."""
        if self.rules.step_rules is None:
            return ()
        return self.rules.step_rules(self._state(before), self._action(action), self._state(after))

    # -- positions and content by name (DESIGN section 5) -----------------------------

    def position_schema(self) -> dict[str, JSON] | None:
        """The JSON Schema of the game's position descriptions, or ``None``."""
        return None if self.rules.positions is None else self.rules.positions.schema()

    def position(self, text: str | bytes) -> S:
        """The state a position description names, filled in and validated like any
        state a client sends (:meth:`check_state`)."""
        if self.rules.positions is None:
            raise InvalidState(f"{self.prefix}.NO_POSITIONS", f"{self.id} has no position builder")
        state = self.rules.positions.build(text)
        self.check_state(state)
        return state

    def contract(self) -> Contract | None:
        """The orders and conventions an implementer must match (``None``: undeclared)."""
        return self.rules.contract

    def example_start(self, example: Example) -> S:
        """The state a worked example starts from: the position its ``start`` describes,
        or the initial state of its configuration."""
        if example.start is None:
            return self.initial_state(example.config)
        return self.position(ENCODER.encode(example.start))

    def components(self, config: Config) -> tuple[Component, ...]:
        """The game's components under ``config`` with their sources (empty when the game
        declares none)."""
        if self.rules.components is None:
            return ()
        return self.rules.components(self._config(config))

    def provisional(self, config: Config) -> tuple[Component, ...]:
        """The components under ``config`` that are our placeholders."""
        return tuple(c for c in self.components(config) if c.source == "provisional")

    def content(self, config: Config) -> Mapping[str, Sequence[str]]:
        """The game's named content under ``config``: per kind, the names in index order."""
        if self.rules.content is None:
            return {}
        return self.rules.content(self._config(config))

    def sample_config(self, rng: random.Random) -> C:
        """A random configuration the rules allow (the differential plays them): the
        game's own draw, content included, or else an official configuration with every
        ``Literal`` field (the readings) drawn at random."""
        if self.rules.sample_config is not None:
            config = self.rules.sample_config(rng)
        else:
            configs = list(self.configs())
            config = sampling.random_literals(configs[rng.randrange(len(configs))], rng)
        self.validate_config(config)
        return config

    def lookup(self, config: Config, kind: str, name: str) -> int:
        """The index of the content called ``name`` of ``kind`` (case-insensitive)."""
        table = self.content(config)
        if kind not in table:
            known = ", ".join(sorted(table)) or "none"
            raise InvalidConfig(
                f"{self.prefix}.UNKNOWN_CONTENT",
                f"{self.id} has no content kind {kind!r}; known: {known}",
            )
        wanted = name.casefold()
        for index, candidate in enumerate(table[kind]):
            if candidate.casefold() == wanted:
                return index
        raise InvalidConfig(
            f"{self.prefix}.UNKNOWN_CONTENT",
            f"no {kind} called {name!r}; known: {', '.join(table[kind])}",
        )

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
        """Decode a configuration (a key given twice is refused) and validate it."""
        try:
            config = self._config_decoder.decode(text)
            strict.refuse_duplicates(text)
        except (msgspec.ValidationError, msgspec.DecodeError, strict.JsonInputError) as error:
            raise InvalidConfig(
                f"{self.prefix}.CONFIG_JSON", f"bad config: {_short(error)}"
            ) from None
        except RecursionError:
            raise InvalidConfig(
                f"{self.prefix}.CONFIG_JSON", "bad config: nested too deeply"
            ) from None
        self.validate_config(config)
        return config

    def dump_state(self, state: State) -> str:
        return ENCODER.encode(self._state(state)).decode()

    def load_state(self, text: str | bytes) -> S:
        try:
            return self._state_decoder.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise InvalidState(f"{self.prefix}.STATE_JSON", f"bad state: {_short(error)}") from None
        except RecursionError:
            raise InvalidState(
                f"{self.prefix}.STATE_JSON", "bad state: nested too deeply"
            ) from None

    def dump_action(self, action: Action) -> str:
        return ENCODER.encode(self._action(action)).decode()

    def load_action(self, text: str | bytes) -> A:
        try:
            return self._action_decoder.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise InvalidAction(
                f"{self.prefix}.ACTION_JSON", f"bad action: {_short(error)}"
            ) from None
        except RecursionError:
            raise InvalidAction(
                f"{self.prefix}.ACTION_JSON", "bad action: nested too deeply"
            ) from None

    def schemas(self) -> dict[str, dict[str, JSON]]:
        def schema(kind: object) -> dict[str, JSON]:
            document = cast("dict[str, JSON]", msgspec.json.schema(kind))
            definitions = document.get("$defs")
            if isinstance(definitions, dict):
                describe.describe(definitions, kind)
            return {"$schema": "https://json-schema.org/draft/2020-12/schema", **document}

        return {
            "config": schema(self.config_type),
            "state": schema(self.state_type),
            "action": schema(self._action_union),
            "result": schema(Result),
        }


_first = operator.itemgetter(0)
"""The outcome of a ``(outcome, probability)`` pair."""

_NOTHING_LISTED: object = object()
"""The state of an adapter's listing before its first: no state is this object (``None``
would be taken for a caller's ``None``)."""


def _short(error: Exception, limit: int = 300) -> str:
    """A decoder's message, cut: it may quote a value of any size from the input."""
    text = str(error)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


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
