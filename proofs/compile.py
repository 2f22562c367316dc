"""Compile z3 terms into Python closures that evaluate them on concrete abstract states.

The refinement check evaluates every invariant, transition and property of a model on
every step of many random games. Asking z3 costs about 0.1-3 ms per evaluation; a
closure built once by walking the term (``decl().kind()``) costs well under a
microsecond, and is exact because it supports only operators whose meaning on
Python ints equals z3's on mathematical integers: ``+ - *``, unary minus, ``abs``,
comparisons, ``=``, ``distinct``, ``If`` and the boolean connectives. Integer
division and modulo (z3 rounds differently from Python on negative operands),
powers, reals, bit-vectors (wrap-around), quantifiers and uninterpreted functions are
refused with a :class:`CompileError`.

A closure takes two abstract states ``(a, b)``: a variable ``x`` reads ``a["x"]`` and
its primed twin ``x'`` reads ``b["x"]``. One-state formulas are called as ``f(a, a)``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Final

import z3

from dieproof.proofs.model import PRIME, Abstract, Model, ModelTerms

Value = int | bool
"""What a compiled term returns: an int for an arithmetic term, a bool for a formula."""

Closure = Callable[[Abstract, Abstract], Value]
"""A compiled term over the state before and the state after."""


class CompileError(ValueError):
    """A z3 term uses something the compiler refuses (see the module docstring)."""


_CONST: Final = 0
_NOW: Final = 1
_NEXT: Final = 2
_FN: Final = 3


_Eq = tuple[int, str, int, str, Value]
"""A simple equation ``var == var`` or ``var == const``: (tag, key, tag, key, constant)."""


@dataclass(frozen=True, slots=True)
class _Node:
    """A compiled subterm: a constant or a bare variable stays symbolic so that its
    parent can fold it into one closure instead of calling a closure per leaf."""

    tag: int
    value: Value = 0
    key: str = ""
    fn: Closure | None = None
    eq: _Eq | None = None
    """Set on simple equations, which a conjunction checks in batches (see ``_and``)."""


def _closure(node: _Node) -> Closure:
    if node.fn is not None:
        return node.fn
    value, key = node.value, node.key
    if node.tag == _CONST:
        return lambda a, b: value
    if node.tag == _NOW:
        return lambda a, b: a[key]
    return lambda a, b: b[key]


def _fn(fn: Closure) -> _Node:
    return _Node(_FN, fn=fn)


_Op = Callable[[Value, Value], Value]

_ADD: Final[_Op] = operator.add
_SUB: Final[_Op] = operator.sub
_MUL: Final[_Op] = operator.mul
_LE: Final[_Op] = operator.le
_LT: Final[_Op] = operator.lt
_GE: Final[_Op] = operator.ge
_GT: Final[_Op] = operator.gt
_EQ: Final[_Op] = operator.eq
_NE: Final[_Op] = operator.ne


def _binary(op: _Op, left: _Node, right: _Node) -> _Node:
    """``op(left, right)``, specialised on constant and variable operands."""
    lt, rt = left.tag, right.tag
    lv, rv, lk, rk = left.value, right.value, left.key, right.key
    if lt == _CONST and rt == _CONST:
        return _Node(_CONST, op(lv, rv))
    if rt == _CONST:
        if lt == _NOW:
            return _fn(lambda a, b: op(a[lk], rv))
        if lt == _NEXT:
            return _fn(lambda a, b: op(b[lk], rv))
        lf = _closure(left)
        return _fn(lambda a, b: op(lf(a, b), rv))
    if lt == _CONST:
        if rt == _NOW:
            return _fn(lambda a, b: op(lv, a[rk]))
        if rt == _NEXT:
            return _fn(lambda a, b: op(lv, b[rk]))
        rf = _closure(right)
        return _fn(lambda a, b: op(lv, rf(a, b)))
    if lt == _NOW and rt == _NOW:
        return _fn(lambda a, b: op(a[lk], a[rk]))
    if lt == _NEXT and rt == _NOW:
        return _fn(lambda a, b: op(b[lk], a[rk]))
    if lt == _NOW and rt == _NEXT:
        return _fn(lambda a, b: op(a[lk], b[rk]))
    if lt == _NEXT and rt == _NEXT:
        return _fn(lambda a, b: op(b[lk], b[rk]))
    lf, rf = _closure(left), _closure(right)
    return _fn(lambda a, b: op(lf(a, b), rf(a, b)))


def _fold(op: _Op, args: Sequence[_Node]) -> _Node:
    result = args[0]
    for arg in args[1:]:
        result = _binary(op, result, arg)
    return result


def _equal(left: _Node, right: _Node) -> _Node:
    """``left == right``, remembering the shape of a simple equation."""
    node = _binary(_EQ, left, right)
    if node.fn is None:
        return node
    if left.tag == _CONST:
        left, right = right, left
    if right.tag == _CONST and left.tag in (_NOW, _NEXT):
        return _Node(_FN, fn=node.fn, eq=(left.tag, left.key, _CONST, "", right.value))
    if left.tag in (_NOW, _NEXT) and right.tag in (_NOW, _NEXT):
        if (left.tag, right.tag) == (_NOW, _NEXT):
            left, right = right, left
        return _Node(_FN, fn=node.fn, eq=(left.tag, left.key, right.tag, right.key, 0))
    return node


def _getter(keys: Sequence[str]) -> Callable[[Abstract], tuple[Value, ...]]:
    if len(keys) == 1:
        key = keys[0]
        return lambda s: (s[key],)
    return operator.itemgetter(*keys)


def _batched(tags: tuple[int, int], eqs: Sequence[_Eq]) -> Closure:
    """Many simple equations as one tuple comparison, done by two C-level itemgetters.

    Models are full of frame conditions (``x' == x`` for every quantity a step keeps)
    and guards like ``phase == 1``; one closure call per equation dominated the
    refinement check's time before they were batched.
    """
    left = _getter([e[1] for e in eqs])
    if tags[1] == _CONST:
        constants = tuple(e[4] for e in eqs)
        if tags[0] == _NOW:
            return lambda a, b: left(a) == constants
        return lambda a, b: left(b) == constants
    right = _getter([e[3] for e in eqs])
    if tags == (_NOW, _NOW):
        return lambda a, b: left(a) == right(a)
    if tags == (_NEXT, _NEXT):
        return lambda a, b: left(b) == right(b)
    if tags == (_NOW, _NEXT):
        return lambda a, b: left(a) == right(b)
    return lambda a, b: left(b) == right(a)


def _and(args: Sequence[_Node]) -> _Node:
    if any(n.tag == _CONST and not n.value for n in args):
        return _Node(_CONST, False)
    live = [n for n in args if n.tag != _CONST]
    if not live:
        return _Node(_CONST, True)
    if len(live) == 1:
        return live[0]
    groups: dict[tuple[int, int], list[_Node]] = {}
    rest: list[_Node] = []
    for node in live:
        if node.eq is not None:
            groups.setdefault((node.eq[0], node.eq[2]), []).append(node)
        else:
            rest.append(node)

    def group(tags: tuple[int, int], nodes: list[_Node]) -> Closure:
        if len(nodes) == 1:
            return _closure(nodes[0])
        return _batched(tags, [n.eq for n in nodes if n.eq is not None])

    # Guards first (equations with a constant, then the other conjuncts), frame
    # conditions last: a step that does not match usually fails a guard.
    first = [group(tags, nodes) for tags, nodes in groups.items() if tags[1] == _CONST]
    last = [group(tags, nodes) for tags, nodes in groups.items() if tags[1] != _CONST]
    fs = (*first, *(_closure(n) for n in rest), *last)
    if len(fs) == 2:
        f, g = fs
        return _fn(lambda a, b: f(a, b) and g(a, b))

    def conjunction(a: Abstract, b: Abstract) -> bool:
        # A plain loop: all() over a generator costs a frame per call on the hot path.
        for f in fs:  # noqa: SIM110
            if not f(a, b):
                return False
        return True

    return _fn(conjunction)


def _or(args: Sequence[_Node]) -> _Node:
    if any(n.tag == _CONST and n.value for n in args):
        return _Node(_CONST, True)
    live = [n for n in args if n.tag != _CONST]
    if not live:
        return _Node(_CONST, False)
    if len(live) == 1:
        return live[0]
    fs = tuple(_closure(n) for n in live)
    if len(fs) == 2:
        f, g = fs
        return _fn(lambda a, b: f(a, b) or g(a, b))

    def disjunction(a: Abstract, b: Abstract) -> bool:
        for f in fs:  # noqa: SIM110  (as in conjunction)
            if f(a, b):
                return True
        return False

    return _fn(disjunction)


def _not(arg: _Node) -> _Node:
    if arg.tag == _CONST:
        return _Node(_CONST, not arg.value)
    key = arg.key
    if arg.tag == _NOW:
        return _fn(lambda a, b: not a[key])
    if arg.tag == _NEXT:
        return _fn(lambda a, b: not b[key])
    f = _closure(arg)
    return _fn(lambda a, b: not f(a, b))


def _unary(op: Callable[[Value], Value], arg: _Node) -> _Node:
    if arg.tag == _CONST:
        return _Node(_CONST, op(arg.value))
    key = arg.key
    if arg.tag == _NOW:
        return _fn(lambda a, b: op(a[key]))
    if arg.tag == _NEXT:
        return _fn(lambda a, b: op(b[key]))
    f = _closure(arg)
    return _fn(lambda a, b: op(f(a, b)))


def _ite(cond: _Node, then: _Node, other: _Node) -> _Node:
    if cond.tag == _CONST:
        return then if cond.value else other
    c, t, e = _closure(cond), _closure(then), _closure(other)
    return _fn(lambda a, b: t(a, b) if c(a, b) else e(a, b))


def _distinct(args: Sequence[_Node]) -> _Node:
    if len(args) == 2:
        return _binary(_NE, args[0], args[1])
    fs = tuple(_closure(n) for n in args)
    count = len(fs)
    return _fn(lambda a, b: len({f(a, b) for f in fs}) == count)


_REFUSED: Final[dict[int, str]] = {
    z3.Z3_OP_IDIV: "integer division (z3 rounds toward -infinity for positive divisors "
    "and differently from Python's // for negative ones)",
    z3.Z3_OP_DIV: "real division",
    z3.Z3_OP_MOD: "mod (z3's result is never negative; Python's % follows the divisor)",
    z3.Z3_OP_REM: "rem (its sign rules differ from Python's %)",
    z3.Z3_OP_POWER: "power (z3's ** is real-valued)",
    z3.Z3_OP_TO_REAL: "conversion to a real",
    z3.Z3_OP_TO_INT: "conversion of a real to an int",
    z3.Z3_OP_IS_INT: "is_int on a real",
}


class _Compiler:
    """One walk over a DAG of z3 terms, compiling each shared subterm once."""

    def __init__(self, names: Collection[str], *, two_state: bool) -> None:
        self._names = frozenset(names)
        self._two_state = two_state
        self._memo: dict[int, _Node] = {}

    def compile(self, term: z3.ExprRef) -> Closure:
        try:
            return _closure(self._node(term))
        except RecursionError:
            raise CompileError(f"term too deep to compile: {_short(term)}") from None

    def _refuse(self, term: z3.ExprRef, why: str) -> CompileError:
        return CompileError(f"cannot compile {why}: {_short(term)}")

    def _variable(self, term: z3.ExprRef) -> _Node:
        name = term.decl().name()
        if name in self._names:
            return _Node(_NOW, key=name)
        base = name.removesuffix(PRIME)
        if name.endswith(PRIME) and base in self._names:
            if not self._two_state:
                raise self._refuse(term, f"the primed variable {name!r} in a one-state formula")
            return _Node(_NEXT, key=base)
        known = ", ".join(sorted(self._names)) or "none"
        raise self._refuse(term, f"the unknown variable {name!r} (known: {known})")

    def _node(self, term: z3.ExprRef) -> _Node:
        key = term.get_id()
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._build(term)
        return found

    def _build(self, term: z3.ExprRef) -> _Node:
        if z3.is_quantifier(term):
            raise self._refuse(term, "a quantifier")
        if not z3.is_app(term):
            raise self._refuse(term, "a bound variable")
        sort = term.sort().kind()
        if sort == z3.Z3_BV_SORT:
            raise self._refuse(term, "a bit-vector (they wrap around; use Int)")
        if sort == z3.Z3_REAL_SORT:
            raise self._refuse(term, "a real-valued term (use Int)")
        if sort not in (z3.Z3_INT_SORT, z3.Z3_BOOL_SORT):
            raise self._refuse(term, f"a term of sort {term.sort().name()}")
        kind = term.decl().kind()
        if kind in _REFUSED:
            raise self._refuse(term, _REFUSED[kind])
        if z3.is_int_value(term):
            return _Node(_CONST, term.as_long())
        if kind == z3.Z3_OP_TRUE:
            return _Node(_CONST, True)
        if kind == z3.Z3_OP_FALSE:
            return _Node(_CONST, False)
        if kind == z3.Z3_OP_UNINTERPRETED:
            if term.num_args():
                raise self._refuse(term, "an uninterpreted function")
            return self._variable(term)
        if kind == z3.Z3_OP_AND:
            # Flattened (And is associative) so that batching sees every equation.
            return _and([self._node(child) for child in _conjuncts(term)])
        args = [self._node(child) for child in term.children()]
        if kind == z3.Z3_OP_OR:
            return _or(args)
        if kind == z3.Z3_OP_NOT:
            return _not(args[0])
        if kind == z3.Z3_OP_IMPLIES:
            return _or([_not(args[0]), args[1]])
        if kind == z3.Z3_OP_XOR:
            return _binary(_NE, args[0], args[1])
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF):
            return _equal(args[0], args[1])
        if kind == z3.Z3_OP_DISTINCT:
            return _distinct(args)
        if kind == z3.Z3_OP_ITE:
            return _ite(args[0], args[1], args[2])
        binary = _BINARY.get(kind)
        if binary is not None:
            return _fold(binary, args)
        if kind == z3.Z3_OP_UMINUS:
            return _unary(operator.neg, args[0])
        if kind == z3.Z3_OP_ABS:
            return _unary(abs, args[0])
        raise self._refuse(term, f"the operator {term.decl().name()!r}")


_BINARY: Final[dict[int, _Op]] = {
    z3.Z3_OP_ADD: _ADD,
    z3.Z3_OP_SUB: _SUB,
    z3.Z3_OP_MUL: _MUL,
    z3.Z3_OP_LE: _LE,
    z3.Z3_OP_LT: _LT,
    z3.Z3_OP_GE: _GE,
    z3.Z3_OP_GT: _GT,
}


def _conjuncts(term: z3.ExprRef) -> list[z3.ExprRef]:
    found: list[z3.ExprRef] = []
    for child in term.children():
        if z3.is_app(child) and child.decl().kind() == z3.Z3_OP_AND:
            found.extend(_conjuncts(child))
        else:
            found.append(child)
    return found


def _short(term: z3.ExprRef, limit: int = 200) -> str:
    text = " ".join(str(term).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def compile_formula(term: z3.ExprRef, names: Collection[str]) -> Callable[[Abstract], Value]:
    """Compile a one-state term over the variables ``names`` into ``f(state)``.

    ``f`` returns a bool for a formula and an int for an arithmetic term, exactly as
    z3 would evaluate it. Raises :class:`CompileError` for anything the module
    docstring lists as refused, and for a constant not in ``names``.
    """
    f = _Compiler(names, two_state=False).compile(term)
    return lambda a: f(a, a)


def compile_relation(
    term: z3.ExprRef, names: Collection[str]
) -> Callable[[Abstract, Abstract], Value]:
    """Compile a two-state term into ``f(before, after)``; ``x'`` reads ``after["x"]``."""
    return _Compiler(names, two_state=True).compile(term)


class CompiledModel:
    """Every formula of a model compiled once, for evaluation on concrete states."""

    def __init__(self, model: Model, terms: ModelTerms | None = None) -> None:
        self.model = model
        """The model compiled."""
        self.terms = terms if terms is not None else ModelTerms.build(model)
        """Its z3 terms (shared with the prover and the witness checker)."""
        names = tuple(model.variables)
        # One compiler for everything, so subterms shared between formulas (a common
        # guard, an invariant reused in a transition) compile once.
        compiler = _Compiler(names, two_state=True)
        t = self.terms
        self._init = compiler.compile(t.init)
        self._background = compiler.compile(t.background)
        self._invariants = tuple((k, compiler.compile(f)) for k, f in t.invariants.items())
        self._transitions = tuple((k, compiler.compile(f)) for k, f in t.transitions.items())
        self._properties = tuple((k, compiler.compile(f)) for k, f in t.properties.items())
        self._goals = {k: compiler.compile(f) for k, f in t.goals.items()}
        self._keys = frozenset(names)
        self._ints = tuple(k for k, s in model.variables.items() if s == "int")
        self._bools = tuple(k for k, s in model.variables.items() if s == "bool")
        self._values = _getter(names) if names else None
        self._types = tuple(int if s == "int" else bool for s in model.variables.values())

    def abstract_problems(self, a: Abstract) -> list[str]:
        """Why ``a`` is not a state of this model (missing, extra or mistyped variables).

        Empty when ``a`` maps exactly the model's variables, ints to ``int`` (not
        ``bool``) and bools to ``bool``. The other methods assume this holds.
        """
        # The fast path (run after every step of the refinement check): every
        # variable present, nothing else, and each value exactly an int or a bool.
        if self._values is not None and len(a) == len(self._types):
            try:
                if tuple(map(type, self._values(a))) == self._types:
                    return []
            except KeyError:
                pass
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

    def satisfies_init(self, a: Abstract) -> bool:
        """Whether ``a`` is an initial state of the model."""
        return bool(self._init(a, a))

    def background_holds(self, a: Abstract) -> bool:
        """Whether ``a`` satisfies the model's background facts (true when there are none)."""
        return bool(self._background(a, a))

    def violated_invariants(self, a: Abstract) -> list[str]:
        """The ids of the invariants ``a`` breaks."""
        return [k for k, f in self._invariants if not f(a, a)]

    def transitions_matching(self, a: Abstract, a2: Abstract) -> list[str]:
        """The names of the transitions that allow the step from ``a`` to ``a2``."""
        return [k for k, f in self._transitions if f(a, a2)]

    def violated_properties(self, a: Abstract, a2: Abstract) -> list[str]:
        """The ids of the properties the step from ``a`` to ``a2`` breaks."""
        return [k for k, f in self._properties if not f(a, a2)]

    def goals_met(self, a: Abstract) -> list[str]:
        """The names of the goals ``a`` satisfies."""
        return [k for k, f in self._goals.items() if f(a, a)]

    def goal_met(self, a: Abstract, name: str) -> bool:
        """Whether ``a`` satisfies goal ``name``; raises ``LookupError``."""
        return bool(self._goals[self.model.goal(name).name](a, a))
