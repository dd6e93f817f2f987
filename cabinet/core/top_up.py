"""A free-spins feature's minimum-win top-up, priced from single free spins and a chain.

Free spins whose spins are independent and alike (no cap, no block carrying state from
spin to spin) play a random walk: each spin wins ``w`` and adds ``a`` spins (a
retrigger), drawn afresh from one joint distribution. The top-up rule ("when the spins
run out and the total does not exceed the minimum, ``top_up`` more") then depends on
that distribution only through the wins that keep the total at or below the minimum,
and the expected number of top-ups is a chain over (spins left, total so far) solved
exactly for a given distribution (``TopUpChain``): backward for the expected top-ups
from every state, forward for how often each state is visited.

The distribution itself is not enumerated (a 5-reel screen has ~10^9 stop
combinations): it is estimated from many single free spins played by the batch tables
of ``core/simulate.py`` (the same line-pay tables and screen stages the simulator prices
every spin with; ``sample_free_spins``), each spin's random multiplier convolved
exactly. Each spin is uniform over the screens; within a chunk every reel's stops are
balanced (each stop equally often), a stratified sample whose variance is at most the
independent one's. The top-up count is the chain's answer on that estimated
distribution (a plug-in estimate); its standard error is the delta method's for
independent spins (so, if anything, wide): the spread over the sampled spins of each
spin's influence (how much the answer moves per unit of probability moved to that
spin's outcome), divided by the root of their number. Twelve seeds of 200,000 spins
spread 0.0060 around their mean where each said 0.0066.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .bet import Bet
from .definition import Definition

# spins-left states kept: the start, a top-up and this many retriggers on top (a longer
# chain of retriggers with the total still at or below the minimum is ~1e-40 unlikely;
# what the cut drops is measured: ``TopUpChain.dropped``)
RETRIGGERS_KEPT = 24
CHUNK = 1 << 14  # spins looked up per numpy pass (their (spins x lines) tables stay in cache)


@dataclass(frozen=True)
class SpinSample:
    """Independent single free spins, as a histogram: ``counts[a][w]`` spins added ``a`` spins
    and won ``w`` minor units at multiplier 1 (w below the top-up's limit; a win at or above
    it is never topped up at any multiplier: only how many, ``beyond[a]``). The spin's
    multiplier is ``multipliers[m]`` with probability ``chances[m]``."""

    counts: dict[int, np.ndarray]
    beyond: dict[int, int]
    multipliers: tuple[int, ...]
    chances: tuple[float, ...]
    size: int


def sample_free_spins(
    defn: Definition, feature: Any, bet: Bet, spins: int, seed: int, limit: int, awards: dict[int, int]
) -> SpinSample | None:
    """``spins`` independent free spins of ``feature`` at ``bet`` on the batch tables (lines
    and scatters at multiplier 1, the trigger count on the screen after the screen
    stages), counted by (spins added by ``awards``: trigger count -> spins, win below
    ``limit`` minor units), or None where the
    batch cannot price a free spin whole: a block acting in free spins that is more than
    a screen change the batch applies as data, a spin multiplier that is not a whole
    number from 1, a pay that is not a whole number of minor units."""
    from .features import active, award_for, window_hint

    # the batch tables by module name (as the registry loads blocks): simulate plays rounds,
    # whose blocks price their par with this module, so a plain import would close a cycle
    batch = importlib.import_module(f"{__package__}.simulation.spinner")
    tables = importlib.import_module(f"{__package__}.simulation.pricing")
    BatchSpinner, _look_up, _take = batch.BatchSpinner, tables._look_up, tables._take

    multipliers = tuple(int(e.value) for e in feature.spin_multipliers) or (1,)
    if any(e.value.denominator != 1 for e in feature.spin_multipliers) or min(multipliers) < 1:
        return None
    nested = []
    for params, entry in active(defn, "free"):
        if params is feature:
            continue
        if not entry.spins_alike or entry.win_modifier or not entry.screen_modifier:
            return None
        nested.append((params, entry))
    adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol}

    def count(reel: int, w: tuple[str, ...]) -> int:
        return sum(adds.get(sid, 0) for sid in w)

    spinner = BatchSpinner(defn, bet, base=False)  # its tables only: no base reel sets compiled
    choices = feature.reel_sets or defn.base_game.reel_sets
    compiled = []
    for choice in choices:
        hints = [window_hint(defn, choice.set, count, 1)]
        for params, entry in nested:
            hints.extend(entry.batch_hints(defn, params, choice.set))
        rs = spinner._compile(choice.set, hints)
        if rs.reveal is not None or rs.priced is not None or rs.quiet or rs.scalar_hints != [0]:
            return None  # a stage the batch does not apply as plain windows
        compiled.append(rs)
    line_factor = feature.win_multiplier
    scatter_factor = feature.win_multiplier if feature.multiply_scatter_pays else 1
    rng = np.random.default_rng([seed, spins])
    weights = np.array([c.weight for c in choices], dtype=np.float64)
    counts: dict[int, np.ndarray] = {}
    beyond: dict[int, int] = {}
    for lo in range(0, spins, CHUNK):
        n = min(CHUNK, spins - lo)
        which = rng.choice(len(choices), size=n, p=weights / weights.sum()) if len(choices) > 1 else \
            np.zeros(n, dtype=np.int64)
        for c, rs in enumerate(compiled):
            at = np.nonzero(which == c)[0]
            if not len(at):
                continue
            # each reel's stops balanced within the chunk: every stop equally often (up to
            # one), in a random order per reel; each spin is uniform on the screen and the
            # reels' own shares of the spread cancel (variance at most the independent one's)
            stops = [rng.permutation(np.resize(np.arange(length), len(at))) for length in rs.lengths]
            world = rs.worlds[0]
            index, scatter, hinted = _look_up(world, stops, len(at), len(rs.scatter_minor), 1)
            if world.line_exact[0] is not None and not _take(world.line_exact[0], index).all():
                return None
            win = _take(world.line_minor[0], index).sum(axis=1, dtype=np.int64) * line_factor
            for n_sc, minor, whole in zip(scatter, rs.scatter_minor, rs.scatter_exact, strict=True):
                if not _take(whole, n_sc).all():
                    return None
                win += _take(minor, n_sc) * scatter_factor
            top = int(hinted[0].max(initial=0))
            added = np.array([award_for(awards, k) for k in range(top + 1)], dtype=np.int64)[hinted[0]]
            for a in np.unique(added).tolist():
                mine = win[added == a]
                low = mine[mine < limit]
                counts[a] = counts.get(a, np.zeros(limit, dtype=np.int64)) + np.bincount(low, minlength=limit)
                beyond[a] = beyond.get(a, 0) + int(len(mine) - len(low))
    weight = sum(e.weight for e in feature.spin_multipliers)
    chances = tuple(e.weight / weight for e in feature.spin_multipliers) or (1.0,)
    return SpinSample(counts, beyond, multipliers, chances, spins)


@dataclass(frozen=True)
class TopUpChain:
    """The chain's answer on one distribution of (win, spins added) per free spin."""

    events: float  # E[top-ups] (each adds ``top_up`` spins) per feature, over the starts
    influence: np.ndarray  # (awards, units 0..live): d events / d P(outcome)
    added_values: tuple[int, ...]  # the spins-added values, in ``influence``'s row order
    unit: int  # minor units per total step
    live: int  # totals (in units) at or below this are topped up
    dropped: float  # visits lost by the cut on spins left (0 in practice)


def solve_chain(
    pmf: dict[int, np.ndarray], unit: int, live: int, starts: dict[int, float], top_up: int
) -> TopUpChain:
    """``pmf[a][w]``: P(a spin wins ``w`` units, w = 0..live, and adds ``a`` spins) (what wins
    more leaves the chain: the total then exceeds the minimum for good); ``starts``: spins
    awarded -> probability; ``top_up``: spins each top-up adds.

    Backward: F[r, t] = expected top-ups from r spins left at total t (r = 0: the moment the
    spins run out, so F[0, t] = 1 + F[top_up, t]). Forward: O[r, t] = expected visits
    (O[0, t]: top-ups at total t). Both solve one small linear system in r per total, the
    zero wins (which leave the total where it is) being the only same-total moves."""
    awards = sorted(pmf)
    most = max(starts) + top_up + RETRIGGERS_KEPT * max(max(awards), 1)
    size = most + 1
    # P[r, r']: same-total moves (zero wins; r = 0 -> top_up). A = I - P.
    move = np.zeros((size, size))
    move[0, top_up] = 1.0
    for a in awards:
        for r in range(1, size):
            if r - 1 + a <= most:
                move[r, r - 1 + a] += pmf[a][0]
    solve_back = np.linalg.inv(np.eye(size) - move)
    solve_fwd = solve_back.T
    back = np.zeros((size, live + 1))
    for t in range(live, -1, -1):
        b = np.zeros(size)
        b[0] = 1.0
        if t < live:
            ahead = back[:, t + 1:]
            for a in awards:
                tail = ahead @ pmf[a][1:live - t + 1]  # over r' = r - 1 + a
                top = min(most, most + 1 - a)  # r = 1..top land within the kept states
                b[1:top + 1] += tail[a:a + top]
        back[:, t] = solve_back @ b
    visits = np.zeros((size, live + 1))
    dropped = 0.0
    for t in range(live + 1):
        c = np.zeros(size)
        if t == 0:
            for n, q in starts.items():
                c[n] += q
        else:
            past = visits[1:, :t][:, ::-1]  # source states r >= 1, totals t-1 .. 0 (w = 1 .. t)
            for a in awards:
                inflow = past @ pmf[a][1:t + 1]  # by source r = 1..most (index r - 1)
                kept = min(most, most + 1 - a)  # sources landing on r - 1 + a <= most
                c[a:a + kept] += inflow[:kept]
                dropped += float(inflow[kept:].sum())
        visits[:, t] = solve_fwd @ c
    events = float(visits[0].sum())
    influence = np.zeros((len(awards), live + 1))
    spinning = visits[1:, :]  # r = 1..most
    for i, a in enumerate(awards):
        landed = np.zeros((most, live + 1))  # F at r - 1 + a, for r = 1..most
        upto = min(most, most + 1 - a)
        landed[:upto] = back[a:a + upto]
        cross = spinning.T @ landed  # [t, t'] = sum_r O[r, t] F[r - 1 + a, t']
        influence[i] = [np.trace(cross, offset=w) for w in range(live + 1)]
    return TopUpChain(events, influence, tuple(awards), unit, live, dropped)


def top_up_estimate(
    sample: SpinSample, enough: int, starts: dict[int, float], top_up: int
) -> tuple[float, float, TopUpChain]:
    """(E[top-up spins] per feature, its standard error, the chain) from ``sample``: the chain
    solved on the sample's distribution (each spin's multipliers weighed exactly), with the
    delta method's standard error. ``enough``: the smallest total that takes no top-up."""
    n = sample.size
    awards = sorted(set(sample.counts) | set(sample.beyond))
    seen = [w for a in awards for w in np.nonzero(sample.counts.get(a, np.zeros(1)))[0].tolist()]
    unit = math.gcd(*seen) or 1  # every win of the sample is a multiple of it
    live = (enough - 1) // unit
    pmf = {a: np.zeros(live + 1) for a in awards}
    for a in awards:
        for raw in np.nonzero(sample.counts.get(a, np.zeros(1)))[0].tolist():
            for m, chance in zip(sample.multipliers, sample.chances, strict=True):
                if m * raw <= enough - 1:
                    pmf[a][m * raw // unit] += chance * sample.counts[a][raw] / n
    chain = solve_chain(pmf, unit, live, starts, top_up)
    # each spin's influence: its outcome's (over its multipliers), then their spread
    first = second = 0.0
    for i, a in enumerate(chain.added_values):
        counts = sample.counts.get(a)
        if counts is None:
            continue
        raws = np.nonzero(counts)[0]
        psi = np.zeros(len(raws))
        for m, chance in zip(sample.multipliers, sample.chances, strict=True):
            kept = m * raws <= enough - 1
            psi[kept] += chance * chain.influence[i, m * raws[kept] // unit]
        first += float((counts[raws] * psi).sum())
        second += float((counts[raws] * psi * psi).sum())
    mean = first / n
    spread = math.sqrt(max(second / n - mean * mean, 0.0) * n / (n - 1)) if n > 1 else math.inf
    return top_up * chain.events, top_up * spread / math.sqrt(n), chain


def as_fraction(x: float) -> Fraction:
    return Fraction(x).limit_denominator(10**15)
