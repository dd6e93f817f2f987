"""The tumble games' whole-game par (``features/tumble/joint_par.py``) on toy games: each
variance-reduction rule keeps the quantity it replaces, run by run where it is exact, and par
says what every figure covers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.features.tumble import MAX_TUMBLES
from cabinet.core.features.tumble.joint_par import (
    _base_spins,
    _Controls,
    _feature_runs,
    _mean,
    joint_par,
)
from cabinet.core.loader import load_game
from cabinet.core.pays.tumble_batch import TumbleSpinner
from cabinet.core.simulate import derive_seeds, simulate
from cabinet.core.value import Estimate, Exact

TOY = Path(__file__).parent / "games" / "tumble" / "toy-tumble-feature.yaml"


def _toy(tmp_path: Path, *, values: str = "{2: 5, 3: 3, 10: 1}", cap: int = 0):
    """The toy tumble-and-free-spins game, its multiplier values and feature cap as given."""
    text = TOY.read_text().replace("values: {2: 5, 3: 3, 10: 1}", f"values: {values}")
    if cap:
        text = text.replace("    retrigger_awards: {3: 2}", f"    retrigger_awards: {{3: 2}}\n    max_win_x_bet: {cap}")
    path = tmp_path / "toy.yaml"
    path.write_text(text)
    defn = load_game(path)
    bet = default_bet(defn)
    spinner = TumbleSpinner.make(defn, bet, defn.feature("tumble"), max_tumbles=MAX_TUMBLES)
    assert spinner is not None and spinner.free is not None
    return defn, bet, spinner


def test_a_feature_score_is_its_capped_total_when_the_values_are_fixed(tmp_path):
    # one value (x3): its expectation is the value drawn, so the score (uncapped total by the
    # values' expectation, less what the cap takes off) is the capped run's total, run by run
    defn, bet, spinner = _toy(tmp_path, values="{3: 1}", cap=4)
    controls = _Controls(spinner, defn, bet, spinner.free.sets, spinner.free.added)
    runs = 600
    seeds = derive_seeds(11, 0, runs)
    scores, summed, played = _feature_runs(spinner, seeds=seeds, awards=np.full(runs, 3, dtype=np.int64),
                                           bombs=defn.feature("tumble").multiplier_symbols, controls=controls)
    capped, bad = spinner._free_spins(seeds, np.zeros(runs, dtype=np.int64), np.full(runs, 3, dtype=np.int64))
    uncapped, _ = spinner._free_spins(seeds, np.zeros(runs, dtype=np.int64), np.full(runs, 3, dtype=np.int64),
                                      with_cap=False)
    assert not bad.any()
    assert (uncapped > capped).any() and (capped > 0).any()  # the cap bit, and wins were paid
    assert np.array_equal(scores, capped.astype(np.float64))
    assert (played >= 3).all() and summed.shape == (runs, controls.width)
    assert abs(summed.mean(axis=0)).max() < 3 * summed.std(axis=0).max() / np.sqrt(runs) + 1e-9  # zero-mean


def test_base_spins_score_the_values_by_their_expectation(tmp_path):
    defn, bet, spinner = _toy(tmp_path)
    bombs = defn.feature("tumble").multiplier_symbols
    n = 4_000
    b, landed, got, had = _base_spins(spinner, seed=5, start=0, count=n, bombs=bombs, base_mean=_mean(bombs, "base"),
                                      awards=spinner.free.awarded, every=True)
    seeds = derive_seeds(5, 0, n)
    k = np.zeros(n, dtype=np.int64)
    bad = np.zeros(n, dtype=bool)
    ones = np.ones(n, dtype=np.int64)
    seen: dict[str, np.ndarray] = {}
    chosen = np.zeros(n, dtype=np.int64)
    k += 0
    win, _, counted = spinner.spin(seeds, k, chosen, ones, ones, np.zeros(n, dtype=np.int64), mode="base", bad=bad,
                                   observe=seen)
    plain = seen["orbs"] == 0
    assert np.array_equal(b[plain], win[plain].astype(np.float64))  # no multiplier symbol: the win itself
    multiplied = (seen["orbs"] > 0) & (seen["pre"] > 0)
    assert multiplied.any()
    mean = (2 * 5 + 3 * 3 + 10) / 9
    assert np.allclose(b[multiplied], seen["pre"][multiplied] * seen["orbs"][multiplied] * mean)
    assert (landed <= seen["pre"]).all() and (got >= had).all() and (got > had).any()  # tumbles add triggers


def test_par_of_a_tumble_game_with_free_spins_is_priced_whole_and_says_what_each_part_covers(tmp_path):
    from cabinet.core.par import PRICED_WHOLE, par

    defn, _, _ = _toy(tmp_path, cap=50)
    report = par(defn, samples=40)
    assert isinstance(report.total, Estimate) and report.total.method.startswith(PRICED_WHOLE)
    assert ("total", report.total) in report.estimated()  # never hidden behind its parts
    tumble, free = report.parts
    assert tumble.name == "tumble" and free.name == "free_spins"
    assert any(n.startswith("covers: what tumbles add to base spins") for n in tumble.notes)
    assert any(n.startswith("covers: every free spin's wins") for n in free.notes)
    assert isinstance(free.figures["landed_trigger_rate"], Exact)  # every_screen: the landed part exact,
    assert isinstance(free.figures["trigger_rate"], Estimate)  # the tumbles' share estimated
    assert free.figures["trigger_rate"].mean > float(free.figures["landed_trigger_rate"].value)
    assert any(n.startswith("total: stratified lockstep estimate") for n in report.notes)
    assert any("not priced together" in n for n in report.notes)


def test_a_tumble_game_without_free_spins_keeps_its_parts():
    plain = load_game(TOY.parent / "toy-tumble-bombs.yaml")  # no free spins: no meeting to price whole
    assert joint_par(plain, plain.feature("tumble"), default_bet(plain), samples=4, seed=1) is None


@pytest.mark.slow
def test_the_whole_game_interval_holds_a_long_simulation(tmp_path):
    defn, bet, _ = _toy(tmp_path, cap=50)
    estimate = joint_par(defn, defn.feature("tumble"), bet, samples=400, seed=3)
    assert estimate is not None
    report = simulate(defn, 2_000_000, 99)
    low, high = estimate.total.ci95
    slack = 1.96 * report.standard_error
    assert low - slack <= float(report.rtp) <= high + slack, (float(report.rtp), estimate.total.ci95)
