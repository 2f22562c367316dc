"""The traceability matrix: rule -> code -> tests -> invariants -> proofs (DESIGN section 3).

The specification names, for every rule, the code that implements it and the invariants
that protect it; tests name the rules and invariants they check with
``@pytest.mark.rule("ID")`` and ``@pytest.mark.invariant("ID")``; the proofs model of a
game names its invariants and properties by the same ids. This module joins the four and
reports every gap as a readable problem:

- *unimplemented*: a dotted name in ``implemented_by`` that does not resolve;
- *untested*: a rule no test marks;
- *unproven*: an invariant the proofs model does not encode, or whose proof obligations
  are not all PROVED (a model-wide obligation that fails, such as a vacuous transition,
  makes every proof of that model suspect, so it counts here too);
- *orphaned*: a test marker or a model invariant naming an id that the specification
  does not have;
- *unreachable*: an ambiguity whose ``config`` field does not exist, or whose readings
  are not exactly the values that field accepts, or whose default reading is not the
  default config's value.

The test suite asserts that every list is empty for every game; the docs print the matrix
and the lists. Everything game-specific is loaded by :func:`matrix`; :func:`build` is the
pure join, so it can be tested on small fixtures.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import typing
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import msgspec

from dieproof.spec import GameSpec, load, spec_ids

if typing.TYPE_CHECKING:
    from dieproof.proofs.model import Model
    from dieproof.reference.core.types import Config

__all__ = [
    "CHECKS",
    "ConfigSource",
    "Implementation",
    "InvariantRow",
    "ObligationLike",
    "ResolveError",
    "RuleRow",
    "Traceability",
    "accepted_values",
    "build",
    "matrix",
    "orphaned_markers",
    "resolve",
    "scan_tests",
]

Check = Literal["unimplemented", "untested", "unproven", "orphaned", "unreachable"]
"""The name of one list of problems in :class:`Traceability`."""

CHECKS: tuple[Check, ...] = typing.get_args(Check)
"""Every check, in the order the docs and the test suite report them."""

MARKERS = frozenset({"rule", "invariant"})
"""The pytest markers that link a test to the specification."""


# -- scanning the tests -----------------------------------------------------------------


def scan_tests(tests_dir: Path) -> dict[str, list[str]]:
    """Map every rule or invariant id that a test marks to the tests that mark it.

    Parses every ``*.py`` file under ``tests_dir`` with :mod:`ast` (nothing is imported or
    run, so a broken test still shows up) and reads ``pytest.mark.rule(...)`` and
    ``pytest.mark.invariant(...)`` wherever they apply to a test: as decorators of
    functions, classes and methods (also inside ``pytest.param(..., marks=...)``), and as
    ``pytestmark = ...`` of a module or a class. Test names are pytest node ids relative
    to the folder above ``tests_dir`` (``tests/test_x.py::TestY::test_z``), sorted. A
    marked class without test methods (a hypothesis state machine) counts as one test.
    """
    found: dict[str, set[str]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        node = path.relative_to(tests_dir.parent).as_posix()
        for test, ids in _visit(tree.body, node, ()):
            for marked in ids:
                found.setdefault(marked, set()).add(test)
    return {marked: sorted(tests) for marked, tests in sorted(found.items())}


def _visit(
    body: Sequence[ast.stmt],
    prefix: str,
    inherited: tuple[str, ...],
    decorated: tuple[str, ...] = (),
) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Yield (node id, marked ids) for every marked test in ``body``.

    ``inherited`` holds the marks of the enclosing module and classes; ``decorated`` the
    marks on the class whose body this is. A container that is marked itself but yields
    no test (a hypothesis state machine, whose steps are not ``test_*`` methods) is
    credited with its marks rather than losing them.
    """
    own = tuple(
        marked
        for statement in body
        for target, value in _assignments(statement)
        if target == "pytestmark"
        for marked in _mark_ids(value)
    )
    marks = inherited + own
    found = False
    for statement in body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            mine = tuple(m for d in statement.decorator_list for m in _mark_ids(d))
            if mine or (marks and statement.name.startswith("test")):
                found = True
                yield f"{prefix}::{statement.name}", marks + mine
        elif isinstance(statement, ast.ClassDef):
            mine = tuple(m for d in statement.decorator_list for m in _mark_ids(d))
            for item in _visit(statement.body, f"{prefix}::{statement.name}", marks + mine, mine):
                found = True
                yield item
    if not found and (own or decorated):
        yield prefix, marks


def _assignments(statement: ast.stmt) -> Iterator[tuple[str, ast.expr]]:
    if isinstance(statement, ast.Assign):
        for target in statement.targets:
            if isinstance(target, ast.Name):
                yield target.id, statement.value
    elif (
        isinstance(statement, ast.AnnAssign)
        and isinstance(statement.target, ast.Name)
        and statement.value is not None
    ):
        yield statement.target.id, statement.value


def _mark_ids(expression: ast.expr) -> Iterator[str]:
    """Every id passed to a ``rule``/``invariant`` mark anywhere inside ``expression``."""
    for node in ast.walk(expression):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MARKERS
            and _is_mark(node.func.value)
        ):
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    yield argument.value


def _is_mark(expression: ast.expr) -> bool:
    """``pytest.mark`` or a bare ``mark`` (``from pytest import mark``)."""
    if isinstance(expression, ast.Attribute):
        return expression.attr == "mark"
    return isinstance(expression, ast.Name) and expression.id == "mark"


def orphaned_markers(tests: Mapping[str, Sequence[str]], specs: Iterable[GameSpec]) -> list[str]:
    """Problems for every marked id that no specification in ``specs`` defines."""
    known = {item for spec in specs for item in _spec_ids(spec)}
    return [
        f"{marked}: marked by {_few(where)} but defined in no specification"
        for marked, where in tests.items()
        if marked not in known
    ]


# -- resolving dotted names ---------------------------------------------------------------


class ResolveError(LookupError):
    """A dotted name does not name a real object."""


def resolve(dotted: str) -> object:
    """The object ``dotted`` names: the longest importable module prefix, then attributes.

    ``"dieproof.spec.GameSpec.rule_by_id"`` imports ``dieproof.spec`` and returns
    ``GameSpec.rule_by_id``. Raises :class:`ResolveError` saying which part is missing,
    or which import failed: prefixes are imported from the shortest up, so a module that
    exists but fails to import is reported as such, never mistaken for a missing one.
    """
    parts = dotted.split(".")
    if not all(part.isidentifier() for part in parts):
        raise ResolveError(f"{dotted!r} is not a dotted Python name")
    found: object = None
    length = 0
    while length < len(parts):
        name = ".".join(parts[: length + 1])
        try:
            found = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise ResolveError(
                    f"cannot resolve {dotted!r}: importing {name!r} failed: {error}"
                ) from error
            break  # not a module: the rest are attributes
        except Exception as error:  # an import may fail in any way; report it, do not crash
            raise ResolveError(
                f"cannot resolve {dotted!r}: importing {name!r} raised {error!r}"
            ) from error
        length += 1
    if length == 0:
        raise ResolveError(f"cannot resolve {dotted!r}: no module {parts[0]!r}")
    for index in range(length, len(parts)):
        try:
            found = getattr(found, parts[index])
        except AttributeError:
            owner = ".".join(parts[:index])
            raise ResolveError(
                f"cannot resolve {dotted!r}: {owner!r} has no attribute {parts[index]!r}"
            ) from None
    return found


# -- the matrix ------------------------------------------------------------------------------


class ObligationLike(Protocol):
    """What the matrix reads of a proof obligation's result (``dieproof.proofs``)."""

    @property
    def id(self) -> str:
        """``"SOD-INV-GRID/consecution/place"``: the owner's id, then ``/``, then detail."""

    @property
    def verdict(self) -> str:
        """``"PROVED"``, ``"REFUTED"`` or ``"UNKNOWN"``."""

    @property
    def subject(self) -> str | None:
        """The invariant, property or goal the obligation is about; ``None`` for the
        model-wide ones (satisfiability of init, of the invariants, of a transition)."""


class ConfigSource(Protocol):
    """What the ambiguity check needs of a game: its default config and its codec."""

    def default_config(self) -> Config: ...
    def dump_config(self, config: Config) -> str: ...
    def load_config(self, text: str) -> Config: ...


@dataclass(frozen=True, slots=True)
class Implementation:
    """One dotted name of a rule's ``implemented_by``."""

    name: str
    """The dotted name as the specification writes it."""
    error: str | None
    """Why it does not resolve; ``None`` when it does."""

    @property
    def ok(self) -> bool:
        """Whether the name resolves to a real object."""
        return self.error is None


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One row of the matrix: a rule, its code, its tests and its invariants."""

    rule_id: str
    title: str
    section: str
    code: tuple[Implementation, ...]
    """Each name in ``implemented_by``, resolved or not."""
    tests: tuple[str, ...]
    """The pytest node ids that mark the rule."""
    invariants: tuple[str, ...]
    """The invariants that protect the rule."""
    proved: bool | None
    """Whether every one of those invariants is proven; ``None`` when it names none."""

    @property
    def implemented(self) -> bool:
        """Whether every name in ``implemented_by`` resolves."""
        return all(item.ok for item in self.code)


@dataclass(frozen=True, slots=True)
class InvariantRow:
    """One invariant of the specification and its proof status."""

    invariant_id: str
    kind: str
    encoded: bool
    """Whether the proofs model has an invariant or property with this id."""
    obligations: tuple[tuple[str, str], ...]
    """(obligation id, verdict) of every obligation that establishes it."""
    tests: tuple[str, ...]
    """The pytest node ids that mark the invariant."""
    proved: bool
    """Encoded, at least one obligation, and every obligation of it and of the model
    PROVED."""


@dataclass(frozen=True, slots=True)
class Traceability:
    """The matrix of one game and every gap in it."""

    game_id: str
    rules: tuple[RuleRow, ...]
    """In the specification's order."""
    invariants: tuple[InvariantRow, ...]
    """In the specification's order."""
    unimplemented: tuple[str, ...] = ()
    """An ``implemented_by`` name that does not resolve, and why."""
    untested: tuple[str, ...] = ()
    """A rule that no test marks."""
    unproven: tuple[str, ...] = ()
    """An invariant without a passing proof, or a failing model-wide obligation."""
    orphaned: tuple[str, ...] = ()
    """A test marker or model id that the specification does not define."""
    unreachable: tuple[str, ...] = ()
    """A reading its config field cannot select, or a field that does not exist."""

    def check(self, name: Check) -> tuple[str, ...]:
        """The problems of one check."""
        found: tuple[str, ...] = getattr(self, name)
        return found

    @property
    def problems(self) -> list[str]:
        """Every problem, each a readable sentence that starts with the id it is about."""
        return [problem for name in CHECKS for problem in self.check(name)]


def matrix(game_id: str, tests_dir: Path) -> Traceability:
    """The matrix of ``game_id``: load its spec, reference and proofs; scan ``tests_dir``.

    Runs the game's proof obligations (well under a second per game). A missing proofs
    module or reference implementation is reported as problems, not raised.
    """
    # Imported here: dieproof.proofs imports z3 and the reference, which a caller that
    # only scans tests or resolves names should not pay for.
    from dieproof import proofs, reference

    spec = load(game_id)
    model_ids: dict[str, str] | None = None
    obligations: Sequence[ObligationLike] = ()
    if game_id in proofs.proof_game_ids():
        model = proofs.proofs_for(game_id).model
        model_ids = model_kinds(model)
        obligations = proofs.prove(model).obligations
    source: ConfigSource | None = None
    if game_id in reference.game_ids():
        source = reference.game(game_id)
    return build(
        spec, scan_tests(tests_dir), source=source, model_ids=model_ids, obligations=obligations
    )


def model_kinds(model: Model) -> dict[str, str]:
    """Map each invariant id of a proofs model to ``"state"``, each property id to ``"step"``."""
    kinds = {named.id: "state" for named in model.invariants}
    kinds.update({prop.id: "step" for prop in model.properties})
    return kinds


def build(
    spec: GameSpec,
    tests: Mapping[str, Sequence[str]],
    *,
    source: ConfigSource | None,
    model_ids: Mapping[str, str] | None,
    obligations: Sequence[ObligationLike],
) -> Traceability:
    """Join a specification with its tests, code, config and proofs.

    ``tests`` is what :func:`scan_tests` returns; ``source`` the game's configs (``None``:
    no reference implementation); ``model_ids`` the proofs model's invariant and property
    ids with their kind (``None``: no proofs module); ``obligations`` the results of
    proving that model.
    """
    prefix = spec.game.prefix
    problems: dict[Check, list[str]] = {name: [] for name in CHECKS}

    by_owner: dict[str | None, list[ObligationLike]] = {}
    for obligation in obligations:
        by_owner.setdefault(obligation.subject, []).append(obligation)
    model_wide_failures = [
        f"{o.id} is {o.verdict}"
        for owner, group in by_owner.items()
        if model_ids is None or owner not in model_ids
        for o in group
        if o.verdict != "PROVED"
    ]
    if model_wide_failures:
        problems["unproven"].append(
            f"{prefix} proofs model: {'; '.join(model_wide_failures)}, so no proof of this"
            " model can be trusted"
        )

    invariant_rows: list[InvariantRow] = []
    for invariant in spec.invariants:
        group = by_owner.get(invariant.id, [])
        verdicts = tuple((o.id, o.verdict) for o in group)
        failing = [f"{o.id} is {o.verdict}" for o in group if o.verdict != "PROVED"]
        encoded = model_ids is not None and invariant.id in model_ids
        if model_ids is None:
            problems["unproven"].append(f"{invariant.id}: the game has no proofs module yet")
        elif not encoded:
            problems["unproven"].append(
                f"{invariant.id}: the proofs model has no invariant or property with this id"
            )
        elif model_ids[invariant.id] != invariant.kind:
            problems["unproven"].append(
                f"{invariant.id}: the spec says it is a {invariant.kind} invariant but the"
                f" model encodes it as a {model_ids[invariant.id]} one"
            )
        elif not group:
            problems["unproven"].append(f"{invariant.id}: no proof obligation establishes it")
        elif failing:
            problems["unproven"].append(f"{invariant.id}: {'; '.join(failing)}")
        invariant_rows.append(
            InvariantRow(
                invariant_id=invariant.id,
                kind=invariant.kind,
                encoded=encoded,
                obligations=verdicts,
                tests=tuple(tests.get(invariant.id, ())),
                proved=encoded
                and bool(group)
                and not failing
                and not model_wide_failures
                and model_ids is not None
                and model_ids[invariant.id] == invariant.kind,
            )
        )
    proved = {row.invariant_id: row.proved for row in invariant_rows}

    rule_rows: list[RuleRow] = []
    for rule in spec.rules:
        code = tuple(Implementation(name, _resolve_error(name)) for name in rule.implemented_by)
        problems["unimplemented"].extend(f"{rule.id}: {item.error}" for item in code if item.error)
        marked = tuple(tests.get(rule.id, ()))
        if not marked:
            problems["untested"].append(
                f'{rule.id}: no test is marked @pytest.mark.rule("{rule.id}")'
            )
        rule_rows.append(
            RuleRow(
                rule_id=rule.id,
                title=rule.title,
                section=rule.section,
                code=code,
                tests=marked,
                invariants=rule.invariants,
                proved=all(proved[i] for i in rule.invariants) if rule.invariants else None,
            )
        )

    known = _spec_ids(spec)
    problems["orphaned"].extend(
        f"{marked}: marked by {_few(where)} but not in the {spec.game.id} specification"
        for marked, where in tests.items()
        if marked.startswith(prefix + "-") and marked not in known
    )
    if model_ids is not None:
        problems["orphaned"].extend(
            f"{model_id}: the proofs model encodes it but the specification has no such invariant"
            for model_id in model_ids
            if model_id not in known
        )

    if source is None:
        if any(a.config is not None for a in spec.ambiguities):
            problems["unreachable"].append(
                f"{spec.game.id}: no reference implementation is registered, so no reading"
                " can be selected"
            )
    else:
        for ambiguity in spec.ambiguities:
            if ambiguity.config is not None:
                problems["unreachable"].extend(
                    f"{ambiguity.id}: {problem}"
                    for problem in _reading_problems(
                        source, ambiguity.config, ambiguity.readings, ambiguity.default
                    )
                )

    return Traceability(
        game_id=spec.game.id,
        rules=tuple(rule_rows),
        invariants=tuple(invariant_rows),
        **{name: tuple(found) for name, found in problems.items()},
    )


def _resolve_error(name: str) -> str | None:
    try:
        resolve(name)
    except ResolveError as error:
        return str(error)
    return None


def _spec_ids(spec: GameSpec) -> set[str]:
    return (
        {r.id for r in spec.rules}
        | {a.id for a in spec.ambiguities}
        | {i.id for i in spec.invariants}
    )


def _few(tests: Sequence[str]) -> str:
    shown = ", ".join(tests[:3])
    return shown + (f" and {len(tests) - 3} more" if len(tests) > 3 else "")


def all_specs() -> tuple[GameSpec, ...]:
    """Every specification in ``dieproof.spec``."""
    return tuple(load(game_id) for game_id in spec_ids())


# -- ambiguity readings against the config ------------------------------------------------


def accepted_values(annotation: object) -> dict[str, object] | None:
    """Reading key -> config value for a field of type ``annotation``.

    ``Literal`` values (by ``str``, booleans as ``"true"``/``"false"``), ``Enum`` members
    (by ``str`` of their value), and ``bool`` (``"true"``/``"false"``). ``None`` when the
    type does not enumerate its values (``str``, ``int``): then each reading is converted
    with msgspec and only has to load.
    """
    if annotation is bool:
        return {"true": True, "false": False}
    if typing.get_origin(annotation) is Literal:
        return {_key(value): value for value in typing.get_args(annotation)}
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {str(member.value): member for member in annotation}
    return None


def _key(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _fields(value: object) -> tuple[str, ...] | None:
    if isinstance(value, msgspec.Struct):
        return value.__struct_fields__
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in dataclasses.fields(value))
    return None


def _replace(value: object, field: str, new: object) -> object:
    if isinstance(value, msgspec.Struct):
        return msgspec.structs.replace(value, **{field: new})
    assert dataclasses.is_dataclass(value) and not isinstance(value, type)  # by _fields
    return dataclasses.replace(value, **{field: new})


def _get_path(value: object, path: Sequence[str]) -> object:
    for field in path:
        value = getattr(value, field)
    return value


def _set_path(value: object, path: Sequence[str], new: object) -> object:
    if not path:
        return new
    head, rest = path[0], path[1:]
    return _replace(value, head, _set_path(getattr(value, head), rest, new))


def _reading_problems(
    source: ConfigSource, config_path: str, readings: Collection[str], default: str
) -> Iterator[str]:
    """Why the readings of one ambiguity are not exactly what ``config_path`` selects."""
    config: object = source.default_config()
    path = config_path.split(".")
    owner = config
    annotation: object = None
    for depth, field in enumerate(path):
        fields = _fields(owner)
        if fields is None or field not in fields:
            where = ".".join(path[:depth]) or type(config).__name__
            yield (
                f"config field {config_path!r} does not exist: {where} ({type(owner).__name__})"
                f" has no field {field!r}"
            )
            return
        try:
            annotation = typing.get_type_hints(type(owner))[field]
        except Exception as error:  # e.g. an annotation naming a TYPE_CHECKING-only type
            yield f"cannot read the type of config field {config_path!r}: {error!r}"
            return
        owner = getattr(owner, field)
    accepted = accepted_values(annotation)
    values: dict[str, object] = {}
    for reading in sorted(readings):
        if accepted is not None:
            if reading not in accepted:
                yield (
                    f"reading {reading!r} is not a value of config field {config_path!r}"
                    f" (it accepts {', '.join(map(repr, sorted(accepted)))})"
                )
                continue
            values[reading] = accepted[reading]
        else:
            try:
                values[reading] = msgspec.convert(reading, annotation, strict=False)
            except msgspec.ValidationError as error:
                yield f"reading {reading!r} is not valid for config field {config_path!r}: {error}"
    if accepted is not None:
        yield from (
            f"config field {config_path!r} accepts {extra!r}, which is not a reading in the spec"
            for extra in sorted(set(accepted) - set(readings))
        )
    if default in values and values[default] != owner:
        yield (
            f"the default reading is {default!r} but the default config has"
            f" {config_path} = {_key(owner)!r}"
        )
    for reading, value in values.items():
        try:
            changed = _set_path(config, path, value)
            loaded = source.load_config(source.dump_config(typing.cast("Config", changed)))
        except Exception as error:  # any failure to build or load is the finding
            yield f"a config with reading {reading!r} does not load: {error}"
            continue
        if _get_path(loaded, path) != value:
            yield f"a config with reading {reading!r} does not keep it through dump and load"
