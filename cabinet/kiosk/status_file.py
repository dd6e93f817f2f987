"""``cabinet kiosk status``: the status file a kiosk rewrites every minute, read for an operator.

The file is the operator's window on a running kiosk, so a damaged one (a crash or a disk
error mid-write, a hand edit) must never read as a cabinet failure. Every field is checked
before it is shown; a file that fails a check reads as ``status unreadable: <why>`` with the
exit code ``UNKNOWN`` (3, the monitoring plugins' "unknown"), never as an internal error.

Exit codes: ``UP`` 0 (running, fresh), ``DOWN`` 1 (stopped, its process gone, stale, or no
status file: it has not run), ``UNKNOWN`` 3 (a status file that cannot be read or trusted).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

STATUS_NAME = "status.json"
STALE_AFTER = 150.0  # seconds without a new status: the kiosk is down or hung
UP, DOWN, UNKNOWN = 0, 1, 3
FORMAT = 1
MAX_PID = 2**31 - 1  # a C int: os.kill refuses more (OverflowError); Linux's pid_max is 2**22
MAX_COUNT = 2**63 - 1  # counters and byte sizes: anything larger is damage, not a long run


class Unreadable(ValueError):
    """The status file cannot be trusted; the message says why, in an operator's words."""


@dataclass(frozen=True)
class Status:
    running: bool
    pid: int | None
    updated: datetime
    updated_text: str
    started: str | None
    uptime_seconds: float | None
    rounds_today: int | None
    errors: int | None
    rss_bytes: int | None
    frame_p99_ms: float | None
    frames_last_hour: int | None
    config_error: tuple[str, ...] = ()  # why a kiosk could not start (it shows that until it is fixed)


def _reject_constant(name: str) -> Any:
    raise Unreadable(f"{name} is not a number a kiosk writes")


def _count(status: Mapping[str, Any], key: str) -> int | None:
    value = status.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise Unreadable(f"{key} is {_shown(value)}, not a count")
    return value


def _seconds(status: Mapping[str, Any], key: str) -> float | None:
    value = status.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Unreadable(f"{key} is {_shown(value)}, not a number")
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float is not from a kiosk either
        number = math.inf
    if not math.isfinite(number) or number < 0:
        raise Unreadable(f"{key} is {_shown(value)}, not a finite number of seconds or milliseconds")
    return number


def _shown(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(text: str, limit: int) -> str:
    """Text from the file as one printable line (a hand may have put anything there)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])


def parse_status(text: str) -> Status:
    """The status in ``text``, every field checked; Unreadable says what is wrong."""
    try:
        raw = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise Unreadable("it is nested too deeply to be a status") from None
    except ValueError as exc:  # JSONDecodeError (a torn or edited file) and Unreadable
        raise Unreadable(str(exc) if isinstance(exc, Unreadable) else f"not JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise Unreadable(f"expected a JSON object, found {type(raw).__name__}")
    fmt = raw.get("format", FORMAT)
    if fmt != FORMAT or isinstance(fmt, bool):
        raise Unreadable(f"format {_shown(fmt)} is not one this cabinet reads (it reads {FORMAT})")
    updated_text = raw.get("updated")
    if not isinstance(updated_text, str):
        raise Unreadable("no 'updated' time" if updated_text is None else f"updated is {_shown(updated_text)}")
    try:
        updated = datetime.fromisoformat(updated_text)
    except ValueError:
        raise Unreadable(f"updated {_shown(updated_text)} is not an ISO 8601 time") from None
    if updated.tzinfo is None or updated.utcoffset() is None:
        raise Unreadable(f"updated {_shown(updated_text)} has no time zone (a kiosk writes UTC)")
    running = raw.get("running", True)
    if not isinstance(running, bool):
        raise Unreadable(f"running is {_shown(running)}, not true or false")
    pid = raw.get("pid")
    if pid is not None and (isinstance(pid, bool) or not isinstance(pid, int) or not 0 < pid <= MAX_PID):
        raise Unreadable(f"pid {_shown(pid)} is not a process id")
    started = raw.get("started")
    if started is not None and not isinstance(started, str):
        raise Unreadable(f"started is {_shown(started)}, not a time")
    reasons = raw.get("config_error") or []
    if not isinstance(reasons, list) or not all(isinstance(r, str) for r in reasons):
        raise Unreadable(f"config_error is {_shown(reasons)}, not a list of messages")
    return Status(
        running=running, pid=pid, updated=updated, updated_text=updated_text,
        started=_plain(started, 40) if started is not None else None,
        uptime_seconds=_seconds(raw, "uptime_seconds"), rounds_today=_count(raw, "rounds_today"),
        errors=_count(raw, "errors"), rss_bytes=_count(raw, "rss_bytes"),
        frame_p99_ms=_seconds(raw, "frame_p99_ms_last_hour"), frames_last_hour=_count(raw, "frames_last_hour"),
        config_error=tuple(_plain(r, 300) for r in reasons[:20]),
    )


def read_status(data_dir: Path, *, now: datetime | None = None) -> tuple[int, str]:
    """(exit code, text): ``UP`` when the kiosk is up and its status fresh; ``DOWN`` when it is
    down, stale or has never written one; ``UNKNOWN`` when the file cannot be read or trusted."""
    path = data_dir / STATUS_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return DOWN, f"kiosk status: DOWN (no {path}; the kiosk has not run here)"
    except OSError as exc:
        why = "it is a folder, not a file" if path.is_dir() else (exc.strerror or str(exc))
        return UNKNOWN, f"kiosk status: status unreadable: {why} ({path})"
    try:
        status = parse_status(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return UNKNOWN, f"kiosk status: status unreadable: not UTF-8 text (damaged?) ({path})"
    except Unreadable as exc:
        return UNKNOWN, f"kiosk status: status unreadable: {exc} ({path})"
    try:
        age = ((now or datetime.now(UTC)) - status.updated).total_seconds()
    except OverflowError:  # a time zone that pushes year 1 or 9999 out of range
        return UNKNOWN, f"kiosk status: status unreadable: updated {_shown(status.updated_text)} is out of range ({path})"
    lines = _lines(status, age)
    if status.config_error and status.running and _pid_alive(status.pid):
        reasons = "\n".join(f"  {reason}" for reason in status.config_error)
        return DOWN, f"kiosk status: CONFIG ERROR (the kiosk shows why, full screen, until it is fixed)\n{reasons}\n" + lines
    if not status.running:
        return DOWN, "kiosk status: DOWN (it stopped cleanly)\n" + lines
    if not _pid_alive(status.pid):
        return DOWN, f"kiosk status: DOWN (process {status.pid} is gone)\n" + lines
    if age > STALE_AFTER:
        return DOWN, f"kiosk status: STALE (no update for {age:.0f} s; hung?)\n" + lines
    return UP, "kiosk status: UP\n" + lines


def _lines(status: Status, age: float) -> str:
    def known(value: Any) -> str:
        return "unknown" if value is None else str(value)

    when = f"{age:.0f} s ago" if age >= 0 else f"{-age:.0f} s in the future: is the clock right?"
    p99 = status.frame_p99_ms
    rss = status.rss_bytes
    return "\n".join([
        f"updated          {local_time(status.updated_text)} ({when})",
        f"started          {local_time(status.started) if status.started is not None else 'unknown'}",
        f"uptime           {_duration(status.uptime_seconds) if status.uptime_seconds is not None else 'unknown'}",
        f"rounds today     {known(status.rounds_today)}",
        f"errors           {known(status.errors)}",
        f"memory (RSS)     {rss / 1e6:.1f} MB" if rss is not None else "memory (RSS)     unknown",
        f"frame p99 (1 h)  {p99:.2f} ms over {known(status.frames_last_hour)} frames" if p99 is not None
        else "frame p99 (1 h)  no frames yet",
    ])


def local_time(utc: str) -> str:
    """A status file's UTC time in local time with the zone (what the operator's clock says);
    a text that is no time is shown as it is, cut and made plain."""
    try:
        moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
    except ValueError:
        return _plain(utc, 40)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")
    except (OverflowError, OSError):  # a year the platform's clock cannot show in local time
        return _plain(utc, 40)


def _pid_alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: it exists
    except OSError:
        return False
    return True


def _duration(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 86400}d {whole % 86400 // 3600:02d}:{whole % 3600 // 60:02d}:{whole % 60:02d}"
