"""A small pill of words on the reel frame's border: the FORCED tag of a round replayed from
its seed (``app.py``) and designer mode's tags (speed, a forced scenario, a reload waiting).
"""

from __future__ import annotations

import pygame

from .text import Text

WARN = (255, 200, 90)  # the FORCED tag's colour (designer mode's warnings share it)


def draw_tag(surface: pygame.Surface, text: Text, label: str, colour: tuple[int, int, int],
             topright: tuple[int, int] | None = None, *, center: tuple[int, int] | None = None,
             midright: tuple[int, int] | None = None, max_width: int | None = None) -> pygame.Rect:
    """A small pill (speed, FORCED) at a corner, centred on ``center`` or with its right end's
    middle at ``midright``, its words smaller if it would be wider than ``max_width``;
    returns where it went."""
    size = max(10, min(20, surface.get_height() // 40))
    if max_width is not None:
        size = max(9, text.fit_size(label, size, max_width - size))
    img = text.render(label, size, (16, 12, 20))
    rect = img.get_rect().inflate(size, size // 2)
    if center is not None:
        rect.center = center
    elif midright is not None:
        rect.midright = midright
    else:
        rect.topright = topright or (surface.get_width(), 0)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect
