"""Wilds anywhere on the screen multiply every win of the spin (Hell's Hot 7s).

YAML::

    features:
      - type: screen_wild_multiplier
        symbol: WILD          # a wild (kind: wild, no multiplier of its own)
        value: 2              # what each one on the screen is worth
        combine: multiply     # multiply: x2 per wild (two: x4); add: the values added (two: x4, three: x6)
        scatter_pays: true    # scatter wins are multiplied too
        modes: [base, free]

How the catalogue states it (slotopol): in Hell's Hot 7s every wild on the screen doubles every
win, lines and scatters, whether or not the wild is in it (``combine: multiply``); Hypercuber adds
the values its bonus symbols carry (``combine: add``; no symbol: x1).

Rule: ``n`` = the symbol's cells on the screen. The spin's multiplier is ``value ** n``
(multiply) or ``value * n`` (add; 1 when ``n`` is 0). Every line win is multiplied by it, and
every scatter win too with ``scatter_pays``, after the spin's own multiplier. It draws nothing. A
``WinMultiplied`` event names the wilds, the wins it applied to and what it added.

Par (exact): the reels are independent, so with ``multiply`` the multiplier is a product over
reels, ``value ** (wilds in that reel's window)``: weighting each window by it, the line DP over
the symbols the windows show at a line's row gives E[line pay x multiplier] in one pass per line,
and the same weights convolved over reels give E[scatter pay x multiplier]. With ``add`` the
multiplier is a sum over reels (value x the reel's wilds) plus 1 when no reel shows one: one pass
per reel weighted by its count, and one on the windows showing none. The block's part is the
expectation less the plain pays, weighted like any line-delta block in base and free spins.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, doc
from ..evaluate import compiled, table_value
from ..events import Position, Screen
from ..linemath import line_expectation_of_weights
from ..value import Exact
from . import (
    BatchHint,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_symbol,
    presence_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp
from .multiplier_wilds import WinMultiplied
from .win_multiply import multiply_wins, refuse_beside_win_modifiers

Window = tuple[str, ...]


@dataclass(frozen=True)
class ScreenWildMultiplier:
    type: Literal["screen_wild_multiplier"] = doc("wilds anywhere on the screen multiply every win of the spin")
    symbol: str = doc("the wild that multiplies (a symbol of kind wild, multiplier 1)")
    value: int = doc("what each one on the screen is worth")
    combine: Literal["multiply", "add"] = doc(
        "how several combine: multiply (x2 per wild: two x4, three x8) or add (the values added: two x4, "
        "three x6)", default="multiply")
    scatter_pays: bool = doc("scatter wins are multiplied too", default=True)
    name: str = doc("feature name used in events", default="screen_wild_multiplier")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("base", "free"))
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `multiplied` the status line as "
        "the multiplier is stamped on the wilds [WINS x{multiplier}]; `heading` its INFO heading",
        factory=dict)


def multiplier_of(p: ScreenWildMultiplier, count: int) -> int:
    if p.combine == "multiply":
        return int(int(p.value) ** count)
    return int(p.value) * count if count else 1


def screen_multiplier(p: ScreenWildMultiplier, screen: Screen) -> tuple[int, tuple[Position, ...]]:
    """The spin's multiplier and the wilds that make it."""
    cells = tuple((r, row) for r, column in enumerate(screen) for row, s in enumerate(column) if s == p.symbol)
    return multiplier_of(p, len(cells)), cells


class ScreenWildMultiplierBlock(ModesBlock):
    type = "screen_wild_multiplier"
    params = ScreenWildMultiplier
    presenter = "screen_wild_multiplier"
    win_modifier = True
    lean_wins = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: ScreenWildMultiplier = params
        check_symbol(defn, report, ("symbol",), p.symbol, kinds=("wild",), what="multiplying wild")
        sym = defn.symbol_map.get(p.symbol)
        if sym is not None and (sym.multiplier != 1 or sym.is_scatter):
            report(("symbol",), f"'{p.symbol}' has a multiplier of its own or is a scatter: the block's value is "
                   "its only multiplier (use a plain wild)")
        if p.value < 2:
            report(("value",), f"each wild's value is a whole number of at least 2, got {p.value}")
        if defn.pay_model.type != "lines":
            report(("type",), f"screen_wild_multiplier is priced on line pays: a {defn.pay_model.type} game has none")
        refuse_beside_win_modifiers(defn, p, report, priced_on="the plain pays")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: ScreenWildMultiplier = ctx.feature
        m, cells = screen_multiplier(p, draft.screen)
        if m == 1:
            return
        raised = multiply_wins(ctx, draft, m, scatter_pays=p.scatter_pays)
        if raised is not None and raised[0]:
            ctx.book.add(WinMultiplied(p.name, m, cells, *raised))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        # spins showing the wild are left to play_round
        return (presence_hint(defn, reel_set, params.symbol),)

    def par(self, pctx: ParContext) -> BlockPar | None:
        p: ScreenWildMultiplier = pctx.feature
        defn, bet = pctx.defn, pctx.bet
        found = line_delta_rtp(
            pctx, p.modes, lambda reel_set: line_delta(defn, p, reel_set, bet.lines),
            scatter=(lambda mode, reel_set: scatter_delta(defn, p, reel_set)) if p.scatter_pays else None)
        if found is None:
            return None
        figures, total = found
        return BlockPar(p.name, Exact(total), figures)


# --- exact par -------------------------------------------------------------------------------------------------

# one term of E[pay x multiplier]: (factor, per reel: a weight of each window by its count of the wild)
Term = tuple[int, list[Callable[[int], int]]]


def _terms(p: ScreenWildMultiplier, reels: int) -> list[Term]:
    """E[pay x multiplier] = sum of factor x E[pay x prod over reels of weight(wilds in the reel's window)]."""
    if p.combine == "multiply":
        return [(1, [lambda n: int(p.value) ** n] * reels)]
    one: Callable[[int], int] = lambda n: 1  # noqa: E731
    counted: Callable[[int], int] = lambda n: n  # noqa: E731
    none: Callable[[int], int] = lambda n: int(n == 0)  # noqa: E731
    terms: list[Term] = [(int(p.value), [counted if r == k else one for r in range(reels)]) for k in range(reels)]
    terms.append((1, [none] * reels))
    return terms


def _windows(defn: Definition, reel_set: str) -> list[list[Window]]:
    rows = defn.grid.rows
    return [[tuple(strip[(stop + r) % len(strip)] for r in range(rows)) for stop in range(len(strip))]
            for strip in defn.reels[reel_set]]


def line_delta(defn: Definition, p: ScreenWildMultiplier, reel_set: str, lines: int) -> Fraction:
    """E[line pay x (multiplier - 1)] of one spin, coins per line-coin over ``lines`` played lines."""
    windows = _windows(defn, reel_set)
    sizes = math.prod(len(w) for w in windows)
    both = defn.pay_direction == "both_ways"
    out = Fraction(0)
    for line in defn.lines[:lines]:
        plain = [sorted(Counter(w[row] for w in reel).items()) for reel, row in zip(windows, line, strict=True)]
        out -= line_expectation_of_weights(defn, plain, both).total
        for factor, weigh in _terms(p, len(windows)):
            weights = []
            for reel, row, f in zip(windows, line, weigh, strict=True):
                seen: Counter[str] = Counter()
                for w in reel:
                    seen[w[row]] += f(w.count(p.symbol))
                weights.append(sorted((s, v) for s, v in seen.items() if v))
            mass = math.prod(sum(v for _, v in reel) for reel in weights)
            if mass:
                out += factor * line_expectation_of_weights(defn, weights, both).total * Fraction(mass, sizes)
    return out


def scatter_delta(defn: Definition, p: ScreenWildMultiplier, reel_set: str) -> Fraction:
    """E[scatter pay x (multiplier - 1)] of one spin, x the total bet."""
    c = compiled(defn)
    windows = _windows(defn, reel_set)
    sizes = math.prod(len(w) for w in windows)
    out = Fraction(0)
    for target, table in c.scatter_table.items():
        def count(window: Window, target: str = target) -> int:
            return sum(hit[1] for s in window if (hit := c.scatter_of.get(s)) and hit[0] == target)

        for factor, weigh in [(-1, [lambda n: 1] * len(windows)), *_terms(p, len(windows))]:
            dist: Counter[int] = Counter({0: 1})
            for reel, f in zip(windows, weigh, strict=True):
                per: Counter[int] = Counter()
                for w in reel:
                    per[count(w)] += f(w.count(p.symbol))
                dist = _convolve(dist, per)
            out += factor * sum((table_value(table, n) * v for n, v in dist.items()), Fraction(0)) / sizes
    return out


def _convolve(a: Counter[int], b: Counter[int]) -> Counter[int]:
    out: Counter[int] = Counter()
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] += x * y
    return out


BLOCK = ScreenWildMultiplierBlock()
