"""The ways rules, one copy: what a screen of any reel heights pays in ways, and its exact math.

Rules (pinned on hand-built screens in tests/test_pays_ways.py):

- A *target* is a regular symbol with pays (a Double pays as its base). A position matches a
  target when it shows the target (or a Double of it: it adds the Double's ``counts``) or a
  wild that does not exclude the target (it adds 1 and brings its ``multiplier``). Scatters,
  bonus symbols and blanks never match; a wild's own pays are not used: a way of wilds alone
  pays as every target it stands for.
- A target's run takes reels from the leftmost while every reel shows at least one match.
  A *way* is one matching position on each reel of the run; its count is the sum of what its
  positions add (the run's length without Doubles) and its multiplier the product of its
  wilds' multipliers (``wild_multipliers: highest``: the highest of them). Only the whole run
  pays: every way at the paytable value of its count (the largest key not above it) x its
  multiplier. The ways of one target are grouped by (count, multiplier): one win each, with
  the number of ways in it.
- ``direction: both_ways``: the run from the last reel is paid too, except that a run covering
  every reel is paid once (from the left).

Exact math (``expected_ways``): reels are independent and a spin's pay is linear in the
number of ways of each (count, multiplier) class, so a left-to-right programme over the
reels carries, per target, the expected number of ways in each class among the spins whose
run is still alive; a reel whose window shows no match ends those runs and pays their class
values. Each reel is a weighted list of windows (``reel_windows``: the strip's stops, and for
Megaways every height too), grouped by what they match. Both ways: E[ltr] + E[rtl] - E[the
full-length runs] (a run covering every reel has the same ways from either end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..definition import Definition
from ..evaluate import pay_table, table_value

ZERO = Fraction(0)
Window = tuple[str, ...]
Classes = tuple[tuple[tuple[int, int], int], ...]  # ((adds, multiplier), positions) sorted
MAX_HIT_STATES = 200_000


class WaysRules:
    """A definition's ways lookups: per target, what each symbol adds and multiplies."""

    def __init__(self, defn: Definition) -> None:
        kinds = {s.id: s.kind for s in defn.symbols}
        self.targets: tuple[str, ...] = tuple(sorted(
            s.id for s in defn.symbols if s.kind == "regular" and not s.pays_as and s.id in defn.pays
        ))
        self.match: dict[str, dict[str, tuple[int, int]]] = {}
        for t in self.targets:
            row: dict[str, tuple[int, int]] = {}
            for s in defn.symbols:
                if s.base == t and kinds.get(s.base) == "regular":
                    row[s.id] = (s.counts, 1)
                elif s.kind == "wild" and t not in s.excludes:
                    row[s.id] = (1, s.multiplier)
            self.match[t] = row
        self.table: dict[str, tuple[Fraction, ...]] = {t: pay_table(defn.pays[t]) for t in self.targets}
        self.highest = defn.wild_multipliers == "highest"
        self.both_ways = defn.pay_model.direction == "both_ways"
        self.n_reels = defn.grid.reels

    def classes(self, target: str, window: Iterable[str]) -> Classes:
        """How a window matches ``target``: (adds, multiplier) -> positions."""
        row = self.match[target]
        found = Counter(row[s] for s in window if s in row)
        return tuple(sorted(found.items()))

    def combine(self, have: dict[tuple[int, int], int], add: Classes) -> dict[tuple[int, int], int]:
        out: dict[tuple[int, int], int] = {}
        highest = self.highest
        for (count, mult), ways in have.items():
            for (adds, m), n in add:
                key = (count + adds, max(mult, m) if highest else mult * m)
                out[key] = out.get(key, 0) + ways * n
        return out

    def value(self, target: str, count: int) -> Fraction:
        return table_value(self.table[target], count)


def rules_of(defn: Definition) -> WaysRules:
    found = defn.__dict__.get("_ways_rules")
    if found is None:
        found = defn.__dict__["_ways_rules"] = WaysRules(defn)
    return found


@dataclass(frozen=True)
class WaysPay:
    """One paid class of one target's run: ``ways`` ways of ``count`` at ``multiplier``."""

    symbol: str
    count: int
    ways: int
    multiplier: int
    coins: Fraction  # the paytable value of the count (per coin of the bet level, per way)
    reels: tuple[int, ...]  # 0-based reels of the run, in the run's direction
    rows: tuple[tuple[int, ...], ...]  # per reel of the run (in ``reels`` order): its matching rows
    direction: str  # "ltr" | "rtl"


def _run(rules: WaysRules, target: str, columns: Sequence[Window], order: Sequence[int]) -> tuple[
        dict[tuple[int, int], int], list[int]]:
    have: dict[tuple[int, int], int] = {(0, 1): 1}
    reels: list[int] = []
    for r in order:
        add = rules.classes(target, columns[r])
        if not add:
            break
        have = rules.combine(have, add)
        reels.append(r)
    return have, reels


def ways_pays(defn: Definition, screen: Sequence[Window], *, both_ways: bool | None = None) -> list[WaysPay]:
    """Every paid class on ``screen`` (columns of any heights), targets in id order, ltr first
    (``both_ways``: a feature's override of the game's direction)."""
    rules = rules_of(defn)
    n = len(screen)
    out: list[WaysPay] = []
    both = rules.both_ways if both_ways is None else both_ways
    directions = [("ltr", list(range(n)))] + ([("rtl", list(range(n - 1, -1, -1)))] if both else [])
    for target in rules.targets:
        row = rules.match[target]
        full = False
        for direction, order in directions:
            have, reels = _run(rules, target, screen, order)
            if not reels:
                continue
            if direction == "ltr":
                full = len(reels) == n
            elif full and len(reels) == n:
                continue  # a run over every reel is paid once, from the left
            rows = tuple(tuple(i for i, s in enumerate(screen[r]) if s in row) for r in reels)
            for (count, mult), ways in sorted(have.items()):
                coins = rules.value(target, count)
                if coins:
                    out.append(WaysPay(target, count, ways, mult, coins, tuple(reels), rows, direction))
    return out


# --- exact math -----------------------------------------------------------------------------------


def _grouped(rules: WaysRules, target: str, reel: Sequence[tuple[Window, int]]) -> list[tuple[Classes, int]]:
    found: Counter[Classes] = Counter()
    for window, weight in reel:
        found[rules.classes(target, window)] += weight
    return list(found.items())


def _topped(rules: WaysRules, target: str, grouped: list[tuple[Classes, int]], top: str | None) -> list[
        tuple[Classes, int]]:
    """A reel's grouped windows with the symbol ``top`` above each (a Megaways top reel's cell)."""
    add = rules.classes(target, (top,)) if top is not None else ()
    if not add:
        return grouped
    found: Counter[Classes] = Counter()
    for classes, weight in grouped:
        merged = Counter(dict(classes))
        merged.update(dict(add))
        found[tuple(sorted(merged.items()))] += weight
    return list(found.items())


def _pay(rules: WaysRules, target: str, have: dict[tuple[int, int], Fraction]) -> Fraction:
    return sum((rules.value(target, c) * m * w for (c, m), w in have.items()), ZERO)


@dataclass(frozen=True)
class WaysExpectation:
    """Expected pay of one spin in coins per level-coin: in total, per target, and the
    probability of each run length per target (left to right)."""

    total: Fraction
    by_symbol: dict[str, Fraction]
    by_length: dict[str, dict[int, Fraction]]


def expected_ways(
    defn: Definition, reels: Sequence[Sequence[tuple[Window, int]]], *, tops: Sequence[str | None] | None = None,
    cache: dict[tuple[str, int], list[tuple[Classes, int]]] | None = None,
) -> WaysExpectation:
    """Exact expected ways pay over independent reels, each a weighted list of windows;
    ``tops``: a symbol shown above each reel's every window (None: nothing), a Megaways top
    reel's cells at one of its stops; ``cache`` keeps the reels' grouped windows between calls."""
    rules = rules_of(defn)
    cache = {} if cache is None else cache
    by_symbol: dict[str, Fraction] = {}
    by_length: dict[str, dict[int, Fraction]] = {}
    for target in rules.targets:
        grouped = []
        for r, reel in enumerate(reels):
            found = cache.get((target, r))
            if found is None:
                found = cache[(target, r)] = _grouped(rules, target, reel)
            grouped.append(found if tops is None else _topped(rules, target, found, tops[r]))
        ltr, full, lengths = _expect_direction(rules, target, grouped)
        value = ltr
        if rules.both_ways:
            rtl, _, _ = _expect_direction(rules, target, grouped[::-1])
            value += rtl - full
        if value:
            by_symbol[target] = value
        paid = {k: p for k, p in lengths.items() if p and rules.value(target, k)}
        if paid:
            by_length[target] = paid
    return WaysExpectation(sum(by_symbol.values(), ZERO), by_symbol, by_length)


def _expect_direction(
    rules: WaysRules, target: str, reels: Sequence[list[tuple[Classes, int]]]
) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """(E[pay], E[pay of runs over every reel], P(run length = k)) from reel 1 of ``reels``
    (each reel's windows grouped by how they match)."""
    have: dict[tuple[int, int], Fraction] = {(0, 1): Fraction(1)}
    alive = Fraction(1)
    expected = ZERO
    lengths: dict[int, Fraction] = {}
    for r, reel in enumerate(reels):
        total = sum(w for _, w in reel)
        nxt: dict[tuple[int, int], Fraction] = {}
        dead = 0
        for classes, weight in reel:
            if not classes:
                dead += weight
                continue
            p = Fraction(weight, total)
            for (count, mult), w in have.items():
                for (adds, m), k in classes:
                    key = (count + adds, max(mult, m) if rules.highest else mult * m)
                    nxt[key] = nxt.get(key, ZERO) + w * k * p
        if dead and r:
            expected += Fraction(dead, total) * _pay(rules, target, have)
        if r:
            lengths[r] = alive * Fraction(dead, total)
        alive *= Fraction(total - dead, total)
        have = nxt
        if not have:
            break
    full = _pay(rules, target, have) if have else ZERO
    if have:
        lengths[len(reels)] = alive
    return expected + full, full, lengths


class TooManyHitStates(ValueError):
    """The exact hit rate needs more joint states than ``MAX_HIT_STATES``."""


def ways_hit_rate(
    defn: Definition, reels: Sequence[Sequence[tuple[Window, int]]], scatters: dict[str, dict[str, int]], *,
    above: Sequence[str | None] | None = None,
) -> Fraction:
    """P(a spin pays anything: a ways class or a scatter), exact. The reels are walked left to
    right over the joint state of every target's run (a bit mask of the counts it can still
    have; both ways: also of the run ending at the current reel) and the scatter counts; a
    state where some run has ended on a paying count leaves as a hit."""
    rules = rules_of(defn)
    targets = rules.targets
    n_targets = len(targets)
    full = [(1 << len(rules.table[t])) - 1 for t in targets]  # counts above the table's top pay as its top
    paying = [sum(1 << c for c in range(len(rules.table[t])) if rules.table[t][c]) for t in targets]
    tops = [len(rules.table[t]) - 1 for t in targets]
    scatter_ids = sorted(scatters)
    scatter_tables = [pay_table(defn.pays[s]) for s in scatter_ids]
    scatter_caps = [len(t) - 1 for t in scatter_tables]
    both = rules.both_ways
    matches = [rules.match[t] for t in targets]

    def grow(mask: int, adds: int, t: int) -> int:
        out = 0
        a = 0
        while adds:
            if adds & 1:
                out |= mask << a
            adds >>= 1
            a += 1
        top = tops[t]
        if out >> top:  # counts past the top pay as the top
            out = (out & full[t]) | (1 << top)
        return out

    # state: (ltr count masks per target (0: ended), rtl masks of the run ending here, scatter counts)
    start = (tuple(1 for _ in targets), tuple(0 for _ in targets) if both else (), tuple(0 for _ in scatter_ids))
    states: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {start: 1}
    hits = 0
    combos = 1
    for r, reel in enumerate(reels):
        total = sum(w for _, w in reel)
        combos *= total
        hits *= total
        signatures: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
        top = above[r] if above is not None else None  # a top reel's cell over this reel
        for shown, weight in reel:
            window = shown if top is None else (top, *shown)
            adds = tuple(sum(1 << a for a in {match[s][0] for s in window if s in match}) for match in matches)
            scatter = tuple(sum(scatters[s].get(sym, 0) for sym in window) for s in scatter_ids)
            signatures[(adds, scatter)] += weight
        nxt: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {}
        for (ltr, rtl, counted), n in states.items():
            alive = [t for t in range(n_targets) if ltr[t]]
            for (adds, scatter), w in signatures.items():
                new_ltr = list(ltr)
                for t in alive:
                    add = adds[t]
                    if add:
                        new_ltr[t] = grow(ltr[t], add, t)
                    elif ltr[t] & paying[t]:
                        break  # this run ended on a paying count: a hit
                    else:
                        new_ltr[t] = 0
                else:
                    new_rtl = tuple(grow(rtl[t] or 1, adds[t], t) if adds[t] else 0 for t in range(n_targets)) \
                        if both else rtl
                    key = (
                        tuple(new_ltr),
                        new_rtl,
                        tuple(min(cap, c + a) for cap, c, a in zip(scatter_caps, counted, scatter, strict=True))
                        if scatter_caps else counted,
                    )
                    nxt[key] = nxt.get(key, 0) + n * w
                    continue
                hits += n * w
        states = nxt
        if len(states) > MAX_HIT_STATES:
            raise TooManyHitStates(f"{len(states):,} joint states")
    for (ltr, rtl, counted), n in states.items():
        won = any(ltr[t] & paying[t] for t in range(n_targets))
        won = won or any(rtl[t] & paying[t] for t in range(len(rtl)))
        won = won or any(table_value(tab, c) for tab, c in zip(scatter_tables, counted, strict=True))
        if won:
            hits += n
    return Fraction(hits, combos)
