"""The storage test: the data folder's free space, and the time of one write with fsync.

The write is a 64 KiB file in the data folder, written, fsynced (the file and the folder,
as every record of the cabinet is) and removed; CONFIRM runs it again. A full disk shows
its error instead of a time.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press
from cabinet.services.atomic import fsync_dir

from .common import GREEN, RED, TEXT, Frame, Page, draw_chrome, draw_list, shown_path

PROBE_BYTES = 64 * 1024


def probe_write(folder: Path) -> float:
    """Seconds for one write of PROBE_BYTES with fsync (file and folder); OSError when it fails."""
    path = folder / f".storage-test-{os.getpid()}.tmp"
    data = os.urandom(PROBE_BYTES)
    t0 = time.perf_counter()
    try:
        with open(path, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        fsync_dir(folder)
        return time.perf_counter() - t0
    finally:
        try:
            path.unlink()
        except OSError:
            pass


# What the page measures, looked up at each run: the gallery pins them for its reference pictures.
PROBES: dict[str, Any] = {"write": probe_write, "disk_usage": shutil.disk_usage}


class StorageTestPage(Page):
    title = "STORAGE TEST"
    hint = "CONFIRM WRITE AGAIN   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.folder: Path | None = self.host.services.data_dir
        self.results: list[tuple[str, str]] = []
        self.ok = True
        self.run()

    def run(self) -> None:
        folder = self.folder
        if folder is None:
            self.results = [("DATA FOLDER", "NONE: THIS RUN KEEPS EVERYTHING IN MEMORY")]
            return
        rows = [("DATA FOLDER", shown_path(folder))]
        try:
            usage = PROBES["disk_usage"](folder)
            rows += [("FREE SPACE", f"{usage.free / 1e9:.2f} GB OF {usage.total / 1e9:.2f} GB "
                                    f"({usage.free * 100 // max(1, usage.total)}%)")]
        except OSError as exc:
            rows += [("FREE SPACE", f"UNKNOWN ({exc.strerror or exc})")]
        try:
            seconds = PROBES["write"](folder)
            rows += [("ONE 64 KB WRITE WITH FSYNC", f"{seconds * 1000:.2f} MS")]
            self.ok = True
        except OSError as exc:
            rows += [("ONE 64 KB WRITE WITH FSYNC", f"FAILED: {exc.strerror or exc}")]
            self.ok = False
        self.results = rows

    def handle(self, press: Press) -> None:
        if press.button in (Button.CONFIRM, Button.SPIN):
            self.run()
        else:
            super().handle(press)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        draw_chrome(surface, frame, self.host.text, self.title, self.hint, message=self.message, bad=self.message_bad)
        colours = [TEXT] * (len(self.results) - 1) + [GREEN if self.ok else RED]
        draw_list(surface, frame, self.host.text, self.results, None, colours=colours)
