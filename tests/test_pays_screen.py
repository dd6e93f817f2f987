"""The existing screen plays games of every pay model without failing; a Megaways reel shades
the rows its spin did not draw (the minimal variable-height reel view)."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_helpers import frame, make_app, run_until

from cabinet.core.loader import load_game
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.reels import UNUSED_ROWS

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.mark.parametrize("game", ["ways-243", "megaways-117649", "cluster-7x7", "toy-anywhere"])
def test_a_round_of_every_pay_model_plays_on_screen(game: str) -> None:
    app = make_app(load_game(GAMES / f"{game}.yaml"))
    scene = app.base
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: scene.reels.spinning)
    run_until(app, lambda: not scene.in_round)
    frame(app)  # drawing the settled screen (its wins cycling) raises nothing


def test_megaways_reels_shade_the_rows_not_drawn() -> None:
    app = make_app(load_game(GAMES / "megaways-117649.yaml"), size=(1280, 720))
    scene = app.base
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: scene.reels.heights is not None and scene.reels.all_stopped)
    heights = scene.reels.heights
    assert heights is not None
    surface = frame(app)
    columns = app.ctx.layout.columns
    cell = app.ctx.layout.cell
    for column, height in zip(columns, heights, strict=True):
        if height < app.ctx.layout.rows:  # the middle of the first row past the reel's height
            x, y = column.x + column.w // 2, column.y + height * cell + cell // 2
            assert tuple(surface.get_at((x, y)))[:3] == UNUSED_ROWS
        x, y = column.x + column.w // 2 + cell // 3, column.y + (height - 1) * cell + cell // 12
        assert tuple(surface.get_at((x, y)))[:3] != UNUSED_ROWS  # its last drawn row shows a symbol
