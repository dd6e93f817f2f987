"""The INFO page that shows how a pay model pays: a small screen with one example win on it
(its symbol's picture in the cells that pay, the rest dim) and a line saying how it counts
("1 x 2 x 1 = 2 WAYS"). The words of the rules come from the core's ``rules`` (RULES pages);
this is the picture beside them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ..layout import Box
from ..style import GOLD, PALE_GOLD, WHITE
from ..words import sentence_case

DIM = (60, 44, 90)
LIT = (255, 210, 80)


def best_symbol(defn: Any) -> str:
    """The symbol an example win shows: the best-paying regular symbol."""
    best = max(((max(map(float, defn.pays[s.id].values())), s.id) for s in defn.symbols
                if s.kind == "regular" and not s.pays_as and defn.pays.get(s.id)), default=(0.0, ""))
    return best[1]


def draw_example(ctx: Any, page: pygame.Surface, heights: Sequence[int], lit: Sequence[tuple[int, int]],
                 caption: str, *, bottom: int, outline: Sequence[tuple[int, int]] = ()) -> Box:
    """A screen of ``heights`` (symbols per reel) above ``bottom``, ``lit`` cells showing the
    example symbol, the rest dim squares; ``caption`` under it; ``outline``: cells to trace a
    cluster's outline round. Returns the grid's box."""
    from .outline import inset, trace

    w = page.get_width()
    size = max(10, ctx.layout.fonts.body)
    tallest = max(heights)
    cell = max(6, min(w * 7 // 10 // len(heights), (bottom - size * 4) // tallest))
    gap = max(1, cell // 14)
    grid = Box((w - len(heights) * cell) // 2, size, len(heights) * cell, tallest * cell)
    symbol = best_symbol(ctx.defn)
    picture = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(symbol)}.png",
                            (cell - 2 * gap, cell - 2 * gap), ctx.cache.symbol_placeholder(symbol)) if symbol else None
    lit_cells = set(lit)
    for reel, rows in enumerate(heights):
        pitch = grid.h / rows
        for row in range(rows):
            x = grid.x + reel * cell
            y = round(grid.y + row * pitch + (pitch - cell) / 2)
            box = pygame.Rect(x + gap, y + gap, cell - 2 * gap, cell - 2 * gap)
            if (reel, row) in lit_cells:
                pygame.draw.rect(page, LIT, box.inflate(2 * gap, 2 * gap), width=max(2, gap), border_radius=gap * 2)
                if picture is not None:
                    page.blit(picture, box)
            else:
                pygame.draw.rect(page, DIM, box, border_radius=gap * 2)
    if outline:
        d = max(2, cell // 12)
        for loop in trace(outline):
            points = inset(loop, lambda p: (grid.x + p[0] * cell, grid.y + p[1] * cell), d)
            pygame.draw.lines(page, (64, 220, 255), True, points, max(3, cell // 16))
    text = ctx.text.fit(caption, size, w * 9 // 10, GOLD, outline=True)
    page.blit(text, text.get_rect(midtop=(w // 2, grid.bottom + size)))
    return grid


def draw_note(ctx: Any, page: pygame.Surface, note: str) -> int:
    """Plain words at the foot of the page; returns where they start (the example goes above)."""
    size = max(9, ctx.text.floor, ctx.layout.fonts.body * 4 // 5)  # 9: readable at 640x360 too
    lines = ctx.text.wrap(sentence_case(note), size, page.get_width() * 9 // 10)  # a rule: sentence case
    y = top = page.get_height() - len(lines) * size * 3 // 2
    for line in lines:
        img = ctx.text.render(line, size, PALE_GOLD if line is lines[0] else WHITE)
        page.blit(img, img.get_rect(midtop=(page.get_width() // 2, y)))
        y += size * 3 // 2
    return top
