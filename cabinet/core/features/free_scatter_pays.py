"""Scatter pays of their own in free spins (``free_spins: free_scatter_pays``): the catalogue's
games whose scatter pays one table in the base game and another in free spins (CT's King of
Clovers), next to ``retrigger_awards`` (spins a retrigger adds, other than the trigger's:
Champagne's 15 then 30) and ``retrigger_drawn_spins``::

    free_scatter_pays:
      S: {3: 10, 4: 50, 5: 250}     # x the total bet, in free spins only (pays: the base game's)

Play: the feature's spins are played on the game with these tables in place of the symbols'
``pays`` (``free_definition``: the definition with them, made once and kept with it); the
screen shows what they pay like any scatter win. No draw.

Par (exact): one free spin's scatter pay is the exact scatter expectation of that definition,
over the feature's reel sets (``free_spins.spin_expectations``); its lines are unchanged. Brute
force agrees on ``tests/games/free_spins/toy-free-scatter-pays.yaml``.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from ..bet import all_bets
from ..definition import Definition
from ..evaluate import compiled


def free_definition(defn: Definition, feature: Any) -> Definition:
    """The definition free spins of ``feature`` are played and priced on (``defn`` itself when
    it has no table of its own)."""
    if not feature.free_scatter_pays:
        return defn
    cache = compiled(defn).cache
    key = ("free_scatter_pays", feature.name)
    found = cache.get(key)
    if not (isinstance(found, tuple) and found[0] is feature):
        pays = {**defn.pays, **{sym: dict(table) for sym, table in feature.free_scatter_pays.items()}}
        found = (feature, dataclasses.replace(defn, pays=pays))
        cache[key] = found
    return found[1]  # type: ignore[no-any-return]


def check(defn: Definition, feature: Any, report: Any) -> None:
    from . import active

    if not feature.free_scatter_pays:
        return
    for sym, table in feature.free_scatter_pays.items():
        symbol = defn.symbol_map.get(sym)
        if symbol is None or not (symbol.kind in ("scatter", "bonus") or symbol.is_scatter):
            report(("free_scatter_pays", sym, "__key__"), f"'{sym}' is not a scatter symbol of the game")
            continue
        for count, pay in table.items():
            if count < 1 or pay < 0:
                report(("free_scatter_pays", sym, count), f"a scatter pay needs a count of at least 1 and a pay "
                       f"of at least 0, got {count}: {pay}")
    try:
        totals = sorted({b.total for b in all_bets(defn)})
    except (ValueError, ZeroDivisionError):
        totals = []
    for sym, table in feature.free_scatter_pays.items():
        for count, pay in table.items():
            bad = next((t for t in totals if (Fraction(pay) * t).denominator != 1), None)
            if bad is not None:
                report(("free_scatter_pays", sym, count), f"{count} {sym} paying {pay} x the bet is not a whole "
                       f"number of minor units at a total bet of {bad}")
                return
    others = [p.type for p, _ in active(defn, "free") if p is not feature and getattr(p, "type", "") != "free_spins"]
    if others:
        report(("free_scatter_pays",), f"free-spin scatter pays are priced with no other block in the free spins "
               f"({', '.join(others)} acts in them)")
