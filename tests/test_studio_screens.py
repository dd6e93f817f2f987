"""What an art director sent back (issue 14), checked on the rendered screens: win tiers
climb, coins stay off the deck and end with their banner, the line label hides none of
the win, type without gaps after T, one type size for a paytable's rows and the lobby's
titles, forced rounds named and marked in words, the designer notice centred, and the
attract band over the spin button with a call to action."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.designer.gallery import pinned_clock, run_until, tier_scripts
from cabinet.designer.mode import HINT_TEXT, scenario_name
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import text as text_module
from cabinet.presentation.layout import compute_layout
from cabinet.presentation.record_text import MARK_COLOURS
from cabinet.presentation.scenes.win import TIER_SOUNDS, WinScene
from cabinet.presentation.wins import coin_area, line_label_centre, tier_schedule

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def scripts(classic):  # noqa: ANN001, ANN201
    return tier_scripts(classic)


def make_app(defn, **options) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SIZE, seed=1, headless=True, **options))
    app.start()
    app.run_frames(2)
    return app


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def __call__(self, name: str, *args: object, **kwargs: object) -> None:
        self.played.append(name)


# -- item 3: the tiers climb -------------------------------------------------------------------------


def test_the_schedule_reaches_each_threshold_in_turn(classic) -> None:  # noqa: ANN001
    tiers, bet = classic.win_tiers, 100
    amount = int(tiers.epic * bet) + 250
    schedule = tier_schedule(tiers, amount, 0, bet, "epic")
    assert [a for _t, a in schedule] == [int(tiers.big * bet), int(tiers.mega * bet), int(tiers.epic * bet), amount]
    times = [t for t, _a in schedule]
    assert times == sorted(times) and times[0] > 0
    assert [a for _t, a in tier_schedule(tiers, int(tiers.big * bet) + 1, 0, bet, "big")] == [
        int(tiers.big * bet), int(tiers.big * bet) + 1]


def test_an_epic_win_passes_big_then_mega_then_epic(classic, scripts) -> None:  # noqa: ANN001
    app = make_app(classic)
    sounds = Sounds()
    app.ctx.audio.play = sounds
    bet = app.session.bet.total
    app.base.start_round(script=scripts["epic"])
    run_until(app, lambda: app.stack.find(WinScene) is not None and app.stack.find(WinScene).tier, "the win")
    win = app.stack.find(WinScene)
    seen: list[tuple[str, int, str]] = []  # (tier on the banner, meter, status line) each time it changes
    while win.phase == "all":
        if not seen or seen[-1][0] != win.shown_tier:
            seen.append((win.shown_tier, app.ctx.hud.win, app.ctx.hud.status))
        app.run_frames(1)
    assert [tier for tier, _m, _s in seen] == ["", "big", "mega", "epic"]
    for tier, meter, status in seen[1:]:
        assert meter >= getattr(classic.win_tiers, tier) * bet  # never a tier the meter has not reached
        assert status == f"{tier.upper()} WIN!"  # not GOOD LUCK! any more
    assert seen[1][1] < classic.win_tiers.mega * bet  # BIG shows while the meter is still below MEGA
    tier_sounds = [s for s in sounds.played if s in TIER_SOUNDS.values()]
    assert tier_sounds == ["big_win", "mega_win", "epic_win"]  # each tier its own sound, in turn


def test_a_press_skips_to_the_top_tier_and_the_whole_amount(classic, scripts) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.base.start_round(script=scripts["mega"])
    run_until(app, lambda: (w := app.stack.find(WinScene)) is not None and w.tier and w.t > 0.3, "the win")
    win = app.stack.find(WinScene)
    assert win.shown_tier == ""  # still counting towards BIG
    app.press([Press(Button.INFO)])
    assert win.shown_tier == "mega" and app.ctx.hud.win == win.meter_from + win.amount and win.phase == "cycle"


# -- item 2: coins ---------------------------------------------------------------------------------


def test_coins_stay_above_the_deck_and_end_with_the_banner(classic, scripts) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.base.start_round(script=scripts["epic"])
    run_until(app, lambda: (w := app.stack.find(WinScene)) is not None and w.shown_tier == "mega", "coins")
    app.run_frames(30)
    win = app.stack.find(WinScene)
    assert win.coins.coins and any(c.y > app.ctx.layout.deck.y for c in win.coins.coins)  # some fall past it
    deck = app.ctx.layout.deck
    assert coin_area(app.ctx.layout).bottom == deck.y
    drawn = pygame.surfarray.array3d(app.screen)[:, deck.y:deck.bottom]
    app.stack.remove(win)  # the same frame without the win scene: the deck is what it was
    app.draw()
    plain = pygame.surfarray.array3d(app.screen)[:, deck.y:deck.bottom]
    app.stack.push(win)
    assert np.array_equal(drawn, plain)
    run_until(app, lambda: win.phase != "all", "the banner's end")
    assert win.coins.coins == []  # no coin outlives its banner


# -- item 5: the line label --------------------------------------------------------------------------


def test_the_line_label_sits_on_a_row_seam_off_every_symbol_face() -> None:
    layout = compute_layout(SIZE, 5, 3)
    pattern = (1, 0, 2, 0, 1)
    three = [(0, 1), (1, 0), (2, 2)]
    right_to_left = [(4, 1), (3, 0), (2, 2)]
    five = [(r, pattern[r]) for r in range(5)]
    cells = layout.cells
    # (win, the reel the label sits on, the two rows whose seam it straddles)
    for won, reel, rows in ((three, 3, (0, 1)), (right_to_left, 1, (0, 1)), (five, 2, (1, 2))):
        x, y = line_label_centre(layout, pattern, won, (90, 50))
        upper, lower = cells[reel][rows[0]], cells[reel][rows[1]]
        assert x == upper.center[0]
        assert y == (upper.bottom + lower.y) // 2  # on the seam: no cell's centre under it
        for column in cells:
            for cell in column:
                assert abs(y - cell.center[1]) >= cell.h // 2 - 1


# -- item 6: type ----------------------------------------------------------------------------------


@pytest.mark.parametrize("pair", ["TI", "TH", "TE", "NT", "TR", "IT"])
def test_the_face_never_pushes_a_t_away_from_its_neighbour(pair: str) -> None:
    """pygame's freesansbold.ttf kerned these pairs apart (+3 px at 40 px): the gaps."""
    assert text_module.FONT_FILE == text_module.BUNDLED_FONT and text_module.BUNDLED_FONT.exists()
    for size in (12, 14, 16, 20, 40):
        font = text_module.Text().font(size)
        assert font.size(pair)[0] <= font.size(pair[0])[0] + font.size(pair[1])[0], size
    word = text_module.Text().render("INTRO", 14, (255, 255, 255))  # drawn: as wide as its letters' advances
    font = text_module.Text().font(14)
    assert word.get_width() <= sum(font.size(ch)[0] for ch in "INTRO")


# -- item 7: the paytable --------------------------------------------------------------------------


def test_every_pay_row_is_set_in_one_size_and_fits(classic) -> None:  # noqa: ANN001
    riches = load_game("happy-riches")
    from cabinet.presentation.scenes.info import InfoScene, pay_cards

    app = make_app(riches)
    info = InfoScene(app.ctx)
    cards = pay_cards(riches, app.session.bet)
    cols, thumb, size, _pitch = info._card_metrics()
    col_w = info.content.w // cols
    text_w = col_w - col_w // 20 - thumb - col_w // 16 - 4
    font = app.ctx.text.font(info.row_size)
    widest = max(font.size("10")[0] + info.row_size // 2 + font.size(coins)[0] + info.row_size // 2
                 + font.size(amount)[0] for card in cards for _n, coins, amount in card.rows)
    assert widest <= text_w  # "100x BET" fits at the rows' size: nothing is shrunk on its own
    assert info.row_size >= size * 3 // 4
    rules_size, pitch, _measure = info.rules_metrics()
    assert rules_size >= app.ctx.layout.fonts.body and pitch >= rules_size * 3 // 2  # not tiny, not cramped


# -- items 8 and 11: designer mode ----------------------------------------------------------------


def test_forced_rounds_are_named_after_their_scenario() -> None:
    retro = load_game("retro-reels-diamond-glitz")
    respin = next(s for s in retro.scenarios if s.respin_reel)
    assert scenario_name(retro, tuple(respin.respin_script)) == f"{respin.name} (respin)"
    assert scenario_name(retro, tuple(respin.script)) == respin.name
    assert scenario_name(retro, (999,)) == "scripted"


def test_the_designer_notice_is_centred_under_the_reels_and_not_over_panels(classic) -> None:  # noqa: ANN001
    app = make_app(classic, designer=True)
    status = app.ctx.layout.status
    cx, cy = status.center
    notice = app.ctx.text.render(HINT_TEXT, max(10, min(20, SIZE[1] // 40)), (16, 12, 20))
    half = notice.get_width() // 2
    from cabinet.designer.mode import LABEL

    assert app.screen.get_at((cx - half - 2, cy))[:3] == LABEL  # the pill's ends, either side of the centre
    assert app.screen.get_at((cx + half + 2, cy))[:3] == LABEL
    app.press([Press(Button.MENU)])  # a panel has the screen: no notice over it
    app.run_frames(2)
    assert app.screen.get_at((cx - half - 2, cy))[:3] != LABEL


def test_history_marks_a_forced_round_with_the_word(classic) -> None:  # noqa: ANN001
    from cabinet.presentation.scenes.history import HistoryScene

    with pinned_clock():
        app = make_app(classic)
        app.base.start_round(script=tuple(classic.scenarios[-1].script))
        run_until(app, lambda: not app.base.in_round, "the round's end")
        history = HistoryScene(app.ctx)
        app.stack.push(history)
        app.run_frames(2)
    row = history.row_boxes()[0]
    strip = pygame.surfarray.array3d(app.screen.subsurface(pygame.Rect(row)))
    blue = np.all(strip == MARK_COLOURS["FORCED"], axis=2)
    assert blue.sum() > row.h * 20  # a pill, not a dot
    dark_in_pill = np.all(strip[blue.any(axis=1)] < 60, axis=2).sum()
    assert dark_in_pill > 20  # with dark letters on it


# -- item 12: the lobby ----------------------------------------------------------------------------


def test_every_tile_title_is_set_in_the_same_size() -> None:
    from cabinet.kiosk.catalog import load_entries
    from cabinet.paths import sprites_dir
    from cabinet.presentation.assets import AssetCache
    from cabinet.presentation.scenes.lobby import LobbyScene

    pygame.display.init()
    pygame.display.set_mode(SIZE)
    entries, _ = load_entries(("classic", "happy-riches", "retro-reels-diamond-glitz", "lucky-christmas"))
    text = text_module.Text()
    lobby = LobbyScene(text, AssetCache(sprites_dir(), text), entries, SIZE, on_choose=lambda i: None)
    box = lobby.layout.tiles[0]
    band = int(box.h * 0.2)  # the name band's base height (issue 36: larger tiles, names in proportion)
    sizes = {lobby.name_lines(e.name, box.w, band)[0] for e in entries}
    assert len(sizes) == 1  # the long Retro name wraps rather than shrinks
    (size,) = sizes
    wanted = max(lobby.floor_size(), int(band * 0.5))
    assert wanted * 4 // 5 <= size <= wanted and size >= 11  # never under the floor at 720 lines
    for e in entries:
        lines = lobby.name_lines(e.name, box.w, band)[1]
        assert " ".join(lines) == e.name.upper() and all(text.font(size).size(line)[0] <= box.w * 0.9
                                                         for line in lines)


# -- item 4: attract -------------------------------------------------------------------------------


def test_the_attract_band_covers_the_spin_button_and_calls_to_play(classic) -> None:  # noqa: ANN001
    from cabinet.kiosk.demo import demo_factory
    from cabinet.presentation.scenes.attract import PROMPT, AttractScene

    app = make_app(classic)
    ctx = app.ctx
    show = AttractScene(ctx.text, SIZE, [demo_factory(classic, text=ctx.text, cache=ctx.cache, builder=ctx.builder,
                                                      audio=ctx.audio, settings=ctx.settings)], [classic.name])
    show.update(0.5)
    surface = pygame.Surface(SIZE)
    show.draw(surface)
    spin = show.demo.ctx.layout.buttons[Button.SPIN]
    band_top = SIZE[1] - show.band_height(SIZE)
    assert band_top < spin.y  # the whole button is under the band
    assert "TOUCH" in PROMPT and "SPIN" in PROMPT
    prompt_y = band_top + show.band_height(SIZE) * 68 // 100
    for t in (0.1, 0.4, 0.7, 1.0):  # the call to action never blinks out
        show.t = t
        show.draw(surface)
        line = pygame.surfarray.array3d(surface)[SIZE[0] // 3: SIZE[0] * 2 // 3, prompt_y - 6: prompt_y + 6]
        assert np.all(line > 235, axis=2).sum() > 40, t  # the white words are there
