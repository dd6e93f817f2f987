"""``cabinet par --kiosk kiosk.yaml``: the jackpot lines of a game's par with the kiosk operator's
terms (``kiosk.yaml`` ``jackpots:``) in place of the game's seed, reset and cap.

The contribution rate stays the game's (its YAML's ``contribution``): the kiosk sets what the
pool starts at, restarts at and stops at, never the share of a bet that feeds it. So the
jackpot's part of the return (the contribution rate, paid out by some hit) is the same either
way; what the override changes is the operator's funding per hit (the reset) and the first
value (the seed), which this line states beside it.
"""

from __future__ import annotations

from typing import Any

from ..core.definition import Definition
from ..core.features.progressive import ProgressiveJackpot
from ..core.money import format_money


def jackpot_terms(defn: Definition, config: Any) -> tuple[list[str], list[dict[str, object]]]:
    """The text lines and the JSON entries, one per progressive pool of ``defn``."""
    kiosk = config.jackpot_terms()
    lines: list[str] = []
    entries: list[dict[str, object]] = []

    def money(value: int) -> str:
        return format_money(value, defn.bet.currency, defn.bet.minor_units)

    for f in defn.features:
        if not isinstance(f, ProgressiveJackpot):
            continue
        over = kiosk.get(f.pool)
        seed, reset, cap = (over.seed, over.reset, over.cap) if over is not None else (f.seed, f.reset, f.cap)
        source = f"the kiosk's ({config.source})" if over is not None else "the game's (the kiosk sets none)"
        lines.append(f"jackpot pool '{f.pool}': contribution {float(f.contribution) * 100:.4g}% of each base round's "
                     f"cost (the game's); seed {money(seed)}, reset {money(reset)}, cap "
                     f"{money(cap) if cap else 'none'}: {source}")
        entries.append({"pool": f.pool, "contribution_rate": str(f.contribution), "seed": seed, "reset": reset,
                        "cap": cap, "terms_from": "kiosk" if over is not None else "game"})
    return lines, entries
