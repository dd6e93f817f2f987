"""``cluster``: each cluster win is outlined, a line traced round the group's edge (not a box
per cell, ``outline.trace``), its cells lit inside it and its size and amount beside it
("CLUSTER OF 9"). During the count-up every cluster is outlined at once, each in its own
colour, so clusters side by side read as groups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..art import PAYLINE_COLOURS
from ..layout import Layout
from ..wins import draw_highlights
from .common import PlainScreen, amount_label, symbol_name
from .outline import Point, inset, trace

OUTLINE_SHADOW = (20, 10, 0)
# outline colours, cyan first: gold is the lit cells' own frame, so an outline reads apart from it
CLUSTER_COLOURS = tuple(PAYLINE_COLOURS[1:] + PAYLINE_COLOURS[:1])


def grid_to_pixels(layout: Layout) -> Any:
    """Maps a corner of the cell grid to pixels: reel edges meet in the gap between reels."""
    columns, cells = layout.columns, layout.cells[0]
    xs = [columns[0].x] + [(a.right + b.x) / 2 for a, b in zip(columns, columns[1:], strict=False)] + \
        [columns[-1].right]
    ys = [c.y for c in cells] + [cells[-1].bottom]

    def to_pixels(point: Point) -> tuple[float, float]:
        x, y = point
        return xs[min(max(x, 0), len(xs) - 1)], ys[min(max(y, 0), len(ys) - 1)]

    return to_pixels


def outline_polygons(layout: Layout, positions: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The pixel loops outlining ``positions``, drawn just inside the group's edge."""
    to_pixels = grid_to_pixels(layout)
    d = max(2, layout.cell // 14)
    return [inset(loop, to_pixels, d) for loop in trace(positions) if len(loop) >= 4]


def draw_outline(surface: pygame.Surface, layout: Layout, positions: Sequence[tuple[int, int]],
                 colour: tuple[int, int, int]) -> None:
    width = max(3, layout.cell // 18)
    for points in outline_polygons(layout, positions):
        for shade, w in ((OUTLINE_SHADOW, width + 4), (colour, width)):
            pygame.draw.lines(surface, shade, True, points, w)
            for corner in points:  # round the joins
                pygame.draw.circle(surface, shade, corner, w // 2)


def cluster_label_centre(layout: Layout, positions: Sequence[tuple[int, int]], size: tuple[int, int]
                         ) -> tuple[int, int]:
    """Under the cluster when there is room in the window, else over its top, else its middle."""
    window = layout.reel_window
    cells = layout.cells
    bottom = max(cells[r][row].bottom for r, row in positions)
    top = min(cells[r][row].y for r, row in positions)
    cx = sum(cells[r][row].center[0] for r, row in positions) // len(positions)
    w, h = size
    cx = min(max(cx, window.x + w // 2), window.right - w // 2)
    if window.bottom - bottom >= h:
        return cx, bottom + h // 2
    if top - window.y >= h:
        return cx, top - h // 2
    return cx, (top + bottom) // 2


def grow_cluster(reels: int, rows: int, size: int) -> list[tuple[int, int]]:
    """``size`` cells grown from the middle of the grid, right then down then left (an example)."""
    x, y = reels // 2 - 1 if reels > 2 else 0, rows // 2 - 1 if rows > 2 else 0
    cells = [(x, y)]
    for dx, dy in ((1, 0), (1, 1), (0, 1), (2, 1), (2, 0), (-1, 1), (1, 2), (0, 2), (2, 2), (-1, 0), (-1, 2)):
        if len(cells) >= size:
            break
        cx, cy = x + dx, y + dy
        if 0 <= cx < reels and 0 <= cy < rows:
            cells.append((cx, cy))
    return cells


def cluster_size(win: Any) -> int:
    return int(getattr(win, "size", 0) or getattr(win, "count", 0) or len(win.positions))


@dataclass(frozen=True)
class ClusterScreen(PlainScreen):
    type: str = "cluster"
    win_kinds: frozenset[str] = field(default=frozenset({"cluster_win"}))
    awards_heading: str = "CLUSTER PAYS"
    info_heading: str = "CLUSTER PAYS"
    gallery_moment: str = "win-cluster"

    def info_page(self, ctx: Any, page: Any) -> Any:
        """The smallest paying cluster of the best symbol, grown from the middle, outlined."""
        from .diagram import best_symbol, draw_example, draw_note

        defn = ctx.defn
        reels, rows = defn.grid.reels, defn.grid.rows
        symbol = best_symbol(defn)
        pays = defn.pays.get(symbol, {})
        need = min([k for k, v in pays.items() if v] or [5])
        group = grow_cluster(reels, rows, min(need, reels * rows))
        bottom = draw_note(ctx, page, "SYMBOLS PAY IN CLUSTERS: A GROUP JOINED UP, DOWN, LEFT OR RIGHT PAYS BY ITS "
                           "SIZE.")
        draw_example(ctx, page, (rows,) * reels, group,
                     f"A CLUSTER OF {len(group)} x {symbol_name(defn, symbol)}: A WIN", bottom=bottom, outline=group)
        return page

    def draw_all(self, surface: Any, ctx: Any, screen: list[list[str]], wins: Sequence[Any],
                 positions: Sequence[tuple[int, int]], t: float) -> None:
        layout = ctx.layout
        draw_highlights(surface, ctx.art, layout, screen, sorted(set(positions)), t)
        clusters = [w for w in wins if w.kind in self.win_kinds]
        for i, win in enumerate(clusters):
            draw_outline(surface, layout, win.positions, CLUSTER_COLOURS[i % len(CLUSTER_COLOURS)])

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        layout = ctx.layout
        draw_highlights(surface, ctx.art, layout, screen, win.positions, t)
        draw_outline(surface, layout, win.positions, CLUSTER_COLOURS[0])
        amount_label(surface, ctx, win.amount, f"CLUSTER OF {cluster_size(win)}",
                     lambda size: cluster_label_centre(layout, win.positions, size))

    def caption(self, defn: Any, win: Any) -> str:
        return f"{symbol_name(defn, win.symbol)} CLUSTER OF {cluster_size(win)}"


SCREEN = ClusterScreen()
