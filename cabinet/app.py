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

from cabinet.core.definition import Definition
from cabinet.machine.buttons import Press
from cabinet.machine.session import GameSession, default_start_credits
from cabinet.machine.settings import Settings, load_settings
from cabinet.machine.stack import SceneStack

UPDATE_HZ = 120
STEP = 1.0 / UPDATE_HZ
FPS = 60
STEPS_PER_FRAME = UPDATE_HZ // FPS  # headless: each frame advances exactly this many steps
DEFAULT_WINDOW = (1280, 720)
MAX_CATCH_UP = 0.25  # after a stall, drop time rather than fast-forward seconds of animation
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


def use_dummy_drivers() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class App:
    def __init__(self, defn: Definition, options: AppOptions | None = None,
                 session: GameSession | None = None) -> None:
        self.defn = defn
        self.options = options or AppOptions()
        self.session = session
        self.started = False
        self.startup_seconds = 0.0
        self.frames = 0

    # -- start-up ---------------------------------------------------------------------------------

    def start(self) -> None:
        t0 = time.perf_counter()
        opts = self.options
        if opts.headless:
            use_dummy_drivers()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from cabinet.input.adapter import InputAdapter
        from cabinet.input.bindings import load_bindings
        from cabinet.paths import sounds_dir, sprites_dir
        from cabinet.presentation.art import ArtBuilder
        from cabinet.presentation.assets import AssetCache
        from cabinet.presentation.audio import Audio
        from cabinet.presentation.context import Context
        from cabinet.presentation.layout import MIN_LANDSCAPE, MIN_PORTRAIT, compute_layout
        from cabinet.presentation.scenes.base import BaseGameScene
        from cabinet.presentation.text import Text

        self.pg = pygame
        try:
            pygame.display.init()
            pygame.font.init()
            size = self._initial_size()
            flags = pygame.RESIZABLE | (pygame.FULLSCREEN if opts.fullscreen and not opts.headless else 0)
            self.screen = pygame.display.set_mode(size, flags)
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

        settings = load_settings(opts.data_dir) if opts.data_dir else Settings()
        if opts.left_hand is not None:
            settings.left_hand = opts.left_hand
        session = self.session
        if session is None:
            session = GameSession(self.defn, seed=opts.seed)
            start = default_start_credits(self.defn) if opts.start_credits is None else opts.start_credits
            session.ledger.add_credits(start)
            self.session = session

        text = Text()
        cache = AssetCache(sprites_dir(), text)
        builder = ArtBuilder(cache, self.defn)
        layout = compute_layout(self.screen.get_size(), self.defn.grid.reels, self.defn.grid.rows,
                                settings.left_hand)
        art = builder.build(layout)
        audio = Audio(sounds_dir(), self.defn.theme, settings.sound, settings.music)
        self.stack = SceneStack()
        self.ctx = Context(defn=self.defn, session=session, settings=settings, text=text, cache=cache,
                           builder=builder, audio=audio, stack=self.stack, layout=layout, art=art,
                           data_dir=opts.data_dir)
        self.base = BaseGameScene(self.ctx)
        self.stack.push(self.base)
        self.base.resume_round()  # a round the journal restored plays on to its end

        bindings = load_bindings(opts.data_dir)
        for issue in bindings.issues:
            print(f"cabinet: warning: {issue} (the default binding stays)", file=sys.stderr)
        self.input = InputAdapter(bindings)
        self.input.start()
        self.ctx.rumble = self.input.rumble
        audio.load_all()
        audio.start_music()
        self.started = True
        self.draw()
        self.startup_seconds = time.perf_counter() - t0

    def _initial_size(self) -> tuple[int, int]:
        opts = self.options
        if opts.size:
            return opts.size
        if opts.fullscreen and not opts.headless:
            return (0, 0)  # the desktop's size
        if not opts.headless:
            try:
                dw, dh = self.pg.display.get_desktop_sizes()[0]
                if dw >= 1920 and dh >= 1080:
                    return (1600, 900)
            except (IndexError, self.pg.error):
                pass
        return DEFAULT_WINDOW

    # -- one frame --------------------------------------------------------------------------------

    def press(self, presses: Iterable[Press]) -> None:
        for press in presses:
            self.stack.handle(press)

    def update(self, steps: int) -> None:
        for _ in range(steps):
            self.stack.update(STEP)

    def pump_input(self) -> bool:
        """Read devices through the adapter; returns False when the window was closed."""
        frame = self.input.poll(self.stack.hit_regions(), self.screen.get_size())
        if frame.resized:
            self.screen = self.pg.display.get_surface() or self.screen
            self.ctx.relayout(self.screen.get_size())
        self.press(frame.presses)
        return not frame.quit

    def draw(self) -> None:
        self.stack.draw(self.screen)
        self.pg.display.flip()

    @property
    def idle(self) -> bool:
        """No round is being played (a cycling win presentation or a menu may still show)."""
        return not self.base.in_round

    # -- loops ------------------------------------------------------------------------------------

    def run(self) -> int:
        """The interactive loop: real time, fixed steps, paced to FPS."""
        if not self.started:
            self.start()
        clock = self.pg.time.Clock()
        pending = 0.0
        running = True
        while running and not self.ctx.quit_requested:
            running = self.pump_input()
            pending = min(pending + clock.tick(FPS) / 1000.0, MAX_CATCH_UP)
            steps = int(pending / STEP)
            pending -= steps * STEP
            self.update(steps)
            self.draw()
            self.frames += 1
        self.pg.quit()
        return 0

    def run_frames(self, count: int, script: dict[int, list[Press]] | None = None) -> None:
        """Headless frames: fixed time per frame, script presses at their frame numbers."""
        for _ in range(count):
            self.headless_frame(script or {})

    def headless_frame(self, script: dict[int, list[Press]]) -> None:
        self.pump_input()
        self.press(script.get(self.frames, ()))
        self.update(STEPS_PER_FRAME)
        self.draw()
        self.frames += 1

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
