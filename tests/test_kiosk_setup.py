"""No shell needed: a kiosk's first start with no PIN shows the set-up (the PIN twice, the games,
the idle time) before anyone plays; the menu changes the PIN, restarts the kiosk and shows
kiosk.log's recent errors; in settings a switched game stays under the cursor and games show
their names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cabinet.app import AppOptions
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.config import load_config
from cabinet.kiosk.guard import ErrorGuard
from cabinet.kiosk.operator import OperatorServices
from cabinet.kiosk.pin import hash_pin, verify_pin
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.operator import OperatorHost, OperatorMenu
from cabinet.presentation.scenes.operator.kiosk_log import KioskLogPage, recent_errors
from cabinet.presentation.scenes.operator.pin_set import PinSetPage
from cabinet.presentation.scenes.operator.settings import SettingsPage
from cabinet.presentation.text import Text
from cabinet.services.event_log import read_events

SMALL = (640, 360)


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    found, _ = load_entries(["classic", "lucky-christmas"])
    return found


def typed(pin: str) -> list[Press]:
    return [Press(Button.DIGIT, int(d)) for d in pin] + [Press(Button.CONFIRM)]


def first_start(entries: Any, data: Path) -> Shell:
    services = OperatorServices(data, config_path=data / "kiosk.yaml", kiosk=True)
    shell = Shell(entries, AppOptions(size=SMALL, headless=True, data_dir=data),
                  ShellOptions(lobby=True, kiosk=True, operator=services, setup=True))
    shell.start()
    return shell


def test_the_first_start_sets_the_pin_games_and_idle_before_anyone_plays(entries: Any, tmp_path: Path) -> None:
    shell = first_start(entries, tmp_path)
    menu = shell.operator_menu
    assert menu is not None and isinstance(menu.page, PinSetPage)
    shell.frame(1 / 60, presses=[Press(Button.SPIN), Press(Button.BACK)])  # a visitor: nothing opens
    assert shell.app is None and shell.operator_menu is menu and menu.page.message_bad
    shell.frame(1 / 60, presses=typed("4455"))
    shell.frame(1 / 60, presses=typed("4456"))  # not the same: start again
    assert menu.page.message == "THE TWO PINS DIFFER: START AGAIN"
    shell.frame(1 / 60, presses=typed("4455") + typed("4455"))
    assert isinstance(menu.page, SettingsPage) and menu.page.setup
    assert verify_pin("4455", load_config(tmp_path / "kiosk.yaml").operator_pin or "")
    assert shell.operator.gate.needs_pin
    settings = menu.page
    rows = [left for left, _ in settings.rows()]
    assert rows[0] == f"GAME 1: {first_game_name()}" and rows[-1] == "SAVE AND START THE KIOSK"
    settings.cursor = 1  # the second game: off
    switched_off = settings.draft.games[1]
    shell.frame(1 / 60, presses=[Press(Button.CONFIRM)])
    kept_on = tuple(settings.draft.games)
    assert switched_off not in kept_on and len(kept_on) >= 1
    idle = rows.index("IDLE SECONDS (ATTRACT AFTER)")
    settings.cursor = idle
    shell.frame(1 / 60, presses=[Press(Button.RIGHT), Press(Button.RIGHT)])
    settings.cursor = len(settings.rows()) - 1
    shell.frame(1 / 60, presses=[Press(Button.CONFIRM)])
    shell.frame(1 / 60, presses=[])
    assert shell.quit and shell.stop_reason == "restart, asked by the operator"
    shell.shutdown()
    config = load_config(tmp_path / "kiosk.yaml")
    assert config.games == kept_on and config.idle_seconds == 70
    texts = [e.text for e in read_events(tmp_path).entries if e.kind == "settings_changed"]
    assert texts[0] == "the operator PIN was changed" and "4455" not in " ".join(texts)
    assert texts[-1] == "the operator restarts the kiosk"


def test_a_kiosk_with_a_pin_starts_straight_into_play(entries: Any, tmp_path: Path) -> None:
    (tmp_path / "kiosk.yaml").write_text(f'operator_pin: "{hash_pin("1234")}"\n')
    services = OperatorServices(tmp_path, config_path=tmp_path / "kiosk.yaml", kiosk=True,
                                pin_hash=load_config(tmp_path / "kiosk.yaml").operator_pin)
    shell = Shell(entries, AppOptions(size=SMALL, headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=True, kiosk=True, operator=services, setup=True))
    shell.start()
    assert shell.operator_menu is None
    shell.shutdown()


def menu_on(data: Path, *, pin: str = "1234") -> OperatorMenu:
    (data / "kiosk.yaml").write_text(f'# my kiosk\nidle_seconds: 60\noperator_pin: "{hash_pin(pin)}"\n')
    services = OperatorServices(data, config_path=data / "kiosk.yaml", kiosk=True,
                                pin_hash=load_config(data / "kiosk.yaml").operator_pin)
    return OperatorMenu(OperatorHost(services=services, text=Text(), window=lambda: SMALL), entered=True)


def test_settings_change_the_pin_and_restart_the_kiosk(tmp_path: Path) -> None:
    menu = menu_on(tmp_path)
    menu.push(SettingsPage(menu))
    settings = menu.page
    rows = [left for left, _ in settings.rows()]
    settings.cursor = rows.index("CHANGE THE OPERATOR PIN")
    menu.handle(Press(Button.CONFIRM))
    assert isinstance(menu.page, PinSetPage)
    for press in typed("98765") + typed("98765"):
        menu.handle(press)
    assert menu.page is settings and settings.message == "THE OPERATOR PIN WAS CHANGED (LOGGED)"
    text = (tmp_path / "kiosk.yaml").read_text()
    assert text.startswith("# my kiosk\nidle_seconds: 60\n")  # comments and other lines kept
    assert verify_pin("98765", load_config(tmp_path / "kiosk.yaml").operator_pin or "")
    assert menu.host.services.gate.try_pin("98765") and not menu.host.services.gate.try_pin("1234")
    settings.cursor = rows.index("RESTART THE KIOSK (GAMES AND START GAME APPLY)")
    menu.handle(Press(Button.CONFIRM))
    assert menu.host.services.restart_requested


def first_game_name() -> str:
    """The name a player sees of the catalog's first game (the page shows names, not ids)."""
    from cabinet.kiosk.catalog import game_files, game_names

    files = game_files()
    return game_names(files)[files[0].stem].upper()


def test_a_switched_game_stays_under_the_cursor_with_its_name(tmp_path: Path) -> None:
    menu = menu_on(tmp_path)
    menu.push(SettingsPage(menu))
    settings = menu.page
    names = [left for left, value in settings.rows() if left.startswith("GAME")]
    assert f"GAME 1: {first_game_name()}" in names and all(n.split(": ", 1)[1] != n.split(": ", 1)[1].lower()
                                                     for n in names)
    for row in (0, 2, 4):
        settings.cursor = row
        before = settings.rows()[row][0].split(": ", 1)[1]
        menu.handle(Press(Button.CONFIRM))  # off (or on again)
        assert settings.rows()[settings.cursor][0].split(": ", 1)[1] == before
        menu.handle(Press(Button.CONFIRM))
        assert settings.rows()[settings.cursor][0].split(": ", 1)[1] == before


def test_the_kiosk_log_page_lists_recent_errors_newest_first(tmp_path: Path) -> None:
    guard = ErrorGuard(tmp_path / "kiosk.log", echo=False)
    for n, where in enumerate(("lobby", "classic update", "attract")):
        try:
            raise ValueError(f"problem {n}")
        except ValueError as exc:
            guard.record(exc, where)
    found = recent_errors(tmp_path / "kiosk.log")
    assert [(w, last) for _, w, last in found] == [("attract", "ValueError: problem 2"),
                                                   ("classic update", "ValueError: problem 1"),
                                                   ("lobby", "ValueError: problem 0")]
    menu = menu_on(tmp_path)
    menu.push(KioskLogPage(menu))
    assert len(menu.page.errors) == 3
