"""The sound test: a tone on the left channel, the right, then both; then each theme's music,
its feature music and its effects, at the set master volume.

Tones are made here (a 1 s sine, 440 Hz left, 660 Hz right, both together); the music and
effects are the cabinet's own files in ``sounds/`` (a theme's own effect where it has one,
else the common one). CONFIRM plays the chosen line, again stops it; BACK returns (and stops).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press
from cabinet.paths import shared_folder

from .common import DIM, GOLD, RED, Frame, Page, Region, draw_chrome, draw_list, label

TONE_SECONDS = 1.0
EFFECT_GAP = 0.25


def tone(channels: tuple[float, float], frequency: float) -> Any:
    """A sine tone with the given (left, right) levels, in the mixer's own format."""
    import numpy as np

    init = pygame.mixer.get_init()
    assert init is not None
    rate, fmt, count = init
    t = np.arange(int(rate * TONE_SECONDS)) / rate
    wave = np.sin(2 * np.pi * frequency * t) * np.minimum(1.0, np.minimum(t, TONE_SECONDS - t) * 40)  # no clicks
    peak = 2 ** (abs(fmt) - 1) - 1 if abs(fmt) <= 16 else 1.0
    dtype = {8: np.int8, 16: np.int16, 32: np.float32}.get(abs(fmt), np.int16)
    columns = [wave * channels[0], wave * channels[1]][:count] if count >= 2 else [wave * max(channels)]
    data = (np.stack(columns, axis=1) * peak * 0.5).astype(dtype)
    return pygame.sndarray.make_sound(data if count >= 2 else data[:, 0])


def themes(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.is_dir() and p.name != "common") if root.is_dir() else []


class SoundTestPage(Page):
    title = "SOUND TEST"
    hint = "UP/DOWN CHOOSE   CONFIRM PLAY (AGAIN: STOP)   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        from cabinet.paths import sounds_dir

        self.root = sounds_dir()
        self.items: list[tuple[str, str, str]] = [("LEFT CHANNEL", "tone", "left"),
                                                  ("RIGHT CHANNEL", "tone", "right"),
                                                  ("BOTH CHANNELS", "tone", "both")]
        for theme in themes(self.root):
            self.items += [(f"{theme.upper()}: MUSIC", "file", f"{theme}/music"),
                           (f"{theme.upper()}: FEATURE MUSIC", "file", f"{theme}/feature_music"),
                           (f"{theme.upper()}: EFFECTS", "effects", theme)]
        self.playing: int | None = None
        self.channel: Any = None
        self.queue: list[Path] = []
        self.wait = 0.0
        self.available = self._open_mixer()

    @staticmethod
    def _open_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            return True
        except pygame.error:
            return False

    @property
    def volume(self) -> float:
        return max(0, min(100, int(self.host.volume()))) / 100

    def handle(self, press: Press) -> None:
        b = press.button
        if b in (Button.CONFIRM, Button.SPIN):
            self.toggle(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(self.items):
            self.cursor = press.index
            self.toggle(press.index)
        elif b in (Button.BACK, Button.MENU, Button.CLOSE):
            self.menu.pop()
        else:
            self.cursor = move_cursor(self.cursor, press, len(self.items))

    def toggle(self, index: int) -> None:
        was = self.playing
        self.stop()
        if was == index or not self.available:
            if not self.available:
                self.say("NO AUDIO DEVICE: THE CABINET RUNS SILENT", bad=True)
            return
        _, kind, what = self.items[index]
        self.playing = index
        if kind == "tone":
            levels = {"left": (1.0, 0.0), "right": (0.0, 1.0), "both": (1.0, 1.0)}[what]
            self._play(tone(levels, 440.0 if what == "left" else 660.0 if what == "right" else 550.0))
        elif kind == "file":
            self._play_file(self._file(*what.split("/")))
        else:
            from cabinet.presentation.audio import EFFECTS

            self.queue = [self._file(what, name) for name in EFFECTS]
            self.wait = 0.0

    def _file(self, theme: str, stem: str) -> Path:
        from cabinet.presentation.audio import sound_file

        return sound_file((self.root / theme, shared_folder(self.root, "sounds")), stem)

    def _play_file(self, path: Path) -> None:
        try:
            self._play(pygame.mixer.Sound(str(path)))
        except (pygame.error, FileNotFoundError, OSError) as exc:
            self.say(f"CANNOT PLAY {path.name}: {exc}", bad=True)

    def _play(self, sound: Any) -> None:
        sound.set_volume(self.volume)
        self.channel = sound.play()

    def stop(self) -> None:
        if self.channel is not None:
            self.channel.stop()
        self.channel, self.playing, self.queue = None, None, []

    def leave(self) -> None:
        self.stop()

    def update(self, dt: float) -> None:
        busy = self.channel is not None and self.channel.get_busy()
        if self.queue and not busy:
            self.wait -= dt
            if self.wait <= 0:
                self._play_file(self.queue.pop(0))
                self.wait = EFFECT_GAP
        elif self.playing is not None and not busy and not self.queue and self.wait <= 0:
            self.playing = None

    def first_row(self, frame: Frame) -> int:
        return max(0, self.cursor - (frame.rows() - 2))  # the list scrolls with the cursor

    def regions(self, frame: Frame) -> list[Region]:
        first = self.first_row(frame)
        return [(tuple(frame.row(1 + i - first)), Press(Button.ITEM, i)) for i in range(first, len(self.items))
                if frame.row(1 + i - first).bottom <= frame.bottom]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        head = "NO AUDIO DEVICE: RUNNING SILENT" if not self.available else \
            f"MASTER VOLUME {int(self.volume * 100)}%"
        label(surface, text, head, frame.body, RED if not self.available else GOLD, left=frame.margin,
              y=frame.row(0).centery)
        rows = [(name, "PLAYING" if i == self.playing else "") for i, (name, _, _) in enumerate(self.items)]
        first = self.first_row(frame)
        draw_list(surface, frame, text, rows[first:], self.cursor - first, first=1)
        if first:
            label(surface, text, "...", frame.body, DIM, right=frame.w - frame.margin, y=frame.row(0).centery)


def move_cursor(cursor: int, press: Press, count: int) -> int:
    from .common import move

    return move(cursor, press, count)
