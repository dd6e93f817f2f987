"""Memory that must level off in a kiosk (issue 16, defect 12), and ``cabinet bench soak``.

The soak itself is a benchmark that prints numbers (no timed or memory asserts here);
these tests check its output format, its slope arithmetic, and that the two caches
that kept growing during paced play are bounded.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pygame
import pytest

from cabinet.benchmarks.soak import Sample, SoakReport, warmup_minutes
from cabinet.cli import main
from cabinet.core import evaluate
from cabinet.core.loader import load_game
from cabinet.presentation import text as text_module
from cabinet.presentation.text import Text


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def fonts():
    pygame.font.init()
    yield
    pygame.font.quit()


def test_text_cache_drops_balances_nobody_draws_any_more(fonts) -> None:
    """Every round shows a new balance: those must not pile up until the byte bound."""
    clock = FakeClock()
    text = Text(clock=clock)
    label = text.render("BALANCE", 15, (236, 196, 92))
    for cents in range(2_000):  # a round every 3 s, the label drawn each time
        clock.now += 3.0
        text.render(f"€{cents // 100}.{cents % 100:02d}", 26, (250, 248, 240), shadow=True)
        assert text.render("BALANCE", 15, (236, 196, 92)) is label  # still the cached surface
    kept = len(text._rendered)
    assert kept <= text_module.KEEP_SECONDS / 3.0 + 2  # the label and the last 30 s of balances
    assert text.cached_bytes == sum(s.get_width() * s.get_height() * 4 for s in text._rendered.values())
    assert text.cached_bytes < 256 * 1024  # all 2,000 balances kept would be about 18 MB


def test_text_cache_keeps_its_byte_bound(fonts, monkeypatch) -> None:
    monkeypatch.setattr(text_module, "CACHE_BYTES", 256 * 1024)
    text = Text(clock=FakeClock())  # time stands still: only the byte bound drops anything
    for n in range(500):
        text.render(f"{n:,} COINS", 40, (255, 255, 255), outline=True)
        assert text.cached_bytes <= 256 * 1024 or len(text._rendered) == 1
    assert 1 < len(text._rendered) < 500
    sizes = sum(s.get_width() * s.get_height() * 4 for s in text._rendered.values())
    assert sizes == text.cached_bytes  # the running count is the cache's real content


def test_line_pay_memo_is_bounded_and_still_right() -> None:
    defn = load_game("classic")
    compiled = evaluate.compiled(defn)
    fresh = evaluate.CompiledPays(defn)
    ids = [s.id for s in defn.symbols]
    lines = list(itertools.islice(itertools.product(ids, repeat=defn.grid.reels), 3 * evaluate._MEMO_LIMIT))
    assert len(lines) == 3 * evaluate._MEMO_LIMIT  # more distinct lines than the memo keeps
    for symbols in lines:
        compiled.line_pays(symbols, False)
        assert len(compiled.memo) <= evaluate._MEMO_LIMIT
    for symbols in lines[:: 97]:  # memoised or recomputed, the answer is the same
        assert compiled.line_pays(symbols, False) == fresh.line_pays(symbols, False)


def test_slope_leaves_out_the_warm_up() -> None:
    report = SoakReport(game="g", minutes=30, warmup_minutes=5)
    for second in range(0, 1801, 30):
        warming = 40.0 * min(second, 300) / 300  # caches filling: +40 MB in the first 5 minutes
        report.samples.append(Sample(second, second // 3, 80.0 + warming + second / 3600))  # then 1 MB/h
    assert report.slope_mb_per_hour() == pytest.approx(1.0)
    result = report.as_dict()
    assert result["rss_slope_mb_per_hour"] == pytest.approx(1.0)
    assert result["rss_start_mb"] == 80.0 and result["rss_after_warmup_mb"] == pytest.approx(120.1, abs=0.05)
    assert SoakReport(game="g", minutes=1, warmup_minutes=1).slope_mb_per_hour() is None


def test_default_warm_up_is_a_third_at_most_five_minutes() -> None:
    assert warmup_minutes(3, None) == 1
    assert warmup_minutes(30, None) == 5
    assert warmup_minutes(10, 2.5) == 2.5
    assert warmup_minutes(1, 4) == 1


def _soak(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "cabinet", "bench", "soak", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


@pytest.mark.integration
def test_bench_soak_prints_rss_over_time_and_the_slope() -> None:
    done = _soak("--minutes", "0.05", "--every", "0.5", "--warmup", "0.01", "classic")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("soak: classic, 0.05 min of paced play")
    samples = [line for line in lines if " rounds   RSS " in line]
    assert len(samples) >= 2  # one each half second over 3 s, at most one a frame (a loaded machine draws few)
    assert all(line.rstrip().endswith("MB") for line in samples)
    slope_line = next(line for line in lines if line.startswith("RSS slope after warm-up: "))
    value, unit = slope_line.split(": ", 1)[1].split()[:2]
    assert unit == "MB/h" and float(value) == float(value)  # a number, e.g. "+0.42 MB/h"


@pytest.mark.integration
def test_bench_soak_json_plays_rounds_on_its_own_data_folder(tmp_path) -> None:
    done = _soak("--minutes", "0.05", "--every", "0.5", "--json", "--data-dir", str(tmp_path), "--game", "classic")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "classic" and result["rounds"] >= 1 and result["frames"] >= 1
    times = [s[0] for s in result["samples"]]
    assert len(times) >= 2 and times == sorted(times) and times[-1] >= 3.0  # it played for the 3 s asked
    assert isinstance(result["rss_slope_mb_per_hour"], float)
    assert all(len(s) == 3 and s[2] > 0 for s in result["samples"])
    assert (tmp_path / "journal.log").exists()  # a kiosk's files were written, as in real play


def test_bench_soak_refuses_no_time_and_two_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "soak", "--minutes", "0", "classic"]) == 2
    assert "--minutes must be more than 0" in capsys.readouterr().err
    assert main(["bench", "soak", "classic", "--game", "happy-riches"]) == 2
    assert "two games given" in capsys.readouterr().err
