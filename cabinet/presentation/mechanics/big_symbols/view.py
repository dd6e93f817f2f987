"""The big symbol's sprite: the symbol's art scaled once to the block it covers, drawn over the
reels from the landing until the next spin starts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...layout import Box
from ...style import GOLD

GROW_TIME = 0.25  # the sprite grows from the block's centre to its size as it lands


def block_box(cells: tuple[tuple[Box, ...], ...], reels: tuple[int, ...], rows: tuple[int, ...]) -> pygame.Rect:
    """The rectangle the block's cells cover (first cell's corner to the last cell's)."""
    first = cells[reels[0]][rows[0]]
    last = cells[reels[-1]][rows[-1]]
    return pygame.Rect(first.x, first.y, last.x + last.w - first.x, last.y + last.h - first.y)


@dataclass
class BigSymbolSprite(Passive):
    """``symbol`` as ONE sprite over ``box`` (its art scaled smoothly to the largest square that
    fits, centred, on the reels' own backing), until ``moving()`` says the reels spin again
    (after they have been seen at rest: the sprite may come while they settle)."""

    ctx: Context
    symbol: str
    box: pygame.Rect
    moving: Callable[[], bool] = field(default=lambda: False)
    clock: float = 0.0
    rested: bool = False
    finished: bool = False
    opaque = False
    modal = False

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.moving():
            self.rested = True
        elif self.rested:
            self.finished = True

    def scaled(self, art: pygame.Surface, side: int) -> pygame.Surface:
        """The art at ``side`` pixels, made once per size (a frame only blits it)."""
        made: dict[int, pygame.Surface] = self.__dict__.setdefault("_made", {})
        found = made.get(side)
        if found is None:
            found = made[side] = pygame.transform.smoothscale(art, (side, side))
        return found

    def draw(self, surface: pygame.Surface) -> None:
        art = self.ctx.art.symbols.get(self.symbol) if self.ctx.art is not None else None
        grow = min(1.0, self.clock / GROW_TIME) if GROW_TIME > 0 else 1.0
        full = min(self.box.w, self.box.h)
        side = max(1, round(full * (0.6 + 0.4 * grow)))
        backing = self.ctx.art.paper if self.ctx.art is not None else None
        pygame.draw.rect(surface, (18, 14, 24), self.box)  # the covered cells' own symbols are hidden
        if backing is not None:  # the reels' paper under it, tiled as the reels tile it
            clip = surface.get_clip()
            surface.set_clip(self.box)
            for y in range(self.box.y, self.box.bottom, backing.get_height()):
                for x in range(self.box.x, self.box.right, backing.get_width()):
                    surface.blit(backing, (x, y))
            surface.set_clip(clip)
        if art is not None:
            sprite = self.scaled(art, side)
            surface.blit(sprite, sprite.get_rect(center=self.box.center))
        pygame.draw.rect(surface, GOLD, self.box, max(2, full // 60))
