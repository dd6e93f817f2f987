"""Free spins, replayed from the round's events.

``intro`` (the number won and the multiplier) -> ``running`` (a counter and a
multiplier badge over the game; a retrigger celebrates with a "+15 FREE SPINS" banner
that zooms in over the dimmed reels while the counter glows) -> ``outro`` (the
feature's total) -> finished. The base scene's round player drives it: it calls ``spin``,
``retrigger``, ``add`` and ``outro`` as it reaches those events, and waits on
``phase``. Intro and outro end by themselves or on any press.
"""

from __future__ import annotations

import pygame

from cabinet.core.money import Money
from cabinet.machine.buttons import Press

from ..context import Context
from ..hud import GOLD, PALE_GOLD, WHITE
from ..overlays import make_dim, make_panel

INTRO_TIME = 2.6
OUTRO_TIME = 3.0
RETRIGGER_TIME = 1.6
ZOOM = (0.45, 0.7, 0.95, 1.12, 1.0)  # the retrigger banner's sizes over its first frames
ZOOM_STEP = 0.05  # seconds per zoom size


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
        self.popup_caption = ""
        self._panel: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._panel_key: object = None
        self._ensure_panel()
        ctx.audio.play("feature_trigger")

    @property
    def wins_label(self) -> str:
        """What the multiplier multiplies, as the intro card says it: "ALL WINS" (Retro: scatter
        pays too) or "LINE WINS" (Happy Riches: a retrigger's Free Spins pay is not tripled)."""
        feature = self.ctx.defn.feature("free_spins")
        return "LINE WINS" if feature is not None and not feature.multiply_scatter_pays else "ALL WINS"

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
        self.popup, self.popup_t, self.popup_caption = f"+{awarded} FREE SPINS", 0.0, "RETRIGGER!"
        self.total_spins += awarded
        self.ctx.audio.play("feature_trigger")
        self.ctx.shake(0.6, 300)

    def add(self, spins: int) -> None:
        self.popup, self.popup_t, self.popup_caption = f"+{spins} FREE SPINS", 0.0, "EXTRA SPINS!"
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
            title = "FREE SPINS WON" if self.phase == "intro" else "FREE SPINS COMPLETE"
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
                small = f"{self.wins_label} x{self.multiplier} - GOOD LUCK!" if self.multiplier > 1 else "GOOD LUCK!"
            else:
                big = ctx.money(self.total_win)
                small = f"TOTAL WIN FROM {self.played} FREE SPINS"
            img = text.fit(big, layout.fonts.banner, int(box.w * 0.9), (255, 236, 150), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 55 // 100)))
            img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), (255, 255, 255), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 84 // 100)))
            return
        glowing = bool(self.popup) and int(self.popup_t / 0.2) % 2 == 0  # the counter flashes as spins are added
        self._badge(surface, layout.counter_badge, "FREE SPIN", f"{self.played} / {self.total_spins}", glowing)
        if self.multiplier > 1:
            self._badge(surface, layout.multiplier_badge, self.wins_label, f"x{self.multiplier}")
        if self.popup:
            self._celebrate(surface)

    def _celebrate(self, surface: pygame.Surface) -> None:
        """The retrigger: the reels dim and a gold banner with the spins won zooms in."""
        ctx = self.ctx
        layout, text, art = ctx.layout, ctx.text, ctx.art
        window = layout.reel_window
        if art.window_dim is not None:
            surface.blit(art.window_dim, (window.x, window.y))
        scale = ZOOM[min(len(ZOOM) - 1, int(self.popup_t / ZOOM_STEP))]
        w, h = int(window.w * 0.74 * scale), int(window.h * 0.42 * scale)
        cx, cy = window.center
        box = pygame.Rect(cx - w // 2, cy - h // 2, w, h)
        pygame.draw.rect(surface, (40, 16, 70), box, border_radius=max(4, h // 5))
        pygame.draw.rect(surface, GOLD, box, width=max(2, h // 22), border_radius=max(4, h // 5))
        inner = box.inflate(-max(4, h // 8), -max(4, h // 8))
        pygame.draw.rect(surface, (255, 232, 160), inner, width=1, border_radius=max(3, h // 6))
        size = max(9, int(layout.fonts.title * 1.15 * scale))
        big = text.render(self.popup, size, (255, 236, 150), outline=True)
        surface.blit(big, big.get_rect(center=(cx, cy + h // 10)))
        cap = text.render(self.popup_caption, max(8, size * 45 // 100), WHITE, outline=True)
        surface.blit(cap, cap.get_rect(center=(cx, box.y + h // 5)))

    def _badge(self, surface: pygame.Surface, box: tuple[int, int, int, int], caption: str, value: str,
               glowing: bool = False) -> None:
        text = self.ctx.text
        if glowing:
            pygame.draw.rect(surface, PALE_GOLD, pygame.Rect(box).inflate(8, 8), border_radius=box[3] // 3 + 4)
        pygame.draw.rect(surface, (24, 12, 44), box, border_radius=box[3] // 3)
        pygame.draw.rect(surface, GOLD, box, width=max(2, box[3] // 16), border_radius=box[3] // 3)
        cap = text.fit(caption, max(8, box[3] // 4), int(box[2] * 0.9), GOLD)
        surface.blit(cap, cap.get_rect(midtop=(box[0] + box[2] // 2, box[1] + box[3] // 12)))
        img = text.fit(value, max(9, box[3] // 2), int(box[2] * 0.9), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midbottom=(box[0] + box[2] // 2, box[1] + box[3] - box[3] // 12)))
