"""The theme's celebration on screen: a shower of its own shapes in depth, a light burst behind
the wordmark and the win counter on a plate above everything, punched at each tier.

The kit (what flies, the colours) is the theme's (``cabinet/assets/celebration.py``, from its
theme.yaml). The shower throws coins and the theme's pieces (pumpkins and bats, baubles,
ingots) up from below the reels: each piece has a depth (far ones small, dim and slow, near
ones large with a short motion trail), so the shower reads as space, not a flat sheet. Every
sprite is made once per layout; a frame is blits only.

The shower's randomness (where pieces fly) is a ``random.Random`` seeded by the round's seed:
it decides nothing about money, and screenshots stay reproducible. ``coins`` keeps its name
(the pieces in the air) for the win scene's checks.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from .layout import Layout

DEPTHS = (0.5, 0.75, 1.05)  # far, middle, near: a piece's size as a share of the base size
DEPTH_SHARE = (0.35, 0.4, 0.25)  # how many pieces fly at each depth
DEPTH_LIGHT = (0.55, 0.8, 1.0)  # far pieces are dimmer (the light is on the win)
TIER_PIECES_PER_SECOND = {"big": 30, "mega": 55, "epic": 90}
MAX_PIECES = 150
GRAVITY = 2.2  # window heights per second squared
TRAIL = (0.018, 0.036)  # seconds back along its path that a near piece's two ghosts sit (motion blur)
TRAIL_ALPHA = (110, 55)
RAY_FRAMES = 8  # the burst turns through one ray's step in these many frames
RAYS = 16
PUNCH = (1.0, 1.08, 1.16, 1.24, 1.32)  # the counter's sizes while it punches (few: few glyph sets)


@dataclass
class Piece:
    x: float
    y: float
    vx: float
    vy: float
    kind: int  # which of the kit's particles
    depth: int  # index into DEPTHS
    spin: float  # frames per second of its turning
    phase: float
    life: float = 0.0


@dataclass
class ShowerArt:
    """Each particle kind's frames at each depth (``frames[kind][depth]``), the near pieces'
    trail ghosts, and the burst's turning frames."""

    frames: list[list[list[pygame.Surface]]] = field(default_factory=list)
    trails: list[list[tuple[pygame.Surface, pygame.Surface]]] = field(default_factory=list)  # near depth only
    rays: list[pygame.Surface] = field(default_factory=list)  # the burst's first RAY_FRAMES // 2 + 1 steps
    plate_colours: tuple[tuple[int, int, int], tuple[int, int, int]] = ((20, 8, 30), (255, 200, 80))
    _mirrored: dict[int, pygame.Surface] = field(default_factory=dict, repr=False, compare=False)

    def ray_frame(self, step: int) -> pygame.Surface:
        """The burst at ``step`` of RAY_FRAMES. Step k turned back is step RAY_FRAMES - k seen in a
        mirror (the rays are even about the vertical), so only the first half is made with the
        art (8 MB less at 1080p until a celebration shows the burst); each later step is
        mirrored the first time it is shown and kept (one flip, not one a step: frame times)."""
        step %= RAY_FRAMES
        if step < len(self.rays):
            return self.rays[step]
        shown = self._mirrored.get(step)
        if shown is None:
            shown = self._mirrored[step] = pygame.transform.flip(self.rays[RAY_FRAMES - step], True, False)
        return shown


def _dim(surface: pygame.Surface, light: float) -> pygame.Surface:
    if light >= 1.0:
        return surface
    out = surface.copy()
    level = round(255 * light)
    out.fill((level, level, level, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _faded(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    out = surface.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _turning(base: pygame.Surface, count: int = 8) -> list[pygame.Surface]:
    """A picture rocking side to side (a thrown piece tumbles; a coin's own frames turn)."""
    return [pygame.transform.rotozoom(base, 28 * math.sin(2 * math.pi * i / count), 1.0) for i in range(count)]


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def build_shower_art(kit: Any, *, coins: list[pygame.Surface], sparkle: pygame.Surface | None,
                     symbol: Any, size: int, banner: tuple[int, int]) -> ShowerArt:
    """``symbol(sid, side)``: a symbol's picture at ``side`` px or None. ``size``: a near
    piece's side in px; ``banner``: the wordmark's box (the burst fits behind it)."""
    art = ShowerArt()
    for name in kit.particles:
        if name == "coin":  # turning, but never seen edge-on (a thin stick, not a coin)
            base = [f for f in coins if f.get_bounding_rect().w >= 0.3 * max(1, f.get_bounding_rect().h)] or coins
        elif name == "star":
            base = _turning(sparkle) if sparkle is not None else []
        else:
            picture = symbol(name, size)
            base = _turning(picture) if picture is not None else []
        if not base:
            continue
        depths = []
        for depth, light in zip(DEPTHS, DEPTH_LIGHT, strict=True):
            side = max(6, round(size * depth))
            depths.append([_dim(pygame.transform.smoothscale(f, _fit(f.get_size(), side)), light) for f in base])
        art.frames.append(depths)
        art.trails.append([(_faded(f, TRAIL_ALPHA[0]), _faded(f, TRAIL_ALPHA[1])) for f in depths[-1]])
    art.rays = _rays(banner, _rgb(kit.rays))
    art.plate_colours = (_rgb(kit.plate[0]), _rgb(kit.plate[1]))
    return art


def _fit(src: tuple[int, int], side: int) -> tuple[int, int]:
    w, h = src
    scale = side / max(w, h, 1)
    return max(1, round(w * scale)), max(1, round(h * scale))


def _rays(banner: tuple[int, int], colour: tuple[int, int, int]) -> list[pygame.Surface]:
    """The light burst behind the wordmark: soft rays from its centre, squashed to the banner's
    shape, in RAY_FRAMES steps of one ray's turn (drawn at 2x and scaled down: no jaggies). Only
    the steps up to half way are made: ``ShowerArt.ray_frame`` mirrors them for the rest."""
    w, h = max(8, banner[0]), max(8, int(banner[1] * 1.5))
    k = 2
    big = max(w, h) * k
    frames = []
    for step in range(RAY_FRAMES // 2 + 1):
        layer = pygame.Surface((big, big), pygame.SRCALPHA)
        c = big / 2
        for ray in range(RAYS):
            a = 2 * math.pi * (ray + step / RAY_FRAMES) / RAYS
            spread = math.pi / RAYS * 0.55
            points = [(c, c), (c + big * math.cos(a - spread), c + big * math.sin(a - spread)),
                      (c + big * math.cos(a + spread), c + big * math.sin(a + spread))]
            pygame.draw.polygon(layer, (*colour, 60), points)
        glow = pygame.Surface((big, big), pygame.SRCALPHA)
        for r in range(int(c), 0, -max(2, int(c) // 24)):  # a soft core of light
            pygame.draw.circle(glow, (*colour, int(90 * (1 - r / c) ** 2)), (int(c), int(c)), r)
        layer.blit(glow, (0, 0))
        fade = pygame.Surface((big, big), pygame.SRCALPHA)  # rays fade out towards their ends
        for r in range(int(c), 0, -max(2, int(c) // 24)):
            level = int(255 * min(1.0, (1 - r / c) * 1.6))
            pygame.draw.circle(fade, (255, 255, 255, level), (int(c), int(c)), r)
        layer.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        frames.append(pygame.transform.smoothscale(layer, (w, h)))
    return frames


class Shower:
    """The theme's pieces thrown up from below the reels, falling under gravity, in depth."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.coins: list[Piece] = []  # the pieces in the air (the win scene's name for them)
        self.rate = 0.0
        self._debt = 0.0
        self.kinds = 1

    def start(self, tier: str) -> None:
        self.rate = TIER_PIECES_PER_SECOND.get(tier, 0)

    def stop(self) -> None:
        self.rate = 0.0

    def clear(self) -> None:
        self.coins.clear()
        self.rate = 0.0

    def update(self, dt: float, layout: Layout) -> None:
        w, h = layout.size
        self._debt += self.rate * dt
        r = self.rng
        while self._debt >= 1.0 and len(self.coins) < MAX_PIECES:
            self._debt -= 1.0
            pick = r.random()
            depth = 0 if pick < DEPTH_SHARE[0] else 1 if pick < DEPTH_SHARE[0] + DEPTH_SHARE[1] else 2
            speed = 0.75 + 0.25 * depth  # far pieces rise less high and fall slower
            self.coins.append(Piece(
                x=w * (0.5 + r.uniform(-0.2, 0.2)), y=layout.reel_window.bottom,
                vx=w * r.uniform(-0.35, 0.35) * speed, vy=-h * r.uniform(1.1, 1.7) * speed,
                kind=r.randrange(64), depth=depth, spin=r.uniform(10, 22), phase=r.uniform(0, 8)))
        self._debt = min(self._debt, 1.0)
        g = GRAVITY * h
        alive = []
        for p in self.coins:
            p.vy += g * dt * (0.75 + 0.25 * p.depth)
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.life += dt
            if p.y < h + 60:
                alive.append(p)
        self.coins = alive

    def draw(self, surface: pygame.Surface, art: ShowerArt | None) -> None:
        if art is None or not art.frames:
            return
        kinds = len(art.frames)
        near = len(DEPTHS) - 1
        by_depth: list[list[Piece]] = [[] for _ in DEPTHS]
        for p in self.coins:
            by_depth[p.depth].append(p)
        laid: list[tuple[pygame.Surface, tuple[int, int]]] = []  # one blits call: a piece costs no Python call
        for depth, pieces in enumerate(by_depth):  # far first: the near pieces pass in front
            for p in pieces:
                kind = p.kind % kinds
                frames = art.frames[kind][depth]
                i = int(p.phase + p.life * p.spin) % len(frames)
                frame = frames[i]
                half_w, half_h = frame.get_width() // 2, frame.get_height() // 2
                if depth == near:  # near and fast: two ghosts along its path
                    for back, ghost in zip(TRAIL, art.trails[kind][i], strict=True):
                        laid.append((ghost, (int(p.x - p.vx * back) - half_w, int(p.y - p.vy * back) - half_h)))
                laid.append((frame, (int(p.x) - half_w, int(p.y) - half_h)))
        surface.blits(laid, doreturn=False)


def draw_burst(surface: pygame.Surface, art: ShowerArt | None, centre: tuple[int, int], t: float) -> None:
    """The light burst, turning slowly, centred behind the wordmark."""
    if art is None or not art.rays:
        return
    frame = art.ray_frame(int(t * 6))
    surface.blit(frame, frame.get_rect(center=centre))


def punch_scale(since: float) -> float:
    """The counter's size ``since`` seconds after a tier was reached: a jump that settles."""
    bump = 0.32 * math.exp(-7.0 * max(0.0, since))
    return min(PUNCH, key=lambda s: abs(s - (1.0 + bump)))


def draw_counter_plate(ctx: Any, surface: pygame.Surface, art: ShowerArt | None, text: str, size: int,
                       centre: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Rect:
    """The win counter on its plate, drawn last so nothing crosses it. Returns the plate."""
    font_w, font_h = ctx.text.font(size, "display").size(text)
    step = max(4, size // 2)  # the plate grows in steps as the digits count up (few plates made)
    w, h = -(-(font_w + size) // step) * step, int(font_h * 1.25)
    plate = pygame.Rect(0, 0, w, h)
    plate.center = centre
    colours = art.plate_colours if art is not None else ((20, 8, 30), (255, 200, 80))
    surface.blit(_plate((w, h), colours), plate.topleft)
    ctx.text.counter(surface, text, size, colour, centre, outline=True, face="display")
    return plate


_PLATES: dict[tuple[object, ...], pygame.Surface] = {}


def _plate(size: tuple[int, int], colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> pygame.Surface:
    """A rounded plate in the kit's fill with a shine along its top and the kit's rim (kept)."""
    key = (size, colours)
    layer = _PLATES.get(key)
    if layer is None:
        (w, h), (fill, rim) = size, colours
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = h // 2
        pygame.draw.rect(layer, (*fill, 235), (0, 0, w, h), border_radius=radius)
        shine = pygame.Rect(radius // 2, 2, max(1, w - radius), max(1, h // 3))
        pygame.draw.rect(layer, (255, 255, 255, 28), shine, border_radius=shine.h // 2)
        pygame.draw.rect(layer, (*rim, 255), (0, 0, w, h), width=max(2, h // 18), border_radius=radius)
        if len(_PLATES) > 48:
            _PLATES.clear()
        _PLATES[key] = layer
    return layer
