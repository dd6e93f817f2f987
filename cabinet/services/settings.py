"""Remembered player settings: sound, music, left-hand mode, vibration, intro screen,
spacebar-to-spin, and the master volume (a whole number 0-100).

They live in ``<data dir>/settings.yaml``, written atomically with every key, so a
file that lacks one was truncated or hand-edited. A file with a problem is reported in
one clear message naming the file (with line:column where YAML gives one) and kept
aside, and the cabinet starts on what is valid: with a wrong value, an unknown,
repeated or missing key, every setting that did read correctly is kept and only the
others take their defaults; with broken YAML or a newer format nothing can be trusted
and all take their defaults. The settings in use are then written back, so the next
start is clean. A settings file must never stop a cabinet. The exception to "every key":
a setting added after format 1 (``volume``) may be missing, because cabinets before it
wrote complete files without it; it then takes its default silently.

Autoplay settings are deliberately NOT here: the rule sheets say they return to their
defaults when the game is reloaded.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import yaml

from .atomic import Clock, keep_aside, utc_now, write_text_atomic

SETTINGS_FORMAT = 1
SETTINGS_NAME = "settings.yaml"


@dataclass(frozen=True)
class Settings:
    sound: bool = True
    music: bool = True
    left_hand: bool = False  # mirror the button panel for left-handed players
    vibrate: bool = True
    intro_screen: bool = True
    spacebar_spins: bool = True
    volume: int = 80  # master volume in percent, scales every effect and the music


SETTING_NAMES = tuple(f.name for f in fields(Settings))
# Settings that came after format 1: a file without them predates them, it is not truncated.
ADDED_LATER = ("volume",)
VOLUME_RANGE = (0, 100)


@dataclass(frozen=True)
class SettingsLoad:
    settings: Settings
    problem: str | None = None  # the message to show, when the file was set aside
    kept_path: Path | None = None
    kept_valid: tuple[str, ...] = ()  # with a problem: the settings that still came from the file


class _SettingsError(ValueError):
    pass


def _where(path: Path, node: yaml.Node) -> str:
    mark = node.start_mark
    return f"{path}:{mark.line + 1}:{mark.column + 1}"


def parse_settings(text: str, path: Path) -> Settings:
    """Read settings text strictly; _SettingsError carries a ``file:line:col: message``."""
    values, problems = read_settings(text, path)
    if problems:
        raise _SettingsError(problems[0])
    return Settings(**values)


def read_settings(text: str, path: Path) -> tuple[dict[str, Any], list[str]]:
    """The settings that read correctly (name -> value) and every problem found.

    Raises _SettingsError when nothing in the file can be trusted (broken YAML, not a
    mapping, empty, or a newer format whose keys may mean something else)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise _SettingsError(f"{where}: not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise _SettingsError(f"{path}: not valid YAML: {exc}") from None
    if root is None:
        raise _SettingsError(f"{path}: the file is empty")
    if not isinstance(root, yaml.MappingNode):
        raise _SettingsError(f"{_where(path, root)}: expected 'name: value' lines")
    constructed = yaml.safe_load(text)  # composed fine above, so this cannot fail
    values: dict[str, Any] = {}  # each value checked against its field by _value_problem
    problems: list[str] = []
    fmt_seen = False
    seen: set[str] = set()
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if not isinstance(key, str) or key_node.tag != "tag:yaml.org,2002:str":
            problems.append(f"{_where(path, key_node)}: a setting name must be plain text")
            continue
        if key in seen:
            problems.append(f"{_where(path, key_node)}: '{key}' is given twice")
            values.pop(key, None)  # which one was meant is anyone's guess: the default it is
            continue
        seen.add(key)
        value = constructed[key]
        if key == "format":
            fmt_seen = True
            if isinstance(value, bool) or not isinstance(value, int):
                raise _SettingsError(f"{_where(path, value_node)}: format must be a whole number")
            if value > SETTINGS_FORMAT:
                raise _SettingsError(
                    f"{_where(path, value_node)}: written in settings format {value} by a newer cabinet; "
                    f"this one reads format {SETTINGS_FORMAT}"
                )
        elif key in SETTING_NAMES:
            problem = _value_problem(key, value)
            if problem:
                shown = value_node.value if isinstance(value_node, yaml.ScalarNode) else "a list or map"
                problems.append(f"{_where(path, value_node)}: {key} {problem}, got {shown!r}")
                continue
            values[key] = value
        else:
            problems.append(
                f"{_where(path, key_node)}: unknown setting '{key}' (known: {', '.join(SETTING_NAMES)})"
            )
    missing = ([] if fmt_seen else ["format"]) + [
        name for name in SETTING_NAMES if name not in seen and name not in ADDED_LATER
    ]
    if missing:
        problems.append(f"{path}: incomplete (truncated or edited?): missing {', '.join(missing)}")
    return values, problems


def _value_problem(key: str, value: object) -> str | None:
    """What is wrong with a setting's value (None when it is fine)."""
    if key == "volume":
        low, high = VOLUME_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"must be a whole number from {low} to {high}"
        return None
    return None if isinstance(value, bool) else "must be true or false"


def _value_text(value: bool | int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def settings_text(settings: Settings) -> str:
    lines = [
        "# Slot Cabinet settings, written by the cabinet. Switches are true or false; volume is 0 to 100.",
        f"format: {SETTINGS_FORMAT}",
    ]
    lines += [f"{name}: {_value_text(value)}" for name, value in asdict(settings).items()]
    return "\n".join(lines) + "\n"


def load_settings(folder: Path, clock: Clock = utc_now) -> SettingsLoad:
    """The remembered settings; with a problem, the file is kept aside, a message says what
    happened, and the cabinet goes on with what was valid (see the module doc)."""
    path = Path(folder) / SETTINGS_NAME
    if not path.exists():
        return SettingsLoad(Settings())
    settings = Settings()
    kept_valid: list[str] = []
    try:
        text = path.read_bytes().decode("utf-8")
        values, problems = read_settings(text, path)
        settings = Settings(**values)
        if not problems:
            return SettingsLoad(settings)
        message = "; ".join(problems)
        kept_valid = [name for name in SETTING_NAMES if name in values]
    except UnicodeDecodeError:
        message = f"{path}: not UTF-8 text"
    except _SettingsError as exc:
        message = str(exc)
    except RecursionError:
        message = f"{path}: not a settings file (nested too deeply)"
    except OSError as exc:  # a folder where the file should be, a disk error
        message = f"{path}: cannot be read ({exc.strerror or exc})"
    try:
        kept = keep_aside(path, message, clock)
    except OSError as exc:  # cannot move it either: play on with what read correctly, leave the file be
        return SettingsLoad(settings, f"{message}. It cannot be kept aside ({exc.strerror or exc}); "
                                      "the settings that read correctly are used.", None, ())
    try:
        save_settings(folder, settings)  # the next start reads a clean file with the settings in use
    except OSError:
        pass  # still playable; the message below is what matters
    reset = [name for name in SETTING_NAMES if name not in kept_valid]
    if kept_valid:
        outcome = (f"the valid settings were kept; {', '.join(reset)} {'is' if len(reset) == 1 else 'are'} "
                   "back to the default") if reset else "every valid setting was kept"
    else:
        outcome = "defaults are used"
    return SettingsLoad(settings, f"{message}. The file was kept aside as {kept.name}; {outcome}.", kept,
                        tuple(kept_valid))


def save_settings(folder: Path, settings: Settings) -> Path:
    path = Path(folder) / SETTINGS_NAME
    write_text_atomic(path, settings_text(settings))
    return path
