"""A ``wheel`` block on screen (Halloween Wins 3's triple electric wheel).

``WheelScene`` draws the wheel's rings as concentric bands of pockets over the dimmed
game (its deck and SPIN button left clear): the first ring outermost, each pocket labelled with its YAML ``label``, else with
what it pays ("5x", a jackpot name); a pocket that passes play on shows its label (default
"NEXT"), or the wheel's ``pass_on_icon`` (``bolt``: a lightning bolt that sparks). A label is set along its
ring (turned to the ring's tangent, never upside down) at the largest size that fits its
pocket: between the ring's edges and inside the pocket's angle, so "MINI" on the smallest
pocket of the narrowest ring reads whole at any window size. Labels are drawn by freetype's
own rotation (no surface transform in a frame), each once per pocket and angle: a ring at
rest renders nothing. The title (``texts: {title}``) stands over the wheel, the hub names
the ring in play (``texts: {hub}``, default the ring's name; a line break sets a caption
over a bigger second line), and the wheel's win (``texts: {win}``) shows beside the wheel
(landscape) or under it (portrait), clear of the meters. The presenters
(``presenter.py``) drive it from the round's events: ``spin_to(ring, pocket)``
turns a ring until the pocket sits under the pointer, and ``finish(total)`` shows the
win. The scene decides nothing: the pockets, the rings' order and the result are the
block's parameters and events.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame.freetype

from cabinet.machine.stack import Passive

from ...atmosphere import WHEEL_PARTS, style_for
from ...context import Context
from ...layout import Box
from ...overlays import deck_clear_dim
from ...style import GOLD, PALE_GOLD, WHITE
from ...text import FONT_FILE
from ...words import words

SPIN_TIME = 1.6  # seconds a ring turns before it stops on its pocket
TURNS = 2  # whole turns before the stop
OUTRO_TIME = 2.2
JACKPOT_COLOURS = {"MINI": (40, 150, 70), "MINOR": (40, 110, 230), "MAJOR": (210, 40, 110), "GRAND": (230, 160, 20)}
ELECTRIC = (250, 240, 120)
POINTER = (255, 70, 40)
LIT = (255, 214, 96)  # the winning pocket's glow
RIM_MARGIN = 12  # px round the outer rim that its sprite covers (the bulbs sit there)
BULBS = 28  # bulbs round the outer rim
LABEL_MARGIN = 0.08  # of a ring's width: kept clear between a label and the pocket's edges
OUTLINE = (10, 8, 16)

_FACE: pygame.freetype.Font | None = None


def _face() -> pygame.freetype.Font:
    """The cabinet's face for turned labels (freetype draws a string at any angle itself)."""
    global _FACE
    if _FACE is not None:
        try:
            _FACE.get_sized_ascender(12)  # raises once freetype has quit since the face was made
            return _FACE
        except pygame.error:
            _FACE = None
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    _FACE = pygame.freetype.Font(str(FONT_FILE) if FONT_FILE.exists() else None)
    _FACE.pad = False
    return _FACE


def label_fits(width: float, height: float, r_in: float, r_out: float, pockets: int) -> bool:
    """Whether a straight label ``width`` x ``height``, centred on the ring's middle and set
    along its tangent, stays inside a pocket of a ring from ``r_in`` to ``r_out`` cut into
    ``pockets``: its inner edge above the ring's inner edge, its outer corners inside the outer
    edge, its ends inside the pocket's angle (a margin all round)."""
    margin = (r_out - r_in) * LABEL_MARGIN
    centre = (r_in + r_out) / 2
    inner = centre - height / 2
    if inner < r_in + margin or inner <= 0:
        return False
    if math.hypot(centre + height / 2, width / 2) > r_out - margin:
        return False
    half = math.pi / pockets
    return math.atan2(width / 2 + margin, inner) <= half


def fit_label(text: str, r_in: float, r_out: float, pockets: int) -> int:
    """The largest type size (px) at which ``text`` fits its pocket (``label_fits``); 6 at least."""
    face = _face()
    size = max(6, int((r_out - r_in) * 0.62))
    while size > 6:
        rect = face.get_rect(text, size=size)
        if label_fits(rect.w, rect.h, r_in, r_out, pockets):
            return size
        size -= 1
    return 6


def turned_label(text: str, size: int, rotation: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` turned ``rotation`` degrees (counter-clockwise), white on a dark outline."""
    face = _face()
    d = max(1, size // 14)
    rect = face.get_rect(text, rotation=rotation, size=size)
    out = pygame.Surface((rect.w + 2 * d, rect.h + 2 * d), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (2 * d, 0), (0, 2 * d), (2 * d, 2 * d)):
        face.render_to(out, (dx, dy), text, OUTLINE, rotation=rotation, size=size)
    face.render_to(out, (d, d), text, colour, rotation=rotation, size=size)
    return out


def label_rotation(mid_degrees: float) -> int:
    """The turn (counter-clockwise degrees) that sets a label along the ring at ``mid_degrees``
    (screen angle, 0 to the right, growing clockwise): its top outward, except in the lower
    half, where it is turned the other way up so that it never reads upside down."""
    rotation = -(mid_degrees + 90.0)
    if 0.0 < mid_degrees % 360.0 < 180.0:  # below the centre
        rotation += 180.0
    return round(rotation) % 360


def pocket_label(feature: Any, pocket: Any) -> str:
    """A pocket's words: its YAML ``label``; else what it pays; a pass-on pocket "NEXT"."""
    if getattr(pocket, "label", ""):
        return str(pocket.label)
    if pocket.next:
        return words(feature, "pass_on_pocket", "NEXT")
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
class WheelScene(Passive):
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
    # The game under the wheel is dimmed and still: it is drawn into one picture (again only
    # when the status line or a meter changes), so a frame is that picture and the wheel.
    opaque = True
    modal = False

    def __post_init__(self) -> None:
        self.angles = [0.0 for _ in self.feature.rings]
        self._dim: pygame.Surface | None = None
        self._dim_key: tuple[object, ...] | None = None
        self._sizes: dict[tuple[int, int, int, int], int] = {}  # (ring, pocket, r_in, r_out) -> type size
        self._labels: dict[tuple[int, int], tuple[tuple[int, int], pygame.Surface]] = {}  # -> (size, turn), image
        self._under: pygame.Surface | None = None
        self._under_key: tuple[object, ...] | None = None
        self._glass_for: object = None  # the layout the FEATURES glass below was found for
        self._glass: Box | None = None
        self._rim: pygame.Surface | None = None
        self._rim_key: tuple[object, ...] | None = None
        # the theme's wheel (its atmosphere's wheel_colours): the parts, then a colour a ring
        colours = style_for(self.ctx.defn.theme).wheel()
        self.face = dict(zip(WHEEL_PARTS, colours, strict=False))
        self.ring_colours = colours[len(WHEEL_PARTS):]
        self.warm()

    def warm(self) -> None:
        """Every label at rest, sized and drawn before the first frame shows the wheel."""
        cx, cy, outer = self.geometry()
        band = outer / (len(self.feature.rings) + 0.6)
        for i, ring in enumerate(self.feature.rings):
            r_out = outer - i * band
            r_in = r_out - band + 4
            width = 360.0 / len(ring.pockets)
            for j, pocket in enumerate(ring.pockets):
                if not self._iconic(pocket):
                    mid = self.angles[i] + (j + 0.5) * width - 90.0
                    self._label(i, j, pocket, r_in, r_out, len(ring.pockets), mid)

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

    def update(self, dt: float) -> None:
        super().update(dt)
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

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The scenes under the wheel, drawn and dimmed once per change of what they show."""
        ctx = self.ctx
        session = ctx.session
        key = (size, ctx.layout.left_hand, ctx.hud.status, ctx.hud.win, getattr(session, "credits", None))
        if self._under is not None and self._under.get_size() == size and self._under_key == key:
            return self._under
        if self._under is None or self._under.get_size() != size:
            self._under = pygame.Surface(size)
        if self._dim_key != (size, ctx.layout.left_hand):  # the deck and its SPIN button stay clear of it
            self._dim, self._dim_key = deck_clear_dim(ctx.layout, 170), (size, ctx.layout.left_hand)
        assert self._dim is not None
        scenes = list(ctx.stack) if getattr(ctx, "stack", None) is not None else []
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        start = max((i for i, scene in enumerate(below) if scene.opaque), default=0)
        self._under.fill((0, 0, 0))
        for scene in below[start:]:
            scene.draw(self._under)
        self._under.blit(self._dim, (0, 0))
        self._under_key = key
        return self._under

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._backdrop(surface.get_size()), (0, 0))
        cx, cy, outer = self.geometry()
        rings = self.feature.rings
        band = outer / (len(rings) + 0.6)
        pygame.draw.circle(surface, self.face["backing"], (cx, cy), outer + 6)
        for i, ring in enumerate(rings):
            r_out = outer - i * band
            r_in = r_out - band + 4
            self._ring(surface, i, ring, cx, cy, r_out, r_in)
        hub = int(outer - len(rings) * band)
        pygame.draw.circle(surface, self.face["hub"], (cx, cy), hub)
        # the rims in anti-aliased metal over the pockets' edges (no stepped outline), the outer
        # one lit by a ring of chasing bulbs, pegs turning with the outer ring
        surface.blit(self._rims(outer, band, hub), (cx - outer - RIM_MARGIN, cy - outer - RIM_MARGIN))
        self._bulbs(surface, cx, cy, outer + 6)
        self._pegs(surface, cx, cy, outer - 2)
        text = self.ctx.text
        # the hub names the ring in play: one line, or a caption over a bigger second line
        ring = self.feature.rings[self.active] if self.active < len(rings) else None
        name = (getattr(ring, "name", "") or f"RING {self.active + 1}").upper()
        lines = words(self.feature, "hub", "{ring}", ring=name, number=self.active + 1).split("\n")
        if len(lines) > 1:
            caption = text.fit(lines[0], max(9, hub * 2 // 5), int(hub * 1.5), PALE_GOLD, outline=True)
            number = text.fit(lines[1], max(10, hub * 4 // 5), int(hub * 1.2), WHITE, outline=True)
            gap = -hub // 12
            top = cy - (caption.get_height() + number.get_height() + gap) // 2
            surface.blit(caption, caption.get_rect(midtop=(cx, top)))
            surface.blit(number, number.get_rect(midtop=(cx, top + caption.get_height() + gap)))
        else:
            only = text.fit(lines[0], max(9, hub * 2 // 5), int(hub * 1.6), WHITE, outline=True)
            surface.blit(only, only.get_rect(center=(cx, cy)))
        self._title(surface, cx, cy - outer - 18)
        # the pointer above the wheel, its tip on the first ring's edge, kicked aside by each peg
        # that passes it (it ticks); a notch marks an inner ring in play
        tip, base = (cx, cy - outer + band * 0.16), (cx, cy - outer - 18)
        kick = math.radians(self._kick())
        pts = [tip, (cx - band * 0.34, base[1]), (cx + band * 0.34, base[1])]
        pts = [(base[0] + (x - base[0]) * math.cos(kick) - (y - base[1]) * math.sin(kick),
                base[1] + (x - base[0]) * math.sin(kick) + (y - base[1]) * math.cos(kick)) for x, y in pts]
        pygame.draw.polygon(surface, POINTER, pts)
        pygame.draw.aalines(surface, WHITE, True, pts)
        pygame.draw.circle(surface, GOLD, (int(base[0]), int(base[1])), max(3, int(band * 0.1)))
        if self.active:
            edge = cy - (outer - self.active * band)  # the top of the ring in play
            notch = [(cx, edge + band * 0.24), (cx - band * 0.2, edge - band * 0.06), (cx + band * 0.2, edge - band * 0.06)]
            pygame.draw.polygon(surface, POINTER, notch)
            pygame.draw.polygon(surface, WHITE, notch, 2)
        if self.total is not None:
            self._win(surface, cx, cy, outer)

    def _title(self, surface: pygame.Surface, cx: int, bottom: int) -> None:
        """The wheel's title (``texts: {title}``) on a plate over the wheel (over the game's logo,
        which the dim hides); none when the title is empty."""
        layout = self.ctx.layout
        room = bottom - max(2, layout.logo.y)
        if room < 14:
            return
        height = min(room, max(16, layout.logo.h * 7 // 10))
        title = words(self.feature, "title", "BONUS WHEEL")
        if not title:
            return
        img = self.ctx.text.fit(title, height * 62 // 100, int(layout.width * 0.6), PALE_GOLD,
                                outline=True)
        plate = img.get_rect().inflate(height // 2 + 8, 0)
        plate.h = height
        plate.midbottom = (cx, bottom)
        pygame.draw.rect(surface, self.face["plate"], plate, border_radius=height // 3)
        pygame.draw.rect(surface, GOLD, plate, 2, border_radius=height // 3)
        surface.blit(img, img.get_rect(center=plate.center))

    def _ring(self, surface: pygame.Surface, index: int, ring: Any, cx: int, cy: int, r_out: float,
              r_in: float) -> None:
        pockets = ring.pockets
        width = 360.0 / len(pockets)
        rotation = self.angles[index]
        base = self.ring_colours[index % len(self.ring_colours)]
        dim_ring = index != self.active and index not in self.landed
        for j, pocket in enumerate(pockets):
            a0 = rotation + j * width - 90.0  # 0 degrees at the top (pygame's y grows down)
            a1 = a0 + width
            colour: tuple[int, ...] = JACKPOT_COLOURS.get(pocket.jackpot, base) if not pocket.next \
                else self.face["pass_on"]
            if j % 2 and not pocket.jackpot and not pocket.next:
                colour = tuple(min(255, int(c * 1.25)) for c in colour)
            lit = self.landed.get(index) == j
            if dim_ring:
                colour = tuple(int(c * 0.55) for c in colour)
            if lit:  # the pocket that won glows warm gold, pulsing (not a flat grey wash)
                glow = 0.45 + 0.15 * math.sin(self.clock * 6)
                colour = tuple(min(255, int(c + (g - c) * glow)) for c, g in zip(colour, LIT, strict=False))
            pts = [_polar(cx, cy, r_out, a0 + k * (a1 - a0) / 8) for k in range(9)]
            pts += [_polar(cx, cy, r_in, a1 - k * (a1 - a0) / 8) for k in range(9)]
            pygame.draw.polygon(surface, colour, pts)
            seam_in, seam_out = _polar(cx, cy, r_in, a0), _polar(cx, cy, r_out, a0)
            pygame.draw.line(surface, self.face["seams"], seam_in, seam_out, 2)
            pygame.draw.aaline(surface, self.face["seams"], seam_in, seam_out)
            if lit:
                pygame.draw.aalines(surface, GOLD, True, pts)
            mid = (a0 + a1) / 2
            lx, ly = _polar(cx, cy, (r_out + r_in) / 2, mid)
            if self._iconic(pocket):
                self._bolt(surface, lx, ly, (r_out - r_in) * 0.42, j)
            else:
                label = self._label(index, j, pocket, r_in, r_out, len(pockets), mid)
                surface.blit(label, label.get_rect(center=(round(lx), round(ly))))

    def _label(self, ring: int, pocket_index: int, pocket: Any, r_in: float, r_out: float, pockets: int,
               mid: float) -> pygame.Surface:
        """A pocket's label at its size and turn, drawn again only when its turn (to the degree) changes."""
        key = (ring, pocket_index, round(r_in), round(r_out))
        size = self._sizes.get(key)
        text = pocket_label(self.feature, pocket)
        if size is None:
            size = self._sizes[key] = fit_label(text, r_in, r_out, pockets)
        shape = (size, label_rotation(mid))
        found = self._labels.get((ring, pocket_index))
        if found is None or found[0] != shape:
            found = (shape, turned_label(text, size, shape[1], WHITE))
            self._labels[(ring, pocket_index)] = found
        return found[1]

    def _iconic(self, pocket: Any) -> bool:
        """A pass-on pocket drawn as the wheel's ``pass_on_icon`` instead of a label."""
        return bool(pocket.next) and not getattr(pocket, "label", "") and \
            getattr(self.feature, "pass_on_icon", "") == "bolt"

    def _bolt(self, surface: pygame.Surface, x: float, y: float, h: float, seed: int) -> None:
        """An electric pocket: a lightning bolt that flickers, with sparks around it."""
        flicker = 0.6 + 0.4 * abs(math.sin(self.clock * 11 + seed * 1.7))
        colour = tuple(int(c * flicker) for c in ELECTRIC)
        pts = [(x - h * 0.15, y - h), (x + h * 0.35, y - h * 0.1), (x + h * 0.02, y - h * 0.05),
               (x + h * 0.2, y + h), (x - h * 0.35, y + h * 0.05), (x - h * 0.02, y)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.aalines(surface, colour, True, pts)
        for k in range(3):  # sparks jumping around the bolt: small bright points, not dashes
            a = self.clock * 7 + seed * 2.1 + k * 2.09
            sx, sy = x + math.cos(a) * h * 0.9, y + math.sin(a * 1.3) * h * 0.9
            pygame.draw.circle(surface, colour, (int(sx), int(sy)), max(2, int(h * 0.1)))
            pygame.draw.circle(surface, (255, 255, 255), (int(sx), int(sy)), max(1, int(h * 0.05)))

    def _rims(self, outer: int, band: float, hub: int) -> pygame.Surface:
        """The metal rims (outer, between the rings, round the hub), anti-aliased, made once per size."""
        key = (outer, round(band), hub)
        if self._rim_key != key or self._rim is None:
            size = 2 * (outer + RIM_MARGIN)
            centre = outer + RIM_MARGIN
            layer = pygame.Surface((size, size), pygame.SRCALPHA)
            layer.blit(_aa_ring(size, centre, outer + 4, 7, self.face["seams"]), (0, 0))
            layer.blit(_aa_ring(size, centre, outer + 4, 4, GOLD), (0, 0))
            for i in range(1, len(self.feature.rings)):
                layer.blit(_aa_ring(size, centre, outer - i * band + 2, 3, GOLD), (0, 0))
            layer.blit(_aa_ring(size, centre, hub, 3, GOLD), (0, 0))
            self._rim, self._rim_key = layer, key
        return self._rim

    def _bulbs(self, surface: pygame.Surface, cx: int, cy: int, radius: int) -> None:
        """Bulbs round the rim chasing while a ring turns, all lit and blinking once it has landed."""
        turning = self.turning
        step = int(self.clock * (12 if turning else 3))
        r = max(2, radius // 60)
        for k in range(BULBS):
            x, y = _polar(cx, cy, radius, k * 360 / BULBS)
            on = (k + step) % 3 != 0 if turning else (step + k) % 2 == 0 or self.total is None
            pygame.draw.circle(surface, (255, 236, 150) if on else (110, 80, 40), (int(x), int(y)), r + 1)
            if on:
                pygame.draw.circle(surface, (255, 255, 240), (int(x), int(y)), max(1, r - 1))

    def _pegs(self, surface: pygame.Surface, cx: int, cy: int, radius: int) -> None:
        """A peg at each pocket seam of the outer ring, turning with it."""
        pockets = self.feature.rings[0].pockets
        width = 360.0 / len(pockets)
        for j in range(len(pockets)):
            x, y = _polar(cx, cy, radius, self.angles[0] + j * width - 90.0)
            pygame.draw.circle(surface, (70, 60, 50), (int(x) + 1, int(y) + 1), 4)
            pygame.draw.circle(surface, (235, 225, 200), (int(x), int(y)), 3)

    def _kick(self) -> float:
        """The pointer's lean in degrees: pushed by the nearest peg of the turning outer ring."""
        pockets = self.feature.rings[0].pockets
        width = 360.0 / len(pockets)
        offset = (self.angles[0]) % width  # how far past the pointer the last peg has gone
        if not self.turning or self.active != 0:
            return 0.0
        near = min(offset, width - offset) / width  # 0 when a peg is at the pointer
        return -18.0 * max(0.0, 1 - near * 5)

    def win_box(self, cx: int, cy: int, outer: int) -> pygame.Rect:
        """Where the wheel's win shows: beside the wheel on the side away from the controls
        (landscape), under it above the meters (portrait); over the hub when neither has room.
        Where the FEATURES glass stands on that side, the win takes the glass's place, covering
        it whole (a card over half a panel read as a mistake)."""
        layout = self.ctx.layout
        w, h = layout.size
        want_w, want_h = int(outer * 1.3), int(outer * 0.62)
        if not layout.portrait:
            glass = self._features_glass()
            if glass is not None and (glass.x < cx) == layout.left_hand and glass.w >= outer * 0.8:
                return pygame.Rect(glass).inflate(6, 6)
            left_room = cx - outer - 12 - w // 40
            right_room = w - w // 40 - (cx + outer + 12)
            room = left_room if layout.left_hand else right_room
            if room >= outer * 0.8:
                box = pygame.Rect(0, 0, min(want_w, room), want_h)
                box.center = (cx - outer - 12 - box.w // 2, cy) if layout.left_hand else (cx + outer + 12 + box.w // 2, cy)
                return box
        else:
            top = cy + outer + 10
            bottom = min(layout.deck.y, *(m.y for m in layout.meters.values())) - 6
            if bottom - top >= outer * 0.35:
                box = pygame.Rect(0, 0, want_w, min(want_h, bottom - top))
                box.midtop = (cx, top)
                return box
        box = pygame.Rect(0, 0, int(outer * 1.1), int(outer * 0.55))
        box.center = (cx, cy)
        return box

    def _features_glass(self) -> Box | None:
        """The FEATURES glass of the game under the wheel (found once per layout)."""
        from ...side_panel import features_glass

        layout = self.ctx.layout
        if self._glass_for is not layout:
            self._glass_for, self._glass = layout, features_glass(self.ctx)
        return self._glass

    def _win(self, surface: pygame.Surface, cx: int, cy: int, outer: int) -> None:
        text = self.ctx.text
        box = self.win_box(cx, cy, outer)
        caption = text.fit(words(self.feature, "win", "WHEEL WIN"), box.h * 26 // 100, int(box.w * 0.86), PALE_GOLD, outline=True)
        amount = text.fit(self.ctx.money(self.total or 0), box.h * 46 // 100, int(box.w * 0.86), GOLD, outline=True)
        pygame.draw.rect(surface, self.face["win"], box, border_radius=14)
        pygame.draw.rect(surface, GOLD, box, 3, border_radius=14)
        surface.blit(caption, caption.get_rect(center=(box.centerx, box.top + box.h * 27 // 100)))
        surface.blit(amount, amount.get_rect(center=(box.centerx, box.top + box.h * 66 // 100)))


def _aa_ring(size: int, centre: float, radius: float, width: float, colour: tuple[int, int, int]) -> pygame.Surface:
    """A ring drawn at 3x and scaled down: a smooth circle of ``width`` px."""
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    pygame.draw.circle(big, (*colour, 255), (centre * k, centre * k), (radius + width / 2) * k, max(1, int(width * k)))
    return pygame.transform.smoothscale(big, (size, size))


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)
