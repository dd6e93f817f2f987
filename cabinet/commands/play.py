"""``cabinet play GAME``: the cabinet window, or a headless scripted session.

Headless: ``--script FILE`` is a YAML list of ``{frame: 120, press: SPIN}`` (at a frame)
or ``{press: SPIN}`` (paced: when the cabinet is idle; ``repeat: N``) entries, with
optional ``index`` for list items and ``pos: [x, y]`` for a tap (``cabinet/headless.py``
documents both, and how a paced script resumes after a kill). The run stops after
``--frames N`` or, without it, when the script is done and no round is in play, and
prints one JSON line with integers of the minor unit: credits, rounds, total bet and
won, currency, and every accounting meter (``meters``).

Money lives in the data folder (``--data-dir``, else the user's data folder for a
window; a headless run without one keeps everything in memory): the journal, the
critical store, history and settings. ``--credits AMOUNT`` is the demo balance a new
data folder starts with and what ADD CREDITS tops up by (default 500 of the currency).
"""

from __future__ import annotations

import argparse
import json
import os
import re
from pathlib import Path
from typing import Any

from cabinet.errors import CabinetError
from cabinet.machine.buttons import Press
from cabinet.paths import DEFAULT_GAME, default_data_dir

from .mode_args import add_mode_arguments, played

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries JSON or one line

def parse_size(text: str) -> tuple[int, int]:
    from cabinet.presentation.layout import size_problem

    match = re.fullmatch(r"\s*(-?\d{1,9})\s*[xX]\s*(-?\d{1,9})\s*", text)
    if match is None:
        raise CabinetError(f"--size: expected WIDTHxHEIGHT such as 1920x1080, got {text!r}")
    w, h = int(match[1]), int(match[2])
    problem = size_problem((w, h))
    if problem:
        raise CabinetError(f"--size: {problem}")
    return w, h


def parse_seed(text: str) -> int:
    try:
        seed = int(text, 0)
    except ValueError:
        raise CabinetError(f"--seed: expected an integer, got {text!r}") from None
    if not 0 <= seed < 2**64:
        raise CabinetError("--seed: a seed is an integer from 0 to 2^64-1")
    return seed


def parse_round_seed(text: str) -> int:
    try:
        return parse_seed(text)
    except CabinetError as exc:
        raise CabinetError(str(exc).replace("--seed", "--round", 1)) from None


def parse_bet(text: str, defn: Any) -> Any:
    """``LINESxCOINSxCOIN_VALUE`` (``20x1x0.05``) as a bet the game allows."""
    from cabinet.core.bet import is_allowed, parse_bet_text

    try:
        bet = parse_bet_text(text, defn.bet.minor_units)
    except ValueError as exc:
        raise CabinetError(f"--bet: {exc}") from None
    if not is_allowed(defn, bet):
        raise CabinetError(f"--bet: {defn.name} does not allow {text}")
    return bet


def add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help="a game name in games/ or a YAML path")
    p.add_argument("--size", type=parse_size, help="window size WxH (default: fits the screen)")
    p.add_argument("--left-hand", action="store_true", default=None, help="controls on the left")
    p.add_argument("--seed", type=parse_seed, help="make every round of the session reproducible")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--fullscreen", action="store_true", help="fill the screen")
    p.add_argument("--data-dir", type=Path,
                   help="where the journal, credits, meters, history and settings are kept")
    p.add_argument("--credits", metavar="AMOUNT",
                   help="demo balance for a new data folder, and what ADD CREDITS adds: a plain amount such as "
                        "200 or 50.00, at most 1000000")
    p.add_argument("--fast", action="store_true",
                   help="headless: 4x game time per frame, one frame in 4 drawn (paced scripts only)")
    p.add_argument("--headless", action="store_true", help="no window: run a script and print the result")
    p.add_argument("--script", type=Path, help="headless: YAML list of {frame: N, press: BUTTON}")
    p.add_argument("--frames", type=int, help="headless: stop after this many frames")
    p.add_argument("--designer", action="store_true",
                   help="designer mode: scenarios on F1-F9, speed keys [ ] \\ P ., overlay on F12, "
                        "top rounds on T (with --top-rounds)")
    p.add_argument("--watch", action="store_true",
                   help="reload the game's YAML, sprites and sounds when they change (implies --designer)")
    p.add_argument("--round", type=parse_round_seed, metavar="SEED",
                   help="replay the round of this seed first (e.g. a top win of cabinet simulate), marked FORCED; "
                        "without --data-dir on an in-memory demo balance")
    p.add_argument("--top-rounds", type=Path, metavar="FILE",
                   help="designer mode (implied): T lists the largest rounds of a simulation saved with "
                        "cabinet simulate GAME --top K --json > FILE; choosing one replays it at its bet, FORCED")
    p.add_argument("--bet", metavar="LINESxCOINSxVALUE",
                   help="with --round: the bet it was played at, e.g. 20x1x0.05 (default: the game's default bet)")
    p.set_defaults(game=None)  # no game given: the lobby when games/ has two or more (cabinet/kiosk/launch.py)
    add_mode_arguments(p)


def load_script(path: Path) -> dict[int, list[Press]]:
    """Frame number -> presses of a frame-timed script (``cabinet.headless.load_entries`` reads both kinds)."""
    from cabinet.headless import frame_script, load_entries

    return frame_script(load_entries(path)[0])


def parse_credits(text: str, minor_units: int) -> int:
    """A plain decimal (``200``, ``50.00``) up to ``core.limits.MAX_CREDITS_MAJOR`` of the currency."""
    from cabinet.core.limits import parse_credits as parse_amount
    from cabinet.core.money import MoneyError

    try:
        return parse_amount(text, minor_units)
    except MoneyError as exc:
        raise CabinetError(f"--credits: {exc}") from None


def run(args: argparse.Namespace) -> int:
    from cabinet.app import App, AppOptions, prefer_plain_framebuffer
    from cabinet.core.loader import load_game, resolve_game
    from cabinet.kiosk.launch import default_game, run_lobby

    prefer_plain_framebuffer()  # before the lobby or the game opens the window
    game = args.game if args.game is not None else default_game(args.headless)
    designer = args.designer or args.watch or args.top_rounds is not None
    if game is None and args.top_rounds is not None:
        raise CabinetError("--top-rounds needs the game it was simulated on: cabinet play GAME --top-rounds FILE")
    if game is None:  # plain `cabinet`: the lobby; each game opened from it gets these options
        return run_lobby(AppOptions(size=args.size, fullscreen=args.fullscreen, left_hand=args.left_hand,
                                    seed=args.seed, data_dir=args.data_dir or default_data_dir(),
                                    designer=designer), watch=args.watch)
    defn = load_game(game)
    played(defn, args)  # a --mode / --rtp-variant the game does not have is refused here, by name
    if args.bet is not None and args.round is None:
        raise CabinetError("--bet needs --round (the bet of the replayed round)")
    forced_round = None
    if args.round is not None:
        from cabinet.core.bet import default_bet

        forced_round = (args.round, parse_bet(args.bet, defn) if args.bet else default_bet(defn))
    top_rounds = None
    if args.top_rounds is not None:
        from cabinet.designer.top_rounds import load_top_rounds

        top_rounds = load_top_rounds(args.top_rounds, defn)
    watch = resolve_game(game) if args.watch else None
    if not args.headless and (args.script or args.frames is not None):
        raise CabinetError("--script and --frames need --headless")
    if args.frames is not None and args.frames < 0:
        raise CabinetError("--frames must not be negative")
    if args.fast and not args.headless:
        raise CabinetError("--fast needs --headless")
    from cabinet.headless import ScriptRunner, load_entries

    entries, script_id = load_entries(args.script) if args.script else ([], "")
    if args.fast and any(e.frame is not None for e in entries):
        raise CabinetError("--fast changes what a frame number means: use paced entries ({press: SPIN})")
    credits = parse_credits(args.credits, defn.bet.minor_units) if args.credits is not None else None
    # A replayed round is a demo: it stays out of the player's data folder unless one is named.
    in_memory = args.headless or forced_round is not None
    data_dir = args.data_dir if args.data_dir or in_memory else default_data_dir()
    options = AppOptions(size=args.size, fullscreen=args.fullscreen, left_hand=args.left_hand, seed=args.seed,
                         data_dir=data_dir, headless=args.headless, designer=designer,
                         watch=watch, start_credits=credits, forced_round=forced_round, top_rounds=top_rounds,
                         mode=args.mode or "base",
                         rtp_variants=((defn.id, args.rtp_variant),) if args.rtp_variant else ())
    app = App(defn, options)
    if not args.headless:
        return app.run()
    app.start()
    ScriptRunner(app, entries, script_id, data_dir, args.frames, args.fast).run()
    assert app.session is not None
    totals = {**app.session.totals(), "meters": app.session.meters.to_dict()}
    print(json.dumps(totals, sort_keys=True))
    return 0
