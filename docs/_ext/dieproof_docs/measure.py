"""``./dev plots``: measure what the docs plot, and commit the result.

Runs seeded random games of every configuration of every registered game (or of the
games named on the command line) and times every proof obligation once, then writes
``docs/data/<game-id>/simulation.json`` and ``proof-times.json`` (see
:mod:`dieproof_docs.data`). The games are seeded (seeds 0 to N-1 per configuration), so a
rerun on unchanged rules gives the same simulation file; the times differ run to run,
which is why they live in a file refreshed on purpose rather than in the build.

Usage: ``./dev plots [GAME ...] [--games N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence

from dieproof.reference import game, game_ids
from dieproof.reference.core.driver import play
from dieproof.reference.core.game import Game
from dieproof.reference.core.types import Config
from dieproof_docs.data import (
    FORMAT,
    ConfigRun,
    ProofTimes,
    SampleGame,
    Simulation,
    data_dir,
    dumps,
)

__all__ = ["GAMES_PER_CONFIG", "SAMPLE", "config_labels", "main", "sample_game", "simulate"]

GAMES_PER_CONFIG = 400
"""Seeded games per configuration (seeds 0 to 399)."""

SAMPLE = 3
"""Games per configuration kept in full, which a test replays."""


def config_labels(g: Game, configs: Sequence[Config]) -> list[str]:
    """A short label per configuration: the player count and whatever else varies
    among ``configs`` (``"3 players, birdhouse"``)."""
    dumped = [json.loads(g.dump_config(c)) for c in configs]
    varying = [
        key
        for key in dumped[0]
        if key != "players" and any(d.get(key) != dumped[0].get(key) for d in dumped)
    ]
    labels = []
    for config, plain in zip(configs, dumped, strict=True):
        parts = [f"{g.players(g.initial_state(config))} players"]
        parts += [_short(plain.get(key)) for key in varying]
        labels.append(", ".join(parts))
    return labels


def _short(value: object) -> str:
    if isinstance(value, str | int | bool) or value is None:
        return str(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def sample_game(g: Game, config: Config, seed: int) -> SampleGame:
    """One seeded random game, summarised."""
    playout = play(g, config, seed, check=False)
    rounds = getattr(playout.final, "round", None)
    return SampleGame(
        seed=seed,
        decisions=playout.decisions,
        rounds=rounds if isinstance(rounds, int) else None,
        winners=tuple(playout.result.winners),
        rule=playout.result.rule,
    )


def simulate(g: Game, games: int = GAMES_PER_CONFIG) -> Simulation:
    """``games`` seeded games of every configuration of ``g``."""
    configs = list(g.configs())
    runs: list[ConfigRun] = []
    for config, label in zip(configs, config_labels(g, configs), strict=True):
        players = g.players(g.initial_state(config))
        decisions: Counter[str] = Counter()
        rounds: Counter[str] = Counter()
        reasons: Counter[str] = Counter()
        wins = [0] * players
        nobody = 0
        sample: list[SampleGame] = []
        for seed in range(games):
            summary = sample_game(g, config, seed)
            if seed < SAMPLE:
                sample.append(summary)
            decisions[str(summary.decisions)] += 1
            if summary.rounds is not None:
                rounds[str(summary.rounds)] += 1
            reasons[summary.rule] += 1
            for winner in summary.winners:
                wins[winner] += 1
            nobody += not summary.winners
        runs.append(
            ConfigRun(
                label=label,
                players=players,
                games=games,
                decisions=dict(decisions),
                rounds=dict(rounds) if rounds else None,
                wins=tuple(wins),
                nobody=nobody,
                reasons=dict(reasons),
                sample=tuple(sample),
            )
        )
    return Simulation(format=FORMAT, game=g.id, games_per_config=games, configs=tuple(runs))


def proof_times(game_id: str) -> ProofTimes | None:
    """Every obligation of ``game_id``'s model, timed once; ``None`` without a model."""
    from dieproof import proofs

    if game_id not in proofs.proof_game_ids():
        return None
    report = proofs.prove(proofs.proofs_for(game_id).model)
    return ProofTimes(
        format=FORMAT,
        game=game_id,
        total=round(report.seconds, 4),
        obligations={r.id: round(r.seconds, 5) for r in report.obligations},
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev plots", description=__doc__.split("\n\n")[1])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument(
        "--games", dest="count", type=int, default=GAMES_PER_CONFIG, help="games per config"
    )
    args = parser.parse_args(argv)
    known = game_ids()
    wanted = args.games or list(known)
    unknown = [g for g in wanted if g not in known]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; known: {', '.join(known)}")
        return 2
    for game_id in wanted:
        out = data_dir(game_id)
        out.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        simulation = simulate(game(game_id), args.count)
        (out / "simulation.json").write_text(dumps(simulation), encoding="utf-8")
        print(
            f"{game_id}: {len(simulation.configs)} configs x {args.count} games "
            f"in {time.perf_counter() - start:.1f} s -> {out / 'simulation.json'}"
        )
        times = proof_times(game_id)
        if times is not None:
            (out / "proof-times.json").write_text(dumps(times), encoding="utf-8")
            print(f"{game_id}: {len(times.obligations)} proof times -> {out / 'proof-times.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
