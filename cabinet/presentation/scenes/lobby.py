"""The lobby: a tile per game (its key art, composed by ``lobby_art.py`` from its background,
hero symbols and logo, and its name), chosen by keys, pad or touch. The tiles are as large as
the window allows for the number of games; the chosen one is lifted, lit and rimmed in bright
gold while the others are dimmed, so the choice reads from across the room.

Arrows / D-pad (or BET -/+) move the highlight, SPIN / CONFIRM / A opens the game, a
touch or click on a tile opens that one. Everything is pre-rendered once per window
size (tiles, the highlighted tile, the backdrop); a frame blits them plus the chasing
marquee bulbs along the edges.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press

from ..assets import AssetCache
from ..layout import Box
from ..style import GOLD, PALE_GOLD
from ..text import Text
from .lobby_art import hero_symbols, key_art

LIFT = 1.06  # the highlighted tile is drawn this much larger
BULB_SPACING = 26  # px at 720p
TITLE = "CHOOSE YOUR GAME"
HINTS = "ARROWS / D-PAD  CHOOSE        SPIN / ENTER / A  PLAY        OR TOUCH A GAME"


@dataclass(frozen=True)
class TileInfo:
    """What a tile shows (a ``cabinet.kiosk.catalog.GameEntry`` fits)."""

    name: str
    theme: str
    summary: str = ""
    features: str = ""
    heroes: tuple[str, ...] = ()  # sprite names of the symbols its key art shows



@dataclass(frozen=True)
class LobbyLayout:
    size: tuple[int, int]
    title: Box
    tiles: tuple[Box, ...]
    details: Box  # the highlighted game's features, under the tiles
    footer: Box
    columns: int
    unit: float  # 1.0 at 720 px high


def lobby_layout(size: tuple[int, int], count: int) -> LobbyLayout:
    """The tiles as large as the window allows: every column count is tried and the one giving
    the widest tile (at the key art's aspect) wins; a short last row is centred."""
    w, h = size
    portrait = h > w * 1.1
    unit = min(w / 1280, h / 720) if not portrait else min(w / 720, h / 1280)
    title = Box(0, round(h * 0.045), w, round(h * (0.08 if portrait else 0.11)))
    footer = Box(0, round(h * 0.915), w, round(h * 0.05))
    details_h = round(h * 0.05)
    # room above the grid for the chosen tile's lift and its PLAY pill (clear of the title)
    top, bottom = title.bottom + round(h * 0.045), footer.y - details_h - round(h * 0.025)
    margin, gap = w * 0.035, max(6.0, w * 0.02)
    aspect = 1.2 if portrait else 1.45
    avail = bottom - top
    best: tuple[float, int, float, float] | None = None
    for columns in range(1, max(1, min(count, 3 if portrait else 6)) + 1):
        rows = max(1, math.ceil(count / columns))
        tile_w = (w - 2 * margin - (columns - 1) * gap) / columns
        tile_h = tile_w / aspect
        if rows * tile_h + (rows - 1) * gap > avail:  # too tall: shrink to fit, keep the aspect
            tile_h = (avail - (rows - 1) * gap) / rows
            tile_w = tile_h * aspect
        if tile_w > w * 0.4:  # one or two games: a tile no wider than 0.4 of the window
            tile_w, tile_h = w * 0.4, w * 0.4 / aspect
        if best is None or tile_w > best[0] + 0.5:
            best = (tile_w, columns, tile_w, tile_h)
    assert best is not None
    _, columns, tile_w, tile_h = best
    rows = max(1, math.ceil(count / columns))
    grid_w = columns * tile_w + (columns - 1) * gap
    grid_h = rows * tile_h + (rows - 1) * gap
    x0, y0 = (w - grid_w) / 2, top + (avail - grid_h) / 2
    tiles = []
    for i in range(count):
        r, c = divmod(i, columns)
        in_row = min(columns, count - r * columns)  # a short last row is centred
        row_x0 = x0 + (columns - in_row) * (tile_w + gap) / 2
        tiles.append(Box(round(row_x0 + c * (tile_w + gap)), round(y0 + r * (tile_h + gap)), round(tile_w),
                         round(tile_h)))
    details = Box(0, round(y0 + grid_h + h * 0.02), w, details_h)
    return LobbyLayout((w, h), title, tuple(tiles), details, footer, columns, unit)


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """``surface`` with its corners cut round (alpha)."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _fit(src: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    scale = min(box[0] / src[0], box[1] / src[1])
    return max(1, round(src[0] * scale)), max(1, round(src[1] * scale))


class LobbyScene:
    modal = True
    opaque = True

    def __init__(self, text: Text, cache: AssetCache, games: Sequence[Any], size: tuple[int, int],
                 *, on_choose: Callable[[int], None], on_back: Callable[[], None] | None = None,
                 jackpots: Callable[[], list[tuple[str, str]]] | None = None) -> None:
        self.text = text
        self.jackpots = jackpots  # the kiosk's progressive jackpots, live: (title, amount) each
        self.cache = cache
        self.games = [TileInfo(g.name, g.theme, getattr(g, "summary", ""), getattr(g, "features", ""),
                               hero_symbols(getattr(g, "defn", None)))
                      for g in games]
        self.on_choose = on_choose
        self.on_back = on_back
        self.cursor = 0
        self.t = 0.0
        self.finished = False
        self.layout = lobby_layout(size, len(self.games))
        self._build()

    # -- pre-rendering ----------------------------------------------------------------------------

    def relayout(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.layout = lobby_layout(size, len(self.games))
            self._build()

    def _build(self) -> None:
        layout = self.layout
        w, h = layout.size
        self.backdrop = self._backdrop()
        self.tiles: list[pygame.Surface] = []
        self.lifted: list[pygame.Surface] = []
        for game, box in zip(self.games, layout.tiles, strict=True):
            self.tiles.append(self._tile(game, (box.w, box.h), selected=False))
            big = (round(box.w * LIFT), round(box.h * LIFT))
            self.lifted.append(self._tile(game, big, selected=True))
        bulb = max(4, round(7 * layout.unit))
        self.bulb_on = self._bulb(bulb, (255, 236, 150), glow=True)
        self.bulb_off = self._bulb(bulb, (120, 80, 40), glow=False)
        glow = (round((layout.tiles[0].w if layout.tiles else 10) * (LIFT + 0.10)),
                round((layout.tiles[0].h if layout.tiles else 10) * (LIFT + 0.11)))
        self.glow = self._glow(glow)
        self.badge = self._play_badge(round((layout.tiles[0].h if layout.tiles else 10) * LIFT))

    def _backdrop(self) -> pygame.Surface:
        layout = self.layout
        w, h = layout.size
        surface = pygame.Surface((w, h))
        top, bottom = pygame.Color(44, 14, 74), pygame.Color(6, 4, 18)
        for y in range(h):
            surface.fill(top.lerp(bottom, y / max(1, h - 1)), (0, y, w, 1))
        light = pygame.Surface((w, h), pygame.SRCALPHA)  # a soft spotlight behind the title
        cx, cy = w // 2, layout.title.y + layout.title.h // 2
        for i in range(12, 0, -1):
            r = int(max(w, h) * 0.05 * i)
            pygame.draw.ellipse(light, (255, 170, 60, 6), (cx - r, cy - r // 2, 2 * r, r))
        surface.blit(light, (0, 0))
        stripe = pygame.Surface((w, h), pygame.SRCALPHA)  # faint diagonal sunburst stripes
        for x in range(-h, w, max(24, w // 30)):
            pygame.draw.line(stripe, (255, 255, 255, 7), (x, h), (x + h, 0), max(4, w // 160))
        surface.blit(stripe, (0, 0))
        unit = layout.unit
        title = self.text.render(TITLE, max(18, round(46 * unit)), PALE_GOLD, outline=True)
        surface.blit(title, title.get_rect(center=(w // 2, layout.title.y + layout.title.h * 62 // 100)))
        brand = self.text.render("SLOT CABINET", max(11, round(18 * unit)), GOLD)
        surface.blit(brand, brand.get_rect(center=(w // 2, layout.title.y + layout.title.h * 18 // 100)))
        hints = self.text.fit(HINTS, max(10, round(20 * unit)), int(w * 0.9), (214, 200, 236))
        surface.blit(hints, hints.get_rect(center=layout.footer.center))
        band = max(2, round(3 * unit))
        for y in (round(layout.unit * 16), h - round(layout.unit * 16)):
            pygame.draw.rect(surface, (120, 80, 30), (0, y - band, w, 2 * band))
        return surface.convert() if pygame.display.get_surface() is not None else surface

    def name_lines(self, name: str, tile_w: int, band_h: int) -> tuple[int, list[str]]:
        """A tile's name in the one type size every tile of this width shares, on one line or,
        for a long name, two: a long name wraps rather than shrinks, so no title looks smaller."""
        wanted = max(self.floor_size(), int(band_h * 0.5))
        room = int(tile_w * 0.9)
        size = min(self._name_size(g.name, wanted, room) for g in self.games) if self.games else wanted
        if self.text.font(size).size(name.upper())[0] <= room:
            return size, [name.upper()]
        return size, self.text.wrap(name.upper(), size, room)[:2]

    def _name_size(self, name: str, wanted: int, room: int) -> int:
        """The largest size up to ``wanted`` at which ``name`` fits ``room`` on at most two lines
        (two lines only from 0.8 of ``wanted`` down: a wrapped name is set a little smaller)."""
        upper = name.upper()
        one_line = self.text.fit_size(upper, wanted, room)
        if one_line == wanted:
            return wanted
        two = int(wanted * 0.8)
        lines = self.text.wrap(upper, two, room)
        if len(lines) <= 2 and all(self.text.font(two).size(line)[0] <= room for line in lines):
            return max(one_line, two)
        return one_line

    def floor_size(self) -> int:
        """The smallest type on the tiles: 11 points at 720 lines, in proportion."""
        return max(6, round(11 * self.layout.unit))

    def _tile(self, game: TileInfo, size: tuple[int, int], selected: bool) -> pygame.Surface:
        w, h = size
        radius = max(6, h // 12)
        art = key_art(self.cache, game.theme, game.heroes, size).copy()
        if self.cache.original(f"{game.theme}/logo.png") is None:  # no logo: the name in its place
            logo = self.text.fit(game.name.upper(), h // 6, int(w * 0.86), PALE_GOLD, outline=True)
            art.blit(logo, logo.get_rect(center=(w // 2, int(h * 0.2))))
        base_band = int(h * 0.2)
        size_now, lines = self.name_lines(game.name, w, base_band)
        line_h = self.text.font(size_now).get_linesize()
        most_lines = max(len(self.name_lines(g.name, w, base_band)[1]) for g in self.games) if self.games else 1
        summary_size = max(self.floor_size(), int(base_band * 0.26))
        summary_h = self.text.font(summary_size).get_linesize() if any(g.summary for g in self.games) else 0
        band_h = max(base_band, most_lines * line_h + summary_h + max(4, h // 30))  # alike on every tile
        band = pygame.Surface((w, band_h), pygame.SRCALPHA)
        for y in range(band_h):  # darker towards the foot
            band.fill((8, 4, 18, 170 + int(70 * y / max(1, band_h - 1))), (0, y, w, 1))
        art.blit(band, (0, h - band_h))
        pygame.draw.line(art, GOLD, (0, h - band_h), (w, h - band_h), max(1, h // 150))
        colour = PALE_GOLD if selected else (250, 246, 236)
        names_h = band_h - summary_h
        top = h - band_h + (names_h - line_h * len(lines)) // 2 + line_h // 2
        for i, line in enumerate(lines):
            img = self.text.render(line, size_now, colour, outline=True)
            art.blit(img, img.get_rect(center=(w // 2, top + i * line_h)))
        if game.summary:
            info = self.text.render(game.summary, summary_size, (190, 178, 214))
            if info.get_width() > int(w * 0.94):  # too long at the floor size: the grid and return only
                info = self.text.render(game.summary.split("  ")[0], summary_size, (190, 178, 214))
            art.blit(info, info.get_rect(center=(w // 2, h - summary_h // 2 - max(2, h // 60))))
        if not selected:  # the others dimmed: the chosen one stands out
            art.fill((178, 178, 190), special_flags=pygame.BLEND_RGB_MULT)
        out = _rounded(art, radius)
        rim = max(2, h // (40 if selected else 90))
        pygame.draw.rect(out, (255, 226, 120) if selected else (150, 110, 40), out.get_rect(), width=rim,
                         border_radius=radius)
        if selected:
            pygame.draw.rect(out, (255, 250, 220), out.get_rect().inflate(-2 * rim, -2 * rim), width=max(1, rim // 3),
                             border_radius=max(0, radius - rim))
        return out

    def _play_badge(self, tile_h: int) -> pygame.Surface:
        """A PLAY pill on the chosen tile's top edge: the tile SPIN, A or a touch opens."""
        size = max(self.floor_size(), tile_h // 10)
        label = self.text.render("PLAY", size, (40, 16, 4))
        arrow = max(3, size // 3)
        pill = pygame.Surface((label.get_width() + size * 2 + arrow * 2, label.get_height() + size // 3),
                              pygame.SRCALPHA)
        box = pill.get_rect()
        pygame.draw.rect(pill, (255, 210, 90), box, border_radius=box.h // 2)
        pygame.draw.rect(pill, (255, 250, 220), box, width=max(1, size // 10), border_radius=box.h // 2)
        ax, ay = size * 3 // 4, box.centery
        pygame.draw.polygon(pill, (40, 16, 4), [(ax, ay - arrow), (ax, ay + arrow), (ax + arrow * 3 // 2, ay)])
        pill.blit(label, label.get_rect(midleft=(ax + arrow * 2, box.centery)))
        return pill

    @staticmethod
    def _bulb(d: int, colour: tuple[int, int, int], glow: bool) -> pygame.Surface:
        size = d * 3
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        if glow:
            for r, a in ((d * 3 // 2, 40), (d, 90)):
                pygame.draw.circle(surface, (*colour, a), (c, c), r)
        pygame.draw.circle(surface, colour, (c, c), d // 2 + 1)
        pygame.draw.circle(surface, (255, 255, 255) if glow else (160, 120, 80), (c - d // 6, c - d // 6),
                           max(1, d // 5))
        return surface

    @staticmethod
    def _glow(size: tuple[int, int]) -> pygame.Surface:
        """A warm halo: brightest at the tile's edge, fading outwards."""
        surface = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        steps = 12
        reach = min(w, h) // 14
        for i in range(steps):
            inset = reach * i // steps
            alpha = 6 + 10 * i
            pygame.draw.rect(surface, (255, 196, 70, alpha), (inset, inset, w - 2 * inset, h - 2 * inset),
                             width=max(1, reach // steps + 1), border_radius=max(8, h // 9))
        return surface

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list[tuple[Box, Press]]:
        return [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.layout.tiles)]

    def move(self, delta: int) -> None:
        n = len(self.games)
        if n:
            self.cursor = (self.cursor + delta) % n

    def handle(self, press: Press) -> bool:
        b = press.button
        cols = self.layout.columns
        if b in (Button.LEFT, Button.BET_MINUS):
            self.move(-1)
        elif b in (Button.RIGHT, Button.BET_PLUS):
            self.move(+1)
        elif b == Button.UP:
            self.move(-cols if len(self.games) > cols else -1)
        elif b == Button.DOWN:
            self.move(+cols if len(self.games) > cols else +1)
        elif b in (Button.CONFIRM, Button.SPIN) and self.games:
            self.on_choose(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(self.games):
            self.cursor = press.index
            self.on_choose(press.index)
        elif b == Button.BACK and self.on_back is not None:
            self.on_back()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(self.backdrop, (0, 0))
        self._draw_bulbs(surface)
        for i, (box, tile) in enumerate(zip(layout.tiles, self.tiles, strict=True)):
            if i != self.cursor:
                surface.blit(tile, (box.x, box.y))
        if self.games:
            box = layout.tiles[self.cursor]
            self.glow.set_alpha(150 + int(100 * (0.5 + 0.5 * math.sin(self.t * 4.0))))
            surface.blit(self.glow, self.glow.get_rect(center=box.center))
            lifted = self.lifted[self.cursor]
            at = lifted.get_rect(center=box.center)
            surface.blit(lifted, at)
            badge = self.badge.get_rect(midright=(at.right - at.h // 12, at.top))  # on its top edge, clear of the name
            surface.blit(self.badge, badge)
            self._draw_jackpots(surface)
            game = self.games[self.cursor]
            if game.features:
                size = max(10, round(24 * layout.unit))
                line = self.text.fit(game.features, size, int(layout.size[0] * 0.9), (255, 232, 160))
                surface.blit(line, line.get_rect(center=layout.details.center))

    def _draw_jackpots(self, surface: pygame.Surface) -> None:
        """The kiosk's jackpots in one gold line under the title (issue 35): read each frame."""
        shown = self.jackpots() if self.jackpots is not None else []
        if not shown:
            return
        layout = self.layout
        words = "      ".join(f"{title} {amount}" for title, amount in shown)
        line = self.text.fit(words, max(9, round(20 * layout.unit)), int(layout.size[0] * 0.9), (255, 214, 90),
                             shadow=True)
        # in the gap between the title's words and the lifted tile
        surface.blit(line, line.get_rect(center=(layout.size[0] // 2, layout.title.bottom - round(2 * layout.unit))))

    def _draw_bulbs(self, surface: pygame.Surface) -> None:
        w, h = self.layout.size
        unit = self.layout.unit
        spacing = max(12, round(BULB_SPACING * unit))
        phase = int(self.t * 8)
        half = self.bulb_on.get_width() // 2
        for y in (round(unit * 16), h - round(unit * 16)):
            for i, x in enumerate(range(spacing // 2, w, spacing)):
                bulb = self.bulb_on if (i + phase) % 3 == 0 else self.bulb_off
                surface.blit(bulb, (x - half, y - half))
