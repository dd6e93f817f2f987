"""What the event log records outside the menu: power-up, a round restored after a crash, a game
file changed since its last round, a malfunction, storage full and back, pads, ignored close
requests in a kiosk, and each exit with its cause."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_definition
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.operator import OperatorServices
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.paths import games_dir
from cabinet.presentation.scenes.operator import OperatorMenu
from cabinet.presentation.scenes.operator.pin import PinPage
from cabinet.services.event_log import read_events


def kinds(folder: Path) -> list[str]:
    return [e.kind for e in read_events(folder).entries]


def app_on(folder: Path, game: Path | None = None) -> App:
    defn = load_definition(game or games_dir() / "classic.yaml")
    app = App(defn, AppOptions(size=(640, 360), seed=3, headless=True, data_dir=folder))
    app.start()
    return app


def test_power_up_a_restored_round_and_the_exit(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    app.session.begin_round()  # the plug is pulled mid-round: nothing closes
    app.session.ledger.close()
    again = app_on(tmp_path)
    again.run_frames(2)
    again.window_closed = True
    again.close()
    assert kinds(tmp_path) == ["power_up", "power_lost", "power_up", "round_restored", "exit"]
    entries = read_events(tmp_path).entries
    assert entries[1].data == {"round": 1, "game": "classic", "since": entries[0].time}
    assert entries[3].data["round"] == 1 and entries[-1].data["cause"] == "window closed"


def test_a_round_the_game_completes_by_itself_is_logged_as_auto_completed(tmp_path: Path) -> None:
    game = games_dir() / "halloween-wins-3.yaml"  # interrupted_rounds: auto_complete
    app = app_on(tmp_path, game)
    app.session.begin_round()
    app.session.ledger.close()
    app_on(tmp_path, game).close()
    entries = read_events(tmp_path).entries
    assert [e.kind for e in entries][:4] == ["power_up", "power_lost", "power_up", "round_auto_completed"]
    assert entries[1].data["round"] == 1 and entries[1].data["game"] == "halloween-wins-3"
    assert entries[3].data == {"round": 1, "game": "halloween-wins-3"}


def test_a_game_file_changed_since_its_last_round_is_logged_once(tmp_path: Path) -> None:
    game = tmp_path / "classic.yaml"
    game.write_text((games_dir() / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    data = tmp_path / "data"
    app = app_on(data, game)
    app.session.begin_round()
    app.session.finish_round()
    app.close()
    game.write_text(game.read_text(encoding="utf-8") + "\n# retuned\n", encoding="utf-8")
    app_on(data, game).close()
    app_on(data, game).close()  # the same change again: not a second entry
    assert kinds(data).count("game_changed") == 1


def test_a_malfunction_is_logged(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    app.session.begin_round()
    app.session.finish_round()
    app.close()
    for name in ("critical.a.json", "critical.b.json"):
        (tmp_path / name).write_text("damaged")
    # a window (SDL's dummy driver, set by conftest) shows the malfunction screen; headless would stop
    app = App(load_definition(games_dir() / "classic.yaml"), AppOptions(size=(640, 360), data_dir=tmp_path))
    app.start()
    app.close()
    assert "malfunction" in kinds(tmp_path)


def test_storage_full_and_back_reach_the_log(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    full = OSError(errno.ENOSPC, "No space left on device")
    app.session.storage.failed("the round", full)
    app.session.storage.recovered()
    app.close()
    assert kinds(tmp_path)[-3:] == ["storage_full", "storage_back", "exit"]


def test_a_kiosk_logs_pads_ignored_close_requests_and_its_exit(tmp_path: Path) -> None:
    entries, _ = load_entries(["classic", "happy-riches"])
    from cabinet.kiosk.pin import hash_pin

    services = OperatorServices(tmp_path, config_path=tmp_path / "kiosk.yaml", pin_hash=hash_pin("2222"),
                                kiosk=True)
    shell = Shell(entries, AppOptions(size=(640, 360), headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=True, kiosk=True, attract=True, idle_seconds=5, log_path=tmp_path / "k.log",
                               operator=services))
    shell.start()
    events = [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0),
              pygame.event.Event(pygame.QUIT),
              pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9)]
    shell.frame(1 / 60, events=events)
    assert not shell.quit
    shell.frame(1 / 60, presses=[Press(Button.OPERATOR)], events=[])
    assert isinstance(shell.operator_menu, OperatorMenu) and isinstance(shell.operator_menu.page, PinPage)
    shell.run_frames(60 * 8)  # longer than idle_seconds: no attract show over the operator
    assert shell.attract is None and shell.operator_menu is not None
    shell.frame(1 / 60, presses=[Press(Button.BACK)], events=[])
    assert shell.operator_menu is None
    shell.stop_reason = "SIGTERM"
    shell.shutdown()
    logged = kinds(tmp_path)
    assert logged[0] == "power_up" and logged[-1] == "exit"
    assert {"pad_attached", "close_ignored", "pad_detached"} <= set(logged)
    assert read_events(tmp_path).entries[-1].data["cause"] == "SIGTERM"
    status = (tmp_path / "status.json").read_text()
    assert '"running":false' in status


def test_the_lobbys_operator_menu_replays_a_round_in_its_game(tmp_path: Path) -> None:
    from cabinet.presentation.scenes.operator.last_games import LastGamesPage
    from cabinet.presentation.scenes.replay import ReplayScene

    entries, _ = load_entries(["classic", "happy-riches"])
    shell = Shell(entries, AppOptions(size=(640, 360), headless=True, data_dir=tmp_path), ShellOptions(lobby=True))
    shell.start()
    shell.open_game(1)  # happy-riches
    for _ in range(3):
        shell.app.session.begin_round()
        shell.app.session.finish_round()
    shell.close_game()
    assert shell.lobby is not None and shell.app is None
    shell.frame(1 / 60, presses=[Press(Button.OPERATOR)], events=[])
    shell.frame(1 / 60, presses=[Press(Button.ITEM, 1)], events=[])  # LAST GAMES
    page = shell.operator_menu.page
    assert isinstance(page, LastGamesPage) and page.games == ["happy-riches"]
    shell.frame(1 / 60, presses=[Press(Button.CONFIRM)], events=[])
    assert shell.app is not None and shell.app.defn.id == "happy-riches"
    replay = shell.app.stack.top
    assert isinstance(replay, ReplayScene) and replay.record.round_id == 3
    scenes = list(shell.app.stack)
    assert isinstance(scenes[-2], OperatorMenu) and scenes[-2].entered  # BACK returns to the menu, no PIN
    shell.shutdown()


def test_a_kiosk_without_a_pin_keeps_the_menu_shut(tmp_path: Path) -> None:
    from cabinet.presentation.scenes.operator import NoPinPage

    entries, _ = load_entries(["classic", "happy-riches"])
    services = OperatorServices(tmp_path, config_path=tmp_path / "kiosk.yaml", kiosk=True)
    shell = Shell(entries, AppOptions(size=(640, 360), headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=True, kiosk=True, operator=services))
    shell.start()
    shell.frame(1 / 60, presses=[Press(Button.OPERATOR)], events=[])
    assert isinstance(shell.operator_menu.page, NoPinPage)
    shell.frame(1 / 60, presses=[Press(Button.CONFIRM), Press(Button.ITEM, 0)], events=[])
    assert isinstance(shell.operator_menu.page, NoPinPage)  # nothing opens past it
    shell.frame(1 / 60, presses=[Press(Button.BACK)], events=[])
    assert shell.operator_menu is None and "operator_entered" not in kinds(tmp_path)
    shell.shutdown()
