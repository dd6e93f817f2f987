"""The control deck and meters: balance, total bet and its parts, last win, status, buttons.

``draw_static`` paints what changes only with the layout (panel, meter frames and
labels) into the cached background layer; ``draw_dynamic`` paints values and button
states each frame from cached text and pre-scaled sprites.
"""

from __future__ import annotations

import pygame

from cabinet.machine.buttons import Button

from . import status_line
from .art import DECK_SPRITES
from .chrome import chrome
from .context import Context
from .layout import Box
from .style import GOLD, INK, PALE_GOLD, WHITE  # noqa: F401  (hud.GOLD etc.: the palette, named here too)

FLASH_TIME = 0.14


def _panel(surface: pygame.Surface, box: Box, radius: int, fill: tuple[int, int, int],
           border: tuple[int, int, int], width: int) -> None:
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    pygame.draw.rect(surface, border, box, width=width, border_radius=radius)


def draw_static(ctx: Context, surface: pygame.Surface) -> None:
    layout, text = ctx.layout, ctx.text
    look = chrome(ctx)  # the theme's lacquer and metal
    deck = layout.deck
    steps = max(24, deck.h // 4)
    for i in range(steps):  # the deck: a dark lacquered panel, lighter at its top edge
        band = Box(deck.x, deck.y + deck.h * i // steps, deck.w, deck.h // steps + 2)
        colour = pygame.Color(*look.deck_top).lerp(look.deck_bottom, i / steps)
        pygame.draw.rect(surface, colour, band)
    edge = max(2, min(deck.h, layout.height // 6) // 40)
    pygame.draw.rect(surface, look.rim, (deck.x, deck.y, deck.w, edge))
    pygame.draw.rect(surface, look.rim_dark, (deck.x, deck.y + edge, deck.w, max(1, edge // 2)))
    label_size = layout.fonts.meter_label
    for name, box in layout.meters.items():
        radius = max(4, box.h // 6)
        _panel(surface, box, radius, look.well, look.rim_dark, max(2, box.h // 40))
        inner = box.inset(max(2, box.h // 22))
        pygame.draw.rect(surface, look.band, (inner.x, inner.y, inner.w, inner.h // 3),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        title = {"balance": "BALANCE", "bet": "TOTAL BET", "win": "WIN"}[name]
        label = text.fit(title, label_size, box.w * 9 // 10, look.rim)  # narrow windows: the label shrinks
        surface.blit(label, label.get_rect(midtop=(box.x + box.w // 2, box.y + box.h // 14)))
    from . import side_panel  # here, not at the top: it takes its colours from this module

    side_panel.draw_static(ctx, surface)  # the empty side (landscape) or bottom strip (portrait): TOP AWARDS
    ctx.hud.features_glass = side_panel.draw_features(ctx, surface)  # its twin on the other side: FEATURES


def bet_parts(ctx: Context) -> str:
    bet, model = ctx.session.bet, ctx.defn.bet
    if model.label == "bet":
        return ""
    from cabinet.core.pays import model_of

    if not model_of(ctx.defn).paylines:  # ways, anywhere...: the bet is a cost in coins, not lines
        return f"{bet.lines} COINS x {bet.coins_per_line} x {ctx.money(bet.coin_value)}"
    if model.label == "level":
        if len(model.coins_per_line) == 1:  # a coin-value game: no level to name
            return f"{bet.lines} LINES x {bet.coins_per_line} COIN x {ctx.money(bet.coin_value)}"
        return f"{bet.lines} LINES  LEVEL {bet.coins_per_line}  COIN {ctx.money(bet.coin_value)}"
    return f"{bet.lines} LINES x {bet.coins_per_line} COIN{'S' if bet.coins_per_line > 1 else ''} x " \
           f"{ctx.money(bet.coin_value)}"


def meter_values(ctx: Context) -> dict[str, tuple[str, str]]:
    """Each meter's main value and its small second line."""
    session = ctx.session
    credits, bet = session.credits, session.bet
    coins = ""
    if ctx.defn.bet.label in ("coins", "level") and bet.coin_value > 0:  # COINS: what the balance buys
        coins = f"{credits // bet.coin_value:,} COINS"
    from . import bet_modes

    shown_bet, parts = bet.total, bet_parts(ctx)
    if bet_modes.has_modes(ctx.defn):  # what a round of the mode on the screen costs, and the mode by name
        mode = ctx.hud.mode
        try:
            shown_bet = session.mode_cost(mode)
        except ValueError:
            pass
        parts = bet_modes.mode_line(ctx, mode)
    return {
        "balance": (ctx.money(credits), coins),
        "bet": (ctx.money(shown_bet), parts),
        "win": (ctx.money(ctx.hud.win) if ctx.hud.win else "", ""),
    }


def button_state(ctx: Context, button: Button, enabled: bool) -> str:
    if not enabled:
        return "_disabled"
    if ctx.hud.flash.get(str(button), 0.0) > 0:
        return "_pressed"
    return ""


def draw_dynamic(ctx: Context, surface: pygame.Surface, enabled: dict[Button, bool], *,
                 spinning: bool, autoplay: bool, autoplay_left: int = 0) -> None:
    layout, text, art = ctx.layout, ctx.text, ctx.art
    fonts = layout.fonts
    for name, (value, sub) in meter_values(ctx).items():
        box = layout.meters[name]
        centre = (box.x + box.w // 2, box.y + int(box.h * 0.56))
        if value and name == "win":  # counts up during presentations: drawn glyph by glyph
            size = text.fit_size(ctx.money(ctx.session.bet.total * 10_000), fonts.meter_value, int(box.w * 0.92))
            text.counter(surface, value, size, WHITE, centre)
        elif value:
            img = text.fit(value, fonts.meter_value, int(box.w * 0.92), WHITE, shadow=True)
            surface.blit(img, img.get_rect(center=centre))
        if sub:
            img = text.fit(sub, max(8, fonts.meter_label * 8 // 10), int(box.w * 0.92), (190, 170, 220))
            surface.blit(img, img.get_rect(midbottom=(box.x + box.w // 2, box.bottom - box.h // 14)))
    for button, box in layout.buttons.items():
        names = DECK_SPRITES[str(button)]
        name = names[1] if ((button == Button.SPIN and spinning) or (button == Button.AUTOPLAY and autoplay)) \
            else names[0]
        surface.blit(art.button(name, button_state(ctx, button, enabled.get(button, True)), (box.w, box.h)),
                     (box.x, box.y))
        if button == Button.AUTOPLAY and autoplay and autoplay_left > 0:
            _count_badge(ctx, surface, box, str(autoplay_left))
    from . import side_panel  # (see draw_static)

    side_panel.draw_dynamic(ctx, surface)  # the TOP AWARDS amounts at the current bet
    side_panel.draw_features_dynamic(ctx, surface)  # and the Bonus Prizes' (FEATURES glass)
    status_line.draw_status(ctx, surface, ctx.hud.status, layout.status)
    from . import kept_meters  # (see draw_static)

    kept_meters.draw(ctx, surface)  # the kiosk's jackpot and a collection meter, when the game has them


def _count_badge(ctx: Context, surface: pygame.Surface, box: Box, label: str) -> None:
    """A small red disc with a number at a button's top-right corner (autoplay rounds left)."""
    size = max(9, box.h * 3 // 10)
    img = ctx.text.render(label, size, WHITE)
    w = max(img.get_width() + size // 2, size + size // 3)
    h = size + size // 3
    badge = Box(box.right - w + size // 4, box.y - size // 5, w, h)
    pygame.draw.rect(surface, (200, 30, 40), badge, border_radius=h // 2)
    pygame.draw.rect(surface, WHITE, badge, width=max(1, h // 10), border_radius=h // 2)
    surface.blit(img, img.get_rect(center=badge.center))


def draw_respin_tags(ctx: Context, surface: pygame.Surface, prices: tuple[int | None, ...],
                     cursor: int | None = None) -> None:
    """A price tag under each reel that may be respun: the tag is the reel's RESPIN button.

    ``cursor`` is the reel a pad has picked with the d-pad: its tag is lit and marked."""
    layout, text, art = ctx.layout, ctx.text, ctx.art
    credits = ctx.session.credits
    for i, (tag, price) in enumerate(zip(layout.tags, prices, strict=False)):
        if price is None:
            continue
        affordable = price <= credits
        if i == cursor:  # a glow round the picked tag and a pointer up to its reel
            glow = Box(tag.x - 3, tag.y - 3, tag.w + 6, tag.h + 6)
            pygame.draw.rect(surface, PALE_GOLD, glow, border_radius=glow.h // 2)
            cx, top = tag.x + tag.w // 2, tag.y - 4
            s = max(4, tag.h // 4)
            pygame.draw.polygon(surface, PALE_GOLD, [(cx, top - s), (cx - s, top), (cx + s, top)])
        pygame.draw.rect(surface, (20, 12, 36), tag, border_radius=tag.h // 2)
        pygame.draw.rect(surface, GOLD if affordable else (110, 100, 110), tag, width=max(2, tag.h // 12),
                         border_radius=tag.h // 2)
        icon = art.button("respin", button_state(ctx, Button(f"RESPIN_{i + 1}"), affordable), (tag.h, tag.h))
        surface.blit(icon, (tag.x, tag.y))
        label = text.fit(ctx.money(price), layout.fonts.tag, tag.w - tag.h - 6,
                         WHITE if affordable else (150, 140, 150))
        surface.blit(label, label.get_rect(midleft=(tag.x + tag.h + 4, tag.y + tag.h // 2)))

