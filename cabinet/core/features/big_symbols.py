"""Big symbols: a block of reels shows one symbol over all its cells (a 2x2 or 3x3 symbol).

YAML::

    features:
      - type: big_symbols
        reels: [2, 3, 4]        # adjacent reels (1-based) the big symbol covers
        rows: []                # adjacent rows (1-based) it covers (empty: every row)
        strip: [WILD, A, A, K, K, Q, Q, J]   # the big reel: one symbol per stop
        blank: 2                # and 2 more stops that show no big symbol (default 0)
        modes: [free]

This is how the catalogue's big-reel games state it (Valkyrie, Fire Joker: in free games the
three middle reels spin together as one big reel whose symbols fill the 3x3 centre). Each spin
of its modes, every stop of ``strip`` is equally likely: a game that gives one symbol more
often lists it more often. ``blank`` adds stops of the big reel that show no big symbol
(the colossal symbols that land only sometimes): on such a stop the block's reels show their
own symbols, as they landed, and nothing is covered. Each of the ``len(strip) + blank`` stops
is equally likely, so ``strip: [A, B]`` with ``blank: 2`` lands no big symbol half the time.

Screen stage (draw order): after the reels land (each reel's own stop is drawn as usual,
the big symbol covers what its reels show), ONE ``rng.weighted`` over ``len(strip) + blank``
equal weights (its outcome is the big reel's stop: a scenario scripts it as
``below(len(strip) + blank)`` would be) gives the big symbol; every cell of the block shows
it. ``BigSymbolLanded`` says where, then ``ScreenChanged(reason="big_symbol")`` gives the
screen. A blank stop (``stop >= len(strip)``) reports ``BigSymbolMissed`` alone: the screen
is unchanged. Pays read each covered
cell as that symbol, on whatever pay model the game uses (lines, ways, clusters ...), and so
do scatter counts and triggers.

Par (exact): given the big reel's stop (a blank stop leaves the screen as it landed) the reels stay independent (the block's reels each
show the symbol), so each outcome's line value comes from the line DP (``shape_par``), and
the scatters from the screen's count distribution with this stage as data; any other pay
model pays every screen while they are few enough (``shape_par.enumerated_delta``).
Free spins: per expected free spin with the free-spins block's exact figures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..definition import Definition, doc
from ..events import Event, Position, ScreenChanged, register_event
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
    Window,
    check_reels,
    check_symbol,
    window_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp
from .shape_par import enumerated_delta, lines_game, staged_line_delta


@dataclass(frozen=True)
class BigSymbols:
    type: Literal["big_symbols"] = doc("a block of reels shows one big symbol over all its cells")
    reels: tuple[int, ...] = doc("the adjacent reels (1-based) the big symbol covers, e.g. [2, 3, 4]")
    strip: tuple[str, ...] = doc("the big reel: one symbol per stop, every stop equally likely")
    rows: tuple[int, ...] = doc("the adjacent rows (1-based) it covers (empty: every row)", factory=tuple)
    blank: int = doc("stops of the big reel that show no big symbol (the block's reels show their own "
                     "symbols), each as likely as a stop of `strip`", default=0)
    name: str = doc("feature name used in events", default="big_symbols")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("free",))
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `landed` the status line as "
        "the big symbol lands [BIG {symbol}]; `missed` the status line on a blank stop [none: nothing said]; "
        "`heading` its INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class BigSymbolLanded(Event):
    """A big symbol covers a block of cells (drawn as one sprite over the block)."""

    kind: ClassVar[str] = "big_symbol_landed"
    feature: str
    symbol: str
    reels: tuple[int, ...]  # 0-based, left to right
    rows: tuple[int, ...]  # 0-based, top to bottom
    stop: int  # the big reel's stop


@register_event
@dataclass(frozen=True)
class BigSymbolMissed(Event):
    """The big reel stopped on a blank stop: no big symbol this spin, the block's reels show their own."""

    kind: ClassVar[str] = "big_symbol_missed"
    feature: str
    stop: int  # the big reel's stop (len(strip) and up)


def stops(params: BigSymbols) -> int:
    """The big reel's stops: the strip's, then the blank ones."""
    return len(params.strip) + params.blank


def block_reels(params: BigSymbols) -> tuple[int, ...]:
    return tuple(r - 1 for r in params.reels)


def block_rows(defn: Definition, params: BigSymbols) -> tuple[int, ...]:
    return tuple(r - 1 for r in params.rows) if params.rows else tuple(range(defn.grid.rows))


def covered(defn: Definition, params: BigSymbols) -> tuple[Position, ...]:
    rows = block_rows(defn, params)
    return tuple((reel, row) for reel in block_reels(params) for row in rows)


def big_window(symbol: str, reels: frozenset[int], rows: frozenset[int], reel: int, window: Window) -> Window:
    """One reel's window under the big symbol: its covered rows show ``symbol``."""
    if reel not in reels:
        return window
    return tuple(symbol if row in rows else s for row, s in enumerate(window))


def _window_change(defn: Definition, params: BigSymbols) -> Any:
    reels, rows, strip = frozenset(block_reels(params)), frozenset(block_rows(defn, params)), params.strip

    def change(stop: int, reel: int, window: Window) -> Window:
        return big_window(strip[stop], reels, rows, reel, window) if stop < len(strip) else window  # blank: as landed

    return change


def _adjacent(values: tuple[int, ...]) -> bool:
    return list(values) == list(range(values[0], values[0] + len(values))) if values else True


class BigSymbolsBlock(ModesBlock):
    type = "big_symbols"
    params = BigSymbols
    presenter = "big_symbols"
    screen_modifier = True
    spins_alike = True
    any_pay_model = True  # its par pays screens through the game's own model where not paylines

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: BigSymbols = params
        check_reels(defn, report, ("reels",), p.reels)
        if not p.reels:
            report(("reels",), "reels needs the adjacent reels the big symbol covers, e.g. [2, 3, 4]")
        elif not _adjacent(p.reels):
            report(("reels",), f"the big symbol's reels must be adjacent, left to right, got {list(p.reels)}")
        for j, row in enumerate(p.rows):
            if not 1 <= row <= defn.grid.rows:
                report(("rows", j), f"rows are numbered 1 to {defn.grid.rows}, got {row}")
        if not _adjacent(p.rows):
            report(("rows",), f"the big symbol's rows must be adjacent, top to bottom, got {list(p.rows)}")
        if p.reels and len(p.reels) * (len(p.rows) or defn.grid.rows) < 2:
            report(("reels",), "a big symbol covers at least two cells")
        if not p.strip:
            report(("strip",), "strip needs at least one symbol (the big reel's stops)")
        if p.blank < 0:
            report(("blank",), f"blank is a number of stops, 0 or more, got {p.blank}")
        for j, sid in enumerate(p.strip):
            check_symbol(defn, report, ("strip", j), sid, what="big symbol")

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: BigSymbols = ctx.feature
        assert ctx.rng is not None, "a big symbol is drawn: play needs the round's rng"
        stop = ctx.rng.weighted((1,) * stops(p))
        if stop >= len(p.strip):
            ctx.book.add(BigSymbolMissed(p.name, stop))  # a blank stop: the screen stays as it landed
            return
        symbol = p.strip[stop]
        change = _window_change(ctx.defn, p)
        before = draft.screen
        draft.screen = tuple(change(stop, reel, column) for reel, column in enumerate(before))
        reels, rows = block_reels(p), block_rows(ctx.defn, p)
        ctx.book.add(BigSymbolLanded(p.name, symbol, reels, rows, stop))
        changed = tuple((reel, row) for reel, row in covered(ctx.defn, p) if before[reel][row] != symbol)
        ctx.book.add(ScreenChanged(p.name, "big_symbol", changed, symbol, draft.screen))

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: BigSymbols = params
        reels = frozenset(block_reels(p))
        weights = (1,) * stops(p)
        stage = BatchStage("screen", draw=lambda count: weights, window=_window_change(defn, p))
        return (window_hint(defn, reel_set, lambda reel, window: int(reel in reels), 1, stage=stage),)

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        from ..composition import modes_played, scatter_delta_x_bet

        return all(scatter_delta_x_bet(defn, mode, s, params) is not None for s in modes_played(defn).get(mode, ()))

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        if _earlier_modifiers(defn, p):
            return None  # another screen stage first: the two are not priced together here
        change = _window_change(defn, p)
        by_symbol = Counter(p.strip)
        first_stop = {sid: p.strip.index(sid) for sid in by_symbol}
        outcomes = [(Fraction(n, stops(p)), _fixed(change, first_stop[sid])) for sid, n in by_symbol.items()]
        if p.blank:  # the screen as it landed
            outcomes.append((Fraction(p.blank, stops(p)), _fixed(change, len(p.strip))))
        enumerated: dict[str, tuple[Fraction, Fraction] | None] = {}

        def whole(reel_set: str) -> tuple[Fraction, Fraction] | None:
            if reel_set not in enumerated:
                out = (Fraction(0), Fraction(0))
                for q, fixed in outcomes:
                    found = enumerated_delta(defn, reel_set, bet, _screen_change(fixed))
                    if found is None:
                        enumerated[reel_set] = None
                        break
                    out = (out[0] + q * found[0], out[1] + q * found[1])
                else:
                    enumerated[reel_set] = out
            return enumerated[reel_set]

        paylines = lines_game(defn)

        def delta(reel_set: str) -> Fraction:
            if paylines:
                found = staged_line_delta(defn, reel_set, bet, outcomes)
                assert found is not None
                return found
            both = whole(reel_set)
            if both is None:
                raise _TooMany
            return both[0]

        def scatter(mode: str, reel_set: str) -> Fraction:
            if paylines:
                from ..composition import scatter_delta_x_bet

                found = scatter_delta_x_bet(defn, mode, reel_set, p)
                if found is None:
                    raise _TooMany
                return found
            both = whole(reel_set)
            if both is None:
                raise _TooMany
            return both[1]

        try:
            found = line_delta_rtp(pctx, p.modes, delta, scatter=scatter)
        except _TooMany:
            return None
        if found is None:
            return None
        figures, total = found
        return BlockPar(p.name, Exact(total), figures)


class _TooMany(Exception):
    """A reel set's screens are too many to pay one by one (par is then estimated)."""


def _fixed(change: Any, stop: int) -> Any:
    return lambda reel, window: change(stop, reel, window)


def _screen_change(fixed: Any) -> Any:
    return lambda screen: tuple(fixed(reel, column) for reel, column in enumerate(screen))


def _earlier_modifiers(defn: Definition, params: Any) -> list[Any]:
    from .expanding_wild import _earlier_modifiers as earlier

    return earlier(defn, params)


BLOCK = BigSymbolsBlock()
