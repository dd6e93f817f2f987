"""Everything the frame loop blits, prepared once for one layout.

``build_art`` scales each sprite to the size the layout needs (through the asset
cache, so a size seen before costs nothing), composes opaque reel tiles (symbol on
the reel's paper) and their motion-blurred twins, pulse frames for winning symbols,
zoom frames for banners, and the small procedural pieces (highlights, shading).
After this, drawing a frame is blits and a few primitive shapes only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pygame

from cabinet.core.definition import Definition

from . import side_art
from .assets import BUTTON_STATES, AssetCache, _convert
from .layout import Box, Layout

PULSE_STEPS = (1.0, 1.05, 1.1, 1.15)
DIM_BAND = 96  # px: the height of the reel window's tint band (art.window_dim), tiled down the window
BANNER_STEPS = (0.35, 0.6, 0.85, 1.0, 1.06)  # zoom in, then throb between the last two
SYMBOL_FILL = 0.9  # a symbol covers this share of its cell
PAYLINE_COLOURS = [(255, 214, 64), (64, 220, 255), (255, 90, 120), (120, 255, 120), (255, 150, 40),
                   (200, 120, 255), (255, 255, 255), (40, 160, 255), (255, 110, 220), (180, 255, 60)]


def button_sprite(button_name: str) -> str:
    return f"common/buttons/{button_name}"


@dataclass
class Art:
    layout: Layout
    tiles: dict[str, pygame.Surface] = field(default_factory=dict)  # opaque cell: paper + symbol
    blurred: dict[str, pygame.Surface] = field(default_factory=dict)  # the same, smeared vertically
    symbols: dict[str, pygame.Surface] = field(default_factory=dict)  # alpha, as drawn on the tiles
    glows: dict[str, list[pygame.Surface]] = field(default_factory=dict)  # the symbol glowing, pulse sizes
    thumbs: dict[str, pygame.Surface] = field(default_factory=dict)  # paytable pages
    paper: pygame.Surface | None = None  # the reel's background for one cell
    background: pygame.Surface | None = None
    logo: pygame.Surface | None = None
    frame: pygame.Surface | None = None
    buttons: dict[tuple[str, str, tuple[int, int]], pygame.Surface] = field(default_factory=dict)
    coins: list[pygame.Surface] = field(default_factory=list)
    sparkle: pygame.Surface | None = None
    dot: pygame.Surface | None = None
    banners: dict[str, list[pygame.Surface]] = field(default_factory=dict)
    highlight: pygame.Surface | None = None  # gold frame around a winning cell
    shade_top: pygame.Surface | None = None
    shade_bottom: pygame.Surface | None = None
    dim: pygame.Surface | None = None  # darkens a held reel during a respin
    window_dim: pygame.Surface | None = None  # darkens the reels under a big-win banner
    anticipation: pygame.Surface | None = None  # glowing border around an anticipating reel
    streaks: pygame.Surface | None = None
    shower: Any = None  # the theme's celebration: its pieces in depth, the burst (celebration.ShowerArt)
    chrome: Any = None  # the deck's, panels' and pills' materials (chrome.Chrome)

    def button(self, name: str, state: str, size: tuple[int, int]) -> pygame.Surface:
        return self.buttons[(name, state, size)]


DECK_SPRITES = {"SPIN": ("spin", "stop"), "BET_MINUS": ("bet_minus",), "BET_PLUS": ("bet_plus",),
                "MAX_BET": ("max_bet",), "AUTOPLAY": ("autoplay", "stop"), "MENU": ("menu",), "INFO": ("info",)}


def dim_window(surface: pygame.Surface, art: Art, window: pygame.Rect | Box) -> None:
    """The reels step back (under a banner or a pop-up): ``art.window_dim``'s band of even tint,
    laid down ``window`` (each pixel blended once, as one window-sized layer would)."""
    band = art.window_dim
    if band is None:
        return
    step = band.get_height()
    x, top, bottom = window.x, window.y, window.y + window.h
    surface.blits([(band, (x, y), (0, 0, window.w, min(step, bottom - y))) for y in range(top, bottom, step)],
                  doreturn=False)


def needed_buttons(layout: Layout) -> list[tuple[str, tuple[int, int]]]:
    """Each button sprite at each size the layout shows it (nothing else is scaled)."""
    out = []
    for button, box in layout.buttons.items():
        for name in DECK_SPRITES.get(str(button), ()):
            out.append((name, (box.w, box.h)))
    tag = layout.tags[0].h if layout.tags else 24
    out.append(("respin", (tag, tag)))
    s = layout.ui_button
    out += [("close", (s, s)), ("arrow_left", (s, s)), ("arrow_right", (s, s)),
            ("toggle_on", (s * 2, s)), ("toggle_off", (s * 2, s))]
    return out


def thumb_size(layout: Layout) -> int:
    return max(16, round(min(layout.panel.h * 0.15, layout.panel.w * 0.11)))


def _fit(src_size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """The largest size with the source's aspect inside ``box``."""
    sw, sh = src_size
    scale = min(box[0] / sw, box[1] / sh)
    return max(1, round(sw * scale)), max(1, round(sh * scale))


def _cover(src_size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    sw, sh = src_size
    scale = max(box[0] / sw, box[1] / sh)
    return max(box[0], round(sw * scale)), max(box[1], round(sh * scale))


def motion_blur(tile: pygame.Surface, radius: int) -> pygame.Surface:
    """What a symbol looks like passing at speed: a true vertical blur of the tile (two box
    passes, a smooth triangle of ``radius`` either way), wrapping round like the strip does.

    The blur is computed, not stacked: shifted ghost copies left ring contours on round
    shapes and a seam at the tile's edge."""
    pixels = pygame.surfarray.array3d(tile).astype(np.float32)  # (w, h, 3)
    h = pixels.shape[1]
    half = max(1, min(radius // 2, h // 2 - 1))
    for _ in range(2):
        pixels = _box_along_y(pixels, half)
    out = pygame.surfarray.make_surface(np.clip(pixels + 0.5, 0, 255).astype(np.uint8))
    return _convert(out, alpha=False)


def _box_along_y(pixels: np.ndarray, r: int) -> np.ndarray:
    """The mean of each pixel's 2r + 1 vertical neighbours, the column wrapping round."""
    padded = np.concatenate([pixels[:, -r:], pixels, pixels[:, :r]], axis=1)
    summed = np.cumsum(padded, axis=1, dtype=np.float64)
    summed = np.concatenate([np.zeros_like(summed[:, :1]), summed], axis=1)
    n = 2 * r + 1
    return ((summed[:, n:] - summed[:, :-n]) / n).astype(np.float32)


def opaque(surface: pygame.Surface, under: tuple[int, int, int] = (0, 0, 0)) -> pygame.Surface:
    """``surface`` flattened onto a solid colour: opaque blits are the fast ones."""
    out = pygame.Surface(surface.get_size())
    out.fill(under)
    out.blit(surface, (0, 0))
    return _convert(out, alpha=False)


def _gradient(size: tuple[int, int], top: tuple[int, ...], bottom: tuple[int, ...], alpha: bool = False
              ) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    a, b = pygame.Color(*top), pygame.Color(*bottom)
    for y in range(h):
        surface.fill(a.lerp(b, y / max(1, h - 1)), (0, y, w, 1))
    return surface


class ArtBuilder:
    def __init__(self, cache: AssetCache, defn: Definition) -> None:
        self.cache = cache
        self.defn = defn
        self.theme = defn.theme
        self._memo: tuple[tuple[object, ...], Art] | None = None
        from ..assets.themes import read_theme

        theme = read_theme(defn.theme)  # the game's titles and big numbers in its theme's display face
        cache.text.display = theme.display_face if theme is not None else "dejavu"
        from .chrome import chrome_for

        self.chrome = chrome_for(theme)  # and its deck, panels and pills in the theme's materials

    def sprite_name(self, symbol_id: str) -> str:
        symbol = self.defn.symbol_map[symbol_id]
        return (symbol.sprite or symbol.id).lower()

    def build(self, layout: Layout, first_frame_only: bool = False) -> Art:
        """The art for ``layout``; a mirrored layout has the same sizes and reuses it.

        ``first_frame_only``: only what a still screen shows (background, frame, reel tiles,
        buttons), so the window shows something sooner; ``complete`` must then add the rest
        (blurred tiles, win glows, coins, banners...) before anything moves."""
        key = (layout.size, layout.portrait, layout.cell)
        if self._memo is not None and self._memo[0] == key:
            art = self._memo[1]
            art.layout = layout
            return art
        art = Art(layout)
        art.chrome = self.chrome
        self._build_still(art)
        if first_frame_only:
            return art
        return self.complete(art)

    def complete(self, art: Art) -> Art:
        """Add what moving and celebrating need to art that ``build(first_frame_only=True)`` made."""
        key = (art.layout.size, art.layout.portrait, art.layout.cell)
        if self._memo is None or self._memo[1] is not art:
            self._build_motion(art)
            self._memo = (key, art)
            self.cache.release_originals()  # everything is scaled now; a new size reloads the files
        return art

    def _build_still(self, art: Art) -> None:
        layout = art.layout
        cache, theme, cell = self.cache, self.theme, layout.cell
        w, h = layout.size

        bg_name = f"{theme}/background_portrait.png" if layout.portrait else f"{theme}/background.png"
        if layout.portrait and not cache.exists(bg_name):
            bg_name = f"{theme}/background.png"
        src = cache.original(bg_name)
        if src is not None:
            cover = _cover(src.get_size(), (w, h))
            big = cache.get(bg_name, cover)
            art.background = big.subsurface(((cover[0] - w) // 2, (cover[1] - h) // 2, w, h))
        else:
            art.background = cache.get(bg_name, (w, h), lambda s: _gradient(s, (40, 12, 70), (8, 6, 26)))
        if side_art.art_name(theme) is not None:  # the theme's hanging art, in the corners the layout keeps
            art.background = art.background.copy()  # not the cache's own picture
            side_art.paint(art.background, layout, cache, theme)
            cache.forget(bg_name)  # only the painted copy is drawn: the plain one would be 8 MB more at 1080p

        logo_src = cache.original(f"{theme}/logo.png")
        box = layout.logo
        logo_size = _fit(logo_src.get_size(), (box.w, box.h)) if logo_src else (box.w, box.h)
        art.logo = cache.get(f"{theme}/logo.png", logo_size, self._logo_placeholder)

        frame = layout.reel_frame
        art.frame = cache.get_frame(f"{theme}/reel_frame.png", (frame.w, frame.h),
                                    layout.reel_window.x - frame.x, self._frame_placeholder(layout))
        paper = cache.get(f"{theme}/reel_bg.png", (cell, cell),
                          lambda s: _gradient(s, (255, 250, 236), (236, 226, 206)))
        art.paper = opaque(paper)

        for symbol in self.defn.symbols:
            name = self.sprite_name(symbol.id)
            rel = f"{theme}/symbols/{name}.png"
            side = round(cell * SYMBOL_FILL)
            sym = cache.get(rel, (side, side), cache.symbol_placeholder(symbol.id))
            art.symbols[symbol.id] = sym
            tile = art.paper.copy()
            tile.blit(sym, sym.get_rect(center=(cell // 2, cell // 2)))
            art.tiles[symbol.id] = _convert(tile, alpha=False)
            thumb = thumb_size(layout)
            art.thumbs[symbol.id] = cache.get(rel, (thumb, thumb), cache.symbol_placeholder(symbol.id))

        from .chrome import LACQUERED_BUTTONS, NEUTRAL, recolour

        for name, size in needed_buttons(layout):
            for state in BUTTON_STATES:
                button = cache.get(f"{button_sprite(name)}{state}.png", size, cache.button_placeholder(name, state))
                if name in LACQUERED_BUTTONS and self.chrome is not NEUTRAL:  # in the theme's lacquer
                    button = recolour(button, self.chrome.chosen)
                art.buttons[(name, state, size)] = button
        window = layout.reel_window
        shade_h = max(4, cell // 3)
        art.shade_top = _gradient((window.w, shade_h), (0, 0, 0, 150), (0, 0, 0, 0), alpha=True)
        art.shade_bottom = _gradient((window.w, shade_h), (0, 0, 0, 0), (0, 0, 0, 150), alpha=True)

    def _build_motion(self, art: Art) -> None:
        """Spinning, anticipation and win presentation: blurred tiles, glows, coins, banners."""
        layout = art.layout
        cache, theme, cell = self.cache, self.theme, layout.cell
        side = round(cell * SYMBOL_FILL)
        for symbol in self.defn.symbols:
            name = self.sprite_name(symbol.id)
            art.blurred[symbol.id] = motion_blur(art.tiles[symbol.id], max(2, cell // 7))
            sym = art.symbols[symbol.id]
            glow_sizes = [round(side * step) for step in PULSE_STEPS]
            art.glows[symbol.id] = [cache.get(f"{theme}/symbols/{name}_glow.png", (g, g), self._glow_placeholder(sym))
                                    for g in glow_sizes]

        coin = max(8, round(cell * 0.36))
        art.coins = [cache.get(f"common/fx/coin_{i}.png", (coin, coin), self._coin_placeholder(i)) for i in range(8)]
        art.sparkle = cache.get("common/fx/sparkle.png", (coin, coin), self._sparkle_placeholder)
        dot = max(6, round(cell * 0.16))
        art.dot = cache.get("common/fx/payline_dot.png", (dot, dot), self._dot_placeholder)
        for tier in ("big", "mega", "epic"):
            own = f"{theme}/fx/win_banner_{tier}.png"  # the theme's kit; the shared wordmark without one
            rel = own if cache.path(own).is_file() else f"common/fx/win_banner_{tier}.png"
            src = cache.original(rel)
            full = _fit(src.get_size(), (layout.banner.w, layout.banner.h)) if src else \
                (layout.banner.w, layout.banner.h // 2)
            base = cache.get(rel, full, self._banner_placeholder(tier))
            # the full-size step is the cache's own picture (only ever blitted): a copy is 1.5 MB a tier at 1080p
            art.banners[tier] = [base if s == 1.0 else cache.scaled_copy(base, (round(full[0] * s), round(full[1] * s)))
                                 for s in BANNER_STEPS]

        art.shower = self._shower(art, coin)
        art.highlight = self._highlight(cell)
        window = layout.reel_window
        art.dim = pygame.Surface((cell, window.h), pygame.SRCALPHA)
        art.dim.fill((0, 0, 10, 150))
        # an even tint: one band the window's width, tiled down it by dim_window (2.9 MB less at 1080p)
        art.window_dim = pygame.Surface((window.w, min(window.h, DIM_BAND)), pygame.SRCALPHA)
        art.window_dim.fill((8, 0, 16, 120))
        art.anticipation = self._anticipation(layout.columns[0])
        art.streaks = self._streaks((cell, window.h))

    def _shower(self, art: Art, coin: int) -> Any:
        """The theme's celebration kit made into sprites at this layout's sizes."""
        from ..assets.celebration import Kit, kit_for
        from ..assets.themes import read_theme
        from .celebration import build_shower_art

        theme = read_theme(self.theme)
        kit: Kit = kit_for(theme) if theme is not None else Kit(
            words={}, faces={}, glows={}, edge="#000000", rim=[], particles=("coin", "star"),
            plate=("#140820", "#ffc850"), rays="#ffd84a")
        size = round(coin * 1.35)
        cache = self.cache

        # the pieces at 2x are only scaled down to their depths here: not kept in the cache
        def symbol(sid: str, side: int) -> pygame.Surface | None:
            rel = f"{self.theme}/symbols/{sid.lower()}.png"
            return cache.get_once(rel, (side * 2, side * 2)) if cache.path(rel).is_file() else None

        large = [cache.get_once(f"common/fx/coin_{i}.png", (size * 2, size * 2), self._coin_placeholder(i))
                 for i in range(8)]
        banner = art.banners["big"][-1].get_size() if art.banners.get("big") else (art.layout.banner.w, art.layout.banner.h // 2)
        return build_shower_art(kit, coins=large, sparkle=art.sparkle, symbol=symbol, size=size, banner=banner)

    # -- procedural pieces and placeholders -------------------------------------------------------

    def _logo_placeholder(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (250, 210, 90), (0, h * 0.08, w, h * 0.84), border_radius=h // 3)
        pygame.draw.rect(surface, (150, 20, 40), (w * 0.012, h * 0.14, w * 0.976, h * 0.72), border_radius=h // 3)
        label = self.cache.text.fit(self.defn.name.upper(), int(h * 0.5), int(w * 0.9), (255, 226, 120),
                                    outline=True)
        surface.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return surface

    def _frame_placeholder(self, layout: Layout):  # noqa: ANN202 - a placeholder factory
        window, frame = layout.reel_window, layout.reel_frame
        inner = pygame.Rect(window.x - frame.x, window.y - frame.y, window.w, window.h)

        def draw(size: tuple[int, int]) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            b = inner.x
            steps = max(1, b)
            for i in range(steps):  # gold bevel: bright outside, deeper towards the glass
                colour = pygame.Color(255, 226, 130).lerp((150, 96, 24), i / steps)
                pygame.draw.rect(surface, colour, (i, i, w - 2 * i, h - 2 * i), width=1,
                                 border_radius=max(0, b * 2 - i))
            pygame.draw.rect(surface, (60, 30, 8), inner.inflate(6, 6), width=3, border_radius=4)
            for x in (b // 2, w - b // 2):  # rivets
                for y in (b // 2, h - b // 2, h // 2):
                    pygame.draw.circle(surface, (255, 246, 200), (x, y), max(2, b // 5))
            surface.fill((0, 0, 0, 0), inner)
            return surface

        return draw

    def _glow_placeholder(self, symbol: pygame.Surface):  # noqa: ANN202 - a placeholder factory
        def draw(size: tuple[int, int]) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            steps = 10
            for i in range(steps):  # a soft gold halo, then the symbol itself on top
                r = int(min(w, h) / 2 * (1 - i / steps))
                pygame.draw.circle(surface, (255, 230, 120, 10 + i * 5), (w // 2, h // 2), r)
            surface.blit(symbol, symbol.get_rect(center=(w // 2, h // 2)))
            return surface

        return draw

    def _coin_placeholder(self, frame: int):  # noqa: ANN202 - a placeholder factory
        def draw(size: tuple[int, int]) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            squash = abs(math.cos(frame * math.pi / 8))
            rw = max(2, int(w * 0.9 * max(0.15, squash)))
            rect = pygame.Rect(0, 0, rw, int(h * 0.9))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(surface, (170, 110, 10), rect)
            pygame.draw.ellipse(surface, (255, 210, 60), rect.inflate(-max(2, rw // 6), -max(2, h // 6)))
            return surface

        return draw

    def _sparkle_placeholder(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        cx, cy = w / 2, h / 2
        pts = [(cx, 0), (cx + w * 0.1, cy - h * 0.1), (w, cy), (cx + w * 0.1, cy + h * 0.1), (cx, h),
               (cx - w * 0.1, cy + h * 0.1), (0, cy), (cx - w * 0.1, cy - h * 0.1)]
        pygame.draw.polygon(surface, (255, 250, 210), pts)
        return surface

    def _dot_placeholder(self, size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        r = min(size) // 2
        pygame.draw.circle(surface, (30, 20, 0), (size[0] // 2, size[1] // 2), r)
        pygame.draw.circle(surface, (255, 235, 150), (size[0] // 2, size[1] // 2), max(1, r - 2))
        return surface

    def _banner_placeholder(self, tier: str):  # noqa: ANN202 - a placeholder factory
        colours = {"big": (230, 120, 20), "mega": (200, 30, 120), "epic": (110, 40, 220)}

        def draw(size: tuple[int, int]) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surface, (255, 225, 110), (0, 0, w, h), border_radius=h // 3)
            pygame.draw.rect(surface, colours[tier], (h * 0.08, h * 0.08, w - h * 0.16, h * 0.84),
                             border_radius=h // 3)
            label = self.cache.text.fit(f"{tier.upper()} WIN", int(h * 0.62), int(w * 0.86),
                                        (255, 240, 160), outline=True)
            surface.blit(label, label.get_rect(center=(w // 2, h // 2)))
            return surface

        return draw

    def _highlight(self, cell: int) -> pygame.Surface:
        surface = pygame.Surface((cell, cell), pygame.SRCALPHA)
        t = max(3, cell // 22)
        for i in range(t * 2):
            alpha = max(0, 255 - i * 255 // (t * 2))
            pygame.draw.rect(surface, (255, 220, 90, alpha), (i, i, cell - 2 * i, cell - 2 * i), width=1,
                             border_radius=max(2, cell // 10))
        pygame.draw.rect(surface, (255, 250, 200), (0, 0, cell, cell), width=max(2, t // 2),
                         border_radius=max(2, cell // 10))
        return surface

    def _anticipation(self, column: Box) -> pygame.Surface:
        """A hot glow around a reel that can still bring the feature: bright rim fading inwards."""
        surface = pygame.Surface((column.w, column.h), pygame.SRCALPHA)
        surface.fill((255, 200, 80, 34))
        t = max(6, column.w // 7)
        for i in range(t):
            u = i / t
            colour = pygame.Color(255, 236, 140).lerp((255, 110, 20), u)
            colour.a = int(250 * (1 - u) ** 1.6)
            pygame.draw.rect(surface, colour, (i, i, column.w - 2 * i, column.h - 2 * i), width=1)
        return surface

    def _streaks(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        for i, x in enumerate(range(w // 9, w, max(3, w // 7))):
            pygame.draw.line(surface, (255, 255, 255, 40 + 14 * (i % 3)), (x, 0), (x, h), max(1, w // 60))
        return surface
