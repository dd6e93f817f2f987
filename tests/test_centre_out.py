"""Pays counted from the centre reel outward (issue 35, item 7; Novomatic's Jewels):
``pay_direction: centre_out``. Hand-built lines; par exact and equal to brute force and to the
line-pay table simulate reads; the batch equal to play_round; the loader says what it refuses."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.evaluate import compiled
from cabinet.core.events import LineWin
from cabinet.core.linemath import line_expectation, line_pay_table
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-centre-out.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


@pytest.mark.parametrize(("line", "paid"), [
    (("RUBY", "RUBY", "RUBY", "GOLD", "GOLD"), ("RUBY", 3, (0, 1, 2), 5)),  # reels 1-3
    (("GOLD", "RUBY", "RUBY", "RUBY", "GOLD"), ("RUBY", 3, (1, 2, 3), 5)),  # reels 2-4
    (("GOLD", "GOLD", "RUBY", "RUBY", "RUBY"), ("RUBY", 3, (2, 3, 4), 5)),  # reels 3-5
    (("RUBY", "RUBY", "GOLD", "RUBY", "RUBY"), None),  # four rubies, but not on the centre reel
    (("RUBY", "GOLD", "RUBY", "RUBY", "GOLD"), None),  # a gap on the left: two
    (("GOLD2", "GOLD", "GOLD", "RUBY", "GOLD"), ("GOLD", 4, (0, 1, 2), 40)),  # a Double counts 2
])
def test_runs_through_the_centre(toy: Definition, line: tuple[str, ...], paid: tuple[str, int, tuple[int, ...], int] | None
                                 ) -> None:
    pays = compiled(toy).line_pays(line, False)
    if paid is None:
        assert pays == ()
    else:
        (pay,) = pays
        assert (pay.symbol, pay.count, pay.reels, pay.coins) == paid


def test_the_screen_shows_the_run_where_it_is(toy: Definition) -> None:
    result = play_round(toy, RoundRequest(default_bet(toy), 0, script=toy.scenarios[0].script))
    (win,) = [e for e in result.events if isinstance(e, LineWin)]
    assert win.positions == ((2, 0), (3, 0), (4, 0)) and win.symbol == "RUBY"


def test_par_is_exact_and_equals_brute_force_and_the_line_table(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(toy).rtp
    table = line_pay_table(toy, "base", False)
    assert line_expectation(toy, "base").total * int(np.prod(table.shape)) * table.denominator == int(table.coins.sum())


def test_the_batch_equals_play_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(5, 0, 1000)
    out = round_outcomes(toy, bet, seeds)
    played = [play_round(toy, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("- {id: RUBY}", "- {id: RUBY}\n- {id: W, kind: wild}", "take no wilds"),
    ("grid: {reels: 5, rows: 1}", "grid: {reels: 4, rows: 1}", "odd number of reels"),
    # a cell-counting model has no direction: refused, not silently ignored
    ("bet: {", "pay_model: {type: cluster, cost: 1}\nbet: {", "which has no direction"),
    ("bet: {", "pay_model: {type: anywhere, cost: 1}\nbet: {", "which has no direction"),
])
def test_the_loader_says_what_centre_out_takes(old: str, new: str, message: str) -> None:
    with pytest.raises(DefinitionError) as err:
        load_definition_text(TOY.read_text().replace(old, new), "bad.yaml")
    assert message in str(err.value)
