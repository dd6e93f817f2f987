"""Symbol shapes of the Canyon theme (Canyon Gold, a 243-ways frontier game): a sheriff's star,
a gold nugget, a cowboy hat, a horseshoe and a saguaro cactus (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import Canvas, arc_points, bezier, blur, darken, lighten, noise, path, star_points
from .symbols import SHAPES, Palette, finish, gold, letter_plate, spark


def sheriff_badge(c: Canvas, p: Palette, text: str = "WILD", **_: Any) -> None:
    """A six-pointed sheriff's star with a ball on every tip and a word across its middle."""
    cx, cy = 128, 128
    halo = c.circle(cx, cy, 92)
    c.paint(blur(halo, c.L(18)), p.get("glow", "#ffd86a"), 0.7)
    pts = star_points(cx, cy, 98, 56, 6)
    body = c.poly(pts)
    for x, y in pts[::2]:
        body = np.maximum(body, c.circle(x, y, 15))
    gold(c, body, 20, 240, 7)
    inner = c.poly(star_points(cx, cy, 76, 44, 6))
    c.paint(inner, c.radial(cx - 20, cy - 24, 120, [lighten(p.get("main", "#c89a3a"), 0.5),
                                                      p.get("main", "#c89a3a"), darken(p.get("main", "#c89a3a"), 0.4)]))
    c.bevel(inner, 4, 0.6)
    ring = np.clip(c.circle(cx, cy, 44) - c.circle(cx, cy, 38), 0, 1)
    c.paint(ring, "#7a4a10", 0.6)
    plate = letter_plate(c, text, cx, cy + 2, 58, 190, c.linear(0, cy - 30, 0, cy + 30,
                         ["#fff4d0", p.get("text", "#d0381a"), darken(p.get("text", "#d0381a"), 0.5)]), 5)
    c.gloss(plate, 50, cy - 30, 156, 22, 0.3)
    spark(c, 64, 60, 18)
    spark(c, 196, 196, 12)
    finish(c, 3)


def nugget(c: Canvas, p: Palette, **_: Any) -> None:
    """A lumpy gold nugget on a burst of light (the scatter)."""
    cx, cy = 128, 136
    burst = c.poly(star_points(cx, cy, 110, 66, 12, -90))
    c.paint(blur(burst, c.L(4)), p.get("burst", "#ffe27a"), 0.5)
    lumps = c.empty()
    for x, y, rx, ry in ((104, 140, 66, 52), (160, 122, 52, 46), (140, 166, 60, 36), (92, 108, 36, 30),
                         (176, 160, 34, 30)):
        lumps = np.maximum(lumps, c.ellipse(x, y, rx, ry))
    gold(c, lumps, 70, 206, 9, [(0, "#fffbe0"), (0.35, "#ffd84a"), (0.7, "#c88410"), (1, "#6a3a02")])
    dents = noise((c.W, c.H), 31, 24)
    c.shade(lumps, (dents - 0.5) * 0.25)
    for x, y, r in ((88, 112, 9), (150, 104, 7), (128, 150, 8), (180, 150, 6)):
        c.paint(c.circle(x, y, r) * lumps, "#8a5206", 0.45)
    c.gloss(lumps, 78, 92, 80, 40, 0.55, -15)
    for x, y, r in ((70, 70, 18), (200, 90, 13), (196, 206, 10)):
        spark(c, x, y, r)
    finish(c, 3)


def hat(c: Canvas, p: Palette, **_: Any) -> None:
    """A cowboy hat: a curled brim under a pinched crown with a band."""
    felt = p.get("main", "#8a5a2a")
    brim = c.poly(path((16, 150), ((40, 196), (216, 196), (240, 150)),
                       ((226, 176), (180, 190), (128, 186)), ((76, 190), (30, 176), (16, 150))))
    brim = np.maximum(brim, c.ellipse(128, 168, 104, 24))
    c.paint(brim, c.linear(0, 140, 0, 200, [lighten(felt, 0.35), felt, darken(felt, 0.5)]))
    c.bevel(brim, 5, 0.6)
    crown = c.poly(path((62, 166), ((58, 110), (66, 62), (98, 52)),
                        ((116, 62), (140, 62), (158, 52)), ((190, 62), (198, 110), (194, 166))))
    c.paint(crown, c.linear(50, 0, 210, 0, [darken(felt, 0.2), lighten(felt, 0.3), felt, darken(felt, 0.45)]))
    crease = c.stroke(bezier((128, 66), (124, 90), (132, 112), (128, 130), 16), 5) * crown
    c.paint(crease, darken(felt, 0.5), 0.6)
    band = c.poly([(60, 136), (196, 136), (195, 160), (61, 160)]) * crown
    c.paint(band, c.linear(0, 136, 0, 160, [p.get("band", "#d0381a"), darken(p.get("band", "#d0381a"), 0.4)]))
    buckle = c.rrect(112, 138, 32, 20, 4)
    gold(c, buckle, 138, 158, 2)
    c.gloss(crown, 78, 62, 50, 70, 0.3, -10)
    finish(c, 3)


def horseshoe(c: Canvas, p: Palette, **_: Any) -> None:
    """A lucky horseshoe, open end up, with its nail holes."""
    cx, cy = 128, 136
    metal = p.get("main", "#b8c0c8")
    a0, a1 = 305, 595  # the gap is at the top (angles grow clockwise from the right)
    shoe = c.stroke(arc_points(cx, cy, 84, 96, a0, a1, 48), 42)
    c.paint(blur(shoe, c.L(14)), p.get("glow", "#ffd86a"), 0.5)
    c.paint(shoe, c.linear(0, 30, 0, 240, [lighten(metal, 0.6), metal, darken(metal, 0.5)]))
    c.bevel(shoe, 6, 0.8)
    groove = c.stroke(arc_points(cx, cy, 84, 96, a0 + 6, a1 - 6, 48), 6) * shoe
    c.paint(groove, darken(metal, 0.45), 0.7)
    for k in range(8):
        a = math.radians(a0 + 16 + k * (a1 - a0 - 32) / 7)
        c.paint(c.circle(cx + 84 * math.cos(a), cy + 96 * math.sin(a), 5.5), "#2a2a30")
    for a in (a0, a1):
        x, y = cx + 84 * math.cos(math.radians(a)), cy + 96 * math.sin(math.radians(a))
        heel = c.rrect(x - 24, y - 10, 48, 20, 7)
        c.paint(heel, c.linear(0, y - 10, 0, y + 10, [lighten(metal, 0.4), darken(metal, 0.35)]))
    c.gloss(shoe, 40, 110, 40, 80, 0.4, 10)
    spark(c, 196, 200, 14)
    spark(c, 60, 60, 12)
    finish(c, 3)


def cactus(c: Canvas, p: Palette, **_: Any) -> None:
    """A saguaro cactus with two arms, ribs and a pink flower."""
    green = p.get("main", "#3a9a3a")
    trunk = c.rrect(100, 34, 56, 200, 28)
    left = np.maximum(c.stroke(bezier((108, 150), (70, 150), (58, 140), (58, 96), 16), 36),
                      c.circle(58, 90, 18))
    right = np.maximum(c.stroke(bezier((148, 124), (186, 124), (198, 112), (198, 70), 16), 36),
                       c.circle(198, 64, 18))
    body = np.maximum(np.maximum(trunk, left), right)
    c.paint(body, c.linear(40, 0, 216, 0, [darken(green, 0.4), lighten(green, 0.3), green, darken(green, 0.5)]))
    for x in (114, 128, 142):
        c.paint(c.stroke([(x, 48), (x, 228)], 3) * trunk, darken(green, 0.45), 0.6)
    c.bevel(body, 7, 0.7)
    for x, y in ((104, 80), (152, 110), (104, 180), (152, 200), (60, 118), (196, 92)):
        c.paint(c.stroke([(x - 5, y - 5), (x + 5, y + 5)], 1.6), "#fff4d0", 0.9)
    flower = c.empty()
    for k in range(5):
        a = math.radians(k * 72 - 90)
        flower = np.maximum(flower, c.circle(128 + 12 * math.cos(a), 34 + 12 * math.sin(a), 10))
    c.paint(flower, c.radial(128, 34, 24, ["#fff0f4", p.get("flower", "#ff5a9a"), darken(p.get("flower", "#ff5a9a"), 0.4)]))
    c.paint(c.circle(128, 34, 6), "#ffd84a")
    pot = c.poly([(84, 218), (172, 218), (164, 248), (92, 248)])
    c.paint(pot, c.linear(0, 218, 0, 248, ["#e08a4a", "#9a4a1a"]))
    c.gloss(trunk, 104, 44, 20, 120, 0.3)
    finish(c, 3)


SHAPES.update({
    "sheriff_badge": sheriff_badge,
    "nugget": nugget,
    "hat": hat,
    "horseshoe": horseshoe,
    "cactus": cactus,
})
