"""The INFO section of an ``expanding_symbol`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.expanding_symbol import ExpandingSymbol, need_of

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: ExpandingSymbol) -> FeatureSection:
    names = join((w.name(e.symbol) for e in f.symbols), "or")
    by_need: dict[int, list[str]] = {}
    for e in f.symbols:
        by_need.setdefault(need_of(w.defn, e.symbol), []).append(w.name(e.symbol))
    if len(by_need) == 1:
        reach = f"{next(iter(by_need))} or more reels"
    else:
        reach = "as many reels as its smallest win needs (" + "; ".join(
            f"{need} for {join(symbols)}" for need, symbols in sorted(by_need.items())) + ")"
    return FeatureSection(heading(f), f.symbols[0].symbol if f.symbols else "", (Para(
        f"Before the free spins start, one special symbol is drawn for all of them: {names}. In the free spins, "
        f"when it lands on {reach}, it expands to fill those reels and pays on every played line as if the reels "
        "were side by side, wherever they are, on top of the spin's other wins."),))
