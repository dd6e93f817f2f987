"""A ghost drawn by code, anti-aliased (drawn at ``SUPERSAMPLE`` times its size and smoothed
down): the piece that carries a ghost's value into Halloween Wins 3's collector pumpkin, and
the ghost waiting behind the mummy panel's door. Its colours come from the theme's palette
(``ghost_colours``), so another spooky theme's ghosts wear its own."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

RGB = tuple[int, int, int]
SUPERSAMPLE = 4
GHOST_SHAPES = frozenset({"ghost", "ghost_coin"})  # theme.yaml symbol shapes that are ghosts


@dataclass(frozen=True)
class GhostColours:
    body: RGB  # the sheet, lit
    shade: RGB  # its shadowed side and hem
    eyes: RGB  # eyes and mouth
    glow: RGB  # the halo round it


def _hex(colour: str) -> RGB:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def ghost_colours(theme: Any) -> GhostColours:
    """A ghost in the theme's colours: a moonlit sheet tinted by its second accent, eyes of its
    night sky, a halo of its second accent (``theme``: an ``assets.theme_data.Theme`` or None)."""
    colours = getattr(theme, "colours", None) or {}
    tint = _hex(colours.get("accent2", "#8a3aff"))
    night = _hex(colours.get("bg_top", "#0a0418"))
    white = (250, 250, 255)
    return GhostColours(body=_mix(white, tint, 0.06), shade=_mix(white, tint, 0.38), eyes=_mix(night, (0, 0, 0), 0.3),
                        glow=_mix(tint, white, 0.25))


def is_ghost(theme: Any, symbol: str) -> bool:
    """Whether the theme draws ``symbol`` as a ghost (its shape in theme.yaml)."""
    for spec in getattr(theme, "symbols", ()):
        if spec.id == symbol:
            return spec.shape in GHOST_SHAPES
    return False


def ghost_piece(height: int, colours: GhostColours, *, halo: bool = True) -> pygame.Surface:
    """A ghost ``height`` points tall (as wide: square, its halo inside), facing the player, on a
    transparent surface; ``halo``: a soft glow round it."""
    return _ghost_piece(max(8, int(height)), colours, halo)  # shared: blit it, never draw on it


def _sheet(surface: pygame.Surface, colour: tuple[int, ...], cx: int, head_y: int, r: int, hem_y: int,
           shift: tuple[int, int] = (0, 0)) -> None:
    """The ghost's silhouette: a round head, a sheet flaring a little to a hem of three
    scallops (cut between them), two stubby arms raised."""
    dx, dy = shift
    cx, head_y, hem_y = cx + dx, head_y + dy, hem_y + dy
    flare = r * 115 // 100
    pygame.draw.circle(surface, colour, (cx, head_y), r)
    pygame.draw.polygon(surface, colour, [(cx - r, head_y), (cx + r, head_y), (cx + flare, hem_y),
                                          (cx - flare, hem_y)])
    lobe = flare // 3
    for i in range(3):
        pygame.draw.circle(surface, colour, (cx - flare + lobe + 2 * lobe * i, hem_y), lobe)
    for side in (-1, 1):  # the arms, raised outwards
        arm = pygame.Rect(0, 0, r * 3 // 5, r * 2 // 5)
        arm.center = (cx + side * (r + r // 8), head_y + r * 3 // 4 - side * r // 8)
        pygame.draw.ellipse(surface, colour, arm)


@lru_cache(maxsize=64)
def _ghost_piece(height: int, colours: GhostColours, halo: bool) -> pygame.Surface:
    s = SUPERSAMPLE
    w = h = height * s
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, r = w // 2, int(h * 0.27)  # the head
    head_y, hem_y = int(h * 0.36), int(h * 0.80)
    if halo:
        for k in range(10, 0, -1):  # a soft halo: rings fading outwards, inside the surface
            pygame.draw.circle(big, (*colours.glow, 6 + 7 * (10 - k)), (cx, h // 2), int(h * (0.26 + 0.024 * k)))
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    _sheet(body, (*colours.shade, 255), cx, head_y, r, hem_y)
    for i in range(2):  # the hem's cuts between the scallops
        flare = r * 115 // 100
        lobe = flare // 3
        pygame.draw.circle(body, (0, 0, 0, 0), (cx - flare + 2 * lobe * (i + 1), hem_y + lobe * 9 // 10), lobe * 6 // 10)
    # the lit sheet: the same silhouette moved up and left, kept inside the first (its rim stays in shade)
    inset = max(2, r // 8)
    lit = pygame.Surface((w, h), pygame.SRCALPHA)
    _sheet(lit, (*colours.body, 255), cx, head_y, r, hem_y, (-inset, -inset))
    mask = body.copy()
    mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    lit.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    body.blit(lit, (0, 0))
    # the face: two tall eyes with a catch-light, a blush under each, a round "o" of a mouth
    eye_w, eye_h = max(2, r * 30 // 100), max(3, r * 46 // 100)
    for side in (-1, 1):
        ex = cx + side * r * 36 // 100
        pygame.draw.ellipse(body, colours.eyes, pygame.Rect(ex - eye_w // 2, head_y - eye_h // 2, eye_w, eye_h))
        pygame.draw.circle(body, (255, 255, 255), (ex - eye_w // 5, head_y - eye_h // 4), max(1, eye_w // 5))
        pygame.draw.ellipse(body, (255, 176, 196), pygame.Rect(ex - eye_w // 2 - side * eye_w // 3,
                                                                 head_y + eye_h * 6 // 10, eye_w, max(2, eye_h // 3)))
    mouth = max(2, r * 24 // 100)
    pygame.draw.ellipse(body, colours.eyes, pygame.Rect(cx - mouth // 2, head_y + r * 40 // 100, mouth,
                                                        mouth * 13 // 10))
    big.blit(body, (0, 0))
    return pygame.transform.smoothscale(big, (w // s, h // s))
