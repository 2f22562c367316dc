"""No Game Over's own figures (the docs' per-game figures module; see
``docs/_ext/dieproof_docs/figures.py``): a turn and its combat's priority loop, the lives
ladder with the steps that move a player up and down it, and the chance of fleeing by
escape value. Each is drawn from the reference: its constants, its escape rule asked
about positions, and the model's transitions' names.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from dieproof_docs.figures import Dot, Figure, Plot

from dieproof.reference.core.game import Game
from dieproof.reference.no_game_over import types
from dieproof.reference.no_game_over.base import escape_value

if TYPE_CHECKING:
    from matplotlib.figure import Figure as MplFigure

FONT = "DejaVu Sans"


def figures(game: Game) -> Iterable[Figure]:
    yield _turn()
    yield _lives()
    yield _escape(game)


def _q(text: str) -> str:
    wrapped = "\n".join(textwrap.wrap(text, 26))
    return '"' + wrapped.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot(body: list[str], rankdir: str) -> str:
    return "\n".join(
        [
            "digraph ngo {",
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


def _turn() -> Figure:
    nodes = {
        "prepare": f"Equip, use and cast cards, trade 3 cards for a life; hand down to "
        f"{types.HAND_LIMIT}",
        "boss": f"Final Boss (only with {types.MAX_LIVES} lives): nobody else plays",
        "level": "Reveal one Level card",
        "curse": "A curse hits the active player",
        "loop": "Priority loop: from the fighter, seat by seat; play a card or pass",
        "compare": "All passed in a row: compare the strengths",
        "win": "Strictly stronger: one life and the rewards",
        "flee": f"Not stronger: roll at most the escape value (base {types.BASE_ESCAPE})",
        "lose": "Not fled: a life lost",
        "end": f"End of turn: hand at most {types.HAND_LIMIT}, then the player on the right",
    }
    body = [f"  {key} [label={_q(text)}];" for key, text in nodes.items()]
    body += [
        "  prepare -> level; prepare -> boss; boss -> loop;",
        "  level -> loop [label=enemy]; level -> curse [label=curse]; curse -> end;",
        '  loop -> loop [label="a play"]; loop -> compare;',
        "  compare -> win; compare -> flee; flee -> end [label=fled]; flee -> lose;",
        "  win -> end; lose -> end;",
    ]
    return Figure(
        name="turn",
        alt="Diagram of a turn: equip and trim the hand, then reveal a Level card or face a "
        "Final Boss; an enemy starts the priority loop in which every player may play a "
        "card or pass; when all pass in a row the strengths are compared; a win gives a "
        "life and rewards, a loss an escape roll or a lost life; then the turn ends.",
        caption="A turn, and the combat's priority loop (NGO-COMBAT-5).",
        image=Dot(_dot(body, "TB")),
        wide=True,
    )


def _lives() -> Figure:
    body = [
        f"  l{n} [label={_q(f'{n} lives' if n != 1 else '1 life')}"
        + (', fillcolor="#eeeeee"' if n == 0 else "")
        + "];"
        for n in range(types.MAX_LIVES + 1)
    ]
    for n in range(types.MAX_LIVES):
        up = "a won combat" if n + 1 > types.GAIN_CEILING else "won combat, card, trade"
        body.append(f"  l{n} -> l{n + 1} [label={_q(up)}];")
    for n in range(types.MAX_LIVES, 0, -1):
        down = "own turn only" if n == 1 else "curse, lost combat"
        body.append(f'  l{n} -> l{n - 1} [label={_q(down)}, style=dashed, color="#b8473e"];')
    body.append('  l0 -> l1 [label="Load Game", color="#4a9a5b"];')
    return Figure(
        name="lives",
        alt="The lives ladder from 0 to 6: up one step by a won combat, a card or a trade, "
        "but from 5 to 6 only by a won combat; down one step by a curse or a lost combat, "
        "the last life only in the player's own turn; Load Game brings a ghost from 0 "
        "to 1.",
        caption="The six-life ceiling: how lives move (NGO-LIFE-1 to NGO-LIFE-3).",
        image=Dot(_dot(body, "LR")),
        where="LIFE",
        wide=True,
    )


def _escape(game: Game) -> Figure:
    rows: list[tuple[str, int, Fraction]] = []
    cases: tuple[tuple[str, list[str], list[str]], ...] = (
        ("base", [], []),
        ("+1", ["Running Shoes"], []),
        ("+1 +2", ["Running Shoes", "Cap of Speed"], []),
        ("-1", [], ["Slippery Floor"]),
        ("-2", [], ["Heavy Chains"]),
        ("+1 -2", ["Running Shoes"], ["Heavy Chains"]),
    )
    for label, worn, curses in cases:
        position = {
            "config": {"players": 2},
            "equipment": [worn, []],
            "afflictions": [curses, []],
        }
        state = game.position(json.dumps(position))
        value = escape_value(state, 0)  # type: ignore[arg-type]
        chance = Fraction(max(0, min(value, types.DIE_FACES)), types.DIE_FACES)
        rows.append((label, value, chance))

    def draw(fig: MplFigure) -> None:
        ax = fig.add_subplot()
        labels = [f"{label}\n(value {value})" for label, value, _ in rows]
        ax.bar(labels, [float(c) for _, _, c in rows], color="#3b6ea5")
        for i, (_, _, c) in enumerate(rows):
            ax.text(i, float(c) + 0.02, f"{c.numerator}/{c.denominator}", ha="center")
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("chance to flee with the die")
        ax.set_title("Escape value and the d6 roll")

    listed = "; ".join(f"{label}: value {value}, {c}" for label, value, c in rows)
    return Figure(
        name="escape",
        alt=f"Bar chart of the chance to flee with the die by escape value: {listed}.",
        caption="The escape roll succeeds on a roll at most the escape value (NGO-ESCAPE-1); "
        "below 1 no roll can flee.",
        image=Plot(draw),
        where="ESCAPE",
    )
