"""The board scene's timings and colours (the presenters and the tests read them too), and
the things that move on the boards over time: a spinning cell, a flight, a celebration, a
collected value in flight and its collect, a cell's mark."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cabinet.core.events import Position
from cabinet.core.money import Money

BLANK_SYMBOLS = frozenset({"BLANK", ""})
SPIN_TIME = 0.55  # a cell spins at least this long ...
LAND_STAGGER = 0.045  # ... and the cells of a board land one after another, reel by reel
ANTICIPATION_CELLS = 2  # a board with this few empty cells left makes them wait ...
ANTICIPATION_TIME = 0.9  # ... this much longer, glowing
ANTICIPATION_RIM = (255, 150, 30)  # the glow's rim, round a core pulsing from (255, 120, 40) to (255, 220, 40)
SPIN_SPEED = 9.0  # symbols a second through a spinning cell
FLY_TIME = 0.55  # a basket or a multiplier in flight
CELEBRATE_TIME = 1.8  # a filled board's Bonus Prize banner
TAKEOVER_TIME = 3.2  # the top board's prize over the whole screen
COLLECT_STEP = 0.09  # each prize of the final collect
COUNTER_PULSE = 0.8  # the respins counter glows this long when it resets or grows
OUTRO_TIME = 2.2
TOKEN_TIME = 0.7  # a collected value in flight from its cell to the collector
TOKEN_STAGGER = 0.35  # the cells of one collect leave one after another
COUNT_TIME = 0.3  # the collector's total counts each arriving value in over this long
COLLECT_HOLD = 0.4  # the collector's new total is seen before play goes on
TRAIL = 6  # glowing points trailing a value in flight ...
TRAIL_STEP = 0.035  # ... each this much further back along its path
MARK_TIME = 0.55  # a cell-multiplier symbol turning into its cell's mark
MARK_COLOUR = (132, 52, 200)
REVEALED_PLATE = (26, 10, 34)  # a multiplier symbol's revealed value: on a dark plate ...
REVEALED_TEXT = (255, 130, 255)  # ... in the magenta of the multiplier in flight and the prize it multiplied
TOKEN_COLOUR = (255, 170, 40)
TOKEN_LABEL = (255, 248, 220)  # a travelling value's amount
BOARD_COLOURS = {  # frame colours by board name (others: gold)
    "GRAND": (236, 46, 46), "MAJOR": (170, 70, 230), "MINOR": (40, 150, 240), "MINI": (40, 190, 90),
}




@dataclass
class CellSpin:
    """A cell in motion: it spins from ``start`` and lands at ``stop`` (scene clock)."""

    start: float
    stop: float
    symbol: str  # what it lands on
    anticipation: bool = False


@dataclass
class Flight:
    """Something flying across the screen: a basket to its board, a multiplier to its prize."""

    start: float
    origin: tuple[int, int]
    target: tuple[int, int]
    label: str  # drawn in flight ("x5"), or a symbol id
    symbol: str = ""
    duration: float = FLY_TIME

    def position(self, now: float) -> tuple[int, int] | None:
        t = (now - self.start) / self.duration
        if t > 1:
            return None
        t = max(0.0, t)  # not yet gone: it waits where it starts
        ease = 1 - (1 - t) ** 2
        x = self.origin[0] + (self.target[0] - self.origin[0]) * ease
        y = self.origin[1] + (self.target[1] - self.origin[1]) * ease - math.sin(t * math.pi) * 60
        return int(x), int(y)


@dataclass
class Celebration:
    board: str
    amount: int
    start: float


@dataclass
class Token:
    """A collected value travelling from its cell (``origin``) into its collector (``target``)."""

    start: float
    source: Position
    origin: tuple[int, int]
    target: tuple[int, int]
    value: Money
    duration: float = TOKEN_TIME
    symbol: str = ""  # what held the value (a ghost flies as itself)

    @property
    def arrives(self) -> float:
        return self.start + self.duration

    def position(self, now: float) -> tuple[float, float] | None:
        """Where the token is at ``now``: an arc up and over into the collector (None: not in flight)."""
        t = (now - self.start) / self.duration
        if t < 0 or t > 1:
            return None
        e = t * t * (3 - 2 * t)
        (ox, oy), (tx, ty) = self.origin, self.target
        lift = 0.35 * math.hypot(tx - ox, ty - oy) + 10
        cx, cy = (ox + tx) / 2, min(oy, ty) - lift  # the arc's control point, above both cells
        u = 1 - e
        return u * u * ox + 2 * u * e * cx + e * e * tx, u * u * oy + 2 * u * e * cy + e * e * ty


@dataclass
class CollectFlow:
    """One collector taking the values of a collect: its total counts up as each token arrives."""

    board: str
    collector: Position
    base: Money  # what the collector held before
    tokens: list[Token]

    @property
    def end(self) -> float:
        return max((t.arrives for t in self.tokens), default=0.0) + COUNT_TIME + COLLECT_HOLD

    def shown(self, now: float) -> Money:
        """The collector's total as drawn at ``now``: every arrived value counting in."""
        total = self.base
        for token in self.tokens:
            if now >= token.arrives:
                total += token.value if now - token.arrives >= COUNT_TIME else \
                    int(token.value * (now - token.arrives) / COUNT_TIME)
        return total


@dataclass
class Mark:
    start: float
    multiplier: int

