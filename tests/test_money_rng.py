from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.core.money import (
    MoneyError,
    apply_ratio,
    exact_str,
    format_money,
    money_str,
    parse_fraction,
    parse_money,
)
from cabinet.core.rng import Rng, ScriptedRng, derive_seed, draw_u64, mix64, rejection_limit


def test_parse_money_exact() -> None:
    assert parse_money("0.05", 2) == 5
    assert parse_money("12.3", 2) == 1230
    assert parse_money(3, 2) == 300
    with pytest.raises(MoneyError):
        parse_money("0.005", 2)
    with pytest.raises(MoneyError):
        parse_money(0.05, 2)  # floats are refused
    with pytest.raises(MoneyError):
        parse_money("-1", 2)


def test_format_money() -> None:
    assert format_money(123456, "EUR", 2) == "€1,234.56"
    assert format_money(5, "USD", 2) == "$0.05"
    assert money_str(-1234, 2) == "-12.34"
    assert money_str(7, 0) == "7"


def test_parse_fraction_and_ratio() -> None:
    assert parse_fraction("0.2") == Fraction(1, 5)
    assert parse_fraction(0.2) == Fraction(1, 5)
    assert parse_fraction("1/3") == Fraction(1, 3)
    assert apply_ratio(Fraction(1, 5), 100) == 20
    with pytest.raises(MoneyError):
        apply_ratio(Fraction(1, 3), 100)


def test_exact_str_is_a_decimal_when_one_is_exact_else_a_fraction() -> None:
    assert exact_str(Fraction(125, 2)) == "62.5"
    assert exact_str(Fraction(1, 20)) == "0.05"
    assert exact_str(Fraction(-7, 8)) == "-0.875"
    assert exact_str(Fraction(1250)) == "1250" and exact_str(0) == "0"
    assert exact_str(Fraction(85, 3)) == "85/3"  # 28.333... has no exact decimal
    assert exact_str(Fraction(7, 30)) == "7/30"
    # beyond a Decimal context's 28 digits, still exact
    assert exact_str(Fraction(10**30 + 1, 2)) == "5" + "0" * 29 + ".5"


@given(st.fractions())
def test_exact_str_reads_back_to_the_same_value(value: Fraction) -> None:
    assert Fraction(exact_str(value)) == value


def test_splitmix_reference_values() -> None:
    # SplitMix64 seeded 0: the published first output is 0xE220A8397B1DCDAF.
    assert draw_u64(0, 0) == 0xE220A8397B1DCDAF
    assert mix64(0) == 0


@given(st.integers(0, 2**64 - 1), st.integers(1, 10**6))
def test_below_in_range_and_reproducible(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(n) for _ in range(5)]
    assert xs == [b.below(n) for _ in range(5)]
    assert all(0 <= x < n for x in xs)


def test_rejection_sampling_has_no_modulo_bias() -> None:
    n = 3
    limit = rejection_limit(n)
    assert limit % n == 0 and (1 << 64) - limit < n


def test_rejection_retries_draws_over_the_limit() -> None:
    # Find a seed whose first draw exceeds the limit for a huge n; below() must skip it.
    n = (1 << 63) + 1  # limit is 2^63+1: about half of all draws are rejected
    limit = rejection_limit(n)
    seed = next(s for s in range(100) if draw_u64(s, 0) >= limit)
    r = Rng(seed)
    value = r.below(n)
    assert r.index >= 2 and value == next(draw_u64(seed, i) for i in range(1, 50) if draw_u64(seed, i) < limit) % n


def test_scripted_then_seeded() -> None:
    r = ScriptedRng([3, 0], seed=9)
    assert r.below(10) == 3 and r.below(5) == 0
    assert r.below(100) == Rng(9).below(100)
    with pytest.raises(ValueError):
        ScriptedRng([10]).below(10)


def test_derived_seeds_differ() -> None:
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000


def test_weighted_exact_frequencies() -> None:
    # Over every value of below(total) each index is hit exactly weight times.
    weights = [1, 3, 6]
    hits = [0, 0, 0]
    for v in range(10):
        r = ScriptedRng([v])
        hits[r.weighted(weights)] += 1
    assert hits == weights
