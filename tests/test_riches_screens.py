"""Happy Riches on screen (issue 6): the LEVEL / COIN VALUE / COINS bet panel, MAX BET's
double press, and the game settings shared by every game (intro screen, spacebar to
spin, game history)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from screen_helpers import make_app, run_until

from cabinet.app import App, AppOptions
from cabinet.core.bet import Bet
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import bet_panel
from cabinet.presentation.chrome import chrome
from cabinet.presentation.hud import GOLD, meter_values
from cabinet.presentation.scenes.intro import IntroScene, key_features
from cabinet.presentation.scenes.settings import GameSettingsScene, setting
from cabinet.services.settings import load_settings

SMALL = (640, 360)


def test_level_and_coin_value_selectors_and_coins(riches) -> None:  # noqa: ANN001
    app = make_app(riches, seed=2, start_credits=12_345)
    assert app.session.bet == Bet(30, 1, 1)
    boxes = bet_panel.panel_boxes(app.ctx.layout)
    regions = app.stack.hit_regions()
    arrows = {p.index: box for box, p in regions if p.button == Button.ITEM}
    assert arrows == bet_panel.panel_boxes(app.ctx.layout).arrows()  # four arrows to click or touch
    app.press([Press(Button.ITEM, bet_panel.LEVEL_DOWN)])  # already the lowest level: nothing changes
    assert app.session.bet.coins_per_line == 1
    app.press([Press(Button.ITEM, bet_panel.LEVEL_UP), Press(Button.ITEM, bet_panel.LEVEL_UP)])
    app.press([Press(Button.ITEM, bet_panel.COIN_UP)])
    assert app.session.bet == Bet(30, 3, 2) and app.session.bet.total == 180
    app.press([Press(Button.ITEM, bet_panel.COIN_DOWN)])
    assert app.session.bet == Bet(30, 3, 1)
    for _ in range(6):
        app.press([Press(Button.ITEM, bet_panel.LEVEL_UP)])
    assert app.session.bet.coins_per_line == 5  # stops at the highest level
    assert meter_values(app.ctx)["balance"] == ("€123.45", "12,345 COINS")  # balance / coin value
    app.press([Press(Button.ITEM, bet_panel.COIN_UP)])  # coin 0.02: 6,172 coins (balance / coin value)
    assert meter_values(app.ctx)["balance"][1] == "6,172 COINS"
    app.run_frames(1)
    for pill in (boxes.level, boxes.coin, boxes.coins):  # the three pills, rimmed in dark gold
        assert tuple(app.screen.get_at((pill.x + pill.w // 2, pill.y)))[:3] == chrome(app.ctx).rim_dark  # its rim
    # during a round the panel is locked
    before = app.session.bet
    app.press([Press(Button.SPIN)])
    app.run_frames(3)
    app.press([Press(Button.ITEM, bet_panel.LEVEL_DOWN)])
    assert app.session.bet == before and "CANNOT CHANGE" in app.ctx.hud.status


def test_max_bet_moves_to_the_top_level_then_spins(riches) -> None:  # noqa: ANN001
    app = make_app(riches, seed=2)
    app.press([Press(Button.ITEM, bet_panel.COIN_UP)])  # coin value 0.02, level 1
    credits = app.session.credits
    app.press([Press(Button.MAX_BET)])  # first press: the highest level, at the same coin value
    assert app.session.bet == Bet(30, 5, 2)
    assert app.session.rounds == 0 and app.session.credits == credits and not app.base.in_round
    assert "PRESS MAX BET AGAIN" in app.ctx.hud.status
    app.press([Press(Button.MAX_BET)])  # second press: the round plays
    assert app.base.in_round and app.session.rounds == 1
    assert app.session.current.cost == 300 and app.session.credits == credits - 300
    run_until(app, lambda: app.idle)
    app.base.end_presentation()
    rounds = app.session.rounds
    app.press([Press(Button.MAX_BET)])  # at the highest level one press spins
    assert app.session.rounds == rounds + 1 and app.session.bet == Bet(30, 5, 2)


def test_game_settings_switch_the_intro_and_the_spacebar(riches, tmp_path: Path) -> None:  # noqa: ANN001
    app = make_app(riches, seed=2, data_dir=tmp_path)
    assert setting(app.ctx, "intro_screen") and setting(app.ctx, "spacebar_spins")
    regions = {p.button: box for box, p in app.stack.hit_regions()}
    assert Button.SETTINGS in regions  # the wrench
    app.press([Press(Button.SETTINGS)])
    scene = app.stack.top
    assert isinstance(scene, GameSettingsScene)
    assert [p.index for _, p in scene.hit_regions() if p.button == Button.ITEM] == [0, 1, 2, 3]  # 2: volume
    app.press([Press(Button.ITEM, 0), Press(Button.ITEM, 1)])  # intro screen off, spacebar off
    assert not setting(app.ctx, "intro_screen") and not setting(app.ctx, "spacebar_spins")
    saved = load_settings(tmp_path).settings
    assert (saved.intro_screen, saved.spacebar_spins) == (False, False)  # remembered at once
    app.press([Press(Button.ITEM, 3)])  # GAME HISTORY
    history = app.stack.top
    assert type(history).__name__ == "HistoryScene"
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    assert app.stack.top is app.base
    app.press([Press(Button.SPIN, key=pygame.K_SPACE)])  # space no longer spins
    assert app.session.rounds == 0 and "SPACEBAR" in app.ctx.hud.status
    app.press([Press(Button.SPIN, key=pygame.K_RETURN)])  # SPIN by any other key, button or pad still does
    assert app.session.rounds == 1
    assert not app.base.show_intro()  # off: no intro card
    run_until(app, lambda: app.idle)
    app.base.end_presentation()
    app.press([Press(Button.SETTINGS), Press(Button.ITEM, 1), Press(Button.CLOSE)])  # spacebar on again
    app.run_frames(1)
    app.press([Press(Button.SPIN, key=pygame.K_SPACE)])
    assert app.session.rounds == 2


def test_the_intro_card_shows_at_start_when_on(riches) -> None:  # noqa: ANN001
    assert [c.title for c in key_features(riches)] == ["FREE SPINS", "LINE WINS x3", "DOUBLE SYMBOLS"]
    app = make_app(riches, seed=2)
    assert app.base.show_intro()
    intro = app.stack.top
    assert isinstance(intro, IntroScene) and intro.opaque
    app.run_frames(1)
    for card in intro.card_boxes():  # three gold-rimmed feature cards
        assert tuple(app.screen.get_at((card.x + card.w // 2, card.y)))[:3] == GOLD
    app.press([Press(Button.TAP, pos=(3, 3))])  # any press continues
    app.run_frames(1)
    assert app.stack.top is app.base and app.session.rounds == 0


def test_free_spins_say_line_wins_x3_and_stacked_wilds_show(riches) -> None:  # noqa: ANN001
    """The intro and the badge say LINE WINS x3 (a retrigger's Free Spins pay is not tripled, so
    not "ALL WINS"); the first forced free spin shows full WILD stacks on reels 2-4."""
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    app = make_app(riches, seed=2)
    script = next(s.script for s in riches.scenarios if s.name == "stacked wilds in free spins")
    assert app.base.start_round(script=script)
    run_until(app, lambda: app.stack.find(FreeSpinsScene) is not None)
    free = app.stack.find(FreeSpinsScene)
    assert free.phase == "intro" and free.total_spins == 10 and free.multiplier == 3
    assert free.wins_label == "LINE WINS"
    drawn: list[str] = []
    render = app.ctx.text.render
    fit = app.ctx.text.fit
    app.ctx.text.render = lambda s, *a, **k: (drawn.append(s), render(s, *a, **k))[1]  # type: ignore[method-assign]
    app.ctx.text.fit = lambda s, *a, **k: (drawn.append(s), fit(s, *a, **k))[1]  # type: ignore[method-assign]
    app.stack.draw(app.screen)
    assert "LINE WINS x3 - GOOD LUCK!" in drawn and not any("ALL WINS" in s for s in drawn)
    run_until(app, lambda: free.played == 1 and app.base.reel_set == "free" and app.base.reels.spinning)
    run_until(app, lambda: not app.base.reels.spinning)  # the first free spin has landed
    drawn.clear()
    app.stack.draw(app.screen)
    assert "LINE WINS" in drawn and "x3" in drawn  # the badge
    assert [column for column in app.base.reels.visible(3)[1:4]] == [["WILD"] * 3] * 3


# -- issue 14, item 1: the lanterns stay whole under the free-spins badges -------------------------

LANTERN_WINDOWS = [((1920, 1080), False), ((1280, 720), False), ((1280, 720), True), ((1080, 1920), False),
                   ((720, 1280), False), ((720, 1280), True)]
BODY = [(0.5, 0.5), (0.36, 0.5), (0.64, 0.5), (0.5, 0.38), (0.5, 0.62)]  # in the red of the lantern


@pytest.mark.parametrize(("size", "left_hand"), LANTERN_WINDOWS)
def test_free_spins_badges_and_buttons_leave_the_lanterns_whole(riches, size, left_hand) -> None:  # noqa: ANN001
    """While FREE SPIN and LINE WINS x3 show, each hanging lantern shows whole, on screen,
    with nothing over its body: its own pixels at known places, next to the badges' gold rim."""
    from cabinet.presentation import icons, side_art
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    app = App(riches, AppOptions(size=size, seed=2, headless=True, left_hand=left_hand))
    app.start()
    script = next(s.script for s in riches.scenarios if s.name == "free spins with Doubles")
    assert app.base.start_round(script=script)
    run_until(app, lambda: (free := app.stack.find(FreeSpinsScene)) is not None and free.phase == "running"
              and free.played >= 1 and free.shown_multiplier == 3)
    app.stack.draw(app.screen)
    layout = app.ctx.layout
    for badge in (layout.counter_badge, layout.multiplier_badge):  # the badges are up
        assert tuple(app.screen.get_at((badge.x + badge.w // 2, badge.y + 1)))[:3] == GOLD
    placed = side_art.placements(layout)
    assert len(placed) == 2
    sprite_name = side_art.art_name(riches.theme)
    covers = [layout.counter_badge, layout.multiplier_badge, icons.settings_box(layout), layout.logo,
              *layout.buttons.values(), *layout.meters.values()]
    for string, piece in placed:
        assert piece.inside(*size) and string.y == 0 and string.bottom > 0  # hung from the top, not cut off
        assert not any(piece.overlaps(box) for box in covers), piece
        sprite = app.ctx.cache.get(sprite_name, (piece.w, piece.h))
        points = [(round(piece.w * fx), round(piece.h * fy)) for fx, fy in BODY]
        assert all(sprite.get_at(p).a >= 240 for p in points)  # solid there (scaling leaves 253 or so)
        shown = [tuple(app.screen.get_at((piece.x + x, piece.y + y)))[:3] for x, y in points]
        wanted = [tuple(sprite.get_at(p))[:3] for p in points]
        same = [all(abs(a - b) <= 8 for a, b in zip(got, want, strict=True))
                for got, want in zip(shown, wanted, strict=True)]
        assert sum(same) >= 4, (piece, shown, wanted)  # an ember of the feature's night may cross one
        assert all(r > 150 and r > b + 80 for r, _g, b in wanted)  # the lantern's warm red and gold
