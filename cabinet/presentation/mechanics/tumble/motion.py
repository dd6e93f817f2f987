"""How a tumble moves, as pure functions of time (no pygame): the view draws what these say.

One tumble, after its screen's wins were counted:

    burst (the paying symbols swell and pop into sparks)
      -> fall (the symbols left drop under gravity onto the bottom of their reel, with a
         small bounce where they land) and drop-in (the new symbols fall from above the
         window, reel 1 first, each reel a little after the one before)
      -> rest (the new screen, exactly the core's)

Gravity: a symbol that falls ``d`` cells takes ``sqrt(2 d / g)`` seconds, faster and faster,
then bounces back ``BOUNCE`` of a cell and settles. A hurried tumble (turbo is the window's
own speed; a slam-stop press hurries the rest of the sequence) keeps every step, only shorter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cabinet.core.events import Position

GRAVITY = 62.0  # cells per second squared: a one-cell drop takes 0.18 s, a seven-cell one 0.48 s
BOUNCE = 0.12  # of a cell: how far a landed symbol springs back up
BOUNCE_TIME = 0.16  # seconds of the bounce after a symbol lands
BURST_TIME = 0.34  # the paying symbols swell and pop
DROP_STAGGER = 0.07  # each reel's new symbols start this long after the reel before's
DROP_GAP = 0.35  # of a cell: the new symbols start this far above the window's top edge
HURRY = 0.45  # a hurried tumble plays at this fraction of its times (a slam-stop press)
SPARKS = 10  # sparks per burst cell


@dataclass(frozen=True)
class Timings:
    burst: float
    gravity: float
    bounce_time: float
    stagger: float


def timings(*, hurry: bool) -> Timings:
    """A tumble's times; hurried: the same steps at ``HURRY`` of the time (gravity scaled so
    a fall takes that fraction too)."""
    k = HURRY if hurry else 1.0
    return Timings(BURST_TIME * k, GRAVITY / (k * k), BOUNCE_TIME * k, DROP_STAGGER * k)


@dataclass(frozen=True)
class Mover:
    """A symbol on its way: from row ``start`` (a float; negative: above the window) to row
    ``end``, starting ``delay`` seconds after the fall begins."""

    reel: int
    symbol: str
    start: float
    end: int
    delay: float = 0.0
    new: bool = False


@dataclass(frozen=True)
class TumblePlan:
    bursts: tuple[tuple[int, int, str], ...]  # (reel, row, symbol) that go
    movers: tuple[Mover, ...]  # every symbol of the new screen, still or moving


def plan(old: list[list[str]], removed: tuple[Position, ...], new: list[list[str]], t: Timings) -> TumblePlan:
    """Where each symbol of ``new`` comes from: the kept ones fall from their old rows (their
    order kept), the new ones drop in from above, reel by reel."""
    gone = set(removed)
    bursts = tuple((reel, row, old[reel][row]) for reel, row in sorted(gone)
                   if reel < len(old) and row < len(old[reel]))
    movers: list[Mover] = []
    dropping = 0  # reels with new symbols so far: each waits for the one before
    for reel, column in enumerate(new):
        kept_rows = [row for row in range(len(old[reel]) if reel < len(old) else 0) if (reel, row) not in gone]
        holes = len(column) - len(kept_rows)
        for i, row in enumerate(kept_rows):  # the symbols left keep their order, at the bottom
            movers.append(Mover(reel, column[holes + i], float(row), holes + i))
        if holes:
            delay = dropping * t.stagger
            dropping += 1
            for row in range(holes):
                movers.append(Mover(reel, column[row], row - holes - DROP_GAP, row, delay, new=True))
    return TumblePlan(bursts, tuple(movers))


def fall_time(distance: float, t: Timings) -> float:
    return math.sqrt(2.0 * max(0.0, distance) / t.gravity)


def row_at(mover: Mover, since_fall: float, t: Timings) -> float:
    """``mover``'s row ``since_fall`` seconds after the fall began: accelerating down, a
    small bounce where it lands, then exactly its row."""
    distance = mover.end - mover.start
    u = since_fall - mover.delay
    if distance <= 0 or u <= 0:
        return mover.start if distance > 0 else float(mover.end)
    land = fall_time(distance, t)
    if u < land:
        return mover.start + 0.5 * t.gravity * u * u
    v = (u - land) / t.bounce_time if t.bounce_time > 0 else 1.0
    if v >= 1.0:
        return float(mover.end)
    # a bounce as high as the fall was long, within BOUNCE of a cell
    height = BOUNCE * min(1.0, distance / 2.0)
    return mover.end - height * math.sin(math.pi * v)


def fall_duration(p: TumblePlan, t: Timings) -> float:
    """Seconds from the fall's start until every symbol rests."""
    ends = [m.delay + fall_time(m.end - m.start, t) + t.bounce_time for m in p.movers if m.end > m.start]
    return max(ends, default=0.0)


def burst_look(u: float) -> tuple[float, int]:
    """A bursting symbol at ``u`` (0..1 of the burst): its scale and alpha. It swells to 1.18
    in the first third, then shrinks away and fades."""
    u = min(1.0, max(0.0, u))
    if u < 1 / 3:
        return 1.0 + 0.18 * math.sin(u * 3 * math.pi / 2), 255
    w = (u - 1 / 3) * 1.5
    return 1.18 * (1.0 - w) ** 1.5, round(255 * (1.0 - w * w))


def spark(cell: Position, k: int, u: float, size: float) -> tuple[float, float, float, int]:
    """Spark ``k`` of a burst cell at ``u`` (0..1 of the burst, sparks start at a third):
    offset from the cell's centre in pixels (x, y), radius, alpha. Directions are fixed per
    cell and spark (no randomness: a frame is the same every time it is drawn)."""
    w = (u - 1 / 3) * 1.5
    if w <= 0 or w >= 1:
        return 0.0, 0.0, 0.0, 0
    seed = (cell[0] * 31 + cell[1] * 17 + k * 7) % 13
    angle = 2 * math.pi * (k + seed / 13.0) / SPARKS
    speed = size * (0.55 + 0.25 * ((k * 5 + seed) % 4) / 3)
    x = math.cos(angle) * speed * w
    y = math.sin(angle) * speed * w + 0.35 * size * w * w  # they fall a little as they fly
    radius = size * 0.07 * (1.0 - 0.6 * w)
    return x, y, radius, round(255 * (1.0 - w))
