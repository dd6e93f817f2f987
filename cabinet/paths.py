"""Where the cabinet finds its content and writes its files.

Content (games/, sprites/, sounds/) is looked up in $CABINET_HOME, then in the
current folder, then beside the package (a source checkout or editable install).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def project_root() -> Path:
    env = os.environ.get("CABINET_HOME")
    if env:
        return Path(env)
    cwd = Path.cwd()
    if (cwd / "games").is_dir() and (cwd / "cabinet").is_dir():
        return cwd
    return PACKAGE_DIR.parent


def games_dir() -> Path:
    return project_root() / "games"


def sprites_dir() -> Path:
    return project_root() / "sprites"


def sounds_dir() -> Path:
    return project_root() / "sounds"


def default_data_dir() -> Path:
    """The user's data folder (XDG on Linux), used unless --data-dir is given."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "slot-cabinet"


DEFAULT_GAME = "retro-reels-diamond-glitz"  # the first complete game (issue 5)
