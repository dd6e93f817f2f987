"""The status line ("PRESS SPIN TO PLAY", "WIN €0.40", a feature's news) on a plate of its own.

Its words sit over whatever the theme paints under the reels (snow, fog, fireworks), so they get
a dark rounded plate with a fine rim: readable on any background (issue 36's contrast check reads
pale gold on this plate, not on white snow). The game, free spins and the hold-and-respin boards
all draw the line here, so it looks the same in every scene.
"""

from __future__ import annotations

import pygame

from .context import Context
from .layout import Box
from .style import PALE_GOLD

PLATE_FILL = (8, 4, 16, 220)  # near black, a little of the background showing through
_plates: dict[tuple[int, int, tuple[int, int, int]], pygame.Surface] = {}  # (w, h, rim) -> the plate


def plate(size: tuple[int, int], rim: tuple[int, int, int]) -> pygame.Surface:
    """A rounded translucent plate of ``size`` with a thin ``rim`` (kept: a frame is one blit)."""
    key = (size[0], size[1], rim)
    cached = _plates.get(key)
    if cached is None:
        w, h = size
        cached = pygame.Surface(size, pygame.SRCALPHA)
        radius = h // 2
        pygame.draw.rect(cached, PLATE_FILL, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(cached, (*rim, 150), (0, 0, w, h), width=max(1, h // 16), border_radius=radius)
        if len(_plates) > 64:  # many sizes (a window dragged): start again rather than grow
            _plates.clear()
        _plates[key] = cached
    return cached


def draw_status(ctx: Context, surface: pygame.Surface, status: str, where: Box, *,
                colour: tuple[int, int, int] = PALE_GOLD) -> None:
    """``status`` centred in ``where`` on its plate (nothing for no words)."""
    if not status:
        return
    img = ctx.text.fit(status, ctx.layout.fonts.status, max(8, where.w - where.h), colour, shadow=True)
    pad_x, pad_y = max(6, img.get_height() * 3 // 4), max(2, img.get_height() // 8)
    w = min(where.w, img.get_width() + 2 * pad_x)
    h = min(max(where.h, img.get_height()), img.get_height() + 2 * pad_y)
    centre = where.center
    back = plate((w, h), (150, 110, 40))
    surface.blit(back, back.get_rect(center=centre))
    surface.blit(img, img.get_rect(center=centre))
