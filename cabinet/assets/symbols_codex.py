"""Symbol shapes of the Codex theme (Explorer's Codex, a 10-line desert-expedition game): the
Desert Codex (an old bound book with a sun seal, the wild-scatter), an explorer's pith helmet with
goggles, a golden cat idol and a brass compass (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import Canvas, blur, darken, lighten, noise, path, star_points
from .symbols import SHAPES, Palette, finish, gold, letter_plate, spark


def codex_book(c: Canvas, p: Palette, text: str = "", **_: Any) -> None:
    """A thick leather-bound codex seen from the front, gold corners and clasp, a sun seal on its
    cover, light spilling from its pages (the wild-scatter)."""
    leather = p.get("main", "#7a2a1a")
    halo = c.rrect(34, 26, 188, 212, 30)
    c.paint(blur(halo, c.L(20)), p.get("glow", "#ffd86a"), 0.75)
    pages = c.rrect(62, 40, 160, 190, 10)
    c.paint(pages, c.linear(0, 40, 0, 230, ["#fff8e0", "#e8d0a0", "#b8945a"]))
    for k in range(6):
        y = 52 + k * 30
        c.paint(c.stroke([(206, y), (220, y + 8)], 1.5) * pages, "#9a7a4a", 0.6)
    cover = c.rrect(40, 30, 160, 196, 14)
    c.paint(cover, c.linear(40, 0, 200, 0, [darken(leather, 0.35), lighten(leather, 0.25), leather,
                                             darken(leather, 0.45)]))
    grain = noise((c.W, c.H), 71, 10)
    c.shade(cover, (grain - 0.5) * 0.22)
    c.bevel(cover, 6, 0.7)
    spine = c.rrect(40, 30, 26, 196, 10)
    c.paint(spine, darken(leather, 0.5), 0.7)
    for y in (62, 128, 194):
        c.paint(c.rrect(40, y - 5, 26, 10, 3), "#c8942a", 0.9)
    for x, y in ((176, 30), (176, 202)):
        corner = c.poly([(x, y), (x + 24, y), (x + 24, y + 24)] if y < 100 else [(x + 24, y), (x + 24, y + 24), (x, y + 24)])
        gold(c, corner, y, y + 24, 2)
    sun = c.poly(star_points(124, 120, 52, 30, 12, -90))
    gold(c, sun, 68, 172, 4)
    disc = c.circle(124, 120, 26)
    c.paint(disc, c.radial(116, 112, 34, ["#fff4c0", p.get("seal", "#e0a020"), darken(p.get("seal", "#e0a020"), 0.45)]))
    c.bevel(disc, 4, 0.8)
    eye = np.clip(c.ellipse(124, 120, 15, 8) - c.ellipse(124, 120, 5, 5), 0, 1)
    c.paint(eye, darken(leather, 0.55), 0.85)
    clasp = c.rrect(182, 106, 30, 28, 6)
    gold(c, clasp, 106, 134, 2)
    if text:
        plate = letter_plate(c, text, 124, 200, 30, 130, c.linear(0, 186, 0, 214,
                             ["#fff4d0", p.get("text", "#ffd84a"), darken(p.get("text", "#ffd84a"), 0.5)]), 3)
        c.gloss(plate, 70, 186, 110, 12, 0.3)
    c.gloss(cover, 52, 38, 60, 150, 0.22, -8)
    spark(c, 214, 44, 16)
    spark(c, 36, 226, 12)
    finish(c, 3)


def pith_helmet(c: Canvas, p: Palette, **_: Any) -> None:
    """An explorer's pith helmet: a domed crown over a wide brim, a cloth band and a pair of brass
    goggles resting on it."""
    cloth = p.get("main", "#d8c08a")
    brim = c.ellipse(128, 170, 112, 30)
    c.paint(brim, c.linear(0, 140, 0, 200, [lighten(cloth, 0.3), cloth, darken(cloth, 0.5)]))
    c.bevel(brim, 5, 0.6)
    under = np.clip(c.ellipse(128, 176, 92, 18) - c.ellipse(128, 166, 92, 18), 0, 1) * brim
    c.paint(under, darken(cloth, 0.55), 0.6)
    crown = c.poly(path((44, 168), ((40, 90), (88, 40), (128, 40)), ((168, 40), (216, 90), (212, 168))))
    c.paint(crown, c.radial(100, 70, 170, [lighten(cloth, 0.45), cloth, darken(cloth, 0.5)]))
    for x1 in (128, 70, 186):
        c.paint(c.stroke([(128, 44), (x1, 160)], 2.5) * crown, darken(cloth, 0.3), 0.5)
    c.paint(c.circle(128, 42, 8), darken(cloth, 0.25))
    band = c.poly([(46, 134), (210, 134), (212, 160), (44, 160)]) * crown
    c.paint(band, c.linear(0, 134, 0, 160, [p.get("band", "#6a3a1a"), darken(p.get("band", "#6a3a1a"), 0.5)]))
    for cx in (98, 158):
        rim = c.circle(cx, 138, 24)
        gold(c, rim, 114, 162, 3)
        glass = c.circle(cx, 138, 16)
        c.paint(glass, c.radial(cx - 6, 130, 24, ["#e8fbff", p.get("glass", "#4ab0c8"), darken(p.get("glass", "#4ab0c8"), 0.5)]))
        c.gloss(glass, cx - 12, 126, 12, 8, 0.7)
    strap = c.rrect(120, 134, 16, 8, 3)
    c.paint(strap, "#5a3a1a")
    c.gloss(crown, 70, 52, 50, 60, 0.3, -20)
    spark(c, 210, 60, 14)
    finish(c, 3)


def golden_idol(c: Canvas, p: Palette, **_: Any) -> None:
    """A seated golden cat idol with tall ears, a jewelled collar and green gem eyes, on a plinth."""
    plinth = c.rrect(58, 206, 140, 32, 6)
    c.paint(plinth, c.linear(0, 206, 0, 238, [lighten(p.get("stone", "#6a5a4a"), 0.3), p.get("stone", "#6a5a4a"),
                                               darken(p.get("stone", "#6a5a4a"), 0.5)]))
    c.bevel(plinth, 4, 0.6)
    body = c.poly(path((92, 210), ((84, 160), (92, 118), (112, 104)), ((132, 100), (164, 120), (170, 210))))
    tail = c.stroke([(168, 206), (196, 200), (200, 176)], 10)
    head = c.ellipse(128, 80, 34, 32)
    ears = np.maximum(c.poly([(98, 70), (100, 22), (124, 56)]), c.poly([(158, 70), (156, 22), (132, 56)]))
    idol = np.maximum(np.maximum(body, tail), np.maximum(head, ears))
    c.paint(blur(idol, c.L(12)), p.get("glow", "#ffd86a"), 0.5)
    gold(c, idol, 20, 212, 6)
    inner = np.maximum(c.poly([(104, 62), (104, 34), (118, 56)]), c.poly([(152, 62), (152, 34), (138, 56)]))
    c.paint(inner, "#a8650a", 0.7)
    collar = np.clip(c.ellipse(128, 112, 32, 12) - c.ellipse(128, 104, 28, 9), 0, 1)
    c.paint(collar, p.get("collar", "#1a6a9a"))
    for k in range(5):
        x = 106 + k * 11
        c.paint(c.circle(x, 116 - abs(k - 2) * 1.5, 3.5), "#ffe27a")
    for x in (116, 140):
        gem = c.ellipse(x, 78, 7, 5)
        c.paint(gem, c.radial(x - 2, 76, 9, ["#eaffea", p.get("eyes", "#2ac85a"), "#0a4a1a"]))
    c.paint(c.poly([(123, 92), (133, 92), (128, 98)]), "#7a4206")
    c.gloss(idol, 100, 40, 30, 130, 0.35, -10)
    spark(c, 56, 56, 16)
    spark(c, 204, 110, 11)
    finish(c, 3)


def compass(c: Canvas, p: Palette, **_: Any) -> None:
    """A brass pocket compass: a ring with a bow on top, a parchment face marked with a star
    rose and a red-and-white needle."""
    cx, cy = 128, 140
    bow = np.clip(c.circle(cx, 36, 20) - c.circle(cx, 36, 11), 0, 1)
    stem = c.rrect(cx - 10, 46, 20, 22, 5)
    gold(c, np.maximum(bow, stem), 14, 70, 3)
    case = c.circle(cx, cy, 92)
    gold(c, case, cy - 92, cy + 92, 7, [(0, "#fff4c8"), (0.35, "#e0b050"), (0.7, "#a8701a"), (1, "#5a3404")])
    face = c.circle(cx, cy, 74)
    c.paint(face, c.radial(cx - 16, cy - 20, 100, ["#fffbea", p.get("face", "#f0e0b0"), darken(p.get("face", "#f0e0b0"), 0.3)]))
    for k in range(16):
        a = math.radians(k * 22.5)
        r0 = 62 if k % 2 else 56
        c.paint(c.stroke([(cx + r0 * math.cos(a), cy + r0 * math.sin(a)), (cx + 70 * math.cos(a), cy + 70 * math.sin(a))], 2),
                "#5a3a1a", 0.8)
    rose = c.poly(star_points(cx, cy, 52, 12, 4, -90))
    c.paint(rose, c.linear(0, cy - 52, 0, cy + 52, ["#c8a060", "#8a6a3a"]), 0.7)
    north = c.poly([(cx, cy - 60), (cx - 11, cy), (cx + 11, cy)])
    south = c.poly([(cx, cy + 60), (cx - 11, cy), (cx + 11, cy)])
    c.paint(north, c.linear(cx - 11, 0, cx + 11, 0, [p.get("needle", "#d0301a"), darken(p.get("needle", "#d0301a"), 0.4)]))
    c.paint(south, c.linear(cx - 11, 0, cx + 11, 0, ["#f4f4f4", "#9a9aa0"]))
    c.bevel(np.maximum(north, south), 3, 0.6)
    pin = c.circle(cx, cy, 7)
    gold(c, pin, cy - 7, cy + 7, 2)
    glass = c.circle(cx, cy, 74)
    c.gloss(glass, cx - 56, cy - 62, 70, 46, 0.35, -25)
    spark(c, 212, 60, 15)
    finish(c, 3)


SHAPES.update({
    "codex_book": codex_book,
    "pith_helmet": pith_helmet,
    "golden_idol": golden_idol,
    "compass": compass,
})
