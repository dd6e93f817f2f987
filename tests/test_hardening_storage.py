"""Storage and recovery hardening (issue 16, defects 1-5 and 15).

A full disk is simulated in-process: the ``os`` module the services see is wrapped so
that, once the disk is "full", a journal append (``os.write``) or the fsync that makes
an atomic file write durable raises ``OSError(ENOSPC)`` (or EFBIG, a file-size limit),
exactly where a real full disk reports it. ``fill_after(k)`` lets k more durable writes
through first, so a failure can be placed between the journal's begin and the store's
charge, or between the store's payment and the journal's end.

Every case checks money: credits and meters after the disk frees again, and after a
restart on the same folder, must be those of a run that never saw the problem.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cabinet.core.loader import load_game
from cabinet.core.round import play_round
from cabinet.machine.session import GameSession, StorageError
from cabinet.services import atomic as atomic_module
from cabinet.services import journal as journal_module
from cabinet.services.ledger import JournaledLedger
from cabinet.services.session_ledger import DiskLedger
from cabinet.services.storage import StorageHealth

ROOT = Path(__file__).resolve().parent.parent
DEFN = load_game("classic")
START = 10_000


class Disk:
    """The services' view of the disk: fills up and frees again on command."""

    def __init__(self) -> None:
        self.full = False
        self.budget: int | None = None  # durable writes still allowed before the disk is full
        self.errno = errno.ENOSPC
        self.refused = 0

    def fill(self, code: int = errno.ENOSPC) -> None:
        self.full, self.budget, self.errno = True, None, code

    def fill_after(self, writes: int) -> None:
        self.full, self.budget = False, writes

    def free(self) -> None:
        self.full, self.budget = False, None

    def spend(self) -> None:
        if self.budget is not None and not self.full:
            if self.budget == 0:
                self.full = True
            else:
                self.budget -= 1
        if self.full:
            self.refused += 1
            raise OSError(self.errno, os.strerror(self.errno))


class _JournalOs:
    def __init__(self, disk: Disk) -> None:
        self._disk = disk

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def write(self, fd: int, data: Any) -> int:
        self._disk.spend()
        return os.write(fd, data)


class _AtomicOs:
    def __init__(self, disk: Disk) -> None:
        self._disk = disk

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def fsync(self, fd: int) -> None:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):  # a folder's fsync is not a write of data
            self._disk.spend()
        os.fsync(fd)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    d = Disk()
    monkeypatch.setattr(journal_module, "os", _JournalOs(d))
    monkeypatch.setattr(atomic_module, "os", _AtomicOs(d))
    return d


class Log:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


def disk_session(folder: Path, log: Log | None = None, seed: int = 7) -> GameSession:
    ledger = JournaledLedger.open(folder, starting_credits=START, session_seed=seed)
    health = StorageHealth(log) if log is not None else StorageHealth(lambda line: None)
    session = GameSession(DEFN, ledger=DiskLedger(ledger), seed=seed, storage=health)
    session.recover()
    return session


def play_one(session: GameSession) -> None:
    result = session.begin_round()
    for i in range(len(result.events)):
        session.mark_progress(i + 1)
    session.finish_round()


def reference(rounds: int, seed: int = 7) -> tuple[int, dict[str, Any]]:
    """Credits and meters of ``rounds`` rounds played with nothing going wrong."""
    from cabinet.services.session_ledger import MemoryLedger

    session = GameSession(DEFN, ledger=MemoryLedger(START), seed=seed)
    for _ in range(rounds):
        play_one(session)
    return session.credits, session.meters.to_dict()


def state_on_disk(folder: Path) -> tuple[int, dict[str, Any], int]:
    ledger = JournaledLedger.open(folder)
    try:
        assert ledger.journal.pending() is None and ledger.state.open_round is None and ledger.balanced()
        return ledger.credits, ledger.meters.to_dict(), len(ledger.history.records)
    finally:
        ledger.close()


# --- defect 1: a failed round start must not wedge the cabinet ------------------------------------


def test_a_round_start_on_a_full_disk_settles_once_space_returns(tmp_path: Path, disk: Disk) -> None:
    log = Log()
    session = disk_session(tmp_path, log)
    play_one(session)
    credits = session.credits
    # The journal's begin gets through, then the disk is full: the charge and the void fail.
    disk.fill_after(1)
    with pytest.raises(StorageError) as refused:
        session.begin_round()
    assert refused.value.screen.startswith("STORAGE FULL")
    assert session.credits == credits and not session.in_round
    assert session.storage.problem is not None and len(log.lines) == 1 and "No space left" in log.lines[0]
    for _ in range(20):  # every press while the disk is full: refused, logged once
        with pytest.raises(StorageError):
            session.begin_round()
    assert len(log.lines) == 1 and session.credits == credits
    disk.free()
    play_one(session)  # space came back: the pending round was settled and play goes on
    play_one(session)
    assert "works again" in log.lines[-1] and session.storage.problem is None
    expected_credits, expected_meters = reference(3)
    assert (session.credits, session.meters.to_dict()) == (expected_credits, expected_meters)
    session.ledger.close()
    assert state_on_disk(tmp_path) == (expected_credits, expected_meters, 3)


def test_a_kill_while_the_disk_is_full_loses_nothing(tmp_path: Path, disk: Disk) -> None:
    session = disk_session(tmp_path)
    play_one(session)
    disk.fill_after(2)  # the begin and copy A of the charge are written, copy B is not
    with pytest.raises(StorageError):
        session.begin_round()
    session.ledger.close()  # the process dies here, with the disk still full
    disk.free()
    again = disk_session(tmp_path)  # recovery refunds or resumes it: nothing lost, nothing twice
    if again.in_round:
        assert again.current is not None
        for i in range(len(again.current.events)):
            again.mark_progress(i + 1)
        again.finish_round()
    play_one(again)
    again.ledger.close()
    credits, meters, _ = state_on_disk(tmp_path)
    reopened = JournaledLedger.open(tmp_path)
    paid = [r for r in reopened.history.records if r.outcome != "voided"]
    reopened.close()
    assert meters["credits_in"] == START and meters["games_played"] == len(paid) == 2 + (not meters["voided"])
    assert meters["total_won"] == sum(r.win for r in paid) and meters["total_bet"] == sum(r.cost for r in paid)
    assert credits == START - meters["total_bet"] + meters["total_won"]

# --- defect 2: a full disk at the end of a round -------------------------------------------------


def test_a_full_disk_at_the_end_of_a_round_keeps_it_open_and_pays_it_once(tmp_path: Path, disk: Disk) -> None:
    log = Log()
    session = disk_session(tmp_path, log)
    result = session.begin_round()
    for i in range(len(result.events)):
        session.mark_progress(i + 1)
    charged = session.credits
    disk.fill()
    for _ in range(3):
        with pytest.raises(StorageError) as refused:
            session.finish_round()
        assert "STORAGE FULL" in refused.value.screen
        assert session.in_round and session.credits == charged  # open, not paid
    disk.free()
    session.finish_round()
    play_one(session)
    expected = reference(2)
    assert (session.credits, session.meters.to_dict()) == expected
    session.ledger.close()
    assert state_on_disk(tmp_path) == (*expected, 2)


def test_the_journal_end_failing_after_the_payment_is_written_later(tmp_path: Path, disk: Disk) -> None:
    log = Log()
    session = disk_session(tmp_path, log)
    result = session.begin_round()
    for i in range(len(result.events)):
        session.mark_progress(i + 1)
    disk.fill_after(3)  # both store copies and history get through; the journal's end does not
    session.finish_round()  # paid: the round is over for the player
    assert not session.in_round and any("end of round 1" in line for line in log.lines)
    with pytest.raises(StorageError):
        session.begin_round()  # the end comes first, and the disk is still full
    disk.free()
    play_one(session)
    expected = reference(2)
    assert (session.credits, session.meters.to_dict()) == expected
    session.ledger.close()
    assert state_on_disk(tmp_path) == (*expected, 2)


def test_a_full_disk_in_a_window_shows_storage_full_and_finishes_the_round(tmp_path: Path, disk: Disk) -> None:
    from cabinet.app import App, AppOptions
    from cabinet.machine.buttons import Button, Press

    app = App(DEFN, AppOptions(size=(640, 360), seed=5, headless=True, data_dir=tmp_path,
                                start_credits=START))
    app.start()
    assert app.session is not None
    app.session.storage.reporters[:] = [Log()]
    app.press([Press(Button.SPIN)])
    app.run_frames(2)
    charged = app.session.credits
    assert app.session.in_round
    disk.fill()
    app.run_frames(60 * 30)  # the round's end meets a full disk: no exit, the round stays open
    assert "STORAGE FULL" in app.ctx.hud.status and app.session.in_round and app.session.credits == charged
    disk.free()
    app.run_frames(60 * 5)
    assert not app.session.in_round
    app.press([Press(Button.SPIN)])
    app.run_frames(60 * 30)
    assert not app.session.in_round
    expected = reference(2, seed=5)
    assert (app.session.credits, app.session.meters.to_dict()) == expected
    app.close()
    assert state_on_disk(tmp_path) == (*expected, 2)
