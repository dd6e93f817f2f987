"""The INFO section of a ``fill_multiplier`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.fill_multiplier import FillMultiplier, counted_symbols

from ..writing import FeatureSection, Para, Writer, heading, join

_COUNTED = {
    "from_left": "counted from the leftmost reel without a gap",
    "from_centre": "counted from the centre reel outward without a gap (the centre reel must be full)",
    "any": "counted wherever they are",
}


def rules(w: Writer, f: FillMultiplier) -> FeatureSection:
    symbols = counted_symbols(w.defn, f)
    which = join((w.name(s) for s in symbols), "or")
    reels = w.defn.grid.reels
    steps = []
    for count, m in sorted(f.multipliers.items()):
        said = "a screen full of one symbol" if count == reels else f"{count} full reels"
        steps.append(f"{said} x{m}")
    wild = " Wilds fill a reel as the symbol they stand in for." if f.wilds_substitute else ""
    return FeatureSection(heading(f), symbols[0] if symbols else "", (Para(
        f"A reel full of one symbol ({which}) is a full reel; full reels of the same symbol are "
        f"{_COUNTED[f.reels]}{w.modes(f.modes)}. Every line win of the spin is multiplied: {join(steps)}. "
        f"Scatter wins are not multiplied.{wild}"),))
