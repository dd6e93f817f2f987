"""Symbol shapes of the Reef theme (Coral Cascade, a 7x7 cluster tumbling game): a red crab, a
round pufferfish, a glowing jellyfish, a starfish, a piece of sea glass and an open clam holding
a pearl (the scatter) (same conventions as symbols.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .draw import Canvas, blur, darken, lighten, path, star_points
from .symbols import SHAPES, Palette, finish, spark


def _eye(c: Canvas, x: float, y: float, r: float) -> None:
    c.paint(c.circle(x, y, r), "#ffffff")
    c.paint(c.circle(x + r * 0.2, y + r * 0.1, r * 0.55), "#101018")
    c.paint(c.circle(x - r * 0.1, y - r * 0.25, r * 0.22), "#ffffff")


def crab(c: Canvas, p: Palette, **_: Any) -> None:
    """A red crab, claws raised, eyes on stalks."""
    main = p.get("main", "#e0402a")
    legs = c.empty()
    for side in (-1, 1):
        for k in range(3):
            y = 150 + k * 18
            legs = np.maximum(legs, c.stroke([(128 + side * 60, y), (128 + side * 96, y + 14),
                                              (128 + side * 106, y + 40)], 9))
        arm = c.stroke([(128 + side * 54, 128), (128 + side * 84, 96), (128 + side * 86, 72)], 14)
        claw = np.clip(c.circle(128 + side * 86, 56, 30) - c.poly([(128 + side * 86, 58), (128 + side * 70, 20),
                                                                  (128 + side * 104, 20)]), 0, 1)
        legs = np.maximum.reduce([legs, arm, claw])
    c.paint(legs, c.linear(0, 30, 0, 210, [lighten(main, 0.3), main, darken(main, 0.45)]))
    c.bevel(legs, 3, 0.5)
    body = c.ellipse(128, 150, 72, 50)
    c.paint(body, c.radial(110, 126, 110, [lighten(main, 0.45), main, darken(main, 0.5)]))
    c.bevel(body, 5, 0.6)
    for x in (108, 148):
        c.paint(c.stroke([(x, 112), (x, 90)], 6), darken(main, 0.2))
        _eye(c, x, 86, 12)
    c.paint(c.stroke([(112, 168), (128, 176), (144, 168)], 4), darken(main, 0.6))
    c.gloss(body, 84, 116, 60, 22, 0.45, -10)
    finish(c, 3)


def pufferfish(c: Canvas, p: Palette, **_: Any) -> None:
    """A round pufferfish with spines, little fins and a surprised mouth."""
    main = p.get("main", "#ffc83a")
    spines = c.poly(star_points(122, 128, 104, 82, 18, -90))
    c.paint(spines, darken(main, 0.35))
    tail = c.poly([(196, 128), (240, 92), (232, 128), (240, 164)])
    c.paint(tail, c.linear(196, 0, 240, 0, [main, darken(main, 0.4)]))
    body = c.circle(122, 128, 84)
    c.paint(body, c.radial(96, 96, 140, [lighten(main, 0.55), main, darken(main, 0.45)]))
    belly = c.ellipse(118, 168, 60, 30) * body
    c.paint(belly, "#fff6e0", 0.8)
    for x, y in ((92, 110), (140, 100), (120, 140), (80, 146), (160, 136)):
        c.paint(c.circle(x, y, 5) * body, darken(main, 0.5), 0.7)
    c.bevel(body, 5, 0.6)
    _eye(c, 84, 100, 16)
    c.paint(c.circle(56, 134, 10), "#a0301a")
    fin = c.ellipse(136, 150, 24, 12, 30)
    c.paint(fin, lighten(main, 0.3), 0.9)
    c.gloss(body, 70, 60, 70, 36, 0.5, -15)
    spark(c, 200, 50, 14)
    finish(c, 3)


def jellyfish(c: Canvas, p: Palette, **_: Any) -> None:
    """A glowing jellyfish: a translucent bell over wavy tentacles."""
    main = p.get("main", "#ff6ad0")
    c.glow(c.ellipse(128, 96, 84, 64), p.get("glow", "#ffb0f0"), 16, 0.6)
    tentacles = c.empty()
    for k, x in enumerate((76, 100, 124, 148, 172)):
        pts = [(x + 10 * math.sin((y / 22.0) + k), y) for y in range(110, 236, 6)]
        tentacles = np.maximum(tentacles, c.stroke(pts, 7 if k % 2 else 5))
    c.paint(tentacles, c.linear(0, 110, 0, 236, [lighten(main, 0.3), main, darken(main, 0.3)]), 0.9)
    bell = c.poly(path((40, 122), ((40, 20), (216, 20), (216, 122)), ((190, 110), (170, 132), (150, 118)),
                       ((130, 132), (110, 110), (88, 124)), ((66, 132), (54, 112), (40, 122))))
    c.paint(bell, c.radial(110, 60, 140, [lighten(main, 0.7), main, darken(main, 0.4)]), 0.95)
    c.paint(c.ellipse(128, 84, 40, 26) * bell, lighten(main, 0.6), 0.6)
    c.bevel(bell, 5, 0.5)
    c.gloss(bell, 72, 40, 70, 30, 0.55, -15)
    spark(c, 206, 40, 14)
    finish(c, 3)


def starfish(c: Canvas, p: Palette, **_: Any) -> None:
    """A plump five-armed starfish with dotted arms."""
    main = p.get("main", "#ff8a3a")
    pts = star_points(128, 134, 108, 46, 5, -90)
    body = blur(c.poly(pts), c.L(5))
    body = np.clip(body * 1.6, 0, 1)
    c.paint(body, c.radial(118, 118, 130, [lighten(main, 0.45), main, darken(main, 0.5)]))
    c.bevel(body, 7, 0.7)
    for k in range(5):
        a = math.radians(-90 + k * 72)
        for r in (24, 46, 68):
            c.paint(c.circle(128 + r * math.cos(a), 134 + r * math.sin(a), 6 - r / 30) * body, "#fff0d0", 0.85)
    c.gloss(body, 96, 70, 40, 60, 0.35, -20)
    finish(c, 3)


def sea_glass(c: Canvas, p: Palette, **_: Any) -> None:
    """A smooth, frosted pebble of sea glass with a bright rim of light."""
    main = p.get("main", "#3ad0a0")
    pebble = c.poly(path((40, 130), ((36, 60), (110, 30), (160, 40)), ((220, 52), (232, 120), (220, 170)),
                         ((204, 222), (120, 232), (76, 210)), ((44, 194), (42, 160), (40, 130))))
    c.glow(pebble, lighten(main, 0.4), 10, 0.5)
    c.paint(pebble, c.radial(100, 90, 170, [lighten(main, 0.65), main, darken(main, 0.55)]))
    c.shade(pebble, (blur(c.circle(150, 160, 60), c.L(30)) - 0.5) * 0.2)
    c.bevel(pebble, 8, 0.7)
    c.gloss(pebble, 70, 58, 80, 36, 0.6, -20)
    spark(c, 96, 74, 16)
    spark(c, 184, 176, 10)
    finish(c, 3)


def clam(c: Canvas, p: Palette, **_: Any) -> None:
    """The scatter: an open clam, its fluted shell glowing round a shining pearl."""
    main = p.get("main", "#ff9ac0")
    c.glow(c.circle(128, 140, 96), p.get("glow", "#fff0a0"), 20, 0.7)
    top = c.poly(path((28, 130), ((30, 30), (226, 30), (228, 130)), ((180, 110), (76, 110), (28, 130))))
    bottom = c.poly(path((28, 150), ((40, 244), (216, 244), (228, 150)), ((180, 172), (76, 172), (28, 150))))
    for half, y0, y1 in ((top, 30, 130), (bottom, 150, 240)):
        c.paint(half, c.linear(0, y0, 0, y1, [lighten(main, 0.5), main, darken(main, 0.45)]))
        for k in range(7):
            x = 50 + k * 26
            c.paint(c.stroke([(128, 200 if half is bottom else 80), (x, y1 - 4 if half is bottom else y0 + 8)], 3)
                    * half, darken(main, 0.35), 0.5)
        c.bevel(half, 5, 0.6)
    inside = c.ellipse(128, 142, 92, 22)
    c.paint(inside, c.radial(128, 142, 92, [lighten(main, 0.2), darken(main, 0.55)]))
    pearl = c.circle(128, 134, 30)
    c.paint(pearl, c.radial(116, 122, 44, ["#ffffff", p.get("pearl", "#f0e8ff"), "#a898c0"]))
    c.gloss(pearl, 110, 114, 18, 12, 0.8)
    spark(c, 150, 114, 16)
    spark(c, 48, 50, 12)
    finish(c, 3)


SHAPES.update({
    "crab": crab,
    "pufferfish": pufferfish,
    "jellyfish": jellyfish,
    "starfish": starfish,
    "sea_glass": sea_glass,
    "clam": clam,
})
