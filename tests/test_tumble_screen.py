"""The tumble presenter (issue 32, on screen): its timeline (``mechanics/tumble/motion.py``),
the screen state's count of a tumbling spin (meters reconcile with the round, screen by
screen), and pixels at known places of a sequence played on the toy games
(tests/games/tumble/): a burst cell, a symbol mid-fall, the ladder's lit rung, the plate's
figures; SPIN hurries a sequence without skipping a pay; the glass fits both hands."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pygame
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.features.tumble import TumbleStep
from cabinet.core.loader import load_game
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.layout import compute_layout
from cabinet.presentation.mechanics.tumble import motion, panel
from cabinet.presentation.mechanics.tumble.presenter import anticipated
from cabinet.presentation.mechanics.tumble.view import TumbleView
from cabinet.presentation.scenes.win import WinScene
from cabinet.presentation.screen_state import ScreenState, feature_presenters, shown_at
from cabinet.presentation.side_panel import panel_box, top_awards

GAMES = Path(__file__).resolve().parent / "games" / "tumble"
TOYS = ("screen-cluster-7x7", "screen-anywhere-6x5")
MAX_FRAMES = 6000


@pytest.fixture(scope="module")
def toys() -> dict[str, Any]:
    return {name: load_game(GAMES / f"{name}.yaml") for name in TOYS}


def start(defn: Any, size: tuple[int, int] = (1280, 720), left_hand: bool = False) -> Any:
    from cabinet.designer.gallery import start_app

    return start_app(defn, size=size, seed=1, left_hand=left_hand)


def run_until(app: Any, reached: Any, what: str) -> None:
    for _ in range(MAX_FRAMES):
        if reached():
            return
        app.run_frames(1)
    raise AssertionError(f"never reached {what}")


def view_of(app: Any) -> Any:
    return app.stack.find(TumbleView)


def pixel(app: Any, x: float, y: float) -> tuple[int, int, int]:
    app.draw()
    return tuple(app.screen.get_at((round(x), round(y))))[:3]


def crop(app: Any, box: Any) -> np.ndarray:
    app.draw()
    return pygame.surfarray.array3d(app.screen.subsurface(pygame.Rect(box))).astype(np.int16)


# -- the timeline -------------------------------------------------------------------------------------


def test_a_falling_symbol_accelerates_lands_bounces_and_rests_on_its_row() -> None:
    t = motion.timings(hurry=False)
    mover = motion.Mover(0, "A", 1.0, 4)
    land = motion.fall_time(3.0, t)
    quarter, half = motion.row_at(mover, land / 4, t) - 1.0, motion.row_at(mover, land / 2, t) - 1.0
    assert 0 < quarter < half / 2  # gravity: a quarter of the time covers less than half the half-time's way
    assert 1.0 < motion.row_at(mover, land * 0.7, t) < 4.0  # between rows mid-fall
    assert motion.row_at(mover, land + t.bounce_time / 2, t) < 4.0  # springs back up a little ...
    assert motion.row_at(mover, land + t.bounce_time / 2, t) > 4.0 - motion.BOUNCE - 1e-9
    assert motion.row_at(mover, land + t.bounce_time, t) == 4.0  # ... and rests exactly on its row
    assert motion.row_at(motion.Mover(0, "A", 2.0, 2), 0.0, t) == 2.0  # a symbol that stays does not move


def test_the_plan_keeps_the_order_of_what_is_left_and_drops_new_symbols_reel_by_reel() -> None:
    old = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]]
    new = [["X", "A", "C"], ["D", "E", "F"], ["Y", "Z", "G"]]
    t = motion.timings(hurry=False)
    p = motion.plan(old, ((0, 1), (2, 1), (2, 2)), new, t)
    assert {(r, row) for r, row, _ in p.bursts} == {(0, 1), (2, 1), (2, 2)}
    by_symbol = {m.symbol: m for m in p.movers}
    assert (by_symbol["A"].start, by_symbol["A"].end) == (0.0, 1)  # A falls one row onto the gap
    assert (by_symbol["C"].start, by_symbol["C"].end) == (2.0, 2)
    assert (by_symbol["G"].start, by_symbol["G"].end) == (0.0, 2)
    assert by_symbol["X"].new and by_symbol["X"].start < 0 and by_symbol["X"].delay == 0.0  # reel 1 first
    assert by_symbol["Y"].delay == by_symbol["Z"].delay == t.stagger  # the next reel with holes a beat later
    assert by_symbol["Y"].start < by_symbol["Z"].start < 0  # they come down in their order, from above
    hurried = motion.timings(hurry=True)
    assert motion.fall_duration(motion.plan(old, ((0, 1),), new, hurried), hurried) < \
        motion.fall_duration(motion.plan(old, ((0, 1),), new, t), t)


def test_a_burst_swells_then_shrinks_away() -> None:
    assert motion.burst_look(0.0) == (1.0, 255)
    assert motion.burst_look(1 / 6)[0] > 1.1
    scale, alpha = motion.burst_look(0.97)
    assert scale < 0.05 and alpha < 40


# -- the screen state: a tumbling spin counts screen by screen, and reconciles ---------------------------


@pytest.mark.parametrize("name", TOYS)
def test_the_meters_reconcile_with_every_round_and_each_screen_counts_its_own_wins(name: str, toys) -> None:
    defn = toys[name]
    bet = default_bet(defn)
    tumbled = 0
    for i in range(150):
        result = play_round(defn, RoundRequest(bet, derive_seed(3, i), with_offer=False))
        state = ScreenState(presenters=feature_presenters(defn))
        counted = 0
        for event in result.events:
            state.apply(event)
            if state.count is not None:
                counted += state.count.amount
                if isinstance(event, TumbleStep):  # the screen before this tumble: its wins, and only them
                    assert all(set(getattr(w, "positions", ())) <= set(event.removed) for w in state.count.wins)
            if isinstance(event, TumbleStep):
                tumbled += 1
                assert state.screen == [list(c) for c in event.screen]  # the tumbled screen is on the layer
        assert state.hud_win == result.total_win
        if not result.features:
            assert counted == result.total_win, f"round {i}: counted {counted}, paid {result.total_win}"
    assert tumbled > 20


def test_a_round_restored_mid_sequence_shows_the_tumbled_screen_and_the_meter_so_far(toys) -> None:
    defn = toys["screen-anywhere-6x5"]
    script = tuple(defn.scenarios[0].script)
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=script, with_offer=False))
    steps = [i for i, e in enumerate(result.events) if isinstance(e, TumbleStep)]
    second = steps[1]
    state = shown_at(result.events, second + 1, presenters=feature_presenters(defn))
    assert state.screen == [list(c) for c in result.events[second].screen]
    paid_before = sum(getattr(e, "amount", 0) for e in result.events[:second] if e.kind == "anywhere_win")
    assert state.hud_win == paid_before and state.tumble is not None and state.tumble.rung == 1


# -- pixels at known places ------------------------------------------------------------------------------


def test_a_burst_cell_is_no_longer_its_symbol_and_a_falling_symbol_is_between_rows(toys) -> None:
    defn = toys["screen-cluster-7x7"]
    app = start(defn)
    art, layout = app.ctx.art, app.ctx.layout
    app.base.start_round(script=tuple(defn.scenarios[0].script))
    run_until(app, lambda: (v := view_of(app)) is not None and v.plan is not None, "the first tumble")
    view = view_of(app)
    reel, row, symbol = view.plan.bursts[0]
    cell = layout.cells[reel][row]
    tile = pygame.surfarray.array3d(art.tiles[symbol]).astype(np.int16)
    paper = pygame.surfarray.array3d(art.paper).astype(np.int16)
    assert np.abs(crop(app, cell) - tile).mean() < 12  # the burst starts on the symbol itself
    run_until(app, lambda: view.clock - view.started >= view.times.burst * 0.93, "the burst's end")
    shown = crop(app, cell)
    assert np.abs(shown - tile).mean() > 3 * np.abs(shown - paper).mean()  # gone: nearly bare paper
    # a symbol falling at least two rows, caught between rows
    mover = next(m for m in view.plan.movers if not m.new and m.end - m.start >= 1)

    def between() -> bool:
        r = motion.row_at(mover, view.clock - view.started - view.times.burst, view.times)
        return mover.start + 0.3 < r < mover.end - 0.3 and 0.25 < r % 1 < 0.75

    run_until(app, between, "a symbol between rows")
    r = motion.row_at(mover, view.clock - view.started - view.times.burst, view.times)
    column = layout.columns[mover.reel]
    y = round(layout.cells[mover.reel][0].y + r * (layout.cells[mover.reel][1].y - layout.cells[mover.reel][0].y))
    inner = layout.cell // 4  # the symbol's middle, where neither neighbour reaches
    where = (column.x + inner, y + inner, layout.cell - 2 * inner, layout.cell - 2 * inner)
    want = tile_of(art, mover.symbol)[inner:-inner, inner:-inner]
    assert np.abs(crop(app, where) - want).mean() < 14  # the symbol is drawn there, between two rows
    for whole in (int(r), int(r) + 1):  # and not at either row
        box = layout.cells[mover.reel][whole]
        assert np.abs(crop(app, (box.x + inner, box.y + inner, box.w - 2 * inner, box.h - 2 * inner)) - want).mean() > 14
    app.close()


def tile_of(art: Any, symbol: str) -> np.ndarray:
    return pygame.surfarray.array3d(art.tiles[symbol]).astype(np.int16)


def test_the_ladder_lights_its_rungs_step_by_step_and_the_plate_shows_the_total(toys) -> None:
    defn = toys["screen-anywhere-6x5"]
    app = start(defn)
    script = tuple(defn.scenarios[0].script)
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=script, with_offer=False))
    app.base.start_round(script=script)
    ladder, plate = panel.boxes(app.ctx.layout, defn)
    rungs = panel.rung_boxes(ladder, len(defn.features[0].ladder))

    def colour_of(box: Any) -> tuple[int, int, int]:
        return pixel(app, box.x + box.w // 6, box.y + box.h // 2)

    run_until(app, lambda: (v := view_of(app)) is not None and v.rung == 1 and v.plan is None, "tumble 2 landed")
    assert colour_of(rungs[1]) == panel.LIT
    assert colour_of(rungs[0]) == panel.PASSED
    assert colour_of(rungs[2]) == panel.RUNG and colour_of(rungs[3]) == panel.RUNG
    run_until(app, lambda: (v := view_of(app)) is not None and v.show.ended, "the sequence's end")
    app.run_frames(5)
    face = panel.plate_face(plate)
    shown = crop(app, face)
    tumbles = next(e.tumbles for e in result.events if e.kind == "tumbles_ended")
    assert tumbles == 3 and colour_of(rungs[2]) == panel.LIT  # three tumbles: the x3 rung ...
    assert colour_of(rungs[3]) == panel.RUNG  # ... and x5 never reached
    assert (np.abs(shown - np.array(panel.PLATE_TEXT)).max(axis=2) < 30).sum() > 20  # pale gold figures ...

    def plate_with(total: str) -> np.ndarray:
        scratch = app.screen.copy()
        panel.draw(scratch, app.ctx, defn.features[0].ladder, 3, total)
        return pygame.surfarray.array3d(scratch.subsurface(pygame.Rect(face))).astype(np.int16)

    want, other = plate_with(app.ctx.money(result.total_win)), plate_with(app.ctx.money(result.total_win - 5))
    digits = np.abs(want - other).max(axis=2) > 60  # where the two amounts' figures differ
    assert digits.sum() > 20
    assert np.abs(shown - want)[digits].mean() < 8  # the plate reads the round's total ...
    assert np.abs(shown - other)[digits].mean() > 40  # ... not another amount
    app.close()


def play_counting(defn: Any, script: tuple[int, ...], *, press_spin: bool) -> tuple[int, list[int], Any]:
    """Frames the round took and the amounts each count-up showed (SPIN pressed every few frames)."""
    app = start(defn)
    shown: list[int] = []
    push = app.ctx.stack.push

    def recording(scene: Any) -> None:
        if isinstance(scene, WinScene):
            shown.append(scene.amount)
        push(scene)

    app.ctx.stack.push = recording
    app.base.start_round(script=script)
    frames = 0
    while app.base.in_round and frames < MAX_FRAMES:
        hurry = press_spin and view_of(app) is not None and frames % 9 == 0
        app.run_frames(1, {app.frames: [Press(Button.SPIN)]} if hurry else None)
        frames += 1
    return frames, shown, app


def test_spin_during_a_sequence_shortens_it_without_skipping_a_pay(toys) -> None:
    defn = toys["screen-anywhere-6x5"]
    script = tuple(defn.scenarios[0].script)
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=script, with_offer=False))
    screens = 1 + sum(1 for e in result.events if isinstance(e, TumbleStep)) - 1  # the last screen pays nothing
    screens += sum(1 for e in result.events if e.kind == "sequence_multiplied")  # and what the multipliers add
    slow, counted, app = play_counting(defn, script, press_spin=False)
    fast, hurried, fast_app = play_counting(defn, script, press_spin=True)
    assert len(counted) == len(hurried) == screens  # every paying screen is counted up, hurried or not
    assert sum(counted) == sum(hurried) == result.total_win
    assert fast_app.ctx.hud.win == app.ctx.hud.win == result.total_win
    assert fast < slow * 0.75, (fast, slow)
    app.close()
    fast_app.close()


def test_anticipation_names_the_trigger_symbols_when_one_more_starts_the_feature(toys) -> None:
    defn = toys["screen-anywhere-6x5"]
    play = SimpleNamespace(ctx=SimpleNamespace(defn=defn))
    two = [["S", "A"], ["B", "S"], ["C", "D"]]
    assert anticipated(play, two) == ((0, 0), (1, 1))  # three start free spins: two are one away
    assert anticipated(play, [["S", "A"], ["B", "C"], ["C", "D"]]) == ()
    assert anticipated(play, [["S", "S"], ["S", "C"], ["C", "D"]]) == ()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("left_hand", [False, True])
@pytest.mark.parametrize("name", TOYS)
def test_the_ladder_and_plate_fit_beside_the_reels_on_the_badges_side(name: str, size, left_hand: bool,
                                                                        toys) -> None:
    defn = toys[name]
    layout = compute_layout(size, defn.grid.reels, defn.grid.rows, left_hand)
    if left_hand:
        layout = compute_layout(size, defn.grid.reels, defn.grid.rows).mirror()
    found = panel.boxes(layout, defn)
    assert found is not None
    glass = panel_box(layout, len(top_awards(defn)))
    for box in found:
        assert box.inside(*size)
        assert not box.overlaps(layout.reel_frame) and not box.overlaps(layout.counter_badge)
        assert glass is None or not box.overlaps(glass)
        assert (box.x < layout.reel_frame.x) == (layout.counter_badge.x < size[0] // 2)


# -- cabinet feel ---------------------------------------------------------------------------------------


def test_feel_counts_tumbles_per_spin_and_times_each_sequence_on_screen(toys) -> None:
    from cabinet.designer.feel import PlayedRound, play, render, summarize

    r = summarize([PlayedRound(3.0, (), 10, 20, 1, 2, 1, (1.5,)), PlayedRound(1.0, (), 0, 20),
                   PlayedRound(9.0, (), 90, 20, 1, 5, 1, (6.5,))], game="g", speed="normal", seed=1)
    assert r.tumbles_per_spin == pytest.approx(7 / 3) and r.tumbling_share == pytest.approx(2 / 3)
    assert (r.sequences, r.sequence_median_seconds) == (2, 4.0)
    assert summarize([PlayedRound(1.0, (), 0, 20)], game="g", speed="normal", seed=1).tumbles_per_spin is None
    defn = toys["screen-anywhere-6x5"]
    normal = play(defn, rounds=6, speed="normal", seed=2)
    turbo = play(defn, rounds=6, speed="turbo", seed=2)
    assert normal.tumbles_per_spin == turbo.tumbles_per_spin and normal.tumbles_per_spin > 0  # the same rounds
    assert normal.sequences == turbo.sequences > 0
    assert turbo.sequence_median_seconds < normal.sequence_median_seconds / 2  # turbo shortens the sequence
    assert "tumbles per spin" in render(normal) and "a tumble sequence" in render(normal)


# -- multiplier symbols and cell multipliers -------------------------------------------------------------


def near(app: Any, box: Any, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    """Pixels of ``box`` within ``tolerance`` of ``colour`` in every channel."""
    return int((np.abs(crop(app, box) - np.array(colour)).max(axis=2) <= tolerance).sum())


def badge_band(app: Any, cell: Any) -> tuple[int, int, int, int]:
    """The strip of a cell where a multiplier symbol's value badge sits (its lower part)."""
    layout = app.ctx.layout
    centre_y = cell.y + layout.cell // 2 + layout.cell * 3 // 10
    h = max(8, round(layout.cell * 0.3))
    return (cell.x, centre_y - h // 2, cell.w, h)


def test_multiplier_values_sit_on_their_symbols_fall_with_them_and_fly_to_the_plate(toys) -> None:
    from cabinet.presentation.mechanics.tumble.view import VALUE_BADGE

    defn = toys["screen-anywhere-6x5"]
    script = tuple(defn.scenarios[0].script)
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=script, with_offer=False))
    (landed,) = [e for e in result.events if e.kind == "multiplier_symbols_landed"]
    (multiplied,) = [e for e in result.events if e.kind == "sequence_multiplied"]
    app = start(defn)
    layout = app.ctx.layout
    app.base.start_round(script=script)
    run_until(app, lambda: app.stack.find(WinScene) is not None and view_of(app) is not None, "the landed wins")
    (reel, row, value) = landed.cells[0]
    assert near(app, badge_band(app, layout.cells[reel][row]), VALUE_BADGE) > 30  # its value on the symbol
    bare = next(layout.cells[r][w] for r in range(6) for w in range(5)
                if (r, w) not in {(c[0], c[1]) for c in landed.cells})
    assert near(app, badge_band(app, bare), VALUE_BADGE) == 0  # and on no other cell
    # the flight: half-way, each value is on its arc between its symbol and the plate
    run_until(app, lambda: (v := view_of(app)) is not None and bool(v.flying)
              and v.clock - v.fly_started >= v.fly_time * 0.5, "the values flying")
    view = view_of(app)
    plate = panel.boxes(layout, defn)[1]
    for i, (cell, _value) in enumerate(view.flying):
        x, y = view.flight_position(i, cell, plate)
        h = max(8, round(layout.cell * 0.3))
        assert near(app, (x - h, y - h // 2, 2 * h, h), VALUE_BADGE) > 20
        start_x = view.cell_centre(*cell)[0]
        assert min(start_x, plate.center[0]) < x < max(start_x, plate.center[0])  # in flight, not at either end
        assert near(app, badge_band(app, layout.cells[cell[0]][cell[1]]), VALUE_BADGE) == 0  # it left its symbol
    run_until(app, lambda: (v := view_of(app)) is not None and v.factor, "the factor on the plate")
    assert view.factor == multiplied.factor == sum(c[2] for c in multiplied.cells)
    run_until(app, lambda: not app.base.in_round, "the round's end")
    assert app.ctx.hud.win == result.total_win == multiplied.after
    app.close()


def test_cell_multipliers_show_on_their_cells(toys) -> None:
    from cabinet.presentation.mechanics.tumble.view import CELL_BADGE

    defn = toys["screen-cluster-7x7"]
    app = start(defn)
    layout = app.ctx.layout
    app.base.start_round(script=tuple(defn.scenarios[0].script))
    run_until(app, lambda: (v := view_of(app)) is not None and v.plan is None
              and any(value >= 2 for value in v.cells.values()), "a doubled cell")
    view = view_of(app)
    doubled = [cell for cell, value in view.cells.items() if value >= 2]
    marked = [cell for cell, value in view.cells.items() if value == 1]
    plain = [(r, w) for r in range(7) for w in range(7) if (r, w) not in view.cells]
    assert doubled and marked and plain
    for reel, row in doubled:  # a green badge with its value in the cell's top right
        box = layout.cells[reel][row]
        assert near(app, (box.x + box.w // 2, box.y, box.w // 2, box.h // 3), CELL_BADGE) > 15
    for reel, row in plain[:5]:
        box = layout.cells[reel][row]
        assert near(app, (box.x + box.w // 2, box.y, box.w // 2, box.h // 3), CELL_BADGE) == 0

    def corner(cell: tuple[int, int]) -> tuple[int, int, int]:
        box = layout.cells[cell[0]][cell[1]]
        return pixel(app, box.x + box.w // 10, box.bottom - box.h // 10)

    paper = corner(plain[0])
    tinted = corner(marked[0])
    assert tinted[1] - tinted[0] > paper[1] - paper[0] + 8  # a marked cell is tinted green
    app.close()


def test_a_drop_in_one_trigger_symbol_short_builds_anticipation_round_the_falling_stars(toys) -> None:
    from cabinet.presentation.mechanics.tumble.presenter import ANTICIPATION_SLOW

    defn = toys["screen-anywhere-6x5"]
    (scenario,) = [s for s in defn.scenarios if s.name == "one star short"]
    app = start(defn)
    layout = app.ctx.layout
    app.base.start_round(script=tuple(scenario.script))
    run_until(app, lambda: (v := view_of(app)) is not None and bool(v.anticipation) and v.plan is not None
              and v.clock - v.started >= v.times.burst + 0.2, "a drop-in in suspense")
    view = view_of(app)
    assert len(view.anticipation) == 2 and all(view.screen[r][w] == "S" for r, w in view.anticipation)
    assert view.times.gravity == pytest.approx(motion.GRAVITY / ANTICIPATION_SLOW ** 2)  # it falls slower
    app.draw()
    with_suspense = pygame.surfarray.array3d(app.screen).astype(np.int16)
    kept, view.anticipation = view.anticipation, ()
    app.draw()
    without = pygame.surfarray.array3d(app.screen).astype(np.int16)
    view.anticipation = kept
    changed = np.abs(with_suspense - without).max(axis=2) > 20
    since = view.clock - view.started - view.times.burst
    stars = [m for m in view.plan.movers if m.symbol == "S" and not m.new]
    for mover in stars:  # a ring round each star, where it is in its fall
        x, y = view.cell_centre(mover.reel, motion.row_at(mover, since, view.times))
        r = layout.cell // 2
        assert changed[x - r:x + r, y - r:y + r].sum() > 50
    new_reels = {m.reel for m in view.plan.movers if m.new}
    for reel, column in enumerate(layout.columns):  # the reels being refilled glow; no other changes
        star_here = any(m.reel == reel for m in stars)
        glowing = changed[column.x:column.right, column.y:column.bottom].sum()
        assert (glowing > 0) == (reel in new_reels or star_here)
    window = layout.reel_frame
    changed[window.x:window.right, window.y:window.bottom] = False
    assert not changed.any()  # nothing else on the screen
    app.close()
