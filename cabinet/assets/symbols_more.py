"""Symbol shapes for the later themes: Christmas, Lucky and Halloween (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import (
    Array,
    Canvas,
    Colour,
    arc_points,
    bezier,
    blur,
    darken,
    dilate,
    lighten,
    mirror_x,
    path,
    rotate,
)
from .symbols import SHAPES, Palette, _coin, _ribbon, finish, fruit_texture, gold, leaf, letter_plate, spark


def _ball(c: Canvas, x: float, y: float, r: float, colour: Colour, hi: float = 0.5, lo: float = 0.55) -> Array:
    m = c.circle(x, y, r)
    c.paint(m, c.radial(x - r * 0.35, y - r * 0.4, r * 1.7, [lighten(colour, hi), colour, darken(colour, lo)]))
    return m


def _eye(c: Canvas, x: float, y: float, r: float, iris: str = "#2a1a0a") -> None:
    c.paint(c.ellipse(x, y, r, r * 1.15), "#ffffff")
    c.paint(c.circle(x + r * 0.15, y + r * 0.1, r * 0.6), iris)
    c.paint(c.circle(x - r * 0.15, y - r * 0.25, r * 0.22), "#ffffff")


# ----------------------------------------------------------------------------- christmas

def santa(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    beard = c.empty()
    for x, y, r in ((cx, 190, 52), (cx - 42, 168, 34), (cx + 42, 168, 34), (cx - 22, 206, 34), (cx + 22, 206, 34),
                    (cx, 222, 26)):
        beard = np.maximum(beard, c.circle(x, y, r))
    face = c.ellipse(cx, 140, 58, 54)
    c.paint(face, c.radial(cx - 10, 128, 70, ["#ffe0c8", "#f4b894", "#c47a5a"]))
    c.paint(beard, c.radial(cx - 20, 160, 110, ["#ffffff", "#e8eef8", "#a8b4c8"]))
    c.bevel(beard, 6, 0.5)
    for s in (-1, 1):
        c.paint(blur(c.circle(cx + s * 34, 150, 12), c.L(5)), "#ff5a5a", 0.6)
        _eye(c, cx + s * 22, 128, 8, "#3a5aa0")
        brow = c.ellipse(cx + s * 24, 112, 16, 6, s * -8)
        c.paint(brow, "#ffffff")
    mous = np.maximum(c.ellipse(cx - 22, 166, 26, 11, 12), c.ellipse(cx + 22, 166, 26, 11, -12))
    c.paint(mous, c.linear(0, 154, 0, 178, ["#ffffff", "#c8d0dc"]))
    c.bevel(mous, 3, 0.5)
    nose = _ball(c, cx, 150, 11, "#f08a7a", 0.5, 0.3)
    del nose
    hat = c.poly(path((62, 100), ((74, 40), (140, 10), (210, 40)), ((206, 62), (194, 80), (194, 100))))
    c.paint(hat, c.linear(60, 30, 200, 100, ["#ff5a4a", "#d0101a", "#6a0008"]))
    c.bevel(hat, 6, 0.6)
    fur = c.rrect(52, 88, 152, 32, 16)
    c.paint(fur, c.linear(0, 88, 0, 120, ["#ffffff", "#dfe6f0", "#a8b4c8"]))
    c.bevel(fur, 5, 0.6)
    pom = _ball(c, 214, 50, 18, "#f4f8ff", 0.5, 0.3)
    c.bevel(pom, 5, 0.5)
    finish(c, 3)


def reindeer(c: Canvas, p: Palette, **_: Any) -> None:
    with c.transform(15, 26, 0.88):
        _reindeer(c, p)
    finish(c, 3)


def _reindeer(c: Canvas, p: Palette) -> None:
    cx = 128
    ant = c.empty()
    for s in (-1, 1):
        main = bezier((cx + s * 30, 78), (cx + s * 40, 40), (cx + s * 70, 30), (cx + s * 100, 16), 20)
        ant = np.maximum(ant, c.stroke(main, 9))
        for t0, (dx, dy) in ((0.35, (-8, -30)), (0.65, (6, -28)), (0.85, (16, 10))):
            i = int(t0 * 20)
            x, y = main[i]
            ant = np.maximum(ant, c.stroke([(x, y), (x + s * dx, y + dy)], 7))
    c.paint(ant, c.linear(0, 10, 0, 90, ["#f0d8a8", "#a07a4a", "#6a4a24"]))
    c.bevel(ant, 3, 0.6)
    for s in (-1, 1):
        ear = c.ellipse(cx + s * 60, 96, 26, 12, s * 25)
        c.paint(ear, c.linear(0, 84, 0, 108, ["#c08a5a", "#7a4a24"]))
        c.paint(c.ellipse(cx + s * 60, 96, 16, 6, s * 25), "#f0b8a0", 0.8)
    head = c.poly(path((cx, 70), ((176, 70), (186, 120), (170, 160)),
                       ((160, 200), (150, 232), (cx, 232)),
                       ((106, 232), (96, 200), (86, 160)),
                       ((70, 120), (80, 70), (cx, 70))))
    c.paint(head, c.radial(cx - 16, 110, 140, ["#d8a070", "#9a6232", "#4a2a10"]))
    muzzle = c.ellipse(cx, 196, 40, 32)
    c.paint(muzzle, c.radial(cx - 8, 186, 50, ["#fff0d8", "#e0c098", "#a8805a"]))
    c.bevel(head, 7, 0.5)
    for s in (-1, 1):
        _eye(c, cx + s * 26, 128, 11)
    nose = c.circle(cx, 178, 17)
    c.glow(nose, "#ff3a2a", 10, 0.6)
    _ball(c, cx, 178, 17, "#ff2a1a", 0.6, 0.5)
    c.paint(c.ellipse(cx - 6, 172, 6, 3.5, -30), "#ffffff", 0.9)
    smile = c.stroke(arc_points(cx, 200, 14, 10, 20, 160, 12), 3)
    c.paint(smile, "#5a3010")


def snowman(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    body = _ball(c, cx, 190, 54, "#e8f2ff", 0.6, 0.35)
    head = _ball(c, cx, 112, 42, "#eef6ff", 0.6, 0.35)
    c.bevel(np.maximum(body, head), 6, 0.4, shadow="#2a4a8a")
    for y in (172, 198, 224):
        _ball(c, cx, y - 10, 5, "#1a1a22", 0.5, 0.5)
    for s in (-1, 1):
        c.paint(c.circle(cx + s * 15, 104, 6), "#1a1a22")
        c.paint(c.circle(cx + s * 15 - 2, 102, 2), "#ffffff")
    carrot = c.poly([(cx - 2, 114), (cx + 50, 126), (cx - 2, 128)])
    c.paint(carrot, c.linear(0, 112, 0, 130, ["#ffb04a", "#e06a0a", "#9a3a00"]))
    for k in range(5):
        a = math.radians(200 + k * 28)
        c.paint(c.circle(cx + 24 * math.cos(a) * 0.9, 138 + 8 * math.sin(a) * 0.4 + 4, 3), "#1a1a22")
    scarf = c.poly(path((cx - 44, 144), ((cx - 10, 160), (cx + 10, 160), (cx + 44, 144)),
                        ((cx + 46, 152), (cx + 44, 160), (cx + 40, 166)),
                        ((cx + 10, 176), (cx - 10, 176), (cx - 40, 166)),
                        ((cx - 46, 160), (cx - 46, 152), (cx - 44, 144))))
    tail = c.poly([(cx + 18, 160), (cx + 40, 162), (cx + 46, 206), (cx + 26, 208)])
    for m in (tail, scarf):
        c.paint(m, c.linear(0, 140, 0, 210, ["#ff5a4a", "#d0101a", "#7a0008"]))
        c.bevel(m, 3, 0.5)
    brim = c.rrect(cx - 50, 72, 100, 14, 7)
    crown = c.rrect(cx - 32, 20, 64, 58, 6)
    for m in (crown, brim):
        c.paint(m, c.linear(cx - 40, 0, cx + 40, 0, ["#5a5a6a", "#1a1a22", "#000000"]))
        c.bevel(m, 3, 0.5)
    c.paint(c.rrect(cx - 32, 60, 64, 12, 2), "#d0101a")
    finish(c, 3, colour="#0a1a3a")


def gift(c: Canvas, p: Palette, **_: Any) -> None:
    main = p.get("main", "#d0101a")
    rib = p.get("ribbon", "#ffd84a")
    box = c.rrect(40, 112, 176, 124, 10)
    lid = c.rrect(28, 86, 200, 40, 10)
    for m, y0, y1 in ((box, 112, 236), (lid, 86, 126)):
        c.paint(m, c.linear(40, y0, 216, y1, [lighten(main, 0.35), main, darken(main, 0.5)]))
        c.bevel(m, 5, 0.6)
    c.paint(c.rrect(40, 126, 176, 10, 2), (0, 0, 0), 0.3)
    band = np.maximum(c.rrect(114, 86, 28, 150, 3), c.rrect(40, 160, 176, 26, 3) * box)
    gold(c, band, 86, 236, 3, [(0, lighten(rib, 0.6)), (0.5, rib), (1, darken(rib, 0.5))])
    for s in (-1, 1):
        loop = c.poly(path((128, 84), ((128 + s * 20, 40), (128 + s * 76, 30), (128 + s * 70, 64)),
                           ((128 + s * 66, 86), (128 + s * 30, 90), (128, 84))))
        gold(c, loop, 30, 90, 4, [(0, lighten(rib, 0.6)), (0.5, rib), (1, darken(rib, 0.5))])
        tail = c.poly([(128, 84), (128 + s * 22, 120), (128 + s * 34, 112)])
        gold(c, tail, 84, 120, 2, [(0, lighten(rib, 0.4)), (1, darken(rib, 0.4))])
    knot = c.ellipse(128, 80, 16, 13)
    gold(c, knot, 66, 94, 3, [(0, lighten(rib, 0.6)), (0.5, rib), (1, darken(rib, 0.5))])
    c.gloss(box, 52, 140, 60, 80, 0.25)
    spark(c, 200, 120, 16)
    finish(c, 3)


def stocking(c: Canvas, p: Palette, **_: Any) -> None:
    sock = c.poly(path((82, 60), ((82, 60), (170, 60), (170, 60)),
                       ((170, 100), (168, 140), (170, 170)),
                       ((176, 204), (150, 236), (110, 234)),
                       ((70, 232), (40, 220), (44, 196)),
                       ((48, 170), (80, 168), (86, 150)),
                       ((90, 120), (82, 90), (82, 60))))
    c.paint(sock, c.linear(60, 60, 190, 230, ["#ff6a5a", "#d0101a", "#6a0008"]))
    stripes = c.empty()
    for y in (100, 130, 160, 190):
        stripes = np.maximum(stripes, c.stroke([(30, y + 20), (200, y - 20)], 9))
    c.paint(stripes * sock, "#f4f8ff", 0.9)
    c.bevel(sock, 7, 0.6)
    cuff = c.rrect(66, 30, 120, 42, 16)
    c.paint(cuff, c.linear(0, 30, 0, 72, ["#ffffff", "#e0e8f4", "#a8b4c8"]))
    fruit_texture(c, cuff, 33, 0.08, 2)
    c.bevel(cuff, 6, 0.6)
    leaf(c, (176, 44), (224, 22), 12, {"leaf": "#2a8a2a"})
    for x, y in ((178, 50), (188, 58)):
        _ball(c, x, y, 8, "#e0101a")
    finish(c, 3)


def ornament(c: Canvas, p: Palette, **_: Any) -> None:
    main = p.get("main", "#1a5aff")
    cx, cy, r = 128, 146, 88
    loop = c.stroke(arc_points(cx, 38, 12, 12, 180, 360, 16), 4)
    c.paint(loop, "#d8c070")
    ball = _ball(c, cx, cy, r, main, 0.55, 0.6)
    band = np.clip(c.ellipse(cx, cy, r, 22) - c.ellipse(cx, cy, r, 10), 0, 1) * ball
    gold(c, band, cy - 22, cy + 22, 2)
    for k in range(7):
        x = cx + (k - 3) * 24
        c.paint(c.poly([(x, cy - 8), (x + 6, cy), (x, cy + 8), (x - 6, cy)]) * ball, "#ffe27a")
    for s in (-1, 1):
        c.paint(c.stroke(arc_points(cx, cy + s * 46, r * 0.8, 14, 0, 180 if s > 0 else -180, 24), 3) * ball,
                lighten(main, 0.6), 0.5)
    c.bevel(ball, 10, 0.5)
    c.gloss(ball, 70, 72, 56, 60, 0.7, -25)
    cap = c.rrect(cx - 22, 46, 44, 26, 5)
    gold(c, cap, 46, 72, 3)
    spark(c, 84, 98, 18)
    finish(c, 3)


def candy_cane(c: Canvas, p: Palette, **_: Any) -> None:
    pts = bezier((150, 236), (150, 180), (150, 120), (150, 90), 12)[:-1] + arc_points(112, 90, 38, 44, 0, -180, 28)[:]
    pts += [(74, 110), (74, 124)]
    pts = [(x, y - 14) for x, y in rotate(pts, 128, 140, 12)]
    cane = c.stroke(pts, 38)
    c.paint(cane, "#fff8f8")
    stripes = c.empty()
    for k in range(-10, 14):
        stripes = np.maximum(stripes, c.stroke([(k * 26 - 60, 0), (k * 26 + 120, 260)], 9))
    c.paint(stripes * cane, c.linear(0, 0, 256, 256, ["#ff4a4a", "#d0101a"]))
    thin = c.empty()
    for k in range(-10, 14):
        thin = np.maximum(thin, c.stroke([(k * 26 - 46, 0), (k * 26 + 134, 260)], 3))
    c.paint(thin * cane, "#2aa84a", 0.9)
    c.bevel(cane, 10, 0.7)
    c.gloss(cane, 110, 40, 30, 190, 0.35, 12)
    finish(c, 3)


def _holly_leaf(c: Canvas, base: tuple[float, float], tip: tuple[float, float], width: float) -> Array:
    bx, by = base
    tx, ty = tip
    dx, dy = tx - bx, ty - by
    ln = math.hypot(dx, dy)
    nx, ny = -dy / ln, dx / ln
    side_a, side_b = [], []
    for i in range(7):
        t = i / 6
        bulge = math.sin(math.pi * t) * width * (1.0 if i % 2 else 0.7)
        side_a.append((bx + dx * t + nx * bulge, by + dy * t + ny * bulge))
        side_b.append((bx + dx * t - nx * bulge, by + dy * t - ny * bulge))
    m = c.poly(side_a + side_b[::-1])
    c.paint(m, c.linear(bx + nx * width, by + ny * width, bx - nx * width, by - ny * width,
                        ["#6ad04a", "#1f8a2a", "#0a4a14"]))
    c.paint(c.stroke([base, (bx + dx * 0.9, by + dy * 0.9)], 3) * m, "#9af07a", 0.7)
    c.bevel(m, 4, 0.6)
    return m


def holly(c: Canvas, p: Palette, **_: Any) -> None:
    _holly_leaf(c, (128, 130), (30, 70), 34)
    _holly_leaf(c, (128, 130), (226, 70), 34)
    _holly_leaf(c, (128, 134), (150, 238), 30)
    for x, y in ((110, 118), (146, 114), (128, 146)):
        _ball(c, x, y, 24, "#e0101a", 0.6, 0.6)
        c.paint(c.ellipse(x - 8, y - 9, 7, 4, -35), "#ffffff", 0.85)
    finish(c, 3)


# ----------------------------------------------------------------------------- lucky

def basket(c: Canvas, p: Palette, **_: Any) -> None:
    handle = c.stroke(arc_points(128, 120, 88, 90, 180, 360, 40), 14)
    gold(c, handle, 30, 130, 3)
    for i, (x, y) in enumerate(((92, 110), (128, 100), (164, 110), (110, 118), (150, 118))):
        _coin(c, x, y, 30, p, hole=i % 2 == 0)
    bowl = c.poly(path((26, 120), ((230, 120), (230, 120), (230, 120)), ((222, 190), (180, 232), (128, 232)),
                       ((76, 232), (34, 190), (26, 120))))
    gold(c, bowl, 120, 232, 5, [(0, "#fff2a0"), (0.4, "#e8a81a"), (1, "#7a4204")])
    weave = c.empty()
    for k in range(-8, 10):
        weave = np.maximum(weave, c.stroke([(k * 22, 120), (k * 22 + 60, 240)], 3))
        weave = np.maximum(weave, c.stroke([(k * 22 + 60, 120), (k * 22, 240)], 3))
    c.paint(weave * bowl, "#7a4204", 0.45)
    rim = c.rrect(18, 112, 220, 20, 10)
    gold(c, rim, 112, 132, 3)
    spark(c, 130, 70, 20)
    finish(c, 3)


def peach(c: Canvas, p: Palette, **_: Any) -> None:
    body = c.poly(path((128, 70), ((178, 40), (228, 100), (212, 160)),
                       ((196, 214), (150, 236), (128, 236)),
                       ((106, 236), (60, 214), (44, 160)),
                       ((28, 100), (78, 40), (128, 70))))
    c.paint(body, c.radial(100, 110, 160, ["#fff0c0", "#ffb07a", "#ff5a6a", "#a0102a"]))
    c.paint(body * blur(c.ellipse(170, 150, 50, 70), c.L(20)), "#e0203a", 0.5)
    crease = c.stroke(bezier((128, 74), (112, 120), (112, 180), (128, 232), 24), 5)
    c.paint(blur(crease, c.L(3)) * body, "#a0102a", 0.5)
    c.bevel(body, 10, 0.45)
    c.gloss(body, 66, 80, 50, 60, 0.45, 20)
    leaf(c, (130, 70), (76, 36), 18, p)
    leaf(c, (130, 70), (196, 26), 20, p)
    finish(c, 3)


def lotus(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy = 128, 168
    pad = c.ellipse(cx, 212, 110, 28)
    c.paint(pad, c.linear(0, 184, 0, 240, ["#6ad04a", "#1f7a2a", "#0a3a14"]))
    c.bevel(pad, 4, 0.5)
    for ang, ln, wd, shade in ((-70, 110, 26, 0.3), (-110, 110, 26, 0.3), (-40, 100, 26, 0.15),
                               (-140, 100, 26, 0.15), (-15, 80, 24, 0.0), (-165, 80, 24, 0.0), (-90, 124, 30, 0.45)):
        a = math.radians(ang)
        tip = (cx + ln * math.cos(a), cy + ln * math.sin(a))
        nx, ny = -math.sin(a) * wd, math.cos(a) * wd
        pet = c.poly(path((cx, cy), ((cx + ln * 0.4 * math.cos(a) + nx, cy + ln * 0.4 * math.sin(a) + ny),
                                     (tip[0] + nx * 0.4, tip[1] + ny * 0.4), tip),
                          ((tip[0] - nx * 0.4, tip[1] - ny * 0.4),
                           (cx + ln * 0.4 * math.cos(a) - nx, cy + ln * 0.4 * math.sin(a) - ny), (cx, cy))))
        c.paint(pet, c.linear(cx, cy, tip[0], tip[1], [darken("#ff4a9a", 0.2 - shade * 0.2), "#ff8ac0", "#fff0f6"]))
        c.bevel(pet, 4, 0.5)
    center = c.ellipse(cx, cy - 6, 20, 12)
    gold(c, center, cy - 18, cy + 6, 2)
    spark(c, 128, 44, 18)
    finish(c, 3)


def koi(c: Canvas, p: Palette, **_: Any) -> None:
    with c.transform(14, 2, 0.9):
        _koi(c, p)
    finish(c, 3)


def _koi(c: Canvas, p: Palette) -> None:
    body = c.poly(path((54, 170), ((60, 100), (120, 50), (190, 60)),
                       ((226, 66), (232, 100), (206, 118)),
                       ((170, 140), (120, 170), (90, 200)),
                       ((76, 214), (58, 200), (54, 170))))
    tail = c.poly(path((74, 196), ((40, 200), (20, 230), (24, 244)), ((50, 236), (70, 240), (96, 230)),
                       ((86, 220), (80, 206), (74, 196))))
    fins = [c.poly([(150, 110), (176, 146), (130, 150)]), c.poly([(120, 70), (140, 40), (160, 66)])]
    for m in [tail] + fins:
        c.paint(m, c.linear(0, 30, 0, 250, ["#fff0d8", "#ff8a3a", "#d04a0a"]), 0.95)
        c.bevel(m, 3, 0.5)
    c.paint(body, c.linear(200, 60, 60, 200, ["#fff8f0", "#ffe8d8", "#f0c8a8"]))
    for x, y, rx, ry, a in ((170, 78, 26, 18, 20), (116, 120, 30, 20, -40), (80, 168, 18, 14, -60)):
        c.paint(c.ellipse(x, y, rx, ry, a) * body, c.linear(0, y - ry, 0, y + ry, ["#ff8a3a", "#e0400a"]))
    scales = c.empty()
    for k in range(10):
        for j in range(3):
            x, y = 90 + k * 12 + j * 6, 160 - k * 9 + j * 14
            scales = np.maximum(scales, np.clip(c.circle(x, y, 7) - c.circle(x - 2, y, 6), 0, 1))
    c.paint(scales * body, "#ffffff", 0.35)
    c.bevel(body, 7, 0.5)
    c.paint(c.circle(200, 80, 6), "#1a0a00")
    c.paint(c.circle(198, 78, 2), "#ffffff")
    wh = c.stroke(bezier((222, 100), (236, 110), (240, 126), (232, 138), 10), 2.5)
    c.paint(wh, "#d07a3a")
    spark(c, 214, 160, 14)


# ----------------------------------------------------------------------------- halloween

def _skin_head(c: Canvas, cx: float, top: float, w: float, h: float, colour: str, jaw: float = 0.8) -> Array:
    head = c.poly(path((cx, top), ((cx + w * 0.62, top), (cx + w / 2, top + h * 0.55), (cx + w * 0.4 * jaw, top + h * 0.85)),
                       ((cx + w * 0.25, top + h), (cx - w * 0.25, top + h), (cx - w * 0.4 * jaw, top + h * 0.85)),
                       ((cx - w / 2, top + h * 0.55), (cx - w * 0.62, top), (cx, top))))
    c.paint(head, c.radial(cx - w * 0.15, top + h * 0.4, h, [lighten(colour, 0.45), colour, darken(colour, 0.55)]))
    return head


def dracula(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    collar = c.poly([(20, 250), (40, 120), (86, 176), (170, 176), (216, 120), (236, 250)])
    c.paint(collar, c.linear(0, 120, 0, 250, ["#d0102a", "#6a0010", "#2a0008"]))
    c.bevel(collar, 5, 0.5)
    cape = c.poly([(60, 250), (90, 190), (166, 190), (196, 250)])
    c.paint(cape, c.linear(0, 190, 0, 250, ["#2a2a3a", "#08080c"]))
    head = _skin_head(c, cx, 40, 120, 160, "#d8dce8", 0.7)
    hair = c.poly(path((cx - 66, 120), ((cx - 70, 50), (cx - 30, 26), (cx, 30)),
                       ((cx + 30, 26), (cx + 70, 50), (cx + 66, 120)),
                       ((cx + 56, 90), (cx + 40, 70), (cx + 20, 66)),
                       ((cx + 10, 66), (cx + 4, 80), (cx, 96)),
                       ((cx - 4, 80), (cx - 10, 66), (cx - 20, 66)),
                       ((cx - 40, 70), (cx - 56, 90), (cx - 66, 120))))
    c.paint(hair, c.linear(0, 26, 0, 120, ["#4a4a5a", "#101018", "#000000"]))
    c.bevel(hair, 4, 0.5)
    c.bevel(head, 8, 0.4)
    for s in (-1, 1):
        brow = c.poly([(cx + s * 10, 104), (cx + s * 50, 92), (cx + s * 48, 100), (cx + s * 12, 112)])
        c.paint(brow, "#101018")
        eye = c.ellipse(cx + s * 28, 118, 12, 7, s * 10)
        c.glow(eye, "#ff2a2a", 6, 0.6)
        c.paint(eye, c.radial(cx + s * 28, 118, 12, ["#ffe0a0", "#ff2a1a", "#8a0000"]))
        c.paint(c.ellipse(cx + s * 28, 118, 2.5, 6), "#200000")
    mouth = c.poly(path((cx - 24, 166), ((cx - 8, 176), (cx + 8, 176), (cx + 24, 166)), ((cx + 8, 170), (cx - 8, 170), (cx - 24, 166))))
    c.paint(mouth, "#7a0010")
    for s in (-1, 1):
        c.paint(c.poly([(cx + s * 14, 169), (cx + s * 8, 170), (cx + s * 11, 186)]), "#ffffff")
    c.paint(c.stroke([(cx, 130), (cx + 4, 150), (cx - 4, 152)], 2.5), "#9aa0b8", 0.8)
    finish(c, 3)


def frankenstein(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    for s in (-1, 1):
        bolt = c.rrect(cx + s * 78 - 14, 150, 28, 16, 4)
        c.paint(bolt, c.linear(0, 150, 0, 166, ["#e0e4ec", "#7a808c", "#3a3e48"]))
        c.bevel(bolt, 2, 0.5)
    head = c.rrect(cx - 68, 44, 136, 184, 26)
    c.paint(head, c.radial(cx - 20, 110, 180, ["#c8f0a0", "#6ab04a", "#2a5a1a"]))
    hair = c.poly([(cx - 72, 40), (cx + 72, 40), (cx + 72, 86), (cx + 50, 74), (cx + 30, 88), (cx + 8, 74),
                   (cx - 14, 88), (cx - 36, 74), (cx - 56, 88), (cx - 72, 78)])
    c.paint(hair, c.linear(0, 30, 0, 90, ["#3a3a44", "#101014"]))
    c.bevel(hair, 4, 0.5)
    c.bevel(head, 8, 0.5)
    for s in (-1, 1):
        c.paint(c.ellipse(cx + s * 30, 126, 20, 10), "#2a4a1a", 0.6)
        _eye(c, cx + s * 30, 124, 9, "#e0d02a")
        c.paint(c.rrect(cx + s * 30 - 20, 106, 40, 8, 3), "#101014")
    scar = c.stroke([(cx - 40, 98), (cx + 10, 92)], 3)
    for k in range(5):
        x = cx - 36 + k * 11
        scar = np.maximum(scar, c.stroke([(x, 88), (x + 2, 104)], 2.2))
    c.paint(scar, "#1a2a10")
    c.paint(c.stroke([(cx - 4, 136), (cx + 6, 160), (cx - 6, 162)], 3), "#2a5a1a", 0.8)
    mouth = c.rrect(cx - 34, 186, 68, 8, 3)
    c.paint(mouth, "#1a2a10")
    for k in range(4):
        c.paint(c.stroke([(cx - 24 + k * 16, 180), (cx - 24 + k * 16, 200)], 2.2), "#1a2a10")
    finish(c, 3)


def mummy(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    head = c.poly(path((cx, 30), ((cx + 80, 30), (cx + 84, 120), (cx + 70, 170)),
                       ((cx + 58, 214), (cx + 30, 236), (cx, 236)),
                       ((cx - 30, 236), (cx - 58, 214), (cx - 70, 170)),
                       ((cx - 84, 120), (cx - 80, 30), (cx, 30))))
    c.paint(head, c.radial(cx - 20, 90, 200, ["#fff8e0", "#e0cca0", "#8a7450"]))
    eyes_band = c.rrect(cx - 70, 104, 140, 40, 10) * head
    c.paint(eyes_band, "#1a0e08")
    for s in (-1, 1):
        e = c.ellipse(cx + s * 30, 124, 14, 9)
        c.glow(e, "#3aff5a", 8, 0.7)
        c.paint(e, c.radial(cx + s * 30, 124, 14, ["#ffffff", "#8aff6a", "#1a8a2a"]))
    wraps = c.empty()
    for i, (y, a) in enumerate(((50, 8), (74, -10), (160, 6), (186, -8), (212, 10), (92, 4))):
        wraps = np.maximum(wraps, c.stroke(rotate([(20, y), (236, y)], cx, y, a), 5))
        del i
    c.paint(wraps * head * (1 - eyes_band), "#8a7450", 0.7)
    lines = c.empty()
    for y, a in ((62, 8), (86, -10), (172, 6), (198, -8)):
        lines = np.maximum(lines, c.stroke(rotate([(20, y), (236, y)], cx, y, a), 2))
    c.paint(lines * head * (1 - eyes_band), "#fff8e0", 0.6)
    c.bevel(head, 8, 0.5)
    flap = c.poly([(cx + 50, 190), (cx + 96, 214), (cx + 90, 226), (cx + 44, 204)])
    c.paint(flap, c.linear(0, 190, 0, 226, ["#f0e0b8", "#a08a60"]))
    finish(c, 3)


def moon_scatter(c: Canvas, p: Palette, text: str = "SCATTER", **_: Any) -> None:
    cx, cy = 128, 104
    moon = c.circle(cx, cy, 84)
    c.glow(moon, "#ffb04a", 16, 0.7)
    c.paint(moon, c.radial(cx - 30, cy - 30, 130, ["#fffbe0", "#ffd88a", "#d08a3a"]))
    for x, y, r in ((100, 80, 16), (150, 130, 22), (160, 70, 10), (96, 140, 9)):
        cr = c.circle(x, y, r)
        c.paint(cr, "#c88a4a", 0.5)
        c.bevel(cr, 3, 0.5, light=(0.6, 0.8))
    c.bevel(moon, 8, 0.4)
    with c.transform(64, 36, 0.5):
        bat(c, p, _finish=False)
    _ribbon(c, 172, 52, text, {"ribbon": "#7a1ad0"})
    finish(c, 2.5)


def pumpkin(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy = 128, 148
    stem = c.poly([(cx - 8, 80), (cx - 4, 40), (cx + 18, 30), (cx + 10, 46), (cx + 10, 80)])
    c.paint(stem, c.linear(cx - 8, 0, cx + 18, 0, ["#8ab04a", "#3a5a1a"]))
    c.bevel(stem, 3, 0.5)
    whole = c.empty()
    for dx, rx in ((-62, 44), (62, 44), (-34, 50), (34, 50), (0, 52)):
        lobe = c.ellipse(cx + dx, cy, rx, 82)
        c.paint(lobe, c.radial(cx + dx - 10, cy - 30, 110, ["#ffd07a", "#ff8a1a", "#a03a00"]))
        c.paint(np.clip(lobe - c.ellipse(cx + dx, cy, rx - 5, 80), 0, 1), "#7a2a00", 0.5)
        whole = np.maximum(whole, lobe)
    c.bevel(whole, 8, 0.5)
    face = c.empty()
    for s in (-1, 1):
        face = np.maximum(face, c.poly([(cx + s * 18, 134), (cx + s * 58, 134), (cx + s * 40, 106)]))
    face = np.maximum(face, c.poly([(cx, 146), (cx + 12, 164), (cx - 12, 164)]))
    face = np.maximum(face, c.poly(path((cx - 62, 176), ((cx - 30, 206), (cx + 30, 206), (cx + 62, 176)),
                                        ((cx + 40, 184), (cx + 24, 182), (cx + 20, 190)),
                                        ((cx + 14, 182), (cx - 14, 182), (cx - 20, 190)),
                                        ((cx - 24, 182), (cx - 40, 184), (cx - 62, 176)))))
    c.paint(face, c.radial(cx, 160, 80, ["#ffff9a", "#ffb01a", "#c05000"]))
    c.glow(face, "#ffd04a", 4, 0.0)
    c.paint(blur(dilate(face, c.L(3)), c.L(3)) * (1 - face) * whole, "#ffd04a", 0.35)
    leaf(c, (cx + 6, 60), (cx + 70, 40), 16, p)
    finish(c, 3)


def ghost(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    pts = bezier((48, 210), (40, 120), (60, 30), (cx, 30), 24) + bezier((cx, 30), (196, 30), (216, 120), (208, 210), 24)
    for k in range(4):  # wavy hem
        x0 = 208 - k * 40
        pts += bezier((x0, 210), (x0 - 10, 236), (x0 - 30, 236), (x0 - 40, 212), 10)
    body = c.poly(pts)
    c.glow(body, "#b0d0ff", 12, 0.6)
    c.paint(body, c.radial(cx - 30, 80, 200, ["#ffffff", "#e8f0ff", "#9ab0d8"]))
    arm = c.ellipse(210, 130, 24, 12, -30)
    c.paint(arm, c.linear(0, 118, 0, 142, ["#ffffff", "#b8c8e8"]))
    c.bevel(np.maximum(body, arm), 8, 0.5, shadow="#2a3a6a")
    for s in (-1, 1):
        e = c.ellipse(cx + s * 26, 100, 13, 19)
        c.paint(e, c.linear(0, 80, 0, 120, ["#2a2a4a", "#000000"]))
        c.paint(c.circle(cx + s * 26 - 4, 92, 4), "#ffffff", 0.9)
    c.paint(c.ellipse(cx, 150, 16, 22), c.linear(0, 128, 0, 172, ["#3a1a3a", "#000000"]))
    c.paint(blur(c.circle(cx + 44, 130, 10), c.L(5)), "#ff8ab0", 0.5)
    c.paint(blur(c.circle(cx - 44, 130, 10), c.L(5)), "#ff8ab0", 0.5)
    finish(c, 3, colour="#10183a")


def bat(c: Canvas, p: Palette, _finish: bool = True, **_: Any) -> None:
    cx = 128
    half = path((cx, 100), ((150, 80), (190, 50), (240, 70)),
                ((228, 90), (226, 110), (232, 130)),
                ((214, 122), (200, 126), (194, 142)),
                ((184, 130), (170, 134), (162, 150)),
                ((150, 146), (138, 160), (cx, 176)), n=16)
    wings = c.poly(mirror_x([(2 * cx - x, y) for x, y in reversed(half)], cx))
    c.paint(wings, c.linear(0, 50, 0, 180, ["#6a3a9a", "#2a1040", "#0a0410"]))
    veins = c.empty()
    for tip in ((236, 72), (228, 128), (192, 140)):
        for s in (-1, 1):
            veins = np.maximum(veins, c.stroke([(cx + s * 16, 118), (cx + s * (tip[0] - cx), tip[1])], 2.5))
    c.paint(veins * wings, "#9a6ad0", 0.6)
    c.bevel(wings, 5, 0.5)
    body = c.ellipse(cx, 130, 24, 40)
    c.paint(body, c.radial(cx - 8, 116, 50, ["#7a5a9a", "#2a1a3a", "#0a0410"]))
    for s in (-1, 1):
        c.paint(c.poly([(cx + s * 6, 96), (cx + s * 22, 70), (cx + s * 20, 104)]), "#2a1a3a")
        e = c.ellipse(cx + s * 9, 114, 6, 5)
        c.glow(e, "#ff2a2a", 4, 0.8)
        c.paint(e, "#ff3a2a")
        c.paint(c.poly([(cx + s * 4, 132), (cx + s * 8, 132), (cx + s * 6, 141)]), "#ffffff")
    c.bevel(body, 4, 0.5)
    if _finish:
        finish(c, 3, colour="#05020a")


def cauldron(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    for s in (-1, 1):
        c.paint(c.poly([(cx + s * 50, 200), (cx + s * 66, 240), (cx + s * 40, 240), (cx + s * 34, 206)]), "#1a1a22")
    pot = c.poly(path((36, 110), ((20, 190), (70, 226), (cx, 226)), ((186, 226), (236, 190), (220, 110))))
    c.paint(pot, c.radial(100, 140, 150, ["#6a6a7a", "#2a2a34", "#050508"]))
    c.bevel(pot, 8, 0.5)
    c.gloss(pot, 60, 130, 40, 60, 0.3, 20)
    brew = c.ellipse(cx, 108, 92, 22)
    c.glow(brew, "#6aff3a", 16, 0.8)
    c.paint(brew, c.radial(cx, 108, 92, ["#e0ff9a", "#6ad02a", "#1a6a0a"], ry=22))
    for x, y, r in ((96, 92, 14), (140, 84, 18), (170, 98, 10), (118, 70, 9), (150, 52, 7), (106, 40, 5)):
        b = c.circle(x, y, r)
        c.paint(b, c.radial(x - r * 0.3, y - r * 0.3, r * 1.5, ["#f0ffd0", "#8ae04a", "#2a8a1a"]), 0.9)
        c.paint(c.circle(x - r * 0.35, y - r * 0.35, r * 0.25), "#ffffff", 0.8)
    rim = np.clip(c.ellipse(cx, 108, 102, 28) - c.ellipse(cx, 108, 92, 20), 0, 1)
    c.paint(rim, c.linear(0, 80, 0, 136, ["#8a8a9a", "#3a3a44", "#101014"]))
    c.bevel(rim, 3, 0.5)
    finish(c, 3, colour="#05020a")


# Halloween Wins 3's minigame board: a glowing collector pumpkin, ghosts carrying a value,
# the Mummy X mark, the jackpot coins and the empty cell (drawn here, never downloaded).

def collector_pumpkin(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy = 128, 130
    halo = np.clip(c.circle(cx, cy, 112) - c.circle(cx, cy, 98), 0, 1)
    gold(c, halo, cy - 112, cy + 112, 4)
    c.paint(blur(c.circle(cx, cy, 100), c.L(18)), "#ffb02a", 0.55)
    pumpkin(c, p)
    plate = c.rrect(58, 200, 140, 38, 16)
    c.paint(plate, c.linear(0, 200, 0, 238, ["#7a2ab0", "#3a0a5a"]))
    c.bevel(plate, 3, 0.5)
    letter_plate(c, "COLLECT", cx, 219, 26, 128, c.linear(0, 212, 0, 240, ["#ffffff", "#ffd04a"]), 2.5,
                 outline_paint="#2a0040")


def ghost_coin(c: Canvas, p: Palette, **_: Any) -> None:
    cx, cy = 128, 128
    disc = c.circle(cx, cy, 112)
    c.paint(disc, c.radial(cx - 30, cy - 40, 200, ["#b07aff", "#5a1aa0", "#1a0638"]))
    rim = np.clip(disc - c.circle(cx, cy, 100), 0, 1)
    gold(c, rim, cy - 112, cy + 112, 3)
    ghost(c, p)


def mummy_x(c: Canvas, p: Palette, **_: Any) -> None:
    cx = 128
    mummy(c, p)
    badge = c.circle(cx + 62, 196, 50)
    c.paint(badge, c.radial(cx + 50, 180, 90, ["#ff6a4a", "#c01010", "#5a0000"]))
    gold(c, np.clip(badge - c.circle(cx + 62, 196, 42), 0, 1), 146, 246, 2)
    letter_plate(c, "+1", cx + 62, 198, 46, 80, c.linear(0, 176, 0, 220, ["#ffffff", "#ffe27a"]), 3,
                 outline_paint="#3a0000")
    finish(c, 2)


def jackpot_coin(c: Canvas, p: Palette, text: str = "MINOR", **_: Any) -> None:
    cx, cy = 128, 128
    disc = c.circle(cx, cy, 112)
    gold(c, disc, cy - 112, cy + 112, 5)
    face = c.circle(cx, cy, 98)
    main = p.get("main", "#1a6aff")
    c.paint(face, c.radial(cx - 30, cy - 40, 180, [lighten(main, 0.45), main, darken(main, 0.6)]))
    c.bevel(face, 4, 0.7, light=(0.6, 0.8))
    fill = c.linear(0, 100, 0, 156, ["#ffffff", "#fff0a0", "#ffc21a", "#c07008"])
    letter_plate(c, text, cx, cy, 58, 176, fill, 3.5, outline_paint="#2a1000")
    spark(c, 196, 64, 16)
    finish(c, 2.5)


def board_blank(c: Canvas, p: Palette, **_: Any) -> None:
    """An empty cell of the board: a dark stone tile with a cobweb in its corner."""
    cx, cy = 128, 128
    tile = c.rrect(14, 14, 228, 228, 34)
    c.paint(tile, c.radial(cx - 40, cy - 50, 260, ["#8a6aa0", "#3a2050", "#120818"]))
    c.bevel(tile, 8, 0.6)
    web = c.empty()
    for k in range(6):  # threads from the corner, and the rings across them
        a = math.radians(k * 18)
        web = np.maximum(web, c.stroke([(26, 26), (26 + 190 * math.cos(a), 26 + 190 * math.sin(a))], 3))
    for r in (50, 90, 130, 170):
        web = np.maximum(web, c.stroke(arc_points(26, 26, r, r, 0, 90, 16), 3))
    c.paint(web * tile, c.linear(0, 20, 0, 200, ["#ffffff", "#c8b8e0"]), 0.9)
    finish(c, 2.5, colour="#05020a")


SHAPES.update({
    "collector_pumpkin": collector_pumpkin, "ghost_coin": ghost_coin, "mummy_x": mummy_x,
    "jackpot_coin": jackpot_coin, "board_blank": board_blank,
})
SHAPES.update({
    "santa": santa, "reindeer": reindeer, "snowman": snowman, "gift": gift, "stocking": stocking,
    "ornament": ornament, "candy_cane": candy_cane, "holly": holly,
    "basket": basket, "peach": peach, "lotus": lotus, "koi": koi,
    "dracula": dracula, "frankenstein": frankenstein, "mummy": mummy, "moon_scatter": moon_scatter,
    "pumpkin": pumpkin, "ghost": ghost, "bat": bat, "cauldron": cauldron,
})
