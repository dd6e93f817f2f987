"""Anywhere pays of many spins at once (numpy): per reel and outcome, each target's count;
summed over the reels, each target's count looks up its pay."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ..evaluate import table_value
from .anywhere_rules import rules_of
from .batch import CompiledSet, ModelSpinner, summed


class AnywhereSpinner(ModelSpinner):
    def compile_pays(self, cs: CompiledSet) -> Any:
        rules = rules_of(self.defn)
        per_coin = self.bet.coins_per_line * self.bet.coin_value
        counts = [np.array([[sum(rules.adds[t].get(s, 0) for s in w) for w in reel] for t in rules.targets],
                           dtype=np.int64).reshape(len(rules.targets), len(reel)) for reel in cs.windows]
        top = sum(int(c.max(initial=0)) for c in counts) + 1
        values = [[table_value(rules.table[t], k) * per_coin for k in range(top)] for t in rules.targets]
        exact = all(Fraction(v).denominator == 1 for row in values for v in row)
        if not exact:
            raise ValueError("a pay that is not whole at this bet")  # the loader refuses such games
        minor = np.array([[int(v) for v in row] for row in values], dtype=np.int64).reshape(len(rules.targets), top)
        return counts, minor.ravel(), top

    def price(self, cs: CompiledSet, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        counts, minor, top = cs.model
        if not len(counts[0]):
            return np.zeros(len(bad), dtype=np.int64)
        total = summed(counts, outcomes)
        flat = total + (np.arange(total.shape[0]) * top)[:, None]
        paid: np.ndarray = np.take(minor, flat).sum(axis=0)
        return paid
