"""Monte Carlo simulation: many rounds, exactly the rounds ``play_round`` would play.

Round ``i`` of a simulation seeded ``S`` is ``play_round(defn, RoundRequest(bet,
derive_seed(S, i)))`` — nothing else — so the reported ``max_win_seed`` replays the
max win in the cabinet. (A game that keeps a meter across rounds, ``collection``, plays each
round with ``carried=`` the meter its shard's earlier rounds left: shards start empty.) Speed comes from computing most rounds in batches with numpy
and getting exactly the same numbers:

- The rng is counter-based SplitMix64, so the draws of a whole batch of seeds are a
  few vectorised uint64 operations (numpy's uint64 arithmetic wraps like the scalar
  ``& MASK64``). ``below(n)`` rejects draws at or above ``rejection_limit(n)``; such a
  draw (about one in 10^17 for strip lengths) sends its seed to the scalar runner.
- A base spin's draw order is the round runner's contract (see ``round.py``): one
  ``weighted`` draw for the reel set when there are 2+ base reel sets, then one
  ``below(len(strip))`` per reel, reel 1 first.
- Line wins are looked up in ``par.line_pay_table`` (what every symbol tuple of a line
  pays), pre-scaled to minor units for the bet: a line's table index is the sum of
  per-reel "digits" precomputed for every stop and line. Scatter pays use per-stop
  window counts.
- Each feature block says which base spins may involve it (``FeatureBlock.batch_hints``:
  per-window counts and a threshold, e.g. "3 or more BONUS", "any MYSTERY"). Where the
  block's effect on such a spin is simple, its hint carries it as data
  (``BatchStage``), built from the same functions the block's own hook uses: a reveal
  or an expansion changes each reel's windows (the batch compiles one set of digits
  per reveal outcome), a drawn multiplier picks the line table the spin is paid with,
  a shut door ends the round. Their draws are taken at the round's own draw indexes
  (stops, screen stage, win stage, trigger stage).
- A spin that triggers a feature the block describes as data (its hint's ``plan``: a
  run of spins, ``SpinsPlan``; a hold-and-respin on boards, ``BoardsPlan``; a wheel,
  ``WheelPlan``; each built from the block's own tables and functions), or whose trigger
  stage opens one (a panel door's ``opens``), goes to the batch player, which plays every
  such feature of a chunk in lockstep, spin by spin (respin by respin, ring by ring), on
  arrays: one interpreter of each kind of plan for every block that gives one, not a copy
  of any block's rules. Each round's draws continue at its own next draw index.
- Every other flagged spin is played by the lean ``play_round`` (no events kept, no
  respin offer priced), which stays the one implementation of every feature no plan
  covers; simulate reports how many (``scalar_rounds``). So is a round with a
  rejected draw or a pay that is not a whole number of minor units, in the base spin
  or in a planned feature.

Shards: rounds [0, N) are cut into fixed shards of ``SHARD_SIZE`` rounds whose
statistics are merged in shard order; worker processes only change who computes a
shard, so the report is identical for any worker count.

Statistics are exact integer sums (sum of wins, sum of squared wins, as Python ints):
RTP = sum of wins / (N x bet); sigma = the standard deviation of one round's win in
bets (population form); the 95% confidence interval of the RTP is RTP +- 1.96 sigma /
sqrt(N); the volatility index is 1.96 x sigma (the usual "VI at 95% confidence").

For the math report (``cabinet simulate --report``) each shard also counts its rounds
per win bucket (log-spaced edges in x bet, exact integer comparisons) and keeps the
running win at fixed round counts (log-spaced, the same for any shard size); both
are integers merged in shard order, so they too depend only on the seed and spins.

This module runs the shards; the parts are in ``core/simulation/``: the draws on arrays
(``rng_arrays``), the batch pricer (``pricing``, ``spinner``) and player of boards and
wheels (``boards_batch``), many seeds' rounds (``rounds``), the statistics (``tally``) and
the report (``report``).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from .bet import Bet, default_bet, lines_allowed
from .definition import Definition
from .features import block
from .modes import mode_cost
from .rng import MASK64, check_seed, derive_seed
from .round import RoundRequest, play_round
from .simulation.pricing import BatchRounds, spinner_of
from .simulation.report import Z95, RunningStats, SimReport
from .simulation.rng_arrays import below_array, derive_seeds, draw_array
from .simulation.rounds import RoundOutcomes, lean_round, round_outcomes, round_wins, run_shard
from .simulation.spinner import BatchSpinner
from .simulation.tally import (
    HISTOGRAM_BUCKETS,
    WIN_EDGES_X,
    Tally,
    _close_convergence,
    _count_for_report,
    convergence_marks,
    largest_rounds,
    shard_top,
    win_edges_minor,
    win_histogram,
)

SHARD_SIZE = 1 << 18  # rounds per shard (results do not depend on it)
MAX_SPINS = 10**12  # more would run for weeks; a typo such as 10^23 is refused, not started
MAX_TOP = 10_000  # largest rounds kept by --top (each shard sends that many back)

# What callers (the CLI, the tests) take from here: the runner's own names and, from
# ``core/simulation/``, the parts' names they used before the parts moved there.
__all__ = [
    "HISTOGRAM_BUCKETS", "MAX_SPINS", "MAX_TOP", "SHARD_SIZE", "WIN_EDGES_X", "Z95", "BatchRounds", "BatchSpinner",
    "Progress", "RoundOutcomes", "RunningStats", "ShardDone", "ShardRunner", "SimReport", "Tally", "below_array",
    "clean_copy", "convergence_marks", "derive_seeds", "draw_array", "largest_rounds", "lean_round",
    "round_outcomes", "round_wins", "run_shard", "scalar_simulate", "shard_top", "shards", "simulate",
    "spinner_of", "triggered_feature_names", "win_edges_minor", "win_histogram",
]


# --- running -----------------------------------------------------------------------------------------


Progress = Callable[[RunningStats], None]
ShardDone = Callable[[int, Tally], None]  # (shard start, its tally): e.g. to keep it in a checkpoint
# Runs (start, count) jobs elsewhere, e.g. on a Dask cluster (``cluster.cluster_runner``):
# (definition, bet, master seed, jobs, top) -> (shard start, tally) in any order.
ShardRunner = Callable[[Definition, Bet, int, Iterator[tuple[int, int]], int], Iterator[tuple[int, Tally]]]


def shards(spins: int, size: int = SHARD_SIZE) -> Iterator[tuple[int, int]]:
    """(start, count) of each shard of [0, spins), made as they are needed."""
    return ((start, min(size, spins - start)) for start in range(0, spins, size))


_WORKER: dict[str, Any] = {}


def _worker_init(defn: Definition, bet: Bet, master: int, top: int = 0) -> None:
    _WORKER.update(defn=defn, bet=bet, master=master, top=top, spinner=spinner_of(defn, bet))


def _worker_shard(job: tuple[int, int]) -> tuple[int, Tally]:
    w = _WORKER
    return job[0], run_shard(w["defn"], w["bet"], w["master"], job[0], job[1], w["spinner"], top=w["top"])


def triggered_feature_names(defn: Definition) -> list[str]:
    """The features a round can run (the report lists each, ran or not). Screen and win
    modifiers (mystery symbols, expanding and multiplier wilds) change spins and never
    run as features of their own: their share is in the line pays (``cabinet par``)."""
    out = []
    for params in defn.features:
        entry = block(params.type)
        if entry is None or entry.screen_modifier or entry.win_modifier:
            continue
        if entry.modes(params) & {"base", "respin"}:
            out.append(params.name)
    return out


def clean_copy(defn: Definition) -> Definition:
    """The definition without its per-instance caches (cheap to send to a worker)."""
    return dataclasses.replace(defn)


def simulate(
    defn: Definition,
    spins: int,
    seed: int,
    workers: int = 1,
    bet: Bet | None = None,
    progress: Progress | None = None,
    shard_size: int = SHARD_SIZE,
    *,
    top: int = 0,
    runner: ShardRunner | None = None,
    finished: dict[int, Tally] | None = None,
    on_shard: ShardDone | None = None,
) -> SimReport:
    """Simulate rounds ``0..spins-1`` of seed ``seed``; see the module docstring.

    ``top``: keep that many of the largest rounds. ``runner``: who runs the shards instead
    of ``workers`` local processes (``cluster.cluster_runner("tcp://host:8786")``: a Dask
    cluster). ``finished``: shard start -> tally of shards
    already done (a checkpoint), which are not run again; ``on_shard`` is told of every
    shard this call runs, as it finishes. The report depends only on the game, bet,
    seed, spins and ``top``: never on workers, runner, shard order or what was resumed.
    """
    if isinstance(spins, bool) or not isinstance(spins, int) or spins <= 0:
        raise ValueError(f"--spins must be a positive whole number, got {spins}")
    if spins > MAX_SPINS:
        raise ValueError(f"--spins must be at most {MAX_SPINS:,} (days of work at a million a second), got {spins:,}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed > MASK64:
        raise ValueError(f"--seed must be a whole number from 0 to 2^64-1, got {seed}")
    check_seed(seed)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= MAX_TOP:
        raise ValueError(f"--top must be a whole number from 0 to {MAX_TOP}, got {top}")
    bet = bet or default_bet(defn)
    if not lines_allowed(defn, bet.lines) or bet.coins_per_line <= 0 or bet.coin_value <= 0:
        raise ValueError(f"{defn.name} cannot be played at {bet}")
    finished = dict(finished or {})
    expected = dict(shards(spins, shard_size)) if finished else {}
    for start, part in finished.items():
        if expected.get(start) != part.rounds or part.top_k != top:
            raise ValueError(f"a finished shard at round {start:,} does not belong to this run")
    jobs = (job for job in shards(spins, shard_size) if job[0] not in finished)
    n_jobs = -(-spins // shard_size) - len(finished)
    started = time.perf_counter()
    tally = Tally(features={name: [0, 0] for name in triggered_feature_names(defn)}, top_k=top)
    ready = finished.copy()  # shards done but not merged yet: the merge goes in shard order
    next_start = 0
    resumed = sum(part.rounds for part in finished.values())
    running = [resumed, sum(p.win_sum for p in finished.values()), sum(p.win_sq_sum for p in finished.values())]

    def merge_ready() -> None:
        nonlocal next_start
        while next_start in ready:
            part = ready.pop(next_start)
            tally.merge(part)
            next_start += part.rounds

    def report_progress() -> None:
        if progress is not None:
            progress(RunningStats(running[0], spins, resumed, running[1], running[2], mode_cost(defn, bet)))

    merge_ready()
    report_progress()
    if n_jobs:
        if runner is not None:
            results = runner(defn, bet, seed, jobs, top)
        else:
            results = _run_jobs(defn, bet, seed, jobs, n_jobs, workers, top=top)
        try:
            for start, part in results:
                if on_shard is not None:
                    on_shard(start, part)
                running[0] += part.rounds
                running[1] += part.win_sum
                running[2] += part.win_sq_sum
                ready[start] = part
                merge_ready()
                report_progress()
        finally:
            # Stopped early (Ctrl+C, an error): the pool or the cluster client shuts down now,
            # before the caller saves its checkpoint, not whenever the generator is collected.
            close = getattr(results, "close", None)
            if close is not None:
                close()
    if tally.rounds != spins:  # a lost or doubled shard must never pass as a result
        raise RuntimeError(f"merged {tally.rounds:,} rounds of {spins:,}")
    _close_convergence(tally)
    cost = mode_cost(defn, bet)
    return SimReport(
        defn.id, spins, seed, bet, tally, defn.bet.minor_units, seconds=time.perf_counter() - started,
        cost=0 if cost == bet.total else cost,
    )


def _run_jobs(
    defn: Definition,
    bet: Bet,
    seed: int,
    jobs: Iterator[tuple[int, int]],
    n_jobs: int,
    workers: int,
    *,
    top: int = 0,
) -> Iterator[tuple[int, Tally]]:
    if workers == 1 or n_jobs == 1:
        spinner = spinner_of(defn, bet)
        for start, count in jobs:
            yield start, run_shard(defn, bet, seed, start, count, spinner, top=top)
        return
    context = multiprocessing.get_context("spawn")  # no fork: safe with any parent state
    with context.Pool(
        min(workers, n_jobs), initializer=_worker_init, initargs=(clean_copy(defn), bet, seed, top)
    ) as pool:
        # Whichever shard finishes first is reported first (a smoother progress bar);
        # ``simulate`` merges them in shard order.
        yield from pool.imap_unordered(_worker_shard, jobs, chunksize=1)


def scalar_simulate(defn: Definition, spins: int, seed: int, bet: Bet | None = None) -> Tally:
    """The plain loop: ``play_round`` for every round (the reference and the benchmark)."""
    bet = bet or default_bet(defn)
    tally = Tally(rounds=spins)
    wins = np.zeros(spins, dtype=np.int64)
    for i in range(spins):
        result = play_round(defn, RoundRequest(bet, derive_seed(seed, i)))
        win = result.total_win
        wins[i] = win
        tally.win_sum += win
        tally.win_sq_sum += win * win
        tally.hits += win > 0
        if win > tally.max_win:
            tally.max_win, tally.max_index = win, i
        for name in dict.fromkeys(result.features):
            mine = tally.features.setdefault(name, [0, 0])
            mine[0] += 1
            mine[1] += result.feature_wins.get(name, 0)
    tally.scalar_rounds = spins
    _count_for_report(tally, wins, 0, bet)
    _close_convergence(tally)
    return tally
