"""The screen shown before the first spin pays nothing and triggers nothing."""

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.evaluate import evaluate_screen, screen_from_stops, symbol_count
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.loader import load_game
from cabinet.presentation.scenes.base import idle_stops


@pytest.mark.parametrize("game", ["classic", "retro-reels-diamond-glitz", "happy-riches"])
def test_idle_screen_is_quiet(game: str) -> None:
    defn = load_game(game)
    stops = idle_stops(defn, "base")
    assert idle_stops(defn, "base") == stops  # fixed, not random
    screen = screen_from_stops(defn, "base", stops)
    assert evaluate_screen(defn, screen, default_bet(defn))[1] == 0
    for feature in defn.features:
        if isinstance(feature, FreeSpins):
            assert symbol_count(defn, screen, feature.trigger_symbol)[0] < min(feature.awards)
    # varied: not one symbol filling the screen
    assert len({sym for column in screen for sym in column}) >= 5
