"""``cabinet eval``: what a screen pays, as text and JSON, and one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from cabinet.cli import main
from cabinet.core.evaluate import window
from cabinet.core.loader import load_game

SEVENS = " / ".join(["SEVEN SEVEN SEVEN SEVEN SEVEN"] * 3)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["eval", "classic", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_all_sevens_grid_pays_five_sevens_on_all_twenty_lines(capsys: pytest.CaptureFixture[str]) -> None:
    classic = load_game("classic")
    seven5 = classic.pays["SEVEN"][5]
    report = run_json(capsys, "--grid", SEVENS)
    # 20 lines x 1250 coins at 1 coin per line, bet 20 coins: 1250 x bet; each line 62.5 x bet
    assert seven5 == 1250
    assert report["total_x_bet"] == str(seven5 * 20 / 20) == "1250"
    assert len(report["wins"]) == 20
    assert {(w["kind"], w["symbol"], w["count"], w["x_bet"], w["direction"]) for w in report["wins"]} == {
        ("line", "SEVEN", 5, "62.5", "ltr")
    }
    assert sorted(w["line"] for w in report["wins"]) == list(range(1, 21))
    assert report["triggers"] == []


def test_lines_option_and_scatter_and_trigger(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "STAR CHERRY BAR SEVEN STAR / LEMON CHERRY BELL ORANGE PLUM / BAR STAR LEMON BELL GRAPES"
    report = run_json(capsys, "--grid", grid, "--lines", "1")
    # middle line: LEMON x1 pays nothing; 3 STARs pay 2 x total bet; they trigger free spins
    assert report["wins"] == [
        {"kind": "scatter", "symbol": "STAR", "count": 3, "x_bet": "2", "positions": [[0, 0], [1, 2], [4, 0]]}
    ]
    assert report["total_x_bet"] == "2" and report["triggers"] == ["free_spins"]
    report = run_json(capsys, "--grid", grid)
    # top line: STAR first: no line win; line 10 [0,1,1,1,0]: STAR CHERRY ...: none; CHERRY needs reel 1
    assert all(w["kind"] == "scatter" for w in report["wins"])


def test_wild_line_win_x_bet(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "CHERRY WILD CHERRY LEMON STAR / BAR BAR WILD BAR PLUM / LEMON PLUM ORANGE GRAPES BELL"
    report = run_json(capsys, "--grid", grid, "--lines", "2")
    classic = load_game("classic")
    assert (classic.pays["BAR"][4], classic.pays["CHERRY"][3]) == (175, 9)
    # line 1 (middle): BAR BAR WILD BAR = BAR x4 = 175 coins / 2 coins bet = 87.5 x bet
    # line 2 (top): CHERRY WILD CHERRY = CHERRY x3 = 9 coins = 4.5 x bet
    assert [(w["line"], w["symbol"], w["count"], w["x_bet"]) for w in report["wins"]] == [
        (1, "BAR", 4, "87.5"),
        (2, "CHERRY", 3, "4.5"),
    ]
    assert report["total_x_bet"] == "92"


def test_stops_give_the_same_report_as_the_grid_they_show(capsys: pytest.CaptureFixture[str]) -> None:
    classic = load_game("classic")
    stops = (3, 17, 5, 0, 22)
    columns = [window(strip, stop, 3) for strip, stop in zip(classic.reels["base"], stops, strict=True)]
    grid = " / ".join(" ".join(col[row] for col in columns) for row in range(3))
    by_stops = run_json(capsys, "--stops", ",".join(map(str, stops)))
    by_grid = run_json(capsys, "--grid", grid)
    assert by_stops == by_grid
    assert by_stops["grid"][0] == [col[0] for col in columns]


def test_plain_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "classic", "--grid", SEVENS.lower(), "--lines", "3"]) == 0
    out = capsys.readouterr().out
    # 1250 coins on each of 3 lines at a 3-coin bet: 416.666667 x bet a line, 1250 in all
    assert "line   1  SEVEN x5 ltr" in out and "416.666667 x bet" in out
    assert out.strip().splitlines()[-1] == "total 1250 x bet"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--grid", "SEVN SEVEN SEVEN SEVEN SEVEN / " + " / ".join(["BAR BAR BAR BAR BAR"] * 2)],
            "did you mean SEVEN",
        ),
        (["--grid", "SEVEN SEVEN / BAR BAR"], "rows"),
        (["--grid", "SEVEN / BAR / BAR"], "reels"),
        (["--stops", "1,2,x,4,5"], "not a whole number"),
        (["--stops", "1,2,3,4,5000"], "outside"),
        (["--stops", "1,2,3"], "5 reels"),
        (["--stops", "1,2,3,4,5", "--reel-set", "bsae"], "unknown reel set"),
        (["--stops", "1,2,3,4,5", "--lines", "21"], "--lines"),
        (["--stops", "1,2,3,4,5", "--lines", "two"], "not a whole number"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["eval", "classic", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_x_bet_values_are_exact_even_when_no_decimal_is(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "SEVEN WILD WILD CHERRY STAR / CHERRY CHERRY STAR LEMON LEMON / STAR PLUM PLUM PLUM PLUM"
    report = run_json(capsys, "--grid", grid, "--lines", "3")
    # 3 lines at 1 coin: bet 3 coins. Middle line CHERRY x2 = 4 coins = 4/3 x bet; top line
    # SEVEN WILD WILD = SEVEN x3 = 75 coins = 25 x bet; bottom line STAR first: nothing;
    # three STARs anywhere = 2 x bet. Total (4 + 75 + 6) / 3 = 85/3, which no decimal holds.
    assert [(w["kind"], w["symbol"], w["count"], w["x_bet"]) for w in report["wins"]] == [
        ("line", "CHERRY", 2, "4/3"),
        ("line", "SEVEN", 3, "25"),
        ("scatter", "STAR", 3, "2"),
    ]
    assert report["total_x_bet"] == "85/3" and report["bet_coins"] == 3
    assert main(["eval", "classic", "--grid", grid, "--lines", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-2] == "total ~28.333333 x bet" and "~1.333333 x bet" in out[4]


FRACTIONAL = """\
format: 1
id: halves
name: Halves
grid: {reels: 3, rows: 1}
symbols:
  - {id: A}
  - {id: S, kind: scatter}
  - {id: X, kind: blank}
reels:
  base: ["A S X", "A S X", "A S X"]
lines: [[0, 0, 0]]
pays:
  A: {3: "5/2"}
  S: {1: "1/2", 2: 3}
bet:
  coin_values: ["0.02"]
"""


def test_fractional_pays_evaluate_without_a_money_error(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "halves.yaml"
    path.write_text(FRACTIONAL)
    # One S pays half the bet: not a whole minor unit at a 1-unit coin, exact in x_bet.
    assert main(["eval", str(path), "--grid", "S X X", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["wins"][0]["x_bet"] == "0.5" and report["total_x_bet"] == "0.5"
    assert main(["eval", str(path), "--grid", "A A A", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(w["symbol"], w["count"], w["coins"], w["x_bet"]) for w in report["wins"]] == [("A", 3, "2.5", "2.5")]


# --- the screen stages (issue 22): a screen of mystery symbols is not "0 x bet" -----------------

MYSTERIES = " / ".join(["MYSTERY MYSTERY MYSTERY MYSTERY MYSTERY"] * 3)


def test_a_mystery_screen_lists_every_reveal_with_its_odds(capsys: pytest.CaptureFixture[str]) -> None:
    lucky = load_game("happy-lucky-slot")
    (mystery,) = [f for f in lucky.features if f.type == "mystery_symbol"]
    assert main(["eval", "happy-lucky-slot", "--grid", MYSTERIES, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["total_x_bet"] == "0"  # as landed: mystery symbols pay nothing themselves
    stages = report["screen_stages"]
    assert stages["applied"] and stages["blocks"] == [mystery.name]
    total_weight = sum(r.weight for r in mystery.reveals)
    by_symbol = {o["grid"][0][0]: o for o in stages["outcomes"]}
    assert set(by_symbol) == {r.symbol for r in mystery.reveals}
    for r in mystery.reveals:
        assert by_symbol[r.symbol]["probability"] == str(Fraction(r.weight, total_weight))
        assert all(cell == r.symbol for row in by_symbol[r.symbol]["grid"] for cell in row)
    assert by_symbol["KOI"]["x_bet"] == "1750"  # 15 KOI: what the round really pays
    mean = sum(Fraction(o["probability"]) * Fraction(o["x_bet"]) for o in stages["outcomes"])
    assert Fraction(stages["mean_x_bet"]) == mean > 0


def test_the_text_says_the_landed_total_is_before_the_stages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "happy-lucky-slot", "--grid", MYSTERIES]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "total 0 x bet as landed" in out
    assert any(line.startswith("  1750 x bet  probability 1/36  (") and "KOI" in line for line in out)
    assert out[-1].startswith("mean ~240.83") and out[-1].endswith("x bet after the screen stages")


def test_expanding_and_multiplier_wilds_are_applied(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "PUMPKIN XWILD MWILD GHOST BAT / PUMPKIN A K Q J / PUMPKIN A K Q J / BAT A K Q J"
    assert main(["eval", "halloween-wins-3", "--grid", grid, "--json"]) == 0
    stages = json.loads(capsys.readouterr().out)["screen_stages"]
    assert sum(Fraction(o["probability"]) for o in stages["outcomes"]) == 1
    for o in stages["outcomes"]:
        assert [row[1] for row in o["grid"]] == ["XWILD"] * 4  # the expanding wild filled its reel
        assert any("expand" in change for change in o["changes"])
    assert len({o["x_bet"] for o in stages["outcomes"]}) > 1  # one per drawn multiplier


def test_a_screen_no_stage_acts_on_has_no_stage_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert "screen_stages" not in run_json(capsys, "--grid", SEVENS)
    grid = "PUMPKIN GHOST BAT GHOST BAT / PUMPKIN A K Q J / PUMPKIN A K Q J / BAT A K Q J"
    assert main(["eval", "halloween-wins-3", "--grid", grid, "--json"]) == 0
    assert "screen_stages" not in json.loads(capsys.readouterr().out)
