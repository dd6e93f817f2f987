"""Lucky Christmas, rule line by rule line (../shared/rules/lucky-christmas.txt).

Hand-built screens for the line rules, scripted rounds (the game's own scenarios) for
the free-spin levels, exact par against the published RTP, and simulate against par.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from cabinet.core.bet import Bet, all_bets, default_bet, max_bet
from cabinet.core.evaluate import evaluate_screen, symbol_count
from cabinet.core.events import (
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ScatterWin,
    ScreenChanged,
    SpinEnded,
    SpinStarted,
)
from cabinet.core.features.progress_levels import LevelReached, ProgressAdvanced, StickyReelAdded
from cabinet.core.loader import DefinitionError, load_definition_text, load_game, resolve_game
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.simulate import simulate

F = Fraction


@pytest.fixture(scope="module")
def defn() -> Any:
    return load_game("lucky-christmas")


def scenario(defn: Any, name: str) -> tuple[int, ...]:
    return next(s.script for s in defn.scenarios if s.name == name)


def play(defn: Any, script: tuple[int, ...], bet: Bet | None = None) -> Any:
    return play_round(defn, RoundRequest(bet or default_bet(defn), 0, script=script))


def grid(rows: str) -> tuple[tuple[str, ...], ...]:
    """'A B C D E / ... / ...' rows, top first -> screen[reel][row]."""
    table = [r.split() for r in rows.split("/")]
    return tuple(tuple(table[row][reel] for row in range(len(table))) for reel in range(len(table[0])))


def of(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


# --- lines and bet ---------------------------------------------------------------------------------


def test_ten_fixed_lines_at_a_coin_value(defn: Any) -> None:
    assert len(defn.lines) == 10 and defn.bet.lines == ()  # every line, fixed
    bets = all_bets(defn)
    assert {b.lines for b in bets} == {10} and {b.coins_per_line for b in bets} == {1}
    assert sorted(b.total for b in bets) == sorted(10 * v for v in defn.bet.coin_values)  # 10 coins x value
    assert default_bet(defn).total == 100  # 10 coins of 0.10
    assert max_bet(defn, default_bet(defn)).coin_value == max(defn.bet.coin_values) == 500  # Max Bet = max coin value


def test_line_prizes_are_the_paytable_factor_times_the_coin_value(defn: Any) -> None:
    screen = grid("SANTA SANTA SANTA HOLLY BELL / BELL HOLLY BELL GIFT GIFT / HOLLY BELL HOLLY BELL HOLLY")
    for coin in (1, 10, 500):
        wins, total = evaluate_screen(defn, screen, Bet(10, 1, coin))
        (santa,) = [w for w in wins if isinstance(w, LineWin) and w.symbol == "SANTA"]
        assert santa.line == 1 and santa.count == 3  # the top line
        assert santa.amount == defn.pays["SANTA"][3] * coin


def test_pays_left_to_right_on_consecutive_reels_only(defn: Any) -> None:
    # SANTA on reels 2-4 of the top line: no win (not from reel 1); reel 1, 2 and 4: no win (not consecutive)
    assert evaluate_screen(defn, grid("HOLLY SANTA SANTA SANTA BELL / BELL GIFT BELL GIFT BELL / GIFT BELL GIFT BELL GIFT"),
                           default_bet(defn))[1] == 0
    assert evaluate_screen(defn, grid("SANTA SANTA GIFT SANTA BELL / BELL GIFT BELL GIFT BELL / STOCKING BELL STOCKING BELL GIFT"),
                           default_bet(defn))[1] == 0


def test_only_the_highest_win_per_line_and_lines_add(defn: Any) -> None:
    # top line SANTA WILD SNOWMAN...: SANTA x2 + WILD makes 2 SANTA? no: SANTA WILD SANTA pays 3 SANTA (25);
    # the middle line pays 3 HOLLY. One win per line, the two lines add.
    screen = grid("SANTA WILD SANTA BELL GIFT / HOLLY HOLLY HOLLY GIFT BELL / BELL GIFT BELL STOCKING ORNAMENT")
    wins, total = evaluate_screen(defn, screen, Bet(10, 1, 1))
    lines = {w.line: w for w in wins if isinstance(w, LineWin)}
    assert lines[1].symbol == "SANTA" and lines[1].count == 3 and lines[1].amount == defn.pays["SANTA"][3]
    assert lines[0].symbol == "HOLLY" and lines[0].amount == defn.pays["HOLLY"][3]
    assert total == sum(w.amount for w in lines.values())
    assert len([w for w in wins if w.line == 1]) == 1


def test_wild_substitutes_for_all_but_bonus(defn: Any) -> None:
    bet = Bet(10, 1, 1)
    wild_run = grid("GIFT WILD WILD GIFT BELL / BELL HOLLY BELL HOLLY BELL / HOLLY BELL HOLLY BELL HOLLY")
    (win,) = [w for w in evaluate_screen(defn, wild_run, bet)[0] if w.line == 1]
    assert (win.symbol, win.count) == ("GIFT", 4)
    bonus_run = grid("BONUS WILD WILD BELL BELL / BELL HOLLY BELL HOLLY GIFT / HOLLY BELL HOLLY GIFT HOLLY")
    assert not [w for w in evaluate_screen(defn, bonus_run, bet)[0] if w.line == 1]


def test_wild_lands_only_on_reels_2_3_4_and_the_loader_says_so(defn: Any) -> None:
    for reel_set, strips in defn.reels.items():
        assert "WILD" not in strips[0] and "WILD" not in strips[4], reel_set
    text = resolve_game("lucky-christmas").read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.strip().startswith('- "') and "WILD" not in line)
    broken = text.replace(first, first.replace('- "', '- "WILD ', 1), 1)
    with pytest.raises(DefinitionError, match=r"lucky-christmas.yaml:\d+:\d+: .*WILD.*reel 1"):
        load_definition_text(broken, "lucky-christmas.yaml")


def test_three_four_five_bonus_start_10_15_20_free_spins_and_bonus_pays_nothing(defn: Any) -> None:
    for count, spins in ((3, 10), (4, 15), (5, 20)):
        result = play(defn, scenario(defn, f"free spins from {count} Bonus"))
        (trigger,) = [t for t in of(result, FeatureTriggered) if not t.retrigger]
        assert (trigger.symbol, trigger.count, trigger.awarded) == ("BONUS", count, spins)
        assert of(result, FeatureStarted)[0].spins == spins
        base_end = next(e for e in of(result, SpinEnded) if e.mode == "base")
        assert base_end.win == 0 and not of(result, ScatterWin)  # no scatter pay
        assert result.total_win == events_total(result.events)
    assert "BONUS" not in defn.pays


# --- free spins: the progress bar ------------------------------------------------------------------


def test_bar_counts_bonus_and_each_four_points_unlock_the_next_level(defn: Any) -> None:
    result = play(defn, scenario(defn, "reach level 5"))
    points = [e.points for e in of(result, ProgressAdvanced)]
    assert points[:4] == [5, 10, 15, 20] and max(points) == 20  # up to 20, never past it
    levels = of(result, LevelReached)
    assert [(lv.level, lv.unlocks, lv.extra_spins) for lv in levels] == [
        (1, "sticky_reel", 1), (2, "multiplier", 1), (3, "sticky_reel", 2), (4, "both_ways", 2), (5, "sticky_reel", 2),
    ]
    assert [e.reel for e in of(result, StickyReelAdded)] == [2, 1, 3]  # reels 3, 2, 4 (0-based 2, 1, 3)
    free = [s for s in of(result, SpinStarted) if s.mode == "free"]
    assert len(free) == 10 + 8  # every level's extra spins: the counter grows
    assert free[-1].index + free[-1].remaining == 18
    # from level 2 on, wins are doubled: the multiplier of the spins after it is x2
    assert [s.multiplier for s in free[:3]] == [1, 1, 2] and free[-1].multiplier == 2
    # from level 4 on, wins also pay right to left
    assert any(w.direction == "rtl" for w in of(result, LineWin))


def test_levels_last_the_round_and_the_sticky_reels_stay_wild(defn: Any) -> None:
    result = play(defn, scenario(defn, "reach level 1"))
    spins = [e for e in result.events if isinstance(e, (SpinStarted, ScreenChanged)) and getattr(e, "mode", "free") == "free"]
    # after level 1 (first spin), every later free spin turns reel 3 wild
    sticky = [e for e in of(result, ScreenChanged) if e.reason == "sticky"]
    assert len(sticky) == 10  # spins 2..11
    assert all(e.screen[2] == ("WILD", "WILD", "WILD") for e in sticky)
    assert len([s for s in spins if isinstance(s, SpinStarted)]) == 11


def test_a_bonus_on_a_sticky_reel_counts_first_then_the_reel_shows_wild(defn: Any) -> None:
    result = play(defn, scenario(defn, "a Bonus lands on the sticky wild reel"))
    events = list(result.events)
    advanced = [i for i, e in enumerate(events) if isinstance(e, ProgressAdvanced)]
    assert [events[i].points for i in advanced[:2]] == [4, 5]
    second = advanced[1]
    assert (2, next(r for r in range(3) if events[second].positions)) and any(p[0] == 2 for p in events[second].positions)
    turned = next(i for i, e in enumerate(events) if i > second - 3 and isinstance(e, ScreenChanged))
    assert turned > second  # the bar moves before the wild reel shows
    assert events[turned].screen[2] == ("WILD", "WILD", "WILD")


def test_both_ways_from_level_4_and_five_of_a_kind_paid_once(defn: Any) -> None:
    result = play(defn, scenario(defn, "a five of a kind both ways, paid once"))
    events = list(result.events)
    fourth = next(i for i, e in enumerate(events) if isinstance(e, LevelReached) and e.level == 4)
    after = [e for e in events[fourth:] if isinstance(e, LineWin)]
    fives = [w for w in after if w.count == 5]
    assert fives, "the scenario shows a five of a kind after level 4"
    for five in fives:
        same_line = [w for w in after if w.line == five.line and w.symbol == five.symbol and w.count == 5]
        assert len({w.direction for w in same_line}) == 1 and same_line[0].direction == "ltr"
    before = [e for e in events[:fourth] if isinstance(e, LineWin)]
    assert all(w.direction == "ltr" for w in before)  # left to right only before level 4


def test_by_hand_a_both_ways_line_pays_each_direction_once(defn: Any) -> None:
    bet = Bet(10, 1, 1)
    # middle line HOLLY HOLLY HOLLY BELL BELL: ltr 3 HOLLY; rtl 2 BELL pays nothing; GIFT x3 from the right
    screen = grid("BELL GIFT BELL STOCKING ORNAMENT / HOLLY HOLLY HOLLY GIFT GIFT / CANDY_CANE BELL CANDY_CANE BELL STOCKING")
    wins, _ = evaluate_screen(defn, screen, bet, both_ways=True)
    middle = sorted((w.direction, w.symbol, w.count) for w in wins if isinstance(w, LineWin) and w.line == 0)
    assert middle == [("ltr", "HOLLY", 3)]
    full = grid("BELL GIFT BELL STOCKING ORNAMENT / HOLLY HOLLY HOLLY HOLLY HOLLY / CANDY_CANE BELL CANDY_CANE BELL STOCKING")
    wins, _ = evaluate_screen(defn, full, bet, both_ways=True)
    assert [(w.direction, w.count) for w in wins if isinstance(w, LineWin) and w.line == 0] == [("ltr", 5)]


def test_the_rules_text_names_the_menu_and_the_history_the_game_has(defn: Any) -> None:
    # the History page lists every kept round (history: kept), not only this session's, and the
    # menu (scenes/menu.py) holds Close Game and Vibrate too
    from cabinet.presentation.scenes.menu import ITEMS

    text = " ".join(defn.rules)
    assert defn.history == "kept" and "this session" not in text
    menu_rule = next(rule for rule in defn.rules if "The menu holds" in rule)
    assert all(item.title() in menu_rule.title() for item in ITEMS)


# --- math ------------------------------------------------------------------------------------------


def test_par_is_exact_and_lands_on_the_published_rtp(defn: Any) -> None:
    report = par(defn)
    assert report.exact and report.estimates() == []
    assert defn.rtp == F(96, 100)
    assert abs(report.total_rtp - defn.rtp) <= F(1, 10_000)  # within 0.01 percentage points
    names = [p.name for p in report.parts]
    assert names == ["free_spins", "progress_levels", "sticky_wild_reels"]


def test_simulate_agrees_with_par(defn: Any) -> None:
    report = par(defn)
    sim = simulate(defn, 400_000, 17)
    assert abs(float(sim.rtp) - float(report.total_rtp)) < 3 * sim.standard_error  # type: ignore[arg-type]


def test_every_scenario_produces_its_feature(defn: Any) -> None:
    expected_levels = {"reach level 1": 1, "reach level 2": 2, "reach level 3": 3, "reach level 4": 4, "reach level 5": 5}
    for s in defn.scenarios:
        result = play(defn, s.script)
        assert result.features == ("free_spins",), s.name
        reached = [e.level for e in of(result, LevelReached)]
        if s.name in expected_levels:
            assert max(reached) == expected_levels[s.name], s.name
    largest = play(defn, scenario(defn, "the largest win: level 5, then Santa"))
    assert largest.total_win >= 5000 * default_bet(defn).total


def test_no_reel_window_shows_two_bonus(defn: Any) -> None:
    # at most one Bonus per reel window: five Bonus symbols means one on every reel
    for name, strips in defn.reels.items():
        for strip in strips:
            for stop in range(len(strip)):
                window = [strip[(stop + r) % len(strip)] for r in range(3)]
                assert window.count("BONUS") <= 1, name
    assert symbol_count(defn, grid("BONUS HOLLY HOLLY HOLLY BONUS / HOLLY HOLLY HOLLY HOLLY HOLLY / "
                                   "HOLLY HOLLY HOLLY HOLLY HOLLY"), "BONUS")[0] == 2


# --- interruptions: the round comes back where it was, and the game logs show it ------------------


def test_a_round_interrupted_after_a_level_resumes_with_its_sticky_reel_and_logs_its_balances(
    defn: Any, tmp_path: Any
) -> None:
    from cabinet.app import App, AppOptions
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    script = scenario(defn, "reach level 1")

    def start() -> App:
        app = App(defn, AppOptions(size=(640, 360), seed=7, headless=True, data_dir=tmp_path))
        app.start()
        return app

    def frames_until(app: App, done: Any, limit: int = 30_000) -> None:
        for n in range(limit):
            if done():
                return
            if app.base.in_round and n % 8 == 0:
                app.press([Press(Button.SPIN)])
            app.run_frames(1)
        raise AssertionError("condition not reached")

    app = start()
    credits = app.session.credits
    assert app.base.start_round(script=script)
    frames_until(app, lambda: (fs := app.stack.find(FreeSpinsScene)) is not None and fs.phase == "running"
                 and fs.played >= 3 and app.base.reels.all_stopped and app.session.progress_step > 0)
    result = app.session.current
    assert result is not None
    app.session.ledger.close()  # the power goes: nothing more reaches the disk

    again = start()
    session = again.session
    assert session.in_round and session.restored
    assert session.credits == credits - result.cost  # charged once
    state = again.base.state  # what the screen shows: the reels and the layer over them
    assert all(state.changed.get((2, row)) == "WILD" for row in range(3))  # the sticky reel is back
    assert state.feature("progress_levels").sticky_reels == (2,) and state.feature("progress_levels").points >= 4
    frames_until(again, lambda: again.idle)
    assert session.credits == credits - result.cost + result.total_win  # paid once
    (record,) = session.recent(10)
    assert record.outcome == "recovered" and record.win == result.total_win
    assert (record.credits_before, record.credits_after) == (credits, credits - result.cost + result.total_win)
