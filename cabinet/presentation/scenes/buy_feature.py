"""The BUY FEATURE card: each buy mode with its price now and what it buys, and a confirm.

Opened by BUY (``input/bindings.yaml``; the deck's BUY FEATURE pill) between rounds. UP/DOWN
(or a tap) picks a buy; CONFIRM (or the card's BUY button) buys it: one round of that mode,
charged its cost (``GameSession.begin_round(mode=...)``), the feature played at once. BACK,
CLOSE or the CANCEL button close the card with nothing charged. When the credits are short the
BUY button is greyed and a press says so in red, with the price and the balance: nothing is
charged. A game with an ante lists it too (a pad reaches the ante here: its buttons are all
taken); CONFIRM on that row switches it. A kiosk with ``buy_features: false`` lists no buy
(the card says they are off here), and the base game refuses BUY outright when nothing is left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cabinet.machine.buttons import Button, Press

from .. import bet_modes
from ..context import Context
from ..layout import Box
from ..overlays import Overlay
from ..router import register_scene
from ..style import GOLD, PALE_GOLD, WHITE

BUY_ITEM, CANCEL_ITEM = 100, 101  # the card's two buttons (ITEM indexes past the rows)
RED = (236, 90, 80)
GREY = (120, 110, 130)


@dataclass(frozen=True)
class Row:
    mode: str  # the bet mode's name
    kind: str  # "buy" | "ante"


class BuyFeatureScene(Overlay):
    title = "BUY FEATURE"
    close_buttons = ("BACK", "CLOSE", "MENU", "BUY")

    def __init__(self, ctx: Context, on_buy: Callable[[str], bool] | None = None,
                 on_ante: Callable[[], None] | None = None) -> None:
        self.on_buy = on_buy or (lambda mode: False)
        self.on_ante = on_ante or (lambda: None)
        self.cursor = 0
        self.message = ""
        self.message_bad = False
        super().__init__(ctx)

    # -- rows -------------------------------------------------------------------------------------

    def rows(self) -> list[Row]:
        defn = self.ctx.defn
        rows = [Row(m.name, "buy") for m in bet_modes.buy_modes(defn)] if self.ctx.buy_features else []
        ante = bet_modes.ante_mode(defn)
        if ante is not None:
            rows.append(Row(ante.name, "ante"))
        return rows

    @property
    def chosen(self) -> Row | None:
        rows = self.rows()
        return rows[min(self.cursor, len(rows) - 1)] if rows else None

    def chosen_buy(self) -> Row | None:
        row = self.chosen
        return row if row is not None and row.kind == "buy" else None

    def price(self, mode: str) -> int | None:
        try:
            return int(self.ctx.session.mode_cost(mode))
        except ValueError:
            return None

    def refusal(self, row: Row) -> str | None:
        """Why buying ``row`` cannot happen now (None: it can)."""
        session = self.ctx.session
        price = self.price(row.mode)
        if price is None:
            return "THIS BUY CANNOT BE PRICED AT THIS BET: CHOOSE ANOTHER BET"
        if session.in_round:
            return "A FEATURE CAN BE BOUGHT WHEN THE ROUND IS OVER"
        if price > session.credits:
            money = self.ctx.money
            return (f"NOT ENOUGH CREDITS: {bet_modes.mode_words(self.ctx.defn, row.mode)} COSTS {money(price)}, "
                    f"THE BALANCE IS {money(session.credits)} - ADD CREDITS (C)")
        return None

    # -- geometry ---------------------------------------------------------------------------------

    def row_boxes(self) -> list[Box]:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        count = len(self.rows())
        top, bottom = panel.y + panel.h * 18 // 100, panel.y + panel.h * 66 // 100
        h = min(s * 17 // 10, (bottom - top) // max(1, count))
        x, w = panel.x + panel.w * 6 // 100, panel.w * 88 // 100
        return [Box(x, top + i * h, w, h - max(3, h // 12)) for i in range(count)]

    def button_boxes(self) -> tuple[Box, Box]:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        h = s * 5 // 4
        y = panel.bottom - h - panel.h * 6 // 100
        w = panel.w * 40 // 100
        gap = panel.w * 4 // 100
        x = panel.x + (panel.w - 2 * w - gap) // 2
        cancel, buy = Box(x, y, w, h), Box(x + w + gap, y, w, h)
        if self.ctx.layout.left_hand:  # the confirm on the side of the hand that plays, as SPIN is
            buy, cancel = cancel, buy
        return buy, cancel

    def item_regions(self) -> list:
        regions = [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.row_boxes())]
        buy, cancel = self.button_boxes()
        return [*regions, (buy, Press(Button.ITEM, BUY_ITEM)), (cancel, Press(Button.ITEM, CANCEL_ITEM))]

    # -- input ------------------------------------------------------------------------------------

    def say(self, message: str, *, bad: bool = False) -> None:
        self.message, self.message_bad = message, bad

    def handle_item(self, press: Press) -> None:
        b = press.button
        rows = self.rows()
        if b in (Button.UP, Button.LEFT, Button.BET_MINUS) and rows:
            self.cursor = (self.cursor - 1) % len(rows)
            self.say("")
        elif b in (Button.DOWN, Button.RIGHT, Button.BET_PLUS) and rows:
            self.cursor = (self.cursor + 1) % len(rows)
            self.say("")
        elif b in (Button.CONFIRM, Button.SPIN):
            self.act()
        elif b == Button.ANTE:
            self.switch_ante()
        elif b == Button.ITEM:
            if press.index == BUY_ITEM:
                self.buy()
            elif press.index == CANCEL_ITEM:
                self.close()
            elif 0 <= press.index < len(rows):
                self.cursor = press.index
                if rows[press.index].kind == "ante":
                    self.switch_ante()
                else:
                    self.say("")

    def act(self) -> None:
        row = self.chosen
        if row is None:
            self.say("BUY FEATURES ARE OFF ON THIS CABINET", bad=True)
        elif row.kind == "ante":
            self.switch_ante()
        else:
            self.buy()

    def switch_ante(self) -> None:
        self.on_ante()
        ante = bet_modes.ante_mode(self.ctx.defn)
        if ante is not None:
            on = self.ctx.session.mode == ante.name
            self.say(f"{bet_modes.mode_words(self.ctx.defn, ante.name)} {'ON' if on else 'OFF'}")

    def buy(self) -> None:
        row = self.chosen_buy()
        if row is None:
            self.say("CHOOSE A FEATURE TO BUY (UP / DOWN)", bad=True)
            self.ctx.audio.play("button_click")
            return
        refusal = self.refusal(row)
        if refusal is not None:
            self.say(refusal, bad=True)
            self.ctx.audio.play("button_click")
            return
        self.finished = True  # the card goes before the round is shown
        if not self.on_buy(row.mode):
            self.finished = False
            self.say(self.ctx.hud.status or "NOTHING WAS BOUGHT", bad=True)

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text, defn = ctx.layout, ctx.text, ctx.defn
        body = layout.fonts.body
        rows = self.rows()
        cursor = min(self.cursor, len(rows) - 1)
        panel = layout.panel
        if not ctx.buy_features:
            img = text.fit("BUY FEATURES ARE OFF ON THIS CABINET", body, panel.w * 88 // 100, RED)
            surface.blit(img, img.get_rect(center=(panel.center[0], panel.y + panel.h * 14 // 100)))
        for i, (row, box) in enumerate(zip(rows, self.row_boxes(), strict=True)):
            mode = bet_modes.mode_named(defn, row.mode)
            chosen = i == cursor
            pygame.draw.rect(surface, (96, 56, 150) if chosen else (30, 18, 52), box, border_radius=box.h // 5)
            pygame.draw.rect(surface, GOLD if chosen else (110, 84, 50), box, width=max(2, box.h // 18),
                             border_radius=box.h // 5)
            pad = box.h // 4
            name_size, line_size = min(body * 6 // 5, box.h * 4 // 10), min(body * 4 // 5, box.h * 3 // 10)
            price = self.price(row.mode)
            if row.kind == "ante":
                on = ctx.session.mode == row.mode
                right = f"{'ON' if on else 'OFF'}  {bet_modes.cost_words(mode.cost)}"
                right_colour = (120, 230, 120) if on else PALE_GOLD
            else:
                right = ctx.money(price) if price is not None else "-"
                right_colour = PALE_GOLD if price is not None and price <= ctx.session.credits else RED
            value = text.fit(right, name_size, box.w * 34 // 100, right_colour, shadow=True)
            surface.blit(value, value.get_rect(midright=(box.right - pad, box.y + box.h // 2)))
            room = box.w - value.get_width() - 3 * pad
            name = text.fit(bet_modes.mode_words(defn, row.mode), name_size, room, WHITE)
            surface.blit(name, name.get_rect(topleft=(box.x + pad, box.y + box.h // 8)))
            words = (mode.description or "").upper()
            if row.kind == "ante":
                words = f"{words} - CONFIRM SWITCHES IT" if words else "CONFIRM SWITCHES IT"
            line = text.fit(words, line_size, room, (210, 196, 236))
            surface.blit(line, line.get_rect(bottomleft=(box.x + pad, box.bottom - box.h // 8)))
        buy_box, cancel_box = self.button_boxes()
        balance = text.fit(f"BALANCE {ctx.money(ctx.session.credits)}   -   CONFIRM BUYS, BACK CANCELS", body * 4 // 5,
                           panel.w * 88 // 100, (200, 184, 230))
        surface.blit(balance, balance.get_rect(midbottom=(panel.center[0], buy_box.y - layout.ui_button)))
        row = self.chosen_buy()
        ready = row is not None and self.refusal(row) is None
        price = self.price(row.mode) if row is not None else None
        label = f"BUY FOR {ctx.money(price)}" if row is not None and price is not None else "BUY"
        self._button(surface, buy_box, label, lit=ready)
        self._button(surface, cancel_box, "CANCEL", lit=True, quiet=True)
        message = self.message or (self.refusal(row) or "" if row is not None else "")
        bad = self.message_bad or (not self.message and row is not None and not ready)
        if message:
            img = text.fit(message, body * 4 // 5, panel.w * 90 // 100, RED if bad else PALE_GOLD)
            surface.blit(img, img.get_rect(midbottom=(panel.center[0], buy_box.y - layout.ui_button // 4)))

    def _button(self, surface: pygame.Surface, box: Box, label: str, *, lit: bool, quiet: bool = False) -> None:
        fill = (40, 30, 56) if quiet else (40, 130, 60) if lit else (60, 56, 66)
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 3)
        pygame.draw.rect(surface, GOLD if lit else GREY, box, width=max(2, box.h // 14), border_radius=box.h // 3)
        img = self.ctx.text.fit(label, self.ctx.layout.fonts.body, box.w - box.h // 2, WHITE if lit else GREY)
        surface.blit(img, img.get_rect(center=box.center))


register_scene("buy_feature", BuyFeatureScene)
