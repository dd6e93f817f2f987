"""Symbol art at a side smaller than the layout's cell (a Megaways reel showing more symbols
than its frame was sized for): a scaled copy, made once per picture and side and kept."""

from __future__ import annotations

import pygame

LIMIT = 4096  # copies kept (a resize makes new art: the old copies go)
_MADE: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}


def shrunk(picture: pygame.Surface, side: int, cell: int) -> pygame.Surface:
    """``picture``, made for a cell of ``cell`` px, for a cell of ``side`` px (itself at full size)."""
    if side >= cell:
        return picture
    key = (id(picture), side)
    found = _MADE.get(key)
    if found is not None and found[0] is picture:
        return found[1]
    if len(_MADE) >= LIMIT:
        _MADE.clear()
    w, h = picture.get_size()
    size = (max(1, round(w * side / cell)), max(1, round(h * side / cell)))
    try:
        out = pygame.transform.smoothscale(picture, size)
    except ValueError:  # smoothscale needs 24 or 32 bits a pixel
        out = pygame.transform.scale(picture, size)
    _MADE[key] = (picture, out)
    return out
