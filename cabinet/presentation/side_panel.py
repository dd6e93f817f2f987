"""The TOP AWARDS panel: what the empty side of a landscape cabinet (and the strip under
the controls in portrait) is used for on commercial cabinets, a glass of the best pays.

It lists the best-paying line symbols with their top pay at the current bet, read from
the game's paytable. The glass, heading, symbols and counts go into the static layer
(``hud.draw_static``, once per layout); the amounts are drawn each frame from cached
text (``hud.draw_dynamic``), so a bet change shows at once.

Where it goes (``panel_box``): landscape, the side of the free-spins counter (the other
side carries the feature's progress meter), from the foot of that side's free area up,
as tall as its rows need, so a theme's art at the top of that side (Happy Riches'
lanterns) stays in view; portrait, the strip under the spin button beside MAX BET. A
window too narrow or too short for it gets none.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame

from .hud import GOLD, PALE_GOLD, WHITE
from .icons import settings_box
from .layout import Box, Layout

MAX_AWARDS = 4
HEADING = "TOP AWARDS"


def top_awards(defn: Any, *, limit: int = MAX_AWARDS) -> list[tuple[str, int, Fraction]]:
    """(symbol id, count, coins per line coin) of the best line pays, best first: the
    highest count each symbol pays, ``limit`` of them. Empty for a game without paylines."""
    if not defn.lines:
        return []
    best: list[tuple[Fraction, str, int]] = []
    for symbol in defn.symbols:
        pays = defn.pays.get(symbol.id, {})
        if symbol.kind == "scatter" or symbol.pays_as or not pays:
            continue
        count = max(pays)
        best.append((Fraction(pays[count]), symbol.id, count))
    best.sort(key=lambda item: (-item[0], item[1]))
    return [(symbol_id, count, coins) for coins, symbol_id, count in best[:limit]]


def award_amount(coins: Fraction, bet: Any) -> int:
    """A line pay of ``coins`` at ``bet``, in the currency's minor unit (as the paytable shows it)."""
    return int(coins * bet.coins_per_line * bet.coin_value)


def row_height(layout: Layout) -> int:
    return max(18, layout.cell * 2 // 5)


def panel_box(layout: Layout, rows: int) -> Box | None:
    """Where a panel of ``rows`` awards goes in ``layout``, or None where there is no room."""
    if rows <= 0:
        return None
    pitch = row_height(layout)
    margin = max(4, layout.width // 80)
    if layout.portrait:
        named = {str(button): box for button, box in layout.buttons.items()}
        column = (named["AUTOPLAY"], named["MAX_BET"])  # the small pair at one side
        row = (named["SPIN"], named["BET_MINUS"], named["BET_PLUS"])
        top = max(box.bottom for box in row) + margin  # under SPIN and BET - / +
        if column[0].center[0] < layout.width // 2:  # right-handed: the pair on the left
            x0, x1 = max(box.right for box in column) + margin, layout.width - margin
        else:
            x0, x1 = margin, min(box.x for box in column) - margin
        box = Box(x0, top, x1 - x0, layout.height - margin - top)
        return box if box.h >= pitch * 2 and box.w >= pitch * 2 * rows else None
    need_h = pitch * rows + pitch * 3 // 2
    frame = layout.reel_frame
    left = layout.counter_badge.x < layout.width // 2
    x0, x1 = (margin, frame.x - margin) if left else (frame.right + margin, layout.width - margin)
    wrench = settings_box(layout)
    bottom = min(wrench.y, frame.bottom) - margin
    top = max(layout.counter_badge.bottom + margin, bottom - need_h)
    box = Box(x0, top, x1 - x0, bottom - top)
    if box.w < layout.cell * 4 // 5 or box.h < need_h:
        return None
    return box


def award_places(layout: Layout, box: Box, rows: int, heading_h: int) -> list[tuple[Box, Box]]:
    """Each award's (symbol, amount) boxes in ``box``: rows under the heading (landscape) or
    side by side (portrait, the symbol above its amount)."""
    pitch = row_height(layout)
    thumb = pitch * 9 // 10
    out = []
    if layout.portrait:
        cell_w = box.w // rows
        top = box.y + pitch // 5 + heading_h
        room = box.bottom - top - pitch // 6
        side = min(thumb, room * 6 // 10)
        for i in range(rows):
            x = box.x + i * cell_w
            symbol = Box(x + (cell_w - side) // 2, top, side, side)
            out.append((symbol, Box(x + pitch // 8, symbol.bottom, cell_w - pitch // 4, room - side)))
        return out
    y = box.y + pitch // 4 + heading_h + pitch // 4
    for _ in range(rows):
        symbol = Box(box.x + pitch // 4, y, thumb, thumb)
        out.append((symbol, Box(symbol.right, y, box.right - pitch // 4 - symbol.right, thumb)))
        y += pitch
    return out


def text_size(layout: Layout) -> int:
    return max(9, row_height(layout) * 9 // 20)


def draw_static(ctx: Any, surface: pygame.Surface) -> Box | None:
    """Glass, heading, symbols and counts into the static layer; where the panel went."""
    layout, text = ctx.layout, ctx.text
    awards = top_awards(ctx.defn)
    box = panel_box(layout, len(awards))
    if box is None:
        return None
    pitch, size = row_height(layout), text_size(layout)
    glass = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
    pygame.draw.rect(glass, (12, 6, 26, 190), glass.get_rect(), border_radius=pitch // 3)
    pygame.draw.rect(glass, (*GOLD, 255), glass.get_rect(), width=max(2, pitch // 14), border_radius=pitch // 3)
    surface.blit(glass, (box.x, box.y))
    heading = text.fit(HEADING, size, box.w * 9 // 10, GOLD)
    surface.blit(heading, heading.get_rect(midtop=(box.center[0], box.y + pitch // 5)))
    for (symbol_id, count, _coins), (symbol, amount) in zip(awards, award_places(layout, box, len(awards),
                                                                                heading.get_height()), strict=True):
        image = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(symbol_id)}.png",
                              (symbol.w, symbol.h), ctx.cache.symbol_placeholder(symbol_id))
        surface.blit(image, (symbol.x, symbol.y))
        times = text.render(f"{count} x", size * 4 // 5, PALE_GOLD)
        if layout.portrait:
            surface.blit(times, times.get_rect(topleft=(amount.x, symbol.y)))
        else:
            surface.blit(times, times.get_rect(midleft=(amount.x + size // 3, amount.y + amount.h // 2)))
    return box


def draw_dynamic(ctx: Any, surface: pygame.Surface) -> None:
    """Each award's amount at the current bet (cached text: a new bet renders a few strings once)."""
    layout = ctx.layout
    awards = top_awards(ctx.defn)
    box = panel_box(layout, len(awards))
    if box is None:
        return
    size = text_size(layout)
    heading_h = ctx.text.font(size).get_height()
    bet = ctx.session.bet
    for (_symbol_id, _count, coins), (_symbol, place) in zip(awards, award_places(layout, box, len(awards),
                                                                                 heading_h), strict=True):
        value = ctx.text.fit(ctx.money(award_amount(coins, bet)), size, place.w * 7 // 10 if not layout.portrait
                             else place.w, WHITE)
        if layout.portrait:
            surface.blit(value, value.get_rect(midtop=(place.center[0], place.y + size // 6)))
        else:
            surface.blit(value, value.get_rect(midright=(place.right, place.y + place.h // 2)))
