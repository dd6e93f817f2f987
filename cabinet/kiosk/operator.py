"""What the operator menu stands on: the event log, the per-game audit, the PIN gate, the status file.

One ``OperatorServices`` per process and data folder: the kiosk shell makes it and hands
it to every game it opens; ``cabinet play`` makes its own. It

- records the event log's entries for what happens outside the menu (power-up, rounds
  restored or auto-completed, malfunction, storage full and back, pads, a game file that
  changed since its last round, ignored close requests, each exit with its cause);
- keeps the audit (``services/audit.py``) folded after every round (``watch``);
- times frames (a per-minute histogram for the last hour) for the display test and the
  status file, which a kiosk writes atomically every ``STATUS_SECONDS``
  (``cabinet kiosk status`` reads it).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cabinet.services.atomic import canonical_json, write_atomic
from cabinet.services.audit import Audit
from cabinet.services.event_log import EventLog

from .pin import LOCK_NAME, PinGate
from .status_file import STALE_AFTER, STATUS_NAME, read_status  # noqa: F401 - cabinet kiosk status reads it there

STATUS_SECONDS = 60.0
BIN_MS = 0.25  # frame-time histogram: bins of a quarter millisecond ...
BINS = 400  # ... up to 100 ms (longer frames count in the last bin)
MINUTES = 60
EVENT_LOG_SCREEN = "EVENT LOG CANNOT BE WRITTEN - PLAY GOES ON - SEE KIOSK.LOG"


class FrameTimes:
    """Frame times of the last hour as per-minute histograms (flat memory, p99 in one pass)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.minutes: dict[int, list[int]] = {}

    def add(self, seconds: float) -> None:
        minute = int(self.clock() // 60)
        bins = self.minutes.get(minute)
        if bins is None:
            bins = self.minutes[minute] = [0] * BINS
            for old in [m for m in self.minutes if m <= minute - MINUTES]:
                del self.minutes[old]
        bins[min(BINS - 1, int(seconds * 1000 / BIN_MS))] += 1

    @property
    def count(self) -> int:
        return sum(sum(b) for b in self.minutes.values())

    def percentile(self, share: float = 0.99) -> float | None:
        """Milliseconds (the bin's upper edge: never flattering); None before any frame."""
        merged = [sum(col) for col in zip(*self.minutes.values(), strict=True)] if self.minutes else []
        total = sum(merged)
        if not total:
            return None
        wanted, seen = share * total, 0
        for index, count in enumerate(merged):
            seen += count
            if seen >= wanted:
                return (index + 1) * BIN_MS
        return BINS * BIN_MS


def rss_bytes() -> int | None:
    """This process's resident memory (Linux /proc; else the peak from getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return int(peak) * (1 if sys.platform == "darwin" else 1024)
    except (ImportError, OSError):
        return None


@dataclass
class OperatorServices:
    data_dir: Path | None
    config_path: Path | None = None  # kiosk.yaml (the settings page writes it); None: no settings page
    pin_hash: str | None = None
    kiosk: bool = False
    volume: int | None = None  # kiosk.yaml's master volume (None: the player settings' own)
    clock: Callable[[], float] = time.monotonic
    events: EventLog = field(init=False)
    audit: Audit = field(init=False)
    gate: PinGate = field(init=False)
    frames: FrameTimes = field(init=False)
    started: float = field(init=False)
    started_at: str = field(init=False)
    errors: Callable[[], int] = lambda: 0  # errors recovered so far (the shell's count)
    status_wait: float = field(init=False, default=0.0)
    rounds_today: int = field(init=False, default=0)
    today: str = field(init=False, default="")
    pads: set[int] = field(init=False, default_factory=set)
    settings_listeners: list[Callable[[Any], None]] = field(init=False, default_factory=list)
    config_error: list[str] | None = field(init=False, default=None)  # why the kiosk could not start
    # ``cabinet play --data-dir``: the settings of <data-dir>/kiosk.yaml this run plays by (None: a
    # kiosk's shell applies its own), and why that file could not be used (its defaults are played)
    play_config: Any = field(init=False, default=None)
    play_config_problem: str = field(init=False, default="")
    restart_requested: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.events = EventLog.in_folder(self.data_dir)
        self.audit = Audit.open(self.data_dir)
        self.gate = PinGate(self.pin_hash, self.clock,
                            on_miss=lambda n: self.events.record("wrong_pin", f"wrong PIN ({n} in a row)", misses=n),
                            on_lock=lambda s: self.events.record("pin_locked", f"PIN entry locked for {s:g} s",
                                                                 seconds=s),
                            lock_path=self.data_dir / LOCK_NAME if self.data_dir is not None else None)
        self.frames = FrameTimes(self.clock)
        self._count_rounds_today()
        self.started = self.clock()
        self.started_at = datetime.now(UTC).isoformat(timespec="seconds")
        if self.audit.problem:
            self.events.record("malfunction", self.audit.problem)

    @classmethod
    def for_play(cls, data_dir: Path | None) -> OperatorServices:
        """``cabinet play``: the settings of ``<data-dir>/kiosk.yaml`` when there is one (its PIN,
        volume, buy switch and RTP variants: what the settings page writes is what this run plays);
        a broken file is said (file:line:col) and its defaults played, since play must not stop."""
        from .config import CONFIG_NAME, KioskConfig, KioskConfigError, load_config

        config, problem, read = KioskConfig(), "", False
        if data_dir is not None and (data_dir / CONFIG_NAME).exists():
            try:
                config, read = load_config(data_dir / CONFIG_NAME), True
            except KioskConfigError as exc:
                problem = "; ".join(str(issue) for issue in exc.issues)
            except Exception as exc:  # noqa: BLE001 - a broken kiosk.yaml must not stop play
                problem = f"{data_dir / CONFIG_NAME}: {exc}"
        services = cls(data_dir, config_path=data_dir / CONFIG_NAME if data_dir is not None else None,
                       pin_hash=config.operator_pin, volume=config.volume)
        services.play_config = config if read else None  # no kiosk.yaml: the run's own options stand
        services.play_config_problem = problem
        if problem:
            services.events.record("malfunction", f"kiosk.yaml not used, its defaults played: {problem}"[:300])
        return services

    # -- what happens outside the menu ------------------------------------------------------------

    def watch_problems(self, log: Callable[[str], None], screen: Callable[[str], None]) -> None:
        """``log`` (kiosk.log, or stderr) gets each event-log problem, and its end, as a line;
        ``screen`` gets a short message for the operator. A problem already there is told at once."""
        def told(line: str) -> None:
            log(line)
            screen(self.problem_screen())

        self.events.reporters.append(told)
        if self.events.problem is not None:
            told(self.events.problem)
        if self.audit.problem is not None:  # in the event log already (a malfunction); kiosk.log too
            log(self.audit.problem)

    def problem_screen(self) -> str:
        """The operator's on-screen line for the event log's problem ("" while it works)."""
        return EVENT_LOG_SCREEN if self.events.problem is not None else ""

    def power_up(self, what: str, *, recovered: Any = None) -> Any:
        """Log the start; a start after an unclean stop (the last start has no exit after it: a
        power cut, a kill, a crash) is logged first as POWER LOST with the round it interrupted.
        Returns that round (a journal ``PendingRound``) or None."""
        from cabinet.services.journal import JOURNAL_NAME, read_pending

        pending = read_pending(self.data_dir / JOURNAL_NAME) if self.data_dir is not None else None
        # ``recovered``: a game opened before this (``cabinet play``) may have settled the round already.
        cut = pending or (recovered if getattr(recovered, "round_id", None) is not None else None)
        last = next(iter(self.events.newest(kinds=["power_up", "exit"])), None)
        if last is not None and last.kind == "power_up":
            interrupted = (f"; round {cut.round_id} of {cut.game_id} was in play"
                           if cut is not None else "; no round was in play")
            self.events.record("power_lost", f"power lost: the start at {last.time} had no exit{interrupted}",
                               since=last.time, round=cut.round_id if cut else None,
                               game=cut.game_id if cut else None)
        self.events.record("power_up", what, pid=os.getpid())
        return pending

    def opened(self, opened: Any, session: Any) -> None:
        """A game's records were opened: recovery, malfunction, a changed game file."""
        if getattr(opened, "malfunction", None) is not None:
            self.events.record("malfunction", str(opened.malfunction).splitlines()[0][:300])
        recovered = getattr(opened, "recovered", None)
        if recovered is not None:
            kind = {"resumed": "round_restored", "finished": "round_restored",
                    "auto_completed": "round_auto_completed", "voided": "round_voided"}.get(recovered.status)
            if kind is not None:
                self.events.record(kind, recovered.message or kind, round=recovered.round_id,
                                   game=recovered.game_id)
        if session is None:
            return
        self.audit.catch_up(session.recent(50))
        game = self.audit.games.get(session.game.id)
        if game is not None and game.recent:
            last = game.recent[-1]["fingerprint"]
            now = session.game.fingerprint
            noted = any(e.data.get("game") == session.game.id and e.data.get("fingerprint") == now
                        for e in self.events.newest(kinds=["game_changed"]))
            if last != now and not noted:
                self.events.record("game_changed", f"{session.game.id}: the game file changed since its last round",
                                   game=session.game.id, fingerprint=now, was=last)
        session.storage.listeners.append(lambda state, problem: self.events.record(state, problem))
        session.observers.append(_AuditWatcher(self))

    def see_events(self, events: Iterable[Any]) -> None:
        """Pads plugged and unplugged (raw pygame events, before the adapter)."""
        import pygame

        for event in events:
            if event.type == pygame.CONTROLLERDEVICEADDED:
                self.events.record("pad_attached", f"pad attached (device {getattr(event, 'device_index', '?')})",
                                   device=getattr(event, "device_index", None))
            elif event.type == pygame.CONTROLLERDEVICEREMOVED:
                self.events.record("pad_detached", f"pad detached (instance {getattr(event, 'instance_id', '?')})",
                                   instance=getattr(event, "instance_id", None))

    def apply_settings(self, config: Any) -> None:
        """The settings page saved ``config`` (a KioskConfig): whoever runs the cabinet applies it."""
        for listener in list(self.settings_listeners):
            listener(config)

    def set_pin(self, pin: str) -> str | None:
        """The operator PIN set from the menu or the first-start set-up: its salted hash written
        into kiosk.yaml (comments kept) and used at once; the event log says so (never the PIN).
        Returns why it could not be written, or None."""
        from cabinet.services.atomic import write_text_atomic

        from .config import KioskConfigError, update_config_text
        from .pin import PinError, hash_pin

        if self.config_path is None:
            return "no kiosk.yaml to keep the PIN in (run with --data-dir)"
        try:
            stored = hash_pin(pin)
            old = self.config_path.read_text(encoding="utf-8") if self.config_path.exists() else ""
            new = update_config_text(old, {"operator_pin": f'"{stored}"'}, str(self.config_path))
            write_text_atomic(self.config_path, new)
        except PinError as exc:
            return str(exc)
        except KioskConfigError as exc:
            return f"{self.config_path.name} has mistakes: {exc.issues[0]}"
        except (OSError, UnicodeDecodeError) as exc:
            return f"cannot write {self.config_path.name}: {getattr(exc, 'strerror', None) or exc}"
        self.gate.stored = stored
        self.pin_hash = stored
        self.events.record("settings_changed", "the operator PIN was changed", changes={"operator_pin": "(new)"})
        return None

    def request_restart(self) -> None:
        """The menu's RESTART THE KIOSK (and the end of the first-start set-up): whoever runs the
        cabinet sees ``restart_requested``, stops cleanly and starts again."""
        self.restart_requested = True
        self.events.record("settings_changed", "the operator restarts the kiosk")

    def close_ignored(self) -> None:
        self.events.record("close_ignored", "a window-close request was ignored (kiosk)")

    def exit(self, cause: str) -> None:
        self.events.record("exit", f"exit: {cause}", cause=cause)
        self.write_status(running=False)
        self.events.close()

    def round_finished(self, record: Any) -> None:
        today = local_today()
        if today != self.today:
            self.today, self.rounds_today = today, 0
        self.rounds_today += 1

    def _count_rounds_today(self) -> None:
        """Rounds today (the local day) from the history, so a restart does not start again at 0;
        the history keeps the newest rounds only, so the last status file's count of today, when
        larger, carries on."""
        self.today = local_today()
        if self.data_dir is None:
            return
        from cabinet.services.history import HISTORY_NAME, decode_history

        try:
            records = decode_history((self.data_dir / HISTORY_NAME).read_bytes())
        except (OSError, ValueError):
            records = []
        counted = sum(1 for r in records if local_day(r.time) == self.today)
        try:
            previous = json.loads((self.data_dir / STATUS_NAME).read_text(encoding="utf-8"))
            before = int(previous["rounds_today"]) if previous.get("today") == self.today else 0
        except (OSError, ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
            before = 0  # no status yet, or a damaged one: the history's count stands
        self.rounds_today = max(counted, before)

    # -- the status file --------------------------------------------------------------------------

    def tick(self, dt: float, frame_seconds: float | None) -> None:
        if frame_seconds is not None:
            self.frames.add(frame_seconds)
        if not self.kiosk:
            return
        self.status_wait -= dt
        if self.status_wait <= 0:
            self.status_wait = STATUS_SECONDS
            self.write_status()

    def status(self, *, running: bool = True) -> dict[str, Any]:
        p99 = self.frames.percentile()
        return {
            "format": 1, "running": running, "pid": os.getpid(), "started": self.started_at,
            "updated": datetime.now(UTC).isoformat(timespec="seconds"),
            "uptime_seconds": round(self.clock() - self.started, 1),
            "rounds_today": self.rounds_today, "today": self.today or local_today(),
            "errors": self.errors(), "rss_bytes": rss_bytes(),
            "frame_p99_ms_last_hour": p99, "frames_last_hour": self.frames.count,
            **({"config_error": self.config_error} if self.config_error else {}),
        }

    def write_status(self, *, running: bool = True) -> bool:
        if self.data_dir is None or not self.kiosk:
            return False
        try:
            write_atomic(self.data_dir / STATUS_NAME, (canonical_json(self.status(running=running)) + "\n").encode())
            os.chmod(self.data_dir / STATUS_NAME, 0o640)  # readable by the kiosk user's group (monitoring)
        except OSError:
            return False  # a full disk: the next minute tries again (and `status` will call it stale)
        return True


def local_today() -> str:
    return datetime.now().astimezone().date().isoformat()


def local_day(utc: str) -> str | None:
    """The local date of a UTC ISO time (a history record's), or None."""
    try:
        moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().date().isoformat()


class _AuditWatcher:
    """A session observer: after every round, the audit folds what the history gained."""

    def __init__(self, services: OperatorServices) -> None:
        self.services = services
        self.failing = False  # the audit file could not be written last time (said once, not per round)

    def round_begun(self, session: Any, result: Any, credits_before: int) -> None:
        pass

    def progress(self, session: Any, step: int) -> None:
        pass

    def round_finished(self, session: Any, record: Any) -> None:
        try:
            self.services.audit.catch_up(session.recent(50))
            self.failing = False
        except OSError as exc:  # the round is paid and in history; a later fold catches up (it keeps 50)
            if not self.failing:  # once: a notice per round would also break the history's own once-only line
                session.storage.report(f"cannot write {self.services.audit.path}: {exc.strerror or exc}; "
                                       "the operator's meters catch up from the history when it can")
            self.failing = True
        self.services.round_finished(record)
