"""The rules reference (DESIGN section 7), page by page: the generated text holds every
rule, open question and invariant id as a link target, the open questions show under
the rules they affect, the engineer's page has a proof verdict per obligation, and the
pages build under ``-W``.

The whole site is built, and opened in a real browser, by ``tests/test_docs_browser.py``.
Here the generator is tested directly: on the fixture game (with a tiny z3 model, proved,
refuted or missing), and on every real game's files; plus the pieces that feed them (the
observed phase machine, the committed simulation data and the plots, the figure modules).
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import msgspec
import pytest
import z3
from sphinx.cmd.build import build_main

from dieproof.proofs import ModelTerms, prove, refute_wrong
from dieproof.proofs.model import Goal, Model, Named, Property, Transition, Vars, WrongEncoding
from dieproof.proofs.traceability import build, model_kinds, scan_tests
from dieproof.reference import game, game_ids
from dieproof.reference.core.game import Component, GameBase, Rules
from dieproof.reference.core.types import Action, Config, Result, State
from dieproof.spec import GameSpec, SpecError, load, parse, spec_ids

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FIXTURE = TESTS / "fixtures" / "tiny-game.toml"
# The extension is a plain package beside the docs (Sphinx loads it from docs/_ext).
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from dieproof_docs import build as site  # noqa: E402
from dieproof_docs import code, engineer, measure, player  # noqa: E402
from dieproof_docs.context import GameContext, topics  # noqa: E402
from dieproof_docs.data import (  # noqa: E402
    ConfigRun,
    ProofTimes,
    SampleGame,
    Simulation,
    load_proof_times,
    load_simulation,
)
from dieproof_docs.figures import Dot, Figure, FigureError, Plot, game_figures, render  # noqa: E402
from dieproof_docs.machine import observe, phase_dot, phase_steps_dot, step_dot  # noqa: E402
from dieproof_docs.plots import cooperative, simulation_figures  # noqa: E402
from dieproof_docs.proofview import ProofView, load_proofs  # noqa: E402

VERDICTS = ("PROVED", "REFUTED", "UNKNOWN")


# -- the fixture game and a tiny model of it ---------------------------------------------------


@functools.cache
def tiny() -> GameSpec:
    return parse(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)


def burn(v: Vars, w: Vars) -> z3.BoolRef:
    return z3.And(v.num("wood") > 0, w.num("wood") == v.num("wood") - 1)


def unguarded_burn(v: Vars, w: Vars) -> z3.BoolRef:
    return w.num("wood") == v.num("wood") - 1


def tiny_model(*, broken: bool) -> Model:
    """The fixture's model; ``broken`` states the wood invariant as ``wood >= 1``, which
    burning the last wood refutes."""
    floor = 1 if broken else 0
    return Model(
        game="tiny-game",
        variables={"wood": "int"},
        init=lambda v: v.num("wood") == 3,
        invariants=(Named("TINY-INV-WOOD", "no negative wood", lambda v: v.num("wood") >= floor),),
        transitions=(Transition("burn", "one wood burns", burn),),
        properties=(
            Property(
                "TINY-INV-BURN", "wood never grows", lambda v, w: w.num("wood") <= v.num("wood")
            ),
        ),
        goals=(Goal("out", "the fire is out", lambda v: v.num("wood") == 0),),
        wrong=(
            WrongEncoding(
                "no-guard",
                "burns wood that is not there",
                lambda m: m.with_transition("burn", unguarded_burn),
            ),
        ),
    )


def tiny_context(variant: str, components: Sequence[Component] = ()) -> GameContext:
    spec = tiny()
    tests = {"TINY-SETUP-1": ["tests/test_tiny.py::test_setup"]}
    proofs: ProofView | str
    if variant == "missing":
        trace = build(spec, tests, source=None, model_ids=None, obligations=())
        proofs = "tiny-game has no proofs module yet."
    else:
        model = tiny_model(broken=variant == "refuted")
        report = prove(model)
        proofs = ProofView(model, ModelTerms.build(model), report, tuple(refute_wrong(model)))
        trace = build(
            spec, tests, source=None, model_ids=model_kinds(model), obligations=report.obligations
        )
    return GameContext(
        spec=spec,
        trace=trace,
        proofs=proofs,
        game=None,
        machine=None,
        components=tuple(components),
        simulation=None,
        times=None,
    )


def tiny_pages(variant: str, components: Sequence[Component] = ()) -> dict[str, str]:
    """Every page of the fixture game, by name."""
    ctx = tiny_context(variant, components)
    pages = {t.page: player.render_topic(ctx, t) for t in ctx.topics}
    pages["index"] = player.render_overview(ctx)
    pages["open-questions"] = player.render_open_questions(ctx)
    pages["questions"] = player.render_questions(ctx)
    pages["card"] = player.render_card(ctx, [("LIVES", "3", "Lives a player starts with.")])
    pages["engineering"] = engineer.render_engineering(ctx, code.canonical_names(ctx.spec))
    pages["proofs"] = engineer.render_proofs(ctx)
    return pages


def section(page: str, label: str) -> str:
    """The text from ``.. _label:`` to the next label."""
    start = page.index(f".. _{label}:")
    following = page.find("\n.. _", start + 1)
    return page[start : following if following != -1 else len(page)]


def assert_complete(spec: GameSpec, pages: dict[str, str]) -> None:
    """Every id is a link target exactly once, every rule has its row in the matrix, and
    every invariant shows a proof verdict per obligation, or says plainly that it has
    none."""
    text = "\n".join(pages.values())
    ids = [r.id for r in spec.rules] + [a.id for a in spec.ambiguities]
    for item in [*ids, *(i.id for i in spec.invariants)]:
        assert text.count(f"\n.. _{item}:\n") == 1, f"{item} is not a link target exactly once"
    for rule in spec.rules:
        assert f".. _trace-{rule.id}:" in pages["engineering"], rule.id
        assert f":ref:`engineer's view <trace-{rule.id}>`" in text, rule.id
    for invariant in spec.invariants:
        found = section(pages["proofs"], invariant.id)
        rows = re.findall(rf"``{re.escape(invariant.id)}/[^`]+``\n     - \**(\w+)", found)
        assert rows or "Not proven" in found or "does not encode" in found, invariant.id
        assert all(verdict in VERDICTS for verdict in rows), (invariant.id, rows)


# -- the fixture pages ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["proved", "refuted", "missing"])
def test_the_fixture_pages_have_every_id_and_verdict(variant: str) -> None:
    assert_complete(tiny(), tiny_pages(variant))


def test_rules_are_grouped_by_the_topic_of_their_ids() -> None:
    groups = topics(tiny())
    assert [(t.key, t.page, [r.id for r in t.rules]) for t in groups] == [
        ("SETUP", "rules-setup", ["TINY-SETUP-1"]),
        ("PLAY", "rules-play", ["TINY-PLAY-1", "TINY-PLAY-2"]),
    ]
    # A topic whose rules share one rulebook section is titled after it.
    assert [t.title for t in groups] == ["Setup", "Play: the *burn*"]


def test_a_topic_title_in_the_spec_wins_and_an_unknown_topic_is_refused() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace(
        'rulebook = "tiny-game.txt"', 'rulebook = "tiny-game.txt"\ntopics = { PLAY = "Playing" }'
    )
    assert [t.title for t in topics(parse(text, "x.toml"))] == ["Setup", "Playing"]
    with pytest.raises(SpecError, match="names 'NOPE', which no rule id uses"):
        parse(text.replace("PLAY = ", "NOPE = "), "x.toml")


def test_open_questions_show_under_the_rules_they_affect() -> None:
    pages = tiny_pages("proved")
    play = section(pages["rules-play"], "TINY-PLAY-1")
    assert ".. admonition:: Open question TINY-A1: Does the wood burn" in play
    assert "**The rulebook says:**" in play
    assert "**dieproof reads:** burn, then check (reading ``before``)." in play
    assert "**Selectable as** ``readings.burn`` in the game's config" in play
    assert "``after``: check, then burn." in play
    setup = section(pages["rules-setup"], "TINY-SETUP-1")
    assert "Open question TINY-A2" in setup
    assert "**Selectable as**" not in setup  # one reading only: nothing to select
    assert "TINY-A1" not in section(pages["rules-play"], "TINY-PLAY-2")


def test_the_open_questions_page_has_the_whole_log() -> None:
    log = section(tiny_pages("proved")["open-questions"], "TINY-A1")
    assert "``before`` (default)" in log
    assert "**Selected by** config field ``readings.burn``; **default** ``before``." in log
    assert "**Why:**" in log
    assert ":ref:`Burn one wood (TINY-PLAY-1) <TINY-PLAY-1>`" in log
    assert "**Selected by** not selectable" in section(
        tiny_pages("proved")["open-questions"], "TINY-A2"
    )


def test_a_proved_model_shows_its_formulas_and_proofs() -> None:
    page = tiny_pages("proved")["proofs"]
    wood = section(page, "TINY-INV-WOOD")
    assert "   wood >= 0\n" in wood
    assert "``TINY-INV-WOOD/consecution/burn``\n     - PROVED" in wood
    burn_property = section(page, "TINY-INV-BURN")
    assert "   wood' <= wood\n" in burn_property
    assert "``TINY-INV-BURN/property/burn``\n     - PROVED" in burn_property
    assert "   And(wood > 0, wood' == wood - 1)\n" in page  # the transition
    assert "``no-guard``" in page
    assert "1 of 1 deliberately wrong encodings refuted" in page


def test_measured_times_come_from_the_committed_file_never_from_the_build() -> None:
    """Proving again must not change the page: the times shown are the file's."""
    ctx = tiny_context("proved")
    ctx.times = ProofTimes(
        format=1,
        game="tiny-game",
        total=0.5,
        obligations={"TINY-INV-WOOD/consecution/burn": 0.0123},
    )
    page = engineer.render_proofs(ctx)
    wood = section(page, "TINY-INV-WOOD")
    assert "``TINY-INV-WOOD/consecution/burn``\n     - PROVED\n     - 12.3 ms" in wood
    assert "``TINY-INV-WOOD/init``\n     - PROVED\n     - not measured" in wood
    again = tiny_context("proved")
    again.times = ctx.times
    assert engineer.render_proofs(again) == page


def test_a_refuted_proof_shows_its_counterexample() -> None:
    wood = section(tiny_pages("refuted")["proofs"], "TINY-INV-WOOD")
    assert "``TINY-INV-WOOD/consecution/burn``\n     - **REFUTED**" in wood
    assert ":Proved: **no**" in wood
    assert re.search(r"\*\s+wood\s+1\s+0\n", wood), wood  # the step from 1 wood to 0


def test_a_game_without_a_proofs_module_is_a_sentence_not_an_error() -> None:
    assert load_proofs("no-such-game") == (
        "no-such-game has no proofs module yet: none of its invariants is proven."
    )
    page = tiny_pages("missing")["engineering"]
    assert ".. attention::\n\n   tiny-game has no proofs module yet." in page
    assert "Proofs: none yet." in page


def test_the_matrix_links_code_tests_and_invariants() -> None:
    page = tiny_pages("proved")["engineering"]
    matrix = page[page.index("Traceability matrix") :]
    assert ":ref:`TINY-PLAY-1 <TINY-PLAY-1>`" in matrix
    assert "``spec.no_such_function`` (**does not resolve**)" not in matrix  # not reference.
    assert "``dieproof.spec.no_such_function`` (**does not resolve**)" in matrix
    assert "``test_tiny::test_setup``" in matrix
    assert "TINY-PLAY-2: no test is marked" in matrix
    assert ":class: matrix" in matrix  # the class that gives it its own scroll box


def test_specification_text_is_escaped() -> None:
    pages = tiny_pages("proved")
    assert "\nTiny \\*Fire\\* Game\n===" in pages["index"]
    assert "some wood\\_ and a \\|substitution\\|" in pages["index"]
    assert "\\.. not a comment, and \\`not a link\\`\\_ either." in pages["index"]
    assert "- 1\\. one wood burns;" in pages["rules-play"]  # a numbered step stays one bullet


def test_components_are_listed_by_source_with_the_provisional_ones_marked() -> None:
    assert "does not list its components yet" in tiny_pages("proved")["index"]
    index = tiny_pages(
        "proved",
        [
            Component("the wood pile", "rulebook", "Setup", ("3 logs",)),
            Component("the spark die", "provisional", "TINY-A2", ("1 spark", "5 blanks")),
        ],
    )["index"]
    provisional = index[index.index("Provisional: dieproof's placeholders") :]
    assert ":class: provisional" in provisional
    assert "**the spark die** :badge:`provisional`" in provisional
    assert "Source: :ref:`TINY-A2 <TINY-A2>`" in provisional
    assert "- 5 blanks" in provisional
    assert "**the wood pile** :badge:`printed`" in index
    assert index.index("Provisional:") < index.index("Printed in the rulebook")


def test_the_card() -> None:
    pages = tiny_pages("proved")
    card = pages["card"]
    assert ".. container:: quickref" in card
    assert ":ref:`Burn one wood <TINY-PLAY-1>`" in card
    assert "``3`` Lives a player starts with." in card
    assert ":ref:`TINY-A1 <TINY-A1>` burn, then check" in card  # the default of a selectable
    assert ":ref:`Burn one wood <TINY-PLAY-1>`: Each turn:" in card  # its first sentence
    assert ".. rubric:: Every rule" not in card


def test_a_card_with_too_much_to_summarise_lists_the_titles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(player, "CARD_BUDGET", 10)
    card = player.render_card(tiny_context("proved"), [])
    assert ".. rubric:: Every rule" in card
    assert "**Play: the \\*burn\\***: :ref:`Burn one wood <TINY-PLAY-1>` · " in card


def test_the_index_of_questions() -> None:
    questions = tiny_pages("proved")["questions"]
    assert "Does the wood burn before or after the check? → :ref:`Burn one wood" in questions
    a_to_z = questions[questions.index("Every rule, A to Z") :]
    order = [a_to_z.index(t) for t in ("Burn one wood", "Nothing else", "Start with three")]
    assert order == sorted(order)


def test_no_simulation_says_how_to_make_one() -> None:
    assert "``./dev plots tiny-game``" in tiny_pages("proved")["index"]


# -- building pages with -W -----------------------------------------------------------------


def sphinx_build(tmp_path: Path, pages: dict[str, str]) -> str:
    """Build ``pages`` (name -> reStructuredText) with ``-W`` and the extension's markup
    (its domain and roles, not its generator); return the warnings."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "import dieproof_docs\n"
        'project = "t"\nexclude_patterns = ["_build"]\n'
        "def setup(app):\n    dieproof_docs.setup_markup(app)\n"
    )
    if "index" not in pages:
        toctree = "".join(f"   {name}\n" for name in pages)
        pages = {**pages, "index": f"Index\n=====\n\n.. toctree::\n\n{toctree}"}
    for name, text in pages.items():
        (source / f"{name}.rst").write_text(text, encoding="utf-8")
    warnings = tmp_path / "warnings.txt"
    doctrees, html = tmp_path / "doctrees", tmp_path / "html"
    options = ["-W", "--keep-going", "-q", "-w", str(warnings), "-b", "html", "-d", str(doctrees)]
    status = build_main([*options, str(source), str(html)])
    text = warnings.read_text() if warnings.exists() else ""
    assert status == 0 or text, "sphinx-build failed without a warning"
    return text


@pytest.mark.parametrize("variant", ["proved", "refuted", "missing"])
def test_the_fixture_pages_build_without_warnings(tmp_path: Path, variant: str) -> None:
    components = [Component("the spark die", "provisional", "TINY-A2", ("1 spark",))]
    # The overview is the index: its toctree lists the other pages.
    assert sphinx_build(tmp_path, tiny_pages(variant, components)) == ""


def test_write_touches_only_changed_files_and_removes_stale_ones(tmp_path: Path) -> None:
    first = {"generated/a.rst": "A\n", "generated/g/b.rst": "B\n", "generated/g/img/c.svg": "C"}
    assert site.write(tmp_path, first) == list(first)
    second = {"generated/a.rst": "A\n", "generated/g/d.rst": "D\n"}
    assert site.write(tmp_path, second) == ["generated/g/d.rst"]
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert left == ["generated", "generated/a.rst", "generated/g", "generated/g/d.rst"]


# -- the real games --------------------------------------------------------------------------


@functools.cache
def game_files(game_id: str) -> tuple[dict[str, str], site.GameRow, list[str]]:
    return site.build_game(game_id, scan_tests(TESTS), wrong=False)


def pages_of(game_id: str) -> dict[str, str]:
    files, _, _ = game_files(game_id)
    prefix = f"generated/{game_id}/"
    return {
        path.removeprefix(prefix).removesuffix(".rst"): text
        for path, text in files.items()
        if path.endswith(".rst")
    }


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_game_has_every_page_id_and_verdict(game_id: str) -> None:
    _, _, problems = game_files(game_id)
    assert problems == []
    pages = pages_of(game_id)
    assert_complete(load(game_id), pages)
    for name in ("index", "open-questions", "questions", "card", "engineering", "proofs"):
        assert name in pages, name
    for topic in topics(load(game_id)):
        assert all(f".. _{r.id}:" in pages[topic.page] for r in topic.rules)


@pytest.mark.parametrize("game_id", spec_ids())
def test_every_figure_is_an_image_file_with_alt_text(game_id: str) -> None:
    files, _, _ = game_files(game_id)
    pages = pages_of(game_id)
    shown = [
        (name, match)
        for name, text in pages.items()
        for match in re.finditer(r"\.\. figure:: (\S+)\n   :alt: (.+)\n", text)
    ]
    svgs = {p for p in files if p.endswith(".svg")}
    assert {f"generated/{game_id}/{m.group(1)}" for _, m in shown} == svgs
    for _, match in shown:
        assert len(match.group(2)) > 20, match.group(0)
        assert files[f"generated/{game_id}/{match.group(1)}"].lstrip().startswith(("<?xml", "<svg"))
    if game_id in game_ids():
        overview = pages["index"]
        assert f"img/{game_id}-machine-phases.svg" in overview
        assert f"img/{game_id}-machine-phase-" in overview
        assert f"img/{game_id}-machine-steps.svg" in pages["engineering"]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_page_shows_its_plots_and_provisional_components(game_id: str) -> None:
    overview = pages_of(game_id)["index"]
    for name in ("sim-length", "sim-wins", "sim-endings"):
        assert f"img/{game_id}-{name}.svg" in overview, f"{game_id}: run ./dev plots {game_id}"
    g = game(game_id)
    for component in g.provisional(g.default_config()):
        assert f"**{component.name}** :badge:`provisional`" in overview


def test_the_own_figures_land_where_they_belong() -> None:
    sod = pages_of("squirrel-or-die")
    assert "-placement.svg" in section(sod["rules-autumn"], "SOD-AUTUMN-1")
    assert "-start-grid.svg" in section(sod["rules-setup"], "SOD-SETUP-2")
    ud = pages_of("until-daylight")
    assert "-line-of-enemies.svg" in section(ud["rules-combat"], "UD-COMBAT-7")
    assert "-damage-order.svg" in section(ud["rules-enemy"], "UD-ENEMY-5")
    assert "-rounds.svg" in ud["rules-round"]


def test_the_damage_order_is_the_references() -> None:
    figure = next(f for f in game_figures(game("until-daylight")) if f.name == "damage-order")
    order = "a survivor in the area then a barricade then a protection card then the character"
    assert order in figure.alt


# -- the phase machine ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_the_machine_is_the_references_own(game_id: str) -> None:
    machine = observe(game(game_id), seeds=2)
    assert machine.structured, f"{game_id}: its state has no phase or step"
    keys = {n.key for n in machine.nodes}
    assert machine.start in keys
    assert any(n.who == "end" for n in machine.nodes)
    assert all(e.source in keys and e.target in keys for e in machine.edges)
    for node in machine.nodes:
        if node.who != "end":
            assert node.doc, f"{game_id}: step {node.key} has no docstring under its member"
    dot = step_dot(machine)
    assert dot.count(" -> ") >= len(machine.edges)
    assert render(Dot(phase_dot(machine))).lstrip().startswith(("<?xml", "<svg"))
    for phase in machine.phases:
        one = phase_steps_dot(machine, phase.value)
        inside = [n for n in machine.steps_of(phase.value) if n.who != "end"]
        assert one.count("fillcolor=") == len(inside), phase.value
        assert render(Dot(one)).lstrip().startswith(("<?xml", "<svg"))


def test_the_machine_of_squirrel_or_die() -> None:
    machine = observe(game("squirrel-or-die"), seeds=2)
    steps = {n.key: n for n in machine.nodes}
    assert machine.start == ("setup", "deal")
    assert steps[("autumn", "draw")].who == "chance"
    assert steps[("autumn", "place")].who == "player"
    assert "SOD-AUTUMN-1" in steps[("autumn", "place")].rules
    pairs = {(e.source, e.target) for e in machine.edges}
    assert (("autumn", "draw"), ("autumn", "place")) in pairs
    assert (("winter", "flip"), ("over", "none")) in pairs
    assert [p.value for p in machine.phases] == ["setup", "autumn", "winter", "over"]


class CountConfig(Config, frozen=True):
    players: int = 1


class CountState(State, frozen=True):
    n: int = 0
    coin: bool = False


class Up(Action, frozen=True, tag="up"):
    pass


class Flip(Action, frozen=True, tag="flip"):
    heads: bool


def test_a_game_without_phase_or_step_gets_the_flow_of_its_actions() -> None:
    """A made-up game: a coin is flipped (chance), then a player counts up, three times."""
    count: GameBase[CountConfig, CountState, Up | Flip] = GameBase(
        id="count",
        title="Count",
        prefix="CNT",
        config_type=CountConfig,
        state_type=CountState,
        action_types=(Up, Flip),
        rules=Rules(
            default_config=lambda players: CountConfig(),
            configs=lambda: (CountConfig(),),
            initial_state=lambda config: CountState(),
            to_move=lambda s: -2 if s.n == 3 else (0 if s.coin else -1),
            legal_actions=lambda s: (Up(),),
            chance_outcomes=lambda s: ((Flip(True), Fraction(1, 2)), (Flip(False), Fraction(1, 2))),
            apply=lambda s, a: (
                msgspec.structs.replace(s, coin=True)
                if isinstance(a, Flip)
                else msgspec.structs.replace(s, n=s.n + 1, coin=False)
            ),
            result=lambda s: Result((0,), "counted", "CNT-END-1") if s.n == 3 else None,
            invariants=lambda s: (),
            players=lambda s: 1,
            config_of=lambda s: CountConfig(),
        ),
    )
    machine = observe(count, seeds=2)
    assert not machine.structured
    assert {n.key for n in machine.nodes} == {("", "flip"), ("", "up"), ("", "end")}
    assert {(e.source[1], e.target[1]) for e in machine.edges} == {
        ("flip", "up"),
        ("up", "flip"),
        ("up", "end"),
    }
    assert machine.start == ("", "flip")
    assert "->" in step_dot(machine)


# -- measured data and plots -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_the_committed_simulation_matches_the_rules(game_id: str) -> None:
    """The first games of every configuration replay as committed; otherwise the rules
    changed under the plots: run ``./dev plots GAME`` and commit docs/data."""
    simulation = load_simulation(game_id)
    assert simulation is not None, f"no docs/data/{game_id}/simulation.json: ./dev plots"
    g = game(game_id)
    configs = list(g.configs())
    assert [c.label for c in simulation.configs] == measure.config_labels(g, configs)
    for config, run in zip(configs, simulation.configs, strict=True):
        assert sum(run.decisions.values()) == run.games == simulation.games_per_config
        assert sum(run.reasons.values()) == run.games
        for sample in run.sample:
            assert measure.sample_game(g, config, sample.seed) == sample, (
                f"{game_id} {run.label} seed {sample.seed} ends differently now: ./dev plots"
            )


@pytest.mark.parametrize("game_id", game_ids())
def test_proof_times_are_committed_for_every_obligation(game_id: str) -> None:
    view = load_proofs(game_id, wrong=False)
    times = load_proof_times(game_id)
    if isinstance(view, str):  # no proofs yet: nothing to time, and no stale times
        assert times is None, view
        return
    assert times is not None, f"no docs/data/{game_id}/proof-times.json: ./dev plots"
    missing = {r.id for r in view.report.obligations} - set(times.obligations)
    assert not missing, f"not measured (./dev plots {game_id}): {sorted(missing)[:5]}"


def fake_simulation(wins: Sequence[tuple[int, ...]]) -> Simulation:
    sample = (SampleGame(0, 10, None, (0,), "X-END-1"),)
    runs = tuple(
        ConfigRun(
            label=f"{len(w)} players",
            players=len(w),
            games=10,
            decisions={"10": 5, "20": 5},
            rounds={"1": 3, "2": 7},
            wins=w,
            nobody=10 - max(w),
            reasons={"X-END-1": 7, "X-END-2": 3},
            sample=sample,
        )
        for w in wins
    )
    return Simulation(format=1, game="x", games_per_config=10, configs=runs)


def test_plots_carry_their_numbers_in_the_alt_text() -> None:
    competitive = fake_simulation([(6, 4), (3, 3, 4)])
    assert not cooperative(competitive)
    figures = {f.name: f for f in simulation_figures(competitive, {"X-END-1": "Last one"})}
    assert "2 players: 15" in figures["sim-length"].alt  # the median of 5x10 and 5x20
    assert "2 players: seat 1 60 %, seat 2 40 %" in figures["sim-wins"].alt
    assert "X-END-1 70 %, X-END-2 30 %" in figures["sim-endings"].alt
    for figure in figures.values():
        svg = render(figure.image)
        assert svg.lstrip().startswith("<?xml") and "<dc:date>" not in svg
        assert svg == render(figure.image)  # the same picture every build
    together = fake_simulation([(7, 7, 7)])
    assert cooperative(together)
    alt = simulation_figures(together, {})[1].alt
    assert alt == "Bar chart of how often the group won, per configuration: 3 players: 70.0 %."


def test_figures_refuse_a_bad_name_or_no_alt_text() -> None:
    image = Plot(lambda figure: None)
    with pytest.raises(FigureError, match="must match"):
        Figure(name="Bad Name", alt="x", caption="", image=image)
    with pytest.raises(FigureError, match="no alt text"):
        Figure(name="ok", alt="  ", caption="", image=image)
    with pytest.raises(FigureError, match="dot failed"):
        render(Dot("digraph { this is not dot"))


def test_the_config_labels_name_what_varies() -> None:
    g = game("squirrel-or-die")
    labels = measure.config_labels(g, list(g.configs()))
    assert labels[:3] == ["2 players, basic", "2 players, birdhouse", "2 players, reverse"]
    ud = game("until-daylight")
    assert measure.config_labels(ud, list(ud.configs())) == [f"{n} players" for n in range(3, 7)]


def test_the_site_cache_key_changes_with_a_games_inputs(tmp_path: Path) -> None:
    """A cached game is reused only while none of its inputs changed."""
    data = tmp_path / "data.json"
    data.write_text("1")
    first = site._digest([data], "tests")
    assert first == site._digest([data], "tests")
    assert first != site._digest([data], "other tests")
    data.write_text("2")
    assert first != site._digest([data], "tests")
    assert json.loads(data.read_text()) == 2
