"""A Megaways top reel on screen: its band over the reels it covers shows the spin's top cells
(row 0 of those reels), the reels' own symbols sit below it, the ways plaque counts its cells,
and a restarted cabinet puts the same top reel back."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from screen_helpers import make_app, run_until

from cabinet.core.events import ReelsStopped
from cabinet.core.loader import load_game
from cabinet.core.pays.megaways import HeightsDrawn
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.layout import column_cells, top_cell

GAMES = Path(__file__).resolve().parent / "games" / "pays"


def _spun(data_dir: Path | None = None):  # noqa: ANN202
    app = make_app(load_game(GAMES / "megaways-top-reel.yaml"), size=(1280, 720), seed=5,
                   **({"data_dir": data_dir} if data_dir else {}))
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.base.reels.spinning)
    run_until(app, lambda: not app.base.in_round)
    return app


@pytest.fixture(scope="module")
def top_app():  # noqa: ANN201
    return _spun()


def test_the_band_shows_the_spins_top_cells_over_its_reels(top_app) -> None:  # noqa: ANN001
    app = top_app
    events = app.base.result.events
    drawn = [e for e in events if isinstance(e, HeightsDrawn)][-1]
    landed = [e for e in events if isinstance(e, ReelsStopped)][-1].screen
    layout, art = app.ctx.layout, app.ctx.art
    assert layout.top_reel == (1, 2, 3, 4)
    assert app.base.reels.top.cells() == list(drawn.top)
    assert [list(c) for c in landed] == app.base.screen
    heights = app.base.reels.heights(layout.rows)
    assert heights == tuple(len(c) for c in landed)
    surface = pygame.Surface(layout.size)
    app.base.reels.draw(surface, art, layout)
    cells = column_cells(layout, heights)
    half = layout.cell // 2
    for reel, column in enumerate(landed):
        for row, symbol in enumerate(column):
            cell = cells[reel][row]
            if reel in layout.top_reel and row == 0:
                assert cell == top_cell(layout, reel)  # in the band, over its reel
            else:
                assert cell.y >= layout.columns[reel].y + layout.cell  # below the band
            tile = art.tiles[symbol]
            for dx, dy in ((half, half), (half // 2, half)):
                assert surface.get_at((cell.x + dx, cell.y + dy)) == tile.get_at((dx, dy)), (reel, row)


def test_the_plaque_counts_the_top_cells_in_the_ways(top_app) -> None:  # noqa: ANN001
    drawn = [e for e in top_app.base.result.events if isinstance(e, HeightsDrawn)][-1]
    heights = top_app.base.reels.heights(top_app.ctx.layout.rows)
    assert heights == tuple(h + (r in (1, 2, 3, 4)) for r, h in enumerate(drawn.heights))
    assert drawn.ways == math.prod(heights)


def test_a_restarted_cabinet_puts_the_top_reel_back(tmp_path: Path) -> None:
    app = _spun(tmp_path)
    again = make_app(load_game(GAMES / "megaways-top-reel.yaml"), data_dir=tmp_path, seed=5)
    assert again.base.screen == app.base.screen
    assert again.base.reels.top.cells() == app.base.reels.top.cells()


def test_recovery_and_replay_rebuild_the_top_reel(top_app) -> None:  # noqa: ANN001
    from cabinet.presentation.resume import restore_screen
    from cabinet.presentation.scenes.replay import ReplayScene

    app = top_app
    rows = app.ctx.defn.grid.rows
    result = app.base.result
    stopped = [i for i, e in enumerate(result.events) if isinstance(e, ReelsStopped)]
    first = result.events[stopped[0]].screen
    scene = app.base
    scene.reels.show([r.strip for r in scene.reels.reels], scene.reels.stops)  # full height, no spin's shape
    scene.reels.top.show(int(scene.reels.top.pos) + 1)  # and the top reel moved on
    _shown, free = restore_screen(scene, result, stopped[0] + 1)  # a kill just after the first spin landed
    if free is not None:
        app.stack.remove(free)
    assert scene.reels.heights(rows) == tuple(len(c) for c in first)
    assert scene.reels.visible(rows) == [list(c) for c in first]
    # the history's replay lands its top reel where each spin drew it
    replay = ReplayScene(app.ctx, app.session.recent(1)[0])
    app.stack.push(replay)
    run_until(app, lambda: replay.done)
    last = result.events[stopped[-1]].screen
    assert replay.game.reels.visible(rows) == [list(c) for c in last]
    app.stack.remove(replay)
