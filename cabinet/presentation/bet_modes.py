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

from .icons import settings_box
from .layout import Box, Layout, deck_strip, side_column
from .style import GOLD, PALE_GOLD, WHITE

BASE = "base"
OFF_GREY = (120, 110, 130)


def strips_played(defn: Any, request: Any, reel_set: str) -> Any:
    """The strips of ``reel_set`` as the round of ``request`` played them: a mode or an RTP variant
    may play other strips under the same name (``core/modes.resolve``), and the stops index those."""
    mode, variant = getattr(request, "mode", BASE) or BASE, getattr(request, "rtp_variant", "") or ""
    if mode != BASE or variant or getattr(defn, "default_variant", None):
        from cabinet.core.modes import ModeError, resolve

        try:
            return resolve(defn, mode=mode, rtp_variant=variant or None).reels[reel_set]
        except (ModeError, KeyError):  # a mode or variant the game no longer has: the strips as written
            pass
    return defn.reels[reel_set]


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


def pill_boxes(layout: Layout, buttons: list[Button], *, band: bool = True, plaque: bool = False,
               glass: Box | None = None) -> dict[Button, Box]:
    """Where each of ``buttons`` (ANTE, BUY) goes. ``band`` (the band under the reels carries
    nothing else: ``tag_band.mode_pills_in_band``): side by side there, BUY FEATURE on SPIN's side.
    Otherwise, landscape: under the reel frame, ANTE beside the wrench in its column and BUY FEATURE
    in the other column, above SPIN (``plaque``: the pay model's plaque, "243 WAYS", is beside the
    wrench: both go side by side in the other column); portrait: side by side in the strip at the
    deck's foot, under SPIN (``at_deck_foot``).
    Left-hand mode mirrors them with the deck."""
    if not buttons:
        return {}
    margin = max(4, layout.width // 80)
    gap = margin // 2
    if band and layout.tags:
        first, last = layout.columns[0], layout.columns[-1]
        tag = layout.tags[0]
        x0, x1 = first.x, last.right
        room = x1 - x0 - margin * (len(buttons) - 1)
        share = {Button.ANTE: 3, Button.BUY: 2}  # the ante's pill says more: its cost and its effect
        parts = sum(share[b] for b in buttons)
        order = list(reversed(buttons)) if layout.left_hand else buttons
        out: dict[Button, Box] = {}
        x = x0
        for b in order:
            w = room * share[b] // parts
            out[b] = Box(x, tag.y, w, tag.h)
            x += w + margin
        return out
    if layout.portrait:  # the band holds the bet pills: side by side at the deck's foot, under SPIN
        strip = deck_strip(layout)
        w = (strip.w - gap * (len(buttons) - 1)) // len(buttons)
        order = buttons if not layout.left_hand else list(reversed(buttons))
        return {b: Box(strip.x + i * (w + gap), strip.y, w, max(20, strip.h)) for i, b in enumerate(order)}
    frame, deck = layout.reel_frame, layout.deck
    wrench = settings_box(layout)
    wrench_left = wrench.x < layout.width // 2
    top = frame.bottom + gap
    out: dict[Button, Box] = {}
    if plaque:  # the wrench's column has the plaque: the pills share the other one, side by side
        x0, x1 = side_column(layout, not wrench_left, margin)
        spin = layout.buttons[Button.SPIN]
        bottom = min(deck.y - gap, spin.y - gap) if spin.x < x1 and spin.right > x0 else deck.y - gap
        if glass is not None and x0 <= glass.center[0] <= x1 and bottom - glass.bottom > 2 * (bottom - top):
            # under that column's FEATURES glass there is more room: the pills stack there, full width,
            # tall enough for their words at a readable size (the ante nearer the reels' foot)
            top = glass.bottom + gap
            h = min(layout.height // 10, (bottom - top - gap * (len(buttons) - 1)) // len(buttons))
            y0 = bottom - len(buttons) * h - gap * (len(buttons) - 1)
            return {b: Box(x0, y0 + i * (h + gap), x1 - x0, h) for i, b in enumerate(buttons)}
        h = max(20, min(bottom - top, layout.height // 10))
        w = (x1 - x0 - gap * (len(buttons) - 1)) // len(buttons)
        order = buttons if wrench_left else list(reversed(buttons))  # the ante nearer the reels, BUY by SPIN
        return {b: Box(x0 + i * (w + gap), top, w, h) for i, b in enumerate(order)}
    if Button.ANTE in buttons:
        x0, x1 = side_column(layout, wrench_left, margin)
        x0, x1 = (max(x0, wrench.right + gap), x1) if wrench_left else (x0, min(x1, wrench.x - gap))
        out[Button.ANTE] = Box(x0, top, x1 - x0, max(20, min(deck.y - gap - top, layout.height // 10)))
    if Button.BUY in buttons:
        x0, x1 = side_column(layout, not wrench_left, margin)
        spin = layout.buttons[Button.SPIN]
        bottom = deck.y - gap
        if spin.x < x1 and spin.right > x0:  # SPIN rises over the deck here: stop above it
            bottom = min(bottom, spin.y - gap)
        out[Button.BUY] = Box(x0, top, x1 - x0, max(20, min(bottom - top, layout.height // 10)))
    return out


def at_deck_foot(ctx: Any) -> bool:
    """Portrait, the band under the reels taken (the bet pills, price tags): the pills stand at the
    deck's foot, where TOP AWARDS would (``side_panel`` leaves it to them)."""
    from .tag_band import mode_pills_in_band

    in_band = mode_pills_in_band(ctx.defn) and bool(ctx.layout.tags)
    return bool(ctx.layout.portrait and buttons_shown(ctx) and not in_band)


def boxes(ctx: Any) -> dict[Button, Box]:
    from cabinet.core.pays import model_of

    from .tag_band import mode_pills_in_band

    return pill_boxes(ctx.layout, buttons_shown(ctx), band=mode_pills_in_band(ctx.defn),
                      plaque=not model_of(ctx.defn).paylines, glass=ctx.hud.features_glass)


def hit_regions(ctx: Any) -> list[tuple[Box, Press]]:
    return [(box, Press(button)) for button, box in boxes(ctx).items()]


ANTE_ON, BUY_FILL, UNLIT = (30, 110, 50), (150, 40, 30), (34, 20, 56)


def _pill(surface: pygame.Surface, box: Box, *, lit: bool, pressed: bool, enabled: bool,
          colour: tuple[int, int, int] = BUY_FILL) -> None:
    radius = box.h // 3
    fill = colour if lit else UNLIT
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
        three = box.h >= 50  # room for the effect's line under the title and the cost
        if button == Button.ANTE and three:
            three = _effect_fits(ctx, (ante_mode(ctx.defn).description or "").upper(), box)
        big = max(9, box.h * (32 if three else 42) // 100)
        small = max(8, box.h * (22 if three else 30) // 100)
        if box.h < box.w // 6 or small < floor_px(ctx):  # a flat pill: one line says it (no type under the floor)
            _draw_one_line(ctx, surface, button, box, pressed=pressed, enabled=enabled)
            continue
        if button == Button.ANTE:
            ante = ante_mode(ctx.defn)
            on = session.mode == ante.name
            _pill(surface, box, lit=on, pressed=pressed, enabled=enabled, colour=ANTE_ON)
            title = f"{mode_words(ctx.defn, ante.name)}: {'ON' if on else 'OFF'}"
            cost = _money_or_none(ctx, ante.name)
            sub = f"{cost_words(ante.cost)}" + (f" = {cost}" if cost else "")
            lines = (title, sub, (ante.description or "").upper() if three else "")
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


def _effect_fits(ctx: Any, effect: str, box: Box) -> bool:
    """Whether the ante's effect (wrapped at the floor where it must be) fits under its title and
    cost inside the rim: a short pill (portrait's deck foot) leaves it to the card and the status line."""
    if not effect:
        return True
    small = max(8, box.h * 22 // 100)
    height = ctx.text.fit(effect, small, box.w - box.h // 2, WHITE).get_height()
    return max(9, box.h * 32 // 100) + small + height + 4 <= box.h - 2 * max(2, box.h // 16)


def floor_px(ctx: Any) -> int:
    """The smallest type a pill may use: 11 px at 720 lines (tests/test_look_check.py)."""
    return max(8, 11 * ctx.layout.height // 720)


def _draw_one_line(ctx: Any, surface: pygame.Surface, button: Button, box: Box, *, pressed: bool,
                   enabled: bool) -> None:
    text, session = ctx.text, ctx.session
    size = max(8, box.h * 62 // 100)
    if button == Button.ANTE:
        ante = ante_mode(ctx.defn)
        on = session.mode == ante.name
        _pill(surface, box, lit=on, pressed=pressed, enabled=enabled, colour=ANTE_ON)
        cost = _money_or_none(ctx, ante.name)
        parts = [f"{mode_words(ctx.defn, ante.name)}: {'ON' if on else 'OFF'}",
                 cost_words(ante.cost) + (f" = {cost}" if cost else "")]
        effect = (ante.description or "").upper()
    else:
        prices = [p for m in buy_modes(ctx.defn) if (p := _cost_or_none(ctx, m.name)) is not None]
        _pill(surface, box, lit=True, pressed=pressed, enabled=enabled)
        parts = ["BUY FEATURE", ("FROM " if len(prices) > 1 else "") + (ctx.money(min(prices)) if prices else "")]
        effect = ""
    room = box.w - box.h
    if text.fit_size("  ".join(p for p in parts if p), size, room) < floor_px(ctx):
        parts = parts[:1]  # too narrow for the cost as well: the card and the status line give it
    head = text.fit("  ".join(p for p in parts if p), size, room, WHITE if enabled else OFF_GREY)
    tail = None
    left = room - head.get_width() - box.h // 2
    small = max(8, size * 4 // 5)
    if effect and left > 0 and text.fit_size(effect, small, left) >= max(9, small * 3 // 4):  # where it reads
        tail = text.fit(effect, small, left, (210, 196, 236) if enabled else OFF_GREY)
        if tail.get_width() > left:  # the smallest size is still too wide: the status line says it instead
            tail = None
    width = head.get_width() + (tail.get_width() + box.h // 2 if tail is not None else 0)
    x = max(box.x + box.h // 3, box.x + (box.w - width) // 2)
    cy = box.y + box.h // 2
    surface.blit(head, head.get_rect(midleft=(x, cy)))
    if tail is not None:
        surface.blit(tail, tail.get_rect(midleft=(x + head.get_width() + box.h // 2, cy)))


def _cost_or_none(ctx: Any, mode: str) -> int | None:
    try:
        return int(ctx.session.mode_cost(mode))
    except ValueError:  # a bet the mode cannot charge exactly (check refuses such games)
        return None


def _money_or_none(ctx: Any, mode: str) -> str:
    cost = _cost_or_none(ctx, mode)
    return ctx.money(cost) if cost is not None else ""
