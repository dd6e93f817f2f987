"""The operator's event log: significant events, kept like the journal.

Each entry is one line of canonical JSON with its CRC32 (``seq``, UTC ``time``, ``kind``,
a short ``text`` and ``data``), appended with ``os.write`` and fsynced before ``record``
returns, so an entry ``record`` returned for survives SIGKILL and a pulled plug. A torn
last line (the write a kill interrupted, never returned for) is dropped at the next open;
a damaged line in the middle is skipped and counted, never a reason to stop.

The log keeps the newest ``keep`` entries (10,000): once it holds ``keep + slack`` lines
it is rewritten atomically (``write_atomic``) with the newest ``keep``, so a crash during
the rewrite leaves the old file or the new one. A write that fails (a full disk) never
stops the cabinet: the entry waits in memory and is written before the next one.

The audit trail never goes silent because of its own trimming: a rewrite that cannot be
done (a disk with room for an append but not for the rewrite's copy) is given up for now,
the entries are appended past the limit, a ``storage_full`` entry says so (once), and the
rewrite is tried again every ``RETRY_LINES`` lines. A log that cannot be read at all (a
folder where the file should be, a permission) is never rewritten, so nothing in it is
lost; ``problem`` says what is wrong, and ``reporters`` are told once when writing stops
and once when it works again (the kiosk puts that in kiosk.log and on screen).

Kinds (``KINDS``) are what GLI-style audit logs ask for: power-up, rounds restored or
auto-completed, storage full and back, malfunction, ignored close requests, pads,
changed game files, the operator menu (entered, wrong PIN, locked, settings, meter
resets) and every exit with its cause.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import atomic
from .atomic import Clock, canonical_json, fsync_dir, utc_now
from .storage import describe

EVENT_LOG_NAME = "events.log"
KEEP_ENTRIES = 10_000
SLACK = 1_000  # lines past ``keep`` before the file is rewritten (a rewrite is O(keep))
RETRY_LINES = 100  # after a rewrite failed: lines appended before it is tried again

KINDS: dict[str, str] = {  # kind -> the label the log page and ``cabinet kiosk events`` show
    "power_up": "POWER UP",
    "round_restored": "ROUND RESTORED",
    "round_auto_completed": "ROUND AUTO-COMPLETED",
    "round_voided": "ROUND VOIDED",
    "storage_full": "STORAGE FULL",
    "storage_back": "STORAGE BACK",
    "malfunction": "MALFUNCTION",
    "close_ignored": "CLOSE IGNORED",
    "pad_attached": "PAD ATTACHED",
    "pad_detached": "PAD DETACHED",
    "game_changed": "GAME FILE CHANGED",
    "operator_entered": "OPERATOR MENU",
    "wrong_pin": "WRONG PIN",
    "pin_locked": "PIN LOCKED",
    "settings_changed": "SETTINGS CHANGED",
    "rtp_variant": "RTP VARIANT CHANGED",
    "jackpot_terms": "JACKPOT TERMS CHANGED",
    "meters_reset": "METERS RESET",
    "exit": "EXIT",
    "error": "ERROR RECOVERED",
    "config_error": "CONFIG ERROR",
    "power_lost": "POWER LOST",
    "window_refocused": "WINDOW REFOCUSED",
    "collect": "COLLECT",
}


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    time: str  # UTC, ISO 8601
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return KINDS.get(self.kind, self.kind.upper())

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "time": self.time, "kind": self.kind, "text": self.text, "data": dict(self.data)}


def _crc(payload: Mapping[str, Any]) -> str:
    return f"{zlib.crc32(canonical_json(payload).encode('ascii')) & 0xFFFFFFFF:08x}"


def encode_event(event: LoggedEvent) -> bytes:
    payload = event.to_dict()
    return (canonical_json({**payload, "crc": _crc(payload)}) + "\n").encode("ascii")


def decode_event(line: bytes) -> LoggedEvent | None:
    """The entry on ``line``, or None when it is damaged (torn, edited, not ours)."""
    try:
        obj = json.loads(line.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested thousands deep
        return None
    if not isinstance(obj, dict) or set(obj) != {"seq", "time", "kind", "text", "data", "crc"}:
        return None
    crc = obj.pop("crc")
    if crc != _crc(obj):
        return None
    seq, when, kind, text, data = obj["seq"], obj["time"], obj["kind"], obj["text"], obj["data"]
    if isinstance(seq, bool) or not isinstance(seq, int) or not isinstance(data, dict):
        return None
    if not (isinstance(when, str) and isinstance(kind, str) and isinstance(text, str)):
        return None
    return LoggedEvent(seq, when, kind, text, data)


class EventLog:
    """The log of one data folder (``path``); ``None`` keeps it in memory only (a plain run)."""

    def __init__(self, path: Path | None, *, keep: int = KEEP_ENTRIES, slack: int = SLACK,
                 clock: Clock = utc_now, write_whole: Callable[[Path, bytes], None] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.keep = keep
        self.slack = slack
        self.clock = clock
        # The rewrite's atomic write: a seam where a test makes the disk too full for the copy.
        self.write_whole = write_whole or atomic.write_atomic
        self.damaged = 0  # lines skipped at open (a torn last line counts too)
        self.unwritten: list[LoggedEvent] = []  # entries whose write failed, written before the next
        self.listeners: list[Callable[[LoggedEvent], None]] = []
        self.reporters: list[Callable[[str], None]] = []  # told when writing stops and when it works again
        self.problem: str | None = None  # why the log cannot be read or written now; None while it works
        self.readable = True  # False: the file could not be read, so it is never rewritten (only appended to)
        self._entries: list[LoggedEvent] = []
        self._lines = 0  # lines in the file (damaged ones too): when to rewrite
        self._fd: int | None = None
        self._torn_at: int | None = None  # a torn last line starts here (reading never changes the file)
        self._retry_rewrite_at: int | None = None  # a rewrite failed: try again at this many lines
        self._notes: list[LoggedEvent] = []  # entries the log made itself during a flush, for the listeners
        if self.path is not None and (self.path.exists() or self.path.is_symlink()):
            try:
                self._load()
            except OSError as exc:
                self.readable = False
                self._entries, self._lines, self.damaged, self._torn_at = [], 0, 0, None
                self._report(f"the event log cannot be read: {path_problem(self.path, exc)}; "
                             "it is left as it is and nothing is written over it")

    @classmethod
    def in_folder(cls, data_dir: Path | None, **options: Any) -> EventLog:
        return cls(data_dir / EVENT_LOG_NAME if data_dir is not None else None, **options)

    def _load(self) -> None:
        assert self.path is not None
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        elif lines:  # no newline at the end: a write a kill cut short (cut off before the next append)
            self.damaged += 1
            lines.pop()
            self._torn_at = raw.rfind(b"\n") + 1
        for line in lines:
            event = decode_event(line)
            if event is None:
                self.damaged += 1
            else:
                self._entries.append(event)
        self._lines = len(lines)
        self._entries = self._entries[-self.keep :]

    # -- reading ----------------------------------------------------------------------------------

    @property
    def entries(self) -> tuple[LoggedEvent, ...]:
        """Oldest first (the unwritten ones too: they are on screen even while the disk is full)."""
        return tuple(self._entries)

    @property
    def last_seq(self) -> int:
        return self._entries[-1].seq if self._entries else 0

    def newest(self, *, kinds: Iterable[str] | None = None) -> list[LoggedEvent]:
        """Newest first, only ``kinds`` when given."""
        wanted = set(kinds) if kinds is not None else None
        return [e for e in reversed(self._entries) if wanted is None or e.kind in wanted]

    # -- writing ----------------------------------------------------------------------------------

    def record(self, kind: str, text: str = "", **data: Any) -> LoggedEvent:
        """Append one entry; durable on disk when this returns (unless the disk refused it)."""
        event = LoggedEvent(self.last_seq + 1, self.clock().isoformat(timespec="seconds"), kind,
                            text or KINDS.get(kind, kind), {k: v for k, v in data.items() if v is not None})
        self._entries.append(event)
        if len(self._entries) > self.keep:
            del self._entries[: len(self._entries) - self.keep]
        if self.path is not None:
            self.unwritten.append(event)
            del self.unwritten[: -self.keep]  # a log that stays unwritable keeps the newest, like the file
            self.flush()
        for listener in list(self.listeners):
            listener(event)
        return event

    def flush(self) -> bool:
        """Write what is waiting; False when the disk still refuses it (kept for the next try)."""
        if self.path is None or not self.unwritten:
            return True
        try:
            if self._rewrite_due():
                try:
                    self._rewrite()
                except OSError as exc:  # no room for the copy: append past the limit, try again later
                    self._rewrite_failed(exc)
                else:
                    self._rewrite_worked()
            if self.unwritten:
                self._append(b"".join(encode_event(e) for e in self.unwritten))
                self._lines += len(self.unwritten)
        except OSError as exc:
            self._report(f"the event log cannot be written: {path_problem(self.path, exc)}; "
                         "its entries wait in memory and are written when it can be")
            return False
        self.unwritten.clear()
        if self.problem is not None:  # written again (a log it could not read is still never rewritten)
            self._report(None)
        self._tell_notes()
        return True

    def _rewrite_due(self) -> bool:
        if not self.readable or self._lines + len(self.unwritten) <= self.keep + self.slack:
            return False
        return self._retry_rewrite_at is None or self._lines >= self._retry_rewrite_at

    def _rewrite_failed(self, exc: OSError) -> None:
        first = self._retry_rewrite_at is None
        self._retry_rewrite_at = self._lines + RETRY_LINES
        if first:  # once per spell: the entry itself is the news, not every retry
            text = (f"the event log cannot be trimmed to its newest {self.keep} entries ({describe(exc)}); "
                    "it keeps growing past its limit until there is room")
            self._note("storage_full", text, source="event_log")
            for reporter in list(self.reporters):  # kiosk.log too; the log itself still works
                try:
                    reporter(text)
                except OSError:
                    pass

    def _rewrite_worked(self) -> None:
        if self._retry_rewrite_at is not None:
            self._retry_rewrite_at = None
            self._note("storage_back", f"the event log was trimmed to its newest {self.keep} entries again",
                       source="event_log")

    def _note(self, kind: str, text: str, **data: Any) -> None:
        """An entry the log makes about itself, written with the ones waiting (no recursion into flush)."""
        event = LoggedEvent(self.last_seq + 1, self.clock().isoformat(timespec="seconds"), kind, text, data)
        self._entries.append(event)
        del self._entries[: -self.keep]
        self.unwritten.append(event)
        self._notes.append(event)

    def _tell_notes(self) -> None:
        notes, self._notes = self._notes, []
        for event in notes:
            for listener in list(self.listeners):
                listener(event)

    def _report(self, problem: str | None) -> None:
        """``problem`` (None: it works again) to the reporters, once per distinct problem."""
        if problem == self.problem:
            return
        was, self.problem = self.problem, problem
        line = problem if problem is not None else f"the event log {self.path} is written again (after: {was})"
        for reporter in list(self.reporters):
            try:
                reporter(line)
            except OSError:
                pass  # kiosk.log on the same broken disk: the other reporters still say it

    def _append(self, data: bytes) -> None:
        assert self.path is not None
        if self._fd is None:
            existed = self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if not existed:
                fsync_dir(self.path.parent)
            if self._torn_at is not None:  # the next line must start clean
                os.ftruncate(self._fd, self._torn_at)
                self._torn_at = None
        size = os.fstat(self._fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            os.fsync(self._fd)
        except OSError:
            try:  # never leave half an entry in the file
                os.ftruncate(self._fd, size)
            except OSError:
                pass
            raise

    def _rewrite(self) -> None:
        """The newest ``keep`` entries (the waiting ones included), replacing the file atomically."""
        assert self.path is not None
        self.close()
        self.write_whole(self.path, b"".join(encode_event(e) for e in self._entries))
        self._torn_at = None
        self._lines = len(self._entries)
        self.unwritten.clear()  # they are in the new file

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def read_events(data_dir: Path) -> EventLog:
    """The log of ``data_dir`` for reading (``cabinet kiosk events``); nothing is written.
    A log that cannot be read has ``readable`` False and ``problem`` saying why."""
    log = EventLog.in_folder(data_dir)
    log.close()
    return log


def path_problem(path: Path, exc: OSError) -> str:
    """What is wrong with the log's path, in an operator's words."""
    if path.is_dir():
        return (f"{path} is a folder, not a file (a restore gone wrong?); move it aside and the "
                "cabinet starts a new log there")
    if path.is_symlink() and not path.exists():
        return f"{path} is a link to a file that does not exist"
    return f"{exc.strerror or exc} ({path})"
