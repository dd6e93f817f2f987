"""``megaways``: ways on reels whose heights are drawn each spin.

Each reel shows the first ``h`` symbols of its strip from its stop, ``h`` drawn from the
reel's weighted heights (``pay_model.heights``; ``grid.rows`` is the tallest). Strips stay
strips. A spin's draws, in order: one ``below(len(strip))`` per reel, reel 1 first (as every
game: scenarios script stops first), then one ``weighted`` height per reel, reel 1 first (no
draw for a reel with one height), then the top reel's stop if the game has one
(``top_reel.py``: its cell is row 0 of each reel it covers). A ``HeightsDrawn`` event before
``ReelsStopped`` carries the heights (and the top reel's stop and cells), and
``ReelsStopped.screen`` has columns of those heights (+ the top cell): history, replay and
recovery rebuild the screen from either.

The ways rules are the ways model's (``ways_rules.py``). Exact par: each reel is the weighted
list of its (height, stop) windows, so the ways DP, the scatter and trigger convolutions and
the hit rate all sum over heights with no change (``reel_windows``); a top reel's stops are
an outer sum over them (``top_reel_expectation``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..definition import Definition
from ..events import Event, register_event
from . import BasePar, CheckPath
from .common import ReelWindows, add_scatter_pays, reel_heights
from .top_reel import cell_outcomes, cells_at, covered, top_columns, with_top
from .ways import (
    WaysModel,
    check_ways,
    ways_rules_text,
)
from .ways_rules import TooManyHitStates, WaysExpectation, expected_ways, ways_hit_rate

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen
    from ..rng import Rng


@register_event
@dataclass(frozen=True)
class HeightsDrawn(Event):
    """The reel heights a Megaways spin drew (before its ``ReelsStopped``)."""

    kind: ClassVar[str] = "heights_drawn"
    heights: tuple[int, ...]  # visible rows of each reel, reel 1 first (its own: without a top cell)
    ways: int  # the ways this spin has: the product of the heights (+ 1 on each reel under the top reel)
    top: tuple[str, ...] = ()  # the top reel's cells over its reels from the left (none: no top reel)
    top_stop: int = 0  # the top reel's stop


class MegawaysModel(WaysModel):
    """Ways on reels whose heights the spin draws: the ways model's pays, par and pricing over
    the windows of every height (its own landing, checks, simulation and rules)."""

    type = "megaways"

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        out = check_ways(defn, heights=True)
        table = defn.pay_model.heights
        if not table:
            out.append((("pay_model", "heights"), "a megaways game needs heights: per reel, rows -> weight "
                        "({2: 1, 3: 2, 4: 3, 5: 3, 6: 2, 7: 1}), or one entry for every reel"))
            return out
        if len(table) not in (1, defn.grid.reels):
            out.append((("pay_model", "heights"), f"heights lists {len(table)} reels; give one entry for every reel "
                        f"or one per reel ({defn.grid.reels})"))
        tallest = 0
        for i, entry in enumerate(table):
            if not entry:
                out.append((("pay_model", "heights", i), "a reel needs at least one height"))
            for h, w in entry.items():
                tallest = max(tallest, h)
                if not 1 <= h <= defn.grid.rows:
                    out.append((("pay_model", "heights", i, h), f"height {h} is outside 1..grid.rows ({defn.grid.rows})"))
                if w < 1:
                    out.append((("pay_model", "heights", i, h), f"weights must be positive, got {w}"))
        if tallest and tallest != defn.grid.rows:
            out.append((("grid", "rows"), f"grid.rows is the tallest reel height ({tallest}) in a megaways game"))
        for i, f in enumerate(defn.features):
            if f.type in ("hold_and_respin", "sticky_wild_reels"):
                out.append((("features", i), f"{f.type} needs a screen of fixed height; a megaways game cannot "
                            "have it"))
        return out

    def reel_windows(self, defn: Definition, reel_set: str) -> ReelWindows:
        cache = defn.__dict__.setdefault("_reel_windows", {})
        found = cache.get(reel_set)
        if found is None:
            found = cache[reel_set] = tuple(
                tuple((tuple(strip[(stop + r) % len(strip)] for r in range(h)), w)
                      for h, w in heights for stop in range(len(strip)))
                for strip, heights in zip(defn.reels[reel_set], reel_heights(defn), strict=True)
            )
        return found  # type: ignore[no-any-return]

    def land(
        self, defn: Definition, reel_set: str, rng: Rng, windows: Sequence[Sequence[tuple[str, ...]]]
    ) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
        below = rng.below
        stops = tuple(below(len(reel)) for reel in windows)  # stops first, reel 1 first, as every game
        heights = tuple(
            options[rng.weighted([w for _, w in options])][0] if len(options) > 1 else options[0][0]
            for options in reel_heights(defn)
        )
        screen = tuple(reel[stop][:h] for reel, stop, h in zip(windows, stops, heights, strict=True))
        top = defn.pay_model.top_reel
        if top is None:
            return stops, screen, (HeightsDrawn(heights, math.prod(heights)),)
        top_stop = rng.below(len(top.strip))  # after the heights
        screen = with_top(screen, top_columns(defn, top_stop))
        return stops, screen, (HeightsDrawn(heights, math.prod(len(c) for c in screen), cells_at(defn, top_stop),
                                            top_stop),)

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        if defn.pay_model.top_reel is None:
            return super().base_par(defn, reel_set, bet, with_hit_rate=with_hit_rate)
        return top_reel_base_par(defn, reel_set, bet, self.reel_windows(defn, reel_set), with_hit_rate=with_hit_rate)

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        if defn.pay_model.top_reel is None:
            return super().line_coins(defn, reel_set, both_ways)
        return top_reel_expectation(defn, reel_set, self.reel_windows(defn, reel_set)).total / defn.pay_model.cost

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .megaways_batch import MegawaysSpinner

        return MegawaysSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        over = covered(defn)
        most = math.prod(max(h for h, _ in options) + (r in over) for r, options in enumerate(reel_heights(defn)))
        text = ["Each reel shows a different number of symbols every spin; the ways of a spin are the product of "
                "the reels' heights."]
        if over:
            text.append(f"A horizontal reel over reels {over[0] + 1} to {over[-1] + 1} adds one symbol on top of "
                        "each of them, counted in its reel's ways.")
        return (*text, *ways_rules_text(defn, f"up to {most:,} ways"))


MAX_TOP_HIT_WALKS = 8  # the exact hit rate walks every reel once per distinct row of top cells


def top_reel_expectation(defn: Definition, reel_set: str, reels: ReelWindows) -> WaysExpectation:
    """The ways expectation of a game with a top reel: the mean over its stops of the reels'
    expectation with those top cells (stops showing the same cells once, weighted)."""
    cache = defn.__dict__.setdefault("_top_reel_expectation", {})
    found = cache.get(reel_set)
    if found is None:
        grouped: dict[tuple[str, int], Any] = {}
        outcomes = cell_outcomes(defn)
        stops = sum(n for _, n in outcomes)
        total = Fraction(0)
        by_symbol: dict[str, Fraction] = {}
        by_length: dict[str, dict[int, Fraction]] = {}
        for tops, n in outcomes:
            e = expected_ways(defn, reels, tops=tops, cache=grouped)
            p = Fraction(n, stops)
            total += p * e.total
            for t, v in e.by_symbol.items():
                by_symbol[t] = by_symbol.get(t, Fraction(0)) + p * v
            for t, lengths in e.by_length.items():
                into = by_length.setdefault(t, {})
                for k, q in lengths.items():
                    into[k] = into.get(k, Fraction(0)) + p * q
        found = cache[reel_set] = WaysExpectation(total, by_symbol, by_length)
    return found  # type: ignore[no-any-return]


def top_reel_base_par(defn: Definition, reel_set: str, bet: Bet, reels: ReelWindows, *,
                      with_hit_rate: bool) -> BasePar:
    """A reel set's exact base figures with a top reel (scatters never land on it)."""
    from ..linemath import scatter_adds

    e = top_reel_expectation(defn, reel_set, reels)
    factor = Fraction(bet.coins_per_line * bet.coin_value, bet.total)
    by_symbol = {t: v * factor for t, v in e.by_symbol.items()}
    scatter_rtp = add_scatter_pays(defn, reel_set, by_symbol)
    hits: Fraction | None = None
    notes: tuple[str, ...] = ()
    outcomes = cell_outcomes(defn)
    if with_hit_rate and len(outcomes) > MAX_TOP_HIT_WALKS:
        notes = (f"hit rate not computed exactly (a joint walk per top-reel stop: {len(outcomes)} of them, more than "
                 f"{MAX_TOP_HIT_WALKS}): use simulate",)
    elif with_hit_rate:
        stops = sum(n for _, n in outcomes)
        try:
            hits = sum((Fraction(n, stops) * ways_hit_rate(defn, reels, scatter_adds(defn), above=tops)
                        for tops, n in outcomes), Fraction(0))
        except TooManyHitStates as exc:
            notes = (f"hit rate not computed exactly ({exc}): use simulate",)
    counts = {t: dict(d) for t, d in e.by_length.items()}
    return BasePar(e.total * factor, scatter_rtp, by_symbol, counts, hits, notes)


MODEL = MegawaysModel()
