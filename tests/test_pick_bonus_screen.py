"""The pick bonus on screen (issue 35, item 1): hidden tiles over the dimmed game, a cursor the
arrow keys move, SPIN confirms; the choice is journaled by the session and the tile flips to its
prize; a tap on a tile picks it. Pixels are read at known places of the tiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.loader import load_definition
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.mechanics.pick_bonus.view import CURSOR, TILE_BACK, TILE_FACE, PickScene
from tests.screen_helpers import frame, make_app, run_until

TOY = Path(__file__).parent / "games" / "picks" / "toy-picks.yaml"
PICK = (1, 1, 1, 2, 2)  # BONUS x3, then the prizes: 5x, then x2


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_definition(TOY)


def waiting_scene(app) -> PickScene:  # noqa: ANN001
    run_until(app, lambda: (s := app.stack.find(PickScene)) is not None and s.waiting)
    return app.stack.find(PickScene)  # type: ignore[no-any-return]


def back_point(rect) -> tuple[int, int]:  # noqa: ANN001
    return rect.centerx, rect.y + max(3, rect.h // 12)  # above the art, inside the rounded corners


def test_the_player_picks_with_the_arrows_and_spin_and_the_tile_flips(toy) -> None:  # noqa: ANN001
    app = make_app(toy)
    assert app.base.start_round(script=PICK)
    scene = waiting_scene(app)
    session = app.session
    assert session.current.awaiting == "bottles:pick" and session.current.request.interactive
    rects = scene.tile_rects()
    shot = frame(app)
    assert tuple(shot.get_at(back_point(rects[0])))[:3] == TILE_BACK
    assert tuple(shot.get_at((rects[0].centerx, rects[0].y - 3)))[:3] == CURSOR  # the cursor rings tile 1
    app.press([Press(Button.RIGHT), Press(Button.RIGHT), Press(Button.SPIN)])
    run_until(app, lambda: scene.revealed.get(2) is not None and not scene.flipping)
    assert session.current.request.decisions == ("3",)
    assert tuple(frame(app).get_at(back_point(rects[2])))[:3] == TILE_FACE  # tile 3 shows its prize
    # the second pick by touch: tile 5
    scene = waiting_scene(app)
    regions = dict((p.index, r) for r, p in scene.hit_regions())
    assert 2 not in regions and set(regions) == {0, 1, 3, 4, 5}
    app.press([Press(Button.ITEM, index=4)])
    run_until(app, lambda: not session.in_round)
    assert session.last_record is not None
    assert session.history[-1].request.decisions == ("3", "5")
    assert session.history[-1].total_win == 5 * 2 * session.history[-1].request.bet.total


def test_autoplay_attract_and_tools_pick_by_the_games_rule(toy) -> None:  # noqa: ANN001
    from cabinet.kiosk.demo import DemoSession
    from cabinet.machine.session import GameSession

    session = GameSession(toy, seed=1)
    session.add_credits()  # tools (shots, benchmarks) and autoplay: players_choose is off
    result = session.begin_round(PICK)
    assert result.awaiting is None and not result.request.interactive
    session.finish_round()
    session.players_choose = True  # the player at the screen
    assert session.begin_round(PICK).awaiting == "bottles:pick"
    demo = DemoSession(toy)
    demo.players_choose = True
    assert demo.begin_round(PICK).awaiting is None  # attract mode never waits for a player


def test_the_ladder_lights_the_rung_held_and_the_choice_under_the_cursor(toy) -> None:  # noqa: ANN001
    from cabinet.presentation.mechanics.pick_bonus.view import RUNG_LIT, RUNG_OFF, RUNG_PASSED

    app = make_app(toy)
    assert app.base.start_round(script=(2, 0, 2, 0))  # LAD on reels 1 and 3, then a climb
    scene = waiting_scene(app)
    app.press([Press(Button.SPIN)])  # CLIMB (the cursor starts on it)
    run_until(app, lambda: scene.waiting and scene.rung == 1)
    rungs, choices = scene.rung_rects(), scene.choice_rects()
    shot = frame(app)
    at = lambda rect: tuple(shot.get_at((rect.x + 6, rect.centery)))[:3]  # noqa: E731 - left of the words
    assert (at(rungs[0]), at(rungs[1]), at(rungs[2])) == (RUNG_PASSED, RUNG_LIT, RUNG_OFF)
    assert at(choices[1]) != at(choices[0])  # CLIMB lit under the cursor, TAKE not
    app.press([Press(Button.UP), Press(Button.SPIN)])  # TAKE: rung 2 pays 2x
    run_until(app, lambda: not app.session.in_round)
    assert app.session.history[-1].request.decisions == ("climb", "take")
    assert app.session.history[-1].total_win == 2 * app.session.history[-1].request.bet.total


def test_the_info_pages_describe_each_bonus_from_its_yaml(toy) -> None:  # noqa: ANN001
    from cabinet.core.bet import default_bet
    from cabinet.presentation.mechanics.pick_bonus.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    writer = Writer(toy, default_bet(toy))
    sections = {f.name: rules(writer, f) for f in toy.features}
    pick = " ".join(p.text for p in sections["bottles"].paras)
    assert "3 or more BONUS anywhere" in pick and "6 hidden tiles" in pick and "2 of them" in pick
    ladder = " ".join(p.text for p in sections["ladder"].paras)
    assert "takes the prize of the rung held, or climbs" in ladder and "Autoplay takes the prize on rung 3" in ladder
    lucky = " ".join(p.text for p in sections["lucky"].paras)
    assert "lucky slot of 3 reels" in lucky and "3: 2 spins" in lucky


def start_cabinet(defn, data_dir):  # noqa: ANN001, ANN201
    """A headless cabinet on ``data_dir`` (a restart when the folder holds a journal)."""
    from cabinet.app import App, AppOptions

    app = App(defn, AppOptions(size=(640, 360), seed=4, headless=True, data_dir=data_dir))
    app.start()
    return app


def killed_after_the_first_pick(defn, data_dir):  # noqa: ANN001, ANN201
    """(credits before, the round's request): tile 3 picked and journaled, then the process dies
    waiting for the second pick."""
    app = start_cabinet(defn, data_dir)
    credits = app.session.credits
    assert app.base.start_round(script=PICK)
    scene = waiting_scene(app)
    app.press([Press(Button.RIGHT), Press(Button.RIGHT), Press(Button.SPIN)])  # tile 3
    run_until(app, lambda: len(scene.picked) == 1 and scene.waiting)
    request = app.session.current.request
    app.session.ledger.close()
    return credits, request


def test_a_cabinet_killed_mid_bonus_shows_the_same_pick_again(toy, tmp_path) -> None:  # noqa: ANN001
    credits, _ = killed_after_the_first_pick(toy, tmp_path)

    again = start_cabinet(toy, tmp_path)
    session = again.session
    assert session.in_round and session.restored and session.current.awaiting == "bottles:pick"
    rebuilt = waiting_scene(again)
    assert rebuilt.picked == [2] and 2 in rebuilt.revealed  # tile 3 still shows its prize
    assert tuple(frame(again).get_at(back_point(rebuilt.tile_rects()[2])))[:3] == TILE_FACE
    again.press([Press(Button.SPIN)])  # the cursor on the first tile left: tile 1
    run_until(again, lambda: not session.in_round)
    record = session.history[-1]
    assert record.request.decisions == ("3", "1")
    assert session.credits == credits - record.cost + record.total_win == credits - record.cost + 10 * record.cost


def test_a_cabinet_killed_mid_pick_completes_it_by_the_autopick_rule_when_its_rules_say_so(toy, tmp_path) -> None:  # noqa: ANN001
    import dataclasses

    from cabinet.core.round import play_round

    auto = dataclasses.replace(toy, interrupted_rounds="auto_complete")
    credits, request = killed_after_the_first_pick(auto, tmp_path)

    again = start_cabinet(auto, tmp_path)
    session = again.session
    assert not session.in_round  # completed at start-up: nothing waits for the player
    record = session.ledger.last_record()
    assert record is not None and record.outcome == "auto_completed"
    assert record.request.decisions == ("3", "1")  # autopick: first, the first tile not picked
    uninterrupted = play_round(auto, dataclasses.replace(request, decisions=("3", "1")))
    assert uninterrupted.awaiting is None and record.win == uninterrupted.total_win == 10 * record.cost
    assert session.credits == credits - record.cost + record.win
    third = start_cabinet(auto, tmp_path)  # and a restart after it pays nothing again
    assert third.session.credits == session.credits and not third.session.in_round
