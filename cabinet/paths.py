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


APP_DIR_NAME = "slot-cabinet"


def legacy_data_dir() -> Path:
    """Where cabinets before platformdirs kept their data: XDG_DATA_HOME, else ~/.local/share."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR_NAME


def default_data_dir() -> Path:
    """The user's data folder, used unless --data-dir is given.

    The platform's own place (platformdirs: XDG on Linux, Application Support on macOS,
    %LOCALAPPDATA% on Windows). A folder an earlier cabinet made in the old Linux-style place
    is kept in use, so an existing kiosk's credits and history stay where they are."""
    legacy = legacy_data_dir()
    if legacy.is_dir():
        return legacy
    try:
        import platformdirs
    except ImportError:  # an install from before the dependency: the old place still works
        return legacy
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False, roaming=False))


DEFAULT_GAME = "retro-reels-diamond-glitz"  # the first complete game (issue 5)
