"""Free spins awarded by line wins (``free_spins: line_win_awards``): the catalogue's Fruit Shop,
where every winning line of a fruit also wins free spins (cherry: 1 for 2, 1, 2 and 5 for 3, 4
and 5 of a kind; in free spins every symbol does: ``retrigger_line_win_awards``), or "five of X
win free spins"::

    trigger_symbol: ""                       # line wins only; or a scatter, whose award adds to them
    line_win_awards:
      A: {2: 1, 3: 1, 4: 2, 5: 5}            # the paid symbol -> its exact count -> spins
    retrigger_line_win_awards:               # in free spins (empty: line_win_awards); needs retrigger
      A: {3: 1, 4: 2, 5: 5}
      K: {3: 1, 4: 2, 5: 5}

A line's award is read off its paid run (left to right, as the line pays it: the symbol it pays,
a wild's own run as the wild, and the run's exact count); the spin's award is the sum over the
played lines (and the scatter's). No draw. Line games paid left to right only.

Par (exact): the spins a spin awards are a sum over the played lines, each line with the same
exact distribution of paid runs (the line DP's P(the line pays symbol s with exact count c)),
so E[award] = lines x sum P(s, c) x award(s, c) plus the scatter's, and E[spins] = E[award] /
(1 - E[spins a free spin adds]) by Wald's identity. The trigger rate (a screen where any line
awards) is exact too: the lines share reels, so it is counted over every combination of the
reels' distinct windows (numpy; refused at load above ``MAX_WINDOW_COMBINATIONS``). Brute force
agrees on ``tests/games/free_spins/toy-line-wins.yaml``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

import numpy as np

from ..definition import Definition
from ..evaluate import compiled
from ..events import Position, Screen

MAX_WINDOW_COMBINATIONS = 4_000_000  # reel-window combinations the exact trigger rate may count


def table_of(feature: Any, *, retrigger: bool) -> dict[str, dict[int, int]]:
    found: dict[str, dict[int, int]] = (
        (feature.retrigger_line_win_awards or feature.line_win_awards) if retrigger else feature.line_win_awards)
    return found


def award_of(table: dict[str, dict[int, int]], symbol: str, count: int) -> int:
    return table.get(symbol, {}).get(count, 0)


def awards_on(defn: Definition, feature: Any, screen: Screen, lines: int, *, retrigger: bool
              ) -> tuple[int, tuple[Position, ...], str, int]:
    """(spins awarded by the played lines' paid runs, their cells, the first awarding symbol and count)."""
    from ..linemath import rules_for

    table = table_of(feature, retrigger=retrigger)
    rules = rules_for(defn)
    total, first = 0, ("", 0)
    cells: list[Position] = []
    for line in defn.lines[:lines]:
        run = rules.best_run([screen[reel][row] for reel, row in enumerate(line)])
        if run is None:
            continue
        spins = award_of(table, run.target, run.count)
        if spins:
            total += spins
            cells.extend((reel, line[reel]) for reel in range(run.length))
            first = first if first[0] else (run.target, run.count)
    return total, tuple(dict.fromkeys(cells)), first[0], first[1]


def mean_award(defn: Definition, feature: Any, reel_set: str, lines: int, *, retrigger: bool) -> Fraction:
    """E[spins the played lines award on one spin of ``reel_set``], exact (each line alike)."""
    from ..linemath import line_expectation

    table = table_of(feature, retrigger=retrigger)
    by_count = line_expectation(defn, reel_set, False).by_count
    one = sum((p * award_of(table, symbol, count) for symbol, counts in by_count.items()
               for count, p in counts.items()), Fraction(0))
    return lines * one


def window_combinations(defn: Definition, reel_set: str) -> int:
    rows = defn.grid.rows
    return math.prod(len({tuple(strip[(s + r) % len(strip)] for r in range(rows)) for s in range(len(strip))})
                     for strip in defn.reels[reel_set])


def trigger_rate(defn: Definition, feature: Any, reel_set: str, lines: int, awards: dict[int, int], *,
                 retrigger: bool) -> Fraction:
    """P(a spin of ``reel_set`` awards spins by a line or by the scatter), exact: every combination
    of the reels' distinct windows, weighted by how many stops show it."""
    from ..linemath import rules_for
    from . import award_for

    cache = compiled(defn).cache
    key = ("line_win_rate", id(feature), reel_set, lines, retrigger)
    found = cache.get(key)
    if isinstance(found, Fraction):
        return found
    rows = defn.grid.rows
    windows: list[list[tuple[str, ...]]] = []
    weights: list[np.ndarray] = []
    for strip in defn.reels[reel_set]:
        counted: dict[tuple[str, ...], int] = {}
        for s in range(len(strip)):
            w = tuple(strip[(s + r) % len(strip)] for r in range(rows))
            counted[w] = counted.get(w, 0) + 1
        windows.append(list(counted))
        weights.append(np.array(list(counted.values()), dtype=np.int64))
    alphabets = [sorted({sid for w in reel for sid in w}) for reel in windows]
    rules = rules_for(defn)
    table = table_of(feature, retrigger=retrigger)
    pays = np.zeros([len(a) for a in alphabets], dtype=bool)  # a line's symbol tuple awards spins
    for index in itertools.product(*(range(len(a)) for a in alphabets)):
        run = rules.best_run([alphabets[r][i] for r, i in enumerate(index)])
        pays[index] = run is not None and award_of(table, run.target, run.count) > 0
    shape = [len(reel) for reel in windows]
    hit = np.zeros(shape, dtype=bool)
    n = len(windows)
    for line in defn.lines[:lines]:
        digits = []
        for r, reel in enumerate(windows):
            place = {sid: i for i, sid in enumerate(alphabets[r])}
            axis = np.array([place[w[line[r]]] for w in reel], dtype=np.int64)
            digits.append(axis.reshape([-1 if j == r else 1 for j in range(n)]))
        hit |= pays[tuple(digits)]
    if feature.trigger_symbol:  # the scatter's own trigger on the same windows
        adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol}
        count = sum(np.array([sum(adds.get(sid, 0) for sid in w) for w in reel], dtype=np.int64).reshape(
            [-1 if j == r else 1 for j in range(n)]) for r, reel in enumerate(windows))
        triggering = np.vectorize(lambda k: award_for(awards, int(k)) > 0)(np.arange(int(np.max(count)) + 1))
        hit |= triggering[count]
    weight = weights[0].reshape([-1] + [1] * (n - 1))
    for r in range(1, n):
        weight = weight * weights[r].reshape([-1 if j == r else 1 for j in range(n)])
    total = math.prod(len(strip) for strip in defn.reels[reel_set])
    found = Fraction(int(np.sum(weight * hit, dtype=np.int64)), total)
    cache[key] = found
    return found


def check(defn: Definition, feature: Any, report: Any) -> None:
    from . import active

    if not (feature.line_win_awards or feature.retrigger_line_win_awards):
        return
    for name in ("line_win_awards", "retrigger_line_win_awards"):
        for symbol, counts in getattr(feature, name).items():
            if symbol not in defn.symbol_map:
                report((name, symbol, "__key__"), f"unknown symbol '{symbol}'")
            for count, spins in counts.items():
                if count < 1 or spins < 0:
                    report((name, symbol, count), f"a line win's award needs a count of at least 1 and spins of "
                           f"at least 0, got {count}: {spins}")
    if feature.retrigger_line_win_awards and not feature.retrigger:
        report(("retrigger_line_win_awards",), "retrigger_line_win_awards needs retrigger: true")
    if defn.pay_model.type != "lines" or defn.pay_model.reel_sets or defn.pay_direction == "both_ways":
        report(("line_win_awards",), "free spins by line wins are for line games paid left to right")
        return
    for name in ("drawn_spins", "until_symbol", "minimum_win_x_bet", "max_win_coins", "max_win_x_bet",
                 "max_retriggers", "wild_reels"):
        if getattr(feature, name):
            report((name,), f"{name} is not priced with free spins by line wins: leave one out")
    others = [p.type for p, entry in (*active(defn, "base"), *active(defn, "free"))
              if p is not feature and (entry.screen_modifier or entry.win_modifier)]
    if others:
        report(("line_win_awards",), f"free spins by line wins are counted on the landed screen: not with "
               f"{', '.join(sorted(set(others)))}")
    sets = {c.set for c in defn.base_game.reel_sets} | {c.set for c in feature.reel_sets}
    for reel_set in sorted(sets):
        if reel_set in defn.reels and window_combinations(defn, reel_set) > MAX_WINDOW_COMBINATIONS:
            report(("line_win_awards",), f"reel set '{reel_set}' has {window_combinations(defn, reel_set):,} "
                   f"combinations of windows: the exact trigger rate counts at most {MAX_WINDOW_COMBINATIONS:,}")
