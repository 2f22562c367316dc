"""The hypothesis side of DESIGN section 4: the reference refines the proven model.

One ``RuleBasedStateMachine`` per game with proofs plays the reference (legal actions
and chance outcomes drawn by hypothesis, plus illegal and malformed actions) and after
every step checks the reference's own invariants, the z3 invariants and background on
``abstract(state)``, that the concrete step is one some abstract transition allows,
every two-state property, that ``apply`` accepts exactly the legal actions, the JSON
round trip, and that the old state is unchanged.
"""

from __future__ import annotations

import random

import hypothesis.strategies as st
import pytest
from hypothesis import settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from dieproof.proofs import CompiledModel, compile_relation, proof_game_ids, proofs_for, refine
from dieproof.reference import game
from dieproof.reference.core import CHANCE, TERMINAL, Action, InvalidAction, RulesError, State
from dieproof.reference.core.chance import sample
from dieproof.reference.squirrel_or_die import tiles as sod_tiles


def machine_for(game_id: str) -> type[RuleBasedStateMachine]:
    """The refinement state machine of ``game_id``."""
    g = game(game_id)
    proofs = proofs_for(game_id)
    compiled = CompiledModel(proofs.model)
    configs = list(g.configs())

    class Refinement(RuleBasedStateMachine):
        state: State
        seen: dict[str, Action]

        @initialize(config=st.sampled_from(configs))
        def start(self, config: object) -> None:
            assert config in configs
            self.state = g.initial_state(configs[configs.index(config)])
            self.seen = {}
            a = proofs.abstract(self.state)
            assert compiled.abstract_problems(a) == []
            assert compiled.satisfies_init(a), a

        def _options(self) -> list[Action]:
            if g.to_move(self.state) == CHANCE:
                return [outcome for outcome, _ in g.chance_outcomes(self.state)]
            return list(g.legal_actions(self.state))

        def _step(self, action: Action) -> None:
            before, text = self.state, g.dump_state(self.state)
            after = g.apply(before, action)
            assert g.dump_state(before) == text, "apply changed its input"
            a, a2 = proofs.abstract(before), proofs.abstract(after)
            matching = compiled.transitions_matching(a, a2)
            assert matching, f"no abstract transition allows {g.dump_action(action)}: {a} -> {a2}"
            assert compiled.violated_properties(a, a2) == []
            self.seen.setdefault(g.dump_action(action), action)
            self.state = after

        @precondition(lambda self: g.to_move(self.state) != TERMINAL)
        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            self._step(data.draw(st.sampled_from(self._options()), label="action"))

        @precondition(lambda self: g.to_move(self.state) != TERMINAL)
        @rule(seed=st.integers(0, 2**16), count=st.integers(1, 60))
        def run_ahead(self, seed: int, count: int) -> None:
            """Long games need long runs to reach their endings: a seeded stretch."""
            rng = random.Random(seed)
            for _ in range(count):
                if g.to_move(self.state) == TERMINAL:
                    return
                if g.to_move(self.state) == CHANCE:
                    self._step(sample(g.chance_outcomes(self.state), rng))
                else:
                    self._step(g.sample_legal_action(self.state, rng))

        @precondition(lambda self: len(self.seen) > 0)
        @rule(data=st.data())
        def refused(self, data: st.DataObject) -> None:
            """A previously seen action that is not legal here is refused, harmlessly."""
            allowed = {g.dump_action(a) for a in self._options()}
            others = sorted(t for t in self.seen if t not in allowed)
            if not others:
                return
            text = data.draw(st.sampled_from(others), label="illegal")
            before = g.dump_state(self.state)
            assert not g.is_legal(self.state, self.seen[text])
            with pytest.raises(RulesError):
                g.apply(self.state, self.seen[text])
            assert g.dump_state(self.state) == before

        @rule(junk=st.one_of(st.text(max_size=30), st.just('{"type":"nope"}')))
        def malformed(self, junk: str) -> None:
            with pytest.raises(InvalidAction):
                g.load_action(junk)

        @precondition(lambda self: g.to_move(self.state) == TERMINAL)
        @rule()
        def finished(self) -> None:
            assert g.result(self.state) is not None
            assert g.legal_actions(self.state) == ()

        @invariant()
        def holds(self) -> None:
            if not hasattr(self, "state"):
                return
            assert g.invariants(self.state) == ()
            a = proofs.abstract(self.state)
            assert compiled.background_holds(a), a
            assert compiled.violated_invariants(a) == [], a
            text = g.dump_state(self.state)
            assert g.dump_state(g.load_state(text)) == text

    Refinement.__name__ = Refinement.__qualname__ = f"Refinement_{game_id.replace('-', '_')}"
    return Refinement


GAMES = proof_game_ids()


def test_every_registered_game_has_proofs() -> None:
    from dieproof.reference import game_ids

    assert set(game_ids()) <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_reference_refines_the_model(game_id: str) -> None:
    run_state_machine_as_test(machine_for(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_transition_is_exercised(game_id: str) -> None:
    """Seeded random games over every config must use every abstract transition."""
    report = refine(game(game_id), proofs_for(game_id), games=120, seed=7)
    assert report.ok, report.render()
    unused = [
        t.name for t in proofs_for(game_id).model.transitions if not report.coverage.get(t.name)
    ]
    assert unused == []


def _broken_bomb(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Bomb worth three skulls: every reference invariant still holds (they compute
    # skulls the same wrong way), but no abstract transition allows the step.
    monkeypatch.setattr(sod_tiles, "BOMB_SKULLS", 3)


def test_the_state_machine_catches_a_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    _broken_bomb(monkeypatch)
    machine = machine_for("squirrel-or-die")
    with pytest.raises(AssertionError, match="no abstract transition"):
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=300,
                stateful_step_count=60,
                database=None,
                derandomize=True,
                deadline=None,
            ),
        )


def test_refine_catches_the_same_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    _broken_bomb(monkeypatch)
    report = refine(game("squirrel-or-die"), proofs_for("squirrel-or-die"), games=60, seed=3)
    assert not report.ok
    assert report.failure is not None
    split = refine(game("squirrel-or-die"), proofs_for("squirrel-or-die"), games=60, seed=3, jobs=3)
    assert split.failure == report.failure
    assert (split.games, split.steps, split.coverage) == (
        report.games,
        report.steps,
        report.coverage,
    )


def test_each_sod_wrong_encoding_is_refuted_by_the_invariant_it_targets() -> None:
    from dieproof.proofs import refute_wrong
    from dieproof.proofs.squirrel_or_die import WRONG_DOCS

    results = {r.name: r for r in refute_wrong(proofs_for("squirrel-or-die").model)}
    assert set(results) == set(WRONG_DOCS)
    for defect, (transition, _, target, _) in WRONG_DOCS.items():
        result = results[defect]
        assert result.caught, result.render()
        expected = [o for o in result.refuted_by if o.startswith(f"{target}/")]
        assert expected, f"{defect}: {target} not refuted, only {result.refuted_by}"
        assert all(o.endswith(f"/{transition}") for o in expected)


TUPLE_GAMES = [g for g in GAMES if proofs_for(g).values is not None]


@pytest.mark.parametrize("game_id", TUPLE_GAMES)
def test_the_abstraction_updated_step_by_step_equals_it_computed_afresh(game_id: str) -> None:
    """The tuple the refinement check updates where the state changed is, at every step
    of seeded random games of every configuration, the mapping computed from scratch."""
    g, proofs = game(game_id), proofs_for(game_id)
    values = proofs.values
    assert values is not None
    compiled = CompiledModel(proofs.model)
    configs = list(g.configs())
    for seed in range(6 * len(configs)):
        rng = random.Random(seed)
        state = g.initial_state(configs[seed % len(configs)])
        current = values(state, None, None)
        while True:
            assert current == compiled.pack(proofs.abstract(state))
            assert compiled.unpack(current) == proofs.abstract(state)
            if g.to_move(state) == TERMINAL:
                break
            action = (
                sample(g.chance_outcomes(state), rng)
                if g.to_move(state) == CHANCE
                else g.sample_legal_action(state, rng)
            )
            before, state = state, g.apply(state, action)
            current = values(state, before, current)


@pytest.mark.parametrize("game_id", GAMES)
def test_candidate_transitions_are_exactly_the_matching_ones(game_id: str) -> None:
    """The compiled model evaluates only the transitions whose constant guards hold; on
    every step of seeded random games, what it reports is what evaluating every
    transition (compiled separately, by name) reports."""
    g, proofs = game(game_id), proofs_for(game_id)
    compiled = CompiledModel(proofs.model)
    names = list(proofs.model.variables)
    each = {k: compile_relation(t, names) for k, t in compiled.terms.transitions.items()}
    configs = list(g.configs())
    steps = 0
    for seed in range(4 * len(configs)):
        rng = random.Random(seed)
        state = g.initial_state(configs[seed % len(configs)])
        while g.to_move(state) != TERMINAL:
            action = (
                sample(g.chance_outcomes(state), rng)
                if g.to_move(state) == CHANCE
                else g.sample_legal_action(state, rng)
            )
            after = g.apply(state, action)
            a, a2 = proofs.abstract(state), proofs.abstract(after)
            assert compiled.transitions_matching(a, a2) == [k for k, f in each.items() if f(a, a2)]
            state, steps = after, steps + 1
    assert steps > 100


def test_jobs_change_no_verdict() -> None:
    """Obligations and refinement games spread over forked workers give the same
    verdicts, refutations, steps, coverage and first failure as one process."""
    from dieproof.proofs import prove, refute_wrong

    proofs = proofs_for("squirrel-or-die")
    model = proofs.model

    def verdicts(jobs: int) -> list[tuple[str, str]]:
        return [(o.id, str(o.verdict)) for o in prove(model, jobs=jobs).obligations]

    assert verdicts(2) == verdicts(1)
    alone = [(w.name, w.caught, w.refuted_by) for w in refute_wrong(model)]
    assert [(w.name, w.caught, w.refuted_by) for w in refute_wrong(model, jobs=2)] == alone

    def run(jobs: int) -> dict[str, object]:
        report = refine(game("squirrel-or-die"), proofs, games=24, seed=5, jobs=jobs)
        found: dict[str, object] = dict(report.to_json())
        del found["seconds"], found["steps_per_second"]
        return found

    assert run(3) == run(1)
