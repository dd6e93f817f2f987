"""Pure rectangles from the window size: where the reels, meters and buttons go.

No pygame here: a ``Box`` is a plain ``(x, y, w, h)`` tuple that pygame accepts
anywhere it takes a rect, and the layout can be tested without a display.

- Landscape from 1280x720 to 3840x2160 (any size; smaller windows clamp to
  ``MIN_LANDSCAPE``), portrait such as 1080x1920 (clamps to ``MIN_PORTRAIT``).
- At most ``MAX_SIDE`` pixels a side and ``MAX_PIXELS`` in all (4K either way up):
  ``size_problem`` says why a bigger size is refused (the art for 99999x99999 alone
  would need tens of gigabytes).
- ``mirror()`` gives the left-hand layout: the control deck and HUD flip to the
  other side, the reels stay where they are.

**The sizing rule** (every game, every window): the reels get the most room the window
has, one square cell size for all reels and rows (``_reel_geometry``); what else the
screen carries is fitted round them, not the other way round.

- Landscape: the reel frame runs from just under the top row (the free-spins badges)
  to the price-tag and status bands over the deck; the logo crowns the frame, over its
  top border. A grid of more than 3 rows, being height-bound, also takes the price-tag
  band when its game shows nothing there (``tag_band=False``: no paid respin, no bet
  pills), so a 5x4 game's cells come closer to a 5x3's (the tags, never shown, then lie
  on the frame's foot). The side columns left and right of the frame carry, from the top: the
  theme's side art (``side_art``, e.g. hanging lanterns), then the TOP AWARDS glass or
  the free-spins counter (the counter's side) and a feature's meter (the other side).
  The badges sit in the top row between the side art and the logo.
- Portrait: the reels take the full width. The logo stands between the two side-art
  corners, the badges under them, and MENU and INFO sit at the outer end of the
  meter row (as in landscape's deck), so nothing covers the art.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from cabinet.machine.buttons import RESPIN_BUTTONS, Button, Press

MIN_LANDSCAPE = (640, 360)
MIN_PORTRAIT = (360, 640)
MAX_SIDE = 3840
MAX_PIXELS = 3840 * 2160
DECK_BUTTONS = (Button.SPIN, Button.BET_MINUS, Button.BET_PLUS, Button.MAX_BET, Button.AUTOPLAY,
                Button.MENU, Button.INFO)
METERS = ("balance", "bet", "win")


class Box(NamedTuple):
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: int, py: int) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def inset(self, d: int) -> Box:
        return Box(self.x + d, self.y + d, max(0, self.w - 2 * d), max(0, self.h - 2 * d))

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)

    def inside(self, width: int, height: int) -> bool:
        return self.x >= 0 and self.y >= 0 and self.right <= width and self.bottom <= height

    def mirrored(self, width: int) -> Box:
        return Box(width - self.x - self.w, self.y, self.w, self.h)


def _box(x: float, y: float, w: float, h: float) -> Box:
    return Box(round(x), round(y), round(w), round(h))


def _centered(cx: float, cy: float, w: float, h: float) -> Box:
    return _box(cx - w / 2, cy - h / 2, w, h)


@dataclass(frozen=True)
class Fonts:
    """Pixel sizes of the type, derived from the layout's scale."""

    meter_label: int
    meter_value: int
    status: int
    button: int
    title: int
    banner: int
    body: int
    tag: int


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    portrait: bool
    left_hand: bool
    reels: int
    rows: int
    cell: int  # side of one symbol cell, px
    logo: Box
    reel_frame: Box  # the ornate frame around the reel window
    reel_window: Box  # where the symbols show
    columns: tuple[Box, ...]  # each reel's visible strip
    cells: tuple[tuple[Box, ...], ...]  # cells[reel][row]
    tags: tuple[Box, ...]  # paid-respin price tag under each reel
    deck: Box  # the control deck panel
    buttons: dict[Button, Box]
    meters: dict[str, Box]  # balance, bet, win
    status: Box  # one line of status messages
    banner: Box  # big-win banners and feature panels
    panel: Box  # overlays (menu, bet selector, info pages)
    counter_badge: Box  # free spins counter
    multiplier_badge: Box
    progress_bar: Box  # a feature's progress meter: beside the reels (landscape), under them (portrait)
    side_art: tuple[Box, Box]  # the theme's art in the top corners (left, right): nothing else goes there
    fonts: Fonts
    ui_button: int  # side of overlay buttons (close, arrows, toggles are two wide)
    top_reel: tuple[int, ...] = ()  # a Megaways top reel's reels: it fills the columns' first cell over them

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def mirror(self) -> Layout:
        """The other hand's layout: deck and HUD flipped left to right.

        BET - and BET + swap places after the flip, so minus stays left of plus."""
        w = self.width
        buttons = {b: box.mirrored(w) for b, box in self.buttons.items()}
        buttons[Button.BET_MINUS], buttons[Button.BET_PLUS] = buttons[Button.BET_PLUS], buttons[Button.BET_MINUS]
        return replace(
            self,
            left_hand=not self.left_hand,
            deck=self.deck.mirrored(w),
            buttons=buttons,
            meters={m: box.mirrored(w) for m, box in self.meters.items()},
            status=self.status.mirrored(w),
            counter_badge=self.counter_badge.mirrored(w),
            multiplier_badge=self.multiplier_badge.mirrored(w),
            progress_bar=self.progress_bar.mirrored(w),
            side_art=(self.side_art[1].mirrored(w), self.side_art[0].mirrored(w)),
        )

    def hit_regions(self, respin: bool = False) -> list[tuple[Box, Press]]:
        """The base game's clickable places; price tags only while a respin is offered."""
        regions = [(box, Press(b)) for b, box in self.buttons.items()]
        regions.append((self.meters["bet"], Press(Button.BET_SELECT)))
        if respin:
            regions.extend((tag, Press(RESPIN_BUTTONS[i])) for i, tag in enumerate(self.tags[:5]))
        return regions

    def all_boxes(self) -> dict[str, Box]:
        """Every named box (tests check they fit the window and do not collide)."""
        out = {"logo": self.logo, "reel_frame": self.reel_frame, "deck": self.deck, "status": self.status,
               "counter_badge": self.counter_badge, "multiplier_badge": self.multiplier_badge,
               "progress_bar": self.progress_bar, "side_art:0": self.side_art[0],
               "side_art:1": self.side_art[1]}
        out.update({f"button:{b}": box for b, box in self.buttons.items()})
        out.update({f"meter:{m}": box for m, box in self.meters.items()})
        out.update({f"tag:{i}": box for i, box in enumerate(self.tags)})
        return out


def reel_pitch(layout: Layout, reel: int, rows: int) -> float:
    """The height of one symbol's slot on ``reel`` when it shows ``rows`` symbols: every reel
    fills its column under the top reel's band (a Megaways reel of 2 shows two slots of 2.5
    cells on a column sized for 5 rows, a reel of 7 seven slots of 5/7 of a cell)."""
    return (layout.columns[reel].h - top_band(layout)) / max(1, rows)


def column_cells(layout: Layout, heights: tuple[int, ...] | list[int] | None) -> tuple[tuple[Box, ...], ...]:
    """Each reel's cells when reel ``i`` shows ``heights[i]`` symbols: square cells of the
    layout's size, each centred in its slot (``reel_pitch``). A symbol keeps its full size
    while the column holds no more than the frame was sized for, smaller past that
    (``symbol_side``: every column fills the same height). ``heights`` None, or every reel at
    ``layout.rows`` of a frame sized for them: the layout's own cells. Under a top reel (``layout.top_reel``)
    the reels' own cells are below its band, and a covered reel's height counts its top
    cell, row 0, in the band."""
    band = top_band(layout)
    own_rows = own_cells(layout)
    if own_rows and (heights is None or all(h == layout.rows for h in heights[: len(layout.columns)])):
        return layout.cells
    cell = layout.cell
    out = []
    for reel, column in enumerate(layout.columns):
        rows = heights[reel] if heights is not None and reel < len(heights) else layout.rows
        topped = reel in layout.top_reel and heights is not None
        rows -= topped  # a top reel's cell is the column's row 0 (in its band)
        if rows == layout.rows and own_rows:
            out.append(layout.cells[reel])
            continue
        pitch = reel_pitch(layout, reel, rows)
        side = symbol_side(layout, reel, rows)
        y0 = column.y + band
        x = column.x + (cell - side) // 2
        own = tuple(Box(x, round(y0 + (r + 0.5) * pitch - side / 2), side, side) for r in range(rows))
        out.append((top_cell(layout, reel), *own) if topped else own)
    return tuple(out)


def row_height(layout: Layout) -> int:
    """The pitch of a side glass's rows (TOP AWARDS, FEATURES: side_panel.py)."""
    return max(18, layout.cell * 2 // 5)


def deck_strip(layout: Layout) -> Box:
    """Portrait: the strip at the deck's foot, under SPIN and BET - / +, beside the small
    AUTOPLAY / MAX BET pair (TOP AWARDS' place, or the ANTE and BUY FEATURE pills')."""
    margin = max(4, layout.width // 80)
    named = {str(button): box for button, box in layout.buttons.items()}
    column = (named["AUTOPLAY"], named["MAX_BET"])
    top = max(named[name].bottom for name in ("SPIN", "BET_MINUS", "BET_PLUS")) + margin
    if column[0].center[0] < layout.width // 2:  # right-handed: the pair on the left
        x0, x1 = max(box.right for box in column) + margin, layout.width - margin
    else:
        x0, x1 = margin, min(box.x for box in column) - margin
    return Box(x0, top, x1 - x0, layout.height - margin - top)


def side_column(layout: Layout, left: bool, margin: int) -> tuple[int, int]:
    """Landscape: a glass's left and right in the side column beside the reels, at most as
    wide as its rows read well (a wide column, beside a tall grid, centres it)."""
    frame = layout.reel_frame
    x0, x1 = (margin, frame.x - margin) if left else (frame.right + margin, layout.width - margin)
    widest = row_height(layout) * 11 // 2
    if x1 - x0 > widest:
        x0 += (x1 - x0 - widest) // 2
        x1 = x0 + widest
    return x0, x1


def is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0] * 1.1


def size_problem(size: tuple[int, int]) -> str | None:
    """Why a window of ``size`` cannot be laid out (None: it can; below the minimum it is
    enlarged by ``fit_size``, so only too large and non-positive sizes are refused)."""
    w, h = size
    if w <= 0 or h <= 0:
        return f"width and height must be positive, got {w}x{h}"
    if max(w, h) > MAX_SIDE or w * h > MAX_PIXELS:
        return (f"{w}x{h} is larger than the layout supports (at most {MAX_SIDE} pixels a side and "
                f"{MAX_SIDE}x{MAX_PIXELS // MAX_SIDE} in all, e.g. 3840x2160 or 2160x3840)")
    return None


def fit_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size a layout is drawn at for a window of ``size``: never below the minimum of its
    orientation (the window is then put back to this size: nothing is ever cut off)."""
    w, h = size
    min_w, min_h = MIN_PORTRAIT if is_portrait(size) else MIN_LANDSCAPE
    return max(w, min_w), max(h, min_h)


def compute_layout(size: tuple[int, int], reels: int = 5, rows: int = 3, left_hand: bool = False, *,
                   tag_band: bool = True, top_reel: tuple[int, ...] = (), frame_rows: int = 0) -> Layout:
    """``frame_rows``: the rows the reel window is sized for when reels change height (a
    Megaways game: fewer than its tallest, so a tall reel draws its symbols smaller and a short
    one at the full cell; 0: ``rows``). ``top_reel``: the reels under a Megaways top reel; the
    columns are one cell taller, its band their first cell. ``layout.rows`` stays ``rows``, the
    height of a reel that has none of its own."""
    portrait = is_portrait(size)
    w, h = fit_size(size)
    tall = (frame_rows or rows) + (1 if top_reel else 0)
    layout = _portrait(w, h, reels, tall) if portrait else \
        _landscape(w, h, reels, tall, tags_taken=not tag_band and tall > 3)
    if tall != rows or top_reel:
        layout = replace(layout, rows=rows, top_reel=tuple(top_reel))
    return layout.mirror() if left_hand else layout


def screen_shape(defn: Any) -> dict[str, Any]:
    """``compute_layout``'s options for a game's screen: a Megaways game's frame is sized for
    its reels' mean height, rounded up (a reel at 7 of 2-7 rows draws its symbols at 5/7 of the
    cell), and leaves a band for its top reel."""
    from cabinet.core.pays.common import reel_heights
    from cabinet.core.pays.top_reel import covered

    if not defn.pay_model.heights:
        return {}
    tables = reel_heights(defn)
    mean = sum(sum(h * w for h, w in t) / sum(w for _, w in t) for t in tables) / len(tables)
    return {"top_reel": covered(defn), "frame_rows": min(defn.grid.rows, max(3, math.ceil(mean - 1e-9)))}


def own_cells(layout: Layout) -> bool:
    """The layout's cells are its reels' own rows (not a frame sized for other heights)."""
    return not layout.top_reel and bool(layout.cells) and len(layout.cells[0]) == layout.rows


def cells_tile_columns(layout: Layout) -> bool:
    """Each reel's column is exactly its cells, one under the next: a layer that fills every
    cell hides all of the strips (the reels draw only inside their columns)."""
    if top_band(layout) or len(layout.cells) != len(layout.columns):
        return False
    for column, cells in zip(layout.columns, layout.cells, strict=True):
        y = column.y
        for cell in cells:
            if (cell.x, cell.w, cell.y) != (column.x, column.w, y):
                return False
            y = cell.bottom
        if y < column.bottom:
            return False
    return True


def top_band(layout: Layout) -> int:
    """The height of the top reel's band over the columns (0: no top reel)."""
    return layout.cell if layout.top_reel else 0


def top_cell(layout: Layout, reel: int) -> Box:
    """The top reel's cell over ``reel``."""
    column = layout.columns[reel]
    return Box(column.x, column.y, column.w, layout.cell)


def symbol_side(layout: Layout, reel: int, rows: int) -> int:
    """The side of a symbol on ``reel`` when it shows ``rows``: the cell, or smaller where the
    column holds more symbols than the frame was sized for."""
    return min(layout.cell, int(reel_pitch(layout, reel, rows)))



REEL_BORDER, REEL_GAP = 0.14, 0.03  # the frame's border and the gap between reels, in cells


def reel_cell(avail_w: float, avail_h: float, reels: int, rows: int) -> int:
    """The sizing rule: the largest square cell whose reels, gaps and frame fit the room."""
    border, gap = REEL_BORDER, REEL_GAP
    return int(min(avail_h / (rows + 2 * border), avail_w / (reels + gap * (reels - 1) + 2 * border)))


def _reel_geometry(cx: float, top: float, avail_w: float, avail_h: float, reels: int, rows: int
                   ) -> tuple[int, Box, Box, tuple[Box, ...], tuple[tuple[Box, ...], ...]]:
    """Square cells as large as fit (``reel_cell``), a thin gap between reels, a frame border
    around them; the frame at the top of the room (what goes under it follows it up)."""
    border, gap = REEL_BORDER, REEL_GAP
    cell = reel_cell(avail_w, avail_h, reels, rows)
    g = max(1, round(cell * gap))
    win_w, win_h = reels * cell + (reels - 1) * g, rows * cell
    window = _box(cx - win_w / 2, top + cell * border, win_w, win_h)
    b = round(cell * border)
    frame = Box(window.x - b, window.y - b, window.w + 2 * b, window.h + 2 * b)
    columns = tuple(Box(window.x + i * (cell + g), window.y, cell, win_h) for i in range(reels))
    cells = tuple(tuple(Box(col.x, col.y + r * cell, cell, cell) for r in range(rows)) for col in columns)
    return cell, frame, window, columns, cells


def _fonts(unit: float, deck_h: float) -> Fonts:
    def px(v: float) -> int:
        return max(9, round(v))

    return Fonts(
        meter_label=px(deck_h * 0.13),
        meter_value=px(deck_h * 0.22),
        status=px(unit * 30),
        button=px(deck_h * 0.14),
        title=px(unit * 64),
        banner=px(unit * 110),
        body=px(unit * 28),
        tag=px(unit * 26),
    )


def _hung(x: float, size: float, drop: float) -> Box:
    """A top corner for a piece of art hung from the top edge: its string, then the piece."""
    return _box(x, 0, size, drop + size)


def _landscape(w: int, h: int, reels: int, rows: int, *, tags_taken: bool = False) -> Layout:
    unit = min(w / 1920, h / 1080)
    m = w * 0.018
    deck_h = h * 0.15
    deck = _box(0, h - deck_h, w, deck_h)
    badge_y, badge_h = h * 0.012, h * 0.07  # the top row: the free-spins badges
    status_h, tags_h = h * 0.042, h * 0.046
    top = badge_y + badge_h + h * 0.006
    bottom = deck.y - status_h - (0 if tags_taken else tags_h)
    avail_w = w * 0.74  # side columns of at least 13% of the width each
    cell = reel_cell(avail_w, bottom - top, reels, rows)
    spare = max(0.0, bottom - top - cell * (rows + 2 * REEL_BORDER))  # a width-bound frame sits centred
    cell, frame, window, columns, cells = _reel_geometry(w / 2, top + spare / 2, avail_w, bottom - top - spare,
                                                         reels, rows)
    logo_h = h * 0.095  # crowning the frame: over its top border, clear of the symbols
    logo = _box(w / 2 - min(logo_h * 4.2, w * 0.5) / 2, window.y - logo_h - h * 0.002, min(logo_h * 4.2, w * 0.5),
                logo_h)
    tag_h = min(tags_h * 0.8, cell * 0.3)
    tags_y = frame.bottom - tags_h * 0.5 if tags_taken else frame.bottom + tags_h * 0.5
    tags = tuple(_centered(col.x + col.w / 2, tags_y, col.w * 0.86, tag_h) for col in columns)
    status = _centered(w / 2, frame.bottom + (0 if tags_taken else tags_h) + status_h / 2, w * 0.46, status_h * 0.9)

    # The deck, right-handed: MENU/INFO | BALANCE | BET - [BET] + | WIN | AUTO MAX | SPIN
    spin_d = min(deck_h * 1.15, w * 0.13)  # rising over the deck, but not as high as the price tags and pills
    spin = _centered(w - m - spin_d / 2, deck.y + deck_h * 0.46, spin_d, spin_d)
    spin = Box(spin.x, min(spin.y, h - spin.h - round(h * 0.01)), spin.w, spin.h)
    small = deck_h * 0.40
    menu = _centered(m + small / 2, deck.y + deck_h * 0.27, small, small)
    info = _centered(m + small / 2, deck.y + deck_h * 0.73, small, small)
    mid = deck_h * 0.56
    max_bet = _centered(spin.x - m * 0.8 - mid / 2, deck.y + deck_h / 2, mid, mid)
    auto = _centered(max_bet.x - m * 0.6 - mid / 2, deck.y + deck_h / 2, mid, mid)
    x0, x1 = menu.right + m, auto.x - m
    pm = deck_h * 0.42  # bet - and + buttons
    gap = m * 0.5
    meter_w = (x1 - x0 - 2 * pm - 4 * gap) / 3
    meter_h = deck_h * 0.70
    cy = deck.y + deck_h / 2
    balance = _box(x0, cy - meter_h / 2, meter_w, meter_h)
    minus = _centered(balance.right + gap + pm / 2, cy, pm, pm)
    bet = _box(minus.right + gap, cy - meter_h / 2, meter_w, meter_h)
    plus = _centered(bet.right + gap + pm / 2, cy, pm, pm)
    win = _box(plus.right + gap, cy - meter_h / 2, meter_w, meter_h)
    buttons = {Button.SPIN: spin, Button.BET_MINUS: minus, Button.BET_PLUS: plus, Button.MAX_BET: max_bet,
               Button.AUTOPLAY: auto, Button.MENU: menu, Button.INFO: info}

    # The side columns, from the top: the theme's art hung in the corner, the free-spins badge
    # beside it in the top row (between the art and the logo), then the column's glass or meter.
    badge_w = w * 0.16
    art = min(h * 0.2, frame.x - m, logo.x - m * 1.5 - badge_w * 0.75)
    corner = _hung(m * 0.5, art, h * 0.03)
    side_art = (corner, corner.mirrored(w))
    badge_x = side_art[0].right + m * 0.5
    badge_w = min(badge_w, logo.x - m * 0.5 - badge_x)
    counter_badge = _box(badge_x, badge_y, badge_w, badge_h)
    multiplier_badge = counter_badge.mirrored(w)
    # The multiplier badge's side, from under the art to the foot of the reel frame: a tall
    # meter beside the reels, read at a glance with them (the other side has the wrench).
    bar_x = frame.right + m * 0.7
    bar_y = max(side_art[1].bottom, multiplier_badge.bottom) + h * 0.015
    progress_bar = _box(bar_x, bar_y, w - m - bar_x, frame.bottom - bar_y)
    return Layout(
        size=(w, h), portrait=False, left_hand=False, reels=reels, rows=rows, cell=cell, logo=logo,
        reel_frame=frame, reel_window=window, columns=columns, cells=cells, tags=tags, deck=deck,
        buttons=buttons, meters={"balance": balance, "bet": bet, "win": win}, status=status,
        banner=_centered(w / 2, window.y + window.h / 2, min(w * 0.7, window.w * 1.1), window.h * 0.62),
        panel=_centered(w / 2, h * 0.46, min(w * 0.62, h * 1.25), h * 0.78),
        counter_badge=counter_badge,
        multiplier_badge=multiplier_badge,
        progress_bar=progress_bar,
        side_art=side_art,
        fonts=_fonts(unit, deck_h),
        ui_button=max(20, round(h * 0.065)),
    )


def _portrait(w: int, h: int, reels: int, rows: int) -> Layout:
    unit = min(w / 1080, h / 1920)
    m = w * 0.03
    logo_h = h * 0.085
    logo = _centered(w / 2, h * 0.012 + logo_h / 2, min(logo_h * 4.2, w * 0.62), logo_h)
    # The theme's art hung in the two top corners beside the logo, wholly on screen.
    art = max(0.0, min(w * 0.15, logo.x - m))
    corner = _hung(m * 0.5, art, h * 0.02)
    side_art = (corner, corner.mirrored(w))
    badge_w, badge_h = w * 0.3, h * 0.036
    by = max(logo.bottom, side_art[0].bottom) + h * 0.006  # the free-spins badges, under the art
    top = by + badge_h + h * 0.008
    cell, frame, window, columns, cells = _reel_geometry(w / 2, top, w * 0.985, h * 0.42, reels, rows)
    tags_h = h * 0.035
    tag_h = min(tags_h * 0.85, cell * 0.3)
    tags = tuple(_centered(col.x + col.w / 2, frame.bottom + tags_h * 0.55, col.w * 0.9, tag_h)
                 for col in columns)
    status_h = h * 0.032
    status = _centered(w / 2, frame.bottom + tags_h + status_h * 0.6, w * 0.9, status_h)
    deck = _box(0, status.bottom + h * 0.01, w, h - status.bottom - h * 0.01)
    # The meter row, right-handed: MENU over INFO | BALANCE | BET | WIN (the landscape deck's order)
    meter_h = h * 0.08
    my = deck.y + h * 0.015
    small = min(w * 0.085, meter_h * 0.46)
    menu = _box(m, my + meter_h * 0.25 - small / 2, small, small)
    info = _box(m, my + meter_h * 0.75 - small / 2, small, small)
    x0 = menu.right + m * 0.5
    meter_w = (w - m - x0 - 2 * m * 0.5) / 3
    balance = _box(x0, my, meter_w, meter_h)
    bet = _box(balance.right + m * 0.5, my, meter_w, meter_h)
    win = _box(bet.right + m * 0.5, my, meter_w, meter_h)
    # The controls over a strip kept at the foot for the TOP AWARDS glass (side_panel.py), right
    # of the AUTO / MAX BET pair; the wrench goes under that pair (icons.settings_box).
    strip_h = h * 0.085
    controls_top = balance.bottom + h * 0.015
    controls_h = h - controls_top - strip_h - h * 0.01
    spin_d = min(w * 0.32, controls_h * 0.8)
    scx, scy = w * 0.64, controls_top + controls_h / 2
    spin = _centered(scx, scy, spin_d, spin_d)
    pm = spin_d * 0.42
    minus = _centered(spin.x - m - pm / 2, scy, pm, pm)
    plus = _centered(spin.right + m + pm / 2, scy, pm, pm)
    mid = spin_d * 0.52
    auto = _centered(w * 0.15, scy - mid * 0.6, mid, mid)
    max_bet = _centered(w * 0.15, scy + mid * 0.6, mid, mid)
    buttons = {Button.SPIN: spin, Button.BET_MINUS: minus, Button.BET_PLUS: plus, Button.MAX_BET: max_bet,
               Button.AUTOPLAY: auto, Button.MENU: menu, Button.INFO: info}
    return Layout(
        size=(w, h), portrait=True, left_hand=False, reels=reels, rows=rows, cell=cell, logo=logo,
        reel_frame=frame, reel_window=window, columns=columns, cells=cells, tags=tags, deck=deck,
        buttons=buttons, meters={"balance": balance, "bet": bet, "win": win}, status=status,
        banner=_centered(w / 2, window.y + window.h / 2, w * 0.94, window.h * 0.7),
        panel=_centered(w / 2, h * 0.45, w * 0.92, h * 0.72),
        counter_badge=_box(m, by, badge_w, badge_h),
        multiplier_badge=_box(w - m - badge_w, by, badge_w, badge_h),
        # The band under the reels (the price tags' and bet pills' place: neither is used
        # during a feature), so the meter sits right under the reels it counts from.
        progress_bar=_box(window.x, frame.bottom + h * 0.002, window.w, status.y - frame.bottom - h * 0.004),
        side_art=side_art,
        fonts=_fonts(unit, h * 0.1),
        ui_button=max(20, round(w * 0.085)),
    )
