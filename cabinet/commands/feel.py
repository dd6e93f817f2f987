"""``cabinet feel GAME [--speed slow|normal|fast|turbo] [--rounds N] [--seed S] [--json] [--report FILE.png]``.

Plays rounds headless on the window's own timeline (a simulated clock, no window; see
``cabinet/designer/feel.py``) and reports seconds per round (median, p90; base rounds
and rounds with a feature), spins per hour, the wait for a feature, the dry spells
between wins of 1x the bet or more, each feature's frequency and length, and for a tumbling
game its tumbles per spin and the time a tumble sequence takes on screen.
``--report`` draws the math report (a simulation of ``--report-spins`` rounds) with the
feel figures as a second row of tiles.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import CabinetError
from .mode_args import add_mode_arguments, played


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..designer.feel import DEFAULT_ROUNDS, SPEED_NAMES

    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument("--speed", choices=list(SPEED_NAMES), default="normal",
                   help="the window's speed: slow 0.5x, normal 1x, fast 2x, turbo 4x (default normal)")
    p.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help=f"rounds to play (default {DEFAULT_ROUNDS})")
    p.add_argument("--seed", type=int, default=1, help="the session's seed (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--report", default="", metavar="FILE.png",
                   help="also draw the math report with the feel figures to this PNG")
    p.add_argument("--report-spins", type=int, default=100_000,
                   help="rounds simulated for the report's distribution and convergence (default 100,000)")
    add_mode_arguments(p)


def feel_tiles(r) -> tuple[tuple[str, str, str], ...]:  # noqa: ANN001 - a FeelReport
    """The report's second row: (label, value, note) per figure."""
    wait = "n/a" if r.wait_median_seconds is None else f"{r.wait_median_seconds:.0f} s"
    tiles = [
        (f"SECONDS PER ROUND ({r.speed.upper()})", f"{r.median_seconds:.2f} s",
         f"p90 {r.p90_seconds:.2f} s; base {r.base_median_seconds:.2f} s, feature {r.feature_median_seconds:.1f} s"),
        ("SPINS PER HOUR", f"{r.spins_per_hour:,.0f}", f"{r.rounds:,} rounds on the window's timeline"),
        ("WAIT FOR A FEATURE", wait,
         "median; p90 " + ("n/a" if r.wait_p90_seconds is None else f"{r.wait_p90_seconds:.0f} s")),
        ("DRY SPELL (BASE SPINS)", f"{r.dry_spell_p90:.0f}",
         f"p90; p50 {r.dry_spell_p50:.0f}, p99 {r.dry_spell_p99:.0f}, longest {r.longest_dry_spell}"),
    ]
    if r.tumbles_per_spin is not None:
        tiles.append(("TUMBLES PER SPIN", f"{r.tumbles_per_spin:.2f}",
                      f"{r.tumbling_share:.0%} of spins tumble; a sequence takes {r.sequence_median_seconds:.1f} s "
                      f"(median), p90 {r.sequence_p90_seconds:.1f} s"))
    for f in r.features:
        # its "HOW OFTEN" tile in the first row counts the report's simulated rounds; this one the feel's
        tiles.append((f"{f.name.replace('_', ' ').upper()}: HOW LONG", f"{f.mean_seconds:.1f} s",
                      f"mean length; started {f.rounds} times in {r.rounds:,} rounds (1 in {f.one_in:,.1f})"))
    return tuple(tiles)


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game
    from ..designer.feel import play, render

    if args.rounds < 1:
        raise CabinetError(f"--rounds must be at least 1, got {args.rounds}")
    if args.report and args.report_spins < 1000:
        raise CabinetError(f"--report-spins must be at least 1000, got {args.report_spins}")
    defn = played(load_game(args.game), args)  # the --mode of the --rtp-variant
    show = sys.stderr.isatty() and not args.json

    def progress(done: int) -> None:
        if show and (done % 25 == 0 or done == args.rounds):
            print(f"\r  {done}/{args.rounds} rounds", end="" if done < args.rounds else "\n", file=sys.stderr)

    report = play(defn, rounds=args.rounds, speed=args.speed, seed=args.seed, on_round=progress)
    if args.report:
        _draw(defn, report, Path(args.report), args.report_spins)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(render(report))
        if args.report:
            print(f"report              {args.report}")
    return 0


def _draw(defn, feel, path: Path, spins: int) -> None:  # noqa: ANN001 - a Definition, a FeelReport
    import dataclasses

    from ..core.bet import default_bet
    from ..core.mode_par import par_of_resolved
    from ..core.par import par
    from ..core.simulate import simulate
    from ..presentation.report import report_data, save_report

    bet = default_bet(defn)
    sim = simulate(defn, spins, feel.seed, bet=bet)
    total = par_of_resolved(defn, bet).total_rtp if defn.resolved or defn.max_win_x else par(defn, bet).total_rtp
    label = f"{bet.total / 10 ** defn.bet.minor_units:.2f} {defn.bet.currency}"
    data = dataclasses.replace(report_data(sim, defn.name, label, total), feel=feel_tiles(feel))
    try:
        save_report(data, path)
    except OSError as exc:
        raise CabinetError(f"cannot write {path}: {exc}") from None
