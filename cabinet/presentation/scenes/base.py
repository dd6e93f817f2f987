"""The base game: reels, deck and meters, and the player that replays a round's events.

The round player is a generator stepped once per update: it walks
``RoundResult.events`` in order, applies each to the round's screen state (the reducer
recovery uses too, ``screen_state.py``), runs the presenter its game's table gives for it
(``engine.py``, built from its blocks) and waits (by yielding) until that animation is done, so the timing
lives in the presentation and the outcome in the core. It tells the session how far the
screen has got (``mark_progress``) and finishes the round (the win is paid) when the
last event has been shown.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import pygame

from cabinet.core.bet import default_bet, max_bet
from cabinet.core.definition import Definition
from cabinet.core.evaluate import screen_from_stops, symbol_count
from cabinet.core.features import quiet_rules
from cabinet.core.pays import model_of
from cabinet.core.round import RoundResult
from cabinet.machine.autoplay_driver import STOP_MESSAGES, AutoplayDriver
from cabinet.machine.buttons import Button, Press, respin_reel
from cabinet.machine.session import SessionError, StorageError
from cabinet.services.autoplay import StopReason

from .. import bet_modes, bet_panel, hud, icons
from ..context import Context
from ..decisions import next_result, offering
from ..engine import Playback, show_state
from ..layout import column_cells
from ..mechanics import presenter_table
from ..mechanics.free_spins.view import FreeSpinsScene
from ..pays import pay_screen_for
from ..reels import ReelView
from ..router import register_scene
from ..scaled import shrunk
from ..screen_state import ScreenState, feature_presenters
from ..tag_band import shows_panel
from ..top_reel import TopReelView
from ..words import words
from . import credits
from .settings import setting
from .win import WinScene

AUTOPLAY_PAUSE = 0.9  # seconds between autoplay rounds
STORAGE_RETRY = 2.0  # seconds between tries to record a round's end while the disk refuses
BET_BUTTONS = frozenset({Button.BET_MINUS, Button.BET_PLUS, Button.MAX_BET, Button.BET_SELECT, Button.UP,
                         Button.DOWN, Button.LEFT, Button.RIGHT})  # locked while a round plays

Step = Generator[None, None, None]


def idle_stops(defn: Definition, reel_set: str) -> list[int]:
    """A fixed, varied, *quiet* screen for before the first spin.

    A screen that shows a win or a feature's trigger symbols before anything was
    played looks like a missed payout, so the first stops (in a fixed order) that pay
    nothing and trigger nothing are used.
    """
    strips = defn.reels[reel_set]
    bet = default_bet(defn)
    triggers = quiet_rules(defn)
    first: list[int] | None = None
    for attempt in range(500):
        stops = [(7 + 11 * i + attempt * (2 * i + 1)) % len(strip) for i, strip in enumerate(strips)]
        first = first or stops
        screen = screen_from_stops(defn, reel_set, stops)
        if model_of(defn).evaluate(defn, screen, bet)[1] == 0 and all(  # the game's own pay model
            symbol_count(defn, screen, symbol)[0] < needed for symbol, needed in triggers
        ):
            return stops
    return first or [0] * len(strips)


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
            strips = bet_modes.strips_played(defn, session.current.request, reel_set)
        else:
            stops = idle_stops(defn, reel_set)
        self.reels = ReelView(strips, stops, sound=ctx.audio.play, stop_sound=ctx.audio.stop)
        top = defn.pay_model.top_reel
        if top is not None:
            self.reels.top = TopReelView(top.strip, [r - 1 for r in top.reels])
        self.screen: list[list[str]] = self.reels.visible(defn.grid.rows)
        self.state = ScreenState()  # what the round being shown (or the last one) put on the screen
        if session.current is not None and not session.in_round:  # its heights and wilds' drawn values too
            from ..resume import restore_heights, restore_stamps

            last = ScreenState(presenters=feature_presenters(defn)).apply_all(session.current.events)
            restore_heights(self, last)
            restore_stamps(self, last)
        self.round: Step | None = None
        self.result: RoundResult | None = None
        self.presentation: WinScene | None = None  # the last round's cycling presentation
        self.autoplay = AutoplayDriver(session)  # never saved: defaults again after a restart
        self._autoplay_wait = 0.0
        self.respin_cursor: int | None = None  # the reel a pad has picked with the d-pad
        self._last_respin_reel = defn.grid.reels // 2
        self.has_respin = defn.feature("paid_respin") is not None
        self.wrench: dict[str, pygame.Surface] = {}
        ctx.stack.filters.append(self._stop_autoplay_on_any_press)
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
            surface.blit(art.background, (0, 0))  # with the theme's side art in its corners (art.py)
        if art.frame is not None:
            surface.blit(art.frame, (layout.reel_frame.x, layout.reel_frame.y))
        pygame.draw.rect(surface, (0, 0, 0), layout.reel_window)
        if art.logo is not None:  # the logo crowns the frame, over its top border
            surface.blit(art.logo, art.logo.get_rect(center=layout.logo.center))
        hud.draw_static(ctx, surface)
        side = icons.settings_box(layout).w
        if "" not in self.wrench or self.wrench[""].get_width() != side:  # a mirrored layout reuses it
            self.wrench = {state: icons.wrench_button(side, state) for state in ("", "_pressed")}

    # -- state ------------------------------------------------------------------------------------

    @property
    def in_round(self) -> bool:
        return self.round is not None

    @property
    def offer_visible(self) -> bool:
        return not self.in_round and self.ctx.session.offer is not None

    @property
    def free_spins_running(self) -> bool:
        return self.ctx.stack.find(FreeSpinsScene) is not None

    def hit_regions(self) -> list:
        layout = self.ctx.layout
        regions = layout.hit_regions(respin=self.offer_visible)
        if shows_panel(self.ctx.defn):
            regions += bet_panel.hit_regions(layout)
        regions.append((icons.settings_box(layout), Press(Button.SETTINGS)))
        regions += bet_modes.hit_regions(self.ctx)  # ANTE and BUY FEATURE, in a game with such modes
        return credits.prompt_regions(self.ctx, self.in_round) + regions  # the ADD CREDITS prompt's button

    def show_intro(self) -> bool:
        """The game's intro card, when the player has it on (App.start calls this)."""
        if self.in_round or not setting(self.ctx, "intro_screen"):
            return False
        self.ctx.open("intro")
        return True

    # -- input ------------------------------------------------------------------------------------

    def _stop_autoplay_on_any_press(self, press: Press) -> bool:
        """A stack filter: any button stops a running autoplay, whatever scene is on top;
        that press does nothing else (a stray press must not also spend credits). CONTINUE on a
        feature's intro card is the one exception: it answers the card, spends nothing, and the
        autoplay plays on (stopping it there took a second press to start the feature)."""
        if self not in list(self.ctx.stack) or not self.autoplay.running:
            return False
        top = self.ctx.stack.top
        if isinstance(top, FreeSpinsScene) and top.answers_prompt(press):
            return False
        self.autoplay.button_pressed()
        if press.button in self.ctx.layout.buttons:
            self.ctx.hud.flash[str(press.button)] = hud.FLASH_TIME
        self.ctx.hud.say(STOP_MESSAGES[StopReason.BUTTON])
        self.ctx.audio.play("button_click")
        return True

    def handle(self, press: Press) -> bool:
        b = press.button
        ctx = self.ctx
        if b == Button.SPIN and press.key == pygame.K_SPACE and not setting(ctx, "spacebar_spins"):
            ctx.hud.say("SPACEBAR TO SPIN IS OFF (GAME SETTINGS)")
            return True
        if b in ctx.layout.buttons or respin_reel(b) is not None or b in (Button.SETTINGS, Button.BUY, Button.ANTE):
            ctx.hud.flash[str(b)] = hud.FLASH_TIME  # the button shows pressed for a moment
        if b == Button.MENU:
            ctx.open("menu")
            ctx.audio.play("button_click")
            return True
        if b == Button.AUTOPLAY:  # the panel; it may open mid-round (changes then wait for its end)
            self.end_presentation()
            ctx.open("autoplay", self.autoplay, on_start=self._autoplay_started)
            ctx.audio.play("button_click")
            return True
        if b == Button.SETTINGS:
            ctx.open("settings")
            ctx.audio.play("button_click")
            return True
        if b == Button.ADD_CREDITS:
            try:
                added = ctx.session.add_credits()
            except SessionError as exc:  # mid-round, or the ledger could not record it
                ctx.hud.say(str(exc).upper())
                return True
            ctx.hud.say(f"{ctx.money(added)} ADDED")
            ctx.audio.play("coin_drop")
            return True
        if b == Button.LEFT_HAND:
            ctx.toggle_left_hand()
            return True
        if b == Button.SOUND:
            ctx.toggle_sound()
            return True
        if b == Button.BUY:
            self.open_buy_card()
            return True
        if b == Button.ANTE:
            self.switch_ante()
            return True
        if self.in_round:
            return self._handle_in_round(press)
        return self._handle_idle(press)

    # -- bet modes --------------------------------------------------------------------------------

    def buy_refusal(self) -> str | None:
        """Why BUY opens no card now (None: it opens)."""
        defn, ctx = self.ctx.defn, self.ctx
        buys, ante = bet_modes.buy_modes(defn), bet_modes.ante_mode(defn)
        if not buys and ante is None:
            return "THIS GAME HAS NO BUY FEATURE"
        if not ctx.buy_features and ante is None:  # some jurisdictions ban buys: the kiosk turns them off
            return "BUY FEATURES ARE OFF ON THIS CABINET"
        if self.in_round or ctx.session.in_round:
            return "A FEATURE CAN BE BOUGHT WHEN THE ROUND IS OVER"
        return None

    def open_buy_card(self) -> None:
        ctx = self.ctx
        refusal = self.buy_refusal()
        ctx.audio.play("button_click")
        if refusal is not None:
            ctx.hud.say(refusal)
            return
        self.end_presentation()
        ctx.open("buy_feature", on_buy=self.buy, on_ante=self.switch_ante)

    def buy(self, mode: str) -> bool:
        """One round of buy mode ``mode``: charged its cost, the feature played at once."""
        started = self.start_round(mode=mode)
        if started:
            self.ctx.hud.say(f"{bet_modes.mode_words(self.ctx.defn, mode)}: {self.ctx.money(self.result.cost)}"
                             if self.result is not None else "")
        return started

    def switch_ante(self) -> None:
        """ANTE: the ante on or off for the spins to come (its cost and effect on the status line)."""
        ctx = self.ctx
        session = ctx.session
        ante = bet_modes.ante_mode(ctx.defn)
        ctx.audio.play("button_click")
        if ante is None:
            ctx.hud.say("THIS GAME HAS NO ANTE BET")
            return
        if self.in_round or session.in_round:
            ctx.hud.say("THE ANTE CAN BE SWITCHED WHEN THE ROUND IS OVER")
            return
        turning_on = session.mode != ante.name
        session.set_mode(ante.name if turning_on else "base")
        self.end_presentation()
        words = bet_modes.mode_words(ctx.defn, ante.name)
        if turning_on:
            effect = f": {ante.description.upper()}" if ante.description else ""
            ctx.hud.say(f"{words} ON - SPIN COSTS {ctx.money(session.mode_cost())}{effect}")
        else:
            ctx.hud.say(f"{words} OFF - SPIN COSTS {ctx.money(session.mode_cost())}")

    def _handle_in_round(self, press: Press) -> bool:
        b = press.button
        if b in (Button.SPIN, Button.CONFIRM):
            self.reels.slam()
            return True
        if (reel := respin_reel(b)) is not None:
            self.request_respin(reel)  # refused, with the reason on screen
            return True
        if b in BET_BUTTONS or b == Button.ITEM:
            self.ctx.hud.say("THE BET CANNOT CHANGE DURING A ROUND")
            return True
        return True  # the round has the cabinet's attention; nothing else acts now

    def _handle_idle(self, press: Press) -> bool:
        b = press.button
        ctx = self.ctx
        picked = self.respin_cursor if self.offer_visible else None
        picking = picked is not None
        if b in (Button.SPIN, Button.CONFIRM):
            if picked is not None:
                self.request_respin(picked)
            else:
                self.start_round()
        elif b in (Button.LEFT, Button.RIGHT) and self.has_respin and self.offer_visible:
            self._move_respin_cursor(-1 if b == Button.LEFT else +1)  # the pad picks a reel
        elif b == Button.BACK and picking:
            self.respin_cursor = None
            ctx.hud.say(self._respin_words("cancelled", "RESPIN CANCELLED"))
        elif b in (Button.BET_PLUS, Button.UP, Button.RIGHT):
            self._change_bet(ctx.session.step_bet, +1)
        elif b in (Button.BET_MINUS, Button.DOWN, Button.LEFT):
            self._change_bet(ctx.session.step_bet, -1)
        elif b == Button.MAX_BET:
            self._max_bet()
        elif b == Button.ITEM and shows_panel(ctx.defn):
            self._panel_step(press.index)
        elif b == Button.BET_SELECT:
            self.end_presentation()
            ctx.open("bet_selector", on_change=self._bet_changed)
            ctx.audio.play("button_click")
        elif b == Button.INFO:
            ctx.open("info")
            ctx.audio.play("button_click")
        elif (reel := respin_reel(b)) is not None:
            self.request_respin(reel)
        else:
            return False
        return True

    # -- bets -------------------------------------------------------------------------------------

    def _max_bet(self) -> None:
        """MAX BET plays at the highest level: below it, the first press moves the bet there
        and a second press spins; at the highest level one press spins."""
        ctx = self.ctx
        session = ctx.session
        target = max_bet(ctx.defn, session.bet)
        if target == session.bet:
            self.start_round()
            return
        if session.set_bet(target):
            self._bet_changed()
            ctx.hud.say(f"MAX BET {ctx.money(target.total)}: PRESS MAX BET AGAIN TO SPIN")
        else:
            ctx.audio.play("button_click")

    def _panel_step(self, index: int) -> None:
        """An arrow of the LEVEL or COIN VALUE selector."""
        ctx = self.ctx
        bet = bet_panel.stepped(ctx.defn, ctx.session.bet, index)
        if bet is not None and ctx.session.set_bet(bet):
            self._bet_changed()
        else:
            ctx.audio.play("button_click")

    def _change_bet(self, change: Callable[[int], bool], direction: int) -> None:
        """BET + / BET -: the next bet with a different total. Bets of the same total sit side by
        side in the step order (20 x 5 x 0.01 and 20 x 1 x 0.05), and a press that leaves the total
        as it was would look like a button that does nothing."""
        session = self.ctx.session
        before = session.bet
        for _ in range(len(session.bet_options()) + 1):
            last = session.bet
            if not change(direction) or session.bet == last or session.bet.total != before.total:
                break
        if session.bet.total == before.total and session.bet != before:
            session.set_bet(before)  # only same-total bets that way: stay where the player was
        if session.bet != before:
            self._bet_changed()
        else:
            self.ctx.audio.play("button_click")

    def _bet_changed(self) -> None:
        """A new bet ends the win presentation (the rule sheets say so); respin prices on the
        screen were recomputed by the session for it."""
        self.end_presentation()
        self.ctx.audio.play("bet_change")
        repriced = self._respin_words("repriced", " - RESPIN PRICES UPDATED") if self.offer_visible else ""
        self.ctx.hud.say(f"BET {self.ctx.money(self.ctx.session.bet.total)}{repriced}")

    # -- paid respin ------------------------------------------------------------------------------

    def _respin_words(self, key: str, default: str, **values: object) -> str:
        """The paid respin's words: its ``texts:`` in the game's YAML, else the default."""
        return words(self.ctx.defn.feature("paid_respin"), key, default, **values)

    def respin_refusal(self, reel: int) -> str | None:
        """Why reel ``reel`` (0-based) cannot be respun now (None: it can)."""
        ctx = self.ctx
        session = ctx.session
        n = reel + 1
        if not self.has_respin:
            return "THIS GAME HAS NO RESPIN"  # a game without the block: nothing to take words from
        if not 0 <= reel < ctx.defn.grid.reels:
            return f"THERE IS NO REEL {n}"
        say = self._respin_words
        if self.free_spins_running:
            return say("in_free_spins", "RESPIN IS NOT AVAILABLE DURING FREE SPINS")
        if self.in_round or session.in_round:
            return say("spinning", "RESPIN IS AVAILABLE WHEN THE SPIN HAS ENDED")
        if session.current is None:
            return say("spin_first", "SPIN FIRST: THEN ANY REEL CAN BE RESPUN")
        if session.offer is None:
            if session.current.features:
                return say("not_after_feature", "RESPIN IS NOT AVAILABLE AFTER A FEATURE - PRESS SPIN")
            return say("not_here", "NO RESPIN ON THIS SCREEN - PRESS SPIN")
        price = session.respin_price(reel)
        if price is None:
            return say("no_price", "REEL {reel} CANNOT BE RESPUN", reel=n)
        if price > session.credits:
            return say("short", "NOT ENOUGH CREDITS TO RESPIN REEL {reel} ({price})", reel=n, price=ctx.money(price))
        return None

    def request_respin(self, reel: int) -> bool:
        """Respin one reel at its price, or refuse with the reason shown (nothing charged)."""
        refusal = self.respin_refusal(reel)
        if refusal is not None:
            self.ctx.hud.say(refusal)
            self.ctx.audio.play("button_click")
            return False
        self._last_respin_reel = reel
        return self.start_round(respin=reel)

    def _move_respin_cursor(self, direction: int) -> None:
        """D-pad LEFT/RIGHT: pick the reel to respin (the first press picks the last one used)."""
        offer = self.ctx.session.offer or ()
        priced = [i for i, price in enumerate(offer) if price is not None]
        if not priced:
            return
        cursor = self.respin_cursor
        if cursor is None:
            cursor = self._last_respin_reel if self._last_respin_reel in priced else priced[0]
        else:
            here = cursor
            later = [i for i in priced if (i - here) * direction > 0]
            if later:
                cursor = min(later, key=lambda i: abs(i - here))
        self.respin_cursor = cursor
        price = offer[cursor]
        assert price is not None
        self.ctx.hud.say(self._respin_words("confirm", "RESPIN REEL {reel} FOR {price}: PRESS SPIN - BACK CANCELS",
                                            reel=cursor + 1, price=self.ctx.money(price)))
        self.ctx.audio.play("button_click")

    # -- autoplay ---------------------------------------------------------------------------------

    def _autoplay_started(self) -> None:
        self._autoplay_wait = AUTOPLAY_PAUSE  # the first round starts at once
        self.ctx.hud.say(f"AUTOPLAY: {self.autoplay.rounds_left} ROUNDS")

    def end_presentation(self) -> None:
        if self.presentation is not None:
            self.presentation.end()
            self.ctx.stack.remove(self.presentation)
            self.presentation = None

    # -- rounds -----------------------------------------------------------------------------------

    def start_round(self, respin: int | None = None, script: tuple[int, ...] = (), *,
                    seed: int | None = None, mode: str | None = None) -> bool:
        """``script``: a forced round (designer scenarios, the attract deck); ``seed``: the round
        of that seed (``cabinet play --round``); ``mode``: a round of that bet mode (a buy)."""
        ctx = self.ctx
        session = ctx.session
        session.players_choose = not self.autoplay.running  # autoplay picks by the game's own rule
        try:
            result = (session.begin_round(script, seed=seed, mode=mode) if respin is None
                      else session.begin_respin(respin, script))
        except SessionError as exc:
            if self.autoplay.running:
                self.autoplay.controller.stop(StopReason.CREDITS)
            message = exc.screen if isinstance(exc, StorageError) else str(exc).upper()
            if "CREDITS" in message:
                message += " - PRESS ADD CREDITS (C)"
            ctx.hud.say(message)
            ctx.audio.play("button_click")
            return False
        self.end_presentation()
        self.autoplay.round_started()  # settings changed from now on wait for this round's end
        self.respin_cursor = None
        self.result = result
        self.round = self._play(result)
        return True

    def resume_round(self) -> bool:
        """Show a round the session restored (already charged, not yet paid) from its start:
        the outcome is fixed, so the replay ends exactly where the round was."""
        session = self.ctx.session
        if not session.in_round or session.current is None or self.round is not None:
            return False
        self.play_result(session.current, restored=True, start=session.resume_from)
        self.ctx.hud.say("ROUND RESTORED")
        return True

    def play_result(self, result: RoundResult, restored: bool = False, start: int = 0) -> None:
        """Show a round the session already holds (restored, or a history replay's sandbox),
        from event ``start`` on: the screen first jumps to where that step left it."""
        self.result = result
        self.round = self._play(result, restored=restored, start=start)
        try:
            next(self.round)  # the screen is where the round was from the very first frame
        except StopIteration:
            self.round = None

    def _wait(self, seconds: float) -> Step:
        end = self.clock + seconds
        while self.clock < end:
            yield

    def _play(self, result: RoundResult, restored: bool = False, start: int = 0) -> Step:
        """Each event in turn: the screen state takes it, its presenter animates it, the
        meters show the state, and the session learns the step was shown."""
        ctx = self.ctx
        session = ctx.session
        play = Playback(self, result, ScreenState(presenters=feature_presenters(ctx.defn)), restored=restored)
        if start:  # a restored round: the screen as the journal's last step left it (services)
            from ..resume import restore_screen

            play.state, play.free = restore_screen(self, result, start)
        self.state = play.state
        show_state(play)
        table = presenter_table(ctx.defn)
        shown_to = start
        while True:
            for i in range(shown_to, len(result.events)):
                event = result.events[i]
                play.index = i
                play.state.apply(event)
                presenter = table.presenter(event)
                animation = presenter(play, event) if presenter is not None else None
                if animation is not None:
                    yield from animation
                show_state(play)
                session.mark_progress(i + 1)
            shown_to = len(result.events)
            if result.awaiting is None:
                break
            if offering(ctx) is None and result.events:  # restored at the offer itself: show it again
                play.index = len(result.events) - 1
                offer = table.presenter(result.events[-1])
                animation = offer(play, result.events[-1]) if offer is not None else None
                if animation is not None:
                    yield from animation
            # the player's choice (a pick): the round goes on with it from where it was shown
            result = yield from next_result(self, result)
            self.result = play.result = result
        while True:  # a full disk: the round stays open on screen until its win is recorded
            try:
                session.finish_round()
                break
            except StorageError as exc:
                ctx.hud.say(exc.screen)
                yield from self._wait(STORAGE_RETRY)
        self._after_round(result)

    def _after_round(self, result: RoundResult) -> None:
        ctx = self.ctx
        stopped = self.autoplay.round_finished(result)  # judged on the paid round; pending changes apply
        if stopped is not None:
            ctx.hud.say(STOP_MESSAGES[stopped])
        elif self.autoplay.running:
            ctx.hud.say(f"AUTOPLAY: {self.autoplay.rounds_left} ROUNDS LEFT")
        elif result.features and self.has_respin:  # no respin straight after a feature
            won = f"WIN {ctx.money(result.total_win)} - " if result.total_win else ""
            ctx.hud.say(self._respin_words("after_feature", "{won}PRESS SPIN: RESPINS RETURN AFTER IT", won=won))
        elif ctx.session.offer is not None:  # winning or not, every reel can be respun now
            won = f"WIN {ctx.money(result.total_win)} - " if result.total_win else ""
            ctx.hud.say(self._respin_words("offer", "{won}RESPIN ANY REEL: TAP ITS PRICE OR PRESS 1-5", won=won))
        elif result.total_win:
            ctx.hud.say(f"WIN {ctx.money(result.total_win)}")
        else:
            ctx.hud.say("PRESS SPIN TO PLAY")
        self._autoplay_wait = 0.0

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        ctx = self.ctx
        ctx.hud.mode = self.shown_mode()
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
        elif self.autoplay.running:
            self._autoplay_wait += dt
            if self._autoplay_wait >= AUTOPLAY_PAUSE:
                self._autoplay_wait = 0.0
                if self.autoplay.due():  # the normal path: the same round a SPIN press starts
                    self.start_round()
                elif self.autoplay.stop_reason is not None:
                    ctx.hud.say(STOP_MESSAGES[self.autoplay.stop_reason])
        if self.presentation is not None and self.presentation.finished:
            self.presentation = None

    # -- drawing (reads only) ---------------------------------------------------------------------

    def shown_mode(self) -> str:
        """The bet mode on the screen: the round's being shown (a buy), else the one a spin plays."""
        if self.round is not None and self.result is not None:
            return str(getattr(self.result.request, "mode", "base") or "base")
        return str(self.ctx.session.mode)

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

    def _draw_changed_symbols(self, surface: pygame.Surface) -> None:
        """The layer over the reels: each symbol a screen modifier put on a cell (a mystery
        revealed, an expanded or sticky wild) covers the reel's own symbol there."""
        layout = self.ctx.layout
        tiles, cells = self.ctx.art.tiles, column_cells(layout, self.reels.heights(layout.rows))
        for (reel, row), symbol in self.state.changed.items():
            tile = tiles.get(symbol)
            if tile is not None and reel < len(cells) and row < len(cells[reel]):
                box = cells[reel][row]
                surface.blit(shrunk(tile, box.w, layout.cell), (box.x, box.y))

    def _reels_covered(self, surface: pygame.Surface) -> bool:
        """A scene above paints over every reel this frame (``covers_reels``: a win's held
        picture under its banner, a tumble's own grid), so the strips need not be drawn."""
        for scene in self.ctx.stack.visible():
            covers = getattr(scene, "covers_reels", None) if scene is not self else None
            if covers is not None and covers(surface):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, art = ctx.layout, ctx.art
        surface.blit(self.static, (0, 0))
        if not self._reels_covered(surface):
            self.reels.draw(surface, art, layout, dim_held=self.reels.spinning)
            self._draw_changed_symbols(surface)
        window = layout.reel_window
        if art.shade_top is not None and art.shade_bottom is not None:
            surface.blit(art.shade_top, (window.x, window.y))
            surface.blit(art.shade_bottom, (window.x, window.bottom - art.shade_bottom.get_height()))
        # the plaque of the model the reels on show pay by ("243 WAYS"; a reel set of another model's: its own)
        pay_screen_for(ctx.defn, self.reel_set).draw_plaque(surface, ctx, self.reels.heights(layout.rows))
        if self.offer_visible and ctx.session.offer is not None:
            if self.respin_cursor is not None:  # the reel a pad has picked, outlined
                column = layout.columns[self.respin_cursor]
                pygame.draw.rect(surface, hud.PALE_GOLD, (column.x - 2, column.y - 2, column.w + 4, column.h + 4),
                                 width=max(2, layout.cell // 40), border_radius=max(2, layout.cell // 20))
            hud.draw_respin_tags(ctx, surface, ctx.session.offer, self.respin_cursor)
        if shows_panel(ctx.defn):
            bet_panel.draw(ctx, surface, enabled=not self.in_round)
        bet_modes.draw(ctx, surface, enabled=not self.in_round)  # ANTE and BUY FEATURE (games with modes)
        box = icons.settings_box(layout)
        pressed = ctx.hud.flash.get(str(Button.SETTINGS), 0.0) > 0
        wrench = self.wrench.get("_pressed" if pressed else "")
        if wrench is not None:
            surface.blit(wrench, (box.x, box.y))
        hud.draw_dynamic(ctx, surface, self.enabled_buttons(), spinning=self.reels.spinning, autoplay=self.autoplay.running,
                         autoplay_left=self.autoplay.rounds_left)
        credits.draw_prompt(ctx, surface, self.clock, self.in_round)  # OUT OF CREDITS: ADD CREDITS


register_scene("game", BaseGameScene)  # a history replay builds its sandbox game by this name
