"""The menu's history page and REPLAY: the last rounds from the persistent history,
byte-identical after a restart, navigable by keys, pad and touch; a replay re-runs the
round from its request, shows exactly its reels and wins, is clearly marked, and
changes no meter, credit or history entry."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.definition import Definition
from cabinet.core.loader import load_game
from cabinet.core.round import play_round
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes.history import HistoryScene, marks
from cabinet.presentation.scenes.menu import MenuScene
from cabinet.presentation.scenes.replay import RIBBON, WARNING, ReplayScene
from cabinet.services.history import HISTORY_NAME

SMALL = (640, 360)
SEED = 105  # this session's first round triggers free spins (checked below)
ROUNDS = 12


def start(defn: Definition, data_dir: Path, size: tuple[int, int] = SMALL) -> App:
    app = App(defn, AppOptions(size=size, seed=SEED, headless=True, data_dir=data_dir))
    app.start()
    return app


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture()
def played(classic: Definition, tmp_path: Path) -> tuple[Path, list[str]]:
    """12 rounds on a data folder (one of them forced), and the history as it was written."""
    app = start(classic, tmp_path)
    for i in range(ROUNDS):
        script = (2, 3, 4, 5, 6) if i == 5 else ()  # a designer's forced round
        app.session.begin_round(script)
        app.session.finish_round()
    assert app.session.recent(ROUNDS)[-1].features  # round 1 had free spins
    return tmp_path, [r.to_json() for r in app.session.recent(ROUNDS)]


def open_history(app: App) -> HistoryScene:
    app.press([Press(Button.MENU)])
    app.run_frames(1)
    assert isinstance(app.stack.top, MenuScene)
    app.press([Press(Button.ITEM, 0)])  # HISTORY
    app.run_frames(1)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    return scene


def test_history_after_a_restart_is_byte_identical(classic: Definition, played: tuple[Path, list[str]]) -> None:
    folder, written = played
    on_disk = (folder / HISTORY_NAME).read_bytes()
    app = start(classic, folder)  # a restart
    history = open_history(app)
    assert len(history.records) == ROUNDS >= 10
    assert [r.to_json() for r in history.records] == written  # newest first, exactly as played
    assert [r.round_id for r in history.records] == list(range(ROUNDS, 0, -1))
    assert (folder / HISTORY_NAME).read_bytes() == on_disk
    lines = history.lines()
    assert lines[0].startswith(f"#{ROUNDS} ") and "BET €1.00" in lines[0]
    forced = history.records[ROUNDS - 6]
    assert forced.request.forced and marks(forced) == ["FORCED"] and lines[ROUNDS - 6].endswith("FORCED")
    first = history.records[-1]
    details = dict(history.details(first))
    assert details["FEATURES"] == "FREE SPINS" and details["SPINS"].startswith("1 BASE + ")
    assert details["CREDITS"] == f"{app.ctx.money(first.credits_before)}  >  {app.ctx.money(first.credits_after)}"
    assert details["WIN"] == app.ctx.money(first.win)


def test_keys_pad_and_touch_move_through_the_list(classic: Definition, played: tuple[Path, list[str]]) -> None:
    folder, _ = played
    app = start(classic, folder)
    history = open_history(app)
    rows = history.rows()
    assert rows >= 3 and history.cursor == 0
    app.press([Press(Button.DOWN), Press(Button.DOWN)])
    assert history.cursor == 2
    app.press([Press(Button.RIGHT)])  # a page down (a pad's d-pad right)
    assert history.cursor == min(2 + rows, ROUNDS - 1) and history.offset <= history.cursor < history.offset + rows
    app.press([Press(Button.RIGHT)] * 5)
    assert history.cursor == ROUNDS - 1  # the oldest listed round, no further
    app.press([Press(Button.LEFT)] * 5 + [Press(Button.UP)])
    assert history.cursor == 0 and history.offset == 0
    regions = {p: box for box, p in history.hit_regions()}
    assert Press(Button.ITEM, 1) in regions and Press(Button.CONFIRM) in regions
    app.press([Press(Button.ITEM, 1)])  # a tap chooses a round...
    assert history.cursor == 1 and app.stack.top is history
    app.press([Press(Button.ITEM, 1)])  # ...a second tap on it replays it
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.record is history.records[1]
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert app.stack.top is history
    box = history.box()
    app.press([Press(Button.TAP, pos=(box.center[0], box.y + 3))])
    assert app.stack.top is history  # a tap on the panel keeps it open
    app.press([Press(Button.TAP, pos=(1, 1))])
    app.run_frames(1)
    assert isinstance(app.stack.top, MenuScene)


def test_a_replay_shows_the_round_as_played_and_changes_nothing(classic: Definition,
                                                                played: tuple[Path, list[str]]) -> None:
    folder, _ = played
    app = start(classic, folder)
    credits, meters = app.session.credits, app.session.meters
    before = files(folder)
    history = open_history(app)
    history.select(ROUNDS - 1)  # round 1: free spins
    record = history.records[ROUNDS - 1]
    result = play_round(classic, record.request)
    app.press([Press(Button.SPIN)])
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.result == result and not replay.warning
    sandbox = replay.sandbox
    assert sandbox is not None and sandbox.session is not app.session
    assert sandbox.session.credits == record.credits_before - record.cost  # the balance as it was
    app.run_frames(5)
    ribbon = replay.ribbon_box()
    assert tuple(app.screen.get_at((ribbon.x + ribbon.w // 2, ribbon.y + 2)))[:3] == RIBBON  # the REPLAY ribbon
    assert tuple(app.screen.get_at((1, app.screen.get_height() // 2)))[:3] == RIBBON  # the red frame
    saw_free_spins = False
    for _ in range(20_000):
        if replay.done:
            break
        saw_free_spins |= sandbox.stack.find(FreeSpinsScene) is not None
        app.run_frames(1)
    assert replay.done and saw_free_spins
    game = replay.game
    assert game.reels.stops == result.final_stops and sandbox.hud.win == result.total_win
    assert sandbox.session.credits == record.credits_after
    assert app.session.credits == credits and app.session.meters == meters and app.session.rounds == ROUNDS
    assert files(folder) == before  # no journal record, no store write, no history entry
    app.press([Press(Button.SPIN)])  # once more
    assert replay.plays == 2 and replay.playing
    app.press([Press(Button.MENU)])
    app.run_frames(1)
    assert app.stack.top is history and replay._relayout not in app.ctx.on_layout


def test_a_replay_closed_half_way_lets_its_feature_music_go(classic: Definition,
                                                           played: tuple[Path, list[str]]) -> None:
    """A replayed round's free spins take the feature loop; closing the replay mid-feature
    (or watching it again) clears its stack, and the scene's ``on_exit`` lets the loop go."""
    from cabinet.presentation.audio import FEATURE_TRACK, THEME_TRACK

    folder, _ = played
    app = start(classic, folder)
    audio = app.ctx.audio
    history = open_history(app)
    history.select(ROUNDS - 1)  # round 1: free spins
    for again in (True, False):
        if again:
            app.press([Press(Button.SPIN)])
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and replay.sandbox is not None
        sandbox = replay.sandbox
        for _ in range(20_000):
            if sandbox.stack.find(FreeSpinsScene) is not None:
                break
            app.run_frames(1)
        assert audio.track == FEATURE_TRACK
        if again:
            replay.start()  # SPIN when the replay is over: the round once more, from its first event
            assert audio.track == THEME_TRACK and sandbox.stack.find(FreeSpinsScene) is None
        else:
            app.press([Press(Button.BACK)])  # closed half-way
            app.run_frames(1)
            assert app.stack.top is history and audio.track == THEME_TRACK


def test_a_replay_warns_when_the_game_changed(classic: Definition, played: tuple[Path, list[str]]) -> None:
    folder, _ = played
    app = start(classic, folder)
    history = open_history(app)
    changed = replace(history.records[0], fingerprint="0" * 64)
    replay = ReplayScene(app.ctx, changed)
    app.stack.push(replay)
    app.run_frames(2)
    assert "CHANGED" in replay.warning
    y = replay.ribbon_box().bottom + 2
    strip = [tuple(app.screen.get_at((x, y)))[:3] for x in range(0, app.screen.get_width(), 7)]
    assert strip.count(WARNING) > len(strip) // 2  # the amber warning strip under the ribbon
    gone = replace(history.records[0], game_id="no-such-game")
    missing = ReplayScene(app.ctx, gone)
    assert missing.problem and missing.sandbox is None
    missing.draw(app.screen)  # says so instead of crashing


def test_history_and_replay_at_other_sizes(classic: Definition, played: tuple[Path, list[str]]) -> None:
    folder, _ = played
    for size in ((360, 640), (1280, 720)):
        app = start(classic, folder, size)
        history = open_history(app)
        boxes = history.row_boxes()
        assert len(boxes) == min(10, history.rows()) and all(b.inside(*size) for b in boxes)
        assert not any(a.overlaps(b) for a, b in zip(boxes, boxes[1:], strict=False))
        app.press([Press(Button.CONFIRM)])
        app.run_frames(3)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and replay.ribbon_box().inside(*size)
        assert not replay.ribbon_box().overlaps(app.ctx.layout.counter_badge)
        pygame.image.tobytes(app.screen, "RGB")  # drawn without error


def test_the_meters_card_for_an_attendant(classic: Definition, played: tuple[Path, list[str]]) -> None:
    folder, _ = played
    app = start(classic, folder)
    history = open_history(app)
    assert Press(Button.INFO) in {p for _, p in history.hit_regions()}  # the METERS button
    app.press([Press(Button.INFO)])
    assert history.audit
    rows = dict(history.meter_rows())
    m, money = app.session.meters, app.ctx.money
    assert rows["CREDITS IN"] == money(m.credits_in) and rows["TOTAL BET"] == money(ROUNDS * 100)
    assert rows["TOTAL WON"] == money(m.total_won) and rows["GAMES"] == f"{ROUNDS}  (SPIN {ROUNDS})"
    assert rows["BALANCE"].startswith("OK") and rows["CREDITS"] == money(app.session.credits)
    app.run_frames(1)
    app.press([Press(Button.DOWN)])  # choosing a round shows it again
    assert not history.audit and history.cursor == 1


def test_happy_lucky_lists_this_sessions_rounds_and_keeps_the_rest(tmp_path: Path) -> None:
    """Happy Lucky Slot's sheet: History "displays previous rounds from the current session"
    (``history: session``). After a restart the page starts empty, lists the new session's rounds,
    and the round a crash interrupted (settled at the restart) counts as the session's; the kept
    history on disk still holds every round."""
    lucky = load_game("happy-lucky-slot")
    assert lucky.history == "session" and load_game("classic").history == "kept"
    first = start(lucky, tmp_path)
    for _ in range(3):
        first.session.begin_round(())
        first.session.finish_round()
    assert [r.round_id for r in open_history(first).records] == [3, 2, 1]
    first.session.ledger.close()

    second = start(lucky, tmp_path)  # a new session: nothing played in it yet
    history = open_history(second)
    assert history.records == () and history.title == "SESSION HISTORY"
    history.draw(second.screen)
    assert len(second.session.recent(50)) == 3  # kept, across the restart
    second.press([Press(Button.BACK)])
    second.run_frames(1)
    for _ in range(2):
        second.session.begin_round(())
        second.session.finish_round()
    second.session.begin_round(())  # round 6: charged, then the power goes
    second.session.ledger.close()

    third = start(lucky, tmp_path)  # the restart settles round 6 and plays it on
    assert third.session.in_round  # round 6 plays on from where it stopped
    for _ in range(300):
        if not third.session.in_round:
            break
        third.run_frames(30)
    assert not third.session.in_round
    assert [r.round_id for r in open_history(third).records] == [6]
    assert [r.round_id for r in third.session.recent(50)] == [6, 5, 4, 3, 2, 1]

    kept = start(load_game("classic"), tmp_path / "classic")
    kept.session.begin_round(())
    kept.session.finish_round()
    kept.session.ledger.close()
    again = start(load_game("classic"), tmp_path / "classic")
    assert [r.round_id for r in open_history(again).records] == [1]  # other games list every kept round
