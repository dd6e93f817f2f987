"""The reels: spin, stop in turn, bounce, and always land on the core's stops.

A reel's position ``pos`` is the strip index shown in its top row (a float while it
moves; symbols travel downwards, so ``pos`` decreases). A reel lands by easing onto the
event's stop with a small overshoot (the settle bounce); at the end ``pos`` is set
to the stop exactly. The timeline per reel:

    windup (a short lift) -> spin (full speed, blurred) -> land (ease out with bounce) -> stopped

``land`` starts on a schedule: left to right with a stagger, later and slower on
anticipation reels (a feature can still trigger), or at once on a slam-stop. An
anticipation reel builds its suspense (slower, glowing, its own sound) only once every
reel to its left has landed: before that the player cannot see that the feature is one
reel away, and the screen must not tell them early.

Heights: a Megaways spin draws how many symbols each reel shows (``shape``). A reel takes
its new height when it starts to land, so the blur keeps the last spin's spacing and the
reel settles at the new one; its slots spread over the column (``layout.reel_pitch``),
each symbol at the layout's cell size on the reel's paper, or smaller when the column holds
more symbols than the frame was sized for (``layout.symbol_side``). A reel with no height of its
own shows ``layout.rows``, drawn exactly as before heights existed.

Stamps: a value a spin's draw revealed on a symbol (a multiplier wild's "x20") is
stamped on its cells once the draw is shown (``stamp``) and stays until the next spin
starts. A stamped cell is drawn from the symbol's art with a badge, made once per layout
and value (``stamped_art``) under its own key in the art's tiles, symbols and win glows,
so the win presentation lights the stamped symbol too (``stamped_screen``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cabinet.core.events import Position

from .art import Art
from .layout import Layout, column_cells, own_cells, reel_pitch, symbol_side, top_band
from .scaled import shrunk
from .text import Text
from .top_reel import TopReelView

SPEED = 18.0  # symbols per second at full speed
ANTICIPATION_SPEED = 11.0
WINDUP_TIME = 0.14
WINDUP_LIFT = 0.22  # symbols the reel lifts before it falls
ACCEL_TIME = 0.16
MIN_SPIN = 0.42  # seconds before the first reel may stop
STAGGER = 0.17  # between consecutive reels
ANTICIPATION_EXTRA = 1.4  # each anticipating reel spins this much longer (the suspense)
LAND_DISTANCE = 2.6  # symbols travelled while landing
SLAM_DISTANCE = 1.1
SLAM_TIME = 0.26  # a slam lands every reel in this long
OVERSHOOT = 1.0  # ease-out-back constant: ~0.11 of the landing distance past the stop, then back
BLUR_SPEED = 6.0  # above this speed the blurred tiles are drawn
STAMP_PLATE = (120, 8, 20)  # the badge a revealed value is stamped on: deep red ...
STAMP_RIM = (255, 214, 90)  # ... with a gold rim ...
STAMP_TEXT = (255, 246, 190)  # ... and pale gold figures


def stamp_key(symbol: str, label: str) -> str:
    """The art key of ``symbol`` stamped with ``label`` ("MWILD:x20"; ids never hold a colon)."""
    return f"{symbol}:{label}"


def stamp_badge(surface: pygame.Surface, label: str, text: Text, content: pygame.Rect | None = None) -> None:
    """``label`` on a badge across the lower part of ``surface`` (a symbol's picture), in
    proportion to the symbol's own extent ``content`` (default: the whole surface)."""
    box = content or surface.get_rect()
    w, h = max(8, box.w * 56 // 100), max(6, box.h * 27 // 100)
    plate = pygame.Rect(0, 0, w, h)
    plate.center = (box.centerx, box.y + box.h * 81 // 100)
    radius = max(2, h // 3)
    pygame.draw.rect(surface, STAMP_PLATE, plate, border_radius=radius)
    pygame.draw.rect(surface, STAMP_RIM, plate, width=max(1, h // 9), border_radius=radius)
    figures = text.fit(label, max(6, h * 82 // 100), max(4, w * 88 // 100), STAMP_TEXT, outline=True)
    surface.blit(figures, figures.get_rect(center=plate.center))


def stamped_art(art: Art, text: Text, symbol: str, label: str) -> str:
    """The key of ``symbol`` stamped with ``label`` in ``art``'s tiles, symbols and glows,
    each made on first use for this art (a layout's art is built once, its glows perhaps
    later; a new layout's art is stamped anew)."""
    key = stamp_key(symbol, label)
    if key in art.tiles and (key in art.glows or symbol not in art.glows):
        return key
    picture = art.symbols.get(symbol)
    if picture is not None and key not in art.symbols:
        stamped = picture.copy()
        stamp_badge(stamped, label, text)
        art.symbols[key] = stamped
    if symbol in art.tiles and key not in art.tiles:
        tile = art.tiles[symbol].copy()
        # the badge where the symbol sits on its tile, as large as on the symbol itself
        stamp_badge(tile, label, text, picture.get_rect(center=tile.get_rect().center) if picture else None)
        art.tiles[key] = tile
    if symbol in art.glows and key not in art.glows:
        glows = []
        for frame in art.glows[symbol]:  # each pulse size, the badge growing with the symbol
            glowing = frame.copy()
            stamp_badge(glowing, label, text)
            glows.append(glowing)
        art.glows[key] = glows
    return key


def ease_out_back(x: float, c1: float = OVERSHOOT) -> float:
    y = x - 1.0
    return 1.0 + (c1 + 1.0) * y * y * y + c1 * y * y


@dataclass
class Reel:
    strip: tuple[str, ...]
    pos: float = 0.0
    phase: str = "stopped"  # windup | spin | land | stopped
    t: float = 0.0  # time in phase
    start_pos: float = 0.0
    speed: float = 0.0
    target: int = 0  # the stop to land on (strip index)
    stop_at: float | None = None  # spin time at which landing begins
    land_from: float = 0.0
    land_to: float = 0.0
    land_time: float = 0.0
    anticipating: bool = False  # lands late: the core said a feature can still trigger on it
    suspense: bool = False  # anticipating, and every reel to its left has landed: slow and glowing
    held: bool = False  # does not move in this spin (paid respin)
    rows: int | None = None  # symbols it shows (None: the layout's rows); a Megaways spin draws it
    next_rows: int | None = None  # the height it takes when it starts to land

    def symbol(self, index: int) -> str:
        return self.strip[index % len(self.strip)]

    @property
    def moving(self) -> bool:
        return self.phase != "stopped"

    @property
    def stop(self) -> int:
        """The resting strip index (only meaningful once stopped)."""
        return int(round(self.pos)) % len(self.strip)


class ReelView:
    def __init__(self, strips: Sequence[tuple[str, ...]], stops: Sequence[int],
                 sound: Callable[..., None] | None = None, stop_sound: Callable[[str], None] | None = None
                 ) -> None:
        self.reels = [Reel(tuple(s), float(p % len(s))) for s, p in zip(strips, stops, strict=True)]
        self.sound = sound or (lambda name, loops=0: None)  # play(name, loops=0)
        self.stop_sound = stop_sound or (lambda name: None)
        self.clock = 0.0  # seconds since the spin started
        self.landing_scheduled = False
        self._anticipation_on = False
        self.stamps: dict[Position, tuple[str, str]] = {}  # cell -> (symbol, label): values revealed on it
        self._stamp_text: Text | None = None
        self.top: TopReelView | None = None  # a Megaways top reel over some reels (its cells are their row 0)

    # -- commands ---------------------------------------------------------------------------------

    def show(self, strips: Sequence[tuple[str, ...]], stops: Sequence[int],
             heights: Sequence[int] | None = None) -> None:
        """Put a screen up at once (start-up, a restored round, a replay's first frame);
        ``heights``: the symbols each reel shows (a Megaways screen; None: the layout's rows)."""
        for i, (reel, strip, stop) in enumerate(zip(self.reels, strips, stops, strict=True)):
            reel.strip, reel.pos, reel.phase, reel.held, reel.anticipating = tuple(strip), float(stop), \
                "stopped", False, False
            reel.suspense = False
            topped = self.top is not None and heights is not None and i in self.top.covered
            reel.rows = heights[i] - topped if heights is not None and i < len(heights) else None
            reel.next_rows = None
        self.landing_scheduled = False
        self.stamps.clear()

    def shape(self, heights: Sequence[int], top_stop: int | None = None) -> None:
        """The heights a spin drew (each reel's own): each moving reel takes its own when it
        starts to land (a reel at rest at once); ``top_stop``: where the top reel lands."""
        for reel, rows in zip(self.reels, heights, strict=False):
            if reel.phase in ("land", "stopped"):
                reel.rows, reel.next_rows = rows, None
            else:
                reel.next_rows = rows
        if self.top is not None and top_stop is not None:
            if self.top.moving:
                self.top.aim(top_stop)
            else:
                self.top.show(top_stop)

    def heights(self, rows: int) -> tuple[int, ...]:
        """How many symbols each reel shows now, its top cell counted (``rows``: the layout's,
        for a reel with none of its own)."""
        covered = self.top.covered if self.top is not None and any(r.rows for r in self.reels) else ()
        return tuple((reel.rows or rows) + (i in covered) for i, reel in enumerate(self.reels))

    def stamp(self, positions: Sequence[Position], symbols: Sequence[str], label: str, text: Text) -> None:
        """Stamp ``label`` on each cell of ``positions`` (showing ``symbols``), until the next spin."""
        for position, symbol in zip(positions, symbols, strict=True):
            self.stamps[position] = (symbol, label)
        self._stamp_text = text

    def stamped_screen(self, screen: list[list[str]], art: Art) -> list[list[str]]:
        """``screen`` with each stamped cell under its stamped art's key (what the win
        presentation lights); ``screen`` itself when nothing is stamped."""
        if not self.stamps or self._stamp_text is None:
            return screen
        out = [list(column) for column in screen]
        for (reel, row), (symbol, label) in self.stamps.items():
            if reel < len(out) and row < len(out[reel]) and out[reel][row] == symbol:
                out[reel][row] = stamped_art(art, self._stamp_text, symbol, label)
        return out

    def start(self, strips: Sequence[tuple[str, ...]], spinning: Sequence[int] = ()) -> None:
        """Start a spin; ``spinning`` names the reels that move (empty: all)."""
        moving = set(spinning) if spinning else set(range(len(self.reels)))
        self.clock = 0.0
        self.landing_scheduled = False
        self.stamps.clear()  # a value revealed belongs to the spin that drew it
        for i, (reel, strip) in enumerate(zip(self.reels, strips, strict=True)):
            reel.held = i not in moving
            reel.anticipating = reel.suspense = False
            reel.stop_at = None
            if reel.held:
                continue
            if tuple(strip) != reel.strip:  # a new reel set: keep the same top symbol index in range
                reel.strip = tuple(strip)
                reel.pos = reel.pos % len(reel.strip)
            reel.phase, reel.t, reel.start_pos, reel.speed = "windup", 0.0, reel.pos, 0.0
        if self.top is not None and any(i in moving for i in self.top.covered):
            self.top.start()

    def land(self, stops: Sequence[int], anticipation: Sequence[int] = ()) -> None:
        """The core's stops are known: schedule each moving reel's landing, left to right."""
        delay = MIN_SPIN
        for i, (reel, stop) in enumerate(zip(self.reels, stops, strict=True)):
            if reel.held:
                continue
            reel.target = stop % len(reel.strip)
            if i in anticipation:
                delay += ANTICIPATION_EXTRA
                reel.anticipating = True
            reel.stop_at = delay
            delay += STAGGER
        self.landing_scheduled = True

    def slam(self) -> bool:
        """SPIN during a spin: every reel still spinning lands now. Returns whether it did anything."""
        if not self.landing_scheduled:
            return False
        acted = False
        for reel in self.reels:
            if reel.phase in ("windup", "spin"):
                reel.anticipating = reel.suspense = False
                self._begin_landing(reel, SLAM_DISTANCE, max(reel.speed, SPEED), SLAM_TIME)
                acted = True
        return acted

    # -- state ------------------------------------------------------------------------------------

    @property
    def all_stopped(self) -> bool:
        return all(not r.moving for r in self.reels) and not (self.top is not None and self.top.moving)

    @property
    def spinning(self) -> bool:
        return any(r.moving for r in self.reels) or (self.top is not None and self.top.moving)

    @property
    def stops(self) -> tuple[int, ...]:
        return tuple(r.stop for r in self.reels)

    def visible(self, rows: int) -> list[list[str]]:
        """What each reel window shows now: [reel][row] (for tests once stopped); ``rows``
        for a reel with no height of its own."""
        out = [[r.symbol(math.floor(r.pos) + row) for row in range(r.rows or rows)] for r in self.reels]
        if self.top is not None and any(r.rows for r in self.reels):  # a spin's screen: the top cells are row 0
            for reel, symbol in zip(self.top.covered, self.top.cells(), strict=True):
                out[reel].insert(0, symbol)
        return out

    # -- time -------------------------------------------------------------------------------------

    def _update_suspense(self) -> None:
        """An anticipating reel starts its suspense when each reel to its left is held, has
        landed, or is anticipating too (the suspense then moves along them)."""
        settled = True  # every reel so far is held, stopped or anticipating
        for reel in self.reels:
            if reel.anticipating and reel.moving and settled:
                reel.suspense = True
            elif not reel.moving:
                reel.suspense = False
            settled = settled and (reel.held or not reel.moving or reel.anticipating)

    def update(self, dt: float) -> None:
        self.clock += dt
        for reel in self.reels:
            self._advance(reel, dt)
        if self.top is not None:
            under = [self.reels[r] for r in self.top.covered]
            self.top.update(dt, any(r.phase in ("land", "stopped") for r in under))
        self._update_suspense()  # after the moves: a reel that just landed passes the suspense on
        anticipating = any(r.suspense and r.moving for r in self.reels)
        if anticipating != self._anticipation_on:
            self._anticipation_on = anticipating
            if anticipating:
                self.sound("anticipation", loops=-1)  # its own sound, looping until the reel lands
            else:
                self.stop_sound("anticipation")

    def _begin_landing(self, reel: Reel, distance: float, speed: float, duration: float | None = None) -> None:
        """Ease from here onto the target. While the reel is a blur, its position is re-based
        so the target lies ``distance`` symbols above (keeping the sub-symbol offset, so no
        tile jumps): the landing never needs a whole extra revolution of the strip."""
        n = len(reel.strip)
        frac = reel.pos - math.floor(reel.pos)
        ahead = (reel.pos - reel.target) % n
        if ahead < distance or ahead > distance + 1.0:
            reel.pos = reel.target + math.ceil(distance - frac) + frac
        else:
            reel.pos = reel.target + ahead
        if reel.next_rows is not None:  # a Megaways reel settles at the height its spin drew
            reel.rows, reel.next_rows = reel.next_rows, None
        reel.land_from, reel.land_to = reel.pos, float(reel.target)
        travel = reel.land_from - reel.land_to
        reel.land_time = duration or max(0.12, (OVERSHOOT + 3.0) * travel / max(speed, 1.0))
        reel.phase, reel.t = "land", 0.0

    def _advance(self, reel: Reel, dt: float) -> None:
        if reel.phase == "stopped":
            return
        reel.t += dt
        if reel.phase == "windup":
            u = min(1.0, reel.t / WINDUP_TIME)
            reel.pos = reel.start_pos + WINDUP_LIFT * math.sin(u * math.pi / 2)
            if u >= 1.0:
                reel.phase, reel.t = "spin", 0.0
            return
        if reel.phase == "spin":
            top = ANTICIPATION_SPEED if reel.suspense else SPEED
            reel.speed = min(top, SPEED * reel.t / ACCEL_TIME) if reel.t < ACCEL_TIME else \
                reel.speed + (top - reel.speed) * min(1.0, dt * 4)
            reel.pos -= reel.speed * dt
            if reel.stop_at is not None and self.clock >= reel.stop_at and reel.t >= ACCEL_TIME:
                self._begin_landing(reel, LAND_DISTANCE, reel.speed)
            return
        if reel.phase == "land":
            u = min(1.0, reel.t / reel.land_time)
            travel = reel.land_from - reel.land_to
            reel.pos = reel.land_from - travel * ease_out_back(u)
            reel.speed = travel / reel.land_time * (OVERSHOOT + 3.0) * max(0.0, 1 - u) ** 2
            if u >= 1.0:
                reel.pos = float(reel.target)  # exactly the core's stop
                reel.phase, reel.speed = "stopped", 0.0
                reel.anticipating = reel.suspense = False
                self.sound("reel_stop")

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, art: Art, layout: Layout, dim_held: bool = False) -> None:
        cell = layout.cell
        clip = surface.get_clip()
        band = top_band(layout)
        if self.top is not None and band:
            self.top.draw(surface, art, layout)
        # only the next anticipating reel to land glows: the suspense moves along the reels
        focus = next((r for r in self.reels if r.suspense and r.moving), None)
        for index, (reel, full) in enumerate(zip(self.reels, layout.columns, strict=False)):
            column = pygame.Rect(full.x, full.y + band, full.w, full.h - band)  # under the top reel's band
            surface.set_clip(column)
            top = math.floor(reel.pos)
            frac = reel.pos - top
            fast = reel.moving and reel.speed > BLUR_SPEED
            tiles = art.blurred if fast else art.tiles
            rows = reel.rows or layout.rows
            if rows == layout.rows and own_cells(layout):  # the grid's own spacing: a tile per cell
                y0 = column.y - round(frac * cell)
                for k in range(-1, rows + 1):
                    tile = tiles.get(reel.symbol(top + k))
                    if tile is not None:
                        surface.blit(tile, (column.x, y0 + k * cell))
            else:  # a Megaways height: the reel's paper, then each symbol centred in its slot
                if art.paper is not None:
                    for y in range(column.y, column.bottom, cell):
                        surface.blit(art.paper, (column.x, y))
                pitch = reel_pitch(layout, index, rows)
                side = symbol_side(layout, index, rows)  # smaller when the column holds more
                start = column.y - frac * pitch + (pitch - side) / 2
                x = column.x + (cell - side) // 2
                for k in range(-1, rows + 1):
                    tile = tiles.get(reel.symbol(top + k))
                    if tile is not None:
                        surface.blit(shrunk(tile, side, cell), (x, round(start + k * pitch)))
            if fast and art.streaks is not None:
                surface.blit(art.streaks, (column.x, column.y))
            if reel is focus and art.anticipation is not None:
                surface.blit(art.anticipation, (column.x, column.y))
                if int(self.clock * 6) % 2:  # a throbbing highlight
                    surface.blit(art.anticipation, (column.x, column.y))
            if dim_held and reel.held and art.dim is not None:
                surface.blit(art.dim, (column.x, column.y))
        surface.set_clip(clip)
        if self.stamps and self._stamp_text is not None:
            self._draw_stamps(surface, art, layout)

    def _draw_stamps(self, surface: pygame.Surface, art: Art, layout: Layout) -> None:
        """Each stamped cell of a reel at rest, its stamped tile over the reel's own."""
        assert self._stamp_text is not None
        cells = column_cells(layout, self.heights(layout.rows))
        for (reel, row), (symbol, label) in self.stamps.items():
            if reel >= len(self.reels) or self.reels[reel].moving or reel >= len(cells) or row >= len(cells[reel]):
                continue
            tile = art.tiles.get(stamped_art(art, self._stamp_text, symbol, label))
            if tile is not None:
                box = cells[reel][row]
                surface.blit(shrunk(tile, box.w, layout.cell), (box.x, box.y))
