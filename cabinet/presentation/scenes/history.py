"""Game history (the menu's HISTORY): the last rounds, each replayable.

The list comes from the ledger's persistent history (``<data dir>/history.json``), so
it survives restarts: newest first, at least the last 10 rounds (up to 50), each with
its date and time, game, bet and win; the card beside the list shows the selected
round in full: credits before and after, features, spins, seed, and its marks
(FORCED for a scripted round, FORCED: ROUND <seed> for a round replayed on purpose from
its seed, AUTO-COMPLETED, VOIDED, RESTORED after an interruption).

Keys and pads: UP/DOWN choose, LEFT/RIGHT page, SPIN or CONFIRM replay, BACK closes;
INFO (or the METERS button) swaps the card for the accounting meters, for an
attendant's audit. Touch: tap a round to choose it, tap it again (or REPLAY) to
replay it; the arrows page; a tap outside the panel closes. A replay never touches a meter or the history
(``replay.py``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from cabinet.core.pays import model_of
from cabinet.machine.buttons import Button, Press
from cabinet.services.history import HistoryRecord

from ..chrome import chrome
from ..context import Context
from ..layout import Box
from ..overlays import draw_row, make_dim, make_panel
from ..pays import paid_lines, win_kinds
from ..record_text import (  # noqa: F401
    FEATURE_NAMES,
    MARK_COLOURS,
    feature_text,
    local_time,
    mark_colour,
    marks,
    spins_text,
    when,
)
from ..router import register_scene
from ..style import GOLD, PALE_GOLD

SHOWN = 50  # rounds listed (the history keeps at least 10)
MAX_ROWS = 10
PAID_SHOWN = 2  # wins named on the card; more are counted
CARD_ROWS = 10  # a round's card sized for this many rows, whatever one record has (one type size on every card)


def paid_text(defn: Any, record: HistoryRecord) -> str:
    """What the round's pay model paid, in words ("SEVEN 3 OF A KIND, 12 WAYS"), from the
    wins its record keeps (a ways, anywhere or cluster win is kept whole; a line win only
    counted): the first ``PAID_SHOWN``, then how many more."""
    kinds = win_kinds()
    wins = [SimpleNamespace(**{k: v for k, v in step.items() if k != "step"}, kind=step["step"])
            for step in record.steps if step.get("step") in kinds]
    words = paid_lines(defn, wins)
    more = f" + {len(words) - PAID_SHOWN} MORE" if len(words) > PAID_SHOWN else ""
    return "; ".join(words[:PAID_SHOWN]) + more


class HistoryScene:
    modal = True
    opaque = False
    title = "GAME HISTORY"
    close_buttons = (Button.BACK, Button.CLOSE, Button.MENU, Button.HISTORY)

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.finished = False
        self.this_session = ctx.defn.history == "session"  # the game's rules list this session's rounds only
        if self.this_session:
            self.title = "SESSION HISTORY"
        self.records: tuple[HistoryRecord, ...] = ctx.session.recent(SHOWN, this_session=self.this_session)
        self.cursor = 0
        self.offset = 0
        self.audit = False  # the card shows the meters instead of the chosen round
        self._size: tuple[int, int] | None = None
        self._panel: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._ensure()

    # -- geometry ---------------------------------------------------------------------------------

    def box(self) -> Box:
        w, h = self.ctx.layout.size
        return Box(w * 4 // 100, h * 4 // 100, w - 2 * (w * 4 // 100), h - 2 * (h * 4 // 100))

    @property
    def portrait(self) -> bool:
        box = self.box()
        return box.h > box.w

    def _areas(self) -> tuple[Box, Box]:
        """(list area, detail card) inside the panel."""
        box = self.box()
        top = box.y + max(self.ctx.layout.fonts.title, box.h // 9)
        bottom = box.bottom - max(self.ctx.layout.fonts.body * 2, box.h // 14)
        pad = box.w // 40
        if self.portrait:
            split = top + (bottom - top) * 55 // 100
            return (Box(box.x + pad, top, box.w - 2 * pad, split - top - pad // 2),
                    Box(box.x + pad, split + pad // 2, box.w - 2 * pad, bottom - split - pad // 2))
        split = box.x + box.w * 56 // 100
        return (Box(box.x + pad, top, split - box.x - pad * 3 // 2, bottom - top),
                Box(split + pad // 2, top, box.right - split - pad * 3 // 2, bottom - top))

    def rows(self) -> int:
        area, _ = self._areas()
        min_h = max(16, self.ctx.layout.fonts.body * 2)
        return max(3, min(MAX_ROWS, area.h // min_h))

    def row_boxes(self) -> list[Box]:
        area, _ = self._areas()
        arrows = self.arrow_h()
        n = self.rows()
        pitch = (area.h - arrows) // n
        gap = max(1, pitch // 10)
        return [Box(area.x, area.y + i * pitch, area.w, pitch - gap) for i in range(n)]

    def arrow_h(self) -> int:
        return max(14, self.ctx.layout.ui_button * 2 // 3)

    def arrow_boxes(self) -> tuple[Box, Box]:
        area, _ = self._areas()
        h = self.arrow_h()
        w = area.w // 5
        y = area.bottom - h
        return (Box(area.center[0] - w - w // 4, y, w, h), Box(area.center[0] + w // 4, y, w, h))

    def replay_box(self) -> Box:
        _, card = self._areas()
        h = max(self.ctx.layout.ui_button * 3 // 4, card.h // 8)
        w = card.w * 6 // 10
        return Box(card.x + card.w // 30, card.bottom - h - card.h // 30, w, h)

    def meters_box(self) -> Box:
        _, card = self._areas()
        replay = self.replay_box()
        w = card.w * 26 // 100
        return Box(card.right - w - card.w // 30, replay.y + replay.h // 6, w, replay.h * 2 // 3)

    @property
    def close_box(self) -> Box:
        box, s = self.box(), self.ctx.layout.ui_button
        return Box(box.right - s - s // 3, box.y + s // 3, s, s)

    def _ensure(self) -> None:
        size = self.ctx.layout.size
        if self._size != size or self._panel is None:
            self._size = size
            self._dim = make_dim(size, 170)
            self._panel = make_panel(self.ctx, self.box(), self.title)

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list:
        regions: list = [(self.close_box, Press(Button.CLOSE)), (self.meters_box(), Press(Button.INFO))]
        for i, box in enumerate(self.row_boxes()):
            index = self.offset + i
            if index < len(self.records):
                regions.append((box, Press(Button.ITEM, index)))
        if self.records:
            up, down = self.arrow_boxes()
            regions += [(up, Press(Button.LEFT)), (down, Press(Button.RIGHT)),
                        (self.replay_box(), Press(Button.CONFIRM))]
        return regions

    def handle(self, press: Press) -> bool:
        b = press.button
        if b in self.close_buttons:
            self.close()
        elif b == Button.TAP:
            if press.pos is None or not self.box().contains(*press.pos):
                self.close()  # a press outside the panel closes it
        elif b == Button.INFO:
            self.audit = not self.audit
            self.ctx.audio.play("button_click")
        elif not self.records:
            pass
        elif b == Button.UP:
            self.select(self.cursor - 1)
        elif b == Button.DOWN:
            self.select(self.cursor + 1)
        elif b == Button.LEFT:
            self.select(self.cursor - self.rows())
        elif b == Button.RIGHT:
            self.select(self.cursor + self.rows())
        elif b in (Button.CONFIRM, Button.SPIN):
            self.audit = False
            self.replay(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(self.records):
            if press.index == self.cursor:
                self.replay(press.index)  # a second tap on the chosen round replays it
            else:
                self.select(press.index)
        return True  # modal: nothing reaches the paused game

    def select(self, index: int) -> None:
        if not self.records:
            return
        self.audit = False
        self.cursor = max(0, min(len(self.records) - 1, index))
        rows = self.rows()
        if self.cursor < self.offset:
            self.offset = self.cursor
        elif self.cursor >= self.offset + rows:
            self.offset = self.cursor - rows + 1
        self.ctx.audio.play("button_click")

    def replay(self, index: int) -> None:
        self.ctx.audio.play("button_click")
        self.ctx.open("replay", self.records[index])

    def close(self) -> None:
        self.finished = True
        self.ctx.audio.play("button_click")

    def update(self, dt: float) -> None:
        self._ensure()
        self.offset = max(0, min(self.offset, max(0, len(self.records) - self.rows())))

    # -- text -------------------------------------------------------------------------------------

    def mode_text(self, record: HistoryRecord) -> str:
        """The bet mode the round played, in the player's words ("BASE GAME", "ANTE BET")."""
        from cabinet.services.audit import round_mode

        from ..bet_modes import mode_words

        name = round_mode(record)
        defn = self.ctx.defn if record.game_id == self.ctx.defn.id else None
        return mode_words(defn, name) if defn is not None else name.replace("_", " ").upper()

    def variant_text(self, record: HistoryRecord) -> str:
        """The RTP variant the round played at (the game's default named as such)."""
        from cabinet.services.audit import round_variant

        name = round_variant(record)
        defn = self.ctx.defn if record.game_id == self.ctx.defn.id else None
        default = getattr(defn, "default_variant", None) or ""
        variants = {str(v.name): v.rtp for v in getattr(defn, "rtp_variants", ())}
        shown = name or default
        if not shown:
            return "AS WRITTEN"
        rtp = f" ({float(variants[shown]) * 100:.2f}%)" if shown in variants else ""
        return f"{shown.upper()}{rtp}" + ("" if name else " - DEFAULT")

    def mode_rows(self, record: HistoryRecord) -> list[tuple[str, str]]:
        """MODE and RTP VARIANT, for a game with modes or variants (or a round played in one)."""
        from cabinet.services.audit import round_mode, round_variant

        defn = self.ctx.defn if record.game_id == self.ctx.defn.id else None
        has = defn is not None and (len(getattr(defn, "bet_modes", ())) > 1 or bool(getattr(defn, "rtp_variants", ())))
        if not has and round_mode(record) == "base" and not round_variant(record):
            return []
        return [("MODE", self.mode_text(record)), ("RTP VARIANT", self.variant_text(record))]

    def row_text(self, record: HistoryRecord) -> tuple[str, str]:
        money = self.ctx.money
        from cabinet.services.audit import round_mode, round_variant

        left = f"#{record.round_id}  {when(record)}  {record.game_name.upper()}"
        if round_mode(record) != "base":
            left += f"  {self.mode_text(record)}"
        if round_variant(record):
            left += f"  RTP {round_variant(record).upper()}"
        right = f"BET {money(record.cost)}  WIN {money(record.win)}"
        return left, right

    def lines(self) -> list[str]:
        """Every listed round as one line of text, newest first (what the rows show)."""
        out = []
        for record in self.records:
            left, right = self.row_text(record)
            tags = "  ".join(marks(record, short=True))
            out.append(f"{left}  {right}" + (f"  {tags}" if tags else ""))
        return out

    def details(self, record: HistoryRecord) -> list[tuple[str, str]]:
        money = self.ctx.money
        request = record.request
        bet = money(record.cost)
        if request.kind == "respin":
            bet += f"  (RESPIN OF REEL {request.respin_reel + 1})"
        else:
            b = request.bet
            unit = "LINES" if model_of(self.ctx.defn).paylines else "COINS"  # a ways game's bet is levels of its cost
            bet += f"  ({b.lines} {unit} x {b.coins_per_line} x {money(b.coin_value)})"
        rows = [
            ("ROUND", f"#{record.round_id}"),
            ("DATE", when(record, long=True)),
            ("GAME", record.game_name.upper()),
            ("BET", bet),
            *self.mode_rows(record),
            ("WIN", money(record.win)),
            ("CREDITS", f"{money(record.credits_before)}  >  {money(record.credits_after)}"),
            ("FEATURES", feature_text(record)),
            ("SPINS", spins_text(record)),
            ("SEED", f"{request.seed:#018x}"),
        ]
        paid = paid_text(self.ctx.defn, record)
        if paid:
            rows.append(("PAID", paid))
        if request.decisions:
            rows.append(("CHOICES", ", ".join(request.decisions).upper()))
        return rows

    def meter_rows(self) -> list[tuple[str, str]]:
        """The accounting meters (the attendant's audit view)."""
        session, money = self.ctx.session, self.ctx.money
        m = session.meters
        kinds = ", ".join(f"{k.replace('_', ' ').upper()} {n}" for k, n in m.rounds_by_kind.items())
        features = ", ".join(f"{FEATURE_NAMES.get(k, k.replace('_', ' ').upper())} {n}"
                             for k, n in m.features.items()) or "NONE"
        return [
            ("CREDITS", money(session.credits)),
            ("CREDITS IN", money(m.credits_in)),
            ("CREDITS OUT", money(m.credits_out)),
            ("TOTAL BET", money(m.total_bet)),
            ("TOTAL WON", money(m.total_won)),
            ("GAMES", f"{m.games_played}" + (f"  ({kinds})" if kinds else "")),
            ("VOIDED", str(m.voided)),
            ("FEATURES", features),
            ("BALANCE", "OK: IN - OUT - BETS + WINS" if session.ledger.balanced() else "DOES NOT BALANCE"),
        ]

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_still(surface)
        self.draw_moving(surface)

    def still_key(self) -> tuple[object, ...]:
        """What the page shows depends on: the stack keeps its picture until this changes (nothing
        on the page moves by itself: the rounds are fixed when it opens, the meters while it is)."""
        meters = tuple(self.meter_rows()) if self.audit else ()
        return (tuple(self.box()), id(self._dim), id(self._panel), id(self.ctx.art), self.cursor, self.offset,
                self.audit, meters)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The whole page: the dim, the panel, the rows, the chosen round's card, the buttons and
        the hint (drawn once into the stack's kept picture until a press changes them)."""
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        box = self.box()
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        if self._panel is not None:
            surface.blit(self._panel, (box.x, box.y))
        s = layout.ui_button
        surface.blit(ctx.art.button("close", "", (s, s)), (self.close_box.x, self.close_box.y))
        body = layout.fonts.body
        if self.audit:
            self._draw_card(surface, None)
        if not self.records:
            img = text.render("NO ROUNDS PLAYED THIS SESSION" if self.this_session else "NO ROUNDS PLAYED YET",
                              body, (230, 220, 240))
            area, _ = self._areas()
            surface.blit(img, img.get_rect(center=area.center))
            self._draw_meters_button(surface)
            return
        for i, row in enumerate(self.row_boxes()):
            index = self.offset + i
            if index >= len(self.records):
                break
            self._draw_row(surface, row, self.records[index], index == self.cursor)
        self._draw_arrows(surface)
        self._draw_card(surface, None if self.audit else self.records[self.cursor])
        self._draw_meters_button(surface)
        hint = f"Rounds {self.offset + 1}-{min(len(self.records), self.offset + self.rows())} of " \
               f"{len(self.records)}   Up/Down: choose   Spin: replay   Info: meters   Back: close"
        img = text.fit(hint, max(text.floor, body * 4 // 5), int(box.w * 0.9), (200, 186, 220))
        surface.blit(img, img.get_rect(midbottom=(box.center[0], box.bottom - box.h // 40)))

    def draw_moving(self, surface: pygame.Surface) -> None:
        """Nothing: the page holds still between presses (``draw_still`` draws it all)."""

    def _draw_row(self, surface: pygame.Surface, row: Box, record: HistoryRecord, selected: bool) -> None:
        ctx = self.ctx
        draw_row(ctx, surface, row, "", selected=selected)
        left, right = self.row_text(record)
        size = self.row_size(row)
        pad = row.h // 3
        right_img = ctx.text.render(ctx.text.shorten(right, size, row.w * 45 // 100), size, PALE_GOLD)
        surface.blit(right_img, right_img.get_rect(midright=(row.right - pad, row.y + row.h // 2)))
        tags = marks(record, short=True)
        tag_w = 0
        if tags:  # each mark as a word on a coloured pill (a dot alone explained nothing)
            tag_size = max(ctx.text.floor, size * 7 // 10)
            right_edge = row.right - pad - right_img.get_width() - pad
            for tag in tags:
                word = ctx.text.render(tag, tag_size, (16, 12, 24))
                pill = pygame.Rect(0, 0, word.get_width() + tag_size, max(word.get_height(), row.h * 6 // 10))
                pill.midright = (right_edge, row.y + row.h // 2)
                pygame.draw.rect(surface, mark_colour(tag), pill, border_radius=pill.h // 2)
                surface.blit(word, word.get_rect(center=pill.center))
                right_edge = pill.x - pad // 2
            tag_w = row.right - pad - right_img.get_width() - pad - right_edge
        room = row.w - right_img.get_width() - tag_w - 3 * pad
        left_img = ctx.text.render(ctx.text.shorten(left, size, max(20, room)), size, (250, 246, 236))
        surface.blit(left_img, left_img.get_rect(midleft=(row.x + pad, row.y + row.h // 2)))

    def row_size(self, row: Box) -> int:
        """The list rows' one type size (every row's words at it: cut short, never shrunk)."""
        return max(self.ctx.text.floor, min(self.ctx.layout.fonts.body, row.h * 6 // 10))

    def _draw_arrows(self, surface: pygame.Surface) -> None:
        up, down = self.arrow_boxes()
        for box, pointing_up, active in ((up, True, self.cursor > 0),
                                         (down, False, self.cursor < len(self.records) - 1)):
            colour = GOLD if active else (90, 80, 100)
            pygame.draw.rect(surface, chrome(self.ctx).band, box, border_radius=box.h // 3)
            pygame.draw.rect(surface, colour, box, width=max(1, box.h // 12), border_radius=box.h // 3)
            cx, cy, d = box.center[0], box.center[1], box.h // 4
            tip, base = (cy - d, cy + d) if pointing_up else (cy + d, cy - d)
            pygame.draw.polygon(surface, colour, [(cx, tip), (cx - 2 * d, base), (cx + 2 * d, base)])

    def _draw_meters_button(self, surface: pygame.Surface) -> None:
        box = self.meters_box()
        pygame.draw.rect(surface, chrome(self.ctx).chosen if self.audit else chrome(self.ctx).band, box,
                         border_radius=box.h // 3)
        pygame.draw.rect(surface, GOLD, box, width=max(1, box.h // 14), border_radius=box.h // 3)
        label = self.ctx.text.fit("METERS", self.ctx.layout.fonts.body, int(box.w * 0.8), PALE_GOLD)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_card(self, surface: pygame.Surface, record: HistoryRecord | None) -> None:
        """The chosen round in full, or (``record`` None) the meters."""
        ctx = self.ctx
        text = ctx.text
        _, card = self._areas()
        pygame.draw.rect(surface, (20, 12, 36), card, border_radius=max(6, card.h // 30))
        pygame.draw.rect(surface, GOLD, card, width=max(1, card.h // 150), border_radius=max(6, card.h // 30))
        pad = card.w // 20
        rows = self.details(record) if record is not None else self.meter_rows()
        replay = self.replay_box()
        tags = marks(record) if record is not None else []
        room = replay.y - card.y - pad - (ctx.layout.fonts.body * 3 // 2 if tags else 0)
        size = max(text.floor, min(ctx.layout.fonts.body, room // (max(CARD_ROWS, len(rows)) + 1)))  # one size, every card
        y = card.y + pad // 2
        label_w = card.w * 30 // 100
        for label, value in rows:
            lab = text.render(label, max(text.floor, size * 4 // 5), GOLD)
            surface.blit(lab, (card.x + pad, y + (size - lab.get_height() // 1) // 4))
            val = text.render(text.shorten(value, size, card.w - label_w - 2 * pad), size, (246, 240, 250))
            surface.blit(val, (card.x + pad + label_w, y))
            y += max(val.get_height(), size * 5 // 4)
        if tags:
            x = card.x + pad
            for tag in tags:
                img = text.render(text.shorten(tag, size, max(20, card.right - pad - x - size)), size, (16, 10, 20))
                pill = pygame.Rect(x, y + size // 4, img.get_width() + size, img.get_height() + size // 4)
                pygame.draw.rect(surface, mark_colour(tag), pill, border_radius=pill.h // 2)
                surface.blit(img, img.get_rect(center=pill.center))
                x = pill.right + size // 2
        if record is None:
            return
        pygame.draw.rect(surface, (150, 30, 40), replay, border_radius=replay.h // 3)
        pygame.draw.rect(surface, GOLD, replay, width=max(2, replay.h // 14), border_radius=replay.h // 3)
        caption = text.fit("REPLAY", ctx.layout.fonts.button * 3 // 2, int(replay.w * 0.8), (255, 255, 255),
                           shadow=True)
        surface.blit(caption, caption.get_rect(center=replay.center))


register_scene("history", HistoryScene)
