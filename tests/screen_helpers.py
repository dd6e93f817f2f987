"""Helpers the screen tests share: start a headless cabinet, run it until something shows,
grab a frame. (The shipped games are fixtures of conftest.py: ``classic``, ``halloween``, ...)"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from cabinet.app import App, AppOptions

SMALL = (640, 360)  # the smallest landscape window: the screen tests' usual size


def make_app(defn: object, *, size: tuple[int, int] = SMALL, seed: int = 1, **options: object) -> App:
    """A started headless cabinet on ``defn`` (``options``: more ``AppOptions``, e.g. designer=True)."""
    app = App(defn, AppOptions(size=size, seed=seed, headless=True, **options))  # type: ignore[arg-type]
    app.start()
    return app


def run_until(app: App, done: Callable[[], object], limit: int = 20_000) -> None:
    """Run frames until ``done()`` is true; fail after ``limit`` frames."""
    for _ in range(limit):
        if done():
            return
        app.run_frames(1)
    raise AssertionError("condition not reached")


def frame(app: App) -> pygame.Surface:
    """What the scene stack draws now, on a fresh surface of the layout's size."""
    surface = pygame.Surface(app.ctx.layout.size)
    app.stack.draw(surface)
    return surface


def scenario_app(defn: object, name: str, *, size: tuple[int, int] = (1280, 720), seed: int = 3) -> App:
    """A designer-mode cabinet playing the game's scenario called ``name`` (its round just started)."""
    app = make_app(defn, size=size, seed=seed, designer=True)
    index = [s.name for s in defn.scenarios].index(name)  # type: ignore[attr-defined]
    assert app.designer.play_scenario(index)
    return app


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in a watched file and move its change time a second on, so a
    watcher sees the save whatever the file system's clock granularity."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
