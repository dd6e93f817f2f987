"""``python -m cabinet.assets [--theme NAME] [--only sprites|sounds] [--out DIR]``: regenerate the assets."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0


def main(argv: list[str] | None = None) -> int:
    from ..errors import CabinetError
    from ..paths import project_root
    from .build import build, default_workers
    from .themes import theme_names

    parser = argparse.ArgumentParser(prog="python -m cabinet.assets", description=__doc__)
    parser.add_argument("--theme", help="only this theme: the folder sprites/THEME/ with its theme.yaml, in --out "
                        f"or the project ({', '.join(theme_names())}); skips the common sprites and sounds")
    parser.add_argument("--only", choices=("sprites", "sounds"), help="only sprites or only sounds")
    parser.add_argument("--out", type=Path, default=None, help="write DIR/sprites and DIR/sounds (default: the project)")
    parser.add_argument("--jobs", type=int, default=default_workers(), help="worker processes (default 2)")
    args = parser.parse_args(argv)
    out = args.out or project_root()
    try:
        seconds = build(out, args.theme, args.only, args.jobs)
    except CabinetError as exc:  # a theme without theme.yaml, or one with mistakes (file:line:col each)
        print(f"python -m cabinet.assets: {exc}", file=sys.stderr)
        return 1
    sprites, sounds = _size(out / "sprites"), _size(out / "sounds")
    print(f"generated in {seconds:.1f} s: sprites/ {sprites / 1e6:.1f} MB, sounds/ {sounds / 1e6:.1f} MB, "
          f"total {(sprites + sounds) / 1e6:.1f} MB under {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
