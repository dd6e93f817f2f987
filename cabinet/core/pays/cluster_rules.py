"""The cluster rules, one copy (``cluster.py`` states them): finding a screen's paying clusters
and their win events. The model (``cluster.py``) and its batch pricer (``cluster_batch.py``)
both read them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ..definition import Definition
from ..evaluate import pay_table, table_value, whole
from ..events import Event, Position, register_event
from ..money import apply_ratio
from .common import scatter_events

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen


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
