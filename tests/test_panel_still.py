"""An open panel is drawn from the stack's kept picture: the paused game under it and the
panel's still part (``draw_still``: its dim and plate; the history page whole) are drawn once,
and each frame blits that picture and draws what moves. The screen is the same, pixel for
pixel, as drawing every scene in full; a press that changes the page draws it anew."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.presentation.scenes.menu import MenuScene

SIZE = (1280, 720)


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def drawn_in_full(app: App) -> np.ndarray:
    """Every visible scene drawn whole, no kept picture (what the screen must show)."""
    out = app.screen.copy()
    for scene in app.stack.visible():
        scene.draw(out)
    return pixels(out)


@pytest.fixture()
def app(classic, tmp_path):  # noqa: ANN001, ANN201
    app = App(classic, AppOptions(size=SIZE, seed=7, headless=True, data_dir=tmp_path))
    app.start()
    for _ in range(4):  # rounds for the history page to list
        app.press([Press(Button.SPIN)])
        app.run_frames(200)
    app.base.end_presentation()
    app.run_frames(2)
    return app


@pytest.mark.parametrize("panel", ["history", "menu"])
def test_a_panel_drawn_from_the_kept_picture_equals_it_drawn_in_full(app, panel, monkeypatch) -> None:  # noqa: ANN001
    kind = {"history": HistoryScene, "menu": MenuScene}[panel]
    app.ctx.open(panel)
    app.run_frames(1)
    scene = app.stack.find(kind)
    assert scene is not None and app.stack.top is scene
    stills = []
    real = type(scene).draw_still
    monkeypatch.setattr(type(scene), "draw_still", lambda self, surface: (stills.append(1), real(self, surface)))
    app.run_frames(10)
    assert stills == []  # the still part is in the kept picture already: not drawn again
    assert (pixels(app.screen) == drawn_in_full(app)).all()


def test_a_press_that_moves_the_history_cursor_draws_the_page_anew(app) -> None:  # noqa: ANN001
    app.ctx.open("history")
    app.run_frames(3)
    scene = app.stack.find(HistoryScene)
    assert scene is not None and len(scene.records) >= 2
    before = pixels(app.screen)
    app.press([Press(Button.DOWN)])
    app.run_frames(2)
    assert scene.cursor == 1
    after = pixels(app.screen)
    assert (after == drawn_in_full(app)).all()
    assert (after != before).any(axis=2).sum() > 500  # the highlight and the card moved on
