"""``cabinet kiosk``: unattended, fullscreen, cursor hidden, on the lobby or one game.

Reads ``<data-dir>/kiosk.yaml`` (or ``--config FILE``; see ``cabinet/kiosk/config.py``).
The attract show starts after the configured idle time; pads may come and go at any
moment; an error the cabinet can recover from is written to ``<data-dir>/kiosk.log``,
shown briefly, and play goes on in the lobby or the game. Designer tools (forced
scenarios, speed control, the overlay) are never available here.

Window-close requests (Alt+F4, the close button) are ignored and logged. The operator
leaves by holding the exit combination of ``kiosk.yaml`` (default left Ctrl + left Alt
+ Q for 5 seconds) or by SIGTERM; either closes the game and its journal and exits 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.paths import default_data_dir

from .play import parse_size

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", type=Path, help="settings, ledger, history and kiosk.yaml (default: the user's)")
    p.add_argument("--config", type=Path, help="the kiosk config (default: <data-dir>/kiosk.yaml)")
    p.add_argument("--windowed", action="store_true", help="a window instead of the full screen (setting up)")
    p.add_argument("--size", type=parse_size, help="window size WxH with --windowed")
    p.add_argument("--headless", action="store_true", help="no window (smoke tests): run --frames frames")
    p.add_argument("--frames", type=int, default=600, help="headless: frames to run (default 600)")


def build_shell(args: argparse.Namespace):  # noqa: ANN201 - a cabinet.kiosk.shell.Shell
    from cabinet.app import AppOptions
    from cabinet.kiosk.catalog import load_entries
    from cabinet.kiosk.config import CONFIG_NAME, load_config
    from cabinet.kiosk.guard import LOG_NAME
    from cabinet.kiosk.operator_exit import combo_from_config
    from cabinet.kiosk.shell import Shell, ShellOptions

    data_dir = args.data_dir or default_data_dir()
    config = load_config(args.config or data_dir / CONFIG_NAME, required=args.config is not None)
    entries, problems = load_entries(config.games or None)
    log_path = data_dir / LOG_NAME
    if not entries:
        raise CabinetError("no game to offer:\n" + "\n".join(problems))
    options = AppOptions(size=args.size, fullscreen=not args.windowed, data_dir=data_dir, headless=args.headless,
                         guard=True, log_path=log_path)
    shell = Shell(entries, options, ShellOptions(
        lobby=len(entries) > 1,
        start_game=None if config.lobby else config.start,
        attract=config.attract,
        idle_seconds=config.idle_seconds,
        start_credits=config.start_credits,
        kiosk=True,
        log_path=log_path,
        exit_combo=combo_from_config(config),
    ))
    for problem in problems:
        shell.guard.note(problem)
    return shell


def run(args: argparse.Namespace) -> int:
    if args.size and not args.windowed and not args.headless:
        raise CabinetError("--size needs --windowed (the kiosk fills the screen)")
    if args.frames < 0:
        raise CabinetError("--frames must not be negative")
    from cabinet.kiosk.config import KioskConfigError

    try:
        shell = build_shell(args)
    except KioskConfigError as exc:
        # Every mistake at once, each file:line:col (an operator fixes them in one go; the
        # one-line summary would send them to `cabinet check`, which reads game files).
        for issue in exc.issues:
            print(f"cabinet: error: {issue}", file=sys.stderr)
        print("cabinet: the kiosk did not start; fix the config and start it again", file=sys.stderr)
        return exc.exit_code
    # From before SDL starts: a SIGTERM while the kiosk is still opening stops it cleanly too.
    with shell.stop_on_sigterm():
        if not args.headless:
            return shell.run()
        try:
            shell.start()
            shell.run_frames(args.frames)
            where = shell.entries[shell.app_index].id if shell.app is not None else "lobby"
            stopped = f", stopped by {shell.stop_reason}" if shell.stop_reason else ""
            print(f"kiosk: {shell.frames} frames, showing {where}, {shell.errors_recovered} error(s) "
                  f"recovered{stopped}", flush=True)
        finally:
            shell.shutdown()
    return 0
