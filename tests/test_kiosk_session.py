"""The kiosk as a service that starts with an auto-login session (cabinet/kiosk/service.py): the
autostart entry, the session hook that hands the session's display to the user unit, the
supervisor's restart rules, the operator's exit code, and a configuration error shown full
screen, logged, and in ``cabinet kiosk status`` instead of a restart loop."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from cabinet.kiosk import config_error
from cabinet.kiosk.operator import read_status
from cabinet.kiosk.service import (
    AUTOSTART_NAME,
    CONFIG_ERROR_EXIT,
    OPERATOR_EXIT,
    RESTART_BURST,
    UNIT_NAME,
    autostart_text,
    start_session,
    supervise,
    write_service,
)
from cabinet.services.event_log import read_events

ROOT = Path(__file__).resolve().parent.parent


def _desktop_entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_autostart_entry_runs_the_session_hook_with_quoted_paths(tmp_path: Path) -> None:
    data = tmp_path / "kiosk data"
    entry = _desktop_entry(autostart_text(data, cabinet="/opt/slot cabinet/bin/cabinet"))
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Exec"] == f'"/opt/slot cabinet/bin/cabinet" kiosk session --data-dir "{data}"'
    assert "DISPLAY" not in entry["Exec"]


def test_write_installs_the_entry_and_where_systemd_runs_the_unit(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
    only_entry = write_service(tmp_path / "data", kind="autostart", cabinet="/usr/bin/cabinet", env=env)
    assert only_entry == [tmp_path / "config" / "autostart" / AUTOSTART_NAME]
    both = write_service(tmp_path / "data", kind="systemd", cabinet="/usr/bin/cabinet", env=env)
    assert both == [tmp_path / "config" / "systemd" / "user" / UNIT_NAME, only_entry[0]]
    assert "ExecStart=/usr/bin/cabinet kiosk --data-dir" in both[0].read_text()


class FakeSystemctl:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        self.calls.append(list(args))
        return subprocess.CompletedProcess(args, 0, "", "")


def test_the_session_hands_its_own_display_to_the_unit_and_starts_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path), "DISPLAY": ":1",
           "XAUTHORITY": "/run/user/1000/gdm/Xauthority", "XDG_CURRENT_DESKTOP": "XFCE"}
    write_service(tmp_path / "data", kind="systemd", cabinet="/usr/bin/cabinet", env=env)
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    systemctl = FakeSystemctl()
    assert start_session(tmp_path / "data", env=env, run=systemctl,
                         supervisor=lambda command: pytest.fail("systemd runs it")) == 0
    imported = next(c for c in systemctl.calls if "import-environment" in c)
    assert set(imported[3:]) == {"DISPLAY", "XAUTHORITY", "XDG_CURRENT_DESKTOP"}
    unset = next(c for c in systemctl.calls if "unset-environment" in c)
    assert unset[3:] == ["WAYLAND_DISPLAY"]  # an earlier Wayland session's value is not this one's
    assert systemctl.calls[-1] == ["systemctl", "--user", "start", UNIT_NAME]


def test_without_the_unit_the_session_runs_and_watches_the_kiosk_itself(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path), "WAYLAND_DISPLAY": "wayland-0"}
    ran: list[list[str]] = []
    code = start_session(tmp_path / "data", env=env, run=FakeSystemctl(),
                         supervisor=lambda command: ran.append(list(command)) or OPERATOR_EXIT)
    assert code == OPERATOR_EXIT
    assert ran[0][1:] == ["kiosk", "--data-dir", str(tmp_path / "data")]


@pytest.mark.parametrize(("codes", "runs", "last"), [
    ([1, 1, 0], 3, 0),  # crashes restart; a clean stop (SIGTERM) stays stopped
    ([139, OPERATOR_EXIT], 2, OPERATOR_EXIT),  # the operator's exit stays stopped
    ([CONFIG_ERROR_EXIT], 1, CONFIG_ERROR_EXIT),  # a config error that no screen could show: no loop
    ([1] * 10, RESTART_BURST, 1),  # a kiosk that cannot start gives up after the burst
])
def test_the_supervisor_restarts_crashes_only(codes: list[int], runs: int, last: int) -> None:
    results = iter(codes)
    calls: list[int] = []
    slept: list[float] = []
    said: list[str] = []
    code = supervise(["cabinet", "kiosk"], call=lambda command: calls.append(1) or next(results),
                     sleep=slept.append, clock=lambda: 0.0, say=said.append)
    assert (len(calls), code) == (runs, last)
    assert slept == [3.0] * (runs - 1)
    assert ("not restarting" in said[-1]) == (last != 1)


def test_the_operators_exit_has_its_own_exit_code(tmp_path: Path) -> None:
    from cabinet.app import AppOptions
    from cabinet.kiosk.catalog import load_entries
    from cabinet.kiosk.shell import Shell, ShellOptions

    entries, _ = load_entries(["classic"])
    shell = Shell(entries, AppOptions(size=(640, 360), data_dir=tmp_path, headless=True),
                  ShellOptions(lobby=False, kiosk=True, log_path=tmp_path / "kiosk.log"))
    shell.start()
    shell.quit, shell.stop_reason = True, "operator exit, held 5.0 s"
    assert shell.run() == OPERATOR_EXIT
    shell = Shell(entries, AppOptions(size=(640, 360), data_dir=tmp_path, headless=True),
                  ShellOptions(lobby=False, kiosk=True, log_path=tmp_path / "kiosk.log"))
    shell.start()
    shell.quit, shell.stop_reason = True, "SIGTERM"
    assert shell.run() == 0


BAD_CONFIG = "idle_seconds: 2\ngames: [classic, nosuchgame]\n"


def test_a_config_error_is_logged_and_kiosk_status_says_it(tmp_path: Path) -> None:
    (tmp_path / "kiosk.yaml").write_text(BAD_CONFIG)
    done = subprocess.run([sys.executable, "-m", "cabinet", "kiosk", "--headless", "--data-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2
    assert "kiosk.yaml:1:15: idle_seconds" in done.stderr
    logged = [e for e in read_events(tmp_path).entries if e.kind == "config_error"]
    assert len(logged) == 1 and "kiosk.yaml:1:15" in logged[0].text
    assert any("nosuchgame" in reason for reason in logged[0].data["reasons"])
    # While a kiosk shows the error (this process stands in for it), status says why.
    config_error.record(tmp_path, ["kiosk.yaml:1:15: idle_seconds must be from 5 to 86400"])
    code, text = read_status(tmp_path)
    assert code == 1 and text.startswith("kiosk status: CONFIG ERROR")
    assert "kiosk.yaml:1:15: idle_seconds must be from 5 to 86400" in text


def _key(kind: int, key: int) -> Any:
    return pygame.event.Event(kind, key=key, mod=0, scancode=0, unicode="")


def test_the_config_error_screen_waits_for_the_fix_or_the_operator(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.yaml"
    config.write_text(BAD_CONFIG)
    reasons = ["kiosk.yaml:1:15: idle_seconds must be from 5 to 86400"]
    # Nothing changes: it stays on the screen (the bounded test loop ends with None).
    assert config_error.show(reasons, data_dir=tmp_path, config_path=config, fullscreen=False, size=(640, 360),
                             frames=40, events=list) is None
    # The operator's exit combination (the default one) held for 5 s leaves, with its exit code.
    held = [_key(pygame.KEYDOWN, k) for k in (pygame.K_LCTRL, pygame.K_LALT, pygame.K_q)]
    feed = iter([held] + [[] for _ in range(400)])
    assert config_error.show(reasons, data_dir=tmp_path, config_path=config, fullscreen=False, size=(640, 360),
                             events=lambda: next(feed)) == OPERATOR_EXIT
    # A fixed file is read again (None: the kiosk tries to start again).
    changes = iter(range(1000))

    def fix_after_a_while() -> list[Any]:
        if next(changes) == 10:
            config.write_text("idle_seconds: 30\n")
            os.utime(config, ns=(1, 1))
        return []

    assert config_error.show(reasons, data_dir=tmp_path, config_path=config, fullscreen=False, size=(640, 360),
                             frames=200, events=fix_after_a_while) is None
    kinds = [e.kind for e in read_events(tmp_path).entries]
    assert kinds.count("config_error") == 3 and kinds[-1] == "settings_changed"


def test_the_config_error_screen_shows_the_reasons(tmp_path: Path) -> None:
    from cabinet.presentation.text import Text

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((640, 360))
    config_error.draw(surface, Text(), ["kiosk.yaml:1:15: idle_seconds must be from 5 to 86400"],
                      tmp_path / "kiosk.yaml")
    assert surface.get_at((2, 2))[:3] == config_error.BACKGROUND
    title_row = [surface.get_at((x, y))[:3] for x in range(26, 400) for y in range(26, 50)]
    assert config_error.TITLE in title_row
    body_row = [surface.get_at((x, y))[:3] for x in range(26, 400) for y in range(70, 95)]
    assert config_error.BODY in body_row
