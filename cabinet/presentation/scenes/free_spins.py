"""Free spins, replayed from the round's events.

``intro`` (the number won and the multiplier) -> ``running`` (a counter and a
multiplier badge over the game; a retrigger celebrates with a "+15 FREE SPINS" banner
that zooms in over the dimmed reels while the counter glows) -> ``outro`` (the
feature's total) -> finished. The base scene's round player drives it: it calls ``spin``,
``retrigger``, ``add`` and ``outro`` as it reaches those events, and waits on
``phase``. Intro and outro end by themselves or on any press.

From the intro to the end of the outro the game wears the theme's feature atmosphere
(``atmosphere.py``: its night sky and lights, an intro and outro card with the theme's
trim and particles) and the theme's feature music plays. A game with progress levels
(Lucky Christmas) also shows their HUD (``feature_hud.py``: the meter, the flights of
the symbols that fill it, the level banners, the sticky reels and both-ways arrows);
a level's extra spins show on the counter at once (``level_spins``) and are the state's
own count from the next spin.
"""

from __future__ import annotations

import weakref

import pygame

from cabinet.core.money import Money
from cabinet.machine.buttons import Button, Press

from ..atmosphere import FeatureAtmosphere
from ..context import Context
from ..feature_hud import FeatureHudView
from ..hud import GOLD, PALE_GOLD, WHITE
from ..overlays import make_dim
from .win import WinScene

INTRO_TIME = 2.6
OUTRO_TIME = 3.0
RETRIGGER_TIME = 1.6
COUNTER_GLOW = 1.2  # the counter glows this long when a level adds spins
SKIPS_BANNER = (Button.SPIN, Button.CONFIRM, Button.TAP)
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
        self.level_spins = 0  # spins the levels of the current spin added (the state counts them next spin)
        self.counter_glow = 0.0
        self._dim: pygame.Surface | None = None
        self._dim_size: tuple[int, int] | None = None
        levels = ctx.defn.feature("progress_levels")
        self.hud = FeatureHudView(ctx, levels) if levels is not None else None
        self.atmosphere = FeatureAtmosphere(ctx, underlays=(self.hud.paint_meter_panel,) if self.hud else ())
        self._ensure_dim()
        ctx.audio.play("feature_trigger")
        # The feature's music from its intro to the end of its outro; a feature dropped from
        # the screen without an outro (a replay closed half-way) lets go of it when it goes.
        self.music = ctx.audio.start_feature_music()
        self._music_release = weakref.finalize(self, ctx.audio.end_feature_music, self.music)

    @property
    def intro_time(self) -> float:
        """Seconds before the feature starts without a press on Continue: the block's
        ``continue_after_seconds`` (Halloween Wins 3, a kiosk), else the short default."""
        wait = getattr(self.ctx.defn.feature("free_spins"), "continue_after_seconds", 0)
        return float(wait) if wait else INTRO_TIME

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

    def level_added(self, spins: int) -> None:
        """A level's extra spins: on the counter now, glowing (the state has them from the next spin)."""
        self.level_spins += spins
        if spins:
            self.counter_glow = COUNTER_GLOW

    @property
    def shown_total(self) -> int:
        """The counter's total: the state's spins and those the levels just added."""
        return self.total_spins + self.level_spins

    @property
    def shown_multiplier(self) -> int:
        """The badge: the spin's multiplier, or a level's as soon as it is reached."""
        return max(self.multiplier, self.hud.multiplier if self.hud is not None else 1)

    # -- the scene protocol -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if self.phase in ("intro", "outro"):
            self._advance()
            return True
        if self.hud is not None and self.hud.banner_showing and press.button in SKIPS_BANNER:
            self.hud.skip_banner()  # a press cuts a level's banner short, as it skips a count-up
            return True
        return False

    def _advance(self) -> None:
        if self.phase == "intro":
            self.phase, self.t = "running", 0.0
            self.ctx.audio.play("free_spin_start")
        elif self.phase == "outro":
            self.phase = "done"
            self.finished = True
            self._music_release()  # back to the theme's music

    def update(self, dt: float) -> None:
        self._ensure_dim()
        self.atmosphere.update(dt, card=self.modal)
        if self.hud is not None:
            self.hud.update(dt)
        self.counter_glow = max(0.0, self.counter_glow - dt)
        self.t += dt
        if self.popup:
            self.popup_t += dt
            if self.popup_t >= RETRIGGER_TIME:
                self.popup = ""
        if (self.phase == "intro" and self.t >= self.intro_time) or (self.phase == "outro" and self.t >= OUTRO_TIME):
            self._advance()

    def _ensure_dim(self) -> None:
        """The intro/outro's dimming, made when the window size changes (not in draw)."""
        size = self.ctx.layout.size
        if self._dim_size != size:
            self._dim = make_dim(size, 130)
            self._dim_size = size

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        self.atmosphere.draw_backdrop(surface)
        self._status(surface)
        hud = self.hud
        if hud is not None:
            hud.draw_reels(surface)
            hud.draw_meter(surface)
        if self.phase in ("intro", "outro"):
            box = self.atmosphere.draw_card(surface, self._dim)
            colour = self.atmosphere.style.title
            if self.phase == "intro":
                title = "FREE SPINS WON"
                big = f"{self.total_spins} FREE SPINS"
                if hud is not None:
                    small = f"EVERY {hud.params.points_per_level} {hud.params.symbol} SYMBOLS UNLOCK A LEVEL"
                else:
                    small = f"{self.wins_label} x{self.multiplier} - GOOD LUCK!" if self.multiplier > 1 \
                        else "GOOD LUCK!"
            else:
                title = "FREE SPINS COMPLETE"
                big = ctx.money(self.total_win)
                small = f"TOTAL WIN FROM {self.played} FREE SPINS"
            img = text.fit(title, layout.fonts.title * 3 // 4, int(box.w * 0.8), PALE_GOLD, outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 24 // 100)))
            img = text.fit(big, layout.fonts.banner, int(box.w * 0.9), colour, outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 56 // 100)))
            img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), (255, 255, 255), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * 84 // 100)))
            return
        glowing = (bool(self.popup) and int(self.popup_t / 0.2) % 2 == 0) or \
            (self.counter_glow > 0 and int(self.counter_glow / 0.2) % 2 == 0)  # spins added: it flashes
        self._badge(surface, layout.counter_badge, "FREE SPIN", f"{self.played} / {self.shown_total}", glowing)
        if self.shown_multiplier > 1:
            self._badge(surface, layout.multiplier_badge, self.wins_label, f"x{self.shown_multiplier}")
        if hud is not None:
            win = ctx.stack.find(WinScene)
            if win is not None:  # every win while they all light, then the one the cycle shows
                hud.draw_arrows(surface, win.wins if win.phase == "all" else [win.current_win()])
            hud.draw_flights(surface)
            hud.draw_banner(surface)
        if self.popup:
            self._celebrate(surface)

    def _status(self, surface: pygame.Surface) -> None:
        """The status line again, over the feature's backdrop (the deck draws it under it)."""
        ctx = self.ctx
        status = ctx.hud.status
        if status:
            layout = ctx.layout
            img = ctx.text.fit(status, layout.fonts.status, layout.status.w, PALE_GOLD, shadow=True)
            surface.blit(img, img.get_rect(center=layout.status.center))

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
