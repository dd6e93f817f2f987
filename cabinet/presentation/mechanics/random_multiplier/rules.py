"""The INFO section of a ``random_multiplier`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.random_multiplier import RandomMultiplier
from cabinet.core.money import fraction_str

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: RandomMultiplier) -> FeatureSection:
    values = join((f"x{fraction_str(e.value)}" for e in f.multipliers), "or")
    wins = "every win of the spin, line and scatter," if f.scatter_pays else "every line win of the spin"
    spins = w.modes(f.modes) or " on every spin"
    return FeatureSection(heading(f), "", (Para(
        f"A random multiplier, {values}, is drawn{spins}; {wins} is multiplied by it."),))
