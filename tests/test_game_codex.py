"""Explorer's Codex (games/explorers-codex.yaml): a 10-line game whose Desert Codex is wild and
scatter at once, with Book-style expanding-symbol free spins. Its exact par is the published RTP,
its strips keep the promises of its design notes, its scenarios play what they say and a
simulation agrees with par."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureTriggered, LineWin, ReelsStopped, ScatterWin
from cabinet.core.features.expanding_symbol import SymbolDrawn, SymbolExpanded
from cabinet.core.loader import load_game, resolve_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate
from cabinet.core.tuning import max_in_window

GAME = "explorers-codex"


@pytest.fixture(scope="module")
def defn() -> Definition:
    return load_game(GAME)


@pytest.fixture(scope="module")
def report(defn: Definition) -> Any:
    from cabinet.core.par import par

    return par(defn)


def play(defn: Definition, scenario: str, bet: Bet | None = None, seed: int = 5) -> Any:
    script = next(s.script for s in defn.scenarios if s.name == scenario)
    return play_round(defn, RoundRequest(bet or default_bet(defn), seed, script=script))


def of(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


def percent(value: Fraction, places: int) -> str:
    return f"{float(value * 100):.{places}f}%"


def test_ten_lines_and_a_wild_scatter_codex(defn: Definition) -> None:
    assert (defn.grid.reels, defn.grid.rows, len(defn.lines)) == (5, 3, 10)
    codex = defn.symbol_map["CODEX"]
    assert (codex.kind, codex.scatter) == ("wild", True)
    assert defn.theme == "codex"
    f = defn.feature("free_spins")
    assert (f.trigger_symbol, dict(f.awards), f.retrigger) == ("CODEX", {3: 10}, True)
    expanding = defn.feature("expanding_symbol")
    assert expanding.feature == "free_spins"
    assert [e.symbol for e in expanding.symbols] == ["EXPLORER", "IDOL", "COMPASS", "SCARAB", "A", "K", "Q", "J", "TEN"]


def test_codex_once_a_reel_and_explorer_never_twice_in_a_window(defn: Definition) -> None:
    for strip in defn.reels["base"]:
        assert strip.count("CODEX") == 1
        assert max_in_window(strip, {"EXPLORER"}) <= 1


def test_par_is_exact_and_the_published_rtp_at_its_printed_digits(defn: Definition, report: Any) -> None:
    assert report.exact and report.estimates() == []
    assert percent(report.total_rtp, 2) == percent(defn.rtp, 2) == "96.09%"
    assert resolve_game(GAME).read_text(encoding="utf-8").count('rtp: "96.09%"') == 1


def test_design_notes_state_the_par(defn: Definition, report: Any) -> None:
    notes = re.sub(r"\s+#\s+", " ", resolve_game(GAME).read_text(encoding="utf-8").split("format: 1")[0])
    fs = report.free_spins[0]
    expansion = next(p for p in report.parts if p.name == "codex_symbol")
    for said in (f"total {percent(report.total_rtp, 6)}", f"1 base spin in {float(1 / fs.trigger_rate):.1f}",
                 f"{float(fs.expected_spins):.2f} spins", f"return about {percent(expansion.rtp.value, 1)} of the bets"):
        assert said in notes, said


def test_simulate_agrees_with_par(defn: Definition, report: Any) -> None:
    sim = simulate(defn, 300_000, 35)
    assert abs(float(sim.rtp) - float(report.total_rtp)) < 4 * sim.standard_error


def test_scenario_five_explorers(defn: Definition) -> None:
    result = play(defn, "five explorers")
    (win,) = of(result, LineWin)
    assert (win.symbol, win.count, win.line, win.coins) == ("EXPLORER", 5, 0, 5000)
    assert result.total_win == 5000 * default_bet(defn).coin_value


def test_scenario_codex_free_spins(defn: Definition) -> None:
    result = play(defn, "codex free spins")
    base = of(result, ReelsStopped)[0]
    assert [column.count("CODEX") for column in base.screen] == [1, 1, 1, 0, 0]
    scatter = of(result, ScatterWin)[0]
    assert (scatter.symbol, scatter.count, scatter.x_bet) == ("CODEX", 3, 2)
    assert any(w.symbol == "J" and w.count == 4 for w in of(result, LineWin)[:3])  # the codex stands in for J
    trigger = of(result, FeatureTriggered)[0]
    assert (trigger.symbol, trigger.awarded) == ("CODEX", 10)
    (drawn,) = of(result, SymbolDrawn)
    assert drawn.symbol == "EXPLORER"


def test_scenario_explorer_expands(defn: Definition) -> None:
    bet = Bet(10, 2, 5)
    result = play(defn, "explorer expands", bet)
    first = of(result, SymbolExpanded)[0]
    assert (first.symbol, first.reels, first.count, first.lines, first.coins) == ("EXPLORER", (0, 2, 4), 3, 10, 100)
    assert first.amount == 10 * 100 * 2 * 5


def test_scenario_golden_idol_on_two_reels(defn: Definition) -> None:
    result = play(defn, "golden idol on two reels")
    first = of(result, SymbolExpanded)[0]
    assert (first.symbol, first.reels, first.count) == ("IDOL", (1, 4), 2)
    assert first.amount == 10 * 5 * default_bet(defn).coin_value


def test_scenario_more_pages(defn: Definition) -> None:
    result = play(defn, "more pages")
    triggers = of(result, FeatureTriggered)
    assert [(t.retrigger, t.awarded) for t in triggers[:2]] == [(False, 10), (True, 10)]
