"""On screen, an own wild (``turn_wild`` with ``own_wilds``) is drawn with the symbol's own art, so
the mark (words from YAML) stays stamped on it for the rest of the spin and the win lights it."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_helpers import make_app, run_until

from cabinet.core.loader import load_definition
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes.win import WinScene

TOY = Path(__file__).resolve().parent / "games" / "shapes" / "toy-own-wild.yaml"


@pytest.mark.slow  # plays the free spins' intro first (about 10 s)
def test_the_own_wilds_keep_their_mark_through_the_win() -> None:
    defn = load_definition(TOY)
    app = make_app(defn, designer=True)
    app.base.start_round(script=tuple(defn.scenarios[0].script))
    run_until(app, lambda: (f := app.stack.find(FreeSpinsScene)) is not None and f.played == 1
              and app.base.reels.spinning)
    run_until(app, lambda: app.stack.find(WinScene) is not None)
    stamps = app.base.reels.stamps
    assert stamps == {(0, 0): ("RW", "WILD"), (1, 0): ("RW", "WILD"), (2, 0): ("RW", "WILD"),
                      (1, 1): ("LW", "WILD")}
    assert [column[0] for column in app.base.screen] == ["RW", "RW", "RW"]
    win = app.stack.find(WinScene)
    assert win is not None and win.screen[0][0].startswith("RW:")  # the win lights the stamped art
