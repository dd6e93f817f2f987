"""A locked-down kiosk: the keyboard grabbed and the window brought back whenever it is hidden,
minimised or unfocused (each time logged); the exit combination counts down and asks for the
PIN; the PIN lock outlives a restart; the PIN pad takes digit keys and an empty OK is no miss;
a hash with absurd scrypt costs is refused at its line and column; every recovered error
reaches the event log; the data folder's files are 0600 and its folders 0700."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pygame
import pytest

from cabinet.app import AppOptions
from cabinet.input.adapter import InputAdapter, typed_digit
from cabinet.input.bindings import load_bindings
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.config import KioskConfigError, parse_config
from cabinet.kiosk.operator import STATUS_NAME, OperatorServices
from cabinet.kiosk.operator_exit import COUNTDOWN_BACK, combo_from_config
from cabinet.kiosk.pin import LOCK_SECONDS, N, R, hash_pin
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.services.atomic import ensure_data_dir
from cabinet.services.event_log import read_events

SMALL = (640, 360)
PIN = "2580"


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    found, _ = load_entries(["classic", "lucky-christmas"])
    return found


@pytest.fixture(scope="module")
def stored() -> str:
    return hash_pin(PIN)


def kiosk(entries: Any, tmp_path: Path, *, pin: str | None = None, hold: float = 2.0) -> Shell:
    config = parse_config(f"exit_hold_seconds: {hold:g}\n", "kiosk.yaml")
    log = tmp_path / "kiosk.log"
    services = OperatorServices(tmp_path, pin_hash=pin, kiosk=True)
    shell = Shell(entries, AppOptions(size=SMALL, seed=3, headless=True, fullscreen=True, data_dir=tmp_path,
                                      guard=True, log_path=log),
                  ShellOptions(lobby=True, kiosk=True, log_path=log, exit_combo=combo_from_config(config),
                               operator=services))
    shell.start()
    return shell


def kinds(folder: Path) -> list[str]:
    return [e.kind for e in read_events(folder).entries]


class FakeWindow:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.grab_keyboard = False
        self.always_on_top = False

    def show(self) -> None:
        self.calls.append("show")

    def restore(self) -> None:
        self.calls.append("restore")

    def focus(self) -> None:
        self.calls.append("focus")


def test_the_window_grabs_the_keyboard_and_comes_back_each_time_logged(entries: Any, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window = FakeWindow()
    monkeypatch.setattr(Shell, "_window", lambda self: window)
    shell = kiosk(entries, tmp_path)
    assert shell.locked_down and window.grab_keyboard and window.always_on_top
    window.grab_keyboard = False  # a desktop shortcut took it away
    shell.frame(1 / 60, events=[pygame.event.Event(pygame.WINDOWMINIMIZED)])
    assert window.calls == ["show", "restore", "focus"] and window.grab_keyboard
    shell.frame(1 / 60, events=[pygame.event.Event(pygame.WINDOWFOCUSLOST)])  # at once again: retried soon
    assert shell.windows_refocused == 1
    for _ in range(31):
        shell.frame(1 / 60, events=[])
    assert shell.windows_refocused == 2
    shell.frame(1 / 60, events=[pygame.event.Event(pygame.WINDOWHIDDEN)])
    for _ in range(31):
        shell.frame(1 / 60, events=[])
    logged = [e for e in read_events(tmp_path).entries if e.kind == "window_refocused"]
    assert [e.data["why"] for e in logged] == ["minimised", "unfocused", "hidden"]
    shell.shutdown()


def test_a_windowed_set_up_is_not_locked_down(entries: Any, tmp_path: Path) -> None:
    shell = Shell(entries, AppOptions(size=SMALL, headless=True, fullscreen=False, data_dir=tmp_path),
                  ShellOptions(lobby=True, kiosk=True))
    shell.start()
    shell.frame(1 / 60, events=[pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not shell.locked_down and shell.windows_refocused == 0
    shell.shutdown()


def _hold(shell: Shell, seconds: float) -> None:
    down = [pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(k), mod=0, scancode=0, unicode="")
            for k in ("left ctrl", "left alt", "q")]
    shell.frame(1 / 60, events=down)
    for _ in range(int(seconds * 60)):
        shell.frame(1 / 60, events=[])


def test_the_exit_combination_counts_down_then_asks_for_the_pin(entries: Any, tmp_path: Path, stored: str) -> None:
    shell = kiosk(entries, tmp_path, pin=stored, hold=2.0)
    _hold(shell, 1.0)
    assert not shell.quit and shell.operator_menu is None
    assert shell.screen.get_at((12, 12))[:3] == COUNTDOWN_BACK  # the band: "EXIT IN 1 S ..."
    assert shell.screen.get_at((12, SMALL[1] - 12))[:3] != COUNTDOWN_BACK
    for _ in range(61):
        shell.frame(1 / 60, events=[])
    assert not shell.quit and shell.operator_menu is not None and shell.operator_menu.exit_to is not None
    page = shell.operator_menu.page
    assert page.title == "EXIT: OPERATOR PIN"
    shell.frame(1 / 60, presses=[Press(Button.DIGIT, 9), Press(Button.DIGIT, 9), Press(Button.DIGIT, 9),
                                 Press(Button.DIGIT, 9), Press(Button.CONFIRM)])
    assert not shell.quit and kinds(tmp_path).count("wrong_pin") == 1
    digits = [Press(Button.DIGIT, int(d)) for d in PIN]
    shell.frame(1 / 60, presses=[*digits, Press(Button.CONFIRM)])  # typed: the cursor moved to OK
    assert shell.quit and shell.stop_reason.startswith("operator exit") and "PIN given" in shell.stop_reason
    shell.shutdown()
    assert read_events(tmp_path).entries[-1].data["cause"].startswith("operator exit")


def test_without_a_pin_the_combination_exits_after_the_countdown(entries: Any, tmp_path: Path) -> None:
    shell = kiosk(entries, tmp_path, hold=2.0)
    _hold(shell, 2.1)
    assert shell.quit and shell.stop_reason.startswith("operator exit, held")
    shell.shutdown()


def test_the_pin_lock_and_the_misses_outlive_a_restart(tmp_path: Path, stored: str) -> None:
    first = OperatorServices(tmp_path, pin_hash=stored, kiosk=True)
    assert not first.gate.try_pin("0000") and not first.gate.try_pin("1111")
    again = OperatorServices(tmp_path, pin_hash=stored, kiosk=True)  # pulled the plug to reset the count
    assert again.gate.misses == 2
    assert not again.gate.try_pin("2222")
    locked = OperatorServices(tmp_path, pin_hash=stored, kiosk=True)
    assert LOCK_SECONDS - 5 < locked.gate.locked_for <= LOCK_SECONDS
    assert not locked.gate.try_pin(PIN)  # even the right PIN waits out the lock
    (tmp_path / "pin-lock.json").write_text("not json")  # a damaged file locks nobody out
    assert OperatorServices(tmp_path, pin_hash=stored, kiosk=True).gate.try_pin(PIN)


def test_an_empty_ok_is_not_a_miss(tmp_path: Path, stored: str) -> None:
    from cabinet.presentation.scenes.operator.pin import KEYS, PinPage

    services = OperatorServices(tmp_path, pin_hash=stored, kiosk=True)

    class Menu:
        host = type("Host", (), {"services": services})()

    page = PinPage(Menu())
    page.handle(Press(Button.ITEM, KEYS.index("OK")))
    assert services.gate.misses == 0 and "wrong_pin" not in kinds(tmp_path)
    assert page.message == "TYPE THE PIN, THEN OK" and not page.message_bad


def test_digit_keys_type_into_the_pin_pad() -> None:
    pygame.init()
    adapter = InputAdapter(load_bindings(None))
    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, scancode=0, unicode="")
              for name in ("7", "1", "keypad 0", "space")]
    presses = adapter.translate(events, [], SMALL).presses
    assert [(p.button, typed_digit(p)) for p in presses] == [
        (Button.DIGIT, 7), (Button.RESPIN_1, 1), (Button.DIGIT, 0), (Button.SPIN, None)]


@pytest.mark.parametrize(("costs", "why"), [
    ((2**20, 8, 1), "N=1048576, r=8, p=1"),  # 1 GiB: "memory limit exceeded" at every OK
    ((N, R, 64), "N=16384, r=8, p=64"),  # 64 times the work: minutes per OK
])
def test_a_hash_with_absurd_scrypt_costs_is_refused_at_its_line_and_column(costs: tuple[int, int, int],
                                                                           why: str, stored: str) -> None:
    parts = stored.split("$")
    parts[1:4] = [str(c) for c in costs]
    with pytest.raises(KioskConfigError) as caught:
        parse_config(f'idle_seconds: 60\noperator_pin: "{"$".join(parts)}"\n', "k.yaml")
    text = str(caught.value.issues[0])
    assert text.startswith("k.yaml:2:15: operator_pin: scrypt costs") and why in text


def test_every_recovered_error_reaches_the_event_log(entries: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    shell = kiosk(entries, tmp_path)

    def broken(*args: Any) -> None:
        raise RuntimeError("a drawing bug")

    monkeypatch.setattr(shell.lobby, "update", broken)
    shell.frame(1 / 60, events=[])
    errors = [e for e in read_events(tmp_path).entries if e.kind == "error"]
    assert len(errors) == 1
    assert errors[0].data["where"] == "lobby" and errors[0].data["error"] == "RuntimeError"
    assert "RuntimeError" in errors[0].data["traceback"]
    assert "a drawing bug" in errors[0].text
    shell.shutdown()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_files_are_0600_and_folders_0700_under_the_data_dir(entries: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    (data / "journal.log").write_text("")
    os.chmod(data / "journal.log", 0o644)
    (data / "games").mkdir(mode=0o755)
    (data / "notes.txt").write_text("the owner's own file")
    os.chmod(data / "notes.txt", 0o644)
    ensure_data_dir(data)  # an older cabinet's modes are made private at the next start
    assert (_mode(data), _mode(data / "journal.log"), _mode(data / "games")) == (0o700, 0o600, 0o700)
    assert _mode(data / "notes.txt") == 0o644  # not ours: left alone
    shell = kiosk(entries, data)
    shell.guard.note("a line for kiosk.log")
    shell.operator.write_status()
    shell.shutdown()
    for name in ("events.log", "kiosk.log", "audit.json", "critical.a.json", "critical.b.json", "pin-lock.json"):
        if (data / name).exists():
            assert _mode(data / name) == 0o600, name
    assert _mode(data / "events.log") == 0o600 and _mode(data / "kiosk.log") == 0o600
    assert _mode(data / STATUS_NAME) == 0o640  # the kiosk user's group may read the status (monitoring)

