"""A wild multiplier that leaves the wild's own pays alone (issue 35, item 6; Dolphin's Pearl):
``multiplies_own_pays: false`` on a wild. A line win the wild substitutes in is multiplied;
a line paid on the wild's own pays is x1, for a fixed multiplier and for one a
``multiplier_wilds`` block draws. Par exact and equal to brute force; the batch equals play_round."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.evaluate import compiled
from cabinet.core.linemath import line_expectation_of_weights, with_multiplier
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-wild-own-pays.yaml"


@pytest.fixture(scope="module")
def toy():  # type: ignore[no-untyped-def]
    return load_definition(TOY)


@pytest.mark.parametrize(("line", "coins", "multiplier"), [
    (("W", "W", "W"), 20, 1),  # the wild's own pays: x1
    (("W", "W", "B"), 6, 2),  # B x3 with the wilds (3 x2 = 6) beats W x2 (2)
    (("W", "W", "MW"), 60, 2),  # MW's own pays with W in them: W doubles them (only W's own are x1)
    (("W", "A", "A"), 10, 2),  # substituting: x2
    (("W", "W", "A"), 10, 2),  # A x3 with the wilds (5 x2 = 10) beats W x2 (2)
    (("A", "W", "W"), 10, 2),
])
def test_a_line_of_wilds_alone_is_paid_x1(toy, line: tuple[str, ...], coins: int, multiplier: int) -> None:  # type: ignore[no-untyped-def]
    (pay,) = compiled(toy).line_pays(line, False)
    assert (pay.coins, pay.multiplier) == (coins, multiplier)


def test_a_drawn_multiplier_leaves_its_wilds_own_pays_alone(toy) -> None:  # type: ignore[no-untyped-def]
    game = with_multiplier(toy, "MW", 5)
    (own,) = compiled(game).line_pays(("MW", "MW", "MW"), False)
    (subst,) = compiled(game).line_pays(("MW", "A", "A"), False)
    assert (own.coins, own.multiplier) == (30, 1)
    assert (subst.coins, subst.multiplier) == (25, 5)
    # the line DP agrees, wild multiplier left open or not
    weights = [[("MW", 1), ("A", 1)], [("MW", 1)], [("MW", 1)]]
    assert line_expectation_of_weights(game, weights, False).total == Fraction(30 + 25, 2)


def test_par_is_exact_and_equals_brute_force(toy) -> None:  # type: ignore[no-untyped-def]
    report = par(toy)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(toy).rtp


def test_the_batch_equals_play_round(toy) -> None:  # type: ignore[no-untyped-def]
    bet = default_bet(toy)
    seeds = derive_seeds(4, 0, 1000)
    out = round_outcomes(toy, bet, seeds)
    played = [play_round(toy, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))


def test_only_a_lines_wild_may_leave_its_own_pays() -> None:
    text = TOY.read_text()
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text.replace("- {id: A}", "- {id: A, multiplies_own_pays: false}"), "bad.yaml")
    assert "multiplies_own_pays is for a wild" in str(err.value)
