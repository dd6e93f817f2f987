"""``cabinet play GAME --watch``, headless: an edited pay is live within a second, the balance
and bet stay, an invalid edit shows its errors and the old game keeps running, and a change
made during a round waits for the round's end."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
from screen_helpers import edit

from cabinet.app import FPS, App, AppOptions
from cabinet.core.bet import Bet
from cabinet.core.loader import load_definition
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.base import BaseGameScene
from cabinet.services.session_ledger import definition_fingerprint

SMALL = (640, 360)
SEVEN_PAYS = "SEVEN:      {3: 75, 4: 250, 5: 1250}"
BROKEN = "SEVEN:      {3: 75, 4: x, 5: -5}"  # two mistakes on one line
BIG_WIN = 2  # classic's third scenario: five SEVENs on line 1 (and three on line 13)




def watched(path: Path, **options: object) -> App:
    app = App(load_definition(path), AppOptions(size=SMALL, seed=5, headless=True, watch=path, **options))
    app.start()
    return app


def finish_round(app: App, limit: int = 20_000) -> None:
    for _ in range(limit):
        if not app.base.in_round:
            return
        app.run_frames(1, draw_every=10)
    raise AssertionError("the round did not finish")


def test_a_changed_pay_is_live_within_a_second_and_pays(game_file: Path) -> None:
    app = watched(game_file)
    session = app.session
    assert session.set_bet(Bet(20, 2, 5))  # 20 lines x 2 coins x 0.05: the bet must survive the reload
    credits = session.credits
    old_base = app.base
    old_fingerprint = session.game.fingerprint

    edit(game_file, SEVEN_PAYS, "SEVEN:      {3: 75, 4: 250, 5: 2500}")
    app.run_frames(FPS)  # one second
    assert app.designer.reloader.reloads == 1 and app.designer.reloader.errors == []
    assert session.defn.pays["SEVEN"][5] == 2500 and app.defn is session.defn is app.ctx.defn
    assert app.base is not old_base and isinstance(app.base, BaseGameScene) and list(app.stack) == [app.base]
    assert session.bet == Bet(20, 2, 5) and session.credits == credits
    assert session.game.fingerprint == definition_fingerprint(session.defn) != old_fingerprint  # journaled

    assert app.designer.play_scenario(BIG_WIN)
    finish_round(app)
    # line 1: SEVEN x5 = 2500 coins per line-coin; line 13: SEVEN x3 = 75; 2 coins of 0.05 each
    assert session.history[-1].total_win == (2500 + 75) * 2 * 5 == 25_750
    assert session.credits == credits - 200 + 25_750


def test_a_bet_the_new_rules_forbid_becomes_the_nearest(game_file: Path) -> None:
    app = watched(game_file)
    edit(game_file, '"0.02", "0.05", "0.10"', '"0.02", "0.10"')
    edit(game_file, 'default_coin_value: "0.05"', 'default_coin_value: "0.10"')
    app.run_frames(FPS)
    assert app.designer.reloader.reloads == 1
    assert app.session.bet == Bet(20, 5, 1)  # 1.00 as before: 20 lines x 5 coins x 0.01


def test_an_invalid_edit_keeps_the_old_game_and_shows_the_errors(game_file: Path) -> None:
    app = watched(game_file)
    good = app.session.defn
    before = app.screen.copy()
    edit(game_file, SEVEN_PAYS, BROKEN)
    app.run_frames(FPS)
    reloader = app.designer.reloader
    assert reloader.reloads == 0
    assert app.session.defn is good and app.defn is good and good.pays["SEVEN"][5] == 1250
    assert len(reloader.errors) >= 2
    for line in reloader.errors:
        assert re.match(rf"{re.escape(str(game_file))}:\d+:\d+: ", line), line
    assert any("-5" in line for line in reloader.errors) and any("'x'" in line for line in reloader.errors)
    # The error panel across the bottom: dark red where the deck was
    rect = app.designer.error_rect
    assert rect.bottom == SMALL[1] and rect.w == SMALL[0] and rect.h > 40
    x, y = SMALL[0] - 4, rect.y + 4
    r, g, b, _ = app.screen.get_at((x, y))
    assert r > 80 and g < 40 and b < 50, (r, g, b)
    assert before.get_at((x, y)) != app.screen.get_at((x, y))
    # the old game still plays
    app.press([Press(Button.SPIN)])
    assert app.base.in_round
    finish_round(app)
    assert app.session.rounds == 1
    # a good save clears the panel and reloads
    edit(game_file, BROKEN, SEVEN_PAYS)
    app.run_frames(FPS)
    assert reloader.errors == [] and reloader.reloads == 1
    app.draw()
    assert app.screen.get_at((x, y))[:3] != (r, g, b)


def test_a_change_during_a_round_waits_for_its_end(game_file: Path) -> None:
    app = watched(game_file)
    app.press([Press(Button.SPIN)])
    edit(game_file, SEVEN_PAYS, "SEVEN:      {3: 80, 4: 250, 5: 1250}")
    app.run_frames(30)
    assert app.base.in_round, "the test needs the round still on screen"
    reloader = app.designer.reloader
    assert reloader.reloads == 0 and reloader.deferred and app.session.defn.pays["SEVEN"][3] == 75
    app.draw()  # the RELOAD AFTER THIS ROUND tag
    finish_round(app)
    app.run_frames(2)
    assert reloader.reloads == 1 and not reloader.deferred and app.session.defn.pays["SEVEN"][3] == 80


def test_changed_sprites_are_read_again(game_file: Path) -> None:
    app = watched(game_file)
    cache = app.ctx.cache
    app.designer.reloader.note({"sprites"})
    app.run_frames(1)
    assert app.designer.reloader.reloads == 1
    assert app.ctx.cache is not cache  # a fresh cache: every file is loaded from disk again
    assert app.ctx.art.tiles.keys() == {s.id for s in app.defn.symbols}


def test_changed_sounds_are_read_again(game_file: Path) -> None:
    app = watched(game_file)
    audio = app.ctx.audio
    app.designer.reloader.note({"sounds"})
    app.run_frames(1)
    assert app.ctx.audio is not audio and app.base.ctx.audio is app.ctx.audio
    app.press([Press(Button.SPIN)])
    app.run_frames(2)
    assert "spin_start" in app.ctx.audio.played  # the new scenes play through the new sounds


def test_without_watch_nothing_is_watched(game_file: Path) -> None:
    app = App(load_definition(game_file), AppOptions(size=SMALL, seed=5, headless=True))
    app.start()
    assert app.designer is None
    edit(game_file, SEVEN_PAYS, "SEVEN:      {3: 75, 4: 250, 5: 2500}")
    app.run_frames(FPS)
    assert app.session.defn.pays["SEVEN"][5] == 1250
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    app.run_frames(2)
    assert app.session.rounds == 0  # F1 is nothing outside designer mode
