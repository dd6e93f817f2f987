"""Spreading wilds: a wild that lands spreads over the cells around it before the pays.

YAML::

    features:
      - type: spreading_wild
        symbol: WILD            # a wild symbol (kind: wild)
        shape: square           # square: its whole 3x3 block; cross: the cells above, below, left and right
        reach: 1                # how many cells out it spreads (square 1 = 3x3, 2 = 5x5)
        reels: []               # reels (1-based) where a landing wild spreads (empty: every reel)
        modes: [base, free]

The catalogue's rule (Jewels 4 All: every wild on the screen turns its 3x3 block wild before
the lines are read). Screen stage, no draws: every cell of the landed screen that shows
``symbol`` on a listed reel is a source; each cell of a source's shape that is on the grid
shows the wild, except cells showing a scatter or bonus symbol (those keep counting, so
triggers and scatter pays read the landed screen's scatters). Wilds a spread makes do not
spread again. ``WildSpread`` names the sources and the cells covered, then
``ScreenChanged(reason="spread")`` gives the screen; pays read it on every pay model.

Par (exact where the screens can be listed): a spread crosses reels, so reels no longer
pay independently; every screen the reels can show is spread and paid by the game's own pay
model (``shape_par.enumerated_delta``), when there are at most
``shape_par.ENUMERATION_LIMIT`` of them. A bigger game's par is estimated (par says so).
Free spins: per expected free spin with the free-spins block's exact figures.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..definition import Definition, doc
from ..events import Event, Position, Screen, ScreenChanged, register_event
from ..value import Exact
from . import (
    BatchHint,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_reels,
    check_symbol,
    presence_hint,
)
from .free_spins import FreeSpins, line_delta_rtp
from .shape_par import enumerated_delta

KEPT_KINDS = frozenset({"scatter", "bonus"})  # cells a spread never covers


@dataclass(frozen=True)
class SpreadingWild:
    type: Literal["spreading_wild"] = doc("a wild that lands spreads over the cells around it before pays")
    symbol: str = doc("the spreading wild (a symbol of kind wild)")
    shape: Literal["square", "cross"] = doc(
        "square: every cell within reach (reach 1: its 3x3 block); cross: the cells above, below, left and right",
        default="square",
    )
    reach: int = doc("how many cells out from the wild it spreads", default=1)
    reels: tuple[int, ...] = doc("reels (1-based) on which a landing wild spreads (empty: every reel)", factory=tuple)
    name: str = doc("feature name used in events", default="spreading_wild")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc(
        "the spins it acts in", default=("base", "free", "respin")
    )
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `spread` the status line as "
        "the wild spreads [WILD SPREADS TO {count} SYMBOLS]; `heading` its INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class WildSpread(Event):
    """Wilds spread from ``sources`` over ``positions`` (the cells that turned wild)."""

    kind: ClassVar[str] = "wild_spread"
    feature: str
    symbol: str
    sources: tuple[Position, ...]
    positions: tuple[Position, ...]


def shape_offsets(shape: str, reach: int) -> tuple[tuple[int, int], ...]:
    """(reel, row) offsets a source covers, itself excluded."""
    span = range(-reach, reach + 1)
    if shape == "cross":
        return tuple((d, 0) for d in span if d) + tuple((0, d) for d in span if d)
    return tuple((dr, dw) for dr in span for dw in span if (dr, dw) != (0, 0))


def spread(defn: Definition, params: SpreadingWild, screen: Screen) -> tuple[Screen, tuple[Position, ...], tuple[Position, ...]]:
    """(the screen after the spread, its sources, the cells it covered), sources and cells in
    reel-then-row order. The one copy of the rule: play and par both call it."""
    kept = _kept_symbols(defn)
    allowed = frozenset(r - 1 for r in params.reels) if params.reels else None
    sources = tuple(
        (reel, row)
        for reel, column in enumerate(screen)
        if allowed is None or reel in allowed
        for row, sid in enumerate(column)
        if sid == params.symbol
    )
    if not sources:
        return screen, (), ()
    grown: set[Position] = set()
    for reel, row in sources:
        for dr, dw in shape_offsets(params.shape, params.reach):
            r, w = reel + dr, row + dw
            if 0 <= r < len(screen) and 0 <= w < len(screen[r]):
                sid = screen[r][w]
                if sid != params.symbol and sid not in kept:
                    grown.add((r, w))
    if not grown:
        return screen, sources, ()
    shown = tuple(
        tuple(params.symbol if (reel, row) in grown else sid for row, sid in enumerate(column))
        for reel, column in enumerate(screen)
    )
    return shown, sources, tuple(sorted(grown))


def _kept_symbols(defn: Definition) -> frozenset[str]:
    cache = defn.__dict__.setdefault("_spread_kept", {})
    if "kept" not in cache:
        cache["kept"] = frozenset(
            s.id for s in defn.symbols
            if s.kind in KEPT_KINDS or defn.symbol_map.get(s.base, s).kind in KEPT_KINDS
        )
    return cache["kept"]  # type: ignore[no-any-return]


def counts_unchanged(defn: Definition, params: SpreadingWild, symbol: str) -> bool:
    """A spread never changes how many ``symbol`` (a trigger or scatter) a screen counts: it
    keeps scatter and bonus cells, and the wild itself counts nothing."""
    from ..linemath import trigger_adds

    return symbol in _kept_symbols(defn) and trigger_adds(defn, symbol).get(params.symbol, 0) == 0


class SpreadingWildBlock(ModesBlock):
    type = "spreading_wild"
    params = SpreadingWild
    presenter = "spreading_wild"
    screen_modifier = True
    spins_alike = True
    any_pay_model = True  # its par pays screens through the game's own model where not paylines

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: SpreadingWild = params
        check_symbol(defn, report, ("symbol",), p.symbol, kinds=("wild",), what="spreading wild")
        check_reels(defn, report, ("reels",), p.reels)
        if p.reach < 1:
            report(("reach",), f"reach is how many cells out the wild spreads: 1 or more, got {p.reach}")

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: SpreadingWild = ctx.feature
        shown, sources, grown = spread(ctx.defn, p, draft.screen)
        if not grown:
            return
        draft.screen = shown
        ctx.book.add(WildSpread(p.name, p.symbol, sources, grown))
        ctx.book.add(ScreenChanged(p.name, "spread", grown, p.symbol, shown))

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        # A spin showing the wild goes to play_round (the spread crosses reels: not a per-reel
        # stage). Counted on the landed stops only (no window_count): the batch would count a
        # rule on the windows other blocks' stages changed, which a spread listed before them
        # never sees; without it the batch applies no stage on this reel set (play_round does).
        p: SpreadingWild = params
        reels = None if not p.reels else [r - 1 for r in p.reels]
        return (dataclasses.replace(presence_hint(defn, reel_set, p.symbol, reels=reels), window_count=None),)

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """Free spins meet it priced when their trigger counts never change (the spread keeps
        scatters): their par reads counts only, and this par prices each free spin's pays."""
        return isinstance(other, FreeSpins) and counts_unchanged(defn, params, other.trigger_symbol)

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        from ..linemath import scatter_adds

        return all(counts_unchanged(defn, params, target) for target in scatter_adds(defn))

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        from .expanding_wild import _earlier_modifiers

        if _earlier_modifiers(defn, p):
            return None  # another screen stage first: not priced together here
        found: dict[str, tuple[Fraction, Fraction] | None] = {}

        def whole(reel_set: str) -> tuple[Fraction, Fraction]:
            if reel_set not in found:
                found[reel_set] = enumerated_delta(defn, reel_set, bet, lambda screen: spread(defn, p, screen)[0])
            both = found[reel_set]
            if both is None:
                raise _TooMany
            return both

        try:
            priced = line_delta_rtp(pctx, p.modes, lambda s: whole(s)[0], scatter=lambda mode, s: whole(s)[1])
        except _TooMany:
            return None
        if priced is None:
            return None
        figures, total = priced
        return BlockPar(p.name, Exact(total), figures)


class _TooMany(Exception):
    """A reel set's screens are too many to list (par is then estimated)."""


BLOCK = SpreadingWildBlock()
