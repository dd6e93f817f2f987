"""``cabinet bench frames --pages``: the frame time of every page a player or operator sees.

Headless at 1920x1080 on one core, as ``cabinet bench frames``. On one cabinet of the game:
the base game idle, a spin with its win, every designer scenario's round timed by the scene
on top (the win, each feature's screens: free spins, boards, wheel, door...), every INFO
page, each panel (menu, history, bet, autoplay, settings, a buy card where the game sells
one), then the lobby of every game; the operator menu's pages come from ``cabinet bench
operator`` (its own cabinet with a PIN). Prints the median and p99 frame time of each page,
wall clock and this thread's CPU (the target is p99 <= 8 ms on every page), and the
resident memory after each part. Numbers only: no pass/fail here.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
from typing import Any

from .frames import SEED, SIZE, resident_mb, summary, timed_frame

PAGE_FRAMES = 120  # two seconds of each page
ROUND_LIMIT = 60 * 90  # frames a scenario's round may take
PANELS: tuple[tuple[str, Any], ...] = (("menu", None), ("history", None), ("settings", None))


def scene_name(scene: Any) -> str:
    """FreeSpinsScene -> "free spins"."""
    name = type(scene).__name__.removesuffix("Scene") or type(scene).__name__
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def on_top(app: Any) -> str:
    top = app.stack.top
    return "base game" if top is None or top is app.base else scene_name(top)


def timed(app: Any, frames: int) -> list[tuple[float, float]]:
    return [timed_frame(app) for _ in range(frames)]


def player_pages(app: Any, frames: int) -> dict[str, list[tuple[float, float]]]:
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.info import InfoScene

    panels = (*PANELS, ("bet", Button.BET_SELECT), ("autoplay", Button.AUTOPLAY))
    pages: dict[str, list[tuple[float, float]]] = {}
    app.run_frames(30)  # settle: first blits, caches warm
    pages["base: idle"] = timed(app, frames)
    app.press([Press(Button.SPIN)])
    for _ in range(ROUND_LIMIT):
        pages.setdefault(f"base spin: {on_top(app)}", []).append(timed_frame(app))
        if not app.base.in_round and not app.session.in_round:
            break
    app.base.end_presentation()
    for number, scenario in enumerate(app.defn.scenarios, start=1):
        app.run_frames(5)
        if not app.designer.play_scenario(number - 1):
            continue
        for _ in range(ROUND_LIMIT):
            pages.setdefault(f"round: {on_top(app)}", []).append(timed_frame(app))
            if not app.base.in_round and not app.session.in_round:
                break
        app.base.end_presentation()
        del scenario
    for scene in [s for s in app.stack if s is not app.base]:
        app.stack.remove(scene)
    info = InfoScene(app.ctx)
    app.stack.push(info)
    app.run_frames(5)
    for page, heading in enumerate(list(info.headings)):
        info.page = page
        app.run_frames(2)  # the page's first frame builds it: timed with the rest below
        pages[f"info: {heading.lower()}"] = timed(app, frames)
    app.stack.remove(info)
    buys = any(m.kind == "buy" for m in getattr(app.defn, "bet_modes", ()))
    for name, button in panels + ((("buy card", Button.BUY),) if buys else ()):
        if button is None:
            app.ctx.open(name)
        else:
            app.press([Press(button)])  # as a player opens it
        app.run_frames(2)
        pages[f"panel: {name}"] = timed(app, frames)
        for scene in [s for s in app.stack if s is not app.base]:
            app.stack.remove(scene)
        app.run_frames(2)
    return pages


def lobby_frames(frames: int) -> list[tuple[float, float]]:
    """The lobby of every game, its tiles' highlight moving every half second."""
    import time

    import pygame

    from cabinet.kiosk.catalog import load_entries
    from cabinet.paths import sprites_dir
    from cabinet.presentation.assets import AssetCache
    from cabinet.presentation.scenes.lobby import LobbyScene
    from cabinet.presentation.text import Text

    screen = pygame.display.get_surface() or pygame.display.set_mode(SIZE)
    entries, _problems = load_entries(None)
    text = Text()
    lobby = LobbyScene(text, AssetCache(sprites_dir(), text), entries, SIZE, on_choose=lambda i: None)
    times = []
    for f in range(frames + 30):
        t0, c0 = time.perf_counter(), time.thread_time()
        lobby.update(1 / 60)
        lobby.draw(screen)
        pygame.display.flip()
        if f >= 30:
            times.append((time.perf_counter() - t0, time.thread_time() - c0))
    return times


def operator_pages(args: argparse.Namespace) -> dict[str, Any]:
    """``cabinet bench operator``'s pages, as it measures them."""
    from . import operator

    quiet = argparse.Namespace(**{**vars(args), "json": True})
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        operator.run(quiet)
    return dict(json.loads(out.getvalue().strip().splitlines()[-1])["pages"])


def run_pages(args: argparse.Namespace, core: str) -> int:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game

    frames = args.frames or PAGE_FRAMES
    defn = load_game(args.game or "classic")
    app = App(defn, AppOptions(size=SIZE, seed=SEED, headless=True, designer=True))
    app.start()
    memory = {"started": resident_mb()}
    figures = {page: summary(times) for page, times in player_pages(app, frames).items()}
    memory["after the game's pages"] = resident_mb()
    figures["lobby"] = summary(lobby_frames(frames))
    memory["after the lobby"] = resident_mb()
    app.pg.quit()
    for page, numbers in operator_pages(args).items():
        figures[f"operator: {page}"] = numbers
    over = sorted(page for page, numbers in figures.items() if numbers["p99_ms"] > 8.0)
    # the frame's own CPU time: over 8 ms there is over whatever else the machine runs
    cpu_over = sorted(page for page, numbers in figures.items() if numbers["cpu_p99_ms"] > 8.0)
    result = {"game": defn.id, "size": f"{SIZE[0]}x{SIZE[1]}", "core": core, "pages": figures,
              "resident_mb": {k: round(v, 1) for k, v in memory.items()}, "over_8ms": over,
              "cpu_over_8ms": cpu_over}
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print(f"frames: every page of {defn.id} at {result['size']} headless ({core}); goal: p99 <= 8 ms on each")
    width = max(len(page) for page in figures)
    for page, numbers in figures.items():
        flag = "  OVER (cpu)" if page in cpu_over else "  over (wall)" if page in over else ""
        print(f"  {page:<{width}} {numbers['frames']:>5} frames   median {numbers['median_ms']:6.2f} ms   "
              f"p99 {numbers['p99_ms']:6.2f} ms   cpu p99 {numbers['cpu_p99_ms']:6.2f} ms{flag}")
    print("  memory       " + ", ".join(f"{mb:.1f} MB {when}" for when, mb in result["resident_mb"].items()))
    print(f"  pages over 8 ms (wall p99): {', '.join(over) if over else 'none'}")
    print(f"  pages over 8 ms in this thread's CPU alone (p99): {', '.join(cpu_over) if cpu_over else 'none'}")
    return 0
