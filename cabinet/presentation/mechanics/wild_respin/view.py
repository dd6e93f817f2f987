"""The wild respin on screen: ``ReelLock`` frames the held reel while the others respin
(Halloween Wins 3's Dracula reel)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...style import GOLD, WHITE
from ...words import words


@dataclass
class ReelLock(Passive):
    """A held reel framed in glowing red with a tag (``texts: {lock}``), over the reels (no input)."""

    ctx: Context
    reel: int
    feature: Any = None  # the block's parameters (None: the defaults)
    clock: float = 0.0
    finished: bool = False
    opaque = False
    modal = False

    def picture_ready(self, at: str = "") -> bool:
        """A still picture's moment (``cabinet shot --scenario``): the respin's reels spinning
        ("spinning") or landed, the held reel framed."""
        base = next(iter(self.ctx.stack), None)  # the base game, under every scene
        reels = getattr(base, "reels", None)
        if reels is None or getattr(base, "reel_set", None) != getattr(self.feature, "reel_set", None):
            return False  # the respin's reels are not on yet
        return (not reels.all_stopped) if at == "spinning" else bool(reels.all_stopped)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.ctx.layout.columns[self.reel]
        pulse = 0.5 + 0.5 * abs(pygame.math.Vector2(1, 0).rotate(self.clock * 240).x)
        colour = (255, int(40 + 80 * pulse), 40)
        rect = pygame.Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6)
        pygame.draw.rect(surface, colour, rect, 5, border_radius=10)
        tag = self.ctx.text.fit(words(self.feature, "lock", "LOCKED"), max(12, box.w // 5), box.w - 8, WHITE, outline=True)
        plate = tag.get_rect().inflate(14, 6)
        plate.center = (rect.centerx, rect.bottom)  # on the frame's foot, off the symbols
        pygame.draw.rect(surface, (150, 10, 20), plate, border_radius=8)
        pygame.draw.rect(surface, GOLD, plate, 2, border_radius=8)
        surface.blit(tag, tag.get_rect(center=plate.center))
