"""What the board scene draws over the boards: the status line and meters, the respins counter
and its badges, a multiplier in flight, a filled board's banner, the GRAND takeover and the
outro. ``BoardScene`` (``view.py``) draws with these methods."""

from __future__ import annotations

import math

import pygame

from ...celebration import draw_burst, draw_counter_plate, punch_scale
from ...hud import GOLD, PALE_GOLD, WHITE
from ...layout import Box
from ...overlays import deck_clear_dim, make_dim
from ...status_line import draw_status
from .board_layout import BoardBox, meter_band, side_panels
from .timing import BOARD_COLOURS, CELEBRATE_TIME, TAKEOVER_TIME, Celebration, Flight


class BoardOverlays:
    """The overlays of ``BoardScene`` (its state: ``view.py``)."""

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The status line over the backdrop (landscape: the deck's own place, under the boards;
        portrait: over the boards' meter band, which shows BALANCE, BET and the WIN meter)."""
        ctx = self.ctx
        layout = ctx.layout
        where = layout.status
        if layout.portrait:
            band = meter_band(layout)
            where = Box(band.x, band.y - layout.status.h, band.w, layout.status.h)
            self._draw_meters(surface, band)
        draw_status(ctx, surface, ctx.hud.status, where)

    def _draw_meters(self, surface: pygame.Surface, band: Box) -> None:
        ctx = self.ctx
        text = ctx.text
        session = ctx.session
        values = (("BALANCE", ctx.money(session.credits)), ("TOTAL BET", ctx.money(session.bet.total)),
                  ("WIN", ctx.money(ctx.hud.win) if ctx.hud.win else ""))
        gap = band.w // 60
        w = (band.w - 2 * gap) // 3
        for i, (caption, value) in enumerate(values):
            box = pygame.Rect(band.x + i * (w + gap), band.y, w, band.h)
            pygame.draw.rect(surface, (24, 12, 44), box, border_radius=band.h // 5)
            pygame.draw.rect(surface, GOLD, box, width=max(2, band.h // 30), border_radius=band.h // 5)
            cap = text.fit(caption, max(8, band.h * 28 // 100), int(w * 0.9), GOLD)
            surface.blit(cap, cap.get_rect(midtop=(box.centerx, box.y + band.h // 10)))
            if value:
                img = text.fit(value, max(9, band.h * 42 // 100), int(w * 0.9), PALE_GOLD, outline=True)
                surface.blit(img, img.get_rect(midbottom=(box.centerx, box.bottom - band.h // 10)))

    def _draw_counter(self, surface: pygame.Surface) -> None:
        """RESPINS n and the feature's WIN so far, on the feature's side panels (``counter_boxes``)."""
        ctx = self.ctx
        counter, win = self.counter_boxes()
        self._badge(surface, counter, self.word("respins_badge", "RESPINS"), str(max(0, self.model.respins)),
                    glowing=self.counter_pulse > 0 and int(self.counter_pulse / 0.15) % 2 == 0,
                    grew=self.counter_pulse > 0)
        won = sum(self.shown_value(b.name, p, c.value) for b in self.model.boards.values() for p, c in b.held.items())
        won += sum(b.fill_award for b in self.model.boards.values() if b.filled)
        self._badge(surface, win, self.word("win_badge", "FEATURE WIN"), ctx.money(won))  # held prizes and Bonus Prizes

    def counter_boxes(self) -> tuple[Box, Box]:
        """Where RESPINS and FEATURE WIN go: the side panels beside the boards (landscape), the
        free-spins badges' places (portrait)."""
        layout = self.ctx.layout
        return side_panels(layout) or (layout.counter_badge, layout.multiplier_badge)

    def _badge(self, surface: pygame.Surface, box: Box, caption: str, value: str, *, glowing: bool = False,
               grew: bool = False) -> None:
        text = self.ctx.text
        rect = pygame.Rect(box)
        if glowing:
            pygame.draw.rect(surface, PALE_GOLD, rect.inflate(10, 10), border_radius=box.h // 3 + 5)
        pygame.draw.rect(surface, (24, 12, 44), rect, border_radius=box.h // 3)
        pygame.draw.rect(surface, GOLD, rect, width=max(2, box.h // 16), border_radius=box.h // 3)
        if self.ctx.layout.portrait:  # a short badge: caption and value on one line
            img = text.fit(f"{caption} {value}", max(9, box.h * 62 // 100), int(box.w * 0.92), PALE_GOLD, outline=True)
            surface.blit(img, img.get_rect(center=rect.center))
            return
        line = min(box.h, box.w * 2 // 5)  # a tall side panel writes as large as a badge its width would
        cap = text.fit(caption, max(8, line // 4), int(box.w * 0.9), GOLD)
        surface.blit(cap, cap.get_rect(midtop=(rect.centerx, box.y + box.h // 12)))
        size = max(9, line // 2 + (line // 8 if grew else 0))
        img = text.fit(value, size, int(box.w * 0.9), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midbottom=(rect.centerx, box.y + box.h - box.h // 12)))

    def _draw_flight(self, surface: pygame.Surface, flight: Flight, now: float) -> None:
        at = flight.position(now)
        if at is None:
            return
        side = max(16, self.ctx.layout.cell * 6 // 10)
        if flight.symbol:  # a basket leaves its base-reel cell at the reels' size and lands at a cell's
            geometry = self.geometry()
            small = geometry[0].cell if geometry else side
            t = min(1.0, max(0.0, (now - flight.start) / flight.duration))
            size = max(8, int(self.ctx.layout.cell + (small - self.ctx.layout.cell) * t))
            size -= size % 4  # a few sizes, each scaled once
            tile = self._tile(flight.symbol, size)
            if tile is not None:
                surface.blit(tile, tile.get_rect(center=at))
            return
        img = self.ctx.text.render(flight.label, max(12, side * 6 // 10), (255, 120, 255), outline=True)
        surface.blit(img, img.get_rect(center=at))

    def celebrate_time(self, celebration: Celebration) -> float:
        return TAKEOVER_TIME if celebration.board == self.top_board() else CELEBRATE_TIME

    def _draw_takeover(self, surface: pygame.Surface, celebration: Celebration, now: float) -> None:
        """The top prize over the whole screen: the game dims, the theme's light burst turns,
        its pieces fly, the prize's name in the theme's display face and the amount on the kit's
        plate (``presentation/celebration.py``)."""
        ctx = self.ctx
        layout = ctx.layout
        t = now - celebration.start
        key = (layout.size, layout.left_hand)
        if self._dim_all is None or self._dim_all_key != key:
            # landscape: the deck and its SPIN button stay clear, as the boards leave them
            self._dim_all = make_dim(layout.size, 170, (6, 2, 12)) if layout.portrait else \
                deck_clear_dim(layout, 170, (6, 2, 12))
            self._dim_all_key = key
            self._dim_all_area = self._dim_all.get_bounding_rect()  # the rows under the deck are clear: not blended
        surface.blit(self._dim_all, self._dim_all_area.topleft, self._dim_all_area)
        centre = (layout.width // 2, layout.height * 2 // 5)
        shower_art = ctx.art.shower
        draw_burst(surface, shower_art, centre, t)
        self.takeover.draw(surface, shower_art)
        grow = min(1.0, 0.4 + t * 3.0)  # the name zooms in
        size = max(12, int(layout.fonts.banner * 1.6 * grow))
        colour = BOARD_COLOURS.get(celebration.board, GOLD)
        name = ctx.text.fit(celebration.board, size, int(layout.width * 0.8), colour, outline=True, face="display")
        surface.blit(name, name.get_rect(center=centre))
        full = ctx.text.font(max(12, int(layout.fonts.banner * 1.6)), "display").get_height()  # the name grown
        draw_counter_plate(ctx, surface, shower_art, ctx.money(celebration.amount),
                           round(layout.fonts.banner * punch_scale(t)),
                           (layout.width // 2, centre[1] + full // 2 + layout.fonts.banner),
                           (255, 240, 170))

    def _draw_celebration(self, surface: pygame.Surface, geometry: tuple[BoardBox, ...], celebration: Celebration,
                          now: float) -> None:
        if celebration.board == self.top_board():
            self._draw_takeover(surface, celebration, now)
            return
        names = self.model.names()
        if celebration.board not in names:
            return
        box = geometry[names.index(celebration.board)]
        t = now - celebration.start
        scale = min(1.0, 0.5 + t * 2.5)
        frame = pygame.Rect(box.frame)
        w, h = int(frame.w * 0.9 * scale), int(frame.h * 0.55 * scale)
        banner = pygame.Rect(0, 0, w, h)
        banner.center = frame.center
        colour = BOARD_COLOURS.get(celebration.board, GOLD)
        pygame.draw.rect(surface, (30, 12, 40), banner, border_radius=max(4, h // 5))
        pygame.draw.rect(surface, colour, banner, width=max(3, h // 14), border_radius=max(4, h // 5))
        text = self.ctx.text
        top = text.fit(self.word("bonus_prize", "{board} BONUS PRIZE", board=celebration.board), max(9, h // 4), int(w * 0.9), WHITE, outline=True)
        surface.blit(top, top.get_rect(center=(banner.centerx, banner.y + h * 30 // 100)))
        big = text.fit(self.ctx.money(celebration.amount), max(10, h * 42 // 100), int(w * 0.9), (255, 232, 120),
                       outline=True)
        surface.blit(big, big.get_rect(center=(banner.centerx, banner.y + h * 68 // 100)))
        for k in range(10):  # sparks around the banner
            angle = k * math.pi / 5 + t * 3
            r = max(w, h) * (0.5 + 0.1 * math.sin(t * 7 + k))
            point = (int(banner.centerx + math.cos(angle) * r * 0.6), int(banner.centery + math.sin(angle) * r * 0.4))
            pygame.draw.circle(surface, (255, 230, 120), point, max(2, h // 30))

    def _draw_outro(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        box = pygame.Rect(layout.banner)
        pygame.draw.rect(surface, (24, 12, 44), box, border_radius=box.h // 6)
        pygame.draw.rect(surface, GOLD, box, width=max(3, box.h // 30), border_radius=box.h // 6)
        text = ctx.text
        title = text.fit(self.word("outro_title", "{title} COMPLETE", title=self.title), layout.fonts.title, int(box.w * 0.9), PALE_GOLD, outline=True)
        surface.blit(title, title.get_rect(center=(box.centerx, box.y + box.h * 28 // 100)))
        big = text.fit(ctx.money(self.model.total), layout.fonts.banner, int(box.w * 0.9), (255, 232, 120),
                       outline=True)
        surface.blit(big, big.get_rect(center=(box.centerx, box.y + box.h * 62 // 100)))
        filled = [b.name for b in self.model.boards.values() if b.filled]
        small = self.word("outro_prizes", "BONUS PRIZES: {boards}", boards=", ".join(filled)) if filled else \
            self.word("outro_played", "{respins} RESPINS PLAYED", respins=self.model.respins_played)
        img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), WHITE, outline=True)
        surface.blit(img, img.get_rect(center=(box.centerx, box.y + box.h * 86 // 100)))

