"""The panel door on screen: ``MummyPanel``, a glass beside the reels that a symbol's landings
fill (Halloween Wins 3's mummy panel and its pumpkin door). The door is drawn by
``door_art.py``; it swings open on its hinges over ``DOOR_SWING`` from the moment the
presenter opens it (``open_door``, from the ``DoorDrawn`` event), or rattles shut (``deny``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.machine.stack import Passive

from ...context import Context
from ...ghost_piece import ghost_colours
from ...style import GOLD, PALE_GOLD, WHITE
from ...words import words
from .door_art import STEPS, DoorLook, door_look, doorway, doorway_rect, leaf, swung

PANEL_FILL = 0.7  # the symbols fly to the panel (the presenter waits as long)
DOOR_SWING = 0.6  # the door swings open over this long (the presenter holds the panel longer)
DOOR_RATTLE = 0.4  # a door that stays shut rattles this long
PANEL_KEY = (255, 0, 254)  # the colour key of the panel's corners (a colour the panel never draws)


@dataclass
class MummyPanel(Passive):
    """The panel beside the reels: a slot per symbol that moved in, the door's chance, and
    the door (shut, or open when access is granted). Its words are the feature's ``texts:``
    (``title``, ``door``, ``open``, ``shut``, ``chance``, ``always``)."""

    ctx: Context
    feature: Any = None  # the block's parameters (None: the defaults)
    slots: int = 3
    mummies: int = 0
    chance: str = ""
    door: str = "shut"  # "shut" | "open" | "denied"
    door_at: float = 0.0  # when the door was drawn (the panel's clock)
    clock: float = 0.0
    filled_at: float = 0.0
    flights: list[tuple[int, int]] = field(default_factory=list)  # the reel cells (centres) the mummies came from
    finished: bool = False
    opaque = False
    modal = False

    def __post_init__(self) -> None:
        self._still_surface: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self._caption: pygame.Surface | None = None
        self._theme: Any = None
        self._leaves: dict[tuple[int, int], tuple[pygame.Surface, int]] = {}  # (size, step) -> the swung leaf

    def open_door(self) -> None:
        """Access granted: the door starts to swing open now."""
        self.door, self.door_at = "open", self.clock

    def deny(self) -> None:
        """Access refused: the door rattles and stays shut."""
        self.door, self.door_at = "denied", self.clock

    @property
    def opened(self) -> float:
        """How far the door is open, 0 (shut) to 1, easing out as it swings."""
        if self.door != "open":
            return 0.0
        t = max(0.0, min(1.0, (self.clock - self.door_at) / DOOR_SWING))
        return 1 - (1 - t) ** 3

    def fill(self, mummies: int, open_weight: int, shut_weight: int, origins: list[tuple[int, int]]) -> None:
        self.mummies, self.filled_at, self.flights = mummies, self.clock, origins
        total = open_weight + shut_weight
        self.chance = words(self.feature, "always", "ALWAYS") if shut_weight == 0 else \
            f"1 IN {total // open_weight}" if open_weight and total % open_weight == 0 else f"{open_weight}/{total}"
        self.slots = max(self.slots, mummies)

    @property
    def chance_line(self) -> str:
        """The words under the door (``chance: ""`` in the block's texts: none, the odds stay off screen)."""
        return words(self.feature, "chance", "CHANCE {chance}", chance=self.chance) if self.chance else ""

    @property
    def title(self) -> str:
        return words(self.feature, "title", "PANEL")

    def box(self) -> pygame.Rect:
        bar = self.ctx.layout.progress_bar
        return pygame.Rect(bar.x, bar.y, bar.w, bar.h)

    @property
    def strip(self) -> bool:
        rect = self.box()
        return rect.h * 4 < rect.w

    def slot_rects(self) -> list[pygame.Rect]:
        return self._geometry()[0]

    def door_rect(self) -> pygame.Rect:
        return self._geometry()[1]

    def _geometry(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The slots the mummies move into, in a row under the title, each as large as the
        panel's width allows (a quarter of a tall panel's height at most); the pumpkin door in
        the room left between them and the chance (a wide panel: the door at its right end)."""
        rect = self.box()
        n = max(1, self.slots)
        if self.strip:  # a band (portrait, under the reels): title, slots, door, chance on one line
            pad = max(2, rect.h // 8)
            side = rect.h - 2 * pad
            left = rect.x + int(rect.w * 0.3)
            slots = [pygame.Rect(left + i * (side + pad), rect.y + pad, side, side) for i in range(n)]
            door = pygame.Rect(slots[-1].right + 2 * pad, rect.y + pad // 2, rect.h - pad, rect.h - pad)
            return slots, door
        gap = max(4, min(rect.w, rect.h) // 30)
        title_h = max(10, min(rect.w, rect.h) // 6) + 12
        odds_h = max(10, rect.w // 9) + 12 if self.chance_line else 8
        if rect.h >= rect.w:  # tall: title, slots, door, chance
            side = max(8, min((rect.w - (n + 1) * gap) // n, rect.h // 4))
            top = rect.top + title_h + gap
            left = rect.centerx - (n * side + (n - 1) * gap) // 2
            slots = [pygame.Rect(left + i * (side + gap), top, side, side) for i in range(n)]
            room_top, room_bottom = top + side + gap, rect.bottom - odds_h
            door_side = max(8, min(rect.w - 4 * gap, room_bottom - room_top - gap))
            door = pygame.Rect(0, 0, door_side, door_side)
            door.center = (rect.centerx, (room_top + room_bottom) // 2)
            return slots, door
        door_side = max(8, min(rect.h - title_h - 2 * gap, rect.w // 4))  # wide: slots in a row, the door at the end
        door = pygame.Rect(0, 0, door_side, door_side)
        door.midright = (rect.right - 2 * gap, rect.top + title_h + (rect.h - title_h) // 2)
        room = door.left - rect.left - 3 * gap
        side = max(8, min(rect.h - title_h - odds_h, (room - gap * (n - 1)) // n))
        slots = [pygame.Rect(rect.left + 2 * gap + i * (side + gap), rect.top + title_h + gap, side, side)
                 for i in range(n)]
        return slots, door

    def _mummy(self, side: int) -> pygame.Surface | None:
        """The block's symbol's own art at a slot's size (the asset cache scales it once per size)."""
        ctx = self.ctx
        defn = getattr(ctx, "defn", None)
        symbol = getattr(self.feature, "symbol", "MUMMY")
        if defn is None or symbol not in defn.symbol_map:
            return None
        rel = f"{defn.theme}/symbols/{ctx.builder.sprite_name(symbol)}.png"
        return ctx.cache.get(rel, (side, side), ctx.cache.symbol_placeholder(symbol))  # type: ignore[no-any-return]

    def warm(self) -> None:
        """What the panel draws, made as it first fills: its mummy, the door's leaf and its
        doorway shut and lit (the door then opens without a pause)."""
        slots = self.slot_rects()
        if slots:
            self._mummy(slots[0].w - 6)
        look, side = self._look(), self.door_rect().w
        self.leaf_at(0.0)
        for lit in (False, True):
            doorway(side, look, ghost_colours(self._theme), lit=lit)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box()
        if rect.w < 20 or rect.h < 20:
            return
        surface.blit(self._still(rect), rect.topleft)
        self._draw_leaf(surface)
        slots = self.slot_rects()
        art = self._mummy(slots[0].w - 6) if slots else None
        # the mummies move from their cells on the reels into the slots, one after another
        for i in range(min(self.mummies, len(slots))):
            t = (self.clock - self.filled_at) / PANEL_FILL * (1 + 0.4 * (self.mummies - 1)) - 0.4 * i
            t = max(0.0, min(1.0, t))
            slot = slots[i]
            start = self.flights[i] if i < len(self.flights) else slot.center
            ease = 1 - (1 - t) ** 3
            x = start[0] + (slot.centerx - start[0]) * ease
            y = start[1] + (slot.centery - start[1]) * ease - 40 * (1 - abs(2 * t - 1)) * (t < 1)
            if art is not None:
                surface.blit(art, art.get_rect(center=(round(x), round(y))))
            else:
                pygame.draw.rect(surface, (230, 220, 190), pygame.Rect(0, 0, slot.w - 8, slot.h - 8).move(
                    round(x) - slot.w // 2 + 4, round(y) - slot.h // 2 + 4), border_radius=6)

    def _look(self) -> DoorLook:
        from cabinet.assets.themes import read_theme

        from ...chrome import chrome

        defn = getattr(self.ctx, "defn", None)
        self._theme = read_theme(defn.theme) if defn is not None else None
        return door_look(self._theme, chrome(self.ctx).rim)

    def leaf_at(self, opened: float) -> tuple[pygame.Surface, int]:
        """The door leaf ``opened`` of the way open at the door's size (each of ``STEPS`` angles
        drawn once per size), and how far it reaches above the opening's top."""
        size = self.door_rect().w
        step = round(max(0.0, min(1.0, opened)) * STEPS)
        found = self._leaves.get((size, step))
        if found is None:
            flat = self._leaves.get((size, 0))
            if flat is None:
                flat = (leaf(size, self._look()), 0)
                self._leaves[(size, 0)] = flat
            found = flat if step == 0 else swung(flat[0], step / STEPS)
            self._leaves[(size, step)] = found
        return found

    def _draw_leaf(self, surface: pygame.Surface) -> None:
        door = self.door_rect()
        hole = doorway_rect(door.w).move(door.topleft)
        leaf, above = self.leaf_at(self.opened)
        shake = 0
        if self.door == "denied" and self.clock - self.door_at < DOOR_RATTLE:
            shake = round(math.sin((self.clock - self.door_at) * 60) * max(1, door.w // 60))
        clip = surface.get_clip()
        surface.set_clip(self.box().inflate(-4, -4).clip(clip))  # a leaf turning towards the player stays in its panel
        surface.blit(leaf, (hole.x + shake, hole.y - above))
        surface.set_clip(clip)
        if self._caption is not None:
            surface.blit(self._caption, self._caption.get_rect(midbottom=(door.centerx, door.bottom)))

    def _still(self, rect: pygame.Rect) -> pygame.Surface:
        """The panel without its mummies (frame, title, slots, door, chance), drawn again
        only when one of them changes: a frame is one blit and the mummies in flight."""
        key = (tuple(rect), self.slots, self.door, self.chance)
        if self._still_key == key and self._still_surface is not None:
            return self._still_surface
        surface = pygame.Surface(rect.size)  # opaque but for its rounded corners (a colour key: a fast blit)
        surface.fill(PANEL_KEY)
        self._draw_still(surface, rect)
        surface.set_colorkey(PANEL_KEY, pygame.RLEACCEL)
        self._still_key, self._still_surface = key, surface
        return surface

    def _caption_plate(self, label: str, side: int) -> pygame.Surface:
        """The door's word (DOOR, OPEN!, SHUT) on a plate across its threshold, never under the
        floor size (11 points at 720 lines)."""
        floor = max(11, round(11 * self.ctx.layout.height / 720))
        size = max(floor, side // 9)
        img = self.ctx.text.render(label, size, WHITE, outline=True)
        plate = pygame.Surface((max(img.get_width() + size, side * 6 // 10), img.get_height() + size // 3),
                               pygame.SRCALPHA)
        box = plate.get_rect()
        pygame.draw.rect(plate, (30, 10, 40, 230), box, border_radius=box.h // 3)
        pygame.draw.rect(plate, GOLD, box, max(1, size // 10), border_radius=box.h // 3)
        plate.blit(img, img.get_rect(center=box.center))
        return plate

    def _draw_still(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ctx = self.ctx
        at = pygame.Rect(0, 0, rect.w, rect.h)
        shift = (-rect.x, -rect.y)  # the geometry is in screen points, the surface is the panel's own
        pygame.draw.rect(surface, (30, 10, 40), at, border_radius=14)
        pygame.draw.rect(surface, GOLD, at, 3, border_radius=14)
        text = ctx.text
        slots, door = self._geometry()
        slots = [slot.move(*shift) for slot in slots]
        door = door.move(*shift)
        if self.strip:
            title = text.fit(self.title, rect.h * 55 // 100, slots[0].left - at.left - 16, PALE_GOLD, outline=True)
            surface.blit(title, title.get_rect(midleft=(at.left + 10, at.centery)))
        else:
            title = text.fit(self.title, max(10, min(rect.w, rect.h) // 6), rect.w - 12, PALE_GOLD, outline=True)
            surface.blit(title, title.get_rect(midtop=(at.centerx, at.top + 6)))
        for cell in slots:
            pygame.draw.rect(surface, (60, 30, 70), cell, border_radius=8)
            pygame.draw.rect(surface, GOLD, cell, 2, border_radius=8)
        # the door's doorway (and, once it opens, the lit room behind it); the leaf is drawn over it
        look = self._look()
        surface.blit(doorway(door.w, look, ghost_colours(self._theme), lit=self.door == "open"), door.topleft)
        if self.door == "open":
            label = words(self.feature, "open", "OPEN!")
        else:
            label = words(self.feature, "shut", "SHUT") if self.door == "denied" else words(self.feature, "door", "DOOR")
        self._caption = self._caption_plate(label, door.w)
        # ``chance: ""`` in the block's texts: a game that keeps its odds off the player's screen
        line = self.chance_line
        if line and self.strip:
            room = at.right - door.right - 16
            odds = text.fit(line, rect.h * 55 // 100, room, PALE_GOLD, outline=True)
            surface.blit(odds, odds.get_rect(midright=(at.right - 10, at.centery)))
        elif line:
            odds = text.fit(line, max(10, rect.w // 9), rect.w - 10, PALE_GOLD, outline=True)
            surface.blit(odds, odds.get_rect(midbottom=(at.centerx, at.bottom - 6)))
