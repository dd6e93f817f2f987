"""The INFO section of a ``mummy_access`` block, written from its parameters."""

from __future__ import annotations

from typing import Any

from cabinet.core.features.hold_and_respin import HoldAndRespin
from cabinet.core.features.mummy_access import MummyAccess, open_chance

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, chance, heading


def rules(w: Writer, f: MummyAccess) -> FeatureSection:
    mummy = w.name(f.symbol)
    opens = next((g for g in w.defn.features if getattr(g, "name", "") == f.minigame), None)
    game = heading(opens) if opens is not None else f.minigame.replace("_", " ").upper()
    if isinstance(opens, HoldAndRespin) and "MINIGAME" not in game:
        game += " MINIGAME"
    paras = [Para(f"{mummy} symbols land{w.lands(f.symbol, ' in any position')}. The {mummy} symbols of "
                  f"a spin move to the panel to attempt access to the {game}; the panel shows the chance that "
                  f"its door opens:")]
    steps = sorted(f.panel, key=lambda st: st.mummies)
    for k, step in enumerate(steps):
        more = " OR MORE" if k == len(steps) - 1 else " ON THE PANEL"
        label = f"{step.mummies}{more}"
        paras.append(Para(chance(open_chance(f, step.mummies)), label=label))
    return FeatureSection(heading(f), f.symbol, tuple(paras))


def side_rows(defn: Any, f: MummyAccess) -> tuple[FeatureRow, ...]:
    return (FeatureRow(f.symbol, 0, words(f, "row", "TO THE PANEL")),)
