"""A Megaways top reel on screen: a horizontal strip in the band over the reels it covers.

Its position ``pos`` is the strip index shown in the cell over its first reel (a float while
it moves; symbols travel right to left, so ``pos`` grows). It spins with the reels and, once
its stop is known (``aim``, from the spin's ``HeightsDrawn``), eases onto it as soon as the
first reel under it starts to land, so it is at rest before the last reel is. Drawing reads
only; the cells it shows are row 0 of its reels (``cells``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .art import Art
from .layout import Layout, top_cell

SPEED = 14.0  # symbols per second
LAND_TIME = 0.24  # seconds to ease onto the stop (within a slam's landing)
LAND_DISTANCE = 2.0  # symbols travelled while landing


class TopReelView:
    def __init__(self, strip: Sequence[str], covered: Sequence[int], stop: int = 0) -> None:
        self.strip = tuple(strip)
        self.covered = tuple(covered)
        self.pos = float(stop % len(self.strip))
        self.phase = "stopped"  # "spin" | "land" | "stopped"
        self.target: int | None = None
        self.t = 0.0
        self.land_from = self.land_to = self.pos

    @property
    def moving(self) -> bool:
        return self.phase != "stopped"

    def show(self, stop: int) -> None:
        self.pos, self.phase, self.target = float(stop % len(self.strip)), "stopped", None

    def start(self) -> None:
        self.phase, self.target = "spin", None

    def aim(self, stop: int) -> None:
        """The stop the spin drew: land on it when the reels under it land."""
        self.target = stop % len(self.strip)

    def cells(self) -> list[str]:
        """The symbols over its reels from the left (at rest: the spin's top cells)."""
        first = round(self.pos) if not self.moving else math.floor(self.pos)
        return [self.strip[(first + i) % len(self.strip)] for i in range(len(self.covered))]

    def update(self, dt: float, landing: bool) -> None:
        """``landing``: a reel under it has started to land (or rests)."""
        if self.phase == "spin":
            self.pos += SPEED * dt
            if landing and self.target is not None:
                n = len(self.strip)
                ahead = (self.target - self.pos) % n
                self.land_from, self.land_to = self.pos, self.pos + ahead + (n if ahead < LAND_DISTANCE else 0)
                self.phase, self.t = "land", 0.0
        elif self.phase == "land":
            self.t += dt
            u = min(1.0, self.t / LAND_TIME)
            self.pos = self.land_from + (self.land_to - self.land_from) * (1 - (1 - u) ** 3)
            if u >= 1.0:
                assert self.target is not None
                self.pos, self.phase = float(self.target), "stopped"

    def draw(self, surface: pygame.Surface, art: Art, layout: Layout) -> None:
        boxes = [top_cell(layout, r) for r in self.covered]
        left, right = min(b.x for b in boxes), max(b.right for b in boxes)
        band = pygame.Rect(left, boxes[0].y, right - left, boxes[0].h)
        clip = surface.get_clip()
        surface.set_clip(band)
        surface.fill((24, 18, 30), band)
        pitch = (boxes[-1].x - boxes[0].x) / max(1, len(boxes) - 1) if len(boxes) > 1 else boxes[0].w
        first = math.floor(self.pos)
        frac = self.pos - first
        tiles = art.blurred if self.phase == "spin" else art.tiles
        for k in range(len(boxes) + 1):
            tile = tiles.get(self.strip[(first + k) % len(self.strip)])
            if tile is not None:
                surface.blit(tile, (round(boxes[0].x + (k - frac) * pitch), band.y))
        surface.set_clip(clip)
        edge = max(1, layout.cell // 30)
        pygame.draw.line(surface, (255, 214, 90), (left, band.bottom - 1), (right, band.bottom - 1), edge)
