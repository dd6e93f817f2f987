"""The tumble block's par: what the tumbles (their wins, the cells' multipliers and the
multiplier symbols) add to a base spin, exact only where proven, else an estimate."""

from __future__ import annotations

import itertools
from fractions import Fraction

from ...definition import Definition
from ...pays import model_of
from ...rng import Rng, derive_seed
from ...value import Exact, Value, estimate_runs
from .. import ParContext, block, choose_reel_set
from .params import MultiplierSymbolOptions, Tumble
from .rules import end_key, paid_key, value_table

EXACT_STOPS = 250_000  # stop combinations par plays one by one before it estimates instead
SAMPLES_PER_PAR_SAMPLE = 20  # base spins par samples per ``ParContext.samples``


def alone(defn: Definition, params: Tumble) -> bool:
    """No other block changes base screens or wins (so the landed screen pays as the model says)."""
    for other in defn.features:
        entry = block(other.type)
        if other is params or entry is None or "base" not in entry.modes(other):
            continue
        if entry.screen_modifier or entry.win_modifier:
            return False
    return True


def base_sets(defn: Definition) -> list[tuple[str, Fraction]]:
    sets = defn.base_game.reel_sets
    weight = sum(c.weight for c in sets)
    return [(c.set, Fraction(c.weight, weight)) for c in sets]


def expected_factor(options: MultiplierSymbolOptions, count: int, mode: str = "base") -> Fraction:
    """E[the combine of ``count`` values], each drawn independently from the mode's table:
    ``count`` x E[v] for a sum, E[v]^count for a product (independent draws)."""
    table = value_table(options, mode)
    total = sum(table.values())
    mean = sum((Fraction(v * w, total) for v, w in table.items()), Fraction(0))
    return count * mean if options.combine == "sum" else mean**count


def exact_tumble_rtp(pctx: ParContext) -> Exact | None:
    """Every base stop combination played (``fill: strip`` with nothing else drawing), or None.

    With multiplier symbols a spin is still a function of its stops except for their values,
    which are drawn independently of the stops and of each other: a spin whose sequence won
    W with k of them on its final screen pays W x E[combine of k values] in expectation (k x
    E[v] for a sum, E[v]^k for a product), so the mean stays exact (``tests/test_tumble_rules``
    checks it against a brute force over stops x value draws)."""
    from ...spin import RoundContext, play_spin

    defn, params, bet = pctx.defn, pctx.feature, pctx.bet
    if params.fill != "strip" or not alone(defn, params):
        return None
    model = model_of(defn)
    plans = []
    enumerate_all = False  # too many combinations to play one by one: all of them in the lockstep
    for reel_set, p in base_sets(defn):
        strips = defn.reels[reel_set]
        windows = model.reel_windows(defn, reel_set)
        if any(len(w) != len(s) or any(weight != 1 for _, weight in w) for w, s in zip(windows, strips, strict=True)):
            return None  # windows that are not one per stop (Megaways heights): not a function of stops
        combos = 1
        for s in strips:
            combos *= len(s)
        enumerate_all |= combos > EXACT_STOPS
        plans.append((reel_set, p, strips, combos))
    if enumerate_all:
        from .enumeration import enumerated_tumble_rtp

        found = enumerated_tumble_rtp(defn, params, bet, [(reel_set, p) for reel_set, p, _, _ in plans])
        return None if found is None else Exact(found)
    bombs = params.multiplier_symbols
    out = Fraction(0)
    for reel_set, p, strips, combos in plans:
        added = Fraction(0)
        for stops in itertools.product(*(range(len(s)) for s in strips)):
            rc = RoundContext(defn, bet, None, keep_events=False)
            play_spin(rc, "base", reel_set, stops=stops)
            added += rc.state.values.get(paid_key(params), 0)
            if bombs is not None:
                before, count = rc.state.values[end_key(params)]
                if before > 0 and count:
                    added += before * (expected_factor(bombs, count) - 1)
        out += p * added / combos
    return Exact(out / bet.total)


def estimate_tumble_rtp(pctx: ParContext) -> Value:
    """What tumbles add to sampled base spins, per total bet, with its 95% interval (the
    landed screen's win minus its exact mean as the control variate, where the model prices
    it exactly)."""
    from ...spin import RoundContext, play_spin

    defn, params, bet = pctx.defn, pctx.feature, pctx.bet
    model = model_of(defn)
    sets = base_sets(defn)
    mean_first: Fraction | None = None
    if alone(defn, params):
        first = Fraction(0)
        for reel_set, p in sets:
            bp = model.base_par(defn, reel_set, bet, with_hit_rate=False)
            if bp.std_error is not None:
                first = Fraction(-1)
                break
            first += p * (bp.pays_rtp + bp.scatter_rtp) * bet.total
        mean_first = first if first >= 0 else None
    samples = max(2, pctx.samples * SAMPLES_PER_PAR_SAMPLE)
    landed: list[Fraction] = [Fraction(0)] * samples

    def play(i: int) -> int:
        rng = Rng(derive_seed(pctx.seed, i))
        reel_set = choose_reel_set(rng, defn.base_game.reel_sets)
        rc = RoundContext(defn, bet, rng, keep_events=False)
        spin = play_spin(rc, "base", reel_set)
        tumbled: int = rc.state.values.get(paid_key(params), 0)
        landed[i] = Fraction(spin.win - tumbled)
        return tumbled

    control = None
    if mean_first is not None:
        exact_first = mean_first

        def control(i: int) -> Fraction:  # zero mean: the landed screen's win minus its exact mean
            return landed[i] - exact_first

    method = f"sampled base spins with tumbles ({params.name})"
    return estimate_runs(play, samples, pctx.seed, method, scale=Fraction(1, bet.total), control=control)
