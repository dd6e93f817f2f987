"""A feature's atmosphere, per theme: the night the game turns to while free spins play.

While a feature is on screen its scene lays ``FeatureAtmosphere`` over the game:

- **the backdrop**: the theme's background under the feature's own sky (darker, a
  night for Lucky Christmas), its decor (an aurora, spotlight beams, a neon horizon,
  fireworks, sky lanterns, a full moon), a glow behind the reels, and lights on the
  reel frame (a twinkling strand, chasing marquee bulbs, a neon tube). It is one
  opaque layer with holes where the reels, the deck, the bet pills and the wrench
  show through (a colour key: no per-pixel blending of the whole window each frame);
- **particles** over it: snow, sparkles, embers, petals, bats or neon stars;
- **the intro and outro card**: a card in the theme's colours with its trim (a snow
  cap and holly, gold scrolls, slime drips, a neon grid), lights along its edge and
  the particles falling over the whole screen.

Everything that does not move is drawn once per layout size (``ensure``); a frame
blits it and moves the particles and the lights' phase (``update``). Where the particles
start comes from a seeded ``random.Random``: pictures are reproducible, and nothing
here decides anything about the round.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..assets.ui import spooky_moon
from ..paths import sprites_dir
from . import side_art
from .assets import _convert
from .context import Context
from .layout import Box, Layout

if TYPE_CHECKING:
    from ..assets.themes import AtmosphereFile

RGB = tuple[int, int, int]
HOLE = (255, 0, 254)  # the colour key of the backdrop's holes (no art uses it)


@dataclass(frozen=True)
class Atmosphere:
    """How one theme's feature looks (a theme.yaml's ``atmosphere:``, see ``from_file``)."""

    sky: tuple[RGB, RGB]  # the feature's sky, top and bottom, laid over the theme's background
    sky_alpha: int  # how much of the sky covers the background (0-255)
    glow: RGB  # the light behind the reel frame
    card: tuple[RGB, RGB]  # the intro/outro card's fill, top and bottom
    rim: RGB
    title: RGB  # the card's big line
    lights: str  # "string" (a twinkling strand) | "marquee" (chasing bulbs) | "neon" (a tube) | "" (none)
    light_colours: tuple[RGB, ...]
    particles: str  # "snow" | "sparkle" | "embers" | "petals" | "bats" | "stars" | "" (none)
    particle_colours: tuple[RGB, ...]
    decor: str  # the backdrop's: "aurora" | "beams" | "grid" | "fireworks" | "lanterns" | "moon" | ""
    trim: str  # the card's: "snow" | "scrolls" | "drips" | "grid" | ""
    frost: RGB  # a sticky reel's frame
    counts: tuple[int, int] = (50, 100)  # particles over the backdrop, over the card
    decor_colours: tuple[RGB, ...] = ()  # the decor's own colours (empty: ``decor_colour`` mixes them)
    trim_colours: tuple[RGB, ...] = ()  # the trim's own colours (empty: ``trim_colour`` mixes them)
    frost_cap: tuple[RGB, ...] = ()  # a sticky reel's snow cap: the snow, the icicles (empty: none)
    wheel_colours: tuple[RGB, ...] = ()  # the wheel's WHEEL_PARTS, then its rings' (empty: ``wheel`` mixes them)

    def decor_colour(self, k: int) -> RGB:
        """The decor's ``k``-th colour in its painter's order: the theme's ``decor_colours``, else
        the look's own glow, rim, title and frost (never another theme's)."""
        colours = self.decor_colours or (self.glow, self.rim, self.title, self.frost)
        return colours[k % len(colours)]

    def wheel(self) -> tuple[RGB, ...]:
        """The wheel's colours: one for each of ``WHEEL_PARTS``, then one a ring (cycled). The
        theme's ``wheel_colours``, else mixed from its card: the card's dark for the backing,
        the plates and the seams, its light for the hub, its rim, glow and title for the rings."""
        if len(self.wheel_colours) > len(WHEEL_PARTS):
            return self.wheel_colours
        top, bottom = self.card
        black = (0, 0, 0)
        return (_mix(bottom, black, 0.5), top, bottom, _mix(bottom, black, 0.7), bottom,
                _mix(bottom, (128, 128, 128), 0.3), _mix(top, self.rim, 0.35), _mix(top, self.glow, 0.35),
                _mix(top, self.title, 0.2))

    def trim_colour(self, k: int) -> RGB:
        """The trim's ``k``-th colour in its painter's order: the theme's ``trim_colours``, else
        the look's own title, frost, card, rim and glow, and white."""
        colours = self.trim_colours or (self.title, self.frost, self.card[0], self.rim, self.glow, WHITE)
        return colours[k % len(colours)]


# The wheel's parts, in the order a theme's ``wheel_colours`` gives them (its rings' colours follow):
# the disc behind the rings, the hub, the title's plate, the seams between pockets, the win's
# box, a pocket that passes play on to another ring.
WHEEL_PARTS = ("backing", "hub", "plate", "seams", "win", "pass_on")


def from_file(data: AtmosphereFile) -> Atmosphere:
    """A theme.yaml's ``atmosphere:`` as the painters read it."""
    particles = data.particles
    return Atmosphere(
        sky=(_rgb(data.sky[0]), _rgb(data.sky[1])), sky_alpha=data.sky_alpha, glow=_rgb(data.glow),
        card=(_rgb(data.card[0]), _rgb(data.card[1])), rim=_rgb(data.rim), title=_rgb(data.title),
        lights=data.lights, light_colours=tuple(_rgb(c) for c in data.light_colours), particles=particles,
        particle_colours=tuple(_rgb(c) for c in data.particle_colours), decor=data.decor, trim=data.trim,
        frost=_rgb(data.frost), counts=(data.counts[0], data.counts[1]) if particles else (0, 0),
        decor_colours=tuple(_rgb(c) for c in data.decor_colours),
        trim_colours=tuple(_rgb(c) for c in data.trim_colours),
        frost_cap=tuple(_rgb(c) for c in data.frost_cap) if data.frost_cap is not None
        else default_frost_cap(_rgb(data.frost), data.trim),
        wheel_colours=tuple(_rgb(c) for c in data.wheel_colours))


def default_frost_cap(frost: RGB, trim: str) -> tuple[RGB, ...]:
    """A theme that names no snow cap: under a snow trim, one in its frost colour's whites
    (the snow nearly white, the icicles half way); else none."""
    if trim != "snow":
        return ()
    return _mix(frost, WHITE, 0.92), _mix(frost, WHITE, 0.6)


def neutral(base: RGB) -> Atmosphere:
    """A plain night in one colour (the theme's own, from its art or its palette): a sky, a
    glow and a card, with no lights, particles, decor or trim that belong to some other game."""
    return Atmosphere(
        sky=(_mix(base, (0, 0, 0), 0.9), _mix(base, (0, 0, 0), 0.7)), sky_alpha=150, glow=_mix(base, WHITE, 0.35),
        card=(_mix(base, (0, 0, 0), 0.45), _mix(base, (0, 0, 0), 0.8)), rim=_mix(base, WHITE, 0.55),
        title=_mix(base, WHITE, 0.8), lights="", light_colours=(_mix(base, WHITE, 0.55),), particles="",
        particle_colours=(WHITE,), decor="", trim="", frost=_mix(base, WHITE, 0.5), counts=(0, 0))


WHITE: RGB = (255, 255, 255)
_STYLES: dict[tuple[str, str, int], Atmosphere] = {}


def style_for(theme: str) -> Atmosphere:
    """The theme's feature look from its ``sprites/<theme>/theme.yaml``. A theme without a
    usable file gets a neutral look in the mean colour of its symbols' art, never another
    game's (``read_theme`` warns); a theme.yaml without ``atmosphere:`` gets it in its own
    palette's colours."""
    from ..assets.themes import read_theme, theme_stamp

    root = sprites_dir()
    key = (str(root), theme, theme_stamp(theme))
    style = _STYLES.get(key)
    if style is None:
        data = read_theme(theme)
        if data is not None and data.atmosphere is not None:
            style = from_file(data.atmosphere)
        elif data is not None:
            style = neutral(_mix(_rgb(data.colours["glow"]), _rgb(data.colours["bg_top"]), 0.4))
        else:
            style = neutral(art_colour(root / theme / "symbols"))
        _STYLES[key] = style
    return style


def art_colour(folder: Path) -> RGB:
    """The mean colour of the symbols' opaque pixels (grey when there is no art)."""
    import numpy as np

    total, count = np.zeros(3), 0
    for path in sorted(folder.glob("*.png")):
        if path.stem.endswith("_glow"):
            continue
        try:
            image = pygame.image.load(str(path))
            colours = pygame.surfarray.array3d(image)
            opaque = pygame.surfarray.array_alpha(image) > 128
        except (pygame.error, OSError, ValueError):
            continue
        total += colours[opaque].sum(axis=0)
        count += int(opaque.sum())
    if not count:
        return (128, 128, 128)
    r, g, b = (int(round(v / count)) for v in total)
    return (r, g, b)


def _rgb(text: str) -> RGB:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _mix(a: RGB, b: RGB, share: float) -> RGB:
    """``a`` moved ``share`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


@dataclass
class Particle:
    x: float
    y: float
    speed: float  # px per second along the style's direction
    sway: float  # px of side-to-side drift
    phase: float
    sprite: int


@dataclass
class Bulb:
    x: int
    y: int
    colour: int  # index into the style's light colours
    order: int  # its place along the strand (the marquee chases along it)


@dataclass
class Pieces:
    """What one layout size needs, drawn once (``FeatureAtmosphere.ensure``)."""

    key: tuple[object, ...]
    backdrop: pygame.Surface
    card: pygame.Surface
    card_at: tuple[int, int]
    sprites: list[list[pygame.Surface]]  # the particles' looks, each with its animation frames
    bulbs_on: list[pygame.Surface]  # by colour
    bulbs_off: list[pygame.Surface]
    frame_bulbs: list[Bulb] = field(default_factory=list)
    card_bulbs: list[Bulb] = field(default_factory=list)


class FeatureAtmosphere:
    """``underlays`` paint what stays put over the backdrop while the feature runs (a
    feature meter's panel): baked into it once, they cost nothing per frame."""

    def __init__(self, ctx: Context, *, seed: int = 14,
                 underlays: tuple[Callable[[pygame.Surface], None], ...] = ()) -> None:
        self.ctx = ctx
        self.style = style_for(ctx.defn.theme)
        self.underlays = underlays
        self.t = 0.0
        self._seed = seed
        self.pieces: Pieces | None = None
        self.back: list[Particle] = []  # over the backdrop
        self.front: list[Particle] = []  # over the card
        self.ensure()

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float, *, card: bool) -> None:
        self.ensure()
        self.t += dt
        layout = self.ctx.layout
        self._move(self.front if card else self.back, dt, layout.size)

    def _move(self, particles: list[Particle], dt: float, size: tuple[int, int]) -> None:
        w, h = size
        kind = self.style.particles
        for p in particles:
            if kind in ("snow", "petals"):
                p.y += p.speed * dt
                p.x += math.sin(p.phase + self.t * 1.3) * p.sway * dt
            elif kind == "bats":
                p.x += p.speed * dt
                p.y += math.sin(p.phase + self.t * 2.1) * p.sway * dt
            else:  # sparkles, embers and stars rise
                p.y -= p.speed * dt
                p.x += math.sin(p.phase + self.t * 0.9) * p.sway * dt
            margin = 40
            if p.y > h + margin:
                p.y -= h + 2 * margin
            elif p.y < -margin:
                p.y += h + 2 * margin
            if p.x > w + margin:
                p.x -= w + 2 * margin
            elif p.x < -margin:
                p.x += w + 2 * margin

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The feature's background over the game's (the reels, deck and pills show through)."""
        pieces = self.pieces
        if pieces is None:
            return
        surface.blit(pieces.backdrop, (0, 0))
        self._draw_bulbs(surface, pieces.frame_bulbs, baked=True)
        layout = self.ctx.layout
        avoid = [pygame.Rect(layout.reel_frame), pygame.Rect(layout.deck)]
        if self.style.decor == "moon":  # no star drifts across the moon's face
            cx, cy, r = moon_disc(*layout.size)
            avoid.append(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r).inflate(r // 2, r // 2))
        self._draw_particles(surface, self.back, avoid=tuple(avoid))

    def draw_card(self, surface: pygame.Surface, dim: pygame.Surface | None) -> Box:
        """The intro/outro card over the dimmed game, its lights and the particles; returns
        the box its text goes in."""
        pieces = self.pieces
        box = self.ctx.layout.banner
        if pieces is None:
            return box
        if dim is not None:
            surface.blit(dim, (0, 0))
        surface.blit(pieces.card, pieces.card_at)
        self._draw_bulbs(surface, pieces.card_bulbs)
        self._draw_particles(surface, self.front, avoid=())
        return box

    def _draw_bulbs(self, surface: pygame.Surface, bulbs: list[Bulb], *, baked: bool = False) -> None:
        """The lights' twinkle (a strand) or chase (a marquee). ``baked``: the lit bulbs are in
        the layer under them already, so only the ones off now are drawn."""
        pieces = self.pieces
        if pieces is None or not bulbs:
            return
        chase = self.style.lights == "marquee"
        step = int(self.t * (9 if chase else 2.5))
        for bulb in bulbs:
            lit = (bulb.order + step) % 3 != 0 if chase else (bulb.order * 7 + step * (1 + bulb.order % 3)) % 5 != 0
            if lit and baked:
                continue
            sprite = (pieces.bulbs_on if lit else pieces.bulbs_off)[bulb.colour]
            surface.blit(sprite, (bulb.x - sprite.get_width() // 2, bulb.y - sprite.get_height() // 2))

    def _draw_particles(self, surface: pygame.Surface, particles: list[Particle],
                        avoid: tuple[pygame.Rect, ...]) -> None:
        pieces = self.pieces
        if pieces is None:
            return
        frame_no = int(self.t * 8)
        sprites = pieces.sprites
        blit = surface.blit
        for p in particles:
            x, y = int(p.x), int(p.y)
            if any(area.collidepoint(x, y) for area in avoid):
                continue  # never over the reels or the deck while they play
            frames = sprites[p.sprite % len(sprites)]
            sprite = frames[(frame_no + p.sprite) % len(frames)]
            blit(sprite, (x - sprite.get_width() // 2, y - sprite.get_height() // 2))

    # -- building (once per layout size) ----------------------------------------------------------

    def ensure(self) -> None:
        layout = self.ctx.layout
        key = (layout.size, layout.left_hand, id(self.ctx.art))
        if self.pieces is not None and self.pieces.key == key:
            return
        unit = min(layout.width, layout.height) / 1080
        card, card_at, card_bulbs = self._card(layout, unit)
        sprites = _particle_sprites(self.style, unit)
        on, off = _bulb_sprites(self.style, unit)
        self.pieces = Pieces(key, self._backdrop(layout, unit), card, card_at, sprites, on, off,
                             frame_bulbs=self._frame_bulbs(layout, unit), card_bulbs=card_bulbs)
        rng = random.Random(self._seed)
        self.back = [self._particle(rng, layout, unit) for _ in range(self.style.counts[0])]
        self.front = [self._particle(rng, layout, unit) for _ in range(self.style.counts[1])]

    def _particle(self, rng: random.Random, layout: Layout, unit: float) -> Particle:
        w, h = layout.size
        kind = self.style.particles
        speed = {"snow": (40, 120), "petals": (30, 70), "bats": (90, 190), "embers": (40, 110),
                 "sparkle": (12, 40), "stars": (20, 60)}.get(kind, (30, 80))
        direction = 1 if rng.random() < 0.7 or kind != "bats" else -1
        return Particle(x=rng.uniform(0, w), y=rng.uniform(0, h), speed=rng.uniform(*speed) * unit * direction,
                        sway=rng.uniform(10, 40) * unit, phase=rng.uniform(0, 6.3), sprite=rng.randrange(64))

    def _backdrop(self, layout: Layout, unit: float) -> pygame.Surface:
        style, art = self.style, self.ctx.art
        w, h = layout.size
        out = pygame.Surface((w, h))
        if art.background is not None:
            out.blit(art.background, (0, 0))
        out.blit(_gradient((w, h), (*style.sky[0], style.sky_alpha), (*style.sky[1], style.sky_alpha)), (0, 0))
        decor = pygame.Surface((w, h), pygame.SRCALPHA)
        _DECOR.get(style.decor, lambda *a: None)(decor, layout, style, unit)
        out.blit(decor, (0, 0))
        frame = layout.reel_frame
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        reach = max(8, int(frame.h * 0.12))
        # a soft light spilling out round the reel frame: rings from the outside in, each 2 px wide
        # and overlapping the next by 1 (each pixel keeps the innermost ring over it, as filling
        # every ring whole would leave it, for a twentieth of the pixels written), the last filled
        for i in range(reach, 0, -2):
            alpha = int(70 * (1 - i / reach) ** 1.5)
            pygame.draw.rect(glow, (*style.glow, alpha), pygame.Rect(frame).inflate(2 * i, 2 * i),
                             width=0 if i <= 2 else 3, border_radius=reach)
        out.blit(glow, (0, 0))
        side_art.draw(self.ctx, out)  # the theme's hanging art, lit by the feature's night
        if art.frame is not None:
            out.blit(art.frame, (frame.x, frame.y))
        if style.lights == "neon":
            _neon_rect(out, pygame.Rect(frame).inflate(int(14 * unit), int(14 * unit)), style.light_colours,
                       max(2, int(5 * unit)))
        elif style.lights == "string":
            _wire(out, [(b.x, b.y) for b in self._frame_bulbs(layout, unit)], max(1, int(3 * unit)))
        on, _ = _bulb_sprites(style, unit)
        for bulb in self._frame_bulbs(layout, unit):  # lit in the backdrop; the frame dims the ones off
            sprite = on[bulb.colour]
            out.blit(sprite, (bulb.x - sprite.get_width() // 2, bulb.y - sprite.get_height() // 2))
        if art.logo is not None:  # the logo crowns the frame, over its top border and its lights
            out.blit(art.logo, art.logo.get_rect(center=layout.logo.center))
        for paint in self.underlays:
            paint(out)
        self._punch_holes(out, layout)
        out = _convert(out, alpha=False)  # the display's own format: no conversion at each blit
        out.set_colorkey(HOLE, pygame.RLEACCEL)
        return out

    def _punch_holes(self, out: pygame.Surface, layout: Layout) -> None:
        """Where the game's own moving parts show through: reels, deck, bet pills, the wrench."""
        from . import bet_panel, icons
        from .tag_band import shows_panel

        pygame.draw.rect(out, HOLE, layout.reel_window)
        pygame.draw.rect(out, HOLE, layout.deck)
        for box in layout.buttons.values():  # the big SPIN button rises above the deck: not cut flat
            if box.y < layout.deck.y:
                pygame.draw.ellipse(out, HOLE, pygame.Rect(box).inflate(2, 2))
        if shows_panel(self.ctx.defn) and not layout.portrait:  # portrait: the meter covers them
            boxes = bet_panel.panel_boxes(layout)
            for pill in (boxes.level, boxes.coin, boxes.coins):
                pygame.draw.rect(out, HOLE, pill, border_radius=pill.h // 2)
        if not layout.portrait:  # the wrench shows beside the deck in landscape
            box = icons.settings_box(layout)
            pygame.draw.circle(out, HOLE, box.center, box.w // 2 + 1)

    def _frame_bulbs(self, layout: Layout, unit: float) -> list[Bulb]:
        """The lights along the reel frame, but none where the logo crowns it (it stays in front)."""
        frame = layout.reel_frame
        if self.style.lights == "string":
            bulbs = _strand(frame.x, frame.right, frame.y + int(4 * unit), int(26 * unit), int(40 * unit),
                            len(self.style.light_colours))
        elif self.style.lights == "marquee":
            bulbs = _perimeter(pygame.Rect(frame).inflate(int(16 * unit), int(16 * unit)), int(44 * unit))
        else:
            return []
        logo = pygame.Rect(layout.logo).inflate(int(12 * unit), int(12 * unit))
        return [bulb for bulb in bulbs if not logo.collidepoint(bulb.x, bulb.y)]

    def _card(self, layout: Layout, unit: float) -> tuple[pygame.Surface, tuple[int, int], list[Bulb]]:
        style = self.style
        box = layout.banner
        margin = max(8, box.h // 6)
        w, h = box.w + 2 * margin, box.h + 2 * margin
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        inner = pygame.Rect(margin, margin, box.w, box.h)
        radius = max(8, box.h // 8)
        shadow = inner.move(0, max(3, box.h // 40)).inflate(margin // 2, margin // 2)
        pygame.draw.rect(card, (0, 0, 0, 110), shadow, border_radius=radius + margin // 4)
        pygame.draw.rect(card, style.rim, inner, border_radius=radius)
        rim = max(3, box.h // 60)
        face = inner.inflate(-2 * rim, -2 * rim)
        steps = 32
        for i in range(steps):  # the fill's gradient, band by band inside the rounded face
            card.set_clip(pygame.Rect(face.x, face.y + face.h * i // steps, face.w, face.h // steps + 2))
            pygame.draw.rect(card, pygame.Color(*style.card[0]).lerp(style.card[1], i / steps), face,
                             border_radius=max(2, radius - rim))
        card.set_clip(None)
        pygame.draw.rect(card, (*_lighter(style.rim), 255), inner.inflate(-rim * 4, -rim * 4), width=1,
                         border_radius=max(2, radius - rim * 2))
        _TRIMS.get(style.trim, lambda *a: None)(card, inner, style, unit)
        at = (box.x - margin, box.y - margin)
        bulbs: list[Bulb] = []
        if style.lights == "string":
            bulbs = _strand(inner.x + radius, inner.right - radius, inner.y + int(6 * unit), int(30 * unit),
                            int(46 * unit), len(style.light_colours))
            _wire(card, [(b.x, b.y) for b in bulbs], max(1, int(3 * unit)))
        elif style.lights == "marquee":
            bulbs = _perimeter(inner.inflate(-rim * 6, -rim * 6), int(40 * unit))
        elif style.lights == "neon":
            _neon_rect(card, inner.inflate(-rim * 8, -rim * 8), style.light_colours, max(2, int(4 * unit)))
        for bulb in bulbs:
            bulb.x += at[0]
            bulb.y += at[1]
        return _convert(card), at, bulbs


# -- pieces -----------------------------------------------------------------------------------------


def _gradient(size: tuple[int, int], top: tuple[int, ...], bottom: tuple[int, ...]) -> pygame.Surface:
    w, h = size
    alpha = len(top) == 4
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA if alpha else 0)
    a, b = pygame.Color(*top), pygame.Color(*bottom)
    for y in range(h):
        surface.fill(a.lerp(b, y / max(1, h - 1)), (0, y, w, 1))
    return surface


def _lighter(colour: RGB) -> RGB:
    r, g, b = colour
    return (min(255, r + 60), min(255, g + 60), min(255, b + 60))


def _strand(x0: int, x1: int, y: int, sag: int, spacing: int, colours: int) -> list[Bulb]:
    """Bulbs on a wire sagging between hooks (a Christmas strand)."""
    spacing = max(6, spacing)
    span = max(spacing * 4, sag * 9)  # hook to hook
    bulbs = []
    n = max(2, (x1 - x0) // spacing)
    for i in range(n + 1):
        x = x0 + (x1 - x0) * i / n
        u = ((x - x0) % span) / span
        bulbs.append(Bulb(int(x), int(y + sag * 4 * u * (1 - u)), i % colours, i))
    return bulbs


def _perimeter(rect: pygame.Rect, spacing: int) -> list[Bulb]:
    """Bulbs round a rectangle, in order (a marquee chases along them)."""
    spacing = max(6, spacing)
    points: list[tuple[int, int]] = []
    for (ax, ay), (bx, by) in ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                               (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)):
        n = max(1, int(math.hypot(bx - ax, by - ay) / spacing))
        points += [(int(ax + (bx - ax) * k / n), int(ay + (by - ay) * k / n)) for k in range(n)]
    return [Bulb(x, y, 0, i) for i, (x, y) in enumerate(points)]


def _wire(surface: pygame.Surface, points: list[tuple[int, int]], width: int) -> None:
    if len(points) >= 2:
        pygame.draw.lines(surface, (16, 52, 24), False, [(x, y - width) for x, y in points], width)


def _neon_rect(surface: pygame.Surface, rect: pygame.Rect, colours: tuple[RGB, ...], width: int) -> None:
    """A neon tube: a wide soft glow, then the bright core (two colours: two tubes)."""
    glow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for k, colour in enumerate(colours[:2]):
        r = rect.inflate(-k * width * 5, -k * width * 5)
        for i in range(4, 0, -1):
            pygame.draw.rect(glow, (*colour, 40), r.inflate(i * width, i * width), width=width * 2,
                             border_radius=width * 6)
        pygame.draw.rect(glow, (*_lighter(colour), 255), r, width=max(1, width // 2 + 1), border_radius=width * 6)
    surface.blit(glow, (0, 0))


def _bulb_sprites(style: Atmosphere, unit: float) -> tuple[list[pygame.Surface], list[pygame.Surface]]:
    r = max(3, int(9 * unit))
    on, off = [], []
    for colour in style.light_colours:
        size = r * 5
        lit = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        for i in range(c, r, -1):  # the bulb's light on the air
            pygame.draw.circle(lit, (*colour, int(90 * (1 - (i - r) / (c - r)) ** 2)), (c, c), i)
        pygame.draw.ellipse(lit, colour, (c - r * 3 // 4, c - r, r * 3 // 2, r * 2))
        pygame.draw.ellipse(lit, (255, 255, 240), (c - r // 3, c - r * 2 // 3, r * 2 // 3, r * 2 // 3))
        pygame.draw.rect(lit, (40, 60, 40), (c - r // 3, c - r - r // 3, r * 2 // 3, r // 2))
        dark = pygame.Surface((size, size), pygame.SRCALPHA)
        dim = tuple(v // 3 for v in colour)
        pygame.draw.ellipse(dark, dim, (c - r * 3 // 4, c - r, r * 3 // 2, r * 2))
        pygame.draw.rect(dark, (40, 60, 40), (c - r // 3, c - r - r // 3, r * 2 // 3, r // 2))
        on.append(_convert(lit))
        off.append(_convert(dark))
    return on, off


def _particle_sprites(style: Atmosphere, unit: float) -> list[list[pygame.Surface]]:
    """Each look a particle can have, with its frames (a bat's wings, a sparkle's twinkle)."""
    kind, colours = style.particles, style.particle_colours
    out: list[list[pygame.Surface]] = []
    for k, size in enumerate((5, 8, 12)):
        s = max(2, int(size * unit * (2.2 if kind == "bats" else 1.0)))
        colour = colours[k % len(colours)]
        if kind == "snow":
            out.append([_soft_dot(s, colour, 230)])
        elif kind == "embers":
            out.append([_soft_dot(s, colour, 255), _soft_dot(max(2, s * 3 // 4), colour, 200)])
        elif kind in ("sparkle", "stars"):
            out.append([_star(s * 2, colour, 1.0), _star(s * 2, colour, 0.55), _star(s * 2, colour, 0.25)])
        elif kind == "petals":
            out.append([_petal(s * 2, colour, angle) for angle in (0, 40, 80, 120)])
        elif kind == "bats":
            out.append([_bat(s * 3, colour, up) for up in (True, False)])
    return [[_convert(frame) for frame in frames] for frames in out]


def _soft_dot(r: int, colour: RGB, alpha: int) -> pygame.Surface:
    surface = pygame.Surface((r * 2 + 2, r * 2 + 2), pygame.SRCALPHA)
    for i in range(r, 0, -1):
        pygame.draw.circle(surface, (*colour, int(alpha * (1 - (i - 1) / r) ** 0.7)), (r + 1, r + 1), i)
    return surface


def _star(size: int, colour: RGB, scale: float) -> pygame.Surface:
    surface = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    c = size / 2 + 1
    a, b = size / 2 * scale, size / 9 * scale + 0.6
    pts = [(c, c - a), (c + b, c - b), (c + a, c), (c + b, c + b), (c, c + a), (c - b, c + b), (c - a, c),
           (c - b, c - b)]
    pygame.draw.polygon(surface, (*colour, 235), pts)
    pygame.draw.circle(surface, (255, 255, 255, 220), (int(c), int(c)), max(1, int(b)))
    return surface


def _petal(size: int, colour: RGB, angle: float) -> pygame.Surface:
    """A petal turned ``angle`` degrees: an ellipse drawn as a polygon at that angle."""
    surface = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    c = size / 2 + 1
    a, turn = math.radians(angle), 24

    def outline(rx: float, ry: float) -> list[tuple[float, float]]:
        pts = []
        for k in range(turn):
            t = k / turn * math.tau
            x, y = rx * math.cos(t), ry * math.sin(t)
            pts.append((c + x * math.cos(a) - y * math.sin(a), c + x * math.sin(a) + y * math.cos(a)))
        return pts

    pygame.draw.polygon(surface, (*colour, 230), outline(size / 2, size / 4))
    pygame.draw.polygon(surface, (255, 240, 245, 200), outline(size / 4, size / 10))
    return surface


def _bat(size: int, colour: RGB, wings_up: bool) -> pygame.Surface:
    w, h = size, size // 2 + 2
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    c = w / 2
    tip = h * (0.1 if wings_up else 0.8)
    wing = [(c, h * 0.45), (c - w * 0.2, tip), (c - w * 0.5, tip + h * 0.1), (c - w * 0.36, h * 0.55),
            (c - w * 0.22, h * 0.5), (c - w * 0.1, h * 0.7)]
    pygame.draw.polygon(surface, colour, wing)
    pygame.draw.polygon(surface, colour, [(2 * c - x, y) for x, y in wing])
    pygame.draw.ellipse(surface, colour, (c - w * 0.07, h * 0.3, w * 0.14, h * 0.5))
    pygame.draw.circle(surface, (255, 150, 40), (int(c - w * 0.03), int(h * 0.42)), max(1, w // 40))
    pygame.draw.circle(surface, (255, 150, 40), (int(c + w * 0.03), int(h * 0.42)), max(1, w // 40))
    return surface


# -- decor of the backdrop (drawn once, onto a transparent layer the size of the window) -----------


def _aurora(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """Northern lights across the night sky, and its stars."""
    w, h = layer.get_size()
    rng = random.Random(7)
    for _ in range(int(160 * w * h / (1920 * 1080))):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.8))
        pygame.draw.circle(layer, (*style.decor_colour(3), rng.randrange(90, 220)), (x, y), rng.choice((1, 1, 1, 2)))
    bands = (style.decor_colour(0), style.decor_colour(1), style.decor_colour(2))
    step = max(2, w // 480)
    for k, colour in enumerate(bands):
        for x in range(0, w, step):
            u = x / w
            centre = h * (0.16 + 0.05 * k) + math.sin(u * math.tau * 1.3 + k * 1.7) * h * 0.05
            length = h * (0.14 + 0.05 * math.sin(u * math.tau * 3 + k))
            alpha = int(34 + 22 * math.sin(u * math.tau * 2.2 + k * 2.1))
            top = int(centre - length / 2)
            for i in range(4):  # brighter at the curtain's foot, fading upwards
                seg = length / 4
                pygame.draw.line(layer, (*colour, max(0, alpha * (i + 1) // 4)), (x, top + int(seg * i)),
                                 (x, top + int(seg * (i + 1))), step)


def _beams(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """Spotlights sweeping down from the top corners onto the reels."""
    w, h = layer.get_size()
    frame = layout.reel_frame
    for sx, tx in ((0, frame.x + frame.w * 0.3), (w, frame.right - frame.w * 0.3)):
        for spread, alpha in ((0.22, 18), (0.14, 22), (0.07, 28)):
            half = w * spread / 2
            pygame.draw.polygon(layer, (*style.glow, alpha), [(sx, -10), (tx - half, h), (tx + half, h)])
    rng = random.Random(3)
    for _ in range(int(60 * w / 1920)):  # gold glints in the velvet
        x, y = rng.randrange(w), rng.randrange(h)
        pygame.draw.circle(layer, (*style.decor_colour(0), rng.randrange(60, 160)), (x, y), 1)


def _grid(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """A neon horizon: a sunset disc and a perspective grid running to it."""
    w, h = layer.get_size()
    horizon = int(h * 0.66)
    sun = (w // 2, horizon)
    for i in range(int(h * 0.3), 0, -4):
        pygame.draw.circle(layer, (*style.decor_colour(0), int(40 * (1 - i / (h * 0.3)))), sun, i)
    magenta, cyan = style.light_colours[0], style.light_colours[-1]
    width = max(1, int(2 * unit))
    for k in range(-14, 15):
        pygame.draw.line(layer, (*magenta, 110), (w // 2 + k * w // 40, horizon), (w // 2 + k * w // 7, h), width)
    y, gap = horizon, max(3, int(8 * unit))
    while y < h:
        pygame.draw.line(layer, (*cyan, 90), (0, y), (w, y), width)
        y += gap
        gap = int(gap * 1.35) + 1


def _fireworks(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """Gold and red bursts in the sky beside the reels."""
    w, h = layer.get_size()
    frame = layout.reel_frame
    rng = random.Random(11)
    spots = []
    for side in (0, 1):
        x0, x1 = (0, frame.x) if side == 0 else (frame.right, w)
        if x1 - x0 < 40:
            x0, x1 = 0, w
        for _ in range(3):
            spots.append((rng.uniform(x0 + 20, x1 - 20), rng.uniform(h * 0.1, h * 0.7)))
    colours = (style.decor_colour(0), style.decor_colour(1), style.decor_colour(2))
    for i, (cx, cy) in enumerate(spots):
        colour = colours[i % len(colours)]
        r = rng.uniform(50, 110) * unit
        burst = _firework(colour, r, unit, rng)
        layer.blit(burst, burst.get_rect(center=(int(cx), int(cy))))


def _firework(colour: tuple[int, int, int], r: float, unit: float, rng: random.Random) -> pygame.Surface:
    """One burst: tapering trails that brighten towards their glowing heads, drawn at 3x and
    scaled down (soft edges, no 1-px spokes)."""
    k = 3
    side = int(2 * r * 1.15) + 8
    big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
    c = side * k / 2
    head = max(2.0, 3.2 * unit) * k
    for n in range(22):
        a = n / 22 * math.tau + rng.uniform(-0.05, 0.05)
        reach = r * k * rng.uniform(0.82, 1.0)
        dx, dy = math.cos(a), math.sin(a)
        px, py = -dy, dx  # across the trail
        steps = 6
        for j in range(steps):  # the trail in pieces, fainter and thinner towards the centre
            t0, t1 = 0.25 + 0.75 * j / steps, 0.25 + 0.75 * (j + 1) / steps
            w0, w1 = head * 0.5 * t0 ** 2, head * 0.5 * t1 ** 2
            x0, y0, x1, y1 = c + dx * reach * t0, c + dy * reach * t0, c + dx * reach * t1, c + dy * reach * t1
            alpha = int(40 + 150 * t1 ** 2)
            pygame.draw.polygon(big, (*colour, alpha), [(x0 + px * w0, y0 + py * w0), (x1 + px * w1, y1 + py * w1),
                                                        (x1 - px * w1, y1 - py * w1), (x0 - px * w0, y0 - py * w0)])
        hx, hy = c + dx * reach, c + dy * reach
        pygame.draw.circle(big, (*colour, 90), (hx, hy), head * 1.8)
        pygame.draw.circle(big, (255, 255, 255, 230), (hx, hy), head * 0.8)
    return pygame.transform.smoothscale(big, (side, side))


def _lanterns(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """Sky lanterns rising beside the reels."""
    w, h = layer.get_size()
    frame = layout.reel_frame
    rng = random.Random(5)
    for i in range(10):
        left = i % 2 == 0
        x0, x1 = (0, frame.x) if left else (frame.right, w)
        if x1 - x0 < 40:
            x0, x1 = 0, w
        cx, cy = rng.uniform(x0 + 10, x1 - 10), rng.uniform(h * 0.08, h * 0.8)
        s = rng.uniform(18, 34) * unit
        for g in range(int(s * 1.6), 0, -3):
            pygame.draw.circle(layer, (*style.decor_colour(0), int(26 * (1 - g / (s * 1.6)))), (int(cx), int(cy)), g)
        body = pygame.Rect(0, 0, int(s), int(s * 1.3))
        body.center = (int(cx), int(cy))
        pygame.draw.rect(layer, (*style.decor_colour(1), 220), body, border_radius=int(s * 0.35))
        pygame.draw.rect(layer, (*style.decor_colour(2), 200), body.inflate(-s * 0.45, -s * 0.5), border_radius=int(s * 0.25))


def _moon(layer: pygame.Surface, layout: Layout, style: Atmosphere, unit: float) -> None:
    """The background's own moon lit full (one moon, not a second one beside it), and a fog along
    the ground."""
    w, h = layer.get_size()
    cx, cy, r = moon_disc(w, h)
    for i in range(r * 3, r, -3):
        pygame.draw.circle(layer, (*style.decor_colour(0), int(50 * (1 - (i - r) / (2 * r)) ** 2)), (cx, cy), i)
    _smooth_disc(layer, (*style.decor_colour(1), 250), (cx, cy), r)
    for dx, dy, rr in ((-0.3, -0.2, 0.18), (0.25, 0.1, 0.12), (-0.05, 0.35, 0.1)):
        _smooth_disc(layer, (*style.decor_colour(2), 200), (int(cx + dx * r), int(cy + dy * r)), max(1, int(rr * r)))
    rng = random.Random(9)
    for _ in range(24):
        x, y = rng.uniform(0, w), rng.uniform(h * 0.72, h)
        rw, rh = rng.uniform(w * 0.08, w * 0.2), rng.uniform(h * 0.03, h * 0.07)
        pygame.draw.ellipse(layer, (*style.decor_colour(3), 34), (x - rw / 2, y - rh / 2, rw, rh))


def moon_disc(w: int, h: int) -> tuple[int, int, int]:
    """The feature moon: over the background's, a little larger so none of it shows round it."""
    cx, cy, r = spooky_moon(w, h)
    return cx, cy, r + max(2, r // 12)


def _smooth_disc(layer: pygame.Surface, colour: tuple[int, int, int, int], centre: tuple[int, int], r: int) -> None:
    """A disc with an anti-aliased rim: drawn at 4x and scaled down (no jaggies on the moon)."""
    k = 4
    size = 2 * r + 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    pygame.draw.circle(big, colour, (size * k // 2, size * k // 2), r * k)
    small = pygame.transform.smoothscale(big, (size, size))
    layer.blit(small, (centre[0] - size // 2, centre[1] - size // 2))


_DECOR = {"aurora": _aurora, "beams": _beams, "grid": _grid, "fireworks": _fireworks, "lanterns": _lanterns,
          "moon": _moon}


# -- trims of the intro/outro card ------------------------------------------------------------------


def _snow_trim(card: pygame.Surface, inner: pygame.Rect, style: Atmosphere, unit: float) -> None:
    """A snow cap along the card's top with icicles under it, and holly in the top corners."""
    rng = random.Random(21)
    r = max(4, inner.h // 14)
    x = inner.x + r // 2
    while x < inner.right - r // 2:
        rr = int(r * rng.uniform(0.7, 1.25))
        pygame.draw.circle(card, style.trim_colour(0), (x, inner.y + rr // 3), rr)
        x += int(rr * 1.1)
    pygame.draw.rect(card, style.trim_colour(0), (inner.x + r // 2, inner.y - r // 3, inner.w - r, r))
    for k in range(int(inner.w / (r * 1.6))):
        ix = inner.x + r + k * r * 1.6 + rng.uniform(-r * 0.3, r * 0.3)
        length = r * rng.uniform(0.8, 2.0)
        base = inner.y + r * 0.7
        pygame.draw.polygon(card, (*style.trim_colour(1), 230), [(ix - r * 0.25, base), (ix + r * 0.25, base),
                                                         (ix, base + length)])
    for corner_x, flip in ((inner.x + r * 2, 1), (inner.right - r * 2, -1)):
        cy = inner.y + r // 2
        for angle in (-35, 35):  # two leaves, as pointed polygons at their angle
            a = math.radians(angle * flip)
            lx, ly = corner_x + flip * (r if angle > 0 else -r), cy
            pts = []
            for k in range(16):
                t = k / 16 * math.tau
                x, y = r * 1.5 * math.cos(t), r * 0.75 * math.sin(t) * (1 - 0.35 * abs(math.cos(t)))
                pts.append((lx + x * math.cos(a) - y * math.sin(a), ly - x * math.sin(a) - y * math.cos(a)))
            pygame.draw.polygon(card, style.trim_colour(2), pts)
            ex, ey = r * 1.4 * math.cos(a), r * 1.4 * math.sin(a)
            pygame.draw.line(card, style.trim_colour(3), (lx - ex, ly + ey), (lx + ex, ly - ey), max(1, r // 6))
        for dx, dy in ((-0.35, 0.1), (0.35, 0.1), (0.0, -0.3)):
            pygame.draw.circle(card, style.trim_colour(4), (int(corner_x + dx * r), int(cy + dy * r)), max(2, r * 2 // 5))
            pygame.draw.circle(card, style.trim_colour(5), (int(corner_x + dx * r - r * 0.12), int(cy + dy * r - r * 0.12)),
                               max(1, r // 8))


def _scroll_trim(card: pygame.Surface, inner: pygame.Rect, style: Atmosphere, unit: float) -> None:
    """Gold cloud scrolls in the four corners and a second gold line inside the rim."""
    r = max(6, inner.h // 9)
    width = max(2, r // 6)
    pygame.draw.rect(card, style.rim, inner.inflate(-r // 2, -r // 2), width=max(1, width // 2),
                     border_radius=max(4, inner.h // 10))
    for cx, cy, sx, sy in ((inner.x, inner.y, 1, 1), (inner.right, inner.y, -1, 1), (inner.x, inner.bottom, 1, -1),
                           (inner.right, inner.bottom, -1, -1)):
        for k, rr in enumerate((r, r * 2 // 3, r // 3)):
            ox, oy = cx + sx * (r + k * r // 3), cy + sy * (r + k * r // 4)
            pygame.draw.circle(card, style.rim, (ox, oy), rr, width=width)
        pygame.draw.circle(card, _lighter(style.rim), (cx + sx * r, cy + sy * r), max(2, r // 5))


def _drip_trim(card: pygame.Surface, inner: pygame.Rect, style: Atmosphere, unit: float) -> None:
    """Slime running down from the card's top edge."""
    rng = random.Random(31)
    slime = style.frost
    band = max(4, inner.h // 18)
    pygame.draw.rect(card, slime, (inner.x + band, inner.y, inner.w - 2 * band, band), border_radius=band // 2)
    x = inner.x + band * 2
    while x < inner.right - band * 2:
        length = int(band * rng.uniform(0.8, 2.2))  # ends above the title (a card's first line sits at 25%)
        wd = int(band * rng.uniform(0.5, 0.9))
        pygame.draw.rect(card, slime, (x - wd // 2, inner.y, wd, length), border_radius=wd // 2)
        pygame.draw.circle(card, slime, (x, inner.y + length), wd * 2 // 3)
        pygame.draw.circle(card, style.trim_colour(0), (x - wd // 5, inner.y + length - wd // 4), max(1, wd // 5))
        x += int(band * rng.uniform(1.6, 3.2))


def _grid_trim(card: pygame.Surface, inner: pygame.Rect, style: Atmosphere, unit: float) -> None:
    """A neon grid running away along the card's floor."""
    floor = inner.y + inner.h * 72 // 100
    colour = style.light_colours[-1]
    layer = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    cx = inner.centerx
    for k in range(-10, 11):
        pygame.draw.line(layer, (*colour, 60), (cx + k * inner.w // 30, floor), (cx + k * inner.w // 8,
                                                                                 inner.bottom - 4), 1)
    y, gap = floor, 3
    while y < inner.bottom - 4:
        pygame.draw.line(layer, (*colour, 55), (inner.x + 6, y), (inner.right - 6, y), 1)
        y += gap
        gap = int(gap * 1.4) + 1
    card.set_clip(inner.inflate(-8, -8))  # the grid stays on the card's face
    card.blit(layer, (0, 0))
    card.set_clip(None)


_TRIMS = {"snow": _snow_trim, "scrolls": _scroll_trim, "drips": _drip_trim, "grid": _grid_trim}
