"""``cabinet simulate GAME --spins N --seed S [--workers K] [--json] [--report FILE.png]``.

Round ``i`` is ``play_round`` with seed ``derive_seed(S, i)``; the report (RTP with its
95% confidence interval, sigma, volatility index, hit rate, features, max win and the
seed that replays it) is identical for any worker count. A progress bar is drawn on
stderr only when stderr is a terminal. ``--report`` also draws the math report (win
distribution and RTP convergence against the exact par) to a PNG, headless.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from ..core.bet import Bet, default_bet, is_allowed
from ..core.definition import Definition
from ..core.money import format_money, parse_money
from ..core.simulate import MAX_SPINS, SimReport
from ..errors import CabinetError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument("--spins", type=int, default=1_000_000, help="rounds to play (default: 1,000,000)")
    p.add_argument("--seed", type=int, default=1, help="master seed, 0..2^64-1 (default: 1)")
    p.add_argument(
        "--workers", type=int, default=1, help="worker processes (the result does not depend on it)"
    )
    p.add_argument("--lines", type=int, default=0, help="lines played (default: the game's default bet)")
    p.add_argument("--coins-per-line", type=int, default=0, help="coins per line / bet level")
    p.add_argument("--coin-value", default="", help="coin value in currency, e.g. 0.05")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--report", default="", metavar="FILE.png",
                   help="also draw the math report (win distribution, RTP convergence) to this PNG")
    p.add_argument("--report-size", default="1600x1000", metavar="WxH",
                   help="pixel size of the report (default: 1600x1000)")


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game
    from ..core.simulate import simulate

    if args.spins <= 0:
        raise CabinetError(f"--spins must be a positive number of rounds, got {args.spins}")
    if args.spins > MAX_SPINS:  # refused before anything is built for it
        raise CabinetError(f"--spins must be at most {MAX_SPINS:,}, got {args.spins:,}")
    if args.seed < 0 or args.seed >= 1 << 64:
        raise CabinetError(f"--seed must be from 0 to 2^64-1, got {args.seed}")
    if args.workers < 1:
        raise CabinetError(f"--workers must be at least 1, got {args.workers}")
    report_to = _report_target(args)
    defn = load_game(args.game)
    bet = _bet(defn, args)
    progress = _progress_bar(defn.id) if sys.stderr.isatty() else None
    try:
        report = simulate(defn, args.spins, args.seed, workers=args.workers, bet=bet, progress=progress)
    except ValueError as exc:
        raise CabinetError(str(exc)) from exc
    finally:
        if progress is not None:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(render(report, defn.name, defn.bet.currency))
    if report_to is not None:
        path, size = report_to
        _draw_report(defn, report, path, size)
        if not args.json:
            print(f"report            {path}")
    return 0


def _report_target(args: argparse.Namespace) -> tuple[Path, tuple[int, int]] | None:
    """The report's path and size, checked before the simulation runs (fail fast)."""
    if not args.report:
        return None
    path = Path(args.report)
    if path.suffix.lower() != ".png":
        raise CabinetError(f"--report must name a .png file, got {args.report}")
    if not path.parent.is_dir():
        raise CabinetError(f"--report: no such directory: {path.parent}")
    try:
        w, h = (int(v) for v in args.report_size.lower().split("x"))
    except ValueError:
        raise CabinetError(f"--report-size must be WIDTHxHEIGHT, e.g. 1600x1000, got {args.report_size}") from None
    if not (640 <= w <= 8000 and 400 <= h <= 8000):
        raise CabinetError(f"--report-size must be from 640x400 to 8000x8000, got {args.report_size}")
    return path, (w, h)


def _draw_report(defn: Definition, report: SimReport, path: Path, size: tuple[int, int]) -> None:
    from ..core.par import par
    from ..presentation.report import report_data, save_report  # pygame only when asked for

    par_rtp: Fraction | None = None
    note = ""
    try:
        exact = par(defn, report.bet)
    except ValueError as exc:  # a game too large for the exact tables: the report says n/a
        note = f"par not computed: {exc}"
    else:
        par_rtp = exact.total_rtp
        if par_rtp is not None:
            parts = [f"base {float(exact.base_rtp) * 100:.4f}%"]
            parts += [f"{fs.name.replace('_', ' ')} {float(fs.rtp) * 100:.4f}%" for fs in exact.free_spins
                      if fs.rtp is not None]
            note = "par = " + " + ".join(parts)
    b = report.bet
    label = (
        f"{format_money(b.total, defn.bet.currency, defn.bet.minor_units)} "
        f"({b.lines} lines x {b.coins_per_line} coin{'s' if b.coins_per_line > 1 else ''} x "
        f"{format_money(b.coin_value, defn.bet.currency, defn.bet.minor_units)})"
    )
    data = report_data(report, defn.name, label, par_rtp, note)
    try:
        save_report(data, path, size)
    except OSError as exc:
        raise CabinetError(f"--report: cannot write {path}: {exc}") from exc


def _bet(defn, args: argparse.Namespace) -> Bet:  # type: ignore[no-untyped-def]
    bet = default_bet(defn)
    try:
        coin_value = parse_money(args.coin_value, defn.bet.minor_units) if args.coin_value else bet.coin_value
    except ValueError as exc:
        raise CabinetError(f"--coin-value: {exc}") from exc
    chosen = Bet(args.lines or bet.lines, args.coins_per_line or bet.coins_per_line, coin_value)
    if not is_allowed(defn, chosen):
        raise CabinetError(
            f"{defn.name} does not allow the bet {chosen.lines} lines x "
            f"{chosen.coins_per_line} coins x {args.coin_value or coin_value}"
        )
    return chosen


def _progress_bar(game: str) -> Callable[[int, int], None]:
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        rate = done / max(time.perf_counter() - started, 1e-9)
        sys.stderr.write(
            f"\rsimulating {game} [{'#' * filled}{'.' * (width - filled)}] {100 * done // total:3d}%"
            f"  {done:,}/{total:,}  {rate:,.0f} rounds/s"
        )
        sys.stderr.flush()

    return show


def render(r: SimReport, name: str, currency: str) -> str:
    lo, hi = r.rtp_ci95
    bet = format_money(r.bet_total, currency, r.minor_units)
    lines = [
        f"{name} ({r.game}): {r.spins:,} round{'' if r.spins == 1 else 's'}, seed {r.seed}, bet {bet}",
        f"RTP               {float(r.rtp) * 100:.4f}%   95% CI [{lo * 100:.4f}%, {hi * 100:.4f}%]",
        f"sigma per round   {r.sigma:.4f} x bet   volatility index {r.volatility_index:.3f} (1.96 x sigma)",
        f"hit rate          {float(r.hit_rate) * 100:.4f}%"
        + (f"  (1 in {float(1 / r.hit_rate):.2f})" if r.hit_rate else ""),
        f"max win           {float(r.max_win_x):,.2f} x bet  (seed {r.max_win_seed}, round {r.tally.max_index})",
    ]
    for feature, stats in r.features().items():
        one_in = f"1 in {stats['one_in']:,.1f} rounds" if stats["one_in"] else "never"
        lines.append(
            f"feature {feature}: {one_in} ({stats['rate'] * 100:.4f}%), RTP {stats['rtp'] * 100:.4f}%"
        )
    return "\n".join(lines)
