"""The referee (``dieproof serve``): every operation, every error, and a fuzz of hostile
lines in which every line must be answered and no state ever changes."""

from __future__ import annotations

import collections
import contextlib
import copy
import io
import json
import random
import re
import subprocess
import sys
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from dieproof.reference import game, games
from dieproof.reference.core import driver
from dieproof.reference.oracle.referee import Referee, serve
from dieproof.reference.oracle.schemas import FIELDS, OPS, schemas

SOD = "squirrel-or-die"
CODE = re.compile(r"^[A-Z][A-Z0-9]*\.[A-Z0-9_]+$")
REFEREE = Referee()


def ask(request: object) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(REFEREE.answer_line(json.dumps(request)))
    return answer


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = ask(request)
    assert answer["ok"] is True, answer
    result: dict[str, Any] = answer["result"]
    return result


def refused(request: object) -> dict[str, Any]:
    answer = ask(request)
    assert answer["ok"] is False, answer
    error: dict[str, Any] = answer["error"]
    return error


# -- the operations ------------------------------------------------------------------------


def test_info_lists_the_games_and_ops() -> None:
    info = ok({"op": "info", "id": 7})
    assert info["protocol"] == 1
    assert info["ops"] == list(OPS)
    assert [g["id"] for g in info["games"]] == sorted(g.id for g in games())
    assert ask({"op": "info", "id": "x"})["id"] == "x"


def test_a_game_through_the_protocol_matches_the_reference() -> None:
    g = game(SOD)
    config = g.default_config(3)
    playout = driver.play(g, config, 11)
    new = ok({"op": "new", "game": SOD, "config": {"players": 3}})
    assert new["config"] == json.loads(g.dump_config(config))
    state_json = new["state"]
    state = g.initial_state(config)
    for action in playout.actions:
        mover = g.to_move(state)
        legal = ok({"op": "legal", "game": SOD, "state": state_json})
        odds = ok({"op": "chance", "game": SOD, "state": state_json})
        if mover == -1:
            assert legal == {"to_move": "chance", "actions": []}
            assert [o["outcome"] for o in odds["outcomes"]] == [
                json.loads(g.dump_action(a)) for a, _ in g.chance_outcomes(state)
            ]
            assert all(re.fullmatch(r"\d+/\d+", o["probability"]) for o in odds["outcomes"])
        else:
            assert legal["to_move"] == mover
            assert legal["actions"] == [
                json.loads(g.dump_action(a)) for a in g.legal_actions(state)
            ]
            assert odds == {"to_move": mover, "outcomes": []}
        assert ok({"op": "result", "game": SOD, "state": state_json}) == {
            "to_move": legal["to_move"],
            "result": None,
        }
        applied = ok(
            {
                "op": "apply",
                "game": SOD,
                "state": state_json,
                "action": json.loads(g.dump_action(action)),
            }
        )
        state = g.apply(state, action)
        assert applied["state"] == json.loads(g.dump_state(state))
        state_json = applied["state"]
    final = ok({"op": "result", "game": SOD, "state": state_json})
    assert final["to_move"] == "terminal"
    assert final["result"]["rule"] == playout.result.rule


def test_an_illegal_action_is_an_error_with_code_and_rule() -> None:
    new = ok({"op": "new", "game": SOD})
    error = refused(
        {
            "op": "apply",
            "game": SOD,
            "state": new["state"],
            "action": {"type": "flip", "patch": 0, "row": 0, "col": 0},
        }
    )
    assert error["code"] == "SOD.WRONG_STEP"
    assert error["rule"] == "SOD-SETUP-2"
    assert error["message"]


def test_schema_op() -> None:
    everything = ok({"op": "schema", "game": SOD})["schemas"]
    assert set(everything) == set(schemas(game(SOD)))
    one = ok({"op": "schema", "game": SOD, "kind": "vector"})["schema"]
    assert one == everything["vector"]
    assert refused({"op": "schema", "game": SOD, "kind": "nope"})["code"] == "REFEREE.FIELD"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ([1, 2], "REFEREE.REQUEST"),
        ({"id": {"a": 1}, "op": "info"}, "REFEREE.REQUEST"),
        ({"id": True, "op": "info"}, "REFEREE.REQUEST"),
        ({"op": 3}, "REFEREE.REQUEST"),
        ({}, "REFEREE.REQUEST"),
        ({"op": "dance"}, "REFEREE.OP"),
        ({"op": "new"}, "REFEREE.FIELD"),
        ({"op": "new", "game": 3}, "REFEREE.FIELD"),
        ({"op": "new", "game": "chess"}, "CORE.UNKNOWN_GAME"),
        ({"op": "new", "game": SOD, "config": {"players": 9}}, "SOD.PLAYERS"),
        ({"op": "new", "game": SOD, "config": {"players": "two"}}, "SOD.CONFIG_JSON"),
        ({"op": "new", "game": SOD, "config": [2]}, "SOD.CONFIG_JSON"),
        ({"op": "legal", "game": SOD}, "REFEREE.FIELD"),
        ({"op": "legal", "game": SOD, "state": "s"}, "SOD.STATE_JSON"),
        ({"op": "legal", "game": SOD, "state": {"x": 1}}, "SOD.STATE_JSON"),
        ({"op": "apply", "game": SOD, "state": {}}, "SOD.STATE_JSON"),
    ],
)
def test_bad_requests_are_structured_errors(request_: object, code: str) -> None:
    assert refused(request_)["code"] == code


def test_the_id_is_echoed_even_on_errors() -> None:
    assert ask({"id": 41, "op": "dance"})["id"] == 41
    assert ask({"id": "q", "op": "legal", "game": SOD})["id"] == "q"


def test_malformed_lines_are_answered() -> None:
    for line in (b"", b"   ", b"{", b"nul", b"\xff\xfe", b'{"op": "info"} extra', b"[" * 100_000):
        answer = json.loads(REFEREE.answer_line(line))
        assert answer["ok"] is False
        assert answer["error"]["code"] in {"REFEREE.JSON", "REFEREE.REQUEST"}


def test_a_hostile_but_decodable_state_is_refused_not_crashed() -> None:
    g = game(SOD)
    state = json.loads(g.dump_state(g.initial_state(g.default_config())))
    for name, value in (("current", 99), ("hands", []), ("step", "give"), ("bag", {"food": -3})):
        error = refused({"op": "chance", "game": SOD, "state": {**state, name: value}})
        assert error["code"].startswith("SOD.STATE_"), error


def test_serve_answers_every_line_in_order() -> None:
    lines = [
        b'{"op": "info", "id": 1}',
        b"",
        b"garbage",
        b'{"op": "new", "game": "squirrel-or-die", "id": 2}',
        b"x" * 300,
        b'{"op": "info", "id": 3}\r',
    ]
    stdin = io.BytesIO(b"\n".join(lines) + b"\n")
    stdout = io.BytesIO()
    assert serve(stdin, stdout, max_line=200) == len(lines)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, None, None, 2, None, 3]
    assert answers[4]["error"]["code"] == "REFEREE.TOO_LONG"
    assert [a["ok"] for a in answers] == [True, False, False, True, False, True]


def test_a_last_line_without_newline_is_answered() -> None:
    stdout = io.BytesIO()
    assert serve(io.BytesIO(b'{"op": "info"}'), stdout) == 1
    assert json.loads(stdout.getvalue())["ok"] is True


def test_answers_follow_the_response_schema() -> None:
    validator = Draft202012Validator(schemas(game(SOD))["response"])
    requests: list[object] = [
        {"op": "info", "id": 1},
        {"op": "new", "game": SOD},
        {"op": "dance", "id": "x"},
        "nonsense",
    ]
    for request in requests:
        validator.validate(ask(request))
    request_validator = Draft202012Validator(schemas(game(SOD))["request"])
    request_validator.validate({"op": "new", "game": SOD, "config": {"players": 2}, "id": 3})
    assert not request_validator.is_valid({"op": "dance"})


def test_dieproof_serve_as_a_process() -> None:
    lines = [
        json.dumps({"op": "info", "id": 1}),
        "{{{",
        json.dumps({"op": "new", "game": SOD, "id": 2}),
    ]
    completed = subprocess.run(
        [sys.executable, "-m", "dieproof.reference.cli", "serve"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    answers = [json.loads(line) for line in completed.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]


# -- the fuzz ----------------------------------------------------------------------------------


@cache
def real_states() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(game id, canonical state) pairs from seeded random games of every configuration
    and from the worked examples (positions random play seldom reaches)."""
    found = []
    for g in games():
        played = [
            (g.initial_state(config), driver.play(g, config, 0).actions) for config in g.configs()
        ]
        played += [(g.example_start(example), example.actions) for example in g.examples()]
        for start, actions in played:
            state = start
            found.append((g.id, json.loads(g.dump_state(state))))
            for index, action in enumerate(actions):
                state = g.apply(state, action)
                if index % 3 == 0:
                    found.append((g.id, json.loads(g.dump_state(state))))
    return tuple(found)


@cache
def real_actions() -> tuple[dict[str, Any], ...]:
    found: dict[str, dict[str, Any]] = {}
    for g in games():
        for config in g.configs():
            for action in driver.play(g, config, 1).actions:
                text = g.dump_action(action)
                found.setdefault(text, json.loads(text))
    return tuple(found[key] for key in sorted(found))


def random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(
            [
                None,
                True,
                False,
                0,
                -1,
                rng.randint(-(2**70), 2**70),
                rng.random() * 1e6,
                "",
                "food",
                "squirrel-or-die",
                "\u0000\u2028\ud7ff",
                rng.choice(["place", "flip", "draw", "give", "x" * rng.randint(0, 50)]),
            ]
        )
    if roll < 0.75:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    keys = ["type", "row", "col", "tile", "patch", "player", "op", "game", "state", "id", "k"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def mutate(rng: random.Random, value: Any) -> Any:
    """A copy of ``value`` with one leaf (or one container) replaced."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        return {**value, key: mutate(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return [*value[:index], mutate(rng, value[index]), *value[index + 1 :]]
    if isinstance(value, bool):
        return not value if rng.random() < 0.7 else random_json(rng)
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, 2**63, rng.randint(-9, 9)])
    if isinstance(value, dict | list) and rng.random() < 0.3:
        return {} if isinstance(value, list) else []
    return random_json(rng)


@cache
def states_by_game() -> dict[str, tuple[dict[str, Any], ...]]:
    """The states of :func:`real_states`, by game."""
    found: dict[str, list[dict[str, Any]]] = {}
    for game_id, state in real_states():
        found.setdefault(game_id, []).append(state)
    return {game_id: tuple(states) for game_id, states in found.items()}


def hostile_request(rng: random.Random) -> Any:
    # A game first, then one of its states: a game with long playouts (Doom and Bloom's)
    # would otherwise crowd the others out of the mix.
    by_game = states_by_game()
    game_id = rng.choice(sorted(by_game))
    state = rng.choice(by_game[game_id])
    request: dict[str, Any] = {"op": rng.choice([*OPS, "dance", ""])}
    if rng.random() < 0.95:
        request["game"] = game_id if rng.random() < 0.9 else random_json(rng)
    if rng.random() < 0.8:
        roll = rng.random()
        request["state"] = (
            state if roll < 0.4 else mutate(rng, state) if roll < 0.9 else random_json(rng)
        )
    if rng.random() < 0.6:
        action = rng.choice(real_actions())
        request["action"] = action if rng.random() < 0.5 else mutate(rng, action)
    if rng.random() < 0.3:
        config = state.get("config", {})
        request["config"] = mutate(rng, config) if rng.random() < 0.7 else config
    if rng.random() < 0.5:
        request["id"] = rng.choice([rng.randint(0, 10**6), "id", None, 1.5, [1]])
    if rng.random() < 0.05:
        request["kind"] = rng.choice(["vector", "state", "x", 3])
    if rng.random() < 0.05:
        request["position"] = random_json(rng)
    allowed = FIELDS.get(request["op"])
    if allowed is not None and rng.random() < 0.9:
        # mostly the op's own fields (an unknown field is refused before anything else)
        request = {key: value for key, value in request.items() if key in allowed}
    return request


def hostile_line(rng: random.Random) -> bytes:
    roll = rng.random()
    if roll < 0.08:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 60))).replace(b"\n", b"")
    if roll < 0.18:
        return json.dumps(random_json(rng)).encode()
    text = json.dumps(hostile_request(rng))
    if roll < 0.22:
        cut = rng.randrange(len(text))
        return text[:cut].encode()
    return text.encode()


LINES_PER_EXAMPLE = 1000
FUZZ_EXAMPLES = 100


def check_answer(line: bytes, answer_line: bytes) -> None:
    answer = json.loads(answer_line)
    assert isinstance(answer, dict)
    assert answer["ok"] in (True, False)
    if answer["ok"]:
        assert isinstance(answer["result"], dict)
    else:
        error = answer["error"]
        assert set(error) == {"code", "message", "rule"}
        assert CODE.match(error["code"]), error
        assert isinstance(error["message"], str) and error["message"]
        assert error["rule"] is None or isinstance(error["rule"], str)
        assert error["code"] != "REFEREE.INTERNAL", (line[:300], error)
    try:
        request = json.loads(line)
    except ValueError:
        return
    if isinstance(request, dict):
        ident = request.get("id")
        if isinstance(ident, str | int) and not isinstance(ident, bool):
            assert answer["id"] == ident


def test_fuzz_every_hostile_line_is_answered() -> None:
    """FUZZ_EXAMPLES hypothesis examples of LINES_PER_EXAMPLE lines each: a few lines of
    raw bytes that hypothesis picks (and shrinks), the rest from a hostile generator
    seeded by hypothesis. At least 100,000 lines per run."""
    answered: list[int] = []

    @settings(max_examples=FUZZ_EXAMPLES)
    @given(seed=st.integers(0, 2**32 - 1), picked=st.lists(st.binary(max_size=80), max_size=20))
    def fuzz(seed: int, picked: list[bytes]) -> None:
        rng = random.Random(seed)
        lines = [line.replace(b"\n", b"") for line in picked]
        lines += [hostile_line(rng) for _ in range(LINES_PER_EXAMPLE - len(lines))]
        referee = Referee()
        for line in lines:
            check_answer(line, referee.answer_line(line))
        answered.append(len(lines))

    fuzz()
    assert sum(answered) >= FUZZ_EXAMPLES * LINES_PER_EXAMPLE >= 100_000


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_requests_are_never_mutated(seed: int) -> None:
    rng = random.Random(seed)
    referee = Referee()
    for _ in range(100):
        request = hostile_request(rng)
        before = copy.deepcopy(request)
        answer = referee.answer(request)
        assert request == before
        check_answer(json.dumps(request).encode(), json.dumps(answer).encode())


@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_through_the_process(seed: int) -> None:
    rng = random.Random(seed)
    lines = [hostile_line(rng) for _ in range(1000)]
    completed = subprocess.run(
        [sys.executable, "-m", "dieproof.reference.cli", "serve"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    answers = completed.stdout.splitlines()
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        check_answer(line, answer)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_a_state_that_passes_the_check_never_crashes_the_rules(seed: int) -> None:
    """Hostile states the referee accepts are positions the rules can be applied to:
    listing, every legal action and chance outcome, and any other action raise nothing
    but a rules error, and a decision node has a legal action, a chance node an outcome."""
    from dieproof.reference.core import CHANCE, TERMINAL
    from dieproof.reference.core.errors import RulesError

    rng = random.Random(seed)
    accepted = 0
    for _ in range(300):
        game_id, state_json = rng.choice(real_states())
        g = game(game_id)
        hostile = state_json
        for _ in range(rng.choice([1, 1, 2, 3])):
            hostile = mutate(rng, hostile)
        try:
            state = g.load_state(json.dumps(hostile))
            g.check_state(state)
        except RulesError:
            continue
        accepted += 1
        mover = g.to_move(state)
        g.result(state)
        legal, outcomes = g.legal_actions(state), g.chance_outcomes(state)
        if mover == CHANCE:
            assert outcomes and not legal, hostile
        elif mover != TERMINAL:
            assert legal and not outcomes, hostile
        for action in (*legal, *(outcome for outcome, _ in outcomes)):
            g.apply(state, action)
        for raw in rng.sample(real_actions(), 20):
            with contextlib.suppress(RulesError):
                g.apply(state, g.load_action(json.dumps(raw)))
    assert accepted


def test_the_fuzz_reaches_deep_into_the_rules() -> None:
    """The hostile mix is not all noise: many lines get past decoding to the rules."""
    rng = random.Random(5)
    codes: dict[str, int] = {}
    for _ in range(1200 * len(games())):
        answer = json.loads(REFEREE.answer_line(hostile_line(rng)))
        key = "ok" if answer["ok"] else answer["error"]["code"]
        codes[key] = codes.get(key, 0) + 1
    assert codes.get("ok", 0) > 300
    prefixes = {g.prefix for g in games()}
    rules_codes = [
        c for c in codes if c.split(".")[0] in prefixes and "JSON" not in c and "STATE" not in c
    ]
    assert len(rules_codes) >= 4, codes
    assert {c.split(".")[0] for c in rules_codes} == prefixes, codes


# -- the cache of known states --------------------------------------------------------------


def _session(referee: Referee, seed: int) -> list[bytes]:
    """A client's seeded random game of Squirrel or Die, state passed back each time."""
    g = game(SOD)
    rng = random.Random(seed)
    answers: list[bytes] = []
    state = json.loads(referee.answer_line(json.dumps({"op": "new", "game": SOD})))["result"]
    current = state["state"]
    while True:
        for op in ("legal", "chance", "result"):
            line = json.dumps({"op": op, "game": SOD, "state": current})
            answers.append(referee.answer_line(line))
        decoded = g.load_state(json.dumps(current))
        if g.result(decoded) is not None:
            return answers
        action = g.sample_chance(decoded, rng) if g.to_move(decoded) < 0 else None
        if action is None:
            action = g.sample_legal_action(decoded, rng)
        line = json.dumps(
            {
                "op": "apply",
                "game": SOD,
                "state": current,
                "action": json.loads(g.dump_action(action)),
            }
        )
        answer = referee.answer_line(line)
        answers.append(answer)
        current = json.loads(answer)["result"]["state"]


def test_a_known_state_is_not_checked_again_and_no_answer_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = game(SOD)
    checked: list[str] = []
    original = type(g).check_state

    def counting(self: object, state: object) -> None:
        checked.append(g.dump_state(state))  # type: ignore[arg-type]
        original(self, state)  # type: ignore[arg-type]

    monkeypatch.setattr(type(g), "check_state", counting)
    cached = _session(Referee(), 3)
    assert checked == []  # every state came from the referee itself
    forgetful = Referee()
    monkeypatch.setattr(forgetful, "_remember", lambda key, state: None)
    assert _session(forgetful, 3) == cached  # the cache changes no answer
    # Without the cache every state is checked on every request that carries it.
    counts = collections.Counter(checked)
    assert len(counts) > 20 and min(counts.values()) >= 3


def test_a_state_from_elsewhere_is_checked_once_and_refused_when_wrong() -> None:
    referee = Referee()
    g = game(SOD)
    state = json.loads(g.dump_state(g.initial_state(g.default_config())))
    line = json.dumps({"op": "legal", "game": SOD, "state": state})
    first = referee.answer_line(line)
    assert referee.answer_line(line) == first
    assert len(referee._known) == 1
    state["current"] = 9  # a hostile edit is a different key: checked, and refused
    answer = json.loads(
        referee.answer_line(json.dumps({"op": "legal", "game": SOD, "state": state}))
    )
    assert answer["ok"] is False and answer["error"]["code"] == "SOD.STATE_INVALID"
    assert len(referee._known) == 1


def test_the_cache_of_known_states_is_bounded() -> None:
    from dieproof.reference.oracle.referee import KNOWN_STATES

    referee = Referee()
    for seed in range(40):
        _session(referee, seed)
    assert len(referee._known) == KNOWN_STATES


def test_a_known_state_sent_with_a_key_twice_is_still_refused() -> None:
    """The cache sits behind the strict decoder: a line that repeats a key inside a
    state the referee knows never reaches it."""
    referee = Referee()
    g = game(SOD)
    text = g.dump_state(g.initial_state(g.default_config()))
    line = '{"op": "legal", "game": "squirrel-or-die", "state": ' + text + "}"
    assert json.loads(referee.answer_line(line))["ok"] is True
    assert len(referee._known) == 1
    doubled = text.replace('{"', '{"current": 0, "', 1)
    answer = json.loads(
        referee.answer_line('{"op": "legal", "game": "squirrel-or-die", "state": ' + doubled + "}")
    )
    assert answer["ok"] is False and answer["error"]["code"] == "REFEREE.JSON"
    assert "twice" in answer["error"]["message"]


def test_a_built_position_is_known_to_the_referee() -> None:
    referee = Referee()
    answer = referee.answer({"op": "position", "game": SOD, "position": {}})
    assert answer["ok"] is True, answer
    assert len(referee._known) == 1


# -- strict requests -----------------------------------------------------------------------


def test_unknown_fields_are_refused_like_unknown_fields_in_states() -> None:
    for request in (
        {"op": "info", "verbose": True},
        {"op": "new", "game": SOD, "players": 2},
        {"op": "legal", "game": SOD, "state": {}, "action": {"type": "draw"}},
    ):
        answer = REFEREE.answer(request)
        assert answer["ok"] is False
        error = answer["error"]
        assert isinstance(error, dict) and error["code"] == "REFEREE.FIELD", answer
        assert "has no field" in str(error["message"])


def test_a_key_given_twice_is_refused() -> None:
    for line in (
        '{"op": "new", "game": "squirrel-or-die", "game": "until-daylight"}',
        '{"op": "new", "game": "squirrel-or-die", "config": {"players": 2, "players": 3}}',
    ):
        answer = json.loads(REFEREE.answer_line(line))
        assert answer["ok"] is False
        assert answer["error"]["code"] == "REFEREE.JSON"
        assert "twice" in answer["error"]["message"]


def test_deep_nesting_is_refused_not_crashed() -> None:
    line = '{"op": "legal", "game": "squirrel-or-die", "state": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = json.loads(REFEREE.answer_line(line))
    assert answer["error"]["code"] == "REFEREE.JSON"


def test_a_huge_action_is_not_echoed_in_the_answer() -> None:
    state = json.loads(game(SOD).dump_state(game(SOD).initial_state(game(SOD).default_config())))
    request = {
        "op": "apply",
        "game": SOD,
        "state": state,
        "action": {"type": "draw", "tile": "x" * 5_000_000},
    }
    answer = REFEREE.answer_line(json.dumps(request))
    assert len(answer) < 2_000
    assert json.loads(answer)["error"]["code"] == "SOD.ACTION_JSON"
