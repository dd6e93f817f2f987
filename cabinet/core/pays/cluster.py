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
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..bet import default_bet
from ..definition import Definition
from ..evaluate import pay_table, table_value, whole
from ..events import Event, Position, register_event
from ..money import MoneyError, apply_ratio
from . import BasePar, CheckPath
from .common import ReelWindows, fixed_reel_windows, land_fixed, scatter_events

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen
    from ..features import RoundState
    from ..rng import Rng

MAX_ENUMERATED = 2_000_000  # base stop combinations par prices one by one (exact)
ESTIMATE_SPINS = 1 << 20  # sampled base spins of an estimated par
ESTIMATE_SEED = 20240601


@register_event
@dataclass(frozen=True)
class ClusterWin(Event):
    """One paying cluster: ``count`` cells of ``symbol`` joined up, down, left or right."""

    kind: ClassVar[str] = "cluster_win"
    symbol: str
    count: int  # its size (Doubles add 2, wilds 1)
    positions: tuple[Position, ...]  # its cells, reel by reel, top to bottom
    coins: Fraction  # paytable value at the size, per coin of the bet level
    multiplier: int  # its wilds' multipliers x the spin's multiplier
    amount: int


class ClusterRules:
    def __init__(self, defn: Definition) -> None:
        self.targets: tuple[str, ...] = tuple(sorted(
            s.id for s in defn.symbols if s.kind == "regular" and not s.pays_as and s.id in defn.pays
        ))
        self.own: dict[str, dict[str, int]] = {t: {s.id: s.counts for s in defn.symbols if s.base == t}
                                               for t in self.targets}
        self.wild: dict[str, dict[str, int]] = {
            t: {s.id: s.multiplier for s in defn.symbols if s.kind == "wild" and t not in s.excludes}
            for t in self.targets
        }
        self.table = {t: pay_table(defn.pays[t]) for t in self.targets}
        self.highest = defn.wild_multipliers == "highest"


def rules_of(defn: Definition) -> ClusterRules:
    found = defn.__dict__.get("_cluster_rules")
    if found is None:
        found = defn.__dict__["_cluster_rules"] = ClusterRules(defn)
    return found


@dataclass(frozen=True)
class ClusterPay:
    symbol: str
    count: int
    cells: tuple[Position, ...]
    coins: Fraction
    multiplier: int


def cluster_pays(defn: Definition, screen: Sequence[Sequence[str]]) -> list[ClusterPay]:
    """Every paying cluster on ``screen``, targets in id order, each target's clusters by their first cell."""
    rules = rules_of(defn)
    out: list[ClusterPay] = []
    for t in rules.targets:
        own, wild = rules.own[t], rules.wild[t]
        seen: set[Position] = set()
        for reel, column in enumerate(screen):
            for row, sid in enumerate(column):
                if (reel, row) in seen or sid not in own:
                    continue  # a cluster is found from a cell of the target itself
                group = [(reel, row)]
                seen.add((reel, row))
                i = 0
                while i < len(group):
                    r, w = group[i]
                    i += 1
                    for nr, nw in ((r - 1, w), (r + 1, w), (r, w - 1), (r, w + 1)):
                        if (nr, nw) in seen or not 0 <= nr < len(screen) or not 0 <= nw < len(screen[nr]):
                            continue
                        s = screen[nr][nw]
                        if s in own or s in wild:
                            seen.add((nr, nw))
                            group.append((nr, nw))
                cells = tuple(sorted(group))
                count = sum(own.get(screen[r][w], 1) for r, w in cells)
                coins = table_value(rules.table[t], count)
                if not coins:
                    continue
                mult = 1
                for r, w in cells:
                    m = wild.get(screen[r][w])
                    if m is not None and screen[r][w] not in own:
                        mult = max(mult, m) if rules.highest else mult * m
                out.append(ClusterPay(t, count, cells, coins, mult))
    return out


def cluster_events(
    defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
    scatter_multiplier: int | Fraction | None = None,
) -> tuple[list[Event], int]:
    per_coin = bet.coins_per_line * bet.coin_value
    events: list[Event] = []
    total = 0
    for pay in cluster_pays(defn, screen):
        mult = pay.multiplier * multiplier
        amount = apply_ratio(pay.coins * mult, per_coin)
        events.append(ClusterWin(pay.symbol, pay.count, pay.cells, pay.coins, whole(mult), amount))  # type: ignore[arg-type]
        total += amount
    scatters, paid = scatter_events(defn, screen, bet, multiplier, scatter_multiplier)
    return events + scatters, total + paid


class ClusterModel:
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

    def reel_windows(self, defn: Definition, reel_set: str) -> ReelWindows:
        return fixed_reel_windows(defn, reel_set)

    def land(
        self, defn: Definition, reel_set: str, rng: Rng, windows: Sequence[Sequence[tuple[str, ...]]]
    ) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
        return land_fixed(rng, windows)

    def evaluate(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
        scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
    ) -> tuple[list[Event], int]:
        return cluster_events(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier)

    def lean_win(
        self, defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
        stops: tuple[int, ...] | None = None,
    ) -> int | None:
        try:
            return cluster_events(defn, screen, bet, state.multiplier, scatter_multiplier=state.scatter_multiplier)[1]
        except MoneyError:
            return None

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        from .cluster_batch import price_base

        combos = math.prod(len(s) for s in defn.reels[reel_set])
        return price_base(defn, reel_set, bet, enumerate_all=combos <= MAX_ENUMERATED,
                          samples=ESTIMATE_SPINS, seed=ESTIMATE_SEED)

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        """Exact when every screen can be priced (no block's par relies on it: ``priced_blocks``)."""
        from .cluster_batch import price_base

        if math.prod(len(s) for s in defn.reels[reel_set]) > MAX_ENUMERATED:
            raise ValueError(f"{defn.pay_model.type} pays of a grid too large to enumerate have no exact value")
        bet = default_bet(defn)
        part = price_base(defn, reel_set, bet, enumerate_all=True, samples=0, seed=0)
        return part.pays_rtp * bet.total / (bet.coins_per_line * bet.coin_value) / defn.pay_model.cost

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .cluster_batch import ClusterSpinner

        return ClusterSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        least = min((min(k for k, v in defn.pays[t].items() if v) for t in rules_of(defn).targets
                     if any(defn.pays[t].values())), default=0)
        text = [f"Clusters pay: {least} or more of a symbol joined up, down, left or right pay by the size of the "
                "group, with no lines.",
                f"The bet is {defn.pay_model.cost} coins times the bet level; pays are coins per level."]
        if any(s.kind == "wild" for s in defn.symbols):
            text.append("Wilds join every cluster they touch.")
        return tuple(text)


MODEL = ClusterModel()
