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


# -- its twin: the FEATURES glass on the other side (landscape) ---------------------------------------


@pytest.mark.parametrize("left_hand", [False, True])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (2560, 1080)])
def test_the_features_glass_faces_top_awards_and_covers_nothing(size: tuple[int, int], left_hand: bool) -> None:
    for rows in (3, 4):
        layout = compute_layout(size, 5, rows, left_hand)
        awards = side_panel.panel_box(layout, side_panel.MAX_AWARDS)
        box = side_panel.feature_box(layout, side_panel.MAX_FEATURE_ROWS)
        assert awards is not None and box is not None, size
        assert box.inside(*size) and box.y == awards.y  # the twins: the same top
        assert (box.center[0] < size[0] // 2) != (awards.center[0] < size[0] // 2)  # on the other side
        others = {**layout.all_boxes(), "wrench": settings_box(layout), "awards": awards}
        others.pop("progress_bar")  # a feature's meter has this column only while it plays, over its own backdrop
        for name, other in others.items():
            assert not box.overlaps(other), f"FEATURES covers the {name} at {size}"
    assert side_panel.feature_box(compute_layout((720, 1280)), 3) is None  # portrait: no room beside the reels


def test_the_features_rows_come_from_each_games_blocks() -> None:
    riches = load_game("happy-riches")
    spins = next(f for f in riches.features if f.type == "free_spins")
    rows = side_panel.feature_rows(riches)
    assert side_panel.feature_heading(rows) == "FREE SPINS"
    counts = sorted(spins.awards)
    assert [(r.symbol, r.count, r.label) for r in rows] == [  # the first three and the best of five
        (spins.trigger_symbol, n, f"{spins.awards[n]} SPINS") for n in counts[:3] + counts[-1:]]
    lucky = load_game("happy-lucky-slot")
    feature = next(f for f in lucky.features if f.type == "hold_and_respin")
    rows = side_panel.feature_rows(lucky)
    assert side_panel.feature_heading(rows) == "BONUS PRIZES"
    assert [(r.label, r.x_bet) for r in rows] == sorted(((b.name, Fraction(b.fill_x_bet)) for b in feature.boards),
                                                         key=lambda item: -item[1])
    halloween = load_game("halloween-wins-3")
    rows = side_panel.feature_rows(halloween)
    wheel = next(f for f in halloween.features if f.type == "wheel")
    assert side_panel.feature_heading(rows) == "FEATURES"
    assert (wheel.trigger_symbol, len(wheel.trigger_reels), "WHEEL") in [(r.symbol, r.count, r.label) for r in rows]
    assert all(r.symbol in halloween.symbol_map for r in rows)


def test_the_bonus_prizes_follow_the_bet_on_screen() -> None:
    from cabinet.core.boards import whole_amount

    lucky = load_game("happy-lucky-slot")
    app = App(lucky, AppOptions(size=(1280, 720), seed=1, headless=True))
    app.start()
    drawn: list[str] = []
    render = app.ctx.text.render
    app.ctx.text.render = lambda s, *a, **k: (drawn.append(s), render(s, *a, **k))[1]  # type: ignore[method-assign]
    app.run_frames(1)
    layout = app.ctx.layout
    rows = side_panel.feature_rows(lucky)
    box = side_panel.feature_box(layout, len(rows))
    assert box is not None
    place = side_panel.award_places(layout, box, len(rows), app.ctx.text.font(side_panel.text_size(layout))
                                    .get_height())[0][1]
    area = pygame.Rect(place)  # GRAND's row: its name stays, its amount follows the bet
    before = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
    assert app.ctx.money(whole_amount(rows[0].x_bet, app.session.bet.total)) in drawn  # GRAND at the bet
    bet = app.session.bet
    assert app.session.set_bet(Bet(bet.lines, bet.coins_per_line, bet.coin_value * 2))
    drawn.clear()
    app.run_frames(1)
    assert pygame.image.tobytes(app.screen.subsurface(area), "RGB") != before
    assert app.ctx.money(whole_amount(rows[0].x_bet, app.session.bet.total)) in drawn
