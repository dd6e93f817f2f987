"""Helpers the screen tests share: run a headless cabinet until something shows, grab a frame."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cabinet.app import App


def run_until(app: App, done: Callable[[], object], limit: int = 9000) -> None:
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
