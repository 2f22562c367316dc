"""The ``rules`` domain: every rule, ambiguity and invariant id as a search object.

Sphinx's search finds objects by name and sends the reader to the object's anchor, not
to the top of a page. Each generated rule section carries a ``.. rules:entry::``
directive naming the rule, its title and the anchor of its section; the domain lists
them for the search index as ``"SOD-SPECIAL-1 The Bomb"`` with the highest priority, so
a search for the id or for a word of the title ("bomb", "six dice") puts the rule first
and opens it at its anchor. The scorer in ``docs/_static/scorer.js`` lifts an exact id
above everything and keeps the API's entries below the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Set
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.domains import Domain, ObjType
from sphinx.util.docutils import SphinxDirective

__all__ = ["EntryDirective", "RulesDomain"]

KINDS = {"rule": "rule", "ambiguity": "open question", "invariant": "invariant"}
"""Object type -> how the search results name it."""


class EntryDirective(SphinxDirective):
    """``.. rules:entry:: ID`` with ``:kind:``, ``:title:`` and ``:anchor:``: registers a
    search object; renders nothing (the section around it is the visible part)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "kind": lambda value: directives.choice(value, tuple(KINDS)),
        "title": directives.unchanged_required,
        "anchor": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        domain = self.env.get_domain("rules")
        assert isinstance(domain, RulesDomain)
        domain.note(
            self.arguments[0],
            kind=str(self.options.get("kind", "rule")),
            title=str(self.options.get("title", "")),
            docname=self.env.docname,
            anchor=str(self.options["anchor"]),
        )
        return []


class RulesDomain(Domain):
    """Rules, ambiguities and invariants as searchable objects."""

    name = "rules"
    label = "Rules"
    object_types: ClassVar[dict[str, ObjType]] = {
        kind: ObjType(shown, kind) for kind, shown in KINDS.items()
    }
    directives: ClassVar[dict[str, type[Directive]]] = {"entry": EntryDirective}
    initial_data: ClassVar[dict[str, dict[str, tuple[str, str, str, str]]]] = {"objects": {}}

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        """``"rule"``, not ``"Rules rule"``: how search results describe an entry."""
        del primary
        return str(type.lname)

    @property
    def objects(self) -> dict[str, tuple[str, str, str, str]]:
        """Id -> (kind, title, docname, anchor)."""
        found: dict[str, tuple[str, str, str, str]] = self.data["objects"]
        return found

    def note(self, item: str, *, kind: str, title: str, docname: str, anchor: str) -> None:
        self.objects[item] = (kind, title, docname, anchor)

    def clear_doc(self, docname: str) -> None:
        for item, (_, _, owner, _) in list(self.objects.items()):
            if owner == docname:
                del self.objects[item]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, object]) -> None:
        other = otherdata["objects"]
        assert isinstance(other, dict)
        for item, value in other.items():
            if value[2] in docnames:
                self.objects[item] = value

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for item, (kind, title, docname, anchor) in self.objects.items():
            # The search index splits a display name at its last dot: keep none.
            shown = f"{item} {title}".replace(".", " ").strip()
            yield item, shown, kind, docname, anchor, 0
