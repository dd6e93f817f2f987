"""What a spin revealed, seen where it was revealed (pixels at known places):

- Halloween Wins 3: the mummies of a base spin that also holds a full Dracula reel 3 fly to
  the panel from the base screen, over the cells still showing them, before the respin
  changes that screen (their events come after the respin's; the presentation order only
  is changed), and do not fly again in their own turn.
- Halloween Wins 3: the drawn multiplier ("x20") is stamped on each Multiplier Wild once the
  draw is shown, never before, in the win presentation too, until the next spin starts.
- Happy Lucky Slot: a held multiplier cell (MULT) shows the value it revealed ("x25") from
  the moment its multiplier flies to the prize, for the rest of the feature.
"""

from __future__ import annotations

import numpy as np
import pygame
from screen_helpers import frame, make_app, run_until

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.boards import BoardOpened, BoardSpun, CellLanded, PrizeMultiplied
from cabinet.core.evaluate import screen_from_stops
from cabinet.core.events import SpinEnded, SpinStarted
from cabinet.core.features.mummy_access import DoorDrawn, MummiesMoved
from cabinet.core.loader import load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.presentation.mechanics.hold_and_respin.model import BoardsModel
from cabinet.presentation.mechanics.hold_and_respin.view import BoardScene
from cabinet.presentation.mechanics.panel_door.presenter import mummies_of_this_screen
from cabinet.presentation.mechanics.panel_door.view import MummyPanel
from cabinet.presentation.mechanics.wild_respin.view import ReelLock
from cabinet.presentation.reels import STAMP_PLATE, stamp_key, stamped_art
from cabinet.presentation.scenes.win import WinScene

SIZE = (1280, 720)
FEATURE_SYMBOLS = {"MWILD", "XWILD", "BONUS", "FRANKENSTEIN", "SCATTER"}


def region(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    return pygame.surfarray.array3d(surface.subsurface(rect)).astype(np.int16)


def centre_of(cell) -> pygame.Rect:  # noqa: ANN001
    """The middle third of a cell: clear of the reel window's top and bottom shading."""
    rect = pygame.Rect(0, 0, cell.w // 3, cell.h // 3)
    rect.center = (cell.x + cell.w // 2, cell.y + cell.h // 2)
    return rect


# -- the mummies fly from the screen they landed on ---------------------------------------------------


def dracula_and_a_mummy(defn) -> tuple[int, ...]:  # noqa: ANN001
    """Base stops showing a full Dracula reel 3 and one Mummy on another reel, with no other
    feature symbol (found on the strips, so a change to them finds new stops)."""
    strips = defn.reels["base"]
    third = strips[2]
    dracula = next(i for i in range(len(third)) if all(third[(i + k) % len(third)] == "DRACULA" for k in range(4)))
    for first in range(len(strips[0])):
        for second in range(len(strips[1])):
            stops = (first, second, dracula, 0, 0)
            flat = [s for column in screen_from_stops(defn, "base", list(stops)) for s in column]
            if flat.count("MUMMY") == 1 and not FEATURE_SYMBOLS & set(flat):
                return stops
    raise AssertionError("no such stops on the base strips")


def test_the_mummy_panel_comes_after_the_respin_in_the_round(halloween) -> None:  # noqa: ANN001
    """The premise: the round's order is respin first, then the mummies counted on the base screen."""
    stops = dracula_and_a_mummy(halloween)
    events = play_round(halloween, RoundRequest(default_bet(halloween), 0, script=stops)).events
    kinds = [e.kind for e in events]
    respin = next(i for i, e in enumerate(events) if isinstance(e, SpinStarted) and e.mode == "respin")
    moved = kinds.index(MummiesMoved.kind)
    assert respin < moved
    (mummy,) = events[moved].positions
    base_screen, respin_screen = (e.screen for e in events if e.kind == "reels_stopped")
    assert base_screen[mummy[0]][mummy[1]] == "MUMMY" != respin_screen[mummy[0]][mummy[1]]
    # what the presentation sends ahead: the base spin's mummies, from the respin's start (and its feature's)
    assert mummies_of_this_screen(events, respin) == [moved]
    assert mummies_of_this_screen(events, respin - 1) == [moved]
    assert mummies_of_this_screen(events, 0) == []  # the base spin's own start: its screen is not on show yet
    assert mummies_of_this_screen(events, moved) == []  # nothing changes the screen before them any more


def test_the_mummy_flies_from_its_cell_before_the_dracula_respin(halloween) -> None:  # noqa: ANN001
    app = make_app(halloween, size=SIZE, seed=3, designer=True)
    stops = dracula_and_a_mummy(halloween)
    assert app.base.start_round(script=stops)
    events = app.session.current.events
    mummy = next(e for e in events if isinstance(e, MummiesMoved)).positions[0]
    run_until(app, lambda: (p := app.stack.find(MummyPanel)) is not None and p.mummies == 1)
    panel = app.stack.find(MummyPanel)
    base = app.base
    # the base screen is still up: the respin has not started and the cell shows the mummy
    assert base.reel_set == "base" and not base.reels.spinning
    assert base.reels.visible(halloween.grid.rows)[mummy[0]][mummy[1]] == "MUMMY"
    assert app.stack.find(ReelLock) is None  # Dracula holds his reel after the mummies have gone
    cell = app.ctx.layout.cells[mummy[0]][mummy[1]]
    assert panel.flights == [cell.center] and panel.clock - panel.filled_at < 0.02  # the flight has just begun
    clock, panel.clock = panel.clock, panel.filled_at  # its first moment (drawing reads the clock only)
    shot = frame(app)
    panel.clock = clock
    app.stack.remove(panel)
    try:
        under = frame(app)
    finally:
        app.stack.push(panel)
    # under the token: the cell shows the Mummy's own tile ...
    tile = app.ctx.art.tiles["MUMMY"]
    inside = centre_of(cell)
    expected = region(tile, inside.move(-cell.x, -cell.y))
    assert np.abs(region(under, inside) - expected).max() <= 2
    # ... and the token itself, the Mummy's art, starts over that cell
    art = panel._mummy(panel.slot_rects()[0].w - 6)
    with_token = under.copy()
    with_token.blit(art, art.get_rect(center=cell.center))
    assert np.array_equal(region(shot, inside), region(with_token, inside))
    assert not np.array_equal(region(shot, inside), region(under, inside))
    # then the respin; the mummy's own turn finds it on the panel already: it does not fly again
    filled_at = panel.filled_at
    run_until(app, lambda: base.reel_set == "respin" and not base.reels.spinning)
    assert app.stack.find(MummyPanel) is panel and panel.mummies == 1
    assert any(isinstance(e, DoorDrawn) for e in events)
    run_until(app, lambda: panel.door != "shut")  # the door, drawn in its own turn, after the respin
    assert panel.filled_at == filled_at and panel.flights == [cell.center]
    app.pg.quit()


# -- the multiplier wild's drawn value --------------------------------------------------------------


def x20_app(defn) -> App:  # noqa: ANN001
    app = make_app(defn, size=SIZE, seed=3, designer=True)
    names = [s.name for s in defn.scenarios]
    assert app.designer.play_scenario(names.index("x20 multiplier wild"))
    return app


def mwild_cell(app: App) -> tuple[tuple[int, int], pygame.Rect]:
    events = app.session.current.events
    (position,) = next(e for e in events if e.kind == "win_multiplied").positions
    return position, pygame.Rect(app.ctx.layout.cells[position[0]][position[1]])


def without_stamps(app: App) -> pygame.Surface:
    reels = app.base.reels
    stamps, reels.stamps = reels.stamps, {}
    try:
        return frame(app)
    finally:
        reels.stamps = stamps


def badge_area(cell: pygame.Rect) -> pygame.Rect:
    """Where the badge sits on a cell: the middle half of its lower part."""
    return pygame.Rect(cell.x + cell.w // 4, cell.y + cell.h * 70 // 100, cell.w // 2, cell.h * 18 // 100)


def test_the_drawn_multiplier_is_stamped_on_the_wild_and_not_before(halloween) -> None:  # noqa: ANN001
    app = x20_app(halloween)
    (reel, row), cell = mwild_cell(app)
    base = app.base
    art = app.ctx.art
    run_until(app, lambda: base.state.stops is not None and not base.reels.spinning)
    # landed: the wild is bare, the draw not shown yet (the symbol's middle, clear of the reels' shading)
    assert base.reels.stamps == {} and base.screen[reel][row] == "MWILD"
    bare = art.tiles["MWILD"]
    middle = centre_of(cell)
    assert np.abs(region(frame(app), middle) - region(bare, middle.move(-cell.x, -cell.y))).max() <= 2
    before = frame(app)
    run_until(app, lambda: bool(base.reels.stamps))
    assert base.reels.stamps == {(reel, row): ("MWILD", "x20")}
    shot = frame(app)
    # the stamp: the badge over the symbol's lower part, nothing else of the screen changed
    changed = np.abs(region(shot, badge_area(cell)) - region(before, badge_area(cell))).max(axis=2) > 40
    assert changed.mean() > 0.5
    outside = pygame.Rect(cell.x, cell.y, cell.w, cell.h // 2)
    assert np.array_equal(region(shot, outside), region(before, outside))
    assert np.array_equal(region(without_stamps(app), badge_area(cell)), region(before, badge_area(cell)))
    # drawn from the stamped tile: its plate colour and figures, where the bare art has neither
    stamped = art.tiles[stamp_key("MWILD", "x20")]
    lower = badge_area(cell).move(-cell.x, -cell.y)
    plate = region(stamped, lower).reshape(-1, 3)
    assert (np.abs(plate - np.array(STAMP_PLATE)).max(axis=1) <= 8).sum() > 20
    assert not (np.abs(region(bare, lower).reshape(-1, 3) - np.array(STAMP_PLATE)).max(axis=1) <= 8).any()
    other = art.tiles[stamped_art(art, app.ctx.text, "MWILD", "x3")]  # another draw stamps other figures
    assert np.abs(region(stamped, lower) - region(other, lower)).max(axis=2).astype(bool).sum() > 30
    # the win presentation lights the stamped wild
    run_until(app, lambda: app.stack.find(WinScene) is not None)
    win = app.stack.find(WinScene)
    assert win.screen[reel][row] == stamp_key("MWILD", "x20") and base.screen[reel][row] == "MWILD"
    lit = frame(app)
    win.screen, kept = base.screen, win.screen
    try:
        plain = frame(app)
    finally:
        win.screen = kept
    assert (np.abs(region(lit, cell) - region(plain, cell)).max(axis=2) > 60).sum() > 50
    # the next spin: the value belongs to the spin that drew it
    run_until(app, lambda: not base.in_round)
    assert base.start_round(script=(0, 0, 0, 0, 0))
    run_until(app, lambda: base.reels.spinning)
    assert base.reels.stamps == {}
    app.pg.quit()


def test_a_round_restored_after_a_crash_shows_the_value_its_wild_drew(halloween, tmp_path) -> None:  # noqa: ANN001
    """The stamp is in the screen's state (``ScreenState.stamps``), so a round the power cut after
    its multiplier was shown comes back with "x20" on the wild, as live play left it."""
    app = App(halloween, AppOptions(size=SIZE, seed=3, headless=True, designer=True, data_dir=tmp_path))
    app.start()
    names = [s.name for s in halloween.scenarios]
    assert app.designer.play_scenario(names.index("x20 multiplier wild"))
    (reel, row), cell = mwild_cell(app)
    events = app.session.current.events
    shown_at = next(i for i, e in enumerate(events) if e.kind == "win_multiplied") + 1
    run_until(app, lambda: app.session.progress_step >= shown_at)
    assert app.base.reels.stamps == {(reel, row): ("MWILD", "x20")} and app.base.in_round
    app.session.ledger.close()  # the power goes here
    app.pg.quit()

    again = App(halloween, AppOptions(size=SIZE, seed=3, headless=True, designer=True, data_dir=tmp_path))
    again.start()  # Halloween completes an interrupted round by itself and shows its final screen
    assert not again.session.in_round and again.session.current.events == events
    assert again.base.reels.stamps == {(reel, row): ("MWILD", "x20")}
    under = pygame.Surface(again.ctx.layout.size)  # the game under the notice that says it was completed
    again.base.draw(under)
    plate = region(under, badge_area(cell)).reshape(-1, 3)  # the badge is drawn where it was
    assert (np.abs(plate - np.array(STAMP_PLATE)).max(axis=1) <= 8).sum() > 20
    again.session.ledger.close()
    again.pg.quit()

    # a game that resumes its rounds: the journal's last resume point after the draw is the spin's
    # end, and the screen restored there has the value on the wild from its first frame
    from cabinet.presentation.resume import restore_screen

    spin_over = next(i for i, e in enumerate(events) if e.kind == "spin_ended") + 1
    fresh = make_app(halloween, size=SIZE, seed=3, designer=True)
    restore_screen(fresh.base, again.session.current, spin_over)
    assert fresh.base.reels.stamps == {(reel, row): ("MWILD", "x20")}
    fresh.pg.quit()
    landed = make_app(halloween, size=SIZE, seed=3, designer=True)
    restore_screen(landed.base, again.session.current, shown_at - 1)  # at the landing, before the draw: bare
    assert landed.base.screen[reel][row] == "MWILD" and landed.base.reels.stamps == {}
    landed.pg.quit()


def test_the_stamp_follows_a_new_window_size(halloween) -> None:  # noqa: ANN001
    """A resize builds new art: the stamped wild is made again for it, at the new cell size."""
    app = x20_app(halloween)
    run_until(app, lambda: bool(app.base.reels.stamps))
    app.ctx.relayout((1920, 1080))
    (reel, row), cell = mwild_cell(app)
    shot = frame(app)
    stamped = app.ctx.art.tiles[stamp_key("MWILD", "x20")]
    assert stamped.get_size() == (cell.w, cell.h)
    changed = np.abs(region(shot, badge_area(cell)) - region(without_stamps(app), badge_area(cell))).max(axis=2) > 40
    assert changed.mean() > 0.5
    app.pg.quit()


# -- Happy Lucky Slot: the multiplier cell shows what it revealed -------------------------------------


def test_a_held_multiplier_cell_shows_the_value_it_revealed() -> None:
    lucky = load_game("happy-lucky-slot")
    app = make_app(lucky, size=SIZE, seed=3, designer=True)
    names = [s.name for s in lucky.scenarios]
    assert app.designer.play_scenario(names.index("x25 on a small prize"))
    events = app.session.current.events
    multiplied = next(e for e in events if isinstance(e, PrizeMultiplied))
    board, source = multiplied.source_board, multiplied.source
    run_until(app, lambda: (s := app.stack.find(BoardScene)) is not None
              and s.model.boards.get(board) is not None and source in s.model.boards[board].held)
    scene = app.stack.find(BoardScene)
    cell = pygame.Rect(scene.cell_box(board, source))
    foot = pygame.Rect(cell.x + cell.w // 8, cell.y + cell.h * 68 // 100, cell.w * 3 // 4, cell.h * 24 // 100)
    assert scene.model.boards[board].held[source].symbol == "MULT"
    # the multiplier is on its way to the prize: the cell shows what it revealed from now on
    assert scene.revealing == {(board, source): 25} and scene.revealed_on(board, source) == multiplied.multiplier
    assert any(f.label == "x25" for f in scene.flights)
    flying = region(frame(app), foot)
    scene.revealing = {}
    try:
        bare = region(frame(app), foot)  # what the cell showed before: the bare X
    finally:
        scene.revealing = {(board, source): 25}
    assert (np.abs(flying - bare).max(axis=2) > 60).sum() > 40
    run_until(app, lambda: scene.model.boards[board].revealed.get(source) == 25)  # in the model once it arrived
    run_until(app, lambda: not scene.busy)
    later = frame(app)
    plate = scene.revealed_plate(25, cell.w)
    at = plate.get_rect(midbottom=(cell.x + cell.w // 2, cell.y + cell.h * 95 // 100))
    opaque = pygame.surfarray.array_alpha(plate) == 255
    drawn = region(later, at)[opaque]
    assert np.abs(drawn - pygame.surfarray.array3d(plate).astype(np.int16)[opaque]).max() <= 2
    other = scene.revealed_plate(2, cell.w)  # x25's own figures, not x2's
    assert (pygame.surfarray.array3d(other) != pygame.surfarray.array3d(plate)).any(axis=2).sum() > 20
    app.pg.quit()


def test_the_board_model_keeps_what_a_multiplier_symbol_revealed() -> None:
    b = "GRAND"
    model = BoardsModel.from_events([
        BoardOpened("f", b, 5, 3, 0),
        CellLanded("f", b, (0, 0), "BASKET", 100, True),
        CellLanded("f", b, (2, 1), "MULT", 0, True),
    ], feature="f")
    shown = model.boards[b]
    assert shown.revealed == {}  # landed and held: its draw is not made yet
    model.apply(PrizeMultiplied("f", b, (0, 0), 5, 500, b, (2, 1)))
    assert shown.revealed == {(2, 1): 5} and shown.held[(0, 0)].value == 500
    model.apply(BoardSpun("f", b, 2, ((4, 2),), ("BLANK",)))
    assert shown.revealed == {(2, 1): 5}  # held: it shows its value for the rest of the feature
    model.apply(BoardSpun("f", b, 3, ((2, 1),), ("BLANK",)))
    assert shown.revealed == {}  # a cell that spins again has revealed nothing


def test_spin_events_nest_as_the_mummy_look_ahead_expects(halloween) -> None:  # noqa: ANN001
    """A round's spins nest: every SpinStarted has its SpinEnded, the respin's inside the base spin's."""
    stops = dracula_and_a_mummy(halloween)
    events = play_round(halloween, RoundRequest(default_bet(halloween), 0, script=stops)).events
    depth, deepest = 0, 0
    for e in events:
        depth += isinstance(e, SpinStarted) - isinstance(e, SpinEnded)
        deepest = max(deepest, depth)
        assert depth >= 0
    assert depth == 0 and deepest == 2
