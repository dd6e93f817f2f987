"""Free spins, replayed from the round's events.

``intro`` (the number won and the multiplier) -> ``running`` (a counter and a
multiplier badge over the game; retriggers celebrate) -> ``outro`` (the feature's
total) -> finished. The base scene's round player drives it: it calls ``spin``,
``retrigger``, ``add`` and ``outro`` as it reaches those events, and waits on
``phase``. Intro and outro end by themselves or on any press.
"""

from __future__ import annotations

import pygame

from cabinet.core.money import Money
from cabinet.machine.buttons import Press

from ..context import Context
from ..hud import GOLD, PALE_GOLD
from ..overlays import make_dim, make_panel

INTRO_TIME = 2.6
OUTRO_TIME = 3.0
RETRIGGER_TIME = 1.6


class FreeSpinsScene:
    opaque = False

    def __init__(self, ctx: Context, awarded: int, multiplier: int) -> None:
        self.ctx = ctx
        self.total_spins = awarded
        self.played = 0
        self.multiplier = multiplier
        self.total_win: Money = 0
        self.phase = "intro"
        self.t = 0.0
        self.finished = False
        self.popup = ""
        self.popup_t = 0.0
        self._panel: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._panel_key: object = None
        self._ensure_panel()
        ctx.audio.play("feature_trigger")

    @property
    def modal(self) -> bool:  # intro and outro hold the game still
        return self.phase in ("intro", "outro")

    def hit_regions(self) -> list:
        return []

    # -- driven by the round player ---------------------------------------------------------------

    def spin(self, index: int, remaining: int, multiplier: int) -> None:
        self.played = index
        self.total_spins = index + remaining
        self.multiplier = multiplier

    def retrigger(self, awarded: int) -> None:
        self.popup, self.popup_t = f"+{awarded} FREE SPINS", 0.0
        self.total_spins += awarded
        self.ctx.audio.play("feature_trigger")
        self.ctx.shake(0.6, 300)

    def add(self, spins: int) -> None:
        self.popup, self.popup_t = f"+{spins} FREE SPINS", 0.0
        self.total_spins += spins

    def outro(self, total: Money) -> None:
        self.total_win = total
        self.phase, self.t = "outro", 0.0
        self._ensure_panel()

    # -- the scene protocol -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if self.phase in ("intro", "outro"):
            self._advance()
            return True
        return False

    def _advance(self) -> None:
        if self.phase == "intro":
            self.phase, self.t = "running", 0.0
            self.ctx.audio.play("free_spin_start")
        elif self.phase == "outro":
            self.phase = "done"
            self.finished = True

    def update(self, dt: float) -> None:
        self._ensure_panel()
        self.t += dt
        if self.popup:
            self.popup_t += dt
            if self.popup_t >= RETRIGGER_TIME:
                self.popup = ""
        if (self.phase == "intro" and self.t >= INTRO_TIME) or (self.phase == "outro" and self.t >= OUTRO_TIME):
            self._advance()

    def _ensure_panel(self) -> None:
        """The intro/outro panel, built when the phase or the window size changes (not in draw)."""
        layout = self.ctx.layout
        key = (self.phase, layout.size)
        if self.phase in ("intro", "outro") and self._panel_key != key:
            title = "FREE SPINS" if self.phase == "intro" else "FEATURE WIN"
            self._panel = make_panel(self.ctx, layout.banner, title)
            self._dim = make_dim(layout.size, 120)
            self._panel_key = key

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        if self.phase in ("intro", "outro"):
            box = layout.banner
            if self._panel is not None and self._dim is not None:
                surface.blit(self._dim, (0, 0))
                surface.blit(self._panel, (box.x, box.y))
            if self.phase == "intro":
                big = f"{self.total_spins} FREE SPINS"
                small = f"ALL WINS x{self.multiplier}" if self.multiplier > 1 else "GOOD LUCK!"
            else:
                big = ctx.money(self.total_win)
                small = f"{self.played} FREE SPINS PLAYED"
            img = text.fit(big, layout.fonts.banner, int(box.w * 0.9), (255, 236, 150), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 55 // 100)))
            img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), (255, 255, 255), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 84 // 100)))
            return
        self._badge(surface, layout.counter_badge, "FREE SPIN", f"{self.played} / {self.total_spins}")
        if self.multiplier > 1:
            self._badge(surface, layout.multiplier_badge, "MULTIPLIER", f"x{self.multiplier}")
        if self.popup:
            img = text.render(self.popup, layout.fonts.title, (255, 236, 150), outline=True)
            rise = int(self.popup_t * layout.cell * 0.3)
            surface.blit(img, img.get_rect(center=(layout.reel_window.center[0], layout.reel_window.center[1] - rise)))

    def _badge(self, surface: pygame.Surface, box: tuple[int, int, int, int], caption: str, value: str) -> None:
        text = self.ctx.text
        pygame.draw.rect(surface, (24, 12, 44), box, border_radius=box[3] // 3)
        pygame.draw.rect(surface, GOLD, box, width=max(2, box[3] // 16), border_radius=box[3] // 3)
        cap = text.fit(caption, max(8, box[3] // 4), int(box[2] * 0.9), GOLD)
        surface.blit(cap, cap.get_rect(midtop=(box[0] + box[2] // 2, box[1] + box[3] // 12)))
        img = text.fit(value, max(9, box[3] // 2), int(box[2] * 0.9), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midbottom=(box[0] + box[2] // 2, box[1] + box[3] - box[3] // 12)))
