"""Exact PAR math: hand-computed values, and full enumeration with the real evaluator.

The enumeration tests play EVERY stop combination of small hand-built games through
``cabinet.core.evaluate.evaluate_screen`` and require par's Fractions to be equal, so
par's line rules (run DP, both ways, Doubles, wild multipliers and excludes, wild-only
pays, scatters) cannot drift from the evaluator's.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.cli import main
from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.evaluate import evaluate_screen, line_pays, screen_from_stops, symbol_count
from cabinet.core.features import award_for
from cabinet.core.features.free_spins import FreeSpins, free_spins_value
from cabinet.core.linemath import expected_line_coins
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.par import hit_rate, line_pay_table, par, rules_for
from cabinet.core.value import Exact

TINY = """
format: 1
id: tiny
name: Tiny
grid: {reels: 3, rows: 3}
symbols:
  - {id: W, kind: wild, multiplier: 2, excludes: [C]}
  - {id: S, kind: scatter}
  - {id: A}
  - {id: AA, counts: 2, pays_as: A}
  - {id: B}
  - {id: C}
reels:
  base:
    - "A AA B S C"
    - "W A B C AA S"
    - "A W B C"
lines:
  - [1, 1, 1]
  - [0, 0, 0]
  - [2, 2, 2]
  - [0, 1, 2]
pays:
  W: {3: 20}
  A: {2: 1, 3: 5, 4: 8, 6: 30}
  B: {3: 4}
  C: {2: "1/2", 3: 3}
  S: {2: 1, 3: 10}
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [2]
  coin_values: ["1"]
"""

# Two wilds (one paying with its own run, one tripling and not standing in for A), a
# Double scatter, a Double regular, a symbol without pays, two weighted base reel sets
# and free spins on their own reels with retriggers.
RICH = """
format: 1
id: rich
name: Rich
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild}
  - {id: X, kind: wild, multiplier: 3, excludes: [A]}
  - {id: S, kind: scatter}
  - {id: SS, kind: scatter, counts: 2, pays_as: S}
  - {id: A}
  - {id: AA, counts: 2, pays_as: A}
  - {id: B}
  - {id: K}
reels:
  base:
    - "A W B SS AA K K B"
    - "X A K W S B AA K A"
    - "B A X K W S K"
  heavy:
    - "W W A B S K"
    - "A X K B SS"
    - "A A K B X W S"
  free:
    - "A S W K B"
    - "S A X K B AA"
    - "B S K A W"
lines:
  - [0, 0, 0]
  - [1, 1, 1]
  - [0, 1, 0]
pays:
  W: {2: 3, 3: 12}
  A: {2: 1, 3: 4, 4: 9, 5: 15, 6: 40}
  B: {2: "1/2", 3: 6}
  S: {2: 2, 3: 5, 5: 25}
base_game:
  reel_sets: [{set: base, weight: 3}, {set: heavy, weight: 1}]
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [2]
  coin_values: ["1"]
features:
  - type: free_spins
    trigger_symbol: S
    awards: {3: 2, 4: 3}
    retrigger_awards: {3: 1}
    reel_sets: [{set: free}]
    win_multiplier: 2
    multiply_scatter_pays: false
    spin_multipliers: [{value: 1, weight: 3}, {value: 2, weight: 1}]
"""


def tiny() -> Definition:
    return load_definition_text(TINY, "tiny.yaml")


def rich() -> Definition:
    return load_definition_text(RICH, "rich.yaml")


def all_stops(defn: Definition, reel_set: str) -> Iterator[tuple[int, ...]]:
    return itertools.product(*(range(len(s)) for s in defn.reels[reel_set]))


def enumerate_base(defn: Definition, bet: Bet) -> tuple[Fraction, Fraction, Fraction, dict[str, Fraction]]:
    """(line RTP, scatter RTP, hit rate, line RTP per symbol) by playing every stop
    combination of every weighted base reel set through the real evaluator."""
    line = scatter = hits = Fraction(0)
    per_symbol: dict[str, Fraction] = {}
    weights = defn.base_game.reel_sets
    total_weight = sum(c.weight for c in weights)
    for choice in weights:
        p_set = Fraction(choice.weight, total_weight)
        combos = math.prod(len(s) for s in defn.reels[choice.set])
        for stops in all_stops(defn, choice.set):
            events, total = evaluate_screen(defn, screen_from_stops(defn, choice.set, stops), bet)
            p = p_set / combos
            hits += p if total > 0 else 0
            for e in events:
                share = p * Fraction(e.amount, bet.total)
                if e.kind == "line_win":
                    line += share
                    per_symbol[e.symbol] = per_symbol.get(e.symbol, Fraction(0)) + share
                else:
                    scatter += share
    return line, scatter, hits, per_symbol


# --- hand-computed ------------------------------------------------------------------------------------


def test_hand_computed_one_row_game() -> None:
    # One row, one line. A line pays A x3 when reel 1 shows A (1/2), reel 2 A or W
    # (always) and reel 3 A (1/2): 1/4 x 10. S pays 1 x bet when reel 3 shows it (1/2).
    # A spin pays when (A, -, A) or S on reel 3: 1/4 + 1/2 = 3/4.
    defn = load_definition_text(
        """
format: 1
id: hand
name: Hand
grid: {reels: 3, rows: 1}
symbols: [{id: W, kind: wild}, {id: S, kind: scatter}, {id: A}, {id: B}]
reels: {base: ["A B", "A W", "A S"]}
lines: [[0, 0, 0]]
pays: {A: {3: 10}, S: {1: 1}}
bet: {currency: CRD, minor_units: 0, coin_values: ["1"]}
""",
        "hand.yaml",
    )
    report = par(defn)
    assert report.line_rtp == Fraction(5, 2)
    assert report.scatter_rtp == Fraction(1, 2)
    assert report.base_rtp == 3
    assert report.hit_rate == Fraction(3, 4)
    assert report.symbols == {"S": Fraction(1, 2), "A": Fraction(5, 2)}
    assert report.counts["A"] == {3: Fraction(1, 4)}


def test_hand_computed_double_and_wild_counts() -> None:
    # Reel 1 always AA (2), reel 2 always W (1, never a Double), reel 3 A or B:
    # AA W A = 4 of A (pays 8), AA W B = 3 of A (pays 5): (8 + 5) / 2.
    defn = load_definition_text(
        """
format: 1
id: dbl
name: Dbl
grid: {reels: 3, rows: 1}
symbols: [{id: W, kind: wild, excludes: [AA]}, {id: A}, {id: AA, counts: 2, pays_as: A}, {id: B}]
reels: {base: ["AA", "W", "A B"]}
lines: [[0, 0, 0]]
pays: {A: {3: 5, 4: 8}}
bet: {currency: CRD, minor_units: 0, coin_values: ["1"]}
""",
        "dbl.yaml",
    )
    report = par(defn)
    assert report.line_rtp == Fraction(13, 2)
    assert report.counts["A"] == {4: Fraction(1, 2), 3: Fraction(1, 2)}
    assert report.hit_rate == 1


# --- full enumeration with the real evaluator ---------------------------------------------------------


@pytest.mark.parametrize("direction", ["left_to_right", "both_ways"])
@pytest.mark.parametrize("make", [tiny, rich])
def test_par_equals_full_enumeration(make, direction: str) -> None:  # type: ignore[no-untyped-def]
    defn = dataclasses.replace(make(), pay_direction=direction)
    bet = default_bet(defn)
    line, scatter, hits, per_symbol = enumerate_base(defn, bet)
    report = par(defn, bet)
    assert report.line_rtp == line
    assert report.scatter_rtp == scatter
    assert report.base_rtp == line + scatter
    assert report.hit_rate == hits
    for sid, value in per_symbol.items():
        assert report.symbols[sid] == value, sid
    assert line > 0 and scatter > 0 and 0 < hits < 1  # the games really exercise every part


def test_hit_rate_with_fewer_lines_equals_enumeration() -> None:
    defn = tiny()
    bet = Bet(2, 2, 1)
    _, _, hits, _ = enumerate_base(defn, bet)
    assert hit_rate(defn, "base", 2) == hits
    assert hits < par(defn).hit_rate  # type: ignore[operator]


def test_free_spins_equal_enumeration_and_the_engine() -> None:
    defn = rich()
    feature: FreeSpins = defn.feature("free_spins")
    bet = default_bet(defn)
    # trigger probabilities: every base screen, weighted by reel set
    trig: dict[int, Fraction] = {}
    for choice in defn.base_game.reel_sets:
        p_set = Fraction(choice.weight, 4)
        combos = math.prod(len(s) for s in defn.reels[choice.set])
        for stops in all_stops(defn, choice.set):
            count, _ = symbol_count(defn, screen_from_stops(defn, choice.set, stops), "S")
            if award_for(feature.awards, count):
                trig[count] = trig.get(count, Fraction(0)) + p_set / combos
    # one free spin: x2 on lines, scatter pays not multiplied, mean spin multiplier 5/4
    value = added = Fraction(0)
    combos = math.prod(len(s) for s in defn.reels["free"])
    for stops in all_stops(defn, "free"):
        screen = screen_from_stops(defn, "free", stops)
        for mult, weight in ((1, 3), (2, 1)):
            _, win = evaluate_screen(defn, screen, bet, 2 * mult, scatter_multiplier=mult)
            value += Fraction(win * weight, 4 * combos * bet.total)
        count, _ = symbol_count(defn, screen, "S")
        added += Fraction(award_for({3: 1}, count), combos)
    report = par(defn)
    (fs,) = report.free_spins
    assert fs.trigger_probability == trig
    assert fs.spin_value == value
    assert fs.added_per_spin == added
    award = sum((p * award_for(feature.awards, k) for k, p in trig.items()), Fraction(0))
    assert fs.rtp == award / (1 - added) * value
    assert fs.expected_spins == award / sum(trig.values()) / (1 - added)
    assert report.total_rtp == report.base_rtp + fs.rtp
    # the engine's own exact value (used to price respins) agrees
    engine = sum((p * free_spins_value(defn, feature, k, bet) for k, p in trig.items()), Fraction(0))
    assert fs.rtp == engine / bet.total


def test_caps_and_top_ups_are_named_in_the_report() -> None:
    defn = rich()
    capped = dataclasses.replace(
        defn.feature("free_spins"), max_win_x_bet=Fraction(100), minimum_win_x_bet=Fraction(5), top_up_spins=2
    )
    game = dataclasses.replace(defn, features=(capped,))
    report = par(game, samples=4000)
    assert any(n.startswith("free_spins: cap and top-up: estimated from") for n in report.notes)
    # honest: a cap and a top-up make the feature's value, and so the total, an estimate
    assert not report.exact and report.total is not None and not report.total.exact
    assert report.estimates() == ["free_spins.rtp", "free_spins.rules_rtp"]
    data = report.to_dict()
    assert data["exact"] is False and data["total"]["exact"] is False and data["total"]["samples"] > 0
    # the estimate is the same block played from its trigger: play_round agrees within the bands
    from cabinet.core.simulate import simulate

    sim = simulate(game, 200_000, 9)
    lo, hi = report.total.ci95
    half = 1.96 * sim.standard_error
    assert lo - half <= float(sim.rtp) <= hi + half
    plain = par(defn)
    assert plain.exact and plain.total == Exact(plain.total_rtp)  # type: ignore[arg-type]


# --- the line rules and the line-pay table against line_pays -------------------------------------------


@pytest.mark.parametrize("both_ways", [False, True])
def test_line_rules_match_line_pays_on_every_tuple(both_ways: bool) -> None:
    defn = rich()
    rules = rules_for(defn)
    ids = defn.symbol_ids
    for seq in itertools.product(ids, repeat=3):
        expected = sum((p.coins for p in line_pays(defn, seq, both_ways)), Fraction(0))
        assert rules.line_coins(seq, both_ways) == expected, seq


@pytest.mark.parametrize("make", [tiny, rich])
def test_line_pay_table_matches_line_pays(make) -> None:  # type: ignore[no-untyped-def]
    defn = make()
    for reel_set in defn.reels:
        table = line_pay_table(defn, reel_set)
        for seq in itertools.product(*table.alphabets):
            expected = sum((p.coins for p in line_pays(defn, seq)), Fraction(0))
            assert Fraction(int(table.coins[table.index_of(seq)]), table.denominator) == expected, seq


def test_classic_line_pay_table_sample_matches_line_pays() -> None:
    defn = load_game("classic")
    table = line_pay_table(defn, "base")
    rng = np.random.default_rng(5)
    picks = zip(*(rng.integers(0, len(a), 4000) for a in table.alphabets), strict=True)
    for picked in picks:
        seq = tuple(a[i] for a, i in zip(table.alphabets, picked, strict=True))
        expected = sum((p.coins for p in line_pays(defn, seq)), Fraction(0))
        assert Fraction(int(table.coins[table.index_of(seq)]), table.denominator) == expected


def test_classic_line_rtp_equals_table_contraction_and_engine() -> None:
    defn = load_game("classic")
    table = line_pay_table(defn, "base")
    strips = defn.reels["base"]
    value = table.coins.reshape(table.shape).astype(object)
    for strip, alphabet in zip(strips[::-1], table.alphabets[::-1], strict=True):
        value = value @ np.array([strip.count(s) for s in alphabet], dtype=object)
    exact = Fraction(int(value), table.denominator * math.prod(len(s) for s in strips))
    report = par(defn)
    assert report.line_rtp == exact == expected_line_coins(defn, "base")


# --- random small games ---------------------------------------------------------------------------------

SYMBOLS = ["W", "S", "A", "AA", "B", "C"]


@settings(max_examples=25, deadline=None)
@given(
    strips=st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5), min_size=3, max_size=3),
    both=st.booleans(),
)
def test_random_small_games_equal_enumeration(strips: list[list[str]], both: bool) -> None:
    defn = dataclasses.replace(
        tiny(),
        reels={"base": tuple(tuple(s) for s in strips)},
        pay_direction="both_ways" if both else "left_to_right",
    )
    bet = default_bet(defn)
    line, scatter, hits, _ = enumerate_base(defn, bet)
    report = par(defn, bet)
    assert (report.line_rtp, report.scatter_rtp, report.hit_rate) == (line, scatter, hits)


# --- the command ------------------------------------------------------------------------------------------


def test_par_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "classic", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("base_rtp", "line_rtp", "scatter_rtp", "hit_rate", "symbols", "free_spins_rtp", "total_rtp"):
        assert key in data
    assert Fraction(data["base_rtp"]) == Fraction(data["line_rtp"]) + Fraction(data["scatter_rtp"])
    assert data["free_spins"]["name"] == "free_spins"
    assert set(data["free_spins"]["trigger_probability"]) == {"3", "4", "5"}
    assert {"expected_spins", "value_per_spin"} <= set(data["free_spins"])
    report = par(load_game("classic"))
    assert data["total_rtp"] == f"{float(report.total_rtp):.10f}".rstrip("0")  # type: ignore[arg-type]


def test_par_exact_only_fails_on_any_estimate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "classic", "--exact-only"]) == 0  # every figure exact
    assert "(exact)" in capsys.readouterr().out
    # Retro's free spins have a cap: its effect is an estimate, so the total is one too
    assert main(["par", "retro-reels-diamond-glitz", "--exact-only", "--samples", "50"]) == 2
    captured = capsys.readouterr()
    assert "estimate: 95%" in captured.out and "not every figure is exact: free_spins.rtp" in captured.err
    assert main(["par", "retro-reels-diamond-glitz", "--json", "--samples", "50", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["estimates"] == ["free_spins.rtp", "free_spins.rules_rtp"]
    assert data["total"]["exact"] is False and data["total"]["seed"] == 3 and data["total"]["samples"] >= 50
    assert data["features"][0]["rtp"]["method"].startswith("paired runs of free_spins")


def test_tune_refuses_an_estimate() -> None:
    from cabinet.core.tuning import summarize

    with pytest.raises(ValueError, match="tune needs exact figures"):
        summarize(load_game("retro-reels-diamond-glitz"))
    assert summarize(load_game("classic")).total_rtp == par(load_game("classic")).total_rtp


def test_par_cli_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "classic"]) == 0
    out = capsys.readouterr().out
    report = par(load_game("classic"))
    base = round(report.base_rtp * 100 * 10**6)  # exact, rounded half-even like the text
    assert f"base game RTP    {base // 10**6}.{base % 10**6:06d}%" in out
    assert "total RTP" in out and "free spins 'free_spins': triggered 1 in" in out
    assert main(["par", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "no-such-game" in err
