"""The specification loader rejects what it must."""

from __future__ import annotations

import pytest

from dieproof.spec import SpecError, load, parse, spec_ids

GOOD = """
[game]
id = "toy"
title = "Toy"
prefix = "TOY"
rulebook = "toy.txt"
sections = ["Play"]
summary = "A toy."

[[rule]]
id = "TOY-PLAY-1"
section = "Play"
title = "Move"
statement = "Move."
implemented_by = ["toy.move"]
invariants = ["TOY-INV-CAP"]

[[ambiguity]]
id = "TOY-A1"
rules = ["TOY-PLAY-1"]
question = "How far?"
evidence = "It says far."
readings = { one = "one", two = "two" }
default = "one"
rationale = "Because."
config = "readings.far"

[[invariant]]
id = "TOY-INV-CAP"
statement = "Capped."
rules = ["TOY-PLAY-1"]
kind = "state"
"""


def test_a_good_spec_parses() -> None:
    spec = parse(GOOD, "toy.toml", "toy")
    assert [r.id for r in spec.rules] == ["TOY-PLAY-1"]
    assert spec.ambiguities[0].readings == {"one": "one", "two": "two"}
    assert spec.rule_by_id("TOY-PLAY-1").title == "Move"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('kind = "state"', 'kind = "state"\ncolour = "red"'), "unknown field `colour`"),
        (('id = "TOY-A1"', 'id = "TOY-PLAY-1"'), "duplicate id 'TOY-PLAY-1'"),
        (('section = "Play"', 'section = "Elsewhere"'), "not in [game].sections"),
        (('default = "one"', 'default = "three"'), "is not a reading"),
        (('invariants = ["TOY-INV-CAP"]', 'invariants = ["TOY-INV-NONE"]'), "unknown invariant"),
        (('rules = ["TOY-PLAY-1"]\nquestion', 'rules = ["TOY-PLAY-9"]\nquestion'), "unknown rule"),
        (('id = "TOY-PLAY-1"', 'id = "PLAY-1"'), "does not have the form"),
        (('implemented_by = ["toy.move"]', "implemented_by = []"), "implemented_by is empty"),
        (('readings = { one = "one", two = "two" }', 'readings = { one = "one" }'), "two readings"),
        (('statement = "Move."\n', ""), "missing required field `statement`"),
    ],
)
def test_bad_specs_are_refused(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(SpecError) as caught:
        parse(GOOD.replace(old, new, 1), "toy.toml", "toy")
    assert message in str(caught.value)


def test_the_file_must_name_its_game() -> None:
    with pytest.raises(SpecError, match="expected 'other'"):
        parse(GOOD, "other.toml", "other")


def test_every_shipped_spec_loads() -> None:
    assert "squirrel-or-die" in spec_ids()
    for game_id in spec_ids():
        assert load(game_id).game.id == game_id
    with pytest.raises(SpecError, match="no specification"):
        load("chess")
