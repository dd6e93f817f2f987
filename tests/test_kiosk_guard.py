"""Errors a kiosk survives: a scene that raises is dropped, logged to kiosk.log and announced
briefly; a failing game is rebuilt, then started over; without the guard errors still stop
the program (development wants the traceback)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.guard import GIVE_UP_AFTER, NOTICE_SECONDS, ErrorGuard, culprit
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.base import BaseGameScene

SMALL = (640, 360)


class Boom:
    """A scene that fails in ``update`` (or ``draw``) from its ``after``-th call on."""

    modal = False
    opaque = False
    finished = False

    def __init__(self, where: str = "update", after: int = 0) -> None:
        self.where = where
        self.after = after
        self.calls = 0

    def handle(self, press: Press) -> bool:
        return False

    def hit_regions(self) -> list:
        return []

    def update(self, dt: float) -> None:
        self.calls += 1
        if self.where == "update" and self.calls > self.after:
            raise RuntimeError("boom in update")

    def draw(self, surface: pygame.Surface) -> None:
        if self.where == "draw":
            raise ZeroDivisionError("boom in draw")


def guarded(defn, log: Path) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SMALL, seed=2, headless=True, guard=True, log_path=log))
    app.start()
    return app


# In the notice band's padding above its words (y = h // 40 - 2): the top rows of the words
# themselves may be ink, depending on the face (DejaVu's capitals start higher in their line).
NOTICE_PROBE_Y = SMALL[1] // 40 - 2


def finish(app: App) -> None:
    for _ in range(20_000):
        if not app.base.in_round:
            return
        app.run_frames(1, draw_every=10)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("where", ["update", "draw"])
def test_a_scene_that_raises_is_dropped_and_play_goes_on(classic, tmp_path: Path, where: str) -> None:  # noqa: ANN001
    log = tmp_path / "kiosk.log"
    app = guarded(classic, log)
    boom = Boom(where)
    app.stack.push(boom)
    app.run_frames(3)
    assert boom not in list(app.stack) and list(app.stack) == [app.base]
    text = log.read_text()
    assert f"error in classic {where}, recovered" in text and "Traceback" in text
    assert ("RuntimeError: boom in update" if where == "update" else "ZeroDivisionError: boom in draw") in text
    assert app.guard.total == 1 and not app.failed
    # the notice across the top, for a few seconds
    top = app.screen.get_at((SMALL[0] // 2, NOTICE_PROBE_Y))[:3]
    assert top[0] > 100 and top[1] < 60, top
    app.run_frames(int(NOTICE_SECONDS * 60) + 2)
    assert app.guard.notice_left == 0
    assert app.screen.get_at((SMALL[0] // 2, NOTICE_PROBE_Y))[:3] != top
    app.press([Press(Button.SPIN)])
    finish(app)
    assert app.session.rounds == 1 and app.guard.total == 1


def test_an_error_in_the_game_itself_rebuilds_it_and_the_round_is_paid_once(classic, tmp_path: Path,  # noqa: ANN001
                                                                             monkeypatch) -> None:
    app = guarded(classic, tmp_path / "kiosk.log")
    app.press([Press(Button.SPIN)])
    app.run_frames(10)
    credits_in_round = app.session.credits
    real = BaseGameScene.update
    calls = {"n": 0}

    def flaky(self, dt):  # noqa: ANN001, ANN202
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyError("the base game broke")
        return real(self, dt)

    monkeypatch.setattr(BaseGameScene, "update", flaky)
    old = app.base
    app.run_frames(1)
    assert app.base is not old and app.base.in_round  # rebuilt, replaying the charged round
    finish(app)
    result = app.session.current
    assert app.session.credits == credits_in_round + result.total_win  # paid once
    assert app.session.rounds == 1 and len(app.session.history) == 1


def test_errors_that_keep_coming_start_the_game_over(classic, tmp_path: Path) -> None:  # noqa: ANN001
    entries = [e for e in load_entries()[0] if e.id == "classic"]
    shell = Shell(entries, AppOptions(size=SMALL, seed=2, headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=False, kiosk=True, log_path=tmp_path / "kiosk.log"))
    shell.start()
    first = shell.app
    for _ in range(GIVE_UP_AFTER):
        shell.app.stack.push(Boom("update"))
        shell.run_frames(1)
    assert shell.app is None  # given up on this App
    shell.run_frames(4 * 60)  # a short "out of order" wait, then it opens again
    assert shell.app is not None and shell.app is not first and shell.games_opened == 2
    assert "starting the game over" in (tmp_path / "kiosk.log").read_text()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    shell.run_frames(2)
    assert shell.app.session.rounds == 1


def test_a_game_given_up_on_returns_to_the_lobby_with_the_notice(tmp_path: Path) -> None:
    """Errors keep coming in a game: the kiosk goes back to the lobby and says so there (the
    game's own notice closed with it), and every error is counted in the kiosk's summary."""
    entries, _ = load_entries()
    log = tmp_path / "kiosk.log"
    shell = Shell(entries, AppOptions(size=SMALL, seed=2, headless=True, data_dir=tmp_path, log_path=log),
                  ShellOptions(lobby=True, kiosk=True, log_path=log))
    shell.start()
    shell.run_frames(1, {shell.frames: [Press(Button.CONFIRM)]})
    assert shell.app is not None
    for _ in range(GIVE_UP_AFTER):
        shell.app.stack.push(Boom("update"))
        shell.run_frames(1)
    assert shell.app is None and shell.lobby is not None
    assert shell.guard.notice_left > 0
    shell.run_frames(1)
    top = shell.screen.get_at((SMALL[0] // 2, NOTICE_PROBE_Y))[:3]
    assert top[0] > 100 and top[1] < 60, top  # the red notice over the lobby
    assert shell.errors_recovered >= GIVE_UP_AFTER  # a frame's second update may fail once more
    assert log.read_text().count("error in classic update, recovered") == shell.errors_recovered


def test_a_shell_error_outside_the_game_returns_to_the_lobby(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    entries, _ = load_entries()
    shell = Shell(entries, AppOptions(size=SMALL, seed=2, headless=True),
                  ShellOptions(lobby=True, kiosk=True, log_path=tmp_path / "kiosk.log"))
    shell.start()
    lobby = shell.lobby

    def broken(dt: float) -> None:
        raise ValueError("lobby broke")

    monkeypatch.setattr(lobby, "update", broken)
    shell.run_frames(2)
    assert shell.lobby is not lobby and shell.guard.total == 1
    assert "ValueError: lobby broke" in (tmp_path / "kiosk.log").read_text()


def test_without_the_guard_an_error_stops_the_program(classic) -> None:  # noqa: ANN001
    app = App(classic, AppOptions(size=SMALL, seed=2, headless=True))
    app.start()
    app.stack.push(Boom("update"))
    with pytest.raises(RuntimeError, match="boom in update"):
        app.run_frames(1)


def test_culprit_is_the_innermost_scene_in_the_traceback() -> None:
    outer, inner = Boom(), Boom()

    class Caller:
        def update(self, dt: float) -> None:
            inner.update(dt)

    try:
        Caller().update(0.0)
    except RuntimeError as exc:
        assert culprit(exc.__traceback__, [outer, inner]) is inner
        assert culprit(exc.__traceback__, [outer]) is None


def test_the_log_rotates(tmp_path: Path) -> None:
    log = tmp_path / "kiosk.log"
    log.write_text("x" * 1_000_001)
    guard = ErrorGuard(log, echo=False)
    guard.note("after the rotation")
    assert log.read_text().endswith("after the rotation\n") and (tmp_path / "kiosk.log.1").stat().st_size > 1_000_000
