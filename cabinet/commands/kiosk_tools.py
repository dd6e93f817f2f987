"""The operator's commands beside the kiosk: ``cabinet kiosk events|status|pin|service``.

- ``events``: the event log of ``--data-dir``, oldest first (``--limit N``: the newest N;
  ``--kind``: only those kinds; ``--json``: one object per line). Reading changes nothing.
- ``status``: the status file the kiosk rewrites every 60 s; exit code 1 when the kiosk is
  down (stopped, or its process gone) or stale (no update for 150 s), 3 (unknown) when the
  file is damaged: "status unreadable: <why>" (``cabinet/kiosk/status_file.py``).
- ``pin``: asks for a PIN twice (not echoed) and writes its salted scrypt hash as
  ``operator_pin`` into kiosk.yaml, keeping the file's comments; ``--clear`` removes it.
- ``service``: the systemd unit (``cabinet/deploy/systemd/slot-cabinet.service``) with this
  machine's cabinet executable, data folder and display; ``--write`` installs it as a user unit.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.paths import default_data_dir

UNIT_TEMPLATE = Path(__file__).resolve().parent.parent / "deploy" / "systemd" / "slot-cabinet.service"
UNIT_NAME = "slot-cabinet.service"


def run(args: argparse.Namespace) -> int:
    data_dir = (args.data_dir or default_data_dir()).resolve()
    return {"events": events, "status": status, "pin": pin, "service": service}[args.action](args, data_dir)


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


def unit_text(data_dir: Path, *, cabinet: str | None = None, display: str | None = None) -> str:
    """The shipped unit with this machine's paths: the cabinet executable, data folder and display."""
    exe = cabinet or shutil.which("cabinet") or str(Path(sys.executable).with_name("cabinet"))
    text = UNIT_TEMPLATE.read_text(encoding="utf-8")
    return (text.replace("@CABINET@", str(Path(exe).resolve())).replace("@DATA_DIR@", str(data_dir))
            .replace("@DISPLAY@", display or os.environ.get("DISPLAY") or ":0"))


def service(args: argparse.Namespace, data_dir: Path) -> int:
    text = unit_text(data_dir)
    if not args.write:
        print(text, end="")
        return 0
    folder = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "systemd" / "user"
    folder.mkdir(parents=True, exist_ok=True)
    data_dir.mkdir(parents=True, exist_ok=True)
    from cabinet.services.atomic import write_text_atomic

    write_text_atomic(folder / UNIT_NAME, text)
    print(f"wrote {folder / UNIT_NAME}; now: systemctl --user daemon-reload && "
          "systemctl --user enable --now slot-cabinet")
    return 0
