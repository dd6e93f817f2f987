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
    p.add_argument(
        "--precision", default="",
        help="run the estimates until the total's 95%% interval is this wide either side, e.g. 0.05%% "
        "(default: the game's par_precision; --samples wins over both)",
    )


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game, parse_exact_fraction
    from ..core.par import DEFAULT_SAMPLES, DEFAULT_SEED, par, par_to_precision

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
    precision = defn.par_precision
    if getattr(args, "precision", ""):
        try:
            precision = parse_exact_fraction(args.precision if "%" in args.precision else args.precision + "%")
        except ValueError:
            raise CabinetError(f"--precision must be a percentage such as 0.05%, got {args.precision!r}") from None
        if not Fraction(1, 10**6) <= precision <= Fraction(1, 10):
            raise CabinetError(f"--precision must be from 0.0001% to 10%, got {args.precision}")
    if precision and not getattr(args, "samples", 0):
        report = par_to_precision(defn, bet, half_width=precision, seed=seed)
    else:
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


def value_text(v: Value | None, *, percent: bool = True) -> str:
    """A figure with its kind: exact, or an estimate with its 95% interval, samples and seed.
    ``percent``: an RTP or a rate (else a plain number: spins, multiples of the bet)."""
    if v is None:
        return "unknown"
    scale = 100 if percent else 1
    unit = "%" if percent else ""
    if isinstance(v, Exact):
        return f"{fixed(v.value * scale, 6)}{unit} (exact)"
    lo, hi = v.ci95
    return (f"{fixed(v.mean_value * scale, 6)}{unit} (estimate: 95% {lo * scale:.6f}{unit}..{hi * scale:.6f}{unit}, "
            f"{v.samples:,} samples, seed {v.seed})")


def is_rate(name: str) -> bool:
    return "rtp" in name or "rate" in name


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
        part = next((p for p in r.parts if p.name == fs.name), None)
        if part is not None and "rules_rtp" in part.figures:
            rules = " and ".join(part.detail.get("rules", ())) or "rules"
            out.append(f"    without {rules}: {value_text(part.figures['rtp_without_rules'])}")
            out.append(f"    {rules} adds: {value_text(part.figures['rules_rtp'])}")
            if "top_up_spins" in part.figures:
                out.append(f"    top-up spins per feature: {value_text(part.figures['top_up_spins'], percent=False)}, "
                           f"each worth {value_text(part.figures['alike_spin_value'], percent=False)} x bet")
    if r.free_spins:
        out.append(f"free spins RTP   {pct(r.free_spins_rtp)}")
    for part in r.parts:
        if part.name in {fs.name for fs in r.free_spins}:
            continue
        out.append(f"feature '{part.name}': RTP {value_text(part.rtp)}")
        for key, value in part.figures.items():
            unit = "" if is_rate(key) else " x bet" if "value" in key else ""
            out.append(f"  {key:<20} {value_text(value, percent=is_rate(key))}{unit}")
    published = f"  (published: {pct(r.published_rtp, 4)})" if r.published_rtp else ""
    out.append(f"total RTP        {value_text(r.total)}{published}")
    out.extend(f"note: {note}" for note in r.notes)
    return "\n".join(out)
