"""``cabinet bench frames``: frame times, start-up and memory of the cabinet window.

Headless at 1920x1080 on one core: a scripted spin that lands a big win, its whole
presentation (count-up, banner, coin shower, then the line cycle), and a second spin. Prints the median and 99th-percentile frame time, the ratio to a bare
loop that blits the same visible sprites (what the cabinet's own logic costs), the
time from process start and from ``App.start`` to the first frame, and the resident
memory. Numbers only: no pass/fail here (the targets are p99 <= 8 ms, first frame
<= 0.5 s, memory <= 150 MB).

``--scenario N`` plays the game's designer scenario N instead and times every frame of
its round, by what is on screen (the wheel, the boards of a hold-and-respin or minigame,
free spins, the base game). ``--all-cells`` times a hold-and-respin's boards with every
cell spinning at once (Happy Lucky Slot: all 60), the heaviest board frame. ``--pays``
times the pay models' heaviest wins: 117,649 Megaways ways lit, a 7x7 cluster outlined
(``frames_pays.py``). ``--tumble`` times a 7x7 cluster tumble sequence: its wins counting, the
winners bursting, the symbols falling and dropping in (``frames_tumble.py``). ``--pages`` times every page a player or operator sees, p99 each
(``frames_pages.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

SIZE = (1920, 1080)
DEFAULT_FRAMES = 900  # 15 s of play at 60 fps
SEARCH = 20_000  # rounds searched for a big win to present
SEED = 1


def process_age() -> float:
    """Seconds since this process started (from /proc), or -1 where unavailable."""
    try:
        with open("/proc/self/stat") as fh:
            start_ticks = int(fh.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return -1.0


def resident_mb() -> float:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return -1.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def pin_to_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"cpu {cpu}"
    except (AttributeError, OSError):
        return "unpinned"


def bare_loop(app, frames: int) -> list[float]:  # noqa: ANN001 - a started App
    """Blit what the cabinet shows (background, reel tiles, frame, buttons), nothing else."""
    import pygame

    from cabinet.presentation.art import DECK_SPRITES

    ctx = app.ctx
    layout, art = ctx.layout, ctx.art
    screen = app.screen
    tiles = [art.tiles[s] for s in ctx.defn.symbol_ids]
    buttons = [(art.button(DECK_SPRITES[str(button)][0], "", (box.w, box.h)), (box.x, box.y))
               for button, box in layout.buttons.items()]
    times = []
    for f in range(frames):
        t0 = time.perf_counter()
        screen.blit(art.background, (0, 0))
        screen.blit(art.frame, (layout.reel_frame.x, layout.reel_frame.y))
        for r, column in enumerate(layout.cells):
            for row, cell in enumerate(column):
                screen.blit(tiles[(f + r * 3 + row) % len(tiles)], (cell.x, cell.y))
        for surface, pos in buttons:
            screen.blit(surface, pos)
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    return times


def celebrated_round(defn, seed: int) -> int:  # noqa: ANN001 - a Definition
    """The first round of the seed with a tiered win and no feature (the heaviest screen:
    banner, coin shower, count-up), else the first winning round."""
    from cabinet.commands.shot import first_winning_round
    from cabinet.core.bet import default_bet
    from cabinet.core.rng import derive_seed
    from cabinet.core.round import RoundRequest, play_round

    bet = default_bet(defn)
    for i in range(SEARCH):
        result = play_round(defn, RoundRequest(bet, derive_seed(seed, i)))
        if not result.features and result.events[-1].to_dict().get("tier"):
            return i
    return first_winning_round(defn, seed)


def summary(times: list[tuple[float, float]]) -> dict[str, float]:
    """Wall-clock figures of (wall, cpu) frame times, and the CPU time's median and p99 (what
    the frame cost this process, whatever else the machine was running)."""
    wall, cpu = [t[0] for t in times], [t[1] for t in times]
    return {"frames": len(times), "median_ms": round(statistics.median(wall) * 1000, 3),
            "p99_ms": round(percentile(wall, 0.99) * 1000, 3), "max_ms": round(max(wall) * 1000, 3),
            "cpu_median_ms": round(statistics.median(cpu) * 1000, 3), "cpu_p99_ms": round(percentile(cpu, 0.99) * 1000, 3)}


def timed_frame(app) -> tuple[float, float]:  # noqa: ANN001 - a started App
    t0, c0 = time.perf_counter(), time.thread_time()
    app.headless_frame({})
    return time.perf_counter() - t0, time.thread_time() - c0


def on_screen(app) -> str:  # noqa: ANN001 - a started App
    """What a frame shows: the wheel, boards, free spins or the base game."""
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
    from cabinet.presentation.mechanics.hold_and_respin.view import BoardScene
    from cabinet.presentation.mechanics.wheel.view import WheelScene

    for kind, name in ((WheelScene, "wheel"), (BoardScene, "boards"), (FreeSpinsScene, "free spins")):
        if app.stack.find(kind) is not None:
            return name
    return "base game"


def scenario_frames(app, number: int, limit: int) -> dict[str, list[tuple[float, float]]]:  # noqa: ANN001 - a designer App
    """Every frame of scenario ``number``'s round (1-based), timed, by what it shows."""
    from cabinet.errors import CabinetError

    scenarios = app.defn.scenarios
    if not 1 <= number <= len(scenarios):
        raise CabinetError(f"--scenario: {app.defn.name} has {len(scenarios)} scenario(s)")
    app.run_frames(30)  # settle
    if not app.designer.play_scenario(number - 1):
        raise CabinetError(f"scenario {number} could not start: {app.ctx.hud.status}")
    times: dict[str, list[tuple[float, float]]] = {}
    for _ in range(limit):
        timing = timed_frame(app)
        times.setdefault(on_screen(app), []).append(timing)
        if not app.base.in_round and not app.session.in_round:
            break
    return times


def all_cells_frames(app, frames: int) -> list[tuple[float, float]]:  # noqa: ANN001 - a started App
    """The game's own hold-and-respin boards with every cell spinning (none held), timed."""
    from cabinet.core.boards import BoardOpened
    from cabinet.core.events import FeatureStarted
    from cabinet.errors import CabinetError
    from cabinet.presentation.mechanics.hold_and_respin.model import BoardsModel
    from cabinet.presentation.mechanics.hold_and_respin.presenter import _flicker
    from cabinet.presentation.mechanics.hold_and_respin.view import BoardScene

    params = next((f for f in app.defn.features if f.type == "hold_and_respin" and not getattr(f, "opened_by", "")),
                  None)
    if params is None:
        raise CabinetError(f"--all-cells: {app.defn.name} has no hold-and-respin boards of its own")
    events = [FeatureStarted(params.name, params.respins, 1)]
    events += [BoardOpened(params.name, b.name, b.reels, b.rows, 0) for b in params.boards]
    model = BoardsModel.from_events(events, feature=params.name)
    strips = {b.name: _flicker([tuple(b.strip or (b.reel_strips or b.cell_strips)[0])]) for b in params.boards}
    scene = BoardScene(app.ctx, model, strips=strips)
    app.stack.push(scene)
    scene.warm()
    for b in params.boards:
        cells = [(reel, row) for reel in range(b.reels) for row in range(b.rows)]
        scene.spin(b.name, cells, ["BLANK"] * len(cells))  # never timed to land: they spin throughout
    app.run_frames(30)
    spinning = sum(1 for s in scene.spins.values() if s.stop > scene.clock)
    times = [timed_frame(app) for _ in range(frames)]
    assert spinning == sum(b.reels * b.rows for b in params.boards)
    app.stack.remove(scene)
    return times


def line(figures: dict[str, float]) -> str:
    return (f"{figures['frames']:>5} frames   median {figures['median_ms']:.2f} ms   p99 {figures['p99_ms']:.2f} ms   "
            f"max {figures['max_ms']:.2f} ms   cpu: median {figures['cpu_median_ms']:.2f} ms   "
            f"p99 {figures['cpu_p99_ms']:.2f} ms   (goal: p99 <= 8 ms)")


def run_feature(args: argparse.Namespace, core: str) -> int:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game

    defn = load_game(args.game or "classic")
    app = App(defn, AppOptions(size=SIZE, seed=SEED, headless=True, designer=True))
    app.start()
    result: dict[str, object] = {"game": defn.id, "size": f"{SIZE[0]}x{SIZE[1]}", "core": core}
    if args.scenario:
        name = defn.scenarios[args.scenario - 1].name if 0 < args.scenario <= len(defn.scenarios) else ""
        times = scenario_frames(app, args.scenario, args.frames or 60 * 120)
        result["scenario"] = f"{args.scenario}: {name}"
        result["by_screen"] = {kind: summary(t) for kind, t in times.items()}
    if args.all_cells:
        result["all_cells_spinning"] = summary(all_cells_frames(app, args.frames or DEFAULT_FRAMES))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"frames: {result['game']} at {result['size']} headless ({core})")
        if args.scenario:
            print(f"  scenario {result['scenario']}")
            for kind, figures in result["by_screen"].items():  # type: ignore[union-attr]
                print(f"  {kind:<12} " + line(figures))
        if args.all_cells:
            print("  every board cell spinning " + line(result["all_cells_spinning"]))  # type: ignore[arg-type]
    app.pg.quit()
    return 0


def run(args: argparse.Namespace) -> int:
    from cabinet.app import App, AppOptions, use_dummy_drivers

    use_dummy_drivers()
    core = pin_to_one_core()
    if getattr(args, "pays", False):  # the pay models' heaviest win screens (frames_pays.py)
        import importlib  # by name: frames_pays builds on this module's timing

        return int(importlib.import_module("cabinet.benchmarks.frames_pays").run_pays(args, core))
    if getattr(args, "pages", False):  # every page, p99 each (frames_pages.py)
        import importlib

        return int(importlib.import_module("cabinet.benchmarks.frames_pages").run_pages(args, core))
    if getattr(args, "tumble", False):  # a 7x7 cluster tumble sequence (frames_tumble.py)
        import importlib

        return int(importlib.import_module("cabinet.benchmarks.frames_tumble").run_tumble(args, core))
    if getattr(args, "scenario", 0) or getattr(args, "all_cells", False):
        return run_feature(args, core)
    from cabinet.core.loader import load_game
    from cabinet.machine.buttons import Button, Press

    frames = args.frames or DEFAULT_FRAMES
    defn = load_game(args.game or "classic")
    app = App(defn, AppOptions(size=SIZE, seed=SEED, headless=True))
    app.start()
    age = process_age()
    first_frame_age = age - (time.perf_counter() - app.first_frame_at) if age >= 0 else age
    startup = app.startup_seconds
    memory_at_start = resident_mb()
    session = app.session
    assert session is not None
    for _ in range(celebrated_round(defn, SEED)):
        session.begin_round()
        session.finish_round()
    app.run_frames(30)  # settle: first blits, caches warm
    times: list[float] = []
    spins = 0
    for f in range(frames):
        if f % 600 == 0:  # spin, then let the win present itself; spin again later
            app.press([Press(Button.SPIN)])
            spins += 1
        t0 = time.perf_counter()
        app.headless_frame({})
        times.append(time.perf_counter() - t0)
    bare = bare_loop(app, frames)
    result = {
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "frames": frames,
        "spins": spins,
        "core": core,
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p99_ms": round(percentile(times, 0.99) * 1000, 3),
        "max_ms": round(max(times) * 1000, 3),
        "bare_median_ms": round(statistics.median(bare) * 1000, 3),
        "bare_p99_ms": round(percentile(bare, 0.99) * 1000, 3),
        "overhead_ratio": round(statistics.median(times) / statistics.median(bare), 2),
        "start_to_first_frame_s": round(startup, 3),
        "start_to_ready_s": round(app.ready_seconds, 3),
        "process_start_to_first_frame_s": round(first_frame_age, 3),
        "resident_mb": round(memory_at_start, 1),
        "resident_mb_after_run": round(resident_mb(), 1),
        "missing_art": len(app.ctx.cache.missing),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"frames: {result['frames']} at {result['size']} headless, {spins} spins with their win "
              f"presentations ({core})")
        print(f"  frame time   median {result['median_ms']:.2f} ms   p99 {result['p99_ms']:.2f} ms   "
              f"max {result['max_ms']:.2f} ms   (goal: p99 <= 8 ms)")
        print(f"  bare blits   median {result['bare_median_ms']:.2f} ms   p99 {result['bare_p99_ms']:.2f} ms   "
              f"-> cabinet / bare = {result['overhead_ratio']:.2f}x")
        print(f"  first frame  {result['start_to_first_frame_s']:.3f} s after App.start, "
              f"{result['process_start_to_first_frame_s']:.3f} s after process start   (goal: <= 0.5 s); "
              f"all art, sound and devices ready {result['start_to_ready_s']:.3f} s after App.start")
        print(f"  memory       {result['resident_mb']:.1f} MB resident with the game's art loaded, "
              f"{result['resident_mb_after_run']:.1f} MB after the run   (goal: <= 150 MB)")
    app.pg.quit()
    return 0
