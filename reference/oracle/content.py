"""Which content a vector case or a referee game assumes, and whether any of it is
dieproof's placeholder (DESIGN section 5: vectors say which content they assume).

A game's components (:meth:`Game.components`) each carry a source: the rulebook, a
public source, ``provisional`` (our placeholder where nothing is published) or the
``user`` (spelled out in the configuration). A case records::

    "content": {"provisional": ["combat die", ...], "sha256": "..."}

``provisional`` names the components the case's configuration leaves to dieproof's
placeholders: an implementation passes the case only if it plays with exactly those
components as dieproof ships them (``dieproof info GAME --json`` and the rules reference
list every item). Content spelled out in the configuration is the user's and is not
listed. ``sha256`` is the digest of every component with its source and items, so a
case pins the very content it was generated with. A configuration the rules refuse
assumes no content: no names, and the digest of an empty list.
"""

from __future__ import annotations

from dieproof.reference.core.errors import RulesError
from dieproof.reference.core.game import Component, Game
from dieproof.reference.core.types import JSON, Config
from dieproof.reference.oracle.observe import canonical, digest

__all__ = ["component_json", "components_of", "content_json"]


def component_json(component: Component) -> dict[str, JSON]:
    """One component as JSON: name, source, citation and items."""
    items: list[JSON] = [*component.items]
    return {
        "name": component.name,
        "source": component.source,
        "citation": component.citation,
        "items": items,
    }


def components_of(g: Game, config: JSON) -> tuple[Component, ...]:
    """The components of ``g`` under the configuration ``config`` (JSON, as a case
    spells it); none when the rules refuse the configuration."""
    try:
        loaded = g.load_config(canonical(config))
    except RulesError:
        return ()
    return g.components(loaded)


def content_json(g: Game, config: JSON | Config) -> dict[str, JSON]:
    """The ``content`` record of a case or a referee game under ``config`` (a
    :class:`Config` or its JSON): the provisional components' names and the digest of
    every component."""
    found = g.components(config) if isinstance(config, Config) else components_of(g, config)
    provisional: list[JSON] = [c.name for c in found if c.source == "provisional"]
    return {"provisional": provisional, "sha256": digest([component_json(c) for c in found])}
