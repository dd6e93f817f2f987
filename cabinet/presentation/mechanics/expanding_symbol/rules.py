"""The INFO section of an ``expanding_symbol`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.expanding_symbol import ExpandingSymbol, need_of

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: ExpandingSymbol) -> FeatureSection:
    names = join((w.name(e.symbol) for e in f.symbols), "or")
    needs = sorted({need_of(w.defn, e.symbol) for e in f.symbols})
    reach = (f"{needs[0]} or more reels" if len(needs) == 1 else
             "as many reels as it needs for its smallest win (" +
             join((f"{w.name(e.symbol)} {need_of(w.defn, e.symbol)}" for e in f.symbols), "and") + ")")
    return FeatureSection(heading(f), f.symbols[0].symbol if f.symbols else "", (Para(
        f"Before the free spins start, one special symbol is drawn: {names}. In the free spins, when it lands on "
        f"{reach}, it expands to fill those reels and pays on every played line as if the reels were side by side, "
        "wherever they are, on top of the spin's other wins."),))
