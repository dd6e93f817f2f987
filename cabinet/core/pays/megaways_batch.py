"""Megaways base spins in numpy: the ways batch on (height, stop) outcomes.

A reel's outcome index is ``height index x len(strip) + stop``; the heights are drawn after
every stop, one ``weighted`` draw per reel, reel 1 first (no draw for a reel of one height),
as ``MegawaysModel.land`` draws them. A top reel's stop is drawn last; a covered reel's
outcome then also says which symbol its top cell shows: ``symbol index x (heights x stops) +
the outcome below it``, its window that symbol over the reel's own."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..simulation.rng_arrays import _weighted_array, below_array
from .batch import CompiledSet
from .common import reel_heights
from .top_reel import covered
from .ways_batch import WaysSpinner

Window = tuple[str, ...]


class MegawaysSpinner(WaysSpinner):
    def top_alphabet(self) -> tuple[str, ...]:
        top = self.defn.pay_model.top_reel
        return tuple(sorted(set(top.strip))) if top is not None else ()

    def outcome_windows(self, reel_set: str) -> list[list[Window]]:
        out = [
            [tuple(strip[(stop + r) % len(strip)] for r in range(h)) for h, _ in heights for stop in range(len(strip))]
            for strip, heights in zip(self.defn.reels[reel_set], reel_heights(self.defn), strict=True)
        ]
        for r in covered(self.defn):
            out[r] = [(symbol, *window) for symbol in self.top_alphabet() for window in out[r]]
        return out

    def extra_draws(self, cs: CompiledSet, seeds: np.ndarray, stops: list[np.ndarray], k: Any,
                    bad: np.ndarray) -> tuple[list[np.ndarray], Any]:
        outcomes = []
        for stop, length, heights in zip(stops, cs.lengths, reel_heights(self.defn), strict=True):
            if len(heights) == 1:
                outcomes.append(stop)
                continue
            index = k if isinstance(k, np.ndarray) else np.full(len(seeds), k, dtype=np.int64)
            pick, rejected, drew = _weighted_array(seeds, index, tuple(w for _, w in heights))
            bad |= rejected
            k = k + int(drew)
            outcomes.append(pick * length + stop)
        top = self.defn.pay_model.top_reel
        if top is None:
            return outcomes, k
        n = len(top.strip)
        if n > 1:
            top_stop, rejected = below_array(seeds, k, n)
            bad |= rejected
            k = k + 1
        else:
            top_stop = np.zeros(len(seeds), dtype=np.int64)
        alphabet = {symbol: i for i, symbol in enumerate(self.top_alphabet())}
        for i, r in enumerate(covered(self.defn)):
            cell = np.array([alphabet[top.strip[(s + i) % n]] for s in range(n)], dtype=np.int64)
            below = cs.lengths[r] * len(reel_heights(self.defn)[r])
            outcomes[r] = np.take(cell, top_stop) * below + outcomes[r]
        return outcomes, k
