"""Small procedural icons the sprite set does not have (the settings wrench), and where
the wrench button sits: a corner of the window the deck leaves free.

Icons are drawn once per size (when the layout changes), never in the frame loop.
"""

from __future__ import annotations

import math

import pygame

from .layout import Box, Layout


def settings_box(layout: Layout) -> Box:
    """The wrench: above MENU and INFO, its foot level with the status line's top (landscape,
    clear of the logo row where free spins put their badges), or under MAX BET at the foot of the
    screen (portrait: MENU and INFO sit at the meter row's end, the corners above carry art)."""
    named = {str(b): box for b, box in layout.buttons.items()}
    menu = named["MENU"]
    if layout.portrait:
        max_bet = named["MAX_BET"]
        side = min(menu.w, (layout.height - max_bet.bottom) * 4 // 5)
        y = max_bet.bottom + (layout.height - max_bet.bottom - side) // 2
        return Box(max_bet.x + (max_bet.w - side) // 2, y, side, side)
    side = menu.w * 9 // 10  # over the status line's top: wholly above the attract band, which covers SPIN
    return Box(menu.x + (menu.w - side) // 2, layout.status.y - side - max(2, side // 10), side, side)


def wrench_button(size: int, state: str = "") -> pygame.Surface:
    """A round enamel button with a gold wrench, in the deck buttons' style.

    ``state``: "" (up), "_pressed" (darker, pushed in) or "_disabled" (grey)."""
    scale = 3  # drawn large and smoothed down: clean edges on the thin handle
    big = size * scale
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    rim = (236, 196, 92) if state != "_disabled" else (130, 124, 130)
    face_top, face_bottom = ((70, 44, 120), (28, 16, 52)) if state == "" else \
        ((46, 28, 84), (18, 10, 36)) if state == "_pressed" else ((70, 66, 76), (40, 38, 44))
    pygame.draw.circle(surface, (8, 4, 16, 200), (c, c + big // 40), c - 1)  # drop shadow
    pygame.draw.circle(surface, rim, (c, c), c - big // 30)
    inner = c - big // 11
    face = pygame.Surface((inner * 2, inner * 2), pygame.SRCALPHA)
    for y in range(inner * 2):
        face.fill(pygame.Color(*face_top).lerp(face_bottom, y / (inner * 2)), (0, y, inner * 2, 1))
    mask = pygame.Surface((inner * 2, inner * 2), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (inner, inner), inner)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the gradient, cut to a disc
    surface.blit(face, (c - inner, c - inner))
    tool = pygame.Surface((big, big), pygame.SRCALPHA)  # its own layer, so the jaw cut shows the face
    metal = (255, 226, 140) if state != "_disabled" else (180, 176, 180)
    # the wrench, at 45 degrees: a handle and an open jaw at the upper right
    angle = -math.pi / 4
    ux, uy = math.cos(angle), math.sin(angle)
    length, width = inner * 1.15, max(3, inner // 4)
    x0, y0 = c - ux * length / 2, c - uy * length / 2
    x1, y1 = c + ux * length / 2 * 0.55, c + uy * length / 2 * 0.55
    pygame.draw.line(tool, metal, (x0, y0), (x1, y1), width)
    pygame.draw.circle(tool, metal, (round(x0), round(y0)), width // 2 + 1)
    head = (c + ux * length * 0.36, c + uy * length * 0.36)
    radius = max(4, round(inner * 0.36))
    pygame.draw.circle(tool, metal, (round(head[0]), round(head[1])), radius)
    jaw = (head[0] + ux * radius * 0.7, head[1] + uy * radius * 0.7)
    pygame.draw.circle(tool, (0, 0, 0, 0), (round(jaw[0]), round(jaw[1])), max(2, round(radius * 0.62)))
    hole = (x0 + ux * width * 0.2, y0 + uy * width * 0.2)
    pygame.draw.circle(tool, (0, 0, 0, 0), (round(hole[0]), round(hole[1])), max(1, width // 4))
    surface.blit(tool, (0, 0))
    return pygame.transform.smoothscale(surface, (size, size))
