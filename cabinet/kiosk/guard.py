"""Errors a kiosk survives: log them, say so briefly, and carry on.

``ErrorGuard`` writes each error with its traceback to a log (``<data-dir>/kiosk.log``,
rotated at ``LOG_LIMIT`` bytes) and counts recent ones so the caller can escalate:
drop the scene that failed, then rebuild the game, then (when errors keep coming)
reopen the game or go back to the lobby. ``culprit`` finds the scene to blame from the
traceback: the innermost frame whose ``self`` is one of the scenes on the stack.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

LOG_NAME = "kiosk.log"
LOG_LIMIT = 1_000_000  # bytes; the previous log is kept as kiosk.log.1
WINDOW = 10.0  # seconds in which errors count as "keep coming"
ESCALATE_AFTER = 3  # errors within WINDOW: stop blaming one scene, rebuild the game's scenes
GIVE_UP_AFTER = 6  # errors within WINDOW: the game cannot run; its owner starts it over
NOTICE_SECONDS = 3.0
NOTICE = "SORRY - SOMETHING WENT WRONG. THE CABINET HAS RECOVERED."
WARNING_SECONDS = 10.0  # a fault the operator must see (the event log cannot be written)
TRACEBACK_CHARS = 4000  # of a traceback kept in its event-log entry
LOGGED = "cabinet: logged in kiosk.log and the event log"  # the note on an error a guard gave up on


def culprit(tb: TracebackType | None, scenes: Iterable[Any]) -> Any:
    """The innermost scene of ``scenes`` running in the traceback, or None."""
    by_id = {id(scene): scene for scene in scenes}
    found = None
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        if owner is not None and id(owner) in by_id:
            found = by_id[id(owner)]
        tb = tb.tb_next
    return found


class ErrorGuard:
    def __init__(self, log_path: Path | None, clock: Callable[[], float] = time.monotonic,
                 echo: bool = True) -> None:
        self.log_path = log_path
        self.clock = clock
        self.echo = echo  # also one line on stderr
        self.recent: list[float] = []
        self.total = 0
        self.notice_left = 0.0
        self.notice = NOTICE
        self.events: Any = None  # the event log (services/event_log.EventLog): each error goes there too

    def record(self, exc: BaseException, where: str) -> int:
        """Log ``exc``; returns how many errors happened within the last WINDOW seconds."""
        now = self.clock()
        self.recent = [t for t in self.recent if now - t < WINDOW] + [now]
        self.total += 1
        self.notice_left = NOTICE_SECONDS
        self.notice = NOTICE
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.write(f"{stamp} UTC  error in {where}, recovered ({len(self.recent)} in {WINDOW:.0f} s)\n{text}\n")
        self.log_event(exc, where, text)
        if self.echo:
            print(f"cabinet: error in {where} ({type(exc).__name__}: {exc}); recovered, see "
                  f"{self.log_path or 'the log'}", file=sys.stderr)
        return len(self.recent)

    def log_event(self, exc: BaseException, where: str, text: str) -> None:
        """The error in the event log, its traceback's end in ``data`` (the whole one is in kiosk.log)."""
        if self.events is None:
            return
        try:
            self.events.record("error", f"error in {where}: {type(exc).__name__}: {exc}"[:300], where=where,
                               error=type(exc).__name__, traceback=text[-TRACEBACK_CHARS:])
        except Exception as again:  # noqa: BLE001 - the log of errors must not be a new one
            self.write(f"(the event log did not take this error: {type(again).__name__}: {again})\n")

    def show(self, message: str) -> None:
        """A fault the cabinet goes on with, shown for a while over everything ("" takes it down)."""
        if message:
            self.notice, self.notice_left = message, WARNING_SECONDS
        elif self.notice != NOTICE:
            self.notice, self.notice_left = NOTICE, 0.0

    def write(self, entry: str) -> None:
        if self.log_path is None:
            return
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            if self.log_path.exists() and self.log_path.stat().st_size > LOG_LIMIT:
                self.log_path.replace(self.log_path.with_name(self.log_path.name + ".1"))
            with open(self.log_path, "a", encoding="utf-8", opener=_private) as fh:
                fh.write(entry)
        except OSError as exc:  # a full or read-only disk must not stop the cabinet either
            print(f"cabinet: cannot write {self.log_path}: {exc}", file=sys.stderr)

    def note(self, message: str) -> None:
        """A log line that is not an error (the kiosk started, a game was reopened)."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        self.write(f"{stamp} UTC  {message}\n")

    def announce(self) -> None:
        """Show the brief notice again (the error itself was logged where it happened)."""
        self.notice_left = NOTICE_SECONDS

    def tick(self, dt: float) -> None:
        self.notice_left = max(0.0, self.notice_left - dt)


class GuardNotice:
    """The guard as a tool of the app's loop (``cabinet.tool.Tool``): its notice's time runs
    down each frame and the notice is drawn over everything while it lasts."""

    name = "guard"

    def __init__(self, guard: ErrorGuard, text: Callable[[], Any]) -> None:
        self.guard, self.text = guard, text  # ``text``: the app's current text renderer

    def filter_events(self, events: list[Any]) -> list[Any]:
        return events

    def takes(self, press: Any) -> bool:
        return False

    def handle(self, press: Any) -> None:
        return None

    def tick(self, dt: float, work: float) -> None:
        self.guard.tick(dt)

    def draw(self, surface: Any) -> None:
        if self.guard.notice_left > 0:
            draw_notice(surface, self.text(), self.guard.notice)


def draw_notice(surface: Any, text: Any, message: str) -> None:
    """A brief banner across the top of the window (drawn over everything)."""
    import pygame

    w, h = surface.get_size()
    size = max(12, h // 30)
    img = text.fit(message, size, int(w * 0.9), (255, 244, 220))
    rect = img.get_rect(midtop=(w // 2, h // 40)).inflate(size * 2, size)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((120, 20, 30, 245))  # nearly opaque: it must read over the busiest lobby or game
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, (255, 200, 90), rect, width=2, border_radius=6)
    surface.blit(img, img.get_rect(center=rect.center))


def _private(path: str, flags: int) -> int:
    """Open the log 0600, like every file of the data folder (``services.atomic.private_modes``)."""
    return os.open(path, flags, 0o600)
