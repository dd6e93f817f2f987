"""The theme's side art: a piece of the theme hung in each top corner of the screen
(Happy Riches' and Happy Lucky's red lanterns, Lucky Christmas's baubles), where the
layout keeps ``layout.side_art`` free of every panel, badge and button.

The piece is the theme's own symbol art named by its theme.yaml's ``corner_art`` (no
extra files), hung on a gold string from the top edge, as large as its corner allows and never cut by the window's edge. It is
drawn into the static layers (the base game's and a feature's backdrop), once per layout.
"""

from __future__ import annotations

from typing import Any

import pygame

from .layout import Box, Layout

STRING = (214, 170, 70)
RING = 0.05  # where the sprite's hanging ring starts, as a share of its side (the string ends there)


def art_name(theme: str) -> str | None:
    """The sprite a theme hangs in its corners (its theme.yaml's ``corner_art``), or None."""
    from ..assets.themes import read_theme

    data = read_theme(theme)
    return f"{theme}/symbols/{data.corner_art.lower()}.png" if data is not None and data.corner_art else None


def placements(layout: Layout) -> list[tuple[Box, Box]]:
    """Each corner's (string, piece) boxes: the piece as large as the corner holds, at its
    foot, the string from the top edge down to the piece's ring."""
    out = []
    for corner in layout.side_art:
        side = min(corner.w, corner.h)
        if side < 16:
            continue
        piece = Box(corner.x + (corner.w - side) // 2, corner.bottom - side, side, side)
        width = max(2, side // 60)
        top_of_ring = piece.y + round(side * RING)
        string = Box(piece.center[0] - width // 2, 0, width, max(0, top_of_ring))
        out.append((string, piece))
    return out


def draw(ctx: Any, surface: pygame.Surface) -> None:
    """The theme's pieces in the layout's corners (nothing for a theme without side art)."""
    paint(surface, ctx.layout, ctx.cache, ctx.defn.theme)


def paint(surface: pygame.Surface, layout: Layout, cache: Any, theme: str) -> None:
    """``draw`` from its parts: the art builder bakes the pieces into the game's background
    this way, so every screen drawn on it (the game, its intro, the boards) shows them."""
    name = art_name(theme)
    if name is None:
        return
    for string, piece in placements(layout):
        image = cache.get(name, (piece.w, piece.h), _nothing)  # a missing file warns once, hangs nothing
        if name in cache.missing:
            return
        if string.h:
            pygame.draw.rect(surface, STRING, string)
        surface.blit(image, (piece.x, piece.y))


def _nothing(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)
