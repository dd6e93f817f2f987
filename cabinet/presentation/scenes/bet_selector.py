"""The bet selector, opened by pressing the bet amount: one column per bet part.

Columns are the parts the game lets the player choose (lines, coins per line or bet
level, coin value; or one list of total bets). A choice applies at once; options
above the game's maximum total bet are shown dimmed and refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from cabinet.core.bet import Bet, all_bets, is_allowed, line_choices
from cabinet.machine.buttons import Button, Press

from ..chrome import chrome
from ..context import Context
from ..hud import bet_parts
from ..layout import Box
from ..overlays import Overlay
from ..router import register_scene
from ..style import GOLD, PALE_GOLD

COLUMN_STRIDE = 1000  # ITEM index = column * COLUMN_STRIDE + option


@dataclass(frozen=True)
class Column:
    title: str
    bets: tuple[Bet, ...]  # the bet each option would make (from the current one)
    labels: tuple[str, ...]


class BetSelectorScene(Overlay):
    title = "CHOOSE YOUR BET"
    close_buttons = ("BACK", "CLOSE", "MENU", "BET_SELECT")

    def __init__(self, ctx: Context, on_change: Callable[[], None] | None = None) -> None:
        self.on_change = on_change or (lambda: None)
        self.column = 0
        super().__init__(ctx)

    def columns(self) -> list[Column]:
        ctx = self.ctx
        defn, bet = ctx.defn, ctx.session.bet
        model = defn.bet
        if model.label == "bet":
            seen: dict[int, Bet] = {}
            for b in all_bets(defn):
                seen.setdefault(b.total, b)
            bets = tuple(seen.values())
            return [Column("TOTAL BET", bets, tuple(ctx.money(b.total) for b in bets))]
        cols = []
        lines = line_choices(defn)
        if len(lines) > 1:
            cols.append(Column("LINES", tuple(replace(bet, lines=n) for n in lines), tuple(map(str, lines))))
        if len(model.coins_per_line) > 1:
            from cabinet.core.pays import model_of

            paylines = model_of(defn).paylines  # a ways game's bet is levels of its cost, not coins per line
            title = "BET LEVEL" if model.label == "level" or not paylines else "COINS PER LINE"
            cols.append(Column(title, tuple(replace(bet, coins_per_line=c) for c in model.coins_per_line),
                               tuple(map(str, model.coins_per_line))))
        if len(model.coin_values) > 1:
            cols.append(Column("COIN VALUE", tuple(replace(bet, coin_value=v) for v in model.coin_values),
                               tuple(ctx.money(v) for v in model.coin_values)))
        return cols

    def boxes(self) -> list[list[Box]]:
        """Each column's option buttons: one list, or a keypad grid when there are many
        (1 to 20 lines or coins stay big enough to touch)."""
        panel = self.ctx.layout.panel
        s = self.ctx.layout.ui_button
        cols = self.columns()
        if not cols:
            return []
        top, bottom = panel.y + panel.h * 22 // 100, panel.y + panel.h * 84 // 100
        col_w = panel.w * 88 // 100 // len(cols)
        x0 = panel.x + panel.w * 6 // 100
        out = []
        for c, col in enumerate(cols):
            n = max(len(col.bets), 1)
            across = 1 if n * s * 3 // 4 <= bottom - top else 2 if n <= 12 else 4
            down = -(-n // across)
            row_h = min((bottom - top) // down, s)
            width = col_w * 86 // 100
            cell_w = width // across
            gap = max(2, min(cell_w, row_h) // 10)
            left = x0 + c * col_w + (col_w - width) // 2
            out.append([Box(left + (i % across) * cell_w, top + (i // across) * row_h, cell_w - gap, row_h - gap)
                        for i in range(len(col.bets))])
        return out

    def item_regions(self) -> list:
        return [(box, Press(Button.ITEM, c * COLUMN_STRIDE + i))
                for c, col in enumerate(self.boxes()) for i, box in enumerate(col)]

    def _choose(self, bet: Bet) -> None:
        ctx = self.ctx
        if bet == ctx.session.bet:
            return
        if not is_allowed(ctx.defn, bet) or not ctx.session.set_bet(bet):
            ctx.hud.say("THAT BET IS NOT AVAILABLE")
            ctx.audio.play("button_click")
            return
        self.on_change()

    def handle_item(self, press: Press) -> None:
        cols = self.columns()
        if not cols:
            return
        b = press.button
        self.column = min(self.column, len(cols) - 1)
        col = cols[self.column]
        current = col.bets.index(self.ctx.session.bet) if self.ctx.session.bet in col.bets else 0
        if b == Button.LEFT:
            self.column = (self.column - 1) % len(cols)
        elif b == Button.RIGHT:
            self.column = (self.column + 1) % len(cols)
        elif b in (Button.UP, Button.BET_MINUS):
            self._choose(col.bets[max(0, current - 1)])
        elif b in (Button.DOWN, Button.BET_PLUS):
            self._choose(col.bets[min(len(col.bets) - 1, current + 1)])
        elif b in (Button.CONFIRM, Button.SPIN):
            self.close()
        elif b == Button.ITEM:
            c, i = divmod(press.index, COLUMN_STRIDE)
            if 0 <= c < len(cols) and 0 <= i < len(cols[c].bets):
                self.column = c
                self._choose(cols[c].bets[i])

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        bet = ctx.session.bet
        for c, (col, boxes) in enumerate(zip(self.columns(), self.boxes(), strict=True)):
            if boxes:
                left, right = boxes[0].x, max(b.right for b in boxes)
                head = text.fit(col.title, layout.fonts.body, right - left, GOLD if c == self.column else PALE_GOLD)
                surface.blit(head, head.get_rect(midbottom=((left + right) // 2, boxes[0].y - layout.ui_button // 5)))
            for option, label, box in zip(col.bets, col.labels, boxes, strict=True):
                allowed = is_allowed(ctx.defn, option)
                chosen = option == bet
                fill = chrome(self.ctx).chosen if chosen else chrome(self.ctx).band
                pygame.draw.rect(surface, fill, box, border_radius=box.h // 4)
                if chosen:
                    pygame.draw.rect(surface, GOLD, box, width=max(2, box.h // 14), border_radius=box.h // 4)
                colour = (250, 246, 236) if allowed else (110, 100, 120)
                img = text.fit(label, min(layout.fonts.body, box.h * 7 // 10), box.w - 8, colour)
                surface.blit(img, img.get_rect(center=box.center))
        panel = layout.panel
        total = text.fit(f"TOTAL BET {ctx.money(bet.total)}", layout.fonts.title * 2 // 3, panel.w * 8 // 10,
                         PALE_GOLD, outline=True)
        surface.blit(total, total.get_rect(center=(panel.center[0], panel.y + panel.h * 90 // 100)))
        parts = bet_parts(ctx)
        if parts:
            img = text.fit(parts, max(8, layout.fonts.body * 3 // 4), panel.w * 8 // 10, (200, 184, 230))
            surface.blit(img, img.get_rect(midtop=(panel.center[0], total.get_rect(
                center=(panel.center[0], panel.y + panel.h * 90 // 100)).bottom)))


register_scene("bet_selector", BetSelectorScene)
