"""Where the cabinet finds its content and writes its files.

The shipped content (games/, sprites/, sounds/) is found by one function, ``content_dir``,
the same whether the cabinet runs from a checkout (an editable install: the folders at the
repository's top) or from an installed wheel or sdist (the build maps the same folders into
``cabinet/content/``, pyproject's ``force-include``). ``$CABINET_HOME`` overrides both for
a designer working in a folder of their own.

An owner adds games without touching the install: every ``*.yaml`` in ``<data-dir>/games/``
and in each ``--games DIR`` is offered beside the shipped ones (``game_folders``).

A command given a game file finds content in that file's home first (the folder holding its
games/ folder, or its own folder, when that has a sprites/ folder); then the current folder
when it has games/ beside cabinet/ or sprites/. The files every game shares (sprites/common/,
sounds/common/) come from the cabinet itself when a home has none (``shared_folder``).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CONTENT = ("games", "sprites", "sounds")
INSTALLED_CONTENT = PACKAGE_DIR / "content"  # where the wheel carries the three folders

# Folders of the owner's own games, in the order they are searched before the shipped ones:
# ``--games DIR`` (any number) and the data dir's ``games/`` (cli.main sets them).
_extra_game_folders: list[Path] = []

SHARED = "common"  # the folder of sprites/ and sounds/ every game shares

_game_home: list[Path] = []  # the home of the game file the running command was given (none or one)


def project_root() -> Path:
    """The folder that holds games/, sprites/ and sounds/ (see ``content_dir``)."""
    env = os.environ.get("CABINET_HOME")
    if env:
        return Path(env)
    if _game_home:
        return _game_home[0]
    cwd = Path.cwd()
    if (cwd / "games").is_dir() and ((cwd / "cabinet").is_dir() or (cwd / "sprites").is_dir()):
        return cwd  # a checkout's root, or a designer's home: its own content, whichever cabinet runs
    return own_content()


def own_content() -> Path:
    """The cabinet's own content: the wheel's ``cabinet/content/``, else the checkout beside the package."""
    if (INSTALLED_CONTENT / "games").is_dir():
        return INSTALLED_CONTENT
    return PACKAGE_DIR.parent


def content_dir(kind: str) -> Path:
    """The shipped ``games``, ``sprites`` or ``sounds`` folder, from a checkout or a wheel."""
    if kind not in CONTENT:
        raise ValueError(f"no content folder {kind!r} (one of {', '.join(CONTENT)})")
    return project_root() / kind


def game_home(game: str | Path | None) -> Path | None:
    """The home a game file sits in, when it has a sprites/ folder: the folder that holds the
    file's games/ folder (HOME/games/abyss.yaml), else the file's own folder (abyss.yaml beside
    sprites/). None for a game name, or a file without one."""
    if game is None:
        return None
    path = Path(game)
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        return None
    folder = path.resolve().parent
    for home in ((folder.parent,) if folder.name == "games" else ()) + (folder,):
        if (home / "sprites").is_dir():
            return home
    return None


def use_game_home(game: str | Path | None) -> None:
    """Find content in the home of ``game`` (a file path) for the rest of the command, unless
    CABINET_HOME says where it is; None forgets it."""
    home = None if os.environ.get("CABINET_HOME") else game_home(game)
    _game_home[:] = [home] if home is not None else []


def where_content_is() -> str:
    """Which rule chose the content folder, in words, for messages about missing themes."""
    root = project_root()
    if os.environ.get("CABINET_HOME"):
        why = "CABINET_HOME"
    elif _game_home:
        why = "the game file's home: the folder that holds its games/ folder, or its own folder"
    elif root != own_content():
        why = "the current folder, which has games/"
    else:
        why = ("the cabinet's own; a theme of yours is found with CABINET_HOME=HOME, or beside the game: "
               "HOME/games/ID.yaml or HOME/ID.yaml with HOME/sprites/THEME/theme.yaml")
    return f"themes are looked for in {root / 'sprites'} ({why})"


def shared_folder(root: Path, kind: str) -> Path:
    """``root/common`` (root: a sprites/ or sounds/ folder; kind: "sprites" or "sounds") when it is
    there, else the cabinet's own: a home made by ``python -m cabinet.assets --theme T --out HOME``
    holds only its theme, and still has every button, effect and sound."""
    own = root / SHARED
    if own.is_dir():
        return own
    bundled = own_content() / kind / SHARED
    return bundled if bundled.is_dir() else own


def games_dir() -> Path:
    return content_dir("games")


def sprites_dir() -> Path:
    return content_dir("sprites")


def sounds_dir() -> Path:
    return content_dir("sounds")


def use_game_folders(folders: list[Path]) -> None:
    """The owner's game folders for this run, searched before the shipped games (cli.main)."""
    _extra_game_folders[:] = [Path(f) for f in folders]


def game_folders() -> list[Path]:
    """Every folder a game is looked up in: the owner's (``--games``, ``<data-dir>/games``)
    first, so an owner's edited copy of a shipped game is the one offered, then the shipped one."""
    folders = [*_extra_game_folders, games_dir()]
    return list(dict.fromkeys(folders))


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
