"""Line pays counted from the centre reel outward (``pay_direction: centre_out``; Novomatic's Jewels).

The rule: on each played line the symbol on the centre reel (an odd number of reels) is the paid
symbol; the run takes the adjacent reels on either side that show it too, without a gap on its
side, and pays the paytable at its count (a Double adding its ``counts``): JEWEL JEWEL JEWEL on
reels 2-4 pays 3, and so does reels 1-3; reels 1, 2, 4 do not (reel 3 is not in it).

The catalogue's games with this rule have no wild (Jewels, Just Jewels); a wild's part in such a
run is stated differently by each game, so the loader refuses wilds here, and pay groups.

One copy of the rule for everything that prices lines: ``centre_run`` pays a line for the
evaluator; ``centre_counts`` gives the exact distribution of (paid symbol, count) of one line from
per-reel symbol weights (the reels are independent: the left run and the right run are two
independent walks from the centre); ``centre_best_runs`` is the vectorised form for the line-pay
table that simulate, the lean pricer and the hit rate read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np


def centre_run(match: dict[str, dict[str, tuple[int, int]]], lead: dict[str, tuple[str, ...]],
               table: dict[str, tuple[Fraction, ...]], seq: Sequence[str]) -> tuple[str, int, int, int, Fraction] | None:
    """(paid symbol, count, first reel, last reel, coins) of the line ``seq``, or None."""
    c = len(seq) // 2
    targets = lead[seq[c]]
    if not targets:
        return None
    target = targets[0]
    row = match[target]
    count = row[seq[c]][0]
    lo = c
    while lo > 0 and seq[lo - 1] in row:
        lo -= 1
        count += row[seq[lo]][0]
    hi = c
    while hi < len(seq) - 1 and seq[hi + 1] in row:
        hi += 1
        count += row[seq[hi]][0]
    pays = table[target]
    value = pays[count] if count < len(pays) else pays[-1]
    return (target, count, lo, hi, value) if value else None


def _side(reels: list[list[tuple[str, int]]], row: dict[str, tuple[int, int]]) -> Counter[int]:
    """Walking ``reels`` outward from the centre: stop combinations of those reels by what the
    run adds on this side (it ends at the first reel not showing the paid symbol)."""
    tail = [1] * (len(reels) + 1)
    for d in range(len(reels) - 1, -1, -1):
        tail[d] = tail[d + 1] * sum(w for _, w in reels[d])
    done: Counter[int] = Counter()
    running: Counter[int] = Counter({0: 1})
    for d, reel in enumerate(reels):
        nxt: Counter[int] = Counter()
        for k, weight in running.items():
            for sid, w in reel:
                step = row.get(sid)
                if step is None:
                    done[k] += weight * w * tail[d + 1]
                else:
                    nxt[k + step[0]] += weight * w
        running = nxt
    done.update(running)
    return done


def centre_counts(match: dict[str, dict[str, tuple[int, int]]], lead: dict[str, tuple[str, ...]],
                  weights: list[list[tuple[str, int]]]) -> dict[tuple[str, int], int]:
    """Stop combinations of one line by (paid symbol, count), from per-reel (symbol, weight)."""
    c = len(weights) // 2
    out: Counter[tuple[str, int]] = Counter()
    for sid, w in weights[c]:
        targets = lead[sid]
        if not targets:
            continue
        row = match[targets[0]]
        left = _side(weights[c - 1::-1] if c else [], row)
        right = _side(weights[c + 1:], row)
        own = row[sid][0]
        for kl, a in left.items():
            for kr, b in right.items():
                out[(targets[0], own + kl + kr)] += w * a * b
    return dict(out)


def centre_best_runs(rules: Any, seq: np.ndarray, denominator: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``centre_run`` over every row of ``seq`` (global symbol indices): (value x denominator,
    length, target index), (0, 0, -1) where nothing pays."""
    rows, n = seq.shape
    c = n // 2
    symbols = rules.symbols
    best_value = np.zeros(rows, dtype=np.int64)
    best_len = np.zeros(rows, dtype=np.int64)
    best_target = np.full(rows, -1, dtype=np.int16)
    for ti, target in enumerate(rules.targets):
        owns = np.array([bool(rules.leads[s]) and rules.leads[s][0] == target for s in symbols])
        rows_of = np.nonzero(owns[seq[:, c]])[0]
        if len(rows_of) == 0:
            continue
        sub = seq[rows_of]
        row = rules.match[target]
        adds = np.array([row[s][0] if s in row else -1 for s in symbols], dtype=np.int64)
        steps = adds[sub]
        left = np.logical_and.accumulate(steps[:, c - 1::-1] >= 0, axis=1) if c else np.zeros((len(sub), 0), bool)
        right = np.logical_and.accumulate(steps[:, c + 1:] >= 0, axis=1)
        count = steps[:, c] + np.where(left, steps[:, c - 1::-1] if c else 0, 0).sum(axis=1) \
            + np.where(right, steps[:, c + 1:], 0).sum(axis=1)
        table = np.array([int(v * denominator) for v in rules.table[target]], dtype=np.int64)
        best_value[rows_of] = table[np.minimum(count, len(table) - 1)]
        best_len[rows_of] = 1 + left.sum(axis=1) + right.sum(axis=1)
        best_target[rows_of] = np.where(best_value[rows_of] > 0, ti, -1)
    best_len[best_value == 0] = 0
    return best_value, best_len, best_target
