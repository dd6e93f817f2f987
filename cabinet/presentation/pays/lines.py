"""``lines``: a payline win draws its line and lights the symbols on it, its amount on a
label placed where it hides none of them ("LINE 3")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..wins import draw_highlights, draw_payline, line_label_centre
from .common import PlainScreen, amount_label, symbol_name


@dataclass(frozen=True)
class LinesScreen(PlainScreen):
    type: str = "lines"
    win_kinds: frozenset[str] = field(default=frozenset({"line_win"}))

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
