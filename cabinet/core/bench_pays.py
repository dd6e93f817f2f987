"""``cabinet bench math``'s pay-model part: exact par time and whole-game simulate rate of the
benchmark games of each pay model (tests/games/pays/: a 243-ways, a 117,649-way Megaways and a
7x7 cluster game, each with free spins). Numbers are printed, never asserted.

Targets (issue 31): exact par of the 243-ways game under 0.5 s and of the Megaways game
under 3 s; whole-game simulate of at least 1,000,000 rounds per second for ways, 500,000 for
Megaways and 200,000 for cluster, on one core.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from .bet import default_bet
from .loader import load_game
from .par import par
from .simulate import simulate
from .simulation.rng_arrays import derive_seeds
from .simulation.rounds import round_outcomes

GAMES = Path(__file__).resolve().parents[2] / "tests" / "games" / "pays"  # a checkout's (a wheel has none)
# game file stem -> (par target seconds, simulate target rounds per second)
TARGETS: dict[str, tuple[float | None, int]] = {
    "ways-243": (0.5, 1_000_000),
    "megaways-117649": (3.0, 500_000),
    "cluster-7x7": (None, 200_000),  # its par is an estimate by design (too many screens to enumerate)
}
ROUNDS = 500_000


def measure_pay_models(rounds: int = ROUNDS) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for stem, (par_target, rate_target) in TARGETS.items():
        path = GAMES / f"{stem}.yaml"
        if not path.is_file():
            continue
        defn = load_game(path)
        fresh = dataclasses.replace(defn)  # a copy: no cached tables, a cold par
        wall, cpu = time.perf_counter(), time.process_time()
        report = par(fresh) if par_target is not None else None
        par_wall, par_cpu = time.perf_counter() - wall, time.process_time() - cpu
        round_outcomes(defn, default_bet(defn), derive_seeds(1, 0, 1024))  # build the tables before timing
        wall, cpu = time.perf_counter(), time.process_time()
        sim = simulate(defn, rounds, 7, workers=1)
        sim_wall, sim_cpu = time.perf_counter() - wall, time.process_time() - cpu
        out.append({
            "game": defn.id,
            "pay_model": defn.pay_model.type,
            "par_seconds": None if report is None else round(par_wall, 3),
            "par_cpu_seconds": None if report is None else round(par_cpu, 3),
            "par_exact": None if report is None else report.exact,
            "par_rtp": None if report is None or report.total_rtp is None else float(report.total_rtp),
            "par_target_seconds": par_target,
            "rounds": rounds,
            "rounds_per_second": round(rounds / max(sim_wall, 1e-9)),
            "rounds_per_cpu_second": round(rounds / max(sim_cpu, 1e-9)),
            "rounds_target": rate_target,
            "scalar_rounds": sim.tally.scalar_rounds,
            "rtp": float(sim.rtp),
        })
    return out


def render(rows: list[dict[str, Any]]) -> list[str]:
    lines = []
    for g in rows:
        par_part = (f"exact par {g['par_cpu_seconds'] * 1000:.0f} ms CPU, {g['par_seconds'] * 1000:.0f} ms wall "
                    f"({'exact' if g['par_exact'] else 'with estimates'}, RTP {g['par_rtp']:.6f}; target < "
                    f"{g['par_target_seconds'] * 1000:,.0f} ms)" if g["par_seconds"] is not None
                    else "par: an estimate by design (not timed)")
        lines.append(
            f"{g['game']} ({g['pay_model']}): {par_part}; whole-game simulate {g['rounds_per_cpu_second']:,} rounds "
            f"per CPU-s, {g['rounds_per_second']:,} per wall-s (target >= {g['rounds_target']:,}); "
            f"{g['scalar_rounds']:,} of {g['rounds']:,} rounds by play_round; RTP {g['rtp']:.4f}"
        )
    return lines
