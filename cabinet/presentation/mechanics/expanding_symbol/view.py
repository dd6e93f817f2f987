"""The drawn symbol's card: first large over the reels (the draw), then a badge in the multiplier
badge's corner showing the expanding symbol for the rest of the free spins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...style import GOLD, PALE_GOLD

PLATE = (24, 18, 10)  # the plate under the symbol: dark, so any theme's symbol reads on it


@dataclass
class DrawnSymbolCard(Passive):
    """``caption`` over the drawn ``symbol``'s art: large on a gold-rimmed plate over the reel
    window until ``settle``, then a badge in the corner while ``running()`` says the free spins
    it belongs to go on (the stack drops it once they end)."""

    ctx: Context
    symbol: str
    caption: str
    running: Callable[[], bool] = field(default=lambda: True)
    below_multiplier: bool = False  # the free spins show a multiplier badge: the badge goes under it
    clock: float = 0.0
    large: bool = True
    finished: bool = False
    opaque = False
    modal = False

    def settle(self) -> None:
        self.large = False

    def _big_art(self, art: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """The symbol at the plate's size, made once per size (a frame only blits it)."""
        made: dict[tuple[int, int], pygame.Surface] = self.__dict__.setdefault("_made", {})
        found = made.get(size)
        if found is None:
            found = made[size] = pygame.transform.smoothscale(art, size)
        return found

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.large and not self.running():
            self.finished = True

    def plate(self) -> pygame.Rect:
        if not self.large:
            box = pygame.Rect(self.ctx.layout.multiplier_badge)
            side = box.h * 5 // 2
            rect = pygame.Rect(0, 0, max(box.w * 2 // 3, side * 3 // 4), side)
            rect.midtop = (box.centerx, box.bottom + 8 if self.below_multiplier else box.y)
            return rect
        window = self.ctx.layout.reel_window
        side = min(window.h * 9 // 10, window.w // 2)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (window.x + window.w // 2, window.y + window.h // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.plate()
        radius = max(6, min(rect.w, rect.h) // 10)
        pygame.draw.rect(surface, PLATE, rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD, rect, max(2, rect.h // 60 + 2), border_radius=radius)
        caption = self.ctx.text.fit(self.caption, max(9, rect.h // 9), rect.w - 12, PALE_GOLD, outline=True)
        surface.blit(caption, caption.get_rect(midtop=(rect.centerx, rect.y + rect.h // 20)))
        art = self.ctx.art.symbols.get(self.symbol) if self.ctx.art is not None else None
        if art is not None:
            room = rect.h - caption.get_height() - rect.h // 8
            scale = min(room / art.get_height(), (rect.w * 0.8) / art.get_width())
            big = self._big_art(art, (max(1, int(art.get_width() * scale)), max(1, int(art.get_height() * scale))))
            surface.blit(big, big.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h // 16)))
