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
from pathlib import Path

from ..core.bet import Bet, default_bet
from ..core.par import HIT_RATE_COVERS, SYMBOLS_COVER, ParReport
from ..core.value import Exact, Value
from ..errors import CabinetError
from .mode_args import add_mode_arguments, played


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
    p.add_argument("--kiosk", type=Path, default=None, metavar="KIOSK_YAML",
                   help="state the progressive jackpots with this kiosk config's jackpots: terms (seed, reset, "
                        "cap); the contribution rate stays the game's")
    p.add_argument("--scenarios", action="store_true",
                   help="also list how often each of the game's scenarios happens in real play")
    p.add_argument("--scenario-rounds", type=int, default=0,
                   help="rounds simulated for a scenario whose odds are an estimate (default: 100,000)")
    p.add_argument("--sensitivity", action="store_true",
                   help="list the levers (strip counts, pays, feature parameters) that move the RTP most")
    p.add_argument("--top", type=int, default=15, help="--sensitivity: show the K largest (0: all; default 15)")
    p.add_argument("--levers", default="strip,pay,feature",
                   help="--sensitivity: the kinds of lever, comma-separated (strip, pay, feature)")
    p.add_argument("--only", default="",
                   help="--sensitivity: only levers naming one of these words, comma-separated (e.g. SEVEN,free_spins)")
    add_mode_arguments(p)


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game
    from ..core.loading.convert import parse_exact_fraction
    from ..core.par import DEFAULT_SAMPLES, DEFAULT_SEED, par, par_to_precision

    game = load_game(args.game)
    defn = played(game, args)  # the --mode of the --rtp-variant (default: the game's default)
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
    if defn.resolved or defn.max_win_x:
        from ..core.mode_par import par_of_resolved

        report = par_of_resolved(defn, bet, samples=samples, seed=seed)  # per unit of the mode's cost, cap priced
    elif precision and not getattr(args, "samples", 0):
        report = par_to_precision(defn, bet, half_width=precision, seed=seed)
    else:
        report = par(defn, bet, samples=samples, seed=seed)
    extra: dict[str, object] = {}
    text: list[str] = []
    if getattr(args, "scenarios", False):
        from ..core.scenario_odds import DEFAULT_ROUNDS, scenario_odds

        rounds = args.scenario_rounds or DEFAULT_ROUNDS
        if rounds < 100:
            raise CabinetError(f"--scenario-rounds must be at least 100, got {rounds}")
        odds = scenario_odds(defn, report, bet=bet, rounds=rounds, seed=seed)
        extra["scenarios"] = [o.to_dict() for o in odds]
        text.append(render_scenarios(odds))
    if getattr(args, "sensitivity", False):
        from ..core.sensitivity import KINDS, sensitivity

        kinds = [k.strip() for k in args.levers.split(",") if k.strip()]
        unknown = [k for k in kinds if k not in KINDS]
        if unknown or not kinds:
            raise CabinetError(f"--levers takes {', '.join(KINDS)}, got {args.levers!r}")
        if args.top < 0:
            raise CabinetError(f"--top must be 0 or more, got {args.top}")
        only = [w.strip() for w in args.only.split(",") if w.strip()]
        try:
            found = sensitivity(defn, bet, kinds=kinds, only=only, samples=samples, seed=seed)
        except ValueError as exc:
            raise CabinetError(str(exc)) from None
        extra["sensitivity"] = found.to_dict(args.top)
        text.append(render_sensitivity(found, args.top))
    if getattr(args, "kiosk", None) is not None:
        from ..kiosk.config import load_config
        from .par_jackpot import jackpot_terms

        lines, entries = jackpot_terms(defn, load_config(args.kiosk, required=True))
        extra["jackpots"] = entries
        text.append("\n".join(lines) or "no progressive jackpot in this game: --kiosk changes nothing")
    if len(game.bet_modes) > 1 or game.rtp_variants:
        listed = modes_and_variants(game, defn, report, bet, samples=samples, seed=seed)
        extra.update(listed)
        text.append(render_modes(listed))
    if args.json:
        print(json.dumps({**report.to_dict(), **extra}, indent=2))
    else:
        print("\n\n".join([render(report), *text]))
    if getattr(args, "exact_only", False) and not report.exact:
        raise CabinetError(f"{defn.id}: not every figure is exact: {'; '.join(report.not_exact())}")
    return 0


def modes_and_variants(game, defn, report: ParReport, bet: Bet, *, samples: int, seed: int) -> dict[str, object]:  # noqa: ANN001
    """Every bet mode's par (of the variant asked for) and every RTP variant's (base mode), each
    with its stated RTP where the game states one: ``modes: {name: {...}}``, ``rtp_variants``."""
    from ..core.mode_par import mode_par

    def entry(r: ParReport) -> dict[str, object]:
        return {"total_rtp": None if r.total_rtp is None else fixed(r.total_rtp, 10),
                "exact": r.total is not None and r.total.exact,
                "total": None if r.total is None else r.total.to_dict(),
                "hit_rate": None if r.hit_rate is None else fixed(r.hit_rate, 10),
                "features": {p.name: p.rtp.to_dict() for p in r.parts}}

    variant = defn.played_variant or None
    modes: dict[str, object] = {}
    for m in game.bet_modes:
        r = report if m.name == defn.played_mode else mode_par(game, bet, mode=m.name, rtp_variant=variant,
                                                              samples=samples, seed=seed)
        modes[m.name] = {"kind": m.kind, "label": m.label, "description": m.description,
                         "cost": str(m.cost), "buy": m.buy, "max_win_x": m.max_win_x, **entry(r)}
    variants: dict[str, object] = {}
    for v in game.rtp_variants:
        r = report if (v.name == (defn.played_variant or game.default_variant) and defn.played_mode == "base") \
            else mode_par(game, bet, rtp_variant=v.name, samples=samples, seed=seed)
        variants[v.name] = {"rtp": fixed(v.rtp, 10), "default": v.name == game.default_variant, **entry(r)}
    return {"modes": modes, "rtp_variants": variants}


def render_modes(listed: dict[str, object]) -> str:
    out = ["bet modes (RTP per unit of each mode's cost):"]
    for name, m in listed["modes"].items():  # type: ignore[attr-defined]
        total = m["total"]
        shown = "unknown" if total is None else (pct(Fraction(total["value"])) + " (exact)" if total["exact"] else
                                                  f"{pct(Fraction(total['mean']))} (estimate: 95% "
                                                  f"{total['ci95'][0] * 100:.6f}%..{total['ci95'][1] * 100:.6f}%)")
        out.append(f"  {name:<16} {m['kind']:<6} cost {m['cost']:>6} x bet   RTP {shown}")
    if listed["rtp_variants"]:
        out.append("RTP variants (base mode):")
        for name, v in listed["rtp_variants"].items():  # type: ignore[attr-defined]
            total = v["total"]
            shown = "unknown" if total is None else pct(Fraction(total.get("value") or total["mean"]))
            default = "  (default)" if v["default"] else ""
            out.append(f"  {name:<16} stated {pct(Fraction(v['rtp']), 4)}   par {shown}{default}")
    return "\n".join(out)


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
        *([f"bet mode         {r.mode} (a round costs {r.cost} x the base bet)"
           + (f", RTP variant {r.variant}" if r.variant else "")] if r.mode != "base" or r.variant else []),
    ]
    if r.mode != "base" and not r.base_rtp and r.hit_rate is None and not r.symbols:  # a buy: no base spin
        out.append("base game        none: the round starts the bought feature at once")
    else:
        out += [
            f"base game RTP    {pct(r.base_rtp)}",
            f"  {('line' if r.pay_model == 'lines' else r.pay_model) + ' pays':<15}{pct(r.line_rtp)}",
            f"  scatter pays   {pct(r.scatter_rtp)}",
            f"hit rate         {pct(r.hit_rate)}  ({one_in(r.hit_rate)}, {r.lines} {'lines' if r.pay_model == 'lines' else 'coins'}; {HIT_RATE_COVERS} only"
            + (f", leaving out {', '.join(r.hit_rate_leaves_out)})" if r.hit_rate_leaves_out else ")"),
            f"RTP per symbol ({SYMBOLS_COVER}):",
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
    estimated = r.estimated()
    if estimated:
        out.append("estimates (each with its 95% interval):")
        out.extend(f"  {name:<28} {value_text(v, percent=is_rate(name) or name == 'total')}: {v.method}"
                   for name, v in estimated)
    out.extend(f"note: {note}" for note in r.notes)
    return "\n".join(out)


def render_scenarios(odds: list) -> str:  # list[ScenarioOdds]
    """Each scenario: the odds of its outcome and of its exact stops."""
    out = ["scenarios: how often each happens in real play"]
    for o in odds:
        out.append(f"  F{o.index + 1} {o.name}")
        if o.outcome_odds is None:
            out.append(f"      cannot be played: {o.problem}")
            continue
        out.append(f"      this outcome ({o.outcome}): {o.outcome_odds.text()}")
        if o.win_odds is not None:
            out.append(f"      a round paying at least its {float(o.win_x):g}x: {o.win_odds.text()}")
        out.append(f"      these stops {list(o.stops)}: {o.stops_odds.text()}")
    return "\n".join(out)


def render_sensitivity(found, top: int) -> str:  # a SensitivityReport
    """The levers that move the RTP most, with the timing."""
    from ..core.sensitivity import delta_text

    shown = found.top(top)
    out = [f"sensitivity: RTP change per lever ({len(shown)} of {len(found.effects)} levers, largest first; "
           f"total {value_text(found.base_total)})"]
    width = max((len(e.lever.label) for e in shown), default=10)
    for e in shown:
        out.append(f"  {e.lever.label:<{width}}  {delta_text(e.delta)}")
    out.extend(f"  skipped: {s}" for s in found.skipped)
    per = found.seconds / max(1, len(found.effects) + len(found.skipped))
    out.append(f"  time: {found.seconds:.2f} s for {len(found.effects) + len(found.skipped)} pars "
               f"({per * 1000:.0f} ms each; the game's own par {found.par_seconds * 1000:.0f} ms)")
    return "\n".join(out)
