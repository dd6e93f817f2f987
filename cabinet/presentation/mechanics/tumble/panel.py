"""The tumble's glass beside the reels: the multiplier ladder (every rung, the current one
lit) over the plate with the sequence's running total.

Landscape: in the side column of the free-spins badge (left, or right in left-hand mode),
between the badge and the TOP AWARDS glass under it. Portrait: the strip under the reels
(``layout.progress_bar``), the ladder left of the plate.
"""

from __future__ import annotations

from typing import Any

import pygame

from ... import side_art
from ...layout import Box, Layout, row_height, side_column
from ...side_panel import panel_box, top_awards
from ...style import GOLD, PALE_GOLD

GLASS = (12, 6, 26, 200)
RUNG = (46, 30, 70)  # an unlit rung
RUNG_TEXT = (150, 132, 170)
LIT = (255, 196, 40)  # the lit rung: amber ...
LIT_TEXT = (60, 16, 0)  # ... with dark figures
PASSED = (120, 84, 36)  # a rung the sequence has climbed past
PLATE = (96, 10, 24)  # the total's plate: deep red ...
PLATE_TEXT = (255, 240, 170)  # ... pale gold figures


def boxes(layout: Layout, defn: Any) -> tuple[Box, Box] | None:
    """(ladder, plate) boxes, or None where the window has no room for them."""
    margin = max(4, layout.width // 80)
    if layout.portrait:
        bar = layout.progress_bar
        if bar.h < 16 or bar.w < 120:
            return None
        half = bar.w * 11 // 20
        return Box(bar.x, bar.y, half - margin // 2, bar.h), Box(bar.x + half + margin // 2, bar.y,
                                                               bar.w - half - margin // 2, bar.h)
    left = layout.counter_badge.x < layout.width // 2
    x0, x1 = side_column(layout, left, margin)
    corner = layout.side_art[0] if left else layout.side_art[1]
    hung = side_art.art_name(getattr(defn, "theme", "")) is not None  # a theme's art hangs there: keep clear
    top = max(layout.counter_badge.bottom, corner.bottom if hung else 0) + margin
    glass = panel_box(layout, len(top_awards(defn)))
    bottom = (glass.y if glass is not None else layout.reel_frame.bottom) - margin
    pitch = row_height(layout)
    if x1 - x0 < pitch * 3:
        return None
    for tenths in (20, 17, 14):  # as tall as the column allows
        ladder_h = plate_h = pitch * tenths // 10
        room = bottom - top - ladder_h - plate_h - margin
        if room >= 0:
            y = top + room // 2  # in the middle of the free part of the column
            return Box(x0, y, x1 - x0, ladder_h), Box(x0, y + ladder_h + margin, x1 - x0, plate_h)
    return None


def rung_boxes(ladder: Box, rungs: int) -> list[Box]:
    """Each rung's box in the ladder's lower part (the heading above), left to right."""
    n = max(1, rungs)
    pad = max(2, ladder.h // 12)
    top = ladder.y + ladder.h * 9 // 20
    h = ladder.bottom - pad - top
    w = (ladder.w - pad * (n + 1)) // n
    return [Box(ladder.x + pad + i * (w + pad), top, w, h) for i in range(n)]


def draw(surface: pygame.Surface, ctx: Any, ladder_values: tuple[int, ...], rung: int, total: str,
         *, heading: str = "TUMBLE", plate_heading: str = "TOTAL", factor_label: str = "") -> None:
    """The ladder with rung ``rung`` lit (-1: none yet) and the plate showing ``total``."""
    found = boxes(ctx.layout, ctx.defn)
    if found is None:
        return
    ladder, plate = found
    text = ctx.text
    pitch = row_height(ctx.layout)
    radius = max(3, pitch // 3)
    for box in (ladder, plate):
        glass = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        pygame.draw.rect(glass, GLASS, glass.get_rect(), border_radius=radius)
        pygame.draw.rect(glass, (*GOLD, 255), glass.get_rect(), width=max(2, pitch // 14), border_radius=radius)
        surface.blit(glass, (box.x, box.y))
    size = max(8, pitch * 3 // 5)
    title = text.fit(heading, size, ladder.w * 9 // 10, GOLD)
    surface.blit(title, title.get_rect(midtop=(ladder.center[0], ladder.y + ladder.h // 14)))
    values = ladder_values or (1,)
    for i, box in enumerate(rung_boxes(ladder, len(values))):
        lit, passed = i == rung, 0 <= i < rung
        colour = LIT if lit else PASSED if passed else RUNG
        pygame.draw.rect(surface, colour, box, border_radius=max(2, box.h // 4))
        if lit:
            pygame.draw.rect(surface, PALE_GOLD, box, width=max(1, box.h // 10), border_radius=max(2, box.h // 4))
        label = text.fit(f"x{values[i]}", box.h * 7 // 10, box.w * 9 // 10, LIT_TEXT if lit else
                         PALE_GOLD if passed else RUNG_TEXT)
        surface.blit(label, label.get_rect(center=box.center))
    title = text.fit(plate_heading, size, plate.w * 9 // 10, GOLD)
    surface.blit(title, title.get_rect(midtop=(plate.center[0], plate.y + plate.h // 14)))
    face = plate_face(plate)
    pygame.draw.rect(surface, PLATE, face, border_radius=max(2, face.h // 3))
    pygame.draw.rect(surface, GOLD, face, width=max(1, face.h // 12), border_radius=max(2, face.h // 3))
    figures = text.fit(total, face.h * 3 // 4, face.w * 9 // 10, PLATE_TEXT, outline=True)
    surface.blit(figures, figures.get_rect(center=face.center))
    if factor_label:
        badge = text.fit(factor_label, face.h * 3 // 4, face.w // 2, LIT, outline=True)
        surface.blit(badge, badge.get_rect(midbottom=(face.right - face.w // 6, face.y + face.h // 5)))


def plate_face(plate: Box) -> Box:
    """The red plate the total's figures sit on, in the lower part of the plate's glass."""
    pad = max(3, plate.h // 10)
    top = plate.y + plate.h * 9 // 20
    return Box(plate.x + pad, top, plate.w - 2 * pad, plate.bottom - pad - top)
