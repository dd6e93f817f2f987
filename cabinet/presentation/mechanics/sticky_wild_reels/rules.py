"""The INFO section of a ``sticky_wild_reels`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.progress_levels import ProgressLevels
from cabinet.core.features.sticky_wild_reels import StickyWildReels

from ..writing import FeatureSection, Para, Writer, heading


def rules(w: Writer, f: StickyWildReels) -> FeatureSection:
    wild = w.name(f.symbol)
    made = any(isinstance(g, ProgressLevels) and any(lv.unlock == "sticky_reel" for lv in g.levels)
               for g in w.defn.features)
    how = " once a progress level unlocks it" if made else ""
    return FeatureSection(heading(f), f.symbol, (Para(
        f"A sticky reel{w.modes(f.modes)} shows {wild} on every row{how}, for the rest of the feature."),))
