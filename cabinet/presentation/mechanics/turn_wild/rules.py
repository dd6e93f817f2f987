"""The INFO section of a ``turn_wild`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.english import sentence_start
from cabinet.core.features.turn_wild import TurnWild

from ..writing import FeatureSection, Para, Writer, heading, join


def rules(w: Writer, f: TurnWild) -> FeatureSection:
    names = join(w.name(s) for s in f.symbols)
    verb = "turns" if len(f.symbols) == 1 else "turn"
    when = w.modes(f.modes) or " in every spin"
    if f.own_wilds:  # each a wild of its own kind (Vikings Fun)
        each = "it substitutes" if len(f.symbols) == 1 else "each substitutes"
        return FeatureSection(heading(f), f.symbols[0] if f.symbols else "", (
            Para(sentence_start(f"{names} {verb} wild{when}: {each} for the other line symbols and keeps "
                                f"its own pays; a line that begins with it pays the better of its own run "
                                f"and the symbol it stands in for.")),
        ))
    return FeatureSection(heading(f), f.symbols[0] if f.symbols else f.wild, (
        Para(sentence_start(f"{names} {verb} wild{when}: each is {w.name(f.wild)}, substituting as it does "
                            f"and paying its pays.")),
    ))
