"""The ADD CREDITS prompt: demo credits for kiosks.

A kiosk starts with a configurable balance (``cabinet play --credits AMOUNT``). When it
can no longer cover the smallest bet, a clear prompt sits over the reels: OUT OF
CREDITS, and an ADD CREDITS button. The button (a tap), the ADD_CREDITS key (C or
Insert) or pad button (Back) tops the balance up by the starting amount, which the
meters count as credits in. The prompt never takes a press itself: it only shows, and
offers its button as a touch target; the base game does the adding (it calls
``prompt_regions`` and ``draw_prompt``).
"""

from __future__ import annotations

import math

import pygame

from cabinet.machine.buttons import Button, Press

from ..context import Context
from ..layout import Box
from ..style import GOLD, PALE_GOLD

ADD_GREEN = (40, 120, 40)


def showing(ctx: Context, in_round: bool) -> bool:
    return not in_round and ctx.session.out_of_credits


def card(ctx: Context) -> Box:
    window = ctx.layout.reel_window
    w, h = window.w * 3 // 4, window.h * 3 // 5
    return Box(window.center[0] - w // 2, window.center[1] - h // 2, w, h)


def button_box(ctx: Context) -> Box:
    c = card(ctx)
    w, h = c.w * 6 // 10, max(ctx.layout.ui_button, c.h // 4)
    return Box(c.center[0] - w // 2, c.bottom - h - c.h // 10, w, h)


def prompt_regions(ctx: Context, in_round: bool) -> list[tuple[Box, Press]]:
    """The prompt's button as a touch target (the base game adds the credits)."""
    return [(button_box(ctx), Press(Button.ADD_CREDITS))] if showing(ctx, in_round) else []


def draw_prompt(ctx: Context, surface: pygame.Surface, t: float, in_round: bool) -> None:
    """Over the reels while the balance cannot pay for the smallest bet; ``t`` pulses the rim."""
    if not showing(ctx, in_round):
        return
    layout, text = ctx.layout, ctx.text
    c = card(ctx)
    shade = pygame.Surface((c.w, c.h), pygame.SRCALPHA)
    pygame.draw.rect(shade, (10, 4, 20, 225), (0, 0, c.w, c.h), border_radius=c.h // 8)
    surface.blit(shade, (c.x, c.y))
    glow = 0.5 + 0.5 * math.sin(t * 4.0)
    rim = pygame.Color(GOLD).lerp((255, 255, 255), glow * 0.5)
    pygame.draw.rect(surface, rim, c, width=max(2, c.h // 40), border_radius=c.h // 8)
    title = text.fit("OUT OF CREDITS", layout.fonts.title, int(c.w * 0.9), PALE_GOLD, outline=True)
    surface.blit(title, title.get_rect(midtop=(c.center[0], c.y + c.h // 10)))
    amount = text.fit(f"ADD {ctx.money(ctx.session.top_up_amount)} TO PLAY ON", layout.fonts.body,
                      int(c.w * 0.9), (236, 226, 250))
    surface.blit(amount, amount.get_rect(midtop=(c.center[0], c.y + c.h // 10 + title.get_height())))
    box = button_box(ctx)
    pygame.draw.rect(surface, ADD_GREEN, box, border_radius=box.h // 3)
    pygame.draw.rect(surface, rim, box, width=max(2, box.h // 14), border_radius=box.h // 3)
    label = text.fit("ADD CREDITS", layout.fonts.button * 3 // 2, int(box.w * 0.86), (255, 255, 255), shadow=True)
    surface.blit(label, label.get_rect(center=box.center))
    hint = text.fit("PRESS C OR INSERT  -  PAD: BACK", max(8, layout.fonts.body * 4 // 5), int(c.w * 0.9),
                    (200, 186, 220))
    surface.blit(hint, hint.get_rect(midbottom=(c.center[0], box.y - c.h // 30)))
