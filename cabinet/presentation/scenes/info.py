"""INFO: paytable and rules pages generated from the game's YAML.

Pages: the paytable (as many pages as the symbols need; pays in coins for the current
coins per line / bet level AND in currency for the current coin value; scatter pays
as a multiple of the total bet), the features, the paylines, and the rules text from
the YAML's ``rules:``. A symbol that pays as another (a Double) is shown on that
symbol's card, whose rows run over every count the paytable has (3 to 10 with Doubles).

The FEATURES pages have one section per feature block, in the YAML's order, written
by the block's mechanic (``mechanics/<block>/rules.py``) from its typed parameters
(``feature_sections``: free spins and their
multipliers, retriggers and minimum-win top-ups; mystery symbols; expanding and
multiplier wilds; a wild respin; a wheel's rings; a mummy panel's chances; a
hold-and-respin's boards, cell symbols and Bonus Prizes, premultiplied at the current
bet; progress levels; sticky reels; a paid respin; a block it does not know by what
its ``type`` documents), every amount in the currency at the current bet; then the win
celebrations and the RTP. Each section leads with its symbol's art; the body type is
the same on every page and never shrunk to fit: the sections go on over as many pages
as they need (``FEATURES 1 OF 3``), breaking between paragraphs.

The wild's card names the symbols it does not stand in for among those that land on
the reels (``reel_symbols``), never a board's own symbols.

Left and right arrows (LEFT/RIGHT, the d-pad) turn the pages; the centre button
(CONFIRM/SPIN, the pad's A) goes back to the game, as do INFO, BACK and the close button.
Two tabs on the heading row, PAYTABLE and RULES, jump to the first page of each (the
rule sheets have one button for the rules and one for the pays: INFO opens on the
paytable, one more press reaches the rules); ``InfoScene(ctx, section="rules")`` opens
on the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pygame

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.core.money import fraction_str
from cabinet.machine.buttons import Button, Press

from ..art import thumb_size
from ..chrome import chrome
from ..context import Context
from ..layout import Box
from ..mechanics import mechanic_of
from ..mechanics.writing import FeatureSection, Para, Writer, money_of, symbol_name
from ..overlays import Overlay
from ..router import register_scene
from ..style import GOLD, PALE_GOLD
from ..words import sentence_case, words

WHITE = (244, 240, 250)
SOFT = (200, 186, 224)
SECTIONS = ("PAYTABLE", "RULES")  # the tabs; ITEM index = the section's position here


@dataclass(frozen=True)
class PayCard:
    """One paytable entry: a paying symbol, the symbols that pay as it, and its rows."""

    symbols: tuple[str, ...]  # the symbol first, then its Doubles
    title: str
    rows: tuple[tuple[str, str, str], ...]  # (count, coins or "x BET", currency), best first
    notes: tuple[str, ...] = ()


def awards_noun(defn: Definition) -> str:
    """What the paytable's coins are, as the game's pay model pays (LINE PAYS, PAYS PER WAY...)."""
    from ..pays import pay_screen_of

    heading = pay_screen_of(defn).awards_heading
    return "LINE PAYS" if heading == "TOP AWARDS" else heading


def _coins_text(value: Fraction) -> str:
    return fraction_str(value)


def symbol_pays(defn: Definition, bet: Bet, symbol_id: str) -> list[tuple[str, str, str]]:
    """(count, coins or multiple of the bet, amount) per pay of a symbol, best first.

    Line pays: the paytable's coins times the coins per line (the bet level), and that
    many coins at the coin value. Scatter pays: a multiple of the total bet."""
    symbol = defn.symbol_map[symbol_id]
    out = []
    for count, pay in sorted(defn.pays.get(symbol_id, {}).items(), reverse=True):
        if symbol.is_scatter:
            out.append((str(count), f"{fraction_str(pay)}x BET", _money_of(defn, Fraction(pay) * bet.total)))
        else:
            coins = Fraction(pay) * bet.coins_per_line
            out.append((str(count), _coins_text(coins), _money_of(defn, coins * bet.coin_value)))
    return out


_money_of = money_of
_name = symbol_name


def reel_symbols(defn: Definition) -> set[str]:
    """The symbols on some strip of the game's reels (base, free spins, respins): what can
    land on the main screen, as opposed to a board's own symbols."""
    return {sid for strips in defn.reels.values() for strip in strips for sid in strip}


def pay_cards(defn: Definition, bet: Bet) -> list[PayCard]:
    """The paytable's entries in the YAML's order: wilds and scatters with their notes,
    each paying symbol with the Doubles that pay on its row."""
    symbols = defn.symbol_map
    doubles: dict[str, list[str]] = {}
    for s in defn.symbols:
        if s.pays_as:
            doubles.setdefault(s.pays_as, []).append(s.id)
    free = next((f for f in defn.features if getattr(f, "type", "") == "free_spins"), None)
    on_reels = reel_symbols(defn)
    cards: list[PayCard] = []
    for symbol in defn.symbols:
        if symbol.pays_as:
            continue  # shown on the card of the symbol it pays as
        rows = symbol_pays(defn, bet, symbol.id)
        notes: list[str] = []
        if symbol.kind == "wild":
            # only what lands beside it: board-only symbols (a minigame's ghosts and coins) never
            # meet the wild, and naming them would read as if it skipped a paying namesake
            excluded = sorted({*symbol.excludes, *(s.id for s in defn.symbols if s.kind in ("scatter", "bonus"))}
                              & on_reels, key=[s.id for s in defn.symbols].index)
            names = ", ".join(_name(symbols[e]) for e in excluded)
            notes.append(f"SUBSTITUTES FOR EVERY SYMBOL EXCEPT {names}." if names else "SUBSTITUTES FOR EVERY SYMBOL.")
            if any(s.counts > 1 for s in defn.symbols):
                notes.append("ALWAYS COUNTS AS ONE SYMBOL.")
            if symbol.reels:
                notes.append(f"APPEARS ON REELS {', '.join(map(str, symbol.reels))}.")
        if symbol.is_scatter:
            notes.append("PAYS ANYWHERE, x THE TOTAL BET.")
            if free is not None and free.trigger_symbol == symbol.id:
                notes.append(words(free, "paytable_note", "{count} OR MORE START FREE SPINS.", count=min(free.awards)))
        for d in doubles.get(symbol.id, ()):
            if symbols[d].reels:
                notes.append(f"{_name(symbols[d])}: REELS {', '.join(map(str, symbols[d].reels))} ONLY.")
        if doubles.get(symbol.id):
            notes.append("A DOUBLE COUNTS AS 2.")
        if not rows and not notes:
            continue
        cards.append(PayCard((symbol.id, *doubles.get(symbol.id, ())), _name(symbol), tuple(rows), tuple(notes)))
    for group in defn.pay_groups:  # issue 35's any bar: the group's symbols on one card
        coins = [(count, Fraction(pay) * bet.coins_per_line) for count, pay in sorted(group.pays.items(), reverse=True)]
        rows = [(str(count), _coins_text(c), _money_of(defn, c * bet.coin_value)) for count, c in coins]
        names = ", ".join(_name(symbols[sid]) for sid in group.symbols if sid in symbols)
        cards.append(PayCard(tuple(group.symbols), group.name or group.id, tuple(rows),
                             (f"ANY MIX OF {names} ON A LINE.",)))
    return cards

# -- the FEATURES pages: one section per feature block, written by its mechanic -------------------


Item = tuple[str, int, str, int, tuple[int, int, int]]  # (kind, x, text or symbol, size, colour)


@dataclass
class Row:
    """One row of a FEATURES page: its height and what is drawn on it."""

    h: int
    items: list[Item]


def feature_sections(defn: Definition, bet: Bet) -> list[FeatureSection]:
    """The FEATURES pages' sections, in the YAML's order: one per feature block, written from
    its parameters at ``bet`` (amounts in the game's currency), then the win celebrations
    and the return to player."""
    writer = Writer(defn, bet)
    out = []
    for params in defn.features:
        mechanic = mechanic_of(params)
        out.append(mechanic.rules(writer, params) if mechanic is not None else writer.generic(params))
    if not out:
        out.append(FeatureSection("FEATURES", "", (Para("This game has no bonus features."),)))
    tiers = defn.win_tiers
    info = [Para(f"from {fraction_str(x)}x the bet ({writer.money(x)})", label=f"{name} WIN")
            for name, x in (("BIG", tiers.big), ("MEGA", tiers.mega), ("EPIC", tiers.epic))]
    if defn.rtp:
        info.append(Para(f"{fraction_str(defn.rtp * 100)}%, the theoretical return to player", label="RTP"))
    out.append(FeatureSection("WIN CELEBRATIONS AND RTP", "", tuple(info)))
    return out



class InfoScene(Overlay):
    title = "PAYTABLE AND RULES"
    close_buttons = ("BACK", "CLOSE", "MENU", "INFO")

    def __init__(self, ctx: Context, section: str = "PAYTABLE") -> None:
        self.page = 0
        self.pages: list[pygame.Surface] = []
        self.headings: list[str] = []
        self.rule_lines: list[list[str]] = []
        self.feature_text: list[list[str]] = []  # each FEATURES page's strings, as laid out
        self.feature_boxes: list[list[tuple[str, Box]]] = []  # and where, on its page ("<ID>": a symbol's art)
        super().__init__(ctx)
        self.page = self.section_start(section.upper())

    def section_start(self, section: str) -> int:
        """The first page of a section: PAYTABLE (page 0) or RULES (the first rules page)."""
        if section == "RULES":
            return next((i for i, h in enumerate(self.headings) if h.startswith("RULES")), 0)
        return 0

    def section_of(self, page: int) -> str:
        return "RULES" if page < len(self.headings) and self.headings[page].startswith("RULES") else "PAYTABLE"

    # -- pages (pre-rendered on open and on resize) -----------------------------------------------

    @property
    def content(self) -> Box:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        top = panel.y + panel.h * 13 // 100 + self.heading_size() * 3 // 2
        bottom = self.nav_top() - s // 6 - self.dot_radius() * 5  # room for the page dots
        return Box(panel.x + panel.w // 20, top, panel.w * 18 // 20, max(10, bottom - top))

    def heading_size(self) -> int:
        return max(10, self.ctx.layout.fonts.body * 11 // 10)

    def dot_radius(self) -> int:
        return max(2, self.ctx.layout.ui_button // 12)

    def nav_top(self) -> int:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        return panel.bottom - s - s // 3

    def rebuild(self) -> None:
        pages: list[tuple[str, pygame.Surface]] = []
        paytable = self._paytable_pages()
        for i, page in enumerate(paytable):
            pages.append((f"PAYTABLE {i + 1} OF {len(paytable)}" if len(paytable) > 1 else "PAYTABLE", page))
        self.feature_text, self.feature_boxes = [], []
        features = self._features()
        for i, page in enumerate(features):
            pages.append((f"FEATURES {i + 1} OF {len(features)}" if len(features) > 1 else "FEATURES", page))
        from ..pays import pay_screen_of  # how the game's model pays: its paylines, or an example win

        model = pay_screen_of(self.ctx.defn)
        pages.append((model.info_heading, model.info_page(self.ctx, self._blank())))
        rules = self._rules()
        for i, page in enumerate(rules):
            pages.append((f"RULES {i + 1} OF {len(rules)}" if len(rules) > 1 else "RULES", page))
        self.headings = [h for h, _ in pages]
        self.pages = [p for _, p in pages]
        self.page = min(self.page, len(self.pages) - 1)

    def _blank(self) -> pygame.Surface:
        return pygame.Surface((self.content.w, self.content.h), pygame.SRCALPHA)

    def _pays(self, symbol_id: str) -> list[tuple[str, str, str]]:
        return symbol_pays(self.ctx.defn, self.ctx.session.bet, symbol_id)

    def _pay_lines(self, symbol_id: str) -> list[str]:
        return [f"{n}  {coins}{'' if 'BET' in coins else ' COINS'}  {amount}"
                for n, coins, amount in self._pays(symbol_id)]

    # -- the paytable -----------------------------------------------------------------------------

    def _card_metrics(self) -> tuple[int, int, int, int]:
        """(columns, thumb side, text size, row pitch) for this panel."""
        ctx = self.ctx
        cols = 2 if ctx.layout.portrait else 3
        thumb = min(thumb_size(ctx.layout), self.content.w // cols // getattr(self, "thumb_share", 3))
        size = max(9, ctx.layout.fonts.body * 4 // 5)
        return cols, thumb, size, size * 6 // 5

    def _card_height(self, card: PayCard, width: int) -> int:
        cols, thumb, size, pitch = self._card_metrics()
        text_w = width - thumb - width // 16
        note_lines = sum(len(self.ctx.text.wrap(n, size * 4 // 5, text_w)) for n in card.notes)
        text_h = self._title_pitch(card.title, text_w) + pitch * len(card.rows) + note_lines * size + size // 2
        thumbs_h = thumb * len(card.symbols) + (len(card.symbols) - 1) * thumb // 10
        return max(text_h, thumbs_h) + pitch // 2

    def _title_pitch(self, title: str, text_w: int) -> int:
        """The room a card's title takes: a pitch, and a line more for each line that a title
        too long for its card wraps into ("MULTIPLIER" over "WILD"), so its text starts under it."""
        _cols, _thumb, size, pitch = self._card_metrics()
        text = self.ctx.text
        fitted = text.fit_size(title, size, text_w)
        if text.font(fitted).size(title)[0] <= text_w or " " not in title.strip():
            return pitch
        return pitch + (len(text.wrap(title, fitted, text_w)) - 1) * text.font(fitted).get_linesize()

    def _paytable_pages(self) -> list[pygame.Surface]:
        ctx = self.ctx
        cards = pay_cards(ctx.defn, ctx.session.bet)
        cols, _thumb, size, _pitch = self._card_metrics()
        note_size = max(9, size * 4 // 5)
        page_h = self.content.h - note_size * 2
        col_w = self.content.w // cols
        self.thumb_share = 3  # a column's share for the symbol; smaller if the pays would need small type
        self.row_size = self._row_size(cards, col_w)
        if self.row_size < size * 9 // 10:
            self.thumb_share = 4
            self.row_size = self._row_size(cards, col_w)
        # Cards in the YAML's order, as many per page as its columns hold; then each page's
        # cards are dealt to its columns so that the columns come out about equally tall
        # (filling one column before the next left the last one half empty).
        pages = self._deal_pages(cards, cols, col_w, page_h, room=cols * page_h * 0.9)
        if len(pages) > 1:  # as many pages, but even: no last page of one card and empty space
            total = sum(self._card_height(c, col_w) for c in cards)
            for slack in (1.0, 1.05, 1.1, 1.2, 1.35):
                even = self._deal_pages(cards, cols, col_w, page_h, room=total / len(pages) * slack)
                if len(even) == len(pages):
                    pages = even
                    break
        self.dealt_pages = pages  # what each PAYTABLE page holds (tests read it)
        out = []
        for cards_here in pages:
            page = self._blank()
            columns = self._balanced(cards_here, cols, col_w)
            tallest = max((sum(self._card_height(c, col_w) for c in column) for column in columns), default=0)
            # the cards grow to fill the page (their words stay at the readable size; the room
            # goes round them), up to half as tall again, and the block sits in the middle
            stretch = min(1.5, page_h / tallest) if tallest else 1.0
            top0 = max(0, (page_h - int(tallest * stretch)) // 2)
            for c, column in enumerate(columns):
                top = top0
                for card in column:
                    h = int(self._card_height(card, col_w) * stretch)
                    self._draw_card(page, card, Box(c * col_w, top, col_w - col_w // 20, h - h // 16))
                    top += h
            self._paytable_note(page, note_size)
            out.append(page)
        return out

    def _deal_pages(self, cards: list[PayCard], cols: int, col_w: int, page_h: int, *,
                    room: float) -> list[list[PayCard]]:
        """Cards in the YAML's order, a page taking them while its columns hold them and their
        heights add up to no more than ``room``."""
        pages: list[list[PayCard]] = [[]]
        used = 0
        for card in cards:
            h = self._card_height(card, col_w)
            if pages[-1] and (used + h > room or not self._columns_hold(pages[-1] + [card], cols, col_w, page_h)):
                pages.append([])
                used = 0
            pages[-1].append(card)
            used += h
        return pages

    def _balanced(self, cards: list[PayCard], cols: int, col_w: int) -> list[list[PayCard]]:
        """``cards`` in order, cut into ``cols`` runs of about equal height (reading order kept)."""
        heights = [self._card_height(c, col_w) for c in cards]
        target = sum(heights) / max(1, cols)
        columns: list[list[PayCard]] = [[] for _ in range(cols)]
        col, filled = 0, 0.0
        for card, h in zip(cards, heights, strict=True):
            left_cols = cols - col - 1
            if columns[col] and col < cols - 1 and filled + h / 2 > target and left_cols > 0:
                col, filled = col + 1, 0.0
            columns[col].append(card)
            filled += h
        return columns

    def _columns_hold(self, cards: list[PayCard], cols: int, col_w: int, page_h: int) -> bool:
        columns = self._balanced(cards, cols, col_w)
        return all(sum(self._card_height(c, col_w) for c in column) <= page_h for column in columns)

    def _row_size(self, cards: list[PayCard], col_w: int) -> int:
        """One type size for every pay row of the paytable: the largest at which the widest
        row (its count, coins or "100x BET", and amount) fits its card, so no row is smaller."""
        _cols, thumb, size, _pitch = self._card_metrics()
        text_w = col_w - col_w // 20 - thumb - col_w // 16 - 4
        font = self.ctx.text.font
        while size > max(6, self.ctx.text.floor):  # down to the floor: a row's columns never run into each other
            count_w = font(size).size("10")[0] + size // 2
            if all(count_w + font(size).size(coins)[0] + size // 2 + font(size).size(amount)[0] <= text_w
                   for card in cards for _n, coins, amount in card.rows):
                break
            size -= 1
        return size

    def _paytable_note(self, page: pygame.Surface, size: int) -> None:
        ctx = self.ctx
        bet, model = ctx.session.bet, ctx.defn.bet
        from ...core.pays import model_of

        per = "PER LINE" if model_of(ctx.defn).paylines else "A LEVEL"  # a ways game's bet is levels of its cost
        part = f"BET LEVEL {bet.coins_per_line}" if model.label == "level" else \
            f"{bet.coins_per_line} COIN{'S' if bet.coins_per_line > 1 else ''} {per}"
        note = f"{awards_noun(ctx.defn)} IN COINS FOR {part} AND IN {model.currency} AT {ctx.money(bet.coin_value)} " \
               f"A COIN; SCATTER PAYS x THE TOTAL BET OF {ctx.money(bet.total)}"
        img = ctx.text.fit(note, size, page.get_width(), PALE_GOLD)
        page.blit(img, img.get_rect(midbottom=(page.get_width() // 2, page.get_height())))

    def _draw_card(self, page: pygame.Surface, card: PayCard, box: Box) -> None:
        ctx = self.ctx
        text = ctx.text
        _cols, thumb, size, pitch = self._card_metrics()
        pygame.draw.rect(page, (*chrome(self.ctx).band, 200), box, border_radius=max(4, thumb // 8))
        natural = self._card_height(card, box.w + box.w // 19)
        ty = box.y + pitch // 4 + max(0, (box.h - (natural - natural // 16)) // 2)  # centred in a grown card
        for k, sid in enumerate(card.symbols):
            img = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(sid)}.png", (thumb, thumb),
                                ctx.cache.symbol_placeholder(sid))
            page.blit(img, (box.x + 2, ty + k * (thumb + thumb // 10)))
        tx = box.x + thumb + box.w // 16
        text_w = box.right - tx - 4
        page.blit(text.fit(card.title, size, text_w, GOLD), (tx, ty))
        y = ty + self._title_pitch(card.title, text_w)
        row_size = getattr(self, "row_size", size)  # one size for every row (see _row_size)
        count_w = text.font(row_size).size("10")[0] + row_size // 2
        for n, coins, amount in card.rows:
            page.blit(text.render(n, row_size, PALE_GOLD), (tx, y))
            img = text.render(amount, row_size, WHITE)
            page.blit(img, img.get_rect(topright=(tx + text_w, y)))
            page.blit(text.render(coins, row_size, WHITE), (tx + count_w, y))
            y += pitch
        note_size = size * 4 // 5
        for note in card.notes:
            for line in text.wrap(sentence_case(note), note_size, text_w):
                page.blit(text.render(line, note_size, SOFT), (tx, y))
                y += note_size

    # -- features, paylines, rules ----------------------------------------------------------------

    def features_metrics(self) -> tuple[int, int, int, int]:
        """(heading size, body size, line pitch, thumbnail side) of the FEATURES pages: the
        body size a help screen reads at, never shrunk to fit (the pages go on instead)."""
        fonts = self.ctx.layout.fonts
        heading = max(10, fonts.body)
        body = max(9, fonts.body * 9 // 10)
        pitch = max(body + 2, body * 5 // 4)
        thumb = min(thumb_size(self.ctx.layout), heading * 3 // 2 + pitch * 2)
        return heading, body, pitch, thumb

    def _features(self) -> list[pygame.Surface]:
        """The FEATURES pages: each block's section (its symbol's art beside its heading, its
        paragraphs, tables and symbol lines), as many pages as they need. A page breaks between
        paragraphs (a heading stays with its first one, a table stays whole) and the section's
        heading comes again over the rest."""
        ctx = self.ctx
        sections = feature_sections(ctx.defn, ctx.session.bet)
        heading, _body, pitch, _thumb = self.features_metrics()
        page_h = self.content.h
        pages: list[list[Row]] = [[]]
        used = 0

        def turn(section: FeatureSection | None) -> None:
            """A new page; ``section``: it goes on there, under its heading again."""
            nonlocal used
            pages.append([])
            used = 0
            if section is not None:
                again = Row(heading * 3 // 2, [("text", self._text_x(), f"{section.heading} (CONTINUED)", heading,
                                                GOLD)])
                pages[-1].append(again)
                used += again.h

        for section in sections:
            blocks = self._section_blocks(section)
            for k, block in enumerate(blocks):
                if pages[-1] and used + min(sum(r.h for r in block), page_h) > page_h:
                    turn(section if k > 0 else None)
                for row in block:
                    if pages[-1] and used + row.h > page_h:  # longer than a page: it goes on over the next
                        turn(section)
                    pages[-1].append(row)
                    used += row.h
            if pages[-1]:
                pages[-1].append(Row(pitch // 2, []))
                used += pitch // 2
        return [self._draw_rows(rows) for rows in pages]

    def _text_x(self) -> int:
        _heading, _body, pitch, thumb = self.features_metrics()
        return thumb + pitch

    def _section_blocks(self, section: FeatureSection) -> list[list[Row]]:
        """A section as blocks of rows that stay together: the heading (the art beside it) with
        the first paragraph, then each paragraph; a table with the paragraph that opens it."""
        ctx = self.ctx
        heading, body, pitch, thumb = self.features_metrics()
        x = self._text_x()
        width = self.content.w - x
        top: list[Row] = [Row(heading * 3 // 2, [("text", x, section.heading, heading, GOLD),
                                                 ("rule", x, "", width, GOLD)])]
        if section.symbol:
            top[0].items.insert(0, ("thumb", 0, section.symbol, thumb, WHITE))
        blocks: list[list[Row]] = [top]
        label_w = max((ctx.text.font(body).size(p.label)[0] for p in section.paras if p.label), default=0)
        label_w += pitch if label_w else 0
        gap = pitch // 3
        for i, para in enumerate(section.paras):
            table_goes_on = i + 1 < len(section.paras) and bool(section.paras[i + 1].label)
            if para.label:
                lines = ctx.text.wrap(para.text, body, width - label_w)  # a table's cell: names, as written
                rows = [Row(pitch, [("text", x + label_w, line, body, WHITE)]) for line in lines]
                rows[0].items.insert(0, ("text", x, para.label, body, PALE_GOLD))
                if not table_goes_on:
                    rows.append(Row(gap, []))
                if i > 0:
                    blocks[-1].extend(rows)  # a table stays whole, and with the paragraph that opens it
                    continue
            elif para.icon:
                side = pitch * 2 - gap
                lines = ctx.text.wrap(sentence_case(para.text), body, width - side - pitch // 2)
                rows = [Row(pitch, [("text", x + side + pitch // 2, line, body, WHITE)]) for line in lines]
                rows[0].items.insert(0, ("icon", x, para.icon, side, WHITE))
                if len(lines) < 2:
                    rows.append(Row(pitch * (2 - len(lines)), []))
                rows.append(Row(gap, []))
            else:
                rows = [Row(pitch, [("text", x, line, body, WHITE)]) for line in ctx.text.wrap(sentence_case(para.text), body, width)]
                rows.append(Row(gap, []))
            blocks.append(rows)
        if section.symbol:  # the art is as tall as the heading and the first lines: room for it
            first = blocks[0][0].h + sum(r.h for b in blocks[1:2] for r in b)
            if first < thumb:
                blocks[min(1, len(blocks) - 1)].append(Row(thumb - first, []))
        if len(blocks) > 1:  # the heading stays with its first paragraph
            blocks[:2] = [blocks[0] + blocks[1]]
        return blocks

    def _draw_rows(self, rows: list[Row]) -> pygame.Surface:
        """One FEATURES page, its strings and where they are noted (``feature_text``, ``feature_boxes``)."""
        ctx = self.ctx
        page = self._blank()
        texts: list[str] = []
        boxes: list[tuple[str, Box]] = []
        y = 0
        for row in rows:
            for kind, x, what, size, colour in row.items:
                if kind == "text":
                    img = ctx.text.render(what, size, colour)
                    page.blit(img, (x, y))
                    texts.append(what)
                    boxes.append((what, Box(x, y, img.get_width(), img.get_height())))
                elif kind == "rule":
                    pygame.draw.line(page, (*colour, 110), (x, y + row.h - 3), (x + size, y + row.h - 3), 1)
                elif kind in ("thumb", "icon"):
                    img = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(what)}.png",
                                        (size, size), ctx.cache.symbol_placeholder(what))
                    page.blit(img, (x, y))
                    boxes.append((f"<{what}>", Box(x, y, size, size)))
            y += row.h
        self.feature_text.append(texts)
        self.feature_boxes.append(boxes)
        return page

    def rules_metrics(self) -> tuple[int, int, int]:
        """(type size, line pitch, measure) of the rules pages: the body size with room to
        breathe between lines, on a measure of at most ~70 characters (long lines tire)."""
        size = max(10, self.ctx.layout.fonts.body * 21 // 20)
        pitch = size * 3 // 2
        measure = min(self.content.w - 2 * size, self.ctx.text.font(size).size("n" * 70)[0])
        return size, pitch, measure

    def _rules(self) -> list[pygame.Surface]:
        ctx = self.ctx
        size, pitch, measure = self.rules_metrics()
        per_page = max(1, self.content.h // pitch)
        blocks: list[list[str]] = []
        from ...core.pays import pay_rules

        said = (*pay_rules(ctx.defn), *ctx.defn.rules)  # how the model pays, then the game's
        for paragraph in said or ("See the paytable for the pays.",):
            wrapped = ctx.text.wrap(sentence_case(paragraph), size, measure)  # rules read as sentences
            blocks.append(["- " + line if i == 0 else "  " + line for i, line in enumerate(wrapped)])
        pages: list[list[str]] = [[]]
        for block in blocks:  # a rule is not split over two pages when it fits on one
            gap = 1 if pages[-1] else 0
            if pages[-1] and len(pages[-1]) + gap + len(block) > per_page:
                pages.append([])
                gap = 0
            pages[-1].extend([""] * gap)
            for line in block:  # a rule longer than a page goes on over the next
                if len(pages[-1]) == per_page:
                    pages.append([])
                pages[-1].append(line)
        self.rule_lines = pages  # each page's lines ("- " opens a rule, "  " continues it)
        out = []
        left = max(0, (self.content.w - measure - 2 * size) // 2)  # the text block centred on the page
        for lines in pages:
            page = self._blank()
            for k, line in enumerate(lines):
                y = k * pitch
                if line.startswith("- "):  # a gold bullet opens each rule
                    r = max(2, size // 5)
                    pygame.draw.circle(page, GOLD, (left + size // 2, y + ctx.text.font(size).get_ascent() * 6 // 10), r)
                if line.strip():
                    page.blit(ctx.text.render(line[2:], size, WHITE), (left + 2 * size, y))
            out.append(page)
        return out

    # -- navigation -------------------------------------------------------------------------------

    def nav_boxes(self) -> tuple[Box, Box, Box]:
        """(left arrow, centre back-to-game button, right arrow) along the panel's foot."""
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        y = self.nav_top()
        centre_w = min(panel.w // 2, s * 5)
        return (Box(panel.x + s // 2, y, s, s), Box(panel.center[0] - centre_w // 2, y, centre_w, s),
                Box(panel.right - s - s // 2, y, s, s))

    def arrow_boxes(self) -> tuple[Box, Box]:
        left, _centre, right = self.nav_boxes()
        return left, right

    def tab_boxes(self) -> tuple[Box, Box]:
        """The PAYTABLE and RULES tabs, left and right of the page heading."""
        content = self.content
        h = self.heading_size() * 3 // 2
        longest = max(self.ctx.text.font(self.heading_size()).size(x)[0] for x in self.headings or ["RULES"])
        w = max(h * 2, min(content.w * 22 // 100, (content.w - longest) // 2 - h // 2))
        y = content.y - 2 - h
        return Box(content.x, y, w, h), Box(content.right - w, y, w, h)

    def item_regions(self) -> list:
        left, centre, right = self.nav_boxes()
        tabs = [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.tab_boxes())]
        return [(left, Press(Button.LEFT)), (right, Press(Button.RIGHT)), (centre, Press(Button.CLOSE)), *tabs]

    def handle_item(self, press: Press) -> None:
        if press.button == Button.ITEM and 0 <= press.index < len(SECTIONS):
            self.page = self.section_start(SECTIONS[press.index])  # a tab: that section's first page
        elif press.button in (Button.LEFT, Button.UP, Button.BET_MINUS):
            self.page = (self.page - 1) % len(self.pages)
        elif press.button in (Button.RIGHT, Button.DOWN, Button.BET_PLUS):
            self.page = (self.page + 1) % len(self.pages)
        elif press.button in (Button.CONFIRM, Button.SPIN):
            self.close()  # the centre button: back to the game
            return
        else:
            return
        self.ctx.audio.play("button_click")

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        panel = layout.panel
        if self.pages:
            heading = ctx.text.render(self.headings[self.page], self.heading_size(), PALE_GOLD, outline=True)
            surface.blit(heading, heading.get_rect(midbottom=(panel.center[0], self.content.y - 2)))
            surface.blit(self.pages[self.page], (self.content.x, self.content.y))
        for name, tab in zip(SECTIONS, self.tab_boxes(), strict=True):
            here = self.section_of(self.page) == name
            pygame.draw.rect(surface, chrome(self.ctx).chosen if here else chrome(self.ctx).band, tab,
                             border_radius=tab.h // 2)
            pygame.draw.rect(surface, GOLD if here else (150, 110, 40), tab, width=max(1, tab.h // 12),
                             border_radius=tab.h // 2)
            img = ctx.text.fit(name, max(8, tab.h * 55 // 100), tab.w * 85 // 100, WHITE if here else SOFT)
            surface.blit(img, img.get_rect(center=tab.center))
        left, centre, right = self.nav_boxes()
        s = layout.ui_button
        surface.blit(ctx.art.button("arrow_left", "", (s, s)), (left.x, left.y))
        surface.blit(ctx.art.button("arrow_right", "", (s, s)), (right.x, right.y))
        pygame.draw.rect(surface, (120, 70, 20), centre, border_radius=centre.h // 2)
        pygame.draw.rect(surface, GOLD, centre, width=max(2, centre.h // 14), border_radius=centre.h // 2)
        label = ctx.text.fit("BACK TO GAME", min(layout.fonts.body, centre.h * 5 // 10), centre.w * 8 // 10, WHITE)
        surface.blit(label, label.get_rect(center=centre.center))
        n = len(self.pages)  # page dots between the arrows and the button
        if n > 1:
            r = self.dot_radius()
            gap = r * 3
            x0 = centre.center[0] - (n - 1) * gap // 2
            y = centre.y - r * 3
            for i in range(n):
                pygame.draw.circle(surface, GOLD if i == self.page else (90, 70, 120), (x0 + i * gap, y), r)


register_scene("info", InfoScene)
