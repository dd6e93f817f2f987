"""A bought feature killed mid-round (issue 34): the buy's cost is charged once, the round comes
back in its mode (resumed where the screen was, or replayed from its seed when nothing was shown
yet), is paid once, and history, the per-mode meters and a third start agree.

As in ``test_recovery.py`` the cabinet runs headless on a data folder and "dies" by closing its
ledger mid-round (nothing more reaches the disk), then starts again on the same folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_helpers import run_until

from cabinet.app import App, AppOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import hud
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.services.audit import Audit

BUY = "buy_free_spins"
SEED = 7


def start(defn: object, folder: Path) -> App:
    app = App(defn, AppOptions(size=(640, 360), seed=SEED, headless=True, data_dir=folder))  # type: ignore[arg-type]
    app.start()
    return app


def skip_through(app: App, done, limit: int = 20_000) -> None:  # noqa: ANN001
    count = [0]

    def check() -> bool:
        count[0] += 1
        if app.base.in_round and count[0] % 8 == 0:
            app.press([Press(Button.SPIN)])
        return bool(done())

    run_until(app, check, limit)


def free_spins(app: App) -> FreeSpinsScene | None:
    return app.stack.find(FreeSpinsScene)


def buy(app: App) -> None:
    app.press([Press(Button.BUY)])
    app.run_frames(2)
    app.press([Press(Button.CONFIRM)])


def crash(app: App) -> None:
    app.session.ledger.close()  # the process dies here: nothing more reaches the disk


@pytest.mark.parametrize("when", ["inside the free spins", "before anything was shown"])
def test_a_buy_killed_mid_round_is_charged_once_resumes_in_its_mode_and_is_paid_once(
        cabinet_modes, tmp_path: Path, when: str) -> None:  # noqa: ANN001
    app = start(cabinet_modes, tmp_path)
    credits = app.session.credits
    buy(app)
    result = app.session.current
    assert result is not None and result.request.mode == BUY and result.cost == 1_700
    if when == "inside the free spins":
        skip_through(app, lambda: (fs := free_spins(app)) is not None and fs.phase == "running" and fs.played >= 2
                     and app.session.progress_step > 0 and app.base.reels.all_stopped)
        step = app.session.ledger.ledger.open_round.step  # type: ignore[attr-defined]
        assert step
    crash(app)

    again = start(cabinet_modes, tmp_path)
    session = again.session
    assert session.in_round and session.restored and again.base.in_round
    assert session.current is not None and session.current.request == result.request  # its mode, its seed
    assert session.current.events == result.events  # the same round, replayed from its seed
    assert session.credits == credits - 1_700  # the buy's cost, charged once (not again)
    assert again.ctx.hud.status == "ROUND RESTORED"
    again.run_frames(2)
    assert again.ctx.hud.mode == BUY and hud.meter_values(again.ctx)["bet"][0] == "€17.00"  # the deck says so
    if when == "inside the free spins":
        fs = free_spins(again)
        assert fs is not None and fs.phase == "running" and fs.played >= 2  # resumed where it was
    skip_through(again, lambda: not session.in_round and again.stack.top is again.base)
    assert session.credits == credits - 1_700 + result.total_win  # paid once
    meters = session.meters
    assert (meters.games_played, meters.total_bet, meters.total_won) == (1, 1_700, result.total_win)
    (record,) = session.recent(10)
    assert record.outcome == "recovered" and record.request.mode == BUY and record.cost == 1_700
    assert session.mode == "base"  # a buy is one round: the next spin is a base spin
    again.operator.audit.catch_up(session.recent(50))  # folded after the round already: nothing twice
    modes = Audit.open(tmp_path).games["cabinet-modes"].master.modes  # as saved on disk
    assert modes == {BUY: {"rounds": 1, "total_in": 1_700, "total_out": result.total_win}}
    history = HistoryScene(again.ctx)
    assert dict(history.details(record))["MODE"] == "BUY FREE SPINS"
    third = start(cabinet_modes, tmp_path)  # nothing left to recover: no second charge, no second payment
    assert not third.session.in_round and third.session.credits == session.credits and third.session.rounds == 1
