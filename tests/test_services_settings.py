"""Remembered settings: defaults, round trip, bad files kept aside with file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.services.settings import (
    SETTING_NAMES,
    SETTINGS_NAME,
    Settings,
    load_settings,
    save_settings,
)

GOOD = """\
# Slot Cabinet settings, written by the cabinet. Switches are true or false; volume is 0 to 100.
format: 1
sound: true
music: true
left_hand: false
vibrate: true
intro_screen: true
spacebar_spins: true
volume: 80
"""


def test_defaults_are_on_except_left_hand(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path)
    assert loaded.problem is None
    assert loaded.settings == Settings(sound=True, music=True, left_hand=False, vibrate=True,
                                       intro_screen=True, spacebar_spins=True, volume=80)  # fmt: skip


def test_save_writes_every_key_and_loads_back(tmp_path: Path) -> None:
    path = save_settings(tmp_path, Settings())
    assert path.read_text() == GOOD
    changed = Settings(sound=False, left_hand=True, spacebar_spins=False)
    save_settings(tmp_path, changed)
    assert load_settings(tmp_path).settings == changed
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_NAME]


def test_autoplay_is_not_remembered() -> None:
    assert not any("auto" in name for name in SETTING_NAMES)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("music: true", "music: [true"), "settings.yaml:5:10: not valid YAML: expected ',' or ']'"),
        (GOOD.replace("vibrate: true", "vibrate: maybe"), "settings.yaml:6:10: vibrate must be true or false, got 'maybe'"),
        (GOOD.replace("vibrate: true", "vibrate: 1"), "settings.yaml:6:10: vibrate must be true or false"),
        (GOOD.replace("sound: true", "sound: true\nloudness: true"), "settings.yaml:4:1: unknown setting 'loudness'"),
        (GOOD.replace("sound: true", "sound: true\nsound: false"), "settings.yaml:4:1: 'sound' is given twice"),
        (GOOD.replace("format: 1", "format: 2"), "settings.yaml:2:9: written in settings format 2 by a newer cabinet"),
        (GOOD[: GOOD.index("vibrate")], "incomplete (truncated or edited?): missing vibrate, intro_screen, spacebar_spins"),
        ("", "the file is empty"),
        ("- sound\n- music\n", "settings.yaml:1:1: expected 'name: value' lines"),
    ],
    ids=["yaml-error", "not-bool", "int", "unknown", "duplicate", "newer", "truncated", "empty", "list"],
)
def test_a_bad_file_is_named_kept_aside_and_defaults_used(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(text)
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.problem is not None and message in loaded.problem, loaded.problem
    assert str(path) in loaded.problem and "kept aside" in loaded.problem
    assert loaded.kept_path is not None and loaded.kept_path.read_text() == text
    again = load_settings(tmp_path)  # the settings in use were written back: the next start is clean
    assert again.problem is None and again.settings == loaded.settings


CHANGED = GOOD.replace("sound: true", "sound: false").replace("left_hand: false", "left_hand: true")


@pytest.mark.parametrize(
    ("text", "message", "reset"),
    [
        (CHANGED.replace("vibrate: true", "vibrate: maybe"), "settings.yaml:6:10: vibrate must be true or false",
         "vibrate is back to the default"),
        (CHANGED[: CHANGED.index("vibrate")], "missing vibrate, intro_screen, spacebar_spins",
         "vibrate, intro_screen, spacebar_spins, volume are back to the default"),
        (CHANGED.replace("music: true", "music: true\nloudness: 11"), "unknown setting 'loudness'",
         "every valid setting was kept"),
    ],
    ids=["hand-edited", "truncated", "unknown-key"],
)
def test_a_damaged_file_keeps_every_setting_that_is_valid(tmp_path: Path, text: str, message: str,
                                                         reset: str) -> None:
    """The cabinet starts on what is valid: a left-handed player whose file lost one line
    keeps left-hand mode (and sound off); only what could not be read goes back to default."""
    (tmp_path / SETTINGS_NAME).write_text(text)
    loaded = load_settings(tmp_path)
    assert loaded.settings.left_hand and not loaded.settings.sound
    assert loaded.problem is not None and message in loaded.problem and reset in loaded.problem, loaded.problem
    assert loaded.kept_valid[:3] == ("sound", "music", "left_hand")
    assert loaded.kept_path is not None and loaded.kept_path.read_text() == text
    assert load_settings(tmp_path).settings == loaded.settings  # remembered from now on


def test_yaml_syntax_error_reports_line_and_column(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_text("format: 1\nsound: true\n  music: : x\n")
    loaded = load_settings(tmp_path)
    assert loaded.problem is not None
    assert f"{tmp_path / SETTINGS_NAME}:3:" in loaded.problem and "not valid YAML" in loaded.problem
