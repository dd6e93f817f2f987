"""The INFO section of a ``tumble`` block, written from its parameters."""

from __future__ import annotations

from typing import Any

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: Any) -> FeatureSection:
    kept = " (wilds stay)" if f.wilds_stay else ""
    fill = "from the reel above" if f.fill == "strip" else "at random"
    paras = [Para(f"After every win{w.modes(f.modes)} the winning symbols burst{kept}, the symbols above fall "
                  f"into the gaps and new symbols drop in {fill}; the new screen pays again, and so on until a "
                  "screen pays nothing.")]
    if f.ladder and any(rung > 1 for rung in f.ladder):
        rungs = join((f"x{rung}" for rung in f.ladder), "then")
        lasting = " It lasts through the free spins." if f.ladder_through_free_spins else \
            " It starts again each spin."
        paras.append(Para(f"Each tumble climbs the multiplier ladder: the wins of tumble 1, 2, ... are multiplied "
                          f"by {rungs}, the last step for every tumble after.{lasting}"))
    symbols = getattr(f, "multiplier_symbols", None)
    if symbols is not None and getattr(symbols, "symbol", ""):
        values = join((f"x{v}" for v in sorted(symbols.values)), "or")
        how = "added together" if symbols.combine == "sum" else "multiplied together"
        paras.append(Para(f"{w.name(symbols.symbol)} symbols carry a multiplier, {values}. When the tumbles end, "
                          f"the values on the screen are {how} and multiply the spin's total win.",
                          icon=symbols.symbol))
    cells = getattr(f, "cell_multipliers", None)
    if cells is not None:
        paras.append(Para(f"A cell that takes part in a win is marked; each further win there doubles its "
                          f"multiplier, from x{cells.first} up to x{cells.cap}. A win is multiplied by its cells' "
                          "multipliers."))
    return FeatureSection(heading(f), "", tuple(paras))
