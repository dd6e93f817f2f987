"""``anywhere``: a win lights every cell it counted, wherever it is, with its count and
amount ("9 x CHERRY") on the uncounted cell nearest the middle of the reels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..layout import Layout
from ..wins import draw_highlights
from .common import PlainScreen, amount_label, symbol_name


def uncounted_centre(layout: Layout, positions: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Where the label goes: on the cell nearest the middle of the reels that the win did not
    count (it hides no symbol that paid), else the middle."""
    counted = set(positions)
    cx, cy = layout.reel_window.center
    free = [cell.center for reel, column in enumerate(layout.cells) for row, cell in enumerate(column)
            if (reel, row) not in counted]
    return min(free, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2) if free else (cx, cy)


@dataclass(frozen=True)
class AnywhereScreen(PlainScreen):
    type: str = "anywhere"
    win_kinds: frozenset[str] = field(default=frozenset({"anywhere_win"}))
    awards_heading: str = "PAYS ANYWHERE"
    info_heading: str = "PAYS ANYWHERE"
    gallery_moment: str = "win-anywhere"

    def info_page(self, ctx: Any, page: Any) -> Any:
        """The fewest of the best symbol that pay, scattered over the screen."""
        from cabinet.core.pays.anywhere import rules_of

        from .diagram import best_symbol, draw_example, draw_note

        defn = ctx.defn
        reels, rows = defn.grid.reels, defn.grid.rows
        symbol = best_symbol(defn)
        need = min(rules_of(defn).threshold.get(symbol, 3), reels * rows)
        cells = [(r, (r * 2 + k * 3) % rows) for k in range(rows) for r in range(reels)]
        lit = list(dict.fromkeys(cells))[:need]
        bottom = draw_note(ctx, page, "NO LINES AND NO WAYS: A SYMBOL PAYS BY HOW MANY LAND ANYWHERE ON THE SCREEN.")
        draw_example(ctx, page, (rows,) * reels, lit, f"{need} x {symbol_name(defn, symbol)} ANYWHERE: A WIN",
                     bottom=bottom)
        return page

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        draw_highlights(surface, ctx.art, ctx.layout, screen, win.positions, t)
        amount_label(surface, ctx, win.amount, f"{win.count} x {symbol_name(ctx.defn, win.symbol)}",
                     lambda size: uncounted_centre(ctx.layout, win.positions))

    def caption(self, defn: Any, win: Any) -> str:
        return f"{win.count} x {symbol_name(defn, win.symbol)} ANYWHERE"


SCREEN = AnywhereScreen()
