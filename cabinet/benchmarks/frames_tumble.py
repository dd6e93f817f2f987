"""``cabinet bench frames --tumble``: frame times of a 7x7 cluster tumble sequence.

Headless at 1920x1080 on one core: the 7x7 cluster toy with tumbles and cell multipliers
(tests/games/tumble/screen-cluster-7x7.yaml, a checkout's) plays its scenario (a cluster on the
landed screen, then four tumbles, cells doubling) again and again, and every frame while the
tumble overlay is up is timed, by what it shows: a screen's wins counting, the winners
bursting (symbols scaled, sparks), the symbols falling and dropping in. Numbers only (the
target is p99 <= 8 ms); ``--frames`` sets the frames timed in all (default 1500).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .frames import SIZE, line, summary, timed_frame

GAME = Path(__file__).resolve().parents[2] / "tests" / "games" / "tumble" / "screen-cluster-7x7.yaml"
DEFAULT_FRAMES = 1500
PHASES = ("counting", "burst", "fall")


def phase_of(app: Any) -> str:
    """What the tumble overlay shows now ("" when it is not up)."""
    from cabinet.presentation.mechanics.tumble.view import TumbleView

    view = app.stack.find(TumbleView)
    if view is None:
        return ""
    return "counting" if view.phase == "rest" else view.phase


def run_tumble(args: argparse.Namespace, core: str) -> int:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game
    from cabinet.errors import CabinetError

    if not GAME.exists():
        raise CabinetError(f"--tumble needs the toy tumble games of a checkout: {GAME} is missing")
    defn = load_game(GAME)
    script = tuple(defn.scenarios[0].script)
    app = App(defn, AppOptions(size=SIZE, seed=1, headless=True))
    app.start()
    app.run_frames(30)  # settle: art and text caches warm
    wanted = args.frames or DEFAULT_FRAMES
    times: dict[str, list[tuple[float, float]]] = {phase: [] for phase in PHASES}
    sequences = 0
    while sum(len(t) for t in times.values()) < wanted:
        app.base.end_presentation()
        app.base.start_round(script=script)
        sequences += 1
        while app.base.in_round:
            phase = phase_of(app)
            timing = timed_frame(app)
            if phase:
                times[phase].append(timing)
    app.pg.quit()
    every = [t for phase in PHASES for t in times[phase]]
    result = {"size": f"{SIZE[0]}x{SIZE[1]}", "core": core, "sequences": sequences, "all": summary(every),
              **{phase: summary(times[phase]) for phase in PHASES if times[phase]}}
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print(f"frames: a 7x7 cluster tumble sequence at {result['size']} headless ({core}), {sequences} sequences")
    print("  every frame      " + line(result["all"]))
    for phase, title in (("counting", "wins counting "), ("burst", "winners burst "), ("fall", "fall, drop-in ")):
        if phase in result:
            print(f"  {title}   " + line(result[phase]))
    return 0
