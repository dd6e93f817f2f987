"""``cabinet bench tumbles``: simulate's rounds per second on tumbling games, the lockstep batch
player (``core/pays/tumble_batch.py``) against the ``play_round`` path it replaced, on one core.

Games: the two benchmark games of a checkout (``tests/games/tumble/``: a 6x5 pay-anywhere game
with tumbles, multiplier symbols and free spins, and a 7x7 cluster game with tumbles and cell
multipliers kept through free spins), and every shipped game with a tumble block. For each:

- batch: ``simulate`` on one worker (``ROUNDS`` rounds, its default shard size), by wall and
  CPU time, with how many rounds it still left to ``play_round``;
- play_round: the lean ``play_round`` (what simulate ran for every tumbling round before) on
  ``SCALAR_ROUNDS`` of the same rounds, by CPU time;
- their ratio. Target (issue 32): at least 200,000 rounds per second on one core.

``--par``: instead, the CPU seconds of ``cabinet par`` to each shipped tumble game's
``par_precision`` (issue 32: under 10 s), cold and warm, with the half-width it reached.

Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from .bet import default_bet
from .definition import Definition
from .loader import load_game, resolve_game
from .simulate import simulate
from .simulation.rng_arrays import derive_seeds
from .simulation.rounds import lean_round, round_outcomes

BENCH_GAMES = Path(__file__).resolve().parents[2] / "tests" / "games" / "tumble"  # a checkout's (a wheel has none)
BENCH_STEMS = ("tumble-anywhere-6x5", "tumble-cluster-7x7")
ROUNDS = 1_000_000
SCALAR_ROUNDS = 5_000
TARGET = 200_000
PAR_SECONDS = 10.0  # issue 32: par of a shipped tumble game to its par_precision in under 10 s of CPU


def tumble_games(game: str = "") -> list[Definition]:
    """The games measured: ``game`` alone when given, else the benchmark and shipped tumble games."""
    if game:
        return [load_game(resolve_game(game))]
    from ..paths import games_dir

    out = [load_game(BENCH_GAMES / f"{stem}.yaml") for stem in BENCH_STEMS if (BENCH_GAMES / f"{stem}.yaml").is_file()]
    for path in sorted(games_dir().glob("*.yaml")):
        defn = load_game(resolve_game(path))
        if any(f.type == "tumble" for f in defn.features):
            out.append(defn)
    return out


def measure(defn: Definition, rounds: int = ROUNDS, scalar_rounds: int = SCALAR_ROUNDS) -> dict[str, Any]:
    bet = default_bet(defn)
    round_outcomes(defn, bet, derive_seeds(1, 0, 1024))  # build the tables before timing
    wall, cpu = time.perf_counter(), time.process_time()
    report = simulate(defn, rounds, 7, workers=1)
    batch_wall, batch_cpu = time.perf_counter() - wall, time.process_time() - cpu
    cpu = time.process_time()  # the lockstep player alone: simulate's report (tallies, top wins) left out
    round_outcomes(defn, bet, derive_seeds(7, 0, rounds))
    player_cpu = time.process_time() - cpu
    seeds = derive_seeds(7, 0, scalar_rounds).tolist()
    cpu = time.process_time()
    for seed in seeds:
        lean_round(defn, bet, int(seed))
    scalar_cpu = time.process_time() - cpu
    batch_rate = rounds / max(batch_cpu, 1e-9)
    scalar_rate = scalar_rounds / max(scalar_cpu, 1e-9)
    tumble = next((f for f in defn.features if f.type == "tumble"), None)
    rules = [] if tumble is None else [name for name in ("multiplier_symbols", "cell_multipliers")
                                       if getattr(tumble, name, None) is not None]
    return {
        "game": defn.id,
        "pay_model": defn.pay_model.type,
        "grid": f"{defn.grid.reels}x{defn.grid.rows}",
        "rules": rules,
        "features": sorted(report.tally.features),
        "rounds": rounds,
        "rounds_per_cpu_second": round(batch_rate),
        "player_rounds_per_cpu_second": round(rounds / max(player_cpu, 1e-9)),
        "rounds_per_second": round(rounds / max(batch_wall, 1e-9)),
        "scalar_rounds": report.tally.scalar_rounds,
        "play_round_rounds": scalar_rounds,
        "play_round_per_cpu_second": round(scalar_rate),
        "speed_up": round(batch_rate / max(scalar_rate, 1e-9), 1),
        "target": TARGET,
        "rtp": float(report.rtp),
    }


def render(row: dict[str, Any]) -> str:
    rules = " + ".join(["tumbles", *row["rules"], *row["features"]])
    return (f"{row['game']} ({row['grid']} {row['pay_model']}: {rules}): batch {row['rounds_per_cpu_second']:,} "
            f"rounds per CPU-s in simulate, {row['player_rounds_per_cpu_second']:,} by the lockstep player alone "
            f"(target >= {row['target']:,}), {row['rounds_per_second']:,} per wall-s, "
            f"{row['scalar_rounds']:,} of {row['rounds']:,} rounds by play_round; play_round path "
            f"{row['play_round_per_cpu_second']:,} rounds per CPU-s; x{row['speed_up']:,}; RTP {row['rtp']:.4f}")


def measure_par(defn: Definition) -> dict[str, Any]:
    """``cabinet par``'s estimate of a tumble game to its ``par_precision`` (issue 32: under 10 s
    of CPU): CPU seconds cold (a fresh definition: its exact parts computed too) and warm (the
    exact parts kept on the definition: the estimate alone), the half-width reached and the total."""
    import dataclasses

    from .par import par_to_precision
    from .value import Z95, Estimate

    fresh = dataclasses.replace(defn)
    half = fresh.par_precision or Fraction(1, 100)
    cpu = time.process_time()
    par_to_precision(fresh, half_width=half)
    cold = time.process_time() - cpu
    cpu = time.process_time()
    report = par_to_precision(fresh, half_width=half)
    warm = time.process_time() - cpu
    total = report.total
    reached = Z95 * total.std_error if isinstance(total, Estimate) else 0.0
    return {"game": defn.id, "par_precision": float(half), "half_width": reached,
            "total": None if total is None else total.mean, "published": float(defn.rtp),
            "method": getattr(total, "method", "exact"), "cpu_seconds_cold": round(cold, 2),
            "cpu_seconds_warm": round(warm, 2), "target_seconds": PAR_SECONDS}


def render_par(row: dict[str, Any]) -> str:
    total = "unknown" if row["total"] is None else f"{row['total'] * 100:.3f}%"
    return (f"{row['game']}: par to +-{row['par_precision'] * 100:g} points in {row['cpu_seconds_cold']} CPU-s cold, "
            f"{row['cpu_seconds_warm']} warm (the estimate alone; target < {row['target_seconds']:g}): total {total} "
            f"+- {row['half_width'] * 100:.3f} (published {row['published'] * 100:.2f}%; {row['method']})")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "par", False):
        games = [d for d in tumble_games(getattr(args, "game", "") or "") if d.source and BENCH_GAMES not in
                 Path(d.source).parents] if not getattr(args, "game", "") else tumble_games(args.game)
        par_rows = [measure_par(defn) for defn in games]
        if getattr(args, "json", False):
            print(json.dumps({"tumble_par": par_rows}))
        else:
            for row in par_rows:
                print(render_par(row))
        return 0
    rounds = getattr(args, "spins", 0) or ROUNDS
    rows = [measure(defn, rounds) for defn in tumble_games(getattr(args, "game", "") or "")]
    if getattr(args, "json", False):
        print(json.dumps({"tumbles": rows}))
        return 0
    for row in rows:
        print(render(row))
    return 0
