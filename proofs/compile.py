"""Evaluate a model's z3 terms on concrete abstract states, fast.

The refinement check evaluates every invariant, transition and property of a model on
every step of many random games. Asking z3 costs about 0.1-3 ms per evaluation; the
terms compiled into Python source (:mod:`dieproof.proofs.codegen`) cost well under a
microsecond, and are exact (the generator refuses every operator whose meaning on
Python ints differs from z3's). Tests check the generated code against z3's own
evaluator on random and exhaustive small states, and every witness path is evaluated
both ways.

Two ways in: :func:`compile_formula` / :func:`compile_relation` compile one term over
states given as mappings (variable name -> value), and :class:`CompiledModel` compiles
a whole model over states given as tuples in the model's variable order
(:data:`Values`), which is what the refinement check builds; its methods also accept
mappings.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection, Sequence
from typing import Final

import z3

from dieproof.proofs.codegen import CompileError, Emitter, Guard, Value
from dieproof.proofs.model import Abstract, Model, ModelTerms

__all__ = [
    "Closure",
    "CompileError",
    "CompiledModel",
    "Value",
    "Values",
    "compile_formula",
    "compile_relation",
]

Closure = Callable[[Abstract, Abstract], Value]
"""A compiled term over the state before and the state after."""

Values = tuple[int | bool, ...]
"""A concrete abstract state as a tuple: the value of every model variable, in the
order of :attr:`Model.variables`."""

_Fn = Callable[[Values, Values], Value]

COMPILED_KEPT: Final = 8
"""Models whose compiled form :meth:`CompiledModel.of` remembers; the oldest goes first."""

CANDIDATE_CACHE: Final = 4096
"""Keys kept in a compiled model's table of candidate transitions before it is emptied."""


def compile_formula(term: z3.ExprRef, names: Collection[str]) -> Callable[[Abstract], Value]:
    """Compile a one-state term over the variables ``names`` into ``f(state)``.

    ``f`` returns a bool for a formula and an int for an arithmetic term, exactly as
    z3 would evaluate it. Raises :class:`CompileError` for anything the generator
    refuses, and for a constant not in ``names``.
    """
    emitter = Emitter(sorted(names), by_index=False, two_state=False)
    name = emitter.add(term)
    f = emitter.build().functions[name]
    return lambda a: f(a, a)


def compile_relation(
    term: z3.ExprRef, names: Collection[str]
) -> Callable[[Abstract, Abstract], Value]:
    """Compile a two-state term into ``f(before, after)``; ``x'`` reads ``after["x"]``."""
    emitter = Emitter(sorted(names), by_index=False)
    name = emitter.add(term)
    return emitter.build().functions[name]


class CompiledModel:
    """Every formula of a model compiled once into one generated module.

    States are :data:`Values` tuples; every method also takes a mapping, which it
    packs first (:meth:`pack`). :meth:`transitions_matching` evaluates only the
    candidate transitions: a transition whose relation starts with ``x == c`` (or
    ``x' == c``) cannot match a step where ``x`` is not ``c``, so the candidates of
    each combination of those guard variables' values are worked out once and
    remembered. Every transition that matches is still reported.
    """

    @staticmethod
    def of(model: Model) -> CompiledModel:
        """The compiled model of ``model``, compiled once and remembered (a few models at
        a time): the proofs, the witnesses and the refinement check share it."""
        found = _COMPILED.get(id(model))
        if found is None or found.model is not model:
            if len(_COMPILED) >= COMPILED_KEPT:
                del _COMPILED[next(iter(_COMPILED))]
            found = _COMPILED[id(model)] = CompiledModel(model)
        return found

    def __init__(self, model: Model, terms: ModelTerms | None = None) -> None:
        self.model = model
        """The model compiled."""
        self.terms = terms if terms is not None else ModelTerms.of(model)
        """Its z3 terms (shared with the prover and the witness checker)."""
        self.names: Final = tuple(model.variables)
        """The variables, in the order of a :data:`Values` tuple."""
        t = self.terms
        emitter = Emitter(self.names, by_index=True)
        init = emitter.add(t.init)
        background = emitter.add(t.background)
        invariants = [(k, emitter.add(f)) for k, f in t.invariants.items()]
        transitions = [(k, emitter.add(f)) for k, f in t.transitions.items()]
        properties = [(k, emitter.add(f)) for k, f in t.properties.items()]
        goals = [(k, emitter.add(f)) for k, f in t.goals.items()]
        generated = emitter.build()
        self.source: Final = generated.source
        """The generated Python module, for people and for debugging."""
        fn = generated.functions
        self._init: _Fn = fn[init]
        self._background: _Fn = fn[background]
        self._invariants: tuple[tuple[str, _Fn], ...] = tuple((k, fn[n]) for k, n in invariants)
        self._transitions: tuple[tuple[str, _Fn], ...] = tuple((k, fn[n]) for k, n in transitions)
        self._properties: tuple[tuple[str, _Fn], ...] = tuple((k, fn[n]) for k, n in properties)
        self._goals: dict[str, _Fn] = {k: fn[n] for k, n in goals}
        self._keys = frozenset(self.names)
        self._ints = tuple(k for k, s in model.variables.items() if s == "int")
        self._bools = tuple(k for k, s in model.variables.items() if s == "bool")
        self._types = tuple(int if s == "int" else bool for s in model.variables.values())
        self._position = {name: i for i, name in enumerate(self.names)}
        # Candidate transitions: the guard variables of the state before and after.
        self._guards = tuple(emitter.guards(t.transitions[k]) for k, _ in transitions)
        now = sorted({g.name for gs in self._guards for g in gs if not g.primed})
        nxt = sorted({g.name for gs in self._guards for g in gs if g.primed})
        self._key_now = _getter([self._position[n] for n in now])
        self._key_next = _getter([self._position[n] for n in nxt])
        self._candidates: dict[tuple[Values, Values], tuple[tuple[str, _Fn], ...]] = {}

    # -- packing -------------------------------------------------------------------------

    def pack(self, a: Abstract | Values) -> Values:
        """``a`` as a :data:`Values` tuple (a mapping is read in variable order)."""
        if isinstance(a, tuple):
            return a
        return tuple(a[name] for name in self.names)

    def unpack(self, values: Values) -> dict[str, int | bool]:
        """A :data:`Values` tuple as a mapping from variable names."""
        return dict(zip(self.names, values, strict=True))

    def abstract_problems(self, a: Abstract | Values) -> list[str]:
        """Why ``a`` is not a state of this model (missing, extra or mistyped variables).

        Empty when ``a`` maps exactly the model's variables (or is a tuple of their
        values), ints as ``int`` (not ``bool``) and bools as ``bool``. The other methods
        assume this holds.
        """
        if isinstance(a, tuple):
            if len(a) == len(self._types) and tuple(map(type, a)) == self._types:
                return []
            if len(a) != len(self._types):
                return [f"{len(a)} values for {len(self._types)} variables"]
            a = self.unpack(a)
        problems: list[str] = []
        if a.keys() != self._keys:
            missing = [k for k in self.model.variables if k not in a]
            extra = sorted(k for k in a if k not in self._keys)
            if missing:
                problems.append("missing: " + ", ".join(missing))
            if extra:
                problems.append("not in the model: " + ", ".join(extra))
        # Values are checked as ``object``: abstraction functions are where mistakes are.
        for name in self._ints:
            value: object = a.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool):
                problems.append(f"{name} is an int variable but holds {value!r}")
        for name in self._bools:
            value = a.get(name, False)
            if not isinstance(value, bool):
                problems.append(f"{name} is a bool variable but holds {value!r}")
        return problems

    # -- evaluation ------------------------------------------------------------------------

    def satisfies_init(self, a: Abstract | Values) -> bool:
        """Whether ``a`` is an initial state of the model."""
        v = self.pack(a)
        return bool(self._init(v, v))

    def background_holds(self, a: Abstract | Values) -> bool:
        """Whether ``a`` satisfies the model's background facts (true when there are none)."""
        v = self.pack(a)
        return bool(self._background(v, v))

    def violated_invariants(self, a: Abstract | Values) -> list[str]:
        """The ids of the invariants ``a`` breaks."""
        v = self.pack(a)
        return [k for k, f in self._invariants if not f(v, v)]

    def transitions_matching(self, a: Abstract | Values, a2: Abstract | Values) -> list[str]:
        """The names of the transitions that allow the step from ``a`` to ``a2``."""
        v, v2 = self.pack(a), self.pack(a2)
        key = (self._key_now(v), self._key_next(v2))
        candidates = self._candidates.get(key)
        if candidates is None:
            candidates = self._pick(v, v2)
            if len(self._candidates) >= CANDIDATE_CACHE:
                self._candidates.clear()
            self._candidates[key] = candidates
        return [k for k, f in candidates if f(v, v2)]

    def _pick(self, v: Values, v2: Values) -> tuple[tuple[str, _Fn], ...]:
        position = self._position

        def possible(guards: Sequence[Guard]) -> bool:
            return all((v2 if g.primed else v)[position[g.name]] == g.value for g in guards)

        return tuple(
            t for t, guards in zip(self._transitions, self._guards, strict=True) if possible(guards)
        )

    def violated_properties(self, a: Abstract | Values, a2: Abstract | Values) -> list[str]:
        """The ids of the properties the step from ``a`` to ``a2`` breaks."""
        v, v2 = self.pack(a), self.pack(a2)
        return [k for k, f in self._properties if not f(v, v2)]

    def goals_met(self, a: Abstract | Values) -> list[str]:
        """The names of the goals ``a`` satisfies."""
        v = self.pack(a)
        return [k for k, f in self._goals.items() if f(v, v)]

    def goal_met(self, a: Abstract | Values, name: str) -> bool:
        """Whether ``a`` satisfies goal ``name``; raises ``LookupError``."""
        v = self.pack(a)
        return bool(self._goals[self.model.goal(name).name](v, v))


_COMPILED: dict[int, CompiledModel] = {}


def _getter(positions: Sequence[int]) -> Callable[[Values], Values]:
    """A reader of the values at ``positions``, always as a tuple."""
    if not positions:
        return lambda v: ()
    if len(positions) == 1:
        only = positions[0]
        return lambda v: (v[only],)
    get: Callable[[Values], Values] = operator.itemgetter(*positions)
    return get
