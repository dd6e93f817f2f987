"""``cabinet par GAME [--json] [--exact-only]``: the RTP of a game from its reel strips.

Line and scatter RTP, the RTP of each paying symbol, the exact hit rate, the free
spins (trigger odds by count, expected spins with retriggers, value per spin), and
what every other feature block adds. Each figure is marked: exact (a Fraction printed
as a decimal) or an estimate (mean, 95% interval, samples, seed: from runs of the
block itself). A total is exact only when all its parts are; ``--exact-only`` fails
(exit 2, one line) on any estimate. See ``cabinet/core/par.py`` for the method.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ..core.bet import Bet, default_bet
from ..core.par import ParReport
from ..core.value import Exact, Value
from ..errors import CabinetError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument(
        "--lines", type=int, default=0, help="lines played for the hit rate (default: the default bet's)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object (decimal strings)")
    p.add_argument(
        "--exact-only", action="store_true", help="fail (exit 2) if any figure is an estimate rather than exact"
    )
    p.add_argument("--samples", type=int, default=0, help="runs per estimated figure (default: par's)")
    p.add_argument("--seed", type=int, default=None, help="seed of the estimates (default: par's)")


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game
    from ..core.par import DEFAULT_SAMPLES, DEFAULT_SEED, par

    defn = load_game(args.game)
    bet = default_bet(defn)
    if args.lines:
        if not 1 <= args.lines <= len(defn.lines):
            raise CabinetError(f"--lines must be 1..{len(defn.lines)}, got {args.lines}")
        bet = Bet(args.lines, bet.coins_per_line, bet.coin_value)
    samples = getattr(args, "samples", 0) or DEFAULT_SAMPLES
    if samples < 2:
        raise CabinetError(f"--samples must be at least 2, got {samples}")
    seed = DEFAULT_SEED if getattr(args, "seed", None) is None else args.seed
    report = par(defn, bet, samples=samples, seed=seed)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(render(report))
    if getattr(args, "exact_only", False) and not report.exact:
        raise CabinetError(f"{defn.id}: not every figure is exact: {', '.join(report.estimates()) or 'hit rate'}")
    return 0


def fixed(value: Fraction, places: int) -> str:
    """An exact Fraction as a decimal with exactly ``places`` decimals (rounded half-even)."""
    scaled = Fraction(value) * 10**places
    whole = round(scaled)  # Fraction rounding is exact, half to even
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def pct(value: Fraction | None, places: int = 6) -> str:
    return "n/a" if value is None else fixed(value * 100, places) + "%"


def one_in(p: Fraction | None) -> str:
    return "never" if not p else f"1 in {float(1 / p):,.2f}"


def value_text(v: Value | None) -> str:
    if v is None:
        return "unknown"
    if isinstance(v, Exact):
        return f"{pct(v.value)} (exact)"
    lo, hi = v.ci95
    return (f"{pct(v.mean_value)} (estimate: 95% {lo * 100:.6f}%..{hi * 100:.6f}%, {v.samples:,} samples, "
            f"seed {v.seed})")


def render(r: ParReport) -> str:
    kind = "exact" if r.exact else "exact where possible, estimates marked"
    out = [
        f"{r.name} ({r.game}): PAR from the reel strips ({kind})",
        f"base game RTP    {pct(r.base_rtp)}",
        f"  line pays      {pct(r.line_rtp)}",
        f"  scatter pays   {pct(r.scatter_rtp)}",
        f"hit rate         {pct(r.hit_rate)}  ({one_in(r.hit_rate)}, {r.lines} lines)",
        "RTP per symbol:",
    ]
    width = max((len(s) for s in r.symbols), default=4)
    for sid, value in r.symbols.items():
        out.append(f"  {sid:<{width}}  {pct(value):>12}")
    for fs in r.free_spins:
        out.append(f"free spins '{fs.name}': triggered {one_in(fs.trigger_rate)} base spins")
        for count, p in fs.trigger_probability.items():
            out.append(f"  {count} symbols: {one_in(p)} -> {fs.awards[count]} spins")
        spins = "never ends" if fs.expected_spins is None else fixed(fs.expected_spins, 4)
        out.append(
            f"  expected spins   {spins} (award {fixed(fs.expected_award, 4)}, "
            f"retriggers add {fixed(fs.added_per_spin, 4)} per spin)"
        )
        out.append(f"  value per spin   {fixed(fs.spin_value, 6)} x bet")
        out.append(f"  RTP              {value_text(fs.value)}")
    if r.free_spins:
        out.append(f"free spins RTP   {pct(r.free_spins_rtp)}")
    for part in r.parts:
        if part.name in {fs.name for fs in r.free_spins}:
            continue
        out.append(f"feature '{part.name}': RTP {value_text(part.rtp)}")
        for key, value in part.figures.items():
            out.append(f"  {key:<16} {value_text(value)}")
    published = f"  (published: {pct(r.published_rtp, 4)})" if r.published_rtp else ""
    out.append(f"total RTP        {value_text(r.total)}{published}")
    out.extend(f"note: {note}" for note in r.notes)
    return "\n".join(out)
