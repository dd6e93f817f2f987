"""What plain ``cabinet`` (``cabinet play`` without a game) opens: the lobby when
``games/`` holds two or more games and there is a window, with the default game
(``paths.DEFAULT_GAME``, Retro Reels Diamond Glitz) highlighted so one SPIN / ENTER / A
plays it; else the one game (headless runs: the default game)."""

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
    # plain `cabinet` with several games: the lobby (issue 7), the default game (issue 5) highlighted,
    # so one SPIN / ENTER / A opens it
    shell = Shell(entries, options, ShellOptions(lobby=len(entries) > 1, watch=watch, preselect=DEFAULT_GAME))
    return shell.run()
