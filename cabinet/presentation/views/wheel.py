"""The triple electric wheel on screen (Halloween Wins 3's ``wheel`` block).

``WheelScene`` draws the wheel's rings as concentric bands of pockets over the dimmed
game: the first ring outermost, each pocket labelled with what it pays ("5x", a jackpot
name) or a lightning bolt for an electric pocket, which sparks. The presenters
(``halloween_presenters.py``) drive it from the round's events: ``spin_to(ring, pocket)``
turns a ring until the pocket sits under the pointer, and ``finish(total)`` shows the
win. The scene decides nothing: the pockets, the rings' order and the result are the
block's parameters and events.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.machine.buttons import Press

from ..context import Context
from ..hud import GOLD, PALE_GOLD, WHITE
from ..overlays import make_dim

SPIN_TIME = 1.6  # seconds a ring turns before it stops on its pocket
TURNS = 2  # whole turns before the stop
OUTRO_TIME = 2.2
RING_COLOURS = ((96, 30, 140), (40, 90, 150), (150, 40, 60))  # ring 1, 2, 3
JACKPOT_COLOURS = {"MINI": (40, 150, 70), "MINOR": (40, 110, 230), "MAJOR": (210, 40, 110), "GRAND": (230, 160, 20)}
ELECTRIC = (250, 240, 120)
POINTER = (255, 70, 40)


def pocket_label(feature: Any, pocket: Any) -> str:
    if pocket.next:
        return "ZAP"
    if pocket.jackpot:
        return str(pocket.jackpot)
    value = pocket.pays_x_bet
    return f"{value.numerator if value.denominator == 1 else float(value):g}x"


@dataclass
class RingSpin:
    start_angle: float
    end_angle: float
    start: float
    duration: float = SPIN_TIME

    def angle(self, now: float) -> float:
        t = min(1.0, max(0.0, (now - self.start) / self.duration))
        ease = 1 - (1 - t) ** 3  # fast, then slowing into the pocket
        return self.start_angle + (self.end_angle - self.start_angle) * ease

    def done(self, now: float) -> bool:
        return now >= self.start + self.duration


@dataclass
class WheelScene:
    ctx: Context
    feature: Any  # the wheel block's parameters
    clock: float = 0.0
    angles: list[float] = field(default_factory=list)  # each ring's rotation, degrees
    active: int = 0  # the ring in play
    spins: dict[int, RingSpin] = field(default_factory=dict)
    landed: dict[int, int] = field(default_factory=dict)  # ring -> pocket it stopped on
    total: int | None = None  # the wheel's win once it has paid
    outro_t: float = 0.0
    finished: bool = False
    opaque = False
    modal = False

    def __post_init__(self) -> None:
        self.angles = [0.0 for _ in self.feature.rings]
        self._dim: pygame.Surface | None = None
        self._dim_size: tuple[int, int] | None = None

    # -- driven by the presenters -------------------------------------------------------------------

    def spin_to(self, ring: int, pocket: int) -> None:
        """Turn ``ring`` so that ``pocket`` stops under the pointer at the top."""
        self.active = ring
        count = len(self.feature.rings[ring].pockets)
        width = 360.0 / count
        target = -(pocket + 0.5) * width  # the pocket's centre at 0 degrees (the pointer)
        start = self.angles[ring]
        end = target - 360.0 * TURNS
        while end > start - 360.0 * TURNS:
            end -= 360.0
        self.spins[ring] = RingSpin(start, end, self.clock)
        self.landed.pop(ring, None)
        self._landing = (ring, pocket)
        self.ctx.audio.play("spin_start")

    @property
    def turning(self) -> bool:
        return any(not spin.done(self.clock) for spin in self.spins.values())

    def finish(self, total: int) -> None:
        self.total, self.outro_t = total, 0.0
        self.ctx.audio.play("feature_trigger")

    def picture_ready(self, at: str = "") -> bool:
        """A still picture's moment (``cabinet shot --scenario``): "spinning" a ring turning;
        otherwise the wheel paid (the pocket lit, the win shown)."""
        if at == "spinning":
            return any(0.3 < self.clock - s.start < s.duration - 0.3 for s in self.spins.values())
        return self.total is not None and self.outro_t > 0.5

    # -- the scene protocol -------------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        return False

    def hit_regions(self) -> list[tuple[Any, Press]]:
        return []

    def update(self, dt: float) -> None:
        self.clock += dt
        for ring, spin in self.spins.items():
            self.angles[ring] = spin.angle(self.clock)
            if spin.done(self.clock) and ring not in self.landed and getattr(self, "_landing", (None,))[0] == ring:
                self.landed[ring] = self._landing[1]
        if self.total is not None:
            self.outro_t += dt

    def geometry(self) -> tuple[int, int, int]:
        """Centre and outer radius of the wheel, over the reels."""
        box = self.ctx.layout.reel_window
        radius = int(min(box.w, box.h) * 0.5)
        return box.x + box.w // 2, box.y + box.h // 2, radius

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._dim_size != size:
            self._dim, self._dim_size = make_dim(size, 170), size
        assert self._dim is not None
        surface.blit(self._dim, (0, 0))
        cx, cy, outer = self.geometry()
        rings = self.feature.rings
        band = outer / (len(rings) + 0.6)
        pygame.draw.circle(surface, (20, 8, 30), (cx, cy), outer + 6)
        pygame.draw.circle(surface, GOLD, (cx, cy), outer + 6, 4)
        for i, ring in enumerate(rings):
            r_out = outer - i * band
            r_in = r_out - band + 4
            self._ring(surface, i, ring, cx, cy, r_out, r_in)
        hub = int(outer - len(rings) * band)
        pygame.draw.circle(surface, (60, 20, 80), (cx, cy), hub)
        pygame.draw.circle(surface, GOLD, (cx, cy), hub, 3)
        text = self.ctx.text
        title = text.fit("TRIPLE ELECTRIC WHEEL", max(12, hub // 3), hub * 2 - 8, PALE_GOLD, outline=True)
        surface.blit(title, title.get_rect(center=(cx, cy)))
        # the pointer at the top, over the ring in play
        tip_r = outer - self.active * band - band * 0.5
        pts = [(cx, cy - tip_r + band * 0.35), (cx - band * 0.28, cy - outer - 14), (cx + band * 0.28, cy - outer - 14)]
        pygame.draw.polygon(surface, POINTER, pts)
        pygame.draw.polygon(surface, WHITE, pts, 2)
        if self.total is not None:
            self._win(surface, cx, cy, outer)

    def _ring(self, surface: pygame.Surface, index: int, ring: Any, cx: int, cy: int, r_out: float,
              r_in: float) -> None:
        pockets = ring.pockets
        width = 360.0 / len(pockets)
        rotation = self.angles[index]
        base = RING_COLOURS[index % len(RING_COLOURS)]
        dim_ring = index != self.active and index not in self.landed
        text = self.ctx.text
        for j, pocket in enumerate(pockets):
            a0 = rotation + j * width - 90.0  # 0 degrees at the top (pygame's y grows down)
            a1 = a0 + width
            colour = JACKPOT_COLOURS.get(pocket.jackpot, base) if not pocket.next else (30, 30, 50)
            if j % 2 and not pocket.jackpot and not pocket.next:
                colour = tuple(min(255, int(c * 1.25)) for c in colour)
            lit = self.landed.get(index) == j
            if dim_ring:
                colour = tuple(int(c * 0.55) for c in colour)
            if lit:
                colour = tuple(min(255, c + 90) for c in colour)
            pts = [_polar(cx, cy, r_out, a0 + k * (a1 - a0) / 8) for k in range(9)]
            pts += [_polar(cx, cy, r_in, a1 - k * (a1 - a0) / 8) for k in range(9)]
            pygame.draw.polygon(surface, colour, pts)
            pygame.draw.polygon(surface, GOLD if lit else (16, 6, 24), pts, 3 if lit else 2)
            mid = (a0 + a1) / 2
            lx, ly = _polar(cx, cy, (r_out + r_in) / 2, mid)
            if pocket.next:
                self._bolt(surface, lx, ly, (r_out - r_in) * 0.42, j)
            else:
                label = text.fit(pocket_label(self.feature, pocket), int((r_out - r_in) * 0.42),
                                 int(2 * math.pi * r_in / len(pockets) * 0.9), WHITE, outline=True)
                surface.blit(label, label.get_rect(center=(int(lx), int(ly))))

    def _bolt(self, surface: pygame.Surface, x: float, y: float, h: float, seed: int) -> None:
        """An electric pocket: a lightning bolt that flickers, with sparks around it."""
        flicker = 0.6 + 0.4 * abs(math.sin(self.clock * 11 + seed * 1.7))
        colour = tuple(int(c * flicker) for c in ELECTRIC)
        pts = [(x - h * 0.15, y - h), (x + h * 0.35, y - h * 0.1), (x + h * 0.02, y - h * 0.05),
               (x + h * 0.2, y + h), (x - h * 0.35, y + h * 0.05), (x - h * 0.02, y)]
        pygame.draw.polygon(surface, colour, pts)
        for k in range(3):  # sparks jumping around the bolt
            a = self.clock * 7 + seed * 2.1 + k * 2.09
            sx, sy = x + math.cos(a) * h * 0.9, y + math.sin(a * 1.3) * h * 0.9
            pygame.draw.line(surface, (255, 255, 255), (sx, sy), (sx + math.cos(a * 3) * h * 0.3,
                                                                  sy + math.sin(a * 3) * h * 0.3), 2)

    def _win(self, surface: pygame.Surface, cx: int, cy: int, outer: int) -> None:
        text = self.ctx.text
        caption = text.fit("WHEEL WIN", outer // 6, outer * 2, PALE_GOLD, outline=True)
        amount = text.fit(self.ctx.money(self.total or 0), outer // 3, outer * 2, GOLD, outline=True)
        y = cy + outer + 8
        box = pygame.Rect(0, 0, max(caption.get_width(), amount.get_width()) + 40,
                          caption.get_height() + amount.get_height() + 16)
        box.midtop = (cx, min(y, surface.get_height() - box.h - 4))
        if box.top < cy:  # no room below: over the hub
            box.center = (cx, cy)
        pygame.draw.rect(surface, (24, 8, 36), box, border_radius=14)
        pygame.draw.rect(surface, GOLD, box, 3, border_radius=14)
        surface.blit(caption, caption.get_rect(midtop=(box.centerx, box.top + 6)))
        surface.blit(amount, amount.get_rect(midbottom=(box.centerx, box.bottom - 6)))


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)
