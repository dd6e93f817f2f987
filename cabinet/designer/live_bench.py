"""``cabinet bench live-par [GAME]``: frame times while the live par runs in the background.

The designer window at 1920x1080, headless, watching a temporary copy of the game: first
``--frames`` frames with no par running (the baseline), then frames while the live par
prices a save, the save repeated as soon as a job answers until as many frames are timed
(the frame that starts a job, as the designer's tick does after a save, is timed too).
Frames are paced at 60 fps as in the window, so the worker runs in the gaps and on the
other core. On a shared machine wall times carry other programs' load: the CPU times
(this process only) are the frame's own cost.
Both phases play the same: a spin every 600 frames and its whole presentation. Prints
median, p99 and max of each phase's frame time (wall and this process's CPU), the jobs
and their time. Numbers only (the goal: p99 <= 8 ms while par runs).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

SIZE = (1920, 1080)
DEFAULT_FRAMES = 1200
SPIN_EVERY = 600


def _phase(app: Any, frames: int, *, resave: Path | None) -> tuple[list[tuple[float, float]], int, list[float]]:
    from cabinet.benchmarks.frames import timed_frame
    from cabinet.machine.buttons import Button, Press

    live = app.designer.live
    times: list[tuple[float, float]] = []
    jobs_before = live.jobs
    answered: list[float] = []
    timed = 0
    while timed < frames:
        if app.frames % SPIN_EVERY == 0 and app.idle:
            app.press([Press(Button.SPIN)])
        starting = resave is not None and not live.running
        if starting:
            if live.jobs > jobs_before:
                answered.append(live.last_wall)
            app.designer._priced = None  # as after a save: the frame's designer tick starts the job
        frame = timed_frame(app)
        if resave is None or live.running or starting:
            times.append(frame)
            timed += 1
        time.sleep(max(0.0, 1 / 60 - frame[0]))  # paced like the window: the worker gets the gaps
    return times, live.jobs - jobs_before, answered


def run(args: argparse.Namespace) -> int:
    from cabinet.app import App, AppOptions, use_dummy_drivers
    from cabinet.benchmarks.frames import line, summary
    from cabinet.core.loader import load_definition, resolve_game

    use_dummy_drivers()
    frames = args.frames or DEFAULT_FRAMES
    source = Path(resolve_game(args.game or "classic"))
    folder = Path(tempfile.mkdtemp(prefix="cabinet-live-bench-"))
    try:
        path = folder / source.name
        shutil.copy(source, path)
        app = App(load_definition(path), AppOptions(size=SIZE, seed=1, headless=True, watch=path))
        app.start()
        app.designer.live.stop()  # the baseline runs with no job: the first one starts below
        app.designer._priced = app.defn
        app.run_frames(30)
        idle, _, _ = _phase(app, frames, resave=None)
        busy, jobs, answered = _phase(app, frames, resave=path)
        app.designer.live.stop()
        result = {"game": app.defn.id, "size": f"{SIZE[0]}x{SIZE[1]}", "cores": os.cpu_count(),
                  "load_average": round(os.getloadavg()[0], 2),
                  "without_par": summary(idle), "while_par_runs": summary(busy), "jobs": jobs,
                  "job_seconds": [round(s, 3) for s in answered]}
        app.pg.quit()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"live par: {result['game']} at {result['size']} headless, paced at 60 fps, "
              f"{result['cores']} cores, load average {result['load_average']}")
        print("  no par running   " + line(result["without_par"]))  # type: ignore[arg-type]
        print("  par running      " + line(result["while_par_runs"]))  # type: ignore[arg-type]
        seconds = ", ".join(f"{s:.2f}" for s in answered) or "none finished"
        print(f"  {jobs} background par jobs started; save-to-figures seconds: {seconds}")
    return 0
