"""Expanding wilds: a wild that lands anywhere on a reel fills the whole reel.

YAML::

    features:
      - type: expanding_wild
        symbol: XWILD           # a wild symbol (kind: wild)
        reels: [2, 3, 4]        # reels it expands on (empty: every reel)
        modes: [base, free]

Screen stage: for each listed reel (left to right) whose landed window shows the
symbol, every row of that reel shows it; one ``ScreenChanged(reason="expand")`` per
reel. No draws.

Par (exact): reels stay independent, but after the expansion the symbol a line sees
on a reel depends on the row it crosses (the window decides whether the reel is all
wild). So each played line is priced on its own: per reel, the symbol shown at the
line's row over every stop, then the line DP of ``core/linemath`` on those weights.
The block's part is the lines' total minus the plain strips' line value. The wild is
not a scatter, so scatter pays and triggers do not change. Free spins: per expected
free spin with the free-spins block's exact figures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, doc
from ..events import ScreenChanged
from ..linemath import line_expectation, line_value_of_weights
from ..value import Exact
from . import (
    BatchHint,
    BatchStage,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    PlanPart,
    Report,
    SpinDraft,
    block,
    check_reels,
    check_symbol,
    presence_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp


@dataclass(frozen=True)
class ExpandingWild:
    type: Literal["expanding_wild"] = doc("a wild landing on a reel expands to fill it")
    symbol: str = doc("the expanding wild (a symbol of kind wild)")
    reels: tuple[int, ...] = doc("reels (1-based) it expands on (empty: every reel)", factory=tuple)
    name: str = doc("feature name used in events", default="expanding_wild")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc(
        "the spins it acts in", default=("base", "free", "respin")
    )


def expanding_reels(defn: Definition, params: ExpandingWild) -> tuple[int, ...]:
    """0-based reels it expands on."""
    return tuple(r - 1 for r in params.reels) if params.reels else tuple(range(defn.grid.reels))


def expanded(symbol: str, grows: frozenset[int], reel: int, column: tuple[str, ...]) -> tuple[str, ...]:
    """One reel's window after the stage: all ``symbol`` when it grows there and shows it."""
    if reel in grows and symbol in column:
        return (symbol,) * len(column)
    return column


def line_weights(defn: Definition, params: ExpandingWild, reel_set: str, line: tuple[int, ...]) -> list[list[tuple[str, int]]]:
    """Per reel: (symbol shown at the line's row after expansion, stops showing it)."""
    by_row = _row_weights(defn, params, reel_set)
    return [by_row[reel][row] for reel, row in enumerate(line)]


def _row_weights(defn: Definition, params: ExpandingWild, reel_set: str) -> list[list[list[tuple[str, int]]]]:
    """Per reel, per row: (symbol shown there after expansion, stops showing it). Kept with
    the definition: par asks for every played line on each reel set, and lines share rows."""
    grows = tuple(sorted(set(expanding_reels(defn, params))))
    cache = defn.__dict__.setdefault("_expanded_row_weights", {})
    key = (params.symbol, grows, reel_set)
    if key not in cache:
        rows = defn.grid.rows
        table = []
        for reel, strip in enumerate(defn.reels[reel_set]):
            size = len(strip)
            seen: list[Counter[str]] = [Counter() for _ in range(rows)]
            for stop in range(size):
                window = [strip[(stop + r) % size] for r in range(rows)]
                grown = reel in grows and params.symbol in window
                for row in range(rows):
                    seen[row][params.symbol if grown else window[row]] += 1
            table.append([list(counts.items()) for counts in seen])
        cache[key] = table
    return cache[key]  # type: ignore[no-any-return]


class ExpandingWildBlock(ModesBlock):
    type = "expanding_wild"
    params = ExpandingWild
    presenter = "expanding_wild"
    screen_modifier = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        check_symbol(defn, report, ("symbol",), params.symbol, kinds=("wild",), what="expanding wild")
        check_reels(defn, report, ("reels",), params.reels)

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: ExpandingWild = ctx.feature
        grows = frozenset(expanding_reels(ctx.defn, p))
        for reel in sorted(grows):
            column = draft.screen[reel]
            grown = expanded(p.symbol, grows, reel, column)
            if grown != column:
                changed = tuple((reel, row) for row, s in enumerate(column) if s != p.symbol)
                draft.screen = draft.screen[:reel] + (grown,) + draft.screen[reel + 1 :]
                ctx.book.add(ScreenChanged(p.name, "expand", changed, p.symbol, draft.screen))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        if other.type == "mystery_symbol":  # an earlier reveal: priced on each revealed game (below)
            return _earlier_modifiers(defn, params) == [other] and set(params.modes) <= set(other.modes)
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        grows = frozenset(expanding_reels(defn, params))
        symbol = params.symbol
        stage = BatchStage("screen", window=lambda outcome, reel, w: expanded(symbol, grows, reel, w))
        return (presence_hint(defn, reel_set, symbol, reels=grows, stage=stage),)

    def plan_part(self, defn: Definition, params: Any, feature: Any) -> PlanPart | None:
        """Inside planned free spins: each spin's windows grow as the screen stage grows them."""
        grows = frozenset(expanding_reels(defn, params))
        symbol = params.symbol
        return PlanPart(screen=lambda reel, w: expanded(symbol, grows, reel, w))

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        both = defn.pay_direction == "both_ways"

        # A mystery block acting before this one reveals first: price the expansion on each
        # revealed game (so the two parts telescope to the joint value); other modifiers
        # before it would interact in ways this does not price, so par says "unknown".
        earlier = _earlier_modifiers(defn, p)
        if any(params.type != "mystery_symbol" for params in earlier) or len(earlier) > 1:
            return None
        if earlier:
            from .mystery_symbol import revealed_definition

            mystery = earlier[0]
            if not set(p.modes) <= set(mystery.modes):
                return None  # spins without the reveal would need the plain strips too: not priced here
            weight = sum(r.weight for r in mystery.reveals)
            games = [(Fraction(r.weight, weight), revealed_definition(defn, mystery, r.symbol))
                     for r in mystery.reveals]
        else:
            games = [(Fraction(1), defn)]

        def delta(reel_set: str) -> Fraction:
            """Expected extra pay of one spin over the played lines, in coins per line-coin."""
            out = Fraction(0)
            for q, game in games:
                grown = sum(
                    (line_value_of_weights(game, reel_set, line_weights(game, p, reel_set, line), both)
                     for line in game.lines[: bet.lines]),
                    Fraction(0),
                )
                out += q * (grown - bet.lines * line_expectation(game, reel_set).total)
            return out

        def scatter(mode: str, reel_set: str) -> Fraction:
            """The scatters its expansion covers (play pays scatters after the screen stage)."""
            from ..composition import scatter_delta_x_bet

            found = scatter_delta_x_bet(defn, mode, reel_set, p)
            assert found is not None, "the screen stages up to an expanding wild are data"
            return found

        found = line_delta_rtp(pctx, p.modes, delta, scatter=scatter)
        if found is None:
            return None  # a free-spins feature's spin count is not exact: par says the total is unknown
        figures, total = found
        return BlockPar(p.name, Exact(total), figures)

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        from ..composition import modes_played, scatter_delta_x_bet

        return all(scatter_delta_x_bet(defn, mode, s, params) is not None for s in modes_played(defn).get(mode, ()))


def _earlier_modifiers(defn: Definition, params: Any) -> list[Any]:
    """Screen or win modifiers listed before ``params`` that act in one of its modes."""
    out = []
    for other in defn.features:
        if other is params:
            break
        entry = block(other.type)
        if entry is not None and (entry.screen_modifier or entry.win_modifier) and entry.modes(other) & set(params.modes):
            out.append(other)
    return out


BLOCK = ExpandingWildBlock()
