"""``cabinet par GAME [--json]``: the exact RTP of a game from its reel strips.

Line and scatter RTP, the RTP of each paying symbol, the exact hit rate, and the free
spins (trigger odds by count, expected spins with retriggers, value per spin). Numbers
are exact Fractions printed as decimals. See ``cabinet/core/par.py`` for the method.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ..core.bet import Bet, default_bet
from ..core.par import ParReport
from ..errors import CabinetError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument(
        "--lines", type=int, default=0, help="lines played for the hit rate (default: the default bet's)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object (decimal strings)")


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game
    from ..core.par import par

    defn = load_game(args.game)
    bet = default_bet(defn)
    if args.lines:
        if not 1 <= args.lines <= len(defn.lines):
            raise CabinetError(f"--lines must be 1..{len(defn.lines)}, got {args.lines}")
        bet = Bet(args.lines, bet.coins_per_line, bet.coin_value)
    report = par(defn, bet)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(render(report))
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


def render(r: ParReport) -> str:
    out = [
        f"{r.name} ({r.game}): exact PAR from the reel strips",
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
        out.append(f"  RTP              {pct(fs.rtp)}")
    if r.free_spins:
        out.append(f"free spins RTP   {pct(r.free_spins_rtp)}")
    published = f"  (published: {pct(r.published_rtp, 4)})" if r.published_rtp else ""
    out.append(f"total RTP        {pct(r.total_rtp)}{published}")
    out.extend(f"note: {note}" for note in r.notes)
    return "\n".join(out)
