"""The cabinet shell: the lobby, the game opened from it, and the attract show, in one window.

``Shell`` owns the window, the input adapter (so pads stay open from the lobby into
a game and back) and the frame loop. Each frame it reads the devices once, then:

- with the attract show on: any key, button or touch ends it (that press does nothing
  else); the show is updated and drawn, the game under it is frozen;
- else the open game runs one frame (``App.frame``), or the lobby does;
- no input for ``idle_seconds`` while nothing is being played starts the show: the
  lobby's show plays each game in turn, a game's show plays that game.

Close Game in a game's menu comes back to the lobby (``ctx.on_close_game``); with no
lobby it quits. In kiosk mode errors never stop the program: a game's own scenes are
guarded by its ``App``; anything else that fails is logged and the shell returns to
the lobby (or reopens the game), showing a brief notice.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cabinet.machine.buttons import Button, Press
from cabinet.machine.stack import enter, leave

from .catalog import GameEntry
from .guard import ErrorGuard, draw_notice

ACTIVITY_EVENTS: frozenset[int] = frozenset()  # filled once pygame is imported (see _activity_types)
REOPEN_DELAY = 3.0  # seconds between attempts to reopen a game that failed to start


def _activity_types() -> frozenset[int]:
    import pygame

    return frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.CONTROLLERBUTTONDOWN,
                      pygame.JOYBUTTONDOWN})


@dataclass
class ShellOptions:
    lobby: bool = True  # offer the lobby (Close Game returns there)
    start_game: str | None = None  # a game id to open at start (None: the lobby)
    preselect: str | None = None  # the game the lobby highlights at start (plain `cabinet`: the default game)
    attract: bool = False
    idle_seconds: float = 60.0
    start_credits: str | None = None  # kiosk config: each game's new balance in major units
    kiosk: bool = False  # guard everything, hide the cursor
    watch: bool = False  # designer: each opened game reloads its own files
    log_path: Path | None = None
    exit_combo: Any = None  # kiosk: the operator's held combination (operator_exit.ExitCombo)
    operator: Any = None  # the operator menu's services (operator.OperatorServices); None: made here
    setup: bool = False  # a kiosk with no PIN opens the set-up (PIN twice, games, idle) before any play
    buy_features: bool = True  # kiosk config: False hides and refuses every game's BUY FEATURE
    rtp_variants: tuple[tuple[str, str], ...] = ()  # kiosk config: (game id, RTP variant) pairs
    jackpots: tuple[tuple[str, Any], ...] | None = None  # kiosk config: (pool, PoolTerms); None: as kept


class Shell:
    def __init__(self, entries: Sequence[GameEntry], app_options: Any, options: ShellOptions | None = None) -> None:
        if not entries:
            from cabinet.errors import CabinetError

            raise CabinetError("no game to offer: games/ has no definition that loads")
        self.entries = list(entries)
        self.options = options or ShellOptions()
        kiosk = self.options.kiosk
        self.app_options = replace(app_options, embedded=True, guard=app_options.guard or kiosk)
        if kiosk:  # forced outcomes and the other designer tools never run on a kiosk
            self.app_options = replace(self.app_options, designer=False, watch=None)
            self.options = replace(self.options, watch=False)
        self.app: Any = None  # the open game's App
        self.app_index = -1
        self.lobby: Any = None
        self.attract: Any = None
        self.idle_time = 0.0
        self.quit = False
        self.frames = 0
        self.started = False
        self.guard = ErrorGuard(self.options.log_path, echo=True)
        self._to_lobby = False
        self._reopen_wait = 0.0
        self.games_opened = 0
        self.attract_shows = 0
        self.stop_reason = ""  # why the loop ended: "", "operator exit", "SIGTERM"
        self.close_requests_ignored = 0
        self.windows_refocused = 0  # lock-down: times the window was brought back (each logged)
        self._lost_focus = ""  # why the window must be brought back ("" : it need not)
        self._refocus_wait = 0.0
        self.game_errors = 0  # errors the games' own guards recovered from, in games now closed
        from .operator import OperatorServices

        self.operator = self.options.operator or OperatorServices.for_play(self.app_options.data_dir)
        self.operator.errors = lambda: self.errors_recovered
        self.guard.events = self.operator.events  # every error survived is in the event log too
        self.operator.settings_listeners.append(self._apply_settings)
        self.app_options = replace(self.app_options, operator=self.operator)
        self.operator_menu: Any = None  # the operator menu over the lobby (over a game it is the game's)

    # -- start-up ---------------------------------------------------------------------------------

    def start(self) -> None:
        from cabinet.app import initial_window_size, use_dummy_drivers

        opts = self.app_options
        if opts.headless:
            use_dummy_drivers()
        if self.options.kiosk:
            import os

            os.environ.setdefault("SDL_WINDOWS_NO_CLOSE_ON_ALT_F4", "1")  # Alt+F4 a key like any other
            # SDL would turn SIGTERM into a window-close request, which a kiosk ignores: leave it to
            # stop_on_sigterm (SIGINT then stays Python's KeyboardInterrupt, which also shuts down).
            os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        import pygame

        from cabinet.input.adapter import InputAdapter
        from cabinet.input.bindings import load_bindings
        from cabinet.paths import sprites_dir
        from cabinet.presentation.assets import AssetCache
        from cabinet.presentation.text import Text

        global ACTIVITY_EVENTS
        ACTIVITY_EVENTS = _activity_types()
        self.pg = pygame
        pygame.display.init()
        from cabinet.app import require_real_display

        require_real_display(pygame, opts.headless)
        pygame.font.init()
        fullscreen = opts.fullscreen and not opts.headless
        size = initial_window_size(opts, pygame)  # the same rule as a game opened on its own
        try:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0))
        except pygame.error as exc:
            from cabinet.errors import CabinetError

            raise CabinetError(f"cannot open a window ({exc}); is there a display?") from None
        pygame.display.set_caption("Slot Cabinet")
        if self.options.kiosk and not opts.headless:
            pygame.mouse.set_visible(False)  # touch still works; a pointer has no place on a kiosk
        if self.locked_down:
            self._lock_window()
        bindings = load_bindings(opts.data_dir)
        for issue in bindings.issues:
            self.guard.note(f"bindings: {issue} (the default binding stays)")
        self.input = InputAdapter(bindings)
        self.input.start()
        self.text = Text()
        self.cache = AssetCache(sprites_dir(), self.text)
        self.started = True
        self.operator.watch_problems(self.guard.note, self._show_problem)  # an event log that cannot be written
        if self.options.kiosk:
            show = f"after {self.options.idle_seconds:g} s" if self.options.attract else "off"
            self.guard.note(f"kiosk started: {len(self.entries)} game(s), attract {show}")
        pending = self.operator.power_up(f"{'kiosk' if self.options.kiosk else 'lobby'} started: "
                                         f"{len(self.entries)} game(s)")
        start = self.options.start_game
        if pending is not None:  # a round cut off by a power cut: straight back to it, to finish it there
            start = self._game_of_round(pending)
        index = next((i for i, e in enumerate(self.entries) if start in (e.id, str(e.path))), -1) if start else -1
        if index >= 0 or not self.options.lobby:
            self.open_game(max(0, index))
        else:
            self.show_lobby()
        if self.options.setup and self.options.kiosk and not self.operator.gate.needs_pin \
                and self.operator.config_path is not None:
            self.guard.note("no operator PIN yet: the set-up screen asks for one before anyone plays")
            self.open_operator(setup=True)

    def _game_of_round(self, pending: Any) -> str | None:
        """The id of the offered game an unfinished round belongs to (None: the usual start).
        A game no longer offered is opened anyway, as the last entry, so its round is finished."""
        if any(e.id == pending.game_id for e in self.entries):
            self.guard.note(f"round {pending.round_id} of {pending.game_id} was in play at the last stop: "
                            "opening its game to finish it")
            return str(pending.game_id)
        from .catalog import load_entries

        found, problems = load_entries([pending.game_id])
        if not found:
            self.guard.note(f"round {pending.round_id} of {pending.game_id} is unfinished but its game does not "
                            f"load ({'; '.join(problems)[:200]}); it stays open")
            return self.options.start_game
        self.entries.append(found[0])
        self.guard.note(f"round {pending.round_id} of {pending.game_id} (a game not offered) was in play at "
                        "the last stop: opening it to finish the round")
        return str(pending.game_id)

    # -- lobby and games --------------------------------------------------------------------------

    def show_lobby(self) -> None:
        from cabinet.presentation.scenes.lobby import LobbyScene

        cursor = self.app_index
        if cursor < 0 and self.options.preselect:  # first showing: the default game is one press away
            cursor = next((i for i, e in enumerate(self.entries) if self.options.preselect in (e.id, str(e.path))), 0)
        cursor = max(0, cursor)
        self.lobby = LobbyScene(self.text, self.cache, self.entries, self.screen.get_size(),
                                on_choose=self._choose, on_back=None if self.options.kiosk else self._quit,
                                jackpots=self._lobby_jackpots)
        self.lobby.cursor = cursor
        self.pg.display.set_caption("Slot Cabinet")

    def _lobby_jackpots(self) -> list[tuple[str, str]]:
        """The progressive jackpots the offered games feed, as the data folder's store holds them
        (a pool no round has fed yet: its seed), read at most twice a second."""
        from cabinet.core.money import format_money
        from cabinet.services.store import pools_on_disk

        now = time.monotonic()
        cached = getattr(self, "_jackpot_cache", None)
        if cached is not None and now - cached[0] < 0.5:
            return cached[1]  # type: ignore[no-any-return]
        folder = self.app_options.data_dir
        pools = pools_on_disk(folder) if folder is not None else {}
        shown: dict[str, tuple[str, str]] = {}
        for entry in self.entries:
            for f in entry.defn.features:
                if f.type == "progressive_jackpot" and f.pool not in shown:
                    pool = pools.get(f.pool)
                    over = dict(self.options.jackpots or ()).get(f.pool)  # the kiosk's seed, before any round
                    value = pool.shown if pool is not None else over.seed if over is not None else f.seed
                    if over is not None and over.cap:  # a new cap caps at once (the games save it as they open)
                        value = min(value, over.cap)
                    title = str(f.texts.get("meter", "JACKPOT"))
                    shown[f.pool] = (title, format_money(value, entry.defn.bet.currency, entry.defn.bet.minor_units))
        out = list(shown.values())
        self._jackpot_cache = (now, out)
        return out

    def _choose(self, index: int) -> None:
        self.open_game(index)

    def _quit(self) -> None:
        self.quit = True

    def open_game(self, index: int) -> bool:
        """Open game ``index``; on failure stay in (or go back to) the lobby with a notice."""
        from cabinet.app import App

        entry = self.entries[index]
        self.app_index = index
        options = replace(self.app_options, start_credits=self._start_credits(entry),
                          watch=entry.path if self.options.watch else None,
                          buy_features=self.options.buy_features, rtp_variants=self.options.rtp_variants,
                          jackpots=self.options.jackpots)
        try:
            app = App(entry.defn, options, input_adapter=self.input)
            app.start()
        except Exception as exc:  # noqa: BLE001 - a game that cannot start must not stop the cabinet
            if not self.options.kiosk and not self.options.lobby:
                raise
            self.guard.record(exc, f"opening {entry.id}")
            self.app = None
            if self.options.lobby:
                self.show_lobby()
            else:
                self._reopen_wait = REOPEN_DELAY
            return False
        if self.options.lobby or self.options.kiosk:
            app.ctx.on_close_game = self._request_lobby  # a kiosk without a lobby starts the game afresh
        self.app = app
        if self.operator.events.problem is not None:  # still true: the game's screen says it too
            self._show_problem(self.operator.problem_screen())
        self.lobby = None
        self.idle_time = 0.0
        self.games_opened += 1
        return True

    def _start_credits(self, entry: GameEntry) -> int | None:
        text = self.options.start_credits
        if text is None:
            return self.app_options.start_credits
        from cabinet.core.limits import parse_credits
        from cabinet.core.money import MoneyError

        try:
            return parse_credits(text, entry.defn.bet.minor_units)
        except MoneyError as exc:
            self.guard.note(f"start_credits {text!r} does not fit {entry.name} ({exc}); its demo balance is used")
            return None

    def _request_lobby(self) -> None:
        self._to_lobby = True  # acted on after the frame: the menu is still on the stack now

    @property
    def errors_recovered(self) -> int:
        """Every error survived: the shell's own and those of the games (open or closed)."""
        open_game = self.app.guard.total if self.app is not None and self.app.guard is not None else 0
        return self.guard.total + self.game_errors + open_game

    def close_game(self) -> None:
        app, self.app = self.app, None
        if app is not None and app.guard is not None:
            self.game_errors += app.guard.total
        if app is not None:
            try:
                app.close()
            except Exception as exc:  # noqa: BLE001 - closing must not stop the cabinet
                self.guard.record(exc, "closing a game")
        if self.options.lobby:
            self.show_lobby()

    # -- attract ----------------------------------------------------------------------------------

    def can_attract(self) -> bool:
        if not self.options.attract or self.attract is not None or self.operator_menu is not None:
            return False
        if self.app is None:
            return self.lobby is not None
        if getattr(self.app.operator_entry, "showing", False):
            return False  # the operator is at work
        base = self.app.base
        autoplay = getattr(base, "autoplay", False)
        running = getattr(autoplay, "running", autoplay)
        return self.app.between_rounds and not running

    def start_attract(self) -> None:
        from cabinet.kiosk.demo import demo_factory
        from cabinet.paths import sounds_dir
        from cabinet.presentation.art import ArtBuilder
        from cabinet.presentation.audio import Audio
        from cabinet.presentation.scenes.attract import AttractScene

        size = self.screen.get_size()
        if self.app is not None:  # this game's show, with its art and sounds
            ctx = self.app.ctx
            factories = [demo_factory(self.app.defn, text=ctx.text, cache=ctx.cache, builder=ctx.builder,
                                      audio=ctx.audio, settings=ctx.settings)]
            names = [self.app.defn.name]
        else:  # the lobby's show: every game in turn
            from cabinet.services.settings import Settings

            settings = Settings(music=False)
            audio = Audio(sounds_dir(), "common", sound_on=True, music_on=False)
            factories = [demo_factory(e.defn, text=self.text, cache=self.cache, builder=ArtBuilder(self.cache, e.defn),
                                      audio=audio, settings=settings) for e in self.entries]
            names = [e.name for e in self.entries]
        self.attract = AttractScene(self.text, size, factories, names)
        enter(self.attract)
        self.attract_shows += 1

    def end_attract(self) -> None:
        self._drop_attract()
        self.idle_time = 0.0

    def _drop_attract(self) -> None:
        """The show leaves the screen (``on_exit``: its demo's scenes go with it)."""
        show, self.attract = self.attract, None
        if show is not None:
            leave(show)

    # -- the loop ---------------------------------------------------------------------------------

    def run(self) -> int:
        if not self.started:
            self.start()
        from cabinet.app import FPS, FramePacer

        pacer = FramePacer(FPS)  # the same steady 1/60 s grid as a game on its own
        pacer.tick()
        with self.stop_on_sigterm():
            try:
                while not self.quit:
                    self.guarded_frame(pacer.tick())
            finally:  # Ctrl+C or a bug still closes the ledger's files
                self.shutdown()
        from .service import OPERATOR_EXIT

        # The operator's exit has its own code: the service stays stopped (RestartPreventExitStatus).
        return OPERATOR_EXIT if self.stop_reason.startswith("operator exit") else 0

    def stop_on_sigterm(self) -> Any:
        """While in effect, SIGTERM ends the loop after the current frame (a clean shutdown)."""
        import contextlib
        import signal

        @contextlib.contextmanager
        def installed() -> Any:
            def on_sigterm(signum: int, frame: Any) -> None:
                self.quit = True
                self.stop_reason = "SIGTERM"

            try:
                previous = signal.signal(signal.SIGTERM, on_sigterm)
            except ValueError:  # not the main thread (tests): nothing to install
                yield
                return
            try:
                yield
            finally:
                signal.signal(signal.SIGTERM, previous)

        return installed()

    def shutdown(self) -> None:
        if not self.started:
            return
        self.started = False
        if self.app is not None:
            self.close_game()
        if self.options.kiosk:
            self.guard.note(f"kiosk stopped ({self.stop_reason or 'the loop ended'})")
        self.operator.exit(self.stop_reason or ("window closed" if self.quit else "the loop ended"))
        self.pg.quit()

    def run_frames(self, count: int, script: dict[int, list[Press]] | None = None, draw_every: int = 1) -> None:
        """Headless frames at 1/60 s each; ``script`` presses go to whatever is showing."""
        for _ in range(count):
            if self.quit:
                return
            self.guarded_frame(1.0 / 60, (script or {}).get(self.frames, ()), draw=self.frames % draw_every == 0)

    def guarded_frame(self, dt: float, presses: Iterable[Press] = (), draw: bool = True) -> None:
        """One frame; in a kiosk an error outside the showing screen's own guard (the devices, the
        status file, the idle clock) is logged and the next frame comes, unless errors keep coming
        (then it goes up: the service manager starts the kiosk again)."""
        try:
            self.frame(dt, presses, draw=draw)
        except Exception as exc:  # noqa: BLE001 - see the docstring
            if not self.options.kiosk:
                raise
            from .guard import GIVE_UP_AFTER, LOGGED

            if self.guard.record(exc, "the kiosk's frame") >= GIVE_UP_AFTER:
                exc.add_note(LOGGED)  # logged once: whoever catches it above need not log it again
                raise

    def frame(self, dt: float, presses: Iterable[Press] = (), events: list[Any] | None = None,
              draw: bool = True) -> None:
        import time

        t0 = time.perf_counter()
        if events is None:
            events = self.pg.event.get()
        self.operator.see_events(events)
        if self.options.kiosk:
            events = self._kiosk_events(events, dt)
        self.screen = self.pg.display.get_surface() or self.screen  # a game may have resized the window
        presses = list(presses)
        active = bool(presses) or any(e.type in ACTIVITY_EVENTS for e in events)
        if active:
            self.idle_time = 0.0
        if self.attract is not None and active:
            self.end_attract()  # the waking press does nothing else
            events = [e for e in events if e.type not in ACTIVITY_EVENTS]
            presses = []
        try:
            if self.attract is not None:
                self._attract_frame(dt, events, draw)
            elif self.operator_menu is not None:
                self._operator_frame(dt, presses, events, draw)
            elif self.app is not None:
                self._game_frame(dt, presses, events, draw)
            elif self.lobby is not None:
                self._lobby_frame(dt, presses, events, draw)
            else:
                self._waiting_frame(dt, events, draw)
        except Exception as exc:  # noqa: BLE001 - see the module docstring
            if not self.options.kiosk:
                raise
            self._recover(exc)
        if self.can_attract() and not active:
            self.idle_time += dt
            if self.idle_time >= self.options.idle_seconds:
                try:
                    self.start_attract()
                except Exception as exc:  # noqa: BLE001 - no show is better than no cabinet
                    if not self.options.kiosk:
                        raise
                    self.guard.record(exc, "starting the attract show")
                    self._drop_attract()
                    self.idle_time = 0.0
        elif not self.can_attract():
            self.idle_time = 0.0
        if self.options.kiosk and draw:
            self._draw_exit_countdown()
        if self.operator.restart_requested and not self.quit:
            self.quit = True
            self.stop_reason = "restart, asked by the operator"
        self.guard.tick(dt)
        self.frames += 1
        self.operator.tick(dt, time.perf_counter() - t0 if draw else None)

    def _kiosk_events(self, events: list[Any], dt: float) -> list[Any]:
        """A kiosk ignores close requests (logged) and watches for the operator's exit combination."""
        from .operator_exit import close_request_types

        closing = close_request_types()
        kept = [e for e in events if e.type not in closing]
        if len(kept) < len(events):
            self.close_requests_ignored += 1
            self.operator.close_ignored()
            self.guard.note("a window-close request (close button, Alt+F4) was ignored: this is a kiosk; "
                            "the operator leaves by the exit combination in kiosk.yaml, or SIGTERM")
        if self.locked_down:
            self._keep_in_front(kept, dt)
        combo = self.options.exit_combo
        if combo is not None:
            combo.see(kept)
            asking = self.operator_menu is not None and self.operator_menu.exit_to is not None
            if combo.tick(dt) and not self.quit and not asking:
                held = f"held {combo.held_for:.1f} s"
                combo.held_for = 0.0
                if self.operator.gate.needs_pin and not (self.operator_menu is not None and self.operator_menu.entered):
                    self.open_operator(exit_to=lambda: self._operator_exit(f"{held}, PIN given"))
                    self.guard.note(f"exit combination {held}: asking for the operator PIN")
                else:
                    self._operator_exit(held)
        return kept

    def _operator_exit(self, how: str) -> None:
        self.quit = True
        self.stop_reason = f"operator exit, {how}"

    # -- lock-down: the kiosk's window stays in front with the keyboard ---------------------------

    @property
    def locked_down(self) -> bool:
        """A fullscreen kiosk keeps its window in front and the keyboard (not a --windowed set-up)."""
        return self.options.kiosk and self.app_options.fullscreen

    def _window(self) -> Any:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # only its surface use is deprecated
            try:
                return self.pg.Window.from_display_module()
            except (AttributeError, self.pg.error):
                return None

    def _lock_window(self) -> None:
        """Grab the keyboard (Super, Alt+Tab and the like come to the kiosk, not the desktop) and
        stay on top; a window manager that refuses either is noted, not fatal."""
        window = self._window()
        try:
            window.grab_keyboard = True
            window.always_on_top = True
        except (AttributeError, self.pg.error) as exc:
            self.guard.note(f"lock-down: the window manager refused the keyboard grab ({exc})")

    def _keep_in_front(self, events: list[Any], dt: float) -> None:
        """Hidden, minimised or unfocused: shown, raised and focused again at once (and the keyboard
        grabbed again), each time logged; a desktop that keeps taking focus is retried twice a second."""
        pg = self.pg
        reasons = {pg.WINDOWHIDDEN: "hidden", pg.WINDOWMINIMIZED: "minimised", pg.WINDOWFOCUSLOST: "unfocused"}
        lost = [reasons[e.type] for e in events if e.type in reasons]
        self._refocus_wait = max(0.0, self._refocus_wait - dt)
        if lost:
            self._lost_focus = ", ".join(dict.fromkeys(lost))
        why = self._lost_focus
        if not why or self._refocus_wait > 0:
            return
        self._lost_focus = ""
        self._refocus_wait = 0.5
        window = self._window()
        try:
            window.show()
            window.restore()
            window.focus()
            window.grab_keyboard = True
        except (AttributeError, pg.error) as exc:
            self.guard.note(f"lock-down: could not bring the window back ({exc})")
        self.windows_refocused += 1
        self.operator.events.record("window_refocused", f"the kiosk window was {why}: raised and refocused",
                                    why=why)

    def _draw_exit_countdown(self) -> None:
        """While the exit combination is held: how long is left, and whether the PIN follows."""
        combo = self.options.exit_combo
        if combo is None or combo.held_for <= 0 or self.quit:
            return
        from .operator_exit import draw_countdown

        rect = draw_countdown(self.screen, self.text, max(0.0, combo.hold_seconds - combo.held_for),
                              pin=self.operator.gate.needs_pin)
        try:
            self.pg.display.update(rect)
        except self.pg.error:
            pass

    def _recover(self, exc: BaseException) -> None:
        where = ("attract" if self.attract is not None else "operator menu" if self.operator_menu is not None
                 else "game" if self.app is not None else "lobby")
        self.guard.record(exc, where)
        if where == "operator menu":  # a page that fails is left; the lobby under it goes on
            self.operator_menu = None
            return
        try:
            self._drop_attract()
        except Exception as again:  # noqa: BLE001 - the show failed: its clean-up may too
            self.guard.record(again, "attract")
        if where == "game":
            self.close_game()
            if not self.options.lobby:
                self._reopen_wait = REOPEN_DELAY
        elif where == "lobby":
            self.show_lobby()

    def _device_events(self, events: list[Any], regions: list[Any]) -> list[Press]:
        """Pads plugged or unplugged, window closed or resized: handled whatever is showing."""
        frame = self.input.translate(events, regions, self.screen.get_size())
        if frame.quit:
            self.quit = True
        if frame.resized:
            self.screen = self.pg.display.get_surface() or self.screen
            size = self.screen.get_size()
            if self.lobby is not None:
                self.lobby.relayout(size)
            if self.attract is not None:
                self.attract.relayout(size)
            if self.app is not None:
                self.app.screen = self.screen
                self.app.ctx.relayout(size)
        return frame.presses

    def _attract_frame(self, dt: float, events: list[Any], draw: bool) -> None:
        self._device_events(events, [])
        self.attract.update(dt)
        if draw:
            self.attract.draw(self.screen)
            self._draw_notice()
            self.pg.display.flip()

    def _game_frame(self, dt: float, presses: list[Press], events: list[Any], draw: bool) -> None:
        app = self.app
        app.frame(dt, presses, events=events, draw=draw)
        if app.window_closed:
            self.quit = True
        elif app.failed:
            self.guard.note(f"{app.defn.id}: errors kept coming; starting the game over")
            self.guard.announce()  # the game's own notice goes with it: the lobby (or the wait) says it
            self.close_game()
            if not self.options.lobby:
                self._reopen_wait = REOPEN_DELAY
        elif self._to_lobby:
            self._to_lobby = False
            self.close_game()
            if not self.options.lobby:
                self.open_game(self.app_index)
        elif app.ctx.quit_requested:
            self.quit = True

    def _lobby_frame(self, dt: float, presses: list[Press], events: list[Any], draw: bool) -> None:
        lobby = self.lobby
        lobby.relayout(self.screen.get_size())
        for press in self._device_events(events, lobby.hit_regions()) + presses:
            if self.lobby is not lobby or self.app is not None or self.operator_menu is not None:
                break  # a press opened a game (or the operator menu): the rest of this frame's presses are dropped
            if press.button == Button.OPERATOR:
                self.open_operator()
                continue
            lobby.handle(press)
        if self.app is None and self.lobby is lobby:
            lobby.update(dt)
            if draw:
                lobby.draw(self.screen)
                self._draw_notice()
                self.pg.display.flip()

    # -- the operator menu over the lobby ------------------------------------------------------------

    def open_operator(self, *, exit_to: Any = None, setup: bool = False) -> None:
        from cabinet.presentation.scenes.operator import OperatorHost, OperatorMenu

        host = OperatorHost(services=self.operator, text=self.text, adapter=self.input, replay=self._replay,
                            window=lambda: self.screen.get_size(), on_settings=self.operator.apply_settings,
                            definitions={e.id: e.defn for e in self.entries},
                            volume=lambda: self.operator.volume if self.operator.volume is not None else 80,
                            refresh_rate=self._refresh_rate)
        self.operator_menu = OperatorMenu(host, exit_to=exit_to, setup=setup)

    def _refresh_rate(self) -> float | None:
        try:
            rate = self.pg.display.get_current_refresh_rate()
        except (AttributeError, self.pg.error):
            return None
        return float(rate) if rate else None

    def _replay(self, record: Any) -> None:
        """REPLAY in the lobby's operator menu: open the round's game, the menu and the replay over it."""
        index = next((i for i, e in enumerate(self.entries) if e.id == record.game_id), -1)
        if index < 0:
            self.operator_menu.page.say(f"{record.game_id} IS NOT IN THIS KIOSK'S GAMES", bad=True)
            return
        self.operator_menu = None
        if self.open_game(index) and self.app.operator_entry is not None:
            self.app.operator_entry.replay(record)

    def _operator_frame(self, dt: float, presses: list[Press], events: list[Any], draw: bool) -> None:
        menu = self.operator_menu
        for press in self._device_events(events, menu.hit_regions()) + presses:
            menu.handle(press)
        menu.update(dt)
        if menu.finished:
            self.operator_menu = None
            self.idle_time = 0.0
            return
        if draw:
            menu.draw(self.screen)
            self.pg.display.flip()

    def _apply_settings(self, config: Any) -> None:
        """Saved from the operator's settings page: what can change at once does."""
        self.options = replace(self.options, idle_seconds=config.idle_seconds, attract=config.attract,
                               start_credits=config.start_credits, buy_features=config.buy_features,
                               rtp_variants=config.rtp_variants, jackpots=config.jackpots)
        self._jackpot_cache = None  # the lobby line shows the new terms at once
        if self.app is not None and getattr(self.app, "ctx", None) is not None:  # the open game: at once
            self.app.ctx.buy_features = config.buy_features
            session = self.app.session
            if session is not None:  # from its next round (the operator's menu opens between rounds)
                session.rtp_variant = config.variant_of(session.game.id)
                self.app.apply_jackpot_terms(config.jackpot_terms())  # kept with the pools: every game sees them
        if config.volume is not None:
            self.operator.volume = config.volume
            if self.app is not None:
                self.app.ctx.audio.set_volume(config.volume)

    def _waiting_frame(self, dt: float, events: list[Any], draw: bool) -> None:
        """No lobby and the game would not open: keep trying, saying so."""
        self._device_events(events, [])
        self._reopen_wait -= dt
        if draw:
            self.screen.fill((10, 6, 20))
            draw_notice(self.screen, self.text, "OUT OF ORDER FOR A MOMENT - RESTARTING THE GAME")
            self.pg.display.flip()
        if self._reopen_wait <= 0:
            self.open_game(max(0, self.app_index))

    def _show_problem(self, message: str) -> None:
        """A fault play goes on with (``message``; "" when it is over), over the lobby or the game."""
        self.guard.show(message)
        app = self.app
        if app is not None and app.guard is not None:
            app.guard.show(message)
        elif app is not None and message:
            app.ctx.hud.say(message)

    def _draw_notice(self) -> None:
        if self.guard.notice_left > 0:
            draw_notice(self.screen, self.text, self.guard.notice)
