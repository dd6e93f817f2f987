"""``cabinet play GAME``: the cabinet window, or a headless scripted session.

Headless: ``--script FILE`` is a YAML list of ``{frame: 120, press: SPIN}`` entries
(optional ``index`` for list items, ``pos: [x, y]`` for a tap). The run stops after
``--frames N`` or, without it, when the script is done and no round is in play, and
prints one JSON line with integers of the minor unit.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import yaml

from cabinet.errors import CabinetError
from cabinet.machine.buttons import Button, Press
from cabinet.paths import DEFAULT_GAME, default_data_dir

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries JSON or one line

def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CabinetError(f"--size: expected WIDTHxHEIGHT such as 1920x1080, got {text!r}") from None
    if w <= 0 or h <= 0:
        raise CabinetError(f"--size: width and height must be positive, got {text!r}")
    return w, h


def parse_seed(text: str) -> int:
    try:
        seed = int(text, 0)
    except ValueError:
        raise CabinetError(f"--seed: expected an integer, got {text!r}") from None
    if not 0 <= seed < 2**64:
        raise CabinetError("--seed: a seed is an integer from 0 to 2^64-1")
    return seed


def add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help="a game name in games/ or a YAML path")
    p.add_argument("--size", type=parse_size, help="window size WxH (default: fits the screen)")
    p.add_argument("--left-hand", action="store_true", default=None, help="controls on the left")
    p.add_argument("--seed", type=parse_seed, help="make every round of the session reproducible")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--fullscreen", action="store_true", help="fill the screen")
    p.add_argument("--data-dir", type=Path, help="where settings (and later the journal) are kept")
    p.add_argument("--headless", action="store_true", help="no window: run a script and print the result")
    p.add_argument("--script", type=Path, help="headless: YAML list of {frame: N, press: BUTTON}")
    p.add_argument("--frames", type=int, help="headless: stop after this many frames")


def load_script(path: Path) -> dict[int, list[Press]]:
    """Frame number -> presses, with a clear message naming the entry for any mistake."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CabinetError(f"{path}: cannot read the script ({exc.strerror or exc})") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise CabinetError(f"{path}: not valid YAML: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, list):
        raise CabinetError(f"{path}:1:1: a script is a list of {{frame: N, press: BUTTON}} entries")
    script: dict[int, list[Press]] = {}
    for i, entry in enumerate(data):
        node = root.value[i] if root is not None and hasattr(root, "value") else None
        where = f"{path}:{node.start_mark.line + 1}:{node.start_mark.column + 1}" if node is not None else str(path)
        if not isinstance(entry, dict) or "frame" not in entry or "press" not in entry:
            raise CabinetError(f"{where}: each entry needs 'frame' and 'press', e.g. {{frame: 120, press: SPIN}}")
        frame, name = entry["frame"], str(entry["press"]).upper()
        if isinstance(frame, bool) or not isinstance(frame, int) or frame < 0:
            raise CabinetError(f"{where}: 'frame' must be a whole number from 0, got {frame!r}")
        if name not in Button.__members__:
            raise CabinetError(f"{where}: unknown button {entry['press']!r}")
        pos = entry.get("pos")
        if pos is not None and not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int) for v in pos)):
            raise CabinetError(f"{where}: 'pos' must be [x, y]")
        script.setdefault(frame, []).append(Press(Button(name), int(entry.get("index", -1)),
                                                  tuple(pos) if pos else None))
    return script


def run(args: argparse.Namespace) -> int:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game

    defn = load_game(args.game)
    if not args.headless and (args.script or args.frames is not None):
        raise CabinetError("--script and --frames need --headless")
    if args.frames is not None and args.frames < 0:
        raise CabinetError("--frames must not be negative")
    script = load_script(args.script) if args.script else {}
    data_dir = args.data_dir if args.data_dir or args.headless else default_data_dir()
    options = AppOptions(size=args.size, fullscreen=args.fullscreen, left_hand=args.left_hand, seed=args.seed,
                         data_dir=data_dir, headless=args.headless)
    app = App(defn, options)
    if not args.headless:
        return app.run()
    app.start()
    totals = app.run_script(script, args.frames)
    print(json.dumps(totals, sort_keys=True))
    return 0
