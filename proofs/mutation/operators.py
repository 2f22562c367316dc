"""Mutation points of a Python module: where a small, plausible bug can be planted.

A *mutant* is the module with exactly one change. The operators are the classic ones
of mutation testing (operator replacement, constant off-by-one, negated conditions,
deleted statements), chosen for what goes wrong in rules code: a ``<`` for a ``<=`` at a
cap, a ``min`` for a ``max``, a deleted ``raise`` that was a legality check, a forgotten
``+= 1``. The walk is over the module's syntax tree (:mod:`ast`), so a mutant is
always valid Python and never touches a docstring, a type annotation or a message.

Every point has a stable :attr:`Point.id`, built from the enclosing function, the
operator and the code before and after (not the line number), so that the committed
list of equivalent mutants survives edits elsewhere in the module.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

_BINARY: Final[dict[type[ast.operator], type[ast.operator]]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitOr: ast.BitAnd,
    ast.BitAnd: ast.BitOr,
    ast.BitXor: ast.BitOr,
}
"""Arithmetic and bit operators and what each becomes."""

_BITWISE: Final = (ast.BitOr, ast.BitAnd, ast.BitXor)
"""Operators that outside a function are type unions (``A | B``), not arithmetic."""

_COMPARE: Final[dict[type[ast.cmpop], type[ast.cmpop]]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
"""Comparisons and what each becomes: a boundary moved by one, or the test inverted."""

_SWAPPED_CALLS: Final = {"min": "max", "max": "min", "any": "all", "all": "any"}
"""Built-in calls that become their twin."""


@dataclass(frozen=True, slots=True)
class Point:
    """One place where one operator plants one bug."""

    index: int
    """The point's position in the module's walk (what :func:`mutant_tree` takes)."""
    module: str
    """The dotted name of the module."""
    qualname: str
    """The enclosing function or class, ``<module>`` at the top level."""
    operator: str
    """What changes: ``Add->Sub``, ``Lt->LtE``, ``+1``, ``negate``, ``delete``, ``min->max``."""
    line: int
    """The line of the changed code."""
    before: str
    """The code before, as written (first line only, for long statements)."""
    after: str
    """The code after, as ``ast.unparse`` writes it."""
    id: str
    """A name that stays the same while this code does: module, function, operator and a
    short digest of the code before and after (and its rank among identical changes in
    the same function)."""


def points(path: Path, module: str) -> tuple[Point, ...]:
    """Every mutation point of the module in the file ``path``, in walk order."""
    source = path.read_text()
    walker = _Walker(source, module, None)
    walker.visit(ast.parse(source, str(path)))
    return tuple(walker.found)


def mutant_tree(path: Path, module: str, index: int) -> tuple[ast.Module, Point]:
    """The module's syntax tree with mutation point ``index`` applied, and that point."""
    source = path.read_text()
    walker = _Walker(source, module, index)
    tree = walker.visit(ast.parse(source, str(path)))
    if walker.applied is None:
        raise IndexError(f"{module} has {len(walker.found)} mutation points, not {index + 1}")
    assert isinstance(tree, ast.Module)
    return ast.fix_missing_locations(tree), walker.applied


class _Walker(ast.NodeTransformer):
    """Walks a module in a fixed order, numbering every mutation point; when ``target``
    is a number, applies that point (and only that one) on the way."""

    def __init__(self, source: str, module: str, target: int | None) -> None:
        self.source = source
        self._lines = [line.encode() for line in source.splitlines(keepends=True)]
        self.module = module
        self.target = target
        self.found: list[Point] = []
        self.applied: Point | None = None
        self._scope: list[str] = []
        self._depth = 0  # functions we are inside
        self._ranks: dict[tuple[str, str, str, str], int] = {}
        self._bound: list[set[str]] = [set()]  # names bound so far, per function
        self._last: list[ast.stmt | None] = [None]  # each function's last statement

    # -- recording ---------------------------------------------------------------------

    def _offer(self, node: ast.AST, operator: str, mutated: ast.AST) -> bool:
        """Record a point; return whether it is the one to apply."""
        qualname = ".".join(self._scope) or "<module>"
        segment = self._segment(node) or ast.unparse(node)
        before = segment.strip().splitlines()[0] if segment.strip() else segment
        after_text = ast.unparse(mutated).splitlines()
        after = after_text[0] if after_text else ""
        key = (qualname, operator, before, after)
        rank = self._ranks.get(key, 0)
        self._ranks[key] = rank + 1
        digest = hashlib.sha256(f"{before}\x00{after}\x00{rank}".encode()).hexdigest()[:6]
        short = self.module.rsplit(".", 1)[-1]
        point = Point(
            index=len(self.found),
            module=self.module,
            qualname=qualname,
            operator=operator,
            line=getattr(node, "lineno", 0),
            before=before,
            after=after,
            id=f"{short}:{qualname}:{operator}:{digest}",
        )
        self.found.append(point)
        if self.target == point.index:
            self.applied = point
            return True
        return False

    def _segment(self, node: ast.AST) -> str | None:
        """The source of ``node`` (``ast.get_source_segment`` re-splits the whole file on
        every call, which made a walk quadratic)."""
        start, end = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        first, last = getattr(node, "col_offset", None), getattr(node, "end_col_offset", None)
        if start is None or end is None or first is None or last is None:
            return None
        lines = self._lines[start - 1 : end]
        if len(lines) == 1:
            return lines[0][first:last].decode()
        return b"".join([lines[0][first:], *lines[1:-1], lines[-1][:last]]).decode()

    # -- what is never mutated ----------------------------------------------------------

    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = self._body(node.body)
        return node

    def visit_Import(self, node: ast.Import) -> ast.AST:
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        return node

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node  # messages are for people; nothing compares them

    def visit_If(self, node: ast.If) -> ast.AST:
        if _is_type_checking(node.test):
            return node
        negated = ast.If(
            test=ast.UnaryOp(op=ast.Not(), operand=node.test), body=node.body, orelse=node.orelse
        )
        if self._offer(node.test, "negate", negated.test):
            node.test = ast.copy_location(negated.test, node.test)
            return node
        node.test = self.visit(node.test)
        node.body = self._body(node.body)
        node.orelse = self._body(node.orelse)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        negated = ast.UnaryOp(op=ast.Not(), operand=node.test)
        if self._offer(node.test, "negate", negated):
            node.test = ast.copy_location(negated, node.test)
            return node
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._function(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self._scope.append(node.name)
        self._depth += 1
        arguments = node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
        self._bound.append({a.arg for a in every})
        self._last.append(node.body[-1] if node.body else None)
        # Defaults are behaviour; annotations, decorators and the docstring are not.
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        node.args.kw_defaults = [
            None if d is None else self.visit(d) for d in node.args.kw_defaults
        ]
        node.body = self._body(node.body)
        self._depth -= 1
        self._scope.pop()
        self._bound.pop()
        self._last.pop()
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self._scope.append(node.name)
        node.body = self._body(node.body)
        self._scope.pop()
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        replaced = self._statement(node)
        if replaced is not node or node.value is None:
            return replaced
        node.value = self.visit(node.value)
        return node

    # -- statements ---------------------------------------------------------------------

    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for i, statement in enumerate(body):
            if i == 0 and _is_docstring(statement):
                out.append(statement)
                continue
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                out.append(statement)  # a bare string or ellipsis: a comment, not code
                continue
            result = self.visit(statement)
            out.extend(result if isinstance(result, list) else [result])
        return out

    def _statement(self, node: ast.stmt) -> ast.stmt:
        """Offer deleting ``node`` (replacing it by ``pass``) where that is a bug a
        person could make and the code still runs: a lost update (``x += 1``, or
        ``state = replace(state, ...)`` rebinding a name already bound), a missing check
        (``raise``), a lost call, a missing early ``return``. Deleting the first binding
        of a name or a function's last ``return`` only gives a NameError or ``None``,
        which every check notices, so those are not offered."""
        if not self._depth or not self._deletable(node):
            return node
        replacement = ast.copy_location(ast.Pass(), node)
        return replacement if self._offer(node, "delete", replacement) else node

    def _deletable(self, node: ast.stmt) -> bool:
        bound = self._bound[-1]
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets: list[ast.expr] = (
                node.targets if isinstance(node, ast.Assign) else [node.target]
            )
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            deletable = len(names) == len(targets) and all(n in bound for n in names)
            bound.update(_stored(targets))
            return deletable and node.value is not None
        if isinstance(node, ast.Return):
            return node is not self._last[-1]
        return isinstance(node, ast.AugAssign | ast.Raise | ast.Expr)

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        if _is_all(node):
            return node
        replaced = self._statement(node)
        if replaced is not node:
            return replaced
        node.value = self.visit(node.value)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        replaced = self._statement(node)
        if replaced is not node:
            return replaced
        swap = _BINARY.get(type(node.op))
        if swap is not None:
            mutated = ast.AugAssign(target=node.target, op=swap(), value=node.value)
            if self._offer(node, _name(node.op, swap), mutated):
                return ast.copy_location(mutated, node)
        node.value = self.visit(node.value)
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        replaced = self._statement(node)
        if replaced is not node:
            return replaced
        return self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        return self._statement(node)  # the exception's arguments are codes and prose

    def visit_Return(self, node: ast.Return) -> ast.AST:
        replaced = self._statement(node)
        if replaced is not node:
            return replaced
        return self.generic_visit(node)

    def visit_While(self, node: ast.While) -> ast.AST:
        negated = ast.UnaryOp(op=ast.Not(), operand=node.test)
        if self._offer(node.test, "negate", negated):
            node.test = ast.copy_location(negated, node.test)
            return node
        node.test = self.visit(node.test)
        node.body = self._body(node.body)
        node.orelse = self._body(node.orelse)
        return node

    def visit_For(self, node: ast.For) -> ast.AST:
        self._bound[-1].update(_stored([node.target]))
        node.iter = self.visit(node.iter)
        node.body = self._body(node.body)
        node.orelse = self._body(node.orelse)
        return node

    def visit_With(self, node: ast.With) -> ast.AST:
        node.body = self._body(node.body)
        return node

    def visit_Try(self, node: ast.Try) -> ast.AST:
        node.body = self._body(node.body)
        for handler in node.handlers:
            handler.body = self._body(handler.body)
        node.orelse = self._body(node.orelse)
        node.finalbody = self._body(node.finalbody)
        return node

    def visit_Break(self, node: ast.Break) -> ast.AST:
        mutated = ast.copy_location(ast.Continue(), node)
        return mutated if self._offer(node, "break->continue", mutated) else node

    def visit_Continue(self, node: ast.Continue) -> ast.AST:
        mutated = ast.copy_location(ast.Break(), node)
        return mutated if self._offer(node, "continue->break", mutated) else node

    # -- expressions --------------------------------------------------------------------

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        swap = _BINARY.get(type(node.op))
        if swap is not None and (self._depth or not isinstance(node.op, _BITWISE)):
            mutated = ast.BinOp(left=node.left, op=swap(), right=node.right)
            if self._offer(node, _name(node.op, swap), mutated):
                return ast.copy_location(mutated, node)
        return self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        for i, op in enumerate(node.ops):
            swap = _COMPARE.get(type(op))
            if swap is None:
                continue
            ops = [*node.ops[:i], swap(), *node.ops[i + 1 :]]
            mutated = ast.Compare(left=node.left, ops=ops, comparators=node.comparators)
            if self._offer(node, _name(op, swap), mutated):
                return ast.copy_location(mutated, node)
        return self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        swap: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        mutated = ast.BoolOp(op=swap, values=node.values)
        if self._offer(node, _name(node.op, type(swap)), mutated):
            return ast.copy_location(mutated, node)
        return self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        if isinstance(node.op, ast.Not | ast.USub):
            if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
                return node  # a negative literal: the constant operator covers it
            label = "drop-not" if isinstance(node.op, ast.Not) else "drop-minus"
            if self._offer(node, label, node.operand):
                return node.operand
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        func = node.func
        if isinstance(func, ast.Name) and func.id in _SWAPPED_CALLS:
            twin = _SWAPPED_CALLS[func.id]
            mutated = ast.Call(
                func=ast.Name(id=twin, ctx=ast.Load()), args=node.args, keywords=node.keywords
            )
            if self._offer(node, f"{func.id}->{twin}", mutated):
                return ast.copy_location(mutated, node)
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            mutated = ast.Constant(value=not value)
            return ast.copy_location(mutated, node) if self._offer(node, "not", mutated) else node
        if isinstance(value, int):
            mutated = ast.Constant(value=value + 1)
            return ast.copy_location(mutated, node) if self._offer(node, "+1", mutated) else node
        return node  # strings (codes, messages), None, floats: not rules arithmetic

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        # ``tuple[int, ...]`` in a cast or a TypeAlias is a type, not code.
        if (
            isinstance(node.value, ast.Name)
            and node.value.id in {"tuple", "dict", "list"}
            and isinstance(node.ctx, ast.Load)
            and _looks_like_type(node.slice)
        ):
            return node
        return self.generic_visit(node)


def _name(before: ast.AST | type[ast.AST], after: type[ast.AST]) -> str:
    first = before if isinstance(before, type) else type(before)
    return f"{first.__name__}->{after.__name__}"


def _stored(targets: list[ast.expr]) -> set[str]:
    """The names an assignment to ``targets`` binds."""
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _is_all(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    )


def _looks_like_type(node: ast.expr) -> bool:
    names: Iterator[ast.AST] = ast.walk(node)
    return all(
        isinstance(n, ast.Name | ast.Tuple | ast.Load | ast.Constant | ast.Attribute)
        and (not isinstance(n, ast.Constant) or n.value is Ellipsis)
        for n in names
    )
