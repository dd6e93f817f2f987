"""The drawn symbol's card: the special symbol, large, on a plate over the reels, with its caption."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...style import GOLD, PALE_GOLD

PLATE = (24, 18, 10)  # the plate under the symbol: dark, so any theme's symbol reads on it


@dataclass
class DrawnSymbolCard(Passive):
    """Over the reel window: ``caption`` above the drawn ``symbol``'s art, on a gold-rimmed plate."""

    ctx: Context
    symbol: str
    caption: str
    clock: float = 0.0
    opaque = False
    modal = False

    def plate(self) -> pygame.Rect:
        window = self.ctx.layout.reel_window
        side = min(window.h * 9 // 10, window.w // 2)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (window.x + window.w // 2, window.y + window.h // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.plate()
        pygame.draw.rect(surface, PLATE, rect, border_radius=rect.w // 12)
        pygame.draw.rect(surface, GOLD, rect, 4, border_radius=rect.w // 12)
        caption = self.ctx.text.fit(self.caption, max(10, rect.h // 9), rect.w - 16, PALE_GOLD, outline=True)
        surface.blit(caption, caption.get_rect(midtop=(rect.centerx, rect.y + rect.h // 20)))
        art = self.ctx.art.symbols.get(self.symbol) if self.ctx.art is not None else None
        if art is not None:
            room = rect.h - caption.get_height() - rect.h // 8
            scale = min(room / art.get_height(), (rect.w * 0.8) / art.get_width())
            big = pygame.transform.smoothscale(art, (max(1, int(art.get_width() * scale)),
                                                     max(1, int(art.get_height() * scale))))
            surface.blit(big, big.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h // 16)))
