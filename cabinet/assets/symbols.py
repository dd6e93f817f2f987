"""One function per symbol shape, drawn in 256x256 logical pixels.

Every shape has the signature ``shape(c, p, **params)``: ``c`` is the canvas and
``p`` the palette (a mapping of role -> colour, see ``themes.py``). Shapes draw
their parts, then call ``finish`` which puts a dark outline and a soft drop
shadow behind everything on the canvas. ``render_symbol`` draws one spec.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .draw import (
    Array,
    Canvas,
    Colour,
    Point,
    arc_points,
    bezier,
    blur,
    darken,
    dilate,
    lighten,
    mirror_x,
    mix,
    noise,
    path,
    regular_points,
    rotate,
    star_points,
)

Palette = Mapping[str, Colour]
Shape = Callable[..., None]

SIZE = 256
GOLD = ["#fff6c2", "#ffd94a", "#e0a21a", "#a8650a", "#ffe680"]
GOLD_STOPS = [(0.0, "#fffbe0"), (0.3, "#ffd84a"), (0.55, "#d99a16"), (0.8, "#ffe27a"), (1.0, "#9c5a08")]
DARK = "#1c0a04"


# ----------------------------------------------------------------------------- helpers

def finish(c: Canvas, outline: float = 3.5, colour: Colour = DARK, shadow: bool = True) -> None:
    """Dark outline and drop shadow behind everything drawn so far."""
    body = c.a.copy()
    if outline > 0:
        grown = np.clip(blur(dilate(body, c.L(outline)), c.L(0.6)), 0, 1)
        c.paint(grown, colour, 1.0, mode="behind")
    if shadow:
        c.shadow(c.a.copy(), 2.5, 4.5, 5, 0.5)


def gold(c: Canvas, m: Array, y0: float = 30, y1: float = 226, bevel: float = 5,
         stops: Any = None) -> None:
    """Polished gold: banded vertical gradient plus emboss."""
    c.paint(m, c.linear(0, y0, 0, y1, stops or GOLD_STOPS))
    c.bevel(m, bevel, 0.9, highlight="#fffbe8", shadow="#5a3000")


def sheen(c: Canvas, m: Array, colour: Colour, lo: float, hi: float, cx: float = 100, cy: float = 90,
          r: float = 150) -> None:
    """Radial body shading: bright near (cx, cy), dark far away."""
    base = np.asarray(mix(colour, "#000000", 0))
    c.paint(m, c.radial(cx, cy, r, [(0.0, lighten(base, lo)), (0.55, base), (1.0, darken(base, hi))]))


def spark(c: Canvas, x: float, y: float, r: float, colour: Colour = (1, 1, 1), alpha: float = 1.0) -> None:
    """A four-pointed twinkle with a soft core."""
    m = np.maximum(c.poly(star_points(x, y, r, r * 0.16, 4, -90)),
                   c.poly(star_points(x, y, r * 0.5, r * 0.1, 4, -45)))
    c.paint(np.clip(blur(c.circle(x, y, r * 0.35), c.L(r * 0.3)) * 1.5, 0, 1), colour, alpha * 0.8)
    c.paint(m, colour, alpha)


def leaf(c: Canvas, base: Point, tip: Point, width: float, p: Palette) -> Array:
    """A pointed leaf with a gradient and a vein."""
    bx, by = base
    tx, ty = tip
    dx, dy = tx - bx, ty - by
    ln = math.hypot(dx, dy)
    nx, ny = -dy / ln * width, dx / ln * width
    pts = path(base, ((bx + dx * 0.3 + nx, by + dy * 0.3 + ny), (bx + dx * 0.75 + nx * 0.8, by + dy * 0.75 + ny * 0.8), tip),
               ((bx + dx * 0.75 - nx * 0.8, by + dy * 0.75 - ny * 0.8), (bx + dx * 0.3 - nx, by + dy * 0.3 - ny), base))
    m = c.poly(pts)
    leaf_hi = p.get("leaf_hi", "#9be04a")
    leaf_lo = p.get("leaf_lo", "#1f6b1a")
    c.paint(m, c.linear(bx + nx, by + ny, bx - nx, by - ny, [leaf_hi, p.get("leaf", "#3fa32a"), leaf_lo]))
    vein = c.stroke(bezier(base, (bx + dx * 0.4 + nx * 0.15, by + dy * 0.4 + ny * 0.15),
                           (bx + dx * 0.7, by + dy * 0.7), (bx + dx * 0.92, by + dy * 0.92), 12), 2.2)
    c.paint(vein * m, lighten(leaf_hi, 0.3), 0.7)
    c.bevel(m, 3, 0.5)
    return m


def fruit_texture(c: Canvas, m: Array, seed: int, amount: float = 0.12, scale: int = 6) -> None:
    """Dimpled peel: smooth noise lightening and darkening inside the mask."""
    n = noise((c.W, c.H), seed, scale * c.ss)
    c.shade(m, (n - 0.5) * 2 * amount)


def letter_plate(c: Canvas, text: str, cx: float, cy: float, h: float, max_w: float, fill: Any,
                 outline: float = 5, outline_paint: Any = None, stretch: float = 1.0) -> Array:
    """Bevelled lettering with a gold (or given) outline."""
    t = c.text(text, cx, cy, h, max_w, stretch)
    ring = dilate(t, c.L(outline))
    c.paint(np.clip(blur(ring, c.L(0.5)), 0, 1), outline_paint if outline_paint is not None
            else c.linear(0, cy - h / 2, 0, cy + h / 2, GOLD_STOPS))
    c.bevel(ring, 2.5, 0.7)
    c.paint(t, fill)
    c.bevel(t, 3.5, 0.8)
    return ring


# ----------------------------------------------------------------------------- classic high symbols

def seven(c: Canvas, p: Palette, **_: Any) -> None:
    pts = path((58, 34), ((120, 34), (160, 34), (206, 34)),
               ((206, 50), (206, 62), (206, 74)),
               ((168, 112), (140, 160), (136, 222)),
               ((120, 222), (100, 222), (82, 222)),
               ((84, 160), (116, 116), (148, 84)),
               ((124, 84), (104, 84), (96, 84)),
               ((96, 92), (96, 98), (94, 104)),
               ((80, 104), (68, 104), (56, 104)),
               ((56, 80), (58, 56), (58, 34)))
    m = c.poly(pts)
    ring = dilate(m, c.L(8))
    gold(c, ring, 26, 232, 4)
    c.paint(m, c.linear(0, 34, 0, 222, [p.get("hi", "#ff7a6a"), p.get("main", "#e01010"), p.get("lo", "#7a0008")]))
    c.bevel(m, 7, 0.9)
    c.gloss(m, 62, 36, 140, 30, 0.5)
    spark(c, 196, 44, 18)
    finish(c, 3)


def bar(c: Canvas, p: Palette, n: int = 1, **_: Any) -> None:
    heights = {1: [(64, 128)], 2: [(38, 84), (134, 84)], 3: [(26, 62), (97, 62), (168, 62)]}[n]
    for i, (y, h) in enumerate(heights):
        plate = c.rrect(22, y, 212, h, h * 0.22)
        inner = c.rrect(31, y + 8, 194, h - 16, h * 0.16)
        gold(c, plate, y, y + h, 3)
        body = p.get("plate", "#151515")
        c.paint(inner, c.linear(0, y, 0, y + h, [lighten(body, 0.25), body, darken(body, 0.5)]))
        c.bevel(inner, 3, 0.4)
        fill = c.linear(0, y + h * 0.25, 0, y + h * 0.75, [p.get("text_hi", "#ffffff"), p.get("text", "#ffe27a"),
                                                           p.get("text_lo", "#d08a10")])
        letter_plate(c, "BAR", 128, y + h / 2, (h - 16) * 0.66, 168, fill, 2.2,
                     outline_paint=p.get("text_edge", "#2a1400"), stretch=1.25)
        c.gloss(plate, 34, y + 4, 188, h * 0.4, 0.35)
        del i
    finish(c, 2.5)


def bell(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    side = path((128, 40), ((160, 40), (176, 64), (180, 96)),
                ((184, 130), (186, 160), (214, 190)), n=24)
    body = c.poly(mirror_x([(2 * cx - x, y) for x, y in reversed(side)], cx))
    lip = c.ellipse(cx, 192, 92, 20)
    knob = c.circle(cx, 34, 13)
    clapper = c.circle(cx, 214, 17)
    gold(c, clapper, 196, 232, 4)
    gold(c, knob, 20, 48, 3)
    m = np.maximum(body, lip)
    c.paint(m, c.linear(40, 0, 216, 0, [(0, "#8a4a04"), (0.22, "#ffd84a"), (0.4, "#fff6c8"), (0.6, "#f2b62a"),
                                        (0.85, "#b06a08"), (1, "#6a3a02")]))
    c.paint(lip, c.linear(0, 172, 0, 212, ["#ffe98a", "#d08a10", "#7a4204"]))
    c.bevel(m, 6, 0.8, highlight="#fff8d0", shadow="#4a2400")
    band = c.poly([(58, 150), (198, 150), (204, 166), (52, 166)]) * body
    c.paint(band, "#ffe27a", 0.55)
    c.gloss(body, 92, 52, 36, 100, 0.5, 14)
    spark(c, 100, 70, 16)
    finish(c, 3)


def star(c: Canvas, p: Palette, points: int = 5, **_: Any) -> None:
    cx, cy = 128, 134
    halo = c.circle(cx, cy, 96)
    c.paint(blur(halo, c.L(26)), p.get("glow", "#ffcf3a"), 0.8)
    outer = star_points(cx, cy, 112, 50, points)
    m = c.poly(outer)
    ring = dilate(m, c.L(6))
    c.paint(ring, c.linear(0, 20, 0, 240, ["#fff6c0", "#e8a010", "#8a4a02"]))
    c.bevel(ring, 3, 0.6)
    # faceted arms: each arm split into a lit and a shaded half
    for i in range(points * 2):
        a = outer[i]
        b = outer[(i + 1) % (points * 2)]
        tri = c.poly([(cx, cy), a, b])
        ang = math.atan2((a[1] + b[1]) / 2 - cy, (a[0] + b[0]) / 2 - cx)
        lit = 0.5 + 0.5 * math.cos(ang - math.radians(-130))
        col = mix(p.get("shade", "#c86400"), p.get("light", "#fff09a"), lit)
        c.paint(tri, c.radial(cx, cy, 110, [lighten(col, 0.5), col, darken(col, 0.1)]))
    c.bevel(m, 3, 0.5)
    c.glow(m, "#fff2a0", 6, 0.5)
    for (x, y, r) in ((60, 52, 16), (200, 66, 12), (212, 196, 10), (42, 178, 9)):
        spark(c, x, y, r)
    finish(c, 2.5, shadow=False)


def wild_badge(c: Canvas, p: Palette, text: str = "WILD", **_: Any) -> None:
    cx, cy = 128, 128
    burst = c.poly(star_points(cx, cy, 120, 86, 16, -90))
    c.paint(burst, c.angular(cx, cy, ["#fff2a0", "#d48a10", "#fff2a0"], turns=8))
    c.bevel(burst, 4, 0.6)
    rays = c.poly(star_points(cx, cy, 110, 40, 12, -75))
    c.paint(rays, c.radial(cx, cy, 110, ["#ffffff", "#ffe27a", "#e09a10"]), 0.6)
    plate = c.rrect(20, 86, 216, 84, 28)
    rim = c.rrect(14, 80, 228, 96, 34)
    gold(c, rim, 80, 176, 4)
    main = p.get("plate", "#b0101a")
    c.paint(plate, c.linear(0, 86, 0, 170, [lighten(main, 0.35), main, darken(main, 0.55)]))
    c.bevel(plate, 4, 0.5)
    fill = c.linear(0, 100, 0, 156, ["#ffffff", "#fff0a0", "#ffc21a", "#c07008"])
    letter_plate(c, text, cx, 128, 52, 186, fill, 3.5, outline_paint="#3a0c00", stretch=1.05)
    c.gloss(plate, 30, 88, 196, 30, 0.35)
    spark(c, 212, 74, 16)
    spark(c, 40, 184, 12)
    finish(c, 2.5)


# ----------------------------------------------------------------------------- fruit

def watermelon(c: Canvas, p: Palette, **_: Any) -> None:
    # a wedge slice: flat cut edge on top, tilted a little
    ang = -12
    cx, cy = 128, 92
    rind = c.poly(rotate(arc_points(cx, cy, 112, 118, 0, 180, 48), cx, cy, ang))
    white = c.poly(rotate(arc_points(cx, cy - 1, 100, 104, 0, 180, 48), cx, cy, ang))
    flesh = c.poly(rotate(arc_points(cx, cy - 2, 92, 95, 0, 180, 48), cx, cy, ang))
    c.paint(rind, c.linear(0, 100, 0, 220, ["#4fc23a", "#1f7a18", "#0c3a0a"]))
    stripes = np.zeros_like(rind)
    for k in range(-5, 6):
        x = cx + k * 22
        stripes = np.maximum(stripes, c.stroke(rotate([(x, cy), (x + k * 4, cy + 130)], cx, cy, ang), 7))
    c.paint(stripes * (rind - white).clip(0, 1), "#0e4a0c", 0.7)
    c.paint(white, c.linear(0, 90, 0, 200, ["#f4ffe0", "#c8f0a0"]))
    c.paint(flesh, c.radial(cx, cy - 10, 110, ["#ff8a8a", "#f0283a", "#b0001a"]))
    fruit_texture(c, flesh, 11, 0.1, 4)
    seeds = [(40, 40), (40, 90), (40, 140), (68, 25), (68, 65), (68, 115), (68, 155), (22, 110), (22, 65)]
    for i, (r, a) in enumerate(seeds):
        aa = math.radians(a + ang)
        sx, sy = cx + r * math.cos(aa), cy + r * math.sin(aa)
        seed = c.ellipse(sx, sy, 4.2, 7.5, a + ang)
        c.paint(seed, "#1a0c06")
        c.paint(c.circle(sx - 1.2, sy - 2, 1.6), "#ffffff", 0.6)
        del i
    cut = c.poly(rotate([(cx - 112, cy - 8), (cx + 112, cy - 8), (cx + 112, cy + 6), (cx - 112, cy + 6)], cx, cy, ang))
    c.paint(cut * flesh, "#ffc0c0", 0.35)
    m = rind
    c.bevel(m, 8, 0.7)
    c.gloss(flesh, 60, 96, 120, 34, 0.25, ang)
    finish(c, 3)


def _berry(c: Canvas, x: float, y: float, r: float, p: Palette) -> Array:
    m = c.circle(x, y, r)
    c.paint(m, c.radial(x - r * 0.35, y - r * 0.4, r * 1.7,
                        [p.get("hi", "#d79bff"), p.get("main", "#7a22b8"), p.get("lo", "#2a0650")]))
    c.bevel(m, 4, 0.45)
    c.paint(c.ellipse(x - r * 0.35, y - r * 0.4, r * 0.34, r * 0.22, -35), "#ffffff", 0.8)
    return m


def grapes(c: Canvas, p: Palette, **_: Any) -> None:
    leaf(c, (128, 50), (200, 28), 26, p)
    stem = c.stroke(bezier((128, 62), (124, 44), (120, 34), (112, 22), 10), 7)
    c.paint(stem, c.linear(100, 0, 140, 0, ["#a0703a", "#5a3412"]))
    rows = [(5, 78), (4, 112), (4, 144), (3, 174), (2, 202)]
    r = 19
    for n, y in rows:
        for i in range(n):
            x = 128 + (i - (n - 1) / 2) * 2 * r * 0.98
            _berry(c, x, y, r, p)
    finish(c, 3)


def plum(c: Canvas, p: Palette, **_: Any) -> None:
    body = c.poly(path((128, 62), ((180, 44), (222, 96), (214, 150)),
                       ((204, 206), (162, 226), (128, 226)),
                       ((92, 226), (44, 206), (40, 150)),
                       ((34, 96), (76, 44), (128, 62))))
    c.paint(body, c.radial(96, 104, 150, [p.get("hi", "#b78cff"), p.get("main", "#5a2aa8"), p.get("lo", "#1c0848")]))
    crease = c.stroke(bezier((128, 66), (150, 110), (150, 170), (136, 222), 24), 5)
    c.paint(blur(crease, c.L(2.5)) * body, p.get("lo", "#1c0848"), 0.6)
    fruit_texture(c, body, 5, 0.06, 8)
    c.paint(body * blur(c.ellipse(84, 110, 30, 46, 20), c.L(10)), "#ffffff", 0.35)  # bloom
    c.bevel(body, 8, 0.5)
    c.gloss(body, 66, 78, 50, 60, 0.55, 25)
    stem = c.stroke(bezier((128, 66), (128, 50), (134, 36), (146, 26), 10), 7)
    c.paint(stem, c.linear(120, 0, 150, 0, ["#a0703a", "#4a2a10"]))
    leaf(c, (134, 50), (70, 30), 20, p)
    finish(c, 3)


def orange(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy, r = 128, 138, 92
    body = c.circle(cx, cy, r)
    c.paint(body, c.radial(96, 104, 170, [p.get("hi", "#ffe08a"), p.get("main", "#ff8c10"), p.get("lo", "#b04000")]))
    fruit_texture(c, body, 7, 0.09, 4)
    c.bevel(body, 10, 0.55)
    c.gloss(body, 64, 66, 70, 50, 0.55, -25)
    navel = c.circle(cx + 6, cy - r + 10, 6)
    c.paint(navel, "#6a3a08", 0.8)
    leaf(c, (136, 50), (206, 26), 22, p)
    leaf(c, (130, 50), (82, 22), 16, p)
    finish(c, 3)


def lemon(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy = 128, 136
    ang = -18
    ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
    body = c.ellipse(cx, cy, 92, 68, ang)
    for sgn in (-1, 1):
        body = np.maximum(body, c.ellipse(cx + sgn * 92 * ca, cy + sgn * 92 * sa, 16, 11, ang))
    body = np.clip((blur(body, c.L(6)) - 0.5) * 3 + 0.5, 0, 1)
    c.paint(body, c.radial(100, 104, 160, [p.get("hi", "#fffbc0"), p.get("main", "#ffe21a"), p.get("lo", "#c08a00")]))
    fruit_texture(c, body, 9, 0.08, 4)
    c.bevel(body, 10, 0.55)
    c.gloss(body, 70, 92, 90, 36, 0.55, ang)
    leaf(c, (150, 82), (196, 40), 16, p)
    finish(c, 3)


def cherry(c: Canvas, p: Palette, **_: Any) -> None:
    join = (150, 40)
    s1 = c.stroke(bezier((86, 150), (96, 100), (120, 60), join, 20), 6.5)
    s2 = c.stroke(bezier((172, 168), (178, 120), (166, 70), join, 20), 6.5)
    stems = np.maximum(s1, s2)
    c.paint(stems, c.linear(80, 0, 190, 0, ["#b08a40", "#4a6a18", "#2a3a0a"]))
    c.bevel(stems, 2, 0.5)
    leaf(c, join, (218, 28), 22, p)
    for x, y, r in ((84, 176, 52), (172, 190, 48)):
        m = c.circle(x, y, r)
        c.paint(m, c.radial(x - r * 0.3, y - r * 0.35, r * 1.6,
                            [p.get("hi", "#ff9a9a"), p.get("main", "#e0101a"), p.get("lo", "#5a0008")]))
        c.bevel(m, 7, 0.5)
        c.paint(c.ellipse(x - r * 0.38, y - r * 0.38, r * 0.28, r * 0.16, -40), "#ffffff", 0.85)
        c.paint(c.circle(x + r * 0.35, y + r * 0.35, r * 0.08), "#ffffff", 0.4)
        dimple = c.ellipse(x, y - r + 8, 8, 4)
        c.paint(blur(dimple, c.L(2)), p.get("lo", "#5a0008"), 0.6)
    finish(c, 3)


# ----------------------------------------------------------------------------- gems

def _facet(c: Canvas, pts: list[Point], colour: Colour, light: float, edge: float = 0.35) -> Array:
    m = c.poly(pts)
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    col = lighten(colour, (light - 0.55) * 1.6) if light > 0.55 else darken(colour, (0.55 - light) * 1.3)
    c.paint(m, c.linear(min(xs), min(ys), max(xs), max(ys), [lighten(col, 0.25), col, darken(col, 0.15)]))
    c.paint(c.stroke(pts, 1.4, closed=True) * m, (1, 1, 1), edge)
    return m


def diamond(c: Canvas, p: Palette, **_: Any) -> None:
    base = p.get("main", "#3a9cff")
    top = [(72, 52), (106, 40), (150, 40), (184, 52)]
    gird = [(20, 104), (70, 104), (128, 104), (186, 104), (236, 104)]
    culet = (128, 236)
    whole = c.poly([gird[0], top[0], top[1], top[2], top[3], gird[4], culet])
    c.glow(whole, p.get("glow", "#9fe0ff"), 10, 0.7)
    # crown: a zig-zag of triangles between the table edge and the girdle
    lights = [0.8, 0.4, 0.95, 0.25, 0.7, 0.35, 0.85]
    row = [gird[0], top[0], gird[1], top[1], gird[2], top[2], gird[3], top[3], gird[4]]
    for i in range(len(row) - 2):
        _facet(c, [row[i], row[i + 1], row[i + 2]], base, lights[i % len(lights)])
    _facet(c, [top[1], top[2], (128, 58)], base, 1.0)
    _facet(c, [top[0], top[1], gird[2]], base, 0.75)
    _facet(c, [top[2], top[3], gird[2]], base, 0.45)
    # pavilion: long facets down to the culet, each split in two
    plights = [0.15, 0.6, 0.3, 0.85, 0.5, 0.2, 0.75, 0.1]
    k = 0
    for i in range(4):
        a, b = gird[i], gird[i + 1]
        mid = ((a[0] + b[0]) / 2, 104.0)
        low = (mid[0] * 0.55 + culet[0] * 0.45, 104 + (culet[1] - 104) * 0.45)
        _facet(c, [a, mid, low, culet], base, plights[k % 8])
        _facet(c, [mid, b, culet, low], base, plights[(k + 1) % 8])
        k += 2
    girdle = c.stroke([gird[0], gird[-1]], 3)
    c.paint(girdle * whole, "#ffffff", 0.8)
    c.paint(c.poly([(106, 40), (150, 40), (160, 52), (96, 52)]), "#ffffff", 0.7)
    for x, y, r in ((92, 60, 26), (176, 142, 16), (60, 96, 12), (150, 190, 10)):
        spark(c, x, y, r)
    finish(c, 3, colour=p.get("edge", "#06204a"))


def gem_bonus(c: Canvas, p: Palette, text: str = "BONUS", **_: Any) -> None:
    cx, cy = 128, 112
    burst = c.poly(star_points(cx, cy, 114, 80, 14, -90))
    c.paint(burst, c.angular(cx, cy, [p.get("burst", "#ff5ad8"), p.get("burst2", "#7a1ad0"),
                                      p.get("burst", "#ff5ad8")], turns=7))
    c.paint(burst, c.radial(cx, cy, 122, [(0, "#ffffff"), (0.4, lighten(p.get("burst", "#ff5ad8"), 0.5)),
                                          (1, darken(p.get("burst2", "#7a1ad0"), 0.3))]), 0.55)
    c.bevel(burst, 3, 0.5)
    base = p.get("main", "#ff1a9a")
    outer = regular_points(cx, cy, 74, 8, -112.5)
    table = regular_points(cx, cy - 6, 40, 8, -112.5)
    gem = c.poly(outer)
    c.glow(gem, "#ffb0ff", 8, 0.8)
    for i in range(8):
        a, b = outer[i], outer[(i + 1) % 8]
        ta, tb = table[i], table[(i + 1) % 8]
        ang = math.atan2((a[1] + b[1]) / 2 - cy, (a[0] + b[0]) / 2 - cx)
        _facet(c, [a, b, tb, ta], base, 0.5 + 0.45 * math.cos(ang + math.radians(130)))
    _facet(c, table, base, 0.8)
    c.paint(c.poly(regular_points(cx - 12, cy - 20, 18, 8, -112.5)), "#ffffff", 0.45)
    spark(c, 92, 62, 24)
    spark(c, 176, 150, 14)
    band = c.rrect(26, 176, 204, 58, 18)
    gold(c, c.rrect(20, 170, 216, 70, 22), 170, 240, 3)
    c.paint(band, c.linear(0, 176, 0, 234, [lighten(p.get("plate", "#5a0aa0"), 0.3), p.get("plate", "#5a0aa0"),
                                             darken(p.get("plate", "#5a0aa0"), 0.6)]))
    fill = c.linear(0, 186, 0, 224, ["#ffffff", "#ffe27a", "#ff9a1a"])
    letter_plate(c, text, 128, 205, 38, 190, fill, 3, outline_paint="#2a0040")
    finish(c, 2.5)


# ----------------------------------------------------------------------------- fortune (riches / lucky)

def _scallop(c: Canvas, cx: float, cy: float, r: float, n: int, bump: float) -> Array:
    m = c.circle(cx, cy, r)
    for i in range(n):
        a = 2 * math.pi * i / n
        m = np.maximum(m, c.circle(cx + r * math.cos(a), cy + r * math.sin(a), bump))
    return m


def seal_wild(c: Canvas, p: Palette, text: str = "WILD", **_: Any) -> None:
    cx, cy = 128, 128
    outer = _scallop(c, cx, cy, 100, 16, 18)
    gold(c, outer, 10, 246, 4)
    seal = c.circle(cx, cy, 96)
    red = p.get("plate", "#c0101a")
    c.paint(seal, c.radial(cx - 30, cy - 40, 170, [lighten(red, 0.35), red, darken(red, 0.6)]))
    ring = np.clip(c.circle(cx, cy, 84) - c.circle(cx, cy, 78), 0, 1)
    gold(c, ring, 40, 220, 1.5)
    # a lattice of small gold diamonds around the inner ring
    for i in range(12):
        a = 2 * math.pi * i / 12
        x, y = cx + 90 * math.cos(a), cy + 90 * math.sin(a)
        c.paint(c.poly(regular_points(x, y, 5, 4, 0)), "#ffe27a")
    c.bevel(seal, 6, 0.5)
    fill = c.linear(0, 100, 0, 156, ["#ffffff", "#fff0a0", "#ffc21a", "#c07008"])
    letter_plate(c, text, cx, cy + 2, 54, 170, fill, 4, outline_paint="#3a0400")
    c.gloss(seal, 60, 40, 136, 50, 0.3)
    spark(c, 206, 52, 18)
    finish(c, 2.5)


def _coin(c: Canvas, cx: float, cy: float, r: float, p: Palette, hole: bool = True) -> Array:
    m = c.circle(cx, cy, r)
    gold(c, m, cy - r, cy + r, 4)
    face = c.circle(cx, cy, r * 0.8)
    c.paint(face, c.radial(cx - r * 0.3, cy - r * 0.4, r * 1.6, ["#fff4b0", "#ffc21a", "#b06a04"]))
    c.bevel(face, 4, 0.7, light=(0.6, 0.8))  # sunken face: lit from the far side
    if hole:
        sq = c.poly(regular_points(cx, cy, r * 0.34, 4, 45))
        rim = dilate(sq, c.L(r * 0.1))
        gold(c, rim, cy - r, cy + r, 2)
        c.paint(sq, c.linear(cx, cy - r * 0.3, cx, cy + r * 0.3, [p.get("hole", "#7a0008"), darken(p.get("hole", "#7a0008"), 0.6)]))
        c.bevel(sq, 2, 0.6, light=(0.6, 0.8))
        for i in range(4):
            a = math.pi / 4 + i * math.pi / 2
            x, y = cx + r * 0.57 * math.cos(a), cy + r * 0.57 * math.sin(a)
            d = c.poly(regular_points(x, y, r * 0.1, 4, 0))
            gold(c, d, y - 8, y + 8, 1.5)
    c.gloss(m, cx - r * 0.7, cy - r * 0.9, r * 1.1, r * 0.6, 0.4, -20)
    return m


def _ribbon(c: Canvas, y: float, h: float, text: str, p: Palette, x0: float = 22, x1: float = 234,
            text_h: float | None = None) -> None:
    red = p.get("ribbon", "#d0101a")
    tails = [c.poly([(x0 - 6, y + h * 0.25), (x0 + 26, y + h * 0.25), (x0 + 26, y + h * 1.2), (x0 - 6, y + h * 1.2),
                     (x0 + 8, y + h * 0.72)]),
             c.poly([(x1 + 6, y + h * 0.25), (x1 - 26, y + h * 0.25), (x1 - 26, y + h * 1.2), (x1 + 6, y + h * 1.2),
                     (x1 - 8, y + h * 0.72)])]
    for t in tails:
        c.paint(t, darken(red, 0.45))
        c.bevel(t, 2, 0.5)
    band = c.poly(bezier((x0 + 8, y + 6), (96, y - 8), (160, y - 8), (x1 - 8, y + 6), 20)
                  + bezier((x1 - 8, y + h + 6), (160, y + h - 8), (96, y + h - 8), (x0 + 8, y + h + 6), 20))
    edge = dilate(band, c.L(3))
    gold(c, edge, y - 8, y + h + 8, 2)
    c.paint(band, c.linear(0, y - 4, 0, y + h + 4, [lighten(red, 0.35), red, darken(red, 0.5)]))
    c.bevel(band, 3, 0.4)
    fill = c.linear(0, y, 0, y + h, ["#ffffff", "#ffe27a", "#f0a010"])
    letter_plate(c, text, 128, y + h / 2 - 1, text_h or h * 0.58, x1 - x0 - 44, fill, 2, outline_paint="#3a0000")


def fs_coin(c: Canvas, p: Palette, text: str = "FREE SPINS", **_: Any) -> None:
    c.glow(c.circle(128, 106, 96), p.get("glow", "#ffd84a"), 14, 0.55)
    _coin(c, 128, 106, 92, p)
    _ribbon(c, 170, 52, text, p)
    spark(c, 200, 40, 18)
    spark(c, 50, 70, 12)
    finish(c, 2.5)


def double(c: Canvas, p: Palette, inner: str = "fs_coin", label: str = "DOUBLE", **params: Any) -> None:
    """The inner symbol twice, stacked in one cell, with a DOUBLE ribbon between them."""
    s = 0.5
    w = SIZE * s
    with c.transform((SIZE - w) / 2, 0, s):
        SHAPES[inner](c, p, **params)
    with c.transform((SIZE - w) / 2, SIZE - w, s):
        SHAPES[inner](c, p, **params)
    tag = {**p, "ribbon": p.get("double", "#1a7a2a")}
    _ribbon(c, 112, 32, label, tag, 30, 226, 22)
    finish(c, 0, shadow=False)


def dragon(c: Canvas, p: Palette, **_: Any) -> None:
    with c.transform(4, 6, 0.94):  # the whiskers and snout reach wide: pull the head in
        _dragon(c, p)
    finish(c, 3)


def _dragon(c: Canvas, p: Palette) -> None:
    # mane of flame-like spikes behind the head
    mane_pts = []
    for i in range(11):
        a = math.radians(120 + i * 16)
        r_out = 94 if i % 2 == 0 else 62
        mane_pts.append((110 + r_out * math.cos(a), 122 + r_out * math.sin(a) * 1.05))
    mane = c.poly([(110, 120)] + mane_pts)
    red = p.get("mane", "#e0281a")
    c.paint(mane, c.radial(104, 122, 115, ["#ffd27a", red, darken(red, 0.5)]))
    c.bevel(mane, 4, 0.6)
    # horns sweeping back
    for dx, dy, sc in ((0, 0, 1.0), (-14, 18, 0.85)):
        horn = c.poly(path((112 + dx, 66 + dy), ((96 + dx, 36 + dy), (70 + dx, 22 + dy), (30 + dx * sc, 18 + dy)),
                           ((60 + dx, 36 + dy), (84 + dx, 52 + dy), (92 + dx, 80 + dy))))
        c.paint(horn, c.linear(30, 18, 110, 70, ["#fff2c0", "#d8b070", "#7a5020"]))
        c.bevel(horn, 3, 0.6)
    # head: skull, snout and open jaws
    head = c.poly(path((60, 120), ((62, 80), (96, 58), (132, 64)),
                       ((160, 68), (190, 86), (214, 94)),
                       ((230, 98), (238, 112), (228, 122)),
                       ((210, 128), (186, 128), (160, 136)),
                       ((186, 146), (206, 152), (214, 164)),
                       ((200, 178), (176, 182), (150, 184)),
                       ((130, 200), (112, 222), (84, 230)),
                       ((60, 214), (52, 170), (60, 120))))
    gold(c, head, 60, 230, 6, [(0, "#fff4b0"), (0.35, "#ffc83a"), (0.7, "#c07a10"), (1, "#6a3a04")])
    # scales on the neck
    for row in range(3):
        for k in range(3):
            x, y = 78 + k * 20 + row * 6, 170 + row * 18
            sc = np.clip(c.circle(x, y, 10) - c.circle(x, y + 4, 9), 0, 1) * head
            c.paint(sc, "#8a5204", 0.6)
    mouth = c.poly([(160, 136), (214, 126), (206, 146), (164, 144)])
    c.paint(mouth, c.linear(0, 126, 0, 146, ["#5a0008", "#b01020"]))
    for x in (178, 192, 204):
        c.paint(c.poly([(x, 127), (x + 7, 127), (x + 3, 137)]), "#fffbe8")
        c.paint(c.poly([(x - 4, 145), (x + 3, 145), (x, 136)]), "#fffbe8")
    # brow, eye and nostril
    brow = c.poly(path((118, 86), ((134, 70), (156, 72), (170, 86)), ((152, 82), (134, 84), (118, 96))))
    c.paint(brow, "#7a4a08")
    eye = c.ellipse(146, 96, 14, 9, -10)
    c.paint(eye, c.radial(142, 92, 16, ["#ffffb0", "#ffb000", "#d04000"]))
    c.paint(c.ellipse(148, 96, 3, 8, -10), "#200000")
    c.paint(c.circle(141, 92, 2.5), "#ffffff")
    c.paint(c.ellipse(216, 104, 5, 3, -20), "#4a2600")
    # whiskers
    wh = np.maximum(c.stroke(bezier((214, 116), (240, 140), (236, 190), (210, 230), 24), 3.5),
                    c.stroke(bezier((196, 100), (220, 72), (238, 62), (240, 36), 24), 3))
    c.paint(wh, "#ffe27a")
    c.gloss(head, 94, 70, 90, 30, 0.4, 12)
    spark(c, 150, 40, 16)


def ingot(c: Canvas, p: Palette, **_: Any) -> None:
    back = c.poly(path((26, 120), ((70, 100), (186, 100), (230, 120)), ((200, 136), (56, 136), (26, 120))))
    c.paint(back, c.linear(0, 100, 0, 136, ["#a86208", "#6a3a02"]))
    dome = c.ellipse(128, 112, 62, 56)
    gold(c, dome, 56, 168, 8, [(0, "#fffbe0"), (0.3, "#ffd84a"), (0.7, "#d08a10"), (1, "#8a4a04")])
    c.gloss(dome, 92, 64, 50, 44, 0.6, -20)
    body = c.poly(path((18, 108), ((30, 150), (70, 196), (128, 198)),
                       ((186, 196), (226, 150), (238, 108)),
                       ((214, 132), (190, 148), (128, 150)),
                       ((66, 148), (42, 132), (18, 108))))
    gold(c, body, 108, 200, 6, [(0, "#fff2a0"), (0.4, "#ffc21a"), (0.8, "#b06a04"), (1, "#7a4204")])
    c.gloss(body, 40, 146, 176, 22, 0.35)
    for x, y, r in ((100, 70, 22), (196, 120, 14), (60, 170, 10)):
        spark(c, x, y, r)
    finish(c, 3)


def lantern(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    red = p.get("main", "#e01a1a")
    loop = c.stroke(arc_points(cx, 30, 14, 14, 180, 360, 16), 4)
    c.paint(loop, "#ffd84a")
    tassel = np.zeros_like(loop)
    for i in range(-4, 5):
        tassel = np.maximum(tassel, c.stroke([(cx + i * 3, 204), (cx + i * 5, 248)], 3))
    c.paint(tassel, c.linear(0, 200, 0, 250, [p.get("tassel", "#ff3a2a"), darken(p.get("tassel", "#ff3a2a"), 0.5)]))
    body = c.ellipse(cx, 128, 92, 74)
    c.glow(body, "#ff9a3a", 10, 0.5)
    c.paint(body, c.radial(cx - 10, 118, 100, ["#fff0a0", "#ffa030", red, darken(red, 0.55)]))
    for k in (0.25, 0.55, 0.82):
        rib = np.clip(c.ellipse(cx, 128, 92 * k, 74) - c.ellipse(cx, 128, 92 * k - 3, 73), 0, 1)
        c.paint(rib * body, darken(red, 0.5), 0.55)
    c.paint(c.stroke([(cx, 56), (cx, 200)], 3) * body, darken(red, 0.5), 0.55)
    c.bevel(body, 10, 0.5)
    c.gloss(body, 66, 62, 60, 50, 0.35, -20)
    for y in (40, 196):
        cap = c.rrect(cx - 52, y, 104, 22, 8)
        gold(c, cap, y, y + 22, 3)
        c.paint(c.stroke([(cx - 44, y + 11), (cx + 44, y + 11)], 2) * cap, "#8a4a04", 0.6)
    knot = c.circle(cx, 212, 7)
    gold(c, knot, 204, 220, 2)
    finish(c, 3)


def fan(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy, r = 128, 196, 118
    a0, a1 = 198, 342
    n = 14
    red = p.get("main", "#d0101a")
    alt = p.get("alt", "#ff4a3a")
    leaf_all = c.poly([(cx, cy)] + arc_points(cx, cy, r, r, a0, a1, 64))
    for i in range(n):
        aa, bb = a0 + (a1 - a0) * i / n, a0 + (a1 - a0) * (i + 1) / n
        seg = c.poly([(cx, cy)] + arc_points(cx, cy, r, r, aa, bb, 6))
        col = red if i % 2 == 0 else alt
        c.paint(seg, c.radial(cx, cy, r, [darken(col, 0.3), col, lighten(col, 0.2)]))
    hub_cut = c.circle(cx, cy, 46)
    c.paint(hub_cut * leaf_all, "#000000", 0.0)
    band = np.clip(c.poly([(cx, cy)] + arc_points(cx, cy, r, r, a0, a1, 64))
                   - c.poly([(cx, cy)] + arc_points(cx, cy, r - 12, r - 12, a0, a1, 64)), 0, 1)
    gold(c, band, cy - r, cy, 2)
    # gold blossoms painted on the leaf
    for k, (ang, rad) in enumerate(((230, 82), (270, 90), (310, 82), (250, 62), (290, 62))):
        x = cx + rad * math.cos(math.radians(ang))
        y = cy + rad * math.sin(math.radians(ang))
        for j in range(5):
            pa = math.radians(j * 72 + k * 20)
            c.paint(c.circle(x + 6 * math.cos(pa), y + 6 * math.sin(pa), 5), "#ffe27a", 0.9)
        c.paint(c.circle(x, y, 3.5), "#c0500a")
    sticks = np.zeros_like(band)
    for i in range(n + 1):
        aa = math.radians(a0 + (a1 - a0) * i / n)
        sticks = np.maximum(sticks, c.stroke([(cx + 20 * math.cos(aa), cy + 20 * math.sin(aa)),
                                              (cx + 52 * math.cos(aa), cy + 52 * math.sin(aa))], 4))
    c.paint(sticks, c.linear(0, cy - 50, 0, cy, ["#d89a4a", "#7a4a1a"]))
    c.bevel(leaf_all, 5, 0.4)
    pivot = c.circle(cx, cy, 10)
    gold(c, pivot, cy - 10, cy + 10, 2)
    tassel = c.stroke(bezier((cx, cy + 8), (cx + 4, cy + 26), (cx - 6, cy + 38), (cx + 4, cy + 50), 12), 5)
    c.paint(tassel, "#ffd84a")
    finish(c, 3)


def card(c: Canvas, p: Palette, text: str = "A", **_: Any) -> None:
    main = p.get("main", "#1aa05a")
    cx, cy = 128, 128
    scroll = c.stroke(bezier((34, 206), (80, 240), (176, 240), (222, 206), 30), 6)
    gold(c, scroll, 200, 244, 2)
    fill = c.linear(0, 30, 0, 220, [lighten(main, 0.7), lighten(main, 0.2), main, darken(main, 0.55)])
    h = 168 if len(text) == 1 else 150
    w = 190 if len(text) == 1 else 220
    ring = letter_plate(c, text, cx, cy - 4, h, w, fill, 7, stretch=1.15 if len(text) == 1 else 0.95)
    c.gloss(ring, 40, 34, 176, 60, 0.35)
    spark(c, 196, 44, 16)
    finish(c, 3)


# ----------------------------------------------------------------------------- registry

SHAPES: dict[str, Shape] = {
    "seven": seven,
    "bar": bar,
    "bell": bell,
    "star": star,
    "wild_badge": wild_badge,
    "watermelon": watermelon,
    "grapes": grapes,
    "plum": plum,
    "orange": orange,
    "lemon": lemon,
    "cherry": cherry,
    "diamond": diamond,
    "gem_bonus": gem_bonus,
    "seal_wild": seal_wild,
    "fs_coin": fs_coin,
    "double": double,
    "dragon": dragon,
    "ingot": ingot,
    "lantern": lantern,
    "fan": fan,
    "card": card,
}


def render_symbol(shape: str, palette: Palette, params: Mapping[str, Any], ss: int = 3) -> Canvas:
    c = Canvas(SIZE, SIZE, ss)
    SHAPES[shape](c, palette, **params)
    return c


# The later themes' shapes add themselves to SHAPES: their modules build on this one, so they are
# loaded by name (as the feature registry loads its blocks), which keeps the import graph a tree.
for _module in ("symbols_more", "symbols_lucky", "symbols_world", "symbols_canyon", "symbols_candy", "symbols_codex",
                "symbols_storm", "symbols_reef"):
    importlib.import_module(f"{__package__}.{_module}")
