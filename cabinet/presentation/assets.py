"""Art loaded once and scaled once per size; visible placeholders for what is missing.

Every scale and every ``convert`` in the presentation goes through this module
(``_scale``/``_convert``), at load or warm-up time only. The frame loop blits
surfaces it already has; a test counts the calls to prove it.

A sprite that is missing or cannot be read gives a drawn placeholder (never a crash)
and exactly one warning for that file.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pygame

from ..paths import SHARED, shared_folder
from .text import Text

Size = tuple[int, int]

BUTTON_NAMES = ("spin", "autoplay", "bet_minus", "bet_plus", "max_bet", "menu", "info", "respin", "stop",
                "close", "arrow_left", "arrow_right", "toggle_on", "toggle_off")
BUTTON_LABELS = {"spin": "SPIN", "autoplay": "AUTO", "bet_minus": "-", "bet_plus": "+", "max_bet": "MAX",
                 "menu": "MENU", "info": "i", "respin": "RESPIN", "stop": "STOP", "close": "X",
                 "arrow_left": "<", "arrow_right": ">", "toggle_on": "ON", "toggle_off": "OFF"}
BUTTON_STATES = ("", "_pressed", "_disabled")


def _scale(surface: pygame.Surface, size: Size) -> pygame.Surface:
    """The single scaling entry point (warm-up only)."""
    if surface.get_size() == size:
        return surface.copy()
    if surface.get_bitsize() in (24, 32) and size[0] > 0 and size[1] > 0:
        return pygame.transform.smoothscale(surface, size)
    return pygame.transform.scale(surface, size)


def _convert(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """The single conversion entry point (load time only)."""
    if pygame.display.get_surface() is None:
        return surface  # no display yet (pure tests): keep the file's format
    return surface.convert_alpha() if alpha else surface.convert()


def opening_inset(frame: pygame.Surface) -> int:
    """How far in from the left edge a frame's transparent opening begins (px)."""
    w, h = frame.get_size()
    for x in range(w // 2, -1, -1):
        if frame.get_at((x, h // 2)).a >= 128:
            return max(1, x + 1)
    return max(1, w // 10)


def nine_slice(source: pygame.Surface, size: Size, corner: int, corner_out: int) -> pygame.Surface:
    """Scale ``source`` to ``size`` keeping its ``corner``-px corners square (warm-up only)."""
    w, h = source.get_size()
    W, H = size  # noqa: N806 - destination size
    c = max(1, min(corner, w // 2 - 1, h // 2 - 1))
    d = max(1, min(corner_out, W // 2, H // 2))
    xs_src, xs_dst = (0, c, w - c, w), (0, d, W - d, W)
    ys_src, ys_dst = (0, c, h - c, h), (0, d, H - d, H)
    out = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(3):
        for j in range(3):
            sw, sh = xs_src[i + 1] - xs_src[i], ys_src[j + 1] - ys_src[j]
            dw, dh = xs_dst[i + 1] - xs_dst[i], ys_dst[j + 1] - ys_dst[j]
            if sw <= 0 or sh <= 0 or dw <= 0 or dh <= 0:
                continue
            piece = source.subsurface((xs_src[i], ys_src[j], sw, sh))
            out.blit(_scale(piece, (dw, dh)), (xs_dst[i], ys_dst[j]))
    return out


def _hue(name: str) -> pygame.Color:
    """A stable, distinct colour per name (placeholders must tell symbols apart)."""
    colour = pygame.Color(0)
    colour.hsva = (zlib.crc32(name.encode()) % 360, 70, 90, 100)
    return colour


class AssetCache:
    """Sprites under ``sprites_root``: originals once, each size once."""

    def __init__(self, sprites_root: Path, text: Text, warn: Callable[[str], None] | None = None) -> None:
        self.root = sprites_root
        self.text = text
        self._originals: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, Size], pygame.Surface] = {}
        self._warned: set[str] = set()
        self._warn = warn or (lambda msg: print(f"cabinet: warning: {msg}", file=sys.stderr))
        self.missing: list[str] = []  # relative paths that fell back to placeholders

    def warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            self._warn(message)

    def original(self, rel: str) -> pygame.Surface | None:
        """The file as loaded (converted), or None when missing or unreadable (one warning)."""
        if rel not in self._originals:
            path = self.path(rel)
            surface: pygame.Surface | None = None
            try:
                surface = _convert(pygame.image.load(str(path)))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                reason = "missing" if not path.exists() else f"unreadable ({exc})"
                stand_in = ("the button is drawn as a plain circle (python -m cabinet.assets writes "
                            "sprites/common/)" if rel.startswith(f"{SHARED}/buttons/") else "drawing a placeholder")
                self.warn_once(rel, f"sprite {path} {reason}; {stand_in}")
                self.missing.append(rel)
            self._originals[rel] = surface
        return self._originals[rel]

    def path(self, rel: str) -> Path:
        """Where ``rel`` is read from: the root, or for a shared file (``common/...``) the
        cabinet's own when the root has no common/ folder."""
        head, _, tail = rel.partition("/")
        if head == SHARED:
            return shared_folder(self.root, "sprites") / tail
        return self.root / rel

    def release_originals(self) -> None:
        """Free the full-size images (kept: which files are missing, so each warns once)."""
        self._originals = {rel: None for rel, surface in self._originals.items() if surface is None}

    def exists(self, rel: str) -> bool:
        return self.original(rel) is not None

    def get(self, rel: str, size: Size, placeholder: Callable[[Size], pygame.Surface] | None = None
            ) -> pygame.Surface:
        """``rel`` scaled to ``size`` (cached); a placeholder of that size when missing."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (rel, size)
        surface = self._scaled.get(key)
        if surface is None:
            surface = self._scaled[key] = self._made(rel, size, placeholder)
        return surface

    def _made(self, rel: str, size: Size, placeholder: Callable[[Size], pygame.Surface] | None) -> pygame.Surface:
        """``rel`` scaled to ``size`` from its file, or a placeholder of that size when missing."""
        source = self.original(rel)
        return _scale(source, size) if source is not None else (placeholder or self._generic_placeholder(rel))(size)

    def get_once(self, rel: str, size: Size, placeholder: Callable[[Size], pygame.Surface] | None = None
                 ) -> pygame.Surface:
        """``rel`` at ``size`` as ``get`` gives it, but not kept unless it already was: an
        intermediate that a builder scales down further (its memory goes once it is used)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        kept = self._scaled.get((rel, size))
        return kept if kept is not None else self._made(rel, size, placeholder)

    def forget(self, rel: str) -> None:
        """Drop every scaled copy of ``rel`` (a builder kept its own, changed copy)."""
        for key in [key for key in self._scaled if key[0] == rel]:
            del self._scaled[key]

    def get_frame(self, rel: str, size: Size, border: int,
                  placeholder: Callable[[Size], pygame.Surface] | None = None) -> pygame.Surface:
        """A frame sprite nine-sliced to ``size`` so that its opening starts ``border`` px in:
        corners keep their shape (rivets stay round), edges stretch."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (f"{rel}#border{border}", size)
        surface = self._scaled.get(key)
        if surface is None:
            source = self.original(rel)
            if source is None:
                surface = (placeholder or self._generic_placeholder(rel))(size)
            else:
                src_border = opening_inset(source)
                surface = nine_slice(source, size, src_border + 8, round((src_border + 8) * border / src_border))
            self._scaled[key] = surface
        return surface

    def scaled_copy(self, surface: pygame.Surface, size: Size) -> pygame.Surface:
        """Scale an already prepared surface (warm-up only: banners' zoom frames, pulses)."""
        return _scale(surface, (max(1, int(size[0])), max(1, int(size[1]))))

    def forget_sizes(self) -> None:
        """Drop every scaled copy (a new window size will scale again, once)."""
        self._scaled.clear()

    def _generic_placeholder(self, rel: str) -> Callable[[Size], pygame.Surface]:
        def draw(size: Size) -> pygame.Surface:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            surface.fill((255, 0, 255, 255))
            w, h = size
            for x in range(-h, w, max(8, w // 8)):
                pygame.draw.line(surface, (40, 0, 40), (x, 0), (x + h, h), 2)
            label = self.text.fit(Path(rel).stem.upper(), max(8, h // 5), w - 4, (255, 255, 255))
            surface.blit(label, label.get_rect(center=(w // 2, h // 2)))
            return surface

        return draw

    # -- placeholders that still read as a cabinet ------------------------------------------------

    def symbol_placeholder(self, symbol_id: str) -> Callable[[Size], pygame.Surface]:
        def draw(size: Size) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            colour = _hue(symbol_id)
            r = max(2, w // 8)
            pygame.draw.rect(surface, (20, 20, 30), (w * 0.06, h * 0.06, w * 0.88, h * 0.88), border_radius=r)
            pygame.draw.rect(surface, colour, (w * 0.1, h * 0.1, w * 0.8, h * 0.8), border_radius=r)
            pygame.draw.rect(surface, colour.lerp((255, 255, 255), 0.45), (w * 0.16, h * 0.14, w * 0.68, h * 0.2),
                             border_radius=r // 2)
            label = self.text.fit(symbol_id, max(8, int(h * 0.22)), int(w * 0.74), (255, 255, 255), outline=True)
            surface.blit(label, label.get_rect(center=(w // 2, int(h * 0.56))))
            return surface

        return draw

    def button_placeholder(self, name: str, state: str) -> Callable[[Size], pygame.Surface]:
        base = {"spin": (40, 170, 60), "respin": (200, 120, 30), "stop": (190, 40, 40),
                "toggle_on": (40, 170, 60), "toggle_off": (110, 110, 120)}.get(name, (40, 90, 170))

        def draw(size: Size) -> pygame.Surface:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            colour = pygame.Color(*base)
            if state == "_disabled":
                colour = pygame.Color(90, 90, 96)
            elif state == "_pressed":
                colour = colour.lerp((0, 0, 0), 0.35)
            rect = pygame.Rect(0, 0, w, h)
            round_button = abs(w - h) <= max(2, h // 10)
            radius = min(w, h) // 2 if round_button else h // 3
            pygame.draw.rect(surface, (235, 200, 90), rect, border_radius=radius)
            inner = rect.inflate(-max(4, w // 14), -max(4, h // 14))
            steps = max(1, inner.h // 2)
            for i in range(steps):  # a vertical sheen: light on top, dark below
                band = pygame.Rect(inner.x, inner.y + i * inner.h // steps, inner.w, inner.h // steps + 2)
                shade = colour.lerp((255, 255, 255), max(0.0, 0.45 - i / steps)) if i < steps / 2 else \
                    colour.lerp((0, 0, 0), (i / steps - 0.5) * 0.5)
                clip = surface.get_clip()
                surface.set_clip(band)
                pygame.draw.rect(surface, shade, inner, border_radius=max(0, radius - w // 28))
                surface.set_clip(clip)
            label = self.text.fit(BUTTON_LABELS.get(name, name.upper()), max(8, int(h * 0.3)),
                                  int(inner.w * 0.86), (255, 255, 255), outline=True)
            surface.blit(label, label.get_rect(center=rect.center))
            return surface

        return draw
