"""Win presentation pieces: how long a count-up lasts, paylines, highlights (the shower of a
theme's pieces is ``celebration.py``).

The presenter's randomness (where coins fly) comes from a ``random.Random`` seeded
by the round's seed: it decides nothing about money, and screenshots stay
reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import pygame

from cabinet.core.events import Position

from .art import PAYLINE_COLOURS, PULSE_STEPS, Art
from .layout import Layout, column_cells
from .scaled import shrunk

TIER_COUNT_TIME = {"big": 4.0, "mega": 6.0, "epic": 8.0}
TIER_LEAD_IN = 1.0  # seconds the meter counts up before it reaches BIG
TIER_STAGE_TIME = {"big": 2.5, "mega": 2.5, "epic": 3.0}  # seconds each tier is on show before the next


def count_duration(amount: int, bet_total: int, tier: str, quick: bool = False) -> float:
    """Seconds the win meter takes to count ``amount`` up."""
    if tier:
        return TIER_COUNT_TIME[tier] * (0.5 if quick else 1.0)
    ratio = amount / bet_total if bet_total else 1.0
    base = 0.5 + 0.22 * min(ratio, 5.0)
    return base * (0.6 if quick else 1.0)


def tier_schedule(tiers: object, amount: int, meter_from: int, bet_total: int, tier: str, *,
                  quick: bool = False) -> list[tuple[float, int]]:
    """When the count-up of a ``tier`` win reaches each tier on its way: (seconds, amount
    counted) for BIG, then each higher tier up to ``tier``, then the whole ``amount``.

    The meter counts linearly between these moments, so each tier gets a stage of its own
    (``TIER_STAGE_TIME``) however far apart the thresholds are; ``tiers`` is the game's
    ``win_tiers`` (multiples of the total bet), reached by ``meter_from`` plus the count."""
    order = ("big", "mega", "epic")
    scale = 0.5 if quick else 1.0
    climb = order[: order.index(tier) + 1]
    schedule: list[tuple[float, int]] = []
    t = TIER_LEAD_IN * scale
    for name in climb:
        threshold = math.ceil(Fraction(getattr(tiers, name)) * bet_total) - meter_from
        schedule.append((t, max(0, min(amount, threshold))))
        t += TIER_STAGE_TIME[name] * scale
    schedule.append((t, amount))
    return schedule


def coin_area(layout: Layout) -> pygame.Rect:
    """Where coins may fall: the game above the control deck (its meters must stay readable)."""
    return pygame.Rect(0, 0, layout.width, layout.deck.y)


def pulse_frame(t: float) -> int:
    """Which pre-scaled size a winning symbol shows at time ``t`` (a smooth throb)."""
    u = (1 - math.cos(t * 2 * math.pi * 1.6)) / 2
    return min(len(PULSE_STEPS) - 1, int(u * len(PULSE_STEPS)))


def draw_highlights(surface: pygame.Surface, art: Art, layout: Layout, screen: list[list[str]],
                    positions: Iterable[Position], t: float) -> None:
    """Winning cells: glow behind, the symbol throbbing, a gold frame around. The cells
    follow ``screen``'s shape (a Megaways spin's reel heights, ``column_cells``)."""
    frame = pulse_frame(t)
    cells = column_cells(layout, [len(column) for column in screen])
    for reel, row in positions:
        if reel >= len(cells) or row >= len(cells[reel]):
            continue
        cell = cells[reel][row]
        cx, cy = cell.center
        symbol = screen[reel][row]
        side = cell.w  # a Megaways reel may draw its symbols smaller than the layout's cell
        if art.paper is not None:
            surface.blit(shrunk(art.paper, side, layout.cell), (cell.x, cell.y))
        glows = art.glows.get(symbol)
        img = glows[frame] if glows else art.symbols.get(symbol)
        if img is not None:
            img = shrunk(img, side, layout.cell)
            surface.blit(img, img.get_rect(center=(cx, cy)))
        if art.highlight is not None:
            surface.blit(shrunk(art.highlight, side, layout.cell), (cell.x, cell.y))
        if art.sparkle is not None and (int(t * 5) + reel + 2 * row) % 3 == 0:  # a twinkle, cell by cell
            surface.blit(art.sparkle, art.sparkle.get_rect(center=(cell.right - cell.w // 6, cell.y + cell.h // 6)))


def line_points(layout: Layout, pattern: tuple[int, ...]) -> list[tuple[int, int]]:
    """Centres of the cells a payline passes through, extended to the reel window's edges."""
    points = [layout.cells[reel][row].center for reel, row in enumerate(pattern) if reel < len(layout.cells)]
    if points:
        window = layout.reel_window
        points = [(window.x, points[0][1]), *points, (window.right, points[-1][1])]
    return points


def draw_payline(surface: pygame.Surface, art: Art, layout: Layout, pattern: tuple[int, ...], index: int) -> None:
    colour = PAYLINE_COLOURS[index % len(PAYLINE_COLOURS)]
    points = line_points(layout, pattern)
    if len(points) < 2:
        return
    width = max(3, layout.cell // 24)
    pygame.draw.lines(surface, (20, 10, 0), False, points, width + 4)
    pygame.draw.lines(surface, colour, False, points, width)
    if art.dot is not None:
        for x, y in points[1:-1]:
            surface.blit(art.dot, art.dot.get_rect(center=(x, y)))


def line_label_centre(layout: Layout, pattern: tuple[int, ...], positions: Iterable[Position],
                      label: tuple[int, int]) -> tuple[int, int]:
    """Where a line win's amount label goes so that it hides no symbol's face.

    On the seam between two rows (where the symbols' margins meet, not over a symbol),
    beside the line's cell in the first reel past the win (a 3 of a kind from the left: reel
    4; from the right: the reel before it), or in the middle reel of a line won on every
    reel. The seam taken is the one on the reel window's inner side of the line's cell (a top
    row's label goes under it), so the label stays on the reels. A one-row window has no
    seam: the label goes beside the reels at the line's end, or under them."""
    won = {reel for reel, _ in positions}
    reels = min(len(pattern), len(layout.cells))
    if reels and len(layout.cells[0]) > 1:
        after, before = max(won, default=-1) + 1, min(won, default=reels) - 1
        free = [r for r in (after, before) if 0 <= r < reels and r not in won]
        reel = free[0] if free else reels // 2
        column = layout.cells[reel]
        row = min(pattern[reel], len(column) - 1)
        neighbour = row + 1 if row < (len(column) - 1) / 2 or row == 0 else row - 1
        a, b = column[row], column[neighbour]
        return a.center[0], (min(a.bottom, b.bottom) + max(a.y, b.y)) // 2
    frame = layout.reel_frame
    w, h = label
    margin = max(4, layout.cell // 12)
    end_row = layout.cells[reels - 1][pattern[reels - 1]].center[1] if reels else frame.center[1]
    if layout.width - frame.right >= w + 2 * margin:  # in the middle of the side column, at the line's row
        return (frame.right + layout.width) // 2, min(max(end_row, frame.y + h // 2), frame.bottom - h // 2)
    return frame.center[0], frame.bottom + margin + h // 2
