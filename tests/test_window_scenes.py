"""Scenes over the base game: menu (pauses), bet selector, info pages, free spins replayed
from the events, the paid-respin UI, and the fallbacks for missing art and sound."""

from __future__ import annotations

from pathlib import Path

import pygame
from screen_helpers import run_until

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.events import FeatureEnded, FeatureStarted
from cabinet.core.loader import load_definition_text
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.assets import AssetCache
from cabinet.presentation.audio import Audio
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes.bet_selector import COLUMN_STRIDE, BetSelectorScene
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.presentation.scenes.info import InfoScene
from cabinet.presentation.scenes.menu import MenuScene
from cabinet.presentation.text import Text

ROOT = Path(__file__).resolve().parent.parent
SMALL = (640, 360)


def make_app(defn, seed: int = 2, **options) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SMALL, seed=seed, headless=True, **options))
    app.start()
    return app



def test_the_menu_pauses_the_game_and_closes_on_a_press_anywhere(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.press([Press(Button.SPIN)])
    app.run_frames(10)
    app.press([Press(Button.MENU)])
    assert isinstance(app.stack.top, MenuScene)
    clock, positions = app.base.reels.clock, [r.pos for r in app.base.reels.reels]
    app.run_frames(30)
    assert app.base.reels.clock == clock and [r.pos for r in app.base.reels.reels] == positions  # paused
    app.press([Press(Button.SPIN)])  # inside the menu SPIN activates the row under the cursor (History)
    assert isinstance(app.stack.top, HistoryScene)
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert isinstance(app.stack.top, MenuScene)
    app.press([Press(Button.TAP, pos=(2, 2))])  # a press far from the panel closes it
    app.run_frames(1)
    assert app.stack.top is app.base
    app.press([Press(Button.MENU)])
    app.press([Press(Button.TAP, pos=(app.ctx.layout.panel.center[0], app.ctx.layout.panel.y + 2))])
    app.run_frames(1)
    assert app.stack.top is app.base  # so does a press on the panel off its rows: "anywhere on the screen"
    app.run_frames(5)
    assert app.base.reels.clock > clock  # the game goes on


def test_menu_toggles_and_close_game(classic, tmp_path: Path) -> None:  # noqa: ANN001
    app = make_app(classic, data_dir=tmp_path)
    app.press([Press(Button.MENU)])
    app.run_frames(1)
    menu = app.stack.top
    regions = menu.hit_regions()
    assert [p.index for _, p in regions if p.button == Button.ITEM] == list(range(6))
    for index in (2, 3, 5):  # sound, music, vibrate off
        app.press([Press(Button.ITEM, index)])
    settings = app.ctx.settings
    assert (settings.sound, settings.music, settings.vibrate) == (False, False, False)
    assert not app.ctx.audio.sound_on and not app.ctx.audio.music_on
    assert "sound: false" in (tmp_path / "settings.yaml").read_text()
    app.press([Press(Button.DOWN), Press(Button.CONFIRM)])  # cursor: from VIBRATE down to HISTORY
    assert isinstance(app.stack.top, HistoryScene)
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    app.press([Press(Button.ITEM, 1)])  # CLOSE GAME
    assert app.ctx.quit_requested
    assert app.run_script({}, None)["rounds"] == 0  # the loop ends at once


def test_history_lists_finished_rounds(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    for _ in range(3):
        app.press([Press(Button.SPIN)])
        run_until(app, lambda: app.idle)
        app.run_frames(2)
    history = HistoryScene(app.ctx)
    lines = history.lines()
    assert len(lines) == 3 and lines[0].startswith("#3 ") and "BET €1.00" in lines[0]
    first = app.session.history[0]
    assert f"WIN {app.ctx.money(first.total_win)}" in lines[2]


def test_bet_selector_and_bet_buttons(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    start = app.session.bet
    app.press([Press(Button.BET_SELECT)])
    selector = app.stack.top
    assert isinstance(selector, BetSelectorScene)
    titles = [c.title for c in selector.columns()]
    assert titles == ["LINES", "COINS PER LINE", "COIN VALUE"]
    app.press([Press(Button.ITEM, 2 * COLUMN_STRIDE + 5)])  # coin value 0.50
    assert app.session.bet.coin_value == 50 and app.session.bet.lines == start.lines
    app.press([Press(Button.ITEM, 0 * COLUMN_STRIDE + 0)])  # 1 line
    assert app.session.bet.lines == 1 and app.session.bet.total == 50
    app.press([Press(Button.DOWN)])  # column LINES: the next choice, 5 lines
    assert app.session.bet.lines == 5
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert app.stack.top is app.base
    app.press([Press(Button.BET_MINUS)])
    assert app.session.bet.total < 250
    app.press([Press(Button.MAX_BET)])
    assert app.session.bet.coins_per_line == 10
    # during a round the bet is locked
    before = app.session.bet
    app.press([Press(Button.SPIN)])
    app.run_frames(5)
    app.press([Press(Button.BET_MINUS), Press(Button.BET_SELECT)])
    assert app.session.bet == before and app.stack.top is app.base
    assert "CANNOT CHANGE" in app.ctx.hud.status


def test_changing_the_bet_ends_the_win_presentation(classic) -> None:  # noqa: ANN001
    bet = default_bet(classic)
    index = next(i for i in range(300) if play_round(classic, RoundRequest(bet, derive_seed(2, i))).total_win
                 and not play_round(classic, RoundRequest(bet, derive_seed(2, i))).features)
    app = make_app(classic)
    for _ in range(index):
        app.session.begin_round()
        app.session.finish_round()
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle)
    scene = app.base.presentation
    assert scene is not None and scene in list(app.stack) and scene.phase == "cycle"
    app.run_frames(100)
    assert app.base.presentation is scene  # it keeps cycling while idle
    app.press([Press(Button.BET_PLUS)])
    assert app.base.presentation is None and scene not in list(app.stack)


def test_info_pages(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.press([Press(Button.INFO)])
    info = app.stack.top
    assert isinstance(info, InfoScene)
    assert len(info.pages) >= 4  # paytable, features, paylines, rules
    seven, star = classic.pays["SEVEN"][5], classic.pays["STAR"][5]  # coins per coin; x total bet
    assert info._pay_lines("SEVEN")[0] == f"5  {seven} COINS  {app.ctx.money(int(seven) * 5)}"  # 1 coin of €0.05
    assert info._pay_lines("STAR")[0] == f"5  {star}x BET  {app.ctx.money(int(star) * 100)}"  # bet €1.00
    app.press([Press(Button.RIGHT)])
    assert info.page == 1
    app.press([Press(Button.LEFT), Press(Button.LEFT)])
    assert info.page == len(info.pages) - 1
    app.run_frames(1)
    app.press([Press(Button.INFO)])
    app.run_frames(1)
    assert app.stack.top is app.base


def test_free_spins_replay_their_events(classic) -> None:  # noqa: ANN001
    seed = 1
    bet = default_bet(classic)
    index = next(i for i in range(200) if play_round(classic, RoundRequest(bet, derive_seed(seed, i))).features)
    result = play_round(classic, RoundRequest(bet, derive_seed(seed, index)))
    started = next(e for e in result.events if isinstance(e, FeatureStarted))
    ended = next(e for e in result.events if isinstance(e, FeatureEnded))
    app = make_app(classic, seed=seed)
    for _ in range(index):
        app.session.begin_round()
        app.session.finish_round()
    credits = app.session.credits
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.stack.find(FreeSpinsScene) is not None)
    free = app.stack.find(FreeSpinsScene)
    assert free.phase == "intro" and free.total_spins == started.spins and free.multiplier == started.multiplier
    app.press([Press(Button.SPIN)])  # skip the intro
    assert free.phase == "running"
    while not app.idle:
        app.press([Press(Button.SPIN)])  # slam every spin and skip every count-up
        app.run_frames(15)
    assert free.finished and free.played == ended.spins_played and free.total_win == ended.total
    assert app.session.credits == credits - bet.total + result.total_win
    assert app.ctx.hud.win == result.total_win
    assert app.session.progress_step == len(result.events)


def respin_game():  # noqa: ANN201
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    return load_definition_text(text.replace("features:\n", "features:\n  - {type: paid_respin, price_rtp: '95%'}\n"))


def test_paid_respin_ui() -> None:
    defn = respin_game()
    app = make_app(defn, seed=3)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle)
    app.base.end_presentation()
    app.run_frames(1)
    offer = app.session.offer
    assert offer is not None and offer[2] is not None
    regions = {p.button: box for box, p in app.stack.hit_regions()}
    assert Button.RESPIN_3 in regions and regions[Button.RESPIN_3] == app.ctx.layout.tags[2]
    tag = app.ctx.layout.tags[2]
    icon = app.ctx.art.button("respin", "", (tag.h, tag.h))
    centre = (tag.h // 2, tag.h // 2)
    assert tuple(app.screen.get_at((tag.x + centre[0], tag.y + centre[1])))[:3] != (0, 0, 0)
    assert icon.get_at(centre).a > 0
    credits, stops = app.session.credits, app.base.reels.stops
    app.press([Press(Button.RESPIN_3)])
    app.run_frames(12)
    reels = app.base.reels.reels
    assert reels[2].moving and not any(r.moving for i, r in enumerate(reels) if i != 2)
    assert all(r.held for i, r in enumerate(reels) if i != 2)
    cell = app.ctx.layout.cells[0][1]
    shown = app.screen.get_at(cell.center)
    tile = app.ctx.art.tiles[app.base.reels.visible(3)[0][1]].get_at((cell.w // 2, cell.h // 2))
    assert sum(tuple(shown)[:3]) < sum(tuple(tile)[:3])  # held reels are dimmed while the chosen one spins
    run_until(app, lambda: app.idle)
    respin = app.session.current
    assert respin.request.kind == "respin" and respin.cost == offer[2]
    assert app.base.reels.stops[:2] == stops[:2] and app.base.reels.stops[3:] == stops[3:]
    assert app.base.reels.stops[2] == respin.final_stops[2]
    assert app.session.credits == credits - offer[2] + respin.total_win


def test_missing_and_broken_sprites_give_placeholders_and_one_warning(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    messages: list[str] = []
    (tmp_path / "broken.png").write_bytes(b"not a png")
    cache = AssetCache(tmp_path, Text(), warn=messages.append)
    first = cache.get("missing.png", (40, 30))
    second = cache.get("missing.png", (20, 20))
    assert first.get_size() == (40, 30) and second.get_size() == (20, 20)
    assert first.get_at((20, 15)) != first.get_at((0, 0)) or first.get_at((1, 1))[:3] == (255, 0, 255)
    broken = cache.get("broken.png", (16, 16))
    assert broken.get_size() == (16, 16)
    assert len(messages) == 2 and "missing" in messages[0] and "unreadable" in messages[1]
    assert cache.missing == ["missing.png", "broken.png"]


def test_no_audio_device_means_silence(monkeypatch, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(tmp_path, "classic")
    assert not audio.available
    audio.load_all()
    audio.play("spin_start")
    audio.start_music()
    audio.set_music(False)
    audio.set_sound(False)
    assert audio.played == ["spin_start"]
    err = capsys.readouterr().err
    assert err.count("cabinet: warning") == 1 and "no audio device" in err
