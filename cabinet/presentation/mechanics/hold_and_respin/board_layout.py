"""Where the boards go on the screen: each board's frame, title strip and cells, the side
panels beside them and the band of meters under them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...layout import Box, Layout


@dataclass(frozen=True)
class BoardBox:
    """Where one board goes: its frame, its title strip and its cells (``cells[reel][row]``)."""

    index: int
    frame: Box
    title: Box
    cells: tuple[tuple[Box, ...], ...]
    cell: int  # side of one cell


def side_panels(layout: Layout) -> tuple[Box, Box] | None:
    """Landscape: the feature's own panels (RESPINS on the counter's side, FEATURE WIN on the
    other), one in each side column beside the boards, which then take the whole height
    (their backdrop covers the logo and the badge row). Portrait: None (the badges stay)."""
    if layout.portrait:
        return None
    w, h = layout.size
    panel_w = w * 16 // 100
    panel_h = panel_w * 55 // 100
    top, bottom = h // 60, layout.status.y
    y = top + (bottom - top - panel_h) // 2
    left = Box(w // 40, y, panel_w, panel_h)
    right = left.mirrored(w)
    return (left, right) if layout.counter_badge.x < w // 2 else (right, left)


def board_area(layout: Layout) -> Box:
    """Where the boards go on the game's layout: landscape, between the feature's side panels
    from the top to the status line; portrait, the reels' place and the band around them,
    under the logo's band, down to the boards' own meter band."""
    w, h = layout.size
    panels = side_panels(layout)
    if panels is None:  # the whole height down to the boards' own meter band and status line
        top = max(layout.logo.bottom, layout.counter_badge.bottom) + h // 100
        bottom = meter_band(layout).y - layout.status.h - h // 100
        return Box(w // 40, top, w - w // 20, bottom - top)
    gap = w // 60
    left = min(panels, key=lambda box: box.x)
    top, bottom = h // 60, layout.status.y
    return Box(left.right + gap, top, w - 2 * (left.right + gap), bottom - top)


def boards(n: int, reels: int, rows: int, *, layout: Layout | None = None, area: Box | None = None,
           portrait: bool = False, left_hand: bool = False) -> tuple[BoardBox, ...]:
    """``n`` boards of ``reels`` x ``rows`` cells in ``area`` (default: ``board_area(layout)``).

    Landscape: up to two boards a row (one row for 2 boards, 2x2 for 4, 2+1 for 3); portrait:
    one board a row. Left-hand mode mirrors the columns. Every board gets the same cell size,
    the largest that fits; the grid is centred in the area."""
    if layout is not None:
        area = area or board_area(layout)
        portrait, left_hand = layout.portrait, layout.left_hand
    if area is None:
        raise ValueError("boards() needs a layout or an area")
    if n < 1:
        return ()
    columns = 1 if portrait else min(n, 2)
    grid_rows = math.ceil(n / columns)
    gap = max(4, min(area.w, area.h) // 40)
    slot_w = (area.w - gap * (columns - 1)) / columns
    slot_h = (area.h - gap * (grid_rows - 1)) / grid_rows
    # a board: its title strip (0.55 cell) over its cells, a frame of 0.12 cell around
    cell = int(min(slot_w / (reels + 0.24), slot_h / (rows + 0.55 + 0.24)))
    cell = max(8, cell)
    frame_w, frame_h = round(cell * (reels + 0.24)), round(cell * (rows + 0.55 + 0.24))
    used_w = columns * frame_w + (columns - 1) * gap
    used_h = grid_rows * frame_h + (grid_rows - 1) * gap
    x0, y0 = area.x + (area.w - used_w) // 2, area.y + (area.h - used_h) // 2
    out = []
    for i in range(n):
        row, column = divmod(i, columns)
        if left_hand:
            column = columns - 1 - column
        in_row = min(columns, n - row * columns)  # a last row with fewer boards is centred
        shift = (columns - in_row) * (frame_w + gap) // 2
        fx = x0 + column * (frame_w + gap) + shift
        fy = y0 + row * (frame_h + gap)
        pad = round(cell * 0.12)
        title = Box(fx + pad, fy + pad // 2, frame_w - 2 * pad, round(cell * 0.55))
        top = title.bottom + pad // 2
        cells = tuple(tuple(Box(fx + pad + reel * cell, top + r * cell, cell, cell) for r in range(rows))
                      for reel in range(reels))
        out.append(BoardBox(i, Box(fx, fy, frame_w, frame_h), title, cells, cell))
    return tuple(out)


def _plate(cell: Box) -> pygame.Rect:
    """A collector's total plate: across the foot of its cell."""
    return pygame.Rect(cell.x + cell.w // 14, cell.y + cell.h * 66 // 100, cell.w - cell.w // 7, cell.h * 28 // 100)


def cover_height(layout: Layout) -> int:
    """How far down the boards' backdrop covers the game: to the deck in landscape (its
    meters stay in sight for the final collect); all of it in portrait, where the boards
    draw their own meter band (``meter_band``)."""
    return layout.height if layout.portrait else layout.deck.y


def meter_band(layout: Layout) -> Box:
    """Portrait: the band at the foot of the screen with BALANCE, BET and WIN during the feature."""
    w, h = layout.size
    band_h = round(h * 0.075)
    return Box(w // 40, h - band_h - h // 100, w - w // 20, band_h)

