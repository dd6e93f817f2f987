"""The math report: its data is exact and worker-independent, and the picture shows it."""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from pathlib import Path

import numpy as np
import pygame
import pytest

from cabinet.cli import main
from cabinet.core import simulate as sim
from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import WIN_EDGES_X, convergence_marks, simulate, win_edges_minor, win_histogram
from cabinet.presentation import report as rep

# Five lines of one credit: a bet of 5. A pays 8 (1.6x), B 2 (0.4x), C 1 (0.2x) and
# three scatters 4 x bet (20): three of those land exactly on a bucket edge.
EDGY = """
format: 1
id: edgy
name: Edgy
grid: {reels: 3, rows: 3}
symbols:
  - {id: S, kind: scatter}
  - {id: A}
  - {id: B}
  - {id: C}
  - {id: K}
reels:
  base:
    - "A B C S K C B K"
    - "C A S B K C B A K"
    - "B C K A S C B K"
lines:
  - [0, 0, 0]
  - [1, 1, 1]
  - [2, 2, 2]
  - [0, 1, 2]
  - [2, 1, 0]
pays:
  A: {3: 8}
  B: {3: 2}
  C: {3: 1}
  S: {3: 4}
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [1]
  coin_values: ["1"]
"""


def edgy() -> Definition:
    return load_definition_text(EDGY, "edgy.yaml")


def bucket_of(win: int, bet: int) -> int:
    """The histogram bucket of one win, straight from the exact edges (no rounding trick)."""
    return 0 if win == 0 else bisect_right(WIN_EDGES_X, Fraction(win, bet)) + 1


def play_wins(defn: Definition, spins: int, seed: int) -> list[int]:
    bet = default_bet(defn)
    return [play_round(defn, RoundRequest(bet, derive_seed(seed, i))).total_win for i in range(spins)]


# --- the data --------------------------------------------------------------------------------------------


def test_buckets_by_hand() -> None:
    # bet 5: 0.2x -> [0.16, 0.25); 0.4x -> [0.4, 0.63) (its lower edge, exactly); 1.4x -> [1, 1.6);
    # 1.6x -> [1.6, 2.5); 2.6x -> [2.5, 4); 1,000,000x and more -> the last bucket.
    edges = win_edges_minor(5)
    assert edges[WIN_EDGES_X.index(Fraction(5, 2))] == 13  # 12.5 rounded up: a win of 12 is below 2.5x
    counts = win_histogram(np.array([0, 0, 1, 2, 7, 8, 12, 13, 5_000_000, 9_000_000]), edges)
    assert sum(counts) == 10 and len(counts) == sim.HISTOGRAM_BUCKETS == len(WIN_EDGES_X) + 2
    at = {WIN_EDGES_X[i - 2] if i >= 2 else i: n for i, n in enumerate(counts) if n}
    assert at == {
        0: 2,
        Fraction(4, 25): 1,  # 1 = 0.2x
        Fraction(2, 5): 1,  # 2 = 0.4x
        Fraction(1): 1,  # 7 = 1.4x
        Fraction(8, 5): 2,  # 8 = 1.6x, 12 = 2.4x
        Fraction(5, 2): 1,  # 13 = 2.6x
        Fraction(10**6): 2,
    }


def test_convergence_marks_are_log_spaced_round_counts() -> None:
    assert convergence_marks(0, 99) == []
    assert convergence_marks(0, 1000) == [100, 112, 125, 140, 160, 180, 200, 224, 250, 280, 315, 355, 400,
                                          450, 500, 560, 630, 710, 800, 900, 1000]
    assert convergence_marks(250, 1120) == [280, 315, 355, 400, 450, 500, 560, 630, 710, 800, 900, 1000, 1120]
    assert len(convergence_marks(0, 10**6)) == 4 * 20 + 1


def test_histogram_and_convergence_equal_play_round_per_round() -> None:
    defn = edgy()
    bet = default_bet(defn).total
    assert bet == 5
    wins = play_wins(defn, 2500, 31)
    report = simulate(defn, 2500, 31, shard_size=700)  # four shards, marks on both sides of their ends
    t = report.tally
    expected = [0] * sim.HISTOGRAM_BUCKETS
    for w in wins:
        expected[bucket_of(w, bet)] += 1
    assert t.histogram == expected and sum(t.histogram) == 2500
    on_edges = sum(Fraction(w, bet) in WIN_EDGES_X for w in wins)
    assert on_edges > 100  # the lower-edge-inclusive rule was really exercised
    marks = convergence_marks(0, 2500)
    assert marks[-1] == 2500  # an R20 count itself: the end is not repeated
    assert t.convergence == [(c, sum(wins[:c])) for c in marks]
    assert report.to_dict()["histogram"]["counts"] == expected


def test_scalar_simulate_keeps_the_same_report_data() -> None:
    defn = edgy()
    batch = simulate(defn, 1500, 4, shard_size=400).tally
    plain = sim.scalar_simulate(defn, 1500, 4)
    assert (plain.histogram, plain.convergence) == (batch.histogram, batch.convergence)


def test_convergence_ends_on_the_final_rtp_exactly() -> None:
    defn = load_game("classic")
    report = simulate(defn, 30_001, 5, shard_size=8192)
    data = rep.report_data(report, defn.name, "bet", None)
    rounds, win = data.convergence[-1]
    assert rounds == 30_001 and Fraction(win, rounds * data.bet_total) == report.rtp == data.rtp
    assert [n for n, _ in data.convergence] == convergence_marks(0, 30_001) + [30_001]
    assert data.convergence[0] == (100, sum(play_wins(defn, 100, 5)))
    out = report.to_dict()["convergence"]
    assert out["rounds"][-1] == 30_001 and out["total_win"][-1] == report.to_dict()["total_win"]
    assert out["total_bet"][0] == "100.00" and out["total_bet"][-1] == report.to_dict()["total_bet"]


def test_report_data_identical_for_one_and_two_workers() -> None:
    defn = load_game("classic")
    exact = par(defn).total_rtp
    one = simulate(defn, 20_000, 42, workers=1, shard_size=3000)
    two = simulate(defn, 20_000, 42, workers=2, shard_size=3000)
    whole = simulate(defn, 20_000, 42)
    data = [rep.report_data(r, defn.name, "€1.00", exact) for r in (one, two, whole)]
    assert data[0] == data[1] == data[2]
    assert sum(data[0].histogram) == 20_000 and data[0].convergence[-1] == (20_000, one.tally.win_sum)


# --- the picture ----------------------------------------------------------------------------------------------


def classic_data(spins: int, seed: int) -> rep.ReportData:
    defn = load_game("classic")
    return rep.report_data(simulate(defn, spins, seed), defn.name, "€1.00", par(defn).total_rtp)


def test_cli_writes_the_report_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.png"
    assert main(["simulate", "classic", "--spins", "20000", "--seed", "7", "--report", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    image = pygame.image.load(str(out))
    assert image.get_size() == rep.DEFAULT_SIZE
    data = classic_data(20_000, 7)  # what the command drew, rebuilt: the pixels say where things are
    layout = rep.report_layout(data)
    assert image.get_at((3, 3))[:3] == rep.BACKGROUND
    assert image.get_at((layout.size[0] - 4, layout.size[1] - 4))[:3] == rep.BACKGROUND
    conv = layout.conv.rect
    par_y = layout.par_y(data)
    assert abs(par_y - layout.conv.y_px(float(data.par_rtp))) <= 0.5  # type: ignore[arg-type]
    for x in (conv.left + 5, conv.centerx, conv.right - 30):
        assert image.get_at((x, par_y))[:3] == rep.PAR
    # the band is shaded around the par, not beyond it at the end of the run
    assert image.get_at((conv.right - 30, par_y - 3))[:3] != rep.PANEL
    assert image.get_at((conv.right - 30, conv.top + 2))[:3] == rep.PANEL
    # the no-win bar and the [1x, 1.6x) bar, just above the floor
    hist = layout.hist
    floor = hist.rect.bottom - 3
    assert image.get_at((layout.no_win.centerx, floor))[:3] == rep.NO_WIN
    x = round(hist.x_px((1 * 1.6) ** 0.5))
    assert image.get_at((x, floor))[:3] == rep.TIERS[1][1]
    # nothing wins 1,000x in classic: no bar there (the axis ends at 1,000x)
    assert image.get_at((round(hist.x_px(700)), floor))[:3] == rep.PANEL


def test_report_size_option_and_pure_drawing(tmp_path: Path) -> None:
    out = tmp_path / "small.png"
    assert main(["simulate", "classic", "--spins", "3000", "--seed", "2", "--json",
                 "--report", str(out), "--report-size", "1280x800"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    data = classic_data(3000, 2)
    first, again = rep.draw_report(data), rep.draw_report(data)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")


def test_report_without_an_exact_par_centres_on_the_measured_rtp() -> None:
    data = rep.report_data(simulate(load_game("classic"), 5000, 1), "Classic", "€1.00", None)
    surface = rep.draw_report(data, (1200, 750))
    layout = rep.report_layout(data, (1200, 750))
    assert data.centre == float(data.rtp)
    assert surface.get_at((layout.conv.rect.centerx, layout.par_y(data)))[:3] == rep.PAR


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--report", "report.txt"], ".png"),
        (["--report", "/no/such/dir/report.png"], "no such directory"),
        (["--report", "r.png", "--report-size", "big"], "WIDTHxHEIGHT"),
        (["--report", "r.png", "--report-size", "100x100"], "640x400"),
    ],
)
def test_report_errors_are_one_line_and_come_first(
    extra: list[str], words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "classic", "--spins", "10", *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before simulating
    assert captured.err.count("\n") == 1 and words in captured.err
    assert not list(tmp_path.iterdir())
