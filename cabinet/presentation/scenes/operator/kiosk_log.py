"""The recent errors of ``kiosk.log``, newest first: when, where, and the error's last line.

The log (``cabinet/kiosk/guard.py``) holds each recovered error as a dated header line and its
traceback; this page reads the newest ``KEEP`` of them without a shell.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from cabinet.machine.buttons import Button, Press

from .common import DIM, RED, TEXT, Frame, Page, draw_chrome, label, local_time, shown_path

KEEP = 50
HEADER = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC  error in (.+?), recovered")


def recent_errors(path: Path, keep: int = KEEP) -> list[tuple[str, str, str]]:
    """(time UTC, where, the error's last line) of the newest ``keep`` errors, newest first."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()[-20_000:]
    except OSError:
        return []
    found: list[tuple[str, str, str]] = []
    for i, line in enumerate(lines):
        match = HEADER.match(line)
        if match is None:
            continue
        last = ""
        for follow in lines[i + 1:]:
            if not follow.strip() or HEADER.match(follow):
                break
            last = follow.strip()
        found.append((match.group(1), match.group(2), last))
    return found[::-1][:keep]


class KioskLogPage(Page):
    title = "KIOSK LOG: RECENT ERRORS"
    hint = "UP/DOWN PAGE   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        from cabinet.kiosk.guard import LOG_NAME

        folder = self.host.services.data_dir
        self.path = folder / LOG_NAME if folder is not None else None
        self.errors = recent_errors(self.path) if self.path is not None else []

    def handle(self, press: Press) -> None:
        if press.button == Button.DOWN:
            self.cursor = min(self.cursor + 1, max(0, len(self.errors) - 1))
        elif press.button == Button.UP:
            self.cursor = max(0, self.cursor - 1)
        else:
            super().handle(press)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        where = shown_path(self.path) if self.path is not None else "NO DATA FOLDER"
        label(surface, text, f"{len(self.errors)} RECOVERED ERROR(S) IN {where}", frame.body, DIM,
              left=frame.margin, y=frame.row(0).centery, width=frame.w - 2 * frame.margin)
        if not self.errors:
            label(surface, text, "NO ERRORS RECORDED", frame.body, TEXT, left=frame.margin, y=frame.row(1).centery)
            return
        row = 1
        for when, place, last in self.errors[self.cursor:]:
            if frame.row(row + 1).bottom > frame.bottom:
                break
            label(surface, text, f"{local_time(utc_text(when))}   {place.upper()}", frame.body, RED, left=frame.margin,
                  y=frame.row(row).centery, width=frame.w - 2 * frame.margin)
            label(surface, text, last or "(NO DETAILS)", frame.body, TEXT, left=frame.margin * 2,
                  y=frame.row(row + 1).centery, width=frame.w - 3 * frame.margin)
            row += 2



def utc_text(stamp: str) -> str:
    """kiosk.log's ``2026-12-06 23:05:00`` (UTC) as ISO 8601 for ``local_time``."""
    return stamp.replace(" ", "T") + "+00:00"
