"""The base scene does not draw its reels where a scene above paints over all of them
(``covers_reels``): a tiered win's held picture of the reel window under its banner, and a
tumble's own grid on the reels' opaque paper. Skipping them must change no pixel: each
covered frame equals the same frame drawn with the reels drawn, and the held picture is the
same whichever frames were drawn before it (it depends on the moment BIG was reached alone)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.presentation.mechanics.tumble.view import TumbleView
from cabinet.presentation.reels import ReelView
from cabinet.presentation.scenes.win import WinScene

SIZE = (1280, 720)
EPIC_SCENARIO = 2  # classic's "a big win": an EPIC count-up
TUMBLE_SCENARIO = 1  # Temple of Storms' "x56 orbs": tumbles, then a MEGA win over the tumble's grid


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def drawn_with_reels(app: App, monkeypatch: pytest.MonkeyPatch) -> np.ndarray:
    """The frame drawn again as if nothing covered the reels: every scene whole, the held picture made anew."""
    with monkeypatch.context() as patch:
        patch.setattr(WinScene, "covers_reels", lambda self, surface: False)
        patch.setattr(TumbleView, "covers_reels", lambda self, surface: False)
        app._draw()
    return pixels(app.screen)


def counting_reel_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = ReelView.draw
    monkeypatch.setattr(ReelView, "draw", lambda self, *args, **kwargs: (calls.append(1), real(self, *args, **kwargs)))
    return calls


def started(game: str, *, draws_frames: bool = True) -> App:
    app = App(load_game(game), AppOptions(size=SIZE, seed=1, headless=True, designer=True))
    app.draws_frames = draws_frames
    app.start()
    app.run_frames(5)
    return app


def until(app: App, ready, limit: int = 60 * 30) -> None:  # noqa: ANN001 - a predicate on the app
    for _ in range(limit):
        if ready(app):
            return
        app.run_frames(1)
    raise AssertionError("the moment never came")


def under_banner(app: App) -> bool:
    win = app.stack.find(WinScene)
    return win is not None and win.holds_reels() and win.t > (win.held_from or 0) + 0.5


def test_under_a_tier_banner_the_reels_are_one_held_picture_and_the_frame_is_unchanged(monkeypatch) -> None:  # noqa: ANN001
    app = started("classic")
    assert app.designer.play_scenario(EPIC_SCENARIO)
    until(app, under_banner)
    draws = counting_reel_draws(monkeypatch)
    win = app.stack.find(WinScene)
    for _ in range(6):  # the pieces fall and the burst turns; the reels under them hold still
        app.run_frames(7)
        assert win.holds_reels() and win.covers_reels(app.screen)
        shown = pixels(app.screen)
        assert (shown == drawn_with_reels(app, monkeypatch)).all()
    assert draws == [1] * 6  # only the frames drawn in full above: the covered frames skipped the strips


def test_the_held_picture_is_the_same_whichever_frames_were_drawn(monkeypatch) -> None:  # noqa: ANN001
    shots = []
    for draws_frames in (True, False):
        app = started("classic", draws_frames=draws_frames)
        assert app.designer.play_scenario(EPIC_SCENARIO)
        until(app, under_banner)
        app.run_frames(40)
        win = app.stack.find(WinScene)
        assert win.holds_reels()
        app.stack.draw(app.screen)
        shots.append((win.t, pixels(app.screen)))
    (t_drawn, drawn), (t_undrawn, undrawn) = shots
    assert t_drawn == t_undrawn
    assert (drawn == undrawn).all()


def test_the_reels_throb_again_when_the_banner_has_gone(monkeypatch) -> None:  # noqa: ANN001
    app = started("classic")
    assert app.designer.play_scenario(EPIC_SCENARIO)
    until(app, under_banner)
    win = app.stack.find(WinScene)
    until(app, lambda a: win.phase == "cycle")
    draws = counting_reel_draws(monkeypatch)
    app.run_frames(3)
    assert not win.holds_reels() and not win.covers_reels(app.screen) and len(draws) == 3


def test_a_tumbles_grid_covers_the_reels_and_the_frame_is_unchanged(monkeypatch) -> None:  # noqa: ANN001
    app = started("temple-of-storms")
    assert app.designer.play_scenario(TUMBLE_SCENARIO)
    until(app, lambda a: a.stack.find(TumbleView) is not None)
    view = app.stack.find(TumbleView)
    assert view.covers_reels(app.screen)  # opaque paper on every cell of columns its cells tile
    draws = counting_reel_draws(monkeypatch)
    compared = 0
    for _ in range(40):  # bursting, falling, resting, counting: the grid covers the strips throughout
        draws.clear()
        app.run_frames(9)
        if app.stack.find(TumbleView) is None:
            break
        assert draws == []  # the strips under the grid were not drawn
        shown = pixels(app.screen)
        assert (shown == drawn_with_reels(app, monkeypatch)).all()
        compared += 1
    assert compared >= 10


def test_no_scene_covers_the_reels_while_they_spin(monkeypatch) -> None:  # noqa: ANN001
    from cabinet.machine.buttons import Button, Press

    app = started("temple-of-storms")
    draws = counting_reel_draws(monkeypatch)
    app.press([Press(Button.SPIN)])
    app.run_frames(10)
    assert app.base.reels.spinning and len(draws) == 10
