"""The ``cabinet`` command line.

Each subcommand lives in ``cabinet/commands/<name>.py`` with ``add_arguments(parser)``
and ``run(args) -> int``; modules are imported only when their command runs, so the
math commands never start pygame. Every error is one line on stderr and a non-zero
exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .errors import CabinetError
from .paths import use_game_home

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("cabinet.commands.play", "open the cabinet window on a game (or run it headless)"),
    "shot": ("cabinet.commands.shot", "render one moment of a game to a PNG, headless"),
    "gallery": ("cabinet.commands.gallery", "render every screen of a game to PNGs and a contact sheet, headless"),
    "check": ("cabinet.commands.check", "validate game definitions"),
    "eval": ("cabinet.commands.eval", "what a given screen pays"),
    "par": ("cabinet.commands.par", "exact RTP from the reel strips"),
    "simulate": ("cabinet.commands.simulate", "simulate many rounds and report the statistics"),
    "tune": ("cabinet.commands.tune", "bring a game's exact RTP to a target; writes a tuned copy of its YAML"),
    "diff": ("cabinet.commands.diff", "what changed between two versions of a game: its math and its YAML keys"),
    "feel": ("cabinet.commands.feel", "seconds per round, spins per hour, waits and dry spells, on the screen's timeline"),
    "bench": ("cabinet.commands.bench", "benchmarks that print numbers"),
    "kiosk": ("cabinet.commands.kiosk", "unattended fullscreen kiosk"),
}


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Values that start with a minus and a digit are values, not options: argparse
        # reads "--stops -1,0,0,0,0" as a missing argument otherwise (its own pattern only
        # knows plain numbers). No option of ours looks like "-1".
        self._negative_number_matcher = re.compile(r"^-\d")

    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every other error
        raise CabinetError(f"{self.prog}: {message}")


def one_line(exc: CabinetError) -> str:
    """The error as one line: a definition with several problems names the first and how
    many more there are (``cabinet check`` lists every one, each as file:LINE:COL)."""
    text = str(exc)
    lines = [line for line in text.splitlines() if line.strip()] or [exc.__class__.__name__]
    if len(lines) > 1:
        issues = getattr(exc, "issues", None)
        more = len(lines) - 1
        hint = f"; cabinet check {issues[0].path} lists them all" if issues else ""
        text = f"{lines[0]} (and {more} more problem{'s' if more > 1 else ''}{hint})"
    return text if text.startswith("cabinet") else f"cabinet: error: {text}"


def build_parser(available: dict[str, object]) -> argparse.ArgumentParser:
    parser = _Parser(prog="cabinet", description="Slot Cabinet: a slot-cabinet emulator.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, module in available.items():
        _, help_text = COMMANDS[name]
        p = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(p)  # type: ignore[attr-defined]
    return parser


def _load(name: str) -> object | None:
    try:
        return importlib.import_module(COMMANDS[name][0])
    except ModuleNotFoundError as exc:
        if exc.name == COMMANDS[name][0]:
            return None  # a command not built yet
        raise


def take_game_folders(argv: list[str]) -> list[str]:
    """Set this run's owner game folders (``paths.use_game_folders``): every ``--games DIR``,
    taken out of argv (an option of every command), then ``<data-dir>/games`` (the command's
    ``--data-dir`` or the default data dir). Returns argv without the ``--games`` options."""
    from pathlib import Path

    from .paths import default_data_dir, use_game_folders

    rest: list[str] = []
    folders: list[Path] = []
    data_dir: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--games" or item == "--data-dir":
            value = next(items, None)
            if value is None and item == "--games":
                raise CabinetError("--games needs a folder of game files")
            if value is None:  # the command's own parser says what is missing
                rest.append(item)
                continue
            if item == "--games":
                if not Path(value).is_dir():
                    raise CabinetError(f"--games {value}: no such folder")
                folders.append(Path(value))
                continue
            data_dir = value
            rest += [item, value]
            continue
        if item.startswith("--games="):
            value = item.split("=", 1)[1]
            if not Path(value).is_dir():
                raise CabinetError(f"--games {value}: no such folder")
            folders.append(Path(value))
            continue
        if item.startswith("--data-dir="):
            data_dir = item.split("=", 1)[1]
        rest.append(item)
    folders.append((Path(data_dir) if data_dir else default_data_dir()) / "games")
    use_game_folders(folders)
    return rest


def _game_file(args: argparse.Namespace) -> str | None:
    """The first game the command was given as a file path (a theme beside it is then found
    without CABINET_HOME), or None."""
    for value in (getattr(args, "game", None), *(getattr(args, "paths", None) or ()), getattr(args, "a", None)):
        if isinstance(value, str) and value.endswith((".yaml", ".yml")):
            return value
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv = take_game_folders(argv)
        wanted = argv[0] if argv and argv[0] in COMMANDS else None
        if wanted is None and (not argv or argv[0].startswith("-")) and "-h" not in argv and "--help" not in argv:
            argv = ["play", *argv]  # plain `cabinet` opens the window on the default game
            wanted = "play"
        names = [wanted] if wanted else list(COMMANDS)
        available = {n: m for n in names if (m := _load(n)) is not None}
        if wanted and wanted not in available:
            raise CabinetError(f"cabinet: the '{wanted}' command is not available in this build")
        parser = build_parser(available)
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help()
            return 0
        use_game_home(_game_file(args))
        return int(available[args.command].run(args) or 0)  # type: ignore[attr-defined]
    except CabinetError as exc:
        print(one_line(exc), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("cabinet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print("cabinet: error: out of memory", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug still ends in one line, not a traceback
        if os.environ.get("CABINET_TRACEBACK"):
            raise
        detail = " ".join(str(exc).split()) or "no details"
        print(
            f"cabinet: internal error: {exc.__class__.__name__}: {detail} "
            "(set CABINET_TRACEBACK=1 to see where)",
            file=sys.stderr,
        )
        return 70
    finally:
        use_game_home(None)  # the next command (a test's) starts from the usual places


if __name__ == "__main__":
    sys.exit(main())
