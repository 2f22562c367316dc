"""Doom and Bloom SURVIVAL!'s worked examples as data (each becomes a conformance vector):
the rulebook's examples with its own numbers, played from the initial state or from a
position description (:mod:`~dieproof.reference.doom_and_bloom.position`). The board,
the other characters and the cards' missing halves are provisional; the facts only
assert what the rulebook's text says."""

from __future__ import annotations

import json
from typing import Final

from dieproof.reference.core.examples import Example, Recorder
from dieproof.reference.core.types import JSON
from dieproof.reference.doom_and_bloom import rules
from dieproof.reference.doom_and_bloom.base import catalog
from dieproof.reference.doom_and_bloom.types import (
    DabAction,
    DabConfig,
    DabState,
    Dice,
    DrawBonus,
    DrawCard,
    DrawCharacter,
    DrawTown,
    Enter,
    ExtraMile,
    Gain,
    Lose,
    Move,
    MoveDie,
    Option,
    RollDice,
    RollMove,
    Settle,
    SetupRoll,
    SpendFood,
    StayPut,
)

NORMAL: Final = DabConfig(players=3, length="normal")


class Script(Recorder[DabConfig, DabState, DabAction]):
    """Plays a game step by step and records the actions, facts and rejections."""

    def __init__(self, config: DabConfig) -> None:
        super().__init__(config, rules.initial_state(config), rules.apply)

    @classmethod
    def at(cls, **description: JSON) -> Script:
        """A game that starts from the position ``description`` names."""
        from dieproof.reference.doom_and_bloom.game import GAME

        state = GAME.position(json.dumps(description))
        assert isinstance(state, DabState)
        script = cls(state.config)
        script.state, script.start = state, description
        return script

    def index(self, kind: str, name: str) -> int:
        cat = catalog(self.config)
        names = {
            "space": [s.id for s in cat.top.board.spaces],
            "town": [t.name for t in cat.top.board.towns],
            "event": [c.name for c in cat.content.events],
            "attack": [c.name for c in cat.content.attacks],
            "character": [c.name for c in cat.content.characters],
        }[kind]
        return names.index(name)


def _seats(*seats: dict[str, JSON]) -> list[JSON]:
    return list(seats)


def setup_nurse() -> Example:
    s = Script(NORMAL)
    s.do(SetupRoll(total=15), SetupRoll(total=9), SetupRoll(total=7))
    s.fact("state", "/start_player", 0, "the highest six-dice total starts")
    s.do(DrawCharacter(character=s.index("character", "Nurse")))
    s.fact(
        "state",
        "/assets/0",
        [2, 1, 1, 3, 1],
        "the Nurse: 2 Food, 1 Fuel, 1 Weaponry, 3 Survivors, 1 Medkit",
    )
    s.do(DrawCharacter(character=1), DrawCharacter(character=2))
    s.do(DrawTown(town=s.index("town", "New Hope")), DrawTown(town=s.index("town", "Canaan")))
    s.fact(
        "state",
        "/destinations/0",
        [s.index("town", "New Hope"), s.index("town", "Canaan")],
        "a Normal game: two destinations, New Hope then Canaan, in the order drawn",
    )
    s.fact("state", "/space/0", catalog(NORMAL).top.center, "every pawn starts in Center City")
    return s.example(
        "dab-setup-the-nurse",
        "Setup (Normal game): the Nurse's starting assets and her two destinations.",
        "DAB-SETUP-4",
        "DAB-SETUP-5",
        "DAB-SETUP-6",
    )


def _three(first: dict[str, JSON]) -> list[JSON]:
    return _seats(first, {"character": "Farmer"}, {"character": "Hunter"})


def engineer_sitting_ducks() -> Example:
    s = Script.at(
        seats=_seats(
            {"character": "Engineer", "assets": [1, 3, 2, 3, 0], "space": "r2c7"},
            {"character": "Farmer", "assets": [3, 1, 3, 4, 0]},
            {"character": "Hunter", "assets": [2, 1, 2, 3, 0]},
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=2))
    s.do(Move(space=s.index("space", "r2c5")))
    s.fact("state", "/deck", "event", "a board asset draws an Event card")
    s.do(DrawCard(card=s.index("event", "Sitting Ducks")))
    s.fact(
        "state",
        "/assets/0",
        [2, 3, 4, 3, 0],
        "nobody has less Weaponry: success, 1 Food (the board asset) and 2 Weaponry",
    )
    return s.example(
        "dab-board-asset-sitting-ducks",
        "Movement and Board Asset: the Engineer moves 2 through raider territory to a Food "
        "icon; Sitting Ducks succeeds.",
        "DAB-MOVE-2",
        "DAB-EVENT-2",
        "DAB-EVENT-4",
    )


def farmer_good_karma() -> Example:
    s = Script.at(
        seats=_seats(
            {"character": "Farmer", "space": "r3c8"},
            {"character": "Engineer"},
            {"character": "Hunter"},
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=1), Move(space=s.index("space", "r2c8")))
    s.do(DrawCard(card=s.index("event", "Good Karma")))
    s.fact(
        "legal",
        "",
        [{"type": "option", "option": 1, "card": -1}],
        "no Bonus card: only the second option",
    )
    s.do(Option(option=1), Lose(resource=0), Lose(resource=1))
    s.fact("state", "/assets/0", [2, 0, 1, 4, 0], "a failure: 2 resources of his choice lost")
    s.fact("state", "/last_hospital/0", -1, "a failure leaves the hospital open to him")
    return s.example(
        "dab-hospital-good-karma",
        "Hospital: the Farmer draws Good Karma without a Bonus card and loses 2 resources.",
        "DAB-HOSPITAL-2",
        "DAB-EVENT-3",
    )


def engineer_barterville() -> Example:
    s = Script.at(
        seats=_three(
            {
                "character": "Engineer",
                "assets": [1, 3, 2, 3, 0],
                "space": "r5c11",
                "destinations": ["Barterville", "New Hope"],
            }
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=3), Move(space=s.index("space", "r5c10")))
    s.do(DrawCard(card=s.index("event", "Flipped Vehicle")), RollDice())
    s.fact("state", "/dice", 5, "a search roll of five dice")
    s.do(Dice(total=11), Settle())
    s.fact("state", "/pending_gain", 2, "one resource from the card, one from the town")
    s.do(Gain(resource=0), Gain(resource=2), DrawBonus(card=0))
    s.fact("state", "/assets/0", [2, 3, 3, 4, 0], "the town's Survivor and two resources")
    s.fact("state", "/scouted/0", 1, "Barterville is scouted; New Hope is next")
    return s.example(
        "dab-town-barterville",
        "Town: the Engineer rolls 11 on Flipped Vehicle in Barterville and scouts it.",
        "DAB-TOWN-1",
        "DAB-TOWN-2",
        "DAB-ROLL-1",
    )


def hunter_raiders() -> Example:
    s = Script.at(
        seats=_seats(
            {"character": "Hunter", "space": "r3c8"},
            {"character": "Engineer"},
            {"character": "Farmer"},
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=2), Move(space=s.index("space", "r1c8")))
    s.fact("state", "/deck", "attack", "raider territory draws an Attack card")
    s.do(DrawCard(card=s.index("attack", "Attacked by 13 Raiders")), RollDice(), Dice(total=8))
    s.do(Settle())
    s.fact("state", "/pending_lose", 3, "8 against 13 raiders: 3 resources lost")
    s.do(Lose(resource=2), Lose(resource=2), Lose(resource=0))
    s.fact("state", "/assets/0", [1, 1, 1, 3, 0], "3 resources of his choice lost")
    return s.example(
        "dab-raiders-13",
        "Raider Territory: the Hunter rolls 8 against 13 raiders and loses 3 resources.",
        "DAB-ATTACK-1",
        "DAB-ROLL-1",
    )


def nurse_crossing() -> Example:
    s = Script.at(
        seats=_seats(
            {"character": "Nurse", "space": "r3c6"},
            {"character": "Farmer"},
            {"character": "Hunter"},
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=3), Move(space=s.index("space", "r3c4")))
    s.fact("state", "/deck", "attack", "she must stop on the crossing and face an Attack")
    s.do(DrawCard(card=s.index("attack", "All Clear!")))
    s.fact(
        "legal",
        "",
        [
            {"type": "enter", "space": s.index("space", "r2c3")},
            {"type": "enter", "space": s.index("space", "r3c3")},
            {"type": "bypass", "space": s.index("space", "r1c4")},
            {"type": "bypass", "space": s.index("space", "r4c2")},
            {"type": "remain"},
        ],
        "cleared: enter by either arrow, bypass to either other crossing, or remain",
    )
    s.do(Enter(space=s.index("space", "r2c3")))
    s.fact("state", "/space/0", s.index("space", "r2c3"), "the free move triggers no Event")
    return s.example(
        "dab-crossing-all-clear",
        "Crossing: the Nurse stops on a crossing, clears it with All Clear! and enters.",
        "DAB-MOVE-4",
        "DAB-CROSS-2",
    )


def doctor_center_city() -> Example:
    s = Script.at(
        seats=_three(
            {
                "character": "Doctor",
                "space": "r3c6",
                "destinations": ["Haven", "Canaan"],
                "scouted": 2,
            }
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=2), Move(space=catalog(s.config).top.center))
    s.do(DrawCard(card=s.index("attack", "Attacked by 8 Raiders")), RollDice(), Dice(total=11))
    s.do(Settle(), Gain(resource=1))
    s.fact(
        "state", "/assets/0", [2, 3, 2, 4, 2], "1 resource, then 1 Survivor, Food, Fuel, Weaponry"
    )
    s.fact("to_move", "", "chance", "the final destination is drawn")
    s.do(DrawTown(town=s.index("town", "Haven")))
    s.fact("state", "/final/0", s.index("town", "Haven"), "Haven is his final destination")
    return s.example(
        "dab-center-city-doctor",
        "Center City: the Doctor rolls 11 against 8 raiders and draws Haven.",
        "DAB-CENTER-1",
        "DAB-CENTER-2",
    )


def doctor_wins() -> Example:
    s = Script.at(
        seats=_three(
            {
                "character": "Doctor",
                "assets": [12, 14, 11, 10, 5],
                "space": "r7c3",
                "destinations": ["Haven", "Canaan"],
                "scouted": 2,
                "final": "Haven",
            }
        ),
        config={"players": 3},
    )
    s.do(RollMove(), MoveDie(value=3), Move(space=s.index("space", "r6c2")))
    s.do(DrawCard(card=s.index("event", "Keep It Moving!")))
    while s.state.step.value == "gain":
        s.do(Gain(resource=0))
    while s.state.step.value == "bonus":
        s.do(DrawBonus(card=0))
    s.fact("result", "/winners", [0], "nobody has more Fuel: success, and the Doctor wins")
    return s.example(
        "dab-final-doctor-wins",
        "Final Destination: the Doctor reaches Haven with 12, 14, 11, 10 and 5 and wins.",
        "DAB-FINAL-1",
        "DAB-FINAL-2",
    )


def first_turn() -> Example:
    s = Script.at(
        seats=_seats({"character": "Nurse"}, {"character": "Farmer"}),
        config={"players": 2},
    )
    s.reject(StayPut(), "on the first turn a player must move out of Center City")
    s.do(RollMove(), MoveDie(value=1))
    s.fact("legal", "", 13, "twelve spaces around Center City, and the fuel", length=True)
    return s.example(
        "dab-first-turn-leaves-center-city",
        "Movement: on the first turn the Nurse may not stay in Center City; a roll of 1 "
        "reaches any of the twelve spaces around it.",
        "DAB-MOVE-1",
        "DAB-CENTER-1",
    )


def extra_mile_and_food() -> Example:
    s = Script.at(
        seats=_seats(
            {"character": "Engineer", "assets": [6, 2, 2, 3, 0], "space": "r5c3"},
            {"character": "Farmer"},
        ),
        config={"players": 2},
    )
    s.do(StayPut(), DrawCard(card=s.index("event", "Gun Shop")), ExtraMile())
    s.fact("state", "/dice", 6, "going the extra mile: six dice for 1 Food, 1 Fuel, 1 Weaponry")
    s.fact("state", "/assets/0", [5, 1, 1, 3, 0], "the extra mile's cost")
    s.do(Dice(total=9), SpendFood(), SpendFood())
    s.fact("state", "/total", 11, "twice 2 Food for +1 each")
    s.fact("legal", "", [{"type": "settle"}], "food at most twice per turn")
    s.do(Settle())
    return s.example(
        "dab-extra-mile-and-food",
        "Special Benefits: six dice with the extra mile, then Food twice on a search roll.",
        "DAB-ROLL-2",
        "DAB-ROLL-3",
    )


def _tiny_board() -> dict[str, JSON]:
    ring = [f"s{i}" for i in range(1, 13)]
    spaces: list[JSON] = [{"id": "cc", "kind": "center", "x": 3, "y": 3}]
    spaces += [{"id": r, "kind": "empty"} for r in ring]
    spaces += [
        {"id": "t1", "kind": "town", "town": "Haven"},
        {"id": "t2", "kind": "town", "town": "Canaan"},
        {"id": "t3", "kind": "town", "town": "New Hope"},
        {"id": "h1", "kind": "hospital"},
        {"id": "x1", "kind": "crossing", "region": "pond", "arrows": ["w1"]},
        {"id": "w1", "kind": "asset", "icon": "food", "region": "pond"},
    ]
    edges: list[JSON] = [["cc", r] for r in ring]
    edges += [[ring[i], ring[(i + 1) % 12]] for i in range(12)]
    edges += [["t1", "s1"], ["t2", "s5"], ["t3", "s9"], ["h1", "s3"], ["x1", "s7"]]
    return {
        "name": "a user's board",
        "provisional": False,
        "source": "an example of a board a user supplies",
        "spaces": spaces,
        "edges": edges,
        "regions": [{"id": "pond", "terrain": "water"}],
        "towns": [{"name": "Haven"}, {"name": "Canaan"}, {"name": "New Hope"}],
    }


def users_board() -> Example:
    from dieproof.reference.doom_and_bloom.board import load_board
    from dieproof.reference.doom_and_bloom.content import DEFAULT_CONTENT

    board = load_board(json.dumps(_tiny_board()))
    config = DabConfig(players=2, length="short", board=board, content=DEFAULT_CONTENT)
    s = Script(config)
    s.do(SetupRoll(total=12), SetupRoll(total=8), DrawCharacter(character=0))
    s.do(DrawCharacter(character=1), DrawTown(town=1), DrawTown(town=2))
    s.do(RollMove(), MoveDie(value=1))
    s.fact("legal", "", 13, "the fuel and the twelve spaces around Center City", length=True)
    return s.example(
        "dab-a-users-board",
        "The board is data: a game on a small board a user supplies, checked on load.",
        "DAB-BOARD-1",
        "DAB-MOVE-1",
    )


EXAMPLES: Final = (
    setup_nurse(),
    engineer_sitting_ducks(),
    farmer_good_karma(),
    engineer_barterville(),
    hunter_raiders(),
    nurse_crossing(),
    doctor_center_city(),
    doctor_wins(),
    first_turn(),
    extra_mile_and_food(),
    users_board(),
)
"""The rulebook's worked examples."""
