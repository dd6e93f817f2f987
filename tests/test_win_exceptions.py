"""A free-spins multiplier with exceptions (issue 35, item 5: Champagne's "x2 except five wilds,
paid x1"): ``free_spins: multiplier_exceptions``. The matching wins are paid their own
multiplier on screen and in the total; par is exact and equals brute force; the batch path plays
these rounds through play_round and agrees round by round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, LineWin, ScatterWin, SpinStarted
from cabinet.core.features.free_spins import spins_plan
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-exceptions.yaml"
TRIGGER = (1, 2, 0)  # base S S S: two free spins


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def free_wins(toy: Definition, *spins: tuple[int, int, int]) -> list[LineWin | ScatterWin]:
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=TRIGGER + sum(spins, ())))
    start = next(i for i, e in enumerate(result.events) if isinstance(e, SpinStarted) and e.mode == "free")
    wins = [e for e in result.events[start:] if isinstance(e, (LineWin, ScatterWin))]
    ended = next(e for e in result.events if isinstance(e, FeatureEnded))
    assert ended.total == sum(e.amount for e in wins)
    return wins


@pytest.mark.parametrize(("stops", "paid"), [
    ((0, 0, 0), [("W", 3, 1, 100)]),  # three wilds: x1, not x3 (10 coins of 0.10)
    ((1, 0, 1), [("A", 3, 3, 120)]),  # W substituting in A A: x3
    ((0, 0, 2), [("W", 2, 3, 60), ("S", 1, None, None)]),  # two wilds: no exception for 2 (x3)
    ((2, 1, 2), [("S", 3, 2, 40)]),  # the scatter's pay x2, not x3 (2 x the 0.10 bet)
])
def test_matching_wins_are_paid_their_own_multiplier(toy: Definition, stops, paid) -> None:  # type: ignore[no-untyped-def]
    wins = free_wins(toy, stops, (1, 2, 1))  # the second free spin: A B A pays nothing
    expected = [(s, c, m, a) for s, c, m, a in paid if m is not None]
    assert [(e.symbol, e.count, e.multiplier, e.amount) for e in wins] == expected


def test_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    brute = round_value(toy)
    assert brute.paths > 500
    assert report.total.value == brute.rtp
    (fs,) = toy.features
    plain = dataclasses.replace(toy, features=(dataclasses.replace(fs, multiplier_exceptions=()),))
    assert report.total.value < par(plain).total.value  # the exceptions pay less than x3


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    assert spins_plan(toy, toy.features[0], bet) is None
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(toy, bet, seeds)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 20
    assert np.array_equal(out.win, [r.total_win for r in results])


def test_the_info_rules_name_the_exceptions(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    section = rules(Writer(toy, default_bet(toy)), toy.features[0])
    text = " ".join(p.text for p in section.paras)
    assert "multiplied by 3. Except: 3 W paid x1 and every S win paid x2, not x3." in text


@pytest.mark.parametrize(("old", "new", "message"), [
    ("{symbol: W, count: 3, multiplier: 1}", "{symbol: Q, count: 3, multiplier: 1}", "unknown symbol 'Q'"),
    ("{symbol: W, count: 3, multiplier: 1}", "{symbol: W, count: -1, multiplier: 1}", "must not be negative"),
    ("bet: {", "pay_model: {type: ways}\nbet: {", "for line games"),
])
def test_bad_exceptions_are_refused(old: str, new: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(TOY.read_text().replace(old, new), source="<exceptions>")
