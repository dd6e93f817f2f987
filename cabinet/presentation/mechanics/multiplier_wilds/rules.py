"""The INFO section of a ``multiplier_wilds`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.english import with_article
from cabinet.core.features.multiplier_wilds import MultiplierWilds
from cabinet.core.money import fraction_str

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: MultiplierWilds) -> FeatureSection:
    wild = w.name(f.symbol)
    values = join((f"x{fraction_str(e.value)}" for e in f.multipliers), "or")
    several = "a win with several of them is multiplied once" if w.defn.wild_multipliers == "highest" else \
        "several on one win multiply together"
    return FeatureSection(heading(f), f.symbol, (Para(
        f"{wild} symbols land{w.lands(f.symbol, ' on any reel')}{w.modes(f.modes)}. A spin that shows one "
        f"draws a random multiplier, {values}, and every win {with_article(wild)} takes part in is multiplied by it; "
        f"{several}."),))
