"""``cluster``: groups of orthogonally adjacent equal symbols pay by their size.

Rules (pinned in tests/test_pays_cluster.py):

- a *target* is a regular symbol with pays. Its cells are those showing it (a Double adds its
  ``counts``) or a wild that does not exclude it (adds 1); a *cluster* of the target is a
  group of its cells joined up, down, left or right, holding at least one cell of the target
  itself (wilds alone never pay). A wild joins every cluster it touches, of any target;
- a cluster pays its paytable value at its size (the largest key not above it: the smallest
  key is the least cluster that pays) x its wilds' multipliers (multiplied, or with
  ``wild_multipliers: highest`` the highest) x the spin's multiplier, in coins per level-coin;
- scatters pay as in every model. The bet is ``pay_model.cost`` x level x coin value.

Par: the clusters of a screen do not factor over reels, so par is *exact only by
enumeration*: when the base reel sets have at most ``MAX_ENUMERATED`` stop combinations,
every screen is priced (by the batch pricer, whole minor units) and the RTP, per-symbol RTP
and hit rate are exact; otherwise they are an estimate from ``ESTIMATE_SPINS`` sampled base
spins with its 95% interval, and said so. No block's par is written for clusters: a game with
features is estimated whole from simulated rounds.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..bet import default_bet
from ..definition import Definition
from ..events import Event
from . import BasePar, CheckPath, cost_of
from .cluster_rules import ClusterWin as ClusterWin  # the event, where the model is
from .cluster_rules import cluster_events, rules_of
from .common import CellCountModel

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen

MAX_ENUMERATED = 2_000_000  # base stop combinations par prices one by one (exact)
ESTIMATE_SPINS = 1 << 20  # sampled base spins of an estimated par
ESTIMATE_SEED = 20240601


class ClusterModel(CellCountModel):
    type = "cluster"
    counts_cells = True  # pay counts are cells anywhere on the screen (not symbols along reels)
    paylines = False
    priced_blocks: frozenset[str] | None = frozenset()  # no block's par is written for clusters

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        out: list[tuple[CheckPath, str]] = []
        if defn.pay_model.cost < 1:
            out.append((("pay_model", "cost"), "a cluster game needs cost: the coins of one bet level"))
        if defn.pay_model.heights:
            out.append((("pay_model", "heights"), "heights is for megaways games, not cluster"))
        for s in defn.symbols:
            if s.kind == "wild" and s.id in defn.pays:
                out.append((("pays", s.id), f"a cluster game pays wilds in the clusters they join: remove '{s.id}''s "
                            "pays"))
        return out

    def cell_events(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction, *,
        scatter_multiplier: int | Fraction | None,
    ) -> tuple[list[Event], int]:
        return cluster_events(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier)

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        from .cluster_batch import price_base

        combos = math.prod(len(s) for s in defn.reels[reel_set])
        # kept on the definition: par_to_precision reruns par, and a sampled grid's answer is the same
        known = defn.__dict__.setdefault("_cluster_base_par", {})
        if (reel_set, bet) not in known:
            known[reel_set, bet] = price_base(defn, reel_set, bet, enumerate_all=combos <= MAX_ENUMERATED,
                                              samples=ESTIMATE_SPINS, seed=ESTIMATE_SEED)
        found: BasePar = known[reel_set, bet]
        return found

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        """Exact when every screen can be priced (no block's par relies on it: ``priced_blocks``)."""
        from .cluster_batch import price_base

        if math.prod(len(s) for s in defn.reels[reel_set]) > MAX_ENUMERATED:
            raise ValueError(f"{defn.pay_model.type} pays of a grid too large to enumerate have no exact value")
        bet = default_bet(defn)
        part = price_base(defn, reel_set, bet, enumerate_all=True, samples=0, seed=0)
        return part.pays_rtp * bet.total / (bet.coins_per_line * bet.coin_value) / cost_of(defn)

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .cluster_batch import ClusterSpinner

        return ClusterSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        least = min((min(k for k, v in defn.pays[t].items() if v) for t in rules_of(defn).targets
                     if any(defn.pays[t].values())), default=0)
        text = [f"Clusters pay: {least} or more of a symbol joined up, down, left or right pay by the size of the "
                "group, with no lines.",
                f"The bet is {cost_of(defn)} coins times the bet level; pays are coins per level."]
        if any(s.kind == "wild" for s in defn.symbols):
            text.append("Wilds join every cluster they touch.")
        return tuple(text)


MODEL = ClusterModel()
