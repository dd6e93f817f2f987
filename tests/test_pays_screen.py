"""The screen plays games of every pay model without failing (what each draws is pinned in
tests/test_pays_on_screen.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_helpers import frame, make_app, run_until

from cabinet.core.loader import load_game
from cabinet.machine.buttons import Button, Press

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.mark.parametrize("game", ["ways-243", "megaways-117649", "cluster-7x7", "toy-anywhere"])
def test_a_round_of_every_pay_model_plays_on_screen(game: str) -> None:
    app = make_app(load_game(GAMES / f"{game}.yaml"))
    scene = app.base
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: scene.reels.spinning)
    run_until(app, lambda: not scene.in_round)
    frame(app)  # drawing the settled screen (its wins cycling) raises nothing
