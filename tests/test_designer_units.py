"""Designer mode's pure parts: game time per frame, the file watcher, the nearest bet after a
reload, the session statistics and the RTP band, and the shipped scenarios."""

from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.events import FeatureTriggered, LineWin, ReelsStopped, RoundEnded, ScatterWin
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.designer.reload import nearest_bet, screen_fits
from cabinet.designer.stats import SessionStats, Theory
from cabinet.designer.watch import FileWatcher, GameFiles
from cabinet.kiosk.catalog import game_files
from cabinet.timing import Timing

STEP = 1 / 120


def timing() -> Timing:
    return Timing(STEP, 2, 0.25)


def test_normal_speed_is_two_steps_every_frame() -> None:
    t = timing()
    assert [t.steps(1 / 60) for _ in range(600)] == [2] * 600


@pytest.mark.parametrize(("presses", "label", "steps_in_600_frames"), [
    (("slower", "slower"), "0.25x", 300),
    (("slower",), "0.5x", 600),
    (("faster",), "2x", 2400),
    (("faster", "faster", "faster"), "4x", 4800),  # 4x is the top: a third press changes nothing
])
def test_speeds_scale_the_fixed_steps(presses: tuple[str, ...], label: str, steps_in_600_frames: int) -> None:
    t = timing()
    for name in presses:
        getattr(t, name)()
    assert t.label() == label
    assert sum(t.steps(1 / 60) for _ in range(600)) == steps_in_600_frames


def test_pause_holds_time_and_step_advances_one_frame() -> None:
    t = timing()
    t.faster()
    t.toggle_pause()
    assert t.label() == "PAUSED (2x)" and t.unusual
    assert sum(t.steps(1 / 60) for _ in range(100)) == 0
    t.step_frame()
    t.step_frame()
    assert t.steps(1 / 60) == 4  # two single frames at 1x: 2 x 2 steps
    assert t.steps(1 / 60) == 0
    t.normal()
    assert not t.unusual and t.steps(1 / 60) == 2


def test_a_stall_is_not_fast_forwarded() -> None:
    t = timing()
    assert t.steps(5.0) == 30  # at most MAX_CATCH_UP (0.25 s) of game time


def test_the_watcher_names_what_changed(tmp_path: Path) -> None:
    yaml_file = tmp_path / "game.yaml"
    yaml_file.write_text("a: 1\n")
    (tmp_path / "sprites" / "neon" / "symbols").mkdir(parents=True)
    sprite = tmp_path / "sprites" / "neon" / "symbols" / "seven.png"
    sprite.write_bytes(b"png")
    (tmp_path / "sounds" / "neon").mkdir(parents=True)
    files = GameFiles.of(yaml_file, "neon", tmp_path / "sprites", tmp_path / "sounds")
    watcher = FileWatcher(files, poll_seconds=0.25)
    assert watcher.poll(0.1) == set()
    yaml_file.write_text("a: 22\n")  # the size changes even if the clock tick does not
    assert watcher.poll(0.1) == set()  # not looked at yet: 0.2 s since the start
    assert watcher.poll(0.1) == {"definition"}  # 0.3 s: looked
    st = sprite.stat()
    os.utime(sprite, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    (tmp_path / "sounds" / "neon" / "spin_start.wav").write_bytes(b"RIFF")  # a new file counts too
    assert watcher.poll(0.3) == {"sprites", "sounds"}
    assert watcher.poll(0.3) == set()


def test_nearest_bet_keeps_an_allowed_bet_and_otherwise_the_closest_total(games_dir: Path) -> None:
    classic = load_game("classic")
    assert nearest_bet(classic, Bet(20, 1, 5)) == Bet(20, 1, 5)
    text = (games_dir / "classic.yaml").read_text()
    text = text.replace('coin_values: ["0.01", "0.02", "0.05", "0.10", "0.20", "0.50"]',
                        'coin_values: ["0.01", "0.02", "0.10"]').replace('default_coin_value: "0.05"',
                                                                         'default_coin_value: "0.10"')
    cheaper = load_definition_text(text)
    # 20 x 1 x 0.05 = 1.00 is gone; 1.00 is still made by 20 lines x 5 coins x 0.01 (same lines
    # beat 10 x 10 x 0.01, also 1.00).
    assert nearest_bet(cheaper, Bet(20, 1, 5)) == Bet(20, 5, 1)
    # 20 x 10 x 0.50 = 100.00: the largest left is 20 x 10 x 0.10 = 20.00
    assert nearest_bet(cheaper, Bet(20, 10, 50)) == Bet(20, 10, 10)


def test_a_screen_fits_only_reels_that_still_have_its_stops() -> None:
    classic = load_game("classic")
    assert screen_fits(classic, (0, 0, 0, 0, 48), "base")  # reel 5 has 49 stops
    assert not screen_fits(classic, (0, 0, 0, 0, 49), "base")
    assert not screen_fits(classic, (0, 0, 0, 0), "base")
    assert not screen_fits(classic, (0, 0, 0, 0, 0), "free")


@dataclass(frozen=True)
class Record:
    index: int
    request: RoundRequest
    cost: int
    total_win: int
    features: tuple[str, ...] = ()


def test_session_stats_leave_forced_rounds_out_of_the_rtp() -> None:
    bet = Bet(20, 1, 5)
    stats = SessionStats()
    history = [
        Record(0, RoundRequest(bet, 1), 100, 0),
        Record(1, RoundRequest(bet, 2), 100, 250, ("free_spins",)),
        Record(2, RoundRequest(bet, 3, script=(5, 9, 7, 0, 0)), 100, 900, ("free_spins",)),
        Record(3, RoundRequest(bet, 4), 100, 40),
    ]
    stats.catch_up(history[:2])
    stats.catch_up(history)  # records already seen are not counted twice
    assert (stats.rounds, stats.bet, stats.won, stats.hits, stats.forced) == (3, 300, 290, 2, 1)
    assert stats.rtp == pytest.approx(290 / 300)
    assert stats.hit_rate == pytest.approx(2 / 3)
    assert stats.features == {"free_spins": 2}


def test_the_band_narrows_with_the_square_root_of_the_rounds() -> None:
    theory = Theory(rtp=0.96, exact=True, sigma=4.0)
    assert theory.band(0) is None
    lo, hi = theory.band(10_000)  # 1.96 x 4 / 100 = 0.0784
    assert lo == pytest.approx(0.8816) and hi == pytest.approx(1.0384)
    assert theory.band(4) == (0.0, pytest.approx(0.96 + 1.96 * 4 / 2))  # never below 0%


# --- the shipped scenarios produce what they are named for -------------------------------------------


def shipped_scenarios() -> list[tuple[str, str]]:
    out = []
    for path in game_files():
        defn = load_game(path)
        out += [(path.stem, s.name) for s in defn.scenarios]
    return out


def test_every_shipped_game_has_scenarios() -> None:
    for path in game_files():
        assert load_game(path).scenarios, f"{path.name} has no scenarios"


@pytest.mark.parametrize(("game", "name"), shipped_scenarios())
def test_each_shipped_scenario_produces_its_feature(game: str, name: str) -> None:
    defn = load_game(game)
    scenario = next(s for s in defn.scenarios if s.name == name)
    bet = default_bet(defn)
    result = play_round(defn, RoundRequest(bet, seed=7, script=tuple(scenario.script)))
    assert result.request.forced
    events = result.events
    stops = next(e for e in events if isinstance(e, ReelsStopped)).stops
    assert stops == tuple(scenario.script[:defn.grid.reels]), "the reels stop where the script says"
    lowered = name.lower()
    checked = False
    if "free spins" in lowered:
        assert "free_spins" in result.features and any(e.kind == "feature_started" for e in events)
        checked = True
    if "retrigger" in lowered:
        assert any(isinstance(e, FeatureTriggered) and e.retrigger for e in events)
        checked = True
    if "big" in lowered and "win" in lowered:
        tier = next(e.tier for e in events if isinstance(e, RoundEnded))
        assert tier in ("big", "mega", "epic") and Fraction(result.total_win, bet.total) >= defn.win_tiers.big
        checked = True
    if "scatter pay" in lowered:
        assert any(isinstance(e, ScatterWin) for e in events) and not result.features
        checked = True
    if "double" in lowered:  # Double symbols count 2: a count above the cells it came from
        counted = [e for e in events if isinstance(e, (LineWin, ScatterWin, FeatureTriggered))]
        assert any(e.count > len(e.positions) for e in counted)
        checked = True
    if "stacked wild" in lowered:
        free_screens = [e.screen for e in events if isinstance(e, ReelsStopped) and e.reel_set != "base"]
        assert any(all(sym == "WILD" for sym in column) for screen in free_screens for column in screen)
        checked = True
    if "line win" in lowered:
        assert any(isinstance(e, LineWin) for e in events)
        checked = True
    if scenario.respin_reel:  # a paid-respin scenario: its forced respin must form a new win
        assert result.respin_prices is not None and result.respin_prices[scenario.respin_reel - 1] is not None
        respin = play_round(defn, RoundRequest(bet, 7, kind="respin", respin_reel=scenario.respin_reel - 1,
                                               held_stops=result.final_stops, held_reel_set=result.final_reel_set,
                                               script=tuple(scenario.respin_script)))
        assert respin.total_win > result.total_win and any(isinstance(e, LineWin) for e in respin.events)
        checked = True
    if not checked:  # a scenario named in words this test does not know: it must show something
        assert result.total_win > 0 or result.features
