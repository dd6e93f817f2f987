"""Candy Peaks Megaways (games/candy-peaks.yaml): a Megaways game with free spins. Its exact par
is the published RTP, its heights and strips keep the promises of its design notes, its
scenarios play what they say and its rules say what the definition does."""

from __future__ import annotations

import math
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
from cabinet.core.pays.megaways import HeightsDrawn, reel_heights
from cabinet.core.pays.ways import WaysWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate
from cabinet.core.tuning import max_in_window

GAME = "candy-peaks"


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


def height_point(defn: Definition, height: int) -> int:
    """The scenario value that draws ``height`` (the first point of its weight)."""
    point = 0
    for h, w in reel_heights(defn)[0]:
        if h == height:
            return point
        point += w
    raise AssertionError(height)


# --- the definition -----------------------------------------------------------------------------------


def test_six_reels_of_2_to_7_rows_for_20_coins_a_level(defn: Definition) -> None:
    assert (defn.grid.reels, defn.grid.rows) == (6, 7)
    assert (defn.pay_model.type, defn.pay_model.cost) == ("megaways", 20)
    assert defn.pay_model.heights == ({2: 1, 3: 2, 4: 3, 5: 3, 6: 2, 7: 1},)
    assert defn.bet.coins_per_line == (1, 2, 3, 4, 5, 10) and defn.bet.label == "level"
    assert defn.theme == "candy"


def test_heights_as_the_notes_say(defn: Definition) -> None:
    table = dict(reel_heights(defn)[0])
    total = sum(table.values())
    assert Fraction(table[7], total) == Fraction(1, 12)  # "7 rows high one spin in 12"
    assert Fraction(table[7], total) ** 6 == Fraction(1, 2_985_984)  # "all six one spin in 2,985,984"
    assert min(table) ** 6 == 64 and max(table) ** 6 == 117_649
    assert max(table.values()) == table[4] == table[5]  # "4 and 5 rows most often"


def test_wild_on_reels_2_to_5_only_without_pays(defn: Definition) -> None:
    wild = next(s for s in defn.symbols if s.kind == "wild")
    assert (wild.id, wild.reels, wild.multiplier) == ("WILD", (2, 3, 4, 5), 1)
    assert "WILD" not in defn.pays
    for name, strips in defn.reels.items():
        assert all("WILD" not in strips[r] for r in (0, 5)), name


@pytest.mark.parametrize("reel_set", ["base", "free"])
def test_star_and_wild_never_twice_on_a_reel_at_any_height(defn: Definition, reel_set: str) -> None:
    for symbol in ("STAR", "WILD"):
        for strip in defn.reels[reel_set]:
            assert max_in_window(strip, {symbol}, rows=7) <= 1, (reel_set, symbol)


def test_free_reels_carry_more_wilds(defn: Definition) -> None:
    more = [Counter(free) - Counter(base) for base, free in zip(defn.reels["base"], defn.reels["free"], strict=True)]
    fewer = [Counter(base) - Counter(free) for base, free in zip(defn.reels["base"], defn.reels["free"], strict=True)]
    assert more == [Counter(), Counter(WILD=1), Counter(WILD=2), Counter(WILD=2), Counter(WILD=1), Counter()]
    assert fewer == [Counter()] * 6


def test_free_spins_block(defn: Definition) -> None:
    f = free_spins_of(defn)
    assert (f.trigger_symbol, dict(f.awards), dict(f.retrigger_awards)) == ("STAR", {4: 12, 5: 16, 6: 20},
                                                                             {4: 5, 5: 8, 6: 10})
    assert [(m.value, m.weight) for m in f.spin_multipliers] == [(1, 10), (2, 6), (3, 3), (5, 1)]
    assert f.win_multiplier == 1 and f.multiply_scatter_pays
    assert [(c.set, c.weight) for c in f.reel_sets] == [("free", 1)]


# --- par ----------------------------------------------------------------------------------------------


def test_par_is_exact_and_the_published_rtp_at_its_printed_digits(defn: Definition, report: Any) -> None:
    assert report.exact and report.estimates() == []
    assert report.pay_model == "megaways"
    assert percent(report.total_rtp, 2) == percent(defn.rtp, 2) == "96.20%"
    assert resolve_game(GAME).read_text(encoding="utf-8").count('rtp: "96.20%"') == 1


def test_design_notes_state_the_par(defn: Definition, report: Any) -> None:
    """The file's header quotes `cabinet par`: the figures it gives are par's, to its digits."""
    notes = resolve_game(GAME).read_text(encoding="utf-8").split("format: 1")[0]
    fs = report.free_spins[0]
    for said in (f"total {percent(report.total_rtp, 6)}", f"base game {percent(report.base_rtp, 2)}",
                 f"ways {percent(report.line_rtp, 2)}", f"STAR pays {percent(report.scatter_rtp, 2)}",
                 f"free spins {percent(fs.rtp, 2)}", f"1 base spin in {float(1 / fs.trigger_rate):.1f}",
                 f"{float(fs.expected_spins):.2f} spins", f"hit rate {percent(report.hit_rate, 1)}"):
        assert said in re.sub(r"\s+#\s+", " ", notes), said


def test_the_feature_is_near_a_third_of_the_rtp(report: Any) -> None:
    assert 0.25 <= report.free_spins_rtp / report.total_rtp <= 0.35
    assert 60 <= 1 / report.free_spins[0].trigger_rate <= 150


def test_simulate_agrees_with_par(defn: Definition, report: Any) -> None:
    sim = simulate(defn, 300_000, 31)
    assert abs(float(sim.rtp) - float(report.total_rtp)) < 4 * sim.standard_error


# --- scenarios ----------------------------------------------------------------------------------------


def test_scenario_values_are_the_heights_the_comment_gives(defn: Definition) -> None:
    assert [height_point(defn, h) for h in range(2, 8)] == [0, 1, 3, 6, 9, 11]


def test_scenario_117649_ways(defn: Definition) -> None:
    bet = Bet(20, 3, 2)  # level 3 at 0.02: 1.20
    result = play(defn, "117,649 ways", bet)
    drawn = of(result, HeightsDrawn)[0]
    assert (drawn.heights, drawn.ways) == ((7,) * 6, 117_649)
    screen = of(result, ReelsStopped)[0].screen
    assert [len(column) for column in screen] == [7] * 6
    cupcake = next(e for e in of(result, WaysWin) if e.symbol == "CUPCAKE")
    assert (cupcake.count, cupcake.ways, cupcake.coins) == (6, 48, 125)
    assert math.prod(sum(s in ("CUPCAKE", "WILD") for s in column) for column in screen) == 48
    assert cupcake.amount == 6000 * 3 * 2  # "6,000 coins a level"
    assert Fraction(result.total_win, bet.total) == Fraction(3088, 10)  # "308.8 x the bet"


def test_scenario_sugar_climb(defn: Definition) -> None:
    bet = default_bet(defn)
    result = play(defn, "sugar climb", bet)
    drawn = of(result, HeightsDrawn)[0]
    assert (drawn.heights, drawn.ways) == ((3, 4, 5, 5, 4, 3), 3600)
    screen = of(result, ReelsStopped)[0].screen
    assert [("STAR" in column) for column in screen] == [True, True, True, True, False, False]
    assert of(result, ScatterWin)[0].amount == 2 * bet.total
    trigger = of(result, FeatureTriggered)[0]
    assert (trigger.count, trigger.awarded, trigger.retrigger) == (4, 12, False)
    free = [e for e in of(result, SpinStarted) if e.mode == "free"]
    assert len(free) == result.stats["free_spins_spins"] >= 12
    assert {e.multiplier for e in free} <= {1, 2, 3, 5} and all(e.reel_set == "free" for e in free)
    # every free spin draws its heights too: one HeightsDrawn per spin
    assert len(of(result, HeightsDrawn)) == 1 + len(free)


def test_scenario_sugar_climb_retrigger_at_x5(defn: Definition) -> None:
    bet = default_bet(defn)
    result = play(defn, "sugar climb retrigger at x5", bet)
    first_free = next(e for e in of(result, SpinStarted) if e.mode == "free")
    assert first_free.multiplier == 5
    assert of(result, HeightsDrawn)[1].heights == (5,) * 6
    retrigger = next(e for e in of(result, FeatureTriggered) if e.retrigger)
    assert (retrigger.count, retrigger.awarded) == (5, 8)
    scatter = of(result, ScatterWin)[1]
    assert (scatter.count, scatter.multiplier, scatter.amount) == (5, 5, 10 * 5 * bet.total)  # "50 x the bet"
    # every ways win of that spin is multiplied by 5
    events = list(result.events)
    start = events.index(first_free)
    end = next(i for i in range(start + 1, len(events)) if isinstance(events[i], SpinStarted))
    wins = [e for e in events[start:end] if isinstance(e, WaysWin)]
    assert wins and all(w.multiplier == 5 for w in wins)
    six_q = next(w for w in wins if w.symbol == "Q")
    assert (six_q.count, six_q.ways, six_q.amount) == (6, 18, 15 * 18 * 5 * bet.coins_per_line * bet.coin_value)
    assert result.stats["free_spins_spins"] >= 20


# --- rules --------------------------------------------------------------------------------------------


def test_rules_say_what_the_definition_does(defn: Definition) -> None:
    text = " ".join(defn.rules)
    f = free_spins_of(defn)
    pays = defn.pays["STAR"]
    weights = {m.value: m.weight for m in f.spin_multipliers}
    total = sum(weights.values())
    assert f"The theoretical return to player (RTP) of {defn.name} is {percent(defn.rtp, 2)}." in defn.rules
    assert f"total bet is {defn.pay_model.cost} x level x coin value" in text
    assert f"4, 5 or 6 anywhere pay {pays[4]}, {pays[5]} or {pays[6]} times the total bet" in text
    assert "start {}, {} or {} Sugar Climb free spins".format(*f.awards.values()) in text
    assert "award {}, {} or {} more free spins".format(*f.retrigger_awards.values()) in text
    assert "x1, x2, x3 or x5" in text
    said = {1: "half the time", 2: "three times in ten", 3: "three times in twenty", 5: "once in twenty"}
    words = {Fraction(1, 2): "half the time", Fraction(3, 10): "three times in ten",
             Fraction(3, 20): "three times in twenty", Fraction(1, 20): "once in twenty"}
    assert {m: words[Fraction(w, total)] for m, w in weights.items()} == said
    assert all(f"x{m} {phrase}" in text or (m == 1 and "x1 is drawn half the time" in text)
               for m, phrase in said.items())
    assert "up to 117,649 ways" in text and "2 to 7 symbols" in text


def test_the_info_page_explains_megaways_before_the_games_rules(defn: Definition) -> None:
    said = (*model_of(defn).rules(defn), *defn.rules)
    assert "different number of symbols every spin" in said[0]
    assert any(s.startswith("This game pays up to 117,649 ways") for s in said)


def test_texts_name_the_sugar_climb(defn: Definition) -> None:
    texts = free_spins_of(defn).texts
    assert texts["intro_title"] == "SUGAR CLIMB" and "{spins}" in texts["intro_spins"]
    assert all("FREE SPINS WON" not in words for words in texts.values())
