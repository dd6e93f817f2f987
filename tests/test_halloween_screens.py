"""Halloween Wins 3 on screen: the wheel scene over the reels, the Dracula reel locked
during its respin, the mummy panel beside the reels; pixels at known places."""

from __future__ import annotations

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.presentation.halloween_presenters import MummyPanel, ReelLock
from cabinet.presentation.views.wheel import POINTER, WheelScene

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def halloween():  # noqa: ANN201
    return load_game("halloween-wins-3")


def scenario_app(defn, name: str) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SIZE, seed=3, headless=True, designer=True))
    app.start()
    index = [s.name for s in defn.scenarios].index(name)
    assert app.designer.play_scenario(index)
    return app


def run_until(app: App, done, limit: int = 4000) -> None:  # noqa: ANN001
    for _ in range(limit):
        if done():
            return
        app.run_frames(1)
    raise AssertionError("condition not reached")


def frame(app: App) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    app.stack.draw(surface)
    return surface


def test_the_wheel_turns_its_rings_and_the_pointer_is_drawn(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "wheel stops on ring 3")
    run_until(app, lambda: app.stack.find(WheelScene) is not None and app.stack.find(WheelScene).total is not None)
    wheel = app.stack.find(WheelScene)
    assert sorted(wheel.landed) == [0, 1, 2]  # every ring it turned has stopped on its pocket
    assert wheel.active == 2
    cx, cy, outer = wheel.geometry()
    shot = frame(app)
    assert shot.get_at((cx, cy - outer - 6))[:3] == POINTER  # the pointer over the rings, at the top
    # the pockets the rings stopped on sit under the pointer: each ring's angle puts it at the top
    for ring, pocket in wheel.landed.items():
        width = 360.0 / len(halloween.features[3].rings[ring].pockets)
        centre = (wheel.angles[ring] + (pocket + 0.5) * width) % 360.0
        assert min(centre, 360.0 - centre) < 1e-6


def test_the_dracula_reel_is_locked_while_the_others_respin(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "dracula respin")
    run_until(app, lambda: app.stack.find(ReelLock) is not None and app.base.reel_set == "respin")
    lock = app.stack.find(ReelLock)
    assert lock.reel == 2
    column = app.ctx.layout.columns[2]
    shot = frame(app)
    edge = shot.get_at((column.x - 1, column.y + column.h // 2))
    assert edge.r == 255 and edge.g < 130 and edge.b == 40  # the red frame around reel 3
    run_until(app, lambda: app.stack.find(ReelLock) is None)  # gone when the respin is over


def test_the_mummy_panel_fills_and_opens_its_door(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "mummy access into a big collect")
    run_until(app, lambda: (p := app.stack.find(MummyPanel)) is not None and p.door == "open")
    panel = app.stack.find(MummyPanel)
    assert panel.mummies >= 1 and panel.chance.startswith("1 IN")
    box = panel.box()
    shot = frame(app)
    assert shot.get_at((box.x + 1, box.centery))[:3] != (0, 0, 0)  # the panel is drawn beside the reels
    assert not box.colliderect(pygame.Rect(*app.ctx.layout.reel_window))
