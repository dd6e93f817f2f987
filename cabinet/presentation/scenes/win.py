"""Win presentation: every winning position first, then each win in turn.

Phase ``all``: all winning symbols throb and glow while the win meter counts up with
a tick. A tiered win (big / mega / epic from the game's ``win_tiers``) *climbs*: the
meter counts to the BIG threshold, and each tier it passes on the way to the round's
own gets its moment (banner, sound, more coins, the status line naming it), so the
banner never names a tier the meter has not reached. The coins fall only above the
control deck and are gone when the banner closes. Phase ``cycle``: each win alone, as the game's pay
model shows it (``presentation/pays``: a payline drawn, a ways run lit reel by reel, a
cluster outlined) with its amount on a label placed where it hides none of the win's
symbols. Any button during ``all`` skips to the end of it. A round's last
presentation keeps cycling while the cabinet is idle, until SPIN or a bet change
ends it (the base scene removes it).

Under a tier's banner the reels step back: dimmed, and held still at the moment the meter
reached BIG. That held picture of the reel window is drawn once and laid down in one blit
while the banner shows, and the base scene, whose reels it covers (``covers_reels``), does
not draw them under it: the burst, the pieces and the counter get the frame's time.
"""

from __future__ import annotations

import pygame

from cabinet.core.events import Event, FeatureTriggered, Position
from cabinet.core.money import Money
from cabinet.machine.buttons import Press

from ..art import BANNER_STEPS, dim_window
from ..celebration import Shower, draw_burst, draw_counter_plate, punch_scale
from ..context import Context
from ..pays import pay_screen_of, screen_for_win, win_kinds
from ..wins import coin_area, count_duration, tier_schedule

TIER_ORDER = ("big", "mega", "epic")
CYCLE_TIME = 1.3  # seconds per win in the cycle
QUICK_CYCLE_TIME = 0.7
HOLD_AFTER_COUNT = 0.5
TIER_HOLD = 1.6
TICK_INTERVAL = 0.085
TIER_SOUNDS = {"big": "big_win", "mega": "mega_win", "epic": "epic_win"}
TIER_NAMES = {"big": "BIG WIN", "mega": "MEGA WIN", "epic": "EPIC WIN"}
BANNER_ZOOM = 0.5  # seconds a tier's banner takes to zoom in


class WinScene:
    modal = False
    opaque = False

    def __init__(self, ctx: Context, wins: list[Event], amount: Money, meter_from: Money, tier: str,
                 screen: list[list[str]], seed: int, *, loop: bool, quick: bool = False) -> None:
        self.ctx = ctx
        kinds = win_kinds()  # every model's wins (lines, ways, clusters...) and the scatters
        self.wins = [w for w in wins if w.kind in kinds]
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
        bet_total = ctx.session.bet.total or 1
        # (seconds, amount counted) at which the meter reaches each tier on its way up
        self.schedule = tier_schedule(ctx.defn.win_tiers, amount, meter_from, bet_total, tier, quick=quick) if tier else []
        self.count_time = self.schedule[-1][0] if self.schedule else count_duration(amount, bet_total, tier, quick)
        self.shown_tier = ""  # the tier the meter has climbed to so far
        self.tier_reached_at = 0.0  # when it got there (its banner zooms in from then)
        self.held_from: float | None = None  # when the first tier's banner came: the reels are held as then
        self._held: pygame.Surface | None = None  # the reel window's held picture (a cache: see draw)
        self._held_key: tuple[object, ...] = ()
        self.hold = TIER_HOLD if tier else HOLD_AFTER_COUNT * (0.6 if quick else 1.0)
        self.finished = False
        self.counted = False
        self._next_tick = 0.0
        self.coins = Shower(seed)  # the theme's pieces (celebration kit)
        self.positions: set[Position] = {p for w in wins for p in getattr(w, "positions", ())}
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
        if self.tier:
            self.shown_tier, self.tier_reached_at = self.tier, self.t
        self._count_done()

    def end(self) -> None:
        self.skip()
        self.finished = True
        self.coins.clear()
        self._held = None

    def update(self, dt: float) -> None:
        layout = self.ctx.layout
        self.coins.update(dt, layout)
        if self.phase == "all":
            self.t += dt
            progress = min(1.0, self.t / self.count_time) if self.count_time > 0 else 1.0
            self.ctx.hud.win = self.meter_from + self.counted_amount()  # display only
            if progress < 1.0 and self.t >= self._next_tick and self.amount:
                self._next_tick = self.t + TICK_INTERVAL
                self.ctx.audio.play("win_tick", volume=0.6)
            if self.tier:
                self._climb()
            if self.tier and progress >= 1.0:
                self.coins.stop()
            if self.t >= self.count_time + self.hold:
                self._count_done()
        elif self.phase == "cycle":
            self.cycle_t += dt
            per = QUICK_CYCLE_TIME if self.quick else CYCLE_TIME
            if not self.loop and self.cycle_t >= per * max(1, len(self.wins)):
                self.finished = True

    def counted_amount(self) -> Money:
        """How much of the win the meter shows at this moment of the count-up."""
        if self.count_time <= 0 or self.t >= self.count_time:
            return self.amount
        if not self.schedule:
            return int(self.amount * self.t / self.count_time)
        previous = (0.0, 0)
        for moment in self.schedule:
            if self.t < moment[0]:
                (t0, a0), (t1, a1) = previous, moment
                return a0 + int((a1 - a0) * (self.t - t0) / (t1 - t0)) if t1 > t0 else a1
            previous = moment
        return self.amount

    def _climb(self) -> None:
        """The meter has passed a tier's threshold: that tier's moment (banner, sound, coins)."""
        reached = [name for name, (when, _) in zip(TIER_ORDER, self.schedule[:-1], strict=False) if self.t >= when]
        if not reached or reached[-1] == self.shown_tier:
            return
        if not self.shown_tier:
            self.held_from = self.t
        self.shown_tier, self.tier_reached_at = reached[-1], self.t
        self.coins.start(self.shown_tier)
        self.ctx.audio.play(TIER_SOUNDS[self.shown_tier])
        self.ctx.hud.say(f"{TIER_NAMES[self.shown_tier]}!")
        if self.shown_tier != "big":
            self.ctx.shake(0.5, 250)

    def _count_done(self) -> None:
        if self.counted:
            return
        self.counted = True
        self.ctx.hud.win = self.meter_from + self.amount
        self.coins.clear()  # the celebration is over: no coin outlives its banner
        if not self.tier and self.amount:
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

    def turn_time(self) -> float:
        """Seconds since the current win's turn of the cycle began."""
        per = QUICK_CYCLE_TIME if self.quick else CYCLE_TIME
        return self.cycle_t % per

    def holds_reels(self) -> bool:
        """The reels are held still under the banner (see the module's docstring)."""
        return bool(self.tier) and self.phase == "all" and self.held_from is not None \
            and self.ctx.art.window_dim is not None

    def _held_picture_key(self, surface: pygame.Surface) -> tuple[object, ...]:
        return surface.get_size(), id(self.ctx.layout), id(self.ctx.art)

    def covers_reels(self, surface: pygame.Surface) -> bool:
        """Whether this frame lays the held picture over the whole reel window: what the base
        scene draws of the reels there would not be seen."""
        return self.holds_reels() and self._held is not None and self._held_key == self._held_picture_key(surface)

    def _draw_all(self, surface: pygame.Surface, t: float) -> None:
        positions = set(self.positions)
        for trig in self.triggers:
            positions |= set(trig.positions)
        pay_screen_of(self.ctx.defn).draw_all(surface, self.ctx, self.screen, self.wins, sorted(positions), t)

    def _draw_held(self, surface: pygame.Surface) -> None:
        """The reel window as it was when the banner came, dimmed: drawn once, then one blit.
        The picture depends on the held moment alone, so it is the same whichever frames drew;
        it is drawn inside the window (a twinkle at a cell's corner may not reach the frame)."""
        window = pygame.Rect(self.ctx.layout.reel_window).clip(surface.get_rect())
        if self.covers_reels(surface):
            surface.blit(self._held, window.topleft)
            return
        assert self.held_from is not None
        clip = surface.get_clip()
        surface.set_clip(window)  # the picture is the window: nothing of it may fall outside
        self._draw_all(surface, self.held_from)
        dim_window(surface, self.ctx.art, window)
        surface.set_clip(clip)
        self._held, self._held_key = surface.subsurface(window).copy(), self._held_picture_key(surface)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        holding = self.holds_reels()  # (in the count-up only)
        if not holding:
            self._held = None  # the banner has gone: the picture is let go
        if holding:
            self._draw_held(surface)
        elif self.phase == "all":
            self._draw_all(surface, self.t)
            if self.tier and art.window_dim is not None:
                dim_window(surface, art, layout.reel_window)  # the reels step back for the banner
        elif self.phase == "cycle":
            win = self.current_win()
            if win is not None:  # drawn as the game's pay model shows a win (a scatter as every model's)
                screen_for_win(ctx.defn, win).draw_win(surface, ctx, self.screen, win, self.cycle_t, self.turn_time())
        if self.tier and self.phase == "all" and self.shown_tier:  # the light burst, behind the pieces
            banner_box = layout.banner
            draw_burst(surface, art.shower, (banner_box.center[0], banner_box.y + banner_box.h // 3), self.t)
        if self.coins.coins:
            surface.set_clip(coin_area(layout))  # over the game, never over the meters and buttons
            self.coins.draw(surface, art.shower)
            surface.set_clip(None)
        if self.tier and self.phase == "all":
            self._banner(surface)

    def _banner(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        frames = ctx.art.banners.get(self.shown_tier)  # none before the meter reaches BIG
        banner_box = ctx.layout.banner
        if frames:
            since = self.t - self.tier_reached_at
            i = min(len(BANNER_STEPS) - 2, int(since / BANNER_ZOOM * (len(BANNER_STEPS) - 1)))
            if since >= BANNER_ZOOM:  # after the zoom-in, throb between the last two sizes
                i = len(BANNER_STEPS) - 1 - (int(since * 3) % 2)
            img = frames[i]
            surface.blit(img, img.get_rect(center=(banner_box.center[0], banner_box.y + banner_box.h // 3)))
        # the counter on its plate, above everything, jumping at each tier it reaches
        size = round(ctx.layout.fonts.banner * punch_scale(self.t - self.tier_reached_at if self.shown_tier else 9.0))
        draw_counter_plate(ctx, surface, ctx.art.shower, ctx.money(ctx.hud.win), size,
                           (banner_box.center[0], banner_box.y + banner_box.h * 3 // 4), (255, 240, 170))
