"""Sticky wild reels: reels the round has made sticky show a wild on every row.

YAML::

    features:
      - type: sticky_wild_reels
        symbol: WILD          # what a sticky reel shows (a symbol of kind wild)
        modes: [free]

Which reels are sticky is round state (``state.sticky_reels``, 0-based), set by another
block (``progress_levels`` unlocks them level by level) and cleared when the feature
that holds them ends. Screen stage: every sticky reel whose landed column is not all
wild turns wild, one ``ScreenChanged(reason="sticky")`` per reel. No draws.

Par: a sticky reel is a reel with a one-stop strip of the wild, so the block that
makes reels sticky prices them (``progress_levels``); this block adds nothing by
itself (it only shows what the state says).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, doc
from ..events import ScreenChanged
from ..value import Exact
from . import BlockPar, FeatureContext, ModesBlock, ParContext, PlanPart, Report, SpinDraft, check_symbol


@dataclass(frozen=True)
class StickyWildReels:
    type: Literal["sticky_wild_reels"] = doc("reels made sticky by the round show a wild on every row")
    symbol: str = doc("the wild a sticky reel shows (a symbol of kind wild)")
    name: str = doc("feature name used in events", default="sticky_wild_reels")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("free",))


def sticky_column(symbol: str, column: tuple[str, ...]) -> tuple[str, ...]:
    """What a sticky reel shows: ``symbol`` on every row."""
    return tuple(symbol for _ in column)


class StickyWildReelsBlock(ModesBlock):
    type = "sticky_wild_reels"
    params = StickyWildReels
    presenter = "sticky_wild_reels"
    screen_modifier = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        check_symbol(defn, report, ("symbol",), params.symbol, kinds=("wild",), what="sticky wild")

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: StickyWildReels = ctx.feature
        if not ctx.state.sticky_reels:
            return
        columns = list(draft.screen)
        for reel in ctx.state.sticky_reels:
            column = columns[reel]
            changed = tuple((reel, row) for row, s in enumerate(column) if s != p.symbol)
            if changed:
                columns[reel] = sticky_column(p.symbol, column)
                draft.screen = tuple(columns)
                ctx.book.add(ScreenChanged(p.name, "sticky", changed, p.symbol, draft.screen))

    def plan_part(self, defn: Definition, params: Any, feature: Any) -> PlanPart | None:
        """How a sticky reel shows, for the batch player of the feature that makes it sticky."""
        symbol = params.symbol
        return PlanPart(show=lambda reel, column: sticky_column(symbol, column))

    def par_reads_lines(self, params: Any, mode: str) -> bool:
        return False  # its part is nothing: the block that makes reels sticky prices them

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        """The block that makes the reels sticky prices them as one-stop wild strips,
        scatters they cover included."""
        from . import block

        return any((entry := block(maker.type)) is not None and entry.par_covers(defn, maker, params, mode)
                   for maker in defn.features if maker.type == "progress_levels")

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """Priced with ``other`` when the block that makes the reels sticky is."""
        from . import block

        for maker in defn.features:
            entry = block(maker.type)
            if maker is not other and entry is not None and maker.type == "progress_levels":
                if entry.par_covers(defn, maker, params, mode) and entry.par_covers(defn, maker, other, mode):
                    return True
        return False

    def par(self, pctx: ParContext) -> BlockPar:
        return BlockPar(pctx.feature.name, Exact(Fraction(0)), notes=("priced by the block that makes reels sticky",))


BLOCK = StickyWildReelsBlock()
