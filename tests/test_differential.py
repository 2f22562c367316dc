"""Differential testing (``dieproof differential``) against adapters written in Python:
the reference itself, the reference with a perturbed answer, projections, opaque states,
adapters that break the protocol; and the command line against ``dieproof serve``."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from dieproof.reference import game, games
from dieproof.reference.cli import main
from dieproof.reference.core.types import JSON
from dieproof.reference.oracle import differential, vectors
from dieproof.reference.oracle.differential import (
    Adapter,
    Capabilities,
    InProcessAdapter,
    ProcessAdapter,
    random_game_cases,
    vector_cases,
)
from dieproof.reference.oracle.referee import Referee

SOD = "squirrel-or-die"
REFEREE = Referee()


class Perturbed(Adapter):
    """The reference, with ``change`` applied to every answer of one op."""

    def __init__(
        self,
        op: str,
        change: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]],
        info: Mapping[str, Any] | None = None,
    ) -> None:
        self.op = op
        self.change = change
        self.info = dict(info or {})

    def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
        answers = []
        for request in requests:
            answer: dict[str, Any] = REFEREE.answer(json.loads(json.dumps(request)))
            if request.get("op") == "info":
                answer["result"].update(self.info)
            if request.get("op") == self.op:
                answer = self.change(dict(request), answer)
            answers.append(answer)
        return answers


def cases(games: int = 1) -> list[differential.Case]:
    g = game(SOD)
    return vector_cases(vectors.generate(g)) + random_game_cases(g, games, 0)


def run(adapter: Adapter, games: int = 1) -> differential.Report:
    return differential.run(game(SOD), adapter, cases(games))


def test_the_reference_agrees_with_itself() -> None:
    report = run(InProcessAdapter(REFEREE.answer), games=2)
    assert report.ok, report.render()
    assert report.cases == len(cases(2))
    assert report.steps > 3000
    assert report.to_json()["ok"] is True
    assert "OK" in report.render()


def test_a_wrong_probability_is_a_chance_divergence() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        outcomes = answer["result"]["outcomes"]
        if len(outcomes) > 1:
            outcomes[0]["probability"] = "1/1"
        return answer

    report = run(Perturbed("chance", change))
    assert report.divergence is not None
    assert report.divergence.kind == "chance"
    assert report.divergence.rule is not None


def test_a_missing_legal_action_names_the_rule_that_allows_it() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        answer["result"]["actions"] = answer["result"]["actions"][:-1]
        return answer

    divergence = run(Perturbed("legal", change)).divergence
    assert divergence is not None and divergence.kind == "legal"
    assert "does not list" in divergence.message
    assert divergence.rule is not None and divergence.rule.startswith("SOD-")


def test_a_reordered_legal_list_is_a_divergence() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        answer["result"]["actions"] = answer["result"]["actions"][::-1]
        return answer

    divergence = run(Perturbed("legal", change)).divergence
    assert divergence is not None and divergence.kind == "legal"
    assert "order" in divergence.message


def test_accepting_what_the_rules_reject() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["ok"]:
            return answer
        return {"id": answer["id"], "ok": True, "result": {"state": request["state"]}}

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.kind == "accepted"
    assert divergence.reference is not None
    assert divergence.rule is not None


def test_a_different_error_code() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if not answer["ok"]:
            answer["error"]["code"] = "SOD.SOMETHING"
        return answer

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.kind == "error-code"
    report = run(Perturbed("apply", change, {"error_codes": False}))
    assert report.ok, report.render()


def test_rejecting_what_the_rules_allow() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if request["action"].get("type") == "flip":
            return {
                "id": answer["id"],
                "ok": False,
                "error": {"code": "X.Y", "message": "no", "rule": None},
            }
        return answer

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.kind == "rejected"
    assert divergence.rule == "SOD-WINTER-1" or "SOD-WINTER-1" in divergence.rules


def test_a_wrong_result() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["result"]["result"] is not None:
            answer["result"]["result"]["winners"] = []
        return answer

    divergence = run(Perturbed("result", change)).divergence
    assert divergence is not None and divergence.kind == "result"
    assert divergence.rule in {"SOD-END-1", "SOD-END-2"}


def test_a_reason_in_other_words_is_not_a_divergence() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["result"]["result"] is not None:
            answer["result"]["result"]["reason"] = "in other words"
        return answer

    assert run(Perturbed("result", change)).ok


def squash(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """Replace a state by a smaller one that still says phase and collected."""
    if answer.get("ok") and request.get("op") in ("new", "apply"):
        state = answer["result"]["state"]
        answer["result"]["state"] = {
            "phase": state["phase"],
            "collected": state["collected"],
            "full": state,
        }
    return answer


class Squashing(Adapter):
    """An implementation that keeps less state, and declares a projection."""

    def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
        answers = []
        for request in requests:
            plain = json.loads(json.dumps(request))
            if isinstance(plain.get("state"), dict) and "full" in plain["state"]:
                plain["state"] = plain["state"]["full"]
            answer: dict[str, Any] = REFEREE.answer(plain)
            if request.get("op") == "info":
                answer["result"]["state"] = {"projection": ["/phase", "/collected"]}
            answers.append(squash(plain, answer))
        return answers


def test_a_projection_is_compared_where_it_says() -> None:
    report = run(Squashing())
    assert report.ok, report.render()
    assert report.capabilities.state == "projection"


def test_opaque_states_are_not_compared() -> None:
    def scramble(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        return answer

    adapter = Perturbed("apply", scramble, {"state": "opaque"})
    assert run(adapter).ok
    assert Capabilities.from_info({"state": "opaque"}).state == "opaque"
    assert Capabilities.from_info({"state": {"projection": [1]}}).state == "canonical"
    assert Capabilities.from_info(None) == Capabilities()


def test_a_wrong_state_names_the_path() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        # A sleeping squirrel is a Winter thing: earlier the referee refuses the state.
        if answer["ok"] and answer["result"]["state"]["phase"] == "winter":
            sleeping = answer["result"]["state"]["sleeping"]
            sleeping[-1] = not sleeping[-1]
        return answer

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.kind == "state"
    assert "/sleeping/" in divergence.message


def test_an_adapter_without_the_game() -> None:
    report = run(Perturbed("info", lambda r, a: {**a, "result": {"games": []}}))
    assert report.divergence is not None and report.divergence.kind == "protocol"


def write_adapter(tmp_path: Path, body: str) -> str:
    script = tmp_path / "adapter.py"
    script.write_text(textwrap.dedent(body), encoding="utf-8")
    return f"{sys.executable} {script}"


def test_a_crashing_adapter_is_a_protocol_divergence(tmp_path: Path) -> None:
    command = write_adapter(
        tmp_path,
        """
        import sys
        sys.stdin.readline()
        print("boom", file=sys.stderr)
        sys.exit(3)
        """,
    )
    with differential.process_adapter(command, timeout=20) as adapter:
        report = differential.run(game(SOD), adapter, cases()[:1])
    assert report.divergence is not None and report.divergence.kind == "protocol"
    assert "exited" in report.divergence.message and "boom" in report.divergence.message


def test_a_silent_adapter_times_out(tmp_path: Path) -> None:
    command = write_adapter(tmp_path, "import time\ntime.sleep(30)\n")
    with differential.process_adapter(command, timeout=0.5) as adapter:
        report = differential.run(game(SOD), adapter, cases()[:1])
    assert report.divergence is not None and "no answer" in report.divergence.message


def test_garbage_answers_are_protocol_divergences(tmp_path: Path) -> None:
    for answer in ("not json", "[1]", '{"id": 999, "ok": true, "result": {}}'):
        command = write_adapter(
            tmp_path, f"import sys\nfor line in sys.stdin:\n    print({answer!r}, flush=True)\n"
        )
        with differential.process_adapter(command, timeout=20) as adapter:
            report = differential.run(game(SOD), adapter, cases()[:1])
        assert report.divergence is not None and report.divergence.kind == "protocol", answer


def test_a_command_that_does_not_exist() -> None:
    with pytest.raises(differential.AdapterError):
        ProcessAdapter("/no/such/program --flag")


# -- Until Daylight ----------------------------------------------------------------------------

UD = "until-daylight"


def ud_cases() -> list[differential.Case]:
    from dieproof.reference.cli.oracle import witness_games

    g = game(UD)
    return vector_cases(vectors.generate(g, witnesses=witness_games(g)[0])) + random_game_cases(
        g, 1, 0
    )


def test_until_daylight_agrees_with_itself_through_the_referee() -> None:
    found = ud_cases()
    assert {case.name.split("/")[0] for case in found} >= {"example", "witness", "rejection"}
    report = differential.run(game(UD), InProcessAdapter(REFEREE.answer), found)
    assert report.ok, report.render()
    assert report.cases == len(found) and report.steps > 3000


def test_until_daylight_a_wrong_wound_names_the_enemies_rules() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        state = answer.get("result", {}).get("state") if answer["ok"] else None
        if state is not None and request["action"]["type"] == "roll" and state["wounds"][0]:
            state["wounds"][0] += 1
        return answer

    report = differential.run(game(UD), Perturbed("apply", change), ud_cases())
    divergence = report.divergence
    assert divergence is not None and divergence.kind == "state", report.render()
    assert "/wounds/0" in divergence.message
    assert divergence.rule is not None and divergence.rule.startswith("UD-")
    assert {"UD-ENEMY-5", "UD-ENEMY-10"} & set(divergence.rules), divergence.rules


# -- the command line -------------------------------------------------------------------------


def serve_command() -> str:
    return f"{sys.executable} -m dieproof.reference.cli serve"


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_the_command_against_dieproof_serve(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["differential", game_id, "--against", serve_command(), "--games", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    assert report["ok"] is True and report["divergence"] is None
    assert report["cases"] >= 60 and report["steps"] > 2000


def test_the_command_reads_vectors_from_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = game(SOD)
    vectors.write(vectors.generate(g, kinds=("rejection",)), tmp_path)
    code = main(
        ["differential", SOD, "--against", serve_command(), "--games", "0",
         "--vectors", str(tmp_path), "--quiet"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "OK" in out
    assert (
        main(
            [
                "differential",
                SOD,
                "--against",
                serve_command(),
                "--no-vectors",
                "--games",
                "0",
                "--configs",
                "0",
            ]
        )
        == 2
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["differential", SOD, "--against", serve_command(), "--vectors", str(empty)]) == 2


def test_the_command_with_a_missing_program(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["differential", SOD, "--against", "/no/such/adapter", "--games", "0"]) == 2
    assert "cannot start" in capsys.readouterr().err


# -- what a report says, and the parts that compare more ------------------------------------


def test_a_state_divergence_names_the_pointer_and_both_values() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["ok"]:
            sleeping = answer["result"]["state"]["sleeping"]
            sleeping[-1] = not sleeping[-1]
        return answer

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.pointer is not None
    assert divergence.pointer.startswith("/sleeping/")
    assert divergence.reference is False and divergence.other is True
    found = divergence.to_json()
    assert found["pointer"] == divergence.pointer
    assert f"at:        {divergence.pointer}" in divergence.render()


def test_a_legal_divergence_shows_the_first_differing_element() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        actions = answer["result"]["actions"]
        if len(actions) > 2:
            actions[1], actions[2] = actions[2], actions[1]
        return answer

    divergence = run(Perturbed("legal", change)).divergence
    assert divergence is not None and divergence.kind == "legal"
    assert divergence.pointer == "/1"
    assert isinstance(divergence.reference, dict) and isinstance(divergence.other, dict)
    assert divergence.reference != divergence.other


def test_a_refusals_rule_id_is_compared_unless_relaxed() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if not answer["ok"]:
            answer["error"]["rule"] = "SOD-NOT-THIS-ONE"
        return answer

    divergence = run(Perturbed("apply", change)).divergence
    assert divergence is not None and divergence.kind == "error-rule", divergence
    g = game(SOD)
    relaxed = differential.run(
        g, Perturbed("apply", change), cases(), options=differential.Options(rule_ids=False)
    )
    assert relaxed.ok, relaxed.render()
    declared = run(Perturbed("apply", change, {"error_rules": False}))
    assert declared.ok, declared.render()


def test_random_games_send_probes_and_they_are_compared() -> None:
    def accept_everything(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["ok"]:
            return answer
        return {"id": answer["id"], "ok": True, "result": {"state": request["state"]}}

    g = game(SOD)
    only_random = random_game_cases(g, 1, 0)
    agreeing = differential.run(g, InProcessAdapter(REFEREE.answer), only_random)
    assert agreeing.ok and agreeing.probes == agreeing.steps > 0
    # the random games themselves never play an illegal action: only the probes do
    silent = differential.run(
        g,
        Perturbed("apply", accept_everything),
        only_random,
        options=differential.Options(probes=0),
    )
    assert silent.ok, silent.render()
    caught = differential.run(g, Perturbed("apply", accept_everything), only_random)
    assert caught.divergence is not None and caught.divergence.probe
    assert caught.divergence.kind == "accepted"


def test_sampled_configurations_are_played() -> None:
    g = game(SOD)
    sampled = random_game_cases(g, 0, 0, sampled=8)
    assert len(sampled) == 8 and all("sampled" in case.name for case in sampled)
    configs = {json.dumps(case.config, sort_keys=True) for case in sampled}
    assert len(configs) == 8  # eight different boxes, players and readings
    report = differential.run(g, InProcessAdapter(REFEREE.answer), sampled)
    assert report.ok, report.render()


def test_a_projection_pointer_absent_on_both_sides_agrees() -> None:
    class Projecting(Adapter):
        def ask(self, requests: Sequence[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
            answers = []
            for request in requests:
                answer: dict[str, Any] = REFEREE.answer(json.loads(json.dumps(request)))
                if request.get("op") == "info":
                    answer["result"]["state"] = {"projection": ["/result/winners", "/phase"]}
                answers.append(answer)
            return answers

    report = run(Projecting())
    assert report.ok, report.render()


def test_the_reason_is_never_compared_even_inside_states() -> None:
    def change(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer["ok"] and answer["result"]["state"].get("result"):
            answer["result"]["state"]["result"]["reason"] = "in other words"
        return answer

    assert run(Perturbed("apply", change)).ok
