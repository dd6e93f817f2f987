"""``anywhere``: a win lights every cell it counted, wherever it is, with its count and
amount in the middle of the reels ("9 x CHERRY")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..wins import draw_highlights
from .common import PlainScreen, amount_label, symbol_name


@dataclass(frozen=True)
class AnywhereScreen(PlainScreen):
    type: str = "anywhere"
    win_kinds: frozenset[str] = field(default=frozenset({"anywhere_win"}))
    awards_heading: str = "PAYS ANYWHERE"

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        draw_highlights(surface, ctx.art, ctx.layout, screen, win.positions, t)
        amount_label(surface, ctx, win.amount, f"{win.count} x {symbol_name(ctx.defn, win.symbol)}",
                     lambda size: ctx.layout.reel_window.center)

    def caption(self, defn: Any, win: Any) -> str:
        return f"{win.count} x {symbol_name(defn, win.symbol)} ANYWHERE"


SCREEN = AnywhereScreen()
