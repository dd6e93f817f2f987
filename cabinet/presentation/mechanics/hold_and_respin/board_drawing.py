"""The board scene's drawing, frame by frame: the deck, each board with its cells (spinning,
landed, glowing, marked, ghosted), the values on them and the collected values in flight.
``BoardScene`` (``view.py``) draws with these methods."""

from __future__ import annotations

import math
from typing import Any

import pygame

from cabinet.core.events import Position
from cabinet.core.money import Money

from ... import hud
from ...ghost_piece import ghost_colours, ghost_piece, is_ghost
from ...hud import GOLD, PALE_GOLD, WHITE
from ...layout import Box
from .board_layout import BoardBox, _plate, cover_height
from .model import BoardShown
from .timing import (
    ANTICIPATION_RIM,
    BLANK_SYMBOLS,
    COUNT_TIME,
    MARK_COLOUR,
    MARK_TIME,
    REVEALED_PLATE,
    REVEALED_TEXT,
    SPIN_SPEED,
    TOKEN_COLOUR,
    TOKEN_LABEL,
    TRAIL,
    TRAIL_STEP,
    CellSpin,
)


class BoardDrawing:
    """The per-frame drawing of ``BoardScene`` (its state: ``view.py``)."""

    # -- drawing ----------------------------------------------------------------------------------

    def _tile(self, symbol: str, side: int, blurred: bool = False) -> pygame.Surface | None:
        """The symbol at a board cell's size, from the asset cache (which scales each sprite
        once per size); ``blurred``: narrower and faded, as it passes through a spinning cell."""
        key = (symbol, side, blurred)
        found = self._tiles.get(key)
        if found is None:
            ctx = self.ctx
            if symbol not in ctx.defn.symbol_map:
                return None
            rel = f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(symbol)}.png"
            width = side * 3 // 4 if blurred else side
            found = ctx.cache.get(rel, (width, side), ctx.cache.symbol_placeholder(symbol))
            if blurred:
                found = found.copy()  # the cache's own stays opaque for everyone else
                found.set_alpha(150)
            self._tiles[key] = found
        return found

    def warm(self) -> None:
        """Every size the boards draw, made before the frames that show them (a layout change
        or a new board): the cells' symbols, the spinning columns, the flying baskets."""
        geometry = self.geometry()
        if not geometry:
            return
        key = (self.ctx.layout.size, len(geometry))
        if self._warm_key == key:
            return
        self._warm_key = key
        cell = geometry[0].cell
        side = cell - max(4, cell // 8)
        inner = cell - 2 * max(2, cell // 16)
        symbols = {s for strip in (*self.strips.values(), *self.reel_strips.values()) for s in strip
                   if s not in BLANK_SYMBOLS}
        for symbol in symbols:
            self._tile(symbol, side)
        for board, shown in self.model.boards.items():
            self._spin_strip(board, inner)
            for reel in range(shown.reels):
                if (board, reel) in self.reel_strips:
                    self._spin_strip(board, inner, reel)
        radius = self._token_radius()
        for r in range(2, radius + 1):  # a token and its trail
            self._orb(r)
        for size in range(max(8, min(cell, self.ctx.layout.cell)), max(cell, self.ctx.layout.cell) + 4, 4):
            for symbol in symbols:
                self._tile(symbol, size - size % 4)

    def _game_scene(self) -> Any:
        """The game scene under the boards (its static art, its meters and buttons), if any."""
        return next((s for s in self.ctx.stack if hasattr(s, "static") and hasattr(s, "enabled_buttons")), None)

    def draw(self, surface: pygame.Surface) -> None:
        geometry = self.geometry()
        if not geometry:
            return
        static = self._static_surface(geometry)
        surface.blit(static, (0, 0))
        game = self._game_scene()
        if game is not None and not self.ctx.layout.portrait:  # the deck's meters and buttons, the deck only
            self._draw_deck(surface, static, game)
        now = self.clock
        for box, shown in zip(geometry, self.model.boards.values(), strict=True):
            self._draw_board(surface, box, shown, now)
        self._draw_counter(surface)
        self._draw_status(surface)
        for flight in self.flights:
            self._draw_flight(surface, flight, now)
        if self.flights:  # the boards' headers stay in front: a basket flies behind GRAND, not over it
            for box in geometry:
                title = pygame.Rect(box.title)
                surface.blit(static, title.topleft, title)
        self._draw_tokens(surface, now)
        for celebration in self.celebrations:
            self._draw_celebration(surface, geometry, celebration, now)
        if self.phase == "outro":
            self._draw_outro(surface)

    def _draw_deck(self, surface: pygame.Surface, static: pygame.Surface, game: Any) -> None:
        """The deck's meters and buttons as the game draws them, drawn again only when what
        they show changes (a meter's value, a button's state): the boards' frames stay light."""
        ctx = self.ctx
        layout = ctx.layout
        enabled = game.enabled_buttons()
        key = (layout.size, layout.left_hand, tuple(hud.meter_values(ctx).items()),
               tuple(sorted((str(b), on) for b, on in enabled.items())), game.autoplay.running,
               game.autoplay.rounds_left, tuple(sorted(str(b) for b, t in ctx.hud.flash.items() if t > 0)),
               ctx.hud.win)
        deck = pygame.Rect(0, cover_height(layout), layout.width, layout.height - cover_height(layout))
        # and the buttons that rise above it (the big SPIN button), whole rather than cut flat
        risen = [pygame.Rect(box).clip(pygame.Rect(0, 0, layout.width, deck.y))
                 for box in layout.buttons.values() if box.y < deck.y]
        if self._deck is None or self._deck.get_size() != layout.size or self._deck_key != key:
            if self._deck is None or self._deck.get_size() != layout.size:
                self._deck = pygame.Surface(layout.size)
            self._deck.blit(static, (0, 0))
            hud.draw_dynamic(ctx, self._deck, enabled, spinning=False, autoplay=game.autoplay.running, autoplay_left=game.autoplay.rounds_left)
            self._deck_key = key
        for area in (deck, *risen):
            surface.blit(self._deck, area.topleft, area)

    def _draw_board(self, surface: pygame.Surface, box: BoardBox, shown: BoardShown, now: float) -> None:
        side = box.cell - max(4, box.cell // 8)
        value_size = max(9, box.cell * 30 // 100)
        for reel, column in enumerate(box.cells):
            for row, cell in enumerate(column):
                position = (reel, row)
                x, y = cell.x + (cell.w - side) // 2, cell.y + (cell.h - side) // 2
                spin = self.spins.get((shown.name, position))
                if spin is not None and spin.stop > now:
                    self._draw_spinning(surface, shown.name, cell, side, spin, now, reel)
                    continue
                held = shown.held.get(position)
                multiplier = shown.multipliers.get(position, 1)
                if held is None:
                    symbol = shown.landed.get(position, "")
                    gone = self.departed(shown.name, position)
                    if symbol and symbol not in BLANK_SYMBOLS and not gone:
                        tile = self._tile(symbol, side)
                        if tile is not None:
                            surface.blit(tile, (x, y))
                        value = shown.values.get(position, 0)
                        if value:  # a value waiting for its collector (or paid as it landed)
                            self._value_label(surface, cell, value, value_size, multiplier > 1)
                        elif revealed := self.revealed_on(shown.name, position):
                            self._draw_revealed(surface, cell, revealed)
                    self._draw_mark(surface, shown.name, position, cell, multiplier, now)
                    continue
                collected = self.collected.get((shown.name, position))
                if collected is not None and now - collected < 0.25:  # counted in: it flashes
                    pygame.draw.rect(surface, PALE_GOLD, pygame.Rect(cell).inflate(2, 2), border_radius=box.cell // 6)
                tile = self._tile(held.symbol, side)
                if tile is not None:
                    surface.blit(tile, (x, y))
                value = self.shown_value(shown.name, position, held.value)
                if position in shown.collectors or value != held.value:  # a collector's total, on a plate
                    self._collector_total(surface, cell, value, value != held.value)
                elif value:
                    self._value_label(surface, cell, value, value_size, held.multiplied > 1)
                elif revealed := self.revealed_on(shown.name, position):
                    self._draw_revealed(surface, cell, revealed)
                self._draw_mark(surface, shown.name, position, cell, multiplier, now)
        for flow in self.flows:  # a collector glows as each value arrives
            if flow.board != shown.name:
                continue
            reel, row = flow.collector
            cell = box.cells[reel][row]
            for token in flow.tokens:
                age = now - token.arrives
                if 0 <= age < COUNT_TIME * 1.5:
                    grow = int(cell.w * (0.42 + 0.25 * age / (COUNT_TIME * 1.5)))
                    pygame.draw.circle(surface, TOKEN_COLOUR, cell.center, grow, max(2, cell.w // 24))
        if shown.filled:  # a full board wears a pulsing gold frame for the rest of the feature
            glow = 200 + int(55 * abs(math.sin(now * 3)))
            pygame.draw.rect(surface, (255, glow, 90), pygame.Rect(box.frame).inflate(4, 4),
                             width=max(3, box.cell // 10), border_radius=max(4, box.cell // 6))

    def revealed_plate(self, multiplier: int, side: int) -> pygame.Surface:
        """A multiplier symbol's revealed value ("x25") on its plate for a cell of ``side``,
        made once per value and size (a cell then costs one blit a frame)."""
        key = (multiplier, side)
        found = self._revealed.get(key)
        if found is None:
            w, h = side - side // 7, side * 32 // 100
            found = pygame.Surface((w, h), pygame.SRCALPHA)
            plate = found.get_rect()
            pygame.draw.rect(found, REVEALED_PLATE, plate, border_radius=h // 3)
            pygame.draw.rect(found, GOLD, plate, width=max(1, side // 36), border_radius=h // 3)
            label = self.ctx.text.fit(f"x{multiplier}", h * 88 // 100, int(w * 0.86), REVEALED_TEXT, outline=True)
            found.blit(label, label.get_rect(center=plate.center))
            self._revealed[key] = found
        return found

    def _draw_revealed(self, surface: pygame.Surface, cell: Box, multiplier: int) -> None:
        """The value a multiplier symbol revealed, across the foot of its cell."""
        plate = self.revealed_plate(multiplier, cell.w)
        surface.blit(plate, plate.get_rect(midbottom=(cell.x + cell.w // 2, cell.y + cell.h * 95 // 100)))

    def _value_label(self, surface: pygame.Surface, cell: Box, value: Money, size: int, multiplied: bool,
                     *, counting: bool = False) -> None:
        """A cell's value over the lower part of its symbol; ``counting``: changing every frame
        (a collector counting in), drawn from cached glyphs."""
        label = self.ctx.money(value)
        colour = (255, 120, 255) if multiplied else (255, 240, 170)
        centre = (cell.x + cell.w // 2, cell.y + cell.h * 72 // 100)
        text = self.ctx.text
        if counting:
            text.counter(surface, label, text.fit_size(label, size, int(cell.w * 0.9)), colour, centre, outline=True)
            return
        img = text.fit(label, size, int(cell.w * 0.96), colour, outline=True)
        surface.blit(img, img.get_rect(center=centre))

    def collector_plate(self, board: str, position: Position) -> pygame.Rect | None:
        """Where a collector's total is written: a plate across the foot of its cell."""
        cell = self.cell_box(board, position)
        return _plate(cell) if cell is not None else None

    def _collector_total(self, surface: pygame.Surface, cell: Box, value: Money, counting: bool) -> None:
        """What a collector holds, on a dark plate across the foot of its cell (it counts up
        while values arrive: drawn from cached glyphs then)."""
        plate = _plate(cell)
        pygame.draw.rect(surface, (26, 10, 34), plate, border_radius=plate.h // 3)
        pygame.draw.rect(surface, TOKEN_COLOUR if counting else GOLD, plate, width=max(1, cell.w // 40),
                         border_radius=plate.h // 3)
        label = self.ctx.money(value)
        text = self.ctx.text
        size = text.fit_size(label, plate.h * 78 // 100, int(plate.w * 0.9))
        if counting:
            text.counter(surface, label, size, (255, 236, 150), plate.center, outline=True)
        else:
            img = text.render(label, size, (255, 236, 150), outline=True)
            surface.blit(img, img.get_rect(center=plate.center))

    def _draw_mark(self, surface: pygame.Surface, board: str, position: Position, cell: Box, multiplier: int,
                   now: float) -> None:
        """A cell multiplier's mark in the cell's top-left corner ("x2"); a fresh one grows in
        with a ring as the symbol that made it disappears."""
        fresh = self.marks.get((board, position))
        age = now - fresh.start if fresh is not None else MARK_TIME
        if fresh is not None:  # the model has it once the presenter has applied the event
            multiplier = max(multiplier, fresh.multiplier)
        if fresh is not None and age < MARK_TIME:
            ring = int(cell.w * (0.2 + 0.5 * age / MARK_TIME))
            pygame.draw.circle(surface, (200, 150, 255), cell.center, ring, max(2, cell.w // 20))
        if multiplier <= 1:
            return
        side = max(12, cell.w * 36 // 100)
        if age < MARK_TIME:
            side = max(8, int(side * (0.4 + 0.6 * age / MARK_TIME)))
        plate = pygame.Rect(cell.x + cell.w // 20, cell.y + cell.h // 20, side, side * 3 // 4)
        pygame.draw.rect(surface, MARK_COLOUR, plate, border_radius=plate.h // 3)
        pygame.draw.rect(surface, PALE_GOLD, plate, width=max(1, side // 14), border_radius=plate.h // 3)
        img = self.ctx.text.fit(f"x{multiplier}", plate.h * 80 // 100, int(plate.w * 0.9), WHITE, outline=True)
        surface.blit(img, img.get_rect(center=plate.center))

    def _orb(self, radius: int) -> pygame.Surface:
        """A glowing token of ``radius`` (drawn once per size): a soft halo round a bright core."""
        key = ("orb", radius, False)
        found = self._tiles.get(key)
        if found is None:
            found = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            centre = (radius + 1, radius + 1)
            steps = 6
            for k in range(steps):
                r = max(1, int(radius * (1 - k / steps)))
                alpha = int(40 + 215 * (k + 1) / steps)
                mix = k / (steps - 1)
                colour = tuple(int(a + (b - a) * mix) for a, b in zip(TOKEN_COLOUR, (255, 250, 210), strict=True))
                pygame.draw.circle(found, (*colour, alpha), centre, r)
            self._tiles[key] = found
        return found

    def _wisp(self, radius: int) -> pygame.Surface:
        """A puff of mist of ``radius`` in the theme's ghost colours, trailing a flying ghost."""
        key = ("wisp", radius, False)
        found = self._tiles.get(key)
        if found is None:
            colours = ghost_colours(self._theme_data())
            found = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            for k in range(5):
                r = max(1, int(radius * (1 - k / 5)))
                colour = colours.glow if k < 3 else colours.body
                pygame.draw.circle(found, (*colour, 30 + 30 * k), (radius + 1, radius + 1), r)
            self._tiles[key] = found
        return found

    def _token_radius(self) -> int:
        geometry = self.geometry()
        return max(5, (geometry[0].cell if geometry else self.ctx.layout.cell) // 6)

    def _draw_tokens(self, surface: pygame.Surface, now: float) -> None:
        """Every value in flight to its collector: its trail, its glowing token, its amount.

        The amount never covers a collector's total: it rides over the token, or under it
        where a plate is in the way, and is not written at all while both would cover one
        (the token itself still shows where the value is)."""
        radius = self._token_radius()
        text = self.ctx.text
        size = max(10, radius * 13 // 10)
        plates = [plate for flow in self.flows for board in {flow.board}
                  for position in {*self._collectors_of(board), flow.collector}
                  if (plate := self.collector_plate(board, position)) is not None]
        cell = self.geometry()[0].cell if self.geometry() else self.ctx.layout.cell
        for flow in self.flows:
            for token in flow.tokens:
                head = token.position(now)
                if head is None:
                    continue
                ghost = self._ghost_of(token.symbol, cell)
                for k in range(TRAIL, 0, -1):
                    at = token.position(max(token.start, now - k * TRAIL_STEP))
                    if at is None:
                        continue
                    r = max(2, radius * (TRAIL + 1 - k) // (TRAIL + 1))
                    orb = self._orb(r) if ghost is None else self._wisp(r)  # a ghost trails mist
                    surface.blit(orb, orb.get_rect(center=(int(at[0]), int(at[1]))))
                centre = (int(head[0]), int(head[1]))
                if ghost is not None:  # the ghost itself carries its value, its amount on a plate under it
                    surface.blit(ghost, ghost.get_rect(center=centre))
                    if now - token.start < token.duration * 0.85:
                        tag = self._ghost_label(token.value, cell)
                        under = tag.get_rect(midtop=(centre[0], centre[1] + ghost.get_height() * 22 // 100))
                        over = tag.get_rect(midbottom=(centre[0], centre[1] - ghost.get_height() * 30 // 100))
                        spot = next((r for r in (under, over) if r.collidelist(plates) < 0), None)
                        if spot is not None:
                            surface.blit(tag, spot)
                    continue
                orb = self._orb(radius)
                surface.blit(orb, orb.get_rect(center=centre))
                if now - token.start < token.duration * 0.85:  # the amount goes into the total as it lands
                    label = text.render(self.ctx.money(token.value), size, TOKEN_LABEL, outline=True)
                    over = label.get_rect(midbottom=(centre[0], centre[1] - radius // 2))
                    under = label.get_rect(midtop=(centre[0], centre[1] + radius // 2))
                    spot = next((r for r in (over, under) if r.collidelist(plates) < 0), None)
                    if spot is not None:
                        surface.blit(label, spot)

    def _theme_data(self) -> Any:
        if self._theme is False:
            from cabinet.assets.themes import read_theme

            defn = getattr(self.ctx, "defn", None)
            self._theme = read_theme(defn.theme) if defn is not None else None
        return self._theme

    def _ghost_of(self, symbol: str, cell: int) -> pygame.Surface | None:
        """The ghost a value flies as when its theme draws ``symbol`` as a ghost (None: a token)."""
        if not symbol:
            return None
        theme = self._theme_data()
        if theme is None or not is_ghost(theme, symbol):
            return None
        return ghost_piece(cell * 72 // 100, ghost_colours(theme))

    def floor_size(self) -> int:
        """The smallest type on a player's screen: 11 points at 720 lines, in proportion."""
        return max(6, round(11 * self.ctx.layout.height / 720))

    def _ghost_label(self, value: Money, cell: int) -> pygame.Surface:
        """A flying ghost's amount on a dark plate no wider than its cell (the type fitted to
        it, never under the floor size), made once per amount and cell size."""
        key = (f"ghost-label:{value}", cell, False)
        found = self._tiles.get(key)
        if found is None:
            text = self.ctx.text
            label = self.ctx.money(value)
            size = max(self.floor_size(), text.fit_size(label, max(self.floor_size(), cell * 24 // 100),
                                                         cell * 80 // 100))
            img = text.render(label, size, TOKEN_LABEL, outline=True)
            pad = max(2, size // 4)
            found = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad // 2), pygame.SRCALPHA)
            box = found.get_rect()
            pygame.draw.rect(found, (*REVEALED_PLATE, 225), box, border_radius=box.h // 3)
            pygame.draw.rect(found, GOLD, box, max(1, size // 12), border_radius=box.h // 3)
            found.blit(img, img.get_rect(center=box.center))
            self._tiles[key] = found
        return found

    def _collectors_of(self, board: str) -> tuple[Position, ...]:
        shown = self.model.boards.get(board)
        return tuple(shown.collectors) if shown is not None else ()

    def _spin_strip(self, board: str, side: int, reel: int = -1) -> pygame.Surface:
        """An opaque column of the board's spinning symbols (faded, over the cell in motion),
        one cell a symbol and the first repeated at the end: a spinning cell is one blit of a
        window of it, with no per-pixel alpha (60 cells spin at once). ``reel``: a reel with
        strips of its own (the collector's centre reel shows pumpkins only)."""
        strip = self._strip_of(board, reel)
        key = (f"strip:{board}:{reel if (board, reel) in self.reel_strips else -1}", side, True)
        found = self._tiles.get(key)
        if found is None:
            found = pygame.Surface((side, side * (len(strip) + 1)))
            found.fill((58, 40, 74))
            for k, symbol in enumerate((*strip, strip[0])):
                tile = None if symbol in BLANK_SYMBOLS else self._tile(symbol, side, blurred=True)
                if tile is not None:
                    found.blit(tile, ((side - tile.get_width()) // 2, k * side))
            self._tiles[key] = found
        return found

    def _strip_of(self, board: str, reel: int) -> tuple[str, ...]:
        return self.reel_strips.get((board, reel)) or self.strips.get(board) or ("BLANK",)

    def _draw_spinning(self, surface: pygame.Surface, board: str, cell: Box, side: int, spin: CellSpin,
                       now: float, reel: int = -1) -> None:
        inset = max(2, cell.w // 16)
        inner = cell.w - 2 * inset
        found = self._columns.get((board, reel, inner))
        if found is None:  # one lookup a cell a frame: 60 cells spin at once
            found = self._columns[(board, reel, inner)] = (self._spin_strip(board, inner, reel),
                                                            len(self._strip_of(board, reel)))
        column, count = found
        reel_row = (cell.x // max(1, cell.w)) * 5 + (cell.y // max(1, cell.h)) * 3  # cells out of step
        travel = ((now - spin.start) * SPIN_SPEED + (reel_row % 11) * 0.37) % count
        # the strip scrolls down: the window moves up the column
        top = int((count - travel) * inner) % (count * inner)
        surface.blit(column, (cell.x + inset, cell.y + inset), (0, top, inner, inner))
        if spin.anticipation:  # the last empty cells glow while they spin longer
            self._draw_glow(surface, cell, now)

    @staticmethod
    def _draw_glow(surface: pygame.Surface, cell: Box, now: float) -> None:
        """Anticipation: a pulsing amber frame over a cell's edge (a darker halo just outside it)."""
        pulse = 120 + int(100 * abs(math.sin(now * 8)))
        width = max(3, cell.w // 10)
        rect = pygame.Rect(cell).inflate(2, 2)
        pygame.draw.rect(surface, (150, 70, 10), rect.inflate(6, 6), width=3, border_radius=cell.w // 5)
        pygame.draw.rect(surface, ANTICIPATION_RIM, rect, width=width, border_radius=cell.w // 6)
        pygame.draw.rect(surface, (255, pulse, 40), rect.inflate(-2, -2), width=max(1, width - 2),
                         border_radius=cell.w // 6)
