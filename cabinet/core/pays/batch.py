"""simulate's batch pricer for the pay models other than lines: base spins in numpy, lockstep.

Round ``i`` is priced exactly as ``play_round`` plays it, or flagged for ``play_round``:

- draws in the round's order: the reel set (one ``weighted`` draw when there are 2+), one
  ``below(len(strip))`` per reel, reel 1 first, then the model's own draws (``extra_draws``:
  Megaways heights);
- the model prices its pays from per-reel, per-outcome tables (``price``); scatter pays from
  per-outcome window counts, like the lines batch;
- every block's batch hint (``FeatureBlock.batch_hints``) is counted on the windows shown; a
  spin that reaches the threshold of a hint whose block gives a plain run of spins as data
  (``SpinsPlan`` without levels or screen changes: free spins) plays that feature here, in
  lockstep, spin by spin, in the plan's draw order, priced by the same tables; a spin that
  reaches any other hint's threshold (a reveal, a multiplier wild, two features at once...)
  goes to ``play_round``, and so does a spin the model cannot price here (``price``'s own
  flags), a rejected draw or a pay that is not whole. ``scalar_rounds`` says how many.

The model supplies the window each reel outcome shows (``outcome_windows``), so one class
serves every fixed grid and every height.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..evaluate import pay_table, table_value
from ..features import SpinsPlan, WindowCount
from ..linemath import scatter_adds
from ..lockstep import settle_spins, spins_to_play
from ..simulation.pricing import BASE_CHUNK, BatchRounds, _draw_stops, batch_hints, draw_spin_multiplier
from ..simulation.rng_arrays import _weighted_array, below_array
from . import model_for, model_of

Window = tuple[str, ...]


@dataclass
class CompiledSet:
    """A reel set's tables: per reel, per outcome (a stop, or a stop at a height)."""

    name: str
    lengths: tuple[int, ...]  # strip lengths (the stops drawn)
    windows: list[list[Window]]  # per reel: the window of each outcome
    scatter_counts: list[list[np.ndarray]]  # per scatter, per reel: its count at each outcome
    scatter_minor: list[np.ndarray]  # per scatter: count -> minor units
    scatter_exact: list[np.ndarray]
    hint_counts: list[list[np.ndarray]]  # per hint, per reel
    thresholds: list[int]
    model: Any  # the model's own tables (``compile_pays``)
    plans: list[int | None]  # per hint: the index of the plan it triggers in ``ModelSpinner.plans`` (None: none)


@dataclass
class CompiledPlan:
    """A plain ``SpinsPlan`` with its reel sets compiled (the plan's count as their one hint)."""

    plan: SpinsPlan
    sets: list[CompiledSet]
    set_weights: tuple[int, ...]
    multiplier_values: np.ndarray
    multiplier_weights: tuple[int, ...]
    awarded: np.ndarray
    added: np.ndarray | None


def summed(per_reel: list[np.ndarray], outcomes: list[np.ndarray]) -> np.ndarray:
    """Each spin's total of per-reel, per-outcome counts (the last axis is the outcome)."""
    total: np.ndarray = np.take(per_reel[0], outcomes[0], axis=-1)
    for table, o in zip(per_reel[1:], outcomes[1:], strict=True):
        total = total + np.take(table, o, axis=-1)
    return total


class ModelSpinner:
    """Base spins of a game whose model prices per reel outcome; subclasses say how."""

    def __init__(self, defn: Definition, bet: Bet) -> None:
        self.defn, self.bet = defn, bet
        self.unsupported: str | None = None
        self.weights = [c.weight for c in defn.base_game.reel_sets]
        self.sets: list[CompiledSet] = []
        self.plans: list[CompiledPlan] = []
        try:
            self.sets = [self.compile(c.set) for c in defn.base_game.reel_sets]
        except ValueError as exc:  # e.g. a hint with no rule to count changed windows
            self.unsupported = str(exc)

    # -- what a model says ------------------------------------------------------------------------

    def outcome_windows(self, reel_set: str) -> list[list[Window]]:
        """Per reel, the window of each outcome index (default: each stop, ``grid.rows`` high)."""
        rows = self.defn.grid.rows
        return [[tuple(strip[(stop + r) % len(strip)] for r in range(rows)) for stop in range(len(strip))]
                for strip in self.defn.reels[reel_set]]

    def extra_draws(self, cs: CompiledSet, seeds: np.ndarray, stops: list[np.ndarray], k: Any,
                    bad: np.ndarray) -> tuple[list[np.ndarray], Any]:
        """Each reel's outcome index from its stop (and the model's own draws from index ``k``),
        and the next draw index."""
        return stops, k

    def compile_pays(self, cs: CompiledSet) -> Any:
        raise NotImplementedError

    def price(self, cs: CompiledSet, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        """The model's pays of every spin in minor units (flagging in ``bad`` what it cannot price)."""
        raise NotImplementedError

    # -- shared -----------------------------------------------------------------------------------

    def compile(self, reel_set: str, counts: list[WindowCount] | None = None) -> CompiledSet:
        """A reel set's tables; ``counts``: the hints counted (default: every block's base hints)."""
        defn, bet = self.defn, self.bet
        windows = self.outcome_windows(reel_set)
        scatters = sorted(scatter_adds(defn).items())
        scatter_counts = [[np.array([sum(adds.get(s, 0) for s in w) for w in reel], dtype=np.int64)
                           for reel in windows] for _, adds in scatters]
        scatter_minor, scatter_exact = [], []
        for (target, _), per_reel in zip(scatters, scatter_counts, strict=True):
            top = sum(int(c.max(initial=0)) for c in per_reel)
            values = [table_value(pay_table(defn.pays[target]), k) * bet.total for k in range(top + 1)]
            scatter_exact.append(np.array([Fraction(v).denominator == 1 for v in values]))
            scatter_minor.append(np.array([int(v) if Fraction(v).denominator == 1 else 0 for v in values],
                                          dtype=np.int64))
        hint_counts: list[list[np.ndarray]] = []
        thresholds: list[int] = []
        plans: list[int | None] = []
        if counts is not None:
            for count in counts:
                hint_counts.append([np.array([count(r, w) for w in reel], dtype=np.int64)
                                    for r, reel in enumerate(windows)])
                thresholds.append(0)
                plans.append(None)
        for h in batch_hints(defn, reel_set) if counts is None else ():
            fn = h.window_count
            if fn is None:
                if any(len(w) != defn.grid.rows for reel in windows for w in reel):
                    raise ValueError("a block's hint has no rule for windows of other heights")
                hint_counts.append([np.array(c, dtype=np.int64) for c in h.counts])
            else:
                hint_counts.append([np.array([fn(r, w) for w in reel], dtype=np.int64)
                                    for r, reel in enumerate(windows)])
            thresholds.append(h.threshold)
            plans.append(self._plan(h.plan) if h.stage is None and h.plan is not None else None)
        cs = CompiledSet(reel_set, tuple(len(s) for s in defn.reels[reel_set]), windows, scatter_counts,
                         scatter_minor, scatter_exact, hint_counts, thresholds, None, plans)
        cs.model = self.compile_pays(cs)
        return cs

    def _plan(self, make: Any) -> int | None:
        """The index of a hint's plan in ``plans``, compiled on first use (None: not a plain run of spins)."""
        plan = make(self.bet)
        if not isinstance(plan, SpinsPlan) or plan.levels or plan.screen is not None or plan.show is not None:
            return None
        if any(model_for(self.defn, c.set) is not model_of(self.defn) for c in plan.reel_sets):
            return None  # its spins pay by another model: play_round plays the round
        for i, known in enumerate(self.plans):
            if known.plan is plan:
                return i
        weights = tuple(c.weight for c in plan.reel_sets)
        values = [v for v, _ in plan.multipliers] or [1]
        self.plans.append(CompiledPlan(
            plan, [self.compile(c.set, [plan.count]) for c in plan.reel_sets], weights,
            np.array(values, dtype=np.int64), tuple(w for _, w in plan.multipliers) or (1,),
            np.array(plan.awarded, dtype=np.int64), np.array(plan.added, dtype=np.int64) if plan.added else None,
        ))
        return len(self.plans) - 1

    def rounds(self, seeds: np.ndarray) -> BatchRounds:
        count = len(seeds)
        if self.unsupported is not None:
            return BatchRounds(np.zeros(count, dtype=np.int64), np.ones(count, dtype=bool))
        win = np.zeros(count, dtype=np.int64)
        bad = np.zeros(count, dtype=bool)
        triggered: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}
        ran: dict[str, np.ndarray] = {}
        paid: dict[str, np.ndarray] = {}
        for start in range(0, count, BASE_CHUNK):  # chunks keep the (targets x spins) arrays in cache
            part = slice(start, start + BASE_CHUNK)
            w, b = self._chunk(seeds[part], start, triggered)
            win[part], bad[part] = w, b
        for plan, parts in triggered.items():  # every feature of the shard at once, in lockstep
            rows = np.concatenate([r for r, _, _ in parts])
            won, wrong = self._play_spins(self.plans[plan], seeds[rows], np.concatenate([c for _, c, _ in parts]),
                                          np.concatenate([k for _, _, k in parts]))
            win[rows] += won
            bad[rows] |= wrong
            name = self.plans[plan].plan.name  # what the report's feature rates read
            ran.setdefault(name, np.zeros(count, dtype=bool))[rows] = True
            paid.setdefault(name, np.zeros(count, dtype=np.int64))[rows] += won
        return BatchRounds(win, bad, ran, paid)

    def _spin(self, cs: CompiledSet, seeds: np.ndarray, k: int | np.ndarray, bad: np.ndarray) -> tuple[
            np.ndarray, np.ndarray, list[np.ndarray], np.ndarray]:
        """One spin on a reel set from draw index ``k``: (its pays in minor units at multiplier 1 as
        (model pays, scatter pays), each hint's count, each round's next draw index)."""
        stops, nxt = _draw_stops(seeds, k, cs.lengths, bad)
        outcomes, nxt = self.extra_draws(cs, seeds, stops, nxt, bad)
        if isinstance(nxt, int):
            nxt = np.full(len(seeds), nxt, dtype=np.int64)
        pays = self.price(cs, outcomes, bad)
        scatters = np.zeros(len(seeds), dtype=np.int64)
        for per_reel, minor, exact in zip(cs.scatter_counts, cs.scatter_minor, cs.scatter_exact, strict=True):
            n = summed(per_reel, outcomes)
            scatters += np.take(minor, n)
            bad |= ~np.take(exact, n)
        hinted = [summed(per_reel, outcomes) for per_reel in cs.hint_counts]
        return np.stack([pays, scatters]), nxt, hinted, nxt

    def _chunk(self, seeds: np.ndarray, start: int,
               triggered: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]]) -> tuple[np.ndarray, np.ndarray]:
        """The base spins of ``seeds`` (rounds ``start ..``); the features they trigger that the
        batch plays go to ``triggered`` (plan -> (rounds, triggering counts, next draw indexes))."""
        count = len(seeds)
        bad = np.zeros(count, dtype=bool)
        win = np.zeros(count, dtype=np.int64)
        k = 0
        chosen = np.zeros(count, dtype=np.int64)
        if len(self.sets) > 1:
            pick, rejected = below_array(seeds, 0, sum(self.weights))
            bad |= rejected
            chosen = np.searchsorted(np.cumsum(self.weights), pick, side="right")
            k = 1
        for c, cs in enumerate(self.sets):
            rows = np.nonzero(chosen == c)[0] if len(self.sets) > 1 else np.arange(count)
            if not len(rows):
                continue
            sub = seeds[rows]
            sub_bad = np.zeros(len(rows), dtype=bool)
            paid, nxt, hinted, _ = self._spin(cs, sub, k, sub_bad)
            fired = [n >= threshold for n, threshold in zip(hinted, cs.thresholds, strict=True)]
            if fired:
                many = np.sum(fired, axis=0)
                for h, hit in enumerate(fired):
                    plan = cs.plans[h]
                    if plan is None:
                        sub_bad |= hit  # a block may act: play_round plays the round
                        continue
                    sub_bad |= hit & (many > 1)  # two features at once: play_round
                    go = np.nonzero(hit & (many == 1) & ~sub_bad)[0]
                    if len(go):
                        triggered.setdefault(plan, []).append((start + rows[go], hinted[h][go], nxt[go]))
            win[rows] = paid[0] + paid[1]
            bad[rows] |= sub_bad
        return win, bad

    def _play_spins(self, pb: CompiledPlan, seeds: np.ndarray, counts: np.ndarray, nxt: np.ndarray) -> tuple[
            np.ndarray, np.ndarray]:
        """``SpinsPlan`` features in lockstep, spin by spin (``features.SpinsPlan`` says the order):
        (what each paid, minor units; the rounds the batch cannot settle exactly)."""
        plan = pb.plan
        n = len(seeds)
        total = np.zeros(n, dtype=np.int64)
        bad = np.zeros(n, dtype=bool)
        remaining = pb.awarded[np.minimum(counts, len(pb.awarded) - 1)]
        played = np.zeros(n, dtype=np.int64)
        nxt = nxt.astype(np.int64)
        live = np.arange(n)
        while len(live):
            live = spins_to_play(live, remaining=remaining, total=total, played=played, bad=bad,
                                 minimum=plan.minimum, top_up=plan.top_up, limit=plan.limit)
            if not len(live):
                break
            sub, k, wrong = seeds[live], nxt[live], np.zeros(len(live), dtype=bool)
            chosen = np.zeros(len(live), dtype=np.int64)
            if len(pb.set_weights) > 1:
                chosen, rejected, drew = _weighted_array(sub, k, pb.set_weights)
                wrong |= rejected
                k = k + int(drew)
            multiplier, k = draw_spin_multiplier(sub, k, wrong, pb.multiplier_values, pb.multiplier_weights)
            pays = np.zeros(len(live), dtype=np.int64)
            scatters = np.zeros(len(live), dtype=np.int64)
            counted = np.zeros(len(live), dtype=np.int64)
            after = k.copy()
            for c, cs in enumerate(pb.sets):
                on = np.nonzero(chosen == c)[0]
                if not len(on):
                    continue
                wrong_on = wrong[on]
                paid, moved, hinted, _ = self._spin(cs, sub[on], k[on], wrong_on)
                pays[on], scatters[on], counted[on], after[on], wrong[on] = paid[0], paid[1], hinted[0], moved, wrong_on
            win = pays * (multiplier * plan.line_multiplier) + scatters * (multiplier * plan.scatter_multiplier)
            capped = settle_spins(live, win, counted, total=total, remaining=remaining, cap=plan.cap, added=pb.added)
            nxt[live] = after
            bad[live] |= wrong
            live = live[~capped & ~wrong]
        return total, bad
