"""The INFO section of a ``random_multiplier`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.random_multiplier import RandomMultiplier
from cabinet.core.money import fraction_str

from ..writing import FeatureSection, Para, Writer, heading, join, reels_text


def rules(w: Writer, f: RandomMultiplier) -> FeatureSection:
    values = join((f"x{fraction_str(e.value)}" for e in f.multipliers), "or")
    spins = w.modes(f.modes) or " on every spin"
    if f.per == "reel":
        return FeatureSection(heading(f), "", (Para(_per_reel(f, values, spins)),))
    wins = "every win of the spin, line and scatter," if f.scatter_pays else "every line win of the spin"
    return FeatureSection(heading(f), "", (Para(
        f"A random multiplier, {values}, is drawn{spins}; {wins} is multiplied by it."),))


def _per_reel(f: RandomMultiplier, values: str, spins: str) -> str:
    reels = reels_text(f.reels) if f.reels else "every reel"
    which = ("the values of the reels it covers" if f.applies_to == "every_win"
             else "the values of the reels where a wild is part of it")
    how = "multiplied together" if f.combine == "product" else "added together"
    scatters = " Scatter wins are multiplied alike." if f.scatter_pays else " Scatter wins are not multiplied."
    return (f"A random multiplier, {values}, is drawn for {reels}{spins}. A win is multiplied by {which}, "
            f"{how} when there are several.{scatters}")
