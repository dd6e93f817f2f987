"""The per-reel random multiplier on screen: ``ReelValues`` sets each listed reel's drawn value
on a plate at the top of its column, over the reels (no input), until the next spin's draw."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...style import GOLD, WHITE
from ...words import words


@dataclass
class ReelValues(Passive):
    """Plates reading each listed reel's value (``texts: {reel}``), on the top of its column."""

    ctx: Context
    reels: tuple[int, ...]  # 0-based
    values: tuple[int, ...]
    feature: Any = None  # the block's parameters (None: the defaults)
    clock: float = 0.0
    finished: bool = False
    opaque = False
    modal = False

    def draw(self, surface: pygame.Surface) -> None:
        columns = self.ctx.layout.columns
        for reel, value in zip(self.reels, self.values, strict=True):
            if reel >= len(columns):
                continue
            box = columns[reel]
            label = words(self.feature, "reel", "x{multiplier}", multiplier=value)
            tag = self.ctx.text.fit(label, max(12, box.w // 4), box.w - 10, WHITE, outline=True)
            plate = tag.get_rect().inflate(16, 6)
            plate.center = (box.x + box.w // 2, box.y)  # on the frame's head, off the symbols
            lit = value > 1
            pygame.draw.rect(surface, (150, 30, 120) if lit else (60, 50, 70), plate, border_radius=8)
            pygame.draw.rect(surface, GOLD if lit else WHITE, plate, 2, border_radius=8)
            surface.blit(tag, tag.get_rect(center=plate.center))
