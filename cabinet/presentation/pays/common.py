"""What every pay model's screen shares: the plain screen (a win lights its positions with
its amount: scatters, and any model no module shows), the amount pill, symbol names and
the ways plaque."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..layout import Box, side_column
from ..style import GOLD
from ..wins import draw_highlights

SCATTER_KINDS = frozenset({"scatter_win"})
PILL_TEXT = (255, 236, 150)
PILL_BACK = (16, 8, 28)
PLAQUE_BACK = (28, 12, 40)
PLAQUE_TEXT = (255, 240, 190)


def symbol_name(defn: Any, symbol_id: str) -> str:
    """A symbol as a player reads it: its name, else its id, in capitals."""
    symbol = getattr(defn, "symbol_map", {}).get(symbol_id)
    return (getattr(symbol, "name", "") or symbol_id).upper()


def amount_label(surface: pygame.Surface, ctx: Any, amount: int, caption: str,
                 place: Callable[[tuple[int, int]], tuple[int, int]]) -> pygame.Rect:
    """A win's amount on a dark pill, its caption (LINE 3, 12 WAYS) above it, centred where
    ``place`` puts a pill of its size. Returns the pill."""
    size = ctx.layout.fonts.title * 3 // 5
    img = ctx.text.render(ctx.money(amount), size, PILL_TEXT)
    cap = ctx.text.render(caption, max(9, size * 11 // 20), (255, 255, 255))
    w = max(img.get_width(), cap.get_width()) + size
    h = img.get_height() + cap.get_height() + size // 4
    pill = pygame.Rect(0, 0, w, h)
    pill.center = place((w, h))
    pygame.draw.rect(surface, PILL_BACK, pill, border_radius=h // 3)
    pygame.draw.rect(surface, GOLD, pill, width=max(2, size // 12), border_radius=h // 3)
    surface.blit(cap, cap.get_rect(midtop=(pill.centerx, pill.y + size // 8)))
    surface.blit(img, img.get_rect(midbottom=(pill.centerx, pill.bottom - size // 10)))
    return pill


def plaque_box(ctx: Any) -> Box:
    """Where the model's plaque (the ways counter) goes: landscape, beside the wrench at the
    foot of the TOP AWARDS column, under the glass (the band under the reels carries the bet
    pills, the frame's top the logo); portrait, in the badge row between the two badges."""
    from ..icons import settings_box

    layout = ctx.layout
    margin = max(4, layout.width // 80)
    if layout.portrait:
        left, right = layout.counter_badge, layout.multiplier_badge
        h = left.h
        w = max(h * 4, right.x - left.right - 2 * margin)
        return Box(layout.width // 2 - w // 2, left.y, w, h)
    wrench = settings_box(layout)
    on_left = layout.counter_badge.x < layout.width // 2  # the TOP AWARDS side
    x0, x1 = side_column(layout, on_left, margin)
    if wrench.center[0] < (x0 + x1) // 2:
        x0 = max(x0, wrench.right + margin)
    else:
        x1 = min(x1, wrench.x - margin)
    h = wrench.h * 4 // 5
    return Box(x0, wrench.center[1] - h // 2, max(h, x1 - x0), h)


def draw_plaque_text(surface: pygame.Surface, ctx: Any, label: str) -> Box:
    """``label`` on the plaque: a dark plate with a gold rim over the frame's foot."""
    box = plaque_box(ctx)
    radius = box.h // 2
    pygame.draw.rect(surface, PLAQUE_BACK, box, border_radius=radius)
    pygame.draw.rect(surface, GOLD, box, width=max(2, box.h // 10), border_radius=radius)
    text = ctx.text.fit(label, box.h * 7 // 10, box.w - box.h, PLAQUE_TEXT, outline=True)
    surface.blit(text, text.get_rect(center=box.center))
    return box


@dataclass(frozen=True)
class PlainScreen:
    """A model's wins lit at their positions, each alone with its amount in the middle of
    the reels: every model's scatters, and the fallback for a model no module shows."""

    type: str = "plain"
    win_kinds: frozenset[str] = frozenset()
    presenters: Mapping[str, Any] = field(default_factory=dict)
    awards_heading: str = "TOP AWARDS"
    info_heading: str = "HOW IT PAYS"
    gallery_moment: str = "win-plain"  # the gallery's picture of one of its wins cycling
    short_runs: bool = False  # the gallery pictures a win of fewer reels than the screen has (its label's place)

    def draw_all(self, surface: Any, ctx: Any, screen: list[list[str]], wins: Sequence[Any],
                 positions: Sequence[tuple[int, int]], t: float) -> None:
        draw_highlights(surface, ctx.art, ctx.layout, screen, sorted(set(positions)), t)

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        draw_highlights(surface, ctx.art, ctx.layout, screen, getattr(win, "positions", ()), t)
        amount_label(surface, ctx, win.amount, self.caption(ctx.defn, win), lambda size: ctx.layout.reel_window.center)

    def caption(self, defn: Any, win: Any) -> str:
        symbol = getattr(win, "symbol", "")
        count = getattr(win, "count", 0)
        if win.kind in SCATTER_KINDS:
            return f"{count} x {symbol}"
        return f"{symbol_name(defn, symbol)} x {count}" if symbol else win.kind.replace("_", " ").upper()

    def info_page(self, ctx: Any, page: Any) -> Any:
        from .diagram import draw_note

        draw_note(ctx, page, "SEE THE RULES FOR HOW THIS GAME PAYS")
        return page

    def draw_plaque(self, surface: Any, ctx: Any, heights: tuple[int, ...]) -> None:
        return None


PLAIN = PlainScreen()
