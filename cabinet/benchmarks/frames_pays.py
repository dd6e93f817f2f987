"""``cabinet bench frames --pays``: frame times of the pay models' heaviest win screens.

Headless at 1920x1080 on one core, two screens built by hand and priced by the core's own
model (``model_of(defn).evaluate``), each presented as the cabinet presents a win (the win
scene over the base game: every winning cell lit during the count-up, then the win alone
as its model draws it):

- a 6-reel Megaways screen with every reel 7 high and one symbol on all 42 cells: a win of
  7^6 = 117,649 ways (the reels shaped to those heights, the ways plaque counting them);
- a 7x7 cluster screen where one symbol fills the grid but for nine single cells of another:
  one cluster of 40 with nine holes, its outline traced round the group and every hole.

The games are the pay-model benchmark games of tests/games/pays/ (a checkout's). Numbers
only (the target is p99 <= 8 ms); ``--frames`` sets the frames timed in each phase.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .frames import SIZE, line, summary, timed_frame

GAMES = Path(__file__).resolve().parents[2] / "tests" / "games" / "pays"
PHASE_FRAMES = 600


def megaways_screen(defn: Any) -> list[list[str]]:
    return [["SEVEN"] * defn.grid.rows for _ in range(defn.grid.reels)]


def cluster_screen(defn: Any) -> list[list[str]]:
    """SEVEN everywhere but nine LEMONs apart from each other (holes in the one cluster)."""
    return [["LEMON" if reel % 2 and row % 2 else "SEVEN" for row in range(defn.grid.rows)]
            for reel in range(defn.grid.reels)]


def time_win(app: Any, screen: list[list[str]], frames: int) -> dict[str, Any]:
    """The win scene of ``screen``'s wins over the base game: frames of its count-up (every
    cell lit) and of its cycle (the win alone), timed."""
    from cabinet.core.pays import model_of
    from cabinet.presentation.scenes.win import WinScene

    ctx, scene = app.ctx, app.base
    defn = ctx.defn
    events, total = model_of(defn).evaluate(defn, tuple(tuple(c) for c in screen), ctx.session.bet)
    wins = [e for e in events if hasattr(e, "positions")]
    scene.reels.shape([len(column) for column in screen])
    scene.screen = [list(column) for column in screen]
    app.run_frames(30)  # settle: art and text caches warm
    win = WinScene(ctx, wins, total, 0, "", scene.screen, 1, loop=True)
    win.count_time = 1e9  # hold the count-up (every cell lit) while it is timed
    app.stack.push(win)
    app.run_frames(10)
    counting = [timed_frame(app) for _ in range(frames)]
    win.skip()
    app.run_frames(10)
    cycling = [timed_frame(app) for _ in range(frames)]
    app.stack.remove(win)
    described = [{k: v for k, v in e.to_dict().items() if k in ("kind", "symbol", "count", "ways")} | {
        "cells": len(e.positions)} for e in wins]
    return {"wins": described, "all_lit": summary(counting), "cycle": summary(cycling)}


def run_pays(args: argparse.Namespace, core: str) -> int:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game
    from cabinet.errors import CabinetError

    frames = args.frames or PHASE_FRAMES
    result: dict[str, Any] = {"size": f"{SIZE[0]}x{SIZE[1]}", "core": core}
    for key, name, build in (("megaways_117649_ways", "megaways-117649", megaways_screen),
                             ("cluster_7x7_outlined", "cluster-7x7", cluster_screen)):
        path = GAMES / f"{name}.yaml"
        if not path.exists():
            raise CabinetError(f"--pays needs the benchmark games of a checkout: {path} is missing")
        defn = load_game(path)
        app = App(defn, AppOptions(size=SIZE, seed=1, headless=True))
        app.start()
        result[key] = time_win(app, build(defn), frames)
        app.pg.quit()
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print(f"frames: the pay models' heaviest wins at {result['size']} headless ({core})")
    for key, title in (("megaways_117649_ways", "Megaways, 6 reels 7 high"), ("cluster_7x7_outlined", "cluster 7x7")):
        found = result[key]
        what = ", ".join(f"{w['symbol']} {w.get('ways', w['count']):,} {'ways' if 'ways' in w else 'cells'}"
                         for w in found["wins"])
        print(f"  {title}: {what}")
        print("    every cell lit " + line(found["all_lit"]))
        print("    the win alone  " + line(found["cycle"]))
    return 0
