"""``cabinet bench math|tumbles|frames|soak``: benchmarks that print numbers (no timed asserts anywhere)."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from ..errors import CabinetError

SUITES = {
    "math": ("cabinet.core.bench", "par and simulate speed, numpy vs pure Python"),
    "tumbles": ("cabinet.core.bench_tumbles", "simulate's lockstep tumbles vs play_round, rounds per second"),
    "frames": ("cabinet.benchmarks.frames", "frame times, start-up and memory of the window"),
    "operator": ("cabinet.benchmarks.operator", "frame times of every page of the operator menu"),
    "live-par": ("cabinet.designer.live_bench", "frame times of the designer window while the live par runs"),
    "soak": ("cabinet.benchmarks.soak", "RSS over minutes of paced real-time play, and its slope per hour"),
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    suites = p.add_subparsers(dest="suite", metavar="{" + ",".join(sorted(SUITES)) + "}", required=True,
                              help="which benchmark to run")
    for name, (_, help_text) in sorted(SUITES.items()):
        s = suites.add_parser(name, help=help_text, description=help_text)
        s.add_argument("target", nargs="?", default="", metavar="GAME", help="game to measure (as --game)")
        s.add_argument("--game", default="", help="game to measure (default: the suite's own choice)")
        s.add_argument("--json", action="store_true", help="print one JSON object")
        if name in ("math", "tumbles"):
            s.add_argument("--spins", type=int, default=0, help="spins to simulate (0: default)")
        if name == "tumbles":
            s.add_argument("--par", action="store_true",
                           help="time par to each tumble game's par_precision instead (CPU seconds, cold and warm)")
        if name == "operator":
            s.add_argument("--frames", type=int, default=0, help="frames to time on each page (0: 300)")
        if name == "live-par":
            s.add_argument("--frames", type=int, default=0, help="frames to time in each phase (0: 1200)")
        if name == "frames":
            s.add_argument("--frames", type=int, default=0, help="frames to render (0: default)")
            s.add_argument("--scenario", type=int, default=0, metavar="N",
                           help="time the frames of the game's designer scenario N, by what is on screen")
            s.add_argument("--all-cells", action="store_true",
                           help="time the game's hold-and-respin boards with every cell spinning")
            s.add_argument("--pays", action="store_true",
                           help="time the pay models' heaviest wins: 117,649 Megaways ways, a 7x7 cluster outlined")
            s.add_argument("--pages", action="store_true",
                           help="time every page at 1920x1080: base, each scenario's screens, INFO pages, panels, "
                                "lobby, operator menu; p99 per page")
            s.add_argument("--tumble", action="store_true",
                           help="time a 7x7 cluster tumble sequence: wins counting, winners bursting, symbols falling")
        if name == "soak":
            s.add_argument("--minutes", type=float, default=30.0, help="minutes of real-time play (default 30)")
            s.add_argument("--warmup", type=float, default=None,
                           help="minutes left out of the slope (default: a third of the run, at most 5)")
            s.add_argument("--every", type=float, default=0.0,
                           help="seconds between RSS samples (0: 30, or a tenth of a short run)")
            s.add_argument("--trace", action="store_true", help="also trace the Python heap (tracemalloc)")
            s.add_argument("--data-dir", type=Path, default=None,
                           help="the data folder to play on (default: a temporary one, removed after)")


def run(args: argparse.Namespace) -> int:
    for option in ("spins", "frames"):
        if getattr(args, option, 0) < 0:
            raise CabinetError(f"--{option} must be 0 (the default amount) or more, got {getattr(args, option)}")
    if args.target and args.game and args.target != args.game:
        raise CabinetError(f"two games given: {args.target!r} and --game {args.game!r}")
    args.game = args.game or args.target
    module = importlib.import_module(SUITES[args.suite][0])
    return int(module.run(args) or 0)
