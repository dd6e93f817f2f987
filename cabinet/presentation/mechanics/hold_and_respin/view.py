"""Boards of single-cell reels on screen: Happy Lucky Slot's four 3x5 boards, Halloween
Wins 3's 3x3 collector.

Two parts, usable apart:

- ``boards(n, reels, rows, layout=...)``: pure rectangles. ``n`` boards of ``reels`` x
  ``rows`` cells, 2x2 (or in one row for 2 and 3) in landscape, stacked in portrait, in
  mirror order in left-hand mode (the first board on the side the controls are on), with a
  title strip over each board for its name and Bonus Prize. ``BoardBox.cells[reel][row]``.
- ``BoardScene``: the scene the board presenters (``presenter.py``) put over the
  game while the feature plays. It reads a ``BoardsModel`` (``board_model.py``: what the
  events say each cell shows) and only animates: every spun cell spins and lands on its own,
  the last empty cells of a board spin longer with a glow (anticipation), held baskets show
  their prizes, the respins counter pulses as it resets or grows, multipliers fly to the
  prize they multiply, a filled board celebrates with its Bonus Prize, and the final collect
  counts every prize into the WIN meter. Baskets fly from the base reels to the boards at
  the start (``fly_in``).
- A collector (Halloween Wins 3's pumpkins): the values that landed on the reels it
  collects show on their cells, then each travels as a glowing token with a trail from its
  cell into the collector (``collect``), whose total counts up as each one arrives. A value
  that a ghost held (its theme draws the symbol as a ghost) flies as that ghost
  (``ghost_piece.py``), its amount on a plate under it, sized to its cell. A cell
  multiplier (Mummy X) leaves its mark on the cell ("x2" in its corner, ``mark``); the
  symbol that made it disappears.
- A multiplier symbol (Happy Lucky Slot's MULT) shows the value it revealed ("x25") on its
  cell from the moment it flies to the prize it multiplies, for the rest of the feature.

The presenters drive it with ``spin``, ``land``, ``fly_multiplier``, ``celebrate``,
``collect``, ``mark``, ``collect_cell`` and ``outro`` and wait on ``busy``. Nothing here
decides an outcome: every value and total drawn comes from the events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.core.events import Position
from cabinet.core.money import Money

from ... import hud
from ...celebration import Shower, draw_burst, draw_counter_plate, punch_scale
from ...chrome import Chrome, chrome
from ...context import Context
from ...ghost_piece import ghost_colours, ghost_piece, is_ghost
from ...hud import GOLD, PALE_GOLD, WHITE
from ...layout import Box, Layout
from ...status_line import draw_status
from ...words import words
from .model import BoardShown, BoardsModel

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


# --- the scene -----------------------------------------------------------------------------------


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


@dataclass
class BoardScene:
    """The boards over the game while a hold-and-respin plays (see the module doc)."""

    ctx: Context
    model: BoardsModel
    strips: dict[str, tuple[str, ...]] = field(default_factory=dict)  # board -> symbols a spinning cell shows
    reel_strips: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)  # (board, reel) -> its own
    feature: Any = None  # the block's parameters: its words (``texts:``); None: the defaults
    clock: float = 0.0
    spins: dict[tuple[str, Position], CellSpin] = field(default_factory=dict)
    flights: list[Flight] = field(default_factory=list)
    celebrations: list[Celebration] = field(default_factory=list)
    counter_pulse: float = 0.0
    collected: dict[tuple[str, Position], float] = field(default_factory=dict)  # cells counted in, when
    flows: list[CollectFlow] = field(default_factory=list)  # collectors taking values, until the presenter is done
    marks: dict[tuple[str, Position], Mark] = field(default_factory=dict)  # cells marked with a multiplier, when
    revealing: dict[tuple[str, Position], int] = field(default_factory=dict)  # multipliers in flight, by source cell
    applied_through: int = -1  # events up to this index are in the model (a presenter took a run of them)
    phase: str = "running"  # "running" | "outro" | "done"
    outro_t: float = 0.0
    finished: bool = False
    # The boards cover the game's reels: the scene draws the deck itself (from the game scene's
    # own static art and meters), so the game's reels are not drawn under it every frame.
    opaque = True
    modal = False


    def word(self, key: str, default: str, **values: object) -> str:
        """The feature's words (its ``texts:``), neutral by default."""
        return words(self.feature, key, default, **values)

    @property
    def title(self) -> str:
        """What the screen calls the feature: ``texts: {title}``, else its board's name on one
        board (a minigame: HALLOWEEN GHOSTS), else RESPIN FEATURE."""
        return self.word("title", self.model.title)
    def __post_init__(self) -> None:
        self._static: pygame.Surface | None = None
        self._static_key: tuple[object, ...] | None = None
        self._tiles: dict[tuple[str, int, bool], pygame.Surface] = {}
        self._warm_key: tuple[object, ...] | None = None
        self._geometry: tuple[BoardBox, ...] = ()
        self._geometry_key: tuple[object, ...] | None = None
        self._columns: dict[tuple[str, int, int], tuple[pygame.Surface, int]] = {}  # (board, reel, side) -> column
        self._deck: pygame.Surface | None = None
        self._deck_key: tuple[object, ...] | None = None
        self._revealed: dict[tuple[int, int], pygame.Surface] = {}  # (multiplier, cell side) -> its plate
        self.takeover = Shower(17)  # the top prize's shower of the theme's pieces (looks only)
        self._theme: Any = False  # the game's theme (read once, when a piece first needs it)
        self._dim_all: pygame.Surface | None = None

    # -- geometry ---------------------------------------------------------------------------------

    def geometry(self) -> tuple[BoardBox, ...]:
        shown = list(self.model.boards.values())
        if not shown:
            return ()
        first = shown[0]
        layout = self.ctx.layout
        key = (layout.size, layout.left_hand, layout.logo, layout.counter_badge, layout.status,  # board_area's
               len(shown), first.reels, first.rows)
        if self._geometry_key != key:  # once per layout and set of boards
            self._geometry = boards(len(shown), first.reels, first.rows, layout=layout)
            self._geometry_key = key
        return self._geometry

    def cell_box(self, board: str, position: Position) -> Box | None:
        names = self.model.names()
        if board not in names:
            return None
        geometry = self.geometry()[names.index(board)]
        reel, row = position
        return geometry.cells[reel][row]

    # -- driven by the presenters -----------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Something is still moving: the presenters wait on it."""
        now = self.clock
        return (any(s.stop > now for s in self.spins.values()) or any(f.start + f.duration > now for f in self.flights)
                or any(c.start + self.celebrate_time(c) > now for c in self.celebrations)
                or any(flow.end > now for flow in self.flows)
                or any(m.start + MARK_TIME > now for m in self.marks.values()))

    def spin(self, board: str, positions: Sequence[Position], symbols: Sequence[str]) -> None:
        """``positions`` of ``board`` start spinning now; they land on ``symbols`` (``land`` times them)."""
        for position, symbol in zip(positions, symbols, strict=True):
            self.spins[(board, position)] = CellSpin(self.clock, math.inf, symbol)
            self.revealing.pop((board, position), None)  # a new symbol there: it has revealed nothing

    def land(self) -> dict[str, int]:
        """Time every spinning cell's landing: reel by reel on each board, its last empty cells
        later, with anticipation. Returns the boards in anticipation, with their empty cells."""
        pending: dict[str, list[Position]] = {}
        for (board, position), spin in self.spins.items():
            if spin.stop == math.inf:
                pending.setdefault(board, []).append(position)
        waiting: dict[str, int] = {}
        for board, positions in pending.items():
            shown = self.model.boards.get(board)
            empty_after = len(positions)
            anticipate = shown is not None and 0 < empty_after <= ANTICIPATION_CELLS and shown.size > 1
            if anticipate:
                waiting[board] = empty_after
            for k, position in enumerate(sorted(positions)):
                spin = self.spins[(board, position)]
                spin.stop = self.clock + SPIN_TIME + LAND_STAGGER * k
                if anticipate:
                    spin.stop += ANTICIPATION_TIME
                    spin.anticipation = True
        if waiting:
            self.ctx.audio.play("anticipation")
        return waiting

    def fly_in(self, origins: Sequence[tuple[int, int]], targets: Sequence[tuple[str, Position]],
               symbol: str | Sequence[str]) -> None:
        """Baskets from the base reels (screen points) to the cells they were placed on
        (``symbol``: what flies, one for all or one per target)."""
        for i, (board, position) in enumerate(targets):
            box = self.cell_box(board, position)
            if box is None:
                continue
            origin = origins[i % len(origins)] if origins else (self.ctx.layout.width // 2, 0)
            flying = symbol if isinstance(symbol, str) else symbol[i]
            self.flights.append(Flight(self.clock + 0.05 * i, origin, box.center, "", flying, FLY_TIME * 1.4))

    def collect(self, board: str, collector: Position, base: Money,
                sources: Sequence[tuple[Position, Money]]) -> None:
        """The values on ``sources`` (cell, value) travel into ``collector``, which held ``base``
        before: one token a cell, leaving one after another, each counted in as it arrives.
        Collects started together (several collectors taking the same cells) run side by side."""
        target = self.cell_box(board, collector)
        if target is None:
            return
        tokens = []
        shown = self.model.boards.get(board)
        for i, (position, value) in enumerate(sources):
            box = self.cell_box(board, position)
            if box is not None:
                held = shown.held.get(position) if shown is not None else None
                symbol = held.symbol if held is not None else shown.landed.get(position, "") if shown else ""
                tokens.append(Token(self.clock + TOKEN_STAGGER * i, position, box.center, target.center, value,
                                    symbol=symbol))
        self.flows.append(CollectFlow(board, collector, base, tokens))
        self.ctx.audio.play("win_tick")

    def end_collect(self) -> None:
        """The collect is in the model now: the collectors show their totals from it."""
        self.flows.clear()

    def mark(self, board: str, position: Position, multiplier: int) -> None:
        """A cell multiplier symbol (Mummy X) turns into the cell's mark."""
        self.marks[(board, position)] = Mark(self.clock, multiplier)
        self.ctx.audio.play("feature_trigger")

    def shown_value(self, board: str, position: Position, value: Money) -> Money:
        """A held value as drawn now: a collector counting in what flies to it, else ``value``."""
        for flow in self.flows:
            if flow.board == board and flow.collector == position:
                return flow.shown(self.clock)
        return value

    def departed(self, board: str, position: Position) -> bool:
        """Whether the value on this cell has left it, on its way into a collector."""
        now = self.clock
        return any(flow.board == board and any(t.source == position and now >= t.start for t in flow.tokens)
                   for flow in self.flows)

    def fly_multiplier(self, source: tuple[str, Position], target: tuple[str, Position], multiplier: int) -> None:
        """The multiplier leaves its symbol for the prize; the symbol shows what it revealed."""
        self.revealing[source] = multiplier
        a, b = self.cell_box(*source), self.cell_box(*target)
        if a is not None and b is not None:
            self.flights.append(Flight(self.clock, a.center, b.center, f"x{multiplier}"))

    def revealed_on(self, board: str, position: Position) -> int:
        """The multiplier the symbol on this cell revealed (0: none yet)."""
        shown = self.model.boards.get(board)
        found = shown.revealed.get(position, 0) if shown is not None else 0
        return found or self.revealing.get((board, position), 0)

    def respins_changed(self, reason: str) -> None:
        if reason in ("added", "reset"):
            self.counter_pulse = COUNTER_PULSE
            self.ctx.audio.play("feature_trigger")

    def celebrate(self, board: str, amount: int) -> None:
        self.celebrations.append(Celebration(board, amount, self.clock))
        if board == self.top_board():  # the top prize takes the whole screen, with the theme's shower
            self.takeover.start("epic")
            self.ctx.audio.play("epic_win")
            self.ctx.shake(0.8, 400)
            return
        self.ctx.audio.play("big_win")
        self.ctx.shake(0.4, 250)

    def top_board(self) -> str:
        """The board whose Bonus Prize is the largest (a GRAND): its win is a full-screen moment."""
        boards = [b for b in self.model.boards.values() if b.fill_award]
        return max(boards, key=lambda b: b.fill_award).name if len(boards) > 1 else ""

    def collect_cell(self, board: str, position: Position) -> None:
        self.collected[(board, position)] = self.clock

    def outro(self) -> None:
        self.phase, self.outro_t = "outro", 0.0

    def picture_ready(self, at: str = "") -> bool:
        """Whether now is the moment ``at`` names, for a still picture (``cabinet shot --scenario``):
        "spinning" cells landing one by one; "stopped" a respin landed; "win" (or nothing) the
        most telling moment: a Bonus Prize celebrated, the last empty cells of a board glowing,
        a multiplier on its way, a collector taking values, the outro."""
        now = self.clock
        if at == "spinning":
            return self.model.respins_played >= 1 and any(0.35 < s.stop - now < 1e9 for s in self.spins.values())
        if at == "stopped":
            return self.model.respins_played >= 2 and not self.busy
        if at == "idle":
            return not self.busy and not self.spins and self.model.respins_played == 0 and bool(self.model.boards)
        return (any(now - c.start > 0.7 for c in self.celebrations)
                or any(s.anticipation and now - s.start > SPIN_TIME and s.stop - now > 0.3 for s in self.spins.values())
                or any(f.label and 0.55 < (now - f.start) / f.duration < 0.75 for f in self.flights)
                or any(self._collect_telling(flow, now) for flow in self.flows)
                or (self.phase == "outro" and self.outro_t > 0.6))

    @staticmethod
    def _collect_telling(flow: CollectFlow, now: float) -> bool:
        """A collect worth a picture: a value counted into the collector and another on its way
        (or the only one half-way there)."""
        flying = [t for t in flow.tokens if 0.3 < (now - t.start) / t.duration < 0.65]
        if len(flow.tokens) == 1:
            return bool(flying) and (now - flow.tokens[0].start) / TOKEN_TIME > 0.5
        return bool(flying) and now > flow.tokens[0].arrives + 0.05

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list[tuple[Any, Any]]:
        return []

    def handle(self, press: object) -> bool:
        if self.phase == "outro":
            self.phase, self.finished = "done", True
            return True
        return False

    def update(self, dt: float) -> None:
        self.warm()
        self.clock += dt
        self.counter_pulse = max(0.0, self.counter_pulse - dt)
        now = self.clock
        self.spins = {k: s for k, s in self.spins.items() if s.stop > now}
        self.flights = [f for f in self.flights if f.start + f.duration > now]
        self.celebrations = [c for c in self.celebrations if c.start + self.celebrate_time(c) > now]
        self.takeover.update(dt, self.ctx.layout)
        if not any(c.board == self.top_board() for c in self.celebrations):
            self.takeover.clear()  # the top prize's moment is over: no piece outlives it
        self.marks = {k: m for k, m in self.marks.items() if m.start + MARK_TIME + 1.0 > now}
        if self.phase == "outro":
            self.outro_t += dt
            if self.outro_t >= OUTRO_TIME:
                self.phase, self.finished = "done", True

    # -- drawing ----------------------------------------------------------------------------------

    def _tile(self, symbol: str, side: int, blurred: bool = False) -> pygame.Surface | None:
        """The symbol at a board cell's size, from the asset cache (which scales each sprite
        once per size); ``blurred``: narrower and faded, as it passes through a spinning cell."""
        key = (symbol, side, blurred)
        found = self._tiles.get(key)
        if found is None:
            ctx = self.ctx
            if symbol not in ctx.defn.symbol_map:
                return None
            rel = f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(symbol)}.png"
            width = side * 3 // 4 if blurred else side
            found = ctx.cache.get(rel, (width, side), ctx.cache.symbol_placeholder(symbol))
            if blurred:
                found = found.copy()  # the cache's own stays opaque for everyone else
                found.set_alpha(150)
            self._tiles[key] = found
        return found

    def warm(self) -> None:
        """Every size the boards draw, made before the frames that show them (a layout change
        or a new board): the cells' symbols, the spinning columns, the flying baskets."""
        geometry = self.geometry()
        if not geometry:
            return
        key = (self.ctx.layout.size, len(geometry))
        if self._warm_key == key:
            return
        self._warm_key = key
        cell = geometry[0].cell
        side = cell - max(4, cell // 8)
        inner = cell - 2 * max(2, cell // 16)
        symbols = {s for strip in (*self.strips.values(), *self.reel_strips.values()) for s in strip
                   if s not in BLANK_SYMBOLS}
        for symbol in symbols:
            self._tile(symbol, side)
        for board, shown in self.model.boards.items():
            self._spin_strip(board, inner)
            for reel in range(shown.reels):
                if (board, reel) in self.reel_strips:
                    self._spin_strip(board, inner, reel)
        radius = self._token_radius()
        for r in range(2, radius + 1):  # a token and its trail
            self._orb(r)
        for size in range(max(8, min(cell, self.ctx.layout.cell)), max(cell, self.ctx.layout.cell) + 4, 4):
            for symbol in symbols:
                self._tile(symbol, size - size % 4)

    def _static_surface(self, geometry: tuple[BoardBox, ...]) -> pygame.Surface:
        """The backdrop, the boards' frames and titles with their Bonus Prizes, the empty cells:
        drawn once per window size and set of boards."""
        ctx = self.ctx
        layout = ctx.layout
        key = (layout.size, layout.left_hand, tuple((b.name, b.fill_award) for b in self.model.boards.values()))
        if self._static is not None and self._static_key == key:
            return self._static
        size = (layout.width, cover_height(layout))
        surface = pygame.Surface(layout.size)
        game = self._game_scene()
        if game is not None:  # the deck, as the game draws it (landscape: it stays in sight)
            surface.blit(game.static, (0, 0))
        background = ctx.art.background
        if background is not None:
            surface.blit(background, (0, 0), pygame.Rect(0, 0, *size))
        else:
            surface.fill((6, 30, 26), pygame.Rect(0, 0, *size))
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        text = ctx.text
        look = chrome(ctx)
        for box, shown in zip(geometry, self.model.boards.values(), strict=True):
            colour = BOARD_COLOURS.get(shown.name, GOLD)
            frame = pygame.Rect(box.frame)
            radius = max(4, box.cell // 6)
            pygame.draw.rect(surface, look.well, frame.inflate(4, 4).move(0, 3), border_radius=radius)  # its shadow
            pygame.draw.rect(surface, _shade(colour, 0.82), frame, border_radius=radius)
            rim = max(2, box.cell // 14)
            pygame.draw.rect(surface, look.rim_dark, frame, width=rim + 2, border_radius=radius)
            pygame.draw.rect(surface, colour, frame.inflate(-2, -2), width=rim, border_radius=radius)
            title = pygame.Rect(box.title)
            surface.blit(bevelled_plaque(title.size, colour, look.rim), title.topleft)
            label = f"{shown.name}  {ctx.money(shown.fill_award)}" if shown.fill_award else shown.name
            img = text.fit(label, max(9, title.h * 70 // 100), int(title.w * 0.94), WHITE, outline=True,
                           face="display")
            surface.blit(img, img.get_rect(center=title.center))
            well = framed_cell((box.cell, box.cell), colour, look)
            for column in box.cells:
                for cell in column:
                    surface.blit(well, well.get_rect(center=pygame.Rect(cell).center))
        self._static, self._static_key = surface, key
        return surface

    def _game_scene(self) -> Any:
        """The game scene under the boards (its static art, its meters and buttons), if any."""
        return next((s for s in self.ctx.stack if hasattr(s, "static") and hasattr(s, "enabled_buttons")), None)

    def draw(self, surface: pygame.Surface) -> None:
        geometry = self.geometry()
        if not geometry:
            return
        static = self._static_surface(geometry)
        surface.blit(static, (0, 0))
        game = self._game_scene()
        if game is not None and not self.ctx.layout.portrait:  # the deck's meters and buttons, the deck only
            self._draw_deck(surface, static, game)
        now = self.clock
        for box, shown in zip(geometry, self.model.boards.values(), strict=True):
            self._draw_board(surface, box, shown, now)
        self._draw_counter(surface)
        self._draw_status(surface)
        for flight in self.flights:
            self._draw_flight(surface, flight, now)
        if self.flights:  # the boards' headers stay in front: a basket flies behind GRAND, not over it
            for box in geometry:
                title = pygame.Rect(box.title)
                surface.blit(static, title.topleft, title)
        self._draw_tokens(surface, now)
        for celebration in self.celebrations:
            self._draw_celebration(surface, geometry, celebration, now)
        if self.phase == "outro":
            self._draw_outro(surface)

    def _draw_deck(self, surface: pygame.Surface, static: pygame.Surface, game: Any) -> None:
        """The deck's meters and buttons as the game draws them, drawn again only when what
        they show changes (a meter's value, a button's state): the boards' frames stay light."""
        ctx = self.ctx
        layout = ctx.layout
        enabled = game.enabled_buttons()
        key = (layout.size, layout.left_hand, tuple(hud.meter_values(ctx).items()),
               tuple(sorted((str(b), on) for b, on in enabled.items())), game.autoplay.running,
               game.autoplay.rounds_left, tuple(sorted(str(b) for b, t in ctx.hud.flash.items() if t > 0)),
               ctx.hud.win)
        deck = pygame.Rect(0, cover_height(layout), layout.width, layout.height - cover_height(layout))
        # and the buttons that rise above it (the big SPIN button), whole rather than cut flat
        risen = [pygame.Rect(box).clip(pygame.Rect(0, 0, layout.width, deck.y))
                 for box in layout.buttons.values() if box.y < deck.y]
        if self._deck is None or self._deck.get_size() != layout.size or self._deck_key != key:
            if self._deck is None or self._deck.get_size() != layout.size:
                self._deck = pygame.Surface(layout.size)
            self._deck.blit(static, (0, 0))
            hud.draw_dynamic(ctx, self._deck, enabled, spinning=False, autoplay=game.autoplay.running, autoplay_left=game.autoplay.rounds_left)
            self._deck_key = key
        for area in (deck, *risen):
            surface.blit(self._deck, area.topleft, area)

    def _draw_board(self, surface: pygame.Surface, box: BoardBox, shown: BoardShown, now: float) -> None:
        side = box.cell - max(4, box.cell // 8)
        value_size = max(9, box.cell * 30 // 100)
        for reel, column in enumerate(box.cells):
            for row, cell in enumerate(column):
                position = (reel, row)
                x, y = cell.x + (cell.w - side) // 2, cell.y + (cell.h - side) // 2
                spin = self.spins.get((shown.name, position))
                if spin is not None and spin.stop > now:
                    self._draw_spinning(surface, shown.name, cell, side, spin, now, reel)
                    continue
                held = shown.held.get(position)
                multiplier = shown.multipliers.get(position, 1)
                if held is None:
                    symbol = shown.landed.get(position, "")
                    gone = self.departed(shown.name, position)
                    if symbol and symbol not in BLANK_SYMBOLS and not gone:
                        tile = self._tile(symbol, side)
                        if tile is not None:
                            surface.blit(tile, (x, y))
                        value = shown.values.get(position, 0)
                        if value:  # a value waiting for its collector (or paid as it landed)
                            self._value_label(surface, cell, value, value_size, multiplier > 1)
                        elif revealed := self.revealed_on(shown.name, position):
                            self._draw_revealed(surface, cell, revealed)
                    self._draw_mark(surface, shown.name, position, cell, multiplier, now)
                    continue
                collected = self.collected.get((shown.name, position))
                if collected is not None and now - collected < 0.25:  # counted in: it flashes
                    pygame.draw.rect(surface, PALE_GOLD, pygame.Rect(cell).inflate(2, 2), border_radius=box.cell // 6)
                tile = self._tile(held.symbol, side)
                if tile is not None:
                    surface.blit(tile, (x, y))
                value = self.shown_value(shown.name, position, held.value)
                if position in shown.collectors or value != held.value:  # a collector's total, on a plate
                    self._collector_total(surface, cell, value, value != held.value)
                elif value:
                    self._value_label(surface, cell, value, value_size, held.multiplied > 1)
                elif revealed := self.revealed_on(shown.name, position):
                    self._draw_revealed(surface, cell, revealed)
                self._draw_mark(surface, shown.name, position, cell, multiplier, now)
        for flow in self.flows:  # a collector glows as each value arrives
            if flow.board != shown.name:
                continue
            reel, row = flow.collector
            cell = box.cells[reel][row]
            for token in flow.tokens:
                age = now - token.arrives
                if 0 <= age < COUNT_TIME * 1.5:
                    grow = int(cell.w * (0.42 + 0.25 * age / (COUNT_TIME * 1.5)))
                    pygame.draw.circle(surface, TOKEN_COLOUR, cell.center, grow, max(2, cell.w // 24))
        if shown.filled:  # a full board wears a pulsing gold frame for the rest of the feature
            glow = 200 + int(55 * abs(math.sin(now * 3)))
            pygame.draw.rect(surface, (255, glow, 90), pygame.Rect(box.frame).inflate(4, 4),
                             width=max(3, box.cell // 10), border_radius=max(4, box.cell // 6))

    def revealed_plate(self, multiplier: int, side: int) -> pygame.Surface:
        """A multiplier symbol's revealed value ("x25") on its plate for a cell of ``side``,
        made once per value and size (a cell then costs one blit a frame)."""
        key = (multiplier, side)
        found = self._revealed.get(key)
        if found is None:
            w, h = side - side // 7, side * 32 // 100
            found = pygame.Surface((w, h), pygame.SRCALPHA)
            plate = found.get_rect()
            pygame.draw.rect(found, REVEALED_PLATE, plate, border_radius=h // 3)
            pygame.draw.rect(found, GOLD, plate, width=max(1, side // 36), border_radius=h // 3)
            label = self.ctx.text.fit(f"x{multiplier}", h * 88 // 100, int(w * 0.86), REVEALED_TEXT, outline=True)
            found.blit(label, label.get_rect(center=plate.center))
            self._revealed[key] = found
        return found

    def _draw_revealed(self, surface: pygame.Surface, cell: Box, multiplier: int) -> None:
        """The value a multiplier symbol revealed, across the foot of its cell."""
        plate = self.revealed_plate(multiplier, cell.w)
        surface.blit(plate, plate.get_rect(midbottom=(cell.x + cell.w // 2, cell.y + cell.h * 95 // 100)))

    def _value_label(self, surface: pygame.Surface, cell: Box, value: Money, size: int, multiplied: bool,
                     *, counting: bool = False) -> None:
        """A cell's value over the lower part of its symbol; ``counting``: changing every frame
        (a collector counting in), drawn from cached glyphs."""
        label = self.ctx.money(value)
        colour = (255, 120, 255) if multiplied else (255, 240, 170)
        centre = (cell.x + cell.w // 2, cell.y + cell.h * 72 // 100)
        text = self.ctx.text
        if counting:
            text.counter(surface, label, text.fit_size(label, size, int(cell.w * 0.9)), colour, centre, outline=True)
            return
        img = text.fit(label, size, int(cell.w * 0.96), colour, outline=True)
        surface.blit(img, img.get_rect(center=centre))

    def collector_plate(self, board: str, position: Position) -> pygame.Rect | None:
        """Where a collector's total is written: a plate across the foot of its cell."""
        cell = self.cell_box(board, position)
        return _plate(cell) if cell is not None else None

    def _collector_total(self, surface: pygame.Surface, cell: Box, value: Money, counting: bool) -> None:
        """What a collector holds, on a dark plate across the foot of its cell (it counts up
        while values arrive: drawn from cached glyphs then)."""
        plate = _plate(cell)
        pygame.draw.rect(surface, (26, 10, 34), plate, border_radius=plate.h // 3)
        pygame.draw.rect(surface, TOKEN_COLOUR if counting else GOLD, plate, width=max(1, cell.w // 40),
                         border_radius=plate.h // 3)
        label = self.ctx.money(value)
        text = self.ctx.text
        size = text.fit_size(label, plate.h * 78 // 100, int(plate.w * 0.9))
        if counting:
            text.counter(surface, label, size, (255, 236, 150), plate.center, outline=True)
        else:
            img = text.render(label, size, (255, 236, 150), outline=True)
            surface.blit(img, img.get_rect(center=plate.center))

    def _draw_mark(self, surface: pygame.Surface, board: str, position: Position, cell: Box, multiplier: int,
                   now: float) -> None:
        """A cell multiplier's mark in the cell's top-left corner ("x2"); a fresh one grows in
        with a ring as the symbol that made it disappears."""
        fresh = self.marks.get((board, position))
        age = now - fresh.start if fresh is not None else MARK_TIME
        if fresh is not None:  # the model has it once the presenter has applied the event
            multiplier = max(multiplier, fresh.multiplier)
        if fresh is not None and age < MARK_TIME:
            ring = int(cell.w * (0.2 + 0.5 * age / MARK_TIME))
            pygame.draw.circle(surface, (200, 150, 255), cell.center, ring, max(2, cell.w // 20))
        if multiplier <= 1:
            return
        side = max(12, cell.w * 36 // 100)
        if age < MARK_TIME:
            side = max(8, int(side * (0.4 + 0.6 * age / MARK_TIME)))
        plate = pygame.Rect(cell.x + cell.w // 20, cell.y + cell.h // 20, side, side * 3 // 4)
        pygame.draw.rect(surface, MARK_COLOUR, plate, border_radius=plate.h // 3)
        pygame.draw.rect(surface, PALE_GOLD, plate, width=max(1, side // 14), border_radius=plate.h // 3)
        img = self.ctx.text.fit(f"x{multiplier}", plate.h * 80 // 100, int(plate.w * 0.9), WHITE, outline=True)
        surface.blit(img, img.get_rect(center=plate.center))

    def _orb(self, radius: int) -> pygame.Surface:
        """A glowing token of ``radius`` (drawn once per size): a soft halo round a bright core."""
        key = ("orb", radius, False)
        found = self._tiles.get(key)
        if found is None:
            found = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            centre = (radius + 1, radius + 1)
            steps = 6
            for k in range(steps):
                r = max(1, int(radius * (1 - k / steps)))
                alpha = int(40 + 215 * (k + 1) / steps)
                mix = k / (steps - 1)
                colour = tuple(int(a + (b - a) * mix) for a, b in zip(TOKEN_COLOUR, (255, 250, 210), strict=True))
                pygame.draw.circle(found, (*colour, alpha), centre, r)
            self._tiles[key] = found
        return found

    def _wisp(self, radius: int) -> pygame.Surface:
        """A puff of mist of ``radius`` in the theme's ghost colours, trailing a flying ghost."""
        key = ("wisp", radius, False)
        found = self._tiles.get(key)
        if found is None:
            colours = ghost_colours(self._theme_data())
            found = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            for k in range(5):
                r = max(1, int(radius * (1 - k / 5)))
                colour = colours.glow if k < 3 else colours.body
                pygame.draw.circle(found, (*colour, 30 + 30 * k), (radius + 1, radius + 1), r)
            self._tiles[key] = found
        return found

    def _token_radius(self) -> int:
        geometry = self.geometry()
        return max(5, (geometry[0].cell if geometry else self.ctx.layout.cell) // 6)

    def _draw_tokens(self, surface: pygame.Surface, now: float) -> None:
        """Every value in flight to its collector: its trail, its glowing token, its amount.

        The amount never covers a collector's total: it rides over the token, or under it
        where a plate is in the way, and is not written at all while both would cover one
        (the token itself still shows where the value is)."""
        radius = self._token_radius()
        text = self.ctx.text
        size = max(10, radius * 13 // 10)
        plates = [plate for flow in self.flows for board in {flow.board}
                  for position in {*self._collectors_of(board), flow.collector}
                  if (plate := self.collector_plate(board, position)) is not None]
        cell = self.geometry()[0].cell if self.geometry() else self.ctx.layout.cell
        for flow in self.flows:
            for token in flow.tokens:
                head = token.position(now)
                if head is None:
                    continue
                ghost = self._ghost_of(token.symbol, cell)
                for k in range(TRAIL, 0, -1):
                    at = token.position(max(token.start, now - k * TRAIL_STEP))
                    if at is None:
                        continue
                    r = max(2, radius * (TRAIL + 1 - k) // (TRAIL + 1))
                    orb = self._orb(r) if ghost is None else self._wisp(r)  # a ghost trails mist
                    surface.blit(orb, orb.get_rect(center=(int(at[0]), int(at[1]))))
                centre = (int(head[0]), int(head[1]))
                if ghost is not None:  # the ghost itself carries its value, its amount on a plate under it
                    surface.blit(ghost, ghost.get_rect(center=centre))
                    if now - token.start < token.duration * 0.85:
                        tag = self._ghost_label(token.value, cell)
                        under = tag.get_rect(midtop=(centre[0], centre[1] + ghost.get_height() * 22 // 100))
                        over = tag.get_rect(midbottom=(centre[0], centre[1] - ghost.get_height() * 30 // 100))
                        spot = next((r for r in (under, over) if r.collidelist(plates) < 0), None)
                        if spot is not None:
                            surface.blit(tag, spot)
                    continue
                orb = self._orb(radius)
                surface.blit(orb, orb.get_rect(center=centre))
                if now - token.start < token.duration * 0.85:  # the amount goes into the total as it lands
                    label = text.render(self.ctx.money(token.value), size, TOKEN_LABEL, outline=True)
                    over = label.get_rect(midbottom=(centre[0], centre[1] - radius // 2))
                    under = label.get_rect(midtop=(centre[0], centre[1] + radius // 2))
                    spot = next((r for r in (over, under) if r.collidelist(plates) < 0), None)
                    if spot is not None:
                        surface.blit(label, spot)

    def _theme_data(self) -> Any:
        if self._theme is False:
            from cabinet.assets.themes import read_theme

            defn = getattr(self.ctx, "defn", None)
            self._theme = read_theme(defn.theme) if defn is not None else None
        return self._theme

    def _ghost_of(self, symbol: str, cell: int) -> pygame.Surface | None:
        """The ghost a value flies as when its theme draws ``symbol`` as a ghost (None: a token)."""
        if not symbol:
            return None
        theme = self._theme_data()
        if theme is None or not is_ghost(theme, symbol):
            return None
        return ghost_piece(cell * 72 // 100, ghost_colours(theme))

    def floor_size(self) -> int:
        """The smallest type on a player's screen: 11 points at 720 lines, in proportion."""
        return max(6, round(11 * self.ctx.layout.height / 720))

    def _ghost_label(self, value: Money, cell: int) -> pygame.Surface:
        """A flying ghost's amount on a dark plate no wider than its cell (the type fitted to
        it, never under the floor size), made once per amount and cell size."""
        key = (f"ghost-label:{value}", cell, False)
        found = self._tiles.get(key)
        if found is None:
            text = self.ctx.text
            label = self.ctx.money(value)
            size = max(self.floor_size(), text.fit_size(label, max(self.floor_size(), cell * 24 // 100),
                                                         cell * 80 // 100))
            img = text.render(label, size, TOKEN_LABEL, outline=True)
            pad = max(2, size // 4)
            found = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad // 2), pygame.SRCALPHA)
            box = found.get_rect()
            pygame.draw.rect(found, (*REVEALED_PLATE, 225), box, border_radius=box.h // 3)
            pygame.draw.rect(found, GOLD, box, max(1, size // 12), border_radius=box.h // 3)
            found.blit(img, img.get_rect(center=box.center))
            self._tiles[key] = found
        return found

    def _collectors_of(self, board: str) -> tuple[Position, ...]:
        shown = self.model.boards.get(board)
        return tuple(shown.collectors) if shown is not None else ()

    def _spin_strip(self, board: str, side: int, reel: int = -1) -> pygame.Surface:
        """An opaque column of the board's spinning symbols (faded, over the cell in motion),
        one cell a symbol and the first repeated at the end: a spinning cell is one blit of a
        window of it, with no per-pixel alpha (60 cells spin at once). ``reel``: a reel with
        strips of its own (the collector's centre reel shows pumpkins only)."""
        strip = self._strip_of(board, reel)
        key = (f"strip:{board}:{reel if (board, reel) in self.reel_strips else -1}", side, True)
        found = self._tiles.get(key)
        if found is None:
            found = pygame.Surface((side, side * (len(strip) + 1)))
            found.fill((58, 40, 74))
            for k, symbol in enumerate((*strip, strip[0])):
                tile = None if symbol in BLANK_SYMBOLS else self._tile(symbol, side, blurred=True)
                if tile is not None:
                    found.blit(tile, ((side - tile.get_width()) // 2, k * side))
            self._tiles[key] = found
        return found

    def _strip_of(self, board: str, reel: int) -> tuple[str, ...]:
        return self.reel_strips.get((board, reel)) or self.strips.get(board) or ("BLANK",)

    def _draw_spinning(self, surface: pygame.Surface, board: str, cell: Box, side: int, spin: CellSpin,
                       now: float, reel: int = -1) -> None:
        inset = max(2, cell.w // 16)
        inner = cell.w - 2 * inset
        found = self._columns.get((board, reel, inner))
        if found is None:  # one lookup a cell a frame: 60 cells spin at once
            found = self._columns[(board, reel, inner)] = (self._spin_strip(board, inner, reel),
                                                            len(self._strip_of(board, reel)))
        column, count = found
        reel_row = (cell.x // max(1, cell.w)) * 5 + (cell.y // max(1, cell.h)) * 3  # cells out of step
        travel = ((now - spin.start) * SPIN_SPEED + (reel_row % 11) * 0.37) % count
        # the strip scrolls down: the window moves up the column
        top = int((count - travel) * inner) % (count * inner)
        surface.blit(column, (cell.x + inset, cell.y + inset), (0, top, inner, inner))
        if spin.anticipation:  # the last empty cells glow while they spin longer
            self._draw_glow(surface, cell, now)

    @staticmethod
    def _draw_glow(surface: pygame.Surface, cell: Box, now: float) -> None:
        """Anticipation: a pulsing amber frame over a cell's edge (a darker halo just outside it)."""
        pulse = 120 + int(100 * abs(math.sin(now * 8)))
        width = max(3, cell.w // 10)
        rect = pygame.Rect(cell).inflate(2, 2)
        pygame.draw.rect(surface, (150, 70, 10), rect.inflate(6, 6), width=3, border_radius=cell.w // 5)
        pygame.draw.rect(surface, ANTICIPATION_RIM, rect, width=width, border_radius=cell.w // 6)
        pygame.draw.rect(surface, (255, pulse, 40), rect.inflate(-2, -2), width=max(1, width - 2),
                         border_radius=cell.w // 6)

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The status line over the backdrop (landscape: the deck's own place, under the boards;
        portrait: over the boards' meter band, which shows BALANCE, BET and the WIN meter)."""
        ctx = self.ctx
        layout = ctx.layout
        where = layout.status
        if layout.portrait:
            band = meter_band(layout)
            where = Box(band.x, band.y - layout.status.h, band.w, layout.status.h)
            self._draw_meters(surface, band)
        draw_status(ctx, surface, ctx.hud.status, where)

    def _draw_meters(self, surface: pygame.Surface, band: Box) -> None:
        ctx = self.ctx
        text = ctx.text
        session = ctx.session
        values = (("BALANCE", ctx.money(session.credits)), ("TOTAL BET", ctx.money(session.bet.total)),
                  ("WIN", ctx.money(ctx.hud.win) if ctx.hud.win else ""))
        gap = band.w // 60
        w = (band.w - 2 * gap) // 3
        for i, (caption, value) in enumerate(values):
            box = pygame.Rect(band.x + i * (w + gap), band.y, w, band.h)
            pygame.draw.rect(surface, (24, 12, 44), box, border_radius=band.h // 5)
            pygame.draw.rect(surface, GOLD, box, width=max(2, band.h // 30), border_radius=band.h // 5)
            cap = text.fit(caption, max(8, band.h * 28 // 100), int(w * 0.9), GOLD)
            surface.blit(cap, cap.get_rect(midtop=(box.centerx, box.y + band.h // 10)))
            if value:
                img = text.fit(value, max(9, band.h * 42 // 100), int(w * 0.9), PALE_GOLD, outline=True)
                surface.blit(img, img.get_rect(midbottom=(box.centerx, box.bottom - band.h // 10)))

    def _draw_counter(self, surface: pygame.Surface) -> None:
        """RESPINS n and the feature's WIN so far, on the feature's side panels (``counter_boxes``)."""
        ctx = self.ctx
        counter, win = self.counter_boxes()
        self._badge(surface, counter, self.word("respins_badge", "RESPINS"), str(max(0, self.model.respins)),
                    glowing=self.counter_pulse > 0 and int(self.counter_pulse / 0.15) % 2 == 0,
                    grew=self.counter_pulse > 0)
        won = sum(self.shown_value(b.name, p, c.value) for b in self.model.boards.values() for p, c in b.held.items())
        won += sum(b.fill_award for b in self.model.boards.values() if b.filled)
        self._badge(surface, win, self.word("win_badge", "FEATURE WIN"), ctx.money(won))  # held prizes and Bonus Prizes

    def counter_boxes(self) -> tuple[Box, Box]:
        """Where RESPINS and FEATURE WIN go: the side panels beside the boards (landscape), the
        free-spins badges' places (portrait)."""
        layout = self.ctx.layout
        return side_panels(layout) or (layout.counter_badge, layout.multiplier_badge)

    def _badge(self, surface: pygame.Surface, box: Box, caption: str, value: str, *, glowing: bool = False,
               grew: bool = False) -> None:
        text = self.ctx.text
        rect = pygame.Rect(box)
        if glowing:
            pygame.draw.rect(surface, PALE_GOLD, rect.inflate(10, 10), border_radius=box.h // 3 + 5)
        pygame.draw.rect(surface, (24, 12, 44), rect, border_radius=box.h // 3)
        pygame.draw.rect(surface, GOLD, rect, width=max(2, box.h // 16), border_radius=box.h // 3)
        if self.ctx.layout.portrait:  # a short badge: caption and value on one line
            img = text.fit(f"{caption} {value}", max(9, box.h * 62 // 100), int(box.w * 0.92), PALE_GOLD, outline=True)
            surface.blit(img, img.get_rect(center=rect.center))
            return
        line = min(box.h, box.w * 2 // 5)  # a tall side panel writes as large as a badge its width would
        cap = text.fit(caption, max(8, line // 4), int(box.w * 0.9), GOLD)
        surface.blit(cap, cap.get_rect(midtop=(rect.centerx, box.y + box.h // 12)))
        size = max(9, line // 2 + (line // 8 if grew else 0))
        img = text.fit(value, size, int(box.w * 0.9), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midbottom=(rect.centerx, box.y + box.h - box.h // 12)))

    def _draw_flight(self, surface: pygame.Surface, flight: Flight, now: float) -> None:
        at = flight.position(now)
        if at is None:
            return
        side = max(16, self.ctx.layout.cell * 6 // 10)
        if flight.symbol:  # a basket leaves its base-reel cell at the reels' size and lands at a cell's
            geometry = self.geometry()
            small = geometry[0].cell if geometry else side
            t = min(1.0, max(0.0, (now - flight.start) / flight.duration))
            size = max(8, int(self.ctx.layout.cell + (small - self.ctx.layout.cell) * t))
            size -= size % 4  # a few sizes, each scaled once
            tile = self._tile(flight.symbol, size)
            if tile is not None:
                surface.blit(tile, tile.get_rect(center=at))
            return
        img = self.ctx.text.render(flight.label, max(12, side * 6 // 10), (255, 120, 255), outline=True)
        surface.blit(img, img.get_rect(center=at))

    def celebrate_time(self, celebration: Celebration) -> float:
        return TAKEOVER_TIME if celebration.board == self.top_board() else CELEBRATE_TIME

    def _draw_takeover(self, surface: pygame.Surface, celebration: Celebration, now: float) -> None:
        """The top prize over the whole screen: the game dims, the theme's light burst turns,
        its pieces fly, the prize's name in the theme's display face and the amount on the kit's
        plate (``presentation/celebration.py``)."""
        ctx = self.ctx
        layout = ctx.layout
        t = now - celebration.start
        if self._dim_all is None or self._dim_all.get_size() != layout.size:
            self._dim_all = pygame.Surface(layout.size, pygame.SRCALPHA)
            self._dim_all.fill((6, 2, 12, 170))
        surface.blit(self._dim_all, (0, 0))
        centre = (layout.width // 2, layout.height * 2 // 5)
        shower_art = ctx.art.shower
        draw_burst(surface, shower_art, centre, t)
        self.takeover.draw(surface, shower_art)
        grow = min(1.0, 0.4 + t * 3.0)  # the name zooms in
        size = max(12, int(layout.fonts.banner * 1.6 * grow))
        colour = BOARD_COLOURS.get(celebration.board, GOLD)
        name = ctx.text.fit(celebration.board, size, int(layout.width * 0.8), colour, outline=True, face="display")
        surface.blit(name, name.get_rect(center=centre))
        full = ctx.text.font(max(12, int(layout.fonts.banner * 1.6)), "display").get_height()  # the name grown
        draw_counter_plate(ctx, surface, shower_art, ctx.money(celebration.amount),
                           round(layout.fonts.banner * punch_scale(t)),
                           (layout.width // 2, centre[1] + full // 2 + layout.fonts.banner),
                           (255, 240, 170))

    def _draw_celebration(self, surface: pygame.Surface, geometry: tuple[BoardBox, ...], celebration: Celebration,
                          now: float) -> None:
        if celebration.board == self.top_board():
            self._draw_takeover(surface, celebration, now)
            return
        names = self.model.names()
        if celebration.board not in names:
            return
        box = geometry[names.index(celebration.board)]
        t = now - celebration.start
        scale = min(1.0, 0.5 + t * 2.5)
        frame = pygame.Rect(box.frame)
        w, h = int(frame.w * 0.9 * scale), int(frame.h * 0.55 * scale)
        banner = pygame.Rect(0, 0, w, h)
        banner.center = frame.center
        colour = BOARD_COLOURS.get(celebration.board, GOLD)
        pygame.draw.rect(surface, (30, 12, 40), banner, border_radius=max(4, h // 5))
        pygame.draw.rect(surface, colour, banner, width=max(3, h // 14), border_radius=max(4, h // 5))
        text = self.ctx.text
        top = text.fit(self.word("bonus_prize", "{board} BONUS PRIZE", board=celebration.board), max(9, h // 4), int(w * 0.9), WHITE, outline=True)
        surface.blit(top, top.get_rect(center=(banner.centerx, banner.y + h * 30 // 100)))
        big = text.fit(self.ctx.money(celebration.amount), max(10, h * 42 // 100), int(w * 0.9), (255, 232, 120),
                       outline=True)
        surface.blit(big, big.get_rect(center=(banner.centerx, banner.y + h * 68 // 100)))
        for k in range(10):  # sparks around the banner
            angle = k * math.pi / 5 + t * 3
            r = max(w, h) * (0.5 + 0.1 * math.sin(t * 7 + k))
            point = (int(banner.centerx + math.cos(angle) * r * 0.6), int(banner.centery + math.sin(angle) * r * 0.4))
            pygame.draw.circle(surface, (255, 230, 120), point, max(2, h // 30))

    def _draw_outro(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        box = pygame.Rect(layout.banner)
        pygame.draw.rect(surface, (24, 12, 44), box, border_radius=box.h // 6)
        pygame.draw.rect(surface, GOLD, box, width=max(3, box.h // 30), border_radius=box.h // 6)
        text = ctx.text
        title = text.fit(self.word("outro_title", "{title} COMPLETE", title=self.title), layout.fonts.title, int(box.w * 0.9), PALE_GOLD, outline=True)
        surface.blit(title, title.get_rect(center=(box.centerx, box.y + box.h * 28 // 100)))
        big = text.fit(ctx.money(self.model.total), layout.fonts.banner, int(box.w * 0.9), (255, 232, 120),
                       outline=True)
        surface.blit(big, big.get_rect(center=(box.centerx, box.y + box.h * 62 // 100)))
        filled = [b.name for b in self.model.boards.values() if b.filled]
        small = self.word("outro_prizes", "BONUS PRIZES: {boards}", boards=", ".join(filled)) if filled else \
            self.word("outro_played", "{respins} RESPINS PLAYED", respins=self.model.respins_played)
        img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), WHITE, outline=True)
        surface.blit(img, img.get_rect(center=(box.centerx, box.y + box.h * 86 // 100)))


def _shade(colour: tuple[int, int, int], dark: float) -> tuple[int, int, int]:
    return tuple(round(c * (1 - dark)) for c in colour)  # type: ignore[return-value]


def _lit(colour: tuple[int, int, int], light: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * light) for c in colour)  # type: ignore[return-value]


def bevelled_plaque(size: tuple[int, int], colour: tuple[int, int, int], metal: tuple[int, int, int]) -> pygame.Surface:
    """A board's name plate: the board's colour lit from above, a metal rim and a gloss, drawn
    at 2x and scaled down (soft edges)."""
    k = 2
    w, h = size[0] * k, size[1] * k
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = h // 3
    pygame.draw.rect(big, (*metal, 255), (0, 0, w, h), border_radius=radius)
    rim = max(2, h // 10)
    face = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    steps = 12
    for i in range(steps):  # the face, light at its top, deep at its foot
        band = pygame.Rect(face.x, face.y + face.h * i // steps, face.w, face.h // steps + 2)
        big.set_clip(band)
        tone = _lit(colour, 0.35 * (1 - i / steps)) if i < steps // 2 else _shade(colour, 0.35 * (i - steps // 2) / steps)
        pygame.draw.rect(big, (*tone, 255), face, border_radius=radius - rim)
    big.set_clip(None)
    gloss = pygame.Rect(face.x + face.h // 2, face.y + 2, face.w - face.h, face.h * 2 // 5)
    pygame.draw.rect(big, (255, 255, 255, 50), gloss, border_radius=gloss.h // 2)
    return pygame.transform.smoothscale(big, size)


def framed_cell(size: tuple[int, int], colour: tuple[int, int, int], look: Chrome) -> pygame.Surface:
    """An empty board cell: a sunken well in the board's tint with a lit lower edge and a fine
    frame (the prize lands in it)."""
    w, h = size
    inset = max(2, w // 16)
    out = pygame.Surface((w - inset, h - inset), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w - inset, h - inset)
    radius = max(2, w // 8)
    pygame.draw.rect(out, (*_shade(colour, 0.55), 255), r, border_radius=radius)  # the frame
    inner = r.inflate(-max(2, w // 24) * 2, -max(2, w // 24) * 2)
    pygame.draw.rect(out, (*look.well, 255), inner, border_radius=max(2, radius - 2))
    floor = inner.inflate(-2, -2)
    glow = pygame.Rect(floor.x, floor.y + floor.h * 2 // 3, floor.w, floor.h // 3)
    pygame.draw.rect(out, (*_shade(colour, 0.7), 120), glow, border_radius=max(2, radius - 3))  # lit from below
    pygame.draw.line(out, (0, 0, 0, 140), (floor.x + radius, floor.y + 1), (floor.right - radius, floor.y + 1), 2)
    return out
