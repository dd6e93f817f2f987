"""``cabinet gallery GAME --out DIR``: every screen of a game as PNGs, and a contact sheet.

The moments are those of ``cabinet.designer.gallery.MOMENTS`` (idle, spinning, each win
tier, the feature's intro / play / outro, the panels, history, attract, the lobby,
left-hand, portrait, 1280x720), rendered headless with a fixed seed, so two runs write
the same pixels. ``DIR/contact-sheet.png`` shows them all on one page.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from cabinet.errors import CabinetError

from .shot import DEFAULT_SHOT_SEED, save

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CONTACT_SHEET = "contact-sheet.png"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from .play import DEFAULT_GAME, parse_seed, parse_size

    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help="a game name in games/ or a YAML path")
    p.add_argument("--out", type=Path, required=True, help="the folder to write the PNGs to")
    p.add_argument("--size", type=parse_size, default=(1280, 720),
                   help="landscape size WxH of the pictures (default 1280x720; portrait is it turned)")
    p.add_argument("--seed", type=parse_seed, help="the session's seed (default 1)")
    p.add_argument("--operator", action="store_true",
                   help="the operator menu's pages instead of a game's screens (tests/gallery/operator/)")
    p.add_argument("--only", help="comma-separated moment names to write (default: all of them; the moments "
                        "before them are still played, since each follows from the last)")


def prepare_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise CabinetError(f"--out {out}: is a file; give a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CabinetError(f"--out {out}: cannot create the folder ({exc.strerror or exc})") from None
    if not os.access(out, os.W_OK):
        raise CabinetError(f"--out {out}: cannot write there (permission denied)")


def run(args: argparse.Namespace) -> int:
    from cabinet.core.loader import load_game
    from cabinet.designer.gallery import MOMENTS, build_gallery, contact_sheet
    from cabinet.presentation.layout import is_portrait

    only = None
    if args.only:
        only = frozenset(name.strip() for name in args.only.split(",") if name.strip())
        from cabinet.designer.operator_gallery import OPERATOR_MOMENTS

        unknown = sorted(only - set(OPERATOR_MOMENTS if args.operator else MOMENTS))
        if unknown:
            raise CabinetError(f"--only: no moment called {', '.join(unknown)} (moments: {', '.join(MOMENTS)})")
    if is_portrait(args.size):
        raise CabinetError(f"--size {args.size[0]}x{args.size[1]}: give a landscape size (portrait is made from it)")
    prepare_folder(args.out)
    if args.operator:
        from cabinet.designer.operator_gallery import build_operator_gallery

        pages = build_operator_gallery(size=args.size, seed=1 if args.seed is None else args.seed)
        for name, surface in pages.shots:
            if only is None or name in only:
                save(args.out / f"{name}.png", surface, f"operator menu {name}")
        save(args.out / CONTACT_SHEET, contact_sheet(pages), f"operator menu: {len(pages.shots)} pages")
        return 0
    defn = load_game(args.game)
    seed = DEFAULT_SHOT_SEED if args.seed is None else args.seed
    gallery = build_gallery(defn, size=args.size, seed=seed, only=only)
    for name, surface in gallery.shots:
        save(args.out / f"{name}.png", surface, f"{defn.name} {name}")
    save(args.out / CONTACT_SHEET, contact_sheet(gallery), f"{defn.name}: {len(gallery.shots)} screens")
    for line in gallery.missing:
        print(f"cabinet: notice: {defn.name}: {line}")
    return 0
