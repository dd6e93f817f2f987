"""The math report: one picture of a simulation for designers who would rather look than read.

``report_data`` gathers what is drawn (all exact integers or Fractions from the
simulation, plus the exact par); ``draw_report`` is a pure function from that data to a
pygame Surface, laid out by ``report_layout`` (which tests use to find where things
are); ``save_report`` writes the PNG. Nothing here opens a window: a Surface, fonts and
``image.save`` need no display, and the video driver defaults to ``dummy``.

The picture: a header with the run's numbers in tiles; the win distribution (share of
rounds per win bucket, log-log, with the no-win share as its own bar); the RTP
convergence (running RTP against rounds on a log axis, the exact par as a line and
par +- 1.96 sigma / sqrt(n) shaded, sigma being the run's). With ``feel`` figures
(``cabinet feel --report``) a second row of tiles shows how the game plays in time:
seconds per round, spins per hour, the wait for a feature, dry spells, each feature's
frequency and length, from rounds played on the window's own timeline.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: never needs a display

import pygame  # noqa: E402

from ..core.money import fraction_str  # noqa: E402
from ..core.rng import derive_seed  # noqa: E402
from ..core.simulation.report import Z95, SimReport  # noqa: E402
from ..core.simulation.tally import WIN_EDGES_X  # noqa: E402

DEFAULT_SIZE = (1600, 1000)
Colour = tuple[int, int, int]

# Dark theme: slate panels, one accent per meaning (blue = measured, amber = exact par).
BACKGROUND: Colour = (14, 17, 24)
PANEL: Colour = (22, 26, 35)
PANEL_EDGE: Colour = (40, 46, 59)
GRID: Colour = (36, 42, 54)
AXIS: Colour = (96, 105, 122)
TEXT: Colour = (232, 236, 243)
MUTED: Colour = (142, 151, 168)
MEASURED: Colour = (96, 172, 255)
PAR: Colour = (255, 190, 80)
GOOD: Colour = (102, 214, 150)
WARN: Colour = (255, 120, 110)
NO_WIN: Colour = (84, 93, 110)
FEEL: Colour = (120, 220, 200)  # the feel figures: time on the window's timeline
# Win tiers by size in x bet: below the bet, small, big, huge.
TIERS: tuple[tuple[Fraction, Colour, str], ...] = (
    (Fraction(0), (110, 128, 160), "under 1x"),
    (Fraction(1), (58, 186, 168), "1x to 10x"),
    (Fraction(10), (160, 128, 250), "10x to 100x"),
    (Fraction(100), (255, 112, 112), "100x and over"),
)
BAND_ALPHA = 34


# --- the data ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feature:
    name: str
    rounds: int  # rounds in which it ran
    rtp: Fraction  # what it paid, per unit bet


@dataclass(frozen=True)
class ReportData:
    """Everything the picture shows; depends only on the game, bet, seed and spins."""

    game: str
    name: str
    spins: int
    seed: int
    bet_label: str  # e.g. "€1.00 (20 lines x 1 coin x €0.05)"
    bet_total: int  # minor units
    win_sum: int
    win_sq_sum: int
    hits: int
    max_win: int  # minor units
    max_round: int
    features: tuple[Feature, ...]
    histogram: tuple[int, ...]  # see cabinet.core.simulation.tally.HISTOGRAM_BUCKETS
    convergence: tuple[tuple[int, int], ...]  # (rounds, cumulative win), last = (spins, win_sum)
    par_rtp: Fraction | None  # the exact total RTP (None: not known exactly)
    par_note: str = ""  # what the par is made of
    top_wins: tuple[tuple[int, int, int], ...] = ()  # (win in minor units, round, seed), largest first
    # the feel figures (``cabinet feel --report``): (label, value, note) tiles in a second row
    feel: tuple[tuple[str, str, str], ...] = ()

    @property
    def rtp(self) -> Fraction:
        return Fraction(self.win_sum, self.spins * self.bet_total)

    @property
    def sigma(self) -> float:
        """Standard deviation of one round's win, in bets (population form)."""
        mean = Fraction(self.win_sum, self.spins)
        return math.sqrt((Fraction(self.win_sq_sum, self.spins) - mean * mean) / self.bet_total**2)

    @property
    def rtp_ci95(self) -> tuple[float, float]:
        half = Z95 * self.sigma / math.sqrt(self.spins)
        return float(self.rtp) - half, float(self.rtp) + half

    @property
    def hit_rate(self) -> Fraction:
        return Fraction(self.hits, self.spins)

    @property
    def max_win_x(self) -> Fraction:
        return Fraction(max(self.max_win, 0), self.bet_total)

    @property
    def centre(self) -> float:
        """What the convergence band is drawn around: the par, else the measured RTP."""
        return float(self.par_rtp if self.par_rtp is not None else self.rtp)

    def band_half(self, rounds: float) -> float:
        return Z95 * self.sigma / math.sqrt(rounds)

    def share_at_least(self, x_bet: Fraction) -> Fraction:
        """Share of rounds winning at least ``x_bet`` x bet (``x_bet`` must be a bucket edge)."""
        first = WIN_EDGES_X.index(x_bet) + 2
        return Fraction(sum(self.histogram[first:]), self.spins)


def report_data(sim: SimReport, name: str, bet_label: str, par_rtp: Fraction | None,
                par_note: str = "") -> ReportData:
    t = sim.tally
    return ReportData(
        game=sim.game,
        name=name,
        spins=sim.spins,
        seed=sim.seed,
        bet_label=bet_label,
        bet_total=sim.bet_total,
        win_sum=t.win_sum,
        win_sq_sum=t.win_sq_sum,
        hits=t.hits,
        max_win=t.max_win,
        max_round=t.max_index,
        features=tuple(
            Feature(n, rounds, Fraction(win, sim.spins * sim.bet_total))
            for n, (rounds, win) in sorted(t.features.items())
        ),
        histogram=tuple(t.histogram),
        convergence=tuple(t.convergence),
        par_rtp=par_rtp,
        par_note=par_note,
        top_wins=tuple((win, index, derive_seed(sim.seed, index)) for win, index in t.top),
    )


# --- layout ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Axes:
    """A plot rectangle and its data ranges; log axes hold log10 of the value."""

    rect: pygame.Rect
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    x_log: bool
    y_log: bool

    def x_px(self, x: float) -> float:
        v = math.log10(x) if self.x_log else x
        lo, hi = self.x_range
        return self.rect.left + (v - lo) / (hi - lo) * (self.rect.width - 1)

    def y_px(self, y: float) -> float:
        v = math.log10(y) if self.y_log else y
        lo, hi = self.y_range
        return self.rect.bottom - 1 - (v - lo) / (hi - lo) * (self.rect.height - 1)


@dataclass(frozen=True)
class ReportLayout:
    size: tuple[int, int]
    scale: float
    header: pygame.Rect
    tiles: tuple[pygame.Rect, ...]
    hist_panel: pygame.Rect
    conv_panel: pygame.Rect
    hist: Axes  # the log-log plot of the winning buckets
    no_win: pygame.Rect  # the column left of it holding the no-win bar (same y axis)
    conv: Axes
    feel_tiles: tuple[pygame.Rect, ...] = ()  # the second row of tiles: the feel figures, when given

    def par_y(self, data: ReportData) -> int:
        """The pixel row of the par line (the top of its two rows)."""
        return round(self.conv.y_px(data.centre))


def _tiles(data: ReportData) -> list[tuple[str, str, str, Colour]]:
    """(label, value, note, value colour) of each header tile."""
    lo, hi = data.rtp_ci95
    inside = data.par_rtp is not None and lo <= data.par_rtp <= hi
    par_colour = TEXT if data.par_rtp is None else (GOOD if inside else WARN)
    hit = data.hit_rate
    tiles = [
        ("RTP (SIMULATED)", _pct(data.rtp, 4), f"95% CI {lo * 100:.3f}% to {hi * 100:.3f}%", MEASURED),
        (
            "PAR (EXACT)",
            _pct(data.par_rtp, 4) if data.par_rtp is not None else "n/a",
            ("inside the 95% CI" if inside else "outside the 95% CI")
            if data.par_rtp is not None else "not exact for this game",
            par_colour,
        ),
        ("HIT RATE", _pct(hit, 2), f"1 in {float(1 / hit):,.2f}" if hit else "no wins", TEXT),
        ("SIGMA PER ROUND", f"{data.sigma:.3f}x", f"volatility index {Z95 * data.sigma:.2f}", TEXT),
        ("MAX WIN", f"{float(data.max_win_x):,.2f}x", f"round {data.max_round:,}", TEXT),
    ]
    for f in data.features:
        one_in = f"1 in {data.spins / f.rounds:,.1f}" if f.rounds else "never"
        label = f"{f.name.replace('_', ' ').upper()}: HOW OFTEN"  # the feel row's tile says how long
        tiles.append((label, one_in, f"{f.rounds / data.spins * 100:.3f}% of {data.spins:,} simulated rounds, "
                                     f"RTP {_pct(f.rtp, 2)}", TEXT))
    return tiles


def _histogram_range(data: ReportData) -> tuple[tuple[float, float], tuple[float, float]]:
    """(log10 x range, log10 y range) covering every winning bucket, whole decades."""
    spins = data.spins
    used = [i for i, n in enumerate(data.histogram[2:]) if n]
    if used:
        x_lo = math.floor(math.log10(WIN_EDGES_X[used[0]]) + 1e-9)
        top = WIN_EDGES_X[used[-1] + 1] if used[-1] + 1 < len(WIN_EDGES_X) else WIN_EDGES_X[-1] * 10
        x_hi = math.ceil(math.log10(top) - 1e-9)
    else:
        x_lo, x_hi = -1, 2
    x_hi = max(x_hi, x_lo + 2)
    rarest = min((n for n in data.histogram if n), default=1)
    y_lo = min(math.floor(math.log10(rarest / spins) + 1e-9), -1)
    return (float(x_lo), float(x_hi)), (float(y_lo), 0.0)


def _convergence_range(data: ReportData) -> tuple[tuple[float, float], tuple[float, float]]:
    """(log10 rounds range, RTP range): the band from 1/300 of the run onwards fits,
    and every point from there; earlier, wilder points leave the frame like the band's
    trumpet (a range fitting them all would flatten the end, where the answer is)."""
    first = data.convergence[0][0]
    last = data.spins
    x_hi = math.log10(last)
    x_lo = min(math.log10(first), x_hi - 1)  # a run under 100 rounds: one point, one decade
    centre = data.centre
    ref = max(first, last / 300)
    half = data.band_half(ref)
    for n, win in data.convergence:
        if n >= ref:
            half = max(half, abs(win / (n * data.bet_total) - centre))
    half = max(half * 1.08, 0.002)
    return (x_lo, x_hi), (max(centre - half, 0.0), centre + half)  # no RTP is below zero


def report_layout(data: ReportData, size: tuple[int, int] = DEFAULT_SIZE) -> ReportLayout:
    width, height = size
    s = min(width / DEFAULT_SIZE[0], height / DEFAULT_SIZE[1])
    margin, gap = round(28 * s), round(20 * s)
    tile_h, tile_gap = round(112 * s), round(12 * s)
    header = pygame.Rect(margin, margin, width - 2 * margin,
                         round(196 * s) + ((tile_h + tile_gap) if data.feel else 0))
    tile_top = header.top + round(84 * s)

    def row(count: int, top: int) -> tuple[pygame.Rect, ...]:
        tile_w = (header.width - tile_gap * (count - 1)) // count
        return tuple(pygame.Rect(header.left + i * (tile_w + tile_gap), top, tile_w, tile_h) for i in range(count))

    tiles = row(len(_tiles(data)), tile_top)
    feel_tiles = row(len(data.feel), tile_top + tile_h + tile_gap) if data.feel else ()
    top = header.bottom + gap
    panel_w = (width - 2 * margin - gap) // 2
    panel_h = height - margin - top
    hist_panel = pygame.Rect(margin, top, panel_w, panel_h)
    conv_panel = pygame.Rect(margin + panel_w + gap, top, panel_w, panel_h)

    def plot_in(panel: pygame.Rect, left: int) -> pygame.Rect:
        pad_top, pad_right, pad_bottom = round(112 * s), round(28 * s), round(70 * s)
        return pygame.Rect(panel.left + left, panel.top + pad_top, panel.width - left - pad_right,
                           panel.height - pad_top - pad_bottom)

    y_labels = round(96 * s)
    column = round(64 * s)
    hist_rect = plot_in(hist_panel, y_labels + column)
    no_win = pygame.Rect(hist_rect.left - column, hist_rect.top, column - round(14 * s), hist_rect.height)
    (hx, hy) = _histogram_range(data)
    (cx, cy) = _convergence_range(data)
    return ReportLayout(
        size=(width, height),
        scale=s,
        header=header,
        tiles=tiles,
        hist_panel=hist_panel,
        conv_panel=conv_panel,
        hist=Axes(hist_rect, hx, hy, True, True),
        no_win=no_win,
        conv=Axes(plot_in(conv_panel, y_labels), cx, cy, True, False),
        feel_tiles=feel_tiles,
    )


# --- drawing -----------------------------------------------------------------------------------------


class _Ink:
    """Fonts by size (pygame's default font) and text placement on one surface."""

    def __init__(self, surface: pygame.Surface, scale: float) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.surface = surface
        self.scale = scale
        self._fonts: dict[int, pygame.font.Font] = {}

    def font(self, size: float) -> pygame.font.Font:
        px = max(8, round(size * self.scale))
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)
        return self._fonts[px]

    def text(self, text: str, size: float, colour: Colour, pos: tuple[float, float],
             anchor: str = "topleft", angle: int = 0) -> pygame.Rect:
        image = self.font(size).render(text, True, colour)
        if angle:
            image = pygame.transform.rotate(image, angle)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        self.surface.blit(image, rect)
        return rect

    def width(self, text: str, size: float) -> int:
        return self.font(size).size(text)[0]


def draw_report(data: ReportData, size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """The whole picture on a new Surface (pure: the same data gives the same pixels)."""
    layout = report_layout(data, size)
    surface = pygame.Surface(layout.size)
    surface.fill(BACKGROUND)
    ink = _Ink(surface, layout.scale)
    _draw_header(ink, data, layout)
    _draw_histogram(ink, data, layout)
    _draw_convergence(ink, data, layout)
    return surface


def save_report(data: ReportData, path: str | Path, size: tuple[int, int] = DEFAULT_SIZE) -> Path:
    path = Path(path)
    surface = draw_report(data, size)
    try:
        pygame.image.save(surface, str(path))
    except pygame.error as exc:  # e.g. an unwritable place: callers handle OSError
        raise OSError(str(exc)) from exc
    return path


def _panel(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    radius = round(10 * scale)
    pygame.draw.rect(surface, PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=radius)


def _draw_header(ink: _Ink, data: ReportData, layout: ReportLayout) -> None:
    s, h = layout.scale, layout.header
    ink.text(data.name, 46, TEXT, (h.left + 4 * s, h.top))
    ink.text("MATH REPORT", 18, PAR, (h.right, h.top + 6 * s), "topright")
    ink.text(
        f"{data.game}   ·   {data.spins:,} rounds   ·   seed {data.seed}   ·   bet {data.bet_label}",
        20, MUTED, (h.left + 5 * s, h.top + 46 * s),
    )
    if data.par_note:
        ink.text(data.par_note, 16, MUTED, (h.right, h.top + 50 * s), "topright")
    feel = [(label, value, note, FEEL) for label, value, note in data.feel]
    for rect, (label, value, note, colour) in zip((*layout.tiles, *layout.feel_tiles), [*_tiles(data), *feel],
                                                  strict=True):
        _panel(ink.surface, rect, s)
        pad = 14 * s
        ink.text(label, 16, MUTED, (rect.left + pad, rect.top + 12 * s))
        ink.text(value, 36, colour, (rect.left + pad, rect.top + 34 * s))
        size = 16.0
        while ink.width(note, size) > rect.width - 2 * pad and size > 9:
            size -= 0.5
        ink.text(note, size, MUTED, (rect.left + pad, rect.bottom - 12 * s), "bottomleft")


def _dashed_vline(surface: pygame.Surface, colour: Colour, x: int, top: int, bottom: int, dash: int) -> None:
    for y in range(top, bottom, 2 * dash):
        pygame.draw.line(surface, colour, (x, y), (x, min(y + dash, bottom)))


def _x_label_decade(power: int, suffix: str) -> str:
    value = 10**power if power >= 0 else Fraction(1, 10**-power)
    if suffix == "x":
        return f"{fraction_str(Fraction(value))}x" if power < 0 else f"{value:,}x"
    return _count(10**power)


def _count(n: int) -> str:
    for scale, unit in ((10**9, "G"), (10**6, "M"), (10**3, "k")):
        if n >= scale and n % scale == 0:
            return f"{n // scale:,}{unit}"
    return f"{n:,}"


def _one_in(share: Fraction) -> str:
    n = float(1 / share)
    return f"{n:,.0f}" if n >= 100 else f"{n:,.1f}"


def _pct(value: Fraction | float | None, places: int) -> str:
    return "n/a" if value is None else f"{float(value) * 100:.{places}f}%"


def _tier_colour(lower_edge: Fraction) -> Colour:
    colour = TIERS[0][1]
    for edge, c, _ in TIERS:
        if lower_edge >= edge:
            colour = c
    return colour


def _legend(ink: _Ink, items: Sequence[tuple[Colour, str, str]], right: float, y: float) -> None:
    """Swatches (kind "bar", "line" or "band") and labels, right-aligned on one row."""
    s = ink.scale
    x = right
    for colour, kind, label in reversed(items):
        x -= ink.width(label, 16)
        ink.text(label, 16, MUTED, (x, y), "midleft")
        x -= 24 * s
        swatch = pygame.Rect(round(x), round(y - 6 * s), round(16 * s), round(12 * s))
        if kind == "line":
            pygame.draw.rect(ink.surface, colour, (swatch.left, round(y) - 1, swatch.width, 3))
        elif kind == "band":
            band = pygame.Surface(swatch.size, pygame.SRCALPHA)
            band.fill((*colour, BAND_ALPHA * 2))
            ink.surface.blit(band, swatch)
        else:
            pygame.draw.rect(ink.surface, colour, swatch, border_radius=2)
        x -= 20 * s


def _y_log_labels(ink: _Ink, axes: Axes, left_of: int) -> None:
    r = axes.rect
    lo, hi = axes.y_range
    for p in range(int(lo), int(hi) + 1):
        y = round(axes.y_px(10.0**p))
        pygame.draw.line(ink.surface, GRID, (left_of, y), (r.right - 1, y))
        label = "every round" if p == 0 else f"1 in {_count(10**-p)}"
        ink.text(label, 16, MUTED, (left_of - 10 * ink.scale, y), "midright")


def _draw_histogram(ink: _Ink, data: ReportData, layout: ReportLayout) -> None:
    surface, s = ink.surface, layout.scale
    panel = layout.hist_panel
    _panel(surface, panel, s)
    ink.text("Win distribution", 26, TEXT, (panel.left + 22 * s, panel.top + 18 * s))
    zero = Fraction(data.histogram[0], data.spins)
    ink.text(
        f"share of rounds by round win, log-log  ·  no win: {_pct(zero, 2)} of rounds",
        16, MUTED, (panel.left + 22 * s, panel.top + 50 * s),
    )
    _legend(ink, [(c, "bar", label) for _, c, label in TIERS], panel.right - 22 * s, panel.top + 86 * s)
    _histogram_axes(ink, layout)
    _histogram_bars(surface, data, layout)
    _histogram_marks(ink, data, layout)
    _big_win_box(ink, data, layout.hist.rect)


def _histogram_axes(ink: _Ink, layout: ReportLayout) -> None:
    """Decade grid and labels (faint ticks at the 2s and 5s), axis titles."""
    s, axes, r = layout.scale, layout.hist, layout.hist.rect
    x_lo, x_hi = axes.x_range
    _y_log_labels(ink, axes, layout.no_win.left)
    for p in range(int(x_lo), int(x_hi) + 1):
        x = round(axes.x_px(10.0**p))
        pygame.draw.line(ink.surface, GRID, (x, r.top), (x, r.bottom - 1))
        ink.text(_x_label_decade(p, "x"), 16, MUTED, (x, r.bottom + 10 * s), "midtop")
        for m in (2, 5):
            if p + math.log10(m) < x_hi:
                xm = round(axes.x_px(m * 10.0**p))
                pygame.draw.line(ink.surface, AXIS, (xm, r.bottom), (xm, r.bottom + 4 * s))
    ink.text("no win", 16, MUTED, (layout.no_win.centerx, r.bottom + 10 * s), "midtop")
    ink.text("round win, x bet (log scale)", 16, MUTED, (r.centerx, r.bottom + 40 * s), "midtop")
    left = layout.hist_panel.left + 16 * s
    ink.text("frequency (log scale)", 16, MUTED, (left, r.centery), "midleft", angle=90)


def _histogram_bars(surface: pygame.Surface, data: ReportData, layout: ReportLayout) -> None:
    """The no-win bar beside the log axis (zero has no place on it), then one bar per
    winning bucket (the bucket below the first edge stays empty for any real game)."""
    axes, r, nw = layout.hist, layout.hist.rect, layout.no_win
    floor_y = r.bottom - 1
    gap = max(1, round(2 * layout.scale))
    lowest = 10.0 ** axes.y_range[0]
    if data.histogram[0]:
        top = round(axes.y_px(data.histogram[0] / data.spins))
        pygame.draw.rect(surface, NO_WIN, (nw.left + gap, top, nw.width - 2 * gap, floor_y - top + 1))
    for i, count in enumerate(data.histogram[2:]):
        if not count:
            continue
        lower = WIN_EDGES_X[i]
        upper = WIN_EDGES_X[i + 1] if i + 1 < len(WIN_EDGES_X) else lower * Fraction(8, 5)
        left, right = round(axes.x_px(float(lower))) + gap, round(axes.x_px(float(upper))) - gap
        top = round(axes.y_px(max(count / data.spins, lowest)))
        pygame.draw.rect(surface, _tier_colour(lower), (left, top, max(1, right - left), floor_y - top + 1))
    pygame.draw.line(surface, AXIS, (nw.left, floor_y), (r.right - 1, floor_y))


def _histogram_marks(ink: _Ink, data: ReportData, layout: ReportLayout) -> None:
    """The bet (a win below it still loses money) and the max win."""
    s, axes, r = layout.scale, layout.hist, layout.hist.rect
    one = round(axes.x_px(1.0))
    if r.left < one < r.right:
        _dashed_vline(ink.surface, TEXT, one, r.top, r.bottom - 1, round(6 * s))
        ink.text("1x bet", 15, TEXT, (one + 6 * s, r.top + 4 * s))
    if data.max_win <= 0:
        return
    xm = axes.x_px(float(data.max_win_x))
    if not r.left <= xm <= r.right:
        return
    top, size = r.top + 6 * s, 7 * s
    pygame.draw.polygon(ink.surface, TEXT, [(xm - size, top), (xm + size, top), (xm, top + 1.6 * size)])
    label = f"max {float(data.max_win_x):,.1f}x"
    if xm > r.right - ink.width(label, 15) - 20 * s:
        ink.text(label, 15, TEXT, (xm - size - 4 * s, top - 2 * s), "topright")
    else:
        ink.text(label, 15, TEXT, (xm + size + 4 * s, top - 2 * s), "topleft")


def _big_win_box(ink: _Ink, data: ReportData, r: pygame.Rect) -> None:
    """How often a round wins 1x, 10x, 100x ... or more: what a designer asks first."""
    s = ink.scale
    lines = []
    for x in (Fraction(1), Fraction(10), Fraction(100), Fraction(1000)):
        share = data.share_at_least(x)
        if x > 1 and not share:
            break
        lines.append(f"win {x}x or more: " + (f"1 in {_one_in(share)}" if share else "never"))
    box = pygame.Rect(0, 0, max(ink.width(t, 16) for t in lines) + round(24 * s),
                      round((22 * len(lines) + 14) * s))
    box.topright = (r.right - round(10 * s), r.top + round(36 * s))
    pygame.draw.rect(ink.surface, PANEL, box, border_radius=round(6 * s))
    pygame.draw.rect(ink.surface, PANEL_EDGE, box, width=1, border_radius=round(6 * s))
    y = box.top + 8 * s
    for line in lines:
        ink.text(line, 16, TEXT, (box.right - 12 * s, y), "topright")
        y += 22 * s


TOP_WINS_LISTED = 5  # the report lists this many of --top's rounds (the JSON has them all)


def _top_wins_box(ink: _Ink, data: ReportData, r: pygame.Rect) -> None:
    """The largest rounds with the seed that replays each (``cabinet play GAME --round SEED``),
    at the bottom right of the convergence plot: late in a run the band is narrow around
    the centre, so that corner is empty."""
    if not data.top_wins:
        return
    s = ink.scale
    lines = ["largest wins (cabinet play GAME --round SEED)"]
    for rank, (win, index, seed) in enumerate(data.top_wins[:TOP_WINS_LISTED], 1):
        lines.append(f"{rank}. {float(Fraction(win, data.bet_total)):,.2f}x  round {index:,}  seed {seed}")
    box = pygame.Rect(0, 0, max(ink.width(t, 15) for t in lines) + round(24 * s),
                      round((20 * len(lines) + 14) * s))
    box.bottomright = (r.right - round(10 * s), r.bottom - round(10 * s))
    pygame.draw.rect(ink.surface, PANEL, box, border_radius=round(6 * s))
    pygame.draw.rect(ink.surface, PANEL_EDGE, box, width=1, border_radius=round(6 * s))
    y = box.top + 8 * s
    for i, line in enumerate(lines):
        ink.text(line, 15, MUTED if i == 0 else TEXT, (box.right - 12 * s, y), "topright")
        y += 20 * s


def _nice_step(span: float, target: int) -> float:
    raw = span / target
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def _draw_convergence(ink: _Ink, data: ReportData, layout: ReportLayout) -> None:
    surface, s = ink.surface, layout.scale
    panel = layout.conv_panel
    _panel(surface, panel, s)
    ink.text("RTP convergence", 26, TEXT, (panel.left + 22 * s, panel.top + 18 * s))
    centre_name = "par" if data.par_rtp is not None else "final RTP"
    ink.text(
        f"running RTP against rounds played  ·  band: {centre_name} ± 1.96σ/√n, σ = {data.sigma:.3f} from this run",
        16, MUTED, (panel.left + 22 * s, panel.top + 50 * s),
    )
    _legend(
        ink,
        [
            (MEASURED, "line", f"running RTP (final {_pct(data.rtp, 4)})"),
            (PAR, "line", "exact par" if data.par_rtp is not None else "final RTP"),
            (PAR, "band", "95% band"),
        ],
        panel.right - 22 * s,
        panel.top + 86 * s,
    )
    _convergence_axes(ink, layout)
    _convergence_plot(surface, data, layout)
    r = layout.conv.rect
    label = f"{centre_name} {_pct(data.centre, 4)}"
    ink.text(label, 16, PAR, (r.left + 12 * s, layout.par_y(data) - 4 * s), "bottomleft")
    _top_wins_box(ink, data, r)


def _convergence_axes(ink: _Ink, layout: ReportLayout) -> None:
    """RTP gridlines at a round step, decades of rounds with minor ticks, axis titles."""
    s, axes, r = layout.scale, layout.conv, layout.conv.rect
    (x_lo, x_hi), (y_lo, y_hi) = axes.x_range, axes.y_range
    step = _nice_step((y_hi - y_lo) * 100, 7)  # in percentage points
    places = next(p for p in range(8) if abs(round(step, p) - step) < 1e-9 * step)
    k = math.ceil(y_lo * 100 / step - 1e-9)
    while k * step <= y_hi * 100 + 1e-9:
        y = round(axes.y_px(k * step / 100))
        pygame.draw.line(ink.surface, GRID, (r.left, y), (r.right - 1, y))
        ink.text(f"{k * step:.{places}f}%", 16, MUTED, (r.left - 10 * s, y), "midright")
        k += 1
    for p in range(math.ceil(x_lo - 1e-9), math.floor(x_hi + 1e-9) + 1):
        x = round(axes.x_px(10.0**p))
        pygame.draw.line(ink.surface, GRID, (x, r.top), (x, r.bottom - 1))
        ink.text(_x_label_decade(p, ""), 16, MUTED, (x, r.bottom + 10 * s), "midtop")
    for p in range(math.floor(x_lo), math.ceil(x_hi) + 1):
        for m in range(2, 10):
            if x_lo <= p + math.log10(m) <= x_hi:
                xm = round(axes.x_px(m * 10.0**p))
                pygame.draw.line(ink.surface, AXIS, (xm, r.bottom), (xm, r.bottom + 4 * s))
    ink.text("rounds played (log scale)", 16, MUTED, (r.centerx, r.bottom + 40 * s), "midtop")
    ink.text("RTP", 16, MUTED, (layout.conv_panel.left + 16 * s, r.centery), "midleft", angle=90)


def _convergence_plot(surface: pygame.Surface, data: ReportData, layout: ReportLayout) -> None:
    """The band, the running RTP over it, the par line on top; clipped to the plot."""
    s, axes, r = layout.scale, layout.conv, layout.conv.rect
    x_lo, x_hi = axes.x_range
    centre = data.centre
    surface.set_clip(r)
    # the 95% band, sampled every other pixel column so its trumpet is smooth
    band = pygame.Surface(r.size, pygame.SRCALPHA)
    upper, lower = [], []
    for col in range(0, r.width + 1, 2):
        half = data.band_half(10.0 ** (x_lo + (x_hi - x_lo) * col / (r.width - 1)))
        upper.append((col, axes.y_px(centre + half) - r.top))
        lower.append((col, axes.y_px(centre - half) - r.top))
    pygame.draw.polygon(band, (*PAR, BAND_ALPHA), upper + lower[::-1])
    surface.blit(band, r.topleft)
    for edge in (upper, lower):
        pygame.draw.aalines(surface, _mix(PAR, PANEL, 0.45), False, [(x + r.left, y + r.top) for x, y in edge])
    # the running RTP, thick and anti-aliased
    points = [(axes.x_px(n), axes.y_px(win / (n * data.bet_total))) for n, win in data.convergence]
    width = max(2, round(2.5 * s))
    for a, b in zip(points, points[1:], strict=False):
        pygame.draw.aaline(surface, MEASURED, a, b, width)
    # the exact par on top: two solid rows, the reference every point is judged by
    pygame.draw.rect(surface, PAR, (r.left, layout.par_y(data), r.width, 2))
    surface.set_clip(None)
    pygame.draw.line(surface, AXIS, (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1))
    pygame.draw.line(surface, AXIS, (r.left, r.top), (r.left, r.bottom - 1))
    # the final point, whole (its value is in the legend: a label here would sit on the line)
    fx, fy = round(points[-1][0]), round(points[-1][1])
    if r.top <= fy < r.bottom:
        pygame.draw.circle(surface, MEASURED, (fx, fy), round(5 * s))
        pygame.draw.circle(surface, PANEL, (fx, fy), round(2 * s))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] * (1 - t) + b[0] * t), round(a[1] * (1 - t) + b[1] * t), round(a[2] * (1 - t) + b[2] * t))
