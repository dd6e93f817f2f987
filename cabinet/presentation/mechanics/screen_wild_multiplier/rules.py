"""The INFO section of a ``screen_wild_multiplier`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.screen_wild_multiplier import ScreenWildMultiplier, multiplier_of

from ..writing import FeatureSection, Para, Writer, heading


def rules(w: Writer, f: ScreenWildMultiplier) -> FeatureSection:
    wild = w.name(f.symbol)
    combined = (f"two multiply it by x{multiplier_of(f, 2)}, three by x{multiplier_of(f, 3)}"
                if f.combine == "multiply" else f"their values add up: two x{multiplier_of(f, 2)}, three "
                f"x{multiplier_of(f, 3)}")
    wins = "every win, line and scatter," if f.scatter_pays else "every line win"
    return FeatureSection(heading(f), f.symbol, (Para(
        f"Each {wild} on the screen{w.modes(f.modes)} multiplies {wins} by x{f.value}, whether or not it is part "
        f"of the win; {combined}."),))
