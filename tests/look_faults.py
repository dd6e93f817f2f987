"""The look check's measurable faults on one rendered screen (issue 36, item 6), read from the
strings ``designer/text_boxes.py`` followed to it (``surface.boxes``) and from its pixels:

- ``too_small``: a string drawn under the floor size of the screen's height;
- ``crossings``: two strings whose ink crosses (text over text);
- ``foreign_words``: a string naming another shipped game;
- ``low_contrast``: status or win words below WCAG AA (4.5) on what is just around them;
- ``button_cut``: the SPIN button's disc not whole at its top (a layer drawn over it).

tests/test_gallery.py runs them on every reference picture of every shipped game, and
tests/test_look_check.py shows each one failing on a small screen that has its fault.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame
from wcag import contrast

from cabinet.designer.text_boxes import Box, overlaps
from cabinet.presentation.text import floor_size

AA = 4.5  # WCAG 2 AA contrast for text
RING = 2  # px around a string's ink: what its words are read against
BUTTON_TOP_CHANGE = 60  # levels (mean of a channel): the top of the SPIN disc differs this much from idle


def boxes_of(surface: Any) -> list[Box]:
    return list(getattr(surface, "boxes", []))


def too_small(surface: Any) -> list[tuple[str, int]]:
    """(words, size) of every string under the floor of the screen's size."""
    floor = floor_size(surface.get_size())
    return sorted({(b.words, b.size) for b in boxes_of(surface) if b.words.strip() and b.size < floor})


def crossings(surface: Any) -> list[tuple[str, str]]:
    return overlaps(boxes_of(surface))


def foreign_words(surface: Any, own: str, others: set[str]) -> list[tuple[str, str]]:
    """(string, the other game's name) for each string naming another game (not this one's)."""
    own = own.upper()
    return sorted({(b.words, other) for b in boxes_of(surface) for other in others
                   if other.upper() in b.words.upper() and other.upper() not in own})


def read_against(surface: Any, rect: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The colour around a string's ink: the median of a RING-px frame just outside it."""
    box = pygame.Rect(rect)
    outer = box.inflate(2 * RING, 2 * RING).clip(surface.get_rect())
    if outer.w <= 0 or outer.h <= 0:
        return 0, 0, 0
    area = pygame.surfarray.array3d(surface.subsurface(outer))
    inner = box.clip(outer).move(-outer.x, -outer.y)
    mask = np.ones(area.shape[:2], dtype=bool)
    mask[inner.x:inner.right, inner.y:inner.bottom] = False
    ring = area[mask]
    if not len(ring):
        return 0, 0, 0
    r, g, b = (int(v) for v in np.median(ring, axis=0))
    return r, g, b


def low_contrast(surface: Any, places: list[tuple[int, int, int, int]]) -> list[tuple[str, float]]:
    """(words, contrast) of each string whose centre lies in one of ``places`` (the status line,
    the win meter) and whose colour is below AA on what is around it."""
    found = []
    rects = [pygame.Rect(p) for p in places]
    for b in boxes_of(surface):
        if b.colour is None or not b.words.strip() or not any(r.collidepoint(pygame.Rect(b.rect).center) for r in rects):
            continue
        ratio = contrast(b.colour, read_against(surface, b.rect))
        if ratio < AA:
            found.append((b.words, round(ratio, 2)))
    return sorted(set(found))


def button_top(surface: Any, button: tuple[int, int, int, int]) -> np.ndarray:
    """The pixels of the top sixth of a button's box, across its middle third."""
    x, y, w, h = button
    part = pygame.Rect(x + w // 3, y, max(1, w // 3), max(2, h // 6)).clip(surface.get_rect())
    return pygame.surfarray.array3d(surface.subsurface(part)).astype(np.int16)


def button_cut(surface: Any, idle: Any, button: tuple[int, int, int, int]) -> float:
    """How much the top of the button differs from the idle screen's (0 when whole); a layer
    laid over it changes its rim wholesale, a lit or pressed button a few levels."""
    here, there = button_top(surface, button), button_top(idle, button)
    if here.shape != there.shape:
        return 255.0
    return float(np.abs(here - there).mean())
