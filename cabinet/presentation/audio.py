"""Sound effects and the theme's music loop; silence when there is no audio device.

Effects are loaded once. A missing or broken file plays nothing and warns once; a
mixer that cannot open puts the cabinet in silent mode (never a crash). Sound and
music are switched separately (the menu's Sound and Music toggles); a master volume
(0-100 %, the game settings' slider) scales every effect's own level and the music's.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

EFFECTS = ("spin_start", "reel_stop", "anticipation", "win_tick", "win_small", "big_win", "mega_win",
           "epic_win", "feature_trigger", "free_spin_start", "respin", "button_click", "bet_change",
           "coin_drop")


MUSIC_LEVEL = 0.45  # the music loop sits under the effects


@contextlib.contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Send file descriptor 2 to the null device for the duration.

    With no sound card, SDL's ALSA backend lets alsa-lib write a dozen "ALSA lib ...
    cannot find card '0'" lines straight to fd 2 (below Python's ``sys.stderr``) before
    the mixer fails; the cabinet's own one-line "running silent" warning says all of it."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no usable fd 2 (a pythonw process): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
    finally:
        os.close(saved)


class Audio:
    def __init__(self, sounds_root: Path, theme: str, sound_on: bool = True, music_on: bool = True,
                 device: bool = True) -> None:
        self.root = sounds_root
        self.theme = theme
        self.sound_on = sound_on
        self.music_on = music_on
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: set[str] = set()
        self._music_playing = False
        self.played: list[str] = []  # names of effects started (tests and the bench read it)
        self.volume = 100  # master volume in percent; the app sets the remembered one
        self._levels: dict[str, float] = {}  # each effect's own level when last played, before the master
        if device:
            self.open_device()

    def open_device(self) -> None:
        """Open the mixer (``device=False`` leaves it for later: the window's first frame does
        not wait for the sound card). No device: silent mode, one warning."""
        if self.available:
            return
        try:
            if not pygame.mixer.get_init():
                with native_stderr_silenced():
                    pygame.mixer.init(44100, -16, 2, 512)
            pygame.mixer.set_num_channels(16)
            self.available = True
        except pygame.error as exc:
            self._warn("mixer", f"no audio device ({exc}); running silent")

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            print(f"cabinet: warning: {message}", file=sys.stderr)

    def load_all(self) -> None:
        for name in EFFECTS:
            self._sound(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            if self.available:
                path = self.root / self.theme / f"{name}.wav"
                if not path.exists():
                    path = self.root / "common" / f"{name}.wav"
                try:
                    sound = pygame.mixer.Sound(str(path))
                except (pygame.error, FileNotFoundError, OSError) as exc:
                    self._warn(name, f"sound {path} missing or unreadable ({exc}); playing silence")
            self._sounds[name] = sound
        return self._sounds[name]

    def play(self, name: str, loops: int = 0, volume: float = 1.0) -> None:
        self.played.append(name)
        del self.played[:-200]
        if not (self.sound_on and self.available):
            return
        sound = self._sound(name)
        if sound is not None:
            self._levels[name] = volume
            sound.set_volume(volume * self.volume / 100)
            sound.play(loops=loops)

    def stop(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is not None and self.available:
            sound.stop()

    def set_sound(self, on: bool) -> None:
        self.sound_on = on
        if not on and self.available:
            for sound in self._sounds.values():
                if sound is not None:
                    sound.stop()

    def set_volume(self, percent: int) -> None:
        """The master volume, 0-100 %: effects already playing and the music change at once."""
        self.volume = max(0, min(100, int(percent)))
        if not self.available:
            return
        for name, sound in self._sounds.items():
            if sound is not None:
                sound.set_volume(self._levels.get(name, 1.0) * self.volume / 100)
        if self._music_playing:
            pygame.mixer.music.set_volume(MUSIC_LEVEL * self.volume / 100)

    def start_music(self) -> None:
        if not (self.music_on and self.available) or self._music_playing:
            return
        path = self.root / self.theme / "music.wav"
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(MUSIC_LEVEL * self.volume / 100)
            pygame.mixer.music.play(-1)
            self._music_playing = True
        except (pygame.error, FileNotFoundError, OSError) as exc:
            self._warn("music", f"music {path} missing or unreadable ({exc}); no music")

    def set_music(self, on: bool) -> None:
        self.music_on = on
        if on:
            self.start_music()
        elif self._music_playing:
            pygame.mixer.music.stop()
            self._music_playing = False
