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
        paras = [Para(sentence_start(
            f"{names} {verb} wild{when}: {each} for the other line symbols and keeps its own pays; a line that "
            f"begins with it pays the better of its own run and the symbol after it."))]
        if w.defn.wild_lines == "one_wild_kind":
            paras.append(Para("Wilds of different kinds do not substitute for each other at the start of a line: "
                              "a line that begins with one kind of wild ends at a wild of another kind."))
        return FeatureSection(heading(f), f.symbols[0] if f.symbols else "", tuple(paras))
    return FeatureSection(heading(f), f.symbols[0] if f.symbols else f.wild, (
        Para(sentence_start(f"{names} {verb} wild{when}: each is {w.name(f.wild)}, substituting as it does "
                            f"and paying its pays.")),
    ))
