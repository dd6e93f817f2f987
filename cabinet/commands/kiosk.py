"""``cabinet kiosk``: unattended, fullscreen, cursor hidden, on the lobby or one game.

Reads ``<data-dir>/kiosk.yaml`` (or ``--config FILE``; see ``cabinet/kiosk/config.py``).
The attract show starts after the configured idle time; pads may come and go at any
moment; an error the cabinet can recover from is written to ``<data-dir>/kiosk.log``,
shown briefly, and play goes on in the lobby or the game. Designer tools (forced
scenarios, speed control, the overlay) are never available here.

Window-close requests (Alt+F4, the close button) are ignored and logged. The operator
leaves by holding the exit combination of ``kiosk.yaml`` (default left Ctrl + left Alt
+ Q for 5 seconds) or by SIGTERM; either closes the game and its journal and exits 0.

The operator's commands on the same data folder:

- ``cabinet kiosk events --data-dir DIR [--json] [--kind KIND] [--limit N]``: the event log;
- ``cabinet kiosk status --data-dir DIR``: uptime, rounds today, errors, memory, frame p99;
  exit code 1 when the kiosk is down or its status is stale, 3 (unknown) when the file is damaged;
- ``cabinet kiosk pin --data-dir DIR``: asks for a PIN and writes its salted hash to kiosk.yaml
  (``--clear`` removes it);
- ``cabinet kiosk service --data-dir DIR [--write] [--as systemd|autostart]``: the service that starts
  with the auto-login session (``cabinet/kiosk/service.py``); ``session`` is what it runs at login;
- ``cabinet kiosk export --data-dir DIR --to FOLDER``: the meters and the event log as CSV files.
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


ACTIONS = ("run", "events", "status", "pin", "service", "session", "export")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", nargs="?", default="run", choices=ACTIONS,
                   help="run the kiosk (default), or: events, status, pin, service, session, export (see below)")
    p.add_argument("--data-dir", type=Path, help="settings, ledger, history and kiosk.yaml (default: the user's)")
    p.add_argument("--config", type=Path, help="the kiosk config (default: <data-dir>/kiosk.yaml)")
    p.add_argument("--windowed", action="store_true", help="a window instead of the full screen (setting up)")
    p.add_argument("--size", type=parse_size, help="window size WxH with --windowed")
    p.add_argument("--headless", action="store_true", help="no window (smoke tests): run --frames frames")
    p.add_argument("--frames", type=int, default=600, help="headless: frames to run (default 600)")
    p.add_argument("--json", action="store_true", help="events: one JSON object per line")
    p.add_argument("--kind", action="append", help="events: only this kind (repeatable), e.g. wrong_pin")
    p.add_argument("--limit", type=int, help="events: the newest N only")
    p.add_argument("--clear", action="store_true", help="pin: remove the PIN")
    p.add_argument("--write", action="store_true",
                   help="service: install the autostart entry (and the systemd user unit) in ~/.config/")
    p.add_argument("--to", type=Path, help="export: the folder (a USB drive) the CSV files go to")
    p.add_argument("--as", dest="service_kind", choices=("systemd", "autostart"),
                   help="service: a systemd user unit started by the session, or the autostart entry alone "
                        "(default: systemd where a user manager runs)")


def build_shell(args: argparse.Namespace):  # noqa: ANN201 - a cabinet.kiosk.shell.Shell
    from cabinet.app import AppOptions
    from cabinet.kiosk.catalog import load_entries
    from cabinet.kiosk.config import CONFIG_NAME, load_config
    from cabinet.kiosk.guard import LOG_NAME
    from cabinet.kiosk.operator import OperatorServices
    from cabinet.kiosk.operator_exit import combo_from_config
    from cabinet.kiosk.shell import Shell, ShellOptions

    data_dir = args.data_dir or default_data_dir()
    config = load_config(args.config or data_dir / CONFIG_NAME, required=args.config is not None)
    entries, problems = load_entries(config.games or None)
    log_path = data_dir / LOG_NAME
    if not entries:
        raise CabinetError("no game to offer:\n" + "\n".join(problems))
    from cabinet.services.atomic import ensure_data_dir

    operator = OperatorServices(ensure_data_dir(data_dir), config_path=args.config or data_dir / CONFIG_NAME,
                                pin_hash=config.operator_pin, kiosk=True, volume=config.volume)
    options = AppOptions(size=args.size, fullscreen=not args.windowed, data_dir=data_dir, headless=args.headless,
                         guard=True, log_path=log_path)
    shell = Shell(entries, options, ShellOptions(
        lobby=len(entries) > 1,
        start_game=None if config.lobby else config.start,
        attract=config.attract,
        idle_seconds=config.idle_seconds,
        start_credits=config.start_credits,
        buy_features=config.buy_features,
        rtp_variants=config.rtp_variants,
        jackpots=config.jackpots,
        kiosk=True,
        log_path=log_path,
        exit_combo=combo_from_config(config),
        operator=operator,
        setup=not args.headless,  # no PIN yet: the set-up screen first (a headless smoke run has no one to ask)
    ))
    for problem in problems:
        shell.guard.note(problem)
    return shell


def config_error_screen(args: argparse.Namespace, reasons: list[str]) -> int | None:
    """A configuration the kiosk cannot start with: logged, in the status file, and (with a
    screen) shown full screen until the config changes (None: try again). -1: headless, the
    error's own exit code."""
    from cabinet.kiosk import config_error
    from cabinet.kiosk.config import CONFIG_NAME
    from cabinet.services.atomic import ensure_data_dir

    data_dir = ensure_data_dir(args.data_dir or default_data_dir())
    if args.headless:
        config_error.record(data_dir, reasons).events.close()
        return -1
    return config_error.show(reasons, data_dir=data_dir, config_path=args.config or data_dir / CONFIG_NAME,
                             fullscreen=not args.windowed, size=args.size)


def run(args: argparse.Namespace) -> int:
    if args.action != "run":
        from . import kiosk_tools

        return kiosk_tools.run(args)
    try:
        return run_kiosk(args)
    except (CabinetError, KeyboardInterrupt):
        raise
    except Exception as exc:  # a bug no guard could take: its traceback in kiosk.log, then the one line (70)
        log_fatal(args, exc)
        raise


def log_fatal(args: argparse.Namespace, exc: BaseException) -> None:
    """A kiosk that cannot go on: the traceback to kiosk.log and the event log (once: a shell that
    gave up on errors that kept coming has logged each of them)."""
    from cabinet.kiosk.guard import LOG_NAME, LOGGED, ErrorGuard
    from cabinet.services.event_log import EventLog

    data_dir = args.data_dir or default_data_dir()
    guard = ErrorGuard(data_dir / LOG_NAME, echo=False)
    try:
        if LOGGED in getattr(exc, "__notes__", ()):
            guard.note(f"the kiosk stops: errors kept coming ({type(exc).__name__}: {exc})")
            return
        guard.events = EventLog.in_folder(data_dir) if data_dir.is_dir() else None
        guard.record(exc, "the kiosk, which stops it")
        if guard.events is not None:
            guard.events.close()
    except Exception:  # noqa: BLE001,S110 - the error itself is what the operator must see
        pass


def run_kiosk(args: argparse.Namespace) -> int:
    if args.size and not args.windowed and not args.headless:
        raise CabinetError("--size needs --windowed (the kiosk fills the screen)")
    if args.frames < 0:
        raise CabinetError("--frames must not be negative")
    from cabinet.kiosk.config import KioskConfigError

    while True:
        try:
            shell = build_shell(args)
            break
        except CabinetError as exc:
            # Every mistake at once, each file:line:col (an operator fixes them in one go; the
            # one-line summary would send them to `cabinet check`, which reads game files).
            reasons = ([str(issue) for issue in exc.issues] if isinstance(exc, KioskConfigError)
                       else [line for line in str(exc).splitlines() if line.strip()])
            for reason in reasons:
                print(f"cabinet: error: {reason}", file=sys.stderr)
            print("cabinet: the kiosk did not start; fix the config and start it again", file=sys.stderr)
            code = config_error_screen(args, reasons)
            if code is not None:
                return code if code != -1 else exc.exit_code
    # From before SDL starts: a SIGTERM while the kiosk is still opening stops it cleanly too.
    with shell.stop_on_sigterm():
        if not args.headless:
            code = shell.run()
            if shell.operator.restart_requested:  # the menu's RESTART (or the set-up's end): the same command again
                sys.stdout.flush()
                script = ["-m", "cabinet"] if sys.argv[0].endswith("__main__.py") else [sys.argv[0]]
                os.execv(sys.executable, [sys.executable, *script, *sys.argv[1:]])
            return code
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
