"""The INFO section of a ``collection`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.collection import Collection

from ..writing import FeatureSection, Para, Writer, heading


def rules(w: Writer, f: Collection) -> FeatureSection:
    symbol = w.name(f.symbol)
    after = "keeps what passed the target" if f.keep_excess else "starts again from 0"
    paras = (
        Para(f"Every {symbol} landing in a base game spin adds one to the meter. When it reaches {f.target}, it "
             f"pays {w.money(f.prize_x_bet)} and {after}."),
        Para("The meter is kept from spin to spin for each bet, also when the game is closed or the power fails."),
    )
    return FeatureSection(heading(f), f.symbol, paras)
