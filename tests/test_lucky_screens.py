"""Happy Lucky Slot on screen: the anticipation on the last empty cells of a board (its
designer scenario), pixels at known places; and what the board model keeps for a collector
(values on their cells, collectors, cell marks), pure."""

from __future__ import annotations

import pygame
import pytest
from screen_helpers import frame, run_until

from cabinet.app import App, AppOptions
from cabinet.core.boards import BoardOpened, BoardSpun, CellLanded, CellMultiplierChanged, Collected
from cabinet.presentation.mechanics.hold_and_respin.model import BoardsModel
from cabinet.presentation.mechanics.hold_and_respin.view import ANTICIPATION_RIM, SPIN_TIME, BoardScene

SIZE = (1280, 720)




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


def test_the_four_boards_take_the_height_and_the_feature_panels_the_sides(lucky) -> None:  # noqa: ANN001
    """Issue 26: the four boards were 52% of the width under an empty badge row; now they run from
    the top to the status line, and RESPINS and FEATURE WIN stand in the side columns."""
    from cabinet.presentation.hud import GOLD
    from cabinet.presentation.mechanics.hold_and_respin.view import side_panels

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
