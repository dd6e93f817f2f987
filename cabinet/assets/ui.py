"""Cabinet furniture: buttons, the reel frame and window strip, backgrounds and logos."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pygame

from .draw import (
    Array,
    Canvas,
    Colour,
    arc_points,
    blur,
    darken,
    dilate,
    lighten,
    mix,
    regular_points,
    rgb,
    star_points,
    surface_from,
)
from .symbols import GOLD_STOPS, gold, render_symbol, spark
from .theme_data import BACKDROP_COLOURS, Theme

# ----------------------------------------------------------------------------- buttons

# name -> (size, body colour, icon drawer name)
BUTTONS: dict[str, tuple[tuple[int, int], str]] = {
    "spin": ((256, 256), "#1aa82a"),
    "autoplay": ((160, 160), "#1a6ad8"),
    "bet_minus": ((160, 160), "#7a2ad0"),
    "bet_plus": ((160, 160), "#7a2ad0"),
    "max_bet": ((320, 120), "#e0501a"),
    "menu": ((160, 160), "#3a5a7a"),
    "info": ((160, 160), "#3a5a7a"),
    "respin": ((160, 160), "#e08a0a"),
    "stop": ((160, 160), "#d01a1a"),
    "close": ((160, 160), "#c0101a"),
    "arrow_left": ((160, 160), "#3a5a7a"),
    "arrow_right": ((160, 160), "#3a5a7a"),
    "toggle_on": ((160, 96), "#1aa82a"),
    "toggle_off": ((160, 96), "#5a5a66"),
}
STATES = ("normal", "pressed", "disabled")


def _circular_arrow(c: Canvas, cx: float, cy: float, r: float, w: float, a0: float = -60,
                    a1: float = 230) -> Array:
    arc = c.stroke(arc_points(cx, cy, r, r, a0, a1, 48), w)
    a = math.radians(a1)
    tip_dir = a + math.pi / 2  # tangent direction at the arc's end
    ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
    head = [(ex + w * 1.25 * math.cos(a), ey + w * 1.25 * math.sin(a)),
            (ex + w * 1.6 * math.cos(tip_dir), ey + w * 1.6 * math.sin(tip_dir)),
            (ex - w * 1.25 * math.cos(a), ey - w * 1.25 * math.sin(a))]
    return np.maximum(arc, c.poly(head))


def _icon(c: Canvas, name: str, w: float, h: float) -> Array:
    cx, cy = w / 2, h / 2
    u = min(w, h)
    if name == "spin":
        # two chasing arrows, the usual "spin" mark
        return np.maximum(_circular_arrow(c, cx, cy, u * 0.25, u * 0.075, -150, 10),
                          _circular_arrow(c, cx, cy, u * 0.25, u * 0.075, 30, 190))
    if name == "autoplay":
        ring = _circular_arrow(c, cx, cy, u * 0.27, u * 0.06, -40, 250)
        tri = c.poly([(cx - u * 0.08, cy - u * 0.12), (cx + u * 0.13, cy), (cx - u * 0.08, cy + u * 0.12)])
        return np.maximum(ring, tri)
    if name in ("bet_minus", "bet_plus"):
        m = c.rrect(cx - u * 0.25, cy - u * 0.06, u * 0.5, u * 0.12, u * 0.04)
        if name == "bet_plus":
            m = np.maximum(m, c.rrect(cx - u * 0.06, cy - u * 0.25, u * 0.12, u * 0.5, u * 0.04))
        return m
    if name == "max_bet":
        return c.text("MAX BET", cx, cy, h * 0.36, w * 0.72)
    if name == "menu":
        m = c.empty()
        for dy in (-0.16, 0, 0.16):
            m = np.maximum(m, c.rrect(cx - u * 0.24, cy + dy * u - u * 0.045, u * 0.48, u * 0.09, u * 0.04))
        return m
    if name == "info":
        return np.maximum(c.circle(cx, cy - u * 0.19, u * 0.07),
                          c.rrect(cx - u * 0.055, cy - u * 0.07, u * 0.11, u * 0.33, u * 0.04))
    if name == "respin":
        ring = _circular_arrow(c, cx, cy, u * 0.27, u * 0.06, -50, 240)
        reel = c.rrect(cx - u * 0.07, cy - u * 0.13, u * 0.14, u * 0.26, u * 0.03)
        return np.maximum(ring, reel)
    if name == "stop":
        return c.rrect(cx - u * 0.17, cy - u * 0.17, u * 0.34, u * 0.34, u * 0.05)
    if name == "close":
        bar = [(-0.3, -0.055), (0.3, -0.055), (0.3, 0.055), (-0.3, 0.055)]
        m = c.empty()
        for ang in (45, -45):
            ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
            m = np.maximum(m, c.poly([(cx + (x * ca - y * sa) * u, cy + (x * sa + y * ca) * u) for x, y in bar]))
        return m
    if name in ("arrow_left", "arrow_right"):
        s = -1 if name == "arrow_left" else 1
        return c.poly([(cx - s * u * 0.14, cy - u * 0.24), (cx + s * u * 0.2, cy), (cx - s * u * 0.14, cy + u * 0.24)])
    return c.empty()


def button(name: str, state: str = "normal", ss: int = 3) -> pygame.Surface:
    (w, h), body = BUTTONS[name]
    pressed = state == "pressed"
    c = Canvas(w, h, ss)
    toggle = name.startswith("toggle")
    pill = w != h
    pad = 6
    if pill:
        outer = c.rrect(pad, pad, w - 2 * pad, h - 2 * pad, (h - 2 * pad) / 2)
        inner_r = (h - 2 * pad) / 2 - 7
        inner = c.rrect(pad + 7, pad + 7, w - 2 * pad - 14, h - 2 * pad - 14, inner_r)
    else:
        r = w / 2 - pad
        outer = c.circle(w / 2, h / 2, r)
        inner = c.circle(w / 2, h / 2, r - (w * 0.07))
    # metallic rim; lit from above, or from below when pressed (it reads as pushed in)
    rim = ["#ffffff", "#c8ccd4", "#6a6e78", "#d8dce4"] if not toggle else ["#f0f0f0", "#9a9aa4", "#4a4a54"]
    if name == "spin":
        rim = ["#fff6c0", "#ffd84a", "#a86208", "#ffe27a"]
    c.paint(outer, c.linear(0, 0, 0, h, rim[::-1] if pressed else rim))
    c.bevel(outer, 3, 0.6)
    col = darken(body, 0.25) if pressed else rgb(body)
    body_paint = c.radial(w * 0.42, h * 0.3, max(w, h) * 0.75,
                          [lighten(col, 0.45), col, darken(col, 0.55)])
    if toggle:
        body_paint = c.linear(0, pad, 0, h - pad, [darken(col, 0.45), col, lighten(col, 0.2)])
    c.paint(inner, body_paint)
    c.bevel(inner, 4, 0.5 if not pressed else 0.3, light=(-0.6, -0.8) if not pressed else (0.6, 0.8))
    if toggle:
        on = name == "toggle_on"
        kr = h / 2 - pad - 10
        kx = w - pad - 10 - kr if on else pad + 10 + kr
        knob = c.circle(kx, h / 2, kr)
        c.shadow(knob, 2, 3, 4, 0.5)
        c.paint(knob, c.radial(kx - kr * 0.3, h / 2 - kr * 0.4, kr * 1.8, ["#ffffff", "#d8dce4", "#8a8e98"]))
        c.bevel(knob, 3, 0.5)
    else:
        dy = 2.0 if pressed else 0.0
        with c.transform(0, dy):
            icon = _icon(c, name, w, h)
        shadow = np.roll(np.roll(blur(icon, c.L(3)), int(c.L(2)), 0), int(c.L(3)), 1)
        c.paint(shadow * inner, (0, 0, 0), 0.55)
        edge = dilate(icon, c.L(2.2))
        c.paint(edge, darken(body, 0.7), 0.9)
        c.paint(icon, c.linear(0, h * 0.25, 0, h * 0.75, ["#ffffff", "#f0f0f0", "#c8ccd8"]))
        c.bevel(icon, 2, 0.5)
    gl = 0.45 if not pressed else 0.18
    if pill:
        c.gloss(inner, pad + 14, pad + 8, w - 2 * pad - 28, (h - 2 * pad) * 0.42, gl)
    else:
        c.gloss(inner, w * 0.2, h * 0.12, w * 0.6, h * 0.36, gl)
    c.shadow(c.a.copy(), 0, 3 if not pressed else 1, 4, 0.5)
    rgb_, a = c.to_array()
    if state == "disabled":
        lum = (rgb_ * np.array([0.3, 0.59, 0.11], dtype=np.float32)).sum(axis=2, keepdims=True)
        rgb_ = (rgb_ * 0.15 + lum * 0.85) * 0.75
        rgb_ *= 0.8
        a = a * 0.8
    return surface_from(rgb_, a)


# ----------------------------------------------------------------------------- reel window

def reel_frame(theme: Theme, size: int = 512, border: int = 48, ss: int = 2) -> pygame.Surface:
    """An ornate frame whose edges are uniform along their length, so it 9-slices cleanly."""
    c = Canvas(size, size, ss)
    col = theme.colours
    outer = c.rrect(2, 2, size - 4, size - 4, 30)
    hole = c.rrect(border, border, size - 2 * border, size - 2 * border, 10)
    ring = np.clip(outer - hole, 0, 1)
    c.paint(ring, col.get("plate", "#8a0a14"))
    c.bevel(ring, 8, 0.7)
    band = np.clip(c.rrect(10, 10, size - 20, size - 20, 24) - c.rrect(22, 22, size - 44, size - 44, 16), 0, 1)
    gold_ring = np.clip(c.rrect(border - 10, border - 10, size - 2 * (border - 10), size - 2 * (border - 10), 16)
                        - hole, 0, 1)
    for m in (band, gold_ring):
        # gradients run across the band only (radially from the centre) so every edge row is alike
        dist = _edge_distance(c, size)
        t = np.clip(dist / c.L(border), 0, 1)
        from .draw import ramp
        c.paint(m, ramp(t, GOLD_STOPS))
        c.bevel(m, 3, 0.8, highlight="#fffbe8", shadow="#4a2400")
    inner_shadow = np.clip(blur(1.0 - c.rrect(border - 6, border - 6, size - 2 * (border - 6),
                                              size - 2 * (border - 6), 12), c.L(8)), 0, 1) * hole
    c.paint(inner_shadow, (0, 0, 0), 0.6)
    # jewels in the four corners (inside the 48px corner squares)
    for x, y in ((24, 24), (size - 24, 24), (24, size - 24), (size - 24, size - 24)):
        g = c.circle(x, y, 13)
        c.paint(dilate(g, c.L(3)), c.linear(0, y - 16, 0, y + 16, ["#fff6c0", "#b06a04"]))
        c.paint(g, c.radial(x - 4, y - 5, 18, ["#ffffff", col.get("accent2", "#ff3a2a"),
                                                darken(col.get("accent2", "#ff3a2a"), 0.6)]))
        c.paint(c.circle(x - 4, y - 5, 3.5), "#ffffff", 0.9)
    return c.to_surface()


def _edge_distance(c: Canvas, size: int) -> Array:
    X, Y = c.grid
    S = c.L(size)
    return np.minimum(np.minimum(X, S - X), np.minimum(Y, S - Y))


def reel_bg(theme: Theme, w: int = 256, h: int = 256) -> pygame.Surface:
    """The reel window strip: shaded like a drum, constant down its length so it tiles vertically."""
    mid = rgb(theme.colours.get("reel_mid", "#ffffff"))
    edge = rgb(theme.colours.get("reel_edge", "#a0a0a0"))
    x = (np.arange(w, dtype=np.float32) + 0.5) / w
    t = np.abs(x - 0.5) * 2
    prof = t ** 2.2
    col = mid[None, :] * (1 - prof[:, None]) + edge[None, :] * prof[:, None]
    # a faint engraved line pattern with a period that divides the height
    y = np.arange(h, dtype=np.float32)
    lines = 1.0 - 0.035 * (np.cos(y / h * 2 * math.pi * 8) > 0.96)
    arr = col[:, None, :] * lines[None, :, None]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    px = pygame.surfarray.pixels3d(surf)
    px[...] = np.clip(arr * 255 + 0.5, 0, 255).astype(np.uint8)
    del px
    pa = pygame.surfarray.pixels_alpha(surf)
    pa[...] = 255
    del pa
    return surf


# ----------------------------------------------------------------------------- title art

def logo(theme: Theme, w: int = 1200, h: int = 300, ss: int = 2) -> pygame.Surface:
    c = Canvas(w, h, ss)
    col = theme.colours
    plate = c.rrect(60, 70, w - 120, h - 120, 60)
    c.glow(plate, col.get("glow", "#ffe27a"), 24, 0.6)
    rim = dilate(plate, c.L(10))
    gold(c, rim, 60, h - 50, 5)
    p = col.get("plate", "#8a0a14")
    c.paint(plate, c.linear(0, 70, 0, h - 50, [lighten(p, 0.3), p, darken(p, 0.6)]))
    c.bevel(plate, 8, 0.5)
    title_h = 120 if not theme.subtitle else 104
    ty = h / 2 - (0 if not theme.subtitle else 18)
    t = c.text(theme.title, w / 2, ty, title_h, w - 200)
    outline = dilate(t, c.L(9))
    c.paint(np.roll(np.roll(blur(outline, c.L(5)), int(c.L(4)), 0), int(c.L(7)), 1), (0, 0, 0), 0.6)
    c.paint(outline, "#2a0c00")
    inner = dilate(t, c.L(5))
    gold(c, inner, ty - title_h / 2, ty + title_h / 2, 2)
    c.paint(t, c.linear(0, ty - title_h / 2, 0, ty + title_h / 2,
                        ["#ffffff", "#fff2a0", col.get("accent", "#ffc83a"), darken(col.get("accent", "#ffc83a"), 0.4)]))
    c.bevel(t, 4, 0.8)
    c.gloss(t, 80, ty - title_h / 2 - 4, w - 160, title_h * 0.45, 0.35)
    if theme.subtitle:
        sy = ty + title_h / 2 + 30
        s = c.text(theme.subtitle, w / 2, sy, 44, w * 0.5)
        c.paint(dilate(s, c.L(5)), "#1a0400")
        c.paint(s, c.linear(0, sy - 22, 0, sy + 22, ["#ffffff", col.get("accent2", "#3ae8ff")]))
        c.bevel(s, 2, 0.6)
    for x, y, r in ((120, 70, 34), (w - 140, 80, 26), (w - 90, h - 70, 30), (200, h - 60, 20), (w / 2, 48, 22)):
        spark(c, x, y, r)
    return c.to_surface()


# ----------------------------------------------------------------------------- backgrounds

def _base(w: int, h: int, top: Colour, bottom: Colour) -> tuple[Array, Array, Array]:
    """Coordinates (x, y in 0..1) and a vertical gradient field, indexed [x, y]."""
    x = (np.arange(w, dtype=np.float32)[:, None] + 0.5) / w
    y = (np.arange(h, dtype=np.float32)[None, :] + 0.5) / h
    t = np.broadcast_to(y, (w, h))
    col = rgb(top)[None, None, :] * (1 - t[..., None]) + rgb(bottom)[None, None, :] * t[..., None]
    return np.broadcast_to(x, (w, h)), np.broadcast_to(y, (w, h)), col.astype(np.float32)


def _over(col: Array, m: Array, c: Colour, a: float = 1.0) -> None:
    k = (m * a)[..., None]
    col *= 1 - k
    col += rgb(c) * k


def _add(col: Array, m: Array, c: Colour, a: float = 1.0) -> None:
    col += rgb(c) * (m * a)[..., None]


def _soft_dot(w: int, h: int, x: float, y: float, r: float) -> tuple[tuple[slice, slice], Array]:
    x0, x1 = max(0, int(x - r * 2)), min(w, int(x + r * 2) + 1)
    y0, y1 = max(0, int(y - r * 2)), min(h, int(y + r * 2) + 1)
    xs = np.arange(x0, x1, dtype=np.float32)[:, None] + 0.5
    ys = np.arange(y0, y1, dtype=np.float32)[None, :] + 0.5
    d2 = ((xs - x) ** 2 + (ys - y) ** 2) / (r * r)
    return (slice(x0, x1), slice(y0, y1)), np.exp(-d2 * 2.0).astype(np.float32)


def _bokeh(col: Array, seed: int, n: int, colours: Sequence[Colour], rmin: float, rmax: float, alpha: float,
           region: tuple[float, float, float, float] = (0, 0, 1, 1)) -> None:
    w, h = col.shape[:2]
    rng = np.random.default_rng(seed)
    for _ in range(n):
        x = (region[0] + rng.random() * (region[2] - region[0])) * w
        y = (region[1] + rng.random() * (region[3] - region[1])) * h
        r = rmin + rng.random() * (rmax - rmin)
        c = colours[int(rng.integers(len(colours)))]
        sl, d = _soft_dot(w, h, x, y, r)
        col[sl] += rgb(c) * (d * alpha * (0.4 + 0.6 * rng.random()))[..., None]


def _twinkles(col: Array, seed: int, n: int, colour: Colour, size: float, region: tuple[float, float, float, float]
              = (0, 0, 1, 1)) -> None:
    """Tiny four-pointed glints: a soft dot plus a thin cross."""
    w, h = col.shape[:2]
    rng = np.random.default_rng(seed)
    c = rgb(colour)
    for _ in range(n):
        x = int((region[0] + rng.random() * (region[2] - region[0])) * w)
        y = int((region[1] + rng.random() * (region[3] - region[1])) * h)
        s = size * (0.4 + rng.random())
        sl, d = _soft_dot(w, h, x, y, s * 0.35)
        col[sl] += c * d[..., None] * 0.9
        L = int(s * 2)
        xs = slice(max(0, x - L), min(w, x + L + 1))
        ys = slice(max(0, y - L), min(h, y + L + 1))
        fx = np.exp(-np.abs(np.arange(xs.start, xs.stop) - x) / (s * 0.6))
        fy = np.exp(-np.abs(np.arange(ys.start, ys.stop) - y) / (s * 0.6))
        col[xs, y] += c * fx[:, None].astype(np.float32) * 0.8
        col[x, ys] += c * fy[:, None].astype(np.float32) * 0.8


def _vignette(col: Array, x: Array, y: Array, k: float = 0.75) -> None:
    d = ((x - 0.5) ** 2 + (y - 0.5) ** 2) * 2
    col *= np.clip(1 - k * d ** 1.3, 0, 1)[..., None]


def palette_role(t: Theme, role: str) -> str:
    """A colour of the theme's palette by role: its own (``accent``, ``glow``...), or one mixed
    from it: ``light`` (its glow, whitened), ``pale`` (its sky, whitened), ``dark`` (its ground,
    darkened), ``white``."""
    c = t.colours
    mixed = {"light": (c["glow"], "#ffffff", 0.6), "pale": (c["bg_top"], "#ffffff", 0.5),
             "dark": (c["bg_bottom"], "#000000", 0.7), "white": ("#ffffff", "#ffffff", 0.0)}
    if role in mixed:
        a, b, k = mixed[role]
        r, g, bl = (int(round(v * 255)) for v in mix(a, b, k))
        return f"#{r:02x}{g:02x}{bl:02x}"
    return c[role]


def backdrop_colours(t: Theme) -> list[str]:
    """The colours ``t``'s painter uses, in its order: the theme's ``backdrop_colours``, else its palette's."""
    if t.backdrop_colours:
        return list(t.backdrop_colours)
    return [palette_role(t, role) for role in BACKDROP_COLOURS[t.background][1]]


def _bg_casino(t: Theme, w: int, h: int) -> Array:
    spot, rays_c, lattice, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    # a warm spotlight behind the reels
    d = np.sqrt(((x - 0.5) * aspect) ** 2 + (y - 0.42) ** 2)
    _add(col, np.clip(1 - d / 0.7, 0, 1) ** 2, spot, 0.45)
    # rays fanning from above
    ang = np.arctan2(y + 0.3, (x - 0.5) * aspect)
    rays = (np.cos(ang * 36) > 0.55).astype(np.float32) * np.clip(1 - y, 0, 1) * 0.06
    _add(col, rays, rays_c)
    # a gold diamond lattice, faint, like an embossed carpet
    s = 64.0
    px, py = x * w, y * h
    u = np.abs(((px + py) % s) - s / 2)
    v = np.abs(((px - py) % s) - s / 2)
    lat = np.clip(1.5 - np.minimum(u, v), 0, 1)
    _add(col, lat, lattice, 0.1)
    _bokeh(col, 11, 60, bokeh, 6, 40, 0.25)
    _twinkles(col, 12, 40, glints, 10)
    _vignette(col, x, y)
    return col


def _bg_neon(t: Theme, w: int, h: int) -> Array:
    band, line, grid_glow, grid_line, sun_top, sun_bottom, sun_glow, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    horizon = 0.62
    # glow band at the horizon
    _add(col, np.exp(-((y - horizon) / 0.05) ** 2), band, 0.55)
    _add(col, np.exp(-((y - horizon) / 0.015) ** 2), line, 0.5)
    # perspective grid on the floor
    below = y > horizon
    z = np.where(below, (y - horizon) / (1 - horizon), 1.0)
    depth = 1.0 / np.maximum(z, 1e-3)
    hl = np.abs(((depth * 1.5) % 1.0) - 0.5)
    hline = np.clip(1 - hl * (12 / np.maximum(depth, 1)), 0, 1) * below
    xl = (x - 0.5) * aspect * depth * 1.3
    vl = np.abs((xl % 1.0) - 0.5)
    vline = np.clip(1 - vl * 18 / np.maximum(depth, 1) * 0.5, 0, 1) * below
    grid = np.clip(hline + vline, 0, 1) * np.clip(z * 1.5, 0, 1)
    _add(col, blur(grid, 4), grid_glow, 0.8)
    _add(col, grid, grid_line, 0.8)
    # a striped retro sun behind the horizon
    d = np.sqrt(((x - 0.5) * aspect) ** 2 + ((y - horizon + 0.02) * 1.0) ** 2)
    sun = np.clip((0.22 - d) * h, 0, 1) * (y < horizon)
    stripes = ((y * h / 14) % 1.0 > np.clip((y - (horizon - 0.2)) / 0.2, 0, 1) * 0.6).astype(np.float32)
    sun_col = np.clip((y - (horizon - 0.22)) / 0.22, 0, 1)
    _over(col, sun * stripes * (1 - sun_col), sun_top, 0.9)
    _over(col, sun * stripes * sun_col, sun_bottom, 0.9)
    _add(col, np.clip(1 - d / 0.45, 0, 1) ** 2 * (y < horizon), sun_glow, 0.35)
    _twinkles(col, 21, 140, glints, 7, (0, 0, 1, horizon - 0.05))
    _bokeh(col, 22, 30, bokeh, 4, 22, 0.35, (0, 0, 1, horizon))
    _vignette(col, x, y, 0.6)
    return col


def _bg_silk(t: Theme, w: int, h: int) -> Array:
    lattice, light, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    # silk folds: slow diagonal waves of light
    wave = np.sin((x * aspect * 5 + y * 3) + 1.6 * np.sin(y * 7 + x * 2)) * 0.5 + 0.5
    col *= (0.75 + 0.45 * wave ** 2)[..., None]
    # a gold coin-and-lattice pattern, faint
    s = 90.0
    px, py = x * w, y * h
    gx, gy = (px % s) - s / 2, (py % s) - s / 2
    r = np.sqrt(gx * gx + gy * gy)
    coin = np.clip(1.6 - np.abs(r - 26), 0, 1) + np.clip(1.6 - np.abs(np.maximum(np.abs(gx), np.abs(gy)) - 9), 0, 1)
    diag = np.clip(1.4 - np.abs(((px + py) % s) - s / 2) * 0.9, 0, 1) * (r > 30)
    _add(col, np.clip(coin + diag * 0.6, 0, 1), lattice, 0.12)
    d = np.sqrt(((x - 0.5) * aspect) ** 2 + (y - 0.45) ** 2)
    _add(col, np.clip(1 - d / 0.8, 0, 1) ** 2, light, 0.35)
    _bokeh(col, 31, 50, bokeh, 5, 30, 0.3)
    _twinkles(col, 32, 30, glints, 9)
    _vignette(col, x, y)
    return col


def _bg_snow(t: Theme, w: int, h: int) -> Array:
    glints, moonlight, far_hill, near_hill, hill_rim, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    _twinkles(col, 41, 80, glints, 5, (0, 0, 1, 0.6))
    # moonlit glow
    d = np.sqrt(((x - 0.8) * aspect) ** 2 + (y - 0.15) ** 2)
    _add(col, np.clip(1 - d / 0.5, 0, 1) ** 2, moonlight, 0.35)
    # snowy hills
    for i, (base, amp, freq, shade) in enumerate(((0.78, 0.05, 3.0, 0.78), (0.86, 0.04, 5.0, 0.9), (0.93, 0.03, 7.0, 1.0))):
        edge = base + amp * np.sin(x * aspect * freq + i * 2.1)
        hill = np.clip((y - edge) * h * 0.7, 0, 1)
        c = mix(far_hill, near_hill, shade)
        _over(col, hill, c)
        _add(col, np.clip(1 - np.abs(y - edge) * h / 6, 0, 1) * hill, hill_rim, 0.3)
    _bokeh(col, 42, 260, bokeh, 1.5, 5, 0.8)
    _vignette(col, x, y, 0.6)
    return col


def _bg_jade(t: Theme, w: int, h: int) -> Array:
    light, scrolls, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    d = np.sqrt(((x - 0.5) * aspect) ** 2 + (y - 0.45) ** 2)
    _add(col, np.clip(1 - d / 0.8, 0, 1) ** 2, light, 0.3)
    # gold cloud scrolls: rows of overlapping arcs
    s = 120.0
    px, py = x * w, y * h
    row = np.floor(py / (s * 0.5))
    gx = ((px + row * s * 0.5) % s) - s / 2
    gy = (py % (s * 0.5)) - s * 0.5
    r = np.sqrt(gx * gx + gy * gy)
    arcs = np.clip(1.6 - np.abs(r - s * 0.45), 0, 1) + np.clip(1.6 - np.abs(r - s * 0.3), 0, 1)
    _add(col, arcs, scrolls, 0.09)
    _bokeh(col, 51, 50, bokeh, 5, 30, 0.28)
    _twinkles(col, 52, 30, glints, 9)
    _vignette(col, x, y)
    return col


def spooky_moon(w: int, h: int) -> tuple[int, int, int]:
    """Where the spooky background's moon sits in a ``w`` x ``h`` window: centre and radius in
    pixels (a feature's night sky lights this moon rather than hang a second one)."""
    mx, my = spooky_moon_at(w / h)
    return round(mx * w), round(my * h), round(0.09 * h)


def spooky_moon_at(aspect: float) -> tuple[float, float]:
    """The moon's centre as fractions of the window: landscape, in the corner beside the reels."""
    return (0.875, 0.15) if aspect > 1 else (0.7, 0.12)


def _bg_spooky(t: Theme, w: int, h: int) -> Array:
    moonlight, moon_c, crater_c, fog, ground, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, t.colours["bg_top"], t.colours["bg_bottom"])
    aspect = w / h
    mx, my = spooky_moon_at(aspect)
    d = np.sqrt(((x - mx) * aspect) ** 2 + (y - my) ** 2)
    _add(col, np.clip(1 - d / 0.6, 0, 1) ** 2, moonlight, 0.35)
    moon = np.clip((0.09 - d) * h, 0, 1)
    _over(col, moon, moon_c)
    crater = np.sqrt(((x - mx - 0.02) * aspect) ** 2 + (y - my + 0.02) ** 2)
    _over(col, np.clip((0.025 - crater) * h, 0, 1) * moon, crater_c, 0.6)
    # fog bands and a jagged graveyard horizon
    _add(col, np.exp(-((y - 0.8) / 0.06) ** 2) * (0.5 + 0.5 * np.sin(x * aspect * 9)), fog, 0.25)
    ridge = 0.86 + 0.03 * np.sin(x * aspect * 4) + 0.012 * np.sin(x * aspect * 23)
    stones = ((np.abs(((x * aspect * 6) % 1.0) - 0.5) < 0.06) & (y > ridge - 0.05)).astype(np.float32)
    hill = np.clip((y - ridge) * h, 0, 1)
    _over(col, np.clip(hill + stones, 0, 1), ground)
    _twinkles(col, 61, 50, glints, 5, (0, 0, 1, 0.6))
    _bokeh(col, 62, 30, bokeh, 4, 20, 0.3)
    _vignette(col, x, y, 0.85)
    return col


def _bg_glow(t: Theme, w: int, h: int) -> Array:
    """The painter for any theme, from its colours alone: its two background colours, a soft
    light of its accent behind the reels, faint diagonal silk of its second accent, and bokeh
    and glints of its glow colour."""
    c = t.colours
    light, silk_c, glints, *bokeh = backdrop_colours(t)
    x, y, col = _base(w, h, c["bg_top"], c["bg_bottom"])
    aspect = w / h
    d = np.sqrt(((x - 0.5) * aspect) ** 2 + (y - 0.45) ** 2)
    _add(col, np.clip(1 - d / 0.8, 0, 1) ** 2, light, 0.3)
    silk = np.clip(np.sin(((x * aspect) + y) * 48.0) * 4 - 3, 0, 1)
    _add(col, silk * np.clip(1.2 - y, 0, 1), silk_c, 0.06)
    _bokeh(col, 17, 40, bokeh, 6, 34, 0.2)
    _twinkles(col, 19, 30, glints, 9)
    _vignette(col, x, y)
    return col


BACKGROUNDS: dict[str, Callable[[Theme, int, int], Array]] = {
    "casino": _bg_casino, "neon": _bg_neon, "silk": _bg_silk, "snow": _bg_snow, "jade": _bg_jade,
    "spooky": _bg_spooky, "glow": _bg_glow,
}

# symbols reused as props on the backdrop: style -> (shape, palette, hung on a string?, [(x, y, size)]),
# positions and sizes as fractions of the width, height and shorter side. Art that must stay clear
# of the cabinet's panels (the silk and jade lanterns) is not baked in: the cabinet hangs it where
# its layout keeps room (cabinet/presentation/side_art.py), at every window shape.
PROPS: dict[str, tuple[str, dict[str, str], bool, list[tuple[float, float, float]]]] = {
    "spooky": ("bat", {}, False, [(0.12, 0.1, 0.12), (0.3, 0.04, 0.07), (0.62, 0.13, 0.06), (0.9, 0.27, 0.09)]),
}


def background(theme: Theme, w: int, h: int) -> pygame.Surface:
    col = BACKGROUNDS[theme.background](theme, w, h)
    surf = pygame.Surface((w, h))
    px = pygame.surfarray.pixels3d(surf)
    px[...] = np.clip(col * 255 + 0.5, 0, 255).astype(np.uint8)
    del px
    prop = PROPS.get(theme.background)
    if prop is not None:
        from .symbols import SHAPES
        shape, pal, hung, spots = prop
        if shape in SHAPES:
            sprite = render_symbol(shape, pal, {}, ss=2).to_surface()
            portrait = h > w
            for fx_, fy, fs in spots:
                size = int(min(w, h) * fs * (1.2 if portrait else 1.0))
                img = pygame.transform.smoothscale(sprite, (size, size))
                x = int((fx_ if not portrait or hung else min(0.92, fx_ * 1.05)) * w - size / 2)
                y = int(fy * h)
                if hung:
                    string = pygame.Surface((3, int(size * 0.3)), pygame.SRCALPHA)
                    string.fill((200, 160, 60, 220))
                    surf.blit(string, (x + size // 2 - 1, 0))
                    y += int(size * 0.22)
                surf.blit(img, (x, y))
    return surf


def star_burst(c: Canvas, cx: float, cy: float, r: float, colour: Colour, n: int = 16) -> Array:
    """Soft light rays; used behind banners."""
    m = c.poly(star_points(cx, cy, r, r * 0.2, n, -90))
    c.paint(blur(m, c.L(6)), colour, 0.5)
    return m


__all__ = ["BUTTONS", "STATES", "button", "reel_frame", "reel_bg", "logo", "background", "regular_points",
           "star_burst", "GOLD_STOPS"]
