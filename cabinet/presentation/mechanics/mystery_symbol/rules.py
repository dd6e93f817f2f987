"""The INFO section of a ``mystery_symbol`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.mystery_symbol import MysterySymbol

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: MysterySymbol) -> FeatureSection:
    mystery = w.name(f.symbol)
    shown = join((w.name(r.symbol) for r in f.reveals), "or")
    return FeatureSection(heading(f), f.symbol, (Para(
        f"{mystery} symbols land{w.lands(f.symbol, ' on any reel')}{w.modes(f.modes)}. Every {mystery} on the "
        f"screen turns into the same symbol, drawn at random from {shown}, before the wins are paid."),))
