"""Scatter pays and awards of their own in free spins (issue 35, item 5: King of Clovers' free-spin
scatter table; Champagne's retrigger awards other than the trigger's): ``free_spins:
free_scatter_pays`` with ``retrigger_awards``. Play pays the free spins' table only in them; par
is exact and equals brute force; the batch path plays these rounds through play_round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureTriggered, ScatterWin, SpinStarted
from cabinet.core.features.free_spins import spins_plan
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-free-scatter-pays.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def test_the_base_game_and_the_free_spins_pay_the_scatter_by_their_own_tables(toy: Definition) -> None:
    # base S S S (2x the bet, 20); free spin 1: S S S (10x, 100) retriggers +1 (not the trigger's 2);
    # free spins 2 and 3: S S B (2 S: 1x, 10), then A B B (nothing)
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0)))
    start = next(i for i, e in enumerate(result.events) if isinstance(e, SpinStarted) and e.mode == "free")
    base = [(e.count, e.amount) for e in result.events[:start] if isinstance(e, ScatterWin)]
    free = [(e.count, e.amount) for e in result.events[start:] if isinstance(e, ScatterWin)]
    assert base == [(3, 20)]
    assert free == [(3, 100), (2, 10)]
    retrigger = [e.awarded for e in result.events if isinstance(e, FeatureTriggered) and e.retrigger]
    assert retrigger == [1]
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == 3


def test_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    brute = round_value(toy)
    assert brute.paths > 200
    assert report.total.value == brute.rtp
    (fs,) = toy.features
    plain = dataclasses.replace(toy, features=(dataclasses.replace(fs, free_scatter_pays={}),))
    assert report.total.value > par(plain).total.value


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    assert spins_plan(toy, toy.features[0], bet) is None
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(toy, bet, seeds)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 20
    assert np.array_equal(out.win, [r.total_win for r in results])


def test_the_info_rules_give_the_free_spins_table(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    section = rules(Writer(toy, default_bet(toy)), toy.features[0])
    text = " ".join(p.text for p in section.paras)
    assert "During free spins, S symbols anywhere pay their own table: 2 pay 1 times the bet and 3 pay 10" in text
    assert "add 1 more spins" in text


@pytest.mark.parametrize(("new", "message"), [
    ("    A: {2: 1, 3: 10}", "'A' is not a scatter symbol"),
    ("    S: {2: 1, 3: '0.05'}", "not a whole number of minor units"),
])
def test_bad_tables_are_refused(new: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(TOY.read_text().replace("    S: {2: 1, 3: 10}", new), source="<scatter>")
