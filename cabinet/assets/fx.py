"""Effect sprites: spinning coin frames, sparkles, particles, win banners, payline dots, symbol glows."""

from __future__ import annotations

import math

import numpy as np
import pygame

from .draw import Canvas, blur, darken, dilate, lighten, rgb, star_points, surface_arrays, surface_from
from .symbols import GOLD_STOPS, gold, spark

COIN_FRAMES = 8


def coin_face(size: int = 96, ss: int = 3) -> pygame.Surface:
    c = Canvas(size, size, ss)
    k = size / 96
    cx = cy = size / 2
    r = 44 * k
    m = c.circle(cx, cy, r)
    gold(c, m, cy - r, cy + r, 3 * k)
    face = c.circle(cx, cy, r * 0.78)
    c.paint(face, c.radial(cx - r * 0.3, cy - r * 0.4, r * 1.6, ["#fff4b0", "#ffc21a", "#b06a04"]))
    c.bevel(face, 3 * k, 0.7, light=(0.6, 0.8))
    st = c.poly(star_points(cx, cy, r * 0.5, r * 0.22, 5))
    c.paint(dilate(st, c.L(1.5 * k)), "#8a4a04")
    gold(c, st, cy - r * 0.5, cy + r * 0.5, 2 * k)
    c.gloss(m, cx - r * 0.7, cy - r * 0.9, r * 1.1, r * 0.6, 0.45, -20)
    return c.to_surface()


def coin_frames(size: int = 96) -> list[pygame.Surface]:
    """The coin turning about its vertical axis: the face squashes, the milled edge shows."""
    face = coin_face(size)
    frames = []
    for i in range(COIN_FRAMES):
        ang = 2 * math.pi * i / COIN_FRAMES
        sx = abs(math.cos(ang))
        w = max(2, int(round(size * max(sx, 0.06))))
        frame = pygame.Surface((size, size), pygame.SRCALPHA)
        thick = int(round(size * 0.09 * abs(math.sin(ang))))
        if thick > 0:
            edge = pygame.transform.smoothscale(face, (w, size))
            rgb_, a = surface_arrays(edge)
            rgb_ = rgb_ * np.array([0.62, 0.45, 0.12], dtype=np.float32)  # darker, redder rim
            rim = surface_from(rgb_, a)
            side = 1 if math.sin(ang) > 0 else -1
            for t in range(thick, 0, -1):
                frame.blit(rim, ((size - w) // 2 + side * t, 0))
        scaled = pygame.transform.smoothscale(face, (w, size))
        if sx < 0.5:  # seen edge-on: dim the face a little
            rgb_, a = surface_arrays(scaled)
            scaled = surface_from(rgb_ * (0.6 + 0.8 * sx), a)
        frame.blit(scaled, ((size - w) // 2, 0))
        frames.append(frame)
    return frames


def sparkle(size: int = 64, ss: int = 3) -> pygame.Surface:
    c = Canvas(size, size, ss)
    cx = cy = size / 2
    c.paint(np.clip(blur(c.circle(cx, cy, size * 0.18), c.L(size * 0.12)) * 1.4, 0, 1), "#fff2a0", 0.9)
    spark(c, cx, cy, size * 0.47, (1, 1, 1))
    return c.to_surface()


def particle(size: int = 32) -> pygame.Surface:
    x = (np.arange(size, dtype=np.float32) + 0.5) / size - 0.5
    d2 = (x[:, None] ** 2 + x[None, :] ** 2) * 4
    a = np.clip(np.exp(-d2 * 3.2) - np.exp(-3.2), 0, 1).astype(np.float32)
    a /= a.max()
    core = np.clip(1 - d2 * 4, 0, 1)
    col = rgb("#ffd84a")[None, None, :] * (1 - core[..., None]) + core[..., None]
    return surface_from(col * a[..., None], a)


def payline_dot(size: int = 40, ss: int = 3) -> pygame.Surface:
    c = Canvas(size, size, ss)
    cx = cy = size / 2
    r = size * 0.3
    m = c.circle(cx, cy, r)
    c.glow(m, "#fff2a0", size * 0.15, 0.8)
    c.paint(dilate(m, c.L(2)), "#6a3a02")
    c.paint(m, c.radial(cx - r * 0.3, cy - r * 0.35, r * 1.6, ["#ffffff", "#ffd84a", "#c07008"]))
    c.paint(c.ellipse(cx - r * 0.3, cy - r * 0.4, r * 0.35, r * 0.22, -30), "#ffffff", 0.9)
    return c.to_surface()


BANNERS = {
    "big": ("BIG WIN", ["#ffffff", "#fff2a0", "#ffc21a", "#e07a0a", "#ffe27a"], "#ffb01a", "#3a1400"),
    "mega": ("MEGA WIN", ["#ffffff", "#ffd0f4", "#ff4ad0", "#9a1ad0", "#ff9af0"], "#ff4ad0", "#2a0040"),
    "epic": ("EPIC WIN", ["#ffffff", "#d0f8ff", "#3ad0ff", "#1a4ad0", "#9af0ff"], "#3ad0ff", "#001a40"),
}


def win_banner(kind: str, w: int = 1000, h: int = 260, ss: int = 2, *, words: str = "", face: list[str] | None = None,
               glow: str = "", edge: str = "", rim: list[tuple[float, str]] | None = None) -> pygame.Surface:
    """A tier's wordmark: the shared one, or in a theme's kit (``assets/celebration.py``)."""
    text, fill, glow_col, edge_col = BANNERS[kind]
    text, fill, glow_col, edge = words or text, face or fill, glow or glow_col, edge or edge_col
    rim_stops = rim or GOLD_STOPS
    c = Canvas(w, h, ss)
    cy = h / 2
    th = h * 0.58
    t = c.text(text, w / 2, cy, th, w - 120, stretch=1.1)
    outer = dilate(t, c.L(14))
    # light behind the words, a dark outline, then a gold rim and the gradient face
    c.paint(np.clip(blur(outer, c.L(22)) * 1.3, 0, 1), glow_col, 0.75)
    c.paint(np.roll(blur(outer, c.L(4)), int(c.L(6)), 1), (0, 0, 0), 0.55)
    c.paint(outer, edge)
    rim = dilate(t, c.L(7))
    c.paint(rim, c.linear(0, cy - th / 2, 0, cy + th / 2, rim_stops))
    c.bevel(rim, 3, 0.8)
    c.paint(t, c.linear(0, cy - th / 2, 0, cy + th / 2, fill))
    c.bevel(t, 5, 0.8)
    c.gloss(t, 40, cy - th / 2 - 6, w - 80, th * 0.45, 0.4)
    for x, y, r in ((90, 50, 36), (w - 110, 60, 30), (w - 70, h - 60, 26), (150, h - 40, 22), (w / 2, 30, 20)):
        spark(c, x, y, r)
    return c.to_surface()


def symbol_glow(surf: pygame.Surface, colour: str = "#ffe27a") -> pygame.Surface:
    """The symbol, slightly brightened, over a bright halo hugging its outline."""
    rgb_, a = surface_arrays(surf)
    halo = np.clip(blur(dilate(a, 5), 8) * 1.8, 0, 1)
    core = np.clip(blur(dilate(a, 2), 3) * 1.5, 0, 1)
    hc = rgb(colour)
    # halo colour, white at the core
    col = hc[None, None, :] * halo[..., None] + (lighten(hc, 0.7) - hc)[None, None, :] * (core * halo)[..., None]
    ha = np.clip(halo * 0.85 + core * 0.15, 0, 1)
    bright = rgb_ + (a[..., None] - rgb_) * 0.12
    out_rgb = bright + col * (1 - a)[..., None] * (ha / np.maximum(halo, 1e-4))[..., None]
    out_a = a + ha * (1 - a)
    return surface_from(np.minimum(out_rgb, out_a[..., None]), out_a)


__all__ = ["coin_frames", "sparkle", "particle", "payline_dot", "win_banner", "symbol_glow", "BANNERS",
           "darken"]
