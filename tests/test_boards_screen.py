"""Hold and respin on screen (the ``hold_and_respin`` mechanic's board scene), in both games
that have it, pixels at known places: Happy Lucky Slot's four boards (the anticipation on
the last empty cells, the boards and side panels' layout) and Halloween Wins 3's Halloween
Ghosts X minigame (values travelling into the pumpkins, Mummy X marks, the respins reset to
3, the status line, the 3x3 board's layout); and what the board model keeps for a
collector (values on their cells, collectors, cell marks), pure."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.app import App, AppOptions
from cabinet.core.boards import BoardOpened, BoardSpun, CellLanded, CellMultiplierChanged, Collected
from cabinet.presentation.hud import GOLD, PALE_GOLD
from cabinet.presentation.mechanics.hold_and_respin.model import BoardsModel
from cabinet.presentation.mechanics.hold_and_respin.timing import (
    ANTICIPATION_RIM,
    COUNT_TIME,
    MARK_COLOUR,
    SPIN_TIME,
    TOKEN_LABEL,
    TRAIL_STEP,
)
from cabinet.presentation.mechanics.hold_and_respin.view import BoardScene

SIZE = (1280, 720)


# -- the model, pure ---------------------------------------------------------------------------------


def test_the_board_model_keeps_values_for_their_collector_and_the_marks() -> None:
    board = "B"
    events = [
        BoardOpened("f", board, 3, 3, 0),
        CellLanded("f", board, (1, 1), "PUMPKIN", 0, True),
        CellLanded("f", board, (0, 0), "GHOST", 200, False),
        CellLanded("f", board, (0, 1), "MUMMY_X", 0, False),
        CellMultiplierChanged("f", board, (0, 1), 2),
    ]
    model = BoardsModel.from_events(events, feature="f")
    shown = model.boards[board]
    assert shown.values == {(0, 0): 200} and shown.landed[(0, 0)] == "GHOST"  # waiting on its cell
    assert shown.multipliers == {(0, 1): 2} and (0, 1) not in shown.landed  # the Mummy X is gone, its mark stays
    model.apply(Collected("f", board, (1, 1), ((0, 0),), 200, 200))
    assert shown.values == {} and (0, 0) not in shown.landed  # collected: the cell is cleared
    assert shown.held[(1, 1)].value == 200 and shown.collectors == {(1, 1)}
    model.apply(BoardSpun("f", board, 1, ((0, 1),), ("GHOST",)))
    assert shown.multipliers == {(0, 1): 2}  # a mark outlasts the spins


# -- Happy Lucky Slot's four boards ------------------------------------------------------------------


def rim(shot: pygame.Surface, scene: BoardScene, board: str, position: tuple[int, int]) -> bool:
    """Whether the anticipation glow's rim is on the cell's left edge, half-way down."""
    cell = scene.cell_box(board, position)
    return shot.get_at((cell.x - 1, cell.y + cell.h // 2))[:3] == ANTICIPATION_RIM


@pytest.mark.parametrize("size", [SIZE, (720, 1280)])
def test_the_last_empty_cells_of_a_board_glow_while_they_spin_longer(lucky, size) -> None:  # noqa: ANN001
    app = App(lucky, AppOptions(size=size, seed=3, headless=True, designer=True))
    app.start()
    names = [s.name for s in lucky.scenarios]
    assert app.designer.play_scenario(names.index("anticipation on the last empty cells"))
    run_until(app, lambda: app.stack.find(BoardScene) is not None)
    scene = app.stack.find(BoardScene)
    # the first respin spins every board; nothing glows: no board is down to its last cells
    run_until(app, lambda: scene.model.respins_played == 1 and bool(scene.spins))
    app.run_frames(int(SPIN_TIME * 60 * 0.6))
    assert not any(s.anticipation for s in scene.spins.values())
    assert not rim(frame(app), scene, "GRAND", (4, 1))
    # the second: GRAND is two cells short, they spin on after the others have landed, glowing
    run_until(app, lambda: scene.model.respins_played == 2 and bool(scene.spins))
    waiting = {k for k, s in scene.spins.items() if s.anticipation}
    assert waiting == {("GRAND", (4, 1)), ("GRAND", (4, 2))}
    start = next(iter(scene.spins.values())).start
    run_until(app, lambda: scene.clock > start + SPIN_TIME + 0.7)  # the other boards have landed
    assert set(scene.spins) == waiting
    shot = frame(app)
    assert rim(shot, scene, "GRAND", (4, 1)) and rim(shot, scene, "GRAND", (4, 2))
    assert not rim(shot, scene, "GRAND", (3, 1))  # a held cell beside them: no glow
    assert not rim(shot, scene, "MAJOR", (4, 1))  # the same cell of a board far from full: none
    assert "2 CELLS TO FILL GRAND" in app.ctx.hud.status
    # landed: the glow is gone
    run_until(app, lambda: not scene.spins)
    assert not rim(frame(app), scene, "GRAND", (4, 1))
    app.pg.quit()


def test_the_four_boards_take_the_height_and_the_feature_panels_the_sides(lucky) -> None:  # noqa: ANN001
    """Issue 26: the four boards were 52% of the width under an empty badge row; now they run from
    the top to the status line, and RESPINS and FEATURE WIN stand in the side columns."""
    from cabinet.presentation.hud import GOLD
    from cabinet.presentation.mechanics.hold_and_respin.board_layout import side_panels

    app = App(lucky, AppOptions(size=SIZE, seed=3, headless=True, designer=True))
    app.start()
    assert app.designer.play_scenario([s.name for s in lucky.scenarios].index("anticipation on the last empty cells"))
    run_until(app, lambda: app.stack.find(BoardScene) is not None)
    scene = app.stack.find(BoardScene)
    run_until(app, lambda: scene.model.respins > 0)
    app.run_frames(20)
    boxes = scene.geometry()
    left, right = min(b.frame.x for b in boxes), max(b.frame.right for b in boxes)
    top, bottom = min(b.frame.y for b in boxes), max(b.frame.bottom for b in boxes)
    w, h = SIZE
    assert right - left >= 0.58 * w and bottom - top >= 0.75 * h and boxes[0].cell >= 70  # cells were 63
    counter, win = scene.counter_boxes()
    assert (counter, win) == side_panels(app.ctx.layout)
    assert counter.right < left and win.x > right  # the panels beside the boards, in the side columns
    shot = frame(app)
    for panel in (counter, win):
        assert shot.get_at((panel.x + panel.w // 2, panel.y + 1))[:3] == GOLD  # the panel's gold rim
        assert shot.get_at((panel.x + panel.w // 8, panel.y + panel.h // 2))[:3] == (24, 12, 44)  # its dark face
    app.pg.quit()


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
    # a ghost's value flies as the ghost (its theme draws HG_GHOST as one): its pale sheet below its face...
    assert token.symbol == "HG_GHOST"
    body_at = (x, y + scene.geometry()[0].cell * 72 // 100 * 18 // 100)
    body = shot.get_at(body_at)
    assert min(body.r, body.g, body.b) > 215 and body.b >= body.r, body
    trail = token.position(scene.clock - TRAIL_STEP * 3)
    mist = shot.get_at((int(trail[0]), int(trail[1])))
    assert mist.b > mist.g, mist  # ... and violet mist trailing behind it
    before = frame_without_tokens(app, scene)
    assert before.get_at(body_at)[:3] != body[:3]  # the ghost is what put that colour there
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
