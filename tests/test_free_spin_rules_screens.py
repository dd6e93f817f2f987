"""The catalogue's free-spin rules on screen (issue 35, item 5): the drawn number of spins is
revealed in the YAML's words, and free spins until a trigger say what ends them on the status
line (not "FREE SPIN n OF m") and why the last spin was the last."""

from __future__ import annotations

from pathlib import Path

from screen_helpers import make_app, run_until

from cabinet.core.loader import load_definition

GAMES = Path(__file__).parent / "games" / "free_spins"


def test_the_drawn_count_is_revealed_in_the_yaml_words() -> None:
    app = make_app(load_definition(GAMES / "toy-drawn-spins.yaml"))
    app.run_frames(1)
    # S S S lands, the draw picks 2 spins; both free spins land A S A
    assert app.base.start_round(script=(1, 2, 0, 2, 0, 0, 1, 0, 0, 1))
    run_until(app, lambda: "DRAWN" in app.ctx.hud.status)
    assert app.ctx.hud.status == "2 FREE SPINS DRAWN"


def test_free_spins_until_a_trigger_say_what_ends_them() -> None:
    app = make_app(load_definition(GAMES / "toy-until.yaml"))
    app.run_frames(1)
    # S S S starts them; A B B, then S S A ends them
    assert app.base.start_round(script=(1, 2, 0, 0, 1, 0, 1, 0, 1))
    run_until(app, lambda: "UNTIL" in app.ctx.hud.status)
    assert app.ctx.hud.status == "FREE SPINS UNTIL 2 S LAND"
    run_until(app, lambda: "LAST" in app.ctx.hud.status)
    assert app.ctx.hud.status == "2 S: LAST FREE SPIN"
