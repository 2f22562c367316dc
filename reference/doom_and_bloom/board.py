"""Doom and Bloom SURVIVAL!: the board as data.

The printed board is not published, so the board is a JSON file
(``data/board.json``, dieproof's provisional default, described by
``data/board.schema.json``) that a user may replace with the printed one in the config.
:func:`load_board` decodes and checks a board and refuses a broken one with a one-line
error; :func:`topology` indexes a checked board for the rules (built once per board).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Final, cast

import msgspec

from dieproof.reference.core import describe
from dieproof.reference.core.errors import InvalidConfig
from dieproof.reference.core.types import JSON
from dieproof.reference.doom_and_bloom.types import (
    ASSETS,
    CENTER_LINKS,
    DESTINATIONS,
    Board,
)

CODE: Final = "DAB.BOARD"
"""The error code of every refused board."""

_DECODER: Final = msgspec.json.Decoder(Board)


def _refuse(message: str) -> InvalidConfig:
    return InvalidConfig(CODE, f"bad board: {message}", "DAB-BOARD-1")


def load_board(text: str | bytes) -> Board:
    """Decode a board from JSON and check it (:func:`check_board`); one-line errors."""
    try:
        board = _DECODER.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise _refuse(str(error).splitlines()[0]) from None
    check_board(board)
    return board


def check_board(board: Board) -> None:
    """Refuse a board the rules cannot be played on, naming the first problem.

    Implements DAB-BOARD-1: unknown kinds (by the schema), one Center City joined to
    exactly twelve spaces, every region behind at least one crossing, every crossing's
    arrows pointing into its region, no edge across an impassable border, every town
    token on exactly one space, and every town reachable from Center City.
    """
    ids = [s.id for s in board.spaces]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise _refuse(f"space {dup!r} is defined twice")
    index = {name: i for i, name in enumerate(ids)}
    regions = {r.id for r in board.regions}
    if len(regions) != len(board.regions):
        raise _refuse("a region is defined twice")
    towns = [t.name for t in board.towns]
    if len(set(towns)) != len(towns):
        raise _refuse("a town is defined twice")
    least = DESTINATIONS["long"]
    if len(towns) < least:
        raise _refuse(f"{len(towns)} towns; the long game needs at least {least}")
    centers = [s.id for s in board.spaces if s.kind == "center"]
    if len(centers) != 1:
        raise _refuse(f"{len(centers)} Center City spaces (exactly one)")
    for space in board.spaces:
        _check_space(space, regions, set(towns))
    on_board = [s.town for s in board.spaces if s.kind == "town"]
    for town in towns:
        if on_board.count(town) != 1:
            raise _refuse(f"town {town!r} is on {on_board.count(town)} spaces (exactly one)")
    seen: set[frozenset[str]] = set()
    for a, b in board.edges:
        for end in (a, b):
            if end not in index:
                raise _refuse(f"edge {a!r}-{b!r} names an unknown space {end!r}")
        if a == b:
            raise _refuse(f"edge {a!r}-{b!r} joins a space to itself")
        pair = frozenset((a, b))
        if pair in seen:
            raise _refuse(f"edge {a!r}-{b!r} is listed twice")
        seen.add(pair)
        sa, sb = board.spaces[index[a]], board.spaces[index[b]]
        if "forest" in (sa.kind, sb.kind):
            raise _refuse(f"edge {a!r}-{b!r} enters the dark forest")
        inside_a = sa.region if sa.kind != "crossing" else None
        inside_b = sb.region if sb.kind != "crossing" else None
        if inside_a != inside_b:
            raise _refuse(f"edge {a!r}-{b!r} crosses an impassable border (use a crossing)")
    for space in board.spaces:
        for arrow in space.arrows:
            if arrow not in index:
                raise _refuse(f"crossing {space.id!r} has an arrow into nowhere ({arrow!r})")
            target = board.spaces[index[arrow]]
            if target.kind == "crossing" or target.region != space.region:
                raise _refuse(
                    f"crossing {space.id!r} has an arrow to {arrow!r}, outside its region"
                )
    for region in board.regions:
        if not any(s.kind == "crossing" and s.region == region.id for s in board.spaces):
            raise _refuse(f"region {region.id!r} has no crossing")
    center = index[centers[0]]
    links = sum(1 for a, b in board.edges if index[a] == center or index[b] == center)
    if links != CENTER_LINKS:
        raise _refuse(f"Center City is joined to {links} spaces (exactly {CENTER_LINKS})")
    top = _build(board)
    reached = top.reachable_from(center)
    for t, at in enumerate(top.town_space):
        if at not in reached:
            raise _refuse(f"town {towns[t]!r} cannot be reached from Center City")


def _check_space(space: object, regions: set[str], towns: set[str]) -> None:
    from dieproof.reference.doom_and_bloom.types import Space

    s = cast("Space", space)
    if s.kind == "asset" and s.icon is None:
        raise _refuse(f"board asset {s.id!r} has no icon")
    if s.kind not in ("asset", "raider") and s.icon is not None:
        raise _refuse(f"space {s.id!r} of kind {s.kind} cannot carry an icon")
    if s.kind == "town":
        if s.town is None or s.town not in towns:
            raise _refuse(f"town space {s.id!r} names no town of the town list")
    elif s.town is not None:
        raise _refuse(f"space {s.id!r} of kind {s.kind} names a town")
    if s.kind == "crossing":
        if s.region is None:
            raise _refuse(f"crossing {s.id!r} names no region")
        if not s.arrows:
            raise _refuse(f"crossing {s.id!r} has no arrow")
    elif s.arrows:
        raise _refuse(f"space {s.id!r} of kind {s.kind} has arrows (crossings only)")
    if s.region is not None:
        if s.region not in regions:
            raise _refuse(f"space {s.id!r} names an unknown region {s.region!r}")
        if s.kind not in ("empty", "asset", "crossing"):
            raise _refuse(f"space {s.id!r} of kind {s.kind} cannot lie in a region")


@dataclass(frozen=True, slots=True, eq=False)
class Topology:
    """A checked board indexed for the rules."""

    board: Board
    kinds: tuple[str, ...]
    """Each space's kind."""
    icons: tuple[int, ...]
    """Each space's icon as an asset index (-1: none)."""
    regions: tuple[int, ...]
    """Each space's region index (-1: outside every region; crossings are outside)."""
    gateway: tuple[int, ...]
    """For a crossing, the region it leads into (-1 otherwise)."""
    steps: tuple[tuple[int, ...], ...]
    """Normal-movement neighbours of each space: the edges, plus region space -> crossing
    along a reversed arrow (leaving); never into the dark forest."""
    arrows: tuple[tuple[int, ...], ...]
    """A crossing's arrows (space indices; empty otherwise)."""
    bypass: tuple[tuple[int, ...], ...]
    """A crossing's other crossings into the same region."""
    center: int
    town_space: tuple[int, ...]
    """The space of each town (town index order)."""
    space_town: tuple[int, ...]
    """The town on each space (-1: none)."""
    hospitals: tuple[int, ...]

    def reachable_from(self, start: int) -> frozenset[int]:
        """Every space a pawn can ever get to from ``start``, crossings' free moves
        included (used to refuse a board with an unreachable town)."""
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for there in self.steps[here] + self.arrows[here] + self.bypass[here]:
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        return frozenset(seen)

    def reach(self, start: int, allowance: int, center_open: bool) -> tuple[int, ...]:
        """The spaces a move of at most ``allowance`` steps can finish on, ``start``
        included, in index order. Implements DAB-MOVE-2 and DAB-MOVE-4: moving onto a
        crossing from outside its region ends the move there; leaving through one does
        not; the dark forest and impassable borders are never crossed; Center City is
        passed through only when ``center_open``."""
        kinds, gateway, regions = self.kinds, self.gateway, self.regions
        done = {start}
        walked = {start}
        frontier = {start}
        center = self.center
        # A space walked on from once need not be walked on from again later: every
        # move through it was open with more of the allowance left. So the loop ends
        # after at most one round per space, however large the allowance (a hostile
        # state's 2**63 included).
        for _ in range(allowance):
            nxt: set[int] = set()
            for here in frontier:
                for there in self.steps[here]:
                    if there == center and not center_open:
                        continue
                    done.add(there)
                    if kinds[there] == "crossing" and regions[here] != gateway[there]:
                        continue  # from outside: the move stops here
                    if there not in walked:
                        nxt.add(there)
            if not nxt:
                break
            walked |= nxt
            frontier = nxt
        return tuple(sorted(done))


@functools.lru_cache(maxsize=32)
def topology(board: Board) -> Topology:
    """The indexed form of a (checked) board."""
    return _build(board)


def _build(board: Board) -> Topology:
    index = {s.id: i for i, s in enumerate(board.spaces)}
    region_index = {r.id: i for i, r in enumerate(board.regions)}
    n = len(board.spaces)
    kinds = tuple(s.kind for s in board.spaces)
    icons = tuple(ASSETS.index(s.icon) if s.icon is not None else -1 for s in board.spaces)
    regions = tuple(
        region_index[s.region] if s.region is not None and s.kind != "crossing" else -1
        for s in board.spaces
    )
    gateway = tuple(
        region_index[s.region] if s.kind == "crossing" and s.region is not None else -1
        for s in board.spaces
    )
    steps: list[set[int]] = [set() for _ in range(n)]
    for a, b in board.edges:
        i, j = index[a], index[b]
        if "forest" in (kinds[i], kinds[j]):
            continue
        steps[i].add(j)
        steps[j].add(i)
    arrows = tuple(tuple(sorted(index[a] for a in s.arrows)) for s in board.spaces)
    for c, targets in enumerate(arrows):
        for t in targets:
            steps[t].add(c)
    crossings_of: dict[int, list[int]] = {}
    for c, g in enumerate(gateway):
        if g >= 0:
            crossings_of.setdefault(g, []).append(c)
    bypass = tuple(
        tuple(x for x in crossings_of.get(gateway[c], ()) if x != c) if gateway[c] >= 0 else ()
        for c in range(n)
    )
    town_names = [t.name for t in board.towns]
    space_town = tuple(
        town_names.index(s.town) if s.kind == "town" and s.town in town_names else -1
        for s in board.spaces
    )
    town_space = tuple(
        space_town.index(t) if t in space_town else -1 for t in range(len(town_names))
    )
    return Topology(
        board=board,
        kinds=kinds,
        icons=icons,
        regions=regions,
        gateway=gateway,
        steps=tuple(tuple(sorted(s)) for s in steps),
        arrows=arrows,
        bypass=bypass,
        center=kinds.index("center"),
        town_space=town_space,
        space_town=space_town,
        hospitals=tuple(i for i, k in enumerate(kinds) if k == "hospital"),
    )


@functools.cache
def default_board() -> Board:
    """dieproof's provisional board (``data/board.json``)."""
    text = (resources.files(__package__) / "data" / "board.json").read_bytes()
    return load_board(text)


def board_schema() -> dict[str, JSON]:
    """The JSON Schema (2020-12) of a board file, with each field's description."""
    document = cast("dict[str, JSON]", msgspec.json.schema(Board))
    definitions = document.get("$defs")
    if isinstance(definitions, dict):
        describe.describe(definitions, Board)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Doom and Bloom SURVIVAL! board",
        **document,
    }
