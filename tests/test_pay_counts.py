"""Pay counts above 10 (issue 35, item 7): a symbol counted anywhere on the screen (a scatter,
a wild-scatter, any symbol of a cell-count model) is paid for up to every cell of it; a
count along a line stays at most 10 reels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.events import ScatterWin
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-many-scatters.yaml"


def test_fifteen_scatters_pay_their_own_count() -> None:
    defn = load_definition(TOY)
    # stop 0 on every reel: S S S, S S A, S S S, S A S, S S S -> 13 scatters
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=(0, 0, 0, 0, 0)))
    (win,) = [e for e in result.events if isinstance(e, ScatterWin)]
    assert (win.count, win.x_bet, win.amount) == (13, 40, 40 * 10)


def test_par_is_exact_and_equals_brute_force() -> None:
    defn = load_definition(TOY)
    report = par(defn)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(defn).rtp


def test_the_batch_equals_play_round() -> None:
    defn = load_definition(TOY)
    bet = default_bet(defn)
    seeds = derive_seeds(7, 0, 800)
    out = round_outcomes(defn, bet, seeds)
    played = [play_round(defn, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))
    assert not out.scalar.any()


@pytest.mark.parametrize(("change", "message"), [
    ("S: {3: 1, 10: 5, 11: 10, 12: 20, 13: 40, 14: 80, 15: 200}", ""),
    ("S: {3: 1, 16: 5}", "16 'S' can never land (at most 15 on this grid)"),
    ("A: {3: 2, 5: 10}", ""),
    ("A: {3: 2, 11: 10}", "pay count 11 must be between 1 and 10"),  # along a line
])
def test_the_loader_bounds_counts_by_where_they_are_counted(change: str, message: str) -> None:
    text = TOY.read_text()
    key = change.split(":")[0]
    line = next(s for s in text.splitlines() if s.startswith(f"  {key}:"))
    changed = text.replace(line, f"  {change}")
    if not message:
        load_definition_text(changed, "toy.yaml")
        return
    with pytest.raises(DefinitionError) as err:
        load_definition_text(changed, "toy.yaml")
    assert message in str(err.value)
