"""``cabinet check [PATH...]``: validate game definitions and list every problem.

With no PATH, every ``games/*.yaml`` is checked. A PATH may also be a game's name
(``classic``). Exit status 0 when every file is valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.definition import Definition
from ..errors import CabinetError
from ..paths import games_dir


@dataclass
class FileReport:
    path: str
    definition: Definition | None = None
    issues: list[tuple[int, int, str]] = field(default_factory=list)  # (line, column, message); 0, 0: no position
    failure: str = ""  # a one-line problem that has no position (e.g. the file cannot be read)

    @property
    def ok(self) -> bool:
        return self.definition is not None

    def to_dict(self) -> dict[str, Any]:
        issues = [{"line": line, "column": column, "message": message} for line, column, message in self.issues]
        return {"path": self.path, "ok": self.ok, "issues": issues}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH", help="definition files or game names (default: games/*.yaml)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def _display(path: Path) -> str:
    """A short path for messages: relative to the current folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _targets(names: list[str]) -> list[str]:
    if names:
        return names
    folder = games_dir()
    found = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not found:
        raise CabinetError(f"no game definitions (*.yaml) in {folder}")
    return [_display(p) for p in found]


def check_file(name: str) -> FileReport:
    """Load one file (or game name) and report what is wrong with it, if anything."""
    from ..core.loader import DefinitionError, load_definition, resolve_game

    report = FileReport(name)
    try:
        path = resolve_game(name)
        if str(path) != name and not Path(name).is_file():
            report.path = _display(path)  # a game name: show the file it stands for
        report.definition = load_definition(report.path)
    except DefinitionError as exc:
        report.issues = [(i.line, i.column, i.message) for i in exc.issues]
    except CabinetError as exc:
        report.failure = str(exc)
        report.issues = [(0, 0, str(exc))]
    return report


def _summary(defn: Definition) -> str:
    g = defn.grid
    return f"{defn.name}: {g.reels}x{g.rows}, {len(defn.lines)} lines, {len(defn.symbols)} symbols"


def run(args: argparse.Namespace) -> int:
    reports = [check_file(name) for name in _targets(list(args.paths))]
    if args.json:
        print(json.dumps({"files": [r.to_dict() for r in reports]}, indent=2))
    else:
        for r in reports:
            if r.definition is not None:
                print(f"ok {r.path} ({_summary(r.definition)})")
            elif r.failure:
                print(r.failure if r.path in r.failure else f"{r.path}: {r.failure}")
            else:
                for line, column, message in r.issues:
                    print(f"{r.path}:{line}:{column}: {message}")
    return 0 if all(r.ok for r in reports) else 1
