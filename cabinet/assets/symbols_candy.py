"""Symbol shapes of the Candy theme (Candy Peaks Megaways): a cupcake, a sprinkled donut, a
swirl lollipop and a wrapped sweet (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import Canvas, arc_points, darken, lighten, path
from .symbols import SHAPES, Palette, finish, spark

SPRINKLES = ("#ff4a8a", "#4ad0ff", "#ffe04a", "#7aff6a", "#ffffff", "#b07aff")


def _sprinkles(c: Canvas, mask: Any, spots: list[tuple[float, float, float]]) -> None:
    for i, (x, y, ang) in enumerate(spots):
        dx, dy = 7 * math.cos(math.radians(ang)), 7 * math.sin(math.radians(ang))
        c.paint(c.stroke([(x - dx, y - dy), (x + dx, y + dy)], 4.5) * mask, SPRINKLES[i % len(SPRINKLES)])


def cupcake(c: Canvas, p: Palette, **_: Any) -> None:
    """A fluted cup under a swirl of frosting with a cherry on top."""
    cup_col = p.get("cup", "#ff7ab0")
    cream = p.get("main", "#fff0f6")
    cup = c.poly([(58, 146), (198, 146), (180, 236), (76, 236)])
    c.paint(cup, c.linear(58, 0, 198, 0, [darken(cup_col, 0.3), lighten(cup_col, 0.35), cup_col, darken(cup_col, 0.4)]))
    for k in range(7):
        x0 = 66 + k * 20
        c.paint(c.stroke([(x0, 150), (x0 + 6 - k * 1.5, 232)], 3) * cup, darken(cup_col, 0.45), 0.6)
    c.bevel(cup, 4, 0.5)
    swirl = c.empty()
    for y, rx, ry in ((146, 82, 24), (118, 68, 24), (92, 52, 22), (70, 34, 18)):
        swirl = np.maximum(swirl, c.ellipse(128, y, rx, ry))
    c.paint(swirl, c.radial(104, 76, 130, ["#ffffff", cream, darken(cream, 0.25)]))
    for y, rx in ((146, 82), (118, 68), (92, 52)):
        c.paint(c.stroke(arc_points(128, y - 4, rx - 6, 18, 20, 160, 16), 3) * swirl, darken(cream, 0.3), 0.6)
    c.bevel(swirl, 5, 0.5)
    _sprinkles(c, swirl, [(84, 136, 20), (120, 150, -40), (170, 136, 60), (104, 108, 80), (150, 112, -10),
                          (128, 86, 30), (172, 150, -70), (92, 152, 45)])
    cherry = c.circle(136, 42, 20)
    c.paint(c.stroke([(140, 26), (150, 10), (162, 6)], 3), "#4a8a2a")
    c.paint(cherry, c.radial(128, 34, 26, ["#ff9a9a", p.get("cherry", "#e0102a"), "#7a0010"]))
    c.gloss(cherry, 124, 28, 12, 10, 0.7)
    spark(c, 60, 70, 14)
    finish(c, 3)


def donut(c: Canvas, p: Palette, **_: Any) -> None:
    """A ring donut with dripping icing and sprinkles."""
    cx, cy = 128, 132
    dough = np.clip(c.circle(cx, cy, 104) - c.circle(cx, cy, 34), 0, 1)
    c.paint(dough, c.radial(cx, cy - 20, 130, ["#ffd49a", "#e09a4a", "#9a5a1a"]))
    icing_edge = path((24, 120), ((30, 40), (226, 40), (232, 120)), ((236, 150), (222, 168), (212, 150)),
                      ((200, 176), (180, 150), (166, 178)), ((150, 200), (120, 170), (100, 190)),
                      ((76, 206), (64, 160), (48, 172)), ((30, 176), (22, 150), (24, 120)))
    icing = np.clip(c.poly(icing_edge) * dough, 0, 1)
    glaze = p.get("main", "#ff6ab0")
    c.paint(icing, c.radial(cx - 30, cy - 50, 180, [lighten(glaze, 0.55), glaze, darken(glaze, 0.35)]))
    c.bevel(icing, 5, 0.6)
    c.bevel(dough, 6, 0.5)
    spots = []
    for k in range(14):
        a = k * 360 / 14 + 11
        r = 58 + (k % 3) * 14
        spots.append((cx + r * math.cos(math.radians(a)), cy - 6 + r * 0.85 * math.sin(math.radians(a)), a * 2.3))
    _sprinkles(c, icing, spots)
    c.gloss(icing, 60, 48, 80, 30, 0.45, -20)
    spark(c, 206, 52, 14)
    finish(c, 3)


def lollipop(c: Canvas, p: Palette, **_: Any) -> None:
    """A round swirl lollipop on a stick, tied with a ribbon."""
    cx, cy, r = 128, 104, 86
    stick = c.rrect(120, 150, 16, 100, 7)
    c.paint(stick, c.linear(120, 0, 136, 0, ["#d8d0c0", "#ffffff", "#b0a890"]))
    disc = c.circle(cx, cy, r)
    c.paint(disc, p.get("alt", "#ffffff"))
    col = p.get("main", "#ff3a7a")
    band = c.empty()
    for arm in range(2):  # two spiral stripes, a turn and a half each
        pts = []
        for i in range(80):
            t = i / 79
            a = math.radians(arm * 180 + t * 540)
            pts.append((cx + t * (r + 10) * math.cos(a), cy + t * (r + 10) * math.sin(a)))
        band = np.maximum(band, c.stroke(pts, 24))
    c.paint(band * disc, c.radial(cx, cy, r, [lighten(col, 0.3), col, darken(col, 0.3)]))
    c.bevel(disc, 8, 0.7)
    c.gloss(disc, 70, 36, 60, 40, 0.55, -25)
    bow = c.poly([(128, 192), (92, 176), (96, 212)])
    bow = np.maximum(bow, c.poly([(128, 192), (164, 176), (160, 212)]))
    c.paint(bow, c.linear(0, 176, 0, 212, [lighten(p.get("ribbon", "#4ac0ff"), 0.3), p.get("ribbon", "#4ac0ff"),
                                           darken(p.get("ribbon", "#4ac0ff"), 0.4)]))
    c.paint(c.circle(128, 193, 8), darken(p.get("ribbon", "#4ac0ff"), 0.2))
    spark(c, 62, 48, 16)
    finish(c, 3)


def wrapped_candy(c: Canvas, p: Palette, **_: Any) -> None:
    """A round sweet in shiny wrapping twisted at both ends."""
    cx, cy = 128, 128
    col = p.get("main", "#7a4aff")
    wrap = p.get("wrap", "#ffe04a")
    for side in (-1, 1):
        tail = c.poly([(cx + side * 56, cy), (cx + side * 106, cy - 44), (cx + side * 96, cy),
                       (cx + side * 108, cy + 42)])
        c.paint(tail, c.linear(0, cy - 46, 0, cy + 46, [lighten(wrap, 0.5), wrap, darken(wrap, 0.4)]))
        for k in (-24, 0, 24):
            c.paint(c.stroke([(cx + side * 62, cy), (cx + side * 102, cy + k)], 2) * tail, darken(wrap, 0.45), 0.6)
        c.bevel(tail, 3, 0.5)
    body = c.ellipse(cx, cy, 64, 56)
    c.paint(body, c.radial(cx - 20, cy - 24, 100, [lighten(col, 0.6), col, darken(col, 0.45)]))
    stripes = c.empty()
    for k in (-40, -12, 16, 44):
        stripes = np.maximum(stripes, c.stroke([(cx + k - 30, cy + 60), (cx + k + 30, cy - 60)], 10))
    c.paint(stripes * body, "#ffffff", 0.55)
    c.bevel(body, 7, 0.7)
    c.gloss(body, 84, 76, 60, 30, 0.6, -15)
    spark(c, 186, 64, 16)
    finish(c, 3)


SHAPES.update({
    "cupcake": cupcake,
    "donut": donut,
    "lollipop": lollipop,
    "wrapped_candy": wrapped_candy,
})
