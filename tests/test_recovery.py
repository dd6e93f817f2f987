"""Recovery in the cabinet: a round interrupted at any point comes back exactly where the
screen was (reels, free-spins counter, win so far), is never charged or paid twice, is
completed automatically when the game says so, and is voided with its bet returned
when its game changed since. The services' own tests cover the ledger; these start the
real cabinet (headless) on a data folder, "crash" it by abandoning it mid-round, and
start it again."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.loader import load_definition, load_game
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, RoundResult, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.machine.session import RESUME_KINDS, default_start_credits
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.resume import shown_at
from cabinet.presentation.scenes.history import marks
from cabinet.presentation.scenes.malfunction import NoticeScene
from cabinet.services.history import HISTORY_NAME, decode_history
from cabinet.services.journal import JOURNAL_NAME, Journal

ROOT = Path(__file__).resolve().parent.parent
SMALL = (640, 360)


def free_spins_seed(defn: Definition) -> int:
    """A session seed whose first round triggers free spins (searched, not assumed)."""
    bet = default_bet(defn)
    return next(s for s in range(5000) if play_round(defn, RoundRequest(bet, derive_seed(s, 0))).features)


def start(defn: Definition, data_dir: Path, seed: int, **options: object) -> App:
    app = App(defn, AppOptions(size=SMALL, seed=seed, headless=True, data_dir=data_dir, **options))  # type: ignore[arg-type]
    app.start()
    return app


def run_until(app: App, done, limit: int = 20_000, skip: bool = True) -> None:  # noqa: ANN001
    """Frames until ``done()``; while a round plays, SPIN now and then slams and skips count-ups."""
    for n in range(limit):
        if done():
            return
        if skip and app.base.in_round and n % 8 == 0:
            app.press([Press(Button.SPIN)])
        app.run_frames(1)
    raise AssertionError("condition not reached")


def free_spins(app: App) -> FreeSpinsScene | None:
    return app.stack.find(FreeSpinsScene)


def crash_inside_free_spins(defn: Definition, folder: Path, seed: int, spins_shown: int = 3) -> tuple[App, int]:
    """Play the first round until ``spins_shown`` free spins are over, then abandon the cabinet."""
    app = start(defn, folder, seed)
    credits = app.session.credits
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: (fs := free_spins(app)) is not None and fs.phase == "running" and fs.played >= spins_shown
              and app.session.progress_step > 0 and app.base.reels.all_stopped)
    app.ledger_step = app.session.ledger.ledger.open_round.step  # type: ignore[attr-defined]
    app.session.ledger.close()  # the process dies here: nothing more reaches the disk
    return app, credits


def test_a_round_interrupted_inside_free_spins_resumes_where_the_screen_was(classic: Definition,
                                                                          tmp_path: Path) -> None:
    seed = free_spins_seed(classic)
    crashed, credits = crash_inside_free_spins(classic, tmp_path, seed)
    result = crashed.session.current
    assert result is not None and result.features
    step = crashed.ledger_step  # type: ignore[attr-defined]
    assert step is not None and result.events[step - 1].kind in RESUME_KINDS
    shown = shown_at(result.events, step)
    assert shown.free is not None and shown.free.played >= 1

    app = start(classic, tmp_path, seed)
    session = app.session
    assert session.in_round and session.restored and app.base.in_round
    assert session.resume_step == step and session.credits == credits - result.cost  # charged once, not again
    assert app.ctx.hud.status == "ROUND RESTORED"
    free = free_spins(app)
    assert free is not None and free.phase == "running"  # no second intro: the feature was under way
    assert (free.total_spins, free.multiplier, free.total_win) == (
        shown.free.total_spins, shown.free.multiplier, shown.free.total_win)
    assert free.played in (shown.free.played, shown.free.played + 1)  # the next free spin may be starting
    assert app.base.reels.stops == shown.stops and app.ctx.hud.win == shown.hud_win  # same reels, win so far
    run_until(app, lambda: app.idle)
    assert session.credits == credits - result.cost + result.total_win  # paid once
    meters = session.meters
    assert (meters.games_played, meters.total_bet, meters.total_won) == (1, result.cost, result.total_win)
    assert app.base.reels.stops == result.final_stops
    (record,) = session.recent(10)
    assert record.outcome == "recovered" and marks(record) == ["RESTORED"] and record.win == result.total_win
    again = start(classic, tmp_path, seed)  # nothing left to recover: the next seed, no second payment
    assert not again.session.in_round and again.session.credits == session.credits
    assert again.session.rounds == 1 and again.base.reels.stops == result.final_stops


def test_the_restored_screen_matches_what_the_round_player_showed(classic: Definition) -> None:
    """shown_at works the screen out from the events; compare it with the real player at every
    resume point of a free-spins round."""
    seed = free_spins_seed(classic)
    app = App(classic, AppOptions(size=SMALL, seed=seed, headless=True))
    app.start()
    seen: list[tuple] = []

    class Watch:
        def round_begun(self, *args: object) -> None:
            pass

        def round_finished(self, *args: object) -> None:
            pass

        def progress(self, session: object, step: int) -> None:
            events = app.session.current.events  # type: ignore[union-attr]
            if events[step - 1].kind in RESUME_KINDS:
                free = free_spins(app)
                state = (free.played, free.total_spins, free.total_win) if free and free.phase == "running" else None
                seen.append((step, app.base.reels.stops, app.ctx.hud.win, state))

    app.session.observers.append(Watch())
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle)
    result: RoundResult = app.session.current  # type: ignore[assignment]
    assert len(seen) > 10
    for step, stops, win, free in seen:
        shown = shown_at(result.events, step)
        expected_free = (shown.free.played, shown.free.total_spins, shown.free.total_win) if shown.free else None
        if result.events[step - 1].kind == "feature_ended":
            expected_free = None  # the outro has just closed the feature
        assert (stops, win, free) == (shown.stops, shown.hud_win, expected_free), step


def auto_complete_game(folder: Path) -> Path:
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    path = folder / "classic-auto.yaml"
    path.write_text(text + "\ninterrupted_rounds: auto_complete\n", encoding="utf-8")
    return path


def test_auto_complete_games_finish_the_round_at_once_and_say_so(tmp_path: Path) -> None:
    game = auto_complete_game(tmp_path)
    defn = load_definition(game)
    assert defn.interrupted_rounds == "auto_complete"
    seed = free_spins_seed(defn)
    crashed, credits = crash_inside_free_spins(defn, tmp_path / "data", seed)
    result = crashed.session.current
    assert result is not None

    app = start(load_definition(game), tmp_path / "data", seed)
    session = app.session
    assert not session.in_round and not app.base.in_round  # nothing to play on: it was completed
    assert session.credits == credits - result.cost + result.total_win
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and "COMPLETED AUTOMATICALLY" in notice.messages[0]
    assert app.ctx.money(result.total_win) in notice.messages[0]
    (record,) = session.recent(10)
    assert record.outcome == "auto_completed" and marks(record) == ["AUTO-COMPLETED"]
    assert record.steps and record.features == ("free_spins",)  # its replay is in the history
    assert app.base.reels.stops == result.final_stops  # the round's final screen
    app.press([Press(Button.SPIN)])  # any press closes the notice
    app.run_frames(1)
    assert app.stack.top is app.base and session.rounds == 1


def test_a_round_whose_game_file_changed_is_voided_and_refunded(tmp_path: Path) -> None:
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    game = tmp_path / "classic.yaml"
    game.write_text(text, encoding="utf-8")
    defn = load_definition(game)
    seed = free_spins_seed(defn)
    crashed, credits = crash_inside_free_spins(defn, tmp_path / "data", seed)
    result = crashed.session.current
    assert result is not None and crashed.session.credits == credits - result.cost
    game.write_text(text + "\n# retuned after the crash\n", encoding="utf-8")

    app = start(load_definition(game), tmp_path / "data", seed)
    assert app.session.credits == credits and not app.session.in_round  # the bet came back
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and "VOIDED" in notice.messages[0]
    assert "CHANGED" in notice.messages[0]
    (record,) = app.session.recent(10)
    assert record.outcome == "voided" and marks(record) == ["VOIDED"] and record.credits_after == credits
    meters = app.session.meters
    assert (meters.games_played, meters.voided, meters.total_bet) == (0, 1, 0)


def test_an_interrupted_round_of_another_game_opens_that_game(classic: Definition, tmp_path: Path) -> None:
    seed = free_spins_seed(classic)
    crash_inside_free_spins(classic, tmp_path, seed)
    app = start(load_game("happy-riches"), tmp_path, seed)
    assert app.defn.id == "classic" and app.ctx.defn.id == "classic"
    assert app.session.in_round and app.ctx.hud.status == "ROUND RESTORED"
    notice = app.stack.top  # the player asked for Happy Riches: the screen says why this is Classic
    assert isinstance(notice, NoticeScene)
    assert notice.messages[0].startswith("YOUR ROUND OF CLASSIC FRUITS WAS NOT FINISHED")
    app.press([Press(Button.SPIN)])  # closes the notice only; the restored round plays on
    run_until(app, lambda: app.idle)
    assert not app.session.in_round and app.session.rounds == 1


def test_a_crash_before_anything_was_shown_replays_from_the_start(classic: Definition, tmp_path: Path) -> None:
    app = start(classic, tmp_path, 7)
    credits = app.session.credits
    result = app.session.begin_round()  # journaled and charged; the screen never showed it
    app.session.ledger.close()
    again = start(classic, tmp_path, 7)
    assert again.session.in_round and again.session.resume_step == 0
    assert again.session.credits == credits - result.cost
    run_until(again, lambda: again.idle)
    assert again.session.credits == credits - result.cost + result.total_win
    journal = Journal.open(tmp_path / JOURNAL_NAME)
    assert journal.pending() is None
    records = decode_history((tmp_path / HISTORY_NAME).read_bytes())
    assert [r.round_id for r in records] == [1]


def test_no_data_dir_means_memory_only(classic: Definition, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = App(classic, AppOptions(size=SMALL, seed=3, headless=True))
    app.start()
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle)
    assert app.session.credits != default_start_credits(classic) or app.session.rounds == 1
    assert list(tmp_path.iterdir()) == []
