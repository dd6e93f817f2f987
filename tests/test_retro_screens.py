"""Retro Reels Diamond Glitz on screen (issue 5): respin tags, respin buttons (mouse,
keys 1-5, the pad's d-pad and A), held reels dimmed, prices redrawn on a coin change,
refusals that charge nothing, the free-spin screens, the line choice and the intro card.

Rounds are forced with ``RoundRequest.script``: the stops are found on the strips here,
so the tests follow the game's YAML when its math is retuned."""

from __future__ import annotations

import pygame
import pytest
from screen_helpers import make_app, run_until

from cabinet.app import App, AppOptions
from cabinet.core.bet import Bet
from cabinet.core.events import FeatureEnded, FeatureStarted
from cabinet.core.round import RoundRequest, play_round, respin_prices
from cabinet.machine.buttons import Button, Press
from cabinet.paths import DEFAULT_GAME
from cabinet.presentation.hud import GOLD
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes.bet_selector import COLUMN_STRIDE, BetSelectorScene
from cabinet.presentation.scenes.intro import IntroScene, key_features

GAME = "retro-reels-diamond-glitz"
SMALL = (640, 360)


def stops_with(strips, rows: int, symbol: str, on: tuple[int, ...]) -> tuple[int, ...]:  # noqa: ANN001
    """Stops that show ``symbol`` on the top row of the reels in ``on`` and nowhere else."""
    out = []
    for i, strip in enumerate(strips):
        n = len(strip)
        shows = [s for s in range(n) if symbol in (strip[(s + r) % n] for r in range(rows))]
        out.append(strip.index(symbol) if i in on else next(s for s in range(n) if s not in shows))
    return tuple(out)


def base_script(defn, on: tuple[int, ...] = ()) -> tuple[int, ...]:  # noqa: ANN001
    return stops_with(defn.reels[defn.base_game.reel_sets[0].set], defn.grid.rows, "BONUS", on)


def losing_script(defn) -> tuple[int, ...]:  # noqa: ANN001
    """A screen that pays nothing and triggers nothing (found by trying stops in turn)."""
    strips = defn.reels[defn.base_game.reel_sets[0].set]
    for k in range(1, 500):
        stops = tuple((k * (7 + 3 * i)) % len(strip) for i, strip in enumerate(strips))
        result = play_round(defn, RoundRequest(Bet(20, 1, 1), 0, script=stops))
        if result.total_win == 0 and not result.features:
            return stops
    raise AssertionError("no losing screen found")


def play_forced(app: App, script: tuple[int, ...]) -> None:
    """A forced spin through the normal path, shown to its end, its presentation ended."""
    assert app.base.start_round(script=script)
    run_until(app, lambda: app.idle)
    app.base.end_presentation()
    app.run_frames(1)


def tag_rim(app: App, reel: int) -> tuple[int, int, int]:
    tag = app.ctx.layout.tags[reel]
    return tuple(app.screen.get_at((tag.x + tag.w // 2, tag.y + 1)))[:3]


def test_the_respin_tags_show_under_each_reel_after_a_spin(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    app.run_frames(1)
    assert [tag_rim(app, i) for i in range(5)] != [GOLD] * 5  # no tags before the first spin
    play_forced(app, base_script(retro))  # no BONUS: no feature, so a respin is offered
    offer = app.session.offer
    assert offer is not None and all(p is not None and p >= app.session.bet.coin_value for p in offer)
    assert offer == respin_prices(retro, app.session.bet, app.session.current.final_stops, "base")
    app.stack.draw(app.screen)
    assert [tag_rim(app, i) for i in range(5)] == [GOLD] * 5  # a gold-rimmed tag under every reel
    regions = {p.button: box for box, p in app.stack.hit_regions()}
    for i in range(5):  # each tag is its reel's RESPIN button for a click or a touch
        assert regions[Button(f"RESPIN_{i + 1}")] == app.ctx.layout.tags[i]
    assert "RESPIN ANY REEL" in app.ctx.hud.status


def test_a_respin_spins_one_reel_alone_dimming_the_others_and_repeats_at_the_price_shown(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    play_forced(app, base_script(retro))
    played: list[str] = []
    app.ctx.audio.play = lambda name, *a, **k: played.append(name)  # type: ignore[method-assign]
    for reel in (2, 2, 4):  # the same reel twice, then another: each at the price then shown
        price, credits = app.session.offer[reel], app.session.credits
        held = app.base.reels.stops
        app.press([Press(Button(f"RESPIN_{reel + 1}"))])
        app.run_frames(8)
        reels = app.base.reels.reels
        assert reels[reel].moving and not any(r.moving for i, r in enumerate(reels) if i != reel)
        cell = app.ctx.layout.cells[(reel + 1) % 5][1]
        symbol = app.base.reels.visible(3)[(reel + 1) % 5][1]
        shown = app.screen.get_at(cell.center)
        plain = app.ctx.art.tiles[symbol].get_at((cell.w // 2, cell.h // 2))
        assert sum(tuple(shown)[:3]) < sum(tuple(plain)[:3])  # a held reel is dimmed
        assert "respin" in played  # the respin's own sound
        run_until(app, lambda: app.idle)
        result = app.session.current
        assert result.request.kind == "respin" and result.request.respin_reel == reel and result.cost == price
        assert app.session.credits == credits - price + result.total_win
        assert all(app.base.reels.stops[i] == held[i] for i in range(5) if i != reel)
        app.base.end_presentation()


def test_keys_and_the_pad_pick_a_reel(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    play_forced(app, base_script(retro))
    app.press([Press(Button.RIGHT)])  # the d-pad: the first press picks the middle reel
    assert app.base.respin_cursor == 2 and "RESPIN REEL 3" in app.ctx.hud.status
    app.press([Press(Button.RIGHT), Press(Button.RIGHT), Press(Button.RIGHT)])
    assert app.base.respin_cursor == 4  # it stops at the last reel
    app.press([Press(Button.LEFT)])
    app.stack.draw(app.screen)
    column = app.ctx.layout.columns[3]
    assert tuple(app.screen.get_at((column.x - 2, column.center[1])))[:3] == (255, 232, 160)  # outlined
    app.press([Press(Button.BACK)])
    assert app.base.respin_cursor is None and app.session.rounds == 1  # BACK cancels, nothing played
    app.press([Press(Button.LEFT)])  # picks the middle reel again (no respin played yet)
    assert app.base.respin_cursor == 2
    price = app.session.offer[1]
    app.press([Press(Button.LEFT), Press(Button.SPIN)])  # A confirms: reel 2
    assert app.session.current.request.respin_reel == 1 and app.session.current.cost == price
    assert app.base.respin_cursor is None  # the next A is a plain SPIN again
    run_until(app, lambda: app.idle)
    app.press([Press(Button.RIGHT)])  # the first d-pad press now picks the reel respun last
    assert app.base.respin_cursor == 1
    app.press([Press(Button.BACK), Press(Button.RESPIN_5)])  # a key 1-5 press
    assert app.session.current.request.respin_reel == 4


def test_prices_are_recomputed_and_redrawn_when_the_coin_size_changes(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    play_forced(app, base_script(retro))
    before = app.session.offer
    app.stack.draw(app.screen)
    tag = app.ctx.layout.tags[0]
    drawn = pygame.image.tobytes(app.screen.subsurface(tag), "RGB")
    app.press([Press(Button.BET_SELECT)])
    selector = app.stack.top
    assert isinstance(selector, BetSelectorScene)
    coin_column = [c.title for c in selector.columns()].index("COIN VALUE")
    app.press([Press(Button.ITEM, coin_column * COLUMN_STRIDE + 2)])  # coin size 0.05
    bet = app.session.bet
    assert bet.coin_value == 5
    after = app.session.offer
    assert after == respin_prices(retro, bet, app.session.current.final_stops, "base") and after != before
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert pygame.image.tobytes(app.screen.subsurface(tag), "RGB") != drawn  # the tag shows the new price
    assert "RESPIN PRICES UPDATED" in app.ctx.hud.status
    app.press([Press(Button.RESPIN_1)])
    assert app.session.current.cost == after[0]  # charged the new price


def test_refused_respins_say_why_and_charge_nothing(retro) -> None:  # noqa: ANN001
    bet = Bet(20, 1, 1)
    app = make_app(retro, seed=3, start_credits=bet.total)  # one spin's worth
    app.press([Press(Button.RESPIN_2)])  # before any spin
    assert "SPIN FIRST" in app.ctx.hud.status and app.session.rounds == 0
    play_forced(app, losing_script(retro))
    credits, rounds = app.session.credits, app.session.rounds
    assert credits == 0 and app.session.offer is not None and app.session.offer[1] > 0
    app.press([Press(Button.RESPIN_2)])
    assert app.ctx.hud.status.startswith("NOT ENOUGH CREDITS TO RESPIN REEL 2")
    assert (app.session.credits, app.session.rounds, app.base.in_round) == (credits, rounds, False)


def test_no_respin_during_free_spins_nor_straight_after_them(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    script = base_script(retro, on=(0, 1, 2))  # three BONUS: free spins
    assert app.base.start_round(script=script)
    run_until(app, lambda: (f := app.stack.find(FreeSpinsScene)) is not None and f.phase == "running")
    credits, rounds = app.session.credits, app.session.rounds
    app.press([Press(Button.RESPIN_3)])
    assert app.ctx.hud.status == "RESPIN IS NOT AVAILABLE DURING FREE SPINS"
    assert (app.session.credits, app.session.rounds) == (credits, rounds)
    app.run_frames(5)
    while not app.idle:  # slam the free spins to the end
        app.press([Press(Button.SPIN)])
        app.run_frames(12)
    assert app.session.current.features == ("free_spins",) and app.session.offer is None
    app.run_frames(2)
    assert "RESPINS RETURN" in app.ctx.hud.status
    credits = app.session.credits
    app.press([Press(Button.RESPIN_1)])
    assert app.ctx.hud.status == "RESPIN IS NOT AVAILABLE AFTER A FEATURE - PRESS SPIN"
    assert app.session.credits == credits and app.session.rounds == rounds
    app.base.end_presentation()
    play_forced(app, base_script(retro))  # SPIN brings the respins back
    assert app.session.offer is not None


def test_the_free_spin_counter_and_x2_badge_show_during_free_spins(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    layout = app.ctx.layout

    def rim(box) -> tuple[int, int, int]:  # noqa: ANN001
        return tuple(app.screen.get_at((box.x + box.w // 2, box.y + 1)))[:3]

    app.run_frames(1)
    assert rim(layout.counter_badge) != GOLD and rim(layout.multiplier_badge) != GOLD
    free_strips = retro.reels[retro.features[0].reel_sets[0].set]
    retrigger = stops_with(free_strips, retro.grid.rows, "BONUS", (0, 1, 2))  # the first free spin retriggers
    credits = app.session.credits
    assert app.base.start_round(script=base_script(retro, on=(0, 1, 2)) + retrigger)
    result = app.session.current
    started = next(e for e in result.events if isinstance(e, FeatureStarted))
    ended = next(e for e in result.events if isinstance(e, FeatureEnded))
    run_until(app, lambda: app.stack.find(FreeSpinsScene) is not None)
    free = app.stack.find(FreeSpinsScene)
    assert free.phase == "intro" and free.total_spins == started.spins == 15 and free.multiplier == 2
    run_until(app, lambda: free.popup != "")  # the retrigger celebration
    assert free.popup == "+15 FREE SPINS" and free.total_spins == 30
    assert app.ctx.hud.status == "RETRIGGER! +15 FREE SPINS: 30 IN ALL"  # not the award any more
    app.stack.draw(app.screen)
    assert rim(layout.counter_badge) == GOLD and rim(layout.multiplier_badge) == GOLD  # counter and x2 badge
    cx, cy = layout.reel_window.center
    banner_top = next(y for y in range(layout.reel_window.y, cy) if tuple(app.screen.get_at((cx, y)))[:3] == GOLD)
    assert banner_top > layout.reel_window.y  # the banner's gold rim over the reels
    run_until(app, lambda: free.played == 2)
    assert app.ctx.hud.status == "FREE SPIN 2 OF 30"  # the status line follows the counter
    while free.phase != "outro":
        app.press([Press(Button.SPIN)])
        app.run_frames(12)
    assert free.total_win == ended.total and free.played == ended.spins_played
    run_until(app, lambda: app.idle)
    assert app.session.credits == credits - result.cost + result.total_win
    assert app.ctx.hud.win == result.total_win


def test_the_bet_selector_offers_lines_coins_per_line_and_coin_size(retro) -> None:  # noqa: ANN001
    app = make_app(retro, seed=3)
    app.press([Press(Button.BET_SELECT)])
    selector = app.stack.top
    titles = [c.title for c in selector.columns()]
    assert titles == ["LINES", "COINS PER LINE", "COIN VALUE"]
    lines, coins, values = selector.columns()
    assert lines.labels == tuple(str(n) for n in range(1, 21)) and coins.labels[-1] == "20"
    app.press([Press(Button.ITEM, 0 * COLUMN_STRIDE + 6), Press(Button.ITEM, 1 * COLUMN_STRIDE + 19)])
    assert app.session.bet == Bet(7, 20, 1) and app.session.bet.total == 140
    boxes = selector.boxes()
    assert all(b.h >= app.ctx.layout.ui_button * 2 // 3 for b in boxes[0])  # 20 choices stay big enough to touch


def test_the_intro_card_lists_the_key_features(retro) -> None:  # noqa: ANN001
    assert [c.title for c in key_features(retro)] == ["FREE SPINS", "ALL WINS x2", "RESPIN ANY REEL"]
    app = make_app(retro, seed=3)
    assert app.base.show_intro()
    intro = app.stack.top
    assert isinstance(intro, IntroScene)
    app.run_frames(2)
    credits = app.session.credits
    app.press([Press(Button.SPIN)])  # SPIN continues to the game: no round is played
    app.run_frames(1)
    assert app.stack.top is app.base and app.session.rounds == 0 and app.session.credits == credits


def test_retro_is_the_default_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 5: `cabinet` plays Retro by default. With several games plain `cabinet` opens the
    lobby (issue 7) with Retro highlighted, so one SPIN / ENTER / A plays it; headless runs,
    `cabinet shot` and `cabinet play` without a game in a one-game folder use it directly."""
    from cabinet.commands import play as play_command
    from cabinet.kiosk import launch
    from cabinet.kiosk.catalog import load_entries
    from cabinet.kiosk.shell import Shell, ShellOptions

    assert DEFAULT_GAME == GAME
    assert launch.default_game(headless=True) == GAME
    parser = __import__("argparse").ArgumentParser()
    play_command.add_arguments(parser)
    assert parser.parse_args([]).game is None  # no game named: the launcher decides (lobby or default)
    made: list[ShellOptions] = []

    class FakeShell:
        def __init__(self, entries, options, shell_options) -> None:  # noqa: ANN001
            made.append(shell_options)

        def run(self) -> int:
            return 0

    monkeypatch.setattr("cabinet.kiosk.shell.Shell", FakeShell)
    assert launch.run_lobby(AppOptions(headless=True)) == 0
    assert made[0].preselect == GAME
    entries, _ = load_entries()
    shell = Shell(entries, AppOptions(size=SMALL, seed=1, headless=True), made[0])
    shell.start()
    shell.run_frames(1)
    assert entries[shell.lobby.cursor].id == GAME  # highlighted on the first showing
    shell.frame(1 / 60, [Press(Button.CONFIRM)])
    assert shell.app is not None and shell.app.defn.id == GAME  # one press plays it
