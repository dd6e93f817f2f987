"""The INFO section of a ``expanding_wild`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.english import sentence_start, with_article
from cabinet.core.features.expanding_wild import ExpandingWild

from ..writing import FeatureSection, Para, Writer, heading, reels_text


def rules(w: Writer, f: ExpandingWild) -> FeatureSection:
    wild = w.name(f.symbol)
    where = f" on {reels_text(f.reels)}" if f.reels else " on any reel"
    return FeatureSection(heading(f), f.symbol, (Para(
        f"{sentence_start(with_article(wild))} landing{where}{w.modes(f.modes)} expands to fill its whole reel, a wild on every row, "
        f"before the wins are paid."),))
