"""The simulator plays exactly the rounds play_round plays, in any number of workers."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import numpy as np
import pytest

from cabinet.cli import main
from cabinet.core import simulate as sim
from cabinet.core.bench import bench_game, measure
from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, WinCapped
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.rng import Rng, derive_seed, draw_u64, rejection_limit
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import BatchSpinner, derive_seeds, round_outcomes, scalar_simulate, simulate
from cabinet.core.simulation import boards_batch, rng_arrays

# Weighted base reel sets, free spins with two weighted reel sets, a random spin
# multiplier, retriggers and a cap that is sometimes reached: every draw-order rule.
BUSY = """
format: 1
id: busy
name: Busy
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild, multiplier: 2}
  - {id: S, kind: scatter}
  - {id: A}
  - {id: AA, counts: 2, pays_as: A}
  - {id: B}
  - {id: K}
reels:
  base:
    - "A W B S AA K K B"
    - "S A K W S B AA K A"
    - "B A K S W S K"
  heavy:
    - "W W A B S K"
    - "A S K B S"
    - "A A K B W S"
  free1:
    - "A S W K B"
    - "S A K B AA"
    - "B S K A W"
  free2:
    - "W S W K"
    - "S A W B"
    - "B S A W"
lines:
  - [0, 0, 0]
  - [1, 1, 1]
  - [0, 1, 0]
pays:
  W: {3: 12}
  A: {2: 1, 3: 4, 4: 9, 6: 40}
  B: {3: 6}
  S: {2: 1, 3: 5}
base_game:
  reel_sets: [{set: base, weight: 3}, {set: heavy, weight: 1}]
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [1]
  coin_values: ["1"]
features:
  - type: free_spins
    trigger_symbol: S
    awards: {3: 3, 4: 5}
    reel_sets: [{set: free1, weight: 2}, {set: free2, weight: 1}]
    win_multiplier: 2
    multiply_scatter_pays: false
    spin_multipliers: [{value: 1, weight: 3}, {value: 3, weight: 1}]
    max_win_x_bet: 40
"""


def busy() -> Definition:
    return load_definition_text(BUSY, "busy.yaml")


def reference(defn: Definition, seeds: np.ndarray) -> list:  # type: ignore[type-arg]
    bet = default_bet(defn)
    return [play_round(defn, RoundRequest(bet, int(s))) for s in seeds]


# --- vectorised randomness ------------------------------------------------------------------------------


def test_vectorised_splitmix_equals_the_scalar_rng() -> None:
    seeds = derive_seeds(123456789, 40, 500)
    assert [int(s) for s in seeds] == [derive_seed(123456789, i) for i in range(40, 540)]
    top = derive_seeds(2**64 - 1, 0, 50)  # additions wrap modulo 2^64
    assert [int(s) for s in top] == [derive_seed(2**64 - 1, i) for i in range(50)]
    for index in (0, 3):
        assert [int(x) for x in sim.draw_array(seeds, index)] == [draw_u64(int(s), index) for s in seeds]
    per_seed = np.arange(len(seeds)) % 7
    assert [int(x) for x in sim.draw_array(seeds, per_seed)] == [
        draw_u64(int(s), int(k)) for s, k in zip(seeds, per_seed, strict=True)
    ]
    values, rejected = sim.below_array(seeds, 2, 47)
    assert not rejected.any()
    assert values.tolist() == [Rng(int(s), 2).below(47) for s in seeds]


def test_rejected_draws_are_flagged() -> None:
    # n just above 2^63: about half the draws are at or over the rejection limit.
    n = 2**63 + 1
    seeds = derive_seeds(9, 0, 400)
    values, rejected = sim.below_array(seeds, 0, n)
    raw = [draw_u64(int(s), 0) for s in seeds]
    assert rejected.tolist() == [u >= rejection_limit(n) for u in raw]
    assert 100 < rejected.sum() < 300
    for s, v, r in zip(seeds, values, rejected, strict=True):
        if not r:
            assert Rng(int(s)).below(n) == v


# --- batch == play_round ----------------------------------------------------------------------------------


def test_batch_wins_equal_play_round_for_20000_classic_seeds() -> None:
    defn = load_game("classic")
    bet = default_bet(defn)
    seeds = derive_seeds(2024, 0, 20_000)
    batch = BatchSpinner(defn, bet).rounds(seeds)
    results = reference(defn, seeds)
    ran = np.array([bool(r.features) for r in results])
    # the batch prices the base spins and its player plays the free spins from the block's
    # plan: no round is left to play_round, and every round agrees with it
    assert ran.sum() > 200 and not batch.scalar.any()
    assert np.array_equal(batch.ran["free_spins"], ran)
    wins = np.array([r.total_win for r in results])
    assert np.array_equal(batch.win, wins)
    out = round_outcomes(defn, bet, seeds)
    assert np.array_equal(out.win, wins)
    feature_totals = [sum(e.total for e in r.events if isinstance(e, FeatureEnded)) for r in results]
    assert np.array_equal(out.features["free_spins"][1], np.array(feature_totals))


def test_batch_equals_play_round_with_weighted_sets_multipliers_and_cap() -> None:
    defn = busy()
    seeds = derive_seeds(77, 0, 4000)
    results = reference(defn, seeds)
    capped = np.array([any(isinstance(e, WinCapped) for e in r.events) for r in results])
    out = round_outcomes(defn, default_bet(defn), seeds)
    assert np.array_equal(out.win, np.array([r.total_win for r in results]))
    ran, totals = out.features["free_spins"]
    assert np.array_equal(ran, np.array([bool(r.features) for r in results]))
    assert np.array_equal(
        totals, [sum(e.total for e in r.events if isinstance(e, FeatureEnded)) for r in results]
    )
    # the batch player plays every feature round, capped or not (weighted reel sets, drawn
    # multipliers, retriggers): none is left to play_round
    assert ran.sum() > 150 and capped.any()
    assert not out.scalar.any()


def test_rejections_go_to_play_round(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pretend half of all draws are rejected: those rounds must be played by play_round.
    for home in (rng_arrays, boards_batch):  # the draws' and the board cells' rejection limits
        monkeypatch.setattr(home, "rejection_limit", lambda n: 2**63)
    defn = load_game("classic")
    seeds = derive_seeds(5, 0, 600)
    out = round_outcomes(defn, default_bet(defn), seeds)
    assert out.scalar.mean() > 0.9  # five reels: nearly every round has a "rejected" draw
    assert np.array_equal(out.win, [r.total_win for r in reference(defn, seeds)])


def test_simulate_equals_the_plain_loop() -> None:
    defn = busy()
    report = simulate(defn, 3000, 11, shard_size=1000)
    plain = scalar_simulate(defn, 3000, 11)
    t = report.tally
    assert (t.win_sum, t.win_sq_sum, t.hits, t.max_win, t.max_index) == (
        plain.win_sum,
        plain.win_sq_sum,
        plain.hits,
        plain.max_win,
        plain.max_index,
    )
    assert t.features == plain.features


def test_max_win_seed_replays_the_max_win() -> None:
    defn = load_game("classic")
    report = simulate(defn, 30_000, 3)
    replay = play_round(defn, RoundRequest(report.bet, report.max_win_seed))
    assert replay.total_win == report.tally.max_win
    assert Fraction(replay.total_win, report.bet.total) == report.max_win_x
    assert report.max_win_seed == derive_seed(3, report.tally.max_index)


# --- shards and workers -----------------------------------------------------------------------------------


def test_a_game_with_features_is_identical_for_1_to_4_workers() -> None:
    # free spins are played by the batch player inside the workers: still the same figures
    defn = load_game("happy-riches")
    reports = [simulate(defn, 40_000, 5, workers=k, shard_size=5000).to_dict() for k in (1, 2, 3, 4)]
    assert all(r == reports[0] for r in reports[1:])
    assert reports[0]["scalar_rounds"] == 0 and reports[0]["features"]["free_spins"]["rate"] > 0


def test_report_independent_of_workers_and_shard_size() -> None:
    defn = load_game("classic")
    one = simulate(defn, 20_000, 42, workers=1, shard_size=3000).to_dict()
    two = simulate(defn, 20_000, 42, workers=2, shard_size=3000).to_dict()
    whole = simulate(defn, 20_000, 42, workers=1).to_dict()
    assert one == two == whole


def test_cli_json_identical_for_any_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "--spins", "300000", "--seed", "8", "--json"]) == 0
    single = capsys.readouterr()
    assert single.err == ""  # no progress bar when stderr is not a terminal
    assert main(["simulate", "classic", "--spins", "300000", "--seed", "8", "--workers", "2", "--json"]) == 0
    double = capsys.readouterr()
    assert single.out == double.out
    data = json.loads(single.out)
    for key in (
        "spins",
        "seed",
        "rtp",
        "rtp_ci95",
        "sigma",
        "hit_rate",
        "max_win_x",
        "max_win_seed",
        "features",
    ):
        assert key in data
    assert data["spins"] == 300000 and data["seed"] == 8
    lo, hi = data["rtp_ci95"]
    assert lo < data["rtp"] < hi
    assert set(data["features"]["free_spins"]) >= {"rate", "rtp"}


# --- statistics ---------------------------------------------------------------------------------------------


def test_statistics_from_exact_sums() -> None:
    # Wins 0, 0, 300, 100 at a bet of 100: mean 1, E[x^2] = (9 + 1) / 4, variance 3/2.
    tally = sim.Tally(rounds=4, win_sum=400, win_sq_sum=300**2 + 100**2, hits=2, max_win=300, max_index=2)
    report = sim.SimReport(
        "g", 4, 0, dataclasses.replace(default_bet(load_game("classic")), coin_value=5), tally
    )
    assert report.bet_total == 100
    assert report.rtp == 1
    assert report.variance == Fraction(3, 2)
    assert report.sigma == pytest.approx(1.5**0.5)
    assert report.hit_rate == Fraction(1, 2)
    assert report.max_win_x == 3
    lo, hi = report.rtp_ci95
    assert hi - lo == pytest.approx(2 * 1.959964 * (1.5**0.5) / 2)
    assert report.volatility_index == pytest.approx(1.959964 * 1.5**0.5)


def test_simulate_agrees_with_par_quick() -> None:
    defn = load_game("classic")
    exact = float(par(defn).total_rtp)  # type: ignore[arg-type]
    report = simulate(defn, 200_000, 1)
    assert abs(float(report.rtp) - exact) < 4 * report.standard_error
    assert report.standard_error < 0.01  # the bound is real: about 0.5 percentage points


@pytest.mark.slow
def test_simulate_agrees_with_par_at_ten_million_spins() -> None:
    defn = load_game("classic")
    exact = float(par(defn).total_rtp)  # type: ignore[arg-type]
    report = simulate(defn, 10_000_000, 20240601, workers=2)
    assert abs(float(report.rtp) - exact) < 3 * report.standard_error


def test_base_only_simulation_agrees_with_par() -> None:
    defn = bench_game()
    exact = par(defn)
    report = simulate(defn, 200_000, 9)
    assert report.tally.scalar_rounds == 0
    assert abs(float(report.rtp) - float(exact.base_rtp)) < 4 * report.standard_error
    # the exact hit rate too: a binomial proportion
    p = float(exact.hit_rate)  # type: ignore[arg-type]
    assert abs(float(report.hit_rate) - p) < 4 * (p * (1 - p) / 200_000) ** 0.5


# --- bad input and the bench ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["simulate", "classic", "--spins", "0"], "--spins"),
        (["simulate", "classic", "--seed", "-1"], "--seed"),
        (["simulate", "no-such-game", "--spins", "10"], "no-such-game"),
        (["simulate", "classic", "--spins", "ten"], "--spins"),
        (["simulate", "classic", "--workers", "0"], "--workers"),
    ],
)
def test_cli_errors_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err and words in captured.err


def test_simulate_function_refuses_bad_input() -> None:
    defn = load_game("classic")
    with pytest.raises(ValueError):
        simulate(defn, 0, 1)
    with pytest.raises(ValueError):
        simulate(defn, 10, -1)
    with pytest.raises(ValueError):
        simulate(defn, 10, 1, workers=0)


def test_bench_measures_both_paths() -> None:
    result = measure(spins=20_000, python_spins=300)
    assert result["strip_stops"] == [100] * 5 and result["lines"] == 20
    assert result["numpy_spins_per_second"] > 0 and result["python_spins_per_second"] > 0
    assert result["speedup"] == pytest.approx(
        result["numpy_spins_per_second"] / result["python_spins_per_second"], rel=0.01
    )
