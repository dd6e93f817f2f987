"""Par of a tumbling game with free spins, estimated whole on the lockstep batch player
(``core/pays/tumble_batch.py``, equal to ``play_round`` round by round), variance-reduced.

The tumbles meet the free spins (they change the screens the trigger reads and the pays the
spins are made of), so no closed form prices the game; simulating whole rounds is honest
but slow to converge, because the rare feature carries most of the variance. Here the RTP
(per total bet) is split where the split is exact, and each part is estimated where it is
cheapest:

    RTP x bet = E[B] + sum over awards a of P(award = a) x V(a)

- ``B``, a base spin's win (landed screen, tumbles, multiplier symbols), from ``base spins``
  sampled base spins; its noise cut by
  * conditional expectation: multiplier symbols' values are drawn independently of the
    symbols and of each other, so a spin that won ``W`` before them with ``k`` on its final
    screen is scored ``W x E[combine of k values]`` (``k x mean`` for a sum, ``mean^k`` for a
    product) instead of ``W x`` the values it drew (same expectation, no value noise);
  * a control variate: the landed screen's win minus its exact mean (the model's exact base
    par; skipped where that is itself a sample mean: cluster pays on a large grid).
- ``P(award = a)``: the landed screen's trigger counts are exact (``trigger_distribution``);
  with ``scatters_count: every_screen`` the tumbled screens can add or raise a trigger, and
  that difference (its indicator minus the landed one's) is estimated on the same base spins.
- ``V(a)``: a feature's value when ``a`` spins are awarded (a feature starts fresh: its grid,
  running total and spins depend only on the award, its draws being independent of the base
  spin's), stratified by award, from runs of the feature in lockstep, allotted to each award
  by its probability x its spins. A run is played without the feature's cap, and scored as
  its total with the multiplier symbols' values by their expectation (as above, in free spins
  with an ``accumulate_in_free_spins`` running total too: linear in the values), minus what
  the cap would take off (``max(0, total - cap)``, the real draws): the capped total is
  ``min(cap, total)`` because wins are never negative, so the score's mean is exactly the
  capped feature's value.

The total's 95% interval adds the base spins' variance (each ``V(a)`` plugged in) and each
award's feature variance x its probability squared (independent samples). Every figure says
what it covers. ``tests/test_tumble_joint_par.py`` checks the rules on toy games; the
intervals were checked once against long simulations (the README's numbers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...bet import Bet
from ...definition import Definition
from ...pays import model_of
from ...simulation.rng_arrays import derive_seeds
from ...value import Estimate, Exact, Value
from .. import BlockPar
from .params import MultiplierSymbolOptions, Tumble
from .rules import value_table

SPINS_PER_SAMPLE = 250  # spins (base and feature) per ``--samples`` (par's default 400: 100,000, a pilot)
PILOT_SHARE = 10  # a tenth of them first, half base spins, half features, to measure each part's noise
MIN_FEATURES = 64  # runs of each award at least (its variance needs a few)
CHUNK = 65_536  # base spins per lockstep call
FEATURE_CHUNK = 32_768  # features per lockstep call
METHOD = "stratified lockstep estimate"  # par.PRICED_WHOLE


@dataclass(frozen=True)
class JointPar:
    """The game's total and its two parts, with what each covers."""

    total: Estimate
    parts: tuple[BlockPar, ...]
    notes: tuple[str, ...]
    base_error: float  # the total's standard error from the base spins (x the bet)
    feature_error: float  # and from the feature runs


def _mean(options: MultiplierSymbolOptions, mode: str) -> float:
    table = value_table(options, mode)
    return sum(v * w for v, w in table.items()) / sum(table.values())


def _expected_factor(options: MultiplierSymbolOptions, mean: float, orbs: np.ndarray) -> np.ndarray:
    if options.combine == "sum":
        out: np.ndarray = orbs * mean
        return out
    return np.power(mean, orbs.astype(np.float64))


def _exact_landed(defn: Definition, reel_set: str, bet: Bet) -> Fraction | None:
    """E[a landed screen's win] on ``reel_set`` (minor units, multiplier 1) where the model
    prices it exactly; None where it would only sample it (cluster pays on a large grid: not
    worth its time as a control)."""
    from ...pays.cluster import MAX_ENUMERATED

    if defn.pay_model.type == "cluster" and math.prod(len(s) for s in defn.reels[reel_set]) > MAX_ENUMERATED:
        return None
    part = model_of(defn).base_par(defn, reel_set, bet, with_hit_rate=False)
    if part.std_error is not None:
        return None
    return (part.pays_rtp + part.scatter_rtp) * bet.total


def _landed_mean(defn: Definition, bet: Bet) -> Fraction | None:
    """E[the base game's landed screen's win] (minor units) where the model prices it exactly, else None."""
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    out = Fraction(0)
    for choice in defn.base_game.reel_sets:
        part = _exact_landed(defn, choice.set, bet)
        if part is None:
            return None
        out += Fraction(choice.weight, weight) * part
    return out


def joint_par(defn: Definition, params: Tumble, bet: Bet, *, samples: int, seed: int) -> JointPar | None:
    """The whole game's par estimate (see the module), or None where the lockstep player
    cannot play it (then par estimates it from simulated whole rounds, as before)."""
    from ...pays.tumble_batch import TumbleSpinner
    from ..free_spins import FreeSpins, trigger_distribution
    from .play import MAX_TUMBLES

    spinner = TumbleSpinner.make(defn, bet, params, max_tumbles=MAX_TUMBLES)
    if spinner is None or spinner.free is None or "base" not in params.modes:
        return None
    feature = next(f for f in defn.features if isinstance(f, FreeSpins))
    fb = spinner.free
    awards = fb.awarded  # spins awarded by trigger count
    exact_counts = trigger_distribution(defn, feature)
    every = params.scatters_count == "every_screen"
    award_values = sorted({int(a) for a in awards.tolist() if a > 0})
    p_landed = {a: Fraction(0) for a in award_values}
    for count, q in exact_counts.items():
        a = int(awards[min(count, len(awards) - 1)])
        if a > 0:
            p_landed[a] += q
    bombs = params.multiplier_symbols
    landed_mean = _landed_mean(defn, bet)

    # -- a pilot of both parts, then the budget shared by their measured noise ---------------
    budget = max(1, samples) * SPINS_PER_SAMPLE  # spins in all: base spins and feature spins
    weight = {a: float(p_landed[a]) * a for a in award_values}
    if every:  # an award the landed screen never gives can still come from a tumble: a share too
        weight = {a: max(w, 1e-3 * a) for a, w in weight.items()}
    scale = sum(weight.values()) or 1.0
    pilot = budget // PILOT_SHARE
    runs = {a: max(MIN_FEATURES, round(pilot / 2 * weight[a] / scale / a)) for a in award_values}
    n = max(MIN_FEATURES, pilot // 2)
    feature_seed = int(derive_seeds(seed, 1 << 40, 1)[0])
    award_seed = {a: int(derive_seeds(feature_seed, i, 1)[0]) for i, a in enumerate(award_values)}
    controls = _Controls(spinner, defn, bet, fb.sets, fb.added)
    base_mean = _mean(bombs, "base") if bombs is not None else 0.0
    runs_of: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {a: [] for a in award_values}
    spins_of: list[tuple[np.ndarray, ...]] = []
    done = {a: 0 for a in award_values}
    done_base = 0
    try:
        for stage in (0, 1):
            todo = [a for a in award_values if runs[a] > done[a]]
            if todo:  # every award's new runs in one lockstep batch (fewer, fuller steps)
                seeds = np.concatenate([derive_seeds(award_seed[a], done[a], runs[a] - done[a]) for a in todo])
                given = np.concatenate([np.full(runs[a] - done[a], a, dtype=np.int64) for a in todo])
                played_out = _feature_runs(spinner, seeds=seeds, awards=given, bombs=bombs, controls=controls)
                for a in todo:
                    mine = given == a
                    runs_of[a].append((played_out[0][mine], played_out[1][mine], played_out[2][mine]))
                    done[a] = runs[a]
            if n > done_base:
                spins_of.append(_base_spins(spinner, seed=seed, start=done_base, count=n - done_base,
                                            bombs=bombs, base_mean=base_mean, awards=awards, every=every))
                done_base = n
            if stage:
                break
            pilot_est = _combine(runs_of, spins_of, controls, award_values, p_landed, landed_mean)
            feature_spins = sum(int(r[2].sum()) for a in award_values for r in runs_of[a])
            cost_b = pilot_est.var_base * n  # variance x spins, each part
            cost_f = pilot_est.var_features * feature_spins
            share_b = math.sqrt(cost_b) / max(math.sqrt(cost_b) + math.sqrt(cost_f), 1e-300)
            n = max(n, round(budget * share_b))
            grow = budget * (1 - share_b) / max(feature_spins, 1)
            runs = {a: max(runs[a], round(runs[a] * grow)) for a in award_values}
    except _Unsettled:
        return None  # a draw the batch cannot settle (about 2^-40 a draw): par simulates instead
    est = _combine(runs_of, spins_of, controls, award_values, p_landed, landed_mean)
    scores, played, value, value_var = est.scores, est.played, est.value, est.value_var
    b, landed, extra, beta = est.b, est.landed, est.extra, est.beta
    chunks_t = [est.more]
    total_minor, p_award = est.total, est.p_award
    var_base, var_features = est.var_base, est.var_features
    var = var_base + var_features
    unit = float(bet.total)
    total = Estimate(Fraction(total_minor / unit).limit_denominator(10**12), math.sqrt(var) / unit, n + sum(
        len(s) for s in scores.values()), seed, f"{METHOD} ({n:,} base spins, {sum(len(s) for s in scores.values()):,} "
        "features)")

    # -- the parts, each saying what it covers ------------------------------------------------
    tumble_add = b - landed
    tumble_value = Estimate(Fraction(float(tumble_add.mean()) / unit).limit_denominator(10**12),
                            float(tumble_add.std(ddof=1)) / math.sqrt(n) / unit, n, seed,
                            f"lockstep base spins with tumbles ({params.name})")
    parts_notes = [
        "covers: what tumbles add to base spins (the tumbled screens' wins"
        + (", the cells' multipliers" if params.cell_multipliers else "")
        + (", the multiplier symbols by their values' expectation" if bombs else "")
        + f"), as a fraction of the total bet; estimate from {n:,} lockstep base spins (95% interval)",
    ]
    tumble_part = BlockPar(params.name, tumble_value, figures={"base_rtp": tumble_value}, notes=tuple(parts_notes))
    fs_mean = sum(float(p_landed[a]) * value[a] for a in award_values) + float(extra.mean())
    fs_se = math.sqrt(float(extra.var(ddof=1)) / n + sum(p_award[a] ** 2 * value_var[a] for a in award_values))
    fs_value = Estimate(Fraction(fs_mean / unit).limit_denominator(10**12), fs_se / unit,
                        sum(len(s) for s in scores.values()), seed, f"lockstep runs of {feature.name} by award")
    trigger_rate = sum(p_landed.values(), Fraction(0))
    figures: dict[str, Value] = {"trigger_rate": Exact(trigger_rate)}
    if every:
        more = chunks_t[0]
        figures = {"landed_trigger_rate": Exact(trigger_rate), "trigger_rate": Estimate(
            Fraction(float(trigger_rate) + float(more.mean())).limit_denominator(10**15),
            float(more.std(ddof=1)) / math.sqrt(n), n, seed,
            "the landed screen's triggers exact, those a tumbled screen adds from lockstep base spins")}
    rate = sum(p_award.values())
    figures["expected_award"] = Exact(Fraction(award_values[0])) if len(award_values) == 1 else Estimate(
        Fraction(sum(p_award[a] * a for a in award_values) / rate).limit_denominator(10**12), 0.0, n, seed,
        "the awards' probabilities as above") if every else Exact(
        sum((p_landed[a] * a for a in award_values), Fraction(0)) / trigger_rate)
    spins_mean = sum(p_award[a] * float(played[a].mean()) for a in award_values) / rate
    spins_se = math.sqrt(sum(p_award[a] ** 2 * float(played[a].var(ddof=1)) / len(played[a])
                             for a in award_values)) / rate
    figures["expected_spins"] = Estimate(Fraction(spins_mean).limit_denominator(10**9), spins_se, sum(
        len(v) for v in played.values()), seed, f"lockstep runs of {feature.name} by award")
    award_mean = float(figures["expected_award"].mean)
    feature_runs = sum(len(v) for v in played.values())
    figures["added_per_spin"] = Estimate(Fraction(1 - award_mean / spins_mean).limit_denominator(10**9),
                                         award_mean * spins_se / spins_mean**2, feature_runs,
                                         seed, f"lockstep runs of {feature.name} by award")
    per_spin = fs_mean / rate / spins_mean / unit
    figures["value_per_spin"] = Estimate(Fraction(per_spin).limit_denominator(10**12), per_spin * math.hypot(
        fs_se / max(fs_mean, 1e-300), spins_se / spins_mean), feature_runs, seed,
        "the feature's value over its expected spins")
    for a in award_values:
        figures[f"value_of_{a}_spins"] = Estimate(Fraction(value[a] / unit).limit_denominator(10**12),
                                                  math.sqrt(value_var[a]) / unit, len(scores[a]), seed,
                                                  f"lockstep runs of {feature.name} awarded {a} spins")
    fs_notes = (
        "covers: every free spin's wins (their tumbles and multipliers included, the feature's cap applied), "
        "as a fraction of the total bet; P(trigger) x the feature's value by award: the landed screen's "
        "trigger counts exact"
        + (", the triggers a tumbled screen adds estimated on the base spins" if every else "")
        + f", each award's value from {'/'.join(str(len(scores[a])) for a in award_values)} lockstep runs "
        "(uncapped, scored as their total minus what the cap takes off"
        + (", the multiplier symbols by their values' expectation" if bombs else "") + ")",
    )
    fs_part = BlockPar(feature.name, fs_value, figures=figures, notes=fs_notes,
                       detail={"trigger_probability": dict(exact_counts),
                               "awards": {k: int(awards[min(k, len(awards) - 1)]) for k in exact_counts}})
    notes = (
        f"total: {METHOD}: E[base spin] from {n:,} lockstep base spins"
        + (f" (control variate: the landed screen's win minus its exact mean, b = {beta:.3f})" if beta else "")
        + f" + P(award) x the feature's value by award from {sum(len(s) for s in scores.values()):,} "
        "lockstep features; the tumbles meet the free spins, so the game is priced whole",
    )
    return JointPar(total, (tumble_part, fs_part), notes, math.sqrt(var_base) / unit, math.sqrt(var_features) / unit)


class _Controls:
    """Zero-mean controls of one spin, from its landed screen alone: what a landed screen
    shows minus its exact mean on the spin's reel set (its multiplier symbols, the spins its
    trigger symbols would add, its win where the model prices that exactly). A feature's spins
    land independently of what went before, so their sums over the spins played are zero-mean
    too (Wald): control variates for a feature's value."""

    def __init__(self, spinner: Any, defn: Definition, bet: Bet, sets: list[int], added: np.ndarray | None) -> None:
        names = spinner.sets.names
        rows = []
        self.use_pay = True
        for c in range(len(names)):
            windows = spinner.sets.windows[c]
            orbs = sum(float((w == spinner.bomb).sum(axis=1).mean()) for w in windows) if spinner.bomb >= 0 else 0.0
            adds = 0.0
            if added is not None:
                dist = np.ones(1)
                for w in windows:
                    per = spinner.trigger_adds[w].sum(axis=1)
                    dist = np.convolve(dist, np.bincount(per) / len(per))
                adds = float((dist * added[np.minimum(np.arange(len(dist)), len(added) - 1)]).sum())
            pay = 0.0
            if c in sets:
                exact = _exact_landed(defn, names[c], bet)
                self.use_pay = self.use_pay and exact is not None
                pay = float(exact or 0)
            rows.append((orbs, adds, pay))
        self.means = np.array(rows)
        self.added = added
        self.orbs = spinner.bomb >= 0
        self.width = int(self.orbs) + int(added is not None) + int(self.use_pay)

    def of(self, seen: dict[str, np.ndarray]) -> np.ndarray:
        mean = self.means[seen["chosen"]]
        cols = []
        if self.orbs:
            cols.append(seen["landed_orbs"] - mean[:, 0])
        if self.added is not None:
            cols.append(self.added[np.minimum(seen["landed_count"], len(self.added) - 1)] - mean[:, 1])
        if self.use_pay:
            cols.append(seen["landed1"] - mean[:, 2])
        return np.stack(cols, axis=1) if cols else np.zeros((len(mean), 0))


def _controlled(y: np.ndarray, controls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``y`` less its regression on zero-mean ``controls`` (columns): (the adjusted samples, the
    coefficients). Same mean in expectation; the variance of what the controls do not explain."""
    if not controls.shape[1] or len(y) < 3 * controls.shape[1] + 3:
        return y, np.zeros(controls.shape[1])
    x = controls - controls.mean(axis=0)
    keep = x.std(axis=0) > 0
    beta = np.zeros(controls.shape[1])
    if keep.any():
        beta[keep] = np.linalg.lstsq(x[:, keep], y - y.mean(), rcond=None)[0]
    adjusted: np.ndarray = y - controls @ beta
    return adjusted, beta


def _feature_runs(spinner: Any, *, seeds: np.ndarray, awards: np.ndarray, bombs: MultiplierSymbolOptions | None,
                  controls: _Controls) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Feature runs of ``seeds``, each awarded its ``awards`` spins: (each one's score
    in minor units: its uncapped total with the multiplier symbols' values by their expectation,
    minus what the feature's cap would take off its real total; its landed screens' controls
    summed (``_Controls``); the spins it played)."""
    cap = spinner.free.plan.cap
    mean = _mean(bombs, "free") if bombs is not None else 0.0
    accumulate = bombs is not None and bombs.accumulate_in_free_spins
    out, sums, spins = [], [], []
    for at in range(0, len(seeds), FEATURE_CHUNK):
        chunk, given = seeds[at:at + FEATURE_CHUNK], awards[at:at + FEATURE_CHUNK]
        m = len(chunk)
        expected = np.zeros(m)
        running = np.zeros(m)  # the running total's multiplier symbols so far (accumulating)
        summed = np.zeros((m, controls.width))
        played = np.zeros(m, dtype=np.int64)

        def watch(live: np.ndarray, seen: dict[str, np.ndarray], expected: np.ndarray = expected,
                  running: np.ndarray = running, summed: np.ndarray = summed, played: np.ndarray = played) -> None:
            summed[live] += controls.of(seen)
            played[live] += 1
            pre = seen["pre"].astype(np.float64)
            if bombs is None:
                expected[live] += pre
                return
            orbs = seen["orbs"]
            on = (orbs > 0) & (pre > 0)
            if accumulate:
                running[live[on]] += orbs[on]
                factor = running[live] * mean
            else:
                factor = _expected_factor(bombs, mean, orbs)
            expected[live] += np.where(on, pre * factor, pre)

        total, bad = spinner._free_spins(chunk, np.zeros(m, dtype=np.int64), given, with_cap=False, watch=watch)
        if bad.any():
            raise _Unsettled
        over = np.maximum(total - cap, 0).astype(np.float64) if cap else np.zeros(m)
        out.append(expected - over)
        sums.append(summed)
        spins.append(played)
    return np.concatenate(out), np.concatenate(sums), np.concatenate(spins)


class _Unsettled(Exception):
    """A feature run the batch cannot settle exactly (par simulates the game instead)."""


def _base_spins(spinner: Any, *, seed: int, start: int, count: int, bombs: MultiplierSymbolOptions | None,
                base_mean: float, awards: np.ndarray, every: bool) -> tuple[np.ndarray, ...]:
    """Base spins ``start..start+count`` of ``seed``: (each one's win with the multiplier symbols
    by their expectation, its landed screen's win, its award by every screen's count, by the
    landed one's)."""
    out: list[list[np.ndarray]] = [[], [], [], []]
    for at in range(start, start + count, CHUNK):
        seeds = derive_seeds(seed, at, min(CHUNK, start + count - at))
        m = len(seeds)
        bad = np.zeros(m, dtype=bool)
        k = np.zeros(m, dtype=np.int64)
        chosen = spinner._choose(seeds, k, spinner.base_sets, spinner.base_weights, bad)
        ones = np.ones(m, dtype=np.int64)
        seen: dict[str, np.ndarray] = {}
        _, _, counted = spinner.spin(seeds, k, chosen, ones, ones, np.zeros(m, dtype=np.int64), mode="base",
                                     bad=bad, observe=seen)
        if bad.any():
            raise _Unsettled
        pre = seen["pre"].astype(np.float64)
        b = pre
        if bombs is not None:
            orbs = seen["orbs"]
            on = (orbs > 0) & (pre > 0)
            b = np.where(on, pre * _expected_factor(bombs, base_mean, orbs), pre)
        out[0].append(b)
        out[1].append(seen["landed"].astype(np.float64))
        top = len(awards) - 1
        out[2].append(awards[np.minimum(counted, top)] if every else np.zeros(m, dtype=np.int64))
        out[3].append(awards[np.minimum(seen["landed_count"], top)] if every else np.zeros(m, dtype=np.int64))
    return tuple(np.concatenate(parts) for parts in out)


@dataclass
class _Combined:
    total: float
    var_base: float
    var_features: float
    scores: dict[int, np.ndarray]
    played: dict[int, np.ndarray]
    value: dict[int, float]
    value_var: dict[int, float]
    p_award: dict[int, float]
    b: np.ndarray
    landed: np.ndarray
    extra: np.ndarray
    more: np.ndarray
    beta: float
    y: np.ndarray


def _combine(runs_of: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]], spins_of: list[tuple[np.ndarray, ...]],
             controls: _Controls, award_values: list[int], p_landed: dict[int, Fraction],
             landed_mean: Fraction | None) -> _Combined:
    """The estimate from the runs so far (minor units; see the module)."""
    scores, played = {}, {}
    for a in award_values:
        raw = np.concatenate([r[0] for r in runs_of[a]])
        scores[a], _ = _controlled(raw, np.concatenate([r[1] for r in runs_of[a]]))
        played[a] = np.concatenate([r[2] for r in runs_of[a]])
    value = {a: float(v.mean()) for a, v in scores.items()}
    value_var = {a: float(v.var(ddof=1)) / len(v) for a, v in scores.items()}
    b, landed, got, had = (np.concatenate([s[i] for s in spins_of]) for i in range(4))
    n = len(b)
    extra = np.zeros(n)
    p_award = {}
    for a in award_values:  # the award by every screen's count minus by the landed one's (zero: landed only)
        moved = (got == a).astype(np.float64) - (had == a)
        extra += value[a] * moved
        p_award[a] = float(p_landed[a]) + float(moved.mean())
    y = b + extra
    beta = 0.0
    if landed_mean is not None:
        var_l = float(landed.var())
        if var_l > 0:
            beta = float(np.cov(y, landed)[0, 1]) / var_l
        y = y - beta * (landed - float(landed_mean))
    total = float(y.mean()) + sum(float(p_landed[a]) * value[a] for a in award_values)
    var_base = float(y.var(ddof=1)) / n
    var_features = sum(p_award[a] ** 2 * value_var[a] for a in award_values)
    more = (got > 0).astype(np.float64) - (had > 0)
    return _Combined(total, var_base, var_features, scores, played, value, value_var, p_award, b, landed, extra,
                     more, beta, y)
