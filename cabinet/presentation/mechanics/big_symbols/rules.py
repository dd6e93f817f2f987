"""The INFO section of a ``big_symbols`` block, written from its parameters."""

from __future__ import annotations

from collections import Counter

from cabinet.core.english import sentence_start
from cabinet.core.features.big_symbols import BigSymbols

from ..writing import FeatureSection, Para, Writer, heading, join, reels_text


def rules(w: Writer, f: BigSymbols) -> FeatureSection:
    rows = len(f.rows) or w.defn.grid.rows
    size = f"{len(f.reels)}x{rows}"
    where = reels_text(f.reels) + (f", rows {join(map(str, f.rows))}" if f.rows else "")
    counts = Counter(f.strip)
    total = len(f.strip) + f.blank
    odds = join(f"{w.name(s)} {n} in {total}" for s, n in counts.items())
    blank = (f" No big symbol {f.blank} in {total}: then the reels under it show their own symbols."
             if f.blank else "")
    lands = f"each spin a {size} symbol covers {where}" if not f.blank else \
        f"a spin may land a {size} symbol over {where}"
    return FeatureSection(heading(f), f.strip[0] if f.strip else "", (
        Para(sentence_start(f"{reels_text(f.reels)} spin together as one big reel{w.modes(f.modes)}: "
                            f"{lands}.")),
        Para(f"Every cell it covers counts as that symbol, for every pay, scatter and trigger. "
             f"Its symbol: {odds}.{blank}"),
    ))
