"""The INFO section of a ``wild_respin`` block, written from its parameters."""

from __future__ import annotations

from typing import Any

from cabinet.core.features.wild_respin import WildRespin

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, heading, reels_text, times


def rules(w: Writer, f: WildRespin) -> FeatureSection:
    wild = w.name(f.symbol)
    strips = w.defn.reels.get(f.reel_set, ())
    elsewhere = [r + 1 for r, strip in enumerate(strips) if r != f.reel - 1 and f.symbol in strip]
    paras = [Para(f"A full {wild} wild on reel {f.reel} is fixed in place and the other reels respin "
                  f"{times(f.respins)}; the respin pays every win on its screen.")]
    if elsewhere:
        paras.append(Para(f"During the respin, {wild} symbols may land on {reels_text(elsewhere)} as wilds; a new "
                          f"{wild} adds no respin."))
    return FeatureSection(heading(f), f.symbol, tuple(paras))


def side_rows(defn: Any, f: WildRespin) -> tuple[FeatureRow, ...]:
    return (FeatureRow(f.symbol, 0, words(f, "row", "FULL REEL: RESPIN")),)
