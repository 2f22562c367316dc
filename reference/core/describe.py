"""Field docstrings as JSON Schema descriptions.

Every field of a game's value types carries a docstring under it (the project's
convention, STYLE habit 1), and every member of an enumeration may too. Python keeps
neither at run time, so :func:`field_docs` and :func:`member_docs` read them from the
class's source, and :func:`describe` writes them into a schema's ``$defs``: each
property of a struct gets its field's docstring as its ``description``, and each
enumeration's description lists what every value means. A new game gets this without
declaring anything; a test checks that every field of every registered game ends up
described.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import itertools
import textwrap
from collections.abc import Iterator, MutableMapping

import msgspec

from dieproof.reference.core.types import JSON


def _class_body(cls: type) -> list[ast.stmt]:
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return []
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            return node.body
    return []


def _clean(text: str) -> str:
    """A docstring as one paragraph of plain text (reST literals kept readable)."""
    return " ".join(inspect.cleandoc(text).split()).replace("``", "`")


def _docs(cls: type, *, assignments: bool) -> dict[str, str]:
    found: dict[str, str] = {}
    body = _class_body(cls)
    for node, after in itertools.pairwise(body):
        name: str | None = None
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        elif assignments and isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            name = target.id if isinstance(target, ast.Name) else None
        if (
            name is not None
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[name] = _clean(after.value.value)
    return found


@functools.cache
def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each annotated field of ``cls`` and of its bases (the class's
    own win), by field name."""
    found: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if base is object:
            continue
        found.update(_docs(base, assignments=False))
    return found


@functools.cache
def member_docs(cls: type[enum.Enum]) -> dict[str, str]:
    """The docstring under each member of an enumeration, by the member's value."""
    by_name = _docs(cls, assignments=True)
    return {str(member.value): by_name[member.name] for member in cls if member.name in by_name}


def reachable(*roots: object) -> Iterator[type]:
    """Every struct and enumeration class reachable from the types ``roots``."""
    seen: set[type] = set()

    def walk(info: msgspec.inspect.Type) -> Iterator[type]:
        if isinstance(info, msgspec.inspect.StructType):
            if info.cls in seen:
                return
            seen.add(info.cls)
            yield info.cls
            for field in info.fields:
                yield from walk(field.type)
        elif isinstance(info, msgspec.inspect.EnumType):
            if info.cls not in seen:
                seen.add(info.cls)
                yield info.cls
        elif isinstance(info, msgspec.inspect.UnionType):
            for option in info.types:
                yield from walk(option)
        elif isinstance(
            info,
            msgspec.inspect.ListType
            | msgspec.inspect.VarTupleType
            | msgspec.inspect.SetType
            | msgspec.inspect.FrozenSetType,
        ):
            yield from walk(info.item_type)
        elif isinstance(info, msgspec.inspect.TupleType):
            for item in info.item_types:
                yield from walk(item)
        elif isinstance(info, msgspec.inspect.DictType):
            yield from walk(info.value_type)

    for root in roots:
        yield from walk(msgspec.inspect.type_info(root))


def describe(definitions: MutableMapping[str, JSON], *roots: object) -> None:
    """Write the docstrings of every struct field and enumeration member reachable from
    ``roots`` into ``definitions`` (a schema's ``$defs``, named as msgspec names them)."""
    for cls in reachable(*roots):
        definition = definitions.get(cls.__name__)
        if not isinstance(definition, dict):
            continue
        if issubclass(cls, enum.Enum):
            meanings = member_docs(cls)
            if meanings:
                values = "".join(
                    f"\n- `{member.value}`: {meanings[str(member.value)]}"
                    for member in cls
                    if str(member.value) in meanings
                )
                before = definition.get("description")
                head = f"{before}\n" if isinstance(before, str) else ""
                definition["description"] = f"{head}Values:{values}"
            continue
        properties = definition.get("properties")
        if not isinstance(properties, dict):
            continue
        info = msgspec.inspect.type_info(cls)
        assert isinstance(info, msgspec.inspect.StructType)
        docs = field_docs(info.cls)
        for field in info.fields:
            part = properties.get(field.encode_name)
            doc = docs.get(field.name)
            if isinstance(part, dict) and doc and "description" not in part:
                part["description"] = doc
