"""Type: one bundled bold face at any size.

The face is DejaVu Sans Condensed Bold, shipped in ``cabinet/assets/fonts`` (its licence
allows bundling; LICENSE-DejaVu.txt). pygame's own freesansbold.ttf was the face before:
its kerning table pushes a capital T *away* from its straight-sided neighbours (T-I, T-H,
T-E, N-T, T-R, I-T: +3 px at 40 px, a visible gap at every size: "MULT IPLIED", "AFT ER",
"T HE", "IN TRO", "LAN TERN"), SDL_ttf applies those pairs, and pygame-ce's ``Font`` has
no switch to leave them out. DejaVu's capitals are evenly spaced, and the condensed cut
is about as wide, so every label still fits where it did. A build without the bundled
file falls back to pygame's face.

Rendered strings are cached: meters change a few times a second at most, and a
count-up renders each distinct value once. A string not drawn for KEEP_SECONDS is
dropped when a new one is rendered: every round shows a new balance, and a kiosk
keeping each one until the byte bound fills grew for hours (issue 16, defect 12).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]
BUNDLED_FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSansCondensed-Bold.ttf"
FALLBACK_FONT = Path(pygame.__file__).with_name("freesansbold.ttf")
FONT_FILE = BUNDLED_FONT if BUNDLED_FONT.exists() else FALLBACK_FONT
FONTS = BUNDLED_FONT.parent
# Display faces a theme may name for its titles and big numbers (``display_face:`` in its
# theme.yaml); each is free-licensed (SIL OFL 1.1), its licence beside it in assets/fonts/.
DISPLAY_FACES = {
    "dejavu": BUNDLED_FONT,
    "bebas": FONTS / "BebasNeue-Bold.otf",  # tall condensed capitals: casino numbers, neon
    "lobster": FONTS / "Lobster-Regular.otf",  # a bold script: festive, sweet
    "spartan": FONTS / "LeagueSpartan-Black.otf",  # a heavy geometric sans: gold rush, myth
}
DISPLAY_SCALE = {"bebas": 1.18, "lobster": 1.0, "spartan": 0.92, "dejavu": 1.0}  # about the same cap height
FLOOR_AT_720 = 11  # px: no word is drawn smaller on a 720-line screen (the look check's floor)
CACHE_BYTES = 24 * 1024 * 1024  # rendered strings kept, oldest dropped first
WIDTHS_KEPT = 8192  # measured widths kept (all dropped at once past it: they are cheap to measure again)
KEEP_SECONDS = 30.0  # a string not drawn for this long is dropped (the screen's own labels never are)


def floor_size(size: tuple[int, int]) -> int:
    """The smallest type on a screen of ``size``: FLOOR_AT_720 at 720 lines, in proportion to
    the short side (6 px, the least any size is drawn, on the smallest windows)."""
    return max(6, FLOOR_AT_720 * min(size) // 720)


class Text:
    # when set: each new string's surface passes through it (surface, words, size, colour) -- the
    # look check's text boxes (designer/text_boxes.py) follow where each string lands
    follow: Callable[[pygame.Surface, str, int, Colour], pygame.Surface] | None = None

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._fonts: dict[object, pygame.font.Font] = {}  # size (the body face) or (face, size)
        self._rendered: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._last_used: dict[tuple[object, ...], float] = {}
        self._clock = clock
        self._bytes = 0
        self._glyphs: dict[tuple[object, ...], pygame.Surface] = {}
        self._widths: dict[tuple[str, int, str], int] = {}  # measured strings (a label fitted each frame)
        self.floor = 6  # px: ``fit`` never shrinks a string under it (the context sets floor_size)
        self.display = "dejavu"  # the theme's display face (titles, big numbers): a DISPLAY_FACES key
        # when a list: every string rendered is noted (words, size, face) -- the look check reads it
        self.record: list[tuple[str, int, str]] | None = None

    @property
    def cached_bytes(self) -> int:
        """Pixel bytes of the rendered strings kept (the cache's bound is CACHE_BYTES)."""
        return self._bytes

    def font(self, size: int, face: str = "body") -> pygame.font.Font:
        """The body face (every label and rule) or, with ``face="display"``, the theme's
        display face at about the same cap height."""
        name = self.display if face == "display" else "dejavu"
        if name != "dejavu":
            size = round(size * DISPLAY_SCALE.get(name, 1.0))
        size = max(6, int(size))
        key = size if name == "dejavu" else (name, size)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = DISPLAY_FACES.get(name, FONT_FILE)
            if not path.exists():
                path = FONT_FILE
            font = pygame.font.Font(str(path) if path.exists() else None, size)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: Colour, outline: bool = False,
               shadow: bool = False, face: str = "body") -> pygame.Surface:
        face = face if face == "body" else f"display:{self.display}"
        if self.record is not None:
            self.record.append((text, size, face))
        key = (text, size, colour, outline, shadow, face)
        now = self._clock()
        surface = self._rendered.get(key)
        if surface is not None:
            self._rendered.move_to_end(key)
            self._last_used[key] = now
            return surface
        font = self.font(size, "body" if face == "body" else "display")
        face_img = font.render(text, True, colour)
        if outline or shadow:
            d = max(1, size // 16)
            dark = font.render(text, True, (10, 8, 16))
            surface = pygame.Surface((face_img.get_width() + 2 * d, face_img.get_height() + 2 * d), pygame.SRCALPHA)
            offsets = [(d, 2 * d)] if shadow and not outline else \
                [(dx, dy) for dx in (0, d, 2 * d) for dy in (0, d, 2 * d) if (dx, dy) != (d, d)]
            for off in offsets:
                surface.blit(dark, off)
            surface.blit(face_img, (d, d))
        else:
            surface = face_img
        if self.follow is not None:
            surface = self.follow(surface, text, size, colour)
        self._rendered[key] = surface
        self._last_used[key] = now
        self._bytes += surface.get_width() * surface.get_height() * 4
        self._drop_stale(now)
        return surface

    def _drop_stale(self, now: float) -> None:
        """Oldest first (the dict is in order of last use): over the byte bound, or unused too long."""
        rendered = self._rendered
        while len(rendered) > 1:
            oldest = next(iter(rendered))
            if self._bytes <= CACHE_BYTES and now - self._last_used[oldest] <= KEEP_SECONDS:
                return
            old = rendered.pop(oldest)
            del self._last_used[oldest]
            self._bytes -= old.get_width() * old.get_height() * 4

    def counter(self, surface: pygame.Surface, text: str, size: int, colour: Colour,
                center: tuple[int, int], *, outline: bool = False, face: str = "body") -> pygame.Rect:
        """Draw a fast-changing string (a count-up) glyph by glyph from cached characters,
        so a new value each frame renders nothing new. Returns the area drawn."""
        glyphs = []
        which = face if face == "body" else f"display:{self.display}"
        for ch in text:
            key = (ch, size, colour, outline, which)
            glyph = self._glyphs.get(key)
            if glyph is None:
                glyph = self.render(ch, size, colour, outline, face=face)
                self._glyphs[key] = glyph
            glyphs.append(glyph)
        pad = 2 * max(1, size // 16) if outline else 0  # an outlined glyph's margins overlap its neighbours'
        width = sum(g.get_width() - pad for g in glyphs) + pad
        height = max((g.get_height() for g in glyphs), default=0)
        x, y = center[0] - width // 2, center[1] - height // 2
        for glyph in glyphs:
            surface.blit(glyph, (x, y))
            x += glyph.get_width() - pad
        if self.follow is not None and hasattr(surface, "merge_text"):  # the glyphs are one string
            surface.merge_text(len(glyphs), text, size)
        return pygame.Rect(center[0] - width // 2, y, width, height)

    def width(self, text: str, size: int, face: str = "body") -> int:
        """``text``'s width in pixels at ``size``: measured once, then kept (a meter or a cell's
        label is fitted every frame; measuring is most of its cost)."""
        key = (text, size, self.display if face == "display" else "dejavu")
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[key] = self.font(size, face).size(text)[0]
        return width

    def fit_size(self, text: str, size: int, max_width: int, *, face: str = "body") -> int:
        """The largest size up to ``size`` at which ``text`` is at most ``max_width`` wide, but
        never under the floor (``fit`` wraps a string too wide at the floor)."""
        size = max(6, int(size))
        width = self.width(text, size, face)
        if width <= max_width or width == 0:
            return size
        return min(size, max(6, self.floor, int(size * max_width / width)))

    def fit(self, text: str, size: int, max_width: int, colour: Colour, *, outline: bool = False,
            shadow: bool = False, face: str = "body") -> pygame.Surface:
        """``text`` in one line as large as fits up to ``size``; a string still too wide at
        the floor size is wrapped into lines at the floor size (one surface, centred lines)."""
        fitted = self.fit_size(text, size, max_width, face=face)
        if self.width(text, fitted, face) <= max_width or " " not in text.strip():
            return self.render(text, fitted, colour, outline, shadow, face=face)
        lines = [self.render(line, fitted, colour, outline, shadow, face=face)
                 for line in self.wrap(text, fitted, max_width, face=face)]
        key = ("\n", text, fitted, colour, outline, shadow, face, max_width)
        block = self._rendered.get(key)
        if block is None:
            pitch = self.font(fitted, face).get_linesize()
            block = pygame.Surface((max(img.get_width() for img in lines),
                                    pitch * (len(lines) - 1) + lines[-1].get_height()), pygame.SRCALPHA)
            for k, img in enumerate(lines):
                block.blit(img, img.get_rect(midtop=(block.get_width() // 2, k * pitch)))
            self._rendered[key] = block
            self._bytes += block.get_width() * block.get_height() * 4
        self._rendered.move_to_end(key)
        self._last_used[key] = self._clock()
        return block

    def shorten(self, text: str, size: int, max_width: int, *, face: str = "body") -> str:
        """``text`` as it is when it fits ``max_width`` at ``size``, else cut short with an
        ellipsis (a list row keeps its role's one size; the full words are on its card)."""
        font = self.font(size, face)
        if font.size(text)[0] <= max_width:
            return text
        words = text.rstrip()
        while words and font.size(words + "\u2026")[0] > max_width:
            words = words[:-1].rstrip()
        return words + "\u2026"

    def wrap(self, text: str, size: int, max_width: int, *, face: str = "body") -> list[str]:
        """Words flowed into lines no wider than ``max_width``."""
        font = self.font(size, face)
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines
