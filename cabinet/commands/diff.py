"""``cabinet diff A.yaml B.yaml`` or ``cabinet diff GAME --against GIT_REV`` [``--out FILE.png``].

Two versions of a game side by side: total RTP, per symbol and per feature, hit rate,
volatility, each feature's odds and the largest win, every figure tagged exact or
estimate, with the change; then the YAML keys that changed (``core/version_diff.py``).
``--against REV`` compares the game file as it was at a git revision (``git show
REV:path``) with the file as it is now. ``--out`` draws the same as a PNG report.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from ..errors import CabinetError
from .mode_args import add_mode_arguments, played


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("a", help="the first version: a .yaml path or a game id (with --against: the game)")
    p.add_argument("b", nargs="?", default="", help="the second version (not with --against)")
    p.add_argument("--against", default="", metavar="GIT_REV",
                   help="compare the game file at this git revision (e.g. HEAD~3) with the file as it is now")
    p.add_argument("--rounds", type=int, default=0,
                   help="rounds simulated per version for volatility and max win (default 100,000)")
    p.add_argument("--changed-only", action="store_true", help="print only the figures that moved")
    p.add_argument("--out", default="", metavar="FILE.png", help="also draw the diff as a PNG report")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_mode_arguments(p)


def at_revision(path: Path, rev: str) -> str:
    """The text of ``path`` at git revision ``rev`` (one line of error if git cannot say)."""
    folder = path.resolve().parent
    try:
        top = subprocess.run(["git", "-C", str(folder), "rev-parse", "--show-toplevel"], capture_output=True,
                             text=True, timeout=30, check=True).stdout.strip()
        relative = path.resolve().relative_to(Path(top).resolve()).as_posix()
        shown = subprocess.run(["git", "-C", top, "show", f"{rev}:{relative}"], capture_output=True, text=True,
                               timeout=30)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        raise CabinetError(f"--against: {path} is not in a git work tree ({exc})") from None
    if shown.returncode != 0:
        reason = " ".join(shown.stderr.split()) or "git show failed"
        raise CabinetError(f"--against {rev}: {reason}")
    return shown.stdout


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_definition_text, resolve_game
    from ..core.version_diff import DEFAULT_ROUNDS, render, version_diff

    rounds = args.rounds or DEFAULT_ROUNDS
    if rounds < 100:
        raise CabinetError(f"--rounds must be at least 100, got {rounds}")
    if args.against:
        if args.b:
            raise CabinetError("give either two files or one game with --against, not both")
        b_path = Path(resolve_game(args.a))
        a_text, a_name = at_revision(b_path, args.against), f"{b_path.name}@{args.against}"
        a_source = f"{b_path}@{args.against}"
        b_text, b_name = b_path.read_text(encoding="utf-8-sig"), b_path.name
    else:
        if not args.b:
            raise CabinetError("cabinet diff needs two game files (or one game and --against GIT_REV)")
        a_path, b_path = Path(resolve_game(args.a)), Path(resolve_game(args.b))
        a_text, b_text = a_path.read_text(encoding="utf-8-sig"), b_path.read_text(encoding="utf-8-sig")
        a_name, b_name, a_source = str(args.a), str(args.b), str(a_path)
        if a_name == b_name:
            a_name, b_name = str(a_path), str(b_path)
    a = played(load_definition_text(a_text, a_source), args)  # both sides in the --mode of the --rtp-variant
    b = played(load_definition_text(b_text, str(b_path)), args)
    diff = version_diff(a, a_text, b, b_text, a_name=a_name, b_name=b_name, rounds=rounds)
    if args.out:
        from ..presentation.diff_report import save_diff_report

        try:
            save_diff_report(diff, args.out)
        except OSError as exc:
            raise CabinetError(f"cannot write {args.out}: {exc}") from None
    if args.json:
        print(json.dumps(diff.to_dict(), indent=2))
    else:
        print(render(diff, changed_only=args.changed_only))
        if args.out:
            print(f"wrote {args.out}")
    return 0
