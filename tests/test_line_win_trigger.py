"""Free spins awarded by line wins (issue 35, item 5: Fruit Shop, where each winning line of a
fruit wins free spins too): ``free_spins: line_win_awards``. Each winning line adds its award;
par is exact (E[award] from the line DP, the rate over every window combination) and equals
brute force; the batch hands those spins to play_round and agrees round by round."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureTriggered
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-line-wins.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def test_a_winning_line_of_the_symbol_awards_its_spins(toy: Definition) -> None:
    # base stops (0, 0, 1): the top line A A A (award 1), the bottom B W A (no win); the free spin
    # lands nothing that pays
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(0, 0, 1, 1, 0, 1)))
    (trigger,) = [e for e in result.events if isinstance(e, FeatureTriggered)]
    assert (trigger.symbol, trigger.count, trigger.awarded) == ("A", 3, 1)
    assert trigger.positions == ((0, 0), (1, 0), (2, 0))
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == 1


def test_a_wild_substituting_counts_and_other_wins_do_not(toy: Definition) -> None:
    # (0, 1, 1): top A W A is 3 A (award 1); (1, 2, 0): top B B B pays B: no spins
    won = play_round(toy, RoundRequest(default_bet(toy), 1, script=(0, 1, 1, 1, 0, 1)))
    assert [e.awarded for e in won.events if isinstance(e, FeatureTriggered)] == [1]
    none = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0)))
    assert not none.features


def test_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    brute = round_value(toy)
    assert brute.paths > 20
    assert report.total.value == brute.rtp
    assert report.free_spins[0].trigger_rate == Fraction(8, 27)


def test_retriggers_by_line_wins_add_their_exact_mean(toy: Definition) -> None:
    (fs,) = toy.features
    defn = dataclasses.replace(toy, features=(dataclasses.replace(
        fs, retrigger=True, retrigger_line_win_awards={"A": {3: 1}, "B": {3: 1}}),))
    (row,) = par(defn).free_spins
    # each line shows A (W) A with 1/8 and B (B|W) B with 1/4 on the free reels; two lines
    assert row.added_per_spin == 2 * (Fraction(1, 8) + Fraction(1, 4))
    assert row.expected_spins == 1 / (1 - row.added_per_spin)


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(toy, bet, seeds)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 100
    assert np.array_equal(out.win, [r.total_win for r in results])


def test_the_info_rules_list_the_awards(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    text = " ".join(p.text for p in rules(Writer(toy, default_bet(toy)), toy.features[0]).paras)
    assert text.startswith("A winning line also wins free spins: 3 A wins 1 free spin; each winning line adds its own.")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("    A: {3: 1}", "    Q: {3: 1}", "unknown symbol 'Q'"),
    ("bet: {", "pay_direction: both_ways\nbet: {", "paid left to right"),
    ("  retrigger: false", "  retrigger: false\n  max_win_x_bet: 5", "max_win_x_bet is not priced"),
])
def test_bad_settings_are_refused(old: str, new: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(TOY.read_text().replace(old, new), source="<line wins>")
