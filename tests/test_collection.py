"""State kept across spins (issue 35, item 9): a collection meter filled by base spins, carried from
round to round through the request and the result, paying and resetting when full. Its par is an
estimate of the long-run RTP whose interval holds the exact renewal value of the toy game."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import expectation
from cabinet.core.definition import Definition
from cabinet.core.features.collection import (
    CollectionAdvanced,
    CollectionPaid,
    CollectionReset,
    fills_of,
    spin_counts,
)
from cabinet.core.loader import load_definition
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round, play_spin_with
from cabinet.core.value import Estimate

TOY = Path(__file__).parent / "games" / "jackpot" / "toy-collection.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def test_a_round_adds_to_the_carried_meter(toy: Definition) -> None:
    bet = default_bet(toy)
    # reels "A C B B", "B A C", "C B A A B": stops 1, 2, 0 show C C C
    result = play_round(toy, RoundRequest(bet, 0, script=(1, 2, 0), carried=(("collection", 0),)))
    assert [e for e in result.events if isinstance(e, CollectionAdvanced)] == [
        CollectionAdvanced("collection", 3, 3, 4, ((0, 0), (1, 0), (2, 0)))]
    assert result.carried == (("collection", 3),)
    assert result.total_win == 0 and result.features == ()


def test_a_full_meter_pays_and_resets(toy: Definition) -> None:
    bet = default_bet(toy)
    result = play_round(toy, RoundRequest(bet, 0, script=(1, 2, 0), carried=(("collection", 2),)))
    kinds = [e.kind for e in result.events]
    assert kinds.index("collection_advanced") < kinds.index("feature_triggered") < kinds.index("collection_paid")
    (paid,) = [e for e in result.events if isinstance(e, CollectionPaid)]
    assert paid.amount == 3 * bet.total and result.total_win == paid.amount
    assert [e.value for e in result.events if isinstance(e, CollectionReset)] == [0]
    assert result.carried == (("collection", 0),) and result.features == ("collection",)


def test_keep_excess_keeps_what_passed_the_target(toy: Definition) -> None:
    (meter,) = toy.features
    keeping = dataclasses.replace(toy, features=(dataclasses.replace(meter, keep_excess=True),))
    result = play_round(keeping, RoundRequest(default_bet(toy), 0, script=(1, 2, 0), carried=(("collection", 3),)))
    assert result.carried == (("collection", 2),)  # 3 + 3 = 6, paid at 4, 2 kept


def test_no_carried_state_starts_empty_and_spins_without_symbols_keep_it(toy: Definition) -> None:
    result = play_round(toy, RoundRequest(default_bet(toy), 0, script=(0, 0, 1), carried=(("collection", 2),)))
    assert result.carried == (("collection", 2),)
    assert play_round(toy, RoundRequest(default_bet(toy), 0, script=(0, 0, 1))).carried == (("collection", 0),)


def test_the_sequence_rule_matches_play_round_spin_by_spin(toy: Definition) -> None:
    bet = default_bet(toy)
    carried: tuple[tuple[str, int], ...] = ()
    counts, paid = [], []
    for seed in range(300):
        result = play_round(toy, RoundRequest(bet, seed, carried=carried))
        counts.append(next(e.added for e in result.events if isinstance(e, CollectionAdvanced)))
        paid.append(any(isinstance(e, CollectionPaid) for e in result.events))
        carried = result.carried
    assert fills_of(toy.features[0], np.array(counts)).tolist() == paid
    assert any(paid)


def exact_long_run_fill_rate(defn: Definition) -> Fraction:
    """The renewal value: the stationary chance a spin fills the meter (reset to 0), by solving the
    chain over meter values 0..target-1 (exact)."""
    (meter,) = defn.features
    dist = spin_counts(defn, meter)
    n = meter.target
    # stationary distribution pi over values; pi = pi P, sum pi = 1 (Gauss-Jordan over Fractions)
    moves = [[Fraction(0)] * n for _ in range(n)]
    fill = [Fraction(0)] * n
    for v in range(n):
        for k, q in enumerate(dist):
            if v + k >= n:
                moves[v][0] += q
                fill[v] += q
            else:
                moves[v][v + k] += q
    rows = [[moves[i][j] - (1 if i == j else 0) for i in range(n)] for j in range(n)]
    rows[-1] = [Fraction(1)] * n
    rhs = [Fraction(0)] * (n - 1) + [Fraction(1)]
    for c in range(n):
        pivot = next(r for r in range(c, n) if rows[r][c] != 0)
        rows[c], rows[pivot], rhs[c], rhs[pivot] = rows[pivot], rows[c], rhs[pivot], rhs[c]
        for r in range(n):
            if r != c and rows[r][c]:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c], strict=True)]
                rhs[r] -= f * rhs[c]
    pi = [rhs[i] / rows[i][i] for i in range(n)]
    return sum((p * f for p, f in zip(pi, fill, strict=True)), Fraction(0))


def test_par_is_a_labelled_long_run_estimate_whose_interval_holds_the_exact_value(toy: Definition) -> None:
    report = par(toy)
    (part,) = report.parts
    assert isinstance(part.rtp, Estimate) and "consecutive base spins" in part.rtp.method
    assert any("estimate of the long-run RTP" in n for n in part.notes)
    exact = exact_long_run_fill_rate(toy) * toy.features[0].prize_x_bet
    lo, hi = part.rtp.ci95
    assert lo <= exact <= hi
    assert "collection.rtp" in report.estimates()


def test_one_round_from_a_carried_value_equals_brute_force(toy: Definition) -> None:
    bet = default_bet(toy)
    request = RoundRequest(bet, 0, with_offer=False, keep_events=False, carried=(("collection", 3),))
    found = expectation(lambda rng: play_spin_with(toy, request, rng).total_win)
    dist = spin_counts(toy, toy.features[0])
    from cabinet.core.linemath import line_expectation

    base = line_expectation(toy, "base", False).total * bet.total  # one line, one coin
    assert found.mean == base + (1 - dist[0]) * 3 * bet.total  # any COIN fills it from 3


def test_the_batch_path_equals_play_round_round_by_round_with_the_meter_carried(toy: Definition) -> None:
    from cabinet.core.simulate import derive_seeds, round_outcomes

    bet = default_bet(toy)
    seeds = derive_seeds(11, 0, 400)
    out = round_outcomes(toy, bet, seeds)
    carried: tuple[tuple[str, int], ...] = ()
    expected, filled = [], []
    for seed in seeds.tolist():
        result = play_round(toy, RoundRequest(bet, int(seed), carried=carried))
        expected.append(result.total_win)
        filled.append("collection" in result.features)
        carried = result.carried
    assert out.win.tolist() == expected
    assert 0 < int(out.scalar.sum()) < len(seeds)  # the plain rounds batched, the meter's rounds played
    assert out.features["collection"][0].tolist() == filled and any(filled)


def test_simulate_agrees_with_the_long_run_estimate(toy: Definition) -> None:
    from cabinet.core.simulate import simulate

    report = simulate(toy, 6_000, seed=4)
    lo, hi = par(toy).total.ci95  # type: ignore[union-attr]
    half = 1.96 * report.sigma / 6_000 ** 0.5
    assert lo - half <= report.rtp <= hi + half
