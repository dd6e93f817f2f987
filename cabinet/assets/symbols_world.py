"""Shapes for themes of a designer's own: the sea, space, the Norse, Egypt, animals and gems
(same conventions as symbols.py: 256x256 canvases, registered by name in SHAPES). Each reads
its colours from the palette (``main``, ``hi``, ``lo`` and a few roles of its own, listed in
sprites/README.md), so one shape serves many themes: a red ``fish`` and a blue one."""

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
    darken,
    lighten,
    path,
    regular_points,
    rotate,
)
from .symbols import SHAPES, Palette, finish, gold, spark


def _body(c: Canvas, m: Array, main: Colour, y0: float = 30, y1: float = 226, bevel: float = 5) -> None:
    """A rounded body in ``main``: lit at the top, shaded below, embossed."""
    c.paint(m, c.linear(0, y0, 0, y1, [lighten(main, 0.55), main, darken(main, 0.5)]))
    c.bevel(m, bevel, 0.6)


def _eye(c: Canvas, x: float, y: float, r: float) -> None:
    c.paint(c.circle(x, y, r), "#ffffff")
    c.paint(c.circle(x + r * 0.2, y, r * 0.55), "#141018")
    c.paint(c.circle(x + r * 0.35, y - r * 0.3, r * 0.2), "#ffffff")


# ----------------------------------------------------------------------------- the sea

def fish(c: Canvas, p: Palette, **_: Any) -> None:
    """A round reef fish swimming left, with a striped body (``main``, ``stripe``) and fins (``fin``)."""
    main, fin = p.get("main", "#ff8a1a"), p.get("fin", "#ffd23a")
    tail = c.poly([(176, 128), (236, 72), (222, 128), (236, 184)])
    top = c.poly(path((88, 74), ((110, 30), (150, 36), (170, 70))))
    bottom = c.poly(path((100, 178), ((118, 214), (146, 212), (150, 176))))
    for m in (tail, top, bottom):
        c.paint(m, c.linear(0, 40, 0, 220, [lighten(fin, 0.4), fin, darken(fin, 0.4)]))
        c.bevel(m, 3, 0.5)
    body = c.ellipse(116, 128, 86, 62)
    _body(c, body, main, 66, 190)
    for x in (96, 140):
        stripe = c.ellipse(x, 128, 9, 60) * body
        c.paint(stripe, p.get("stripe", "#ffffff"), 0.9)
    _eye(c, 62, 112, 13)
    c.paint(c.stroke(bezier((38, 142), (46, 150), (56, 150), (62, 144)), 3), darken(main, 0.6))
    c.gloss(body, 60, 72, 100, 30, 0.4, 14)
    finish(c, 3)


def shark(c: Canvas, p: Palette, **_: Any) -> None:
    """A shark's head and fin coming at the viewer, teeth bared (``main`` back, ``belly``)."""
    main, belly = p.get("main", "#5a7a98"), p.get("belly", "#eef2f6")
    fin = c.poly([(150, 30), (190, 96), (120, 96)])
    _body(c, fin, main, 30, 96, 3)
    head = c.poly(path((28, 150), ((40, 80), (200, 70), (232, 130)), ((236, 180), (160, 214), (100, 206)),
                       ((60, 200), (30, 186), (28, 150))))
    _body(c, head, main, 80, 210)
    under = c.poly(path((60, 170), ((110, 150), (180, 150), (226, 150)), ((220, 196), (140, 214), (80, 200)))) * head
    c.paint(under, c.linear(0, 150, 0, 210, [belly, darken(belly, 0.25)]))
    mouth = c.poly(path((84, 168), ((120, 150), (190, 150), (212, 160)), ((190, 196), (120, 200), (84, 168))))
    c.paint(mouth, "#5a0a14")
    teeth = c.empty()
    for k in range(7):
        x = 96 + k * 16
        teeth = np.maximum(teeth, c.poly([(x, 160), (x + 12, 160), (x + 6, 176)]))
        teeth = np.maximum(teeth, c.poly([(x + 4, 196), (x + 14, 194), (x + 9, 182)]))
    c.paint(teeth * mouth, "#ffffff")
    _eye(c, 168, 124, 10)
    c.gloss(head, 60, 86, 120, 30, 0.35, 14)
    finish(c, 3)


def turtle(c: Canvas, p: Palette, **_: Any) -> None:
    """A sea turtle from above: a plated shell (``main``, ``plates``) and flippers (``skin``)."""
    main, skin = p.get("main", "#2a8a4a"), p.get("skin", "#9ad07a")
    limbs = c.empty()
    for cx, cy, rx, ry, a in ((72, 78, 44, 18, 35), (184, 78, 44, 18, -35), (78, 186, 30, 14, -35),
                              (178, 186, 30, 14, 35)):
        limbs = np.maximum(limbs, c.ellipse(cx, cy, rx, ry, a))
    head = c.ellipse(128, 46, 22, 26)
    for m in (limbs, head):
        _body(c, m, skin, 20, 230, 3)
    _eye(c, 118, 40, 5)
    _eye(c, 138, 40, 5)
    shell = c.ellipse(128, 136, 74, 84)
    _body(c, shell, main, 52, 220, 7)
    plates = c.empty()
    for x, y in regular_points(128, 136, 44, 6, -90) + [(128, 136)]:
        plates = np.maximum(plates, c.poly(regular_points(x, y, 20, 6, 0)))
    c.paint(plates * shell, p.get("plates", lighten(main, 0.35)), 0.85)
    c.bevel(plates * shell, 3, 0.5)
    c.gloss(shell, 80, 66, 90, 36, 0.35, 14)
    finish(c, 3)


def shell(c: Canvas, p: Palette, **_: Any) -> None:
    """A scallop shell, fanned ribs from a hinge, with a pearl (``main``, ``pearl``)."""
    main = p.get("main", "#ffb0a0")
    fan = c.poly([(128, 214)] + arc_points(128, 214, 110, 150, 200, 340, 48))
    _body(c, fan, main, 60, 214, 6)
    ribs = c.empty()
    for k in range(9):
        a = math.radians(205 + k * 16.25)
        ribs = np.maximum(ribs, c.stroke([(128, 210), (128 + 104 * math.cos(a), 214 + 142 * math.sin(a))], 5))
    c.paint(ribs * fan, darken(main, 0.35), 0.7)
    hinge = c.poly([(96, 200), (160, 200), (150, 232), (106, 232)])
    _body(c, hinge, main, 196, 232, 3)
    pearl = c.circle(128, 170, 24)
    c.paint(pearl, c.radial(118, 160, 34, ["#ffffff", p.get("pearl", "#e8e4ff"), "#9a90b8"]))
    c.gloss(pearl, 112, 152, 18, 12, 0.7, 6)
    spark(c, 150, 150, 12)
    finish(c, 3)


def octopus(c: Canvas, p: Palette, **_: Any) -> None:
    """An octopus: a round head and eight curling arms (``main``, ``spots``)."""
    main = p.get("main", "#c03a8a")
    arms = c.empty()
    for k in range(8):
        x = 44 + k * 24
        bend = 22 if k % 2 else -22
        arms = np.maximum(arms, c.stroke(bezier((x + 8, 130), (x - bend, 170), (x + bend, 200), (x, 232)), 15))
    _body(c, arms, main, 130, 232, 3)
    head = c.ellipse(128, 104, 78, 74)
    _body(c, head, main, 30, 178, 6)
    for x, y, r in ((90, 70, 9), (166, 66, 7), (150, 40, 6), (106, 40, 5)):
        c.paint(c.circle(x, y, r), p.get("spots", lighten(main, 0.45)), 0.8)
    _eye(c, 104, 114, 14)
    _eye(c, 152, 114, 14)
    c.gloss(head, 70, 40, 100, 36, 0.4, 14)
    finish(c, 3)


# ----------------------------------------------------------------------------- space

def planet(c: Canvas, p: Palette, **_: Any) -> None:
    """A ringed planet with bands (``main``, ``band``) and its ring (``ring``)."""
    main, ring = p.get("main", "#e0903a"), p.get("ring", "#f0e0b0")
    globe = c.circle(128, 128, 76)
    back = c.ellipse(128, 132, 118, 28, -14) - c.ellipse(128, 132, 96, 18, -14)
    back = np.clip(back, 0, 1) * (c.poly([(0, 0), (256, 0), (256, 118), (0, 150)]))
    c.paint(back, darken(ring, 0.25))
    c.paint(globe, c.radial(100, 96, 140, [lighten(main, 0.5), main, darken(main, 0.6)]))
    for y, h in ((96, 10), (124, 14), (156, 8)):
        band = c.ellipse(128, y, 90, h, -14) * globe
        c.paint(band, p.get("band", darken(main, 0.3)), 0.6)
    c.bevel(globe, 5, 0.5)
    front = np.clip(c.ellipse(128, 132, 118, 28, -14) - c.ellipse(128, 132, 96, 18, -14), 0, 1)
    front = front * (1 - c.poly([(0, 0), (256, 0), (256, 118), (0, 150)]))
    c.paint(front, c.linear(0, 110, 0, 160, [lighten(ring, 0.3), ring, darken(ring, 0.35)]))
    c.gloss(globe, 80, 60, 70, 40, 0.4, 14)
    spark(c, 210, 50, 14)
    spark(c, 44, 200, 10)
    finish(c, 3)


def rocket(c: Canvas, p: Palette, **_: Any) -> None:
    """A rocket climbing to the right, flame behind (``main`` hull, ``fins``, ``flame``)."""
    main, fins = p.get("main", "#e8ecf4"), p.get("fins", "#d0282a")
    flame = c.poly(rotate([(128, 196), (150, 250), (128, 232), (106, 250)], 128, 128, 40))
    c.paint(flame, c.linear(0, 190, 0, 250, ["#fff6b0", p.get("flame", "#ff8a1a"), "#c02a0a"]))
    c.glow(flame, "#ffb040", 10, 0.6)
    wings = c.poly(rotate([(92, 196), (100, 150), (156, 150), (164, 196), (128, 178)], 128, 128, 40))
    _body(c, wings, fins, 140, 200, 3)
    hull = c.poly(rotate(path((128, 20), ((160, 60), (166, 120), (156, 196)), ((128, 204), (100, 196), (100, 196)),
                             ((90, 120), (96, 60), (128, 20))), 128, 128, 40))
    c.paint(hull, c.linear(70, 0, 190, 0, [darken(main, 0.3), lighten(main, 0.5), main, darken(main, 0.45)]))
    c.bevel(hull, 5, 0.6)
    (wx, wy), = rotate([(128, 96)], 128, 128, 40)
    window = c.circle(wx, wy, 20)
    c.paint(window, fins)
    c.paint(c.circle(wx, wy, 14), c.radial(wx - 4, wy - 4, 20, ["#d8f4ff", "#3a8ad0", "#0a2a5a"]))
    spark(c, 48, 60, 14)
    finish(c, 3)


# ----------------------------------------------------------------------------- the Norse

def axe(c: Canvas, p: Palette, **_: Any) -> None:
    """A bearded war axe on a bound haft (``main`` blade, ``haft``)."""
    main, haft = p.get("main", "#c8d0da"), p.get("haft", "#8a5a2a")
    stick = c.stroke([(84, 236), (176, 28)], 16)
    c.paint(stick, c.linear(70, 0, 100, 0, [lighten(haft, 0.3), haft, darken(haft, 0.4)]))
    c.bevel(stick, 3, 0.5)
    for t in (0.62, 0.7, 0.78):
        x, y = 84 + (176 - 84) * t, 236 + (28 - 236) * t
        c.paint(c.stroke([(x - 10, y - 4), (x + 10, y + 4)], 5), p.get("binding", "#3a2a1a"))
    blade = c.poly(path((150, 50), ((196, 20), (236, 40), (236, 70)), ((224, 110), (226, 150), (200, 176)),
                        ((180, 130), (160, 120), (140, 100))))
    c.paint(blade, c.linear(140, 40, 236, 160, [lighten(main, 0.6), main, darken(main, 0.45)]))
    c.bevel(blade, 5, 0.8)
    edge = c.stroke(bezier((236, 44), (224, 100), (226, 150), (202, 174)), 5) * blade
    c.paint(edge, "#ffffff", 0.7)
    spark(c, 226, 56, 14)
    finish(c, 3)


def horned_helmet(c: Canvas, p: Palette, **_: Any) -> None:
    """A horned helmet with a nose guard and rivets (``main`` steel, ``horns``)."""
    main, horns = p.get("main", "#aab4c0"), p.get("horns", "#f0e2c0")
    for side in (1, -1):
        pts = path((128 + side * 60, 110), ((128 + side * 110, 100), (128 + side * 112, 50), (128 + side * 96, 20)),
                   ((128 + side * 90, 60), (128 + side * 76, 80), (128 + side * 50, 84)))
        horn = c.poly(pts)
        c.paint(horn, c.linear(0, 20, 0, 120, [lighten(horns, 0.3), horns, darken(horns, 0.4)]))
        c.bevel(horn, 4, 0.6)
    dome = c.poly([(40, 170)] + arc_points(128, 170, 88, 110, 180, 360, 48))
    _body(c, dome, main, 60, 170, 6)
    rim = c.rrect(34, 160, 188, 24, 10)
    gold(c, rim, 160, 184, 3)
    nose = c.poly([(116, 170), (140, 170), (134, 232), (122, 232)])
    _body(c, nose, main, 170, 232, 3)
    for x in range(50, 220, 24):
        c.paint(c.circle(x, 172, 4), "#5a3000")
    c.gloss(dome, 70, 70, 80, 30, 0.45, 14)
    finish(c, 3)


def rune_stone(c: Canvas, p: Palette, text: str = "", **_: Any) -> None:
    """A standing stone cut with a glowing rune (``main`` stone, ``glow``; ``text``: letters cut
    instead of the rune of wealth)."""
    main = p.get("main", "#7a8088")
    stone = c.poly(path((64, 230), ((52, 150), (60, 60), (110, 30)), ((160, 20), (204, 60), (196, 130)),
                        ((194, 180), (200, 214), (192, 230))))
    _body(c, stone, main, 30, 230, 6)
    if text:
        rune = c.text(text, 128, 128, 110, 120)
    else:  # fehu: a stave with two branches rising to the right
        rune = np.maximum.reduce([c.stroke([(108, 196), (108, 60)], 11), c.stroke([(108, 96), (156, 64)], 10),
                                  c.stroke([(108, 134), (156, 102)], 10)])
    glow = p.get("glow", "#5ad8ff")
    c.glow(rune * stone, glow, 10, 0.9)
    c.paint(rune * stone, c.linear(0, 60, 0, 200, ["#ffffff", glow]))
    c.gloss(stone, 80, 40, 80, 30, 0.25, 14)
    finish(c, 3)


# ----------------------------------------------------------------------------- Egypt

def ankh(c: Canvas, p: Palette, **_: Any) -> None:
    """The ankh in gold, or in ``main`` when the palette gives one, with a jewel (``jewel``)."""
    loop = np.clip(c.ellipse(128, 76, 42, 54) - c.ellipse(128, 80, 20, 32), 0, 1)
    bar = c.rrect(50, 122, 156, 26, 10)
    stem = c.poly([(114, 140), (142, 140), (154, 236), (102, 236)])
    shape = np.maximum(np.maximum(loop, bar), stem)
    if "main" in p:
        _body(c, shape, p["main"], 20, 236, 5)
    else:
        gold(c, shape, 20, 236, 5)
    jewel = c.circle(128, 135, 12)
    c.paint(jewel, c.radial(124, 130, 16, ["#ffffff", p.get("jewel", "#2a7aff"), "#0a1a5a"]))
    spark(c, 190, 60, 14)
    finish(c, 3)


def scarab(c: Canvas, p: Palette, **_: Any) -> None:
    """A scarab beetle with spread wings (``main`` shell, ``wings``)."""
    main, wings = p.get("main", "#1a8a8a"), p.get("wings", "#3a6aff")
    spread = c.empty()
    for side in (1, -1):
        spread = np.maximum(spread, c.poly(path((128, 120), ((128 + side * 56, 72), (128 + side * 100, 80),
                                                            (128 + side * 104, 118)),
                                                ((128 + side * 94, 148), (128 + side * 56, 150), (128, 140)))))
    c.paint(spread, c.linear(0, 70, 0, 150, [lighten(wings, 0.4), wings, darken(wings, 0.4)]), 0.95)
    c.bevel(spread, 3, 0.5)
    legs = c.empty()
    for y in (130, 160, 190):
        legs = np.maximum(legs, c.stroke([(80, y + 16), (128, y), (176, y + 16)], 5))
    c.paint(legs, darken(main, 0.6))
    head = c.ellipse(128, 70, 26, 20)
    body = c.ellipse(128, 150, 44, 62)
    for m in (head, body):
        _body(c, m, main, 50, 212, 5)
    c.paint(c.stroke([(128, 92), (128, 210)], 3) * body, darken(main, 0.5))
    sun = c.circle(128, 44, 14)
    gold(c, sun, 30, 58, 2)
    c.gloss(body, 100, 100, 30, 40, 0.45, 10)
    finish(c, 3)


def pyramid(c: Canvas, p: Palette, **_: Any) -> None:
    """A pyramid under a sun disc, its lit and shaded faces (``main``, ``sun``)."""
    main = p.get("main", "#e8c070")
    sun = c.circle(184, 64, 30)
    c.glow(sun, p.get("sun", "#ffd84a"), 14, 0.7)
    c.paint(sun, c.radial(176, 56, 40, ["#ffffff", p.get("sun", "#ffd84a"), "#e0800a"]))
    left = c.poly([(128, 46), (24, 214), (128, 214)])
    right = c.poly([(128, 46), (128, 214), (232, 214)])
    c.paint(left, c.linear(0, 46, 0, 214, [lighten(main, 0.5), main]))
    c.paint(right, c.linear(0, 46, 0, 214, [main, darken(main, 0.45)]))
    courses = c.empty()
    for y in range(74, 214, 22):
        courses = np.maximum(courses, c.stroke([(24, y), (232, y)], 2))
    c.paint(courses * np.maximum(left, right), darken(main, 0.35), 0.5)
    cap = c.poly([(128, 46), (112, 72), (144, 72)])
    gold(c, cap, 46, 72, 2)
    finish(c, 3)


def eye_of_horus(c: Canvas, p: Palette, **_: Any) -> None:
    """The eye of Horus in ``main`` (a deep blue by default) on a gold plaque."""
    plaque = c.rrect(26, 52, 204, 152, 30)
    gold(c, plaque, 52, 204, 5)
    main = p.get("main", "#1a3a9a")
    lines = np.maximum(c.stroke(bezier((48, 110), (96, 70), (168, 70), (212, 104)), 10),
                       c.stroke(bezier((60, 120), (110, 150), (160, 144), (200, 110)), 8))
    brow = c.stroke(bezier((52, 80), (100, 54), (170, 54), (214, 78)), 10)
    tear = c.stroke(bezier((110, 140), (104, 170), (96, 184), (84, 186)), 8)
    tail = c.stroke(bezier((150, 140), (160, 172), (186, 178), (196, 160)), 7)
    c.paint(np.maximum.reduce([lines, brow, tear, tail]), main)
    c.paint(c.circle(128, 104, 18), main)
    c.paint(c.circle(122, 98, 5), "#ffffff")
    finish(c, 3)


# ----------------------------------------------------------------------------- animals

def paw(c: Canvas, p: Palette, **_: Any) -> None:
    """A paw print: a pad and four toes in ``main`` on a round badge (``plate``)."""
    plate = c.circle(128, 128, 106)
    c.paint(plate, c.radial(100, 90, 160, [lighten(p.get("plate", "#f0e0c0"), 0.4), p.get("plate", "#f0e0c0"),
                                           darken(p.get("plate", "#f0e0c0"), 0.35)]))
    c.bevel(plate, 5, 0.5)
    main = p.get("main", "#6a3a1a")
    pad = c.poly(path((128, 118), ((170, 118), (190, 170), (170, 184)), ((150, 196), (106, 196), (86, 184)),
                      ((66, 170), (86, 118), (128, 118))))
    toes = [c.ellipse(x, y, 18, 24, a) for x, y, a in ((70, 104, -20), (106, 74, -8), (150, 74, 8), (186, 104, 20))]
    for m in [pad, *toes]:
        _body(c, m, main, 50, 200, 4)
    finish(c, 3)


def owl(c: Canvas, p: Palette, **_: Any) -> None:
    """An owl: round body, ear tufts, big eyes (``main`` feathers, ``face``, ``eyes``)."""
    main, face = p.get("main", "#8a5a3a"), p.get("face", "#f0d8b0")
    body = np.maximum(c.ellipse(128, 140, 82, 92), np.maximum(c.poly([(56, 76), (70, 20), (104, 62)]),
                                                              c.poly([(200, 76), (186, 20), (152, 62)])))
    _body(c, body, main, 20, 232, 6)
    chest = c.ellipse(128, 178, 50, 44) * body
    c.paint(chest, lighten(main, 0.4), 0.9)
    for k in range(3):
        for j in range(3 - (k == 2)):
            x, y = 104 + j * 24 + (12 if k == 1 else 0) + (12 if k == 2 else 0), 164 + k * 18
            c.paint(c.stroke(arc_points(x, y, 9, 6, 20, 160, 12), 3) * chest, darken(main, 0.3))
    for x in (94, 162):
        disc = c.circle(x, 108, 36)
        c.paint(disc, face)
        c.bevel(disc, 3, 0.4)
        c.paint(c.circle(x, 108, 22), c.radial(x - 6, 100, 28, ["#fff6b0", p.get("eyes", "#ffb01a"), "#a05a0a"]))
        c.paint(c.circle(x, 110, 11), "#141018")
        c.paint(c.circle(x - 5, 104, 4), "#ffffff")
    beak = c.poly([(118, 132), (138, 132), (128, 156)])
    gold(c, beak, 130, 156, 2)
    finish(c, 3)


# ----------------------------------------------------------------------------- gems

def gem(c: Canvas, p: Palette, points: int = 0, **_: Any) -> None:
    """A cut gem seen from above, ``points`` sides (0: 8; 3 a trillion, 4 a square, 6 a hexagon),
    its table and facets in ``main`` with ``glow`` sparkle."""
    main = p.get("main", "#e0203a")
    sides = points or 8
    outer = regular_points(128, 128, 104, sides, -90 + 180 / sides)
    inner = regular_points(128, 128, 58, sides, -90 + 180 / sides)
    c.glow(c.poly(outer), p.get("glow", lighten(main, 0.5)), 12, 0.6)
    for k in range(sides):
        facet = c.poly([outer[k], outer[(k + 1) % sides], inner[(k + 1) % sides], inner[k]])
        angle = (k + 0.5) / sides * 2 * math.pi
        light = 0.5 + 0.5 * math.cos(angle + 2.2)
        c.paint(facet, lighten(main, 0.55 * light) if light > 0.5 else darken(main, 0.6 * (1 - light)))
    table = c.poly(inner)
    c.paint(table, c.linear(70, 70, 186, 186, [lighten(main, 0.6), main, darken(main, 0.3)]))
    edges = c.stroke(outer, 3, closed=True)
    c.paint(np.maximum(edges, c.stroke(inner, 2, closed=True)), lighten(main, 0.7), 0.8)
    spark(c, 92, 84, 16)
    spark(c, 176, 170, 10)
    finish(c, 3)


def crystal(c: Canvas, p: Palette, **_: Any) -> None:
    """A cluster of three crystal points (``main``, ``glow``)."""
    main = p.get("main", "#9a5aff")
    for cx, top, w, lean in ((84, 70, 40, -18), (172, 80, 38, 16), (128, 26, 50, 0)):
        pts = [(cx - w / 2, 224), (cx - w / 2 + lean * 0.4, 110), (cx + lean, top), (cx + w / 2 + lean * 0.4, 110),
               (cx + w / 2, 224)]
        prism = c.poly(pts)
        left = c.poly([pts[0], pts[1], pts[2], (cx + lean * 0.6, 110), (cx, 224)])
        c.paint(prism, c.linear(0, top, 0, 224, [lighten(main, 0.45), main, darken(main, 0.5)]))
        c.paint(left, "#ffffff", 0.25)
        c.bevel(prism, 3, 0.5)
    c.glow(c.circle(128, 120, 60), p.get("glow", lighten(main, 0.5)), 16, 0.35)
    spark(c, 128, 44, 16)
    finish(c, 3)


SHAPES.update({
    "fish": fish, "shark": shark, "turtle": turtle, "shell": shell, "octopus": octopus,
    "planet": planet, "rocket": rocket,
    "axe": axe, "horned_helmet": horned_helmet, "rune_stone": rune_stone,
    "ankh": ankh, "scarab": scarab, "pyramid": pyramid, "eye_of_horus": eye_of_horus,
    "paw": paw, "owl": owl,
    "gem": gem, "crystal": crystal,
})
# the theme groups sprites/README.md lists the shapes under (a shape may serve any theme)
THEMES_OF_SHAPES = {"the sea": ("fish", "shark", "turtle", "shell", "octopus"), "space": ("planet", "rocket"),
                    "the Norse": ("axe", "horned_helmet", "rune_stone"),
                    "Egypt": ("ankh", "scarab", "pyramid", "eye_of_horus"), "animals": ("paw", "owl"),
                    "gems": ("gem", "crystal")}
