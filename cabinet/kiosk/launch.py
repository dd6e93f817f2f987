"""What plain ``cabinet`` (``cabinet play`` without a game) opens: the lobby when
``games/`` holds two or more games and there is a window, else the one game."""

from __future__ import annotations

import sys
from typing import Any

from cabinet.paths import DEFAULT_GAME

from .catalog import game_files, load_entries


def default_game(headless: bool) -> str | None:
    """None: show the lobby; else the game to play."""
    files = game_files()
    if len(files) >= 2 and not headless:
        return None
    if len(files) == 1:
        return str(files[0])
    return DEFAULT_GAME


def run_lobby(options: Any, watch: bool = False) -> int:
    """The lobby in a window (``options``: the ``AppOptions`` every opened game gets; ``watch``:
    each game reloads its own files)."""
    from .shell import Shell, ShellOptions

    entries, problems = load_entries()
    for problem in problems:
        print(f"cabinet: warning: {problem}", file=sys.stderr)
    shell = Shell(entries, options, ShellOptions(lobby=len(entries) > 1, watch=watch))
    return shell.run()
