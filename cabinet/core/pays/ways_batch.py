"""Ways pays of many spins at once (numpy), equal to ``ways_rules.ways_pays`` spin by spin.

Per reel and outcome, each target's *weighted matches*: the sum over its matching positions
of their wild multipliers (1 for the symbol itself). Without Doubles, and with wild
multipliers that multiply, the ways pay of a target is ``pay(run length) x the product of its
run's weighted matches`` (the product of sums is the sum over ways of products), so a spin
costs a few array operations per reel. An outcome showing a Double, or a multiplier wild
under ``wild_multipliers: highest``, does not factor: such spins go to ``play_round``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .batch import CompiledSet, ModelSpinner
from .ways_rules import rules_of


@dataclass
class WaysTables:
    weighted: list[np.ndarray]  # per reel: (targets, outcomes) weighted matches
    complex: list[np.ndarray]  # per reel: the outcome does not factor (play_round prices it)
    pay_minor: np.ndarray  # (targets, reels + 1): minor units per way at each run length
    pay_exact: np.ndarray
    both_ways: bool


class WaysSpinner(ModelSpinner):
    def compile_pays(self, cs: CompiledSet) -> WaysTables:
        rules = rules_of(self.defn)
        per_coin = self.bet.coins_per_line * self.bet.coin_value
        n = len(cs.windows)
        weighted, complex_ = [], []
        for reel in cs.windows:
            table = np.zeros((len(rules.targets), len(reel)), dtype=np.int64)
            odd = np.zeros(len(reel), dtype=bool)
            for o, window in enumerate(reel):
                for t, target in enumerate(rules.targets):
                    for (adds, mult), k in rules.classes(target, window):
                        table[t, o] += mult * k
                        if adds != 1 or (rules.highest and mult != 1):
                            odd[o] = True
            weighted.append(table)
            complex_.append(odd)
        values = [[rules.value(t, length) * per_coin for length in range(n + 1)] for t in rules.targets]
        exact = np.array([[Fraction(v).denominator == 1 for v in row] for row in values], dtype=bool).reshape(-1, n + 1)
        minor = np.array([[int(v) if Fraction(v).denominator == 1 else 0 for v in row] for row in values],
                         dtype=np.int64).reshape(-1, n + 1)
        return WaysTables(weighted, complex_, minor, exact, rules.both_ways)

    def price(self, cs: CompiledSet, outcomes: list[np.ndarray], bad: np.ndarray) -> np.ndarray:
        tables: WaysTables = cs.model
        if not tables.pay_minor.shape[0]:  # no symbol pays ways
            return np.zeros(len(bad), dtype=np.int64)
        gathered = [np.take(w, o, axis=1) for w, o in zip(tables.weighted, outcomes, strict=True)]
        for odd, o in zip(tables.complex, outcomes, strict=True):
            bad |= np.take(odd, o)
        win, full = self._direction(tables, gathered, bad)
        if tables.both_ways:
            rtl, _ = self._direction(tables, gathered[::-1], bad)
            win += rtl - full  # a run over every reel is paid once
        return win

    @staticmethod
    def _direction(tables: WaysTables, gathered: list[np.ndarray], bad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(every spin's ways pay from the first of ``gathered``, the part paid by runs over every reel).

        ``ways`` is the product of the first L reels' weighted matches (0 once a reel misses);
        a run of exactly L reels is one whose reel L + 1 misses, and pays ``pay[L] x ways``."""
        n = len(gathered)
        win = np.zeros(gathered[0].shape[1], dtype=np.int64)
        full = win
        ways = gathered[0]
        for length in range(1, n + 1):
            pay = tables.pay_minor[:, length]
            following = gathered[length] if length < n else None
            if pay.any():
                ended = ways if following is None else np.where(following == 0, ways, 0)
                paid = pay @ ended
                win += paid
                if following is None:
                    full = paid
                odd = ~tables.pay_exact[:, length]
                if odd.any():
                    bad |= (ended[odd] > 0).any(axis=0)  # a pay that is not whole: play_round says so
            if following is not None:
                ways = ways * following
        return win, full
