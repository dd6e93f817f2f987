"""Cluster pays of many spins at once (numpy bit boards), equal to ``cluster.cluster_pays``.

A screen of at most 64 cells is one uint64 per spin per target: bit ``reel x rows + row`` set
where the cell joins the target's clusters (the target, a Double of it, or a wild). A cluster
is grown from its lowest target cell by repeatedly adding the up/down/left/right neighbours
inside that mask until it stops growing; its size is a popcount (+1 per Double cell). Every
spin of a batch is grown at once; the clusters found are removed and the next is grown until
no target cell is left. A spin showing a multiplier wild, or a symbol counting more than 2,
is priced by ``play_round`` (flagged).

``price_base`` prices every stop combination of a reel set (exact par of a small grid) or a
seeded sample of them (an estimate with its standard error).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..evaluate import table_value
from ..simulation.rng_arrays import below_array, derive_seeds
from . import BasePar
from .batch import CompiledSet, ModelSpinner, summed
from .cluster_rules import ClusterWin, cluster_events, rules_of

U64 = np.uint64


def _shifts(rows: int, reels: int) -> tuple[np.uint64, np.uint64, np.uint64]:
    top = sum(1 << (r * rows) for r in range(reels))  # row 0 of every reel
    bottom = top << (rows - 1)
    full = (1 << (rows * reels)) - 1
    return U64(~top & full), U64(~bottom & full), U64(full)


class ClusterTables:
    def __init__(self, spinner: ClusterSpinner, cs: CompiledSet) -> None:
        defn = spinner.defn
        rules = rules_of(defn)
        rows, reels = defn.grid.rows, defn.grid.reels
        if rows * reels > 64:
            raise ValueError("a cluster screen of more than 64 cells: play_round prices every spin")
        self.rows = rows
        self.not_top, self.not_bottom, self.full = _shifts(rows, reels)
        t_count = len(rules.targets)
        self.own, self.wild, self.double, self.odd = [], [], [], []
        for r, reel in enumerate(cs.windows):
            own = np.zeros((t_count, len(reel)), dtype=np.uint64)
            wild = np.zeros((t_count, len(reel)), dtype=np.uint64)
            double = np.zeros((t_count, len(reel)), dtype=np.uint64)
            odd = np.zeros(len(reel), dtype=bool)
            for o, window in enumerate(reel):
                for row, sid in enumerate(window):
                    bit = 1 << (r * rows + row)
                    for t, target in enumerate(rules.targets):
                        counts = rules.own[target].get(sid)
                        if counts is not None:
                            own[t, o] |= U64(bit)
                            if counts == 2:
                                double[t, o] |= U64(bit)
                            elif counts != 1:
                                odd[o] = True
                        elif sid in rules.wild[target]:
                            wild[t, o] |= U64(bit)
                            if rules.wild[target][sid] != 1:
                                odd[o] = True
            self.own.append(own)
            self.wild.append(wild)
            self.double.append(double)
            self.odd.append(odd)
        per_coin = spinner.bet.coins_per_line * spinner.bet.coin_value
        top = rows * reels * 2 + 1
        values = [[table_value(rules.table[t], k) * per_coin for k in range(top)] for t in rules.targets]
        if any(Fraction(v).denominator != 1 for row in values for v in row):
            raise ValueError("a pay that is not whole at this bet")  # the loader refuses such games
        self.pay = np.array([[int(v) for v in row] for row in values], dtype=np.int64).reshape(t_count, top)
        self.least = [next((k for k, v in enumerate(row) if v), top) for row in values]  # smallest paying size

    def spread(self, comp: np.ndarray) -> np.ndarray:
        """``comp`` and its up/down/left/right neighbours."""
        rows = U64(self.rows)
        out: np.ndarray = comp | ((comp << U64(1)) & self.not_top) | ((comp >> U64(1)) & self.not_bottom)
        out |= (comp << rows) | (comp >> rows)
        return out

    def grow(self, comp: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each spin's cluster: ``comp`` grown inside ``mask`` until it stops (the spins still
        growing are the only ones worked on)."""
        comp = comp.copy()
        at = np.arange(len(comp))
        while len(at):
            now = comp[at]
            grown = self.spread(now) & mask[at]
            moving = grown != now
            comp[at] = grown
            at = at[moving]
        return comp

    def per_target(self, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        """(targets, spins): what each target's clusters pay, minor units."""
        own = self._gather(self.own, outcomes)
        wild = self._gather(self.wild, outcomes)
        double = self._gather(self.double, outcomes)
        for odd, o in zip(self.odd, outcomes, strict=True):
            bad |= np.take(odd, o)
        out = np.zeros(own.shape, dtype=np.int64)
        for t in range(own.shape[0]):
            mask = own[t] | wild[t]
            remaining = own[t].copy()
            if self.least[t] > 2:  # a lone cell (at most a Double: 2) never pays: no cluster starts there
                remaining &= self.spread(mask) & ~self.lone(mask)
            at = np.nonzero(remaining)[0]
            while len(at):
                rem = remaining[at]
                seed = rem & (~rem + U64(1))  # the lowest target cell left
                comp = self.grow(seed, mask[at])
                size = (np.bitwise_count(comp & own[t][at]).astype(np.int64) + np.bitwise_count(comp & double[t][at])
                        + np.bitwise_count(comp & wild[t][at] & ~own[t][at]))
                out[t, at] += np.take(self.pay[t], size)
                remaining[at] = rem & ~comp
                at = at[remaining[at] != 0]
        return out

    def lone(self, mask: np.ndarray) -> np.ndarray:
        """The cells of ``mask`` with no neighbour in it."""
        rows = U64(self.rows)
        touched = ((mask << U64(1)) & self.not_top) | ((mask >> U64(1)) & self.not_bottom)
        touched |= (mask << rows) | (mask >> rows)
        return mask & ~touched

    @staticmethod
    def _gather(tables: list[np.ndarray], outcomes: list[np.ndarray]) -> np.ndarray:
        out = np.take(tables[0], outcomes[0], axis=1)
        for table, o in zip(tables[1:], outcomes[1:], strict=True):
            out |= np.take(table, o, axis=1)
        return out


class ClusterSpinner(ModelSpinner):
    def compile_pays(self, cs: CompiledSet) -> ClusterTables:
        return ClusterTables(self, cs)

    def price(self, cs: CompiledSet, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        tables: ClusterTables = cs.model
        if not tables.pay.shape[0]:
            return np.zeros(len(bad), dtype=np.int64)
        paid: np.ndarray = tables.per_target(outcomes, bad).sum(axis=0)
        return paid


def price_base(defn: Definition, reel_set: str, bet: Bet, *, enumerate_all: bool, samples: int, seed: int) -> BasePar:
    """A reel set's base figures under cluster pays: every stop combination (exact), or ``samples``
    seeded ones (an estimate); flagged spins are priced by the evaluator itself."""
    cs = ClusterSpinner(defn, bet).compile(reel_set, counts=[])
    rules = rules_of(defn)
    lengths = cs.lengths
    combos = math.prod(lengths)
    count = combos if enumerate_all else samples
    by_target = np.zeros(len(rules.targets), dtype=object)
    scatter_sums = [0 for _ in cs.scatter_counts]
    hits = 0
    sq = 0
    chunk = 1 << 16
    for start in range(0, count, chunk):
        n = min(chunk, count - start)
        if enumerate_all:
            flat = np.arange(start, start + n, dtype=np.int64)
            stops = []
            for length in reversed(lengths):
                stops.append(flat % length)
                flat = flat // length
            stops.reverse()
        else:
            seeds = derive_seeds(seed, start, n)
            stops = [below_array(seeds, r, length)[0] for r, length in enumerate(lengths)]
        bad = np.zeros(n, dtype=bool)
        targets = cs.model.per_target(stops, bad) if len(rules.targets) else np.zeros((0, n), dtype=np.int64)
        scatters = np.zeros(n, dtype=np.int64)
        for k, (per_reel, minor) in enumerate(zip(cs.scatter_counts, cs.scatter_minor, strict=True)):
            paid = np.take(minor, summed(per_reel, stops))
            scatter_sums[k] += int(paid.sum())
            scatters += paid
        for i in np.nonzero(bad)[0].tolist():  # the evaluator prices what the bit boards flag
            screen = tuple(cs.windows[r][int(s[i])] for r, s in enumerate(stops))
            events, _ = cluster_events(defn, screen, bet)
            targets[:, i] = 0
            for e in events:
                if isinstance(e, ClusterWin):
                    targets[rules.targets.index(e.symbol), i] += e.amount
        win = targets.sum(axis=0) + scatters
        by_target += np.array([int(x) for x in targets.sum(axis=1)], dtype=object)
        hits += int(np.count_nonzero(win))
        sq += sum(int(w) * int(w) for w in win[win > 0].tolist())
    scale = count * bet.total
    by_symbol = {t: Fraction(int(v), scale) for t, v in zip(rules.targets, by_target, strict=True) if v}
    pays = sum(by_symbol.values(), Fraction(0))
    from ..linemath import scatter_adds

    for sid, paid_sum in zip(sorted(scatter_adds(defn)), scatter_sums, strict=True):  # the batch's scatter order
        if paid_sum:
            by_symbol[sid] = Fraction(paid_sum, scale)
    scatter = Fraction(sum(scatter_sums), scale)
    if enumerate_all:
        return BasePar(pays, scatter, by_symbol, {}, Fraction(hits, count),
                       (f"cluster pays: exact, every one of the {count:,} base screens priced",))
    mean = pays + scatter
    variance = Fraction(sq, count * bet.total * bet.total) - mean * mean
    error = math.sqrt(max(0.0, float(variance)) / count)
    return BasePar(pays, scatter, by_symbol, {}, None,
                   (f"cluster pays: an estimate from {count:,} sampled base spins (seed {seed}); {combos:,} screens "
                    "are too many to price one by one",), error, count, seed)

