"""Halloween Wins 3 on screen: the wheel scene over the reels (its labels inside their
pockets at every size), the Dracula reel locked during its respin, the mummy panel beside
the reels, the Halloween Ghosts X minigame (values travelling into the pumpkins, Mummy X
marks, the respins reset to 3); pixels at known places."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.app import App, AppOptions
from cabinet.core.boards import Collected
from cabinet.presentation.hud import GOLD, PALE_GOLD
from cabinet.presentation.mechanics.hold_and_respin.view import (
    COUNT_TIME,
    MARK_COLOUR,
    TOKEN_LABEL,
    TRAIL_STEP,
    BoardScene,
)

SIZE = (1280, 720)


# -- the Halloween Ghosts X minigame: values travel into the pumpkins ---------------------------------


def minigame_app(defn) -> tuple[App, BoardScene]:  # noqa: ANN001
    app = scenario_app(defn, "mummy access into a big collect")
    run_until(app, lambda: app.stack.find(BoardScene) is not None, limit=6000)
    return app, app.stack.find(BoardScene)


def collect_events(app: App) -> list[Collected]:
    return [e for e in app.session.current.events if isinstance(e, Collected)]


def test_each_collected_value_travels_from_its_cell_into_the_pumpkin(halloween) -> None:  # noqa: ANN001
    app, scene = minigame_app(halloween)
    first = collect_events(app)[0]  # the starting ghosts: 2.00 and 1.00 into the pumpkin on the centre reel
    assert first.collector == (1, 1) and first.positions == ((0, 0), (2, 2)) and first.total == 300
    run_until(app, lambda: bool(scene.flows))
    (flow,) = scene.flows
    # what travels is what the events say: the cells the collect names, their values, into the collector
    assert [t.source for t in flow.tokens] == list(first.positions)
    assert [t.value for t in flow.tokens] == [200, 100] and flow.base == 0
    board = "HALLOWEEN GHOSTS"
    source, target = scene.cell_box(board, (0, 0)), scene.cell_box(board, (1, 1))
    assert flow.tokens[0].origin == source.center and flow.tokens[0].target == target.center
    shown = scene.model.boards[board]
    assert shown.values == {(0, 0): 200, (2, 2): 100}  # both ghosts wait on their cells with their values
    # on its way: the first token is in the air between its cell and the pumpkin, drawn where it is
    token = flow.tokens[0]
    assert flow.tokens[1].start > token.start + token.duration * 0.4  # the cells leave one after another
    run_until(app, lambda: scene.clock >= token.start + token.duration * 0.4)
    head = token.position(scene.clock)
    assert head is not None
    x, y = int(head[0]), int(head[1])
    assert min(math.dist((x, y), source.center), math.dist((x, y), target.center)) > source.w / 3  # between them
    shot = frame(app)
    core = shot.get_at((x, y))
    assert core.r == 255 and core.g >= 235 and 190 <= core.b <= 225  # the token's bright core ...
    trail = token.position(scene.clock - TRAIL_STEP * 3)
    glow = shot.get_at((int(trail[0]), int(trail[1])))
    assert glow.r > 200 and glow.b < 200  # ... and its amber trail behind it
    before = frame_without_tokens(app, scene)
    assert before.get_at((x, y))[:3] != core[:3]  # the token is what put that colour there
    # the cell it left is empty now; the other ghost has not left yet
    assert scene.departed(board, (0, 0)) and not scene.departed(board, (2, 2))
    # the pumpkin counts each value in as it arrives: 0, then 2.00, then 3.00
    assert scene.shown_value(board, (1, 1), 0) == 0
    run_until(app, lambda: scene.clock >= flow.tokens[0].arrives + COUNT_TIME)
    assert scene.shown_value(board, (1, 1), 0) == 200
    run_until(app, lambda: scene.clock >= flow.tokens[1].arrives + COUNT_TIME)
    assert scene.shown_value(board, (1, 1), 0) == 300
    run_until(app, lambda: not scene.flows)
    assert shown.held[(1, 1)].value == 300 and shown.values == {}  # in the model now; the cells are cleared


def frame_without_tokens(app: App, scene: BoardScene) -> pygame.Surface:
    flows, scene.flows = scene.flows, []
    try:
        return frame(app)
    finally:
        scene.flows = flows


def test_two_pumpkins_take_the_same_values_side_by_side(halloween) -> None:  # noqa: ANN001
    app, scene = minigame_app(halloween)
    pair = [e for e in collect_events(app) if e.positions == ((0, 1), (2, 2))]
    assert [e.collector for e in pair] == [(1, 0), (1, 1)]  # the new pumpkin and the first one
    run_until(app, lambda: len(scene.flows) == 2, limit=8000)
    assert {f.collector for f in scene.flows} == {(1, 0), (1, 1)}
    assert all(f.tokens[0].start == scene.flows[0].tokens[0].start for f in scene.flows)  # together
    assert [f.base for f in scene.flows] == [0, 800]
    run_until(app, lambda: not scene.flows)
    held = scene.model.boards["HALLOWEEN GHOSTS"].held
    assert (held[(1, 0)].value, held[(1, 1)].value) == (2060, 2860)


def test_a_mummy_x_leaves_its_mark_on_the_cell_and_the_respins_reset_to_3(halloween) -> None:  # noqa: ANN001
    app, scene = minigame_app(halloween)
    board = "HALLOWEEN GHOSTS"
    shown = scene.model.boards[board]
    run_until(app, lambda: (board, (0, 1)) in scene.marks, limit=8000)
    assert shown.landed.get((0, 1)) == "MUMMY_X"  # seen on its cell first ...
    run_until(app, lambda: shown.multipliers.get((0, 1)) == 2)
    assert (0, 1) not in shown.landed  # ... then it disappears, leaving the mark
    app.run_frames(30)
    shot = frame(app)
    marked, plain = scene.cell_box(board, (0, 1)), scene.cell_box(board, (0, 2))
    for cell, expected in ((marked, True), (plain, False)):
        side = max(12, cell.w * 36 // 100)
        spot = (cell.x + cell.w // 20 + side // 2, cell.y + cell.h // 20 + side // 14 + 2)  # inside its rim, over the label
        assert (shot.get_at(spot)[:3] == MARK_COLOUR) is expected
    # the new ghost's value resets the respins to 3; the counter glows as it does
    run_until(app, lambda: scene.model.respins == 3 and scene.model.respins_reason == "reset")
    assert scene.counter_pulse > 0
    run_until(app, lambda: int(scene.counter_pulse / 0.15) % 2 == 0)
    badge = scene.counter_boxes()[0]
    assert frame(app).get_at((badge.x - 3, badge.y + badge.h // 2))[:3] == PALE_GOLD


def test_the_centre_reel_spins_pumpkins_only(halloween) -> None:  # noqa: ANN001
    app, scene = minigame_app(halloween)
    board = "HALLOWEEN GHOSTS"
    assert set(scene.reel_strips[(board, 1)]) == {"HG_PUMPKIN", "BLANK"}
    assert "HG_PUMPKIN" not in scene.strips[board] or (board, 0) in scene.reel_strips
    assert "HG_PUMPKIN" not in scene.reel_strips.get((board, 0), scene.strips[board])


# -- the wheel's labels fit their pockets ------------------------------------------------------------


@pytest.mark.parametrize("size", [SIZE, (640, 360)])
def test_a_travelling_value_never_covers_a_pumpkins_total(halloween, size) -> None:  # noqa: ANN001
    """Issue 26: a value's amount ("€0.60") rides with its token but never over a total's plate."""
    app = App(halloween, AppOptions(size=size, seed=3, headless=True, designer=True))
    app.start()
    assert app.designer.play_scenario([s.name for s in halloween.scenarios].index("mummy access into a big collect"))
    run_until(app, lambda: app.stack.find(BoardScene) is not None, limit=6000)
    scene = app.stack.find(BoardScene)
    board = "HALLOWEEN GHOSTS"
    labelled = covered = 0
    while scene in list(app.stack):
        app.run_frames(1)
        if not scene.flows:
            continue
        shot = pygame.Surface(size)
        app.stack.draw(shot)
        pixels = pygame.surfarray.array3d(shot)
        amount = np.all(pixels == TOKEN_LABEL, axis=2)  # the amounts' own colour (no other art uses it)
        labelled += int(amount.sum() > 20)
        collectors = set(scene.model.boards[board].collectors) | {f.collector for f in scene.flows}
        for position in collectors:
            plate = scene.collector_plate(board, position)
            covered += int(amount[plate.x:plate.right, plate.y:plate.bottom].sum())
    assert labelled > 100  # the amounts are written for most of the flights...
    assert covered == 0  # ...and never on a pumpkin's total


def test_the_status_line_says_what_travels_then_what_the_pumpkins_hold(halloween) -> None:  # noqa: ANN001
    """Issue 26: while the values fly, the line names them; once counted in, it names the totals the
    plates show (not "COLLECT €20.60 EACH" against plates still counting from €0.00 and €8.00)."""
    app, scene = minigame_app(halloween)
    board = "HALLOWEEN GHOSTS"
    run_until(app, lambda: len(scene.flows) == 2, limit=8000)
    assert app.ctx.hud.status == "2 COLLECTOR PUMPKINS EACH COLLECT €20.00 + €0.60"
    assert [t.value for t in scene.flows[0].tokens] == [2000, 60]  # what the line names is what flies
    counted = max(t.arrives for f in scene.flows for t in f.tokens) + COUNT_TIME
    run_until(app, lambda: scene.clock >= counted + 0.05)
    assert app.ctx.hud.status == "COLLECTOR PUMPKINS NOW HOLD €20.60 AND €28.60"
    assert [scene.shown_value(board, p, 0) for p in ((1, 0), (1, 1))] == [2060, 2860]


def test_the_5x4_reels_use_the_band_the_game_leaves_empty(halloween) -> None:  # noqa: ANN001
    """Issue 26: Halloween (no price tags, no bet pills) has its reel frame over the band under the
    reels: the frame's gold edge where the band was, the status line under it, wider reels."""
    from cabinet.presentation.layout import compute_layout

    app = App(halloween, AppOptions(size=SIZE, seed=1, headless=True))
    app.start()
    app.run_frames(5)
    layout = app.ctx.layout
    assert layout == compute_layout(SIZE, 5, 4, tag_band=False) and layout.reel_frame.w > 0.5 * SIZE[0]
    old = compute_layout(SIZE, 5, 4)
    shot = frame(app)
    edge = shot.get_at((layout.reel_frame.x + 3, old.reel_frame.bottom + 12))  # in the old price-tag band
    assert edge.r > 150 and edge.b > 100  # the frame's border (gold and violet) goes on down there
    inside = shot.get_at((layout.reel_window.x + layout.cell // 2, layout.reel_window.bottom - 3))
    assert inside[:3] != edge[:3]


def test_the_3x3_board_takes_the_height_with_the_feature_panels_beside_it(halloween) -> None:  # noqa: ANN001
    """Issue 26: the minigame's board runs from the top to the status line (not under an empty
    badge row), and RESPINS and FEATURE WIN stand in the side columns it left empty."""
    app, scene = minigame_app(halloween)
    run_until(app, lambda: scene.model.respins > 0)
    app.run_frames(10)
    (board,) = scene.geometry()
    w, h = SIZE
    assert board.frame.h >= 0.75 * h and board.cell >= 140  # it was 130 under the badge row
    counter, win = scene.counter_boxes()
    assert counter.right < board.frame.x and win.x > board.frame.right  # beside it, one a side
    shot = frame(app)
    for panel in (counter, win):
        assert shot.get_at((panel.x + panel.w // 2, panel.y + 1))[:3] == GOLD  # the panel's gold rim
    caption_rows = range(counter.y + 4, counter.y + counter.h // 3)
    assert any(shot.get_at((x, y))[:3] == GOLD for x in range(counter.x, counter.right) for y in caption_rows)


