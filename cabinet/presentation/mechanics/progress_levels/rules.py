"""The INFO section of a ``progress_levels`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.progress_levels import ProgressLevels

from ..writing import FeatureSection, Para, Writer, heading


def rules(w: Writer, f: ProgressLevels) -> FeatureSection:
    symbol = w.name(f.symbol)
    inside = next((g for g in w.defn.features if getattr(g, "name", "") == f.feature), None)
    during = heading(inside).lower() if inside is not None else f.feature.replace("_", " ")
    paras = [Para(f"During {during}, every {symbol} symbol moves the progress bar one point{w.doubles(f.symbol)}; "
                  f"every {f.points_per_level} points reach the next level, up to {f.max_points} points. Each level "
                  f"unlocks its prize for the rest of the feature:")]
    sticky = iter(f.sticky_reels)
    for i, level in enumerate(f.levels):
        if level.unlock == "sticky_reel":
            reel = next(sticky, None)
            what = f"reel {reel} turns into a sticky wild reel" if reel else "a sticky wild reel"
        elif level.unlock == "multiplier":
            what = f"every win is multiplied by {level.value}"
        elif level.unlock == "both_ways":
            what = "wins pay both ways"
        else:
            what = "no prize"
        if level.extra_spins:
            what += f", and {level.extra_spins} extra spin{'s' if level.extra_spins > 1 else ''}"
        paras.append(Para(what[0].upper() + what[1:], label=f"LEVEL {i + 1}"))
    return FeatureSection(heading(f), f.symbol, tuple(paras))
