"""Mystery symbols: every mystery position on the screen reveals the same symbol.

YAML::

    features:
      - type: mystery_symbol
        symbol: MYSTERY                 # lands on the strips like any symbol
        reveals:                        # the one symbol all of them turn into, by weight
          - {symbol: SEVEN, weight: 1}
          - {symbol: BELL, weight: 3}
          - {symbol: WILD, weight: 1}
        modes: [base, free]             # the spins it acts in

Screen stage: when the landed screen shows the mystery symbol, ONE ``rng.weighted``
draw over ``reveals`` picks the symbol; every mystery position shows it, and a
``ScreenChanged(reason="mystery")`` names the positions. No mystery on the screen, no
draw. The reveal happens before the screen is evaluated and before triggers.

Par (exact): the reveal is drawn independently of the stops, so a spin's expected line
pay is the reveal-weighted mix of the line expectations of the strips with the mystery
symbol replaced by each reveal (one line calculation per revealed symbol). The block's
part is that mix minus the plain strips' line value, in base spins and, when it acts in
free spins, per expected free spin (the free-spins block's exact figures). Reveals are
line symbols (regular or wild), so scatter pays and triggers are unchanged; ``check``
makes sure.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, doc
from ..events import ScreenChanged
from ..value import Exact
from . import (
    BatchHint,
    BatchStage,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_symbol,
    presence_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp, mixed_line_delta


@dataclass(frozen=True)
class WeightedSymbol:
    """One entry of a weighted table of symbols."""

    symbol: str = doc("a symbol id")
    weight: int = doc("relative weight, a positive integer", default=1)


@dataclass(frozen=True)
class MysterySymbol:
    type: Literal["mystery_symbol"] = doc("mystery positions all reveal one symbol drawn from a table")
    symbol: str = doc("the mystery symbol, as it lands on the strips")
    reveals: tuple[WeightedSymbol, ...] = doc(
        "the symbols it may reveal, with weights: paying line symbols (a wild is allowed; check warns of it)")
    name: str = doc("feature name used in events", default="mystery_symbol")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc(
        "the spins it acts in", default=("base", "free", "respin")
    )


def reveal_weights(params: MysterySymbol) -> list[int]:
    return [r.weight for r in params.reveals]


def revealed(mystery: str, shown: str, column: tuple[str, ...]) -> tuple[str, ...]:
    """One reel's window after the reveal: every mystery position shows ``shown``."""
    return tuple(shown if sid == mystery else sid for sid in column) if mystery in column else column


def revealed_definition(defn: Definition, params: MysterySymbol, symbol: str) -> Definition:
    """The game with the mystery symbol replaced by ``symbol`` on every strip (kept per game)."""
    cache = defn.__dict__.setdefault("_mystery_reveals", {})
    key = (params.symbol, symbol)
    found = cache.get(key)
    if found is None:
        reels = {
            name: tuple(tuple(symbol if s == params.symbol else s for s in strip) for strip in strips)
            for name, strips in defn.reels.items()
        }
        found = cache[key] = dataclasses.replace(defn, reels=reels)
    return found  # type: ignore[no-any-return]


class MysterySymbolBlock(ModesBlock):
    type = "mystery_symbol"
    params = MysterySymbol
    presenter = "mystery_symbol"
    screen_modifier = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: MysterySymbol = params
        check_symbol(defn, report, ("symbol",), p.symbol, what="mystery symbol")
        if not p.reveals:
            report(("reveals",), "reveals needs at least one symbol")
        for j, r in enumerate(p.reveals):
            check_symbol(defn, report, ("reveals", j, "symbol"), r.symbol, kinds=("regular", "wild"))
            if r.weight < 1:
                report(("reveals", j, "weight"), f"weights must be positive, got {r.weight}")
            if r.symbol == p.symbol:
                report(("reveals", j, "symbol"), "the mystery symbol cannot reveal itself")

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: MysterySymbol = ctx.feature
        positions = tuple(
            (reel, row)
            for reel, column in enumerate(draft.screen)
            for row, sid in enumerate(column)
            if sid == p.symbol
        )
        if not positions:
            return
        assert ctx.rng is not None, "a mystery reveal draws: it needs the round's rng"
        shown = p.reveals[ctx.rng.weighted(reveal_weights(p))].symbol
        draft.screen = tuple(revealed(p.symbol, shown, column) for column in draft.screen)
        ctx.book.add(ScreenChanged(p.name, "mystery", positions, shown, draft.screen))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: MysterySymbol = params
        weights = tuple(reveal_weights(p))
        shows = tuple(r.symbol for r in p.reveals)
        stage = BatchStage(
            "screen",
            draw=lambda count: weights,
            window=lambda outcome, reel, w: revealed(p.symbol, shows[outcome], w),
        )
        return (presence_hint(defn, reel_set, p.symbol, stage=stage),)

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        weight = sum(reveal_weights(p))

        variants = [(Fraction(r.weight, weight), revealed_definition(defn, p, r.symbol)) for r in p.reveals]

        def delta(reel_set: str) -> Fraction:
            return mixed_line_delta(defn, variants, reel_set, bet.lines)

        found = line_delta_rtp(pctx, p.modes, delta)
        if found is None:
            return None  # a free-spins feature's spin count is not exact: par says the total is unknown
        figures, total = found
        return BlockPar(p.name, Exact(total), figures)


BLOCK = MysterySymbolBlock()
