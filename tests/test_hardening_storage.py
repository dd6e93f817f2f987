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
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.core.loader import load_game
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


# --- defect 4: a start-up notice and a restored round together, headless ---------------------------


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from cabinet.cli import main

    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def script_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_notice_and_a_restored_round_together_do_not_stall_a_headless_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session = disk_session(data, seed=4)
    play_one(session)
    session.begin_round()  # round 2 is charged and shown in part when the power goes
    session.mark_progress(1)
    session.ledger.close()
    history = data / "history.json"
    history.write_bytes(history.read_bytes()[: history.stat().st_size // 2])  # cut in half
    script = script_file(tmp_path, "- {press: SPIN, repeat: 2}\n")
    code, out, err = run_cli(["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "4",
                              "--data-dir", str(data), "--size", "640x360"], capsys)
    assert code == 0, err
    assert "history" in err and "last round did not finish" not in err
    totals = __import__("json").loads(out)
    assert totals["rounds"] == 4  # the restored round was finished, then the script's two
    credits, meters, _ = state_on_disk(data)  # no round left open, and the money of a clean run
    assert credits == totals["credits"] and (credits, meters) == reference(4, seed=4)


# --- defect 5: a file-size limit and failed writes in a scripted run -----------------------------


def test_a_scripted_run_that_cannot_record_stops_with_an_error_and_is_not_marked_finished(
        tmp_path: Path, disk: Disk, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cabinet import headless

    monkeypatch.setattr(headless, "STORAGE_PATIENCE", 300)
    data = tmp_path / "data"
    script = script_file(tmp_path, "- {press: SPIN, repeat: 6}\n")
    args = ["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "4", "--data-dir",
            str(data), "--size", "640x360", "--credits", "100"]
    real_begin = GameSession.begin_round

    def begin_then_fill(self: GameSession, script: tuple[int, ...] = (), **options: Any) -> Any:
        if self.rounds == 2:
            disk.fill(errno.EFBIG)  # the third round meets a file-size limit
        return real_begin(self, script, **options)

    monkeypatch.setattr(GameSession, "begin_round", begin_then_fill)
    code, out, err = run_cli(args, capsys)
    assert code == 4 and out == ""
    assert "File too large" in err and "the script stopped at entry 3 of 6" in err
    credits, meters, records = state_on_disk(data)
    assert meters["games_played"] == records == 2 and credits == reference_credits(2)
    progress = __import__("json").loads((data / "script-progress.json").read_text())
    assert progress["next"] == 2  # not finished: entry 3 is the next to play
    monkeypatch.setattr(GameSession, "begin_round", real_begin)
    disk.free()
    code, out, err = run_cli(args, capsys)  # the disk has room again: the script carries on to its end
    assert code == 0, err
    credits, meters, records = state_on_disk(data)
    assert meters["games_played"] == records == 6 and credits == reference_credits(6)


def reference_credits(rounds: int) -> int:
    from cabinet.services.session_ledger import MemoryLedger

    session = GameSession(DEFN, ledger=MemoryLedger(10_000), seed=4)
    for _ in range(rounds):
        play_one(session)
    return session.credits


def test_a_file_size_limit_is_reported_and_the_run_does_not_exit_0(tmp_path: Path) -> None:
    import json

    data = tmp_path / "data"
    script = script_file(tmp_path, "- {press: SPIN, repeat: 60}\n")
    limit = 8 * 1024  # history.json outgrows it; the journal compacts to fit

    # The limit is set by a launcher that then execs the cabinet (the limit survives exec), not by a
    # preexec_fn: Python code between fork and exec in this threaded test worker can deadlock the
    # child, and Popen then waits for its exec for ever (no timeout covers that wait).
    launcher = ("import os, resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]),) * 2); "
                "os.execv(sys.executable, [sys.executable, '-m', 'cabinet', *sys.argv[2:]])")
    cmd = [sys.executable, "-c", launcher, str(limit), "play", "classic", "--headless", "--fast",
           "--script", str(script), "--seed", "4", "--data-dir", str(data), "--size", "640x360", "--credits", "100"]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 4, run.stderr
    warnings = [line for line in run.stderr.splitlines() if "history.json" in line]
    assert warnings and "File too large" in warnings[0] and len(warnings) <= 2  # said, not repeated per round
    credits, meters, _ = state_on_disk(data)  # the money is all there: the store and journal fit
    assert meters["games_played"] == 60 and credits == reference_credits(60)
    assert json.loads((data / "script-progress.json").read_text())["next"] == 60


# --- defect 3: a flipped bit in an old journal record while a round is open -----------------------


def flip_a_byte(path: Path, line_index: int, old: bytes, new: bytes) -> None:
    lines = path.read_bytes().split(b"\n")
    assert old in lines[line_index]
    lines[line_index] = lines[line_index].replace(old, new, 1)
    path.write_bytes(b"\n".join(lines))


def aside(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("journal.log.bad-*") if not p.name.endswith(".why"))


@pytest.mark.parametrize(("damaged", "round_id"), [("end", 2), ("begin", 2), ("progress", 11)])
def test_a_flipped_bit_in_an_old_record_rebuilds_the_open_round(tmp_path: Path, damaged: str,
                                                                round_id: int) -> None:
    from cabinet.services.journal import decode_record

    session = disk_session(tmp_path)
    for _ in range(10):
        play_one(session)
    result = session.begin_round()  # round 11 is open when the power goes
    shown = next(i for i, e in enumerate(result.events) if e.kind == "reels_stopped") + 1
    session.mark_progress(shown)
    session.ledger.close()
    journal = tmp_path / "journal.log"
    lines = journal.read_bytes().split(b"\n")
    index = next(i for i, line in enumerate(lines) if line and decode_record(line).type == damaged
                 and decode_record(line).data["round_id"] == round_id)
    old = f'"round_id":{round_id}'.encode()
    flip_a_byte(journal, index, old, old[:-1] + bytes([old[-1] ^ 2]))  # one bit: the CRC no longer fits

    again = disk_session(tmp_path)  # no MALFUNCTION: the round comes back where the screen was
    step = 0 if damaged == "progress" else shown  # its own progress record lost: from the start
    assert again.in_round and again.current == result and again.resume_step == step
    assert again.credits == session.credits
    for i in range(step, len(result.events)):
        again.mark_progress(i + 1)
    again.finish_round()
    again.ledger.close()
    assert len(aside(tmp_path)) == 1  # the damaged copy, kept once
    assert state_on_disk(tmp_path)[:2] == reference(11)
    for _ in range(2):  # later starts find a sound journal: nothing more is set aside
        later = disk_session(tmp_path)
        assert not later.in_round
        later.ledger.close()
    assert len(aside(tmp_path)) == 1
    assert state_on_disk(tmp_path)[:2] == reference(11)


def test_a_damaged_begin_of_the_open_round_itself_is_refunded_once(tmp_path: Path) -> None:
    from cabinet.services.journal import decode_record

    session = disk_session(tmp_path)
    for _ in range(3):
        play_one(session)
    session.begin_round()
    session.ledger.close()
    journal = tmp_path / "journal.log"
    lines = journal.read_bytes().split(b"\n")
    index = next(i for i, line in enumerate(lines) if line and decode_record(line).type == "begin"
                 and decode_record(line).data["round_id"] == 4)
    flip_a_byte(journal, index, b'"round_id":4', b'"round_id":5')
    again = disk_session(tmp_path)  # nothing intact to rebuild it from: voided, its bet returned
    assert not again.in_round and again.meters.voided == 1
    ref_credits, _ = reference(3)
    assert again.credits == ref_credits
    again.ledger.close()
    for _ in range(2):
        disk_session(tmp_path).ledger.close()
    assert len(aside(tmp_path)) == 1 and state_on_disk(tmp_path)[0] == ref_credits


# --- defect 15: the default data folder on every platform ------------------------------------------


def test_the_default_data_folder_is_the_platforms_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from cabinet import paths

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    asked: list[tuple[str, Any]] = []

    def user_data_dir(name: str, appauthor: Any = None, **kwargs: Any) -> str:
        asked.append((name, appauthor))
        return str(tmp_path / "AppData" / "Local" / name)  # what Windows would answer

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert paths.default_data_dir() == tmp_path / "AppData" / "Local" / "slot-cabinet"
    assert asked == [("slot-cabinet", False)]
    # An existing folder from an earlier cabinet stays in use, wherever the platform would put a new one.
    (tmp_path / "xdg" / "slot-cabinet").mkdir(parents=True)
    assert paths.default_data_dir() == tmp_path / "xdg" / "slot-cabinet"
    monkeypatch.delenv("XDG_DATA_HOME")
    (tmp_path / "home" / ".local" / "share" / "slot-cabinet").mkdir(parents=True)
    assert paths.default_data_dir() == tmp_path / "home" / ".local" / "share" / "slot-cabinet"


def test_linux_still_uses_the_xdg_folder_and_data_dir_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cabinet import paths
    from cabinet.services.atomic import ensure_data_dir

    if not sys.platform.startswith("linux"):
        pytest.skip("platformdirs answers differently elsewhere")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.default_data_dir() == tmp_path / "xdg" / "slot-cabinet"  # new or old: the same place
    assert ensure_data_dir(tmp_path / "mine") == tmp_path / "mine"


def test_a_start_on_a_full_disk_is_one_line_and_loses_nothing(tmp_path: Path, disk: Disk,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session = disk_session(data, seed=4)
    play_one(session)
    session.ledger.close()
    copy_b = data / "critical.b.json"
    copy_b.write_bytes(copy_b.read_bytes()[:-20])  # a torn copy: its repair at start-up must write
    disk.fill()
    script = script_file(tmp_path, "- {press: SPIN}\n")
    code, out, err = run_cli(["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "4",
                              "--data-dir", str(data), "--size", "640x360"], capsys)
    assert code == 2 and out == "" and "internal error" not in err
    assert f"cannot open the records in {data}: No space left on device" in err and len(err.splitlines()) == 1
    disk.free()
    code, out, err = run_cli(["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "4",
                              "--data-dir", str(data), "--size", "640x360"], capsys)
    assert code == 0, err
    assert state_on_disk(data)[:2] == reference(2, seed=4)


def test_a_kiosk_logs_that_it_cannot_record(tmp_path: Path, disk: Disk) -> None:
    from cabinet.app import App, AppOptions
    from cabinet.kiosk.guard import LOG_NAME
    from cabinet.machine.buttons import Button, Press

    log = tmp_path / LOG_NAME
    app = App(DEFN, AppOptions(size=(640, 360), seed=5, headless=True, data_dir=tmp_path, start_credits=START,
                               guard=True, log_path=log))
    app.start()
    assert app.session is not None
    disk.fill()
    for _ in range(3):
        app.press([Press(Button.SPIN)])
        app.run_frames(30)
    assert "STORAGE FULL" in app.ctx.hud.status and not app.session.in_round
    assert app.session.credits == START
    text = log.read_text(encoding="utf-8")
    assert text.count("cannot record the round's start: No space left on device") == 1
    disk.free()
    app.press([Press(Button.SPIN)])
    app.run_frames(60 * 30)
    assert "recording works again" in log.read_text(encoding="utf-8")
    assert not app.session.in_round and app.session.meters.games_played == 1
    app.close()
    assert state_on_disk(tmp_path)[:2] == reference(1, seed=5)


def test_carrying_the_numbering_on_keeps_an_open_round(tmp_path: Path) -> None:
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest
    from cabinet.services.journal import Journal

    path = tmp_path / "journal.log"
    journal = Journal.open(path)
    journal.begin(1, "classic", "f" * 64, RoundRequest(default_bet(DEFN), 9), 100, 1000)
    journal.progress(1, 3)
    journal.carry_on(40, "test")  # a round is open: rewritten behind a checkpoint, not interrupted
    pending = journal.pending()
    assert journal.last_seq == 40 and pending is not None and pending.step == 3
    journal.close()
    again = Journal.open(path, seen_up_to=40)
    reread = again.pending()
    assert again.problem is None and again.last_seq == 40 and reread is not None
    assert replace(reread, begin_seq=0) == replace(pending, begin_seq=0)  # the same round, renumbered
    again.end(1, 0, 900)
    assert again.last_seq == 41
