"""Issue 16, defect 14 and the newcomer's notes: a visitor cannot close the kiosk, the operator
can (a held combination from kiosk.yaml, or SIGTERM, both clean); designer keys stay inert;
outside a kiosk Escape opens the menu and the close button quits; one window-size rule; no
ALSA noise without a sound card."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions, default_window_size, initial_window_size
from cabinet.core.loader import load_game
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.config import KioskConfig, KioskConfigError, parse_config
from cabinet.kiosk.operator_exit import ExitCombo, combo_from_config
from cabinet.kiosk.shell import Shell, ShellOptions

SMALL = (640, 360)
ROOT = Path(__file__).resolve().parent.parent
FPS = 60


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    found, _ = load_entries()
    return found


def kiosk(entries, tmp_path: Path, *, game: str | None = "classic", designer: bool = False,  # noqa: ANN001
          config: KioskConfig | None = None) -> Shell:
    config = config or KioskConfig()
    log = tmp_path / "kiosk.log"
    shell = Shell(entries, AppOptions(size=SMALL, seed=3, headless=True, data_dir=tmp_path, guard=True,
                                      log_path=log, designer=designer),
                  ShellOptions(lobby=game is None, start_game=game, kiosk=True, log_path=log,
                               exit_combo=combo_from_config(config)))
    shell.start()
    return shell


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def keys(kind: int, *names: str) -> None:
    for name in names:
        post(kind, key=pygame.key.key_code(name), mod=0)


# --- a visitor cannot close the kiosk -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["classic", None])
def test_close_requests_are_ignored_and_logged_in_a_kiosk(entries, tmp_path: Path, game: str | None) -> None:  # noqa: ANN001
    shell = kiosk(entries, tmp_path, game=game)
    for kind in (pygame.QUIT, pygame.WINDOWCLOSE):
        post(kind)
        shell.run_frames(3)
    assert not shell.quit and shell.frames == 6
    assert (shell.app is not None) == (game is not None)  # still showing what it showed
    if shell.app is not None:
        assert not shell.app.window_closed
    assert shell.close_requests_ignored == 2
    log = (tmp_path / "kiosk.log").read_text(encoding="utf-8")
    assert log.count("window-close request (close button, Alt+F4) was ignored") == 2
    shell.shutdown()


def test_outside_a_kiosk_the_close_button_quits_the_lobby_and_a_game(entries) -> None:  # noqa: ANN001
    shell = Shell(entries, AppOptions(size=SMALL, headless=True), ShellOptions(lobby=True))
    shell.start()
    post(pygame.QUIT)
    shell.run_frames(2)
    assert shell.quit
    shell.shutdown()
    app = App(load_game("classic"), AppOptions(size=SMALL, headless=True))
    app.start()
    post(pygame.QUIT)
    app.run_frames(1)
    assert app.done and app.window_closed
    app.close()


# --- the operator's way out -----------------------------------------------------------------------------


def test_the_exit_keys_held_for_the_configured_time_end_the_kiosk(entries, tmp_path: Path) -> None:  # noqa: ANN001
    config = parse_config("exit_keys: [left ctrl, left alt, q]\nexit_hold_seconds: 3\n", "kiosk.yaml")
    shell = kiosk(entries, tmp_path, config=config)
    keys(pygame.KEYDOWN, "left ctrl", "left alt", "q")
    shell.run_frames(2 * FPS)
    keys(pygame.KEYUP, "q")  # let go before the time: the count starts over
    shell.run_frames(FPS)
    keys(pygame.KEYDOWN, "q")
    shell.run_frames(2 * FPS)
    assert not shell.quit
    shell.run_frames(FPS + 5)
    assert shell.quit and shell.stop_reason.startswith("operator exit")
    shell.shutdown()
    assert "kiosk stopped (operator exit" in (tmp_path / "kiosk.log").read_text(encoding="utf-8")


def test_part_of_the_combination_or_another_key_does_nothing(entries, tmp_path: Path) -> None:  # noqa: ANN001
    shell = kiosk(entries, tmp_path)  # the default: left Ctrl + left Alt + Q for 5 s
    keys(pygame.KEYDOWN, "left ctrl", "left alt", "space")
    shell.run_frames(10 * FPS)
    assert not shell.quit
    shell.shutdown()


def test_a_pad_combination_on_one_pad_ends_the_kiosk(entries, tmp_path: Path) -> None:  # noqa: ANN001
    from cabinet.input.bindings import PAD_BUTTONS

    config = parse_config("exit_pad: [back, start]\nexit_hold_seconds: 2\n", "kiosk.yaml")
    shell = kiosk(entries, tmp_path, config=config)
    # one button on each of two pads is not the combination
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=PAD_BUTTONS["back"])
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=8, button=PAD_BUTTONS["start"])
    shell.run_frames(3 * FPS)
    assert not shell.quit
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=PAD_BUTTONS["start"])
    shell.run_frames(2 * FPS + 5)
    assert shell.quit
    shell.shutdown()


def test_the_exit_settings_are_checked_at_their_line_and_column() -> None:
    config = parse_config("exit_keys: [right ctrl, f10]\nexit_pad: [back, start]\nexit_hold_seconds: 8\n", "k.yaml")
    assert (config.exit_keys, config.exit_pad, config.exit_hold_seconds) == (("right ctrl", "f10"), ("back", "start"), 8)
    assert parse_config("exit_keys: []\n", "k.yaml").exit_keys == ()  # SIGTERM only
    combo = combo_from_config(config)
    assert combo.keys == {pygame.K_RCTRL, pygame.K_F10} and combo.hold_seconds == 8
    cases = {
        "exit_keys: [space]\n": "k.yaml:1:12: exit_keys: one key alone could be held by a visitor",
        "exit_keys: [left ctrl, nokey]\n": "k.yaml:1:24: exit_keys: unknown key 'nokey'",
        "exit_keys: q\n": "k.yaml:1:12: 'exit_keys' is a list of keys held together",
        "exit_pad: [back, turbo]\n": "k.yaml:1:18: exit_pad: unknown pad button 'turbo'",
        "exit_hold_seconds: 0.5\n": "k.yaml:1:20: exit_hold_seconds must be from 2 to 60",
    }
    for text, expected in cases.items():
        with pytest.raises(KioskConfigError) as info:
            parse_config(text, "k.yaml")
        assert str(info.value.issues[0]).startswith(expected), (text, str(info.value.issues[0]))


def test_the_combo_forgets_keys_let_go_while_the_window_had_no_focus() -> None:
    combo = ExitCombo(keys=frozenset({1, 2}), hold_seconds=2)
    combo.see([pygame.event.Event(pygame.KEYDOWN, key=1), pygame.event.Event(pygame.KEYDOWN, key=2)])
    assert combo.held and not combo.tick(1.0)
    combo.see([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not combo.held and not combo.tick(5.0)


@pytest.mark.parametrize("after", [0.0, 0.5])  # while the game is still opening, and while frames run
def test_sigterm_shuts_the_kiosk_down_cleanly_with_the_journal_closed(tmp_path: Path, after: float) -> None:
    (tmp_path / "kiosk.yaml").write_text("start: classic\nattract: false\n", encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cabinet", "kiosk", "--headless", "--frames", "100000000",
         "--data-dir", str(tmp_path)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    log = tmp_path / "kiosk.log"
    try:
        deadline = time.monotonic() + 60
        while not (log.exists() and "kiosk started" in log.read_text(encoding="utf-8")):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the kiosk did not start"
            time.sleep(0.1)
        time.sleep(after)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopped by SIGTERM" in out
    assert "kiosk stopped (SIGTERM)" in log.read_text(encoding="utf-8")
    # the data folder opens as after any clean stop: no malfunction, nothing set aside, nothing to settle
    from cabinet.machine.startup import open_cabinet

    opened = open_cabinet(load_game("classic"), tmp_path)
    assert opened.malfunction is None and not opened.alerts
    assert not list(tmp_path.glob("*.bad-*"))
    opened.session.ledger.close()


# --- designer keys stay inert in a kiosk ------------------------------------------------------------------


def test_designer_speed_pause_step_and_overlay_keys_do_nothing_in_a_kiosk(entries, tmp_path: Path) -> None:  # noqa: ANN001
    from cabinet.timing import NORMAL

    shell = kiosk(entries, tmp_path, designer=True)
    app = shell.app
    assert app.designer is None and app.options.designer is False and app.options.watch is None
    for name in ("]", "]", "[", "\\", "p", ".", "f12", "`"):
        keys(pygame.KEYDOWN, name)
        keys(pygame.KEYUP, name)
        shell.run_frames(2)
    assert app.timing.index == NORMAL and not app.timing.paused
    frames = shell.frames
    shell.run_frames(30)  # time still runs at normal speed: not paused, not stepping
    assert shell.frames == frames + 30 and app.frames >= 30
    shell.shutdown()


# --- Escape and quitting outside a kiosk --------------------------------------------------------------------


def test_escape_in_a_game_opens_the_menu_and_closes_it_again() -> None:
    from cabinet.presentation.scenes.menu import MenuScene

    app = App(load_game("classic"), AppOptions(size=SMALL, headless=True, seed=1))
    app.start()
    keys(pygame.KEYDOWN, "escape")
    keys(pygame.KEYUP, "escape")
    app.run_frames(2)
    assert isinstance(app.stack.top, MenuScene)
    keys(pygame.KEYDOWN, "escape")  # Escape closes the menu, as BACK closes any panel
    keys(pygame.KEYUP, "escape")
    app.run_frames(2)
    assert app.stack.top is app.base and not app.done
    app.close()


def test_close_game_quits_a_game_opened_on_its_own() -> None:
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.menu import ITEMS

    app = App(load_game("classic"), AppOptions(size=SMALL, headless=True, seed=1))
    app.start()
    app.press([Press(Button.MENU)])
    app.press([Press(Button.ITEM, ITEMS.index("CLOSE GAME"))])
    app.run_frames(1)
    assert app.done and app.ctx.quit_requested
    app.close()


def test_a_scripted_back_is_still_back() -> None:
    """Only a key's BACK opens the menu: a headless script's BACK (which dismisses start-up
    panels) and a pad's B keep their meaning."""
    from cabinet.machine.buttons import Button, Press

    app = App(load_game("classic"), AppOptions(size=SMALL, headless=True, seed=1))
    app.start()
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert app.stack.top is app.base
    app.close()


# --- one window-size rule -----------------------------------------------------------------------------------


def test_one_sizing_rule_for_the_lobby_and_a_game(entries, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    assert default_window_size((1920, 1080)) == (1600, 900)
    assert default_window_size((1366, 768)) == (1024, 576)
    assert default_window_size((3840, 2160)) == (2560, 1440)
    assert default_window_size((800, 600)) == (640, 360)
    assert default_window_size(None) == (1280, 720)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    windowed = AppOptions()  # a window on a 1920x1080 screen (SDL's dummy driver stands in)
    assert initial_window_size(windowed, pygame) == (1600, 900)
    shell = Shell(entries, windowed, ShellOptions(lobby=True))
    shell.start()
    lobby_size = shell.screen.get_size()
    shell.open_game(0)
    game_size = shell.app.screen.get_size()
    shell.shutdown()
    app = App(load_game("classic"), windowed)
    app.start()
    alone = app.screen.get_size()
    app.close()
    assert lobby_size == game_size == alone == (1600, 900)


# --- no ALSA noise ---------------------------------------------------------------------------------------------


def test_no_native_audio_noise_only_the_running_silent_line(tmp_path: Path) -> None:
    """A mixer that writes to file descriptor 2 (as alsa-lib does with no sound card) and then
    fails: only the cabinet's own warning reaches stderr."""
    script = tmp_path / "noisy.py"
    script.write_text(textwrap.dedent("""
        import os
        import pygame
        from pathlib import Path

        def noisy_init(*args, **kwargs):
            os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\\n")
            raise pygame.error("ALSA: Couldn't open audio device")

        pygame.mixer.init = noisy_init
        from cabinet.presentation.audio import Audio
        audio = Audio(Path("."), "classic")
        print("available", audio.available)
    """), encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "available False"
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "running silent" in lines[0] and "ALSA lib" not in done.stderr


def test_the_real_alsa_backend_without_a_card_prints_only_our_line(tmp_path: Path) -> None:
    script = "from pathlib import Path\nfrom cabinet.presentation.audio import Audio\nAudio(Path('.'), 'classic')\n"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert "ALSA lib" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines in ([], [lines[0]]) and all("running silent" in line for line in lines)  # a card: no line
