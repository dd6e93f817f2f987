"""A game's bet modes on the deck: the ANTE toggle and the BUY FEATURE button, and the mode's words.

A game with ``bet_modes:`` (``core/modes.py``) gets two pills under the FEATURES glass (the
column beside the reels that the wrench is not in; mirrored with the rest in left-hand mode):

- ANTE: the ante's label, ON or OFF, its cost now and its effect (the YAML's description);
- BUY FEATURE: the price of the cheapest buy now (the card, ``scenes/buy_feature.py``, lists
  each buy with what it buys and asks to confirm). A kiosk with ``buy_features: false`` hides it.

Both are touch buttons (``hit_regions``) and bound keys / pad buttons (``input/bindings.yaml``).
The TOTAL BET meter shows what a spin costs in the mode played, and its second line names the
mode (``mode_line``), so the deck always says which mode is being played.
"""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press

from .layout import Box, Layout, side_column
from .style import GOLD, PALE_GOLD, WHITE

BASE = "base"
OFF_GREY = (120, 110, 130)


def ante_mode(defn: Any) -> Any | None:
    """The game's ante mode (the first of kind ``ante``), or None."""
    return next((m for m in getattr(defn, "bet_modes", ()) if m.kind == "ante"), None)


def buy_modes(defn: Any) -> list[Any]:
    """The game's buy modes, in the YAML's order."""
    return [m for m in getattr(defn, "bet_modes", ()) if m.kind == "buy"]


def has_modes(defn: Any) -> bool:
    return any(m.kind != BASE for m in getattr(defn, "bet_modes", ()))


def mode_named(defn: Any, name: str) -> Any | None:
    return next((m for m in getattr(defn, "bet_modes", ()) if m.name == name), None)


def mode_words(defn: Any, name: str) -> str:
    """The player's words for mode ``name`` ("BASE GAME", "ANTE BET", "BUY FREE SPINS")."""
    mode = mode_named(defn, name)
    if mode is None or name == BASE:
        return "BASE GAME"
    return (mode.label or mode.name.replace("_", " ")).upper()


def cost_words(cost: Any) -> str:
    """A mode's cost as a multiple of the bet in words: "+25%" (an ante), "100 x BET" (a buy)."""
    if cost.denominator == 1 and cost >= 2:
        return f"{cost.numerator} x BET"
    extra = (cost - 1) * 100
    shown = f"{float(extra):g}"
    return f"+{shown}%" if extra >= 0 else f"{shown}%"


def mode_line(ctx: Any, mode: str) -> str:
    """The TOTAL BET meter's second line in a game with modes: the mode played, by name."""
    if mode == BASE:
        return "BASE GAME"
    return f"{mode_words(ctx.defn, mode)} ({cost_words(mode_named(ctx.defn, mode).cost)})"


# -- the deck pills ---------------------------------------------------------------------------------


def buttons_shown(ctx: Any) -> list[Button]:
    """The pills this game shows: ANTE when it has an ante, BUY when it has buys the kiosk allows."""
    out = []
    if ante_mode(ctx.defn) is not None:
        out.append(Button.ANTE)
    if buy_modes(ctx.defn) and getattr(ctx, "buy_features", True):
        out.append(Button.BUY)
    return out


def pill_boxes(layout: Layout, count: int) -> list[Box]:
    """``count`` pills side by side under the reel frame, in the column the wrench is not in
    (landscape); in portrait, across the foot of the screen above the award strip's top."""
    if count <= 0:
        return []
    margin = max(4, layout.width // 80)
    if layout.portrait:
        named = {str(b): box for b, box in layout.buttons.items()}
        spin = named["SPIN"]
        top = layout.status.bottom + margin // 2
        x0, x1 = margin, layout.width - margin
        h = max(20, min(spin.y - top - margin // 2, layout.height // 24))
        y = top
    else:
        frame = layout.reel_frame
        right = layout.counter_badge.x < layout.width // 2  # the wrench's column faces this one
        x0, x1 = side_column(layout, not right, margin)
        y = frame.bottom + margin // 2
        h = max(20, min(layout.deck.y - margin // 2 - y, layout.height // 12))
    gap = margin // 2
    w = (x1 - x0 - gap * (count - 1)) // count
    return [Box(x0 + i * (w + gap), y, w, h) for i in range(count)]


def boxes(ctx: Any) -> dict[Button, Box]:
    shown = buttons_shown(ctx)
    return dict(zip(shown, pill_boxes(ctx.layout, len(shown)), strict=True))


def hit_regions(ctx: Any) -> list[tuple[Box, Press]]:
    return [(box, Press(button)) for button, box in boxes(ctx).items()]


def _pill(surface: pygame.Surface, box: Box, *, lit: bool, pressed: bool, enabled: bool) -> None:
    radius = box.h // 3
    fill = (150, 40, 30) if lit else (34, 20, 56)
    if pressed:
        fill = tuple(c * 2 // 3 for c in fill)  # type: ignore[assignment]
    if not enabled:
        fill = (44, 40, 50)
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    rim = GOLD if enabled else OFF_GREY
    pygame.draw.rect(surface, rim, box, width=max(2, box.h // 16), border_radius=radius)


def draw(ctx: Any, surface: pygame.Surface, *, enabled: bool) -> None:
    """The pills with their words now (cost at the current bet; ON/OFF). Reads only."""
    session, text = ctx.session, ctx.text
    for button, box in boxes(ctx).items():
        pressed = ctx.hud.flash.get(str(button), 0.0) > 0
        big, small = max(9, box.h * 38 // 100), max(8, box.h * 26 // 100)
        if button == Button.ANTE:
            ante = ante_mode(ctx.defn)
            on = session.mode == ante.name
            _pill(surface, box, lit=on, pressed=pressed, enabled=enabled)
            title = f"{mode_words(ctx.defn, ante.name)}: {'ON' if on else 'OFF'}"
            cost = _money_or_none(ctx, ante.name)
            sub = f"{cost_words(ante.cost)}" + (f" = {cost}" if cost else "")
            lines = (title, sub, (ante.description or "").upper())
        else:
            buys = buy_modes(ctx.defn)
            prices = [p for m in buys if (p := _cost_or_none(ctx, m.name)) is not None]
            _pill(surface, box, lit=True, pressed=pressed, enabled=enabled)
            shown = ctx.money(min(prices)) if prices else ""
            lines = ("BUY FEATURE", ("FROM " if len(prices) > 1 else "") + shown, "")
        colours = (WHITE, PALE_GOLD, (210, 196, 236)) if enabled else (OFF_GREY,) * 3
        rows = [line for line in lines if line]
        sizes = [big, small, small][: len(rows)]
        total = sum(sizes) + (len(rows) - 1) * 2
        y = box.y + (box.h - total) // 2
        for line, size, colour in zip(rows, sizes, colours, strict=False):
            img = text.fit(line, size, box.w - box.h // 2, colour)
            surface.blit(img, img.get_rect(midtop=(box.x + box.w // 2, y)))
            y += size + 2


def _cost_or_none(ctx: Any, mode: str) -> int | None:
    try:
        return int(ctx.session.mode_cost(mode))
    except ValueError:  # a bet the mode cannot charge exactly (check refuses such games)
        return None


def _money_or_none(ctx: Any, mode: str) -> str:
    cost = _cost_or_none(ctx, mode)
    return ctx.money(cost) if cost is not None else ""
