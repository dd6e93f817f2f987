"""What each pay model draws (presentation/pays), pixel by pixel at known places: a ways win
lit reel by reel with "N WAYS" beside its run and no line; Megaways reels at the heights their
spin drew, each symbol centred in its slot on the reel's paper, rebuilt after a restart; the
ways plaque; the counted cells of a pay-anywhere win; a cluster's traced outline; and where
the plaque goes at every size, either hand."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from screen_helpers import frame, make_app, run_until

from cabinet.core.events import ReelsStopped
from cabinet.core.loader import load_game
from cabinet.core.pays import model_of
from cabinet.core.pays.anywhere import AnywhereWin
from cabinet.core.pays.cluster import ClusterWin
from cabinet.core.pays.megaways import HeightsDrawn
from cabinet.core.pays.ways import WaysWin
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.layout import Box, column_cells, compute_layout, screen_shape
from cabinet.presentation.pays import paid_lines, pay_screen_of, screen_for_win, win_kinds
from cabinet.presentation.pays.cluster import CLUSTER_COLOURS, outline_polygons
from cabinet.presentation.pays.common import PILL_BACK, PLAQUE_BACK, plaque_box
from cabinet.presentation.pays.diagram import LIT
from cabinet.presentation.pays.ways import REEL_STEP
from cabinet.presentation.scaled import shrunk
from cabinet.presentation.scenes.history import paid_text
from cabinet.presentation.scenes.info import InfoScene
from cabinet.presentation.side_panel import feature_box, feature_rows, panel_box, top_awards
from cabinet.services.history import steps_from_events

GAMES = Path(__file__).resolve().parent / "games" / "pays"


def game(name: str):  # noqa: ANN201
    return load_game(GAMES / f"{name}.yaml")


@pytest.fixture(scope="module")
def ways_app():  # noqa: ANN201
    return make_app(game("ways-243"))


def pixels(surface: pygame.Surface, box: Box) -> bytes:
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(box)), "RGB")


def count_colour(surface: pygame.Surface, box: Box, colour: tuple[int, int, int]) -> int:
    data = pixels(surface, box)
    return sum(1 for i in range(0, len(data), 3) if tuple(data[i:i + 3]) == colour)


def drawn(app, win, since: float) -> pygame.Surface:  # noqa: ANN001
    surface = frame(app)
    screen = [list(column) for column in app.base.screen]
    screen_for_win(app.ctx.defn, win).draw_win(surface, app.ctx, screen, win, 0.0, since)
    return surface


SEVENS = WaysWin("SEVEN", 3, 2, ((0, 0), (1, 0), (1, 2), (2, 1)), ((0,), (0, 2), (1,)), (0, 1, 2), "ltr",
                 Fraction(20), 1, 40)


def test_a_ways_win_lights_its_run_reel_by_reel_with_no_line(ways_app) -> None:  # noqa: ANN001
    base = frame(ways_app)
    cells = ways_app.ctx.layout.cells
    lit = {reel: set(rows) for reel, rows in zip(SEVENS.reels, SEVENS.rows, strict=True)}
    for shown, since in ((1, 0.0), (2, REEL_STEP * 1.5), (3, REEL_STEP * 2.5)):
        surface = drawn(ways_app, SEVENS, since)
        for reel in range(3):
            for row in range(3):
                on = reel < shown and row in lit[reel]
                assert (pixels(surface, cells[reel][row]) != pixels(base, cells[reel][row])) == on, (since, reel, row)
        assert pixels(surface, cells[4][1]) == pixels(base, cells[4][1])  # no line runs on past the win
    # "2 WAYS" and the amount: on the first reel past the run (reel 4), in the middle of the window
    assert count_colour(surface, ways_app.ctx.layout.columns[3], PILL_BACK) > 50
    assert count_colour(base, ways_app.ctx.layout.columns[3], PILL_BACK) == 0


def test_a_ways_win_says_what_paid(ways_app) -> None:  # noqa: ANN001
    defn = ways_app.ctx.defn
    assert paid_lines(defn, [SEVENS]) == ["SEVEN 3 OF A KIND, 2 WAYS"]
    assert {"ways_win", "scatter_win", "line_win", "anywhere_win", "cluster_win"} <= win_kinds()
    assert pay_screen_of(defn).awards_heading == "PAYS PER WAY"
    assert top_awards(defn)[0] == ("SEVEN", 5, Fraction(300))  # the glass lists a ways game's pays


def test_the_ways_plaque_counts_the_reels_heights(ways_app) -> None:  # noqa: ANN001
    ctx = ways_app.ctx
    box = plaque_box(ctx)
    surface = frame(ways_app)  # the base game draws it: 243 ways
    assert count_colour(surface, box, PLAQUE_BACK) > box.w * box.h // 8  # its plate round the figures
    other = surface.copy()
    pay_screen_of(ctx.defn).draw_plaque(other, ctx, (2, 2, 2, 2, 2))  # 32 ways: other figures
    assert pixels(other, box) != pixels(surface, box)


@pytest.fixture(scope="module")
def megaways_app():  # noqa: ANN201
    app = make_app(game("megaways-117649"), size=(1280, 720), seed=5)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.base.reels.spinning)
    run_until(app, lambda: not app.base.in_round)
    return app


def test_megaways_reels_land_at_the_heights_their_spin_drew(megaways_app) -> None:  # noqa: ANN001
    app = megaways_app
    events = app.base.result.events
    drawn_heights = [e for e in events if isinstance(e, HeightsDrawn)][-1].heights
    landed = [e for e in events if isinstance(e, ReelsStopped)][-1].screen
    layout, art = app.ctx.layout, app.ctx.art
    assert app.base.reels.heights(layout.rows) == drawn_heights == tuple(len(c) for c in landed)
    assert [len(c) for c in app.base.screen] == list(drawn_heights)
    assert drawn_heights != (layout.rows,) * layout.reels  # this seed draws short reels
    surface = pygame.Surface(layout.size)
    app.base.reels.draw(surface, art, layout)
    cells = column_cells(layout, drawn_heights)
    for reel, column in enumerate(landed):
        for row, symbol in enumerate(column):
            cell = cells[reel][row]
            tile = shrunk(art.tiles[symbol], cell.w, layout.cell)  # a tall reel's symbols are smaller
            half = cell.w // 2
            for dx, dy in ((half, half), (half // 2, half), (half, half // 3)):  # the symbol in its slot
                assert surface.get_at((cell.x + dx, cell.y + dy)) == tile.get_at((dx, dy)), (reel, row)
        col = layout.columns[reel]
        if cells[reel][0].h == layout.cell and cells[reel][0].bottom + 1 < cells[reel][1].y:  # a gap: the paper
            y = cells[reel][0].bottom + 1
            half = layout.cell // 2
            assert surface.get_at((col.x + half, y)) == art.paper.get_at((half, (y - col.y) % layout.cell))


def test_a_tall_reel_draws_smaller_symbols_and_every_column_fills_its_height() -> None:
    defn = game("megaways-117649")
    layout = compute_layout((1280, 720), defn.grid.reels, defn.grid.rows, **screen_shape(defn))
    assert len(layout.cells[0]) == 5 < layout.rows == 7  # the frame is sized for the mean height, rounded up
    cells = column_cells(layout, (2, 3, 4, 5, 6, 7))
    sides = [column[0].w for column in cells]
    assert sides[:4] == [layout.cell] * 4  # up to 5 symbols: the full cell
    assert layout.cell > sides[4] > sides[5] >= layout.cell * 5 // 7  # 6 and 7: smaller, in turn
    for reel, column in enumerate(cells):
        col = layout.columns[reel]
        pitch = col.h / len(column)
        assert abs(column[0].center[1] - (col.y + pitch / 2)) <= 1  # slots spread over the whole column
        assert abs(column[-1].center[1] - (col.bottom - pitch / 2)) <= 1
        assert all(c.center[0] == col.center[0] for c in column)


def test_the_megaways_plaque_shows_the_spins_ways(megaways_app) -> None:  # noqa: ANN001
    app = megaways_app
    ctx = app.ctx
    heights = app.base.reels.heights(ctx.layout.rows)
    box = plaque_box(ctx)
    surface = frame(app)
    again = surface.copy()
    pay_screen_of(ctx.defn).draw_plaque(again, ctx, heights)  # drawn for this spin's ways already
    assert pixels(again, box) == pixels(surface, box)
    pay_screen_of(ctx.defn).draw_plaque(again, ctx, (7,) * 6)  # 117,649 ways: other figures
    assert pixels(again, box) != pixels(surface, box)
    assert math.prod(heights) == [e for e in app.base.result.events if isinstance(e, HeightsDrawn)][-1].ways


def test_a_restarted_cabinet_rebuilds_the_last_megaways_screen(tmp_path: Path) -> None:
    defn = game("megaways-117649")
    app = make_app(defn, data_dir=tmp_path, seed=5)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.base.reels.spinning)
    run_until(app, lambda: not app.base.in_round)
    heights = app.base.reels.heights(defn.grid.rows)
    screen = [list(c) for c in app.base.screen]
    again = make_app(defn, data_dir=tmp_path, seed=5)
    assert again.base.reels.heights(defn.grid.rows) == heights
    assert again.base.screen == screen


def test_an_anywhere_win_lights_every_counted_cell() -> None:
    app = make_app(game("toy-anywhere"))
    base = frame(app)
    cells = app.ctx.layout.cells
    win = AnywhereWin("A", 3, ((0, 0), (1, 1), (2, 0)), Fraction(5), 1, 50)
    surface = drawn(app, win, 0.0)
    for reel, row in win.positions:
        assert pixels(surface, cells[reel][row]) != pixels(base, cells[reel][row])
    for reel, row in ((0, 1), (2, 1)):  # not counted (the label sits in the middle, over reel 2)
        assert pixels(surface, cells[reel][row]) == pixels(base, cells[reel][row])
    assert paid_lines(app.ctx.defn, [win]) == ["3 x A ANYWHERE"]


CLUSTER = ClusterWin("PLUM", 5, ((1, 1), (2, 1), (3, 1), (3, 2), (3, 3)), Fraction(2), 1, 20)


def test_a_cluster_win_is_outlined_round_the_group() -> None:
    app = make_app(game("cluster-7x7"), size=(1280, 720))
    layout = app.ctx.layout
    cells = layout.cells
    surface = drawn(app, CLUSTER, 0.0)
    colour = pygame.Color(*CLUSTER_COLOURS[0])
    d = max(2, layout.cell // 14)
    # on the group's edge, just inside it: the outline
    assert surface.get_at((cells[2][1].center[0], cells[2][1].y + d)) == colour  # top of (2, 1)
    assert surface.get_at((cells[3][3].right - d, cells[3][3].center[1])) == colour  # right of (3, 3)
    assert surface.get_at((cells[1][1].center[0], cells[1][1].bottom - d)) == colour  # bottom of (1, 1)
    # between two cells of the group: no outline (one line round the group, not a box per cell)
    assert surface.get_at((cells[3][1].center[0], cells[3][1].bottom)) != colour
    assert surface.get_at(((cells[1][1].right + cells[2][1].x) // 2, cells[1][1].center[1])) != colour
    (loop,) = outline_polygons(layout, CLUSTER.positions)
    assert len(loop) == 6  # an L: six corners
    assert paid_lines(app.ctx.defn, [CLUSTER]) == ["PLUM CLUSTER OF 5"]


def test_every_cluster_of_a_spin_has_its_own_colour() -> None:
    app = make_app(game("cluster-7x7"), size=(1280, 720))
    cells = app.ctx.layout.cells
    d = max(2, app.ctx.layout.cell // 14)
    other = ClusterWin("LEMON", 5, ((5, 5), (6, 5), (5, 6), (6, 6), (4, 6)), Fraction(1), 1, 10)
    surface = frame(app)
    wins = [CLUSTER, other]
    screen = [list(column) for column in app.base.screen]
    pay_screen_of(app.ctx.defn).draw_all(surface, app.ctx, screen, wins, [p for w in wins for p in w.positions], 0.0)
    assert surface.get_at((cells[2][1].center[0], cells[2][1].y + d)) == pygame.Color(*CLUSTER_COLOURS[0])
    assert surface.get_at((cells[5][5].center[0], cells[5][5].y + d)) == pygame.Color(*CLUSTER_COLOURS[1])


SIZES = [(640, 360), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920), (360, 640), (2560, 1080)]


@pytest.mark.parametrize("name", ["ways-243", "megaways-117649"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("left_hand", [False, True])
def test_the_plaque_fits_and_covers_nothing(name: str, size: tuple[int, int], left_hand: bool) -> None:
    defn = game(name)
    layout = compute_layout(size, defn.grid.reels, defn.grid.rows, left_hand, tag_band=True)
    box = plaque_box(SimpleNamespace(layout=layout, defn=defn))
    assert box.inside(layout.width, layout.height) and box.w >= box.h > 0
    others = {"reel_frame": layout.reel_frame, **{k: v for k, v in layout.all_boxes().items()
                                                 if k.startswith(("button", "meter", "side_art", "deck"))}}
    glass = panel_box(layout, len(top_awards(defn)))
    features = feature_box(layout, len(feature_rows(defn)), len(top_awards(defn)))
    others.update({"awards": glass, "features": features} if not layout.portrait else {})
    for name_, other in others.items():
        if other is not None and name_ != "deck":
            assert not box.overlaps(other), name_
    assert box.bottom <= layout.deck.y


def test_the_history_card_says_what_a_ways_round_paid(ways_app) -> None:  # noqa: ANN001
    defn = ways_app.ctx.defn
    bells = WaysWin("BELL", 4, 6, ((0, 0), (1, 1), (2, 0), (2, 2), (3, 0), (3, 1), (3, 2)), ((0,), (1,), (0, 2), (0, 1, 2)),
                    (0, 1, 2, 3), "ltr", Fraction(30), 2, 360)
    # the record keeps the wins as the journal's steps do (services/history.steps_from_events)
    record = SimpleNamespace(steps=steps_from_events([SEVENS, bells, SEVENS]))
    assert paid_text(defn, record) == "SEVEN 3 OF A KIND, 2 WAYS; BELL 4 OF A KIND, 6 WAYS x2 + 1 MORE"


@pytest.mark.parametrize(("name", "heading"), [("ways-243", "WAYS"), ("megaways-117649", "MEGAWAYS"),
                                               ("toy-anywhere", "PAYS ANYWHERE"), ("cluster-7x7", "CLUSTER PAYS")])
def test_info_pictures_how_the_model_pays(name: str, heading: str) -> None:
    app = make_app(game(name))
    info = InfoScene(app.ctx)
    assert "PAYLINES" not in info.headings and info.headings[-1].startswith("RULES")
    page = info.pages[info.headings.index(heading)]
    lit = count_colour(page, Box(0, 0, *page.get_size()), LIT)
    assert lit > 20  # the example win's cells are framed
    rules = [line for page_lines in info.rule_lines for line in page_lines]
    first = model_of(app.ctx.defn).rules(app.ctx.defn)[0]
    assert first.split()[0] in rules[0]  # the RULES pages open with the model's own words


def test_recovery_and_replay_rebuild_a_megaways_screen_with_its_heights(megaways_app) -> None:  # noqa: ANN001
    from cabinet.presentation.resume import restore_screen
    from cabinet.presentation.scenes.replay import ReplayScene

    app = megaways_app
    rows = app.ctx.defn.grid.rows
    result = app.base.result
    stopped = [i for i, e in enumerate(result.events) if isinstance(e, ReelsStopped)]
    first = result.events[stopped[0]].screen
    # a kill just after the first spin landed: the screen is rebuilt at that spin's heights
    scene = app.base
    scene.reels.show([r.strip for r in scene.reels.reels], scene.reels.stops)  # back to full height first
    assert scene.reels.heights(rows) == (rows,) * len(first)
    _shown, free = restore_screen(scene, result, stopped[0] + 1)
    if free is not None:
        app.stack.remove(free)
    assert scene.reels.heights(rows) == tuple(len(c) for c in first)
    assert [len(c) for c in scene.screen] == [len(c) for c in first]
    # the history's replay plays the round again, its reels landing at the heights each spin drew
    record = app.session.recent(1)[0]
    replay = ReplayScene(app.ctx, record)
    app.stack.push(replay)
    run_until(app, lambda: replay.done)
    last = result.events[stopped[-1]].screen
    assert replay.game.reels.heights(rows) == tuple(len(c) for c in last)
    app.stack.remove(replay)
