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

The parts beside this module: ``board_layout.py`` (``boards`` and the other rectangles),
``timing.py`` (the timings and colours, the things in motion), ``board_drawing.py`` and
``overlays.py`` (the scene's drawing, as methods ``BoardScene`` inherits). This module keeps
the scene's state, what the presenters call, and the static layer with its plaques.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.core.events import Position
from cabinet.core.money import Money

from ...celebration import Shower
from ...chrome import Chrome, chrome
from ...context import Context
from ...hud import GOLD, WHITE
from ...layout import Box
from ...words import words
from .board_drawing import BoardDrawing
from .board_layout import BoardBox, boards, cover_height
from .model import BoardsModel
from .overlays import BoardOverlays
from .timing import (
    ANTICIPATION_CELLS,
    ANTICIPATION_TIME,
    BOARD_COLOURS,
    COUNTER_PULSE,
    FLY_TIME,
    LAND_STAGGER,
    MARK_TIME,
    OUTRO_TIME,
    SPIN_TIME,
    TOKEN_STAGGER,
    TOKEN_TIME,
    Celebration,
    CellSpin,
    CollectFlow,
    Flight,
    Mark,
    Token,
)

# --- the scene -----------------------------------------------------------------------------------


@dataclass
class BoardScene(BoardDrawing, BoardOverlays):
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
        self._dim_all_key: tuple[object, ...] | None = None
        self._dim_all_area = pygame.Rect(0, 0, 0, 0)  # the part of it that dims anything

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

    # -- the static layer: frames, plaques and cell wells, drawn once per layout ------------------

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
