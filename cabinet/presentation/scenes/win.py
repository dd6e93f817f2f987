"""Win presentation: every winning position first, then each win in turn.

Phase ``all``: all winning symbols throb and glow while the win meter counts up with
a tick; a tiered win (big / mega / epic from the game's ``win_tiers``) adds its
banner and a coin shower. Phase ``cycle``: each win alone, its payline drawn and its
amount shown. Any button during ``all`` skips to the end of it. A round's last
presentation keeps cycling while the cabinet is idle, until SPIN or a bet change
ends it (the base scene removes it).
"""

from __future__ import annotations

import pygame

from cabinet.core.events import Event, FeatureTriggered, LineWin, Position, ScatterWin
from cabinet.core.money import Money
from cabinet.machine.buttons import Press

from ..art import BANNER_STEPS
from ..context import Context
from ..hud import GOLD
from ..wins import CoinShower, count_duration, draw_highlights, draw_payline

CYCLE_TIME = 1.3  # seconds per win in the cycle
QUICK_CYCLE_TIME = 0.7
HOLD_AFTER_COUNT = 0.5
TIER_HOLD = 1.6
TICK_INTERVAL = 0.085
TIER_SOUNDS = {"big": "big_win", "mega": "mega_win", "epic": "epic_win"}


class WinScene:
    modal = False
    opaque = False

    def __init__(self, ctx: Context, wins: list[Event], amount: Money, meter_from: Money, tier: str,
                 screen: list[list[str]], seed: int, loop: bool, quick: bool = False) -> None:
        self.ctx = ctx
        self.wins = [w for w in wins if isinstance(w, (LineWin, ScatterWin))]
        self.triggers = [w for w in wins if isinstance(w, FeatureTriggered)]
        self.amount = amount
        self.meter_from = meter_from
        self.tier = tier
        self.screen = screen
        self.loop = loop
        self.quick = quick
        self.phase = "all"
        self.t = 0.0
        self.cycle_t = 0.0
        self.count_time = count_duration(amount, ctx.session.bet.total or 1, tier, quick)
        self.hold = TIER_HOLD if tier else HOLD_AFTER_COUNT * (0.6 if quick else 1.0)
        self.finished = False
        self.counted = False
        self._next_tick = 0.0
        self.coins = CoinShower(seed)
        self.positions: set[Position] = {p for w in wins for p in getattr(w, "positions", ())}
        if tier:
            self.coins.start(tier)
            ctx.audio.play(TIER_SOUNDS[tier])
        if self.triggers:
            ctx.audio.play("feature_trigger")

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list:
        return []

    def handle(self, press: Press) -> bool:
        if self.phase == "all":
            self.skip()
            return True
        return False  # cycling: SPIN and bet changes reach the base game, which ends us

    def skip(self) -> None:
        """Jump to the end of the count-up (final amount shown, celebration over)."""
        if self.phase != "all":
            return
        self.t = self.count_time + self.hold
        self._count_done()

    def end(self) -> None:
        self.skip()
        self.finished = True
        self.coins.clear()

    def update(self, dt: float) -> None:
        layout = self.ctx.layout
        self.coins.update(dt, layout)
        if self.phase == "all":
            self.t += dt
            progress = min(1.0, self.t / self.count_time) if self.count_time > 0 else 1.0
            self.ctx.hud.win = self.meter_from + int(self.amount * progress)  # display only
            if progress < 1.0 and self.t >= self._next_tick and self.amount:
                self._next_tick = self.t + TICK_INTERVAL
                self.ctx.audio.play("win_tick", volume=0.6)
            if self.tier and progress >= 1.0:
                self.coins.stop()
            if self.t >= self.count_time + self.hold:
                self._count_done()
        elif self.phase == "cycle":
            self.cycle_t += dt
            per = QUICK_CYCLE_TIME if self.quick else CYCLE_TIME
            if not self.loop and self.cycle_t >= per * max(1, len(self.wins)):
                self.finished = True

    def _count_done(self) -> None:
        if self.counted:
            return
        self.counted = True
        self.ctx.hud.win = self.meter_from + self.amount
        self.coins.stop()
        if not self.tier:
            self.coins.clear()
            if self.amount:
                self.ctx.audio.play("win_small")
        if self.amount:
            self.ctx.shake(0.9 if self.tier else 0.4, 500 if self.tier else 180)
        if self.wins and (self.loop or not self.quick):
            self.phase, self.cycle_t = "cycle", 0.0
        else:
            self.phase = "done"
            self.finished = True

    # -- drawing (reads only) ---------------------------------------------------------------------

    def current_win(self) -> Event | None:
        if self.phase != "cycle" or not self.wins:
            return None
        per = QUICK_CYCLE_TIME if self.quick else CYCLE_TIME
        return self.wins[int(self.cycle_t / per) % len(self.wins)]

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        if self.phase == "all":
            positions = set(self.positions)
            for trig in self.triggers:
                positions |= set(trig.positions)
            draw_highlights(surface, art, layout, self.screen, sorted(positions), self.t)
        elif self.phase == "cycle":
            win = self.current_win()
            if isinstance(win, LineWin):
                pattern = ctx.defn.lines[win.line]
                draw_payline(surface, art, layout, pattern, win.line)
                draw_highlights(surface, art, layout, self.screen, win.positions, self.cycle_t)
                self._amount_label(surface, win.amount, layout.cells[2 if layout.reels > 2 else 0][pattern[
                    2 if layout.reels > 2 else 0]].center, f"LINE {win.line + 1}")
            elif isinstance(win, ScatterWin):
                draw_highlights(surface, art, layout, self.screen, win.positions, self.cycle_t)
                self._amount_label(surface, win.amount, layout.reel_window.center, f"{win.count} x {win.symbol}")
        if self.tier and self.phase == "all" and art.window_dim is not None:
            window = layout.reel_window
            surface.blit(art.window_dim, (window.x, window.y))  # the reels step back for the banner
        self.coins.draw(surface, art)
        if self.tier and self.phase == "all":
            self._banner(surface)

    def _amount_label(self, surface: pygame.Surface, amount: Money, centre: tuple[int, int], caption: str) -> None:
        """The win's amount on a dark pill, its caption (LINE 3, 4 x STAR) above it."""
        ctx = self.ctx
        size = ctx.layout.fonts.title * 3 // 5
        img = ctx.text.render(ctx.money(amount), size, (255, 236, 150))
        cap = ctx.text.render(caption, max(9, size * 11 // 20), (255, 255, 255))
        w = max(img.get_width(), cap.get_width()) + size
        h = img.get_height() + cap.get_height() + size // 4
        pill = pygame.Rect(0, 0, w, h)
        pill.center = (centre[0], centre[1] + ctx.layout.cell // 4)
        pygame.draw.rect(surface, (16, 8, 28), pill, border_radius=h // 3)
        pygame.draw.rect(surface, GOLD, pill, width=max(2, size // 12), border_radius=h // 3)
        surface.blit(cap, cap.get_rect(midtop=(pill.centerx, pill.y + size // 8)))
        surface.blit(img, img.get_rect(midbottom=(pill.centerx, pill.bottom - size // 10)))

    def _banner(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        frames = ctx.art.banners.get(self.tier)
        banner_box = ctx.layout.banner
        if frames:
            zoom_time = 0.5
            i = min(len(BANNER_STEPS) - 2, int(self.t / zoom_time * (len(BANNER_STEPS) - 1)))
            if self.t >= zoom_time:  # after the zoom-in, throb between the last two sizes
                i = len(BANNER_STEPS) - 1 - (int(self.t * 3) % 2)
            img = frames[i]
            surface.blit(img, img.get_rect(center=(banner_box.center[0], banner_box.y + banner_box.h // 3)))
        ctx.text.counter(surface, ctx.money(ctx.hud.win), ctx.layout.fonts.banner, (255, 240, 170),
                         (banner_box.center[0], banner_box.y + banner_box.h * 3 // 4), outline=True)
