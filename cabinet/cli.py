"""The ``cabinet`` command line.

Each subcommand lives in ``cabinet/commands/<name>.py`` with ``add_arguments(parser)``
and ``run(args) -> int``; modules are imported only when their command runs, so the
math commands never start pygame. Every error is one line on stderr and a non-zero
exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .errors import CabinetError

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("cabinet.commands.play", "open the cabinet window on a game (or run it headless)"),
    "shot": ("cabinet.commands.shot", "render one moment of a game to a PNG, headless"),
    "check": ("cabinet.commands.check", "validate game definitions"),
    "eval": ("cabinet.commands.eval", "what a given screen pays"),
    "par": ("cabinet.commands.par", "exact RTP from the reel strips"),
    "simulate": ("cabinet.commands.simulate", "simulate many rounds and report the statistics"),
    "bench": ("cabinet.commands.bench", "benchmarks that print numbers"),
    "kiosk": ("cabinet.commands.kiosk", "unattended fullscreen kiosk"),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other error
        raise CabinetError(f"{self.prog}: {message}")


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


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
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
        return int(available[args.command].run(args) or 0)  # type: ignore[attr-defined]
    except CabinetError as exc:
        print(str(exc) if str(exc).startswith("cabinet") else f"cabinet: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("cabinet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
