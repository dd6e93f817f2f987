"""simulate's lockstep tumble player (core/pays/tumble_batch.py) equals play_round round by round
on toy games of every grid-priced model (anywhere, cluster, ways one and both ways) x fill
(strip, weights) x ladder (per spin, lasting through free spins) x free spins (multipliers,
retriggers, top-up, cap, several reel sets) x issue 32's rules (multiplier symbols summed and
multiplied, a running total in free spins; cell multipliers summed and multiplied, kept or not
through free spins; triggers on the tumbled screens); what it cannot play goes to play_round;
merged shard results depend only on seed and spin count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.features.tumble import Tumble
from cabinet.core.loader import load_game
from cabinet.core.pays.screen_batch import pricer_for
from cabinet.core.pays.tumble_batch import TumbleSpinner
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes, simulate, spinner_of

TUMBLE = Path(__file__).parent / "games" / "tumble"

# game -> rounds played both ways (the toy games pay often: their chains are long)
GAMES = {
    "toy-tumble-anywhere": 1500,  # anywhere, weights, ladder x1 x2 x5
    "toy-tumble-ways": 1500,  # ways, strip, ladder x2 x3, a paying scatter
    "toy-tumble-ways-both": 600,  # ways both ways, per-reel weights, free spins retriggered
    "toy-tumble-cluster": 300,  # cluster, weights, wilds stay, ladder through free spins, spin multipliers
    "toy-tumble-cluster-strip": 400,  # cluster, strip, two base reel sets, top-up and cap
    "tumble-anywhere-6x5": 1500,  # the benchmark's: multiplier symbols, a running total in free spins
    "tumble-cluster-7x7": 600,  # the benchmark's: strip, cell multipliers kept through free spins
    # tumble32's toy games of the new rules (tests/test_tumble_rules.py)
    "toy-tumble-bombs": 1500,  # multiplier symbols summed, strip fill (their values drawn)
    "toy-tumble-cells": 1500,  # cell multipliers summed, kept through free spins
    "toy-tumble-feature": 1500,  # a running total in free spins, triggers on the tumbled screens
    # and the batch's own
    "toy-tumble-everything": 300,  # products of both kinds, a fresh grid each free spin, every_screen
    "toy-tumble-anywhere-cells": 300,  # cells in free spins only, multiplier symbols in base and free
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request):
    return request.param, load_game(TUMBLE / f"{request.param}.yaml")


def _features(result) -> dict[str, int]:
    return {name: result.feature_wins.get(name, 0) for name in result.features}


def test_batch_equals_play_round_round_by_round(game) -> None:
    name, defn = game
    bet = default_bet(defn)
    spinner = spinner_of(defn, bet)
    assert isinstance(spinner, TumbleSpinner)  # the lockstep player, not play_round for every round
    seeds = derive_seeds(2024, 0, GAMES[name])
    out = round_outcomes(defn, bet, seeds, spinner)
    assert out.scalar.mean() < 0.05  # the batch settled (almost) every round itself
    batch = spinner.rounds(seeds)
    kinds: set[str] = set()
    for i, seed in enumerate(seeds.tolist()):
        result = play_round(defn, RoundRequest(bet, seed))
        kinds.update(e.kind for e in result.events)
        assert out.win[i] == result.total_win, (name, i)
        if not batch.scalar[i]:
            assert batch.win[i] == result.total_win, (name, i)
        ran = {f: int(paid[i]) for f, (mask, paid) in out.features.items() if mask[i]}
        assert ran == _features(result), (name, i)
    # the rounds compared include the rules the game is listed for
    tumble = next(f for f in defn.features if isinstance(f, Tumble))
    assert "tumble_step" in kinds
    if tumble.multiplier_symbols is not None:
        assert "sequence_multiplied" in kinds
    if tumble.cell_multipliers is not None:
        assert "cell_multiplier_win" in kinds


def test_every_game_tumbles_and_triggers() -> None:
    """The toy games exercise what they are listed for: chains and (where they have it) the feature."""
    for name in GAMES:
        defn = load_game(TUMBLE / f"{name}.yaml")
        bet = default_bet(defn)
        out = round_outcomes(defn, bet, derive_seeds(5, 0, 4000))
        assert (out.win > 0).any()
        if any(f.type == "free_spins" for f in defn.features):
            assert out.features["free_spins"][0].sum() > 3, name


def test_other_bets_equal_play_round() -> None:
    defn = load_game(TUMBLE / "toy-tumble-cluster.yaml")
    bet = dataclasses.replace(default_bet(defn), coins_per_line=2)
    seeds = derive_seeds(8, 0, 200)
    out = round_outcomes(defn, bet, seeds)
    assert list(out.win) == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]


def test_sharded_results_depend_only_on_seed_and_spins() -> None:
    defn = load_game(TUMBLE / "tumble-anywhere-6x5.yaml")
    one = simulate(defn, 6000, 17, shard_size=6000).to_dict()
    many = simulate(defn, 6000, 17, shard_size=1000).to_dict()
    two = simulate(defn, 6000, 17, workers=2, shard_size=2500).to_dict()
    assert one == many == two


def test_a_game_the_player_cannot_play_goes_to_play_round() -> None:
    """Lines (no grid pricer here) and a second block: the model's spinner, every round play_round's."""
    defn = load_game(TUMBLE / "toy-tumble-anywhere.yaml")
    lines = dataclasses.replace(defn, pay_model=dataclasses.replace(defn.pay_model, type="lines"))
    assert pricer_for(lines, default_bet(defn)) is None
    tumble = next(f for f in defn.features if isinstance(f, Tumble))
    twice = dataclasses.replace(defn, features=(tumble, dataclasses.replace(tumble, name="again")))
    bet = default_bet(twice)
    assert TumbleSpinner.make(twice, bet, tumble) is None
    seeds = derive_seeds(3, 0, 120)
    out = round_outcomes(twice, bet, seeds)
    assert out.scalar.all()
    assert list(out.win) == [play_round(twice, RoundRequest(bet, int(s))).total_win for s in seeds]


def test_bench_tumbles_measures_both_paths() -> None:
    """``cabinet bench tumbles``' row for a game: both rates measured, the batch settling every round."""
    from cabinet.core.bench_tumbles import BENCH_STEMS, measure, render

    assert set(BENCH_STEMS) <= set(GAMES)
    row = measure(load_game(TUMBLE / "tumble-cluster-7x7.yaml"), rounds=3000, scalar_rounds=50)
    assert row["scalar_rounds"] == 0 and row["rules"] == ["cell_multipliers"] and row["features"] == ["free_spins"]
    assert row["rounds_per_cpu_second"] > 0 and row["play_round_per_cpu_second"] > 0
    assert f"{row['rounds_per_cpu_second']:,} rounds per CPU-s" in render(row)
