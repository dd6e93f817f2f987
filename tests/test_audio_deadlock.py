"""The theme's music is muted under a feature's loop, never paused: pygame-ce's ``music.pause()``
and ``music.unpause()`` keep the GIL while they wait for the audio thread, and that thread takes
the GIL whenever an effect ends, so pausing at that moment froze the process for good (it froze a
CI run, and a kiosk would have frozen the same way at a feature's start or end).

One test checks the switch never calls them and keeps the music's level, with the real mixer on
the dummy driver; another runs the cabinet's own Audio in a fresh process, switching tracks while
short effects keep ending, and shows it does not freeze. The control (``-m slow``) runs the bare
pause/unpause in the same loop and shows this pygame does freeze there."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from cabinet.paths import sounds_dir
from cabinet.presentation.audio import MUSIC_LEVEL, Audio

ROOT = Path(__file__).resolve().parent.parent


def test_the_feature_loop_mutes_the_theme_music_and_never_pauses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    audio = Audio(sounds_dir(), "lucky")
    if not audio.available:
        pytest.skip("no mixer even with the dummy driver")

    def refused(*_: object) -> None:
        raise AssertionError("music.pause/unpause can deadlock with the audio thread")

    monkeypatch.setattr(pygame.mixer.music, "pause", refused)
    monkeypatch.setattr(pygame.mixer.music, "unpause", refused)
    audio.start_music()
    level = MUSIC_LEVEL * audio.volume / 100
    assert pygame.mixer.music.get_volume() == pytest.approx(level, abs=0.01)
    token = audio.start_feature_music()
    assert pygame.mixer.music.get_volume() == 0.0 and pygame.mixer.music.get_busy()  # muted, still streaming
    assert audio._feature_channel is not None and audio._feature_channel.get_busy()
    audio.set_volume(50)  # a volume change under the feature leaves the theme's music muted
    assert pygame.mixer.music.get_volume() == 0.0
    audio.end_feature_music(token)
    assert pygame.mixer.music.get_volume() == pytest.approx(MUSIC_LEVEL * 0.5, abs=0.01)
    assert audio._feature_channel is None
    audio.set_music(False)
    audio.set_music(True)  # off and on again: the theme's loop from the start, at its level
    assert pygame.mixer.music.get_volume() == pytest.approx(MUSIC_LEVEL * 0.5, abs=0.01)
    pygame.mixer.music.stop()


STRESS = textwrap.dedent('''
    import faulthandler, sys, time
    from pathlib import Path
    import pygame
    from cabinet.presentation.audio import Audio
    mode, seconds = sys.argv[1], float(sys.argv[2])
    audio = Audio(Path(sys.argv[3]), "lucky")
    assert audio.available
    blip = pygame.mixer.Sound(buffer=bytes(4 * 64))  # ends within a buffer: the audio thread takes the GIL
    audio.start_music()
    faulthandler.dump_traceback_later(seconds + 20, exit=True)  # frozen: say where, and end
    end, switches = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        for _ in range(4):
            blip.play()
        if mode == "cabinet":
            audio.end_feature_music(audio.start_feature_music())
        else:  # the control: what the cabinet used to do
            pygame.mixer.music.pause()
            pygame.mixer.music.unpause()
        switches += 1
    print("switches", switches)
''')


def _stress(mode: str, seconds: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-c", STRESS, mode, str(seconds), str(sounds_dir())], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=seconds + 60)


@pytest.mark.integration
def test_switching_tracks_while_effects_end_never_freezes() -> None:
    done = _stress("cabinet", 6)
    assert done.returncode == 0 and "switches" in done.stdout, done.stderr  # a freeze exits 1 with a stack
    assert int(done.stdout.split()[-1]) > 100


@pytest.mark.slow
def test_the_bare_pause_and_unpause_do_freeze_here() -> None:
    """The control (slow: a freeze costs its 20 s timeout): pause/unpause in the same loop freeze."""
    done = _stress("control", 30)
    assert done.returncode != 0 and "Timeout" in done.stderr, done.stdout
