"""``cabinet bench math|frames``: benchmarks that print numbers (no timed asserts anywhere)."""

from __future__ import annotations

import argparse
import importlib

from ..errors import CabinetError

SUITES = {
    "math": "cabinet.core.bench",  # par and simulate speed, numpy vs pure Python
    "frames": "cabinet.presentation.bench",  # frame times, start-up, memory
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("suite", choices=sorted(SUITES), help="which benchmark to run")
    p.add_argument("--game", default="", help="game to measure (default: the suite's own choice)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--spins", type=int, default=0, help="math: spins to simulate (0: default)")
    p.add_argument("--frames", type=int, default=0, help="frames: frames to render (0: default)")


def run(args: argparse.Namespace) -> int:
    for option in ("spins", "frames"):
        if getattr(args, option, 0) < 0:
            raise CabinetError(f"--{option} must be 0 (the default amount) or more, got {getattr(args, option)}")
    module = importlib.import_module(SUITES[args.suite])
    return int(module.run(args) or 0)
