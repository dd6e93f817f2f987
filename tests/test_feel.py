"""``cabinet feel``: time figures from rounds played on the window's own timeline
(designer/feel.py), and the same figures as tiles of the math report PNG."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from cabinet.cli import main
from cabinet.commands.feel import feel_tiles
from cabinet.core.loader import load_game
from cabinet.designer.feel import PlayedRound, play, summarize
from cabinet.presentation.report import PANEL, draw_report, report_layout


def rounds(*spec: tuple[float, str, int]) -> list[PlayedRound]:
    """(seconds, feature or "", win) per round, the bet being 100."""
    return [PlayedRound(s, (f,) if f else (), w, 100) for s, f, w in spec]


def test_summary_of_rounds_played_in_order() -> None:
    played = rounds((2, "", 0), (2, "", 50), (4, "", 100), (2, "", 0), (30, "fs", 900), (2, "", 0), (2, "", 0))
    r = summarize(played, game="g", speed="normal", seed=1)
    assert r.rounds == 7 and r.feature_rounds == 1
    assert r.base_median_seconds == 2 and r.feature_median_seconds == 30 and r.median_seconds == 2
    assert r.spins_per_hour == pytest.approx(3600 / (44 / 7))
    # waits for the feature from the start of each round before it: 10, 8, 6, 2 s, and 0 on it
    assert r.wait_median_seconds == 6 and r.wait_p90_seconds == 10
    # dry spells: 2 rounds before the 1x win, 1 before the feature, 2 after it
    assert (r.dry_spell_p50, r.longest_dry_spell) == (2, 2)
    (fs,) = r.features
    assert fs.name == "fs" and fs.rounds == 1 and fs.one_in == 7 and fs.mean_seconds == 30


def test_no_feature_means_no_wait_figure() -> None:
    r = summarize(rounds((1, "", 0), (1, "", 0)), game="g", speed="fast", seed=1)
    assert r.wait_median_seconds is None and r.features == () and r.longest_dry_spell == 2


def test_the_timeline_is_the_windows_own_a_faster_speed_plays_the_same_rounds_in_less_time() -> None:
    defn = load_game("classic")
    normal = play(defn, rounds=25, speed="normal", seed=3)
    turbo = play(defn, rounds=25, speed="turbo", seed=3)
    assert normal.rounds == turbo.rounds == 25 and normal.stalled == turbo.stalled == 0
    # the same seeds, so the same rounds; the designer's 4x plays them in about a quarter of the time
    assert turbo.base_median_seconds == pytest.approx(normal.base_median_seconds / 4, rel=0.1)
    assert normal.base_median_seconds > 0.5  # reels spin and stop: a round is not instant


def test_feel_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["feel", "classic", "--rounds", "8", "--speed", "fast", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 8 and data["speed"] == "fast" and data["spins_per_hour"] > 0
    assert main(["feel", "classic", "--speed", "warp"]) == 2


def test_the_math_report_shows_the_feel_figures_as_a_second_row_of_tiles() -> None:
    from cabinet.core.simulate import simulate
    from cabinet.presentation.report import report_data

    defn = load_game("classic")
    feel = summarize(rounds((2, "", 0), (30, "free_spins", 900), (2, "", 150)), game="classic", speed="normal",
                     seed=1)
    plain = report_data(simulate(defn, 2000, 1), defn.name, "1.00 EUR", Fraction(95, 100))
    with_feel = dataclasses.replace(plain, feel=feel_tiles(feel))
    assert [t[0] for t in with_feel.feel][:2] == ["SECONDS PER ROUND (NORMAL)", "SPINS PER HOUR"]
    # a feature has a tile in each row, each saying what it counts (issue 38: two "FREE SPINS" tiles)
    from cabinet.presentation.report import _tiles

    assert with_feel.feel[-1][0] == "FREE SPINS: HOW LONG" and "started 1 times in 3 rounds" in with_feel.feel[-1][2]
    often = next(t for t in _tiles(with_feel) if t[0].startswith("FREE SPINS"))
    assert often[0] == "FREE SPINS: HOW OFTEN" and "of 2,000 simulated rounds" in often[2]
    layout, before = report_layout(with_feel), report_layout(plain)
    assert len(layout.feel_tiles) == len(with_feel.feel) and before.feel_tiles == ()
    assert layout.header.height > before.header.height
    picture = draw_report(with_feel)
    for tile in layout.feel_tiles:  # each tile's panel, below the first row, left of its words
        assert tuple(picture.get_at((tile.left + 4, tile.bottom - 4)))[:3] == PANEL
        assert tile.top > layout.tiles[0].bottom
