"""Each game's phase and step machine, observed from the reference itself.

A game's state says where the game is with a ``phase`` and a ``step`` (both enums whose
members carry docstrings, as every game here does). Playing seeded random games of every
configuration, the rulebook's worked examples and the proofs' witness games through the
reference, and recording which (phase, step) follows which and which rules decided each
step (``Game.step_rules``), gives the machine the code really implements, never a
hand-drawn idea of it. A game whose state has no phase or step falls back to the flow of
its action types.

From the machine come the turn summary, the step diagram and the phase diagram.
"""

from __future__ import annotations

import enum
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer

from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.driver import play
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import Action, Config, State

__all__ = [
    "SEEDS",
    "Edge",
    "Machine",
    "Node",
    "Phase",
    "observe",
    "phase_dot",
    "step_dot",
    "title_of",
]

SEEDS = 12
"""Seeded random games per configuration behind each machine."""

Who = Literal["chance", "player", "end"]
Key = tuple[str, str]
"""(phase, step) values; the phase is ``""`` for a game without one."""


@dataclass(frozen=True, slots=True)
class Node:
    """One (phase, step) the game was seen in."""

    key: Key
    who: Who
    """Who acts there: chance, a player, or nobody (the game is over)."""
    doc: str
    """The step's docstring in the reference (empty without one)."""
    rules: tuple[str, ...]
    """The rules that decided the steps taken from here, most often first."""

    @property
    def id(self) -> str:
        return "/".join(part for part in self.key if part) or "start"


@dataclass(frozen=True, slots=True)
class Edge:
    """A move from one node to another, seen ``count`` times."""

    source: Key
    target: Key
    tags: tuple[str, ...]
    """The action types taken along it (the JSON ``type`` tags)."""
    count: int


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase with its docstring."""

    value: str
    doc: str


@dataclass(frozen=True, slots=True)
class Machine:
    """What the reference does, as a graph."""

    game_id: str
    structured: bool
    """Whether the nodes are the state's own (phase, step); else action types."""
    phases: tuple[Phase, ...]
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    start: Key
    games: int
    """How many games were played to observe it."""

    def node(self, key: Key) -> Node:
        return next(n for n in self.nodes if n.key == key)

    def steps_of(self, phase: str) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.key[0] == phase)


def _enum_docs(kind: type[enum.Enum]) -> dict[str, str]:
    """Member value -> the docstring written under the member in the source."""
    try:
        analyzer = ModuleAnalyzer.for_module(kind.__module__)
        docs = analyzer.find_attr_docs()
    except PycodeError:
        return {}
    found: dict[str, str] = {}
    for member in kind:
        lines = docs.get((kind.__qualname__, member.name))
        if lines:
            found[str(member.value)] = " ".join(" ".join(lines).split())
    return found


def _field(state: State, name: str) -> enum.Enum | None:
    value = getattr(state, name, None)
    return value if isinstance(value, enum.Enum) else None


def _tag(action: Action) -> str:
    config = getattr(type(action), "__struct_config__", None)
    tag = getattr(config, "tag", None)
    return str(tag) if tag is not None else type(action).__name__


def _games(g: Game, seeds: int) -> Iterable[tuple[Config, Sequence[Action] | int, State | None]]:
    """What to play: (config, seed, None) for random games, (config, actions, start) for
    scripted ones; ``start`` is the position a worked example starts from (``None``: the
    initial state)."""
    for config in g.configs():
        for seed in range(seeds):
            yield config, seed, None
    for example in g.examples():
        start = None if example.start is None else g.example_start(example)
        yield example.config, example.actions, start
    try:
        from dieproof import proofs
    except ImportError:
        return
    if g.id in proofs.proof_game_ids():
        goal_games = proofs.proofs_for(g.id).goal_games
        if goal_games is not None:
            for config, actions in goal_games().values():
                yield config, actions, None


def observe(g: Game, seeds: int = SEEDS) -> Machine:
    """Play ``g`` and record its machine."""
    initial = g.initial_state(g.default_config())
    phase_field, step_field = _field(initial, "phase"), _field(initial, "step")
    structured = step_field is not None or phase_field is not None
    phase_docs = _enum_docs(type(phase_field)) if phase_field is not None else {}
    step_docs = _enum_docs(type(step_field)) if step_field is not None else {}

    def key(state: State, action: Action | None) -> Key:
        if not structured:
            return ("", _tag(action) if action is not None else "end")
        phase, step = _field(state, "phase"), _field(state, "step")
        return (str(phase.value) if phase else "", str(step.value) if step else "")

    who: dict[Key, Who] = {}
    rules: dict[Key, Counter[str]] = {}
    edges: dict[tuple[Key, Key], Counter[str]] = {}
    starts: Counter[Key] = Counter()
    games = 0

    def record(before: State, action: Action, after: State) -> None:
        source = key(before, action)
        who[source] = "chance" if g.to_move(before) == CHANCE else "player"
        rules.setdefault(source, Counter()).update(g.step_rules(before, action, after))
        edges.setdefault((source, _pending(after)), Counter())[_tag(action)] += 1

    def _pending(after: State) -> Key:
        if g.to_move(after) == TERMINAL:
            target = key(after, None)
            who[target] = "end"
            return target
        if structured:
            target = key(after, None)
            who.setdefault(target, "chance" if g.to_move(after) == CHANCE else "player")
            return target
        return ("", "?")  # resolved by the next step (action types only)

    for config, plan, start in _games(g, seeds):
        games += 1
        state = g.initial_state(config) if start is None else start
        if isinstance(plan, int):
            actions: Sequence[Action] = play(g, config, plan, check=False).actions
        else:
            actions = plan
        previous: tuple[Key, str] | None = None
        for action in actions:
            if not structured and previous is not None:
                _relink(edges, previous, key(state, action))
            if previous is None and start is None:  # a position is not a game's start
                starts[key(state, action)] += 1
            after = g.apply(state, action)
            record(state, action, after)
            previous = (key(state, action), _tag(action))
            state = after

    phases: list[Phase] = []
    order: dict[str, int] = {}
    if phase_field is not None:
        for index, member in enumerate(type(phase_field)):
            order[str(member.value)] = index
            if any(k[0] == member.value for k in who):
                phases.append(Phase(str(member.value), phase_docs.get(str(member.value), "")))
    step_order: dict[str, int] = {}
    if step_field is not None:
        step_order = {str(m.value): i for i, m in enumerate(type(step_field))}

    def sort_key(k: Key) -> tuple[int, int, str]:
        return (order.get(k[0], 0), step_order.get(k[1], 0), k[1])

    nodes = tuple(
        Node(
            key=k,
            who=who[k],
            doc=step_docs.get(k[1], ""),
            rules=tuple(r for r, _ in rules.get(k, Counter()).most_common()),
        )
        for k in sorted(who, key=sort_key)
    )
    edge_list = tuple(
        Edge(source, target, tuple(sorted(tags)), sum(tags.values()))
        for (source, target), tags in sorted(
            edges.items(), key=lambda item: (sort_key(item[0][0]), sort_key(item[0][1]))
        )
        if target != ("", "?")
    )
    return Machine(
        game_id=g.id,
        structured=structured,
        phases=tuple(phases),
        nodes=nodes,
        edges=edge_list,
        start=starts.most_common(1)[0][0] if starts else ("", ""),
        games=games,
    )


def _relink(
    edges: dict[tuple[Key, Key], Counter[str]], previous: tuple[Key, str], now: Key
) -> None:
    """Action-type flow: the edge recorded as pending becomes previous -> now."""
    source, tag = previous
    pending = edges.get((source, ("", "?")))
    if pending is not None and pending[tag]:
        pending[tag] -= 1
        if not pending[tag]:
            del pending[tag]
        if not pending:
            del edges[(source, ("", "?"))]
    edges.setdefault((source, now), Counter())[tag] += 1


def title_of(value: str) -> str:
    """``"roll-off"`` -> ``"Roll off"``."""
    text = value.replace("-", " ").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


# -- Graphviz ----------------------------------------------------------------------------

FONT = "DejaVu Sans"
COLOURS = {
    "player": ("#dbe8fb", "#3b5e99"),
    "chance": ("#fcefc7", "#9a7a16"),
    "end": ("#e4e4e4", "#555555"),
}
"""Fill and line colour per kind of node (the legend under each diagram names them)."""


def _q(text: str) -> str:
    """A double-quoted DOT string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _node_attrs(node: Node, label: str) -> str:
    fill, line = COLOURS[node.who]
    shape = {"player": "box", "chance": "ellipse", "end": "box"}[node.who]
    style = {"player": "filled,rounded", "chance": "filled", "end": "filled,rounded,bold"}[node.who]
    if node.who == "chance":
        style += ",dashed"
    tooltip = node.doc or label
    return (
        f"label={_q(label)}, shape={shape}, style={_q(style)}, fillcolor={_q(fill)}, "
        f"color={_q(line)}, tooltip={_q(tooltip)}"
    )


def _header(name: str, rankdir: str) -> list[str]:
    return [
        f"digraph {_q(name)} {{",
        f"  graph [rankdir={rankdir}, fontname={_q(FONT)}, fontsize=12, nodesep=0.3,"
        ' ranksep=0.35, bgcolor="transparent", newrank=true];',
        f'  node [fontname={_q(FONT)}, fontsize=11, margin="0.12,0.05", height=0.3];',
        f'  edge [fontname={_q(FONT)}, fontsize=9, color="#666666", arrowsize=0.7];',
        '  start [shape=point, width=0.12, label="", tooltip="start"];',
    ]


def step_dot(machine: Machine) -> str:
    """The step machine in DOT: one box per phase, one node per step."""
    lines = _header(f"{machine.game_id} steps", "TB")
    ids = {n.key: f"n{i}" for i, n in enumerate(machine.nodes)}
    grouped: dict[str, list[Node]] = {}
    for node in machine.nodes:
        grouped.setdefault(node.key[0], []).append(node)
    for index, (phase, members) in enumerate(grouped.items()):
        boxed = bool(phase) and any(n.who != "end" for n in members)
        inner = "    " if boxed else "  "
        if boxed:
            lines += [
                f"  subgraph cluster_{index} {{",
                f'    label={_q(title_of(phase))}; labeljust=l; style="rounded";'
                ' color="#aaaaaa"; fontcolor="#333333";',
            ]
        for node in members:
            label = "Game over" if node.who == "end" else title_of(node.key[1] or node.key[0])
            lines.append(f"{inner}{ids[node.key]} [{_node_attrs(node, label)}];")
        if boxed:
            lines.append("  }")
    ends = [ids[n.key] for n in machine.nodes if n.who == "end"]
    if ends:
        lines.append(f"  {{rank=sink; {'; '.join(ends)};}}")
    rank = {p.value: i for i, p in enumerate(machine.phases)}
    if machine.start in ids:
        lines.append(f"  start -> {ids[machine.start]};")
    tags_from: dict[Key, set[str]] = {}
    for edge in machine.edges:
        tags_from.setdefault(edge.source, set()).update(edge.tags)
    # Moves back to an earlier phase (the next round) must not pull that phase down, so
    # they do not constrain the layout; several into one node meet at a junction first,
    # so one long dashed line climbs back rather than a bundle.
    back = [e for e in machine.edges if rank.get(e.target[0], 0) < rank.get(e.source[0], 0)]
    junctions: dict[Key, str] = {}
    for target in dict.fromkeys(e.target for e in back):
        if sum(e.target == target for e in back) > 1:
            junctions[target] = f"j{len(junctions)}"
            lines.append(f'  {junctions[target]} [shape=point, width=0.06, color="#8a9bbd"];')
            lines.append(
                f"  {junctions[target]} -> {ids[target]} [constraint=false, style=dashed,"
                ' color="#8a9bbd"];'
            )
    for edge in machine.edges:
        attrs = []
        # Label an edge only where the node has more than one kind of move.
        if len(tags_from[edge.source]) > 1:
            attrs.append(f"label={_q(', '.join(edge.tags))}")
        attrs.append(f"tooltip={_q(f'{edge.count} times in {machine.games} games')}")
        head = ids[edge.target]
        if edge in back:
            attrs += ['style="dashed"', 'color="#8a9bbd"']
            if edge.target in junctions:
                head = junctions[edge.target]
                attrs.append("arrowhead=none")
            else:
                attrs.append("constraint=false")
        lines.append(f"  {ids[edge.source]} -> {head} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def phase_dot(machine: Machine) -> str:
    """The phases alone: which phase follows which (the round structure)."""
    lines = _header(f"{machine.game_id} phases", "LR")
    names = {p.value: f"p{i}" for i, p in enumerate(machine.phases)}
    for phase in machine.phases:
        over = all(n.who == "end" for n in machine.steps_of(phase.value))
        fill, line = COLOURS["end" if over else "player"]
        label = f"<b>{_html('Game over' if over else title_of(phase.value))}</b>"
        if phase.doc and not over:
            wrapped = "<br/>".join(_html(w) for w in textwrap.wrap(phase.doc, 26))
            label += f'<br/><font point-size="9">{wrapped}</font>'
        lines.append(
            f'  {names[phase.value]} [label=<{label}>, shape=box, style="filled,rounded",'
            f" fillcolor={_q(fill)}, color={_q(line)}, tooltip={_q(phase.doc or phase.value)}];"
        )
    if machine.start[0] in names:
        lines.append(f"  start -> {names[machine.start[0]]};")
    seen: set[tuple[str, str]] = set()
    for edge in machine.edges:
        pair = (edge.source[0], edge.target[0])
        if pair[0] != pair[1] and pair not in seen and all(p in names for p in pair):
            seen.add(pair)
            lines.append(f"  {names[pair[0]]} -> {names[pair[1]]};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def phase_steps_dot(machine: Machine, phase: str) -> str:
    """One phase's steps, small enough to read anywhere: moves into the phase come from,
    and moves out of it go to, a grey box naming the other phase (or the game's end)."""
    lines = _header(f"{machine.game_id} {phase}", "TB")
    members = [n for n in machine.nodes if n.key[0] == phase and n.who != "end"]
    ids = {n.key: f"n{i}" for i, n in enumerate(members)}
    for node in members:
        lines.append(f"  {ids[node.key]} [{_node_attrs(node, title_of(node.key[1]))}];")
    ghosts: dict[tuple[str, str], str] = {}

    def ghost(direction: str, other: Key) -> str:
        ending = any(n.key == other and n.who == "end" for n in machine.nodes)
        name = "Game over" if ending else title_of(other[0] or other[1])
        key = (direction, name)
        if key not in ghosts:
            ghosts[key] = f"g{len(ghosts)}"
            text = (
                f"from {name}" if direction == "in" else ("Game over" if ending else f"to {name}")
            )
            lines.append(
                f'  {ghosts[key]} [label={_q(text)}, shape=box, style="dashed,rounded",'
                ' color="#999999", fontcolor="#555555"];'
            )
        return ghosts[key]

    if machine.start in ids:
        lines.append(f"  start -> {ids[machine.start]};")
    else:  # the start dot belongs to the phase the game starts in
        lines = [line for line in lines if not line.startswith("  start ")]
    tags_from: dict[Key, set[str]] = {}
    for edge in machine.edges:
        tags_from.setdefault(edge.source, set()).update(edge.tags)
    seen: set[tuple[str, ...]] = set()
    for edge in machine.edges:
        inside_from, inside_to = edge.source in ids, edge.target in ids
        if not (inside_from or inside_to):
            continue
        tail = ids[edge.source] if inside_from else ghost("in", edge.source)
        head = ids[edge.target] if inside_to else ghost("out", edge.target)
        attrs = []
        if inside_from and len(tags_from[edge.source]) > 1:
            attrs.append(f"label={_q(', '.join(edge.tags))}")
        if not (inside_from and inside_to):
            attrs.append('color="#999999"')
        if (tail, head, *attrs) in seen:
            continue
        seen.add((tail, head, *attrs))
        lines.append(f"  {tail} -> {head}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    for direction, rank in (("in", "source"), ("out", "sink")):
        names = [name for (way, _), name in ghosts.items() if way == direction]
        if names:
            lines.append(f"  {{rank={rank}; {'; '.join(names)};}}")
    lines.append("}")
    return "\n".join(lines) + "\n"
