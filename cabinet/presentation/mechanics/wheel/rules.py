"""The wheel's INFO section and FEATURES-glass row, written from its parameters."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cabinet.core.features.wheel import Wheel, pocket_x_bet

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, heading, reels_text


def rules(w: Writer, f: Wheel) -> FeatureSection:
    trigger = w.name(f.trigger_symbol)
    rings = f.rings
    first = rings[0].name.upper() if rings else ""
    pass_on = words(f, "pass_on_name", "pass-on")
    article = "an" if pass_on[:1].lower() in "aeiou" else "a"
    paras = [Para(f"{len(f.trigger_reels)} {trigger} symbols, one on each of {reels_text(f.trigger_reels)}, "
                  f"start the wheel of {len(rings)} ring{'s' if len(rings) != 1 else ''}"
                  f"{' (also in free spins)' if f.in_free_spins else ''}. {first} turns and stops on a pocket: a "
                  f"prize pocket pays the bet times its value and ends the wheel; {article} {pass_on.lower()} pocket "
                  f"turns the next ring, until a prize is won.")]
    for i, ring in enumerate(rings):
        pays = sorted({pocket_x_bet(f, p) for p in ring.pockets if not p.next and not p.jackpot})
        jackpots = sorted({p.jackpot for p in ring.pockets if p.jackpot}, key=lambda j: f.jackpots.get(j, 0))
        nexts = sorted({p.next for p in ring.pockets if p.next})
        parts = [w.money(x) for x in pays] + [f"{j} {w.money(f.jackpots.get(j, Fraction(0)))}" for j in jackpots]
        for target in nexts:
            parts.append(f"{pass_on.upper()}: " + ("TURNS AGAIN" if target == ring.name else f"TO {target.upper()}"))
        paras.append(Para("  ·  ".join(parts), label=ring.name.upper() or f"RING {i + 1}"))
    return FeatureSection(heading(f), f.trigger_symbol, tuple(paras))


def side_rows(defn: Any, f: Wheel) -> tuple[FeatureRow, ...]:
    return (FeatureRow(f.trigger_symbol, len(f.trigger_reels), words(f, "row", "WHEEL")),)
