"""The tumble's overlay: the reel window while a sequence plays, and the ladder and plate.

It sits over the base game from a spin's first tumble until the next spin starts. At rest
it shows ``screen`` (the screen whose wins are being counted); ``tumble`` plays one tumble
(``motion.py``: burst, fall, drop-in) and ends on the new screen. It reads the round's
``TumbleShow`` (``screen_state.py``) for the ladder's rung, the plate's total, the values on
multiplier symbols and the cell multipliers, and never changes it. Drawing is anti-aliased:
sparks are soft discs drawn once at four times their size and scaled down, symbols scale
with ``smoothscale``, badges use ``aacircle``.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

import cabinet.presentation.mechanics.tumble.motion as motion
import cabinet.presentation.mechanics.tumble.panel as panel
from cabinet.core.events import Position
from cabinet.machine.buttons import Button, Press
from cabinet.machine.stack import Passive

from ...layout import cells_tile_columns
from ...screen_state import TumbleShow
from ...style import GOLD, PALE_GOLD

SCALE_STEPS = 24  # a bursting symbol's sizes are cached in this many steps
SPARK_COLOUR = (255, 226, 120)
CELL_BADGE = (30, 120, 60)  # a cell multiplier's badge: green ...
CELL_MARK = (90, 200, 120)  # ... and a marked cell's frame
VALUE_BADGE = (120, 8, 20)  # a multiplier symbol's value: deep red with gold figures
ANTICIPATION = (255, 220, 90)
FLY_TIME = 0.55  # multiplier values fly from their symbols to the plate


def soft_disc(radius: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A glowing disc drawn at 4x and scaled down (smooth edges at any size)."""
    big = pygame.Surface((radius * 8, radius * 8), pygame.SRCALPHA)
    c = radius * 4
    for i in range(8, 0, -1):  # a soft halo, brightest in the middle
        pygame.draw.circle(big, (*colour, min(255, 30 + (8 - i) * 28)), (c, c), c * i // 8)
    return pygame.transform.smoothscale(big, (radius * 2, radius * 2))


class TumbleView(Passive):
    modal = False
    opaque = False

    def __init__(self, ctx: Any, screen: list[list[str]], show: TumbleShow, ladder: tuple[int, ...]) -> None:
        self.ctx = ctx
        self.clock = 0.0
        self.finished = False
        self.screen = [list(column) for column in screen]
        self.show = show
        self.ladder = ladder
        # what the screen shows, each taken from the state when its moment comes (the state is a
        # step ahead: it holds the next screen's while this one's wins still count)
        self.rung = -1  # the ladder's lit rung: lit as its tumble lands
        self.values: dict[Position, int] = {}  # multiplier symbols' values by cell
        self.next_values: dict[Position, int] = {}  # where they are when the tumble in progress lands
        self.cells: dict[Position, int] = {}  # cell multipliers (1: marked)
        self.factor = 0  # the sequence's multiplier, on the plate once the values reach it (0: none)
        self.hurry = False  # SPIN pressed: the rest of the sequence plays hurried
        self.plan: motion.TumblePlan | None = None
        self.times = motion.timings(hurry=False)
        self.started = 0.0  # when the current tumble began
        self.next_screen: list[list[str]] | None = None
        self.anticipation: tuple[Position, ...] = ()  # trigger symbols glowing: one more starts the feature
        self.flying: tuple[tuple[Position, int], ...] = ()  # multiplier values on their way to the plate
        self.fly_started = 0.0
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._spark: pygame.Surface | None = None
        self._sparks: dict[int, pygame.Surface] = {}

    # -- the scene protocol -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if press.button in (Button.SPIN, Button.CONFIRM):
            self.hurry = True  # and the press goes on to the base game (its slam-stop)
        return False

    # -- commands (the presenters') ---------------------------------------------------------------

    def tumble(self, removed: tuple[Position, ...], screen: list[list[str]],
               values: dict[Position, int] | None = None) -> None:
        self.next_values = dict(values or {})
        self.times = motion.timings(hurry=self.hurry)
        self.next_screen = [list(column) for column in screen]
        self.plan = motion.plan(self.screen, removed, self.next_screen, self.times)
        self.started = self.clock

    def slow_down(self, factor: float) -> None:
        """The tumble just begun falls ``factor`` times slower (its burst as before)."""
        t = self.times
        self.times = motion.Timings(t.burst, t.gravity / factor ** 2, t.bounce_time * factor, t.stagger * factor)
        if self.plan is not None and self.next_screen is not None:
            removed = tuple((reel, row) for reel, row, _ in self.plan.bursts)
            self.plan = motion.plan(self.screen, removed, self.next_screen, self.times)

    @property
    def phase(self) -> str:
        """rest | burst | fall (what is on screen now)."""
        if self.plan is None:
            return "rest"
        since = self.clock - self.started
        return "burst" if since < self.times.burst else "fall"

    @property
    def tumbling(self) -> bool:
        return self.plan is not None

    def fly(self, values: tuple[tuple[Position, int], ...]) -> None:
        self.flying, self.fly_started = values, self.clock

    @property
    def fly_time(self) -> float:
        return FLY_TIME * (motion.HURRY if self.hurry else 1.0)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.plan is not None:
            since = self.clock - self.started - self.times.burst
            if since >= motion.fall_duration(self.plan, self.times):
                assert self.next_screen is not None
                self.screen, self.plan, self.next_screen = self.next_screen, None, None
                self.values = self.next_values
        if self.flying and self.clock - self.fly_started >= self.fly_time:
            self.flying = ()

    # -- drawing (reads only) ---------------------------------------------------------------------

    def _rows_y(self, reel: int) -> tuple[int, int]:
        """(y of row 0, pitch) of ``reel``."""
        cells = self.ctx.layout.cells[reel]
        pitch = cells[1].y - cells[0].y if len(cells) > 1 else self.ctx.layout.cell
        return cells[0].y, pitch

    def _symbol(self, symbol: str, scale: float = 1.0) -> pygame.Surface | None:
        picture = self.ctx.art.symbols.get(symbol)
        if picture is None or scale >= 0.999 and scale <= 1.001:
            return picture
        step = max(1, round(scale * SCALE_STEPS))
        key = (symbol, step)
        out = self._scaled.get(key)
        if out is None or out.get_width() != max(1, round(picture.get_width() * step / SCALE_STEPS)):
            side = max(1, round(picture.get_width() * step / SCALE_STEPS))
            out = self._scaled[key] = pygame.transform.smoothscale(picture, (side, side))
        return out

    def cell_centre(self, reel: int, row: float) -> tuple[int, int]:
        y0, pitch = self._rows_y(reel)
        column = self.ctx.layout.columns[reel]
        return column.x + column.w // 2, round(y0 + row * pitch + self.ctx.layout.cell / 2)

    def covers_reels(self, surface: pygame.Surface) -> bool:
        """Every cell is painted with the reels' opaque paper first (see ``draw``), so the base
        scene's strips under this view would not be seen: it need not draw them."""
        return self.ctx.art.paper is not None and cells_tile_columns(self.ctx.layout)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        window = layout.reel_window
        clip = surface.get_clip()
        surface.set_clip(window)
        if art.paper is not None:
            for column in layout.cells:
                for cell in column:
                    surface.blit(art.paper, (cell.x, cell.y))
        self._draw_cell_multipliers(surface)
        since = self.clock - self.started
        if self.plan is None:
            self._draw_rest(surface)
        elif since < self.times.burst:
            self._draw_burst(surface, since / self.times.burst if self.times.burst > 0 else 1.0)
        else:
            self._draw_fall(surface, since - self.times.burst)
        if art.shade_top is not None and art.shade_bottom is not None:
            surface.blit(art.shade_top, (window.x, window.y))
            surface.blit(art.shade_bottom, (window.x, window.bottom - art.shade_bottom.get_height()))
        surface.set_clip(clip)
        if self.anticipation:
            self._draw_anticipation(surface)
        self._draw_flying(surface)
        self._draw_panel(surface)

    def _blit_symbol(self, surface: pygame.Surface, symbol: str, centre: tuple[int, int], scale: float = 1.0,
                     alpha: int = 255) -> None:
        picture = self._symbol(symbol, scale)
        if picture is None:
            return
        if alpha < 255:
            picture = picture.copy()
            picture.set_alpha(alpha)
        surface.blit(picture, picture.get_rect(center=centre))

    def _draw_rest(self, surface: pygame.Surface) -> None:
        for reel, column in enumerate(self.screen):
            for row, symbol in enumerate(column):
                if reel < len(self.ctx.layout.cells) and row < len(self.ctx.layout.cells[reel]):
                    self._blit_symbol(surface, symbol, self.cell_centre(reel, row))
                    self._draw_value(surface, (reel, row), self.cell_centre(reel, row))

    def _draw_burst(self, surface: pygame.Surface, u: float) -> None:
        assert self.plan is not None
        going = {(reel, row) for reel, row, _ in self.plan.bursts}
        for reel, column in enumerate(self.screen):
            for row, symbol in enumerate(column):
                if (reel, row) not in going:
                    self._blit_symbol(surface, symbol, self.cell_centre(reel, row))
                    self._draw_value(surface, (reel, row), self.cell_centre(reel, row))
        scale, alpha = motion.burst_look(u)
        size = self.ctx.layout.cell
        spark = self._spark_disc(size)
        for reel, row, symbol in self.plan.bursts:
            centre = self.cell_centre(reel, row)
            if scale > 0.02:
                self._blit_symbol(surface, symbol, centre, scale, alpha)
            if u > 0.3:  # a ring opens where it popped
                w = (u - 0.3) / 0.7
                ring = max(2, round(size * (0.2 + 0.35 * w)))
                colour = (*SPARK_COLOUR, round(200 * (1 - w)))
                layer = pygame.Surface((ring * 2 + 4, ring * 2 + 4), pygame.SRCALPHA)
                pygame.draw.aacircle(layer, colour, (ring + 2, ring + 2), ring, max(1, size // 30))
                surface.blit(layer, (centre[0] - ring - 2, centre[1] - ring - 2))
            for k in range(motion.SPARKS):
                dx, dy, radius, a = motion.spark((reel, row), k, u, size)
                if a <= 0 or radius < 0.5:
                    continue
                side = max(2, round(radius * 2))
                dot = self._sparks.get(side)
                if dot is None:  # each size made once (the disc scaled down smoothly)
                    dot = self._sparks[side] = pygame.transform.smoothscale(spark, (side, side))
                dot.set_alpha(a)
                surface.blit(dot, (round(centre[0] + dx - side / 2), round(centre[1] + dy - side / 2)))

    def _spark_disc(self, size: int) -> pygame.Surface:
        radius = max(2, round(size * 0.07))
        if self._spark is None or self._spark.get_width() != radius * 2:
            self._spark, self._sparks = soft_disc(radius, SPARK_COLOUR), {}
        return self._spark

    def _draw_fall(self, surface: pygame.Surface, since: float) -> None:
        assert self.plan is not None
        for mover in self.plan.movers:
            row = motion.row_at(mover, since, self.times)
            centre = self.cell_centre(mover.reel, row)
            self._blit_symbol(surface, mover.symbol, centre)
            self._draw_value(surface, (mover.reel, mover.end), centre, self.next_values)  # its value falls with it

    def _draw_value(self, surface: pygame.Surface, cell: Position, centre: tuple[int, int],
                    values: dict[Position, int] | None = None) -> None:
        """A multiplier symbol's value on it (it stays on the cell while the screen rests)."""
        value = (self.values if values is None else values).get(cell)
        if value is None or any(c == cell for c, _ in self.flying):
            return
        self._badge(surface, f"x{value}", (centre[0], centre[1] + self.ctx.layout.cell * 3 // 10), VALUE_BADGE)

    def _badge(self, surface: pygame.Surface, label: str, centre: tuple[int, int], colour: tuple[int, int, int],
               scale: float = 1.0) -> None:
        cell = self.ctx.layout.cell
        h = max(8, round(cell * 0.3 * scale))
        figures = self.ctx.text.fit(label, h * 8 // 10, cell * 8 // 10, PALE_GOLD, outline=True)
        w = max(h * 3 // 2, figures.get_width() + h // 2)
        plate = pygame.Rect(0, 0, w, h)
        plate.center = centre
        pygame.draw.rect(surface, colour, plate, border_radius=h // 2)
        pygame.draw.rect(surface, GOLD, plate, width=max(1, h // 10), border_radius=h // 2)
        surface.blit(figures, figures.get_rect(center=plate.center))

    def _draw_cell_multipliers(self, surface: pygame.Surface) -> None:
        layout = self.ctx.layout
        for (reel, row), value in self.cells.items():
            if reel >= len(layout.cells) or row >= len(layout.cells[reel]):
                continue
            box = layout.cells[reel][row]
            inset = pygame.Rect(box.x + 2, box.y + 2, box.w - 4, box.h - 4)
            tint = pygame.Surface(inset.size, pygame.SRCALPHA)
            tint.fill((*CELL_MARK, 70 if value > 1 else 36))
            surface.blit(tint, inset.topleft)
            pygame.draw.rect(surface, CELL_MARK, inset, width=max(1, layout.cell // 40), border_radius=layout.cell // 10)

    def draw_cell_badges(self, surface: pygame.Surface) -> None:
        layout = self.ctx.layout
        for (reel, row), value in self.cells.items():
            if value > 1 and reel < len(layout.cells) and row < len(layout.cells[reel]):
                box = layout.cells[reel][row]
                self._badge(surface, f"x{value}", (box.x + box.w * 3 // 4, box.y + box.h // 6), CELL_BADGE, 0.8)

    def _draw_anticipation(self, surface: pygame.Surface) -> None:
        """Rings throb round the trigger symbols (following them as they fall), and the reels
        new symbols drop into glow as a landing reel in suspense does."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 10)
        size = self.ctx.layout.cell
        art = self.ctx.art
        centres: list[tuple[int, int]] = []
        if self.plan is None:
            centres = [self.cell_centre(reel, row) for reel, row in self.anticipation
                       if reel < len(self.screen) and row < len(self.screen[reel])]
        else:
            symbols = {self.screen[reel][row] for reel, row in self.anticipation
                       if reel < len(self.screen) and row < len(self.screen[reel])}
            since = self.clock - self.started - self.times.burst
            for mover in self.plan.movers:
                if mover.symbol in symbols and not mover.new:
                    centres.append(self.cell_centre(mover.reel, motion.row_at(mover, max(0.0, since), self.times)))
            if art.anticipation is not None and since >= 0:
                for reel in sorted({m.reel for m in self.plan.movers if m.new}):
                    column = self.ctx.layout.columns[reel]
                    surface.blit(art.anticipation, (column.x, column.y))
        for centre in centres:
            radius = round(size * (0.42 + 0.06 * pulse))
            layer = pygame.Surface((radius * 2 + 6, radius * 2 + 6), pygame.SRCALPHA)
            pygame.draw.aacircle(layer, (*ANTICIPATION, round(140 + 110 * pulse)), (radius + 3, radius + 3), radius,
                                 max(2, size // 18))
            surface.blit(layer, (centre[0] - radius - 3, centre[1] - radius - 3))

    def _draw_flying(self, surface: pygame.Surface) -> None:
        if not self.flying:
            return
        found = panel.boxes(self.ctx.layout, self.ctx.defn)
        if found is None:
            return
        u = min(1.0, (self.clock - self.fly_started) / self.fly_time) if self.fly_time > 0 else 1.0
        for i, (cell, value) in enumerate(self.flying):
            self._badge(surface, f"x{value}", self.flight_position(i, cell, found[1]), VALUE_BADGE,
                        1.0 + 0.3 * math.sin(math.pi * u))

    def flight_position(self, index: int, cell: Position, plate: Any) -> tuple[int, int]:
        """Where the ``index``-th flying value (from ``cell``) is now: on an arc from its symbol
        up and over to the plate's figures, eased in and out."""
        target = panel.plate_face(plate).center
        u = min(1.0, (self.clock - self.fly_started) / self.fly_time) if self.fly_time > 0 else 1.0
        ease = u * u * (3 - 2 * u)
        start = self.cell_centre(*cell)
        lift = -math.sin(math.pi * ease) * self.ctx.layout.cell * (0.8 + 0.2 * (index % 3))
        return (round(start[0] + (target[0] - start[0]) * ease),
                round(start[1] + (target[1] - start[1]) * ease + lift))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        if self.plan is None:
            self.draw_cell_badges(surface)
        show = self.show
        shown = self.ctx.hud.win - show.meter_from  # the plate counts up with the WIN meter
        factor = f"x{self.factor}" if self.factor else ""
        panel.draw(surface, self.ctx, self.ladder, self.rung, self.ctx.money(max(0, shown)), factor_label=factor)
