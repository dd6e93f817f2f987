"""The mummy panel's door (issue 36): a real door drawn by code that swings open on its hinges
to show the lit room behind it, timed from the moment the presenter opens it. Pixels at known
places of a hand-built panel."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from cabinet.presentation.layout import compute_layout
from cabinet.presentation.mechanics.panel_door import door_art
from cabinet.presentation.mechanics.panel_door.presenter import DOOR_HOLD
from cabinet.presentation.mechanics.panel_door.view import DOOR_SWING, MummyPanel
from cabinet.presentation.text import Text


@pytest.fixture(scope="module")
def app(halloween):  # noqa: ANN001, ANN201
    """What the panel reads of a cabinet (no window; its mummies are blank: the door is what is tested)."""
    pygame.init()
    layout = compute_layout((1280, 720), 5, 4, tag_band=False)
    cache = SimpleNamespace(get=lambda rel, size, placeholder: pygame.Surface(size, pygame.SRCALPHA),
                            symbol_placeholder=lambda symbol: None)
    return SimpleNamespace(ctx=SimpleNamespace(defn=halloween, layout=layout, text=Text(), art=SimpleNamespace(),
                                               cache=cache, builder=SimpleNamespace(sprite_name=str.lower)))


def panel_at(app, door: str, after: float) -> tuple[MummyPanel, pygame.Surface]:  # noqa: ANN001
    feature = next(f for f in app.ctx.defn.features if getattr(f, "type", "") == "panel_door")
    panel = MummyPanel(app.ctx, feature)
    panel.fill(0, 1, 14, [])
    if door == "open":
        panel.open_door()
    elif door == "denied":
        panel.deny()
    panel.clock += after
    surface = pygame.Surface(app.ctx.layout.size)
    surface.fill((0, 0, 0))
    panel.draw(surface)
    return panel, surface


def opening(panel: MummyPanel) -> pygame.Rect:
    door = panel.door_rect()
    return door_art.doorway_rect(door.w).move(door.topleft)


def warm(colour: pygame.Color) -> bool:
    """Wood or lamplight: red over blue, clearly (the stone and the panel are purple)."""
    return colour.r > colour.b + 25


def is_wood(colour: pygame.Color) -> bool:
    return warm(colour) and colour.r < 150


def test_a_shut_door_is_a_wooden_leaf_filling_its_arched_opening(app) -> None:  # noqa: ANN001
    panel, shot = panel_at(app, "shut", 0.0)
    hole = opening(panel)
    hinge_side = shot.get_at((hole.x + hole.w // 8, hole.centery + hole.h // 10))
    free_side = shot.get_at((hole.right - hole.w // 5, hole.y + hole.h * 2 // 3))
    assert is_wood(hinge_side) and is_wood(free_side), (hinge_side, free_side)
    corner = shot.get_at((hole.x + 1, hole.y + 1))  # outside the round top: the stone frame, no wood
    assert not warm(corner), corner


def test_an_opening_door_turns_on_its_hinges_and_shows_the_lit_room(app) -> None:  # noqa: ANN001
    panel, shot = panel_at(app, "open", DOOR_SWING / 2)
    hole = opening(panel)
    assert 0.5 < panel.opened < 1.0
    hinge_side = shot.get_at((hole.x + hole.w // 10, hole.centery))  # the leaf stays on its hinges...
    assert is_wood(hinge_side), hinge_side
    free_side = shot.get_at((hole.right - hole.w // 5, hole.centery + hole.h // 10))  # ...and the room shows
    assert warm(free_side) and not is_wood(free_side), free_side
    leaf, above = panel.leaf_at(panel.opened)
    assert above > 0 and leaf.get_width() < hole.w  # narrowed by the turn, its free edge nearer: taller


def test_the_open_door_shows_the_ghost_waiting_behind_it(app) -> None:  # noqa: ANN001
    panel, shot = panel_at(app, "open", DOOR_SWING)
    hole = opening(panel)
    ghost = shot.get_at((hole.centerx + hole.w // 8, hole.centery + hole.h // 8 - hole.h // 12))
    assert min(ghost.r, ghost.g, ghost.b) > 200, ghost  # the ghost's pale sheet
    assert DOOR_HOLD > DOOR_SWING  # the presenter holds the panel until the door is open


def test_a_refused_door_rattles_and_stays_shut(app) -> None:  # noqa: ANN001
    panel, shot = panel_at(app, "denied", 0.05)
    hole = opening(panel)
    assert panel.opened == 0.0
    assert is_wood(shot.get_at((hole.right - hole.w // 5, hole.y + hole.h * 2 // 3)))
