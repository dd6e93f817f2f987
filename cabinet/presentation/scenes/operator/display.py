"""The display test: colour bars, a grey ramp and a one-pixel grid, at the window's own size.

Each pattern fills the whole window pixel for pixel (made once per size, then blitted), with
a small box that says the window size, the display's refresh rate and the frame-time p99
(of the last hour, from the cabinet's own frame timer). LEFT/RIGHT or CONFIRM change the
pattern, BACK returns.
"""

from __future__ import annotations

import pygame

from cabinet.machine.buttons import Button, Press

from .common import BACKGROUND, GOLD, TEXT, Frame, Page, label

PATTERNS = ("COLOUR BARS", "GREY RAMP", "PIXEL GRID")
BARS = ((255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255),
        (0, 0, 0))
RAMP_STEPS = 32
GRID_PITCH = 8  # a one-pixel line every 8 pixels; every 64th line is red so the edges can be counted


def make_pattern(index: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size)
    if index == 0:
        for i, colour in enumerate(BARS):
            x0, x1 = w * i // len(BARS), w * (i + 1) // len(BARS)
            surface.fill(colour, (x0, 0, x1 - x0, h))
    elif index == 1:
        for i in range(RAMP_STEPS):
            level = round(255 * i / (RAMP_STEPS - 1))
            x0, x1 = w * i // RAMP_STEPS, w * (i + 1) // RAMP_STEPS
            surface.fill((level, level, level), (x0, 0, x1 - x0, h // 2))
        for x in range(w):  # a smooth ramp under the steps: banding shows here
            level = 255 * x // max(1, w - 1)
            surface.fill((level, level, level), (x, h // 2, 1, h - h // 2))
    else:
        surface.fill((0, 0, 0))
        for x in range(0, w, GRID_PITCH):
            surface.fill((255, 0, 0) if x % 64 == 0 else (255, 255, 255), (x, 0, 1, h))
        for y in range(0, h, GRID_PITCH):
            surface.fill((255, 0, 0) if y % 64 == 0 else (255, 255, 255), (0, y, w, 1))
        surface.fill((0, 255, 0), (w - 1, 0, 1, h))  # the last column and row: the edge is on screen
        surface.fill((0, 255, 0), (0, h - 1, w, 1))
    return surface


class DisplayTestPage(Page):
    title = "DISPLAY TEST"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.pattern = 0
        self._made: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}

    def handle(self, press: Press) -> None:
        b = press.button
        if b in (Button.RIGHT, Button.CONFIRM, Button.SPIN, Button.TAP):
            self.pattern = (self.pattern + 1) % len(PATTERNS)
        elif b == Button.LEFT:
            self.pattern = (self.pattern - 1) % len(PATTERNS)
        else:
            super().handle(press)

    def surface_for(self, size: tuple[int, int]) -> pygame.Surface:
        key = (self.pattern, size)
        made = self._made.get(key)  # a cache of what this size looks like: drawing it twice is the same
        if made is None:
            made = self._made[key] = make_pattern(self.pattern, size)
        return made

    def info(self) -> list[str]:
        w, h = self.host.window()
        rate = self.host.refresh_rate()
        p99 = self.host.services.frames.percentile()
        return [
            f"{PATTERNS[self.pattern]}  ({self.pattern + 1} OF {len(PATTERNS)})",
            f"WINDOW {w} x {h}",
            f"REFRESH {rate:g} HZ" if rate else "REFRESH RATE UNKNOWN",
            f"FRAME TIME P99 {p99:.2f} MS (LAST HOUR)" if p99 is not None else "FRAME TIME P99: NO FRAMES YET",
            "LEFT/RIGHT PATTERN   BACK RETURN",
        ]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        surface.blit(self.surface_for(surface.get_size()), (0, 0))
        lines = self.info()
        box = pygame.Rect(0, 0, frame.w * 2 // 5, frame.row_h * (len(lines) + 1))
        box.center = (frame.w // 2, frame.h // 2)
        pygame.draw.rect(surface, BACKGROUND, box, border_radius=8)
        pygame.draw.rect(surface, GOLD, box, width=2, border_radius=8)
        for i, line in enumerate(lines):
            label(surface, self.host.text, line, frame.body, GOLD if i == 0 else TEXT, centre=box.centerx,
                  y=box.y + frame.row_h * (i + 1), width=box.w - 16)
