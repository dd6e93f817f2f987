"""The master volume: remembered 0-100 (default 80), applied to effects and music, and set
from the game settings' VOLUME slider (keys, -/+ and a press on its bar)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.machine.buttons import Button, Press
from cabinet.paths import sounds_dir
from cabinet.presentation.audio import MUSIC_LEVEL, Audio
from cabinet.presentation.scenes.settings import VOLUME_ROW, GameSettingsScene, slider_bar, stepped
from cabinet.services.settings import SETTINGS_NAME, Settings, load_settings, save_settings

SMALL = (640, 360)

CHANGED = """\
format: 1
sound: false
music: true
left_hand: true
vibrate: true
intro_screen: true
spacebar_spins: true
volume: 35
"""


def open_settings(defn, data_dir: Path) -> tuple[App, GameSettingsScene]:  # noqa: ANN001
    app = App(defn, AppOptions(size=SMALL, seed=2, headless=True, data_dir=data_dir))
    app.start()
    app.press([Press(Button.SETTINGS)])
    scene = app.stack.top
    assert isinstance(scene, GameSettingsScene)
    return app, scene


def tap(app: App, pos: tuple[int, int]) -> None:
    """A click or touch as the input adapter makes it: the region under it, with the position."""
    for (x, y, w, h), press in app.stack.hit_regions():
        if x <= pos[0] < x + w and y <= pos[1] < y + h:
            app.press([Press(press.button, press.index, pos)])
            return
    app.press([Press(Button.TAP, pos=pos)])


def test_volume_defaults_to_80_and_round_trips(tmp_path: Path) -> None:
    assert Settings().volume == 80
    path = save_settings(tmp_path, Settings(sound=False, volume=35))
    assert path.read_text().endswith("spacebar_spins: true\nvolume: 35\n")
    loaded = load_settings(tmp_path)
    assert loaded.problem is None and loaded.settings == Settings(sound=False, volume=35)


def test_a_file_from_before_the_volume_loads_cleanly_at_80(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_text(CHANGED.replace("volume: 35\n", ""))
    loaded = load_settings(tmp_path)
    assert loaded.problem is None and loaded.kept_path is None
    assert loaded.settings == Settings(sound=False, left_hand=True, volume=80)


@pytest.mark.parametrize("bad", ["150", "-5", "loud", "true", "42.5"])
def test_a_bad_volume_is_reported_and_only_it_is_reset(tmp_path: Path, bad: str) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(CHANGED.replace("volume: 35", f"volume: {bad}"))
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings(sound=False, left_hand=True, volume=80)  # the others stay
    assert loaded.problem is not None
    assert f"{path}:8:9: volume must be a whole number from 0 to 100, got '{bad}'" in loaded.problem
    assert "volume is back to the default" in loaded.problem
    assert loaded.kept_path is not None and "kept aside" in loaded.problem
    assert load_settings(tmp_path).problem is None  # written back clean


@pytest.mark.parametrize(("volume", "up", "down"), [(80, 90, 70), (37, 40, 30), (0, 10, 0), (100, 100, 90)])
def test_steps_go_to_the_next_multiple_of_10(volume: int, up: int, down: int) -> None:
    assert (stepped(volume, 1), stepped(volume, -1)) == (up, down)


def test_audio_scales_effects_and_music_by_the_master_volume(tmp_path: Path) -> None:
    audio = Audio(sounds_dir(), "classic")
    audio.set_volume(150)
    assert audio.volume == 100
    audio.set_volume(-3)
    assert audio.volume == 0
    audio.set_volume(50)
    assert audio.volume == 50
    if not audio.available:
        pytest.skip("no mixer even with the dummy driver")
    audio.play("button_click", volume=0.8)
    sound = audio._sounds["button_click"]
    assert sound is not None and sound.get_volume() == pytest.approx(0.4, abs=0.01)
    audio.set_volume(25)  # an effect already loaded follows at once
    assert sound.get_volume() == pytest.approx(0.2, abs=0.01)


def test_the_remembered_volume_is_applied_at_start(riches, tmp_path: Path) -> None:  # noqa: ANN001
    save_settings(tmp_path, Settings(volume=30))
    app = App(riches, AppOptions(size=SMALL, seed=2, headless=True, data_dir=tmp_path))
    app.start()
    assert app.ctx.audio.volume == 30
    if app.ctx.audio._music_playing:
        assert pygame.mixer.music.get_volume() == pytest.approx(MUSIC_LEVEL * 0.3, abs=0.01)


def test_right_on_the_volume_row_raises_it_by_10_and_saves(riches, tmp_path: Path) -> None:  # noqa: ANN001
    app, scene = open_settings(riches, tmp_path)
    assert app.ctx.settings.volume == 80
    app.press([Press(Button.DOWN), Press(Button.DOWN)])
    assert scene.cursor == VOLUME_ROW
    app.press([Press(Button.RIGHT)])
    assert app.ctx.settings.volume == 90
    assert load_settings(tmp_path).settings.volume == 90  # saved at once
    assert app.ctx.audio.volume == 90  # applied at once
    if app.ctx.audio._music_playing:
        assert pygame.mixer.music.get_volume() == pytest.approx(MUSIC_LEVEL * 0.9, abs=0.01)
    app.press([Press(Button.RIGHT), Press(Button.RIGHT)])
    assert app.ctx.settings.volume == 100  # stops at the top
    app.press([Press(Button.LEFT)] * 3)
    assert app.ctx.settings.volume == 70 and scene.cursor == VOLUME_ROW
    assert load_settings(tmp_path).settings.volume == 70


def test_minus_and_plus_change_it_from_any_row(riches, tmp_path: Path) -> None:  # noqa: ANN001
    app, scene = open_settings(riches, tmp_path)
    assert scene.cursor == 0
    bet = app.session.bet
    app.press([Press(Button.BET_MINUS), Press(Button.BET_MINUS)])
    assert app.ctx.settings.volume == 60 and scene.cursor == VOLUME_ROW
    app.press([Press(Button.BET_PLUS)])
    assert app.ctx.settings.volume == 70 and app.ctx.audio.volume == 70
    assert app.stack.top is scene  # still open: -/+ never reached the paused game's bet
    assert app.session.bet == bet  # the paused game's bet is untouched
    app.press([Press(Button.UP), Press(Button.LEFT)])  # off the volume row LEFT/RIGHT move the cursor again
    assert scene.cursor == VOLUME_ROW - 2 and app.ctx.settings.volume == 70


def test_a_tap_on_the_bar_sets_the_volume_by_position(riches, tmp_path: Path) -> None:  # noqa: ANN001
    app, scene = open_settings(riches, tmp_path)
    bar = slider_bar(scene.boxes()[VOLUME_ROW])
    middle = bar.y + bar.h // 2
    tap(app, (bar.x, middle))  # the left end
    assert app.ctx.settings.volume <= 2 and app.ctx.audio.volume == app.ctx.settings.volume
    assert load_settings(tmp_path).settings.volume == app.ctx.settings.volume
    tap(app, (bar.x + bar.w * 3 // 4, middle))
    assert app.ctx.settings.volume == pytest.approx(75, abs=2)
    tap(app, (bar.right + 2, middle))  # just past the right end: the knob's overhang, full volume
    assert app.ctx.settings.volume == 100
    row = scene.boxes()[VOLUME_ROW]
    tap(app, (row.x + 5, middle))  # on the label: selects the row, volume unchanged
    assert app.ctx.settings.volume == 100 and scene.cursor == VOLUME_ROW
