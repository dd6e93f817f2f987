"""A shard's statistics: exact integer sums, win buckets and convergence checkpoints
(``Tally``), merged in shard order."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ..bet import Bet

# --- win buckets and convergence checkpoints -----------------------------------------------------------

# Renard R5 preferred numbers: 10^(k/5) to within 1.1%, and every one a short exact decimal.
_R5 = (Fraction(1), Fraction(8, 5), Fraction(5, 2), Fraction(4), Fraction(63, 10))
# Lower edges of the win buckets in x bet, 0.001x .. 1,000,000x (five buckets a decade).
WIN_EDGES_X: tuple[Fraction, ...] = (
    *(m * Fraction(10) ** d for d in range(-3, 6) for m in _R5),
    Fraction(10**6),
)
# Bucket i of a histogram: 0 no win; 1 below WIN_EDGES_X[0]; i + 2 from WIN_EDGES_X[i]
# up to (not including) WIN_EDGES_X[i + 1]; the last, WIN_EDGES_X[-1] and over.
HISTOGRAM_BUCKETS = len(WIN_EDGES_X) + 2
# Renard R20, x 100: round counts 20 a decade, log-spaced to within 1.3%, all integers.
_R20 = (100, 112, 125, 140, 160, 180, 200, 224, 250, 280, 315, 355, 400, 450, 500, 560, 630, 710, 800, 900)


def win_edges_minor(bet_total: int) -> np.ndarray:
    """The bucket edges in minor units at this bet, rounded up: a whole win ``w`` is at
    or above ``e x bet`` exactly when ``w >= ceil(e x bet)`` (no float anywhere)."""
    return np.array([math.ceil(e * bet_total) for e in WIN_EDGES_X], dtype=np.int64)


def win_histogram(win: np.ndarray, edges_minor: np.ndarray) -> list[int]:
    """Rounds per win bucket (see ``HISTOGRAM_BUCKETS``) of round totals in minor units."""
    # A game pays few distinct amounts: bucket those, not every round (4x faster).
    values, counts = np.unique(win, return_counts=True)
    bucket = np.where(values > 0, np.searchsorted(edges_minor, values, side="right") + 1, 0)
    histogram = np.zeros(HISTOGRAM_BUCKETS, dtype=np.int64)
    np.add.at(histogram, bucket, counts)
    return [int(n) for n in histogram]


def convergence_marks(start: int, stop: int) -> list[int]:
    """The checkpoint round counts ``c`` with ``start < c <= stop`` (R20 from 100 up;
    the last round of a run is added by ``simulate`` itself)."""
    marks: list[int] = []
    scale = 1
    while 100 * scale <= stop:
        marks.extend(c * scale for c in _R20 if start < c * scale <= stop)
        scale *= 10
    return marks


# --- statistics --------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Exact sums over a run of rounds (mergeable in order)."""

    rounds: int = 0
    win_sum: int = 0
    win_sq_sum: int = 0
    hits: int = 0
    max_win: int = -1
    max_index: int = -1  # round index of the first round with max_win
    scalar_rounds: int = 0
    features: dict[str, list[int]] = field(default_factory=dict)  # name -> [rounds, win]
    histogram: list[int] = field(default_factory=list)  # rounds per win bucket (WIN_EDGES_X)
    # (rounds, win) counted from this tally's first round, at the checkpoints it covers
    convergence: list[tuple[int, int]] = field(default_factory=list)
    top_k: int = 0  # how many of the largest rounds ``top`` keeps
    # (win, round index) of the largest winning rounds, largest first, ties by round index
    top: list[tuple[int, int]] = field(default_factory=list)

    def merge(self, later: Tally) -> None:
        """Add a tally of LATER rounds (ties of the max keep the earlier round)."""
        self.top_k = max(self.top_k, later.top_k)
        if later.top:
            self.top = largest_rounds(self.top + later.top, self.top_k)
        self.convergence.extend((self.rounds + n, self.win_sum + w) for n, w in later.convergence)
        if later.histogram:
            mine = self.histogram or [0] * len(later.histogram)
            self.histogram = [a + b for a, b in zip(mine, later.histogram, strict=True)]
        self.rounds += later.rounds
        self.win_sum += later.win_sum
        self.win_sq_sum += later.win_sq_sum
        self.hits += later.hits
        self.scalar_rounds += later.scalar_rounds
        if later.max_win > self.max_win:
            self.max_win, self.max_index = later.max_win, later.max_index
        for name, (n, w) in later.features.items():
            mine = self.features.setdefault(name, [0, 0])
            mine[0] += n
            mine[1] += w

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (every integer exact), for a checkpoint file."""
        return {
            "rounds": self.rounds,
            "win_sum": self.win_sum,
            "win_sq_sum": self.win_sq_sum,
            "hits": self.hits,
            "max_win": self.max_win,
            "max_index": self.max_index,
            "scalar_rounds": self.scalar_rounds,
            "features": {name: list(v) for name, v in sorted(self.features.items())},
            "histogram": list(self.histogram),
            "convergence": [list(c) for c in self.convergence],
            "top_k": self.top_k,
            "top": [list(t) for t in self.top],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        """The inverse of ``to_dict``; raises ValueError on anything but what it wrote."""
        try:
            tally = cls(
                rounds=_whole(data["rounds"]),
                win_sum=_whole(data["win_sum"]),
                win_sq_sum=_whole(data["win_sq_sum"]),
                hits=_whole(data["hits"]),
                max_win=_whole(data["max_win"]),
                max_index=_whole(data["max_index"]),
                scalar_rounds=_whole(data["scalar_rounds"]),
                features={str(k): [_whole(n), _whole(w)] for k, (n, w) in data["features"].items()},
                histogram=[_whole(n) for n in data["histogram"]],
                convergence=[(_whole(n), _whole(w)) for n, w in data["convergence"]],
                top_k=_whole(data["top_k"]),
                top=[(_whole(w), _whole(i)) for w, i in data["top"]],
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a shard tally ({exc.__class__.__name__}: {exc})") from None
        if len(tally.histogram) not in (0, HISTOGRAM_BUCKETS):
            raise ValueError(f"a shard histogram has {HISTOGRAM_BUCKETS} buckets, not {len(tally.histogram)}")
        return tally


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def largest_rounds(candidates: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """The ``k`` largest (win, round index) pairs, largest win first, ties by the earlier
    round: one answer whatever order the shards were merged in."""
    return sorted(candidates, key=lambda t: (-t[0], t[1]))[:k]


def shard_top(win: np.ndarray, start: int, k: int) -> list[tuple[int, int]]:
    """The ``k`` largest winning rounds of a shard whose first round is ``start``
    (rounds that win nothing are never listed)."""
    if k <= 0 or len(win) == 0:
        return []
    floor = max(int(np.partition(win, -k)[-k]), 1) if k < len(win) else 1
    picked = np.nonzero(win >= floor)[0]  # ascending: the tie-break by round index is kept
    order = np.lexsort((picked, -win[picked]))[:k]
    return [(int(win[i]), start + int(i)) for i in picked[order]]


def _square_sum(wins: np.ndarray) -> int:
    """Exact sum of squares of int64 wins, as a Python int."""
    if len(wins) == 0:
        return 0
    top = int(np.abs(wins).max())
    if top * top * len(wins) < (1 << 62):
        return int(np.dot(wins, wins))
    values, counts = np.unique(wins, return_counts=True)
    return sum(int(v) * int(v) * int(c) for v, c in zip(values, counts, strict=True))


def _count_for_report(tally: Tally, win: np.ndarray, start: int, bet: Bet) -> None:
    """The math report's integers for the rounds ``start ..`` whose totals are ``win``."""
    tally.histogram = win_histogram(win, win_edges_minor(bet.total))
    running = done = 0
    for mark in convergence_marks(start, start + len(win)):
        running += int(win[done : mark - start].sum())
        done = mark - start
        tally.convergence.append((done, running))


def _close_convergence(tally: Tally) -> None:
    """End the series on the run's last round (the final RTP, exactly)."""
    if not tally.convergence or tally.convergence[-1][0] != tally.rounds:
        tally.convergence.append((tally.rounds, tally.win_sum))
