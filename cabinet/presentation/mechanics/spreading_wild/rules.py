"""The INFO section of a ``spreading_wild`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.english import sentence_start, with_article
from cabinet.core.features.spreading_wild import SpreadingWild

from ..writing import FeatureSection, Para, Writer, heading, reels_text


def rules(w: Writer, f: SpreadingWild) -> FeatureSection:
    wild = w.name(f.symbol)
    where = f" on {reels_text(f.reels)}" if f.reels else ""
    side = 2 * f.reach + 1
    if f.shape == "cross":
        shape = ("the symbols above, below, left and right of it" if f.reach == 1
                 else f"the symbols up to {f.reach} cells above, below, left and right of it")
    else:
        shape = f"every symbol of its {side}x{side} block"
    return FeatureSection(heading(f), f.symbol, (
        Para(f"{sentence_start(with_article(wild))} landing{where}{w.modes(f.modes)} turns {shape} wild "
             f"before the wins are paid."),
        Para("Scatters keep their place. Wilds made by a spread do not spread again."),
    ))
