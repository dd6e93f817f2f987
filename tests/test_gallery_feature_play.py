"""The gallery's ``feature-play`` pictures the free spin that shows the most of what the game's
blocks do, once they have done it (issue 38, item 10): Abyss Dive's KRAKENs expanded to whole
reels and stamped with their drawn multiplier, the win counting. Not a mid-spin frame."""

from __future__ import annotations

from pathlib import Path

from screen_helpers import make_app, run_until

from cabinet.core.events import SpinStarted
from cabinet.core.loader import load_definition
from cabinet.presentation.mechanics.free_spins.shots import showcase_spin

ABYSS = Path(__file__).resolve().parent / "designer_path" / "games" / "abyss-dive.yaml"


def test_the_showcase_spin_is_the_one_with_the_most_blocks_acting() -> None:
    defn = load_definition(ABYSS)
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, play_round

    script = tuple(defn.scenarios[0].script)
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=script))
    assert showcase_spin(result) == (1, True)  # a reveal, two expansions and a multiplier in dive 1
    plain = play_round(defn, RoundRequest(default_bet(defn), 1, script=script[:5]))
    spins = [e.index for e in plain.events if isinstance(e, SpinStarted) and e.mode == "free"]
    index, _ = showcase_spin(plain)
    assert index in spins


def test_the_showcase_spin_lands_then_shows_its_expansions_and_stamps() -> None:
    """What feature-play waits for on dive 1 (tests/test_designer_path.py checks the gallery's
    own picture of it, in the theme's art): the landed KRAKENs, then the screen expanded and the
    wilds stamped with the drawn multiplier."""
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    defn = load_definition(ABYSS)
    app = make_app(defn, designer=True)
    app.base.start_round(script=tuple(defn.scenarios[0].script))
    run_until(app, lambda: (f := app.stack.find(FreeSpinsScene)) is not None and f.played == 1
              and app.base.reels.spinning)
    run_until(app, lambda: app.base.reels.all_stopped)
    landed = app.base.reels.visible(defn.grid.rows)
    assert landed[1].count("KRAKEN") == 1 and landed[3].count("KRAKEN") == 1  # one KRAKEN landed on each
    run_until(app, lambda: bool(app.base.reels.stamps))
    shown = app.base.screen
    assert shown[1] == ["KRAKEN"] * 4 and shown[3] == ["KRAKEN"] * 4  # the screen shows them expanded
    assert {reel for reel, _ in app.base.reels.stamps} == {1, 3}
