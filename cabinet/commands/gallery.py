"""``cabinet gallery GAME --out DIR``: every screen of a game as PNGs, and a contact sheet.

The moments are those of ``cabinet.designer.gallery.MOMENTS`` (idle, spinning, each win
tier, the feature's intro / play / outro, the panels, history, attract, the lobby,
left-hand, portrait, 1280x720), rendered headless with a fixed seed, so two runs write
the same pixels. ``DIR/contact-sheet.png`` shows them all on one page.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from pathlib import Path
from typing import Any

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
    p.add_argument("--look", action="store_true",
                   help="also follow where every string lands and name each two that cross (text over text); "
                        "exit status 1 when any do")


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
    look: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if args.look:
        from cabinet.designer.text_boxes import following_text

        look = following_text()
    with look:
        gallery = build_gallery(defn, size=args.size, seed=seed, only=only)
    for name, surface in gallery.shots:
        save(args.out / f"{name}.png", surface, f"{defn.name} {name}")
    save(args.out / CONTACT_SHEET, contact_sheet(gallery), f"{defn.name}: {len(gallery.shots)} screens")
    for line in gallery.missing:
        print(f"cabinet: notice: {defn.name}: {line}")
    return text_over_text(defn.name, gallery.shots) if args.look else 0


def text_over_text(game: str, shots: list[tuple[str, Any]]) -> int:
    """Print every two strings that cross on each picture (``--look``); 1 when any do."""
    from cabinet.designer.text_boxes import overlaps

    crossings = [(name, pair) for name, surface in shots for pair in overlaps(getattr(surface, "boxes", []))]
    for name, (a, b) in crossings:
        print(f"cabinet: look: {game} {name}: text over text: {a!r} crosses {b!r}")
    print(f"cabinet: look: {game}: {len(crossings)} crossing(s) of text over {len(shots)} screens")
    return 1 if crossings else 0
