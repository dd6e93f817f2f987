"""Book-style expanding symbol (Book of Ra's rule): one symbol, drawn when free spins start,
expands over the reels it lands on and pays on every line.

YAML::

    features:
      - type: free_spins
        trigger_symbol: BOOK              # a wild-scatter (``kind: wild, scatter: true``)
        awards: {3: 10}
        reel_sets: [{set: free}]
      - type: expanding_symbol
        feature: free_spins               # the free spins it belongs to
        symbols:                          # drawn once, when that feature starts
          - {symbol: EXPLORER, weight: 1}
          - {symbol: TEN, weight: 3}

The rule as this block plays it (our reading of the real games):

1. START — when the named free-spins feature starts, one ``rng.weighted`` over ``symbols``
   draws the special symbol (no draw for a single entry): ``SymbolDrawn``. It stays for the
   whole feature, retriggers included (a nested start draws its own and the outer one's is
   kept for the outer feature's spins).
2. WIN STAGE of every free spin of that feature, after the normal wins are priced: count the
   reels whose window shows the special symbol itself (a wild, the book, does not count). When
   that count reaches the symbol's own smallest paying count (2 for a symbol that pays 2 of a
   kind, else 3 ...), the symbol fills those reels and pays on every played line as if those
   reels were adjacent, wherever they are (reels 1, 3 and 5 pay as 3 of a kind):
   ``lines x pay(symbol, count) x coins per line x coin value x the spin's line multiplier``
   (``SymbolExpanded``). This pay comes *in addition* to the normal wins of the spin, the
   symbol's own line wins included, as the real games pay it. The screen the trigger and
   retriggers count on is the landed one (the expansion is a pay, shown over the reels).

Par (exact): the drawn symbol is independent of the stops and of how many spins are played
(the trigger is another symbol), so by Wald's identity the block's part is E[free spins per
base spin] x E[one spin's expansion pay] x the feature's mean line multiplier; one spin's
expansion pay is, per reel set, ``sum_S q(S) sum_k P(k reels show S) pay(S, k) x lines``,
with the reels independent (``reel_count_distribution``). Composition: it covers its own
free-spins feature (``par_covers``); any other block changing free spins meets it unpriced.

Simulate: its spins give no plan part (the per-feature draw is state the batch player does
not hold), so the feature's rounds go to ``play_round``; base spins batch as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..definition import Definition, doc
from ..evaluate import pay_table, table_value
from ..events import Event, Position, Screen, register_event
from ..money import apply_ratio
from ..value import Exact, Value
from . import (
    Block,
    BlockPar,
    FeatureContext,
    ParContext,
    Report,
    SpinDraft,
    check_symbol,
)
from .mystery_symbol import WeightedSymbol


@dataclass(frozen=True)
class ExpandingSymbol:
    type: Literal["expanding_symbol"] = doc(
        "Book-style expanding symbol: a symbol drawn when free spins start expands over the reels it lands on "
        "in them and pays on every line")
    symbols: tuple[WeightedSymbol, ...] = doc("the symbols it may draw, with weights (paying line symbols)")
    feature: str = doc("the name of the free-spins feature it belongs to", default="free_spins")
    name: str = doc("feature name used in events", default="expanding_symbol")
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets; {symbol} the symbol's name, "
        "{count} its reels, {amount} the pay): `drawn` the status line as the symbol is drawn [SPECIAL "
        "EXPANDING SYMBOL: {symbol}]; `badge` the caption over the drawn symbol beside the reels [EXPANDS]; "
        "`expanded` the status line as it expands [{symbol} EXPANDS ON {count} REELS: {amount}]; `heading` its "
        "INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class SymbolDrawn(Event):
    """The special expanding symbol drawn as free spins start."""

    kind: ClassVar[str] = "symbol_drawn"
    feature: str
    symbol: str


@register_event
@dataclass(frozen=True)
class SymbolExpanded(Event):
    """The special symbol, on ``count`` reels, filled them and paid on every played line."""

    kind: ClassVar[str] = "symbol_expanded"
    feature: str
    symbol: str
    reels: tuple[int, ...]  # 0-based reels it filled
    count: int
    lines: int  # lines it paid on
    coins: Fraction  # paytable value per line (coins per coin bet on the line)
    multiplier: int
    amount: int  # minor units paid in all
    positions: tuple[Position, ...]  # every cell of those reels
    screen: Screen  # the screen as shown with the expansion (the landed one is what pays lines)


def need_of(defn: Definition, symbol: str) -> int:
    """The symbol's own smallest paying count: how many reels it must land on to expand."""
    pays = [k for k, v in defn.pays.get(symbol, {}).items() if v > 0]
    return min(pays) if pays else 0


def reels_showing(screen: Screen, symbol: str) -> tuple[int, ...]:
    return tuple(reel for reel, column in enumerate(screen) if symbol in column)


def expansion_coins(defn: Definition, symbol: str, count: int) -> Fraction:
    """Pay per line (coins per line-coin) of the symbol expanded on ``count`` reels (0 below its need)."""
    need = need_of(defn, symbol)
    if not need or count < need:
        return Fraction(0)
    return table_value(pay_table(defn.pays[symbol]), count)


def reel_count_distribution(defn: Definition, reel_set: str, symbol: str) -> dict[int, Fraction]:
    """P(exactly k reels of ``reel_set`` show ``symbol`` in their window): reels independent."""
    rows = defn.grid.rows
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for strip in defn.reels[reel_set]:
        size = len(strip)
        shows = sum(1 for stop in range(size) if symbol in {strip[(stop + r) % size] for r in range(rows)})
        p = Fraction(shows, size)
        new: dict[int, Fraction] = {}
        for k, q in dist.items():
            new[k] = new.get(k, Fraction(0)) + q * (1 - p)
            new[k + 1] = new.get(k + 1, Fraction(0)) + q * p
        dist = {k: v for k, v in new.items() if v}
    return dist


def expected_expansion_coins(defn: Definition, params: ExpandingSymbol, reel_set: str, lines: int) -> Fraction:
    """E[one free spin's expansion pay] over ``lines`` played lines, in coins per line-coin."""
    weight = sum(e.weight for e in params.symbols)
    out = Fraction(0)
    for entry in params.symbols:
        dist = reel_count_distribution(defn, reel_set, entry.symbol)
        per_line = sum((q * expansion_coins(defn, entry.symbol, k) for k, q in dist.items()), Fraction(0))
        out += Fraction(entry.weight, weight) * per_line * lines
    return out


def drawn_symbol(ctx: FeatureContext) -> str | None:
    found = ctx.state.values.get(ctx.feature.name)
    return found if isinstance(found, str) else None


class ExpandingSymbolBlock(Block):
    type = "expanding_symbol"
    params = ExpandingSymbol
    presenter = "expanding_symbol"
    win_modifier = True
    lean_wins = True  # it reads the screen and adds an amount: a lean draft is enough
    resume_kinds = frozenset({"symbol_drawn"})

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"free"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: ExpandingSymbol = params
        from .free_spins import FreeSpins

        if not any(isinstance(f, FreeSpins) and f.name == p.feature for f in defn.features):
            names = ", ".join(f.name for f in defn.features if isinstance(f, FreeSpins)) or "none"
            report(("feature",), f"no free-spins feature named '{p.feature}' (free spins here: {names})")
        if not p.symbols:
            report(("symbols",), "symbols needs at least one symbol to draw")
        for j, entry in enumerate(p.symbols):
            check_symbol(defn, report, ("symbols", j, "symbol"), entry.symbol, kinds=("regular",),
                         what="expanding symbol")
            if entry.weight < 1:
                report(("symbols", j, "weight"), f"weights must be positive, got {entry.weight}")
            if entry.symbol in defn.symbol_map and not need_of(defn, entry.symbol):
                report(("symbols", j, "symbol"), f"'{entry.symbol}' has no pays: an expansion of it would pay nothing")
        from . import block

        later = defn.features[defn.features.index(p) + 1:] if p in defn.features else ()
        for other in later:
            entry_block = block(other.type)
            if entry_block is not None and entry_block.win_modifier and "free" in entry_block.modes(other):
                report(("type",), f"list {p.type} after {other.type} ({other.name}): a win stage after it prices "
                       "the spin's wins again and would drop the expansion's pay")

    def feature_start(self, ctx: FeatureContext, feature: str) -> None:
        """START: the special symbol is drawn when its free spins begin."""
        p: ExpandingSymbol = ctx.feature
        if feature != p.feature:
            return
        assert ctx.rng is not None, "the expanding symbol is drawn: it needs the round's rng"
        if len(p.symbols) == 1:
            symbol = p.symbols[0].symbol
        else:
            symbol = p.symbols[ctx.rng.weighted([e.weight for e in p.symbols])].symbol
        ctx.state.values[p.name] = symbol
        ctx.book.add(SymbolDrawn(p.name, symbol))

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: ExpandingSymbol = ctx.feature
        symbol = drawn_symbol(ctx)
        if symbol is None or p.feature not in ctx.state.running:
            return
        reels = reels_showing(draft.screen, symbol)
        coins = expansion_coins(ctx.defn, symbol, len(reels))
        if not coins:
            return
        bet, multiplier = ctx.bet, ctx.state.multiplier
        amount = apply_ratio(coins * bet.lines * multiplier, bet.coins_per_line * bet.coin_value)
        draft.win += amount
        if draft.lean:
            return
        rows = ctx.defn.grid.rows
        shown = tuple((symbol,) * rows if reel in reels else column for reel, column in enumerate(draft.screen))
        cells = tuple((reel, row) for reel in reels for row in range(rows))
        whole = multiplier.numerator if multiplier.denominator == 1 else 1
        draft.wins.append(SymbolExpanded(p.name, symbol, reels, len(reels), bet.lines, coins, whole, amount,
                                         cells, shown))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """Its part is priced per expected spin of its own free spins at their mean multiplier
        (Wald): it never changes the screen their retriggers count on."""
        return mode == "free" and getattr(other, "type", "") == "free_spins" and other.name == params.feature

    def par_reads_lines(self, params: Any, mode: str) -> bool:
        return False  # it reads the landed windows, not what the lines pay

    def par(self, pctx: ParContext) -> BlockPar | None:
        from . import mean_value
        from .free_spins import BLOCK as FREE_SPINS
        from .free_spins import FreeSpins

        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        host = next((f for f in defn.features if isinstance(f, FreeSpins) and f.name == p.feature), None)
        if host is None:
            return BlockPar(p.name, Exact(Fraction(0)), {})
        part, _, _ = FREE_SPINS.exact_part(ParContext(defn, host, bet, pctx.samples, pctx.seed))
        spins, rate = part.figures.get("expected_spins"), part.figures.get("trigger_rate")
        if not (isinstance(spins, Exact) and isinstance(rate, Exact)):
            return None
        sets = host.reel_sets or defn.base_game.reel_sets
        weight = sum(c.weight for c in sets)
        per_spin = sum((Fraction(c.weight, weight) * expected_expansion_coins(defn, p, c.set, bet.lines)
                        for c in sets), Fraction(0))
        line_factor = Fraction(bet.coins_per_line * bet.coin_value, bet.total)
        multiplier = host.win_multiplier * mean_value(host.spin_multipliers)
        free = rate.value * spins.value * per_spin * multiplier * line_factor
        figures: dict[str, Value] = {"free_rtp": Exact(free),
                                     "expansion_per_spin": Exact(per_spin * multiplier * line_factor)}
        notes = ("E[free spins per base spin] x E[one spin's expansion pay] x the mean line multiplier "
                 "(Wald: the drawn symbol does not change how many spins are played)",)
        return BlockPar(p.name, Exact(free), figures, notes)


BLOCK = ExpandingSymbolBlock()
