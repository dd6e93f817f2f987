"""The drawing toolkit: a supersampled, premultiplied RGBA canvas on numpy.

Shapes are written in *logical* pixels (a 256x256 symbol is drawn in 0..256
coordinates) and rasterised at ``ss`` times that resolution; ``to_surface``
box-averages back down, which gives smooth edges everywhere. Shapes return
coverage masks (float32 0..1 arrays at the supersampled size, indexed
``[x, y]`` like ``pygame.surfarray``); paints are a colour or a per-pixel
colour field from the gradient helpers; ``paint`` composites one onto the
canvas. Effects (blur, dilate, bevel, glow, shadow) work on masks.

Everything is deterministic: no clocks, and any randomness takes a seed.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

Array = np.ndarray
Colour = str | Sequence[float] | Array
Paint = Colour
Point = tuple[float, float]
Stops = Sequence[Colour | tuple[float, Colour]]


# ----------------------------------------------------------------------------- colours

def rgb(c: Colour) -> Array:
    """A colour as a float32 array of 3 in 0..1 ('#rrggbb', 0..255 ints or 0..1 floats)."""
    if isinstance(c, str):
        h = c.lstrip("#")
        return np.array([int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)], dtype=np.float32)
    a = np.asarray(c, dtype=np.float32)[:3]
    return a / 255.0 if a.max() > 1.0 else a


def mix(a: Colour, b: Colour, t: float) -> Array:
    return rgb(a) * (1 - t) + rgb(b) * t


def lighten(c: Colour, t: float) -> Array:
    return mix(c, (1.0, 1.0, 1.0), t)


def darken(c: Colour, t: float) -> Array:
    return mix(c, (0.0, 0.0, 0.0), t)


def _stops(stops: Stops) -> tuple[Array, Array]:
    """Stops are either colours spread evenly or (t, colour) pairs."""
    items: list[Any] = list(stops)
    if isinstance(items[0], tuple) and len(items[0]) == 2:
        ts = np.array([float(t) for t, _ in items], dtype=np.float32)
        cs = np.stack([rgb(c) for _, c in items])
    else:
        ts = np.linspace(0.0, 1.0, len(items), dtype=np.float32)
        cs = np.stack([rgb(c) for c in items])  # type: ignore[arg-type]
    return ts, cs


def ramp(t: Array, stops: Stops) -> Array:
    """Map a 0..1 field through colour stops -> (..., 3) colours."""
    ts, cs = _stops(stops)
    out = np.empty(t.shape + (3,), dtype=np.float32)
    for ch in range(3):
        out[..., ch] = np.interp(t, ts, cs[:, ch])
    return out


# ----------------------------------------------------------------------------- geometry

def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5,
                rot: float = -90.0) -> list[Point]:
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular_points(cx: float, cy: float, r: float, n: int, rot: float = -90.0) -> list[Point]:
    return [(cx + r * math.cos(math.radians(rot + i * 360.0 / n)),
             cy + r * math.sin(math.radians(rot + i * 360.0 / n))) for i in range(n)]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """Points along a cubic Bezier (p0 included, p3 included)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


def path(start: Point, *curves: tuple[Point, Point, Point], n: int = 20) -> list[Point]:
    """A closed outline from chained cubic curves: each item is (control1, control2, end)."""
    pts = [start]
    cur = start
    for c1, c2, end in curves:
        pts.extend(bezier(cur, c1, c2, end, n)[1:])
        cur = end
    return pts


def arc_points(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
               n: int = 32) -> list[Point]:
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def mirror_x(points: Sequence[Point], cx: float) -> list[Point]:
    """Points followed by their mirror image about x=cx in reverse order (a symmetric outline)."""
    left = list(points)
    return left + [(2 * cx - x, y) for x, y in reversed(left)]


def rotate(points: Sequence[Point], cx: float, cy: float, deg: float) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


# ----------------------------------------------------------------------------- mask ops

def _box1d(a: Array, r: int, axis: int) -> Array:
    if r <= 0:
        return a
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(a, pad), axis=axis, dtype=np.float32)
    n = a.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / (2 * r + 1)


def bbox(m: Array, pad: float = 0) -> tuple[slice, slice] | None:
    """The slices around a mask's non-zero pixels, grown by `pad` and clipped to the array."""
    xs = np.flatnonzero(m.max(axis=1) > 1e-4)
    if len(xs) == 0:
        return None
    ys = np.flatnonzero(m.max(axis=0) > 1e-4)
    p = int(math.ceil(pad))
    return (slice(max(0, xs[0] - p), min(m.shape[0], xs[-1] + p + 1)),
            slice(max(0, ys[0] - p), min(m.shape[1], ys[-1] + p + 1)))


def blur(a: Array, radius: float) -> Array:
    """Approximate Gaussian blur (three box passes); radius in array pixels. 2-D arrays only."""
    r = max(0, int(round(radius / 1.7)))
    if r == 0:
        return a.astype(np.float32, copy=True)
    sl = bbox(a, 3 * r + 2)
    out = np.zeros(a.shape, dtype=np.float32)
    if sl is None:
        return out
    sub = a[sl].astype(np.float32)
    for _ in range(3):
        sub = _box1d(sub, r, 0)
        sub = _box1d(sub, r, 1)
    out[sl] = sub
    return out


def dilate(m: Array, r: float) -> Array:
    """Grow a mask by r array pixels (max over a disc of offsets, cropped to the mask's box).

    Large radii work on a box-averaged copy (the antialiased edge survives the max) and
    scale back up smoothly: far cheaper, and the result is downsampled for output anyway.
    """
    f = int(min(4, r // 4))
    if f >= 2:
        sl = bbox(m, r + 2 * f)
        if sl is None:
            return np.zeros_like(m)
        sub = m[sl]
        w, h = sub.shape
        pw, ph = -w % f, -h % f
        sub = np.pad(sub, ((0, pw), (0, ph)))
        small = sub.reshape(sub.shape[0] // f, f, sub.shape[1] // f, f).mean(axis=(1, 3))
        grown = dilate(small, r / f)
        big = _resize(grown, sub.shape[0], sub.shape[1])[:w, :h]
        out = np.zeros_like(m)
        out[sl] = np.maximum(big, m[sl])
        return out
    return _dilate_exact(m, r)


def _dilate_exact(m: Array, r: float) -> Array:
    ri = int(math.ceil(r))
    if ri <= 0:
        return m.copy()
    xs = np.nonzero(m.max(axis=1) > 0.002)[0]
    ys = np.nonzero(m.max(axis=0) > 0.002)[0]
    out = np.zeros_like(m)
    if len(xs) == 0:
        return out
    x0, x1 = max(0, xs[0] - ri), min(m.shape[0], xs[-1] + ri + 1)
    y0, y1 = max(0, ys[0] - ri), min(m.shape[1], ys[-1] + ri + 1)
    src = np.zeros((x1 - x0 + 2 * ri, y1 - y0 + 2 * ri), dtype=np.float32)
    src[ri:ri + x1 - x0, ri:ri + y1 - y0] = m[x0:x1, y0:y1]
    acc = src[ri:ri + x1 - x0, ri:ri + y1 - y0].copy()
    offsets: set[tuple[int, int]] = set()
    for frac in (1.0, 0.75, 0.5, 0.25):
        rr = r * frac
        n = max(8, int(2 * math.pi * rr / 1.5))
        for i in range(n):
            a = 2 * math.pi * i / n
            offsets.add((int(round(rr * math.cos(a))), int(round(rr * math.sin(a)))))
    w, h = x1 - x0, y1 - y0
    for dx, dy in offsets:
        np.maximum(acc, src[ri + dx:ri + dx + w, ri + dy:ri + dy + h], out=acc)
    out[x0:x1, y0:y1] = acc
    return out


def smoothstep(e0: float, e1: float, x: Array) -> Array:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


# ----------------------------------------------------------------------------- canvas

class Grad:
    """A colour field evaluated lazily on the part of the canvas a paint touches."""

    def __init__(self, fn: Callable[[Array, Array], Array], stops: Stops, shape: tuple[int, int],
                 wrap: bool = False) -> None:
        self.fn, self.stops, self.shape, self.wrap = fn, stops, shape, wrap

    def at(self, sl: tuple[slice, slice]) -> Array:
        xs = np.arange(sl[0].start, sl[0].stop, dtype=np.float32) + 0.5
        ys = np.arange(sl[1].start, sl[1].stop, dtype=np.float32) + 0.5
        t = self.fn(xs[:, None], ys[None, :])
        t = t - np.floor(t) if self.wrap else np.clip(t, 0.0, 1.0)
        return ramp(np.broadcast_to(t, (len(xs), len(ys))), self.stops)

    def full(self) -> Array:
        return self.at((slice(0, self.shape[0]), slice(0, self.shape[1])))


class Canvas:
    """A premultiplied float RGBA image drawn in logical coordinates at ``ss`` x resolution."""

    def __init__(self, w: int, h: int, ss: int = 3) -> None:
        self.w, self.h, self.ss = w, h, ss
        self.W, self.H = w * ss, h * ss
        self.rgb = np.zeros((self.W, self.H, 3), dtype=np.float32)
        self.a = np.zeros((self.W, self.H), dtype=np.float32)
        # transform: logical -> array pixels is (p * scale + offset) * ss
        self._ox, self._oy, self._s = 0.0, 0.0, 1.0
        self._grid: tuple[Array, Array] | None = None

    # -- coordinates
    @property
    def grid(self) -> tuple[Array, Array]:
        """Array-pixel centre coordinates X[x, y], Y[x, y]."""
        if self._grid is None:
            xs = np.arange(self.W, dtype=np.float32) + 0.5
            ys = np.arange(self.H, dtype=np.float32) + 0.5
            self._grid = (np.broadcast_to(xs[:, None], (self.W, self.H)),
                          np.broadcast_to(ys[None, :], (self.W, self.H)))
        return self._grid

    def P(self, x: float, y: float) -> Point:
        return ((x * self._s + self._ox) * self.ss, (y * self._s + self._oy) * self.ss)

    def L(self, d: float) -> float:
        return d * self._s * self.ss

    @contextmanager
    def transform(self, dx: float, dy: float, scale: float = 1.0) -> Iterator[None]:
        """Draw the block's logical coords scaled by `scale` about (0,0) then moved by (dx, dy)."""
        saved = (self._ox, self._oy, self._s)
        self._ox = self._ox + dx * self._s
        self._oy = self._oy + dy * self._s
        self._s = self._s * scale
        try:
            yield
        finally:
            self._ox, self._oy, self._s = saved

    def empty(self) -> Array:
        return np.zeros((self.W, self.H), dtype=np.float32)

    # -- shapes -> masks
    def circle(self, cx: float, cy: float, r: float) -> Array:
        return self.ellipse(cx, cy, r, r)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> Array:
        X, Y = self.grid
        px, py = self.P(cx, cy)
        rx, ry = self.L(rx), self.L(ry)
        pad = max(rx, ry) + 2
        x0, x1 = max(0, int(px - pad)), min(self.W, int(px + pad) + 1)
        y0, y1 = max(0, int(py - pad)), min(self.H, int(py + pad) + 1)
        m = self.empty()
        if x0 >= x1 or y0 >= y1:
            return m
        u = X[x0:x1, y0:y1] - px
        v = Y[x0:x1, y0:y1] - py
        if angle:
            a = math.radians(angle)
            u, v = u * math.cos(a) + v * math.sin(a), -u * math.sin(a) + v * math.cos(a)
        k0 = np.sqrt((u / rx) ** 2 + (v / ry) ** 2)
        k1 = np.sqrt((u / (rx * rx)) ** 2 + (v / (ry * ry)) ** 2) + 1e-6
        d = k0 * (k0 - 1.0) / k1
        m[x0:x1, y0:y1] = np.clip(0.5 - d, 0.0, 1.0)
        return m

    def rrect(self, x: float, y: float, w: float, h: float, r: float) -> Array:
        X, Y = self.grid
        px0, py0 = self.P(x, y)
        pw, ph, pr = self.L(w), self.L(h), self.L(min(r, w / 2, h / 2))
        cx, cy = px0 + pw / 2, py0 + ph / 2
        x0, x1 = max(0, int(px0 - 2)), min(self.W, int(px0 + pw + 3))
        y0, y1 = max(0, int(py0 - 2)), min(self.H, int(py0 + ph + 3))
        m = self.empty()
        if x0 >= x1 or y0 >= y1:
            return m
        qx = np.abs(X[x0:x1, y0:y1] - cx) - (pw / 2 - pr)
        qy = np.abs(Y[x0:x1, y0:y1] - cy) - (ph / 2 - pr)
        d = np.sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2) + np.minimum(np.maximum(qx, qy), 0) - pr
        m[x0:x1, y0:y1] = np.clip(0.5 - d, 0.0, 1.0)
        return m

    def poly(self, pts: Sequence[Point]) -> Array:
        """A filled polygon (rasterised at ss x, so the edges are smooth after downsampling)."""
        surf = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(surf, (255, 255, 255, 255), [self.P(x, y) for x, y in pts])
        return pygame.surfarray.array_alpha(surf).astype(np.float32) / 255.0

    def stroke(self, pts: Sequence[Point], width: float, closed: bool = False) -> Array:
        """A thick polyline with round joins and caps."""
        surf = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pp = [self.P(x, y) for x, y in pts]
        hw = self.L(width) / 2
        white = (255, 255, 255, 255)
        segs = list(zip(pp, pp[1:] + pp[:1], strict=True)) if closed else list(zip(pp[:-1], pp[1:], strict=True))
        for (x0, y0), (x1, y1) in segs:
            dx, dy = x1 - x0, y1 - y0
            ln = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / ln * hw, dx / ln * hw
            pygame.draw.polygon(surf, white, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                              (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        for x, y in pp:
            pygame.draw.circle(surf, white, (x, y), hw)
        return pygame.surfarray.array_alpha(surf).astype(np.float32) / 255.0

    def text(self, text: str, cx: float, cy: float, height: float, max_w: float | None = None,
             stretch: float = 1.0, skew: float = 0.0) -> Array:
        """The default pygame font's glyphs, scaled so capitals are `height` tall, centred."""
        return text_mask(self, text, cx, cy, height, max_w, stretch, skew)

    # -- paints
    def linear(self, x0: float, y0: float, x1: float, y1: float, stops: Stops) -> Grad:
        ax, ay = self.P(x0, y0)
        bx, by = self.P(x1, y1)
        dx, dy = bx - ax, by - ay
        n = max(dx * dx + dy * dy, 1e-6)
        return Grad(lambda X, Y: ((X - ax) * dx + (Y - ay) * dy) / n, stops, (self.W, self.H))

    def radial(self, cx: float, cy: float, r: float, stops: Stops, ry: float | None = None) -> Grad:
        px, py = self.P(cx, cy)
        rx = self.L(r)
        ryy = self.L(ry if ry is not None else r)
        return Grad(lambda X, Y: np.sqrt(((X - px) / rx) ** 2 + ((Y - py) / ryy) ** 2), stops, (self.W, self.H))

    def angular(self, cx: float, cy: float, stops: Stops, turns: int = 1, rot: float = 0.0) -> Grad:
        """Colour by angle around a point (for starbursts and metallic sweeps)."""
        px, py = self.P(cx, cy)
        return Grad(lambda X, Y: (np.arctan2(Y - py, X - px) / (2 * math.pi) + rot / 360.0) * turns,
                    stops, (self.W, self.H), wrap=True)

    # -- compositing
    def paint(self, mask: Array, paint: Paint | Grad, alpha: float | Array = 1.0, mode: str = "over") -> None:
        cov_full = mask if isinstance(alpha, (int, float)) and alpha == 1.0 else mask * alpha
        sl = bbox(cov_full)
        if sl is None:
            return
        cov = cov_full[sl]
        if isinstance(paint, Grad):
            col: Array = paint.at(sl)
        elif isinstance(paint, np.ndarray) and paint.ndim == 3:
            col = paint[sl]
        else:
            col = rgb(paint)  # type: ignore[arg-type]
        crgb = self.rgb[sl]
        ca = self.a[sl]
        if mode == "over":
            crgb *= (1.0 - cov)[..., None]
            crgb += col * cov[..., None]
            ca *= 1.0 - cov
            ca += cov
        elif mode == "add":  # light added where the canvas is already opaque
            crgb += col * (cov * ca)[..., None]
            np.minimum(crgb, ca[..., None], out=crgb)
        elif mode == "mul":
            crgb *= 1.0 - cov[..., None] * (1.0 - col)
        elif mode == "behind":  # under what is already drawn
            under = cov * (1.0 - ca)
            crgb += col * under[..., None]
            ca += under
        else:
            raise ValueError(mode)

    def shade(self, mask: Array, amount: float | Array) -> None:
        """Darken (amount>0) or lighten (amount<0) inside the mask, keeping the shape."""
        sl = bbox(mask)
        if sl is None:
            return
        amt = mask[sl] * (amount[sl] if isinstance(amount, np.ndarray) else amount)
        dark = np.clip(amt, 0, 1)
        light = np.clip(-amt, 0, 1)
        crgb = self.rgb[sl]
        crgb *= (1.0 - dark)[..., None]
        crgb += (self.a[sl][..., None] - crgb) * light[..., None]

    # -- effects
    def shadow(self, mask: Array, dx: float = 3, dy: float = 5, radius: float = 6,
               alpha: float = 0.55, colour: Colour = (0, 0, 0)) -> None:
        sx, sy = int(round(self.L(dx))), int(round(self.L(dy)))
        m = np.roll(np.roll(mask, sx, axis=0), sy, axis=1)
        self.paint(blur(m, self.L(radius)), colour, alpha, mode="behind")

    def glow(self, mask: Array, colour: Colour, radius: float, alpha: float = 1.0) -> None:
        g = blur(dilate(mask, self.L(radius) * 0.25), self.L(radius))
        self.paint(np.clip(g * 1.6, 0, 1), colour, alpha, mode="behind")

    def bevel(self, mask: Array, depth: float = 6, strength: float = 0.8,
              light: Point = (-0.6, -0.8), highlight: Colour = (1, 1, 1), shadow: Colour = (0, 0, 0)) -> None:
        """Pillow-emboss inside a mask: lit edges toward `light`, shaded edges away from it."""
        sl = bbox(mask, self.L(depth) * 2 + 4)
        if sl is None:
            return
        h = blur(mask[sl], self.L(depth))
        gx, gy = np.gradient(h)
        lx, ly = light
        n = math.hypot(lx, ly)
        d = -(gx * lx + gy * ly) / n * (self.L(depth) * 2.2)
        lit = self.empty()
        dark = self.empty()
        lit[sl] = np.clip(d, 0, 1) * strength * 0.9
        dark[sl] = np.clip(-d, 0, 1) * strength * 0.75
        self.paint(mask, highlight, lit, mode="add")
        self.paint(mask, shadow, dark)

    def outline(self, mask: Array, width: float, paint: Paint, alpha: float = 1.0) -> Array:
        """Paint a band of `width` around (and under) the mask; returns the grown mask."""
        grown = dilate(mask, self.L(width))
        grown = np.clip(blur(grown, 1.2), 0, 1)
        self.paint(grown, paint, alpha)
        return grown

    def gloss(self, mask: Array, x: float, y: float, w: float, h: float, alpha: float = 0.55,
              angle: float = 0.0) -> None:
        """A soft white specular ellipse fading downwards, clipped to the mask."""
        e = self.ellipse(x + w / 2, y + h / 2, w / 2, h / 2, angle)
        fade = self.linear(x, y, x, y + h, [(1, 1, 1), (0, 0, 0)]).full()[..., 0]
        self.paint(blur(e, self.L(1.5)) * mask, (1, 1, 1), fade * alpha)

    # -- output
    def to_array(self) -> tuple[Array, Array]:
        ss = self.ss
        if ss == 1:
            return self.rgb.copy(), self.a.copy()
        rgb_ = self.rgb.reshape(self.w, ss, self.h, ss, 3).mean(axis=(1, 3))
        a = self.a.reshape(self.w, ss, self.h, ss).mean(axis=(1, 3))
        return rgb_, a

    def to_surface(self) -> pygame.Surface:
        rgb_, a = self.to_array()
        return surface_from(rgb_, a)


def surface_from(rgb_premul: Array, a: Array) -> pygame.Surface:
    """An SRCALPHA surface from premultiplied float arrays indexed [x, y]."""
    w, h = a.shape
    straight = np.where(a[..., None] > 1e-4, rgb_premul / np.maximum(a[..., None], 1e-4), 0.0)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    px = pygame.surfarray.pixels3d(surf)
    px[...] = np.clip(straight * 255.0 + 0.5, 0, 255).astype(np.uint8)
    del px
    pa = pygame.surfarray.pixels_alpha(surf)
    pa[...] = np.clip(a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    del pa
    return surf


def surface_arrays(surf: pygame.Surface) -> tuple[Array, Array]:
    """Premultiplied float arrays from an SRCALPHA surface."""
    a = pygame.surfarray.array_alpha(surf).astype(np.float32) / 255.0
    c = pygame.surfarray.array3d(surf).astype(np.float32) / 255.0
    return c * a[..., None], a


_FONTS: dict[int, pygame.font.Font] = {}


def font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    if size not in _FONTS:
        _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def glyph_alpha(text: str, size: int = 240) -> Array:
    """The alpha of `text` in the default font, cropped to its ink."""
    surf = font(size).render(text, True, (255, 255, 255))
    a = pygame.surfarray.array_alpha(surf) if surf.get_flags() & pygame.SRCALPHA else \
        pygame.surfarray.array3d(surf)[..., 0]
    a = a.astype(np.float32) / 255.0
    xs = np.nonzero(a.max(axis=1) > 0.02)[0]
    ys = np.nonzero(a.max(axis=0) > 0.02)[0]
    if len(xs) == 0:
        return a
    return a[xs[0]:xs[-1] + 1, ys[0]:ys[-1] + 1]


def _resize(a: Array, w: int, h: int) -> Array:
    """Smooth-resize a single-channel float array via pygame's smoothscale."""
    w, h = max(1, w), max(1, h)
    src = np.clip(a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    surf = pygame.Surface(a.shape, pygame.SRCALPHA)
    surf.fill((255, 255, 255, 0))
    pa = pygame.surfarray.pixels_alpha(surf)
    pa[...] = src
    del pa
    out = pygame.transform.smoothscale(surf, (w, h))
    return pygame.surfarray.array_alpha(out).astype(np.float32) / 255.0


def text_mask(c: Canvas, text: str, cx: float, cy: float, height: float, max_w: float | None,
              stretch: float, skew: float) -> Array:
    g = glyph_alpha(text)
    gw, gh = g.shape
    ph = c.L(height)
    pw = gw * ph / gh * stretch
    if max_w is not None and pw > c.L(max_w):
        pw = c.L(max_w)
    g2 = _resize(g, int(round(pw)), int(round(ph)))
    if skew:
        sk = np.zeros((g2.shape[0] + int(abs(skew) * g2.shape[1]) + 2, g2.shape[1]), dtype=np.float32)
        for y in range(g2.shape[1]):
            off = int(round(skew * (g2.shape[1] - y)))
            sk[off:off + g2.shape[0], y] = g2[:, y]
        g2 = sk
    m = c.empty()
    px, py = c.P(cx, cy)
    x0 = int(round(px - g2.shape[0] / 2))
    y0 = int(round(py - g2.shape[1] / 2))
    sx0, sy0 = max(0, -x0), max(0, -y0)
    dx0, dy0 = max(0, x0), max(0, y0)
    dx1 = min(c.W, x0 + g2.shape[0])
    dy1 = min(c.H, y0 + g2.shape[1])
    if dx1 > dx0 and dy1 > dy0:
        m[dx0:dx1, dy0:dy1] = g2[sx0:sx0 + dx1 - dx0, sy0:sy0 + dy1 - dy0]
    return m


def noise(shape: tuple[int, int], seed: int, scale: int = 8) -> Array:
    """Smooth value noise in 0..1, deterministic for a seed."""
    rng = np.random.default_rng(seed)
    w, h = shape
    coarse = rng.random((w // scale + 2, h // scale + 2)).astype(np.float32)
    return np.clip(_resize(coarse, w + 2 * scale, h + 2 * scale)[scale // 2:scale // 2 + w,
                                                                   scale // 2:scale // 2 + h], 0, 1)


def save(surf: pygame.Surface, path: os.PathLike[str] | str) -> None:
    os.makedirs(os.path.dirname(os.fspath(path)), exist_ok=True)
    pygame.image.save(surf, os.fspath(path))
