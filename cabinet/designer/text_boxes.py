"""Where every string lands on screen: the look check's "text over text" (issue 36, item 6).

The type renderer knows what it draws but not where: a string is rendered once, blitted
onto a plate, the plate onto a layer, the layer (perhaps scaled down from a 2x canvas) onto
the screen. While ``following_text()`` is on, every ``pygame.Surface`` made is a ``Tracked``
surface that carries the boxes of the strings on it (``Box``: the inked pixels' rectangle,
the words, the size) through blits, copies, fills and scales: a blit moves the source's
boxes into the target, clipped; anything opaque laid over a box (a plate, a panel, the next
frame's background) takes it away. ``overlaps`` then names every two strings whose ink
crosses.

Only for checks: it slows drawing down, and pictures made under it are the same pixels.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

COVERING_ALPHA = 160  # a layer at least this opaque over a string hides it (a dimmer under a panel does)
COVERED_SHARE = 0.8  # ... when it covers at least this much of the string's ink
CROSSING_PX = 3  # two strings' ink rectangles crossing by fewer pixels each way only touch (an outline's rim)


@dataclass(frozen=True)
class Box:
    """One string's inked pixels on a surface."""

    rect: tuple[int, int, int, int]
    words: str
    size: int
    colour: tuple[int, ...] | None = None  # the words' colour, for the contrast check (None: not known)

    def moved(self, dx: int, dy: int, clip: pygame.Rect) -> Box | None:
        moved = pygame.Rect(self.rect).move(dx, dy).clip(clip)
        if moved.w <= 0 or moved.h <= 0:
            return None
        return Box(tuple(moved), self.words, self.size, self.colour)  # type: ignore[arg-type]

    def scaled(self, sx: float, sy: float) -> Box:
        x, y, w, h = self.rect
        return Box((round(x * sx), round(y * sy), max(1, round(w * sx)), max(1, round(h * sy))), self.words,
                   round(self.size * sy), self.colour)


_Surface = pygame.Surface


class Tracked(_Surface):  # type: ignore[misc, valid-type]
    """A surface that knows which strings are on it (``boxes``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.boxes: list[Box] = []

    def _with_boxes(self, out: Any) -> Any:
        if isinstance(out, Tracked):
            out.boxes = list(getattr(self, "boxes", []))
        return out

    def copy(self) -> Any:
        return self._with_boxes(super().copy())

    def convert(self, *args: Any) -> Any:
        return self._with_boxes(super().convert(*args))

    def convert_alpha(self, *args: Any) -> Any:
        return self._with_boxes(super().convert_alpha(*args))

    def note_text(self, words: str, size: int, colour: tuple[int, ...] | None = None) -> None:
        """This surface is one string, ``words`` at ``size``: its box is its inked pixels."""
        ink = self.get_bounding_rect(min_alpha=1)
        self.boxes = [Box(tuple(ink), words, size, colour)] if ink.w and ink.h else []  # type: ignore[arg-type]

    def merge_text(self, count: int, words: str, size: int) -> None:
        """The last ``count`` strings blitted (a counter's glyphs) are one string, ``words``."""
        mine = getattr(self, "boxes", [])
        glyphs = [b for b in mine[len(mine) - count:]] if count else []
        if not glyphs:
            return
        whole = pygame.Rect(glyphs[0].rect).unionall([pygame.Rect(b.rect) for b in glyphs[1:]])
        self.boxes = mine[:len(mine) - count] + [Box(tuple(whole), words, size, glyphs[0].colour)]  # type: ignore[arg-type]

    def _cover(self, rect: pygame.Rect, opacity: Any) -> None:
        """Take away the boxes ``rect`` hides (``opacity(part)``: the layer's mean alpha over ``part``)."""
        boxes = getattr(self, "boxes", None)
        if not boxes:
            return
        hit = rect.collidelistall([box.rect for box in boxes])  # most draws touch no string: one call
        if not hit:
            return
        kept = [box for i, box in enumerate(boxes) if i < hit[0]]
        for box in boxes[hit[0]:]:
            under = pygame.Rect(box.rect).clip(rect)
            area = box.rect[2] * box.rect[3]
            if under.w * under.h >= COVERED_SHARE * area and opacity(under) >= COVERING_ALPHA:
                continue
            kept.append(box)
        self.boxes = kept

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> Any:
        rect = super().blit(source, dest, area, special_flags)
        if rect.w <= 0 or rect.h <= 0:
            return rect
        dx, dy = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        ax, ay = (0, 0) if area is None else pygame.Rect(area).topleft
        if not special_flags:
            self._cover(rect, lambda part: source_alpha(source, part.move(ax - dx, ay - dy)))
        for box in getattr(source, "boxes", ()):
            moved = box.moved(dx - ax, dy - ay, rect)
            if moved is not None:
                self.boxes.append(moved)
        return rect

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> Any:
        done = super().fill(color, rect, special_flags)
        if not special_flags:  # a fill replaces the pixels, whatever its alpha
            self._cover(done if rect is not None else self.get_rect(), lambda part: 255)
        return done


def source_alpha(source: Any, part: pygame.Rect) -> float:
    """How opaque ``source`` is over ``part`` (its own coordinates): 0 to 255. A colour-keyed
    layer (a feature's backdrop with holes punched for the reels and the buttons, a panel baked
    into it) is opaque where its pixels are not the key: the share of them counts."""
    part = part.clip(source.get_rect())
    if part.w <= 0 or part.h <= 0:
        return 0.0
    if source.get_flags() & pygame.SRCALPHA:
        return float(pygame.transform.average_color(source, part)[3])
    alpha = source.get_alpha()
    whole = 255.0 if alpha is None else float(alpha)
    if source.get_colorkey() is None:
        return whole
    shown = _key_mask(source).overlap_area(pygame.Mask(part.size, fill=True), part.topleft)
    return whole * shown / (part.w * part.h)  # the key's pixels are see-through


def _key_mask(source: Any) -> pygame.mask.Mask:
    """Where a colour-keyed layer is not its key, made once per layer: reading an RLE-keyed
    surface's pixels decodes it whole, and the layer (a backdrop) is blitted at every frame."""
    mask = getattr(source, "_look_key_mask", None)
    if mask is None:
        mask = pygame.mask.from_surface(source)
        with contextlib.suppress(AttributeError):  # a plain pygame surface keeps no attributes
            source._look_key_mask = mask
    return mask


def _tracked_copy(result: Any, boxes: list[Box]) -> Any:
    """``result`` (a plain surface from pygame.transform) as a Tracked surface carrying ``boxes``."""
    if not boxes:
        return result
    flags = result.get_flags() & pygame.SRCALPHA
    out = Tracked(result.get_size(), flags, result)
    out.blit(result, (0, 0), special_flags=pygame.BLEND_RGBA_ADD if flags else 0)  # onto zeros: the same pixels
    out.boxes = boxes
    return out


def _scaling(original: Any) -> Any:
    def scale(surface: Any, size: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(surface, size, *args, **kwargs)
        boxes = getattr(surface, "boxes", None)
        if not boxes:
            return result
        (w, h), (nw, nh) = surface.get_size(), result.get_size()
        return _tracked_copy(result, [b.scaled(nw / max(1, w), nh / max(1, h)) for b in boxes])
    return scale


def _draw_rect(original: Any) -> Any:
    def rect(surface: Any, color: Any, where: Any, width: int = 0, *args: Any, **kwargs: Any) -> Any:
        done = original(surface, color, where, width, *args, **kwargs)
        if width == 0 and isinstance(surface, Tracked):
            surface._cover(done, lambda part: 255)  # noqa: SLF001  (a filled rectangle replaces pixels)
        return done
    return rect


@contextlib.contextmanager
def following_text() -> Iterator[None]:
    """While on: every surface made is Tracked, the window's too, and scaling keeps the boxes."""
    saved = (pygame.Surface, pygame.display.set_mode, pygame.transform.scale, pygame.transform.smoothscale,
             pygame.transform.scale_by, pygame.transform.smoothscale_by, pygame.draw.rect)
    real_set_mode, real_get_surface = pygame.display.set_mode, pygame.display.get_surface
    window: list[Any] = []  # the Tracked window: get_surface answers it too (an app that took a
    # resize event, one left in the queue by an earlier test among them, asks get_surface)

    def set_mode(size: Any = (0, 0), flags: int = 0, *args: Any, **kwargs: Any) -> Any:
        real = real_set_mode(size, flags, *args, **kwargs)
        window[:] = [Tracked(real.get_size(), 0, real)]
        return window[0]

    def get_surface() -> Any:
        return window[0] if window else real_get_surface()

    from cabinet.presentation.text import Text

    pygame.Surface = Tracked  # type: ignore[misc]
    Text.follow = staticmethod(follow_string)  # type: ignore[assignment]
    pygame.display.set_mode = set_mode
    pygame.display.get_surface = get_surface
    pygame.transform.scale = _scaling(saved[2])
    pygame.transform.smoothscale = _scaling(saved[3])
    pygame.transform.scale_by = _scaling(saved[4])
    pygame.transform.smoothscale_by = _scaling(saved[5])
    pygame.draw.rect = _draw_rect(saved[6])
    try:
        yield
    finally:
        Text.follow = None
        pygame.display.get_surface = real_get_surface
        (pygame.Surface, pygame.display.set_mode, pygame.transform.scale, pygame.transform.smoothscale,
         pygame.transform.scale_by, pygame.transform.smoothscale_by, pygame.draw.rect) = saved  # type: ignore[misc]


def overlaps(boxes: list[Box]) -> list[tuple[str, str]]:
    """Every two different strings whose ink crosses (by CROSSING_PX or more each way); the
    same words twice (an outline, a shadow, a glow drawn as a copy) are one string."""
    found = set()
    for i, a in enumerate(boxes):
        ra = pygame.Rect(a.rect)
        for b in boxes[i + 1:]:
            if a.words.strip() == b.words.strip():
                continue
            cross = ra.clip(b.rect)
            if cross.w >= CROSSING_PX and cross.h >= CROSSING_PX:
                found.add(tuple(sorted((a.words.strip(), b.words.strip()))))
    return sorted(found)  # type: ignore[arg-type]


def follow_string(surface: Any, words: str, size: int, colour: tuple[int, ...] | None = None) -> Any:
    """``Text.follow``: a rendered string as a Tracked surface that is that one string."""
    out = _tracked_copy(surface, [Box((0, 0, 1, 1), words, size)])
    out.note_text(words, size, None if colour is None else tuple(colour)[:3])
    return out
