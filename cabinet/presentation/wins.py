"""Win presentation pieces: how long a count-up lasts, coin showers, paylines, highlights.

The presenter's randomness (where coins fly) comes from a ``random.Random`` seeded
by the round's seed: it decides nothing about money, and screenshots stay
reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import pygame

from cabinet.core.events import Position

from .art import PAYLINE_COLOURS, PULSE_STEPS, Art
from .layout import Layout, column_cells
from .scaled import shrunk

TIER_COUNT_TIME = {"big": 4.0, "mega": 6.0, "epic": 8.0}
TIER_LEAD_IN = 1.0  # seconds the meter counts up before it reaches BIG
TIER_STAGE_TIME = {"big": 2.5, "mega": 2.5, "epic": 3.0}  # seconds each tier is on show before the next
TIER_COINS_PER_SECOND = {"big": 30, "mega": 55, "epic": 90}
MAX_COINS = 140
GRAVITY = 2.2  # window heights per second squared


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


@dataclass
class Coin:
    x: float
    y: float
    vx: float
    vy: float
    spin: float  # frames per second of its turning animation
    phase: float
    life: float


class CoinShower:
    """Coins thrown up from below the reels, falling under gravity (positions in px)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.coins: list[Coin] = []
        self.rate = 0.0
        self._debt = 0.0

    def start(self, tier: str) -> None:
        self.rate = TIER_COINS_PER_SECOND.get(tier, 0)

    def stop(self) -> None:
        self.rate = 0.0

    def clear(self) -> None:
        self.coins.clear()
        self.rate = 0.0

    def update(self, dt: float, layout: Layout) -> None:
        w, h = layout.size
        self._debt += self.rate * dt
        while self._debt >= 1.0 and len(self.coins) < MAX_COINS:
            self._debt -= 1.0
            r = self.rng
            self.coins.append(Coin(
                x=w * (0.5 + r.uniform(-0.18, 0.18)), y=layout.reel_window.bottom,
                vx=w * r.uniform(-0.35, 0.35), vy=-h * r.uniform(1.1, 1.7),
                spin=r.uniform(10, 22), phase=r.uniform(0, 8), life=0.0))
        self._debt = min(self._debt, 1.0)
        g = GRAVITY * h
        alive = []
        for c in self.coins:
            c.vy += g * dt
            c.x += c.vx * dt
            c.y += c.vy * dt
            c.life += dt
            if c.y < h + 40:
                alive.append(c)
        self.coins = alive

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        frames = art.coins
        if not frames:
            return
        half = frames[0].get_width() // 2
        n = len(frames)
        for c in self.coins:
            frame = frames[int(c.phase + c.life * c.spin) % n]
            surface.blit(frame, (int(c.x) - half, int(c.y) - half))


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
    """Where a line win's amount label goes so that it hides none of the win's symbols.

    On the line's first cell past the win (a 3 of a kind from the left: reel 4's cell of
    that line), or the last before it (a right-to-left win); a line won on every reel
    gets its label beside the reels at the line's end, in the middle of that side's column
    (over its glass for the moment it shows), or under them when the sides have no room
    (portrait)."""
    won = {reel for reel, _ in positions}
    reels = min(len(pattern), len(layout.cells))
    if won:
        after, before = max(won) + 1, min(won) - 1
        free = [r for r in (after, before) if 0 <= r < reels and r not in won]
        free += [r for r in range(reels) if r not in won]
        if free:
            reel = free[0]
            return layout.cells[reel][pattern[reel]].center
    frame = layout.reel_frame
    w, h = label
    margin = max(4, layout.cell // 12)
    end_row = layout.cells[reels - 1][pattern[reels - 1]].center[1] if reels else frame.center[1]
    start_row = layout.cells[0][pattern[0]].center[1] if reels else frame.center[1]
    if layout.width - frame.right >= w + 2 * margin:  # in the middle of the side column, at the line's row
        return (frame.right + layout.width) // 2, min(max(end_row, frame.y + h // 2), frame.bottom - h // 2)
    if frame.x >= w + 2 * margin:
        return frame.x // 2, min(max(start_row, frame.y + h // 2), frame.bottom - h // 2)
    return frame.center[0], frame.bottom + margin + h // 2
