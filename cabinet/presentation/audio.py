"""Sound effects and the theme's music loops; silence when there is no audio device.

Effects are loaded once. A missing or broken file plays nothing and warns once; a
mixer that cannot open puts the cabinet in silent mode (never a crash). Sound and
music are switched separately (the menu's Sound and Music toggles); a master volume
(0-100 %, the game settings' slider) scales every effect's own level and the music's.

Two music loops per theme: ``music`` while the game is played and ``feature_music`` from
a feature's intro to its outro (``start_feature_music`` / ``end_feature_music``); each, like
an effect, is a ``.wav`` or an ``.ogg`` file (``themes.sound_file``). The track the cabinet wants is kept even while music is off or
silent, so switching music on mid-feature starts the feature's loop; ``music_log``
records every switch (tests and the bench read it, as ``played`` for effects).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

from ..assets.themes import sound_file
from ..paths import shared_folder

EFFECTS = ("spin_start", "reel_stop", "anticipation", "win_tick", "win_small", "big_win", "mega_win",
           "epic_win", "feature_trigger", "free_spin_start", "respin", "button_click", "bet_change",
           "coin_drop")


MUSIC_LEVEL = 0.45  # the music loop sits under the effects
THEME_TRACK = "music"  # file stems under sounds/<theme>/
FEATURE_TRACK = "feature_music"
FEATURE_CHANNEL = 0  # the mixer channel kept for the feature's loop
MUSIC_FADE_MS = 350  # the feature's loop fades in rather than starting at full level


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
        self._music_held = False  # muted under the feature's loop (see start_music)
        self.track = THEME_TRACK  # the loop the cabinet wants now (THEME_TRACK or FEATURE_TRACK)
        self._feature_sound: pygame.mixer.Sound | None = None  # the feature's loop, loaded when first wanted
        self._feature_channel: pygame.mixer.Channel | None = None
        self.music_log: list[str] = []  # each switch of track, in order (kept however music is set)
        self._features: set[int] = set()  # tokens of the features holding the feature loop
        self._feature_tokens = 0
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
            pygame.mixer.set_reserved(FEATURE_CHANNEL + 1)  # effects never take the feature loop's channel
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
                path = sound_file((self.root / self.theme, shared_folder(self.root, "sounds")), name)
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
        if self._music_playing and not self._music_held:
            pygame.mixer.music.set_volume(MUSIC_LEVEL * self.volume / 100)
        if self._feature_sound is not None:
            self._feature_sound.set_volume(MUSIC_LEVEL * self.volume / 100)

    def start_music(self) -> None:
        """Play the wanted loop (the theme's, or the feature's while one is on), if music is on.

        The theme's loop streams (``pygame.mixer.music``); the feature's is a short 4-bit
        sound looped on a channel of its own while the theme's plays on muted underneath.
        Muted, not paused: pygame's ``music.pause()`` and ``music.unpause()`` keep the GIL
        while they wait for the audio thread, and that thread takes the GIL whenever an
        effect ends, so a pause at the moment an effect ended froze the whole cabinet (a
        stress loop froze in seconds, and the test suite froze on it; a volume change
        releases the GIL first: tests/test_audio_deadlock.py)."""
        if not (self.music_on and self.available):
            return
        if self.track == FEATURE_TRACK and self._start_feature_loop():
            return
        self._stop_feature_loop()
        if self._music_playing:
            if self._music_held:
                pygame.mixer.music.set_volume(MUSIC_LEVEL * self.volume / 100)
                self._music_held = False
            return
        path = sound_file((self.root / self.theme,), THEME_TRACK)
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(MUSIC_LEVEL * self.volume / 100)
            pygame.mixer.music.play(-1)
            self._music_playing = True
        except (pygame.error, FileNotFoundError, OSError) as exc:
            self._warn("music", f"music {path} missing or unreadable ({exc}); no music")

    def _start_feature_loop(self) -> bool:
        """The feature's loop over the muted theme music; False when the theme has none."""
        if self._feature_channel is not None and self._feature_channel.get_busy():
            return True
        if self._feature_sound is None:
            path = sound_file((self.root / self.theme,), FEATURE_TRACK)
            try:
                self._feature_sound = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                self._warn(FEATURE_TRACK, f"music {path} missing or unreadable ({exc}); the theme's music plays on")
                return False
        if self._music_playing:
            pygame.mixer.music.set_volume(0.0)  # held under the feature's loop (start_music says why)
            self._music_held = True
        self._feature_sound.set_volume(MUSIC_LEVEL * self.volume / 100)
        channel = pygame.mixer.Channel(FEATURE_CHANNEL)
        channel.play(self._feature_sound, loops=-1, fade_ms=MUSIC_FADE_MS)
        self._feature_channel = channel
        return True

    def _stop_feature_loop(self) -> None:
        if self._feature_channel is not None:
            self._feature_channel.stop()
            self._feature_channel = None

    def _switch_track(self, track: str) -> None:
        if track == self.track:
            return
        self.track = track
        self.music_log.append(track)
        del self.music_log[:-200]
        self.start_music()

    def start_feature_music(self) -> int:
        """A feature's intro: its own loop until every feature that asked for it has ended.

        Returns the token to end it with. Features on screen at once (a history replay's,
        a demo's, over the player's own paused one) each hold the loop: it stops when
        the last one lets go."""
        self._feature_tokens += 1
        token = self._feature_tokens
        self._features.add(token)
        self._switch_track(FEATURE_TRACK)
        return token

    def end_feature_music(self, token: int) -> None:
        """That feature is over (its outro shown, or the feature gone from the screen)."""
        self._features.discard(token)
        if not self._features:
            self._switch_track(THEME_TRACK)

    @property
    def feature_music_on(self) -> bool:
        return self.track == FEATURE_TRACK

    def set_music(self, on: bool) -> None:
        self.music_on = on
        if on:
            self.start_music()
            return
        self._stop_feature_loop()
        if self._music_playing:
            pygame.mixer.music.stop()
            self._music_playing = self._music_held = False
