"""The operator menu's pages: reached as an operator would, checked by pixels at known places,
and compared with their references in tests/gallery/operator/ (the gallery's tolerance).

After an intended change to a page's look, rewrite the references with
``python -m pytest tests/test_operator_screens.py --update-references`` and look at the PNGs.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_gallery import reference_failures

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.designer.operator_gallery import OPERATOR_MOMENTS, build_operator_gallery
from cabinet.input.bindings import PAD_BUTTONS
from cabinet.kiosk.operator import OperatorServices
from cabinet.kiosk.operator_entry import WAIT_MESSAGE
from cabinet.kiosk.pin import LOCK_SECONDS, hash_pin
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.operator import OperatorMenu
from cabinet.presentation.scenes.operator.buttons import LIGHT_SECONDS, TESTED, ButtonTestPage
from cabinet.presentation.scenes.operator.common import BAND, CURSOR, GOLD, LIT, RED, Frame
from cabinet.presentation.scenes.operator.display import BARS, DisplayTestPage
from cabinet.presentation.scenes.operator.last_games import LastGamesPage
from cabinet.presentation.scenes.operator.main import MainPage
from cabinet.presentation.scenes.operator.meters import MetersPage
from cabinet.presentation.scenes.operator.pin import PinPage
from cabinet.presentation.scenes.operator.settings import SettingsPage
from cabinet.presentation.scenes.operator.sound import SoundTestPage
from cabinet.presentation.scenes.operator.storage import StorageTestPage
from cabinet.presentation.scenes.replay import ReplayScene

REFERENCES = Path(__file__).resolve().parent / "gallery" / "operator"
SIZE = (640, 360)
PIN = "5791"


def start(folder: Path, *, pin: str | None = None, rounds: int = 6) -> App:
    (folder / "kiosk.yaml").write_text("# test kiosk\nidle_seconds: 60  # a minute\n")
    services = OperatorServices(folder, config_path=folder / "kiosk.yaml",
                                pin_hash=hash_pin(pin) if pin else None, clock=CLOCK.now)
    app = App(load_game("classic"), AppOptions(size=SIZE, seed=105, headless=True, data_dir=folder,
                                               operator=services))
    app.start()
    for _ in range(rounds):
        app.session.begin_round()
        app.session.finish_round()
    app.run_frames(2)
    return app


class Clock:
    def __init__(self) -> None:
        self.t = 5000.0

    def now(self) -> float:
        return self.t


CLOCK = Clock()


def press(app: App, *presses: Button | Press, frames: int = 2) -> None:
    for p in presses:
        app.press([p if isinstance(p, Press) else Press(p)])
        app.run_frames(1)
    app.run_frames(frames)


def menu(app: App) -> OperatorMenu:
    top = app.stack.top
    assert isinstance(top, OperatorMenu)
    return top


def picture(app: App) -> pygame.Surface:
    app.draw()
    return app.screen.copy()


def colour_at(surface: pygame.Surface, xy: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(surface.get_at(xy))[:3]  # type: ignore[return-value]


def open_page(app: App, index: int) -> object:
    press(app, Button.OPERATOR)
    press(app, Press(Button.ITEM, index))
    return menu(app).page


# -- the way in -----------------------------------------------------------------------------------


def test_three_wrong_pins_lock_the_keypad_for_a_minute(tmp_path: Path) -> None:
    app = start(tmp_path, pin=PIN)
    press(app, Button.OPERATOR)
    page = menu(app).page
    assert isinstance(page, PinPage)
    frame = Frame(*SIZE)
    keys = page.keypad(frame)
    shot = picture(app)
    assert colour_at(shot, (keys[0].x + 1, keys[0].centery)) == GOLD  # the cursor's key: a gold edge
    for attempt in ("0000", "1234", "9999"):
        for digit in attempt:
            press(app, Press(Button.ITEM, int(digit) - 1 if digit != "0" else 10), frames=0)
        press(app, Press(Button.ITEM, 11))
    assert page.locked_for == LOCK_SECONDS
    shot = picture(app)
    assert colour_at(shot, (keys[4].x + 1, keys[4].centery)) == RED  # a locked keypad is edged in red
    for digit in PIN:  # the right PIN does nothing while locked
        press(app, Press(Button.ITEM, int(digit) - 1), frames=0)
    press(app, Press(Button.ITEM, 11))
    assert isinstance(menu(app).page, PinPage)
    CLOCK.t += LOCK_SECONDS + 1
    for digit in PIN:
        press(app, Press(Button.ITEM, int(digit) - 1), frames=0)
    press(app, Press(Button.ITEM, 11))
    assert isinstance(menu(app).page, MainPage)
    kinds = [e.kind for e in app.operator.events.entries]
    assert kinds[-5:] == ["wrong_pin", "wrong_pin", "wrong_pin", "pin_locked", "operator_entered"]


def test_without_a_pin_operator_opens_the_menu_and_the_game_is_paused(tmp_path: Path) -> None:
    app = start(tmp_path)
    base_clock = app.base.clock
    press(app, Button.OPERATOR, frames=120)
    assert isinstance(menu(app).page, MainPage)
    assert app.base.clock == base_clock  # nothing under the modal menu moved
    shot = picture(app)
    row = Frame(*SIZE).row(0)
    assert colour_at(shot, (row.centerx, row.y + 3)) == CURSOR
    press(app, Button.BACK)
    assert app.stack.top is app.base
    app.run_frames(10)
    assert app.base.clock > base_clock


def test_operator_during_a_round_opens_the_menu_when_the_round_ends(tmp_path: Path) -> None:
    app = start(tmp_path)
    press(app, Button.SPIN, frames=5)
    assert not app.between_rounds
    press(app, Button.OPERATOR, frames=0)
    assert app.stack.top is not None and not isinstance(app.stack.top, OperatorMenu)
    assert app.ctx.hud.status == WAIT_MESSAGE
    for _ in range(3000):
        if isinstance(app.stack.top, OperatorMenu):
            break
        app.run_frames(1)
    assert isinstance(app.stack.top, OperatorMenu) and app.between_rounds


# -- the pages ------------------------------------------------------------------------------------


def test_meters_show_master_and_period_and_the_reset_asks_first(tmp_path: Path) -> None:
    app = start(tmp_path, rounds=8)
    page = open_page(app, 0)
    assert isinstance(page, MetersPage)
    rows = {what: (m, p) for what, m, p, _ in page.rows()}
    assert rows["GAMES PLAYED"] == ("8", "8")
    press(app, Press(Button.ITEM, 2))  # RESET PERIOD METERS
    assert page.confirming
    shot = picture(app)
    assert colour_at(shot, (SIZE[0] // 6 + 1, SIZE[1] // 2)) == RED  # the question's red frame
    press(app, Button.BACK)
    assert not page.confirming and app.operator.audit.total("period").games_played == 8  # "no" resets nothing
    press(app, Press(Button.ITEM, 2), Button.CONFIRM)
    rows = {what: (m, p) for what, m, p, _ in page.rows()}
    assert rows["GAMES PLAYED"] == ("8", "0")  # the master column never resets
    assert app.operator.events.entries[-1].kind == "meters_reset"
    press(app, Press(Button.ITEM, 0))  # REPLAY the largest win (master)
    assert isinstance(app.stack.top, ReplayScene)


def test_last_games_list_the_rounds_and_replay_one(tmp_path: Path) -> None:
    app = start(tmp_path, rounds=12)
    page = open_page(app, 1)
    assert isinstance(page, LastGamesPage)
    records = page.records()
    assert [r.round_id for r in records] == list(range(12, 2, -1))  # the last 10, newest first
    shot = picture(app)
    row = Frame(*SIZE).row(2)
    assert colour_at(shot, (row.centerx, row.y + 3)) == CURSOR
    press(app, Button.DOWN, Button.CONFIRM)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.record.round_id == 11


def test_the_event_log_pages_and_filters(tmp_path: Path) -> None:
    app = start(tmp_path)
    for i in range(40):
        app.operator.events.record("pad_attached", f"pad {i}")
    app.operator.events.record("storage_full", "disk full")
    page = open_page(app, 2)
    frame = Frame(*SIZE)
    assert page.pages(frame) > 1
    shot = picture(app)
    first = frame.row(1)  # the newest entry (operator menu entered) in white; a storage alarm in red
    press(app, Button.RIGHT, Button.RIGHT, Button.RIGHT)  # STORAGE
    assert [e.kind for e in page.entries()] == ["storage_full"]
    shot = picture(app)
    reds = sum(colour_at(shot, (x, first.centery)) == RED for x in range(first.x, first.centerx))
    assert reds > 10
    press(app, Button.LEFT, Button.LEFT, Button.LEFT, Button.DOWN)
    assert page.page == 1


def test_the_button_test_lights_keys_pads_and_touch_including_a_pad_plugged_in_now(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 3)
    assert isinstance(page, ButtonTestPage)
    frame = Frame(*SIZE)
    tiles = dict(zip(TESTED, page.tiles(frame), strict=True))
    spin = tiles[Button.SPIN]
    assert colour_at(picture(app), (spin.x + 6, spin.y + 6)) == BAND
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)
    app.frame(1 / 60, events=[key])
    assert colour_at(picture(app), (spin.x + 6, spin.y + 6)) == LIT
    app.run_frames(int(LIGHT_SECONDS * 60) + 2)
    assert colour_at(picture(app), (spin.x + 6, spin.y + 6)) == BAND

    class Pad:
        def quit(self) -> None:
            pass

    app.input.pads[42] = Pad()  # a pad the adapter opened after the page opened
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=42, button=PAD_BUTTONS["y"])
    app.frame(1 / 60, events=[down])
    info = tiles[Button.INFO]
    assert colour_at(picture(app), (info.x + 6, info.y + 6)) == LIT
    chord = [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=42, button=PAD_BUTTONS[n])
             for n in ("leftstick", "rightstick")]
    app.frame(1 / 60, events=chord)
    operator = tiles[Button.OPERATOR]
    assert colour_at(picture(app), (operator.x + 6, operator.y + 6)) == LIT
    assert isinstance(menu(app).page, ButtonTestPage)  # OPERATOR is tested, it does not leave
    menu_tile = tiles[Button.MENU]
    press(app, Press(Button.MENU, pos=menu_tile.center), frames=0)  # a touch on the tile
    assert colour_at(picture(app), (menu_tile.x + 6, menu_tile.y + 6)) == LIT
    press(app, Button.BACK, Button.BACK)
    assert isinstance(menu(app).page, ButtonTestPage)
    press(app, Button.BACK)
    assert isinstance(menu(app).page, MainPage)


def test_the_display_test_draws_bars_ramp_and_a_one_pixel_grid_at_the_window_size(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 4)
    assert isinstance(page, DisplayTestPage)
    shot = picture(app)
    w, h = SIZE
    assert [colour_at(shot, (w * i // 8 + 4, 10)) for i in range(8)] == list(BARS)
    press(app, Button.RIGHT)
    shot = picture(app)
    assert colour_at(shot, (2, 10)) == (0, 0, 0) and colour_at(shot, (w - 2, 10)) == (255, 255, 255)
    assert colour_at(shot, (w // 2, h - 10))[0] in range(120, 136)  # the smooth ramp's middle
    press(app, Button.RIGHT)
    shot = picture(app)
    assert colour_at(shot, (8, 20)) == (255, 255, 255) and colour_at(shot, (9, 20)) == (0, 0, 0)
    assert colour_at(shot, (64, 20)) == (255, 0, 0) and colour_at(shot, (w - 1, 20)) == (0, 255, 0)
    assert any("WINDOW 640 x 360" in line for line in page.info())


def test_the_sound_test_plays_left_right_both_and_each_theme(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 5)
    assert isinstance(page, SoundTestPage)
    names = [name for name, _, _ in page.items]
    assert names[:3] == ["LEFT CHANNEL", "RIGHT CHANNEL", "BOTH CHANNELS"]
    assert "CLASSIC: MUSIC" in names and "HALLOWEEN: EFFECTS" in names
    press(app, Button.CONFIRM)
    if page.available:
        assert page.playing == 0
        press(app, Button.CONFIRM)
        assert page.playing is None
    row = Frame(*SIZE).row(1)
    assert colour_at(picture(app), (row.centerx, row.y + 3)) == CURSOR


def test_the_storage_test_measures_a_write_with_fsync(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 6)
    assert isinstance(page, StorageTestPage)
    rows = dict(page.results)
    assert rows["DATA FOLDER"] == str(tmp_path) and "GB OF" in rows["FREE SPACE"]
    assert rows["ONE 64 KB WRITE WITH FSYNC"].endswith(" MS") and page.ok
    assert not list(tmp_path.glob(".storage-test-*"))


def test_settings_are_saved_keeping_comments_and_bad_values_are_refused_on_screen(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 7)
    assert isinstance(page, SettingsPage)
    before = (tmp_path / "kiosk.yaml").read_text()
    page.cursor = page.game_rows + 1  # IDLE SECONDS
    for _ in range(12):
        press(app, Button.LEFT, frames=0)
    page.cursor = len(page.rows()) - 1
    press(app, Button.CONFIRM)
    assert page.message_bad and "IDLE_SECONDS MUST BE FROM 5" in page.message
    assert (tmp_path / "kiosk.yaml").read_text() == before  # never written
    shot = picture(app)
    frame = Frame(*SIZE)
    y = (frame.bottom + frame.h) // 2
    assert sum(colour_at(shot, (x, y)) == RED for x in range(frame.margin, frame.w // 2)) > 5
    page.cursor = page.game_rows + 1
    for _ in range(18):
        press(app, Button.RIGHT, frames=0)  # 0 -> 90 s
    page.cursor = page.game_rows + 4  # MASTER VOLUME
    press(app, Button.LEFT)
    page.cursor = len(page.rows()) - 1
    press(app, Button.CONFIRM)
    assert not page.message_bad
    assert (tmp_path / "kiosk.yaml").read_text() == "# test kiosk\nidle_seconds: 90  # a minute\nvolume: 70\n"
    logged = app.operator.events.entries[-1]
    assert logged.kind == "settings_changed" and logged.data["changes"] == {"idle_seconds": "90", "volume": "70"}


# -- the references -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gallery():  # noqa: ANN201
    return build_operator_gallery(size=SIZE)


def test_every_operator_page_is_pictured(gallery) -> None:  # noqa: ANN001
    assert gallery.names() == list(OPERATOR_MOMENTS)


def test_the_operator_pages_match_their_references(gallery, request, tmp_path) -> None:  # noqa: ANN001
    update = request.config.getoption("--update-references")
    failures = reference_failures(gallery.shots, REFERENCES, tmp_path, update=update)
    if update:
        pytest.skip(f"operator references rewritten in {REFERENCES}")
    assert not failures, f"the operator pages differ from {REFERENCES} ({tmp_path}): " + "; ".join(failures)


def test_settings_switch_a_game_off_and_move_another(tmp_path: Path) -> None:
    app = start(tmp_path)
    page = open_page(app, 7)
    assert isinstance(page, SettingsPage)
    first, second = page.draft.games[0], page.draft.games[1]
    press(app, Button.RIGHT)  # the first game moves down one place
    assert page.draft.games[:2] == [second, first] and page.cursor == 1
    page.cursor = 0
    press(app, Button.CONFIRM)  # switched off
    assert page.draft.off[0] == second
    page.cursor = len(page.rows()) - 1
    press(app, Button.CONFIRM)
    from cabinet.kiosk.config import load_config

    saved = load_config(tmp_path / "kiosk.yaml")
    assert saved.games[0] == first and second not in saved.games
    assert (tmp_path / "kiosk.yaml").read_text().startswith("# test kiosk\nidle_seconds: 60  # a minute\n")
