"""The plain-C yardstick of ``cabinet bench math`` does the base work it claims: built from the
bench game's tables, its RTP over 2,000,000 spins is par's exact base RTP within 0.01 (about
ten standard errors; a line or scatter rule left out moves it by more). Its speed is printed
by the bench, never asserted."""

from __future__ import annotations

import pytest

from cabinet.core.bench import bench_game, c_text
from cabinet.core.bench_c import compiler, measure_c
from cabinet.core.par import par


@pytest.mark.skipif(compiler() is None, reason="no C compiler on this machine")
def test_the_c_loop_pays_what_par_says() -> None:
    defn = bench_game()
    found = measure_c(defn, 2_000_000)
    assert found is not None and found.spins == 2_000_000
    assert abs(found.rtp - float(par(defn).base_rtp)) < 0.01


def test_without_a_compiler_the_bench_says_so() -> None:
    assert c_text({"c_yardstick": {"compiler": None}, "numpy_spins_per_cpu_second": 1}) == \
        "plain C yardstick: no C compiler (gcc or cc) on this machine"
