"""simulate's batch pricer for the pay models other than lines: base spins in numpy, lockstep.

Round ``i`` is priced exactly as ``play_round`` plays it, or flagged for ``play_round``:

- draws in the round's order: the reel set (one ``weighted`` draw when there are 2+), one
  ``below(len(strip))`` per reel, reel 1 first, then the model's own draws (``extra_draws``:
  Megaways heights);
- the model prices its pays from per-reel, per-outcome tables (``price``); scatter pays from
  per-outcome window counts, like the lines batch;
- every block's batch hint (``FeatureBlock.batch_hints``) is counted on the windows shown; a
  spin that reaches a hint's threshold (a trigger, a reveal, a multiplier wild...) goes to
  ``play_round``, and so does a spin the model cannot price here (``price``'s own flags), a
  rejected draw or a pay that is not whole. ``scalar_rounds`` in the report says how many.

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
from ..linemath import scatter_adds
from ..simulate import BASE_CHUNK, BatchRounds, _draw_stops, batch_hints, below_array

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


class ModelSpinner:
    """Base spins of a game whose model prices per reel outcome; subclasses say how."""

    def __init__(self, defn: Definition, bet: Bet) -> None:
        self.defn, self.bet = defn, bet
        self.unsupported: str | None = None
        self.weights = [c.weight for c in defn.base_game.reel_sets]
        self.sets: list[CompiledSet] = []
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

    def extra_draws(self, cs: CompiledSet, seeds: np.ndarray, stops: list[np.ndarray], k: int,
                    bad: np.ndarray) -> list[np.ndarray]:
        """Each reel's outcome index from its stop (and the model's own draws from index ``k``)."""
        return stops

    def compile_pays(self, cs: CompiledSet) -> Any:
        raise NotImplementedError

    def price(self, cs: CompiledSet, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        """The model's pays of every spin in minor units (flagging in ``bad`` what it cannot price)."""
        raise NotImplementedError

    # -- shared -----------------------------------------------------------------------------------

    def compile(self, reel_set: str) -> CompiledSet:
        defn, bet = self.defn, self.bet
        windows = self.outcome_windows(reel_set)
        scatters = sorted(scatter_adds(defn).items())
        scatter_counts = [[np.array([sum(adds.get(s, 0) for s in w) for w in reel], dtype=np.int64)
                           for reel in windows] for _, adds in scatters]
        scatter_minor, scatter_exact = [], []
        for (target, _), counts in zip(scatters, scatter_counts, strict=True):
            top = sum(int(c.max(initial=0)) for c in counts)
            values = [table_value(pay_table(defn.pays[target]), k) * bet.total for k in range(top + 1)]
            scatter_exact.append(np.array([Fraction(v).denominator == 1 for v in values]))
            scatter_minor.append(np.array([int(v) if Fraction(v).denominator == 1 else 0 for v in values],
                                          dtype=np.int64))
        hints = batch_hints(defn, reel_set)
        hint_counts = []
        for h in hints:
            fn = h.window_count
            if fn is None:
                if any(len(w) != defn.grid.rows for reel in windows for w in reel):
                    raise ValueError("a block's hint has no rule for windows of other heights")
                hint_counts.append([np.array(c, dtype=np.int64) for c in h.counts])
            else:
                hint_counts.append([np.array([fn(r, w) for w in reel], dtype=np.int64)
                                    for r, reel in enumerate(windows)])
        cs = CompiledSet(reel_set, tuple(len(s) for s in defn.reels[reel_set]), windows, scatter_counts,
                         scatter_minor, scatter_exact, hint_counts, [h.threshold for h in hints], None)
        cs.model = self.compile_pays(cs)
        return cs

    def rounds(self, seeds: np.ndarray) -> BatchRounds:
        count = len(seeds)
        if self.unsupported is not None:
            return BatchRounds(np.zeros(count, dtype=np.int64), np.ones(count, dtype=bool))
        win = np.zeros(count, dtype=np.int64)
        bad = np.zeros(count, dtype=bool)
        for start in range(0, count, BASE_CHUNK):
            part = slice(start, start + BASE_CHUNK)
            w, b = self._chunk(seeds[part])
            win[part], bad[part] = w, b
        return BatchRounds(win, bad)

    def _chunk(self, seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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
            stops, nxt = _draw_stops(sub, k, cs.lengths, sub_bad)
            outcomes = self.extra_draws(cs, sub, stops, nxt, sub_bad)
            total = self.price(cs, outcomes, sub_bad)
            for counts, minor, exact in zip(cs.scatter_counts, cs.scatter_minor, cs.scatter_exact, strict=True):
                n = sum(np.take(c, o) for c, o in zip(counts, outcomes, strict=True))
                total = total + np.take(minor, n)
                sub_bad |= ~np.take(exact, n)
            for counts, threshold in zip(cs.hint_counts, cs.thresholds, strict=True):
                n = sum(np.take(c, o) for c, o in zip(counts, outcomes, strict=True))
                sub_bad |= n >= threshold  # a block may act: play_round plays the round
            win[rows] = total
            bad[rows] |= sub_bad
        return win, bad
