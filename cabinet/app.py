"""Wiring and the loop: the only module that starts pygame.

Fixed-step updates at ``UPDATE_HZ`` (animations and the round player advance in
equal steps, so a run is the same on any machine), drawing once per loop, paced to
``FPS``. Headless runs use SDL's dummy drivers and a fixed ``1/FPS`` per frame, so a
scripted session is deterministic frame for frame.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.machine.buttons import Press
from cabinet.machine.session import GameSession
from cabinet.machine.stack import SceneStack
from cabinet.services.settings import Settings, load_settings
from cabinet.timing import Timing
from cabinet.tool import Tool, tool_factory

UPDATE_HZ = 120
STEP = 1.0 / UPDATE_HZ
FPS = 60
STEPS_PER_FRAME = UPDATE_HZ // FPS  # headless: each frame advances exactly this many steps
DEFAULT_WINDOW = (1280, 720)
MAX_CATCH_UP = 0.25  # after a stall, drop time rather than fast-forward seconds of animation
RESIZE_SETTLE = 0.15  # seconds a new window size must hold before the art is scaled for it
HEADLESS_TAIL_LIMIT = 120_000  # frames allowed after a script ends for the last round to finish


@dataclass
class AppOptions:
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    left_hand: bool | None = None  # None: as remembered in the settings
    seed: int | None = None
    data_dir: Path | None = None
    headless: bool = False
    start_credits: int | None = None
    designer: bool = False  # scenarios on keys, speed control, the overlay (cabinet/designer)
    watch: Path | None = None  # the YAML to reload when it (or the theme's sprites/sounds) changes
    guard: bool = False  # recover from scene errors instead of stopping (kiosk; designer mode)
    log_path: Path | None = None  # where recovered errors are written (<data-dir>/kiosk.log)
    embedded: bool = False  # run inside a lobby shell: its window and pads, pygame left running
    forced_round: tuple[int, Bet] | None = None  # cabinet play --round SEED: (seed, bet) played first
    top_rounds: Any = None  # designer mode: a simulation's largest rounds (--top-rounds FILE)
    operator: Any = None  # cabinet.kiosk.operator.OperatorServices: a kiosk's; None: the app makes its own
    buy_features: bool = True  # kiosk.yaml buy_features: False hides and refuses BUY FEATURE
    rtp_variants: tuple[tuple[str, str], ...] = ()  # kiosk.yaml rtp_variants: (game id, variant) pairs
    jackpots: tuple[tuple[str, Any], ...] | None = None  # kiosk.yaml jackpots: (pool, PoolTerms); None: leave as kept
    mode: str = "base"  # cabinet play --mode: the mode a spin plays from the start (an ante; a buy is BUY's)


class FramePacer:
    """Frames on a steady grid of 1/fps seconds, and the time each one is worth.

    pygame's ``Clock.tick`` sleeps whole milliseconds (16 ms for 60 fps: the loop ran at
    62.5 fps) and reports the measured time, so frames were worth one, two or three fixed
    updates in turn and motion stuttered. Here each frame waits for its slot on the grid
    (``time.sleep`` is precise to a fraction of a millisecond) and is worth the grid's time:
    a frame on time is exactly 1/fps, i.e. the same number of fixed updates every frame; a
    late frame is worth the slots it used up, so game time still keeps up with real time.
    """

    def __init__(self, fps: int, clock: Any = time.perf_counter, sleep: Any = time.sleep) -> None:
        self.period = 1.0 / fps
        self.clock = clock
        self.sleep = sleep
        self.due: float | None = None  # when the current frame's slot began

    def tick(self) -> float:
        """Wait for the next slot; the seconds of game time this frame is worth."""
        now = self.clock()
        if self.due is None:
            self.due = now
            return 0.0
        self.due += self.period
        if now < self.due:
            self.sleep(self.due - now)
            return self.period
        missed = int((now - self.due) / self.period)  # whole slots that went by while we were busy
        self.due += missed * self.period
        return self.period * (missed + 1)


def prefer_plain_framebuffer() -> None:
    """Show frames through the system's plain framebuffer (X11 shared memory, GDI), not an
    OpenGL texture: pygame draws on the CPU anyway, and on a kiosk with no GPU driver SDL's
    OpenGL probe costs about 0.1 s at start and the software-GL upload about 12 ms a frame
    at 1920x1080 (measured under Xvfb: set_mode 106 -> 15 ms, flip 12.3 -> 0.95 ms).
    An SDL_FRAMEBUFFER_ACCELERATION the user set wins. Call it before the display starts."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def use_dummy_drivers() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")



def require_real_display(pygame_module: object, headless: bool) -> None:
    """Refuse to run a windowed cabinet invisibly.

    With no display, SDL 2.32 quietly falls back to its "offscreen" video driver: the
    window "opens", nobody sees it, and the loop runs forever. A windowed run on that
    driver (not asked for by the user through SDL_VIDEODRIVER) is an error, named in
    one line, so a kiosk installer or a fresh-machine Quick start sees what is wrong.
    """
    from cabinet.errors import CabinetError

    if headless or os.environ.get("SDL_VIDEODRIVER"):
        return
    driver = pygame_module.display.get_driver()  # type: ignore[attr-defined]
    if driver in ("offscreen", "dummy"):
        raise CabinetError(
            "no display found (SDL chose its invisible 'offscreen' video driver); run it on a desktop, "
            "or use --headless (cabinet shot renders a moment to a PNG)"
        )


# Window sizes a window opens at, largest first: 16:9, so every game and the lobby fill it.
WINDOW_LADDER = ((2560, 1440), (1920, 1080), (1600, 900), (1280, 720), (1024, 576), (960, 540), (640, 360))
SCREEN_SHARE = (5, 6)  # a window takes at most 5/6 of the screen each way (1600x900 on 1920x1080)


def default_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The one sizing rule of a window (the lobby and ``cabinet play`` alike): the largest
    size of ``WINDOW_LADDER`` within 5/6 of the screen; ``DEFAULT_WINDOW`` when the screen
    is unknown."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return DEFAULT_WINDOW
    num, den = SCREEN_SHARE
    room_w, room_h = desktop[0] * num // den, desktop[1] * num // den
    return next(((w, h) for w, h in WINDOW_LADDER if w <= room_w and h <= room_h), WINDOW_LADDER[-1])


def initial_window_size(opts: AppOptions, pygame_module: Any) -> tuple[int, int]:
    """What the first ``set_mode`` asks for: ``--size`` (enlarged to the layout's minimum),
    the desktop when fullscreen, a fixed size headless, else ``default_window_size``."""
    from cabinet.presentation.layout import fit_size

    if opts.size:
        return fit_size(opts.size)  # --size 200x100: the smallest window that shows everything
    if opts.fullscreen and not opts.headless:
        return (0, 0)  # the desktop's size
    if opts.headless:
        return DEFAULT_WINDOW
    try:
        desktop = tuple(pygame_module.display.get_desktop_sizes()[0])
    except (IndexError, AttributeError, pygame_module.error):
        desktop = None
    return default_window_size(desktop)  # type: ignore[arg-type]


class App:
    def __init__(self, defn: Definition, options: AppOptions | None = None,
                 session: GameSession | None = None, input_adapter: Any = None) -> None:
        self.defn = defn
        self.options = options or AppOptions()
        self.session = session
        self.started = False
        self.startup_seconds = 0.0  # App.start to the first frame on screen
        self.ready_seconds = 0.0  # App.start to everything loaded (motion art, sounds, devices)
        self.first_frame_at = 0.0  # time.perf_counter() when the first frame was shown
        self.resize_wait: float | None = None  # a new window size not laid out yet: seconds to wait
        self.frames = 0
        # False: frames move the game on but draw nothing, and a picture is drawn when it is
        # taken (the gallery: drawing changes nothing, so only its moments need drawing)
        self.draws_frames = True
        self.shared_input = input_adapter  # a lobby's adapter: pads stay open across games
        self.timing = Timing(STEP, STEPS_PER_FRAME, MAX_CATCH_UP)
        self.designer: Any = None  # designer mode, one of the tools (handed over by name: cabinet/tool.py)
        self.tools: list[Tool] = []  # what plugs into the loop beside the game (cabinet/tool.py)
        self.guard: Any = None  # cabinet.kiosk.guard.ErrorGuard when errors are survived
        self.failed = False  # errors kept coming: whoever runs the app should start it over
        self.window_closed = False
        self.frame_work = 0.0  # seconds the last frame's input, updates and drawing took
        self.operator: Any = None  # cabinet.kiosk.operator.OperatorServices (event log, audit, PIN)
        self.operator_entry: Any = None  # cabinet.kiosk.operator_entry.GameOperator (the OPERATOR button, a tool)
        self._opened: Any = None  # what open_cabinet found (recovery, malfunction), for the event log

    # -- start-up ---------------------------------------------------------------------------------

    def start(self) -> None:
        t0 = time.perf_counter()
        opts = self.options
        if opts.headless:
            use_dummy_drivers()
        prefer_plain_framebuffer()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from cabinet.input.adapter import InputAdapter
        from cabinet.input.bindings import load_bindings
        from cabinet.paths import sounds_dir, sprites_dir
        from cabinet.presentation.art import ArtBuilder
        from cabinet.presentation.assets import AssetCache
        from cabinet.presentation.audio import Audio
        from cabinet.presentation.context import Context
        from cabinet.presentation.layout import MIN_LANDSCAPE, MIN_PORTRAIT, compute_layout, screen_shape
        from cabinet.presentation.scenes.base import BaseGameScene
        from cabinet.presentation.tag_band import uses_tag_band
        from cabinet.presentation.text import Text

        self.pg = pygame
        try:
            pygame.display.init()
            require_real_display(pygame, opts.headless)
            pygame.font.init()
            size = self._initial_size()
            flags = pygame.RESIZABLE | (pygame.FULLSCREEN if opts.fullscreen and not opts.headless else 0)
            current = pygame.display.get_surface() if opts.embedded else None
            self.screen = current if current is not None else pygame.display.set_mode(size, flags)
        except pygame.error as exc:
            from cabinet.errors import CabinetError

            raise CabinetError(f"cannot open a window ({exc}); is there a display? "
                               "(--headless runs without one)") from None
        pygame.display.set_caption(f"{self.defn.name} - Slot Cabinet")
        try:  # tiny windows: the OS stops the drag here (the layout clamps anyway)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # the display-module bridge is all we need
                pygame.Window.from_display_module().minimum_size = (MIN_PORTRAIT[0], MIN_LANDSCAPE[1])
        except (AttributeError, pygame.error):
            pass

        opened = self._open_cabinet()  # settings, ledger, recovery (may switch to the interrupted game)
        settings, session = opened.settings, self.session
        assert session is not None
        session.rtp_variant = dict(opts.rtp_variants).get(self.defn.id, session.rtp_variant)  # the operator's
        if opts.jackpots is not None:  # a kiosk's pool terms, kept with the pools for every game
            self.apply_jackpot_terms(dict(opts.jackpots))
        if opts.mode != "base" and not session.in_round:
            session.set_mode(opts.mode)  # an ante or plain mode; a buy mode stays the BUY FEATURE card's
        pygame.display.set_caption(f"{self.defn.name} - Slot Cabinet")

        text = Text()
        cache = AssetCache(sprites_dir(), text)
        builder = ArtBuilder(cache, self.defn)
        layout = compute_layout(self.screen.get_size(), self.defn.grid.reels, self.defn.grid.rows,
                                settings.left_hand, tag_band=uses_tag_band(self.defn), **screen_shape(self.defn))
        art = builder.build(layout, first_frame_only=True)  # the rest right after the first frame
        audio = Audio(sounds_dir(), self.defn.theme, settings.sound, settings.music, device=False)
        self.stack = SceneStack()
        self.ctx = Context(defn=self.defn, session=session, settings=settings, text=text, cache=cache,
                           builder=builder, audio=audio, stack=self.stack, layout=layout, art=art,
                           data_dir=opts.data_dir, buy_features=opts.buy_features)
        self.base = BaseGameScene(self.ctx)
        self.stack.push(self.base)
        self.base.resume_round()  # a round the journal restored plays on to its end
        if not opts.headless:  # the game's intro card (Intro Screen setting); scripted runs skip it
            self.base.show_intro()
        self._show_opening(opened)
        self._start_tools()
        if opts.forced_round is not None:
            self._start_forced_round(*opts.forced_round)
        self.started = True
        self.draw()  # the first frame: the cabinet is on screen from here
        self.first_frame_at = time.perf_counter()
        self.startup_seconds = self.first_frame_at - t0

        # What a still screen does not need, before the loop runs: motion art, sound, devices.
        builder.complete(art)
        audio.open_device()
        audio.load_all()
        audio.start_music()
        bindings = load_bindings(opts.data_dir)
        for issue in bindings.issues:
            print(f"cabinet: warning: {issue} (the default binding stays)", file=sys.stderr)
        if self.shared_input is not None:
            self.input = self.shared_input
        else:
            self.input = InputAdapter(bindings)
            self.input.start()
        self.ctx.rumble = self.input.rumble
        from cabinet.presentation.heap import release_free_heap

        release_free_heap()  # the art's scratch surfaces are freed: their pages go back (~45 MB at 1080p)
        self.ready_seconds = time.perf_counter() - t0

    def _open_cabinet(self) -> Any:
        """Settings, the ledger and recovery (``cabinet/machine/startup.py``).

        A critical store that cannot be trusted stops a headless run with one line and
        exit code 3; a window shows the malfunction screen instead (play disabled)."""
        from dataclasses import replace

        from cabinet.machine.startup import Opened, open_cabinet
        from cabinet.services.session_ledger import MemoryLedger

        opts = self.options
        if self.session is not None:  # a session made by the caller (tests, a lobby): use it as it is
            settings = load_settings(opts.data_dir).settings if opts.data_dir else Settings()
            if opts.left_hand is not None:
                settings = replace(settings, left_hand=opts.left_hand)
            self._opened = Opened(self.defn, self.session, settings, opts.data_dir)
            return self._opened
        opened = self._opened = open_cabinet(self.defn, opts.data_dir, seed=opts.seed, start_credits=opts.start_credits,
                              left_hand=opts.left_hand)
        for line in opened.log + opened.alerts:
            print(f"cabinet: notice: {line}", file=sys.stderr)
        if opened.malfunction is not None:
            from cabinet.presentation.scenes.malfunction import malfunction_error

            if opts.headless:
                raise malfunction_error(opened.malfunction, opened.data_dir)
            print(str(malfunction_error(opened.malfunction, opened.data_dir)), file=sys.stderr)
        self.defn = opened.defn
        # A malfunction leaves no ledger to play on: an empty one sits under the malfunction screen.
        self.session = opened.session or GameSession(self.defn, ledger=MemoryLedger(0))
        return opened

    def _show_opening(self, opened: Any) -> None:
        """What the player must see first: the malfunction screen, or notices (void, auto-complete,
        files kept aside)."""
        from cabinet.presentation.scenes.malfunction import MalfunctionScene, NoticeScene

        if opened.malfunction is not None:
            self.stack.push(MalfunctionScene(self.ctx, opened.malfunction, opened.data_dir))
            return
        if opened.alerts:
            self.stack.push(NoticeScene(self.ctx, opened.alerts))

    def _start_tools(self) -> None:
        """Designer mode and the error guard (both optional), and the operator's entry (first:
        it sees the devices' events before the others); none changes an outcome."""
        opts = self.options
        if opts.designer or opts.watch is not None:
            self.designer = tool_factory("designer")(self, opts.watch)  # it sees this app as a tool.Host
            self.tools.append(self.designer)
        if opts.guard or self.designer is not None:
            from cabinet.kiosk.guard import ErrorGuard, GuardNotice

            self.guard = ErrorGuard(opts.log_path)
            self.tools.append(GuardNotice(self.guard, lambda: self.ctx.text))
            if self.session is not None:  # storage that cannot record is news for kiosk.log too
                self.session.storage.reporters.append(self.guard.note)
        self._start_operator()

    def _start_operator(self) -> None:
        """The operator menu's services (a kiosk's, else this run's own) and the OPERATOR button."""
        from cabinet.kiosk.operator import OperatorServices
        from cabinet.kiosk.operator_entry import GameOperator

        self.operator = self.options.operator
        if self.operator is None:
            self.operator = OperatorServices.for_play(self.options.data_dir)
            self.operator.power_up(f"cabinet play {self.defn.id}", recovered=getattr(self._opened, "recovered", None))
        self.operator.opened(self._opened, self.session)
        self.operator_entry = GameOperator(self)
        self.tools.insert(0, self.operator_entry)
        if self.guard is not None:
            self.guard.events = self.operator.events  # every error survived is in the event log too
        if not self.options.embedded:  # a lobby shell watches its own; here: the log (or stderr) and the screen
            from cabinet.services.storage import print_warning

            self.operator.watch_problems(self.guard.note if self.guard is not None else print_warning,
                                         self.guard.show if self.guard is not None else self.ctx.hud.say)
        if self.operator.volume is not None:  # kiosk.yaml's master volume
            self.ctx.audio.set_volume(self.operator.volume)
        if not self.options.embedded:  # a lobby shell applies saved settings itself
            self.operator.settings_listeners.append(self._operator_settings)
            if self.operator.play_config is not None:  # cabinet play: <data-dir>/kiosk.yaml's settings
                self._operator_settings(self.operator.play_config, at_start=True)
            if self.operator.play_config_problem:
                print(f"cabinet: warning: {self.operator.play_config_problem} (kiosk.yaml's defaults are played)",
                      file=sys.stderr)

    def _operator_settings(self, config: Any, *, at_start: bool = False) -> None:
        """kiosk.yaml's settings this game plays by: the volume, the buy switch and the game's RTP
        variant (from the next round: one in play keeps its own). At start, a --rtp-variant given on
        the command line wins; a later save on the settings page is the operator's choice."""
        if config.volume is not None:
            self.ctx.audio.set_volume(config.volume)
        self.ctx.buy_features = config.buy_features and (self.options.buy_features or not at_start)
        session = self.session
        named = dict(self.options.rtp_variants).get(self.defn.id)
        if session is not None and not (at_start and named):
            session.rtp_variant = config.variant_of(self.defn.id)
        self.apply_jackpot_terms(config.jackpot_terms())

    def apply_jackpot_terms(self, terms: dict[str, Any]) -> None:
        """The kiosk's jackpot terms into the kept state (saved with the pools); a write that fails
        leaves the last saved terms in force and says so on the screen."""
        from cabinet.machine.session import StorageError

        if self.session is None:
            return
        try:
            changed = self.session.set_jackpot_terms(terms)
        except StorageError as exc:
            print(f"cabinet: warning: {exc}", file=sys.stderr)
            self.ctx.hud.say(exc.screen)
            return
        operator = self.operator or self.options.operator  # at start: the kiosk's, before the menu is set up
        if changed and operator is not None:  # the audit trail: what the operator funds changed
            said = "; ".join(f"{pool}: seed {t.seed}, reset {t.reset}, cap {t.cap or 'none'}"
                             for pool, t in sorted(terms.items())) or "every pool on its games' terms"
            operator.events.record("jackpot_terms", f"jackpot terms: {said}"[:300],
                                        terms={pool: t.to_dict() for pool, t in terms.items()})

    def _start_forced_round(self, seed: int, bet: Bet) -> None:
        """The round of ``seed`` at ``bet`` (a simulation's top win), as a real round;
        ``_draw`` tags it FORCED: ROUND <seed> while it plays."""
        from cabinet.errors import CabinetError

        session = self.session
        assert session is not None
        if session.in_round:
            raise CabinetError("--round: a round restored from the journal is still open; finish it first")
        if not session.set_bet(bet):
            raise CabinetError(f"--round: {self.defn.name} does not allow the bet {bet}")
        if not self.base.start_round(seed=seed):
            raise CabinetError(f"--round: the round could not start ({self.ctx.hud.status or 'refused'})")

    def _draw_forced_tag(self) -> Any:
        """The tag's rectangle while a round replayed from its seed plays (``--round``, the
        designer's top rounds; None when no such round is in play)."""
        from cabinet.presentation.tag import WARN, draw_tag

        session = self.session
        current = session.current if session is not None else None
        if current is None or current.request.forced_by != "round" or not (
                self.base.in_round or session.in_round):
            return None
        # Centred on the reel frame's bottom edge: the logo crowns its top border, the designer's
        # tags sit on that border too.
        layout = self.ctx.layout
        middle = (layout.reel_window.bottom + layout.reel_frame.bottom) // 2
        return draw_tag(self.screen, self.ctx.text, f"FORCED: ROUND {current.request.seed}", WARN,
                        center=(layout.reel_frame.center[0], middle))

    def _initial_size(self) -> tuple[int, int]:
        return initial_window_size(self.options, self.pg)

    # -- one frame --------------------------------------------------------------------------------

    def press(self, presses: Iterable[Press]) -> None:
        for press in presses:
            tool = next((t for t in self.tools if t.takes(press)), None)  # the designer's TOP_ROUNDS
            if tool is not None:
                self._guarded(tool.handle, press, where=tool.name)
                continue
            self._guarded(self.stack.handle, self._escape_opens_menu(press), where="input")

    def _escape_opens_menu(self, press: Press) -> Press:
        """Escape (the keyboard's BACK) on the game itself opens the menu, as MENU does: the
        bare game has no other use for it. A panel (which BACK closes) or a reel being picked
        for a respin (which BACK cancels) keeps it; a pad's B stays BACK everywhere."""
        from cabinet.machine.buttons import Button

        if press.button != Button.BACK or press.key is None:
            return press
        base = self.base
        if any(getattr(scene, "modal", False) for scene in self.stack):
            return press
        if getattr(base, "offer_visible", False) and getattr(base, "respin_cursor", None) is not None:
            return press
        return Press(Button.MENU, key=press.key)

    def update(self, steps: int) -> None:
        for _ in range(steps):
            self._guarded(self.stack.update, STEP, where="update")

    def pump_input(self, events: list[Any] | None = None) -> bool:
        """Read devices through the adapter (or take ``events`` a lobby shell already read);
        returns False when the window was closed. Designer keys are taken out first."""
        if events is None:
            events = self.pg.event.get()
        for tool in self.tools:  # the operator's entry logs pads; designer keys are taken out
            events = tool.filter_events(events)
        frame = self.input.translate(events, self.stack.hit_regions(), self.screen.get_size())
        if frame.resized:
            self.screen = self.pg.display.get_surface() or self.screen
            self._keep_minimum_size()
            # Laid out once the size has held for a moment: dragging a window's edge sends a new
            # size every frame, and scaling all the art for each would stall the drag.
            self.resize_wait = RESIZE_SETTLE
        self.press(frame.presses)
        if frame.quit:
            self.window_closed = True
        return not frame.quit

    def _settle_resize(self, dt: float) -> None:
        if self.resize_wait is None:
            return
        self.resize_wait -= dt
        if self.resize_wait <= 0:
            self.resize_wait = None
            self.ctx.relayout(self.screen.get_size())

    def _keep_minimum_size(self) -> None:
        """A window dragged below the layout's minimum (by a window manager that ignores the
        minimum-size hint, or where there is none) is put back to that minimum: the layout
        never draws more than the window shows."""
        from cabinet.presentation.layout import fit_size

        size = self.screen.get_size()
        wanted = fit_size(size)
        if wanted == size or self.options.fullscreen:
            return
        try:  # the same window made bigger (set_mode would open a new one where the old one was)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.pg.Window.from_display_module().size = wanted
        except (AttributeError, self.pg.error):
            return
        self.pg.event.pump()  # SDL resizes the window's surface as it reads the window's events
        self.screen = self.pg.display.get_surface() or self.screen

    def draw(self) -> None:
        self._guarded(self._draw, where="draw")
        self.pg.display.flip()

    def _draw(self) -> None:
        self.stack.draw(self.screen)
        self._draw_forced_tag()
        for tool in self.tools:  # the designer's overlay, the error notice over everything
            tool.draw(self.screen)

    def frame(self, dt: float, presses: Iterable[Press] = (), events: list[Any] | None = None,
              draw: bool = True) -> None:
        """One pass of the loop: devices, scripted presses, game time (at the designer's speed),
        tools, picture. ``dt`` is the real time since the last frame."""
        t0 = time.perf_counter()
        self.pump_input(events)
        self._settle_resize(dt)
        self.press(presses)
        self.update(self.timing.steps(dt))
        for tool in self.tools:
            self._guarded(tool.tick, dt, self.frame_work, where=tool.name)
        drawn = draw and self.draws_frames
        if drawn:
            self.draw()
        self.frames += 1
        self.frame_work = time.perf_counter() - t0
        if self.operator is not None and not self.options.embedded:  # a lobby shell times its own frames
            self.operator.tick(dt, self.frame_work if drawn else None)

    # -- surviving errors (kiosk and designer mode) -------------------------------------------------

    def _guarded(self, fn: Any, *args: Any, where: str) -> None:
        if self.guard is None:
            fn(*args)
            return
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - the guard's whole point: log, recover, carry on
            self.recover(exc, where)

    def recover(self, exc: BaseException, where: str) -> None:
        """Drop the scene that failed; if it was the game itself (or errors keep coming), rebuild
        the game's scenes (a round in play resumes on screen and is paid once); if that keeps
        failing, mark the app ``failed`` so the lobby or kiosk starts it over."""
        from cabinet.kiosk.guard import ESCALATE_AFTER, GIVE_UP_AFTER, culprit

        count = self.guard.record(exc, f"{self.defn.id} {where}")
        if count >= GIVE_UP_AFTER:
            self.failed = True
            return
        scene = culprit(exc.__traceback__, list(self.stack))
        if scene is not None and scene is not self.base and count < ESCALATE_AFTER:
            self.stack.remove(scene)
            if getattr(self.base, "presentation", None) is scene:
                self.base.presentation = None
        else:
            self.reset_scenes()
        self.ctx.hud.say("RECOVERED FROM AN ERROR")

    def reset_scenes(self) -> None:
        """A fresh base game on the same session and art."""
        from cabinet.presentation.scenes.base import BaseGameScene

        old = self.base
        for scene in list(self.stack):
            self.stack.remove(scene)
        filters = getattr(self.stack, "filters", None)
        if filters is not None:
            filters[:] = [f for f in filters if getattr(f, "__self__", None) is not old]
        self.ctx.on_layout.clear()
        try:
            self.base = BaseGameScene(self.ctx)
            self.stack.push(self.base)
            self.base.resume_round()
        except Exception as exc:  # noqa: BLE001 - cannot even rebuild: the owner starts over
            self.guard.record(exc, f"{self.defn.id} rebuild")
            self.failed = True

    @property
    def idle(self) -> bool:
        """No round is being played (a cycling win presentation or a menu may still show)."""
        return not self.base.in_round

    @property
    def between_rounds(self) -> bool:
        """Neither the screen nor the session is in a round (a reload may happen now)."""
        return self.idle and not (self.session is not None and self.session.in_round)

    @property
    def done(self) -> bool:
        return self.window_closed or self.ctx.quit_requested or self.failed

    # -- loops ------------------------------------------------------------------------------------

    def run(self) -> int:
        """The interactive loop: real time, fixed steps, paced to FPS."""
        if not self.started:
            self.start()
        pacer = FramePacer(FPS)
        pacer.tick()
        while not self.done:
            self.frame(pacer.tick())
        self.close()
        return 0

    def close(self) -> None:
        """Every scene leaves the stack (``on_exit``: a feature lets go of its music), stop the
        music, close the ledger's files; quit pygame unless a lobby shell owns it."""
        stack = getattr(self, "stack", None)
        if stack is not None:
            stack.clear()
        if self.pg.mixer.get_init():
            self.pg.mixer.music.stop()
        ledger_close = getattr(getattr(self.session, "ledger", None), "close", None)
        if ledger_close is not None:
            ledger_close()  # idempotent; a lobby opens the same data folder for the next game
        if not self.options.embedded:
            if self.operator is not None:
                cause = "window closed" if self.window_closed else "quit from the menu" if self.ctx.quit_requested \
                    else "the game failed" if self.failed else "the loop ended"
                self.operator.exit(cause)
            self.pg.quit()

    def run_frames(self, count: int, script: dict[int, list[Press]] | None = None, draw_every: int = 1) -> None:
        """Headless frames: fixed time per frame, script presses at their frame numbers.
        ``draw_every`` > 1 draws only every n-th frame (long soak tests)."""
        for _ in range(count):
            self.headless_frame(script or {}, draw=self.frames % draw_every == 0)

    def headless_frame(self, script: dict[int, list[Press]], draw: bool = True) -> None:
        self.frame(1.0 / FPS, script.get(self.frames, ()), draw=draw)

    def run_script(self, script: dict[int, list[Press]], frames: int | None) -> dict[str, object]:
        """Run until ``frames`` or, without it, until the script is done and no round is in play."""
        if not self.started:
            self.start()
        last = max(script) if script else 0
        while not self.ctx.quit_requested:
            if frames is not None:
                if self.frames >= frames:
                    break
            elif self.frames > last and self.idle:
                break
            elif self.frames > last + HEADLESS_TAIL_LIMIT:
                print("cabinet: warning: the last round did not finish; stopping", file=sys.stderr)
                break
            self.headless_frame(script)
        assert self.session is not None
        return self.session.totals()
