"""Canyon Gold (games/canyon-gold.yaml): a 243-ways game with free spins. Its exact par is the
published RTP, its strips keep the promises of its design notes, its scenarios play what they
say and its rules say what the definition does."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureTriggered, ReelsStopped, ScatterWin, SpinStarted
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.loader import load_game, resolve_game
from cabinet.core.pays import model_of
from cabinet.core.pays.ways import WaysWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate
from cabinet.core.tuning import max_in_window

GAME = "canyon-gold"


@pytest.fixture(scope="module")
def defn() -> Definition:
    return load_game(GAME)


@pytest.fixture(scope="module")
def report(defn: Definition) -> Any:
    from cabinet.core.par import par

    return par(defn)


def free_spins_of(defn: Definition) -> FreeSpins:
    f = defn.feature("free_spins")
    assert isinstance(f, FreeSpins)
    return f


def play(defn: Definition, scenario: str, bet: Bet | None = None, seed: int = 5) -> Any:
    script = next(s.script for s in defn.scenarios if s.name == scenario)
    return play_round(defn, RoundRequest(bet or default_bet(defn), seed, script=script))


def of(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


def percent(value: Fraction, places: int) -> str:
    return f"{float(value * 100):.{places}f}%"


# --- the definition -----------------------------------------------------------------------------------


def test_243_ways_for_25_coins_a_level(defn: Definition) -> None:
    assert (defn.grid.reels, defn.grid.rows) == (5, 3)
    assert (defn.pay_model.type, defn.pay_model.cost) == ("ways", 25)
    assert defn.lines == ()
    assert defn.bet.coins_per_line == (1, 2, 3, 4, 5, 10) and defn.bet.label == "level"
    bet = Bet(25, 4, 10)  # level 4 at 0.10
    assert bet.total == 25 * 4 * 10
    assert defn.theme == "canyon"


def test_wild_on_the_middle_reels_only_without_pays(defn: Definition) -> None:
    wild = next(s for s in defn.symbols if s.kind == "wild")
    assert (wild.id, wild.reels, wild.multiplier) == ("WILD", (2, 3, 4), 1)
    assert "WILD" not in defn.pays
    for name, strips in defn.reels.items():
        assert all("WILD" not in strips[r] for r in (0, 4)), name


@pytest.mark.parametrize("reel_set", ["base", "free"])
def test_nugget_wild_and_hat_never_twice_in_a_window(defn: Definition, reel_set: str) -> None:
    for symbol in ("NUGGET", "WILD", "HAT"):
        for strip in defn.reels[reel_set]:
            assert max_in_window(strip, {symbol}) <= 1, (reel_set, symbol)


def test_free_reels_carry_one_more_wild_on_reels_2_and_4(defn: Definition) -> None:
    more = [Counter(free) - Counter(base) for base, free in zip(defn.reels["base"], defn.reels["free"], strict=True)]
    fewer = [Counter(base) - Counter(free) for base, free in zip(defn.reels["base"], defn.reels["free"], strict=True)]
    assert more == [Counter(), Counter(WILD=1), Counter(), Counter(WILD=1), Counter()]
    assert fewer == [Counter(), Counter(), Counter(TEN=1), Counter(), Counter()]


def test_free_spins_block(defn: Definition) -> None:
    f = free_spins_of(defn)
    assert (f.trigger_symbol, dict(f.awards), f.retrigger, f.win_multiplier) == ("NUGGET", {3: 10, 4: 15, 5: 20},
                                                                                 True, 3)
    assert f.retrigger_awards == {} and f.multiply_scatter_pays
    assert [(c.set, c.weight) for c in f.reel_sets] == [("free", 1)]


# --- par ----------------------------------------------------------------------------------------------


def test_par_is_exact_and_the_published_rtp_at_its_printed_digits(defn: Definition, report: Any) -> None:
    assert report.exact and report.estimates() == []
    assert report.pay_model == "ways"
    assert percent(report.total_rtp, 2) == percent(defn.rtp, 2) == "96.00%"
    assert resolve_game(GAME).read_text(encoding="utf-8").count('\nrtp: "96.00%"') == 1  # the top level's


def test_design_notes_state_the_par(defn: Definition, report: Any) -> None:
    """The file's header quotes `cabinet par`: the figures it gives are par's, to its digits."""
    notes = resolve_game(GAME).read_text(encoding="utf-8").split("format: 1")[0]
    fs = report.free_spins[0]
    for said in (f"total {percent(report.total_rtp, 6)}", f"base game {percent(report.base_rtp, 2)}",
                 f"ways {percent(report.line_rtp, 2)}", f"NUGGET pays {percent(report.scatter_rtp, 2)}",
                 f"free spins {percent(fs.rtp, 2)}", f"1 base spin in {float(1 / fs.trigger_rate):.1f}",
                 f"{float(fs.expected_spins):.2f} spins", f"hit rate {percent(report.hit_rate, 1)}"):
        assert said in re.sub(r"\s+#\s+", " ", notes), said


def test_the_feature_is_a_quarter_of_the_rtp(report: Any) -> None:
    assert 0.20 <= report.free_spins_rtp / report.total_rtp <= 0.30
    assert 80 <= 1 / report.free_spins[0].trigger_rate <= 150
    assert 0.30 <= report.hit_rate <= 0.45


def test_simulate_agrees_with_par(defn: Definition, report: Any) -> None:
    sim = simulate(defn, 400_000, 31)
    assert abs(float(sim.rtp) - float(report.total_rtp)) < 4 * sim.standard_error


# --- scenarios ----------------------------------------------------------------------------------------


def test_scenario_five_cactus_on_24_ways(defn: Definition) -> None:
    bet = Bet(25, 2, 5)  # level 2 at 0.05: 2.50
    result = play(defn, "five cactus on 24 ways", bet)
    screen = of(result, ReelsStopped)[0].screen
    assert [sum(s in ("CACTUS", "WILD") for s in column) for column in screen] == [2, 2, 3, 2, 1]
    assert any("WILD" in column for column in screen)
    win = next(e for e in of(result, WaysWin) if e.symbol == "CACTUS")
    assert (win.count, win.ways, win.coins, win.multiplier) == (5, 24, 120, 1)
    assert win.amount == 24 * 120 * 2 * 5
    assert Fraction(result.total_win, bet.total) == Fraction(1152, 10)  # "115.2 x the bet"
    assert not of(result, FeatureTriggered)


def test_scenario_gold_rush(defn: Definition) -> None:
    bet = default_bet(defn)
    result = play(defn, "gold rush", bet)
    screen = of(result, ReelsStopped)[0].screen
    assert [("NUGGET" in column) for column in screen] == [True, False, True, False, True]
    assert of(result, ScatterWin)[0].amount == 2 * bet.total
    trigger = of(result, FeatureTriggered)[0]
    assert (trigger.count, trigger.awarded, trigger.retrigger) == (3, 10, False)
    free = [e for e in of(result, SpinStarted) if e.mode == "free"]
    assert len(free) == result.stats["free_spins_spins"] >= 10
    assert all(e.multiplier == 3 and e.reel_set == "free" for e in free)
    # every free-spin ways win is tripled
    wins = [e for e in of(result, WaysWin)]
    assert wins and all(w.multiplier == 3 and w.amount == w.coins * w.ways * 3 * bet.coins_per_line * bet.coin_value
                        for w in wins)


def test_scenario_gold_rush_retrigger(defn: Definition) -> None:
    bet = default_bet(defn)
    result = play(defn, "gold rush retrigger", bet)
    first_free = of(result, ReelsStopped)[1]
    assert first_free.reel_set == "free"
    assert [("NUGGET" in column) for column in first_free.screen] == [True, True, True, False, False]
    retrigger = next(e for e in of(result, FeatureTriggered) if e.retrigger)
    assert (retrigger.count, retrigger.awarded) == (3, 10)
    scatter = of(result, ScatterWin)[1]
    assert (scatter.multiplier, scatter.amount) == (3, 2 * 3 * bet.total)  # "2 x 3 = 6 x the bet"
    assert result.stats["free_spins_spins"] >= 20


def test_scenario_five_gold_nuggets(defn: Definition) -> None:
    bet = default_bet(defn)
    result = play(defn, "five gold nuggets", bet)
    assert all("NUGGET" in column for column in of(result, ReelsStopped)[0].screen)
    assert of(result, ScatterWin)[0].amount == 50 * bet.total
    trigger = of(result, FeatureTriggered)[0]
    assert (trigger.count, trigger.awarded) == (5, 20)


def test_scenarios_play_the_same_whatever_the_seed(defn: Definition) -> None:
    """A scenario's script forces what its description says; only the free spins after it vary."""
    for name in ("five cactus on 24 ways", "five gold nuggets"):
        first = [of(play(defn, name, seed=seed), ReelsStopped)[0] for seed in (1, 2)]
        assert first[0] == first[1]


# --- rules --------------------------------------------------------------------------------------------


def test_rules_say_what_the_definition_does(defn: Definition) -> None:
    text = " ".join(defn.rules)
    f = free_spins_of(defn)
    pays = defn.pays["NUGGET"]
    assert f"The theoretical return to player (RTP) of {defn.name} is {percent(defn.rtp, 2)}." in defn.rules
    assert f"total bet is {defn.pay_model.cost} x level x coin value" in text
    assert "bet level (" + ", ".join(map(str, defn.bet.coins_per_line[:-1])) + f" or {defn.bet.coins_per_line[-1]})" in text
    assert f"3, 4 or 5 anywhere pay {pays[3]}, {pays[4]} or {pays[5]} times the total bet" in text
    assert "start {}, {} or {} Gold Rush free spins".format(*f.awards.values()) in text
    assert "award {}, {} or {} more free spins".format(*f.awards.values()) in text
    assert f"tripled (x{f.win_multiplier})" in text and "reels 2, 3 and 4 only" in text


def test_the_info_page_says_243_ways_before_the_games_rules(defn: Definition) -> None:
    said = (*model_of(defn).rules(defn), *defn.rules)
    assert said[0].startswith("This game pays 243 ways")
    assert said[len(said) - len(defn.rules)] == defn.rules[0]


def test_texts_name_the_gold_rush(defn: Definition) -> None:
    texts = free_spins_of(defn).texts
    assert texts["intro_title"] == "GOLD RUSH" and "{spins}" in texts["intro_spins"]
    assert all("FREE SPINS WON" not in words for words in texts.values())
