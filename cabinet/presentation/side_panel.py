"""The TOP AWARDS panel: what the empty side of a landscape cabinet (and the strip under
the controls in portrait) is used for on commercial cabinets, a glass of the best pays.

It lists the best-paying line symbols with their top pay at the current bet, read from
the game's paytable. The glass, heading, symbols and counts go into the static layer
(``hud.draw_static``, once per layout); the amounts are drawn each frame from cached
text (``hud.draw_dynamic``), so a bet change shows at once.

Where it goes (``panel_box``): landscape, the side of the free-spins counter (the other
side carries the feature's progress meter), from the foot of that side's free area up,
as tall as its rows need, never over the theme's art in the corner above it
(``layout.side_art``: Happy Riches' lanterns); portrait, the strip under the spin button
beside MAX BET. A window too narrow or too short for it gets none.

Its twin on the other side (landscape, the base game: a feature's meter takes that side
only while the feature plays) is the FEATURES glass, ``feature_rows``: what starts each
feature, from the game's own blocks (3 x the scatter: 10 SPINS, 6 x the basket: RESPINS,
the trigger on reels 1, 3 and 5: WHEEL), drawn once into the static layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame

from cabinet.core.boards import whole_amount

from .icons import settings_box
from .layout import Box, Layout, deck_strip, row_height, side_column
from .style import GOLD, PALE_GOLD, WHITE

MAX_AWARDS = 4
HEADING = "TOP AWARDS"
MAX_FEATURE_ROWS = 4


def top_awards(defn: Any, *, limit: int = MAX_AWARDS) -> list[tuple[str, int, Fraction]]:
    """(symbol id, count, coins per line coin) of the best line pays, best first: the
    highest count each symbol pays, ``limit`` of them, whatever the pay model (a ways game's
    are per way, a pay-anywhere game's for that many anywhere)."""
    best: list[tuple[Fraction, str, int]] = []
    for symbol in defn.symbols:
        pays = defn.pays.get(symbol.id, {})
        if symbol.is_scatter or symbol.pays_as or not pays:
            continue
        count = max(pays)
        best.append((Fraction(pays[count]), symbol.id, count))
    best.sort(key=lambda item: (-item[0], item[1]))
    return [(symbol_id, count, coins) for coins, symbol_id, count in best[:limit]]


def awards_heading(defn: Any) -> str:
    """The glass's heading, as the game's pay model names its pays (PAYS PER WAY...)."""
    from .pays import pay_screen_of

    return pay_screen_of(defn).awards_heading


def award_amount(coins: Fraction, bet: Any) -> int:
    """A line pay of ``coins`` at ``bet``, in the currency's minor unit (as the paytable shows it)."""
    return int(coins * bet.coins_per_line * bet.coin_value)


def panel_box(layout: Layout, rows: int) -> Box | None:
    """Where a panel of ``rows`` awards goes in ``layout``, or None where there is no room."""
    if rows <= 0:
        return None
    pitch = row_height(layout)
    margin = max(4, layout.width // 80)
    if layout.portrait:
        box = deck_strip(layout)
        return box if box.h >= pitch * 2 and box.w >= pitch * 2 * rows else None
    need_h = pitch * rows + pitch * 3 // 2
    frame = layout.reel_frame
    left = layout.counter_badge.x < layout.width // 2
    x0, x1 = side_column(layout, left, margin)
    wrench = settings_box(layout)
    bottom = min(wrench.y, frame.bottom) - margin
    corner = layout.side_art[0] if left else layout.side_art[1]  # the theme's art above stays in view
    top = max(layout.counter_badge.bottom + margin, corner.bottom + margin, bottom - need_h)
    box = Box(x0, top, x1 - x0, bottom - top)
    if box.w < layout.cell * 4 // 5 or box.h < need_h:
        return None
    return box


def heading_height(ctx: Any, size: int) -> int:
    """The room a glass's heading takes (its display face at ``size``): the static layer and the
    amounts drawn each frame place their rows from the same figure."""
    return int(ctx.text.font(size, "display").get_height())


def award_places(layout: Layout, box: Box, rows: int, heading_h: int) -> list[tuple[Box, Box]]:
    """Each award's (symbol, amount) boxes in ``box``: rows under the heading (landscape) or
    side by side (portrait, the symbol above its amount)."""
    pitch = row_height(layout)
    thumb = pitch * 9 // 10
    out = []
    if layout.portrait:
        cell_w = box.w // rows
        top = box.y + pitch // 5 + heading_h
        room = box.bottom - top - pitch // 6
        side = min(thumb, room * 6 // 10)
        for i in range(rows):  # "10 x" left of the middle, the symbol right of it, the amount under both
            x = box.x + i * cell_w
            symbol = Box(x + cell_w // 2, top, side, side)
            out.append((symbol, Box(x + pitch // 8, symbol.bottom, cell_w - pitch // 4, room - side)))
        return out
    y = box.y + pitch // 4 + heading_h + pitch // 4
    for _ in range(rows):
        symbol = Box(box.x + pitch // 4, y, thumb, thumb)
        out.append((symbol, Box(symbol.right, y, box.right - pitch // 4 - symbol.right, thumb)))
        y += pitch
    return out


def text_size(layout: Layout) -> int:
    return max(9, row_height(layout) * 9 // 20)


def small_size(ctx: Any, size: int) -> int:
    """A row's "10 x" (and a FEATURES label's start): a step under ``size``, never under the floor."""
    return max(ctx.text.floor, size * 4 // 5)


def amount_left(ctx: Any, count: int, size: int) -> int:
    """Landscape: how far into an award's amount box its "10 x" reaches (the amount stays right of it)."""
    return size // 3 + ctx.text.font(small_size(ctx, size)).size(f"{count} x")[0] + size // 3


def _glass(surface: pygame.Surface, box: Box, pitch: int) -> None:
    glass = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
    pygame.draw.rect(glass, (12, 6, 26, 190), glass.get_rect(), border_radius=pitch // 3)
    pygame.draw.rect(glass, (*GOLD, 255), glass.get_rect(), width=max(2, pitch // 14), border_radius=pitch // 3)
    surface.blit(glass, (box.x, box.y))


def draw_static(ctx: Any, surface: pygame.Surface) -> Box | None:
    """Glass, heading, symbols and counts into the static layer; where the panel went."""
    from .bet_modes import at_deck_foot

    layout, text = ctx.layout, ctx.text
    awards = top_awards(ctx.defn)
    box = None if at_deck_foot(ctx) else panel_box(layout, len(awards))  # portrait: the ANTE / BUY pills' place
    if box is None:
        return None
    pitch, size = row_height(layout), text_size(layout)
    _glass(surface, box, pitch)
    heading = text.fit(awards_heading(ctx.defn), size, box.w * 9 // 10, GOLD, face="display")
    surface.blit(heading, heading.get_rect(midtop=(box.center[0], box.y + pitch // 5)))
    for (symbol_id, count, _coins), (symbol, amount) in zip(awards, award_places(layout, box, len(awards),
                                                                                heading_height(ctx, size)), strict=True):
        image = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(symbol_id)}.png",
                              (symbol.w, symbol.h), ctx.cache.symbol_placeholder(symbol_id))
        surface.blit(image, (symbol.x, symbol.y))
        times = text.render(f"{count} x", small_size(ctx, size), PALE_GOLD)
        if layout.portrait:
            surface.blit(times, times.get_rect(midright=(symbol.x - size // 6, symbol.center[1])))
        else:
            surface.blit(times, times.get_rect(midleft=(amount.x + size // 3, amount.y + amount.h // 2)))
    return box


def draw_dynamic(ctx: Any, surface: pygame.Surface) -> None:
    """Each award's amount at the current bet (cached text: a new bet renders a few strings once)."""
    from .bet_modes import at_deck_foot

    layout = ctx.layout
    awards = top_awards(ctx.defn)
    box = None if at_deck_foot(ctx) else panel_box(layout, len(awards))
    if box is None:
        return
    size = text_size(layout)
    heading_h = heading_height(ctx, size)
    bet = ctx.session.bet
    rows = [(ctx.money(award_amount(coins, bet)), place, place.w if layout.portrait else
             place.w - amount_left(ctx, count, size))  # landscape: right of "10 x"
            for (_symbol_id, count, coins), (_symbol, place) in zip(awards, award_places(layout, box, len(awards),
                                                                                         heading_h), strict=True)]
    size = min(ctx.text.fit_size(money, size, room) for money, _place, room in rows)  # one size for every amount
    for money, place, _room in rows:
        value = ctx.text.render(money, size, WHITE)
        if layout.portrait:
            surface.blit(value, value.get_rect(midtop=(place.center[0], place.y + size // 6)))
        else:
            surface.blit(value, value.get_rect(midright=(place.right, place.y + place.h // 2)))


# --- the FEATURES glass -----------------------------------------------------------------------


@dataclass(frozen=True)
class FeatureRow:
    """One line of the FEATURES glass: ``count`` x ``symbol`` starts ``label``; or a Bonus
    Prize (``x_bet`` > 0): ``label`` (a board's name) pays ``x_bet`` times the total bet."""

    symbol: str  # "": no symbol (a Bonus Prize)
    count: int  # 0: the symbol alone says it (a full reel, a panel)
    label: str
    x_bet: Fraction = Fraction(0)
    # how the glass orders it: "spins" (free spins' awards, first and best), "prize" (a Bonus
    # Prize: a game of them shows only them) or "feature"
    group: str = field(default="feature", compare=False)
    colour: tuple[int, int, int] | None = field(default=None, compare=False)  # a Bonus Prize's name (None: gold)


def _pick(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` of ``items``: the first ones and the last (the best) when there are more."""
    return items if len(items) <= limit else items[:limit - 1] + items[-1:]


def feature_rows(defn: Any, *, limit: int = MAX_FEATURE_ROWS) -> list[FeatureRow]:
    """What starts each of the game's features, from its blocks' own parameters (each
    mechanic's ``side_rows``); empty for a game with none a symbol starts. Free spins list
    their awards (the first and the best when there are many); a feature another one opens
    (``opened_by``) is not listed."""
    from .mechanics import mechanic_of  # the registry loads the mechanics, which use this module's rows

    found = [row for feature in defn.features if (mechanic := mechanic_of(feature)) is not None
             for row in mechanic.side_rows(defn, feature)]
    rows = [row for row in found if row.group == "feature"]
    spins = [row for row in found if row.group == "spins"]
    prizes = [row for row in found if row.group == "prize"]
    if len(prizes) >= limit - 1:  # a game of Bonus Prizes shows them (the jackpot glass)
        return prizes[:limit]
    rows = prizes + [row for row in rows if row.symbol in defn.symbol_map]
    spins = [row for row in spins if row.symbol in defn.symbol_map]
    room = max(0, limit - len(rows))
    return (_pick(spins, room) if room else []) + rows[:limit]


def feature_heading(rows: list[FeatureRow], defn: Any = None) -> str:
    """The glass's heading: BONUS PRIZES, the free spins' own word for them (their ``texts:
    {panel: ...}``, else FREE SPINS) when they are all it lists, else FEATURES."""
    from .words import words

    if rows and all(row.x_bet for row in rows):
        return "BONUS PRIZES"
    if rows and all(row.group == "spins" for row in rows):
        free = next((f for f in getattr(defn, "features", ()) if getattr(f, "type", "") == "free_spins"), None)
        return words(free, "panel", "FREE SPINS")
    return "FEATURES"


def feature_box(layout: Layout, rows: int, awards: int = MAX_AWARDS, *, wide: int = 0) -> Box | None:
    """Landscape: the FEATURES glass in the column facing TOP AWARDS (its twin: the same
    top, as tall as its rows), under that column's art. None in portrait or without room.
    ``wide``: the width its labels need at the floor size (``label_width``): wider than the
    column's usual glass, it widens about its middle, as far as the column goes."""
    if rows <= 0 or layout.portrait:
        return None
    pitch = row_height(layout)
    margin = max(4, layout.width // 80)
    frame = layout.reel_frame
    awards_box = panel_box(layout, awards)
    left = not (layout.counter_badge.x < layout.width // 2)  # the side TOP AWARDS is not on
    x0, x1 = side_column(layout, left, margin)
    if wide > x1 - x0:
        lo, hi = (margin, frame.x - margin) if left else (frame.right + margin, layout.width - margin)
        grow = wide - (x1 - x0)
        x0, x1 = max(lo, x0 - grow // 2), min(hi, x1 + grow - grow // 2)
    corner = layout.side_art[0] if left else layout.side_art[1]
    need_h = pitch * rows + pitch * 3 // 2
    bottom = frame.bottom - margin
    top = awards_box.y if awards_box is not None else bottom - need_h
    top = max(top, corner.bottom + margin, layout.multiplier_badge.bottom + margin)
    box = Box(x0, top, x1 - x0, min(need_h, bottom - top))
    if box.w < layout.cell * 4 // 5 or box.h < need_h:
        return None
    return box


def label_width(ctx: Any, rows: list[FeatureRow]) -> int:
    """The glass's width at which every row's label goes in at most two lines at the floor size
    (wrapped, never shrunk under the floor)."""
    layout, floor = ctx.layout, ctx.text.floor
    pitch, size = row_height(layout), text_size(layout)
    font = ctx.text.font(floor)
    need = 0
    for row in rows:
        if row.x_bet:
            continue
        words = row.label.split()
        room = min((max(font.size(" ".join(words[:k]))[0], font.size(" ".join(words[k:]))[0])
                    for k in range(1, len(words))), default=font.size(row.label)[0])
        left = amount_left(ctx, row.count, size) if row.count else size // 3
        need = max(need, room + left + 2 * (pitch // 4) + pitch * 9 // 10)  # + the margins and the symbol (award_places)
    return need


def features_glass(ctx: Any) -> Box | None:
    """Where ``draw_features`` puts the FEATURES glass for this game and layout (None: none)."""
    rows = feature_rows(ctx.defn)
    return feature_box(ctx.layout, len(rows), len(top_awards(ctx.defn)), wide=label_width(ctx, rows))


def draw_features(ctx: Any, surface: pygame.Surface) -> Box | None:
    """The FEATURES glass into the static layer; where it went (None: no glass)."""
    layout, text = ctx.layout, ctx.text
    rows = feature_rows(ctx.defn)
    box = features_glass(ctx)
    if box is None:
        return None
    pitch, size = row_height(layout), text_size(layout)
    _glass(surface, box, pitch)
    heading = text.fit(feature_heading(rows, ctx.defn), size, box.w * 9 // 10, GOLD, face="display")
    surface.blit(heading, heading.get_rect(midtop=(box.center[0], box.y + pitch // 5)))
    places = award_places(layout, box, len(rows), heading_height(ctx, size))
    plain = [(row, place) for row, (_symbol, place) in zip(rows, places, strict=True) if not row.x_bet]
    rooms = [place.w - (amount_left(ctx, row.count, size) if row.count else size // 3) for row, place in plain]
    label_size = min((text.fit_size(row.label, max(text.floor, size * 9 // 10), room) for (row, _place), room
                      in zip(plain, rooms, strict=True)), default=size)
    room_of = {id(row): room for (row, _place), room in zip(plain, rooms, strict=True)}
    for row, (symbol, place) in zip(rows, places, strict=True):
        if row.x_bet:  # a Bonus Prize: its board's name in its board's colour (the amount is drawn each frame)
            name = text.fit(row.label, small_size(ctx, size), place.right - symbol.x, row.colour or GOLD,
                            outline=True)
            surface.blit(name, name.get_rect(midleft=(symbol.x, place.y + place.h // 2)))
            continue
        image = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(row.symbol)}.png",
                              (symbol.w, symbol.h), ctx.cache.symbol_placeholder(row.symbol))
        surface.blit(image, (symbol.x, symbol.y))
        if row.count:
            times = text.render(f"{row.count} x", small_size(ctx, size), PALE_GOLD)
            surface.blit(times, times.get_rect(midleft=(place.x + size // 3, place.y + place.h // 2)))
        # one size for every row; a label too long at the floor size goes on over two lines
        label = text.fit(row.label, label_size, room_of[id(row)], WHITE)
        surface.blit(label, label.get_rect(midright=(place.right, place.y + place.h // 2)))
    return box


def draw_features_dynamic(ctx: Any, surface: pygame.Surface) -> None:
    """The Bonus Prizes' amounts at the current bet (cached text, one size for all of them)."""
    layout = ctx.layout
    rows = feature_rows(ctx.defn)
    if not any(row.x_bet for row in rows):
        return
    box = features_glass(ctx)
    if box is None:
        return
    size = text_size(layout)
    places = award_places(layout, box, len(rows), heading_height(ctx, size))
    total = ctx.session.bet.total
    shown = []
    for row, (symbol, place) in zip(rows, places, strict=True):
        if row.x_bet:
            name_w = ctx.text.font(small_size(ctx, size)).size(row.label)[0]
            shown.append((ctx.money(whole_amount(row.x_bet, total)), place, place.right - symbol.x - name_w - size // 2))
    size = min(ctx.text.fit_size(money, size, room) for money, _place, room in shown)
    for money, place, _room in shown:
        value = ctx.text.render(money, size, WHITE)
        surface.blit(value, value.get_rect(midright=(place.right, place.y + place.h // 2)))
