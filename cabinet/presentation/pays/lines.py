"""``lines``: a payline win draws its line and lights the symbols on it, its amount on a
label placed where it hides none of them ("LINE 3")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..style import GOLD
from ..wins import draw_highlights, draw_payline, line_label_centre
from .common import PlainScreen, amount_label, symbol_name


@dataclass(frozen=True)
class LinesScreen(PlainScreen):
    type: str = "lines"
    win_kinds: frozenset[str] = field(default=frozenset({"line_win"}))
    info_heading: str = "PAYLINES"
    gallery_moment: str = "win-line"
    short_runs: bool = True

    def info_page(self, ctx: Any, page: Any) -> Any:
        """Every payline as a small grid, the ones the bet plays in gold."""
        lines = ctx.defn.lines
        played = ctx.session.bet.lines
        reels, rows = ctx.defn.grid.reels, ctx.defn.grid.rows
        cols = 5 if not ctx.layout.portrait else 4
        grid_rows = max(1, -(-len(lines) // cols))
        cw, ch = page.get_width() // cols, page.get_height() // grid_rows
        label = max(9, min(ctx.layout.fonts.body * 3 // 4, ch // 3))
        cell = max(3, min((cw - label * 2 - 6) // reels, (ch - 6) // rows))
        for i, pattern in enumerate(lines):
            x0, y0 = (i % cols) * cw, (i // cols) * ch
            on = i < played
            page.blit(ctx.text.render(str(i + 1), label, GOLD if on else (120, 110, 130)), (x0, y0 + 2))
            gx, gy = x0 + label * 2, y0 + (ch - rows * cell) // 2
            for r in range(reels):
                for row in range(rows):
                    lit = r < len(pattern) and row == pattern[r]
                    colour = ((255, 210, 80) if on else (150, 130, 90)) if lit else (60, 44, 90)
                    pygame.draw.rect(page, colour, (gx + r * cell, gy + row * cell, cell - 2, cell - 2))
        return page

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        layout = ctx.layout
        pattern = ctx.defn.lines[win.line]
        draw_payline(surface, ctx.art, layout, pattern, win.line)
        draw_highlights(surface, ctx.art, layout, screen, win.positions, t)
        amount_label(surface, ctx, win.amount, f"LINE {win.line + 1}",
                     lambda size: line_label_centre(layout, pattern, win.positions, size))

    def caption(self, defn: Any, win: Any) -> str:
        return f"LINE {win.line + 1}: {symbol_name(defn, win.symbol)} {win.count} OF A KIND"

    def draw_plaque(self, surface: Any, ctx: Any, heights: Sequence[int]) -> None:
        return None


SCREEN = LinesScreen()
