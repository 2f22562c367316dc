"""The shared core: chance, errors, codec and registry."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dieproof.reference import game, game_ids
from dieproof.reference.core import (
    IllegalAction,
    InvalidAction,
    InvalidConfig,
    InvalidState,
    RulesError,
    UnknownGame,
    chance,
)
from dieproof.reference.core.chance import (
    RECENT_LIMIT,
    counted,
    forget,
    picked,
    probability,
    sample,
    sample_weighted,
    uniform,
    weighted,
)
from dieproof.reference.squirrel_or_die import Draw, Flip, SodConfig, Tile


@given(st.lists(st.integers(0, 50), min_size=1, max_size=12).filter(any))
def test_weighted_probabilities_are_exact_and_sum_to_one(weights: list[int]) -> None:
    outcomes = weighted(enumerate(weights))
    assert sum(p for _, p in outcomes) == 1
    total = sum(weights)
    assert [(i, p) for i, p in outcomes] == [
        (i, Fraction(w, total)) for i, w in enumerate(weights) if w
    ]


def test_weighted_refuses_an_empty_node() -> None:
    with pytest.raises(ValueError, match="at least one outcome"):
        weighted([("a", 0)])


def test_sample_is_seeded_and_follows_the_probabilities() -> None:
    outcomes = weighted([("a", 1), ("b", 3)])
    rng = random.Random(11)
    counts = Counter(sample(outcomes, rng) for _ in range(4000))
    assert 900 < counts["a"] < 1100 and 2900 < counts["b"] < 3100
    first = [sample(outcomes, random.Random(5)) for _ in range(3)]
    assert first == [sample(outcomes, random.Random(5)) for _ in range(3)]
    assert sample_weighted([("x", 0), ("y", 2)], random.Random(1)) == "y"
    assert uniform(["p", "q"]) == (("p", Fraction(1, 2)), ("q", Fraction(1, 2)))


def test_error_hierarchy_carries_code_and_rule() -> None:
    for kind in (InvalidAction, IllegalAction, InvalidConfig, InvalidState, UnknownGame):
        error = kind("X.CODE", "a message", "X-RULE-1")
        assert isinstance(error, RulesError)
        assert (error.code, error.rule, error.message) == ("X.CODE", "X-RULE-1", "a message")
        assert "X.CODE" in repr(error)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame) as caught:
        game("chess")
    assert caught.value.code == "CORE.UNKNOWN_GAME"
    assert "squirrel-or-die" in caught.value.message
    assert "squirrel-or-die" in game_ids()


def test_canonical_json_sorts_keys_and_tags_actions() -> None:
    g = game("squirrel-or-die")
    assert g.dump_action(Flip(patch=0, row=2, col=1)) == '{"col":1,"patch":0,"row":2,"type":"flip"}'
    assert g.load_action('{"type":"draw","tile":"bomb"}') == Draw(Tile.BOMB)
    text = g.dump_config(SodConfig(players=3))
    assert text.index('"first_player"') < text.index('"players"') < text.index('"variant"')


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"type":"flip","patch":0,"row":0}',
        '{"type":"flip","patch":0,"row":0,"col":"1"}',
        '{"type":"flip","patch":0,"row":0,"col":1,"extra":1}',
        '{"type":"draw","tile":"acorn"}',
        '{"type":"flip","patch":true,"row":0,"col":1}',
        '{"type":"launch"}',
    ],
)
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        game("squirrel-or-die").load_action(text)
    assert caught.value.code == "SOD.ACTION_JSON"


def test_malformed_states_and_configs() -> None:
    g = game("squirrel-or-die")
    with pytest.raises(InvalidState):
        g.load_state('{"phase":"spring"}')
    with pytest.raises(InvalidConfig) as caught:
        g.load_config('{"players":9}')
    assert caught.value.code == "SOD.PLAYERS"
    with pytest.raises(InvalidConfig):
        g.load_config('{"players":3,"colour":"red"}')


def test_generic_game_refuses_foreign_values() -> None:
    g = game("squirrel-or-die")

    class Alien(msgspec.Struct, frozen=True):
        pass

    state = g.initial_state(g.default_config())
    with pytest.raises(InvalidAction) as caught:
        g.apply(state, Alien())  # type: ignore[arg-type]
    assert caught.value.code == "SOD.ACTION_TYPE"
    assert not g.is_legal(state, Alien())  # type: ignore[arg-type]
    with pytest.raises(InvalidState):
        g.to_move(Alien())  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig):
        g.initial_state(Alien())  # type: ignore[arg-type]


def test_schemas_describe_every_kind() -> None:
    schemas = game("squirrel-or-die").schemas()
    assert set(schemas) == {"config", "state", "action", "result"}
    action = schemas["action"]
    assert isinstance(action, dict)
    assert action["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@given(
    st.lists(st.integers(0, 30), min_size=1, max_size=8).filter(any),
    st.integers(0, 2**32),
)
def test_fast_weighted_sampling_agrees_with_exact_sampling(weights: list[int], seed: int) -> None:
    pairs = list(enumerate(weights))
    exact = sample(weighted(pairs), random.Random(seed))
    fast = sample_weighted([(i, w) for i, w in pairs if w], random.Random(seed))
    assert fast == exact


def _sample_by_the_definition(outcomes: list[tuple[int, Fraction]], rng: random.Random) -> int:
    """chance.sample's documented draw, written out: randrange over the least common
    denominator, then a walk over the outcomes in order."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for outcome, p in outcomes:
        ticket -= p.numerator * (denominator // p.denominator)
        if ticket < 0:
            return outcome
    raise AssertionError("probabilities sum to less than 1")


@given(
    st.lists(st.integers(0, 30), min_size=1, max_size=8).filter(any),
    st.integers(0, 2**32),
)
def test_sampling_draws_as_defined_whether_or_not_its_table_is_remembered(
    weights: list[int], seed: int
) -> None:
    built = weighted(enumerate(weights))  # remembered by weighted()
    rebuilt = tuple((i, Fraction(p.numerator, p.denominator)) for i, p in built)  # not yet
    as_list = list(built)  # never remembered: a list may change
    draws = []
    for outcomes in (built, rebuilt, rebuilt, as_list):
        rng = random.Random(seed)
        draws.append([sample(outcomes, rng) for _ in range(5)])
    rng = random.Random(seed)
    expected = [_sample_by_the_definition(as_list, rng) for _ in range(5)]
    assert draws == [expected] * 4


@given(
    st.lists(st.integers(0, 30), min_size=1, max_size=12).filter(any),
    st.integers(0, 2**32),
)
def test_counted_gives_what_weighted_gives_and_samples_alike(weights: list[int], seed: int) -> None:
    table = [f"kind {i}" for i in range(len(weights))]
    fast = counted(table, weights)
    exact = weighted(list(zip(table, weights, strict=True)))
    assert fast == exact
    draws = []
    for outcomes in (fast, exact):
        rng = random.Random(seed)
        draws.append([sample(outcomes, rng) for _ in range(5)])
    assert draws[0] == draws[1]


def test_a_counted_tuple_samples_alike_once_its_table_is_dropped() -> None:
    """counted() keeps only its latest tables (RECENT_LIMIT); an older tuple is still
    sampled exactly, from a table built again."""
    first = counted("abc", [1, 2, 3])
    before = [sample(first, random.Random(seed)) for seed in range(30)]
    for n in range(RECENT_LIMIT + 1):
        counted("abc", [n + 4, 1, 1])
    assert [sample(first, random.Random(seed)) for seed in range(30)] == before
    exact = weighted([("a", 1), ("b", 2), ("c", 3)])
    assert before == [sample(exact, random.Random(seed)) for seed in range(30)]
    assert set(before) == {"a", "b", "c"}


@given(
    st.lists(st.integers(0, 30), min_size=1, max_size=12).filter(any),
    st.integers(0, 2**32),
)
def test_picked_gives_what_counted_gives_and_samples_alike(weights: list[int], seed: int) -> None:
    """A multiset given by its kinds held (a No Game Over deck's pick): the same pairs,
    and the same draws from the table picked() remembers as from counted()'s."""
    table = [f"kind {i}" for i in range(len(weights))]
    held = [(kind, w) for kind, w in zip(table, weights, strict=True) if w]
    fast = picked([kind for kind, _ in held], [w for _, w in held], sum(weights))
    exact = counted(table, weights)
    assert fast == exact and fast is not exact
    draws = [[sample(o, random.Random(seed)) for _ in range(5)] for o in (fast, exact)]
    assert draws[0] == draws[1]


def test_a_forgotten_table_is_built_again_with_the_same_draws() -> None:
    outcomes = picked("abc", [1, 2, 3], 6)
    before = [sample(outcomes, random.Random(seed)) for seed in range(30)]
    assert chance._RECENT[id(outcomes)][0] is outcomes  # the table picked() remembered
    forget(outcomes)
    assert id(outcomes) not in chance._RECENT
    forget(outcomes)  # twice, or a tuple never remembered: nothing to drop
    forget(weighted([("a", 1)]))
    assert [sample(outcomes, random.Random(seed)) for seed in range(30)] == before
    assert set(before) == {"a", "b", "c"}
    with pytest.raises(ValueError, match="at least one outcome"):
        picked("", [], 0)


def test_counted_refuses_what_weighted_refuses() -> None:
    with pytest.raises(ValueError, match="negative weight"):
        counted("ab", [2, -1])
    with pytest.raises(ValueError, match="at least one outcome"):
        counted("ab", [0, 0])


def test_weights_are_refused_when_negative_and_fractions_shared() -> None:
    with pytest.raises(ValueError, match="negative weight"):
        weighted([("a", 2), ("b", -1)])
    first, second = weighted([("a", 1), ("b", 3)]), weighted([("c", 1), ("d", 3)])
    assert first[0][1] is second[0][1] and first[1][1] is second[1][1]
    assert probability(2, 6) == Fraction(1, 3) and probability(2, 6) is probability(2, 6)


def test_equal_weights_give_the_same_outcome_tuple() -> None:
    first = weighted(((Draw(Tile.FOOD), 2), (Draw(Tile.SKULL), 1)))
    again = weighted(((Draw(Tile.FOOD), 2), (Draw(Tile.SKULL), 1)))
    assert first is again
    assert weighted([("a", 1), ("b", 1)]) == uniform(["a", "b"])
    assert weighted(((["unhashable"], 1),)) == ((["unhashable"], Fraction(1)),)
