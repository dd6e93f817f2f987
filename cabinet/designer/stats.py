"""The live math panel's numbers: this session against the game's theory.

``SessionStats`` folds finished rounds in as they appear in the session's history
(forced rounds are counted apart: a scenario is not a random draw, so it would bias
the RTP). ``Theory`` is the game's exact RTP (``par``) and the standard deviation of
one round's win in bets, from a fixed-seed simulation because par has no variance.
Both are computed once per definition and bet in a background thread, never in the
frame loop; until they arrive the panel says so.

The band: after n rounds at one bet, the session RTP is within
``theory +- 1.96 sigma / sqrt(n)`` about 95% of the time.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.core.value import Estimate, Exact

Z95 = 1.96
SIGMA_ROUNDS = 100_000  # rounds simulated for sigma: well under a second for the shipped games
PROBE_ROUNDS = 5_000  # simulated first: a game the batch cannot play stays at this many
PROBE_SECONDS = 0.25
SIGMA_SEED = 20_240_607


@dataclass
class SessionStats:
    rounds: int = 0  # random rounds (forced ones are apart)
    bet: int = 0
    won: int = 0
    hits: int = 0
    forced: int = 0
    features: Counter[str] = field(default_factory=Counter)
    last_index: int = -1  # the last history record folded in

    def fold(self, record: Any) -> None:
        """One finished round (a ``RoundRecord``: request, cost, total_win, features)."""
        self.last_index = max(self.last_index, record.index)
        for name in dict.fromkeys(record.features):
            self.features[name] += 1
        if record.request.forced:
            self.forced += 1
            return
        self.rounds += 1
        self.bet += record.cost
        self.won += record.total_win
        self.hits += record.total_win > 0

    def catch_up(self, history: list[Any]) -> None:
        """Fold in every record newer than the last one seen."""
        for record in history:
            if record.index > self.last_index:
                self.fold(record)

    @property
    def rtp(self) -> float | None:
        return self.won / self.bet if self.bet else None

    @property
    def hit_rate(self) -> float | None:
        return self.hits / self.rounds if self.rounds else None


@dataclass(frozen=True)
class Theory:
    rtp: float  # par's total when it has one (exact or its estimate's mean), else simulated
    exact: bool  # par says exact (never for an estimate: ``label`` says which)
    sigma: float  # one round's win, in bets
    label: str = ""  # "exact", "estimate +-0.05" or "simulated"

    def band(self, rounds: int) -> tuple[float, float] | None:
        if rounds <= 0:
            return None
        half = Z95 * self.sigma / math.sqrt(rounds)
        return max(0.0, self.rtp - half), self.rtp + half  # a return is never negative


def compute_theory(defn: Definition, bet: Bet) -> Theory:
    from cabinet.core.par import par
    from cabinet.core.simulate import simulate

    sim = simulate(defn, PROBE_ROUNDS, SIGMA_SEED, bet=bet)
    if sim.seconds < PROBE_SECONDS:  # the fast (batched) path: a closer sigma is cheap
        sim = simulate(defn, SIGMA_ROUNDS, SIGMA_SEED, bet=bet)
    try:
        total = par(defn, bet).total
    except Exception:  # noqa: BLE001 - a game par cannot price: the simulation stands in
        total = None
    if isinstance(total, Exact):
        return Theory(rtp=float(total.value), exact=True, sigma=float(sim.sigma), label="exact")
    if isinstance(total, Estimate):
        half = Z95 * total.std_error * 100
        return Theory(rtp=total.mean, exact=False, sigma=float(sim.sigma), label=f"estimate +-{half:.2f}")
    return Theory(rtp=float(sim.rtp), exact=False, sigma=float(sim.sigma), label="simulated")


class TheoryCache:
    """Theory per (definition, bet), each computed once on a daemon thread."""

    def __init__(self) -> None:
        self._done: dict[tuple[int, Bet], Theory | str] = {}
        self._running: set[tuple[int, Bet]] = set()
        self._lock = threading.Lock()
        self._keep: dict[int, Definition] = {}  # ids stay valid while their definition is kept

    def get(self, defn: Definition, bet: Bet) -> Theory | str | None:
        """The theory, an error message, or None while it is being computed (started here)."""
        key = (id(defn), bet)
        with self._lock:
            if key in self._done:
                return self._done[key]
            if key in self._running:
                return None
            self._running.add(key)
            self._keep[id(defn)] = defn
        threading.Thread(target=self._work, args=(key, defn, bet), name="cabinet-theory", daemon=True).start()
        return None

    def _work(self, key: tuple[int, Bet], defn: Definition, bet: Bet) -> None:
        try:
            result: Theory | str = compute_theory(defn, bet)
        except Exception as exc:  # noqa: BLE001 - shown in the panel, never raised into the loop
            result = f"theory unavailable: {exc}"
        with self._lock:
            self._done[key] = result
            self._running.discard(key)

    def wait(self, defn: Definition, bet: Bet, timeout: float = 30.0) -> Theory | str | None:
        """Tests and screenshots: block until the theory is there."""
        import time

        end = time.monotonic() + timeout
        while (found := self.get(defn, bet)) is None and time.monotonic() < end:
            time.sleep(0.02)
        return found
