"""The round cap's screen (issue 34): a round that reaches ``max_win_x`` stops its count at the
cap, shows the MAX WIN takeover, pays exactly the cap and records it so.

The game is the toy ``cabinet-modes`` with its cap lowered to 50 x the bet so that its "a big win"
scenario (66.25 x the bet on two lines) reaches it on the base spin.
"""

from __future__ import annotations

import dataclasses

import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.core.events import RoundCapped, RoundEnded
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.max_win import MaxWinScene, cap_sentence, title_words
from cabinet.presentation.screen_state import ScreenState

CAP_X = 50


@pytest.fixture
def capped_game(cabinet_modes):  # noqa: ANN001, ANN201
    return dataclasses.replace(cabinet_modes, max_win_x=CAP_X)


def test_the_takeover_shows_the_cap_and_the_cabinet_pays_it_once(capped_game) -> None:  # noqa: ANN001
    app = scenario_app(capped_game, "a big win")
    credits_before = app.session.credits
    result, bet = app.session.current, app.session.bet.total
    capped = [e for e in result.events if isinstance(e, RoundCapped)]
    assert len(capped) == 1 and capped[0].cap == CAP_X * bet
    assert capped[0].uncapped > capped[0].cap  # the scenario pays 66.25 x the bet uncapped
    assert result.total_win == CAP_X * bet and isinstance(result.events[-1], RoundEnded)
    state = ScreenState(presenters={}).apply_all(result.events)
    assert state.round_cap == capped[0] and state.meter == state.hud_win == CAP_X * bet
    record: list[tuple[str, int, str]] = []
    app.ctx.text.record = record
    run_until(app, lambda: isinstance(app.stack.top, MaxWinScene))
    app.run_frames(40)  # the title has zoomed in, the pieces fly
    picture = frame(app)
    words = {text for text, _size, _face in record}
    cap = CAP_X * app.session.bet.total
    assert title_words(capped_game.theme) == "MAX WIN"  # the kit's default: the toy's theme says none
    assert "MAX WIN" in words and cap_sentence(CAP_X) in words  # the amount is drawn glyph by glyph
    assert app.ctx.hud.win == cap  # the WIN meter stops at the cap, never past it
    # the game under the takeover is dimmed: a reel cell's pixels are dark
    cell = app.ctx.layout.columns[0]
    r, g, b, _ = picture.get_at((cell.x + cell.w // 6, cell.y + cell.h - cell.h // 8))
    assert max(r, g, b) < 90
    scene = app.stack.top
    assert isinstance(scene, MaxWinScene)
    app.ctx.text.record = None
    app.run_frames(20)
    app.press([Press(Button.SPIN)])  # skips the rest of the takeover
    app.run_frames(2)
    assert scene.finished
    run_until(app, lambda: not app.session.in_round)
    assert app.session.credits == credits_before + cap  # the stake was taken before the round began
    last = app.session.last_record
    assert last is not None and last.win == cap and last.credits_after == last.credits_before - last.cost + cap


def test_the_takeover_says_the_theme_s_own_words(monkeypatch) -> None:  # noqa: ANN001
    """The title is the theme's words (``celebration: words: {max: ...}``), like its tiers'."""
    from cabinet.assets import themes
    from cabinet.assets.theme_data import CelebrationFile

    real = themes.read_theme("christmas")
    assert real is not None
    told = dataclasses.replace(real, celebration=CelebrationFile(words={"max": "SANTA'S LIMIT"}))
    monkeypatch.setattr(themes, "read_theme", lambda name: told)
    title_words.cache_clear()
    try:
        assert title_words("christmas") == "SANTA'S LIMIT"
    finally:
        title_words.cache_clear()
