"""The operator's commands beside the kiosk: ``cabinet kiosk events|status|pin|service``.

- ``events``: the event log of ``--data-dir``, oldest first (``--limit N``: the newest N;
  ``--kind``: only those kinds; ``--json``: one object per line). Reading changes nothing.
- ``status``: the status file the kiosk rewrites every 60 s; exit code 1 when the kiosk is
  down (stopped, or its process gone) or stale (no update for 150 s), 3 (unknown) when the
  file is damaged: "status unreadable: <why>" (``cabinet/kiosk/status_file.py``).
- ``pin``: asks for a PIN twice (not echoed) and writes its salted scrypt hash as
  ``operator_pin`` into kiosk.yaml, keeping the file's comments; ``--clear`` removes it.
- ``service``: the systemd user unit (``cabinet/deploy/systemd/slot-cabinet.service``) or the
  XDG autostart entry, with this machine's cabinet and data folder; ``--write`` installs the
  autostart entry (and the unit where a systemd user manager runs; ``cabinet/kiosk/service.py``).
- ``session``: what the autostart entry runs at login: starts the unit with the session's
  display, or (no systemd) runs and supervises the kiosk.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.kiosk.service import UNIT_NAME, UNIT_TEMPLATE  # noqa: F401 - where the unit lives
from cabinet.paths import default_data_dir


def run(args: argparse.Namespace) -> int:
    data_dir = (args.data_dir or default_data_dir()).resolve()
    return {"events": events, "status": status, "pin": pin, "service": service,
            "session": session, "export": export}[args.action](args, data_dir)


def events(args: argparse.Namespace, data_dir: Path) -> int:
    from cabinet.services.event_log import EVENT_LOG_NAME, KINDS, read_events

    unknown = [k for k in args.kind or () if k not in KINDS]
    if unknown:
        raise CabinetError(f"unknown event kind {unknown[0]!r}; known: {', '.join(KINDS)}")
    path = data_dir / EVENT_LOG_NAME
    if not (path.exists() or path.is_symlink()):
        raise CabinetError(f"no event log in {data_dir} (has a cabinet run on it?)")
    log = read_events(data_dir)
    if not log.readable:  # a folder where the file should be, a permission, a dangling link
        raise CabinetError(str(log.problem))
    entries = [e for e in log.entries if not args.kind or e.kind in args.kind]
    if args.limit is not None:
        entries = entries[-args.limit:] if args.limit > 0 else []
    for e in entries:
        if args.json:
            print(json.dumps(e.to_dict(), sort_keys=True))
        else:
            print(_one_line(f"{e.seq:>6}  {e.time}  {e.label:<22} {e.text}"))
    if log.damaged:
        print(f"cabinet: warning: {log.damaged} damaged line(s) of {data_dir / EVENT_LOG_NAME} were skipped",
              file=sys.stderr)
    return 0


def _one_line(text: str) -> str:
    """An edited entry may hold any character (a newline, a lone surrogate): escaped, one line, printable."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def status(args: argparse.Namespace, data_dir: Path) -> int:
    from cabinet.kiosk.status_file import read_status

    code, text = read_status(data_dir)
    print(text)
    return code


def pin(args: argparse.Namespace, data_dir: Path) -> int:
    import getpass

    from cabinet.kiosk.config import CONFIG_NAME, KioskConfigError, update_config_text
    from cabinet.kiosk.pin import PinError, check_pin_text, hash_pin
    from cabinet.services.atomic import ensure_data_dir, write_text_atomic

    path = args.config or ensure_data_dir(data_dir) / CONFIG_NAME
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:  # a folder, a permission, bytes that are not text
        why = "it is a folder" if path.is_dir() else getattr(exc, "strerror", None) or str(exc)
        raise CabinetError(f"cannot read {path} ({why}); nothing was written") from None
    if args.clear:
        new = "\n".join(line for line in old.splitlines() if not line.startswith("operator_pin:")) + "\n"
        message = f"the operator PIN was removed from {path}"
    else:
        first = os.environ.get("CABINET_NEW_PIN") or getpass.getpass("new operator PIN (4-12 digits): ")
        again = os.environ.get("CABINET_NEW_PIN") or getpass.getpass("the same PIN again: ")
        if first != again:
            raise CabinetError("the two PINs differ; nothing was written")
        try:
            check_pin_text(first)
        except PinError as exc:
            raise CabinetError(f"{exc}; nothing was written") from None
        try:
            new = update_config_text(old, {"operator_pin": f'"{hash_pin(first)}"'}, str(path))
        except KioskConfigError as exc:
            raise CabinetError(f"{path} has mistakes, fix them first:\n{exc}") from None
        message = f"the operator PIN's salted hash was written to {path} (the PIN itself is stored nowhere)"
    try:
        write_text_atomic(path, new)
    except OSError as exc:
        raise CabinetError(f"cannot write {path} ({exc.strerror or exc}); it is as it was") from None
    print(message)
    return 0


def unit_text(data_dir: Path, *, cabinet: str | None = None) -> str:
    """The shipped unit with this machine's cabinet and data folder (``cabinet.kiosk.service``)."""
    from cabinet.kiosk.service import unit_text as filled

    return filled(data_dir, cabinet=cabinet)


def service(args: argparse.Namespace, data_dir: Path) -> int:
    from cabinet.kiosk.service import autostart_text, systemd_user_running, write_service

    kind = args.service_kind or ("systemd" if systemd_user_running() else "autostart")
    if not args.write:
        print(unit_text(data_dir) if kind == "systemd" else autostart_text(data_dir), end="")
        return 0
    data_dir.mkdir(parents=True, exist_ok=True)
    written = write_service(data_dir, kind=kind)
    for path in written:
        print(f"wrote {path}")
    how = ("it starts with your next login (the autostart entry runs `cabinet kiosk session`, which starts "
           "the user unit with the session's display)" if kind == "systemd" else
           "it starts with your next login (the autostart entry runs `cabinet kiosk session`, which runs "
           "and watches the kiosk)")
    print(f"{how}; set up automatic login for this user (README: Kiosk, As a service)")
    return 0


def session(args: argparse.Namespace, data_dir: Path) -> int:
    from cabinet.kiosk.service import start_session

    return start_session(data_dir)


def export(args: argparse.Namespace, data_dir: Path) -> int:
    from cabinet.kiosk.export import export as write_csv

    if args.to is None:
        raise CabinetError("export needs --to FOLDER (where the CSV files go, e.g. a USB drive)")
    for path in write_csv(data_dir, args.to):
        print(f"wrote {path}")
    return 0
