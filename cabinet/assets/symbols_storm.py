"""Symbol shapes of the Storm theme (Temple of Storms, a 6x5 pay-anywhere tumbling game): a
jewelled crown, a golden chalice, an hourglass, a signet ring, a thunderbolt on a storm cloud
(the scatter) and a crackling storm orb (the multiplier symbol) (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import Canvas, arc_points, blur, darken, lighten, path, regular_points
from .symbols import SHAPES, Palette, finish, gold, spark


def _jewel(c: Canvas, x: float, y: float, r: float, colour: str) -> None:
    j = c.circle(x, y, r)
    c.paint(j, c.radial(x - r * 0.35, y - r * 0.35, r * 1.6, [lighten(colour, 0.6), colour, darken(colour, 0.55)]))
    c.paint(c.circle(x - r * 0.35, y - r * 0.35, r * 0.3), "#ffffff", 0.8)


def crown(c: Canvas, p: Palette, **_: Any) -> None:
    """A five-pointed gold crown on a velvet cap, a jewel on each point and along the band."""
    cap = c.ellipse(128, 150, 84, 56)
    velvet = p.get("velvet", "#8a1a3a")
    c.paint(cap, c.radial(110, 120, 110, [lighten(velvet, 0.3), velvet, darken(velvet, 0.5)]))
    body = c.poly([(34, 196), (30, 84), (72, 134), (96, 64), (128, 118), (160, 64), (184, 134), (226, 84),
                   (222, 196)])
    band = c.rrect(30, 176, 196, 40, 10)
    gold(c, np.maximum(body, band), 60, 216, 6)
    c.paint(c.stroke([(34, 176), (222, 176)], 3), "#8a5206", 0.5)
    for x, y in ((30, 80), (96, 58), (160, 58), (226, 80)):
        _jewel(c, x, y, 12, p.get("tip", "#ffffff"))
    for x, colour in ((62, p.get("side", "#2a8aff")), (128, p.get("main", "#e0203a")), (194, p.get("side", "#2a8aff"))):
        _jewel(c, x, 196, 14 if x == 128 else 11, colour)
    c.gloss(body, 44, 100, 60, 60, 0.35, -20)
    spark(c, 128, 36, 18)
    finish(c, 3)


def chalice(c: Canvas, p: Palette, **_: Any) -> None:
    """A golden chalice: a deep bowl on a knotted stem and a wide foot, a jewel on the bowl."""
    bowl = c.poly(path((44, 50), ((44, 130), (90, 150), (128, 150)), ((166, 150), (212, 130), (212, 50))))
    stem = c.poly([(116, 146), (140, 146), (134, 206), (122, 206)])
    knot = c.ellipse(128, 176, 20, 10)
    foot = c.poly(path((70, 232), ((80, 208), (108, 204), (128, 204)), ((148, 204), (176, 208), (186, 232))))
    shape = np.maximum.reduce([bowl, stem, knot, foot])
    gold(c, shape, 40, 232, 6)
    wine = c.ellipse(128, 52, 84, 12)
    c.paint(wine, c.linear(0, 40, 0, 64, [lighten(p.get("wine", "#7a0a2a"), 0.3), p.get("wine", "#7a0a2a")]))
    c.paint(c.stroke(arc_points(128, 52, 84, 12, 0, 360, 48), 3, closed=True), "#fff4c0", 0.8)
    _jewel(c, 128, 104, 16, p.get("main", "#20b070"))
    for x in (76, 180):
        _jewel(c, x, 96, 8, p.get("side", "#e0203a"))
    c.gloss(bowl, 62, 66, 34, 60, 0.4, -15)
    spark(c, 206, 34, 14)
    finish(c, 3)


def hourglass(c: Canvas, p: Palette, **_: Any) -> None:
    """An hourglass in a carved frame, sand running from the top bulb into the bottom one."""
    glass = c.poly(path((70, 44), ((70, 104), (120, 112), (120, 128)), ((120, 144), (70, 152), (70, 212)))
                   + path((186, 212), ((186, 152), (136, 144), (136, 128)), ((136, 112), (186, 104), (186, 44))))
    c.paint(glass, p.get("glass", "#bfe8ff"), 0.55)
    sand_col = p.get("main", "#ffc84a")
    top_sand = c.poly([(92, 92), (164, 92), (132, 124), (124, 124)]) * glass
    bottom_sand = c.poly(path((76, 210), ((90, 170), (118, 160), (128, 160)), ((138, 160), (166, 170), (180, 210))))
    c.paint(np.maximum(top_sand, bottom_sand * glass), c.linear(0, 90, 0, 210, [lighten(sand_col, 0.3), darken(sand_col, 0.3)]))
    c.paint(c.stroke([(128, 124), (128, 166)], 3), sand_col)
    c.bevel(glass, 3, 0.4)
    c.gloss(glass, 82, 52, 20, 48, 0.6)
    frame = np.maximum.reduce([c.rrect(44, 22, 168, 24, 8), c.rrect(44, 210, 168, 24, 8),
                               c.rrect(50, 40, 14, 176, 6), c.rrect(192, 40, 14, 176, 6)])
    wood = p.get("frame", "#c08a2a")
    gold(c, frame, 20, 236, 4, [(0, lighten(wood, 0.6)), (0.5, wood), (1, darken(wood, 0.55))])
    spark(c, 210, 30, 14)
    finish(c, 3)


def signet_ring(c: Canvas, p: Palette, **_: Any) -> None:
    """A heavy gold ring seen at an angle, a large cut stone in its bezel."""
    band = np.clip(c.ellipse(128, 158, 92, 70) - c.ellipse(128, 166, 64, 46), 0, 1)
    gold(c, band, 88, 228, 6)
    bezel = c.poly(regular_points(128, 84, 58, 8, -90 + 22.5))
    gold(c, bezel, 26, 142, 5)
    main = p.get("main", "#9a3aff")
    stone = c.poly(regular_points(128, 84, 42, 8, -90 + 22.5))
    c.paint(stone, c.linear(90, 50, 166, 120, [lighten(main, 0.6), main, darken(main, 0.5)]))
    table = c.poly(regular_points(128, 84, 22, 8, -90 + 22.5))
    c.paint(table, lighten(main, 0.35))
    for k, (x, y) in enumerate(regular_points(128, 84, 42, 8, -90 + 22.5)):
        c.paint(c.stroke([(x, y), regular_points(128, 84, 22, 8, -90 + 22.5)[k]], 2), lighten(main, 0.7), 0.6)
    c.gloss(band, 50, 130, 40, 50, 0.35, 20)
    spark(c, 104, 62, 16)
    finish(c, 3)


def thunderbolt(c: Canvas, p: Palette, **_: Any) -> None:
    """The scatter: a forked golden thunderbolt striking down out of a dark storm cloud."""
    c.glow(c.circle(128, 132, 96), p.get("glow", "#7ad8ff"), 20, 0.7)
    cloud = c.empty()
    for x, y, r in ((70, 82, 40), (112, 62, 48), (160, 66, 44), (196, 90, 34), (130, 96, 50)):
        cloud = np.maximum(cloud, c.circle(x, y, r))
    grey = p.get("cloud", "#4a5a8a")
    c.paint(cloud, c.radial(110, 50, 150, [lighten(grey, 0.5), grey, darken(grey, 0.55)]))
    c.bevel(cloud, 5, 0.5)
    bolt = c.poly([(134, 84), (92, 160), (124, 160), (100, 236), (176, 136), (142, 136), (168, 84)])
    c.paint(blur(bolt, c.L(10)), p.get("glow", "#7ad8ff"), 0.9)
    gold(c, bolt, 84, 236, 4, [(0, "#ffffff"), (0.3, p.get("main", "#ffe44a")), (1, darken(p.get("main", "#ffe44a"), 0.4))])
    for pts in (((92, 160), (62, 186), (70, 204)), ((176, 136), (206, 160), (200, 184))):
        c.paint(c.stroke(list(pts), 5), "#fff6b0")
    spark(c, 100, 236, 16)
    spark(c, 200, 40, 12)
    finish(c, 3)


def storm_orb(c: Canvas, p: Palette, **_: Any) -> None:
    """The multiplier symbol: a glass orb holding a crackle of lightning, ringed in gold (its value
    is drawn when it lands and written over it by the screen)."""
    main = p.get("main", "#2a6aff")
    c.glow(c.circle(128, 128, 90), p.get("glow", "#9ae0ff"), 12, 0.8)
    orb = c.circle(128, 128, 88)
    c.paint(orb, c.radial(100, 96, 160, [lighten(main, 0.7), main, darken(main, 0.7)]))
    crackle = c.empty()
    for k in range(6):
        a = math.radians(k * 60 + 15)
        pts = [(128.0, 128.0)]
        for step in range(1, 5):
            wiggle = 14 * (1 if (step + k) % 2 else -1)
            r = step * 19
            pts.append((128 + r * math.cos(a) - wiggle * math.sin(a), 128 + r * math.sin(a) + wiggle * math.cos(a)))
        crackle = np.maximum(crackle, c.stroke(pts, 4) * orb)
    c.paint(blur(crackle, c.L(5)), p.get("glow", "#9ae0ff"), 0.9)
    c.paint(crackle, "#ffffff")
    c.paint(blur(c.circle(128, 128, 24), c.L(10)), "#ffffff", 0.9)
    ring = np.clip(c.circle(128, 128, 96) - c.circle(128, 128, 86), 0, 1)
    gold(c, ring, 26, 230, 3)
    c.gloss(orb, 64, 54, 84, 44, 0.5, 18)
    spark(c, 196, 60, 18)
    finish(c, 3)


def temple_gem(c: Canvas, p: Palette, points: int = 0, **_: Any) -> None:
    """A cut gem (the ``gem`` of symbols_world.py) lit by the storm: a soft light from the top
    left and a glint of lightning over its facets."""
    main = p.get("main", "#e0203a")
    SHAPES["gem"](c, {"main": main, "glow": p.get("glow", lighten(main, 0.5))}, points=points)
    face = c.poly(regular_points(128, 128, 100, points or 8, -90 + 180 / (points or 8)))
    xs, ys = c.grid
    light = (0.5 - (xs + ys) / (2 * c.W)) * 0.5  # +0.25 at the top left to -0.25 at the bottom right
    c.shade(face, light)
    c.paint(blur(c.stroke([(70, 60), (110, 110), (96, 118), (150, 190)], 3) * face, c.L(3)), "#ffffff", 0.5)


SHAPES.update({
    "temple_gem": temple_gem,
    "crown": crown,
    "chalice": chalice,
    "hourglass": hourglass,
    "signet_ring": signet_ring,
    "thunderbolt": thunderbolt,
    "storm_orb": storm_orb,
})
