"""``ways``: a ways win lights its symbols reel by reel along its run (no line is drawn)
and shows "12 WAYS" with its amount; the frame's plaque says how many ways the screen has
(the product of the reels' heights: 243 on a 5x3 screen).

The reel-by-reel sweep: the run's first reel lights at once, each next one
``REEL_STEP`` seconds later, in the run's direction (right to left for an "rtl" win); the
label ("12 WAYS" and the amount) stands beside the run, where it hides none of its symbols.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..layout import Layout
from ..wins import draw_highlights
from .common import PlainScreen, amount_label, draw_plaque_text, symbol_name

REEL_STEP = 0.12  # seconds between one reel of a run lighting and the next


def lit_positions(win: Any, t: float) -> list[tuple[int, int]]:
    """The cells of ``win`` lit ``t`` seconds into its turn: its run's reels in order, one
    more every ``REEL_STEP``, each with all of its matching rows."""
    reels = win.reels[: 1 + int(max(0.0, t) / REEL_STEP)]
    return [(reel, row) for reel, rows in zip(win.reels, win.rows, strict=True) if reel in reels for row in rows]


def ways_label_centre(layout: Layout, reels: Sequence[int], size: tuple[int, int]) -> tuple[int, int]:
    """Where a ways win's label goes: over the first reel past its run (or before it, right
    to left), in the middle of the window; a run over every reel puts it beside the reels,
    or under them when the sides have no room."""
    run = set(reels)
    count = len(layout.columns)
    window = layout.reel_window
    if run:
        after, before = max(run) + 1, min(run) - 1
        free = [r for r in (after, before) if 0 <= r < count and r not in run]
        free += [r for r in range(count) if r not in run]
        if free:
            return layout.columns[free[0]].center[0], window.center[1]
    frame = layout.reel_frame
    w, h = size
    margin = max(4, layout.cell // 12)
    if layout.width - frame.right >= w + 2 * margin:
        return (frame.right + layout.width) // 2, window.center[1]
    if frame.x >= w + 2 * margin:
        return frame.x // 2, window.center[1]
    return frame.center[0], min(layout.height - h // 2, frame.bottom + margin + h // 2)


def ways_text(ways: int) -> str:
    return f"{ways:,} WAY" + ("" if ways == 1 else "S")


@dataclass(frozen=True)
class WaysScreen(PlainScreen):
    type: str = "ways"
    win_kinds: frozenset[str] = field(default=frozenset({"ways_win"}))
    awards_heading: str = "PAYS PER WAY"
    info_heading: str = "WAYS"
    gallery_moment: str = "win-ways"
    short_runs: bool = True

    def info_page(self, ctx: Any, page: Any) -> Any:
        """A 3-reel win on the game's screen: 1 x 2 x 1 = 2 ways, no lines."""
        from .diagram import draw_example, draw_note

        heights = self.example_heights(ctx.defn)
        lit = [(0, heights[0] // 2), (1, 0), (1, heights[1] - 1), (2, heights[2] // 2)]
        bottom = draw_note(ctx, page, self.info_note(ctx.defn, heights))
        draw_example(ctx, page, heights, lit, "3 OF A KIND: 1 x 2 x 1 = 2 WAYS, EACH PAYS", bottom=bottom)
        return page

    def example_heights(self, defn: Any) -> tuple[int, ...]:
        return (defn.grid.rows,) * defn.grid.reels

    def info_note(self, defn: Any, heights: Sequence[int]) -> str:
        return (f"{ways_text(math.prod(heights))} TO WIN, NO PAYLINES. A SYMBOL PAYS ON ADJACENT REELS FROM THE "
                "LEFT, ANYWHERE ON EACH REEL; THE WAYS ARE THE MATCHING SYMBOLS ON EACH REEL MULTIPLIED.")

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        layout = ctx.layout
        draw_highlights(surface, ctx.art, layout, screen, lit_positions(win, since), t)
        amount_label(surface, ctx, win.amount, ways_text(win.ways),
                     lambda size: ways_label_centre(layout, win.reels, size))

    def caption(self, defn: Any, win: Any) -> str:
        times = f" x{win.multiplier}" if win.multiplier > 1 else ""
        return f"{symbol_name(defn, win.symbol)} {win.count} OF A KIND, {ways_text(win.ways)}{times}"

    def draw_plaque(self, surface: Any, ctx: Any, heights: Sequence[int]) -> None:
        draw_plaque_text(surface, ctx, ways_text(math.prod(heights)))


SCREEN = WaysScreen()
