"""Megaways base spins in numpy: the ways batch on (height, stop) outcomes.

A reel's outcome index is ``height index x len(strip) + stop``; the heights are drawn after
every stop, one ``weighted`` draw per reel, reel 1 first (no draw for a reel of one height),
as ``MegawaysModel.land`` draws them."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..simulate import _weighted_array
from .batch import CompiledSet
from .common import reel_heights
from .ways_batch import WaysSpinner

Window = tuple[str, ...]


class MegawaysSpinner(WaysSpinner):
    def outcome_windows(self, reel_set: str) -> list[list[Window]]:
        return [
            [tuple(strip[(stop + r) % len(strip)] for r in range(h)) for h, _ in heights for stop in range(len(strip))]
            for strip, heights in zip(self.defn.reels[reel_set], reel_heights(self.defn), strict=True)
        ]

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
        return outcomes, k
