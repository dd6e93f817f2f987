"""The bet panel of games that name their bet by LEVEL (Happy Riches): LEVEL and
COIN VALUE selectors with their own arrows, and COINS (the balance in coins).

It sits in the row under the reels (games with a bet level have no respin tags
there). The rectangles are pure; ``draw`` paints from cached text each frame; the
base scene turns presses on the arrows (``ITEM`` with the indices below) into bets
with ``stepped``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from cabinet.core.bet import Bet, is_allowed
from cabinet.core.definition import Definition
from cabinet.machine.buttons import Button, Press

from .chrome import chrome
from .layout import Box, Layout
from .style import GOLD, WHITE

if TYPE_CHECKING:
    from .context import Context

LEVEL_DOWN, LEVEL_UP, COIN_DOWN, COIN_UP = 0, 1, 2, 3  # ITEM indices of the four arrows


@dataclass(frozen=True)
class BetPanelBoxes:
    level: Box
    coin: Box
    coins: Box

    def arrows(self) -> dict[int, Box]:
        h = self.level.h
        return {
            LEVEL_DOWN: Box(self.level.x, self.level.y, h, h),
            LEVEL_UP: Box(self.level.right - h, self.level.y, h, h),
            COIN_DOWN: Box(self.coin.x, self.coin.y, h, h),
            COIN_UP: Box(self.coin.right - h, self.coin.y, h, h),
        }


def panel_boxes(layout: Layout) -> BetPanelBoxes:
    """Three pills across the row under the reel window: LEVEL, COIN VALUE, COINS."""
    tag = layout.tags[0]
    window = layout.reel_window
    h = max(tag.h * 115 // 100, layout.fonts.tag + 10)
    y = tag.y + tag.h // 2 - h // 2
    gap = max(4, h // 2)
    level_w = window.w * 30 // 100
    coin_w = window.w * 38 // 100
    coins_w = window.w - level_w - coin_w - 2 * gap
    level = Box(window.x, y, level_w, h)
    coin = Box(level.right + gap, y, coin_w, h)
    coins = Box(coin.right + gap, y, coins_w, h)
    return BetPanelBoxes(level, coin, coins)


def hit_regions(layout: Layout) -> list[tuple[Box, Press]]:
    boxes = panel_boxes(layout)
    regions: list[tuple[Box, Press]] = [(box, Press(Button.ITEM, index)) for index, box in boxes.arrows().items()]
    regions += [(boxes.level, Press(Button.BET_SELECT)), (boxes.coin, Press(Button.BET_SELECT))]
    return regions


def stepped(defn: Definition, bet: Bet, index: int) -> Bet | None:
    """The bet one arrow press makes (None: already at that end, or no allowed bet there)."""
    model = defn.bet
    if index in (LEVEL_DOWN, LEVEL_UP):
        options, current, field = model.coins_per_line, bet.coins_per_line, "coins_per_line"
        direction = 1 if index == LEVEL_UP else -1
    elif index in (COIN_DOWN, COIN_UP):
        options, current, field = model.coin_values, bet.coin_value, "coin_value"
        direction = 1 if index == COIN_UP else -1
    else:
        return None
    ordered = sorted(options)
    position = ordered.index(current) if current in ordered else 0
    onwards = range(position + 1, len(ordered)) if direction > 0 else range(position - 1, -1, -1)
    for j in onwards:  # the next value that makes an allowed bet (a total-bet limit may skip some)
        candidate = replace(bet, **{field: ordered[j]})
        if is_allowed(defn, candidate):
            return candidate
    return None


def draw_arrow(surface: pygame.Surface, box: Box, left: bool, enabled: bool) -> None:
    cx, cy = box.center
    r = box.h // 2 - 1
    pygame.draw.circle(surface, (120, 80, 24) if enabled else (60, 50, 60), (cx, cy), r)
    pygame.draw.circle(surface, GOLD if enabled else (110, 100, 110), (cx, cy), r, width=max(1, r // 6))
    s = r * 5 // 10
    tip = cx - s if left else cx + s
    back = cx + s // 2 if left else cx - s // 2
    points = [(tip, cy), (back, cy - s), (back, cy + s)]
    pygame.draw.polygon(surface, WHITE if enabled else (150, 140, 150), points)


def _pill(ctx: Context, surface: pygame.Surface, box: Box) -> None:
    look = chrome(ctx)
    pygame.draw.rect(surface, look.well, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, look.rim_dark, box, width=max(1, box.h // 14), border_radius=box.h // 2)


FLOOR_PX = 11  # the smallest type on a player's screen at 720 lines (tests/test_look_check.py)


def _caption_value(ctx: Context, surface: pygame.Surface, area: Box, caption: str, value: str,
                   enabled: bool) -> None:
    """``CAPTION value`` centred in ``area``: a small gold caption and a bold white value."""
    text = ctx.text
    size = min(ctx.layout.fonts.tag * 115 // 100, area.h * 68 // 100)
    floor = min(size, FLOOR_PX * ctx.layout.height // 720)  # the value is never shrunk below a readable size
    # a narrow pill (a 6-reel Megaways window) drops the caption's first word, then the caption,
    # rather than shrink the value to a smudge: "COIN VALUE €0.01" -> "VALUE €0.01" -> "€0.01"
    for words in (caption, caption.split(" ")[-1], ""):
        cap = text.render(words, max(8, size * 7 // 10), GOLD if enabled else (140, 120, 90)) if words else \
            pygame.Surface((0, 0))
        room = max(8, area.w - cap.get_width() - (size // 2 if words else 0))
        if text.fit_size(value, size, room) >= floor:
            break
    val = text.fit(value, size, room, WHITE if enabled else (170, 160, 170))
    width = cap.get_width() + (size // 3 if cap.get_width() else 0) + val.get_width()
    x = area.x + (area.w - width) // 2
    cy = area.y + area.h // 2
    surface.blit(cap, cap.get_rect(midleft=(x, cy)))
    surface.blit(val, val.get_rect(midleft=(x + cap.get_width() + (size // 3 if cap.get_width() else 0), cy)))


def fixed_level(defn: Definition) -> bool:
    """One coins-per-line choice (Lucky Christmas: 10 fixed lines, 1 coin each): the first pill
    shows the fixed LINES instead of a LEVEL selector with dead arrows."""
    return len(defn.bet.coins_per_line) == 1


def draw(ctx: Context, surface: pygame.Surface, enabled: bool) -> None:
    defn, bet = ctx.defn, ctx.session.bet
    boxes = panel_boxes(ctx.layout)
    arrows = boxes.arrows()
    for group in (boxes.level, boxes.coin, boxes.coins):
        _pill(ctx, surface, group)
    fixed = fixed_level(defn)
    for index, box in arrows.items():
        if fixed and index in (LEVEL_DOWN, LEVEL_UP):
            continue
        can = enabled and stepped(defn, bet, index) is not None
        draw_arrow(surface, box.inset(1), index in (LEVEL_DOWN, COIN_DOWN), can)
    h = boxes.level.h
    if fixed:
        from cabinet.core.pays import model_of

        fixed_caption = "FIXED LINES" if model_of(defn).paylines else "BET COINS"  # a ways game's cost
        _caption_value(ctx, surface, boxes.level, fixed_caption, str(bet.lines), True)
    else:
        _caption_value(ctx, surface, Box(boxes.level.x + h, boxes.level.y, boxes.level.w - 2 * h, h),
                       "LEVEL", str(bet.coins_per_line), enabled)
    _caption_value(ctx, surface, Box(boxes.coin.x + h, boxes.coin.y, boxes.coin.w - 2 * h, h),
                   "COIN VALUE", ctx.money(bet.coin_value), enabled)
    coins = ctx.session.credits // bet.coin_value if bet.coin_value else 0
    _caption_value(ctx, surface, boxes.coins, "COINS", f"{coins:,}", True)
