"""Live par on save (designer/live_par.py): ``--watch`` prices every good save in a background
process; the overlay shows old -> new with exact/estimate tags; an invalid save keeps the
last good game and its figures; the scenario list shows each scenario's odds."""

from __future__ import annotations

import json
import time
from pathlib import Path

from screen_helpers import edit

from cabinet.app import FPS, App, AppOptions
from cabinet.core.loader import load_definition
from cabinet.core.par import par
from cabinet.designer.live_par import LivePar, compute

SEVEN_PAYS = "SEVEN:      {3: 75, 4: 250, 5: 1250}"




def text_of(lines: list) -> str:
    return "\n".join("".join(part for part, _ in line) for line in lines if isinstance(line, list))


def run_until_priced(app: App, jobs: int, seconds: float = 90.0) -> None:
    """Frames until the background job has answered (the worker's time is wall time, not frames)."""
    live = app.designer.live
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.run_frames(1, draw_every=30)
        if live.jobs >= jobs and not live.running and live.new is not None:
            return
        time.sleep(0.005)
    raise AssertionError(f"no live par after {seconds} s: {live.error}")


def test_compute_tags_every_figure_from_par(game_file: Path) -> None:
    figures = compute(game_file.read_text(), str(game_file))
    report = par(load_definition(game_file))
    assert figures.total.exact and figures.total.text == f"{float(report.total_rtp) * 100:.4f}%"
    assert figures.hit_rate.exact
    (fs,) = figures.features
    rate = report.free_spins[0].trigger_rate
    assert fs.name == "free_spins" and fs.odds is not None and fs.odds.exact
    assert fs.odds.text == f"1 in {float(1 / rate):,.1f}" == "1 in 66.6"
    assert not figures.max_win.exact and "largest of 50,000 rounds" in figures.max_win.text
    assert [f.exact for f in figures.scenarios] == [True, True, False]


def test_a_save_is_priced_in_the_background_old_to_new_and_a_bad_save_keeps_the_last_good(
        game_file: Path) -> None:
    app = App(load_definition(game_file), AppOptions(size=(640, 360), seed=5, headless=True, watch=game_file))
    app.start()
    designer = app.designer
    run_until_priced(app, 1)
    live = designer.live
    first = live.new
    assert first is not None and live.old is None and live.jobs == 1
    assert "F1 free spins (trigger 1 in 71.4)" in text_of(designer.lines())

    edit(game_file, SEVEN_PAYS, "SEVEN:      {3: 75, 4: 250, 5: 2500}")
    run_until_priced(app, 2)
    assert live.old == first and live.new is not None and live.new.total.text != first.total.text
    shown = text_of(live.lines())
    assert f"TOTAL RTP {first.total.text} (exact) -> {live.new.total.text} exact" in shown
    assert "free_spins 1 in 66.6 exact" in shown  # the trigger did not move: one figure, no arrow
    assert "MAX WIN" in shown and "estimate" in shown

    good = live.new
    edit(game_file, "SEVEN:      {3: 75, 4: 250, 5: 2500}", "SEVEN:      {3: 75, 4: x, 5: 2500}")
    app.run_frames(FPS * 2, draw_every=30)
    errors = designer.reloader.errors
    assert errors and errors[0].startswith(f"{game_file}:") and errors[0].split(":")[1].isdigit()
    assert app.defn.pays["SEVEN"][5] == 2500  # the last good game runs on
    assert live.jobs == 2 and live.new == good  # nothing priced for the bad save


def test_a_newer_save_stops_the_job_that_is_still_running(game_file: Path) -> None:
    live = LivePar()
    defn = load_definition(game_file)
    live.start(defn, game_file.read_text())
    first = live._process
    live.start(defn, game_file.read_text().replace(SEVEN_PAYS, "SEVEN:      {3: 75, 4: 250, 5: 2000}"))
    assert first.poll() is not None and live.jobs == 2  # killed, and waited for
    assert live.wait(90) and live.new is not None and live.old is None


def test_the_live_par_benchmark_times_frames_with_and_without_a_job(capsys) -> None:  # noqa: ANN001
    from cabinet.cli import main

    assert main(["bench", "live-par", "classic", "--frames", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["without_par"]["frames"] == 40 and result["while_par_runs"]["frames"] == 40
    assert result["jobs"] >= 1 and result["while_par_runs"]["cpu_p99_ms"] > 0


def test_without_watch_the_overlay_prices_the_game_file_once_it_opens(game_file: Path) -> None:
    app = App(load_definition(game_file), AppOptions(size=(640, 360), seed=5, headless=True, designer=True))
    app.start()
    live = app.designer.live
    app.run_frames(10, draw_every=30)
    assert live is not None and live.jobs == 0  # nothing is computed for a designer who never looks
    app.designer.overlay = True
    run_until_priced(app, 1)
    assert live.jobs == 1 and "F3 a big win (" in text_of(app.designer.lines())
