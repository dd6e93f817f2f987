"""``anywhere``: N or more of a symbol anywhere on the screen pays by its count.

Rules (pinned in tests/test_pays_anywhere.py):

- a *target* is a regular symbol with pays; its count is how many of it the screen shows
  anywhere (a Double adds its ``counts``), plus every wild that does not exclude it (1 each);
- each target pays its paytable value at its count (the largest key not above it; the
  smallest key is the threshold) in coins per level-coin, times the spin's multiplier; a
  game may not give wilds a multiplier or pays of their own (the loader says so);
- scatters pay as in every model. The bet is ``pay_model.cost`` x level x coin value.

Exact par: the reels are independent, so each target's count is a convolution of per-reel
count distributions over the reels' windows (``reel_windows``); the hit rate walks the reels
over the joint counts (capped at each threshold), or says "use simulate" past
``MAX_HIT_STATES``. simulate sums per-reel count tables in numpy.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..definition import Definition
from ..evaluate import pay_table, table_value, whole
from ..events import Event, Position, register_event
from ..money import apply_ratio
from . import BasePar, CheckPath, cost_of
from .anywhere_rules import rules_of
from .common import CellCountModel, ReelWindows, add_scatter_pays, scatter_events

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen

MAX_HIT_STATES = 200_000


@register_event
@dataclass(frozen=True)
class AnywhereWin(Event):
    """A symbol paid for its count anywhere on the screen."""

    kind: ClassVar[str] = "anywhere_win"
    symbol: str
    count: int  # how many it counts (Doubles 2, wilds 1)
    positions: tuple[Position, ...]  # every position counted
    coins: Fraction  # paytable value at the count, per coin of the bet level
    multiplier: int  # the spin's multiplier
    amount: int


def anywhere_events(
    defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
    scatter_multiplier: int | Fraction | None = None,
) -> tuple[list[Event], int]:
    rules = rules_of(defn)
    per_coin = bet.coins_per_line * bet.coin_value
    events: list[Event] = []
    total = 0
    for t in rules.targets:
        adds = rules.adds[t]
        where = [(r, row) for r, column in enumerate(screen) for row, s in enumerate(column) if s in adds]
        count = sum(adds[screen[r][row]] for r, row in where)
        coins = table_value(rules.table[t], count)
        if coins:
            amount = apply_ratio(coins * multiplier, per_coin)
            events.append(AnywhereWin(t, count, tuple(where), coins, whole(multiplier), amount))  # type: ignore[arg-type]
            total += amount
    scatters, paid = scatter_events(defn, screen, bet, multiplier, scatter_multiplier)
    return events + scatters, total + paid


def _count_distribution(reels: ReelWindows, adds: dict[str, int]) -> dict[int, Fraction]:
    dist: dict[int, int] = {0: 1}
    combos = 1
    for reel in reels:
        per: Counter[int] = Counter()
        for window, weight in reel:
            per[sum(adds.get(s, 0) for s in window)] += weight
        new: Counter[int] = Counter()
        for have, n in dist.items():
            for k, m in per.items():
                new[have + k] += n * m
        dist = dict(new)
        combos *= sum(per.values())
    return {k: Fraction(n, combos) for k, n in dist.items()}


def anywhere_hit_rate(defn: Definition, reels: ReelWindows, scatters: dict[str, dict[str, int]]) -> Fraction:
    """P(a spin pays anything), exact: the joint counts (each capped at its threshold) over reels."""
    rules = rules_of(defn)
    caps = [rules.threshold[t] for t in rules.targets]
    scatter_ids = sorted(scatters)
    scatter_tables = [pay_table(defn.pays[s]) for s in scatter_ids]
    every = [rules.adds[t] for t in rules.targets] + [scatters[s] for s in scatter_ids]
    caps += [next((k for k, v in enumerate(tab) if v), len(tab)) for tab in scatter_tables]
    states: dict[tuple[int, ...], int] = {tuple(0 for _ in every): 1}
    combos = 1
    for reel in reels:
        per: Counter[tuple[int, ...]] = Counter()
        for window, weight in reel:
            per[tuple(sum(adds.get(s, 0) for s in window) for adds in every)] += weight
        combos *= sum(per.values())
        nxt: dict[tuple[int, ...], int] = {}
        for have, n in states.items():
            for add, m in per.items():
                key = tuple(min(cap, h + a) for cap, h, a in zip(caps, have, add, strict=True))
                nxt[key] = nxt.get(key, 0) + n * m
            if len(nxt) > MAX_HIT_STATES:  # said as soon as it is known (the last reel's states are the most)
                raise ValueError(f"over {MAX_HIT_STATES:,} joint states")
        states = nxt
    hits = sum(n for have, n in states.items() if any(h >= cap for h, cap in zip(have, caps, strict=True)))
    return Fraction(hits, combos)


class AnywhereModel(CellCountModel):
    type = "anywhere"
    counts_cells = True  # pay counts are cells anywhere on the screen (not symbols along reels)
    paylines = False
    priced_blocks: frozenset[str] | None = frozenset({"free_spins"})

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        out: list[tuple[CheckPath, str]] = []
        if defn.pay_model.cost < 1:
            out.append((("pay_model", "cost"), "an anywhere game needs cost: the coins of one bet level"))
        if defn.pay_model.heights:
            out.append((("pay_model", "heights"), "heights is for megaways games, not anywhere"))
        for i, s in enumerate(defn.symbols):
            if s.kind == "wild" and s.multiplier != 1:
                out.append((("symbols", i, "multiplier"), "an anywhere game's wilds count 1 for every symbol and "
                            "carry no multiplier"))
            if s.kind == "wild" and s.id in defn.pays:
                out.append((("pays", s.id), f"an anywhere game pays wilds as the symbols they count for: remove "
                            f"'{s.id}''s pays"))
        return out

    def cell_events(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction, *,
        scatter_multiplier: int | Fraction | None,
    ) -> tuple[list[Event], int]:
        return anywhere_events(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier)

    def _expected(self, defn: Definition, reel_set: str) -> dict[str, Fraction]:
        cache = defn.__dict__.setdefault("_anywhere_expectation", {})
        found = cache.get(reel_set)
        if found is None:
            rules = rules_of(defn)
            reels = self.reel_windows(defn, reel_set)
            values: dict[str, Fraction] = {}
            found = cache[reel_set] = values
            for t in rules.targets:
                dist = _count_distribution(reels, rules.adds[t])
                value = sum((p * table_value(rules.table[t], k) for k, p in dist.items()), Fraction(0))
                if value:
                    values[t] = value
        return found  # type: ignore[no-any-return]

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        from ..linemath import scatter_adds

        factor = Fraction(bet.coins_per_line * bet.coin_value, bet.total)
        by_symbol = {t: v * factor for t, v in self._expected(defn, reel_set).items()}
        pays = sum(by_symbol.values(), Fraction(0))
        scatter_rtp = add_scatter_pays(defn, reel_set, by_symbol)
        rules = rules_of(defn)
        reels = self.reel_windows(defn, reel_set)
        counts = {}
        for t in rules.targets:
            dist = _count_distribution(reels, rules.adds[t])
            paid = {k: p for k, p in sorted(dist.items()) if p and table_value(rules.table[t], k)}
            if paid:
                counts[t] = paid
        hits: Fraction | None = None
        notes: tuple[str, ...] = ()
        if with_hit_rate:  # kept on the definition: par_to_precision reruns par, the answer is the same
            known = defn.__dict__.setdefault("_anywhere_hit_rate", {})
            if reel_set not in known:
                try:
                    known[reel_set] = (anywhere_hit_rate(defn, reels, scatter_adds(defn)), ())
                except ValueError as exc:
                    known[reel_set] = (None, (f"hit rate not computed exactly ({exc}): use simulate",))
            hits, notes = known[reel_set]
        return BasePar(pays, scatter_rtp, by_symbol, counts, hits, notes)

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        return sum(self._expected(defn, reel_set).values(), Fraction(0)) / cost_of(defn)

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .anywhere_batch import AnywhereSpinner

        return AnywhereSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        rules = rules_of(defn)
        least = min(rules.threshold.values(), default=0)
        text = [f"Symbols pay anywhere on the screen: {least} or more of a symbol pay by how many land, with no "
                "lines or ways.",
                f"The bet is {cost_of(defn)} coins times the bet level; pays are coins per level."]
        if any(s.kind == "wild" for s in defn.symbols):
            text.append("Each wild counts as one of every paying symbol.")
        return tuple(text)


MODEL = AnywhereModel()
