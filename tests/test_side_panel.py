"""The TOP AWARDS panel (issue 14, item 13): the empty side of a landscape cabinet and the
strip under the spin button in portrait carry the best pays, clear of everything else."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import Bet
from cabinet.core.loader import load_game
from cabinet.presentation import side_panel
from cabinet.presentation.icons import settings_box
from cabinet.presentation.layout import compute_layout

SIZES = [(640, 360), (1280, 720), (1920, 1080), (3840, 2160), (360, 640), (720, 1280), (1080, 1920)]


@pytest.mark.parametrize("left_hand", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_panel_fits_the_window_and_covers_nothing(size: tuple[int, int], left_hand: bool) -> None:
    layout = compute_layout(size, 5, 3, left_hand)
    box = side_panel.panel_box(layout, side_panel.MAX_AWARDS)
    assert box is not None, f"no room for TOP AWARDS at {size}"
    assert box.inside(*layout.size)
    others = {**layout.all_boxes(), "wrench": settings_box(layout)}
    others.pop("deck")  # portrait: the panel is part of the deck's lower strip
    for name, other in others.items():
        assert not box.overlaps(other), f"TOP AWARDS covers the {name} at {size}"
    if not layout.portrait:  # on the counter's side, the other side is the progress meter's
        assert (box.x < layout.width // 2) == (layout.counter_badge.x < layout.width // 2)


def test_the_awards_are_the_best_line_pays_best_first() -> None:
    classic = load_game("classic")
    awards = side_panel.top_awards(classic)
    assert len(awards) == side_panel.MAX_AWARDS
    coins = [c for _s, _n, c in awards]
    assert coins == sorted(coins, reverse=True)
    best = max((Fraction(max(p.values())), s) for s, p in classic.pays.items()
               if classic.symbol_map[s].kind != "scatter" and not classic.symbol_map[s].pays_as)
    assert (awards[0][0], awards[0][2]) == (best[1], best[0])
    assert all(classic.symbol_map[s].kind != "scatter" for s, _n, _c in awards)


def test_the_amounts_follow_the_bet_on_screen() -> None:
    classic = load_game("classic")
    app = App(classic, AppOptions(size=(1280, 720), seed=1, headless=True))
    app.start()
    app.run_frames(2)
    layout = app.ctx.layout
    box = side_panel.panel_box(layout, side_panel.MAX_AWARDS)
    symbol, place = side_panel.award_places(layout, box, side_panel.MAX_AWARDS, app.ctx.text.font(
        side_panel.text_size(layout)).get_height())[0]
    area = pygame.Rect(place.x + place.w // 3, place.y, place.w * 2 // 3, place.h)
    before = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
    bet = app.session.bet
    assert app.session.set_bet(Bet(bet.lines, bet.coins_per_line, bet.coin_value * 2))
    app.run_frames(1)
    after = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
    assert before != after  # the amount is drawn at the current bet
    # the symbol's picture is in its box: not the panel's plain glass
    glass = app.screen.get_at((box.x + box.w // 2, box.bottom - 3))[:3]
    centre = app.screen.get_at(symbol.center)[:3]
    assert centre != glass
    value = app.ctx.money(side_panel.award_amount(side_panel.top_awards(classic)[0][2], app.session.bet))
    assert value == app.ctx.money(int(side_panel.top_awards(classic)[0][2] * bet.coins_per_line * bet.coin_value * 2))
