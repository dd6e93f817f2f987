"""A lobby tile's key art, composed at runtime from the game's own generated sprites: its
theme's background (covering the tile), a burst of light, its hero symbols fanned across the
foot (the highest-tier picture symbols, the middle one in front and largest), and its logo
over them. Made once per theme and size (``KEY_ART``), so a relayout or a return to the
lobby composes nothing again."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from ..assets import AssetCache

KEY_ART: dict[tuple[str, tuple[str, ...], tuple[int, int]], pygame.Surface] = {}
HEROES = 3  # symbols fanned under the logo
TILE_FILL = (30, 18, 52)  # behind the art while a sprite is missing


def hero_symbols(defn: Any, most: int = HEROES) -> tuple[str, ...]:
    """The sprite names of a game's hero symbols: its high-tier paying symbols in the order the
    game lists them (then its wild, then its medium tier, while fewer than ``most``)."""
    if defn is None:
        return ()
    symbols = list(getattr(defn, "symbols", ()))

    def picked(test: Any) -> list[Any]:
        return [s for s in symbols if test(s)]

    chosen = picked(lambda s: s.kind == "regular" and s.tier == "high")
    for more in (picked(lambda s: s.kind == "wild"), picked(lambda s: s.kind == "regular" and s.tier == "medium")):
        chosen += [s for s in more if s not in chosen]
    return tuple((s.sprite or s.id).lower() for s in chosen[:most])


def _cover(cache: AssetCache, rel: str, size: tuple[int, int]) -> pygame.Surface | None:
    src = cache.original(rel)
    if src is None:
        return None
    w, h = size
    sw, sh = src.get_size()
    scale = max(w / sw, h / sh)
    cover = (max(w, round(sw * scale)), max(h, round(sh * scale)))
    return cache.get(rel, cover)


def _fit(src: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    scale = min(box[0] / src[0], box[1] / src[1])
    return max(1, round(src[0] * scale)), max(1, round(src[1] * scale))


def _burst(size: tuple[int, int], centre: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """Soft rays and a glow round ``centre``, drawn at twice the size and smoothed (no jaggies)."""
    w, h = size
    big = pygame.Surface((2 * w, 2 * h), pygame.SRCALPHA)
    cx, cy = 2 * centre[0], 2 * centre[1]
    reach = 2 * max(w, h)
    rays = 14
    for k in range(rays):
        a0 = 2 * math.pi * k / rays
        a1 = a0 + math.pi / rays * 0.7
        pygame.draw.polygon(big, (*colour, 34), [(cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
                                                 (cx + reach * math.cos(a1), cy + reach * math.sin(a1))])
    for i in range(10, 0, -1):
        pygame.draw.circle(big, (*colour, 12), (cx, cy), int(min(w, h) * 0.12 * i))
    return pygame.transform.smoothscale(big, size)


def key_art(cache: AssetCache, theme: str, heroes: Sequence[str], size: tuple[int, int], *,
            glow: tuple[int, int, int] = (255, 190, 90)) -> pygame.Surface:
    """The tile's art at ``size`` (opaque): background, light burst, hero symbols, logo (a
    theme without a logo leaves its place to the caller, who writes the name there)."""
    key = (theme, tuple(heroes), size)
    found = KEY_ART.get(key)
    if found is not None:
        return found
    w, h = size
    art = pygame.Surface(size)
    art.fill(TILE_FILL)
    background = _cover(cache, f"{theme}/background.png", size)
    if background is not None:
        art.blit(background, ((w - background.get_width()) // 2, (h - background.get_height()) // 2))
    art.blit(_burst(size, (w // 2, int(h * 0.52)), glow), (0, 0))
    # the hero symbols, fanned: the outer two behind, tilted outwards, the middle one in front
    side = int(min(h * 0.46, w * 0.3))
    found_heroes = [name for name in heroes if cache.original(f"{theme}/symbols/{name}.png") is not None]
    order = [1, 0, 2] if len(found_heroes) >= 3 else list(range(len(found_heroes)))
    spots = {0: (-0.27, 0.58, 12, 0.82), 1: (0.0, 0.55, 0, 1.0), 2: (0.27, 0.58, -12, 0.82)} \
        if len(found_heroes) >= 3 else {0: (-0.15, 0.57, 8, 0.92), 1: (0.15, 0.57, -8, 0.92)} \
        if len(found_heroes) == 2 else {0: (0.0, 0.55, 0, 1.0)}
    for i in sorted(order, key=lambda k: spots[k][3]):  # the smaller (further) ones first
        dx, y, tilt, scale = spots[i]
        rel = f"{theme}/symbols/{found_heroes[i]}.png"
        edge = int(side * scale)
        symbol = cache.get(rel, (edge, edge))
        if tilt:
            symbol = pygame.transform.rotozoom(symbol, tilt, 1.0)
        art.blit(symbol, symbol.get_rect(center=(int(w * (0.5 + dx)), int(h * y))))
    # the logo over them, on a soft shadow band so it reads over any background
    logo_src = cache.original(f"{theme}/logo.png")
    logo_box = (int(w * 0.9), int(h * 0.3))
    if logo_src is not None:
        logo = cache.get(f"{theme}/logo.png", _fit(logo_src.get_size(), logo_box))
        shade = pygame.Surface((w, logo.get_height()), pygame.SRCALPHA)
        for y in range(shade.get_height()):
            t = 1 - abs(2 * y / max(1, shade.get_height() - 1) - 1)
            shade.fill((6, 2, 14, int(90 * t)), (0, y, w, 1))
        art.blit(shade, (0, int(h * 0.2) - logo.get_height() // 2))
        art.blit(logo, logo.get_rect(center=(w // 2, int(h * 0.2))))
    KEY_ART[key] = art
    return art
