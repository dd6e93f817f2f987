"""``cabinet bench math``: how fast the exact math and the simulator are (numbers only).

- par: the exact RTP and hit rate of a 5x3, 20-line game with 100-stop strips, built
  here from classic's symbols, lines and pays (target: under 0.5 s);
- simulate: base-game spins per second of the numpy batch path on one core, and of a
  plain pure-Python loop (``play_round`` per spin) over the same rounds, measured in
  the same run, and their ratio (target: at least 5,000,000 spins/s);
- a plain-C yardstick (``bench_c.py``): the same base work in a small C loop compiled at
  bench time (when the machine has a C compiler), and the numpy base rate as a fraction of
  it, both by CPU time in the same run (target: at least a third);
- the lean ``play_round`` (no events, no respin offer: what simulate hands the rounds
  no batch plan covers) on the same game (target: at least 40,000 rounds/s on one core);
- every shipped game: whole-game simulate rounds per second on one core, features
  played by the batch stages, the batch player or ``play_round`` (target: 1,000,000;
  500,000 for the two feature-rich games), the share left to ``play_round``, and a
  cold ``par`` as ``cabinet par`` runs it (to the game's ``par_precision`` when it has
  one), by wall and CPU time (target: 0.1 s for classic, 0.5 s for the other exact
  games, 3 s where par estimates a part).

Every rate is given by wall time and by CPU time (``time.process_time``: this process
alone), so a loaded machine shows as a gap between the two rather than hiding a result.
Timings are printed, never asserted (tests run on shared machines).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from .bet import default_bet
from .definition import Definition
from .loader import load_game
from .par import par, par_to_precision
from .rng import Rng
from .simulate import scalar_simulate, simulate
from .simulation.rng_arrays import derive_seeds
from .simulation.rounds import lean_round, round_outcomes

STOPS = 100
DEFAULT_SPINS = 2_000_000
PYTHON_SPINS = 20_000


def bench_game(base: Definition | None = None, stops: int = STOPS, seed: int = 2024) -> Definition:
    """A base-game-only 5x3 20-line game with ``stops``-stop strips: classic's symbols,
    lines and pays, each strip a shuffled multiset in the proportions of classic's
    strip for that reel. Deterministic (seeded)."""
    base = base or load_game("classic")
    rng = Rng(seed)
    strips = []
    for strip in base.reels["base"]:
        counts = Counter(strip)
        scaled = {sid: max(1, round(n * stops / len(strip))) for sid, n in counts.items()}
        items = [sid for sid, n in sorted(scaled.items()) for _ in range(n)]
        while len(items) > stops:  # trim the most common symbol until the length is right
            items.remove(Counter(items).most_common(1)[0][0])
        while len(items) < stops:
            items.append(Counter(items).most_common()[-1][0])
        order = rng.shuffle_indices(len(items))
        strips.append(tuple(items[i] for i in order))
    return dataclasses.replace(
        base, id="bench100", name="Bench 100", reels={"base": tuple(strips)}, features=(), scenarios=()
    )


def _best_of(runs: int, fn: Any) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


class _Clock:
    """Wall time and this process's CPU time of a block of work."""

    def __enter__(self) -> _Clock:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu

    def rates(self, count: int) -> tuple[int, int]:
        """``count`` per second by wall time and by CPU time."""
        return round(count / max(self.wall, 1e-9)), round(count / max(self.cpu, 1e-9))


def measure(spins: int = DEFAULT_SPINS, python_spins: int = PYTHON_SPINS, game: str = "") -> dict[str, Any]:
    defn = load_game(game) if game else bench_game()
    par_seconds = _best_of(3, lambda: par(dataclasses.replace(defn)))  # a copy: no cached tables, a cold par
    report = par(defn)

    bet = default_bet(defn)
    round_outcomes(defn, bet, derive_seeds(1, 0, 1024))  # build the tables before timing
    with _Clock() as numpy_clock:
        sim = simulate(defn, spins, 1, workers=1)

    python_spins = min(python_spins, spins)
    with _Clock() as python_clock:
        scalar = scalar_simulate(defn, python_spins, 1, bet)
    numpy_rate, numpy_cpu_rate = numpy_clock.rates(spins)
    python_rate, python_cpu_rate = python_clock.rates(python_spins)
    lean_seeds = [int(s) for s in derive_seeds(3, 0, python_spins)]
    with _Clock() as lean_clock:
        for s in lean_seeds:
            lean_round(defn, bet, s)
    lean_rate, lean_cpu_rate = lean_clock.rates(len(lean_seeds))
    c_line = c_yardstick(defn, spins)
    return {
        "c_yardstick": c_line,
        "game": defn.id,
        "strip_stops": [len(s) for s in defn.reels["base"]],
        "lines": len(defn.lines),
        "features": [f.type for f in defn.features],
        "par_seconds": round(par_seconds, 4),
        "par_base_rtp": float(report.base_rtp),
        "par_hit_rate": None if report.hit_rate is None else float(report.hit_rate),
        "simulate_spins": spins,
        "simulate_seconds": round(numpy_clock.wall, 4),
        "simulate_cpu_seconds": round(numpy_clock.cpu, 4),
        "numpy_spins_per_second": numpy_rate,
        "numpy_spins_per_cpu_second": numpy_cpu_rate,
        "python_spins": python_spins,
        "python_seconds": round(python_clock.wall, 4),
        "python_cpu_seconds": round(python_clock.cpu, 4),
        "python_spins_per_second": python_rate,
        "python_spins_per_cpu_second": python_cpu_rate,
        "speedup": round(numpy_rate / max(python_rate, 1), 1),
        "cpu_speedup": round(numpy_cpu_rate / max(python_cpu_rate, 1), 1),
        "lean_rounds_per_second": lean_rate,
        "lean_rounds_per_cpu_second": lean_cpu_rate,
        "simulate_rtp": float(sim.rtp),
        "python_rtp": scalar.win_sum / (python_spins * bet.total),
    }


GAME_ROUNDS = 500_000  # whole-game simulate per shipped game
# simulate rounds/s per game where its issue set its own target
ROUND_TARGETS: dict[str, int] = {"happy-lucky-slot": 500_000, "halloween-wins-3": 500_000}
DEFAULT_ROUND_TARGET = 1_000_000
# cold par seconds: classic's own target, else by whether par estimates a part
PAR_TARGETS: dict[str, float] = {"classic": 0.1}
EXACT_PAR_TARGET = 0.5
ESTIMATE_PAR_TARGET = 3.0  # to the game's par_precision, on one core
BASE_TARGET = 5_000_000  # base spins/s of the numpy path
LEAN_TARGET = 40_000  # lean play_round rounds/s


def measure_games(rounds: int = GAME_ROUNDS) -> list[dict[str, Any]]:
    """Whole-game simulate (features included) and a cold par, per shipped game."""
    from ..paths import games_dir
    from .loader import resolve_game

    out = []
    for path in sorted(games_dir().glob("*.yaml")):
        defn = load_game(resolve_game(path))
        fresh = dataclasses.replace(defn)  # a copy: no cached tables, a cold par
        with _Clock() as par_clock:
            report = (par_to_precision(fresh, half_width=fresh.par_precision) if fresh.par_precision
                      else par(fresh))
        round_outcomes(defn, default_bet(defn), derive_seeds(1, 0, 1024))  # build the tables before timing
        with _Clock() as clock:
            sim = simulate(defn, rounds, 7, workers=1)
        wall_rate, cpu_rate = clock.rates(rounds)
        out.append(
            {
                "game": defn.id,
                "rounds": rounds,
                "rounds_per_second": wall_rate,
                "rounds_per_cpu_second": cpu_rate,
                "scalar_rounds": sim.tally.scalar_rounds,
                "feature_rounds": sum(n for n, _ in sim.tally.features.values()),
                "rtp": float(sim.rtp),
                "par_seconds": round(par_clock.wall, 3),
                "par_cpu_seconds": round(par_clock.cpu, 3),
                "par_exact": report.exact,
                "par_target_seconds": PAR_TARGETS.get(
                    defn.id, EXACT_PAR_TARGET if report.exact else ESTIMATE_PAR_TARGET),
            }
        )
    return out


C_SPINS_PER_NUMPY_SPIN = 10  # the C loop is faster: more spins keep its timing above the clock's grain
C_TARGET = Fraction(1, 3)  # the numpy base path's share of the C loop's rate


def c_yardstick(defn: Definition, spins: int) -> dict[str, Any]:
    """The C loop's rate and RTP on ``defn`` (``{"compiler": None}``: no C compiler; an
    ``error`` when the loop is not for this game or failed)."""
    from .bench_c import compiler, measure_c

    if defn.features or defn.pay_model.type != "lines":
        return {"compiler": compiler(), "error": "the C yardstick is for a lines game's base spins"}
    try:
        found = measure_c(defn, spins * C_SPINS_PER_NUMPY_SPIN)
    except (RuntimeError, ValueError, OSError, subprocess.SubprocessError) as exc:
        return {"compiler": compiler(), "error": str(exc)}
    if found is None:
        return {"compiler": None}
    return {"compiler": compiler(), "spins": found.spins, "cpu_seconds": round(found.cpu_seconds, 4),
            "spins_per_cpu_second": found.spins_per_cpu_second, "rtp": found.rtp}


def c_text(result: dict[str, Any]) -> str:
    c = result["c_yardstick"]
    if c.get("compiler") is None:
        return "plain C yardstick: no C compiler (gcc or cc) on this machine"
    if "error" in c:
        return f"plain C yardstick: {c['error']}"
    share = result["numpy_spins_per_cpu_second"] / max(c["spins_per_cpu_second"], 1)
    return (f"plain C yardstick ({Path(c['compiler']).name} -O2, the same base work): {c['spins_per_cpu_second']:,} "
            f"spins per CPU-s ({c['spins']:,} spins, RTP {c['rtp']:.6f}); numpy base path = {share:.2f} of it "
            f"(1/{1 / max(share, 1e-9):.1f}; target >= 1/{C_TARGET.denominator})")


def run(args: argparse.Namespace) -> int:
    result = measure(spins=getattr(args, "spins", 0) or DEFAULT_SPINS, game=getattr(args, "game", "") or "")
    from .bench_pays import measure_pay_models, render

    games = [] if getattr(args, "game", "") else measure_games()
    models = [] if getattr(args, "game", "") else measure_pay_models()
    if getattr(args, "json", False):
        print(json.dumps({**result, "games": games, "pay_models": models}))
        return 0
    print(
        f"game: {result['game']} ({len(result['strip_stops'])} reels of {result['strip_stops']} stops, "
        f"{result['lines']} lines)"
    )
    print(
        f"par (exact base RTP {result['par_base_rtp']:.6f}, hit rate {result['par_hit_rate']:.6f}): "
        f"{result['par_seconds'] * 1000:.1f} ms  (target < 500 ms)"
    )
    print(
        f"simulate, numpy, 1 core: {result['numpy_spins_per_cpu_second']:,} spins per CPU-s, "
        f"{result['numpy_spins_per_second']:,} per wall-s ({result['simulate_spins']:,} spins in "
        f"{result['simulate_cpu_seconds']:.2f} CPU-s, {result['simulate_seconds']:.2f} s; "
        f"RTP {result['simulate_rtp']:.6f})  (target >= {BASE_TARGET:,})"
    )
    print(
        f"plain Python loop (play_round per spin): {result['python_spins_per_cpu_second']:,} spins per CPU-s, "
        f"{result['python_spins_per_second']:,} per wall-s ({result['python_spins']:,} spins)"
    )
    print(f"speed-up numpy / Python: {result['cpu_speedup']}x by CPU time, {result['speedup']}x by wall time")
    print(c_text(result))
    print(
        f"lean play_round (simulation): {result['lean_rounds_per_cpu_second']:,} rounds per CPU-s, "
        f"{result['lean_rounds_per_second']:,} per wall-s  (target >= {LEAN_TARGET:,})"
    )
    for g in games:
        rate_target = ROUND_TARGETS.get(g["game"], DEFAULT_ROUND_TARGET)
        share = g["scalar_rounds"] / g["rounds"]
        print(
            f"{g['game']}: whole-game simulate {g['rounds_per_cpu_second']:,} rounds per CPU-s, "
            f"{g['rounds_per_second']:,} per wall-s (target >= {rate_target:,}); {g['feature_rounds']:,} feature "
            f"runs, {g['scalar_rounds']:,} of {g['rounds']:,} rounds ({share:.2%}) by play_round; "
            f"RTP {g['rtp']:.4f}; par {g['par_cpu_seconds'] * 1000:.0f} ms CPU, {g['par_seconds'] * 1000:.0f} ms wall "
            f"({'exact' if g['par_exact'] else 'with estimates'}; target < {g['par_target_seconds'] * 1000:,.0f} ms)"
        )
    for line in render(models):
        print(line)
    return 0
