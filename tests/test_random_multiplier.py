"""A random multiplier drawn for every spin (issue 35, item 6): ``random_multiplier``. One draw a
spin, win or not; par exact ((mean - 1) x the spin's pays) and equal to brute force with scatters
multiplied or not; the batch prices the drawn value itself and equals play_round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import LineWin, ScatterWin
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.loader import load_definition
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-random-multiplier.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def with_scatters(defn: Definition, scatter_pays: bool) -> Definition:
    return dataclasses.replace(defn, features=(dataclasses.replace(defn.features[0], scatter_pays=scatter_pays),))


def test_the_drawn_value_multiplies_line_wins(toy: Definition) -> None:
    # stops 0, 1, 0: A A A pays 4 coins; the draw (weights 3, 2, 1) takes x5
    result = play_round(toy, RoundRequest(default_bet(toy), 0, script=(0, 1, 0, 5)))
    (line,) = [e for e in result.events if isinstance(e, LineWin)]
    (said,) = [e for e in result.events if isinstance(e, WinMultiplied)]
    assert (line.multiplier, line.amount, said.multiplier, said.added) == (5, 4 * 10 * 5, 5, 4 * 10 * 4)


@pytest.mark.parametrize("scatter_pays", [False, True])
def test_par_is_exact_and_equals_brute_force(toy: Definition, scatter_pays: bool) -> None:
    defn = with_scatters(toy, scatter_pays)
    report = par(defn)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(defn).rtp


def test_a_scatter_win_is_multiplied_only_when_asked(toy: Definition) -> None:
    script = (3, 2, 0, 5)  # S S A: the scatter pays 1x bet; x5 drawn
    for scatter_pays, m in ((False, 1), (True, 5)):
        result = play_round(with_scatters(toy, scatter_pays), RoundRequest(default_bet(toy), 0, script=script))
        (win,) = [e for e in result.events if isinstance(e, ScatterWin)]
        assert win.multiplier == m


@pytest.mark.parametrize("scatter_pays", [False, True])
def test_the_batch_equals_play_round(toy: Definition, scatter_pays: bool) -> None:
    defn = with_scatters(toy, scatter_pays)
    bet = default_bet(defn)
    seeds = derive_seeds(12, 0, 1000)
    out = round_outcomes(defn, bet, seeds)
    played = [play_round(defn, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))
    if not scatter_pays:
        assert not out.scalar.any()  # the batch drew and priced every multiplier itself
