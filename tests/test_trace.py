"""The trace format (``dieproof.reference.core.trace``): round trips and header errors."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from typing import NoReturn

import msgspec
import pytest

from dieproof.reference.core.errors import InvalidState
from dieproof.reference.core.game import Game, GameBase, Rules
from dieproof.reference.core.trace import (
    TRACE_FORMAT,
    TRACE_VERSION,
    Expect,
    TraceStep,
    header_line,
    read_header,
    read_steps,
    state_sha256,
    step_line,
    write_trace,
)
from dieproof.reference.core.types import Action, Config, State


class TinyConfig(Config, frozen=True):
    players: int = 2
    label: str = "x"


class TinyState(State, frozen=True):
    tokens: tuple[int, ...]
    names: frozenset[str] = frozenset()


class Put(Action, frozen=True, tag="put"):
    amount: int


class Pass(Action, frozen=True, tag="pass"):
    pass


def _no_rules(*_args: object) -> NoReturn:
    raise NotImplementedError("only the codec: the trace format does not need any rules")


# The trace functions take a Game; the codec half is all they touch.
TINY: Game = GameBase[TinyConfig, TinyState, Put | Pass](
    id="test-tiny",
    title="Tiny",
    prefix="TINY",
    config_type=TinyConfig,
    state_type=TinyState,
    action_types=(Put, Pass),
    rules=Rules(
        default_config=lambda players: TinyConfig(players=players or 2),
        configs=lambda: (TinyConfig(),),
        initial_state=lambda config: TinyState(tokens=()),
        to_move=_no_rules,
        legal_actions=_no_rules,
        chance_outcomes=_no_rules,
        apply=_no_rules,
        result=_no_rules,
        invariants=_no_rules,
        players=_no_rules,
        config_of=_no_rules,
    ),
)
ACTIONS: tuple[Action, ...] = (Put(3), Pass(), Put(-1), Put(0))


def trace_text(config: TinyConfig, actions: Sequence[Action], generator: str = "test 1") -> str:
    out = io.StringIO()
    assert write_trace(out, TINY, config, actions, generator=generator) == len(actions)
    return out.getvalue()


def header_json(**changes: object) -> str:
    header: dict[str, object] = {
        "format": TRACE_FORMAT,
        "version": TRACE_VERSION,
        "game": TINY.id,
        "config": {"players": 2, "label": "x"},
    }
    header.update(changes)
    return json.dumps(header)


def test_write_read_round_trip() -> None:
    config = TinyConfig(players=3, label="round trip")
    lines = trace_text(config, ACTIONS).splitlines()
    assert len(lines) == 1 + len(ACTIONS)
    header = read_header(lines[0])
    assert header.format == TRACE_FORMAT
    assert header.version == TRACE_VERSION
    assert header.game == "test-tiny"
    assert header.generator == "test 1"
    assert TINY.load_config(bytes(header.config)) == config
    steps = list(read_steps(lines[1:]))
    assert [number for number, _ in steps] == [2, 3, 4, 5]
    assert tuple(TINY.load_action(bytes(step.action)) for _, step in steps) == ACTIONS
    assert all(step.expect is None for _, step in steps)


def test_lines_are_canonical_json() -> None:
    lines = trace_text(TinyConfig(), ACTIONS).splitlines()
    for line in lines:
        decoded = json.loads(line)
        assert line == json.dumps(decoded, sort_keys=True, separators=(",", ":"))
    assert lines[1] == '{"action":{"amount":3,"type":"put"}}'
    assert lines[2] == '{"action":{"type":"pass"}}'


def test_expectations_round_trip_and_omit_what_is_unset() -> None:
    state = TinyState(tokens=(1, 2), names=frozenset({"b", "a"}))
    expect = Expect(
        state=msgspec.Raw(TINY.dump_state(state).encode()),
        state_sha256=state_sha256(TINY, state),
        legal=[msgspec.Raw(TINY.dump_action(a).encode()) for a in ACTIONS[:2]],
        result=msgspec.Raw(b"null"),
        error="TINY.NOPE",
    )
    line = step_line(TINY, Pass(), expect)
    [(number, step)] = list(read_steps([line]))
    assert number == 2
    assert step.expect is not None
    assert isinstance(step.expect.state, msgspec.Raw)
    assert bytes(step.expect.state) == b'{"names":["a","b"],"tokens":[1,2]}'
    assert step.expect.state_sha256 == hashlib.sha256(TINY.dump_state(state).encode()).hexdigest()
    assert [bytes(raw) for raw in step.expect.legal or []] == [
        b'{"amount":3,"type":"put"}',
        b'{"type":"pass"}',
    ]
    # JSON null is an expectation of its own (the game still runs), not "no expectation"
    assert isinstance(step.expect.result, msgspec.Raw)
    assert bytes(step.expect.result) == b"null"
    assert step.expect.error == "TINY.NOPE"
    only_error = step_line(TINY, Pass(), Expect(error="TINY.NOPE"))
    assert json.loads(only_error) == {"action": {"type": "pass"}, "expect": {"error": "TINY.NOPE"}}
    [(_, bare)] = list(read_steps(['{"action":{"type":"pass"},"expect":{}}']))
    assert bare.expect == Expect()
    assert isinstance(bare.expect.state, msgspec.UnsetType)
    assert isinstance(bare.expect.result, msgspec.UnsetType)


def test_state_sha256_is_over_the_canonical_json() -> None:
    state = TinyState(tokens=(5,))
    expected = hashlib.sha256(b'{"names":[],"tokens":[5]}').hexdigest()
    assert state_sha256(TINY, state) == expected


def test_header_line_matches_write_trace() -> None:
    config = TinyConfig()
    assert trace_text(config, []).splitlines() == [header_line(TINY, config, "test 1")]


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        (header_json(version=2), "TRACE.VERSION", "version 2"),
        (header_json(version=0), "TRACE.VERSION", "version 0"),
        (header_json(format="other-trace"), "TRACE.VERSION", "'other-trace'"),
        ("not json", "TRACE.HEADER", "line 1 is not a trace header"),
        ("[]", "TRACE.HEADER", "line 1 is not a trace header"),
        (header_json(colour="red"), "TRACE.HEADER", "colour"),
        (header_json(version="1"), "TRACE.HEADER", "version"),
        ('{"format":"dieproof-trace","version":1,"config":{}}', "TRACE.HEADER", "game"),
    ],
)
def test_header_errors(line: str, code: str, message: str) -> None:
    with pytest.raises(InvalidState) as caught:
        read_header(line)
    assert caught.value.code == code
    assert message in caught.value.message


def test_a_good_header_reads() -> None:
    header = read_header(header_json(generator="port 2.0"))
    assert header.generator == "port 2.0"
    assert bytes(header.config) == b'{"players": 2, "label": "x"}'  # kept raw, as written


def test_step_errors_name_the_line_and_blank_lines_are_skipped() -> None:
    good = '{"action":{"type":"pass"}}'
    steps = list(read_steps([good, "", "   ", good]))
    assert [number for number, _ in steps] == [2, 5]
    for bad in ("{oops", '{"action":{"type":"pass"},"extra":1}', '{"expect":{}}'):
        with pytest.raises(InvalidState) as caught:
            list(read_steps([good, bad]))
        assert caught.value.code == "TRACE.STEP"
        assert caught.value.message.startswith("line 3 is not a trace step")


def test_unknown_expectation_is_rejected() -> None:
    with pytest.raises(InvalidState) as caught:
        list(read_steps(['{"action":{"type":"pass"},"expect":{"stat":{}}}']))
    assert caught.value.code == "TRACE.STEP"


def test_decoded_step_type() -> None:
    [(_, step)] = list(read_steps(['{"action":{"amount":1,"type":"put"}}']))
    assert isinstance(step, TraceStep)
    assert TINY.load_action(bytes(step.action)) == Put(1)
