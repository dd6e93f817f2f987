"""Player settings remembered between runs: ``<data-dir>/settings.yaml``.

Written through a temporary file and a rename, so a power cut leaves either the old
file or the new one. A damaged file is set aside (never deleted) and the defaults
are used, with one warning.
"""

from __future__ import annotations

import os
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import yaml

SETTINGS_FILE = "settings.yaml"


@dataclass
class Settings:
    sound: bool = True
    music: bool = True
    left_hand: bool = False
    vibrate: bool = True
    spacebar_spins: bool = True
    intro: bool = True


def load_settings(data_dir: Path) -> Settings:
    path = data_dir / SETTINGS_FILE
    if not path.exists():
        return Settings()
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(raw, dict):
            raise ValueError("not a mapping")
        known = {f.name for f in fields(Settings)}
        values = {k: bool(v) for k, v in raw.items() if k in known and isinstance(v, bool)}
        return Settings(**values)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        aside = path.with_suffix(".yaml.damaged")
        try:
            path.replace(aside)
        except OSError:
            aside = path
        print(f"cabinet: warning: {path}: unreadable settings ({exc}); kept as {aside}, using defaults",
              file=sys.stderr)
        return Settings()


def save_settings(data_dir: Path, settings: Settings) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / SETTINGS_FILE
    tmp = path.with_name(f".{SETTINGS_FILE}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        yaml.safe_dump(asdict(settings), fh, sort_keys=True)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
