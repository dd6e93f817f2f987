"""Happy Lucky Slot's own symbols for the lucky theme: the Golden Basket, +1, the multiplier,
the mystery box and the board's blank (same conventions as symbols.py: 256x256 canvases,
shapes registered by name in SHAPES)."""

from __future__ import annotations

from typing import Any

from .draw import Canvas, arc_points, star_points, text_mask
from .symbols import SHAPES, Palette, finish, gold, spark
from .symbols_more import basket


def golden_basket(c: Canvas, p: Palette, **_: Any) -> None:
    """The basket on a red sunburst with a GOLDEN ribbon: it counts two."""
    burst = c.poly(star_points(128, 128, 112, 84, 18, -90))  # inside the sprite's clear margin
    c.paint(burst, c.radial(128, 128, 112, ["#fff6b0", "#ff9a1a", "#c01010"]))
    c.glow(c.circle(128, 128, 96), "#ffe27a", 16, 0.6)
    with c.transform(12, 4, 0.9):
        basket(c, p)
    ribbon = c.rrect(38, 196, 180, 46, 16)
    c.paint(ribbon, c.linear(0, 196, 0, 242, ["#ff4a3a", "#b00a0a"]))
    c.bevel(ribbon, 4, 0.5)
    gold(c, text_mask(c, "GOLDEN", 128, 220, 30, 160, 1.0, 0.0), 200, 240, 2)
    spark(c, 196, 58, 18)
    finish(c, 3)


def plus_one(c: Canvas, p: Palette, **_: Any) -> None:
    """+1 respin: a jade medallion in a gold ring."""
    ring = c.circle(128, 128, 108)
    gold(c, ring, 20, 236, 5)
    face = c.circle(128, 128, 88)
    c.paint(face, c.radial(100, 96, 130, ["#8af0c0", "#1a9a5a", "#04402a"]))
    c.bevel(face, 6, 0.5)
    gold(c, text_mask(c, "+1", 128, 120, 96, 150, 1.0, 0.0), 70, 170, 4)
    label = text_mask(c, "SPIN", 128, 190, 30, 110, 1.0, 0.0)
    c.paint(label, "#ffffff")
    c.gloss(face, 70, 56, 70, 40, 0.45, 16)
    finish(c, 3)


def multiplier_orb(c: Canvas, p: Palette, **_: Any) -> None:
    """The multiplier: a glowing magenta orb with a gold X."""
    c.glow(c.circle(128, 128, 100), "#ff7aff", 18, 0.7)
    orb = c.circle(128, 128, 96)
    c.paint(orb, c.radial(96, 90, 150, ["#ffd0ff", "#d02ad0", "#4a0a5a"]))
    c.bevel(orb, 6, 0.5)
    ring = c.stroke(arc_points(128, 128, 96, 96, 0, 360, 64), 8, closed=True)
    gold(c, ring, 30, 226, 3)
    gold(c, text_mask(c, "X", 128, 124, 120, 140, 1.0, 0.0), 60, 190, 5)
    c.gloss(orb, 62, 54, 80, 44, 0.5, 18)
    spark(c, 190, 66, 18)
    finish(c, 3)


def mystery_box(c: Canvas, p: Palette, **_: Any) -> None:
    """The mystery symbol: a red lacquered box with a gold question mark."""
    box = c.rrect(30, 40, 196, 186, 26)
    c.paint(box, c.linear(0, 40, 0, 226, ["#ff5a4a", "#c0101a", "#600408"]))
    c.bevel(box, 8, 0.55)
    trim = c.stroke([(30 + 14, 54), (226 - 14, 54), (226 - 14, 212), (30 + 14, 212)], 6, closed=True)
    gold(c, trim, 40, 220, 2)
    gold(c, text_mask(c, "?", 128, 134, 150, 120, 1.0, 0.0), 50, 210, 5)
    c.gloss(box, 54, 50, 120, 40, 0.35, 16)
    finish(c, 3)


def board_blank(c: Canvas, p: Palette, **_: Any) -> None:
    """A cell with nothing on it: a jade plaque with a gold lucky knot (the board view shows
    an empty cell instead; the plaque is for the paytable and the designer's pages)."""
    plate = c.rrect(40, 40, 176, 176, 30)
    c.paint(plate, c.radial(100, 90, 190, ["#9af0d0", "#1a8a62", "#04382a"]))
    c.bevel(plate, 8, 0.55)
    knot = c.poly([(128, 78), (178, 128), (128, 178), (78, 128)])
    hole = c.poly([(128, 102), (154, 128), (128, 154), (102, 128)])
    gold(c, knot * (1 - hole), 78, 178, 3)
    tassel = c.stroke([(128, 178), (128, 206)], 8)
    gold(c, tassel, 178, 206, 2)
    c.gloss(plate, 60, 54, 110, 44, 0.35, 16)
    finish(c, 3)


SHAPES.update({
    "golden_basket": golden_basket, "plus_one": plus_one, "multiplier_orb": multiplier_orb,
    "mystery_box": mystery_box, "board_blank": board_blank,
})
