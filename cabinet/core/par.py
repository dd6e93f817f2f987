"""PAR: the theoretical return of a game, every figure exact or an honest estimate.

The base game's line and scatter RTP and its hit rate are exact Fractions from the
reel strips (``core/linemath.py`` has the method). Every feature block then adds what
it is worth through its own ``par`` (``FeatureBlock.par``): exact where the math is
closed (free spins by Wald's identity, Markov chains over small states), otherwise an
estimate from runs of the block itself from its trigger, with its 95% interval,
sample count and seed (``core/value.py``). Nothing is left out silently: a block that
has no ``par`` makes the total unknown (None) and says so.

A total is exact only when every part is (``ParReport.total.exact``). ``total_rtp``
stays a Fraction for callers that compare numbers: the exact total, or an estimate's
mean (check ``exact`` before trusting the last digits).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .bet import Bet, default_bet
from .composition import Meeting, meetings, why_no_par
from .definition import Definition, WeightedName
from .features import BlockPar, ParContext, block
from .features.free_spins import FreeSpins
from .linemath import (  # noqa: F401 - the line math's public names, as they were imported from here
    LineExpectation,
    LinePayTable,
    TooManyStates,
    count_distribution,
    hit_rate,
    line_expectation,
    line_pay_table,
    rules_for,
    scatter_adds,
    scatter_expectation,
    trigger_adds,
    window_ids,
)
from .money import fraction_str
from .pays import model_of, models_used
from .value import Z95, Estimate, Exact, Value, total

ZERO = Fraction(0)
# What the hit rate and the RTP per symbol count (the rest is named in ``hit_rate_leaves_out``).
HIT_RATE_COVERS = "base spins' line and scatter pays on the landed screen"
SYMBOLS_COVER = "base spins' line and scatter pays on the landed screen (no screen, win or feature blocks)"
WHOLE_ROUNDS_PER_SAMPLE = 500  # whole rounds simulated per --samples when par must estimate the game whole
DEFAULT_SAMPLES = 400  # runs per estimated block figure (cabinet par --samples)
DEFAULT_SEED = 20240601
WHOLE_GAME_METHOD = "simulated whole rounds"  # the method of a total estimated whole
PRICED_WHOLE = "stratified lockstep estimate"  # a block's estimate of the whole game (``_priced_whole``)


def award_for(awards: dict[int, int], count: int) -> int:
    """Award of the largest key not above ``count`` (as the engine reads awards)."""
    keys = [k for k in awards if k <= count]
    return awards[max(keys)] if keys else 0


def _weighted(choices: tuple[WeightedName, ...]) -> list[tuple[str, Fraction]]:
    weight = sum(c.weight for c in choices)
    return [(c.set, Fraction(c.weight, weight)) for c in choices]


@dataclass(frozen=True)
class FreeSpinsPar:
    """The free-spins block's figures in the shape the report has always had."""

    name: str
    trigger_probability: dict[int, Fraction]  # trigger count -> P(per base spin)
    awards: dict[int, int]  # trigger count -> spins awarded
    trigger_rate: Fraction  # P(a base spin triggers)
    expected_award: Fraction  # E[initial spins | triggered]
    added_per_spin: Fraction  # E[spins a free spin adds] (retriggers)
    expected_spins: Fraction | None  # E[spins played | triggered]; None: never ends
    spin_value: Fraction  # E[win of one free spin] as a multiple of the total bet
    rtp: Fraction | None  # exact, or an estimate's mean (see ``value``)
    notes: tuple[str, ...]
    value: Value = field(default=Exact(ZERO))


def _as_free_spins(part: BlockPar) -> FreeSpinsPar:
    def exact(key: str) -> Fraction | None:
        v = part.figures.get(key)  # an estimate's mean where the figure is one (a tumble game's trigger rate)
        return v.value if isinstance(v, Exact) else v.mean_value if isinstance(v, Estimate) else None

    never_ends = "expected_spins" not in part.figures
    return FreeSpinsPar(
        name=part.name,
        trigger_probability=dict(part.detail.get("trigger_probability", {})),
        awards=dict(part.detail.get("awards", {})),
        trigger_rate=exact("trigger_rate") or ZERO,
        expected_award=exact("expected_award") or ZERO,
        added_per_spin=exact("added_per_spin") or ZERO,
        expected_spins=None if never_ends else exact("expected_spins"),
        spin_value=exact("value_per_spin") or ZERO,
        rtp=None if never_ends else part.rtp.mean_value if isinstance(part.rtp, Estimate) else part.rtp.value,
        notes=part.notes,
        value=part.rtp,
    )


def block_parts(
    defn: Definition, bet: Bet, *, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED
) -> tuple[list[BlockPar], list[str]]:
    """Every feature's par part, in definition order, and the features with none."""
    parts: list[BlockPar] = []
    missing: list[str] = []
    priced: frozenset[str] | None = None  # what every model the game pays by prices (None: every block)
    for model in models_used(defn):
        if model.priced_blocks is not None:
            priced = model.priced_blocks if priced is None else priced & model.priced_blocks
    for params in defn.features:
        entry = block(params.type)
        if (priced is not None and params.type not in priced and entry is not None and entry.modes(params)
                and not getattr(entry, "any_pay_model", False)):  # a block priced through the model itself
            missing.append(f"{params.type} under {'/'.join(m.type for m in models_used(defn))} pays")  # its par reads paylines
            continue
        part = None if entry is None else entry.par(ParContext(defn, params, bet, samples, seed))
        if part is None:
            if entry is None or entry.modes(params):  # a block that plays a part but has no par
                missing.append(params.type)
            continue
        parts.append(part)
    return parts, missing


def free_spins_par(defn: Definition, feature: FreeSpins, bet: Bet | None = None) -> FreeSpinsPar:
    part = block("free_spins").par(ParContext(defn, feature, bet or default_bet(defn)))  # type: ignore[union-attr]
    assert part is not None
    return _as_free_spins(part)


@dataclass(frozen=True)
class ParReport:
    game: str
    name: str
    lines: int  # lines played for the hit rate
    line_rtp: Fraction
    scatter_rtp: Fraction
    base_rtp: Fraction
    hit_rate: Fraction | None  # None: could not be computed exactly (see notes)
    symbols: dict[str, Fraction]  # line RTP per paid symbol (scatters: their scatter RTP)
    counts: dict[str, dict[int, Fraction]]  # base line: P(symbol paid with exact count)
    free_spins: tuple[FreeSpinsPar, ...] = ()
    free_spins_rtp: Fraction | None = ZERO
    total_rtp: Fraction | None = ZERO  # the exact total, or the estimate's mean (see ``total``)
    published_rtp: Fraction = ZERO
    notes: tuple[str, ...] = field(default=())
    parts: tuple[BlockPar, ...] = ()  # every block's contribution
    total: Value | None = None  # None: a block without par (see notes)
    meetings: tuple[Meeting, ...] = ()  # blocks acting in the same spins, each priced together or not
    hit_rate_leaves_out: tuple[str, ...] = ()  # what the hit rate does not count (it counts base line pays)
    pay_model: str = "lines"  # the game's pay model: ``line_rtp`` is what it pays (ways, ...)
    base_estimated: bool = False  # the base figures are sample means (cluster pays on a large grid)
    # a bet mode's par (``core/mode_par.py``): its name, variant, cost (x the base bet; every RTP
    # figure is per unit of it) and the round cap's price (a ``CapPrice``; None: no cap)
    mode: str = "base"
    variant: str = ""
    cost: Fraction = Fraction(1)
    cap: Any = None

    @property
    def exact(self) -> bool:
        return self.total is not None and self.total.exact and self.hit_rate is not None

    def estimated(self) -> list[tuple[str, Estimate]]:
        """Every figure that is an estimate, by name, with its estimate (interval, samples,
        seed, method): each part's, then the total when it is estimated whole (simulated
        rounds, not the sum of the parts), so an estimate never hides behind exact parts."""
        out = [(f"{p.name}.rtp", p.rtp) for p in self.parts if isinstance(p.rtp, Estimate)]
        out += [(f"{p.name}.{k}", v) for p in self.parts for k, v in p.figures.items() if isinstance(v, Estimate)]
        if isinstance(self.total, Estimate) and self.total.method.startswith((WHOLE_GAME_METHOD, PRICED_WHOLE)):
            out.append(("total", self.total))
        return out

    def estimates(self) -> list[str]:
        """Names of the figures that are estimates (empty: everything is exact)."""
        # the base figures of a sampled model (cluster pays on a large grid) are estimates too
        out = ["base_rtp", "line_rtp", "scatter_rtp", "symbols"] if self.base_estimated else []
        out += [name for name, _ in self.estimated()]
        if self.total is None:
            out.append("total (a feature has no par)")
        return out

    def not_exact(self) -> list[str]:
        """What keeps the report from being exact, each with its 95% interval: every
        estimate, a total no par gives, a hit rate not computed exactly."""
        out = [f"{name} {estimate_text(v)}" for name, v in self.estimated()]
        if self.total is None:
            out.append("total (a feature has no par)")
        if self.hit_rate is None:
            why = next((n for n in self.notes if n.startswith("hit rate")), "hit rate not computed exactly")
            out.append(f"hit rate ({why})")
        return out

    @staticmethod
    def _free_spins_dict(fs: FreeSpinsPar, num: Any) -> dict[str, Any]:
        return {
            "name": fs.name,
            "trigger_probability": {str(k): num(v) for k, v in fs.trigger_probability.items()},
            "awards": {str(k): v for k, v in fs.awards.items()},
            "trigger_rate": num(fs.trigger_rate),
            "expected_award": num(fs.expected_award),
            "added_per_spin": num(fs.added_per_spin),
            "expected_spins": num(fs.expected_spins),
            "value_per_spin": num(fs.spin_value),
            "rtp": num(fs.rtp),
            "exact": fs.value.exact,
            "notes": list(fs.notes),
        }

    def to_dict(self, places: int = 10) -> dict[str, Any]:
        """JSON-ready: exact values as decimal strings rounded to ``places`` decimals;
        ``figures`` tags each one ``{"exact": true, "value": ...}`` or an estimate."""

        def num(value: Fraction | None) -> str | None:
            return None if value is None else fraction_str(value, places)

        out: dict[str, Any] = {
            "game": self.game,
            "base_rtp": num(self.base_rtp),
            "line_rtp": num(self.line_rtp),
            "scatter_rtp": num(self.scatter_rtp),
            "hit_rate": num(self.hit_rate),
            "hit_rate_covers": HIT_RATE_COVERS,
            "hit_rate_leaves_out": list(self.hit_rate_leaves_out),
            "lines": self.lines,
            "symbols": {sid: num(v) for sid, v in self.symbols.items()},
            "symbols_cover": SYMBOLS_COVER,
        }
        if self.pay_model != "lines":  # line_rtp is the model's pays (a lines game's report is as it was)
            out["pay_model"] = self.pay_model
        if self.free_spins:
            out["free_spins_rtp"] = num(self.free_spins_rtp)
            out["total_rtp"] = num(self.total_rtp)
            first, *others = (self._free_spins_dict(fs, num) for fs in self.free_spins)
            out["free_spins"] = first
            if others:  # a game with several free-spins features: the rest, in order
                out["more_free_spins"] = others
        else:
            out["total_rtp"] = num(self.total_rtp)
        if self.published_rtp:
            out["published_rtp"] = num(self.published_rtp)
        out["exact"] = self.exact
        out["total"] = None if self.total is None else self.total.to_dict(places)
        out["features"] = [
            {
                "name": p.name,
                "rtp": p.rtp.to_dict(places),
                "figures": {k: v.to_dict(places) for k, v in p.figures.items()},
                "notes": list(p.notes),
            }
            for p in self.parts
        ]
        out["meetings"] = [
            {"mode": m.mode, "blocks": [m.first, m.second], "priced": m.priced, "why": m.why} for m in self.meetings
        ]
        out["estimates"] = self.estimates()
        out["estimated"] = [{"figure": name, **v.to_dict(places)} for name, v in self.estimated()]
        out["notes"] = list(self.notes)
        if self.mode != "base" or self.variant or self.cost != 1 or self.cap is not None:
            # a bet mode / RTP variant / capped game only: a plain game's report is as it was
            out["mode"] = self.mode
            out["rtp_variant"] = self.variant
            out["cost"] = fraction_str(self.cost, places)
            if self.cap is not None:
                out["cap"] = {"max_win_x": self.cap.cap_x, "reachable": self.cap.reachable,
                              "max_round_win_x": num(self.cap.max_win_x), "effect": self.cap.effect.to_dict(places),
                              "note": self.cap.note}
        return out


def par(
    defn: Definition, bet: Bet | None = None, *, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
    with_hit_rate: bool = True,
) -> ParReport:
    """The RTP of ``defn``: the base game exactly, each feature by its block's par; the
    hit rate is for ``bet.lines`` lines (default bet: usually all of them). ``with_hit_rate=False``
    leaves it out (None, said in the notes): most of a cheap par's time, which a caller that
    only compares RTPs (sensitivity) need not spend."""
    bet = bet or default_bet(defn)
    model = model_of(defn)
    line_rtp = scatter_rtp = ZERO
    symbols: dict[str, Fraction] = {}
    counts: dict[str, dict[int, Fraction]] = {}
    hits: Fraction | None = ZERO if with_hit_rate else None
    notes: list[str] = [] if with_hit_rate else ["hit rate not asked for"]
    sampled: list[tuple[Fraction, Any]] = []  # base parts the model estimates (cluster pays on a large grid)
    for reel_set, p in _weighted(defn.base_game.reel_sets):
        base_part = model.base_par(defn, reel_set, bet, with_hit_rate=hits is not None)
        line_rtp += p * base_part.pays_rtp
        scatter_rtp += p * base_part.scatter_rtp
        for sid, v in base_part.by_symbol.items():
            symbols[sid] = symbols.get(sid, ZERO) + p * v
        for sid, dist in base_part.counts.items():
            mine = counts.setdefault(sid, {})
            for k, q in dist.items():
                mine[k] = mine.get(k, ZERO) + p * q
        notes.extend(base_part.notes)
        if base_part.std_error is not None:
            sampled.append((p, base_part))
        if hits is not None:
            hits = None if base_part.hit_rate is None else hits + p * base_part.hit_rate
    order = {sid: i for i, sid in enumerate(defn.symbol_ids)}
    symbols = dict(sorted(((k, v) for k, v in symbols.items() if v), key=lambda kv: order.get(kv[0], 0)))
    base = line_rtp + scatter_rtp
    base_value: Value = Exact(base)
    if sampled:
        error = math.sqrt(sum((float(q) * (part.std_error or 0.0)) ** 2 for q, part in sampled))
        base_value = Estimate(base, error, sum(part.samples for _, part in sampled), sampled[0][1].seed,
                              f"{defn.pay_model.type} pays of sampled base spins")
    whole: Value | None = None
    met = tuple(meetings(defn))
    joint_notes: list[str] = []
    priced_whole = _priced_whole(defn, bet, samples, seed)
    parts, missing = (list(priced_whole.parts), []) if priced_whole is not None else block_parts(
        defn, bet, samples=samples, seed=seed)
    if priced_whole is not None:
        whole = priced_whole.total
        joint_notes = [f"not priced together: {m}" for m in met if not m.priced] + list(priced_whole.notes)
    elif missing:
        # a block that cannot price its part here: the game is estimated whole, never summed without it
        whole = _whole_game(defn, bet, samples, seed, f"no par for {', '.join(missing)}")
        joint_notes.append(f"no par for: {', '.join(missing)}: the total is estimated from {whole.samples:,} "
                           "simulated rounds")
        joint_notes.extend(why_no_par(defn, missing))
    elif all(_ends(part) for part in parts):
        unpriced = [m for m in met if not m.priced]
        if unpriced:
            parts, whole, joint_notes = _joint_estimate(defn, bet, parts, unpriced, base_value, samples, seed)
        else:
            whole = total([base_value, *(part.rtp for part in parts)])
    for part in parts:
        notes.extend(f"{part.name}: {note}" for note in part.notes)
    notes.extend(joint_notes)
    fs = tuple(_as_free_spins(part) for part, f in _with_params(defn, parts) if isinstance(f, FreeSpins))
    fs_rtp: Fraction | None = ZERO
    for one in fs:
        fs_rtp = None if fs_rtp is None or one.rtp is None else fs_rtp + one.rtp
    if defn.feature("paid_respin") is not None:
        notes.append("paid respins are separate wagers priced at the game's RTP: not part of total_rtp")
    return ParReport(
        game=defn.id,
        name=defn.name,
        lines=bet.lines,
        line_rtp=line_rtp,
        scatter_rtp=scatter_rtp,
        base_rtp=base,
        hit_rate=hits,
        symbols=symbols,
        counts=counts,
        free_spins=fs,
        free_spins_rtp=fs_rtp,
        total_rtp=None if whole is None else whole.value if isinstance(whole, Exact) else whole.mean_value,
        published_rtp=defn.rtp,
        notes=tuple(notes),
        parts=tuple(parts),
        total=whole,
        meetings=met,
        hit_rate_leaves_out=_hit_rate_leaves_out(defn),
        pay_model=defn.pay_model.type,
        base_estimated=bool(sampled),
    )


def _priced_whole(defn: Definition, bet: Bet, samples: int, seed: int) -> Any:
    """A block's estimate of the whole game, where one prices it better than its parts can
    (``game_par``: the tumbles meeting free spins, on the lockstep player), else None."""
    for params in defn.features:
        game_par = getattr(block(params.type), "game_par", None)
        found = game_par(defn, params, bet, samples=samples, seed=seed) if game_par is not None else None
        if found is not None:
            return found
    return None


def _hit_rate_leaves_out(defn: Definition) -> tuple[str, ...]:
    """What a base spin may pay that the exact hit rate (landed screen, lines and scatters) does
    not count: screen and win blocks acting in base spins, and every feature's wins."""
    out = []
    for params in defn.features:
        entry = block(params.type)
        modes = frozenset() if entry is None else entry.modes(params)
        if entry is None or not modes:
            continue  # a block acting in no spin of its own (paid respins are wagers of their own)
        if entry.screen_modifier or entry.win_modifier:
            if "base" in modes:
                out.append(f"{params.name}'s changes to the screen or the wins")
        else:
            out.append(f"wins of {params.name}")
    return tuple(out)


def _joint_estimate(
    defn: Definition, bet: Bet, parts: list[BlockPar], unpriced: list[Meeting], base: Value,
    samples: int, seed: int,
) -> tuple[list[BlockPar], Value, list[str]]:
    """The total when some blocks meet in spins that no par prices together: the affected
    part estimated by playing the same blocks. Meetings only inside free spins: each free-spins
    feature's whole value from runs of its own ``run`` from its trigger (every block acting in
    its spins playing along), the other blocks keeping their base-spin parts. Anywhere else:
    the whole game from simulated rounds."""
    from .features import active
    from .features.free_spins import run_from_award, run_from_trigger, trigger_distribution
    from .rng import derive_seed
    from .value import estimate_runs

    said = [f"not priced together: {m}" for m in unpriced]
    in_free = {p.name for p, _ in active(defn, "free")}
    hosts_free = all(m.mode == "free" for m in unpriced)
    by_name = {f.name: f for f in defn.features}
    kept: list[BlockPar] = []
    for part in parts:
        params = by_name.get(part.name)
        if not hosts_free or params is None:
            kept.append(part)
            continue
        if isinstance(params, FreeSpins):
            # wilds on reels or line wins award spins a scatter count does not say: runs start from the
            # award's exact distribution (which sums every trigger's) rather than from the scatter count
            by_award = part.detail.get("award_probability") if params.wild_reels or params.line_win_awards else None
            triggers = dict(by_award) if by_award else trigger_distribution(defn, params)
            rate = sum(triggers.values(), ZERO)
            value: Value = Exact(ZERO)
            for k, q in triggers.items():
                n = max(2, int(samples * q / rate))

                def one(i: int, k: int = k, f: FreeSpins = params, award: bool = bool(by_award)) -> int:
                    if award:
                        return run_from_award(defn, f, bet, k, derive_seed(seed, i * 64 + k))
                    return run_from_trigger(defn, f, bet, k, derive_seed(seed, i * 64 + k))

                value = value + estimate_runs(one, n, seed, f"runs of {params.name} from its trigger with every "
                                              "block acting in its spins", scale=q / bet.total)
            note = ("estimated whole from runs of this block from its trigger, every block acting in its spins "
                    "playing along (blocks meet in its spins that no par prices together)")
            kept.append(dataclasses.replace(part, rtp=value, notes=(*part.notes, note)))
            continue
        if params.name not in in_free:
            kept.append(part)
            continue
        entry = block(params.type)
        modes = entry.modes(params) if entry is not None else frozenset()
        base_part = part.figures.get("base_rtp")
        if "base" not in modes and "free" not in (entry.par_trigger_modes(params) if entry else frozenset()):
            kept.append(dataclasses.replace(part, rtp=Exact(ZERO), notes=(
                *part.notes, "its free-spin effect is inside the free spins' estimate")))
        elif base_part is not None and "free_rtp" in part.figures:
            kept.append(dataclasses.replace(part, rtp=base_part, notes=(
                *part.notes, "only its base-spin part counts here: its free-spin effect is inside the free spins' "
                "estimate")))
        else:
            hosts_free = False  # a part that cannot be split by mode: estimate the game whole
            break
    if hosts_free:
        return kept, total([base, *(part.rtp for part in kept)]), said
    whole = _whole_game(defn, bet, samples, seed, "blocks meet in spins that no par prices together")
    said.append(f"the total is estimated from {whole.samples:,} simulated rounds: the parts above do not add up to it")
    return parts, whole, said


def _whole_game(defn: Definition, bet: Bet, samples: int, seed: int, why: str) -> Estimate:
    """The total RTP from simulated whole rounds (``samples`` x WHOLE_ROUNDS_PER_SAMPLE of them)."""
    from .simulate import simulate

    rounds = samples * WHOLE_ROUNDS_PER_SAMPLE
    report = simulate(defn, rounds, seed, bet=bet)
    return Estimate(report.rtp, report.standard_error, rounds, seed, f"{WHOLE_GAME_METHOD} ({why})")


def estimate_text(v: Estimate) -> str:
    """``0.726340 (95% 0.717465..0.735215, 200,000 samples, seed 20240601: simulated whole rounds (...))``"""
    lo, hi = v.ci95
    return f"{v.mean:.6f} (95% {lo:.6f}..{hi:.6f}, {v.samples:,} samples, seed {v.seed}: {v.method})"

MAX_PRECISION_SAMPLES = 2_000_000  # runs per estimate par_to_precision will not go past
PRECISION_ROUNDS = 4  # par runs at most: the pilot and three larger ones


def par_to_precision(
    defn: Definition, bet: Bet | None = None, *, half_width: Fraction, seed: int = DEFAULT_SEED,
    pilot: int = DEFAULT_SAMPLES,
) -> ParReport:
    """``par`` with enough samples that the total's 95% interval is at most
    ``half_width`` either side (an RTP fraction): a pilot run at ``pilot`` samples
    measures the spread, then a run at the samples that spread needs (standard error
    falls as 1/sqrt(samples); 10% spare), again while the wider run's spread says it
    is short (at most ``PRECISION_ROUNDS`` runs). An exact total needs no second run.
    Each run is a fresh ``par`` at its samples; the exact parts are kept on the definition,
    and so are the hold-and-respin multipliers' runs (run i is the same at any sample count),
    so a larger run plays only the runs the smaller one did not."""
    report = par(defn, bet, samples=pilot, seed=seed)
    samples = pilot
    runs = 1
    while runs < PRECISION_ROUNDS:
        whole = report.total
        if not isinstance(whole, Estimate) or Z95 * whole.std_error <= half_width or samples >= MAX_PRECISION_SAMPLES:
            break
        # heavy tails make a small run's spread an underestimate: grow by at least half each time
        wanted = math.ceil(samples * (Z95 * whole.std_error / float(half_width)) ** 2 * 1.1)
        samples = min(MAX_PRECISION_SAMPLES, max(wanted, samples * 3 // 2))
        report = par(defn, bet, samples=samples, seed=seed)
        runs += 1
    if runs == 1:
        return report
    whole = report.total
    reached = isinstance(whole, Estimate) and Z95 * whole.std_error <= half_width
    note = (f"samples: {samples:,} per estimate, grown from a {pilot:,}-sample pilot in {runs - 1} step(s) for a 95% "
            f"half-width of {float(half_width) * 100:g} points" + ("" if reached else " (not reached: rerun with more "
                                                                  "--samples)"))
    return dataclasses.replace(report, notes=(*report.notes, note))


def _ends(part: BlockPar) -> bool:
    return not any("never ends" in note for note in part.notes)


def _with_params(defn: Definition, parts: list[BlockPar]) -> list[tuple[BlockPar, Any]]:
    by_name = {f.name: f for f in defn.features}
    return [(part, by_name.get(part.name)) for part in parts]
