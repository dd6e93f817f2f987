"""The base game: reels, deck and meters, and the player that replays a round's events.

The round player is a generator stepped once per update: it walks
``RoundResult.events`` in order, starts the animation each event calls for and
waits (by yielding) until it is done, so the timing lives here and the outcome lives
in the core. It tells the session how far the screen has got (``mark_progress``) and
finishes the round (the win is paid) when the last event has been shown.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import pygame

from cabinet.core.events import (
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ReelsStopped,
    RoundEnded,
    RoundStarted,
    ScatterWin,
    SpinEnded,
    SpinStarted,
    WinCapped,
)
from cabinet.core.round import RoundResult
from cabinet.machine.buttons import Button, Press, respin_reel
from cabinet.machine.session import SessionError

from .. import hud
from ..context import Context
from ..reels import ReelView
from .bet_selector import BetSelectorScene
from .free_spins import FreeSpinsScene
from .info import InfoScene
from .menu import MenuScene
from .win import WinScene

AUTOPLAY_PAUSE = 0.9  # seconds between autoplay rounds
BET_BUTTONS = frozenset({Button.BET_MINUS, Button.BET_PLUS, Button.MAX_BET, Button.BET_SELECT, Button.UP,
                         Button.DOWN, Button.LEFT, Button.RIGHT})  # locked while a round plays

Step = Generator[None, None, None]


def idle_stops(strips: tuple[tuple[str, ...], ...]) -> list[int]:
    """A fixed, varied screen for before the first spin."""
    return [(7 + 11 * i) % len(strip) for i, strip in enumerate(strips)]


class BaseGameScene:
    modal = False
    opaque = True
    finished = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        defn = ctx.defn
        reel_set = defn.base_game.reel_sets[0].set
        strips = defn.reels[reel_set]
        self.reel_set = reel_set
        session = ctx.session
        if session.current is not None and not session.in_round:  # the screen the last round left
            reel_set = session.current.final_reel_set
            stops = list(session.current.final_stops)
            strips = defn.reels[reel_set]
        else:
            stops = idle_stops(strips)
        self.reels = ReelView(strips, stops, sound=ctx.audio.play, stop_sound=ctx.audio.stop)
        self.screen: list[list[str]] = self.reels.visible(defn.grid.rows)
        self.round: Step | None = None
        self.result: RoundResult | None = None
        self.presentation: WinScene | None = None  # the last round's cycling presentation
        self.autoplay = False
        self._autoplay_wait = 0.0
        self.clock = 0.0
        self.static = pygame.Surface(ctx.layout.size)
        self._build_static()
        ctx.on_layout.append(self._build_static)
        ctx.hud.say("PRESS SPIN TO PLAY")

    # -- layout -----------------------------------------------------------------------------------

    def _build_static(self) -> None:
        """Background, logo, reel frame and deck panel in one opaque layer (rebuilt per layout)."""
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        if self.static.get_size() != layout.size:
            self.static = pygame.Surface(layout.size)
        surface = self.static
        if art.background is not None:
            surface.blit(art.background, (0, 0))
        if art.logo is not None:
            surface.blit(art.logo, art.logo.get_rect(center=layout.logo.center))
        if art.frame is not None:
            surface.blit(art.frame, (layout.reel_frame.x, layout.reel_frame.y))
        pygame.draw.rect(surface, (0, 0, 0), layout.reel_window)
        hud.draw_static(ctx, surface)

    # -- state ------------------------------------------------------------------------------------

    @property
    def in_round(self) -> bool:
        return self.round is not None

    @property
    def offer_visible(self) -> bool:
        return not self.in_round and self.ctx.session.offer is not None

    def hit_regions(self) -> list:
        return self.ctx.layout.hit_regions(respin=self.offer_visible)

    # -- input ------------------------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        b = press.button
        ctx = self.ctx
        if b in ctx.layout.buttons or respin_reel(b) is not None:
            ctx.hud.flash[str(b)] = hud.FLASH_TIME  # the button shows pressed for a moment
        if b == Button.MENU:
            ctx.stack.push(MenuScene(ctx))
            ctx.audio.play("button_click")
            return True
        if b == Button.AUTOPLAY:
            self.autoplay = not self.autoplay
            self._autoplay_wait = 0.0
            ctx.hud.say("AUTOPLAY ON" if self.autoplay else "AUTOPLAY OFF")
            ctx.audio.play("button_click")
            return True
        if b == Button.ADD_CREDITS:
            added = ctx.session.add_credits()
            ctx.hud.say(f"{ctx.money(added)} ADDED")
            ctx.audio.play("coin_drop")
            return True
        if b == Button.LEFT_HAND:
            ctx.toggle_left_hand()
            return True
        if b == Button.SOUND:
            ctx.toggle_sound()
            return True
        if self.in_round:
            return self._handle_in_round(b)
        return self._handle_idle(press)

    def _handle_in_round(self, b: Button) -> bool:
        if b in (Button.SPIN, Button.CONFIRM):
            self.reels.slam()
            return True
        if b in BET_BUTTONS:
            self.ctx.hud.say("THE BET CANNOT CHANGE DURING A ROUND")
            return True
        return True  # the round has the cabinet's attention; nothing else acts now

    def _handle_idle(self, press: Press) -> bool:
        b = press.button
        ctx = self.ctx
        if b in (Button.SPIN, Button.CONFIRM):
            self.start_round()
        elif b in (Button.BET_PLUS, Button.UP, Button.RIGHT):
            self._change_bet(ctx.session.step_bet, +1)
        elif b in (Button.BET_MINUS, Button.DOWN, Button.LEFT):
            self._change_bet(ctx.session.step_bet, -1)
        elif b == Button.MAX_BET:
            self._change_bet(lambda _d: ctx.session.max_bet(), 0)
        elif b == Button.BET_SELECT:
            self.end_presentation()
            ctx.stack.push(BetSelectorScene(ctx, on_change=self._bet_changed))
            ctx.audio.play("button_click")
        elif b == Button.INFO:
            ctx.stack.push(InfoScene(ctx))
            ctx.audio.play("button_click")
        elif (reel := respin_reel(b)) is not None:
            self.start_round(respin=reel)
        else:
            return False
        return True

    def _change_bet(self, change: Callable[[int], bool], direction: int) -> None:
        before = self.ctx.session.bet
        if change(direction) and self.ctx.session.bet != before:
            self._bet_changed()
        else:
            self.ctx.audio.play("button_click")

    def _bet_changed(self) -> None:
        """A new bet ends the win presentation (the rule sheets say so)."""
        self.end_presentation()
        self.ctx.audio.play("bet_change")
        self.ctx.hud.say(f"BET {self.ctx.money(self.ctx.session.bet.total)}")

    def end_presentation(self) -> None:
        if self.presentation is not None:
            self.presentation.end()
            self.ctx.stack.remove(self.presentation)
            self.presentation = None

    # -- rounds -----------------------------------------------------------------------------------

    def start_round(self, respin: int | None = None) -> bool:
        ctx = self.ctx
        session = ctx.session
        try:
            result = session.begin_round() if respin is None else session.begin_respin(respin)
        except SessionError as exc:
            self.autoplay = False
            message = str(exc).upper()
            if "CREDITS" in message:
                message += " - PRESS ADD CREDITS (C)"
            ctx.hud.say(message)
            ctx.audio.play("button_click")
            return False
        self.end_presentation()
        self.result = result
        self.round = self._play(result)
        return True

    def resume_round(self) -> bool:
        """Show a round the session restored (already charged, not yet paid) from its start:
        the outcome is fixed, so the replay ends exactly where the round was."""
        session = self.ctx.session
        if not session.in_round or session.current is None or self.round is not None:
            return False
        self.result = session.current
        self.round = self._play(session.current, restored=True)
        self.ctx.hud.say("ROUND RESTORED")
        return True

    def _wait(self, seconds: float) -> Step:
        end = self.clock + seconds
        while self.clock < end:
            yield

    def _present(self, wins: list, amount: int, meter_from: int, tier: str, loop: bool, quick: bool,
                 seed: int) -> Generator[None, None, WinScene]:
        scene = WinScene(self.ctx, wins, amount, meter_from, tier, self.screen, seed, loop=loop, quick=quick)
        self.ctx.stack.push(scene)
        while not scene.counted:
            yield
        return scene

    def _play(self, result: RoundResult, restored: bool = False) -> Step:
        ctx = self.ctx
        session, audio, defn = ctx.session, ctx.audio, ctx.defn
        events = result.events
        seed = result.request.seed
        ctx.hud.win = 0
        spin_wins: list = []
        base_presented = False
        free: FreeSpinsScene | None = None
        meter = 0
        tier = next((e.tier for e in events if isinstance(e, RoundEnded)), "")
        for i, event in enumerate(events):
            if isinstance(event, RoundStarted):
                ctx.hud.say("ROUND RESTORED" if restored else "GOOD LUCK!" if event.round_type == "spin" else "RESPIN")
            elif isinstance(event, SpinStarted):
                spin_wins = []
                if event.mode == "free" and free is not None:
                    free.spin(event.index, event.remaining, event.multiplier)
                    yield from self._wait(0.3)
                self.reel_set = event.reel_set
                self.reels.start(defn.reels[event.reel_set], event.spinning_reels)
                audio.play("respin" if event.mode == "respin" else "spin_start")
            elif isinstance(event, ReelsStopped):
                self.reels.land(event.stops, event.anticipation)
                self.screen = [list(column) for column in event.screen]
                while not self.reels.all_stopped:
                    yield
            elif isinstance(event, (LineWin, ScatterWin)):
                spin_wins.append(event)
            elif isinstance(event, FeatureTriggered):
                if event.retrigger and free is not None:
                    free.retrigger(event.awarded)
                    yield from self._wait(0.8)
                else:  # the base spin's wins and the trigger, before the feature starts
                    amount = sum(w.amount for w in spin_wins)
                    scene = yield from self._present([*spin_wins, event], amount, meter, "", False, False, seed)
                    yield from self._wait(0.4)
                    scene.end()
                    ctx.stack.remove(scene)
                    meter += amount
                    base_presented = True
            elif isinstance(event, FeatureStarted):
                free = FreeSpinsScene(ctx, event.spins, event.multiplier)
                ctx.stack.push(free)
                ctx.hud.say(f"{event.spins} FREE SPINS")
                while free.phase == "intro":
                    yield
            elif event.kind == "spins_added" and free is not None:
                free.add(getattr(event, "spins", 0))
            elif isinstance(event, WinCapped):
                ctx.hud.say("MAXIMUM WIN REACHED")
            elif isinstance(event, SpinEnded):
                if event.mode == "free":
                    if spin_wins:
                        scene = yield from self._present(spin_wins, event.win, meter, "", False, True, seed + i)
                        while not scene.finished:
                            yield
                        ctx.stack.remove(scene)
                    meter += event.win
                    ctx.hud.win = meter
                    if free is not None:
                        free.total_win = event.feature_total
                elif not base_presented:
                    base_presented = True
                    if event.win > 0:  # the round's own presentation: it keeps cycling when idle
                        self.presentation = yield from self._present(spin_wins, event.win, meter, tier, True,
                                                                     False, seed)
                    meter += event.win
            elif isinstance(event, FeatureEnded) and free is not None:
                ctx.hud.say(f"FREE SPINS WIN {ctx.money(event.total)}")
                free.outro(event.total)
                while not free.finished:
                    yield
                ctx.stack.remove(free)
                free = None
            elif isinstance(event, RoundEnded):
                if result.features and event.tier:  # a tiered total after a feature: celebrate it
                    scene = yield from self._present([], event.total_win, 0, event.tier, False, False, seed)
                    ctx.stack.remove(scene)
                ctx.hud.win = event.total_win
            session.mark_progress(i + 1)
        session.finish_round()
        self._after_round(result)

    def _after_round(self, result: RoundResult) -> None:
        ctx = self.ctx
        if result.total_win:
            ctx.hud.say(f"WIN {ctx.money(result.total_win)}")
        elif ctx.session.offer is not None:
            ctx.hud.say("RESPIN ANY REEL: PRESS ITS PRICE")
        else:
            ctx.hud.say("PRESS SPIN TO PLAY")
        self._autoplay_wait = 0.0

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        ctx = self.ctx
        ctx.hud.status_time += dt
        for key in list(ctx.hud.flash):
            ctx.hud.flash[key] -= dt
            if ctx.hud.flash[key] <= 0:
                del ctx.hud.flash[key]
        self.reels.update(dt)
        if self.round is not None:
            try:
                next(self.round)
            except StopIteration:
                self.round = None
        elif self.autoplay:
            self._autoplay_wait += dt
            if self._autoplay_wait >= AUTOPLAY_PAUSE:
                self._autoplay_wait = 0.0
                self.start_round()
        if self.presentation is not None and self.presentation.finished:
            self.presentation = None

    # -- drawing (reads only) ---------------------------------------------------------------------

    def enabled_buttons(self) -> dict[Button, bool]:
        session = self.ctx.session
        idle = not self.in_round
        return {
            Button.SPIN: idle and session.spin_refusal() is None or self.reels.spinning,
            Button.BET_MINUS: idle,
            Button.BET_PLUS: idle,
            Button.MAX_BET: idle,
            Button.AUTOPLAY: True,
            Button.MENU: True,
            Button.INFO: idle,
        }

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        surface.blit(self.static, (0, 0))
        self.reels.draw(surface, art, layout, dim_held=self.reels.spinning)
        window = layout.reel_window
        if art.shade_top is not None and art.shade_bottom is not None:
            surface.blit(art.shade_top, (window.x, window.y))
            surface.blit(art.shade_bottom, (window.x, window.bottom - art.shade_bottom.get_height()))
        if self.offer_visible and ctx.session.offer is not None:
            hud.draw_respin_tags(ctx, surface, ctx.session.offer)
        hud.draw_dynamic(ctx, surface, self.enabled_buttons(), self.reels.spinning, self.autoplay)

