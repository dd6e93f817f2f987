"""INFO pages, generated from the game's YAML: paytable (at the current bet), features,
paylines and the rules text. LEFT/RIGHT (or the arrows) turn pages.
"""

from __future__ import annotations

from fractions import Fraction

import pygame

from cabinet.core.definition import FreeSpins, PaidRespin
from cabinet.core.money import fraction_str
from cabinet.machine.buttons import Button, Press

from ..art import thumb_size
from ..context import Context
from ..hud import GOLD, PALE_GOLD
from ..layout import Box
from ..overlays import Overlay

WHITE = (244, 240, 250)


class InfoScene(Overlay):
    title = "PAYTABLE AND RULES"
    close_buttons = ("BACK", "CLOSE", "MENU", "INFO")

    def __init__(self, ctx: Context) -> None:
        self.page = 0
        self.pages: list[pygame.Surface] = []
        super().__init__(ctx)

    # -- pages (pre-rendered on open and on resize) -----------------------------------------------

    @property
    def content(self) -> Box:
        panel = self.ctx.layout.panel
        return Box(panel.x + panel.w // 14, panel.y + panel.h * 15 // 100, panel.w * 12 // 14, panel.h * 72 // 100)

    def rebuild(self) -> None:
        self.pages = [self._paytable(), self._features(), self._paylines(), *self._rules()]
        self.page = min(self.page, len(self.pages) - 1)

    def _blank(self) -> pygame.Surface:
        return pygame.Surface((self.content.w, self.content.h), pygame.SRCALPHA)

    def _pays(self, symbol_id: str) -> list[tuple[str, str, str]]:
        """(count, coins or multiple of the bet, amount) per pay of a symbol, best first."""
        ctx = self.ctx
        defn, bet = ctx.defn, ctx.session.bet
        symbol = defn.symbol_map[symbol_id]
        out = []
        for count, pay in sorted(defn.pays.get(symbol_id, {}).items(), reverse=True):
            if symbol.kind == "scatter":
                out.append((str(count), f"{fraction_str(pay)}x BET", ctx.money(int(pay * bet.total))))
            else:
                coins = Fraction(pay) * bet.coins_per_line
                out.append((str(count), f"{fraction_str(coins)}", ctx.money(int(coins * bet.coin_value))))
        return out

    def _pay_lines(self, symbol_id: str) -> list[str]:
        return [f"{n}  {coins}{'' if 'BET' in coins else ' COINS'}  {amount}"
                for n, coins, amount in self._pays(symbol_id)]

    def _paytable(self) -> pygame.Surface:
        ctx = self.ctx
        page = self._blank()
        text, defn = ctx.text, ctx.defn
        shown = [s for s in defn.symbols if s.id in defn.pays or s.kind in ("wild", "scatter", "bonus")]
        pays = {s.id: self._pays(s.id) for s in shown}
        note_size = max(9, ctx.layout.fonts.body * 3 // 4)
        cols = 3 if len(shown) > 4 else 2
        rows = max(1, -(-len(shown) // cols))
        cw, ch = page.get_width() // cols, (page.get_height() - note_size * 2) // rows
        thumb = thumb_size(ctx.layout)
        text_w = cw - thumb - cw // 12
        lines = max([len(p) for p in pays.values()] + [1]) + 1
        size = max(8, min(ctx.layout.fonts.body * 4 // 5, ch * 10 // (lines * 12)))
        widest = max((f"{n}   {c}   {a}" for p in pays.values() for n, c, a in p), key=len, default="")
        size = text.fit_size(widest, size, text_w)
        pitch = size * 6 // 5
        for i, symbol in enumerate(shown):
            x, y = (i % cols) * cw, (i // cols) * ch
            img = ctx.art.thumbs.get(symbol.id)
            if img is not None:
                page.blit(img, (x, y + (ch - img.get_height()) // 2))
            tx = x + thumb + cw // 24
            ty = y + max(0, (ch - pitch * lines) // 2)
            page.blit(text.fit(symbol.name.upper() or symbol.id, size, text_w, GOLD), (tx, ty))
            rows_out = pays[symbol.id] or [("", "SUBSTITUTES" if symbol.kind == "wild" else "", "")]
            for k, (n, coins, amount) in enumerate(rows_out):
                row_y = ty + (k + 1) * pitch
                page.blit(text.render(n, size, PALE_GOLD), (tx, row_y))
                page.blit(text.render(coins, size, WHITE), (tx + size * 3 // 2, row_y))
                img = text.render(amount, size, WHITE)
                page.blit(img, img.get_rect(topright=(tx + text_w, row_y)))
        note = f"PAYS IN COINS AND {ctx.defn.bet.currency} AT THE CURRENT BET OF {ctx.money(ctx.session.bet.total)}"
        img = text.fit(note, note_size, page.get_width(), PALE_GOLD)
        page.blit(img, img.get_rect(midbottom=(page.get_width() // 2, page.get_height())))
        return page

    def _features(self) -> pygame.Surface:
        ctx = self.ctx
        defn = ctx.defn
        paragraphs: list[tuple[str, str]] = []
        for feature in defn.features:
            if isinstance(feature, FreeSpins):
                awards = ", ".join(f"{n} {feature.trigger_symbol} award {spins}"
                                   for n, spins in sorted(feature.awards.items()))
                text = f"{awards} free spins, played at the triggering bet."
                if feature.win_multiplier > 1:
                    text += f" Every free-spin win is multiplied by {feature.win_multiplier}."
                if feature.retrigger:
                    text += " Free spins can be won again during free spins."
                paragraphs.append(("FREE SPINS", text))
            elif isinstance(feature, PaidRespin):
                paragraphs.append(("RESPIN", "After a spin, respin any one reel while the others hold. Each reel "
                                   "shows its own price under it; only new wins formed by the respin pay."))
        if not paragraphs:
            paragraphs.append(("FEATURES", "This game has no bonus features."))
        tiers = defn.win_tiers
        paragraphs.append(("WIN CELEBRATIONS", f"BIG WIN from {fraction_str(tiers.big)}x the bet, MEGA WIN from "
                                               f"{fraction_str(tiers.mega)}x, EPIC WIN from {fraction_str(tiers.epic)}x."))
        return self._text_page(paragraphs)

    def _text_page(self, paragraphs: list[tuple[str, str]]) -> pygame.Surface:
        ctx = self.ctx
        page = self._blank()
        size = ctx.layout.fonts.body
        y = 0
        for heading, body in paragraphs:
            if heading:
                img = ctx.text.render(heading, size, GOLD)
                page.blit(img, (0, y))
                y += size * 3 // 2
            for line in ctx.text.wrap(body, size * 9 // 10, page.get_width()):
                img = ctx.text.render(line, size * 9 // 10, WHITE)
                page.blit(img, (0, y))
                y += size * 5 // 4
            y += size // 2
        return page

    def _rules(self) -> list[pygame.Surface]:
        ctx = self.ctx
        size = ctx.layout.fonts.body
        per_page = max(1, self.content.h // (size * 5 // 4))
        lines: list[str] = []
        for paragraph in ctx.defn.rules:
            lines.extend("- " + line if i == 0 else "  " + line
                         for i, line in enumerate(ctx.text.wrap(paragraph, size * 9 // 10, self.content.w - size)))
            lines.append("")
        pages = []
        for start in range(0, max(1, len(lines)), per_page):
            page = self._blank()
            for k, line in enumerate(lines[start:start + per_page]):
                page.blit(ctx.text.render(line, size * 9 // 10, WHITE), (0, k * size * 5 // 4))
            pages.append(page)
        return pages

    def _paylines(self) -> pygame.Surface:
        ctx = self.ctx
        page = self._blank()
        lines = ctx.defn.lines
        reels, rows = ctx.defn.grid.reels, ctx.defn.grid.rows
        cols = 5
        grid_rows = max(1, -(-len(lines) // cols))
        cw, ch = page.get_width() // cols, page.get_height() // grid_rows
        cell = max(3, min((cw - 12) // reels, (ch - 24) // rows))
        label = max(9, min(ctx.layout.fonts.body * 3 // 4, ch // 4))
        for i, pattern in enumerate(lines):
            x0, y0 = (i % cols) * cw, (i // cols) * ch
            img = ctx.text.render(str(i + 1), label, GOLD)
            page.blit(img, (x0, y0))
            gx, gy = x0 + label * 2, y0 + (ch - rows * cell) // 2
            for r in range(reels):
                for row in range(rows):
                    lit = row == pattern[r] if r < len(pattern) else False
                    pygame.draw.rect(page, (255, 210, 80) if lit else (60, 44, 90),
                                     (gx + r * cell, gy + row * cell, cell - 2, cell - 2))
        return page

    # -- input and drawing ------------------------------------------------------------------------

    def arrow_boxes(self) -> tuple[Box, Box]:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        y = panel.bottom - s - s // 3
        return Box(panel.x + s // 2, y, s, s), Box(panel.right - s - s // 2, y, s, s)

    def item_regions(self) -> list:
        left, right = self.arrow_boxes()
        return [(left, Press(Button.LEFT)), (right, Press(Button.RIGHT))]

    def handle_item(self, press: Press) -> None:
        if press.button in (Button.LEFT, Button.UP, Button.BET_MINUS):
            self.page = (self.page - 1) % len(self.pages)
        elif press.button in (Button.RIGHT, Button.DOWN, Button.BET_PLUS, Button.CONFIRM, Button.SPIN):
            self.page = (self.page + 1) % len(self.pages)
        self.ctx.audio.play("button_click")

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        if self.pages:
            surface.blit(self.pages[self.page], (self.content.x, self.content.y))
        left, right = self.arrow_boxes()
        s = ctx.layout.ui_button
        surface.blit(ctx.art.button("arrow_left", "", (s, s)), (left.x, left.y))
        surface.blit(ctx.art.button("arrow_right", "", (s, s)), (right.x, right.y))
        img = ctx.text.render(f"{self.page + 1} / {len(self.pages)}", ctx.layout.fonts.body, PALE_GOLD)
        surface.blit(img, img.get_rect(center=(ctx.layout.panel.center[0], left.center[1])))
