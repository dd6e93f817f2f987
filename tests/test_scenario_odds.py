"""Odds of the designer's scenarios (core/scenario_odds.py) and ``cabinet par --scenarios``."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

from cabinet.cli import main
from cabinet.core.definition import BaseGame, Scenario, WeightedName
from cabinet.core.loader import load_game
from cabinet.core.par import par
from cabinet.core.scenario_odds import Odds, scenario_odds, stops_probability, wilson


def test_a_trigger_scenario_has_the_exact_trigger_probability_of_its_count() -> None:
    defn = load_game("classic")
    report = par(defn)
    odds = scenario_odds(defn, report, rounds=2_000)
    first = odds[0]  # free spins: three STARs on reels 1-3
    assert first.outcome_odds is not None and first.outcome_odds.exact
    assert first.outcome_odds.probability == report.free_spins[0].trigger_probability[3]
    assert "3 STAR" in first.outcome
    lengths = [len(s) for s in defn.reels["base"]]
    expected = Fraction(1)
    for n in lengths:
        expected /= n
    assert first.stops_odds.exact and first.stops_odds.probability == expected
    assert first.stops == (5, 9, 7, 0, 0)
    # how often a round pays as much as this one did: an estimate beside the exact trigger odds
    from cabinet.core.bet import default_bet
    from cabinet.core.simulate import derive_seeds, round_wins

    assert first.win_odds is not None and not first.win_odds.exact and first.win_x > 0
    wins = round_wins(defn, default_bet(defn), derive_seeds(first.win_odds.seed, 0, 2_000))
    assert first.win_odds.hits == int((wins >= first.win_x * default_bet(defn).total).sum())


def test_a_win_scenario_is_an_estimate_with_its_interval_from_simulated_rounds() -> None:
    from cabinet.core.bet import default_bet
    from cabinet.core.simulate import derive_seeds, round_wins

    defn = load_game("classic")
    big = scenario_odds(defn, par(defn), rounds=20_000, seed=5)[2]
    o = big.outcome_odds
    assert o is not None and not o.exact and o.samples == 20_000 and o.seed == 5
    bet = default_bet(defn)
    wins = round_wins(defn, bet, derive_seeds(5, 0, 20_000))
    need = big.win_x * bet.total
    assert o.hits == int((wins >= need).sum())
    assert o.probability == Fraction(o.hits, 20_000)
    assert o.lo is not None and o.hi is not None and o.lo <= float(o.probability) <= o.hi
    assert "estimate" in o.text() and "20,000 rounds" in o.text()


def test_wilson_interval_is_sound_at_zero_and_narrows_with_samples() -> None:
    lo, hi = wilson(0, 1000)
    assert lo == 0 and 0.003 < hi < 0.004  # about 3.8 / n at 95%
    lo1, hi1 = wilson(50, 1000)
    lo2, hi2 = wilson(500, 10_000)
    assert lo1 < 0.05 < hi1 and hi2 - lo2 < hi1 - lo1
    assert Odds(Fraction(0), False, 0.0, hi, 1000, 1, 0).one_in().startswith("rarer than 1 in")


def test_stops_odds_weigh_the_reel_set_when_the_base_game_draws_one() -> None:
    defn = load_game("classic")
    two = dataclasses.replace(defn, reels={**defn.reels, "alt": defn.reels["base"][::-1]},
                              base_game=BaseGame((WeightedName("base", 1), WeightedName("alt", 3))))
    plain = stops_probability(defn, "base")
    assert stops_probability(two, "base") == plain / 4
    assert stops_probability(two, "alt") == plain * 3 / 4


def test_a_script_the_strips_cannot_answer_is_reported_not_raised() -> None:
    defn = load_game("classic")
    broken = dataclasses.replace(defn, scenarios=(Scenario("too far", (999, 0, 0, 0, 0)),))
    only = scenario_odds(broken, par(broken), rounds=200)[0]
    assert only.outcome_odds is None and "999" in only.problem


def test_par_scenarios_lists_every_scenario(capsys) -> None:  # noqa: ANN001 - pytest fixture
    assert main(["par", "classic", "--scenarios", "--scenario-rounds", "1000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in data["scenarios"]] == [s.name for s in load_game("classic").scenarios]
    assert data["scenarios"][0]["outcome_odds"]["exact"] is True
    assert main(["par", "classic", "--scenarios", "--scenario-rounds", "1000"]) == 0
    out = capsys.readouterr().out
    assert "F1 free spins" in out and "this outcome ('free_spins' triggered by 3 STAR): 1 in 71.4 (exact)" in out
