"""What a run reports: the final ``SimReport`` and the ``RunningStats`` a progress display
shows while it goes on."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..bet import Bet
from ..money import fraction_str, money_str
from ..rng import derive_seed
from .tally import WIN_EDGES_X, Tally

Z95 = 1.959963984540054  # two-sided 95% normal quantile


# --- the report --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SimReport:
    game: str
    spins: int
    seed: int
    bet: Bet
    tally: Tally
    minor_units: int = 2
    seconds: float = field(default=0.0, compare=False)  # wall time (never in the JSON)
    cost: int = 0  # what a round costs when a bet mode charges other than the bet (0: the total bet)

    @property
    def bet_total(self) -> int:
        """What one round costs: the total bet, or a bet mode's cost (RTP is per it)."""
        return self.cost or self.bet.total

    @property
    def rtp(self) -> Fraction:
        return Fraction(self.tally.win_sum, self.spins * self.bet_total)

    @property
    def variance(self) -> Fraction:
        """Variance of one round's win, in bets squared (population form)."""
        n = self.spins
        mean = Fraction(self.tally.win_sum, n)
        return (Fraction(self.tally.win_sq_sum, n) - mean * mean) / (self.bet_total**2)

    @property
    def sigma(self) -> float:
        return math.sqrt(self.variance)

    @property
    def standard_error(self) -> float:
        return self.sigma / math.sqrt(self.spins)

    @property
    def rtp_ci95(self) -> tuple[float, float]:
        half = Z95 * self.standard_error
        return float(self.rtp) - half, float(self.rtp) + half

    @property
    def volatility_index(self) -> float:
        return Z95 * self.sigma

    @property
    def hit_rate(self) -> Fraction:
        return Fraction(self.tally.hits, self.spins)

    @property
    def max_win_x(self) -> Fraction:
        return Fraction(max(self.tally.max_win, 0), self.bet_total)

    @property
    def max_win_seed(self) -> int:
        return derive_seed(self.seed, self.tally.max_index)

    def features(self) -> dict[str, dict[str, float]]:
        return {
            name: {
                "rate": n / self.spins,
                "one_in": (self.spins / n) if n else None,  # type: ignore[dict-item]
                "rtp": w / (self.spins * self.bet_total),
            }
            for name, (n, w) in sorted(self.tally.features.items())
        }

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.rtp_ci95
        return {
            "game": self.game,
            "spins": self.spins,
            "seed": self.seed,
            "bet": money_str(self.bet_total, self.minor_units),
            "rtp": round(float(self.rtp), 10),
            "rtp_ci95": [round(lo, 10), round(hi, 10)],
            "sigma": round(self.sigma, 8),
            "volatility_index": round(self.volatility_index, 8),
            "hit_rate": round(float(self.hit_rate), 10),
            "max_win_x": float(self.max_win_x),
            "max_win_seed": self.max_win_seed,
            "max_win_round": self.tally.max_index,
            "features": self.features(),
            "total_bet": money_str(self.spins * self.bet_total, self.minor_units),
            "total_win": money_str(self.tally.win_sum, self.minor_units),
            "scalar_rounds": self.tally.scalar_rounds,
            "top_wins": [
                {
                    "win": money_str(win, self.minor_units),
                    "win_x": float(Fraction(win, self.bet_total)),
                    "round": index,
                    "seed": derive_seed(self.seed, index),
                }
                for win, index in self.tally.top
            ],
            "histogram": {
                "edges_x_bet": [fraction_str(e) for e in WIN_EDGES_X],
                "counts": list(self.tally.histogram),  # [no win, below edge 0, [e0, e1), ..., [e_last, inf)]
            },
            "convergence": {
                "rounds": [n for n, _ in self.tally.convergence],
                "total_bet": [money_str(n * self.bet_total, self.minor_units) for n, _ in self.tally.convergence],
                "total_win": [money_str(w, self.minor_units) for _, w in self.tally.convergence],
            },
        }


@dataclass(frozen=True)
class RunningStats:
    """What a progress display shows while a run goes on: every finished shard counted,
    in whatever order they finished (the final report merges them in shard order)."""

    done: int  # rounds finished, including shards taken from a checkpoint
    spins: int
    resumed: int  # of ``done``, the rounds a checkpoint already had
    win_sum: int
    win_sq_sum: int
    bet_total: int

    @property
    def rtp(self) -> float | None:
        return self.win_sum / (self.done * self.bet_total) if self.done else None

    @property
    def ci95_half(self) -> float | None:
        """Half the width of the running RTP's 95% band (None before any round)."""
        if not self.done:
            return None
        mean = Fraction(self.win_sum, self.done)
        variance = (Fraction(self.win_sq_sum, self.done) - mean * mean) / self.bet_total**2
        return Z95 * math.sqrt(variance) / math.sqrt(self.done)
