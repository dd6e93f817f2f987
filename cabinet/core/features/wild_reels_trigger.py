"""Free spins awarded by wilds on given reels at once (``free_spins: wild_reels``,
``wild_reels_spins``): the catalogue's "a wild on reels 2, 3 and 4 at the same time wins free
spins", alone or beside the scatter trigger::

    trigger_symbol: ""            # no scatter trigger (or a scatter's, whose award adds to it)
    wild_reels: [2, 3, 4]         # 1-based reels that must each show a wild ...
    wild_reels_spins: 10          # ... for these free spins (again as a retrigger in free spins)
    wild_reels_symbol: W          # the wild that counts (empty: any wild)

Play (``free_spins`` ``triggers``): a screen showing the wild on every listed reel awards
``wild_reels_spins``, added to a scatter award the same screen may win; the trigger names the
wilds' cells. No draw.

Par (exact): the reels are independent, so the joint distribution of (trigger symbols counted,
every listed reel shows the wild) is a convolution over the reels of each window's pair (what
it adds, whether it shows the wild); each pair's award is the scatter's plus the wilds' spins,
so E[spins] is exact by Wald as for any award (and the retrigger limit's chain reads the same
distribution). Screen blocks that could change a window are refused with it. Brute force agrees
on ``tests/games/free_spins/toy-wild-reels.yaml``. The batch hands every base spin whose listed
reels all show the wild to ``play_round`` (a window hint).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..definition import Definition
from ..evaluate import compiled
from ..events import Position, Screen
from ..pays import model_for


def wild_ids(defn: Definition, feature: Any) -> frozenset[str]:
    if feature.wild_reels_symbol:
        return frozenset(s.id for s in defn.symbols if s.base == feature.wild_reels_symbol or s.id == feature.wild_reels_symbol)
    return frozenset(s.id for s in defn.symbols if s.kind == "wild")


def shows(defn: Definition, feature: Any, screen: Screen) -> tuple[Position, ...] | None:
    """The listed reels' wild cells when every listed reel shows one, else None."""
    if not feature.wild_reels:
        return None
    wilds = wild_ids(defn, feature)
    cells: list[Position] = []
    for reel in feature.wild_reels:
        column = screen[reel - 1]
        found = [(reel - 1, row) for row, sid in enumerate(column) if sid in wilds]
        if not found:
            return None
        cells.extend(found)
    return tuple(cells)


def joint(defn: Definition, feature: Any, reel_set: str) -> dict[tuple[int, bool], Fraction]:
    """P(the screen counts k trigger symbols, and every listed reel shows the wild), exact."""
    cache = compiled(defn).cache
    key = ("wild_reels_joint", feature.trigger_symbol, tuple(feature.wild_reels), feature.wild_reels_symbol, reel_set)
    found = cache.get(key)
    if isinstance(found, dict):
        return found
    adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol} if feature.trigger_symbol else {}
    wilds = wild_ids(defn, feature)
    listed = {r - 1 for r in feature.wild_reels}
    dist: dict[tuple[int, bool], Fraction] = {(0, True): Fraction(1)}
    # the pay model's windows with their weights: a Megaways reel shows every height it can
    for reel, weighted in enumerate(model_for(defn, reel_set).reel_windows(defn, reel_set)):
        total = sum(w for _, w in weighted)
        here: dict[tuple[int, bool], Fraction] = {}
        for window, w in weighted:
            pair = (sum(adds.get(sid, 0) for sid in window), reel not in listed or any(sid in wilds for sid in window))
            here[pair] = here.get(pair, Fraction(0)) + Fraction(w, total)
        out: dict[tuple[int, bool], Fraction] = {}
        for (k, ok), p in dist.items():
            for (a, shown), q in here.items():
                pair = (k + a, ok and shown)
                out[pair] = out.get(pair, Fraction(0)) + p * q
        dist = out
    cache[key] = dist
    return dist


def award_distribution(defn: Definition, feature: Any, mode: str, awards: dict[int, int]) -> dict[int, Fraction]:
    """P(a spin of ``mode`` awards n > 0 spins by the scatter and the wilds together), over the
    reel sets that mode plays (the feature's own in free spins)."""
    from . import award_for

    reel_sets = (feature.reel_sets or defn.base_game.reel_sets) if mode == "free" else defn.base_game.reel_sets
    weight = sum(c.weight for c in reel_sets)
    out: dict[int, Fraction] = {}
    for choice in reel_sets:
        p = Fraction(choice.weight, weight)
        for (k, shown), q in joint(defn, feature, choice.set).items():
            n = award_for(awards, k) + (feature.wild_reels_spins if shown else 0)
            if n > 0 and q:
                out[n] = out.get(n, Fraction(0)) + p * q
    return out


def hint_count(defn: Definition, feature: Any) -> Any:
    """What a window adds to the batch's hint: 1 on a listed reel showing the wild."""
    wilds = wild_ids(defn, feature)
    listed = {r - 1 for r in feature.wild_reels}
    return lambda reel, window: int(reel in listed and any(sid in wilds for sid in window))


def check(defn: Definition, feature: Any, report: Any) -> None:
    from . import active

    if not feature.wild_reels:
        if feature.wild_reels_spins:
            report(("wild_reels_spins",), "wild_reels_spins needs wild_reels")
        return
    for j, reel in enumerate(feature.wild_reels):
        if not 1 <= reel <= defn.grid.reels:
            report(("wild_reels", j), f"reel {reel} is not one of the game's 1-{defn.grid.reels}")
    if feature.wild_reels_spins < 1:
        report(("wild_reels_spins",), "wild_reels_spins must be at least 1")
    if feature.wild_reels_symbol and feature.wild_reels_symbol not in defn.symbol_map:
        report(("wild_reels_symbol",), f"unknown symbol '{feature.wild_reels_symbol}'")
    if not wild_ids(defn, feature):
        report(("wild_reels",), "the game has no wild to land on those reels")
    for name in ("drawn_spins", "until_symbol", "minimum_win_x_bet", "max_win_coins", "max_win_x_bet"):
        if getattr(feature, name):
            report((name,), f"{name} is not priced with a wild-reels trigger: leave one out")
    screens = [p.type for p, entry in (*active(defn, "base"), *active(defn, "free"))
               if p is not feature and entry.screen_modifier]
    if screens:
        report(("wild_reels",), f"a wild-reels trigger is counted on the landed reels: not with "
               f"{', '.join(sorted(set(screens)))} changing the screen")
