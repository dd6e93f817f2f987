"""Several multiplier wilds in one line win: multiplied together, or the highest once."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.evaluate import line_pays, screen_from_stops
from cabinet.core.linemath import line_expectation, line_pay_table
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.round import RoundRequest, play_round

TOY = """
format: 1
id: toy-mult
name: Toy multipliers
grid: {{reels: 3, rows: 1}}
wild_multipliers: {mode}
symbols:
  - {{id: W2, kind: wild, multiplier: 2}}
  - {{id: W3, kind: wild, multiplier: 3}}
  - {{id: A}}
  - {{id: B}}
reels:
  base: ["A W2 B W3 A", "W3 A W2 B B", "A W3 B A W2 W2"]
lines: [[0, 0, 0]]
pays:
  A: {{2: 1, 3: 5}}
  B: {{3: 2}}
  W2: {{3: 10}}
bet: {{currency: CRD, minor_units: 0, coin_values: ["1"]}}
"""


def toy(mode: str) -> Definition:
    return load_definition_text(TOY.format(mode=mode), "toy-mult.yaml")


@pytest.mark.parametrize(("mode", "factor"), [("multiply", 6), ("highest", 3)])
def test_two_wilds_in_one_win(mode: str, factor: int) -> None:
    (pay,) = line_pays(toy(mode), ("W2", "W3", "A"))
    assert (pay.symbol, pay.count, pay.multiplier, pay.coins) == ("A", 3, factor, 5 * factor)


@pytest.mark.parametrize("mode", ["multiply", "highest"])
def test_exact_line_value_and_the_batch_table_equal_the_evaluator_on_every_stop(mode: str) -> None:
    defn = toy(mode)
    strips = defn.reels["base"]
    total = Fraction(0)
    stops = list(itertools.product(*(range(len(s)) for s in strips)))
    for combo in stops:
        screen = screen_from_stops(defn, "base", combo)
        total += sum((p.coins for p in line_pays(defn, tuple(c[0] for c in screen))), Fraction(0))
    assert line_expectation(defn, "base").total == total / len(stops)  # the DP par uses
    table = line_pay_table(defn, "base")  # what simulate's batch and lean rounds look up
    place = [math.prod(table.shape[r + 1 :]) for r in range(len(table.shape))]
    for seq in itertools.product(*table.alphabets):
        index = sum(table.alphabets[r].index(s) * place[r] for r, s in enumerate(seq))
        paid = sum((p.coins for p in line_pays(defn, seq)), Fraction(0))
        assert Fraction(int(table.coins[index]), table.denominator) == paid, seq


def test_halloween_multiplies_a_win_once_however_many_multiplier_wilds_it_holds() -> None:
    defn = load_game("halloween-wins-3")
    assert defn.wild_multipliers == "highest"
    # stops 74 18 47 75 87: three MWILDs across reels 2-4 of row 2; the draw (below 1000) picks x20
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=(74, 18, 47, 75, 87, 999)))
    multiplied = [e for e in result.events if e.kind == "win_multiplied"]
    assert [e.multiplier for e in multiplied] == [20] and len(multiplied[0].positions) == 3
    wins = [e for e in result.events if e.kind == "line_win"]
    assert wins and all(e.multiplier in (1, 20) for e in wins)  # never 20 x 20 x 20
    assert max(e.multiplier for e in wins) == 20


@pytest.mark.parametrize("mode", ["multiply", "highest"])
@pytest.mark.parametrize("direction", ["left_to_right", "both_ways"])
@pytest.mark.parametrize("wild_lines", ["first_symbol", "best_symbol"])
def test_one_line_pass_prices_every_drawn_multiplier_as_the_game_that_carries_it(
    mode: str, direction: str, wild_lines: str
) -> None:
    """``line_expectations_by_multiplier`` leaves a wild's multiplier open in the line DP; each
    value must give what the game whose wild carries it gives, figure for figure, and the
    evaluator on every stop (multiplier wilds' par prices its 50 lines x 8 draws with it)."""
    from cabinet.core.features.multiplier_wilds import with_multiplier
    from cabinet.core.linemath import (
        _strip_weights,
        line_expectation_of_weights,
        line_expectations_by_multiplier,
        line_value_of_weights,
    )

    text = TOY.format(mode=mode).replace("grid:", f"pay_direction: {direction}\nwild_lines: {wild_lines}\ngrid:")
    defn = load_definition_text(text, "toy-mult.yaml")
    both = direction == "both_ways"
    weights = _strip_weights(defn.reels["base"])
    values = [1, 2, 3, 5, 7]
    drawn = line_expectations_by_multiplier(defn, weights, both, wild="W3", multipliers=values)
    assert list(drawn) == values
    strips = defn.reels["base"]
    stops = list(itertools.product(*(range(len(s)) for s in strips)))
    for m in values:
        game = with_multiplier(defn, "W3", m)
        assert drawn[m] == line_expectation_of_weights(game, weights, both)
        assert line_value_of_weights(game, "base", weights, both) == drawn[m].total  # the table's reading
        brute = sum((sum((p.coins for p in line_pays(game, tuple(c[0] for c in screen_from_stops(game, "base", combo)))),
                         Fraction(0)) for combo in stops), Fraction(0))
        assert drawn[m].total == brute / len(stops)
    assert drawn[7].total != drawn[1].total  # the wild's value shows in the figures
    # a symbol that is no wild carries no multiplier: every value prices as the game itself
    plain = line_expectations_by_multiplier(defn, weights, both, wild="A", multipliers=[1, 9])
    assert plain[1] == plain[9] == line_expectation_of_weights(defn, weights, both)
    # weights showing a symbol reel 1's strip lacks (B) are read by the DP, not the table
    narrow = load_definition_text(text.replace('"A W2 B W3 A"', '"A W2 A W3 A"'), "toy-mult.yaml")
    assert line_value_of_weights(narrow, "base", weights, both) == line_expectation_of_weights(narrow, weights, both).total
