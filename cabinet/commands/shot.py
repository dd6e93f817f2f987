"""``cabinet shot GAME --out FILE.png``: one moment of a game, rendered headless.

``--at idle`` (before any spin), ``spinning`` (reels at speed), ``stopped`` (reels just
landed), ``win`` (the first winning round from the seed, mid-presentation; the losing
rounds before it are played without animation so the meters stay true).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from cabinet.errors import CabinetError

from .play import add_common

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries JSON or one line

MOMENTS = ("idle", "spinning", "stopped", "win")
MAX_SEARCH = 5000  # rounds tried for a win
DEFAULT_SHOT_SEED = 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--out", type=Path, required=True, help="the PNG to write")
    p.add_argument("--at", choices=MOMENTS, default="idle", help="which moment to render")
    p.add_argument("--lobby", action="store_true", help="the lobby of every game instead of one game")
    p.add_argument("--overlay", action="store_true",
                   help="designer overlay on, after --rounds rounds played without animation")
    p.add_argument("--rounds", type=int, default=200, help="with --overlay: rounds played first (default 200)")
    p.add_argument("--scenario", type=int, help="designer mode: play scenario N (1-based) and stop mid-feature")
    p.add_argument("--spin", type=int, default=1, metavar="K",
                   help="with --scenario: stop on free spin K (1-based; default 1) once it has landed or, with "
                        "--at spinning, while it spins")
    p.add_argument("--top-rounds", type=Path, metavar="FILE",
                   help="designer mode: the list of a simulation's largest rounds (cabinet simulate ... --json) open")


def first_winning_round(defn, seed: int) -> int:  # noqa: ANN001 - a Definition
    from cabinet.core.bet import default_bet
    from cabinet.core.rng import derive_seed
    from cabinet.core.round import RoundRequest, play_round

    bet = default_bet(defn)
    for i in range(MAX_SEARCH):
        if play_round(defn, RoundRequest(bet, derive_seed(seed, i))).total_win > 0:
            return i
    raise CabinetError(f"no winning round in the first {MAX_SEARCH} rounds of seed {seed}")


def render(app, at: str):  # noqa: ANN001, ANN201 - an App; returns the surface to save
    """Drive a started headless app to the moment ``at`` and return what to save."""
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.win import WinScene

    base = app.base
    if at == "idle":
        app.run_frames(2)
        return app.screen
    if at == "win":
        session = app.session
        for _ in range(first_winning_round(app.defn, session.seed)):
            session.begin_round()
            session.finish_round()
    app.press([Press(Button.SPIN)])
    if at == "spinning":
        app.run_frames(30)
        return app.screen
    if at == "stopped":
        for _ in range(1200):
            app.run_frames(1)
            if base.reels.landing_scheduled and base.reels.all_stopped:
                break
        base.draw(app.screen)  # the reels alone, before any win is shown over them
        return app.screen
    for _ in range(3600):
        app.run_frames(1)
        scenes = [s for s in app.stack if isinstance(s, WinScene)]
        if any((s.phase == "cycle" and s.cycle_t > 0.3) or (s.tier and s.t > 1.6) for s in scenes):
            break
    return app.screen


def run(args: argparse.Namespace) -> int:

    from cabinet.app import App, AppOptions, use_dummy_drivers
    from cabinet.core.loader import load_game
    from cabinet.designer import shots

    prepare_out(args.out)  # before any rendering: a bad path is a one-line user error, at once
    use_dummy_drivers()
    if args.lobby:
        surface = shots.render_lobby(args.size or (1280, 720))
        return save(args.out, surface, "the lobby")
    defn = load_game(args.game)
    seed = DEFAULT_SHOT_SEED if args.seed is None else args.seed
    designer = args.overlay or args.scenario is not None or args.top_rounds is not None
    top_rounds = None
    if args.top_rounds is not None:
        from cabinet.designer.top_rounds import load_top_rounds

        top_rounds = load_top_rounds(args.top_rounds, defn)
    app = App(defn, AppOptions(size=args.size, left_hand=bool(args.left_hand), seed=seed, headless=True,
                               designer=designer, top_rounds=top_rounds))
    app.start()
    if args.overlay:
        shots.play_quietly(app, max(0, args.rounds))
        app.designer.overlay = True
        app.designer.theory.wait(app.defn, app.session.bet)
        if app.designer.live is not None:  # the live par's figures and the scenarios' odds, as a designer sees them
            app.run_frames(1)
            app.designer.live.wait()
    if args.scenario is not None:
        shots.play_scenario(app, args.scenario, at="" if args.at == "idle" else args.at, spin=args.spin)
        surface = app.screen
    else:
        surface = render(app, args.at)
    if args.top_rounds is not None:
        app.designer.toggle_top_rounds()
        app.run_frames(1)
    if designer:
        app.draw()  # the overlay and tags over the moment
    what = f"{defn.name} scenario {args.scenario}" if args.scenario is not None else f"{defn.name} at {args.at}"
    what += f", free spin {args.spin}" if args.scenario is not None and args.spin != 1 else ""
    what += " with its top rounds" if args.top_rounds is not None else ""
    return save(args.out, surface, what + (" with the designer overlay" if args.overlay else ""))


def prepare_out(out: Path) -> None:
    """Make ``out``'s folder and make sure a PNG can be written there (exit 2 if not)."""
    if out.is_dir():
        raise CabinetError(f"--out {out}: is a folder; give a file name such as {out / 'shot.png'}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CabinetError(f"--out {out}: cannot create the folder {out.parent} ({_reason(exc)})") from None
    if not os.access(out.parent, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise CabinetError(f"--out {out}: cannot write there (permission denied)")


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def save(out: Path, surface, what: str) -> int:  # noqa: ANN001 - a pygame Surface
    import pygame

    prepare_out(out)
    try:
        pygame.image.save(surface, str(out))
    except OSError as exc:  # a full disk, a folder removed meanwhile
        raise CabinetError(f"--out {out}: cannot write the PNG ({_reason(exc)})") from None
    except pygame.error as exc:
        raise CabinetError(f"--out {out}: cannot write the PNG ({exc})") from None
    print(f"{out}: {surface.get_width()}x{surface.get_height()} {what}")
    return 0
