"""Until Daylight's own figures (the docs' per-game figures module; see
``docs/_ext/dieproof_docs/figures.py``): the round structure, the size of the horde by
round and player count, a line of enemies with what each one takes to eliminate, and
the order in which the enemies' damage reaches its targets. Each is computed from the
reference: its constants, its horde-size rule, a seeded game's table, and its own
``target`` function asked about a player who has every kind of protection.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING

import msgspec
from dieproof_docs.figures import Dot, Figure, Plot

from dieproof.reference.core import CHANCE, TERMINAL
from dieproof.reference.core.game import Game
from dieproof.reference.until_daylight import combat, enemies, types
from dieproof.reference.until_daylight.base import catalog

if TYPE_CHECKING:
    from matplotlib.figure import Figure as MplFigure

    from dieproof.reference.until_daylight.types import UdState

FONT = "DejaVu Sans"


def figures(game: Game) -> Iterable[Figure]:
    yield _rounds()
    yield _horde_size()
    yield _line(game)
    yield _damage_order(game)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot(body: list[str], rankdir: str) -> str:
    return "\n".join(
        [
            "digraph ud {",
            f'  graph [rankdir={rankdir}, fontname="{FONT}", bgcolor="transparent",'
            " nodesep=0.3, ranksep=0.4];",
            f'  node [fontname="{FONT}", fontsize=10, shape=box, style="filled,rounded",'
            ' fillcolor="#dbe8fb", color="#3b5e99", margin="0.12,0.06"];',
            f'  edge [fontname="{FONT}", fontsize=9, color="#666666"];',
            *body,
            "}",
            "",
        ]
    )


FINAL = (
    f"Round {types.ROUNDS}: after the enemies, characters and enemies keep attacking in "
    "turn (the final fight)"
)


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width))


def _rounds() -> Figure:
    docs = {
        "search": "Search phase: turns against the timer until the gong",
        "release": "Release of the horde: the die of fate, then players + round cards",
        "attacks": "Characters' attack: one action each",
        "enemies": "Enemies' attack: traps, raiders, then the infected",
    }
    body = [
        f"  {key} [label={_q(chr(10).join(textwrap.wrap(text, 24)))}];"
        for key, text in docs.items()
    ]
    body += [
        '  end [label="End of the round:\\nsurvivors alone are saved", fillcolor="#eeeeee",'
        ' color="#777777"];',
        f'  final [label={_q(_wrap(FINAL, 26))}, fillcolor="#fcefc7", color="#9a7a16"];',
        '  over [label="Win or loss", shape=box, style="filled,rounded,bold",'
        ' fillcolor="#e4e4e4", color="#555555"];',
        "  search -> release -> attacks -> enemies -> end;",
        f"  end -> search [label={_q(f'rounds 1 to {types.ROUNDS - 1}')}, style=dashed,"
        " constraint=false];",
        f"  end -> final [label={_q(f'round {types.ROUNDS}')}];",
        "  final -> over;",
    ]
    return Figure(
        name="rounds",
        alt=f"Diagram of a round of Until Daylight: the search phase, the release of the "
        f"horde, the characters' attack, the enemies' attack and the end of the round, "
        f"repeated for rounds 1 to {types.ROUNDS - 1}; round {types.ROUNDS} ends in the "
        "final fight, and then the game is won or lost.",
        caption=f"A round, and the {types.ROUNDS} rounds of a game (the number is the "
        "reference's ROUNDS). A character's death ends the game at once, in any phase.",
        image=Dot(_dot(body, "TB")),
        where="ROUND",
    )


def _horde_size() -> Figure:
    players = range(types.MIN_PLAYERS, types.MAX_PLAYERS + 1)
    rounds = range(1, types.ROUNDS + 1)
    table = [[combat.horde_size(p, r) for r in rounds] for p in players]

    def draw(figure: MplFigure) -> None:
        axes = figure.subplots()
        axes.imshow(table, cmap="Oranges", aspect="auto")
        axes.set_xticks(range(len(rounds)), [str(r) for r in rounds])
        axes.set_yticks(range(len(players)), [f"{p} players" for p in players])
        axes.set_xlabel("round")
        for row, values in enumerate(table):
            for col, value in enumerate(values):
                axes.text(col, row, str(value), ha="center", va="center", fontsize=8)
        axes.spines[:].set_visible(False)
        axes.tick_params(length=0)

    return Figure(
        name="horde-size",
        alt="Table of the horde's size before the die of fate, by player count (rows) and "
        "round (columns): "
        + "; ".join(
            f"{p} players: {', '.join(map(str, row))}"
            for p, row in zip(players, table, strict=True)
        )
        + ".",
        caption="Horde cards revealed per round before the die of fate changes anything, "
        "from the reference's horde-size rule.",
        image=Plot(draw, width=5.6, height=2.1),
        where="UD-COMBAT-1",
    )


def _line_state(game: Game) -> UdState:
    """A seeded game's state in the characters' attack with a long line of cards."""
    for seed in range(300):
        rng = random.Random(seed)
        state = game.initial_state(game.default_config(4))
        while game.to_move(state) != TERMINAL:
            own: UdState = state  # type: ignore[assignment]
            if own.phase is types.Phase.ATTACKS and max(map(len, own.areas)) >= 5:
                kinds = {k for area in own.areas for k in area}
                if len(kinds) >= 3:
                    return own
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, game.sample_legal_action(state, rng))
    raise AssertionError("no seeded game showed a line of five cards")


def _kill(kind: types.Enemy) -> str:
    heads, bodies = types.KILL_BY_HEADS[kind], types.KILL_BY_BODIES[kind]
    head = f"{heads} head{'s' if heads > 1 else ''}"
    if bodies:
        return f"{head} or {bodies} bod{'ies' if bodies > 1 else 'y'}"
    return f"{head} (bodies never do)"


def _line(game: Game) -> Figure:
    state = _line_state(game)
    seat = max(range(len(state.areas)), key=lambda s: len(state.areas[s]))
    area = state.areas[seat]
    body = ['  dice [label="the attacker\'s dice", shape=plaintext, style=""];']
    for index, kind in enumerate(area):
        dice = types.ATTACK_DICE[kind]
        lines = [f"{index + 1}. {kind.value}", f"dies to {_kill(kind)}"]
        lines.append(
            f"attacks with {dice} {'die' if dice == 1 else 'dice'}" if dice else "does not attack"
        )
        fill = "#e8e8e8" if kind is types.Enemy.SURVIVOR else "#f6d5d2"
        body.append(
            f'  c{index} [label={_q(chr(10).join(lines))}, fillcolor="{fill}", color="#8a3b33"];'
        )
    body.append("  dice -> c0;")
    body += [f"  c{i} -> c{i + 1} [style=dashed];" for i in range(len(area) - 1)]
    names = ", ".join(k.value for k in area)
    return Figure(
        name="line-of-enemies",
        alt=f"A line of {len(area)} horde cards in one player's area of a seeded game, in "
        f"order of appearance: {names}. The attacker's dice go to the first card until it "
        "is eliminated, then to the next; each card says what eliminates it and how many "
        "dice it attacks with.",
        caption="A line of enemies from a seeded game, in the order the cards appeared. "
        "An attack's damage goes to the card in front until it is eliminated, then to "
        "the next; the thresholds and dice are the reference's (types.KILL_BY_HEADS, "
        "KILL_BY_BODIES, ATTACK_DICE).",
        image=Dot(_dot(body, "TB")),
        where="UD-COMBAT-7",
    )


def _damage_order(game: Game) -> Figure:
    """Ask the reference's own ``target`` what a wave hits first, then next, ..."""
    state = _line_state(game)
    seat = 0
    cat = catalog(state.config)
    protection = cat.protection[0]
    cards = list(state.inventories[seat])
    cards[protection] += 1
    state = msgspec.structs.replace(
        state,
        areas=(((types.Enemy.SURVIVOR,), *state.areas[1:])),
        barricades=(1, *state.barricades[1:]),
        inventories=(tuple(cards), *state.inventories[1:]),
    )
    infected = types.Defense(defender=seat, wave=types.Wave.INFECTED)
    order: list[tuple[str, int, int]] = []
    for _ in range(5):
        kind, heads, bodies = enemies.target(state, infected)
        order.append((kind, heads, bodies))
        if kind == "survivor":
            state = msgspec.structs.replace(state, areas=((), *state.areas[1:]))
        elif kind == "barricade":
            state = msgspec.structs.replace(state, barricades=(0, *state.barricades[1:]))
        elif kind == "protection":
            cards[protection] -= 1
            state = msgspec.structs.replace(
                state, inventories=(tuple(cards), *state.inventories[1:])
            )
        else:
            break
    names = {
        "survivor": "a survivor in the area",
        "barricade": "a barricade",
        "protection": "a protection card",
        "character": "the character",
    }
    body = ['  wave [label="the enemies\' dice", shape=plaintext, style=""];']
    for index, (kind, heads, bodies) in enumerate(order):
        if kind == "character":
            what = f"1 damage per head\nand per {types.BODIES_PER_DAMAGE} bodies"
            fill = "#f6d5d2"
        else:
            what = f"destroyed by {heads} head or {bodies} bod{'ies' if bodies > 1 else 'y'}"
            fill = "#dbe8fb"
        body.append(f'  t{index} [label={_q(names[kind] + chr(10) + what)}, fillcolor="{fill}"];')
    body.append("  wave -> t0;")
    body += [f"  t{i} -> t{i + 1};" for i in range(len(order) - 1)]
    shown = " then ".join(names[k] for k, _, _ in order)
    return Figure(
        name="damage-order",
        alt=f"Chain of the targets the enemies' damage reaches, in order: {shown}. Each "
        "target takes the damage that destroys it before any goes further.",
        caption="The damage order, found by asking the reference's own target function "
        "about a player who has a survivor, a barricade and a protection card. Raiders' "
        "hits skip the survivors; dice that cannot destroy the target in front are lost "
        "on it.",
        image=Dot(_dot(body, "TB")),
        where="UD-ENEMY-5",
    )
