"""Drawing for designer mode: the tool overlay and the reload-error panel (its small tags
are ``presentation/tag.py``'s pills, which the app's FORCED tag uses too).

A tool's look, not a cabinet's: a dark translucent panel with a thin cyan rule, small
type, labels in cyan and values in white, good news green and bad news red. Text comes
from the shared ``Text`` cache; values that change every frame (frame time) are
averaged and refreshed four times a second by the caller, so the cache sees few strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from cabinet.presentation.tag import WARN
from cabinet.presentation.text import Text

LABEL = (110, 220, 255)
VALUE = (240, 244, 250)
DIM = (150, 160, 178)
GOOD = (110, 230, 120)
BAD = (255, 110, 110)
PANEL = (8, 12, 22, 218)
RULE = (60, 190, 235)
ERROR_FILL = (92, 10, 22, 246)
ERROR_RULE = (255, 90, 90)

Segment = tuple[str, tuple[int, int, int]]
Line = list[Segment]


@dataclass(frozen=True)
class Bar:
    """The RTP band: ``lo``..``hi`` shaded, ``theory`` and ``value`` marked, on ``lo_axis``..``hi_axis``."""

    lo: float
    hi: float
    theory: float
    value: float | None


@lru_cache(maxsize=16)
def shade(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent fill, made once per size (the overlay is drawn every frame)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(colour)
    return surface


def font_size(surface: pygame.Surface) -> int:
    return max(11, min(20, surface.get_height() // 40))


def overlay_box(surface: pygame.Surface) -> pygame.Rect:
    """Where the overlay goes: the top-left, wide enough for its longest lines."""
    w, h = surface.get_size()
    return pygame.Rect(8, 8, max(300, min(w - 16, int(w * 0.5))), h - 16)


def line_room(surface: pygame.Surface) -> tuple[int, int]:
    """The overlay's type size and the width its lines have (inside the panel's padding)."""
    size = font_size(surface)
    return size, overlay_box(surface).w - 2 * (size // 2 + 2)


def wrap(text: Text, entries: list[str], size: int, width: int, *, gap: str = "   ") -> list[str]:
    """``entries`` in rows no wider than ``width`` at ``size`` (an entry is never split; one
    wider than a row has a row of its own), so a long list keeps its type size."""
    rows: list[str] = []
    for entry in entries:
        joined = f"{rows[-1]}{gap}{entry}" if rows else entry
        if rows and text.render(joined, size, VALUE).get_width() <= width:
            rows[-1] = joined
        else:
            rows.append(entry)
    return rows


def draw_panel(surface: pygame.Surface, text: Text, lines: list[Line | Bar | None],
               box: pygame.Rect) -> pygame.Rect:
    """Lines (``None``: a rule) top to bottom in ``box``; the panel shrinks to fit. Returns it."""
    size = font_size(surface)
    pad, pitch = size // 2 + 2, size + size // 3
    heights = [pitch if isinstance(line, list) else size if isinstance(line, Bar) else pitch // 2
               for line in lines]
    panel = pygame.Rect(box.x, box.y, box.w, min(box.h, sum(heights) + 2 * pad))
    surface.blit(shade(panel.size, PANEL), panel.topleft)
    pygame.draw.rect(surface, RULE, panel, width=1)
    y = panel.y + pad
    inner_w = panel.w - 2 * pad
    for line, height in zip(lines, heights, strict=True):
        if y + height > panel.bottom - pad // 2:
            break
        if line is None:
            pygame.draw.line(surface, (40, 90, 120), (panel.x + pad, y + height // 2),
                             (panel.right - pad, y + height // 2))
        elif isinstance(line, Bar):
            draw_bar(surface, pygame.Rect(panel.x + pad, y, inner_w, height - 2), line)
        else:
            x = panel.x + pad
            for part, colour in line:
                img = text.render(part, size, colour)
                if x + img.get_width() > panel.right - pad:
                    img = text.fit(part, size, max(10, panel.right - pad - x), colour)
                surface.blit(img, (x, y))
                x += img.get_width()
        y += height
    return panel


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, bar: Bar) -> None:
    """The band as a shaded span on an axis from 0% to twice the theory (clamped)."""
    lo_axis, hi_axis = 0.0, max(2.0 * bar.theory, bar.hi, (bar.value or 0.0)) or 1.0

    def x_of(v: float) -> int:
        v = min(max(v, lo_axis), hi_axis)
        return rect.x + round((v - lo_axis) / (hi_axis - lo_axis) * (rect.w - 1))

    pygame.draw.rect(surface, (26, 34, 52), rect)
    band = pygame.Rect(x_of(bar.lo), rect.y, max(2, x_of(bar.hi) - x_of(bar.lo)), rect.h)
    pygame.draw.rect(surface, (40, 96, 120), band)
    pygame.draw.line(surface, VALUE, (x_of(bar.theory), rect.y - 2), (x_of(bar.theory), rect.bottom + 1), 2)
    if bar.value is not None:
        inside = bar.lo <= bar.value <= bar.hi
        cx = x_of(bar.value)
        pygame.draw.polygon(surface, GOOD if inside else BAD,
                            [(cx, rect.bottom), (cx - rect.h // 2, rect.y), (cx + rect.h // 2, rect.y)])


def draw_error_panel(surface: pygame.Surface, text: Text, title: str, errors: list[str]) -> pygame.Rect:
    """The reload errors across the bottom of the window, over the deck. Returns the area."""
    w, h = surface.get_size()
    size = max(11, min(18, h // 42))
    pitch = size + size // 3
    shown = errors[:8]
    more = len(errors) - len(shown)
    rows = 1 + len(shown) + (1 if more else 0)
    pad = size // 2 + 2
    rect = pygame.Rect(0, h - rows * pitch - 2 * pad, w, rows * pitch + 2 * pad)
    surface.blit(shade(rect.size, ERROR_FILL), rect.topleft)
    pygame.draw.line(surface, ERROR_RULE, rect.topleft, (rect.right, rect.y), 2)
    y = rect.y + pad
    surface.blit(text.fit(title, size, w - 2 * pad, WARN), (pad, y))
    for line in shown:
        y += pitch
        surface.blit(text.fit(line, size, w - 2 * pad, VALUE), (pad, y))
    if more:
        surface.blit(text.render(f"... and {more} more", size, DIM), (pad, y + pitch))
    return rect
