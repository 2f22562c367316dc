"""Squirrel or Die's worked examples, with the rulebook's own numbers.

The rulebook prints few worked examples, so these are the situations its text describes,
one or more per rule, each played from the initial state: the removal counts and grid
sizes of Setup, the no-diagonals rule and the five-tile (four with two players) limit of
Autumn, three skulls putting a player out, the Bomb's two skulls, Squirrel Love's fourth
life, the Confused Cat handed on, the tie going to the most food, the birdhouse landmark
and the private patches of Reverse or Die. Each :class:`Example` is named after its rule;
the oracle writes one conformance vector per example (``spec/vectors/``), and a test
replays every one and checks its facts.

Each game is scripted with :class:`~dieproof.reference.squirrel_or_die.script.Script`.
"""

from __future__ import annotations

from typing import Final, Literal

from dieproof.reference.core.examples import (
    Example,
)
from dieproof.reference.core.types import JSON, TERMINAL
from dieproof.reference.squirrel_or_die import rules
from dieproof.reference.squirrel_or_die.script import (
    Script,
    cell_json,
    dealt,
    draws_json,
    tiles_json,
)
from dieproof.reference.squirrel_or_die.tiles import Tile, Tiles
from dieproof.reference.squirrel_or_die.types import (
    Flip,
    Gather,
    Give,
    Place,
    Readings,
    SodConfig,
    Swap,
    Take,
    Variant,
)

F, S = Tile.FOOD, Tile.SKULL


# -- Setup -------------------------------------------------------------------------------


def setup_removals() -> list[Example]:
    """SOD-SETUP-1 for each player count: the sack the removal leaves."""
    cases = (
        (
            4,
            "four-players",
            "4 players: 2 food tiles and the birdhouse leave the box, leaving 25 tiles",
            tiles_json(food=12, skull=8, bomb=1, again=1, sleepy=1, love=1, cat=1),
            {F: "12/25", S: "8/25", Tile.BOMB: "1/25", Tile.AGAIN: "1/25", Tile.SLEEPY: "1/25"},
        ),
        (
            3,
            "three-players",
            "3 players: 3 skull tiles leave the box, leaving 25 tiles (the birdhouse stays)",
            tiles_json(food=14, skull=5, birdhouse=1, bomb=1, again=1, sleepy=1, love=1, cat=1),
            {F: "14/25", S: "1/5", Tile.BIRDHOUSE: "1/25", Tile.BOMB: "1/25"},
        ),
        (
            2,
            "two-players",
            "2 players: 6 skulls, 5 food tiles and the birdhouse leave the box, leaving 16",
            tiles_json(food=9, skull=2, bomb=1, again=1, sleepy=1, love=1, cat=1),
            {F: "9/16", S: "1/8", Tile.BOMB: "1/16", Tile.AGAIN: "1/16", Tile.SLEEPY: "1/16"},
        ),
    )
    found = []
    for players, slug, says, bag, odds in cases:
        script = Script(SodConfig(players=players))
        script.fact("state", "/bag", bag, says)
        for index, (tile, probability) in enumerate(odds.items()):
            script.fact(
                "chance",
                f"/{index}",
                draws_json({tile: probability})[0],  # type: ignore[index]
                f"the first tile out of the sack is {tile.value} with probability {probability}",
            )
        found.append(script.example(f"sod-setup-1-{slug}", says, "SOD-SETUP-1"))
    return found


def setup_grid_and_hands() -> list[Example]:
    """SOD-SETUP-2 (the 2x2 grid with one secret tile) and SOD-SETUP-4 (hands of three)."""
    grid = Script(SodConfig(players=4)).draw(S, F, F, Tile.CAT)
    grid.fact(
        "state",
        "/patches/0",
        [
            cell_json(0, 0, S, False),
            cell_json(0, 1, F, True),
            cell_json(1, 0, F, True),
            cell_json(1, 1, Tile.CAT, True),
        ],
        "four tiles form the 2x2 starting grid: the first face down, three face up",
    )
    grid.fact("to_move", "", "chance", "then every player draws their hand")
    hands = dealt(4)
    hands.fact(
        "state",
        "/hands",
        [tiles_json(skull=2, bomb=1), tiles_json(food=3), tiles_json(food=3), tiles_json(skull=3)],
        "every player draws three tiles into a hidden hand",
    )
    hands.fact("state", "/bag/food", 3, "sixteen draws later the sack holds 3 of its 12 food")
    hands.fact("to_move", "", "chance", "the first player's turn starts with a draw")
    return [
        grid.example(
            "sod-setup-2-the-starting-grid",
            "Four tiles make the 2x2 starting grid, the first one face down and secret",
            "SOD-SETUP-2",
        ),
        hands.example(
            "sod-setup-4-hands-of-three",
            "After the grid, each of the four players draws a hand of three tiles",
            "SOD-SETUP-4",
            "SOD-SETUP-2",
        ),
    ]


# -- Autumn ------------------------------------------------------------------------------


def autumn_placement() -> list[Example]:
    """SOD-AUTUMN-1: next to a tile, no diagonals, and the five-tile (four) limit."""
    diagonal = dealt(4).draw(S)
    diagonal.fact(
        "legal",
        "",
        [
            {"col": c, "row": r, "type": "place"}
            for r, c in ((-1, 0), (-1, 1), (0, -1), (0, 2), (1, -1), (1, 2), (2, 0), (2, 1))
        ],
        "the drawn tile goes face up on one of the 8 places sharing a side with the grid",
    )
    diagonal.reject(Place(2, 2), "(2, 2) touches the grid only at a corner: no diagonals")
    diagonal.reject(Place(0, 0), "(0, 0) is taken")
    found = [
        diagonal.example(
            "sod-autumn-1-no-diagonals",
            "A drawn tile must share a side with the grid; a corner is not enough",
            "SOD-AUTUMN-1",
        )
    ]
    for players, limit in ((4, 5), (2, 4)):
        script = dealt(players)
        for col in range(2, limit):
            script.first().do(Place(0, col)).first()
        script.first()
        script.fact(
            "legal",
            "",
            [
                {"col": c, "row": r, "type": "place"}
                for r, c in sorted(
                    [(-1, c) for c in range(limit)]
                    + [(1, c) for c in range(2, limit)]
                    + [(2, 0), (2, 1)]
                )
            ],
            f"the top row spans {limit} tiles: no place may widen it",
        )
        script.reject(Place(0, limit), f"a {limit + 1}th column would break the {limit}-tile limit")
        script.reject(Place(0, -1), "so would a column on the left")
        found.append(
            script.example(
                f"sod-autumn-1-limit-{limit}-with-{players}-players",
                f"With {players} players no direction may grow past {limit} tiles",
                "SOD-AUTUMN-1",
            )
        )
    return found


def autumn_turns() -> list[Example]:
    """SOD-AUTUMN-2 to SOD-AUTUMN-5: the swap, swaps only, face-down placements, the end."""
    swap = dealt(4).draw(F).do(Place(0, 2))
    swap.reject(Swap(F, 0, 2), "seat 0 holds no food tile to swap in")
    swap.reject(Swap(S, 0, 0), "(0, 0) is face down: only a face-up tile is swapped")
    swap.do(Swap(Tile.BOMB, 0, 2))
    swap.fact(
        "state",
        "/patches/0/2",
        cell_json(0, 2, Tile.BOMB, False),
        "the Bomb from the hand lies face down where the drawn food was",
    )
    swap.fact("state", "/hands/0", tiles_json(food=1, skull=2), "the hand keeps three tiles")
    swap.fact("to_move", "", "chance", "the turn passes: the next player draws")

    only_swap = Script(SodConfig(players=4)).until(
        lambda s: s.bag.total() == 0 and s.step.value == "swap"
    )
    seat = only_swap.current
    only_swap.first()
    only_swap.fact(
        "to_move", "", (seat + 1) % 4, "the sack is empty: the next player does not draw"
    )
    only_swap.fact("legal", "/0/type", "swap", "their turn is only the swap")

    hide = Script(SodConfig(players=4)).until(lambda s: s.step.value == "hide")
    hide.fact(
        "legal", "/0/type", "hide", "with no face-up tile left, a turn is a face-down placement"
    )
    end = Script(SodConfig(players=4)).to_winter()
    end.fact("state", "/patches/0", 25, "Autumn ends with 25 tiles face down", length=True)
    end.fact("legal", "", 25, "in a 5x5 grid: Winter opens with 25 tiles to flip", length=True)
    end.fact("state", "/phase", "winter", "and Winter begins")
    end2 = Script(SodConfig(players=2)).to_winter()
    end2.fact("state", "/patches/0", 16, "with two players Autumn ends with 16 tiles", length=True)
    end2.fact("legal", "", 16, "in a 4x4 grid", length=True)
    return [
        swap.example(
            "sod-autumn-2-the-swap",
            "After placing the drawn tile, the player swaps a hand tile face down for a "
            "face-up one",
            "SOD-AUTUMN-2",
        ),
        only_swap.example(
            "sod-autumn-3-swaps-once-the-sack-is-empty",
            "Once the sack is empty a turn is just the swap",
            "SOD-AUTUMN-3",
        ),
        hide.example(
            "sod-autumn-4-face-down-placements",
            "When no face-up tile is left, players place hand tiles face down",
            "SOD-AUTUMN-4",
        ),
        end.example(
            "sod-autumn-5-a-five-by-five-grid",
            "Autumn ends with every tile face down in a 5x5 grid",
            "SOD-AUTUMN-5",
        ),
        end2.example(
            "sod-autumn-5-a-four-by-four-grid-with-two-players",
            "With two players Autumn ends in a 4x4 grid",
            "SOD-AUTUMN-5",
        ),
    ]


# -- Winter and the end ------------------------------------------------------------------


def winter_flips() -> list[Example]:
    """SOD-WINTER-1 to SOD-WINTER-3 and SOD-END-1."""
    flip = Script(SodConfig(players=4)).to_winter()
    seat = flip.current
    flip.flip(F)
    flip.fact(
        "state",
        f"/collected/{seat}",
        tiles_json(food=1),
        "the flipped tile goes in front of its flipper",
    )
    flip.fact("to_move", "", (seat + 1) % 4, "food does nothing: the next player flips")

    out = Script(SodConfig(players=4)).to_winter()
    victim = out.current
    for _ in range(3):
        out.flip_round(victim, S)
    out.fact("state", f"/out/{victim}", True, "three skulls put a player out")
    out.fact("state", f"/collected/{victim}/skull", 3, "three skulls")
    while out.current != (victim - 1) % 4:
        out.flip(F)
    out.flip(F)
    out.fact("to_move", "", (victim + 1) % 4, "the turn skips the player who is out")

    last = Script(SodConfig(players=2)).to_winter()
    loser = last.current
    last.flip_round(loser, S).flip_round(loser, S).flip_round(1 - loser, Tile.CAT)
    last.do(Give(loser))
    last.fact("state", f"/collected/{loser}", tiles_json(skull=2, cat=1), "two skulls and the cat")
    last.fact("result", "/winners", [1 - loser], "three skulls: the last squirrel standing wins")
    last.fact("result", "/rule", "SOD-END-1", "by the last-squirrel-standing rule")
    last.fact("to_move", "", "terminal", "the game is over")
    last.reject(Flip(0, 3, 3), "nothing is flipped after the end")
    return [
        flip.example(
            "sod-winter-1-flipping",
            "In Winter a player flips a face-down tile and keeps it",
            "SOD-WINTER-1",
            "SOD-WINTER-2",
        ),
        out.example(
            "sod-winter-2-three-skulls-put-a-player-out",
            "A player who collects three skulls is out, and the turn skips them",
            "SOD-WINTER-2",
            "SOD-WINTER-3",
        ),
        last.example(
            "sod-end-1-last-squirrel-standing",
            "With two players, the first to three skulls (two and the Confused Cat) loses",
            "SOD-END-1",
        ),
    ]


TIE_BOX: Final = Tiles(food=21, skull=6, birdhouse=1)
"""A box whose two-player game is all food: every such game ends by the tie rule."""
AGAIN_BOX: Final = Tiles(food=20, skull=6, birdhouse=1, again=1)
"""All food and one Again tile after the two-player removal: Again breaks the tie."""
BIRDHOUSE_BOX: Final = Tiles(food=24, skull=3, birdhouse=1)
"""All food and the birdhouse after the three-player removal (for SOD-A11)."""


def ties() -> list[Example]:
    """SOD-END-2 and its reading SOD-A11."""
    shared = Script(SodConfig(players=2, tiles=TIE_BOX)).to_winter()
    while rules.to_move(shared.state) != TERMINAL:
        shared.flip(F)
    shared.fact("state", "/collected", [tiles_json(food=8), tiles_json(food=8)], "8 food each")
    shared.fact("result", "/winners", [0, 1], "equal food: both share the win (SOD-A12)")
    shared.fact("result", "/rule", "SOD-END-2", "by the tie rule")

    most = Script(SodConfig(players=2, tiles=AGAIN_BOX)).to_winter()
    lucky = most.current
    most.flip(Tile.AGAIN)
    most.fact("to_move", "", lucky, "Again: the same player flips once more")
    while rules.to_move(most.state) != TERMINAL:
        most.flip(F)
    most.fact("state", f"/collected/{lucky}/food", 8, "the player who flipped Again has 8 food")
    most.fact("state", f"/collected/{1 - lucky}/food", 7, "the other has 7")
    most.fact("result", "/winners", [lucky], "the most food wins the tie")

    found = [
        shared.example(
            "sod-end-2-a-shared-tie",
            "The tiles run out with both players in and 8 food each: they share the win",
            "SOD-END-2",
        ),
        most.example(
            "sod-end-2-the-most-food-wins",
            "The tiles run out with both players in: 8 food beats 7",
            "SOD-END-2",
            "SOD-SPECIAL-2",
        ),
    ]
    tiebreaks: tuple[tuple[Literal["not_food", "food"], bool], ...] = (
        ("not_food", False),
        ("food", True),
    )
    for reading, winners in tiebreaks:
        config = SodConfig(
            players=3, tiles=BIRDHOUSE_BOX, readings=Readings(birdhouse_tiebreak=reading)
        )
        script = Script(config).to_winter()
        first = script.current
        script.flip(Tile.BIRDHOUSE)
        while rules.to_move(script.state) != TERMINAL:
            script.flip(F)
        script.fact(
            "state",
            f"/collected/{first}",
            tiles_json(food=8, birdhouse=1),
            "8 food and the birdhouse",
        )
        expected: JSON = [first] if winners else [0, 1, 2]
        script.fact(
            "result",
            "/winners",
            expected,
            "the birdhouse counts as food: 9 beats 8"
            if winners
            else "only food counts: 8 food each, a three-way tie",
        )
        found.append(
            script.example(
                f"sod-a11-birdhouse-{reading.replace('_', '-')}",
                f"In the tie-break the birdhouse {'counts' if winners else 'does not count'} "
                f"as food (reading {reading})",
                "SOD-END-2",
            )
        )
    return found


def specialtiles_json() -> list[Example]:
    """SOD-SPECIAL-1 to SOD-SPECIAL-5, and the cat under reading SOD-A9."""
    # Winter, four players: seat 1 has flipped a skull and flips the Bomb.
    bomb = Script.at(config={"players": 4}, phase="winter", current=1, collected=[[], ["skull"]])
    seat = bomb.current
    bomb.flip(Tile.BOMB)
    bomb.fact("state", f"/collected/{seat}", tiles_json(skull=1, bomb=1), "a skull and the Bomb")
    bomb.fact("state", f"/out/{seat}", True, "the Bomb counts as two skulls: 1 + 2 = 3, out")

    again = Script(SodConfig(players=4)).to_winter()
    seat = again.current
    again.flip(Tile.AGAIN)
    again.fact("to_move", "", seat, "Again: the same player takes another turn at once")
    again.flip(F)
    again.fact("to_move", "", (seat + 1) % 4, "then the turn passes as usual")

    sleepy = Script(SodConfig(players=3)).to_winter()
    seat = sleepy.current
    sleepy.flip(Tile.SLEEPY)
    sleepy.fact("state", f"/sleeping/{seat}", True, "the Sleepy Squirrel: skip the next turn")
    sleepy.flip(F).flip(F)
    sleepy.fact("to_move", "", (seat + 1) % 3, "the sleeper's turn is skipped")
    sleepy.fact("state", f"/sleeping/{seat}", False, "once")

    # Winter, three players: seat 0 holds Squirrel Love and two skulls, and flips a third.
    love = Script.at(
        config={"players": 3}, phase="winter", current=0, collected=[["love", "skull", "skull"]]
    )
    seat = love.current
    love.flip(S)
    love.fact("state", f"/out/{seat}", False, "Squirrel Love: three skulls no longer put out")
    love.flip_round(seat, S)
    love.fact("state", f"/out/{seat}", True, "it takes four skulls")

    # Winter, four players, seat 2 to flip: every tile face down in the grid.
    cat = Script.at(config={"players": 4}, phase="winter", current=2)
    seat = cat.current
    cat.flip(Tile.CAT)
    others = [p for p in range(4) if p != seat]
    cat.fact(
        "legal", "", [{"player": p, "type": "give"} for p in others], "give it to another player"
    )
    cat.reject(Give(seat), "the flipper may not keep the Confused Cat")
    cat.do(Give(others[0]))
    cat.fact("state", f"/collected/{seat}/cat", 0, "the flipper does not keep it")
    cat.fact(
        "state", f"/collected/{others[0]}/cat", 1, "it counts as one skull against the receiver"
    )

    anyone = Script(SodConfig(players=4, readings=Readings(cat_recipient="any"))).to_winter()
    victim = anyone.current
    for _ in range(3):
        anyone.flip_round(victim, S)
    giver = anyone.current
    anyone.flip(Tile.CAT)
    anyone.fact(
        "legal",
        "",
        [{"player": p, "type": "give"} for p in range(4) if p != giver],
        "under reading any, a player who is out may receive the cat",
    )
    anyone.do(Give(victim))
    anyone.fact("state", f"/collected/{victim}/cat", 1, "the out player takes it")
    standing = Script(SodConfig(players=4)).to_winter()
    victim = standing.current
    for _ in range(3):
        standing.flip_round(victim, S)
    giver = standing.current
    standing.flip(Tile.CAT)
    standing.reject(Give(victim), "under reading standing, only players still in receive it")
    return [
        bomb.example(
            "sod-special-1-the-bomb",
            "The Bomb counts as two skulls: a skull and the Bomb put a player out",
            "SOD-SPECIAL-1",
        ),
        again.example(
            "sod-special-2-again", "Again gives its flipper another turn", "SOD-SPECIAL-2"
        ),
        sleepy.example(
            "sod-special-3-the-sleepy-squirrel",
            "The Sleepy Squirrel's flipper skips their next turn",
            "SOD-SPECIAL-3",
        ),
        love.example(
            "sod-special-4-squirrel-love",
            "Squirrel Love: it takes four skulls to put its flipper out",
            "SOD-SPECIAL-4",
        ),
        cat.example(
            "sod-special-5-the-confused-cat",
            "The Confused Cat goes at once to another player, as one skull",
            "SOD-SPECIAL-5",
        ),
        anyone.example(
            "sod-a9-the-cat-to-a-player-who-is-out",
            "Reading any: the Confused Cat may go to a player already out",
            "SOD-SPECIAL-5",
        ),
        standing.example(
            "sod-a9-the-cat-only-to-players-still-in",
            "Reading standing: the Confused Cat goes only to a player still in",
            "SOD-SPECIAL-5",
        ),
    ]


def winter_start() -> list[Example]:
    """SOD-WINTER-1 under both readings of SOD-A6 (who flips first)."""
    found = []
    starts: tuple[Literal["next", "first"], ...] = ("next", "first")
    for reading in starts:
        config = SodConfig(players=3, first_player=1, readings=Readings(winter_start=reading))
        script = Script(config).to_winter()
        last = script.state.last_autumn
        expected = (last + 1) % 3 if reading == "next" else 1
        says = (
            f"seat {last} took the last Autumn turn, so seat {expected} flips first"
            if reading == "next"
            else "the first player of Autumn (seat 1) flips first"
        )
        script.fact("to_move", "", expected, says)
        found.append(
            script.example(
                f"sod-a6-winter-starts-{reading}",
                f"Who flips first in Winter, reading {reading}",
                "SOD-WINTER-1",
            )
        )
    return found


# -- the variants ------------------------------------------------------------------------


def birdhouse() -> list[Example]:
    """SOD-BIRD-1 to SOD-BIRD-3."""
    setup = Script(SodConfig(players=4, variant=Variant.BIRDHOUSE))
    setup.fact(
        "state",
        "/patches/0",
        [cell_json(0, 0, Tile.BIRDHOUSE, True)],
        "the birdhouse starts face up",
    )
    setup.fact(
        "state",
        "/bag",
        tiles_json(food=11, skull=8, bomb=1, again=1, sleepy=1, love=1, cat=1),
        "4 players: the birdhouse stays and a third food leaves the box (24 in the sack)",
    )
    take = Script(SodConfig(players=4, variant=Variant.BIRDHOUSE))
    take.draw(F, F, S, S, S, Tile.BOMB, *[F] * 7, S, S).draw(S).do(Place(0, 2))
    take.reject(Take(0, 0), "the birdhouse is a landmark: never taken")
    take.do(Take(0, 1))
    take.fact(
        "state", "/hands/0", tiles_json(food=1, skull=2, bomb=1), "four tiles in hand, mid-turn"
    )
    take.fact("legal", "/0/type", "hide", "then a hand tile goes face down")
    take.first()
    take.fact(
        "state", "/hands/0", tiles_json(skull=2, bomb=1), "the food went face down: three again"
    )
    return [
        setup.example(
            "sod-bird-1-birdhouse-setup",
            "The birdhouse variant: the birdhouse stays in, face up in the starting grid",
            "SOD-BIRD-1",
        ),
        take.example(
            "sod-bird-2-take-then-hide",
            "Take any face-up tile (never the birdhouse), then hide a hand tile",
            "SOD-BIRD-2",
            "SOD-BIRD-3",
        ),
    ]


def reverse() -> list[Example]:
    """SOD-REV-1 to SOD-REV-3."""
    setup = Script(SodConfig(players=4, variant=Variant.REVERSE))
    setup.fact(
        "state",
        "/bag",
        tiles_json(food=12, skull=8, bomb=1, again=1, sleepy=1, love=1, cat=1),
        "all 25 tiles lie face up in the middle",
    )
    setup.fact("state", "/patches", [[], [], [], []], "every player's patch starts empty")
    setup.fact("to_move", "", 0, "no draws: the first player gathers at once")
    patch = Script(SodConfig(players=4, variant=Variant.REVERSE))
    patch.do(Gather(S, 0, 0), Gather(F, 0, 0), Gather(F, 0, 0), Gather(F, 0, 0))
    patch.fact(
        "legal",
        "",
        [
            {"col": c, "row": r, "tile": tile.value, "type": "gather"}
            for tile in (F, S, Tile.BOMB, Tile.AGAIN, Tile.SLEEPY, Tile.LOVE, Tile.CAT)
            for r, c in ((-1, 0), (0, -1), (0, 1), (1, 0))
        ],
        "any middle tile goes next to the patch, never diagonally",
    )
    patch.reject(Gather(F, 1, 1), "(1, 1) touches the patch only at a corner")
    flip = Script(SodConfig(players=2, variant=Variant.REVERSE)).to_winter()
    seat = flip.current
    theirs = 1 - seat
    cell = next(c for c in flip.state.patches[theirs] if c.tile is not Tile.CAT)
    flip.do(Flip(theirs, cell.row, cell.col))
    flip.fact(
        "state",
        f"/collected/{seat}/{cell.tile.value}",
        1,
        "a player may flip a tile in another player's patch, and keeps it",
    )
    return [
        setup.example(
            "sod-rev-1-reverse-setup",
            "Reverse or Die: every tile face up in the middle, no sack, no grid",
            "SOD-REV-1",
        ),
        patch.example(
            "sod-rev-2-private-patches",
            "Each player grows a private face-down patch, no diagonals",
            "SOD-REV-2",
        ),
        flip.example(
            "sod-rev-3-flip-any-patch",
            "In Winter a player may flip from anyone's patch",
            "SOD-REV-3",
        ),
    ]


def build() -> tuple[Example, ...]:
    """Every example, in a fixed order."""
    return (
        *setup_removals(),
        *setup_grid_and_hands(),
        *autumn_placement(),
        *autumn_turns(),
        *winter_flips(),
        *winter_start(),
        *ties(),
        *specialtiles_json(),
        *birdhouse(),
        *reverse(),
    )


EXAMPLES: Final = build()
"""Squirrel or Die's worked examples (see the module docstring)."""
