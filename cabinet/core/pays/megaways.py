"""``megaways``: ways on reels whose heights are drawn each spin.

Each reel shows the first ``h`` symbols of its strip from its stop, ``h`` drawn from the
reel's weighted heights (``pay_model.heights``; ``grid.rows`` is the tallest). Strips stay
strips. A spin's draws, in order: one ``below(len(strip))`` per reel, reel 1 first (as every
game: scenarios script stops first), then one ``weighted`` height per reel, reel 1 first (no
draw for a reel with one height). A ``HeightsDrawn`` event before ``ReelsStopped`` carries the
heights, and ``ReelsStopped.screen`` has columns of those heights: history, replay and
recovery rebuild the screen from either.

The ways rules are the ways model's (``ways_rules.py``). Exact par: each reel is the weighted
list of its (height, stop) windows, so the ways DP, the scatter and trigger convolutions and
the hit rate all sum over heights with no change (``reel_windows``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..definition import Definition
from ..events import Event, register_event
from . import CheckPath
from .common import ReelWindows, reel_heights
from .ways import (
    WaysModel,
    check_ways,
    ways_rules_text,
)

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen
    from ..rng import Rng


@register_event
@dataclass(frozen=True)
class HeightsDrawn(Event):
    """The reel heights a Megaways spin drew (before its ``ReelsStopped``)."""

    kind: ClassVar[str] = "heights_drawn"
    heights: tuple[int, ...]  # visible rows of each reel, reel 1 first
    ways: int  # the product of the heights: the ways this spin has


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
        return stops, screen, (HeightsDrawn(heights, math.prod(heights)),)

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .megaways_batch import MegawaysSpinner

        return MegawaysSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        most = math.prod(max(h for h, _ in options) for options in reel_heights(defn))
        return (
            "Each reel shows a different number of symbols every spin; the ways of a spin are the product of "
            "the reels' heights.",
            *ways_rules_text(defn, f"up to {most:,} ways"),
        )


MODEL = MegawaysModel()
