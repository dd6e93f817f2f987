"""The anywhere model's lookups (``anywhere.py`` states its rules): per paying symbol, what each
symbol id adds to its count, its paytable and its threshold."""

from __future__ import annotations

from ..definition import Definition
from ..evaluate import pay_table


class AnywhereRules:
    def __init__(self, defn: Definition) -> None:
        self.targets: tuple[str, ...] = tuple(sorted(
            s.id for s in defn.symbols if s.kind == "regular" and not s.pays_as and s.id in defn.pays
        ))
        self.adds: dict[str, dict[str, int]] = {}
        for t in self.targets:
            self.adds[t] = {s.id: s.counts for s in defn.symbols if s.base == t}
            self.adds[t].update({s.id: 1 for s in defn.symbols if s.kind == "wild" and t not in s.excludes})
        self.table = {t: pay_table(defn.pays[t]) for t in self.targets}
        self.threshold = {t: min(k for k in defn.pays[t] if defn.pays[t][k]) if any(defn.pays[t].values()) else 1
                          for t in self.targets}


def rules_of(defn: Definition) -> AnywhereRules:
    found = defn.__dict__.get("_anywhere_rules")
    if found is None:
        found = defn.__dict__["_anywhere_rules"] = AnywhereRules(defn)
    return found
