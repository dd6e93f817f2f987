"""Retro Reels Diamond Glitz: the definition against its rule sheet, its exact RTP and its scenarios."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureTriggered, LineWin, ReelsStopped, ScatterWin, SpinStarted
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.features.paid_respin import PaidRespin
from cabinet.core.loader import load_game
from cabinet.core.round import RoundRequest, play_round, respin_prices
from cabinet.core.tuning import max_in_window, strip_issues

GAME = "retro-reels-diamond-glitz"
SHEET_SYMBOLS = {
    "DIAMOND", "SEVEN", "TRIPLE_BAR", "DOUBLE_BAR", "BAR", "BELL", "CHERRY", "LEMON", "PLUM", "BONUS",
}
HIGH = {"DIAMOND", "SEVEN", "TRIPLE_BAR"}
BASE_STACKS = {"PLUM": 2, "LEMON": 2, "CHERRY": 2}  # the base strips pair their low fruits


@pytest.fixture(scope="module")
def defn() -> Definition:
    return load_game(GAME)


def free_spins_of(defn: Definition) -> FreeSpins:
    f = defn.feature("free_spins")
    assert isinstance(f, FreeSpins)
    return f


# --- the sheet's rules, as data ---------------------------------------------------------------------


def test_symbols_are_the_sheet_s_and_there_is_no_wild(defn: Definition) -> None:
    assert set(defn.symbol_ids) == SHEET_SYMBOLS
    assert defn.theme == "retro"
    assert not [s for s in defn.symbols if s.kind == "wild"]
    assert defn.symbol_map["BONUS"].kind == "scatter"
    assert all(s.counts == 1 for s in defn.symbols)


def test_twenty_selectable_lines_and_twenty_coins_per_line(defn: Definition) -> None:
    assert (defn.grid.reels, defn.grid.rows) == (5, 3)
    assert len(defn.lines) == 20 and len(set(defn.lines)) == 20
    assert defn.lines[0] == (1, 1, 1, 1, 1)  # one line: the middle row
    assert defn.bet.lines == tuple(range(1, 21))
    assert defn.bet.coins_per_line == tuple(range(1, 21))
    assert defn.bet.coin_values == (1, 2, 5, 10, 20, 25, 50, 100)  # cents
    assert default_bet(defn) == Bet(20, 1, 1)


def test_line_pays_left_to_right_from_reel_one(defn: Definition) -> None:
    assert defn.pay_direction == "left_to_right"
    assert defn.pays["DIAMOND"][5] == 5000  # the top award
    for sid in SHEET_SYMBOLS - {"BONUS"}:
        table = defn.pays[sid]
        assert sorted(table.values()) == [table[k] for k in sorted(table)], f"{sid} pays grow with the count"


def test_scatter_pays_from_two_and_free_spins_start_from_three(defn: Definition) -> None:
    assert defn.pays["BONUS"] == {2: 1, 3: 5, 4: 20, 5: 100}
    f = free_spins_of(defn)
    assert f.trigger_symbol == "BONUS"
    assert f.awards == {3: 15, 4: 20, 5: 25}
    assert f.retrigger and f.retrigger_awards == {3: 15, 4: 20, 5: 25}


def test_free_spins_doubled_capped_and_respins_offered(defn: Definition) -> None:
    f = free_spins_of(defn)
    assert f.win_multiplier == 2 and f.multiply_scatter_pays
    assert f.max_win_coins == 440_000 and not f.max_win_x_bet
    assert [w.set for w in f.reel_sets] == ["free"]
    respin = defn.feature("paid_respin")
    assert isinstance(respin, PaidRespin) and respin.min_price_coins == 1
    assert defn.rtp == Fraction(9647, 10000)


# --- strips -----------------------------------------------------------------------------------------


def test_every_sheet_symbol_is_on_every_reel(defn: Definition) -> None:
    for name, strips in defn.reels.items():
        for r, strip in enumerate(strips):
            assert set(strip) == SHEET_SYMBOLS, f"{name} reel {r + 1}"
            assert 30 <= len(strip) <= 80


def test_one_bonus_per_window_and_no_clumped_high_symbols(defn: Definition) -> None:
    for name, strips in defn.reels.items():
        stacks = BASE_STACKS if name == "base" else {}
        for r, strip in enumerate(strips):
            assert max_in_window(strip, {"BONUS"}) == 1, f"{name} reel {r + 1}"
            for sid in HIGH:
                assert max_in_window(strip, {sid}) == 1, f"{sid} twice in a window on {name} reel {r + 1}"
            assert strip_issues(strip, spaced={"BONUS"}, apart=HIGH, stacks=stacks) == []


# --- exact math -------------------------------------------------------------------------------------


def poisson_binomial(ps: list[Fraction]) -> list[Fraction]:
    """P(exactly k of independent events) for k = 0..len(ps)."""
    dist = [Fraction(1)]
    for p in ps:
        dist = [
            (dist[k] if k < len(dist) else 0) * (1 - p) + (dist[k - 1] * p if k else 0)
            for k in range(len(dist) + 1)
        ]
    return dist


def test_bonus_odds_by_hand(defn: Definition) -> None:
    """With one BONUS per window, a reel shows BONUS on 3 x (its BONUS count) of its stops."""
    par = pytest.importorskip("cabinet.core.par", reason="cabinet par is not available")
    shows = [Fraction(3 * strip.count("BONUS"), len(strip)) for strip in defn.reels["base"]]
    dist = poisson_binomial(shows)
    scatter = sum(dist[k] * defn.pays["BONUS"][k] for k in (2, 3, 4, 5))
    report = par.par(defn)
    assert report.scatter_rtp == scatter
    assert report.free_spins[0].trigger_rate == dist[3] + dist[4] + dist[5]


def test_diamond_line_rtp_by_hand(defn: Definition) -> None:
    """No wild: a line pays k DIAMONDs when reels 1..k show one and reel k+1 does not."""
    par = pytest.importorskip("cabinet.core.par", reason="cabinet par is not available")
    p = [Fraction(strip.count("DIAMOND"), len(strip)) for strip in defn.reels["base"]]
    expected = Fraction(0)
    for k, pay in defn.pays["DIAMOND"].items():
        run = math.prod(p[:k], start=Fraction(1))
        expected += pay * run * (1 - p[k] if k < 5 else 1)
    assert par.par(defn).symbols["DIAMOND"] == expected  # per line coin = x total bet


def test_par_hits_the_published_rtp(defn: Definition) -> None:
    par = pytest.importorskip("cabinet.core.par", reason="cabinet par is not available")
    report = par.par(defn)
    assert report.total_rtp is not None
    assert abs(report.total_rtp - defn.rtp) <= Fraction(1, 10_000)
    # a studio-shaped split: base game ~70%, free spins ~25%; feature 1 in 120..250
    assert 0.65 <= report.base_rtp / report.total_rtp <= 0.75
    assert 0.20 <= report.free_spins_rtp / report.total_rtp <= 0.30
    assert 120 <= 1 / report.free_spins[0].trigger_rate <= 250
    assert report.hit_rate is not None and 0.20 <= report.hit_rate <= 0.35


# --- scenarios --------------------------------------------------------------------------------------


def scenario(defn: Definition, name: str) -> tuple[int, ...]:
    found = [s for s in defn.scenarios if s.name == name]
    assert found, f"no scenario {name!r}"
    return found[0].script


def play(defn: Definition, name: str, bet: Bet | None = None, seed: int = 11) -> Any:
    return play_round(defn, RoundRequest(bet or default_bet(defn), seed, script=scenario(defn, name)))


def of(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


def test_scenario_free_spins_with_a_retrigger(defn: Definition) -> None:
    bet = Bet(20, 2, 5)  # 2.00
    result = play(defn, "free spins with a retrigger", bet)
    triggers = of(result, FeatureTriggered)
    assert (triggers[0].count, triggers[0].awarded, triggers[0].retrigger) == (3, 15, False)
    assert (triggers[1].count, triggers[1].awarded, triggers[1].retrigger) == (3, 15, True)
    spins = [e for e in of(result, SpinStarted) if e.mode == "free"]
    assert spins[0].multiplier == 2 and spins[0].remaining == 14
    assert spins[1].remaining == 28  # 14 left + 15 added - the one being played
    assert result.stats["free_spins_spins"] >= 30
    scatters = of(result, ScatterWin)
    assert scatters[0].amount == 5 * bet.total  # the trigger pays 5 x bet
    assert scatters[1].amount == 5 * bet.total * 2  # a free-spin scatter pay is doubled


def test_scenario_scatter_pay(defn: Definition) -> None:
    bet = Bet(7, 3, 10)  # 7 lines x 3 coins x 0.10 = 2.10
    result = play(defn, "scatter pay", bet)
    assert [(e.count, e.amount) for e in of(result, ScatterWin)] == [(2, bet.total)]
    assert not of(result, FeatureTriggered) and not of(result, LineWin)
    assert result.total_win == bet.total
    prices = respin_prices(defn, bet, result.final_stops, "base")
    assert all(p is not None and p >= bet.coin_value for p in prices)  # at least one coin


def test_scenario_a_big_line_win(defn: Definition) -> None:
    bet = Bet(1, 20, 100)  # one line, twenty coins of 1.00
    result = play(defn, "a big line win", bet)
    stopped = of(result, ReelsStopped)[0]
    assert [column[1] for column in stopped.screen] == ["DIAMOND"] * 5
    (win,) = of(result, LineWin)  # one line played: only the middle line pays
    assert (win.line, win.symbol, win.count) == (0, "DIAMOND", 5)
    assert win.amount == 5000 * 20 * 100 == result.total_win


def test_scenario_respin_one_reel_into_a_win(defn: Definition) -> None:
    sc = next(s for s in defn.scenarios if s.name == "respin one reel into a win")
    spin = play(defn, sc.name)
    assert spin.total_win == 0 and spin.respin_prices is not None
    bet = default_bet(defn)
    respin = play_round(defn, RoundRequest(bet, 9, kind="respin", respin_reel=sc.respin_reel - 1,
                                           held_stops=spin.final_stops, held_reel_set=spin.final_reel_set,
                                           script=sc.respin_script))
    assert respin.cost == spin.respin_prices[sc.respin_reel - 1]
    # PLUM x5 on four lines and x3 on two: 4 x 150 + 2 x 20 = 640 coins at 1 coin a line
    assert respin.total_win == 32 * bet.total
    assert {(e.symbol, e.count) for e in respin.events if isinstance(e, LineWin)} == {("PLUM", 5), ("PLUM", 3)}


def test_every_scenario_is_exercised(defn: Definition) -> None:
    assert Counter(s.name for s in defn.scenarios) == Counter(
        ["free spins with a retrigger", "scatter pay", "a big line win", "respin one reel into a win"]
    )


def test_rules_cover_the_sheet(defn: Definition) -> None:
    text = " ".join(defn.rules).lower()
    for phrase in ("20 coins per payline", "malfunction", "respin", "440,000", "doubled", "96.47%",
                   "15, 20 or 25", "coin size", "leftmost reel", "scatter"):
        assert phrase in text, phrase


def test_the_feature_is_capped_at_440000_coins(defn: Definition) -> None:
    """Forced free spins at 20 lines x 20 coins: DIAMONDs on the middle row of every free reel
    pay 5000 x 20 coins x2 = 200,000 coins a spin (more with other lines). The spin that takes
    the feature past 440,000 coins is cut down to it (WinCapped) and the feature ends at once."""
    from cabinet.core.events import FeatureEnded, SpinEnded, WinCapped

    free = defn.reels["free"]
    diamonds = tuple((strip.index("DIAMOND") - 1) % len(strip) for strip in free)  # DIAMOND in the middle
    base = scenario(defn, "free spins with a retrigger")[:5]  # 3 BONUS: 15 free spins
    for coin in (1, 5):  # the cap is counted in coins of the coin size
        bet = Bet(20, 20, coin)
        result = play_round(defn, RoundRequest(bet, 4, script=base + diamonds * 5))
        (capped,) = of(result, WinCapped)
        cap = 440_000 * coin
        assert capped.cap == cap and capped.removed > 0
        (ended,) = of(result, FeatureEnded)
        assert ended.total == cap and ended.spins_played < 15  # ended at once, spins left unplayed
        free_wins = [e.win for e in of(result, SpinEnded) if e.mode == "free"]
        assert sum(free_wins) == cap and len(free_wins) == ended.spins_played
        base_win = next(e.win for e in of(result, SpinEnded) if e.mode == "base")
        assert result.total_win == base_win + cap
        assert result.respin_prices is None  # no respin straight after a feature


def test_respin_prices_are_the_brute_force_value_over_the_game_rtp(defn: Definition) -> None:
    """Every stop of each reel played through ``play_round(kind="respin")``: the price shown is
    the mean of the new wins (plus, for a stop that starts free spins, their exact value from
    ``cabinet par``: award / (1 - spins added per spin) x value of one spin) / 96.47%, rounded
    up to a coin of 0.05 (never below the value over the RTP), never below one coin. The held screen shows two BONUS and a line
    win, so new scatter pays, free-spin triggers and "held wins do not pay again" all count."""
    from cabinet.core.events import FeatureEnded
    from cabinet.core.par import par

    fs = par(defn).free_spins[0]
    bet = Bet(20, 3, 5)  # 20 lines x 3 coins x 0.05 = 3.00
    held = find_screen(defn, bet)
    shown = respin_prices(defn, bet, held, "base")
    assert defn.feature("paid_respin").price_rtp == 0  # priced at the game's own RTP
    values = []
    for reel, strip in enumerate(defn.reels["base"]):
        total = Fraction(0)
        for stop in range(len(strip)):
            request = RoundRequest(bet, 1, kind="respin", respin_reel=reel, held_stops=held, script=(stop,),
                                   with_offer=False)
            result = play_round(defn, request)
            assert result.cost == shown[reel]
            total += result.total_win - sum(e.total for e in of(result, FeatureEnded))  # the free spins' draw ...
            for trigger in of(result, FeatureTriggered)[:1]:  # ... replaced by their exact value
                award = free_spins_of(defn).awards[trigger.count]
                total += award / (1 - fs.added_per_spin) * fs.spin_value * bet.total
        values.append(total / len(strip) / bet.coin_value)  # the expected new win, in coins
        coins = values[-1] / defn.rtp
        assert shown[reel] == max(1, math.ceil(coins)) * bet.coin_value, f"reel {reel + 1}"
    # the RTP division matters on this screen: priced at 100% some reel would cost other coins
    assert any(max(1, math.ceil(v)) * bet.coin_value != p for v, p in zip(values, shown, strict=True))


def find_screen(defn: Definition, bet: Bet) -> tuple[int, ...]:
    """The first seeded base spin with a respin offer, two BONUS and a line win."""
    from cabinet.core.rng import derive_seed

    for i in range(2000):
        result = play_round(defn, RoundRequest(bet, derive_seed(77, i), with_offer=False))
        screen = of(result, ReelsStopped)[0].screen
        bonus = sum(column.count("BONUS") for column in screen)
        if bonus == 2 and of(result, LineWin) and not result.features:
            return result.final_stops
    raise AssertionError("no such screen")
