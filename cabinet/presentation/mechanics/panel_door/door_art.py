"""The panel's door, drawn by code and anti-aliased (at ``SUPERSAMPLE`` times its size,
smoothed down): an arched doorway in the theme's stone and metal, a door leaf of planks with
iron strap hinges, a ring handle and a carved jack-o'-lantern face, and behind it a lit room
with a ghost waiting (the minigame it opens). ``swung`` turns the leaf on its hinges towards
the player, in perspective: the free edge grows as it comes nearer and the leaf narrows.

Nothing here keeps time: the panel passes how far the door is open (0 shut, 1 open)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ...ghost_piece import GhostColours, ghost_piece

RGB = tuple[int, int, int]
SUPERSAMPLE = 3
OPEN_ANGLE = 78.0  # degrees the leaf turns when the door is fully open
NEAR = 0.18  # how much nearer the free edge comes as the leaf turns (perspective; the leaf stays in its panel)
STEPS = 24  # the swing is drawn at this many angles (each once per size)


@dataclass(frozen=True)
class DoorLook:
    stone: RGB  # the doorway's frame
    metal: RGB  # its rim, the handle
    wood: RGB  # the leaf's planks
    iron: RGB  # hinges, studs, grooves
    carving: RGB  # the jack-o'-lantern face's light
    room: RGB  # the lit room behind the door
    dark: RGB  # the room's far corners


def _hex(colour: str) -> RGB:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def door_look(theme: Any, metal: RGB) -> DoorLook:
    """The door in the theme's materials: its plate's lacquer for the stone, its accent for the
    wood (darkened) and the carving's light, its glow for the room; ``metal``: the chrome's rim."""
    colours = getattr(theme, "colours", None) or {}
    plate = _hex(colours.get("plate", "#3a0a4a"))
    accent = _hex(colours.get("accent", "#ff8a1a"))
    glow = _hex(colours.get("glow", "#ffb04a"))
    black = (0, 0, 0)
    return DoorLook(stone=_mix(_mix(plate, (120, 110, 120), 0.35), black, 0.2), metal=metal,
                    wood=_mix(accent, black, 0.58), iron=_mix(plate, black, 0.72), carving=_mix(accent, glow, 0.5),
                    room=glow, dark=_mix(plate, black, 0.55))


def doorway_rect(size: int) -> pygame.Rect:
    """The opening inside a square of ``size``: arched, taller than wide, centred."""
    w, h = int(size * 0.58), int(size * 0.9)
    return pygame.Rect((size - w) // 2, size - h - size // 40, w, h)


def _arch(surface: pygame.Surface, colour: tuple[int, ...], rect: pygame.Rect) -> None:
    """A round-topped shape filling ``rect`` (the top a half circle of its width)."""
    r = rect.w // 2
    pygame.draw.circle(surface, colour, (rect.centerx, rect.y + r), r)
    pygame.draw.rect(surface, colour, pygame.Rect(rect.x, rect.y + r, rect.w, rect.h - r))


@lru_cache(maxsize=16)
def doorway(size: int, look: DoorLook, ghost: GhostColours, *, lit: bool) -> pygame.Surface:
    """The frame round the opening and, ``lit``, the room behind it with its ghost (else dark);
    made once per size and look (shared: blit it, never draw on it)."""
    s = SUPERSAMPLE
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    hole = doorway_rect(size * s)
    rim = max(2, size * s // 16)
    outer = hole.inflate(2 * rim, rim).move(0, -rim // 2)
    _arch(big, (*_mix(look.stone, (0, 0, 0), 0.5), 255), outer.move(0, s * 2))  # its shadow
    _arch(big, (*look.metal, 255), outer)
    _arch(big, (*look.stone, 255), outer.inflate(-rim // 3, -rim // 6))
    # the stones of the arch: joints around it
    cx, cy = hole.centerx, hole.y + hole.w // 2
    joint = (*_mix(look.stone, (0, 0, 0), 0.35), 255)
    for k in range(7):
        a = math.pi * (k + 0.5) / 7
        inner_r, outer_r = hole.w // 2, hole.w // 2 + rim
        pygame.draw.line(big, joint, (cx + inner_r * math.cos(a), cy - inner_r * math.sin(a)),
                         (cx + outer_r * math.cos(a), cy - outer_r * math.sin(a)), max(1, s))
    for y in range(cy + rim, hole.bottom, max(4, rim * 2)):
        for x0 in (hole.x - rim, hole.right):
            pygame.draw.line(big, joint, (x0, y), (x0 + rim, y), max(1, s))
    _arch(big, (*look.metal, 255), hole.inflate(s * 2, s * 2))
    if lit:  # the room: light pooling round the ghost, dark at its edges, kept inside the opening
        light = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        light.fill((*look.dark, 255))
        for k in range(24):
            t = k / 23
            glow = _mix(look.dark, look.room, t ** 1.4)
            r = int(hole.w * (0.75 - 0.55 * t))
            pygame.draw.circle(light, (*glow, 255), (hole.centerx, hole.centery + hole.h // 10), r)
        room = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        _arch(room, (255, 255, 255, 255), hole)
        light.blit(room, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(light, (0, 0))
    else:
        _arch(big, (*_mix(look.dark, (0, 0, 0), 0.5), 255), hole)
    surface = pygame.transform.smoothscale(big, (size, size))
    if lit:
        opening = doorway_rect(size)
        figure = ghost_piece(int(opening.h * 0.55), ghost)
        surface.blit(figure, figure.get_rect(center=(opening.centerx, opening.centery + opening.h // 8)))
    return surface


@lru_cache(maxsize=8)
def leaf(size: int, look: DoorLook) -> pygame.Surface:
    """The door leaf, flat (shut), the size of the opening in a square of ``size``: four planks,
    two strap hinges on the left, a ring handle on the right, a carved face glowing above
    (made once per size and look; shared)."""
    s = SUPERSAMPLE
    hole = doorway_rect(size * s)
    w, h = hole.size
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    big.fill((*look.wood, 255))
    planks = 4
    groove = (*_mix(look.wood, (0, 0, 0), 0.55), 255)
    for i in range(planks):  # each plank a shade apart, a few grain lines, a groove between
        x0, x1 = w * i // planks, w * (i + 1) // planks
        tone = _mix(look.wood, (255, 220, 170), 0.08 * ((i * 3) % 4) / 3)
        pygame.draw.rect(big, (*tone, 255), pygame.Rect(x0, 0, x1 - x0, h))
        grain = (*_mix(tone, (0, 0, 0), 0.18), 255)
        for g in range(3):
            gx = x0 + (x1 - x0) * (g + 1) // 4 + (g - 1) * s
            pygame.draw.line(big, grain, (gx, h // 8 * (g + 1)), (gx + s, h - h // 9 * (g + 1)), max(1, s // 2))
        if i:
            pygame.draw.line(big, groove, (x0, 0), (x0, h), max(2, s))
    # the jack-o'-lantern face carved in the upper plank
    face_y, face_w = h * 28 // 100, w * 46 // 100
    fx = w // 2
    for side in (-1, 1):
        ex = fx + side * face_w // 4
        eye = [(ex - face_w // 8, face_y + face_w // 8), (ex + face_w // 8, face_y + face_w // 8), (ex, face_y - face_w // 10)]
        pygame.draw.polygon(big, (*look.carving, 255), eye)
    mouth_y = face_y + face_w * 35 // 100
    teeth = [(fx - face_w // 2, mouth_y)]
    for k in range(1, 6):
        teeth.append((fx - face_w // 2 + face_w * k // 6, mouth_y + (face_w // 10 if k % 2 else 0)))
    teeth.append((fx + face_w // 2, mouth_y))
    teeth += [(fx + face_w // 3, mouth_y + face_w // 4), (fx - face_w // 3, mouth_y + face_w // 4)]
    pygame.draw.polygon(big, (*look.carving, 255), teeth)
    # iron strap hinges from the hinge side, studded, and the ring handle on the free side
    strap_h = max(3, h // 22)
    for y in (h * 24 // 100, h * 78 // 100):
        strap = pygame.Rect(0, y - strap_h // 2, w * 62 // 100, strap_h)
        pygame.draw.rect(big, (*look.iron, 255), strap, border_radius=strap_h // 2)
        pygame.draw.circle(big, (*look.iron, 255), (strap.right, y), strap_h * 8 // 10)
        for k in range(4):
            pygame.draw.circle(big, (*_mix(look.iron, look.metal, 0.5), 255),
                               (strap.x + strap_h + k * (strap.w - 2 * strap_h) // 3, y), max(1, strap_h // 4))
    handle = (w * 82 // 100, h * 58 // 100)
    ring = max(4, w // 10)
    pygame.draw.circle(big, (*look.iron, 255), handle, ring // 3)
    pygame.draw.circle(big, (*look.metal, 255), (handle[0], handle[1] + ring // 2), ring // 2, max(2, ring // 6))
    # the round top: everything outside the arch cut away
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    _arch(mask, (255, 255, 255, 255), pygame.Rect(0, 0, w, h))
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    edge = pygame.Surface((w, h), pygame.SRCALPHA)  # a dark line round the leaf
    _arch(edge, groove, pygame.Rect(0, 0, w, h))
    _arch(edge, (0, 0, 0, 0), pygame.Rect(s * 2, s * 2, w - s * 4, h - s * 2))
    big.blit(edge, (0, 0))
    return pygame.transform.smoothscale(big, (w // s, h // s))


def swung(flat: pygame.Surface, opened: float) -> tuple[pygame.Surface, int]:
    """The leaf turned ``opened`` of the way open on its left hinges, towards the player: drawn
    as vertical strips, each narrowed by the turn and grown by its nearness, darkening as it
    turns from the light. Returns the picture and how far above the leaf's top it reaches."""
    w, h = flat.get_size()
    angle = math.radians(OPEN_ANGLE * max(0.0, min(1.0, opened)))
    cos, sin = math.cos(angle), math.sin(angle)

    def scale(u: float) -> float:  # nearer to the player: larger
        return 1.0 / (1.0 - NEAR * u * sin)

    grow = scale(1.0)
    out = pygame.Surface((max(1, math.ceil(w * cos * grow) + 1), math.ceil(h * grow) + 1), pygame.SRCALPHA)
    top = (out.get_height() - h) // 2
    strips = max(6, w // 5)
    for i in range(strips):
        u0, u1 = i / strips, (i + 1) / strips
        x0, x1 = u0 * w * cos * scale(u0), u1 * w * cos * scale(u1)
        width = max(1, round(x1) - round(x0))
        height = max(1, round(h * scale((u0 + u1) / 2)))
        column = flat.subsurface(pygame.Rect(int(u0 * w), 0, max(1, int(u1 * w) - int(u0 * w)), h))
        piece = pygame.transform.smoothscale(column, (width, height))
        out.blit(piece, (round(x0), (out.get_height() - height) // 2))
    shade = int(255 * (1 - 0.45 * sin))
    out.fill((shade, shade, shade, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out, top
