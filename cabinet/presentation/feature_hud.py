"""The HUD of a feature with progress levels (Lucky Christmas's free spins).

- **The progress meter** (``layout.progress_bar``): a point for each step of the bar
  (20) and a medallion for each level (5), each labelled with what it unlocks. In
  landscape it stands beside the reels and fills from the bottom up, the tube on the
  side nearest the reels; in portrait it runs along under the reels, left to right.
- **Flights**: each symbol that moves the bar shows in its cell, flies to the point it
  lights, and the point lights when it arrives.
- **The level banner** ("LEVEL 2: x2 MULTIPLIER, +1 FREE SPIN") zooms in over the reels.
- **Sticky wild reels**: the reel freezes over from top to bottom and shows its wild on
  every row under a frost frame for the rest of the feature.
- **Both ways**: on a line win, an arrow at the end it was paid from (a right-to-left
  win's arrow at the right, pointing in), once wins pay both ways, or for any
  right-to-left win.

The view shows the values of the feature's ``FeatureHud`` in the screen state
(``sync`` after every event); the presenters animate the steps between them
(``launch``, ``reach``, ``freeze``). What does not move is drawn once per layout size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.core.events import LineWin, Position

from .art import dim_window
from .assets import _convert, _scale
from .atmosphere import Atmosphere, style_for
from .context import Context
from .layout import Box, Layout
from .screen_state import FeatureHud
from .style import GOLD, PALE_GOLD, WHITE
from .words import words

HOLD = 0.22  # a symbol shows in its cell this long before it flies
FLIGHT = 0.5  # seconds from its cell to the bar
STAGGER = 0.14  # between one symbol's take-off and the next
FLASH = 0.35  # a point just lit flashes this long
BANNER_TIME = 1.9
BANNER_ZOOM = (0.4, 0.65, 0.9, 1.08, 1.0)  # the level banner's sizes over its first frames
BANNER_ZOOM_STEP = 0.05
FREEZE_TIME = 0.6  # a reel freezes over, top to bottom
FLIGHT_SIZES = 6  # pre-scaled sizes of a flying symbol
UNLIT = (40, 44, 70)
TUBE = (14, 12, 30)
DIM_LABEL = (150, 160, 190)


@dataclass(frozen=True)
class LevelMark:
    """One level as the meter labels it and its banner says it."""

    level: int
    points: int  # the bar's points that reach it
    title: str  # "STICKY REEL 3"
    detail: str  # "+1 SPIN"
    banner: str  # "LEVEL 1: STICKY WILD REEL 3, +1 FREE SPIN"
    unlock: str = ""  # what it turns on (the block's level ``unlock``)
    value: int = 0  # a multiplier's value
    head: str = ""  # the banner's first line (empty: LEVEL n)

    @property
    def headline(self) -> str:
        return self.head or f"LEVEL {self.level}"

    @property
    def news(self) -> str:
        """The banner's second line: what the level brings."""
        return self.banner.split(": ", 1)[1]


def level_marks(params: Any) -> tuple[LevelMark, ...]:
    """What each level of a ``progress_levels`` feature unlocks, in words."""
    marks = []
    sticky = iter(params.sticky_reels)
    for i, level in enumerate(params.levels, start=1):
        if level.unlock == "sticky_reel":
            reel = next(sticky, None)
            title = words(params, "sticky", "STICKY REEL {reel}", reel=reel) if reel is not None else \
                words(params, "sticky_any", "STICKY REEL")
            what = words(params, "sticky_banner", "STICKY WILD REEL {reel}", reel=reel) if reel is not None else \
                words(params, "sticky_any_banner", "A STICKY WILD REEL")
        elif level.unlock == "multiplier":
            title = what = words(params, "multiplier", "x{value} MULTIPLIER", value=level.value)
        elif level.unlock == "both_ways":
            title = words(params, "both_ways", "BOTH WAYS")
            what = words(params, "both_ways_banner", "WINS PAY BOTH WAYS")
        else:
            title = what = ""
        spins = level.extra_spins
        detail = f"+{spins} SPIN{'S' if spins != 1 else ''}" if spins else ""
        extra = f"+{spins} FREE SPIN{'S' if spins != 1 else ''}" if spins else ""
        label = getattr(level, "label", "")
        if label:  # the YAML's words for it
            title = what = label
        elif not title:  # it unlocks nothing: its spins are the news ("LEVEL 3: +3 FREE SPINS")
            title = detail or words(params, "level", "LEVEL {level}", level=i)
            detail = "" if spins else detail
        head = words(params, "level", "LEVEL {level}", level=i)
        news = ", ".join(part for part in (what, extra) if part) or head
        marks.append(LevelMark(i, i * params.points_per_level, title, detail, f"{head}: {news}",
                               level.unlock, level.value, head))
    return tuple(marks)


@dataclass
class Flight:
    symbol: str
    cell: Position
    point: int  # 0-based point it lights
    delay: float  # seconds after launch it takes off (after its hold in the cell)
    t: float = 0.0
    landed: bool = False


@dataclass
class MeterGeometry:
    """Where each point and medallion of the meter sits, for one layout."""

    box: Box
    vertical: bool
    points: list[pygame.Rect] = field(default_factory=list)  # index 0: the first point lit
    medallions: list[pygame.Rect] = field(default_factory=list)
    labels: list[pygame.Rect] = field(default_factory=list)  # each level's label area
    header: pygame.Rect | None = None


def meter_geometry(layout: Layout, max_points: int, levels: int, per_level: int) -> MeterGeometry:
    box = layout.progress_bar
    vertical = not layout.portrait
    geo = MeterGeometry(box, vertical)
    pad = max(3, min(box.w, box.h) // 24)
    medal_share = 1.7  # a medallion's length along the tube, in points
    slots = max_points + levels * medal_share
    if vertical:
        header_h = max(14, int(box.h * 0.09))
        geo.header = pygame.Rect(box.x + pad, box.y + pad, box.w - 2 * pad, header_h)
        top, bottom = geo.header.bottom + pad, box.bottom - pad
        unit = (bottom - top) / slots
        tube_w = max(8, min(int(unit * 2.2), int(box.w * 0.2)))
        unit = _fitted_unit(bottom - top, max_points, levels, medal_share, tube_w + pad)
        near_left = box.x > layout.reel_frame.x  # the meter is right of the reels: its tube on its left
        tube_x = box.x + pad * 2 if near_left else box.right - pad * 2 - tube_w
        y = float(bottom)
        for _level in range(levels):
            for _ in range(per_level):
                geo.points.append(pygame.Rect(tube_x + 2, int(y - unit) + 1, tube_w - 4, max(2, int(unit) - 2)))
                y -= unit
            side = max(int(unit * medal_share), tube_w + pad)  # a medallion takes its own slot
            medal = pygame.Rect(0, 0, side, side)
            medal.center = (tube_x + tube_w // 2, int(y - side / 2))
            geo.medallions.append(medal)
            if near_left:
                label = pygame.Rect(medal.right + pad, medal.centery - side, box.right - pad - medal.right - pad, side * 2)
            else:
                label = pygame.Rect(box.x + pad, medal.centery - side, medal.x - pad - box.x - pad, side * 2)
            geo.labels.append(label)
            y -= side
    else:
        label_h = max(8, int(box.h * 0.38))
        tube_h = max(6, box.h - label_h - 3 * pad)
        left, right = box.x + pad, box.right - pad
        unit = _fitted_unit(right - left, max_points, levels, medal_share, tube_h + pad)
        tube_y = box.bottom - pad - tube_h
        x = float(left)
        for _level in range(levels):
            start = x
            for _ in range(per_level):
                geo.points.append(pygame.Rect(int(x) + 1, tube_y + 2, max(2, int(unit) - 2), tube_h - 4))
                x += unit
            side = max(int(unit * medal_share), tube_h + pad)
            d = min(side, tube_h + 2 * pad, box.h - 2)  # under the labels, never past the band's edges
            medal = pygame.Rect(0, 0, d, d)
            medal.center = (int(x + side / 2), tube_y + tube_h // 2)
            medal.bottom = min(medal.bottom, box.bottom - 1)
            geo.medallions.append(medal)
            geo.labels.append(pygame.Rect(int(start), box.y + pad // 2, int(x + side - start), label_h))
            x += side
    return geo


def _fitted_unit(length: float, points: int, levels: int, share: float, medal: int) -> float:
    """A point's length along the tube: points and medallions fill ``length``; a medallion is
    ``share`` points long, or ``medal`` px when that is more (it is never narrower than the tube)."""
    unit = length / (points + levels * share)
    if unit * share < medal:
        unit = max(1.0, (length - levels * medal) / points)
    return unit


class FeatureHudView:
    """The meter, flights, level banner, sticky reels and arrows of one feature (see the module doc)."""

    def __init__(self, ctx: Context, params: Any, *, style: Atmosphere | None = None) -> None:
        self.ctx = ctx
        self.params = params
        self.name: str = params.name
        self.marks = level_marks(params)
        self.style = style or style_for(ctx.defn.theme)
        self.points = 0  # points lit on the meter
        self.level = 0
        self.sticky: tuple[int, ...] = ()
        self.multiplier = 1
        self.both_ways = False
        self.flights: list[Flight] = []
        self.flashes: dict[int, float] = {}  # point -> seconds since it lit
        self.banner: LevelMark | None = None
        self.banner_t = 0.0
        self.freezing: dict[int, float] = {}  # reel -> seconds into its freeze
        self.t = 0.0
        self.wild = next((s.id for s in ctx.defn.symbols if s.kind == "wild"), "WILD")
        sticky_block = next((f for f in ctx.defn.features if f.type == "sticky_wild_reels"), None)
        if sticky_block is not None:
            self.wild = sticky_block.symbol
        self._key: object = None
        self.geo: MeterGeometry | None = None
        self._meter: pygame.Surface | None = None
        self._point_lit: list[pygame.Surface] = []
        self._point_flash: list[pygame.Surface] = []
        self._medal_lit: list[pygame.Surface] = []
        self._label_lit: list[pygame.Surface] = []
        self._label_next: list[pygame.Surface] = []
        self._flyers: dict[str, list[pygame.Surface]] = {}
        self._frost: pygame.Surface | None = None
        self._banners: list[pygame.Surface] = []  # the banner shown now, at its zoom sizes
        self.ensure()

    # -- the state's values and the presenters' steps ----------------------------------------------

    def sync(self, hud: FeatureHud | None) -> None:
        """Show exactly what the screen state holds (after each event; at once on a restore)."""
        if hud is None:
            return
        self.points, self.level = hud.points, hud.level
        self.sticky = hud.sticky_reels
        self.multiplier = hud.multiplier
        self.both_ways = "both_ways" in hud.unlocked
        self.flights = [f for f in self.flights if not f.landed]

    def launch(self, positions: tuple[Position, ...], points_after: int, added: int, symbol: str) -> None:
        """The symbols at ``positions`` fly to the meter, each lighting the next point."""
        first = points_after - added
        top = len(self.geo.points) - 1 if self.geo is not None else 0
        self.flights = [Flight(symbol, cell, min(top, first + i), i * STAGGER) for i, cell in enumerate(positions)]

    @property
    def flying(self) -> bool:
        return any(not f.landed for f in self.flights)

    def reach(self, level: int) -> LevelMark | None:
        """Level ``level`` is reached: its medallion lights and its banner zooms in."""
        if not 1 <= level <= len(self.marks):
            return None
        mark = self.marks[level - 1]
        self.level = max(self.level, level)
        if mark.unlock == "multiplier":  # the badge shows it with the banner, before the next spin
            self.multiplier = max(self.multiplier, mark.value)
        elif mark.unlock == "both_ways":
            self.both_ways = True
        self.banner, self.banner_t = mark, 0.0
        self._banners = self._banner_frames(mark)
        return mark

    @property
    def banner_showing(self) -> bool:
        return self.banner is not None

    def skip_banner(self) -> None:
        self.banner = None

    def freeze(self, reel: int) -> None:
        """Reel ``reel`` (0-based) turns sticky wild: it freezes over, top to bottom."""
        if reel not in self.sticky:
            self.sticky = (*self.sticky, reel)
        self.freezing[reel] = 0.0

    @property
    def freezing_now(self) -> bool:
        return bool(self.freezing)

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.ensure()
        self.t += dt
        for flight in self.flights:
            if flight.landed:
                continue
            flight.t += dt
            if flight.t >= flight.delay + HOLD + FLIGHT:
                flight.landed = True
                self.points = max(self.points, flight.point + 1)
                self.flashes[flight.point] = 0.0
                self.ctx.audio.play("win_tick")
        for point in list(self.flashes):
            self.flashes[point] += dt
            if self.flashes[point] >= FLASH:
                del self.flashes[point]
        for reel in list(self.freezing):
            self.freezing[reel] += dt
            if self.freezing[reel] >= FREEZE_TIME:
                del self.freezing[reel]
        if self.banner is not None:
            self.banner_t += dt
            if self.banner_t >= BANNER_TIME:
                self.banner = None

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw_reels(self, surface: pygame.Surface) -> None:
        """Sticky reels: their wild on every row, under the frost frame."""
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        tile = art.tiles.get(self.wild)
        for reel in self.sticky:
            if reel >= len(layout.columns):
                continue
            column = layout.columns[reel]
            frozen_to = column.bottom
            if reel in self.freezing:
                frozen_to = column.y + int(column.h * min(1.0, self.freezing[reel] / FREEZE_TIME))
            if tile is not None:
                for cell in layout.cells[reel]:
                    if cell.y < frozen_to:
                        area = pygame.Rect(0, 0, cell.w, min(cell.h, frozen_to - cell.y))
                        surface.blit(tile, (cell.x, cell.y), area)
            if self._frost is not None:
                margin = (self._frost.get_width() - column.w) // 2
                if reel in self.freezing:
                    area = pygame.Rect(0, 0, self._frost.get_width(), frozen_to - column.y + margin)
                    surface.blit(self._frost, (column.x - margin, column.y - margin), area)
                else:
                    surface.blit(self._frost, (column.x - margin, column.y - margin))

    def paint_meter_panel(self, surface: pygame.Surface) -> None:
        """The meter's still parts (panel, tube, dark points, labels) onto ``surface``: the
        feature's backdrop bakes them in (``FeatureAtmosphere(underlays=...)``)."""
        self.ensure()
        if self.geo is not None and self._meter is not None:
            surface.blit(self._meter, (self.geo.box.x, self.geo.box.y))

    def draw_meter(self, surface: pygame.Surface, *, panel: bool = False) -> None:
        """The lit points, medallions and labels, and the count (``panel``: the still parts
        too, when no backdrop has them)."""
        geo = self.geo
        if geo is None or self._meter is None:
            return
        if panel:
            surface.blit(self._meter, (geo.box.x, geo.box.y))
        for i in range(min(self.points, len(geo.points))):
            rect = geo.points[i]
            sprite = self._point_flash[i] if i in self.flashes else self._point_lit[i]
            surface.blit(sprite, sprite.get_rect(center=rect.center))
        for k, medal in enumerate(geo.medallions):
            label = geo.labels[k]
            if k < self.level:
                surface.blit(self._medal_lit[k], self._medal_lit[k].get_rect(center=medal.center))
                surface.blit(self._label_lit[k], self._label_at(self._label_lit[k], label))
            elif k == self.level:  # the next level to reach reads brighter than the ones after it
                surface.blit(self._label_next[k], self._label_at(self._label_next[k], label))
        if geo.header is not None:
            ctx = self.ctx
            count = f"{self.points} / {len(geo.points)}"
            img = ctx.text.fit(count, max(9, geo.header.h * 55 // 100), geo.header.w // 2, PALE_GOLD, outline=True)
            surface.blit(img, img.get_rect(midright=(geo.header.right, geo.header.centery)))

    def _label_at(self, img: pygame.Surface, label: pygame.Rect) -> tuple[int, int]:
        geo = self.geo
        if geo is not None and geo.vertical and geo.box.x > self.ctx.layout.reel_frame.x:
            return img.get_rect(midleft=label.midleft).topleft
        if geo is not None and geo.vertical:
            return img.get_rect(midright=label.midright).topleft
        return img.get_rect(center=label.center).topleft

    def draw_flights(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if geo is None:
            return
        layout, art = self.ctx.layout, self.ctx.art
        for flight in self.flights:
            if flight.landed or flight.t < flight.delay:
                continue
            reel, row = flight.cell
            if reel >= len(layout.cells) or row >= len(layout.cells[reel]):
                continue
            cell = layout.cells[reel][row]
            frames = self._flyers.get(flight.symbol)
            if not frames:
                continue
            u = flight.t - flight.delay
            if u < HOLD:  # in its cell first (over a sticky reel's wild too): it landed there
                tile = art.tiles.get(flight.symbol)
                if tile is not None:
                    surface.blit(tile, (cell.x, cell.y))
                if art.highlight is not None:
                    surface.blit(art.highlight, (cell.x, cell.y))
                sprite = frames[0]
                surface.blit(sprite, sprite.get_rect(center=cell.center))
                continue
            p = min(1.0, (u - HOLD) / FLIGHT)
            e = p * p * (3 - 2 * p)  # ease in and out
            target = geo.points[flight.point].center
            sx, sy = cell.center
            lift = layout.cell * 0.8
            cx, cy = (sx + target[0]) / 2, (sy + target[1]) / 2 - lift  # a hop up, then down onto the bar
            x = (1 - e) ** 2 * sx + 2 * (1 - e) * e * cx + e ** 2 * target[0]
            y = (1 - e) ** 2 * sy + 2 * (1 - e) * e * cy + e ** 2 * target[1]
            sprite = frames[min(len(frames) - 1, int(e * len(frames)))]
            if art.sparkle is not None:
                for back in (0.08, 0.16):
                    b = max(0.0, e - back)
                    bx = (1 - b) ** 2 * sx + 2 * (1 - b) * b * cx + b ** 2 * target[0]
                    by = (1 - b) ** 2 * sy + 2 * (1 - b) * b * cy + b ** 2 * target[1]
                    surface.blit(art.sparkle, art.sparkle.get_rect(center=(int(bx), int(by))))
            surface.blit(sprite, sprite.get_rect(center=(int(x), int(y))))

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None or not self._banners:
            return
        window = self.ctx.layout.reel_window
        art = self.ctx.art
        dim_window(surface, art, window)
        i = min(len(self._banners) - 1, int(self.banner_t / BANNER_ZOOM_STEP))
        img = self._banners[i]
        surface.blit(img, img.get_rect(center=window.center))

    def draw_arrows(self, surface: pygame.Surface, wins: list[Any]) -> None:
        """An arrow at the end each line win was paid from, pointing along its line (once wins
        pay both ways, or for any right-to-left win); one arrow per end and row."""
        layout = self.ctx.layout
        from .art import PAYLINE_COLOURS

        drawn: set[tuple[bool, int]] = set()
        for win in wins:
            if not isinstance(win, LineWin) or not (self.both_ways or win.direction == "rtl"):
                continue
            pattern = self.ctx.defn.lines[win.line]
            rtl = win.direction == "rtl"
            reel = min(len(pattern), len(layout.cells)) - 1 if rtl else 0
            if reel < 0 or (rtl, pattern[reel]) in drawn:
                continue
            drawn.add((rtl, pattern[reel]))
            y = layout.cells[reel][pattern[reel]].center[1]
            frame, window = layout.reel_frame, layout.reel_window
            size = max(10, layout.cell // 5)
            tip = window.right + 1 if rtl else window.x - 1
            back = max(tip + size, frame.right + size // 3) if rtl else min(tip - size, frame.x - size // 3)
            half = size * 2 // 3
            pygame.draw.polygon(surface, (20, 10, 0), [(tip, y), (back, y - half), (back, y + half)])
            d = 1 if rtl else -1
            colour = PAYLINE_COLOURS[win.line % len(PAYLINE_COLOURS)]
            pygame.draw.polygon(surface, colour, [(tip + 3 * d, y), (back - 2 * d, y - half + 3),
                                                  (back - 2 * d, y + half - 3)])

    # -- building (once per layout size) ----------------------------------------------------------

    def ensure(self) -> None:
        layout = self.ctx.layout
        key = (layout.size, layout.left_hand, id(self.ctx.art))
        if key == self._key:
            return
        self._key = key
        params = self.params
        self.geo = geo = meter_geometry(layout, params.max_points, len(params.levels), params.points_per_level)
        self._meter = _convert(self._draw_meter(geo))
        self._point_lit = [_convert(self._point(rect, False, i)) for i, rect in enumerate(geo.points)]
        self._point_flash = [_convert(self._point(rect, True, i)) for i, rect in enumerate(geo.points)]
        self._medal_lit = [_convert(self._medallion(medal, k + 1, lit=True)) for k, medal in enumerate(geo.medallions)]
        self._label_lit = [_convert(self._label(self.marks[k], geo.labels[k], GOLD, WHITE))
                           for k in range(len(self.marks))]
        self._label_next = [_convert(self._label(self.marks[k], geo.labels[k], WHITE, (220, 226, 240)))
                            for k in range(len(self.marks))]
        self._flyers = self._flight_frames()
        self._frost = _convert(self._frost_frame(layout))
        if self.banner is not None:
            self._banners = self._banner_frames(self.banner)

    def _draw_meter(self, geo: MeterGeometry) -> pygame.Surface:
        box, style, text = geo.box, self.style, self.ctx.text
        surface = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        radius = max(6, min(box.w, box.h) // 10)
        pygame.draw.rect(surface, (6, 6, 20, 200), (0, 0, box.w, box.h), border_radius=radius)
        pygame.draw.rect(surface, (*style.rim, 255), (0, 0, box.w, box.h), width=max(2, min(box.w, box.h) // 90 + 1),
                         border_radius=radius)
        ox, oy = box.x, box.y
        if geo.points:
            first, last = geo.points[0], geo.points[-1]
            tube = first.union(last).inflate(6, 6).move(-ox, -oy)
            pygame.draw.rect(surface, TUBE, tube, border_radius=min(tube.w, tube.h) // 2)
            pygame.draw.rect(surface, (*style.rim, 255), tube, width=max(1, min(tube.w, tube.h) // 12),
                             border_radius=min(tube.w, tube.h) // 2)
        for rect in geo.points:
            pygame.draw.rect(surface, UNLIT, rect.move(-ox, -oy), border_radius=max(1, min(rect.w, rect.h) // 3))
        for k, medal in enumerate(geo.medallions):
            img = self._medallion(medal, k + 1, lit=False)
            surface.blit(img, img.get_rect(center=(medal.centerx - ox, medal.centery - oy)))
            label = self._label(self.marks[k], geo.labels[k], DIM_LABEL, (120, 128, 156))
            at = self._label_at(label, geo.labels[k])
            surface.blit(label, (at[0] - ox, at[1] - oy))
        if geo.header is not None:
            title = text.fit(words(self.params, "meter", "BONUS METER"), max(9, geo.header.h * 55 // 100), geo.header.w * 58 // 100, GOLD,
                             outline=True)
            surface.blit(title, title.get_rect(midleft=(geo.header.x - ox, geo.header.centery - oy)))
        return surface

    def _point(self, rect: pygame.Rect, flash: bool, index: int) -> pygame.Surface:
        pad = max(2, min(rect.w, rect.h) // 3)
        surface = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, rect.w, rect.h)
        glow = (255, 250, 220) if flash else self.style.rim
        for i in range(pad, 0, -1):
            pygame.draw.rect(surface, (*glow, int((140 if flash else 70) * (1 - i / (pad + 1)))),
                             inner.inflate(2 * i, 2 * i), border_radius=max(1, min(rect.w, rect.h) // 2))
        # each level's four points a shade warmer than the last: the bar heats up as it fills
        heat = pygame.Color(255, 214, 90).lerp((255, 90, 50), index / max(1, len(self.geo.points) - 1)) \
            if self.geo is not None else pygame.Color(255, 214, 90)
        pygame.draw.rect(surface, (255, 255, 240) if flash else heat, inner,
                         border_radius=max(1, min(rect.w, rect.h) // 3))
        shine = pygame.Rect(inner.x + 1, inner.y + 1, max(1, inner.w - 2), max(1, inner.h // 3))
        pygame.draw.rect(surface, (255, 250, 230), shine, border_radius=max(1, min(rect.w, rect.h) // 4))
        return surface

    def _medallion(self, medal: pygame.Rect, level: int, lit: bool) -> pygame.Surface:
        d = medal.w
        pad = max(2, d // 10) if lit else 0  # a glow that stops short of the points beside it
        surface = pygame.Surface((d + 2 * pad, d + 2 * pad), pygame.SRCALPHA)
        c = d // 2 + pad
        if lit:
            for i in range(pad, 0, -1):
                pygame.draw.circle(surface, (*self.style.rim, int(110 * (1 - i / (pad + 1)))), (c, c), d // 2 + i)
        pygame.draw.circle(surface, (*self.style.rim, 255) if lit else (90, 84, 70, 255), (c, c), d // 2)
        pygame.draw.circle(surface, (150, 20, 24) if lit else (26, 24, 44), (c, c), d // 2 - max(2, d // 9))
        img = self.ctx.text.fit(str(level), max(8, d * 55 // 100), d * 7 // 10, WHITE if lit else (130, 130, 150),
                                outline=lit)
        surface.blit(img, img.get_rect(center=(c, c + 1)))
        return surface

    def _label(self, mark: LevelMark, area: pygame.Rect, colour: tuple[int, int, int],
               second: tuple[int, int, int]) -> pygame.Surface:
        """A level's label: what it unlocks, and its extra spins under it (or beside it)."""
        text = self.ctx.text
        vertical = self.geo.vertical if self.geo is not None else True
        if vertical:
            size = max(8, min(area.h * 34 // 100, self.ctx.layout.fonts.body))
            top = text.fit(mark.title, size, area.w, colour, outline=True)
            bottom = text.fit(mark.detail, max(8, size * 8 // 10), area.w, second, outline=True) if mark.detail \
                else None
            h = top.get_height() + (bottom.get_height() if bottom is not None else 0)
            w = max(top.get_width(), bottom.get_width() if bottom is not None else 0)
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            right = self.geo is not None and self.geo.box.x < self.ctx.layout.reel_frame.x
            surface.blit(top, top.get_rect(topright=(w, 0)) if right else (0, 0))
            if bottom is not None:
                surface.blit(bottom, bottom.get_rect(topright=(w, top.get_height())) if right
                             else (0, top.get_height()))
            return surface
        words = f"{mark.title} {mark.detail}".strip()
        return text.fit(words, max(8, area.h * 80 // 100), area.w - 4, colour, outline=True)

    def _flight_frames(self) -> dict[str, list[pygame.Surface]]:
        """The symbol that moves the bar, from its cell's size down to a point's."""
        art = self.ctx.art
        symbol = self.params.symbol
        src = art.symbols.get(symbol)
        if src is None or self.geo is None or not self.geo.points:
            return {}
        end = max(self.geo.points[0].w, self.geo.points[0].h) * 2.2
        start = src.get_width()
        frames = []
        for k in range(FLIGHT_SIZES):
            side = max(4, int(start + (end - start) * k / (FLIGHT_SIZES - 1)))
            frames.append(_convert(_scale(src, (side, side))))
        return {symbol: frames}

    def _frost_frame(self, layout: Layout) -> pygame.Surface:
        """A sticky reel's frame: frosted edges, a snow cap or a bright rim, a STICKY plate."""
        column = layout.columns[0]
        style = self.style
        margin = max(4, layout.cell // 14)
        w, h = column.w + 2 * margin, column.h + 2 * margin
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        surface.fill((*style.frost, 34), (margin, margin, column.w, column.h))  # the reel under ice
        depth = max(6, layout.cell // 5)
        for i in range(depth):  # frost creeping in from the edges
            alpha = int(200 * (1 - i / depth) ** 1.6)
            pygame.draw.rect(surface, (*style.frost, alpha), (margin + i, margin + i, column.w - 2 * i, column.h - 2 * i),
                             width=1, border_radius=max(2, layout.cell // 12))
        rim = max(3, layout.cell // 26)
        pygame.draw.rect(surface, (*_lighter(style.frost), 255), (margin - rim, margin - rim, column.w + 2 * rim,
                                                                  column.h + 2 * rim),
                         width=rim, border_radius=max(3, layout.cell // 10))
        pygame.draw.rect(surface, (255, 255, 255, 230), (margin - rim, margin - rim, column.w + 2 * rim,
                                                         column.h + 2 * rim), width=1,
                         border_radius=max(3, layout.cell // 10))
        if len(style.frost_cap) >= 2:  # a snow cap with icicles on the frame's top (the theme's frost_cap)
            snow, icicles = style.frost_cap[0], style.frost_cap[1]
            r = max(3, layout.cell // 14)
            x = margin
            k = 0
            while x < w - margin:
                rr = r + (k * 7 % 5) * r // 6
                pygame.draw.circle(surface, snow, (x, margin - rim // 2), rr)
                length = r * (1.2 + (k * 5 % 4) * 0.4)
                pygame.draw.polygon(surface, (*icicles, 235), [(x - r * 0.35, margin + rr * 0.5),
                                                                    (x + r * 0.35, margin + rr * 0.5),
                                                                    (x, margin + rr * 0.5 + length)])
                x += int(rr * 1.3)
                k += 1
        for cx, cy in ((margin, margin), (w - margin, margin), (margin, h - margin), (w - margin, h - margin)):
            _snowflake(surface, (cx, cy), max(4, layout.cell // 9), (255, 255, 255))
        plate_h = max(10, layout.cell // 6)
        label = self.ctx.text.fit(words(self.params, "sticky_tag", "STICKY"), max(8, plate_h * 70 // 100), column.w * 6 // 10, (20, 30, 60))
        plate = pygame.Rect(0, 0, label.get_width() + plate_h, plate_h)
        plate.midbottom = (w // 2, h - max(1, margin // 3))
        pygame.draw.rect(surface, (*_lighter(style.frost), 255), plate, border_radius=plate_h // 2)
        pygame.draw.rect(surface, (255, 255, 255, 255), plate, width=1, border_radius=plate_h // 2)
        surface.blit(label, label.get_rect(center=plate.center))
        return surface

    def _banner_frames(self, mark: LevelMark) -> list[pygame.Surface]:
        """The level's banner, built when it is reached, at each of its zoom-in sizes."""
        layout, text, style = self.ctx.layout, self.ctx.text, self.style
        window = layout.reel_window
        w, h = int(window.w * 0.86), int(window.h * 0.46)
        full = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(6, h // 5)
        pygame.draw.rect(full, (0, 0, 0, 120), (4, 6, w - 4, h - 6), border_radius=radius)
        pygame.draw.rect(full, style.rim, (0, 0, w - 4, h - 6), border_radius=radius)
        face = pygame.Rect(0, 0, w - 4, h - 6).inflate(-max(4, h // 14), -max(4, h // 14))
        steps = 16
        for i in range(steps):
            full.set_clip(pygame.Rect(face.x, face.y + face.h * i // steps, face.w, face.h // steps + 2))
            pygame.draw.rect(full, pygame.Color(*style.card[0]).lerp(style.card[1], i / steps), face,
                             border_radius=radius - 2)
        full.set_clip(None)
        pygame.draw.rect(full, (255, 250, 220), face.inflate(-max(4, h // 20), -max(4, h // 20)), width=1,
                         border_radius=radius - 4)
        head = text.fit(mark.headline, int(h * 0.36), int(face.w * 0.8), style.title, outline=True)
        full.blit(head, head.get_rect(center=(face.centerx, face.y + face.h * 36 // 100)))
        news = text.fit(mark.news, int(h * 0.2), int(face.w * 0.9), WHITE, outline=True)
        full.blit(news, news.get_rect(center=(face.centerx, face.y + face.h * 74 // 100)))
        for side in (-1, 1):  # a star each side of the headline
            cx = face.centerx + side * (head.get_width() // 2 + h // 6)
            _snowflake(full, (cx, face.y + face.h * 36 // 100), max(4, h // 9), style.rim) if style.trim == "snow" \
                else _sparkle(full, (cx, face.y + face.h * 36 // 100), max(4, h // 9), style.rim)
        full = _convert(full)
        return [_scale(full, (max(1, int(w * z)), max(1, int(h * z)))) if z != 1.0 else full for z in BANNER_ZOOM]


def _lighter(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return (min(255, colour[0] + 50), min(255, colour[1] + 50), min(255, colour[2] + 50))


def _snowflake(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    cx, cy = centre
    width = max(1, r // 5)
    for k in range(3):
        a = k * math.pi / 3
        dx, dy = math.cos(a) * r, math.sin(a) * r
        pygame.draw.line(surface, colour, (cx - dx, cy - dy), (cx + dx, cy + dy), width)
    pygame.draw.circle(surface, colour, centre, max(1, r // 4))


def _sparkle(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    cx, cy = centre
    b = max(1, r // 4)
    pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + b, cy - b), (cx + r, cy), (cx + b, cy + b), (cx, cy + r),
                                          (cx - b, cy + b), (cx - r, cy), (cx - b, cy - b)])
