"""The shape of an abstract game model (DESIGN section 4) and its z3 terms.

A :class:`Model` names the quantities its invariants talk about, an initial condition,
named one-state invariants, named two-state transitions (guard and effect), two-state
properties every transition must keep, goals that must be reachable, and deliberately
wrong variants that the proofs must refute. Formulas are Python callables that build z3
terms from a :class:`Vars` of z3 constants, so a model is plain code a reader can
follow; :class:`ModelTerms` calls them once per model and checks what they return.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

import z3

Sort = Literal["int", "bool"]
"""The two sorts a model variable may have (z3 ``Int`` or ``Bool``; never BitVec)."""

Abstract = Mapping[str, int | bool]
"""A concrete abstract state: every model variable mapped to a Python int or bool."""

PRIME = "'"
"""Suffix of the z3 name of a variable in the second state of a two-state formula."""

_T = TypeVar("_T")

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\[\]]*\Z")


class ModelError(ValueError):
    """A model is malformed: a bad variable name, a duplicate id, a formula that fails."""


class Vars(Mapping[str, z3.ExprRef]):
    """The z3 constants of one state of a model, by variable name.

    It is a ``Mapping[str, z3.ExprRef]``; :meth:`num` and :meth:`flag` return the
    same constants typed as ``ArithRef`` / ``BoolRef``, so a model reads
    ``v.num("wood") >= 0`` without casts. Asking for a name the model does not
    declare raises a ``KeyError`` that lists the names it does.
    """

    __slots__ = ("_bools", "_game", "_ints", "_terms", "primed")

    def __init__(self, sorts: Mapping[str, Sort], *, game: str = "", primed: bool = False) -> None:
        suffix = PRIME if primed else ""
        self._ints: dict[str, z3.ArithRef] = {}
        self._bools: dict[str, z3.BoolRef] = {}
        self._terms: dict[str, z3.ExprRef] = {}
        for name, sort in sorts.items():
            if sort == "int":
                term: z3.ExprRef = self._ints.setdefault(name, z3.Int(name + suffix))
            else:
                term = self._bools.setdefault(name, z3.Bool(name + suffix))
            self._terms[name] = term
        self._game = game
        self.primed = primed
        """Whether these are the constants of the second state (named ``name'``)."""

    def _missing(self, name: str, what: str) -> KeyError:
        known = ", ".join(self._terms) or "none"
        kind = f"{what} " if what else ""
        return KeyError(f"model {self._game!r} has no {kind}variable {name!r}; known: {known}")

    def __getitem__(self, name: str) -> z3.ExprRef:
        try:
            return self._terms[name]
        except KeyError:
            raise self._missing(name, "") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._terms)

    def __len__(self) -> int:
        return len(self._terms)

    def num(self, name: str) -> z3.ArithRef:
        """The integer variable ``name``."""
        try:
            return self._ints[name]
        except KeyError:
            raise self._missing(name, "int") from None

    def flag(self, name: str) -> z3.BoolRef:
        """The boolean variable ``name``."""
        try:
            return self._bools[name]
        except KeyError:
            raise self._missing(name, "bool") from None


StateFormula = Callable[[Vars], z3.BoolRef]
"""A one-state formula."""
Relation = Callable[[Vars, Vars], z3.BoolRef]
"""A two-state formula: the state before, the state after."""


def _doc(function: object) -> str:
    """A formula's docstring, its first paragraph joined into one line."""
    text = getattr(function, "__doc__", None) or ""
    return " ".join(text.strip().split("\n\n")[0].split())


@dataclass(frozen=True, slots=True)
class Named:
    """A named one-state invariant."""

    id: str
    """The invariant's id in the specification, e.g. ``"SOD-INV-GRID"``."""
    doc: str
    """What it says, in words."""
    formula: StateFormula
    """The invariant as a z3 formula over one state."""

    @classmethod
    def of(cls, id: str, formula: StateFormula) -> Named:
        """The invariant ``id`` documented by its formula's docstring."""
        return cls(id, _doc(formula), formula)


@dataclass(frozen=True, slots=True)
class Transition:
    """A named abstract transition: guard and effect as one two-state relation.

    Variables the relation does not mention are unconstrained in the state after, so
    a transition that keeps a quantity must say so (``v2.num("x") == v.num("x")``).
    """

    name: str
    """A short name, unique in the model, e.g. ``"place"``."""
    doc: str
    """What step of the game it abstracts."""
    relation: Relation
    """Guard and effect over the state before and the state after."""

    @classmethod
    def of(cls, name: str, relation: Relation) -> Transition:
        """The transition ``name`` documented by its relation's docstring."""
        return cls(name, _doc(relation), relation)


@dataclass(frozen=True, slots=True)
class Property:
    """A two-state property every transition must satisfy (e.g. skulls never decrease)."""

    id: str
    """The property's id in the specification."""
    doc: str
    """What it says, in words."""
    relation: Relation
    """The property over the state before and the state after."""

    @classmethod
    def of(cls, id: str, relation: Relation) -> Property:
        """The property ``id`` documented by its relation's docstring."""
        return cls(id, _doc(relation), relation)


@dataclass(frozen=True, slots=True)
class Goal:
    """A one-state target (a win, a loss) that must be reachable; a witness path shows it."""

    name: str
    """A short name, unique in the model, e.g. ``"win"``."""
    doc: str
    """What reaching it means."""
    formula: StateFormula
    """The target condition over one state."""


@dataclass(frozen=True, slots=True)
class WrongEncoding:
    """A deliberately wrong variant of the model that the proofs must refute."""

    name: str
    """A short name, unique in the model, e.g. ``"cap-of-7"``."""
    doc: str
    """What is wrong with it, and which check is expected to catch it."""
    mutate: Callable[[Model], Model]
    """Builds the wrong model from the right one (see :meth:`Model.with_transition`)."""

    @classmethod
    def swapping(
        cls, name: str, transition: str, relation: Relation, *, catches: str, what: str
    ) -> WrongEncoding:
        """The model with ``transition``'s relation replaced by ``relation``: the usual
        wrong encoding, documented as "transition: what is wrong; what must refute it"."""
        return cls(
            name,
            f"{transition}: {what}; {catches} must be refuted",
            lambda m: m.with_transition(transition, relation),
        )


@dataclass(frozen=True, slots=True, eq=False)
class Model:
    """An abstract model of one game: the object every proof obligation is about.

    Construction checks the structure (variable names and sorts, unique ids);
    :class:`ModelTerms` checks the formulas. Models compare by identity.
    """

    game: str
    """The game's id, e.g. ``"squirrel-or-die"``."""
    variables: Mapping[str, Sort]
    """Every abstract quantity and its sort, in a fixed order (the order of reports)."""
    init: StateFormula
    """The initial condition."""
    invariants: tuple[Named, ...]
    """The named invariants, each proven inductive."""
    transitions: tuple[Transition, ...]
    """The named abstract transitions."""
    properties: tuple[Property, ...] = ()
    """Two-state properties every transition must keep."""
    goals: tuple[Goal, ...] = ()
    """Targets that must be reachable (witnessed by paths from the reference)."""
    wrong: tuple[WrongEncoding, ...] = ()
    """Deliberately wrong variants the proofs must refute."""
    background: StateFormula | None = None
    """Facts assumed of every state (domains); the refinement check verifies them."""
    descriptions: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """What each variable means in the game, for the docs (``name`` -> words)."""
    simple_solver: bool = False
    """Discharge the obligations with z3's plain SMT solver (``z3.SimpleSolver``), without
    the default solver's preprocessing tactics: the same verdicts, and faster for a model
    whose many obligations are each small (Don't Let It Die's, where the preprocessing
    was about 40% of the proof time, and Doom and Bloom's, about 1.9 -> 1.1 s)."""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.descriptions) - set(self.variables))
        if unknown:
            raise ModelError(f"model {self.game!r}: descriptions of unknown {', '.join(unknown)}")
        for name, sort in self.variables.items():
            if not _NAME.match(name):
                raise ModelError(
                    f"model {self.game!r}: variable name {name!r} must match {_NAME.pattern}"
                )
            if sort not in ("int", "bool"):
                raise ModelError(f"model {self.game!r}: variable {name!r} has sort {sort!r}")
        _unique(
            self.game,
            "invariant/property id",
            [n.id for n in self.invariants] + [p.id for p in self.properties],
        )
        _unique(self.game, "transition name", [t.name for t in self.transitions])
        _unique(self.game, "goal name", [g.name for g in self.goals])
        _unique(self.game, "wrong encoding name", [w.name for w in self.wrong])
        for field in ("invariants", "transitions", "properties", "goals", "wrong"):
            if not isinstance(getattr(self, field), tuple):
                raise ModelError(f"model {self.game!r}: {field} must be a tuple")

    def transition(self, name: str) -> Transition:
        """The transition called ``name``; raises ``LookupError``."""
        return _find(self.game, "transition", name, {t.name: t for t in self.transitions})

    def invariant(self, id: str) -> Named:
        """The invariant with id ``id``; raises ``LookupError``."""
        return _find(self.game, "invariant", id, {n.id: n for n in self.invariants})

    def property(self, id: str) -> Property:
        """The property with id ``id``; raises ``LookupError``."""
        return _find(self.game, "property", id, {p.id: p for p in self.properties})

    def goal(self, name: str) -> Goal:
        """The goal called ``name``; raises ``LookupError``."""
        return _find(self.game, "goal", name, {g.name: g for g in self.goals})

    # A wrong encoding that names something the model lacks would silently change
    # nothing and then look "not caught"; these helpers fail loudly instead.

    def with_transition(self, name: str, relation: Relation) -> Model:
        """A copy with transition ``name``'s relation replaced (for wrong encodings)."""
        old = self.transition(name)
        new = dataclasses.replace(old, relation=relation)
        return dataclasses.replace(
            self, transitions=tuple(new if t is old else t for t in self.transitions)
        )

    def with_invariant(self, id: str, formula: StateFormula) -> Model:
        """A copy with invariant ``id``'s formula replaced (for wrong encodings)."""
        old = self.invariant(id)
        new = dataclasses.replace(old, formula=formula)
        return dataclasses.replace(
            self, invariants=tuple(new if n is old else n for n in self.invariants)
        )

    def with_property(self, id: str, relation: Relation) -> Model:
        """A copy with property ``id``'s relation replaced (for wrong encodings)."""
        old = self.property(id)
        new = dataclasses.replace(old, relation=relation)
        return dataclasses.replace(
            self, properties=tuple(new if p is old else p for p in self.properties)
        )

    def with_init(self, init: StateFormula) -> Model:
        """A copy with another initial condition (for wrong encodings)."""
        return dataclasses.replace(self, init=init)


def _unique(game: str, what: str, names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if not name:
            raise ModelError(f"model {game!r}: empty {what}")
        if name in seen:
            raise ModelError(f"model {game!r}: duplicate {what} {name!r}")
        seen.add(name)


def _find(game: str, what: str, key: str, table: Mapping[str, _T]) -> _T:
    try:
        return table[key]
    except KeyError:
        known = ", ".join(table) or "none"
        raise LookupError(f"model {game!r} has no {what} {key!r}; known: {known}") from None


# -- the z3 terms of a model, built once ---------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class ModelTerms:
    """Every formula of a model built once as z3 terms over ``now`` and ``nxt``.

    Building calls each formula callable exactly once, checks that it returns a z3
    boolean over the model's own variables only (a stray constant would be silently
    quantified by the solver), and wraps any exception in a :class:`ModelError`
    naming the formula.
    """

    model: Model
    """The model the terms were built from."""
    now: Vars
    """The constants of the state before (named after the variables)."""
    nxt: Vars
    """The constants of the state after (named ``name'``)."""
    init: z3.BoolRef
    """The initial condition over ``now``."""
    invariants: Mapping[str, z3.BoolRef]
    """Each invariant over ``now``."""
    invariants_next: Mapping[str, z3.BoolRef]
    """Each invariant over ``nxt``."""
    transitions: Mapping[str, z3.BoolRef]
    """Each transition over ``now`` and ``nxt``, by name."""
    properties: Mapping[str, z3.BoolRef]
    """Each property over ``now`` and ``nxt``, by id."""
    goals: Mapping[str, z3.BoolRef]
    """Each goal over ``now``, by name."""
    background: z3.BoolRef
    """The background over ``now`` (``True`` when the model has none)."""
    background_next: z3.BoolRef
    """The background over ``nxt``."""

    @staticmethod
    def build(model: Model, base: ModelTerms | None = None) -> ModelTerms:
        """Build and check every formula of ``model``.

        With ``base`` (the terms of a model ``model`` was derived from, such as the right
        model of a wrong encoding), a formula that is the very same callable as in
        ``base.model`` takes its term from ``base`` instead of being built again: a wrong
        encoding swaps in only the formula it changes.
        """
        if base is not None and base.model.variables != model.variables:
            base = None
        now = base.now if base is not None else Vars(model.variables, game=model.game)
        nxt = base.nxt if base is not None else Vars(model.variables, game=model.game, primed=True)
        names_now = frozenset(model.variables)
        names_next = frozenset(name + PRIME for name in model.variables)
        checker = _SymbolCheck(model.game)
        old = base.model if base is not None else None

        def state(what: str, formula: StateFormula, v: Vars) -> z3.BoolRef:
            term = _call(model.game, what, lambda: formula(v))
            return checker.check(what, term, names_next if v.primed else names_now)

        def pair(what: str, relation: Relation) -> z3.BoolRef:
            term = _call(model.game, what, lambda: relation(now, nxt))
            return checker.check(what, term, names_now | names_next)

        def same(mine: object, theirs: object) -> bool:
            return base is not None and mine is theirs

        init = (
            base.init
            if base is not None and old is not None and same(model.init, old.init)
            else None
        )
        invariants: dict[str, z3.BoolRef] = {}
        invariants_next: dict[str, z3.BoolRef] = {}
        old_invariants = {n.id: n.formula for n in old.invariants} if old is not None else {}
        for n in model.invariants:
            if base is not None and same(n.formula, old_invariants.get(n.id)):
                invariants[n.id] = base.invariants[n.id]
                invariants_next[n.id] = base.invariants_next[n.id]
            else:
                invariants[n.id] = state(f"invariant {n.id}", n.formula, now)
                invariants_next[n.id] = state(f"invariant {n.id}", n.formula, nxt)
        old_transitions = {t.name: t.relation for t in old.transitions} if old is not None else {}
        transitions = {
            t.name: base.transitions[t.name]
            if base is not None and same(t.relation, old_transitions.get(t.name))
            else pair(f"transition {t.name}", t.relation)
            for t in model.transitions
        }
        old_properties = {p.id: p.relation for p in old.properties} if old is not None else {}
        properties = {
            p.id: base.properties[p.id]
            if base is not None and same(p.relation, old_properties.get(p.id))
            else pair(f"property {p.id}", p.relation)
            for p in model.properties
        }
        old_goals = {g.name: g.formula for g in old.goals} if old is not None else {}
        goals = {
            g.name: base.goals[g.name]
            if base is not None and same(g.formula, old_goals.get(g.name))
            else state(f"goal {g.name}", g.formula, now)
            for g in model.goals
        }
        background = model.background
        if base is not None and old is not None and same(background, old.background):
            bg, bg_next = base.background, base.background_next
        elif background is None:
            bg, bg_next = z3.BoolVal(True), z3.BoolVal(True)
        else:
            bg = state("background", background, now)
            bg_next = state("background", background, nxt)
        return ModelTerms(
            model=model,
            now=now,
            nxt=nxt,
            init=init if init is not None else state("init", model.init, now),
            invariants=invariants,
            invariants_next=invariants_next,
            transitions=transitions,
            properties=properties,
            goals=goals,
            background=bg,
            background_next=bg_next,
        )

    @staticmethod
    def of(model: Model) -> ModelTerms:
        """The terms of ``model``, built once and remembered (a few models at a time)."""
        found = _TERMS.get(id(model))
        if found is None or found.model is not model:
            if len(_TERMS) >= TERMS_KEPT:
                del _TERMS[next(iter(_TERMS))]
            found = _TERMS[id(model)] = ModelTerms.build(model)
        return found


TERMS_KEPT = 16
"""Models whose terms :meth:`ModelTerms.of` remembers; the oldest goes first."""

_TERMS: dict[int, ModelTerms] = {}


def _call(game: str, what: str, build: Callable[[], object]) -> z3.BoolRef:
    try:
        term = build()
    except Exception as error:
        raise ModelError(f"model {game!r}: building {what} failed: {error}") from error
    # Plain Python booleans are accepted (``lambda v: True``) since z3 treats them alike.
    if isinstance(term, bool):
        return z3.BoolVal(term)
    if not z3.is_bool(term):
        raise ModelError(
            f"model {game!r}: {what} must return a z3 boolean, got {type(term).__name__}: {term}"
        )
    return term


class _SymbolCheck:
    """Finds free constants outside the allowed names, sharing work across terms."""

    def __init__(self, game: str) -> None:
        self._game = game
        self._seen: dict[int, frozenset[str]] = {}

    def _symbols(self, term: z3.ExprRef) -> frozenset[str]:
        key = term.get_id()
        found = self._seen.get(key)
        if found is not None:
            return found
        if z3.is_quantifier(term):
            raise ModelError(f"quantifiers are not supported: {term}")
        found = frozenset().union(*(self._symbols(child) for child in term.children()))
        # A free constant, or an uninterpreted function (reported by its name).
        if z3.is_app(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            found |= {term.decl().name()}
        self._seen[key] = found
        return found

    def check(self, what: str, term: z3.BoolRef, allowed: frozenset[str]) -> z3.BoolRef:
        try:
            stray = sorted(self._symbols(term) - allowed)
        except ModelError as error:
            raise ModelError(f"model {self._game!r}: {what}: {error}") from None
        if stray:
            raise ModelError(
                f"model {self._game!r}: {what} mentions {', '.join(stray)}, which are not "
                f"among its variables ({', '.join(sorted(allowed))})"
            )
        return term
